// Generic texel decode on SIMD lanes: a texel's 32-bit words (as gathered, or as a block codec
// wrote them) to its four channels, by the format's TexelPlan (docs/sampling.md, "Formats").
//  - DecodeForLoad gives the 32-bit result of each channel: float bits, or integers for the
//    integer kinds; binary32 denormals are kept.
//  - DecodeForSample gives what sample ops filter: UNORM and SNORM channels as their codes (SNORM
//    clamped to -(2^(n-1) - 1)), divided by ChannelPlan::divisor after filtering (PostDivide),
//    so a point sample equals the load; binary32 denormals are flushed; the rest as for loads.
//  - RawTexel gives the stored bits for the _PCK loads.
#if defined(TEXUNIT_TEXEL_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_TEXEL_DECODE_INL_H_
#undef TEXUNIT_TEXEL_DECODE_INL_H_
#else
#define TEXUNIT_TEXEL_DECODE_INL_H_
#endif

#include "formats/channel_convert-inl.h"
#include "formats/srgb_tables.h"
#include "formats/texel_plan.h"
#include "formats/vec4-inl.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Mantissa bits of a float channel of `bits` bits: binary16 10, the unsigned 11- and 10-bit
// floats 6 and 5.
constexpr int FloatMantissaBits(int bits) { return bits == 16 ? 10 : bits - 5; }

// A denormal binary32 becomes zero of the same sign.
HWY_INLINE VF FlushDenormal(VF v) {
  const DF df;
  const auto tiny = hn::Lt(hn::Abs(v), hn::Set(df, 1.17549435e-38f));
  return hn::IfThenElse(tiny, hn::And(v, hn::Set(df, -0.0f)), v);
}

// x / d correctly rounded, as Div gives it, for a finite x and a divisor d >= 1 with r = 1 / d
// rounded to nearest. With a fused multiply-add: q = x r, the residual q d - x (exact in an FMA)
// and one correction q - (q d - x) r, which rounds to x / d (Markstein's theorem; tests/formats/
// divide_test.cc checks every binary32 of a binade for every divisor 2^n - 1, and every binary32
// below 2^-90 matched for the divisors formats use) and keeps the sign of a zero, for a fraction
// of a vector division's cost (vdivps: 16 cycles a vector on AVX-512 Xeons). Codes and filtered
// codes are always finite; an infinite x would give NaN (DivideAnyByConstant takes those).
// Without FMA: the division.
HWY_INLINE VF DivideByConstant(VF x, float d, float r) {
  const DF df;
#if HWY_NATIVE_FMA
  const VF q = hn::Mul(x, hn::Set(df, r));
  return hn::NegMulAdd(hn::MulSub(q, hn::Set(df, d), x), hn::Set(df, r), q);
#else
  (void)r;
  return hn::Div(x, hn::Set(df, d));
#endif
}

// x / 255 correctly rounded for x an integer in [0, 255] (an 8-bit UNORM code, unfiltered): with
// 1/255 split into hi + lo (hi rounded to binary32, lo the rest), x hi + x lo rounds to x / 255
// for each of the 256 codes (tests/formats/divide_test.cc checks them on every target): one
// operation fewer than DivideByConstant. Without FMA: the division.
HWY_INLINE VF DivideCodeBy255(VF x) {
  const DF df;
#if HWY_NATIVE_FMA
  constexpr float kHi = 1.0f / 255.0f;
  constexpr float kLo = static_cast<float>(1.0 / 255.0 - static_cast<double>(kHi));
  return hn::MulAdd(x, hn::Set(df, kHi), hn::Mul(x, hn::Set(df, kLo)));
#else
  return hn::Div(x, hn::Set(df, 255.0f));
#endif
}

// DivideByConstant for any x, infinities included (a REGISTER border color in the filter domain):
// they, and nonzero |x| below 2^-100 (no proof reaches quotients below FLT_MIN), take the
// division. The check costs as much as the division saves, so only waves with a border color
// pay it.
HWY_INLINE VF DivideAnyByConstant(VF x, float d, float r) {
  const DF df;
  const DI di;
  const VF y = DivideByConstant(x, d, r);
  const VI bits = hn::BitCast(di, hn::Abs(x));
  const auto special =
      hn::Or(hn::And(hn::Gt(bits, hn::Zero(di)), hn::Lt(bits, hn::Set(di, 0x0D800000))),  // 2^-100
             hn::Eq(bits, hn::Set(di, 0x7F800000)));                                      // inf
  if (HWY_LIKELY(hn::AllFalse(di, special))) return y;
  return hn::IfThenElse(hn::RebindMask(df, special), hn::Div(x, hn::Set(df, d)), y);
}

HWY_INLINE VU RawField(const ChannelPlan& cp, Vec4<VU> w) {
  const DU du;
  const VU word = w[cp.word];
  if (cp.bits == 32) return word;
  return hn::And(hn::ShiftRightSame(word, cp.shift), hn::Set(du, cp.mask));
}

// The signed value of a channel: two's complement, or offset binary for the UB* kinds.
HWY_INLINE VI SignedValue(const ChannelPlan& cp, VU raw) {
  const DI di;
  if (cp.bias != 0)
    return hn::Sub(hn::BitCast(di, raw), hn::Set(di, static_cast<int32_t>(cp.bias)));
  return SignExtend(raw, cp.bits);
}

// X, Y, Z of R9G9B9E5: mantissa * 2^(E - 24).
HWY_INLINE VF SharedExpValue(const TexelPlan& p, VU mantissa, Vec4<VU> w) {
  const DI di;
  const VI e = hn::BitCast(di, RawField(p.ch[3], w));
  return hn::Mul(UnsignedToFloat(mantissa), Pow2(hn::Sub(e, hn::Set(di, 24))));
}

// Channel `c` as a float, for every kind but the integer ones and kNone. `codes`: UNORM and
// SNORM give their (clamped) codes instead of the normalized value.
HWY_INLINE VF ChannelFloat(const TexelPlan& p, int c, Vec4<VU> w, bool codes) {
  const DF df;
  const DI di;
  const ChannelPlan& cp = p.ch[c];
  const VU raw = RawField(cp, w);
  const VF divisor = hn::Set(df, cp.divisor);
  switch (cp.kind) {
    case ChannelKind::kUnorm: {
      const VF code = UnsignedToFloat(raw);
      return codes ? code : DivideByConstant(code, cp.divisor, cp.reciprocal);
    }
    case ChannelKind::kSnorm:
    case ChannelKind::kUbnorm: {
      const VF s = hn::ConvertTo(df, SignedValue(cp, raw));
      if (codes) return hn::Max(s, hn::Neg(divisor));
      return hn::Max(DivideByConstant(s, cp.divisor, cp.reciprocal), hn::Set(df, -1.0f));
    }
    case ChannelKind::kSnormNz:
    case ChannelKind::kUbnormNz: {
      const VI s = SignedValue(cp, raw);
      return DivideByConstant(hn::ConvertTo(df, hn::Add(hn::Add(s, s), hn::Set(di, 1))), cp.divisor,
                              cp.reciprocal);
    }
    case ChannelKind::kUscaled:
      return UnsignedToFloat(raw);
    case ChannelKind::kSscaled:
    case ChannelKind::kUbscaled:
      return hn::ConvertTo(df, SignedValue(cp, raw));
    case ChannelKind::kFloat:
      if (cp.bits == 32) return AsFloat(raw);
      return AsFloat(SmallFloatToF32(raw, FloatMantissaBits(cp.bits), cp.bits == 16));
    case ChannelKind::kSrgb:
      return hn::GatherIndex(df, GetSrgbTables().decode, hn::BitCast(di, raw));
    case ChannelKind::kSharedExp:
      return SharedExpValue(p, raw, w);
    default:
      return hn::Zero(df);
  }
}

HWY_INLINE bool IsIntegerKind(ChannelKind k) {
  return k == ChannelKind::kUint || k == ChannelKind::kSint || k == ChannelKind::kUbint;
}

// The integer kinds: the value's bits.
HWY_INLINE VU ChannelInteger(const ChannelPlan& cp, Vec4<VU> w) {
  const DU du;
  const VU raw = RawField(cp, w);
  if (cp.kind == ChannelKind::kUint) return raw;
  return hn::BitCast(du, SignedValue(cp, raw));
}

HWY_INLINE VU MissingChannel(const TexelPlan& p, int c) {
  const DU du;
  return c == 3 ? hn::Set(du, p.one_bits) : hn::Zero(du);
}

HWY_INLINE void DecodeForLoad(const TexelPlan& p, Vec4<VU> w, Vec4<VU> out) {
  for (int c = 0; c < 4; ++c) {
    const ChannelPlan& cp = p.ch[c];
    if (cp.kind == ChannelKind::kNone) {
      out[c] = MissingChannel(p, c);
    } else if (IsIntegerKind(cp.kind)) {
      out[c] = ChannelInteger(cp, w);
    } else {
      out[c] = AsBits(ChannelFloat(p, c, w, /*codes=*/false));
    }
  }
}

HWY_INLINE void DecodeForSample(const TexelPlan& p, Vec4<VU> w, Vec4<VF> out) {
  for (int c = 0; c < 4; ++c) {
    const ChannelPlan& cp = p.ch[c];
    if (cp.kind == ChannelKind::kNone) {
      out[c] = AsFloat(MissingChannel(p, c));
    } else if (IsIntegerKind(cp.kind)) {
      out[c] = AsFloat(ChannelInteger(cp, w));
    } else {
      VF v = ChannelFloat(p, c, w, /*codes=*/true);
      if (cp.kind == ChannelKind::kFloat && cp.bits == 32) v = FlushDenormal(v);
      out[c] = v;
    }
  }
}

// After filtering: UNORM and SNORM codes become values. `border`: the wave has a border color,
// which may have made any value of them.
HWY_INLINE void PostDivide(const TexelPlan& p, Vec4<VF> v, bool border = false) {
  if (!p.any_post_divide) return;
  for (int c = 0; c < 4; ++c) {
    const ChannelKind k = p.ch[c].kind;
    if (k == ChannelKind::kUnorm || k == ChannelKind::kSnorm || k == ChannelKind::kUbnorm) {
      v[c] = border ? DivideAnyByConstant(v[c], p.ch[c].divisor, p.ch[c].reciprocal)
                    : DivideByConstant(v[c], p.ch[c].divisor, p.ch[c].reciprocal);
    }
  }
}

// _PCK loads: the texel's raw bits in dwords, no conversion (docs/sampling.md, "_PCK"): a texel
// of 1 or 2 bytes is zero-extended, or sign-extended from its width with `sign`; words past the
// texel read as 0.
HWY_INLINE void RawTexel(const TexelPlan& p, Vec4<VU> w, bool sign, Vec4<VU> out) {
  const DU du;
  for (int k = 0; k < 4; ++k) out[k] = k < p.words ? w[k] : hn::Zero(du);
  if (p.element_bytes >= 4) return;
  const int bits = 8 * p.element_bytes;
  out[0] =
      sign ? hn::BitCast(du, SignExtend(w[0], bits)) : hn::And(w[0], hn::Set(du, (1u << bits) - 1));
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_TEXEL_DECODE_INL_H_
