// IMAGE_SAMPLE and every variant (_L, _LZ, _B, _CL, _D, _CD, _C, _O) on 1D, 2D and array images
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

// The general kernel's per-wave choices (held in a local: see OutputPlan).
struct GeneralWave {
  bool compare;  // _C
  bool border;   // a border clamp mode
  bool one_d;    // 1D or 1D_ARRAY: row 0 only, filtered along x
  bool layered;  // 1D_ARRAY or 2D_ARRAY: each lane's layer
  bool volume;   // 3D: a third axis, z
};

HWY_INLINE GeneralWave MakeGeneralWave(const WaveSetup& s) {
  return {s.compare, s.has_border, !s.uses_y, s.uses_layer, s.uses_z};
}

// A texel in the filter domain. The general kernel (kGeneral: every format on the general fetch
// path, any image type this release samples) also reads the lane's layer, takes the border color
// on `border` lanes and, with _C, the compare result; the specialised 2D kernels carry none of it.
template <FetchPath kPath, bool kGeneral>
HWY_INLINE void FilterTexel(const WaveSetup& s, const GeneralWave& w, const LevelGeometry& g,
                            VI slice_base, VF ref, MI active, VI x, VI y, MI border, Vec4<VF> out) {
  const DF df;
  if constexpr (!kGeneral) {
    FetchTexel<kPath>(s, g.offset_words, g.pitch, x, y, active, out);
  } else {
    FetchTexelGeneral(s, g.offset_words, g.pitch, x, y, slice_base, active, out);
    const MF on_border = hn::RebindMask(df, border);
    if (w.compare) {
      VF depth = DepthOf(s, out);
      if (w.border) depth = hn::IfThenElse(on_border, hn::Set(df, s.border_depth), depth);
      CompareTexel(s, ref, depth, out);
    } else if (w.border) {
      BorderTexel(df, s.border_filter_bits, on_border, out);
    }
  }
}

// The 2D (or 1D) lookup of one chunk at one level: POINT or BILINEAR texels in the slice that
// starts at element `slice` (arrays' layer, 3D's depth slice), with `border` marking lanes whose
// every texel is a border texel (3D's z), filtered into `out`.
template <FetchPath kPath, bool kGeneral>
HWY_INLINE void Lookup2D(const WaveSetup& s, const GeneralWave& w, const LevelGeometry& g, VF u,
                         VF v, VI ox, VI oy, VI slice, MI border, VF ref, MF linear,
                         bool any_linear, MI active_i, Vec4<VF> out) {
  const DI di;
  if (kGeneral && w.one_d) {  // the 1D sibling: row 0, along x
    if (!any_linear) {
      MI b = border;
      const VI x = PointTexel1D<true>(s, g, u, ox, &b);
      FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, x, hn::Zero(di), b, out);
      return;
    }
    TEXUNIT_FOOTPRINT(f);
    LinearFootprint1D<true>(s, g, u, ox, linear, f);
    TEXUNIT_VEC4(VF, t0);
    TEXUNIT_VEC4(VF, t1);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x0, f.y0, hn::Or(border, f.bx0),
                                 t0);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x1, f.y0, hn::Or(border, f.bx1),
                                 t1);
    Lerp1D(f, linear, t0, t1, out);
    return;
  }
  if (!any_linear) {
    VI x, y;
    MI b = border;
    PointTexel<kGeneral>(s, g, u, v, ox, oy, &x, &y, &b);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, x, y, b, out);
    return;
  }
  TEXUNIT_FOOTPRINT(f);
  BilinearFootprint<kGeneral>(s, g, u, v, ox, oy, linear, f);
  const MI row0 = hn::Or(border, f.by0), row1 = hn::Or(border, f.by1);
  TEXUNIT_VEC4(VF, t00);
  TEXUNIT_VEC4(VF, t10);
  TEXUNIT_VEC4(VF, t01);
  TEXUNIT_VEC4(VF, t11);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x0, f.y0, hn::Or(f.bx0, row0), t00);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x1, f.y0, hn::Or(f.bx1, row0), t10);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x0, f.y1, hn::Or(f.bx0, row1), t01);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x1, f.y1, hn::Or(f.bx1, row1), t11);
  Bilerp(f, linear, t00, t10, t01, t11, out);
}

// Filters the texels of view level `level` for one chunk. `linear` marks bilinear lanes.
template <FetchPath kPath, bool kGeneral>
HWY_INLINE void SampleLevel(const WaveSetup& s, const GeneralWave& w, const SamplerOperands& op,
                            size_t base, VI level, VF sc, VF tc, VI ox, VI oy, VI oz, VF ref,
                            MF linear, bool any_linear, MF active, Vec4<VF> out) {
  const DF df;
  const DI di;
  TEXUNIT_LEVEL_GEOMETRY(g);
  LookupLevel(s, level, g);
  VF u, v;
  TexelSpace(s, g, sc, tc, &u, &v);
  const MI active_i = hn::RebindMask(di, active);
  // Plain 2D: no layer, no border, no compare. Its own body rather than Lookup2D's: through
  // Lookup2D (dead masks and all) AVX3 random bilinear ran 18% slower.
  if constexpr (!kGeneral) {
    if (!any_linear) {
      VI x, y;
      PointTexel<false>(s, g, u, v, ox, oy, &x, &y, nullptr);
      FetchTexel<kPath>(s, g.offset_words, g.pitch, x, y, active_i, out);
      return;
    }
    TEXUNIT_FOOTPRINT(f);
    BilinearFootprint<false>(s, g, u, v, ox, oy, linear, f);
    TEXUNIT_VEC4(VF, t00);
    TEXUNIT_VEC4(VF, t10);
    TEXUNIT_VEC4(VF, t01);
    TEXUNIT_VEC4(VF, t11);
    FetchTexel<kPath>(s, g.offset_words, g.pitch, f.x0, f.y0, active_i, t00);
    FetchTexel<kPath>(s, g.offset_words, g.pitch, f.x1, f.y0, active_i, t10);
    FetchTexel<kPath>(s, g.offset_words, g.pitch, f.x0, f.y1, active_i, t01);
    FetchTexel<kPath>(s, g.offset_words, g.pitch, f.x1, f.y1, active_i, t11);
    Bilerp(f, linear, t00, t10, t01, t11, out);
    return;
  }
  const MI none = hn::RebindMask(di, hn::FirstN(df, 0));
  if (!w.volume) {
    const VI slice = kGeneral && w.layered ? LayerBase(s, op, base, level) : hn::Zero(di);
    Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, slice, none, ref, linear, any_linear, active_i,
                              out);
    return;
  }
  // 3D: the 2D lookup in one depth slice (POINT z) or two, blended by g (LINEAR z).
  MF z_linear = hn::FirstN(df, 0);
  if (s.z_linear == WaveSetup::ZLinear::kAlways) z_linear = hn::FirstN(df, hn::Lanes(df));
  if (s.z_linear == WaveSetup::ZLinear::kAsXy) z_linear = linear;
  VI k0, k1;
  VF gz;
  MI bz0, bz1;
  VF wz;
  VI depth;
  VolumeAxis(s, op, base, level, &wz, &depth);
  LinearAxis<true>(s, s.clamp_z, wz, depth, hn::Div(hn::Set(df, 1.0f), hn::ConvertTo(df, depth)),
                   false, oz, z_linear, &k0, &k1, &gz, &bz0, &bz1);
  const VI slice_elems = LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level));
  Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, hn::Mul(k0, slice_elems), bz0, ref, linear,
                            any_linear, active_i, out);
  const MF blend = hn::And(z_linear, active);
  if (hn::AllFalse(df, blend)) return;
  TEXUNIT_VEC4(VF, c1);
  Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, hn::Mul(k1, slice_elems), bz1, ref, linear,
                            any_linear, hn::RebindMask(di, blend), c1);
  LerpBlend(gz, blend, c1, out);
}

template <FetchPath kPath, bool kGeneral>
HWY_INLINE void SampleWaveT(const WaveSetup& s) {
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  // Per-wave decisions, held in locals: see OutputPlan.
  const OutputPlan out = MakeOutputPlan(s);
  const GeneralWave w = MakeGeneralWave(s);
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
    VI ox, oy;
    LoadOffsets(op, base, use_offset, &ox, &oy);
    const VI oz = kGeneral && w.volume ? LoadOffsetZ(op, base, use_offset) : hn::Zero(DI());
    const VF ref = kGeneral && w.compare ? CompareReference(s, op, base) : hn::Zero(df);

    const VF lambda = SampleLambda(s, op, base, lambda_zero);
    const MF magnify = hn::Le(lambda, hn::Zero(df));
    const MF linear = mag_linear == min_linear
                          ? (mag_linear ? hn::FirstN(df, n) : hn::FirstN(df, 0))
                          : (mag_linear ? magnify : hn::Not(magnify));
    const bool any_linear = !hn::AllFalse(df, hn::And(linear, active));
    VI d0, d1;
    VF frac;
    ChooseLevels(s, mip, lambda, &d0, &d1, &frac);

    TEXUNIT_VEC4(VF, c);
    SampleLevel<kPath, kGeneral>(s, w, op, base, d0, sc, tc, ox, oy, oz, ref, linear, any_linear,
                                 active, c);
    if (mip == MipFilter::kLinear) {
      const MF blend = hn::And(active, hn::Gt(frac, hn::Zero(df)));
      if (!hn::AllFalse(df, blend)) {
        TEXUNIT_VEC4(VF, c1);
        SampleLevel<kPath, kGeneral>(s, w, op, base, d1, sc, tc, ox, oy, oz, ref, linear,
                                     any_linear, blend, c1);
        LerpBlend(frac, blend, c1, c);
      }
    }
    // Compare results are not codes.
    if (!(kGeneral && w.compare)) PostDivideT<kPath>(s.plan, c);
    TEXUNIT_VEC4(VU, bits);
    ResultBits(out, c, bits);
    WriteComponents(out, bits, active_u, all_active, base);
  }
}

// One specialised kernel per fetch path for plain 2D waves, and the general kernel for every
// other key (depth compares, border clamp modes, 1D and array images, block formats), on the
// general fetch path (PrepareWave sets it for those waves).
HWY_INLINE void SampleWaveImpl(const WaveSetup& s) {
  if (s.compare || s.has_border || s.type != ImageType::k2D) {
    return SampleWaveT<FetchPath::kPlain, true>(s);
  }
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return SampleWaveT<FetchPath::kRgba8Unorm, false>(s);
    case FetchPath::kRgba8Srgb:
      return SampleWaveT<FetchPath::kRgba8Srgb, false>(s);
    case FetchPath::kRgba8Uint:
      return SampleWaveT<FetchPath::kRgba8Uint, false>(s);
    case FetchPath::kRgba32Float:
      return SampleWaveT<FetchPath::kRgba32Float, false>(s);
    default:
      return SampleWaveT<FetchPath::kPlain, false>(s);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLE_KERNEL_INL_H_
