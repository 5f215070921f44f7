#include "sampler/wave_setup_cache.h"

#include <cstring>
#include <type_traits>
#include <utility>

#include "common/same_bytes.h"

namespace texunit {

namespace {

// Descriptors are compared as bytes: equal bytes are equal descriptors, and the rare false
// mismatch (different padding, -0 vs +0) only costs a rebuild.
static_assert(std::is_trivially_copyable_v<ImageDesc>);
static_assert(std::is_trivially_copyable_v<SamplerDesc>);
static_assert(std::is_trivially_copyable_v<Modifiers>);

// Bit i: the i-th pointer of the operand and result arrays is set. PrepareWave's null checks read
// nothing else of the arrays, so requests that agree here pass or fail them alike.
constexpr size_t kInArrays = sizeof(TexOperands) / sizeof(uintptr_t);
constexpr size_t kOutArrays = sizeof(TexResults) / sizeof(uintptr_t);
static_assert(sizeof(TexOperands) == 20 * sizeof(const uint32_t*), "TexOperands: pointers only");
static_assert(sizeof(TexResults) == 5 * sizeof(uint32_t*), "TexResults: pointers only");

constexpr size_t kArrayWords = kInArrays + kOutArrays;

// The request's array pointers as words, copied straight-line, never as structs: a struct copy of
// this size compiles to `rep movs`, whose start-up cost was a third of PrepareWaveCached's time
// on every wave whose arrays moved (a batch with one buffer per wave).
struct ArrayWords {
  uintptr_t w[kArrayWords];
};

template <size_t... I>
void CopyWords(const ArrayWords& from, ArrayWords* to, std::index_sequence<I...>) {
  ((to->w[I] = from.w[I]), ...);
}

template <size_t... I>
ArrayWords WordsAt(const unsigned char* in, const unsigned char* out, std::index_sequence<I...>) {
  ArrayWords a;
  ((std::memcpy(&a.w[I], I < kInArrays ? in + I * 8 : out + (I - kInArrays) * 8, 8)), ...);
  return a;
}

ArrayWords ArraysOf(const TexRequest& r) {
  static_assert(sizeof(uintptr_t) == 8);
  return WordsAt(reinterpret_cast<const unsigned char*>(&r.in),
                 reinterpret_cast<const unsigned char*>(&r.out),
                 std::make_index_sequence<kArrayWords>());
}

template <size_t... I>
uint32_t NonNullBits(const ArrayWords& a, std::index_sequence<I...>) {
  return ((uint32_t{a.w[I] != 0} << I) | ...);  // straight-line: no loop, no spilled array
}

uint32_t PresenceMask(const ArrayWords& a) {
  return NonNullBits(a, std::make_index_sequence<kArrayWords>());
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
  uint32_t presence = 0;
  // The arrays of the request that last matched: a request with the same arrays (an emulator
  // reusing its operand buffers) has the same presence mask without computing it.
  ArrayWords arrays;
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
  // The presence mask only when the arrays moved.
  if (!SameBytes<sizeof(TexOperands)>(e.arrays.w, &r.in) ||
      !SameBytes<sizeof(TexResults)>(e.arrays.w + kInArrays, &r.out)) {
    const ArrayWords arrays = ArraysOf(r);
    if (PresenceMask(arrays) != e.presence) return false;
    CopyWords(arrays, &e.arrays, std::make_index_sequence<kArrayWords>());
  }
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
  e.arrays = ArraysOf(r);
  e.presence = PresenceMask(e.arrays);
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
