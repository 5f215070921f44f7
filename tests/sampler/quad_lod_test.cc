// The LOD of implicit and _CD sampling is computed once per quad (PrepareQuadLod in lod-inl.h),
// that of _D once per lane. The same derivatives must give the same bits either way, on every
// SIMD target: an implicit wave equals the _D wave whose derivative operands are each quad's
// differences (top-right and bottom-left minus top-left, as a float subtraction here), and the _CD
// wave holding those differences in its top-left lanes (other lanes hold garbage it must not
// read). Trilinear and anisotropic filtering, RGBA8 (the hot kernels) and RGBA32F, waves of 1 to
// 64 lanes with random EXEC masks, coordinates now and then NaN, infinite or huge.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "target_runtime.h"
#include "texunit/descriptors.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;

class QuadLod : public TargetRuntimeTest {};

struct Wave {
  uint32_t lanes = 0;
  uint64_t exec = 0;
  std::vector<uint32_t> s, t;
  std::vector<uint32_t> deriv[2][2];  // [d/dx, d/dy][s, t]
};

// Runs SAMPLE with `flags` (0, kOpDeriv or kOpCoarseDeriv) and returns the four components.
std::vector<uint32_t> Sample(Runtime& rt, const RandomMipImage& texture, const SamplerDesc& smp,
                             const Wave& w, uint32_t flags) {
  TexRequest req;
  req.lane_count = w.lanes;
  req.exec = w.exec;
  req.in.coord[0] = w.s.data();
  req.in.coord[1] = w.t.data();
  for (int d = 0; d < 2; ++d) {
    for (int a = 0; a < 2; ++a) req.in.deriv[d][a] = w.deriv[d][a].data();
  }
  return RunSample(rt, texture, smp, flags, req);
}

TEST_P(QuadLod, ImplicitAndCoarseEqualPerLaneDerivativesBitForBit) {
  std::mt19937 gen(20261127);
  const auto uniform = [&](float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(gen);
  };
  static const uint32_t kLanes[] = {1, 3, 4, 5, 8, 13, 16, 31, 37, 64, 64, 64};
  static const float kEdge[] = {NAN, INFINITY, -INFINITY, 3e38f, -1e9f, 0.0f};
  int waves = 0;
  for (int iteration = 0; iteration < 240; ++iteration) {
    const bool rgba8 = iteration % 2 == 0;
    const uint32_t size = iteration % 3 == 0 ? 37 : 64;
    const RandomMipImage texture(rgba8, size, kBase, gen);

    SamplerDesc smp;
    smp.clamp_x = smp.clamp_y = iteration % 4 < 2 ? ClampMode::kWrap : ClampMode::kClampLastTexel;
    smp.xy_mag_filter = XyFilter::kBilinear;
    const bool aniso = iteration % 5 >= 3;
    smp.xy_min_filter = aniso ? XyFilter::kAnisoBilinear : XyFilter::kBilinear;
    smp.max_aniso_ratio = aniso ? static_cast<uint8_t>(iteration % 5 == 3 ? 2 : 4) : 0;
    smp.mip_filter = iteration % 7 == 0 ? MipFilter::kPoint : MipFilter::kLinear;
    smp.max_lod = 15 * 256;
    smp.lod_bias = static_cast<int16_t>(iteration % 3 == 1 ? -128 : 0);

    Wave w;
    w.lanes = kLanes[iteration % 12];
    w.exec = (w.lanes == 64 ? ~0ull : (1ull << w.lanes) - 1) & (gen() % 4 ? ~0ull : gen());
    // Each quad a small parallelogram at a random place and scale (minified up to 64:1,
    // stretched for anisotropy), now and then an edge-case coordinate.
    std::vector<float> s(w.lanes), t(w.lanes);
    for (uint32_t q = 0; q * 4 < w.lanes; ++q) {
      const float s0 = uniform(-1.5f, 2.5f), t0 = uniform(-1.5f, 2.5f);
      const float scale = std::exp2(uniform(-3.0f, 6.0f)) / size;
      const float stretch = std::exp2(uniform(-2.0f, 2.0f));
      for (uint32_t k = 0; k < 4 && 4 * q + k < w.lanes; ++k) {
        s[4 * q + k] = s0 + scale * stretch * static_cast<float>(k & 1) + uniform(0.0f, scale);
        t[4 * q + k] = t0 + scale / stretch * static_cast<float>(k >> 1);
        if (gen() % 40 == 0) s[4 * q + k] = kEdge[gen() % 6];
        if (gen() % 40 == 0) t[4 * q + k] = kEdge[gen() % 6];
      }
    }
    // A quad cut short by lane_count repeats its top-left (docs/sampling.md): zero derivatives.
    const auto quad = [&](const std::vector<float>& v, uint32_t lane, uint32_t k) {
      const uint32_t tl = lane & ~3u;
      return tl + k < w.lanes ? v[tl + k] : v[tl];
    };
    for (uint32_t lane = 0; lane < w.lanes; ++lane) {
      w.s.push_back(std::bit_cast<uint32_t>(s[lane]));
      w.t.push_back(std::bit_cast<uint32_t>(t[lane]));
      const std::vector<float>* axes[2] = {&s, &t};
      for (int a = 0; a < 2; ++a) {
        const float tl = quad(*axes[a], lane, 0);
        w.deriv[0][a].push_back(std::bit_cast<uint32_t>(quad(*axes[a], lane, 1) - tl));
        w.deriv[1][a].push_back(std::bit_cast<uint32_t>(quad(*axes[a], lane, 2) - tl));
      }
    }
    const std::vector<uint32_t> per_lane = Sample(*rt_, texture, smp, w, kOpDeriv);
    const std::vector<uint32_t> implicit = Sample(*rt_, texture, smp, w, 0);
    Wave coarse = w;
    for (uint32_t lane = 0; lane < w.lanes; ++lane) {
      if (lane % 4 == 0) continue;
      for (auto& d : coarse.deriv) {
        for (auto& a : d) a[lane] = std::bit_cast<uint32_t>(uniform(-100.0f, 100.0f));
      }
    }
    const std::vector<uint32_t> coarse_out = Sample(*rt_, texture, smp, coarse, kOpCoarseDeriv);
    for (uint32_t lane = 0; lane < w.lanes; ++lane) {
      if (!((w.exec >> lane) & 1)) continue;
      for (int c = 0; c < 4; ++c) {
        const size_t i = c * w.lanes + lane;
        ASSERT_EQ(implicit[i], per_lane[i])
            << "implicit, iteration " << iteration << " lane " << lane << " component " << c;
        ASSERT_EQ(coarse_out[i], per_lane[i])
            << "_CD, iteration " << iteration << " lane " << lane << " component " << c;
      }
    }
    ++waves;
  }
  EXPECT_EQ(waves, 240);
}

INSTANTIATE_TEST_SUITE_P(Targets, QuadLod, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
