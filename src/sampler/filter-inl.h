// The filter stage of the sampler ops (docs/sampling.md, "Depth compare" and "Filtering"): the
// per-texel depth compare of _C (true PCF: before any weighting), the bilinear weights, the
// linear mip blend and FILTER_MODE's min/max reductions. Fixed operation order, no MulAdd: every
// target gives identical bits.
#if defined(TEXUNIT_FILTER_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_FILTER_INL_H_
#undef TEXUNIT_FILTER_INL_H_
#else
#define TEXUNIT_FILTER_INL_H_
#endif

#include "formats/texel_decode-inl.h"
#include "formats/vec4-inl.h"
#include "hwy/highway.h"
#include "sampler/address-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// _C: the reference, clamped to [0, 1] (NaN to 0) for a UNORM depth channel.
HWY_INLINE VF CompareReference(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  VF ref = hn::LoadU(df, op.zcompare + base);
  if (s.key.compare_clamp_ref) {
    ref = hn::IfThenZeroElse(hn::IsNaN(ref), ref);
    ref = hn::Min(hn::Max(ref, hn::Zero(df)), hn::Set(df, 1.0f));
  }
  return ref;
}

// Replaces a texel by its compare result (r, r, r, r). `depth` is its X channel as a load returns
// it (binary32 denormals flushed). Highway's float comparisons are ordered: false for NaN.
HWY_INLINE void CompareTexel(const WaveSetup& s, VF ref, VF depth, Vec4<VF> t) {
  const DF df;
  MF pass;
  switch (s.key.compare_func) {
    case CompareFunc::kLess:
      pass = hn::Lt(ref, depth);
      break;
    case CompareFunc::kEqual:
      pass = hn::Eq(ref, depth);
      break;
    case CompareFunc::kLessEqual:
      pass = hn::Le(ref, depth);
      break;
    case CompareFunc::kGreater:
      pass = hn::Gt(ref, depth);
      break;
    case CompareFunc::kNotEqual:
      pass = hn::Not(hn::Eq(ref, depth));
      break;
    case CompareFunc::kGreaterEqual:
      pass = hn::Ge(ref, depth);
      break;
    case CompareFunc::kAlways:
      pass = hn::FirstN(df, hn::Lanes(df));
      break;
    default:  // kNever
      pass = hn::FirstN(df, 0);
      break;
  }
  const VF r = hn::IfThenElseZero(pass, hn::Set(df, 1.0f));
  for (int c = 0; c < 4; ++c) t[c] = r;
}

// The X channel of a filter-domain texel as a load returns it: a code divided once, as PostDivide
// divides the filtered result.
HWY_INLINE VF DepthOf(const WaveSetup& s, Vec4<VF> t) {
  return s.compare_divisor != 0.0f ? DivideByConstant(t[0], s.compare_divisor, s.compare_reciprocal)
                                   : t[0];
}

// A border texel: its channels (bits per channel, in the domain the caller works in) replace what
// was read on the `border` lanes.
template <class D>
HWY_INLINE void BorderTexel(D d, const uint32_t bits[4], hn::Mask<D> border, Vec4<hn::Vec<D>> t) {
  const hn::RebindToUnsigned<D> du;
  for (int c = 0; c < 4; ++c) {
    t[c] = hn::IfThenElse(border, hn::BitCast(d, hn::Set(du, bits[c])), t[c]);
  }
}

// BILINEAR per channel, in the contract's order; lanes outside `linear` take t00 as is (a zero
// weight times an infinite neighbour would be NaN).
HWY_INLINE void Bilerp(const Footprint& f, MF linear, Vec4<VF> t00, Vec4<VF> t10, Vec4<VF> t01,
                       Vec4<VF> t11, Vec4<VF> out) {
  const DF df;
  const VF one = hn::Set(df, 1.0f);
  const VF na = hn::Sub(one, f.a), nb = hn::Sub(one, f.b);
  const VF w00 = hn::Mul(na, nb), w10 = hn::Mul(f.a, nb);
  const VF w01 = hn::Mul(na, f.b), w11 = hn::Mul(f.a, f.b);
  for (int c = 0; c < 4; ++c) {
    VF r = hn::Add(hn::Mul(w00, t00[c]), hn::Mul(w10, t10[c]));
    r = hn::Add(r, hn::Mul(w01, t01[c]));
    r = hn::Add(r, hn::Mul(w11, t11[c]));
    out[c] = hn::IfThenElse(linear, r, t00[c]);
  }
}

// 1D images: (1 - a) * t0 + a * t1 per channel on the `linear` lanes, t0 on the others.
HWY_INLINE void Lerp1D(const Footprint& f, MF linear, Vec4<VF> t0, Vec4<VF> t1, Vec4<VF> out) {
  const DF df;
  const VF na = hn::Sub(hn::Set(df, 1.0f), f.a);
  for (int c = 0; c < 4; ++c) {
    const VF r = hn::Add(hn::Mul(na, t0[c]), hn::Mul(f.a, t1[c]));
    out[c] = hn::IfThenElse(linear, r, t0[c]);
  }
}

// (1 - f) * c + f * c1 on the `blend` lanes, c elsewhere: the mip LINEAR blend of two levels'
// results, and 3D's LINEAR z blend of two depth slices'.
HWY_INLINE void LerpBlend(VF frac, MF blend, Vec4<VF> c1, Vec4<VF> c) {
  const DF df;
  const VF nf = hn::Sub(hn::Set(df, 1.0f), frac);
  for (int i = 0; i < 4; ++i) {
    c[i] = hn::IfThenElse(blend, hn::Add(hn::Mul(nf, c[i]), hn::Mul(frac, c1[i])), c[i]);
  }
}

// IEEE 754 minNum / maxNum with -0 < +0: a NaN operand yields the other.
template <bool kMax>
HWY_INLINE VF MinMaxNum(VF a, VF b) {
  VF r = hn::IfThenElse(kMax ? hn::Gt(a, b) : hn::Lt(a, b), a, b);
  r = hn::IfThenElse(hn::Eq(a, b), kMax ? hn::And(a, b) : hn::Or(a, b), r);  // the zeros' signs
  r = hn::IfThenElse(hn::IsNaN(a), b, r);
  return hn::IfThenElse(hn::IsNaN(b), a, r);
}

// FILTER_MODE MIN or MAX: `acc` reduced with `t` on the `use` lanes (a non-zero weight).
HWY_INLINE VF ReduceWith(FilterMode mode, MF use, VF acc, VF t) {
  return hn::IfThenElse(
      use, mode == FilterMode::kMax ? MinMaxNum<true>(acc, t) : MinMaxNum<false>(acc, t), acc);
}

// The 2x2 footprint combined by the S#'s FILTER_MODE: Bilerp for BLEND, else the minimum or
// maximum of the texels with a non-zero weight (t00 always; lanes outside `linear` have a = b = 0).
HWY_INLINE void Combine2x2(FilterMode mode, const Footprint& f, MF linear, Vec4<VF> t00,
                           Vec4<VF> t10, Vec4<VF> t01, Vec4<VF> t11, Vec4<VF> out) {
  if (mode == FilterMode::kBlend) return Bilerp(f, linear, t00, t10, t01, t11, out);
  const DF df;
  const MF ua = hn::And(linear, hn::Gt(f.a, hn::Zero(df)));
  const MF ub = hn::And(linear, hn::Gt(f.b, hn::Zero(df)));
  for (int c = 0; c < 4; ++c) {
    VF r = ReduceWith(mode, ua, t00[c], t10[c]);
    r = ReduceWith(mode, ub, r, t01[c]);
    out[c] = ReduceWith(mode, hn::And(ua, ub), r, t11[c]);
  }
}

// 1D's pair combined by FILTER_MODE.
HWY_INLINE void Combine1D(FilterMode mode, const Footprint& f, MF linear, Vec4<VF> t0, Vec4<VF> t1,
                          Vec4<VF> out) {
  if (mode == FilterMode::kBlend) return Lerp1D(f, linear, t0, t1, out);
  const DF df;
  const MF ua = hn::And(linear, hn::Gt(f.a, hn::Zero(df)));
  for (int c = 0; c < 4; ++c) out[c] = ReduceWith(mode, ua, t0[c], t1[c]);
}

// Two levels' (or 3D slices') results combined by FILTER_MODE on the `blend` lanes: LerpBlend, or
// the reduction where the second's weight `frac` is non-zero.
HWY_INLINE void CombineBlend(FilterMode mode, VF frac, MF blend, Vec4<VF> c1, Vec4<VF> c) {
  if (mode == FilterMode::kBlend) return LerpBlend(frac, blend, c1, c);
  const DF df;
  const MF use = hn::And(blend, hn::Gt(frac, hn::Zero(df)));
  for (int i = 0; i < 4; ++i) c[i] = ReduceWith(mode, use, c[i], c1[i]);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_FILTER_INL_H_
