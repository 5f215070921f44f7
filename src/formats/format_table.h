// The neutral texel-format table: one constexpr row per FormatId with everything the core needs
// to know about a format (bit fields, channel kinds, block size, capabilities). Validation, the
// kernels' fetch and store plans, the layout, `texunit info` and the tests all read this table;
// no other file in src/sampler or src/formats branches on a format. How each kind converts is
// docs/sampling.md, "Formats".
#pragma once

#include <cstdint>
#include <span>

#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/status.h"

namespace texunit {

// How a channel's stored bits become its 32-bit value.
enum class ChannelKind : uint8_t {
  kNone,       // not stored: X, Y and Z read as 0, W as 1 (1.0f, or the integer 1)
  kUnorm,      // c / (2^n - 1)
  kSnorm,      // max(s / (2^(n-1) - 1), -1), s the two's-complement value
  kUscaled,    // float(c)
  kSscaled,    // float(s)
  kUint,       // c
  kSint,       // s, sign-extended
  kFloat,      // binary32 (n = 32), binary16 (16), unsigned 11- or 10-bit float
  kSrgb,       // 8-bit code through the sRGB curve
  kSnormNz,    // AMD SNORM_OGL: (2s + 1) / (2^n - 1), no exact zero
  kUbnorm,     // AMD UBNORM: the SNORM rule on the offset-binary value s = c - 2^(n-1)
  kUbnormNz,   // AMD UBNORM_OGL: the SNORM_NZ rule on the offset-binary value
  kUbint,      // AMD UBINT: the offset-binary value as a signed integer
  kUbscaled,   // AMD UBSCALED: float of the offset-binary value
  kSharedExp,  // R9G9B9E5: the 9-bit mantissa times 2^(E - 24), E the 5-bit field in W's place
};

// How the texels of a format are stored when they are not plain fixed-size texels.
enum class BlockCodec : uint8_t {
  kNone,  // plain texels
  kBc1,   // 4x4 blocks; see formats/bc_decode.h
  kBc2,
  kBc3,
  kBc4,
  kBc5,
  kBc6h,
  kBc7,
  kGbGr,  // 2x1 texels share one 32-bit word (4:2:2)
  kBgRg,
  kBit,  // 1 bit per texel
  kBitReversed,
};

// What a result dword holds: a float's bits, or an unsigned or signed integer. Decides the value
// of DST_SEL 1 (1.0f or 1) and whether the format can be filtered.
enum class NumericClass : uint8_t { kFloat, kUint, kSint };

struct ChannelDesc {
  uint8_t offset = 0;  // first bit in the texel (bit b is bit b % 8 of byte b / 8)
  uint8_t bits = 0;    // 0 when the channel is not stored
  ChannelKind kind = ChannelKind::kNone;
};

enum FormatFlag : uint8_t {
  kFormatFilterable = 1 << 0,  // sample ops filter it; otherwise they take the POINT texel
  kFormatStorable = 1 << 1,    // IMAGE_STORE* may write it
  kFormatDepth = 1 << 2,       // a depth format (X is depth)
  kFormatStencil = 1 << 3,     // holds a stencil channel (read through the UINT view)
  kFormatSrgb = 1 << 4,        // X, Y, Z are sRGB-encoded
};

struct FormatDesc {
  FormatId id = FormatId::kInvalid;
  const char* name = "INVALID";
  uint8_t bytes = 0;    // per texel, or per block for block codecs
  uint8_t block_w = 1;  // texels per block
  uint8_t block_h = 1;
  BlockCodec codec = BlockCodec::kNone;
  // The channels X, Y, Z, W of a stored texel, or of a decoded texel for block codecs (the
  // codec writes each texel in this layout: BC7 as R8G8B8A8, BC6H as three binary16 fields).
  ChannelDesc ch[4];
  NumericClass numeric = NumericClass::kFloat;
  uint8_t flags = 0;

  constexpr bool ok() const { return id != FormatId::kInvalid; }
  constexpr bool is_block() const { return codec != BlockCodec::kNone; }
  constexpr bool has(FormatFlag f) const { return (flags & f) != 0; }
  // Bytes of one texel as the core handles it: stored (plain) or decoded (block codecs).
  constexpr uint32_t texel_bytes() const {
    if (!is_block()) return bytes;
    uint32_t bits = 0;
    for (const ChannelDesc& c : ch) bits = bits > c.offset + c.bits ? bits : c.offset + c.bits;
    return (bits + 7) / 8;
  }
};

// The row of `id`; the kInvalid row (ok() false) for ids outside the table.
const FormatDesc& GetFormatDesc(FormatId id);
// Every row but kInvalid, in FormatId order.
std::span<const FormatDesc> AllFormats();

// The error for a descriptor whose format is kInvalid: names the T# fields and values it was
// decoded from (DATA_FORMAT and NUM_FORMAT, or GFX10's FORMAT).
Status InvalidFormatStatus(const ImageDesc& desc);

}  // namespace texunit
