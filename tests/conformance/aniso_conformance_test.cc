// Anisotropic filtering: invariants on both sides, not values. lavapipe filters anisotropically
// with an elliptical weighted average on one level, taking the footprint from its 2x2 quad of
// invocations and ignoring textureGrad's derivatives (lavapipe.md item 1); texunit takes probes
// along the major axis on each level (docs/sampling.md, "Anisotropic filtering"). Their values
// legitimately differ, so this file checks what both must keep:
//  - a constant texture stays that constant under anisotropy 16 (IMAGE_SAMPLE_D with
//    ANISO_BILINEAR / ANISO_POINT and MAX_ANISO_RATIO 16x on texunit; textureGrad with
//    maxAnisotropy 16 on lavapipe, each sample run as the quad p, p + dP/dx, p + dP/dy,
//    p + dP/dx + dP/dy and read from its first invocation), footprints up to 30:1, every mip
//    mode and the wrap and clamp modes. Bound: a few ulps of the value, 2^-20 (a mean of N equal
//    binary32 values and a blend of two equal levels round at most a few ulps; lavapipe decodes
//    UNORM8 as c * (1/255), one ulp off c / 255);
//  - on texunit an isotropic footprint (rx == ry exactly: a square image and derivatives
//    (a, b), (-b, a)) takes N = 1 probe, so ANISO_BILINEAR equals the trilinear SAMPLE_D bit for
//    bit. lavapipe's EWA need not equal its trilinear there: its largest difference is printed,
//    not judged.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kLevels = 5;
// llvm-mc -mcpu=tonga: image_sample_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleD[] = {0xf0880f00, 0x00820004};
constexpr int kSamples = 256;

// One sample: s, t, ds/dx, dt/dx, ds/dy, dt/dy.
using GradLane = std::array<float, 6>;

// IMAGE_SAMPLE_D of every lane (VADDR ds/dx, dt/dx, ds/dy, dt/dy, s, t).
std::vector<LaneWords> SampleD(const Runtime& runtime, const ImageDesc& image,
                               const SamplerDesc& sampler, const Memory& memory,
                               const std::vector<GradLane>& lanes) {
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
  EXPECT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, sampler, std::span(sgprs).subspan(16, 4)).ok());
  std::vector<LaneWords> out(lanes.size());
  const Status st = ExecuteLanes(
      runtime, Gfx::kGfx8, kSampleD, sgprs, memory, lanes.size(),
      [&](size_t i, LaneRegs r) {
        const GradLane& l = lanes[i];
        const float order[6] = {l[2], l[3], l[4], l[5], l[0], l[1]};
        for (uint32_t k = 0; k < 6; ++k) r.v(4 + k) = FloatBits(order[k]);
      },
      [&](size_t i, LaneRegs r) {
        for (uint32_t k = 0; k < 4; ++k) out[i][k] = r.v(k);
      });
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

// textureGrad on lavapipe, each sample as the quad p, p + dP/dx, p + dP/dy, p + dP/dx + dP/dy
// (all with the sample's derivatives); returns the first invocation's result of each.
bool TextureGradQuads(VkRunner* runner, const Image2D& image, const SamplerState& state,
                      const std::vector<GradLane>& lanes, std::vector<LaneWords>* out,
                      std::string* error) {
  std::vector<std::array<uint32_t, 4>> operands;
  for (const GradLane& l : lanes) {
    for (int q = 0; q < 4; ++q) {
      const float s = l[0] + ((q & 1) ? l[2] : 0.0f) + ((q & 2) ? l[4] : 0.0f);
      const float t = l[1] + ((q & 1) ? l[3] : 0.0f) + ((q & 2) ? l[5] : 0.0f);
      operands.push_back({FloatBits(s), FloatBits(t), FloatBits(l[2]), FloatBits(l[3])});
      operands.push_back({FloatBits(l[4]), FloatBits(l[5]), 0, 0});
    }
  }
  std::vector<LaneWords> all;
  if (!runner->Run(image, "grad_float", state, operands, &all, error, 2)) return false;
  out->resize(lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) (*out)[i] = all[4 * i];
  return true;
}

// Footprints with lambda in [-1, 5.5] and an axis ratio up to 30 (`isotropic`: (a, b), (-b, a)).
std::vector<GradLane> MakeLanes(std::mt19937& rng, uint32_t w, uint32_t h, bool isotropic) {
  std::uniform_real_distribution<float> coord(-1.25f, 2.25f), unit(0.0f, 1.0f);
  std::vector<GradLane> lanes(kSamples);
  for (GradLane& l : lanes) {
    l[0] = coord(rng);
    l[1] = coord(rng);
    const double len = std::exp2(-1.0 + 6.5 * unit(rng));
    const double ratio = isotropic ? 1.0 : 1.0 / (1.0 + 29.0 * unit(rng));
    const double a = 6.283185307179586 * unit(rng);
    const float ca = static_cast<float>(std::cos(a) * len),
                sa = static_cast<float>(std::sin(a) * len);
    if (isotropic) {  // needs w == h: rx and ry are the same sum
      l[2] = ca / w, l[3] = sa / h, l[4] = -sa / w, l[5] = ca / h;
      continue;
    }
    l[2] = ca / w;
    l[3] = sa / h;
    l[4] = static_cast<float>(-std::sin(a) * len * ratio / w);
    l[5] = static_cast<float>(std::cos(a) * len * ratio / h);
    if (rng() % 2) std::swap(l[2], l[4]), std::swap(l[3], l[5]);
  }
  return lanes;
}

using AnisoConformance = LavapipeTest;

TEST_F(AnisoConformance, ConstantTextureStaysConstantAtAnisotropy16) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  if (!runner()->CanAniso()) GTEST_SKIP() << "lavapipe has no samplerAnisotropy";
  const struct {
    FormatId id;
    VkFormat vk;
  } formats[] = {{FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM},
                 {FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT}};
  constexpr float kTolerance = 1.0f / (1 << 20);
  int judged = 0;
  for (const auto& fmt : formats) {
    HostImage img(MakeImage2D(fmt.id, 19, 13, kLevels, kBase));
    std::mt19937 rng(static_cast<uint32_t>(fmt.id) + 11u);
    // One texel value everywhere: RGBA8 random codes, R32F a random value in [0, 1].
    uint32_t texel = rng();
    if (fmt.id == FormatId::kR32_FLOAT) {
      texel = FloatBits(std::uniform_real_distribution<float>(0.0f, 1.0f)(rng));
    }
    for (size_t i = 0; i + 4 <= img.bytes.size(); i += 4) std::memcpy(&img.bytes[i], &texel, 4);
    img.Register();
    std::array<float, 4> expect = {BitsFloat(texel), 0.0f, 0.0f, 1.0f};
    if (fmt.id == FormatId::kR8G8B8A8_UNORM) {
      for (int k = 0; k < 4; ++k) expect[k] = static_cast<float>((texel >> (8 * k)) & 0xFF) / 255;
    }
    const Image2D vk_image = img.Vulkan(fmt.vk);
    for (const bool point : {false, true}) {
      for (const bool mip_linear : {false, true}) {
        for (const Mode& m : {kWrap, kMirror, kClamp}) {
          const std::vector<GradLane> lanes = MakeLanes(rng, 19, 13, false);
          SamplerDesc sampler;
          sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
          sampler.clamp_x = sampler.clamp_y = m.texunit;
          sampler.xy_mag_filter = point ? XyFilter::kPoint : XyFilter::kBilinear;
          sampler.xy_min_filter = point ? XyFilter::kAnisoPoint : XyFilter::kAnisoBilinear;
          sampler.mip_filter = mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
          sampler.max_aniso_ratio = 4;  // 16x
          sampler.max_lod = 15 * 256;
          const auto ours = SampleD(runtime(), img.desc, sampler, img.memory, lanes);
          SamplerState state;
          state.mag = state.min = point ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
          state.mip = mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
          state.address_u = state.address_v = m.vulkan;
          state.max_anisotropy = 16.0f;
          std::vector<LaneWords> theirs;
          std::string error;
          ASSERT_TRUE(TextureGradQuads(runner(), vk_image, state, lanes, &theirs, &error)) << error;
          LaneTally ours_t, theirs_t;
          for (size_t i = 0; i < lanes.size(); ++i) {
            LaneWords e;
            for (int k = 0; k < 4; ++k) e[k] = FloatBits(expect[k]);
            char where[128];
            std::snprintf(where, sizeof(where),
                          "lane %zu s %.9g t %.9g d/dx (%.9g, %.9g) d/dy "
                          "(%.9g, %.9g)",
                          i, lanes[i][0], lanes[i][1], lanes[i][2], lanes[i][3], lanes[i][4],
                          lanes[i][5]);
            JudgeLane(ours[i], e, kTolerance, std::string("texunit ") + where, &ours_t);
            JudgeLane(theirs[i], e, kTolerance, std::string("lavapipe ") + where, &theirs_t);
          }
          judged += ours_t.judged;
          std::printf(
              "  %-14s %s, mip %s, %-6s: texunit %d lanes (largest error %.3g), lavapipe "
              "%d (largest error %.3g), %d / %d off the constant\n",
              FormatName(fmt.id), point ? "aniso point   " : "aniso bilinear",
              mip_linear ? "linear " : "nearest", m.name, ours_t.judged, ours_t.worst,
              theirs_t.judged, theirs_t.worst, ours_t.wrong, theirs_t.wrong);
          EXPECT_EQ(ours_t.wrong, 0) << ours_t.first_wrong;
          EXPECT_EQ(theirs_t.wrong, 0) << theirs_t.first_wrong;
        }
      }
    }
  }
  std::printf("%d lanes judged on each side (%s)\n", judged, runner()->device_name().c_str());
  EXPECT_GT(judged, 5000);
}

TEST_F(AnisoConformance, IsotropicFootprintIsTrilinearOnTexunit) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  if (!runner()->CanAniso()) GTEST_SKIP() << "lavapipe has no samplerAnisotropy";
  constexpr uint32_t kSize = 16;  // square, so rx == ry for (a, b), (-b, a)
  HostImage img(MakeImage2D(FormatId::kR8G8B8A8_UNORM, kSize, kSize, kLevels, kBase));
  std::mt19937 rng(29);
  img.FillAndRegister(true, rng);
  const Image2D vk_image = img.Vulkan(VK_FORMAT_R8G8B8A8_UNORM);
  int judged = 0;
  for (const Mode& m : {kWrap, kMirror, kClamp}) {
    const std::vector<GradLane> lanes = MakeLanes(rng, kSize, kSize, true);
    SamplerDesc sampler;
    sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
    sampler.clamp_x = sampler.clamp_y = m.texunit;
    sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kBilinear;
    sampler.mip_filter = MipFilter::kLinear;
    sampler.max_lod = 15 * 256;
    const auto trilinear = SampleD(runtime(), img.desc, sampler, img.memory, lanes);
    sampler.xy_min_filter = XyFilter::kAnisoBilinear;
    sampler.max_aniso_ratio = 4;
    const auto aniso = SampleD(runtime(), img.desc, sampler, img.memory, lanes);
    int differ = 0;
    for (size_t i = 0; i < lanes.size(); ++i) {
      ++judged;
      if (aniso[i] != trilinear[i] && ++differ == 1) {
        ADD_FAILURE() << m.name << " lane " << i << ": aniso (" << BitsFloat(aniso[i][0]) << ", "
                      << BitsFloat(aniso[i][1]) << ", ...) trilinear ("
                      << BitsFloat(trilinear[i][0]) << ", " << BitsFloat(trilinear[i][1])
                      << ", ...)";
      }
    }
    // A control: on anisotropic footprints (ratio up to 30) the same S# does probe, so most
    // lanes differ from trilinear (the aniso path is live, not ignored).
    const std::vector<GradLane> skewed = MakeLanes(rng, kSize, kSize, false);
    const auto skewed_aniso = SampleD(runtime(), img.desc, sampler, img.memory, skewed);
    sampler.xy_min_filter = XyFilter::kBilinear;
    const auto skewed_tri = SampleD(runtime(), img.desc, sampler, img.memory, skewed);
    int probing = 0;
    for (size_t i = 0; i < skewed.size(); ++i) probing += skewed_aniso[i] != skewed_tri[i];
    EXPECT_GT(probing, static_cast<int>(skewed.size()) / 2) << m.name;
    // lavapipe, for information: its EWA against its trilinear on the same footprints.
    SamplerState state;
    state.mag = state.min = VK_FILTER_LINEAR;
    state.mip = VK_SAMPLER_MIPMAP_MODE_LINEAR;
    state.address_u = state.address_v = m.vulkan;
    std::vector<LaneWords> l_tri, l_aniso;
    std::string error;
    ASSERT_TRUE(TextureGradQuads(runner(), vk_image, state, lanes, &l_tri, &error)) << error;
    state.max_anisotropy = 16.0f;
    ASSERT_TRUE(TextureGradQuads(runner(), vk_image, state, lanes, &l_aniso, &error)) << error;
    float lav_worst = 0;
    for (size_t i = 0; i < lanes.size(); ++i) {
      for (int k = 0; k < 4; ++k) {
        lav_worst =
            std::max(lav_worst, std::fabs(BitsFloat(l_tri[i][k]) - BitsFloat(l_aniso[i][k])));
      }
    }
    std::printf(
        "  %-6s texunit: %zu lanes, %d where aniso 16x differs from trilinear (control: "
        "%d of %zu anisotropic footprints differ); lavapipe (not judged): largest |EWA - "
        "trilinear| %.3g\n",
        m.name, lanes.size(), differ, probing, skewed.size(), lav_worst);
  }
  std::printf("%d lanes judged on texunit (%s)\n", judged, runner()->device_name().c_str());
}

}  // namespace
}  // namespace texunit::conformance
