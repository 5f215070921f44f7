// Throughput of the ops that address texels by integers, all in one run so that ratios hold:
//  - MemOps/store/<family>: IMAGE_STORE per format family (every storable one) on a 512x512 2D
//    image (IMAGE_LOAD per family is Format/load/<family>);
//  - MemOps/{load,store}/<type>: RGBA8 UNORM on every image type, 256K texels each;
//  - MemOps/atomic_add/{distinct,one_texel}/threads=N: IMAGE_ATOMIC_ADD with GLC on R32 UINT,
//    every lane on its own texel or all lanes of all waves on one texel, on 1 thread and on all;
//    next to the same adds as a plain std::atomic_ref loop (the baseline).
// Lanes sweep their image coherently: lane i of wave w addresses element 64w + i of the view in
// x, then y, then slice (or fragment-major for MSAA), so a wave reads 64 consecutive texels.
// Counters: "texels/s" (active lanes per wall-clock second) and "ops/s" for the atomics.
//
//   texunit_benchmarks --benchmark_filter=MemOps --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "benchmarks/bench_registry.h"
#include "render/bench_workload.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

constexpr uint32_t kLanes = 64;
constexpr uint64_t kBase = 0x10000000;

struct TypeShape {
  const char* name;
  ImageType type;
  uint32_t width, height, depth, samples_log2;
};
// 256K texels (or fragments) each.
constexpr TypeShape kShapes[] = {
    {"1d", ImageType::k1D, 16384, 1, 1, 0},
    {"1d_array", ImageType::k1DArray, 16384, 1, 16, 0},
    {"2d", ImageType::k2D, 512, 512, 1, 0},
    {"2d_array", ImageType::k2DArray, 256, 256, 4, 0},
    {"3d", ImageType::k3D, 64, 64, 64, 0},
    {"cube", ImageType::kCube, 128, 128, 6, 0},  // faces as layers
    {"2d_msaa", ImageType::k2DMsaa, 256, 256, 1, 2},
    {"2d_msaa_array", ImageType::k2DMsaaArray, 128, 128, 4, 2},
};

// One image, its memory, and a batch of waves over it.
class MemWorkload {
 public:
  MemWorkload(const TypeShape& shape, FormatId format, OpKind kind, AtomicOp atomic,
              bool one_texel) {
    desc_ = MakeImage2D(format, shape.width, shape.height, 1, kBase);
    desc_.type = shape.type;
    desc_.depth = shape.depth;
    desc_.last_level = shape.samples_log2;
    const bool layered = shape.type == ImageType::k1DArray || shape.type == ImageType::k2DArray ||
                         shape.type == ImageType::kCube || shape.type == ImageType::k2DMsaaArray;
    desc_.last_array = layered ? shape.depth - 1 : 0;
    ImageLayout layout;
    if (!ComputeImageLayout(desc_, &layout).ok()) return;
    bytes_.assign((layout.total_bytes + 7) / 8, 0);
    for (size_t i = 0; i < bytes_.size(); ++i) bytes_[i] = i * 0x9E3779B97F4A7C15ull;
    if (!memory_.AddRegion(kBase, bytes_.data(), layout.total_bytes).ok()) return;

    const uint32_t samples = 1u << shape.samples_log2;
    const uint64_t elements = uint64_t{shape.width} * shape.height * shape.depth * samples;
    const uint32_t waves = static_cast<uint32_t>(elements / kLanes);
    for (int k = 0; k < 4; ++k) coord_[k].resize(size_t{waves} * kLanes);
    for (auto& d : data_) d.assign(size_t{waves} * kLanes, 1);
    for (auto& r : result_) r.assign(size_t{waves} * kLanes, 0);
    for (uint64_t e = 0; e < elements; ++e) {
      const uint64_t i = one_texel ? 0 : e;
      const uint64_t texel = i / samples;
      coord_[3][e] = static_cast<uint32_t>(i % samples);
      coord_[0][e] = static_cast<uint32_t>(texel % shape.width);
      const uint64_t row = texel / shape.width;
      const bool has_y = shape.type != ImageType::k1D && shape.type != ImageType::k1DArray;
      const uint32_t rows = has_y ? shape.height : 1;
      coord_[1][e] = static_cast<uint32_t>(row % rows);
      coord_[2][e] = static_cast<uint32_t>(row / rows);
    }
    requests_.resize(waves);
    for (uint32_t w = 0; w < waves; ++w) {
      TexRequest& q = requests_[w];
      q.op = {kind, 0, atomic};
      q.mods.dmask = kind == OpKind::kAtomic ? 0x1 : 0xF;
      q.mods.glc = kind == OpKind::kAtomic;
      q.mods.unorm = true;
      q.image = &desc_;
      q.memory = &memory_;
      q.lane_count = kLanes;
      const size_t at = size_t{w} * kLanes;
      for (int k = 0; k < 4; ++k) {
        q.in.coord[k] = coord_[k].data() + at;
        q.in.data[k] = data_[k].data() + at;
        if (kind != OpKind::kStore) q.out.data[k] = result_[k].data() + at;
      }
    }
    ok_ = true;
  }

  bool ok() const { return ok_; }
  std::span<const TexRequest> requests() const { return requests_; }
  uint64_t lanes() const { return uint64_t{requests_.size()} * kLanes; }
  uint32_t* words() { return reinterpret_cast<uint32_t*>(bytes_.data()); }
  std::span<const uint32_t> x() const { return coord_[0]; }
  std::span<const uint32_t> y() const { return coord_[1]; }
  uint32_t width() const { return desc_.width; }

 private:
  bool ok_ = false;
  ImageDesc desc_;
  std::vector<uint64_t> bytes_;
  Memory memory_;
  std::vector<uint32_t> coord_[4];
  std::vector<uint32_t> data_[4];
  std::vector<uint32_t> result_[4];
  std::vector<TexRequest> requests_;
};

void RunBatch(benchmark::State& state, MemWorkload& w, int threads, const char* counter) {
  if (!w.ok()) {
    state.SkipWithError("cannot build the workload");
    return;
  }
  RuntimeOptions options;
  options.threads = threads;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    state.SkipWithError(s.ToString().c_str());
    return;
  }
  for (auto _ : state) {
    if (Status s = runtime->ExecuteBatch(w.requests()); !s.ok()) {
      state.SkipWithError(s.ToString().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
  state.SetLabel(runtime->target_name() + " threads=" + std::to_string(threads));
  state.counters[counter] = benchmark::Counter(static_cast<double>(w.lanes()) * state.iterations(),
                                               benchmark::Counter::kIsRate);
}

void BM_Store(benchmark::State& state, FormatId format) {
  MemWorkload w(kShapes[2], format, OpKind::kStore, AtomicOp::kNone, false);
  RunBatch(state, w, 1, "texels/s");
}

void BM_Type(benchmark::State& state, TypeShape shape, OpKind kind) {
  MemWorkload w(shape, FormatId::kR8G8B8A8_UNORM, kind, AtomicOp::kNone, false);
  RunBatch(state, w, 1, "texels/s");
}

void BM_AtomicAdd(benchmark::State& state, bool one_texel, int threads) {
  MemWorkload w(kShapes[2], FormatId::kR32_UINT, OpKind::kAtomic, AtomicOp::kAdd, one_texel);
  RunBatch(state, w, threads, "ops/s");
}

// The baseline: the same adds as fetch_add through std::atomic_ref, a thread per slice of the
// lanes, with the texel index computed as the kernel does (y * width + x).
void BM_AtomicAddBaseline(benchmark::State& state, bool one_texel, int threads) {
  MemWorkload w(kShapes[2], FormatId::kR32_UINT, OpKind::kAtomic, AtomicOp::kAdd, one_texel);
  if (!w.ok()) {
    state.SkipWithError("cannot build the workload");
    return;
  }
  uint32_t* words = w.words();
  const auto x = w.x();
  const auto y = w.y();
  const uint32_t width = w.width();
  const size_t n = x.size();
  std::vector<uint32_t> returned(n);
  const auto run = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      returned[i] = std::atomic_ref<uint32_t>(words[size_t{y[i]} * width + x[i]]).fetch_add(1);
    }
  };
  for (auto _ : state) {
    if (threads == 1) {
      run(0, n);
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t)
        pool.emplace_back(run, n * t / threads, n * (t + 1) / threads);
      for (std::thread& t : pool) t.join();
    }
    benchmark::ClobberMemory();
  }
  state.SetLabel("std::atomic_ref loop threads=" + std::to_string(threads));
  state.counters["ops/s"] =
      benchmark::Counter(static_cast<double>(n) * state.iterations(), benchmark::Counter::kIsRate);
}

}  // namespace

void RegisterMemoryOpsBenchmarks() {
  for (const BenchFormatFamily& family : BenchFormatFamilies()) {
    ImageDesc probe = MakeImage2D(family.format, 4, 4, 1, 0);
    ImageLayout layout;
    // Block formats cannot be stored (docs/sampling.md).
    if (!ComputeImageLayout(probe, &layout).ok() || layout.block_width > 1) continue;
    benchmark::RegisterBenchmark((std::string("MemOps/store/") + family.name).c_str(), BM_Store,
                                 family.format)
        ->UseRealTime();
  }
  for (const TypeShape& shape : kShapes) {
    for (OpKind kind : {OpKind::kLoad, OpKind::kStore}) {
      const std::string name = std::string("MemOps/") +
                               (kind == OpKind::kLoad ? "load/" : "store/") + shape.name + "/rgba8";
      benchmark::RegisterBenchmark(name.c_str(), BM_Type, shape, kind)->UseRealTime();
    }
  }
  const int all = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> thread_counts = {1};
  if (all > 1) thread_counts.push_back(all);
  for (bool one_texel : {false, true}) {
    for (int threads : thread_counts) {
      const std::string base = std::string("MemOps/atomic_add/") +
                               (one_texel ? "one_texel" : "distinct") +
                               "/threads=" + std::to_string(threads);
      benchmark::RegisterBenchmark(base.c_str(), BM_AtomicAdd, one_texel, threads)->UseRealTime();
      benchmark::RegisterBenchmark((base + "/baseline").c_str(), BM_AtomicAddBaseline, one_texel,
                                   threads)
          ->UseRealTime();
    }
  }
}

}  // namespace texunit::render
