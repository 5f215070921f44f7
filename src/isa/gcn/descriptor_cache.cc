#include "isa/gcn/descriptor_cache.h"

#include <algorithm>
#include <cstdint>

#include "common/same_bytes.h"

namespace texunit::gcn {
namespace {

// A few entries, replaced round robin: a shader binds a handful of descriptors at a time.
constexpr int kEntries = 4;
constexpr size_t kMaxWords = 8;

// Whether the first N dwords of `a` and `b` are equal: straight-line, where a memcmp call over a
// variable length cost more than the rest of a hit.
template <size_t N>
bool SameWords(const uint32_t* a, const uint32_t* b) {
  return SameBytes<N * sizeof(uint32_t)>(a, b);
}

template <typename Desc>
struct Entry {
  bool valid = false;
  Gfx gfx = Gfx::kGfx6;
  uint32_t count = 0;
  uint32_t words[kMaxWords] = {};
  Desc desc;
};

template <typename Desc>
struct Cache {
  Entry<Desc> entries[kEntries];
  int last = 0;  // the entry that matched or was filled most recently: checked first
  int next = 0;  // the entry the next miss replaces
};

template <typename Desc>
bool Matches(const Entry<Desc>& e, Gfx gfx, std::span<const uint32_t> dwords) {
  if (!e.valid || e.gfx != gfx || e.count != dwords.size()) return false;
  // T#s are 8 dwords (4 with R128), S#s 4.
  if (dwords.size() == 8) return SameWords<8>(e.words, dwords.data());
  if (dwords.size() == 4) return SameWords<4>(e.words, dwords.data());
  return std::equal(dwords.begin(), dwords.end(), e.words);
}

// Entries replaced in either cache on this thread: a remembered pair points into the caches, and
// stays valid while this is unchanged.
thread_local uint64_t replacements = 0;

template <typename Desc, typename DecodeFn>
const Desc* LookUp(Cache<Desc>& cache, Gfx gfx, std::span<const uint32_t> dwords, Status* error,
                   DecodeFn decode) {
  if (dwords.size() > kMaxWords) {
    Desc scratch;
    *error = decode(gfx, dwords, &scratch);  // its error
    if (error->ok()) *error = Status::InvalidArgument("a descriptor is at most 8 dwords");
    return nullptr;
  }
  for (int i = 0; i < kEntries; ++i) {
    const int k = (cache.last + i) & (kEntries - 1);
    const Entry<Desc>& e = cache.entries[k];
    if (Matches(e, gfx, dwords)) {
      cache.last = k;
      return &e.desc;
    }
  }
  Entry<Desc>& e = cache.entries[cache.next];
  e.valid = false;
  ++replacements;
  *error = decode(gfx, dwords, &e.desc);
  if (!error->ok()) return nullptr;
  e.valid = true;
  e.gfx = gfx;
  e.count = static_cast<uint32_t>(dwords.size());
  std::copy(dwords.begin(), dwords.end(), e.words);
  cache.last = cache.next;
  cache.next = (cache.next + 1) & (kEntries - 1);
  return &e.desc;
}
static_assert((kEntries & (kEntries - 1)) == 0, "the entry index wraps with a mask");

template <typename Desc, typename DecodeFn>
Status DecodeCached(Cache<Desc>& cache, Gfx gfx, std::span<const uint32_t> dwords, Desc* out,
                    DecodeFn decode) {
  if (out == nullptr) return decode(gfx, dwords, out);  // its error
  Status error;
  const Desc* d = LookUp(cache, gfx, dwords, &error, decode);
  if (d == nullptr) return decode(gfx, dwords, out);  // what the decoder leaves in *out, and why
  *out = *d;
  return Status::Ok();
}

Cache<ImageDesc>& ImageCache() {
  thread_local Cache<ImageDesc> cache;
  return cache;
}

Cache<SamplerDesc>& SamplerCache() {
  thread_local Cache<SamplerDesc> cache;
  return cache;
}

// The pair last remembered: the T# dwords in words[0, t_count), the S# dwords after them.
struct PairEntry {
  bool valid = false;
  Gfx gfx = Gfx::kGfx6;
  uint32_t t_count = 0;
  uint32_t s_count = 0;
  uint64_t replacements = 0;
  uint32_t words[kMaxWords + 4] = {};
  DescPair pair;
};

PairEntry& LastPair() {
  thread_local PairEntry last;
  return last;
}

}  // namespace

bool LookUpDescPair(Gfx gfx, std::span<const uint32_t> t, std::span<const uint32_t> s,
                    DescPair* out) {
  const PairEntry& e = LastPair();
  if (!e.valid || e.gfx != gfx || e.replacements != replacements || e.t_count != t.size() ||
      e.s_count != s.size()) {
    return false;
  }
  // The usual shapes (an 8-dword T#, a 4-dword S# or none) compare straight-line.
  bool same;
  if (t.size() == 8) {
    same = SameWords<8>(e.words, t.data()) &&
           (s.size() == 4 ? SameWords<4>(e.words + 8, s.data()) : s.empty());
  } else {
    same = std::equal(t.begin(), t.end(), e.words) &&
           std::equal(s.begin(), s.end(), e.words + t.size());
  }
  if (!same) return false;
  *out = e.pair;
  return true;
}

void RememberDescPair(Gfx gfx, std::span<const uint32_t> t, std::span<const uint32_t> s,
                      const DescPair& pair) {
  PairEntry& e = LastPair();
  e.valid = t.size() <= kMaxWords && s.size() <= 4;
  if (!e.valid) return;
  e.gfx = gfx;
  e.t_count = static_cast<uint32_t>(t.size());
  e.s_count = static_cast<uint32_t>(s.size());
  e.replacements = replacements;
  std::copy(t.begin(), t.end(), e.words);
  std::copy(s.begin(), s.end(), e.words + t.size());
  e.pair = pair;
}

const ImageDesc* LookUpImageDesc(Gfx gfx, std::span<const uint32_t> dwords, Status* error) {
  return LookUp(ImageCache(), gfx, dwords, error, DecodeImageDesc);
}

const SamplerDesc* LookUpSamplerDesc(Gfx gfx, std::span<const uint32_t> dwords, Status* error) {
  return LookUp(SamplerCache(), gfx, dwords, error, DecodeSamplerDesc);
}

Status DecodeImageDescCached(Gfx gfx, std::span<const uint32_t> dwords, ImageDesc* out) {
  return DecodeCached(ImageCache(), gfx, dwords, out, DecodeImageDesc);
}

Status DecodeSamplerDescCached(Gfx gfx, std::span<const uint32_t> dwords, SamplerDesc* out) {
  return DecodeCached(SamplerCache(), gfx, dwords, out, DecodeSamplerDesc);
}

}  // namespace texunit::gcn
