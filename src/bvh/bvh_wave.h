// One wave of BVH node tests, staged for the SIMD kernel (docs/bvh.md). The fetch stage
// (bvh_fetch.cc) validates the request, reads each active lane's node from registered memory and
// writes it here in SoA form, 64 lanes per row, with every lane's result preset to its miss. The
// kernel (bvh_kernel-inl.h) then overwrites the results of the lanes whose node it tests. The
// kernel loads whole vectors and merges only the staged lanes, so a row's other lanes may hold
// anything initialised (a thread's wave is zeroed once and then reused).
#pragma once

#include <cstddef>
#include <cstdint>

#include "texunit/bvh.h"
#include "texunit/status.h"

namespace texunit {

// Row length: 64 lanes, plus room for the last vector of a target whose vectors do not divide 64
// (SVE lengths that are not powers of two) to load past lane 63.
inline constexpr size_t kBvhRow = 2 * kMaxLanes;

struct BvhWave {
  uint32_t lane_count = 0;
  uint64_t exec = 0;            // active lanes within lane_count
  uint64_t box_lanes = 0;       // lanes whose box node (box32 or box16) was fetched
  uint64_t box16_lanes = 0;     // the box16 ones among them
  uint64_t triangle_lanes = 0;  // lanes whose triangle was fetched
  float grow = 1.0f;            // binary32(1 + box_grow_value * 2^-24)
  bool box_sort = false;
  bool return_barycentrics = false;  // triangle_return_mode 1

  // Ray operands (float bits).
  alignas(64) uint32_t extent[kBvhRow];
  alignas(64) uint32_t origin[3][kBvhRow];
  alignas(64) uint32_t dir[3][kBvhRow];
  alignas(64) uint32_t inv_dir[3][kBvhRow];
  // Box32 nodes: box[child][k] with k = min.x, min.y, min.z, max.x, max.y, max.z.
  alignas(64) uint32_t box[4][6][kBvhRow];
  // Box16 nodes as stored, three dwords of two binary16 bounds per child: the kernel widens them
  // in SIMD (a scalar conversion per lane cost three times the box test itself).
  alignas(64) uint32_t box16[4][3][kBvhRow];
  alignas(64) uint32_t child[4][kBvhRow];
  // Triangles: vertex v of the node type's triangle, component k.
  alignas(64) uint32_t vertex[3][3][kBvhRow];
  alignas(64) uint32_t triangle_id[kBvhRow];
  // Result dwords, preset to each lane's miss.
  alignas(64) uint32_t result[4][kBvhRow];
};

// Validates `req` (a BvhDesc and Memory, lane_count 1..64, every operand and result column) and
// stages it into `wave`. Nothing is read from a lane's node unless its bytes lie inside the
// descriptor's bounds and in registered memory.
Status StageBvhWave(const BvhRequest& req, BvhWave* wave);

// Writes the staged results of the active lanes to req.out.
void WriteBvhResults(const BvhWave& wave, const BvhRequest& req);

}  // namespace texunit
