// T# / S# codec tests: table coverage, round trips over random dwords and random structs, known
// vectors written by hand from the bit tables, and error messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "isa/gcn/descriptor_fields.h"
#include "isa/rdna/gfx10_formats.h"
#include "texunit/amd_formats.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"

namespace texunit {
namespace {

using gcn::FieldXform;
using gcn::ImageFieldSpec;
using gcn::ImageMember;
using gcn::SamplerFieldSpec;
using gcn::SamplerMember;

constexpr Gfx kAllGfx[] = {Gfx::kGfx6, Gfx::kGfx7,  Gfx::kGfx8,
                           Gfx::kGfx9, Gfx::kGfx10, Gfx::kGfx1030};

using T8 = std::array<uint32_t, 8>;
using S4 = std::array<uint32_t, 4>;

std::string Dump(std::span<const uint32_t> dw) {
  std::string s;
  char buf[16];
  for (uint32_t w : dw) {
    std::snprintf(buf, sizeof(buf), "%08x ", w);
    s += buf;
  }
  return s;
}

// ------------------------------------------------------------------------------------------------
// Table coverage: every bit of every dword is named exactly once.
// ------------------------------------------------------------------------------------------------

template <typename Member>
void ExpectCoverage(Gfx gfx, std::span<const gcn::FieldSpec<Member>> table, int dwords,
                    const char* what) {
  ASSERT_FALSE(table.empty()) << what << " " << GfxName(gfx);
  int count[8][32] = {};
  for (const auto& f : table) {
    ASSERT_LT(f.dword, dwords) << what << " " << f.name;
    ASSERT_GT(f.width, 0) << what << " " << f.name;
    ASSERT_LE(f.lo + f.width, 32) << what << " " << f.name;
    for (int b = f.lo; b < f.lo + f.width; ++b) ++count[f.dword][b];
    // RESERVED ranges and only they belong to no member.
    EXPECT_EQ(std::string(f.name) == "RESERVED", f.member == Member::kReserved)
        << what << " " << GfxName(gfx) << " " << f.name;
    EXPECT_EQ(f.member_lo + f.width <= 64, true) << f.name;
  }
  for (int w = 0; w < dwords; ++w) {
    for (int b = 0; b < 32; ++b) {
      EXPECT_EQ(count[w][b], 1) << what << " " << GfxName(gfx) << " W" << w << "[" << b
                                << "] is named " << count[w][b] << " times";
    }
  }
  EXPECT_TRUE(gcn::CoversEveryBitOnce(table, dwords));
  // Fields of one member carry disjoint bits of it and share its transform.
  constexpr size_t kCount = static_cast<size_t>(Member::kCount);
  uint64_t member_bits[kCount] = {};
  int xform[kCount];
  std::fill(std::begin(xform), std::end(xform), -1);
  for (const auto& f : table) {
    if (f.member == Member::kReserved) continue;
    const auto i = static_cast<size_t>(f.member);
    EXPECT_EQ(member_bits[i] & f.MemberMask(), 0u) << what << " " << GfxName(gfx) << " " << f.name;
    member_bits[i] |= f.MemberMask();
    if (xform[i] >= 0) {
      EXPECT_EQ(xform[i], static_cast<int>(f.xform)) << f.name;
    }
    xform[i] = static_cast<int>(f.xform);
  }
}

class DescriptorFieldsTest : public ::testing::TestWithParam<Gfx> {};

TEST_P(DescriptorFieldsTest, ImageTableNamesEveryBitOnce) {
  ExpectCoverage(GetParam(), gcn::ImageFieldTable(GetParam()), 8, "T#");
}

TEST_P(DescriptorFieldsTest, SamplerTableNamesEveryBitOnce) {
  ExpectCoverage(GetParam(), gcn::SamplerFieldTable(GetParam()), 4, "S#");
}

TEST(DescriptorFieldsCheckTest, CoverageCheckCatchesGapsAndOverlaps) {
  const ImageFieldSpec gap[] = {{"A", 0, 0, 31, ImageMember::kBaseAddress}};
  EXPECT_FALSE(gcn::CoversEveryBitOnce(std::span<const ImageFieldSpec>(gap), 1));
  const ImageFieldSpec overlap[] = {{"A", 0, 0, 32, ImageMember::kBaseAddress},
                                    {"B", 0, 31, 1, ImageMember::kMinLod}};
  EXPECT_FALSE(gcn::CoversEveryBitOnce(std::span<const ImageFieldSpec>(overlap), 1));
  const ImageFieldSpec full[] = {{"A", 0, 0, 31, ImageMember::kBaseAddress},
                                 {"B", 0, 31, 1, ImageMember::kMinLod}};
  EXPECT_TRUE(gcn::CoversEveryBitOnce(std::span<const ImageFieldSpec>(full), 1));
}

// ------------------------------------------------------------------------------------------------
// Helpers for random descriptors
// ------------------------------------------------------------------------------------------------

template <typename Member>
struct Layout {
  static constexpr size_t kCount = static_cast<size_t>(Member::kCount);
  uint64_t mask[kCount] = {};
  FieldXform xform[kCount] = {};
  uint32_t reserved[8] = {};
  explicit Layout(std::span<const gcn::FieldSpec<Member>> table) {
    for (const auto& f : table) {
      if (f.member == Member::kReserved) {
        reserved[f.dword] |= f.DwordMask();
      } else {
        mask[static_cast<size_t>(f.member)] |= f.MemberMask();
        xform[static_cast<size_t>(f.member)] = f.xform;
      }
    }
  }
  bool Has(Member m) const { return mask[static_cast<size_t>(m)] != 0; }
  // A random member value the table can represent.
  uint64_t Random(Member m, std::mt19937_64& rng) const {
    const auto i = static_cast<size_t>(m);
    const uint64_t raw = rng() & mask[i];
    switch (xform[i]) {
      case FieldXform::kMinus1:
        return raw + 1;
      case FieldXform::kSigned: {
        const int top = 63 - std::countl_zero(mask[i]);
        return (raw >> top) & 1 ? raw | ~mask[i] : raw;
      }
      case FieldXform::kNone:
        break;
    }
    return raw;
  }
};

constexpr uint32_t kValidDstSel[] = {0, 1, 4, 5, 6, 7};

// Redraws a GFX6-9 DATA_FORMAT x NUM_FORMAT pair until neither field holds a reserved value.
void MakeValidFormatFields(Gfx gfx, std::mt19937_64& rng, uint8_t* data, uint8_t* num) {
  while (!CheckAmdFormatFields(gfx, {static_cast<DataFormat>(*data), static_cast<NumFormat>(*num)})
              .ok()) {
    *data = static_cast<uint8_t>(rng() % 64);
    *num = static_cast<uint8_t>(rng() % 16);
  }
}

// Forces the fields that a decoder legitimately rejects to valid values.
void MakeValidImageDwords(Gfx gfx, std::mt19937_64& rng, T8& dw) {
  if (gfx < Gfx::kGfx10) {
    // DATA_FORMAT is T# bits 52-57 (dword 1 bits 20-25), NUM_FORMAT bits 58-61.
    uint8_t data = (dw[1] >> 20) & 0x3F, num = (dw[1] >> 26) & 0xF;
    MakeValidFormatFields(gfx, rng, &data, &num);
    dw[1] = (dw[1] & ~(0x3FFu << 20)) | uint32_t{data} << 20 | uint32_t{num} << 26;
  }
  dw[3] = (dw[3] & 0x0FFFFFFFu) | static_cast<uint32_t>(8 + rng() % 8) << 28;
  for (int c = 0; c < 4; ++c) {
    const uint32_t sel = (dw[3] >> (3 * c)) & 7;
    if (sel == 2 || sel == 3) {
      dw[3] = (dw[3] & ~(7u << (3 * c))) | kValidDstSel[rng() % 6] << (3 * c);
    }
  }
}

void MakeValidSamplerDwords(Gfx gfx, std::mt19937_64& rng, S4& dw) {
  const uint32_t aniso = (dw[0] >> 9) & 7;
  if (aniso > 4) dw[0] = (dw[0] & ~(7u << 9)) | static_cast<uint32_t>(rng() % 5) << 9;
  if (((dw[0] >> 29) & 3) == 3) dw[0] &= ~(1u << 30);                      // FILTER_MODE 3 -> 1
  if (((dw[2] >> 24) & 3) == 3) dw[2] &= ~(1u << 24);                      // Z_FILTER 3 -> 2
  if (gfx < Gfx::kGfx8 && ((dw[2] >> 26) & 3) == 3) dw[2] &= ~(1u << 26);  // MIP_FILTER 3 -> 2
}

T8 RandomT8(std::mt19937_64& rng) {
  T8 dw;
  for (auto& w : dw) w = static_cast<uint32_t>(rng());
  return dw;
}

class DescriptorCodecTest : public ::testing::TestWithParam<Gfx> {};

// ------------------------------------------------------------------------------------------------
// (1) Encode(Decode(dwords)) == dwords
// ------------------------------------------------------------------------------------------------

TEST_P(DescriptorCodecTest, ImageDwordsRoundTrip) {
  const Gfx gfx = GetParam();
  std::mt19937_64 rng(0x7E5 + static_cast<int>(gfx));
  constexpr int kIterations = 20000;
  for (int it = 0; it < kIterations; ++it) {
    T8 dw = RandomT8(rng);
    // Bias some sets towards the special cases: linear tiling, small DEPTH (GFX10.3 pitch rule).
    if (it % 4 == 0) {
      dw[3] = (dw[3] & ~(0x1Fu << 20)) | uint32_t{gcn::CanonicalLinearTiling(gfx)} << 20;
    }
    if (it % 8 == 1) dw[4] &= ~0x3FFFu;
    MakeValidImageDwords(gfx, rng, dw);
    ImageDesc d;
    const Status st = DecodeImageDesc(gfx, dw, &d);
    ASSERT_TRUE(st.ok()) << st.message() << " for " << Dump(dw);
    T8 out{};
    const Status st2 = EncodeImageDesc(gfx, d, out);
    ASSERT_TRUE(st2.ok()) << st2.message() << " for " << Dump(dw);
    ASSERT_EQ(out, dw) << GfxName(gfx);
    ASSERT_EQ(d.linear, gcn::IsLinearTiling(gfx, d.tiling));
  }
}

TEST_P(DescriptorCodecTest, ImageDwordsRoundTripUnforced) {
  // Unfiltered random bits: every set either fails with a message naming a T# field or
  // round-trips exactly.
  const Gfx gfx = GetParam();
  std::mt19937_64 rng(0xF00 + static_cast<int>(gfx));
  int ok = 0;
  for (int it = 0; it < 20000; ++it) {
    const T8 dw = RandomT8(rng);
    ImageDesc d;
    const Status st = DecodeImageDesc(gfx, dw, &d);
    if (!st.ok()) {
      ASSERT_EQ(st.code(), StatusCode::kInvalidArgument);
      ASSERT_EQ(st.message().rfind("T#.", 0), 0u) << st.message();
      continue;
    }
    ++ok;
    T8 out{};
    ASSERT_TRUE(EncodeImageDesc(gfx, d, out).ok());
    ASSERT_EQ(out, dw);
  }
  // TYPE 8..15 (1/2) and four valid DST_SELs ((3/4)^4): about 16%, times the share of
  // unreserved DATA_FORMAT x NUM_FORMAT pairs (gfx8, the strictest: 57/64 x 8/16), about 7%.
  EXPECT_GT(ok, 1000);
}

TEST_P(DescriptorCodecTest, ImageR128DwordsRoundTrip) {
  const Gfx gfx = GetParam();
  std::mt19937_64 rng(0x128 + static_cast<int>(gfx));
  for (int it = 0; it < 5000; ++it) {
    T8 full = RandomT8(rng);
    MakeValidImageDwords(gfx, rng, full);
    const std::array<uint32_t, 4> dw = {full[0], full[1], full[2], full[3]};
    ImageDesc d;
    ASSERT_TRUE(DecodeImageDesc(gfx, dw, &d).ok()) << Dump(dw);
    // Reading 4 dwords is reading 8 with W4..W7 zero, except that GFX6-9 PITCH reads as the
    // width.
    ImageDesc d8;
    const T8 padded = {dw[0], dw[1], dw[2], dw[3], 0, 0, 0, 0};
    ASSERT_TRUE(DecodeImageDesc(gfx, padded, &d8).ok());
    if (gfx <= Gfx::kGfx9) {
      ASSERT_EQ(d.pitch, d.width);
      d8.pitch = d8.width;
    }
    ASSERT_EQ(d, d8);
    std::array<uint32_t, 4> out{};
    const Status st = EncodeImageDesc(gfx, d, out);
    ASSERT_TRUE(st.ok()) << st.message() << " " << Dump(dw);
    ASSERT_EQ(out, dw);
  }
}

TEST_P(DescriptorCodecTest, SamplerDwordsRoundTrip) {
  const Gfx gfx = GetParam();
  std::mt19937_64 rng(0x5A + static_cast<int>(gfx));
  for (int it = 0; it < 20000; ++it) {
    S4 dw;
    for (auto& w : dw) w = static_cast<uint32_t>(rng());
    MakeValidSamplerDwords(gfx, rng, dw);
    SamplerDesc d;
    const Status st = DecodeSamplerDesc(gfx, dw, &d);
    ASSERT_TRUE(st.ok()) << st.message() << " for " << Dump(dw);
    S4 out{};
    ASSERT_TRUE(EncodeSamplerDesc(gfx, d, out).ok());
    ASSERT_EQ(out, dw) << GfxName(gfx);
    // LOD_BIAS is the sign-extended 14-bit field.
    const int32_t field = static_cast<int32_t>(dw[2] << 18) >> 18;
    ASSERT_EQ(d.lod_bias, field);
  }
}

// ------------------------------------------------------------------------------------------------
// (2) Decode(Encode(desc)) == desc for random structs the generation can represent
// ------------------------------------------------------------------------------------------------

ImageDesc RandomImageDesc(Gfx gfx, std::mt19937_64& rng) {
  const Layout<ImageMember> layout(gcn::ImageFieldTable(gfx));
  ImageDesc d;
  for (size_t i = 1; i < static_cast<size_t>(ImageMember::kCount); ++i) {
    const auto m = static_cast<ImageMember>(i);
    if (layout.Has(m)) gcn::SetImageMember(&d, m, layout.Random(m, rng));
  }
  for (int w = 0; w < 8; ++w) d.reserved[w] = static_cast<uint32_t>(rng()) & layout.reserved[w];
  d.type = static_cast<ImageType>(8 + rng() % 8);
  // GFX6-8 cube T#s count cubes in DEPTH; ImageDesc counts faces.
  if (gfx <= Gfx::kGfx8 && d.type == ImageType::kCube) d.depth *= 6;
  for (auto& sel : d.dst_sel) sel = static_cast<DstSel>(kValidDstSel[rng() % 6]);
  if (rng() % 2) d.tiling = gcn::CanonicalLinearTiling(gfx);
  d.linear = gcn::IsLinearTiling(gfx, d.tiling);
  if (gfx >= Gfx::kGfx9) d.last_array = d.depth - 1;
  if (gfx < Gfx::kGfx10) {
    MakeValidFormatFields(gfx, rng, &d.data_format, &d.num_format);
    // A pair that names a format is carried by `format` alone (ImageDesc::data_format).
    d.format = AmdFormatToFormatId(
        gfx, {static_cast<DataFormat>(d.data_format), static_cast<NumFormat>(d.num_format)});
    if (d.format != FormatId::kInvalid) d.data_format = d.num_format = 0;
  }
  if (gfx >= Gfx::kGfx10) {
    const auto formats = rdna::Gfx10FormatTable();
    const rdna::Gfx10FormatInfo& f = formats[rng() % formats.size()];
    d.gfx10_format = f.code;
    d.format = AmdFormatToFormatId(gfx, f.format);
    d.pitch = d.width;
    if (gfx == Gfx::kGfx1030 &&
        (d.type == ImageType::k1D || d.type == ImageType::k2D || d.type == ImageType::k2DMsaa)) {
      if (rng() % 2 && d.width < 16384) {
        // A pitch wider than the image: DEPTH/PITCH_MSB hold pitch - 1.
        d.pitch = d.width + 1 + static_cast<uint32_t>(rng() % (16384 - d.width));
        d.depth = 1;
        d.last_array = 0;
        d.pitch_msb = false;
      } else {
        // DEPTH/PITCH_MSB must not exceed width - 1, or they would read as a pitch.
        const uint32_t r = static_cast<uint32_t>(rng() % d.width);
        d.depth = (r & 0x1FFF) + 1;
        d.last_array = d.depth - 1;
        d.pitch_msb = (r >> 13) != 0;
      }
    }
  }
  return d;
}

TEST_P(DescriptorCodecTest, ImageStructRoundTrip) {
  const Gfx gfx = GetParam();
  std::mt19937_64 rng(0xD1 + static_cast<int>(gfx));
  for (int it = 0; it < 5000; ++it) {
    const ImageDesc d = RandomImageDesc(gfx, rng);
    T8 dw{};
    const Status st = EncodeImageDesc(gfx, d, dw);
    ASSERT_TRUE(st.ok()) << st.message();
    ImageDesc back;
    ASSERT_TRUE(DecodeImageDesc(gfx, dw, &back).ok()) << Dump(dw);
    ASSERT_TRUE(back == d) << GfxName(gfx) << " " << Dump(dw);
  }
}

TEST_P(DescriptorCodecTest, SamplerStructRoundTrip) {
  const Gfx gfx = GetParam();
  const Layout<SamplerMember> layout(gcn::SamplerFieldTable(gfx));
  std::mt19937_64 rng(0x5D + static_cast<int>(gfx));
  for (int it = 0; it < 5000; ++it) {
    SamplerDesc d;
    for (size_t i = 1; i < static_cast<size_t>(SamplerMember::kCount); ++i) {
      const auto m = static_cast<SamplerMember>(i);
      if (layout.Has(m)) gcn::SetSamplerMember(&d, m, layout.Random(m, rng));
    }
    for (int w = 0; w < 4; ++w) d.reserved[w] = static_cast<uint32_t>(rng()) & layout.reserved[w];
    d.max_aniso_ratio = static_cast<uint8_t>(rng() % 5);
    d.z_filter = static_cast<ZFilter>(rng() % 3);
    d.filter_mode = static_cast<FilterMode>(rng() % 3);
    d.mip_filter = static_cast<MipFilter>(rng() % (gfx >= Gfx::kGfx8 ? 4 : 3));
    S4 dw{};
    const Status st = EncodeSamplerDesc(gfx, d, dw);
    ASSERT_TRUE(st.ok()) << st.message();
    SamplerDesc back;
    ASSERT_TRUE(DecodeSamplerDesc(gfx, dw, &back).ok()) << Dump(dw);
    ASSERT_TRUE(back == d) << GfxName(gfx) << " " << Dump(dw);
  }
}

// ------------------------------------------------------------------------------------------------
// (3) Known vectors, computed by hand from the bit tables
// ------------------------------------------------------------------------------------------------

// A 256x256 8_8_8_8 UNORM 2D image, 9 levels (BASE_LEVEL 0, LAST_LEVEL 8), pitch 256, linear,
// at 0x12345600, DST_SEL XYZW. GFX9+ also set MAX_MIP = 8, GFX10+ RESOURCE_LEVEL = 1.
ImageDesc KnownImage(Gfx gfx) {
  ImageDesc d;
  d.base_address = 0x12345600;
  d.format = FormatId::kR8G8B8A8_UNORM;
  d.width = 256;
  d.height = 256;
  d.depth = 1;
  d.pitch = 256;
  d.type = ImageType::k2D;
  d.base_level = 0;
  d.last_level = 8;
  d.tiling = gcn::CanonicalLinearTiling(gfx);
  d.linear = true;
  if (gfx >= Gfx::kGfx9) d.max_mip = 8;
  if (gfx >= Gfx::kGfx10) {
    d.gfx10_format = 0x38;
    d.resource_level = true;
  }
  return d;
}

T8 KnownImageDwords(Gfx gfx) {
  // W0 = 0x12345600 >> 8                                                = 0x00123456
  // DST_SEL X=4, Y=5, Z=6, W=7: 4 | 5<<3 | 6<<6 | 7<<9 = 0x004 | 0x028 | 0x180 | 0xE00 = 0xFAC
  // W3 = DST_SEL 0xFAC | LAST_LEVEL 8<<16 (0x80000) | TYPE 9<<28 (0x90000000)
  //      | TILING_INDEX 8<<20 (0x800000) on GFX6-8, SW_MODE 0 on GFX9+
  if (gfx <= Gfx::kGfx8) {
    return {
        0x00123456,
        0x00A00000,  // DATA_FORMAT 10 (8_8_8_8) << 20, NUM_FORMAT 0 (UNORM)
        0x003FC0FF,  // WIDTH 255 | HEIGHT 255 << 14 (0x3FC000)
        0x90880FAC,  // TYPE 2D | TILING_INDEX 8 | LAST_LEVEL 8 | DST_SEL XYZW
        0x001FE000,  // DEPTH 0 | PITCH 255 << 13
        0,           // BASE_ARRAY 0, LAST_ARRAY 0
        0,          0,
    };
  }
  if (gfx == Gfx::kGfx9) {
    return {
        0x00123456, 0x00A00000, 0x003FC0FF,
        0x90080FAC,  // SW_MODE 0 (linear)
        0x001FE000,  // DEPTH 0 | PITCH 255 << 13 | BC_SWIZZLE 0
        0x80000000,  // MAX_MIP 8 << 28
        0,          0,
    };
  }
  return {
      0x00123456,
      0xC3800000,  // FORMAT 0x38 (8_8_8_8_UNORM) << 20 | WIDTH_LO (255 & 3) << 30
      0x803FC03F,  // WIDTH_HI 255 >> 2 = 0x3F | HEIGHT 255 << 14 | RESOURCE_LEVEL 1 << 31
      0x90080FAC,  // SW_MODE 0, BC_SWIZZLE 0
      0x00000000,  // DEPTH 0, BASE_ARRAY 0
      0x00000080,  // MAX_MIP 8 << 4
      0,          0,
  };
}

TEST_P(DescriptorCodecTest, KnownImageVector) {
  const Gfx gfx = GetParam();
  const ImageDesc d = KnownImage(gfx);
  const T8 expected = KnownImageDwords(gfx);
  T8 dw{};
  const Status st = EncodeImageDesc(gfx, d, dw);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(dw, expected) << Dump(dw);
  ImageDesc back;
  ASSERT_TRUE(DecodeImageDesc(gfx, expected, &back).ok());
  EXPECT_TRUE(back == d);
  EXPECT_TRUE(back.linear);
  EXPECT_EQ(back.pitch, 256u);
  EXPECT_EQ(back.format, FormatId::kR8G8B8A8_UNORM);
}

// S#: CLAMP_X WRAP, CLAMP_Y CLAMP_LAST_TEXEL, CLAMP_Z MIRROR, DEPTH_COMPARE_FUNC LESS, bilinear
// mag/min, linear mips, MIN_LOD 0, MAX_LOD 15.0, LOD_BIAS -1.5, border OPAQUE_WHITE.
TEST_P(DescriptorCodecTest, KnownSamplerVector) {
  const Gfx gfx = GetParam();
  SamplerDesc d;
  d.clamp_x = ClampMode::kWrap;
  d.clamp_y = ClampMode::kClampLastTexel;
  d.clamp_z = ClampMode::kMirror;
  d.depth_compare_func = CompareFunc::kLess;
  d.xy_mag_filter = XyFilter::kBilinear;
  d.xy_min_filter = XyFilter::kBilinear;
  d.mip_filter = MipFilter::kLinear;
  d.min_lod = 0;
  d.max_lod = 15 << 8;
  d.lod_bias = -384;  // -1.5 in s5.8
  d.border_color_type = BorderColorType::kOpaqueWhite;
  const S4 expected = {
      0x00001050,  // CLAMP_Y 2 << 3 (0x10) | CLAMP_Z 1 << 6 (0x40) | DEPTH_COMPARE 1 << 12
      0x00F00000,  // MAX_LOD 0xF00 << 12
      0x08503E80,  // LOD_BIAS 0x3E80 (16384 - 384) | MAG 1 << 20 | MIN 1 << 22 | MIP 2 << 26
      0x80000000,  // BORDER_COLOR_TYPE 2 << 30
  };
  S4 dw{};
  ASSERT_TRUE(EncodeSamplerDesc(gfx, d, dw).ok());
  EXPECT_EQ(dw, expected) << Dump(dw);
  SamplerDesc back;
  ASSERT_TRUE(DecodeSamplerDesc(gfx, expected, &back).ok());
  EXPECT_TRUE(back == d);
  EXPECT_EQ(back.lod_bias, -384);
}

TEST(DescriptorCodecKnownTest, Gfx10SplitWidthAndAddresses) {
  ImageDesc d = KnownImage(Gfx::kGfx10);
  d.width = 16384;  // WIDTH 0x3FFF: WIDTH_LO 3, WIDTH_HI 0xFFF
  d.pitch = 16384;
  d.height = 1;
  d.base_address = 0xABCDEF012300;       // W0 = 0xCDEF0123, BASE_ADDRESS_HI = 0xAB
  d.meta_data_address = 0x123456789A00;  // META_DATA_ADDRESS_LO = 0x9A, W7 = 0x12345678
  T8 dw{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx10, d, dw).ok());
  EXPECT_EQ(dw[0], 0xCDEF0123u);
  EXPECT_EQ(dw[1], 0xC38000ABu);
  EXPECT_EQ(dw[2], 0x80000FFFu);
  EXPECT_EQ(dw[6], 0x9A000000u);
  EXPECT_EQ(dw[7], 0x12345678u);
  ImageDesc back;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx10, dw, &back).ok());
  EXPECT_EQ(back.width, 16384u);
  EXPECT_EQ(back.base_address, 0xABCDEF012300u);
  EXPECT_EQ(back.meta_data_address, 0x123456789A00u);
}

TEST(DescriptorCodecKnownTest, Gfx9MetaAddressAndArrayDepth) {
  ImageDesc d = KnownImage(Gfx::kGfx9);
  d.type = ImageType::k2DArray;
  d.depth = 6;  // DEPTH 5 = last layer
  d.last_array = 5;
  d.meta_data_address = 0xAB12345678'00;  // W5[24:17] = 0xAB, W7 = 0x12345678
  T8 dw{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx9, d, dw).ok());
  EXPECT_EQ(dw[3] >> 28, 13u);
  EXPECT_EQ(dw[4], 0x001FE005u);
  EXPECT_EQ(dw[5], 0x80000000u | 0xABu << 17);
  EXPECT_EQ(dw[7], 0x12345678u);
  ImageDesc back;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx9, dw, &back).ok());
  EXPECT_EQ(back.depth, 6u);
  EXPECT_EQ(back.last_array, 5u);
  EXPECT_EQ(back.meta_data_address, 0xAB1234567800u);
}

TEST(DescriptorCodecKnownTest, Gfx7MtypeIsSplitOverW1AndW3) {
  ImageDesc d = KnownImage(Gfx::kGfx7);
  d.mtype = 5;  // bits [1:0] = 1 -> W1[31:30]; bit 2 -> W3[26]
  T8 dw{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx7, d, dw).ok());
  EXPECT_EQ(dw[1], 0x40A00000u);
  EXPECT_EQ(dw[3], 0x94880FACu);
  // GFX6 has no MTYPE: the same bits are reserved and kept verbatim.
  ImageDesc g6;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx6, dw, &g6).ok());
  EXPECT_EQ(g6.mtype, 0);
  EXPECT_EQ(g6.reserved[1], 0x40000000u);
  EXPECT_EQ(g6.reserved[3], 0x04000000u);
}

TEST(DescriptorCodecKnownTest, Gfx1030PitchInDepth) {
  // 100x64 linear 2D image with rows of 128 texels: DEPTH = pitch - 1 = 127.
  ImageDesc d = KnownImage(Gfx::kGfx1030);
  d.width = 100;
  d.height = 64;
  d.pitch = 128;
  T8 dw{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx1030, d, dw).ok());
  EXPECT_EQ(dw[4], 0x0000007Fu);
  ImageDesc back;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx1030, dw, &back).ok());
  EXPECT_EQ(back.pitch, 128u);
  EXPECT_EQ(back.depth, 1u);
  EXPECT_TRUE(back == d);

  // pitch 10000 > 8192: pitch - 1 = 9999 = 0x270F; DEPTH = 0x070F, PITCH_MSB (W4[13]) = 1.
  d.width = 9000;
  d.pitch = 10000;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx1030, d, dw).ok());
  EXPECT_EQ(dw[4], 0x0000270Fu);
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx1030, dw, &back).ok());
  EXPECT_EQ(back.pitch, 10000u);

  // A 2D array keeps DEPTH as its last layer: no pitch.
  d.width = 100;
  d.pitch = 100;
  d.type = ImageType::k2DArray;
  d.depth = 200;  // more than the width: still layers, not a pitch
  d.last_array = 199;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx1030, d, dw).ok());
  EXPECT_EQ(dw[4], 199u);
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx1030, dw, &back).ok());
  EXPECT_EQ(back.pitch, 100u);
  EXPECT_EQ(back.depth, 200u);

  // GFX10 has no pitch at all.
  ImageDesc g10 = KnownImage(Gfx::kGfx10);
  g10.width = 100;
  g10.pitch = 128;
  const Status st = EncodeImageDesc(Gfx::kGfx10, g10, dw);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("T#.PITCH: pitch=128"), std::string::npos) << st.message();
}

TEST(DescriptorCodecKnownTest, LinearImageGetsTheLinearTilingIndex) {
  // A struct built by hand (tiling 0, linear) encodes TILING_INDEX 8 on GFX6-8 and SW_MODE 0
  // on GFX9+; both decode as linear.
  for (Gfx gfx : kAllGfx) {
    ImageDesc d = KnownImage(gfx);
    d.tiling = 0;
    T8 dw{};
    ASSERT_TRUE(EncodeImageDesc(gfx, d, dw).ok()) << GfxName(gfx);
    EXPECT_EQ((dw[3] >> 20) & 0x1F, gfx <= Gfx::kGfx8 ? 8u : 0u) << GfxName(gfx);
    ImageDesc back;
    ASSERT_TRUE(DecodeImageDesc(gfx, dw, &back).ok());
    EXPECT_TRUE(back.linear);
  }
  EXPECT_TRUE(gcn::IsLinearTiling(Gfx::kGfx7, 31));  // ARRAY_LINEAR_GENERAL
  EXPECT_FALSE(gcn::IsLinearTiling(Gfx::kGfx8, 9));  // 1D tiled thin
  EXPECT_FALSE(gcn::IsLinearTiling(Gfx::kGfx6, 0));
  EXPECT_FALSE(gcn::IsLinearTiling(Gfx::kGfx9, 1));  // SW_256B_S
}

TEST_P(DescriptorCodecTest, UnboundIsAllZero) {
  const Gfx gfx = GetParam();
  ImageDesc d;
  ASSERT_TRUE(DecodeImageDesc(gfx, T8{}, &d).ok());
  EXPECT_TRUE(d.unbound);
  ASSERT_TRUE(DecodeImageDesc(gfx, std::array<uint32_t, 4>{}, &d).ok());
  EXPECT_TRUE(d.unbound);
  T8 dw;
  dw.fill(0xFFFFFFFF);
  ASSERT_TRUE(EncodeImageDesc(gfx, d, dw).ok());
  EXPECT_EQ(dw, T8{});
  // GFX10+: RESOURCE_LEVEL alone still means unbound, and is kept.
  const T8 level_only = {0, 0, 0x80000000u, 0, 0, 0, 0, 0};
  const Status st = DecodeImageDesc(gfx, level_only, &d);
  if (gfx >= Gfx::kGfx10) {
    ASSERT_TRUE(st.ok());
    EXPECT_TRUE(d.unbound);
    EXPECT_TRUE(d.resource_level);
    ASSERT_TRUE(EncodeImageDesc(gfx, d, dw).ok());
    EXPECT_EQ(dw, level_only);
  } else {
    // W2[31] is INTERLACED (GFX6-8) or reserved (GFX9): the T# is bound, and TYPE 0 is invalid.
    EXPECT_FALSE(st.ok());
  }
}

// ------------------------------------------------------------------------------------------------
// (5) Errors name the field and the value
// ------------------------------------------------------------------------------------------------

TEST_P(DescriptorCodecTest, ReservedImageTypeIsRejected) {
  const Gfx gfx = GetParam();
  T8 dw = KnownImageDwords(gfx);
  dw[3] = (dw[3] & 0x0FFFFFFFu) | 3u << 28;
  ImageDesc d;
  const Status st = DecodeImageDesc(gfx, dw, &d);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "T#.TYPE=3 is reserved (image types are 8..15)");

  ImageDesc bad = KnownImage(gfx);
  bad.type = static_cast<ImageType>(0);
  const Status st2 = EncodeImageDesc(gfx, bad, dw);
  EXPECT_EQ(st2.message(), "T#.TYPE=0 is reserved (image types are 8..15)");
}

TEST_P(DescriptorCodecTest, ReservedDstSelIsRejected) {
  const Gfx gfx = GetParam();
  T8 dw = KnownImageDwords(gfx);
  dw[3] = (dw[3] & ~(7u << 3)) | 2u << 3;
  ImageDesc d;
  const Status st = DecodeImageDesc(gfx, dw, &d);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "T#.DST_SEL_Y=2 is reserved (0, 1 or 4..7)");
}

TEST_P(DescriptorCodecTest, DwordCountIsChecked) {
  const Gfx gfx = GetParam();
  const std::array<uint32_t, 5> five{};
  ImageDesc d;
  EXPECT_EQ(DecodeImageDesc(gfx, five, &d).message(), "T# needs 4 or 8 dwords, got 5");
  SamplerDesc s;
  EXPECT_EQ(DecodeSamplerDesc(gfx, five, &s).message(), "S# needs 4 dwords, got 5");
  std::array<uint32_t, 3> three{};
  EXPECT_EQ(EncodeSamplerDesc(gfx, s, three).message(), "S# needs 4 dwords, got 3");
  EXPECT_EQ(DecodeImageDesc(gfx, T8{}, nullptr).code(), StatusCode::kInvalidArgument);
}

TEST_P(DescriptorCodecTest, ValuesThatDoNotFitAreRejected) {
  const Gfx gfx = GetParam();
  T8 dw{};
  ImageDesc d = KnownImage(gfx);
  d.width = 0;
  d.pitch = 0;
  Status st = EncodeImageDesc(gfx, d, dw);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("T#.WIDTH: width=0 does not fit"), std::string::npos) << st.message();

  d = KnownImage(gfx);
  d.height = 20000;
  st = EncodeImageDesc(gfx, d, dw);
  EXPECT_EQ(st.message(), std::string("T#.HEIGHT: height=20000 does not fit ") + GfxName(gfx) +
                              "'s field (1..16384)");

  d = KnownImage(gfx);
  d.base_address = 0x12345601;
  st = EncodeImageDesc(gfx, d, dw);
  EXPECT_EQ(st.message(), std::string("T#.BASE_ADDRESS: base_address=0x12345601 does not fit ") +
                              GfxName(gfx) + "'s field (representable bits 0xffffffffff00)");

  d = KnownImage(gfx);
  d.last_level = 16;
  st = EncodeImageDesc(gfx, d, dw);
  EXPECT_EQ(st.message(), std::string("T#.LAST_LEVEL: last_level=16 does not fit ") + GfxName(gfx) +
                              "'s field (0..15)");

  SamplerDesc s;
  s.lod_bias = 9000;
  S4 sw{};
  st = EncodeSamplerDesc(gfx, s, sw);
  EXPECT_EQ(st.message(), std::string("S#.LOD_BIAS: lod_bias=9000 does not fit ") + GfxName(gfx) +
                              "'s 14-bit signed field (-8192..8191)");
}

TEST(DescriptorCodecErrorTest, R128CannotHoldUpperDwords) {
  ImageDesc d = KnownImage(Gfx::kGfx10);  // MAX_MIP 8 lives in W5
  std::array<uint32_t, 4> dw{};
  Status st = EncodeImageDesc(Gfx::kGfx10, d, dw);
  EXPECT_EQ(st.message(), "T#: W5=0x80 does not fit a 128-bit (R128) T#, which reads as W5=0x0");
  d.max_mip = 0;
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx10, d, dw).ok());
}

TEST(DescriptorCodecKnownTest, R128PitchReadsAsWidthOnGfx6To9) {
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9}) {
    ImageDesc d = KnownImage(gfx);  // pitch 256 = width: what a 128-bit T# implies
    d.max_mip = 0;
    std::array<uint32_t, 4> dw{};
    ASSERT_TRUE(EncodeImageDesc(gfx, d, dw).ok()) << GfxName(gfx);
    const T8 full = KnownImageDwords(gfx);
    EXPECT_EQ(dw, (std::array<uint32_t, 4>{full[0], full[1], full[2], full[3]}));
    ImageDesc back;
    ASSERT_TRUE(DecodeImageDesc(gfx, dw, &back).ok());
    EXPECT_EQ(back.pitch, 256u);
    EXPECT_TRUE(back == d);
    d.pitch = 512;
    const Status st = EncodeImageDesc(gfx, d, dw);
    EXPECT_EQ(st.message(),
              "T#: W4=0x3fe000 does not fit a 128-bit (R128) T#, which reads as "
              "W4=0x1fe000")
        << GfxName(gfx);
  }
}

TEST(DescriptorCodecErrorTest, LinearFlagMustAgreeWithTiling) {
  ImageDesc d = KnownImage(Gfx::kGfx6);
  d.linear = false;  // but TILING_INDEX 8 is linear
  T8 dw{};
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx6, d, dw).message(),
            "T#.TILING_INDEX=8 selects a linear layout on gfx6 but ImageDesc::linear is false");
  d = KnownImage(Gfx::kGfx9);
  d.linear = false;
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx9, d, dw).message(),
            "T#.SW_MODE=0 selects a linear layout on gfx9 but ImageDesc::linear is false");
}

TEST(DescriptorCodecErrorTest, Gfx9HasNoLastArray) {
  ImageDesc d = KnownImage(Gfx::kGfx9);
  d.type = ImageType::k2DArray;
  d.depth = 6;
  d.last_array = 3;
  T8 dw{};
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx9, d, dw).message(),
            "T#.DEPTH: gfx9 has no LAST_ARRAY field (DEPTH holds the last layer), so "
            "last_array=3 must be depth-1=5 or 0");
  d.last_array = 0;  // "unset": DEPTH = depth - 1
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx9, d, dw).ok());
  EXPECT_EQ(dw[4] & 0x1FFF, 5u);
}

TEST(DescriptorCodecErrorTest, FormatWithoutEncoding) {
  // R5G6B5_UINT is a GCN pair (5_6_5 with UINT) that GFX10 dropped; SNORM_NZ is GFX6/7 only.
  ImageDesc d = KnownImage(Gfx::kGfx10);
  d.format = FormatId::kR5G6B5_UINT;
  d.gfx10_format = 0;
  T8 dw{};
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx10, d, dw).message(),
            "T#.FORMAT: format R5G6B5_UINT has no gfx10 FORMAT code");
  d = KnownImage(Gfx::kGfx8);
  d.format = FormatId::kR8_SNORM_NZ;
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx8, d, dw).message(),
            "T#.DATA_FORMAT/NUM_FORMAT: format R8_SNORM_NZ does not exist on gfx8");
  d = KnownImage(Gfx::kGfx7);
  d.format = FormatId::kR8_SNORM_NZ;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx7, d, dw).ok());
  EXPECT_EQ((dw[1] >> 20) & 0x3F, 1u);  // DATA_FORMAT 8
  EXPECT_EQ((dw[1] >> 26) & 0xF, 6u);   // NUM_FORMAT SNORM_OGL
}

TEST(DescriptorCodecTest2, Gfx6To8CubeDepthCountsCubes) {
  // A CUBE T# on gfx8 with DEPTH = 1 (two cubes) and LAST_ARRAY = 11 (faces): depth is 12 faces.
  ImageDesc d = KnownImage(Gfx::kGfx8);
  d.type = ImageType::kCube;
  d.depth = 12;
  d.last_array = 11;
  T8 dw{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, d, dw).ok());
  EXPECT_EQ(dw[4] & 0x1FFF, 1u);           // DEPTH = cubes - 1
  EXPECT_EQ((dw[5] >> 13) & 0x1FFF, 11u);  // LAST_ARRAY in faces
  ImageDesc back;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx8, dw, &back).ok());
  EXPECT_EQ(back.depth, 12u);
  d.depth = 13;
  EXPECT_EQ(EncodeImageDesc(Gfx::kGfx8, d, dw).code(), StatusCode::kInvalidArgument);
  // gfx9 counts faces in DEPTH (the last layer).
  d = KnownImage(Gfx::kGfx9);
  d.type = ImageType::kCube;
  d.depth = 12;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx9, d, dw).ok());
  EXPECT_EQ(dw[4] & 0x1FFF, 11u);
}

TEST(DescriptorCodecTest2, PairsThatNameNoFormatAreKeptForReencoding) {
  // 8_8_8_8 with FLOAT is not a format: decoding keeps the pair in data_format/num_format and
  // encoding writes it back; requests reject it (the executor and wave setup tests).
  T8 dw = KnownImageDwords(Gfx::kGfx9);
  dw[1] = (dw[1] & ~(0x3FFu << 20)) | (10u << 20) | (7u << 26);
  ImageDesc d;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx9, dw, &d).ok());
  EXPECT_EQ(d.format, FormatId::kInvalid);
  EXPECT_EQ(d.data_format, 10);
  EXPECT_EQ(d.num_format, 7);
  T8 out{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx9, d, out).ok());
  EXPECT_EQ(out, dw);
}

TEST(DescriptorCodecErrorTest, ReservedFormatFieldsFailDecodeNamingTheField) {
  // Issue 9: these passed DecodeImageDesc although the header says reserved values fail there.
  auto decode = [](Gfx gfx, uint32_t data, uint32_t num) {
    T8 dw = KnownImageDwords(gfx);
    dw[1] = (dw[1] & ~(0x3FFu << 20)) | (data << 20) | (num << 26);
    ImageDesc d;
    return DecodeImageDesc(gfx, dw, &d);
  };
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9}) {
    // Reserved on every generation: DATA_FORMAT 15 and 29-31 (with UNORM).
    for (uint32_t data : {15u, 29u, 30u, 31u}) {
      const Status st = decode(gfx, data, 0);
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << GfxName(gfx) << " " << data;
      EXPECT_NE(st.message().find("T#.DATA_FORMAT=" + std::to_string(data) + " is reserved"),
                std::string::npos)
          << st.message();
    }
    // NUM_FORMAT 8, 14, 15 with 8_8_8_8.
    for (uint32_t num : {8u, 14u, 15u}) {
      const Status st = decode(gfx, 10, num);
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << GfxName(gfx) << " " << num;
      EXPECT_NE(st.message().find("T#.NUM_FORMAT=" + std::to_string(num) + " is reserved"),
                std::string::npos)
          << st.message();
    }
    EXPECT_TRUE(decode(gfx, 10, 0).ok());  // 8_8_8_8 UNORM
  }
  // 23, 42 and 43 are reserved before gfx9, which defines them (8_AS_8_8_8_8, 16_AS_*): they
  // decode there and fail as Unsupported when a request uses them.
  for (uint32_t data : {23u, 42u, 43u}) {
    EXPECT_EQ(decode(Gfx::kGfx8, data, 0).code(), StatusCode::kInvalidArgument) << data;
    EXPECT_TRUE(decode(Gfx::kGfx9, data, 0).ok()) << data;
  }
  // ETC2 (24-28) exists from gfx8; the SI/CI-only NUM_FORMATs are reserved on gfx8.
  EXPECT_EQ(decode(Gfx::kGfx7, 24, 0).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(decode(Gfx::kGfx8, 24, 0).ok());
  EXPECT_TRUE(decode(Gfx::kGfx7, 10, 10).ok());  // 8_8_8_8 UBNORM
  const Status ubnorm = decode(Gfx::kGfx8, 10, 10);
  EXPECT_EQ(ubnorm.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(ubnorm.message().find("T#.NUM_FORMAT=10 (UBNORM) is reserved on gfx8"),
            std::string::npos)
      << ubnorm.message();
}

TEST(DescriptorCodecErrorTest, ReservedSamplerValuesAreRejected) {
  SamplerDesc s;
  S4 dw = {0, 0, 3u << 24, 0};
  EXPECT_EQ(DecodeSamplerDesc(Gfx::kGfx8, dw, &s).message(),
            "S#.Z_FILTER=3 is reserved (0 NONE, 1 POINT, 2 LINEAR)");
  dw = {3u << 29, 0, 0, 0};
  EXPECT_EQ(DecodeSamplerDesc(Gfx::kGfx10, dw, &s).message(),
            "S#.FILTER_MODE=3 is reserved (0 BLEND, 1 MIN, 2 MAX)");
  dw = {5u << 9, 0, 0, 0};
  EXPECT_EQ(DecodeSamplerDesc(Gfx::kGfx9, dw, &s).message(),
            "S#.MAX_ANISO_RATIO=5 is reserved (0..4 = 1x..16x)");
  dw = {0, 0, 3u << 26, 0};
  EXPECT_EQ(DecodeSamplerDesc(Gfx::kGfx7, dw, &s).message(),
            "S#.MIP_FILTER=3 is reserved on gfx7 (POINT_ANISO_ADJ = 3 is GFX8+)");
  ASSERT_TRUE(DecodeSamplerDesc(Gfx::kGfx8, dw, &s).ok());
  EXPECT_EQ(s.mip_filter, MipFilter::kPointAnisoAdj);
  s.z_filter = static_cast<ZFilter>(3);
  EXPECT_EQ(EncodeSamplerDesc(Gfx::kGfx8, s, dw).message(),
            "S#.Z_FILTER=3 is reserved (0 NONE, 1 POINT, 2 LINEAR)");
}

TEST(DescriptorCodecKnownTest, GenerationSpecificSamplerBits) {
  const S4 dw = {0x80000000u, 0, 0xE0000000u, 0x20001000u};
  SamplerDesc s;
  // GFX6: W0[31], W2[31] reserved; W3[29] UPGRADED_DEPTH; W3[12] reserved.
  ASSERT_TRUE(DecodeSamplerDesc(Gfx::kGfx6, dw, &s).ok());
  EXPECT_FALSE(s.compat_mode);
  EXPECT_EQ(s.reserved[0], 0x80000000u);
  EXPECT_TRUE(s.w2_bit29 && s.w2_bit30 && !s.w2_bit31);
  EXPECT_EQ(s.reserved[2], 0x80000000u);
  EXPECT_TRUE(s.upgraded_depth);
  EXPECT_EQ(s.reserved[3], 0x00001000u);
  // GFX9: COMPAT_MODE, ANISO_OVERRIDE, SKIP_DEGAMMA; W3[29] reserved.
  ASSERT_TRUE(DecodeSamplerDesc(Gfx::kGfx9, dw, &s).ok());
  EXPECT_TRUE(s.compat_mode && s.w2_bit31 && s.skip_degamma_w3);
  EXPECT_FALSE(s.upgraded_depth);
  EXPECT_EQ(s.reserved[3], 0x20000000u);
  // GFX10: W0[31] SKIP_DEGAMMA (compat_mode), W2[31] DERIV_ADJUST_EN.
  ASSERT_TRUE(DecodeSamplerDesc(Gfx::kGfx10, dw, &s).ok());
  EXPECT_TRUE(s.compat_mode && s.w2_bit31 && !s.skip_degamma_w3);
  EXPECT_EQ(s.reserved[3], 0x20001000u);
}

// ------------------------------------------------------------------------------------------------
// Names and the GFX10 format table
// ------------------------------------------------------------------------------------------------

TEST(GfxNamesTest, NamesAndAliases) {
  for (Gfx gfx : kAllGfx) {
    Gfx parsed{};
    ASSERT_TRUE(ParseGfx(GfxName(gfx), &parsed).ok()) << GfxName(gfx);
    EXPECT_EQ(parsed, gfx);
  }
  EXPECT_STREQ(GfxName(Gfx::kGfx6), "gfx6");
  EXPECT_STREQ(GfxName(Gfx::kGfx1030), "gfx1030");
  const std::pair<const char*, Gfx> aliases[] = {{"tahiti", Gfx::kGfx6},   {"bonaire", Gfx::kGfx7},
                                                 {"tonga", Gfx::kGfx8},    {"gfx900", Gfx::kGfx9},
                                                 {"gfx1010", Gfx::kGfx10}, {"gfx10", Gfx::kGfx10}};
  for (const auto& [name, gfx] : aliases) {
    Gfx parsed{};
    ASSERT_TRUE(ParseGfx(name, &parsed).ok()) << name;
    EXPECT_EQ(parsed, gfx) << name;
  }
  Gfx parsed{};
  const Status st = ParseGfx("gfx11", &parsed);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("'gfx11'"), std::string::npos);
}

TEST(GfxNamesTest, FormatAndEnumNames) {
  EXPECT_STREQ(DataFormatName(DataFormat::k8_8_8_8), "8_8_8_8");
  EXPECT_STREQ(DataFormatName(DataFormat::k32_32_32_32), "32_32_32_32");
  EXPECT_STREQ(DataFormatName(DataFormat::kBc7), "BC7");
  EXPECT_STREQ(DataFormatName(static_cast<DataFormat>(15)), "15");
  EXPECT_STREQ(DataFormatName(static_cast<DataFormat>(200)), "200");
  EXPECT_STREQ(DataFormatName(static_cast<DataFormat>(57)), "4_4");
  EXPECT_STREQ(NumFormatName(NumFormat::kUnorm), "UNORM");
  EXPECT_STREQ(NumFormatName(NumFormat::kFloat), "FLOAT");
  EXPECT_STREQ(NumFormatName(NumFormat::kSrgb), "SRGB");
  EXPECT_STREQ(NumFormatName(static_cast<NumFormat>(8)), "8");
  EXPECT_STREQ(ImageTypeName(ImageType::k2DMsaaArray), "2D_MSAA_ARRAY");
  EXPECT_STREQ(ImageTypeName(ImageType::kCube), "CUBE");
  EXPECT_STREQ(ImageTypeName(static_cast<ImageType>(3)), "RESERVED");
  EXPECT_STREQ(ClampModeName(ClampMode::kClampLastTexel), "CLAMP_LAST_TEXEL");
  EXPECT_STREQ(ClampModeName(ClampMode::kMirrorOnceBorder), "MIRROR_ONCE_BORDER");
}

TEST(Gfx10FormatsTest, CodesFromTheReference) {
  struct Known {
    uint16_t code;
    const char* name;
    AmdFormat format;
  };
  // The GFX10 FORMAT examples of shared/reference/amd.md.
  const Known known[] = {
      {0x01, "8_UNORM", {DataFormat::k8, NumFormat::kUnorm}},
      {0x16, "32_FLOAT", {DataFormat::k32, NumFormat::kFloat}},
      {0x38, "8_8_8_8_UNORM", {DataFormat::k8_8_8_8, NumFormat::kUnorm}},
      {0x47, "16_16_16_16_FLOAT", {DataFormat::k16_16_16_16, NumFormat::kFloat}},
      {0x4D, "32_32_32_32_FLOAT", {DataFormat::k32_32_32_32, NumFormat::kFloat}},
      {0x80, "8_SRGB", {DataFormat::k8, NumFormat::kSrgb}},
      {0x81, "8_8_SRGB", {DataFormat::k8_8, NumFormat::kSrgb}},
      {0x82, "8_8_8_8_SRGB", {DataFormat::k8_8_8_8, NumFormat::kSrgb}},
      {0x84, "5_9_9_9_FLOAT", {DataFormat::k5_9_9_9, NumFormat::kFloat}},
      {0xA9, "BC1_UNORM", {DataFormat::kBc1, NumFormat::kUnorm}},
      {0xAA, "BC1_SRGB", {DataFormat::kBc1, NumFormat::kSrgb}},
      {0xAB, "BC2_UNORM", {DataFormat::kBc2, NumFormat::kUnorm}},
      {0xAC, "BC2_SRGB", {DataFormat::kBc2, NumFormat::kSrgb}},
      {0xAD, "BC3_UNORM", {DataFormat::kBc3, NumFormat::kUnorm}},
      {0xAE, "BC3_SRGB", {DataFormat::kBc3, NumFormat::kSrgb}},
      {0xAF, "BC4_UNORM", {DataFormat::kBc4, NumFormat::kUnorm}},
      {0xB0, "BC4_SNORM", {DataFormat::kBc4, NumFormat::kSnorm}},
      {0xB1, "BC5_UNORM", {DataFormat::kBc5, NumFormat::kUnorm}},
      {0xB2, "BC5_SNORM", {DataFormat::kBc5, NumFormat::kSnorm}},
      {0xB3, "BC6_UFLOAT", {DataFormat::kBc6, NumFormat::kUnorm}},
      {0xB4, "BC6_SFLOAT", {DataFormat::kBc6, NumFormat::kSnorm}},
      {0xB5, "BC7_UNORM", {DataFormat::kBc7, NumFormat::kUnorm}},
      {0xB6, "BC7_SRGB", {DataFormat::kBc7, NumFormat::kSrgb}},
  };
  for (const Known& k : known) {
    const rdna::Gfx10FormatInfo* info = rdna::FindGfx10Format(k.code);
    ASSERT_NE(info, nullptr) << k.name;
    EXPECT_STREQ(info->name, k.name);
    EXPECT_EQ(rdna::Gfx10FormatToAmdFormat(k.code), k.format) << k.name;
    uint16_t code = 0;
    ASSERT_TRUE(rdna::AmdFormatToGfx10Format(k.format, &code)) << k.name;
    EXPECT_EQ(code, k.code) << k.name;
  }
  // 32_FLOAT_CLAMP is an alias of 32_FLOAT: the code survives a round trip through ImageDesc.
  EXPECT_EQ(rdna::Gfx10FormatToAmdFormat(0x8C), (AmdFormat{DataFormat::k32, NumFormat::kFloat}));
  T8 dw = KnownImageDwords(Gfx::kGfx10);
  dw[1] = (dw[1] & ~(0x1FFu << 20)) | 0x8Cu << 20;
  ImageDesc d;
  ASSERT_TRUE(DecodeImageDesc(Gfx::kGfx10, dw, &d).ok());
  EXPECT_EQ(d.gfx10_format, 0x8C);
  T8 out{};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx10, d, out).ok());
  EXPECT_EQ(out, dw);
  // Unknown codes decode as INVALID and keep their number.
  EXPECT_EQ(rdna::FindGfx10Format(0x1FF), nullptr);
  EXPECT_EQ(rdna::Gfx10FormatToAmdFormat(0x1FF), AmdFormat{});
}

TEST(Gfx10FormatsTest, TableIsSortedAndNamed) {
  int prev = -1;
  for (const rdna::Gfx10FormatInfo& f : rdna::Gfx10FormatTable()) {
    EXPECT_GT(static_cast<int>(f.code), prev);
    EXPECT_LT(f.code, 512);
    prev = f.code;
    EXPECT_EQ(rdna::FindGfx10Format(f.code), &f);
    // The name ends with the NUM_FORMAT of its GCN pair (BC6, FMASK and the alias aside).
    const std::string name = f.name;
    if (f.format.data == DataFormat::kInvalid || name.starts_with("BC6") ||
        name.starts_with("FMASK") || name == "32_FLOAT_CLAMP") {
      continue;
    }
    EXPECT_TRUE(name.ends_with(std::string("_") + NumFormatName(f.format.num))) << name;
    EXPECT_TRUE(name.starts_with(std::string(DataFormatName(f.format.data)) + "_")) << name;
  }
  EXPECT_GE(rdna::Gfx10FormatTable().size(), 140u);
}

INSTANTIATE_TEST_SUITE_P(AllGfx, DescriptorFieldsTest, ::testing::ValuesIn(kAllGfx),
                         [](const auto& info) { return std::string(GfxName(info.param)); });
INSTANTIATE_TEST_SUITE_P(AllGfx, DescriptorCodecTest, ::testing::ValuesIn(kAllGfx),
                         [](const auto& info) { return std::string(GfxName(info.param)); });

}  // namespace
}  // namespace texunit
