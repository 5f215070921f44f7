// Per-channel conversions between a format's stored bits and 32-bit values, on SIMD lanes of u32
// (docs/sampling.md, "Formats"). Every function is exact and uses only integer operations and
// single IEEE float operations in a fixed order, so every Highway target produces the same bits.
#if defined(TEXUNIT_CHANNEL_CONVERT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_CHANNEL_CONVERT_INL_H_
#undef TEXUNIT_CHANNEL_CONVERT_INL_H_
#else
#define TEXUNIT_CHANNEL_CONVERT_INL_H_
#endif

#include <cstdint>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

// The lane types every kernel uses: 32-bit float, signed and unsigned lanes of the widest vector.
using DF = hn::ScalableTag<float>;
using DI = hn::RebindToSigned<DF>;
using DU = hn::RebindToUnsigned<DF>;
using VF = hn::Vec<DF>;
using VI = hn::Vec<DI>;
using VU = hn::Vec<DU>;
using MF = hn::Mask<DF>;
using MI = hn::Mask<DI>;

// The low `bits` bits of `raw` sign-extended to 32 (1 <= bits <= 32).
HWY_INLINE VI SignExtend(VU raw, int bits) {
  const DI di;
  const int up = 32 - bits;
  return hn::ShiftRightSame(hn::ShiftLeftSame(hn::BitCast(di, raw), up), up);
}

// A float from its bits.
HWY_INLINE VF AsFloat(VU bits) { return hn::BitCast(DF(), bits); }
HWY_INLINE VU AsBits(VF f) { return hn::BitCast(DU(), f); }

// float(c) for 0 <= c < 2^31.
HWY_INLINE VF UnsignedToFloat(VU c) { return hn::ConvertTo(DF(), hn::BitCast(DI(), c)); }

// 2^e as a float, for -126 <= e <= 127 in every lane.
HWY_INLINE VF Pow2(VI e) {
  const DI di;
  return hn::BitCast(DF(), hn::ShiftLeft<23>(hn::Add(e, hn::Set(di, 127))));
}

// An unsigned or signed small float (binary16, or the 11- and 10-bit unsigned floats of
// R11G11B10: 5-bit exponent with bias 15 and `mant_bits` of mantissa) to binary32, exactly:
// denormals become normal floats, Inf stays Inf, a NaN keeps its payload's top bits.
HWY_INLINE VU SmallFloatToF32(VU raw, int mant_bits, bool has_sign) {
  const DF df;
  const DU du;
  const DI di;
  const VU mant = hn::And(raw, hn::Set(du, (1u << mant_bits) - 1));
  const VU exp = hn::And(hn::ShiftRightSame(raw, mant_bits), hn::Set(du, 0x1Fu));
  const int widen = 23 - mant_bits;
  // Normal: rebias 15 -> 127.
  VU out =
      hn::Or(hn::ShiftLeft<23>(hn::Add(exp, hn::Set(du, 112u))), hn::ShiftLeftSame(mant, widen));
  // Exponent 31: Inf or NaN.
  const auto special = hn::Eq(exp, hn::Set(du, 0x1Fu));
  out = hn::IfThenElse(special, hn::Or(hn::Set(du, 0x7F800000u), hn::ShiftLeftSame(mant, widen)),
                       out);
  // Exponent 0: mant * 2^(-14 - mant_bits), exact in binary32.
  const VF denorm = hn::Mul(UnsignedToFloat(mant), Pow2(hn::Set(di, -14 - mant_bits)));
  out = hn::IfThenElse(hn::Eq(exp, hn::Zero(du)), AsBits(denorm), out);
  if (has_sign) {
    const VU sign = hn::And(raw, hn::Set(du, 1u << (mant_bits + 5)));
    out = hn::Or(out, hn::ShiftLeftSame(sign, 31 - (mant_bits + 5)));
  }
  (void)df;
  return out;
}

// binary32 to a small float (binary16: mant_bits 10, signed; the unsigned 11- and 10-bit floats:
// mant_bits 6 and 5), rounded to nearest even. NaN stays NaN (quiet bit set, payload's top bits
// kept). binary16: overflow and Inf give Inf. Unsigned: negative values (-0 and -Inf included)
// give 0, Inf gives Inf, and a finite value above the largest finite gives the largest finite
// (the D3D11 rule for R11G11B10_FLOAT). Denormal results are rounded correctly.
HWY_INLINE VU F32ToSmallFloat(VU v, int mant_bits, bool has_sign) {
  const DF df;
  const DU du;
  const DI di;
  const int drop = 23 - mant_bits;
  const VU abs = hn::And(v, hn::Set(du, 0x7FFFFFFFu));
  const VU inf_code = hn::Set(du, 0x1Fu << mant_bits);
  // Normal results: rebias 127 -> 15 and round the dropped bits to nearest even.
  const VU lsb = hn::And(hn::ShiftRightSame(abs, drop), hn::Set(du, 1u));
  const VU round = hn::Add(hn::Set(du, (1u << (drop - 1)) - 1), lsb);
  VU out = hn::ShiftRightSame(hn::Add(hn::Sub(abs, hn::Set(du, 112u << 23)), round), drop);
  // Denormal results: |v| * 2^(14 + mant_bits) rounded to an integer mantissa (a result of
  // 1 << mant_bits is the smallest normal, whose code is the same number).
  const VF scaled = hn::Mul(AsFloat(abs), Pow2(hn::Set(di, 14 + mant_bits)));
  const VU denorm = hn::BitCast(du, hn::NearestInt(scaled));
  out = hn::IfThenElse(hn::Lt(abs, hn::Set(du, 113u << 23)), denorm, out);
  // The smallest binary32 value that rounds past the largest finite code.
  const uint32_t max_finite = (0x1Eu << mant_bits) | ((1u << mant_bits) - 1);
  const uint32_t overflow = ((max_finite + 1) << drop) + (112u << 23) - (1u << (drop - 1));
  const auto nan = hn::Gt(abs, hn::Set(du, 0x7F800000u));
  const auto is_inf = hn::Eq(abs, hn::Set(du, 0x7F800000u));
  const auto big = hn::Not(hn::Lt(abs, hn::Set(du, overflow)));
  if (has_sign) {
    out = hn::IfThenElse(big, inf_code, out);  // overflow and Inf
  } else {
    out = hn::IfThenElse(big, hn::Set(du, max_finite), out);
    out = hn::IfThenElse(is_inf, inf_code, out);
  }
  const VU quiet_nan =
      hn::Or(hn::Or(inf_code, hn::Set(du, 1u << (mant_bits - 1))),
             hn::And(hn::ShiftRightSame(abs, drop), hn::Set(du, (1u << mant_bits) - 1)));
  out = hn::IfThenElse(nan, quiet_nan, out);
  const auto negative = hn::Ne(hn::And(v, hn::Set(du, 0x80000000u)), hn::Zero(du));
  if (has_sign) {
    out = hn::Or(out, hn::IfThenElseZero(negative, hn::Set(du, 1u << (mant_bits + 5))));
  } else {
    out = hn::IfThenZeroElse(hn::AndNot(nan, negative), out);
  }
  (void)df;
  return out;
}

// Round half to even of a float to int32 for |f| < 2^31 (NearestInt).
HWY_INLINE VI RoundEven(VF f) { return hn::NearestInt(f); }

// NaN becomes 0, then f is clamped to [lo, hi].
HWY_INLINE VF ClampNanToZero(VF f, float lo, float hi) {
  const DF df;
  f = hn::IfThenZeroElse(hn::IsNaN(f), f);
  return hn::Min(hn::Max(f, hn::Set(df, lo)), hn::Set(df, hi));
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_CHANNEL_CONVERT_INL_H_
