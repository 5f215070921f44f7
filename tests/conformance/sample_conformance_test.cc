// textureLod on lavapipe against IMAGE_SAMPLE_L through gcn::Execute (GFX8 words and register
// files): 2D images of 19x13 with a full mip chain, every combination of mag/min filter (nearest,
// linear), mip mode (nearest, linear) and address mode (REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE,
// and one mixed pair), random coordinates in [-1.5, 2.5] and LODs in [-1, 5], on RGBA8 UNORM,
// RGBA16F and RGBA32F (texel values in [0, 1]).
//
// Judging (the Vulkan precision rules with lavapipe's limits: subTexelPrecisionBits 8,
// mipmapPrecisionBits 4; ../shared/reference/lavapipe.md):
//  - a lane is not judged, and is counted apart, where Vulkan leaves the answer open: the level
//    choice of a nearest mip mode within 1/16 of lambda = k + 0.5 (lavapipe rounds half to
//    even), the mag/min switch within 1/16 above lambda = 0 when the filters differ, and a
//    nearest filter within 2^-8 texel of a texel edge on either axis of a level it reads (the
//    edge cases lavapipe resolves differently: mirrored periods, neighbouring lanes);
//  - nearest results must match to 2^-20 (lavapipe decodes UNORM as c * (1/255), one ulp off);
//  - a linear filter may differ by 2 * 2^-8 (8-bit weights on both axes, values within [0, 1]);
//  - a linear mip blend may differ by 2^-4 of the difference between the two levels' results
//    (4-bit LOD fraction), those results taken from texunit at the two levels;
//  - RGBA8 results that are filtered or blended may differ by a further 1/255: lavapipe filters
//    RGBA8 with REPEAT or CLAMP_TO_EDGE in 8.8 fixed point and returns multiples of 1/255.
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
#include "texunit/runtime.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 19, kH = 13, kLevels = 5;
constexpr int kLanesPerCase = 512;
// llvm-mc -mcpu=tonga: image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};

struct Case {
  bool mag_linear, min_linear, mip_linear;
  Mode u, v;
};

std::string CaseName(const Case& c) {
  return std::string("mag ") + (c.mag_linear ? "linear" : "nearest") + ", min " +
         (c.min_linear ? "linear" : "nearest") + ", mip " + (c.mip_linear ? "linear" : "nearest") +
         ", " + c.u.name + "/" + c.v.name;
}

// The image: random texels in [0, 1] in each format's own encoding.
std::vector<uint8_t> MakeTexels(FormatId id, const ImageLayout& layout, std::mt19937& rng) {
  std::vector<uint8_t> bytes(layout.total_bytes);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  if (id == FormatId::kR8G8B8A8_UNORM) {
    for (auto& b : bytes) b = static_cast<uint8_t>(rng());
  } else if (id == FormatId::kR32G32B32A32_FLOAT) {
    for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
      const float f = unit(rng);
      std::memcpy(&bytes[i], &f, 4);
    }
  } else {  // binary16: 0 to 1.0 (0x3C00), every code below it
    for (size_t i = 0; i + 2 <= bytes.size(); i += 2) {
      const uint16_t h = static_cast<uint16_t>(rng() % 0x3C01);
      std::memcpy(&bytes[i], &h, 2);
    }
  }
  return bytes;
}

using SampleConformance = LavapipeTest;

// IMAGE_SAMPLE_L of every lane through gcn::Execute in `precision`; `lods`, when given, replaces
// every lane's LOD.
std::vector<std::array<float, 4>> RunTexunit(const Runtime& runtime, const ImageDesc& image,
                                             const SamplerDesc& sampler, const Memory& memory,
                                             const std::vector<LodCoord>& coords,
                                             const std::vector<float>* lods = nullptr,
                                             PrecisionMode precision = PrecisionMode::kFloat) {
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
  EXPECT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, sampler, std::span(sgprs).subspan(16, 4)).ok());
  std::vector<std::array<float, 4>> out(coords.size());
  const Status st = ExecuteLanes(
      runtime, Gfx::kGfx8, kSampleL, sgprs, memory, coords.size(),
      [&](size_t i, LaneRegs r) {
        r.v(4) = std::bit_cast<uint32_t>(coords[i][0]);
        r.v(5) = std::bit_cast<uint32_t>(coords[i][1]);
        r.v(6) = std::bit_cast<uint32_t>(lods ? (*lods)[i] : coords[i][2]);
      },
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 4; ++k) out[i][k] = std::bit_cast<float>(r.v(k));
      },
      {}, precision);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

// Within 2^-8 texel of a texel edge at level `level` on either axis.
bool NearEdge(float s, float t, uint32_t level) {
  const float u = s * static_cast<float>(std::max(1u, kW >> level));
  const float v = t * static_cast<float>(std::max(1u, kH >> level));
  const auto near = [](float x) { return std::fabs(x - std::nearbyint(x)) < 1.0f / 256; };
  return near(u) || near(v);
}

struct Tally {
  int judged = 0, open = 0, wrong = 0;
  float worst = 0;  // largest |texunit - lavapipe| of a judged channel
  std::string first_wrong;
};

// Every case in `precision`: texunit's IMAGE_SAMPLE_L against textureLod. With kHardware the
// tolerances above are widened by texunit's own quantisation (docs/sampling.md: weights and the
// LOD floored to 8 fractional bits): 2^-8 per linear axis (each weight within 2^-8 of its float
// value, texel values in [0, 1]) and 2^-8 of the two levels' difference (the mip fraction within
// 2^-8); and texunit's kHardware result must itself lie within that quantisation of its kFloat
// result. Returns the lanes judged and open.
Tally RunLodCases(VkRunner* runner, const Runtime& runtime, PrecisionMode precision) {
  const bool hw = precision == PrecisionMode::kHardware;
  Tally total;
  const struct {
    FormatId id;
    VkFormat vk;
  } formats[] = {{FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM},
                 {FormatId::kR16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT},
                 {FormatId::kR32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT}};
  std::vector<Case> cases;
  for (int f = 0; f < 4; ++f) {
    for (bool mip : {false, true}) {
      for (const Mode& m : {kWrap, kMirror, kClamp})
        cases.push_back({(f & 1) != 0, (f & 2) != 0, mip, m, m});
    }
  }
  cases.push_back({true, true, true, kMirror, kClamp});
  cases.push_back({false, true, false, kWrap, kMirror});

  for (const auto& fmt : formats) {
    const ImageDesc image = MakeImage2D(fmt.id, kW, kH, kLevels, kBase);
    ImageLayout layout;
    EXPECT_TRUE(ComputeImageLayout(image, &layout).ok());
    std::mt19937 rng(static_cast<uint32_t>(fmt.id) * 31u + 7u);
    std::vector<uint8_t> bytes = MakeTexels(fmt.id, layout, rng);
    Memory memory;
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
    const Image2D vk_image{fmt.vk, kW, kH, kLevels, &layout, bytes};

    for (const Case& c : cases) {
      std::uniform_real_distribution<float> coord(-1.5f, 2.5f), lod(-1.0f, 5.0f);
      std::vector<LodCoord> coords(kLanesPerCase);
      for (auto& p : coords) p = {coord(rng), coord(rng), lod(rng)};

      SamplerDesc sampler;
      sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
      sampler.clamp_x = c.u.texunit;
      sampler.clamp_y = c.v.texunit;
      sampler.xy_mag_filter = c.mag_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.xy_min_filter = c.min_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.mip_filter = c.mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
      sampler.max_lod = 15 * 256;
      const auto ours = RunTexunit(runtime, image, sampler, memory, coords, nullptr, precision);
      const auto ours_float = hw ? RunTexunit(runtime, image, sampler, memory, coords) : ours;
      // The two levels a linear mip blend mixes, for its tolerance. A minified lane reads level 0
      // with the min filter: at lod 2^-20 (lod 0 would take the mag filter; 2^-20 of level 1
      // blended in, below every tolerance).
      std::vector<float> lo(coords.size()), hi(coords.size());
      for (size_t i = 0; i < coords.size(); ++i) {
        const float lambda = std::clamp(coords[i][2], 0.0f, static_cast<float>(kLevels - 1));
        lo[i] = std::floor(lambda);
        hi[i] = std::min(lo[i] + 1, static_cast<float>(kLevels - 1));
        if (lambda > 0.0f && lo[i] == 0.0f) lo[i] = 1.0f / (1 << 20);
      }
      const auto at_lo = RunTexunit(runtime, image, sampler, memory, coords, &lo);
      const auto at_hi = RunTexunit(runtime, image, sampler, memory, coords, &hi);

      SamplerState state;
      state.mag = c.mag_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.min = c.min_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.mip = c.mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
      state.address_u = c.u.vulkan;
      state.address_v = c.v.vulkan;
      std::vector<std::array<uint32_t, 4>> theirs;
      std::string error;
      if (!runner->TextureLod(vk_image, state, coords, &theirs, &error)) {
        ADD_FAILURE() << error;
        return total;
      }

      Tally t;
      for (size_t i = 0; i < coords.size(); ++i) {
        const float s = coords[i][0], tc = coords[i][1];
        const float lambda = std::clamp(coords[i][2], 0.0f, static_cast<float>(kLevels));
        const bool magnify = lambda <= 0.0f;
        const bool linear = magnify ? c.mag_linear : c.min_linear;
        // Levels read: one (nearest mip, or no fraction), or two.
        const float q = static_cast<float>(kLevels - 1);
        bool open = c.mag_linear != c.min_linear && lambda > 0.0f && lambda < 1.0f / 16;
        uint32_t l0, l1;
        if (c.mip_linear) {
          l0 = static_cast<uint32_t>(std::min(std::floor(lambda), q));
          l1 = lambda < q ? l0 + 1 : l0;
        } else {
          const float frac = lambda - std::floor(lambda);
          open = open || (lambda < q && std::fabs(frac - 0.5f) < 1.0f / 16);
          l0 = l1 = static_cast<uint32_t>(std::min(std::floor(lambda + 0.5f), q));
        }
        if (!linear) open = open || NearEdge(s, tc, l0) || NearEdge(s, tc, l1);
        if (open) {
          ++t.open;
          continue;
        }
        ++t.judged;
        for (int k = 0; k < 4; ++k) {
          const float o = ours[i][k], l = std::bit_cast<float>(theirs[i][k]);
          const bool blend = c.mip_linear && l1 != l0;
          float tolerance = 1.0f / (1 << 20);
          if (linear) tolerance += 2.0f / 256;
          if (blend) tolerance += std::fabs(at_hi[i][k] - at_lo[i][k]) / 16;
          if (fmt.id == FormatId::kR8G8B8A8_UNORM && (linear || blend)) tolerance += 1.0f / 255;
          // kHardware: texunit's quantisation on top (2^-8 per weight, 2^-8 of the blend).
          float quantisation = 0;
          if (hw) {
            if (linear) quantisation += 2.0f / 256;
            if (blend) quantisation += std::fabs(at_hi[i][k] - at_lo[i][k]) / 256;
          }
          tolerance += quantisation;
          const float diff = std::fabs(o - l);
          const float self = std::fabs(o - ours_float[i][k]);
          const float self_tolerance = 1.0f / (1 << 20) + quantisation;
          if (diff <= tolerance && self <= self_tolerance) {
            t.worst = std::max(t.worst, diff);
            continue;
          }
          if (++t.wrong == 1) {
            char buf[320];
            std::snprintf(buf, sizeof(buf),
                          "s %.9g t %.9g lod %.9g channel %d: texunit %.9g lavapipe %.9g "
                          "(tolerance %.3g); texunit kFloat %.9g (tolerance %.3g)",
                          s, tc, coords[i][2], k, o, l, tolerance, ours_float[i][k],
                          self_tolerance);
            t.first_wrong = buf;
          }
          break;
        }
      }
      total.judged += t.judged;
      total.open += t.open;
      total.worst = std::max(total.worst, t.worst);
      std::printf("  %-20s %-48s %3d judged (largest difference %.3g), %3d open, %d wrong\n",
                  FormatName(fmt.id), CaseName(c).c_str(), t.judged, t.worst, t.open, t.wrong);
      EXPECT_EQ(t.wrong, 0) << FormatName(fmt.id) << ", " << CaseName(c)
                            << (hw ? " (kHardware)" : "") << ": " << t.first_wrong;
    }
  }
  return total;
}

TEST_F(SampleConformance, TextureLodMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const Tally t = RunLodCases(runner(), runtime(), PrecisionMode::kFloat);
  std::printf("%d lanes judged, %d where Vulkan leaves the result open (%s)\n", t.judged, t.open,
              runner()->device_name().c_str());
  EXPECT_GT(t.judged, 20000);
}

// PrecisionMode::kHardware: the same lanes with texunit's 8-bit weights and LOD fraction, judged
// with its quantisation allowed (RunLodCases).
TEST_F(SampleConformance, TextureLodInHardwarePrecisionWithinVulkanPrecision) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const Tally t = RunLodCases(runner(), runtime(), PrecisionMode::kHardware);
  std::printf("kHardware: %d lanes judged (largest difference %.3g), %d open (%s)\n", t.judged,
              t.worst, t.open, runner()->device_name().c_str());
  EXPECT_GT(t.judged, 20000);
}

}  // namespace
}  // namespace texunit::conformance
