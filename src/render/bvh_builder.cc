#include "render/bvh_builder.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "formats/half_to_float.h"

namespace texunit::render {
namespace {

constexpr uint32_t kMaxTriangles = uint32_t{1} << 24;
constexpr int kSahBins = 16;
// Below this depth the binary build stops trusting SAH and splits at the median, so a degenerate
// input cannot make the recursion as deep as the triangle count.
constexpr int kMaxSahDepth = 48;
constexpr float kInf = std::numeric_limits<float>::infinity();

struct Aabb {
  float lo[3] = {kInf, kInf, kInf};
  float hi[3] = {-kInf, -kInf, -kInf};

  void Grow(const Aabb& b) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], b.lo[a]);
      hi[a] = std::max(hi[a], b.hi[a]);
    }
  }
  void Grow(const float p[3]) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], p[a]);
      hi[a] = std::max(hi[a], p[a]);
    }
  }
  // Half the surface area, in double so that huge boxes neither overflow nor lose the ordering.
  double HalfArea() const {
    if (lo[0] > hi[0]) return 0.0;
    const double dx = static_cast<double>(hi[0]) - lo[0];
    const double dy = static_cast<double>(hi[1]) - lo[1];
    const double dz = static_cast<double>(hi[2]) - lo[2];
    return dx * dy + dy * dz + dz * dx;
  }
};

// The binary tree the 4-wide one is collapsed from. A leaf holds exactly one triangle.
struct BinaryNode {
  Aabb box;
  bool leaf = false;
  uint32_t triangle = 0;  // leaf
  uint32_t left = 0;      // interior: indices into the node array
  uint32_t right = 0;
};

struct Primitive {
  Aabb box;
  float centroid[3];
};

class BinaryBuilder {
 public:
  explicit BinaryBuilder(std::span<const BvhTriangle> triangles) {
    prims_.resize(triangles.size());
    order_.resize(triangles.size());
    for (size_t i = 0; i < triangles.size(); ++i) {
      for (const auto& v : triangles[i].v) prims_[i].box.Grow(v.data());
      for (int a = 0; a < 3; ++a) {
        prims_[i].centroid[a] = 0.5f * prims_[i].box.lo[a] + 0.5f * prims_[i].box.hi[a];
      }
      order_[i] = static_cast<uint32_t>(i);
    }
    nodes_.reserve(2 * triangles.size());
  }

  // Returns the root's index.
  uint32_t Build() { return Build(0, static_cast<uint32_t>(order_.size()), 0); }
  const std::vector<BinaryNode>& nodes() const { return nodes_; }

 private:
  uint32_t Build(uint32_t begin, uint32_t end, int depth) {
    const uint32_t index = static_cast<uint32_t>(nodes_.size());
    nodes_.emplace_back();
    if (end - begin == 1) {
      nodes_[index].leaf = true;
      nodes_[index].triangle = order_[begin];
      nodes_[index].box = prims_[order_[begin]].box;
      return index;
    }
    Aabb box;
    Aabb centroids;
    for (uint32_t i = begin; i < end; ++i) {
      box.Grow(prims_[order_[i]].box);
      centroids.Grow(prims_[order_[i]].centroid);
    }
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
      if (centroids.hi[a] - centroids.lo[a] > centroids.hi[axis] - centroids.lo[axis]) axis = a;
    }
    uint32_t mid = 0;
    if (depth < kMaxSahDepth) mid = SahSplit(begin, end, axis, centroids);
    if (mid == 0) mid = MedianSplit(begin, end, axis);
    const uint32_t left = Build(begin, mid, depth + 1);
    const uint32_t right = Build(mid, end, depth + 1);
    nodes_[index].box = box;
    nodes_[index].left = left;
    nodes_[index].right = right;
    return index;
  }

  // In binary64: no float extent overflows and the product stays finite.
  int Bin(uint32_t prim, int axis, double lo, double scale) const {
    const double c = prims_[prim].centroid[axis];
    return static_cast<int>(std::clamp((c - lo) * scale, 0.0, kSahBins - 1.0));
  }

  // Binned SAH along `axis`: partitions [begin, end) (stably) and returns the split point, or 0
  // when the centroids do not spread along the axis.
  uint32_t SahSplit(uint32_t begin, uint32_t end, int axis, const Aabb& centroids) {
    const double lo = centroids.lo[axis];
    const double extent = centroids.hi[axis] - lo;
    if (!(extent > 0.0)) return 0;
    const double scale = kSahBins / extent;
    Aabb bin_box[kSahBins];
    uint32_t bin_count[kSahBins] = {};
    for (uint32_t i = begin; i < end; ++i) {
      const int b = Bin(order_[i], axis, lo, scale);
      bin_box[b].Grow(prims_[order_[i]].box);
      ++bin_count[b];
    }
    // right_cost[b]: area * count of bins b.. (the right side of a split before bin b).
    double right_cost[kSahBins] = {};
    uint32_t right_count[kSahBins] = {};
    Aabb acc;
    uint32_t count = 0;
    for (int b = kSahBins - 1; b > 0; --b) {
      acc.Grow(bin_box[b]);
      count += bin_count[b];
      right_cost[b] = acc.HalfArea() * count;
      right_count[b] = count;
    }
    int best = -1;
    double best_cost = std::numeric_limits<double>::infinity();
    acc = Aabb();
    count = 0;
    for (int b = 0; b + 1 < kSahBins; ++b) {
      acc.Grow(bin_box[b]);
      count += bin_count[b];
      if (count == 0 || right_count[b + 1] == 0) continue;
      const double cost = acc.HalfArea() * count + right_cost[b + 1];
      if (cost < best_cost) {
        best_cost = cost;
        best = b;
      }
    }
    if (best < 0) return 0;
    const auto split =
        std::stable_partition(order_.begin() + begin, order_.begin() + end,
                              [&](uint32_t prim) { return Bin(prim, axis, lo, scale) <= best; });
    return static_cast<uint32_t>(split - order_.begin());
  }

  // Sorts [begin, end) by centroid along `axis` (ties by index) and splits it in halves.
  uint32_t MedianSplit(uint32_t begin, uint32_t end, int axis) {
    std::sort(order_.begin() + begin, order_.begin() + end, [&](uint32_t a, uint32_t b) {
      const float ca = prims_[a].centroid[axis];
      const float cb = prims_[b].centroid[axis];
      return ca < cb || (ca == cb && a < b);
    });
    return begin + (end - begin) / 2;
  }

  std::vector<Primitive> prims_;
  std::vector<uint32_t> order_;
  std::vector<BinaryNode> nodes_;
};

void PutU32(std::vector<uint8_t>* bytes, uint64_t offset, uint32_t v) {
  std::memcpy(bytes->data() + offset, &v, 4);
}
void PutF32(std::vector<uint8_t>* bytes, uint64_t offset, float v) {
  std::memcpy(bytes->data() + offset, &v, 4);
}

// Lays the collapsed tree out depth-first.
class NodeWriter {
 public:
  NodeWriter(std::span<const BvhTriangle> triangles, const std::vector<BinaryNode>& nodes,
             BvhBoxFormat format, BuiltBvh* out)
      : triangles_(triangles), nodes_(nodes), format_(format), out_(out) {}

  // Emits binary node `index` and its subtree; returns its node pointer and sets `*box_depth`.
  uint32_t Emit(uint32_t index, uint32_t* box_depth) {
    const BinaryNode& node = nodes_[index];
    if (node.leaf) {
      *box_depth = 0;
      return EmitTriangle(node.triangle);
    }
    // Open the interior child with the largest area until there are four, keeping their order.
    uint32_t kids[4] = {node.left, node.right};
    int count = 2;
    while (count < 4) {
      int widest = -1;
      for (int k = 0; k < count; ++k) {
        if (nodes_[kids[k]].leaf) continue;
        if (widest < 0 || nodes_[kids[k]].box.HalfArea() > nodes_[kids[widest]].box.HalfArea()) {
          widest = k;
        }
      }
      if (widest < 0) break;
      const BinaryNode& open = nodes_[kids[widest]];
      for (int k = count; k > widest + 1; --k) kids[k] = kids[k - 1];
      kids[widest] = open.left;
      kids[widest + 1] = open.right;
      ++count;
    }
    const bool box16 = format_ == BvhBoxFormat::kBox16;
    const uint64_t offset = Allocate(box16 ? kBvhBox16NodeBytes : kBvhBox32NodeBytes);
    ++out_->box_nodes;
    uint32_t deepest = 0;
    for (int k = 0; k < 4; ++k) {
      uint32_t child = kBvhInvalidNode;
      Aabb box;  // empty (+inf, -inf) for an unused slot: no ray enters it
      if (k < count) {
        uint32_t depth = 0;
        child = Emit(kids[k], &depth);
        deepest = std::max(deepest, depth);
        box = nodes_[kids[k]].box;
      }
      PutU32(&out_->bytes, offset + 4 * k, child);
      if (box16) {
        const uint16_t h[6] = {HalfRoundDown(box.lo[0]), HalfRoundDown(box.lo[1]),
                               HalfRoundDown(box.lo[2]), HalfRoundUp(box.hi[0]),
                               HalfRoundUp(box.hi[1]),   HalfRoundUp(box.hi[2])};
        for (int d = 0; d < 3; ++d) {
          PutU32(&out_->bytes, offset + 16 + 12 * k + 4 * d,
                 uint32_t{h[2 * d]} | uint32_t{h[2 * d + 1]} << 16);
        }
      } else {
        for (int a = 0; a < 3; ++a) {
          PutF32(&out_->bytes, offset + 16 + 24 * k + 4 * a, box.lo[a]);
          PutF32(&out_->bytes, offset + 16 + 24 * k + 12 + 4 * a, box.hi[a]);
        }
      }
    }
    *box_depth = deepest + 1;
    const uint32_t type = static_cast<uint32_t>(box16 ? BvhNodeType::kBox16 : BvhNodeType::kBox32);
    return static_cast<uint32_t>(offset >> 3) | type;
  }

 private:
  uint64_t Allocate(uint32_t size) {
    const uint64_t offset = out_->bytes.size();
    out_->bytes.resize(offset + size, 0);
    return offset;
  }

  uint32_t EmitTriangle(uint32_t triangle) {
    const uint64_t offset = Allocate(kBvhTriangleNodeBytes);
    ++out_->triangle_nodes;
    for (int k = 0; k < 3; ++k) {
      for (int a = 0; a < 3; ++a) {
        PutF32(&out_->bytes, offset + 12 * k + 4 * a, triangles_[triangle].v[k][a]);
      }
    }
    PutU32(&out_->bytes, offset + 60, triangle);  // triangle_id
    return static_cast<uint32_t>(offset >> 3) | static_cast<uint32_t>(BvhNodeType::kTriangle0);
  }

  std::span<const BvhTriangle> triangles_;
  const std::vector<BinaryNode>& nodes_;
  BvhBoxFormat format_;
  BuiltBvh* out_;
};

// The largest binary16 value <= v, as bits; v is a binary32 value widened, so every step below
// is exact in binary64.
uint16_t HalfFloor(double v) {
  constexpr double kMaxHalf = 65504.0;
  if (v >= kMaxHalf) return v == std::numeric_limits<double>::infinity() ? 0x7C00 : 0x7BFF;
  if (v < -kMaxHalf) return 0xFC00;  // no finite binary16 lies at or below it
  // The spacing of binary16 values around |v|: 2^-24 among the subnormals, 2^(e - 10) in the
  // binade [2^e, 2^(e+1)).
  const double a = std::fabs(v);
  const double ulp = a < 0x1p-14 ? 0x1p-24 : std::ldexp(1.0, std::ilogb(a) - 10);
  const double q = std::floor(v / ulp) * ulp;  // may step up a binade for negative v: still exact
  const uint16_t sign = std::signbit(q) ? 0x8000 : 0;
  const double m = std::fabs(q);
  if (m < 0x1p-14) {
    // Subnormal (or zero): m / 2^-24 is the mantissa; 1024 is the smallest normal's encoding.
    return sign | static_cast<uint16_t>(m * 0x1p24);
  }
  const int e = std::ilogb(m);
  const uint16_t mantissa = static_cast<uint16_t>((std::ldexp(m, -e) - 1.0) * 1024.0);
  return sign | static_cast<uint16_t>((e + 15) << 10) | mantissa;
}

}  // namespace

uint16_t HalfRoundDown(float x) {
  if (std::isnan(x)) return 0x7E00;
  return HalfFloor(static_cast<double>(x));
}

uint16_t HalfRoundUp(float x) {
  if (std::isnan(x)) return 0x7E00;
  // Rounding up is rounding the negation down, negated (a sign flip in binary16).
  return HalfFloor(-static_cast<double>(x)) ^ 0x8000;
}

float HalfToFloat(uint16_t bits) { return std::bit_cast<float>(HalfToFloatBits(bits)); }

std::array<BvhBoxSlot, 4> ReadBvhBoxNode(std::span<const uint8_t> bytes, uint32_t pointer) {
  const uint8_t* node = bytes.data() + BvhNodeOffset(pointer);
  const bool box16 = BvhPointerType(pointer) == BvhNodeType::kBox16;
  std::array<BvhBoxSlot, 4> slots;
  for (int k = 0; k < 4; ++k) {
    std::memcpy(&slots[k].child, node + 4 * k, 4);
    if (box16) {
      uint16_t h[6];  // min.x, min.y, min.z, max.x, max.y, max.z: low half first in each dword
      std::memcpy(h, node + 16 + 12 * k, 12);
      for (int a = 0; a < 3; ++a) {
        slots[k].lo[a] = HalfToFloat(h[a]);
        slots[k].hi[a] = HalfToFloat(h[3 + a]);
      }
    } else {
      std::memcpy(slots[k].lo, node + 16 + 24 * k, 12);
      std::memcpy(slots[k].hi, node + 16 + 24 * k + 12, 12);
    }
  }
  return slots;
}

Status BuildBvh(std::span<const BvhTriangle> triangles, BvhBoxFormat format, BuiltBvh* out) {
  if (triangles.empty()) return Status::InvalidArgument("BVH build: no triangles");
  if (triangles.size() > kMaxTriangles) {
    return Status::InvalidArgument("BVH build: " + std::to_string(triangles.size()) +
                                   " triangles, more than " + std::to_string(kMaxTriangles));
  }
  for (size_t i = 0; i < triangles.size(); ++i) {
    for (const auto& v : triangles[i].v) {
      for (float c : v) {
        if (!std::isfinite(c)) {
          return Status::InvalidArgument("BVH build: triangle " + std::to_string(i) +
                                         " has a non-finite coordinate " + std::to_string(c));
        }
      }
    }
  }
  BinaryBuilder binary(triangles);
  const uint32_t root = binary.Build();
  *out = BuiltBvh();
  NodeWriter writer(triangles, binary.nodes(), format, out);
  out->root = writer.Emit(root, &out->box_depth);
  return Status::Ok();
}

}  // namespace texunit::render
