// Generic texel encode on SIMD lanes, for stores: the 32-bit value of each channel to its stored
// bits, and the channels packed into the texel's 32-bit words (docs/sampling.md, "Encode").
#if defined(TEXUNIT_TEXEL_ENCODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_TEXEL_ENCODE_INL_H_
#undef TEXUNIT_TEXEL_ENCODE_INL_H_
#else
#define TEXUNIT_TEXEL_ENCODE_INL_H_
#endif

#include "formats/channel_convert-inl.h"
#include "formats/srgb_tables.h"
#include "formats/texel_decode-inl.h"
#include "formats/texel_plan.h"
#include "formats/vec4-inl.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// The number of sRGB thresholds at or below a linear value in [0, 1]: its correctly rounded
// 8-bit sRGB code (a binary search over the 255 sorted thresholds).
HWY_INLINE VU EncodeSrgb8(VF f) {
  const DF df;
  const DI di;
  const float* th = GetSrgbTables().encode_threshold;
  VI c = hn::Zero(di);
  for (int step = 128; step >= 1; step >>= 1) {
    const VI cand = hn::Add(c, hn::Set(di, step));
    const VF t = hn::GatherIndex(df, th, hn::Sub(cand, hn::Set(di, 1)));
    c = hn::IfThenElse(hn::RebindMask(di, hn::Ge(f, t)), cand, c);
  }
  return hn::BitCast(DU(), c);
}

// clamp(int(v), lo, hi) for a signed integer value.
HWY_INLINE VI ClampSigned(VI v, int32_t lo, int32_t hi) {
  const DI di;
  return hn::Min(hn::Max(v, hn::Set(di, lo)), hn::Set(di, hi));
}

// The signed code range of an n-bit field.
HWY_INLINE int32_t SignedMin(int bits) { return -static_cast<int32_t>((1u << (bits - 1))); }
HWY_INLINE int32_t SignedMax(int bits) { return static_cast<int32_t>((1u << (bits - 1)) - 1); }

// A signed code as the field stores it: two's complement, or offset binary for the UB* kinds.
HWY_INLINE VU StoredSigned(const ChannelPlan& cp, VI s) {
  const DI di;
  const DU du;
  if (cp.bias != 0) s = hn::Add(s, hn::Set(di, static_cast<int32_t>(cp.bias)));
  return hn::And(hn::BitCast(du, s), hn::Set(du, cp.mask));
}

// The stored bits of channel `c` for the result dword `v` (masked to the field, not shifted).
HWY_INLINE VU EncodeChannel(const TexelPlan& p, int c, VU v) {
  const DF df;
  const DI di;
  const DU du;
  const ChannelPlan& cp = p.ch[c];
  const VF f = AsFloat(v);
  const VF divisor = hn::Set(df, cp.divisor);
  switch (cp.kind) {
    case ChannelKind::kUnorm:
      return hn::BitCast(du, RoundEven(hn::Mul(ClampNanToZero(f, 0.0f, 1.0f), divisor)));
    case ChannelKind::kSnorm:
    case ChannelKind::kUbnorm:
      return StoredSigned(cp, RoundEven(hn::Mul(ClampNanToZero(f, -1.0f, 1.0f), divisor)));
    case ChannelKind::kSnormNz:
    case ChannelKind::kUbnormNz: {
      // The inverse of (2s + 1) / (2^n - 1): s = round((f * (2^n - 1) - 1) / 2).
      const VF t = hn::Mul(ClampNanToZero(f, -1.0f, 1.0f), divisor);
      const VI s = RoundEven(hn::Mul(hn::Sub(t, hn::Set(df, 1.0f)), hn::Set(df, 0.5f)));
      return StoredSigned(cp, ClampSigned(s, SignedMin(cp.bits), SignedMax(cp.bits)));
    }
    case ChannelKind::kUscaled:
      return hn::BitCast(du, RoundEven(ClampNanToZero(f, 0.0f, static_cast<float>(cp.mask))));
    case ChannelKind::kSscaled:
    case ChannelKind::kUbscaled:
      return StoredSigned(cp, RoundEven(ClampNanToZero(f, static_cast<float>(SignedMin(cp.bits)),
                                                       static_cast<float>(SignedMax(cp.bits)))));
    case ChannelKind::kUint:
      return cp.bits == 32 ? v : hn::Min(v, hn::Set(du, cp.mask));
    case ChannelKind::kSint:
    case ChannelKind::kUbint:
      if (cp.bits == 32) return v;
      return StoredSigned(cp,
                          ClampSigned(hn::BitCast(di, v), SignedMin(cp.bits), SignedMax(cp.bits)));
    case ChannelKind::kFloat:
      if (cp.bits == 32) return v;
      return F32ToSmallFloat(v, FloatMantissaBits(cp.bits), cp.bits == 16);
    case ChannelKind::kSrgb:
      return EncodeSrgb8(ClampNanToZero(f, 0.0f, 1.0f));
    default:
      return hn::Zero(du);  // kNone; kSharedExp is EncodeSharedExp's
  }
}

// floor(x + 1/2) of the exact value x >= 0: the fraction is compared, not added (an addition
// could round up a fraction just below one half).
HWY_INLINE VF RoundHalfUp(VF x) {
  const DF df;
  const VF i = hn::Floor(x);
  const auto up = hn::Ge(hn::Sub(x, i), hn::Set(df, 0.5f));
  return hn::Add(i, hn::IfThenElseZero(up, hn::Set(df, 1.0f)));
}

// R9G9B9E5 from the X, Y, Z values: the shared-exponent rule of the Vulkan specification
// ("Shared Exponent Conversion", N = 9, B = 15, Emax = 31) evaluated exactly. Writes the mantissa
// codes to code[0..2] and the exponent to code[3]; v[3] is not read.
HWY_INLINE void EncodeSharedExp(Vec4<VU> v, Vec4<VU> code) {
  const DF df;
  const DI di;
  const DU du;
  const float kMax = 65408.0f;  // (2^9 - 1) / 2^9 * 2^(31 - 15)
  TEXUNIT_VEC4(VF, c);          // X, Y, Z
  for (int i = 0; i < 3; ++i) c[i] = ClampNanToZero(AsFloat(v[i]), 0.0f, kMax);
  const VF max_c = hn::Max(hn::Max(c[0], c[1]), c[2]);
  // floor(log2(max_c)) is the binary32 exponent (denormals and 0 fall below -16 and clamp).
  const VI e = hn::Sub(hn::ShiftRight<23>(hn::BitCast(di, max_c)), hn::Set(di, 127));
  const VI exp_p = hn::Add(hn::Max(e, hn::Set(di, -16)), hn::Set(di, 16));
  // max_s = floor(max_c / 2^(exp_p - 24) + 0.5); one more exponent when it reaches 2^9.
  const VF max_s = RoundHalfUp(hn::Mul(max_c, Pow2(hn::Sub(hn::Set(di, 24), exp_p))));
  const auto carry = hn::RebindMask(di, hn::Ge(max_s, hn::Set(df, 512.0f)));
  const VI exp_s = hn::Add(exp_p, hn::IfThenElseZero(carry, hn::Set(di, 1)));
  const VF scale = Pow2(hn::Sub(hn::Set(di, 24), exp_s));
  for (int i = 0; i < 3; ++i) {
    code[i] = hn::BitCast(du, hn::ConvertTo(di, RoundHalfUp(hn::Mul(c[i], scale))));
  }
  code[3] = hn::BitCast(du, exp_s);
}

// All four channels' stored bits. `v[c]` is the value for channel c (the whole-element rule has
// already put 0 in channels the store does not supply).
HWY_INLINE void EncodeTexel(const TexelPlan& p, Vec4<VU> v, Vec4<VU> code) {
  if (p.shared_exponent) {
    EncodeSharedExp(v, code);
    return;
  }
  for (int c = 0; c < 4; ++c) code[c] = EncodeChannel(p, c, v[c]);
}

// Fields into the texel's words: word k holds bytes 4k..4k+3.
HWY_INLINE void PackTexel(const TexelPlan& p, Vec4<VU> code, Vec4<VU> w) {
  const DU du;
  for (int k = 0; k < 4; ++k) w[k] = hn::Zero(du);
  for (int c = 0; c < 4; ++c) {
    const ChannelPlan& cp = p.ch[c];
    if (cp.bits == 0) continue;
    const VU field = cp.bits == 32 ? code[c] : hn::And(code[c], hn::Set(du, cp.mask));
    w[cp.word] = hn::Or(w[cp.word], hn::ShiftLeftSame(field, cp.shift));
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_TEXEL_ENCODE_INL_H_
