// A sample kernel looks a chunk's level geometry up again only when the chunk's lanes are not all
// on the level the previous chunk's were (LookupChunkLevel in sample_kernel-inl.h). A lane's
// result must not depend on which chunks ran before its own: every lane of a wave whose chunks
// move between levels (groups of 4 to 32 lanes sharing an explicit LOD or derivatives drawn from
// three values, now and then a group of mixed levels) must equal the same lane run alone (a wave
// whose EXEC holds only it), bit for bit, on every SIMD target. POINT, BILINEAR, trilinear and
// anisotropic filtering, RGBA8 (the staged hot kernels, with coherent reads) and RGBA32F (the
// one-pass kernels), coherent tiles as a rasteriser issues them.
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
constexpr uint32_t kLanes = 64;

class ChunkLevel : public TargetRuntimeTest {};

// Operands of a 64-lane SAMPLE_L or SAMPLE_D wave: s, t, lod, and the derivatives.
struct Operands {
  std::vector<uint32_t> v[7];
};

// Runs the wave with `exec` and returns the four components of each lane.
std::vector<uint32_t> Sample(Runtime& rt, const RandomMipImage& texture, const SamplerDesc& smp,
                             const Operands& in, uint32_t flags, uint64_t exec) {
  TexRequest req;
  req.lane_count = kLanes;
  req.exec = exec;
  req.in.coord[0] = in.v[0].data();
  req.in.coord[1] = in.v[1].data();
  req.in.lod = in.v[2].data();
  for (int d = 0; d < 2; ++d) {
    for (int a = 0; a < 2; ++a) req.in.deriv[d][a] = in.v[3 + 2 * d + a].data();
  }
  return RunSample(rt, texture, smp, flags, req);
}

TEST_P(ChunkLevel, WavesWhoseChunksChangeLevelEqualOneLaneWavesBitForBit) {
  std::mt19937 gen(20261127);
  const auto uniform = [&](float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(gen);
  };
  static const uint32_t kGroups[] = {4, 8, 16, 32};
  int waves = 0;
  for (int iteration = 0; iteration < 160; ++iteration) {
    const bool rgba8 = iteration % 2 == 0;
    const uint32_t size = iteration % 3 == 0 ? 37 : 64;
    const RandomMipImage texture(rgba8, size, kBase, gen);

    // Filters by iteration: POINT, BILINEAR, trilinear, anisotropic (with _D derivatives).
    const int filter = (iteration / 2) % 4;
    const bool aniso = filter == 3;
    SamplerDesc smp;
    smp.clamp_x = smp.clamp_y = iteration % 5 < 3 ? ClampMode::kWrap : ClampMode::kClampLastTexel;
    smp.xy_mag_filter = filter == 0 ? XyFilter::kPoint : XyFilter::kBilinear;
    smp.xy_min_filter = aniso ? XyFilter::kAnisoBilinear : smp.xy_mag_filter;
    smp.max_aniso_ratio = aniso ? 4 : 0;
    smp.mip_filter = filter >= 2 || iteration % 3 == 1 ? MipFilter::kLinear : MipFilter::kPoint;
    smp.max_lod = 15 * 256;

    // An 8x8 tile of 2x2 quads at a random place and scale.
    Operands in;
    for (auto& v : in.v) v.assign(kLanes, 0);
    const float step = std::exp2(uniform(-2.0f, 3.0f)) / static_cast<float>(size);
    const float s0 = uniform(-1.5f, 2.5f), t0 = uniform(-1.5f, 2.5f);
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      const uint32_t quad = lane / 4;
      const float px = static_cast<float>((quad % 4) * 2 + (lane & 1));
      const float py = static_cast<float>((quad / 4) * 2 + (lane >> 1 & 1));
      in.v[0][lane] = std::bit_cast<uint32_t>(s0 + (px + 0.5f) * step);
      in.v[1][lane] = std::bit_cast<uint32_t>(t0 + (py + 0.5f) * step);
    }
    // Groups of lanes share an LOD (or a derivative scale) drawn from three values, so that
    // consecutive chunks stay on a level or move to another; now and then a group's lanes differ.
    const uint32_t group = kGroups[gen() % 4];
    const float pool[3] = {uniform(-1.0f, 7.0f), uniform(-1.0f, 7.0f), uniform(-1.0f, 7.0f)};
    for (uint32_t first = 0; first < kLanes; first += group) {
      const bool mixed = gen() % 5 == 0;
      const float lod = pool[gen() % 3];
      const float stretch = std::exp2(uniform(0.0f, 2.0f));
      for (uint32_t lane = first; lane < first + group; ++lane) {
        const float l = mixed ? uniform(-1.0f, 7.0f) : lod;
        in.v[2][lane] = std::bit_cast<uint32_t>(l);
        // Derivatives of length 2^l texels along s, 2^l / stretch along t.
        const float d = std::exp2(l) / static_cast<float>(size);
        in.v[3][lane] = std::bit_cast<uint32_t>(d);
        in.v[6][lane] = std::bit_cast<uint32_t>(d / stretch);
      }
    }
    const uint32_t flags = aniso ? kOpDeriv : kOpLod;
    const uint64_t exec = gen() % 4 ? ~0ull : (uint64_t{gen()} << 32 | gen());
    const std::vector<uint32_t> wave = Sample(*rt_, texture, smp, in, flags, exec);
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      if (!((exec >> lane) & 1)) continue;
      const std::vector<uint32_t> alone = Sample(*rt_, texture, smp, in, flags, 1ull << lane);
      for (int c = 0; c < 4; ++c) {
        ASSERT_EQ(wave[c * kLanes + lane], alone[c * kLanes + lane])
            << "iteration " << iteration << " lane " << lane << " component " << c << " group "
            << group << " filter " << filter << (rgba8 ? " RGBA8" : " RGBA32F");
      }
    }
    ++waves;
  }
  EXPECT_EQ(waves, 160);
}

INSTANTIATE_TEST_SUITE_P(Targets, ChunkLevel, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
