// The scalar BVH reference (tests/reference/reference_bvh.cc) against docs/bvh.md. Every expected
// value below is worked out by hand in the comment beside it, from the document's steps; the
// numbers are chosen so that each step is exact in binary32 (small integers, powers of two, values
// of a few bits), so the hand result is the bit pattern. Three randomized tests add what hand cases
// cannot cover: the box test against a binary64 slab test (no false miss, no false hit, outside a
// relative margin of 1e-5), the sorted slots against the per-box keys, and watertightness (no ray
// through the shared edge of a triangle pair misses both triangles).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "reference/reference_bvh.h"
#include "texunit/bvh.h"
#include "texunit/memory.h"

namespace texunit::reference {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr uint32_t kX = kBvhInvalidNode;  // a miss / empty slot
constexpr uint64_t kBase = 0x100000;      // 256-byte aligned

// Child pointers: arbitrary values, types included, that no test computes.
constexpr uint32_t kC0 = 0x00001005, kC1 = 0x00002004, kC2 = 0x00003000, kC3 = 0x00004003;
constexpr std::array<uint32_t, 4> kChildren = {kC0, kC1, kC2, kC3};

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
using Result = std::array<uint32_t, 4>;
using Vec = std::array<float, 3>;

Result TriangleHit(float t, float det, float i, float j) {
  return {Bits(t), Bits(det), Bits(i), Bits(j)};
}
const Result kTriangleMiss = {Bits(kInf), Bits(1.0f), 0, 0};

// One registered buffer at kBase, the descriptor's bounds covering `bound_bytes` of it.
class BvhMemory {
 public:
  explicit BvhMemory(size_t bytes, uint64_t bound_bytes = 0) : bytes_(bytes, 0) {
    EXPECT_TRUE(memory.AddRegion(kBase, bytes_.data(), bytes).ok());
    desc.base_address = kBase;
    desc.size_bytes = bound_bytes != 0 ? bound_bytes : bytes;
  }
  BvhMemory(const BvhMemory&) = delete;
  BvhMemory& operator=(const BvhMemory&) = delete;

  uint8_t* At(uint64_t offset) { return bytes_.data() + offset; }

  Result Run(uint64_t pointer, float extent, const Vec& o, const Vec& d, const Vec& inv) const {
    return ReferenceBvhIntersect(desc, memory, pointer, extent, o.data(), d.data(), inv.data());
  }
  // Box tests read only the inverse direction; triangle tests only the direction.
  Result Box(uint64_t pointer, float extent, const Vec& o, const Vec& inv) const {
    return Run(pointer, extent, o, {kNaN, kNaN, kNaN}, inv);
  }
  Result Triangle(uint64_t pointer, const Vec& o, const Vec& d) const {
    return Run(pointer, kNaN, o, d, {kNaN, kNaN, kNaN});
  }

  BvhDesc desc;
  Memory memory;

 private:
  std::vector<uint8_t> bytes_;
};

constexpr uint64_t kBox32At0 = 0 | static_cast<uint64_t>(BvhNodeType::kBox32);
constexpr uint64_t kBox16At0 = 0 | static_cast<uint64_t>(BvhNodeType::kBox16);

BvhBox MakeBox(Vec min, Vec max) { return {min, max}; }

// ---------------------------------------------------------------------------------------------
// Helpers

TEST(BvhReferenceHelpers, NodePointerAndAddress) {
  // bits [2:0] the type, the rest the address / 8: offset 128 -> 16, | 5.
  EXPECT_EQ(BvhNodePointer(128, BvhNodeType::kBox32), 21u);
  EXPECT_EQ(BvhNodePointer(uint64_t{1} << 35, BvhNodeType::kTriangle2), (uint64_t{1} << 32) | 2);
  EXPECT_EQ(BvhNodeOffset(21), 128u);
  EXPECT_EQ(BvhPointerType(21), BvhNodeType::kBox32);
}

TEST(BvhReferenceHelpers, HalfToFloatIsExact) {
  EXPECT_EQ(HalfToFloat(0x3C00), 1.0f);
  // 0.1 = 1.6 * 2^-4: exponent field 11, mantissa round(0.6 * 1024) = 614 = 0x266, so 0x2E66,
  // whose value is (1024 + 614) / 1024 * 2^-4 = 1638 / 16384 = 0.0999755859375.
  EXPECT_EQ(FloatToHalf(0.1f), 0x2E66);
  EXPECT_EQ(HalfToFloat(0x2E66), 0.0999755859375f);
  EXPECT_EQ(HalfToFloat(0x0001), 0x1p-24f);  // the smallest denormal, not flushed
  EXPECT_EQ(HalfToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(HalfToFloat(0x7C00), kInf);
  EXPECT_EQ(HalfToFloat(0xFC00), -kInf);
  EXPECT_EQ(Bits(HalfToFloat(0x8000)), 0x80000000u);
  EXPECT_TRUE(std::isnan(HalfToFloat(0x7E00)));
}

TEST(BvhReferenceHelpers, GrowFactorRoundsToBinary32) {
  // 1 + g * 2^-24, rounded to nearest even on the 2^-23 grid of [1, 2).
  EXPECT_EQ(BoxGrowFactor(0), 1.0f);
  EXPECT_EQ(BoxGrowFactor(1), 1.0f);                 // 1 + 2^-24: a tie, to the even 1
  EXPECT_EQ(BoxGrowFactor(2), 1.0f + 0x1p-23f);      // exact
  EXPECT_EQ(BoxGrowFactor(3), 1.0f + 0x1p-22f);      // 1.5 ulps: a tie, to the even 2 ulps
  EXPECT_EQ(BoxGrowFactor(4), 1.0f + 0x1p-22f);      // exact
  EXPECT_EQ(BoxGrowFactor(5), 1.0f + 0x1p-22f);      // 2.5 ulps: to the even 2
  EXPECT_EQ(BoxGrowFactor(6), 1.0f + 3 * 0x1p-23f);  // exact
  EXPECT_EQ(BoxGrowFactor(255), 1.0f + 0x1p-16f);    // 127.5 ulps: to the even 128
}

TEST(BvhReferenceHelpers, NodeWritersFollowTheLayoutTables) {
  std::vector<uint8_t> buf(128, 0xAA);
  WriteBox16Node(buf.data(), kChildren,
                 {BvhBox16{0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0006}, BvhBox16{}, BvhBox16{},
                  BvhBox16{0x1111, 0x2222, 0x3333, 0x4444, 0x5555, 0x6666}});
  auto dword = [&](int at) {
    return uint32_t{buf[at]} | uint32_t{buf[at + 1]} << 8 | uint32_t{buf[at + 2]} << 16 |
           uint32_t{buf[at + 3]} << 24;
  };
  EXPECT_EQ(dword(0), kC0);
  EXPECT_EQ(dword(12), kC3);
  // Box 0 at 16: min.x | min.y << 16, min.z | max.x << 16, max.y | max.z << 16.
  EXPECT_EQ(dword(16), 0x00020001u);
  EXPECT_EQ(dword(20), 0x00040003u);
  EXPECT_EQ(dword(24), 0x00060005u);
  // Box 3 at 16 + 36 = 52.
  EXPECT_EQ(dword(52), 0x22221111u);
  EXPECT_EQ(dword(60), 0x66665555u);
  EXPECT_EQ(buf[64], 0xAA);  // 64 bytes, no more

  WriteBox32Node(
      buf.data(), kChildren,
      {MakeBox({1, 2, 3}, {4, 5, 6}), BvhBox{}, BvhBox{}, MakeBox({7, 8, 9}, {10, 11, 12})});
  EXPECT_EQ(dword(16), Bits(1.0f));    // box 0 min.x
  EXPECT_EQ(dword(28), Bits(4.0f));    // box 0 max.x
  EXPECT_EQ(dword(88), Bits(7.0f));    // box 3 at 16 + 72
  EXPECT_EQ(dword(108), Bits(12.0f));  // box 3 max.z
  EXPECT_EQ(dword(124), 0u);           // 112-127 unused

  WriteTriangleNode(buf.data(), {Vec{1, 2, 3}, Vec{4, 5, 6}, Vec{}, Vec{}, Vec{13, 14, 15}}, 99);
  EXPECT_EQ(dword(12), Bits(4.0f));   // V1 at 12
  EXPECT_EQ(dword(56), Bits(15.0f));  // V4.z at 48 + 8
  EXPECT_EQ(dword(60), 99u);
}

// ---------------------------------------------------------------------------------------------
// Box nodes. Unless a test says otherwise the ray starts at o = (0, 0, 0) with d = (1, 0.5, 0.25),
// so r = inv_dir = (1, 2, 4) exactly, and the slab products are small exact values.

const Vec kO = {0, 0, 0};
const Vec kR = {1, 2, 4};

// Slab intervals [lo, hi] per axis, entry = max of the lows, exit = min of the highs:
//   box 0 [2,3]x[0,2]x[0,2]:     x [2,3], y [0,4],  z [0,8]  -> [2, 3]   hit, key 2
//   box 1 [5,6]x[0,10]x[0,10]:   x [5,6], y [0,20], z [0,40] -> [5, 6]   hit, key 5
//   box 2 [1,2]x[5,6]x[0,1]:     x [1,2], y [10,12], z [0,4] -> [10, 2]  miss
//   box 3 [.5,1]x[0,1]x[0,1]:    x [.5,1], y [0,2], z [0,4]  -> [.5, 1]  hit, key 0.5
void WriteBasicNode(BvhMemory& m) {
  WriteBox32Node(m.At(0), kChildren,
                 {MakeBox({2, 0, 0}, {3, 2, 2}), MakeBox({5, 0, 0}, {6, 10, 10}),
                  MakeBox({1, 5, 0}, {2, 6, 1}), MakeBox({0.5f, 0, 0}, {1, 1, 1})});
}

TEST(BvhReferenceBox, HitsAndMissesInNodeOrderWithoutSorting) {
  BvhMemory m(256);
  WriteBasicNode(m);
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kC1, kX, kC3}));
}

TEST(BvhReferenceBox, SortedByEntryDistance) {
  BvhMemory m(256);
  m.desc.box_sort_en = true;
  WriteBasicNode(m);
  // Keys (2, 5, -, 0.5). (0,2): 2 is invalid, 0 valid: keep. (1,3): 0.5 < 5: swap ->
  // (c0:2, c3:0.5, -, c1:5). (0,1): 0.5 < 2: swap -> (c3, c0, -, c1). (2,3): 2 invalid: swap ->
  // (c3, c0, c1, -). (1,2): 5 < 2 no.
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC3, kC0, kC1, kX}));
}

TEST(BvhReferenceBox, ExtentCutsTheFarBox) {
  BvhMemory m(256);
  WriteBasicNode(m);
  // Box 1 is entered at exactly 5: tmax = min(6, 5) = 5 >= 5 hits; one ulp less misses.
  EXPECT_EQ(m.Box(kBox32At0, 5.0f, kO, kR), (Result{kC0, kC1, kX, kC3}));
  EXPECT_EQ(m.Box(kBox32At0, std::nextafter(5.0f, 0.0f), kO, kR), (Result{kC0, kX, kX, kC3}));
  // Extent 0.5: only box 3 (entered at 0.5 = min(1, 0.5)).
  EXPECT_EQ(m.Box(kBox32At0, 0.5f, kO, kR), (Result{kX, kX, kX, kC3}));
  // A NaN extent drops out of min(exit, extent): as if unlimited.
  EXPECT_EQ(m.Box(kBox32At0, kNaN, kO, kR), (Result{kC0, kC1, kX, kC3}));
  // A negative extent: tmax < 0 <= tmin for every box.
  EXPECT_EQ(m.Box(kBox32At0, -1.0f, kO, kR), (Result{kX, kX, kX, kX}));
}

TEST(BvhReferenceBox, OriginInsideClampsEntryToZero) {
  BvhMemory m(256);
  // o = (2.5, 1, 1), r = (1, 2, 4):
  //   slot 0 [5,6]x[0,10]x[0,10]:     x [2.5,3.5], y [-2,18], z [-4,36]   -> [2.5, 3.5] key 2.5
  //   slot 1 [2,3]x[0,2]x[0,2]:       x [-.5,.5], y [-2,2], z [-4,4]      -> [-.5, .5]: tmin 0
  //   slot 2 [0,1]x[0,2]x[0,2]:       x [-2.5,-1.5], y [-2,2], z [-4,4]   -> exit -1.5 < 0: miss
  //   slot 3 [-10,10]^3:              x [-12.5,7.5], y [-22,18], z [-44,36] -> tmin 0
  WriteBox32Node(m.At(0), kChildren,
                 {MakeBox({5, 0, 0}, {6, 10, 10}), MakeBox({2, 0, 0}, {3, 2, 2}),
                  MakeBox({0, 0, 0}, {1, 2, 2}), MakeBox({-10, -10, -10}, {10, 10, 10})});
  const Vec o = {2.5f, 1, 1};
  EXPECT_EQ(m.Box(kBox32At0, 100, o, kR), (Result{kC0, kC1, kX, kC3}));
  // Sorted, keys (2.5, 0, -, 0): (0,2) keep; (1,3) 0 < 0 no; (0,1) swap -> (c1, c0, -, c3);
  // (2,3) invalid a: swap -> (c1, c0, c3, -); (1,2) 0 < 2.5: swap -> (c1, c3, c0, -). The tied
  // c1 and c3 stay in node order.
  m.desc.box_sort_en = true;
  EXPECT_EQ(m.Box(kBox32At0, 100, o, kR), (Result{kC1, kC3, kC0, kX}));
  // Extent 0 still enters the boxes around the origin (0 <= min(exit, 0) = 0).
  m.desc.box_sort_en = false;
  EXPECT_EQ(m.Box(kBox32At0, 0.0f, o, kR), (Result{kX, kC1, kX, kC3}));
}

TEST(BvhReferenceBox, TiesKeepNodeOrderWhenAllKeysAreEqual) {
  BvhMemory m(256);
  m.desc.box_sort_en = true;
  // Four copies of [2,3]x[0,2]x[0,2]: every key is 2, no compare-exchange swaps.
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(m.At(0), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kC1, kC2, kC3}));
}

TEST(BvhReferenceBox, TheNetworkIsNotAStableSort) {
  // docs/bvh.md's network, applied as written: keys (1, 0, 0, 9) (o = (2.5, 1, 1) inside slots 1
  // and 2; slot 0 entered at 1, slot 3 at 9).
  //   slot 0 [3.5,6]x[0,10]x[0,10]: x [1,3.5], y [-2,18], z [-4,36] -> key 1
  //   slots 1, 2 [2,3]x[0,2]x[0,2]: key 0
  //   slot 3 [11.5,12]x[0,10]x[0,10]: x [9,9.5] -> key 9
  // (0,2): 0 < 1: swap -> (c2:0, c1:0, c0:1, c3:9); (1,3), (0,1) (0 < 0 no), (2,3), (1,2): keep.
  // So the tied c1 and c2 come out as c2, c1 (GPURT's network, IntersectCommon.hlsl, behaves the
  // same; the prose "ties keep their node order" holds only when no swap crosses them).
  BvhMemory m(256);
  m.desc.box_sort_en = true;
  const BvhBox inside = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(
      m.At(0), kChildren,
      {MakeBox({3.5f, 0, 0}, {6, 10, 10}), inside, inside, MakeBox({11.5f, 0, 0}, {12, 10, 10})});
  EXPECT_EQ(m.Box(kBox32At0, 100, {2.5f, 1, 1}, kR), (Result{kC2, kC1, kC0, kC3}));
}

TEST(BvhReferenceBox, GrazingAFaceIsAHit) {
  BvhMemory m(256);
  // o = 0, r = (1, 2, 4):
  //   slot 0 [2,3]x[-1,1]x[-1,1]:  x [2,3], y [-2,2], z [-4,4] -> [2, 2]: 2 <= 2 hits (the ray
  //                                touches the face y = 1 at t = 2)
  //   slot 1 [2,3]x[-1,.75]x[-1,1]: y [-2,1.5] -> [2, 1.5]: miss
  //   slot 2 [2,3]x[1,1]x[.5,.5]:  a flat segment; y [2,2], z [2,2] -> [2, 2]: hit
  //   slot 3 [2+2^-22,3]x[-1,1]x[-1,1]: entered one ulp after the exit at 2: miss
  WriteBox32Node(m.At(0), kChildren,
                 {MakeBox({2, -1, -1}, {3, 1, 1}), MakeBox({2, -1, -1}, {3, 0.75f, 1}),
                  MakeBox({2, 1, 0.5f}, {3, 1, 0.5f}), MakeBox({2 + 0x1p-22f, -1, -1}, {3, 1, 1})});
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kX, kC2, kX}));
}

TEST(BvhReferenceBox, ZeroDirectionComponents) {
  BvhMemory m(256);
  // d = (1, 0, 0), r = (1, +inf, +inf), o = (0, 0.5, 0.5); each box is [2,3] in x, [0,1] in z:
  //   slot 0 y [0,1]:   y ((0-.5)*inf, (1-.5)*inf) = (-inf, inf)          -> [2, 3] hit
  //   slot 1 y [1,2]:   y (.5*inf, 1.5*inf) = (inf, inf): entry inf         -> miss
  //   slot 2 y [.5,1]:  y (0*inf = NaN, inf): the NaN drops out of the max  -> [2, 3] hit
  //   slot 3 y [0,.5]:  y (-inf, 0*inf = NaN): the NaN drops out of the min -> [2, 3] hit
  WriteBox32Node(m.At(0), kChildren,
                 {MakeBox({2, 0, 0}, {3, 1, 1}), MakeBox({2, 1, 0}, {3, 2, 1}),
                  MakeBox({2, 0.5f, 0}, {3, 1, 1}), MakeBox({2, 0, 0}, {3, 0.5f, 1})});
  const Vec o = {0, 0.5f, 0.5f};
  EXPECT_EQ(m.Box(kBox32At0, 100, o, {1, kInf, kInf}), (Result{kC0, kX, kC2, kC3}));
  // d = (1, -0, -0), r = (1, -inf, -inf): r < 0 takes (hi, lo):
  //   slot 0 y (lo, hi) = (inf, -inf) -> (near, far) = (-inf, inf)  hit
  //   slot 1 y (lo, hi) = (-inf, -inf) -> far -inf                  miss
  //   slot 2 y (NaN, -inf) -> near -inf, far NaN drops               hit
  //   slot 3 y (inf, NaN) -> near NaN drops, far inf                 hit
  EXPECT_EQ(m.Box(kBox32At0, 100, o, {1, -kInf, -kInf}), (Result{kC0, kX, kC2, kC3}));
  // The origin outside the x slab too, with d = 0: o = (5, .5, .5), r = (inf, inf, inf): x
  // (-3*inf, -2*inf) = (-inf, -inf) -> exit -inf: every box misses.
  EXPECT_EQ(m.Box(kBox32At0, 100, {5, 0.5f, 0.5f}, {kInf, kInf, kInf}), (Result{kX, kX, kX, kX}));
  // d = 0 from o = (0, .5, .5), before every box in x: x ((2-0)*inf, (3-0)*inf) = (inf, inf), so
  // each box is entered at +inf (slot 1 also in y) and, as no axis limits the exit, left at
  // +inf: with a finite extent tmax = 100 < tmin, but with an infinite one tmin = tmax = +inf,
  // which step 4's `<=` counts as a hit (GPURT's fast_intersect_bbox does the same).
  EXPECT_EQ(m.Box(kBox32At0, 100, {0, 0.5f, 0.5f}, {kInf, kInf, kInf}), (Result{kX, kX, kX, kX}));
  EXPECT_EQ(m.Box(kBox32At0, kInf, {0, 0.5f, 0.5f}, {kInf, kInf, kInf}),
            (Result{kC0, kC1, kC2, kC3}));
  // d = 0 from o = (2.5, .5, .5), inside slot 0: every axis (-inf, inf), so tmin 0 <= tmax =
  // extent. Slots 2 and 3 hold the origin on a face (a NaN axis drops out): hits too.
  EXPECT_EQ(m.Box(kBox32At0, 100, {2.5f, 0.5f, 0.5f}, {kInf, kInf, kInf}),
            (Result{kC0, kX, kC2, kC3}));
}

TEST(BvhReferenceBox, NaNOperands) {
  BvhMemory m(256);
  //   slot 0 [2,3]x[0,1]x[0,1], slot 1 [2,3]x[5,6]x[0,1], slots 2, 3 [-10,10]^3.
  WriteBox32Node(m.At(0), kChildren,
                 {MakeBox({2, 0, 0}, {3, 1, 1}), MakeBox({2, 5, 0}, {3, 6, 1}),
                  MakeBox({-10, -10, -10}, {10, 10, 10}), MakeBox({-10, -10, -10}, {10, 10, 10})});
  // o.x NaN drops the x axis. o = (NaN, .5, .5), r = (1, 2, 4):
  //   slot 0: y [-1, 1], z [-2, 2] -> [-1, 1]: tmin 0, hit
  //   slot 1: y [9, 11], z [-2, 2] -> [9, 2]: miss
  //   slots 2, 3: y [-21, 19], z [-42, 38] -> hit
  EXPECT_EQ(m.Box(kBox32At0, 100, {kNaN, 0.5f, 0.5f}, kR), (Result{kC0, kX, kC2, kC3}));
  // r.x NaN: both x products NaN, the same.
  EXPECT_EQ(m.Box(kBox32At0, 100, {0, 0.5f, 0.5f}, {kNaN, 2, 4}), (Result{kC0, kX, kC2, kC3}));
  // Every axis NaN: entry and exit NaN -> tmin = +inf, tmax = -inf: all miss, even with growth.
  m.desc.box_grow_value = 255;
  EXPECT_EQ(m.Box(kBox32At0, 100, {0, 0.5f, 0.5f}, {kNaN, kNaN, kNaN}), (Result{kX, kX, kX, kX}));
  EXPECT_EQ(m.Box(kBox32At0, 100, {kNaN, kNaN, kNaN}, kR), (Result{kX, kX, kX, kX}));
}

TEST(BvhReferenceBox, GrowValueTurnsAJustMissIntoAHit) {
  BvhMemory m(256);
  // o = 0, d = r = (1, 1, 1); every box [., 4]x[0, 1]x[0, 4] leaves through y = 1 at t = 1:
  //   slot 0 min.x 1 + 2^-23: tmin one ulp above tmax = 1
  //   slot 1 min.x 1 + 2^-22: two ulps above
  //   slot 2 min.x 1:          tmin = tmax = 1, always a hit
  //   slot 3 min.x 2:          far beyond any growth (1 + 2^-16 at most)
  WriteBox32Node(
      m.At(0), kChildren,
      {MakeBox({1 + 0x1p-23f, 0, 0}, {4, 1, 4}), MakeBox({1 + 0x1p-22f, 0, 0}, {4, 1, 4}),
       MakeBox({1, 0, 0}, {4, 1, 4}), MakeBox({2, 0, 0}, {4, 1, 4})});
  const Vec r = {1, 1, 1};
  auto run = [&](uint8_t grow) {
    m.desc.box_grow_value = grow;
    return m.Box(kBox32At0, 100, kO, r);
  };
  EXPECT_EQ(run(0), (Result{kX, kX, kC2, kX}));
  EXPECT_EQ(run(1), (Result{kX, kX, kC2, kX}));      // factor 1.0: no effect
  EXPECT_EQ(run(2), (Result{kC0, kX, kC2, kX}));     // tmax * (1 + 2^-23) = 1 + 2^-23
  EXPECT_EQ(run(3), (Result{kC0, kC1, kC2, kX}));    // factor 1 + 2^-22
  EXPECT_EQ(run(255), (Result{kC0, kC1, kC2, kX}));  // 1 + 2^-16 < 2
}

TEST(BvhReferenceBox, EmptyChildSlot) {
  BvhMemory m(256);
  // Keys: slot 0 [1,2]x[0,2]x[0,4] -> x [1,2], y [0,4], z [0,16]: 1; slot 1 (empty) [.5,1] -> .5;
  // slot 2 [3,4] -> 3; slot 3 [2,3] -> 2. All hit.
  WriteBox32Node(m.At(0), {kC0, kX, kC2, kC3},
                 {MakeBox({1, 0, 0}, {2, 2, 4}), MakeBox({0.5f, 0, 0}, {1, 2, 4}),
                  MakeBox({3, 0, 0}, {4, 2, 4}), MakeBox({2, 0, 0}, {3, 2, 4})});
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kX, kC2, kC3}));
  // Sorted, (c0:1, -, c2:3, c3:2): the empty slot is invalid although hit. (0,2) keep; (1,3) a
  // invalid: swap -> (c0, c3, c2, -); (0,1) 2 < 1 no; (2,3) b invalid: keep; (1,2) 3 < 2 no.
  m.desc.box_sort_en = true;
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kC3, kC2, kX}));
}

TEST(BvhReferenceBox, Box16BoundsAreExactHalfValues) {
  BvhMemory m(256);
  const uint16_t one = 0x3C00, zero = 0x0000;
  // d = (1, 0, 0), r = (1, inf, inf), y and z of every box [0, 1] around o.y = o.z = 0.5.
  //   slot 0 min.x = 0x2E66 = 0.0999755859375 (binary16 0.1)
  //   slot 1 min.x = 0x0001 = 2^-24 (a binary16 denormal)
  //   slot 2 x [-inf, +inf] (0xFC00, 0x7C00)
  //   slot 3 empty, its box [0, 1]^3
  WriteBox16Node(
      m.At(0), {kC0, kC1, kC2, kX},
      {BvhBox16{0x2E66, zero, zero, one, one, one}, BvhBox16{0x0001, zero, zero, one, one, one},
       BvhBox16{0xFC00, zero, zero, 0x7C00, one, one}, BvhBox16{zero, zero, zero, one, one, one}});
  const Vec r = {1, kInf, kInf};
  // From o.x = -1: slot 0 enters at 0.0999755859375 + 1 = 1.0999755859375 (exact: 18022 / 2^14);
  // with the binary32 0.1 instead it would be 1.10000002 > the extent below. Slot 1 enters at
  // fl(1 + 2^-24) = 1 (a tie, to even), slot 2 at max(-inf, ...) -> tmin 0.
  const Vec o = {-1, 0.5f, 0.5f};
  EXPECT_EQ(m.Box(kBox16At0, 1.0999755859375f, o, r), (Result{kC0, kC1, kC2, kX}));
  EXPECT_EQ(m.Box(kBox16At0, std::nextafter(1.0999755859375f, 0.0f), o, r),
            (Result{kX, kC1, kC2, kX}));
  // From o.x = 0: slot 1 enters at 2^-24, so extent 0 misses it (a flushed denormal would make
  // it 0 and hit) and extent 2^-24 hits it.
  const Vec o0 = {0, 0.5f, 0.5f};
  EXPECT_EQ(m.Box(kBox16At0, 0.0f, o0, r), (Result{kX, kX, kC2, kX}));
  EXPECT_EQ(m.Box(kBox16At0, 0x1p-24f, o0, r), (Result{kX, kC1, kC2, kX}));
  // The halves' order: min.y of slot 0 moved to 0.75 (0x3A00) puts o.y = .5 outside its y slab.
  WriteBox16Node(m.At(0), {kC0, kC1, kC2, kX},
                 {BvhBox16{0x2E66, 0x3A00, zero, one, one, one},
                  BvhBox16{0x0001, zero, zero, one, 0x3800, one},     // max.y 0.5: o.y on its face
                  BvhBox16{0xFC00, zero, zero, 0x7C00, one, 0x3400},  // max.z 0.25 < o.z
                  BvhBox16{zero, zero, zero, one, one, one}});
  EXPECT_EQ(m.Box(kBox16At0, 100, o, r), (Result{kX, kC1, kX, kX}));
}

TEST(BvhReferenceBox, ASortedNodeListsExactlyItsHitsInKeyOrder) {
  // The network on random nodes: the sorted slots are the unsorted ones' valid entries, in an
  // order of non-decreasing key (the per-box keys from ReferenceRayBox), then the misses.
  BvhMemory m(256);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coord(-8, 8);
  for (int iter = 0; iter < 5000; ++iter) {
    std::array<BvhBox, 4> boxes;
    std::array<uint32_t, 4> children = kChildren;
    for (int i = 0; i < 4; ++i) {
      for (int a = 0; a < 3; ++a) {
        float p = coord(rng), q = coord(rng);
        // Coarse values make equal keys (ties) common.
        p = std::round(p);
        q = std::round(q);
        boxes[i].min[a] = std::min(p, q);
        boxes[i].max[a] = std::max(p, q);
      }
      if (rng() % 8 == 0) children[i] = kX;
    }
    WriteBox32Node(m.At(0), children, boxes);
    const Vec o = {coord(rng), coord(rng), coord(rng)};
    const Vec r = {1.0f / coord(rng), 1.0f / coord(rng), 1.0f / coord(rng)};
    m.desc.box_sort_en = false;
    const Result unsorted = m.Box(kBox32At0, 20, o, r);
    m.desc.box_sort_en = true;
    const Result sorted = m.Box(kBox32At0, 20, o, r);
    std::vector<std::pair<float, uint32_t>> want;
    for (int i = 0; i < 4; ++i) {
      const BvhBoxHit h =
          ReferenceRayBox(boxes[i].min.data(), boxes[i].max.data(), 20, o.data(), r.data(), 0);
      EXPECT_EQ(unsorted[i], h.hit ? children[i] : kX);
      if (unsorted[i] != kX) want.push_back({h.tmin, unsorted[i]});
    }
    std::vector<uint32_t> got_valid(sorted.begin(), sorted.begin() + want.size());
    std::vector<uint32_t> want_valid;
    for (const auto& e : want) want_valid.push_back(e.second);
    std::sort(got_valid.begin(), got_valid.end());
    std::sort(want_valid.begin(), want_valid.end());
    EXPECT_EQ(got_valid, want_valid) << "iteration " << iter;
    for (size_t k = 0; k < 4; ++k) {
      if (k >= want.size()) {
        EXPECT_EQ(sorted[k], kX);
        continue;
      }
      // The slot holds one of the valid entries whose key is the k-th smallest.
      std::vector<float> keys;
      for (const auto& e : want) keys.push_back(e.first);
      std::sort(keys.begin(), keys.end());
      bool found = false;
      for (const auto& e : want) found |= e.second == sorted[k] && e.first == keys[k];
      EXPECT_TRUE(found) << "iteration " << iter << " slot " << k;
    }
  }
}

// The box test against a binary64 slab test on the same binary32 inputs: each slab bound
// (min - o) * r is computed with at most two binary32 roundings, a relative error below 2^-23, so
// wherever the binary64 interval [max(entry, 0), min(exit, extent)] is non-empty by more than a
// relative 1e-5 the reference must hit, and wherever it is empty by more than that it must miss.
TEST(BvhReferenceBox, RandomBoxesAgreeWithBinary64) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> pos(-200, 200), box(-100, 100), unit(-1, 1), far(0, 600);
  int hits = 0, misses = 0, undecided = 0;
  for (int iter = 0; iter < 200000; ++iter) {
    float bmin[3], bmax[3], o[3], r[3], d[3];
    // Half the rays aim at a point of the box grown by a fifth on each side, so that hits, near
    // misses and misses are all common; the others point anywhere.
    const bool aimed = rng() % 2 == 0;
    const float scale = std::ldexp(1.0f, static_cast<int>(rng() % 21) - 10);
    for (int a = 0; a < 3; ++a) {
      const float p = box(rng), q = box(rng);
      bmin[a] = std::min(p, q);
      bmax[a] = std::max(p, q);
      o[a] = (rng() % 4 == 0) ? box(rng) : pos(rng);  // often inside the box's range
      const float margin = (bmax[a] - bmin[a]) * 0.2f;
      std::uniform_real_distribution<float> target(bmin[a] - margin, bmax[a] + margin);
      const uint32_t kind = rng() % 20;
      d[a] = kind == 0   ? 0.0f
             : kind == 1 ? -0.0f
             : kind == 2 ? unit(rng) * 1e-20f
             : aimed     ? (target(rng) - o[a]) * scale
                         : unit(rng);
      r[a] = 1.0f / d[a];  // what a shader passes: inv_dir = 1 / dir in binary32
    }
    const uint32_t e_kind = rng() % 8;
    const float extent = e_kind == 0 ? kInf : e_kind == 1 ? kNaN : far(rng);

    // binary64: the closed interval of t on the ray o + t / r inside the box, within [0, extent].
    double t0 = 0.0, t1 = std::isnan(extent) ? INFINITY : extent;
    for (int a = 0; a < 3; ++a) {
      if (std::isinf(r[a])) {
        // The ray never moves along this axis: all or nothing.
        if (o[a] < bmin[a] || o[a] > bmax[a]) t1 = -INFINITY;
        continue;
      }
      double lo = (double{bmin[a]} - o[a]) * r[a];
      double hi = (double{bmax[a]} - o[a]) * r[a];
      if (r[a] < 0) std::swap(lo, hi);
      t0 = std::max(t0, lo);
      t1 = std::min(t1, hi);
    }
    const BvhBoxHit got = ReferenceRayBox(bmin, bmax, extent, o, r, 0);
    // A zero direction has every slab entered and left at +inf when the origin lies below one:
    // the document's tmin = +inf <= tmax = +inf (extent +inf or NaN) is then a hit, where the
    // binary64 model says miss. Only false misses are checked for such rays.
    const bool all_infinite = std::isinf(r[0]) && std::isinf(r[1]) && std::isinf(r[2]);
    // The margin is relative to the finite ends (an infinite end is decided either way).
    auto finite_abs = [](double t) { return std::isinf(t) ? 0.0 : std::fabs(t); };
    const double margin = 1e-5 * std::max({finite_abs(t0), finite_abs(t1), 1e-30});
    if (t1 - t0 > margin) {
      ++hits;
      ASSERT_TRUE(got.hit) << "false miss at iteration " << iter << ": [" << t0 << ", " << t1
                           << "]";
    } else if (t0 - t1 > margin && !all_infinite) {
      ++misses;
      ASSERT_FALSE(got.hit) << "false hit at iteration " << iter << ": [" << t0 << ", " << t1
                            << "]";
    } else {
      ++undecided;
    }
  }
  // The generator must exercise both outcomes.
  EXPECT_GT(hits, 10000);
  EXPECT_GT(misses, 10000);
}

// ---------------------------------------------------------------------------------------------
// Triangle nodes. Unless a test says otherwise d = (0, 0, 1): kz = z (|0| >= |0| but not >= 1),
// kx = x, ky = y, Sx = Sy = 0, Sz = 1, so the sheared vertices are the vertices' x and y relative
// to the origin, and T = 5 (U + V + W) for a triangle in the plane z = 5 seen from z = 0.

const Vec kUp = {0, 0, 1};

// V0-V2 a triangle in z = 5 with V1 and V2 in counter-clockwise order seen from below.
void WriteTriangle(BvhMemory& m, uint64_t offset, Vec v0, Vec v1, Vec v2, uint32_t id = 0) {
  WriteTriangleNode(m.At(offset), {v0, v1, v2, Vec{}, Vec{}}, id);
}

TEST(BvhReferenceTriangle, HitWithBarycentrics) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // v0 (-1,-1,5), v1 (-1,3,5), v2 (3,-1,5), o = (1, 0, 0): A = (-2,-1), B = (-2,3), C = (2,-1).
  //   U = Cx By - Cy Bx = 2*3 - (-1)(-2) = 4
  //   V = Ax Cy - Ay Cx = (-2)(-1) - (-1)(2) = 4
  //   W = Bx Ay - By Ax = (-2)(-1) - 3(-2) = 8
  //   det = 16, T = (4*5 + 4*5) + 8*5 = 80: t = 5, (i, j) = (0.25, 0.5), and
  //   0.25 v0 + 0.25 v1 + 0.5 v2 = (1, 0, 5), the point above the origin.
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5});
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, kUp), TriangleHit(80, 16, 4, 8));
}

TEST(BvhReferenceTriangle, ShearedDirection) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // d = (1, 2, 4): kz = z, Sx = 1/4, Sy = 2/4 = 0.5, Sz = 0.25 (all exact); o = 0.
  // v0 (0,2,8), v1 (4,2,8), v2 (2,6,8): A[kz] = B[kz] = C[kz] = 8, so Sx*8 = 2 and Sy*8 = 4:
  //   A = (0-2, 2-4) = (-2,-2), B = (4-2, 2-4) = (2,-2), C = (2-2, 6-4) = (0,2)
  //   U = 0(-2) - 2*2 = -4, V = (-2)2 - (-2)0 = -4, W = 2(-2) - (-2)(-2) = -8, det = -16
  //   T = (-4*2 + -4*2) + -8*2 = -32 (Sz*8 = 2): t = 2, the point (2, 4, 8) = 0.25 v0 + 0.25 v1 +
  //   0.5 v2. det < 0 and T <= 0: a hit seen from the back.
  WriteTriangle(m, 0, {0, 2, 8}, {4, 2, 8}, {2, 6, 8});
  EXPECT_EQ(m.Triangle(0, {0, 0, 0}, {1, 2, 4}), TriangleHit(-32, -16, -4, -8));
}

TEST(BvhReferenceTriangle, NegativeDominantAxisSwapsKxKy) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // The triangle of HitWithBarycentrics seen from above: o = (1, 0, 10), d = (0, 0, -1). kz = z,
  // d[kz] < 0 swaps kx, ky -> kx = y, ky = x; Sx = 0 / -1 = -0, Sy = -0, Sz = -1.
  // A = v0 - o = (-2,-1,-5) -> (A.y, A.x) = (-1,-2) (the -0 * -5 terms add +0); B = (-2,3,-5) ->
  // (3,-2); C = (2,-1,-5) -> (-1, 2).
  //   U = (-1)(-2) - 2*3 = -4, V = (-1)2 - (-2)(-1) = -4, W = 3(-2) - (-2)(-1) = -8, det = -16
  //   T = (-4*5 + -4*5) + -8*5 = -80 (Sz * -5 = 5): t = 5, the same barycentrics (0.25, 0.5).
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5});
  EXPECT_EQ(m.Triangle(0, {1, 0, 10}, {0, 0, -1}), TriangleHit(-80, -16, -4, -8));
}

TEST(BvhReferenceTriangle, Misses) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5});
  // Outside the hypotenuse: o = (4, 4, 0): A = (-5,-5), B = (-5,-1), C = (-1,-5):
  //   U = (-1)(-1) - (-5)(-5) = -24, V = (-5)(-5) - (-5)(-1) = 20, W = (-5)(-5) - (-1)(-5) = 20.
  EXPECT_EQ(m.Triangle(0, {4, 4, 0}, kUp), kTriangleMiss);
  // Behind the origin: o = (1, 0, 10), d = +z: U, V, W = 4, 4, 8 as in HitWithBarycentrics, but
  // A[kz] = -5: T = -80 < 0 with det = 16 > 0.
  EXPECT_EQ(m.Triangle(0, {1, 0, 10}, kUp), kTriangleMiss);
  // Parallel, in the plane: d = (1, 0, 0) -> kz = x, kx = y, ky = z; o = (-10, 0, 5): every
  // sheared y (the z offsets) is 0, so U = V = W = 0 (the binary64 recomputation too): det 0.
  EXPECT_EQ(m.Triangle(0, {-10, 0, 5}, {1, 0, 0}), kTriangleMiss);
  // A NaN direction: |NaN| >= 0 is false -> kz = z, Sx = NaN: U, V, W, det NaN.
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, {kNaN, 0, 1}), kTriangleMiss);
  // (inf, inf, 0): kz = x, Sx = inf / inf = NaN.
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, {kInf, kInf, 0}), kTriangleMiss);
  // A zero direction: kz = x, Sx = 0 / 0 = NaN.
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, {0, 0, 0}), kTriangleMiss);
}

TEST(BvhReferenceTriangle, OriginOnThePlaneHitsAtZero) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // o = (1, 0, 5): A[kz] = 0, T = 4*0 + 4*0 + 8*0 = +0 >= 0 with det 16.
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5});
  EXPECT_EQ(m.Triangle(0, {1, 0, 5}, kUp), TriangleHit(0, 16, 4, 8));
}

TEST(BvhReferenceTriangle, OneInfiniteDirectionComponentHitsAtZero) {
  // What docs/bvh.md's arithmetic gives for d = (0, 0, +inf): Sx = Sy = 0 / inf = 0, Sz = 1 / inf =
  // 0, so the 2D test is the one of d = +z, but T = U (0 * A[kz]) + ... is a zero: +0 for the
  // triangle in front, -0 (4 * (0 * -5) = -0, summed) for the one behind, and both pass step 8
  // (-0 >= 0). A shader dividing t_num by t_denom sees distance 0 either way.
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5});
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, {0, 0, kInf}), TriangleHit(0.0f, 16, 4, 8));
  EXPECT_EQ(m.Triangle(0, {1, 0, 10}, {0, 0, kInf}), TriangleHit(-0.0f, 16, 4, 8));
}

TEST(BvhReferenceTriangle, ReturnModeZeroGivesIdAndStatus) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = false;
  WriteTriangle(m, 0, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5}, 0xABCD1234u);
  // The hit of HitWithBarycentrics: {T, det, triangle_id, 1}; a miss {+inf, 1.0, triangle_id, 0}.
  EXPECT_EQ(m.Triangle(0, {1, 0, 0}, kUp), (Result{Bits(80), Bits(16), 0xABCD1234u, 1}));
  EXPECT_EQ(m.Triangle(0, {4, 4, 0}, kUp), (Result{Bits(kInf), Bits(1.0f), 0xABCD1234u, 0}));
}

TEST(BvhReferenceTriangle, NodeTypesSelectVertices) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // V0 (0,0), V1 (4,0), V2 (0,4), V3 (4,4), V4 (-4,2), all at z = 5; o = (p, 0), d = +z; with
  // a, b, c the picked vertices minus p: U = Cx By - Cy Bx, V = Ax Cy - Ay Cx, W = Bx Ay - By Ax,
  // T = 5 det. The numerators' order says which vertex went where.
  WriteTriangleNode(m.At(0),
                    {Vec{0, 0, 5}, Vec{4, 0, 5}, Vec{0, 4, 5}, Vec{4, 4, 5}, Vec{-4, 2, 5}}, 7);
  auto pointer = [](BvhNodeType t) { return BvhNodePointer(0, t); };
  // Type 0 (V0, V1, V2), p = (1, 1): A (-1,-1), B (3,-1), C (-1,3):
  //   U = 1 - 9 = -8, V = -3 - 1 = -4, W = -3 - 1 = -4; det -16, T = (-40 - 20) - 20 = -80.
  EXPECT_EQ(m.Triangle(pointer(BvhNodeType::kTriangle0), {1, 1, 0}, kUp),
            TriangleHit(-80, -16, -4, -4));
  // Type 1 (V1, V3, V2), p = (3, 3): A (1,-3), B (1,1), C (-3,1):
  //   U = -3 - 1 = -4, V = 1 - 9 = -8, W = -3 - 1 = -4; det -16, T = (-20 - 40) - 20 = -80.
  EXPECT_EQ(m.Triangle(pointer(BvhNodeType::kTriangle1), {3, 3, 0}, kUp),
            TriangleHit(-80, -16, -8, -4));
  // Type 2 (V2, V3, V4), p = (0, 3.5): A (0,.5), B (4,.5), C (-4,-1.5):
  //   U = -2 + 6 = 4, V = 0 + 2 = 2, W = 2 - 0 = 2; det 8, T = (20 + 10) + 10 = 40.
  EXPECT_EQ(m.Triangle(pointer(BvhNodeType::kTriangle2), {0, 3.5f, 0}, kUp),
            TriangleHit(40, 8, 2, 2));
  // Type 3 (V2, V4, V0), p = (-1, 2): A (1,2), B (-3,0), C (1,-2):
  //   U = 0 - 6 = -6, V = -2 - 2 = -4, W = -6 - 0 = -6; det -16, T = (-30 - 20) - 30 = -80.
  EXPECT_EQ(m.Triangle(pointer(BvhNodeType::kTriangle3), {-1, 2, 0}, kUp),
            TriangleHit(-80, -16, -4, -6));
  // p = (1, 1) lies outside type 1's triangle (below the diagonal x + y = 4).
  EXPECT_EQ(m.Triangle(pointer(BvhNodeType::kTriangle1), {1, 1, 0}, kUp), kTriangleMiss);
}

TEST(BvhReferenceTriangle, SharedEdgeHitsBoth) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // A pair as GPURT packs it: type 0 is (V0, V1, V2), type 1 (V1, V3, V2), sharing V1-V2. With
  // V0 (4,0), V1 (0,0), V2 (4,4), V3 (0,4) the shared edge is the diagonal (0,0)-(4,4), and
  // p = (2, 2) lies on it.
  // Type 0: A (2,-2), B (-2,-2), C (2,2): U = 2(-2) - 2(-2) = 0 (exact in binary64 too),
  //   V = 2*2 - (-2)2 = 8, W = (-2)(-2) - (-2)2 = 8; det 16, T = 80.
  // Type 1: A (-2,-2), B (-2,2), C (2,2): U = 2*2 - 2(-2) = 8, V = (-2)2 - (-2)2 = 0,
  //   W = (-2)(-2) - 2(-2) = 8; det 16, T = 80.
  WriteTriangleNode(m.At(0), {Vec{4, 0, 5}, Vec{0, 0, 5}, Vec{4, 4, 5}, Vec{0, 4, 5}, Vec{}}, 0);
  EXPECT_EQ(m.Triangle(BvhNodePointer(0, BvhNodeType::kTriangle0), {2, 2, 0}, kUp),
            TriangleHit(80, 16, 8, 8));
  EXPECT_EQ(m.Triangle(BvhNodePointer(0, BvhNodeType::kTriangle1), {2, 2, 0}, kUp),
            TriangleHit(80, 16, 0, 8));
}

TEST(BvhReferenceTriangle, Binary64FallbackDecidesANearEdgeRay) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = true;
  // o = 0, d = +z, vertices at z = 1 (T = det). B = (1 + 2^-12, 0.25 + 2^-13), C = (-4,
  // -(1 + 2^-12)): Cx By = -(1 + 2^-11) exactly, Cy Bx = -(1 + 2^-12)^2 = -(1 + 2^-11 + 2^-24),
  // which rounds (a tie, to even) to -(1 + 2^-11). So U = 0 in binary32, while the exact U is
  // +2^-24: the origin lies a hair outside edge BC. The recomputation gives U = 2^-24.
  const float b_x = 1 + 0x1p-12f, b_y = 0.25f + 0x1p-13f, c_y = -(1 + 0x1p-12f);
  // A = (0, -1): V = 0 * c_y - (-1)(-4) = -4, W = b_x (-1) - b_y 0 = -(1 + 2^-12). With U > 0 the
  // signs are mixed: a miss (the binary32 U = 0 would have let it hit).
  WriteTriangle(m, 0, {0, -1, 1}, {b_x, b_y, 1}, {-4, c_y, 1});
  EXPECT_EQ(m.Triangle(0, {0, 0, 0}, kUp), kTriangleMiss);
  // A = (0, 1) on the other side: V = 4, W = 1 + 2^-12, U = 2^-24: all positive, a hit.
  // det = (2^-24 + 4) + (1 + 2^-12) = 4 + (1 + 2^-12) (2^-24 is below half an ulp of 4) =
  // 5 + 2^-12, and T, with every A[kz] = 1, is the same sum.
  WriteTriangle(m, 0, {0, 1, 1}, {b_x, b_y, 1}, {-4, c_y, 1});
  EXPECT_EQ(m.Triangle(0, {0, 0, 0}, kUp),
            TriangleHit(5 + 0x1p-12f, 5 + 0x1p-12f, 4, 1 + 0x1p-12f));
}

// Watertightness: for a triangle pair (types 0 and 1 of one node share the edge V1-V2), rays
// aimed at points of the shared edge, from origins well off the pair's plane, must hit at least
// one of the two. The points are computed in binary32 and so lie a rounding off the edge on
// either side; the third vertices V0 and V3 are far from the edge on opposite sides.
TEST(BvhReferenceTriangle, NoRayThroughASharedEdgeMissesBoth) {
  BvhMemory m(256);
  m.desc.triangle_return_mode = false;
  std::mt19937 rng(99);
  std::uniform_real_distribution<float> xy(-10, 10), bump(-0.1f, 0.1f), side(0.3f, 1.0f),
      along(0.05f, 0.95f), height(20, 50), scale(0.01f, 100);
  int rays = 0;
  for (int pair = 0; pair < 200; ++pair) {
    Vec p, q;
    do {
      p = {xy(rng), xy(rng), bump(rng)};
      q = {xy(rng), xy(rng), bump(rng)};
    } while (std::hypot(q[0] - p[0], q[1] - p[1]) < 4);
    const float nx = -(q[1] - p[1]), ny = q[0] - p[0];  // the edge's normal in the plane
    const float mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2;
    const float s0 = side(rng), s3 = side(rng);
    const Vec v0 = {mx + s0 * nx, my + s0 * ny, bump(rng)};
    const Vec v3 = {mx - s3 * nx, my - s3 * ny, bump(rng)};
    // Type 0 (V0, V1, V2), type 1 (V1, V3, V2): V1 = p, V2 = q.
    WriteTriangleNode(m.At(0), {v0, p, q, v3, Vec{}}, 0);
    for (int k = 0; k < 250; ++k, ++rays) {
      const float s = along(rng);
      Vec x;
      for (int a = 0; a < 3; ++a) x[a] = p[a] + s * (q[a] - p[a]);
      const Vec o = {xy(rng) * 2, xy(rng) * 2, (rng() % 2 ? 1.0f : -1.0f) * height(rng)};
      const float f = scale(rng);
      const Vec d = {(x[0] - o[0]) * f, (x[1] - o[1]) * f, (x[2] - o[2]) * f};
      const Result r0 = m.Triangle(BvhNodePointer(0, BvhNodeType::kTriangle0), o, d);
      const Result r1 = m.Triangle(BvhNodePointer(0, BvhNodeType::kTriangle1), o, d);
      ASSERT_TRUE(r0[3] == 1 || r1[3] == 1) << "pair " << pair << " ray " << k;
      // A hit is at the edge point: t = T / det = 1 / f.
      for (const Result& r : {r0, r1}) {
        if (r[3] != 1) continue;
        const double t = double{std::bit_cast<float>(r[0])} / std::bit_cast<float>(r[1]);
        EXPECT_NEAR(t * f, 1.0, 1e-3) << "pair " << pair << " ray " << k;
      }
    }
  }
  EXPECT_EQ(rays, 50000);
}

// ---------------------------------------------------------------------------------------------
// Fetching: bounds, registered memory, BVH64 pointers, node types 6 and 7.

TEST(BvhReferenceFetch, NodesMustLieInsideTheDescriptorBounds) {
  // 512 registered bytes, bounds 256 (four 64-byte units): valid nodes written past the bounds
  // are still not read.
  BvhMemory m(512, 256);
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});  // hit, key 2
  const Result all = {kC0, kC1, kC2, kC3};
  WriteBox32Node(m.At(128), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(BvhNodePointer(128, BvhNodeType::kBox32), 100, kO, kR), all);  // 128..255
  // A box32 in the last unit: bytes 192..319, half past the bounds.
  WriteBox32Node(m.At(192), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(BvhNodePointer(192, BvhNodeType::kBox32), 100, kO, kR), (Result{kX, kX, kX, kX}));
  // A box16 there fits (192..255). 0x4000 = 2, 0x4200 = 3, 0x4500 = 5, 0x4600 = 6, 0x3C00 = 1:
  // three [2,3]x[0,2]x[0,2] and a [0,1]x[5,6]x[0,1], whose y slab [10, 12] misses.
  const BvhBox16 h = {0x4000, 0, 0, 0x4200, 0x4000, 0x4000};
  WriteBox16Node(m.At(192), kChildren, {h, h, h, {0, 0x4500, 0, 0x3C00, 0x4600, 0x3C00}});
  EXPECT_EQ(m.Box(BvhNodePointer(192, BvhNodeType::kBox16), 100, kO, kR),
            (Result{kC0, kC1, kC2, kX}));
  // Wholly past the bounds.
  WriteBox32Node(m.At(256), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(BvhNodePointer(256, BvhNodeType::kBox32), 100, kO, kR), (Result{kX, kX, kX, kX}));
  // Triangles: at 192 inside, at 256 outside -> the miss with triangle_id 0 in either mode.
  WriteTriangle(m, 192, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5}, 77);
  WriteTriangle(m, 256, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5}, 77);
  EXPECT_EQ(m.Triangle(BvhNodePointer(192, BvhNodeType::kTriangle0), {1, 0, 0}, kUp),
            (Result{Bits(80), Bits(16), 77, 1}));
  EXPECT_EQ(m.Triangle(BvhNodePointer(256, BvhNodeType::kTriangle0), {1, 0, 0}, kUp),
            kTriangleMiss);
  m.desc.triangle_return_mode = true;
  EXPECT_EQ(m.Triangle(BvhNodePointer(256, BvhNodeType::kTriangle0), {1, 0, 0}, kUp),
            kTriangleMiss);
}

TEST(BvhReferenceFetch, NodesMustLieInRegisteredMemory) {
  // Bounds 1024, only 512 registered.
  BvhMemory m(512, 1024);
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(m.At(384), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(BvhNodePointer(384, BvhNodeType::kBox32), 100, kO, kR),
            (Result{kC0, kC1, kC2, kC3}));
  // 448..575 crosses the end of the region.
  EXPECT_EQ(m.Box(BvhNodePointer(448, BvhNodeType::kBox32), 100, kO, kR), (Result{kX, kX, kX, kX}));
  // A triangle at 448..511 is inside, one at 512 is not.
  WriteTriangle(m, 448, {-1, -1, 5}, {-1, 3, 5}, {3, -1, 5}, 5);
  EXPECT_EQ(m.Triangle(BvhNodePointer(448, BvhNodeType::kTriangle0), {1, 0, 0}, kUp),
            (Result{Bits(80), Bits(16), 5, 1}));
  EXPECT_EQ(m.Triangle(BvhNodePointer(512, BvhNodeType::kTriangle0), {1, 0, 0}, kUp),
            kTriangleMiss);
  // Nothing registered at all.
  BvhDesc desc;
  desc.base_address = kBase;
  desc.size_bytes = 1024;
  const Memory empty;
  const Vec o = kO, r = kR, d = kUp;
  EXPECT_EQ(ReferenceBvhIntersect(desc, empty, kBox32At0, 100, o.data(), d.data(), r.data()),
            (Result{kX, kX, kX, kX}));
  EXPECT_EQ(ReferenceBvhIntersect(desc, empty, 0, 100, o.data(), d.data(), r.data()),
            kTriangleMiss);
}

TEST(BvhReferenceFetch, Bvh64PointersUseTheHighDword) {
  // Bounds of 2^36 bytes from base 0x100000; 256 bytes registered 2^35 bytes past the base. The
  // node pointer of offset 2^35 is 2^32 | 5: low dword 5, high dword 1.
  const uint64_t offset = uint64_t{1} << 35;
  std::vector<uint8_t> buf(256, 0);
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase + offset, buf.data(), buf.size()).ok());
  BvhDesc desc;
  desc.base_address = kBase;
  desc.size_bytes = uint64_t{1} << 36;
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(buf.data(), kChildren, {b, b, b, b});
  const uint64_t pointer = BvhNodePointer(offset, BvhNodeType::kBox32);
  ASSERT_EQ(pointer, (uint64_t{1} << 32) | 5);
  const Vec o = kO, r = kR, d = kUp;
  EXPECT_EQ(ReferenceBvhIntersect(desc, memory, pointer, 100, o.data(), d.data(), r.data()),
            (Result{kC0, kC1, kC2, kC3}));
  // The low dword alone (BVH's zero-extended pointer) names offset 0, which is not registered.
  EXPECT_EQ(
      ReferenceBvhIntersect(desc, memory, pointer & 0xFFFFFFFFu, 100, o.data(), d.data(), r.data()),
      (Result{kX, kX, kX, kX}));
}

TEST(BvhReferenceFetch, PointersPastTwoToThe64DoNotWrap) {
  // (pointer & ~7) * 8 for pointer 2^61 | 5 is 2^64: outside any bounds, although the product
  // taken modulo 2^64 would be offset 0, where a valid node lies.
  BvhMemory m(256);
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(m.At(0), kChildren, {b, b, b, b});
  EXPECT_EQ(m.Box(kBox32At0, 100, kO, kR), (Result{kC0, kC1, kC2, kC3}));
  EXPECT_EQ(m.Box((uint64_t{1} << 61) | 5, 100, kO, kR), (Result{kX, kX, kX, kX}));
  EXPECT_EQ(m.Box(~uint64_t{7} | 5, 100, kO, kR), (Result{kX, kX, kX, kX}));
}

TEST(BvhReferenceFetch, InstanceAndAabbNodesReturnFourInvalid) {
  BvhMemory m(256);
  const BvhBox b = MakeBox({2, 0, 0}, {3, 2, 2});
  WriteBox32Node(m.At(0), kChildren, {b, b, b, b});
  for (const BvhNodeType t : {BvhNodeType::kInstance, BvhNodeType::kAabb}) {
    EXPECT_EQ(m.Run(BvhNodePointer(0, t), 100, kO, kUp, kR), (Result{kX, kX, kX, kX}));
    // Also outside the bounds and memory: no read, the same answer.
    EXPECT_EQ(m.Run(BvhNodePointer(4096, t), 100, kO, kUp, kR), (Result{kX, kX, kX, kX}));
  }
}

}  // namespace
}  // namespace texunit::reference
