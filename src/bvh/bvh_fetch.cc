// The BVH fetch stage: validation, node fetch and the miss presets (docs/bvh.md, "Fetching a
// node"). Scalar: each lane reads one node of its own, 64 or 128 contiguous bytes, so there is
// nothing to vectorise in the fetch itself; it writes the nodes in the SoA rows the kernel loads.
#include <bit>
#include <cstring>
#include <string>

#include "bvh/bvh_wave.h"
#include "sampler/wave_setup.h"

namespace texunit {

namespace {

constexpr uint32_t kPlusInfinity = 0x7F800000u;
constexpr uint32_t kOne = 0x3F800000u;
constexpr uint64_t kAddressLimit = uint64_t{1} << 48;  // the descriptor's 48-bit address space

// GPURT's vertex mapping of node types 0-3 onto the node's vertices V0-V4.
constexpr uint8_t kTriangleVertices[4][3] = {{0, 1, 2}, {1, 3, 2}, {2, 3, 4}, {2, 4, 0}};

Status CheckOperands(const BvhRequest& req) {
  const BvhOperands& in = req.in;
  if (in.node_lo == nullptr) return Status::InvalidArgument("BvhRequest.in.node_lo is null");
  if (in.extent == nullptr) return Status::InvalidArgument("BvhRequest.in.extent is null");
  for (int k = 0; k < 3; ++k) {
    if (in.origin[k] == nullptr || in.dir[k] == nullptr || in.inv_dir[k] == nullptr) {
      return Status::InvalidArgument("BvhRequest.in: origin, dir and inv_dir need 3 columns each");
    }
  }
  for (int k = 0; k < 4; ++k) {
    if (req.out[k] == nullptr) {
      return Status::InvalidArgument("BvhRequest.out[" + std::to_string(k) + "] is null");
    }
  }
  return Status::Ok();
}

uint32_t NodeBytes(uint32_t type) {
  if (type == static_cast<uint32_t>(BvhNodeType::kBox32)) return kBvhBox32NodeBytes;
  return type == static_cast<uint32_t>(BvhNodeType::kBox16) ? kBvhBox16NodeBytes
                                                            : kBvhTriangleNodeBytes;
}

uint32_t LoadDword(const uint8_t* p, uint32_t index) {
  uint32_t v;
  std::memcpy(&v, p + 4 * index, 4);
  return v;
}

void StageBox32(const uint8_t* node, uint32_t lane, BvhWave* w) {
  for (int c = 0; c < 4; ++c) {
    w->child[c][lane] = LoadDword(node, c);
    for (int k = 0; k < 6; ++k) w->box[c][k][lane] = LoadDword(node, 4 + 6 * c + k);
  }
}

// Box i's three dwords hold min.x, min.y | min.z, max.x | max.y, max.z, low half first; the
// kernel widens them.
void StageBox16(const uint8_t* node, uint32_t lane, BvhWave* w) {
  for (int c = 0; c < 4; ++c) {
    w->child[c][lane] = LoadDword(node, c);
    for (int j = 0; j < 3; ++j) w->box16[c][j][lane] = LoadDword(node, 4 + 3 * c + j);
  }
}

void StageTriangle(const uint8_t* node, uint32_t type, uint32_t lane, BvhWave* w) {
  for (int v = 0; v < 3; ++v) {
    const uint32_t slot = kTriangleVertices[type][v];
    for (int k = 0; k < 3; ++k) w->vertex[v][k][lane] = LoadDword(node, 3 * slot + k);
  }
  w->triangle_id[lane] = LoadDword(node, 15);
}

}  // namespace

Status ValidateBvhDesc(const BvhDesc& d) {
  if (d.base_address % 256 != 0 || d.base_address >= kAddressLimit) {
    return Status::InvalidArgument("BVH base_address " + Hex(d.base_address) +
                                   " is not a 256-byte aligned 48-bit address");
  }
  if (d.size_bytes == 0 || d.size_bytes % 64 != 0 || d.size_bytes > kAddressLimit) {
    return Status::InvalidArgument("BVH size_bytes " + Hex(d.size_bytes) +
                                   " is not a non-zero multiple of 64 up to 2^48");
  }
  return Status::Ok();
}

Status StageBvhWave(const BvhRequest& req, BvhWave* w) {
  if (req.desc == nullptr) return Status::InvalidArgument("BvhRequest.desc is null");
  if (req.memory == nullptr) return Status::InvalidArgument("BvhRequest.memory is null");
  TEXUNIT_RETURN_IF_ERROR(CheckLaneCount("BvhRequest.lane_count", req.lane_count));
  TEXUNIT_RETURN_IF_ERROR(ValidateBvhDesc(*req.desc));
  TEXUNIT_RETURN_IF_ERROR(CheckOperands(req));
  const BvhDesc& desc = *req.desc;

  w->lane_count = req.lane_count;
  w->exec = req.exec & LaneMask(req.lane_count);
  w->box_lanes = 0;
  w->box16_lanes = 0;
  w->triangle_lanes = 0;
  // Rounded to binary32 as GPURT computes it: 1 + 2^-24 ties to 1.
  w->grow = 1.0f + static_cast<float>(desc.box_grow_value) * 0x1p-24f;
  w->box_sort = desc.box_sort_en;
  w->return_barycentrics = desc.triangle_return_mode;

  // One resolve covers every node when the caller registered the whole bounds as one range.
  const uint8_t* whole = req.memory->Resolve(desc.base_address, desc.size_bytes, false);
  const BvhOperands& in = req.in;
  // The operand columns whole (they hold lane_count dwords; inactive lanes' values are never
  // merged into a result): ten block copies instead of ten scalar moves per lane.
  const size_t column_bytes = size_t{req.lane_count} * 4;
  std::memcpy(w->extent, in.extent, column_bytes);
  for (int k = 0; k < 3; ++k) {
    std::memcpy(w->origin[k], in.origin[k], column_bytes);
    std::memcpy(w->dir[k], in.dir[k], column_bytes);
    std::memcpy(w->inv_dir[k], in.inv_dir[k], column_bytes);
  }
  for (uint64_t active = w->exec; active != 0; active &= active - 1) {
    const uint32_t lane = static_cast<uint32_t>(std::countr_zero(active));
    const uint64_t pointer =
        in.node_lo[lane] | (in.node_hi != nullptr ? uint64_t{in.node_hi[lane]} << 32 : 0);
    const uint32_t type = static_cast<uint32_t>(pointer & 7);
    const bool triangle = type <= static_cast<uint32_t>(BvhNodeType::kTriangle3);
    // The misses: the kernel overwrites them for the lanes it tests.
    w->result[0][lane] = triangle ? kPlusInfinity : kBvhInvalidNode;
    w->result[1][lane] = triangle ? kOne : kBvhInvalidNode;
    w->result[2][lane] = triangle ? 0 : kBvhInvalidNode;
    w->result[3][lane] = triangle ? 0 : kBvhInvalidNode;
    if (type >= static_cast<uint32_t>(BvhNodeType::kInstance)) continue;

    // offset = (pointer & ~7) * 8 must not wrap, and the node must end inside the bounds.
    const uint32_t bytes = NodeBytes(type);
    if ((pointer >> 61) != 0) continue;
    const uint64_t offset = BvhNodeOffset(pointer);
    if (offset > desc.size_bytes - bytes || bytes > desc.size_bytes) continue;
    const uint8_t* node = whole != nullptr
                              ? whole + offset
                              : req.memory->Resolve(desc.base_address + offset, bytes, false);
    if (node == nullptr) continue;

    const uint64_t bit = uint64_t{1} << lane;
    if (triangle) {
      StageTriangle(node, type, lane, w);
      w->triangle_lanes |= bit;
    } else if (type == static_cast<uint32_t>(BvhNodeType::kBox32)) {
      StageBox32(node, lane, w);
      w->box_lanes |= bit;
    } else {
      StageBox16(node, lane, w);
      w->box_lanes |= bit;
      w->box16_lanes |= bit;
    }
  }
  return Status::Ok();
}

void WriteBvhResults(const BvhWave& w, const BvhRequest& req) {
  if (w.exec == LaneMask(req.lane_count)) {  // every lane active: whole columns
    for (int k = 0; k < 4; ++k) std::memcpy(req.out[k], w.result[k], size_t{req.lane_count} * 4);
    return;
  }
  for (uint64_t active = w.exec; active != 0; active &= active - 1) {
    const uint32_t lane = static_cast<uint32_t>(std::countr_zero(active));
    for (int k = 0; k < 4; ++k) req.out[k][lane] = w.result[k][lane];
  }
}

}  // namespace texunit
