#include "render/mip_chain.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <vector>

#include "render/procedural_texture.h"
#include "texunit/layout.h"

namespace texunit::render {
namespace {

TEST(MipChainTest, FullMipCount) {
  EXPECT_EQ(FullMipCount(1, 1), 1u);
  EXPECT_EQ(FullMipCount(2, 2), 2u);
  EXPECT_EQ(FullMipCount(5, 3), 3u);
  EXPECT_EQ(FullMipCount(8, 1), 4u);
  EXPECT_EQ(FullMipCount(1024, 1024), 11u);
  EXPECT_EQ(FullMipCount(1280, 720), 11u);
}

TEST(MipChainTest, LevelOneOfTwoByTwoIsTheAverage) {
  const uint8_t pixels[16] = {10, 100, 0,  255, 20, 110, 40,  255,  //
                              30, 120, 80, 255, 40, 130, 200, 255};
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(
      MipImage::CreateRgba8(pixels, 2, 2, /*srgb=*/false, kDefaultImageAddress, &image).ok());
  ASSERT_EQ(image->levels(), 2u);
  EXPECT_EQ(image->desc().format, FormatId::kR8G8B8A8_UNORM);
  EXPECT_EQ(image->desc().last_level, 1u);
  EXPECT_EQ(std::memcmp(image->Texel(0, 0, 0), pixels, 8), 0);
  EXPECT_EQ(std::memcmp(image->Texel(0, 0, 1), pixels + 8, 8), 0);
  const uint8_t* l1 = image->Texel(1, 0, 0);
  EXPECT_EQ(l1[0], 25);
  EXPECT_EQ(l1[1], 115);
  EXPECT_EQ(l1[2], 80);
  EXPECT_EQ(l1[3], 255);
}

TEST(MipChainTest, SrgbLevelsAverageInLinearLight) {
  // One white texel and three black: the linear average is 0.25, which is sRGB 137, not the
  // 64 an average of the encoded bytes would give.
  const uint8_t pixels[16] = {255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255};
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(
      MipImage::CreateRgba8(pixels, 2, 2, /*srgb=*/true, kDefaultImageAddress, &image).ok());
  EXPECT_EQ(image->desc().format, FormatId::kR8G8B8A8_SRGB);
  const uint8_t* l1 = image->Texel(1, 0, 0);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(l1[c], 137, 1) << c;
  EXPECT_EQ(l1[3], 255);  // alpha is linear
}

TEST(MipChainTest, Rgba32fLevelOneIsTheAverage) {
  const float pixels[16] = {0.0f, 1.0f, 0.5f, 1.0f, 1.0f, 1.0f, 0.5f, 1.0f,
                            0.5f, 0.0f, 0.5f, 1.0f, 0.5f, 0.0f, 0.5f, 1.0f};
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(MipImage::CreateRgba32f(pixels, 2, 2, kDefaultImageAddress, &image).ok());
  EXPECT_EQ(image->desc().format, FormatId::kR32G32B32A32_FLOAT);
  float l1[4];
  std::memcpy(l1, image->Texel(1, 0, 0), sizeof(l1));
  EXPECT_NEAR(l1[0], 0.5f, 1e-6f);
  EXPECT_NEAR(l1[1], 0.5f, 1e-6f);
  EXPECT_NEAR(l1[2], 0.5f, 1e-6f);
  EXPECT_NEAR(l1[3], 1.0f, 1e-6f);
}

TEST(MipChainTest, LayoutMatchesComputeImageLayout) {
  const Rgba8Image pattern = MakeProceduralTexture(40);  // 40x40: levels 40, 20, 10, 5, 2, 1
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(
      MipImage::CreateRgba8(pattern.pixels.data(), 40, 40, false, 0x200000000ull, &image).ok());
  ImageLayout layout;
  ASSERT_TRUE(ComputeImageLayout(image->desc(), &layout).ok());
  ASSERT_EQ(layout.num_levels, 6u);
  ASSERT_EQ(image->levels(), 6u);
  EXPECT_EQ(image->size_bytes(), layout.total_bytes);
  EXPECT_EQ(image->desc().base_address, 0x200000000ull);
  EXPECT_EQ(image->desc().width, 40u);
  for (uint32_t level = 0; level < layout.num_levels; ++level) {
    const LevelLayout& l = layout.levels[level];
    EXPECT_EQ(l.width, std::max(1u, 40u >> level));
    EXPECT_EQ(l.offset % 256, 0u);
    const uint32_t x = l.width - 1;
    const uint32_t y = l.height - 1;
    EXPECT_EQ(image->Texel(level, x, y) - image->data(),
              static_cast<ptrdiff_t>(l.offset + (uint64_t{y} * l.pitch + x) * 4));
  }
  // Level 0 holds the picture; the last level is its average (opaque).
  EXPECT_EQ(std::memcmp(image->Texel(0, 0, 7), &pattern.pixels[7 * 40 * 4], 40 * 4), 0);
  EXPECT_EQ(image->Texel(5, 0, 0)[3], 255);
}

TEST(MipChainTest, RegistersItsFootprint) {
  const uint8_t pixels[4 * 4 * 4] = {};
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(MipImage::CreateRgba8(pixels, 4, 4, false, kDefaultImageAddress, &image).ok());
  Memory memory;
  ASSERT_TRUE(image->Register(&memory).ok());
  EXPECT_EQ(memory.Resolve(kDefaultImageAddress, image->size_bytes(), false), image->data());
  EXPECT_EQ(memory.Resolve(kDefaultImageAddress, image->size_bytes() + 1, false), nullptr);
}

TEST(MipChainTest, RejectsEmptyImages) {
  std::unique_ptr<MipImage> image;
  EXPECT_FALSE(MipImage::CreateRgba8(nullptr, 0, 4, false, kDefaultImageAddress, &image).ok());
}

TEST(ProceduralTextureTest, HasGridLinesAndColours) {
  const Rgba8Image t = MakeProceduralTexture();
  ASSERT_EQ(t.width, 1024u);
  ASSERT_EQ(t.height, 1024u);
  auto at = [&](uint32_t x, uint32_t y) { return &t.pixels[(y * 1024u + x) * 4]; };
  EXPECT_LT(at(16, 40)[0], 40);   // a thin grid line
  EXPECT_GT(at(0, 40)[0], 200);   // a tile border
  EXPECT_GT(at(20, 40)[0], 150);  // inside the first (red) tile
  EXPECT_LT(at(20, 40)[2], 100);
  EXPECT_EQ(at(500, 500)[3], 255);
}

}  // namespace
}  // namespace texunit::render
