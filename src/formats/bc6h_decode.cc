// BC6H decoder, bit-exact with the D3D11 reference decoder (docs/sampling.md, "Block formats").
#include <cstdint>

#include "formats/bc_decode.h"
#include "formats/bptc_tables.h"

namespace texunit {
namespace {

// Endpoint components as the layout tables name them: r0 g0 b0 (endpoint 0) ... r3 g3 b3.
enum Component : uint8_t { kR0, kG0, kB0, kR1, kG1, kB1, kR2, kG2, kB2, kR3, kG3, kB3, kEnd };

// One element v[msb:lsb] of a mode's layout, in the specification's notation: the block's next
// bit goes to v[lsb] and the following ones walk towards v[msb], downwards when msb < lsb (the
// bit-reversed high bits of modes 13 and 14).
struct Span {
  Component component;
  uint8_t msb;
  uint8_t lsb;
};

constexpr Span S(Component c, int msb, int lsb) {
  return {c, static_cast<uint8_t>(msb), static_cast<uint8_t>(lsb)};
}
constexpr Span S(Component c, int bit) { return S(c, bit, bit); }

constexpr int kMaxSpans = 24;

struct Bc6hMode {
  uint8_t mode_bits;  // 2 or 5
  uint8_t code;       // value of those bits
  bool two_subsets;
  bool transformed;
  uint8_t endpoint_bits;
  uint8_t delta_bits[3];  // per channel; equal to endpoint_bits when not transformed
  Span spans[kMaxSpans];  // endpoint bits after the mode bits, ended by kEnd
};

// Layouts of the D3D11 modes 1 to 14 (ARB_texture_compression_bptc, table F). In two-subset modes
// the 5-bit partition number follows the endpoints (bits 77 to 81), then the indices.
// clang-format off
constexpr Bc6hMode kModes[] = {
    // Mode 1.
    {2, 0x00, true, true, 10, {5, 5, 5},
     {S(kG2, 4), S(kB2, 4), S(kB3, 4), S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 4, 0),
      S(kG3, 4), S(kG2, 3, 0), S(kG1, 4, 0), S(kB3, 0), S(kG3, 3, 0), S(kB1, 4, 0), S(kB3, 1),
      S(kB2, 3, 0), S(kR2, 4, 0), S(kB3, 2), S(kR3, 4, 0), S(kB3, 3), S(kEnd, 0)}},
    // Mode 2.
    {2, 0x01, true, true, 7, {6, 6, 6},
     {S(kG2, 5), S(kG3, 4), S(kG3, 5), S(kR0, 6, 0), S(kB3, 0), S(kB3, 1), S(kB2, 4), S(kG0, 6, 0),
      S(kB2, 5), S(kB3, 2), S(kG2, 4), S(kB0, 6, 0), S(kB3, 3), S(kB3, 5), S(kB3, 4), S(kR1, 5, 0),
      S(kG2, 3, 0), S(kG1, 5, 0), S(kG3, 3, 0), S(kB1, 5, 0), S(kB2, 3, 0), S(kR2, 5, 0),
      S(kR3, 5, 0), S(kEnd, 0)}},
    // Mode 3.
    {5, 0x02, true, true, 11, {5, 4, 4},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 4, 0), S(kR0, 10), S(kG2, 3, 0),
      S(kG1, 3, 0), S(kG0, 10), S(kB3, 0), S(kG3, 3, 0), S(kB1, 3, 0), S(kB0, 10), S(kB3, 1),
      S(kB2, 3, 0), S(kR2, 4, 0), S(kB3, 2), S(kR3, 4, 0), S(kB3, 3), S(kEnd, 0)}},
    // Mode 4.
    {5, 0x06, true, true, 11, {4, 5, 4},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 3, 0), S(kR0, 10), S(kG3, 4), S(kG2, 3, 0),
      S(kG1, 4, 0), S(kG0, 10), S(kG3, 3, 0), S(kB1, 3, 0), S(kB0, 10), S(kB3, 1), S(kB2, 3, 0),
      S(kR2, 3, 0), S(kB3, 0), S(kB3, 2), S(kR3, 3, 0), S(kG2, 4), S(kB3, 3), S(kEnd, 0)}},
    // Mode 5.
    {5, 0x0A, true, true, 11, {4, 4, 5},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 3, 0), S(kR0, 10), S(kB2, 4), S(kG2, 3, 0),
      S(kG1, 3, 0), S(kG0, 10), S(kB3, 0), S(kG3, 3, 0), S(kB1, 4, 0), S(kB0, 10), S(kB2, 3, 0),
      S(kR2, 3, 0), S(kB3, 1), S(kB3, 2), S(kR3, 3, 0), S(kB3, 4), S(kB3, 3), S(kEnd, 0)}},
    // Mode 6.
    {5, 0x0E, true, true, 9, {5, 5, 5},
     {S(kR0, 8, 0), S(kB2, 4), S(kG0, 8, 0), S(kG2, 4), S(kB0, 8, 0), S(kB3, 4), S(kR1, 4, 0),
      S(kG3, 4), S(kG2, 3, 0), S(kG1, 4, 0), S(kB3, 0), S(kG3, 3, 0), S(kB1, 4, 0), S(kB3, 1),
      S(kB2, 3, 0), S(kR2, 4, 0), S(kB3, 2), S(kR3, 4, 0), S(kB3, 3), S(kEnd, 0)}},
    // Mode 7.
    {5, 0x12, true, true, 8, {6, 5, 5},
     {S(kR0, 7, 0), S(kG3, 4), S(kB2, 4), S(kG0, 7, 0), S(kB3, 2), S(kG2, 4), S(kB0, 7, 0),
      S(kB3, 3), S(kB3, 4), S(kR1, 5, 0), S(kG2, 3, 0), S(kG1, 4, 0), S(kB3, 0), S(kG3, 3, 0),
      S(kB1, 4, 0), S(kB3, 1), S(kB2, 3, 0), S(kR2, 5, 0), S(kR3, 5, 0), S(kEnd, 0)}},
    // Mode 8.
    {5, 0x16, true, true, 8, {5, 6, 5},
     {S(kR0, 7, 0), S(kB3, 0), S(kB2, 4), S(kG0, 7, 0), S(kG2, 5), S(kG2, 4), S(kB0, 7, 0),
      S(kG3, 5), S(kB3, 4), S(kR1, 4, 0), S(kG3, 4), S(kG2, 3, 0), S(kG1, 5, 0), S(kG3, 3, 0),
      S(kB1, 4, 0), S(kB3, 1), S(kB2, 3, 0), S(kR2, 4, 0), S(kB3, 2), S(kR3, 4, 0), S(kB3, 3),
      S(kEnd, 0)}},
    // Mode 9.
    {5, 0x1A, true, true, 8, {5, 5, 6},
     {S(kR0, 7, 0), S(kB3, 1), S(kB2, 4), S(kG0, 7, 0), S(kB2, 5), S(kG2, 4), S(kB0, 7, 0),
      S(kB3, 5), S(kB3, 4), S(kR1, 4, 0), S(kG3, 4), S(kG2, 3, 0), S(kG1, 4, 0), S(kB3, 0),
      S(kG3, 3, 0), S(kB1, 5, 0), S(kB2, 3, 0), S(kR2, 4, 0), S(kB3, 2), S(kR3, 4, 0), S(kB3, 3),
      S(kEnd, 0)}},
    // Mode 10.
    {5, 0x1E, true, false, 6, {6, 6, 6},
     {S(kR0, 5, 0), S(kG3, 4), S(kB3, 0), S(kB3, 1), S(kB2, 4), S(kG0, 5, 0), S(kG2, 5), S(kB2, 5),
      S(kB3, 2), S(kG2, 4), S(kB0, 5, 0), S(kG3, 5), S(kB3, 3), S(kB3, 5), S(kB3, 4), S(kR1, 5, 0),
      S(kG2, 3, 0), S(kG1, 5, 0), S(kG3, 3, 0), S(kB1, 5, 0), S(kB2, 3, 0), S(kR2, 5, 0),
      S(kR3, 5, 0), S(kEnd, 0)}},
    // Mode 11.
    {5, 0x03, false, false, 10, {10, 10, 10},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 9, 0), S(kG1, 9, 0), S(kB1, 9, 0),
      S(kEnd, 0)}},
    // Mode 12.
    {5, 0x07, false, true, 11, {9, 9, 9},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 8, 0), S(kR0, 10), S(kG1, 8, 0), S(kG0, 10),
      S(kB1, 8, 0), S(kB0, 10), S(kEnd, 0)}},
    // Mode 13.
    {5, 0x0B, false, true, 12, {8, 8, 8},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 7, 0), S(kR0, 10, 11), S(kG1, 7, 0),
      S(kG0, 10, 11), S(kB1, 7, 0), S(kB0, 10, 11), S(kEnd, 0)}},
    // Mode 14.
    {5, 0x0F, false, true, 16, {4, 4, 4},
     {S(kR0, 9, 0), S(kG0, 9, 0), S(kB0, 9, 0), S(kR1, 3, 0), S(kR0, 10, 15), S(kG1, 3, 0),
      S(kG0, 10, 15), S(kB1, 3, 0), S(kB0, 10, 15), S(kEnd, 0)}},
};
// clang-format on

constexpr int SpanWidth(const Span& s) {
  return (s.msb >= s.lsb ? s.msb - s.lsb : s.lsb - s.msb) + 1;
}

// Width of a component's stored value: endpoint 0 has the full precision, the others the delta
// precision (the full one again in untransformed modes).
constexpr int ComponentWidth(const Bc6hMode& m, int component) {
  return component < 3 ? m.endpoint_bits : m.delta_bits[component % 3];
}

// A layout is sound when its spans store every bit of every component it uses exactly once and,
// with the mode bits, the partition number and the indices, fill exactly 128 bits.
constexpr bool LayoutIsSound(const Bc6hMode& m) {
  uint32_t seen[12] = {};
  int bits = m.mode_bits;
  for (const Span& s : m.spans) {
    if (s.component == kEnd) break;
    const int step = s.msb >= s.lsb ? 1 : -1;
    for (int k = 0, bit = s.lsb; k < SpanWidth(s); ++k, bit += step) {
      if (bit >= ComponentWidth(m, s.component) || (seen[s.component] >> bit) & 1) return false;
      seen[s.component] |= 1u << bit;
    }
    bits += SpanWidth(s);
  }
  const int used = m.two_subsets ? 12 : 6;
  for (int c = 0; c < 12; ++c) {
    const uint32_t want = c < used ? (1u << ComponentWidth(m, c)) - 1 : 0;
    if (seen[c] != want) return false;
  }
  const int index_bits = m.two_subsets ? 16 * 3 - 2 : 16 * 4 - 1;
  return bits + (m.two_subsets ? 5 : 0) + index_bits == 128;
}

constexpr bool AllLayoutsAreSound() {
  for (const Bc6hMode& m : kModes) {
    if (!LayoutIsSound(m)) return false;
  }
  return true;
}
static_assert(AllLayoutsAreSound(), "a BC6H mode layout does not cover its fields exactly");

// Consumes the mode bits; nullptr for the four reserved 5-bit codes. Low bits 00 and 01 are whole
// 2-bit codes (the table's first two entries); 10 and 11 start a 5-bit one.
const Bc6hMode* ReadMode(BptcBitReader& bits) {
  const uint32_t low = bits.Read(2);
  if (low < 2) return &kModes[low];
  const uint32_t code = low | (bits.Read(3) << 2);
  for (const Bc6hMode& m : kModes) {
    if (m.mode_bits == 5 && m.code == code) return &m;
  }
  return nullptr;
}

void ReadEndpoints(const Bc6hMode& m, BptcBitReader& bits, int endpoints[4][3]) {
  for (const Span& s : m.spans) {
    if (s.component == kEnd) break;
    const int step = s.msb >= s.lsb ? 1 : -1;
    int& value = endpoints[s.component / 3][s.component % 3];
    for (int k = 0, bit = s.lsb; k < SpanWidth(s); ++k, bit += step) {
      value |= static_cast<int>(bits.Read(1)) << bit;
    }
  }
}

int SignExtend(int value, int bits) {
  const uint32_t sign = 1u << (bits - 1);
  const uint32_t field = static_cast<uint32_t>(value) & ((sign << 1) - 1);
  return static_cast<int>(field ^ sign) - static_cast<int>(sign);
}

// Sign extension and inverse delta transform: endpoint 0 is signed only in signed formats, the
// others also whenever they are deltas; sums wrap to the endpoint precision.
void ReconstructEndpoints(const Bc6hMode& m, bool is_signed, int endpoint_count,
                          int endpoints[4][3]) {
  const int precision = m.endpoint_bits;
  const int mask = static_cast<int>((1u << precision) - 1);
  for (int c = 0; c < 3; ++c) {
    if (is_signed) endpoints[0][c] = SignExtend(endpoints[0][c], precision);
    for (int e = 1; e < endpoint_count; ++e) {
      int& v = endpoints[e][c];
      if (m.transformed || is_signed) v = SignExtend(v, m.delta_bits[c]);
      if (m.transformed) {
        v = (v + endpoints[0][c]) & mask;
        if (is_signed) v = SignExtend(v, precision);
      }
    }
  }
}

// Spreads a quantized endpoint over the 16-bit range (unsigned) or the +-0x7FFF range (signed)
// that finish_unquantize scales into half-float bit patterns.
int Unquantize(int x, int bits, bool is_signed) {
  if (!is_signed) {
    if (bits >= 15) return x;
    if (x == 0) return 0;
    if (x == (1 << bits) - 1) return 0xFFFF;
    return ((x << 15) + 0x4000) >> (bits - 1);
  }
  if (bits >= 16) return x;
  const int magnitude = x < 0 ? -x : x;
  int unq;
  if (magnitude == 0) {
    unq = 0;
  } else if (magnitude >= (1 << (bits - 1)) - 1) {
    unq = 0x7FFF;
  } else {
    unq = ((magnitude << 15) + 0x4000) >> (bits - 1);
  }
  return x < 0 ? -unq : unq;
}

// Scales an interpolated value by 31/64 (unsigned) or its magnitude by 31/32 (signed) into a
// half-float bit pattern with the sign bit apart. A negative value whose scaled magnitude is 0
// gives +0, not -0: the reference takes the sign from the scaled value.
uint16_t FinishUnquantize(int x, bool is_signed) {
  if (!is_signed) return static_cast<uint16_t>((x * 31) >> 6);
  const int magnitude = ((x < 0 ? -x : x) * 31) >> 5;
  const int sign = x < 0 && magnitude != 0 ? 0x8000 : 0;
  return static_cast<uint16_t>(sign | magnitude);
}

// Index of every texel in scan order; the anchor texels lack their (zero) top bit.
void ReadIndices(BptcBitReader& bits, int index_bits, int anchor, uint8_t indices[16]) {
  for (int t = 0; t < 16; ++t) {
    const bool is_anchor = t == 0 || t == anchor;
    indices[t] = static_cast<uint8_t>(bits.Read(is_anchor ? index_bits - 1 : index_bits));
  }
}

}  // namespace

void DecodeBc6hBlock(const uint8_t block[16], bool is_signed, uint16_t out[16][3]) {
  BptcBitReader bits(block);
  const Bc6hMode* mode = ReadMode(bits);
  if (mode == nullptr) {
    for (int t = 0; t < 16; ++t) out[t][0] = out[t][1] = out[t][2] = 0;
    return;
  }

  int endpoints[4][3] = {};
  ReadEndpoints(*mode, bits, endpoints);
  const int partition = mode->two_subsets ? static_cast<int>(bits.Read(5)) : 0;
  const int endpoint_count = mode->two_subsets ? 4 : 2;
  ReconstructEndpoints(*mode, is_signed, endpoint_count, endpoints);
  for (int e = 0; e < endpoint_count; ++e) {
    for (int c = 0; c < 3; ++c) {
      endpoints[e][c] = Unquantize(endpoints[e][c], mode->endpoint_bits, is_signed);
    }
  }

  const int index_bits = mode->two_subsets ? 3 : 4;
  uint8_t indices[16];
  ReadIndices(bits, index_bits, mode->two_subsets ? kBptcAnchors2[partition] : 0, indices);
  const uint8_t* weights = BptcWeights(index_bits);
  for (int t = 0; t < 16; ++t) {
    const int subset = mode->two_subsets ? kBptcPartitions2[partition][t] : 0;
    const int* e0 = endpoints[2 * subset];
    const int* e1 = endpoints[2 * subset + 1];
    for (int c = 0; c < 3; ++c) {
      out[t][c] = FinishUnquantize(BptcInterpolate(e0[c], e1[c], weights[indices[t]]), is_signed);
    }
  }
}

}  // namespace texunit
