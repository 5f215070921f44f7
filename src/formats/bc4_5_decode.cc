// BC4 and BC5 decoders (RGTC; docs/sampling.md, "Block formats"). Each value is one correctly
// rounded binary32 division of two exact integers, so the result does not depend on evaluation
// order, FMA contraction or the target's float unit.
#include <cstdint>

#include "formats/bc_block_bits.h"
#include "formats/bc_decode.h"

namespace texunit {

void DecodeBc4Block(const uint8_t block[8], bool is_signed, float out[16]) {
  int r0 = block[0];
  int r1 = block[1];
  int scale = 255;
  float low = 0.0f;  // index 6 of the six-value mode
  if (is_signed) {
    r0 = static_cast<int8_t>(block[0]);
    r1 = static_cast<int8_t>(block[1]);
    scale = 127;
    low = -1.0f;
  }
  // The mode is chosen on the raw values and only then does -128 become -127: endpoints -127, -128
  // select the eight-value mode although both then read as -1.0.
  const bool eight_values = r0 > r1;
  if (r0 < -127) r0 = -127;
  if (r1 < -127) r1 = -127;
  float palette[8];
  // An integer 0 converts to +0.0f, and +0.0f / positive is +0.0f: no -0.0f can appear.
  palette[0] = static_cast<float>(r0) / static_cast<float>(scale);
  palette[1] = static_cast<float>(r1) / static_cast<float>(scale);
  if (eight_values) {
    for (int k = 2; k < 8; ++k) {
      palette[k] = static_cast<float>((8 - k) * r0 + (k - 1) * r1) / static_cast<float>(7 * scale);
    }
  } else {
    for (int k = 2; k < 6; ++k) {
      palette[k] = static_cast<float>((6 - k) * r0 + (k - 1) * r1) / static_cast<float>(5 * scale);
    }
    palette[6] = low;
    palette[7] = 1.0f;
  }
  uint8_t index[16];
  UnpackBc4Indices(block, index);
  for (int i = 0; i < 16; ++i) out[i] = palette[index[i]];
}

void DecodeBc5Block(const uint8_t block[16], bool is_signed, float out[16][2]) {
  float red[16];
  float green[16];
  DecodeBc4Block(block, is_signed, red);
  DecodeBc4Block(block + 8, is_signed, green);
  for (int i = 0; i < 16; ++i) {
    out[i][0] = red[i];
    out[i][1] = green[i];
  }
}

}  // namespace texunit
