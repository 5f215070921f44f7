#include "sampler/wave_setup_cache.h"

#include <cstring>
#include <type_traits>
#include <utility>

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

template <size_t... I>
uint32_t NonNullBits(const uintptr_t* words, std::index_sequence<I...>) {
  return ((uint32_t{words[I] != 0} << I) | ...);  // straight-line: no loop, no spilled array
}

uint32_t PresenceMask(const TexRequest& r) {
  uintptr_t words[kInArrays + kOutArrays];
  std::memcpy(words, &r.in, sizeof(TexOperands));
  std::memcpy(words + kInArrays, &r.out, sizeof(TexResults));
  return NonNullBits(words, std::make_index_sequence<kInArrays + kOutArrays>());
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
  bool has_sampler = false;
  uint32_t presence = 0;
  // The arrays of the request that last matched: a request with the same arrays (an emulator
  // reusing its operand buffers) has the same presence mask without computing it.
  TexOperands in;
  TexResults out;
  const Memory* memory = nullptr;
  const void* border_table = nullptr;
  uint32_t border_count = 0;
  uint32_t border_entry[4] = {};
  const uint64_t* residency = nullptr;
  uint64_t residency_pages = 0;
  ImageDesc image;
  SamplerDesc sampler;
  WaveSetup setup;
};

bool SameArrays(const Entry& e, const TexRequest& r) {
  return std::memcmp(&e.in, &r.in, sizeof(TexOperands)) == 0 &&
         std::memcmp(&e.out, &r.out, sizeof(TexResults)) == 0;
}

bool Matches(Entry& e, const TexRequest& r, const ExecOptions& options) {
  if (!e.valid || !(e.op == r.op) || e.memory != r.memory || e.precision != r.precision ||
      e.format_fast_paths != options.format_fast_paths || e.has_sampler != (r.sampler != nullptr) ||
      e.residency != r.residency || e.residency_pages != r.residency_pages ||
      e.border_table != r.border_color_table || e.border_count != r.border_color_count ||
      r.image == nullptr) {
    return false;
  }
  if (std::memcmp(&e.mods, &r.mods, sizeof(Modifiers)) != 0 ||
      std::memcmp(&e.image, r.image, sizeof(ImageDesc)) != 0) {
    return false;
  }
  if (!SameArrays(e, r)) {
    if (PresenceMask(r) != e.presence) return false;
    e.in = r.in;
    e.out = r.out;
  }
  if (r.sampler != nullptr && std::memcmp(&e.sampler, r.sampler, sizeof(SamplerDesc)) != 0) {
    return false;
  }
  if (e.setup.key.has_border && r.sampler->border_color_type == BorderColorType::kRegister) {
    uint32_t entry[4];
    BorderEntry(r, entry);
    if (std::memcmp(entry, e.border_entry, sizeof(entry)) != 0) return false;
  }
  // Memory may be remapped between requests (a translator's mapping, another Memory object at the
  // same address): the footprint is resolved again, and only where it now lies changes.
  if (e.setup.footprint_bytes != 0) {
    uint8_t* host =
        r.memory->Resolve(r.image->base_address, e.setup.footprint_bytes, e.setup.writes);
    if (host == nullptr || !HostAligned(e.setup, host)) return false;  // PrepareWave says why
    e.setup.host = e.setup.store_host = host;
  }
  return true;
}

void Remember(Entry& e, const TexRequest& r, const ExecOptions& options) {
  e.op = r.op;
  e.presence = PresenceMask(r);
  e.in = r.in;
  e.out = r.out;
  e.memory = r.memory;
  e.precision = r.precision;
  e.format_fast_paths = options.format_fast_paths;
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

struct Cache {
  Entry entries[kEntries];
  int last = 0;  // the entry that matched or was built most recently
  int next = 0;  // the entry the next miss replaces
};

}  // namespace

Status PrepareWaveCached(const TexRequest& req, const ExecOptions& options, const WaveSetup** out) {
  thread_local Cache cache;
  const bool lanes_ok = req.lane_count != 0 && req.lane_count <= kMaxLanes;
  if (lanes_ok) {
    for (int i = 0; i < kEntries; ++i) {
      const int k = (cache.last + i) % kEntries;
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
  cache.next = (cache.next + 1) % kEntries;
  *out = &e.setup;
  return Status::Ok();
}

}  // namespace texunit
