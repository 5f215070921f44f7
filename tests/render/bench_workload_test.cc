#include "render/bench_workload.h"

#include <gtest/gtest.h>

#include <bit>
#include <memory>

#include "render/rasterizer.h"

namespace texunit::render {
namespace {

float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }

TEST(BenchWorkloadTest, NamesRoundTrip) {
  for (BenchOp op :
       {BenchOp::kSampleLz, BenchOp::kSample, BenchOp::kSampleL, BenchOp::kLoad, BenchOp::kStore}) {
    BenchOp parsed;
    ASSERT_TRUE(ParseBenchOp(BenchOpName(op), &parsed));
    EXPECT_EQ(parsed, op);
  }
  BenchFilter filter;
  EXPECT_TRUE(ParseBenchFilter("trilinear", &filter));
  EXPECT_EQ(filter, BenchFilter::kTrilinear);
  BenchFormat format;
  EXPECT_TRUE(ParseBenchFormat("rgba32f", &format));
  EXPECT_EQ(format, BenchFormat::kRgba32f);
  BenchCoords coords;
  EXPECT_TRUE(ParseBenchCoords("random", &coords));
  EXPECT_EQ(coords, BenchCoords::kRandom);
  EXPECT_FALSE(ParseBenchOp("gather4", nullptr));
  EXPECT_FALSE(ParseBenchFilter("", nullptr));
  EXPECT_EQ(DescribeBenchConfig(BenchConfig()),
            "op=sample_lz filter=bilinear format=rgba8 size=1024 coords=coherent");
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
  config.format = BenchFormat::kRgba32f;
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
  EXPECT_EQ(w->image().desc().format, kFormatRgba32Float);
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
