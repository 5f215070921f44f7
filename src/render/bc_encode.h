// Block encoders for BC1-BC7, used to build compressed mip chains for the benchmarks and demos
// (MipImage::Convert). They exist so that sampling throughput can be measured on compressed
// textures, so they trade quality for speed and simplicity: one fixed mode per format, endpoints
// from the block's extremes, and each index the nearest palette entry as the project's decoders
// (src/formats/bc_decode.h, docs/sampling.md "Block formats") reconstruct it.
//
// Every encoder takes the 16 texels of a 4x4 block in row-major order (texel (x, y) is
// element 4 * y + x) as floats in the format's stored value space: UNORM formats [0, 1] (the sRGB
// variants take sRGB-encoded values, since the block stores them encoded), SNORM [-1, 1], BC6H
// the half-float range. Values outside the range are clamped and NaN counts as 0, so any input,
// Inf included, yields a valid block.
#pragma once

#include <cstdint>

namespace texunit::render {

// BC1: always the 4-colour mode (c0 > c1, or c0 == c1 with every index 0 when the endpoints
// quantize equal), so alpha is ignored and decodes as 255.
void EncodeBc1Block(const float rgba[16][4], uint8_t out[8]);
// BC2: explicit 4-bit alpha (rounded to nearest), then a BC1 4-colour block.
void EncodeBc2Block(const float rgba[16][4], uint8_t out[16]);
// BC3: interpolated alpha in the 8-value mode (a0 > a1), then a BC1 4-colour block.
void EncodeBc3Block(const float rgba[16][4], uint8_t out[16]);
// BC4: one channel, UNORM or SNORM, in the 8-value mode (r0 > r1).
void EncodeBc4Block(const float r[16], bool is_signed, uint8_t out[8]);
// BC5: two BC4 blocks, red then green.
void EncodeBc5Block(const float rg[16][2], bool is_signed, uint8_t out[16]);
// BC6H: always D3D mode 11 (code 00011: one region, 10-bit untransformed endpoints, 4-bit
// indices), UF16 or SF16.
void EncodeBc6hBlock(const float rgb[16][3], bool is_signed, uint8_t out[16]);
// BC7: always mode 6 (RGBA 7.7.7.7 endpoints with a p-bit each, 4-bit indices).
void EncodeBc7Block(const float rgba[16][4], uint8_t out[16]);

}  // namespace texunit::render
