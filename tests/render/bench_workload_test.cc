#include "render/bench_workload.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>

#include "formats/format_table.h"
#include "render/rasterizer.h"

namespace texunit::render {
namespace {

float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }

TEST(BenchWorkloadTest, NamesRoundTrip) {
  for (BenchOp op : {BenchOp::kSampleLz, BenchOp::kSample, BenchOp::kSampleL, BenchOp::kLoad,
                     BenchOp::kStore, BenchOp::kGather4}) {
    BenchOp parsed;
    ASSERT_TRUE(ParseBenchOp(BenchOpName(op), &parsed));
    EXPECT_EQ(parsed, op);
  }
  BenchFilter filter;
  EXPECT_TRUE(ParseBenchFilter("trilinear", &filter));
  EXPECT_EQ(filter, BenchFilter::kTrilinear);
  FormatId format;
  EXPECT_TRUE(ParseBenchFormat("rgba32f", &format));
  EXPECT_EQ(format, FormatId::kR32G32B32A32_FLOAT);
  EXPECT_TRUE(ParseBenchFormat("bc7", &format));
  EXPECT_EQ(format, FormatId::kBC7_UNORM);
  EXPECT_TRUE(ParseBenchFormat("r16g16_snorm", &format));  // any format name
  EXPECT_EQ(format, FormatId::kR16G16_SNORM);
  EXPECT_STREQ(BenchFormatName(FormatId::kR16G16_SNORM), "R16G16_SNORM");
  EXPECT_FALSE(ParseBenchFormat("rgba9", &format));
  BenchCoords coords;
  EXPECT_TRUE(ParseBenchCoords("random", &coords));
  EXPECT_EQ(coords, BenchCoords::kRandom);
  EXPECT_FALSE(ParseBenchOp("gather8", nullptr));
  EXPECT_FALSE(ParseBenchFilter("", nullptr));
  EXPECT_EQ(DescribeBenchConfig(BenchConfig()),
            "op=sample_lz filter=bilinear format=rgba8 size=1024 coords=coherent");
}

// A depth-compare workload with CLAMP_LAST_TEXEL: _C with its reference, the S# as configured,
// and every lane's result a compare result (0 or 1: LESS_EQUAL of 0.5 against texels in [0, 1]).
TEST(BenchWorkloadTest, CompareAndAddress) {
  BenchConfig config;
  config.size = 16;
  config.format = FormatId::kR32_FLOAT;
  config.compare = true;
  config.address = ClampMode::kClampLastTexel;
  config.filter = BenchFilter::kPoint;
  EXPECT_EQ(DescribeBenchConfig(config),
            "op=sample_lz filter=point format=r32f size=16 coords=coherent "
            "address=CLAMP_LAST_TEXEL compare");
  std::unique_ptr<BenchWorkload> w;
  ASSERT_TRUE(BenchWorkload::Create(config, &w).ok());
  EXPECT_EQ(w->sampler().clamp_x, ClampMode::kClampLastTexel);
  EXPECT_EQ(w->sampler().clamp_y, ClampMode::kClampLastTexel);
  ASSERT_FALSE(w->requests().empty());
  EXPECT_NE(w->requests()[0].op.flags & kOpCompare, 0u);
  ASSERT_NE(w->requests()[0].in.zcompare, nullptr);
  EXPECT_EQ(std::bit_cast<float>(w->requests()[0].in.zcompare[0]), 0.5f);
  std::unique_ptr<Runtime> rt;
  ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &rt).ok());
  ASSERT_TRUE(rt->ExecuteBatch(w->requests()).ok());
  for (uint32_t r : w->result(0)) EXPECT_TRUE(r == 0u || r == 0x3F800000u) << std::hex << r;
}

TEST(BenchWorkloadTest, CoherentSweepShape) {
  BenchConfig config;
  config.size = 16;
  std::unique_ptr<BenchWorkload> w;
  ASSERT_TRUE(BenchWorkload::Create(config, &w).ok());
  ASSERT_EQ(w->requests().size(), 4u);
  EXPECT_EQ(w->samples(), 256u);
  EXPECT_EQ(w->image().levels(), 5u);
  EXPECT_EQ(w->sampler().max_lod, 4u << 8);
  EXPECT_EQ(w->sampler().xy_min_filter, XyFilter::kBilinear);
  EXPECT_EQ(w->sampler().mip_filter, MipFilter::kPoint);
  const TexRequest& r = w->requests()[1];  // tile (8, 0)
  EXPECT_EQ(r.op.kind, OpKind::kSample);
  EXPECT_EQ(r.op.flags, static_cast<uint32_t>(kOpLz));
  EXPECT_EQ(r.lane_count, 64u);
  EXPECT_EQ(r.exec, ~0ull);
  EXPECT_EQ(r.mods.dmask, 0xF);
  EXPECT_EQ(r.image, &w->image().desc());
  ASSERT_NE(r.out.data[3], nullptr);
  // Lane 5 of tile (8, 0) is pixel (11, 0): s = 11.5 / 16, t = 0.5 / 16.
  EXPECT_EQ(AsFloat(r.in.coord[0][5]), 11.5f / 16.0f);
  EXPECT_EQ(AsFloat(r.in.coord[1][5]), 0.5f / 16.0f);
  EXPECT_EQ(r.in.coord[0], w->coord(0).data() + 64);
}

TEST(BenchWorkloadTest, PartialTilesAndIntegerCoordinates) {
  BenchConfig config;
  config.size = 12;  // 2x2 tiles, the last holding 4x4 pixels
  config.op = BenchOp::kLoad;
  config.format = FormatId::kR32G32B32A32_FLOAT;
  std::unique_ptr<BenchWorkload> w;
  ASSERT_TRUE(BenchWorkload::Create(config, &w).ok());
  ASSERT_EQ(w->requests().size(), 4u);
  EXPECT_EQ(w->samples(), 144u);
  const TexRequest& r = w->requests()[3];  // tile (8, 8)
  EXPECT_EQ(r.op.kind, OpKind::kLoad);
  EXPECT_EQ(std::popcount(r.exec), 16);
  EXPECT_EQ(r.sampler, nullptr);
  const uint32_t lane = TilePixelToLane(3, 2);
  EXPECT_EQ(r.in.coord[0][lane], 11u);
  EXPECT_EQ(r.in.coord[1][lane], 10u);
  EXPECT_EQ(w->image().desc().format, FormatId::kR32G32B32A32_FLOAT);
}

// How far a format's load of a converted value may be from the value in [0, 1]: half a step
// of its narrowest stored channel, 1/64 relative for the 6-bit-mantissa floats, a coarse bound
// for block compression of the noisy pattern.
float Tolerance(const FormatDesc& f) {
  if (f.is_block()) return 0.3f;
  int bits = 32;
  for (const ChannelDesc& c : f.ch) {
    if (c.bits != 0 && c.kind != ChannelKind::kFloat) bits = std::min<int>(bits, c.bits);
    if (c.bits != 0 && c.kind == ChannelKind::kFloat && c.bits < 32) bits = std::min(bits, 7);
  }
  if (f.id == FormatId::kR9G9B9E5_FLOAT) bits = 8;
  return bits >= 24 ? 1e-6f : 1.0f / static_cast<float>((1 << bits) - 1);
}

TEST(BenchWorkloadTest, EveryFamilyBuildsAndLoadsItsTexture) {
  // Each family's texture is the float pattern re-encoded (by the library's own store, or a BC
  // encoder); loading the whole level 0 must give back the RGBA32F pattern's X channel within
  // the format's precision (integer formats hold round(v * 255)).
  BenchConfig reference_config;
  reference_config.size = 16;
  reference_config.op = BenchOp::kLoad;
  reference_config.format = FormatId::kR32G32B32A32_FLOAT;
  std::unique_ptr<BenchWorkload> ref;
  ASSERT_TRUE(BenchWorkload::Create(reference_config, &ref).ok());
  std::unique_ptr<Runtime> rt;
  ASSERT_TRUE(Runtime::Create({}, &rt).ok());
  ASSERT_TRUE(rt->ExecuteBatch(ref->requests()).ok());
  for (const BenchFormatFamily& family : BenchFormatFamilies()) {
    BenchConfig config = reference_config;
    config.format = family.format;
    std::unique_ptr<BenchWorkload> w;
    const Status s = BenchWorkload::Create(config, &w);
    ASSERT_TRUE(s.ok()) << family.name << ": " << s.ToString();
    EXPECT_EQ(w->image().desc().format, family.format) << family.name;
    EXPECT_EQ(w->image().levels(), 5u) << family.name;
    ASSERT_TRUE(rt->ExecuteBatch(w->requests()).ok()) << family.name;
    const FormatDesc& f = GetFormatDesc(family.format);
    const bool integer = f.numeric != NumericClass::kFloat;
    for (size_t i = 0; i < w->result(0).size(); ++i) {
      const float want = AsFloat(ref->result(0)[i]);
      const uint32_t got = w->result(0)[i];
      if (integer) {
        ASSERT_EQ(got, static_cast<uint32_t>(std::lround(want * 255.0f))) << family.name;
      } else {
        ASSERT_NEAR(AsFloat(got), want, Tolerance(f)) << family.name << " lane " << i;
      }
    }
  }
}

TEST(BenchWorkloadTest, RandomCoordinatesAndStores) {
  BenchConfig config;
  config.size = 64;
  config.coords = BenchCoords::kRandom;
  config.op = BenchOp::kSampleL;
  config.filter = BenchFilter::kTrilinear;
  config.lod = 1.5f;
  std::unique_ptr<BenchWorkload> w;
  ASSERT_TRUE(BenchWorkload::Create(config, &w).ok());
  EXPECT_EQ(w->requests().size(), 64u);
  EXPECT_EQ(w->samples(), 64u * 64u);
  EXPECT_EQ(w->sampler().mip_filter, MipFilter::kLinear);
  for (uint32_t bits : w->coord(0)) {
    EXPECT_GE(AsFloat(bits), 0.0f);
    EXPECT_LE(AsFloat(bits), 1.0f);
  }
  EXPECT_EQ(AsFloat(w->requests()[7].in.lod[3]), 1.5f);
  EXPECT_EQ(w->requests()[7].op.flags, static_cast<uint32_t>(kOpLod));

  // The same seed gives the same coordinates; stores carry data and no results.
  config.op = BenchOp::kStore;
  std::unique_ptr<BenchWorkload> s;
  ASSERT_TRUE(BenchWorkload::Create(config, &s).ok());
  EXPECT_EQ(s->requests()[0].op.kind, OpKind::kStore);
  EXPECT_NE(s->requests()[0].in.data[0], nullptr);
  EXPECT_EQ(s->requests()[0].out.data[0], nullptr);
  for (uint32_t bits : s->coord(1)) EXPECT_LT(bits, 64u);
}

TEST(BenchWorkloadTest, CapsTheBatch) {
  BenchConfig config;
  config.size = 256;
  config.max_waves = 100;
  std::unique_ptr<BenchWorkload> w;
  ASSERT_TRUE(BenchWorkload::Create(config, &w).ok());
  EXPECT_EQ(w->requests().size(), 100u);
  config.size = 0;
  EXPECT_FALSE(BenchWorkload::Create(config, &w).ok());
}

}  // namespace
}  // namespace texunit::render
