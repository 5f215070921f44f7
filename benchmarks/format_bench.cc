// Texels per second per format family, for IMAGE_LOAD and bilinear IMAGE_SAMPLE_LZ over a 512x512
// texture (coherent 1:1 sweep, one thread): on the best target, on the SCALAR target, and for the
// formats with fast paths (RGBA8, RGBA32F) through the general table-driven path as well, all in
// the same run so that ratios between them are meaningful.
//
//   texunit_benchmarks --benchmark_filter=Format --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "benchmarks/bench_registry.h"

namespace texunit::render {
namespace {

constexpr uint32_t kSize = 512;

BenchWorkload* GetWorkload(FormatId format, BenchOp op) {
  static std::map<std::pair<FormatId, BenchOp>, std::unique_ptr<BenchWorkload>> cache;
  auto& slot = cache[{format, op}];
  if (!slot) {
    BenchConfig config;
    config.op = op;
    config.filter = BenchFilter::kBilinear;
    config.format = format;
    config.size = kSize;
    if (!BenchWorkload::Create(config, &slot).ok()) return nullptr;
  }
  return slot.get();
}

void BM_Format(benchmark::State& state, FormatId format, BenchOp op, std::string target,
               bool fast_paths) {
  RuntimeOptions options;
  options.target = target;
  options.threads = 1;
  options.format_fast_paths = fast_paths;
  RunWorkload(state, GetWorkload(format, op), options, fast_paths ? "" : " general path");
}

}  // namespace

void RegisterFormatBenchmarks() {
  for (const BenchFormatFamily& family : BenchFormatFamilies()) {
    const bool fast =
        family.format == FormatId::kR8G8B8A8_UNORM || family.format == FormatId::kR8G8B8A8_SRGB ||
        family.format == FormatId::kR8G8B8A8_UINT || family.format == FormatId::kR32G32B32A32_FLOAT;
    for (BenchOp op : {BenchOp::kLoad, BenchOp::kSampleLz}) {
      const std::string base =
          std::string("Format/") + (op == BenchOp::kLoad ? "load" : "bilinear") + "/" + family.name;
      benchmark::RegisterBenchmark((base + "/best").c_str(), BM_Format, family.format, op,
                                   std::string(), true)
          ->UseRealTime();
      benchmark::RegisterBenchmark((base + "/SCALAR").c_str(), BM_Format, family.format, op,
                                   std::string("SCALAR"), true)
          ->UseRealTime();
      if (fast) {
        benchmark::RegisterBenchmark((base + "/best/general_path").c_str(), BM_Format,
                                     family.format, op, std::string(), false)
            ->UseRealTime();
      }
    }
  }
}

}  // namespace texunit::render
