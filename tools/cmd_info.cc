// `texunit info`: version, Highway targets (compiled, supported, chosen), thread count, and which
// instructions and formats this build executes. The instructions are the release's table
// (texunit/capabilities.h), and every op of every implemented family runs once on a tiny image, so
// that a member the code does not run shows up as failing.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
#include "formats/format_table.h"
#include "texunit/amd_formats.h"
#include "texunit/bvh.h"
#include "texunit/capabilities.h"
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

// The ops of `family`: every suffix combination its rule allows (atomics: every AtomicOp).
std::vector<Op> FamilyMembers(const OpFamily& family) {
  std::vector<Op> ops;
  for (uint32_t flags = family.suffixes;; flags = (flags - 1) & family.suffixes) {
    if (family.kind == OpKind::kAtomic) {
      for (int a = 1; a <= static_cast<int>(AtomicOp::kFmax); ++a) {
        ops.push_back(Op{family.kind, flags, static_cast<AtomicOp>(a)});
      }
    } else if (FindOpFamily(Op{family.kind, flags}) == &family) {
      ops.push_back(Op{family.kind, flags});
    }
    if (flags == 0) break;
  }
  return ops;
}

// Runs `op` once on a 4x4 single-level image of `format` (one active lane of a quad) and
// returns the status.
Status Probe(const Runtime& runtime, Op op, FormatId format) {
  constexpr uint64_t kAddress = 0x10000;
  ImageDesc image = MakeImage2D(format, 4, 4, 1, kAddress);
  if (op.kind == OpKind::kMsaaLoad) {
    image.type = ImageType::k2DMsaa;  // MSAA_LOAD reads only multisampled images: 4 fragments
    image.last_level = 2;
  }
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
  // Atomics on a 32-bit texel take DMASK 0x1, their compare-swaps 0x3 (docs/sampling.md).
  const bool cmpswap = op.atomic == AtomicOp::kCmpSwap || op.atomic == AtomicOp::kFcmpSwap;
  r.mods.dmask = op.kind == OpKind::kAtomic ? (cmpswap ? 0x3 : 0x1) : 0xF;
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

// Runs one lane of a BVH node test (a box32 node of empty boxes) through IntersectRays.
Status ProbeBvh(const Runtime& runtime) {
  constexpr uint64_t kAddress = 0x10000;
  std::vector<uint8_t> node(kBvhBox32NodeBytes, 0);
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(memory.AddRegion(kAddress, node.data(), node.size()));
  BvhDesc desc;
  desc.base_address = kAddress;
  desc.size_bytes = node.size();
  const uint32_t pointer[1] = {static_cast<uint32_t>(BvhNodeType::kBox32)};
  const uint32_t one[1] = {0x3F800000u};
  uint32_t result[4][1] = {};
  BvhRequest r;
  r.desc = &desc;
  r.memory = &memory;
  r.lane_count = 1;
  r.in.node_lo = pointer;
  r.in.extent = one;
  for (int k = 0; k < 3; ++k) r.in.origin[k] = r.in.dir[k] = r.in.inv_dir[k] = one;
  for (int k = 0; k < 4; ++k) r.out[k] = result[k];
  return runtime.IntersectRays(r);
}

// The generations whose T# can name `id`, and the DATA_FORMAT/NUM_FORMAT pair that does it.
std::string AmdNames(FormatId id) {
  std::string gens, pair;
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9, Gfx::kGfx10}) {
    AmdFormat f;
    if (!FormatIdToAmdFormat(gfx, id, &f)) continue;
    if (!gens.empty()) gens += ',';
    gens += GfxName(gfx) + 3;  // "gfx8" -> "8"
    pair = std::string(DataFormatName(f.data)) + "/" + NumFormatName(f.num);
  }
  return pair + " (gfx" + gens + ")";
}

// AMD's DATA_FORMAT x NUM_FORMAT matrix as a Markdown table: per DATA_FORMAT, the NUM_FORMATs
// that name a texunit format and on which generations, or why the DATA_FORMAT names none (README's
// format table is this output).
void PrintAmdFormats() {
  const Gfx gens[] = {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9, Gfx::kGfx10};
  std::printf("| DATA_FORMAT | NUM_FORMATs (generations) | texunit formats |\n|---|---|---|\n");
  for (int d = 1; d < 64; ++d) {
    const auto data = static_cast<DataFormat>(d);
    std::string nums, ids, why;
    for (int n = 0; n < 16; ++n) {
      const AmdFormat f{data, static_cast<NumFormat>(n)};
      std::string on;
      FormatId id = FormatId::kInvalid;
      for (Gfx gfx : gens) {
        const FormatId g = AmdFormatToFormatId(gfx, f);
        if (g == FormatId::kInvalid) continue;
        id = g;
        if (!on.empty()) on += ',';
        on += GfxName(gfx) + 3;
      }
      if (id == FormatId::kInvalid) {
        if (why.empty() && n == 0) why = AmdFormatError(Gfx::kGfx8, f).message();
        continue;
      }
      if (!nums.empty()) nums += ", ", ids += ", ";
      nums += std::string(NumFormatName(f.num)) + " (" + on + ")";
      ids += FormatName(id);
    }
    if (nums.empty()) {
      // Only the DATA_FORMAT's own reason; the pair-level wording is the same for every NUM.
      const size_t at = why.find(": DATA_FORMAT ");
      if (at == std::string::npos) continue;
      std::string reason = why.substr(at + 14);
      reason = reason.substr(0, reason.rfind(" on gfx"));  // every generation alike
      std::printf("| %d %s | rejected: %s | |\n", d, DataFormatName(data), reason.c_str());
      continue;
    }
    std::printf("| %d %s | %s | %s |\n", d, DataFormatName(data), nums.c_str(), ids.c_str());
  }
}

// One line per format: what this build runs on it (load, store, filtered or point sample),
// whether it is a depth format, and how AMD's T# names it.
void PrintFormats(const Runtime& runtime) {
  std::printf("%-24s %-5s %-5s %-13s %s\n", "format", "load", "store", "sample", "AMD T#");
  for (const FormatDesc& d : AllFormats()) {
    const bool load = Probe(runtime, Op{OpKind::kLoad, 0}, d.id).ok();
    const bool store = Probe(runtime, Op{OpKind::kStore, 0}, d.id).ok();
    const bool sample = Probe(runtime, Op{OpKind::kSample, kOpLz}, d.id).ok();
    const char* how = !sample ? "-" : d.has(kFormatFilterable) ? "filtered" : "point";
    std::printf("%-24s %-5s %-5s %-13s %s%s\n", d.name, load ? "yes" : "-", store ? "yes" : "-",
                how, AmdNames(d.id).c_str(), d.has(kFormatDepth) ? "  depth/stencil" : "");
  }
}

int RunInfo(const std::vector<std::string>& args) {
  std::string target;
  int threads = 0;
  bool formats = false;
  bool amd_formats = false;
  ArgParser parser("texunit info [options]");
  parser.AddFlag("formats", &formats, "list every texel format and what runs on it");
  parser.AddFlag("amd-formats", &amd_formats,
                 "AMD's DATA_FORMAT x NUM_FORMAT pairs and the formats they name (Markdown)");
  parser.AddString("target", &target, "Highway target to report as chosen (default: best)");
  parser.AddInt("threads", &threads, "worker threads (0: $TEXUNIT_THREADS, else all)", 0, 4096);
  if (const int rc = parser.ParseOrExit(args); rc >= 0) return rc;
  if (amd_formats) {
    PrintAmdFormats();
    return 0;
  }

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
  std::printf("target:            %s (%s), %zu 32-bit lanes per vector\n",
              runtime->target_name().c_str(),
              !target.empty()                        ? "--target"
              : env_target != nullptr && *env_target ? "TEXUNIT_TARGET"
                                                     : "best supported",
              runtime->vector_lanes());
  std::printf("threads:           %d (%s)\n", runtime->threads(),
              threads > 0                              ? "--threads"
              : env_threads != nullptr && *env_threads ? "TEXUNIT_THREADS"
                                                       : "all hardware threads");
  std::printf("coherent reads:    %s\n",
              runtime->box_reads() ? "on (RGBA8 rows and permutes where a chunk allows; AMD CPU)"
                                   : "off (gathers)");

  if (formats) {
    PrintFormats(*runtime);
    return 0;
  }
  // Every member of every family of the release's instruction table (texunit/capabilities.h),
  // each run once: an implemented family whose member fails to run would be a bug, and says so.
  std::printf("instructions:\n");
  for (const OpFamily& family : OpFamilies()) {
    if (!family.implemented) {
      std::printf("  %-24s not yet: %s\n", family.name, family.note);
      continue;
    }
    const std::vector<Op> members = FamilyMembers(family);
    std::vector<std::string> failing;
    for (const Op& op : members) {
      const bool compare = (op.flags & kOpCompare) != 0;
      const bool float_atomic = op.atomic == AtomicOp::kFcmpSwap || op.atomic == AtomicOp::kFmin ||
                                op.atomic == AtomicOp::kFmax;
      const FormatId format = compare || float_atomic          ? FormatId::kR32_FLOAT
                              : family.kind == OpKind::kAtomic ? FormatId::kR32_UINT
                                                               : FormatId::kR8G8B8A8_UNORM;
      const Status st =
          op.kind == OpKind::kBvhIntersectRay ? ProbeBvh(*runtime) : Probe(*runtime, op, format);
      if (!st.ok()) failing.push_back(OpName(op));
    }
    std::printf("  %-24s %zu op%s%s%s\n", family.name, members.size(),
                members.size() == 1 ? "" : "s",
                failing.empty() ? "" : ", failing: ", failing.empty() ? "" : Join(failing).c_str());
  }

  int loadable = 0, sampled = 0;
  for (const FormatDesc& d : AllFormats()) {
    loadable += Probe(*runtime, Op{OpKind::kLoad, 0}, d.id).ok();
    sampled += Probe(*runtime, Op{OpKind::kSample, kOpLz}, d.id).ok();
  }
  std::printf("formats:           %zu (%d load, %d sample; texunit info --formats lists them)\n",
              AllFormats().size(), loadable, sampled);
  return 0;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(info, "Version, SIMD targets, threads and supported instructions",
                         RunInfo);

}  // namespace texunit::cli
