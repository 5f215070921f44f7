// IMAGE_SAMPLE and every variant (_L, _LZ, _B, _CL, _D, _CD, _C, _O) on 2D images
// (docs/sampling.md): the stages lod -> address -> fetch -> filter -> output, per chunk of lanes
// as SoA vectors. Lanes on different levels gather their own level's values.
#if defined(TEXUNIT_SAMPLE_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_SAMPLE_KERNEL_INL_H_
#undef TEXUNIT_SAMPLE_KERNEL_INL_H_
#else
#define TEXUNIT_SAMPLE_KERNEL_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/address-inl.h"
#include "sampler/filter-inl.h"
#include "sampler/lod-inl.h"
#include "sampler/output-inl.h"
#include "sampler/sampler_operands-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// A texel in the filter domain, the border color on `border` lanes, or with _C the compare
// result of either. kCompare and kBorder: the kernels for depth compares and for border clamp
// modes, so that the others carry no trace of them.
template <FetchPath kPath, bool kCompare, bool kBorder>
HWY_INLINE void FilterTexel(const WaveSetup& s, const LevelGeometry& g, VI x, VI y, MI border,
                            VF ref, MI active, Vec4<VF> out) {
  const DF df;
  FetchTexel<kPath>(s, g.offset_words, g.pitch, x, y, active, out);
  if constexpr (kCompare) {
    VF depth = DepthOf(s, out);
    if constexpr (kBorder) {
      depth = hn::IfThenElse(hn::RebindMask(df, border), hn::Set(df, s.border_depth), depth);
    }
    CompareTexel(s, ref, depth, out);
  } else {
    if constexpr (kBorder) {
      BorderTexel(df, s.border_filter_bits, hn::RebindMask(df, border), out);
    }
  }
}

// Filters the texels of view level `level` for one chunk. `linear` marks bilinear lanes.
template <FetchPath kPath, bool kCompare, bool kBorder>
HWY_INLINE void SampleLevel(const WaveSetup& s, VI level, VF sc, VF tc, const TexelOffsets& off,
                            VF ref, MF linear, bool any_linear, MF active, Vec4<VF> out) {
  const DI di;
  const LevelGeometry g = LookupLevel(s, level);
  VF u, v;
  TexelSpace(s, g, sc, tc, &u, &v);
  const MI active_i = hn::RebindMask(di, active);
  if (!any_linear) {
    VI x, y;
    MI border = hn::RebindMask(di, hn::FirstN(DF(), 0));
    PointTexel<kBorder>(s, g, u, v, off, &x, &y, &border);
    FilterTexel<kPath, kCompare, kBorder>(s, g, x, y, border, ref, active_i, out);
    return;
  }
  const Footprint f = BilinearFootprint<kBorder>(s, g, u, v, off, linear);
  TEXUNIT_VEC4(VF, t00);
  TEXUNIT_VEC4(VF, t10);
  TEXUNIT_VEC4(VF, t01);
  TEXUNIT_VEC4(VF, t11);
  FilterTexel<kPath, kCompare, kBorder>(s, g, f.x0, f.y0, hn::Or(f.bx0, f.by0), ref, active_i, t00);
  FilterTexel<kPath, kCompare, kBorder>(s, g, f.x1, f.y0, hn::Or(f.bx1, f.by0), ref, active_i, t10);
  FilterTexel<kPath, kCompare, kBorder>(s, g, f.x0, f.y1, hn::Or(f.bx0, f.by1), ref, active_i, t01);
  FilterTexel<kPath, kCompare, kBorder>(s, g, f.x1, f.y1, hn::Or(f.bx1, f.by1), ref, active_i, t11);
  Bilerp(f, linear, t00, t10, t01, t11, out);
}

template <FetchPath kPath, bool kCompare, bool kBorder>
HWY_INLINE void SampleWaveT(const WaveSetup& s) {
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  // Per-wave decisions, held in locals: see OutputPlan.
  const OutputPlan out = MakeOutputPlan(s);
  const bool lambda_zero = s.lod_zero || s.unnormalized;
  const MipFilter mip = WaveMipFilter(s, lambda_zero, /*one_level=*/false);
  const bool use_offset = s.use_offset;
  const bool mag_linear = s.mag_linear, min_linear = s.min_linear;

  for (size_t base = 0; base < out.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const MF active = hn::RebindMask(df, active_u);
    const bool all_active = hn::AllTrue(du, active_u);
    const VF sc = hn::LoadU(df, op.s + base);
    const VF tc = hn::LoadU(df, op.t + base);
    const TexelOffsets off = LoadOffsets(op, base, use_offset);
    const VF ref = kCompare ? CompareReference(s, op, base) : hn::Zero(df);

    const VF lambda = SampleLambda(s, op, base, lambda_zero);
    const MF magnify = hn::Le(lambda, hn::Zero(df));
    const MF linear = mag_linear == min_linear
                          ? (mag_linear ? hn::FirstN(df, n) : hn::FirstN(df, 0))
                          : (mag_linear ? magnify : hn::Not(magnify));
    const bool any_linear = !hn::AllFalse(df, hn::And(linear, active));
    const LevelChoice lc = ChooseLevels(s, mip, lambda);

    TEXUNIT_VEC4(VF, c);
    SampleLevel<kPath, kCompare, kBorder>(s, lc.d0, sc, tc, off, ref, linear, any_linear, active,
                                          c);
    if (mip == MipFilter::kLinear) {
      const MF blend = hn::And(active, hn::Gt(lc.frac, hn::Zero(df)));
      if (!hn::AllFalse(df, blend)) {
        TEXUNIT_VEC4(VF, c1);
        SampleLevel<kPath, kCompare, kBorder>(s, lc.d1, sc, tc, off, ref, linear, any_linear, blend,
                                              c1);
        MipBlend(lc.frac, blend, c1, c);
      }
    }
    if constexpr (!kCompare) PostDivideT<kPath>(s.plan, c);  // compare results are not codes
    TEXUNIT_VEC4(VU, bits);
    ResultBits(out, c, bits);
    WriteComponents(out, bits, active_u, all_active, base);
  }
}

// One instance of the kernel per fetch path (block codecs share the general one), and kernels
// for depth compares and border clamp modes, which PrepareWave sends down the general path.
HWY_INLINE void SampleWaveImpl(const WaveSetup& s) {
  if (s.compare) return SampleWaveT<FetchPath::kPlain, true, true>(s);
  if (s.has_border) return SampleWaveT<FetchPath::kPlain, false, true>(s);
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return SampleWaveT<FetchPath::kRgba8Unorm, false, false>(s);
    case FetchPath::kRgba8Srgb:
      return SampleWaveT<FetchPath::kRgba8Srgb, false, false>(s);
    case FetchPath::kRgba8Uint:
      return SampleWaveT<FetchPath::kRgba8Uint, false, false>(s);
    case FetchPath::kRgba32Float:
      return SampleWaveT<FetchPath::kRgba32Float, false, false>(s);
    default:
      return SampleWaveT<FetchPath::kPlain, false, false>(s);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLE_KERNEL_INL_H_
