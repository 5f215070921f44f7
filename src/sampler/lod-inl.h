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
#include "sampler/sample_key.h"
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

// Step 1's derivatives of one coordinate (`axis` 0, 1, 2: s, t, r), before the W, H, D scales:
// the quad's differences for the implicit LOD (coarse: top-right and bottom-left minus top-left,
// one value per quad), or the operands: each lane's (_D), its quad's top-left lane's (_CD).
HWY_INLINE void AxisDerivatives(const WaveSetup& s, const SamplerOperands& op, size_t base,
                                int axis, VF* ddx, VF* ddy) {
  const DF df;
  if (s.key.lod_derivatives) {
    const auto load = [&](const float* v) {
      return s.key.lod_coarse ? QuadLane<0>(v, base) : hn::LoadU(df, v + base);
    };
    *ddx = load(op.deriv[0][axis]);
    *ddy = load(op.deriv[1][axis]);
    return;
  }
  const float* v = op.Coord(axis);
  const VF tl = QuadLane<0>(v, base);
  *ddx = hn::Sub(QuadLane<1>(v, base), tl);
  *ddy = hn::Sub(QuadLane<2>(v, base), tl);
}

// AxisDerivatives with one quad a lane: lane i holds quad q + i's values (the same operations on
// the same operands as each of that quad's lanes computes).
HWY_INLINE void QuadAxisDerivatives(const WaveSetup& s, const SamplerOperands& op, size_t q,
                                    int axis, VF* ddx, VF* ddy) {
  const DF df;
  VF tl, tr, bl, br;
  if (s.key.lod_derivatives) {  // _CD: the top-left lane's operands
    hn::LoadInterleaved4(df, op.deriv[0][axis] + 4 * q, *ddx, tr, bl, br);
    hn::LoadInterleaved4(df, op.deriv[1][axis] + 4 * q, *ddy, tr, bl, br);
    return;
  }
  hn::LoadInterleaved4(df, op.Coord(axis) + 4 * q, tl, tr, bl, br);
  *ddx = hn::Sub(tr, tl);
  *ddy = hn::Sub(bl, tl);
}

// Step 1's rx = (dudx^2 + dvdx^2) + dwdx^2 and ry likewise (dw on 3D only; 1D's t derivatives are
// zeros), and the unscaled derivatives of s and t (anisotropic filtering's long axis), from
// `axis_derivatives(axis, &ddx, &ddy)`.
template <class AxisFn>
HWY_INLINE void DerivativeLengths(const WaveSetup& s, const AxisFn& axis_derivatives, VF* rx,
                                  VF* ry, VF* dsdx, VF* dtdx, VF* dsdy, VF* dtdy) {
  const DF df;
  axis_derivatives(0, dsdx, dsdy);
  axis_derivatives(1, dtdx, dtdy);
  const VF w = hn::Set(df, s.lod_width), h = hn::Set(df, s.lod_height);
  const VF dudx = hn::Mul(*dsdx, w), dvdx = hn::Mul(*dtdx, h);
  const VF dudy = hn::Mul(*dsdy, w), dvdy = hn::Mul(*dtdy, h);
  *rx = hn::Add(hn::Mul(dudx, dudx), hn::Mul(dvdx, dvdx));
  *ry = hn::Add(hn::Mul(dudy, dudy), hn::Mul(dvdy, dvdy));
  if (!s.key.uses_z) return;
  VF drdx, drdy;
  axis_derivatives(2, &drdx, &drdy);
  const VF d = hn::Set(df, s.lod_depth);
  const VF dwdx = hn::Mul(drdx, d), dwdy = hn::Mul(drdy, d);
  *rx = hn::Add(*rx, hn::Mul(dwdx, dwdx));
  *ry = hn::Add(*ry, hn::Mul(dwdy, dwdy));
}

// DerivativeLengths of the chunk at `base`, one lane's derivatives a lane (AxisDerivatives).
HWY_INLINE void LaneDerivativeLengths(const WaveSetup& s, const SamplerOperands& op, size_t base,
                                      VF* rx, VF* ry, VF* dsdx, VF* dtdx, VF* dsdy, VF* dtdy) {
  const auto axis_derivatives = [&](int axis, VF* ddx, VF* ddy) {
    AxisDerivatives(s, op, base, axis, ddx, ddy);
  };
  DerivativeLengths(s, axis_derivatives, rx, ry, dsdx, dtdx, dsdy, dtdy);
}

// max(rx, ry), NaN when either is.
HWY_INLINE VF MaxOrNaN(VF rx, VF ry) {
  const DF df;
  return hn::IfThenElse(hn::Or(hn::IsNaN(rx), hn::IsNaN(ry)), hn::Set(df, __builtin_nanf("")),
                        hn::Max(rx, ry));
}

// Step 1 from rx and ry: 0.5 * log2(max(rx, ry)).
HWY_INLINE VF LengthsLambda(VF rx, VF ry) {
  const DF df;
  return hn::Mul(hn::Set(df, 0.5f), Log2(df, MaxOrNaN(rx, ry)));
}

// Anisotropic filtering's footprint (docs/sampling.md, "Anisotropic filtering") for 2D-like
// images from DerivativeLengths: the probe count n (1..R, as a float), the long axis (ds, dt) in
// normalized coordinates and lambda of P / n^2 before step 2's biases.
HWY_INLINE VF AnisoFootprint(const WaveSetup& s, VF rx, VF ry, VF dsdx, VF dtdx, VF dsdy, VF dtdy,
                             VF* n, VF* ds, VF* dt) {
  const DF df;
  const VF p = MaxOrNaN(rx, ry);
  const VF q = hn::Min(rx, ry);
  const VF one = hn::Set(df, 1.0f);
  VF count =
      hn::Min(hn::Ceil(hn::Sqrt(hn::Div(p, q))), hn::Set(df, static_cast<float>(s.key.aniso)));
  // P of 0, infinite or NaN (which also covers a NaN ratio): one probe.
  const MF usable = hn::And(hn::Gt(p, hn::Zero(df)), hn::Lt(p, hn::Set(df, HUGE_VALF)));
  count = hn::IfThenElse(hn::And(usable, hn::Not(hn::IsNaN(count))), count, one);
  *n = count;
  const MF x_major = hn::Ge(rx, ry);
  *ds = hn::IfThenElse(x_major, dsdx, dsdy);
  *dt = hn::IfThenElse(x_major, dtdx, dtdy);
  return hn::Mul(hn::Set(df, 0.5f), Log2(df, hn::Div(p, hn::Mul(count, count))));
}

// Where step 1 is the same for a quad's four lanes (implicit derivatives, _CD), it is computed
// once per quad, a vector of quads at a time, and stored per lane in `op`; `aniso` adds the
// anisotropic footprint. On the EPYC a chunk of eight AVX2 lanes of implicit trilinear spent 88 of
// its 479 instructions on a LOD with two distinct values, on a dependency chain (a division, a
// log2) ahead of its gathers: once a quad, implicit trilinear ran 1.45x as fast on AVX2 and 1.13x
// on AVX3, 16x aniso 1.08x and 1.04x. Vectors wider than 16 lanes (SVE) keep the per-chunk path:
// four lanes a quad would read past a wave's operands.
HWY_INLINE void PrepareQuadLod(const WaveSetup& s, bool lambda_zero, bool aniso,
                               SamplerOperands* op) {
  const DF df;
  const size_t n = hn::Lanes(df);
  const bool per_quad = !s.key.lod_derivatives || s.key.lod_coarse;
  if (lambda_zero || s.key.lod_explicit || !per_quad || 4 * n > kMaxLanes) return;
  for (size_t q = 0; 4 * q < s.lane_count; q += n) {
    VF rx, ry, dsdx, dtdx, dsdy, dtdy;
    const auto axis_derivatives = [&](int axis, VF* ddx, VF* ddy) {
      QuadAxisDerivatives(s, *op, q, axis, ddx, ddy);
    };
    DerivativeLengths(s, axis_derivatives, &rx, &ry, &dsdx, &dtdx, &dsdy, &dtdy);
    const auto store = [&](VF v, float* lanes) { hn::StoreInterleaved4(v, v, v, v, df, lanes); };
    store(LengthsLambda(rx, ry), op->quad_lod[SamplerOperands::kLambda] + 4 * q);
    if (!aniso) continue;
    VF probes, ds, dt;
    store(AnisoFootprint(s, rx, ry, dsdx, dtdx, dsdy, dtdy, &probes, &ds, &dt),
          op->quad_lod[SamplerOperands::kAnisoLambda] + 4 * q);
    store(probes, op->quad_lod[SamplerOperands::kProbes] + 4 * q);
    store(ds, op->quad_lod[SamplerOperands::kAxisS] + 4 * q);
    store(dt, op->quad_lod[SamplerOperands::kAxisT] + 4 * q);
  }
  op->quad_lambda = true;
  op->quad_aniso = aniso;
}

// Step 1 from derivatives (implicit, _D, _CD): 0.5 * log2(max(rx, ry)).
HWY_INLINE VF DerivativeLambda(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  if (op.quad_lambda) return hn::Load(df, op.quad_lod[SamplerOperands::kLambda] + base);
  VF rx, ry, dsdx, dtdx, dsdy, dtdy;
  LaneDerivativeLengths(s, op, base, &rx, &ry, &dsdx, &dtdx, &dsdy, &dtdy);
  return LengthsLambda(rx, ry);
}

// Step 2's biases: the S#'s LOD_BIAS and, for _B, the bias operand.
HWY_INLINE VF AddBias(const WaveSetup& s, const SamplerOperands& op, size_t base, VF lambda) {
  const DF df;
  lambda = hn::Add(lambda, hn::Set(df, s.sampler_bias));
  if (s.key.use_bias_operand) lambda = hn::Add(lambda, hn::LoadU(df, op.bias + base));
  return lambda;
}

// Steps 1-2: lambda before the clamps (what GET_LOD returns as y). Not for LZ.
HWY_INLINE VF UnclampedLambda(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  return AddBias(s, op, base,
                 s.key.lod_explicit ? hn::LoadU(df, op.lod + base) : DerivativeLambda(s, op, base));
}

// Anisotropic filtering's footprint (AnisoFootprint) with step 2's biases: lambda of P / n^2
// (what ClampLambda takes).
HWY_INLINE VF AnisoLambda(const WaveSetup& s, const SamplerOperands& op, size_t base, VF* n, VF* ds,
                          VF* dt) {
  const DF df;
  if (op.quad_aniso) {
    *n = hn::Load(df, op.quad_lod[SamplerOperands::kProbes] + base);
    *ds = hn::Load(df, op.quad_lod[SamplerOperands::kAxisS] + base);
    *dt = hn::Load(df, op.quad_lod[SamplerOperands::kAxisT] + base);
    return AddBias(s, op, base, hn::Load(df, op.quad_lod[SamplerOperands::kAnisoLambda] + base));
  }
  VF rx, ry, dsdx, dtdx, dsdy, dtdy;
  LaneDerivativeLengths(s, op, base, &rx, &ry, &dsdx, &dtdx, &dsdy, &dtdy);
  return AddBias(s, op, base, AnisoFootprint(s, rx, ry, dsdx, dtdx, dsdy, dtdy, n, ds, dt));
}

// Step 4 alone (LZ skips steps 2-3 but not this).
HWY_INLINE VF QuantizeLambda(const WaveSetup& s, VF lambda) {
  return s.key.hardware_precision ? Quantize8(lambda) : lambda;
}

// Steps 3-4: the S# MIN_LOD (raised by a _CL operand that is not NaN) and MAX_LOD, a NaN lambda
// to the lower bound, then kHardware's 8 fractional bits.
HWY_INLINE VF ClampLambda(const WaveSetup& s, const SamplerOperands& op, size_t base, VF lambda) {
  const DF df;
  VF lo = hn::Set(df, s.min_lod);
  if (s.key.use_clamp_operand) {
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

// T# MIN_LOD (docs/sampling.md, "Filter and level selection"): a sample's levels come from
// max(lambda, m), m in view levels (0 when the T# does not raise it or coordinates are
// unnormalized, so the wave pays one compare).
HWY_INLINE VF ApplyViewMinLod(const WaveSetup& s, VF lambda) {
  if (!(s.view_min_lod > 0.0f)) return lambda;
  return hn::Max(lambda, hn::Set(DF(), s.view_min_lod));
}

// A gather's level under T# MIN_LOD: max(d, floor(m)) (Vulkan's minLodInteger), within the view.
HWY_INLINE VI GatherMinLod(const WaveSetup& s, VI level) {
  if (!(s.view_min_lod > 0.0f) || s.key.mip == MipFilter::kNone) return level;
  const DI di;
  const VI m = hn::Set(di, static_cast<int32_t>(s.view_min_lod));
  return hn::Min(hn::Max(level, m), hn::Set(di, s.max_level));
}

HWY_INLINE VI NearestLevel(const WaveSetup& s, VF lambda) {
  const DF df;
  const DI di;
  const VF rounded = hn::Floor(hn::Add(lambda, hn::Set(df, 0.5f)));
  return hn::Min(hn::Max(hn::ConvertTo(di, rounded), hn::Zero(di)), hn::Set(di, s.max_level));
}

// The view levels d0 (and, for LINEAR, d1 and the blend fraction) of each lane ("Filter and level
// selection"). `mip` is the effective filter, decided once per wave (EffectiveMipFilter).
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
