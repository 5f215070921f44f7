// Decoded T#s and S#s kept per thread, keyed by their raw dwords. An emulator issues the same
// descriptors wave after wave, and decoding one through the field tables costs more than
// sampling a small wave (measured: about 2,500 instructions for a T#, 1,800 for an S#, against
// 2,700 for a 64-lane point sample). Decoding is a pure function of (generation, dwords), so a
// hit returns exactly what DecodeImageDesc / DecodeSamplerDesc would; failures are not cached.
#pragma once

#include <span>

#include "texunit/descriptors.h"
#include "texunit/status.h"

namespace texunit::gcn {

Status DecodeImageDescCached(Gfx gfx, std::span<const uint32_t> dwords, ImageDesc* out);
Status DecodeSamplerDescCached(Gfx gfx, std::span<const uint32_t> dwords, SamplerDesc* out);

// The same decodes without the copy out: the cached descriptor, or nullptr with the decoder's
// status in *error. A hit costs a compare of the dwords, where copying a descriptor out (and
// zeroing the caller's first) cost about as much again. The pointer is valid until the thread's
// next lookup, which may replace the entry.
const ImageDesc* LookUpImageDesc(Gfx gfx, std::span<const uint32_t> dwords, Status* error);
const SamplerDesc* LookUpSamplerDesc(Gfx gfx, std::span<const uint32_t> dwords, Status* error);

// The T# and S# an instruction reads (no S#: `sampler` null, `s` empty).
struct DescPair {
  const ImageDesc* image = nullptr;
  const SamplerDesc* sampler = nullptr;
};

// The pair LookUpImageDesc and LookUpSamplerDesc returned for the same dwords the last time
// RememberDescPair was called on this thread, while neither cache has replaced an entry since:
// one compare of the dwords where the two lookups cost two calls and two searches. False when
// there is no such pair (then look each up, and remember the pair).
bool LookUpDescPair(Gfx gfx, std::span<const uint32_t> t, std::span<const uint32_t> s,
                    DescPair* out);
void RememberDescPair(Gfx gfx, std::span<const uint32_t> t, std::span<const uint32_t> s,
                      const DescPair& pair);

}  // namespace texunit::gcn
