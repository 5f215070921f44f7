// Equality of small fixed-size byte ranges for the per-thread caches that look at a
// request, descriptor or instruction once per wave: straight-line vector code the compiler keeps
// inline, where a memcmp call of the same bytes cost a third of a cache hit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace texunit {

// Whether the N bytes at a and b are equal. From 16 bytes on, 16-byte vectors (SSE2, NEON: every
// target the library builds for), the tail as the last 16 bytes overlapping the ones before;
// below, 8-byte words.
template <size_t N>
bool SameBytes(const void* a, const void* b) {
  const auto* pa = static_cast<const unsigned char*>(a);
  const auto* pb = static_cast<const unsigned char*>(b);
  if constexpr (N >= 16) {
    using V = uint64_t __attribute__((vector_size(16)));
    V diff = {0, 0};
    const auto chunk = [&](size_t i) {
      V x, y;
      std::memcpy(&x, pa + i, 16);
      std::memcpy(&y, pb + i, 16);
      diff |= x ^ y;
    };
#pragma GCC unroll 16  // a loop counter and branch per chunk would cost as much as the XORs
    for (size_t i = 0; i + 16 <= N; i += 16) chunk(i);
    if constexpr (N % 16 != 0) chunk(N - 16);
    return (diff[0] | diff[1]) == 0;
  } else {
    uint64_t diff = 0;
    for (size_t i = 0; i + 8 <= N; i += 8) {
      uint64_t x, y;
      std::memcpy(&x, pa + i, 8);
      std::memcpy(&y, pb + i, 8);
      diff |= x ^ y;
    }
    if constexpr (N % 8 != 0 && N > 8) {
      uint64_t x, y;  // the tail as the last 8 bytes, overlapping the word above
      std::memcpy(&x, pa + N - 8, 8);
      std::memcpy(&y, pb + N - 8, 8);
      diff |= x ^ y;
    } else {
      for (size_t i = N & ~size_t{7}; i < N; ++i) diff |= pa[i] ^ pb[i];
    }
    return diff == 0;
  }
}

// Byte equality of two objects: equal bytes are equal objects; the rare false mismatch
// (different padding, -0 vs +0) is only a cache miss.
template <class T>
bool SameObject(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return SameBytes<sizeof(T)>(&a, &b);
}

}  // namespace texunit
