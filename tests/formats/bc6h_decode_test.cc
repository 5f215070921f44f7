// BC6H decoder tests. Every block is assembled field by field in the order and widths of its mode's
// layout (ARB_texture_compression_bptc table F; D3D11 "BC6H Format"), and every expected texel is a
// literal worked out by hand from the specification's formulas, shown in the comments:
//   unsigned unquantize: 0 -> 0, max -> 0xFFFF, else ((x << 15) + 0x4000) >> (bits - 1), which is
//     x * 2^(16 - bits) + 2^(15 - bits); 16-bit endpoints are used as they are;
//   signed unquantize: |x| >= 2^(bits - 1) - 1 -> 0x7FFF, else the same formula on |x|, sign back;
//   interpolate: (a * (64 - w) + b * w + 32) >> 6, an arithmetic (flooring) shift;
//   finish: unsigned (x * 31) >> 6; signed magnitude (|x| * 31) >> 5 with the sign bit 0x8000.
// Closed forms used below for the unsigned finish of an endpoint x (0 < x < max):
//   6 bits: 496x + 248, 7 bits: 248x + 124, 8 bits: 124x + 62, 9 bits: 62x + 31,
//   10 bits: 31x + 15, 11 bits: (992x + 496) >> 6, 12 bits: (496x + 248) >> 6.
// An endpoint at 0 gives 0 and one at its maximum gives 0xFFFF * 31 >> 6 = 31743 (0x7BFF).
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
using Rgb = std::array<uint16_t, 3>;
using Texels = std::array<Rgb, 16>;

// Appends fields to a 128-bit little-endian bit stream (bit 0 is the LSB of byte 0).
class BlockWriter {
 public:
  // Appends v[msb:lsb] in the specification's notation: the next block bit gets v[lsb] and the
  // following ones walk towards v[msb], downwards when msb < lsb (a bit-reversed field).
  BlockWriter& Put(int v, int msb, int lsb) {
    const int step = msb >= lsb ? 1 : -1;
    for (int bit = lsb;; bit += step) {
      PutBit((static_cast<uint32_t>(v) >> bit) & 1);
      if (bit == msb) break;
    }
    return *this;
  }
  BlockWriter& Put(int v, int bit) { return Put(v, bit, bit); }

  // The 16 indices in texel order, each of `bits` bits except the anchor texels, which drop their
  // (zero) top bit.
  BlockWriter& Indices(const std::array<int, 16>& indices, int bits,
                       std::initializer_list<int> anchors) {
    for (int t = 0; t < 16; ++t) {
      bool is_anchor = false;
      for (int a : anchors) is_anchor = is_anchor || a == t;
      const int width = is_anchor ? bits - 1 : bits;
      EXPECT_LT(indices[t], 1 << width) << "texel " << t;
      Put(indices[t], width - 1, 0);
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

Texels Decode(const Block& block, bool is_signed) {
  uint16_t out[16][3];
  DecodeBc6hBlock(block.data(), is_signed, out);
  Texels texels;
  for (int t = 0; t < 16; ++t) texels[t] = {out[t][0], out[t][1], out[t][2]};
  return texels;
}

constexpr bool kUnsigned = false;
constexpr bool kSigned = true;

// Mode 1 (m = 00): 10-bit base, 5-bit deltas, two subsets.
TEST(Bc6hDecodeTest, Mode1Unsigned) {
  const int r0 = 100, g0 = 200, b0 = 300;
  const int r1 = 5, g1 = -3, b1 = 10;   // e1 = (105, 197, 310)
  const int r2 = -16, g2 = -3, b2 = 8;  // e2 = (84, 197, 308)
  const int r3 = 7, g3 = -10, b3 = -5;  // e3 = (107, 190, 295)
  // Partition 13: texels 0-7 subset 0, 8-15 subset 1 (anchor 15).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[5] = 4;   // w = 37
  idx[9] = 7;   // e3
  idx[15] = 3;  // anchor, 2 bits: w = 27
  BlockWriter w;
  w.Put(0b00, 1, 0)               // m[1:0]
      .Put(g2, 4)                 // g2[4]
      .Put(b2, 4)                 // b2[4]
      .Put(b3, 4)                 // b3[4]
      .Put(r0, 9, 0)              // r0[9:0]
      .Put(g0, 9, 0)              // g0[9:0]
      .Put(b0, 9, 0)              // b0[9:0]
      .Put(r1, 4, 0)              // r1[4:0]
      .Put(g3, 4)                 // g3[4]
      .Put(g2, 3, 0)              // g2[3:0]
      .Put(g1, 4, 0)              // g1[4:0]
      .Put(b3, 0)                 // b3[0]
      .Put(g3, 3, 0)              // g3[3:0]
      .Put(b1, 4, 0)              // b1[4:0]
      .Put(b3, 1)                 // b3[1]
      .Put(b2, 3, 0)              // b2[3:0]
      .Put(r2, 4, 0)              // r2[4:0]
      .Put(b3, 2)                 // b3[2]
      .Put(r3, 4, 0)              // r3[4:0]
      .Put(b3, 3)                 // b3[3]
      .Put(13, 4, 0)              // d[4:0]: partition 13
      .Indices(idx, 3, {0, 15});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // e0: 31 * 100 + 15 = 3115, 31 * 200 + 15 = 6215, 31 * 300 + 15 = 9315.
  EXPECT_EQ(px[0], (Rgb{3115, 6215, 9315}));
  EXPECT_EQ(px[7], (Rgb{3115, 6215, 9315}));
  // e1 = (105, 197, 310): 3270, 6122, 9625.
  EXPECT_EQ(px[1], (Rgb{3270, 6122, 9625}));
  // unq e0 = (6432, 12832, 19232), e1 = (6752, 12640, 19872); w = 37:
  // R (6432*27 + 6752*37 + 32) >> 6 = 6617 -> 6617*31 >> 6 = 3205;
  // G (12832*27 + 12640*37 + 32) >> 6 = 12721 -> 6161; B 19602 -> 9494.
  EXPECT_EQ(px[5], (Rgb{3205, 6161, 9494}));
  // e2 = (84, 197, 308): 2619, 6122, 9563; e3 = (107, 190, 295): 3332, 5905, 9160.
  EXPECT_EQ(px[8], (Rgb{2619, 6122, 9563}));
  EXPECT_EQ(px[12], (Rgb{2619, 6122, 9563}));
  EXPECT_EQ(px[9], (Rgb{3332, 5905, 9160}));
  // unq e2 = (5408, 12640, 19744), e3 = (6880, 12192, 18912); w = 27:
  // R (5408*37 + 6880*27 + 32) >> 6 = 6029 -> 2920; G 12451 -> 6030; B 19393 -> 9393.
  EXPECT_EQ(px[15], (Rgb{2920, 6030, 9393}));
}

// Mode 2 (m = 01): 7-bit base, 6-bit deltas.
TEST(Bc6hDecodeTest, Mode2Unsigned) {
  const int r0 = 20, g0 = 60, b0 = 100;
  const int r1 = 7, g1 = -20, b1 = 27;    // e1 = (27, 40, 127): blue at its maximum
  const int r2 = -20, g2 = 25, b2 = -18;  // e2 = (0, 85, 82): red at 0
  const int r3 = 31, g3 = 16, b3 = -30;   // e3 = (51, 76, 70)
  // Partition 17: subset 1 = texels 1, 2, 3, 7 (anchor 2).
  std::array<int, 16> idx{};
  idx[4] = 7;   // e1
  idx[10] = 2;  // w = 18
  idx[3] = 7;   // e3
  idx[2] = 3;   // anchor: w = 27
  BlockWriter w;
  w.Put(0b01, 1, 0)              // m[1:0]
      .Put(g2, 5)                // g2[5]
      .Put(g3, 4)                // g3[4]
      .Put(g3, 5)                // g3[5]
      .Put(r0, 6, 0)             // r0[6:0]
      .Put(b3, 0)                // b3[0]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 4)                // b2[4]
      .Put(g0, 6, 0)             // g0[6:0]
      .Put(b2, 5)                // b2[5]
      .Put(b3, 2)                // b3[2]
      .Put(g2, 4)                // g2[4]
      .Put(b0, 6, 0)             // b0[6:0]
      .Put(b3, 3)                // b3[3]
      .Put(b3, 5)                // b3[5]
      .Put(b3, 4)                // b3[4]
      .Put(r1, 5, 0)             // r1[5:0]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 5, 0)             // g1[5:0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 5, 0)             // b1[5:0]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 5, 0)             // r2[5:0]
      .Put(r3, 5, 0)             // r3[5:0]
      .Put(17, 4, 0)             // d[4:0]: partition 17
      .Indices(idx, 3, {0, 2});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 248x + 124: e0 -> 5084, 15004, 24924.
  EXPECT_EQ(px[0], (Rgb{5084, 15004, 24924}));
  // e1: 27 -> 6820, 40 -> 10044, 127 (max) -> 0xFFFF -> 31743.
  EXPECT_EQ(px[4], (Rgb{6820, 10044, 31743}));
  // unq e0 = (10496, 30976, 51456), e1 = (14080, 20736, 65535); w = 18:
  // R (10496*46 + 14080*18 + 32) >> 6 = 11504 -> 11504*31 >> 6 = 5572; G 28096 -> 13609;
  // B 55416 -> 26842.
  EXPECT_EQ(px[10], (Rgb{5572, 13609, 26842}));
  // e2: 0 -> 0, 85 -> 21204, 82 -> 20460; e3: 51 -> 12772, 76 -> 18972, 70 -> 17484.
  EXPECT_EQ(px[1], (Rgb{0, 21204, 20460}));
  EXPECT_EQ(px[7], (Rgb{0, 21204, 20460}));
  EXPECT_EQ(px[3], (Rgb{12772, 18972, 17484}));
  // unq e2 = (0, 43776, 42240), e3 = (26368, 39168, 36096); w = 27:
  // R (0*37 + 26368*27 + 32) >> 6 = 11124 -> 5388; G 41832 -> 20262; B 39648 -> 19204.
  EXPECT_EQ(px[2], (Rgb{5388, 20262, 19204}));
}

// Mode 3 (m = 00010): 11-bit base, deltas 5/4/4.
TEST(Bc6hDecodeTest, Mode3Unsigned) {
  const int r0 = 2040, g0 = 1030, b0 = 500;
  const int r1 = 15, g1 = -8, b1 = 7;   // e1 = ((2040 + 15) & 2047 = 7, 1022, 507): red wraps
  const int r2 = -16, g2 = 3, b2 = -2;  // e2 = (2024, 1033, 498)
  const int r3 = 1, g3 = -5, b3 = -6;   // e3 = (2041, 1025, 494)
  // Partition 18: subset 1 = texels 8, 12, 13, 14 (anchor 8).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[5] = 3;   // w = 27
  idx[8] = 3;   // anchor: w = 27
  idx[13] = 7;  // e3
  idx[14] = 1;  // w = 9
  BlockWriter w;
  w.Put(0b00010, 4, 0)           // m[4:0]
      .Put(r0, 9, 0)             // r0[9:0]
      .Put(g0, 9, 0)             // g0[9:0]
      .Put(b0, 9, 0)             // b0[9:0]
      .Put(r1, 4, 0)             // r1[4:0]
      .Put(r0, 10)               // r0[10]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 3, 0)             // g1[3:0]
      .Put(g0, 10)               // g0[10]
      .Put(b3, 0)                // b3[0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 3, 0)             // b1[3:0]
      .Put(b0, 10)               // b0[10]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 4, 0)             // r2[4:0]
      .Put(b3, 2)                // b3[2]
      .Put(r3, 4, 0)             // r3[4:0]
      .Put(b3, 3)                // b3[3]
      .Put(18, 4, 0)             // d[4:0]: partition 18
      .Indices(idx, 3, {0, 8});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // (992x + 496) >> 6: 2040 -> 31627, 1030 -> 15972, 500 -> 7757.
  EXPECT_EQ(px[0], (Rgb{31627, 15972, 7757}));
  // 7 -> 116, 1022 -> 15848, 507 -> 7866.
  EXPECT_EQ(px[1], (Rgb{116, 15848, 7866}));
  // unq e0 = (65296, 32976, 16016), e1 = (240, 32720, 16240); w = 27:
  // R (65296*37 + 240*27 + 32) >> 6 = 37851 -> 18334; G 32868 -> 15920; B 16111 -> 7803.
  EXPECT_EQ(px[5], (Rgb{18334, 15920, 7803}));
  // e2: 2024 -> 31379, 1033 -> 16019, 498 -> 7726; e3: 2041 -> 31643, 1025 -> 15895, 494 -> 7664.
  EXPECT_EQ(px[12], (Rgb{31379, 16019, 7726}));
  EXPECT_EQ(px[13], (Rgb{31643, 15895, 7664}));
  // unq e2 = (64784, 33072, 15952), e3 = (65328, 32816, 15824).
  // w = 27: R (64784*37 + 65328*27 + 32) >> 6 = 65014 -> 31491; G 32964 -> 15966; B 15898 -> 7700.
  EXPECT_EQ(px[8], (Rgb{31491, 15966, 7700}));
  // w = 9: R (64784*55 + 65328*9 + 32) >> 6 = 64861 -> 31417; G 33036 -> 16001; B 15934 -> 7718.
  EXPECT_EQ(px[14], (Rgb{31417, 16001, 7718}));
}

// Mode 4 (m = 00110): 11-bit base, deltas 4/5/4.
TEST(Bc6hDecodeTest, Mode4Unsigned) {
  const int r0 = 100, g0 = 2000, b0 = 1500;
  const int r1 = -8, g1 = 15, b1 = 5;   // e1 = (92, 2015, 1505)
  const int r2 = 7, g2 = -16, b2 = -3;  // e2 = (107, 1984, 1497)
  const int r3 = -2, g3 = -9, b3 = 1;   // e3 = (98, 1991, 1501)
  // Partition 26: columns 1 and 2 are subset 1 (anchor 2).
  std::array<int, 16> idx{};
  idx[3] = 7;  // e1
  idx[4] = 6;  // w = 55
  idx[2] = 3;  // anchor: w = 27
  idx[5] = 7;  // e3
  BlockWriter w;
  w.Put(0b00110, 4, 0)           // m[4:0]
      .Put(r0, 9, 0)             // r0[9:0]
      .Put(g0, 9, 0)             // g0[9:0]
      .Put(b0, 9, 0)             // b0[9:0]
      .Put(r1, 3, 0)             // r1[3:0]
      .Put(r0, 10)               // r0[10]
      .Put(g3, 4)                // g3[4]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 4, 0)             // g1[4:0]
      .Put(g0, 10)               // g0[10]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 3, 0)             // b1[3:0]
      .Put(b0, 10)               // b0[10]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 3, 0)             // r2[3:0]
      .Put(b3, 0)                // b3[0]
      .Put(b3, 2)                // b3[2]
      .Put(r3, 3, 0)             // r3[3:0]
      .Put(g2, 4)                // g2[4]
      .Put(b3, 3)                // b3[3]
      .Put(26, 4, 0)             // d[4:0]: partition 26
      .Indices(idx, 3, {0, 2});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // (992x + 496) >> 6: e0 100 -> 1557, 2000 -> 31007, 1500 -> 23257.
  EXPECT_EQ(px[0], (Rgb{1557, 31007, 23257}));
  // e1: 92 -> 1433, 2015 -> 31240, 1505 -> 23335.
  EXPECT_EQ(px[3], (Rgb{1433, 31240, 23335}));
  // unq e0 = (3216, 64016, 48016), e1 = (2960, 64496, 48176); w = 55:
  // R (3216*9 + 2960*55 + 32) >> 6 = 2996 -> 1451; G 64429 -> 31207; B 48154 -> 23324.
  EXPECT_EQ(px[4], (Rgb{1451, 31207, 23324}));
  // e2: 107 -> 1666, 1984 -> 30759, 1497 -> 23211; e3: 98 -> 1526, 1991 -> 30868, 1501 -> 23273.
  EXPECT_EQ(px[1], (Rgb{1666, 30759, 23211}));
  EXPECT_EQ(px[5], (Rgb{1526, 30868, 23273}));
  // unq e2 = (3440, 63504, 47920), e3 = (3152, 63728, 48048); w = 27:
  // R (3440*37 + 3152*27 + 32) >> 6 = 3319 -> 1607; G 63599 -> 30805; B 47974 -> 23237.
  EXPECT_EQ(px[2], (Rgb{1607, 30805, 23237}));
}

// Mode 5 (m = 01010): 11-bit base, deltas 4/4/5.
TEST(Bc6hDecodeTest, Mode5Unsigned) {
  const int r0 = 1111, g0 = 333, b0 = 1800;
  const int r1 = 3, g1 = -4, b1 = -16;  // e1 = (1114, 329, 1784)
  const int r2 = -8, g2 = 7, b2 = 14;   // e2 = (1103, 340, 1814)
  const int r3 = 5, g3 = -3, b3 = -11;  // e3 = (1116, 330, 1789)
  // Partition 28: subset 1 = texels 3, 5, 6, 7, 8, 9, 10, 12 (anchor 8).
  std::array<int, 16> idx{};
  idx[15] = 7;  // e1
  idx[13] = 2;  // w = 18
  idx[8] = 2;   // anchor: w = 18
  idx[12] = 7;  // e3
  BlockWriter w;
  w.Put(0b01010, 4, 0)           // m[4:0]
      .Put(r0, 9, 0)             // r0[9:0]
      .Put(g0, 9, 0)             // g0[9:0]
      .Put(b0, 9, 0)             // b0[9:0]
      .Put(r1, 3, 0)             // r1[3:0]
      .Put(r0, 10)               // r0[10]
      .Put(b2, 4)                // b2[4]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 3, 0)             // g1[3:0]
      .Put(g0, 10)               // g0[10]
      .Put(b3, 0)                // b3[0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 4, 0)             // b1[4:0]
      .Put(b0, 10)               // b0[10]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 3, 0)             // r2[3:0]
      .Put(b3, 1)                // b3[1]
      .Put(b3, 2)                // b3[2]
      .Put(r3, 3, 0)             // r3[3:0]
      .Put(b3, 4)                // b3[4]
      .Put(b3, 3)                // b3[3]
      .Put(28, 4, 0)             // d[4:0]: partition 28
      .Indices(idx, 3, {0, 8});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // (992x + 496) >> 6: e0 1111 -> 17228, 333 -> 5169, 1800 -> 27907.
  EXPECT_EQ(px[0], (Rgb{17228, 5169, 27907}));
  // e1: 1114 -> 17274, 329 -> 5107, 1784 -> 27659.
  EXPECT_EQ(px[15], (Rgb{17274, 5107, 27659}));
  // unq e0 = (35568, 10672, 57616), e1 = (35664, 10544, 57104); w = 18:
  // R (35568*46 + 35664*18 + 32) >> 6 = 35595 -> 17241; G 10636 -> 5151; B 57472 -> 27838.
  EXPECT_EQ(px[13], (Rgb{17241, 5151, 27838}));
  // e2: 1103 -> 17104, 340 -> 5277, 1814 -> 28124; e3: 1116 -> 17305, 330 -> 5122, 1789 -> 27737.
  EXPECT_EQ(px[3], (Rgb{17104, 5277, 28124}));
  EXPECT_EQ(px[12], (Rgb{17305, 5122, 27737}));
  // unq e2 = (35312, 10896, 58064), e3 = (35728, 10576, 57264); w = 18:
  // R (35312*46 + 35728*18 + 32) >> 6 = 35429 -> 17160; G 10806 -> 5234; B 57839 -> 28015.
  EXPECT_EQ(px[8], (Rgb{17160, 5234, 28015}));
}

// Mode 6 (m = 01110): 9-bit base, 5-bit deltas.
TEST(Bc6hDecodeTest, Mode6Unsigned) {
  const int r0 = 10, g0 = 250, b0 = 500;
  const int r1 = -10, g1 = 5, b1 = 11;   // e1 = (0, 255, 511): red 0, blue at its maximum
  const int r2 = 15, g2 = -7, b2 = -12;  // e2 = (25, 243, 488)
  const int r3 = -2, g3 = -16, b3 = 9;   // e3 = (8, 234, 509)
  // Partition 1: column 3 is subset 1 (anchor 15).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[2] = 1;   // w = 9
  idx[7] = 7;   // e3
  idx[11] = 5;  // w = 46
  idx[15] = 2;  // anchor: w = 18
  BlockWriter w;
  w.Put(0b01110, 4, 0)            // m[4:0]
      .Put(r0, 8, 0)              // r0[8:0]
      .Put(b2, 4)                 // b2[4]
      .Put(g0, 8, 0)              // g0[8:0]
      .Put(g2, 4)                 // g2[4]
      .Put(b0, 8, 0)              // b0[8:0]
      .Put(b3, 4)                 // b3[4]
      .Put(r1, 4, 0)              // r1[4:0]
      .Put(g3, 4)                 // g3[4]
      .Put(g2, 3, 0)              // g2[3:0]
      .Put(g1, 4, 0)              // g1[4:0]
      .Put(b3, 0)                 // b3[0]
      .Put(g3, 3, 0)              // g3[3:0]
      .Put(b1, 4, 0)              // b1[4:0]
      .Put(b3, 1)                 // b3[1]
      .Put(b2, 3, 0)              // b2[3:0]
      .Put(r2, 4, 0)              // r2[4:0]
      .Put(b3, 2)                 // b3[2]
      .Put(r3, 4, 0)              // r3[4:0]
      .Put(b3, 3)                 // b3[3]
      .Put(1, 4, 0)               // d[4:0]: partition 1
      .Indices(idx, 3, {0, 15});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 62x + 31: e0 -> 651, 15531, 31031.
  EXPECT_EQ(px[0], (Rgb{651, 15531, 31031}));
  // e1: 0 -> 0, 255 -> 15841, 511 (max) -> 31743.
  EXPECT_EQ(px[1], (Rgb{0, 15841, 31743}));
  // unq e0 = (1344, 32064, 64064), e1 = (0, 32704, 65535); w = 9:
  // R (1344*55 + 0*9 + 32) >> 6 = 1155 -> 559; G 32154 -> 15574; B 64271 -> 31131.
  EXPECT_EQ(px[2], (Rgb{559, 15574, 31131}));
  // e2: 25 -> 1581, 243 -> 15097, 488 -> 30287; e3: 8 -> 527, 234 -> 14539, 509 -> 31589.
  EXPECT_EQ(px[3], (Rgb{1581, 15097, 30287}));
  EXPECT_EQ(px[7], (Rgb{527, 14539, 31589}));
  // unq e2 = (3264, 31168, 62528), e3 = (1088, 30016, 65216).
  // w = 18: R (3264*46 + 1088*18 + 32) >> 6 = 2652 -> 1284; G 30844 -> 14940; B 63284 -> 30653.
  EXPECT_EQ(px[15], (Rgb{1284, 14940, 30653}));
  // w = 46: R (3264*18 + 1088*46 + 32) >> 6 = 1700 -> 823; G 30340 -> 14695; B 64460 -> 31222.
  EXPECT_EQ(px[11], (Rgb{823, 14695, 31222}));
}

// Mode 7 (m = 10010): 8-bit base, deltas 6/5/5.
TEST(Bc6hDecodeTest, Mode7Unsigned) {
  const int r0 = 200, g0 = 10, b0 = 128;
  const int r1 = 31, g1 = -16, b1 = 15;   // e1 = (231, (10 - 16) & 255 = 250, 143): green wraps
  const int r2 = -32, g2 = -3, b2 = -16;  // e2 = (168, 7, 112)
  const int r3 = 25, g3 = -8, b3 = -7;    // e3 = (225, 2, 121)
  // Partition 31: subset 1 = texels 2, 3, 4, 7, 8, 11, 12, 13 (anchor 2).
  std::array<int, 16> idx{};
  idx[5] = 7;   // e1
  idx[10] = 3;  // w = 27
  idx[2] = 1;   // anchor: w = 9
  idx[4] = 7;   // e3
  BlockWriter w;
  w.Put(0b10010, 4, 0)           // m[4:0]
      .Put(r0, 7, 0)             // r0[7:0]
      .Put(g3, 4)                // g3[4]
      .Put(b2, 4)                // b2[4]
      .Put(g0, 7, 0)             // g0[7:0]
      .Put(b3, 2)                // b3[2]
      .Put(g2, 4)                // g2[4]
      .Put(b0, 7, 0)             // b0[7:0]
      .Put(b3, 3)                // b3[3]
      .Put(b3, 4)                // b3[4]
      .Put(r1, 5, 0)             // r1[5:0]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 4, 0)             // g1[4:0]
      .Put(b3, 0)                // b3[0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 4, 0)             // b1[4:0]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 5, 0)             // r2[5:0]
      .Put(r3, 5, 0)             // r3[5:0]
      .Put(31, 4, 0)             // d[4:0]: partition 31
      .Indices(idx, 3, {0, 2});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 124x + 62: e0 -> 24862, 1302, 15934; e1 -> 28706, 31062, 17794.
  EXPECT_EQ(px[0], (Rgb{24862, 1302, 15934}));
  EXPECT_EQ(px[5], (Rgb{28706, 31062, 17794}));
  // unq e0 = (51328, 2688, 32896), e1 = (59264, 64128, 36736); w = 27:
  // R (51328*37 + 59264*27 + 32) >> 6 = 54676 -> 26483; G 28608 -> 13857; B 34516 -> 16718.
  EXPECT_EQ(px[10], (Rgb{26483, 13857, 16718}));
  // e2 -> 20894, 930, 13950; e3 -> 27962, 310, 15066.
  EXPECT_EQ(px[3], (Rgb{20894, 930, 13950}));
  EXPECT_EQ(px[4], (Rgb{27962, 310, 15066}));
  // unq e2 = (43136, 1920, 28800), e3 = (57728, 640, 31104); w = 9:
  // R (43136*55 + 57728*9 + 32) >> 6 = 45188 -> 21887; G 1740 -> 842; B 29124 -> 14106.
  EXPECT_EQ(px[2], (Rgb{21887, 842, 14106}));
}

// Mode 8 (m = 10110): 8-bit base, deltas 5/6/5.
TEST(Bc6hDecodeTest, Mode8Unsigned) {
  const int r0 = 50, g0 = 150, b0 = 250;
  const int r1 = -16, g1 = 31, b1 = 5;   // e1 = (34, 181, 255): blue at its maximum
  const int r2 = 12, g2 = -21, b2 = -9;  // e2 = (62, 129, 241)
  const int r3 = -2, g3 = 16, b3 = -14;  // e3 = (48, 166, 236)
  // Partition 24: subset 1 = texels 2, 3, 7, 11 (anchor 2).
  std::array<int, 16> idx{};
  idx[15] = 7;  // e1
  idx[14] = 4;  // w = 37
  idx[2] = 3;   // anchor: w = 27
  idx[11] = 7;  // e3
  BlockWriter w;
  w.Put(0b10110, 4, 0)           // m[4:0]
      .Put(r0, 7, 0)             // r0[7:0]
      .Put(b3, 0)                // b3[0]
      .Put(b2, 4)                // b2[4]
      .Put(g0, 7, 0)             // g0[7:0]
      .Put(g2, 5)                // g2[5]
      .Put(g2, 4)                // g2[4]
      .Put(b0, 7, 0)             // b0[7:0]
      .Put(g3, 5)                // g3[5]
      .Put(b3, 4)                // b3[4]
      .Put(r1, 4, 0)             // r1[4:0]
      .Put(g3, 4)                // g3[4]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 5, 0)             // g1[5:0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 4, 0)             // b1[4:0]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 4, 0)             // r2[4:0]
      .Put(b3, 2)                // b3[2]
      .Put(r3, 4, 0)             // r3[4:0]
      .Put(b3, 3)                // b3[3]
      .Put(24, 4, 0)             // d[4:0]: partition 24
      .Indices(idx, 3, {0, 2});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 124x + 62: e0 -> 6262, 18662, 31062; e1 -> 4278, 22506, 31743 (255 is the maximum).
  EXPECT_EQ(px[0], (Rgb{6262, 18662, 31062}));
  EXPECT_EQ(px[15], (Rgb{4278, 22506, 31743}));
  // unq e0 = (12928, 38528, 64128), e1 = (8832, 46464, 65535); w = 37:
  // R (12928*27 + 8832*37 + 32) >> 6 = 10560 -> 5115; G 43116 -> 20884; B 64941 -> 31455.
  EXPECT_EQ(px[14], (Rgb{5115, 20884, 31455}));
  // e2 -> 7750, 16058, 29946; e3 -> 6014, 20646, 29326.
  EXPECT_EQ(px[3], (Rgb{7750, 16058, 29946}));
  EXPECT_EQ(px[11], (Rgb{6014, 20646, 29326}));
  // unq e2 = (16000, 33152, 61824), e3 = (12416, 42624, 60544); w = 27:
  // R (16000*37 + 12416*27 + 32) >> 6 = 14488 -> 7017; G 37148 -> 17993; B 61284 -> 29684.
  EXPECT_EQ(px[2], (Rgb{7017, 17993, 29684}));
}

// Mode 9 (m = 11010): 8-bit base, deltas 5/5/6.
TEST(Bc6hDecodeTest, Mode9Unsigned) {
  const int r0 = 77, g0 = 199, b0 = 33;
  const int r1 = 8, g1 = -9, b1 = -32;   // e1 = (85, 190, 1)
  const int r2 = -5, g2 = -2, b2 = 22;   // e2 = (72, 197, 55)
  const int r3 = 3, g3 = -12, b3 = -27;  // e3 = (80, 187, 6)
  // Partition 9: subset 0 = texels 0, 1, 4; the rest subset 1 (anchor 15).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[4] = 5;   // w = 46
  idx[3] = 7;   // e3
  idx[10] = 2;  // w = 18
  idx[15] = 3;  // anchor: w = 27
  BlockWriter w;
  w.Put(0b11010, 4, 0)            // m[4:0]
      .Put(r0, 7, 0)              // r0[7:0]
      .Put(b3, 1)                 // b3[1]
      .Put(b2, 4)                 // b2[4]
      .Put(g0, 7, 0)              // g0[7:0]
      .Put(b2, 5)                 // b2[5]
      .Put(g2, 4)                 // g2[4]
      .Put(b0, 7, 0)              // b0[7:0]
      .Put(b3, 5)                 // b3[5]
      .Put(b3, 4)                 // b3[4]
      .Put(r1, 4, 0)              // r1[4:0]
      .Put(g3, 4)                 // g3[4]
      .Put(g2, 3, 0)              // g2[3:0]
      .Put(g1, 4, 0)              // g1[4:0]
      .Put(b3, 0)                 // b3[0]
      .Put(g3, 3, 0)              // g3[3:0]
      .Put(b1, 5, 0)              // b1[5:0]
      .Put(b2, 3, 0)              // b2[3:0]
      .Put(r2, 4, 0)              // r2[4:0]
      .Put(b3, 2)                 // b3[2]
      .Put(r3, 4, 0)              // r3[4:0]
      .Put(b3, 3)                 // b3[3]
      .Put(9, 4, 0)               // d[4:0]: partition 9
      .Indices(idx, 3, {0, 15});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 124x + 62: e0 -> 9610, 24738, 4154; e1 -> 10602, 23622, 186.
  EXPECT_EQ(px[0], (Rgb{9610, 24738, 4154}));
  EXPECT_EQ(px[1], (Rgb{10602, 23622, 186}));
  // unq e0 = (19840, 51072, 8576), e1 = (21888, 48768, 384); w = 46:
  // R (19840*18 + 21888*46 + 32) >> 6 = 21312 -> 10323; G 49416 -> 23935; B 2688 -> 1302.
  EXPECT_EQ(px[4], (Rgb{10323, 23935, 1302}));
  // e2 -> 8990, 24490, 6882; e3 -> 9982, 23250, 806.
  EXPECT_EQ(px[2], (Rgb{8990, 24490, 6882}));
  EXPECT_EQ(px[3], (Rgb{9982, 23250, 806}));
  // unq e2 = (18560, 50560, 14208), e3 = (20608, 48000, 1664).
  // w = 27: R (18560*37 + 20608*27 + 32) >> 6 = 19424 -> 9408; G 49480 -> 23966; B 8916 -> 4318.
  EXPECT_EQ(px[15], (Rgb{9408, 23966, 4318}));
  // w = 18: R (18560*46 + 20608*18 + 32) >> 6 = 19136 -> 9269; G 49840 -> 24141; B 10680 -> 5173.
  EXPECT_EQ(px[10], (Rgb{9269, 24141, 5173}));
}

// Mode 10 (m = 11110): four explicit 6-bit endpoints, no transform.
TEST(Bc6hDecodeTest, Mode10Unsigned) {
  const int r0 = 1, g0 = 2, b0 = 3;
  const int r1 = 63, g1 = 40, b1 = 0;  // red at its maximum, blue 0
  const int r2 = 10, g2 = 53, b2 = 38;
  const int r3 = 20, g3 = 51, b3 = 35;
  // Partition 29: rows 1 and 2 are subset 1 (anchor 8).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[12] = 4;  // w = 37
  idx[8] = 3;   // anchor: w = 27
  idx[11] = 7;  // e3
  BlockWriter w;
  w.Put(0b11110, 4, 0)           // m[4:0]
      .Put(r0, 5, 0)             // r0[5:0]
      .Put(g3, 4)                // g3[4]
      .Put(b3, 0)                // b3[0]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 4)                // b2[4]
      .Put(g0, 5, 0)             // g0[5:0]
      .Put(g2, 5)                // g2[5]
      .Put(b2, 5)                // b2[5]
      .Put(b3, 2)                // b3[2]
      .Put(g2, 4)                // g2[4]
      .Put(b0, 5, 0)             // b0[5:0]
      .Put(g3, 5)                // g3[5]
      .Put(b3, 3)                // b3[3]
      .Put(b3, 5)                // b3[5]
      .Put(b3, 4)                // b3[4]
      .Put(r1, 5, 0)             // r1[5:0]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 5, 0)             // g1[5:0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 5, 0)             // b1[5:0]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 5, 0)             // r2[5:0]
      .Put(r3, 5, 0)             // r3[5:0]
      .Put(29, 4, 0)             // d[4:0]: partition 29
      .Indices(idx, 3, {0, 8});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 496x + 248: e0 -> 744, 1240, 1736; e1 -> 31743 (max), 20088, 0.
  EXPECT_EQ(px[0], (Rgb{744, 1240, 1736}));
  EXPECT_EQ(px[1], (Rgb{31743, 20088, 0}));
  // unq e0 = (1536, 2560, 3584), e1 = (65535, 41472, 0); w = 37:
  // R (1536*27 + 65535*37 + 32) >> 6 = 38535 -> 18665; G 25056 -> 12136; B 1512 -> 732.
  EXPECT_EQ(px[12], (Rgb{18665, 12136, 732}));
  // e2 -> 5208, 26536, 19096; e3 -> 10168, 25544, 17608.
  EXPECT_EQ(px[4], (Rgb{5208, 26536, 19096}));
  EXPECT_EQ(px[11], (Rgb{10168, 25544, 17608}));
  // unq e2 = (10752, 54784, 39424), e3 = (20992, 52736, 36352); w = 27:
  // R (10752*37 + 20992*27 + 32) >> 6 = 15072 -> 7300; G 53920 -> 26117; B 38128 -> 18468.
  EXPECT_EQ(px[8], (Rgb{7300, 26117, 18468}));
}

// Mode 11 (m = 00011): two explicit 10-bit endpoints, one subset, 4-bit indices.
TEST(Bc6hDecodeTest, Mode11Unsigned) {
  const int r0 = 0, g0 = 512, b0 = 1000;
  const int r1 = 1023, g1 = 100, b1 = 3;
  std::array<int, 16> idx{};
  idx[0] = 7;    // anchor, 3 bits: w = 30
  idx[15] = 15;  // e1
  idx[5] = 1;    // w = 4
  idx[10] = 8;   // w = 34
  BlockWriter w;
  w.Put(0b00011, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 9, 0)          // r1[9:0]
      .Put(g1, 9, 0)          // g1[9:0]
      .Put(b1, 9, 0)          // b1[9:0]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 31x + 15: e0 -> 0, 15887, 31015; e1 -> 31743 (max), 3115, 108.
  EXPECT_EQ(px[1], (Rgb{0, 15887, 31015}));
  EXPECT_EQ(px[15], (Rgb{31743, 3115, 108}));
  // unq e0 = (0, 32800, 64032), e1 = (65535, 6432, 224).
  // w = 30: R (0*34 + 65535*30 + 32) >> 6 = 30720 -> 14880; G 20440 -> 9900; B 34122 -> 16527.
  EXPECT_EQ(px[0], (Rgb{14880, 9900, 16527}));
  // w = 4: R (65535*4 + 32) >> 6 = 4096 -> 1984; G 31152 -> 15089; B 60044 -> 29083.
  EXPECT_EQ(px[5], (Rgb{1984, 15089, 29083}));
  // w = 34: R 34815 -> 16863; G (32800*30 + 6432*34 + 32) >> 6 = 18792 -> 9102; B 30134 -> 14596.
  EXPECT_EQ(px[10], (Rgb{16863, 9102, 14596}));
}

// Mode 12 (m = 00111): 11-bit base, 9-bit delta.
TEST(Bc6hDecodeTest, Mode12Unsigned) {
  const int r0 = 1800, g0 = 700, b0 = 1025;
  const int r1 = 255, g1 = -256, b1 = -2;  // e1 = ((1800 + 255) & 2047 = 7, 444, 1023)
  std::array<int, 16> idx{};
  idx[3] = 15;  // e1
  idx[6] = 12;  // w = 51
  idx[9] = 3;   // w = 13
  BlockWriter w;
  w.Put(0b00111, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 8, 0)          // r1[8:0]
      .Put(r0, 10)            // r0[10]
      .Put(g1, 8, 0)          // g1[8:0]
      .Put(g0, 10)            // g0[10]
      .Put(b1, 8, 0)          // b1[8:0]
      .Put(b0, 10)            // b0[10]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // (992x + 496) >> 6: e0 -> 27907, 10857, 15895; e1 -> 116, 6889, 15864.
  EXPECT_EQ(px[0], (Rgb{27907, 10857, 15895}));
  EXPECT_EQ(px[3], (Rgb{116, 6889, 15864}));
  // unq e0 = (57616, 22416, 32816), e1 = (240, 14224, 32752).
  // w = 51: R (57616*13 + 240*51 + 32) >> 6 = 11895 -> 5761; G 15888 -> 7695; B 32765 -> 15870.
  EXPECT_EQ(px[6], (Rgb{5761, 7695, 15870}));
  // w = 13: R (57616*51 + 240*13 + 32) >> 6 = 45962 -> 22262; G 20752 -> 10051; B 32803 -> 15888.
  EXPECT_EQ(px[9], (Rgb{22262, 10051, 15888}));
}

// Mode 13 (m = 01011): 12-bit base whose bits 10 and 11 are stored reversed, 8-bit delta.
TEST(Bc6hDecodeTest, Mode13UnsignedReversedHighBits) {
  const int r0 = 0x805, g0 = 0x464, b0 = 0xC01;  // 2053 (bit 11 only), 1124 (bit 10 only), 3073
  const int r1 = -6, g1 = 127, b1 = -128;        // e1 = (2047, 1251, 2945)
  std::array<int, 16> idx{};
  idx[0] = 5;   // anchor: w = 21
  idx[2] = 15;  // e1
  idx[14] = 9;  // w = 38
  BlockWriter w;
  w.Put(0b01011, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 7, 0)          // r1[7:0]
      .Put(r0, 10, 11)        // r0[10:11]: r0[11] first
      .Put(g1, 7, 0)          // g1[7:0]
      .Put(g0, 10, 11)        // g0[10:11]
      .Put(b1, 7, 0)          // b1[7:0]
      .Put(b0, 10, 11)        // b0[10:11]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // (496x + 248) >> 6: e0 -> 15914, 8714, 23819; e1 -> 15868, 9699, 22827.
  EXPECT_EQ(px[1], (Rgb{15914, 8714, 23819}));
  EXPECT_EQ(px[2], (Rgb{15868, 9699, 22827}));
  // unq = 16x + 8: e0 = (32856, 17992, 49176), e1 = (32760, 20024, 47128).
  // w = 21: R (32856*43 + 32760*21 + 32) >> 6 = 32825 -> 15899; G 18659 -> 9037; B 48504 -> 23494.
  EXPECT_EQ(px[0], (Rgb{15899, 9037, 23494}));
  // w = 38: R (32856*26 + 32760*38 + 32) >> 6 = 32799 -> 15887; G 19199 -> 9299; B 47960 -> 23230.
  EXPECT_EQ(px[14], (Rgb{15887, 9299, 23230}));
}

// Mode 14 (m = 01111): 16-bit base whose bits 10-15 are stored reversed, 4-bit delta.
TEST(Bc6hDecodeTest, Mode14UnsignedReversedHighBits) {
  const int r0 = 0x8001, g0 = 0x0600, b0 = 0xFFFF;
  const int r1 = 7, g1 = -8, b1 = 1;  // e1 = (0x8008, 0x05F8, 0x10000 & 0xFFFF = 0): blue wraps
  std::array<int, 16> idx{};
  idx[15] = 15;  // e1
  idx[8] = 4;    // w = 17
  BlockWriter w;
  w.Put(0b01111, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 3, 0)          // r1[3:0]
      .Put(r0, 10, 15)        // r0[10:15]: r0[15] first
      .Put(g1, 3, 0)          // g1[3:0]
      .Put(g0, 10, 15)        // g0[10:15]
      .Put(b1, 3, 0)          // b1[3:0]
      .Put(b0, 10, 15)        // b0[10:15]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kUnsigned);
  // 16-bit endpoints are used as they are; x * 31 >> 6: 32769 -> 15872, 1536 -> 744,
  // 65535 -> 31743.
  EXPECT_EQ(px[0], (Rgb{15872, 744, 31743}));
  // 32776 -> 15875, 1528 -> 740, 0 -> 0.
  EXPECT_EQ(px[15], (Rgb{15875, 740, 0}));
  // w = 17: R (32769*47 + 32776*17 + 32) >> 6 = 32771 -> 15873; G 1534 -> 743;
  // B (65535*47 + 32) >> 6 = 48127 -> 23311.
  EXPECT_EQ(px[8], (Rgb{15873, 743, 23311}));
}

// Signed, untransformed (mode 11): endpoints are sign-extended 10-bit values.
TEST(Bc6hDecodeTest, Mode11Signed) {
  const int r0 = -1, g0 = -512, b0 = 5;
  const int r1 = 511, g1 = 0, b1 = -100;
  std::array<int, 16> idx{};
  idx[15] = 15;  // e1
  idx[5] = 1;    // w = 4
  BlockWriter w;
  w.Put(0b00011, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 9, 0)          // r1[9:0]
      .Put(g1, 9, 0)          // g1[9:0]
      .Put(b1, 9, 0)          // b1[9:0]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kSigned);
  // unq (|x| < 511): 64|x| + 32. -1 -> -96; -512 -> -0x7FFF; 5 -> 352.
  // finish: 96*31 >> 5 = 93 -> 0x805D; 32767*31 >> 5 = 31743 -> 0xFBFF; 352*31 >> 5 = 341.
  EXPECT_EQ(px[0], (Rgb{0x805D, 0xFBFF, 0x0155}));
  // 511 -> 0x7FFF -> 0x7BFF; 0 -> 0; -100 -> -6432 -> 6432*31 >> 5 = 6231 -> 0x9857.
  EXPECT_EQ(px[15], (Rgb{0x7BFF, 0x0000, 0x9857}));
  // w = 4: R (-96*60 + 32767*4 + 32) >> 6 = 1958 -> 1958*31 >> 5 = 1896 = 0x0768;
  // G (-32767*60 + 32) >> 6 = -30719 (floor) -> 30719*31 >> 5 = 29759 -> 0xF43F;
  // B (352*60 - 6432*4 + 32) >> 6 = -4576 >> 6 = -72 (floor, not -71) -> 72*31 >> 5 = 69 -> 0x8045.
  EXPECT_EQ(px[5], (Rgb{0x0768, 0xF43F, 0x8045}));
}

// Signed, transformed (mode 1): the base is sign-extended, sums wrap at 10 bits and are
// sign-extended again.
TEST(Bc6hDecodeTest, Mode1Signed) {
  const int r0 = -16, g0 = 5, b0 = -512;
  const int r1 = 5, g1 = -8, b1 = -1;   // e1 = (-11, -3, (-513) & 0x3FF = 511)
  const int r2 = 15, g2 = -16, b2 = 3;  // e2 = (-1, -11, -509)
  const int r3 = -16, g3 = 10, b3 = 0;  // e3 = (-32, 15, -512)
  // Partition 0: columns 2 and 3 are subset 1 (anchor 15).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[4] = 4;   // w = 37
  idx[3] = 7;   // e3
  idx[15] = 3;  // anchor: w = 27
  BlockWriter w;
  w.Put(0b00, 1, 0)               // m[1:0]
      .Put(g2, 4)                 // g2[4]
      .Put(b2, 4)                 // b2[4]
      .Put(b3, 4)                 // b3[4]
      .Put(r0, 9, 0)              // r0[9:0]
      .Put(g0, 9, 0)              // g0[9:0]
      .Put(b0, 9, 0)              // b0[9:0]
      .Put(r1, 4, 0)              // r1[4:0]
      .Put(g3, 4)                 // g3[4]
      .Put(g2, 3, 0)              // g2[3:0]
      .Put(g1, 4, 0)              // g1[4:0]
      .Put(b3, 0)                 // b3[0]
      .Put(g3, 3, 0)              // g3[3:0]
      .Put(b1, 4, 0)              // b1[4:0]
      .Put(b3, 1)                 // b3[1]
      .Put(b2, 3, 0)              // b2[3:0]
      .Put(r2, 4, 0)              // r2[4:0]
      .Put(b3, 2)                 // b3[2]
      .Put(r3, 4, 0)              // r3[4:0]
      .Put(b3, 3)                 // b3[3]
      .Put(0, 4, 0)               // d[4:0]: partition 0
      .Indices(idx, 3, {0, 15});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kSigned);
  // unq: 64|x| + 32 below 511, else 0x7FFF. e0 = (-1056, 352, -32767):
  // 1056*31 >> 5 = 1023 -> 0x83FF; 341 = 0x0155; 0xFBFF.
  EXPECT_EQ(px[0], (Rgb{0x83FF, 0x0155, 0xFBFF}));
  // e1 = (-736, -224, 32767): 713 -> 0x82C9; 217 -> 0x80D9; 0x7BFF.
  EXPECT_EQ(px[1], (Rgb{0x82C9, 0x80D9, 0x7BFF}));
  // w = 37: R (-1056*27 - 736*37 + 32) >> 6 = -871 -> 871*31 >> 5 = 843 -> 0x834B;
  // G (352*27 - 224*37 + 32) >> 6 = 19 -> 18 = 0x0012; B (32767*10 + 32) >> 6 = 5120 -> 4960.
  EXPECT_EQ(px[4], (Rgb{0x834B, 0x0012, 0x1360}));
  // e2 = (-96, -736, -32608): 0x805D; 0x82C9; 32608*31 >> 5 = 31589 -> 0xFB65.
  EXPECT_EQ(px[2], (Rgb{0x805D, 0x82C9, 0xFB65}));
  // e3 = (-2080, 992, -32767): 2015 -> 0x87DF; 961 = 0x03C1; 0xFBFF.
  EXPECT_EQ(px[3], (Rgb{0x87DF, 0x03C1, 0xFBFF}));
  // w = 27: R (-96*37 - 2080*27 + 32) >> 6 = -933 -> 903 -> 0x8387;
  // G (-736*37 + 992*27 + 32) >> 6 = -416 >> 6 = -7 -> 6 -> 0x8006;
  // B (-32608*37 - 32767*27 + 32) >> 6 = -32675 -> 31653 -> 0xFBA5.
  EXPECT_EQ(px[15], (Rgb{0x8387, 0x8006, 0xFBA5}));
}

// Signed, untransformed, two subsets (mode 10): 6-bit endpoints are sign-extended.
TEST(Bc6hDecodeTest, Mode10Signed) {
  const int r0 = -1, g0 = -32, b0 = 31;
  const int r1 = -31, g1 = 30, b1 = -16;
  const int r2 = 5, g2 = -5, b2 = 0;
  const int r3 = -6, g3 = 6, b3 = 1;
  // Partition 13: texels 8-15 are subset 1 (anchor 15).
  std::array<int, 16> idx{};
  idx[1] = 7;   // e1
  idx[3] = 3;   // w = 27
  idx[9] = 7;   // e3
  idx[15] = 2;  // anchor: w = 18
  BlockWriter w;
  w.Put(0b11110, 4, 0)            // m[4:0]
      .Put(r0, 5, 0)              // r0[5:0]
      .Put(g3, 4)                 // g3[4]
      .Put(b3, 0)                 // b3[0]
      .Put(b3, 1)                 // b3[1]
      .Put(b2, 4)                 // b2[4]
      .Put(g0, 5, 0)              // g0[5:0]
      .Put(g2, 5)                 // g2[5]
      .Put(b2, 5)                 // b2[5]
      .Put(b3, 2)                 // b3[2]
      .Put(g2, 4)                 // g2[4]
      .Put(b0, 5, 0)              // b0[5:0]
      .Put(g3, 5)                 // g3[5]
      .Put(b3, 3)                 // b3[3]
      .Put(b3, 5)                 // b3[5]
      .Put(b3, 4)                 // b3[4]
      .Put(r1, 5, 0)              // r1[5:0]
      .Put(g2, 3, 0)              // g2[3:0]
      .Put(g1, 5, 0)              // g1[5:0]
      .Put(g3, 3, 0)              // g3[3:0]
      .Put(b1, 5, 0)              // b1[5:0]
      .Put(b2, 3, 0)              // b2[3:0]
      .Put(r2, 5, 0)              // r2[5:0]
      .Put(r3, 5, 0)              // r3[5:0]
      .Put(13, 4, 0)              // d[4:0]: partition 13
      .Indices(idx, 3, {0, 15});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kSigned);
  // unq: |x| >= 31 -> 0x7FFF, else 1024|x| + 512. e0 = (-1536, -32767, 32767):
  // 1536*31 >> 5 = 1488 -> 0x85D0; 0xFBFF; 0x7BFF.
  EXPECT_EQ(px[0], (Rgb{0x85D0, 0xFBFF, 0x7BFF}));
  // e1 = (-32767, 31232, -16896): 0xFBFF; 30256 = 0x7630; 16368 -> 0xBFF0.
  EXPECT_EQ(px[1], (Rgb{0xFBFF, 0x7630, 0xBFF0}));
  // w = 27: R (-1536*37 - 32767*27 + 32) >> 6 = -14712 -> 14252 -> 0xB7AC;
  // G (-32767*37 + 31232*27 + 32) >> 6 = -5767 -> 5586 -> 0x95D2;
  // B (32767*37 - 16896*27 + 32) >> 6 = 11815 -> 11445 = 0x2CB5.
  EXPECT_EQ(px[3], (Rgb{0xB7AC, 0x95D2, 0x2CB5}));
  // e2 = (5632, -5632, 0): 5456 = 0x1550; 0x9550; 0. e3 = (-6656, 6656, 1536): 6448 -> 0x9930;
  // 0x1930; 1488 = 0x05D0.
  EXPECT_EQ(px[8], (Rgb{0x1550, 0x9550, 0x0000}));
  EXPECT_EQ(px[9], (Rgb{0x9930, 0x1930, 0x05D0}));
  // w = 18: R (5632*46 - 6656*18 + 32) >> 6 = 2176 -> 2108 = 0x083C;
  // G (-5632*46 + 6656*18 + 32) >> 6 = -139232 >> 6 = -2176 (floor of -2175.5) -> 0x883C;
  // B (1536*18 + 32) >> 6 = 432 -> 418 = 0x01A2.
  EXPECT_EQ(px[15], (Rgb{0x083C, 0x883C, 0x01A2}));
}

// Signed, transformed with unequal delta widths (mode 7): sums wrap across the sign at 8 bits.
TEST(Bc6hDecodeTest, Mode7Signed) {
  const int r0 = -128, g0 = 127, b0 = -10;
  const int r1 = -1, g1 = 1, b1 = 15;    // e1 = ((-129) & 255 = 127, 128 -> -128, 5)
  const int r2 = 31, g2 = -16, b2 = -3;  // e2 = (-97, 111, -13)
  const int r3 = 0, g3 = 15, b3 = -16;   // e3 = (-128, 142 -> -114, -26)
  // Partition 31: subset 1 = texels 2, 3, 4, 7, 8, 11, 12, 13 (anchor 2).
  std::array<int, 16> idx{};
  idx[5] = 7;   // e1
  idx[10] = 3;  // w = 27
  idx[2] = 1;   // anchor: w = 9
  idx[4] = 7;   // e3
  BlockWriter w;
  w.Put(0b10010, 4, 0)           // m[4:0]
      .Put(r0, 7, 0)             // r0[7:0]
      .Put(g3, 4)                // g3[4]
      .Put(b2, 4)                // b2[4]
      .Put(g0, 7, 0)             // g0[7:0]
      .Put(b3, 2)                // b3[2]
      .Put(g2, 4)                // g2[4]
      .Put(b0, 7, 0)             // b0[7:0]
      .Put(b3, 3)                // b3[3]
      .Put(b3, 4)                // b3[4]
      .Put(r1, 5, 0)             // r1[5:0]
      .Put(g2, 3, 0)             // g2[3:0]
      .Put(g1, 4, 0)             // g1[4:0]
      .Put(b3, 0)                // b3[0]
      .Put(g3, 3, 0)             // g3[3:0]
      .Put(b1, 4, 0)             // b1[4:0]
      .Put(b3, 1)                // b3[1]
      .Put(b2, 3, 0)             // b2[3:0]
      .Put(r2, 5, 0)             // r2[5:0]
      .Put(r3, 5, 0)             // r3[5:0]
      .Put(31, 4, 0)             // d[4:0]: partition 31
      .Indices(idx, 3, {0, 2});  // 3-bit indices
  const Texels px = Decode(w.Finish(), kSigned);
  // unq: |x| >= 127 -> 0x7FFF, else 256|x| + 128. e0 = (-32767, 32767, -2688):
  // 0xFBFF; 0x7BFF; 2688*31 >> 5 = 2604 -> 0x8A2C.
  EXPECT_EQ(px[0], (Rgb{0xFBFF, 0x7BFF, 0x8A2C}));
  // e1 = (32767, -32767, 1408): 0x7BFF; 0xFBFF; 1364 = 0x0554.
  EXPECT_EQ(px[5], (Rgb{0x7BFF, 0xFBFF, 0x0554}));
  // w = 27: R (-32767*37 + 32767*27 + 32) >> 6 = -5120 -> 4960 -> 0x9360;
  // G 5120 -> 0x1360; B (-2688*37 + 1408*27 + 32) >> 6 = -960 -> 930 -> 0x83A2.
  EXPECT_EQ(px[10], (Rgb{0x9360, 0x1360, 0x83A2}));
  // e2 = (-24960, 28544, -3456): 24180 -> 0xDE74; 27652 = 0x6C04; 3348 -> 0x8D14.
  EXPECT_EQ(px[3], (Rgb{0xDE74, 0x6C04, 0x8D14}));
  // e3 = (-32767, -29312, -6784): 0xFBFF; 28396 -> 0xEEEC; 6572 -> 0x99AC.
  EXPECT_EQ(px[4], (Rgb{0xFBFF, 0xEEEC, 0x99AC}));
  // w = 9: R (-24960*55 - 32767*9 + 32) >> 6 = -26058 -> 25243 -> 0xE29B;
  // G (28544*55 - 29312*9 + 32) >> 6 = 20408 -> 19770 = 0x4D3A;
  // B (-3456*55 - 6784*9 + 32) >> 6 = -3924 -> 3801 -> 0x8ED9.
  EXPECT_EQ(px[2], (Rgb{0xE29B, 0x4D3A, 0x8ED9}));
}

// Signed 16-bit endpoints (mode 14) are used as they are, so -32768 finishes to 32768 * 31 >> 5 =
// 0x7C00 with the sign: -infinity, the one infinity the format can produce (D3D11 "BC6H Format").
// A value whose scaled magnitude is 0 gives +0, not -0.
TEST(Bc6hDecodeTest, Mode14SignedReachesNegativeInfinity) {
  const int r0 = -32768, g0 = 32767, b0 = -1;
  const int r1 = 7, g1 = 1, b1 = -8;  // e1 = (-32761, 0x8000 -> -32768, -9)
  std::array<int, 16> idx{};
  idx[15] = 15;  // e1
  idx[4] = 8;    // w = 34
  BlockWriter w;
  w.Put(0b01111, 4, 0)        // m[4:0]
      .Put(r0, 9, 0)          // r0[9:0]
      .Put(g0, 9, 0)          // g0[9:0]
      .Put(b0, 9, 0)          // b0[9:0]
      .Put(r1, 3, 0)          // r1[3:0]
      .Put(r0, 10, 15)        // r0[10:15]
      .Put(g1, 3, 0)          // g1[3:0]
      .Put(g0, 10, 15)        // g0[10:15]
      .Put(b1, 3, 0)          // b1[3:0]
      .Put(b0, 10, 15)        // b0[10:15]
      .Indices(idx, 4, {0});  // 4-bit indices
  const Texels px = Decode(w.Finish(), kSigned);
  // -32768 -> 0xFC00; 32767 -> 31743 = 0x7BFF; -1 -> 1*31 >> 5 = 0 -> +0.
  EXPECT_EQ(px[0], (Rgb{0xFC00, 0x7BFF, 0x0000}));
  // -32761 -> 32761*31 >> 5 = 31737 -> 0xFBF9; -32768 -> 0xFC00; -9 -> 279 >> 5 = 8 -> 0x8008.
  EXPECT_EQ(px[15], (Rgb{0xFBF9, 0xFC00, 0x8008}));
  // w = 34: R (-32768*30 - 32761*34 + 32) >> 6 = -32764 -> 31740 -> 0xFBFC;
  // G (32767*30 - 32768*34 + 32) >> 6 = -2048 -> 1984 -> 0x87C0;
  // B (-1*30 - 9*34 + 32) >> 6 = -304 >> 6 = -5 -> 155 >> 5 = 4 -> 0x8004.
  EXPECT_EQ(px[4], (Rgb{0xFBFC, 0x87C0, 0x8004}));
}

// The four reserved 5-bit mode codes decode to 0 in every channel, whatever follows them.
TEST(Bc6hDecodeTest, ReservedModesDecodeToZero) {
  for (const uint8_t code : {0b10011, 0b10111, 0b11011, 0b11111}) {
    for (const bool is_signed : {false, true}) {
      Block block;
      block.fill(0xA5);
      block[0] = static_cast<uint8_t>(0xE0 | code);
      uint16_t out[16][3];
      for (auto& texel : out) texel[0] = texel[1] = texel[2] = 0x1234;
      DecodeBc6hBlock(block.data(), is_signed, out);
      for (int t = 0; t < 16; ++t) {
        EXPECT_EQ(out[t][0], 0) << "code " << int{code} << " texel " << t;
        EXPECT_EQ(out[t][1], 0) << "code " << int{code} << " texel " << t;
        EXPECT_EQ(out[t][2], 0) << "code " << int{code} << " texel " << t;
      }
    }
  }
}

// Any 16 bytes are a valid input. By the specification's arithmetic an unsigned result is at most
// 0xFFFF * 31 >> 6 = 0x7BFF (no sign bit, never exponent 31), and a signed magnitude at most
// 32768 * 31 >> 5 = 0x7C00, reached only by -32768: never a NaN, and the only exponent-31 value is
// -infinity (0xFC00). The blocks live in an exactly sized heap buffer so that AddressSanitizer
// would catch a read past the block.
TEST(Bc6hDecodeTest, RandomBlocksStayInRange) {
  std::mt19937 rng(20240611);
  std::vector<uint8_t> block(16);
  for (int i = 0; i < 200000; ++i) {
    for (uint8_t& b : block) b = static_cast<uint8_t>(rng());
    uint16_t out[16][3];
    DecodeBc6hBlock(block.data(), false, out);
    for (const auto& texel : out) {
      for (const uint16_t v : texel) {
        ASSERT_LE(v, 0x7BFF) << "block " << i;
      }
    }
    DecodeBc6hBlock(block.data(), true, out);
    for (const auto& texel : out) {
      for (const uint16_t v : texel) {
        const bool exponent_31 = (v & 0x7C00) == 0x7C00;
        ASSERT_TRUE(!exponent_31 || v == 0xFC00) << "block " << i << " value " << v;
      }
    }
  }
}

}  // namespace
}  // namespace texunit
