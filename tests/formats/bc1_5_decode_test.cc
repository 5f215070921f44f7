// BC1-BC5 block decoders against hand-computed texels (docs/sampling.md, "Block formats"). Each
// block is assembled from named fields so that the expected values follow from the fields alone,
// never from running a decoder; floats are compared by bit pattern.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <vector>

#include "formats/bc_decode.h"

namespace texunit {
namespace {

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// A block as a little-endian bit stream: bit 0 is the LSB of byte 0.
template <size_t N>
struct BlockWriter {
  std::array<uint8_t, N> bytes{};
  BlockWriter& Put(int pos, int width, uint64_t value) {
    for (int b = 0; b < width; ++b) {
      if (value >> b & 1) bytes[(pos + b) / 8] |= static_cast<uint8_t>(1u << ((pos + b) % 8));
    }
    return *this;
  }
};

using Indices = std::array<int, 16>;

constexpr uint16_t Rgb565(int r5, int g6, int b5) {
  return static_cast<uint16_t>(r5 << 11 | g6 << 5 | b5);
}

// BC1 colour block: c0, c1, then 2-bit indices from bit 32.
std::array<uint8_t, 8> ColourBlock(uint16_t c0, uint16_t c1, const Indices& index) {
  BlockWriter<8> w;
  w.Put(0, 16, c0).Put(16, 16, c1);
  for (int i = 0; i < 16; ++i) w.Put(32 + 2 * i, 2, index[i]);
  return w.bytes;
}

// BC3 alpha / BC4 block: two 8-bit endpoints, then 3-bit indices from bit 16.
std::array<uint8_t, 8> InterpBlock(uint8_t e0, uint8_t e1, const Indices& index) {
  BlockWriter<8> w;
  w.Put(0, 8, e0).Put(8, 8, e1);
  for (int i = 0; i < 16; ++i) w.Put(16 + 3 * i, 3, index[i]);
  return w.bytes;
}

// BC2 explicit alpha: 4-bit alphas, texel i at bit 4i.
std::array<uint8_t, 8> ExplicitAlphaBlock(const Indices& alpha4) {
  BlockWriter<8> w;
  for (int i = 0; i < 16; ++i) w.Put(4 * i, 4, alpha4[i]);
  return w.bytes;
}

std::array<uint8_t, 16> Concat(const std::array<uint8_t, 8>& a, const std::array<uint8_t, 8>& b) {
  std::array<uint8_t, 16> out{};
  for (int i = 0; i < 8; ++i) {
    out[i] = a[i];
    out[8 + i] = b[i];
  }
  return out;
}

uint8_t SnormByte(int v) { return static_cast<uint8_t>(v & 0xFF); }

// Every 2-bit index in every row, in a different order per row, so a swapped row, column or bit
// pair shows.
constexpr Indices kIndices2 = {0, 1, 2, 3, 3, 2, 1, 0, 1, 3, 0, 2, 2, 0, 3, 1};
// Every 3-bit index twice; texels 5 (bits 15-17) and 10 (bits 30-32) straddle byte boundaries.
constexpr Indices kIndices3 = {0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0};

using Rgba = std::array<int, 4>;

void ExpectRgba(const uint8_t out[16][4], const Indices& index, const std::array<Rgba, 4>& palette,
                bool check_alpha = true) {
  for (int i = 0; i < 16; ++i) {
    const Rgba& want = palette[index[i]];
    for (int ch = 0; ch < (check_alpha ? 4 : 3); ++ch) {
      EXPECT_EQ(out[i][ch], want[ch]) << "texel " << i << " channel " << ch;
    }
  }
}

void ExpectFloats(const float* out, int stride, const Indices& index,
                  const std::array<float, 8>& palette) {
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(Bits(out[i * stride]), Bits(palette[index[i]]))
        << "texel " << i << ": " << out[i * stride] << " vs " << palette[index[i]];
  }
}

// ---- BC1 ----

TEST(Bc1Decode, FourColourModePureEndpoints) {
  // c0 = 0xF800 -> R5 = 31 -> 255, G = B = 0; c1 = 0x001F -> B5 = 31 -> 255. c0 > c1.
  const auto block = ColourBlock(0xF800, 0x001F, kIndices2);
  uint8_t out[16][4];
  DecodeBc1Block(block.data(), out);
  // p2: R = (2*255 + 0 + 1)/3 = 170, B = (0 + 255 + 1)/3 = 85.
  // p3: R = (255 + 0 + 1)/3 = 85,   B = (0 + 2*255 + 1)/3 = 170.
  ExpectRgba(out, kIndices2,
             {{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}});
}

TEST(Bc1Decode, FourColourModeReplicationAndThirds) {
  // c0: R5 = 16 -> 128|4 = 132, G6 = 33 -> 132|2 = 134, B5 = 5 -> 40|1 = 41.   (0x8425)
  // c1: R5 = 3 -> 24|0 = 24,    G6 = 10 -> 40|0 = 40,   B5 = 30 -> 240|7 = 247. (0x195E)
  const uint16_t c0 = Rgb565(16, 33, 5);
  const uint16_t c1 = Rgb565(3, 10, 30);
  ASSERT_EQ(c0, 0x8425);
  ASSERT_EQ(c1, 0x195E);
  const auto block = ColourBlock(c0, c1, kIndices2);
  uint8_t out[16][4];
  DecodeBc1Block(block.data(), out);
  // p2 = (2 p0 + p1 + 1)/3: R (264 + 24 + 1)/3 = 96 (exact 96), G (268 + 40 + 1)/3 = 103
  //   (exact 102.67), B (82 + 247 + 1)/3 = 110 (exact 109.67).
  // p3 = (p0 + 2 p1 + 1)/3: R (132 + 48 + 1)/3 = 60 (exact 60), G (134 + 80 + 1)/3 = 71
  //   (exact 71.33), B (41 + 494 + 1)/3 = 178 (exact 178.33).
  ExpectRgba(out, kIndices2,
             {{{132, 134, 41, 255}, {24, 40, 247, 255}, {96, 103, 110, 255}, {60, 71, 178, 255}}});
}

TEST(Bc1Decode, ThreeColourModeRoundsHalfUpAndIndex3IsTransparentBlack) {
  // c0 = 0x0000 (black) < c1 = 0xFFFF (white: 31 -> 255, 63 -> 255).
  const auto block = ColourBlock(0x0000, 0xFFFF, kIndices2);
  uint8_t out[16][4];
  DecodeBc1Block(block.data(), out);
  // p2 = (0 + 255 + 1)/2 = 128 (exact 127.5, half rounds up); p3 = (0, 0, 0, 0).
  ExpectRgba(out, kIndices2,
             {{{0, 0, 0, 255}, {255, 255, 255, 255}, {128, 128, 128, 255}, {0, 0, 0, 0}}});
}

TEST(Bc1Decode, ThreeColourModeMixedEndpoints) {
  // c0 = 0x195E -> (24, 40, 247) < c1 = 0x8425 -> (132, 134, 41).
  const auto block = ColourBlock(Rgb565(3, 10, 30), Rgb565(16, 33, 5), kIndices2);
  uint8_t out[16][4];
  DecodeBc1Block(block.data(), out);
  // p2 = (p0 + p1 + 1)/2: R (24 + 132 + 1)/2 = 78, G (40 + 134 + 1)/2 = 87,
  //   B (247 + 41 + 1)/2 = 144.
  ExpectRgba(out, kIndices2,
             {{{24, 40, 247, 255}, {132, 134, 41, 255}, {78, 87, 144, 255}, {0, 0, 0, 0}}});
}

TEST(Bc1Decode, EqualEndpointsSelectThreeColourMode) {
  // c0 == c1 = 0x8425 -> (132, 134, 41): not c0 > c1, so index 3 is transparent black.
  const uint16_t c = Rgb565(16, 33, 5);
  const auto block = ColourBlock(c, c, kIndices2);
  uint8_t out[16][4];
  DecodeBc1Block(block.data(), out);
  // p2 = (132 + 132 + 1)/2 = 132, (134 + 134 + 1)/2 = 134, (41 + 41 + 1)/2 = 41.
  ExpectRgba(out, kIndices2,
             {{{132, 134, 41, 255}, {132, 134, 41, 255}, {132, 134, 41, 255}, {0, 0, 0, 0}}});
}

// ---- BC2 ----

TEST(Bc2Decode, ExplicitAlphaNibbles) {
  // Texel i has alpha nibble i: 0 -> 0, 7 -> 119, 8 -> 136, 15 -> 255 (a4 * 17).
  const Indices alpha4 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const auto block = Concat(ExplicitAlphaBlock(alpha4), ColourBlock(0xF800, 0x001F, kIndices2));
  uint8_t out[16][4];
  DecodeBc2Block(block.data(), out);
  const int want_alpha[16] = {0,   17,  34,  51,  68,  85,  102, 119,
                              136, 153, 170, 187, 204, 221, 238, 255};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i][3], want_alpha[i]) << "texel " << i;
  // Colours as in Bc1Decode.FourColourModePureEndpoints.
  ExpectRgba(out, kIndices2, {{{255, 0, 0}, {0, 0, 255}, {170, 0, 85}, {85, 0, 170}}},
             /*check_alpha=*/false);
}

TEST(Bc2Decode, ColourBlockIgnoresThreeColourTest) {
  // c0 = 0x0000 <= c1 = 0xFFFF would be BC1's 3-colour mode; BC2 still interpolates thirds:
  // p2 = (0 + 255 + 1)/3 = 85, p3 = (0 + 2*255 + 1)/3 = 170, and index 3 is not transparent.
  // Alpha nibbles: texel i has 15 - i, so index-3 texels keep their own alpha.
  const Indices alpha4 = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
  const auto block = Concat(ExplicitAlphaBlock(alpha4), ColourBlock(0x0000, 0xFFFF, kIndices2));
  uint8_t out[16][4];
  DecodeBc2Block(block.data(), out);
  ExpectRgba(out, kIndices2, {{{0, 0, 0}, {255, 255, 255}, {85, 85, 85}, {170, 170, 170}}},
             /*check_alpha=*/false);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i][3], (15 - i) * 17) << "texel " << i;
}

TEST(Bc2Decode, EqualEndpointsStillFourColour) {
  // c0 == c1 = 0x8425 -> (132, 134, 41); thirds of equal values: (3*132 + 1)/3 = 132 etc.
  const uint16_t c = Rgb565(16, 33, 5);
  const Indices alpha4 = {};
  const auto block = Concat(ExplicitAlphaBlock(alpha4), ColourBlock(c, c, kIndices2));
  uint8_t out[16][4];
  DecodeBc2Block(block.data(), out);
  const Rgba p = {132, 134, 41, 0};
  ExpectRgba(out, kIndices2, {{p, p, p, p}});
}

// ---- BC3 ----

TEST(Bc3Decode, EightValueAlphaMode) {
  // a0 = 200 > a1 = 10; the colour block c0 = 0x001F <= c1 = 0xF800 is decoded with 4 colours.
  const auto block =
      Concat(InterpBlock(200, 10, kIndices3), ColourBlock(0x001F, 0xF800, kIndices2));
  uint8_t out[16][4];
  DecodeBc3Block(block.data(), out);
  // ((8-k) a0 + (k-1) a1 + 3)/7:
  //   k=2: (1200 + 10 + 3)/7 = 173 (exact 172.86)   k=3: (1000 + 20 + 3)/7 = 146 (145.71)
  //   k=4: (800 + 30 + 3)/7 = 119 (118.57)          k=5: (600 + 40 + 3)/7 = 91 (91.43)
  //   k=6: (400 + 50 + 3)/7 = 64 (64.29)            k=7: (200 + 60 + 3)/7 = 37 (37.14)
  const int palette[8] = {200, 10, 173, 146, 119, 91, 64, 37};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i][3], palette[kIndices3[i]]) << "texel " << i;
  // p0 = (0, 0, 255), p1 = (255, 0, 0); p2: R (0 + 255 + 1)/3 = 85, B (510 + 0 + 1)/3 = 170;
  // p3: R (0 + 510 + 1)/3 = 170, B (255 + 0 + 1)/3 = 85. Index 3 is not transparent black.
  ExpectRgba(out, kIndices2, {{{0, 0, 255}, {255, 0, 0}, {85, 0, 170}, {170, 0, 85}}},
             /*check_alpha=*/false);
}

TEST(Bc3Decode, SixValueAlphaMode) {
  // a0 = 10 <= a1 = 203.
  const auto block =
      Concat(InterpBlock(10, 203, kIndices3), ColourBlock(0xF800, 0x001F, kIndices2));
  uint8_t out[16][4];
  DecodeBc3Block(block.data(), out);
  // ((6-k) a0 + (k-1) a1 + 2)/5:
  //   k=2: (40 + 203 + 2)/5 = 49 (exact 48.6)    k=3: (30 + 406 + 2)/5 = 87 (87.2)
  //   k=4: (20 + 609 + 2)/5 = 126 (125.8)        k=5: (10 + 812 + 2)/5 = 164 (164.4)
  //   k=6: 0, k=7: 255.
  const int palette[8] = {10, 203, 49, 87, 126, 164, 0, 255};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i][3], palette[kIndices3[i]]) << "texel " << i;
  ExpectRgba(out, kIndices2, {{{255, 0, 0}, {0, 0, 255}, {170, 0, 85}, {85, 0, 170}}},
             /*check_alpha=*/false);
}

TEST(Bc3Decode, EqualAlphaEndpointsSelectSixValueMode) {
  // a0 == a1 = 77: k in 2..5 gives (5*77 + 2)/5 = 77; 6 -> 0, 7 -> 255.
  const auto block = Concat(InterpBlock(77, 77, kIndices3), ColourBlock(0, 0, kIndices2));
  uint8_t out[16][4];
  DecodeBc3Block(block.data(), out);
  const int palette[8] = {77, 77, 77, 77, 77, 77, 0, 255};
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(out[i][3], palette[kIndices3[i]]) << "texel " << i;
    // Black colour endpoints: every colour index gives black, index 3 included.
    EXPECT_EQ(out[i][0] | out[i][1] | out[i][2], 0) << "texel " << i;
  }
}

// ---- BC4 ----

TEST(Bc4Decode, UnormEightValueMode) {
  // r0 = 200 > r1 = 10: interpolant k = ((8-k) r0 + (k-1) r1) / (7*255), one rounding.
  const auto block = InterpBlock(200, 10, kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/false, out);
  const std::array<float, 8> palette = {
      200 / 255.0f,
      10 / 255.0f,
      static_cast<float>(6 * 200 + 1 * 10) / static_cast<float>(7 * 255),  // 1210 / 1785
      static_cast<float>(5 * 200 + 2 * 10) / static_cast<float>(7 * 255),  // 1020 / 1785
      static_cast<float>(4 * 200 + 3 * 10) / static_cast<float>(7 * 255),  // 830 / 1785
      static_cast<float>(3 * 200 + 4 * 10) / static_cast<float>(7 * 255),  // 640 / 1785
      static_cast<float>(2 * 200 + 5 * 10) / static_cast<float>(7 * 255),  // 450 / 1785
      static_cast<float>(1 * 200 + 6 * 10) / static_cast<float>(7 * 255),  // 260 / 1785
  };
  ExpectFloats(out, 1, kIndices3, palette);
}

TEST(Bc4Decode, UnormSixValueMode) {
  // r0 = 10 <= r1 = 200: k in 2..5 = ((6-k) r0 + (k-1) r1) / (5*255); 6 -> 0.0, 7 -> 1.0.
  const auto block = InterpBlock(10, 200, kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/false, out);
  const std::array<float, 8> palette = {
      10 / 255.0f,
      200 / 255.0f,
      static_cast<float>(4 * 10 + 1 * 200) / static_cast<float>(5 * 255),  // 240 / 1275
      static_cast<float>(3 * 10 + 2 * 200) / static_cast<float>(5 * 255),  // 430 / 1275
      static_cast<float>(2 * 10 + 3 * 200) / static_cast<float>(5 * 255),  // 620 / 1275
      static_cast<float>(1 * 10 + 4 * 200) / static_cast<float>(5 * 255),  // 810 / 1275
      0.0f,
      1.0f,
  };
  ExpectFloats(out, 1, kIndices3, palette);
}

TEST(Bc4Decode, UnormFullRangeMatchesCorrectlyRoundedSevenths) {
  // r0 = 255, r1 = 0: index k is exactly (8-k)/7. The bit patterns are the binary32 nearest to
  // 6/7, 5/7, 4/7, 3/7, 2/7, 1/7, worked out from the exact fractions outside this code.
  const auto block = InterpBlock(255, 0, kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/false, out);
  const uint32_t palette[8] = {0x3F800000, 0x00000000, 0x3F5B6DB7, 0x3F36DB6E,
                               0x3F124925, 0x3EDB6DB7, 0x3E924925, 0x3E124925};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i]), palette[kIndices3[i]]) << "texel " << i;
}

TEST(Bc4Decode, UnormFullRangeMatchesCorrectlyRoundedFifths) {
  // r0 = 0, r1 = 255: index k in 2..5 is exactly (k-1)/5 (nearest binary32 of 1/5 .. 4/5).
  const auto block = InterpBlock(0, 255, kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/false, out);
  const uint32_t palette[8] = {0x00000000, 0x3F800000, 0x3E4CCCCD, 0x3ECCCCCD,
                               0x3F19999A, 0x3F4CCCCD, 0x00000000, 0x3F800000};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i]), palette[kIndices3[i]]) << "texel " << i;
}

TEST(Bc4Decode, SnormModeTestIsSignedAndZeroIsPositive) {
  // r0 = 20 (0x14) > r1 = -120 (0x88) as signed bytes (as unsigned, 0x14 < 0x88 would select the
  // six-value mode). Divisor 7*127; k = 2 has numerator 6*20 - 120 = 0 and must be +0.0f.
  const auto block = InterpBlock(SnormByte(20), SnormByte(-120), kIndices3);
  ASSERT_EQ(block[1], 0x88);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/true, out);
  const std::array<float, 8> palette = {
      20 / 127.0f,
      -120 / 127.0f,
      0.0f,                                                                 // 120 - 120
      static_cast<float>(5 * 20 + 2 * -120) / static_cast<float>(7 * 127),  // -140 / 889
      static_cast<float>(4 * 20 + 3 * -120) / static_cast<float>(7 * 127),  // -280 / 889
      static_cast<float>(3 * 20 + 4 * -120) / static_cast<float>(7 * 127),  // -420 / 889
      static_cast<float>(2 * 20 + 5 * -120) / static_cast<float>(7 * 127),  // -560 / 889
      static_cast<float>(1 * 20 + 6 * -120) / static_cast<float>(7 * 127),  // -700 / 889
  };
  ExpectFloats(out, 1, kIndices3, palette);
  EXPECT_EQ(Bits(out[2]), 0x00000000u);  // texel 2 has index 2: +0.0f, not -0.0f
}

TEST(Bc4Decode, SnormSixValueModeWithMinus128) {
  // r0 = -128 (0x80) <= r1 = 64 (0x40) signed (unsigned 0x80 > 0x40 would pick eight values).
  // -128 reads as -127 -> -1.0f; k in 2..5 = ((6-k)(-127) + (k-1) 64) / (5*127); 6 -> -1, 7 -> 1.
  const auto block = InterpBlock(SnormByte(-128), SnormByte(64), kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/true, out);
  const std::array<float, 8> palette = {
      -1.0f,
      64 / 127.0f,
      static_cast<float>(4 * -127 + 1 * 64) / static_cast<float>(5 * 127),  // -444 / 635
      static_cast<float>(3 * -127 + 2 * 64) / static_cast<float>(5 * 127),  // -253 / 635
      static_cast<float>(2 * -127 + 3 * 64) / static_cast<float>(5 * 127),  // -62 / 635
      static_cast<float>(1 * -127 + 4 * 64) / static_cast<float>(5 * 127),  // 129 / 635
      -1.0f,
      1.0f,
  };
  ExpectFloats(out, 1, kIndices3, palette);
}

TEST(Bc4Decode, SnormModeIsChosenBeforeClampingMinus128) {
  // r0 = -127 > r1 = -128 raw: eight-value mode, although both endpoints then read as -127, so
  // every index, 6 and 7 included, gives -1.0f (-889/889 for the interpolants).
  {
    const auto block = InterpBlock(SnormByte(-127), SnormByte(-128), kIndices3);
    float out[16];
    DecodeBc4Block(block.data(), /*is_signed=*/true, out);
    for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i]), Bits(-1.0f)) << "texel " << i;
  }
  // r0 = -128 <= r1 = -127 raw: six-value mode, so index 7 gives +1.0f.
  {
    const auto block = InterpBlock(SnormByte(-128), SnormByte(-127), kIndices3);
    float out[16];
    DecodeBc4Block(block.data(), /*is_signed=*/true, out);
    const std::array<float, 8> palette = {-1.0f, -1.0f, -1.0f, -1.0f, -1.0f, -1.0f, -1.0f, 1.0f};
    ExpectFloats(out, 1, kIndices3, palette);
  }
}

TEST(Bc4Decode, SnormFullRangeMatchesCorrectlyRoundedSevenths) {
  // r0 = 127 > r1 = -127: index k is exactly (9 - 2k)/7 (5/7, 3/7, 1/7, -1/7, -3/7, -5/7).
  const auto block = InterpBlock(SnormByte(127), SnormByte(-127), kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/true, out);
  const uint32_t palette[8] = {0x3F800000, 0xBF800000, 0x3F36DB6E, 0x3EDB6DB7,
                               0x3E124925, 0xBE124925, 0xBEDB6DB7, 0xBF36DB6E};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i]), palette[kIndices3[i]]) << "texel " << i;
}

TEST(Bc4Decode, SnormZeroEndpointsArePositiveZero) {
  // r0 = r1 = 0: six-value mode; 0 / 127 and 0 / 635 are +0.0f; 6 -> -1.0f, 7 -> 1.0f.
  const auto block = InterpBlock(0, 0, kIndices3);
  float out[16];
  DecodeBc4Block(block.data(), /*is_signed=*/true, out);
  const uint32_t palette[8] = {0, 0, 0, 0, 0, 0, 0xBF800000, 0x3F800000};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i]), palette[kIndices3[i]]) << "texel " << i;
}

// ---- BC5 ----

// Indices for BC5's green block, different from the red ones so a swapped half shows.
constexpr Indices kIndices3Green = {5, 7, 1, 0, 6, 2, 4, 3, 3, 4, 2, 6, 0, 1, 7, 5};

TEST(Bc5Decode, UnormRedThenGreen) {
  // Red: r0 = 200 > r1 = 10 (eight values, /1785). Green: g0 = 10 <= g1 = 200 (six, /1275).
  const auto block = Concat(InterpBlock(200, 10, kIndices3), InterpBlock(10, 200, kIndices3Green));
  float out[16][2];
  DecodeBc5Block(block.data(), /*is_signed=*/false, out);
  const std::array<float, 8> red = {
      200 / 255.0f,
      10 / 255.0f,
      static_cast<float>(6 * 200 + 1 * 10) / static_cast<float>(7 * 255),
      static_cast<float>(5 * 200 + 2 * 10) / static_cast<float>(7 * 255),
      static_cast<float>(4 * 200 + 3 * 10) / static_cast<float>(7 * 255),
      static_cast<float>(3 * 200 + 4 * 10) / static_cast<float>(7 * 255),
      static_cast<float>(2 * 200 + 5 * 10) / static_cast<float>(7 * 255),
      static_cast<float>(1 * 200 + 6 * 10) / static_cast<float>(7 * 255),
  };
  const std::array<float, 8> green = {
      10 / 255.0f,
      200 / 255.0f,
      static_cast<float>(4 * 10 + 1 * 200) / static_cast<float>(5 * 255),
      static_cast<float>(3 * 10 + 2 * 200) / static_cast<float>(5 * 255),
      static_cast<float>(2 * 10 + 3 * 200) / static_cast<float>(5 * 255),
      static_cast<float>(1 * 10 + 4 * 200) / static_cast<float>(5 * 255),
      0.0f,
      1.0f,
  };
  ExpectFloats(&out[0][0], 2, kIndices3, red);
  ExpectFloats(&out[0][1], 2, kIndices3Green, green);
}

TEST(Bc5Decode, SnormBothHalvesSigned) {
  // Red: r0 = 127 > r1 = -127 -> (9 - 2k)/7. Green: g0 = -128 <= g1 = 64 (six values, -128 as
  // -127), as in the BC4 tests above.
  const auto block = Concat(InterpBlock(SnormByte(127), SnormByte(-127), kIndices3),
                            InterpBlock(SnormByte(-128), SnormByte(64), kIndices3Green));
  float out[16][2];
  DecodeBc5Block(block.data(), /*is_signed=*/true, out);
  const uint32_t red[8] = {0x3F800000, 0xBF800000, 0x3F36DB6E, 0x3EDB6DB7,
                           0x3E124925, 0xBE124925, 0xBEDB6DB7, 0xBF36DB6E};
  const std::array<float, 8> green = {
      -1.0f,
      64 / 127.0f,
      static_cast<float>(4 * -127 + 1 * 64) / static_cast<float>(5 * 127),
      static_cast<float>(3 * -127 + 2 * 64) / static_cast<float>(5 * 127),
      static_cast<float>(2 * -127 + 3 * 64) / static_cast<float>(5 * 127),
      static_cast<float>(1 * -127 + 4 * 64) / static_cast<float>(5 * 127),
      -1.0f,
      1.0f,
  };
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Bits(out[i][0]), red[kIndices3[i]]) << "texel " << i;
  ExpectFloats(&out[0][1], 2, kIndices3Green, green);
}

// ---- Robustness ----

// Random blocks through every decoder, each input in a heap buffer of exactly the block's size
// so that a sanitizer build catches any read past it. The checks are invariants of the formats,
// not decoded values.
TEST(BcDecodeRobustness, RandomBlocks) {
  std::mt19937_64 rng(0x6263315F35ull);
  std::vector<uint8_t> block8(8);
  std::vector<uint8_t> block16(16);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int iter = 0; iter < 100000; ++iter) {
    const uint64_t lo = rng();
    const uint64_t hi = rng();
    for (int b = 0; b < 8; ++b) {
      block16[b] = static_cast<uint8_t>(lo >> (8 * b));
      block16[8 + b] = static_cast<uint8_t>(hi >> (8 * b));
      block8[b] = block16[8 + b];
    }

    // BC1 on the colour half of the 16-byte block: BC2 and BC3 share those bytes.
    uint8_t bc1[16][4];
    uint8_t bc2[16][4];
    uint8_t bc3[16][4];
    std::memset(bc1, 0x5A, sizeof(bc1));  // an unwritten alpha would be neither 0 nor 255
    DecodeBc1Block(block8.data(), bc1);
    DecodeBc2Block(block16.data(), bc2);
    DecodeBc3Block(block16.data(), bc3);
    const bool four_colour = (block8[0] | block8[1] << 8) > (block8[2] | block8[3] << 8);
    for (int i = 0; i < 16; ++i) {
      ASSERT_TRUE(bc1[i][3] == 0 || bc1[i][3] == 255) << "iteration " << iter;
      if (bc1[i][3] == 0) {
        ASSERT_EQ(bc1[i][0] | bc1[i][1] | bc1[i][2], 0) << "iteration " << iter;
        ASSERT_FALSE(four_colour) << "iteration " << iter;
      }
      ASSERT_EQ(bc2[i][3] % 17, 0) << "iteration " << iter;
      for (int ch = 0; ch < 3; ++ch) {
        ASSERT_EQ(bc2[i][ch], bc3[i][ch]) << "iteration " << iter;
        if (four_colour) {
          ASSERT_EQ(bc1[i][ch], bc2[i][ch]) << "iteration " << iter;
        }
      }
    }

    for (bool is_signed : {false, true}) {
      const float lowest = is_signed ? -1.0f : 0.0f;
      float bc4[16];
      float bc5[16][2];
      float bc4_green[16];
      std::fill(std::begin(bc4), std::end(bc4), nan);
      std::fill(&bc5[0][0], &bc5[0][0] + 32, nan);
      DecodeBc4Block(block8.data(), is_signed, bc4_green);
      DecodeBc4Block(block16.data(), is_signed, bc4);
      DecodeBc5Block(block16.data(), is_signed, bc5);
      for (int i = 0; i < 16; ++i) {
        ASSERT_FALSE(std::isnan(bc4[i])) << "iteration " << iter;
        ASSERT_GE(bc4[i], lowest) << "iteration " << iter;
        ASSERT_LE(bc4[i], 1.0f) << "iteration " << iter;
        ASSERT_NE(Bits(bc4[i]), 0x80000000u) << "iteration " << iter;  // no -0.0f
        ASSERT_EQ(Bits(bc5[i][0]), Bits(bc4[i])) << "iteration " << iter;
        ASSERT_EQ(Bits(bc5[i][1]), Bits(bc4_green[i])) << "iteration " << iter;
      }
    }
  }
}

}  // namespace
}  // namespace texunit
