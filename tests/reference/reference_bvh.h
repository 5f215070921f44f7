// docs/bvh.md read plainly, one lane at a time: "Fetching a node" (the descriptor's bounds and the
// caller's memory), "Box nodes" (the slab test with minNum/maxNum, box_grow_value, the sorting
// network, empty slots) and "Triangle nodes" (the vertex mapping of types 0-3, the watertight test
// with its binary64 fallback, the two return modes). Written from the document, not from src/bvh,
// so that the kernel and this reference are two independent readings of one contract. Also the
// node writers tests use to lay a BVH out in memory.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/bvh.h"
#include "texunit/memory.h"

namespace texunit::reference {

// One lane of IMAGE_BVH(64)_INTERSECT_RAY: the four result dwords for the node `node_pointer`
// names (BVH64's whole pointer, or BVH's 32-bit one zero-extended), with the lane's extent,
// origin, direction (read by the triangle test) and inverse direction (read by the box test).
std::array<uint32_t, 4> ReferenceBvhIntersect(const BvhDesc& desc, const Memory& memory,
                                              uint64_t node_pointer, float extent,
                                              const float origin[3], const float dir[3],
                                              const float inv_dir[3]);

// "Box nodes" steps 1-4 for one box: whether the child is hit, and its sort key tmin.
struct BvhBoxHit {
  bool hit = false;
  float tmin = 0.0f;
};
BvhBoxHit ReferenceRayBox(const float box_min[3], const float box_max[3], float extent,
                          const float origin[3], const float inv_dir[3], uint8_t box_grow_value);

// "Box nodes" step 4's factor: 1 + box_grow_value * 2^-24 rounded to binary32.
float BoxGrowFactor(uint8_t box_grow_value);

// "Triangle nodes": the four result dwords for the triangle (v0, v1, v2), hit or miss, in return
// mode 1 (`triangle_return_mode`, barycentrics) or 0 (`triangle_id` and the hit status).
std::array<uint32_t, 4> ReferenceRayTriangle(const float v0[3], const float v1[3],
                                             const float v2[3], const float origin[3],
                                             const float dir[3], bool triangle_return_mode,
                                             uint32_t triangle_id);

// binary16 to binary32, exactly (denormals, infinities and NaNs included), and binary32 to the
// nearest binary16 (ties to even): the box16 bounds tests store and the A16 directions.
float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);

// The node pointer of the node `offset` bytes past the descriptor's base (a multiple of 64).
inline uint64_t BvhNodePointer(uint64_t offset, BvhNodeType type) {
  return (offset >> 3) | static_cast<uint64_t>(type);
}

// Node writers, in the layouts of docs/bvh.md's tables (dwords little-endian).
struct BvhBox {
  std::array<float, 3> min{};
  std::array<float, 3> max{};
};
// Six binary16 bit patterns: min.x, min.y, min.z, max.x, max.y, max.z.
using BvhBox16 = std::array<uint16_t, 6>;
using BvhVertex = std::array<float, 3>;

// 128 bytes at `node` (bytes 112-127 zero).
void WriteBox32Node(uint8_t* node, const std::array<uint32_t, 4>& children,
                    const std::array<BvhBox, 4>& boxes);
// 64 bytes at `node`.
void WriteBox16Node(uint8_t* node, const std::array<uint32_t, 4>& children,
                    const std::array<BvhBox16, 4>& boxes);
// 64 bytes at `node`: V0-V4 and the triangle id.
void WriteTriangleNode(uint8_t* node, const std::array<BvhVertex, 5>& vertices,
                       uint32_t triangle_id);

}  // namespace texunit::reference
