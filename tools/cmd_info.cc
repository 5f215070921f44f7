// `texunit info`: version, Highway targets (compiled, supported, chosen), thread count, and which
// instructions and formats this build executes. The instruction summary is found by asking the
// runtime: each op runs once on a tiny image, and those that return Unimplemented or Unsupported
// are listed as not yet supported, so the list never disagrees with the code.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"

// TEXUNIT_VERSION_STRING comes from CMake (PROJECT_VERSION).

namespace texunit::cli {
namespace {

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : " ") + item;
  return out.empty() ? "(none)" : out;
}

std::string FormatName(Format f) {
  return std::string(DataFormatName(f.data)) + "_" + NumFormatName(f.num);
}

// Runs `op` once on a 4x4 single-level image of `format` (one active lane of a quad) and
// returns the status.
Status Probe(const Runtime& runtime, Op op, Format format) {
  constexpr uint64_t kAddress = 0x10000;
  const ImageDesc image = MakeImage2D(format, 4, 4, 1, kAddress);
  ImageLayout layout;
  TEXUNIT_RETURN_IF_ERROR(ComputeImageLayout(image, &layout));
  std::vector<uint8_t> texels(layout.total_bytes, 0);
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(memory.AddRegion(kAddress, texels.data(), texels.size()));
  SamplerDesc sampler;
  sampler.xy_mag_filter = XyFilter::kBilinear;
  sampler.xy_min_filter = XyFilter::kBilinear;
  const uint32_t half = 0x3F000000u;  // 0.5f
  const uint32_t coord[4] = {half, half, half, half};
  const uint32_t zero[4] = {};
  uint32_t result[5][4] = {};
  TexRequest r;
  r.op = op;
  r.image = &image;
  r.sampler = &sampler;
  r.memory = &memory;
  r.lane_count = 4;
  r.exec = 1;
  r.mods.dmask = op.kind == OpKind::kAtomic ? 0x1 : 0xF;
  const bool integer_coords = op.kind == OpKind::kLoad || op.kind == OpKind::kStore ||
                              op.kind == OpKind::kAtomic || op.kind == OpKind::kGetResinfo;
  for (int c = 0; c < 4; ++c) r.in.coord[c] = integer_coords ? zero : coord;
  r.in.mip = zero;
  r.in.lod = zero;
  r.in.bias = zero;
  r.in.clamp = zero;
  r.in.zcompare = coord;
  r.in.offset = zero;
  for (auto& axis : r.in.deriv) {
    for (auto& d : axis) d = zero;
  }
  for (int c = 0; c < 4; ++c) {
    r.in.data[c] = zero;
    r.out.data[c] = result[c];
  }
  r.out.status = result[4];
  return runtime.Execute(r);
}

struct ProbeOp {
  Op op;
  Format format;
};

int RunInfo(const std::vector<std::string>& args) {
  std::string target;
  int threads = 0;
  ArgParser parser("texunit info [options]");
  parser.AddString("target", &target, "Highway target to report as chosen (default: best)");
  parser.AddInt("threads", &threads, "worker threads (0: $TEXUNIT_THREADS, else all)", 0, 4096);
  if (const int rc = parser.ParseOrExit(args); rc >= 0) return rc;

  std::printf("texunit %s\n", TEXUNIT_VERSION_STRING);
  std::printf("targets compiled:  %s\n", Join(Runtime::CompiledTargets()).c_str());
  std::printf("targets supported: %s\n", Join(Runtime::SupportedTargets()).c_str());

  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    std::fprintf(stderr, "texunit info: %s\n", s.ToString().c_str());
    return 2;
  }
  const char* env_target = std::getenv("TEXUNIT_TARGET");
  const char* env_threads = std::getenv("TEXUNIT_THREADS");
  std::printf("target:            %s (%s)\n", runtime->target_name().c_str(),
              !target.empty()                        ? "--target"
              : env_target != nullptr && *env_target ? "TEXUNIT_TARGET"
                                                     : "best supported");
  std::printf("threads:           %d (%s)\n", runtime->threads(),
              threads > 0                              ? "--threads"
              : env_threads != nullptr && *env_threads ? "TEXUNIT_THREADS"
                                                       : "all hardware threads");

  const Format rgba8{DataFormat::k8_8_8_8, NumFormat::kUnorm};
  const Format r32ui{DataFormat::k32, NumFormat::kUint};
  const Format r32f{DataFormat::k32, NumFormat::kFloat};
  const ProbeOp ops[] = {
      {{OpKind::kLoad, 0}, rgba8},
      {{OpKind::kLoad, kOpMip}, rgba8},
      {{OpKind::kStore, 0}, rgba8},
      {{OpKind::kStore, kOpMip}, rgba8},
      {{OpKind::kSample, 0}, rgba8},
      {{OpKind::kSample, kOpLod}, rgba8},
      {{OpKind::kSample, kOpLz}, rgba8},
      {{OpKind::kSample, kOpBias}, rgba8},
      {{OpKind::kSample, kOpClamp}, rgba8},
      {{OpKind::kSample, kOpDeriv}, rgba8},
      {{OpKind::kSample, kOpLz | kOpOffset}, rgba8},
      {{OpKind::kSample, kOpCompare}, r32f},
      {{OpKind::kGather4, 0}, rgba8},
      {{OpKind::kGetLod, 0}, rgba8},
      {{OpKind::kGetResinfo, 0}, rgba8},
      {{OpKind::kAtomic, 0, AtomicOp::kAdd}, r32ui},
      {{OpKind::kAtomic, 0, AtomicOp::kCmpSwap}, r32ui},
  };
  std::vector<std::string> supported;
  std::vector<std::string> missing;
  for (const ProbeOp& p : ops) {
    const Status s = Probe(*runtime, p.op, p.format);
    (s.ok() ? supported : missing).push_back(OpName(p.op));
  }
  std::printf("instructions:      %s\n", Join(supported).c_str());
  if (!missing.empty()) std::printf("  not yet:         %s\n", Join(missing).c_str());

  const Format formats[] = {
      {DataFormat::k8_8_8_8, NumFormat::kUnorm},     {DataFormat::k8_8_8_8, NumFormat::kSrgb},
      {DataFormat::k8_8_8_8, NumFormat::kUint},      {DataFormat::k32_32_32_32, NumFormat::kFloat},
      {DataFormat::k16_16_16_16, NumFormat::kFloat}, {DataFormat::k32, NumFormat::kFloat},
      {DataFormat::k8, NumFormat::kUnorm},           {DataFormat::k5_6_5, NumFormat::kUnorm},
      {DataFormat::kBc1, NumFormat::kUnorm},         {DataFormat::kBc7, NumFormat::kUnorm},
  };
  std::vector<std::string> formats_ok;
  std::vector<std::string> formats_missing;
  for (const Format& f : formats) {
    const Status s = Probe(*runtime, Op{OpKind::kSample, kOpLz}, f);
    (s.ok() ? formats_ok : formats_missing).push_back(FormatName(f));
  }
  std::printf("formats (sample):  %s\n", Join(formats_ok).c_str());
  if (!formats_missing.empty()) {
    std::printf("  not yet:         %s\n", Join(formats_missing).c_str());
  }
  return 0;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(info, "Version, SIMD targets, threads and supported instructions",
                         RunInfo);

}  // namespace texunit::cli
