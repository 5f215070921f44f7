// The benchmark suites of texunit_benchmarks, registered from main (sample_bench.cc).
#pragma once

namespace texunit::render {

void RegisterFormatBenchmarks();  // format_bench.cc

}  // namespace texunit::render
