#include "render/rasterizer.h"

namespace texunit::render {

std::vector<Tile> MortonTiles(uint32_t width, uint32_t height) {
  const uint32_t tiles_x = (width + kTileSize - 1) / kTileSize;
  const uint32_t tiles_y = (height + kTileSize - 1) / kTileSize;
  std::vector<Tile> tiles;
  tiles.reserve(static_cast<size_t>(tiles_x) * tiles_y);
  // Walk the Morton codes of the enclosing power-of-two square and keep the tiles on screen.
  uint32_t side = 1;
  while (side < tiles_x || side < tiles_y) side *= 2;
  const uint64_t codes = static_cast<uint64_t>(side) * side;
  for (uint64_t code = 0; code < codes && tiles.size() < tiles.capacity(); ++code) {
    const uint32_t tx = MortonDecodeX(static_cast<uint32_t>(code));
    const uint32_t ty = MortonDecodeY(static_cast<uint32_t>(code));
    if (tx < tiles_x && ty < tiles_y) tiles.push_back({tx * kTileSize, ty * kTileSize});
  }
  return tiles;
}

}  // namespace texunit::render
