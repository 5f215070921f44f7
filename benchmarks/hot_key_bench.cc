// The hot keys (src/sampler/sample_key.h) one by one: {RGBA8, RGBA8 sRGB, RGBA16F, RGBA32F, R32F
// depth compare} x {point, bilinear, trilinear, aniso 16x} x {WRAP, CLAMP_LAST_TEXEL}, 1024x1024
// with mips. Point and bilinear are IMAGE_SAMPLE_LZ, trilinear IMAGE_SAMPLE with implicit LOD, on
// coherent and random coordinates; aniso is IMAGE_SAMPLE on the demo's oblique plane. Each key
// runs on its hot kernel (best target, one thread and all threads) next to the general path
// (format fast paths and hot kernels off) and the SCALAR target, in the same run.
//
//   texunit_benchmarks --benchmark_filter=HotKey --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <tuple>

#include "benchmarks/bench_registry.h"
#include "render/bench_workload.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

struct HotFormatCase {
  const char* name;
  FormatId format;
  bool compare;
};
constexpr HotFormatCase kHotFormats[] = {
    {"Rgba8", FormatId::kR8G8B8A8_UNORM, false},
    {"Rgba8Srgb", FormatId::kR8G8B8A8_SRGB, false},
    {"Rgba16f", FormatId::kR16G16B16A16_FLOAT, false},
    {"Rgba32f", FormatId::kR32G32B32A32_FLOAT, false},
    {"R32fDepth", FormatId::kR32_FLOAT, true},
};

using Key = std::tuple<int, BenchFilter, ClampMode, BenchCoords>;

// Built once per key (texture and mip chain are the expensive part).
BenchWorkload* GetHotWorkload(const Key& key) {
  static std::map<Key, std::unique_ptr<BenchWorkload>> cache;
  auto& slot = cache[key];
  if (!slot) {
    const auto [format, filter, address, coords] = key;
    BenchConfig config;
    config.filter = filter;
    config.op = filter == BenchFilter::kPoint || filter == BenchFilter::kBilinear
                    ? BenchOp::kSampleLz
                    : BenchOp::kSample;
    config.format = kHotFormats[format].format;
    config.compare = kHotFormats[format].compare;
    config.address = address;
    config.coords = coords;
    if (filter == BenchFilter::kAniso) config.plane = BenchPlane::kOblique;
    if (!BenchWorkload::Create(config, &slot).ok()) return nullptr;
  }
  return slot.get();
}

void BM_HotKey(benchmark::State& state, Key key, std::string target, int threads, bool general) {
  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  options.format_fast_paths = !general;
  RunWorkload(state, GetHotWorkload(key), options,
              std::string(general ? " general" : "") + " threads=" + std::to_string(threads));
}

}  // namespace

void RegisterHotKeyBenchmarks() {
  const int all_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int f = 0; f < static_cast<int>(std::size(kHotFormats)); ++f) {
    for (BenchFilter filter : {BenchFilter::kPoint, BenchFilter::kBilinear, BenchFilter::kTrilinear,
                               BenchFilter::kAniso}) {
      for (ClampMode address : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
        for (BenchCoords coords : {BenchCoords::kCoherent, BenchCoords::kRandom}) {
          if (filter == BenchFilter::kAniso && coords == BenchCoords::kRandom) continue;
          const Key key{f, filter, address, coords};
          const std::string name =
              std::string("HotKey/") + kHotFormats[f].name + "/" + BenchFilterName(filter) + "/" +
              (address == ClampMode::kWrap ? "wrap" : "clamp") + "/" +
              (filter == BenchFilter::kAniso ? "oblique" : BenchCoordsName(coords));
          const auto add = [&](const std::string& variant, const std::string& target, int threads,
                               bool general) {
            benchmark::RegisterBenchmark((name + variant).c_str(), BM_HotKey, key, target, threads,
                                         general)
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
          };
          add("/hot/threads:1", "", 1, false);
          add("/hot/threads:" + std::to_string(all_threads), "", all_threads, false);
          add("/general/threads:1", "", 1, true);
          add("/SCALAR/threads:1", "SCALAR", 1, false);
        }
      }
    }
  }
}

}  // namespace texunit::render
