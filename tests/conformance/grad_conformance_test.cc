// textureGrad on lavapipe against IMAGE_SAMPLE_D and IMAGE_SAMPLE_CD through gcn::Execute (GFX8
// words from llvm-mc 14 -mcpu=tonga, register files): 2D images of 19x13 with 5 levels, RGBA8
// UNORM and R32_SFLOAT, every mag/min filter pair x mip mode (nearest, linear) x address mode
// (REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE), anisotropy off; random coordinates and derivatives
// whose lambda spans magnification to past the last level (footprints up to 20:1, a few zero
// derivatives). The same lanes run with PrecisionMode::kHardware (8-bit weights and LOD fraction).
//
// The LOD: texunit takes lambda = 0.5 * log2(max(rx, ry)) (docs/sampling.md, "LOD"); lavapipe's
// fast log2 puts its lambda up to 0.0431 below that (lavapipe.md item 13: 0.5 * (e + m - 1) for
// rho^2 = m * 2^e, at most 0.5 * (log2(1/ln 2) - 1/ln 2 + 1) = 0.04304 low, exact at powers of
// two). So the judge is bounded by texunit's own IMAGE_SAMPLE_L (kFloat) at the lambdas lavapipe
// may use: lambda_hi = lambda (+ 1e-5 for binary32 rounding of the derivatives' products) and
// lambda_lo = lambda - 0.0431, and at every integer between them (a mip-LINEAR result is linear
// in lambda between integers, so its extremes over [lo, hi] are at those points). Per lane:
//  - open (not judged; counted): mip NEAREST with a level boundary lambda = k + 0.5 within
//    [lo - 1/16, hi + 1/16] (mipmapPrecisionBits 4; either level is Vulkan's); mag != min with
//    lambda = 0 within that window (the filter switch); a NEAREST filter within 2^-8 texel of a
//    texel edge on a level it may read (lavapipe items 10-12);
//  - lavapipe's channel must lie within [min, max] of those SAMPLE_L results, widened by the
//    Vulkan allowance of SampleTolerance (lavapipe_test.h): 2^-20, + 2^-8 per linear axis,
//    + 2^-4 of the largest step between neighbouring levels' results in the span read (4-bit
//    mip fraction), + 1/255 for filtered RGBA8 (lavapipe's 8.8 fixed-point path);
//  - texunit's SAMPLE_D/CD channel must equal its SAMPLE_L at lambda within 2^-20 + 2^-12 of that
//    level step (its binary32 LOD against the double lambda here; the kernels' log2 is within
//    2e-6); with kHardware, within a further 2^-8 per linear axis and 2^-8 of the level step
//    (weights and lambda floored to 8 fractional bits).
// SAMPLE_CD takes the derivatives of the quad's top-left lane for all four lanes: texunit's lanes
// 1-3 of each quad carry other derivatives (which it must ignore) and lavapipe's all carry the
// top-left's. For SAMPLE_D, lavapipe runs each lane as a quad of four identical invocations
// (its LOD is then the lane's whether lavapipe computes it per lane or per quad; item 1).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "conformance/vk_runner.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 19, kH = 13, kLevels = 5;
constexpr int kLanesPerCase = 256;
// lavapipe's textureGrad lambda lies in [lambda - kFastLog2Low, lambda].
constexpr double kFastLog2Low = 0.0431;
// llvm-mc -mcpu=tonga: image_sample_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleD[] = {0xf0880f00, 0x00820004};
// image_sample_cd v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleCd[] = {0xf1a00f00, 0x00820004};
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};

// One lane's operands: s, t, ds/dx, dt/dx, ds/dy, dt/dy.
using GradLane = std::array<float, 6>;

struct GradFormat {
  FormatId id;
  VkFormat vk;
  bool unorm8;
};
constexpr GradFormat kGradFormats[] = {
    {FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, true},
    {FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, false},
};

struct Case {
  bool mag_linear, min_linear, mip_linear;
  Mode mode;
};

std::string CaseName(const Case& c) {
  return std::string("mag ") + (c.mag_linear ? "linear" : "nearest") + ", min " +
         (c.min_linear ? "linear" : "nearest") + ", mip " + (c.mip_linear ? "linear" : "nearest") +
         ", " + c.mode.name;
}

// ExecuteLanes (lavapipe_test.h) with a PrecisionMode: `words` on every lane, VGPRs v4.. = the
// lane's `vaddr` words; returns v0..v3 of each lane.
template <size_t N>
std::vector<LaneWords> RunMimgPrecision(const Runtime& runtime, std::span<const uint32_t> words,
                                        const ImageDesc& image, const SamplerDesc& sampler,
                                        const Memory& memory,
                                        std::span<const std::array<uint32_t, N>> vaddr,
                                        PrecisionMode precision) {
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
  EXPECT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, sampler, std::span(sgprs).subspan(16, 4)).ok());
  gcn::MimgInstruction inst;
  EXPECT_TRUE(gcn::DecodeMimg(Gfx::kGfx8, words, &inst).ok());
  std::vector<uint32_t> vgprs(256 * 64, 0);
  std::vector<LaneWords> out(vaddr.size());
  for (size_t base = 0; base < vaddr.size(); base += 64) {
    const uint32_t n = static_cast<uint32_t>(std::min<size_t>(64, vaddr.size() - base));
    for (uint32_t i = 0; i < n; ++i) {
      for (size_t k = 0; k < N; ++k) vgprs[(4 + k) * 64 + i] = vaddr[base + i][k];
    }
    gcn::WaveState wave;
    wave.lane_count = n;
    wave.exec = n == 64 ? ~0ull : (1ull << n) - 1;
    wave.sgprs = sgprs;
    wave.vgprs = vgprs;
    const Status st = gcn::Execute(runtime, inst, wave, memory, precision);
    EXPECT_TRUE(st.ok()) << st.ToString();
    for (uint32_t i = 0; i < n; ++i) {
      for (int k = 0; k < 4; ++k) out[base + i][k] = vgprs[k * 64 + i];
    }
  }
  return out;
}

// IMAGE_SAMPLE_L (kFloat) at (s, t) of each lane with LOD `lods[i]`.
std::vector<LaneWords> SampleL(const Runtime& runtime, const ImageDesc& image,
                               const SamplerDesc& sampler, const Memory& memory,
                               const std::vector<GradLane>& lanes, const std::vector<float>& lods) {
  std::vector<std::array<uint32_t, 3>> vaddr(lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) {
    vaddr[i] = {FloatBits(lanes[i][0]), FloatBits(lanes[i][1]), FloatBits(lods[i])};
  }
  return RunMimgPrecision<3>(runtime, kSampleL, image, sampler, memory,
                             std::span<const std::array<uint32_t, 3>>(vaddr),
                             PrecisionMode::kFloat);
}

// lambda of ds/dx, dt/dx, ds/dy, dt/dy on the base level (double; -inf for zero derivatives).
double Lambda(float dsdx, float dtdx, float dsdy, float dtdy) {
  const double ux = double(dsdx) * kW, vx = double(dtdx) * kH;
  const double uy = double(dsdy) * kW, vy = double(dtdy) * kH;
  return 0.5 * std::log2(std::max(ux * ux + vx * vx, uy * uy + vy * vy));
}

// Random lanes: coordinates in [-1.25, 2.25], lambda in [-1.5, 5.5] (a tenth at integers), an
// axis ratio up to 20, the long axis in x or y, a few zero derivatives.
std::vector<GradLane> MakeLanes(std::mt19937& rng, int n) {
  std::uniform_real_distribution<float> coord(-1.25f, 2.25f), unit(0.0f, 1.0f);
  std::vector<GradLane> lanes(n);
  for (GradLane& l : lanes) {
    l[0] = coord(rng);
    l[1] = coord(rng);
    if (rng() % 32 == 0) {
      l[2] = l[3] = l[4] = l[5] = 0.0f;
      continue;
    }
    const double lambda =
        rng() % 10 == 0 ? static_cast<double>(rng() % 7) - 1 : -1.5 + 7.0 * unit(rng);
    const double len = std::exp2(lambda), ratio = 0.05 + 0.95 * unit(rng);
    const double a = 6.283185307179586 * unit(rng);
    const double b = a + 1.5707963267948966 + 0.6 * (unit(rng) - 0.5);
    double major[2] = {len * std::cos(a), len * std::sin(a)};
    double minor[2] = {len * ratio * std::cos(b), len * ratio * std::sin(b)};
    if (rng() % 8 == 0) major[0] = len, major[1] = 0, minor[0] = 0, minor[1] = len * ratio;
    if (rng() % 2) std::swap(major, minor);
    l[2] = static_cast<float>(major[0] / kW);
    l[3] = static_cast<float>(major[1] / kH);
    l[4] = static_cast<float>(minor[0] / kW);
    l[5] = static_cast<float>(minor[1] / kH);
  }
  return lanes;
}

// Within 2^-8 texel of a texel edge at level `level` on either axis.
bool NearEdge(float s, float t, uint32_t level) {
  const double u = double(s) * std::max(1u, kW >> level);
  const double v = double(t) * std::max(1u, kH >> level);
  return NearInteger(u, 1.0 / 256) || NearInteger(v, 1.0 / 256);
}

using GradConformance = LavapipeTest;

// Runs every case with texunit's SAMPLE_D or SAMPLE_CD in `precision`; returns the lanes judged.
LaneTally RunGradCases(VkRunner* runner, const Runtime& runtime, bool coarse,
                       PrecisionMode precision) {
  const bool hw = precision == PrecisionMode::kHardware;
  std::vector<Case> cases;
  for (int f = 0; f < 4; ++f) {
    for (bool mip : {false, true}) {
      for (const Mode& m : {kWrap, kMirror, kClamp}) {
        cases.push_back({(f & 1) != 0, (f & 2) != 0, mip, m});
      }
    }
  }
  const float q = static_cast<float>(kLevels - 1);
  LaneTally total;
  for (const GradFormat& fmt : kGradFormats) {
    if (!runner->CanFilterLinear(fmt.vk)) {
      std::printf("  %s: lavapipe cannot filter it linearly, skipped\n", FormatName(fmt.id));
      continue;
    }
    HostImage img(MakeImage2D(fmt.id, kW, kH, kLevels, kBase));
    std::mt19937 rng(static_cast<uint32_t>(fmt.id) * 17u + (coarse ? 3u : 1u));
    img.FillAndRegister(fmt.unorm8, rng);
    const Image2D vk_image = img.Vulkan(fmt.vk);
    for (const Case& c : cases) {
      const std::vector<GradLane> lanes = MakeLanes(rng, kLanesPerCase);
      // The derivatives each lane's LOD comes from: its own (D) or its quad's top-left's (CD).
      std::vector<GradLane> lod_of = lanes;
      if (coarse) {
        for (size_t i = 0; i < lanes.size(); ++i) {
          for (int k = 2; k < 6; ++k) lod_of[i][k] = lanes[i & ~size_t{3}][k];
        }
      }
      SamplerDesc sampler;
      sampler.clamp_x = sampler.clamp_y = c.mode.texunit;
      sampler.xy_mag_filter = c.mag_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.xy_min_filter = c.min_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.mip_filter = c.mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
      sampler.max_lod = 15 * 256;

      // texunit: SAMPLE_D / CD (VADDR ds/dx, dt/dx, ds/dy, dt/dy, s, t).
      std::vector<std::array<uint32_t, 6>> vaddr(lanes.size());
      for (size_t i = 0; i < lanes.size(); ++i) {
        const GradLane& l = lanes[i];
        vaddr[i] = {FloatBits(l[2]), FloatBits(l[3]), FloatBits(l[4]),
                    FloatBits(l[5]), FloatBits(l[0]), FloatBits(l[1])};
      }
      const auto ours =
          RunMimgPrecision<6>(runtime, coarse ? kSampleCd : kSampleD, img.desc, sampler, img.memory,
                              std::span<const std::array<uint32_t, 6>>(vaddr), precision);
      // SAMPLE_L at lambda, lambda_lo, the integer between (if any), and the levels around.
      std::vector<double> lambda(lanes.size());
      std::vector<float> at_hi(lanes.size()), at_lo(lanes.size()), at_mid(lanes.size());
      std::vector<float> lv0(lanes.size()), lv1(lanes.size()), lv2(lanes.size());
      for (size_t i = 0; i < lanes.size(); ++i) {
        const GradLane& d = lod_of[i];
        lambda[i] = Lambda(d[2], d[3], d[4], d[5]);
        const double hi = std::clamp(lambda[i] + 1e-5, -2.0, double(q) + 1);
        const double lo = std::clamp(lambda[i] - kFastLog2Low, -2.0, double(q) + 1);
        at_hi[i] = static_cast<float>(hi);
        at_lo[i] = static_cast<float>(lo);
        at_mid[i] = std::floor(hi) > lo ? static_cast<float>(std::floor(hi)) : at_hi[i];
        const float base = std::clamp(std::floor(static_cast<float>(lo)), 0.0f, q);
        // Level 0 as minification reads it (lod 0 would take the mag filter): 2^-20 of level 1
        // blended in, below every tolerance.
        lv0[i] = std::max(base, 1.0f / (1 << 20));
        lv1[i] = std::min(base + 1, q);
        lv2[i] = std::min(base + 2, q);
      }
      const auto l_hi = SampleL(runtime, img.desc, sampler, img.memory, lanes, at_hi);
      const auto l_lo = SampleL(runtime, img.desc, sampler, img.memory, lanes, at_lo);
      const auto l_mid = SampleL(runtime, img.desc, sampler, img.memory, lanes, at_mid);
      const auto l_0 = SampleL(runtime, img.desc, sampler, img.memory, lanes, lv0);
      const auto l_1 = SampleL(runtime, img.desc, sampler, img.memory, lanes, lv1);
      const auto l_2 = SampleL(runtime, img.desc, sampler, img.memory, lanes, lv2);

      // lavapipe: textureGrad; SAMPLE_D lanes as quads of four identical invocations.
      const int copies = coarse ? 1 : 4;
      std::vector<std::array<uint32_t, 4>> operands;
      for (size_t i = 0; i < lanes.size(); ++i) {
        const GradLane& l = lanes[i];
        const GradLane& d = lod_of[i];
        for (int k = 0; k < copies; ++k) {
          operands.push_back({FloatBits(l[0]), FloatBits(l[1]), FloatBits(d[2]), FloatBits(d[3])});
          operands.push_back({FloatBits(d[4]), FloatBits(d[5]), 0, 0});
        }
      }
      SamplerState state;
      state.mag = c.mag_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.min = c.min_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.mip = c.mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
      state.address_u = state.address_v = c.mode.vulkan;
      std::vector<std::array<uint32_t, 4>> theirs;
      std::string error;
      if (!runner->Run(vk_image, "grad_float", state, operands, &theirs, &error, 2)) {
        ADD_FAILURE() << error;
        return total;
      }

      LaneTally t;
      float worst_direct = 0;
      for (size_t i = 0; i < lanes.size(); ++i) {
        const double hi = at_hi[i], lo = lambda[i] - kFastLog2Low;
        const double win_lo = lo - 1.0 / 16, win_hi = hi + 1.0 / 16;
        bool open = c.mag_linear != c.min_linear && win_lo <= 0.0 && win_hi > 0.0;
        if (!c.mip_linear) {
          for (int k = 0; k < static_cast<int>(q); ++k) {
            open = open || (win_lo <= k + 0.5 && k + 0.5 <= win_hi);
          }
        }
        // Outside the open switch window both sides use one filter.
        const bool magnify = hi <= 0.0;
        const bool linear = magnify ? c.mag_linear : c.min_linear;
        if (!linear) {
          for (uint32_t lv = static_cast<uint32_t>(lv0[i]); lv <= static_cast<uint32_t>(lv2[i]);
               ++lv) {
            open = open || NearEdge(lanes[i][0], lanes[i][1], lv);
          }
        }
        if (open) {
          ++t.open;
          continue;
        }
        const LaneWords& theirs_i = theirs[static_cast<size_t>(copies) * i];
        ++t.judged;
        char where[160];
        std::snprintf(where, sizeof(where),
                      "lane %zu s %.9g t %.9g d/dx (%.9g, %.9g) d/dy (%.9g, %.9g) lambda %.6f", i,
                      lanes[i][0], lanes[i][1], lod_of[i][2], lod_of[i][3], lod_of[i][4],
                      lod_of[i][5], lambda[i]);
        for (int k = 0; k < 4; ++k) {
          const float h = BitsFloat(l_hi[i][k]), lw = BitsFloat(l_lo[i][k]);
          const float m = BitsFloat(l_mid[i][k]);
          float span = 0;
          if (c.mip_linear && hi > 0.0 && lo < q) {
            span = std::max(std::fabs(BitsFloat(l_1[i][k]) - BitsFloat(l_0[i][k])),
                            std::fabs(BitsFloat(l_2[i][k]) - BitsFloat(l_1[i][k])));
          }
          const float tol = SampleTolerance(linear ? 2 : 0, span, fmt.unorm8);
          const float lav = BitsFloat(theirs_i[k]), our = BitsFloat(ours[i][k]);
          const float env_lo = std::min({h, lw, m}) - tol, env_hi = std::max({h, lw, m}) + tol;
          float self_tol = 1.0f / (1 << 20) + span / 4096;
          if (hw) self_tol += (linear ? 2.0f : 0.0f) / 256 + span / 256;
          char buf[320];
          if (!(lav >= env_lo && lav <= env_hi)) {
            std::snprintf(buf, sizeof(buf),
                          " channel %d: lavapipe %.9g outside [%.9g, %.9g] (texunit SAMPLE_L at "
                          "lambda %.9g, at lambda - 0.0431 %.9g, between %.9g; tolerance %.3g); "
                          "texunit SAMPLE_%s %.9g",
                          k, lav, env_lo, env_hi, h, lw, m, tol, coarse ? "CD" : "D", our);
            t.Wrong(where + std::string(buf));
            break;
          }
          if (!(std::fabs(our - h) <= self_tol)) {
            std::snprintf(buf, sizeof(buf),
                          " channel %d: texunit SAMPLE_%s %.9g, its SAMPLE_L at lambda %.9g "
                          "(tolerance %.3g); lavapipe %.9g",
                          k, coarse ? "CD" : "D", our, h, self_tol, lav);
            t.Wrong(where + std::string(buf));
            break;
          }
          t.worst = std::max(t.worst, std::fabs(our - lav));
          worst_direct = std::max(worst_direct, std::fabs(our - lav));
        }
      }
      std::printf(
          "  %-6s %-13s %-42s %3d judged (largest |texunit - lavapipe| %.3g), %3d open, "
          "%d wrong\n",
          coarse ? "CD" : "D", FormatName(fmt.id), CaseName(c).c_str(), t.judged, worst_direct,
          t.open, t.wrong);
      EXPECT_EQ(t.wrong, 0) << (coarse ? "SAMPLE_CD " : "SAMPLE_D ") << FormatName(fmt.id) << ", "
                            << CaseName(c) << (hw ? " (kHardware)" : "") << ": " << t.first_wrong;
      total.Add(t);
    }
  }
  return total;
}

TEST_F(GradConformance, SampleDMatchesTextureGrad) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const LaneTally t = RunGradCases(runner(), runtime(), false, PrecisionMode::kFloat);
  std::printf("SAMPLE_D: %d lanes judged, %d open (%s)\n", t.judged, t.open,
              runner()->device_name().c_str());
  EXPECT_GT(t.judged, 6000);
}

TEST_F(GradConformance, SampleCdMatchesTextureGradWithQuadDerivatives) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const LaneTally t = RunGradCases(runner(), runtime(), true, PrecisionMode::kFloat);
  std::printf("SAMPLE_CD: %d lanes judged, %d open (%s)\n", t.judged, t.open,
              runner()->device_name().c_str());
  EXPECT_GT(t.judged, 6000);
}

// PrecisionMode::kHardware: the same SAMPLE_D lanes, texunit's weights and LOD floored to 8
// fractional bits (Vulkan's subTexelPrecisionBits 8 and a finer mipmapPrecisionBits than the 4
// lavapipe reports), judged as above with texunit's own quantisation allowed.
TEST_F(GradConformance, SampleDInHardwarePrecisionWithinVulkanPrecision) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const LaneTally t = RunGradCases(runner(), runtime(), false, PrecisionMode::kHardware);
  std::printf("SAMPLE_D kHardware: %d lanes judged, %d open (%s)\n", t.judged, t.open,
              runner()->device_name().c_str());
  EXPECT_GT(t.judged, 6000);
}

}  // namespace
}  // namespace texunit::conformance
