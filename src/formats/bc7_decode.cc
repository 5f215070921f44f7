// BC7 decoder, bit-exact with the D3D11 reference decoder (docs/sampling.md, "Block formats").
#include <bit>
#include <cstdint>

#include "formats/bc_decode.h"
#include "formats/bptc_tables.h"

namespace texunit {
namespace {

struct Bc7Mode {
  uint8_t subsets;
  uint8_t partition_bits;
  uint8_t rotation_bits;
  uint8_t selector_bits;  // index selection bit (mode 4)
  uint8_t color_bits;
  uint8_t alpha_bits;      // 0: alpha is 255
  uint8_t endpoint_pbits;  // 1: one p-bit per endpoint
  uint8_t shared_pbits;    // 1: one p-bit per subset, shared by its two endpoints
  uint8_t index_bits;
  uint8_t index2_bits;  // secondary index set (modes 4 and 5)
};

// The specification's table of mode parameters.
// clang-format off
constexpr Bc7Mode kModes[8] = {
    // NS PB RB ISB CB AB EPB SPB IB IB2
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0},  // mode 0
    {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},  // mode 1
    {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},  // mode 2
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},  // mode 3
    {1, 0, 2, 1, 5, 6, 0, 0, 2, 3},  // mode 4
    {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},  // mode 5
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0},  // mode 6
    {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},  // mode 7
};
// clang-format on

constexpr int ModeBits(int mode, const Bc7Mode& m) {
  const int endpoints = 2 * m.subsets;
  const int pbits = m.endpoint_pbits ? endpoints : m.shared_pbits ? m.subsets : 0;
  return mode + 1 + m.partition_bits + m.rotation_bits + m.selector_bits +
         endpoints * (3 * m.color_bits + m.alpha_bits) + pbits + 16 * m.index_bits - m.subsets +
         (m.index2_bits ? 16 * m.index2_bits - 1 : 0);
}

constexpr bool AllModesFill128Bits() {
  for (int i = 0; i < 8; ++i) {
    if (ModeBits(i, kModes[i]) != 128) return false;
  }
  return true;
}
static_assert(AllModesFill128Bits(), "a BC7 mode's fields do not add up to 128 bits");

// Endpoint values of one block: [subset][endpoint][channel], channels R, G, B, A.
using Endpoints = uint8_t[3][2][4];

// Reads the colour then alpha fields (all R values first, subset by subset, endpoint 0 before
// endpoint 1), then the p-bits, and leaves each component expanded to 8 bits.
void ReadEndpoints(const Bc7Mode& m, BptcBitReader& bits, Endpoints endpoints) {
  uint32_t raw[3][2][4] = {};
  const int channels = m.alpha_bits ? 4 : 3;
  for (int c = 0; c < channels; ++c) {
    const int width = c < 3 ? m.color_bits : m.alpha_bits;
    for (int s = 0; s < m.subsets; ++s) {
      for (int e = 0; e < 2; ++e) raw[s][e][c] = bits.Read(width);
    }
  }

  uint32_t pbit[3][2] = {};
  const bool has_pbit = m.endpoint_pbits || m.shared_pbits;
  for (int s = 0; s < m.subsets; ++s) {
    if (m.endpoint_pbits) {
      pbit[s][0] = bits.Read(1);
      pbit[s][1] = bits.Read(1);
    } else if (m.shared_pbits) {
      pbit[s][0] = pbit[s][1] = bits.Read(1);
    }
  }

  for (int s = 0; s < m.subsets; ++s) {
    for (int e = 0; e < 2; ++e) {
      for (int c = 0; c < 4; ++c) {
        if (c == 3 && !m.alpha_bits) {
          endpoints[s][e][c] = 255;
          continue;
        }
        uint32_t value = raw[s][e][c];
        int width = c < 3 ? m.color_bits : m.alpha_bits;
        if (has_pbit) {
          value = (value << 1) | pbit[s][e];
          ++width;
        }
        // Replicating the top bits into the low ones maps 0 to 0 and the maximum to 255.
        endpoints[s][e][c] =
            static_cast<uint8_t>((value << (8 - width)) | (value >> (2 * width - 8)));
      }
    }
  }
}

// Texels whose index lacks its top bit: texel 0 and the anchor of every further subset.
bool IsAnchor(int subsets, int partition, int texel) {
  if (texel == 0) return true;
  if (subsets == 2) return texel == kBptcAnchors2[partition];
  if (subsets == 3) {
    return texel == kBptcAnchors3Second[partition] || texel == kBptcAnchors3Third[partition];
  }
  return false;
}

const uint8_t* SubsetsOf(int subsets, int partition) {
  static constexpr uint8_t kSingle[16] = {};
  if (subsets == 2) return kBptcPartitions2[partition];
  if (subsets == 3) return kBptcPartitions3[partition];
  return kSingle;
}

}  // namespace

void DecodeBc7Block(const uint8_t block[16], uint8_t out[16][4]) {
  if (block[0] == 0) {
    for (int t = 0; t < 16; ++t) out[t][0] = out[t][1] = out[t][2] = out[t][3] = 0;
    return;
  }
  const int mode_number = std::countr_zero(block[0]);
  const Bc7Mode& m = kModes[mode_number];

  BptcBitReader bits(block);
  bits.Read(mode_number + 1);
  const int partition = static_cast<int>(bits.Read(m.partition_bits));
  const int rotation = static_cast<int>(bits.Read(m.rotation_bits));
  const bool selector = bits.Read(m.selector_bits) != 0;

  Endpoints endpoints;
  ReadEndpoints(m, bits, endpoints);

  uint8_t primary[16];
  for (int t = 0; t < 16; ++t) {
    const int width = IsAnchor(m.subsets, partition, t) ? m.index_bits - 1 : m.index_bits;
    primary[t] = static_cast<uint8_t>(bits.Read(width));
  }
  uint8_t secondary[16] = {};
  if (m.index2_bits) {
    for (int t = 0; t < 16; ++t) {
      secondary[t] = static_cast<uint8_t>(bits.Read(t == 0 ? m.index2_bits - 1 : m.index2_bits));
    }
  }

  // Colour takes the secondary set only when the selection bit says so; alpha takes it whenever
  // there is one that colour does not use.
  const bool color_secondary = m.index2_bits && selector;
  const bool alpha_secondary = m.index2_bits && !selector;
  const uint8_t* color_weights = BptcWeights(color_secondary ? m.index2_bits : m.index_bits);
  const uint8_t* alpha_weights = BptcWeights(alpha_secondary ? m.index2_bits : m.index_bits);

  const uint8_t* subset_of = SubsetsOf(m.subsets, partition);
  for (int t = 0; t < 16; ++t) {
    const uint8_t(&e)[2][4] = endpoints[subset_of[t]];
    const int color_weight = color_weights[color_secondary ? secondary[t] : primary[t]];
    const int alpha_weight = alpha_weights[alpha_secondary ? secondary[t] : primary[t]];
    for (int c = 0; c < 3; ++c) {
      out[t][c] = static_cast<uint8_t>(BptcInterpolate(e[0][c], e[1][c], color_weight));
    }
    out[t][3] = static_cast<uint8_t>(BptcInterpolate(e[0][3], e[1][3], alpha_weight));
    if (rotation != 0) {
      const uint8_t swapped = out[t][rotation - 1];
      out[t][rotation - 1] = out[t][3];
      out[t][3] = swapped;
    }
  }
}

}  // namespace texunit
