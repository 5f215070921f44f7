// Throughput of IMAGE_SAMPLE_LZ, bilinear, on an RGBA8 UNORM 1024x1024 texture: coherent (a 1:1
// full-screen sweep) and random coordinates, one thread and all threads, on the best target and
// on every Highway target this CPU supports, next to a plain scalar C++ bilinear loop over the same
// texture and coordinates; and IMAGE_SAMPLE trilinear against 16x aniso on the demo's oblique
// ground plane. The counter "samples/s" is active lanes per wall-clock second.
//
//   texunit_benchmarks --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "benchmarks/bench_registry.h"
#include "render/bench_workload.h"
#include "render/rasterizer.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

constexpr uint32_t kSize = 1024;

// Workloads are expensive to build (texture and mip chain); build each once.
BenchWorkload* GetWorkload(BenchCoords coords) {
  static std::map<BenchCoords, std::unique_ptr<BenchWorkload>> cache;
  auto& slot = cache[coords];
  if (!slot) {
    BenchConfig config;
    config.op = BenchOp::kSampleLz;
    config.filter = BenchFilter::kBilinear;
    config.format = FormatId::kR8G8B8A8_UNORM;
    config.size = kSize;
    config.coords = coords;
    if (!BenchWorkload::Create(config, &slot).ok()) return nullptr;
  }
  return slot.get();
}

// The demo's oblique ground plane, IMAGE_SAMPLE with implicit LOD: trilinear or 16x aniso.
BenchWorkload* GetObliqueWorkload(BenchFilter filter) {
  static std::map<BenchFilter, std::unique_ptr<BenchWorkload>> cache;
  auto& slot = cache[filter];
  if (!slot) {
    BenchConfig config;
    config.op = BenchOp::kSample;
    config.filter = filter;
    config.aniso = 16;
    config.format = FormatId::kR8G8B8A8_UNORM;
    config.size = kSize;
    config.plane = BenchPlane::kOblique;
    if (!BenchWorkload::Create(config, &slot).ok()) return nullptr;
  }
  return slot.get();
}

}  // namespace

void RunWorkload(benchmark::State& state, const BenchWorkload* workload,
                 const RuntimeOptions& options, const std::string& label_suffix) {
  if (workload == nullptr) {
    state.SkipWithError("cannot build the workload");
    return;
  }
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    state.SkipWithError(s.ToString().c_str());
    return;
  }
  for (auto _ : state) {
    if (Status s = runtime->ExecuteBatch(workload->requests()); !s.ok()) {
      state.SkipWithError(s.ToString().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
  state.SetLabel(runtime->target_name() + label_suffix);
  state.counters["samples/s"] = benchmark::Counter(
      static_cast<double>(workload->samples()) * state.iterations(), benchmark::Counter::kIsRate);
}

namespace {

void BM_SampleLz(benchmark::State& state, BenchCoords coords, std::string target, int threads) {
  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  RunWorkload(state, GetWorkload(coords), options, " threads=" + std::to_string(threads));
}

void BM_Oblique(benchmark::State& state, BenchFilter filter, std::string target, int threads) {
  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  RunWorkload(state, GetObliqueWorkload(filter), options, " threads=" + std::to_string(threads));
}

// The baseline: what a straightforward scalar C++ loop does for the same samples (bilinear, WRAP,
// level 0, UNORM decode by division as docs/sampling.md specifies, float32 weights).
void ScalarBilinear(BenchWorkload& w) {
  const MipImage& image = w.image();
  const LevelLayout& level = image.layout().levels[0];
  const uint8_t* base = image.data() + level.offset;
  const int width = static_cast<int>(level.width);
  const int height = static_cast<int>(level.height);
  const size_t pitch = level.pitch * 4;
  const float fw = static_cast<float>(width);
  const float fh = static_cast<float>(height);
  const auto s = w.coord(0);
  const auto t = w.coord(1);
  const auto exec = w.exec();
  uint32_t* out[4] = {w.result(0).data(), w.result(1).data(), w.result(2).data(),
                      w.result(3).data()};
  for (size_t wave = 0; wave < exec.size(); ++wave) {
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      if (!(exec[wave] >> lane & 1)) continue;
      const size_t i = wave * kWaveLanes + lane;
      const float u = std::bit_cast<float>(s[i]) * fw - 0.5f;
      const float v = std::bit_cast<float>(t[i]) * fh - 0.5f;
      const float u0 = std::floor(u);
      const float v0 = std::floor(v);
      const float a = u - u0;
      const float b = v - v0;
      int i0 = static_cast<int>(u0) % width;
      int j0 = static_cast<int>(v0) % height;
      if (i0 < 0) i0 += width;
      if (j0 < 0) j0 += height;
      const int i1 = i0 + 1 == width ? 0 : i0 + 1;
      const int j1 = j0 + 1 == height ? 0 : j0 + 1;
      const uint8_t* t00 = base + j0 * pitch + i0 * 4;
      const uint8_t* t10 = base + j0 * pitch + i1 * 4;
      const uint8_t* t01 = base + j1 * pitch + i0 * 4;
      const uint8_t* t11 = base + j1 * pitch + i1 * 4;
      const float w00 = (1 - a) * (1 - b);
      const float w10 = a * (1 - b);
      const float w01 = (1 - a) * b;
      const float w11 = a * b;
      for (int c = 0; c < 4; ++c) {
        const float value =
            ((w00 * (t00[c] / 255.0f) + w10 * (t10[c] / 255.0f)) + w01 * (t01[c] / 255.0f)) +
            w11 * (t11[c] / 255.0f);
        out[c][i] = std::bit_cast<uint32_t>(value);
      }
    }
  }
}

void BM_ScalarBaseline(benchmark::State& state, BenchCoords coords) {
  BenchWorkload* workload = GetWorkload(coords);
  if (workload == nullptr) {
    state.SkipWithError("cannot build the workload");
    return;
  }
  for (auto _ : state) {
    ScalarBilinear(*workload);
    benchmark::ClobberMemory();
  }
  state.SetLabel("plain C++ threads=1");
  state.counters["samples/s"] = benchmark::Counter(
      static_cast<double>(workload->samples()) * state.iterations(), benchmark::Counter::kIsRate);
}

void RegisterAll() {
  const int all_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (BenchCoords coords : {BenchCoords::kCoherent, BenchCoords::kRandom}) {
    const std::string suffix = std::string("/") + BenchCoordsName(coords);
    // The best (or $TEXUNIT_TARGET) target, one thread and all threads.
    for (int threads : {1, all_threads}) {
      benchmark::RegisterBenchmark(
          ("SampleLz_Bilinear_Rgba8" + suffix + "/threads:" + std::to_string(threads)).c_str(),
          BM_SampleLz, coords, std::string(), threads)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    }
  }
  // Every target this CPU runs, one thread each.
  for (const std::string& target : Runtime::SupportedTargets()) {
    for (BenchCoords coords : {BenchCoords::kCoherent, BenchCoords::kRandom}) {
      benchmark::RegisterBenchmark(
          ("SampleLz_Bilinear_Rgba8/" + std::string(BenchCoordsName(coords)) + "/target:" + target +
           "/threads:1")
              .c_str(),
          BM_SampleLz, coords, target, 1)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    }
  }
  // Trilinear against 16x aniso on the oblique plane: the best target (one thread and all) and
  // SCALAR.
  for (BenchFilter filter : {BenchFilter::kTrilinear, BenchFilter::kAniso}) {
    const std::string name = std::string("SampleOblique_") +
                             (filter == BenchFilter::kAniso ? "Aniso16" : "Trilinear") + "_Rgba8";
    for (int threads : {1, all_threads}) {
      benchmark::RegisterBenchmark((name + "/threads:" + std::to_string(threads)).c_str(),
                                   BM_Oblique, filter, std::string(), threads)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark((name + "/target:SCALAR/threads:1").c_str(), BM_Oblique, filter,
                                 std::string("SCALAR"), 1)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
  for (BenchCoords coords : {BenchCoords::kCoherent, BenchCoords::kRandom}) {
    benchmark::RegisterBenchmark(
        ("ScalarCppBilinear_Rgba8/" + std::string(BenchCoordsName(coords)) + "/threads:1").c_str(),
        BM_ScalarBaseline, coords)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace texunit::render

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  texunit::render::RegisterAll();
  texunit::render::RegisterFormatBenchmarks();
  texunit::render::RegisterMemoryOpsBenchmarks();
  texunit::render::RegisterWaveCostBenchmarks();
  texunit::render::RegisterHotKeyBenchmarks();
  texunit::render::RegisterBvhBenchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
