#include "benchmarks/peers/peer_bench.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "benchmarks/peers/lavapipe_peer.h"
#include "benchmarks/peers/opencv_peer.h"
#include "render/bench_workload.h"
#include "texunit/runtime.h"
#include "vulkan/vk_runner.h"

namespace texunit::peers {
namespace {

using Clock = std::chrono::steady_clock;
using render::BenchConfig;
using render::BenchFilter;
using render::BenchOp;

struct PeerWorkload {
  const char* name;
  BenchConfig config;
};

std::vector<PeerWorkload> Workloads(uint32_t size) {
  const auto make = [size](BenchOp op, BenchFilter filter, render::BenchCoords coords) {
    BenchConfig c;
    c.op = op;
    c.filter = filter;
    c.coords = coords;
    c.size = size;
    return c;
  };
  using render::BenchCoords;
  std::vector<PeerWorkload> w = {
      {"point, coherent", make(BenchOp::kSampleLz, BenchFilter::kPoint, BenchCoords::kCoherent)},
      {"point, random", make(BenchOp::kSampleLz, BenchFilter::kPoint, BenchCoords::kRandom)},
      {"bilinear, coherent",
       make(BenchOp::kSampleLz, BenchFilter::kBilinear, BenchCoords::kCoherent)},
      {"bilinear, random", make(BenchOp::kSampleLz, BenchFilter::kBilinear, BenchCoords::kRandom)},
      {"trilinear, LOD 1.5 (sample_l; textureLod)",
       make(BenchOp::kSampleL, BenchFilter::kTrilinear, BenchCoords::kCoherent)},
      {"trilinear, implicit LOD (sample; textureGrad)",
       make(BenchOp::kSample, BenchFilter::kTrilinear, BenchCoords::kCoherent)},
      {"aniso 16x, oblique plane (sample; textureGrad)",
       make(BenchOp::kSample, BenchFilter::kAniso, BenchCoords::kCoherent)},
  };
  w[4].config.lod = 1.5f;
  w[6].config.aniso = 16;
  w[6].config.plane = render::BenchPlane::kOblique;
  return w;
}

// One engine on one workload: `run` does the whole workload once.
struct Cell {
  std::function<bool(std::string*)> run;
  uint64_t samples = 0;
  uint64_t units = 1;  // runs per timed measurement
  std::vector<double> rates;
  std::string note;  // why there is no figure ("–" when the peer has no equivalent)
  bool failed = false;
};

enum Column { kTexunit, kLavapipe, kOpenCv16, kOpenCv32, kColumns };

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Seconds for `units` runs; nullopt with `error` when one fails.
std::optional<double> TimeRuns(Cell& cell, uint64_t units, std::string* error) {
  const auto t0 = Clock::now();
  for (uint64_t u = 0; u < units; ++u) {
    if (!cell.run(error)) return std::nullopt;
  }
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Warms the cell up and picks how many runs make one measurement of about `seconds`.
bool Calibrate(Cell& cell, double seconds, std::string* error) {
  if (!TimeRuns(cell, 1, error)) return false;
  uint64_t trial = 1;
  for (;;) {
    const std::optional<double> elapsed = TimeRuns(cell, trial, error);
    if (!elapsed) return false;
    if (*elapsed >= seconds * 0.25 || trial >= (uint64_t{1} << 20)) {
      cell.units = std::max<uint64_t>(1, static_cast<uint64_t>(seconds / *elapsed * trial + 0.5));
      return true;
    }
    trial *= 2;
  }
}

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown CPU";
}

uint8_t UnormCode(uint32_t float_bits) {
  const float f = std::bit_cast<float>(float_bits);
  return static_cast<uint8_t>(std::lround(std::clamp(f, 0.0f, 1.0f) * 255.0f));
}

// Compares the first samples of the point coherent workload: texunit's results (after one run)
// with each peer's, as RGBA8 codes. Prints one line; false on a difference.
bool CheckAgreement(const render::BenchWorkload& workload, const LavapipeDispatch* lavapipe,
                    const OpenCvRemap* cv16, const OpenCvRemap* cv32) {
  const uint64_t n = std::min<uint64_t>(512, workload.samples());
  std::vector<std::string> agree;
  bool ok = true;
  const auto compare = [&](const char* peer, const std::function<uint8_t(uint64_t, int)>& code) {
    for (uint64_t i = 0; i < n; ++i) {
      for (int c = 0; c < 4; ++c) {
        const uint8_t expected = UnormCode(workload.result(c)[i]);
        if (code(i, c) != expected) {
          std::printf(
              "point, coherent: %s output disagrees with texunit's at sample %llu, "
              "channel %d: %u against %u\n",
              peer, static_cast<unsigned long long>(i), c, code(i, c), expected);
          ok = false;
          return;
        }
      }
    }
    agree.push_back(peer);
  };
  if (lavapipe != nullptr) {
    compare("lavapipe", [&](uint64_t i, int c) { return UnormCode(lavapipe->results()[i][c]); });
  }
  if (cv16 != nullptr) {
    compare("OpenCV 16SC2", [&](uint64_t i, int c) { return cv16->Rgba8(i)[c]; });
  }
  if (cv32 != nullptr) {
    compare("OpenCV 32FC2", [&](uint64_t i, int c) { return cv32->Rgba8(i)[c]; });
  }
  if (!agree.empty()) {
    std::string names;
    for (const std::string& a : agree) names += (names.empty() ? "" : ", ") + a;
    std::printf("point, coherent: %s outputs agree with texunit's on %llu samples (RGBA8 codes)\n",
                names.c_str(), static_cast<unsigned long long>(n));
  }
  return ok;
}

std::string Figure(const Cell& cell) {
  if (!cell.note.empty()) return cell.note;
  const double m = Median(cell.rates) * 1e-6;
  char buf[32];
  std::snprintf(buf, sizeof(buf), m < 10.0 ? "%.2f" : "%.1f", m);
  return buf;
}

std::string Ratio(const Cell& texunit, const Cell& peer) {
  if (!texunit.note.empty() || !peer.note.empty()) return "–";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2fx", Median(texunit.rates) / Median(peer.rates));
  return buf;
}

}  // namespace

bool ParsePeerList(std::string_view list, PeerBenchOptions* options, std::string* error) {
  options->lavapipe = options->opencv = false;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    if (name == "lavapipe") {
      options->lavapipe = true;
    } else if (name == "opencv") {
      options->opencv = true;
    } else {
      *error = "--vs: unknown peer '" + std::string(name) + "' (peers: lavapipe, opencv)";
      return false;
    }
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  if (!options->lavapipe && !options->opencv) {
    *error = "--vs: name lavapipe, opencv or both";
    return false;
  }
  return true;
}

int RunPeerBench(const PeerBenchOptions& options) {
  if (options.size < 8 || options.size % 8 != 0) {
    std::fprintf(stderr, "texunit bench --vs: --size=%u is not a multiple of 8\n", options.size);
    return 2;
  }
  RuntimeOptions runtime_options;
  runtime_options.threads = options.threads;
  runtime_options.target = options.target;
  runtime_options.format_fast_paths = options.format_fast_paths;
  runtime_options.box_reads = options.box_reads;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(runtime_options, &runtime); !s.ok()) {
    std::fprintf(stderr, "texunit bench --vs: %s\n", s.ToString().c_str());
    return 2;
  }
  const int threads = runtime->threads();

  // lavapipe reads LP_NUM_THREADS when its device is created; without it, it runs on every
  // hardware thread.
  std::unique_ptr<conformance::VkRunner> runner;
  std::string lp_threads;
  if (options.lavapipe) {
    if (const char* env = std::getenv("LP_NUM_THREADS"); env != nullptr) {
      lp_threads = env;
    } else {
      lp_threads = std::to_string(threads);
      setenv("LP_NUM_THREADS", lp_threads.c_str(), 1);
    }
    std::string why;
    runner = conformance::VkRunner::Create(&why);
    if (runner == nullptr) {
      std::fprintf(stderr, "texunit bench --vs: lavapipe: %s\n", why.c_str());
      return 1;
    }
  }
  const std::string cv_version = OpenCvVersion();
  if (options.opencv) SetOpenCvThreads(threads);

  std::printf("CPU: %s\n", CpuModel().c_str());
  std::printf(
      "texunit: Runtime::ExecuteBatch of 64-lane waves, target %s, %d thread%s, coherent reads "
      "%s%s\n",
      runtime->target_name().c_str(), threads, threads == 1 ? "" : "s",
      runtime->box_reads() ? "on" : "off", options.format_fast_paths ? "" : ", general path");
  if (runner != nullptr) {
    std::printf(
        "lavapipe: %s, LP_NUM_THREADS=%s, compute shader in 8x8 workgroups of 2x2 quads, 16 "
        "samples per invocation, command buffer recorded once, timed submit to fence\n",
        runner->device_name().c_str(), lp_threads.c_str());
    if (lp_threads != std::to_string(threads)) {
      std::printf("note: LP_NUM_THREADS from the environment differs from texunit's %d thread%s\n",
                  threads, threads == 1 ? "" : "s");
    }
  }
  if (options.opencv) {
    if (cv_version.empty()) {
      std::printf("OpenCV: skipped: libopencv-dev not installed\n");
    } else {
      std::printf("OpenCV: %s cv::remap of level 0 into RGBA8, %d thread%s\n", cv_version.c_str(),
                  threads, threads == 1 ? "" : "s");
    }
  }
  std::printf(
      "texture: RGBA8 UNORM %ux%u with a full mip chain, WRAP; Msamples/s, medians of %d "
      "interleaved rounds\n",
      options.size, options.size, options.rounds);
  std::fflush(stdout);

  const std::vector<PeerWorkload> workloads = Workloads(options.size);
  std::vector<std::unique_ptr<render::BenchWorkload>> benches;
  std::vector<std::unique_ptr<LavapipeDispatch>> dispatches;
  std::vector<std::unique_ptr<OpenCvRemap>> remaps;
  std::vector<std::array<Cell, kColumns>> cells(workloads.size());
  bool ok = true;
  const bool opencv_built = !cv_version.empty();
  for (size_t w = 0; w < workloads.size(); ++w) {
    std::unique_ptr<render::BenchWorkload> bench;
    if (Status s = render::BenchWorkload::Create(workloads[w].config, &bench); !s.ok()) {
      std::fprintf(stderr, "texunit bench --vs: %s\n", s.ToString().c_str());
      return 1;
    }
    std::array<Cell, kColumns>& row = cells[w];
    const render::BenchWorkload* b = bench.get();
    const LavapipeDispatch* row_dispatch = nullptr;
    const OpenCvRemap* row_remaps[kColumns] = {};
    row[kTexunit].samples = b->samples();
    row[kTexunit].run = [rt = runtime.get(), b](std::string* error) {
      const Status s = rt->ExecuteBatch(b->requests());
      if (!s.ok()) *error = s.ToString();
      return s.ok();
    };
    if (runner != nullptr) {
      std::string error;
      std::unique_ptr<LavapipeDispatch> d = LavapipeDispatch::Create(runner.get(), *b, &error);
      if (d == nullptr) {
        std::fprintf(stderr, "texunit bench --vs: lavapipe, %s: %s\n", workloads[w].name,
                     error.c_str());
        return 1;
      }
      row[kLavapipe].samples = b->samples();
      row[kLavapipe].run = [p = d.get()](std::string* error) { return p->Run(error); };
      row_dispatch = d.get();
      dispatches.push_back(std::move(d));
    }
    if (options.opencv && opencv_built) {
      for (const Column column : {kOpenCv16, kOpenCv32}) {
        std::string error;
        std::unique_ptr<OpenCvRemap> r = OpenCvRemap::Create(
            *b, column == kOpenCv16 ? RemapMaps::k16SC2 : RemapMaps::k32FC2, &error);
        if (r == nullptr) {
          row[column].note = "–";
          continue;
        }
        row[column].samples = r->samples();
        row[column].run = [p = r.get()](std::string*) {
          p->Run();
          return true;
        };
        row_remaps[column] = r.get();
        remaps.push_back(std::move(r));
      }
    }
    if (w == 0) {
      // The correctness guard: one run of each, then the point samples compared.
      std::string error;
      for (Cell& cell : row) {
        if (cell.run && !cell.run(&error)) {
          std::fprintf(stderr, "texunit bench --vs: %s: %s\n", workloads[w].name, error.c_str());
          return 1;
        }
      }
      ok &= CheckAgreement(*b, row_dispatch, row_remaps[kOpenCv16], row_remaps[kOpenCv32]);
      std::fflush(stdout);
    }
    benches.push_back(std::move(bench));
  }

  // Calibrate every cell, then measure in rounds: each round times every engine on every
  // workload once, so drifts of the machine (turbo, neighbours) fall on all of them alike.
  const double per_measurement = options.seconds / options.rounds;
  for (size_t w = 0; w < workloads.size(); ++w) {
    for (Cell& cell : cells[w]) {
      if (!cell.run) continue;
      std::string error;
      if (!Calibrate(cell, per_measurement, &error)) {
        std::fprintf(stderr, "texunit bench --vs: %s: %s\n", workloads[w].name, error.c_str());
        cell.note = "failed";
        cell.run = nullptr;
        ok = false;
      }
    }
  }
  for (int round = 0; round < options.rounds; ++round) {
    for (size_t w = 0; w < workloads.size(); ++w) {
      for (Cell& cell : cells[w]) {
        if (!cell.run) continue;
        std::string error;
        const std::optional<double> elapsed = TimeRuns(cell, cell.units, &error);
        if (!elapsed) {
          std::fprintf(stderr, "texunit bench --vs: %s: %s\n", workloads[w].name, error.c_str());
          cell.note = "failed";
          cell.run = nullptr;
          ok = false;
          continue;
        }
        cell.rates.push_back(static_cast<double>(cell.samples) * cell.units /
                             std::max(*elapsed, 1e-9));
      }
    }
  }

  // The table.
  std::string header = "| workload | texunit " + runtime->target_name();
  std::string rule = "|---|---";
  const bool show_cv = options.opencv && opencv_built;
  if (runner != nullptr) header += " | lavapipe", rule += "|---";
  if (show_cv) {
    header += " | OpenCV remap 16SC2 | OpenCV remap 32FC2";
    rule += "|---|---";
  } else if (options.opencv) {
    header += " | OpenCV (skipped: libopencv-dev not installed)";
    rule += "|---";
  }
  if (runner != nullptr) header += " | texunit / lavapipe", rule += "|---";
  if (show_cv) {
    header += " | texunit / OpenCV 16SC2 | texunit / OpenCV 32FC2";
    rule += "|---|---";
  }
  std::printf("\n%s |\n%s|\n", header.c_str(), rule.c_str());
  for (size_t w = 0; w < workloads.size(); ++w) {
    const std::array<Cell, kColumns>& row = cells[w];
    std::string line = std::string("| ") + workloads[w].name + " | " + Figure(row[kTexunit]);
    if (runner != nullptr) line += " | " + Figure(row[kLavapipe]);
    if (show_cv) {
      line += " | " + Figure(row[kOpenCv16]) + " | " + Figure(row[kOpenCv32]);
    } else if (options.opencv) {
      line += " | –";
    }
    if (runner != nullptr) line += " | " + Ratio(row[kTexunit], row[kLavapipe]);
    if (show_cv) {
      line += " | " + Ratio(row[kTexunit], row[kOpenCv16]) + " | " +
              Ratio(row[kTexunit], row[kOpenCv32]);
    }
    std::printf("%s |\n", line.c_str());
  }
  return ok ? 0 : 1;
}

}  // namespace texunit::peers
