// Unnormalized coordinates (S# FORCE_UNNORMALIZED; docs/sampling.md "Texel coordinates": u = s,
// v = t, and "LOD" step 5: lambda = 0) against lavapipe samplers with unnormalizedCoordinates =
// VK_TRUE. Vulkan allows those only on 1D and 2D non-array views of one level, with mag = min
// (NEAREST or LINEAR), mip NEAREST, minLod = maxLod = 0, CLAMP_TO_EDGE or CLAMP_TO_BORDER, and
// textureLod with LOD 0: shaders/lod_float.comp (2D, 13x11) and lod_1d.comp (1D, 29) against
// IMAGE_SAMPLE_LZ (one lane in four) and IMAGE_SAMPLE_L (the rest, with LODs in [-1, 4] that
// texunit must ignore, lambda = 0; lavapipe gets LOD 0) through gcn::Execute with GFX8 words, on
// RGBA8 UNORM random bytes and RGBA32F random values in [0, 1]; CLAMP_TO_EDGE and CLAMP_TO_BORDER
// (OPAQUE_WHITE). Coordinates in [-3, n + 3] texels, an eighth exactly on a texel edge and an
// eighth exactly on a texel centre.
//
// Judging (SampleTolerance in lavapipe_test.h; lavapipe.md): NEAREST within 2^-20 (RGBA8 decodes
// one ulp off, item 3), LINEAR + 2^-8 per axis (subTexelPrecisionBits 8) and + 1/255 on RGBA8
// (its 8.8 fixed-point path on CLAMP_TO_EDGE, item 12). Open (counted, not judged): a NEAREST
// lookup within 2^-8 texel of a texel edge (exact edges included: Vulkan's 8 subtexel bits leave
// the texel open there, and lavapipe's NEAREST picks differently at edges, item 11).
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
constexpr int kLanes = 256;
// llvm-mc-14 -arch=amdgcn -mcpu=tonga -show-encoding (the T# type decides the VADDR count):
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf       (2D: s, t, lod; 1D: s, lod)
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};
// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf      (2D: s, t; 1D: s)
constexpr uint32_t kSampleLz[] = {0xf09c0f00, 0x00820004};

// A coordinate on an n-texel axis, in texels.
float Texels(std::mt19937& rng, uint32_t n) {
  const uint32_t pick = rng() % 8;
  const int k = static_cast<int>(rng() % (n + 6)) - 3;
  if (pick == 0) return static_cast<float>(k);
  if (pick == 1) return static_cast<float>(k) + 0.5f;
  return std::uniform_real_distribution<float>(-3.0f, static_cast<float>(n) + 3.0f)(rng);
}

using UnnormalizedConformance = LavapipeTest;

TEST_F(UnnormalizedConformance, UnnormalizedCoordinatesMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const struct {
    bool one_d;
    uint32_t w, h;
    const char* shader;
  } shapes[] = {{false, 13, 11, "lod_float"}, {true, 29, 1, "lod_1d"}};
  LaneTally total;
  for (const SampledFormat& f : {kRgba8, kRgba32f}) {
    for (const auto& shape : shapes) {
      ImageDesc desc = MakeImage2D(f.id, shape.w, shape.h, 1, kBase);
      if (shape.one_d) desc.type = ImageType::k1D;
      HostImage img(desc);
      std::mt19937 rng(static_cast<uint32_t>(f.id) * 2750159u + shape.w);
      img.FillAndRegister(f.unorm8, rng);
      const Image2D vk_image =
          img.Vulkan(f.vk, shape.one_d ? VK_IMAGE_VIEW_TYPE_1D : VK_IMAGE_VIEW_TYPE_2D);
      const int axes = shape.one_d ? 1 : 2;
      for (bool linear : {false, true}) {
        for (const Mode& mode : {kClamp, kBorder}) {
          // texunit's VADDR: (s, t, lod) or (s, lod); lavapipe's operands the same with lod 0.
          std::vector<LaneWords> vaddr(kLanes, LaneWords{}), ops;
          for (int i = 0; i < kLanes; ++i) {
            vaddr[i][0] = FloatBits(Texels(rng, shape.w));
            if (!shape.one_d) vaddr[i][1] = FloatBits(Texels(rng, shape.h));
            const float lod = std::uniform_real_distribution<float>(-1.0f, 4.0f)(rng);
            vaddr[i][axes] = FloatBits(i % 4 ? lod : 0.0f);
          }
          ops = vaddr;
          for (auto& op : ops) op[axes] = FloatBits(0.0f);
          SamplerDesc s;
          s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
          s.clamp_x = s.clamp_y = mode.texunit;
          s.xy_mag_filter = s.xy_min_filter = linear ? XyFilter::kBilinear : XyFilter::kPoint;
          s.mip_filter = MipFilter::kPoint;
          s.force_unnormalized = true;
          s.border_color_type = BorderColorType::kOpaqueWhite;
          auto ours = RunMimg(runtime(), kSampleL, img.desc, s, img.memory, vaddr);
          const auto lz = RunMimg(runtime(), kSampleLz, img.desc, s, img.memory, vaddr);
          for (int i = 0; i < kLanes; i += 4) ours[i] = lz[i];

          SamplerState state;
          state.mag = state.min = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
          state.address_u = state.address_v = mode.vulkan;
          state.border_color = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
          state.unnormalized = true;
          std::vector<LaneWords> theirs;
          std::string error;
          ASSERT_TRUE(runner()->Run(vk_image, shape.shader, state, ops, &theirs, &error)) << error;
          const float tolerance = SampleTolerance(linear ? axes : 0, 0, f.unorm8);
          LaneTally t;
          for (int i = 0; i < kLanes; ++i) {
            bool open = false;
            for (int a = 0; a < axes && !linear; ++a) {
              open = open || NearInteger(BitsFloat(vaddr[i][a]), 1.0 / 256);
            }
            if (open) {
              ++t.open;
              continue;
            }
            char where[256];
            std::snprintf(where, sizeof(where), "%s %s, %s, %s, VADDR (%.9g, %.9g, %.9g)%s",
                          shape.one_d ? "1D" : "2D", FormatName(f.id),
                          linear ? "linear" : "nearest", mode.name, BitsFloat(vaddr[i][0]),
                          BitsFloat(vaddr[i][1]), BitsFloat(vaddr[i][2]),
                          i % 4 == 0 ? " (SAMPLE_LZ)" : "");
            JudgeLane(ours[i], theirs[i], tolerance, where, &t);
          }
          std::printf(
              "  %s %-20s %-7s %-6s %3d judged (largest difference %.3g), %3d open, %d "
              "wrong\n",
              shape.one_d ? "1D" : "2D", FormatName(f.id), linear ? "linear" : "nearest", mode.name,
              t.judged, t.worst, t.open, t.wrong);
          EXPECT_EQ(t.wrong, 0) << t.first_wrong;
          total.Add(t);
        }
      }
    }
  }
  std::printf("unnormalized coordinates: %d lanes judged, %d open (%s)\n", total.judged, total.open,
              runner()->device_name().c_str());
  EXPECT_GT(total.judged, 3000);
}

}  // namespace
}  // namespace texunit::conformance
