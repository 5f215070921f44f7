// The small quad rasteriser used by the demo and the benchmarks. The screen is cut into 8x8-pixel
// tiles; each tile is one 64-lane wave. Inside a wave the 16 2x2 quads follow Morton (Z) order over
// the tile's 4x4 quad grid, and lanes 4k..4k+3 of quad k are its top-left, top-right, bottom-left
// and bottom-right pixels (DESIGN.md, "Lanes and quads"). Because the quad corners are themselves
// in Z order, lane L sits at the pixel whose Morton code within the tile is L: x takes the even
// bits of L, y the odd bits. Waves are emitted in Morton order of their tiles so neighbouring
// tiles are neighbouring waves (DESIGN.md, "Performance model").
//
// Lanes whose pixel lies outside the primitive, or outside the screen in a partial tile, are
// inactive (exec bit 0) but still receive the attributes of their pixel position, so every quad's
// implicit derivatives stay valid (helper lanes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace texunit::render {

inline constexpr uint32_t kTileSize = 8;    // pixels per tile side
inline constexpr uint32_t kWaveLanes = 64;  // kTileSize * kTileSize

// Interleaves the low 16 bits of x (even bits) and y (odd bits).
constexpr uint32_t MortonEncode(uint32_t x, uint32_t y) {
  uint32_t code = 0;
  for (uint32_t bit = 0; bit < 16; ++bit) {
    code |= ((x >> bit) & 1u) << (2 * bit);
    code |= ((y >> bit) & 1u) << (2 * bit + 1);
  }
  return code;
}
constexpr uint32_t MortonDecodeX(uint32_t code) {
  uint32_t x = 0;
  for (uint32_t bit = 0; bit < 16; ++bit) x |= ((code >> (2 * bit)) & 1u) << bit;
  return x;
}
constexpr uint32_t MortonDecodeY(uint32_t code) { return MortonDecodeX(code >> 1); }

// The pixel of `lane` relative to its tile's top-left corner.
struct TilePixel {
  uint32_t x;
  uint32_t y;
};
constexpr TilePixel LaneToTilePixel(uint32_t lane) {
  return {MortonDecodeX(lane), MortonDecodeY(lane)};
}
constexpr uint32_t TilePixelToLane(uint32_t x, uint32_t y) { return MortonEncode(x, y); }

// One wave's tile: the screen position of its top-left pixel.
struct Tile {
  uint32_t x0;
  uint32_t y0;
};

// The tiles covering a width x height screen (partial tiles at the right and bottom edges
// included), in Morton order of their tile coordinates.
std::vector<Tile> MortonTiles(uint32_t width, uint32_t height);

// Per-pixel attributes the rasteriser asks a scene for: the lane's float attributes and whether
// the pixel is covered by the primitive. `x`, `y` are pixel-centre coordinates (pixel + 0.5);
// the function is also called for helper pixels outside the screen and must then still return
// the attributes (its coverage is ignored).
struct PixelAttributes {
  float a[4] = {};
  bool covered = false;
};

// A wave's worth of rasterised pixels, SoA: attribute arrays of kWaveLanes entries each.
struct WaveSetup {
  Tile tile;
  uint64_t exec = 0;  // bit L: lane L is on screen and covered
};

// Rasterises the screen tile by tile. For each tile (in Morton order) and each of its 64 lanes,
// calls `shade(x_center, y_center)` -> PixelAttributes and stores attribute k of lane L at
// attributes[k][wave * kWaveLanes + L] for k < num_attributes. `waves` receives one entry per
// tile; the attribute arrays are resized to waves->size() * kWaveLanes.
template <typename ShadeFn>
void Rasterize(uint32_t width, uint32_t height, int num_attributes, ShadeFn&& shade,
               std::vector<WaveSetup>* waves, std::vector<float>* attributes) {
  const std::vector<Tile> tiles = MortonTiles(width, height);
  waves->assign(tiles.size(), WaveSetup{});
  for (int k = 0; k < num_attributes; ++k) attributes[k].assign(tiles.size() * kWaveLanes, 0.0f);
  for (size_t w = 0; w < tiles.size(); ++w) {
    WaveSetup& wave = (*waves)[w];
    wave.tile = tiles[w];
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      const TilePixel p = LaneToTilePixel(lane);
      const uint32_t px = tiles[w].x0 + p.x;
      const uint32_t py = tiles[w].y0 + p.y;
      const PixelAttributes attr =
          shade(static_cast<double>(px) + 0.5, static_cast<double>(py) + 0.5);
      for (int k = 0; k < num_attributes; ++k) attributes[k][w * kWaveLanes + lane] = attr.a[k];
      if (attr.covered && px < width && py < height) wave.exec |= uint64_t{1} << lane;
    }
  }
}

}  // namespace texunit::render
