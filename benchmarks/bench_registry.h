// Shared pieces of texunit_benchmarks: the suites' registration functions, called from main
// (sample_bench.cc), and the loop that times one workload.
#pragma once

#include <benchmark/benchmark.h>

#include "render/bench_workload.h"
#include "texunit/runtime.h"

namespace texunit::render {

// Runs `workload`'s batch on a Runtime made from `options` for every benchmark iteration and
// reports the "samples/s" counter; the label names the target, plus `label_suffix`.
void RunWorkload(benchmark::State& state, const BenchWorkload* workload,
                 const RuntimeOptions& options, const std::string& label_suffix);

void RegisterFormatBenchmarks();     // format_bench.cc
void RegisterMemoryOpsBenchmarks();  // memory_ops_bench.cc
void RegisterWaveCostBenchmarks();   // wave_cost_bench.cc
void RegisterHotKeyBenchmarks();     // hot_key_bench.cc
void RegisterBvhBenchmarks();        // bvh_bench.cc

}  // namespace texunit::render
