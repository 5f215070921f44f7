// The scalar reference's integer-address ops (tests/reference/reference_memory_ops.cc and
// reference_atomics.cc) against values computed by hand from docs/sampling.md: loads and stores
// on every image type, GET_RESINFO's table, and the atomics' table. Byte offsets follow the
// linear layout of include/texunit/layout.h, worked out in each test's comments. Every texel is
// R32_UINT (or R32G32_UINT) holding its own element index, so a value read names where it was
// read from.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "reference/reference_sampler.h"
#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/request.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x20000;
constexpr uint32_t kSentinel = 0xDEADBEEFu;

// `size` bytes at kBase; every dword holds its index (byte offset / 4) plus `bias`.
struct Guest {
  explicit Guest(size_t size, uint32_t bias = 0) : words((size + 3) / 4) {
    for (size_t i = 0; i < words.size(); ++i) words[i] = static_cast<uint32_t>(i) + bias;
    const Status st = memory.AddRegion(kBase, words.data(), size);
    EXPECT_TRUE(st.ok()) << st.ToString();
  }
  std::vector<uint32_t> words;
  Memory memory;
};

ImageDesc Image(ImageType type, uint32_t w, uint32_t h, uint32_t depth, uint32_t last_level,
                FormatId format = FormatId::kR32_UINT) {
  ImageDesc d;
  d.base_address = kBase;
  d.format = format;
  d.type = type;
  d.width = w;
  d.height = h;
  d.pitch = w;
  d.depth = depth;
  d.last_level = static_cast<uint8_t>(last_level);
  if (type != ImageType::k3D && depth > 1) d.last_array = depth - 1;
  return d;
}

// One wave: coord[0..3], mip, data[0..3] in; out[0..3] and status (kSentinel) out.
struct Wave {
  uint32_t coord[4][kMaxLanes] = {};
  uint32_t mip[kMaxLanes] = {};
  uint32_t data[4][kMaxLanes] = {};
  uint32_t out[4][kMaxLanes];
  uint32_t status[kMaxLanes];

  Wave() {
    for (auto& c : out) std::fill(std::begin(c), std::end(c), kSentinel);
    std::fill(std::begin(status), std::end(status), kSentinel);
  }
  void At(uint32_t lane, uint32_t x, uint32_t y, uint32_t z = 0, uint32_t f = 0) {
    coord[0][lane] = x;
    coord[1][lane] = y;
    coord[2][lane] = z;
    coord[3][lane] = f;
  }
  TexRequest Make(Op op, const ImageDesc* image, const Memory* memory, uint32_t lanes,
                  uint8_t dmask = 0x1) {
    TexRequest r;
    r.op = op;
    r.image = image;
    r.memory = memory;
    r.lane_count = lanes;
    r.exec = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    r.mods.dmask = dmask;
    for (int c = 0; c < 4; ++c) {
      r.in.coord[c] = coord[c];
      r.in.data[c] = data[c];
      r.out.data[c] = out[c];
    }
    r.in.mip = mip;
    r.out.status = status;
    return r;
  }
};

void ExpectOk(const Status& st) { ASSERT_TRUE(st.ok()) << st.ToString(); }

constexpr Op kLoad{OpKind::kLoad, 0};
constexpr Op kLoadMip{OpKind::kLoad, kOpMip};
constexpr Op kStore{OpKind::kStore, 0};
constexpr Op kResinfo{OpKind::kGetResinfo, 0};
Op Atomic(AtomicOp a) { return Op{OpKind::kAtomic, 0, a}; }

TEST(ReferenceImageTypes, Load3DAddressesSlicesPerLevel) {
  // 3x2x4, 2 levels. Level 0: pitch 3, a slice is 2 rows = 6 texels; (2, 1, 3) is element
  // 3 * 6 + 1 * 3 + 2 = 23. Level 0 ends at 4 * 24 = 96 bytes, so level 1 (1x1x2) starts at 256
  // = element 64, and its (0, 0, 1) is element 65.
  const ImageDesc img = Image(ImageType::k3D, 3, 2, 4, 1);
  Guest g(256 + 8);
  Wave w;
  w.At(0, 2, 1, 3);
  w.At(1, 0, 0, 1);
  w.mip[1] = 1;
  w.At(2, 0, 0, 4);  // z = depth_0: out of bounds
  w.At(3, 0, 0, 2);  // depth_1 = 2: out of bounds at level 1
  w.mip[3] = 1;
  ExpectOk(reference::Execute(w.Make(kLoadMip, &img, &g.memory, 4)));
  EXPECT_EQ(w.out[0][0], 23u);
  EXPECT_EQ(w.out[0][1], 65u);
  EXPECT_EQ(w.out[0][2], 0u);
  EXPECT_EQ(w.out[0][3], 0u);
}

TEST(ReferenceImageTypes, CubeFacesAreLayersOfTheView) {
  // Two cubes (12 faces) of 2x2; the view is the second cube (BASE_ARRAY 6). A face is 4 texels,
  // so face id 5 of the view is memory layer 11 and (1, 1) in it is element 11 * 4 + 3 = 47.
  ImageDesc img = Image(ImageType::kCube, 2, 2, 12, 0);
  img.base_array = 6;
  Guest g(12 * 16);
  Wave w;
  w.At(0, 1, 1, 5);
  w.At(1, 0, 0, 0);  // layer 6: element 24
  w.At(2, 0, 0, 6);  // N = 6: out of bounds
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 3)));
  EXPECT_EQ(w.out[0][0], 47u);
  EXPECT_EQ(w.out[0][1], 24u);
  EXPECT_EQ(w.out[0][2], 0u);
}

TEST(ReferenceImageTypes, OneDimensionalArraysIgnoreYAndHaveOneRowPerLayer) {
  // 5 texels x 3 layers; HEIGHT 7 is not read. Layer 2, x 4: element 2 * 5 + 4 = 14.
  const ImageDesc img = Image(ImageType::k1DArray, 5, 7, 3, 0);
  Guest g(3 * 20);
  Wave w;
  w.At(0, 4, 999, 2);  // y is ignored
  w.At(1, 5, 0, 0);    // x = w: out of bounds
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 2)));
  EXPECT_EQ(w.out[0][0], 14u);
  EXPECT_EQ(w.out[0][1], 0u);
}

TEST(ReferenceImageTypes, MsaaFragmentsAreConsecutiveElements) {
  // 3x2, 4 fragments (LAST_LEVEL 2), 2 layers: a row is 3 * 4 elements, a layer 24. Fragment 3
  // of (2, 1) in layer 1 is element 24 + 1 * 12 + 2 * 4 + 3 = 47.
  const ImageDesc img = Image(ImageType::k2DMsaaArray, 3, 2, 2, 2);
  Guest g(48 * 4);
  Wave w;
  w.At(0, 2, 1, 1, 3);
  w.At(1, 0, 0, 0, 4);  // fragment 4 of 4: out of bounds
  w.At(2, 1, 0, 0, 2);  // element 1 * 4 + 2 = 6
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 3)));
  EXPECT_EQ(w.out[0][0], 47u);
  EXPECT_EQ(w.out[0][1], 0u);
  EXPECT_EQ(w.out[0][2], 6u);
  // MSAA images have no mips: the _MIP forms reject them.
  EXPECT_EQ(reference::Execute(w.Make(kLoadMip, &img, &g.memory, 1)).code(),
            StatusCode::kInvalidArgument);
}

TEST(ReferenceImageTypes, StoreToAnArrayLayerWritesThatTexelOnly) {
  // 2x2x3 2D array, view layers 1..2: layer 1 of the view is memory layer 2, (1, 0) in it is
  // element 2 * 4 + 1 = 9.
  ImageDesc img = Image(ImageType::k2DArray, 2, 2, 3, 0);
  img.base_array = 1;
  Guest g(12 * 4, 100);
  Wave w;
  w.At(0, 1, 0, 1);
  w.data[0][0] = 0xABCD;
  w.At(1, 0, 0, 2);  // layer 2 of a 2-layer view: dropped
  w.data[0][1] = 0x1234;
  ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 2)));
  for (uint32_t i = 0; i < 12; ++i) EXPECT_EQ(g.words[i], i == 9 ? 0xABCDu : 100 + i) << i;
}

TEST(ReferenceImageTypes, MissingAddressOperandsAreInvalid) {
  const ImageDesc img = Image(ImageType::k2DMsaa, 2, 2, 1, 1);
  Guest g(64);
  Wave w;
  TexRequest r = w.Make(kLoad, &img, &g.memory, 1);
  r.in.coord[3] = nullptr;  // the fragment
  EXPECT_EQ(reference::Execute(r).code(), StatusCode::kInvalidArgument);
  const ImageDesc one_d = Image(ImageType::k1D, 4, 1, 1, 0);
  r = w.Make(kLoad, &one_d, &g.memory, 1);
  r.in.coord[1] = r.in.coord[2] = r.in.coord[3] = nullptr;  // 1D reads x alone
  ExpectOk(reference::Execute(r));
}

// GET_RESINFO: the four dwords of lane 0 for `mip`.
std::vector<uint32_t> Resinfo(const ImageDesc& img, uint32_t mip) {
  Wave w;
  w.mip[0] = mip;
  const Status st = reference::Execute(w.Make(kResinfo, &img, nullptr, 1, 0xF));
  EXPECT_TRUE(st.ok()) << st.ToString();
  return {w.out[0][0], w.out[1][0], w.out[2][0], w.out[3][0]};
}

using V = std::vector<uint32_t>;

TEST(ReferenceResinfo, TableOfTheContract) {
  // 3D 8x4x6, levels 0..2 viewed from BASE_LEVEL 1: view level d is memory level 1 + d.
  ImageDesc vol = Image(ImageType::k3D, 8, 4, 6, 2);
  vol.base_level = 1;
  EXPECT_EQ(Resinfo(vol, 0), (V{4, 2, 3, 2}));
  EXPECT_EQ(Resinfo(vol, 1), (V{2, 1, 1, 2}));
  EXPECT_EQ(Resinfo(vol, 2), (V{0, 0, 0, 2}));  // past the view: sizes 0, level count kept
  EXPECT_EQ(Resinfo(Image(ImageType::k1D, 9, 1, 1, 3), 1), (V{4, 0, 0, 4}));
  EXPECT_EQ(Resinfo(Image(ImageType::k2D, 9, 5, 1, 3), 3), (V{1, 1, 0, 4}));
  // Cubes count faces; the view's, not the resource's.
  ImageDesc cube = Image(ImageType::kCube, 16, 16, 12, 4);
  cube.last_array = 5;
  EXPECT_EQ(Resinfo(cube, 2), (V{4, 4, 6, 5}));
  // A 1D array puts its layer count in y, and keeps it past the last level.
  EXPECT_EQ(Resinfo(Image(ImageType::k1DArray, 5, 1, 3, 2), 1), (V{2, 3, 0, 3}));
  EXPECT_EQ(Resinfo(Image(ImageType::k1DArray, 5, 1, 3, 2), 7), (V{0, 3, 0, 3}));
  EXPECT_EQ(Resinfo(Image(ImageType::k2DArray, 6, 3, 4, 1), 1), (V{3, 1, 4, 2}));
  // MSAA: w_0, h_0 whatever mip says, LAST_LEVEL + 1 levels.
  EXPECT_EQ(Resinfo(Image(ImageType::k2DMsaa, 6, 3, 1, 3), 5), (V{6, 3, 0, 4}));
  EXPECT_EQ(Resinfo(Image(ImageType::k2DMsaaArray, 6, 3, 5, 1), 0), (V{6, 3, 5, 2}));
}

TEST(ReferenceResinfo, DmaskStatusAndUnboundT) {
  const ImageDesc img = Image(ImageType::k2DArray, 6, 3, 4, 1);
  Wave w;
  TexRequest r = w.Make(kResinfo, &img, nullptr, 2, 0b1010);  // h and levels
  r.mods.tfe = true;
  w.mip[1] = 1;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.out[0][0], 3u);
  EXPECT_EQ(w.out[1][0], 2u);
  EXPECT_EQ(w.out[0][1], 1u);
  EXPECT_EQ(w.out[2][0], kSentinel);
  EXPECT_EQ(w.status[0], 0u);
  r.mods.d16 = true;  // integers have no 16-bit form here
  EXPECT_EQ(reference::Execute(r).code(), StatusCode::kInvalidArgument);
  ImageDesc unbound;
  unbound.unbound = true;
  Wave u;
  ExpectOk(reference::Execute(u.Make(kResinfo, &unbound, nullptr, 1, 0xF)));
  for (int c = 0; c < 4; ++c) EXPECT_EQ(u.out[c][0], 0u);
}

struct AtomicCase {
  AtomicOp op;
  uint32_t mem, d, cmp, want;
};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

TEST(ReferenceAtomics, EveryOpOn32BitElements) {
  const uint32_t qnan = 0x7FC00001u, snan = 0x7F800001u;
  const uint32_t denorm = 0x00000001u;  // the smallest binary32 denormal
  const AtomicCase cases[] = {
      {AtomicOp::kSwap, 5, 9, 0, 9},
      {AtomicOp::kCmpSwap, 5, 9, 5, 9},  // mem == cmp: src
      {AtomicOp::kCmpSwap, 5, 9, 4, 5},
      {AtomicOp::kAdd, 0xFFFFFFFFu, 2, 0, 1},             // wraps
      {AtomicOp::kSub, 1, 2, 0, 0xFFFFFFFFu},             // mem - D
      {AtomicOp::kRsub, 1, 2, 0, 1},                      // D - mem
      {AtomicOp::kSmin, 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu},  // -1 < 1
      {AtomicOp::kUmin, 0xFFFFFFFFu, 1, 0, 1},
      {AtomicOp::kSmax, 0xFFFFFFFFu, 1, 0, 1},
      {AtomicOp::kUmax, 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu},
      {AtomicOp::kAnd, 0b1100, 0b1010, 0, 0b1000},
      {AtomicOp::kOr, 0b1100, 0b1010, 0, 0b1110},
      {AtomicOp::kXor, 0b1100, 0b1010, 0, 0b0110},
      {AtomicOp::kInc, 6, 7, 0, 7},  // mem < D: mem + 1
      {AtomicOp::kInc, 7, 7, 0, 0},  // mem >= D: 0
      {AtomicOp::kDec, 5, 9, 0, 4},
      {AtomicOp::kDec, 0, 9, 0, 9},                                // mem == 0: D
      {AtomicOp::kDec, 10, 9, 0, 9},                               // mem > D: D
      {AtomicOp::kFcmpSwap, F(-0.0f), F(3.0f), F(0.0f), F(3.0f)},  // -0 == +0
      {AtomicOp::kFcmpSwap, qnan, F(3.0f), qnan, qnan},            // NaN equals nothing
      {AtomicOp::kFmin, F(2.0f), F(-1.5f), 0, F(-1.5f)},
      {AtomicOp::kFmin, F(0.0f), F(-0.0f), 0, F(-0.0f)},  // -0 < +0
      {AtomicOp::kFmax, F(-0.0f), F(0.0f), 0, F(0.0f)},
      {AtomicOp::kFmin, qnan, F(2.0f), 0, F(2.0f)},  // a NaN gives the other operand
      {AtomicOp::kFmax, F(2.0f), snan, 0, F(2.0f)},
      {AtomicOp::kFmax, snan, qnan, 0, 0x7FC00001u},   // two NaNs: mem, quiet
      {AtomicOp::kFmin, denorm, F(0.0f), 0, F(0.0f)},  // denormals are kept, not flushed
      {AtomicOp::kFmax, denorm, F(0.0f), 0, denorm},
  };
  const ImageDesc img = Image(ImageType::k2D, 2, 1, 1, 0);
  for (const AtomicCase& c : cases) {
    Guest g(8);
    g.words[1] = c.mem;
    Wave w;
    w.At(0, 1, 0);
    w.data[0][0] = c.d;
    w.data[1][0] = c.cmp;
    const bool cmpswap = c.op == AtomicOp::kCmpSwap || c.op == AtomicOp::kFcmpSwap;
    TexRequest r = w.Make(Atomic(c.op), &img, &g.memory, 1, cmpswap ? 0x3 : 0x1);
    r.mods.glc = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(g.words[1], c.want) << OpName(r.op) << " mem " << std::hex << c.mem << " d " << c.d;
    EXPECT_EQ(w.out[0][0], c.mem) << OpName(r.op);  // GLC: the value before
    EXPECT_EQ(w.out[1][0], kSentinel);
    EXPECT_EQ(g.words[0], 0u);  // the neighbour is untouched
  }
}

TEST(ReferenceAtomics, SixtyFourBitElements) {
  const ImageDesc img = Image(ImageType::k1D, 2, 1, 1, 0, FormatId::kR32G32_UINT);
  auto run = [&](AtomicOp op, uint64_t mem, uint64_t d, uint64_t cmp, uint64_t want) {
    Guest g(16);
    std::memcpy(&g.words[2], &mem, 8);
    Wave w;
    w.At(0, 1, 0);
    w.data[0][0] = static_cast<uint32_t>(d);  // low dword first
    w.data[1][0] = static_cast<uint32_t>(d >> 32);
    w.data[2][0] = static_cast<uint32_t>(cmp);
    w.data[3][0] = static_cast<uint32_t>(cmp >> 32);
    const bool cmpswap = op == AtomicOp::kCmpSwap || op == AtomicOp::kFcmpSwap;
    TexRequest r = w.Make(Atomic(op), &img, &g.memory, 1, cmpswap ? 0xF : 0x3);
    r.mods.glc = true;
    ExpectOk(reference::Execute(r));
    uint64_t got;
    std::memcpy(&got, &g.words[2], 8);
    EXPECT_EQ(got, want) << OpName(r.op);
    EXPECT_EQ(w.out[0][0], static_cast<uint32_t>(mem));
    EXPECT_EQ(w.out[1][0], static_cast<uint32_t>(mem >> 32));
    EXPECT_EQ(w.out[2][0], kSentinel);
  };
  run(AtomicOp::kAdd, 0xFFFFFFFFull, 1, 0, 0x100000000ull);  // the carry crosses the dwords
  run(AtomicOp::kSmin, 0x8000000000000000ull, 1, 0, 0x8000000000000000ull);
  run(AtomicOp::kUmax, 0x8000000000000000ull, 1, 0, 0x8000000000000000ull);
  run(AtomicOp::kCmpSwap, 0x1122334455667788ull, 7, 0x1122334455667788ull, 7);
  run(AtomicOp::kCmpSwap, 0x1122334455667788ull, 7, 0x55667788ull, 0x1122334455667788ull);
  // Float ops read binary64: 2^-1074 is a binary64 denormal, above +0.
  run(AtomicOp::kFmax, 1, 0, 0, 1);
  run(AtomicOp::kFmin, std::bit_cast<uint64_t>(-2.0), std::bit_cast<uint64_t>(1.0), 0,
      std::bit_cast<uint64_t>(-2.0));
  run(AtomicOp::kDec, 0, 9, 0, 9);
}

TEST(ReferenceAtomics, LanesInOrderOutOfBoundsAndNoGlc) {
  const ImageDesc img = Image(ImageType::k2D, 2, 2, 1, 0);
  Guest g(16, 10);  // texels hold 10, 11, 12, 13
  Wave w;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.At(lane, 1, 1);  // element 3
    w.data[0][lane] = lane + 1;
  }
  w.At(4, 2, 0);  // x = w: out of bounds
  w.data[0][4] = 100;
  TexRequest r = w.Make(Atomic(AtomicOp::kAdd), &img, &g.memory, 5);
  r.mods.glc = true;
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  // Each lane sees the lanes before it: 13, 13 + 1, 14 + 2, 16 + 3; then 19 + 4 = 23 stays.
  EXPECT_EQ(w.out[0][0], 13u);
  EXPECT_EQ(w.out[0][1], 14u);
  EXPECT_EQ(w.out[0][2], 16u);
  EXPECT_EQ(w.out[0][3], 19u);
  EXPECT_EQ(w.out[0][4], 0u);  // out of bounds: 0 returned, nothing changed
  EXPECT_EQ(g.words[3], 23u);
  EXPECT_EQ((std::vector<uint32_t>(g.words.begin(), g.words.begin() + 3)), (V{10, 11, 12}));
  EXPECT_EQ(w.status[0], 0u);
  // Without GLC nothing is returned, the status dword neither.
  Wave n;
  n.At(0, 0, 0);
  n.data[0][0] = 5;
  r = n.Make(Atomic(AtomicOp::kSub), &img, &g.memory, 1);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(g.words[0], 5u);
  EXPECT_EQ(n.out[0][0], kSentinel);
  EXPECT_EQ(n.status[0], kSentinel);
}

TEST(ReferenceAtomics, ElementSizeAndDmaskAreChecked) {
  Guest g(64);
  Wave w;
  const ImageDesc r16 = Image(ImageType::k2D, 2, 2, 1, 0, FormatId::kR16_UINT);
  EXPECT_EQ(reference::Execute(w.Make(Atomic(AtomicOp::kAdd), &r16, &g.memory, 1)).code(),
            StatusCode::kInvalidArgument);
  const ImageDesc r32 = Image(ImageType::k2D, 2, 2, 1, 0);
  EXPECT_EQ(reference::Execute(w.Make(Atomic(AtomicOp::kAdd), &r32, &g.memory, 1, 0x3)).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(reference::Execute(w.Make(Atomic(AtomicOp::kCmpSwap), &r32, &g.memory, 1, 0x1)).code(),
            StatusCode::kInvalidArgument);
  TexRequest d16 = w.Make(Atomic(AtomicOp::kAdd), &r32, &g.memory, 1);
  d16.mods.d16 = true;
  EXPECT_EQ(reference::Execute(d16).code(), StatusCode::kInvalidArgument);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(g.words[i], i);  // nothing written
  // An unbound T#: GLC returns zeros, memory is not touched.
  ImageDesc unbound;
  unbound.unbound = true;
  TexRequest u = w.Make(Atomic(AtomicOp::kCmpSwap), &unbound, nullptr, 1, 0x3);
  u.mods.glc = true;
  ExpectOk(reference::Execute(u));
  EXPECT_EQ(w.out[0][0], 0u);
  EXPECT_EQ(w.out[1][0], kSentinel);
}

}  // namespace
}  // namespace texunit
