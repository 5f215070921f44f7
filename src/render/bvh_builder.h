// Builds a bounding volume hierarchy in the memory layout IMAGE_BVH_INTERSECT_RAY reads
// (docs/bvh.md): a 4-wide tree of box nodes (box32, or box16 with conservatively rounded bounds)
// over one triangle node per triangle. It is what the BVH demo scene and benchmarks trace; a
// driver's builder would be far more elaborate (pair compression, SAH over all axes, refitting),
// this one is small and deterministic.
//
// The tree is a binary SAH tree (binned, on the longest centroid axis) collapsed to 4 children
// per box node, the widest child opened first. Nodes are laid out depth-first from offset 0 (the
// root, or the only triangle), each at a 64-byte aligned offset.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "texunit/bvh.h"
#include "texunit/status.h"

namespace texunit::render {

struct BvhTriangle {
  std::array<float, 3> v[3];  // v0, v1, v2: xyz
};

enum class BvhBoxFormat : uint8_t { kBox32, kBox16 };

struct BuiltBvh {
  std::vector<uint8_t> bytes;  // the nodes, a multiple of 64 bytes
  // The root's node pointer relative to the BVH base: (offset / 8) | type.
  uint32_t root = kBvhInvalidNode;
  uint32_t box_nodes = 0;
  uint32_t triangle_nodes = 0;  // one per triangle
  // Box nodes on the longest root-to-leaf path (0 when the root is a triangle). A traversal stack
  // never holds more than 3 * box_depth + 1 entries: each box popped pushes at most 4 children.
  uint32_t box_depth = 0;
};

// Builds the BVH of `triangles` (triangle i's node holds triangle_id i). Empty input, more than
// 2^24 triangles or a non-finite coordinate is INVALID_ARGUMENT naming the triangle.
Status BuildBvh(std::span<const BvhTriangle> triangles, BvhBoxFormat format, BuiltBvh* out);

// One slot of a stored box node: the child pointer and its bounds (box16 widened exactly).
struct BvhBoxSlot {
  uint32_t child = kBvhInvalidNode;
  float lo[3] = {};
  float hi[3] = {};
};
// Reads the box node (type 4 or 5) at `pointer` in `bytes`, which must hold it.
std::array<BvhBoxSlot, 4> ReadBvhBoxNode(std::span<const uint8_t> bytes, uint32_t pointer);

// Conservative binary16 rounding for box16 bounds: the largest binary16 value <= x (down) or the
// smallest >= x (up), as bits. Beyond the finite range down(x > 65504) is 65504 and
// down(x < -65504) is -inf; up mirrors it. NaN gives a quiet NaN.
uint16_t HalfRoundDown(float x);
uint16_t HalfRoundUp(float x);
// The exact binary32 value of binary16 bits.
float HalfToFloat(uint16_t bits);

}  // namespace texunit::render
