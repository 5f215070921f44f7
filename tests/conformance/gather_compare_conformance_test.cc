// GATHER4 and depth compare (_C) on 2D images against lavapipe (docs/sampling.md, "Sampler ops on
// 2D images"): real GFX8/GFX9 MIMG words through gcn::Execute against glslc-compiled compute
// shaders (shaders/gather_float.comp, gather_row.comp, gather_shadow.comp, shadow_lod.comp).
//
// Case groups:
//  - gather: textureGather (component 0..3) and textureGatherOffset (offsets (0,0), (1,-1),
//    (-2,3), (7,-8)) at level 0 against IMAGE_GATHER4_LZ / IMAGE_GATHER4_LZ_O (GFX9, DMASK =
//    1 << component, offset packed X[5:0], Y[13:8]) on RGBA8 UNORM, RGBA16F and RGBA32F images of
//    13x11 random texel bytes (every code, NaNs, Inf and denormals included), with REPEAT,
//    MIRRORED_REPEAT, CLAMP_TO_EDGE and two mixed pairs (S# WRAP, MIRROR, CLAMP_LAST_TEXEL).
//  - gather row: textureGatherOffsets with the offsets (-1, 0), (0, 0), (1, 0), (2, 0), which is
//    texel i0j0 of each offset footprint, against IMAGE_GATHER4H (GFX9 0x42) on the same images
//    and address modes (docs/sampling.md, "GATHER4H": the same four texels by its definition).
//  - shadow nearest / shadow linear: textureLod(sampler2DShadow, vec3(s, t, ref), lod) against
//    IMAGE_SAMPLE_C_L (GFX8) with every VkCompareOp (S# DEPTH_COMPARE_FUNC has the same numbers),
//    NEAREST and LINEAR filters, mip mode NEAREST on 13x11 images with 3 levels, on D32_SFLOAT
//    (texunit R32_FLOAT) and D16_UNORM (texunit R16_UNORM). LODs stay 0.1 away from k + 0.5, so
//    the level is never in doubt.
//  - shadow gather: textureGather(sampler2DShadow, st, ref) and textureGatherOffset against
//    IMAGE_GATHER4_C_LZ / IMAGE_GATHER4_C_LZ_O (GFX9) on the same depth images.
// Depth texels favour 0, 1 and a small palette, and refs are often exactly a texel's value,
// outside [0, 1] or NaN, so that every compare op both passes and fails, EQUAL hits, and D16's
// reference clamp (ref clamped to [0, 1] for UNORM depth) decides lanes; the test counts the lanes
// the clamp decides (D16) or would change (D32, not clamped) and requires lavapipe to agree on
// all of them. About one lane in five has a coordinate exactly (as binary32 rounds it) on a texel
// centre (gather, linear) or edge (nearest).
//
// Judging, per lane:
//  - open: the footprint is ambiguous, and Vulkan allows either answer (subTexelPrecisionBits):
//    gathers with u - 0.5 or v - 0.5 within 1e-4 of an integer (level 0 texels), nearest shadow
//    lookups with u or v within 1e-4 of an integer (at the level read). These are counted apart,
//    never judged, and for information checked against texunit's own results at coordinates
//    nudged 2e-3 texel either way on each axis (the footprints Vulkan allows), directly or through
//    the D16 rules below: "other" counts open lanes where lavapipe took another footprint than
//    texunit (lavapipe.md items 10 and 15: it mirrors and offsets in normalized space), "none"
//    those matching no footprint (none in 60 seeds tried).
//  - exact: every result word equal, bit for bit.
//  - classified: lavapipe departs from Vulkan's rule or from texunit's contract in a known way,
//    by one of the rules below (each with its reason and evidence), counted and printed.
//  - wrong: anything else; a wrong lane fails the test.
// Gathers and nearest shadow lookups are exact operations (nearest results must be 0.0 or 1.0 on
// both sides); linear shadow lookups are judged to kLinearTolerance (see there).
//
// What lavapipe does here (Mesa 22.3.6, LLVM 15), measured by this test:
//  - gathers return Vulkan's i0j1, i1j1, i1j0, i0j0 order, which is seed 000's VDATA order;
//  - it advertises neither FILTER_LINEAR for D16_UNORM and D32_SFLOAT (only the depth-compare
//    feature; Vulkan then lets a linear compare be filtered in an implementation-dependent way),
//    yet filters compares linearly as percentage-closer filtering (compare per texel, then
//    bilinear weights) in binary32: within 2.0e-6 of texunit, not 8-bit weights;
//  - it clamps a D16 ref to [0, 1] and leaves a D32 ref unclamped, as texunit does; a NaN ref on
//    D16 becomes 1.0 (kNanRef); it compares D16 texels decoded with the reciprocal
//    (kD16Reciprocal).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

using Words = std::array<uint32_t, 4>;
using Encoding = std::array<uint32_t, 2>;

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 13, kH = 11;
constexpr uint32_t kDepthLevels = 3;  // 13x11, 6x5, 3x2

// MIMG words from llvm-mc-14 -arch=amdgcn -show-encoding (the same bytes for -mcpu=tonga and
// -mcpu=gfx900), each with DMASK 0x1; WithDmask sets another.
// image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1          (s, t)
constexpr Encoding kGather4Lz = {0xf11c0100, 0x00820004};
// image_gather4_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1        (offset, s, t)
constexpr Encoding kGather4LzO = {0xf15c0100, 0x00820004};
// image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1 (gfx900 only; llvm-mc 14 does not
// know it: image_gather4_lz's words with OP = 0x42)                      (s, t)
constexpr Encoding kGather4H = {0xf1080100, 0x00820004};
// image_gather4_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1        (ref, s, t)
constexpr Encoding kGather4CLz = {0xf13c0100, 0x00820004};
// image_gather4_c_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1      (offset, ref, s, t)
constexpr Encoding kGather4CLzO = {0xf17c0100, 0x00820004};
// image_gather4_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1           (s, t, lod)
constexpr Encoding kGather4L = {0xf1100100, 0x00820004};
// image_sample_c_l v0, v[4:7], s[8:15], s[16:19] dmask:0x1              (ref, s, t, lod)
constexpr Encoding kSampleCL = {0xf0b00100, 0x00820004};
// image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1                (s, t, lod)
constexpr Encoding kSampleL = {0xf0900100, 0x00820004};

Encoding WithDmask(Encoding e, uint32_t dmask) { return {(e[0] & ~0xf00u) | (dmask << 8), e[1]}; }

// The shaders' offset index: 0 = no offset (textureGather), 1..4 = textureGatherOffset with these.
constexpr int kOffsetCount = 5;
constexpr int kOffsets[kOffsetCount][2] = {{0, 0}, {0, 0}, {1, -1}, {-2, 3}, {7, -8}};
uint32_t PackOffset(int which) {
  return (static_cast<uint32_t>(kOffsets[which][0]) & 0x3f) |
         ((static_cast<uint32_t>(kOffsets[which][1]) & 0x3f) << 8);
}

// A linear shadow lookup may differ by this much. lavapipe filters depth compares on its SoA path
// in binary32 (a compare excludes the 8-bit AoS path, reference anchors.md), so its weights differ
// from texunit's (u - 0.5) - floor(u - 0.5) only by how it forms u: fract(s) * w on repeat and
// mirror axes (lavapipe.md item 12), a few roundings of u. Here |s| <= 2.5 and w <= 13, so
// |u| <= 32.5, where an ulp is 2^-18; the result is a sum of the weights of passing texels, so an
// error of 4 ulps in each axis's weight bounds it: 2 axes * 4 * 2^-18 = 2^-15 (3.1e-5).
// Measured: the largest difference is 1.4e-6 for this seed and 2.0e-6 over 60 seeds, an 8-bit
// weight path would show up to 2^-8 per axis. Vulkan itself would allow 2 * 2^-8
// (subTexelPrecisionBits 8 on both axes); this is 128 times tighter, so a wrong weight or a
// wrongly compared texel (a step of at least min(a, 1 - a) * min(b, 1 - b)) rarely passes.
constexpr float kLinearTolerance = 1.0f / (1 << 15);

// Open-lane threshold, in texels: Vulkan's 8 subtexel bits make anything this close to a texel
// edge or centre either side's; lavapipe's coordinate rounding (a few ulps of |u| <= 41 with
// offsets, 2e-5 at most) stays well inside it.
constexpr double kOpenEpsilon = 1e-4;
// The nudge that probes the footprints an open lane may take, in texels: nudge n moves a lane by
// (NudgeX(n), NudgeY(n)), the eight neighbours and the lane itself (n = 4).
constexpr float kNudge = 2e-3f;
constexpr int kNudges = 9;
float NudgeX(int n) { return static_cast<float>(n % 3 - 1) * kNudge; }
float NudgeY(int n) { return static_cast<float>(n / 3 - 1) * kNudge; }

struct Address {
  Mode u, v;
};
std::string AddressName(const Address& a) { return std::string(a.u.name) + "/" + a.v.name; }

// Why a lane that is neither exact nor wrong is accepted.
enum Rule {
  // lavapipe multiplies a UNORM code by the reciprocal, float(c) * (1.0f / 255), one ulp off the
  // correctly rounded c / 255 for 126 of the 256 codes (lavapipe.md item 3; the fetch family's
  // rule). Accepted when lavapipe's word is exactly that product for the code texunit read.
  kUnormReciprocal,
  // A binary32 denormal texel: texunit's contract flushes every sample result to zero of the same
  // sign (docs/sampling.md, "Filter domain"; GCN does), lavapipe returns the denormal
  // (lavapipe.md item 17). Vulkan allows both ("any denormalized value ... may be flushed").
  // Accepted when texunit's word is +-0 and lavapipe's the denormal of that sign.
  kDenormal,
  // A signalling binary16 NaN: lavapipe's half-to-float conversion (F16C) quiets it, setting the
  // binary32 quiet bit (0x00400000); texunit widens the payload bit for bit, the quiet bit clear.
  // Vulkan leaves NaN payloads unspecified. Accepted when lavapipe's word is texunit's NaN with
  // the quiet bit set. (Binary32 NaNs, signalling ones included, match bit for bit.)
  kNanQuieted,
  // D16_UNORM compares: lavapipe compares the ref against its own decode of the texel,
  // float(c) * (1.0f / 65535), not the correctly rounded c / 65535 texunit compares against (and
  // Vulkan's conversion rule gives). A ref between the two (an EQUAL hit on one and not the other,
  // a LESS that flips...) changes the outcome. Accepted when lavapipe's result is exactly what
  // the compare gives against that decode of the texels texunit read (for linear lookups, with
  // texunit's bilinear weights, within kLinearTolerance).
  kD16Reciprocal,
  // D16_UNORM compares with a NaN ref: lavapipe's clamp to [0, 1] turns NaN into 1.0, texunit's
  // into 0 (D3D's float-to-UNORM rule, docs/sampling.md "Depth compare"). Vulkan says only that
  // the ref is clamped and does not define the clamp of a NaN, so neither is wrong. Accepted when
  // lavapipe's result is exactly the compare with ref = 1.0 (as kD16Reciprocal's model).
  kNanRef,
  kRuleCount
};
const char* kRuleNames[kRuleCount] = {"UNORM reciprocal", "denormal kept", "sNaN quieted",
                                      "D16 reciprocal decode", "D16 NaN ref as 1"};

struct Tally {
  int lanes = 0, exact = 0, classified = 0, open = 0, open_other = 0, open_none = 0, wrong = 0;
  int by_rule[kRuleCount] = {};
  float worst = 0;  // largest |texunit - lavapipe| of a judged linear lane
  std::string first_wrong;
  void Add(const Tally& o) {
    lanes += o.lanes, exact += o.exact, classified += o.classified, open += o.open;
    open_other += o.open_other, open_none += o.open_none, wrong += o.wrong;
    for (int r = 0; r < kRuleCount; ++r) by_rule[r] += o.by_rule[r];
    worst = std::max(worst, o.worst);
    if (first_wrong.empty()) first_wrong = o.first_wrong;
  }
  std::string Rules() const {
    std::string s;
    for (int r = 0; r < kRuleCount; ++r) {
      if (by_rule[r] == 0) continue;
      s +=
          (s.empty() ? " (" : ", ") + std::string(kRuleNames[r]) + " " + std::to_string(by_rule[r]);
    }
    return s.empty() ? s : s + ")";
  }
  void Print(const std::string& name, bool linear) const {
    std::printf("  %-44s %5d lanes: %5d exact, %4d classified%s, %4d open (%d other, %d none), ",
                name.c_str(), lanes, exact, classified, Rules().c_str(), open, open_other,
                open_none);
    if (linear) std::printf("largest linear difference %.3g, ", worst);
    std::printf("%d wrong\n", wrong);
  }
  void Wrong(const std::string& what) {
    if (++wrong == 1) first_wrong = what;
  }
};

// An image in texunit's linear layout, registered with a Memory (not movable once made).
struct TestImage {
  ImageDesc desc;
  ImageLayout layout;
  std::vector<uint8_t> bytes;
  Memory memory;
  VkFormat vk = VK_FORMAT_UNDEFINED;
  TestImage(FormatId id, VkFormat vk_format, uint32_t levels)
      : desc(MakeImage2D(id, kW, kH, levels, kBase)), vk(vk_format) {
    EXPECT_TRUE(ComputeImageLayout(desc, &layout).ok());
    bytes.resize(layout.total_bytes);
  }
  TestImage(const TestImage&) = delete;
  void Register() { EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok()); }
  Image2D Vulkan() const { return Image2D{vk, kW, kH, desc.last_level + 1u, &layout, bytes}; }
};

// `words` through gcn::Execute on every lane, with VGPRs v4.. = the lane's `vaddr` words; returns
// v0..v3 of each lane.
std::vector<Words> RunTexunit(const Runtime& runtime, Gfx gfx, Encoding words, const TestImage& img,
                              const SamplerDesc& sampler, std::span<const Words> vaddr) {
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(gfx, img.desc, std::span(sgprs).subspan(8, 8)).ok());
  EXPECT_TRUE(EncodeSamplerDesc(gfx, sampler, std::span(sgprs).subspan(16, 4)).ok());
  std::vector<Words> out(vaddr.size());
  const Status st = ExecuteLanes(
      runtime, gfx, words, sgprs, img.memory, vaddr.size(),
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 4; ++k) r.v(4 + k) = vaddr[i][k];
        for (int k = 0; k < 4; ++k) r.v(k) = 0;
      },
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 4; ++k) out[i][k] = r.v(k);
      });
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
float Float(uint32_t b) { return std::bit_cast<float>(b); }

// Whether `x` (in texels) is within kOpenEpsilon of an integer.
bool NearInteger(double x) { return std::fabs(x - std::nearbyint(x)) < kOpenEpsilon; }

// A coordinate in [-1.5, 2.5], or (one time in ten) exactly at a texel edge (k / n) or centre
// ((k + 0.5) / n) of an n-texel axis, as binary32 rounds it.
float Coordinate(std::mt19937& rng, uint32_t n, bool centre) {
  if (rng() % 10 == 0) {
    const int k = static_cast<int>(rng() % (4 * n)) - static_cast<int>(3 * n / 2);
    return static_cast<float>((k + (centre ? 0.5 : 0.0)) / n);
  }
  return std::uniform_real_distribution<float>(-1.5f, 2.5f)(rng);
}

std::string Hex4(const Words& w) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%08x %08x %08x %08x", w[0], w[1], w[2], w[3]);
  return buf;
}
std::string Floats4(const Words& w) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), "(%.9g, %.9g, %.9g, %.9g)", Float(w[0]), Float(w[1]), Float(w[2]),
                Float(w[3]));
  return buf;
}

using GatherCompareConformance = LavapipeTest;

// ------------------------------------------------------------------------------------------------
// Gather on colour formats.

struct ColorFormat {
  FormatId id;
  VkFormat vk;
  bool unorm8;
};

// Whether lavapipe's word `lvp` departs from texunit's `ours` by one of the colour rules.
bool ColorRule(const ColorFormat& f, uint32_t ours, uint32_t lvp, Rule* rule) {
  if (f.unorm8) {
    const float code = std::nearbyint(Float(ours) * 255.0f);
    *rule = kUnormReciprocal;
    return Float(lvp) == code * (1.0f / 255.0f);
  }
  if (std::isnan(Float(ours))) {
    *rule = kNanQuieted;
    return (ours & 0x00400000u) == 0 && lvp == (ours | 0x00400000u);
  }
  *rule = kDenormal;
  const float l = Float(lvp);
  return std::fpclassify(l) == FP_SUBNORMAL && (ours & 0x7fffffffu) == 0 &&
         std::signbit(l) == std::signbit(Float(ours));
}

// The gather tests' formats and address modes.
const ColorFormat kGatherFormats[] = {
    {FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, true},
    {FormatId::kR16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, false},
    {FormatId::kR32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, false}};
const Address kGatherAddresses[] = {
    {kWrap, kWrap}, {kMirror, kMirror}, {kClamp, kClamp}, {kWrap, kMirror}, {kClamp, kWrap}};

// `row`: GATHER4H against gather_row.comp; otherwise GATHER4_LZ(_O) against gather_float.comp.
Tally RunGatherCase(const Runtime& runtime, VkRunner& runner, const ColorFormat& f,
                    const TestImage& img, const Address& address, std::mt19937& rng, bool row) {
  constexpr int kLanesPerGroup = 128;  // per (component, offset index)
  std::vector<Words> operands;         // the shader's (s, t, component, offset index)
  for (uint32_t comp = 0; comp < 4; ++comp) {
    for (uint32_t which = 0; which < (row ? 1 : kOffsetCount); ++which) {
      for (int i = 0; i < kLanesPerGroup; ++i) {
        const float s = Coordinate(rng, kW, true), t = Coordinate(rng, kH, true);
        operands.push_back({Bits(s), Bits(t), comp, which});
      }
    }
  }
  SamplerState state;
  state.mag = state.min = VK_FILTER_LINEAR;
  state.address_u = address.u.vulkan;
  state.address_v = address.v.vulkan;
  std::vector<Words> theirs;
  std::string error;
  Tally t;
  if (!runner.Run(img.Vulkan(), row ? "gather_row" : "gather_float", state, operands, &theirs,
                  &error)) {
    ADD_FAILURE() << "lavapipe: " << error;
    return t;
  }
  SamplerDesc sampler;
  sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
  sampler.clamp_x = address.u.texunit;
  sampler.clamp_y = address.v.texunit;
  sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kBilinear;

  for (size_t base = 0; base < operands.size(); base += kLanesPerGroup) {
    const uint32_t comp = operands[base][2], which = operands[base][3];
    const Encoding words = WithDmask(row          ? kGather4H
                                     : which == 0 ? kGather4Lz
                                                  : kGather4LzO,
                                     1u << comp);
    // texunit at the lane's coordinates and at the nudges around them.
    std::vector<Words> at[kNudges];
    for (int n = 0; n < kNudges; ++n) {
      const float dx = NudgeX(n) / kW, dy = NudgeY(n) / kH;
      std::vector<Words> vaddr(kLanesPerGroup);
      for (int i = 0; i < kLanesPerGroup; ++i) {
        const uint32_t s = Bits(Float(operands[base + i][0]) + dx);
        const uint32_t tt = Bits(Float(operands[base + i][1]) + dy);
        vaddr[i] = which == 0 ? Words{s, tt, 0, 0} : Words{PackOffset(which), s, tt, 0};
      }
      at[n] = RunTexunit(runtime, Gfx::kGfx9, words, img, sampler, vaddr);
    }
    for (int i = 0; i < kLanesPerGroup; ++i) {
      ++t.lanes;
      const float s = Float(operands[base + i][0]), tc = Float(operands[base + i][1]);
      const Words& ours = at[4][i];
      const Words& lvp = theirs[base + i];
      // Whether lavapipe's four words are texunit's `o`, exactly or by a rule.
      const auto matches = [&](const Words& o, bool* exact, int* rule) {
        *exact = true;
        for (int k = 0; k < 4; ++k) {
          if (o[k] == lvp[k]) continue;
          *exact = false;
          Rule r;
          if (!ColorRule(f, o[k], lvp[k], &r)) return false;
          *rule = r;
        }
        return true;
      };
      if (NearInteger(double(s) * kW - 0.5) || NearInteger(double(tc) * kH - 0.5)) {
        ++t.open;
        bool exact;
        int rule;
        if (matches(ours, &exact, &rule)) continue;
        bool other = false;
        for (int n = 0; n < kNudges && !other; ++n) other = matches(at[n][i], &exact, &rule);
        ++(other ? t.open_other : t.open_none);
        continue;
      }
      bool exact = false;
      int rule = 0;
      if (!matches(ours, &exact, &rule)) {
        char buf[512];
        std::snprintf(buf, sizeof(buf),
                      "%s%s component %u offset (%d, %d) s %.9g t %.9g: texunit %s %s, lavapipe "
                      "%s %s",
                      row ? "GATHER4H " : "", AddressName(address).c_str(), comp,
                      kOffsets[which][0], kOffsets[which][1], s, tc, Hex4(ours).c_str(),
                      Floats4(ours).c_str(), Hex4(lvp).c_str(), Floats4(lvp).c_str());
        t.Wrong(buf);
      } else if (exact) {
        ++t.exact;
      } else {
        ++t.classified;
        ++t.by_rule[rule];
      }
    }
  }
  return t;
}

TEST_F(GatherCompareConformance, GatherMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const auto start = std::chrono::steady_clock::now();
  Tally total;
  for (const ColorFormat& f : kGatherFormats) {
    ASSERT_TRUE(runner()->CanSample(f.vk)) << FormatName(f.id);
    TestImage img(f.id, f.vk, 1);
    std::mt19937 rng(static_cast<uint32_t>(f.id) * 7919u + 3u);
    for (auto& b : img.bytes) b = static_cast<uint8_t>(rng());
    img.Register();
    Tally group;
    for (const Address& a : kGatherAddresses) {
      const Tally t = RunGatherCase(runtime(), *runner(), f, img, a, rng, /*row=*/false);
      t.Print(std::string("gather ") + FormatName(f.id) + " " + AddressName(a), false);
      EXPECT_EQ(t.wrong, 0) << "gather " << FormatName(f.id) << ", first: " << t.first_wrong;
      group.Add(t);
    }
    group.Print(std::string("= gather ") + FormatName(f.id), false);
    total.Add(group);
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("gather: %d lanes, %d exact, %d classified%s, %d open, %d wrong, %.2f s (%s)\n",
              total.lanes, total.exact, total.classified, total.Rules().c_str(), total.open,
              total.wrong, secs, runner()->device_name().c_str());
  EXPECT_GT(total.exact + total.classified, 25000);
}

// IMAGE_GATHER4H against textureGatherOffsets with the row's offsets, on the gather test's images
// and address modes.
TEST_F(GatherCompareConformance, GatherRowMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  if (!runner()->CanGatherOffsets()) GTEST_SKIP() << "no shaderImageGatherExtended";
  Tally total;
  for (const ColorFormat& f : kGatherFormats) {
    TestImage img(f.id, f.vk, 1);
    std::mt19937 rng(static_cast<uint32_t>(f.id) * 7907u + 5u);
    for (auto& b : img.bytes) b = static_cast<uint8_t>(rng());
    img.Register();
    for (const Address& a : kGatherAddresses) {
      const Tally t = RunGatherCase(runtime(), *runner(), f, img, a, rng, /*row=*/true);
      t.Print(std::string("gather row ") + FormatName(f.id) + " " + AddressName(a), false);
      EXPECT_EQ(t.wrong, 0) << "gather row " << FormatName(f.id) << ", first: " << t.first_wrong;
      total.Add(t);
    }
  }
  std::printf("gather row: %d lanes, %d exact, %d classified%s, %d open, %d wrong (%s)\n",
              total.lanes, total.exact, total.classified, total.Rules().c_str(), total.open,
              total.wrong, runner()->device_name().c_str());
  EXPECT_GT(total.exact + total.classified, 5000);
}

// ------------------------------------------------------------------------------------------------
// Depth compare.

struct DepthFormat {
  FormatId id;
  VkFormat vk;
  bool unorm16;
};

// texunit's decode of a D16 code (the correctly rounded c / 65535) and lavapipe's.
float DecodeD16(uint32_t c) { return static_cast<float>(c) / 65535.0f; }
float LavapipeD16(uint32_t c) { return static_cast<float>(c) * (1.0f / 65535.0f); }

// D16 codes whose two decodes differ (the interesting refs), and a palette of depth values.
std::vector<uint32_t> SplitCodes() {
  std::vector<uint32_t> codes;
  for (uint32_t c = 0; c <= 65535 && codes.size() < 64; c += 97) {
    if (DecodeD16(c) != LavapipeD16(c)) codes.push_back(c);
  }
  return codes;
}
constexpr float kDepthPalette[] = {0.0f, 1.0f, 0.25f, 0.5f, 1.0f / 3, 0.7f};
constexpr uint32_t kCodePalette[] = {0, 65535, 1, 21845, 32768, 65534};

struct DepthImages {
  TestImage depth;
  // For D16: an R32_FLOAT image of the same texels decoded, compared with the ref unclamped; it
  // shows which lanes D16's reference clamp decides.
  TestImage twin;
  DepthImages(const DepthFormat& f)
      : depth(f.id, f.vk, kDepthLevels),
        twin(FormatId::kR32_FLOAT, VK_FORMAT_D32_SFLOAT, kDepthLevels) {}
};

void FillDepth(const DepthFormat& f, DepthImages* imgs, std::mt19937& rng) {
  const std::vector<uint32_t> split = SplitCodes();
  const size_t texels = imgs->depth.bytes.size() / (f.unorm16 ? 2 : 4);
  for (size_t i = 0; i < texels; ++i) {
    const uint32_t pick = rng() % 10;
    if (f.unorm16) {
      const uint32_t c = pick < 5   ? kCodePalette[rng() % 6]
                         : pick < 7 ? split[rng() % split.size()]
                                    : rng() % 65536;
      const uint16_t c16 = static_cast<uint16_t>(c);
      std::memcpy(&imgs->depth.bytes[2 * i], &c16, 2);
    } else {
      const float d = pick < 6 ? kDepthPalette[rng() % 6]
                               : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
      std::memcpy(&imgs->depth.bytes[4 * i], &d, 4);
    }
  }
  // The twin: the same texels as texunit decodes them (its layout has the same level order).
  for (uint32_t l = 0; l < kDepthLevels; ++l) {
    const LevelLayout& a = imgs->depth.layout.levels[l];
    const LevelLayout& b = imgs->twin.layout.levels[l];
    for (uint32_t y = 0; y < a.height; ++y) {
      for (uint32_t x = 0; x < a.width; ++x) {
        float d;
        if (f.unorm16) {
          uint16_t c;
          std::memcpy(&c, &imgs->depth.bytes[a.offset + (y * a.pitch + x) * 2], 2);
          d = DecodeD16(c);
        } else {
          std::memcpy(&d, &imgs->depth.bytes[a.offset + (y * a.pitch + x) * 4], 4);
        }
        std::memcpy(&imgs->twin.bytes[b.offset + (y * b.pitch + x) * 4], &d, 4);
      }
    }
  }
  imgs->depth.Register();
  imgs->twin.Register();
}

// A reference value: random in [0, 1], a palette depth, a texel value as lavapipe decodes it
// (D16), outside [0, 1], or NaN.
float Reference(const DepthFormat& f, std::mt19937& rng) {
  static const std::vector<uint32_t> split = SplitCodes();
  const uint32_t pick = rng() % 100;
  if (pick < 30) return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
  if (pick < 60) {
    return f.unorm16 ? DecodeD16(rng() % 2 ? kCodePalette[rng() % 6] : split[rng() % split.size()])
                     : kDepthPalette[rng() % 6];
  }
  if (pick < 75) {
    return f.unorm16
               ? LavapipeD16(rng() % 2 ? kCodePalette[rng() % 6] : split[rng() % split.size()])
               : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
  }
  if (pick < 97) {
    const float out = std::uniform_real_distribution<float>(0.0f, 0.5f)(rng);
    return rng() % 2 ? -out : 1.0f + out;
  }
  return std::numeric_limits<float>::quiet_NaN();
}

// lavapipe's compare result for one texel whose value texunit reads as `d` (exactly what
// texunit's own compare is, but for the two D16 rules): the ref clamped to [0, 1] with a NaN
// becoming 1 (kNanRef), the texel decoded as float(c) * (1.0f / 65535) (kD16Reciprocal).
float LavapipePass(const DepthFormat& f, int op, float ref, float d) {
  if (f.unorm16) {
    ref = std::isnan(ref) ? 1.0f : std::clamp(ref, 0.0f, 1.0f);
    d = LavapipeD16(static_cast<uint32_t>(std::nearbyint(d * 65535.0f)));
  }
  return Compare(op, ref, d) ? 1.0f : 0.0f;
}

// The rule a lane that matches lavapipe's model but not texunit falls under.
Rule DepthRule(float ref) { return std::isnan(ref) ? kNanRef : kD16Reciprocal; }

SamplerDesc DepthSampler(const Address& a, bool linear, int op) {
  SamplerDesc s;
  s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
  s.clamp_x = a.u.texunit;
  s.clamp_y = a.v.texunit;
  s.xy_mag_filter = s.xy_min_filter = linear ? XyFilter::kBilinear : XyFilter::kPoint;
  s.mip_filter = MipFilter::kPoint;
  s.max_lod = (kDepthLevels - 1) * 256;
  s.depth_compare_func = static_cast<CompareFunc>(op);
  return s;
}

SamplerState DepthState(const Address& a, bool linear, int op) {
  SamplerState s;
  s.mag = s.min = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  s.mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  s.address_u = a.u.vulkan;
  s.address_v = a.v.vulkan;
  s.compare_enable = true;
  s.compare_op = static_cast<VkCompareOp>(op);
  return s;
}

// The level a mip-NEAREST lookup at `lod` reads (lods never come near k + 0.5).
uint32_t LevelOf(float lod) {
  return static_cast<uint32_t>(
      std::clamp(std::floor(lod + 0.5f), 0.0f, static_cast<float>(kDepthLevels - 1)));
}
float LevelWidth(uint32_t level) { return static_cast<float>(std::max(1u, kW >> level)); }
float LevelHeight(uint32_t level) { return static_cast<float>(std::max(1u, kH >> level)); }

// The bilinear weights of GATHER4's data[0..3] = (i0,j1), (i1,j1), (i1,j0), (i0,j0) at texel
// coordinates (u, v), as texunit forms them.
std::array<float, 4> GatherWeights(float u, float v) {
  const float a = (u - 0.5f) - std::floor(u - 0.5f), b = (v - 0.5f) - std::floor(v - 0.5f);
  return {(1 - a) * b, a * b, a * (1 - b), (1 - a) * (1 - b)};
}

// Lanes whose result the reference clamp decides (judged lanes, NaN refs apart), and those of
// them where lavapipe agrees with texunit.
struct ClampCheck {
  int sensitive = 0, agree = 0;
};

// textureLod(sampler2DShadow) vs IMAGE_SAMPLE_C_L for one format, filter, op and address pair.
Tally RunShadowLodCase(const Runtime& runtime, VkRunner& runner, const DepthFormat& f,
                       const DepthImages& imgs, const Address& address, bool linear, int op,
                       std::mt19937& rng, ClampCheck* clamp) {
  constexpr int kLanes = 256;
  std::vector<Words> operands(kLanes);  // the shader's (s, t, ref, lod)
  for (int i = 0; i < kLanes; ++i) {
    const float lod = static_cast<float>(static_cast<int>(rng() % 5) - 1) +
                      std::uniform_real_distribution<float>(-0.4f, 0.4f)(rng);
    const uint32_t level = LevelOf(lod);
    const float s = Coordinate(rng, std::max(1u, kW >> level), linear);
    const float tc = Coordinate(rng, std::max(1u, kH >> level), linear);
    operands[i] = {Bits(s), Bits(tc), Bits(Reference(f, rng)), Bits(lod)};
  }
  Tally t;
  std::vector<Words> theirs;
  std::string error;
  if (!runner.Run(imgs.depth.Vulkan(), "shadow_lod", DepthState(address, linear, op), operands,
                  &theirs, &error)) {
    ADD_FAILURE() << "lavapipe: " << error;
    return t;
  }
  const SamplerDesc sampler = DepthSampler(address, linear, op);
  // texunit's compare at each nudge, and the texels it reads there (the point texel, or the
  // four of the bilinear footprint) for lavapipe's model. Linear lanes are never open: only the
  // lane itself is needed.
  std::vector<Words> compared[kNudges], texels[kNudges], st[kNudges];
  for (int n = 0; n < kNudges; ++n) {
    if (linear && n != 4) continue;
    std::vector<Words> sample_c(kLanes), sample(kLanes);
    st[n].resize(kLanes);
    for (int i = 0; i < kLanes; ++i) {
      const uint32_t level = LevelOf(Float(operands[i][3]));
      const uint32_t s = Bits(Float(operands[i][0]) + NudgeX(n) / LevelWidth(level));
      const uint32_t tc = Bits(Float(operands[i][1]) + NudgeY(n) / LevelHeight(level));
      st[n][i] = {s, tc, 0, 0};
      sample_c[i] = {operands[i][2], s, tc, operands[i][3]};
      sample[i] = {s, tc, operands[i][3], 0};
    }
    compared[n] = RunTexunit(runtime, Gfx::kGfx8, kSampleCL, imgs.depth, sampler, sample_c);
    texels[n] =
        RunTexunit(runtime, Gfx::kGfx8, linear ? kGather4L : kSampleL, imgs.depth, sampler, sample);
  }
  // The unclamped comparison (D16 only), for the clamp check.
  std::vector<Words> unclamped;
  if (f.unorm16) {
    std::vector<Words> sample_c(kLanes);
    for (int i = 0; i < kLanes; ++i) {
      sample_c[i] = {operands[i][2], operands[i][0], operands[i][1], operands[i][3]};
    }
    unclamped = RunTexunit(runtime, Gfx::kGfx8, kSampleCL, imgs.twin, sampler, sample_c);
  }

  const float tolerance = linear ? kLinearTolerance : 0.0f;
  for (int i = 0; i < kLanes; ++i) {
    ++t.lanes;
    const float s = Float(operands[i][0]), tc = Float(operands[i][1]);
    const float ref = Float(operands[i][2]), lod = Float(operands[i][3]);
    const uint32_t level = LevelOf(lod);
    const float w = LevelWidth(level), h = LevelHeight(level);
    const float o = Float(compared[4][i][0]), l = Float(theirs[i][0]);
    const auto close = [&](float x) { return std::fabs(x - l) <= tolerance; };
    // lavapipe's model at nudge n.
    const auto model = [&](int n) {
      if (!linear) return LavapipePass(f, op, ref, Float(texels[n][i][0]));
      const auto wts = GatherWeights(Float(st[n][i][0]) * w, Float(st[n][i][1]) * h);
      float r = 0;
      for (int k = 0; k < 4; ++k) r += wts[k] * LavapipePass(f, op, ref, Float(texels[n][i][k]));
      return r;
    };
    if (!linear && (NearInteger(double(s) * w) || NearInteger(double(tc) * h))) {
      ++t.open;
      if (close(o) || close(model(4))) continue;
      bool other = false;
      for (int n = 0; n < kNudges && !other; ++n) {
        other = close(Float(compared[n][i][0])) || close(model(n));
      }
      ++(other ? t.open_other : t.open_none);
      continue;
    }
    // The clamp check. D16: lanes where the same texels compared with the ref unclamped (the
    // R32_FLOAT twin) give another result. D32 (nearest): lanes where a clamped ref would.
    if (!std::isnan(ref)) {
      const float d = Float(texels[4][i][0]);
      const bool sensitive =
          f.unorm16 ? Float(unclamped[i][0]) != o
                    : !linear && Compare(op, ref, d) != Compare(op, std::clamp(ref, 0.0f, 1.0f), d);
      if (sensitive) {
        ++clamp->sensitive;
        if (close(o)) ++clamp->agree;
      }
    }
    const bool binary = linear || ((o == 0.0f || o == 1.0f) && (l == 0.0f || l == 1.0f));
    if (binary && close(o)) {
      if (linear) t.worst = std::max(t.worst, std::fabs(o - l));
      ++t.exact;
      continue;
    }
    if (binary && close(model(4))) {
      ++t.classified;
      ++t.by_rule[DepthRule(ref)];
      continue;
    }
    char buf[512];
    std::snprintf(buf, sizeof(buf),
                  "%s %s %s s %.9g t %.9g ref %.9g lod %.9g: texunit %.9g, lavapipe %.9g "
                  "(texel(s) %s)",
                  kCompareNames[op], linear ? "linear" : "nearest", AddressName(address).c_str(), s,
                  tc, ref, lod, o, l, Floats4(texels[4][i]).c_str());
    t.Wrong(buf);
  }
  return t;
}

// textureGather(sampler2DShadow) vs IMAGE_GATHER4_C_LZ(_O) for one format, op and address pair.
Tally RunShadowGatherCase(const Runtime& runtime, VkRunner& runner, const DepthFormat& f,
                          const DepthImages& imgs, const Address& address, int op,
                          std::mt19937& rng, ClampCheck* clamp) {
  constexpr int kLanesPerGroup = 64;  // per offset index
  std::vector<Words> operands;        // the shader's (s, t, ref, offset index)
  for (uint32_t which = 0; which < kOffsetCount; ++which) {
    for (int i = 0; i < kLanesPerGroup; ++i) {
      const float s = Coordinate(rng, kW, true), tc = Coordinate(rng, kH, true);
      operands.push_back({Bits(s), Bits(tc), Bits(Reference(f, rng)), which});
    }
  }
  Tally t;
  std::vector<Words> theirs;
  std::string error;
  if (!runner.Run(imgs.depth.Vulkan(), "gather_shadow", DepthState(address, true, op), operands,
                  &theirs, &error)) {
    ADD_FAILURE() << "lavapipe: " << error;
    return t;
  }
  const SamplerDesc sampler = DepthSampler(address, true, op);
  for (size_t base = 0; base < operands.size(); base += kLanesPerGroup) {
    const uint32_t which = operands[base][3];
    // At each nudge: texunit's compare gather and the texels it gathers (for lavapipe's model).
    std::vector<Words> compared[kNudges], texels[kNudges];
    for (int n = 0; n < kNudges; ++n) {
      std::vector<Words> gather_c(kLanesPerGroup), gather(kLanesPerGroup);
      for (int i = 0; i < kLanesPerGroup; ++i) {
        const uint32_t s = Bits(Float(operands[base + i][0]) + NudgeX(n) / kW);
        const uint32_t tc = Bits(Float(operands[base + i][1]) + NudgeY(n) / kH);
        const uint32_t ref = operands[base + i][2];
        gather_c[i] = which == 0 ? Words{ref, s, tc, 0} : Words{PackOffset(which), ref, s, tc};
        gather[i] = which == 0 ? Words{s, tc, 0, 0} : Words{PackOffset(which), s, tc, 0};
      }
      compared[n] = RunTexunit(runtime, Gfx::kGfx9, which == 0 ? kGather4CLz : kGather4CLzO,
                               imgs.depth, sampler, gather_c);
      texels[n] = RunTexunit(runtime, Gfx::kGfx9, which == 0 ? kGather4Lz : kGather4LzO, imgs.depth,
                             sampler, gather);
    }
    for (int i = 0; i < kLanesPerGroup; ++i) {
      ++t.lanes;
      const float s = Float(operands[base + i][0]), tc = Float(operands[base + i][1]);
      const float ref = Float(operands[base + i][2]);
      const Words& ours = compared[4][i];
      const Words& lvp = theirs[base + i];
      const auto model = [&](int n) {
        Words m;
        for (int k = 0; k < 4; ++k) m[k] = Bits(LavapipePass(f, op, ref, Float(texels[n][i][k])));
        return m;
      };
      if (NearInteger(double(s) * kW - 0.5) || NearInteger(double(tc) * kH - 0.5)) {
        ++t.open;
        if (ours == lvp || model(4) == lvp) continue;
        bool other = false;
        for (int n = 0; n < kNudges && !other; ++n)
          other = compared[n][i] == lvp || model(n) == lvp;
        ++(other ? t.open_other : t.open_none);
        continue;
      }
      // The clamp check: a texel whose compare a clamped ref changes.
      bool sensitive = false;
      for (int k = 0; k < 4 && !std::isnan(ref); ++k) {
        const float d = Float(texels[4][i][k]);
        sensitive = sensitive || Compare(op, ref, d) != Compare(op, std::clamp(ref, 0.0f, 1.0f), d);
      }
      if (sensitive) {
        ++clamp->sensitive;
        if (ours == lvp) ++clamp->agree;
      }
      if (ours == lvp) {  // 0.0f and 1.0f words: equal words are the same compare results
        ++t.exact;
        continue;
      }
      if (model(4) == lvp) {
        ++t.classified;
        ++t.by_rule[DepthRule(ref)];
        continue;
      }
      char buf[512];
      std::snprintf(buf, sizeof(buf),
                    "%s %s offset (%d, %d) s %.9g t %.9g ref %.9g: texunit %s, lavapipe %s "
                    "(texels %s)",
                    kCompareNames[op], AddressName(address).c_str(), kOffsets[which][0],
                    kOffsets[which][1], s, tc, ref, Floats4(ours).c_str(), Floats4(lvp).c_str(),
                    Floats4(texels[4][i]).c_str());
      t.Wrong(buf);
    }
  }
  return t;
}

TEST_F(GatherCompareConformance, DepthCompareMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const auto start = std::chrono::steady_clock::now();
  const DepthFormat formats[] = {{FormatId::kR32_FLOAT, VK_FORMAT_D32_SFLOAT, false},
                                 {FormatId::kR16_UNORM, VK_FORMAT_D16_UNORM, true}};
  const Address addresses[] = {{kWrap, kWrap}, {kMirror, kMirror}, {kClamp, kClamp}};
  Tally total;
  for (const DepthFormat& f : formats) {
    ASSERT_TRUE(runner()->CanSample(f.vk)) << FormatName(f.id);
    if (!runner()->CanFilterLinear(f.vk)) {
      std::printf(
          "  (lavapipe does not advertise FILTER_LINEAR for %s: Vulkan then lets a linear "
          "depth compare be filtered in an implementation-dependent way)\n",
          f.unorm16 ? "D16_UNORM" : "D32_SFLOAT");
    }
    DepthImages imgs(f);
    std::mt19937 rng(static_cast<uint32_t>(f.id) * 104729u + 11u);
    FillDepth(f, &imgs, rng);
    const std::string vk_name = f.unorm16 ? "D16_UNORM" : "D32_SFLOAT";
    ClampCheck clamp;
    for (bool linear : {false, true}) {
      Tally group;
      for (const Address& a : addresses) {
        Tally t;
        for (int op = 0; op < 8; ++op) {
          const Tally c =
              RunShadowLodCase(runtime(), *runner(), f, imgs, a, linear, op, rng, &clamp);
          EXPECT_EQ(c.wrong, 0) << "textureLod shadow " << vk_name << ", first: " << c.first_wrong;
          t.Add(c);
        }
        t.Print("shadow " + std::string(linear ? "linear " : "nearest ") + vk_name + " " +
                    AddressName(a),
                linear);
        group.Add(t);
      }
      group.Print("= shadow " + std::string(linear ? "linear " : "nearest ") + vk_name, linear);
      total.Add(group);
    }
    Tally group;
    for (const Address& a : addresses) {
      Tally t;
      for (int op = 0; op < 8; ++op) {
        const Tally c = RunShadowGatherCase(runtime(), *runner(), f, imgs, a, op, rng, &clamp);
        EXPECT_EQ(c.wrong, 0) << "textureGather shadow " << vk_name << ", first: " << c.first_wrong;
        t.Add(c);
      }
      t.Print("shadow gather " + vk_name + " " + AddressName(a), false);
      group.Add(t);
    }
    group.Print("= shadow gather " + vk_name, false);
    total.Add(group);
    // D16: texunit clamps the ref to [0, 1] (UNORM depth); D32: it does not (float depth).
    std::printf(
        "  %s reference clamp: %d judged lanes where clamping ref to [0, 1] %s the result "
        "(texunit %s), lavapipe agrees on %d\n",
        vk_name.c_str(), clamp.sensitive, f.unorm16 ? "decides" : "would change",
        f.unorm16 ? "clamps" : "does not clamp", clamp.agree);
    EXPECT_GT(clamp.sensitive, 100);
    EXPECT_EQ(clamp.agree, clamp.sensitive);
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "depth compare: %d lanes, %d exact, %d classified%s, %d open, %d wrong, %.2f s (%s)\n",
      total.lanes, total.exact, total.classified, total.Rules().c_str(), total.open, total.wrong,
      secs, runner()->device_name().c_str());
  EXPECT_GT(total.exact, 30000);
}

}  // namespace
}  // namespace texunit::conformance
