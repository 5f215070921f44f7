// Data shared by the two BPTC formats, BC6H and BC7 (Khronos Data Format Specification, "BPTC";
// D3D11 functional specification): the partition shapes, the anchor ("fix-up") texels whose index
// is stored with one bit fewer, the 6-bit interpolation weights, and the bit reader both decoders
// use. The decode rules themselves are in docs/sampling.md ("Block formats").
#pragma once

#include <cstdint>

namespace texunit {

inline constexpr int kBptcPartitionCount = 64;

// Subset of each texel (index 4 * y + x) for each partition number. BC7 uses all 64 entries;
// BC6H, whose partition field has 5 bits, only the first 32 two-subset ones.
extern const uint8_t kBptcPartitions2[kBptcPartitionCount][16];
extern const uint8_t kBptcPartitions3[kBptcPartitionCount][16];

// Anchor texel of subset 1 of the two-subset partitions, and of subsets 1 and 2 of the
// three-subset partitions. Subset 0's anchor is always texel 0.
extern const uint8_t kBptcAnchors2[kBptcPartitionCount];
extern const uint8_t kBptcAnchors3Second[kBptcPartitionCount];
extern const uint8_t kBptcAnchors3Third[kBptcPartitionCount];

// Weight of the second endpoint, in 64ths, for each value of a 2-, 3- or 4-bit index.
extern const uint8_t kBptcWeights2[4];
extern const uint8_t kBptcWeights3[8];
extern const uint8_t kBptcWeights4[16];

// The weight table for indices of `index_bits` bits (2, 3 or 4).
const uint8_t* BptcWeights(int index_bits);

// Interpolates two endpoint values with a weight in 64ths, rounding half up; the shift is an
// arithmetic one (C++20), which is what BC6H's signed endpoints require.
constexpr int BptcInterpolate(int e0, int e1, int weight) {
  return (e0 * (64 - weight) + e1 * weight + 32) >> 6;
}

// Reads a 16-byte block as one 128-bit little-endian bit stream (bit 0 is the LSB of byte 0),
// field after field, each field's first bit being its least significant one. A read past bit 127
// yields zero bits, so no input can make it touch memory outside the block.
class BptcBitReader {
 public:
  explicit BptcBitReader(const uint8_t block[16]) {
    for (int i = 7; i >= 0; --i) {
      low_ = (low_ << 8) | block[i];
      high_ = (high_ << 8) | block[8 + i];
    }
  }

  // The next `count` (0 to 32) bits as an unsigned value.
  uint32_t Read(int count) {
    const uint64_t window = WindowAt(position_);
    position_ += count;
    if (count == 0) return 0;
    return static_cast<uint32_t>(window & (~uint64_t{0} >> (64 - count)));
  }

  int position() const { return position_; }

 private:
  uint64_t WindowAt(int position) const {
    if (position >= 128) return 0;
    if (position >= 64) return high_ >> (position - 64);
    if (position == 0) return low_;
    return (low_ >> position) | (high_ << (64 - position));
  }

  uint64_t low_ = 0;
  uint64_t high_ = 0;
  int position_ = 0;
};

}  // namespace texunit
