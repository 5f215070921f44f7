// The scalar reference's formats (tests/reference/reference_formats.*) against values computed by
// hand from docs/sampling.md ("Formats", "_PCK", "D16", "Block formats"), run through
// reference::Execute on small images. Each expected value carries its arithmetic in a comment;
// float constants are the correctly rounded binary32 of the exact quotient written next to them.
// Images are 1 or 2 rows at kBase; a row of texels is row_bytes = width * texel bytes unless said.
#include "reference/reference_formats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "reference/reference_sampler.h"
#include "reference/srgb_tables.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/memory.h"
#include "texunit/request.h"

namespace texunit {
namespace {

using reference::ChannelKind;
using reference::FormatInfo;

constexpr uint64_t kBase = 0x10000;
constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint32_t kOne = 0x3F800000u;       // 1.0f
constexpr uint32_t kMinusOne = 0xBF800000u;  // -1.0f

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// `size` bytes registered at kBase, exactly: a read past the footprint is a sanitizer error.
struct Guest {
  explicit Guest(std::vector<uint8_t> init) : bytes(std::move(init)) {
    const Status st = memory.AddRegion(kBase, bytes.data(), bytes.size(), true);
    EXPECT_TRUE(st.ok()) << st.ToString();
  }
  std::vector<uint8_t> bytes;
  Memory memory;
};

std::vector<uint8_t> Le32(std::initializer_list<uint32_t> dwords) {
  std::vector<uint8_t> out;
  for (uint32_t d : dwords) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<uint8_t>(d >> (8 * b)));
  }
  return out;
}

ImageDesc Image(FormatId format, uint32_t w, uint32_t h) {
  ImageDesc d;
  d.base_address = kBase;
  d.format = format;
  d.width = w;
  d.height = h;
  d.pitch = w;
  d.type = ImageType::k2D;
  return d;
}

constexpr Op kLoad{OpKind::kLoad, 0};
constexpr Op kLoadPck{OpKind::kLoad, kOpPck};
constexpr Op kLoadPckSgn{OpKind::kLoad, kOpPck | kOpSgn};
constexpr Op kLoadMipPckSgn{OpKind::kLoad, kOpMip | kOpPck | kOpSgn};
constexpr Op kStore{OpKind::kStore, 0};
constexpr Op kStorePck{OpKind::kStore, kOpPck};
constexpr Op kSampleLz{OpKind::kSample, kOpLz};

struct Wave {
  uint32_t s[kMaxLanes] = {}, t[kMaxLanes] = {}, mip[kMaxLanes] = {};
  uint32_t data[4][kMaxLanes] = {};
  uint32_t out[4][kMaxLanes];
  uint32_t status[kMaxLanes];
  Wave() {
    for (auto& comp : out) std::fill(std::begin(comp), std::end(comp), kSentinel);
    std::fill(std::begin(status), std::end(status), kSentinel);
  }
  TexRequest Make(Op op, const ImageDesc* image, const Memory* memory, uint32_t lanes = 1,
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
    r.in.mip = mip;
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

using Dwords = std::array<uint32_t, 4>;

// LOAD (or `op`) of texel (x, y) in lane 0; all four components unless `dmask` says otherwise.
Dwords Load(const ImageDesc& img, Guest& g, uint32_t x, uint32_t y, Op op = kLoad, bool d16 = false,
            uint8_t dmask = 0xF) {
  Wave w;
  w.s[0] = x;
  w.t[0] = y;
  TexRequest r = w.Make(op, &img, &g.memory);
  r.mods.d16 = d16;
  r.mods.dmask = dmask;
  const Status st = reference::Execute(r);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return w.Lane(0);
}

Status Store(const ImageDesc& img, Guest& g, uint32_t x, uint32_t y, Dwords data, Op op = kStore,
             uint8_t dmask = 0xF, bool d16 = false) {
  Wave w;
  w.s[0] = x;
  w.t[0] = y;
  for (int k = 0; k < 4; ++k) w.data[k][0] = data[k];
  TexRequest r = w.Make(op, &img, &g.memory);
  r.mods.dmask = dmask;
  r.mods.d16 = d16;
  return reference::Execute(r);
}

SamplerDesc Sampler(XyFilter xy) {
  SamplerDesc s;
  s.xy_mag_filter = xy;
  s.xy_min_filter = xy;
  s.mip_filter = MipFilter::kNone;
  s.clamp_x = ClampMode::kClampLastTexel;
  s.clamp_y = ClampMode::kClampLastTexel;
  s.max_lod = 15 << 8;
  return s;
}

// SAMPLE_LZ at normalized (s, t) in lane 0.
Dwords Sample(const ImageDesc& img, Guest& g, XyFilter xy, float s, float t, bool d16 = false) {
  const SamplerDesc smp = Sampler(xy);
  Wave w;
  w.s[0] = F(s);
  w.t[0] = F(t);
  TexRequest r = w.Make(kSampleLz, &img, &g.memory, 1, &smp);
  r.mods.d16 = d16;
  const Status st = reference::Execute(r);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return w.Lane(0);
}

// ============================================================================================
// Channel layouts read from the names

TEST(ReferenceFormats, EveryFormatIdParses) {
  for (uint32_t id = 1; id < static_cast<uint32_t>(FormatId::kCount); ++id) {
    FormatInfo f;
    const Status st = reference::DescribeFormat(static_cast<FormatId>(id), &f);
    EXPECT_TRUE(st.ok()) << FormatName(static_cast<FormatId>(id)) << ": " << st.ToString();
  }
  FormatInfo f;
  EXPECT_EQ(reference::DescribeFormat(FormatId::kInvalid, &f).code(), StatusCode::kInvalidArgument);
}

TEST(ReferenceFormats, NamesGiveOffsetsWidthsAndKinds) {
  FormatInfo f;
  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR10G10B10A2_UNORM, &f).ok());
  // R at bit 0, G at 10, B at 20, A at 30; 32 bits = 4 bytes.
  EXPECT_EQ(f.channels[0].offset, 0u);
  EXPECT_EQ(f.channels[1].offset, 10u);
  EXPECT_EQ(f.channels[2].offset, 20u);
  EXPECT_EQ(f.channels[3].offset, 30u);
  EXPECT_EQ(f.channels[3].bits, 2u);
  EXPECT_EQ(f.element_bytes, 4u);

  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR8G8B8A8_SRGB, &f).ok());
  EXPECT_EQ(f.channels[2].kind, ChannelKind::kSrgb);
  EXPECT_EQ(f.channels[3].kind, ChannelKind::kUnorm);  // "W of an SRGB format is UNORM"

  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR16G16_UBNORM_NZ, &f).ok());
  EXPECT_EQ(f.channels[1].kind, ChannelKind::kUbnormNz);
  EXPECT_EQ(f.channels[1].offset, 16u);
  EXPECT_EQ(f.channels[2].kind, ChannelKind::kNone);

  // R32G8X24: 32 + 8 + 24 padding bits = 8 bytes; the FLOAT view has no Y.
  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR32G8X24_UINT, &f).ok());
  EXPECT_EQ(f.element_bytes, 8u);
  EXPECT_EQ(f.channels[1].offset, 32u);
  EXPECT_EQ(f.channels[1].bits, 8u);
  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR32G8X24_FLOAT, &f).ok());
  EXPECT_EQ(f.channels[1].kind, ChannelKind::kNone);

  ASSERT_TRUE(reference::DescribeFormat(FormatId::kR1G5B5A5_UNORM, &f).ok());
  EXPECT_EQ(f.channels[0].bits, 1u);
  EXPECT_EQ(f.channels[3].offset, 11u);  // 1 + 5 + 5
  EXPECT_EQ(f.element_bytes, 2u);
}

// ============================================================================================
// Decode

TEST(ReferenceFormatsDecode, Unorm565) {
  // R in bits 0-4, G in 5-10, B in 11-15. Texels (LE u16): 0x07E0 (G = 63), 0xF800 (B = 31),
  // 0x0001 (R = 1).
  Guest g({0xE0, 0x07, 0x00, 0xF8, 0x01, 0x00});
  const ImageDesc img = Image(FormatId::kR5G6B5_UNORM, 3, 1);
  // G = 63 / 63 = 1.0; R, B = 0; W is not stored: 1.0.
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{0, kOne, 0, kOne}));
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0, 0, kOne, kOne}));  // 31 / 31
  // 1 / 31 = 0.032258064... -> 0x3D042108.
  EXPECT_EQ(Load(img, g, 2, 0), (Dwords{0x3D042108u, 0, 0, kOne}));
}

TEST(ReferenceFormatsDecode, Snorm8) {
  Guest g({0x80, 0x81, 0x7F, 0x01, 0xFF, 0x00});
  const ImageDesc img = Image(FormatId::kR8_SNORM, 6, 1);
  EXPECT_EQ(Load(img, g, 0, 0)[0], kMinusOne);    // max(-128 / 127, -1) = -1.0
  EXPECT_EQ(Load(img, g, 1, 0)[0], kMinusOne);    // -127 / 127
  EXPECT_EQ(Load(img, g, 2, 0)[0], kOne);         // 127 / 127
  EXPECT_EQ(Load(img, g, 3, 0)[0], 0x3C010204u);  // 1 / 127 = 0.007874015...
  EXPECT_EQ(Load(img, g, 4, 0)[0], 0xBC010204u);  // -1 / 127
  EXPECT_EQ(Load(img, g, 5, 0), (Dwords{0, 0, 0, kOne}));
}

TEST(ReferenceFormatsDecode, ScaledAndIntegerKinds) {
  Guest g({0xFE, 0x80});  // one R8G8 texel: X = 0xFE, Y = 0x80
  const ImageDesc uscaled = Image(FormatId::kR8G8_USCALED, 1, 1);
  EXPECT_EQ(Load(uscaled, g, 0, 0), (Dwords{F(254.0f), F(128.0f), 0, kOne}));
  const ImageDesc sscaled = Image(FormatId::kR8G8_SSCALED, 1, 1);
  EXPECT_EQ(Load(sscaled, g, 0, 0), (Dwords{F(-2.0f), F(-128.0f), 0, kOne}));  // 0xFE = -2
  const ImageDesc uint = Image(FormatId::kR8G8_UINT, 1, 1);
  EXPECT_EQ(Load(uint, g, 0, 0), (Dwords{254, 128, 0, 1}));  // W: the integer 1
  const ImageDesc sint = Image(FormatId::kR8G8_SINT, 1, 1);
  EXPECT_EQ(Load(sint, g, 0, 0), (Dwords{0xFFFFFFFEu, 0xFFFFFF80u, 0, 1}));  // sign-extended
}

TEST(ReferenceFormatsDecode, NoZeroAndUnsignedBiasedKinds) {
  Guest g({0x00, 0x01, 0x80, 0x7F, 0xFF});
  const ImageDesc nz = Image(FormatId::kR8_SNORM_NZ, 5, 1);
  EXPECT_EQ(Load(nz, g, 0, 0)[0], 0x3B808081u);  // (2*0 + 1) / 255 = 1/255
  EXPECT_EQ(Load(nz, g, 2, 0)[0], kMinusOne);    // (2*-128 + 1) / 255 = -255/255
  EXPECT_EQ(Load(nz, g, 3, 0)[0], kOne);         // (2*127 + 1) / 255
  EXPECT_EQ(Load(nz, g, 4, 0)[0], 0xBB808081u);  // 0xFF = -1: (-2 + 1) / 255 = -1/255

  const ImageDesc ub = Image(FormatId::kR8_UBNORM, 5, 1);
  EXPECT_EQ(Load(ub, g, 0, 0)[0], kMinusOne);  // u = 0 - 128: max(-128/127, -1) = -1.0
  EXPECT_EQ(Load(ub, g, 1, 0)[0], kMinusOne);  // u = 1 - 128 = -127: -127/127
  EXPECT_EQ(Load(ub, g, 2, 0)[0], 0u);         // u = 0
  EXPECT_EQ(Load(ub, g, 4, 0)[0], kOne);       // u = 127

  const ImageDesc ubnz = Image(FormatId::kR8_UBNORM_NZ, 5, 1);
  EXPECT_EQ(Load(ubnz, g, 0, 0)[0], kMinusOne);    // (2*-128 + 1) / 255
  EXPECT_EQ(Load(ubnz, g, 2, 0)[0], 0x3B808081u);  // (2*0 + 1) / 255

  const ImageDesc ubint = Image(FormatId::kR8_UBINT, 5, 1);
  EXPECT_EQ(Load(ubint, g, 0, 0), (Dwords{0xFFFFFF80u, 0, 0, 1}));  // -128
  EXPECT_EQ(Load(ubint, g, 4, 0)[0], 127u);                         // 255 - 128
  const ImageDesc ubscaled = Image(FormatId::kR8_UBSCALED, 5, 1);
  EXPECT_EQ(Load(ubscaled, g, 1, 0)[0], F(-127.0f));
}

TEST(ReferenceFormatsDecode, Binary16) {
  Guest g(Le32({0x3C000001u, 0xFC007C00u, 0x80007E01u, 0x7BFF03FFu}));
  const ImageDesc img = Image(FormatId::kR16_FLOAT, 8, 1);
  EXPECT_EQ(Load(img, g, 0, 0)[0], 0x33800000u);  // 0x0001: 1 * 2^-24, a binary32 normal
  EXPECT_EQ(Load(img, g, 1, 0)[0], kOne);         // 0x3C00
  EXPECT_EQ(Load(img, g, 2, 0)[0], 0x7F800000u);  // 0x7C00: +Inf
  EXPECT_EQ(Load(img, g, 3, 0)[0], 0xFF800000u);  // 0xFC00: -Inf
  // 0x7E01: NaN, payload 0x201 in the top mantissa bits: 0x7F800000 | 0x201 << 13.
  EXPECT_EQ(Load(img, g, 4, 0)[0], 0x7FC02000u);
  EXPECT_EQ(Load(img, g, 5, 0)[0], 0x80000000u);  // 0x8000: -0
  EXPECT_EQ(Load(img, g, 6, 0)[0], 0x387FC000u);  // 0x03FF: 1023 * 2^-24
  EXPECT_EQ(Load(img, g, 7, 0)[0], 0x477FE000u);  // 0x7BFF: 65504
}

TEST(ReferenceFormatsDecode, R11G11B10FloatWithDenormals) {
  // X (bits 0-10) = 0x001: exponent 0, mantissa 1: 1 * 2^(-14 - 6) = 2^-20.
  // Y (bits 11-21) = 0x3C0: exponent 15, mantissa 0: 1.0.
  // Z (bits 22-31) = 0x01F: exponent 0, mantissa 31: 31 * 2^(-14 - 5) = 31 * 2^-19.
  const uint32_t texel = 0x001u | 0x3C0u << 11 | 0x01Fu << 22;
  // Second texel: X = 0x7C0 (+Inf), Y = 0x7E1 (NaN, payload 0x21), Z = 0x3DF (64512).
  const uint32_t special = 0x7C0u | 0x7E1u << 11 | 0x3DFu << 22;
  Guest g(Le32({texel, special}));
  const ImageDesc img = Image(FormatId::kR11G11B10_FLOAT, 2, 1);
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{0x35800000u, kOne, 0x38780000u, kOne}));
  // NaN: 0x7F800000 | 0x21 << 17; 64512 = (1 + 31/32) * 2^15.
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0x7F800000u, 0x7FC20000u, F(64512.0f), kOne}));
  // R10G11B11: X is the 10-bit float, at bits 0-9: 0x3C0 >> 1 = 0x1E0 is exponent 15: 1.0.
  Guest h(Le32({0x1E0u}));
  const ImageDesc swapped = Image(FormatId::kR10G11B11_FLOAT, 1, 1);
  EXPECT_EQ(Load(swapped, h, 0, 0), (Dwords{kOne, 0, 0, kOne}));
}

TEST(ReferenceFormatsDecode, SharedExponent) {
  // m = (256, 128, 1), E = 16: m * 2^(16 - 24) = (1.0, 0.5, 2^-8).
  const uint32_t a = 256u | 128u << 9 | 1u << 18 | 16u << 27;
  // E = 0, X = 1: 2^-24; E = 31, X = 511: 511 * 2^7 = 65408.
  const uint32_t b = 1u;
  const uint32_t c = 511u | 31u << 27;
  Guest g(Le32({a, b, c}));
  const ImageDesc img = Image(FormatId::kR9G9B9E5_FLOAT, 3, 1);
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{kOne, F(0.5f), 0x3B800000u, kOne}));  // W reads 1.0
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0x33800000u, 0, 0, kOne}));
  EXPECT_EQ(Load(img, g, 2, 0)[0], F(65408.0f));
}

TEST(ReferenceFormatsDecode, SrgbAndItsUnormAlpha) {
  Guest g({51, 51, 51, 51});
  const ImageDesc img = Image(FormatId::kR8G8B8A8_SRGB, 1, 1);
  const uint32_t x = F(reference::SrgbDecodeTable()[51]);
  // X, Y, Z by the curve ((0.2 + 0.055) / 1.055) ^ 2.4 = 0.0331..., W = 51 / 255 = 0.2.
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{x, x, x, 0x3E4CCCCDu}));
  EXPECT_NEAR(std::bit_cast<float>(x), 0.0331048, 1e-6);
}

TEST(ReferenceFormatsDecode, DepthAndStencil) {
  // R24G8_UNORM: depth 0xFFFFFF (X), stencil 0x80 (Y) at bits 24-31.
  Guest g(Le32({0x80FFFFFFu}));
  const ImageDesc d24s8 = Image(FormatId::kR24G8_UNORM, 1, 1);
  // 16777215 / 16777215 = 1.0; 128 / 255 = 0.50196...
  EXPECT_EQ(Load(d24s8, g, 0, 0), (Dwords{kOne, 0x3F008081u, 0, kOne}));
  // R8G24_UINT reads the same dword as X = the low byte, Y = the 24 bits above it.
  const ImageDesc s8d24 = Image(FormatId::kR8G24_UINT, 1, 1);
  EXPECT_EQ(Load(s8d24, g, 0, 0), (Dwords{0xFF, 0x80FFFF, 0, 1}));

  // R32G8X24: float depth 0.5 in bytes 0-3, stencil 0x7F in byte 4, padding 0xAB.
  Guest h({0x00, 0x00, 0x00, 0x3F, 0x7F, 0xAB, 0xAB, 0xAB});
  const ImageDesc fview = Image(FormatId::kR32G8X24_FLOAT, 1, 1);
  EXPECT_EQ(Load(fview, h, 0, 0), (Dwords{F(0.5f), 0, 0, kOne}));  // X only
  const ImageDesc uview = Image(FormatId::kR32G8X24_UINT, 1, 1);
  EXPECT_EQ(Load(uview, h, 0, 0), (Dwords{0x3F000000u, 0x7F, 0, 1}));
}

// ============================================================================================
// 4:2:2 pairs and 1-bit texels

TEST(ReferenceFormatsDecode, PairGbGr) {
  // Two blocks (X, Y0, Z, Y1): (255, 0, 51, 255) and (0, 102, 0, 204).
  Guest g({255, 0, 51, 255, 0, 102, 0, 204});
  const ImageDesc img = Image(FormatId::kR8G8_B8G8_UNORM, 4, 1);
  // Texel 2k + i = (X, Yi, Z, 1): 51/255 = 0.2, 102/255 = 0.4, 204/255 = 0.8.
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{kOne, 0, 0x3E4CCCCDu, kOne}));
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{kOne, kOne, 0x3E4CCCCDu, kOne}));
  EXPECT_EQ(Load(img, g, 2, 0), (Dwords{0, 0x3ECCCCCDu, 0, kOne}));
  EXPECT_EQ(Load(img, g, 3, 0), (Dwords{0, 0x3F4CCCCDu, 0, kOne}));
  // UINT: the same bytes as integers, W the integer 1.
  const ImageDesc uint = Image(FormatId::kR8G8_B8G8_UINT, 4, 1);
  EXPECT_EQ(Load(uint, g, 3, 0), (Dwords{0, 204, 0, 1}));
}

TEST(ReferenceFormatsDecode, PairBgRgOnAnOddWidth) {
  // Width 3: rows are align(3, 2) = 4 texels = 2 blocks = 8 bytes; two rows.
  // Blocks (Y0, X, Y1, Z): row 0 (255, 0, 51, 255), (1, 2, 3, 4); row 1 (10, 20, 30, 40), ...
  Guest g({255, 0, 51, 255, 1, 2, 3, 4, 10, 20, 30, 40, 50, 60, 70, 80});
  const ImageDesc img = Image(FormatId::kG8R8_G8B8_UINT, 3, 2);
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{0, 255, 255, 1}));
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0, 51, 255, 1}));
  EXPECT_EQ(Load(img, g, 2, 0), (Dwords{2, 1, 4, 1}));  // block 1, Y0
  EXPECT_EQ(Load(img, g, 1, 1), (Dwords{20, 30, 40, 1}));
  EXPECT_EQ(Load(img, g, 2, 1), (Dwords{60, 50, 80, 1}));
  EXPECT_EQ(Load(img, g, 3, 1), (Dwords{0, 0, 0, 0}));  // x = 3 >= width 3: out of bounds
}

TEST(ReferenceFormatsSample, PairTexelsFilterLikeAnyOther) {
  Guest g({255, 0, 51, 255, 0, 102, 0, 204});
  const ImageDesc img = Image(FormatId::kR8G8_B8G8_UNORM, 4, 1);
  // s = 0.25: u = 1.0, i0 = floor(0.5) = 0, a = 0.5; t = 0.5: v = 0.5, j0 = 0, b = 0 (j1 clamps
  // to row 0). Y codes 0 and 255: 0.5 * 0 + 0.5 * 255 = 127.5, / 255 = 0.5. X: 255 -> 1.0; Z:
  // 51 -> 0.2; W: 0.5 * 1.0 + 0.5 * 1.0 = 1.0.
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.25f, 0.5f),
            (Dwords{kOne, F(0.5f), 0x3E4CCCCDu, kOne}));
}

TEST(ReferenceFormatsDecode, OneBitTexelsAndTheirBitOrder) {
  // 13x2: rows of ceil(13 / 8) = 2 bytes. Row 0: 0b00000101, 0b10000000; row 1: 0x00, 0x10.
  Guest g({0x05, 0x80, 0x00, 0x10});
  const ImageDesc img = Image(FormatId::kR1_UNORM, 13, 2);
  // Texel x is bit x % 8 of byte x / 8.
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{kOne, 0, 0, kOne}));  // bit 0 of 0x05
  EXPECT_EQ(Load(img, g, 1, 0)[0], 0u);                       // bit 1
  EXPECT_EQ(Load(img, g, 2, 0)[0], kOne);                     // bit 2
  EXPECT_EQ(Load(img, g, 8, 0)[0], 0u);                       // bit 0 of 0x80
  EXPECT_EQ(Load(img, g, 12, 1)[0], kOne);                    // bit 4 of row 1's 0x10
  EXPECT_EQ(Load(img, g, 15, 0), (Dwords{0, 0, 0, 0}));       // x = 15 >= 13: out of bounds

  const ImageDesc rev = Image(FormatId::kR1_REVERSED_UNORM, 13, 2);
  // Reversed: texel x is bit 7 - x % 8.
  EXPECT_EQ(Load(rev, g, 0, 0)[0], 0u);     // bit 7 of 0x05
  EXPECT_EQ(Load(rev, g, 5, 0)[0], kOne);   // bit 2
  EXPECT_EQ(Load(rev, g, 7, 0)[0], kOne);   // bit 0
  EXPECT_EQ(Load(rev, g, 8, 0)[0], kOne);   // bit 7 of 0x80
  EXPECT_EQ(Load(rev, g, 11, 1)[0], kOne);  // bit 7 - 3 = 4 of 0x10
  EXPECT_EQ(Load(rev, g, 12, 1)[0], 0u);

  const ImageDesc uscaled = Image(FormatId::kR1_USCALED, 13, 2);
  EXPECT_EQ(Load(uscaled, g, 2, 0)[0], kOne);  // float(1)
}

// ============================================================================================
// Block formats

// BC1, c0 = 0xF800 (red) > c1 = 0x001F (blue): four colours. Indices of texels 0..3 are 0, 1, 2,
// 3 (byte 4 = 0b11'10'01'00), the other texels 0.
constexpr uint8_t kBc1Block[8] = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0x00, 0x00, 0x00};

TEST(ReferenceFormatsBlocks, Bc1FourColours) {
  std::vector<uint8_t> bytes(kBc1Block, kBc1Block + 8);
  Guest g(bytes);
  const ImageDesc img = Image(FormatId::kBC1_UNORM, 4, 4);
  // p0 = (255, 0, 0), p1 = (0, 0, 255) by bit replication.
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{kOne, 0, 0, kOne}));
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0, 0, kOne, kOne}));
  // p2 = (2 p0 + p1 + 1) / 3: R (510 + 1) / 3 = 170, B (255 + 1) / 3 = 85: 2/3 and 1/3.
  EXPECT_EQ(Load(img, g, 2, 0), (Dwords{0x3F2AAAABu, 0, 0x3EAAAAABu, kOne}));
  // p3 = (p0 + 2 p1 + 1) / 3: R 85, B 170.
  EXPECT_EQ(Load(img, g, 3, 0), (Dwords{0x3EAAAAABu, 0, 0x3F2AAAABu, kOne}));
  EXPECT_EQ(Load(img, g, 3, 3), (Dwords{kOne, 0, 0, kOne}));  // index 0

  const ImageDesc srgb = Image(FormatId::kBC1_SRGB, 4, 4);
  const uint32_t r170 = F(reference::SrgbDecodeTable()[170]);
  const uint32_t b85 = F(reference::SrgbDecodeTable()[85]);
  EXPECT_EQ(Load(srgb, g, 2, 0), (Dwords{r170, 0, b85, kOne}));
}

TEST(ReferenceFormatsBlocks, BlockAddressing) {
  // 6x7 BC1: 2x2 blocks of 8 bytes, rows of 2 blocks = 16 bytes. Block (1, 1) is the 4th.
  std::vector<uint8_t> bytes(32, 0);
  std::memcpy(&bytes[24], kBc1Block, 8);
  Guest g(bytes);
  const ImageDesc img = Image(FormatId::kBC1_UNORM, 6, 7);
  // Texel (5, 4) is texel (1, 0) of block (1, 1): index 1, blue.
  EXPECT_EQ(Load(img, g, 5, 4), (Dwords{0, 0, kOne, kOne}));
  // Texel (1, 0) of block (0, 0), all zero: c0 = c1 = 0, three-colour mode, index 0 = black.
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0, 0, 0, kOne}));
  EXPECT_EQ(Load(img, g, 6, 4), (Dwords{0, 0, 0, 0}));  // x = 6 >= width: out of bounds
}

TEST(ReferenceFormatsBlocks, Bc4AsBinary32Values) {
  // r0 = 255 > r1 = 0: eight values. Texel 0 index 0, texel 1 index 1, texel 2 index 2
  // (3-bit indices from byte 2: 1 << 3 | 2 << 6 = 0x88).
  Guest g({255, 0, 0x88, 0x00, 0x00, 0x00, 0x00, 0x00});
  const ImageDesc img = Image(FormatId::kBC4_UNORM, 4, 4);
  EXPECT_EQ(Load(img, g, 0, 0), (Dwords{kOne, 0, 0, kOne}));  // r0: 255 / 255
  EXPECT_EQ(Load(img, g, 1, 0), (Dwords{0, 0, 0, kOne}));     // r1
  // Index 2: float(6 * 255 + 1 * 0) / float(7 * 255) = 1530 / 1785 = 6/7.
  EXPECT_EQ(Load(img, g, 2, 0)[0], 0x3F5B6DB7u);
}

TEST(ReferenceFormatsBlocks, ReservedModesDecodeToZero) {
  // BC6H mode 0b10011 is reserved: 0 in X, Y, Z (binary16 0 -> 0.0f); W is not stored: 1.0.
  std::vector<uint8_t> bc6(16, 0);
  bc6[0] = 0x13;
  Guest g6(bc6);
  const ImageDesc img6 = Image(FormatId::kBC6H_UFLOAT, 4, 4);
  EXPECT_EQ(Load(img6, g6, 2, 1), (Dwords{0, 0, 0, kOne}));
  // BC7 with first byte 0 is reserved: RGBA codes 0, alpha included.
  Guest g7(std::vector<uint8_t>(16, 0));
  const ImageDesc img7 = Image(FormatId::kBC7_UNORM, 4, 4);
  EXPECT_EQ(Load(img7, g7, 3, 3), (Dwords{0, 0, 0, 0}));
}

// ============================================================================================
// Filter domain

TEST(ReferenceFormatsSample, SnormFiltersClampedCodes) {
  Guest g({0x80, 0x7F});  // codes -128 and 127
  const ImageDesc img = Image(FormatId::kR8_SNORM, 2, 1);
  // s = 0.5: u = 1.0, a = 0.5 between texels 0 and 1. -128 is clamped to -127 first:
  // 0.5 * -127 + 0.5 * 127 = 0, / 127 = 0 (unclamped it would be -0.5 / 127).
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.5f)[0], 0u);
  // A point sample is the load's value: -127 / 127 = -1.0.
  EXPECT_EQ(Sample(img, g, XyFilter::kPoint, 0.25f, 0.5f)[0], kMinusOne);
}

TEST(ReferenceFormatsSample, UnormDividesOnceAfterFiltering) {
  Guest g({1, 2});
  const ImageDesc img = Image(FormatId::kR8_UNORM, 2, 1);
  // (0.5 * 1 + 0.5 * 2) / 255 = 1.5 / 255 = 0.0058823... -> 0x3BC0C0C1.
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.5f), (Dwords{0x3BC0C0C1u, 0, 0, kOne}));
}

TEST(ReferenceFormatsSample, UbnormFiltersCodesAroundTheBias) {
  Guest g({0x00, 0xFF});  // u = -128 (clamped to -127) and 127
  const ImageDesc img = Image(FormatId::kR8_UBNORM, 2, 1);
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.5f)[0], 0u);
}

TEST(ReferenceFormatsSample, FloatDenormalsFlushOnlyInSamples) {
  // R32_FLOAT texels: 2^-126 (smallest normal) and 1e-40 (denormal 0x000116C2).
  Guest g(Le32({0x00800000u, 0x000116C2u}));
  const ImageDesc img = Image(FormatId::kR32_FLOAT, 2, 1);
  EXPECT_EQ(Load(img, g, 1, 0)[0], 0x000116C2u);  // loads keep denormals
  // Point sample of texel 1: flushed to +0 before filtering.
  EXPECT_EQ(Sample(img, g, XyFilter::kPoint, 0.75f, 0.5f)[0], 0u);
  // Bilinear at a = 0.5: 0.5 * 2^-126 + 0.5 * 0 = 2^-127, a denormal result: flushed.
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.5f)[0], 0u);
  // A binary16 denormal decodes to a binary32 normal (2^-24) and is not flushed.
  Guest h({0x01, 0x00});
  const ImageDesc half = Image(FormatId::kR16_FLOAT, 1, 1);
  EXPECT_EQ(Sample(half, h, XyFilter::kPoint, 0.5f, 0.5f)[0], 0x33800000u);
}

TEST(ReferenceFormatsSample, SintIsNeverFiltered) {
  Guest g({0x05, 0xFF});
  const ImageDesc img = Image(FormatId::kR8_SINT, 2, 1);
  // Bilinear is taken as POINT: u = 1.0, i = floor(1.0) = 1: 0xFF = -1, sign-extended; W = 1.
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.5f), (Dwords{0xFFFFFFFFu, 0, 0, 1}));
}

TEST(ReferenceFormatsSample, Bc4BilinearAcrossTwoBlocks) {
  // 8x4 BC4: block 0 all r0 = 255 (index 0), block 1 all r0 = 0 and r1 = 0.
  Guest g({255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  const ImageDesc img = Image(FormatId::kBC4_UNORM, 8, 4);
  // s = 0.5: u = 4.0, i0 = floor(3.5) = 3 (block 0), i1 = 4 (block 1), a = 0.5:
  // 0.5 * 1.0 + 0.5 * 0.0 = 0.5.
  EXPECT_EQ(Sample(img, g, XyFilter::kBilinear, 0.5f, 0.125f)[0], F(0.5f));
}

// ============================================================================================
// Encode

TEST(ReferenceFormatsEncode, WholeTexelsWithUnsuppliedChannelsAsZero) {
  Guest g({1, 2, 3, 4, 5, 6, 7, 8});
  const ImageDesc img = Image(FormatId::kR8G8B8A8_UNORM, 2, 1);
  // DMASK 0b0010: in.data[0] is Y; X, Z, W are written as 0 converted (0).
  ASSERT_TRUE(Store(img, g, 0, 0, {kOne, 0, 0, 0}, kStore, 0b0010).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0, 255, 0, 0, 5, 6, 7, 8}));

  // UBNORM's 0 is the offset-binary 0x80 (0 + 128), also for an unsupplied channel.
  Guest h({1, 2});
  const ImageDesc ub = Image(FormatId::kR8G8_UBNORM, 1, 1);
  ASSERT_TRUE(Store(ub, h, 0, 0, {kMinusOne, 0, 0, 0}, kStore, 0b0001).ok());
  EXPECT_EQ(h.bytes, (std::vector<uint8_t>{1, 0x80}));  // -127 + 128 = 1; 0 + 128
}

TEST(ReferenceFormatsEncode, NormalizedKinds) {
  Guest g({0, 0});
  const ImageDesc snorm = Image(FormatId::kR8G8_SNORM, 1, 1);
  // -1.0 * 127 = -127 -> 0x81; 0.5 * 127 = 63.5 -> 64 (ties to even).
  ASSERT_TRUE(Store(snorm, g, 0, 0, {kMinusOne, F(0.5f), 0, 0}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0x81, 0x40}));

  const ImageDesc nz = Image(FormatId::kR8G8_SNORM_NZ, 1, 1);
  // 1/255: (1/255 * 255 - 1) * 0.5 = 0; -1.0: (-255 - 1) * 0.5 = -128 -> 0x80.
  ASSERT_TRUE(Store(nz, g, 0, 0, {F(1.0f / 255.0f), kMinusOne, 0, 0}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0x00, 0x80}));
  // 1.0: (255 - 1) * 0.5 = 127; NaN -> 0: (0 - 1) * 0.5 = -0.5 -> rint = -0 -> 0.
  ASSERT_TRUE(Store(nz, g, 0, 0, {kOne, 0x7FC00000u, 0, 0}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0x7F, 0x00}));

  const ImageDesc ubnz = Image(FormatId::kR8G8_UBNORM_NZ, 1, 1);
  // 1.0 -> s = 127 -> 127 + 128 = 255; -1.0 -> s = -128 -> 0.
  ASSERT_TRUE(Store(ubnz, g, 0, 0, {kOne, kMinusOne, 0, 0}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0xFF, 0x00}));

  Guest h(Le32({0}));
  const ImageDesc r10 = Image(FormatId::kR10G10B10A2_UNORM, 1, 1);
  // X 1.0 -> 1023; Y 0; Z 0.5 * 1023 = 511.5 -> 512 (ties to even); W 2.0 clamps to 1 -> 3.
  ASSERT_TRUE(Store(r10, h, 0, 0, {kOne, 0, F(0.5f), F(2.0f)}).ok());
  EXPECT_EQ(h.bytes, Le32({1023u | 512u << 20 | 3u << 30}));
}

TEST(ReferenceFormatsEncode, ScaledAndIntegerKinds) {
  Guest g({0, 0, 0, 0});
  const ImageDesc us = Image(FormatId::kR8G8B8A8_USCALED, 1, 1);
  // 300 -> 255; -3 -> 0; 2.5 -> 2 (ties to even); NaN -> 0.
  ASSERT_TRUE(Store(us, g, 0, 0, {F(300.0f), F(-3.0f), F(2.5f), 0x7FC00000u}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{255, 0, 2, 0}));
  const ImageDesc ss = Image(FormatId::kR8G8B8A8_SSCALED, 1, 1);
  // -200 -> -128 (0x80); 3.5 -> 4; 127.6 -> 127 (clamped first); -0.5 -> -0 -> 0.
  ASSERT_TRUE(Store(ss, g, 0, 0, {F(-200.0f), F(3.5f), F(127.6f), F(-0.5f)}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0x80, 4, 127, 0}));
  const ImageDesc ubs = Image(FormatId::kR8G8B8A8_UBSCALED, 1, 1);
  // -128 -> 0; 0 -> 128; 127 -> 255; 1000 -> 127 -> 255.
  ASSERT_TRUE(Store(ubs, g, 0, 0, {F(-128.0f), 0, F(127.0f), F(1000.0f)}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0, 128, 255, 255}));
  const ImageDesc si = Image(FormatId::kR8G8B8A8_SINT, 1, 1);
  // -256 -> -128; 1000 -> 127; -1 -> 0xFF; 0x80000000 (INT_MIN) -> -128.
  ASSERT_TRUE(Store(si, g, 0, 0, {0xFFFFFF00u, 1000, 0xFFFFFFFFu, 0x80000000u}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0x80, 0x7F, 0xFF, 0x80}));
  const ImageDesc ubi = Image(FormatId::kR8G8B8A8_UBINT, 1, 1);
  // -128 -> 0; 127 -> 255; -1 -> 127; 500 -> 127 -> 255.
  ASSERT_TRUE(Store(ubi, g, 0, 0, {0xFFFFFF80u, 127, 0xFFFFFFFFu, 500}).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0, 255, 127, 255}));
}

TEST(ReferenceFormatsEncode, Binary16RoundsToNearestEven) {
  using reference::FloatBitsToHalf;
  EXPECT_EQ(FloatBitsToHalf(kOne), 0x3C00u);
  EXPECT_EQ(FloatBitsToHalf(0x3F801000u), 0x3C00u);  // 1 + 2^-11: a tie, to even (1.0)
  EXPECT_EQ(FloatBitsToHalf(0x3F803000u), 0x3C02u);  // 1 + 3 * 2^-11: a tie, to even (m = 2)
  EXPECT_EQ(FloatBitsToHalf(0x3F801001u), 0x3C01u);  // just above the tie
  EXPECT_EQ(FloatBitsToHalf(F(65504.0f)), 0x7BFFu);
  EXPECT_EQ(FloatBitsToHalf(F(65519.99609375f)), 0x7BFFu);  // below 65520
  EXPECT_EQ(FloatBitsToHalf(F(65520.0f)), 0x7C00u);         // rounds past 65504: Inf
  EXPECT_EQ(FloatBitsToHalf(F(-65520.0f)), 0xFC00u);
  EXPECT_EQ(FloatBitsToHalf(0x33800000u), 0x0001u);  // 2^-24: the smallest denormal
  EXPECT_EQ(FloatBitsToHalf(0x33000000u), 0x0000u);  // 2^-25: a tie between 0 and 1, to even
  EXPECT_EQ(FloatBitsToHalf(0x33400000u), 0x0001u);  // 0.75 * 2^-24
  // 2^-14 - 2^-25: a tie between denormal 0x3FF and normal 0x400, to even (0x400).
  EXPECT_EQ(FloatBitsToHalf(0x387FE000u), 0x0400u);
  EXPECT_EQ(FloatBitsToHalf(0x80000001u), 0x8000u);  // a binary32 denormal: -0
  // NaN: exponent all ones, quiet bit, payload 0x200001 >> 13 = 0x100.
  EXPECT_EQ(FloatBitsToHalf(0x7FA00001u), 0x7F00u);
  EXPECT_EQ(FloatBitsToHalf(0xFF800000u), 0xFC00u);  // -Inf
}

// "encode(decode(c)) == c for every code of every width up to 24"; SNORM likewise, except the
// most negative code, which decodes to -1.0 and encodes back as -(2^(n-1) - 1).
TEST(ReferenceFormatsEncode, NormalizedCodesRoundTrip) {
  FormatInfo f;
  for (uint32_t n = 1; n <= 24; ++n) {
    for (uint32_t c = 0; c < (1u << n); ++c) {
      f.channels[0] = {ChannelKind::kUnorm, 0, n};
      const uint32_t unorm = reference::DecodeChannel(f, 0, c);
      ASSERT_EQ(reference::EncodeChannel(ChannelKind::kUnorm, n, unorm), c) << n;
      if (n < 2) continue;
      f.channels[0] = {ChannelKind::kSnorm, 0, n};
      const uint32_t snorm = reference::DecodeChannel(f, 0, c);
      ASSERT_EQ(reference::EncodeChannel(ChannelKind::kSnorm, n, snorm),
                c == (1u << (n - 1)) ? c + 1 : c)
          << n;
    }
  }
}

// Every binary16 code that is not a NaN decodes exactly and encodes back to itself.
TEST(ReferenceFormatsEncode, Binary16RoundTrips) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if (((h >> 10) & 31) == 31 && (h & 0x3FF) != 0) continue;
    ASSERT_EQ(reference::FloatBitsToHalf(reference::SmallFloatToFloatBits(h, 10, true)), h) << h;
  }
}

TEST(ReferenceFormatsEncode, UnsignedSmallFloats) {
  Guest g(Le32({0}));
  const ImageDesc img = Image(FormatId::kR11G11B10_FLOAT, 1, 1);
  // X 1.0 -> 0x3C0; Y -2 -> 0; Z 1e6 -> the largest finite 10-bit float 0x3DF (64512).
  ASSERT_TRUE(Store(img, g, 0, 0, {kOne, F(-2.0f), F(1e6f), 0}).ok());
  EXPECT_EQ(g.bytes, Le32({0x3C0u | 0x3DFu << 22}));

  using reference::FloatBitsToUnsignedSmallFloat;
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0x7FC00000u, 6), 0x7E0u);  // NaN: 0x7C0 | quiet 0x20
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0xFFC00000u, 6), 0x7E0u);  // a negative NaN too
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0x7F800000u, 6), 0x7C0u);  // +Inf
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0xFF800000u, 6), 0u);      // -Inf
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0x80000000u, 5), 0u);      // -0
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(F(65280.0f), 6), 0x7BFu);  // a tie past 65024
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(F(65279.0f), 6), 0x7BFu);  // rounds to 65024
  // 2^-21 is half the smallest denormal (2^-20): a tie, to even (0); 3 * 2^-21 -> 2 (even).
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0x35000000u, 6), 0u);
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(0x35C00000u, 6), 2u);
  // 10-bit: 1.0 is exponent 15 << 5 = 0x1E0.
  EXPECT_EQ(FloatBitsToUnsignedSmallFloat(kOne, 5), 0x1E0u);
}

TEST(ReferenceFormatsEncode, SharedExponentVulkanRule) {
  auto encode = [](float x, float y, float z) {
    const uint32_t v[3] = {F(x), F(y), F(z)};
    return reference::EncodeSharedExponent(v);
  };
  // (1.0, 0.5, 0.25): floor(log2(1)) = 0, exp_p = 16, max_s = floor(1 / 2^-8 + 1/2) = 256 < 512;
  // mantissas 256, 128, 64.
  EXPECT_EQ(encode(1.0f, 0.5f, 0.25f), 256u | 128u << 9 | 64u << 18 | 16u << 27);
  // 511.75: exp_p = 8 + 16 = 24, max_s = floor(511.75 + 0.5) = 512: exp_s = 25,
  // mantissa floor(511.75 / 2 + 0.5) = floor(256.375) = 256.
  EXPECT_EQ(encode(511.75f, 0.0f, 0.0f), 256u | 25u << 27);
  // A tie rounds up: Y = 5 * 2^-9 at exp_s 16 is 2.5 units of 2^-8 -> 3 (to even would be 2).
  // NaN -> 0.
  EXPECT_EQ(encode(1.0f, 5.0f / 512.0f, std::numeric_limits<float>::quiet_NaN()),
            256u | 3u << 9 | 16u << 27);
  // Clamped to [0, 65408]: 65408 = 511 * 2^7, exp_p = 15 + 16 = 31, max_s = 511.
  EXPECT_EQ(encode(1e6f, -5.0f, std::numeric_limits<float>::infinity()),
            511u | 511u << 18 | 31u << 27);
  // All zero: log2(0) = -inf, exp_p = max(-16, -inf) + 16 = 0.
  EXPECT_EQ(encode(0.0f, -0.0f, 0.0f), 0u);

  // Through a store, W is ignored.
  Guest g(Le32({0xFFFFFFFFu}));
  const ImageDesc img = Image(FormatId::kR9G9B9E5_FLOAT, 1, 1);
  ASSERT_TRUE(Store(img, g, 0, 0, {kOne, F(0.5f), F(0.25f), F(7.0f)}).ok());
  EXPECT_EQ(g.bytes, Le32({256u | 128u << 9 | 64u << 18 | 16u << 27}));
}

TEST(ReferenceFormatsEncode, R32G8X24FloatWritesTheWholeTexel) {
  Guest g({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
  const ImageDesc img = Image(FormatId::kR32G8X24_FLOAT, 2, 1);
  // 0.25 = 0x3E800000 in bytes 0-3; the stencil byte and the padding belong to no channel of the
  // FLOAT view and are written as 0; texel 1 (bytes 8-15) is untouched.
  ASSERT_TRUE(Store(img, g, 0, 0, {F(0.25f), 99, 0, 0}).ok());
  EXPECT_EQ(g.bytes,
            (std::vector<uint8_t>{0, 0, 0x80, 0x3E, 0, 0, 0, 0, 9, 10, 11, 12, 13, 14, 15, 16}));
  const ImageDesc uview = Image(FormatId::kR32G8X24_UINT, 2, 1);
  ASSERT_TRUE(Store(uview, g, 1, 0, {7, 300, 0, 0}).ok());  // stencil min(300, 255)
  EXPECT_EQ(std::vector<uint8_t>(g.bytes.begin() + 8, g.bytes.end()),
            (std::vector<uint8_t>{7, 0, 0, 0, 255, 0, 0, 0}));
}

TEST(ReferenceFormatsEncode, SubDwordTexelsWriteOnlyTheirBytes) {
  Guest g({0xAA, 0xBB, 0xCC});
  const ImageDesc img = Image(FormatId::kR8_UINT, 3, 1);
  ASSERT_TRUE(Store(img, g, 1, 0, {0x1234, 0, 0, 0}).ok());  // min(0x1234, 255)
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{0xAA, 0xFF, 0xCC}));
}

// ============================================================================================
// _PCK

TEST(ReferenceFormatsPck, LoadsZeroOrSignExtend) {
  Guest g({0x80, 0x7F});
  const ImageDesc r8 = Image(FormatId::kR8_SNORM, 2, 1);
  EXPECT_EQ(Load(r8, g, 0, 0, kLoadPck), (Dwords{0x80, 0, 0, 0}));
  EXPECT_EQ(Load(r8, g, 0, 0, kLoadPckSgn), (Dwords{0xFFFFFF80u, 0, 0, 0}));
  EXPECT_EQ(Load(r8, g, 1, 0, kLoadPckSgn)[0], 0x7Fu);
  // LOAD_MIP_PCK_SGN at mip 0 is the same.
  EXPECT_EQ(Load(r8, g, 0, 0, kLoadMipPckSgn)[0], 0xFFFFFF80u);

  Guest h({0x01, 0x80});  // R16 texel 0x8001
  const ImageDesc r16 = Image(FormatId::kR16_UNORM, 1, 1);
  EXPECT_EQ(Load(r16, h, 0, 0, kLoadPck)[0], 0x8001u);
  EXPECT_EQ(Load(r16, h, 0, 0, kLoadPckSgn)[0], 0xFFFF8001u);
  // Two 8-bit channels are one 2-byte texel: sign-extended from bit 15.
  const ImageDesc rg8 = Image(FormatId::kR8G8_UINT, 1, 1);
  EXPECT_EQ(Load(rg8, h, 0, 0, kLoadPckSgn)[0], 0xFFFF8001u);

  Guest w({0x80, 0x80, 0x80, 0x80});
  const ImageDesc rgba8 = Image(FormatId::kR8G8B8A8_SNORM, 1, 1);
  EXPECT_EQ(Load(rgba8, w, 0, 0, kLoadPckSgn)[0], 0x80808080u);  // 4-byte texel: as stored
}

TEST(ReferenceFormatsPck, DmaskSelectsDwordsWithoutDstSel) {
  Guest g(Le32({11, 22, 33}));
  ImageDesc img = Image(FormatId::kR32G32B32_FLOAT, 1, 1);
  img.dst_sel[0] = DstSel::k1;  // ignored by _PCK
  // DMASK 0b1010: dwords 1 and 3; dword 3 is past the 12-byte texel: 0.
  EXPECT_EQ(Load(img, g, 0, 0, kLoadPck, false, 0b1010), (Dwords{22, 0, kSentinel, kSentinel}));
  EXPECT_EQ(Load(img, g, 1, 0, kLoadPck), (Dwords{0, 0, 0, 0}));  // out of bounds
  // The raw dword of a shared-exponent texel.
  Guest s(Le32({0x81010100u}));
  const ImageDesc e5 = Image(FormatId::kR9G9B9E5_FLOAT, 1, 1);
  EXPECT_EQ(Load(e5, s, 0, 0, kLoadPck)[0], 0x81010100u);
}

TEST(ReferenceFormatsPck, StoresWriteTheTexelsBytes) {
  Guest g({1, 2, 3, 4, 5, 6});
  const ImageDesc r16 = Image(FormatId::kR16_UNORM, 3, 1);
  ASSERT_TRUE(Store(r16, g, 1, 0, {0x12345678u, 0, 0, 0}, kStorePck).ok());
  EXPECT_EQ(g.bytes, (std::vector<uint8_t>{1, 2, 0x78, 0x56, 5, 6}));

  Guest h(std::vector<uint8_t>(8, 0xEE));
  const ImageDesc rg32 = Image(FormatId::kR32G32_UINT, 1, 1);
  // DMASK 0b0010: in.data[0] is dword 1; dword 0 is not supplied: 0.
  ASSERT_TRUE(Store(rg32, h, 0, 0, {0xA1B2C3D4u, 0, 0, 0}, kStorePck, 0b0010).ok());
  EXPECT_EQ(h.bytes, Le32({0, 0xA1B2C3D4u}));
}

// ============================================================================================
// D16

TEST(ReferenceFormatsD16, LoadsSaturateIntegers) {
  Guest g(Le32({70000, 0xFFFF63C0u /* -40000 */, 40000, 0xFFFFFFFBu /* -5 */}));
  const ImageDesc u32 = Image(FormatId::kR32_UINT, 4, 1);
  // min(70000, 65535); W = integer 1.
  EXPECT_EQ(Load(u32, g, 0, 0, kLoad, true), (Dwords{65535, 0, 0, 1}));
  EXPECT_EQ(Load(u32, g, 1, 0, kLoad, true)[0], 65535u);  // 4294927296 as unsigned
  const ImageDesc s32 = Image(FormatId::kR32_SINT, 4, 1);
  EXPECT_EQ(Load(s32, g, 1, 0, kLoad, true)[0], 0x8000u);  // -40000 -> -32768
  EXPECT_EQ(Load(s32, g, 2, 0, kLoad, true)[0], 0x7FFFu);  // 40000 -> 32767
  EXPECT_EQ(Load(s32, g, 3, 0, kLoad, true)[0], 0xFFFBu);  // -5 in the low half only
}

TEST(ReferenceFormatsD16, LoadsAndSamplesConvertFloatsToBinary16) {
  Guest g(Le32({F(65520.0f), F(65519.99609375f), 0x80000001u, 0x7FA00001u}));
  const ImageDesc img = Image(FormatId::kR32_FLOAT, 4, 1);
  // W = 1.0f -> 0x3C00.
  EXPECT_EQ(Load(img, g, 0, 0, kLoad, true), (Dwords{0x7C00u, 0, 0, 0x3C00u}));  // Inf
  EXPECT_EQ(Load(img, g, 1, 0, kLoad, true)[0], 0x7BFFu);                        // 65504
  EXPECT_EQ(Load(img, g, 2, 0, kLoad, true)[0], 0x8000u);  // binary32 denormal -> -0
  EXPECT_EQ(Load(img, g, 3, 0, kLoad, true)[0], 0x7F00u);  // NaN, quiet, payload 0x100

  // UNORM 51/255 = 0.2f (0x3E4CCCCD) -> binary16: 0.2 * 2^13 = 1638.4 -> m = 1638 - 1024 = 614
  // (0x266) at exponent -3 + 15 = 12: 0x3266. A point sample equals the load.
  Guest h({51});
  const ImageDesc r8 = Image(FormatId::kR8_UNORM, 1, 1);
  EXPECT_EQ(Load(r8, h, 0, 0, kLoad, true), (Dwords{0x3266u, 0, 0, 0x3C00u}));
  EXPECT_EQ(Sample(r8, h, XyFilter::kPoint, 0.5f, 0.5f, true), (Dwords{0x3266u, 0, 0, 0x3C00u}));
}

TEST(ReferenceFormatsD16, StoresTakeTheFirstChannels) {
  Guest g(Le32({0, 0}));
  const ImageDesc img = Image(FormatId::kR32G32_FLOAT, 1, 1);
  // DMASK 0b1000: one value, for X (the first channel) whatever the bit position; binary16
  // 0x3C00 widened exactly to 1.0f. Y is not supplied: 0.
  ASSERT_TRUE(Store(img, g, 0, 0, {0xABCD3C00u, 0, 0, 0}, kStore, 0b1000, true).ok());
  EXPECT_EQ(g.bytes, Le32({kOne, 0}));

  Guest h({0, 0});
  const ImageDesc si = Image(FormatId::kR8G8_SINT, 1, 1);
  // DMASK 0b1010, two values for X and Y: 0xFF80 sign-extends to -128 (0x80); 0x0100 = 256 -> 127.
  ASSERT_TRUE(Store(si, h, 0, 0, {0xFF80u, 0x0100u, 0, 0}, kStore, 0b1010, true).ok());
  EXPECT_EQ(h.bytes, (std::vector<uint8_t>{0x80, 0x7F}));
  const ImageDesc ui = Image(FormatId::kR8G8_UINT, 1, 1);
  // 0xFFFF zero-extends to 65535 -> min(65535, 255) = 255.
  ASSERT_TRUE(Store(ui, h, 0, 0, {0xFFFFu, 7, 0, 0}, kStore, 0b0011, true).ok());
  EXPECT_EQ(h.bytes, (std::vector<uint8_t>{255, 7}));
}

// ============================================================================================
// Validation

TEST(ReferenceFormatsValidation, BlockFormatsRejectStoresAndPck) {
  Guest g(std::vector<uint8_t>(16, 0));
  const FormatId blocks[] = {FormatId::kBC1_UNORM, FormatId::kR8G8_B8G8_UNORM,
                             FormatId::kG8R8_G8B8_UINT, FormatId::kR1_UNORM, FormatId::kBC7_SRGB};
  for (FormatId f : blocks) {
    const ImageDesc img = Image(f, 4, 4);
    EXPECT_EQ(Store(img, g, 0, 0, {0, 0, 0, 0}).code(), StatusCode::kInvalidArgument)
        << FormatName(f);
    EXPECT_EQ(Store(img, g, 0, 0, {0, 0, 0, 0}, kStorePck).code(), StatusCode::kInvalidArgument)
        << FormatName(f);
    Wave w;
    const Status st = reference::Execute(w.Make(kLoadPck, &img, &g.memory));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << FormatName(f);
    EXPECT_NE(st.message().find(FormatName(f)), std::string::npos) << st.message();
  }
  EXPECT_TRUE(std::all_of(g.bytes.begin(), g.bytes.end(), [](uint8_t b) { return b == 0; }));
}

TEST(ReferenceFormatsValidation, D16WithPckIsInvalidEvenUnbound) {
  Guest g(std::vector<uint8_t>(4, 0));
  ImageDesc img = Image(FormatId::kR8G8B8A8_UNORM, 1, 1);
  Wave w;
  TexRequest r = w.Make(kLoadPck, &img, &g.memory);
  r.mods.d16 = true;
  EXPECT_EQ(reference::Execute(r).code(), StatusCode::kInvalidArgument);
  img.unbound = true;  // the request's structure is checked before the T#
  EXPECT_EQ(reference::Execute(r).code(), StatusCode::kInvalidArgument);
  // A store to a block format through an unbound T# writes nothing and succeeds: the T#'s
  // contents are not read.
  ImageDesc bc = Image(FormatId::kBC1_UNORM, 4, 4);
  bc.unbound = true;
  EXPECT_TRUE(Store(bc, g, 0, 0, {1, 2, 3, 4}).ok());
}

TEST(ReferenceFormatsValidation, InvalidFormatNamesTheFields) {
  Guest g(std::vector<uint8_t>(4, 0));
  ImageDesc img = Image(FormatId::kInvalid, 1, 1);
  img.data_format = 10;
  img.num_format = 7;
  Wave w;
  Status st = reference::Execute(w.Make(kLoad, &img, &g.memory));
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("T#.DATA_FORMAT=10"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("T#.NUM_FORMAT=7"), std::string::npos) << st.message();
  img.gfx10_format = 99;
  st = reference::Execute(w.Make(kLoad, &img, &g.memory));
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("T#.FORMAT=99"), std::string::npos) << st.message();
}

TEST(ReferenceFormatsValidation, SgnOnlyWithPckLoads) {
  Guest g(std::vector<uint8_t>(4, 0));
  const ImageDesc img = Image(FormatId::kR8G8B8A8_UNORM, 1, 1);
  for (Op op : {Op{OpKind::kLoad, kOpSgn}, Op{OpKind::kStore, kOpPck | kOpSgn}}) {
    Wave w;
    EXPECT_EQ(reference::Execute(w.Make(op, &img, &g.memory)).code(), StatusCode::kUnimplemented)
        << OpName(op);
  }
}

}  // namespace
}  // namespace texunit
