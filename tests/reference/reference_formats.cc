// docs/sampling.md "Formats", one plain function per rule. Integer arithmetic is done in int64 so
// that no width (1 to 32 bits) needs a special case; float arithmetic is binary32 in the order the
// contract writes it (the project builds with -ffp-contract=off). The small-float and shared-
// exponent encodes are exact by construction (integer rounding on the significand, or double on
// quotients that are exact), not by mimicking any fast path.
#include "reference/reference_formats.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "formats/bc_decode.h"
#include "reference/srgb_tables.h"

namespace texunit::reference {
namespace {

constexpr uint32_t kFloatOne = 0x3F800000u;  // 1.0f

float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t AsBits(float f) { return std::bit_cast<uint32_t>(f); }

int64_t Pow2(uint32_t n) { return int64_t{1} << n; }

// The two's-complement value of an n-bit code.
int64_t SignedValue(uint32_t code, uint32_t n) {
  return ((code >> (n - 1)) & 1u) != 0 ? int64_t{code} - Pow2(n) : int64_t{code};
}

// Offset binary: u = c - 2^(n-1).
int64_t BiasedValue(uint32_t code, uint32_t n) { return int64_t{code} - Pow2(n - 1); }

// The low n bits of a signed value: its n-bit two's-complement code.
uint32_t LowBits(int64_t v, uint32_t n) {
  return static_cast<uint32_t>(static_cast<uint64_t>(v) & static_cast<uint64_t>(Pow2(n) - 1));
}

// ---------------------------------------------------------------------------------------------
// Parsing the FormatId's name

struct KindName {
  std::string_view name;
  ChannelKind kind;
};

// Longest names first is not needed: the whole suffix is compared.
constexpr KindName kKindNames[] = {
    {"UNORM", ChannelKind::kUnorm},        {"SNORM", ChannelKind::kSnorm},
    {"USCALED", ChannelKind::kUscaled},    {"SSCALED", ChannelKind::kSscaled},
    {"UINT", ChannelKind::kUint},          {"SINT", ChannelKind::kSint},
    {"FLOAT", ChannelKind::kFloat},        {"SRGB", ChannelKind::kSrgb},
    {"SNORM_NZ", ChannelKind::kSnormNz},   {"UBNORM", ChannelKind::kUbnorm},
    {"UBNORM_NZ", ChannelKind::kUbnormNz}, {"UBINT", ChannelKind::kUbint},
    {"UBSCALED", ChannelKind::kUbscaled},
};

bool ParseKind(std::string_view s, ChannelKind* kind) {
  for (const KindName& k : kKindNames) {
    if (s == k.name) {
      *kind = k.kind;
      return true;
    }
  }
  return false;
}

NumericClass ClassOf(ChannelKind kind) {
  switch (kind) {
    case ChannelKind::kUint:
      return NumericClass::kUnsigned;
    case ChannelKind::kSint:
    case ChannelKind::kUbint:
      return NumericClass::kSigned;
    default:
      return NumericClass::kFloat;
  }
}

// Whether the contract defines kind `kind` at width n (a self-check of the parse: a name this
// reading misunderstands fails loudly instead of decoding garbage).
bool KindFitsWidth(ChannelKind kind, uint32_t n) {
  switch (kind) {
    case ChannelKind::kNone:
      return false;
    case ChannelKind::kUnorm:
    case ChannelKind::kUscaled:
      return n >= 1 && n <= 24;
    case ChannelKind::kSnorm:
    case ChannelKind::kSscaled:
      return n >= 2 && n <= 24;
    case ChannelKind::kUint:
    case ChannelKind::kSint:
      return n >= 1 && n <= 32;
    case ChannelKind::kFloat:
      return n == 10 || n == 11 || n == 16 || n == 32;
    case ChannelKind::kSrgb:
      return n == 8;
    case ChannelKind::kSnormNz:
    case ChannelKind::kUbnorm:
    case ChannelKind::kUbnormNz:
    case ChannelKind::kUbint:
    case ChannelKind::kUbscaled:
      return n == 8 || n == 16;  // "accepted with the 8- and 16-bit channel layouts only"
  }
  return false;
}

// SRGB applies to X, Y, Z; "W of an SRGB format is UNORM".
ChannelKind KindOfChannel(ChannelKind row_kind, int channel) {
  return row_kind == ChannelKind::kSrgb && channel == 3 ? ChannelKind::kUnorm : row_kind;
}

Status BadName(std::string_view name, const char* why) {
  return Status::Internal("the reference cannot read format " + std::string(name) + ": " + why);
}

// "R10G10B10A2_UNORM": R, G, B, A are X, Y, Z, W; X is padding ("R32G8X24"); each letter is
// followed by its width, from bit 0 up.
Status ParsePlain(std::string_view name, FormatInfo* f) {
  const size_t underscore = name.find('_');
  if (underscore == std::string_view::npos) return BadName(name, "no kind");
  ChannelKind row_kind;
  if (!ParseKind(name.substr(underscore + 1), &row_kind)) return BadName(name, "unknown kind");
  const std::string_view spec = name.substr(0, underscore);
  uint32_t offset = 0;
  size_t i = 0;
  while (i < spec.size()) {
    const char letter = spec[i++];
    uint32_t width = 0;
    size_t digits = 0;
    while (i < spec.size() && spec[i] >= '0' && spec[i] <= '9') {
      width = width * 10 + static_cast<uint32_t>(spec[i++] - '0');
      ++digits;
    }
    if (digits == 0 || width == 0) return BadName(name, "a channel without a width");
    int channel;
    switch (letter) {
      case 'R':
        channel = 0;
        break;
      case 'G':
        channel = 1;
        break;
      case 'B':
        channel = 2;
        break;
      case 'A':
        channel = 3;
        break;
      case 'X':
        channel = -1;  // unused bits
        break;
      default:
        return BadName(name, "unknown channel letter");
    }
    if (channel >= 0) {
      ChannelFormat& c = f->channels[channel];
      if (c.kind != ChannelKind::kNone) return BadName(name, "a channel named twice");
      c.kind = KindOfChannel(row_kind, channel);
      c.offset = offset;
      c.bits = width;
    }
    offset += width;
  }
  if (offset % 8 != 0 || offset == 0 || offset > 128) return BadName(name, "texel size");
  f->layout = TexelLayout::kPlain;
  f->element_bytes = offset / 8;
  f->numeric = ClassOf(row_kind);
  return Status::Ok();
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// X, Y, Z (and W when `alpha`) as 8-bit channels of the row's kind, for the 4:2:2 pairs and the
// RGBA8 codes of BC1/2/3/7.
void SetByteChannels(ChannelKind row_kind, bool alpha, FormatInfo* f) {
  for (int i = 0; i < (alpha ? 4 : 3); ++i) f->channels[i] = {KindOfChannel(row_kind, i), 0, 8};
}

Status ParseBlock(std::string_view name, FormatInfo* f) {
  struct BlockName {
    std::string_view name;
    TexelLayout layout;
    uint32_t bytes;
  };
  static constexpr BlockName kBlocks[] = {
      {"BC1_", TexelLayout::kBc1, 8},  {"BC2_", TexelLayout::kBc2, 16},
      {"BC3_", TexelLayout::kBc3, 16}, {"BC4_", TexelLayout::kBc4, 8},
      {"BC5_", TexelLayout::kBc5, 16}, {"BC6H_", TexelLayout::kBc6h, 16},
      {"BC7_", TexelLayout::kBc7, 16},
  };
  for (const BlockName& b : kBlocks) {
    if (!StartsWith(name, b.name)) continue;
    const std::string_view kind = name.substr(b.name.size());
    f->layout = b.layout;
    f->element_bytes = b.bytes;
    f->block_width = 4;
    f->block_height = 4;
    f->numeric = NumericClass::kFloat;
    switch (b.layout) {
      case TexelLayout::kBc4:
      case TexelLayout::kBc5:
        // "BC4 and BC5 as binary32 values".
        if (kind != "UNORM" && kind != "SNORM") return BadName(name, "BC4/BC5 kind");
        f->is_signed = kind == "SNORM";
        for (int i = 0; i < (b.layout == TexelLayout::kBc4 ? 1 : 2); ++i) {
          f->channels[i] = {ChannelKind::kFloat, 0, 32};
        }
        return Status::Ok();
      case TexelLayout::kBc6h:
        // "BC6H as binary16 values".
        if (kind != "UFLOAT" && kind != "SFLOAT") return BadName(name, "BC6H kind");
        f->is_signed = kind == "SFLOAT";
        for (int i = 0; i < 3; ++i) f->channels[i] = {ChannelKind::kFloat, 0, 16};
        return Status::Ok();
      default:
        // "BC1, BC2, BC3 and BC7 as R8G8B8A8 codes (UNORM, or SRGB for X, Y, Z)".
        if (kind != "UNORM" && kind != "SRGB") return BadName(name, "BC1/2/3/7 kind");
        SetByteChannels(kind == "SRGB" ? ChannelKind::kSrgb : ChannelKind::kUnorm, true, f);
        return Status::Ok();
    }
  }
  return BadName(name, "unknown block format");
}

// ---------------------------------------------------------------------------------------------
// Small floats

// |f| (binary32 bits without the sign, finite) rounded to nearest even onto the grid of a float
// with a 5-bit exponent (bias 15) and `m` mantissa bits. Returns the exponent/mantissa field;
// 31 << m or more means the rounded value overflows the largest finite.
uint32_t RoundMagnitude(uint32_t mag, int m) {
  const int biased = static_cast<int>(mag >> 23);
  // A binary32 denormal (< 2^-126) is far below half the smallest denormal (2^-25 at best).
  if (biased == 0) return 0;
  const int e = biased - 127;
  if (e > 15) return 31u << m;  // 2^16 or more: beyond every finite value
  const uint64_t sig = (uint64_t{1} << 23) | (mag & 0x7FFFFFu);  // |f| = sig * 2^(e - 23)
  // Below 2^-14 the grid is the denormals' (ulp 2^(-14 - m)); above it, ulp 2^(e - m).
  const int grid_exp = std::max(e, -14);
  const int shift = 23 - m + (grid_exp - e);  // |f| / ulp = sig / 2^shift, shift >= 13
  if (shift > 40) return 0;                   // sig < 2^24 is then below half an ulp
  uint64_t q = sig >> shift;
  const uint64_t rem = sig & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (q & 1) != 0)) ++q;
  // q is the value in ulps: 2^m..2^(m+1) on a normal grid (the implicit bit included, so adding
  // it to the exponent field's base carries into the exponent on rounding up), 0..2^m on the
  // denormal grid (where 2^m is the smallest normal).
  return (static_cast<uint32_t>(grid_exp + 14) << m) + static_cast<uint32_t>(q);
}

}  // namespace

uint32_t SmallFloatToFloatBits(uint32_t bits, int mantissa_bits, bool has_sign) {
  const int m = mantissa_bits;
  const uint32_t sign = has_sign ? (bits >> (5 + m)) & 1u : 0u;
  const uint32_t exponent = (bits >> m) & 31u;
  const uint32_t mantissa = bits & ((1u << m) - 1);
  uint32_t magnitude;
  if (exponent == 31) {
    // Inf, or a NaN whose payload lands in the top mantissa bits.
    magnitude = 0x7F800000u | (mantissa << (23 - m));
  } else if (exponent == 0) {
    magnitude = AsBits(std::ldexp(static_cast<float>(mantissa), -14 - m));
  } else {
    const float significand = static_cast<float>((1u << m) | mantissa);
    magnitude = AsBits(std::ldexp(significand, static_cast<int>(exponent) - 15 - m));
  }
  return sign << 31 | magnitude;
}

uint32_t FloatBitsToHalf(uint32_t f32) {
  const uint32_t sign = (f32 >> 16) & 0x8000u;
  const uint32_t mag = f32 & 0x7FFFFFFFu;
  if (mag > 0x7F800000u) {
    // NaN: quiet bit set, the payload's top 10 bits kept.
    return sign | 0x7C00u | 0x200u | ((mag & 0x7FFFFFu) >> 13);
  }
  if (mag == 0x7F800000u) return sign | 0x7C00u;
  const uint32_t field = RoundMagnitude(mag, 10);
  return sign | (field >= 0x7C00u ? 0x7C00u : field);  // past 65504 (|f| >= 65520): Inf
}

uint32_t FloatBitsToUnsignedSmallFloat(uint32_t f32, int mantissa_bits) {
  const int m = mantissa_bits;
  const uint32_t inf = 31u << m;
  const uint32_t mag = f32 & 0x7FFFFFFFu;
  if (mag > 0x7F800000u) {
    return inf | (1u << (m - 1)) | ((mag & 0x7FFFFFu) >> (23 - m));  // NaN of either sign
  }
  if ((f32 >> 31) != 0) return 0;  // negative values, -0 and -Inf
  if (mag == 0x7F800000u) return inf;
  return std::min(RoundMagnitude(mag, m), inf - 1);  // finite overflow: the largest finite
}

uint32_t SharedExponentChannel(uint32_t texel, int i) {
  const uint32_t mantissa = (texel >> (9 * i)) & 0x1FFu;
  const int exponent = static_cast<int>(texel >> 27);
  return AsBits(std::ldexp(static_cast<float>(mantissa), exponent - 24));  // exact
}

uint32_t EncodeSharedExponent(const uint32_t value[3]) {
  double c[3];
  for (int i = 0; i < 3; ++i) {
    float f = AsFloat(value[i]);
    if (!(f > 0.0f)) f = 0.0f;  // NaN, negatives and -0
    if (f > 65408.0f) f = 65408.0f;
    c[i] = f;
  }
  const double max_c = std::max({c[0], c[1], c[2]});
  // floor(log2(max_c)) exactly: max_c = frac * 2^e with frac in [0.5, 1). log2(0) = -inf.
  int floor_log2 = -1000;
  if (max_c > 0.0) {
    int e;
    std::frexp(max_c, &e);
    floor_log2 = e - 1;
  }
  const int exp_p = std::max(-16, floor_log2) + 16;
  // floor(x + 1/2) on the exact quotient x: ldexp by a power of two is exact in double here
  // (a binary32 value scaled by 2^-8..2^24), and so is x - floor(x).
  auto round_half_up = [](double x) {
    const double whole = std::floor(x);
    return static_cast<uint32_t>(whole) + (x - whole >= 0.5 ? 1u : 0u);
  };
  const uint32_t max_s = round_half_up(std::ldexp(max_c, 24 - exp_p));
  const int exp_s = max_s < 512 ? exp_p : exp_p + 1;
  uint32_t texel = static_cast<uint32_t>(exp_s) << 27;
  for (int i = 0; i < 3; ++i) texel |= round_half_up(std::ldexp(c[i], 24 - exp_s)) << (9 * i);
  return texel;
}

// ---------------------------------------------------------------------------------------------
// Formats

Status DescribeFormat(FormatId id, FormatInfo* out) {
  const auto raw = static_cast<uint32_t>(id);
  if (id == FormatId::kInvalid || raw >= static_cast<uint32_t>(FormatId::kCount)) {
    return Status::InvalidArgument("format id " + std::to_string(raw) + " names no format");
  }
  FormatInfo f;
  f.id = id;
  const std::string_view name = FormatName(id);
  ChannelKind kind;
  if (name == "R9G9B9E5_FLOAT") {
    f.layout = TexelLayout::kSharedExponent;
    for (int i = 0; i < 3; ++i) f.channels[i] = {ChannelKind::kFloat, 0, 32};  // exact values
    f.element_bytes = 4;
  } else if (StartsWith(name, "R8G8_B8G8_") || StartsWith(name, "G8R8_G8B8_")) {
    if (!ParseKind(name.substr(10), &kind)) return BadName(name, "unknown kind");
    if (!KindFitsWidth(kind, 8)) return BadName(name, "kind undefined at 8 bits");
    f.layout = name[0] == 'R' ? TexelLayout::kPairGbGr : TexelLayout::kPairBgRg;
    SetByteChannels(kind, false, &f);  // texel 2k + i is (X, Yi, Z, 1)
    f.numeric = ClassOf(kind);
    f.element_bytes = 4;
    f.block_width = 2;
  } else if (StartsWith(name, "R1_")) {
    const bool reversed = StartsWith(name, "R1_REVERSED_");
    if (!ParseKind(name.substr(reversed ? 12 : 3), &kind)) return BadName(name, "unknown kind");
    f.layout = reversed ? TexelLayout::kBitReversed : TexelLayout::kBit;
    f.channels[0] = {kind, 0, 1};
    if (!KindFitsWidth(kind, 1)) return BadName(name, "kind undefined at 1 bit");
    f.numeric = ClassOf(kind);
    f.element_bytes = 1;
    f.block_width = 8;
  } else if (StartsWith(name, "BC")) {
    TEXUNIT_RETURN_IF_ERROR(ParseBlock(name, &f));
  } else {
    TEXUNIT_RETURN_IF_ERROR(ParsePlain(name, &f));
    // "Its FLOAT view reads X only (Y reads 0)": the stencil byte is no FLOAT channel.
    if (name == "R32G8X24_FLOAT") f.channels[1] = ChannelFormat{};
    for (const ChannelFormat& c : f.channels) {
      if (c.kind != ChannelKind::kNone && !KindFitsWidth(c.kind, c.bits)) {
        return BadName(name, "kind undefined at this width");
      }
    }
  }
  *out = f;
  return Status::Ok();
}

namespace {

// Bits [offset, offset + n) of a little-endian texel: bit b is bit b % 8 of byte b / 8.
uint32_t ExtractBits(const uint8_t* texel, uint32_t offset, uint32_t n) {
  uint32_t v = 0;
  for (uint32_t b = 0; b < n; ++b) {
    const uint32_t bit = offset + b;
    v |= static_cast<uint32_t>((texel[bit / 8] >> (bit % 8)) & 1u) << b;
  }
  return v;
}

void InsertBits(uint8_t* texel, uint32_t offset, uint32_t n, uint32_t v) {
  for (uint32_t b = 0; b < n; ++b) {
    const uint32_t bit = offset + b;
    const auto mask = static_cast<uint8_t>(1u << (bit % 8));
    if (((v >> b) & 1u) != 0) {
      texel[bit / 8] |= mask;
    } else {
      texel[bit / 8] &= static_cast<uint8_t>(~mask);
    }
  }
}

// Texel (tx, ty) of the block at `block`, decoded whole.
void FetchBlockTexel(const FormatInfo& f, const uint8_t* block, uint32_t tx, uint32_t ty,
                     uint32_t code[4]) {
  const uint32_t t = 4 * ty + tx;  // row-major
  uint8_t rgba[16][4];
  switch (f.layout) {
    case TexelLayout::kBc1:
      DecodeBc1Block(block, rgba);
      break;
    case TexelLayout::kBc2:
      DecodeBc2Block(block, rgba);
      break;
    case TexelLayout::kBc3:
      DecodeBc3Block(block, rgba);
      break;
    case TexelLayout::kBc7:
      DecodeBc7Block(block, rgba);
      break;
    case TexelLayout::kBc4: {
      float r[16];
      DecodeBc4Block(block, f.is_signed, r);
      code[0] = AsBits(r[t]);
      return;
    }
    case TexelLayout::kBc5: {
      float rg[16][2];
      DecodeBc5Block(block, f.is_signed, rg);
      code[0] = AsBits(rg[t][0]);
      code[1] = AsBits(rg[t][1]);
      return;
    }
    case TexelLayout::kBc6h: {
      uint16_t rgb[16][3];
      DecodeBc6hBlock(block, f.is_signed, rgb);
      for (int i = 0; i < 3; ++i) code[i] = rgb[t][i];
      return;
    }
    default:
      return;
  }
  for (int i = 0; i < 4; ++i) code[i] = rgba[t][i];
}

}  // namespace

void FetchTexel(const FormatInfo& f, const uint8_t* level, uint64_t row_bytes, uint32_t x,
                uint32_t y, uint32_t code[4]) {
  for (int i = 0; i < 4; ++i) code[i] = 0;
  const uint32_t bx = x / f.block_width, by = y / f.block_height;
  const uint8_t* element = level + by * row_bytes + uint64_t{bx} * f.element_bytes;
  switch (f.layout) {
    case TexelLayout::kPlain:
      for (int i = 0; i < 4; ++i) {
        const ChannelFormat& c = f.channels[i];
        if (c.kind != ChannelKind::kNone) code[i] = ExtractBits(element, c.offset, c.bits);
      }
      return;
    case TexelLayout::kSharedExponent: {
      const uint32_t texel = ExtractBits(element, 0, 32);
      for (int i = 0; i < 3; ++i) code[i] = SharedExponentChannel(texel, i);
      return;
    }
    case TexelLayout::kPairGbGr:  // bytes (X, Y0, Z, Y1)
      code[0] = element[0];
      code[1] = element[1 + 2 * (x % 2)];
      code[2] = element[2];
      return;
    case TexelLayout::kPairBgRg:  // bytes (Y0, X, Y1, Z)
      code[0] = element[1];
      code[1] = element[2 * (x % 2)];
      code[2] = element[3];
      return;
    case TexelLayout::kBit:
      code[0] = (element[0] >> (x % 8)) & 1u;
      return;
    case TexelLayout::kBitReversed:
      code[0] = (element[0] >> (7 - x % 8)) & 1u;
      return;
    default:
      FetchBlockTexel(f, element, x % 4, y % 4, code);
      return;
  }
}

uint32_t DecodeChannel(const FormatInfo& f, int i, uint32_t code) {
  const ChannelFormat& ch = f.channels[i];
  const uint32_t n = ch.bits;
  switch (ch.kind) {
    case ChannelKind::kNone:
      if (i != 3) return 0;
      return f.numeric == NumericClass::kFloat ? kFloatOne : 1u;
    case ChannelKind::kUnorm:
      return AsBits(static_cast<float>(code) / static_cast<float>(Pow2(n) - 1));
    case ChannelKind::kSnorm: {
      const float v =
          static_cast<float>(SignedValue(code, n)) / static_cast<float>(Pow2(n - 1) - 1);
      return AsBits(std::max(v, -1.0f));
    }
    case ChannelKind::kUscaled:
      return AsBits(static_cast<float>(code));
    case ChannelKind::kSscaled:
      return AsBits(static_cast<float>(SignedValue(code, n)));
    case ChannelKind::kUint:
      return code;
    case ChannelKind::kSint:
      return static_cast<uint32_t>(SignedValue(code, n));
    case ChannelKind::kFloat:
      switch (n) {
        case 16:
          return SmallFloatToFloatBits(code, 10, true);
        case 11:
          return SmallFloatToFloatBits(code, 6, false);
        case 10:
          return SmallFloatToFloatBits(code, 5, false);
        default:
          return code;  // binary32 as stored
      }
    case ChannelKind::kSrgb:
      return AsBits(SrgbDecodeTable()[code]);
    case ChannelKind::kSnormNz:
      return AsBits(static_cast<float>(2 * SignedValue(code, n) + 1) /
                    static_cast<float>(Pow2(n) - 1));
    case ChannelKind::kUbnorm: {
      const float v =
          static_cast<float>(BiasedValue(code, n)) / static_cast<float>(Pow2(n - 1) - 1);
      return AsBits(std::max(v, -1.0f));
    }
    case ChannelKind::kUbnormNz:
      return AsBits(static_cast<float>(2 * BiasedValue(code, n) + 1) /
                    static_cast<float>(Pow2(n) - 1));
    case ChannelKind::kUbint:
      return static_cast<uint32_t>(BiasedValue(code, n));
    case ChannelKind::kUbscaled:
      return AsBits(static_cast<float>(BiasedValue(code, n)));
  }
  return 0;
}

float FilterValue(const FormatInfo& f, int i, uint32_t code) {
  const ChannelFormat& ch = f.channels[i];
  const uint32_t n = ch.bits;
  switch (ch.kind) {
    case ChannelKind::kUnorm:
      return static_cast<float>(code);
    case ChannelKind::kSnorm:
      // The most negative code is clamped to -(2^(n-1) - 1), so that it divides to -1.0.
      return static_cast<float>(std::max(SignedValue(code, n), 1 - Pow2(n - 1)));
    case ChannelKind::kUbnorm:
      return static_cast<float>(std::max(BiasedValue(code, n), 1 - Pow2(n - 1)));
    case ChannelKind::kFloat: {
      const uint32_t bits = DecodeChannel(f, i, code);
      // Binary32 denormal texels are flushed to zero of their sign; narrower floats decode to
      // normal binary32 values, so only n = 32 can be flushed.
      if (n == 32 && (bits & 0x7F800000u) == 0) return AsFloat(bits & 0x80000000u);
      return AsFloat(bits);
    }
    default:
      return AsFloat(DecodeChannel(f, i, code));
  }
}

uint32_t CodeDivisor(const FormatInfo& f, int i) {
  const ChannelFormat& ch = f.channels[i];
  switch (ch.kind) {
    case ChannelKind::kUnorm:
      return static_cast<uint32_t>(Pow2(ch.bits) - 1);
    case ChannelKind::kSnorm:
    case ChannelKind::kUbnorm:
      return static_cast<uint32_t>(Pow2(ch.bits - 1) - 1);
    default:
      return 0;
  }
}

uint32_t EncodeChannel(ChannelKind kind, uint32_t n, uint32_t v) {
  float f = AsFloat(v);
  if (std::isnan(f)) f = 0.0f;  // every float-input kind maps NaN to 0
  const int64_t smin = -Pow2(n - 1), smax = Pow2(n - 1) - 1;
  switch (kind) {
    case ChannelKind::kNone:
      return 0;
    case ChannelKind::kUnorm:
      f = std::clamp(f, 0.0f, 1.0f);
      return static_cast<uint32_t>(std::nearbyint(f * static_cast<float>(Pow2(n) - 1)));
    case ChannelKind::kSnorm:
    case ChannelKind::kUbnorm: {
      f = std::clamp(f, -1.0f, 1.0f);
      const auto s = static_cast<int64_t>(std::nearbyint(f * static_cast<float>(smax)));
      return kind == ChannelKind::kSnorm ? LowBits(s, n) : LowBits(s + Pow2(n - 1), n);
    }
    case ChannelKind::kSnormNz:
    case ChannelKind::kUbnormNz: {
      f = std::clamp(f, -1.0f, 1.0f);
      const float scaled = (f * static_cast<float>(Pow2(n) - 1) - 1.0f) * 0.5f;
      const int64_t s = std::clamp(static_cast<int64_t>(std::nearbyint(scaled)), smin, smax);
      return kind == ChannelKind::kSnormNz ? LowBits(s, n) : LowBits(s + Pow2(n - 1), n);
    }
    case ChannelKind::kUscaled:
      f = std::clamp(f, 0.0f, static_cast<float>(Pow2(n) - 1));
      return static_cast<uint32_t>(std::nearbyint(f));
    case ChannelKind::kSscaled:
    case ChannelKind::kUbscaled: {
      f = std::clamp(f, static_cast<float>(smin), static_cast<float>(smax));
      const auto s = static_cast<int64_t>(std::nearbyint(f));
      return kind == ChannelKind::kSscaled ? LowBits(s, n) : LowBits(s + Pow2(n - 1), n);
    }
    case ChannelKind::kUint:
      return static_cast<uint32_t>(std::min<int64_t>(v, Pow2(n) - 1));  // n = 32: v
    case ChannelKind::kSint:
    case ChannelKind::kUbint: {
      const int64_t s = std::clamp<int64_t>(static_cast<int32_t>(v), smin, smax);
      return kind == ChannelKind::kSint ? LowBits(s, n) : LowBits(s + Pow2(n - 1), n);
    }
    case ChannelKind::kFloat:
      switch (n) {
        case 16:
          return FloatBitsToHalf(v);
        case 11:
          return FloatBitsToUnsignedSmallFloat(v, 6);
        case 10:
          return FloatBitsToUnsignedSmallFloat(v, 5);
        default:
          return v;  // binary32: the dword's bits, NaN payloads included
      }
    case ChannelKind::kSrgb:
      return SrgbEncode(AsFloat(v));
  }
  return 0;
}

void EncodeTexel(const FormatInfo& f, const uint32_t value[4], uint8_t* texel) {
  // Whole texels: bits that belong to no channel (padding, the FLOAT view's stencil) are 0 too.
  std::memset(texel, 0, f.element_bytes);
  if (f.layout == TexelLayout::kSharedExponent) {
    const uint32_t dword = EncodeSharedExponent(value);
    InsertBits(texel, 0, 32, dword);
    return;
  }
  for (int i = 0; i < 4; ++i) {
    const ChannelFormat& c = f.channels[i];
    if (c.kind == ChannelKind::kNone) continue;  // a value for a channel the format lacks
    InsertBits(texel, c.offset, c.bits, EncodeChannel(c.kind, c.bits, value[i]));
  }
}

uint32_t ResultToD16(NumericClass numeric, uint32_t v) {
  switch (numeric) {
    case NumericClass::kFloat:
      return FloatBitsToHalf(v);
    case NumericClass::kUnsigned:
      return std::min(v, 0xFFFFu);
    case NumericClass::kSigned:
      return static_cast<uint32_t>(std::clamp(static_cast<int32_t>(v), -32768, 32767)) & 0xFFFFu;
  }
  return 0;
}

uint32_t D16ToStoreValue(NumericClass numeric, uint32_t d16) {
  const uint32_t h = d16 & 0xFFFFu;
  switch (numeric) {
    case NumericClass::kFloat:
      return SmallFloatToFloatBits(h, 10, true);
    case NumericClass::kUnsigned:
      return h;
    case NumericClass::kSigned:
      return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h)));
  }
  return 0;
}

}  // namespace texunit::reference
