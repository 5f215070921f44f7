// BC1, BC2 and BC3 decoders (S3TC; docs/sampling.md, "Block formats"). The palette roundings are
// the project's choice where the D3D11 and Khronos specifications allow a tolerance.
#include <cstdint>

#include "formats/bc_block_bits.h"
#include "formats/bc_decode.h"

namespace texunit {
namespace {

// RGB 5:6:5 to 8-bit codes by bit replication, which maps 0 to 0 and the maximum to 255.
void Expand565(uint32_t c, uint32_t rgb[3]) {
  const uint32_t r5 = c >> 11 & 0x1Fu;
  const uint32_t g6 = c >> 5 & 0x3Fu;
  const uint32_t b5 = c & 0x1Fu;
  rgb[0] = r5 << 3 | r5 >> 2;
  rgb[1] = g6 << 2 | g6 >> 4;
  rgb[2] = b5 << 3 | b5 >> 2;
}

// Decodes an 8-byte BC1 colour block. BC2 and BC3 pass allow_three_colour = false because their
// colour blocks ignore the c0 <= c1 test and always interpolate four colours.
void DecodeColourBlock(const uint8_t block[8], bool allow_three_colour, uint8_t out[16][4]) {
  const uint32_t c0 = LoadLe16(block);
  const uint32_t c1 = LoadLe16(block + 2);
  uint32_t palette[4][4];
  Expand565(c0, palette[0]);
  Expand565(c1, palette[1]);
  const bool four_colour = !allow_three_colour || c0 > c1;
  for (int ch = 0; ch < 3; ++ch) {
    const uint32_t p0 = palette[0][ch];
    const uint32_t p1 = palette[1][ch];
    if (four_colour) {
      // + 1 before the division rounds to the nearest third (a third is never a tie).
      palette[2][ch] = (2 * p0 + p1 + 1) / 3;
      palette[3][ch] = (p0 + 2 * p1 + 1) / 3;
    } else {
      palette[2][ch] = (p0 + p1 + 1) / 2;
      palette[3][ch] = 0;
    }
  }
  palette[0][3] = palette[1][3] = palette[2][3] = 255;
  palette[3][3] = four_colour ? 255 : 0;
  const uint32_t indices = LoadLe32(block + 4);
  for (int i = 0; i < 16; ++i) {
    const uint32_t* p = palette[indices >> (2 * i) & 3u];
    for (int ch = 0; ch < 4; ++ch) out[i][ch] = static_cast<uint8_t>(p[ch]);
  }
}

}  // namespace

void DecodeBc1Block(const uint8_t block[8], uint8_t out[16][4]) {
  DecodeColourBlock(block, /*allow_three_colour=*/true, out);
}

void DecodeBc2Block(const uint8_t block[16], uint8_t out[16][4]) {
  DecodeColourBlock(block + 8, /*allow_three_colour=*/false, out);
  const uint32_t lo = LoadLe32(block);
  const uint32_t hi = LoadLe32(block + 4);
  for (int i = 0; i < 16; ++i) {
    const uint32_t a4 = (i < 8 ? lo >> (4 * i) : hi >> (4 * (i - 8))) & 0xFu;
    // 17 = 255 / 15: nibble replication, exact for every 4-bit value.
    out[i][3] = static_cast<uint8_t>(a4 * 17);
  }
}

void DecodeBc3Block(const uint8_t block[16], uint8_t out[16][4]) {
  DecodeColourBlock(block + 8, /*allow_three_colour=*/false, out);
  const uint32_t a0 = block[0];
  const uint32_t a1 = block[1];
  uint32_t palette[8] = {a0, a1};
  if (a0 > a1) {
    // + 3 before the division rounds to the nearest seventh (a seventh is never a tie).
    for (uint32_t k = 2; k < 8; ++k) palette[k] = ((8 - k) * a0 + (k - 1) * a1 + 3) / 7;
  } else {
    for (uint32_t k = 2; k < 6; ++k) palette[k] = ((6 - k) * a0 + (k - 1) * a1 + 2) / 5;
    palette[6] = 0;
    palette[7] = 255;
  }
  uint8_t index[16];
  UnpackBc4Indices(block, index);
  for (int i = 0; i < 16; ++i) out[i][3] = static_cast<uint8_t>(palette[index[i]]);
}

}  // namespace texunit
