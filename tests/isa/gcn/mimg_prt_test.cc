// Partially resident textures through gcn::Execute (docs/sampling.md, "Partially resident
// textures"): a 256x128 RGBA8 image spans two 64 KiB pages (rows 0-63 and 64-127, 1 KiB a row);
// page 1 is not resident. Instruction dwords from llvm-mc 14 (-arch=amdgcn -mcpu=tonga); the
// expected values are worked out in the comments.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::gcn {
namespace {

constexpr uint64_t kBase = 0x100000;
// image_load v[0:4], v[6:7], s[8:15] dmask:0xf unorm tfe lwe
constexpr uint32_t kLoadTfeLwe[] = {0xf0031f00, 0x00020006};
// image_sample_lz v[0:4], v[6:7], s[8:15], s[16:19] dmask:0xf tfe
constexpr uint32_t kSampleLzTfe[] = {0xf09d0f00, 0x00820006};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

class MimgPrtTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  void SetUp() override {
    // Texel (x, y) = (x, y, 7, 255).
    texels_.resize(256 * 128 * 4);
    for (uint32_t y = 0; y < 128; ++y) {
      for (uint32_t x = 0; x < 256; ++x) {
        uint8_t* t = &texels_[(y * 256 + x) * 4];
        t[0] = static_cast<uint8_t>(x);
        t[1] = static_cast<uint8_t>(y);
        t[2] = 7;
        t[3] = 255;
      }
    }
    ASSERT_TRUE(memory_.AddRegion(kBase, texels_.data(), texels_.size()).ok());
    ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 256, 128, 1, kBase);
    d.min_lod_warn = 0x100;  // a PRT; LOD warnings below level 1.0
    uint32_t t[8] = {};
    ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, d, t).ok());
    for (int i = 0; i < 8; ++i) sgprs_[8 + i] = t[i];
    SamplerDesc smp;
    smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
    uint32_t s[4] = {};
    ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, smp, s).ok());
    for (int i = 0; i < 4; ++i) sgprs_[16 + i] = s[i];
  }

  Status Run(std::span<const uint32_t> words, uint32_t lanes) {
    MimgInstruction inst;
    TEXUNIT_RETURN_IF_ERROR(DecodeMimg(Gfx::kGfx8, words, &inst));
    WaveState wave;
    wave.lane_count = lanes;
    wave.exec = (1ull << lanes) - 1;
    wave.sgprs = sgprs_;
    wave.vgprs = vgprs_;
    wave.residency = residency_;
    wave.residency_pages = 2;
    return Execute(*runtime_, inst, wave, memory_);
  }

  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs_[reg * 64 + lane]; }

  static std::unique_ptr<Runtime> runtime_;
  std::vector<uint8_t> texels_;
  Memory memory_;
  std::vector<uint32_t> sgprs_ = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs_ = std::vector<uint32_t>(16 * 64, 0xDEADBEEF);
  std::vector<uint64_t> residency_ = {0b01};  // page 0 resident, page 1 not
};

std::unique_ptr<Runtime> MimgPrtTest::runtime_;

TEST_F(MimgPrtTest, LoadsReadZeroFromMissingPagesAndReportIt) {
  // Lane 0: (0, 10) in page 0: the texel; level 0 * 256 < MIN_LOD_WARN 0x100, so LWE's warning:
  //   status 2 (LOD 0 above bit 16).
  // Lane 1: (5, 100) in page 1: zeros, status TEXEL_FAIL = 1 (the warning yields to it).
  // Lane 2: (300, 0) is out of bounds: zeros, and it read no texel: status 0.
  const uint32_t xy[3][2] = {{0, 10}, {5, 100}, {300, 0}};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    v(6, lane) = xy[lane][0];
    v(7, lane) = xy[lane][1];
  }
  ASSERT_TRUE(Run(kLoadTfeLwe, 3).ok());
  EXPECT_EQ(v(0, 0), F(0.0f));
  EXPECT_EQ(v(1, 0), F(10.0f / 255.0f));
  EXPECT_EQ(v(4, 0), 2u);
  for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(v(c, 1), 0u) << c;
  EXPECT_EQ(v(4, 1), 1u);
  for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(v(c, 2), 0u) << c;
  EXPECT_EQ(v(4, 2), 0u);
}

TEST_F(MimgPrtTest, SamplesFilterMissingTexelsAsZero) {
  // u = 10.5 (a = 0, column 10). TFE only, so no LOD warnings.
  // Lane 0: v = 64 straddles rows 63 (page 0) and 64 (page 1), b = 0.5: half of (10, 63, 7, 255)
  //   and half of zero: (5, 31.5, 3.5, 127.5) / 255; status 1.
  // Lane 1: v = 63.5: row 63 with weight 1 and row 64 with weight 0, but read: the texel exactly,
  //   status 1.
  // Lane 2: v = 10.5, all in page 0: the texel, status 0.
  const float vv[3] = {64.0f, 63.5f, 10.5f};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    v(6, lane) = F(10.5f / 256.0f);
    v(7, lane) = F(vv[lane] / 128.0f);
  }
  ASSERT_TRUE(Run(kSampleLzTfe, 3).ok());
  const float want[3][4] = {{5.0f / 255, 31.5f / 255, 3.5f / 255, 127.5f / 255},
                            {10.0f / 255, 63.0f / 255, 7.0f / 255, 1.0f},
                            {10.0f / 255, 10.0f / 255, 7.0f / 255, 1.0f}};
  const uint32_t status[3] = {1, 1, 0};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(v(c, lane), F(want[lane][c])) << lane << " " << c;
    EXPECT_EQ(v(4, lane), status[lane]) << lane;
  }
}

TEST_F(MimgPrtTest, AShortResidencyMapIsAnError) {
  residency_ = {0b01};
  MimgInstruction inst;
  ASSERT_TRUE(DecodeMimg(Gfx::kGfx8, kLoadTfeLwe, &inst).ok());
  WaveState wave;
  wave.lane_count = 1;
  wave.exec = 1;
  wave.sgprs = sgprs_;
  wave.vgprs = vgprs_;
  wave.residency = residency_;
  wave.residency_pages = 1;  // the footprint spans 2
  const Status st = Execute(*runtime_, inst, wave, memory_);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("spans 2 pages"), std::string::npos) << st.ToString();
}

}  // namespace
}  // namespace texunit::gcn
