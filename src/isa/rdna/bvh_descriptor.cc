// The 128-bit BVH T# (docs/bvh.md, "The BVH descriptor"; RDNA2 ISA, "BVH Texture Resource
// Definition"): decode into the core's BvhDesc and encode back, bit for bit.
#include <array>
#include <span>
#include <string>

#include "texunit/rdna.h"

namespace texunit::rdna {

namespace {

constexpr uint32_t kBvhType = 8;

uint64_t Bits(uint64_t word, int lo, int count) {
  return (word >> lo) & ((uint64_t{1} << count) - 1);
}

// Reserved fields by (first bit of the 128, width), the error names them by their bit range.
struct Reserved {
  int lo;
  int count;
};
constexpr Reserved kReserved[] = {{40, 15}, {106, 14}};

}  // namespace

Status DecodeBvhDesc(std::span<const uint32_t> dw, BvhDesc* out) {
  if (dw.size() != 4) {
    return Status::InvalidArgument("a BVH T# is 4 dwords, got " + std::to_string(dw.size()));
  }
  const uint64_t w0 = dw[0] | uint64_t{dw[1]} << 32;
  const uint64_t w1 = dw[2] | uint64_t{dw[3]} << 32;
  const uint32_t type = static_cast<uint32_t>(Bits(w1, 60, 4));
  if (type != kBvhType) {
    return Status::InvalidArgument("BVH T#.TYPE=" + std::to_string(type) +
                                   " (bits 127:124) must be 8 for BVH_INTERSECT_RAY");
  }
  for (const Reserved& r : kReserved) {
    const uint64_t v = r.lo < 64 ? Bits(w0, r.lo, r.count) : Bits(w1, r.lo - 64, r.count);
    if (v != 0) {
      return Status::InvalidArgument("BVH T# reserved bits " + std::to_string(r.lo + r.count - 1) +
                                     ":" + std::to_string(r.lo) + " are " + Hex(v) + ", must be 0");
    }
  }
  BvhDesc d;
  d.base_address = Bits(w0, 0, 40) << 8;
  d.box_grow_value = static_cast<uint8_t>(Bits(w0, 55, 8));
  d.box_sort_en = Bits(w0, 63, 1) != 0;
  d.size_bytes = (Bits(w1, 0, 42) + 1) << 6;
  d.triangle_return_mode = Bits(w1, 56, 1) != 0;
  d.llc_noalloc = static_cast<uint8_t>(Bits(w1, 57, 2));
  d.big_page = Bits(w1, 59, 1) != 0;
  *out = d;
  return Status::Ok();
}

Status EncodeBvhDesc(const BvhDesc& d, std::array<uint32_t, 4>* out) {
  TEXUNIT_RETURN_IF_ERROR(ValidateBvhDesc(d));
  const uint64_t w0 =
      d.base_address >> 8 | uint64_t{d.box_grow_value} << 55 | uint64_t{d.box_sort_en} << 63;
  const uint64_t w1 = ((d.size_bytes >> 6) - 1) | uint64_t{d.triangle_return_mode} << 56 |
                      uint64_t{d.llc_noalloc & 3u} << 57 | uint64_t{d.big_page} << 59 |
                      uint64_t{kBvhType} << 60;
  *out = {static_cast<uint32_t>(w0), static_cast<uint32_t>(w0 >> 32), static_cast<uint32_t>(w1),
          static_cast<uint32_t>(w1 >> 32)};
  return Status::Ok();
}

}  // namespace texunit::rdna
