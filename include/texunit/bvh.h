// BVH ray intersection (IMAGE_BVH_INTERSECT_RAY / IMAGE_BVH64_INTERSECT_RAY of RDNA2), in
// ISA-neutral form: one node test per lane, 64 lanes at a time. A front end decodes the BVH
// descriptor into BvhDesc and the ray operands into BvhRequest; the core fetches each lane's node
// and writes four result dwords. docs/bvh.md is the specification: node layouts, the box and
// triangle tests, sorting, misses, bounds.
#pragma once

#include <cstdint>

#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/status.h"

namespace texunit {

// Node types: the low 3 bits of a node pointer.
enum class BvhNodeType : uint8_t {
  kTriangle0 = 0,  // 0-3: the triangles of a triangle node (docs/bvh.md, "Triangle nodes")
  kTriangle1 = 1,
  kTriangle2 = 2,
  kTriangle3 = 3,
  kBox16 = 4,
  kBox32 = 5,
  kInstance = 6,
  kAabb = 7,
};

// Node sizes in bytes.
inline constexpr uint32_t kBvhBox32NodeBytes = 128;
inline constexpr uint32_t kBvhBox16NodeBytes = 64;
inline constexpr uint32_t kBvhTriangleNodeBytes = 64;
// A child pointer or result slot that names no node.
inline constexpr uint32_t kBvhInvalidNode = 0xFFFFFFFFu;

// The decoded BVH descriptor (the 128-bit BVH T#).
struct BvhDesc {
  uint64_t base_address = 0;  // bytes, 256-byte aligned
  uint64_t size_bytes = 64;  // the bounds: nodes lie in [base, base + size_bytes); a multiple of 64
  uint8_t box_grow_value = 0;         // ULPs (of 2^-24) the box test grows each interval's far end
  bool box_sort_en = false;           // sort box results by entry distance
  bool triangle_return_mode = false;  // false: {t_num, t_denom, triangle_id, hit_status};
                                      // true: {t_num, t_denom, i_num, j_num}
  bool big_page = false;              // caching hints: no effect on results
  uint8_t llc_noalloc = 0;            // (GFX10.3, 2 bits)
  friend bool operator==(const BvhDesc&, const BvhDesc&) = default;
};

// A node pointer's type and its node's byte offset from the BVH base: (pointer & ~7) * 8 (for
// pointers below 2^61; docs/bvh.md, "Fetching a node").
inline BvhNodeType BvhPointerType(uint64_t node_pointer) {
  return static_cast<BvhNodeType>(node_pointer & 7);
}
inline uint64_t BvhNodeOffset(uint64_t node_pointer) { return (node_pointer & ~uint64_t{7}) << 3; }

// OK when `desc` can be a BVH T#'s: a 256-byte aligned base below 2^48 and a non-zero size, a
// multiple of 64 bytes, up to 2^48; INVALID_ARGUMENT naming the field otherwise.
Status ValidateBvhDesc(const BvhDesc& desc);

// Per-lane operands, each a pointer to lane_count raw dwords (floats as their bits). A front end
// widens A16's 16-bit directions to binary32 before this.
struct BvhOperands {
  const uint32_t* node_lo = nullptr;  // node pointer, low dword
  const uint32_t* node_hi = nullptr;  // high dword (BVH64); null: 0
  const uint32_t* extent = nullptr;   // ray extent (float)
  const uint32_t* origin[3] = {};
  const uint32_t* dir[3] = {};
  const uint32_t* inv_dir[3] = {};
};

struct BvhRequest {
  const BvhDesc* desc = nullptr;
  const Memory* memory = nullptr;
  uint32_t lane_count = kMaxLanes;  // 1..64
  uint64_t exec = ~0ull;            // bit i: lane i is active
  BvhOperands in;
  uint32_t* out[4] = {};  // per-lane result dwords 0-3
};

}  // namespace texunit
