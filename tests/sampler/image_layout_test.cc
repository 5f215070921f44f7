#include <gtest/gtest.h>

#include <string>

#include "texunit/layout.h"
#include "texunit/memory.h"

namespace texunit {
namespace {

const FormatId kRgba8 = FormatId::kR8G8B8A8_UNORM;
const FormatId kRgba32f = FormatId::kR32G32B32A32_FLOAT;

TEST(ImageLayout, NonPowerOfTwoChainHandComputed) {
  // 5x3 RGBA8, 3 levels: level 0 is 5*3*4 = 60 bytes at 0; level 1 (2x1, pitch max(5>>1,2) = 2)
  // starts at align256(60) = 256 and is 8 bytes; level 2 (1x1) at 512, 4 bytes -> 516 in all.
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(MakeImage2D(kRgba8, 5, 3, 3, 0), &l).ok());
  EXPECT_EQ(l.bytes_per_element, 4u);
  EXPECT_EQ(l.num_levels, 3u);
  EXPECT_EQ(l.levels[0].offset, 0u);
  EXPECT_EQ(l.levels[0].slice_bytes, 60u);
  EXPECT_EQ(l.levels[1].offset, 256u);
  EXPECT_EQ(l.levels[1].width, 2u);
  EXPECT_EQ(l.levels[1].height, 1u);
  EXPECT_EQ(l.levels[1].pitch, 2u);
  EXPECT_EQ(l.levels[2].offset, 512u);
  EXPECT_EQ(l.total_bytes, 516u);
}

TEST(ImageLayout, PitchIsHonouredAndHalvedPerLevel) {
  // 100x4 RGBA32F with pitch 128: level 0 = 128*4*16 = 8192 bytes; level 1 pitch 64 (>= 50),
  // 2 rows. The footprint ends with level 1's last texel: 8192 + 64*16 (row 0) + 50*16.
  ImageDesc d = MakeImage2D(kRgba32f, 100, 4, 2, 0);
  d.pitch = 128;
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].slice_bytes, 8192u);
  EXPECT_EQ(l.levels[1].offset, 8192u);
  EXPECT_EQ(l.levels[1].pitch, 64u);
  EXPECT_EQ(l.total_bytes, 8192u + 64u * 16 + 50u * 16);
}

TEST(ImageLayout, FootprintIsExactToTheByte) {
  // A 1x1 R8 image is one byte; a 3x2 R16 image with pitch 5: row 0 is 10 bytes, row 1 ends
  // after 3 texels: 10 + 6 = 16.
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(MakeImage2D(FormatId::kR8_UNORM, 1, 1, 1, 0), &l).ok());
  EXPECT_EQ(l.total_bytes, 1u);
  ImageDesc d = MakeImage2D(FormatId::kR16_FLOAT, 3, 2, 1, 0);
  d.pitch = 5;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].row_bytes, 10u);
  EXPECT_EQ(l.total_bytes, 16u);
}

TEST(ImageLayout, BlockFormatsHaveBlockRowsAndPerLevelPitch) {
  // 17x9 BC1 (8-byte 4x4 blocks), 3 levels:
  //  level 0: pitch align(17, 4) = 20 texels = 5 blocks, ceil(9/4) = 3 rows: 3*5*8 = 120 bytes;
  //  level 1 (8x4) at 256: pitch 8 = 2 blocks, 1 row: 16 bytes (the uncompressed rule would
  //    have taken max(20 >> 1, 8) = 10 texels);
  //  level 2 (4x2) at 512: 1 block: 8 bytes -> 520 in all.
  ImageDesc d = MakeImage2D(FormatId::kBC1_UNORM, 17, 9, 3, 0);
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.bytes_per_element, 8u);
  EXPECT_EQ(l.block_width, 4u);
  EXPECT_EQ(l.levels[0].pitch, 20u);
  EXPECT_EQ(l.levels[0].rows, 3u);
  EXPECT_EQ(l.levels[0].slice_bytes, 120u);
  EXPECT_EQ(l.levels[1].offset, 256u);
  EXPECT_EQ(l.levels[1].pitch, 8u);
  EXPECT_EQ(l.levels[1].slice_bytes, 16u);
  EXPECT_EQ(l.levels[2].offset, 512u);
  EXPECT_EQ(l.total_bytes, 520u);
  d.pitch = 20;  // align(w, 4) is accepted as well
  EXPECT_TRUE(ComputeImageLayout(d, &l).ok());
  d.pitch = 24;  // anything else would be ignored by the per-level rule: rejected
  const Status s = ComputeImageLayout(d, &l);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("T#.PITCH=24"), std::string::npos) << s.message();
}

TEST(ImageLayout, FullChainOf256Square) {
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(MakeImage2D(kRgba8, 256, 256, 9, 0), &l).ok());
  EXPECT_EQ(l.levels[8].width, 1u);
  // Each level starts on a 256-byte boundary: levels 6 (64 bytes) and 7 (16 bytes) are padded.
  uint64_t expect = 0;
  for (int i = 0; i < 8; ++i) expect += (uint64_t{256u >> i} * (256u >> i) * 4 + 255) / 256 * 256;
  EXPECT_EQ(l.levels[8].offset, expect);
  EXPECT_EQ(l.total_bytes, expect + 4);
}

TEST(ImageLayout, MsaaTexelsHoldTheirFragmentsInARow) {
  // 3x2 R32 2D_MSAA with LAST_LEVEL 2: 4 fragments per texel, one level. A row is 3 texels of 4
  // fragments of 4 bytes = 48 bytes; the footprint is 2 rows = 96 bytes. Fragment f of texel x
  // is element x * 4 + f of its row.
  ImageDesc d = MakeImage2D(FormatId::kR32_UINT, 3, 2, 1, 0);
  d.type = ImageType::k2DMsaa;
  d.last_level = 2;
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.samples, 4u);
  EXPECT_EQ(l.num_levels, 1u);
  EXPECT_EQ(l.bytes_per_element, 4u);
  EXPECT_EQ(l.levels[0].row_bytes, 48u);
  EXPECT_EQ(l.total_bytes, 96u);
  // An MSAA array of 3 layers: layers follow one another, 96 bytes each.
  d.type = ImageType::k2DMsaaArray;
  d.depth = 3;
  d.last_array = 2;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].slice_bytes, 96u);
  EXPECT_EQ(l.total_bytes, 288u);
}

TEST(ImageLayout, MsaaRules) {
  ImageDesc d = MakeImage2D(FormatId::kR32_UINT, 4, 4, 1, 0);
  d.type = ImageType::k2DMsaa;
  d.last_level = 5;  // 32 fragments: more than 16
  ImageLayout l;
  Status st = ComputeImageLayout(d, &l);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("LAST_LEVEL=5"), std::string::npos) << st.message();
  d.last_level = 1;
  d.base_level = 1;
  EXPECT_EQ(ComputeImageLayout(d, &l).code(), StatusCode::kInvalidArgument);
  d = MakeImage2D(FormatId::kBC1_UNORM, 4, 4, 1, 0);
  d.type = ImageType::k2DMsaa;
  d.last_level = 1;
  st = ComputeImageLayout(d, &l);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("multisampled"), std::string::npos) << st.message();
}

TEST(ImageLayout, OneDimensionalImagesHaveOneRow) {
  // A 1D T# with HEIGHT 7 (garbage for 1D) still has one row per level: 10 R8 texels, then 5 at
  // 256; for a 1D array of 3 layers each level holds 3 one-row slices.
  ImageDesc d = MakeImage2D(FormatId::kR8_UINT, 10, 7, 2, 0);
  d.type = ImageType::k1D;
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].height, 1u);
  EXPECT_EQ(l.levels[1].offset, 256u);
  EXPECT_EQ(l.total_bytes, 256u + 5);
  d.type = ImageType::k1DArray;
  d.depth = 3;
  d.last_array = 2;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].slice_bytes, 10u);
  EXPECT_EQ(l.levels[1].offset, 256u);
  EXPECT_EQ(l.total_bytes, 256u + 2 * 5 + 5);
}

TEST(ImageLayout, CubesAndThreeDimensionalLevels) {
  // A 4x4 RGBA8 cube array of 2 cubes: 12 faces of 64 bytes per level 0, 12 of 16 at level 1.
  ImageDesc d = MakeImage2D(kRgba8, 4, 4, 2, 0);
  d.type = ImageType::kCube;
  d.depth = 12;
  d.last_array = 11;
  ImageLayout l;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[0].depth, 12u);
  EXPECT_EQ(l.levels[1].offset, 768u);  // 12 * 64 = 768 is 256-aligned
  EXPECT_EQ(l.total_bytes, 768u + 12 * 16);
  // A 4x4x4 R8 3D image: the depth halves per level (4, 2, 1).
  d = MakeImage2D(FormatId::kR8_UINT, 4, 4, 3, 0);
  d.type = ImageType::k3D;
  d.depth = 4;
  ASSERT_TRUE(ComputeImageLayout(d, &l).ok());
  EXPECT_EQ(l.levels[1].depth, 2u);
  EXPECT_EQ(l.levels[2].depth, 1u);
  EXPECT_EQ(l.levels[1].offset, 256u);
  EXPECT_EQ(l.levels[2].offset, 512u);
  EXPECT_EQ(l.total_bytes, 513u);
  // A cube's layer count may reach 6 x 8192 faces (GFX6-8 count cubes in the 13-bit DEPTH).
  d = MakeImage2D(FormatId::kR8_UINT, 1, 1, 1, 0);
  d.type = ImageType::kCube;
  d.depth = 6 * 8192;
  EXPECT_TRUE(ComputeImageLayout(d, &l).ok());
  d.depth = 6 * 8192 + 6;
  EXPECT_EQ(ComputeImageLayout(d, &l).code(), StatusCode::kInvalidArgument);
}

TEST(ImageLayout, ErrorsNameTheField) {
  ImageLayout l;
  ImageDesc d = MakeImage2D(kRgba8, 16, 16, 1, 0);
  d.pitch = 8;
  Status s = ComputeImageLayout(d, &l);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("T#.PITCH=8"), std::string::npos) << s.message();

  d = MakeImage2D(kRgba8, 4, 4, 4, 0);  // a 4x4 image has 3 levels
  s = ComputeImageLayout(d, &l);
  EXPECT_NE(s.message().find("T#.LAST_LEVEL=3"), std::string::npos) << s.message();

  d = MakeImage2D(kRgba8, 4, 4, 3, 0);
  d.base_level = 3;
  d.last_level = 2;
  s = ComputeImageLayout(d, &l);
  EXPECT_NE(s.message().find("T#.BASE_LEVEL=3"), std::string::npos) << s.message();

  d = MakeImage2D(kRgba8, 4, 4, 1, 0);
  d.linear = false;
  d.tiling = 13;
  s = ComputeImageLayout(d, &l);
  EXPECT_EQ(s.code(), StatusCode::kUnsupported);
  EXPECT_NE(s.message().find("13"), std::string::npos) << s.message();

  d = MakeImage2D(FormatId::kInvalid, 4, 4, 1, 0);
  d.data_format = 10;
  d.num_format = 7;
  s = ComputeImageLayout(d, &l);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("DATA_FORMAT=10"), std::string::npos) << s.message();

  d = MakeImage2D(kRgba8, 0, 4, 1, 0);
  s = ComputeImageLayout(d, &l);
  EXPECT_NE(s.message().find("T#.WIDTH=0"), std::string::npos) << s.message();
}

TEST(Memory, RegionsResolveOnlyWhatTheyCover) {
  std::vector<uint8_t> a(256), b(128);
  Memory m;
  ASSERT_TRUE(m.AddRegion(0x1000, a.data(), a.size()).ok());
  ASSERT_TRUE(m.AddRegion(0x2000, b.data(), b.size(), /*writable=*/false).ok());
  EXPECT_EQ(m.Resolve(0x1000, 256, false), a.data());
  EXPECT_EQ(m.Resolve(0x1010, 16, true), a.data() + 16);
  EXPECT_EQ(m.Resolve(0x1001, 256, false), nullptr);  // one byte past the end
  EXPECT_EQ(m.Resolve(0x0fff, 2, false), nullptr);
  EXPECT_EQ(m.Resolve(0x2000, 128, false), b.data());
  EXPECT_EQ(m.Resolve(0x2000, 128, true), nullptr);      // read-only
  EXPECT_EQ(m.Resolve(~0ull - 4, 16, false), nullptr);   // wraps
  EXPECT_FALSE(m.AddRegion(0x10f0, b.data(), 32).ok());  // overlaps the first
  EXPECT_FALSE(m.AddRegion(0x3000, nullptr, 32).ok());
}

TEST(Memory, TranslatorServesUnregisteredRanges) {
  static uint8_t guest[64];
  Memory m;
  m.SetTranslator(
      [](void* user, uint64_t address, uint64_t size, bool write) -> uint8_t* {
        auto* base = static_cast<uint8_t*>(user);
        if (address < 0x8000 || address + size > 0x8000 + 64 || write) return nullptr;
        return base + (address - 0x8000);
      },
      guest);
  EXPECT_EQ(m.Resolve(0x8010, 8, false), guest + 16);
  EXPECT_EQ(m.Resolve(0x8010, 64, false), nullptr);
  EXPECT_EQ(m.Resolve(0x8010, 8, true), nullptr);
}

}  // namespace
}  // namespace texunit
