// Equality of small fixed-size byte ranges for the per-thread caches that look at a request,
// descriptor or instruction once per wave: straight-line 8-byte XORs that the compiler keeps
// inline (and vectorises), where a memcmp call of the same bytes cost a third of a cache hit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace texunit {

// Whether the N bytes at a and b are equal.
template <size_t N>
bool SameBytes(const void* a, const void* b) {
  const auto* pa = static_cast<const unsigned char*>(a);
  const auto* pb = static_cast<const unsigned char*>(b);
  uint64_t diff = 0;
#pragma GCC unroll 32  // a loop counter and branch per word would cost as much as the XORs
  for (size_t i = 0; i + 8 <= N; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, pa + i, 8);
    std::memcpy(&y, pb + i, 8);
    diff |= x ^ y;
  }
  if constexpr (N % 8 != 0 && N > 8) {
    // The tail as the last 8 bytes, overlapping the words above.
    uint64_t x, y;
    std::memcpy(&x, pa + N - 8, 8);
    std::memcpy(&y, pb + N - 8, 8);
    diff |= x ^ y;
  } else {
    for (size_t i = N & ~size_t{7}; i < N; ++i) diff |= pa[i] ^ pb[i];
  }
  return diff == 0;
}

// Byte equality of two objects: equal bytes are equal objects; the rare false mismatch
// (different padding, -0 vs +0) is only a cache miss.
template <class T>
bool SameObject(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return SameBytes<sizeof(T)>(&a, &b);
}

}  // namespace texunit
