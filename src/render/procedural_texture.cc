#include "render/procedural_texture.h"

namespace texunit::render {
namespace {

struct Rgb {
  uint8_t r, g, b;
};

// One colour per tile of a row of eight, sRGB-encoded.
constexpr Rgb kPalette[8] = {
    {220, 70, 60},  {235, 160, 50}, {225, 210, 70}, {90, 190, 80},
    {60, 170, 190}, {70, 110, 220}, {150, 90, 210}, {215, 90, 160},
};

uint8_t Scale(uint8_t c, int num, int den) { return static_cast<uint8_t>(c * num / den); }

}  // namespace

Rgba8Image MakeProceduralTexture(uint32_t size) {
  Rgba8Image image;
  image.width = size;
  image.height = size;
  image.pixels.resize(static_cast<size_t>(size) * size * 4);
  const uint32_t tile = size >= 8 ? size / 8 : 1;  // 8x8 tiles
  const uint32_t cell = 16;                        // grid line spacing
  for (uint32_t y = 0; y < size; ++y) {
    for (uint32_t x = 0; x < size; ++x) {
      const uint32_t tx = x / tile;
      const uint32_t ty = y / tile;
      Rgb c = kPalette[(tx + 3 * ty) % 8];
      if ((tx + ty) & 1) c = {Scale(c.r, 1, 2), Scale(c.g, 1, 2), Scale(c.b, 1, 2)};
      // Alternate 16x16 cells slightly brighter and darker: a fine checker inside each tile.
      if (((x / cell) + (y / cell)) & 1) {
        c = {Scale(c.r, 7, 8), Scale(c.g, 7, 8), Scale(c.b, 7, 8)};
      }
      const uint32_t lx = x % tile;
      const uint32_t ly = y % tile;
      if (lx < 2 || ly < 2) {
        c = {245, 245, 240};  // tile borders: two texels of white
      } else if (x % cell == 0 || y % cell == 0) {
        c = {25, 25, 30};  // thin grid lines: one texel of near black
      }
      uint8_t* p = &image.pixels[(static_cast<size_t>(y) * size + x) * 4];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      p[3] = 255;
    }
  }
  return image;
}

}  // namespace texunit::render
