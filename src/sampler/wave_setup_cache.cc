#include "sampler/wave_setup_cache.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "common/same_bytes.h"

namespace texunit {

namespace {

// Descriptors are compared as bytes: equal bytes are equal descriptors, and the rare false
// mismatch (different padding, -0 vs +0) only costs a rebuild.
static_assert(std::is_trivially_copyable_v<ImageDesc>);
static_assert(std::is_trivially_copyable_v<SamplerDesc>);
static_assert(std::is_trivially_copyable_v<Modifiers>);

// The operand and result pointers PrepareWave looked at (WaveSetup::array_reads: bit i for the
// i-th pointer-sized word from `in`), as word indices, so that a cache hit tests a handful of words
// in a row; and which of them were non-null.
constexpr size_t kArrayWords = (sizeof(TexOperands) + sizeof(TexResults)) / sizeof(uintptr_t);
static_assert((sizeof(TexOperands) + sizeof(TexResults)) % sizeof(uintptr_t) == 0);
static_assert(kArrayWords <= 32, "array_reads has a bit per word");

struct ArrayReads {
  uint8_t count = 0;
  uint8_t word[kArrayWords] = {};
  uint32_t present = 0;  // bit j: word[j] was non-null
};

uint32_t Present(const TexRequest& r, const ArrayReads& a) {
  const auto* words = reinterpret_cast<const unsigned char*>(&r.in);
  uint32_t present = 0;
  for (int j = 0; j < a.count; ++j) {
    uintptr_t word;
    std::memcpy(&word, words + a.word[j] * sizeof(word), sizeof(word));
    present |= uint32_t{word != 0} << j;
  }
  return present;
}

ArrayReads MakeArrayReads(const TexRequest& r, uint32_t reads) {
  ArrayReads a;
  for (; reads != 0; reads &= reads - 1)
    a.word[a.count++] = static_cast<uint8_t>(std::countr_zero(reads));
  a.present = Present(r, a);
  return a;
}

// The REGISTER border color a setup copied, when the S# selects one that the table has (else
// zeros: PrepareBorder then either does not read the table or rejects the request).
void BorderEntry(const TexRequest& r, uint32_t out[4]) {
  const uint32_t* row = RegisterBorderColor(r);
  if (row == nullptr) {
    std::memset(out, 0, 4 * sizeof(uint32_t));
  } else {
    std::memcpy(out, row, 4 * sizeof(uint32_t));
  }
}

// Everything of a request (and the Runtime's options) that PrepareWave reads, except the lanes,
// EXEC and the operand values themselves.
struct Entry {
  bool valid = false;
  Op op;
  Modifiers mods;
  PrecisionMode precision = PrecisionMode::kFloat;
  bool format_fast_paths = true;
  bool box_reads = false;
  bool has_sampler = false;
  ArrayReads arrays;
  const Memory* memory = nullptr;
  uint64_t memory_version = 0;  // the mapping setup.host was resolved in (0: none)
  const void* border_table = nullptr;
  uint32_t border_count = 0;
  uint32_t border_entry[4] = {};
  const uint64_t* residency = nullptr;
  uint64_t residency_pages = 0;
  ImageDesc image;
  SamplerDesc sampler;
  WaveSetup setup;
};

bool Matches(Entry& e, const TexRequest& r, const ExecOptions& options) {
  if (!e.valid || !(e.op == r.op) || e.memory != r.memory || e.precision != r.precision ||
      e.format_fast_paths != options.format_fast_paths || e.box_reads != options.box_reads ||
      e.has_sampler != (r.sampler != nullptr) || e.residency != r.residency ||
      e.residency_pages != r.residency_pages || e.border_table != r.border_color_table ||
      e.border_count != r.border_color_count || r.image == nullptr) {
    return false;
  }
  if (!SameObject(e.mods, r.mods) || !SameObject(e.image, *r.image)) return false;
  // The operand and result arrays (a batch gives each wave its own) only need the same presence
  // where PrepareWave looked. Testing those few words, rather than comparing all 25 pointers with
  // the last request's and copying them on a mismatch, took a batch wave's hit from 375 to 267
  // instructions (callgrind, bilinear coherent on the EPYC).
  if (Present(r, e.arrays) != e.arrays.present) return false;
  if (r.sampler != nullptr && !SameObject(e.sampler, *r.sampler)) return false;
  if (e.setup.key.has_border && r.sampler->border_color_type == BorderColorType::kRegister) {
    uint32_t entry[4];
    BorderEntry(r, entry);
    if (std::memcmp(entry, e.border_entry, sizeof(entry)) != 0) return false;
  }
  // Memory may be remapped between requests (a translator's mapping, a region added, another
  // Memory object at the same address): unless it is the mapping the footprint was resolved in
  // (the same version, no translator), it is resolved again, and only where it lies changes.
  if (e.setup.footprint_bytes != 0 &&
      (r.memory->mapping_version() != e.memory_version || r.memory->has_translator())) {
    uint8_t* host =
        r.memory->Resolve(r.image->base_address, e.setup.footprint_bytes, e.setup.writes);
    if (host == nullptr || !HostAligned(e.setup, host)) return false;  // PrepareWave says why
    e.setup.host = e.setup.store_host = host;
    e.memory_version = r.memory->mapping_version();
  }
  return true;
}

void Remember(Entry& e, const TexRequest& r, const ExecOptions& options) {
  e.op = r.op;
  e.arrays = MakeArrayReads(r, e.setup.array_reads);
  e.memory = r.memory;
  e.memory_version = r.memory != nullptr ? r.memory->mapping_version() : 0;
  e.precision = r.precision;
  e.format_fast_paths = options.format_fast_paths;
  e.box_reads = options.box_reads;
  e.has_sampler = r.sampler != nullptr;
  e.residency = r.residency;
  e.residency_pages = r.residency_pages;
  e.border_table = r.border_color_table;
  e.border_count = r.border_color_count;
  BorderEntry(r, e.border_entry);
  std::memcpy(&e.mods, &r.mods, sizeof(Modifiers));
  std::memcpy(&e.image, r.image, sizeof(ImageDesc));
  if (r.sampler != nullptr) std::memcpy(&e.sampler, r.sampler, sizeof(SamplerDesc));
  // A texture of under 4 bytes is copied into the setup when it is prepared: its contents may
  // change by the next request, so it is prepared every time.
  e.valid = e.setup.host != e.setup.tiny;
}

// A few entries, so that a shader sampling two or three textures in turn does not rebuild.
constexpr int kEntries = 4;
static_assert((kEntries & (kEntries - 1)) == 0, "the entry index wraps with a mask");

struct Cache {
  Entry entries[kEntries];
  int last = 0;  // the entry that matched or was built most recently
  int next = 0;  // the entry the next miss replaces
};

// This thread's cache, reached through one call. The library is position-independent, so each
// use of a function's thread_local compiles to a __tls_get_addr call that the linker may relax,
// but around which the compiler has already saved and reloaded registers: PrepareWaveCached
// spent about 30 instructions a wave on that. A reference from a call that is not inlined is
// computed once and kept in a register.
[[gnu::noinline]] Cache& ThreadCache() {
  thread_local Cache cache;
  return cache;
}

}  // namespace

Status PrepareWaveCached(const TexRequest& req, const ExecOptions& options, const WaveSetup** out) {
  Cache& cache = ThreadCache();
  const bool lanes_ok = req.lane_count != 0 && req.lane_count <= kMaxLanes;
  if (lanes_ok) {
    for (int i = 0; i < kEntries; ++i) {
      const int k = (cache.last + i) & (kEntries - 1);
      Entry& e = cache.entries[k];
      if (!Matches(e, req, options)) continue;
      e.setup.req = &req;
      e.setup.lane_count = req.lane_count;
      e.setup.exec = req.exec & LaneMask(req.lane_count);
      cache.last = k;
      *out = &e.setup;
      return Status::Ok();
    }
  }
  Entry& e = cache.entries[cache.next];
  e.valid = false;
  e.setup = WaveSetup{};
  TEXUNIT_RETURN_IF_ERROR(PrepareWave(req, options, &e.setup));
  Remember(e, req, options);
  cache.last = cache.next;
  cache.next = (cache.next + 1) & (kEntries - 1);
  *out = &e.setup;
  return Status::Ok();
}

}  // namespace texunit
