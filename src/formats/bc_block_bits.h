// Field readers shared by the BC1-BC3 and BC4-BC5 decoders (docs/sampling.md, "Block formats").
// Byte-wise little-endian loads keep the decoders independent of host endianness and alignment.
#pragma once

#include <cstdint>

namespace texunit {

inline uint32_t LoadLe16(const uint8_t* b) { return uint32_t{b[0]} | uint32_t{b[1]} << 8; }

inline uint32_t LoadLe32(const uint8_t* b) {
  return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

// The 3-bit indices of a BC3 alpha block or a BC4 block: bytes 2-7 form one 48-bit little-endian
// field whose bits 3i+2:3i belong to texel i (so indices straddle byte boundaries).
inline void UnpackBc4Indices(const uint8_t block[8], uint8_t index[16]) {
  uint64_t bits = 0;
  for (int k = 7; k >= 2; --k) bits = bits << 8 | block[k];
  for (int i = 0; i < 16; ++i) index[i] = static_cast<uint8_t>((bits >> (3 * i)) & 7u);
}

}  // namespace texunit
