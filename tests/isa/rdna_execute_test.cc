// gcn::Execute on RDNA words (rdna::DecodeMimg): the image type from DIM, non-sequential
// addresses (NSA), D16 packing, and A16/G16 packed operands (mimg_a16_test.cc has the sweep).
// Instruction bytes come from llvm-mc 14 (`llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding`, read
// as little-endian dwords); expected values are worked out from docs/sampling.md here, or are the
// same instruction's results through the GFX9 words, which mimg_execute_test.cc checks by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/rdna.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint64_t kImageBase = 0x100000;

// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
constexpr uint32_t kSampleLz[] = {0xf09c0f08, 0x00820004};
// image_sample_lz v[0:3], [v4, v9], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
constexpr uint32_t kSampleLzNsa[] = {0xf09c0f0a, 0x00820004, 0x00000009};
// image_load v[0:3], [v4, v9, v2], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm
constexpr uint32_t kLoadArrayNsa[] = {0xf0001f2a, 0x00020004, 0x00000209};
// image_load v[0:1], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16
constexpr uint32_t kLoadD16[] = {0xf0001f08, 0x80020004};
// The same on gfx900: image_load v[0:1], v[4:5], s[8:15] dmask:0xf unorm d16
constexpr uint32_t kLoadD16Gfx9[] = {0xf0001f00, 0x80020004};
// image_sample_lz v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D a16
constexpr uint32_t kSampleLzA16[] = {0xf09c0f08, 0x40820004};
// image_sample_d_g16 v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
constexpr uint32_t kSampleDG16[] = {0xf0880f09, 0x00820004};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// Texel (x, y) of layer l of the 4x4 RGBA8 images: {85x, 85y, 16x + y + 64l, 255}.
uint8_t TexelByte(uint32_t x, uint32_t y, uint32_t l, uint32_t c) {
  const uint32_t v[4] = {85 * x, 85 * y, 16 * x + y + 64 * l, 255};
  return static_cast<uint8_t>(v[c]);
}

class RdnaExecuteTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  void SetUp() override {
    texels_.assign(2 * 64, 0);  // two 4x4 layers
    for (uint32_t l = 0; l < 2; ++l) {
      for (uint32_t i = 0; i < 16; ++i) {
        for (uint32_t c = 0; c < 4; ++c)
          texels_[(l * 16 + i) * 4 + c] = TexelByte(i % 4, i / 4, l, c);
      }
    }
    ASSERT_TRUE(memory_.AddRegion(kImageBase, texels_.data(), texels_.size()).ok());
    sgprs_.assign(104, 0);
    vgprs_.assign(256 * 64, kSentinel);
  }

  // The T# of a 4x4 RGBA8 UNORM 2D image (or a 2-layer 2D array) to s[8:15], S# (POINT) to
  // s[16:19], both in `gfx`'s encoding.
  void Bind(Gfx gfx, ImageType type = ImageType::k2D) {
    ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 4, 4, 1, kImageBase);
    d.type = type;
    if (type == ImageType::k2DArray) d.depth = 2, d.last_array = 1;
    ASSERT_TRUE(EncodeImageDesc(gfx, d, std::span(sgprs_).subspan(8, 8)).ok());
    ASSERT_TRUE(EncodeSamplerDesc(gfx, SamplerDesc{}, std::span(sgprs_).subspan(16, 4)).ok());
  }
  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs_[reg * 64 + lane]; }

  Status Run(Gfx gfx, std::span<const uint32_t> words) {
    gcn::MimgInstruction inst;
    TEXUNIT_RETURN_IF_ERROR(DecodeAmdMimg(gfx, words, &inst));
    gcn::WaveState wave;
    wave.lane_count = 16;
    wave.exec = 0xFFFF;
    wave.sgprs = sgprs_;
    wave.vgprs = vgprs_;
    return gcn::Execute(*runtime_, inst, wave, memory_);
  }

  static std::unique_ptr<Runtime> runtime_;
  std::vector<uint8_t> texels_;
  Memory memory_;
  std::vector<uint32_t> sgprs_, vgprs_;
};

std::unique_ptr<Runtime> RdnaExecuteTest::runtime_;

// Lane i samples the centre of texel (i % 4, i / 4): POINT returns its UNORM channels,
// float(c) / 255. The NSA form reads t from v9 instead of v5 and must give the same.
TEST_F(RdnaExecuteTest, SampleWithContiguousAndNonSequentialAddresses) {
  Bind(Gfx::kGfx1030);
  for (const bool nsa : {false, true}) {
    vgprs_.assign(256 * 64, kSentinel);
    for (uint32_t lane = 0; lane < 16; ++lane) {
      v(4, lane) = F((static_cast<float>(lane % 4) + 0.5f) / 4.0f);
      v(nsa ? 9 : 5, lane) = F((static_cast<float>(lane / 4) + 0.5f) / 4.0f);
    }
    ASSERT_TRUE(Run(Gfx::kGfx1030, nsa ? std::span<const uint32_t>(kSampleLzNsa)
                                       : std::span<const uint32_t>(kSampleLz))
                    .ok());
    for (uint32_t lane = 0; lane < 16; ++lane) {
      for (uint32_t c = 0; c < 4; ++c) {
        EXPECT_EQ(v(c, lane), F(TexelByte(lane % 4, lane / 4, 0, c) / 255.0f))
            << "nsa " << nsa << " lane " << lane << " c " << c;
      }
    }
  }
}

// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_CUBE
constexpr uint32_t kSampleLzCube[] = {0xf09c0f18, 0x00820004};
// image_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_CUBE unorm
constexpr uint32_t kLoadCube[] = {0xf0001f18, 0x00020004};

// A cube array of two cubes, one texel a face: layer L = 6 * cube + face holds R = 20 L. The RDNA
// seed numbers a cube array's faces two ways: sampler ops take face id = slice * 8 + face (what
// V_CUBEID and the slice math of a shader give), the others slice * 6 + face. So face id 10
// (cube 1, face 2) samples layer 8 (R = 160), and a load with z = 8 reads the same texel, while
// a load with z = 10 reads layer 10 (cube 1, face 4: R = 200).
TEST_F(RdnaExecuteTest, CubeArrayFaceIdsForSamplerOpsAndLoads) {
  constexpr uint64_t kCubes = 0x200000;
  std::vector<uint8_t> faces(12 * 4);
  for (uint32_t layer = 0; layer < 12; ++layer) {
    faces[layer * 4] = static_cast<uint8_t>(20 * layer);
    faces[layer * 4 + 3] = 255;
  }
  ASSERT_TRUE(memory_.AddRegion(kCubes, faces.data(), faces.size()).ok());
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 1, 1, 1, kCubes);
  d.type = ImageType::kCube;
  d.depth = 12;
  d.last_array = 11;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx1030, d, std::span(sgprs_).subspan(8, 8)).ok());
  ASSERT_TRUE(
      EncodeSamplerDesc(Gfx::kGfx1030, SamplerDesc{}, std::span(sgprs_).subspan(16, 4)).ok());
  // Sample: x, y at the face's centre (a face spans [1, 2]), face id 8 * 1 + 2.
  v(4, 0) = F(1.5f);
  v(5, 0) = F(1.5f);
  v(6, 0) = F(10.0f);
  ASSERT_TRUE(Run(Gfx::kGfx1030, kSampleLzCube).ok());
  EXPECT_EQ(v(0, 0), F(160 / 255.0f));
  // Load: texel (0, 0) of layer z.
  for (const uint32_t z : {8u, 10u}) {
    v(4, 0) = 0;
    v(5, 0) = 0;
    v(6, 0) = z;
    ASSERT_TRUE(Run(Gfx::kGfx1030, kLoadCube).ok());
    EXPECT_EQ(v(0, 0), F((20 * z) / 255.0f)) << z;
  }
}

// image_msaa_load v0, v[4:6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA unorm (llvm-mc 14 names
// one data register, from DMASK; the instruction returns four: v[0:3])
constexpr uint32_t kMsaaLoad[] = {0xf0001231, 0x00020004};

// MSAA_LOAD: G of fragments (f & ~3) + 0..3 of a 2x2 image of 8 fragments whose fragment f holds
// G = 16 f + 3 (UNORM, so (16 f + 3) / 255). Lane 0 reads texel (1, 1) with f = 6: fragments 4-7.
TEST_F(RdnaExecuteTest, MsaaLoadReturnsOneComponentOfFourFragments) {
  constexpr uint64_t kMsaa = 0x300000;
  std::vector<uint8_t> texels(2 * 2 * 8 * 4);
  for (uint32_t i = 0; i < 2 * 2 * 8; ++i)
    texels[i * 4 + 1] = static_cast<uint8_t>(16 * (i % 8) + 3);
  ASSERT_TRUE(memory_.AddRegion(kMsaa, texels.data(), texels.size()).ok());
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 2, 2, 1, kMsaa);
  d.type = ImageType::k2DMsaa;
  d.last_level = 3;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx1030, d, std::span(sgprs_).subspan(8, 8)).ok());
  v(4, 0) = 1;
  v(5, 0) = 1;
  v(6, 0) = 6;
  ASSERT_TRUE(Run(Gfx::kGfx1030, kMsaaLoad).ok());
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(v(k, 0), F((16 * (4 + k) + 3) / 255.0f)) << k;
}

// DIM 2D_ARRAY with x in v4, y in v9 and the layer in v2: layer 1's texels (B = 16x + y + 64).
TEST_F(RdnaExecuteTest, LoadFromAnArrayWithScatteredAddressRegisters) {
  Bind(Gfx::kGfx1030, ImageType::k2DArray);
  for (uint32_t lane = 0; lane < 16; ++lane) {
    v(4, lane) = lane % 4;
    v(9, lane) = lane / 4;
    v(2, lane) = 1;
  }
  ASSERT_TRUE(Run(Gfx::kGfx1030, kLoadArrayNsa).ok());
  for (uint32_t lane = 0; lane < 16; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(v(c, lane), F(TexelByte(lane % 4, lane / 4, 1, c) / 255.0f)) << lane << " " << c;
    }
  }
}

// D16 packs two 16-bit results per VGPR, LSB first, as on GFX9: the gfx1030 words give the gfx900
// words' registers bit for bit; texel (3, 3) of the corner lane is {255, 255, 51, 255}, so v0 is
// 1.0 | 1.0 << 16 = 0x3C003C00 and v1's high half is 1.0 (51 / 255 = 0.2 is half 0x3266).
TEST_F(RdnaExecuteTest, D16ResultsArePackedAsOnGfx9) {
  std::vector<uint32_t> results[2];
  for (const Gfx gfx : {Gfx::kGfx9, Gfx::kGfx1030}) {
    Bind(gfx);
    vgprs_.assign(256 * 64, kSentinel);
    for (uint32_t lane = 0; lane < 16; ++lane) {
      v(4, lane) = lane % 4;
      v(5, lane) = lane / 4;
    }
    ASSERT_TRUE(Run(gfx, gfx == Gfx::kGfx9 ? std::span<const uint32_t>(kLoadD16Gfx9)
                                           : std::span<const uint32_t>(kLoadD16))
                    .ok());
    results[gfx == Gfx::kGfx1030].assign(vgprs_.begin(), vgprs_.begin() + 2 * 64);
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(v(0, 15), 0x3C003C00u);
  EXPECT_EQ(v(1, 15), 0x3C003266u);
  EXPECT_EQ(v(0, 0), 0x00000000u);  // texel (0, 0): R = G = 0
}

// A16 packs s, t into v4 (s in bits 15:0) as f16s; G16 packs the derivatives (ds/dx, dt/dx) and
// (ds/dy, dt/dy) into v4 and v5, with s, t 32-bit in v6, v7. Both sample the texels the 32-bit
// forms do (zero derivatives: level 0, the only one).
TEST_F(RdnaExecuteTest, SixteenBitAddressesAndDerivativesAreUnpacked) {
  Bind(Gfx::kGfx1030);
  const auto half = [](uint32_t texel) {  // (texel + 0.5) / 4 as an f16
    constexpr uint16_t kHalves[4] = {0x3000, 0x3600, 0x3900, 0x3B00};  // 0.125 0.375 0.625 0.875
    return uint32_t{kHalves[texel]};
  };
  for (uint32_t lane = 0; lane < 16; ++lane) v(4, lane) = half(lane % 4) | half(lane / 4) << 16;
  ASSERT_TRUE(Run(Gfx::kGfx1030, kSampleLzA16).ok());
  for (uint32_t lane = 0; lane < 16; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(v(c, lane), F(TexelByte(lane % 4, lane / 4, 0, c) / 255.0f)) << lane << " " << c;
    }
  }
  vgprs_.assign(256 * 64, kSentinel);
  for (uint32_t lane = 0; lane < 16; ++lane) {
    v(4, lane) = 0;  // ds/dx = dt/dx = +0.0
    v(5, lane) = 0;
    v(6, lane) = F((static_cast<float>(lane % 4) + 0.5f) / 4.0f);
    v(7, lane) = F((static_cast<float>(lane / 4) + 0.5f) / 4.0f);
  }
  ASSERT_TRUE(Run(Gfx::kGfx1030, kSampleDG16).ok());
  for (uint32_t lane = 0; lane < 16; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(v(c, lane), F(TexelByte(lane % 4, lane / 4, 0, c) / 255.0f)) << lane << " " << c;
    }
  }
}

}  // namespace
}  // namespace texunit
