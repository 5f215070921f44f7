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
#include <string>
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

// ============================================================================================
// Partially resident textures (docs/sampling.md "Partially resident textures (PRT) and the status
// dword"). A 256x128 R32_UINT level is 256 * 128 * 4 = 131072 bytes = two 64 KiB pages; a row is
// 1 KiB, so rows 0..63 are page 0 (bytes 0..65535) and rows 64..127 page 1 (row 64 starts at byte
// 64 * 1024 = 65536). With 3 levels, level 1 (128x64, pitch 128) starts at 131072 (already a
// multiple of 256) and holds 32768 bytes, level 2 (64x32, pitch 64) starts at 163840 and holds
// 8192: the footprint is 172032 bytes, ceil(172032 / 65536) = 3 pages, levels 1 and 2 both in page
// 2 (131072 / 65536 = 2, 172031 / 65536 = 2.6).

constexpr Op kLoadPck{OpKind::kLoad, kOpPck};

ImageDesc Prt(uint32_t levels, uint16_t min_lod_warn) {
  ImageDesc d = Image(ImageType::k2D, 256, 128, 1, levels - 1);
  d.min_lod_warn = min_lod_warn;
  return d;
}

TexRequest WithMap(TexRequest r, const uint64_t* map, uint64_t pages) {
  r.residency = map;
  r.residency_pages = pages;
  return r;
}

// Page 1 not resident (map 0b01). A resident texel returns what it holds, (v, 0, 0, 1) for
// R32_UINT (Y, Z absent: 0; W absent: the integer 1); a non-resident one returns 0 in every
// component, W included, and with TFE the status dword TEXEL_FAIL | LOD 0 << 16 = 1. The
// out-of-bounds lane returns zeros too, with status 0; the inactive lane is not touched.
TEST(ReferencePrt, LoadOfANonResidentTexelReadsZeroAndFails) {
  const ImageDesc img = Prt(1, 0x100);
  Guest g(131072);
  const uint64_t map[1] = {0b01};
  Wave w;
  w.At(0, 5, 10);    // element 10 * 256 + 5 = 2565, byte 10260: page 0
  w.At(1, 255, 63);  // element 16383, byte 65532: the last texel of page 0
  w.At(2, 0, 64);    // element 16384, byte 65536: page 1
  w.At(3, 17, 100);  // byte 4 * (100 * 256 + 17) = 102468: page 1
  w.At(4, 256, 0);   // x = w: out of bounds
  w.At(5, 0, 64);    // inactive
  TexRequest r = WithMap(w.Make(kLoad, &img, &g.memory, 6, 0xF), map, 2);
  r.exec = 0b011111;
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  const uint32_t want[5][4] = {
      {2565, 0, 0, 1}, {16383, 0, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
  const uint32_t status[5] = {0, 0, 1, 1, 0};
  for (uint32_t lane = 0; lane < 5; ++lane) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(w.out[c][lane], want[lane][c]) << lane << " " << c;
    EXPECT_EQ(w.status[lane], status[lane]) << lane;
  }
  EXPECT_EQ(w.out[0][5], kSentinel);
  EXPECT_EQ(w.status[5], kSentinel);

  // The zero is the result, after DST_SEL: DST_SEL (1, X, 0, W) gives (1, v, 0, 1) for a resident
  // texel and (0, 0, 0, 0) for a non-resident one, as out of bounds.
  ImageDesc sel = img;
  sel.dst_sel[0] = DstSel::k1;
  sel.dst_sel[1] = DstSel::kX;
  sel.dst_sel[2] = DstSel::k0;
  Wave d;
  d.At(0, 5, 10);
  d.At(1, 0, 64);
  r = WithMap(d.Make(kLoad, &sel, &g.memory, 2, 0xF), map, 2);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ((V{d.out[0][0], d.out[1][0], d.out[2][0], d.out[3][0]}), (V{1, 2565, 0, 1}));
  EXPECT_EQ((V{d.out[0][1], d.out[1][1], d.out[2][1], d.out[3][1]}), (V{0, 0, 0, 0}));
  EXPECT_EQ((V{d.status[0], d.status[1]}), (V{0, 1}));

  // _PCK loads check residency too: the raw dword, or 0.
  Wave p;
  p.At(0, 5, 10);
  p.At(1, 0, 64);
  r = WithMap(p.Make(kLoadPck, &img, &g.memory, 2), map, 2);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ((V{p.out[0][0], p.out[0][1]}), (V{2565, 0}));
  EXPECT_EQ((V{p.status[0], p.status[1]}), (V{0, 1}));
}

// TFE only, LWE only and both, by level. Map 0b101: pages 0 and 2 resident, page 1 not.
// MIN_LOD_WARN 0x180 is 1.5 in u4.8: LOD * 256 < 384 for LOD 0 (0) and 1 (256), not 2 (512).
// Words hold their index + 1000. Lanes (LOAD_MIP):
//   A (0, 0) mip 0: element 0 (page 0) -> 1000, LOD 0.
//   B (0, 64) mip 0: byte 65536 (page 1): non-resident -> 0, LOD 0.
//   C (3, 2) mip 1: element 131072 / 4 + 2 * 128 + 3 = 33027 (page 2) -> 34027, LOD 1.
//   D (1, 1) mip 2: element 163840 / 4 + 64 + 1 = 41025 (page 2) -> 42025, LOD 2.
//   E (128, 0) mip 1: x = w_1, out of bounds. F (0, 0) mip 3: d > M = 2, out of bounds.
// Status TEXEL_FAIL | LOD_WARNING << 1 | LOD << 16:
//   TFE: B fails: 1 | 0 << 16 = 0x1; the others 0.
//   LWE: TEXEL_FAIL is 0 without TFE, so B warns like A: 0x2; C 0x2 | 1 << 16 = 0x10002; D 0.
//   both: B fails and so does not warn (0x1); A 0x2, C 0x10002, D 0.
//   E and F read no texel: 0 in every mode. Neither TFE nor LWE: no status written.
TEST(ReferencePrt, LoadStatusTfeLweAndLodByLevel) {
  const ImageDesc img = Prt(3, 0x180);
  Guest g(172032, 1000);
  const uint64_t map[1] = {0b101};
  struct Mode {
    bool tfe, lwe;
    uint32_t status[6];
  };
  const Mode modes[] = {
      {true, false, {0, 0x1, 0, 0, 0, 0}},
      {false, true, {0x2, 0x2, 0x10002, 0, 0, 0}},
      {true, true, {0x2, 0x1, 0x10002, 0, 0, 0}},
      {false, false, {kSentinel, kSentinel, kSentinel, kSentinel, kSentinel, kSentinel}},
  };
  for (const Mode& m : modes) {
    Wave w;
    w.At(0, 0, 0);
    w.At(1, 0, 64);
    w.At(2, 3, 2);
    w.mip[2] = 1;
    w.At(3, 1, 1);
    w.mip[3] = 2;
    w.At(4, 128, 0);
    w.mip[4] = 1;
    w.At(5, 0, 0);
    w.mip[5] = 3;
    TexRequest r = WithMap(w.Make(kLoadMip, &img, &g.memory, 6), map, 3);
    r.mods.tfe = m.tfe;
    r.mods.lwe = m.lwe;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ((V(w.out[0], w.out[0] + 6)), (V{1000, 0, 34027, 42025, 0, 0}));
    EXPECT_EQ((V(w.status, w.status + 6)), (V(m.status, m.status + 6))) << m.tfe << m.lwe;
  }
}

// LOD is the memory level base_level + d. BASE_LEVEL 1: view level 0 is memory level 1, view level
// 1 memory level 2 (M = 1). Map 0b011: page 2 (levels 1 and 2) not resident. MIN_LOD_WARN 0x300
// (3.0): both levels would warn (256 and 512 < 768), but TEXEL_FAIL is set, so with TFE and LWE
// the dword is TEXEL_FAIL | LOD << 16: 0x10001 and 0x20001. With every page resident (0b111) the
// same lanes return element 33027 + 1000 and 41025 + 1000 and warn: 0x10002, 0x20002. View level
// 2 is past M: out of bounds, 0.
TEST(ReferencePrt, LoadLodIsBaseLevelPlusTheViewLevel) {
  ImageDesc img = Prt(3, 0x300);
  img.base_level = 1;
  Guest g(172032, 1000);
  for (uint64_t map : {uint64_t{0b011}, uint64_t{0b111}}) {
    const bool resident = map == 0b111;
    Wave w;
    w.At(0, 3, 2);  // LOAD_MIP mip 0: memory level 1
    w.At(1, 1, 1);
    w.mip[1] = 1;  // memory level 2
    w.At(2, 0, 0);
    w.mip[2] = 2;  // past the view
    TexRequest r = WithMap(w.Make(kLoadMip, &img, &g.memory, 3), &map, 3);
    r.mods.tfe = r.mods.lwe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ((V(w.out[0], w.out[0] + 3)), resident ? (V{34027, 42025, 0}) : (V{0, 0, 0}));
    EXPECT_EQ((V(w.status, w.status + 3)),
              resident ? (V{0x10002, 0x20002, 0}) : (V{0x10001, 0x20001, 0}));
    // LOAD (no mip operand) reads view level 0: memory level 1 again.
    Wave l;
    l.At(0, 3, 2);
    r = WithMap(l.Make(kLoad, &img, &g.memory, 1), &map, 3);
    r.mods.tfe = r.mods.lwe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(l.out[0][0], resident ? 34027u : 0u);
    EXPECT_EQ(l.status[0], resident ? 0x10002u : 0x10001u);
  }
}

// The map must cover ceil(131072 / 65536) = 2 pages: 1 is InvalidArgument (checked after the
// footprint's memory: an unregistered footprint is OutOfRange first), 2 or more is fine. A T# that
// is not a PRT (MIN_LOD_WARN 0) ignores the map, short or all zero; a PRT without a map has every
// texel resident but still warns (LOD 0 * 256 < 0x100). Stores and atomics do not check residency,
// and GET_RESINFO reads no texel: their maps are not checked and their statuses are 0.
TEST(ReferencePrt, MapLengthNonPrtStoresAtomicsAndResinfo) {
  const ImageDesc img = Prt(1, 0x100);
  Guest g(131072);
  const uint64_t none[1] = {0};
  Wave w;
  w.At(0, 0, 64);  // element 16384, page 1
  TexRequest r = WithMap(w.Make(kLoad, &img, &g.memory, 1), none, 1);
  r.mods.tfe = true;
  Status st = reference::Execute(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("residency_pages=1"), std::string::npos) << st.message();
  EXPECT_EQ(w.out[0][0], kSentinel);
  EXPECT_EQ(w.status[0], kSentinel);
  Guest small(65536);  // half the footprint: not registered
  EXPECT_EQ(reference::Execute(WithMap(w.Make(kLoad, &img, &small.memory, 1), none, 1)).code(),
            StatusCode::kOutOfRange);
  for (uint64_t pages : {2, 5}) {
    Wave ok;
    ok.At(0, 0, 64);
    TexRequest q = WithMap(ok.Make(kLoad, &img, &g.memory, 1), none, pages);
    q.mods.tfe = true;
    ExpectOk(reference::Execute(q));
    EXPECT_EQ(ok.out[0][0], 0u);
    EXPECT_EQ(ok.status[0], 1u);
  }
  // Not a PRT: every texel resident, whatever the map says; status 0.
  ImageDesc plain = img;
  plain.min_lod_warn = 0;
  Wave n;
  n.At(0, 0, 64);
  r = WithMap(n.Make(kLoad, &plain, &g.memory, 1), none, 0);
  r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(n.out[0][0], 16384u);
  EXPECT_EQ(n.status[0], 0u);
  // A PRT without a map: resident, and LWE warns at LOD 0.
  Wave u;
  u.At(0, 0, 64);
  r = u.Make(kLoad, &img, &g.memory, 1);
  r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(u.out[0][0], 16384u);
  EXPECT_EQ(u.status[0], 0x2u);
  // A store into the non-resident page is written (the short map is not checked).
  Wave s;
  s.At(0, 1, 64);
  s.data[0][0] = 0xABCD;
  ExpectOk(reference::Execute(WithMap(s.Make(kStore, &img, &g.memory, 1), none, 1)));
  EXPECT_EQ(g.words[16385], 0xABCDu);
  // An atomic there returns the value before (GLC) and writes the status dword 0.
  Wave a;
  a.At(0, 1, 64);
  a.data[0][0] = 1;
  r = WithMap(a.Make(Atomic(AtomicOp::kAdd), &img, &g.memory, 1), none, 1);
  r.mods.glc = r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(a.out[0][0], 0xABCDu);
  EXPECT_EQ(g.words[16385], 0xABCEu);
  EXPECT_EQ(a.status[0], 0u);
  // GET_RESINFO on the PRT: no texel, status 0.
  Wave q;
  r = WithMap(q.Make(kResinfo, &img, nullptr, 1, 0x1), none, 1);
  r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(q.out[0][0], 256u);
  EXPECT_EQ(q.status[0], 0u);
}

}  // namespace
}  // namespace texunit
