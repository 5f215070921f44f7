// BC7 decoder tests. Every block is assembled field by field in the specification's order (mode,
// partition, rotation, index selection, colour, alpha, endpoint p-bits, shared p-bits, primary
// indices, secondary indices) and widths, and every expected texel is a literal worked out by hand:
//   expand: a field of n bits (p-bit appended as the new LSB) becomes (v << (8 - n)) | (v >> (2n -
//   8)); interpolate: (a * (64 - w) + b * w + 32) >> 6 with w from {0, 21, 43, 64},
//     {0, 9, 18, 27, 37, 46, 55, 64} or {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60,
//     64}.
// Partition shapes and anchors used here (typed from the specification's tables):
//   2 subsets, #35: 0011 0011 1100 1100 (anchor 8); #41: 0001 0011 1100 1000 (anchor 8);
//              #50: 0000 0010 0111 0010 (anchor 6);
//   3 subsets, #1: 0001 0011 2211 2221 (anchors 3, 8); #36: 0000 1111 2222 0000 (anchors 6, 10).
#include <array>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "formats/bc_decode.h"
#include "gtest/gtest.h"

namespace texunit {
namespace {

using Block = std::array<uint8_t, 16>;
using Rgba = std::array<uint8_t, 4>;
using Texels = std::array<Rgba, 16>;

// Appends fields to a 128-bit little-endian bit stream (bit 0 is the LSB of byte 0), LSB first.
class BlockWriter {
 public:
  BlockWriter& Put(uint32_t v, int bits) {
    for (int i = 0; i < bits; ++i) PutBit((v >> i) & 1);
    return *this;
  }

  // Fields of equal width in order, e.g. the six red values of a three-subset mode.
  BlockWriter& PutEach(std::initializer_list<uint32_t> values, int bits) {
    for (uint32_t v : values) Put(v, bits);
    return *this;
  }

  // The 16 indices in texel order, each of `bits` bits except the anchor texels, which drop their
  // (zero) top bit.
  BlockWriter& Indices(const std::array<int, 16>& indices, int bits,
                       std::initializer_list<int> anchors) {
    for (int t = 0; t < 16; ++t) {
      bool is_anchor = false;
      for (int a : anchors) is_anchor = is_anchor || a == t;
      const int width = is_anchor ? bits - 1 : bits;
      EXPECT_LT(indices[t], 1 << width) << "texel " << t;
      Put(static_cast<uint32_t>(indices[t]), width);
    }
    return *this;
  }

  Block Finish() const {
    EXPECT_EQ(position_, 128) << "the fields written do not fill the block";
    return bytes_;
  }

 private:
  void PutBit(uint32_t bit) {
    if (position_ < 128) bytes_[position_ / 8] |= static_cast<uint8_t>(bit << (position_ % 8));
    ++position_;
  }

  Block bytes_{};
  int position_ = 0;
};

Texels Decode(const Block& block) {
  uint8_t out[16][4];
  DecodeBc7Block(block.data(), out);
  Texels texels;
  for (int t = 0; t < 16; ++t) texels[t] = {out[t][0], out[t][1], out[t][2], out[t][3]};
  return texels;
}

// Mode 0: three subsets, 4-bit colour + per-endpoint p-bit, 3-bit indices.
TEST(Bc7DecodeTest, Mode0ThreeSubsetsAnchorsInside) {
  // Endpoints in order s0e0, s0e1, s1e0, s1e1, s2e0, s2e1.
  // Partition 1: subset 1 = texels 3, 6, 7, 10, 11, 15; subset 2 = 8, 9, 12, 13, 14.
  std::array<int, 16> idx{};
  idx[1] = 7;   // s0: e1
  idx[2] = 4;   // s0: w = 37
  idx[3] = 3;   // s1 anchor, 2 bits: w = 27
  idx[7] = 7;   // s1: e1
  idx[15] = 1;  // s1: w = 9
  idx[8] = 3;   // s2 anchor: w = 27
  idx[9] = 7;   // s2: e1
  BlockWriter w;
  w.Put(0b1, 1)                            // mode 0
      .Put(1, 4)                           // partition 1
      .PutEach({0, 15, 8, 2, 6, 13}, 4)    // R
      .PutEach({5, 3, 12, 9, 0, 4}, 4)     // G
      .PutEach({10, 7, 1, 14, 11, 15}, 4)  // B
      .PutEach({1, 0, 1, 1, 0, 1}, 1)      // p-bits
      .Indices(idx, 3, {0, 3, 8});         // 3-bit indices
  const Texels px = Decode(w.Finish());
  // 5-bit values (c << 1 | p) expand as v * 8 + (v >> 2):
  // s0e0 (p 1): 1 -> 8, 11 -> 90, 21 -> 173; s0e1 (p 0): 30 -> 247, 6 -> 49, 14 -> 115.
  EXPECT_EQ(px[0], (Rgba{8, 90, 173, 255}));
  EXPECT_EQ(px[4], (Rgba{8, 90, 173, 255}));
  EXPECT_EQ(px[1], (Rgba{247, 49, 115, 255}));
  // w = 37: (8*27 + 247*37 + 32) >> 6 = 146; (90*27 + 49*37 + 32) >> 6 = 66;
  // (173*27 + 115*37 + 32) >> 6 = 139.
  EXPECT_EQ(px[2], (Rgba{146, 66, 139, 255}));
  // s1e0 (p 1): 17 -> 140, 25 -> 206, 3 -> 24; s1e1 (p 1): 5 -> 41, 19 -> 156, 29 -> 239.
  EXPECT_EQ(px[6], (Rgba{140, 206, 24, 255}));
  EXPECT_EQ(px[7], (Rgba{41, 156, 239, 255}));
  // w = 27: (140*37 + 41*27 + 32) >> 6 = 98; (206*37 + 156*27 + 32) >> 6 = 185;
  // (24*37 + 239*27 + 32) >> 6 = 115.
  EXPECT_EQ(px[3], (Rgba{98, 185, 115, 255}));
  // w = 9: (140*55 + 41*9 + 32) >> 6 = 126; (206*55 + 156*9 + 32) >> 6 = 199;
  // (24*55 + 239*9 + 32) >> 6 = 54.
  EXPECT_EQ(px[15], (Rgba{126, 199, 54, 255}));
  // s2e0 (p 0): 12 -> 99, 0 -> 0, 22 -> 181; s2e1 (p 1): 27 -> 222, 9 -> 74, 31 -> 255.
  EXPECT_EQ(px[12], (Rgba{99, 0, 181, 255}));
  EXPECT_EQ(px[9], (Rgba{222, 74, 255, 255}));
  // w = 27: (99*37 + 222*27 + 32) >> 6 = 151; (0*37 + 74*27 + 32) >> 6 = 31;
  // (181*37 + 255*27 + 32) >> 6 = 212.
  EXPECT_EQ(px[8], (Rgba{151, 31, 212, 255}));
}

// Mode 1: two subsets, 6-bit colour + one p-bit per subset, 3-bit indices. Partition 35's anchor
// is 8 although texel 2 is the first of subset 1: texel 2 takes 3 index bits, texel 8 two.
TEST(Bc7DecodeTest, Mode1SharedPBitsPartition35) {
  // Partition 35: subset 1 = texels 2, 3, 6, 7, 8, 9, 12, 13.
  std::array<int, 16> idx{};
  idx[0] = 2;   // s0 anchor: w = 18
  idx[1] = 7;   // s0: e1
  idx[10] = 5;  // s0: w = 46
  idx[3] = 7;   // s1: e1
  idx[8] = 3;   // s1 anchor: w = 27
  BlockWriter w;
  w.Put(0b10, 2)                    // mode 1
      .Put(35, 6)                   // partition 35
      .PutEach({10, 40, 5, 62}, 6)  // R: s0e0 s0e1 s1e0 s1e1
      .PutEach({63, 20, 50, 1}, 6)  // G
      .PutEach({0, 33, 60, 31}, 6)  // B
      .PutEach({1, 0}, 1)           // shared p-bits: subset 0, subset 1
      .Indices(idx, 3, {0, 8});     // 3-bit indices
  const Texels px = Decode(w.Finish());
  // 7-bit values expand as v * 2 + (v >> 6). s0 (p 1): e0 21 -> 42, 127 -> 255, 1 -> 2;
  // e1 81 -> 163, 41 -> 82, 67 -> 135.
  EXPECT_EQ(px[4], (Rgba{42, 255, 2, 255}));
  EXPECT_EQ(px[1], (Rgba{163, 82, 135, 255}));
  // w = 18: (42*46 + 163*18 + 32) >> 6 = 76; (255*46 + 82*18 + 32) >> 6 = 206;
  // (2*46 + 135*18 + 32) >> 6 = 39.
  EXPECT_EQ(px[0], (Rgba{76, 206, 39, 255}));
  // w = 46: (42*18 + 163*46 + 32) >> 6 = 129; (255*18 + 82*46 + 32) >> 6 = 131;
  // (2*18 + 135*46 + 32) >> 6 = 98.
  EXPECT_EQ(px[10], (Rgba{129, 131, 98, 255}));
  // s1 (p 0): e0 10 -> 20, 100 -> 201, 120 -> 241; e1 124 -> 249, 2 -> 4, 62 -> 124.
  EXPECT_EQ(px[2], (Rgba{20, 201, 241, 255}));
  EXPECT_EQ(px[3], (Rgba{249, 4, 124, 255}));
  // w = 27: (20*37 + 249*27 + 32) >> 6 = 117; (201*37 + 4*27 + 32) >> 6 = 118;
  // (241*37 + 124*27 + 32) >> 6 = 192.
  EXPECT_EQ(px[8], (Rgba{117, 118, 192, 255}));
}

// Mode 2: three subsets, 5-bit colour, no p-bits, 2-bit indices; anchors 6 and 10.
TEST(Bc7DecodeTest, Mode2ThreeSubsetsAnchorsInside) {
  // Partition 36: row 1 is subset 1, row 2 subset 2, rows 0 and 3 subset 0.
  std::array<int, 16> idx{};
  idx[0] = 1;   // s0 anchor, 1 bit: w = 21
  idx[1] = 3;   // s0: e1
  idx[12] = 2;  // s0: w = 43
  idx[5] = 3;   // s1: e1
  idx[6] = 1;   // s1 anchor: w = 21
  idx[8] = 3;   // s2: e1
  idx[10] = 1;  // s2 anchor: w = 21
  BlockWriter w;
  w.Put(0b100, 3)                          // mode 2
      .Put(36, 6)                          // partition 36
      .PutEach({0, 31, 16, 7, 21, 10}, 5)  // R: s0e0 s0e1 s1e0 s1e1 s2e0 s2e1
      .PutEach({31, 0, 3, 28, 12, 19}, 5)  // G
      .PutEach({5, 25, 30, 1, 17, 9}, 5)   // B
      .Indices(idx, 2, {0, 6, 10});        // 2-bit indices
  const Texels px = Decode(w.Finish());
  // 5-bit values expand as v * 8 + (v >> 2): s0e0 (0, 255, 41), s0e1 (255, 0, 206),
  // s1e0 (132, 24, 247), s1e1 (57, 231, 8), s2e0 (173, 99, 140), s2e1 (82, 156, 74).
  EXPECT_EQ(px[1], (Rgba{255, 0, 206, 255}));
  EXPECT_EQ(px[15], (Rgba{0, 255, 41, 255}));
  // w = 21: (0*43 + 255*21 + 32) >> 6 = 84; (255*43 + 32) >> 6 = 171; (41*43 + 206*21 + 32) >> 6
  // = 95.
  EXPECT_EQ(px[0], (Rgba{84, 171, 95, 255}));
  // w = 43: (255*43 + 32) >> 6 = 171; (255*21 + 32) >> 6 = 84; (41*21 + 206*43 + 32) >> 6 = 152.
  EXPECT_EQ(px[12], (Rgba{171, 84, 152, 255}));
  EXPECT_EQ(px[4], (Rgba{132, 24, 247, 255}));
  EXPECT_EQ(px[5], (Rgba{57, 231, 8, 255}));
  // w = 21: (132*43 + 57*21 + 32) >> 6 = 107; (24*43 + 231*21 + 32) >> 6 = 92;
  // (247*43 + 8*21 + 32) >> 6 = 169.
  EXPECT_EQ(px[6], (Rgba{107, 92, 169, 255}));
  EXPECT_EQ(px[11], (Rgba{173, 99, 140, 255}));
  EXPECT_EQ(px[8], (Rgba{82, 156, 74, 255}));
  // w = 21: (173*43 + 82*21 + 32) >> 6 = 143; (99*43 + 156*21 + 32) >> 6 = 118;
  // (140*43 + 74*21 + 32) >> 6 = 118.
  EXPECT_EQ(px[10], (Rgba{143, 118, 118, 255}));
}

// Mode 3: two subsets, 7-bit colour + per-endpoint p-bit (8 bits in all), 2-bit indices.
TEST(Bc7DecodeTest, Mode3EndpointPBits) {
  // Partition 50: subset 1 = texels 6, 9, 10, 11, 14 (anchor 6).
  std::array<int, 16> idx{};
  idx[0] = 1;   // s0 anchor: w = 21
  idx[1] = 3;   // s0: e1
  idx[5] = 2;   // s0: w = 43
  idx[6] = 1;   // s1 anchor: w = 21
  idx[10] = 3;  // s1: e1
  idx[14] = 2;  // s1: w = 43
  BlockWriter w;
  w.Put(0b1000, 4)                    // mode 3
      .Put(50, 6)                     // partition 50
      .PutEach({127, 0, 64, 33}, 7)   // R: s0e0 s0e1 s1e0 s1e1
      .PutEach({1, 100, 127, 50}, 7)  // G
      .PutEach({90, 45, 0, 126}, 7)   // B
      .PutEach({1, 0, 0, 1}, 1)       // p-bits: s0e0 s0e1 s1e0 s1e1
      .Indices(idx, 2, {0, 6});       // 2-bit indices
  const Texels px = Decode(w.Finish());
  // 8-bit values c << 1 | p: s0e0 (255, 3, 181), s0e1 (0, 200, 90), s1e0 (128, 254, 0),
  // s1e1 (67, 101, 253).
  EXPECT_EQ(px[2], (Rgba{255, 3, 181, 255}));
  EXPECT_EQ(px[1], (Rgba{0, 200, 90, 255}));
  // w = 21: (255*43 + 32) >> 6 = 171; (3*43 + 200*21 + 32) >> 6 = 68; (181*43 + 90*21 + 32) >> 6 =
  // 151.
  EXPECT_EQ(px[0], (Rgba{171, 68, 151, 255}));
  // w = 43: (255*21 + 32) >> 6 = 84; (3*21 + 200*43 + 32) >> 6 = 135; (181*21 + 90*43 + 32) >> 6 =
  // 120.
  EXPECT_EQ(px[5], (Rgba{84, 135, 120, 255}));
  EXPECT_EQ(px[9], (Rgba{128, 254, 0, 255}));
  EXPECT_EQ(px[10], (Rgba{67, 101, 253, 255}));
  // w = 21: (128*43 + 67*21 + 32) >> 6 = 108; (254*43 + 101*21 + 32) >> 6 = 204;
  // (253*21 + 32) >> 6 = 83.
  EXPECT_EQ(px[6], (Rgba{108, 204, 83, 255}));
  // w = 43: (128*21 + 67*43 + 32) >> 6 = 87; (254*21 + 101*43 + 32) >> 6 = 151;
  // (253*43 + 32) >> 6 = 170.
  EXPECT_EQ(px[14], (Rgba{87, 151, 170, 255}));
}

// Mode 4 block: 5-bit colour e0 (31, 10, 3) e1 (0, 20, 29) -> (255, 82, 24) and (0, 165, 239);
// 6-bit alpha 0 and 63 -> 0 and (63 << 2 | 63 >> 4) = 255. Primary (2-bit) indices of texels 0-3:
// 1, 3, 2, 0; secondary (3-bit): 3, 0, 5, 7.
Block Mode4Block(int rotation, int selector) {
  std::array<int, 16> primary{};
  primary[0] = 1;  // anchor, 1 bit
  primary[1] = 3;
  primary[2] = 2;
  std::array<int, 16> secondary{};
  secondary[0] = 3;  // anchor, 2 bits
  secondary[2] = 5;
  secondary[3] = 7;
  BlockWriter w;
  w.Put(0b10000, 5)                             // mode 4
      .Put(static_cast<uint32_t>(rotation), 2)  // rotation
      .Put(static_cast<uint32_t>(selector), 1)  // index selection
      .PutEach({31, 0}, 5)                      // R: e0 e1
      .PutEach({10, 20}, 5)                     // G
      .PutEach({3, 29}, 5)                      // B
      .PutEach({0, 63}, 6)                      // A
      .Indices(primary, 2, {0})                 // primary indices
      .Indices(secondary, 3, {0});              // secondary indices
  return w.Finish();
}

// Selection bit 0: colour from the 2-bit indices, alpha from the 3-bit ones.
TEST(Bc7DecodeTest, Mode4SelectionBitZero) {
  const Texels px = Decode(Mode4Block(/*rotation=*/0, /*selector=*/0));
  // Colour w = 21: (255*43 + 32) >> 6 = 171; (82*43 + 165*21 + 32) >> 6 = 109;
  // (24*43 + 239*21 + 32) >> 6 = 95. Alpha w = 27: (255*27 + 32) >> 6 = 108.
  EXPECT_EQ(px[0], (Rgba{171, 109, 95, 108}));
  // Colour w = 64: e1; alpha w = 0: 0.
  EXPECT_EQ(px[1], (Rgba{0, 165, 239, 0}));
  // Colour w = 43: (255*21 + 32) >> 6 = 84; (82*21 + 165*43 + 32) >> 6 = 138;
  // (24*21 + 239*43 + 32) >> 6 = 168. Alpha w = 46: (255*46 + 32) >> 6 = 183.
  EXPECT_EQ(px[2], (Rgba{84, 138, 168, 183}));
  // Colour w = 0: e0; alpha w = 64: 255.
  EXPECT_EQ(px[3], (Rgba{255, 82, 24, 255}));
}

// Selection bit 1: colour from the 3-bit indices, alpha from the 2-bit ones.
TEST(Bc7DecodeTest, Mode4SelectionBitOne) {
  const Texels px = Decode(Mode4Block(/*rotation=*/0, /*selector=*/1));
  // Colour w = 27: (255*37 + 32) >> 6 = 147; (82*37 + 165*27 + 32) >> 6 = 117;
  // (24*37 + 239*27 + 32) >> 6 = 115. Alpha w = 21: (255*21 + 32) >> 6 = 84.
  EXPECT_EQ(px[0], (Rgba{147, 117, 115, 84}));
  // Colour w = 0: e0; alpha w = 64: 255.
  EXPECT_EQ(px[1], (Rgba{255, 82, 24, 255}));
  // Colour w = 46: (255*18 + 32) >> 6 = 72; (82*18 + 165*46 + 32) >> 6 = 142;
  // (24*18 + 239*46 + 32) >> 6 = 179. Alpha w = 43: (255*43 + 32) >> 6 = 171.
  EXPECT_EQ(px[2], (Rgba{72, 142, 179, 171}));
  // Colour w = 64: e1; alpha w = 0: 0.
  EXPECT_EQ(px[3], (Rgba{0, 165, 239, 0}));
}

// Rotation 2 swaps alpha and green after interpolation (selection bit 0 results above).
TEST(Bc7DecodeTest, Mode4RotationSwapsAlphaAndGreen) {
  const Texels px = Decode(Mode4Block(/*rotation=*/2, /*selector=*/0));
  EXPECT_EQ(px[0], (Rgba{171, 108, 95, 109}));
  EXPECT_EQ(px[1], (Rgba{0, 0, 239, 165}));
  EXPECT_EQ(px[2], (Rgba{84, 183, 168, 138}));
  EXPECT_EQ(px[3], (Rgba{255, 255, 24, 82}));
}

// Rotation 3 swaps alpha and blue (selection bit 1 results above).
TEST(Bc7DecodeTest, Mode4RotationSwapsAlphaAndBlue) {
  const Texels px = Decode(Mode4Block(/*rotation=*/3, /*selector=*/1));
  EXPECT_EQ(px[0], (Rgba{147, 117, 84, 115}));
  EXPECT_EQ(px[1], (Rgba{255, 82, 255, 24}));
  EXPECT_EQ(px[2], (Rgba{72, 142, 171, 179}));
  EXPECT_EQ(px[3], (Rgba{0, 165, 0, 239}));
}

// Mode 5: 7-bit colour, 8-bit alpha, colour from the primary and alpha from the secondary 2-bit
// indices; rotation 1 swaps alpha and red.
TEST(Bc7DecodeTest, Mode5RotationSwapsAlphaAndRed) {
  std::array<int, 16> primary{};
  primary[0] = 1;  // anchor: w = 21
  primary[1] = 2;  // w = 43
  primary[2] = 3;  // w = 64
  std::array<int, 16> secondary{};
  secondary[1] = 3;  // w = 64
  secondary[2] = 1;  // w = 21
  secondary[3] = 2;  // w = 43
  BlockWriter w;
  w.Put(0b100000, 6)                // mode 5
      .Put(1, 2)                    // rotation 1
      .PutEach({127, 1}, 7)         // R: e0 e1
      .PutEach({64, 0}, 7)          // G
      .PutEach({5, 120}, 7)         // B
      .PutEach({200, 17}, 8)        // A
      .Indices(primary, 2, {0})     // colour indices
      .Indices(secondary, 2, {0});  // alpha indices
  const Texels px = Decode(w.Finish());
  // 7-bit values expand as v * 2 + (v >> 6): e0 (255, 129, 10), e1 (2, 0, 241); alpha 200, 17.
  // Before rotation, texel 0: colour w = 21: (255*43 + 2*21 + 32) >> 6 = 172;
  // (129*43 + 32) >> 6 = 87; (10*43 + 241*21 + 32) >> 6 = 86; alpha w = 0: 200.
  EXPECT_EQ(px[0], (Rgba{200, 87, 86, 172}));
  // Texel 1: colour w = 43: (255*21 + 2*43 + 32) >> 6 = 85; (129*21 + 32) >> 6 = 42;
  // (10*21 + 241*43 + 32) >> 6 = 165; alpha w = 64: 17.
  EXPECT_EQ(px[1], (Rgba{17, 42, 165, 85}));
  // Texel 2: colour e1; alpha w = 21: (200*43 + 17*21 + 32) >> 6 = 140.
  EXPECT_EQ(px[2], (Rgba{140, 0, 241, 2}));
  // Texel 3: colour e0; alpha w = 43: (200*21 + 17*43 + 32) >> 6 = 77.
  EXPECT_EQ(px[3], (Rgba{77, 129, 10, 255}));
}

// Mode 6: one subset, 7-bit colour and alpha + per-endpoint p-bit, 4-bit indices.
TEST(Bc7DecodeTest, Mode6) {
  std::array<int, 16> idx{};
  idx[0] = 7;   // anchor, 3 bits: w = 30
  idx[1] = 15;  // e1
  idx[3] = 8;   // w = 34
  idx[15] = 5;  // w = 21
  BlockWriter w;
  w.Put(0b1000000, 7)         // mode 6
      .PutEach({0, 127}, 7)   // R: e0 e1
      .PutEach({50, 51}, 7)   // G
      .PutEach({100, 20}, 7)  // B
      .PutEach({127, 0}, 7)   // A
      .PutEach({0, 1}, 1)     // p-bits: e0 e1
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish());
  // c << 1 | p: e0 (0, 100, 200, 254), e1 (255, 103, 41, 1).
  EXPECT_EQ(px[2], (Rgba{0, 100, 200, 254}));
  EXPECT_EQ(px[1], (Rgba{255, 103, 41, 1}));
  // w = 30: (255*30 + 32) >> 6 = 120; (100*34 + 103*30 + 32) >> 6 = 101;
  // (200*34 + 41*30 + 32) >> 6 = 125; (254*34 + 1*30 + 32) >> 6 = 135.
  EXPECT_EQ(px[0], (Rgba{120, 101, 125, 135}));
  // w = 34: (255*34 + 32) >> 6 = 135; (100*30 + 103*34 + 32) >> 6 = 102;
  // (200*30 + 41*34 + 32) >> 6 = 116; (254*30 + 34 + 32) >> 6 = 120.
  EXPECT_EQ(px[3], (Rgba{135, 102, 116, 120}));
  // w = 21: (255*21 + 32) >> 6 = 84; (100*43 + 103*21 + 32) >> 6 = 101;
  // (200*43 + 41*21 + 32) >> 6 = 148; (254*43 + 21 + 32) >> 6 = 171.
  EXPECT_EQ(px[15], (Rgba{84, 101, 148, 171}));
}

// Mode 7: two subsets, 5-bit colour and alpha + per-endpoint p-bit (6 bits in all), 2-bit indices.
TEST(Bc7DecodeTest, Mode7TwoSubsetsWithAlpha) {
  // Partition 41: subset 1 = texels 3, 6, 7, 8, 9, 12 (anchor 8).
  std::array<int, 16> idx{};
  idx[1] = 3;   // s0: e1
  idx[2] = 1;   // s0: w = 21
  idx[6] = 3;   // s1: e1
  idx[8] = 1;   // s1 anchor, 1 bit: w = 21
  idx[12] = 2;  // s1: w = 43
  BlockWriter w;
  w.Put(0b10000000, 8)              // mode 7
      .Put(41, 6)                   // partition 41
      .PutEach({31, 0, 16, 9}, 5)   // R: s0e0 s0e1 s1e0 s1e1
      .PutEach({1, 30, 8, 24}, 5)   // G
      .PutEach({15, 17, 2, 27}, 5)  // B
      .PutEach({31, 4, 0, 20}, 5)   // A
      .PutEach({1, 0, 1, 0}, 1)     // p-bits: s0e0 s0e1 s1e0 s1e1
      .Indices(idx, 2, {0, 8});     // 2-bit indices
  const Texels px = Decode(w.Finish());
  // 6-bit values (c << 1 | p) expand as v * 4 + (v >> 4): s0e0 (63, 3, 31, 63) ->
  // (255, 12, 125, 255); s0e1 (0, 60, 34, 8) -> (0, 243, 138, 32); s1e0 (33, 17, 5, 1) ->
  // (134, 69, 20, 4); s1e1 (18, 48, 54, 40) -> (73, 195, 219, 162).
  EXPECT_EQ(px[0], (Rgba{255, 12, 125, 255}));
  EXPECT_EQ(px[1], (Rgba{0, 243, 138, 32}));
  // w = 21: (255*43 + 32) >> 6 = 171; (12*43 + 243*21 + 32) >> 6 = 88;
  // (125*43 + 138*21 + 32) >> 6 = 129; (255*43 + 32*21 + 32) >> 6 = 182.
  EXPECT_EQ(px[2], (Rgba{171, 88, 129, 182}));
  EXPECT_EQ(px[3], (Rgba{134, 69, 20, 4}));
  EXPECT_EQ(px[6], (Rgba{73, 195, 219, 162}));
  // w = 21: (134*43 + 73*21 + 32) >> 6 = 114; (69*43 + 195*21 + 32) >> 6 = 110;
  // (20*43 + 219*21 + 32) >> 6 = 85; (4*43 + 162*21 + 32) >> 6 = 56.
  EXPECT_EQ(px[8], (Rgba{114, 110, 85, 56}));
  // w = 43: (134*21 + 73*43 + 32) >> 6 = 93; (69*21 + 195*43 + 32) >> 6 = 154;
  // (20*21 + 219*43 + 32) >> 6 = 154; (4*21 + 162*43 + 32) >> 6 = 110.
  EXPECT_EQ(px[12], (Rgba{93, 154, 154, 110}));
}

// A first byte of 0 has no mode bit: every texel is (0, 0, 0, 0), whatever the other bytes hold.
TEST(Bc7DecodeTest, ReservedModeDecodesToZero) {
  Block block;
  block.fill(0xFF);
  block[0] = 0;
  uint8_t out[16][4];
  for (auto& texel : out) texel[0] = texel[1] = texel[2] = texel[3] = 0x5A;
  DecodeBc7Block(block.data(), out);
  for (int t = 0; t < 16; ++t) {
    EXPECT_EQ((Rgba{out[t][0], out[t][1], out[t][2], out[t][3]}), (Rgba{0, 0, 0, 0})) << t;
  }
}

// Any 16 bytes are a valid input. Modes 0-3 have no alpha bits, so their alpha is always 255. The
// blocks live in an exactly sized heap buffer so that AddressSanitizer would catch a read past the
// block.
TEST(Bc7DecodeTest, RandomBlocksDecode) {
  std::mt19937 rng(20240611);
  std::vector<uint8_t> block(16);
  for (int i = 0; i < 200000; ++i) {
    for (uint8_t& b : block) b = static_cast<uint8_t>(rng());
    uint8_t out[16][4];
    DecodeBc7Block(block.data(), out);
    if ((block[0] & 0x0F) != 0) {
      for (const auto& texel : out) ASSERT_EQ(texel[3], 255) << "block " << i;
    }
  }
}

}  // namespace
}  // namespace texunit
