#include "formats/texel_plan.h"

#include <bit>

namespace texunit {

namespace {

float Divisor(ChannelKind kind, int bits) {
  const float full = static_cast<float>((uint64_t{1} << bits) - 1);
  const float half = static_cast<float>((uint64_t{1} << (bits - 1)) - 1);
  switch (kind) {
    case ChannelKind::kUnorm:
    case ChannelKind::kSnormNz:
    case ChannelKind::kUbnormNz:
      return full;
    case ChannelKind::kSnorm:
    case ChannelKind::kUbnorm:
      return half;
    default:
      return 1.0f;
  }
}

bool IsUnbiased(ChannelKind kind) {
  return kind == ChannelKind::kUbnorm || kind == ChannelKind::kUbnormNz ||
         kind == ChannelKind::kUbint || kind == ChannelKind::kUbscaled;
}

FetchPath FastPath(FormatId id) {
  switch (id) {
    case FormatId::kR8G8B8A8_UNORM:
      return FetchPath::kRgba8Unorm;
    case FormatId::kR8G8B8A8_SRGB:
      return FetchPath::kRgba8Srgb;
    case FormatId::kR8G8B8A8_UINT:
      return FetchPath::kRgba8Uint;
    case FormatId::kR32G32B32A32_FLOAT:
      return FetchPath::kRgba32Float;
    case FormatId::kR16G16B16A16_FLOAT:
      return FetchPath::kRgba16Float;
    case FormatId::kR32_FLOAT:
      return FetchPath::kR32Float;
    default:
      return FetchPath::kPlain;
  }
}

}  // namespace

TexelPlan MakeTexelPlan(FormatId format, bool fast_paths) {
  const FormatDesc& d = GetFormatDesc(format);
  TexelPlan p;
  p.id = format;
  p.codec = d.codec;
  p.numeric = d.numeric;
  p.filterable = d.has(kFormatFilterable);
  p.storable = d.has(kFormatStorable);
  p.element_bytes = d.bytes;
  p.texel_bytes = static_cast<uint8_t>(d.texel_bytes());
  p.words = static_cast<uint8_t>((p.texel_bytes + 3) / 4);
  p.block_w_log2 = static_cast<uint8_t>(std::countr_zero(unsigned{d.block_w}));
  p.block_h_log2 = static_cast<uint8_t>(std::countr_zero(unsigned{d.block_h}));
  p.one_bits = d.numeric == NumericClass::kFloat ? 0x3F800000u : 1u;
  if (d.is_block()) {
    p.path = FetchPath::kBlock;
  } else {
    p.path = fast_paths ? FastPath(format) : FetchPath::kPlain;
  }
  for (int c = 0; c < 4; ++c) {
    const ChannelDesc& ch = d.ch[c];
    ChannelPlan& cp = p.ch[c];
    cp.kind = ch.kind;
    cp.bits = ch.bits;
    cp.word = static_cast<uint8_t>(ch.offset / 32);
    cp.shift = static_cast<uint8_t>(ch.offset % 32);
    if (ch.bits == 0) continue;
    cp.mask = ch.bits == 32 ? ~0u : (1u << ch.bits) - 1;
    cp.divisor = Divisor(ch.kind, ch.bits);
    cp.reciprocal = 1.0f / cp.divisor;
    if (IsUnbiased(ch.kind)) cp.bias = 1u << (ch.bits - 1);
    if (ch.kind == ChannelKind::kSharedExp) p.shared_exponent = true;
    if (ch.kind == ChannelKind::kUnorm || ch.kind == ChannelKind::kSnorm ||
        ch.kind == ChannelKind::kUbnorm) {
      p.any_post_divide = true;
    }
  }
  return p;
}

}  // namespace texunit
