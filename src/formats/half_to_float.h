// binary16 -> binary32, exactly (every binary16 value is a binary32 value), for scalar code: the
// front ends' A16 operands and the BVH box16 bounds. The SIMD decode has its own in
// channel_convert-inl.h.
#pragma once

#include <bit>
#include <cstdint>

namespace texunit {

// The binary32 bits of binary16 `h`: NaN payloads keep their top bits, denormals become the equal
// normal binary32. Branch-free, so that loops over many halves vectorise: a denormal (or zero)
// is its mantissa times 2^-24, which binary32 holds exactly.
constexpr uint32_t HalfToFloatBits(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu;
  const uint32_t mantissa = h & 0x3FFu;
  const uint32_t normal = (exponent + 112) << 23 | mantissa << 13;  // rebias 15 -> 127
  const uint32_t special = 0x7F800000u | mantissa << 13;            // infinity, NaN
  const uint32_t small = std::bit_cast<uint32_t>(static_cast<float>(mantissa) * 0x1p-24f);
  return sign | (exponent == 0 ? small : exponent == 0x1F ? special : normal);
}

}  // namespace texunit
