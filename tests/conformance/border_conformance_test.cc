// Border colours (docs/sampling.md "Border color") against lavapipe: CLAMP_TO_BORDER with the
// three fixed colours (S# BORDER_COLOR_TYPE TRANS_BLACK, OPAQUE_BLACK, OPAQUE_WHITE against
// VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK, _OPAQUE_BLACK, _OPAQUE_WHITE) and custom colours
// (S# BORDER_COLOR_TYPE REGISTER with BORDER_COLOR_PTR into the wave's border colour table,
// gcn::WaveState::border_color_table, against VK_EXT_custom_border_color's
// VK_BORDER_COLOR_FLOAT_CUSTOM_EXT with the image's format). textureLod (shaders/lod_float.comp)
// against IMAGE_SAMPLE_L, one lane in four IMAGE_SAMPLE_LZ against textureLod(st, 0), through
// gcn::Execute with GFX8 words, on 9x7 images with 3 levels (9x7, 4x3, 2x1) of RGBA32F random
// values in [0, 1] and RGBA8 UNORM random bytes; NEAREST and LINEAR (mag = min), mip NEAREST;
// CLAMP_TO_BORDER on both axes and on one (the other REPEAT); coordinates in [-0.6, 1.6] (a
// quarter of the lanes read border texels only, half of them some), LODs in [-1, 3].
// Custom colours: (0.25, 0.5, 0.75, 1), (1, 0.2, 0.6, 0.4) (not multiples of 1/255: the border is
// a value, not an 8-bit code, on both sides) and, on RGBA32F only, (-0.5, 2, 0.3, 0.7) (outside
// [0, 1]: a float format returns it as it is; UNORM formats are left out, where Vulkan's
// conversion of an out-of-range colour to the format is not pinned down).
//
// Judging (SampleTolerance in lavapipe_test.h: Vulkan's precision with lavapipe's limits,
// subTexelPrecisionBits 8): NEAREST within 2^-20 (RGBA8 texels decode one ulp off, lavapipe.md
// item 3; a border texel is the colour exactly), LINEAR + 2 * 2^-8 (8-bit weights on both axes,
// values within [-0.5, 2] span at most 2.5: + 2.5 * 2 * 2^-8 for the out-of-range colour) and
// + 1/255 on RGBA8. Open (counted, not judged): a NEAREST lookup within 2^-8 texel of a texel edge
// at its level, mip NEAREST within 1/16 of lambda = k + 0.5 (item 9).
//
// What lavapipe does here (Mesa 22.3.6, LLVM 15), measured by this test: the border colour is
// returned as the value given (custom colours on RGBA8 are not rounded to 8 bits, the out-of-range
// colour is kept on RGBA32F), and CLAMP_TO_BORDER filters in float on RGBA8 (differences from
// texunit stay below 5e-7).
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
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 9, kH = 7, kLevels = 3;
constexpr int kLanes = 256;
// llvm-mc-14 -arch=amdgcn -mcpu=tonga -show-encoding:
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf       (s, t, lod)
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};
// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf      (s, t)
constexpr uint32_t kSampleLz[] = {0xf09c0f00, 0x00820004};

// A border colour on both sides: a fixed one, or table entry `ptr` holding `rgba`.
struct Colour {
  BorderColorType type;
  VkBorderColor vulkan;
  std::array<float, 4> rgba;
  uint16_t ptr;
  const char* name;
};
const Colour kColours[] = {
    {BorderColorType::kTransBlack,
     VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
     {0, 0, 0, 0},
     0,
     "transparent black"},
    {BorderColorType::kOpaqueBlack,
     VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK,
     {0, 0, 0, 1},
     0,
     "opaque black"},
    {BorderColorType::kOpaqueWhite,
     VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE,
     {1, 1, 1, 1},
     0,
     "opaque white"},
    {BorderColorType::kRegister,
     VK_BORDER_COLOR_FLOAT_CUSTOM_EXT,
     {0.25f, 0.5f, 0.75f, 1.0f},
     1,
     "custom (0.25, 0.5, 0.75, 1)"},
    {BorderColorType::kRegister,
     VK_BORDER_COLOR_FLOAT_CUSTOM_EXT,
     {1.0f, 0.2f, 0.6f, 0.4f},
     2,
     "custom (1, 0.2, 0.6, 0.4)"},
    {BorderColorType::kRegister,
     VK_BORDER_COLOR_FLOAT_CUSTOM_EXT,
     {-0.5f, 2.0f, 0.3f, 0.7f},
     3,
     "custom (-0.5, 2, 0.3, 0.7)"},
};

// Whether the lookup of a lane at `level` reads a border texel, and whether it reads only border
// texels, on the axes in border mode.
void BorderTexels(float s, float t, uint32_t level, bool linear, bool border_v, bool* any,
                  bool* all) {
  const auto axis = [&](float c, uint32_t n, bool border, bool* some, bool* every) {
    const float x = c * static_cast<float>(std::max(1u, n >> level));
    const int i0 = static_cast<int>(std::floor(linear ? x - 0.5f : x));
    const int last = static_cast<int>(std::max(1u, n >> level)) - 1;
    const bool out0 = i0 < 0 || i0 > last, out1 = i0 + 1 < 0 || i0 + 1 > last;
    *some = border && (out0 || (linear && out1));
    *every = border && out0 && (!linear || out1);
  };
  bool some_u, every_u, some_v, every_v;
  axis(s, kW, true, &some_u, &every_u);
  axis(t, kH, border_v, &some_v, &every_v);
  *any = some_u || some_v;
  *all = every_u || every_v;
}

using BorderConformance = LavapipeTest;

TEST_F(BorderConformance, BorderColoursMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  if (!runner()->CanCustomBorder()) GTEST_SKIP() << "lavapipe without VK_EXT_custom_border_color";
  // The border colour table: entry 0 unused, 1..3 the custom colours.
  std::vector<LaneWords> table(4, LaneWords{});
  for (const Colour& c : kColours) {
    if (c.type != BorderColorType::kRegister) continue;
    for (int k = 0; k < 4; ++k) table[c.ptr][k] = FloatBits(c.rgba[k]);
  }
  LaneTally total;
  int border_any = 0, border_all = 0;
  for (const SampledFormat& f : {kRgba8, kRgba32f}) {
    HostImage img(MakeImage2D(f.id, kW, kH, kLevels, kBase));
    std::mt19937 rng(static_cast<uint32_t>(f.id) * 15485863u + 1u);
    img.FillAndRegister(f.unorm8, rng);
    for (const Colour& colour : kColours) {
      const bool out_of_range = std::any_of(colour.rgba.begin(), colour.rgba.end(),
                                            [](float v) { return v < 0.0f || v > 1.0f; });
      if (f.unorm8 && out_of_range) continue;
      for (bool linear : {false, true}) {
        for (bool border_v : {true, false}) {
          std::uniform_real_distribution<float> coord(-0.6f, 1.6f), lod(-1.0f, 3.0f);
          std::vector<LaneWords> ops(kLanes);
          for (int i = 0; i < kLanes; ++i) {
            ops[i] = {FloatBits(coord(rng)), FloatBits(coord(rng)),
                      FloatBits(i % 4 ? lod(rng) : 0.0f), 0};
          }
          SamplerDesc s;
          s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
          s.clamp_x = kBorder.texunit;
          s.clamp_y = border_v ? kBorder.texunit : kWrap.texunit;
          s.xy_mag_filter = s.xy_min_filter = linear ? XyFilter::kBilinear : XyFilter::kPoint;
          s.mip_filter = MipFilter::kPoint;
          s.max_lod = 15 * 256;
          s.border_color_type = colour.type;
          s.border_color_ptr = colour.ptr;
          auto ours = RunMimg(runtime(), kSampleL, img.desc, s, img.memory, ops, table);
          const auto lz = RunMimg(runtime(), kSampleLz, img.desc, s, img.memory, ops, table);
          for (int i = 0; i < kLanes; i += 4) ours[i] = lz[i];

          SamplerState state;
          state.mag = state.min = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
          state.address_u = kBorder.vulkan;
          state.address_v = border_v ? kBorder.vulkan : kWrap.vulkan;
          state.border_color = colour.vulkan;
          for (int k = 0; k < 4; ++k) state.custom_border[k] = FloatBits(colour.rgba[k]);
          std::vector<LaneWords> theirs;
          std::string error;
          ASSERT_TRUE(runner()->Run(img.Vulkan(f.vk), "lod_float", state, ops, &theirs, &error))
              << error;
          const float span = out_of_range ? 2.5f : 1.0f;
          const float tolerance =
              SampleTolerance(linear ? 2 : 0, 0, f.unorm8) + (linear ? (span - 1) * 2 / 256 : 0.0f);
          LaneTally t;
          for (int i = 0; i < kLanes; ++i) {
            const float sc = BitsFloat(ops[i][0]), tc = BitsFloat(ops[i][1]);
            const LevelChoice c = ChooseLevels(BitsFloat(ops[i][2]), kLevels, false);
            const float u = sc * static_cast<float>(std::max(1u, kW >> c.d0));
            const float v = tc * static_cast<float>(std::max(1u, kH >> c.d0));
            if (c.open || (!linear && (NearInteger(u, 1.0 / 256) || NearInteger(v, 1.0 / 256)))) {
              ++t.open;
              continue;
            }
            bool any, all;
            BorderTexels(sc, tc, c.d0, linear, border_v, &any, &all);
            border_any += any;
            border_all += all;
            char where[256];
            std::snprintf(where, sizeof(where), "%s %s, %s, border %s, s %.9g t %.9g lod %.9g%s",
                          FormatName(f.id), colour.name, linear ? "linear" : "nearest",
                          border_v ? "u and v" : "u (v repeat)", sc, tc, BitsFloat(ops[i][2]),
                          i % 4 == 0 ? " (SAMPLE_LZ)" : "");
            JudgeLane(ours[i], theirs[i], tolerance, where, &t);
          }
          std::printf(
              "  %-20s %-28s %-7s border %-5s %3d judged (largest difference %.3g), %2d "
              "open, %d wrong\n",
              FormatName(f.id), colour.name, linear ? "linear" : "nearest", border_v ? "u, v" : "u",
              t.judged, t.worst, t.open, t.wrong);
          EXPECT_EQ(t.wrong, 0) << t.first_wrong;
          total.Add(t);
        }
      }
    }
  }
  std::printf(
      "border colours: %d lanes judged (%d read a border texel, %d only border texels), %d open "
      "(%s)\n",
      total.judged, border_any, border_all, total.open, runner()->device_name().c_str());
  EXPECT_GT(total.judged, 10000);
  EXPECT_GT(border_all, 2000);
}

}  // namespace
}  // namespace texunit::conformance
