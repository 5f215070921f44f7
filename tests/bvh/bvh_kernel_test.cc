// The SIMD BVH kernel (Runtime::IntersectRays) against the scalar reference, bit for bit, on
// every Highway target this CPU runs: random box32, box16 and triangle nodes mixed in one wave,
// rays with the edge values docs/bvh.md spells rules for (zero, negative zero, infinite and NaN
// components, origins on slab planes, huge coordinates), both sort settings, grow values, both
// triangle return modes, out-of-bounds and unregistered nodes, types 6 and 7, partial waves and
// EXEC masks.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "reference/reference_bvh.h"
#include "texunit/bvh.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

using reference::BvhBox;
using reference::BvhBox16;
using reference::BvhNodePointer;
using reference::BvhVertex;

constexpr uint64_t kBase = 0x40000;  // 256-byte aligned
constexpr uint32_t kNodes = 96;      // 64-byte units of the BVH buffer
constexpr uint32_t kSentinel = 0xDEADBEEFu;

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// A value for a ray or vertex component: mostly ordinary, sometimes one of the values the doc
// has rules for.
float Component(std::mt19937& rng, float scale) {
  std::uniform_real_distribution<float> u(-scale, scale);
  switch (rng() % 24) {
    case 0:
      return 0.0f;
    case 1:
      return -0.0f;
    case 2:
      return std::numeric_limits<float>::infinity();
    case 3:
      return -std::numeric_limits<float>::infinity();
    case 4:
      return std::numeric_limits<float>::quiet_NaN();
    case 5:
      return 1e30f * u(rng);
    case 6:
      return 1e-30f * u(rng);
    case 7:
      return std::round(u(rng));  // on a slab plane or a vertex coordinate
    default:
      return u(rng);
  }
}

class BvhKernelTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    RuntimeOptions options;
    options.target = GetParam();
    options.threads = 1;
    ASSERT_TRUE(Runtime::Create(options, &runtime_).ok());
  }

  // Fills the buffer with random nodes: even units start box32 nodes (128 bytes) or box16 and
  // triangle nodes, so that every node type sits at some pointer.
  void FillNodes(std::mt19937& rng) {
    buffer_.assign(size_t{kNodes} * 64, 0);
    for (uint32_t unit = 0; unit < kNodes; unit += 2) {
      uint8_t* node = buffer_.data() + size_t{unit} * 64;
      std::array<uint32_t, 4> children;
      for (uint32_t& c : children)
        c = rng() % 5 == 0 ? kBvhInvalidNode : static_cast<uint32_t>(rng());
      switch (unit % 6) {
        case 0: {
          std::array<BvhBox, 4> boxes;
          for (BvhBox& b : boxes) {
            for (int k = 0; k < 3; ++k) {
              const float a = Component(rng, 2.0f), c = Component(rng, 2.0f);
              // Mostly well-formed (min <= max), sometimes inverted or NaN as given.
              b.min[k] = rng() % 8 == 0 ? a : std::fmin(a, c);
              b.max[k] = rng() % 8 == 0 ? c : std::fmax(a, c);
            }
          }
          reference::WriteBox32Node(node, children, boxes);
          break;
        }
        case 2: {
          std::array<BvhBox16, 4> boxes;
          for (BvhBox16& b : boxes) {
            for (int k = 0; k < 3; ++k) {
              const float a = Component(rng, 2.0f), c = Component(rng, 2.0f);
              b[k] = reference::FloatToHalf(std::fmin(a, c));
              b[3 + k] = reference::FloatToHalf(std::fmax(a, c));
              if (rng() % 16 == 0) b[k] = static_cast<uint16_t>(rng());  // any half, NaN too
            }
          }
          reference::WriteBox16Node(node, children, boxes);
          break;
        }
        default: {
          std::array<BvhVertex, 5> v;
          for (BvhVertex& p : v) {
            for (float& c : p)
              c = rng() % 6 == 0 ? Component(rng, 2.0f) : std::round(Component(rng, 4.0f)) * 0.5f;
          }
          reference::WriteTriangleNode(node, v, static_cast<uint32_t>(rng()));
          break;
        }
      }
    }
  }

  // A node pointer: mostly one of the staged nodes with a random type, sometimes past the
  // bounds, a box32 at the last unit (half outside), or a huge BVH64 pointer.
  uint64_t Pointer(std::mt19937& rng, bool bvh64) {
    const uint64_t unit = rng() % (kNodes + 4);
    uint64_t p = BvhNodePointer(unit * 64, static_cast<BvhNodeType>(rng() % 8));
    if (rng() % 10 == 0) p = BvhNodePointer(uint64_t{kNodes - 1} * 64, BvhNodeType::kBox32);
    if (bvh64 && rng() % 10 == 0) p |= uint64_t{rng()} << 32;
    return p;
  }

  void RunCase(std::mt19937& rng, const BvhDesc& desc, const Memory& memory, bool bvh64) {
    const uint32_t lane_counts[] = {64, 1, 7, 13, 32, 63};
    const uint32_t lanes = lane_counts[rng() % 6];
    const uint64_t exec = rng() % 3 == 0 ? (uint64_t{rng()} << 32 | rng()) : ~0ull;
    std::array<std::vector<uint32_t>, 12> in;
    for (auto& column : in) column.assign(kMaxLanes, 0);
    std::vector<uint64_t> pointers(kMaxLanes);
    for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
      pointers[lane] = Pointer(rng, bvh64);
      in[0][lane] = static_cast<uint32_t>(pointers[lane]);
      in[1][lane] = static_cast<uint32_t>(pointers[lane] >> 32);
      in[2][lane] = Bits(rng() % 8 == 0 ? Component(rng, 8.0f) : 1e4f);
      for (int k = 0; k < 3; ++k) {
        const float o = Component(rng, 3.0f);
        const float d = Component(rng, 1.0f);
        in[3 + k][lane] = Bits(o);
        in[6 + k][lane] = Bits(d);
        in[9 + k][lane] = Bits(rng() % 10 == 0 ? Component(rng, 4.0f) : 1.0f / d);
      }
    }
    BvhRequest req;
    req.desc = &desc;
    req.memory = &memory;
    req.lane_count = lanes;
    req.exec = exec;
    req.in.node_lo = in[0].data();
    req.in.node_hi = bvh64 ? in[1].data() : nullptr;
    req.in.extent = in[2].data();
    for (int k = 0; k < 3; ++k) {
      req.in.origin[k] = in[3 + k].data();
      req.in.dir[k] = in[6 + k].data();
      req.in.inv_dir[k] = in[9 + k].data();
    }
    std::array<std::vector<uint32_t>, 4> out;
    for (int k = 0; k < 4; ++k) {
      out[k].assign(kMaxLanes, kSentinel);
      req.out[k] = out[k].data();
    }
    ASSERT_TRUE(runtime_->IntersectRays(req).ok());

    for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
      const bool active = lane < lanes && ((exec >> lane) & 1);
      std::array<uint32_t, 4> want = {kSentinel, kSentinel, kSentinel, kSentinel};
      float o[3], d[3], r[3];
      for (int k = 0; k < 3; ++k) {
        std::memcpy(&o[k], &in[3 + k][lane], 4);
        std::memcpy(&d[k], &in[6 + k][lane], 4);
        std::memcpy(&r[k], &in[9 + k][lane], 4);
      }
      float extent;
      std::memcpy(&extent, &in[2][lane], 4);
      const uint64_t pointer = bvh64 ? pointers[lane] : pointers[lane] & 0xFFFFFFFFu;
      if (active) want = reference::ReferenceBvhIntersect(desc, memory, pointer, extent, o, d, r);
      for (int k = 0; k < 4; ++k) {
        ASSERT_EQ(out[k][lane], want[k])
            << "lane " << lane << " dword " << k << " pointer 0x" << std::hex << pointer << " type "
            << (pointer & 7) << (active ? "" : " (inactive)") << " origin " << o[0] << "," << o[1]
            << "," << o[2] << " dir " << d[0] << "," << d[1] << "," << d[2] << " inv " << r[0]
            << "," << r[1] << "," << r[2] << " extent " << extent;
      }
    }
  }

  std::unique_ptr<Runtime> runtime_;
  std::vector<uint8_t> buffer_;
};

TEST_P(BvhKernelTest, MatchesReferenceWithWholeBoundsRegistered) {
  std::mt19937 rng(1234);
  for (int round = 0; round < 60; ++round) {
    FillNodes(rng);
    Memory memory;
    ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size(), false).ok());
    BvhDesc desc;
    desc.base_address = kBase;
    desc.size_bytes = buffer_.size() - (round % 3 == 0 ? 128 : 0);  // some nodes past the bounds
    desc.box_sort_en = round % 2 == 0;
    desc.box_grow_value = static_cast<uint8_t>(round % 4 == 1 ? rng() : round % 4);
    desc.triangle_return_mode = round % 5 != 0;
    for (int wave = 0; wave < 20; ++wave) {
      RunCase(rng, desc, memory, round % 2 == 1);
      if (HasFatalFailure()) return;
    }
  }
}

// Bounds larger than the registered memory: every node is resolved on its own, and nodes past
// the registered bytes miss.
TEST_P(BvhKernelTest, MatchesReferenceResolvingEachNode) {
  std::mt19937 rng(99);
  for (int round = 0; round < 20; ++round) {
    FillNodes(rng);
    Memory memory;
    ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size() - 256, false).ok());
    BvhDesc desc;
    desc.base_address = kBase;
    desc.size_bytes = uint64_t{1} << 40;
    desc.box_sort_en = true;
    desc.triangle_return_mode = round % 2 == 0;
    for (int wave = 0; wave < 20; ++wave) {
      RunCase(rng, desc, memory, true);
      if (HasFatalFailure()) return;
    }
  }
}

// Runs one wave of `pointer` nodes and rays built by `ray(lane, in)` and compares every lane with
// the reference; returns how many result dwords differ from `miss` (hits, for a box wave).
template <typename MakeRay>
size_t CompareWave(const Runtime& runtime, const BvhDesc& desc, const Memory& memory,
                   MakeRay make_ray, uint32_t miss) {
  std::array<std::vector<uint32_t>, 12> in;
  for (auto& column : in) column.assign(kMaxLanes, 0);
  std::array<std::vector<uint32_t>, 4> out;
  for (auto& column : out) column.assign(kMaxLanes, 0);
  for (uint32_t lane = 0; lane < kMaxLanes; ++lane) make_ray(lane, in);
  BvhRequest req;
  req.desc = &desc;
  req.memory = &memory;
  req.in.node_lo = in[0].data();
  req.in.extent = in[2].data();
  for (int k = 0; k < 3; ++k) {
    req.in.origin[k] = in[3 + k].data();
    req.in.dir[k] = in[6 + k].data();
    req.in.inv_dir[k] = in[9 + k].data();
  }
  for (int k = 0; k < 4; ++k) req.out[k] = out[k].data();
  EXPECT_TRUE(runtime.IntersectRays(req).ok());
  size_t differ = 0;
  for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
    float o[3], d[3], r[3], extent;
    for (int k = 0; k < 3; ++k) {
      std::memcpy(&o[k], &in[3 + k][lane], 4);
      std::memcpy(&d[k], &in[6 + k][lane], 4);
      std::memcpy(&r[k], &in[9 + k][lane], 4);
    }
    std::memcpy(&extent, &in[2][lane], 4);
    const auto want = reference::ReferenceBvhIntersect(desc, memory, in[0][lane], extent, o, d, r);
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(out[k][lane], want[k]) << "lane " << lane << " dword " << k;
      differ += want[k] != miss;
    }
  }
  return differ;
}

// Ordinary rays into ordinary boxes, so that most lanes hit and the sorting network sees real
// keys (the random nodes above miss more often than not).
TEST_P(BvhKernelTest, MatchesReferenceOnNestedBoxes) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  buffer_.assign(size_t{kNodes} * 64, 0);
  for (uint32_t unit = 0; unit < kNodes; unit += 2) {
    std::array<BvhBox, 4> boxes;
    for (BvhBox& b : boxes) {
      for (int k = 0; k < 3; ++k) {
        const float c = 0.5f * u(rng), h = 0.3f + 0.7f * std::fabs(u(rng));
        b.min[k] = c - h;
        b.max[k] = c + h;
      }
    }
    reference::WriteBox32Node(buffer_.data() + size_t{unit} * 64,
                              {unit, unit + 1, unit + 2, unit + 3}, boxes);
  }
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size(), false).ok());
  BvhDesc desc;
  desc.base_address = kBase;
  desc.size_bytes = buffer_.size();
  desc.box_sort_en = true;
  size_t hits = 0;
  for (int wave = 0; wave < 200; ++wave) {
    hits += CompareWave(
        *runtime_, desc, memory,
        [&](uint32_t lane, std::array<std::vector<uint32_t>, 12>& in) {
          in[0][lane] = static_cast<uint32_t>(
              BvhNodePointer(uint64_t{rng() % (kNodes / 2)} * 128, BvhNodeType::kBox32));
          in[2][lane] = Bits(4.0f);
          for (int k = 0; k < 3; ++k) {
            // From anywhere in [-2, 2]^3 towards a point near the centre, where the boxes are.
            const float o = 2.0f * u(rng);
            const float d = 0.5f * u(rng) - o;
            in[3 + k][lane] = Bits(o);
            in[6 + k][lane] = Bits(d);
            in[9 + k][lane] = Bits(1.0f / d);
          }
        },
        kBvhInvalidNode);
    if (HasFailure()) return;
  }
  EXPECT_GT(hits, 200u * 64u);  // over a quarter of the slots hit: real keys get sorted
}

// Extents just short of each box's entry distance: box_grow_value decides hit or miss.
TEST_P(BvhKernelTest, GrowDecidesNearMisses) {
  buffer_.assign(128, 0);
  BvhBox box;
  box.min = {1.0f, 1.0f, 1.0f};
  box.max = {2.0f, 2.0f, 2.0f};
  reference::WriteBox32Node(buffer_.data(), {1, 2, 3, 4}, {box, box, box, box});
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size(), false).ok());
  size_t hits[2] = {};
  for (int wave = 0; wave < 16; ++wave) {
    for (int g = 0; g < 2; ++g) {
      BvhDesc desc;
      desc.base_address = kBase;
      desc.size_bytes = buffer_.size();
      desc.box_grow_value = g == 0 ? 0 : 255;
      std::mt19937 lanes_rng(wave);  // the same rays for both grow values
      hits[g] += CompareWave(
          *runtime_, desc, memory,
          [&](uint32_t lane, std::array<std::vector<uint32_t>, 12>& in) {
            in[0][lane] = static_cast<uint32_t>(BvhNodePointer(0, BvhNodeType::kBox32));
            float entry = 0.0f;
            for (int k = 0; k < 3; ++k) {
              const float d = std::uniform_real_distribution<float>(0.5f, 1.0f)(lanes_rng);
              in[6 + k][lane] = Bits(d);
              in[9 + k][lane] = Bits(1.0f / d);
              entry = std::fmax(entry, (1.0f - 0.0f) * (1.0f / d));  // the slab entry, from 0
            }
            // Up to 300 ULPs of 2^-24 short of the entry distance.
            const float k = static_cast<float>(lanes_rng() % 300);
            in[2][lane] = Bits(entry * (1.0f - k * 0x1p-24f));
          },
          kBvhInvalidNode);
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(hits[1], hits[0] + 64);  // growth turned near misses into hits
}

// Triangles whose sheared coordinates make products of nearly equal binary32 values, so that U,
// V or W rounds to zero in binary32 where binary64 says otherwise: the fallback decides them.
TEST_P(BvhKernelTest, EdgesDecidedInDoubleWhereBinary32GivesZero) {
  std::mt19937 rng(11);
  const auto near_one = [&]() {
    const float v = 1.0f + static_cast<float>(rng() % 6) * 0x1p-12f;
    return rng() % 2 ? v : -v;
  };
  buffer_.assign(size_t{kNodes} * 64, 0);
  for (uint32_t unit = 0; unit < kNodes; ++unit) {
    std::array<BvhVertex, 5> v;
    for (BvhVertex& p : v) p = {near_one(), near_one(), 1.0f + static_cast<float>(rng() % 4)};
    reference::WriteTriangleNode(buffer_.data() + size_t{unit} * 64, v, unit);
  }
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size(), false).ok());
  BvhDesc desc;
  desc.base_address = kBase;
  desc.size_bytes = buffer_.size();
  desc.triangle_return_mode = true;
  for (int wave = 0; wave < 64; ++wave) {
    CompareWave(
        *runtime_, desc, memory,
        [&](uint32_t lane, std::array<std::vector<uint32_t>, 12>& in) {
          // Straight up the z axis from the origin: the shear leaves x and y as they are.
          in[0][lane] = static_cast<uint32_t>(
              BvhNodePointer(uint64_t{rng() % kNodes} * 64, static_cast<BvhNodeType>(rng() % 4)));
          in[2][lane] = Bits(100.0f);
          in[8][lane] = Bits(1.0f);
        },
        0u);
    if (HasFailure()) return;
  }
}

// Box16 bounds among the binary16 denormals and smallest normals, rays from that scale: the
// widening of each half decides hits and order.
TEST_P(BvhKernelTest, Box16DenormalBounds) {
  std::mt19937 rng(21);
  const auto tiny_half = [&]() {
    const uint16_t h = static_cast<uint16_t>(rng() % 0x0800);  // exponent 0 or 1
    return static_cast<uint16_t>(rng() % 2 ? h | 0x8000 : h);
  };
  buffer_.assign(size_t{kNodes} * 64, 0);
  for (uint32_t unit = 0; unit < kNodes; ++unit) {
    std::array<BvhBox16, 4> boxes;
    for (BvhBox16& b : boxes) {
      for (int k = 0; k < 3; ++k) {
        uint16_t lo = tiny_half(), hi = tiny_half();
        if (reference::HalfToFloat(lo) > reference::HalfToFloat(hi)) std::swap(lo, hi);
        b[k] = lo;
        b[3 + k] = hi;
      }
    }
    reference::WriteBox16Node(buffer_.data() + size_t{unit} * 64, {1, 2, 3, 4}, boxes);
  }
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, buffer_.data(), buffer_.size(), false).ok());
  BvhDesc desc;
  desc.base_address = kBase;
  desc.size_bytes = buffer_.size();
  desc.box_sort_en = true;
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  size_t hits = 0;
  for (int wave = 0; wave < 64; ++wave) {
    hits += CompareWave(
        *runtime_, desc, memory,
        [&](uint32_t lane, std::array<std::vector<uint32_t>, 12>& in) {
          in[0][lane] = static_cast<uint32_t>(
              BvhNodePointer(uint64_t{rng() % kNodes} * 64, BvhNodeType::kBox16));
          in[2][lane] = Bits(1.0f);
          for (int k = 0; k < 3; ++k) {
            const float d = u(rng);
            in[3 + k][lane] = Bits(0x1p-14f * u(rng));
            in[6 + k][lane] = Bits(d);
            in[9 + k][lane] = Bits(1.0f / d);
          }
        },
        kBvhInvalidNode);
    if (HasFailure()) return;
  }
  EXPECT_GT(hits, 64u * 64u / 4);  // some boxes are hit, so the bounds matter
}

TEST_P(BvhKernelTest, RejectsBadRequests) {
  Memory memory;
  BvhDesc desc;
  BvhRequest req;
  EXPECT_FALSE(runtime_->IntersectRays(req).ok());  // no descriptor
  req.desc = &desc;
  req.memory = &memory;
  EXPECT_FALSE(runtime_->IntersectRays(req).ok());  // no operands
  std::vector<uint32_t> column(kMaxLanes, 0);
  req.in.node_lo = req.in.extent = column.data();
  for (int k = 0; k < 3; ++k) req.in.origin[k] = req.in.dir[k] = req.in.inv_dir[k] = column.data();
  std::array<std::vector<uint32_t>, 4> out;
  for (int k = 0; k < 4; ++k) {
    out[k].assign(kMaxLanes, 0);
    req.out[k] = out[k].data();
  }
  EXPECT_TRUE(runtime_->IntersectRays(req).ok());
  desc.base_address = 0x80;  // not 256-byte aligned
  const Status unaligned = runtime_->IntersectRays(req);
  EXPECT_FALSE(unaligned.ok());
  EXPECT_NE(unaligned.message().find("base_address"), std::string::npos) << unaligned.message();
  desc.base_address = 0;
  desc.size_bytes = 100;
  EXPECT_FALSE(runtime_->IntersectRays(req).ok());
  desc.size_bytes = 64;
  req.lane_count = 65;
  EXPECT_FALSE(runtime_->IntersectRays(req).ok());
}

INSTANTIATE_TEST_SUITE_P(Targets, BvhKernelTest, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
