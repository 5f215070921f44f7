#include "sampler/block_cache.h"

#include <cstring>

namespace texunit {

namespace {

// Direct-mapped; 256 x ~300 bytes stays in L2, and a coherent wave's working set (a few blocks
// per row of blocks it crosses) rarely collides after hashing.
constexpr int kEntryBits = 8;

struct Entry {
  const uint8_t* address = nullptr;
  FormatId format = FormatId::kInvalid;
  uint64_t bytes[2] = {};  // the block's bytes it was decoded from
  DecodedBlock decoded;
};

// Fibonacci hashing of the block address: neighbouring blocks, and the blocks of the rows above
// and below (a power-of-two distance apart), land on different entries.
size_t Slot(const uint8_t* block) {
  const uint64_t a = reinterpret_cast<uintptr_t>(block);
  return static_cast<size_t>((a * 0x9E3779B97F4A7C15ull) >> (64 - kEntryBits));
}

}  // namespace

const DecodedBlock& DecodeBlockCached(const FormatDesc& format, const uint8_t* block) {
  thread_local Entry cache[1 << kEntryBits];
  Entry& e = cache[Slot(block)];
  uint64_t now[2] = {0, 0};
  std::memcpy(now, block, format.bytes);  // 1 to 16 bytes
  if (e.address != block || e.format != format.id || e.bytes[0] != now[0] || e.bytes[1] != now[1]) {
    e.address = block;
    e.format = format.id;
    e.bytes[0] = now[0];
    e.bytes[1] = now[1];
    // Decode the snapshot, so that the entry always matches the bytes it is keyed on.
    DecodeBlock(format, reinterpret_cast<const uint8_t*>(e.bytes), &e.decoded);
  }
  return e.decoded;
}

}  // namespace texunit
