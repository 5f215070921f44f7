// The per-format half of the scalar reference: docs/sampling.md "Formats" (Decode, Filter domain,
// Encode, D16, Block formats) read plainly. A format's channels are derived from its FormatId's
// name (formats.h: channels from the least significant bit up, with their widths, then the kind),
// not from src/formats/format_table.cc, so that a wrong row of that table shows up as a
// difference; only what a name cannot say (shared exponent, depth/stencil views, 4:2:2 pairs,
// 1-bit texels, block compression) is special-cased, as the contract describes it.
#pragma once

#include <cstdint>

#include "texunit/formats.h"
#include "texunit/status.h"

namespace texunit::reference {

// The kind of one channel; kNone is a channel the format does not store.
enum class ChannelKind : uint8_t {
  kNone,
  kUnorm,
  kSnorm,
  kUscaled,
  kSscaled,
  kUint,
  kSint,
  kFloat,
  kSrgb,
  kSnormNz,
  kUbnorm,
  kUbnormNz,
  kUbint,
  kUbscaled,
};

// How a texel's channels sit in memory.
enum class TexelLayout : uint8_t {
  kPlain,           // one bit field per channel
  kSharedExponent,  // R9G9B9E5_FLOAT
  kPairGbGr,        // R8G8_B8G8: bytes (X, Y0, Z, Y1) for texels 2k, 2k + 1
  kPairBgRg,        // G8R8_G8B8: bytes (Y0, X, Y1, Z)
  kBit,             // R1: texel x is bit x % 8 of byte x / 8
  kBitReversed,     // R1_REVERSED: bit 7 - x % 8
  kBc1,
  kBc2,
  kBc3,
  kBc4,
  kBc5,
  kBc6h,
  kBc7,
};

// Whether results are integers (UINT; SINT and UBINT) or floats.
enum class NumericClass : uint8_t { kFloat, kUnsigned, kSigned };

struct ChannelFormat {
  ChannelKind kind = ChannelKind::kNone;
  uint32_t offset = 0;  // bit offset inside the texel (plain layout only)
  uint32_t bits = 0;    // n
};

struct FormatInfo {
  FormatId id = FormatId::kInvalid;
  TexelLayout layout = TexelLayout::kPlain;
  // X, Y, Z, W as the conversions see them. For layouts other than kPlain these describe the
  // codes FetchTexel produces: the shared exponent's and BC4/BC5's exact values as FLOAT 32,
  // BC6H's as FLOAT 16, the RGBA8 codes of BC1/2/3/7 and of the 4:2:2 pairs as 8-bit channels,
  // R1's bit as a 1-bit channel.
  ChannelFormat channels[4];
  NumericClass numeric = NumericClass::kFloat;
  bool is_signed = false;      // BC4/BC5 SNORM, BC6H SFLOAT
  uint32_t element_bytes = 0;  // bytes per texel, or per block (R1: 8 texels per byte)
  uint32_t block_width = 1;
  uint32_t block_height = 1;

  // Block formats, 4:2:2 pairs and 1-bit texels: no raw texel (_PCK) and not storable.
  bool HasRawTexels() const {
    return layout == TexelLayout::kPlain || layout == TexelLayout::kSharedExponent;
  }
};

// The layout and channels of `id`, parsed from its name; InvalidArgument for kInvalid and ids
// outside the list, Internal when a name does not parse (a format this reading does not know).
Status DescribeFormat(FormatId id, FormatInfo* out);

// The channel codes of texel (x, y) of a level: `level` points at its first row, `row_bytes` is
// the distance between rows of texels or of blocks. Reads only the bytes of the texel (or of its
// block, or its byte for 1-bit texels). Codes are the channels' n stored bits; block formats give
// their decoded values as the channels describe.
void FetchTexel(const FormatInfo& f, const uint8_t* level, uint64_t row_bytes, uint32_t x,
                uint32_t y, uint32_t code[4]);

// "Decode": the 32-bit result a load returns for channel `i` (0..3) with code `code`; a channel
// the format lacks reads as 0, 0, 0, 1 (1.0f, or the integer 1 for integer formats).
uint32_t DecodeChannel(const FormatInfo& f, int i, uint32_t code);

// "Filter domain": the value a sample op filters for channel `i`, and the divisor applied once
// after filtering (0 when the channel is not filtered as codes).
float FilterValue(const FormatInfo& f, int i, uint32_t code);
uint32_t CodeDivisor(const FormatInfo& f, int i);

// "Encode": the texel's element_bytes bytes for the channel values `value` (32-bit each, X..W;
// values for channels the format lacks are ignored). Only for formats with raw texels.
void EncodeTexel(const FormatInfo& f, const uint32_t value[4], uint8_t* texel);

// One channel's encode: the n-bit code of kind `kind` for the 32-bit value `v`. (An SRGB format's
// W is already UNORM in its ChannelFormat.)
uint32_t EncodeChannel(ChannelKind kind, uint32_t n, uint32_t v);

// Small floats with a 5-bit exponent (bias 15) and `mantissa_bits` mantissa bits: binary16 (10,
// signed) and the unsigned 11- and 10-bit floats of R11G11B10 (6, 5). Exact decode to binary32
// bits; encode rounded to nearest even by the FLOAT encode rules.
uint32_t SmallFloatToFloatBits(uint32_t bits, int mantissa_bits, bool has_sign);
uint32_t FloatBitsToHalf(uint32_t f32);
uint32_t FloatBitsToUnsignedSmallFloat(uint32_t f32, int mantissa_bits);

// R9G9B9E5_FLOAT: the texel dword of (X, Y, Z), and the binary32 bits of a channel's value.
uint32_t EncodeSharedExponent(const uint32_t value[3]);
uint32_t SharedExponentChannel(uint32_t texel, int i);

// D16: a 32-bit result to its 16 bits (low half of the dword, high half 0), and 16-bit store data
// widened to the 32-bit value the encode takes.
uint32_t ResultToD16(NumericClass numeric, uint32_t v);
uint32_t D16ToStoreValue(NumericClass numeric, uint32_t d16);

}  // namespace texunit::reference
