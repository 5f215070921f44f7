// S# TRUNC_COORD = 0 in the SIMD kernels (docs/sampling.md, "Texel coordinates"): a POINT index is
// floor(rne(u * 64) / 64), half to even. The kernels compute it as an integer shift of the rounded
// product (PointFloor); this test checks them against that formula evaluated here in double
// precision, on every target, at coordinates on and beside the 1/128-texel ties, negative ones
// included (a tie that rounded away from zero would read the texel below). The hot point kernel
// (RGBA8 UNORM), the plain one (RGBA8 UINT), mixed filters (POINT minification in the bilinear
// plain kernel) and the general one (a border mode) each get the same coordinates.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kWidth = 64;

// The texel index of u by the contract, with WRAP on kWidth texels: floor(rne(u * 64) / 64).
uint32_t ExpectedTexel(double u) {
  const double rounded = std::nearbyint(u * 64.0);  // the default mode: to nearest, ties to even
  const auto i = static_cast<int64_t>(std::floor(rounded / 64.0));
  return static_cast<uint32_t>(((i % kWidth) + kWidth) % kWidth);
}

class PointRoundKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(PointRoundKernel, IndexIsTheFloorOfTheSixtyFourthRoundedHalfToEven) {
  RuntimeOptions opt;
  opt.target = GetParam();
  opt.threads = 1;
  std::unique_ptr<Runtime> rt;
  ASSERT_TRUE(Runtime::Create(opt, &rt).ok());
  // Row 0 of a 64x1 image: texel x has channels (x, 0, 0, 255).
  std::vector<uint8_t> texels(kWidth * 4);
  for (uint32_t x = 0; x < kWidth; ++x)
    texels[4 * x] = static_cast<uint8_t>(x), texels[4 * x + 3] = 255;
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size()).ok());
  // u = m + k / 256 for k in -3..3 around every texel edge m in -8..72: k = +-2 are the ties
  // u * 64 = 64m +- 0.5, k = +-1 and +-3 either side of them.
  std::vector<double> us;
  for (int m = -8; m <= 72; ++m) {
    for (int k = -3; k <= 3; ++k) us.push_back(m + k / 256.0);
  }
  struct Case {
    FormatId format;
    XyFilter mag, min;
    ClampMode clamp_y;  // a border mode sends the wave to the general kernel
    bool lod_one;       // LOD 1 with mixed filters: POINT minification lanes
  };
  const Case cases[] = {
      {FormatId::kR8G8B8A8_UNORM, XyFilter::kPoint, XyFilter::kPoint, ClampMode::kWrap, false},
      {FormatId::kR8G8B8A8_UINT, XyFilter::kPoint, XyFilter::kPoint, ClampMode::kWrap, false},
      {FormatId::kR8G8B8A8_UNORM, XyFilter::kBilinear, XyFilter::kPoint, ClampMode::kWrap, true},
      {FormatId::kR8G8B8A8_UNORM, XyFilter::kPoint, XyFilter::kPoint, ClampMode::kClampBorder,
       false},
  };
  for (const Case& c : cases) {
    ImageDesc image = MakeImage2D(c.format, kWidth, 1, 1, kBase);
    SamplerDesc smp;
    smp.xy_mag_filter = c.mag;
    smp.xy_min_filter = c.min;
    smp.clamp_y = c.clamp_y;
    smp.trunc_coord = false;
    smp.max_lod = 15 * 256;
    for (size_t first = 0; first < us.size(); first += 64) {
      const uint32_t lanes = static_cast<uint32_t>(std::min<size_t>(64, us.size() - first));
      std::vector<uint32_t> s(64), t(64, std::bit_cast<uint32_t>(0.5f)), lod(64), out[4];
      for (auto& o : out) o.assign(64, 0);
      for (uint32_t l = 0; l < lanes; ++l) {
        s[l] = std::bit_cast<uint32_t>(static_cast<float>(us[first + l] / kWidth));  // exact
        lod[l] = std::bit_cast<uint32_t>(c.lod_one ? 1.0f : 0.0f);
      }
      TexRequest q;
      q.op = {OpKind::kSample, kOpLod, AtomicOp::kNone};
      q.lane_count = lanes;
      q.mods.dmask = 0xF;
      q.image = &image;
      q.sampler = &smp;
      q.memory = &memory;
      q.in.coord[0] = s.data();
      q.in.coord[1] = t.data();
      q.in.lod = lod.data();
      for (int k = 0; k < 4; ++k) q.out.data[k] = out[k].data();
      ASSERT_TRUE(rt->Execute(q).ok());
      for (uint32_t l = 0; l < lanes; ++l) {
        const uint32_t r = out[0][l];
        const uint32_t got =
            c.format == FormatId::kR8G8B8A8_UINT
                ? r
                : static_cast<uint32_t>(std::lround(std::bit_cast<float>(r) * 255));
        EXPECT_EQ(got, ExpectedTexel(us[first + l]))
            << FormatName(c.format) << " u " << us[first + l] << " mag " << int(c.mag);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, PointRoundKernel,
                         ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
