#include "sampler/block_cache.h"

#include <cstring>

namespace texunit {

namespace {

constexpr int kEntries = 64;  // direct-mapped; 64 x ~300 bytes stays in L1/L2

struct Entry {
  const uint8_t* address = nullptr;
  FormatId format = FormatId::kInvalid;
  uint8_t bytes[16] = {};
  DecodedBlock decoded;
};

}  // namespace

const DecodedBlock& DecodeBlockCached(const FormatDesc& format, const uint8_t* block) {
  thread_local Entry cache[kEntries];
  const auto a = reinterpret_cast<uintptr_t>(block);
  // Blocks are 1 to 16 bytes apart; fold the address so that a row of blocks spreads out.
  Entry& e = cache[(a / format.bytes ^ a >> 10) % kEntries];
  if (e.address != block || e.format != format.id ||
      std::memcmp(e.bytes, block, format.bytes) != 0) {
    e.address = block;
    e.format = format.id;
    std::memcpy(e.bytes, block, format.bytes);
    DecodeBlock(format, e.bytes, &e.decoded);
  }
  return e.decoded;
}

}  // namespace texunit
