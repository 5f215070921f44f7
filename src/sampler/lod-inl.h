// The LOD stage of the sampler ops (docs/sampling.md, "LOD" and "Filter and level selection"):
// lambda from the quads (implicit), from derivative operands (_D per lane, _CD per quad) or from
// the lod operand (_L); bias, the S# and _CL clamps, kHardware quantisation; then the view
// levels each lane reads. Lanes of one chunk may land on different levels.
#if defined(TEXUNIT_LOD_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_LOD_INL_H_
#undef TEXUNIT_LOD_INL_H_
#else
#define TEXUNIT_LOD_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/sampler_operands-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// log2(x) for the LOD: exponent plus an odd atanh series of the mantissa reduced to
// [sqrt(1/2), sqrt(2)); absolute error < 2e-6. log2(0 or denormal) = -inf, log2(inf) = inf,
// log2(NaN) = NaN, log2(negative) = NaN.
HWY_INLINE VF Log2(DF df, VF x) {
  const DI di;
  const VI bits = hn::BitCast(di, x);
  VI e = hn::Sub(hn::ShiftRight<23>(hn::And(bits, hn::Set(di, 0x7F800000))), hn::Set(di, 127));
  VF m = hn::BitCast(df, hn::Or(hn::And(bits, hn::Set(di, 0x007FFFFF)), hn::Set(di, 0x3F800000)));
  const MF big = hn::Gt(m, hn::Set(df, 1.41421356f));
  m = hn::IfThenElse(big, hn::Mul(m, hn::Set(df, 0.5f)), m);
  e = hn::Add(e, hn::IfThenElseZero(hn::RebindMask(di, big), hn::Set(di, 1)));
  const VF z = hn::Div(hn::Sub(m, hn::Set(df, 1.0f)), hn::Add(m, hn::Set(df, 1.0f)));
  const VF z2 = hn::Mul(z, z);
  // 2 / ((2k+1) ln 2) for k = 0..4.
  VF p = hn::Set(df, 0.32059590f);
  p = hn::Add(hn::Mul(p, z2), hn::Set(df, 0.41219474f));
  p = hn::Add(hn::Mul(p, z2), hn::Set(df, 0.57707264f));
  p = hn::Add(hn::Mul(p, z2), hn::Set(df, 0.96179669f));
  p = hn::Add(hn::Mul(p, z2), hn::Set(df, 2.88539008f));
  VF r = hn::Add(hn::ConvertTo(df, e), hn::Mul(p, z));
  const VF inf = hn::Set(df, HUGE_VALF);
  r = hn::IfThenElse(hn::Lt(x, hn::Set(df, 1.17549435e-38f)), hn::Neg(inf), r);
  r = hn::IfThenElse(hn::Eq(x, inf), inf, r);
  // hn::IsNaN, not Ne(x, x): Highway 1.0.3 compares != as ordered (false for NaN) on AVX2/AVX3.
  const MF bad = hn::Or(hn::IsNaN(x), hn::Lt(x, hn::Zero(df)));
  return hn::IfThenElse(bad, hn::Set(df, __builtin_nanf("")), r);
}

// 0.5 * log2(max(rx, ry)) of the texel-space derivatives (max is NaN when either is NaN). 3D
// adds dw (`volume`): rx = (dudx^2 + dvdx^2) + dwdx^2.
HWY_INLINE VF RhoLambda(VF dudx, VF dvdx, VF dudy, VF dvdy, bool volume, VF dwdx, VF dwdy) {
  const DF df;
  VF rx = hn::Add(hn::Mul(dudx, dudx), hn::Mul(dvdx, dvdx));
  VF ry = hn::Add(hn::Mul(dudy, dudy), hn::Mul(dvdy, dvdy));
  if (volume) {
    rx = hn::Add(rx, hn::Mul(dwdx, dwdx));
    ry = hn::Add(ry, hn::Mul(dwdy, dwdy));
  }
  VF r = hn::Max(rx, ry);
  r = hn::IfThenElse(hn::Or(hn::IsNaN(rx), hn::IsNaN(ry)), hn::Set(df, __builtin_nanf("")), r);
  return hn::Mul(hn::Set(df, 0.5f), Log2(df, r));
}

// Lane `k` of each quad (k = 0..3) broadcast to the quad's four lanes, for the chunk at `base`.
template <int kLane>
HWY_INLINE VF QuadLane(const float* v, size_t base) {
  const DF df;
#if HWY_TARGET == HWY_SCALAR
  return hn::Set(df, v[(base & ~size_t{3}) + kLane]);
#else
  // Chunks start on a quad boundary and every 128-bit block holds exactly one quad.
  return hn::Broadcast<kLane>(hn::LoadU(df, v + base));
#endif
}

// Implicit LOD (coarse: one value per quad) for the chunk starting at `base`.
HWY_INLINE VF ImplicitLambda(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  const VF s_tl = QuadLane<0>(op.s, base), t_tl = QuadLane<0>(op.t, base);
  const VF w = hn::Set(df, s.lod_width), h = hn::Set(df, s.lod_height);
  const VF dudx = hn::Mul(hn::Sub(QuadLane<1>(op.s, base), s_tl), w);
  const VF dvdx = hn::Mul(hn::Sub(QuadLane<1>(op.t, base), t_tl), h);
  const VF dudy = hn::Mul(hn::Sub(QuadLane<2>(op.s, base), s_tl), w);
  const VF dvdy = hn::Mul(hn::Sub(QuadLane<2>(op.t, base), t_tl), h);
  if (!s.uses_z) return RhoLambda(dudx, dvdx, dudy, dvdy, false, dudx, dudy);
  const VF r_tl = QuadLane<0>(op.r, base), d = hn::Set(df, s.lod_depth);
  const VF dwdx = hn::Mul(hn::Sub(QuadLane<1>(op.r, base), r_tl), d);
  const VF dwdy = hn::Mul(hn::Sub(QuadLane<2>(op.r, base), r_tl), d);
  return RhoLambda(dudx, dvdx, dudy, dvdy, true, dwdx, dwdy);
}

// _D: each lane's derivative operands; _CD: those of its quad's top-left lane.
HWY_INLINE VF DerivativeLambda(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  const auto load = [&](const float* v) {
    return s.lod_coarse ? QuadLane<0>(v, base) : hn::LoadU(df, v + base);
  };
  const VF w = hn::Set(df, s.lod_width), h = hn::Set(df, s.lod_height);
  const VF dudx = hn::Mul(load(op.deriv[0][0]), w);
  const VF dvdx = hn::Mul(load(op.deriv[0][1]), h);
  const VF dudy = hn::Mul(load(op.deriv[1][0]), w);
  const VF dvdy = hn::Mul(load(op.deriv[1][1]), h);
  if (!s.uses_z) return RhoLambda(dudx, dvdx, dudy, dvdy, false, dudx, dudy);
  const VF d = hn::Set(df, s.lod_depth);
  return RhoLambda(dudx, dvdx, dudy, dvdy, true, hn::Mul(load(op.deriv[0][2]), d),
                   hn::Mul(load(op.deriv[1][2]), d));
}

// Steps 1-2: lambda before the clamps (what GET_LOD returns as y). Not for LZ.
HWY_INLINE VF UnclampedLambda(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  VF lambda = s.lod_explicit      ? hn::LoadU(df, op.lod + base)
              : s.lod_derivatives ? DerivativeLambda(s, op, base)
                                  : ImplicitLambda(s, op, base);
  lambda = hn::Add(lambda, hn::Set(df, s.sampler_bias));
  if (s.use_bias_operand) lambda = hn::Add(lambda, hn::LoadU(df, op.bias + base));
  return lambda;
}

// Anisotropic filtering's footprint (docs/sampling.md, "Anisotropic filtering") for 2D-like
// images: the probe count n (1..R, as a float), the long axis (ds, dt) in normalized coordinates
// and lambda of P / n^2 with steps 2's biases (what ClampLambda takes).
HWY_INLINE VF AnisoLambda(const WaveSetup& s, const SamplerOperands& op, size_t base, VF* n, VF* ds,
                          VF* dt) {
  const DF df;
  VF dsdx, dtdx, dsdy, dtdy;
  if (s.lod_derivatives) {
    const auto load = [&](const float* v) {
      return s.lod_coarse ? QuadLane<0>(v, base) : hn::LoadU(df, v + base);
    };
    dsdx = load(op.deriv[0][0]);
    dtdx = load(op.deriv[0][1]);
    dsdy = load(op.deriv[1][0]);
    dtdy = load(op.deriv[1][1]);
  } else {
    const VF s_tl = QuadLane<0>(op.s, base), t_tl = QuadLane<0>(op.t, base);
    dsdx = hn::Sub(QuadLane<1>(op.s, base), s_tl);
    dtdx = hn::Sub(QuadLane<1>(op.t, base), t_tl);
    dsdy = hn::Sub(QuadLane<2>(op.s, base), s_tl);
    dtdy = hn::Sub(QuadLane<2>(op.t, base), t_tl);
  }
  const VF w = hn::Set(df, s.lod_width), h = hn::Set(df, s.lod_height);
  const VF dudx = hn::Mul(dsdx, w), dvdx = hn::Mul(dtdx, h);
  const VF dudy = hn::Mul(dsdy, w), dvdy = hn::Mul(dtdy, h);
  const VF rx = hn::Add(hn::Mul(dudx, dudx), hn::Mul(dvdx, dvdx));
  const VF ry = hn::Add(hn::Mul(dudy, dudy), hn::Mul(dvdy, dvdy));
  const MF nan = hn::Or(hn::IsNaN(rx), hn::IsNaN(ry));
  const VF p = hn::IfThenElse(nan, hn::Set(df, __builtin_nanf("")), hn::Max(rx, ry));
  const VF q = hn::Min(rx, ry);
  const VF one = hn::Set(df, 1.0f);
  VF count = hn::Min(hn::Ceil(hn::Sqrt(hn::Div(p, q))), hn::Set(df, static_cast<float>(s.aniso)));
  // P of 0, infinite or NaN (which also covers a NaN ratio): one probe.
  const MF usable = hn::And(hn::Gt(p, hn::Zero(df)), hn::Lt(p, hn::Set(df, HUGE_VALF)));
  count = hn::IfThenElse(hn::And(usable, hn::Not(hn::IsNaN(count))), count, one);
  *n = count;
  const MF x_major = hn::Ge(rx, ry);
  *ds = hn::IfThenElse(x_major, dsdx, dsdy);
  *dt = hn::IfThenElse(x_major, dtdx, dtdy);
  VF lambda = hn::Mul(hn::Set(df, 0.5f), Log2(df, hn::Div(p, hn::Mul(count, count))));
  lambda = hn::Add(lambda, hn::Set(df, s.sampler_bias));
  if (s.use_bias_operand) lambda = hn::Add(lambda, hn::LoadU(df, op.bias + base));
  return lambda;
}

// Step 4 alone (LZ skips steps 2-3 but not this).
HWY_INLINE VF QuantizeLambda(const WaveSetup& s, VF lambda) {
  const DF df;
  if (!s.hardware_precision) return lambda;
  return hn::Mul(hn::Floor(hn::Mul(lambda, hn::Set(df, 256.0f))), hn::Set(df, 1.0f / 256));
}

// Steps 3-4: the S# MIN_LOD (raised by a _CL operand that is not NaN) and MAX_LOD, a NaN lambda
// to the lower bound, then kHardware's 8 fractional bits.
HWY_INLINE VF ClampLambda(const WaveSetup& s, const SamplerOperands& op, size_t base, VF lambda) {
  const DF df;
  VF lo = hn::Set(df, s.min_lod);
  if (s.use_clamp_operand) {
    const VF cl = hn::LoadU(df, op.clamp + base);
    lo = hn::IfThenElse(hn::IsNaN(cl), lo, hn::Max(lo, cl));
  }
  lambda = hn::IfThenElse(hn::IsNaN(lambda), lo, lambda);
  lambda = hn::Min(hn::Max(lambda, lo), hn::Set(df, s.max_lod));
  return QuantizeLambda(s, lambda);
}

// Steps 1-5 for the sample and gather ops; `lambda_zero` (LZ or unnormalized coordinates) is
// decided once per wave.
HWY_INLINE VF SampleLambda(const WaveSetup& s, const SamplerOperands& op, size_t base,
                           bool lambda_zero) {
  const DF df;
  if (lambda_zero) return hn::Zero(df);
  return ClampLambda(s, op, base, UnclampedLambda(s, op, base));
}

// NONE for LZ, unnormalized coordinates or a single view level; POINT for a gather (which never
// blends levels); otherwise the S#'s (LINEAR is POINT on integer formats).
HWY_INLINE MipFilter WaveMipFilter(const WaveSetup& s, bool lambda_zero, bool one_level) {
  if (lambda_zero || s.max_level == 0 || s.mip == MipFilter::kNone) return MipFilter::kNone;
  return one_level ? MipFilter::kPoint : s.mip;
}

HWY_INLINE VI NearestLevel(const WaveSetup& s, VF lambda) {
  const DF df;
  const DI di;
  const VF rounded = hn::Floor(hn::Add(lambda, hn::Set(df, 0.5f)));
  return hn::Min(hn::Max(hn::ConvertTo(di, rounded), hn::Zero(di)), hn::Set(di, s.max_level));
}

// The view levels d0 (and, for LINEAR, d1 and the blend fraction) of each lane ("Filter and level
// selection"). `mip` is the effective filter, decided once per wave (WaveMipFilter).
HWY_INLINE void ChooseLevels(const WaveSetup& s, MipFilter mip, VF lambda, VI* d0, VI* d1,
                             VF* frac) {
  const DF df;
  const DI di;
  *d0 = *d1 = hn::Zero(di);
  *frac = hn::Zero(df);
  if (mip == MipFilter::kNone) return;
  if (mip != MipFilter::kLinear) {
    *d0 = NearestLevel(s, lambda);
    return;
  }
  const VI max_level = hn::Set(di, s.max_level);
  const VF fl = hn::Floor(lambda);
  *d0 = hn::Min(hn::Max(hn::ConvertTo(di, fl), hn::Zero(di)), max_level);
  *d1 = hn::Min(hn::Add(*d0, hn::Set(di, 1)), max_level);
  const MF in_range = hn::And(hn::Ge(lambda, hn::Zero(df)),
                              hn::Lt(lambda, hn::Set(df, static_cast<float>(s.max_level))));
  *frac = hn::IfThenElseZero(in_range, hn::Sub(lambda, fl));
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_LOD_INL_H_
