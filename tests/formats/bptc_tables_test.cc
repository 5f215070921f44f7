// Structural checks of the BPTC tables: properties the specification's tables have by design, so
// that a typing error in one entry shows up without comparing against a second copy.
#include "formats/bptc_tables.h"

#include <array>
#include <cstdint>
#include <set>

#include "gtest/gtest.h"

namespace texunit {
namespace {

int CountSubset(const uint8_t partition[16], int subset) {
  int count = 0;
  for (int t = 0; t < 16; ++t) count += partition[t] == subset;
  return count;
}

TEST(BptcTablesTest, TexelZeroIsAlwaysInSubsetZero) {
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    EXPECT_EQ(kBptcPartitions2[p][0], 0) << "two-subset partition " << p;
    EXPECT_EQ(kBptcPartitions3[p][0], 0) << "three-subset partition " << p;
  }
}

TEST(BptcTablesTest, EverySubsetIsUsedAndNoOtherValueAppears) {
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    const int two[2] = {CountSubset(kBptcPartitions2[p], 0), CountSubset(kBptcPartitions2[p], 1)};
    EXPECT_GT(two[0], 0) << p;
    EXPECT_GT(two[1], 0) << p;
    EXPECT_EQ(two[0] + two[1], 16) << p;
    const int three[3] = {CountSubset(kBptcPartitions3[p], 0), CountSubset(kBptcPartitions3[p], 1),
                          CountSubset(kBptcPartitions3[p], 2)};
    EXPECT_GT(three[0], 0) << p;
    EXPECT_GT(three[1], 0) << p;
    EXPECT_GT(three[2], 0) << p;
    EXPECT_EQ(three[0] + three[1] + three[2], 16) << p;
  }
}

TEST(BptcTablesTest, PartitionsAreDistinct) {
  std::set<std::array<uint8_t, 16>> two, three;
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    std::array<uint8_t, 16> a, b;
    for (int t = 0; t < 16; ++t) {
      a[t] = kBptcPartitions2[p][t];
      b[t] = kBptcPartitions3[p][t];
    }
    two.insert(a);
    three.insert(b);
  }
  EXPECT_EQ(two.size(), 64u);
  EXPECT_EQ(three.size(), 64u);
}

TEST(BptcTablesTest, AnchorsLieInTheirSubsets) {
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    EXPECT_EQ(kBptcPartitions2[p][kBptcAnchors2[p]], 1) << p;
    EXPECT_EQ(kBptcPartitions3[p][kBptcAnchors3Second[p]], 1) << p;
    EXPECT_EQ(kBptcPartitions3[p][kBptcAnchors3Third[p]], 2) << p;
  }
}

// The anchors come from a few fixed positions: 15, 2, 8, 6 for two subsets; for three subsets
// 3, 5, 6, 8, 10, 12, 13, 15 (subset 1) and 3, 6, 8, 9, 10, 15 (subset 2).
TEST(BptcTablesTest, AnchorsUseTheSpecificationsPositions) {
  const std::set<int> two = {2, 6, 8, 15};
  const std::set<int> second = {3, 5, 6, 8, 10, 12, 13, 15};
  const std::set<int> third = {3, 6, 8, 9, 10, 15};
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    EXPECT_TRUE(two.count(kBptcAnchors2[p])) << p;
    EXPECT_TRUE(second.count(kBptcAnchors3Second[p])) << p;
    EXPECT_TRUE(third.count(kBptcAnchors3Third[p])) << p;
  }
}

// For two subsets the anchor is the first texel of subset 1 in the scan order 15, 2, 8, 6, with one
// exception: partition 35 (subset 1 = texels 2, 3, 6, 7, 8, 9, 12, 13) keeps 8 in
// ARB_texture_compression_bptc and the D3D11 tables, where this rule would give 2 (and version 1.4
// of the Data Format Specification prints 2).
TEST(BptcTablesTest, TwoSubsetAnchorIsFirstIn15_2_8_6Order) {
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    int first = -1;
    for (int candidate : {15, 2, 8, 6}) {
      if (kBptcPartitions2[p][candidate] == 1) {
        first = candidate;
        break;
      }
    }
    if (p == 35) {
      EXPECT_EQ(first, 2);
      EXPECT_EQ(kBptcAnchors2[p], 8);
    } else {
      EXPECT_EQ(kBptcAnchors2[p], first) << p;
    }
  }
}

// In plain scan order the anchor is not in general the first texel of its subset (partition 0's
// subset 1 starts at texel 2, its anchor is 15); the anchors that are the first of their subset:
// 14 of the two-subset ones, 10 second and 8 third ones of the three-subset partitions.
TEST(BptcTablesTest, AnchorsThatAreFirstInScanOrder) {
  auto first_of = [](const uint8_t partition[16], int subset) {
    for (int t = 0; t < 16; ++t) {
      if (partition[t] == subset) return t;
    }
    return -1;
  };
  int two = 0, second = 0, third = 0;
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    two += kBptcAnchors2[p] == first_of(kBptcPartitions2[p], 1);
    second += kBptcAnchors3Second[p] == first_of(kBptcPartitions3[p], 1);
    third += kBptcAnchors3Third[p] == first_of(kBptcPartitions3[p], 2);
  }
  EXPECT_EQ(two, 14);
  EXPECT_EQ(second, 10);
  EXPECT_EQ(third, 8);
}

// Totals over each table, computed from the specification's printed tables: a transposed or
// mistyped digit changes them.
TEST(BptcTablesTest, SubsetTotals) {
  int two_ones = 0, three_ones = 0, three_twos = 0;
  for (int p = 0; p < kBptcPartitionCount; ++p) {
    two_ones += CountSubset(kBptcPartitions2[p], 1);
    three_ones += CountSubset(kBptcPartitions3[p], 1);
    three_twos += CountSubset(kBptcPartitions3[p], 2);
  }
  EXPECT_EQ(two_ones, 466);
  EXPECT_EQ(three_ones, 308);
  EXPECT_EQ(three_twos, 343);
}

// BC6H's 32 partitions are the first 32 two-subset ones, whose shapes include the plain splits.
TEST(BptcTablesTest, KnownShapes) {
  const uint8_t vertical_halves[16] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  const uint8_t horizontal_halves[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
  const uint8_t three_rows[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
  for (int t = 0; t < 16; ++t) {
    EXPECT_EQ(kBptcPartitions2[0][t], vertical_halves[t]) << t;
    EXPECT_EQ(kBptcPartitions2[13][t], horizontal_halves[t]) << t;
    EXPECT_EQ(kBptcPartitions3[8][t], three_rows[t]) << t;
  }
}

// Weights run from 0 to 64, are symmetric (w[i] + w[n - 1 - i] = 64) and are 64 i / (n - 1)
// rounded to nearest.
TEST(BptcTablesTest, WeightsAreRounded64ths) {
  for (int bits = 2; bits <= 4; ++bits) {
    const int n = 1 << bits;
    const uint8_t* w = BptcWeights(bits);
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(w[i], (128 * i + (n - 1)) / (2 * (n - 1))) << bits << " bits, index " << i;
      EXPECT_EQ(w[i] + w[n - 1 - i], 64) << bits << " bits, index " << i;
    }
  }
  EXPECT_EQ(BptcWeights(2), kBptcWeights2);
  EXPECT_EQ(BptcWeights(3), kBptcWeights3);
  EXPECT_EQ(BptcWeights(4), kBptcWeights4);
  EXPECT_EQ(kBptcWeights3[4], 37);
  EXPECT_EQ(kBptcWeights4[7], 30);
}

TEST(BptcTablesTest, BitReaderReadsLittleEndianAcrossTheHalves) {
  uint8_t block[16];
  for (int i = 0; i < 16; ++i) block[i] = static_cast<uint8_t>(0x10 * (i & 15) + i);
  BptcBitReader bits(block);
  EXPECT_EQ(bits.Read(4), 0x0u);   // low nibble of byte 0
  EXPECT_EQ(bits.Read(8), 0x10u);  // high nibble of byte 0, low of byte 1
  for (int i = 12; i < 60; ++i) bits.Read(1);
  EXPECT_EQ(bits.Read(8), 0x87u);  // top nibble of byte 7, low nibble of byte 8
  for (int i = 68; i < 124; ++i) bits.Read(1);
  EXPECT_EQ(bits.Read(4), 0xFu);  // top nibble of byte 15
  EXPECT_EQ(bits.position(), 128);
  EXPECT_EQ(bits.Read(8), 0u);  // past the end: zeros, no access
}

}  // namespace
}  // namespace texunit
