// The static key of a wave (src/sampler/sample_key.h): PrepareWave puts every choice that selects
// code into WaveSetup::key and leaves the values a kernel reads at run time (sizes, LOD constants,
// addresses, operands) beside it. Requests that differ only in such values get equal keys; a
// descriptor field a kernel can be specialised on changes the key; the hot kernel slot follows
// from the key alone.
#include "sampler/sample_key.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "sampler/wave_setup.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint64_t kOtherBase = 0x200000;
constexpr uint64_t kRegionBytes = 1 << 16;

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// A trilinear IMAGE_SAMPLE (implicit LOD) of a 64x64 RGBA8 UNORM 2D image with its whole mip chain
// (7 levels), WRAP on both axes, all 64 lanes; two memory regions, so that the base address can
// move. Every operand array a variant below may need is present.
class SampleKeyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(memory_.AddRegion(kBase, texels_.data(), kRegionBytes).ok());
    ASSERT_TRUE(memory_.AddRegion(kOtherBase, other_texels_.data(), kRegionBytes).ok());
    image_ = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 64, 7, kBase);
    sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kBilinear;
    sampler_.mip_filter = MipFilter::kLinear;
    sampler_.max_lod = 15 * 256;
    for (uint32_t lane = 0; lane < 64; ++lane) {
      s_[lane] = Bits((lane % 8) / 64.0f);
      t_[lane] = Bits((lane / 8) / 64.0f);
    }
    q_.op = Op{OpKind::kSample, 0};
    q_.image = &image_;
    q_.sampler = &sampler_;
    q_.memory = &memory_;
    q_.in.coord[0] = s_.data();
    q_.in.coord[1] = t_.data();
    q_.in.coord[2] = layer_.data();
    q_.in.zcompare = zcompare_.data();
    for (auto& d : q_.out.data) d = results_.data();
  }

  // PrepareWave of the request as it stands; the footprint must fit the region.
  void Prepare(WaveSetup* setup) {
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(image_, &layout).ok());
    ASSERT_LE(layout.total_bytes, kRegionBytes);
    const Status status = PrepareWave(q_, ExecOptions{}, setup);
    ASSERT_TRUE(status.ok()) << status.ToString();
    // The slot PrepareWave stored is the one its key gives.
    EXPECT_EQ(HotSampleIndex(setup->key), setup->key.hot_kernel);
  }

  std::vector<uint32_t> texels_ = std::vector<uint32_t>(kRegionBytes / 4);
  std::vector<uint32_t> other_texels_ = std::vector<uint32_t>(kRegionBytes / 4);
  Memory memory_;
  ImageDesc image_;
  SamplerDesc sampler_;
  std::vector<uint32_t> s_ = std::vector<uint32_t>(64), t_ = std::vector<uint32_t>(64);
  std::vector<uint32_t> layer_ = std::vector<uint32_t>(64, 0);
  std::vector<uint32_t> zcompare_ = std::vector<uint32_t>(64, Bits(0.5f));
  std::vector<uint32_t> results_ = std::vector<uint32_t>(64);
  TexRequest q_;
};

TEST_F(SampleKeyTest, TheBaseRequestsKey) {
  WaveSetup setup;
  Prepare(&setup);
  const SampleKey& k = setup.key;
  EXPECT_EQ(k.op, (Op{OpKind::kSample, 0}));
  EXPECT_EQ(k.type, ImageType::k2D);
  EXPECT_TRUE(k.uses_y);
  EXPECT_FALSE(k.uses_z || k.uses_layer || k.uses_fragment || k.cube);
  EXPECT_EQ(k.fetch_path, FetchPath::kRgba8Unorm);  // the format fast paths are on
  EXPECT_EQ(k.numeric, NumericClass::kFloat);
  EXPECT_TRUE(k.mag_linear && k.min_linear);  // RGBA8 UNORM filters
  EXPECT_EQ(k.mip, MipFilter::kLinear);
  EXPECT_EQ(k.sample_mip, MipFilter::kLinear);  // 7 levels, implicit LOD: it blends
  EXPECT_EQ(k.gather_mip, MipFilter::kPoint);   // gathers never blend levels
  EXPECT_EQ(k.clamp_x, ClampMode::kWrap);
  EXPECT_EQ(k.clamp_y, ClampMode::kWrap);
  EXPECT_TRUE(k.pow2_x && k.pow2_y);
  EXPECT_FALSE(k.has_border || k.compare || k.prt || k.raw || k.d16 || k.unnormalized);
  EXPECT_EQ(k.aniso, 1);
  EXPECT_TRUE(IsPlain2D(k));
  EXPECT_FALSE(k.general_kernel);
  EXPECT_EQ(k.hot_kernel,
            HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kTrilinear, KeyAddress::kWrap));
}

TEST_F(SampleKeyTest, DynamicValuesLeaveTheKeyAlone) {
  WaveSetup base;
  Prepare(&base);

  {  // other coordinates, in other arrays, on fewer lanes
    std::vector<uint32_t> s(64, Bits(0.75f)), t(64, Bits(-3.5f));
    q_.in.coord[0] = s.data();
    q_.in.coord[1] = t.data();
    q_.lane_count = 17;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.exec, base.exec);
    EXPECT_EQ(setup.key, base.key);
    q_.in.coord[0] = s_.data();
    q_.in.coord[1] = t_.data();
    q_.lane_count = 64;
  }
  {  // 128x32 with its 8 levels: other sizes, still powers of two and still a mip chain
    image_ = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 128, 32, 8, kBase);
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_EQ(setup.lod_width, 128.0f);
    EXPECT_EQ(setup.lod_height, 32.0f);
    EXPECT_EQ(setup.max_level, 7);
    EXPECT_EQ(setup.key, base.key);
    image_ = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 64, 7, kBase);
  }
  {  // an S# LOD bias of +1 (s5.8)
    sampler_.lod_bias = 256;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_EQ(setup.sampler_bias, 1.0f);
    EXPECT_EQ(base.sampler_bias, 0.0f);
    EXPECT_EQ(setup.key, base.key);
    sampler_.lod_bias = 0;
  }
  {  // the same image at another address
    image_.base_address = kOtherBase;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_EQ(setup.host, reinterpret_cast<const uint8_t*>(other_texels_.data()));
    EXPECT_EQ(base.host, reinterpret_cast<const uint8_t*>(texels_.data()));
    EXPECT_EQ(setup.key, base.key);
    image_.base_address = kBase;
  }
}

TEST_F(SampleKeyTest, KeyFieldsChangeTheKey) {
  WaveSetup base;
  Prepare(&base);

  {  // CLAMP_X MIRROR: the axes differ, so no hot kernel (the plain kernel reads both modes)
    sampler_.clamp_x = ClampMode::kMirror;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.key, base.key);
    EXPECT_EQ(setup.key.clamp_x, ClampMode::kMirror);
    EXPECT_EQ(setup.key.hot_kernel, -1);
    EXPECT_FALSE(setup.key.general_kernel);
    sampler_.clamp_x = ClampMode::kWrap;
  }
  {  // POINT XY filters: a point kernel cannot blend levels, so no hot kernel for MIP LINEAR
    sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kPoint;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.key, base.key);
    EXPECT_FALSE(setup.key.mag_linear || setup.key.min_linear);
    EXPECT_TRUE(setup.key.point_round);  // TRUNC_COORD 0 and POINT indices
    EXPECT_EQ(setup.key.hot_kernel, -1);
    sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kBilinear;
  }
  {  // MIP_FILTER POINT: bilinear on the nearest level
    sampler_.mip_filter = MipFilter::kPoint;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.key, base.key);
    EXPECT_EQ(setup.key.sample_mip, MipFilter::kPoint);
    EXPECT_EQ(setup.key.hot_kernel,
              HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kBilinear, KeyAddress::kWrap));
    sampler_.mip_filter = MipFilter::kLinear;
  }
  {  // 2D_ARRAY (one layer): the general kernel, which reads each lane's layer
    image_.type = ImageType::k2DArray;
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.key, base.key);
    EXPECT_EQ(setup.key.type, ImageType::k2DArray);
    EXPECT_TRUE(setup.key.uses_layer);
    EXPECT_FALSE(IsPlain2D(setup.key));
    EXPECT_TRUE(setup.key.general_kernel);
    EXPECT_EQ(setup.key.hot_kernel, -1);
    image_.type = ImageType::k2D;
  }
  {  // a width of 48: WRAP along x is no longer a mask; the hot kernel reads pow2_x at run time
    image_ = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 48, 64, 7, kBase);
    WaveSetup setup;
    Prepare(&setup);
    EXPECT_NE(setup.key, base.key);
    EXPECT_FALSE(setup.key.pow2_x);
    EXPECT_TRUE(setup.key.pow2_y);
    EXPECT_EQ(setup.key.hot_kernel, base.key.hot_kernel);
    image_ = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 64, 7, kBase);
  }
}

// IMAGE_SAMPLE_C on R32_FLOAT: the depth hot kernel. Compares run the general kernels, so the
// wave's plan reads through the general fetch path, while the key keeps the format's own path
// (which selected the hot kernel). The compare function is a key field.
TEST_F(SampleKeyTest, CompareFunctionChangesTheKey) {
  image_ = MakeImage2D(FormatId::kR32_FLOAT, 64, 64, 7, kBase);
  q_.op = Op{OpKind::kSample, kOpCompare};
  sampler_.depth_compare_func = CompareFunc::kLess;
  WaveSetup less;
  Prepare(&less);
  EXPECT_TRUE(less.key.compare);
  EXPECT_EQ(less.key.compare_func, CompareFunc::kLess);
  EXPECT_EQ(less.key.fetch_path, FetchPath::kR32Float);
  EXPECT_EQ(less.plan.path, FetchPath::kPlain);
  EXPECT_TRUE(less.key.general_kernel);
  EXPECT_EQ(less.key.hot_kernel,
            HotSampleSlot(HotFormat::kR32Depth, HotFilter::kTrilinear, KeyAddress::kWrap));

  sampler_.depth_compare_func = CompareFunc::kGreater;
  WaveSetup greater;
  Prepare(&greater);
  EXPECT_NE(greater.key, less.key);
  EXPECT_EQ(greater.key.compare_func, CompareFunc::kGreater);
  EXPECT_EQ(greater.key.hot_kernel, less.key.hot_kernel);  // the function is read at run time

  sampler_.depth_compare_func = CompareFunc::kLess;  // back: equal again
  WaveSetup again;
  Prepare(&again);
  EXPECT_EQ(again.key, less.key);
}

}  // namespace
}  // namespace texunit
