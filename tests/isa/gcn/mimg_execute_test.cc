// gcn::Execute: register-file translation of MIMG instructions. Instruction dwords come from
// llvm-mc 14 (`llvm-mc -arch=amdgcn -mcpu=tonga -show-encoding`, the bytes read as little-endian
// dwords); expected values are computed here from the rules in docs/sampling.md, not taken from
// the program.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::gcn {
namespace {

constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint64_t kImageBase = 0x100000;  // 256-byte aligned guest address of every test image

// llvm-mc: image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm
constexpr uint32_t kLoadRgba[] = {0xf0001f00, 0x00020004};
// image_load v[0:1], v[4:5], s[8:15] dmask:0x5 unorm
constexpr uint32_t kLoadXz[] = {0xf0001500, 0x00020004};
// image_load v[0:4], v[4:5], s[8:15] dmask:0xf unorm tfe  (the status VGPR v4 is also VADDR)
constexpr uint32_t kLoadTfe[] = {0xf0011f00, 0x00020004};
// image_load v[0:3], v[0:1], s[8:15] dmask:0xf unorm  (VDATA overlaps VADDR)
constexpr uint32_t kLoadOverlap[] = {0xf0001f00, 0x00020000};
// image_load v[4:7], v[0:1], s[8:15] dmask:0xf unorm
constexpr uint32_t kLoadToV4[] = {0xf0001f00, 0x00020400};
// image_load v[0:3], v[4:6], s[8:15] dmask:0xf unorm da
constexpr uint32_t kLoadDa[] = {0xf0005f00, 0x00020004};
// image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm r128  (llvm-mc 14 spells the T# s[8:15];
// the hardware reads s[8:11])
constexpr uint32_t kLoadR128[] = {0xf0009f00, 0x00020004};
// image_load_mip v[0:3], v[4:6], s[8:15] dmask:0xf unorm
constexpr uint32_t kLoadMip[] = {0xf0041f00, 0x00020004};
// image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm
constexpr uint32_t kStoreRgba[] = {0xf0201f00, 0x00020004};
// image_store v[0:1], v[4:5], s[8:15] dmask:0x9 unorm
constexpr uint32_t kStoreXw[] = {0xf0201900, 0x00020004};
// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleLz[] = {0xf09c0f00, 0x00820004};
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleL[] = {0xf0900f00, 0x00820004};
// image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x4
constexpr uint32_t kGather4B[] = {0xf1000400, 0x00820004};
// image_gather4_c_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
constexpr uint32_t kGather4CLzO[] = {0xf17c0100, 0x00820004};
// image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3
constexpr uint32_t kGetLod[] = {0xf1800300, 0x00820004};
// image_sample_c_lz v0, v[4:6], s[8:15], s[16:19] dmask:0x1
constexpr uint32_t kSampleCLz[] = {0xf0bc0100, 0x00820004};
// image_sample_d v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf  (2D reads v[4:9])
constexpr uint32_t kSampleD[] = {0xf0880f00, 0x00820004};
// image_sample_cd v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleCd[] = {0xf1a00f00, 0x00820004};
// image_sample_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleClO[] = {0xf0c40f00, 0x00820004};
// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf da
constexpr uint32_t kSampleLzDa[] = {0xf09c4f00, 0x00820004};
// image_sample_lz v[0:3], v4, s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleLz1D[] = {0xf09c0f00, 0x00820004};
// image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 unorm glc
constexpr uint32_t kAtomicAdd[] = {0xf0483100, 0x00020004};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }
// UNORM decode of an 8-bit channel (docs/sampling.md): float(c) / 255.0f.
uint32_t Unorm8(uint32_t c) { return F(static_cast<float>(c) / 255.0f); }

// A wave: 104 SGPRs, 256 VGPRs of 64 lanes, every VGPR lane preset to kSentinel.
struct Wave {
  std::vector<uint32_t> sgprs = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs = std::vector<uint32_t>(256 * 64, kSentinel);
  uint32_t lane_count = 64;
  uint64_t exec = ~0ull;

  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs[reg * 64 + lane]; }
  WaveState State() {
    WaveState s;
    s.lane_count = lane_count;
    s.exec = exec;
    s.sgprs = sgprs;
    s.vgprs = vgprs;
    return s;
  }
};

// 4x4 RGBA8: texel (x, y) = {R = 85x, G = 85y, B = 16x + y, A = 255}.
uint32_t TexelByte(uint32_t x, uint32_t y, uint32_t c) {
  switch (c) {
    case 0:
      return 85 * x;
    case 1:
      return 85 * y;
    case 2:
      return 16 * x + y;
    default:
      return 255;
  }
}

class MimgExecuteTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  void SetUp() override {
    texels_.assign(4096, 0);
    for (uint32_t y = 0; y < 4; ++y) {
      for (uint32_t x = 0; x < 4; ++x) {
        for (uint32_t c = 0; c < 4; ++c) texels_[(y * 4 + x) * 4 + c] = TexelByte(x, y, c);
      }
    }
    ASSERT_TRUE(memory_.AddRegion(kImageBase, texels_.data(), texels_.size()).ok());
  }

  // Writes the T# of a linear 4x4 (levels: 4x4, 2x2, ...) RGBA8 UNORM image to s[8:15].
  void BindImage(Wave& w, uint32_t levels = 1, ImageType type = ImageType::k2D,
                 uint32_t first_sgpr = 8, size_t dwords = 8, Gfx gfx = Gfx::kGfx8) {
    ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 4, 4, levels, kImageBase);
    d.type = type;
    if (type == ImageType::kCube) {
      d.depth = 6;  // one cube: six faces
      d.last_array = 5;
    }
    uint32_t t[8] = {};
    ASSERT_TRUE(EncodeImageDesc(gfx, d, t).ok());
    for (size_t i = 0; i < dwords; ++i) w.sgprs[first_sgpr + i] = t[i];
  }
  // Writes an S# to s[16:19].
  void BindSampler(Wave& w, XyFilter filter, MipFilter mip = MipFilter::kNone,
                   ClampMode clamp = ClampMode::kWrap) {
    SamplerDesc s;
    s.clamp_x = s.clamp_y = s.clamp_z = clamp;
    s.xy_mag_filter = s.xy_min_filter = filter;
    s.mip_filter = mip;
    s.max_lod = 15 * 256;
    BindSampler(w, s);
  }
  void BindSampler(Wave& w, const SamplerDesc& s) {
    uint32_t d[4] = {};
    ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, s, d).ok());
    for (int i = 0; i < 4; ++i) w.sgprs[16 + i] = d[i];
  }

  Status Run(std::span<const uint32_t> words, Wave& w,
             PrecisionMode precision = PrecisionMode::kFloat, Gfx gfx = Gfx::kGfx8) {
    MimgInstruction inst;
    Status st = DecodeMimg(gfx, words, &inst);
    if (!st.ok()) return st;
    WaveState state = w.State();
    state.border_color_table = border_colors_;
    return Execute(*runtime_, inst, state, memory_, precision);
  }

  static std::unique_ptr<Runtime> runtime_;
  std::vector<std::array<uint32_t, 4>> border_colors_;
  std::vector<uint8_t> texels_;
  Memory memory_;
};

std::unique_ptr<Runtime> MimgExecuteTest::runtime_;

// Lane i loads texel (i % 4, (i / 4) % 4) or, for lanes 48..63, (i % 8, 0), which is out of bounds
// for x >= 4.
uint32_t LaneX(uint32_t lane) { return lane >= 48 ? lane % 8 : lane % 4; }
uint32_t LaneY(uint32_t lane) { return lane >= 48 ? 0 : (lane / 4) % 4; }

void SetLoadCoords(Wave& w, uint32_t vaddr) {
  for (uint32_t lane = 0; lane < 64; ++lane) {
    w.v(vaddr, lane) = LaneX(lane);
    w.v(vaddr + 1, lane) = LaneY(lane);
  }
}

uint32_t ExpectedLoad(uint32_t lane, uint32_t c) {
  const uint32_t x = LaneX(lane), y = LaneY(lane);
  if (x >= 4) return 0;
  return Unorm8(TexelByte(x, y, c));
}

TEST_F(MimgExecuteTest, LoadWritesAllFourComponents) {
  Wave w;
  BindImage(w);
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadRgba, w).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), ExpectedLoad(lane, c)) << "lane " << lane << " component " << c;
    }
  }
  EXPECT_EQ(w.v(6, 0), kSentinel);  // nothing past VDATA and VADDR
}

TEST_F(MimgExecuteTest, DmaskCompactsComponents) {
  Wave w;
  BindImage(w);
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadXz, w).ok());  // dmask 0x5: v0 = X, v1 = Z
  for (uint32_t lane = 0; lane < 64; ++lane) {
    EXPECT_EQ(w.v(0, lane), ExpectedLoad(lane, 0)) << lane;
    EXPECT_EQ(w.v(1, lane), ExpectedLoad(lane, 2)) << lane;
    EXPECT_EQ(w.v(2, lane), kSentinel) << lane;
    EXPECT_EQ(w.v(3, lane), kSentinel) << lane;
  }
}

TEST_F(MimgExecuteTest, InactiveLanesKeepTheirRegisters) {
  Wave w;
  w.exec = 0x00FF00FF0F0F5555ull;
  BindImage(w);
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadRgba, w).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const bool active = (w.exec >> lane) & 1;
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), active ? ExpectedLoad(lane, c) : kSentinel)
          << "lane " << lane << " component " << c;
    }
  }
}

TEST_F(MimgExecuteTest, LaneCountBelowSixtyFourLeavesTheRestAlone) {
  Wave w;
  w.lane_count = 32;
  BindImage(w);
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadRgba, w).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    EXPECT_EQ(w.v(0, lane), lane < 32 ? ExpectedLoad(lane, 0) : kSentinel) << lane;
  }
}

TEST_F(MimgExecuteTest, TfeWritesStatusAfterTheData) {
  Wave w;
  w.exec = 0xFFFFFFFF0000FFFFull;
  BindImage(w);
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadTfe, w).ok());  // v[0:3] data, v4 status; v4 was also VADDR.x
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const bool active = (w.exec >> lane) & 1;
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), active ? ExpectedLoad(lane, c) : kSentinel) << lane;
    }
    // Every texel is resident in this release: status 0. Inactive lanes keep VADDR.x.
    EXPECT_EQ(w.v(4, lane), active ? 0u : LaneX(lane)) << lane;
    EXPECT_EQ(w.v(5, lane), LaneY(lane)) << lane;
  }
}

TEST_F(MimgExecuteTest, DataMayOverlapAddress) {
  Wave w;
  BindImage(w);
  SetLoadCoords(w, 0);
  ASSERT_TRUE(Run(kLoadOverlap, w).ok());  // image_load v[0:3], v[0:1]
  for (uint32_t lane = 0; lane < 64; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(w.v(c, lane), ExpectedLoad(lane, c)) << lane;
  }
}

TEST_F(MimgExecuteTest, R128ReadsAFourDwordResource) {
  Wave w;
  BindImage(w, 1, ImageType::k2D, 8, /*dwords=*/4);
  w.sgprs.resize(12);  // s[8:11] is all there is
  SetLoadCoords(w, 4);
  const Status st = Run(kLoadR128, w);
  ASSERT_TRUE(st.ok()) << st.ToString();
  for (uint32_t lane = 0; lane < 64; ++lane) EXPECT_EQ(w.v(1, lane), ExpectedLoad(lane, 1));
}

TEST_F(MimgExecuteTest, LoadMipReadsTheMipOperand) {
  // Level 1 (2x2) starts 256 bytes after level 0 (64 bytes rounded up to 256).
  for (uint32_t i = 0; i < 16; ++i) texels_[256 + i] = static_cast<uint8_t>(200 + i);
  Wave w;
  BindImage(w, /*levels=*/2);
  for (uint32_t lane = 0; lane < 64; ++lane) {
    w.v(4, lane) = lane % 2;
    w.v(5, lane) = (lane / 2) % 2;
    w.v(6, lane) = lane < 32 ? 1 : 0;
  }
  ASSERT_TRUE(Run(kLoadMip, w).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const uint32_t x = lane % 2, y = (lane / 2) % 2;
    for (uint32_t c = 0; c < 4; ++c) {
      const uint32_t byte = lane < 32 ? 200 + (y * 2 + x) * 4 + c : TexelByte(x, y, c);
      EXPECT_EQ(w.v(c, lane), Unorm8(byte)) << "lane " << lane << " component " << c;
    }
  }
}

TEST_F(MimgExecuteTest, StoreWritesActiveLanesOnly) {
  std::fill(texels_.begin(), texels_.end(), 0);
  Wave w;
  w.exec = 0x5;  // lanes 0 and 2
  BindImage(w);
  const float data[4][4] = {{1.0f, 0.0f, 0.0f, 1.0f},
                            {0.5f, 0.5f, 0.5f, 0.5f},
                            {0.25f, 0.75f, 1.5f, -1.0f},
                            {1.0f, 1.0f, 1.0f, 1.0f}};
  for (uint32_t lane = 0; lane < 64; ++lane) {
    w.v(4, lane) = lane % 4;  // lane i stores texel (i % 4, i / 4 % 4)
    w.v(5, lane) = (lane / 4) % 4;
    for (uint32_t c = 0; c < 4; ++c) w.v(c, lane) = F(data[lane % 4][c]);
  }
  ASSERT_TRUE(Run(kStoreRgba, w).ok());
  // Lane 0 -> texel (0,0): 255, 0, 0, 255. Lane 2 -> texel (2,0): rint(63.75) = 64,
  // rint(191.25) = 191, 1.5 clamps to 255, -1 clamps to 0.
  const uint8_t expect[16] = {255, 0, 0, 255, 0, 0, 0, 0, 64, 191, 255, 0, 0, 0, 0, 0};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(texels_[i], expect[i]) << "byte " << i;
  for (size_t i = 16; i < texels_.size(); ++i) ASSERT_EQ(texels_[i], 0) << "byte " << i;
  EXPECT_EQ(w.v(0, 0), F(1.0f));  // a store writes no VGPR
}

TEST_F(MimgExecuteTest, StoreDmaskTakesCompactedSources) {
  Wave w;
  w.exec = 0x1;
  BindImage(w);
  w.v(4, 0) = 1;  // texel (1, 2)
  w.v(5, 0) = 2;
  w.v(0, 0) = F(1.0f);  // dmask 0x9: v0 -> X, v1 -> W
  w.v(1, 0) = F(0.0f);
  ASSERT_TRUE(Run(kStoreXw, w).ok());
  const size_t t = (2 * 4 + 1) * 4;
  EXPECT_EQ(texels_[t + 0], 255);
  EXPECT_EQ(texels_[t + 1], 0);  // a store writes the whole texel: Y and Z become 0
  EXPECT_EQ(texels_[t + 2], 0);
  EXPECT_EQ(texels_[t + 3], 0);
  EXPECT_EQ(texels_[t + 4], TexelByte(2, 2, 0));  // the next texel is untouched
}

TEST_F(MimgExecuteTest, SampleLzBilinear) {
  // R = 255 for x >= 2, G = 255 for y >= 2: bilinear weights of 0, 0.25, 0.5, 0.75 and 1 give
  // exact results.
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      uint8_t* t = &texels_[(y * 4 + x) * 4];
      t[0] = x >= 2 ? 255 : 0;
      t[1] = y >= 2 ? 255 : 0;
      t[2] = 0;
      t[3] = 255;
    }
  }
  Wave w;
  w.lane_count = 4;
  BindImage(w);
  BindSampler(w, XyFilter::kBilinear);
  const float st[4][2] = {{0.5f, 0.5f}, {0.375f, 0.625f}, {0.5625f, 0.125f}, {0.0f, 1.0f}};
  const float expect[4][4] = {{0.5f, 0.5f, 0.0f, 1.0f},
                              {0.0f, 1.0f, 0.0f, 1.0f},
                              {0.75f, 0.0f, 0.0f, 1.0f},
                              {0.5f, 0.5f, 0.0f, 1.0f}};  // wraps to x = 3 and y = 0
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.v(4, lane) = F(st[lane][0]);
    w.v(5, lane) = F(st[lane][1]);
  }
  ASSERT_TRUE(Run(kSampleLz, w).ok());
  for (uint32_t lane = 0; lane < 4; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), F(expect[lane][c])) << "lane " << lane << " component " << c;
    }
  }
  EXPECT_EQ(w.v(0, 4), kSentinel);
}

TEST_F(MimgExecuteTest, HardwarePrecisionQuantisesTheBilinearWeight) {
  // R = 255 at x >= 2 and 0 before. At u = 0.3 / 4 + 0.5 / 4 texels past the centre of texel 1
  // the float weight of texel 2 is 0.3; the hardware's 8-bit weight is floor(0.3 * 256) / 256 =
  // 76 / 256, so R = 255 * 76 / 256 / 255 = 0.296875.
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) texels_[(y * 4 + x) * 4] = x >= 2 ? 255 : 0;
  }
  Wave w;
  w.lane_count = 1;
  BindImage(w);
  BindSampler(w, XyFilter::kBilinear);
  w.v(4, 0) = F((1.5f + 0.3f) / 4);
  w.v(5, 0) = F(0.5f / 4);
  ASSERT_TRUE(Run(kSampleLz, w, PrecisionMode::kFloat).ok());
  const float exact = std::bit_cast<float>(w.v(0, 0));
  EXPECT_NEAR(exact, 0.3f, 1e-6f);
  ASSERT_TRUE(Run(kSampleLz, w, PrecisionMode::kHardware).ok());
  EXPECT_EQ(std::bit_cast<float>(w.v(0, 0)), 0.296875f);
}

TEST_F(MimgExecuteTest, SampleLReadsTheLodOperand) {
  for (uint32_t i = 0; i < 16; ++i) texels_[256 + i] = static_cast<uint8_t>(200 + i);
  Wave w;
  w.lane_count = 8;
  BindImage(w, /*levels=*/2);
  BindSampler(w, XyFilter::kPoint, MipFilter::kPoint);
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.v(4, lane) = F(0.25f);  // level 0: texel (1, 2); level 1: texel (0, 1)
    w.v(5, lane) = F(0.625f);
    w.v(6, lane) = F(lane < 4 ? 1.0f : 0.0f);
  }
  ASSERT_TRUE(Run(kSampleL, w).ok());
  for (uint32_t lane = 0; lane < 8; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      const uint32_t byte = lane < 4 ? 200 + (1 * 2 + 0) * 4 + c : TexelByte(1, 2, c);
      EXPECT_EQ(w.v(c, lane), Unorm8(byte)) << "lane " << lane << " component " << c;
    }
  }
}

TEST_F(MimgExecuteTest, Gather4ReturnsBottomLeftFirst) {
  // DMASK 0x4 gathers B = 16x + y. At (0.5, 0.5) the footprint is x 1..2, y 1..2; at (0, 0) it
  // wraps to x 3, 0 and y 3, 0. VDATA: (x0, y1), (x1, y1), (x1, y0), (x0, y0).
  Wave w;
  w.lane_count = 8;
  BindImage(w);
  BindSampler(w, XyFilter::kPoint);  // gathers ignore the XY filter
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.v(4, lane) = F(lane < 4 ? 0.5f : 0.0f);
    w.v(5, lane) = F(lane < 4 ? 0.5f : 0.0f);
  }
  ASSERT_TRUE(Run(kGather4B, w).ok());
  const uint32_t centre[4] = {16 * 1 + 2, 16 * 2 + 2, 16 * 2 + 1, 16 * 1 + 1};
  const uint32_t corner[4] = {16 * 3 + 0, 16 * 0 + 0, 16 * 0 + 3, 16 * 3 + 3};
  for (uint32_t lane = 0; lane < 8; ++lane) {
    for (uint32_t k = 0; k < 4; ++k) {
      EXPECT_EQ(w.v(k, lane), Unorm8(lane < 4 ? centre[k] : corner[k]))
          << "lane " << lane << " VDATA " << k;
    }
  }
}

TEST_F(MimgExecuteTest, Gather4HReturnsTheRowLeftToRight) {
  // image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x4 on gfx900 (opcode 0x42, which
  // llvm-mc 14 does not know: image_gather4's words with OP = 0x42). DMASK 0x4 gathers
  // B = 16x + y. At (0.5, 0.5): i0 = j0 = 1, columns 0..3 of row 1. At (0, 0): i0 = j0 = -1,
  // columns -2..1 wrap to 2, 3, 0, 1 and row -1 to 3 (docs/sampling.md, "GATHER4H").
  const uint32_t words[2] = {(kGather4B[0] & ~(0x7Fu << 18)) | 0x42u << 18, kGather4B[1]};
  Wave w;
  w.lane_count = 8;
  BindImage(w, 1, ImageType::k2D, 8, 8, Gfx::kGfx9);
  SamplerDesc smp;
  smp.max_lod = 15 * 256;
  uint32_t d[4] = {};
  ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx9, smp, d).ok());
  for (int i = 0; i < 4; ++i) w.sgprs[16 + i] = d[i];
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.v(4, lane) = F(lane < 4 ? 0.5f : 0.0f);
    w.v(5, lane) = F(lane < 4 ? 0.5f : 0.0f);
  }
  ASSERT_TRUE(Run(words, w, PrecisionMode::kFloat, Gfx::kGfx9).ok());
  const uint32_t centre[4] = {16 * 0 + 1, 16 * 1 + 1, 16 * 2 + 1, 16 * 3 + 1};
  const uint32_t wrapped[4] = {16 * 2 + 3, 16 * 3 + 3, 16 * 0 + 3, 16 * 1 + 3};
  for (uint32_t lane = 0; lane < 8; ++lane) {
    for (uint32_t k = 0; k < 4; ++k) {
      EXPECT_EQ(w.v(k, lane), Unorm8(lane < 4 ? centre[k] : wrapped[k]))
          << "lane " << lane << " VDATA " << k;
    }
  }
}

TEST_F(MimgExecuteTest, Gather4hPckPacksTheRowsRawTexels) {
  // image_gather4h_pck v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x5 on gfx900 (OP = 0x4a):
  // stream words 0 and 2 of the 4x1 row's raw RGBA8 texels (docs/sampling.md, "GATHER4H_PCK").
  // At (0.5, 0.5): floor(2 - 0.5) = 1, columns 0..3, row floor(2) = 2: words 0 and 2 are
  // texels (0, 2) and (2, 2). At (0, 0.9): columns -2..1 clamp to 0, 0, 0, 1 (the S# says WRAP,
  // which the op does not read), row 3: texels (0, 3) twice. The S# registers hold garbage.
  const uint32_t words[2] = {0xf1280500u, 0x00820004u};
  Wave w;
  w.lane_count = 8;
  BindImage(w, 1, ImageType::k2D, 8, 8, Gfx::kGfx9);
  for (int i = 0; i < 4; ++i) w.sgprs[16 + i] = 0xFFFFFFFFu;
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.v(4, lane) = F(lane < 4 ? 0.5f : 0.0f);
    w.v(5, lane) = F(lane < 4 ? 0.5f : 0.9f);
  }
  ASSERT_TRUE(Run(words, w, PrecisionMode::kFloat, Gfx::kGfx9).ok());
  const auto raw = [](uint32_t x, uint32_t y) {
    uint32_t v = 0;
    for (uint32_t c = 0; c < 4; ++c) v |= TexelByte(x, y, c) << (8 * c);
    return v;
  };
  for (uint32_t lane = 0; lane < 8; ++lane) {
    EXPECT_EQ(w.v(0, lane), lane < 4 ? raw(0, 2) : raw(0, 3)) << "lane " << lane;
    EXPECT_EQ(w.v(1, lane), lane < 4 ? raw(2, 2) : raw(0, 3)) << "lane " << lane;
    EXPECT_EQ(w.v(2, lane), kSentinel) << "lane " << lane;  // two registers written
  }
}

TEST_F(MimgExecuteTest, Gather4CompareAppliesTheOffsetAndComparesEachTexel) {
  // Offset x -1 moves the footprint at (0.5, 0.5) to x 0..1, y 1..2. D = R / 255 = x / 3, so
  // LESS with ref 0.25 passes at x = 1 only.
  Wave w;
  w.lane_count = 1;
  BindImage(w);
  SamplerDesc smp;
  smp.depth_compare_func = CompareFunc::kLess;
  BindSampler(w, smp);
  w.v(4, 0) = 0x3F;  // X = -1, Y = 0
  w.v(5, 0) = F(0.25f);
  w.v(6, 0) = F(0.5f);
  w.v(7, 0) = F(0.5f);
  ASSERT_TRUE(Run(kGather4CLzO, w).ok());
  const float expect[4] = {0.0f, 1.0f, 1.0f, 0.0f};
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(w.v(k, 0), F(expect[k])) << "VDATA " << k;
}

TEST_F(MimgExecuteTest, SampleCompareFiltersTheCompareResults) {
  // Bilinear at (0.5, 0.5): texels x 1..2, y 1..2 with weight 1/4 each; D = x / 3. LESS passes
  // where ref < D: ref 0.5 passes x = 2 only (0.5), ref 0.2 all (1), ref 0.9 none (0). EQUAL with
  // ref = 85 / 255 matches x = 1 exactly: the compare reads the texel as a load returns it.
  Wave w;
  w.lane_count = 4;
  BindImage(w);
  SamplerDesc smp;
  smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
  smp.depth_compare_func = CompareFunc::kLess;
  BindSampler(w, smp);
  const float refs[4] = {0.5f, 0.2f, 0.9f, 85.0f / 255.0f};
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.v(4, lane) = F(refs[lane]);
    w.v(5, lane) = F(0.5f);
    w.v(6, lane) = F(0.5f);
  }
  ASSERT_TRUE(Run(kSampleCLz, w).ok());
  EXPECT_EQ(w.v(0, 0), F(0.5f));
  EXPECT_EQ(w.v(0, 1), F(1.0f));
  EXPECT_EQ(w.v(0, 2), F(0.0f));
  EXPECT_EQ(w.v(0, 3), F(0.5f));    // LESS: x = 2 only
  EXPECT_EQ(w.v(1, 0), kSentinel);  // DMASK 0x1: one register
  smp.depth_compare_func = CompareFunc::kEqual;
  BindSampler(w, smp);
  ASSERT_TRUE(Run(kSampleCLz, w).ok());
  EXPECT_EQ(w.v(0, 3), F(0.5f));  // EQUAL: x = 1 only
  EXPECT_EQ(w.v(0, 0), F(0.0f));
}

// Level 1 of the 2-level image: its four texels are bytes 200 + 16 * texel + channel.
void FillLevel1(std::vector<uint8_t>& texels) {
  for (uint32_t i = 0; i < 16; ++i) texels[256 + i] = static_cast<uint8_t>(200 + 4 * (i / 4) + i);
}
uint32_t Level1(uint32_t x, uint32_t y, uint32_t c) {
  const uint32_t i = (y * 2 + x) * 4 + c;
  return 200 + 4 * (i / 4) + i;
}

TEST_F(MimgExecuteTest, SampleDTakesEachLanesDerivativesAndSampleCdItsQuads) {
  // ds/dx = 0.5 on a 4-texel-wide level 0 is 2 texels per pixel: lambda 1, level 1. Lane 0 has
  // it, lanes 1-3 ds/dx = 0.25 (lambda 0, level 0). _D: lane by lane; _CD: lane 0's for all.
  FillLevel1(texels_);
  Wave w;
  w.lane_count = 4;
  BindImage(w, /*levels=*/2);
  BindSampler(w, XyFilter::kPoint, MipFilter::kPoint);
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.v(4, lane) = F(lane == 0 ? 0.5f : 0.25f);  // ds/dx
    w.v(5, lane) = F(0.0f);                      // dt/dx
    w.v(6, lane) = F(0.0f);                      // ds/dy
    w.v(7, lane) = F(0.0f);                      // dt/dy
    w.v(8, lane) = F(0.625f);                    // level 0: x 2; level 1: x 1
    w.v(9, lane) = F(0.125f);                    // level 0: y 0; level 1: y 0
  }
  Wave cd = w;
  ASSERT_TRUE(Run(kSampleD, w).ok());
  ASSERT_TRUE(Run(kSampleCd, cd).ok());
  for (uint32_t c = 0; c < 4; ++c) {
    EXPECT_EQ(w.v(c, 0), Unorm8(Level1(1, 0, c)));
    EXPECT_EQ(cd.v(c, 0), Unorm8(Level1(1, 0, c)));
    for (uint32_t lane = 1; lane < 4; ++lane) {
      EXPECT_EQ(w.v(c, lane), Unorm8(TexelByte(2, 0, c))) << "lane " << lane;
      EXPECT_EQ(cd.v(c, lane), Unorm8(Level1(1, 0, c))) << "lane " << lane;
    }
  }
}

TEST_F(MimgExecuteTest, SampleClORaisesTheLevelAndOffsetsTheTexel) {
  // Quads of equal coordinates have lambda -inf: the level is the clamp operand's (0 or 1).
  // (0.375, 0.375) is texel (1, 1) of level 0 and (0, 0) of level 1; the offset (+1, -1) moves
  // them to (2, 0) and, wrapping y, to (1, 1).
  FillLevel1(texels_);
  Wave w;
  w.lane_count = 8;
  BindImage(w, /*levels=*/2);
  BindSampler(w, XyFilter::kPoint, MipFilter::kPoint);
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.v(4, lane) = 0x01u | 0x3Fu << 8;  // X = +1, Y = -1
    w.v(5, lane) = F(0.375f);
    w.v(6, lane) = F(0.375f);
    w.v(7, lane) = F(lane < 4 ? 0.0f : 1.0f);  // clamp
  }
  ASSERT_TRUE(Run(kSampleClO, w).ok());
  for (uint32_t c = 0; c < 4; ++c) {
    EXPECT_EQ(w.v(c, 0), Unorm8(TexelByte(2, 0, c)));
    EXPECT_EQ(w.v(c, 4), Unorm8(Level1(1, 1, c)));
  }
}

TEST_F(MimgExecuteTest, GetLodReturnsTheAccessedAndTheComputedLod) {
  // Three levels (4x4, 2x2, 1x1: M = 2), LOD_BIAS 0.5. Quad 0 steps s by 1 (4 texels per pixel:
  // lambda 2), quad 1 by 0.5 (lambda 1). y = lambda + 0.5 = 2.5 and 1.5; LINEAR: x = y clamped
  // to [0, 2]; POINT: x = the nearest level, floor(y + 0.5) clamped to 2.
  Wave w;
  w.lane_count = 8;
  BindImage(w, /*levels=*/3);
  SamplerDesc smp;
  smp.mip_filter = MipFilter::kLinear;
  smp.max_lod = 15 * 256;
  smp.lod_bias = 128;
  BindSampler(w, smp);
  for (uint32_t lane = 0; lane < 8; ++lane) {
    const float step = lane < 4 ? 1.0f : 0.5f;
    w.v(4, lane) = F((lane & 1) ? step : 0.0f);
    w.v(5, lane) = F(0.0f);
  }
  Wave point = w;
  ASSERT_TRUE(Run(kGetLod, w).ok());
  EXPECT_EQ(w.v(0, 0), F(2.0f));
  EXPECT_EQ(w.v(1, 0), F(2.5f));
  EXPECT_EQ(w.v(0, 4), F(1.5f));
  EXPECT_EQ(w.v(1, 4), F(1.5f));
  smp.mip_filter = MipFilter::kPoint;
  BindSampler(point, smp);
  ASSERT_TRUE(Run(kGetLod, point).ok());
  EXPECT_EQ(point.v(0, 0), F(2.0f));
  EXPECT_EQ(point.v(1, 0), F(2.5f));
  EXPECT_EQ(point.v(0, 4), F(2.0f));
  EXPECT_EQ(point.v(1, 4), F(1.5f));
}

TEST_F(MimgExecuteTest, ClampBorderFiltersInTheRegisterBorderColor) {
  // CLAMP_BORDER, REGISTER color 1 = (1.0, 0.5, 0.25, 0.0). Lane 0 sits on texel (0, 0), which is
  // (0, 0, 0, 255). Lane 1 at u = 0 takes half of texel (-1, 0), a border texel: RGBA8 filters
  // codes, so the border is (255, 127.5, 63.75, 0) and half of it plus half of texel (0, 0) is
  // (127.5, 63.75, 31.875, 127.5) / 255 = (0.5, 0.25, 0.125, 0.5). Lane 2 at u = 8 reads only
  // border texels: the color itself.
  Wave w;
  w.lane_count = 4;
  BindImage(w);
  SamplerDesc smp;
  smp.clamp_x = smp.clamp_y = ClampMode::kClampBorder;
  smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
  smp.border_color_type = BorderColorType::kRegister;
  smp.border_color_ptr = 1;
  BindSampler(w, smp);
  border_colors_ = {{0, 0, 0, 0}, {F(1.0f), F(0.5f), F(0.25f), F(0.0f)}};
  const float s[4] = {0.125f, 0.0f, 2.0f, 0.125f};
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.v(4, lane) = F(s[lane]);
    w.v(5, lane) = F(0.125f);
  }
  ASSERT_TRUE(Run(kSampleLz, w).ok());
  const float expect[3][4] = {
      {0.0f, 0.0f, 0.0f, 1.0f}, {0.5f, 0.25f, 0.125f, 0.5f}, {1.0f, 0.5f, 0.25f, 0.0f}};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), F(expect[lane][c])) << "lane " << lane << " component " << c;
    }
  }
  smp.border_color_ptr = 2;  // past the table's end
  BindSampler(w, smp);
  const Status st = Run(kSampleLz, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("BORDER_COLOR_PTR=2"), std::string::npos) << st.ToString();
}

TEST_F(MimgExecuteTest, FilterModeMinAndMaxReduceTheTexelsWithWeight) {
  // (0.4375, 0.625): u = 1.75, v = 2.5 -> i0 = 1, a = 0.25; j0 = 2, b = 0, so row 3 has no
  // weight and the texels that count are (1, 2) and (2, 2): R 85 and 170, G 170 and 170, B 18
  // and 34 (docs/sampling.md, "Reduction").
  Wave w;
  w.lane_count = 1;
  BindImage(w);
  SamplerDesc smp;
  smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
  smp.max_lod = 15 * 256;
  smp.filter_mode = FilterMode::kMin;
  BindSampler(w, smp);
  w.v(4, 0) = F(0.4375f);
  w.v(5, 0) = F(0.625f);
  ASSERT_TRUE(Run(kSampleLz, w).ok());
  EXPECT_EQ(w.v(0, 0), Unorm8(85));
  EXPECT_EQ(w.v(1, 0), Unorm8(170));
  EXPECT_EQ(w.v(2, 0), Unorm8(18));
  smp.filter_mode = FilterMode::kMax;
  BindSampler(w, smp);
  ASSERT_TRUE(Run(kSampleLz, w).ok());
  EXPECT_EQ(w.v(0, 0), Unorm8(170));
  EXPECT_EQ(w.v(1, 0), Unorm8(170));
  EXPECT_EQ(w.v(2, 0), Unorm8(34));
  // FILTER_MODE (S# bits 30:29) 3 is reserved.
  w.sgprs[16] |= 3u << 29;
  const Status st = Run(kSampleLz, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << st.ToString();
  EXPECT_NE(st.message().find("FILTER_MODE=3"), std::string::npos) << st.ToString();
}

TEST_F(MimgExecuteTest, SampleOnA2DArrayReadsTheRoundedClampedLayer) {
  // Two layers of 4x4; layer 1 (64 bytes on) holds bytes 100 + i. (0.375, 0.375) is texel
  // (1, 1). Layer operands: 0.5 rounds to even (0), 1.5 to 2 and clamps to 1, -3 clamps to 0.
  for (uint32_t i = 0; i < 64; ++i) texels_[64 + i] = static_cast<uint8_t>(100 + i);
  Wave w;
  w.lane_count = 3;
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 4, 4, 1, kImageBase);
  d.type = ImageType::k2DArray;
  d.depth = 2;
  d.last_array = 1;
  uint32_t t[8] = {};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, d, t).ok());
  for (int i = 0; i < 8; ++i) w.sgprs[8 + i] = t[i];
  BindSampler(w, XyFilter::kPoint);
  const float layer[3] = {0.5f, 1.5f, -3.0f};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    w.v(4, lane) = F(0.375f);
    w.v(5, lane) = F(0.375f);
    w.v(6, lane) = F(layer[lane]);
  }
  ASSERT_TRUE(Run(kSampleLzDa, w).ok());
  for (uint32_t c = 0; c < 4; ++c) {
    EXPECT_EQ(w.v(c, 0), Unorm8(TexelByte(1, 1, c)));
    EXPECT_EQ(w.v(c, 1), Unorm8(100 + (1 * 4 + 1) * 4 + c));
    EXPECT_EQ(w.v(c, 2), Unorm8(TexelByte(1, 1, c)));
  }
}

TEST_F(MimgExecuteTest, SampleOnA1DImageReadsXAlone) {
  // A 1D image of 4 texels is row 0 of the test texture; VADDR is s alone. Bilinear at
  // s = 0.5 (u = 2) mixes texels 1 and 2 half and half: R = (85 + 170) / 2 / 255 = 0.5.
  Wave w;
  w.lane_count = 1;
  BindImage(w, 1, ImageType::k1D);
  BindSampler(w, XyFilter::kBilinear);
  w.v(4, 0) = F(0.5f);
  w.v(5, 0) = F(123.0f);  // not an address operand of a 1D image
  ASSERT_TRUE(Run(kSampleLz1D, w).ok());
  EXPECT_EQ(w.v(0, 0), F(0.5f));
  EXPECT_EQ(w.v(1, 0), F(0.0f));  // G = 85y = 0 on row 0
  EXPECT_EQ(w.v(3, 0), F(1.0f));
}

TEST_F(MimgExecuteTest, SampleOnA3DImageFiltersAcrossSlices) {
  // 4x4x2: slice 0 is (0, 0, 0, 255) everywhere, slice 1 (bytes 64 on) (255, 255, 255, 255).
  // Bilinear XY with Z_FILTER NONE filters z too: w = r * 2, g = frac(w - 0.5). r = 0.375:
  // g = 0.25, RGB 63.75 / 255 = 0.25; r = 0.5: 0.5; r = 0 wraps slice -1 to 1: 0.5 again.
  for (uint32_t i = 0; i < 64; ++i) {
    texels_[i] = (i % 4 == 3) ? 255 : 0;
    texels_[64 + i] = 255;
  }
  Wave w;
  w.lane_count = 3;
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 4, 4, 1, kImageBase);
  d.type = ImageType::k3D;
  d.depth = 2;
  uint32_t t[8] = {};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, d, t).ok());
  for (int i = 0; i < 8; ++i) w.sgprs[8 + i] = t[i];
  BindSampler(w, XyFilter::kBilinear);
  const float r[3] = {0.375f, 0.5f, 0.0f};
  const float expect[3] = {0.25f, 0.5f, 0.5f};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    w.v(4, lane) = F(0.3f);
    w.v(5, lane) = F(0.7f);
    w.v(6, lane) = F(r[lane]);
  }
  ASSERT_TRUE(Run(kSampleLz, w).ok());  // VADDR x, y, z: a 3D T# takes three
  for (uint32_t lane = 0; lane < 3; ++lane) {
    for (uint32_t c = 0; c < 3; ++c) EXPECT_EQ(w.v(c, lane), F(expect[lane])) << "lane " << lane;
    EXPECT_EQ(w.v(3, lane), F(1.0f));
  }
}

TEST_F(MimgExecuteTest, UnboundResourceReturnsZeros) {
  Wave w;  // s[8:15] all zero
  w.exec = ~0ull << 8;
  SetLoadCoords(w, 4);
  ASSERT_TRUE(Run(kLoadTfe, w).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const bool active = lane >= 8;
    for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(w.v(c, lane), active ? 0u : kSentinel) << lane;
  }
}

TEST_F(MimgExecuteTest, UnboundResourceDropsStores) {
  Wave w;
  SetLoadCoords(w, 4);
  const std::vector<uint8_t> before = texels_;
  ASSERT_TRUE(Run(kStoreRgba, w).ok());
  EXPECT_EQ(texels_, before);
}

TEST_F(MimgExecuteTest, DaOnANonArrayImageIsAnError) {
  Wave w;
  BindImage(w);
  SetLoadCoords(w, 4);
  const Status st = Run(kLoadDa, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DA"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("2D"), std::string::npos) << st.message();
  EXPECT_EQ(w.v(0, 0), kSentinel);
}

TEST_F(MimgExecuteTest, CubeWithoutDaIsAnError) {
  Wave w;
  BindImage(w, 1, ImageType::kCube);
  SetLoadCoords(w, 4);
  const Status st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DA"), std::string::npos) << st.message();
}

TEST_F(MimgExecuteTest, ResourceOutsideTheSgprsIsAnError) {
  Wave w;
  w.sgprs.resize(12);
  const Status st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("SRSRC s[8:15]"), std::string::npos) << st.message();
}

TEST_F(MimgExecuteTest, SamplerOutsideTheSgprsIsAnError) {
  Wave w;
  BindImage(w);
  w.sgprs.resize(18);
  const Status st = Run(kSampleLz, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("SSAMP s[16:19]"), std::string::npos) << st.message();
}

TEST_F(MimgExecuteTest, AddressOutsideTheVgprsIsAnError) {
  Wave w;
  BindImage(w);
  w.vgprs.resize(5 * 64);  // v0..v4
  const Status st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("VADDR v[4:5]"), std::string::npos) << st.message();
}

TEST_F(MimgExecuteTest, DataOutsideTheVgprsIsAnError) {
  Wave w;
  BindImage(w);
  w.vgprs.resize(6 * 64);  // v0..v5: VADDR v[0:1] fits, VDATA v[4:7] does not
  const Status st = Run(kLoadToV4, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("VDATA v[4:7]"), std::string::npos) << st.message();
  EXPECT_EQ(w.v(4, 0), kSentinel);
}

// gcn::Execute reuses the request it built for the instruction before when every operand and
// result is a register used in place and the instruction, the T#'s type and the register file are
// the same. Each step changes one of those and must see its effect.
TEST_F(MimgExecuteTest, RepeatedInstructionsFollowTheirRegisterFileAndImageType) {
  const auto expect_loads = [](Wave& w, uint64_t exec, const char* step) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      for (uint32_t c = 0; c < 4; ++c) {
        const uint32_t want = (exec >> lane) & 1 ? ExpectedLoad(lane, c) : kSentinel;
        EXPECT_EQ(w.v(c, lane), want) << step << ", lane " << lane << " component " << c;
      }
    }
  };
  Wave a;
  BindImage(a);
  SetLoadCoords(a, 4);
  ASSERT_TRUE(Run(kLoadRgba, a).ok());
  expect_loads(a, ~0ull, "first register file");

  // Another register file and EXEC: the results land in its registers, for its lanes only.
  Wave b;
  b.exec = 0xFFFF00000000FFFFull;
  BindImage(b);
  SetLoadCoords(b, 4);
  std::fill(a.vgprs.begin(), a.vgprs.begin() + 4 * 64, kSentinel);
  ASSERT_TRUE(Run(kLoadRgba, b).ok());
  expect_loads(b, b.exec, "second register file");
  expect_loads(a, 0, "first register file after the second ran");

  // The same registers, fewer of them (the vector keeps its storage): the range check runs again.
  b.vgprs.resize(5 * 64);
  Status st = Run(kLoadRgba, b);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("VADDR v[4:5]"), std::string::npos) << st.message();

  // DA=1 runs on a 2D array T#, and fails again once the T# is 2D.
  Wave c;
  BindImage(c, 1, ImageType::k2DArray);
  SetLoadCoords(c, 4);
  for (uint32_t lane = 0; lane < 64; ++lane) c.v(6, lane) = 0;  // slice 0
  ASSERT_TRUE(Run(kLoadDa, c).ok());
  expect_loads(c, ~0ull, "DA on a 2D array");
  BindImage(c);
  st = Run(kLoadDa, c);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DA"), std::string::npos) << st.message();

  // DA=0 on a 2D array T# reads slice 0 without a slice register; then a 2D T#, the same texels.
  Wave d;
  BindImage(d, 1, ImageType::k2DArray);
  SetLoadCoords(d, 4);
  ASSERT_TRUE(Run(kLoadRgba, d).ok());
  expect_loads(d, ~0ull, "no DA on a 2D array");
  BindImage(d);
  std::fill(d.vgprs.begin(), d.vgprs.begin() + 4 * 64, kSentinel);
  ASSERT_TRUE(Run(kLoadRgba, d).ok());
  expect_loads(d, ~0ull, "2D after the 2D array");

  // The same instruction on fewer lanes: lanes from lane_count on keep their registers.
  d.lane_count = 5;
  std::fill(d.vgprs.begin(), d.vgprs.begin() + 4 * 64, kSentinel);
  ASSERT_TRUE(Run(kLoadRgba, d).ok());
  expect_loads(d, 0x1F, "five lanes");
}

// Texel (1, 0) = (85, 0, 16, 255) as binary16: 85/255 = 1/3 = 2^-2 * (1 + 341.33/1024) ->
// 0x3400 | 341 = 0x3555; 0 -> 0; 16/255 = 2^-4 * 1.0039216 -> mantissa round(4.016) = 4 ->
// 0x2C04; 1.0 -> 0x3C00.
constexpr uint32_t kHalfTexel10[4] = {0x3555, 0x0000, 0x2C04, 0x3C00};

TEST_F(MimgExecuteTest, D16OnGfx8KeepsOneValuePerVgpr) {
  // image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm d16 on tonga: unpacked D16.
  Wave w;
  w.exec = 0x1;
  BindImage(w);
  w.v(4, 0) = 1;
  w.v(5, 0) = 0;
  const uint32_t words[2] = {kLoadRgba[0], kLoadRgba[1] | 0x80000000u};  // D16 = bit 63
  ASSERT_TRUE(Run(words, w).ok());
  for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(w.v(c, 0), kHalfTexel10[c]) << c;
  EXPECT_EQ(w.v(0, 1), kSentinel);  // inactive lane
}

TEST_F(MimgExecuteTest, D16OnGfx9PacksTwoValuesPerVgpr) {
  // image_load v[0:1], v[4:5], s[8:15] dmask:0xf unorm d16 on gfx900: v0 = R | G << 16,
  // v1 = B | A << 16; v2 is not written.
  Wave w;
  w.exec = 0x1;
  BindImage(w, 1, ImageType::k2D, 8, 8, Gfx::kGfx9);
  w.v(4, 0) = 1;
  w.v(5, 0) = 0;
  const uint32_t words[2] = {kLoadRgba[0], kLoadRgba[1] | 0x80000000u};
  ASSERT_TRUE(Run(words, w, PrecisionMode::kFloat, Gfx::kGfx9).ok());
  EXPECT_EQ(w.v(0, 0), kHalfTexel10[0] | kHalfTexel10[1] << 16);
  EXPECT_EQ(w.v(1, 0), kHalfTexel10[2] | kHalfTexel10[3] << 16);
  EXPECT_EQ(w.v(2, 0), kSentinel);
  // image_store v[0:1], v[4:5], s[8:15] dmask:0xf unorm d16: the same packing read back.
  w.v(0, 0) = 0x3C00 | 0x0000u << 16;  // R 1.0, G 0
  w.v(1, 0) = 0x3800 | 0x3C00u << 16;  // B 0.5 -> rint(127.5) = 128, A 1.0
  const uint32_t store[2] = {kStoreRgba[0], kStoreRgba[1] | 0x80000000u};
  ASSERT_TRUE(Run(store, w, PrecisionMode::kFloat, Gfx::kGfx9).ok());
  EXPECT_EQ(texels_[4], 255);
  EXPECT_EQ(texels_[5], 0);
  EXPECT_EQ(texels_[6], 128);
  EXPECT_EQ(texels_[7], 255);
}

// GFX9's A16 (bit 15, R128's bit on GFX6-8) packs the load's x, y as u16s into one VGPR, x in
// bits 15:0 (tests/isa/mimg_a16_test.cc has every op).
TEST_F(MimgExecuteTest, A16LoadsTakeXAndYFromOneRegister) {
  Wave w;
  BindImage(w, 1, ImageType::k2D, 8, 8, Gfx::kGfx9);
  const uint32_t words[2] = {kLoadRgba[0] | 0x8000u, kLoadRgba[1]};  // A16 = bit 15 on gfx9
  for (uint32_t lane = 0; lane < 64; ++lane) {
    w.v(4, lane) = LaneX(lane) | LaneY(lane) << 16;
  }
  ASSERT_TRUE(Run(words, w, PrecisionMode::kFloat, Gfx::kGfx9).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), ExpectedLoad(lane, c)) << "lane " << lane << " component " << c;
    }
  }
  EXPECT_EQ(w.v(5, 0), kSentinel);  // v5 is not an address register with A16
}

TEST_F(MimgExecuteTest, FormatFieldsThatNameNoFormatAreErrorsNamingThem) {
  Wave w;
  BindImage(w);
  // DATA_FORMAT 8_8_8_8 (10) with NUM_FORMAT FLOAT (7): T# W1 bits 25:20 and 29:26.
  w.sgprs[9] = (w.sgprs[9] & ~(0x3FFu << 20)) | 10u << 20 | 7u << 26;
  Status st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("SRSRC s[8:15]: T#.DATA_FORMAT=10 (8_8_8_8) with NUM_FORMAT=7 "
                              "(FLOAT)"),
            std::string::npos)
      << st.message();
  // 32_AS_8 (61) is undocumented: Unsupported with the reason.
  w.sgprs[9] = (w.sgprs[9] & ~(0x3FFu << 20)) | 61u << 20;
  st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kUnsupported);
  EXPECT_NE(st.message().find("32_AS_8"), std::string::npos) << st.message();
  // SNORM_OGL (6) exists on gfx6/7 only.
  w.sgprs[9] = (w.sgprs[9] & ~(0x3FFu << 20)) | 1u << 20 | 6u << 26;
  st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("gfx6 and gfx7 only"), std::string::npos) << st.message();
}

// A 4-byte texel of any format is one 32-bit element: ADD works on the RGBA8 texel's dword.
TEST_F(MimgExecuteTest, AtomicAddOnAnRgba8TexelAddsToItsDword) {
  Wave w;
  BindImage(w);
  SetLoadCoords(w, 4);
  w.exec = 0xFFFF;  // lanes 0..15: each texel of the 4x4 image once
  for (uint32_t lane = 0; lane < 64; ++lane) w.v(0, lane) = lane;
  const std::vector<uint8_t> before = texels_;
  ASSERT_TRUE(Run(kAtomicAdd, w).ok());
  for (uint32_t lane = 0; lane < 16; ++lane) {
    const uint32_t x = LaneX(lane), y = LaneY(lane);
    uint32_t old_dword = 0, new_dword = 0;
    std::memcpy(&old_dword, &before[(y * 4 + x) * 4], 4);
    std::memcpy(&new_dword, &texels_[(y * 4 + x) * 4], 4);
    EXPECT_EQ(w.v(0, lane), old_dword) << "lane " << lane;  // GLC: the value before
    EXPECT_EQ(new_dword, old_dword + lane) << "lane " << lane;
  }
  EXPECT_EQ(w.v(0, 16), 16u);  // inactive: VDATA keeps its value
}

TEST_F(MimgExecuteTest, BadLaneCountIsAnError) {
  Wave w;
  w.lane_count = 65;
  BindImage(w);
  const Status st = Run(kLoadRgba, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("lane_count"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace texunit::gcn
