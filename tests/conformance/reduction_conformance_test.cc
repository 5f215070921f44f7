// Min/max reduction (S# FILTER_MODE 1 = MIN, 2 = MAX; docs/sampling.md "Reduction") against
// lavapipe's VkSamplerReductionModeCreateInfo MIN / MAX (VK_EXT_sampler_filter_minmax), which it
// supports on R32_SFLOAT, D32_SFLOAT and R8_UNORM only (lavapipe.md): textureLod
// (shaders/lod_float.comp) against IMAGE_SAMPLE_L, and textureLod(st, 0) against IMAGE_SAMPLE_LZ
// (one lane in four), through gcn::Execute with GFX8 words. 13x11 images with 4 levels (13x11,
// 6x5, 3x2, 1x1) of random values in [0, 1] (R32_FLOAT, also uploaded as D32_SFLOAT) or random
// bytes (R8_UNORM); the T# has DST_SEL X,0,0,1 as a driver sets it for one-channel formats.
// Cases: NEAREST and LINEAR (mag = min: with mag != min lavapipe applies one filter to its whole
// SIMD vector, lavapipe.md item 14), mip NEAREST and LINEAR, REPEAT, MIRRORED_REPEAT,
// CLAMP_TO_EDGE and CLAMP_TO_BORDER with OPAQUE_BLACK and OPAQUE_WHITE, MIN and MAX; random
// coordinates in [-1.5, 2.5] and LODs in [-1, 4.5].
//
// Judging (Vulkan: a MIN/MAX reduction is the component-wise min or max of the texels that would
// have a non-zero weight; subTexelPrecisionBits 8, mipmapPrecisionBits 4):
//  - open (counted, not judged): where Vulkan leaves the set of texels open: a NEAREST lookup
//    within 2^-8 texel of a texel edge, a LINEAR one with u - 0.5 or v - 0.5 within 2^-8 texel
//    of an integer (a weight within 2^-8 of 0 may be 0 at 8 subtexel bits, and the texel then
//    takes no part), on either axis of each level read; mip NEAREST within 1/16 of
//    lambda = k + 0.5 (lavapipe rounds half to even, item 9);
//  - a reduction picks a texel's value, so single-level results must be equal: bit for bit on
//    R32_FLOAT / D32_SFLOAT, within 2^-20 on R8_UNORM (lavapipe decodes c * (1/255), one ulp off
//    c / 255, item 3);
//  - mip LINEAR with a fraction f > 0 is judged apart, since lavapipe lerps the two levels'
//    min/max results (item 14) while texunit (and Vulkan's "component-wise min/max of the texels
//    that would have non-zero weight") reduces across both levels: texunit must equal exactly
//    min/max of its own results at the two levels (separate IMAGE_SAMPLE_L runs at LOD d0 and
//    d1); lavapipe's results at LOD d0 and d1 must match those as single-level results; and
//    lavapipe's blended result must lie between the two levels' values (within the single-level
//    tolerance). Lanes where the two sides differ are counted ("lerped").
//  - every channel is judged, CLAMP_TO_BORDER with OPAQUE_WHITE included: Vulkan substitutes the
//    missing G, B, A of a one-channel format ((r, 0, 0, 1)) for real texels and leaves a border
//    texel's to VK_EXT_border_color_swizzle; lavapipe returns (1, 0, 0, 1) there (measured), as
//    texunit's DST_SEL X,0,0,1 does.
//
// What lavapipe does here (Mesa 22.3.6, LLVM 15), measured by this test: single-level MIN/MAX
// results equal texunit's on every judged lane; with mip LINEAR it lerps the two levels' results
// (item 14), so on about half the blended lanes its value lies strictly between texunit's two
// level values while texunit returns their min/max.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 13, kH = 11, kLevels = 4;
constexpr int kLanes = 256;
// llvm-mc-14 -arch=amdgcn -mcpu=tonga -show-encoding:
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf       (s, t, lod)
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};
// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf      (s, t)
constexpr uint32_t kSampleLz[] = {0xf09c0f00, 0x00820004};

struct Format {
  FormatId id;
  VkFormat vk;
  const char* name;
  float tolerance;  // single-level results
};

struct Address {
  Mode mode;
  BorderColorType border;  // for CLAMP_TO_BORDER
  const char* name;
};

struct Case {
  bool linear, mip_linear, max;
  Address address;
};

std::string CaseName(const Case& c) {
  return std::string(c.max ? "MAX " : "MIN ") + (c.linear ? "linear" : "nearest") + ", mip " +
         (c.mip_linear ? "linear" : "nearest") + ", " + c.address.name;
}

// Whether the texels a lookup at level `level` reads are in doubt (see the header).
bool OpenFootprint(float s, float t, uint32_t level, bool linear) {
  const double u = double(s) * std::max(1u, kW >> level);
  const double v = double(t) * std::max(1u, kH >> level);
  const double shift = linear ? 0.5 : 0.0;
  return NearInteger(u - shift, 1.0 / 256) || NearInteger(v - shift, 1.0 / 256);
}

using ReductionConformance = LavapipeTest;

TEST_F(ReductionConformance, MinMaxMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const Format formats[] = {
      {FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, "R32_SFLOAT", 0.0f},
      {FormatId::kR32_FLOAT, VK_FORMAT_D32_SFLOAT, "D32_SFLOAT", 0.0f},
      {FormatId::kR8_UNORM, VK_FORMAT_R8_UNORM, "R8_UNORM", 1.0f / (1 << 20)}};
  const Address addresses[] = {{kWrap, BorderColorType::kTransBlack, "repeat"},
                               {kMirror, BorderColorType::kTransBlack, "mirror"},
                               {kClamp, BorderColorType::kTransBlack, "clamp"},
                               {kBorder, BorderColorType::kOpaqueBlack, "border black"},
                               {kBorder, BorderColorType::kOpaqueWhite, "border white"}};
  std::vector<Case> cases;
  for (bool max : {false, true}) {
    for (bool linear : {false, true}) {
      for (bool mip_linear : {false, true}) {
        for (const Address& a : addresses) cases.push_back({linear, mip_linear, max, a});
      }
    }
  }
  LaneTally total;
  int blended = 0, lerped = 0, lz = 0;
  for (const Format& f : formats) {
    if (!runner()->CanReduce(f.vk)) {
      ADD_FAILURE() << "lavapipe cannot reduce " << f.name << " (lavapipe.md says it can)";
      continue;
    }
    ImageDesc desc = MakeImage2D(f.id, kW, kH, kLevels, kBase);
    desc.dst_sel[1] = desc.dst_sel[2] = DstSel::k0;
    desc.dst_sel[3] = DstSel::k1;
    HostImage img(desc);
    std::mt19937 rng(static_cast<uint32_t>(f.vk) * 7877u + 5u);
    img.FillAndRegister(f.id == FormatId::kR8_UNORM, rng);
    const Image2D vk_image = img.Vulkan(f.vk);

    for (const Case& c : cases) {
      std::uniform_real_distribution<float> coord(-1.5f, 2.5f), lod(-1.0f, 4.5f);
      std::vector<LaneWords> ops(kLanes);  // (s, t, lod): lavapipe's operands, texunit's VADDR
      for (int i = 0; i < kLanes; ++i) {
        // One lane in four is a SAMPLE_LZ lane: lod 0 for lavapipe.
        ops[i] = {FloatBits(coord(rng)), FloatBits(coord(rng)), FloatBits(i % 4 ? lod(rng) : 0.0f),
                  0};
      }
      // The two levels a mip-LINEAR lane blends (d0 = d1 when it reads one), as integral LODs.
      std::vector<LaneWords> at_d0 = ops, at_d1 = ops;
      std::vector<LevelChoice> levels(kLanes);
      for (int i = 0; i < kLanes; ++i) {
        levels[i] = ChooseLevels(BitsFloat(ops[i][2]), kLevels, c.mip_linear);
        const LevelChoice linear = ChooseLevels(BitsFloat(ops[i][2]), kLevels, true);
        at_d0[i][2] = FloatBits(static_cast<float>(linear.d0));
        at_d1[i][2] = FloatBits(static_cast<float>(linear.d1));
      }

      SamplerDesc sampler;
      sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
      sampler.clamp_x = sampler.clamp_y = c.address.mode.texunit;
      sampler.xy_mag_filter = sampler.xy_min_filter =
          c.linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.mip_filter = c.mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
      sampler.max_lod = 15 * 256;
      sampler.filter_mode = c.max ? FilterMode::kMax : FilterMode::kMin;
      sampler.border_color_type = c.address.border;
      const auto ours = RunMimg(runtime(), kSampleL, img.desc, sampler, img.memory, ops);
      const auto ours_lz = RunMimg(runtime(), kSampleLz, img.desc, sampler, img.memory, ops);
      std::vector<LaneWords> ours_d0, ours_d1;
      if (c.mip_linear) {
        ours_d0 = RunMimg(runtime(), kSampleL, img.desc, sampler, img.memory, at_d0);
        ours_d1 = RunMimg(runtime(), kSampleL, img.desc, sampler, img.memory, at_d1);
      }

      SamplerState state;
      state.mag = state.min = c.linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.mip = c.mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
      state.address_u = state.address_v = c.address.mode.vulkan;
      state.reduction = c.max ? VK_SAMPLER_REDUCTION_MODE_MAX : VK_SAMPLER_REDUCTION_MODE_MIN;
      state.border_color = c.address.border == BorderColorType::kOpaqueWhite
                               ? VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE
                               : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
      // One dispatch: the lanes, then (mip LINEAR) the same lanes at d0 and at d1.
      std::vector<LaneWords> all = ops, theirs;
      if (c.mip_linear) {
        all.insert(all.end(), at_d0.begin(), at_d0.end());
        all.insert(all.end(), at_d1.begin(), at_d1.end());
      }
      std::string error;
      ASSERT_TRUE(runner()->Run(vk_image, "lod_float", state, all, &theirs, &error)) << error;
      const LaneWords* theirs_d0 = theirs.data() + kLanes;
      const LaneWords* theirs_d1 = theirs.data() + 2 * kLanes;

      LaneTally t;
      for (int i = 0; i < kLanes; ++i) {
        const float s = BitsFloat(ops[i][0]), tc = BitsFloat(ops[i][1]);
        const float lod_in = BitsFloat(ops[i][2]);
        const bool is_lz = i % 4 == 0;
        const LevelChoice& lc = levels[i];
        const uint32_t d0 = lc.d0, d1 = lc.d1;
        const bool blend = c.mip_linear && lc.f > 0.0f;
        const bool open = lc.open || OpenFootprint(s, tc, d0, c.linear) ||
                          (blend && OpenFootprint(s, tc, d1, c.linear));
        if (open) {
          ++t.open;
          continue;
        }
        ++t.judged;
        const LaneWords& o = is_lz ? ours_lz[i] : ours[i];
        const LaneWords& l = theirs[i];
        char where[160];
        std::snprintf(where, sizeof(where), "%s %s, s %.9g t %.9g lod %.9g%s", f.name,
                      CaseName(c).c_str(), s, tc, lod_in, is_lz ? " (SAMPLE_LZ)" : "");
        const auto same = [&](float a, float b, float tol) { return std::fabs(a - b) <= tol; };
        for (int k = 0; k < 4; ++k) {
          char buf[512];
          if (!blend) {
            const float a = BitsFloat(o[k]), b = BitsFloat(l[k]);
            if (!same(a, b, f.tolerance)) {
              std::snprintf(buf, sizeof(buf), "%s channel %d: texunit %.9g, lavapipe %.9g", where,
                            k, a, b);
              t.Wrong(buf);
              break;
            }
            t.worst = std::max(t.worst, std::fabs(a - b));
            continue;
          }
          // Mip LINEAR, f > 0.
          const float a = BitsFloat(o[k]), b = BitsFloat(l[k]);
          const float o0 = BitsFloat(ours_d0[i][k]), o1 = BitsFloat(ours_d1[i][k]);
          const float l0 = BitsFloat(theirs_d0[i][k]), l1 = BitsFloat(theirs_d1[i][k]);
          const float want = c.max ? std::max(o0, o1) : std::min(o0, o1);
          const float lo = std::min(o0, o1) - f.tolerance, hi = std::max(o0, o1) + f.tolerance;
          if (a != want || !same(o0, l0, f.tolerance) || !same(o1, l1, f.tolerance) || b < lo ||
              b > hi) {
            std::snprintf(buf, sizeof(buf),
                          "%s channel %d (levels %u, %u): texunit %.9g (its levels %.9g, %.9g), "
                          "lavapipe %.9g (its levels %.9g, %.9g)",
                          where, k, d0, d1, a, o0, o1, b, l0, l1);
            t.Wrong(buf);
            break;
          }
          if (k == 0 && !same(a, b, f.tolerance)) ++lerped;
        }
        if (blend) ++blended;
        if (is_lz) ++lz;
      }
      std::printf("  %-11s %-40s %3d judged (largest difference %.3g), %3d open, %d wrong\n",
                  f.name, CaseName(c).c_str(), t.judged, t.worst, t.open, t.wrong);
      EXPECT_EQ(t.wrong, 0) << t.first_wrong;
      total.Add(t);
    }
  }
  std::printf(
      "reduction: %d lanes judged (%d SAMPLE_LZ, %d mip-LINEAR blends, of which lavapipe's lerp "
      "differs from texunit's reduction on %d), %d open (%s)\n",
      total.judged, lz, blended, lerped, total.open, runner()->device_name().c_str());
  EXPECT_GT(total.judged, 25000);
  EXPECT_GT(blended, 1000);
}

}  // namespace
}  // namespace texunit::conformance
