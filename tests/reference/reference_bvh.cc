// docs/bvh.md, step by step, on one lane. Every float operation is one binary32 operation rounded
// to nearest even (the build passes -ffp-contract=off, so no product is fused into a sum); the
// only binary64 arithmetic is the triangle test's fallback, where the document asks for it.
#include "reference/reference_bvh.h"

#include <bit>
#include <cmath>
#include <limits>
#include <utility>

#include "reference/reference_formats.h"

namespace texunit::reference {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t AsBits(float f) { return std::bit_cast<uint32_t>(f); }

// Guest memory is little-endian; assembling the bytes keeps the reference independent of the
// host's byte order.
uint32_t LoadDword(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
void StoreDword(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

// IEEE 754-2008 minNum / maxNum: a NaN operand gives the other one. Which zero two zeros give does
// not matter here: the results are only compared, and -0 == +0.
float MinNum(float a, float b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return b < a ? b : a;
}
float MaxNum(float a, float b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return b > a ? b : a;
}

bool IsBoxType(uint32_t type) {
  return type == static_cast<uint32_t>(BvhNodeType::kBox16) ||
         type == static_cast<uint32_t>(BvhNodeType::kBox32);
}

// "Fetching a node": the node's bytes, or null when any of them lies outside
// [base, base + size_bytes) or outside the memory the caller registered. The address is
// base + (pointer & ~7) * 8 as a plain integer: a node whose address would pass 2^64 is outside
// the bounds, not wrapped back into them.
const uint8_t* FetchNode(const BvhDesc& desc, const Memory& memory, uint64_t node_pointer,
                         uint32_t node_bytes) {
  const uint64_t unit = node_pointer >> 3;  // (pointer & ~7) * 8 = unit * 64
  if (desc.size_bytes < node_bytes) return nullptr;
  // unit * 64 + node_bytes <= size_bytes, without overflow.
  if (unit > (desc.size_bytes - node_bytes) / 64) return nullptr;
  const uint64_t offset = unit * 64;
  const uint64_t address = desc.base_address + offset;
  if (address < desc.base_address) return nullptr;  // past 2^64
  return memory.Resolve(address, node_bytes, /*write=*/false);
}

std::array<uint32_t, 4> AllInvalid() {
  return {kBvhInvalidNode, kBvhInvalidNode, kBvhInvalidNode, kBvhInvalidNode};
}

// The triangle miss: t_num = +inf, t_denom = 1.0, then 0, 0 (mode 1) or triangle_id, 0 (mode 0).
std::array<uint32_t, 4> TriangleMiss(bool triangle_return_mode, uint32_t triangle_id) {
  return {AsBits(kInf), AsBits(1.0f), triangle_return_mode ? 0u : triangle_id, 0u};
}

// The box node test on bounds already in binary32.
std::array<uint32_t, 4> IntersectBoxNode(const BvhDesc& desc,
                                         const std::array<uint32_t, 4>& children,
                                         const std::array<BvhBox, 4>& boxes, float extent,
                                         const float origin[3], const float inv_dir[3]) {
  // Step 5: a hit slot holds its child pointer (which may itself be the empty 0xFFFFFFFF), a miss
  // holds 0xFFFFFFFF; the key is tmin either way (keys of invalid slots are never compared).
  std::array<uint32_t, 4> slot;
  std::array<float, 4> key;
  for (int i = 0; i < 4; ++i) {
    const BvhBoxHit h = ReferenceRayBox(boxes[i].min.data(), boxes[i].max.data(), extent, origin,
                                        inv_dir, desc.box_grow_value);
    slot[i] = h.hit ? children[i] : kBvhInvalidNode;
    key[i] = h.tmin;
  }
  if (desc.box_sort_en) {
    // The network (0,2), (1,3), (0,1), (2,3), (1,2); a compare-exchange swaps when b is valid and
    // keyed below a, or when a is invalid.
    auto compare_exchange = [&](int a, int b) {
      const bool a_valid = slot[a] != kBvhInvalidNode;
      const bool b_valid = slot[b] != kBvhInvalidNode;
      if ((b_valid && key[b] < key[a]) || !a_valid) {
        std::swap(slot[a], slot[b]);
        std::swap(key[a], key[b]);
      }
    };
    compare_exchange(0, 2);
    compare_exchange(1, 3);
    compare_exchange(0, 1);
    compare_exchange(2, 3);
    compare_exchange(1, 2);
  }
  return slot;
}

}  // namespace

float BoxGrowFactor(uint8_t box_grow_value) {
  // 1 + g * 2^-24 is exact in binary64 for g < 256; the cast is the one rounding to binary32.
  return static_cast<float>(1.0 + static_cast<double>(box_grow_value) * 0x1p-24);
}

BvhBoxHit ReferenceRayBox(const float box_min[3], const float box_max[3], float extent,
                          const float origin[3], const float inv_dir[3], uint8_t box_grow_value) {
  // Step 1: each axis's slab, entered at near_a and left at far_a. A NaN r takes the second
  // choice, as `r >= 0` is false for it; -0 >= 0 holds.
  float near_a[3], far_a[3];
  for (int a = 0; a < 3; ++a) {
    const float lo = (box_min[a] - origin[a]) * inv_dir[a];
    const float hi = (box_max[a] - origin[a]) * inv_dir[a];
    if (inv_dir[a] >= 0.0f) {
      near_a[a] = lo;
      far_a[a] = hi;
    } else {
      near_a[a] = hi;
      far_a[a] = lo;
    }
  }
  // Step 2: an axis whose product is NaN drops out of the max / min.
  const float t_enter = MaxNum(MaxNum(near_a[0], near_a[1]), near_a[2]);
  const float t_exit = MinNum(MinNum(far_a[0], far_a[1]), far_a[2]);
  // Step 3.
  float tmin, tmax;
  if (std::isnan(t_enter) || std::isnan(t_exit)) {
    tmin = kInf;
    tmax = -kInf;
  } else {
    tmin = MaxNum(t_enter, 0.0f);
    tmax = MinNum(t_exit, extent);  // a NaN extent drops out
  }
  // Step 4: only the far end grows.
  const float grown = tmax * BoxGrowFactor(box_grow_value);
  return {tmin <= grown, tmin};
}

std::array<uint32_t, 4> ReferenceRayTriangle(const float v0[3], const float v1[3],
                                             const float v2[3], const float origin[3],
                                             const float dir[3], bool triangle_return_mode,
                                             uint32_t triangle_id) {
  const std::array<uint32_t, 4> miss = TriangleMiss(triangle_return_mode, triangle_id);
  // Step 1: kz is the dominant axis (comparisons with a NaN are false, which picks z or y).
  const float ax = std::fabs(dir[0]), ay = std::fabs(dir[1]), az = std::fabs(dir[2]);
  const int kz = ax >= ay ? (ax >= az ? 0 : 2) : (ay >= az ? 1 : 2);
  int kx = (kz + 1) % 3;
  int ky = (kx + 1) % 3;
  if (dir[kz] < 0.0f) std::swap(kx, ky);  // keeps the winding
  // Step 2: the shear constants.
  const float sx = dir[kx] / dir[kz];
  const float sy = dir[ky] / dir[kz];
  const float sz = 1.0f / dir[kz];
  // Step 3: vertices relative to the origin, sheared.
  float a[3], b[3], c[3];
  for (int i = 0; i < 3; ++i) {
    a[i] = v0[i] - origin[i];
    b[i] = v1[i] - origin[i];
    c[i] = v2[i] - origin[i];
  }
  const float a_x = a[kx] - sx * a[kz], a_y = a[ky] - sy * a[kz];
  const float b_x = b[kx] - sx * b[kz], b_y = b[ky] - sy * b[kz];
  const float c_x = c[kx] - sx * c[kz], c_y = c[ky] - sy * c[kz];
  // Step 4: the scaled barycentrics; on a zero, again in binary64 from the same binary32 values
  // (each product of two binary32 values is exact there), then rounded to binary32.
  float u = c_x * b_y - c_y * b_x;
  float v = a_x * c_y - a_y * c_x;
  float w = b_x * a_y - b_y * a_x;
  if (u == 0.0f || v == 0.0f || w == 0.0f) {
    const double dax = a_x, day = a_y, dbx = b_x, dby = b_y, dcx = c_x, dcy = c_y;
    u = static_cast<float>(dcx * dby - dcy * dbx);
    v = static_cast<float>(dax * dcy - day * dcx);
    w = static_cast<float>(dbx * day - dby * dax);
  }
  // Step 5: outside an edge.
  if ((u < 0.0f || v < 0.0f || w < 0.0f) && (u > 0.0f || v > 0.0f || w > 0.0f)) return miss;
  // Step 6: `det != 0` must also reject a NaN, which C++'s != would let through.
  const float det = (u + v) + w;
  if (det == 0.0f || std::isnan(det)) return miss;
  // Step 7.
  const float t = (u * (sz * a[kz]) + v * (sz * b[kz])) + w * (sz * c[kz]);
  // Step 8: not behind the origin (a NaN t fails both).
  const bool hit = (det > 0.0f && t >= 0.0f) || (det < 0.0f && t <= 0.0f);
  if (!hit) return miss;
  if (triangle_return_mode) return {AsBits(t), AsBits(det), AsBits(v), AsBits(w)};
  return {AsBits(t), AsBits(det), triangle_id, 1u};
}

std::array<uint32_t, 4> ReferenceBvhIntersect(const BvhDesc& desc, const Memory& memory,
                                              uint64_t node_pointer, float extent,
                                              const float origin[3], const float dir[3],
                                              const float inv_dir[3]) {
  const uint32_t type = static_cast<uint32_t>(node_pointer & 7);
  // Instance and AABB nodes are not tested, and their memory is not read.
  if (type == static_cast<uint32_t>(BvhNodeType::kInstance) ||
      type == static_cast<uint32_t>(BvhNodeType::kAabb)) {
    return AllInvalid();
  }
  const bool is_box = IsBoxType(type);
  const uint32_t node_bytes = type == static_cast<uint32_t>(BvhNodeType::kBox32)
                                  ? kBvhBox32NodeBytes
                                  : (is_box ? kBvhBox16NodeBytes : kBvhTriangleNodeBytes);
  const uint8_t* node = FetchNode(desc, memory, node_pointer, node_bytes);
  if (node == nullptr) return is_box ? AllInvalid() : TriangleMiss(desc.triangle_return_mode, 0);

  if (is_box) {
    std::array<uint32_t, 4> children;
    for (int i = 0; i < 4; ++i) children[i] = LoadDword(node + 4 * i);
    std::array<BvhBox, 4> boxes;
    for (int i = 0; i < 4; ++i) {
      if (type == static_cast<uint32_t>(BvhNodeType::kBox32)) {
        const uint8_t* p = node + 16 + 24 * i;
        for (int a = 0; a < 3; ++a) {
          boxes[i].min[a] = AsFloat(LoadDword(p + 4 * a));
          boxes[i].max[a] = AsFloat(LoadDword(p + 12 + 4 * a));
        }
      } else {
        // Three dwords, low half first: min.x, min.y | min.z, max.x | max.y, max.z.
        const uint8_t* p = node + 16 + 12 * i;
        uint16_t h[6];
        for (int k = 0; k < 3; ++k) {
          const uint32_t d = LoadDword(p + 4 * k);
          h[2 * k] = static_cast<uint16_t>(d & 0xFFFFu);
          h[2 * k + 1] = static_cast<uint16_t>(d >> 16);
        }
        for (int a = 0; a < 3; ++a) {
          boxes[i].min[a] = HalfToFloat(h[a]);
          boxes[i].max[a] = HalfToFloat(h[3 + a]);
        }
      }
    }
    return IntersectBoxNode(desc, children, boxes, extent, origin, inv_dir);
  }

  // Triangle types: vertex k at byte 12 k, the id at byte 60; the type picks three vertices.
  float vertex[5][3];
  for (int k = 0; k < 5; ++k) {
    for (int a = 0; a < 3; ++a) vertex[k][a] = AsFloat(LoadDword(node + 12 * k + 4 * a));
  }
  const uint32_t triangle_id = LoadDword(node + 60);
  static constexpr int kVertexOf[4][3] = {{0, 1, 2}, {1, 3, 2}, {2, 3, 4}, {2, 4, 0}};
  const int* picks = kVertexOf[type];
  return ReferenceRayTriangle(vertex[picks[0]], vertex[picks[1]], vertex[picks[2]], origin, dir,
                              desc.triangle_return_mode, triangle_id);
}

float HalfToFloat(uint16_t h) {
  return AsFloat(SmallFloatToFloatBits(h, /*mantissa_bits=*/10, /*has_sign=*/true));
}

uint16_t FloatToHalf(float f) { return static_cast<uint16_t>(FloatBitsToHalf(AsBits(f))); }

void WriteBox32Node(uint8_t* node, const std::array<uint32_t, 4>& children,
                    const std::array<BvhBox, 4>& boxes) {
  for (int i = 0; i < 128; ++i) node[i] = 0;
  for (int i = 0; i < 4; ++i) StoreDword(node + 4 * i, children[i]);
  for (int i = 0; i < 4; ++i) {
    uint8_t* p = node + 16 + 24 * i;
    for (int a = 0; a < 3; ++a) {
      StoreDword(p + 4 * a, AsBits(boxes[i].min[a]));
      StoreDword(p + 12 + 4 * a, AsBits(boxes[i].max[a]));
    }
  }
}

void WriteBox16Node(uint8_t* node, const std::array<uint32_t, 4>& children,
                    const std::array<BvhBox16, 4>& boxes) {
  for (int i = 0; i < 4; ++i) StoreDword(node + 4 * i, children[i]);
  for (int i = 0; i < 4; ++i) {
    uint8_t* p = node + 16 + 12 * i;
    for (int k = 0; k < 3; ++k) {
      StoreDword(p + 4 * k, uint32_t{boxes[i][2 * k]} | uint32_t{boxes[i][2 * k + 1]} << 16);
    }
  }
}

void WriteTriangleNode(uint8_t* node, const std::array<BvhVertex, 5>& vertices,
                       uint32_t triangle_id) {
  for (int k = 0; k < 5; ++k) {
    for (int a = 0; a < 3; ++a) StoreDword(node + 12 * k + 4 * a, AsBits(vertices[k][a]));
  }
  StoreDword(node + 60, triangle_id);
}

}  // namespace texunit::reference
