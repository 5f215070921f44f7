// Writing one texel of a store. Requests of one ExecuteBatch may store to the same texel at once
// (docs/sampling.md, "Requests on several threads"): each store must leave that texel holding
// one request's value, never a mix of bytes. So a texel of 1, 2, 4 or 8 bytes is written by one
// atomic store, and a 12- or 16-byte texel by one atomic store per 32-bit word (its channels are
// 32-bit, so each channel still holds one request's value). Relaxed order: x86 and Arm compile it
// to a plain store; it only forbids tearing and makes the race defined for C++ (and TSan).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace texunit {

template <typename T>
inline void StoreAtomic(uint8_t* dst, T value) {
  std::atomic_ref<T>(*reinterpret_cast<T*>(dst)).store(value, std::memory_order_relaxed);
}

// `words` holds the texel's bytes, little-endian, in 32-bit words. `aligned`: the host memory
// behind the image is aligned to the texel's size (to 4 bytes for 12- and 16-byte texels), which
// every texel then is; otherwise the texel is copied without the no-tearing guarantee.
inline void WriteTexel(uint8_t* dst, const uint32_t* words, size_t bytes, bool aligned) {
  if (!aligned || (bytes != 1 && bytes != 2 && bytes % 4 != 0)) {
    for (size_t k = 0; k * 4 < bytes; ++k) {
      std::memcpy(dst + 4 * k, &words[k], bytes - 4 * k < 4 ? bytes - 4 * k : 4);
    }
    return;
  }
  switch (bytes) {
    case 1:
      StoreAtomic(dst, static_cast<uint8_t>(words[0]));
      return;
    case 2:
      StoreAtomic(dst, static_cast<uint16_t>(words[0]));
      return;
    case 8:
      StoreAtomic(dst, uint64_t{words[0]} | uint64_t{words[1]} << 32);
      return;
    default:  // 4, 12, 16 (32-bit channels)
      for (size_t k = 0; k * 4 < bytes; ++k) StoreAtomic(dst + 4 * k, words[k]);
      return;
  }
}

// The alignment WriteTexel's atomic stores need for texels of `bytes`.
inline size_t TexelWriteAlignment(size_t bytes) { return bytes <= 8 ? bytes : 4; }

}  // namespace texunit
