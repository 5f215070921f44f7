#include "render/rasterizer.h"

#include <gtest/gtest.h>

#include <bit>
#include <vector>

namespace texunit::render {
namespace {

TEST(RasterizerTest, MortonCodes) {
  EXPECT_EQ(MortonEncode(0, 0), 0u);
  EXPECT_EQ(MortonEncode(1, 0), 1u);
  EXPECT_EQ(MortonEncode(0, 1), 2u);
  EXPECT_EQ(MortonEncode(3, 5), 0b100111u);
  for (uint32_t code = 0; code < 4096; ++code) {
    EXPECT_EQ(MortonEncode(MortonDecodeX(code), MortonDecodeY(code)), code);
  }
}

// Lane -> pixel within the 8x8 tile, computed by hand from the rule: quad q = lane / 4 is at
// (qx, qy) in Morton order over the 4x4 quad grid, corner lane % 4 is TL, TR, BL, BR.
TEST(RasterizerTest, LaneOrderWithinTile) {
  struct Case {
    uint32_t lane, x, y;
  };
  const Case cases[] = {
      {0, 0, 0},   // quad 0 (0,0), TL
      {1, 1, 0},   // quad 0, TR
      {2, 0, 1},   // quad 0, BL
      {3, 1, 1},   // quad 0, BR
      {4, 2, 0},   // quad 1 (1,0), TL
      {7, 3, 1},   // quad 1, BR
      {8, 0, 2},   // quad 2 (0,1), TL
      {13, 3, 2},  // quad 3 (1,1), TR
      {16, 4, 0},  // quad 4 (2,0), TL
      {37, 3, 4},  // quad 9 (1,2), TR
      {42, 0, 7},  // quad 10 (0,3), BL
      {50, 4, 5},  // quad 12 (2,2), BL
      {63, 7, 7},  // quad 15 (3,3), BR
  };
  for (const Case& c : cases) {
    const TilePixel p = LaneToTilePixel(c.lane);
    EXPECT_EQ(p.x, c.x) << "lane " << c.lane;
    EXPECT_EQ(p.y, c.y) << "lane " << c.lane;
    EXPECT_EQ(TilePixelToLane(c.x, c.y), c.lane);
  }
  // Every pixel of the tile is some lane's, exactly once.
  std::vector<int> seen(64, 0);
  for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
    const TilePixel p = LaneToTilePixel(lane);
    ASSERT_LT(p.x, kTileSize);
    ASSERT_LT(p.y, kTileSize);
    ++seen[p.y * kTileSize + p.x];
  }
  for (int n : seen) EXPECT_EQ(n, 1);
}

TEST(RasterizerTest, QuadsAreTwoByTwo) {
  for (uint32_t quad = 0; quad < 16; ++quad) {
    const TilePixel tl = LaneToTilePixel(4 * quad);
    const TilePixel tr = LaneToTilePixel(4 * quad + 1);
    const TilePixel bl = LaneToTilePixel(4 * quad + 2);
    const TilePixel br = LaneToTilePixel(4 * quad + 3);
    EXPECT_EQ(tl.x % 2, 0u);
    EXPECT_EQ(tl.y % 2, 0u);
    EXPECT_TRUE(tr.x == tl.x + 1 && tr.y == tl.y);
    EXPECT_TRUE(bl.x == tl.x && bl.y == tl.y + 1);
    EXPECT_TRUE(br.x == tl.x + 1 && br.y == tl.y + 1);
  }
}

TEST(RasterizerTest, TilesInMortonOrder) {
  // 24x16 pixels: 3x2 tiles. Morton order over the 4x4 tile square, skipping missing tiles.
  const std::vector<Tile> tiles = MortonTiles(24, 16);
  const Tile expected[] = {{0, 0}, {8, 0}, {0, 8}, {8, 8}, {16, 0}, {16, 8}};
  ASSERT_EQ(tiles.size(), std::size(expected));
  for (size_t i = 0; i < tiles.size(); ++i) {
    EXPECT_EQ(tiles[i].x0, expected[i].x0) << i;
    EXPECT_EQ(tiles[i].y0, expected[i].y0) << i;
  }
  EXPECT_EQ(MortonTiles(1280, 720).size(), 160u * 90u);
  EXPECT_EQ(MortonTiles(1, 1).size(), 1u);
}

TEST(RasterizerTest, PartialTilesHaveHelperLanes) {
  // 20x10 pixels: the tile at (16, 8) holds pixels x 16..19, y 8..9 on screen.
  std::vector<WaveSetup> waves;
  std::vector<float> attr[2];
  Rasterize(
      20, 10, 2,
      [](double x, double y) {
        PixelAttributes a;
        a.a[0] = static_cast<float>(x);
        a.a[1] = static_cast<float>(y);
        a.covered = true;
        return a;
      },
      &waves, attr);
  ASSERT_EQ(waves.size(), 6u);
  ASSERT_EQ(attr[0].size(), 6u * 64u);
  const WaveSetup& last = waves.back();
  EXPECT_EQ(last.tile.x0, 16u);
  EXPECT_EQ(last.tile.y0, 8u);
  EXPECT_EQ(std::popcount(last.exec), 8);
  for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
    const TilePixel p = LaneToTilePixel(lane);
    const bool on_screen = 16 + p.x < 20 && 8 + p.y < 10;
    EXPECT_EQ((last.exec >> lane & 1) != 0, on_screen) << lane;
    // Helper lanes still carry their pixel-centre attributes.
    EXPECT_EQ(attr[0][5 * 64 + lane], 16 + p.x + 0.5f);
    EXPECT_EQ(attr[1][5 * 64 + lane], 8 + p.y + 0.5f);
  }
  EXPECT_EQ(waves[0].exec, ~0ull);
}

TEST(RasterizerTest, UncoveredPixelsAreInactive) {
  std::vector<WaveSetup> waves;
  std::vector<float> attr[1];
  Rasterize(
      8, 8, 1,
      [](double x, double y) {
        PixelAttributes a;
        a.covered = x > 4.0;  // right half
        return a;
      },
      &waves, attr);
  ASSERT_EQ(waves.size(), 1u);
  for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
    EXPECT_EQ((waves[0].exec >> lane & 1) != 0, LaneToTilePixel(lane).x >= 4) << lane;
  }
}

}  // namespace
}  // namespace texunit::render
