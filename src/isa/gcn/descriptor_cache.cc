#include "isa/gcn/descriptor_cache.h"

#include <algorithm>
#include <cstdint>

namespace texunit::gcn {
namespace {

// A few entries, replaced round robin: a shader binds a handful of descriptors at a time.
constexpr int kEntries = 4;

template <typename Desc>
struct Entry {
  bool valid = false;
  Gfx gfx = Gfx::kGfx6;
  uint32_t count = 0;
  uint32_t words[8] = {};
  Desc desc;
};

template <typename Desc>
struct Cache {
  Entry<Desc> entries[kEntries];
  int next = 0;
};

template <typename Desc, typename DecodeFn>
Status DecodeCached(Cache<Desc>& cache, Gfx gfx, std::span<const uint32_t> dwords, Desc* out,
                    DecodeFn decode) {
  if (out == nullptr || dwords.size() > 8) return decode(gfx, dwords, out);  // its error
  for (const Entry<Desc>& e : cache.entries) {
    if (e.valid && e.gfx == gfx && e.count == dwords.size() &&
        std::equal(dwords.begin(), dwords.end(), e.words)) {
      *out = e.desc;
      return Status::Ok();
    }
  }
  TEXUNIT_RETURN_IF_ERROR(decode(gfx, dwords, out));
  Entry<Desc>& e = cache.entries[cache.next];
  cache.next = (cache.next + 1) % kEntries;
  e.valid = true;
  e.gfx = gfx;
  e.count = static_cast<uint32_t>(dwords.size());
  std::copy(dwords.begin(), dwords.end(), e.words);
  e.desc = *out;
  return Status::Ok();
}

}  // namespace

Status DecodeImageDescCached(Gfx gfx, std::span<const uint32_t> dwords, ImageDesc* out) {
  thread_local Cache<ImageDesc> cache;
  return DecodeCached(cache, gfx, dwords, out, DecodeImageDesc);
}

Status DecodeSamplerDescCached(Gfx gfx, std::span<const uint32_t> dwords, SamplerDesc* out) {
  thread_local Cache<SamplerDesc> cache;
  return DecodeCached(cache, gfx, dwords, out, DecodeSamplerDesc);
}

}  // namespace texunit::gcn
