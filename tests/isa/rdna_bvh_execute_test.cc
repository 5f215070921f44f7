// gcn::Execute on IMAGE_BVH(64)_INTERSECT_RAY words (gfx1030): the BVH T# from SGPRs, the ray
// from contiguous or NSA VADDR, A16's packed directions, BVH64's two-dword node pointer, VDATA
// overlapping VADDR, an unbound T#, and the errors. Instruction bytes come from llvm-mc 14
// (`llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding`, read as little-endian dwords); expected
// results are worked out by hand from docs/bvh.md in the comments.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "texunit/bvh.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/rdna.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint64_t kBase = 0x200000;

// image_bvh_intersect_ray v[4:7], v[8:23], s[0:3]
constexpr uint32_t kBvh[] = {0xf1989f01, 0x00000408};
// image_bvh_intersect_ray v[4:7], v[8:15], s[0:3] a16
constexpr uint32_t kBvhA16[] = {0xf1989f01, 0x40000408};
// image_bvh_intersect_ray v[4:7], [v8, v20, v21, v22, v23, v24, v25, v26], s[0:3] a16
constexpr uint32_t kBvhNsaA16[] = {0xf1989f05, 0x40000408, 0x17161514, 0x001a1918};
// image_bvh64_intersect_ray v[4:7], [v8, v9, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29],
// s[0:3]
constexpr uint32_t kBvh64Nsa[] = {0xf19c9f07, 0x00000408, 0x16151409, 0x1a191817, 0x001d1c1b};
// image_bvh_intersect_ray v[8:11], v[8:23], s[0:3]: the results overwrite the node pointer,
// extent, origin.xy.
constexpr uint32_t kBvhOverlap[] = {0xf1989f01, 0x00000808};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

void Put32(std::vector<uint8_t>& bytes, size_t offset, uint32_t v) {
  std::memcpy(&bytes[offset], &v, 4);
}

class RdnaBvhExecuteTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  void SetUp() override {
    // Unit 0-1: a box32 node; unit 2: a triangle node.
    nodes_.assign(3 * 64, 0);
    const uint32_t children[4] = {0x101, 0x202, 0x303, 0x404};
    // Boxes along the diagonal: child 0 [3,4]^3, child 1 [1,2]^3, child 2 [-5,-4]^3 (behind),
    // child 3 [2,5]^3.
    const float lo[4] = {3, 1, -5, 2}, hi[4] = {4, 2, -4, 5};
    for (int c = 0; c < 4; ++c) {
      Put32(nodes_, 4 * c, children[c]);
      for (int k = 0; k < 3; ++k) {
        Put32(nodes_, 16 + 24 * c + 4 * k, F(lo[c]));
        Put32(nodes_, 16 + 24 * c + 12 + 4 * k, F(hi[c]));
      }
    }
    // The triangle (V0, V1, V2) = (0,0,5), (4,0,5), (0,4,5); triangle_id 77.
    const float v[9] = {0, 0, 5, 4, 0, 5, 0, 4, 5};
    for (int k = 0; k < 9; ++k) Put32(nodes_, 128 + 4 * k, F(v[k]));
    Put32(nodes_, 128 + 60, 77);
    ASSERT_TRUE(memory_.AddRegion(kBase, nodes_.data(), nodes_.size(), false).ok());
    sgprs_.assign(16, 0);
    vgprs_.assign(64 * 64, kSentinel);
  }

  void BindDesc(const BvhDesc& desc) {
    std::array<uint32_t, 4> t;
    ASSERT_TRUE(rdna::EncodeBvhDesc(desc, &t).ok());
    std::copy(t.begin(), t.end(), sgprs_.begin());
  }
  BvhDesc Desc(bool barycentrics = true) const {
    BvhDesc d;
    d.base_address = kBase;
    d.size_bytes = nodes_.size();
    d.box_sort_en = true;
    d.triangle_return_mode = barycentrics;
    return d;
  }
  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs_[reg * 64 + lane]; }
  void Broadcast(uint32_t reg, uint32_t value) {
    for (uint32_t lane = 0; lane < 64; ++lane) v(reg, lane) = value;
  }

  Status Run(std::span<const uint32_t> words, uint64_t exec = ~0ull) {
    gcn::MimgInstruction inst;
    TEXUNIT_RETURN_IF_ERROR(DecodeAmdMimg(Gfx::kGfx1030, words, &inst));
    gcn::WaveState wave;
    wave.lane_count = 64;
    wave.exec = exec;
    wave.sgprs = sgprs_;
    wave.vgprs = vgprs_;
    return gcn::Execute(*runtime_, inst, wave, memory_);
  }

  static std::unique_ptr<Runtime> runtime_;
  std::vector<uint8_t> nodes_;
  Memory memory_;
  std::vector<uint32_t> sgprs_, vgprs_;
};

std::unique_ptr<Runtime> RdnaBvhExecuteTest::runtime_;

// The ray from the origin along (1, 1, 1), inv_dir (1, 1, 1), extent 100, enters child 1 at t = 1,
// child 3 at 2, child 0 at 3; child 2 lies behind (tmax = -4 < tmin = 0). Sorted: 0x202, 0x404,
// 0x101, then the miss.
constexpr uint32_t kSortedBoxes[4] = {0x202, 0x404, 0x101, kBvhInvalidNode};

TEST_F(RdnaBvhExecuteTest, BoxNodeFromContiguousAddresses) {
  BindDesc(Desc());
  Broadcast(8, static_cast<uint32_t>(BvhNodeType::kBox32));  // unit 0
  Broadcast(9, F(100.0f));
  for (uint32_t k = 0; k < 3; ++k) {
    Broadcast(10 + k, F(0.0f));
    Broadcast(13 + k, F(1.0f));
    Broadcast(16 + k, F(1.0f));
  }
  const uint64_t exec = 0xF0F0F0F0F0F0F0F0ull;
  ASSERT_TRUE(Run(kBvh, exec).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const bool active = (exec >> lane) & 1;
    for (uint32_t k = 0; k < 4; ++k) {
      EXPECT_EQ(v(4 + k, lane), active ? kSortedBoxes[k] : kSentinel) << lane << " " << k;
    }
  }
}

// A16: dir and inv_dir as halves in three dwords, (dir.x, dir.y), (dir.z, inv.x), (inv.y, inv.z);
// 1.0 is 0x3C00. The same ray, the same result, contiguous and NSA.
TEST_F(RdnaBvhExecuteTest, BoxNodeWithA16Directions) {
  BindDesc(Desc());
  for (const bool nsa : {false, true}) {
    vgprs_.assign(64 * 64, kSentinel);
    const uint32_t regs[8] = {8,
                              nsa ? 20u : 9u,
                              nsa ? 21u : 10u,
                              nsa ? 22u : 11u,
                              nsa ? 23u : 12u,
                              nsa ? 24u : 13u,
                              nsa ? 25u : 14u,
                              nsa ? 26u : 15u};
    Broadcast(regs[0], static_cast<uint32_t>(BvhNodeType::kBox32));
    Broadcast(regs[1], F(100.0f));
    for (uint32_t k = 0; k < 3; ++k) Broadcast(regs[2 + k], F(0.0f));
    for (uint32_t k = 0; k < 3; ++k) Broadcast(regs[5 + k], 0x3C003C00u);
    ASSERT_TRUE(
        Run(nsa ? std::span<const uint32_t>(kBvhNsaA16) : std::span<const uint32_t>(kBvhA16)).ok());
    for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(v(4 + k, 17), kSortedBoxes[k]) << nsa << " " << k;
  }
}

// A16 halves in their places, seen through the triangle test (which reads dir): dir = (0, 0, 1)
// from (dir.x, dir.y) = v13 = 0 and dir.z = low half of v14, with inv_dir.x = -1 in its high
// half and v15 holding inv_dir.y, inv_dir.z. The ray from (1, 1, 0) then hits the triangle as in
// TriangleThroughBvh64Pointer below: {-80, -16, -4, -4}. A packing that paired dir.k with
// inv_dir.k would read dir = (0, 1, 1) and return other values.
TEST_F(RdnaBvhExecuteTest, A16HalvesLandInTheirComponents) {
  BindDesc(Desc());
  Broadcast(8, static_cast<uint32_t>((128 >> 3) | static_cast<uint32_t>(BvhNodeType::kTriangle0)));
  Broadcast(9, F(100.0f));
  Broadcast(10, F(1.0f));
  Broadcast(11, F(1.0f));
  Broadcast(12, F(0.0f));
  Broadcast(13, 0x00000000u);  // dir.x = 0, dir.y = 0
  Broadcast(14, 0xBC003C00u);  // dir.z = 1, inv_dir.x = -1
  Broadcast(15, 0x3C003C00u);  // inv_dir.y = inv_dir.z = 1
  ASSERT_TRUE(Run(kBvhA16).ok());
  EXPECT_EQ(v(4, 0), F(-80.0f));
  EXPECT_EQ(v(5, 0), F(-16.0f));
  EXPECT_EQ(v(6, 0), F(-4.0f));
  EXPECT_EQ(v(7, 0), F(-4.0f));
}

// BVH64 with NSA: the triangle sits at 2^36, past 32-bit pointers (pointer = 2^33, high dword 2).
// Ray from (1, 1, 0) along +z: kz = z, no shear; A = (-1,-1,5), B = (3,-1,5), C = (-1,3,5);
// U = 1 - 9 = -8, V = -3 - 1 = -4, W = -3 - 1 = -4 (all one sign: inside); det = -16;
// T = 5 (U + V + W) = -80. t = 5, i = j = 0.25.
TEST_F(RdnaBvhExecuteTest, TriangleThroughBvh64Pointer) {
  constexpr uint64_t kFar = uint64_t{1} << 36;
  std::vector<uint8_t> far(nodes_.begin() + 128, nodes_.end());
  ASSERT_TRUE(memory_.AddRegion(kFar, far.data(), far.size(), false).ok());
  BvhDesc desc = Desc();
  desc.base_address = 0;
  desc.size_bytes = uint64_t{1} << 40;
  for (const bool barycentrics : {true, false}) {
    desc.triangle_return_mode = barycentrics;
    BindDesc(desc);
    const uint64_t pointer = (kFar >> 3) | static_cast<uint64_t>(BvhNodeType::kTriangle0);
    Broadcast(8, static_cast<uint32_t>(pointer));
    Broadcast(9, static_cast<uint32_t>(pointer >> 32));
    Broadcast(20, F(100.0f));
    Broadcast(21, F(1.0f));
    Broadcast(22, F(1.0f));
    Broadcast(23, F(0.0f));
    Broadcast(24, F(0.0f));
    Broadcast(25, F(0.0f));
    Broadcast(26, F(1.0f));
    for (uint32_t k = 27; k < 30; ++k) Broadcast(k, F(1.0f));
    ASSERT_TRUE(Run(kBvh64Nsa).ok());
    EXPECT_EQ(v(4, 3), F(-80.0f));
    EXPECT_EQ(v(5, 3), F(-16.0f));
    EXPECT_EQ(v(6, 3), barycentrics ? F(-4.0f) : 77u);
    EXPECT_EQ(v(7, 3), barycentrics ? F(-4.0f) : 1u);
  }
}

// VDATA v[8:11] over VADDR v[8:23]: the ray is read before the results land.
TEST_F(RdnaBvhExecuteTest, ResultsMayOverwriteTheRay) {
  BindDesc(Desc());
  Broadcast(8, static_cast<uint32_t>(BvhNodeType::kBox32));
  Broadcast(9, F(100.0f));
  for (uint32_t k = 0; k < 3; ++k) {
    Broadcast(10 + k, F(0.0f));
    Broadcast(13 + k, F(1.0f));
    Broadcast(16 + k, F(1.0f));
  }
  ASSERT_TRUE(Run(kBvhOverlap).ok());
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(v(8 + k, 63), kSortedBoxes[k]) << k;
}

// An all-zero T# is unbound: zeros, as for images.
TEST_F(RdnaBvhExecuteTest, UnboundDescriptorReturnsZeros) {
  Broadcast(8, static_cast<uint32_t>(BvhNodeType::kBox32));
  ASSERT_TRUE(Run(kBvh, 0x3).ok());
  for (uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(v(4 + k, 0), 0u);
    EXPECT_EQ(v(4 + k, 2), kSentinel);
  }
}

TEST_F(RdnaBvhExecuteTest, BadDescriptorsAndRegistersAreErrors) {
  BindDesc(Desc());
  sgprs_[3] = (sgprs_[3] & 0x0FFFFFFFu) | 0x90000000u;  // TYPE 9
  Status st = Run(kBvh);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("TYPE=9"), std::string::npos) << st.message();
  BindDesc(Desc());
  sgprs_[1] |= 1u << 10;  // reserved bit 42
  st = Run(kBvh);
  EXPECT_NE(st.message().find("reserved bits 54:40"), std::string::npos) << st.message();
  BindDesc(Desc());
  vgprs_.resize(19 * 64);  // the 11 address dwords end at v18
  EXPECT_TRUE(Run(kBvh).ok());
  vgprs_.resize(18 * 64);
  st = Run(kBvh);
  EXPECT_NE(st.message().find("VADDR v[8:18]"), std::string::npos) << st.message();
}

// The descriptor codec round-trips every field, bit for bit.
TEST(BvhDescriptorTest, EncodeDecodeRoundTrip) {
  BvhDesc d;
  d.base_address = 0xABCDEF1200ull;
  d.size_bytes = uint64_t{0x123456} << 6;
  d.box_grow_value = 0xA5;
  d.box_sort_en = true;
  d.triangle_return_mode = true;
  d.big_page = true;
  d.llc_noalloc = 2;
  std::array<uint32_t, 4> t;
  ASSERT_TRUE(rdna::EncodeBvhDesc(d, &t).ok());
  // Hand-assembled: dword0 = base >> 8 low bits; dword1 = base >> 40 (0) | grow << 23 | sort << 31;
  // dword2 = size units - 1; dword3 = mode << 24 | llc_noalloc << 25 | big_page << 27 | 8 << 28.
  EXPECT_EQ(t[0], 0xABCDEF12u);
  EXPECT_EQ(t[1], (0xA5u << 23) | (1u << 31));
  EXPECT_EQ(t[2], 0x123455u);
  EXPECT_EQ(t[3], (1u << 24) | (2u << 25) | (1u << 27) | (8u << 28));
  BvhDesc back;
  ASSERT_TRUE(rdna::DecodeBvhDesc(t, &back).ok());
  EXPECT_EQ(back, d);
  d.base_address = 0x80;
  EXPECT_FALSE(rdna::EncodeBvhDesc(d, &t).ok());
}

}  // namespace
}  // namespace texunit
