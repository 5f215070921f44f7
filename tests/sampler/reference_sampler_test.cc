// The scalar reference (tests/reference) against values computed by hand from docs/sampling.md.
// Every expected value is derived in the test, with the arithmetic in a comment; texel addresses
// follow the linear layout of include/texunit/layout.h by hand (level L starts at the end of level
// L-1 rounded up to 256 bytes), so these tests pin the layout too.
#include "reference/reference_sampler.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "reference/srgb_tables.h"
#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/request.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x10000;  // 256-byte aligned guest address of every test image
constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint32_t kOne = 0x3F800000u;  // 1.0f

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }
float AsF(uint32_t u) { return std::bit_cast<float>(u); }
float NaN() { return std::numeric_limits<float>::quiet_NaN(); }
float Inf() { return std::numeric_limits<float>::infinity(); }

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// Guest memory: `size` zero bytes registered at kBase.
struct Guest {
  explicit Guest(size_t size, bool writable = true) : bytes(size, 0) {
    const Status st = memory.AddRegion(kBase, bytes.data(), bytes.size(), writable);
    EXPECT_TRUE(st.ok()) << st.ToString();
  }
  // 8_8_8_8 texel (x, y) of the level at byte `offset` with row pitch `pitch` texels.
  void Put8(uint64_t offset, uint32_t pitch, uint32_t x, uint32_t y, std::array<uint8_t, 4> c) {
    std::memcpy(&bytes[offset + (y * pitch + x) * 4], c.data(), 4);
  }
  std::array<uint8_t, 4> Get8(uint64_t offset, uint32_t pitch, uint32_t x, uint32_t y) const {
    std::array<uint8_t, 4> c;
    std::memcpy(c.data(), &bytes[offset + (y * pitch + x) * 4], 4);
    return c;
  }
  // Fills a whole w x h level with one texel.
  void Fill8(uint64_t offset, uint32_t w, uint32_t h, std::array<uint8_t, 4> c) {
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) Put8(offset, w, x, y, c);
    }
  }
  // A texel of sizeof(T) bytes (R32_FLOAT, R32_UINT, R16_UNORM, ...).
  template <typename T>
  void Put(uint64_t offset, uint32_t pitch, uint32_t x, uint32_t y, T v) {
    std::memcpy(&bytes[offset + (y * pitch + x) * sizeof(T)], &v, sizeof(T));
  }
  // 32_32_32_32 texel.
  void Put32(uint64_t offset, uint32_t pitch, uint32_t x, uint32_t y, std::array<uint32_t, 4> c) {
    std::memcpy(&bytes[offset + (y * pitch + x) * 16], c.data(), 16);
  }
  std::array<uint32_t, 4> Get32(uint64_t offset, uint32_t pitch, uint32_t x, uint32_t y) const {
    std::array<uint32_t, 4> c;
    std::memcpy(c.data(), &bytes[offset + (y * pitch + x) * 16], 16);
    return c;
  }

  std::vector<uint8_t> bytes;
  Memory memory;
};

// The RGBA8 format of kind `num`, or R32G32B32A32_FLOAT for kFloat.
enum class Kind { kUnorm, kSnorm, kUint, kSrgb, kFloat };

FormatId Rgba(Kind num) {
  switch (num) {
    case Kind::kUnorm:
      return FormatId::kR8G8B8A8_UNORM;
    case Kind::kSnorm:
      return FormatId::kR8G8B8A8_SNORM;
    case Kind::kUint:
      return FormatId::kR8G8B8A8_UINT;
    case Kind::kSrgb:
      return FormatId::kR8G8B8A8_SRGB;
    case Kind::kFloat:
      return FormatId::kR32G32B32A32_FLOAT;
  }
  return FormatId::kInvalid;
}

ImageDesc Image2D(Kind num, uint32_t w, uint32_t h, uint32_t levels = 1) {
  ImageDesc d;
  d.base_address = kBase;
  d.format = Rgba(num);
  d.width = w;
  d.height = h;
  d.pitch = w;
  d.type = ImageType::k2D;
  d.base_level = 0;
  d.last_level = static_cast<uint8_t>(levels - 1);
  return d;
}

SamplerDesc Sampler(XyFilter mag, XyFilter min, MipFilter mip, ClampMode clamp = ClampMode::kWrap) {
  SamplerDesc s;
  s.xy_mag_filter = mag;
  s.xy_min_filter = min;
  s.mip_filter = mip;
  s.clamp_x = clamp;
  s.clamp_y = clamp;
  s.max_lod = 15 << 8;  // 15.0: the S# default of 0 would pin every lambda to 0
  return s;
}

constexpr Op kLoad{OpKind::kLoad, 0};
constexpr Op kLoadMip{OpKind::kLoad, kOpMip};
constexpr Op kStore{OpKind::kStore, 0};
constexpr Op kStoreMip{OpKind::kStore, kOpMip};
constexpr Op kSample{OpKind::kSample, 0};
constexpr Op kSampleL{OpKind::kSample, kOpLod};
constexpr Op kSampleLz{OpKind::kSample, kOpLz};
constexpr Op kSampleB{OpKind::kSample, kOpBias};
constexpr Op kSampleCl{OpKind::kSample, kOpClamp};
constexpr Op kSampleD{OpKind::kSample, kOpDeriv};
constexpr Op kSampleCd{OpKind::kSample, kOpCoarseDeriv};
constexpr Op kSampleLzO{OpKind::kSample, kOpLz | kOpOffset};
constexpr Op kSampleCLz{OpKind::kSample, kOpCompare | kOpLz};
constexpr Op kGather4{OpKind::kGather4, 0};
constexpr Op kGather4L{OpKind::kGather4, kOpLod};
constexpr Op kGather4Lz{OpKind::kGather4, kOpLz};
constexpr Op kGetLod{OpKind::kGetLod, 0};

// One wave's operand and result arrays. Results start as kSentinel.
struct Wave {
  uint32_t s[kMaxLanes] = {}, t[kMaxLanes] = {}, layer[kMaxLanes] = {}, mip[kMaxLanes] = {},
           lod[kMaxLanes] = {}, bias[kMaxLanes] = {}, clamp[kMaxLanes] = {},
           zcompare[kMaxLanes] = {}, offset[kMaxLanes] = {};
  uint32_t deriv[2][3][kMaxLanes] = {};  // [d/dx, d/dy][s, t, r]
  uint32_t data[4][kMaxLanes] = {};
  uint32_t out[4][kMaxLanes];
  uint32_t status[kMaxLanes];

  Wave() {
    for (auto& comp : out) std::fill(std::begin(comp), std::end(comp), kSentinel);
    std::fill(std::begin(status), std::end(status), kSentinel);
  }
  void St(uint32_t lane, float sv, float tv) {
    s[lane] = F(sv);
    t[lane] = F(tv);
  }
  void Xy(uint32_t lane, uint32_t x, uint32_t y, uint32_t m = 0) {
    s[lane] = x;
    t[lane] = y;
    mip[lane] = m;
  }
  TexRequest Make(Op op, const ImageDesc* image, const Memory* memory, uint32_t lanes,
                  const SamplerDesc* sampler = nullptr) {
    TexRequest r;
    r.op = op;
    r.image = image;
    r.sampler = sampler;
    r.memory = memory;
    r.lane_count = lanes;
    r.exec = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    r.in.coord[0] = s;
    r.in.coord[1] = t;
    r.in.coord[2] = layer;  // the array layer (1D_ARRAY, 2D_ARRAY) or 3D's r (float)
    r.in.mip = mip;
    r.in.lod = lod;
    r.in.bias = bias;
    r.in.clamp = clamp;
    r.in.zcompare = zcompare;
    r.in.offset = offset;
    for (int d = 0; d < 2; ++d) {
      for (int c = 0; c < 3; ++c) r.in.deriv[d][c] = deriv[d][c];
    }
    for (int k = 0; k < 4; ++k) {
      r.in.data[k] = data[k];
      r.out.data[k] = out[k];
    }
    r.out.status = status;
    return r;
  }
  std::array<uint32_t, 4> Lane(uint32_t lane) const {
    return {out[0][lane], out[1][lane], out[2][lane], out[3][lane]};
  }
};

void ExpectOk(const Status& st) { ASSERT_TRUE(st.ok()) << st.ToString(); }

// c / 255.0f for each code, as bits: the UNORM decode.
std::array<uint32_t, 4> Unorm(std::array<uint8_t, 4> c) {
  return {F(c[0] / 255.0f), F(c[1] / 255.0f), F(c[2] / 255.0f), F(c[3] / 255.0f)};
}

// The sRGB decode written out again from the contract: double, rounded to float.
float SrgbFormula(double x) {
  return static_cast<float>(x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4));
}

// ============================================================================================
// Loads

// A 4x4 image: level 0 is 4*4*4 = 64 bytes at offset 0.
TEST(ReferenceLoad, Rgba8UnormDecodesByDivision) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put8(0, 4, x, y, {uint8_t(x * 16 + y), 1, 2, 3});
  }
  g.Put8(0, 4, 1, 2, {0, 51, 204, 255});
  Wave w;
  w.Xy(0, 1, 2);
  w.Xy(1, 3, 0);
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 2)));
  // 0/255 = 0; 51/255 = 0.2 -> 0x3E4CCCCD (= 0.2f); 204/255 = 0.8 -> 0x3F4CCCCD; 255/255 = 1.
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0x3E4CCCCDu, 0x3F4CCCCDu, kOne}));
  // texel (3, 0): X = 3*16 + 0 = 48.
  EXPECT_EQ(w.Lane(1), Unorm({48, 1, 2, 3}));
  EXPECT_EQ(w.out[0][1], F(48.0f / 255.0f));
}

TEST(ReferenceLoad, UintAndFloatReturnTheStoredBits) {
  {
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kUint, 4, 4);
    g.Put8(0, 4, 2, 3, {7, 0, 200, 255});
    Wave w;
    w.Xy(0, 2, 3);
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{7, 0, 200, 255}));
  }
  {
    // 32_32_32_32: 16 bytes a texel; loads keep denormals and NaN payloads.
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
    g.Put32(0, 4, 2, 3, {0x00000001u, 0x80000001u, 0x7FC00123u, 0x40490FDBu});
    Wave w;
    w.Xy(0, 2, 3);
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1)));
    EXPECT_EQ(w.Lane(0),
              (std::array<uint32_t, 4>{0x00000001u, 0x80000001u, 0x7FC00123u, 0x40490FDBu}));
  }
}

// 5x3 with 3 levels: level 0 is 5x3 (60 bytes at 0), level 1 is max(1,5>>1) x max(1,3>>1) = 2x1
// with pitch max(5>>1, 2) = 2 (8 bytes at 256), level 2 is 1x1 (4 bytes at 512).
TEST(ReferenceLoad, LoadMipBoundsOnNonPowerOfTwoChain) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 5, 3, 3);
  g.Put8(0, 5, 4, 2, {1, 2, 3, 4});    // last texel of level 0
  g.Put8(256, 2, 1, 0, {5, 6, 7, 8});  // last texel of level 1
  g.Put8(512, 1, 0, 0, {9, 10, 11, 12});
  Wave w;
  w.Xy(0, 4, 2, 0);
  w.Xy(1, 5, 0, 0);  // x == w_0
  w.Xy(2, 0, 3, 0);  // y == h_0
  w.Xy(3, 1, 0, 1);
  w.Xy(4, 2, 0, 1);  // x == w_1 = 2
  w.Xy(5, 0, 1, 1);  // y == h_1 = 1
  w.Xy(6, 0, 0, 2);
  w.Xy(7, 0, 0, 3);  // d = 3 > M = 2
  w.Xy(8, 0xFFFFFFFFu, 0, 0);
  w.Xy(9, 0, 0, 0xFFFFFFFFu);
  ExpectOk(reference::Execute(w.Make(kLoadMip, &img, &g.memory, 10)));
  const std::array<uint32_t, 4> zero{0, 0, 0, 0};
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{1, 2, 3, 4}));
  EXPECT_EQ(w.Lane(1), zero);
  EXPECT_EQ(w.Lane(2), zero);
  EXPECT_EQ(w.Lane(3), (std::array<uint32_t, 4>{5, 6, 7, 8}));
  EXPECT_EQ(w.Lane(4), zero);
  EXPECT_EQ(w.Lane(5), zero);
  EXPECT_EQ(w.Lane(6), (std::array<uint32_t, 4>{9, 10, 11, 12}));
  EXPECT_EQ(w.Lane(7), zero);
  EXPECT_EQ(w.Lane(8), zero);
  EXPECT_EQ(w.Lane(9), zero);

  // LOAD (no _MIP) ignores the mip operand: lane 6 reads texel (0, 0) of level 0.
  Wave v;
  g.Put8(0, 5, 0, 0, {42, 43, 44, 45});
  v.Xy(0, 0, 0, 2);
  ExpectOk(reference::Execute(v.Make(kLoad, &img, &g.memory, 1)));
  EXPECT_EQ(v.Lane(0), (std::array<uint32_t, 4>{42, 43, 44, 45}));
}

// A view of levels 1..2 of the 5x3 chain: view level d is memory level 1 + d, M = 1.
TEST(ReferenceLoad, BaseLevelSelectsTheView) {
  Guest g(4096);
  ImageDesc img = Image2D(Kind::kUint, 5, 3, 3);
  img.base_level = 1;
  g.Put8(256, 2, 1, 0, {5, 6, 7, 8});
  g.Put8(512, 1, 0, 0, {9, 10, 11, 12});
  Wave w;
  w.Xy(0, 1, 0, 0);  // memory level 1, texel (1, 0)
  w.Xy(1, 0, 0, 1);  // memory level 2
  w.Xy(2, 0, 0, 2);  // d = 2 > M = 1
  w.Xy(3, 2, 0, 0);  // x = 2 >= w_1 = 2
  ExpectOk(reference::Execute(w.Make(kLoadMip, &img, &g.memory, 4)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{5, 6, 7, 8}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{9, 10, 11, 12}));
  EXPECT_EQ(w.Lane(2), (std::array<uint32_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(w.Lane(3), (std::array<uint32_t, 4>{0, 0, 0, 0}));
}

TEST(ReferenceLoad, DmaskCompactsYAndW) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  g.Put8(0, 4, 1, 1, {10, 20, 30, 40});
  Wave w;
  w.Xy(0, 1, 1);
  TexRequest r = w.Make(kLoad, &img, &g.memory, 1);
  r.mods.dmask = 0b1010;  // Y -> data[0], W -> data[1]
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{20, 40, kSentinel, kSentinel}));
}

TEST(ReferenceLoad, DstSelOneZeroWX) {
  for (Kind num : {Kind::kUnorm, Kind::kUint}) {
    Guest g(4096);
    ImageDesc img = Image2D(num, 4, 4);
    img.dst_sel[0] = DstSel::k1;
    img.dst_sel[1] = DstSel::k0;
    img.dst_sel[2] = DstSel::kW;
    img.dst_sel[3] = DstSel::kX;
    g.Put8(0, 4, 0, 0, {51, 102, 153, 204});
    Wave w;
    w.Xy(0, 0, 0);
    w.Xy(1, 4, 0);  // out of bounds
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 2)));
    if (num == Kind::kUnorm) {
      // (1.0f, 0, 204/255 = 0.8f, 51/255 = 0.2f)
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, 0, F(0.8f), F(0.2f)}));
    } else {
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{1, 0, 204, 51}));
    }
    // "An out-of-bounds load returns 0 in every component": DST_SEL 1 gives 0 too.
    EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{0, 0, 0, 0}));
  }
}

TEST(ReferenceLoad, ExecMaskAndLaneCountLeaveOtherLanesUntouched) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  g.Fill8(0, 4, 4, {1, 2, 3, 4});
  Wave w;
  for (uint32_t lane = 0; lane < 8; ++lane) w.Xy(lane, lane % 4, lane / 4);
  TexRequest r = w.Make(kLoad, &img, &g.memory, 6);
  r.exec = 0b11100101;  // lanes 0, 2, 5 active below lane_count 6; 6 and 7 are past it
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 8; ++lane) {
    const bool active = lane == 0 || lane == 2 || lane == 5;
    SCOPED_TRACE(lane);
    if (active) {
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{1, 2, 3, 4}));
      EXPECT_EQ(w.status[lane], 0u);  // TFE: every texel is resident
    } else {
      EXPECT_EQ(w.Lane(lane),
                (std::array<uint32_t, 4>{kSentinel, kSentinel, kSentinel, kSentinel}));
      EXPECT_EQ(w.status[lane], kSentinel);
    }
  }
}

TEST(ReferenceLoad, StatusIsWrittenOnlyWithTfeOrLwe) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  for (int mode = 0; mode < 3; ++mode) {
    Wave w;
    TexRequest r = w.Make(kLoad, &img, &g.memory, 2);
    r.mods.tfe = mode == 1;
    r.mods.lwe = mode == 2;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.status[0], mode == 0 ? kSentinel : 0u) << mode;
    EXPECT_EQ(w.status[1], mode == 0 ? kSentinel : 0u) << mode;
  }
}

// ============================================================================================
// sRGB

TEST(ReferenceSrgb, DecodeFollowsTheCurve) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kSrgb, 4, 1);
  const uint8_t codes[4] = {0, 10, 128, 255};
  for (uint32_t x = 0; x < 4; ++x) g.Put8(0, 4, x, 0, {codes[x], codes[x], codes[x], codes[x]});
  Wave w;
  for (uint32_t x = 0; x < 4; ++x) w.Xy(x, x, 0);
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 4)));
  // 0: 0 / 12.92 = 0.
  // 10: x = 10/255 = 0.0392157 <= 0.04045, so x / 12.92 = 0.00303526984 -> 0x3B46EB61.
  // 128: x = 0.50196 > 0.04045, ((x + 0.055) / 1.055)^2.4 = 0.2158605001 -> 0x3E5D0A89.
  // 255: ((1 + 0.055) / 1.055)^2.4 = 1.
  const uint32_t expected[4] = {0, 0x3B46EB61u, 0x3E5D0A89u, kOne};
  for (uint32_t x = 0; x < 4; ++x) {
    SCOPED_TRACE(x);
    for (int ch = 0; ch < 3; ++ch) {
      EXPECT_EQ(w.out[ch][x], expected[x]);
      EXPECT_EQ(w.out[ch][x], F(SrgbFormula(codes[x] / 255.0)));
    }
    EXPECT_EQ(w.out[3][x], F(codes[x] / 255.0f));  // W decodes as UNORM
  }
  EXPECT_NEAR(AsF(w.out[0][1]), 0.0030352698, 1e-9);
  EXPECT_NEAR(AsF(w.out[0][2]), 0.2158605001, 1e-8);
}

TEST(ReferenceSrgb, ThresholdsAreTheDecodeOfHalfCodes) {
  const auto& thresholds = reference::SrgbEncodeThresholds();
  for (int k = 0; k < 255; ++k) {
    const float tk = SrgbFormula((k + 0.5) / 255.0);
    ASSERT_EQ(F(thresholds[k]), F(tk)) << k;
    // At T[k] the code is k + 1; one float below it is k.
    EXPECT_EQ(reference::SrgbEncode(tk), uint32_t(k + 1)) << k;
    EXPECT_EQ(reference::SrgbEncode(std::nextafter(tk, 0.0f)), uint32_t(k)) << k;
  }
  EXPECT_EQ(reference::SrgbEncode(NaN()), 0u);
  EXPECT_EQ(reference::SrgbEncode(-1.0f), 0u);
  EXPECT_EQ(reference::SrgbEncode(-Inf()), 0u);
  EXPECT_EQ(reference::SrgbEncode(2.0f), 255u);
  EXPECT_EQ(reference::SrgbEncode(Inf()), 255u);
}

// A 256x1 SRGB image (1024 bytes): four waves of 64 lanes store every code's decode and the
// bytes read back are the codes: encode(decode(c)) == c.
TEST(ReferenceSrgb, EncodeRoundTripsAll256Codes) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kSrgb, 256, 1);
  for (uint32_t wave = 0; wave < 4; ++wave) {
    Wave w;
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const uint32_t c = wave * 64 + lane;
      w.Xy(lane, c, 0);
      for (int ch = 0; ch < 3; ++ch) w.data[ch][lane] = F(SrgbFormula(c / 255.0));
      w.data[3][lane] = F(c / 255.0f);  // W: UNORM, rint(c/255 * 255) = c
    }
    ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 64)));
  }
  for (uint32_t c = 0; c < 256; ++c) {
    const uint8_t b = static_cast<uint8_t>(c);
    EXPECT_EQ(g.Get8(0, 256, c, 0), (std::array<uint8_t, 4>{b, b, b, b})) << c;
  }
}

TEST(ReferenceSrgb, StoreEncodesXyzByCurveAndWAsUnorm) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kSrgb, 4, 1);
  Wave w;
  w.Xy(0, 0, 0);
  // X = NaN -> 0; Y = 0.5 linear: T[187] = 0.4969 <= 0.5 < T[188] = 0.5029, so 188;
  // Z = -3 -> 0; W = 0.5 as UNORM: rint(127.5) = 128.
  w.data[0][0] = F(NaN());
  w.data[1][0] = F(0.5f);
  w.data[2][0] = F(-3.0f);
  w.data[3][0] = F(0.5f);
  ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 1)));
  EXPECT_LE(SrgbFormula(187.5 / 255.0), 0.5f);
  EXPECT_GT(SrgbFormula(188.5 / 255.0), 0.5f);
  EXPECT_EQ(g.Get8(0, 4, 0, 0), (std::array<uint8_t, 4>{0, 188, 0, 128}));
}

// ============================================================================================
// Stores

// Each lane stores X of its own texel of a 4x4 UNORM image (DMASK = X only).
TEST(ReferenceStore, UnormEncodeRoundsToNearestEven) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const float values[] = {
      0.5f,          // rint(0.5 * 255 = 127.5) = 128 (ties to even)
      NaN(),         // NaN -> 0
      1.7f,          // clamped to 1 -> 255
      -0.25f,        // clamped to 0 -> 0
      0.2f,          // 0.2f * 255 = 51.0000003 -> 51.0f -> 51
      0.5f / 255,    // 0.00196078443f * 255 = 0.5 exactly -> rint(0.5) = 0 (even)
      1.5f / 255,    // * 255 = 1.5 exactly -> 2 (even)
      2.5f / 255,    // * 255 = 2.5 exactly -> 2 (even)
      Inf(),         // 255
      -Inf(),        // 0
      -0.0f,         // 0
      128 / 255.0f,  // the decode of 128 encodes back to 128
  };
  const uint8_t expected[] = {128, 0, 255, 0, 51, 0, 2, 2, 255, 0, 0, 128};
  const uint32_t n = sizeof(values) / sizeof(values[0]);
  Wave w;
  for (uint32_t lane = 0; lane < n; ++lane) {
    w.Xy(lane, lane % 4, lane / 4);
    w.data[0][lane] = F(values[lane]);
  }
  TexRequest r = w.Make(kStore, &img, &g.memory, n);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < n; ++lane) {
    EXPECT_EQ(g.Get8(0, 4, lane % 4, lane / 4)[0], expected[lane]) << "lane " << lane;
    EXPECT_EQ(g.Get8(0, 4, lane % 4, lane / 4)[1], 0) << "Y must stay untouched";
  }
}

TEST(ReferenceStore, UintSaturatesAt255) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  Wave w;
  w.Xy(0, 3, 3);
  w.data[0][0] = 300;          // min(300, 255)
  w.data[1][0] = 7;            // 7
  w.data[2][0] = 0xFFFFFFFFu;  // unsigned: 4294967295 -> 255
  w.data[3][0] = 255;
  ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 1)));
  EXPECT_EQ(g.Get8(0, 4, 3, 3), (std::array<uint8_t, 4>{255, 7, 255, 255}));
}

TEST(ReferenceStore, FloatStoresTheBitsUnchanged) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
  Wave w;
  w.Xy(0, 1, 2);
  const std::array<uint32_t, 4> bits{0x00000001u, 0x7FA00001u, 0x80000000u, kOne};
  for (int ch = 0; ch < 4; ++ch) w.data[ch][0] = bits[ch];
  ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 1)));
  EXPECT_EQ(g.Get32(0, 4, 1, 2), bits);
}

TEST(ReferenceStore, DmaskSuppliesChannelsAndTheOthersAreWrittenAsZero) {
  // Stores write whole texels (docs/sampling.md, "Encode"): DMASK 0b0101 supplies X and Z from
  // data[0] and data[1]; Y and W, not supplied, are written as 0.
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  g.Put8(0, 4, 2, 1, {1, 2, 3, 4});
  g.Put8(0, 4, 3, 1, {5, 6, 7, 8});
  Wave w;
  w.Xy(0, 2, 1);
  w.data[0][0] = F(1.0f);  // X -> 255
  w.data[1][0] = F(0.2f);  // Z -> rint(51.0) = 51
  w.data[2][0] = F(0.5f);  // not read: DMASK has two bits
  w.data[3][0] = F(0.5f);
  TexRequest r = w.Make(kStore, &img, &g.memory, 1);
  r.mods.dmask = 0b0101;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(g.Get8(0, 4, 2, 1), (std::array<uint8_t, 4>{255, 0, 51, 0}));
  EXPECT_EQ(g.Get8(0, 4, 3, 1), (std::array<uint8_t, 4>{5, 6, 7, 8}));  // neighbour untouched
}

TEST(ReferenceStore, OutOfBoundsStoresChangeNothing) {
  Guest g(4096);
  for (size_t i = 0; i < g.bytes.size(); ++i) g.bytes[i] = static_cast<uint8_t>(i * 7 + 3);
  const std::vector<uint8_t> before = g.bytes;
  const ImageDesc img = Image2D(Kind::kUint, 5, 3, 3);  // levels at 0, 256, 512
  Wave w;
  w.Xy(0, 5, 0, 0);
  w.Xy(1, 0, 3, 0);
  w.Xy(2, 2, 0, 1);
  w.Xy(3, 0, 1, 1);
  w.Xy(4, 1, 0, 2);
  w.Xy(5, 0, 0, 3);
  w.Xy(6, 0xFFFFFFFFu, 0xFFFFFFFFu, 0);
  w.Xy(7, 0, 0, 0x80000000u);
  for (int ch = 0; ch < 4; ++ch) std::fill(std::begin(w.data[ch]), std::end(w.data[ch]), 99u);
  ExpectOk(reference::Execute(w.Make(kStoreMip, &img, &g.memory, 8)));
  EXPECT_TRUE(g.bytes == before);

  // One in-bounds lane changes exactly its 4 bytes: texel (4, 2) of level 0 at (2*5 + 4)*4 = 56.
  Wave v;
  v.Xy(0, 4, 2, 0);
  for (int ch = 0; ch < 4; ++ch) v.data[ch][0] = 99;
  ExpectOk(reference::Execute(v.Make(kStoreMip, &img, &g.memory, 1)));
  for (size_t i = 0; i < g.bytes.size(); ++i) {
    if (i >= 56 && i < 60) {
      EXPECT_EQ(g.bytes[i], 99) << i;
    } else {
      EXPECT_EQ(g.bytes[i], before[i]) << i;
    }
  }
}

TEST(ReferenceStore, StoreMipWritesTheLevel) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 5, 3, 3);
  Wave w;
  w.Xy(0, 1, 0, 1);  // level 1 (pitch 2) texel (1, 0): byte 256 + 1*4 = 260
  w.Xy(1, 0, 0, 2);  // level 2: byte 512
  for (int ch = 0; ch < 4; ++ch) {
    w.data[ch][0] = 10 + ch;
    w.data[ch][1] = 20 + ch;
  }
  ExpectOk(reference::Execute(w.Make(kStoreMip, &img, &g.memory, 2)));
  EXPECT_EQ(g.Get8(256, 2, 1, 0), (std::array<uint8_t, 4>{10, 11, 12, 13}));
  EXPECT_EQ(g.Get8(512, 1, 0, 0), (std::array<uint8_t, 4>{20, 21, 22, 23}));
  EXPECT_EQ(g.bytes[260 - 1], 0);
  EXPECT_EQ(g.Get8(0, 5, 1, 0), (std::array<uint8_t, 4>{0, 0, 0, 0}));  // level 0 untouched
}

TEST(ReferenceStore, LaterActiveLaneWinsASharedTexel) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  Wave w;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.Xy(lane, 1, 1);
    for (int ch = 0; ch < 4; ++ch) w.data[ch][lane] = lane * 10 + ch;
  }
  TexRequest r = w.Make(kStore, &img, &g.memory, 4);
  r.exec = 0b0111;  // lane 3 inactive: lane 2 is the last writer
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(g.Get8(0, 4, 1, 1), (std::array<uint8_t, 4>{20, 21, 22, 23}));
}

TEST(ReferenceStore, InactiveLanesDoNotWrite) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  Wave w;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.Xy(lane, lane, 0);
    for (int ch = 0; ch < 4; ++ch) w.data[ch][lane] = 50 + lane;
  }
  TexRequest r = w.Make(kStore, &img, &g.memory, 4);
  r.exec = 0b1001;
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(g.Get8(0, 4, 0, 0), (std::array<uint8_t, 4>{50, 50, 50, 50}));
  EXPECT_EQ(g.Get8(0, 4, 1, 0), (std::array<uint8_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(g.Get8(0, 4, 2, 0), (std::array<uint8_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(g.Get8(0, 4, 3, 0), (std::array<uint8_t, 4>{53, 53, 53, 53}));
  // Stores return nothing, TFE or not (see the AMBIGUITY note in reference_sampler.cc).
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(w.status[lane], kSentinel);
}

// ============================================================================================
// Sampling: XY filters and clamp modes

// 4x4 UNORM with texel (x, y) = (40x + 10y, 200 - 40x, 5y, 255 - 10x - 10y).
std::array<uint8_t, 4> Texel4x4(uint32_t x, uint32_t y) {
  return {uint8_t(40 * x + 10 * y), uint8_t(200 - 40 * x), uint8_t(5 * y),
          uint8_t(255 - 10 * x - 10 * y)};
}
void Fill4x4(Guest& g) {
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put8(0, 4, x, y, Texel4x4(x, y));
  }
}

TEST(ReferenceSample, PointAtTexelCentreReturnsTheTexel) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  Wave w;
  w.St(0, 0.375f, 0.625f);  // u = 0.375*4 = 1.5, v = 0.625*4 = 2.5: texel (1, 2)
  w.St(1, 0.49f, 0.74f);    // u = 1.96, v = 2.96: still (1, 2)
  w.St(2, 0.25f, 0.5f);     // u = 1, v = 2 exactly: floor -> (1, 2)
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 3, &smp)));
  // (1, 2) = (60, 160, 10, 225): c / 255.0f each.
  for (uint32_t lane = 0; lane < 3; ++lane) EXPECT_EQ(w.Lane(lane), Unorm({60, 160, 10, 225}));
}

TEST(ReferenceSample, BilinearAtTexelCornerAveragesFourTexels) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave w;
  // u = v = 0.5*4 = 2: i0 = floor(1.5) = 1, a = 0.5; j0 = 1, b = 0.5; all weights 0.25.
  w.St(0, 0.5f, 0.5f);
  ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp)));
  const auto t11 = Texel4x4(1, 1), t21 = Texel4x4(2, 1), t12 = Texel4x4(1, 2), t22 = Texel4x4(2, 2);
  for (int ch = 0; ch < 4; ++ch) {
    // UNORM filters the codes and divides once: X = ((0.25*50 + 0.25*90) + 0.25*60) + 0.25*100
    // = 75 -> 75/255.
    const float codes = ((0.25f * t11[ch] + 0.25f * t21[ch]) + 0.25f * t12[ch]) + 0.25f * t22[ch];
    EXPECT_EQ(w.out[ch][0], F(codes / 255.0f)) << ch;
    EXPECT_NEAR(AsF(w.out[ch][0]), (t11[ch] + t21[ch] + t12[ch] + t22[ch]) / 4.0 / 255.0, 1e-7);
  }
  EXPECT_EQ(w.out[0][0], F(75.0f / 255.0f));  // (50 + 90 + 60 + 100) / 4 = 75
}

// Unnormalized s = 1.8, t = 0.5 with CLAMP_LAST_TEXEL: u - 0.5 = 1.3 (exact in float),
// i0 = 1, a = 0.29999995 (0x3E999998); v - 0.5 = 0, j0 = 0, b = 0. Hardware precision:
// a = floor(0.29999995 * 256 = 76.8) / 256 = 76/256 = 0.296875.
TEST(ReferenceSample, BilinearWeightsInFloatAndHardwarePrecision) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
  // Row 0: texel 1 = (0, 1, 8, -2), texel 2 = (1, 0, 16, 2); row 1 differs (weight b = 0).
  g.Put32(0, 4, 1, 0, {F(0.0f), F(1.0f), F(8.0f), F(-2.0f)});
  g.Put32(0, 4, 2, 0, {F(1.0f), F(0.0f), F(16.0f), F(2.0f)});
  g.Put32(0, 4, 1, 1, {F(100.0f), F(100.0f), F(100.0f), F(100.0f)});
  g.Put32(0, 4, 2, 1, {F(100.0f), F(100.0f), F(100.0f), F(100.0f)});
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                            ClampMode::kClampLastTexel);
  smp.force_unnormalized = true;
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    Wave w;
    w.St(0, 1.8f, 0.5f);
    TexRequest r = w.Make(kSample, &img, &g.memory, 1, &smp);
    r.precision = mode;
    ExpectOk(reference::Execute(r));
    const float a = mode == PrecisionMode::kFloat ? (1.8f - 0.5f) - 1.0f : 76.0f / 256.0f;
    const float w00 = (1.0f - a) * 1.0f, w10 = a * 1.0f;  // w01 = w11 = 0
    SCOPED_TRACE(static_cast<int>(mode));
    EXPECT_EQ(w.out[0][0], F(((w00 * 0.0f + w10 * 1.0f) + 0.0f) + 0.0f));
    EXPECT_EQ(w.out[1][0], F(((w00 * 1.0f + w10 * 0.0f) + 0.0f) + 0.0f));
    EXPECT_EQ(w.out[2][0], F(((w00 * 8.0f + w10 * 16.0f) + 0.0f) + 0.0f));
    EXPECT_EQ(w.out[3][0], F(((w00 * -2.0f + w10 * 2.0f) + 0.0f) + 0.0f));
    if (mode == PrecisionMode::kFloat) {
      EXPECT_EQ(w.out[0][0], 0x3E999998u);  // a itself
    } else {
      EXPECT_EQ(AsF(w.out[0][0]), 0.296875f);
      EXPECT_EQ(AsF(w.out[1][0]), 0.703125f);
      EXPECT_EQ(AsF(w.out[2][0]), 8.0f * 0.703125f + 16.0f * 0.296875f);  // 10.375
    }
  }
}

// Point sampling with each clamp mode. UINT images with X = x and Y = y so the result names the
// texel. Coordinates s = -0.3, 1.7, 2.5 (and -0.05, 1.3 on the 4-wide image).
TEST(ReferenceSample, ClampModesMapCoordinatesByTheFormulas) {
  struct Case {
    uint32_t w, h;
    float s;
    int wrap, mirror, clamp, mirror_once;
  };
  const Case cases[] = {
      // w = 4: u = -0.3*4 = -1.2 -> i = -2. WRAP -2 mod 4 = 2; MIRROR -2 mod 8 = 6 >= 4 ->
      // 8-1-6 = 1; CLAMP 0; MIRROR_ONCE -1-(-2) = 1.
      {4, 4, -0.3f, 2, 1, 0, 1},
      // u = 6.8 -> 6. WRAP 2; MIRROR 6 -> 8-1-6 = 1; CLAMP 3; MIRROR_ONCE min(6, 3) = 3.
      {4, 4, 1.7f, 2, 1, 3, 3},
      // u = 10 -> 10. WRAP 2; MIRROR 10 mod 8 = 2; CLAMP 3; MIRROR_ONCE 3.
      {4, 4, 2.5f, 2, 2, 3, 3},
      // u = -0.2 -> -1. WRAP 3; MIRROR 7 -> 0; CLAMP 0; MIRROR_ONCE -1-(-1) = 0.
      {4, 4, -0.05f, 3, 0, 0, 0},
      // u = 5.2 -> 5. WRAP 1; MIRROR 5 -> 8-1-5 = 2; CLAMP 3; MIRROR_ONCE 3.
      {4, 4, 1.3f, 1, 2, 3, 3},
      // u = 4.4 -> 4 = n. WRAP 0; MIRROR m = 4 = n -> 8-1-4 = 3; CLAMP 3; MIRROR_ONCE 3.
      {4, 4, 1.1f, 0, 3, 3, 3},
      // u = -4. WRAP 0; MIRROR -4 mod 8 = 4 -> 3; CLAMP 0; MIRROR_ONCE -1+4 = 3.
      {4, 4, -1.0f, 0, 3, 0, 3},
      // u = -20. WRAP 0; MIRROR -20 mod 8 = 4 -> 3; CLAMP 0; MIRROR_ONCE min(19, 3) = 3.
      {4, 4, -5.0f, 0, 3, 0, 3},
      // w = 5: u = -1.5 -> -2. WRAP 3; MIRROR -2 mod 10 = 8 -> 10-1-8 = 1; CLAMP 0; ONCE 1.
      {5, 3, -0.3f, 3, 1, 0, 1},
      // u = 8.5 -> 8. WRAP 3; MIRROR 8 -> 1; CLAMP 4; ONCE 4.
      {5, 3, 1.7f, 3, 1, 4, 4},
      // u = 12.5 -> 12. WRAP 2; MIRROR 12 mod 10 = 2; CLAMP 4; ONCE 4.
      {5, 3, 2.5f, 2, 2, 4, 4},
      // u = 5 = n. WRAP 0; MIRROR 10-1-5 = 4; CLAMP 4; ONCE 4.
      {5, 3, 1.0f, 0, 4, 4, 4},
      // u = 9 = 2n-1. WRAP 4; MIRROR 10-1-9 = 0; CLAMP 4; ONCE 4.
      {5, 3, 1.8f, 4, 0, 4, 4},
  };
  const ClampMode modes[4] = {ClampMode::kWrap, ClampMode::kMirror, ClampMode::kClampLastTexel,
                              ClampMode::kMirrorOnceLastTexel};
  for (const Case& c : cases) {
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kUint, c.w, c.h);
    for (uint32_t y = 0; y < c.h; ++y) {
      for (uint32_t x = 0; x < c.w; ++x) g.Put8(0, c.w, x, y, {uint8_t(x), uint8_t(y), 7, 9});
    }
    const int expected[4] = {c.wrap, c.mirror, c.clamp, c.mirror_once};
    for (int m = 0; m < 4; ++m) {
      SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone, modes[m]);
      Wave w;
      w.St(0, c.s, 0.5f / c.h);  // row 0
      ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], uint32_t(expected[m])) << "w=" << c.w << " s=" << c.s << " mode=" << m;
      EXPECT_EQ(w.out[1][0], 0u);
    }
  }
}

// The same formulas on the t axis (CLAMP_Y) of a 5x3 image, with CLAMP_X fixed at WRAP:
// v = -0.3*3 = -0.9 -> -1; 1.7*3 = 5.1 -> 5; 2.5*3 = 7.5 -> 7.
//   WRAP: -1 -> 2, 5 -> 2, 7 -> 1.  MIRROR (2n = 6): -1 -> 5 -> 0, 5 -> 0, 7 -> 1 -> 1.
//   CLAMP: 0, 2, 2.                  MIRROR_ONCE: -1 -> 0, 5 -> 2, 7 -> 2.
TEST(ReferenceSample, ClampYUsesTheHeight) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 5, 3);
  for (uint32_t y = 0; y < 3; ++y) {
    for (uint32_t x = 0; x < 5; ++x) g.Put8(0, 5, x, y, {uint8_t(x), uint8_t(y), 0, 0});
  }
  const ClampMode modes[4] = {ClampMode::kWrap, ClampMode::kMirror, ClampMode::kClampLastTexel,
                              ClampMode::kMirrorOnceLastTexel};
  const float ts[3] = {-0.3f, 1.7f, 2.5f};
  const uint32_t expected[4][3] = {{2, 2, 1}, {0, 0, 1}, {0, 2, 2}, {0, 2, 2}};
  for (int m = 0; m < 4; ++m) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    smp.clamp_y = modes[m];
    Wave w;
    for (uint32_t lane = 0; lane < 3; ++lane) w.St(lane, 0.5f, ts[lane]);  // u = 2.5 -> x = 2
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 3, &smp)));
    for (uint32_t lane = 0; lane < 3; ++lane) {
      EXPECT_EQ(w.out[0][lane], 2u);
      EXPECT_EQ(w.out[1][lane], expected[m][lane]) << "mode " << m << " t " << ts[lane];
    }
  }
}

// Bilinear at s = 0 (u = 0): i0 = floor(-0.5) = -1, a = 0.5, i1 = 0; t = 0.125 (v = 0.5): j0 = 0,
// b = 0. WRAP maps -1 to 3; CLAMP and MIRROR map it to 0; MIRROR_ONCE to -1-(-1) = 0.
TEST(ReferenceSample, BilinearFootprintWrapsAtTheEdge) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const ClampMode modes[4] = {ClampMode::kWrap, ClampMode::kMirror, ClampMode::kClampLastTexel,
                              ClampMode::kMirrorOnceLastTexel};
  const uint32_t left[4] = {3, 0, 0, 0};
  for (int m = 0; m < 4; ++m) {
    const SamplerDesc smp =
        Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone, modes[m]);
    Wave w;
    w.St(0, 0.0f, 0.125f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
    const auto ti0 = Texel4x4(left[m], 0), ti1 = Texel4x4(0, 0);
    const auto tj1a = Texel4x4(left[m], 1), tj1b = Texel4x4(0, 1);
    for (int ch = 0; ch < 4; ++ch) {
      // w00 = w10 = 0.5, w01 = w11 = 0.
      const float codes = ((0.5f * ti0[ch] + 0.5f * ti1[ch]) + 0.0f * tj1a[ch]) + 0.0f * tj1b[ch];
      EXPECT_EQ(w.out[ch][0], F(codes / 255.0f)) << "mode " << m << " ch " << ch;
    }
  }
}

TEST(ReferenceSample, NanAndInfiniteCoordinates) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put8(0, 4, x, y, {uint8_t(x), uint8_t(y), 0, 0});
  }
  for (ClampMode mode : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone, mode);
    Wave w;
    w.St(0, NaN(), NaN());   // u = v = 0
    w.St(1, Inf(), 0.0f);    // u = 2^24: WRAP 2^24 mod 4 = 0; CLAMP 3
    w.St(2, -Inf(), 0.0f);   // u = -2^24: WRAP 0; CLAMP 0
    w.St(3, 1e30f, -1e30f);  // clamped like the infinities
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 4, &smp)));
    const bool wrap = mode == ClampMode::kWrap;
    EXPECT_EQ(w.out[0][0], 0u);
    EXPECT_EQ(w.out[1][0], 0u);
    EXPECT_EQ(w.out[0][1], wrap ? 0u : 3u);
    EXPECT_EQ(w.out[0][2], 0u);
    EXPECT_EQ(w.out[0][3], wrap ? 0u : 3u);
    EXPECT_EQ(w.out[1][3], 0u);
  }
}

TEST(ReferenceSample, FloatFormatFlushesDenormals) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
  // Texel (0, 0): a positive and a negative denormal, a NaN with payload, and 1.5*2^-126
  // (0x00C00000, the smallest normals' neighbourhood).
  g.Put32(0, 4, 0, 0, {0x00000001u, 0x80000001u, 0x7FC00123u, 0x00C00000u});
  // Point: denormal inputs flush to zero of the same sign; the NaN passes unchanged.
  {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    Wave w;
    w.St(0, 0.125f, 0.125f);
    ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0x80000000u, 0x7FC00123u, 0x00C00000u}));
  }
  // Bilinear between (0,0) and (1,0) = 0 with a = 0.5, b = 0: W = 0.5 * 1.5*2^-126 =
  // 0.75*2^-126, a denormal result, flushed to 0.
  {
    const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                                    ClampMode::kClampLastTexel);
    Wave w;
    w.St(0, 0.25f, 0.125f);  // u = 1: u - 0.5 = 0.5, i0 = 0, a = 0.5; v = 0.5: j0 = 0, b = 0
    ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[3][0], 0u);
    EXPECT_TRUE(std::isnan(AsF(w.out[2][0])));
  }
}

// UINT is never filtered: bilinear filters act as point, LINEAR mips as POINT.
// 4x4 UINT with 3 levels: level 0 at 0, level 1 (2x2) at 256, level 2 (1x1) at 512.
TEST(ReferenceSample, UintIsNeverFiltered) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4, 3);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put8(0, 4, x, y, {uint8_t(x), uint8_t(y), 0, 0});
  }
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) g.Put8(256, 2, x, y, {uint8_t(x), uint8_t(y), 1, 0});
  }
  g.Put8(512, 1, 0, 0, {0, 0, 2, 0});
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kLinear);
  Wave w;
  w.St(0, 0.5f, 0.5f);
  w.lod[0] = F(0.0f);  // level 0: u = v = 2 -> point (2, 2), not an average
  w.St(1, 0.5f, 0.5f);
  w.lod[1] = F(0.4f);  // POINT mip: floor(0.4 + 0.5) = 0
  w.St(2, 0.5f, 0.5f);
  w.lod[2] = F(0.5f);  // floor(0.5 + 0.5) = 1: level 1, u = v = 1 -> (1, 1)
  w.St(3, 0.5f, 0.5f);
  w.lod[3] = F(1.75f);  // floor(2.25) = 2
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 4, &smp)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{2, 2, 0, 0}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{2, 2, 0, 0}));
  EXPECT_EQ(w.Lane(2), (std::array<uint32_t, 4>{1, 1, 1, 0}));
  EXPECT_EQ(w.Lane(3), (std::array<uint32_t, 4>{0, 0, 2, 0}));
}

TEST(ReferenceSample, OneByOneImage) {
  {
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kUnorm, 1, 1);
    g.Put8(0, 1, 0, 0, {10, 20, 30, 40});
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
    Wave w;
    w.St(0, -3.7f, 0.5f);
    w.St(1, 0.5f, 12.25f);
    w.St(2, 0.999f, -0.001f);
    for (uint32_t lane = 0; lane < 3; ++lane) w.lod[lane] = F(0.7f);  // M = 0: f = 0
    ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 3, &smp)));
    for (uint32_t lane = 0; lane < 3; ++lane) EXPECT_EQ(w.Lane(lane), Unorm({10, 20, 30, 40}));
  }
  {
    // Bilinear on 1x1 FLOAT: s = 0.75 -> u - 0.5 = 0.25, a = 0.25; t = 0 -> v - 0.5 = -0.5,
    // j0 = -1, b = 0.5. Weights 0.375, 0.125, 0.375, 0.125, all on the one texel:
    // ((0.375 + 0.125) + 0.375) + 0.125 = 1 exactly, so the result is the texel.
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kFloat, 1, 1);
    g.Put32(0, 1, 0, 0, {F(1.0f), F(2.0f), F(0.5f), F(-4.0f)});
    const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
    Wave w;
    w.St(0, 0.75f, 0.0f);
    ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(1.0f), F(2.0f), F(0.5f), F(-4.0f)}));
  }
}

// 5x3 UNORM with 3 levels (offsets 0, 256, 512), every texel of every level distinct.
std::array<uint8_t, 4> Texel5x3(uint32_t level, uint32_t x, uint32_t y) {
  return {uint8_t(100 * level + 10 * x + y), uint8_t(level), uint8_t(x), uint8_t(y)};
}
void Fill5x3(Guest& g) {
  const uint32_t off[3] = {0, 256, 512}, w[3] = {5, 2, 1}, h[3] = {3, 1, 1};
  for (uint32_t l = 0; l < 3; ++l) {
    for (uint32_t y = 0; y < h[l]; ++y) {
      for (uint32_t x = 0; x < w[l]; ++x) g.Put8(off[l], w[l], x, y, Texel5x3(l, x, y));
    }
  }
}

TEST(ReferenceSample, NonPowerOfTwoChainDownToTheLastLevel) {
  Guest g(4096);
  Fill5x3(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 5, 3, 3);
  const SamplerDesc point = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  Wave w;
  w.St(0, 0.9f, 0.9f);
  w.lod[0] = F(0.0f);  // level 0: u = 4.5, v = 2.7 -> (4, 2)
  w.St(1, 0.75f, 0.5f);
  w.lod[1] = F(1.0f);  // level 1 (2x1): u = 1.5, v = 0.5 -> (1, 0)
  w.St(2, 0.1f, 0.9f);
  w.lod[2] = F(2.0f);  // level 2 (1x1)
  w.St(3, 0.3f, 0.3f);
  w.lod[3] = F(9.0f);  // clamp(floor(9.5), 0, M = 2) = 2
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 4, &point)));
  EXPECT_EQ(w.Lane(0), Unorm(Texel5x3(0, 4, 2)));
  EXPECT_EQ(w.Lane(1), Unorm(Texel5x3(1, 1, 0)));
  EXPECT_EQ(w.Lane(2), Unorm(Texel5x3(2, 0, 0)));
  EXPECT_EQ(w.Lane(3), Unorm(Texel5x3(2, 0, 0)));

  // LINEAR mips: lod 1.5 blends levels 1 and 2 with f = 0.5; lod 2 = M gives f = 0 (level 2).
  const SamplerDesc linear = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  Wave v;
  v.St(0, 0.75f, 0.5f);
  v.lod[0] = F(1.5f);
  v.St(1, 0.75f, 0.5f);
  v.lod[1] = F(2.0f);
  ExpectOk(reference::Execute(v.Make(kSampleL, &img, &g.memory, 2, &linear)));
  const auto c1 = Texel5x3(1, 1, 0), c2 = Texel5x3(2, 0, 0);
  for (int ch = 0; ch < 4; ++ch) {
    // Codes blended, divided once: (1 - 0.5) * c1 + 0.5 * c2, then / 255.
    EXPECT_EQ(v.out[ch][0], F((0.5f * c1[ch] + 0.5f * c2[ch]) / 255.0f)) << ch;
  }
  EXPECT_EQ(v.Lane(1), Unorm(c2));
}

TEST(ReferenceSample, DstSelAndDmaskOnSample) {
  for (Kind num : {Kind::kUnorm, Kind::kUint}) {
    Guest g(4096);
    ImageDesc img = Image2D(num, 4, 4);
    img.dst_sel[0] = DstSel::k1;
    img.dst_sel[1] = DstSel::k0;
    img.dst_sel[2] = DstSel::kW;
    img.dst_sel[3] = DstSel::kX;
    g.Fill8(0, 4, 4, {51, 102, 153, 204});
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    Wave w;
    w.St(0, 0.3f, 0.6f);
    TexRequest r = w.Make(kSample, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0b1101;  // components 0, 2, 3 = (1, W, X)
    ExpectOk(reference::Execute(r));
    if (num == Kind::kUnorm) {
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, F(0.8f), F(0.2f), kSentinel}));
    } else {
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{1, 204, 51, kSentinel}));
    }
  }
}

TEST(ReferenceSample, ExecMaskLeavesInactiveLanesUntouched) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave w;
  for (uint32_t lane = 0; lane < 16; ++lane) w.St(lane, 0.125f, 0.125f);
  TexRequest r = w.Make(kSample, &img, &g.memory, 16, &smp);
  r.exec = 0x0000A5C3ull | (0xFFull << 32);  // bits past lane_count are ignored
  r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const bool active = lane < 16 && ((0xA5C3u >> lane) & 1);
    SCOPED_TRACE(lane);
    if (active) {
      EXPECT_EQ(w.Lane(lane), Unorm(Texel4x4(0, 0)));  // u = v = 0.5: a = b = 0, texel (0, 0)
      EXPECT_EQ(w.status[lane], 0u);
    } else {
      EXPECT_EQ(w.Lane(lane),
                (std::array<uint32_t, 4>{kSentinel, kSentinel, kSentinel, kSentinel}));
      EXPECT_EQ(w.status[lane], kSentinel);
    }
  }
}

// ============================================================================================
// LOD

// 8x8 UNORM with 4 levels: 8x8 (256 bytes) at 0, 4x4 at 256, 2x2 at 512, 1x1 at 768. Level L is
// filled with (10 + L, 20 + L, 30 + L, 40 + L), so X * 255 - 10 names the level sampled.
struct Chain8 {
  Chain8() : g(4096), img(Image2D(Kind::kUnorm, 8, 8, 4)) {
    const uint32_t off[4] = {0, 256, 512, 768};
    for (uint32_t l = 0; l < 4; ++l) {
      g.Fill8(off[l], 8 >> l, 8 >> l,
              {uint8_t(10 + l), uint8_t(20 + l), uint8_t(30 + l), uint8_t(40 + l)});
    }
  }
  static std::array<uint8_t, 4> Level(uint32_t l) {
    return {uint8_t(10 + l), uint8_t(20 + l), uint8_t(30 + l), uint8_t(40 + l)};
  }
  Guest g;
  ImageDesc img;
};

// The level a lane read (point XY, point or no mip), -1 if the result is no level's texel.
int LevelOf(const Wave& w, uint32_t lane) {
  for (uint32_t l = 0; l < 4; ++l) {
    if (w.Lane(lane) == Unorm(Chain8::Level(l))) return static_cast<int>(l);
  }
  return -1;
}

// A quad at (s0, t0) whose right neighbour is (s0 + dsx, t0 + dtx) and lower neighbour
// (s0 + dsy, t0 + dty).
void Quad(Wave& w, uint32_t q, float s0, float t0, float dsx, float dtx, float dsy, float dty) {
  w.St(4 * q + 0, s0, t0);
  w.St(4 * q + 1, s0 + dsx, t0 + dtx);
  w.St(4 * q + 2, s0 + dsy, t0 + dty);
  w.St(4 * q + 3, s0 + dsx + dsy, t0 + dtx + dty);
}

TEST(ReferenceLod, ImplicitLambdaSelectsTheLevel) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  Wave w;
  // W = H = 8.
  Quad(w, 0, 0.0f, 0.0f, 1 / 8.0f, 0, 0, 1 / 8.0f);    // dudx = dvdy = 1: rx = ry = 1, lambda 0
  Quad(w, 1, 0.0f, 0.0f, 2 / 8.0f, 0, 0, 2 / 8.0f);    // 2: rx = 4, 0.5*log2(4) = 1
  Quad(w, 2, 0.0f, 0.0f, 4 / 8.0f, 0, 0, 1 / 8.0f);    // rx = 16, ry = 1: max 16 -> lambda 2
  Quad(w, 3, 0.0f, 0.0f, 0, 1.0f, 1 / 8.0f, 0);        // dvdx = 8: rx = 64 -> lambda 3
  Quad(w, 4, 0.0f, 0.0f, 1 / 16.0f, 0, 0, 1 / 16.0f);  // rx = 1/4: lambda -1, clamped to 0
  Quad(w, 5, 0.0f, 0.0f, 1 / 8.0f, 1 / 8.0f, 0, 0);    // rx = 1 + 1 = 2: lambda 0.5 -> 1
  // dudx = 1, dvdx = 0.875: rx = 1.765625, lambda = 0.41: floor(0.91) = 0.
  Quad(w, 6, 0.0f, 0.0f, 1 / 8.0f, 0.875f / 8.0f, 0, 0);
  Quad(w, 7, 0.0f, 0.0f, 0, 0, 0, 2.0f);  // dvdy = 16: ry = 256 -> lambda 4, clamped to M = 3
  ExpectOk(reference::Execute(w.Make(kSample, &c.img, &c.g.memory, 32, &smp)));
  const int expected[8] = {0, 1, 2, 3, 0, 1, 0, 3};
  for (uint32_t lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(LevelOf(w, lane), expected[lane / 4]) << "lane " << lane;
  }
}

// Non-power-of-two base level 5x3: W = 5, H = 3. Quad 0: s steps 0.4 in x, so
// dudx = 0.4f * 5 = 2 (rounded), rx = 4, lambda = 1. Quad 1: t steps 1.0 in y, dvdy = 3, ry = 9,
// lambda = 0.5 * log2(9) = 1.585: POINT mip floor(2.085) = 2, the last level.
TEST(ReferenceLod, ImplicitLambdaOnNonPowerOfTwoBase) {
  Guest g(4096);
  Fill5x3(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 5, 3, 3);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  Wave w;
  Quad(w, 0, 0.0f, 0.0f, 0.4f, 0, 0, 0);
  Quad(w, 1, 0.0f, 0.0f, 0, 0, 0, 1.0f);
  ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 8, &smp)));
  // Quad 0 on level 1 (2x1): lane 0 (0, 0) -> (0, 0); lane 1 s = 0.4: u = 0.8 -> (0, 0).
  EXPECT_EQ(w.Lane(0), Unorm(Texel5x3(1, 0, 0)));
  EXPECT_EQ(w.Lane(1), Unorm(Texel5x3(1, 0, 0)));
  for (uint32_t lane = 4; lane < 8; ++lane) EXPECT_EQ(w.Lane(lane), Unorm(Texel5x3(2, 0, 0)));
}

TEST(ReferenceLod, BiasAndMinMaxClamp) {
  Chain8 c;
  struct Case {
    Op op;
    int16_t lod_bias;  // S#.LOD_BIAS, s5.8
    uint16_t min_lod, max_lod;
    float lod;   // SAMPLE_L operand
    float bias;  // SAMPLE_B operand
    int level;
  };
  const Case cases[] = {
      {kSampleL, 256, 0, 15 << 8, 0.0f, 0, 1},     // 0 + 256/256 = 1
      {kSampleL, -256, 0, 15 << 8, 2.0f, 0, 1},    // 2 - 1 = 1
      {kSampleL, 0, 512, 15 << 8, 0.0f, 0, 2},     // max(0, 2) = 2
      {kSampleL, 0, 0, 256, 3.0f, 0, 1},           // min(3, 1) = 1
      {kSampleL, 0, 256, 15 << 8, NaN(), 0, 1},    // NaN becomes MIN_LOD = 1
      {kSampleL, 0, 0, 15 << 8, 1.49f, 0, 1},      // floor(1.99) = 1
      {kSampleL, 0, 0, 15 << 8, 1.5f, 0, 2},       // floor(2.0) = 2
      {kSampleL, 128, 0, 15 << 8, 1.0f, 0, 2},     // 1 + 0.5 = 1.5 -> 2
      {kSampleL, 0, 0, 128, 2.0f, 0, 1},           // min(2, 0.5) = 0.5 -> floor(1.0) = 1
      {kSampleL, 0, 768, 256, 0.0f, 0, 1},         // MIN > MAX: min(max(0, 3), 1) = 1
      {kSampleLz, 256, 512, 15 << 8, 3.0f, 0, 0},  // LZ: lambda 0, no bias, no clamp
      {kSampleB, 256, 0, 15 << 8, 0, 1.0f, 2},     // implicit 0 + 1 + 1 = 2
      {kSampleB, 0, 0, 15 << 8, 0, -5.0f, 0},      // 0 - 5 -> MIN_LOD 0
      {kSampleB, 0, 0, 15 << 8, 0, 2.75f, 3},      // floor(3.25) = 3
      {kSample, 0, 0, 0, 0, 0, 0},                 // S# default MAX_LOD = 0
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
    smp.lod_bias = k.lod_bias;
    smp.min_lod = k.min_lod;
    smp.max_lod = k.max_lod;
    Wave w;
    Quad(w, 0, 0.25f, 0.25f, 1 / 8.0f, 0, 0, 1 / 8.0f);  // implicit lambda 0 (dudx = dvdy = 1)
    for (uint32_t lane = 0; lane < 4; ++lane) {
      w.lod[lane] = F(k.lod);
      w.bias[lane] = F(k.bias);
    }
    ExpectOk(reference::Execute(w.Make(k.op, &c.img, &c.g.memory, 4, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) {
      EXPECT_EQ(LevelOf(w, lane), k.level)
          << OpName(k.op) << " lod_bias " << k.lod_bias << " min " << k.min_lod << " max "
          << k.max_lod << " lod " << k.lod << " bias " << k.bias;
    }
  }
}

TEST(ReferenceLod, BiasIsPerLaneOnTopOfTheQuadLambda) {
  Chain8 c;
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  smp.lod_bias = 256;  // +1
  Wave w;
  Quad(w, 0, 0.25f, 0.25f, 1 / 8.0f, 0, 0, 1 / 8.0f);  // lambda 0
  w.bias[0] = F(1.0f);                                 // 0 + 1 + 1 = 2
  w.bias[1] = F(0.0f);                                 // 1
  w.bias[2] = F(-1.0f);                                // 0
  w.bias[3] = F(5.0f);                                 // 7 -> M = 3
  ExpectOk(reference::Execute(w.Make(kSampleB, &c.img, &c.g.memory, 4, &smp)));
  EXPECT_EQ(LevelOf(w, 0), 2);
  EXPECT_EQ(LevelOf(w, 1), 1);
  EXPECT_EQ(LevelOf(w, 2), 0);
  EXPECT_EQ(LevelOf(w, 3), 3);
}

TEST(ReferenceLod, TrilinearBlendsTwoLevels) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  Wave w;
  const float lods[8] = {0.5f, 2.25f, 3.0f, 7.0f, 0.0f, 1.0f, 3.3f, 3.7f};
  for (uint32_t lane = 0; lane < 8; ++lane) {
    w.St(lane, 0.3f, 0.7f);
    w.lod[lane] = F(lods[lane]);
  }
  ExpectOk(reference::Execute(w.Make(kSampleL, &c.img, &c.g.memory, 8, &smp)));
  const auto l0 = Chain8::Level(0), l1 = Chain8::Level(1), l2 = Chain8::Level(2),
             l3 = Chain8::Level(3);
  for (int ch = 0; ch < 4; ++ch) {
    // lod 0.5: d0 = 0, d1 = 1, f = 0.5: (0.5 * 10 + 0.5 * 11) / 255 = 10.5 / 255 for X.
    EXPECT_EQ(w.out[ch][0], F((0.5f * l0[ch] + 0.5f * l1[ch]) / 255.0f)) << ch;
    // lod 2.25: d0 = 2, d1 = 3, f = 0.25: (0.75 * c2 + 0.25 * c3) / 255.
    EXPECT_EQ(w.out[ch][1], F((0.75f * l2[ch] + 0.25f * l3[ch]) / 255.0f)) << ch;
  }
  EXPECT_EQ(w.out[0][0], F(10.5f / 255.0f));
  EXPECT_EQ(w.Lane(2), Unorm(l3));  // lod = M: f = 0
  EXPECT_EQ(w.Lane(3), Unorm(l3));  // lod > M: d0 = 3, f = 0
  EXPECT_EQ(w.Lane(4), Unorm(l0));  // f = 0
  EXPECT_EQ(w.Lane(5), Unorm(l1));  // lod 1: d0 = 1, f = 0
  EXPECT_EQ(w.Lane(6), Unorm(l3));  // lod 3.3 >= M: f = 0, no blend of level 3 with itself
  EXPECT_EQ(w.Lane(7), Unorm(l3));
}

// Trilinear over bilinear levels: 8x8 FLOAT with level 0 = 1.0 and level 1 = 3.0 everywhere,
// lod 0.25: (1 - 0.25) * 1 + 0.25 * 3 = 1.5 (all exact).
TEST(ReferenceLod, TrilinearOverBilinearFloatLevels) {
  Guest g(8192);
  const ImageDesc img = Image2D(Kind::kFloat, 8, 8, 2);  // level 1 at 8*8*16 = 1024
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 8; ++x) g.Put32(0, 8, x, y, {F(1.0f), F(2.0f), F(-1.0f), F(0.0f)});
  }
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put32(1024, 4, x, y, {F(3.0f), F(2.0f), F(1.0f), F(8.0f)});
  }
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kLinear);
  Wave w;
  // Dyadic weights keep every product exact: level 0 u = 3, v = 5.25 (a = 0.5, b = 0.75);
  // level 1 u = 1.5, v = 2.625 (a = 0, b = 0.125).
  w.St(0, 0.375f, 0.65625f);
  w.lod[0] = F(0.25f);
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 1, &smp)));
  // (0.75 * 1 + 0.25 * 3, 0.75 * 2 + 0.25 * 2, 0.75 * -1 + 0.25 * 1, 0.75 * 0 + 0.25 * 8)
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(1.5f), F(2.0f), F(-0.5f), F(2.0f)}));
}

// Step 4: kHardware quantises the clamped lambda: lambda = floor(lambda * 256) / 256. Levels are
// FLOAT 1.0 and 3.0. lod 0.3: float f = 0.3f; hardware lambda = floor(76.8) / 256 = 0.296875, so
// (1 - 0.296875) * 1 + 0.296875 * 3 = 0.703125 + 0.890625 = 1.59375.
TEST(ReferenceLod, HardwarePrecisionQuantisesLambda) {
  Guest g(8192);
  const ImageDesc img = Image2D(Kind::kFloat, 8, 8, 2);
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 8; ++x) g.Put32(0, 8, x, y, {F(1.0f), F(1.0f), F(1.0f), F(1.0f)});
  }
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put32(1024, 4, x, y, {F(3.0f), F(3.0f), F(3.0f), F(3.0f)});
  }
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    Wave w;
    w.St(0, 0.3f, 0.3f);
    w.lod[0] = F(0.3f);
    w.St(1, 0.3f, 0.3f);
    w.lod[1] = F(0.003f);  // hardware: floor(0.768) / 256 = 0, so f = 0 and level 0 alone
    TexRequest r = w.Make(kSampleL, &img, &g.memory, 2, &smp);
    r.precision = mode;
    ExpectOk(reference::Execute(r));
    if (mode == PrecisionMode::kFloat) {
      EXPECT_EQ(w.out[0][0], F((1.0f - 0.3f) * 1.0f + 0.3f * 3.0f));
      EXPECT_EQ(w.out[0][1], F((1.0f - 0.003f) * 1.0f + 0.003f * 3.0f));
    } else {
      EXPECT_EQ(AsF(w.out[0][0]), 1.59375f);
      EXPECT_EQ(AsF(w.out[0][1]), 1.0f);
    }
  }
}

// MAG filter when lambda <= 0, MIN filter otherwise: mag = BILINEAR, min = POINT, mip NONE.
TEST(ReferenceLod, MagnificationAndMinificationFilters) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kPoint, MipFilter::kNone);
  Wave w;
  w.St(0, 0.5f, 0.5f);
  w.lod[0] = F(0.0f);  // magnification: bilinear average of (1..2, 1..2) = 75 for X
  w.St(1, 0.5f, 0.5f);
  w.lod[1] = F(0.25f);  // minification: point, floor(2) -> texel (2, 2)
  w.St(2, 0.5f, 0.5f);
  w.lod[2] = F(-3.0f);  // clamped to MIN_LOD 0: magnification
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 3, &smp)));
  EXPECT_EQ(w.out[0][0], F(75.0f / 255.0f));
  EXPECT_EQ(w.Lane(1), Unorm(Texel4x4(2, 2)));
  EXPECT_EQ(w.out[0][2], F(75.0f / 255.0f));
}

// kHardware: lambda = 0.003 quantises to floor(0.768) / 256 = 0, so it magnifies (bilinear);
// kFloat keeps 0.003 > 0 and minifies (point). A denormal lod (1e-40) behaves the same way.
TEST(ReferenceLod, HardwareLambdaQuantisationMovesTheMagMinSwitch) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kPoint, MipFilter::kNone);
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    Wave w;
    w.St(0, 0.5f, 0.5f);
    w.lod[0] = F(0.003f);
    w.St(1, 0.5f, 0.5f);
    w.lod[1] = F(1e-40f);
    w.St(2, 0.5f, 0.5f);
    w.lod[2] = F(1.0f / 256);  // on the grid: minification in both modes
    TexRequest r = w.Make(kSampleL, &img, &g.memory, 3, &smp);
    r.precision = mode;
    ExpectOk(reference::Execute(r));
    const bool hw = mode == PrecisionMode::kHardware;
    // Magnification: bilinear average of texels (1..2, 1..2), X = 75. Minification: (2, 2).
    EXPECT_EQ(w.out[0][0], hw ? F(75.0f / 255.0f) : F(100.0f / 255.0f));
    EXPECT_EQ(w.out[0][1], hw ? F(75.0f / 255.0f) : F(100.0f / 255.0f));
    EXPECT_EQ(w.out[0][2], F(100.0f / 255.0f));
  }
}

TEST(ReferenceLod, HelperLanesSupplyCoordinates) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  Wave w;
  Quad(w, 0, 0.0f, 0.0f, 0.5f, 0, 0, 0);  // dudx = 4: rx = 16, lambda 2
  TexRequest r = w.Make(kSample, &c.img, &c.g.memory, 4, &smp);
  r.exec = 0b1110;  // the top-left is a helper lane
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kSentinel, kSentinel, kSentinel, kSentinel}));
  for (uint32_t lane = 1; lane < 4; ++lane) EXPECT_EQ(LevelOf(w, lane), 2) << lane;
}

// A quad cut short by lane_count uses the top-left's coordinates for its missing lanes.
TEST(ReferenceLod, ShortQuadUsesTheTopLeft) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  {
    Wave w;
    Quad(w, 0, 0.0f, 0.0f, 1 / 8.0f, 0, 0, 1 / 8.0f);  // lambda 0
    Quad(w, 1, 0.5f, 0.5f, 2 / 8.0f, 0, 0, 1.0f);      // lanes 4, 5 only: dudx = 2, rx = 4;
    // BL = TL, so ry = 0 (the dvdy = 8 of the real lane 6 is ignored): lambda = 1.
    ExpectOk(reference::Execute(w.Make(kSample, &c.img, &c.g.memory, 6, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(LevelOf(w, lane), 0);
    EXPECT_EQ(LevelOf(w, 4), 1);
    EXPECT_EQ(LevelOf(w, 5), 1);
    EXPECT_EQ(w.out[0][6], kSentinel);
  }
  {
    // lane_count 5: quad 1 is lane 4 alone; rx = ry = 0, log2(0) = -inf -> MIN_LOD = 1.
    SamplerDesc smp1 = smp;
    smp1.min_lod = 256;
    Wave w;
    Quad(w, 1, 0.0f, 0.0f, 4.0f, 0, 0, 4.0f);
    ExpectOk(reference::Execute(w.Make(kSample, &c.img, &c.g.memory, 5, &smp1)));
    EXPECT_EQ(LevelOf(w, 4), 1);
  }
}

// NaN derivatives: max(rx, ry) is NaN when either is NaN, and the clamp turns NaN into MIN_LOD.
TEST(ReferenceLod, NanDerivativeBecomesMinLod) {
  Chain8 c;
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  smp.min_lod = 256;
  Wave w;
  Quad(w, 0, 0.0f, 0.0f, 2.0f, 0, 0, 0);  // rx = 256 (lambda 4) ...
  w.St(2, NaN(), 0.0f);                   // ... but ry = NaN: lambda NaN -> MIN_LOD = 1
  Quad(w, 1, 0.0f, 0.0f, 0, 0, 2.0f, 0);  // ry = 256 ...
  w.St(5, 0.0f, NaN());                   // ... but rx = NaN: lambda NaN -> MIN_LOD = 1
  TexRequest r = w.Make(kSample, &c.img, &c.g.memory, 8, &smp);
  r.exec = 0b00010011;  // the NaN lanes 2 and 5 are helpers
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(LevelOf(w, 0), 1);
  EXPECT_EQ(LevelOf(w, 1), 1);
  EXPECT_EQ(LevelOf(w, 4), 1);
}

TEST(ReferenceLod, UnnormalizedCoordinatesUseLevelZero) {
  Chain8 c;
  c.g.Put8(0, 8, 2, 3, {200, 201, 202, 203});
  for (int variant = 0; variant < 2; ++variant) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
    smp.force_unnormalized = variant == 1;
    smp.min_lod = 512;  // even MIN_LOD does not move unnormalized lookups off level 0
    Wave w;
    w.St(0, 2.5f, 3.5f);  // u = s = 2.5, v = t = 3.5: texel (2, 3)
    w.lod[0] = F(2.0f);
    TexRequest r = w.Make(kSampleL, &c.img, &c.g.memory, 1, &smp);
    r.mods.unorm = variant == 0;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), Unorm({200, 201, 202, 203})) << variant;
  }
}

// ============================================================================================
// LOD: _CL, _D, _CD

// SAMPLE_CL: lo = max(MIN_LOD, clamp), lambda = min(max(lambda, lo), MAX_LOD). Chain8 (M = 3),
// POINT mips, the quad's implicit lambda 0 (dudx = dvdy = 1).
TEST(ReferenceLod, ClampOperandIsALowerBound) {
  Chain8 c;
  const Op kSampleBCl{OpKind::kSample, kOpBias | kOpClamp};
  const Op kSampleDCl{OpKind::kSample, kOpDeriv | kOpClamp};
  struct Case {
    Op op;
    uint16_t min_lod, max_lod;
    float clamp, bias;
    int level;
  };
  const Case cases[] = {
      {kSampleCl, 0, 15 << 8, 2.0f, 0, 2},       // max(0, 2) = 2
      {kSampleCl, 0, 15 << 8, 1.4f, 0, 1},       // 1.4: floor(1.9) = 1
      {kSampleCl, 0, 15 << 8, 1.5f, 0, 2},       // 1.5: floor(2.0) = 2
      {kSampleCl, 0, 256, 2.0f, 0, 1},           // min(2, MAX_LOD 1) = 1: MAX_LOD wins
      {kSampleCl, 0, 15 << 8, NaN(), 0, 0},      // max(0, NaN) = 0: ignored
      {kSampleCl, 512, 15 << 8, 1.0f, 0, 2},     // lo = max(MIN_LOD 2, 1) = 2
      {kSampleCl, 0, 15 << 8, -3.0f, 0, 0},      // lo = max(0, -3) = 0
      {kSampleCl, 0, 15 << 8, Inf(), 0, 3},      // lo = inf, min(inf, 15) = 15 -> M = 3
      {kSampleBCl, 0, 15 << 8, 1.0f, 3.0f, 3},   // lambda 3 >= lo: a lower bound only
      {kSampleBCl, 0, 15 << 8, 1.0f, -2.0f, 1},  // max(-2, 1) = 1
      {kSampleDCl, 0, 15 << 8, 2.0f, 0, 2},      // _D lambda 0, raised to 2
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
    smp.min_lod = k.min_lod;
    smp.max_lod = k.max_lod;
    Wave w;
    Quad(w, 0, 0.25f, 0.25f, 1 / 8.0f, 0, 0, 1 / 8.0f);
    for (uint32_t lane = 0; lane < 4; ++lane) {
      w.clamp[lane] = F(k.clamp);
      w.bias[lane] = F(k.bias);
      w.deriv[0][0][lane] = F(1 / 8.0f);  // dudx = 1
      w.deriv[1][1][lane] = F(1 / 8.0f);  // dvdy = 1
    }
    ExpectOk(reference::Execute(w.Make(k.op, &c.img, &c.g.memory, 4, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) {
      EXPECT_EQ(LevelOf(w, lane), k.level)
          << OpName(k.op) << " min " << k.min_lod << " max " << k.max_lod << " clamp " << k.clamp
          << " bias " << k.bias;
    }
  }
  // The clamp is per lane, on top of the quad's shared lambda 0.
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  Wave w;
  Quad(w, 0, 0.25f, 0.25f, 1 / 8.0f, 0, 0, 1 / 8.0f);
  const float clamps[4] = {0.0f, 1.0f, 2.0f, 3.0f};
  for (uint32_t lane = 0; lane < 4; ++lane) w.clamp[lane] = F(clamps[lane]);
  ExpectOk(reference::Execute(w.Make(kSampleCl, &c.img, &c.g.memory, 4, &smp)));
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(LevelOf(w, lane), int(lane));
}

// SAMPLE_D and SAMPLE_CD with the derivatives the implicit quads of ImplicitLambdaSelectsTheLevel
// have (W = H = 8) select the same levels: dudx = ds/dx * W and so on.
TEST(ReferenceLod, ExplicitDerivativesGiveTheImplicitLevel) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  struct Case {
    float dsx, dtx, dsy, dty;
    int level;
  };
  const Case cases[] = {
      {1 / 8.0f, 0, 0, 1 / 8.0f, 0},    // rx = ry = 1: lambda 0
      {2 / 8.0f, 0, 0, 2 / 8.0f, 1},    // rx = 4: lambda 1
      {4 / 8.0f, 0, 0, 1 / 8.0f, 2},    // rx = 16, ry = 1: lambda 2
      {0, 1.0f, 1 / 8.0f, 0, 3},        // dvdx = 8: rx = 64, lambda 3
      {1 / 16.0f, 0, 0, 1 / 16.0f, 0},  // rx = 1/4: lambda -1 -> 0
      {1 / 8.0f, 1 / 8.0f, 0, 0, 1},    // rx = 2: lambda 0.5 -> floor(1.0) = 1
      {0, 0, 0, 2.0f, 3},               // dvdy = 16: ry = 256, lambda 4 -> M = 3
  };
  for (const Case& k : cases) {
    Wave implicit;
    Quad(implicit, 0, 0.0f, 0.0f, k.dsx, k.dtx, k.dsy, k.dty);
    ExpectOk(reference::Execute(implicit.Make(kSample, &c.img, &c.g.memory, 4, &smp)));
    for (Op op : {kSampleD, kSampleCd}) {
      Wave w;
      Quad(w, 0, 0.0f, 0.0f, k.dsx, k.dtx, k.dsy, k.dty);  // the same texels
      for (uint32_t lane = 0; lane < 4; ++lane) {
        w.deriv[0][0][lane] = F(k.dsx);
        w.deriv[0][1][lane] = F(k.dtx);
        w.deriv[1][0][lane] = F(k.dsy);
        w.deriv[1][1][lane] = F(k.dty);
      }
      ExpectOk(reference::Execute(w.Make(op, &c.img, &c.g.memory, 4, &smp)));
      for (uint32_t lane = 0; lane < 4; ++lane) {
        EXPECT_EQ(LevelOf(w, lane), k.level) << OpName(op) << " dsx " << k.dsx << " dty " << k.dty;
        EXPECT_EQ(w.Lane(lane), implicit.Lane(lane)) << OpName(op);
      }
    }
    EXPECT_EQ(LevelOf(implicit, 0), k.level);
  }
}

// _D takes each lane's derivatives; _CD those of the quad's top-left lane, even a helper's.
TEST(ReferenceLod, DerivIsPerLaneCoarseDerivIsPerQuad) {
  Chain8 c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  // ds/dx = dt/dy = k / 8: dudx = dvdy = k, lambda = log2(k).
  const float k[8] = {1, 2, 4, 8, 4, 1, 1, 16};
  for (int variant = 0; variant < 3; ++variant) {
    const Op op = variant == 0 ? kSampleD : kSampleCd;
    Wave w;
    for (uint32_t lane = 0; lane < 8; ++lane) {
      w.St(lane, 0.25f, 0.25f);
      w.deriv[0][0][lane] = F(k[lane] / 8.0f);
      w.deriv[1][1][lane] = F(k[lane] / 8.0f);
    }
    TexRequest r = w.Make(op, &c.img, &c.g.memory, 8, &smp);
    if (variant == 2) r.exec = 0b11101111;  // lane 4, quad 1's top-left, is a helper
    ExpectOk(reference::Execute(r));
    SCOPED_TRACE(variant);
    if (variant == 0) {
      // lambda 0, 1, 2, 3, 2, 0, 0, 4 -> M = 3.
      const int expected[8] = {0, 1, 2, 3, 2, 0, 0, 3};
      for (uint32_t lane = 0; lane < 8; ++lane) EXPECT_EQ(LevelOf(w, lane), expected[lane]);
    } else {
      // Quad 0 takes lane 0's lambda 0; quad 1 lane 4's lambda 2.
      for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(LevelOf(w, lane), 0) << lane;
      for (uint32_t lane = 5; lane < 8; ++lane) EXPECT_EQ(LevelOf(w, lane), 2) << lane;
      EXPECT_EQ(LevelOf(w, 4), variant == 1 ? 2 : -1);
      if (variant == 2) {
        EXPECT_EQ(w.out[0][4], kSentinel);
      }
    }
  }
}

// ============================================================================================
// Offsets (_O)

// The offset dword of (ox, oy): ox in bits 5:0, oy in bits 13:8, 6-bit two's complement.
uint32_t Off(int ox, int oy) {
  return (static_cast<uint32_t>(ox) & 0x3Fu) | ((static_cast<uint32_t>(oy) & 0x3Fu) << 8);
}

// A 4x4 R8G8B8A8_UINT image whose texel (x, y) is (10x + y, 100 + 10x + y, 200 + 10x + y, 7), so
// X names the texel.
void FillUint4x4(Guest& g) {
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      const uint8_t v = static_cast<uint8_t>(10 * x + y);
      g.Put8(0, 4, x, y, {v, uint8_t(100 + v), uint8_t(200 + v), 7});
    }
  }
}

// POINT: i = floor(u) + ox, j = floor(v) + oy, then the clamp mode. s = 0.375, t = 0.625 on a
// 4x4 image: floor(1.5) = 1, floor(2.5) = 2.
TEST(ReferenceSample, OffsetsMovePointSamples) {
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  struct Case {
    uint32_t offset;
    int wrap_x, wrap_y, clamp_x, clamp_y;
  };
  const Case cases[] = {
      {0, 1, 2, 1, 2},
      {0x3F02, 3, 1, 3, 1},  // (+2, -1): (3, 1) in both modes
      {0x0303, 0, 1, 3, 3},  // (+3, +3): (4, 5) -> WRAP (0, 1), CLAMP (3, 3)
      // (-32, -3): (-31, -1) -> WRAP (-31 + 32, -1 + 4) = (1, 3), CLAMP (0, 0).
      {0x3D20, 1, 3, 0, 0},
      // ox = 31 (bits 5:0 = 0x1F), oy = 0; bits 7:6, 15:14 and 31:16 (Z included) are ignored:
      // (32, 2) -> WRAP (0, 2), CLAMP (3, 2).
      {0xFFFFC0DF, 0, 2, 3, 2},
  };
  EXPECT_EQ(Off(2, -1), 0x3F02u);
  EXPECT_EQ(Off(-32, -3), 0x3D20u);
  for (const Case& k : cases) {
    for (ClampMode mode : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
      const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone, mode);
      Wave w;
      w.St(0, 0.375f, 0.625f);
      w.offset[0] = k.offset;
      ExpectOk(reference::Execute(w.Make(kSampleLzO, &img, &g.memory, 1, &smp)));
      const bool wrap = mode == ClampMode::kWrap;
      EXPECT_EQ(w.out[0][0],
                uint32_t(10 * (wrap ? k.wrap_x : k.clamp_x) + (wrap ? k.wrap_y : k.clamp_y)))
          << Hex(k.offset) << (wrap ? " WRAP" : " CLAMP");
    }
  }
}

// BILINEAR: i0 = floor(u - 0.5) + ox. 4x4 FLOAT with X = 10x + y; s = 0.5625, t = 0.5: u = 2.25,
// i0 = 1, a = 0.75; v = 2, j0 = 1, b = 0.5. Weights w00 = 0.125, w10 = 0.375, w01 = 0.125,
// w11 = 0.375 (all sums below are exact).
TEST(ReferenceSample, OffsetsMoveTheBilinearFootprint) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put32(0, 4, x, y, {F(10.0f * x + y), F(1.0f), 0, kOne});
  }
  struct Case {
    uint32_t offset;
    float wrap, clamp;
  };
  const Case cases[] = {
      // (1, 1), (2, 1), (1, 2), (2, 2): 0.125*11 + 0.375*21 + 0.125*12 + 0.375*22 = 19.
      {Off(0, 0), 19.0f, 19.0f},
      // (-2, +2): i0 = -1, i1 = 0, j0 = 3, j1 = 4. WRAP x = 3, 0, y = 3, 0:
      // 0.125*33 + 0.375*3 + 0.125*30 + 0.375*0 = 9. CLAMP x = 0, 0, y = 3, 3: all T(0, 3) = 3.
      {Off(-2, 2), 9.0f, 3.0f},
      // (+1, -1): i0 = 2, j0 = 0: 0.125*20 + 0.375*30 + 0.125*21 + 0.375*31 = 28 in both modes.
      {Off(1, -1), 28.0f, 28.0f},
      // (+2, 0): i0 = 3, i1 = 4. WRAP x1 = 0: 0.125*31 + 0.375*1 + 0.125*32 + 0.375*2 = 9.
      // CLAMP x1 = 3: 0.125*31 + 0.375*31 + 0.125*32 + 0.375*32 = 31.5.
      {Off(2, 0), 9.0f, 31.5f},
  };
  for (const Case& k : cases) {
    for (ClampMode mode : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
      const SamplerDesc smp =
          Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone, mode);
      Wave w;
      w.St(0, 0.5625f, 0.5f);
      w.offset[0] = k.offset;
      ExpectOk(reference::Execute(w.Make(kSampleLzO, &img, &g.memory, 1, &smp)));
      const bool wrap = mode == ClampMode::kWrap;
      EXPECT_EQ(AsF(w.out[0][0]), wrap ? k.wrap : k.clamp)
          << Hex(k.offset) << (wrap ? " WRAP" : " CLAMP");
      EXPECT_EQ(AsF(w.out[1][0]), 1.0f);  // the weights sum to 1
    }
  }
}

// ============================================================================================
// Depth compare (_C)

ImageDesc ImageOf(FormatId format, uint32_t w, uint32_t h, uint32_t levels = 1) {
  ImageDesc d = Image2D(Kind::kUnorm, w, h, levels);
  d.format = format;
  return d;
}

// The centre of texel (x, y) of a w x h image.
void Centre(Wave& w, uint32_t lane, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
  w.St(lane, (x + 0.5f) / width, (y + 0.5f) / height);
}

// SAMPLE_C_LZ, POINT, on a 2x2 R32_FLOAT: (0, 0) = 0.5, (1, 0) = NaN, (0, 1) = +denormal,
// (1, 1) = -denormal. The denormals compare as +0 and -0.
TEST(ReferenceCompare, EachFunctionOnAFloatTexel) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<uint32_t>(0, 2, 0, 0, F(0.5f));
  g.Put<uint32_t>(0, 2, 1, 0, 0x7FC00000u);
  g.Put<uint32_t>(0, 2, 0, 1, 0x000116C2u);  // 1e-40
  g.Put<uint32_t>(0, 2, 1, 1, 0x800116C2u);  // -1e-40
  // Lanes: (texel, ref) = ((0,0), 0.25) ref < D; ((0,0), 0.5) equal; ((0,0), 0.75) ref > D;
  // ((1,0), 0.5) NaN texel; ((0,1), 0) +0 == 0; ((1,1), 0) -0 == 0; ((0,0), NaN) NaN ref;
  // ((0,0), 1.5) greater (R32_FLOAT: ref is not clamped).
  const uint32_t tx[8] = {0, 0, 0, 1, 0, 1, 0, 0}, ty[8] = {0, 0, 0, 0, 1, 1, 0, 0};
  const float ref[8] = {0.25f, 0.5f, 0.75f, 0.5f, 0.0f, 0.0f, NaN(), 1.5f};
  struct Case {
    CompareFunc func;
    int r[8];
  };
  const Case cases[] = {
      {CompareFunc::kNever, {0, 0, 0, 0, 0, 0, 0, 0}},
      {CompareFunc::kLess, {1, 0, 0, 0, 0, 0, 0, 0}},
      {CompareFunc::kEqual, {0, 1, 0, 0, 1, 1, 0, 0}},
      {CompareFunc::kLessEqual, {1, 1, 0, 0, 1, 1, 0, 0}},
      {CompareFunc::kGreater, {0, 0, 1, 0, 0, 0, 0, 1}},
      {CompareFunc::kNotEqual, {1, 0, 1, 1, 0, 0, 1, 1}},
      {CompareFunc::kGreaterEqual, {0, 1, 1, 0, 1, 1, 0, 1}},
      {CompareFunc::kAlways, {1, 1, 1, 1, 1, 1, 1, 1}},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    smp.depth_compare_func = k.func;
    Wave w;
    for (uint32_t lane = 0; lane < 8; ++lane) {
      Centre(w, lane, tx[lane], ty[lane], 2, 2);
      w.zcompare[lane] = F(ref[lane]);
    }
    ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 8, &smp)));
    for (uint32_t lane = 0; lane < 8; ++lane) {
      const uint32_t r = k.r[lane] ? kOne : 0u;
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{r, r, r, r}))
          << "func " << static_cast<int>(k.func) << " lane " << lane;
    }
  }
}

// Percentage-closer filtering: texels compared first, then weighted. 2x2 R32_FLOAT depths
// (0, 0) = 0.1, (1, 0) = 0.2, (0, 1) = 0.3, (1, 1) = 0.4; LESS (ref < D).
TEST(ReferenceCompare, BilinearPcfWeightsTheResults) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<float>(0, 2, 0, 0, 0.1f);
  g.Put<float>(0, 2, 1, 0, 0.2f);
  g.Put<float>(0, 2, 0, 1, 0.3f);
  g.Put<float>(0, 2, 1, 1, 0.4f);
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                            ClampMode::kClampLastTexel);
  smp.depth_compare_func = CompareFunc::kLess;
  Wave w;
  // s = t = 0.5: u = v = 1, i0 = j0 = 0, a = b = 0.5: every weight 0.25.
  const float refs[5] = {0.05f, 0.15f, 0.25f, 0.35f, 0.45f};
  for (uint32_t lane = 0; lane < 5; ++lane) {
    w.St(lane, 0.5f, 0.5f);
    w.zcompare[lane] = F(refs[lane]);
  }
  // s = 0.625: u = 1.25, a = 0.75; b = 0.5: w00 = 0.125, w10 = 0.375, w01 = 0.125, w11 = 0.375.
  w.St(5, 0.625f, 0.5f);
  w.zcompare[5] = F(0.15f);
  ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 6, &smp)));
  // 4, 3, 2, 1 and 0 of the four depths exceed ref.
  const float expected[6] = {1.0f, 0.75f, 0.5f, 0.25f, 0.0f,
                             // (0, 1, 1, 1): 0.375 + 0.125 + 0.375
                             0.875f};
  for (uint32_t lane = 0; lane < 6; ++lane) {
    const uint32_t r = F(expected[lane]);
    EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{r, r, r, r})) << lane;
  }
}

// The mip blend of compare results: level 0 (2x2) depth 0.2, level 1 (1x1, at 256) depth 0.6;
// ref 0.4 LESS fails on level 0 (r = 0) and passes on level 1 (r = 1): (1 - f) * 0 + f * 1 = f.
TEST(ReferenceCompare, MipLinearBlendsTheResults) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2, 2);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) g.Put<float>(0, 2, x, y, 0.2f);
  }
  g.Put<float>(256, 1, 0, 0, 0.6f);
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  smp.depth_compare_func = CompareFunc::kLess;
  const float lods[4] = {0.0f, 0.25f, 0.5f, 1.0f};
  Wave w;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.St(lane, 0.25f, 0.25f);
    w.lod[lane] = F(lods[lane]);
    w.zcompare[lane] = F(0.4f);
  }
  ExpectOk(reference::Execute(
      w.Make(Op{OpKind::kSample, kOpCompare | kOpLod}, &img, &g.memory, 4, &smp)));
  const float expected[4] = {0.0f, 0.25f, 0.5f, 1.0f};
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(AsF(w.out[0][lane]), expected[lane]);
}

// UNORM depth (R16_UNORM): D is the load's value c / 65535, ref is clamped to [0, 1] (NaN -> 0),
// and the filtered results are not divided by 65535. DST_SEL (X, 0, 0, 1) gives (r, 0, 0, 1).
TEST(ReferenceCompare, UnormDepthClampsTheReference) {
  Guest g(4096);
  ImageDesc img = ImageOf(FormatId::kR16_UNORM, 2, 2);
  img.dst_sel[1] = DstSel::k0;
  img.dst_sel[2] = DstSel::k0;
  img.dst_sel[3] = DstSel::k1;
  g.Put<uint16_t>(0, 2, 0, 0, 65535);  // 1.0
  g.Put<uint16_t>(0, 2, 1, 0, 0);      // 0.0
  g.Put<uint16_t>(0, 2, 0, 1, 32768);  // 32768 / 65535 = 0.50000763
  g.Put<uint16_t>(0, 2, 1, 1, 0);
  // The same depths as R32_FLOAT, where ref is not clamped.
  Guest gf(4096);
  const ImageDesc fimg = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  gf.Put<float>(0, 2, 0, 0, 1.0f);
  gf.Put<float>(0, 2, 1, 0, 0.0f);
  struct Case {
    uint32_t x, y;
    float ref;
    CompareFunc func;
    int unorm, flt;  // r on R16_UNORM and on R32_FLOAT
  };
  const Case cases[] = {
      {0, 0, 1.5f, CompareFunc::kLessEqual, 1, 0},      // min(1.5, 1) = 1 <= 1; 1.5 <= 1 fails
      {1, 0, NaN(), CompareFunc::kGreaterEqual, 1, 0},  // NaN -> 0 >= 0; NaN >= 0 fails
      {1, 0, -0.5f, CompareFunc::kEqual, 1, 0},         // max(-0.5, 0) = 0 == 0
      {0, 0, 0.999f, CompareFunc::kLess, 1, 1},         // 0.999 < 1
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    smp.depth_compare_func = k.func;
    Wave w, wf;
    Centre(w, 0, k.x, k.y, 2, 2);
    Centre(wf, 0, k.x, k.y, 2, 2);
    w.zcompare[0] = wf.zcompare[0] = F(k.ref);
    ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp)));
    ExpectOk(reference::Execute(wf.Make(kSampleCLz, &fimg, &gf.memory, 1, &smp)));
    const uint32_t r = k.unorm ? kOne : 0u, rf = k.flt ? kOne : 0u;
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{r, 0, 0, kOne})) << k.ref;
    EXPECT_EQ(wf.Lane(0), (std::array<uint32_t, 4>{rf, rf, rf, rf})) << k.ref;
  }
  // D is the load's value c / 65535, not the code: (0, 1) = 32768 / 65535 = 0.50000763.
  {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    const struct {
      float ref;
      CompareFunc func;
      uint32_t r;
    } d_cases[] = {
        {0.5f, CompareFunc::kLess, kOne},                  // 0.5 < 0.50000763
        {0.5f, CompareFunc::kEqual, 0},                    // not 0.5
        {32768.0f / 65535.0f, CompareFunc::kEqual, kOne},  // one correctly rounded division
    };
    for (const auto& k : d_cases) {
      smp.depth_compare_func = k.func;
      Wave w;
      Centre(w, 0, 0, 1, 2, 2);
      w.zcompare[0] = F(k.ref);
      ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], k.r) << k.ref;
    }
  }
  // Bilinear at the image centre (every weight 0.25): LEQUAL 0.75 passes only at (0, 0) = 1.0,
  // so r = 0.25, with no division by 65535 afterwards.
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                            ClampMode::kClampLastTexel);
  smp.depth_compare_func = CompareFunc::kLessEqual;
  Wave w;
  w.St(0, 0.5f, 0.5f);
  w.zcompare[0] = F(0.75f);
  ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(0.25f), 0, 0, kOne}));
}

// ============================================================================================
// GATHER4

// data[0] = T(i0, j1), data[1] = T(i1, j1), data[2] = T(i1, j0), data[3] = T(i0, j0), component
// = the lowest set DMASK bit. FillUint4x4: X = 10x + y, Y = 100 + X, Z = 200 + X, W = 7.
TEST(ReferenceGather4, FootprintInSeedOrderAndDmaskComponent) {
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  // BILINEAR or POINT: a gather ignores the XY filters (and the format's class).
  for (XyFilter xy : {XyFilter::kPoint, XyFilter::kBilinear}) {
    const SamplerDesc smp = Sampler(xy, xy, MipFilter::kNone);
    struct Case {
      uint8_t dmask;
      uint32_t base;  // the component's value is base + 10x + y
    };
    const Case cases[] = {{0b0001, 0}, {0b0110, 100}, {0b1100, 200}, {0b1111, 0}};
    for (const Case& k : cases) {
      Wave w;
      w.St(0, 0.5f, 0.5f);  // u = v = 2: i0 = j0 = 1
      w.St(1, 0.4f, 0.3f);  // u = 1.6, v = 1.2: floor(1.1) = 1, floor(0.7) = 0
      TexRequest r = w.Make(kGather4, &img, &g.memory, 2, &smp);
      r.mods.dmask = k.dmask;
      r.mods.tfe = true;
      ExpectOk(reference::Execute(r));
      const uint32_t b = k.base;
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{b + 12, b + 22, b + 21, b + 11}))
          << int(k.dmask);
      EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{b + 11, b + 21, b + 20, b + 10}))
          << int(k.dmask);
      EXPECT_EQ(w.status[0], 0u);
    }
    Wave w;
    w.St(0, 0.5f, 0.5f);
    TexRequest r = w.Make(kGather4, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0b1000;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{7, 7, 7, 7}));
  }
  // UNORM: the load's values c / 255, never filtered. Texel4x4 X = 40x + 10y:
  // (1, 2) = 60, (2, 2) = 100, (2, 1) = 90, (1, 1) = 50.
  Guest gu(4096);
  Fill4x4(gu);
  const ImageDesc unorm = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave w;
  w.St(0, 0.5f, 0.5f);
  TexRequest r = w.Make(kGather4Lz, &unorm, &gu.memory, 1, &smp);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(60 / 255.0f), F(100 / 255.0f), F(90 / 255.0f),
                                                F(50 / 255.0f)}));
}

// The component is taken after DST_SEL: DST_SEL (Z, 1, 0, X).
TEST(ReferenceGather4, DstSelChoosesTheGatheredComponent) {
  Guest g(4096);
  FillUint4x4(g);
  ImageDesc img = Image2D(Kind::kUint, 4, 4);
  img.dst_sel[0] = DstSel::kZ;
  img.dst_sel[1] = DstSel::k1;
  img.dst_sel[2] = DstSel::k0;
  img.dst_sel[3] = DstSel::kX;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    uint8_t dmask;
    std::array<uint32_t, 4> expected;
  };
  const Case cases[] = {
      {0b0001, {212, 222, 221, 211}},  // Z
      {0b0010, {1, 1, 1, 1}},          // DST_SEL 1: the integer 1 on a UINT format
      {0b0100, {0, 0, 0, 0}},          // DST_SEL 0
      {0b1000, {12, 22, 21, 11}},      // X
  };
  for (const Case& k : cases) {
    Wave w;
    w.St(0, 0.5f, 0.5f);
    TexRequest r = w.Make(kGather4, &img, &g.memory, 1, &smp);
    r.mods.dmask = k.dmask;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), k.expected) << int(k.dmask);
  }
  // DST_SEL 1 on a float-class format is 1.0f.
  Guest gu(4096);
  Fill4x4(gu);
  ImageDesc unorm = Image2D(Kind::kUnorm, 4, 4);
  unorm.dst_sel[1] = DstSel::k1;
  Wave w;
  w.St(0, 0.5f, 0.5f);
  TexRequest r = w.Make(kGather4, &unorm, &gu.memory, 1, &smp);
  r.mods.dmask = 0b0010;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
}

// One level: d = 0 for MIP_FILTER NONE, else clamp(floor(lambda + 0.5), 0, M), LINEAR too (no
// blend). Chain8 with level 1 (4x4 at 256) replaced by Texel4x4; s = t = 0.5 is the footprint
// (1..2, 1..2) there, X = 60, 100, 90, 50 in seed order; the other levels are constant.
TEST(ReferenceGather4, LevelFromLambda) {
  Chain8 c;
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) c.g.Put8(256, 4, x, y, Texel4x4(x, y));
  }
  auto expect_level = [](const Wave& w, uint32_t lane, int level, const std::string& what) {
    std::array<uint32_t, 4> want;
    if (level == 1) {
      want = {F(60 / 255.0f), F(100 / 255.0f), F(90 / 255.0f), F(50 / 255.0f)};
    } else {
      const uint32_t v = F((10 + level) / 255.0f);  // Chain8::Level(l).X = 10 + l
      want = {v, v, v, v};
    }
    EXPECT_EQ(w.Lane(lane), want) << what << " level " << level;
  };
  struct Case {
    MipFilter mip;
    float lod;
    int level;
  };
  const Case cases[] = {
      {MipFilter::kPoint, 1.0f, 1},  {MipFilter::kPoint, 0.49f, 0},  // floor(0.99) = 0
      {MipFilter::kPoint, 0.5f, 1},  {MipFilter::kPoint, 1.5f, 2},   // floor(2.0) = 2
      {MipFilter::kPoint, 9.0f, 3},                                  // M
      {MipFilter::kPoint, -1.0f, 0},                                 // MIN_LOD 0
      {MipFilter::kLinear, 1.4f, 1}, {MipFilter::kLinear, 0.6f, 1},  // never blended
      {MipFilter::kNone, 2.0f, 0},
  };
  for (const Case& k : cases) {
    const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, k.mip);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    w.lod[0] = F(k.lod);
    TexRequest r = w.Make(kGather4L, &c.img, &c.g.memory, 1, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    expect_level(w, 0, k.level, "lod " + std::to_string(k.lod));
  }
  // Implicit: dudx = dvdy = 2 (rx = 4, lambda 1); GATHER4_CL raises lambda 0 to clamp 1; GATHER4_B
  // adds its bias to lambda 0.
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  for (int variant = 0; variant < 3; ++variant) {
    Wave w;
    const float step = variant == 0 ? 2 / 8.0f : 1 / 8.0f;
    Quad(w, 0, 0.5f, 0.5f, step, 0, 0, step);
    for (uint32_t lane = 0; lane < 4; ++lane) {
      w.clamp[lane] = F(1.0f);
      w.bias[lane] = F(0.75f);  // floor(0.75 + 0.5) = 1
    }
    const Op op = variant == 0   ? kGather4
                  : variant == 1 ? Op{OpKind::kGather4, kOpClamp}
                                 : Op{OpKind::kGather4, kOpBias};
    TexRequest r = w.Make(op, &c.img, &c.g.memory, 1, &smp);  // lane 0 at (0.5, 0.5)
    r.lane_count = 4;
    r.exec = 0b0001;
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    expect_level(w, 0, 1, OpName(op));
  }
}

// GATHER4_C: T is the compare result. 2x2 R32_FLOAT (0, 0) = 0.1, (1, 0) = 0.2, (0, 1) = 0.3,
// (1, 1) = 0.4; s = t = 0.5 gathers (0, 1), (1, 1), (1, 0), (0, 0) = 0.3, 0.4, 0.2, 0.1.
TEST(ReferenceGather4, CompareGathersTheResults) {
  Guest g(4096);
  ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<float>(0, 2, 0, 0, 0.1f);
  g.Put<float>(0, 2, 1, 0, 0.2f);
  g.Put<float>(0, 2, 0, 1, 0.3f);
  g.Put<float>(0, 2, 1, 1, 0.4f);
  const Op kGather4C{OpKind::kGather4, kOpCompare};
  struct Case {
    CompareFunc func;
    float ref;
    uint8_t dmask;
    std::array<uint32_t, 4> expected;
  };
  const Case cases[] = {
      {CompareFunc::kLess, 0.25f, 0b0001, {kOne, kOne, 0, 0}},            // 0.25 < 0.3, 0.4
      {CompareFunc::kGreaterEqual, 0.3f, 0b0001, {kOne, 0, kOne, kOne}},  // 0.3 >= 0.3, 0.2, 0.1
      {CompareFunc::kLess, 0.25f, 0b0100, {kOne, kOne, 0, 0}},            // Z = r as well
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
    smp.depth_compare_func = k.func;
    Wave w;
    w.St(0, 0.5f, 0.5f);
    w.zcompare[0] = F(k.ref);
    TexRequest r = w.Make(kGather4C, &img, &g.memory, 1, &smp);
    r.mods.dmask = k.dmask;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), k.expected) << static_cast<int>(k.func) << " " << k.ref;
  }
  // Without _C the depths themselves, in seed order.
  {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    ExpectOk(reference::Execute(w.Make(kGather4, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(0.3f), F(0.4f), F(0.2f), F(0.1f)}));
  }
  // DST_SEL (X, 0, 0, 1) picks from (r, r, r, r): W is 1.0f, Y is 0, whatever the test gives.
  img.dst_sel[1] = DstSel::k0;
  img.dst_sel[2] = DstSel::k0;
  img.dst_sel[3] = DstSel::k1;
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  smp.depth_compare_func = CompareFunc::kLess;
  for (uint8_t dmask : {uint8_t{0b1000}, uint8_t{0b0010}}) {
    Wave w;
    w.St(0, 0.5f, 0.5f);
    w.zcompare[0] = F(0.25f);
    TexRequest r = w.Make(kGather4C, &img, &g.memory, 1, &smp);
    r.mods.dmask = dmask;
    ExpectOk(reference::Execute(r));
    const uint32_t v = dmask == 0b1000 ? kOne : 0u;
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{v, v, v, v})) << int(dmask);
  }
}

// GATHER4_O: the offsets move the footprint before the clamp mode. FillUint4x4 (X = 10x + y),
// s = t = 0.5: i0 = j0 = 1.
TEST(ReferenceGather4, OffsetsWrapOrClampTheFootprint) {
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  const Op kGather4LzO{OpKind::kGather4, kOpLz | kOpOffset};
  struct Case {
    uint32_t offset;
    std::array<uint32_t, 4> wrap, clamp;
  };
  const Case cases[] = {
      // (+2, -2): i0 = 3, i1 = 4, j0 = -1, j1 = 0. WRAP x = 3, 0, y = 3, 0:
      // T(3, 0), T(0, 0), T(0, 3), T(3, 3). CLAMP x = 3, 3, y = 0, 0: all T(3, 0).
      {Off(2, -2), {30, 0, 3, 33}, {30, 30, 30, 30}},
      // (-1, +1): i0 = 0, i1 = 1, j0 = 2, j1 = 3: T(0, 3), T(1, 3), T(1, 2), T(0, 2).
      {Off(-1, 1), {3, 13, 12, 2}, {3, 13, 12, 2}},
  };
  for (const Case& k : cases) {
    for (ClampMode mode : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
      const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone, mode);
      Wave w;
      w.St(0, 0.5f, 0.5f);
      w.offset[0] = k.offset;
      TexRequest r = w.Make(kGather4LzO, &img, &g.memory, 1, &smp);
      r.mods.dmask = 0b0001;
      ExpectOk(reference::Execute(r));
      EXPECT_EQ(w.Lane(0), mode == ClampMode::kWrap ? k.wrap : k.clamp) << Hex(k.offset);
    }
  }
}

// GATHER4H (docs/sampling.md, "GATHER4H"): data[k] = T(i0 - 1 + k, j0), each column mapped by
// CLAMP_X on its own. FillUint4x4: X = 10x + y, Y = 100 + X.
constexpr Op kGather4H{OpKind::kGather4, kOpGather4H};

TEST(ReferenceGather4H, RowOfFourAroundTheFootprint) {
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  struct Case {
    ClampMode mode;
    std::array<uint32_t, 4> lane0, lane1, lane2;
  };
  // Lane 0: u = v = 2: i0 = j0 = 1, columns 0..3 of row 1.
  // Lane 1: u = 0.4, v = 3.6: i0 = floor(-0.1) = -1, j0 = 3, columns -2..1.
  // Lane 2: u = 3.8, v = 0: i0 = 3, j0 = -1, columns 2..5.
  const Case cases[] = {
      // WRAP: lane 1 columns 2, 3, 0, 1; lane 2 row 3, columns 2, 3, 0, 1.
      {ClampMode::kWrap, {1, 11, 21, 31}, {23, 33, 3, 13}, {23, 33, 3, 13}},
      // CLAMP_LAST_TEXEL: lane 1 columns 0, 0, 0, 1; lane 2 row 0, columns 2, 3, 3, 3.
      {ClampMode::kClampLastTexel, {1, 11, 21, 31}, {3, 3, 3, 13}, {20, 30, 30, 30}},
      // MIRROR (m = i mod 8; m < 4 ? m : 7 - m): lane 1 columns 1, 0, 0, 1; lane 2 row 0
      // (-1 -> 7 -> 0), columns 2, 3, 3, 2.
      {ClampMode::kMirror, {1, 11, 21, 31}, {13, 3, 3, 13}, {20, 30, 30, 20}},
  };
  for (const Case& c : cases) {
    // The XY filters do not matter to a gather.
    const SamplerDesc smp =
        Sampler(XyFilter::kPoint, XyFilter::kBilinear, MipFilter::kNone, c.mode);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    w.St(1, 0.1f, 0.9f);
    w.St(2, 0.95f, 0.0f);
    TexRequest r = w.Make(kGather4H, &img, &g.memory, 3, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), c.lane0) << int(c.mode);
    EXPECT_EQ(w.Lane(1), c.lane1) << int(c.mode);
    EXPECT_EQ(w.Lane(2), c.lane2) << int(c.mode);
    // DMASK 0b0110 gathers Y = 100 + X.
    r.mods.dmask = 0b0110;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{101, 111, 121, 131})) << int(c.mode);
  }
}

// Float-class gathers flush denormals (they are sampler results); integer ones pass the bits.
// D16 converts each of the four like a sample result.
TEST(ReferenceGather4, FlushD16AndUnbound) {
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  const uint32_t bits[4] = {0x000116C2u, 0x800116C2u, kOne,
                            0x00000001u};  // (0,0) (1,0) (0,1) (1,1)
  for (FormatId format : {FormatId::kR32_FLOAT, FormatId::kR32_UINT}) {
    Guest g(4096);
    const ImageDesc img = ImageOf(format, 2, 2);
    for (uint32_t i = 0; i < 4; ++i) g.Put<uint32_t>(0, 2, i % 2, i / 2, bits[i]);
    Wave w;
    w.St(0, 0.5f, 0.5f);  // T(0, 1), T(1, 1), T(1, 0), T(0, 0)
    ExpectOk(reference::Execute(w.Make(kGather4, &img, &g.memory, 1, &smp)));
    if (format == FormatId::kR32_FLOAT) {
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, 0, 0x80000000u, 0}));
    } else {
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, 1, 0x800116C2u, 0x000116C2u}));
    }
  }
  {
    // R32G32B32A32_FLOAT X = 1, 0.5, -2, 65536 -> binary16 0x3C00, 0x3800, 0xC000, Inf 0x7C00.
    Guest g(4096);
    const ImageDesc img = Image2D(Kind::kFloat, 2, 2);
    g.Put32(0, 2, 0, 1, {F(1.0f), 0, 0, 0});
    g.Put32(0, 2, 1, 1, {F(0.5f), 0, 0, 0});
    g.Put32(0, 2, 1, 0, {F(-2.0f), 0, 0, 0});
    g.Put32(0, 2, 0, 0, {F(65536.0f), 0, 0, 0});
    Wave w;
    w.St(0, 0.5f, 0.5f);
    TexRequest r = w.Make(kGather4, &img, &g.memory, 1, &smp);
    r.mods.d16 = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0x3C00u, 0x3800u, 0xC000u, 0x7C00u}));
  }
  {
    // An unbound T#: four zero dwords whatever DMASK says, and the status dword.
    ImageDesc img;
    img.unbound = true;
    Memory empty;
    Wave w;
    TexRequest r = w.Make(kGather4, &img, &empty, 2, &smp);
    r.mods.dmask = 0b0100;
    r.mods.tfe = true;
    r.exec = 0b01;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0, 0, 0}));
    EXPECT_EQ(w.status[0], 0u);
    EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{kSentinel, kSentinel, kSentinel, kSentinel}));
  }
}

// ============================================================================================
// GET_LOD

// Four quads on an 8x8 image with 4 levels (M = 3), W = H = 8: lambda 0.5 (rx = 2), 2.5
// (rx = 32), 4 (rx = 256) and -1 (rx = 1/4); log2 of powers of two is exact.
void GetLodQuads(Wave& w) {
  Quad(w, 0, 0.0f, 0.0f, 1 / 8.0f, 1 / 8.0f, 0, 0);
  Quad(w, 1, 0.0f, 0.0f, 4 / 8.0f, 4 / 8.0f, 0, 0);
  Quad(w, 2, 0.0f, 0.0f, 16 / 8.0f, 0, 0, 0);
  Quad(w, 3, 0.0f, 0.0f, 0.5f / 8.0f, 0, 0, 0);
}

// x = the accessed level after the clamp, y = the unclamped lambda (bias included). GET_LOD reads
// no memory (none is given) and applies no DST_SEL.
TEST(ReferenceGetLod, XIsTheAccessedLevelYTheUnclampedLambda) {
  ImageDesc img = Image2D(Kind::kUnorm, 8, 8, 4);
  for (DstSel& sel : img.dst_sel) sel = DstSel::k0;
  struct Case {
    MipFilter mip;
    int16_t lod_bias;
    uint16_t min_lod, max_lod;
    float x[4], y[4];
  };
  const Case cases[] = {
      {MipFilter::kNone, 0, 0, 15 << 8, {0, 0, 0, 0}, {0.5f, 2.5f, 4.0f, -1.0f}},
      // POINT: floor(lambda + 0.5) clamped to [0, 3]; -1 is clamped to MIN_LOD 0 first.
      {MipFilter::kPoint, 0, 0, 15 << 8, {1, 3, 3, 0}, {0.5f, 2.5f, 4.0f, -1.0f}},
      // LINEAR: min(max(lambda, 0), 3).
      {MipFilter::kLinear, 0, 0, 15 << 8, {0.5f, 2.5f, 3, 0}, {0.5f, 2.5f, 4.0f, -1.0f}},
      // LOD_BIAS +0.5, MIN_LOD 1, MAX_LOD 2: y = 1, 3, 4.5, -0.5; clamped 1, 2, 2, 1.
      {MipFilter::kPoint, 128, 256, 512, {1, 2, 2, 1}, {1.0f, 3.0f, 4.5f, -0.5f}},
      {MipFilter::kLinear, 128, 256, 512, {1, 2, 2, 1}, {1.0f, 3.0f, 4.5f, -0.5f}},
      // LOD_BIAS -1: y = -0.5, 1.5, 3, -2; LINEAR x = 0, 1.5, 3, 0.
      {MipFilter::kLinear, -256, 0, 15 << 8, {0, 1.5f, 3, 0}, {-0.5f, 1.5f, 3.0f, -2.0f}},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, k.mip);
    smp.lod_bias = k.lod_bias;
    smp.min_lod = k.min_lod;
    smp.max_lod = k.max_lod;
    Wave w;
    GetLodQuads(w);
    TexRequest r = w.Make(kGetLod, &img, nullptr, 16, &smp);
    r.mods.dmask = 0b1111;
    r.mods.tfe = true;
    ExpectOk(reference::Execute(r));
    for (uint32_t lane = 0; lane < 16; ++lane) {
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{F(k.x[lane / 4]), F(k.y[lane / 4]), 0, 0}))
          << "mip " << static_cast<int>(k.mip) << " bias " << k.lod_bias << " lane " << lane;
      EXPECT_EQ(w.status[lane], 0u);
    }
  }
}

// Integer formats are never filtered: LINEAR reports the POINT rule's level.
TEST(ReferenceGetLod, IntegerFormatsUseThePointRuleForLinear) {
  const ImageDesc img = Image2D(Kind::kUint, 8, 8, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  Wave w;
  GetLodQuads(w);
  TexRequest r = w.Make(kGetLod, &img, nullptr, 16, &smp);
  r.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(r));
  const float x[4] = {1, 3, 3, 0}, y[4] = {0.5f, 2.5f, 4.0f, -1.0f};
  for (uint32_t lane = 0; lane < 16; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(x[lane / 4])) << lane;
    EXPECT_EQ(w.out[1][lane], F(y[lane / 4])) << lane;
    EXPECT_EQ(w.out[2][lane], kSentinel);
  }
}

// DMASK selects from (x, y, 0, 0); unnormalized coordinates take W = H = 1 for y and report x = 0;
// kHardware quantises x (not y) to 1/256.
TEST(ReferenceGetLod, DmaskUnnormalizedAndHardwarePrecision) {
  const ImageDesc img = Image2D(Kind::kUnorm, 8, 8, 4);
  {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
    for (uint8_t dmask : {uint8_t{0b0010}, uint8_t{0b1100}, uint8_t{0b0101}}) {
      Wave w;
      GetLodQuads(w);
      TexRequest r = w.Make(kGetLod, &img, nullptr, 4, &smp);  // lambda 0.5: x = 0.5, y = 0.5
      r.mods.dmask = dmask;
      ExpectOk(reference::Execute(r));
      const std::array<uint32_t, 4> want =
          dmask == 0b0010   ? std::array<uint32_t, 4>{F(0.5f), kSentinel, kSentinel, kSentinel}
          : dmask == 0b1100 ? std::array<uint32_t, 4>{0, 0, kSentinel, kSentinel}
                            : std::array<uint32_t, 4>{F(0.5f), 0, kSentinel, kSentinel};
      EXPECT_EQ(w.Lane(0), want) << int(dmask);
    }
  }
  for (MipFilter mip : {MipFilter::kPoint, MipFilter::kLinear}) {
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, mip);
    smp.lod_bias = 128;  // +0.5
    Wave w;
    Quad(w, 0, 1.0f, 1.0f, 2.0f, 0, 0, 0);  // unnormalized: dudx = 2 * 1, rx = 4, lambda 1
    TexRequest r = w.Make(kGetLod, &img, nullptr, 4, &smp);
    r.mods.unorm = true;
    r.mods.dmask = 0b0011;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.out[0][0], F(0.0f));  // step 5: lambda 0
    EXPECT_EQ(w.out[1][0], F(1.5f));  // 1 + 0.5
  }
  // dudx = 1, dvdx = 2: rx = 5, lambda = 0.5 * log2(5) = 1.1609640. kHardware: x = floor(1.160964
  // * 256 = 297.2) / 256 = 1.16015625 for LINEAR; POINT floor(1.66) = 1 in both modes.
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    for (MipFilter mip : {MipFilter::kPoint, MipFilter::kLinear}) {
      const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, mip);
      Wave w;
      Quad(w, 0, 0.0f, 0.0f, 1 / 8.0f, 2 / 8.0f, 0, 0);
      TexRequest r = w.Make(kGetLod, &img, nullptr, 4, &smp);
      r.mods.dmask = 0b0011;
      r.precision = mode;
      ExpectOk(reference::Execute(r));
      const float y = AsF(w.out[1][0]);
      EXPECT_NEAR(y, 1.1609640f, 2e-6);
      if (mip == MipFilter::kPoint) {
        EXPECT_EQ(AsF(w.out[0][0]), 1.0f);
      } else if (mode == PrecisionMode::kHardware) {
        EXPECT_EQ(AsF(w.out[0][0]), 297.0f / 256.0f);
      } else {
        EXPECT_EQ(w.out[0][0], w.out[1][0]);  // 0 <= lambda <= M: x = lambda
      }
    }
  }
}

// ============================================================================================
// Validation of the sampler ops

// Exactly the GFX6-9 opcodes: SAMPLE has 10 LOD forms (plain, _CL, _D, _D_CL, _L, _B, _B_CL, _LZ,
// _CD, _CD_CL) times _C times _O = 40; GATHER4 6 (plain, _CL, _L, _B, _B_CL, _LZ) x 4 = 24.
TEST(ReferenceValidation, SamplerOpcodesAreTheGfx6To9Ones) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  const uint32_t sample_flags[8] = {kOpLod,   kOpLz,          kOpBias,    kOpClamp,
                                    kOpDeriv, kOpCoarseDeriv, kOpCompare, kOpOffset};
  for (OpKind kind : {OpKind::kSample, OpKind::kGather4}) {
    const int n = kind == OpKind::kSample ? 8 : 6;  // gather has no _D, _CD
    uint32_t flags_of[8];
    for (int i = 0, j = 0; i < 8; ++i) {
      const uint32_t f = sample_flags[i];
      if (kind == OpKind::kGather4 && (f == kOpDeriv || f == kOpCoarseDeriv)) continue;
      flags_of[j++] = f;
    }
    int accepted = 0;
    for (uint32_t subset = 0; subset < (1u << n); ++subset) {
      Op op{kind, 0};
      for (int i = 0; i < n; ++i) {
        if ((subset >> i) & 1) op.flags |= flags_of[i];
      }
      Wave w;
      const Status st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
      if (st.ok()) {
        ++accepted;
        const std::string name = OpName(op);
        EXPECT_FALSE(Contains(name, "_l_cl") || Contains(name, "_lz_cl")) << name;
      } else {
        EXPECT_EQ(st.code(), StatusCode::kUnimplemented) << OpName(op) << ": " << st.message();
      }
    }
    EXPECT_EQ(accepted, kind == OpKind::kSample ? 40 : 24);
  }
  // A few by name.
  const Op ok[] = {{OpKind::kSample, kOpCompare | kOpDeriv | kOpClamp | kOpOffset},
                   {OpKind::kSample, kOpCompare | kOpCoarseDeriv | kOpClamp | kOpOffset},
                   {OpKind::kGather4, kOpCompare | kOpBias | kOpClamp | kOpOffset},
                   {OpKind::kGather4, kOpCompare | kOpLz | kOpOffset},
                   {OpKind::kGetLod, 0}};
  for (const Op& op : ok) {
    Wave w;
    ExpectOk(reference::Execute(w.Make(op, &img, &g.memory, 4, &smp)));
  }
}

// Every operand the suffixes read must be given; the message names it.
TEST(ReferenceValidation, MissingSamplerOperandsNameTheOperand) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    Op op;
    const char* name;
    void (*drop)(TexRequest&);
  };
  const Case cases[] = {
      {kSampleL, "lod", [](TexRequest& r) { r.in.lod = nullptr; }},
      {kGather4L, "lod", [](TexRequest& r) { r.in.lod = nullptr; }},
      {{OpKind::kGather4, kOpBias}, "bias", [](TexRequest& r) { r.in.bias = nullptr; }},
      {kSampleCl, "clamp", [](TexRequest& r) { r.in.clamp = nullptr; }},
      {{OpKind::kGather4, kOpClamp}, "clamp", [](TexRequest& r) { r.in.clamp = nullptr; }},
      {kSampleCLz, "zcompare", [](TexRequest& r) { r.in.zcompare = nullptr; }},
      {kSampleLzO, "offset", [](TexRequest& r) { r.in.offset = nullptr; }},
      {kSampleD, "deriv[0][0]", [](TexRequest& r) { r.in.deriv[0][0] = nullptr; }},
      {kSampleD, "deriv[0][1]", [](TexRequest& r) { r.in.deriv[0][1] = nullptr; }},
      {kSampleCd, "deriv[1][0]", [](TexRequest& r) { r.in.deriv[1][0] = nullptr; }},
      {kSampleCd, "deriv[1][1]", [](TexRequest& r) { r.in.deriv[1][1] = nullptr; }},
      {kGather4, "coord[1]", [](TexRequest& r) { r.in.coord[1] = nullptr; }},
      {kGetLod, "coord[0]", [](TexRequest& r) { r.in.coord[0] = nullptr; }},
      {kGather4, "sampler", [](TexRequest& r) { r.sampler = nullptr; }},
      {kGetLod, "sampler", [](TexRequest& r) { r.sampler = nullptr; }},
  };
  for (const Case& k : cases) {
    Wave w;
    TexRequest r = w.Make(k.op, &img, &g.memory, 4, &smp);
    k.drop(r);
    const Status st = reference::Execute(r);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(k.op) << " " << k.name;
    EXPECT_TRUE(Contains(st.message(), k.name)) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
  }
}

TEST(ReferenceValidation, Gather4AndGetLodRules) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  auto run = [&](TexRequest r) { return reference::Execute(r); };
  Wave w;
  // GATHER4 with DMASK 0 gathers nothing: InvalidArgument naming DMASK, unbound T# or not.
  TexRequest r = w.Make(kGather4, &img, &g.memory, 4, &smp);
  r.mods.dmask = 0;
  Status st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(Contains(st.message(), "DMASK")) << st.message();
  ImageDesc unbound;
  unbound.unbound = true;
  r.image = &unbound;
  EXPECT_EQ(run(r).code(), StatusCode::kInvalidArgument);
  // GATHER4 returns four dwords whatever DMASK says.
  r = w.Make(kGather4, &img, &g.memory, 4, &smp);
  r.mods.dmask = 0b0001;
  r.out.data[3] = nullptr;
  st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(Contains(st.message(), "TexResults.data[3]")) << st.message();
  // GET_LOD returns DMASK's components only, reads no memory, and has no D16 form.
  r = w.Make(kGetLod, &img, nullptr, 4, &smp);
  r.mods.dmask = 0b0001;
  for (int k = 1; k < 4; ++k) r.out.data[k] = nullptr;
  ExpectOk(run(r));
  r.mods.d16 = true;
  st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(Contains(st.message(), "D16")) << st.message();
  // A CUBE view of one layer holds no whole cube: the sampler ops reject it naming the array
  // range (ReferenceCube has the other cube checks).
  ImageDesc cube = img;
  cube.type = ImageType::kCube;
  for (Op op : {kGather4, kGetLod, kSampleCl}) {
    st = run(w.Make(op, &cube, &g.memory, 4, &smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
    EXPECT_TRUE(Contains(st.message(), "T#.LAST_ARRAY")) << st.message();
  }
  // _C compares depth, which integer-class formats do not have.
  const ImageDesc uint_img = Image2D(Kind::kUint, 4, 4);
  const ImageDesc r32_uint = ImageOf(FormatId::kR32_UINT, 4, 4);
  for (const ImageDesc* bad : {&uint_img, &r32_uint}) {
    for (Op op : {kSampleCLz, Op{OpKind::kGather4, kOpCompare}}) {
      Wave wc;
      st = run(wc.Make(op, bad, &g.memory, 4, &smp));
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
      EXPECT_TRUE(Contains(st.message(), bad == &uint_img ? "R8G8B8A8_UINT" : "R32_UINT"))
          << st.message();
      EXPECT_EQ(wc.out[0][0], kSentinel);
    }
  }
}

// ============================================================================================
// Border clamp modes and border color

constexpr ClampMode kBorderModes[4] = {ClampMode::kClampHalfBorder,
                                       ClampMode::kMirrorOnceHalfBorder, ClampMode::kClampBorder,
                                       ClampMode::kMirrorOnceBorder};
constexpr int kB = -1;  // an expected index that is the border texel

// Every border test's REGISTER table: entry 1 is the color (BORDER_COLOR_PTR 1), so entry 0 being
// read by mistake shows.
struct BorderTable {
  uint32_t entries[2][4];
};

SamplerDesc BorderSampler(XyFilter filter, ClampMode x, ClampMode y,
                          BorderColorType type = BorderColorType::kRegister) {
  SamplerDesc s = Sampler(filter, filter, MipFilter::kNone);
  s.clamp_x = x;
  s.clamp_y = y;
  s.border_color_type = type;
  s.border_color_ptr = 1;
  return s;
}

TexRequest WithTable(TexRequest r, const BorderTable& table) {
  r.border_color_table = table.entries;
  r.border_color_count = 2;
  return r;
}

// A w x h R8G8B8A8_UINT image whose texel (x, y) is (x, y, 7, 9).
void FillIndexUint(Guest& g, uint32_t w, uint32_t h) {
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) g.Put8(0, w, x, y, {uint8_t(x), uint8_t(y), 7, 9});
  }
}

// POINT on the x axis of a 4x2 UINT image (texel (x, y) = (x, y, 7, 9)), row 0 (v = 0.5), n = 4.
// The REGISTER border (1000, 1001, 1002, 1003) is returned as given (integers, not saturated to
// 8 bits). Columns: CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER, MIRROR_ONCE_BORDER.
TEST(ReferenceBorder, PointModesOnTheXAxis) {
  struct Case {
    float s;
    int x[4];
  };
  const Case cases[] = {
      {0.375f, {1, 1, 1, 1}},  // u = 1.5: floor 1 in every mode
      // u = -0.5. HALF: u -> 0, i = 0. MO_HALF: u stays, i = -1, m = 0. CB: -1 is border. MOB: 0.
      {-0.125f, {0, 0, kB, 0}},
      // u = -4. HALF: 0. MO_HALF: u = -4 (inside [-4, 4]), i = -4, m = 3. CB: B. MOB: m = 3.
      {-1.0f, {0, 3, kB, 3}},
      // u = -4.5. HALF: 0. MO_HALF: u -> -4, m = 3. CB: B. MOB: i = -5, m = 4 >= 4: B.
      {-1.125f, {0, 3, kB, kB}},
      // u = -5. HALF: 0. MO_HALF: u -> -4, m = 3. CB: B. MOB: m = 4: B.
      {-1.25f, {0, 3, kB, kB}},
      // u = 4 = n. HALF and MO_HALF: min(floor(4), 3) = 3 (the last texel). CB, MOB: 4: B.
      {1.0f, {3, 3, kB, kB}},
      // u = 10. HALF, MO_HALF: u -> 4, then 3. CB, MOB: B.
      {2.5f, {3, 3, kB, kB}},
      {0.9375f, {3, 3, 3, 3}},  // u = 3.75: 3 in every mode
  };
  Guest g(4096);
  FillIndexUint(g, 4, 2);
  const ImageDesc img = Image2D(Kind::kUint, 4, 2);
  const BorderTable table = {{{0, 0, 0, 0}, {1000, 1001, 1002, 1003}}};
  for (int m = 0; m < 4; ++m) {
    const SamplerDesc smp = BorderSampler(XyFilter::kPoint, kBorderModes[m], ClampMode::kWrap);
    for (const Case& c : cases) {
      Wave w;
      w.St(0, c.s, 0.25f);
      ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), table)));
      const std::array<uint32_t, 4> expected =
          c.x[m] == kB ? std::array<uint32_t, 4>{1000, 1001, 1002, 1003}
                       : std::array<uint32_t, 4>{uint32_t(c.x[m]), 0, 7, 9};
      EXPECT_EQ(w.Lane(0), expected) << "mode " << m << " s " << c.s;
    }
  }
}

// The same rules on the y axis of a 5x3 UINT image (n = 3), CLAMP_X WRAP with u = 2.5 (x = 2).
TEST(ReferenceBorder, PointModesOnTheYAxis) {
  struct Case {
    float t;
    int y[4];
  };
  const Case cases[] = {
      {0.8f, {2, 2, 2, 2}},  // v = 2.4000001: 2
      // v = -0.90000004. HALF: v -> 0. MO_HALF: j = -1, m = 0. CB: B. MOB: 0.
      {-0.3f, {0, 0, kB, 0}},
      // v = -3. HALF: 0. MO_HALF: j = -3, m = 2. CB: B. MOB: m = 2.
      {-1.0f, {0, 2, kB, 2}},
      // v = -3.3000002. HALF: 0. MO_HALF: v -> -3, m = 2. CB: B. MOB: j = -4, m = 3 >= 3: B.
      {-1.1f, {0, 2, kB, kB}},
      // v = 3 = n. HALF, MO_HALF: min(3, 2) = 2. CB, MOB: B.
      {1.0f, {2, 2, kB, kB}},
      {2.5f, {2, 2, kB, kB}},  // v = 7.5: HALF, MO_HALF: v -> 3, then 2. CB, MOB: B.
  };
  Guest g(4096);
  FillIndexUint(g, 5, 3);
  const ImageDesc img = Image2D(Kind::kUint, 5, 3);
  const BorderTable table = {{{0, 0, 0, 0}, {1000, 1001, 1002, 1003}}};
  for (int m = 0; m < 4; ++m) {
    const SamplerDesc smp = BorderSampler(XyFilter::kPoint, ClampMode::kWrap, kBorderModes[m]);
    for (const Case& c : cases) {
      Wave w;
      w.St(0, 0.5f, c.t);
      ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), table)));
      const std::array<uint32_t, 4> expected =
          c.y[m] == kB ? std::array<uint32_t, 4>{1000, 1001, 1002, 1003}
                       : std::array<uint32_t, 4>{2, uint32_t(c.y[m]), 7, 9};
      EXPECT_EQ(w.Lane(0), expected) << "mode " << m << " t " << c.t;
    }
  }
}

// _O on POINT: the half-border modes clamp u and take min(floor(u), n - 1) before the offset, so
// an offset can still reach the border. FillUint4x4 (X = 10x + y), REGISTER X = 1000.
TEST(ReferenceBorder, PointOffsetsReachTheHalfBorder) {
  struct Case {
    ClampMode mode;
    float s, t;
    int ox, oy;
    int x;  // expected X: 10x + y of the texel, or kB
  };
  const Case cases[] = {
      // u = 10 -> 4 -> i = min(4, 3) = 3; v = 2.5 -> j = 2.
      {ClampMode::kClampHalfBorder, 2.5f, 0.625f, 0, 0, 32},
      {ClampMode::kClampHalfBorder, 2.5f, 0.625f, 1, 0, kB},  // i = 4
      {ClampMode::kClampHalfBorder, 2.5f, 0.625f, -1, 0, 22},
      {ClampMode::kClampHalfBorder, -1.25f, 0.625f, -1, 0, kB},  // u = -5 -> 0, i = -1
      // u = 1.5 -> 1; v = 4 -> j = 3, + 1 = 4: border in y; - 3 gives row 0.
      {ClampMode::kClampHalfBorder, 0.375f, 1.0f, 0, 1, kB},
      {ClampMode::kClampHalfBorder, 0.375f, 1.0f, 0, -3, 10},
      // MO_HALF: u = 4 -> 3, + 1 = 4, m = 4: B. u = -5 -> -4: -4 + 0 -> m = 3; -4 - 1 = -5 ->
      // m = 4: B; -4 + 1 = -3 -> m = 2.
      {ClampMode::kMirrorOnceHalfBorder, 1.0f, 0.625f, 1, 0, kB},
      {ClampMode::kMirrorOnceHalfBorder, -1.25f, 0.625f, 0, 0, 32},
      {ClampMode::kMirrorOnceHalfBorder, -1.25f, 0.625f, -1, 0, kB},
      {ClampMode::kMirrorOnceHalfBorder, -1.25f, 0.625f, 1, 0, 22},
      // u = 1.5, i = 1 - 2 = -1: CLAMP_BORDER's border, MIRROR_ONCE_BORDER's m = 0.
      {ClampMode::kClampBorder, 0.375f, 0.625f, -2, 0, kB},
      {ClampMode::kMirrorOnceBorder, 0.375f, 0.625f, -2, 0, 2},
  };
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  const BorderTable table = {{{0, 0, 0, 0}, {1000, 1001, 1002, 1003}}};
  for (const Case& c : cases) {
    const SamplerDesc smp = BorderSampler(XyFilter::kPoint, c.mode, c.mode);
    Wave w;
    w.St(0, c.s, c.t);
    w.offset[0] = Off(c.ox, c.oy);
    ExpectOk(reference::Execute(WithTable(w.Make(kSampleLzO, &img, &g.memory, 1, &smp), table)));
    EXPECT_EQ(w.out[0][0], c.x == kB ? 1000u : uint32_t(c.x))
        << "mode " << int(c.mode) << " s " << c.s << " t " << c.t << " offset " << c.ox << ","
        << c.oy;
  }
}

// A 4x2 R32G32B32A32_FLOAT image with X = 10x + y + 1 (no texel is 0) and the REGISTER border
// X = 100.
void FillBorderFloat4x2(Guest& g) {
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put32(0, 4, x, y, {F(10.0f * x + y + 1), 0, 0, kOne});
  }
}
const BorderTable kFloatBorder = {{{0, 0, 0, 0}, {F(100.0f), F(200.0f), F(300.0f), F(400.0f)}}};

// BILINEAR on the x axis, row 0 (v = 0.5: j0 = 0, b = 0, so c = (1 - a) * T(i0) + a * T(i1)).
// Row 0 is 1, 11, 21, 31; B = 100. All sums are exact.
TEST(ReferenceBorder, BilinearModesOnTheXAxis) {
  struct Case {
    float s;
    float x[4];  // HALF, MO_HALF, CB, MOB
  };
  const Case cases[] = {
      // u = 0: i0 = -1, a = 0.5. HALF, CB: 0.5*100 + 0.5*1 = 50.5 (half border). Mirror: -1 -> 0:
      // 0.5*1 + 0.5*1 = 1.
      {0.0f, {50.5f, 1.0f, 50.5f, 1.0f}},
      // u = -5. HALF: u -> 0: 50.5. MO_HALF: u -> -4, i0 = -5 (m = 4: B), i1 = -4 (m = 3):
      // 0.5*100 + 0.5*31 = 65.5. CB: i0 = -6, i1 = -5: 100. MOB: m = 5, 4: 100.
      {-1.25f, {50.5f, 65.5f, 100.0f, 100.0f}},
      // u = 10. HALF, MO_HALF: u -> 4, i0 = 3, i1 = 4 (B), a = 0.5: 0.5*31 + 0.5*100 = 65.5.
      // CB, MOB: i0 = 9, i1 = 10: 100.
      {2.5f, {65.5f, 65.5f, 100.0f, 100.0f}},
      // u = 4: i0 = 3, i1 = 4 (B in every mode): 65.5.
      {1.0f, {65.5f, 65.5f, 65.5f, 65.5f}},
      // u = 1.25: i0 = 0, a = 0.75: 0.25*1 + 0.75*11 = 8.5, no border.
      {0.3125f, {8.5f, 8.5f, 8.5f, 8.5f}},
      // u = -0.25. HALF: u -> 0: 50.5. CB: i0 = -1, a = 0.25: 0.75*100 + 0.25*1 = 75.25.
      // Mirror: 1.
      {-0.0625f, {50.5f, 1.0f, 75.25f, 1.0f}},
      // u = -3.75: i0 = -5, a = 0.75. HALF: 50.5. Mirror: -5 -> 4 (B), -4 -> 3:
      // 0.25*100 + 0.75*31 = 48.25. CB: 100.
      {-0.9375f, {50.5f, 48.25f, 100.0f, 48.25f}},
  };
  Guest g(4096);
  FillBorderFloat4x2(g);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 2);
  for (int m = 0; m < 4; ++m) {
    const SamplerDesc smp =
        BorderSampler(XyFilter::kBilinear, kBorderModes[m], ClampMode::kClampLastTexel);
    for (const Case& c : cases) {
      Wave w;
      w.St(0, c.s, 0.25f);
      ExpectOk(
          reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), kFloatBorder)));
      EXPECT_EQ(AsF(w.out[0][0]), c.x[m]) << "mode " << m << " s " << c.s;
    }
  }
}

// BILINEAR on the y axis (n = 2), column 1 (u = 1.5: i0 = 1, a = 0): c = (1 - b) * T(j0) +
// b * T(j1) with T = 11 (row 0), 12 (row 1), B = 100.
TEST(ReferenceBorder, BilinearModesOnTheYAxis) {
  struct Case {
    float t;
    float x[4];  // HALF, MO_HALF, CB, MOB
  };
  const Case cases[] = {
      // v = 0: j0 = -1, b = 0.5. HALF, CB: 0.5*100 + 0.5*11 = 55.5; mirror: -1 -> 0: 11.
      {0.0f, {55.5f, 11.0f, 55.5f, 11.0f}},
      // v = 2 = n: j0 = 1, j1 = 2 (B in every mode), b = 0.5: 0.5*12 + 0.5*100 = 56.
      {1.0f, {56.0f, 56.0f, 56.0f, 56.0f}},
      // v = -3. HALF: v -> 0: 55.5. MO_HALF: v -> -2, j0 = -3 (m = 2: B), j1 = -2 (m = 1):
      // 0.5*100 + 0.5*12 = 56. CB: j0 = -4, j1 = -3: 100. MOB: m = 3, 2: 100.
      {-1.5f, {55.5f, 56.0f, 100.0f, 100.0f}},
      // v = 5. HALF, MO_HALF: v -> 2: 56. CB, MOB: 100.
      {2.5f, {56.0f, 56.0f, 100.0f, 100.0f}},
      // v = -1.5: j0 = -2, b = 0. HALF: v -> 0: 55.5. Mirror: -2 -> 1: 12. CB: 100.
      {-0.75f, {55.5f, 12.0f, 100.0f, 12.0f}},
  };
  Guest g(4096);
  FillBorderFloat4x2(g);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 2);
  for (int m = 0; m < 4; ++m) {
    const SamplerDesc smp =
        BorderSampler(XyFilter::kBilinear, ClampMode::kClampLastTexel, kBorderModes[m]);
    for (const Case& c : cases) {
      Wave w;
      w.St(0, 0.375f, c.t);
      ExpectOk(
          reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), kFloatBorder)));
      EXPECT_EQ(AsF(w.out[0][0]), c.x[m]) << "mode " << m << " t " << c.t;
    }
  }
}

// A texel is a border texel when it is one in either axis, each axis by its own mode. u = v = 0:
// i0 = j0 = -1, a = b = 0.5, every weight 0.25; T(0, 0) = 1, T(0, 1) = 2, B = 100.
TEST(ReferenceBorder, BorderInEitherAxis) {
  Guest g(4096);
  FillBorderFloat4x2(g);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 2);
  struct Case {
    ClampMode x, y;
    float s, t, expected;
  };
  const Case cases[] = {
      // Three border texels: ((0.25*100 + 0.25*100) + 0.25*100) + 0.25*1 = 75.25.
      {ClampMode::kClampBorder, ClampMode::kClampBorder, 0.0f, 0.0f, 75.25f},
      // u = -4 -> 0 and v = -2 -> 0: the same footprint.
      {ClampMode::kClampHalfBorder, ClampMode::kClampHalfBorder, -1.0f, -1.0f, 75.25f},
      // Mirrored to (0, 0) four times: 1.
      {ClampMode::kMirrorOnceHalfBorder, ClampMode::kMirrorOnceBorder, 0.0f, 0.0f, 1.0f},
      // CLAMP_Y WRAP: j0 = -1 -> 1. T(-1, 1) = B, T(0, 1) = 2, T(-1, 0) = B, T(0, 0) = 1:
      // ((0.25*100 + 0.25*2) + 0.25*100) + 0.25*1 = 50.75.
      {ClampMode::kClampBorder, ClampMode::kWrap, 0.0f, 0.0f, 50.75f},
  };
  for (const Case& c : cases) {
    const SamplerDesc smp = BorderSampler(XyFilter::kBilinear, c.x, c.y);
    Wave w;
    w.St(0, c.s, c.t);
    ExpectOk(
        reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), kFloatBorder)));
    EXPECT_EQ(AsF(w.out[0][0]), c.expected) << int(c.x) << "," << int(c.y);
  }
}

// The constant colors: 0 and 1 as 0.0f / 1.0f on float-class formats and as integers on integer
// formats. POINT with CLAMP_BORDER at u = -2 (a border texel); no table is needed.
TEST(ReferenceBorder, ConstantColorsOnFloatUnormAndUint) {
  struct Case {
    BorderColorType type;
    std::array<uint32_t, 4> flt, uint;
  };
  const Case cases[] = {
      {BorderColorType::kTransBlack, {0, 0, 0, 0}, {0, 0, 0, 0}},
      {BorderColorType::kOpaqueBlack, {0, 0, 0, kOne}, {0, 0, 0, 1}},
      {BorderColorType::kOpaqueWhite, {kOne, kOne, kOne, kOne}, {1, 1, 1, 1}},
  };
  Guest g(4096);
  for (uint32_t i = 0; i < 4096; ++i) g.bytes[i] = 0x55;  // no texel reads as the border
  for (const Case& c : cases) {
    // R8G8B8A8_UNORM: 1.0 filters as 1.0f * 255.0f = 255 and 255 / 255 = 1.0 exactly.
    for (Kind kind : {Kind::kFloat, Kind::kUnorm, Kind::kUint}) {
      const ImageDesc img = Image2D(kind, 4, 4);
      const SamplerDesc smp =
          BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder, c.type);
      Wave w;
      w.St(0, -0.5f, 0.5f);
      ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.Lane(0), kind == Kind::kUint ? c.uint : c.flt)
          << "type " << int(c.type) << " kind " << int(kind);
    }
  }
}

// UNORM blends codes with the border's value * 255: Fill4x4, OPAQUE_WHITE, u = 0 (i0 = -1,
// a = 0.5), v = 0.5 (b = 0). T(0, 0) = (0, 200, 0, 255): X = (0.5*255 + 0.5*0) / 255 = 0.5,
// Y = 227.5 / 255, W = 255 / 255 = 1.
TEST(ReferenceBorder, UnormBilinearBlendsTheBorderAsCodes) {
  Guest g(4096);
  Fill4x4(g);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = BorderSampler(XyFilter::kBilinear, ClampMode::kClampBorder,
                                        ClampMode::kClampBorder, BorderColorType::kOpaqueWhite);
  Wave w;
  w.St(0, 0.0f, 0.125f);
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
  const auto t00 = Texel4x4(0, 0), t01 = Texel4x4(0, 1);
  for (int ch = 0; ch < 4; ++ch) {
    // w00 = w10 = 0.5 on T(-1, 0) = B and T(0, 0); w01 = w11 = 0 on T(-1, 1) = B and T(0, 1).
    const float codes = ((0.5f * 255.0f + 0.5f * t00[ch]) + 0.0f * 255.0f) + 0.0f * t01[ch];
    EXPECT_EQ(w.out[ch][0], F(codes / 255.0f)) << ch;
  }
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(0.5f), F(227.5f / 255.0f), F(0.5f), kOne}));
}

// A REGISTER color is a value: code channels take value * divisor (binary32) and divide it back
// after filtering; other channels (FLOAT, SRGB's X, Y, Z: linear) take it as is. Values outside
// [0, 1] are not clamped. Integer formats take the dwords as given.
TEST(ReferenceBorder, RegisterColorIsAValue) {
  const BorderTable table = {{{0, 0, 0, 0}, {F(0.3f), F(-0.5f), F(2.0f), kOne}}};
  struct Case {
    FormatId format;
    std::array<uint32_t, 4> expected;
  };
  const Case cases[] = {
      {FormatId::kR32G32B32A32_FLOAT, {F(0.3f), F(-0.5f), F(2.0f), kOne}},
      // -0.5f * 255 = -127.5, / 255 = -0.5; 2 * 255 / 255 = 2; 1 * 255 / 255 = 1 (all exact).
      {FormatId::kR8G8B8A8_UNORM, {F((0.3f * 255.0f) / 255.0f), F(-0.5f), F(2.0f), kOne}},
      {FormatId::kR8G8B8A8_SNORM, {F((0.3f * 127.0f) / 127.0f), F(-0.5f), F(2.0f), kOne}},
      // SRGB: X, Y, Z linear values as is, W UNORM.
      {FormatId::kR8G8B8A8_SRGB, {F(0.3f), F(-0.5f), F(2.0f), kOne}},
  };
  Guest g(4096);
  for (const Case& c : cases) {
    const ImageDesc img = ImageOf(c.format, 4, 4);
    const SamplerDesc smp =
        BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
    Wave w;
    w.St(0, 0.5f, 1.5f);  // v = 6: row border
    ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), table)));
    EXPECT_EQ(w.Lane(0), c.expected) << FormatName(c.format);
  }
  // Integers as given: not saturated to the 8-bit channels.
  const BorderTable ints = {{{1, 2, 3, 4}, {1000, 0xFFFFFFFFu, 7, 0}}};
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  const SamplerDesc smp =
      BorderSampler(XyFilter::kPoint, ClampMode::kMirrorOnceBorder, ClampMode::kMirrorOnceBorder);
  Wave w;
  w.St(0, 2.0f, 0.5f);  // u = 8, m = 8: border
  ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), ints)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{1000, 0xFFFFFFFFu, 7, 0}));
}

// The border value is never flushed before filtering; the sample result is. R32_FLOAT texels
// 2^-125 (0x01000000), REGISTER X = 2^-127 (0x00400000, denormal). Bilinear at u = 0 (a = 0.5,
// b = 0): 0.5 * 2^-127 + 0.5 * 2^-125 = 2^-128 + 2^-126 = 1.25 * 2^-126 = 0x00A00000 (a border
// flushed first would give 2^-126 = 0x00800000). A point sample of a -2^-127 border is flushed
// to -0.
TEST(ReferenceBorder, DenormalBorderIsFilteredThenTheResultFlushed) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 4, 4);
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put<uint32_t>(0, 4, x, y, 0x01000000u);
  }
  const BorderTable table = {{{0, 0, 0, 0}, {0x00400000u, 0, 0, kOne}}};
  const SamplerDesc bilinear =
      BorderSampler(XyFilter::kBilinear, ClampMode::kClampBorder, ClampMode::kClampBorder);
  Wave w;
  w.St(0, 0.0f, 0.125f);
  ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &bilinear), table)));
  EXPECT_EQ(w.out[0][0], 0x00A00000u);
  const BorderTable negative = {{{0, 0, 0, 0}, {0x80400000u, 0, 0, kOne}}};
  const SamplerDesc point =
      BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
  Wave wp;
  wp.St(0, -0.5f, 0.125f);
  ExpectOk(reference::Execute(WithTable(wp.Make(kSampleLz, &img, &g.memory, 1, &point), negative)));
  EXPECT_EQ(wp.Lane(0), (std::array<uint32_t, 4>{0x80000000u, 0, 0, kOne}));
}

// The border is a texel's four channels before DST_SEL, those the format lacks included.
TEST(ReferenceBorder, DstSelAppliesToTheBorder) {
  Guest g(4096);
  const SamplerDesc white = BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder,
                                          ClampMode::kClampBorder, BorderColorType::kOpaqueWhite);
  ImageDesc r32 = ImageOf(FormatId::kR32_FLOAT, 4, 4);
  {
    // Default DST_SEL (X, Y, Z, W): OPAQUE_WHITE gives 1 in Y and Z too, where memory reads 0.
    Wave w;
    w.St(0, -0.5f, 0.5f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &r32, &g.memory, 1, &white)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  }
  {
    // DST_SEL (X, 0, 0, 1): (1, 0, 0, 1).
    r32.dst_sel[1] = DstSel::k0;
    r32.dst_sel[2] = DstSel::k0;
    r32.dst_sel[3] = DstSel::k1;
    Wave w;
    w.St(0, -0.5f, 0.5f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &r32, &g.memory, 1, &white)));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, 0, 0, kOne}));
  }
  {
    // DST_SEL (W, Z, Y, X) on a REGISTER (1, 2, 3, 4), DMASK 0b0101: components 0 and 2 = (4, 2).
    ImageDesc img = Image2D(Kind::kFloat, 4, 4);
    img.dst_sel[0] = DstSel::kW;
    img.dst_sel[1] = DstSel::kZ;
    img.dst_sel[2] = DstSel::kY;
    img.dst_sel[3] = DstSel::kX;
    const BorderTable table = {{{0, 0, 0, 0}, {F(1.0f), F(2.0f), F(3.0f), F(4.0f)}}};
    const SamplerDesc smp =
        BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
    Wave w;
    w.St(0, 0.5f, -0.5f);
    TexRequest r = WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), table);
    r.mods.dmask = 0b0101;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(4.0f), F(2.0f), kSentinel, kSentinel}));
  }
}

// _C: D is the border's X (denormal flushed), and the border texel becomes (r, r, r, r). 2x2
// R32_FLOAT depths 0.5; REGISTER (0.25, NaN, NaN, NaN): only X is read. LESS (ref < D), ref 0.3:
// memory passes (0.3 < 0.5), the border fails (0.3 < 0.25 is false).
TEST(ReferenceBorder, CompareAgainstTheBorder) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) g.Put<float>(0, 2, x, y, 0.5f);
  }
  const uint32_t nan = 0x7FC00000u;
  const BorderTable table = {{{0, 0, 0, 0}, {F(0.25f), nan, nan, nan}}};
  auto run = [&](const SamplerDesc& smp, float s, float t, float ref) {
    Wave w;
    w.St(0, s, t);
    w.zcompare[0] = F(ref);
    ExpectOk(reference::Execute(WithTable(w.Make(kSampleCLz, &img, &g.memory, 1, &smp), table)));
    return w.Lane(0);
  };
  SamplerDesc point =
      BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
  point.depth_compare_func = CompareFunc::kLess;
  EXPECT_EQ(run(point, -0.25f, 0.25f, 0.3f), (std::array<uint32_t, 4>{0, 0, 0, 0}));  // border
  EXPECT_EQ(run(point, 0.25f, 0.25f, 0.3f), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  // Bilinear at u = 0, v = 1: i0 = -1 (border, r = 0), i1 = 0 (r = 1), a = 0.5, b = 0.5:
  // ((0.25*0 + 0.25*1) + 0.25*0) + 0.25*1 = 0.5.
  SamplerDesc bilinear = point;
  bilinear.xy_mag_filter = bilinear.xy_min_filter = XyFilter::kBilinear;
  const uint32_t half = F(0.5f);
  EXPECT_EQ(run(bilinear, 0.0f, 0.5f, 0.3f), (std::array<uint32_t, 4>{half, half, half, half}));
  // OPAQUE_WHITE: D = 1, 0.3 < 1 passes.
  SamplerDesc white = point;
  white.border_color_type = BorderColorType::kOpaqueWhite;
  EXPECT_EQ(run(white, -0.25f, 0.25f, 0.3f), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  // A denormal border X compares as zero of its sign: -2^-127 -> -0 == 0.
  const BorderTable denormal = {{{0, 0, 0, 0}, {0x80400000u, nan, nan, nan}}};
  SamplerDesc equal = point;
  equal.depth_compare_func = CompareFunc::kEqual;
  Wave w;
  w.St(0, 2.0f, 0.25f);
  w.zcompare[0] = F(0.0f);
  ExpectOk(reference::Execute(WithTable(w.Make(kSampleCLz, &img, &g.memory, 1, &equal), denormal)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
}

// Each level maps by its own size. R32_FLOAT level 0 (2x2) with T(1, 0) = 2, level 1 (1x1, at
// 256) = 8; CLAMP_BORDER, TRANS_BLACK, bilinear, _L lod 0.5 with MIP_FILTER LINEAR (f = 0.5).
// s = 0.75, t = 0.25. Level 0: u = 1.5, i0 = 1, a = 0; v = 0.5, j0 = 0, b = 0: T(1, 0) = 2.
// Level 1: u = 0.75, i0 = 0, a = 0.25, i1 = 1 (B); v = 0.25, j0 = -1 (B), b = 0.75, j1 = 0: only
// T(0, 0) is memory, weight w01 = 0.75 * 0.75 = 0.5625: 4.5. Blend 0.5 * 2 + 0.5 * 4.5 = 3.25.
TEST(ReferenceBorder, MipLevelsUseTheirOwnSize) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2, 2);
  g.Put<float>(0, 2, 0, 0, 5.0f);
  g.Put<float>(0, 2, 1, 0, 2.0f);
  g.Put<float>(0, 2, 0, 1, 5.0f);
  g.Put<float>(0, 2, 1, 1, 5.0f);
  g.Put<float>(256, 1, 0, 0, 8.0f);
  SamplerDesc smp = BorderSampler(XyFilter::kBilinear, ClampMode::kClampBorder,
                                  ClampMode::kClampBorder, BorderColorType::kTransBlack);
  smp.mip_filter = MipFilter::kLinear;
  Wave w;
  w.St(0, 0.75f, 0.25f);
  w.lod[0] = F(0.5f);
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(AsF(w.out[0][0]), 3.25f);
}

// GATHER4 returns a border texel's component after DST_SEL of the border color.
TEST(ReferenceBorder, Gather4ReturnsBorderComponents) {
  const Op kGather4LzO{OpKind::kGather4, kOpLz | kOpOffset};
  const BorderTable table = {{{0, 0, 0, 0}, {1000, 1001, 1002, 1003}}};
  Guest g(4096);
  FillUint4x4(g);  // X = 10x + y, Y = 100 + X
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  struct Case {
    ClampMode mode;
    float s, t;
    uint32_t offset;
    uint8_t dmask;
    std::array<uint32_t, 4> expected;  // T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0)
  };
  const Case cases[] = {
      // u = v = 0: i0 = j0 = -1 (B), i1 = j1 = 0: B, T(0, 0), B, B. Y: (1001, 100, 1001, 1001).
      {ClampMode::kClampBorder, 0.0f, 0.0f, 0, 0b0010, {1001, 100, 1001, 1001}},
      {ClampMode::kClampBorder, 0.0f, 0.0f, 0, 0b0001, {1000, 0, 1000, 1000}},
      // MIRROR_ONCE_BORDER, u = 0, v = 4: i0 = -1 -> 0, i1 = 0; j0 = 3, j1 = 4 (B):
      // B, B, T(0, 3), T(0, 3).
      {ClampMode::kMirrorOnceBorder, 0.0f, 1.0f, 0, 0b0001, {1000, 1000, 3, 3}},
      // CLAMP_HALF_BORDER, u = 10 -> 4: i0 = 3, i1 = 4 (B); v = 2: j0 = 1, j1 = 2:
      // T(3, 2), B, B, T(3, 1).
      {ClampMode::kClampHalfBorder, 2.5f, 0.5f, 0, 0b0001, {32, 1000, 1000, 31}},
      // The same with ox = -1: i0 = 2, i1 = 3: T(2, 2), T(3, 2), T(3, 1), T(2, 1).
      {ClampMode::kClampHalfBorder, 2.5f, 0.5f, Off(-1, 0), 0b0001, {22, 32, 31, 21}},
  };
  for (const Case& c : cases) {
    const SamplerDesc smp = BorderSampler(XyFilter::kPoint, c.mode, c.mode);
    Wave w;
    w.St(0, c.s, c.t);
    w.offset[0] = c.offset;
    TexRequest r = WithTable(w.Make(kGather4LzO, &img, &g.memory, 1, &smp), table);
    r.mods.dmask = c.dmask;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), c.expected) << "mode " << int(c.mode) << " s " << c.s << " t " << c.t;
  }
}

// GATHER4H: border modes decide each column: a border column or row reads the border color's
// component.
TEST(ReferenceBorder, Gather4HColumnsAndRows) {
  const BorderTable table = {{{0, 0, 0, 0}, {1000, 1001, 1002, 1003}}};
  Guest g(4096);
  FillUint4x4(g);
  const ImageDesc img = Image2D(Kind::kUint, 4, 4);
  struct Case {
    ClampMode mode;
    float s, t;
    std::array<uint32_t, 4> expected;
  };
  const Case cases[] = {
      // u = 0.4, v = 3.6: columns -2, -1 (border), 0, 1 of row 3.
      {ClampMode::kClampBorder, 0.1f, 0.9f, {1000, 1000, 3, 13}},
      // v = 0: j0 = -1 is a border row, so all four are border texels.
      {ClampMode::kClampBorder, 0.5f, 0.0f, {1000, 1000, 1000, 1000}},
      // CLAMP_HALF_BORDER: u = 10 is clamped to 4 first: i0 = 3, columns 2, 3, 4 (B), 5 (B) of
      // row 1 (v = 2).
      {ClampMode::kClampHalfBorder, 2.5f, 0.5f, {21, 31, 1000, 1000}},
      // MIRROR_ONCE_BORDER, u = 0.4: columns -2 -> 1, -1 -> 0, 0, 1 of row 3; none is a border.
      {ClampMode::kMirrorOnceBorder, 0.1f, 0.9f, {13, 3, 3, 13}},
  };
  for (const Case& c : cases) {
    const SamplerDesc smp = BorderSampler(XyFilter::kPoint, c.mode, c.mode);
    Wave w;
    w.St(0, c.s, c.t);
    TexRequest r = WithTable(w.Make(kGather4H, &img, &g.memory, 1, &smp), table);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), c.expected) << "mode " << int(c.mode) << " s " << c.s << " t " << c.t;
  }
}

// Float-class gathers of the border: the color's component after DST_SEL, flushed when denormal;
// with _C the border's compare result.
TEST(ReferenceBorder, Gather4FloatCompareAndFlush) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) g.Put<float>(0, 2, x, y, 0.5f);
  }
  auto gather = [&](const SamplerDesc& smp, Op op, const BorderTable* table, float s, float t,
                    uint8_t dmask) {
    Wave w;
    w.St(0, s, t);
    w.zcompare[0] = F(0.3f);
    TexRequest r = w.Make(op, &img, &g.memory, 1, &smp);
    if (table != nullptr) r = WithTable(r, *table);
    r.mods.dmask = dmask;
    ExpectOk(reference::Execute(r));
    return w.Lane(0);
  };
  const SamplerDesc half_white =
      BorderSampler(XyFilter::kPoint, ClampMode::kClampHalfBorder, ClampMode::kClampHalfBorder,
                    BorderColorType::kOpaqueWhite);
  // u = v = 10 -> 2: i0 = j0 = 1, i1 = j1 = 2 (B): B, B, B, T(1, 1).
  EXPECT_EQ(gather(half_white, kGather4Lz, nullptr, 5.0f, 5.0f, 0b0001),
            (std::array<uint32_t, 4>{kOne, kOne, kOne, F(0.5f)}));
  // Y: the border's 1 where memory's missing Y reads 0.
  EXPECT_EQ(gather(half_white, kGather4Lz, nullptr, 5.0f, 5.0f, 0b0010),
            (std::array<uint32_t, 4>{kOne, kOne, kOne, 0}));
  // CLAMP_BORDER at u = v = 10: all four are border texels.
  const SamplerDesc white = BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder,
                                          ClampMode::kClampBorder, BorderColorType::kOpaqueWhite);
  EXPECT_EQ(gather(white, kGather4Lz, nullptr, 5.0f, 5.0f, 0b0001),
            (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  // A denormal REGISTER X (-2^-127) is gathered as -0.
  const BorderTable denormal = {{{0, 0, 0, 0}, {0x80400000u, 0, 0, 0}}};
  const SamplerDesc reg =
      BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
  EXPECT_EQ(gather(reg, kGather4Lz, &denormal, 5.0f, 5.0f, 0b0001),
            (std::array<uint32_t, 4>{0x80000000u, 0x80000000u, 0x80000000u, 0x80000000u}));
  // GATHER4_C, LESS, ref 0.3, REGISTER D = 0.25 (fails), memory 0.5 (passes). u = v = 0:
  // B, T(0, 0), B, B.
  const BorderTable quarter = {{{0, 0, 0, 0}, {F(0.25f), 0, 0, 0}}};
  SamplerDesc less = reg;
  less.depth_compare_func = CompareFunc::kLess;
  EXPECT_EQ(gather(less, Op{OpKind::kGather4, kOpCompare | kOpLz}, &quarter, 0.0f, 0.0f, 0b0001),
            (std::array<uint32_t, 4>{0, kOne, 0, 0}));
}

// REGISTER reads entry BORDER_COLOR_PTR; past the table's end (or with no table) it is
// InvalidArgument naming BORDER_COLOR_PTR and the table's size, for every sampler op, GET_LOD
// included. The table is read only when a clamp mode is a border mode.
TEST(ReferenceBorder, RegisterPointerIsCheckedAgainstTheTable) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 4);
  const BorderTable table = {
      {{F(1.0f), F(2.0f), F(3.0f), F(4.0f)}, {F(5.0f), F(6.0f), F(7.0f), F(8.0f)}}};
  auto make = [&](Wave& w, Op op, const SamplerDesc& smp) {
    w.St(0, -0.5f, 0.5f);  // x border with CLAMP_BORDER
    TexRequest r = WithTable(w.Make(op, &img, op == kGetLod ? nullptr : &g.memory, 1, &smp), table);
    r.mods.dmask = 0b0001;
    return r;
  };
  for (Op op : {kSampleLz, kGather4Lz, kGetLod}) {
    SCOPED_TRACE(OpName(op));
    // Entry 0 and entry 1 are read by PTR.
    SamplerDesc smp =
        BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampLastTexel);
    for (uint16_t ptr : {0, 1}) {
      smp.border_color_ptr = ptr;
      Wave w;
      ExpectOk(reference::Execute(make(w, op, smp)));
      if (op != kGetLod) {
        EXPECT_EQ(w.out[0][0], ptr == 0 ? F(1.0f) : F(5.0f));
      }
    }
    // PTR 2 with 2 entries.
    smp.border_color_ptr = 2;
    Wave w;
    Status st = reference::Execute(make(w, op, smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "BORDER_COLOR_PTR=2")) << st.message();
    EXPECT_TRUE(Contains(st.message(), "2 entries")) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
    // A border mode on y only, no table at all.
    smp = BorderSampler(XyFilter::kPoint, ClampMode::kWrap, ClampMode::kMirrorOnceHalfBorder);
    smp.border_color_ptr = 0;
    TexRequest r = make(w, op, smp);
    r.border_color_table = nullptr;
    r.border_color_count = 0;
    st = reference::Execute(r);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "BORDER_COLOR_PTR=0")) << st.message();
    EXPECT_TRUE(Contains(st.message(), "0 entries")) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
    // The constant colors read no table.
    smp.border_color_type = BorderColorType::kOpaqueBlack;
    smp.border_color_ptr = 99;
    ExpectOk(reference::Execute(r));
    // Without a border mode a bad BORDER_COLOR_PTR is never read.
    for (ClampMode mode : {ClampMode::kWrap, ClampMode::kMirror, ClampMode::kClampLastTexel,
                           ClampMode::kMirrorOnceLastTexel}) {
      SamplerDesc plain = BorderSampler(XyFilter::kPoint, mode, mode);
      plain.border_color_ptr = 99;
      TexRequest rp = make(w, op, plain);
      rp.border_color_table = nullptr;
      rp.border_color_count = 0;
      ExpectOk(reference::Execute(rp));
    }
  }
  // The border check follows the other S# checks: an invalid MIP_FILTER is reported first.
  SamplerDesc smp =
      BorderSampler(XyFilter::kPoint, ClampMode::kClampBorder, ClampMode::kClampBorder);
  smp.border_color_ptr = 7;
  smp.mip_filter = static_cast<MipFilter>(4);
  Wave w;
  const Status st = reference::Execute(make(w, kSampleLz, smp));
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(Contains(st.message(), "MIP_FILTER")) << st.message();
}

// ============================================================================================
// Unbound images and validation

TEST(ReferenceValidation, UnboundImageReturnsZerosAndTouchesNoMemory) {
  ImageDesc img;  // an all-zero T#
  img.unbound = true;
  img.width = 0;
  Memory empty;  // nothing registered: any Resolve would fail
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kLinear);
  for (Op op : {kLoad, kLoadMip, kSample, kSampleL, kSampleB, kSampleLz}) {
    Wave w;
    TexRequest r = w.Make(op, &img, &empty, 4, &smp);
    r.exec = 0b0101;
    r.mods.tfe = true;
    r.mods.dmask = 0b0111;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0, 0, kSentinel})) << OpName(op);
    EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{kSentinel, kSentinel, kSentinel, kSentinel}));
    EXPECT_EQ(w.Lane(2), (std::array<uint32_t, 4>{0, 0, 0, kSentinel}));
    EXPECT_EQ(w.status[0], 0u);
    EXPECT_EQ(w.status[1], kSentinel);
  }
  // A store through an unbound T# at a registered address writes nothing.
  Guest g(4096);
  for (size_t i = 0; i < g.bytes.size(); ++i) g.bytes[i] = static_cast<uint8_t>(i);
  const std::vector<uint8_t> before = g.bytes;
  img.base_address = kBase;
  Wave w;
  for (int ch = 0; ch < 4; ++ch) std::fill(std::begin(w.data[ch]), std::end(w.data[ch]), 77u);
  ExpectOk(reference::Execute(w.Make(kStore, &img, &g.memory, 64)));
  ExpectOk(reference::Execute(w.Make(kStoreMip, &img, &g.memory, 64)));
  EXPECT_TRUE(g.bytes == before);
}

TEST(ReferenceValidation, UnimplementedOpsNameTheOp) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  // Flag sets that name no GFX6-9 opcode, and forms of later generations.
  const Op ops[] = {
      {OpKind::kSample, kOpLod | kOpClamp},
      {OpKind::kSample, kOpLz | kOpClamp},
      {OpKind::kSample, kOpLod | kOpBias},
      {OpKind::kSample, kOpDeriv | kOpCoarseDeriv},
      {OpKind::kSample, kOpDeriv | kOpG16},
      {OpKind::kGather4, kOpDeriv},
      {OpKind::kGather4, kOpCoarseDeriv | kOpCompare},
      {OpKind::kGather4, kOpLod | kOpClamp},
      {OpKind::kGather4, kOpGather4H | kOpCompare},
      {OpKind::kAtomic, kOpMip, AtomicOp::kAdd},
      {OpKind::kAtomic, 0, AtomicOp::kNone},
      {OpKind::kGetResinfo, kOpMip},
      {OpKind::kGetLod, kOpLod},
      {OpKind::kMsaaLoad, kOpMip},
  };
  for (const Op& op : ops) {
    Wave w;
    const Status st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_EQ(st.code(), StatusCode::kUnimplemented) << OpName(op);
    EXPECT_TRUE(Contains(st.message(), OpName(op))) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
  }
}

TEST(ReferenceValidation, InvalidFormatTypeAndClampNameTheField) {
  Guest g(4096);
  const SamplerDesc point = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  {
    // A T# whose DATA_FORMAT x NUM_FORMAT named no format (8_8_8_8 with FLOAT).
    ImageDesc img = Image2D(Kind::kFloat, 4, 4);
    img.format = FormatId::kInvalid;
    img.data_format = 10;
    img.num_format = 7;
    Wave w;
    const Status st = reference::Execute(w.Make(kLoad, &img, &g.memory, 1));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "DATA_FORMAT=10")) << st.message();
    EXPECT_TRUE(Contains(st.message(), "NUM_FORMAT=7")) << st.message();
  }
  {
    // Sample ops read no 2D_MSAA image (loads take every type); a CUBE they do.
    ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
    img.type = ImageType::k2DMsaa;
    Wave w;
    const Status st = reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &point));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "T#.TYPE=14")) << st.message();
    img.type = ImageType::kCube;
    img.depth = 6;
    img.last_array = 5;
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &point)));
  }
  {
    // Clamp modes 0..7 are all implemented (the border modes too); 8 and above name no mode.
    const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
    SamplerDesc smp = point;
    smp.clamp_x = static_cast<ClampMode>(8);
    Wave w;
    Status st = reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "S#.CLAMP_X=8")) << st.message();
    smp.clamp_x = ClampMode::kClampBorder;
    smp.clamp_y = static_cast<ClampMode>(15);
    st = reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
    EXPECT_TRUE(Contains(st.message(), "S#.CLAMP_Y=15")) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
    // Loads do not read the S#: the same sampler is irrelevant to them.
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1, &smp)));
    smp.clamp_y = ClampMode::kClampHalfBorder;
    ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 1, &smp)));
  }
}

TEST(ReferenceValidation, FootprintMustBeRegistered) {
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4, 3);  // footprint 512 + 4 = 516 bytes
  {
    Guest g(516 - 1);  // one byte short
    Wave w;
    const Status st = reference::Execute(w.Make(kLoad, &img, &g.memory, 1));
    EXPECT_EQ(st.code(), StatusCode::kOutOfRange) << st.ToString();
    EXPECT_EQ(w.out[0][0], kSentinel);
  }
  {
    Guest g(516);
    Wave w;
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1)));
  }
  {
    ImageDesc moved = img;
    moved.base_address = kBase + 0x10000;  // not registered
    Guest g(4096);
    Wave w;
    EXPECT_EQ(reference::Execute(w.Make(kLoad, &moved, &g.memory, 1)).code(),
              StatusCode::kOutOfRange);
  }
  {
    Guest g(4096, /*writable=*/false);
    Wave w;
    ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1)));
    EXPECT_EQ(reference::Execute(w.Make(kStore, &img, &g.memory, 1)).code(),
              StatusCode::kOutOfRange);
    for (uint8_t b : g.bytes) ASSERT_EQ(b, 0);
  }
}

TEST(ReferenceValidation, MalformedRequestsAreInvalidArguments) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kUnorm, 4, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  Wave w;
  auto code = [&](TexRequest r) { return reference::Execute(r).code(); };
  TexRequest r = w.Make(kLoad, &img, &g.memory, 0);
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);  // lane_count 0
  r = w.Make(kLoad, &img, &g.memory, 65);
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r = w.Make(kLoad, &img, &g.memory, 4);
  r.in.coord[1] = nullptr;
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r = w.Make(kLoad, nullptr, &g.memory, 4);
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r = w.Make(kSample, &img, &g.memory, 4, nullptr);
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);  // no S#
  r = w.Make(kSampleL, &img, &g.memory, 4, &smp);
  r.in.lod = nullptr;
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r = w.Make(kLoadMip, &img, &g.memory, 4);
  r.in.mip = nullptr;
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r = w.Make(kLoad, &img, &g.memory, 4);
  r.mods.dmask = 0b0111;
  r.out.data[2] = nullptr;
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
  r.out.data[2] = w.out[2];
  r.out.data[3] = nullptr;  // not needed for 3 components
  EXPECT_EQ(code(r), StatusCode::kOk);
  r = w.Make(kLoad, &img, nullptr, 4);
  EXPECT_EQ(code(r), StatusCode::kInvalidArgument);
}

// ============================================================================================
// Sampler ops on 1D, 1D_ARRAY and 2D_ARRAY images

// An image of `type` whose `layers` memory layers are all in the view (HEIGHT 1 for the 1D types).
ImageDesc Typed(ImageType type, FormatId format, uint32_t w, uint32_t h, uint32_t layers = 1,
                uint32_t levels = 1) {
  ImageDesc d = ImageOf(format, w, h, levels);
  d.type = type;
  d.depth = layers;
  d.last_array = layers - 1;
  return d;
}

constexpr Op kGather4O{OpKind::kGather4, kOpOffset};
constexpr Op kGather4CLz{OpKind::kGather4, kOpCompare | kOpLz};

// A 4-texel 1D R32_FLOAT image: texels 10, 20, 40, 80. CLAMP_Y is CLAMP_BORDER with OPAQUE_WHITE,
// so a t, an offset Y or a row that were read would turn texels into the border's 1.0 (or blend
// it in); the four variants give coord[1] null, NaN, 1e30 and -3.7 with offset Y bits 0, 5, -7
// and 31. Each case's X: u = s * 4 (s itself when unnormalized).
TEST(Reference1D, PointAndLinearAlongXIgnoreTAndClampY) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  const float texel[4] = {10.0f, 20.0f, 40.0f, 80.0f};
  for (uint32_t i = 0; i < 4; ++i) g.Put<float>(0, 4, i, 0, texel[i]);
  struct Case {
    XyFilter filter;
    ClampMode clamp_x;
    float s;
    int ox;
    bool unnorm;
    float x;
  };
  constexpr XyFilter P = XyFilter::kPoint, L = XyFilter::kBilinear;
  constexpr ClampMode kW = ClampMode::kWrap, kB = ClampMode::kClampBorder;
  const Case cases[] = {
      {P, kW, 0.375f, 0, false, 20.0f},    // u = 1.5: i = 1
      {P, kW, -0.125f, 0, false, 80.0f},   // u = -0.5: i = -1 wraps to 3
      {P, kW, 1.125f, 0, false, 10.0f},    // u = 4.5: i = 4 wraps to 0
      {P, kW, 0.99f, 0, false, 80.0f},     // u = 3.96: i = 3
      {P, kW, 0.375f, 1, false, 40.0f},    // i = 1 + ox 1 = 2
      {P, kB, -0.125f, 0, false, 1.0f},    // i = -1: border (OPAQUE_WHITE X = 1.0)
      {P, kB, 1.125f, 0, false, 1.0f},     // i = 4: border
      {P, kB, 0.875f, 0, false, 80.0f},    // u = 3.5: i = 3
      {P, kB, 0.375f, -2, false, 1.0f},    // i = 1 - 2 = -1: border
      {P, kB, 2.5f, 0, true, 40.0f},       // unnormalized u = 2.5: i = 2
      {L, kW, 0.5f, 0, false, 30.0f},      // u - 0.5 = 1.5: i0 = 1, a = 0.5: 0.5*20 + 0.5*40
      {L, kW, 0.0625f, 0, false, 27.5f},   // -0.25: i0 = -1 -> 3, i1 = 0, a = 0.75: 0.25*80 + 7.5
      {L, kW, 0.9375f, 0, false, 62.5f},   // 3.25: i0 = 3, i1 = 4 -> 0, a = 0.25: 60 + 2.5
      {L, kW, 0.5f, 1, false, 60.0f},      // i0 = 2, i1 = 3: 0.5*40 + 0.5*80
      {L, kB, 0.0625f, 0, false, 7.75f},   // i0 = -1 border: 0.25*1 + 0.75*10
      {L, kB, 0.9375f, 0, false, 60.25f},  // i1 = 4 border: 0.75*80 + 0.25*1
      {L, kB, 0.125f, 0, false, 10.0f},    // 0: i0 = 0, a = 0: 1*10 + 0*20
      {L, kB, 2.0f, 0, true, 30.0f},       // unnormalized u = 2: i0 = 1, a = 0.5
  };
  const float ts[4] = {0.0f, NaN(), 1e30f, -3.7f};
  const int oys[4] = {0, 5, -7, 31};
  for (const Case& k : cases) {
    SamplerDesc smp = Sampler(k.filter, k.filter, MipFilter::kNone, k.clamp_x);
    smp.clamp_y = ClampMode::kClampBorder;
    smp.border_color_type = BorderColorType::kOpaqueWhite;
    smp.force_unnormalized = k.unnorm;
    for (int v = 0; v < 4; ++v) {
      Wave w;
      w.St(0, k.s, ts[v]);
      w.offset[0] = Off(k.ox, oys[v]);
      TexRequest r = w.Make(kSampleLzO, &img, &g.memory, 1, &smp);
      if (v == 0) r.in.coord[1] = nullptr;  // not read
      ExpectOk(reference::Execute(r));
      EXPECT_EQ(w.out[0][0], F(k.x)) << "filter " << static_cast<int>(k.filter) << " clamp "
                                     << static_cast<int>(k.clamp_x) << " s " << k.s << " v " << v;
    }
  }
}

// BILINEAR on a 1D image is (1-a)*T(i0) + a*T(i1): no weight multiplies a second row. Texel 0 is
// +Inf, texel 1 is 2: u = 1, a = 0.5 gives 0.5*Inf + 0.5*2 = +Inf; the 2D formula with b = 0
// would add 0 * Inf (NaN) for the row below.
TEST(Reference1D, LinearFilterHasNoSecondRow) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  g.Put<float>(0, 4, 0, 0, Inf());
  g.Put<float>(0, 4, 1, 0, 2.0f);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                                  ClampMode::kClampLastTexel);
  Wave w;
  w.St(0, 0.25f, 0.0f);
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.out[0][0], 0x7F800000u);
}

// The 1D types' lookups read no CLAMP_Y, but the S# is validated as a whole whatever the T#'s
// TYPE (as GET_LOD, which reads no texel, is held to the S# rules): a CLAMP_Y that is no clamp
// mode, or a border mode whose REGISTER color is past the (absent) table, is the same error on a
// 1D image as on a 4x1 2D image. With the color in the table, the 1D lookup reads the texel.
TEST(Reference1D, TheWholeSamplerIsValidated) {
  Guest g(4096);
  const ImageDesc one_d = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  const ImageDesc two_d = Typed(ImageType::k2D, FormatId::kR32_FLOAT, 4, 1);
  g.Put<float>(0, 4, 1, 0, 5.0f);
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  smp.clamp_y = ClampMode::kClampBorder;
  smp.border_color_type = BorderColorType::kRegister;
  smp.border_color_ptr = 1;
  for (int variant = 0; variant < 2; ++variant) {
    if (variant == 1) smp.clamp_y = static_cast<ClampMode>(9);
    for (const ImageDesc* img : {&one_d, &two_d}) {
      Wave w;
      w.St(0, 0.375f, 0.5f);  // texel 1
      const Status st = reference::Execute(w.Make(kSampleLz, img, &g.memory, 1, &smp));
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
      EXPECT_TRUE(Contains(st.message(), variant == 0 ? "BORDER_COLOR_PTR" : "S#.CLAMP_Y=9"))
          << st.message();
      EXPECT_EQ(w.out[0][0], kSentinel);
    }
  }
  smp.clamp_y = ClampMode::kClampBorder;
  const BorderTable table = {{{0, 0, 0, 0}, {F(-1.0f), F(-2.0f), F(-3.0f), F(-4.0f)}}};
  Wave w;
  w.St(0, 0.375f, 7.0f);  // v = 7 would be a border row on a 2D image
  ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &one_d, &g.memory, 1, &smp), table)));
  EXPECT_EQ(w.out[0][0], F(5.0f));
}

// An 8-texel 1D UNORM chain of 4 levels: 8 texels at 0, 4 at 256, 2 at 512, 1 at 768, level L
// filled with Chain8::Level(L). W = 8, and dv = 0: lambda = 0.5 * log2(max(dudx^2, dudy^2)).
// The quads' t differences (8 with H = 1: dvdx or dvdy = 8, lambda 3 if read) do not count.
struct Chain1D {
  Chain1D() : g(4096), img(Typed(ImageType::k1D, FormatId::kR8G8B8A8_UNORM, 8, 1, 1, 4)) {
    const uint32_t off[4] = {0, 256, 512, 768};
    for (uint32_t l = 0; l < 4; ++l) g.Fill8(off[l], 8 >> l, 1, Chain8::Level(l));
  }
  Guest g;
  ImageDesc img;
};

struct Quad1D {
  float dsx, dsy, dtx, dty;
  int level;
};
constexpr Quad1D kQuads1D[] = {
    {1 / 8.0f, 0, 8, 0, 0},  // dudx = 1: lambda 0
    {2 / 8.0f, 0, 0, 8, 1},  // dudx = 2: rx = 4, lambda 1
    {0, 4 / 8.0f, 8, 8, 2},  // dudy = 4: ry = 16, lambda 2
    {1.0f, 0, 0, 0, 3},      // dudx = 8: rx = 64, lambda 3
    {0, 0, 8, 8, 0},         // rx = ry = 0: lambda -inf, clamped to MIN_LOD 0
};

TEST(Reference1D, ImplicitLodFromTheQuadsS) {
  Chain1D c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  for (bool null_t : {false, true}) {
    Wave w;
    for (uint32_t q = 0; q < 5; ++q) {
      const Quad1D& k = kQuads1D[q];
      Quad(w, q, 0.25f, 0.5f, k.dsx, k.dtx, k.dsy, k.dty);
    }
    TexRequest r = w.Make(kSample, &c.img, &c.g.memory, 20, &smp);
    if (null_t) r.in.coord[1] = nullptr;
    ExpectOk(reference::Execute(r));
    for (uint32_t lane = 0; lane < 20; ++lane) {
      EXPECT_EQ(LevelOf(w, lane), kQuads1D[lane / 4].level) << "lane " << lane << " " << null_t;
    }
  }
}

// _D and _CD on 1D read ds/dx and ds/dy alone: dt/dx and dt/dy may be null, and when given (8,
// which would give lambda 3) they are not read.
TEST(Reference1D, ExplicitDerivativesWithoutDt) {
  Chain1D c;
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  for (Op op : {kSampleD, kSampleCd}) {
    for (bool null_dt : {true, false}) {
      Wave w;
      for (uint32_t lane = 0; lane < 20; ++lane) {
        const Quad1D& k = kQuads1D[lane / 4];
        w.St(lane, 0.25f, 0.5f);
        w.deriv[0][0][lane] = F(k.dsx);
        w.deriv[1][0][lane] = F(k.dsy);
        w.deriv[0][1][lane] = F(8.0f);
        w.deriv[1][1][lane] = F(8.0f);
      }
      TexRequest r = w.Make(op, &c.img, &c.g.memory, 20, &smp);
      r.in.coord[1] = nullptr;
      if (null_dt) r.in.deriv[0][1] = r.in.deriv[1][1] = nullptr;
      ExpectOk(reference::Execute(r));
      for (uint32_t lane = 0; lane < 20; ++lane) {
        EXPECT_EQ(LevelOf(w, lane), kQuads1D[lane / 4].level)
            << OpName(op) << " lane " << lane << " " << null_dt;
      }
    }
  }
}

// GET_LOD on 1D: y = 0.5 * log2(dudx^2 or dudy^2), the dt differences ignored; x = the LINEAR
// level min(max(lambda, 0), 3). The last quad's y is 0.5f * log2(0) = -inf.
TEST(Reference1D, GetLodAndMipLinear) {
  Chain1D c;
  const SamplerDesc linear = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  Wave w;
  for (uint32_t q = 0; q < 5; ++q) {
    const Quad1D& k = kQuads1D[q];
    Quad(w, q, 0.25f, 0.5f, k.dsx, k.dtx, k.dsy, k.dty);
  }
  TexRequest r = w.Make(kGetLod, &c.img, nullptr, 20, &linear);
  r.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(r));
  const float x[5] = {0, 1, 2, 3, 0}, y[5] = {0, 1, 2, 3, -Inf()};
  for (uint32_t lane = 0; lane < 20; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(x[lane / 4])) << lane;
    EXPECT_EQ(w.out[1][lane], F(y[lane / 4])) << lane;
  }
  // SAMPLE_L with MIP LINEAR blends levels 0 and 1 of the 1D chain: (1-f)*c0 + f*c1 in codes,
  // then / 255.
  Wave s;
  const float lods[2] = {0.25f, 0.5f};
  for (uint32_t lane = 0; lane < 2; ++lane) {
    s.St(lane, 0.3f, NaN());
    s.lod[lane] = F(lods[lane]);
  }
  ExpectOk(reference::Execute(s.Make(kSampleL, &c.img, &c.g.memory, 2, &linear)));
  const auto c0 = Chain8::Level(0), c1 = Chain8::Level(1);
  for (uint32_t lane = 0; lane < 2; ++lane) {
    const float f = lods[lane];
    for (int ch = 0; ch < 4; ++ch) {
      // e.g. X at f = 0.25: 0.75 * 10 + 0.25 * 11 = 10.25.
      EXPECT_EQ(s.out[ch][lane], F(((1.0f - f) * c0[ch] + f * c1[ch]) / 255.0f)) << lane << ch;
    }
  }
  EXPECT_EQ(s.out[0][0], F(10.25f / 255.0f));
}

// GATHER4 on 1D: T(i0), T(i1), T(i1), T(i0). R32_UINT texels 11, 22, 33, 44; t = 100 and the
// offset's Y bits are not read (CLAMP_Y CLAMP_BORDER would make their rows the border, 1).
TEST(Reference1D, Gather4ReturnsI0I1I1I0) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_UINT, 4, 1);
  for (uint32_t i = 0; i < 4; ++i) g.Put<uint32_t>(0, 4, i, 0, 11 * (i + 1));
  for (ClampMode clamp_x : {ClampMode::kWrap, ClampMode::kClampBorder}) {
    SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone, clamp_x);
    smp.clamp_y = ClampMode::kClampBorder;
    smp.border_color_type = BorderColorType::kOpaqueWhite;
    Wave w;
    w.St(0, 0.5f, 100.0f);     // u - 0.5 = 1.5: i0 = 1, i1 = 2
    w.St(1, 0.3f, 100.0f);     // 0.7: i0 = 0, i1 = 1
    w.St(2, 0.9375f, 100.0f);  // 3.25: i0 = 3, i1 = 4 (WRAP: 0; CLAMP_BORDER: the border, 1)
    w.St(3, 0.5f, 100.0f);     // ox 1: i0 = 2, i1 = 3
    w.offset[3] = Off(1, -3);
    w.offset[0] = Off(0, 9);
    TexRequest r = w.Make(kGather4O, &img, &g.memory, 4, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    const uint32_t past = clamp_x == ClampMode::kWrap ? 11 : 1;
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{22, 33, 33, 22}));
    EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{11, 22, 22, 11}));
    EXPECT_EQ(w.Lane(2), (std::array<uint32_t, 4>{44, past, past, 44}));
    EXPECT_EQ(w.Lane(3), (std::array<uint32_t, 4>{33, 44, 44, 33}));
  }
}

// GATHER4H on 1D: the four columns of row 0. Texels 11, 22, 33, 44.
TEST(Reference1D, Gather4HReturnsFourColumns) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_UINT, 4, 1);
  for (uint32_t i = 0; i < 4; ++i) g.Put<uint32_t>(0, 4, i, 0, 11 * (i + 1));
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave w;
  w.St(0, 0.5f, 100.0f);  // u = 2: i0 = 1, columns 0..3 (t is not read)
  w.St(1, 0.0f, 0.0f);    // u = 0: i0 = -1, columns -2..1 wrap to 2, 3, 0, 1
  TexRequest r = w.Make(Op{OpKind::kGather4, kOpGather4H}, &img, &g.memory, 2, &smp);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{11, 22, 33, 44}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{33, 44, 11, 22}));
}

// _C on 1D compares each texel, then filters along x. Depths 0.1, 0.2, 0.3, 0.4; LESS (ref < D).
TEST(Reference1D, CompareFiltersAlongX) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  const float depth[4] = {0.1f, 0.2f, 0.3f, 0.4f};
  for (uint32_t i = 0; i < 4; ++i) g.Put<float>(0, 4, i, 0, depth[i]);
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                            ClampMode::kClampLastTexel);
  smp.depth_compare_func = CompareFunc::kLess;
  Wave w;
  w.St(0, 0.5f, NaN());  // i0 = 1 (0.2), i1 = 2 (0.3), a = 0.5
  w.zcompare[0] = F(0.25f);
  w.St(1, 0.4375f, NaN());  // u - 0.5 = 1.25: a = 0.25
  w.zcompare[1] = F(0.25f);
  w.St(2, 0.5f, NaN());
  w.zcompare[2] = F(0.05f);
  TexRequest r = w.Make(kSampleCLz, &img, &g.memory, 3, &smp);
  r.in.coord[1] = nullptr;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.out[0][0], F(0.5f * 0.0f + 0.5f * 1.0f));
  EXPECT_EQ(w.out[0][1], F(0.75f * 0.0f + 0.25f * 1.0f));
  EXPECT_EQ(w.out[0][2], F(1.0f));
  // GATHER4_C: the compare results of T(i0), T(i1), T(i1), T(i0).
  Wave gw;
  gw.St(0, 0.5f, 0.0f);
  gw.zcompare[0] = F(0.25f);
  TexRequest gr = gw.Make(kGather4CLz, &img, &g.memory, 1, &smp);
  gr.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(gr));
  EXPECT_EQ(gw.Lane(0), (std::array<uint32_t, 4>{0, kOne, kOne, 0}));
}

// 1D_ARRAY of 4 texels x 3 layers, R32_FLOAT: texel i of memory layer L is 100L + i, at byte
// 16L + 4i (one row per layer). Layer l = clamp(rne(coord[2]), 0, N - 1), NaN -> 0.
TEST(Reference1DArray, LayerSelectsTheRow) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1DArray, FormatId::kR32_FLOAT, 4, 1, 3);
  for (uint32_t l = 0; l < 3; ++l) {
    for (uint32_t i = 0; i < 4; ++i) g.Put<float>(0, 4, i, l, 100.0f * l + i);
  }
  const SamplerDesc point = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    float layer;
    uint32_t l;
  };
  const Case cases[] = {{0, 0},  {1, 1}, {2, 2},     {0.5f, 0},  {1.5f, 2},  {2.5f, 2},
                        {-1, 0}, {7, 2}, {NaN(), 0}, {1.49f, 1}, {Inf(), 2}, {-Inf(), 0}};
  constexpr uint32_t kLanes = sizeof(cases) / sizeof(cases[0]);
  Wave w;
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    w.St(lane, 0.625f, 0.0f);  // u = 2.5: texel 2
    w.layer[lane] = F(cases[lane].layer);
  }
  TexRequest r = w.Make(kSampleLz, &img, &g.memory, kLanes, &point);
  r.in.coord[1] = nullptr;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(100.0f * cases[lane].l + 2)) << "layer " << cases[lane].layer;
  }
  // BILINEAR in layer 1 (coord 1.2): u = 2, i0 = 1, i1 = 2, a = 0.5: 0.5*101 + 0.5*102.
  const SamplerDesc linear = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave b;
  b.St(0, 0.5f, 0.0f);
  b.layer[0] = F(1.2f);
  ExpectOk(reference::Execute(b.Make(kSampleLz, &img, &g.memory, 1, &linear)));
  EXPECT_EQ(b.out[0][0], F(0.5f * 101.0f + 0.5f * 102.0f));
  // A view of memory layers 1..2 (N = 2): view layer l is memory layer 1 + l.
  ImageDesc view = img;
  view.base_array = 1;
  const float layers[4] = {0, 1, 5, -2};
  const float expected[4] = {102, 202, 202, 102};
  Wave v;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    v.St(lane, 0.625f, 0.0f);
    v.layer[lane] = F(layers[lane]);
  }
  ExpectOk(reference::Execute(v.Make(kSampleLz, &view, &g.memory, 4, &point)));
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(v.out[0][lane], F(expected[lane])) << lane;
}

// 2x2 R32_FLOAT 2D_ARRAY of 4 layers: texel (x, y) of memory layer L is 100L + 10y + x, at byte
// 16L + 8y + 4x.
void Fill2DArray(Guest& g) {
  for (uint32_t l = 0; l < 4; ++l) {
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 2; ++x) g.Put<float>(16 * l, 2, x, y, 100.0f * l + 10.0f * y + x);
    }
  }
}

// rne rounds half to even (0.5 -> 0, 1.5 -> 2, 2.5 -> 2, 3.5 -> 4 -> clamped to 3); the layer is
// then clamped to [0, N - 1], NaN -> 0. Point samples of texel (1, 0) name the layer: 100L + 1.
TEST(Reference2DArray, LayerRoundsHalfToEvenAndClamps) {
  Guest g(4096);
  Fill2DArray(g);
  const ImageDesc img = Typed(ImageType::k2DArray, FormatId::kR32_FLOAT, 2, 2, 4);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    float layer;
    uint32_t memory_layer;
  };
  auto run = [&](const ImageDesc& image, const std::vector<Case>& cases) {
    Wave w;
    const auto lanes = static_cast<uint32_t>(cases.size());
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      w.St(lane, 0.75f, 0.25f);  // texel (1, 0)
      w.layer[lane] = F(cases[lane].layer);
    }
    ExpectOk(reference::Execute(w.Make(kSampleLz, &image, &g.memory, lanes, &smp)));
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      EXPECT_EQ(w.out[0][lane], F(100.0f * cases[lane].memory_layer + 1.0f))
          << "base_array " << image.base_array << " layer " << cases[lane].layer;
    }
  };
  run(img, {{0.5f, 0},
            {1.5f, 2},
            {2.5f, 2},
            {3.5f, 3},
            {0.49999997f, 0},
            {0.50000006f, 1},
            {1.0f, 1},
            {-0.5f, 0},
            {-0.6f, 0},
            {-2.0f, 0},
            {100.0f, 3},
            {2.4f, 2},
            {2.6f, 3},
            {NaN(), 0},
            {Inf(), 3},
            {-Inf(), 0},
            {1e30f, 3}});
  // View layers 1..2 of the 4 (N = 2): view layer l is memory layer 1 + l.
  ImageDesc view = img;
  view.base_array = 1;
  view.last_array = 2;
  run(view, {{0, 1}, {1, 2}, {0.5f, 1}, {1.5f, 2}, {-1, 1}, {NaN(), 1}, {9, 2}});
  // A one-layer view of memory layer 3: every coordinate reads it.
  view.base_array = 3;
  view.last_array = 3;
  run(view, {{0, 3}, {2, 3}, {-5, 3}, {NaN(), 3}, {0.5f, 3}});
}

// 2x2x3 R32_FLOAT 2D_ARRAY with 2 levels: level 0 at 0 (layer L at 16L) holds 8(L + 1) in every
// texel, level 1 (1x1) at 256 (layer L at 256 + 4L) holds 64(L + 1). MIP LINEAR blends the two
// levels of the lane's layer: (1-f)*c(d0) + f*c(d1).
TEST(Reference2DArray, MipLinearBlendsTheLayersOwnLevels) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k2DArray, FormatId::kR32_FLOAT, 2, 2, 3, 2);
  for (uint32_t l = 0; l < 3; ++l) {
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 2; ++x) g.Put<float>(16 * l, 2, x, y, 8.0f * (l + 1));
    }
    g.Put<float>(256 + 4 * l, 1, 0, 0, 64.0f * (l + 1));
  }
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  struct Case {
    float layer, lod, x;
  };
  const Case cases[] = {
      {0, 0.25f, 0.75f * 8 + 0.25f * 64},    // 22
      {1, 0.25f, 0.75f * 16 + 0.25f * 128},  // 44
      {2, 0.25f, 0.75f * 24 + 0.25f * 192},  // 66
      {1.4f, 0.5f, 0.5f * 16 + 0.5f * 128},  // layer 1: 72
      {2, 1.0f, 192},                        // lambda = M: f = 0, level 1 alone
      {2.5f, 0.0f, 24},                      // layer 2, level 0 alone
  };
  Wave w;
  for (uint32_t lane = 0; lane < 6; ++lane) {
    w.St(lane, 0.25f, 0.75f);
    w.layer[lane] = F(cases[lane].layer);
    w.lod[lane] = F(cases[lane].lod);
  }
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 6, &smp)));
  for (uint32_t lane = 0; lane < 6; ++lane) EXPECT_EQ(w.out[0][lane], F(cases[lane].x)) << lane;
  EXPECT_EQ(w.out[0][2], F(66.0f));

  // The layer takes no part in the LOD. Quad 0: ds/dx = 1 (W = 2: dudx = 2, lambda 1 = M: level
  // 1); quad 1: ds/dx = 0.5 (dudx = 1, lambda 0: level 0). Their layers differ wildly.
  Wave q;
  Quad(q, 0, 0.25f, 0.25f, 1.0f, 0, 0, 0);
  Quad(q, 1, 0.25f, 0.25f, 0.5f, 0, 0, 0);
  const float layers[8] = {0, 1, 2, 2, 0, 2, 100, NaN()};
  for (uint32_t lane = 0; lane < 8; ++lane) q.layer[lane] = F(layers[lane]);
  ExpectOk(reference::Execute(q.Make(kSample, &img, &g.memory, 8, &smp)));
  const float expected[8] = {64, 128, 192, 192, 8, 24, 24, 8};
  for (uint32_t lane = 0; lane < 8; ++lane) EXPECT_EQ(q.out[0][lane], F(expected[lane])) << lane;
  TexRequest r = q.Make(kGetLod, &img, nullptr, 8, &smp);
  r.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 8; ++lane) {
    const float lambda = lane < 4 ? 1.0f : 0.0f;
    EXPECT_EQ(q.out[0][lane], F(lambda)) << lane;  // LINEAR: min(max(lambda, 0), 1)
    EXPECT_EQ(q.out[1][lane], F(lambda)) << lane;
  }
}

// BILINEAR, GATHER4 and _C read the lane's layer (Fill2DArray: 100L + 10y + x). s = t = 0.5:
// i0 = j0 = 0, i1 = j1 = 1, a = b = 0.5, every weight 0.25.
TEST(Reference2DArray, BilinearGatherAndCompareReadTheLayer) {
  Guest g(4096);
  Fill2DArray(g);
  const ImageDesc img = Typed(ImageType::k2DArray, FormatId::kR32_FLOAT, 2, 2, 4);
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                            ClampMode::kClampLastTexel);
  auto bilinear = [](float l) {
    const float b = 100.0f * l;
    return ((0.25f * b + 0.25f * (b + 1)) + 0.25f * (b + 10)) + 0.25f * (b + 11);
  };
  Wave w;
  w.St(0, 0.5f, 0.5f);
  w.layer[0] = F(2.0f);
  w.St(1, 0.5f, 0.5f);
  w.layer[1] = F(0.6f);  // layer 1
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 2, &smp)));
  EXPECT_EQ(w.out[0][0], F(bilinear(2)));
  EXPECT_EQ(w.out[0][0], F(205.5f));
  EXPECT_EQ(w.out[0][1], F(bilinear(1)));

  // GATHER4: T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0) of the layer; 3.7 rounds to 4 -> 3.
  Wave gw;
  gw.St(0, 0.5f, 0.5f);
  gw.layer[0] = F(2.0f);
  gw.St(1, 0.5f, 0.5f);
  gw.layer[1] = F(3.7f);
  TexRequest gr = gw.Make(kGather4Lz, &img, &g.memory, 2, &smp);
  gr.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(gr));
  EXPECT_EQ(gw.Lane(0), (std::array<uint32_t, 4>{F(210), F(211), F(201), F(200)}));
  EXPECT_EQ(gw.Lane(1), (std::array<uint32_t, 4>{F(310), F(311), F(301), F(300)}));

  // _C, LESS with ref 205: in layer 2 only row 1 (210, 211) passes: w01 + w11 = 0.5; every texel
  // of layer 1 fails, every one of layer 3 passes.
  smp.depth_compare_func = CompareFunc::kLess;
  Wave cw;
  const float layers[3] = {2, 1, 3};
  for (uint32_t lane = 0; lane < 3; ++lane) {
    cw.St(lane, 0.5f, 0.5f);
    cw.layer[lane] = F(layers[lane]);
    cw.zcompare[lane] = F(205.0f);
  }
  ExpectOk(reference::Execute(cw.Make(kSampleCLz, &img, &g.memory, 3, &smp)));
  EXPECT_EQ(cw.out[0][0], F(((0.25f * 0 + 0.25f * 0) + 0.25f * 1) + 0.25f * 1));
  EXPECT_EQ(cw.out[0][1], F(0.0f));
  EXPECT_EQ(cw.out[0][2], F(1.0f));
  TexRequest cg = cw.Make(kGather4CLz, &img, &g.memory, 1, &smp);
  cg.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(cg));
  EXPECT_EQ(cw.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, 0, 0}));
}

// The sampler ops on the MSAA types are InvalidArgument naming T#.TYPE; the address and derivative
// operands the sampled types read must be there, and only those (dr/dx and dr/dy, and r in
// coord[2], on 3D alone; a CUBE's face in coord[2], its cube in coord[3] optional).
TEST(ReferenceTypes, SamplerOpsTypesAndOperands) {
  Guest g(4096);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Bad {
    ImageType type;
    const char* name;
  };
  const Bad bad[] = {{ImageType::k2DMsaa, "T#.TYPE=14 (2D_MSAA)"},
                     {ImageType::k2DMsaaArray, "T#.TYPE=15 (2D_MSAA_ARRAY)"}};
  for (const Bad& k : bad) {
    const ImageDesc img = Typed(k.type, FormatId::kR32_FLOAT, 2, 2, 6);
    for (Op op : {kSampleLz, kSampleD, kGather4, kGetLod}) {
      Wave w;
      const Status st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op) << " " << k.name;
      EXPECT_TRUE(Contains(st.message(), k.name)) << st.message();
      EXPECT_EQ(w.out[0][0], kSentinel);
    }
  }
  const ImageDesc one_d = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  const ImageDesc one_d_array = Typed(ImageType::k1DArray, FormatId::kR32_FLOAT, 4, 1, 2);
  const ImageDesc two_d_array = Typed(ImageType::k2DArray, FormatId::kR32_FLOAT, 2, 2, 2);
  const ImageDesc two_d = Typed(ImageType::k2D, FormatId::kR32_FLOAT, 2, 2);
  const ImageDesc three_d = Typed(ImageType::k3D, FormatId::kR32_FLOAT, 2, 2, 2);
  const ImageDesc cube = Typed(ImageType::kCube, FormatId::kR32_FLOAT, 2, 2, 6);
  struct Case {
    const ImageDesc* img;
    Op op;
    void (*drop)(TexRequest&);
    const char* missing;  // nullptr: the request is valid
  };
  const Case cases[] = {
      {&one_d, kSampleD,
       [](TexRequest& r) {
         r.in.coord[1] = r.in.coord[2] = r.in.deriv[0][1] = r.in.deriv[1][1] = nullptr;
       },
       nullptr},
      {&one_d, kGetLod, [](TexRequest& r) { r.in.coord[1] = nullptr; }, nullptr},
      {&one_d, kGather4, [](TexRequest& r) { r.in.coord[0] = nullptr; }, "coord[0]"},
      {&one_d, kSampleCd, [](TexRequest& r) { r.in.deriv[1][0] = nullptr; }, "deriv[1][0]"},
      {&one_d_array, kSampleCd,
       [](TexRequest& r) { r.in.coord[1] = r.in.deriv[0][1] = r.in.deriv[1][1] = nullptr; },
       nullptr},
      {&one_d_array, kSampleLz, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&one_d_array, kGetLod, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&two_d_array, kSampleLz, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&two_d_array, kGather4, [](TexRequest& r) { r.in.coord[1] = nullptr; }, "coord[1]"},
      {&two_d_array, kSampleD, [](TexRequest& r) { r.in.deriv[0][1] = nullptr; }, "deriv[0][1]"},
      {&two_d_array, kSampleCd, [](TexRequest& r) { r.in.deriv[1][1] = nullptr; }, "deriv[1][1]"},
      {&two_d_array, kSampleD, [](TexRequest& r) { r.in.deriv[0][2] = r.in.deriv[1][2] = nullptr; },
       nullptr},
      {&two_d, kSampleCd,
       [](TexRequest& r) { r.in.coord[2] = r.in.deriv[0][2] = r.in.deriv[1][2] = nullptr; },
       nullptr},
      {&three_d, kSampleD, [](TexRequest&) {}, nullptr},
      {&three_d, kSampleLz, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&three_d, kGather4, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&three_d, kGetLod, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&three_d, kSampleD, [](TexRequest& r) { r.in.deriv[0][2] = nullptr; }, "deriv[0][2]"},
      {&three_d, kSampleD, [](TexRequest& r) { r.in.deriv[1][2] = nullptr; }, "deriv[1][2]"},
      {&three_d, kSampleCd, [](TexRequest& r) { r.in.deriv[1][2] = nullptr; }, "deriv[1][2]"},
      {&three_d, kSampleCd, [](TexRequest& r) { r.in.deriv[0][1] = nullptr; }, "deriv[0][1]"},
      // The other sampler ops read no derivatives, r's neither.
      {&three_d, kSampleLz, [](TexRequest& r) { r.in.deriv[0][2] = r.in.deriv[1][2] = nullptr; },
       nullptr},
      // CUBE: s, t and the face (coord[2]) are read, the cube (coord[3]) is optional (null: cube
      // 0); _D and _CD read the face-local ds and dt only.
      {&cube, kSampleD,
       [](TexRequest& r) { r.in.coord[3] = r.in.deriv[0][2] = r.in.deriv[1][2] = nullptr; },
       nullptr},
      {&cube, kSampleLz, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&cube, kGetLod, [](TexRequest& r) { r.in.coord[2] = nullptr; }, "coord[2]"},
      {&cube, kGather4, [](TexRequest& r) { r.in.coord[1] = nullptr; }, "coord[1]"},
      {&cube, kSampleCd, [](TexRequest& r) { r.in.deriv[1][1] = nullptr; }, "deriv[1][1]"},
  };
  for (const Case& k : cases) {
    Wave w;
    TexRequest r = w.Make(k.op, k.img, &g.memory, 4, &smp);
    k.drop(r);
    const Status st = reference::Execute(r);
    if (k.missing == nullptr) {
      EXPECT_TRUE(st.ok()) << OpName(k.op) << " " << st.ToString();
      continue;
    }
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(k.op) << " " << k.missing;
    EXPECT_TRUE(Contains(st.message(), k.missing)) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
  }
}

// ============================================================================================
// 3D images: a third axis r through each level's depth d_L = max(1, depth >> L)

// A 2x2x4 3D image of 4-byte texels with 2 levels. Level 0 (2x2, d_0 = 4) at byte 0: rows of 8
// bytes, slices of 16 one after another, texel (x, y, k) = 100k + 10y + x at byte 16k + 8y + 4x.
// Level 1 (1x1, d_1 = max(1, 4 >> 1) = 2) at byte 256 (level 0's 64 bytes rounded up to 256):
// texel (0, 0, k) = 1000 + 100k at byte 256 + 4k.
template <typename T>
void FillVolume(Guest& g) {
  for (uint32_t k = 0; k < 4; ++k) {
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 2; ++x) g.Put<T>(16 * k, 2, x, y, T(100 * k + 10 * y + x));
    }
  }
  for (uint32_t k = 0; k < 2; ++k) g.Put<T>(256 + 4 * k, 1, 0, 0, T(1000 + 100 * k));
}

ImageDesc Volume(FormatId format = FormatId::kR32_FLOAT, uint32_t levels = 2) {
  return Typed(ImageType::k3D, format, 2, 2, 4, levels);
}

SamplerDesc ZSampler(XyFilter xy, ZFilter z, ClampMode clamp_z = ClampMode::kWrap,
                     MipFilter mip = MipFilter::kNone) {
  SamplerDesc s = Sampler(xy, xy, mip);
  s.z_filter = z;
  s.clamp_z = clamp_z;
  return s;
}

// Lane `lane` at (s, t, r); r is coord[2].
void Str(Wave& w, uint32_t lane, float s, float t, float r) {
  w.St(lane, s, t);
  w.layer[lane] = F(r);
}

// The offset dword of (ox, oy, oz): oz in bits 21:16, 6-bit two's complement like ox and oy.
uint32_t Off3(int ox, int oy, int oz) {
  return Off(ox, oy) | ((static_cast<uint32_t>(oz) & 0x3Fu) << 16);
}

// POINT z: k = floor(w) + oz with w = r * d_0 = 4r, then CLAMP_Z (WRAP). s = 0.75, t = 0.25 is
// texel (1, 0): the result is 100k + 1. Z_FILTER NONE with a POINT XY filter is POINT z too.
TEST(Reference3D, PointZReadsSliceFloorW) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  struct Case {
    float r;
    float x;
  };
  const Case cases[] = {
      {0.125f, 1},     // w = 0.5: k = 0
      {0.25f, 101},    // w = 1: k = 1 (LINEAR z would blend slices 0 and 1)
      {0.375f, 101},   // w = 1.5
      {0.5f, 201},     // w = 2
      {0.99f, 301},    // w = 3.96
      {1.125f, 1},     // w = 4.5: k = 4 wraps to 0
      {-0.125f, 301},  // w = -0.5: k = -1 wraps to 3
      {NaN(), 1},      // w = 0
      {1e30f, 1},      // w clamped to 2^24: 2^24 mod 4 = 0
      {-Inf(), 1},     // w = -2^24: 0
  };
  constexpr uint32_t kLanes = sizeof(cases) / sizeof(cases[0]);
  for (ZFilter z : {ZFilter::kPoint, ZFilter::kNone}) {
    const SamplerDesc smp = ZSampler(XyFilter::kPoint, z);
    Wave w;
    for (uint32_t lane = 0; lane < kLanes; ++lane) Str(w, lane, 0.75f, 0.25f, cases[lane].r);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, kLanes, &smp)));
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      EXPECT_EQ(w.out[0][lane], F(cases[lane].x)) << "r " << cases[lane].r;
    }
  }
  // Unnormalized: w = r (D = 1 and no scaling). (1.5, 0.5, 2.7) is texel (1, 0, 2).
  const SamplerDesc smp = ZSampler(XyFilter::kPoint, ZFilter::kPoint);
  Wave u;
  Str(u, 0, 1.5f, 0.5f, 2.7f);
  Str(u, 1, 0.5f, 1.5f, 3.2f);  // (0, 1, 3)
  TexRequest r = u.Make(kSampleLz, &img, &g.memory, 2, &smp);
  r.mods.unorm = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(u.out[0][0], F(201.0f));
  EXPECT_EQ(u.out[0][1], F(310.0f));
}

// LINEAR z: k0 = floor(w - 0.5), g = (w - 0.5) - k0, k1 = k0 + 1, c = (1-g)*c(k0) + g*c(k1) of the
// two slices' 2D results. POINT XY at texel (1, 0), so c(k) = 100k + 1.
TEST(Reference3D, LinearZBlendsTheTwoSlices) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const SamplerDesc smp = ZSampler(XyFilter::kPoint, ZFilter::kLinear);
  struct Case {
    float r;
    float x;
  };
  const Case cases[] = {
      {0.25f, 0.5f * 1 + 0.5f * 101},      // w = 1: k0 = 0, g = 0.5: 51
      {0.1875f, 0.75f * 1 + 0.25f * 101},  // w = 0.75: k0 = 0, g = 0.25: 26
      {0.625f, 1.0f * 201 + 0.0f * 301},   // w = 2.5: k0 = 2, g = 0
      {0.0f, 0.5f * 301 + 0.5f * 1},       // w = 0: k0 = -1 wraps to 3, k1 = 0: 151
      {0.9375f, 0.75f * 301 + 0.25f * 1},  // w = 3.75: k0 = 3, k1 = 4 wraps to 0: 226
  };
  Wave w;
  for (uint32_t lane = 0; lane < 5; ++lane) Str(w, lane, 0.75f, 0.25f, cases[lane].r);
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 5, &smp)));
  for (uint32_t lane = 0; lane < 5; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(cases[lane].x)) << "r " << cases[lane].r;
  }
  EXPECT_EQ(w.out[0][0], F(51.0f));
  EXPECT_EQ(w.out[0][4], F(226.0f));

  // kHardware quantises g like a: r = 0.2 gives w = 0.8000000119 (0.2f * 4, exact), w - 0.5 =
  // 0.3000000119 (exact), k0 = 0; kFloat keeps g, kHardware takes floor(76.8) / 256 = 0.296875:
  // 0.703125 * 1 + 0.296875 * 101 = 30.6875.
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    Wave h;
    Str(h, 0, 0.75f, 0.25f, 0.2f);
    TexRequest r = h.Make(kSampleLz, &img, &g.memory, 1, &smp);
    r.precision = mode;
    ExpectOk(reference::Execute(r));
    const float gf = 0.2f * 4.0f - 0.5f;
    const float expected =
        mode == PrecisionMode::kFloat ? (1.0f - gf) * 1.0f + gf * 101.0f : 30.6875f;
    EXPECT_EQ(h.out[0][0], F(expected));
  }

  // Per-level depth and the mip blend: _L with lod 0.5, MIP LINEAR, r = 0.25. Level 0: w = 1,
  // 51 as above. Level 1 (d_1 = 2): w = 0.5, k0 = 0, g = 0, k1 = 1: 1 * 1000 + 0 * 1100.
  // Blend: 0.5 * 51 + 0.5 * 1000 = 525.5.
  const SamplerDesc mip =
      ZSampler(XyFilter::kPoint, ZFilter::kLinear, ClampMode::kWrap, MipFilter::kLinear);
  Wave m;
  Str(m, 0, 0.75f, 0.25f, 0.25f);
  m.lod[0] = F(0.5f);
  // lod 1 = M: f = 0, level 1 alone; w = 2 * 1.0 = 2: k0 = 1, g = 0.5, k1 = 2 wraps to 0 in d_1
  // = 2.
  Str(m, 1, 0.75f, 0.25f, 1.0f);
  m.lod[1] = F(1.0f);
  ExpectOk(reference::Execute(m.Make(kSampleL, &img, &g.memory, 2, &mip)));
  EXPECT_EQ(m.out[0][0], F(0.5f * (0.5f * 1 + 0.5f * 101) + 0.5f * (1.0f * 1000 + 0.0f * 1100)));
  EXPECT_EQ(m.out[0][0], F(525.5f));
  EXPECT_EQ(m.out[0][1], F(0.5f * 1100 + 0.5f * 1000));
}

// The Z filter follows Z_FILTER, or for NONE the lane's XY filter (BILINEAR: LINEAR z, POINT:
// POINT z); integer formats are always POINT z. At s = t = 0.5 BILINEAR weighs the four texels of
// a slice by 0.25: ((0.25*b + 0.25*(b+1)) + 0.25*(b+10)) + 0.25*(b+11) = b + 5.5 for b = 100k;
// POINT reads texel (1, 1) (u = v = 1), 100k + 11. r = 0.25: w = 1, POINT k = 1, LINEAR k0 = 0,
// k1 = 1, g = 0.5.
TEST(Reference3D, ZFilterNoneFollowsTheXyFilter) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  auto bilinear = [](float b) {
    return ((0.25f * b + 0.25f * (b + 1)) + 0.25f * (b + 10)) + 0.25f * (b + 11);
  };
  const float linear_z = 0.5f * bilinear(0) + 0.5f * bilinear(100);  // 55.5
  EXPECT_EQ(linear_z, 55.5f);
  struct Case {
    XyFilter mag, min;
    ZFilter z;
    float lod;  // 0: magnification, 0.5: minification (MIP_FILTER NONE reads level 0 anyway)
    float x;
  };
  const Case cases[] = {
      {XyFilter::kBilinear, XyFilter::kBilinear, ZFilter::kNone, 0, linear_z},
      {XyFilter::kAnisoBilinear, XyFilter::kPoint, ZFilter::kNone, 0, linear_z},
      {XyFilter::kBilinear, XyFilter::kBilinear, ZFilter::kPoint, 0, bilinear(100)},  // 105.5
      {XyFilter::kPoint, XyFilter::kPoint, ZFilter::kLinear, 0, 0.5f * 11 + 0.5f * 111},
      {XyFilter::kPoint, XyFilter::kPoint, ZFilter::kNone, 0, 111},
      // The lane's own XY filter: BILINEAR mag, POINT min. Minified: POINT xy and POINT z.
      {XyFilter::kBilinear, XyFilter::kPoint, ZFilter::kNone, 0.5f, 111},
      {XyFilter::kBilinear, XyFilter::kPoint, ZFilter::kNone, 0, linear_z},
      {XyFilter::kPoint, XyFilter::kBilinear, ZFilter::kNone, 0.5f, linear_z},
      {XyFilter::kBilinear, XyFilter::kPoint, ZFilter::kLinear, 0.5f, 0.5f * 11 + 0.5f * 111},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = ZSampler(k.mag, k.z);
    smp.xy_min_filter = k.min;
    Wave w;
    Str(w, 0, 0.5f, 0.5f, 0.25f);
    w.lod[0] = F(k.lod);
    ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(k.x))
        << "mag " << int(k.mag) << " min " << int(k.min) << " z " << int(k.z) << " lod " << k.lod;
  }

  // R32_UINT: never filtered, so Z_FILTER LINEAR with BILINEAR XY reads texel (1, 1, 1).
  Guest gu(4096);
  FillVolume<uint32_t>(gu);
  const ImageDesc uimg = Volume(FormatId::kR32_UINT);
  const SamplerDesc smp = ZSampler(XyFilter::kBilinear, ZFilter::kLinear);
  Wave u;
  Str(u, 0, 0.5f, 0.5f, 0.25f);
  Str(u, 1, 0.5f, 0.5f, 0.125f);  // w = 0.5: slice 0
  ExpectOk(reference::Execute(u.Make(kSampleLz, &uimg, &gu.memory, 2, &smp)));
  EXPECT_EQ(u.out[0][0], 111u);
  EXPECT_EQ(u.out[0][1], 11u);
}

// LINEAR z blends codes: the division by 255 comes once, after the blend. A 1x1x2 R8G8B8A8_UNORM
// image, slice k at byte 4k, with X codes 1 and 2; r = 0.375: w = 0.75, k0 = 0, g = 0.25:
// (0.75 * 1 + 0.25 * 2) / 255 = 1.25 / 255 (dividing each slice first gives other bits).
TEST(Reference3D, LinearZBlendsCodesBeforeTheDivision) {
  Guest g(4096);
  g.Put8(0, 1, 0, 0, {1, 0, 0, 255});
  g.Put8(4, 1, 0, 0, {2, 0, 0, 255});
  const ImageDesc img = Typed(ImageType::k3D, FormatId::kR8G8B8A8_UNORM, 1, 1, 2);
  const SamplerDesc smp = ZSampler(XyFilter::kPoint, ZFilter::kLinear);
  Wave w;
  Str(w, 0, 0.5f, 0.5f, 0.375f);
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.out[0][0], F(1.25f / 255.0f));
  EXPECT_NE(w.out[0][0], F(0.75f * (1 / 255.0f) + 0.25f * (2 / 255.0f)));
  EXPECT_EQ(w.out[3][0], F(1.0f));
}

// S# CLAMP_Z maps the z index like CLAMP_X maps i, at both ends (k = -1 and k = d_0 = 4), and a
// border slice reads the border color. POINT XY at texel (1, 0): slice k gives 100k + 1. REGISTER
// border: table entry 1 = (7, 8, 9, 10).
TEST(Reference3D, ClampZModesAtBothEnds) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const BorderTable table = {{{0, 0, 0, 0}, {F(7), F(8), F(9), F(10)}}};
  struct Case {
    ClampMode mode;
    ZFilter z;
    float r;
    float x;
  };
  const Case cases[] = {
      {ClampMode::kWrap, ZFilter::kPoint, -0.125f, 301},            // k = -1 -> 3
      {ClampMode::kWrap, ZFilter::kPoint, 1.125f, 1},               // k = 4 -> 0
      {ClampMode::kClampLastTexel, ZFilter::kPoint, -0.125f, 1},    // -> 0
      {ClampMode::kClampLastTexel, ZFilter::kPoint, 1.125f, 301},   // -> 3
      {ClampMode::kMirror, ZFilter::kPoint, -0.125f, 1},            // -1 mod 8 = 7 -> 0
      {ClampMode::kMirror, ZFilter::kPoint, 1.125f, 301},           // 4 -> 8 - 1 - 4 = 3
      {ClampMode::kClampBorder, ZFilter::kPoint, -0.125f, 7},       // border
      {ClampMode::kClampBorder, ZFilter::kPoint, 1.125f, 7},        // border
      {ClampMode::kClampBorder, ZFilter::kPoint, 0.5f, 201},        // k = 2
      {ClampMode::kMirrorOnceBorder, ZFilter::kPoint, -0.125f, 1},  // m = 0
      {ClampMode::kMirrorOnceBorder, ZFilter::kPoint, 1.125f, 7},   // m = 4: border
      // Half border, POINT: w clamped to [0, 4], k = min(floor(w), 3): never the border.
      {ClampMode::kClampHalfBorder, ZFilter::kPoint, 1.0f, 301},
      {ClampMode::kClampHalfBorder, ZFilter::kPoint, 5.0f, 301},
      {ClampMode::kClampHalfBorder, ZFilter::kPoint, -3.0f, 1},
      // LINEAR z at the ends: r = 0 -> w = 0, k0 = -1 (border), k1 = 0, g = 0.5; r = 1 -> w = 4,
      // k0 = 3, k1 = 4 (border).
      {ClampMode::kClampBorder, ZFilter::kLinear, 0.0f, 0.5f * 7 + 0.5f * 1},     // 4
      {ClampMode::kClampBorder, ZFilter::kLinear, 1.0f, 0.5f * 301 + 0.5f * 7},   // 154
      {ClampMode::kClampLastTexel, ZFilter::kLinear, 0.0f, 0.5f * 1 + 0.5f * 1},  // 1
      {ClampMode::kClampLastTexel, ZFilter::kLinear, 1.0f, 0.5f * 301 + 0.5f * 301},
      // Half border, LINEAR: w clamped first, so r = 1.5 is w = 4 and r = -1 is w = 0.
      {ClampMode::kClampHalfBorder, ZFilter::kLinear, 1.5f, 0.5f * 301 + 0.5f * 7},
      {ClampMode::kClampHalfBorder, ZFilter::kLinear, -1.0f, 0.5f * 7 + 0.5f * 1},
      // MIRROR_ONCE_HALF_BORDER: w clamped to [-4, 4]; r = -2 is w = -4: k0 = -5 (m = 4, border),
      // k1 = -4 (m = 3), g = 0.5.
      {ClampMode::kMirrorOnceHalfBorder, ZFilter::kLinear, -2.0f, 0.5f * 7 + 0.5f * 301},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = ZSampler(XyFilter::kPoint, k.z, k.mode);
    smp.border_color_type = BorderColorType::kRegister;
    smp.border_color_ptr = 1;
    Wave w;
    Str(w, 0, 0.75f, 0.25f, k.r);
    ExpectOk(reference::Execute(WithTable(w.Make(kSampleLz, &img, &g.memory, 1, &smp), table)));
    EXPECT_EQ(w.out[0][0], F(k.x))
        << "CLAMP_Z " << int(k.mode) << " Z_FILTER " << int(k.z) << " r " << k.r;
  }
  // OPAQUE_WHITE gives all four channels of a border slice, (1, 1, 1, 1); a texel of R32_FLOAT
  // is (x, 0, 0, 1).
  SamplerDesc white = ZSampler(XyFilter::kPoint, ZFilter::kPoint, ClampMode::kClampBorder);
  white.border_color_type = BorderColorType::kOpaqueWhite;
  Wave w;
  Str(w, 0, 0.75f, 0.25f, 1.125f);
  Str(w, 1, 0.75f, 0.25f, 0.875f);  // k = 3
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 2, &white)));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{F(301), 0, 0, kOne}));
}

// CLAMP_Z and Z_FILTER are S# fields of 3D alone: out-of-range values and a border CLAMP_Z whose
// REGISTER color is past the table's end are InvalidArgument on 3D, and not read on 2D.
TEST(Reference3D, ZFieldsAreValidatedOn3DOnly) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc vol = Volume();
  const ImageDesc flat = Typed(ImageType::k2D, FormatId::kR32_FLOAT, 2, 2);
  struct Case {
    void (*set)(SamplerDesc&);
    const char* error;
  };
  const Case cases[] = {
      {[](SamplerDesc& s) { s.clamp_z = static_cast<ClampMode>(8); }, "S#.CLAMP_Z=8"},
      {[](SamplerDesc& s) { s.z_filter = static_cast<ZFilter>(3); }, "S#.Z_FILTER=3"},
      {[](SamplerDesc& s) {
         s.clamp_z = ClampMode::kMirrorOnceBorder;
         s.border_color_type = BorderColorType::kRegister;
         s.border_color_ptr = 2;
       },
       "S#.BORDER_COLOR_PTR=2"},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = ZSampler(XyFilter::kPoint, ZFilter::kPoint);
    k.set(smp);
    for (Op op : {kSampleLz, kGather4Lz, kGetLod}) {
      Wave w;
      Str(w, 0, 0.75f, 0.25f, 0.5f);
      Status st = reference::Execute(w.Make(op, &vol, &g.memory, 1, &smp));
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op) << " " << k.error;
      EXPECT_TRUE(Contains(st.message(), k.error)) << st.message();
      EXPECT_EQ(w.out[0][0], kSentinel);
      ExpectOk(reference::Execute(w.Make(op, &flat, &g.memory, 1, &smp)));
    }
  }
}

// oz = bits 21:16 of the offset dword, added to the z index before CLAMP_Z (WRAP here). s = t =
// 0.25 is texel (0, 0); r = 0.125 is k = 0: slice k + oz gives 100(k + oz) + 10j + i.
TEST(Reference3D, OffsetZMovesTheSlice) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const SamplerDesc point = ZSampler(XyFilter::kPoint, ZFilter::kPoint);
  struct Case {
    uint32_t offset;
    float x;
  };
  const Case cases[] = {
      {Off3(0, 0, 2), 200},
      {Off3(0, 0, -1), 300},               // k = -1 wraps to 3
      {Off3(1, 1, 1), 111},                // (1, 1, 1)
      {Off3(0, 0, 31), 300},               // 31 mod 4 = 3
      {Off3(0, 0, -32), 0},                // -32 mod 4 = 0
      {Off3(0, 0, 1) | 0xFFC0C0C0u, 100},  // bits 7:6, 15:14 and 31:22 are ignored
  };
  constexpr uint32_t kLanes = sizeof(cases) / sizeof(cases[0]);
  Wave w;
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    Str(w, lane, 0.25f, 0.25f, 0.125f);
    w.offset[lane] = cases[lane].offset;
  }
  ExpectOk(reference::Execute(w.Make(kSampleLzO, &img, &g.memory, kLanes, &point)));
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(cases[lane].x)) << std::hex << cases[lane].offset;
  }
  // LINEAR z: r = 0.25 (w = 1), oz = 1: k0 = 0 + 1, k1 = 2, g = 0.5.
  const SamplerDesc linear = ZSampler(XyFilter::kPoint, ZFilter::kLinear);
  Wave l;
  Str(l, 0, 0.25f, 0.25f, 0.25f);
  l.offset[0] = Off3(0, 0, 1);
  ExpectOk(reference::Execute(l.Make(kSampleLzO, &img, &g.memory, 1, &linear)));
  EXPECT_EQ(l.out[0][0], F(0.5f * 100 + 0.5f * 200));
  // CLAMP_HALF_BORDER: r = 1 is w = 4, k = min(4, 3) + oz: the border only through the offset.
  SamplerDesc half = ZSampler(XyFilter::kPoint, ZFilter::kPoint, ClampMode::kClampHalfBorder);
  half.border_color_type = BorderColorType::kOpaqueWhite;
  Wave h;
  Str(h, 0, 0.25f, 0.25f, 1.0f);
  h.offset[0] = Off3(0, 0, 0);
  Str(h, 1, 0.25f, 0.25f, 1.0f);
  h.offset[1] = Off3(0, 0, 1);
  ExpectOk(reference::Execute(h.Make(kSampleLzO, &img, &g.memory, 2, &half)));
  EXPECT_EQ(h.out[0][0], F(300.0f));
  EXPECT_EQ(h.out[0][1], kOne);
}

// Implicit LOD with r alone: s and t are the same in every lane, so dudx = dvdx = dudy = dvdy = 0
// and rx = dwdx^2, ry = dwdy^2 with dwdx = (r[TR] - r[TL]) * 4. MIP POINT. s = 0.75, t = 0.25
// reads texel (1, 0) of level 0 (100k + 1) and (0, 0) of level 1 (1000 + 100k, d_1 = 2: w = 2r).
TEST(Reference3D, ImplicitLodFromR) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const SamplerDesc smp =
      ZSampler(XyFilter::kPoint, ZFilter::kPoint, ClampMode::kWrap, MipFilter::kPoint);
  const float r[13] = {
      0,    0.5f,  0,    0.875f,  // quad 0: dwdx = 2, rx = 4: lambda 1, level 1
      0,    0.25f, 0,    0.6f,    // quad 1: dwdx = 1: lambda 0, level 0
      0.5f, 0.5f,  1.0f, 1.0f,    // quad 2: dwdy = 2, ry = 4: lambda 1, level 1
      0.5f,                       // quad 3 is cut short: its missing lanes take r of the top-left
  };
  Wave w;
  for (uint32_t lane = 0; lane < 13; ++lane) Str(w, lane, 0.75f, 0.25f, r[lane]);
  ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 13, &smp)));
  const float expected[13] = {
      1000, 1100, 1000, 1100,  // level 1: w = 0, 1, 0, 1.75
      1,    101,  1,    201,   // level 0: w = 0, 1, 0, 2.4
      1100, 1100, 1000, 1000,  // level 1: w = 1, 1, 2 (wraps to 0 in d_1 = 2), 2
      201,                     // lambda = log2(0) / 2 = -inf -> MIN_LOD 0: level 0, w = 2
  };
  for (uint32_t lane = 0; lane < 13; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(expected[lane])) << lane;
  }
  // GET_LOD of the same quads: y = lambda, x = the POINT level.
  TexRequest q = w.Make(kGetLod, &img, nullptr, 13, &smp);
  q.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(q));
  const float y[4] = {1, 0, 1, -Inf()};
  const float x[4] = {1, 0, 1, 0};
  for (uint32_t lane = 0; lane < 13; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(x[lane / 4])) << lane;
    EXPECT_EQ(w.out[1][lane], F(y[lane / 4])) << lane;
  }
}

// GET_LOD on 3D with all three axes, MIP LINEAR (x = min(max(lambda, 0), M = 1)). Quad 0: ds/dx =
// 0.5 (dudx = 1) and dr/dx = 0.25 (dwdx = 1): rx = (1 + 0) + 1 = 2, lambda 0.5. Quad 1: dt/dy = 1
// (dvdy = 2), dr/dy = 0.5 (dwdy = 2): ry = (0 + 4) + 4 = 8, lambda 1.5. Unnormalized (W = H = D =
// 1): r steps of 2 give dwdx = 2, lambda 1, and x = 0 (step 5).
TEST(Reference3D, GetLodCombinesTheThreeAxes) {
  const ImageDesc img = Volume();
  const SamplerDesc smp =
      ZSampler(XyFilter::kPoint, ZFilter::kPoint, ClampMode::kWrap, MipFilter::kLinear);
  Wave w;
  Quad(w, 0, 0.25f, 0.25f, 0.5f, 0, 0, 0);
  Quad(w, 1, 0.25f, 0.25f, 0, 0, 0, 1.0f);
  const float r[8] = {0, 0.25f, 0, 0.25f, 0, 0, 0.5f, 0.5f};
  for (uint32_t lane = 0; lane < 8; ++lane) w.layer[lane] = F(r[lane]);
  TexRequest q = w.Make(kGetLod, &img, nullptr, 8, &smp);
  q.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(q));
  for (uint32_t lane = 0; lane < 8; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(lane < 4 ? 0.5f : 1.0f)) << lane;
    EXPECT_EQ(w.out[1][lane], F(lane < 4 ? 0.5f : 1.5f)) << lane;
  }
  Wave u;
  const float ur[4] = {0, 2, 0, 2};
  for (uint32_t lane = 0; lane < 4; ++lane) Str(u, lane, 1.0f, 1.0f, ur[lane]);
  TexRequest uq = u.Make(kGetLod, &img, nullptr, 4, &smp);
  uq.mods.dmask = 0b0011;
  uq.mods.unorm = true;
  ExpectOk(reference::Execute(uq));
  for (uint32_t lane = 0; lane < 4; ++lane) {
    EXPECT_EQ(u.out[0][lane], F(0.0f)) << lane;
    EXPECT_EQ(u.out[1][lane], F(1.0f)) << lane;
  }
}

// _D reads dr/dx = deriv[0][2] and dr/dy = deriv[1][2] (dwdx = dr/dx * 4); _CD takes all six of the
// quad's top-left lane. MIP POINT; every lane at (0.75, 0.25, 0.5): level 0 gives texel (1, 0, 2)
// = 201, level 1 (d_1 = 2, w = 1) gives 1100.
TEST(Reference3D, ExplicitDerivativesReadDr) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const SamplerDesc smp =
      ZSampler(XyFilter::kPoint, ZFilter::kPoint, ClampMode::kWrap, MipFilter::kPoint);
  struct Case {
    float dsx, drx, dry;
  };
  const Case cases[8] = {
      {0, 0.5f, 0},      // dwdx = 2: lambda 1
      {0, 0, 0.25f},     // dwdy = 1: lambda 0
      {0.5f, 0.25f, 0},  // rx = (1 + 0) + 1 = 2: lambda 0.5, POINT floor(1.0): level 1
      {0, 0, -0.5f},     // dwdy = -2: lambda 1
      {0, 0, 0},         // lambda -inf: level 0
      {0, 0.5f, 0},      // lambda 1 (its own: _D)
      {0, 0, 0},        {0, 0, 0},
  };
  Wave w;
  for (uint32_t lane = 0; lane < 8; ++lane) {
    Str(w, lane, 0.75f, 0.25f, 0.5f);
    w.deriv[0][0][lane] = F(cases[lane].dsx);
    w.deriv[0][2][lane] = F(cases[lane].drx);
    w.deriv[1][2][lane] = F(cases[lane].dry);
  }
  ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 8, &smp)));
  const float d[8] = {1100, 201, 1100, 1100, 201, 1100, 201, 201};
  for (uint32_t lane = 0; lane < 8; ++lane) EXPECT_EQ(w.out[0][lane], F(d[lane])) << lane;
  // _CD: quad 0 takes lane 0's (lambda 1), quad 1 lane 4's (lambda -inf).
  ExpectOk(reference::Execute(w.Make(kSampleCd, &img, &g.memory, 8, &smp)));
  for (uint32_t lane = 0; lane < 8; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(lane < 4 ? 1100.0f : 201.0f)) << lane;
  }
}

// _C on 3D: every texel of both slices is compared before the weights. LESS (ref < D), POINT XY
// at texel (1, 0) (D = 100k + 1), ref = 50: slice 0 fails, slices 1..3 pass.
TEST(Reference3D, CompareFiltersAcrossSlices) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  struct Case {
    XyFilter xy;
    ZFilter z;
    ClampMode clamp_z;
    float s, t, r, ref, x;
  };
  const Case cases[] = {
      {XyFilter::kPoint, ZFilter::kLinear, ClampMode::kWrap, 0.75f, 0.25f, 0.25f, 50,
       0.5f * 0 + 0.5f * 1},  // k0 = 0, k1 = 1, g = 0.5
      {XyFilter::kPoint, ZFilter::kLinear, ClampMode::kWrap, 0.75f, 0.25f, 0.1875f, 50,
       0.75f * 0 + 0.25f * 1},  // g = 0.25
      {XyFilter::kPoint, ZFilter::kPoint, ClampMode::kWrap, 0.75f, 0.25f, 0.25f, 50, 1},   // k = 1
      {XyFilter::kPoint, ZFilter::kPoint, ClampMode::kWrap, 0.75f, 0.25f, 0.125f, 50, 0},  // k = 0
      // BILINEAR at s = t = 0.5, ref 105, Z_FILTER NONE (so LINEAR z): slice 0 (0, 1, 10, 11)
      // all fail; slice 1 (100, 101, 110, 111): only row 1 passes, w01 + w11.
      {XyFilter::kBilinear, ZFilter::kNone, ClampMode::kWrap, 0.5f, 0.5f, 0.25f, 105,
       0.5f * 0 + 0.5f * (((0.25f * 0 + 0.25f * 0) + 0.25f * 1) + 0.25f * 1)},
      // OPAQUE_WHITE border slice: D = 1.0 fails 50 < 1. r = 1: k0 = 3 passes, k1 = 4 border.
      {XyFilter::kPoint, ZFilter::kLinear, ClampMode::kClampBorder, 0.75f, 0.25f, 1.0f, 50,
       0.5f * 1 + 0.5f * 0},
      // ref 0.5 passes against the border's D = 1.0 (k = 4).
      {XyFilter::kPoint, ZFilter::kPoint, ClampMode::kClampBorder, 0.75f, 0.25f, 1.125f, 0.5f, 1},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = ZSampler(k.xy, k.z, k.clamp_z);
    smp.border_color_type = BorderColorType::kOpaqueWhite;
    smp.depth_compare_func = CompareFunc::kLess;
    Wave w;
    Str(w, 0, k.s, k.t, k.r);
    w.zcompare[0] = F(k.ref);
    ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(k.x)) << "r " << k.r << " ref " << k.ref;
  }
  // GATHER4_C in the POINT z slice: s = t = 0.5, r = 0.25 (k = 1): T(0,1) = 110, T(1,1) = 111,
  // T(1,0) = 101, T(0,0) = 100 against ref 105.
  SamplerDesc smp = ZSampler(XyFilter::kBilinear, ZFilter::kLinear);
  smp.depth_compare_func = CompareFunc::kLess;
  Wave gw;
  Str(gw, 0, 0.5f, 0.5f, 0.25f);
  gw.zcompare[0] = F(105.0f);
  TexRequest gr = gw.Make(kGather4CLz, &img, &g.memory, 1, &smp);
  gr.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(gr));
  EXPECT_EQ(gw.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, 0, 0}));
}

// GATHER4 gathers the 2x2 footprint (s = t = 0.5: i0 = j0 = 0, i1 = j1 = 1) in the POINT z slice
// k = floor(w) + oz whatever Z_FILTER says (LINEAR here), in the order T(i0, j1), T(i1, j1),
// T(i1, j0), T(i0, j0): slice k gives 100k + (10, 11, 1, 0).
TEST(Reference3D, Gather4ReadsThePointZSlice) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  auto slice = [](float k) {
    const float b = 100 * k;
    return std::array<uint32_t, 4>{F(b + 10), F(b + 11), F(b + 1), F(b)};
  };
  struct Case {
    ClampMode clamp_z;
    float r;
    uint32_t offset;
    std::array<uint32_t, 4> data;
  };
  const Case cases[] = {
      {ClampMode::kWrap, 0.25f, 0, slice(1)},   // w = 1: k = 1 (LINEAR's k0 would be 0)
      {ClampMode::kWrap, 0.375f, 0, slice(1)},  // w = 1.5
      {ClampMode::kWrap, 0.125f, 0, slice(0)},
      {ClampMode::kWrap, -0.125f, 0, slice(3)},  // k = -1 wraps to 3
      {ClampMode::kWrap, 0.125f, Off3(0, 0, 2), slice(2)},
      {ClampMode::kClampBorder, 0.875f, 0, slice(3)},
      {ClampMode::kClampBorder, 1.125f, 0, {kOne, kOne, kOne, kOne}},  // k = 4: a border slice
      {ClampMode::kClampHalfBorder, 1.0f, 0, slice(3)},                // k = min(4, 3)
      {ClampMode::kClampHalfBorder, 1.0f, Off3(0, 0, 1), {kOne, kOne, kOne, kOne}},
  };
  for (const Case& k : cases) {
    SamplerDesc smp = ZSampler(XyFilter::kBilinear, ZFilter::kLinear, k.clamp_z);
    smp.border_color_type = BorderColorType::kOpaqueWhite;
    Wave w;
    Str(w, 0, 0.5f, 0.5f, k.r);
    w.offset[0] = k.offset;
    TexRequest r = w.Make(Op{OpKind::kGather4, kOpLz | kOpOffset}, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), k.data) << "CLAMP_Z " << int(k.clamp_z) << " r " << k.r;
  }
  // The gather level (here _L, lod 1: level 1, 1x1 with d_1 = 2): its footprint wraps onto its
  // one texel; w = 2r.
  const SamplerDesc smp =
      ZSampler(XyFilter::kBilinear, ZFilter::kLinear, ClampMode::kWrap, MipFilter::kPoint);
  Wave l;
  Str(l, 0, 0.5f, 0.5f, 0.75f);  // w = 1.5: k = 1
  Str(l, 1, 0.5f, 0.5f, 0.25f);  // w = 0.5: k = 0
  for (uint32_t lane = 0; lane < 2; ++lane) l.lod[lane] = F(1.0f);
  TexRequest r = l.Make(kGather4L, &img, &g.memory, 2, &smp);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(l.Lane(0), (std::array<uint32_t, 4>{F(1100), F(1100), F(1100), F(1100)}));
  EXPECT_EQ(l.Lane(1), (std::array<uint32_t, 4>{F(1000), F(1000), F(1000), F(1000)}));
}

// ============================================================================================
// CUBE: face-local s, t on face F = clamp(rne(coord[2]), 0, 5) of cube K = clamp(rne(coord[3]),
// 0, C - 1), memory layer base_array + 6K + F. Faces +X -X +Y -Y +Z -Z = 0..5; the contract's
// face table (ma the outward normal, sc and tc the directions of growing s and t):
//   0 +X: ma +x, sc -z, tc -y      1 -X: ma -x, sc +z, tc -y
//   2 +Y: ma +y, sc +x, tc +z      3 -Y: ma -y, sc +x, tc -z
//   4 +Z: ma +z, sc +x, tc -y      5 -Z: ma -z, sc -x, tc -y
// The centre of texel (i, j) of a face n texels across is P = ma + cs * sc + ct * tc with
// cs = (2i + 1) / n - 1, ct = (2j + 1) / n - 1; an edge texel (one index -1 or n) is read from the
// face f' whose ma is P's largest component, at i' = floor(s' * n), s' = (P.sc' / |P.ma'| + 1) / 2,
// and j' likewise from tc'.

// The value of texel (i, j) of memory layer l in the cubes below: 100 l + 10 j + i.
float CubeValue(uint32_t l, uint32_t i, uint32_t j) { return 100.0f * l + 10.0f * j + i; }

// Level 0 of an n x n cube of 4-byte texels (float or uint32_t) with `layers` faces: memory
// layer l is a slice of n rows of n texels at byte 4 n^2 l, texel (i, j) = CubeValue(l, i, j).
template <typename T>
void FillCube(Guest& g, uint32_t n, uint32_t layers) {
  for (uint32_t l = 0; l < layers; ++l) {
    for (uint32_t j = 0; j < n; ++j) {
      for (uint32_t i = 0; i < n; ++i) g.Put<T>(4 * n * n * l, n, i, j, T(CubeValue(l, i, j)));
    }
  }
}

ImageDesc CubeImage(uint32_t n, uint32_t layers, uint32_t levels = 1,
                    FormatId format = FormatId::kR32_FLOAT) {
  return Typed(ImageType::kCube, format, n, n, layers, levels);
}

// A wave with the cube operand coord[3] too.
struct CubeWave : Wave {
  uint32_t cube[kMaxLanes] = {};
  // Lane `lane` at face-local (s, t) on face `face` of cube `k` (all floats).
  void At(uint32_t lane, float sv, float tv, float face, float k = 0.0f) {
    St(lane, sv, tv);
    layer[lane] = F(face);
    cube[lane] = F(k);
  }
  TexRequest MakeCube(Op op, const ImageDesc* image, const Memory* memory, uint32_t lanes,
                      const SamplerDesc* sampler) {
    TexRequest r = Make(op, image, memory, lanes, sampler);
    r.in.coord[3] = cube;
    return r;
  }
};

// BILINEAR of the texels T(i0, j0), T(i1, j0), T(i0, j1), T(i1, j1) with fractions a, b, in the
// contract's order: ((w00 T00 + w10 T10) + w01 T01) + w11 T11.
float Bilerp(float a, float b, float t00, float t10, float t01, float t11) {
  const float w00 = (1.0f - a) * (1.0f - b), w10 = a * (1.0f - b);
  const float w01 = (1.0f - a) * b, w11 = a * b;
  return ((w00 * t00 + w10 * t10) + w01 * t01) + w11 * t11;
}

// A corner texel: ((A + B) + C) / 3 in binary32.
float CornerMean(float A, float B, float C) { return ((A + B) + C) / 3.0f; }

// Face and cube round half to even and clamp; NaN is 0; a null coord[3] is cube 0. A 4x4 R32_FLOAT
// cube array of 2 cubes (12 layers), POINT at s = t = 0.625 (u = v = 2.5: texel (2, 2)), so each
// lane returns CubeValue(layer, 2, 2) = 100 layer + 22 of the memory layer it read.
TEST(ReferenceCube, FaceAndCubeRoundHalfToEvenAndClamp) {
  Guest g(4096);
  FillCube<float>(g, 4, 12);
  const ImageDesc img = CubeImage(4, 12);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    float face, cube;
    uint32_t layer;  // base_array + 6K + F
  };
  auto run = [&](const ImageDesc& image, const std::vector<Case>& cases, bool null_cube) {
    CubeWave w;
    const auto lanes = static_cast<uint32_t>(cases.size());
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      w.At(lane, 0.625f, 0.625f, cases[lane].face, cases[lane].cube);
    }
    TexRequest r = w.MakeCube(kSampleLz, &image, &g.memory, lanes, &smp);
    if (null_cube) r.in.coord[3] = nullptr;
    ExpectOk(reference::Execute(r));
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      EXPECT_EQ(w.out[0][lane], F(CubeValue(cases[lane].layer, 2, 2)))
          << "face " << cases[lane].face << " cube " << cases[lane].cube << " base_array "
          << image.base_array;
    }
  };
  // C = 2 cubes: K = clamp(rne(cube), 0, 1); F = clamp(rne(face), 0, 5).
  run(img,
      {{0.5f, 0, 0},           // rne(0.5) = 0
       {1.5f, 0, 2},           // rne(1.5) = 2
       {2.5f, 0, 2},           // rne(2.5) = 2
       {2.6f, 0, 3},           //
       {4.5f, 0, 4},           // rne(4.5) = 4
       {5.5f, 0, 5},           // rne(5.5) = 6 -> 5
       {6.0f, 0, 5},           // face 6 -> 5
       {7.0f, 1, 6 + 5},       // face 7 -> 5 of cube 1
       {-1.0f, 0, 0},          // negative -> 0
       {NaN(), 1, 6 + 0},      // NaN face -> 0
       {Inf(), 0, 5},          // +Inf -> 5
       {-Inf(), 1, 6},         // -Inf -> 0
       {3.0f, 0.5f, 3},        // rne(0.5) = 0: cube 0
       {3.0f, 0.6f, 6 + 3},    // cube 1
       {3.0f, 1.5f, 6 + 3},    // rne(1.5) = 2 -> C - 1 = 1
       {1.0f, 100.0f, 6 + 1},  // cube clamped to 1
       {1.0f, -3.0f, 1},       // cube clamped to 0
       {4.0f, NaN(), 4},       // NaN cube -> 0
       {4.0f, Inf(), 6 + 4}},  // +Inf cube -> 1
      false);
  // coord[3] null: cube 0 whatever the lanes' cube values would have been.
  run(img, {{2.0f, 1.0f, 2}, {5.0f, 1.0f, 5}}, true);
  // A view of cube 1 alone (layers 6..11, C = 1): every cube operand reads it, layer 6 + F.
  ImageDesc view = img;
  view.base_array = 6;
  view.last_array = 11;
  run(view, {{0, 0, 6}, {2, 1, 8}, {5, -1, 11}, {9, NaN(), 11}}, false);
  // A view that starts at layer 3 (base_array need not be a multiple of 6): layer 3 + 6K + F.
  view.base_array = 3;
  view.last_array = 8;
  run(view, {{0, 0, 3}, {5, 0, 8}, {2, 1, 5}}, false);
}

// The three cube checks of the sampler ops, in order: square faces (WIDTH == HEIGHT), a whole
// number of cubes in the view (N = LAST_ARRAY - BASE_ARRAY + 1 a multiple of 6), normalized
// coordinates (neither UNORM nor S# FORCE_UNNORMALIZED). Each is InvalidArgument naming the fields,
// and no lane is written. Loads take the same T#s (the cube as its faces).
TEST(ReferenceCube, SamplerOpsNeedSquareFacesWholeCubesAndNormalizedCoordinates) {
  Guest g(4096);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  SamplerDesc force = smp;
  force.force_unnormalized = true;
  const ImageDesc good = CubeImage(4, 12);
  ImageDesc wide = Typed(ImageType::kCube, FormatId::kR32_FLOAT, 4, 2, 7);  // 7 faces too
  ImageDesc seven = CubeImage(4, 7);                                        // N = 7
  ImageDesc eleven = CubeImage(4, 12);
  eleven.base_array = 1;  // N = 11
  struct Case {
    const ImageDesc* img;
    const SamplerDesc* smp;
    bool unorm;
    std::vector<const char*> names;  // empty: valid
  };
  const Case cases[] = {
      {&wide, &force, true, {"T#.WIDTH=4", "T#.HEIGHT=2"}},  // the first check wins
      {&seven, &force, true, {"T#.BASE_ARRAY=0", "T#.LAST_ARRAY=6"}},
      {&eleven, &smp, false, {"T#.BASE_ARRAY=1", "T#.LAST_ARRAY=11"}},
      {&good, &smp, true, {"UNORM"}},
      {&good, &force, false, {"S#.FORCE_UNNORMALIZED"}},
      {&good, &smp, false, {}},
  };
  for (const Case& k : cases) {
    for (Op op : {kSampleLz, kSampleD, kGather4Lz, kGetLod}) {
      CubeWave w;
      TexRequest r = w.MakeCube(op, k.img, &g.memory, 4, k.smp);
      r.mods.unorm = k.unorm;
      const Status st = reference::Execute(r);
      if (k.names.empty()) {
        EXPECT_TRUE(st.ok()) << OpName(op) << " " << st.ToString();
        continue;
      }
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op) << " " << k.names[0];
      for (const char* name : k.names) EXPECT_TRUE(Contains(st.message(), name)) << st.message();
      EXPECT_EQ(w.out[0][0], kSentinel);
    }
    // Loads read the faces as a 2D array, whatever the sampler ops need.
    Wave l;
    ExpectOk(reference::Execute(l.Make(kLoad, k.img, &g.memory, 1)));
  }
}

// A seamless cube (S# DISABLE_CUBE_WRAP = 0) reads no clamp mode, so a border mode needs no border
// color: a REGISTER pointer past the (absent) table is no error, and the border is never read.
// The same S# on a non-seamless cube reads the color, so the pointer is InvalidArgument. _O reads
// no offset operand on a CUBE: a null offset array is no error, and offsets change nothing.
TEST(ReferenceCube, SeamlessReadsNoBorderAndNoCubeReadsOffsets) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  SamplerDesc smp = BorderSampler(XyFilter::kBilinear, ClampMode::kClampBorder,
                                  ClampMode::kMirrorOnceBorder);  // REGISTER, pointer 1
  // Face 0 at s = 0.0625, t = 0.46875: u = 0.25, v = 1.875; i0 = -1, a = 0.75; j0 = 1, b = 0.375.
  // Texels (-1, 1) and (-1, 2) are +Z's (3, 1) = 413 and (3, 2) = 423 (ReferenceCube
  // .SeamlessBilinearCrossesEveryEdge derives them), (0, 1) = 10 and (0, 2) = 20.
  const float expected = Bilerp(0.75f, 0.375f, 413, 10, 423, 20);
  for (Op op : {kSampleLz, kSampleLzO}) {
    CubeWave w;
    w.At(0, 0.0625f, 0.46875f, 0.0f);
    w.offset[0] = Off(1, -2);
    TexRequest r = w.MakeCube(op, &img, &g.memory, 1, &smp);
    r.in.offset = nullptr;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.out[0][0], F(expected)) << OpName(op);
    r.in.offset = w.offset;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.out[0][0], F(expected)) << OpName(op);
  }
  smp.disable_cube_wrap = true;
  CubeWave w;
  w.At(0, 0.0625f, 0.46875f, 0.0f);
  for (Op op : {kSampleLz, kGather4Lz, kGetLod}) {
    const Status st = reference::Execute(w.MakeCube(op, &img, &g.memory, 1, &smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
    EXPECT_TRUE(Contains(st.message(), "BORDER_COLOR_PTR=1")) << st.message();
  }
  EXPECT_EQ(w.out[0][0], kSentinel);
}

// Seamless BILINEAR across each of the four edges of +X (face 0) and +Y (face 2) of a 4x4
// R32_FLOAT cube (n = 4; texel (i, j) of face f holds 100 f + 10 j + i). The S# clamp modes are
// CLAMP_BORDER with OPAQUE_WHITE, which would blend 1.0 in if they were read.
// Footprints (u = s * 4, i0 = floor(u - 0.5), a = (u - 0.5) - i0):
//   left:   s = 0.0625  (u = 0.25: i0 = -1, i1 = 0, a = 0.75), t = 0.46875 (v = 1.875: j0 = 1,
//           j1 = 2, b = 0.375)
//   right:  s = 0.9375  (u = 3.75: i0 = 3, i1 = 4, a = 0.25), t = 0.46875
//   top:    s = 0.46875 (i0 = 1, i1 = 2, a = 0.375), t = 0.0625 (j0 = -1, j1 = 0, b = 0.75)
//   bottom: s = 0.46875, t = 0.9375 (j0 = 3, j1 = 4, b = 0.25)
// With n = 4, cs (or ct) is -1.25 for index -1, +1.25 for index 4 and -0.25, +0.25 for 1, 2.
// +X: P = (1, -ct, -cs) (ma +x, sc -z, tc -y).
//   left (i = -1):  P = (1, -ct, 1.25): largest +z -> +Z (sc +x, tc -y); s' = (1/1.25 + 1)/2 = 0.9,
//                   i' = floor(3.6) = 3; t' = (ct/1.25 + 1)/2 = 0.4, 0.6 for j = 1, 2: j' = j.
//                   T(-1, j) = +Z (3, j) = 403 + 10j.
//   right (i = 4):  P = (1, -ct, -1.25) -> -Z (sc -x, tc -y); s' = (-1/1.25 + 1)/2 = 0.1: i' = 0;
//                   t' = (ct/1.25 + 1)/2: j' = j. T(4, j) = -Z (0, j) = 500 + 10j.
//   top (j = -1):   P = (1, 1.25, -cs) -> +Y (sc +x, tc +z); s' = 0.9: i' = 3; t' = (-cs/1.25 +
//   1)/2
//                   = 0.6, 0.4 for i = 1, 2: j' = 3 - i. T(i, -1) = +Y (3, 3 - i) = 233 - 10i.
//   bottom (j = 4): P = (1, -1.25, -cs) -> -Y (sc +x, tc -z); s' = 0.9: i' = 3; t' = (P.(-z)/1.25
//                   + 1)/2 = (cs/1.25 + 1)/2 = 0.4, 0.6: j' = i. T(i, 4) = -Y (3, i) = 303 + 10i.
// +Y: P = (cs, 1, ct) (ma +y, sc +x, tc +z).
//   left:   P = (-1.25, 1, ct) -> -X (sc +z, tc -y); s' = (ct/1.25 + 1)/2: i' = j; t' =
//           (-1/1.25 + 1)/2 = 0.1: j' = 0. T(-1, j) = -X (j, 0) = 100 + j.
//   right:  P = (1.25, 1, ct) -> +X (sc -z, tc -y); s' = (-ct/1.25 + 1)/2 = 0.6, 0.4: i' = 3 - j;
//           j' = 0. T(4, j) = +X (3 - j, 0) = 3 - j (the inverse of +X's top edge).
//   top:    P = (cs, 1, -1.25) -> -Z (sc -x, tc -y); s' = (-cs/1.25 + 1)/2: i' = 3 - i; t' = 0.1:
//           j' = 0. T(i, -1) = -Z (3 - i, 0) = 503 - i.
//   bottom: P = (cs, 1, 1.25) -> +Z (sc +x, tc -y); s' = (cs/1.25 + 1)/2: i' = i; j' = 0.
//           T(i, 4) = +Z (i, 0) = 400 + i.
TEST(ReferenceCube, SeamlessBilinearCrossesEveryEdge) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  SamplerDesc smp =
      Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone, ClampMode::kClampBorder);
  smp.border_color_type = BorderColorType::kOpaqueWhite;
  struct Case {
    const char* edge;
    float face, s, t, a, b;
    float t00, t10, t01, t11;  // T(i0, j0), T(i1, j0), T(i0, j1), T(i1, j1)
  };
  const Case cases[] = {
      {"+X left", 0, 0.0625f, 0.46875f, 0.75f, 0.375f, 413, 10, 423, 20},
      {"+X right", 0, 0.9375f, 0.46875f, 0.25f, 0.375f, 13, 510, 23, 520},
      {"+X top", 0, 0.46875f, 0.0625f, 0.375f, 0.75f, 223, 213, 1, 2},
      {"+X bottom", 0, 0.46875f, 0.9375f, 0.375f, 0.25f, 31, 32, 313, 323},
      {"+Y left", 2, 0.0625f, 0.46875f, 0.75f, 0.375f, 101, 210, 102, 220},
      {"+Y right", 2, 0.9375f, 0.46875f, 0.25f, 0.375f, 213, 2, 223, 1},
      {"+Y top", 2, 0.46875f, 0.0625f, 0.375f, 0.75f, 502, 501, 201, 202},
      {"+Y bottom", 2, 0.46875f, 0.9375f, 0.375f, 0.25f, 231, 232, 401, 402},
  };
  CubeWave w;
  const uint32_t lanes = 8;
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    w.At(lane, cases[lane].s, cases[lane].t, cases[lane].face);
  }
  ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, lanes, &smp)));
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    const Case& k = cases[lane];
    EXPECT_EQ(w.out[0][lane], F(Bilerp(k.a, k.b, k.t00, k.t10, k.t01, k.t11))) << k.edge;
  }
  // The same footprints through GATHER4 (DMASK X): T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0).
  TexRequest r = w.MakeCube(kGather4Lz, &img, &g.memory, lanes, &smp);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    const Case& k = cases[lane];
    EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{F(k.t01), F(k.t11), F(k.t10), F(k.t00)}))
        << k.edge;
  }
}

// Corner texels (both indices outside the face) are the mean ((A + B) + C) / 3 of the face's
// corner texel A = T(clamp(i), clamp(j)), B = the edge texel T(i, clamp(j)) and C = the edge
// texel T(clamp(i), j), read as the edges above (same 4x4 cube, n = 4).
//   +X at s = t = 0.0625: i0 = j0 = -1, a = b = 0.75. T(0, -1) = +Y (3, 3) = 233 (top edge,
//     i = 0); T(-1, 0) = +Z (3, 0) = 403 (left edge, j = 0); T(0, 0) = 0. Corner (-1, -1):
//     A = 0, B = T(-1, 0) = 403, C = T(0, -1) = 233: the corner (+1, +1, +1) of +X, +Z and +Y.
//   +X at s = t = 0.9375: i0 = j0 = 3, a = b = 0.25. T(4, 3) = -Z (0, 3) = 530 (right edge);
//     T(3, 4) = -Y (3, 3) = 333 (bottom edge); T(3, 3) = 33. Corner (4, 4): A = 33, B = 530,
//     C = 333 (896 / 3 is not exact in binary32).
//   +Y at s = t = 0.0625: T(-1, 0) = -X (0, 0) = 100; T(0, -1) = -Z (3, 0) = 503; T(0, 0) = 200.
//     Corner (-1, -1): A = 200, B = 100, C = 503 (corner (-1, +1, -1)).
//   -Z (ma -z, sc -x, tc -y: P = (-cs, -ct, -1)) at s = t = 0.9375: i0 = j0 = 3.
//     T(4, 3): P = (-1.25, -0.75, -1) -> -X (sc +z, tc -y): s' = (-1/1.25 + 1)/2 = 0.1: i' = 0;
//     t' = (0.75/1.25 + 1)/2 = 0.8: j' = 3. -X (0, 3) = 130.
//     T(3, 4): P = (-0.75, -1.25, -1) -> -Y (sc +x, tc -z): s' = (-0.75/1.25 + 1)/2 = 0.2: i' = 0;
//     t' = (1/1.25 + 1)/2 = 0.9: j' = 3. -Y (0, 3) = 330. T(3, 3) = 533.
//     Corner (4, 4): A = 533, B = 130, C = 330 (corner (-1, -1, -1)).
TEST(ReferenceCube, SeamlessCornerIsTheMeanOfThreeTexels) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  CubeWave w;
  w.At(0, 0.0625f, 0.0625f, 0);
  w.At(1, 0.9375f, 0.9375f, 0);
  w.At(2, 0.0625f, 0.0625f, 2);
  w.At(3, 0.9375f, 0.9375f, 5);
  ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, 4, &smp)));
  EXPECT_EQ(w.out[0][0], F(Bilerp(0.75f, 0.75f, CornerMean(0, 403, 233), 233, 403, 0)));
  EXPECT_EQ(CornerMean(0, 403, 233), 212.0f);
  EXPECT_EQ(w.out[0][1], F(Bilerp(0.25f, 0.25f, 33, 530, 333, CornerMean(33, 530, 333))));
  EXPECT_EQ(w.out[0][2], F(Bilerp(0.75f, 0.75f, CornerMean(200, 100, 503), 503, 100, 200)));
  EXPECT_EQ(w.out[0][3], F(Bilerp(0.25f, 0.25f, 533, 130, 330, CornerMean(533, 130, 330))));
  EXPECT_EQ(CornerMean(533, 130, 330), 331.0f);
}

// A 1x1 level (level 2 of a 4x4 cube with 3 levels, MIP POINT at lod 2) has every neighbour of
// its texel an edge or corner texel. With n = 1, P = ma + 2i * sc + 2j * tc: texel (-1, 0) is on
// the face whose ma is -sc, (1, 0) on +sc's, (0, -1) on -tc's, (0, 1) on +tc's, always at its one
// texel (s' is 0.25, 0.5 or 0.75). Level 2 starts at byte 768 (level 0: 6 x 64 bytes = 384 ->
// 512; level 1: 6 x 16 = 96 bytes, ending at 608 -> 768); face f's texel at 768 + 4f holds 2^f.
//   +X (sc -z, tc -y), s = t = 0.25: u = 0.25, i0 = j0 = -1, a = b = 0.75. T(-1, 0) = +Z = 16,
//     T(0, -1) = +Y = 4, T(0, 0) = 1, corner ((1 + 16) + 4) / 3 = 7.
//   +Y (sc +x, tc +z), s = t = 0.75: u = 0.75, i0 = j0 = 0, a = b = 0.25. T(1, 0) = +X = 1,
//     T(0, 1) = +Z = 16, T(0, 0) = 4, corner (A = 4, B = T(1, 0) = 1, C = T(0, 1) = 16) = 7.
//   -Z (sc -x, tc -y), s = t = 0.25: T(-1, 0) = +X = 1, T(0, -1) = +Y = 4, T(0, 0) = 32, corner
//     ((32 + 1) + 4) / 3 = 37 / 3.
//   -Y (sc +x, tc -z), s = 0.75, t = 0.25: i0 = 0, i1 = 1, a = 0.25; j0 = -1, j1 = 0, b = 0.75.
//     T(0, -1) = +Z = 16, T(1, 0) = +X = 1, T(0, 0) = 8, corner (1, -1): A = 8, B = T(1, 0) = 1,
//     C = T(0, -1) = 16: 25 / 3.
TEST(ReferenceCube, OneByOneLevelIsAllEdgesAndCorners) {
  Guest g(4096);
  for (uint32_t f = 0; f < 6; ++f) g.Put<float>(768 + 4 * f, 1, 0, 0, float(1u << f));
  const ImageDesc img = CubeImage(4, 6, 3);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kPoint);
  CubeWave w;
  w.At(0, 0.25f, 0.25f, 0);
  w.At(1, 0.75f, 0.75f, 2);
  w.At(2, 0.25f, 0.25f, 5);
  w.At(3, 0.75f, 0.25f, 3);
  for (uint32_t lane = 0; lane < 4; ++lane) w.lod[lane] = F(2.0f);
  ExpectOk(reference::Execute(w.MakeCube(kSampleL, &img, &g.memory, 4, &smp)));
  EXPECT_EQ(w.out[0][0], F(Bilerp(0.75f, 0.75f, CornerMean(1, 16, 4), 4, 16, 1)));
  EXPECT_EQ(w.out[0][1], F(Bilerp(0.25f, 0.25f, 4, 1, 16, CornerMean(4, 1, 16))));
  EXPECT_EQ(w.out[0][2], F(Bilerp(0.75f, 0.75f, CornerMean(32, 1, 4), 4, 1, 32)));
  EXPECT_EQ(w.out[0][3], F(Bilerp(0.25f, 0.75f, 16, CornerMean(8, 1, 16), 8, 1)));

  // A 1x1 R8G8B8A8_UNORM cube: the corner mean is of codes (the filter domain), divided by 255
  // once at the end. Face f's texel (at byte 4f) has X code 10 + 40f: +X 10, +Y 90, +Z 170.
  // +X at s = t = 0.25 as above: corner ((10 + 170) + 90) / 3 = 90.
  Guest u(4096);
  for (uint32_t f = 0; f < 6; ++f) u.Put8(4 * f, 1, 0, 0, {uint8_t(10 + 40 * f), 0, 0, 255});
  const ImageDesc unorm = CubeImage(1, 6, 1, FormatId::kR8G8B8A8_UNORM);
  CubeWave c;
  c.At(0, 0.25f, 0.25f, 0);
  ExpectOk(reference::Execute(c.MakeCube(kSampleLz, &unorm, &u.memory, 1, &smp)));
  EXPECT_EQ(c.out[0][0], F(Bilerp(0.75f, 0.75f, CornerMean(10, 170, 90), 90, 170, 10) / 255.0f));
  EXPECT_EQ(c.out[3][0], kOne);  // W: 255 everywhere, (255 + 255 + 255) / 3 = 255
}

// POINT on a seamless cube clamps to the face's edge: s and t (NaN -> 0) clamped to [0, 1],
// i = min(floor(s * n), n - 1), j likewise; the S#'s WRAP is not read (it would wrap i = 4 to 0).
// Integer formats look up POINT whatever the XY filter. 4x4 cube, texel (i, j) of face f =
// 100 f + 10 j + i. The samplers set TRUNC_COORD = 1: the cases test the floor (u = 0.9996 -> 0),
// which TRUNC_COORD = 0 would round first (0.9996 * 64 = 63.97 -> 64, u' = 1 -> texel 1; see
// ReferenceTruncCoord.CubePoint).
TEST(ReferenceCube, SeamlessPointClampsToTheEdge) {
  struct Case {
    float face, s, t;
    uint32_t i, j;
  };
  const Case cases[] = {
      {0, 1.0f, 0.5f, 3, 2},      // u = 4 -> min(4, 3) = 3; v = 2
      {0, 1.5f, -0.25f, 3, 0},    // s clamped to 1, t to 0
      {0, NaN(), Inf(), 0, 3},    // NaN -> 0; +Inf -> 1 -> 3
      {1, -Inf(), 0.999f, 0, 3},  // v = 3.996
      {3, 1.0f, 1.0f, 3, 3},      //
      {4, 0.2499f, 0.75f, 0, 3},  // u = 0.9996 -> 0; v = 3 -> 3
  };
  const uint32_t lanes = 6;
  {
    Guest g(4096);
    FillCube<float>(g, 4, 6);
    const ImageDesc img = CubeImage(4, 6);
    SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    smp.trunc_coord = true;  // plain floor
    CubeWave w;
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      w.At(lane, cases[lane].s, cases[lane].t, cases[lane].face);
    }
    ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, lanes, &smp)));
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      const Case& k = cases[lane];
      EXPECT_EQ(w.out[0][lane], F(CubeValue(uint32_t(k.face), k.i, k.j))) << lane;
    }
  }
  {
    Guest g(4096);
    FillCube<uint32_t>(g, 4, 6);
    const ImageDesc img = CubeImage(4, 6, 1, FormatId::kR32_UINT);
    SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
    smp.trunc_coord = true;  // plain floor
    CubeWave w;
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      w.At(lane, cases[lane].s, cases[lane].t, cases[lane].face);
    }
    ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, lanes, &smp)));
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      const Case& k = cases[lane];
      EXPECT_EQ(w.out[0][lane], uint32_t(CubeValue(uint32_t(k.face), k.i, k.j))) << lane;
    }
  }
}

// Non-seamless (S# DISABLE_CUBE_WRAP = 1): the lane's face is a 2D image, sampled with the S#'s
// CLAMP_X, CLAMP_Y and border color; s and t are not clamped; offsets are still not read.
// 4x4 cube, texel (i, j) of face f = 100 f + 10 j + i.
TEST(ReferenceCube, NonSeamlessSamplesTheFaceAsA2DImage) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  SamplerDesc wrap = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  wrap.disable_cube_wrap = true;
  SamplerDesc border = wrap;
  border.clamp_x = border.clamp_y = ClampMode::kClampBorder;
  border.border_color_type = BorderColorType::kOpaqueWhite;
  CubeWave w;
  // +X, s = 0.0625, t = 0.46875: i0 = -1, a = 0.75, j0 = 1, b = 0.375 (as in the seamless test).
  w.At(0, 0.0625f, 0.46875f, 0);
  // +Y, s = 1.0625 (not clamped): u = 4.25, i0 = floor(3.75) = 3, a = 0.75, i1 = 4.
  w.At(1, 1.0625f, 0.46875f, 2);
  ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, 2, &wrap)));
  // WRAP: i0 = -1 -> 3 of +X itself: T(3, 1) = 13, T(0, 1) = 10, T(3, 2) = 23, T(0, 2) = 20.
  EXPECT_EQ(w.out[0][0], F(Bilerp(0.75f, 0.375f, 13, 10, 23, 20)));
  // WRAP: i1 = 4 -> 0 of +Y: T(3, 1) = 213, T(0, 1) = 210, T(3, 2) = 223, T(0, 2) = 220.
  EXPECT_EQ(w.out[0][1], F(Bilerp(0.75f, 0.375f, 213, 210, 223, 220)));
  ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, 2, &border)));
  // CLAMP_BORDER: column -1 and column 4 are border texels, X = 1.0 (OPAQUE_WHITE).
  EXPECT_EQ(w.out[0][0], F(Bilerp(0.75f, 0.375f, 1, 10, 1, 20)));
  EXPECT_EQ(w.out[0][1], F(Bilerp(0.75f, 0.375f, 213, 1, 223, 1)));
  // GATHER4 through the border: T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0).
  TexRequest r = w.MakeCube(kGather4Lz, &img, &g.memory, 1, &border);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, F(20), F(10), kOne}));

  // POINT with WRAP: s = 1.125, u = 4.5, i = 4 -> 0 (a seamless cube would clamp to 3); t = 0.625,
  // j = 2. _O with offset (1, 1) changes nothing: the offset is not read.
  SamplerDesc point = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  point.disable_cube_wrap = true;
  CubeWave p;
  p.At(0, 1.125f, 0.625f, 4);
  p.offset[0] = Off(1, 1);
  ExpectOk(reference::Execute(p.MakeCube(kSampleLzO, &img, &g.memory, 1, &point)));
  EXPECT_EQ(p.out[0][0], F(CubeValue(4, 0, 2)));
}

// GATHER4 at a corner returns the corner's mean of the gathered components; an integer format's
// corner texel is A. 4x4 cube, +X at s = t = 0.9375 (i0 = j0 = 3; see SeamlessCornerIsTheMean...):
// T(3, 4) = -Y (3, 3) = 333, T(4, 4) = the corner, T(4, 3) = -Z (0, 3) = 530, T(3, 3) = 33.
// +Y at s = t = 0.0625 (i0 = j0 = -1): T(-1, 0) = -X (0, 0) = 100, T(0, 0) = 200,
// T(0, -1) = -Z (3, 0) = 503, T(-1, -1) = the corner of A = 200, B = 100, C = 503.
TEST(ReferenceCube, Gather4AtACorner) {
  {
    Guest g(4096);
    FillCube<float>(g, 4, 6);
    const ImageDesc img = CubeImage(4, 6);
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    CubeWave w;
    w.At(0, 0.9375f, 0.9375f, 0);
    w.At(1, 0.0625f, 0.0625f, 2);
    TexRequest r = w.MakeCube(kGather4Lz, &img, &g.memory, 2, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0),
              (std::array<uint32_t, 4>{F(333), F(CornerMean(33, 530, 333)), F(530), F(33)}));
    EXPECT_EQ(w.Lane(1),
              (std::array<uint32_t, 4>{F(100), F(200), F(503), F(CornerMean(200, 100, 503))}));
  }
  {
    // R32_UINT: the corner is A = T(3, 3) = 33.
    Guest g(4096);
    FillCube<uint32_t>(g, 4, 6);
    const ImageDesc img = CubeImage(4, 6, 1, FormatId::kR32_UINT);
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    CubeWave w;
    w.At(0, 0.9375f, 0.9375f, 0);
    TexRequest r = w.MakeCube(kGather4Lz, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{333, 33, 530, 33}));
  }
  {
    // Float-class results are flushed after the mean, not before: A = +X (3, 3) = 2^-125
    // (normal), B = -Z (0, 3) = C = -Y (3, 3) = 2^-127 (denormal). ((2^-125 + 2^-127) + 2^-127) / 3
    // = 3 * 2^-126 / 3 = 2^-126, exact and normal (flushing B and C first would give
    // 2^-125 / 3, a denormal flushed to 0). The edge texels themselves are flushed to +0.
    Guest g(4096);
    const float a = std::ldexp(1.0f, -125), d = std::ldexp(1.0f, -127);
    g.Put<float>(0, 4, 3, 3, a);       // +X (3, 3)
    g.Put<float>(64 * 5, 4, 0, 3, d);  // -Z (0, 3)
    g.Put<float>(64 * 3, 4, 3, 3, d);  // -Y (3, 3)
    const ImageDesc img = CubeImage(4, 6);
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
    CubeWave w;
    w.At(0, 0.9375f, 0.9375f, 0);
    TexRequest r = w.MakeCube(kGather4Lz, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0x00800000u, 0, F(a)}));
  }
}

// GATHER4H reads a cube's face as a non-seamless cube does, whatever DISABLE_CUBE_WRAP says
// (texunit's choice, docs/sampling.md). +X at s = 0.9375, t = 0.5: u = 3.75, v = 2: i0 = 3,
// j0 = 1, columns 2..5. CubeValue = 100 layer + 10 j + i.
TEST(ReferenceCube, Gather4HStaysOnTheFace) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  for (ClampMode mode : {ClampMode::kWrap, ClampMode::kClampLastTexel}) {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone, mode);
    CubeWave w;
    w.At(0, 0.9375f, 0.5f, 0);
    w.At(1, 0.9375f, 0.5f, 2);
    TexRequest r = w.MakeCube(Op{OpKind::kGather4, kOpGather4H}, &img, &g.memory, 2, &smp);
    r.mods.dmask = 0b0001;
    ExpectOk(reference::Execute(r));
    if (mode == ClampMode::kWrap) {  // columns 2, 3, 0, 1
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(12), F(13), F(10), F(11)}));
      EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{F(212), F(213), F(210), F(211)}));
    } else {  // columns 2, 3, 3, 3
      EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(12), F(13), F(13), F(13)}));
      EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{F(212), F(213), F(213), F(213)}));
    }
  }
}

// _C at a corner: each of A, B, C is compared before the mean, so the corner is 1/3 or 2/3.
// 4x4 R32_FLOAT cube, +X at s = t = 0.9375: T(3, 3) = 33 (A), T(4, 3) = 530 (B), T(3, 4) = 333 (C).
// LESS (ref < D): ref 400 passes 530 only: corner ((0 + 1) + 0) / 3 = 1/3; ref 300 passes 530
// and 333: ((0 + 1) + 1) / 3 = 2/3.
TEST(ReferenceCube, CompareAtACornerAveragesTheResults) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  smp.depth_compare_func = CompareFunc::kLess;
  CubeWave w;
  w.At(0, 0.9375f, 0.9375f, 0);
  w.zcompare[0] = F(400.0f);
  w.At(1, 0.9375f, 0.9375f, 0);
  w.zcompare[1] = F(300.0f);
  const float third = ((0.0f + 1.0f) + 0.0f) / 3.0f, two_thirds = ((0.0f + 1.0f) + 1.0f) / 3.0f;
  EXPECT_EQ(F(third), 0x3EAAAAABu);
  EXPECT_EQ(F(two_thirds), 0x3F2AAAABu);
  ExpectOk(reference::Execute(w.MakeCube(kSampleCLz, &img, &g.memory, 2, &smp)));
  // a = b = 0.25: T(3, 3), T(4, 3), T(3, 4), corner.
  EXPECT_EQ(w.out[0][0], F(Bilerp(0.25f, 0.25f, 0, 1, 0, third)));
  EXPECT_EQ(w.out[0][1], F(Bilerp(0.25f, 0.25f, 0, 1, 1, two_thirds)));
  TexRequest r = w.MakeCube(kGather4CLz, &img, &g.memory, 2, &smp);
  r.mods.dmask = 0b0001;
  ExpectOk(reference::Execute(r));
  // T(3, 4), T(4, 4), T(4, 3), T(3, 3).
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, F(third), kOne, 0}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{kOne, F(two_thirds), kOne, 0}));
}

// LOD: the 2D rules with W = H = the base level's face size (4). A 4x4 cube with 3 levels whose
// level L texels of face f all hold 10 L + f (level 0 face f at 64 f, level 1 at 512 + 16 f,
// level 2 at 768 + 4 f), MIP POINT. Quad 0: ds/dx = 0.25, dudx = 1, lambda 0; quad 1:
// ds/dx = 0.5, dudx = 2, lambda 1; quad 2: dt/dy = 1, dvdy = 4, lambda 2. The lanes' faces
// differ inside a quad; the derivatives are of s and t as given.
TEST(ReferenceCube, LodUsesTheFaceSize) {
  Guest g(4096);
  const uint32_t offsets[3] = {0, 512, 768};
  for (uint32_t level = 0; level < 3; ++level) {
    const uint32_t n = 4 >> level;
    for (uint32_t f = 0; f < 6; ++f) {
      for (uint32_t j = 0; j < n; ++j) {
        for (uint32_t i = 0; i < n; ++i) {
          g.Put<float>(offsets[level] + 4 * n * n * f, n, i, j, 10.0f * level + f);
        }
      }
    }
  }
  const ImageDesc img = CubeImage(4, 6, 3);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kPoint);
  CubeWave w;
  Quad(w, 0, 0.125f, 0.125f, 0.25f, 0, 0, 0);
  Quad(w, 1, 0.125f, 0.125f, 0.5f, 0, 0, 0);
  Quad(w, 2, 0.125f, 0.0f, 0, 0, 0, 1.0f);
  for (uint32_t lane = 0; lane < 12; ++lane) w.layer[lane] = F(float(lane % 6));
  ExpectOk(reference::Execute(w.MakeCube(kSample, &img, &g.memory, 12, &smp)));
  for (uint32_t lane = 0; lane < 12; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(10.0f * (lane / 4) + lane % 6)) << lane;
  }
  TexRequest r = w.MakeCube(kGetLod, &img, nullptr, 12, &smp);
  r.mods.dmask = 0b0011;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 12; ++lane) {
    EXPECT_EQ(w.out[0][lane], F(float(lane / 4))) << lane;  // x: POINT level
    EXPECT_EQ(w.out[1][lane], F(float(lane / 4))) << lane;  // y: lambda
  }
  // _D: the face-local operands, ds/dx = 0.5 (dudx = 2): lambda 1; dr/dx, dr/dy and coord[3]
  // are not read.
  CubeWave d;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    d.At(lane, 0.5f, 0.5f, float(lane));
    d.deriv[0][0][lane] = F(0.5f);
  }
  TexRequest dr = d.MakeCube(kSampleD, &img, &g.memory, 4, &smp);
  dr.in.deriv[0][2] = dr.in.deriv[1][2] = dr.in.coord[3] = nullptr;
  ExpectOk(reference::Execute(dr));
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(d.out[0][lane], F(10.0f + lane)) << lane;
}

// ============================================================================================
// Reduction (S# FILTER_MODE): MIN and MAX replace every weighted sum by the minimum or maximum of
// the values it would weight with a non-zero weight (minNum/maxNum, -0 < +0).

SamplerDesc WithMode(SamplerDesc s, FilterMode mode) {
  s.filter_mode = mode;
  return s;
}

// A 4x4 R32_FLOAT, CLAMP_LAST_TEXEL, BILINEAR, _LZ (lambda 0: the MAG filter). Texels T(x, y):
//   y = 0:  5    3  -100   7
//   y = 1:  6    8   100   2
//   y = 2:  1  -50     4   9
//   y = 3:  0    0     0   0
// Lane 0: u = 1.5, v = 1.25: i0 = 1, a = 0; j0 = 0, b = 0.75. Non-zero weights: T(1,0) = 3 and
//   T(1,1) = 8 (w01 = 1 * 0.75); T(2,0) = -100 and T(2,1) = 100 have weight 0: MIN 3, MAX 8.
// Lane 1: u = 1.75, v = 1.5: i0 = 1, a = 0.25; j0 = 1, b = 0: T(1,1) = 8, T(2,1) = 100 (the row
//   j1 = 2 with -50 and 4 has weight 0): MIN 8, MAX 100.
// Lane 2: u = 1.75, v = 1.25: a = 0.25, b = 0.75, all four of 3, -100, 8, 100: MIN -100, MAX 100.
// Lane 3: u = v = 2.5: i0 = j0 = 2, a = b = 0: T(2,2) = 4 alone (9 and the zeros have weight 0).
TEST(ReferenceReduction, BilinearTakesTheTexelsOfNonZeroWeight) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 4, 4);
  const float texels[4][4] = {{5, 3, -100, 7}, {6, 8, 100, 2}, {1, -50, 4, 9}, {0, 0, 0, 0}};
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) g.Put<float>(0, 4, x, y, texels[y][x]);
  }
  const SamplerDesc bilinear = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                                       ClampMode::kClampLastTexel);
  const float uv[4][2] = {{1.5f, 1.25f}, {1.75f, 1.5f}, {1.75f, 1.25f}, {2.5f, 2.5f}};
  const float expected_min[4] = {3, 8, -100, 4}, expected_max[4] = {8, 100, 100, 4};
  for (FilterMode mode : {FilterMode::kMin, FilterMode::kMax}) {
    const SamplerDesc smp = WithMode(bilinear, mode);
    Wave w;
    for (uint32_t lane = 0; lane < 4; ++lane) w.St(lane, uv[lane][0] / 4, uv[lane][1] / 4);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 4, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const float want = mode == FilterMode::kMin ? expected_min[lane] : expected_max[lane];
      EXPECT_EQ(w.out[0][lane], F(want)) << "mode " << int(mode) << " lane " << lane;
    }
  }
  // BLEND keeps the weighted sum: lane 0 has w00 = (1 - 0) * (1 - 0.75) = 0.25, w10 = 0,
  // w01 = 0.75, w11 = 0: ((0.25 * 3 + 0 * -100) + 0.75 * 8) + 0 * 100 = 6.75.
  Wave b;
  b.St(0, 1.5f / 4, 1.25f / 4);
  ExpectOk(reference::Execute(b.Make(kSampleLz, &img, &g.memory, 1, &bilinear)));
  EXPECT_EQ(b.out[0][0], F(6.75f));
}

// 1D: T(i0), with T(i1) when a > 0 (a after kHardware's quantisation). A 4-texel R32_FLOAT 1D
// image 10, -20, 40, -80. u = 1.5: i0 = 1, a = 0: -20 alone (MAX would be 40 with T(2)).
// u = 1.75: a = 0.25: -20 and 40. u = 1.5 + 2^-10 (s = 0.375 + 2^-12, exact): a = 2^-10 > 0 in
// kFloat, MAX 40; kHardware a = floor(2^-10 * 256) / 256 = floor(0.25) / 256 = 0: -20 alone.
TEST(ReferenceReduction, LinearAlongXIn1DAndTheQuantisedFraction) {
  Guest g(4096);
  const ImageDesc img = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 4, 1);
  const float texels[4] = {10, -20, 40, -80};
  for (uint32_t x = 0; x < 4; ++x) g.Put<float>(0, 4, x, 0, texels[x]);
  const SamplerDesc max = WithMode(Sampler(XyFilter::kBilinear, XyFilter::kBilinear,
                                           MipFilter::kNone, ClampMode::kClampLastTexel),
                                   FilterMode::kMax);
  const SamplerDesc min = WithMode(max, FilterMode::kMin);
  const float s[3] = {1.5f / 4, 1.75f / 4, 0.375f + 0x1p-12f};
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    Wave w, m;
    for (uint32_t lane = 0; lane < 3; ++lane) {
      w.St(lane, s[lane], 0.0f);
      m.St(lane, s[lane], 0.0f);
    }
    TexRequest r = w.Make(kSampleLz, &img, &g.memory, 3, &max);
    r.precision = mode;
    ExpectOk(reference::Execute(r));
    TexRequest rm = m.Make(kSampleLz, &img, &g.memory, 3, &min);
    rm.precision = mode;
    ExpectOk(reference::Execute(rm));
    EXPECT_EQ(w.out[0][0], F(-20.0f));
    EXPECT_EQ(w.out[0][1], F(40.0f));
    EXPECT_EQ(w.out[0][2], F(mode == PrecisionMode::kFloat ? 40.0f : -20.0f));
    for (uint32_t lane = 0; lane < 3; ++lane) EXPECT_EQ(m.out[0][lane], F(-20.0f)) << lane;
  }
}

// minNum/maxNum: a NaN operand yields the other, four NaNs a NaN, -0 < +0; FLOAT texels are
// flushed on input (a denormal is a zero of its sign). A 4x2 R32G32B32A32_FLOAT, CLAMP_LAST_TEXEL,
// BILINEAR, _LZ; both lanes at a = b = 0.5 (every weight 0.25), lane 0 on texels x = 0, 1
// (u = 1, v = 1), lane 1 on x = 2, 3 (u = 3). Texels in the order T(i0,j0), T(i1,j0), T(i0,j1),
// T(i1,j1):
//   lane 0  X: NaN, 2, NaN, 1 -> MIN 1, MAX 2      Y: four NaNs -> NaN
//           Z: +0, -0, +0, +0 -> MIN -0, MAX +0    W: -0, +0, -0, -0 -> MIN -0, MAX +0
//   lane 1  X: +inf, 1, -inf, NaN -> MIN -inf, MAX +inf
//           Y: 1e-40, -1e-40, 1e-40, 1e-40 (flushed: +0, -0, +0, +0) -> MIN -0, MAX +0
//           Z: -5, NaN, NaN, NaN -> -5             W: 3, -3, 3, 3 -> MIN -3, MAX 3
TEST(ReferenceReduction, NanAndSignedZero) {
  Guest g(4096);
  const ImageDesc img = Image2D(Kind::kFloat, 4, 2);
  const uint32_t nan = 0x7FC00000u, pz = 0u, nz = 0x80000000u;
  const uint32_t den = 0x000116C2u, nden = 0x800116C2u;  // +-1e-40
  g.Put32(0, 4, 0, 0, {nan, nan, pz, nz});
  g.Put32(0, 4, 1, 0, {F(2.0f), nan, nz, pz});
  g.Put32(0, 4, 0, 1, {nan, nan, pz, nz});
  g.Put32(0, 4, 1, 1, {F(1.0f), nan, pz, nz});
  g.Put32(0, 4, 2, 0, {F(Inf()), den, F(-5.0f), F(3.0f)});
  g.Put32(0, 4, 3, 0, {F(1.0f), nden, nan, F(-3.0f)});
  g.Put32(0, 4, 2, 1, {F(-Inf()), den, nan, F(3.0f)});
  g.Put32(0, 4, 3, 1, {nan, den, nan, F(3.0f)});
  const SamplerDesc bilinear = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                                       ClampMode::kClampLastTexel);
  for (FilterMode mode : {FilterMode::kMin, FilterMode::kMax}) {
    const bool is_min = mode == FilterMode::kMin;
    const SamplerDesc smp = WithMode(bilinear, mode);
    Wave w;
    w.St(0, 0.25f, 0.5f);
    w.St(1, 0.75f, 0.5f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 2, &smp)));
    SCOPED_TRACE(is_min ? "MIN" : "MAX");
    EXPECT_EQ(w.out[0][0], F(is_min ? 1.0f : 2.0f));
    EXPECT_TRUE(std::isnan(AsF(w.out[1][0])));
    EXPECT_EQ(w.out[2][0], is_min ? nz : pz);
    EXPECT_EQ(w.out[3][0], is_min ? nz : pz);
    EXPECT_EQ(w.out[0][1], F(is_min ? -Inf() : Inf()));
    EXPECT_EQ(w.out[1][1], is_min ? nz : pz);
    EXPECT_EQ(w.out[2][1], F(-5.0f));
    EXPECT_EQ(w.out[3][1], F(is_min ? -3.0f : 3.0f));
  }
}

// Mip LINEAR: both levels' results when f > 0, c(d0) alone when f = 0. A 2x2 R32_FLOAT with 2
// levels: level 0 (at 0) all 5, level 1 (1x1, at 256) 2; POINT XY, MIN, _L:
//   lod 0: d0 = 0, f = 0: 5 (level 1's 2 takes no part);
//   lod 2^-20: d0 = 0, d1 = 1, f = 2^-20 > 0: min(5, 2) = 2, however small f is;
//   lod 0.5: 2; lod 1 = M: d0 = 1, f = 0: 2; lod -1: clamped to MIN_LOD 0: 5.
// MAX over the same lanes: 5, 5, 5, 2 (lod 1 reads level 1 alone), 5.
TEST(ReferenceReduction, MipLinearTakesLevelD1OnlyWhenFIsAboveZero) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2, 2);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) g.Put<float>(0, 2, x, y, 5.0f);
  }
  g.Put<float>(256, 1, 0, 0, 2.0f);
  const float lods[5] = {0.0f, 0x1p-20f, 0.5f, 1.0f, -1.0f};
  const float expected_min[5] = {5, 2, 2, 2, 5}, expected_max[5] = {5, 5, 5, 2, 5};
  for (FilterMode mode : {FilterMode::kMin, FilterMode::kMax}) {
    const SamplerDesc smp =
        WithMode(Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear), mode);
    Wave w;
    for (uint32_t lane = 0; lane < 5; ++lane) {
      w.St(lane, 0.25f, 0.25f);
      w.lod[lane] = F(lods[lane]);
    }
    ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 5, &smp)));
    for (uint32_t lane = 0; lane < 5; ++lane) {
      const float want = mode == FilterMode::kMin ? expected_min[lane] : expected_max[lane];
      EXPECT_EQ(w.out[0][lane], F(want)) << "mode " << int(mode) << " lod " << lods[lane];
    }
  }
}

// 3D LINEAR z: both slices' results when g > 0, slice k0's alone when g = 0 (FillVolume: POINT XY
// at texel (1, 0) reads c(k) = 100k + 1; _LZ). MAX:
//   r = 0.625: w = 2.5, k0 = 2, g = 0: 201 alone (with slice 3 it would be 301);
//   r = 0.25: w = 1, k0 = 0, k1 = 1, g = 0.5: max(1, 101) = 101;
//   r = 0: w = 0, k0 = -1 wraps to 3, k1 = 0, g = 0.5: max(301, 1) = 301.
// MIN: 201, 1, 1.
TEST(ReferenceReduction, LinearZTakesSliceK1OnlyWhenGIsAboveZero) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  const float r[3] = {0.625f, 0.25f, 0.0f};
  const float expected_max[3] = {201, 101, 301}, expected_min[3] = {201, 1, 1};
  for (FilterMode mode : {FilterMode::kMax, FilterMode::kMin}) {
    const SamplerDesc smp = WithMode(ZSampler(XyFilter::kPoint, ZFilter::kLinear), mode);
    Wave w;
    for (uint32_t lane = 0; lane < 3; ++lane) Str(w, lane, 0.75f, 0.25f, r[lane]);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 3, &smp)));
    for (uint32_t lane = 0; lane < 3; ++lane) {
      const float want = mode == FilterMode::kMax ? expected_max[lane] : expected_min[lane];
      EXPECT_EQ(w.out[0][lane], F(want)) << "mode " << int(mode) << " r " << r[lane];
    }
  }
}

// Depth compare results are reduced like texels. 2x2 R32_FLOAT depths (0,0) = 0.1, (1,0) = 0.2,
// (0,1) = 0.3, (1,1) = 0.4, LESS (ref < D), CLAMP_LAST_TEXEL, BILINEAR, _C_LZ:
//   lane 0: s = t = 0.5 (a = b = 0.5, all four), ref 0.25: results 0, 0, 1, 1: MIN 0, MAX 1;
//   lane 1: s = 0.25 (u = 0.5: i0 = 0, a = 0), t = 0.5 (b = 0.5): T(0,0) and T(0,1) only, ref
//           0.35: 0 and 0 (D 0.1, 0.3): MIN 0, MAX 0 (T(1,1) = 0.4 would pass, with weight 0);
//   lane 2: s = t = 0.5, ref 0.05: all pass: MIN 1, MAX 1;
//   lane 3: as lane 1, ref 0.25: 0 (0.1) and 1 (0.3): MIN 0, MAX 1.
TEST(ReferenceReduction, CompareResultsAreReduced) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<float>(0, 2, 0, 0, 0.1f);
  g.Put<float>(0, 2, 1, 0, 0.2f);
  g.Put<float>(0, 2, 0, 1, 0.3f);
  g.Put<float>(0, 2, 1, 1, 0.4f);
  const float st[4][2] = {{0.5f, 0.5f}, {0.25f, 0.5f}, {0.5f, 0.5f}, {0.25f, 0.5f}};
  const float refs[4] = {0.25f, 0.35f, 0.05f, 0.25f};
  const float expected_min[4] = {0, 0, 1, 0}, expected_max[4] = {1, 0, 1, 1};
  for (FilterMode mode : {FilterMode::kMin, FilterMode::kMax}) {
    SamplerDesc smp = WithMode(Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone,
                                       ClampMode::kClampLastTexel),
                               mode);
    smp.depth_compare_func = CompareFunc::kLess;
    Wave w;
    for (uint32_t lane = 0; lane < 4; ++lane) {
      w.St(lane, st[lane][0], st[lane][1]);
      w.zcompare[lane] = F(refs[lane]);
    }
    ExpectOk(reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 4, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const uint32_t r = F(mode == FilterMode::kMin ? expected_min[lane] : expected_max[lane]);
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{r, r, r, r}))
          << "mode " << int(mode) << " lane " << lane;
    }
  }
}

// The reference's reading of "`1 - a` is never 0": in binary32 it can be. u = 0.5 - 2^-25 (the
// largest float below 0.5) gives u - 0.5 = -2^-25 (exact), floor -1, and a = 1 - 2^-25, a tie
// that rounds to even: a = 1.0f, so w00 = w01 = 0. The contract's list takes T(i0,j0) always and
// T(i0,j1) when b > 0; the reference follows the list (its general rule would leave both out).
// 2x2 R32_FLOAT, WRAP: s = 0.25 - 2^-26 (u = s * 2 = 0.5 - 2^-25), i0 = -1 wraps to 1, i1 = 0;
// t = 0.5: v = 1, j0 = 0, b = 0.5. T(0,0) = 1, T(1,0) = -7, T(0,1) = 2, T(1,1) = 3:
// T(i0,j0) = -7, T(i1,j0) = 1, T(i0,j1) = 3, T(i1,j1) = 2. MIN -7, MAX 3 (the weighted texels
// alone would give 1 and 2). BLEND: ((0 * -7 + 0.5 * 1) + 0 * 3) + 0.5 * 2 = 1.5.
TEST(ReferenceReduction, FractionRoundedToOneKeepsTheFirstTexel) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<float>(0, 2, 0, 0, 1.0f);
  g.Put<float>(0, 2, 1, 0, -7.0f);
  g.Put<float>(0, 2, 0, 1, 2.0f);
  g.Put<float>(0, 2, 1, 1, 3.0f);
  const float s = 0.25f - 0x1p-26f;
  ASSERT_EQ(s * 2.0f, 0.5f - 0x1p-25f);
  const SamplerDesc bilinear = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  const FilterMode modes[3] = {FilterMode::kBlend, FilterMode::kMin, FilterMode::kMax};
  const float expected[3] = {1.5f, -7.0f, 3.0f};
  for (int m = 0; m < 3; ++m) {
    const SamplerDesc smp = WithMode(bilinear, modes[m]);
    Wave w;
    w.St(0, s, 0.5f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(expected[m])) << "mode " << int(modes[m]);
  }
}

// FILTER_MODE 3 is reserved for every sampler op, checked after CLAMP_X, CLAMP_Y, the XY filters
// and MIP_FILTER and before MAX_ANISO_RATIO; GATHER4 returns its four texels and GET_LOD its
// lambda whatever MIN or MAX says.
TEST(ReferenceReduction, ReservedModeAndTheOpsThatIgnoreIt) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 2, 2);
  g.Put<float>(0, 2, 0, 0, 1.0f);
  g.Put<float>(0, 2, 1, 0, 2.0f);
  g.Put<float>(0, 2, 0, 1, 3.0f);
  g.Put<float>(0, 2, 1, 1, 4.0f);
  const SamplerDesc base = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kPoint);
  for (Op op : {kSampleLz, kSample, kGather4Lz, kGetLod}) {
    SamplerDesc smp = WithMode(base, static_cast<FilterMode>(3));
    Wave w;
    Status st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
    EXPECT_TRUE(Contains(st.message(), "S#.FILTER_MODE=3")) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
    // The checks before it are reported first, and FILTER_MODE before MAX_ANISO_RATIO.
    smp.max_aniso_ratio = 5;
    st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_TRUE(Contains(st.message(), "S#.FILTER_MODE=3")) << st.message();
    smp.mip_filter = static_cast<MipFilter>(4);
    st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_TRUE(Contains(st.message(), "S#.MIP_FILTER=4")) << st.message();
    smp.xy_min_filter = static_cast<XyFilter>(4);
    st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_TRUE(Contains(st.message(), "S#.XY_FILTER=4")) << st.message();
    smp.clamp_y = static_cast<ClampMode>(9);
    st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
    EXPECT_TRUE(Contains(st.message(), "S#.CLAMP_Y=9")) << st.message();
  }
  // GATHER4 _LZ at s = t = 0.5 (u = v = 1: i0 = j0 = 0): T(0,1), T(1,1), T(1,0), T(0,0) = 3, 4, 2,
  // 1 under BLEND, MIN and MAX alike.
  for (FilterMode mode : {FilterMode::kBlend, FilterMode::kMin, FilterMode::kMax}) {
    const SamplerDesc smp = WithMode(base, mode);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    TexRequest r = w.Make(kGather4Lz, &img, &g.memory, 1, &smp);
    r.mods.dmask = 0x1;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(3.0f), F(4.0f), F(2.0f), F(1.0f)}));
    // GET_LOD: a quad with ds/dx = 1 (dudx = 2, rx = 4): y = lambda = 1, x = POINT d = 1.
    Wave l;
    Quad(l, 0, 0.0f, 0.0f, 1.0f, 0, 0, 0);
    TexRequest q = l.Make(kGetLod, &img, nullptr, 4, &smp);
    q.mods.dmask = 0x3;
    ExpectOk(reference::Execute(q));
    EXPECT_EQ(l.out[0][0], F(0.0f));  // x: the POINT level, clamped to M = 0
    EXPECT_EQ(l.out[1][0], F(1.0f));
  }
}

// ============================================================================================
// Anisotropic filtering: N probes along the footprint's long axis on each level, the LOD of
// P / N^2.

// A 16x16 single-level R32_FLOAT (W = H = 16) whose texels tell where a probe landed: row 3 holds
// T(x, 3) = 2^x, column 12 holds T(12, y) = 2^(10 + y) for y != 3, the diagonal T(k, k) =
// 1000 (k - 5) for k = 6..9, and every other texel is 0. A POINT probe at (s, t) reads
// T(floor(16 s), floor(16 t)).
void FillProbeImage(Guest& g) {
  for (uint32_t x = 0; x < 16; ++x) g.Put<float>(0, 16, x, 3, std::ldexp(1.0f, int(x)));
  for (uint32_t y = 0; y < 16; ++y) {
    if (y != 3) g.Put<float>(0, 16, 12, y, std::ldexp(1.0f, int(10 + y)));
  }
  for (uint32_t k = 6; k <= 9; ++k) g.Put<float>(0, 16, k, k, 1000.0f * float(k - 5));
}

// The S# of these tests: XY filters, MAX_ANISO_RATIO (R = 2^ratio) and the mip filter.
SamplerDesc AnisoSampler(XyFilter mag, XyFilter min, uint8_t ratio,
                         MipFilter mip = MipFilter::kNone) {
  SamplerDesc s = Sampler(mag, min, mip);
  s.max_aniso_ratio = ratio;
  return s;
}

// _D and _CD operands of `lane`: (ds/dx, dt/dx) and (ds/dy, dt/dy).
void Derivs(Wave& w, uint32_t lane, float dsx, float dtx, float dsy, float dty) {
  w.deriv[0][0][lane] = F(dsx);
  w.deriv[0][1][lane] = F(dtx);
  w.deriv[1][0][lane] = F(dsy);
  w.deriv[1][1][lane] = F(dty);
}

// ANISO_POINT with R = 16 (MAX_ANISO_RATIO 4), _D, on the probe image. MAG is BILINEAR, so a lane
// that did not probe would return a bilinear value. Every lane minifies (isotropic lambda > 0),
// and the anisotropic lambdas are at most 0 here (level 0, the only one), so the probes are POINT
// lookups of level 0. o_k = float(2k + 1 - N) / float(2N); probe k at s + o_k ds, t + o_k dt.
//  Lane 0, 4:1 along x: ds/dx = 0.25, dt/dy = 1/16: dudx = 4, dvdy = 1, rx = 16, ry = 1 (isotropic
//    lambda 2); N = min(ceil(sqrt(16 / 1)), 16) = 4; the axis is (ds/dx, dt/dx) = (0.25, 0) as
//    rx >= ry. o = -3/8, -1/8, 1/8, 3/8: s_k = 0.5 + o_k / 4 = 0.40625, 0.46875, 0.53125,
//    0.59375, u = 6.5, 7.5, 8.5, 9.5; t = 3.5 / 16: v = 3.5. T(6..9, 3) = 64, 128, 256, 512:
//    mean ((64 + 128) + 256 + 512) / 4 = 960 / 4 = 240; MIN 64, MAX 512.
//  Lane 1, 4:1 along y: ds/dx = 1/16, dt/dy = 0.25: rx = 1, ry = 16, axis (ds/dy, dt/dy) =
//    (0, 0.25); s = 12.5 / 16, t = 0.5: v = 6.5..9.5: T(12, 6..9) = 2^16..2^19, sum 983040,
//    mean 245760; MIN 65536, MAX 524288.
//  Lane 2, diagonal: ds/dx = dt/dx = 0.25 (rx = 16 + 16 = 32), ds/dy = 1/16, dt/dy = -1/16
//    (ry = 1 + 1 = 2): P / Q = 16, N = 4, axis (0.25, 0.25); s = t = 0.5: texels (6,6), (7,7),
//    (8,8), (9,9) = 1000, 2000, 3000, 4000: mean 2500; MIN 1000, MAX 4000.
//  Lane 3, 8:1: ds/dx = 0.5 (dudx = 8, rx = 64), dt/dy = 1/16: N = ceil(sqrt(64)) = 8,
//    o_k = (2k - 7) / 16, s_k = 0.5 + (2k - 7) / 32, u = 4.5 + k: T(4..11, 3) = 2^4..2^11, sum
//    2^12 - 2^4 = 4080, mean 4080 / 8 = 510; MIN 16, MAX 2048.
//  Lane 4, barely anisotropic: ds/dx = 0.25, dt/dx = 2^-13 (dvdx = 2^-9): rx = 16 + 2^-18 (exact:
//    ulp(16) = 2^-19), ry = 1. sqrt(16 + 2^-18) = 4 sqrt(1 + 2^-22) = 4 + 2^-21 - (about 2^-46),
//    which rounds to 4 + 2^-21 (representable): N = 5. o = -0.4f, -0.2f, 0, 0.2f, 0.4f;
//    s_k = 0.5f + o_k * 0.25f = 0.4000000060, 0.4499999881, 0.5, 0.5500000119, 0.6000000238
//    (each sum rounded to the nearer binary32), u = 6.4, 7.2, 8, 8.8, 9.6: i = 6, 7, 8, 8, 9;
//    t_k = t + o_k * 2^-13 keeps v within 3.5 +- 0.0008: row 3. Sum ((((64 + 128) + 256) + 256) +
//    512) = 1216, mean 1216 / 5 = 243.2f; MIN 64, MAX 512. (The anisotropic lambda,
//    0.5 log2((16 + 2^-18) / 25) = -0.32, is below 0: the lane still probes, with the MIN filter
//    its isotropic lambda 2 chose; the MAG filter's BILINEAR would give 0.5 * 128 + 0.5 * 256 =
//    192.)
//  Lane 5, a ratio just above 16 that rounds to 4 probes: ds/dx = 0.25 (rx = 16), dt/dy =
//    (1 - 2^-24) / 16 (dvdy = 1 - 2^-24, exact; ry = (1 - 2^-24)^2 = 1 - 2^-23 + 2^-48, rounded to
//    1 - 2^-23). P / Q = 16 / (1 - 2^-23) = 16 + 2^-19 + 2^-42 + ..., rounded to 16 + 2^-19;
//    sqrt(16 + 2^-19) = 4 + 2^-22 - 2^-47 + ..., just below the midpoint of 4 and 4 + 2^-21, so
//    4: N = ceil(4) = 4 in binary32 (a square root in double would give 4.00000024 and N = 5).
//    As lane 0: 240, MIN 64, MAX 512.
TEST(ReferenceAniso, ProbeCountAndPositions) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  const float t3 = 3.5f / 16;
  struct Lane {
    float s, t, dsx, dtx, dsy, dty;
    float blend, min, max;
  };
  const Lane lanes[] = {
      {0.5f, t3, 0.25f, 0, 0, 1 / 16.0f, 240, 64, 512},
      {12.5f / 16, 0.5f, 1 / 16.0f, 0, 0, 0.25f, 245760, 65536, 524288},
      {0.5f, 0.5f, 0.25f, 0.25f, 1 / 16.0f, -1 / 16.0f, 2500, 1000, 4000},
      {0.5f, t3, 0.5f, 0, 0, 1 / 16.0f, 510, 16, 2048},
      {0.5f, t3, 0.25f, 0x1p-13f, 0, 1 / 16.0f, 1216.0f / 5.0f, 64, 512},
      {0.5f, t3, 0.25f, 0, 0, (1.0f - 0x1p-24f) / 16, 240, 64, 512},
  };
  constexpr uint32_t kLanes = sizeof(lanes) / sizeof(lanes[0]);
  EXPECT_EQ(1216.0f / 5.0f, 243.2f);
  for (FilterMode mode : {FilterMode::kBlend, FilterMode::kMin, FilterMode::kMax}) {
    const SamplerDesc smp =
        WithMode(AnisoSampler(XyFilter::kBilinear, XyFilter::kAnisoPoint, 4), mode);
    Wave w;
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      const Lane& k = lanes[lane];
      w.St(lane, k.s, k.t);
      Derivs(w, lane, k.dsx, k.dtx, k.dsy, k.dty);
    }
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, kLanes, &smp)));
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      const Lane& k = lanes[lane];
      const float want = mode == FilterMode::kBlend ? k.blend
                         : mode == FilterMode::kMin ? k.min
                                                    : k.max;
      EXPECT_EQ(w.out[0][lane], F(want)) << "mode " << int(mode) << " lane " << lane;
    }
  }
}

// Implicit LOD: the quad's differences give rx, ry and the long axis, shared by its four lanes,
// and each lane probes around its own (s, t). _CD takes the top-left lane's derivatives for the
// whole quad, _D each lane's own. ANISO_POINT, R = 16, MAG POINT, on the probe image.
// Quad: TL (0.5, 3.5/16), TR (0.75, 3.5/16), BL (0.5, 4.5/16), BR (0.75, 4.5/16): s[TR] - s[TL] =
// 0.25, t[BL] - t[TL] = 1/16: dudx = 4, dvdy = 1, N = 4 along (0.25, 0): u_k = 16 s + (-1.5,
// -0.5, 0.5, 1.5).
//   TL: row 3, i = 6..9: 240.  TR: row 3, i = 10..13: (1024 + 2048 + 4096 + 8192) / 4 = 3840.
//   BL: row 4, i = 6..9: all 0.  BR: row 4, i = 10..13: only T(12, 4) = 2^14: 16384 / 4 = 4096.
TEST(ReferenceAniso, ImplicitAndCoarseDerivativesShareTheQuadsAxis) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  const SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, 4);
  const float expected[4] = {240, 3840, 0, 4096};
  Wave w;
  Quad(w, 0, 0.5f, 3.5f / 16, 0.25f, 0, 0, 1 / 16.0f);
  ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 4, &smp)));
  for (uint32_t lane = 0; lane < 4; ++lane) EXPECT_EQ(w.out[0][lane], F(expected[lane])) << lane;

  // _CD: the top-left lane's (0.25, 0), (0, 1/16) for all four; the other lanes' own derivatives
  // (1/16, 0), (0, 1/16) are isotropic (rx = ry = 1, lambda 0) and not read. _D reads them: lanes
  // 1-3 magnify (lambda 0) and take the MAG filter, POINT at their own (s, t): T(12, 3) = 4096,
  // T(8, 4) = 0, T(12, 4) = 16384.
  const float expected_d[4] = {240, 4096, 0, 16384};
  for (Op op : {kSampleCd, kSampleD}) {
    Wave c;
    Quad(c, 0, 0.5f, 3.5f / 16, 0.25f, 0, 0, 1 / 16.0f);
    Derivs(c, 0, 0.25f, 0, 0, 1 / 16.0f);
    for (uint32_t lane = 1; lane < 4; ++lane) Derivs(c, lane, 1 / 16.0f, 0, 0, 1 / 16.0f);
    ExpectOk(reference::Execute(c.Make(op, &img, &g.memory, 4, &smp)));
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const float want = op.flags == kOpCoarseDeriv ? expected[lane] : expected_d[lane];
      EXPECT_EQ(c.out[0][lane], F(want)) << OpName(op) << " lane " << lane;
    }
  }
}

// N = min(ceil(sqrt(P / Q)), R): lane 0 is the 8:1 footprint above (ds/dx = 0.5, dt/dy = 1/16;
// ceil(sqrt(64)) = 8); lane 1 has Q = 0 (ds/dx = 0.25, no dt/dy: P / Q = inf), so N = R. On the
// probe image, ANISO_POINT, MAG POINT, t = 3.5/16 (row 3), s = 0.5:
//   R = 1 (ratio 0): no lane probes: POINT at u = 8: T(8, 3) = 256 for both.
//   R = 2: lane 0 N = 2, o = -1/4, 1/4, s_k = 0.5 -+ 0.125, u = 6, 10: (64 + 1024) / 2 = 544;
//          lane 1 N = 2, s_k = 0.5 -+ 0.0625, u = 7, 9: (128 + 512) / 2 = 320.
//   R = 4: lane 0 N = 4, s_k = 0.5 + (-3, -1, 1, 3) / 16, u = 5, 7, 9, 11:
//          (32 + 128 + 512 + 2048) / 4 = 680; lane 1 N = 4: u = 6.5..9.5: 240.
//   R = 8: lane 0 N = 8: 510 (u = 4.5..11.5); lane 1 N = 8, o_k = (2k - 7) / 16, s_k = 0.5 +
//          (2k - 7) / 64, u = 8 + (2k - 7) / 4 = 6.25, 6.75, 7.25, 7.75, 8.25, 8.75, 9.25, 9.75:
//          (2 * 64 + 2 * 128 + 2 * 256 + 2 * 512) / 8 = 1920 / 8 = 240 (summed in order, exact).
//   R = 16: lane 0 N = 8 still (ceil(sqrt(64)) < 16): 510; lane 1 N = 16, s_k = 0.5 +
//          (2k - 15) / 128, u = 8 + (2k - 15) / 8: four probes in each of i = 6, 7, 8, 9: 240.
TEST(ReferenceAniso, RatioCapsTheProbeCount) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  const float expected[5][2] = {{256, 256}, {544, 320}, {680, 240}, {510, 240}, {510, 240}};
  for (uint8_t ratio = 0; ratio <= 4; ++ratio) {
    const SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, ratio);
    Wave w;
    w.St(0, 0.5f, 3.5f / 16);
    Derivs(w, 0, 0.5f, 0, 0, 1 / 16.0f);
    w.St(1, 0.5f, 3.5f / 16);
    Derivs(w, 1, 0.25f, 0, 0, 0);
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 2, &smp)));
    for (uint32_t lane = 0; lane < 2; ++lane) {
      EXPECT_EQ(w.out[0][lane], F(expected[ratio][lane])) << "ratio " << int(ratio) << " " << lane;
    }
  }
}

// N = 1 is the BILINEAR lookup at (s, t) itself. On the probe image at s = 7.75/16, t = 3.5/16:
// u = 7.75, i0 = 7, a = 0.25; v = 3.5, j0 = 3, b = 0: w00 = 0.75, w10 = 0.25, w01 = w11 = 0:
// ((0.75 * 128 + 0.25 * 256) + 0 * 0) + 0 * 0 = 160. ANISO_BILINEAR, MAG POINT (which would give
// T(7, 3) = 128), R = 16:
//   lane 0: ds/dx = dt/dy = 1/8: rx = ry = 4, N = ceil(sqrt(1)) = 1, lambda 1: 160;
//   lane 1: ds/dx = +inf: rx = inf, so N = 1 (P infinite), lambda inf -> MAX_LOD: 160 (a probe
//           at s + 0 * inf would be NaN, u = 0);
//   lane 2: 4:1 (ds/dx = 0.25, dt/dy = 1/16), N = 4: probes s_k = 7.75/16 + (-3, -1, 1, 3) / 32,
//           u = 6.25, 7.25, 8.25, 9.25, each BILINEAR with a = 0.75, b = 0:
//           0.25 T(i0) + 0.75 T(i0 + 1) = 1.75 * 2^i0 for i0 = 5..8: 56, 112, 224, 448; sum 840,
//           mean 210.
// The same lanes with MAX_ANISO_RATIO 0 (R = 1, no probes), or with the BILINEAR filter: 160 each.
TEST(ReferenceAniso, OneProbeIsBilinear) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  const float dsx[3] = {0.125f, Inf(), 0.25f}, dty[3] = {0.125f, 1 / 16.0f, 1 / 16.0f};
  struct Variant {
    XyFilter min;
    uint8_t ratio;
    float lane2;
  };
  const Variant variants[] = {{XyFilter::kAnisoBilinear, 4, 210},
                              {XyFilter::kAnisoBilinear, 0, 160},
                              {XyFilter::kBilinear, 4, 160}};
  for (const Variant& v : variants) {
    const SamplerDesc smp = AnisoSampler(XyFilter::kPoint, v.min, v.ratio);
    Wave w;
    for (uint32_t lane = 0; lane < 3; ++lane) {
      w.St(lane, 7.75f / 16, 3.5f / 16);
      Derivs(w, lane, dsx[lane], 0, 0, dty[lane]);
    }
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 3, &smp)));
    SCOPED_TRACE(int(v.ratio));
    EXPECT_EQ(w.out[0][0], F(160.0f));
    EXPECT_EQ(w.out[0][1], F(160.0f));
    EXPECT_EQ(w.out[0][2], F(v.lane2));
  }
}

// A 16x16 R32_FLOAT with 5 levels, level L filled with L + 1. Level offsets (4-byte texels):
// 16x16 at 0 (1024 bytes), 8x8 at 1024 (ends at 1280), 4x4 at 1280 (ends at 1344), 2x2 at 1536,
// 1x1 at 1792.
void FillLevelTags(Guest& g) {
  const uint32_t offsets[5] = {0, 1024, 1280, 1536, 1792};
  for (uint32_t level = 0; level < 5; ++level) {
    const uint32_t n = 16 >> level;
    for (uint32_t y = 0; y < n; ++y) {
      for (uint32_t x = 0; x < n; ++x) g.Put<float>(offsets[level], n, x, y, float(level + 1));
    }
  }
}

// The LOD is 0.5 log2(P / (N * N)), and the levels follow from it by the mip filter (POINT and
// POINT_ANISO_ADJ alike). ANISO_POINT, _D; the mean of N probes of a constant level is the
// constant (N c / N, exact).
//   Lane 0: ds/dx = 0.5, dt/dy = 1/16: rx = 64, ry = 1, isotropic lambda 3 (level 3: 4).
//     R = 16 and 8: N = 8, lambda = 0.5 log2(64 / 64) = 0: level 0, 1.
//     R = 4: N = 4, lambda = 0.5 log2(64 / 16) = 1: level 1, 2.
//     R = 2: N = 2, lambda = 0.5 log2(64 / 4) = 2: level 2, 3.
//     R = 1: no probes, lambda 3: level 3, 4.
TEST(ReferenceAniso, LodOfPOverNSquaredSelectsTheLevel) {
  Guest g(4096);
  FillLevelTags(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16, 5);
  const float expected[5] = {4, 3, 2, 1, 1};  // by MAX_ANISO_RATIO 0..4
  for (MipFilter mip : {MipFilter::kPoint, MipFilter::kPointAnisoAdj}) {
    for (uint8_t ratio = 0; ratio <= 4; ++ratio) {
      const SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, ratio, mip);
      Wave w;
      w.St(0, 0.5f, 0.5f);
      Derivs(w, 0, 0.5f, 0, 0, 1 / 16.0f);
      ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], F(expected[ratio])) << "mip " << int(mip) << " ratio " << int(ratio);
    }
  }
}

// Mip LINEAR over the anisotropic lambda. ds/dx = dt/dx = 0.5 (dudx = dvdx = 8, rx = 128),
// ds/dy = 1/16, dt/dy = -1/16 (ry = 2): P / Q = 64, N = 8 (R = 16), lambda = 0.5 log2(128 / 64) =
// 0.5: d0 = 0, d1 = 1, f = 0.5: 0.5 * 1 + 0.5 * 2 = 1.5 (the isotropic lambda 3.5 would give
// 0.5 * 4 + 0.5 * 5 = 4.5). MIN over the two levels: 1; MAX: 2.
TEST(ReferenceAniso, MipLinearBlendsTheLevelsOfTheAnisotropicLambda) {
  Guest g(4096);
  FillLevelTags(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16, 5);
  const FilterMode modes[3] = {FilterMode::kBlend, FilterMode::kMin, FilterMode::kMax};
  const float expected[3] = {1.5f, 1.0f, 2.0f};
  for (int m = 0; m < 3; ++m) {
    const SamplerDesc smp = WithMode(
        AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, 4, MipFilter::kLinear), modes[m]);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    Derivs(w, 0, 0.5f, 0.5f, 1 / 16.0f, -1 / 16.0f);
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(expected[m])) << "mode " << m;
  }
}

// Only minifying lanes probe: the isotropic lambda of steps 1-5 (bias and clamps included) must be
// above 0. ANISO_POINT as both MAG and MIN filter, R = 16, on the probe image at (0.5, 3.5/16),
// where a POINT lookup reads T(8, 3) = 256.
//   ds/dx = 1/16, dt/dy = 1/64: rx = 1, ry = 1/16, lambda 0: magnification, one POINT lookup:
//     256 (probes would be N = 4 at u = 8 + (-3, -1, 1, 3) / 8: T(7), T(7), T(8), T(8), 192).
//   4:1 (ds/dx = 0.25, dt/dy = 1/16, lambda 2) with S# LOD_BIAS -2 (-512): lambda 0: 256;
//     with LOD_BIAS -511/256: lambda 1/256 > 0: probes, N = 4, lambda 0 - 511/256 clamped to 0:
//     240; with MAX_LOD 0: lambda 0: 256.
TEST(ReferenceAniso, MagnifyingLanesDoNotProbe) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  SamplerDesc smp = AnisoSampler(XyFilter::kAnisoPoint, XyFilter::kAnisoPoint, 4);
  {
    Wave w;
    w.St(0, 0.5f, 3.5f / 16);
    Derivs(w, 0, 1 / 16.0f, 0, 0, 1 / 64.0f);
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(256.0f));
  }
  struct Case {
    int16_t bias;
    uint16_t max_lod;
    float expected;
  };
  const Case cases[] = {{-512, 15 << 8, 256}, {-511, 15 << 8, 240}, {0, 0, 256}, {0, 15 << 8, 240}};
  for (const Case& k : cases) {
    smp.lod_bias = k.bias;
    smp.max_lod = k.max_lod;
    Wave w;
    w.St(0, 0.5f, 3.5f / 16);
    Derivs(w, 0, 0.25f, 0, 0, 1 / 16.0f);
    ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(k.expected)) << "bias " << k.bias << " max_lod " << k.max_lod;
  }
}

// Only a derivative LOD probes: _L (lod 2, minification) and _LZ take one lookup at (s, t); so
// does an integer format (never filtered), and GATHER4 gathers its footprint. GET_LOD reports the
// isotropic lambda. ANISO_POINT (MAG POINT), R = 16, the 4:1 footprint ds/dx = 0.25, dt/dy = 1/16
// (rx = 16, ry = 1: isotropic lambda 2; N = 4 would give lambda 0) at (0.5, 3.5/16): one POINT
// lookup reads T(8, 3) = 256; the probes, 240.
TEST(ReferenceAniso, OnlyDerivativeLodsOnFloatFormatsProbe) {
  Guest g(4096);
  FillProbeImage(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16);
  const SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, 4);
  Wave w;
  for (uint32_t lane = 0; lane < 4; ++lane) {
    w.St(lane, 0.5f, 3.5f / 16);
    Derivs(w, lane, 0.25f, 0, 0, 1 / 16.0f);
    w.lod[lane] = F(2.0f);
  }
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.out[0][0], F(256.0f));
  ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.out[0][0], F(256.0f));
  ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &smp)));
  EXPECT_EQ(w.out[0][0], F(240.0f));

  // R32_UINT with the same values as integers: one POINT lookup, 256 (a mean of probes would be
  // 240).
  Guest gu(4096);
  for (uint32_t x = 0; x < 16; ++x) gu.Put<uint32_t>(0, 16, x, 3, 1u << x);
  const ImageDesc uimg = ImageOf(FormatId::kR32_UINT, 16, 16);
  Wave u;
  u.St(0, 0.5f, 3.5f / 16);
  Derivs(u, 0, 0.25f, 0, 0, 1 / 16.0f);
  ExpectOk(reference::Execute(u.Make(kSampleD, &uimg, &gu.memory, 1, &smp)));
  EXPECT_EQ(u.out[0][0], 256u);

  // GET_LOD: y = the isotropic lambda 0.5 log2(16) = 2, x = POINT rule on it (M = 0): 0.
  Wave l;
  Quad(l, 0, 0.5f, 3.5f / 16, 0.25f, 0, 0, 1 / 16.0f);
  TexRequest r = l.Make(kGetLod, &img, nullptr, 4, &smp);
  r.mods.dmask = 0x3;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 4; ++lane) {
    EXPECT_EQ(l.out[0][lane], F(0.0f)) << lane;
    EXPECT_EQ(l.out[1][lane], F(2.0f)) << lane;
  }
  // GATHER4 (implicit LOD) at the quad's top-left: u = 8, v = 3.5: i0 = 7, j0 = 3: T(7, 4),
  // T(8, 4), T(8, 3), T(7, 3) = 0, 0, 256, 128.
  TexRequest q = l.Make(kGather4, &img, &g.memory, 4, &smp);
  q.mods.dmask = 0x1;
  ExpectOk(reference::Execute(q));
  EXPECT_EQ(l.Lane(0), (std::array<uint32_t, 4>{F(0.0f), F(0.0f), F(256.0f), F(128.0f)}));
}

// MIP_FILTER 3 (POINT_ANISO_ADJ) is POINT, on non-probing lanes too. On the level tags (level L
// holds L + 1), XY POINT: _L lod 1.4: floor(1.9) = 1: 2 (LINEAR would give 0.6 * 2 + 0.4 * 3);
// lod 1.6: floor(2.1) = 2: 3. GATHER4 _L lod 1.4 reads level 1: 2 in all four. GET_LOD of the
// quad ds/dx = dt/dx = 1/8, ds/dy = dt/dy = 1/32 (dudx = dvdx = 2, rx = 8; dudy = dvdy = 0.5,
// ry = 0.5): y = 0.5 log2(8) = 1.5 (the isotropic lambda, though ANISO_POINT with R = 16 would
// probe N = 4 times at lambda 0.5 log2(8 / 16) = -0.5), x = float(floor(1.5 + 0.5)) = 2.
TEST(ReferenceAniso, PointAnisoAdjIsPoint) {
  Guest g(4096);
  FillLevelTags(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 16, 16, 5);
  const SamplerDesc smp =
      AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, 4, MipFilter::kPointAnisoAdj);
  Wave w;
  w.St(0, 0.5f, 0.5f);
  w.lod[0] = F(1.4f);
  w.St(1, 0.5f, 0.5f);
  w.lod[1] = F(1.6f);
  ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 2, &smp)));
  EXPECT_EQ(w.out[0][0], F(2.0f));
  EXPECT_EQ(w.out[0][1], F(3.0f));
  TexRequest r = w.Make(kGather4L, &img, &g.memory, 1, &smp);
  r.mods.dmask = 0x1;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(2.0f), F(2.0f), F(2.0f), F(2.0f)}));
  Wave l;
  Quad(l, 0, 0.25f, 0.25f, 0.125f, 0.125f, 0.03125f, 0.03125f);
  TexRequest q = l.Make(kGetLod, &img, nullptr, 4, &smp);
  q.mods.dmask = 0x3;
  ExpectOk(reference::Execute(q));
  EXPECT_EQ(l.out[0][0], F(2.0f));
  EXPECT_EQ(l.out[1][0], F(1.5f));
}

// MAX_ANISO_RATIO 5..7 are reserved for every sampler op (whatever the filters), checked right
// after FILTER_MODE and before DEPTH_COMPARE_FUNC and the border color; 4 (16x) is the largest.
TEST(ReferenceAniso, MaxAnisoRatioAbove4IsReserved) {
  Guest g(4096);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 4, 4);
  for (Op op : {kSample, kSampleLz, kGather4Lz, kGetLod}) {
    for (uint8_t ratio = 0; ratio <= 7; ++ratio) {
      SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kPoint, ratio);
      Wave w;
      const Status st = reference::Execute(w.Make(op, &img, &g.memory, 4, &smp));
      if (ratio <= 4) {
        ExpectOk(st);
        continue;
      }
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
      EXPECT_TRUE(Contains(st.message(), "S#.MAX_ANISO_RATIO=" + std::to_string(ratio)))
          << st.message();
      EXPECT_EQ(w.out[0][0], kSentinel);
    }
  }
  // Before the compare function and the border color table.
  SamplerDesc smp = AnisoSampler(XyFilter::kPoint, XyFilter::kPoint, 5);
  smp.depth_compare_func = static_cast<CompareFunc>(9);
  smp.clamp_x = ClampMode::kClampBorder;
  smp.border_color_type = BorderColorType::kRegister;
  smp.border_color_ptr = 7;  // no table
  Wave w;
  Status st = reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp));
  EXPECT_TRUE(Contains(st.message(), "S#.MAX_ANISO_RATIO=5")) << st.message();
  smp.max_aniso_ratio = 4;
  st = reference::Execute(w.Make(kSampleCLz, &img, &g.memory, 1, &smp));
  EXPECT_TRUE(Contains(st.message(), "DEPTH_COMPARE_FUNC=9")) << st.message();
}

// ============================================================================================
// Partially resident textures ("Partially resident textures (PRT) and the status dword"). A T#
// with MIN_LOD_WARN != 0 is a PRT; TexRequest::residency has one bit per 64 KiB page of the
// footprint, counted from the base address. A 256x128 level of 4-byte texels is 131072 bytes, two
// pages; a row is 1 KiB, so rows 0..63 are page 0 and rows 64..127 page 1 (row 64 starts at byte
// 65536).

TexRequest WithMap(TexRequest r, const uint64_t* map, uint64_t pages) {
  r.residency = map;
  r.residency_pages = pages;
  return r;
}

ImageDesc Prt2D(Kind num, uint32_t levels, uint16_t min_lod_warn) {
  ImageDesc d = Image2D(num, 256, 128, levels);
  d.min_lod_warn = min_lod_warn;
  return d;
}

// BILINEAR between rows 63 (page 0) and 64 (page 1, not resident: map 0b01). Row 63's texels 10
// and 11 hold (200, 100, 50, 255); row 64's hold (10, 20, 30, 40), which must not be read: they
// filter as 0. s = 10.5 / 256 gives u = 10.5, i0 = 10, a = 0 (w10 = w11 = 0).
//   lane 0: t = 0.5, v = 64, j0 = 63, b = 0.5: w00 = w01 = 0.5, so per channel
//     c = ((0.5 * T(10,63) + 0 * T(11,63)) + 0.5 * 0) + 0 * 0 = (100, 50, 25, 127.5) codes / 255;
//     TEXEL_FAIL.
//   lane 1: t = 63.5 / 128, v = 63.5, j0 = 63, b = 0: c = T(10,63) = (200, 100, 50, 255) / 255,
//     but T(i0, j1) and T(i1, j1) were read (weight 0): TEXEL_FAIL all the same.
//   lane 2: t = 63 / 128, v = 63, j0 = 62, b = 0.5: rows 62 (zeros) and 63, both in page 0:
//     0.5 * 0 + 0.5 * T(10,63), the same values as lane 0, status 0.
// Status with TFE: TEXEL_FAIL | LOD 0 << 16 = 1. FILTER_MODE MIN takes T(i0,j0) alone on lane 1 (a
// = b = 0) but reads the four: (200, 100, 50, 255) / 255 and TEXEL_FAIL.
TEST(ReferencePrt, BilinearStraddlingThePageBoundary) {
  Guest g(131072);
  const ImageDesc img = Prt2D(Kind::kUnorm, 1, 0x100);
  for (uint32_t x : {10u, 11u}) {
    g.Put8(0, 256, x, 63, {200, 100, 50, 255});
    g.Put8(0, 256, x, 64, {10, 20, 30, 40});
  }
  const uint64_t map[1] = {0b01};
  SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  Wave w;
  w.St(0, 10.5f / 256, 0.5f);
  w.St(1, 10.5f / 256, 63.5f / 128);
  w.St(2, 10.5f / 256, 63.0f / 128);
  TexRequest r = WithMap(w.Make(kSampleLz, &img, &g.memory, 3, &smp), map, 2);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  const std::array<uint32_t, 4> half = {F(100.0f / 255.0f), F(50.0f / 255.0f), F(25.0f / 255.0f),
                                        F(127.5f / 255.0f)};
  EXPECT_EQ(w.Lane(0), half);
  EXPECT_EQ(w.Lane(1), Unorm({200, 100, 50, 255}));
  EXPECT_EQ(w.Lane(2), half);
  EXPECT_EQ((std::array<uint32_t, 3>{w.status[0], w.status[1], w.status[2]}),
            (std::array<uint32_t, 3>{1, 1, 0}));

  smp.filter_mode = FilterMode::kMin;
  Wave m;
  m.St(0, 10.5f / 256, 63.5f / 128);
  r = WithMap(m.Make(kSampleLz, &img, &g.memory, 1, &smp), map, 2);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(m.Lane(0), Unorm({200, 100, 50, 255}));
  EXPECT_EQ(m.status[0], 1u);
}

// LOD = base_level + d0, the finer level. 256x128 RGBA8 UNORM with 4 levels: level 0 (131072
// bytes) is pages 0-1; level 1 (128x64, 32768 bytes) starts at 131072, level 2 (64x32, 8192) at
// 163840, level 3 (32x16, 2048) at 172032; the footprint ends at 174080: ceil(174080 / 65536) = 3
// pages, levels 1-3 all in page 2. Map 0b011: page 2 not resident. Level 0 is all (255, 0, 0,
// 255). SAMPLE_L, BILINEAR, MIP LINEAR, at the centre of level 0's texel (10, 20):
//   lod 0: d0 = 0, f = 0: c(d0) alone (level 1 not read): a = b = 0, (1, 0, 0, 1); LOD 0.
//   lod 1.5: d0 = 1, d1 = 2, f = 0.5: both levels read as 0: (0, 0, 0, 0); LOD 1.
//   lod 2: d0 = 2, f = 0: level 2 as 0; LOD 2. lod 3: d0 = M = 3, f = 0: LOD 3.
// MIN_LOD_WARN 0x180 (1.5): LOD * 256 < 384 for LOD 0 and 1. Status:
//   TFE: 0, 1 | 1 << 16, 1 | 2 << 16, 1 | 3 << 16.
//   LWE: 0x2, 0x2 | 1 << 16 (no TEXEL_FAIL without TFE), 0, 0.
//   both: 0x2, then the failing lanes' TEXEL_FAIL | LOD << 16 (no warning with TEXEL_FAIL).
// BASE_LEVEL 1: lod 0 reads view level 0 = memory level 1: TEXEL_FAIL | 1 << 16 with TFE and LWE,
// or with every page resident (map 0b111) the warning 0x2 | 1 << 16 (256 < 384), value 0 (level 1
// holds zeros).
TEST(ReferencePrt, SampleStatusLodIsTheFinerLevel) {
  Guest g(174080);
  const ImageDesc img = Prt2D(Kind::kUnorm, 4, 0x180);
  g.Fill8(0, 256, 128, {255, 0, 0, 255});
  const uint64_t map[1] = {0b011};
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kLinear);
  struct Mode {
    bool tfe, lwe;
    uint32_t status[4];
  };
  const Mode modes[] = {
      {true, false, {0, 0x10001, 0x20001, 0x30001}},
      {false, true, {0x2, 0x10002, 0, 0}},
      {true, true, {0x2, 0x10001, 0x20001, 0x30001}},
  };
  const float lods[4] = {0.0f, 1.5f, 2.0f, 3.0f};
  for (const Mode& k : modes) {
    Wave w;
    for (uint32_t lane = 0; lane < 4; ++lane) {
      w.St(lane, 10.5f / 256, 20.5f / 128);
      w.lod[lane] = F(lods[lane]);
    }
    TexRequest r = WithMap(w.Make(kSampleL, &img, &g.memory, 4, &smp), map, 3);
    r.mods.tfe = k.tfe;
    r.mods.lwe = k.lwe;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{kOne, 0, 0, kOne}));
    for (uint32_t lane = 1; lane < 4; ++lane) {
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{0, 0, 0, 0})) << lane;
    }
    for (uint32_t lane = 0; lane < 4; ++lane) {
      EXPECT_EQ(w.status[lane], k.status[lane]) << lane << " tfe " << k.tfe << " lwe " << k.lwe;
    }
  }
  ImageDesc view = img;
  view.base_level = 1;
  for (uint64_t pages : {uint64_t{0b011}, uint64_t{0b111}}) {
    Wave w;
    w.St(0, 10.5f / 256, 20.5f / 128);
    w.lod[0] = F(0.0f);
    TexRequest r = WithMap(w.Make(kSampleL, &view, &g.memory, 1, &smp), &pages, 3);
    r.mods.tfe = r.mods.lwe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0, 0, 0}));
    EXPECT_EQ(w.status[0], pages == 0b011 ? 0x10001u : 0x10002u);
  }
}

// GATHER4 across the page boundary: RGBA8 UINT, (10, 63) = (5, 50, 0, 9), (11, 63) = (6, 60, 0,
// 9) in page 0; (10, 64) = (7, 70, 0, 9) and (11, 64) = (8, 80, 0, 9) in page 1, not resident.
// s = 11 / 256, t = 0.5: u = 11, v = 64: i0 = 10, i1 = 11, j0 = 63, j1 = 64. Seed order T(i0,j1),
// T(i1,j1), T(i1,j0), T(i0,j0): X gives (0, 0, 6, 5), Y (0, 0, 60, 50); TEXEL_FAIL. Lane 1 at
// v = 32 reads rows 31 and 32 (zeros, page 0): status 0. A non-resident texel is zero before
// DST_SEL, as every sampler op takes it: with DST_SEL_W = 1 the gathered W is 1 for all four.
TEST(ReferencePrt, Gather4ZeroesTheNonResidentTexels) {
  Guest g(131072);
  ImageDesc img = Prt2D(Kind::kUint, 1, 0x100);
  g.Put8(0, 256, 10, 63, {5, 50, 0, 9});
  g.Put8(0, 256, 11, 63, {6, 60, 0, 9});
  g.Put8(0, 256, 10, 64, {7, 70, 0, 9});
  g.Put8(0, 256, 11, 64, {8, 80, 0, 9});
  const uint64_t map[1] = {0b01};
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  struct Case {
    uint8_t dmask;
    std::array<uint32_t, 4> lane0;
  };
  for (const Case& k : {Case{0b0001, {0, 0, 6, 5}}, Case{0b0010, {0, 0, 60, 50}}}) {
    Wave w;
    w.St(0, 11.0f / 256, 0.5f);
    w.St(1, 11.0f / 256, 32.0f / 128);
    TexRequest r = WithMap(w.Make(kGather4Lz, &img, &g.memory, 2, &smp), map, 2);
    r.mods.dmask = k.dmask;
    r.mods.tfe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), k.lane0) << int(k.dmask);
    EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{0, 0, 0, 0}));
    EXPECT_EQ(w.status[0], 1u);
    EXPECT_EQ(w.status[1], 0u);
  }
  img.dst_sel[3] = DstSel::k1;
  Wave w;
  w.St(0, 11.0f / 256, 0.5f);
  TexRequest r = WithMap(w.Make(kGather4Lz, &img, &g.memory, 1, &smp), map, 2);
  r.mods.dmask = 0b1000;
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{1, 1, 1, 1}));
  EXPECT_EQ(w.status[0], 1u);
}

// _C compares the zeroed texel: R32_FLOAT depths, (3, 10) = 0.75 (page 0) and (3, 100) = 0.75
// (page 1, not resident: D = 0). GREATER with ref 0.5: 0.5 > 0.75 fails (0), 0.5 > 0 passes (1).
// GATHER4_C at u = 4, v = 64 (i0 = 3, j0 = 63): T(3,64) and T(4,64) are not resident (D = 0:
// pass), T(4,63) = 0.25 passes, T(3,63) = 0.75 fails: (1, 1, 1, 0), TEXEL_FAIL.
TEST(ReferencePrt, CompareOfANonResidentTexelComparesZero) {
  Guest g(131072);
  ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 256, 128);
  img.min_lod_warn = 0x100;
  g.Put<float>(0, 256, 3, 10, 0.75f);
  g.Put<float>(0, 256, 3, 100, 0.75f);
  g.Put<float>(0, 256, 3, 63, 0.75f);
  g.Put<float>(0, 256, 4, 63, 0.25f);
  g.Put<float>(0, 256, 3, 64, 0.75f);
  g.Put<float>(0, 256, 4, 64, 0.75f);
  const uint64_t map[1] = {0b01};
  SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  smp.depth_compare_func = CompareFunc::kGreater;
  Wave w;
  Centre(w, 0, 3, 10, 256, 128);
  Centre(w, 1, 3, 100, 256, 128);
  w.zcompare[0] = w.zcompare[1] = F(0.5f);
  TexRequest r = WithMap(w.Make(kSampleCLz, &img, &g.memory, 2, &smp), map, 2);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{kOne, kOne, kOne, kOne}));
  EXPECT_EQ(w.status[0], 0u);
  EXPECT_EQ(w.status[1], 1u);

  Wave q;
  q.St(0, 4.0f / 256, 0.5f);
  q.zcompare[0] = F(0.5f);
  r = WithMap(q.Make(kGather4CLz, &img, &g.memory, 1, &smp), map, 2);
  r.mods.dmask = 0b0001;
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(q.Lane(0), (std::array<uint32_t, 4>{kOne, kOne, kOne, 0}));
  EXPECT_EQ(q.status[0], 1u);
}

// A seamless cube reads its edge and corner texels from the faces they are on. 128x128 R32_FLOAT
// faces are 65536 bytes each: face l is page l. Face 2 (+Y) is not resident (map 0b111011).
// Texel (i, j) of layer l holds CubeValue = 100 l + 10 j + i; Y, Z read 0 and W 1 (absent), and a
// non-resident texel is 0 in all four, W included.
//   lane 0: face 0 (+X), s = 64.5 / 128, t = 0.25 / 128: i0 = 64, a = 0; v = 0.25, j0 = -1,
//     b = 0.75. Row -1 is on -tc = +y: face 2, not resident. T(64,-1) = T(65,-1) = 0,
//     T(64,0) = 64, T(65,0) = 65: X = Bilerp(0, 0.75, 0, 0, 64, 65) = 0.75 * 64 = 48,
//     W = Bilerp(0, 0.75, 0, 0, 1, 1) = 0.75; TEXEL_FAIL.
//   lane 1: face 0 at texel (64, 64)'s centre: X = 704, all on face 0: status 0.
//   lane 2: face 1 (-X: sc +z, tc -y), s = t = 0.25 / 128: i0 = j0 = -1, a = b = 0.75. T(-1, 0)
//     has centre P = -x + (-1/128 - 1) z + (1/128 - 1)(-y) = (-1, 0.9921875, -1.0078125): face 5
//     (-Z: sc -x, tc -y), s' = (1 / 1.0078125 + 1) / 2 = 0.99612, i' = 127; t' = (-0.9921875 /
//     1.0078125 + 1) / 2 = 0.00775, j' = 0: 500 + 127 = 627. T(0, -1): P = (-1, 1.0078125,
//     -0.9921875): face 2, not resident: 0. The corner (-1, -1) is ((A + B) + C) / 3 of A = T(0, 0)
//     = 100, B = T(-1, 0) = 627, C = T(0, -1) = 0. TEXEL_FAIL (C and T(0, -1)).
//   lane 3: face 2 itself: (0, 0, 0, 0), TEXEL_FAIL.
TEST(ReferencePrt, SeamlessCubeChecksTheFacesItReads) {
  Guest g(6 * 65536);
  FillCube<float>(g, 128, 6);
  ImageDesc img = CubeImage(128, 6);
  img.min_lod_warn = 0x100;
  const uint64_t map[1] = {0b111011};
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kNone);
  CubeWave w;
  w.At(0, 64.5f / 128, 0.25f / 128, 0);
  w.At(1, 64.5f / 128, 64.5f / 128, 0);
  w.At(2, 0.25f / 128, 0.25f / 128, 1);
  w.At(3, 64.5f / 128, 64.5f / 128, 2);
  TexRequest r = WithMap(w.MakeCube(kSampleLz, &img, &g.memory, 4, &smp), map, 6);
  r.mods.tfe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(Bilerp(0.0f, 0.75f, 0, 0, 64, 65), 48.0f);
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(48.0f), 0, 0, F(0.75f)}));
  EXPECT_EQ(w.Lane(1), (std::array<uint32_t, 4>{F(704.0f), 0, 0, kOne}));
  EXPECT_EQ(CubeValue(5, 127, 0), 627.0f);
  EXPECT_EQ(w.Lane(2),
            (std::array<uint32_t, 4>{F(Bilerp(0.75f, 0.75f, CornerMean(100, 627, 0), 0, 627, 100)),
                                     0, 0, F(Bilerp(0.75f, 0.75f, CornerMean(1, 1, 0), 0, 1, 1))}));
  EXPECT_EQ(w.Lane(3), (std::array<uint32_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ((std::array<uint32_t, 4>{w.status[0], w.status[1], w.status[2], w.status[3]}),
            (std::array<uint32_t, 4>{1, 0, 1, 1}));
}

// 3D LINEAR z reads both slices even when g = 0. 128x128x2 R32_FLOAT: a slice is 65536 bytes, so
// slice k is page k; slice 1 is not resident (map 0b01). Texel (3, 5) holds 7 in slice 0 and 9 in
// slice 1. POINT XY at its centre:
//   r = 0.25: w = 0.5, k0 = 0, k1 = 1, g = 0: X = (1 - 0) * 7 + 0 * 0 = 7, W = 1 * 1 + 0 * 0 = 1;
//     slice 1 was read: TEXEL_FAIL. POINT z: k = floor(0.5) = 0 alone: 7, status 0.
//   r = 0.75: w = 1.5, k0 = 1 (not resident), k1 = 2 wraps to 0, g = 0: X = 1 * 0 + 0 * 7 = 0, W
//     = 1 * 0 + 0 * 1 = 0; TEXEL_FAIL. POINT z: k = 1: (0, 0, 0, 0), TEXEL_FAIL.
TEST(ReferencePrt, LinearZReadsBothSlicesEvenAtGZero) {
  Guest g(2 * 65536);
  ImageDesc img = Typed(ImageType::k3D, FormatId::kR32_FLOAT, 128, 128, 2);
  img.min_lod_warn = 0x100;
  g.Put<float>(0, 128, 3, 5, 7.0f);
  g.Put<float>(65536, 128, 3, 5, 9.0f);
  const uint64_t map[1] = {0b01};
  struct Case {
    ZFilter z;
    std::array<uint32_t, 4> lane0, lane1;
    uint32_t status0;
  };
  const Case cases[] = {
      {ZFilter::kLinear, {F(7.0f), 0, 0, kOne}, {0, 0, 0, 0}, 1},
      {ZFilter::kPoint, {F(7.0f), 0, 0, kOne}, {0, 0, 0, 0}, 0},
  };
  for (const Case& k : cases) {
    const SamplerDesc smp = ZSampler(XyFilter::kPoint, k.z);
    Wave w;
    Str(w, 0, 3.5f / 128, 5.5f / 128, 0.25f);
    Str(w, 1, 3.5f / 128, 5.5f / 128, 0.75f);
    TexRequest r = WithMap(w.Make(kSampleLz, &img, &g.memory, 2, &smp), map, 2);
    r.mods.tfe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.Lane(0), k.lane0);
    EXPECT_EQ(w.Lane(1), k.lane1);
    EXPECT_EQ(w.status[0], k.status0) << int(k.z);
    EXPECT_EQ(w.status[1], 1u);
  }
}

// A map shorter than ceil(131072 / 65536) = 2 pages is InvalidArgument for samples and gathers on
// a PRT; GET_LOD reads no texel (and no memory): not checked, and its status dword is 0 even when
// LOD 0 * 256 < MIN_LOD_WARN 0xF00. Its x is 0 for MIP_FILTER NONE. A T# that is not a PRT ignores
// any map (texel (10, 64) in "non-resident" page 1 is read: (10, 20, 30, 40) / 255) and writes
// status 0; a PRT without a map reads it too, and LWE warns (0x2).
TEST(ReferencePrt, ShortMapGetLodAndNonPrt) {
  Guest g(131072);
  const ImageDesc img = Prt2D(Kind::kUnorm, 1, 0xF00);
  g.Put8(0, 256, 10, 64, {10, 20, 30, 40});
  const uint64_t none[1] = {0};
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
  for (Op op : {kSampleLz, kGather4Lz}) {
    Wave w;
    Centre(w, 0, 10, 64, 256, 128);
    TexRequest r = WithMap(w.Make(op, &img, &g.memory, 1, &smp), none, 1);
    r.mods.tfe = true;
    const Status st = reference::Execute(r);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << OpName(op);
    EXPECT_TRUE(Contains(st.message(), "residency_pages=1")) << st.message();
    EXPECT_EQ(w.out[0][0], kSentinel);
    EXPECT_EQ(w.status[0], kSentinel);
  }
  Wave l;
  for (uint32_t lane = 0; lane < 4; ++lane) Centre(l, lane, 10, 64, 256, 128);
  TexRequest r = WithMap(l.Make(kGetLod, &img, nullptr, 4, &smp), none, 1);
  r.mods.dmask = 0b0001;
  r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  for (uint32_t lane = 0; lane < 4; ++lane) {
    EXPECT_EQ(l.out[0][lane], 0u);
    EXPECT_EQ(l.status[lane], 0u);
  }

  ImageDesc plain = img;
  plain.min_lod_warn = 0;
  Wave n;
  Centre(n, 0, 10, 64, 256, 128);
  r = WithMap(n.Make(kSampleLz, &plain, &g.memory, 1, &smp), none, 0);
  r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(n.Lane(0), Unorm({10, 20, 30, 40}));
  EXPECT_EQ(n.status[0], 0u);

  Wave u;
  Centre(u, 0, 10, 64, 256, 128);
  r = u.Make(kSampleLz, &img, &g.memory, 1, &smp);
  r.mods.tfe = r.mods.lwe = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(u.Lane(0), Unorm({10, 20, 30, 40}));
  EXPECT_EQ(u.status[0], 0x2u);
}

// ============================================================================================
// S# TRUNC_COORD ("Texel coordinates at memory level L", POINT): with TRUNC_COORD = 0 (the S#
// default) a POINT index is floor(u') with u' = rne(u * 64) / 64, u rounded to 1/64 texel, half
// to even; with TRUNC_COORD = 1 it is floor(u). BILINEAR and GATHER4's footprint take u as it is.
// The u values below are binary32; s = u / 8 is exact and s * 8 gives u back exactly.

// An 8x2 image of 4-byte texels (R32_FLOAT or R32_UINT): texel (i, j) = 100 + 10 j + i; level 0 at
// byte 0, 8 texels a row. Its first row is also an 8-texel 1D image.
template <typename T>
void FillTrunc8x2(Guest& g) {
  for (uint32_t j = 0; j < 2; ++j) {
    for (uint32_t i = 0; i < 8; ++i) g.Put<T>(0, 8, i, j, T(100 + 10 * j + i));
  }
}

SamplerDesc TruncSampler(XyFilter mag, XyFilter min, bool trunc,
                         ClampMode clamp = ClampMode::kWrap) {
  SamplerDesc s = Sampler(mag, min, MipFilter::kNone, clamp);
  s.trunc_coord = trunc;
  return s;
}

// POINT, WRAP, row 0 (t = 0.25: v = 0.5, 0.5 * 64 = 32, u' = 0.5, j = 0). Per case u * 64, its
// round-half-even, and i for TRUNC_COORD 0 / 1; the result is 100 + i (WRAP mod 8). Both precision
// modes apply the rule.
TEST(ReferenceTruncCoord, PointRoundsToASixtyFourthHalfToEven) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  struct Case {
    float u;
    uint32_t round, trunc;  // i after WRAP, TRUNC_COORD 0 and 1
  };
  const Case cases[] = {
      {2.5f, 2, 2},         // 160 -> u' = 2.5: the centre of texel 2 either way
      {2.995f, 3, 2},       // 191.68 -> 192, u' = 3; floor(2.995) = 2
      {2.99f, 2, 2},        // 191.36 -> 191, u' = 2.984375
      {2.9921875f, 3, 2},   // 191.5 exactly -> 192 (even)
      {2.9765625f, 2, 2},   // 190.5 exactly -> 190 (even), u' = 2.96875
      {3.0078125f, 3, 3},   // 192.5 -> 192 (even), u' = 3
      {6.9921875f, 7, 6},   // 447.5 -> 448 (even), u' = 7
      {7.995f, 0, 7},       // 511.68 -> 512, u' = 8: WRAP 8 mod 8 = 0; floor = 7
      {-0.005f, 0, 7},      // -0.32 -> -0, u' = -0: i = 0; floor(-0.005) = -1, WRAP 7
      {-2.005f, 6, 5},      // -128.32 -> -128, u' = -2: WRAP 6; floor = -3: 5
      {-2.0078125f, 6, 5},  // -128.5 -> -128 (even): -2, 6; floor = -3: 5
      {-2.0234375f, 5, 5},  // -129.5 -> -130 (even), u' = -2.03125: -3, 5
  };
  constexpr uint32_t kLanes = sizeof(cases) / sizeof(cases[0]);
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    for (bool trunc : {false, true}) {
      const SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kPoint, trunc);
      Wave w;
      for (uint32_t lane = 0; lane < kLanes; ++lane) w.St(lane, cases[lane].u / 8, 0.25f);
      // v rounds too: t = 0.995 / 2, v = 0.995: 63.68 -> 64, v' = 1 (row 1) / floor 0 (row 0);
      // u = 2.5: texel 2, 112 / 102.
      w.St(kLanes, 2.5f / 8, 0.995f / 2);
      TexRequest r = w.Make(kSampleLz, &img, &g.memory, kLanes + 1, &smp);
      r.precision = mode;
      ExpectOk(reference::Execute(r));
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        const uint32_t i = trunc ? cases[lane].trunc : cases[lane].round;
        EXPECT_EQ(w.out[0][lane], F(100.0f + i))
            << "u " << cases[lane].u << " trunc " << trunc << " mode " << int(mode);
      }
      EXPECT_EQ(w.out[0][kLanes], F(trunc ? 102.0f : 112.0f)) << "trunc " << trunc;
    }
  }
}

// The offset is added after the rounding (i = floor(u') + ox) and unnormalized coordinates round
// too (u = s). u = 2.995: u' = 3, floor 2.
//   _O ox = +1: 3 + 1 = 4 (104) / 2 + 1 = 3 (103); ox = -3: 0 (100) / -1, WRAP 7 (107).
//   unnormalized s = 2.995, t = 0.5: 103 / 102.
TEST(ReferenceTruncCoord, OffsetsAndUnnormalizedCoordinates) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  for (bool trunc : {false, true}) {
    const SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kPoint, trunc);
    Wave w;
    w.St(0, 2.995f / 8, 0.25f);
    w.St(1, 2.995f / 8, 0.25f);
    w.offset[0] = Off(1, 0);
    w.offset[1] = Off(-3, 0);
    ExpectOk(reference::Execute(w.Make(kSampleLzO, &img, &g.memory, 2, &smp)));
    EXPECT_EQ(w.out[0][0], F(trunc ? 103.0f : 104.0f)) << trunc;
    EXPECT_EQ(w.out[0][1], F(trunc ? 107.0f : 100.0f)) << trunc;

    Wave u;
    u.St(0, 2.995f, 0.5f);
    TexRequest r = u.Make(kSampleLz, &img, &g.memory, 1, &smp);
    r.mods.unorm = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(u.out[0][0], F(trunc ? 102.0f : 103.0f)) << trunc;
  }
}

// The clamp modes map the rounded index (row 0, n = 8; TRANS_BLACK border: 0.0):
//   CLAMP_LAST_TEXEL: u = -0.005: 0 / -1, both clamp to 0 (100); 2.995: 3 / 2; 7.995: 8 / 7, both
//     clamp to 7 (107).
//   CLAMP_BORDER: -0.005: 0 (100) / -1 border (0); 7.995: 8 border (0) / 7 (107).
//   CLAMP_HALF_BORDER: u clamped to [0, 8] first, then min(floor(u'), 7): 7.995 -> u' = 8 ->
//     min(8, 7) = 7 (107) either way (no border, unlike CLAMP_BORDER); -0.005 -> 0 -> 100; 2.995:
//     103 / 102; s = 1 (u = 8): 7 either way.
//   MIRROR_ONCE_HALF_BORDER: u clamped to [-8, 8], min(floor(u'), 7), then m = i >= 0 ? i : -1 - i:
//     -2.005 -> -2, m = 1 (101) / -3, m = 2 (102); -7.995 -> -511.68 -> -512, u' = -8, m = 7 (107)
//     / floor -8, m = 7 (107); 7.995 -> min(8, 7) = 7 (107) either way.
TEST(ReferenceTruncCoord, ClampModesAndTheHalfBorderPointRule) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  struct Case {
    ClampMode mode;
    float u;
    float round, trunc;  // the result for TRUNC_COORD 0 and 1
  };
  const Case cases[] = {
      {ClampMode::kClampLastTexel, -0.005f, 100, 100},
      {ClampMode::kClampLastTexel, 2.995f, 103, 102},
      {ClampMode::kClampLastTexel, 7.995f, 107, 107},
      {ClampMode::kClampBorder, -0.005f, 100, 0},
      {ClampMode::kClampBorder, 7.995f, 0, 107},
      {ClampMode::kClampHalfBorder, 7.995f, 107, 107},
      {ClampMode::kClampHalfBorder, -0.005f, 100, 100},
      {ClampMode::kClampHalfBorder, 2.995f, 103, 102},
      {ClampMode::kClampHalfBorder, 8.0f, 107, 107},
      {ClampMode::kMirrorOnceHalfBorder, -2.005f, 101, 102},
      {ClampMode::kMirrorOnceHalfBorder, -7.995f, 107, 107},
      {ClampMode::kMirrorOnceHalfBorder, 7.995f, 107, 107},
  };
  for (const Case& k : cases) {
    for (bool trunc : {false, true}) {
      const SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kPoint, trunc, k.mode);
      Wave w;
      w.St(0, k.u / 8, 0.25f);
      ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], F(trunc ? k.trunc : k.round))
          << ClampModeName(k.mode) << " u " << k.u << " trunc " << trunc;
    }
  }
}

// BILINEAR and GATHER4's footprint are not rounded. u = 3.4921875, v = 0.5 (t = 0.25): u - 0.5 =
// 2.9921875, which TRUNC_COORD's rounding would take to 3 (191.5 -> 192), but i0 = floor(2.9921875)
// = 2, a = 0.9921875 (kHardware: floor(254) / 256, the same), i1 = 3; v - 0.5 = 0: j0 = 0, b = 0,
// j1 = 1.
//   BILINEAR: w00 = 0.0078125, w10 = 0.9921875, w01 = w11 = 0:
//     0.0078125 * 102 + 0.9921875 * 103 = 0.796875 + 102.1953125 = 102.9921875 (exact), plus 0 *
//     112 and 0 * 113.
//   GATHER4: T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0) = 112, 113, 103, 102.
TEST(ReferenceTruncCoord, BilinearAndGather4FootprintAreNotRounded) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
    for (bool trunc : {false, true}) {
      const SamplerDesc smp = TruncSampler(XyFilter::kBilinear, XyFilter::kBilinear, trunc);
      Wave w;
      w.St(0, 3.4921875f / 8, 0.25f);
      TexRequest r = w.Make(kSampleLz, &img, &g.memory, 1, &smp);
      r.precision = mode;
      ExpectOk(reference::Execute(r));
      EXPECT_EQ(w.out[0][0], F(102.9921875f)) << "trunc " << trunc << " mode " << int(mode);

      Wave gw;
      gw.St(0, 3.4921875f / 8, 0.25f);
      r = gw.Make(kGather4Lz, &img, &g.memory, 1, &smp);
      r.precision = mode;
      ExpectOk(reference::Execute(r));
      EXPECT_EQ(gw.Lane(0), (std::array<uint32_t, 4>{F(112), F(113), F(103), F(102)}))
          << "trunc " << trunc << " mode " << int(mode);
    }
  }
}

// The rule follows the lane's XY filter, and integer formats and 1D point-sample too. u =
// 2.9921875 (191.5 -> 192: u' = 3, floor 2), row 0:
//   mag POINT, min BILINEAR, LZ (lambda 0: magnification, POINT): 103 / 102.
//   mag BILINEAR, min POINT, _L lod 1 (one level, M = 0; lambda 1 > 0: minification, POINT):
//     103 / 102.
//   mag BILINEAR, min POINT, LZ: BILINEAR, not rounded: u - 0.5 = 2.4921875, i0 = 2,
//     a = 0.4921875: 0.5078125 * 102 + 0.4921875 * 103 = 51.796875 + 50.6953125 = 102.4921875
//     either way.
//   R32_UINT with BILINEAR XY filters (integer formats are never filtered: POINT): 103 / 102.
//   1D R32_FLOAT (8 texels 100..107, the first row of the 8x2 fill): 103 / 102.
TEST(ReferenceTruncCoord, MixedFiltersIntegerFormatsAnd1D) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  Guest gu(4096);
  FillTrunc8x2<uint32_t>(gu);
  const ImageDesc uimg = ImageOf(FormatId::kR32_UINT, 8, 2);
  const ImageDesc img1d = Typed(ImageType::k1D, FormatId::kR32_FLOAT, 8, 1);
  const float u = 2.9921875f;
  for (bool trunc : {false, true}) {
    const float point = trunc ? 102.0f : 103.0f;
    {
      const SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kBilinear, trunc);
      Wave w;
      w.St(0, u / 8, 0.25f);
      ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], F(point)) << trunc;
    }
    {
      const SamplerDesc smp = TruncSampler(XyFilter::kBilinear, XyFilter::kPoint, trunc);
      Wave w;
      w.St(0, u / 8, 0.25f);
      w.lod[0] = F(1.0f);
      ExpectOk(reference::Execute(w.Make(kSampleL, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], F(point)) << trunc;
      Wave m;
      m.St(0, u / 8, 0.25f);
      ExpectOk(reference::Execute(m.Make(kSampleLz, &img, &g.memory, 1, &smp)));
      EXPECT_EQ(m.out[0][0], F(102.4921875f)) << trunc;
    }
    {
      const SamplerDesc smp = TruncSampler(XyFilter::kBilinear, XyFilter::kBilinear, trunc);
      Wave w;
      w.St(0, u / 8, 0.25f);
      ExpectOk(reference::Execute(w.Make(kSampleLz, &uimg, &gu.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], trunc ? 102u : 103u) << trunc;
    }
    {
      const SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kPoint, trunc);
      Wave w;
      w.St(0, u / 8, 0.0f);
      ExpectOk(reference::Execute(w.Make(kSampleLz, &img1d, &g.memory, 1, &smp)));
      EXPECT_EQ(w.out[0][0], F(point)) << trunc;
    }
  }
}

// 3D POINT z rounds w like u (FillVolume: texel (x, y, k) = 100k + 10y + x, d_0 = 4; s = 0.75,
// t = 0.25 is texel (1, 0): u = 1.5, v = 0.5 are not moved by the rounding).
//   POINT z, w = 1.995 (r = w / 4): 127.68 -> 128, w' = 2: slice 2 (201) / floor 1 (101).
//   POINT z, w = 3.995: 255.68 -> 256, w' = 4: WRAP 0 (1) / 3 (301).
//   LINEAR z is not rounded: w = 2.4921875, w - 0.5 = 1.9921875 (which would round to 2): k0 = 1,
//     g = 0.9921875: 0.0078125 * 101 + 0.9921875 * 201 = 0.7890625 + 199.4296875 = 200.21875.
//   GATHER4 reads its footprint in the POINT z slice, a POINT z index, so w is rounded there too
//     (the contract leaves GATHER4 out for its bilinear footprint; its z slice is "POINT z of 3D
//     images"): w = 1.995, s = t = 0.5 (u = v = 1: i0 = j0 = 0, i1 = j1 = 1): slice 2 gives 210,
//     211, 201, 200, slice 1 110, 111, 101, 100.
TEST(ReferenceTruncCoord, ThreeDPointZ) {
  Guest g(4096);
  FillVolume<float>(g);
  const ImageDesc img = Volume();
  for (bool trunc : {false, true}) {
    SamplerDesc smp = ZSampler(XyFilter::kPoint, ZFilter::kPoint);
    smp.trunc_coord = trunc;
    Wave w;
    Str(w, 0, 0.75f, 0.25f, 1.995f / 4);
    Str(w, 1, 0.75f, 0.25f, 3.995f / 4);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 2, &smp)));
    EXPECT_EQ(w.out[0][0], F(trunc ? 101.0f : 201.0f)) << trunc;
    EXPECT_EQ(w.out[0][1], F(trunc ? 301.0f : 1.0f)) << trunc;

    SamplerDesc lin = ZSampler(XyFilter::kPoint, ZFilter::kLinear);
    lin.trunc_coord = trunc;
    Wave l;
    Str(l, 0, 0.75f, 0.25f, 2.4921875f / 4);
    ExpectOk(reference::Execute(l.Make(kSampleLz, &img, &g.memory, 1, &lin)));
    EXPECT_EQ(l.out[0][0], F(200.21875f)) << trunc;

    Wave gw;
    Str(gw, 0, 0.5f, 0.5f, 1.995f / 4);
    ExpectOk(reference::Execute(gw.Make(kGather4Lz, &img, &g.memory, 1, &smp)));
    const float k = trunc ? 100.0f : 200.0f;
    EXPECT_EQ(gw.Lane(0), (std::array<uint32_t, 4>{F(k + 10), F(k + 11), F(k + 1), F(k)})) << trunc;
  }
}

// Cube POINT lookups (4x4 cube, texel (i, j) of face f = 100 f + 10 j + i; face 4):
//   seamless: i = min(floor(u'), 3). s = 0.2499 (u = 0.9996: 63.97 -> 64, u' = 1), t = 0.75
//     (v = 3): 431 / floor 0: 430. s = 0.999 (u = 3.996 -> 4): min(4, 3) = 3 either way: 433.
//     s = 0.375 (u = 1.5), t = 0.4999 (v = 1.9996 -> 2): 421 / 411.
//   non-seamless (DISABLE_CUBE_WRAP, the face as a 2D image, WRAP): s = 0.2499: 431 / 430;
//     s = 0.999: u' = 4, WRAP 0: 430 / 3: 433.
TEST(ReferenceTruncCoord, CubePoint) {
  Guest g(4096);
  FillCube<float>(g, 4, 6);
  const ImageDesc img = CubeImage(4, 6);
  for (bool seamless : {true, false}) {
    for (bool trunc : {false, true}) {
      SamplerDesc smp = TruncSampler(XyFilter::kPoint, XyFilter::kPoint, trunc);
      smp.disable_cube_wrap = !seamless;
      CubeWave w;
      w.At(0, 0.2499f, 0.75f, 4);
      w.At(1, 0.999f, 0.75f, 4);
      w.At(2, 0.375f, 0.4999f, 4);
      ExpectOk(reference::Execute(w.MakeCube(kSampleLz, &img, &g.memory, 3, &smp)));
      EXPECT_EQ(w.out[0][0], F(trunc ? 430.0f : 431.0f)) << seamless << trunc;
      const float edge = seamless ? 433.0f : (trunc ? 433.0f : 430.0f);
      EXPECT_EQ(w.out[0][1], F(edge)) << seamless << trunc;
      EXPECT_EQ(w.out[0][2], F(trunc ? 411.0f : 421.0f)) << seamless << trunc;
    }
  }
}

// ============================================================================================
// T# MIN_LOD ("Filter and level selection"): m = MIN_LOD / 256 - BASE_LEVEL view levels; when
// m > 0 sample lanes select their levels from x = max(lambda, m), GATHER4 reads max(d, floor(m)),
// GET_LOD's x is max(x, m) clamped to M; MIP_FILTER NONE and unnormalized coordinates stay on
// view level 0; loads ignore it. The image is FillLevelTags' 16x16 R32_FLOAT with 5 levels
// (M = 4), memory level L filled with L + 1 (so a blend of levels shows as a fraction).

ImageDesc MinLodImage(uint16_t min_lod, uint8_t base_level = 0) {
  ImageDesc d = ImageOf(FormatId::kR32_FLOAT, 16, 16, 5);
  d.min_lod = min_lod;
  d.base_level = base_level;
  return d;
}

// SAMPLE with explicit lambdas (LZ: 0; _L: lod; the S# MIN_LOD 0 clamps negative ones to 0):
//   MIN_LOD 0: LZ reads level 0: 1.
//   256 (m = 1): LZ, POINT: x = 1, level 1: 2. LINEAR: d0 = 1, f = 0: 2.
//   384 (1.5): LZ, LINEAR: d0 = 1, d1 = 2, f = 0.5: 0.5 * 2 + 0.5 * 3 = 2.5. POINT: floor(2.0) = 2:
//     3. NONE: level 0: 1.
//   352 (1.375): POINT: floor(1.875) = 1: 2. LINEAR: f = 0.375: 0.625 * 2 + 0.375 * 3 = 1.25 +
//     1.125 = 2.375.
//   448 (1.75): POINT: floor(2.25) = 2: 3 (GATHER4 takes floor(m) = 1 instead, below).
//   1920 (7.5, past M = 4): LINEAR: d0 = clamp(7, 0, 4) = 4, f = 0 (x >= M): 5. POINT: 5.
//   256, _L lod 2.5: x = 2.5 (above m, unchanged): LINEAR 0.5 * 3 + 0.5 * 4 = 3.5; POINT
//     floor(3.0) = 3: 4.
//   256, _L lod 0.5: x = 1: LINEAR 2.
//   384, _L lod -3: lambda clamped to the S# MIN_LOD 0, x = 1.5: LINEAR 2.5.
TEST(ReferenceTMinLod, SampleLevelsFromMaxOfLambdaAndM) {
  Guest g(4096);
  FillLevelTags(g);
  struct Case {
    Op op;
    uint16_t min_lod;
    MipFilter mip;
    float lod;
    float expected;
  };
  const Case cases[] = {
      {kSampleLz, 0, MipFilter::kPoint, 0, 1},
      {kSampleLz, 256, MipFilter::kPoint, 0, 2},
      {kSampleLz, 256, MipFilter::kLinear, 0, 2},
      {kSampleLz, 384, MipFilter::kLinear, 0, 2.5f},
      {kSampleLz, 384, MipFilter::kPoint, 0, 3},
      {kSampleLz, 384, MipFilter::kNone, 0, 1},
      {kSampleLz, 352, MipFilter::kPoint, 0, 2},
      {kSampleLz, 352, MipFilter::kLinear, 0, 2.375f},
      {kSampleLz, 448, MipFilter::kPoint, 0, 3},
      {kSampleLz, 1920, MipFilter::kLinear, 0, 5},
      {kSampleLz, 1920, MipFilter::kPoint, 0, 5},
      {kSampleL, 256, MipFilter::kLinear, 2.5f, 3.5f},
      {kSampleL, 256, MipFilter::kPoint, 2.5f, 4},
      {kSampleL, 256, MipFilter::kLinear, 0.5f, 2},
      {kSampleL, 384, MipFilter::kLinear, -3.0f, 2.5f},
  };
  for (const Case& k : cases) {
    for (PrecisionMode mode : {PrecisionMode::kFloat, PrecisionMode::kHardware}) {
      const ImageDesc img = MinLodImage(k.min_lod);
      const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, k.mip);
      Wave w;
      w.St(0, 0.5f, 0.5f);
      w.lod[0] = F(k.lod);
      TexRequest r = w.Make(k.op, &img, &g.memory, 1, &smp);
      r.precision = mode;
      ExpectOk(reference::Execute(r));
      EXPECT_EQ(w.out[0][0], F(k.expected))
          << OpName(k.op) << " min_lod " << k.min_lod << " mip " << int(k.mip) << " lod " << k.lod
          << " mode " << int(mode);
    }
  }
}

// Implicit lambdas (W = H = 16), MIP LINEAR:
//   quad 0: ds/dx = dt/dx = 0.25: dudx = dvdx = 4, rx = 32, lambda 2.5: 3.5 with or without
//     MIN_LOD 256 (x = max(2.5, 1) = 2.5).
//   quad 1: ds/dx = dt/dx = 1/16: rx = 2, lambda 0.5: 0.5 * 1 + 0.5 * 2 = 1.5 without MIN_LOD;
//     with 256, x = 1: 2.
// Anisotropic lanes take m after their own lambda (ANISO_POINT, R = 16, mip POINT, _D ds/dx = 0.5,
// dt/dy = 1/16: rx = 64, ry = 1, N = 8, lambda 0.5 log2(64 / 64) = 0: level 0, 1; MIN_LOD 512:
// x = 2, level 2: 3. R = 1: no probes, lambda 3 (above m): level 3, 4 either way).
TEST(ReferenceTMinLod, ImplicitAndAnisotropicLambdas) {
  Guest g(4096);
  FillLevelTags(g);
  const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, MipFilter::kLinear);
  for (uint16_t min_lod : {uint16_t{0}, uint16_t{256}}) {
    const ImageDesc img = MinLodImage(min_lod);
    Wave w;
    Quad(w, 0, 0.25f, 0.25f, 0.25f, 0.25f, 0, 0);
    Quad(w, 1, 0.25f, 0.25f, 1 / 16.0f, 1 / 16.0f, 0, 0);
    ExpectOk(reference::Execute(w.Make(kSample, &img, &g.memory, 8, &smp)));
    for (uint32_t lane = 0; lane < 8; ++lane) {
      const float expected = lane < 4 ? 3.5f : (min_lod == 0 ? 1.5f : 2.0f);
      EXPECT_EQ(w.out[0][lane], F(expected)) << "min_lod " << min_lod << " lane " << lane;
    }
  }
  for (uint16_t min_lod : {uint16_t{0}, uint16_t{512}}) {
    const ImageDesc img = MinLodImage(min_lod);
    for (uint8_t ratio : {uint8_t{4}, uint8_t{0}}) {
      const SamplerDesc aniso =
          AnisoSampler(XyFilter::kPoint, XyFilter::kAnisoPoint, ratio, MipFilter::kPoint);
      Wave w;
      w.St(0, 0.5f, 0.5f);
      Derivs(w, 0, 0.5f, 0, 0, 1 / 16.0f);
      ExpectOk(reference::Execute(w.Make(kSampleD, &img, &g.memory, 1, &aniso)));
      const float expected = ratio == 0 ? 4.0f : (min_lod == 0 ? 1.0f : 3.0f);
      EXPECT_EQ(w.out[0][0], F(expected)) << "min_lod " << min_lod << " ratio " << int(ratio);
    }
  }
}

// m is in view levels, and only m > 0 applies; unnormalized coordinates read view level 0.
//   BASE_LEVEL 1 (view level d is memory level 1 + d: value d + 2; M = 3), LZ:
//     MIN_LOD 256: m = 1 - 1 = 0: no change, view level 0: 2 (POINT and LINEAR).
//     MIN_LOD 512: m = 1: POINT view level 1: 3.
//     MIN_LOD 128: m = -0.5: no change: 2.
//     MIN_LOD 384: m = 0.5: LINEAR d0 = 0, d1 = 1, f = 0.5: 0.5 * 2 + 0.5 * 3 = 2.5; POINT
//       floor(1.0) = 1: 3.
//   Unnormalized (UNORM bit; s = t = 8), MIN_LOD 512, POINT or LINEAR: view level 0: 1.
TEST(ReferenceTMinLod, BaseLevelAndUnnormalizedCoordinates) {
  Guest g(4096);
  FillLevelTags(g);
  struct Case {
    uint16_t min_lod;
    MipFilter mip;
    float expected;
  };
  const Case cases[] = {
      {256, MipFilter::kPoint, 2},  {256, MipFilter::kLinear, 2},    {512, MipFilter::kPoint, 3},
      {128, MipFilter::kLinear, 2}, {384, MipFilter::kLinear, 2.5f}, {384, MipFilter::kPoint, 3},
  };
  for (const Case& k : cases) {
    const ImageDesc img = MinLodImage(k.min_lod, 1);
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, k.mip);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    ExpectOk(reference::Execute(w.Make(kSampleLz, &img, &g.memory, 1, &smp)));
    EXPECT_EQ(w.out[0][0], F(k.expected)) << "min_lod " << k.min_lod << " mip " << int(k.mip);
  }
  const ImageDesc img = MinLodImage(512);
  for (MipFilter mip : {MipFilter::kPoint, MipFilter::kLinear}) {
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, mip);
    Wave w;
    w.St(0, 8.0f, 8.0f);
    TexRequest r = w.Make(kSampleLz, &img, &g.memory, 1, &smp);
    r.mods.unorm = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.out[0][0], F(1.0f)) << int(mip);
  }
}

// GATHER4 reads max(d, floor(m)), d = floor(lambda + 0.5) (POINT and LINEAR alike), at most M;
// all four texels of a constant level are its value.
//   LZ, MIN_LOD 448 (1.75): max(0, floor(1.75) = 1) = 1: 2 (POINT and LINEAR; SAMPLE_LZ POINT reads
//     level 2 there).
//   _L lod 2.6, MIN_LOD 448: d = floor(3.1) = 3, max(3, 1) = 3: 4.
//   LZ, MIN_LOD 448, MIP_FILTER NONE: 0: 1.
//   LZ, MIN_LOD 1920 (7.5): max(0, 7) past M = 4: 4: 5.
//   LZ, MIN_LOD 512, unnormalized (s = t = 8): 0: 1.
TEST(ReferenceTMinLod, Gather4ReadsMaxOfDAndFloorM) {
  Guest g(4096);
  FillLevelTags(g);
  struct Case {
    Op op;
    uint16_t min_lod;
    MipFilter mip;
    float lod;
    bool unorm;
    float expected;
  };
  const Case cases[] = {
      {kGather4Lz, 448, MipFilter::kPoint, 0, false, 2},
      {kGather4Lz, 448, MipFilter::kLinear, 0, false, 2},
      {kGather4L, 448, MipFilter::kPoint, 2.6f, false, 4},
      {kGather4Lz, 448, MipFilter::kNone, 0, false, 1},
      {kGather4Lz, 1920, MipFilter::kLinear, 0, false, 5},
      {kGather4Lz, 512, MipFilter::kPoint, 0, true, 1},
  };
  for (const Case& k : cases) {
    const ImageDesc img = MinLodImage(k.min_lod);
    const SamplerDesc smp = Sampler(XyFilter::kBilinear, XyFilter::kBilinear, k.mip);
    Wave w;
    w.St(0, k.unorm ? 8.0f : 0.5f, k.unorm ? 8.0f : 0.5f);
    w.lod[0] = F(k.lod);
    TexRequest r = w.Make(k.op, &img, &g.memory, 1, &smp);
    r.mods.unorm = k.unorm;
    ExpectOk(reference::Execute(r));
    const uint32_t v = F(k.expected);
    EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{v, v, v, v}))
        << OpName(k.op) << " min_lod " << k.min_lod << " mip " << int(k.mip);
  }
}

// GET_LOD: x from max(lambda, m) by the mip filter's rule, y unchanged (W = H = 16, M = 4):
//   quad 0: ds/dx = dt/dx = 1/16, lambda 0.5; quad 1: 0.25, lambda 2.5; quad 2: ds/dx = 1/32,
//   dudx = 0.5, rx = 0.25, lambda -1 (x from the lambda clamped to the S# MIN_LOD 0).
//   LINEAR, MIN_LOD 384 (m = 1.5): x = max(0.5, 1.5) = 1.5, max(2.5, 1.5) = 2.5, max(0, 1.5) = 1.5.
//   POINT, 384: the POINT rule floor(x + 0.5) on max(lambda, 1.5): 1.5 -> 2, 2.5 -> 3, 1.5 -> 2.
//   POINT, 256 (m = 1): max(0.5, 1) = 1 -> 1, 2.5 -> 3, max(0, 1) = 1 -> 1.
//   LINEAR, 1920 (7.5): min(7.5, 4) = 4 for all three.
//   NONE, 384: 0, 0, 0 (no level is selected).
//   y = 0.5, 2.5, -1 in every case.
//   Unnormalized (UNORM bit), LINEAR, 384: x = 0 (step 5: view level 0); y with W = H = 1: quad 0
//     dudx = dvdx = 1/16, rx = 1/128, y = 0.5 * log2(2^-7) = -3.5.
TEST(ReferenceTMinLod, GetLodXIsMaxOfXAndM) {
  struct Case {
    MipFilter mip;
    uint16_t min_lod;
    float x[3];
  };
  const Case cases[] = {
      {MipFilter::kLinear, 384, {1.5f, 2.5f, 1.5f}},
      {MipFilter::kPoint, 384, {2, 3, 2}},
      {MipFilter::kPoint, 256, {1, 3, 1}},
      {MipFilter::kLinear, 1920, {4, 4, 4}},
      {MipFilter::kNone, 384, {0, 0, 0}},
  };
  const float y[3] = {0.5f, 2.5f, -1.0f};
  for (const Case& k : cases) {
    const ImageDesc img = MinLodImage(k.min_lod);
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, k.mip);
    Wave w;
    Quad(w, 0, 0.0f, 0.0f, 1 / 16.0f, 1 / 16.0f, 0, 0);
    Quad(w, 1, 0.0f, 0.0f, 0.25f, 0.25f, 0, 0);
    Quad(w, 2, 0.0f, 0.0f, 1 / 32.0f, 0, 0, 0);
    ExpectOk(reference::Execute(w.Make(kGetLod, &img, nullptr, 12, &smp)));
    for (uint32_t lane = 0; lane < 12; ++lane) {
      EXPECT_EQ(w.Lane(lane), (std::array<uint32_t, 4>{F(k.x[lane / 4]), F(y[lane / 4]), 0, 0}))
          << "mip " << int(k.mip) << " min_lod " << k.min_lod << " lane " << lane;
    }
  }
  const ImageDesc img = MinLodImage(384);
  const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kLinear);
  Wave w;
  Quad(w, 0, 0.0f, 0.0f, 1 / 16.0f, 1 / 16.0f, 0, 0);
  TexRequest r = w.Make(kGetLod, &img, nullptr, 4, &smp);
  r.mods.unorm = true;
  ExpectOk(reference::Execute(r));
  EXPECT_EQ(w.Lane(0), (std::array<uint32_t, 4>{F(0.0f), F(-3.5f), 0, 0}));
}

// The status dword's LOD is the memory level actually read (a sample's d0, a gather's d), after
// MIN_LOD. MIN_LOD_WARN 0x180 (1.5) makes the image a PRT (no residency map: every texel
// resident); with LWE, LOD_WARNING when LOD * 256 < 384, status 0x2 | LOD << 16:
//   SAMPLE_LZ POINT, MIN_LOD 0: level 0: 0x2. MIN_LOD 256: level 1: 0x10002. MIN_LOD 512: level 2
//     (512 >= 384): 0.
//   SAMPLE_LZ LINEAR, MIN_LOD 384: d0 = 1 (the finer level), d1 = 2: 0x10002, value 2.5.
//   GATHER4_LZ, MIN_LOD 448: d = 1: 0x10002.
//   BASE_LEVEL 1, MIN_LOD 384 (m = 0.5), LINEAR: view d0 = 0 is memory level 1: 0x10002, value
//     0.5 * 2 + 0.5 * 3 = 2.5; POINT: view level floor(1.0) = 1, memory level 2: 0, value 3.
// LOAD and LOAD_MIP ignore MIN_LOD (512): (3, 3) of level 0: 1; LOAD_MIP mip 0: 1, mip 1: 2.
TEST(ReferenceTMinLod, PrtStatusLodAndLoads) {
  Guest g(4096);
  FillLevelTags(g);
  struct Case {
    Op op;
    uint16_t min_lod;
    uint8_t base_level;
    MipFilter mip;
    float value;
    uint32_t status;
  };
  const Case cases[] = {
      {kSampleLz, 0, 0, MipFilter::kPoint, 1, 0x2},
      {kSampleLz, 256, 0, MipFilter::kPoint, 2, 0x10002},
      {kSampleLz, 512, 0, MipFilter::kPoint, 3, 0},
      {kSampleLz, 384, 0, MipFilter::kLinear, 2.5f, 0x10002},
      {kGather4Lz, 448, 0, MipFilter::kPoint, 2, 0x10002},
      {kSampleLz, 384, 1, MipFilter::kLinear, 2.5f, 0x10002},
      {kSampleLz, 384, 1, MipFilter::kPoint, 3, 0},
  };
  for (const Case& k : cases) {
    ImageDesc img = MinLodImage(k.min_lod, k.base_level);
    img.min_lod_warn = 0x180;
    const SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, k.mip);
    Wave w;
    w.St(0, 0.5f, 0.5f);
    TexRequest r = w.Make(k.op, &img, &g.memory, 1, &smp);
    r.mods.lwe = true;
    ExpectOk(reference::Execute(r));
    EXPECT_EQ(w.out[0][0], F(k.value)) << OpName(k.op) << " min_lod " << k.min_lod;
    EXPECT_EQ(w.status[0], k.status) << OpName(k.op) << " min_lod " << k.min_lod << " base "
                                     << int(k.base_level) << " mip " << int(k.mip);
  }
  const ImageDesc img = MinLodImage(512);
  Wave w;
  w.Xy(0, 3, 3);
  ExpectOk(reference::Execute(w.Make(kLoad, &img, &g.memory, 1)));
  EXPECT_EQ(w.out[0][0], F(1.0f));
  Wave m;
  m.Xy(0, 3, 3, 0);
  m.Xy(1, 3, 3, 1);
  ExpectOk(reference::Execute(m.Make(kLoadMip, &img, &g.memory, 2)));
  EXPECT_EQ(m.out[0][0], F(1.0f));
  EXPECT_EQ(m.out[0][1], F(2.0f));
}

// ============================================================================================
// S# MC_COORD_TRUNC = 1 is Unsupported for every sampler op, naming the bit, before any lane is
// touched (the results keep their sentinel); the same requests with the bit clear succeed. Four
// lanes at u = 2.5, v = 0.5 of the 8x2 R32_FLOAT (texel (i, j) = 100 + 10 j + i), POINT, MIP NONE:
//   SAMPLE_LZ: texel (2, 0): (102, 0, 0, 1).
//   SAMPLE: the quad's differences are 0, lambda = 0.5 * log2(0) = -inf, clamped to 0:
//     magnification, POINT: the same.
//   GATHER4_LZ: u - 0.5 = 2: i0 = 2, i1 = 3; v - 0.5 = 0: j0 = 0, j1 = 1: 112, 113, 103, 102.
//   GET_LOD: x = 0 (NONE), y = -inf.
TEST(ReferenceMcCoordTrunc, IsUnsupportedNamingTheBit) {
  Guest g(4096);
  FillTrunc8x2<float>(g);
  const ImageDesc img = ImageOf(FormatId::kR32_FLOAT, 8, 2);
  struct Case {
    Op op;
    std::array<uint32_t, 4> lane;
  };
  const Case cases[] = {
      {kSampleLz, {F(102), 0, 0, kOne}},
      {kSample, {F(102), 0, 0, kOne}},
      {kGather4Lz, {F(112), F(113), F(103), F(102)}},
      {kGetLod, {0, F(-Inf()), 0, 0}},
  };
  for (const Case& k : cases) {
    const Op op = k.op;
    for (bool bit : {true, false}) {
      SamplerDesc smp = Sampler(XyFilter::kPoint, XyFilter::kPoint, MipFilter::kNone);
      smp.mc_coord_trunc = bit;
      Wave w;
      for (uint32_t lane = 0; lane < 4; ++lane) w.St(lane, 2.5f / 8, 0.25f);
      TexRequest r = w.Make(op, &img, &g.memory, 4, &smp);
      r.mods.tfe = true;
      const Status st = reference::Execute(r);
      if (bit) {
        EXPECT_EQ(st.code(), StatusCode::kUnsupported) << OpName(op) << ": " << st.ToString();
        EXPECT_TRUE(Contains(st.message(), "S#.MC_COORD_TRUNC")) << st.message();
        EXPECT_EQ(w.out[0][0], kSentinel) << OpName(op);
        EXPECT_EQ(w.status[0], kSentinel) << OpName(op);
      } else {
        EXPECT_TRUE(st.ok()) << OpName(op) << ": " << st.ToString();
        for (uint32_t lane = 0; lane < 4; ++lane) {
          EXPECT_EQ(w.Lane(lane), k.lane) << OpName(op) << " lane " << lane;
          EXPECT_EQ(w.status[lane], 0u) << OpName(op);
        }
      }
    }
  }
}

}  // namespace
}  // namespace texunit
