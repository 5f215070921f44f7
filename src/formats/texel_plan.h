// A format's row of the format table in the form the SIMD kernels consume: where each channel's
// bits are in the 32-bit words of a texel, the constants its conversion needs, and which fetch
// path reads it. Built once per T# (formats/texel_plan.cc); the decode and encode in
// formats/texel_decode-inl.h and formats/texel_encode-inl.h read only this.
#pragma once

#include <cstdint>

#include "formats/format_table.h"

namespace texunit {

// How texels reach the kernels. The first six are fast paths beside the general one, for the
// formats that matter most for throughput; RuntimeOptions::format_fast_paths turns them off so
// that the general path can be measured and compared on them. Sample ops use all six; loads and
// gathers the RGBA8 and RGBA32F ones (the others read through the general path there).
enum class FetchPath : uint8_t {
  kRgba8Unorm,   // R8G8B8A8_UNORM: one gather, codes filtered as floats
  kRgba8Srgb,    // R8G8B8A8_SRGB
  kRgba8Uint,    // R8G8B8A8_UINT
  kRgba32Float,  // R32G32B32A32_FLOAT: four gathers, no conversion
  kRgba16Float,  // R16G16B16A16_FLOAT: two gathers, four half-to-float conversions
  kR32Float,     // R32_FLOAT (colour or depth): one gather, constant G, B, A
  kPlain,        // any plain format: gather the texel's words, decode each channel by the table
  kBlock,        // block codecs: decode the touched blocks (through a per-thread cache)
};

struct ChannelPlan {
  uint8_t word = 0;   // which 32-bit word of the texel holds the channel
  uint8_t shift = 0;  // bit offset inside that word
  uint8_t bits = 0;   // 0: not stored
  ChannelKind kind = ChannelKind::kNone;
  uint32_t mask = 0;  // (1 << bits) - 1
  // UNORM: 2^n - 1; SNORM: 2^(n-1) - 1; the NZ kinds: 2^n - 1. Sample ops filter UNORM and
  // SNORM channels as codes and divide by this once, after filtering.
  float divisor = 1.0f;
  float reciprocal = 1.0f;  // 1 / divisor, rounded to nearest (DivideByConstant)
  uint32_t bias = 0;        // the UB* kinds: 2^(n-1), subtracted from the code
};

struct TexelPlan {
  FormatId id = FormatId::kInvalid;
  FetchPath path = FetchPath::kPlain;
  BlockCodec codec = BlockCodec::kNone;
  NumericClass numeric = NumericClass::kFloat;
  bool filterable = false;
  bool storable = false;
  bool shared_exponent = false;  // R9G9B9E5: X, Y, Z scale by the field in ch[3]
  uint8_t element_bytes = 0;     // bytes of a stored texel or block
  uint8_t texel_bytes = 0;       // bytes of a texel (decoded, for block codecs)
  uint8_t words = 0;             // 32-bit words that hold a texel: ceil(texel_bytes / 4)
  uint8_t block_w_log2 = 0;      // blocks are 2^w x 2^h texels (0, 0 for plain formats)
  uint8_t block_h_log2 = 0;
  ChannelPlan ch[4];
  uint32_t one_bits = 0x3F800000u;  // DST_SEL 1 and a missing W: 1.0f, or the integer 1
  bool any_post_divide = false;     // some channel's divisor applies after filtering
};

// The plan for `format`, which must be a row of the table (GetFormatDesc(format).ok()).
TexelPlan MakeTexelPlan(FormatId format, bool fast_paths);

}  // namespace texunit
