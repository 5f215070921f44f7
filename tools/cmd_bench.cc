// `texunit bench`: samples per second of one image op on one texture, printed as one line.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
#include "render/bench_workload.h"
#include "texunit/runtime.h"
#if TEXUNIT_HAVE_PEERS
#include "benchmarks/peers/peer_bench.h"
#endif

namespace texunit::cli {
namespace {

// `--vs`: the peer benchmarks (benchmarks/peers/peer_bench.h) on their fixed workloads, which the
// workload options do not change.
int RunVersusPeers(const ArgParser& parser, const std::string& vs, int size, int threads,
                   const std::string& target, bool general, BoxReads box_reads, double seconds,
                   int repetitions) {
  for (const char* name : {"op", "filter", "aniso", "format", "coords", "plane", "seed", "lod",
                           "address", "compare"}) {
    if (parser.WasSet(name)) {
      std::fprintf(stderr,
                   "texunit bench --vs: --%s does not apply (--vs runs a fixed set of "
                   "workloads)\n",
                   name);
      return 2;
    }
  }
#if TEXUNIT_HAVE_PEERS
  peers::PeerBenchOptions options;
  std::string error;
  if (!peers::ParsePeerList(vs, &options, &error)) {
    std::fprintf(stderr, "texunit bench: %s\n", error.c_str());
    return 2;
  }
  options.size = static_cast<uint32_t>(size);
  options.threads = parser.WasSet("threads") ? threads : 1;
  options.target = target;
  options.format_fast_paths = !general;
  options.box_reads = box_reads;
  options.seconds = seconds;
  options.rounds = repetitions;
  return peers::RunPeerBench(options);
#else
  std::fprintf(stderr,
               "texunit bench --vs: this texunit was built without the peer benchmarks, which "
               "need %s (scripts/install-deps.sh installs the packages; then reconfigure)\n",
               TEXUNIT_PEERS_MISSING);
  return 2;
#endif
}

int RunBench(const std::vector<std::string>& args) {
  std::string op = "sample_lz";
  std::string filter = "bilinear";
  std::string format = "rgba8";
  std::string coords = "coherent";
  std::string plane = "flat";
  int aniso = 16;
  std::string target;
  int size = 1024;
  int threads = 0;
  int repetitions = 5;
  int seed = 1;
  double seconds = 1.0;
  double lod = 0.0;
  std::string address = "wrap";
  bool compare = false;
  bool general = false;
  std::string box_reads = "auto";
  std::string vs;
  ArgParser parser("texunit bench [options]");
  parser.AddChoice("op", &op, {"sample_lz", "sample", "sample_l", "load", "store", "gather4"},
                   "image op (IMAGE_SAMPLE_LZ, IMAGE_SAMPLE, ...)");
  parser.AddChoice("filter", &filter, {"point", "bilinear", "trilinear", "aniso"},
                   "sampler filter (sample ops; aniso: ANISO_BILINEAR with linear mips)");
  parser.AddInt("aniso", &aniso, "--filter aniso: at most this many probes, 1|2|4|8|16", 1, 16);
  std::string families;
  for (const auto& family : render::BenchFormatFamilies()) {
    if (!families.empty()) families += '|';
    families += family.name;
  }
  const std::string format_help =
      "texel format: " + families + ", or any name `texunit info --formats` lists";
  parser.AddString("format", &format, format_help.c_str());
  parser.AddInt("size", &size, "texture is N x N with a full mip chain", 1, 16384);
  parser.AddChoice("coords", &coords, {"coherent", "random"},
                   "a 1:1 full-screen sweep in 8x8 tiles, or uniform random coordinates");
  parser.AddChoice("plane", &plane, {"flat", "oblique"},
                   "flat: --coords; oblique: the demo's ground plane in perspective on an N x N "
                   "screen (implicit LOD, anisotropic footprints)");
  parser.AddInt("threads", &threads, "worker threads (0: $TEXUNIT_THREADS, else all)", 0, 4096);
  parser.AddString("target", &target, "Highway target, e.g. AVX3, AVX2, SSE4, SCALAR");
  parser.AddDouble("seconds", &seconds, "total measuring time");
  parser.AddInt("repetitions", &repetitions, "timed repetitions; the median is reported", 1, 1000);
  parser.AddInt("seed", &seed, "seed of the random coordinates", 0);
  parser.AddDouble("lod", &lod, "LOD operand of sample_l");
  parser.AddChoice("address", &address, {"wrap", "clamp"},
                   "sample ops: S# CLAMP_X/Y WRAP or CLAMP_LAST_TEXEL");
  parser.AddFlag("compare", &compare, "sample ops: depth compare (_C, LESS_EQUAL against 0.5)");
  parser.AddFlag("general", &general,
                 "turn the format fast paths and hot kernels off (the general kernel's path)");
  parser.AddChoice("box-reads", &box_reads, {"auto", "on", "off"},
                   "coherent reads of the RGBA8 kernels: rows and permutes instead of gathers "
                   "where a chunk's texels lie in a few rows (auto: on for AMD CPUs; README, "
                   "Performance)");
  parser.AddString("vs", &vs,
                   "lavapipe, opencv or lavapipe,opencv: time texunit and these peers on the "
                   "README's workloads, interleaved, and print a table with the ratios (threads "
                   "default to 1; README, Performance)");
  if (const int rc = parser.ParseOrExit(args); rc >= 0) return rc;
  if (!(seconds > 0.0) || seconds > 3600.0) {
    std::fprintf(stderr, "texunit bench: --seconds=%g is outside (0, 3600]\n", seconds);
    return 2;
  }
  const BoxReads box = box_reads == "on"    ? BoxReads::kOn
                       : box_reads == "off" ? BoxReads::kOff
                                            : BoxReads::kAuto;
  if (parser.WasSet("vs")) {
    return RunVersusPeers(parser, vs, size, threads, target, general, box, seconds, repetitions);
  }

  render::BenchConfig config;
  // The parser has checked the choices, so these parse.
  render::ParseBenchOp(op, &config.op);
  render::ParseBenchFilter(filter, &config.filter);
  if (!render::ParseBenchFormat(format, &config.format)) {
    std::fprintf(stderr,
                 "texunit bench: --format=%s is neither a format family (%s) nor a format name "
                 "(texunit info --formats)\n",
                 format.c_str(), families.c_str());
    return 2;
  }
  render::ParseBenchCoords(coords, &config.coords);
  render::ParseBenchPlane(plane, &config.plane);
  config.aniso = static_cast<uint32_t>(aniso);
  config.size = static_cast<uint32_t>(size);
  config.seed = static_cast<uint64_t>(seed);
  config.lod = static_cast<float>(lod);
  config.address = address == "wrap" ? ClampMode::kWrap : ClampMode::kClampLastTexel;
  config.compare = compare;

  RuntimeOptions options;
  options.threads = threads;
  options.target = target;
  options.format_fast_paths = !general;
  options.box_reads = box;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    std::fprintf(stderr, "texunit bench: %s\n", s.ToString().c_str());
    return 2;
  }
  std::unique_ptr<render::BenchWorkload> workload;
  if (Status s = render::BenchWorkload::Create(config, &workload); !s.ok()) {
    std::fprintf(stderr, "texunit bench: %s\n", s.ToString().c_str());
    return 1;
  }
  render::BenchResult result;
  if (Status s = render::MeasureThroughput(*runtime, *workload, seconds, repetitions, &result);
      !s.ok()) {
    std::fprintf(stderr, "texunit bench: %s\n", s.ToString().c_str());
    return 1;
  }
  std::printf("%.1f Msamples/s target=%s threads=%d %s box_reads=%s%s\n",
              result.samples_per_second * 1e-6, runtime->target_name().c_str(), runtime->threads(),
              render::DescribeBenchConfig(config).c_str(), runtime->box_reads() ? "on" : "off",
              general ? " path=general" : "");
  return 0;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(bench, "Measure samples per second of an image op", RunBench);

}  // namespace texunit::cli
