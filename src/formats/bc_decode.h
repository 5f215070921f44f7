// Decoders of the block-compressed formats BC1-BC7 (D3D10/11 block compression; the Khronos Data
// Format Specification, "S3TC", "RGTC" and "BPTC"). Each function decodes one 4x4 block to its 16
// texels in row-major order: texel (x, y) of the block is out[4 * y + x]. The rules each decoder
// implements, including every rounding choice, are written in docs/sampling.md ("Block formats").
// These are whole-block scalar decoders: the kernels call them per touched block, through a cache
// (see texel_fetch), and the rest of the pipeline sees the decoded texels like any plain format's.
#pragma once

#include <cstdint>

namespace texunit {

// BC1 (8 bytes): RGB 5:6:5 endpoints, 2-bit indices; c0 <= c1 selects the 3-colour mode whose
// index 3 is transparent black (punch-through alpha). Output: RGBA 8-bit codes (alpha 0 or 255).
void DecodeBc1Block(const uint8_t block[8], uint8_t out[16][4]);
// BC2 (16 bytes): explicit 4-bit alpha, then a BC1 colour block always in 4-colour mode.
void DecodeBc2Block(const uint8_t block[16], uint8_t out[16][4]);
// BC3 (16 bytes): an interpolated 8-bit alpha block, then a 4-colour BC1 colour block.
void DecodeBc3Block(const uint8_t block[16], uint8_t out[16][4]);
// BC4 (8 bytes): one interpolated channel, UNORM ([0, 1]) or SNORM ([-1, 1]), as floats.
void DecodeBc4Block(const uint8_t block[8], bool is_signed, float out[16]);
// BC5 (16 bytes): two BC4 blocks, red then green.
void DecodeBc5Block(const uint8_t block[16], bool is_signed, float out[16][2]);
// BC6H (16 bytes): RGB half floats, unsigned (UF16) or signed (SF16), as half-float bit patterns;
// reserved modes decode to 0 in every channel.
void DecodeBc6hBlock(const uint8_t block[16], bool is_signed, uint16_t out[16][3]);
// BC7 (16 bytes): RGBA 8-bit codes; a reserved mode (first byte 0) decodes to 0 in every channel.
void DecodeBc7Block(const uint8_t block[16], uint8_t out[16][4]);

}  // namespace texunit
