// IMAGE_SAMPLE / _L / _LZ / _B on 2D images (docs/sampling.md): LOD from the quads or operands,
// per-lane level selection, CLAMP modes, point/bilinear filtering and the linear mip blend, then
// DST_SEL and DMASK. Lanes run as SoA vectors; lanes on different levels gather their own level.
#if defined(TEXUNIT_SAMPLE_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_SAMPLE_KERNEL_INL_H_
#undef TEXUNIT_SAMPLE_KERNEL_INL_H_
#else
#define TEXUNIT_SAMPLE_KERNEL_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "sampler/d16-inl.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Per-lane operands as full waves, so every chunk can load a whole vector. A full wave reads the
// caller's arrays in place; a shorter one is copied into padded arrays where lanes past
// lane_count repeat their quad's top-left coordinates (zero derivatives), as the contract says.
struct SampleOperands {
  const float* s;
  const float* t;
  const float* lod;
  const float* bias;
  HWY_ALIGN float pad[4][kMaxLanes];
};

HWY_INLINE const float* WaveOperand(const uint32_t* src, uint32_t n, float* pad) {
  if (n >= kMaxLanes) return reinterpret_cast<const float*>(src);  // PrepareWave caps n at 64
  std::memcpy(pad, src, n * sizeof(float));
  for (uint32_t i = n; i < kMaxLanes; ++i) {
    const uint32_t tl = i & ~3u;
    pad[i] = tl < n ? pad[tl] : 0.0f;
  }
  return pad;
}

// Implicit LOD (coarse: one value per quad) for the chunk starting at `base`.
HWY_INLINE VF ImplicitLambda(const WaveSetup& s, const SampleOperands& op, size_t base) {
  const DF df;
  VF s_tl, s_tr, s_bl, t_tl, t_tr, t_bl;
#if HWY_TARGET == HWY_SCALAR
  const size_t q = base & ~size_t{3};
  s_tl = hn::Set(df, op.s[q]);
  s_tr = hn::Set(df, op.s[q + 1]);
  s_bl = hn::Set(df, op.s[q + 2]);
  t_tl = hn::Set(df, op.t[q]);
  t_tr = hn::Set(df, op.t[q + 1]);
  t_bl = hn::Set(df, op.t[q + 2]);
#else
  // Chunks start on a quad boundary and every 128-bit block holds exactly one quad.
  const VF sv = hn::LoadU(df, op.s + base);
  const VF tv = hn::LoadU(df, op.t + base);
  s_tl = hn::Broadcast<0>(sv);
  s_tr = hn::Broadcast<1>(sv);
  s_bl = hn::Broadcast<2>(sv);
  t_tl = hn::Broadcast<0>(tv);
  t_tr = hn::Broadcast<1>(tv);
  t_bl = hn::Broadcast<2>(tv);
#endif
  const VF w = hn::Set(df, s.levels.fwidth[0]);
  const VF h = hn::Set(df, s.levels.fheight[0]);
  const VF dudx = hn::Mul(hn::Sub(s_tr, s_tl), w);
  const VF dvdx = hn::Mul(hn::Sub(t_tr, t_tl), h);
  const VF dudy = hn::Mul(hn::Sub(s_bl, s_tl), w);
  const VF dvdy = hn::Mul(hn::Sub(t_bl, t_tl), h);
  const VF rx = hn::Add(hn::Mul(dudx, dudx), hn::Mul(dvdx, dvdx));
  const VF ry = hn::Add(hn::Mul(dudy, dudy), hn::Mul(dvdy, dvdy));
  VF r = hn::Max(rx, ry);
  r = hn::IfThenElse(hn::Or(hn::IsNaN(rx), hn::IsNaN(ry)), hn::Set(df, __builtin_nanf("")), r);
  return hn::Mul(hn::Set(df, 0.5f), Log2(df, r));
}

// Filters the texels of view level `level` for one chunk. `linear` marks bilinear lanes.
template <FetchPath kPath>
HWY_INLINE void SampleLevel(const WaveSetup& s, VI level, VF sc, VF tc, MF linear, bool any_linear,
                            MF active, Vec4<VF> out) {
  const DF df;
  const DI di;
  const LevelTable& lt = s.levels;
  const int uniform = UniformLevel(level);
  const VI w = LevelLookup(di, lt.width, level, uniform);
  const VI h = LevelLookup(di, lt.height, level, uniform);
  const VI pitch = LevelLookup(di, lt.pitch, level, uniform);
  const VI offset = LevelLookup(di, lt.offset_words, level, uniform);
  const VF inv_w = LevelLookup(df, lt.inv_width, level, uniform);
  const VF inv_h = LevelLookup(df, lt.inv_height, level, uniform);
  VF u = sc, v = tc;
  if (!s.unnormalized) {
    u = hn::Mul(u, LevelLookup(df, lt.fwidth, level, uniform));
    v = hn::Mul(v, LevelLookup(df, lt.fheight, level, uniform));
  }
  u = SanitizeCoord(df, u);
  v = SanitizeCoord(df, v);
  const MI active_i = hn::RebindMask(di, active);

  if (!any_linear) {
    const VI x = ApplyClamp(df, s.clamp_x, hn::ConvertTo(di, hn::Floor(u)), w, inv_w, s.pow2_x);
    const VI y = ApplyClamp(df, s.clamp_y, hn::ConvertTo(di, hn::Floor(v)), h, inv_h, s.pow2_y);
    FetchTexel<kPath>(s, offset, pitch, x, y, active_i, out);
    return;
  }
  const VF half = hn::Set(df, 0.5f);
  const VF uu = hn::IfThenElse(linear, hn::Sub(u, half), u);
  const VF vv = hn::IfThenElse(linear, hn::Sub(v, half), v);
  const VF fu = hn::Floor(uu), fv = hn::Floor(vv);
  VF a = hn::IfThenElseZero(linear, hn::Sub(uu, fu));
  VF b = hn::IfThenElseZero(linear, hn::Sub(vv, fv));
  if (s.hardware_precision) {
    const VF k256 = hn::Set(df, 256.0f), inv256 = hn::Set(df, 1.0f / 256.0f);
    a = hn::Mul(hn::Floor(hn::Mul(a, k256)), inv256);
    b = hn::Mul(hn::Floor(hn::Mul(b, k256)), inv256);
  }
  const VI i0 = hn::ConvertTo(di, fu), j0 = hn::ConvertTo(di, fv);
  const VI x0 = ApplyClamp(df, s.clamp_x, i0, w, inv_w, s.pow2_x);
  const VI x1 = NextTexel(df, s.clamp_x, i0, x0, w, inv_w, s.pow2_x);
  const VI y0 = ApplyClamp(df, s.clamp_y, j0, h, inv_h, s.pow2_y);
  const VI y1 = NextTexel(df, s.clamp_y, j0, y0, h, inv_h, s.pow2_y);
  TEXUNIT_VEC4(VF, t00);
  TEXUNIT_VEC4(VF, t10);
  TEXUNIT_VEC4(VF, t01);
  TEXUNIT_VEC4(VF, t11);
  FetchTexel<kPath>(s, offset, pitch, x0, y0, active_i, t00);
  FetchTexel<kPath>(s, offset, pitch, x1, y0, active_i, t10);
  FetchTexel<kPath>(s, offset, pitch, x0, y1, active_i, t01);
  FetchTexel<kPath>(s, offset, pitch, x1, y1, active_i, t11);
  const VF one_f = hn::Set(df, 1.0f);
  const VF na = hn::Sub(one_f, a), nb = hn::Sub(one_f, b);
  const VF w00 = hn::Mul(na, nb), w10 = hn::Mul(a, nb), w01 = hn::Mul(na, b), w11 = hn::Mul(a, b);
  for (int c = 0; c < 4; ++c) {
    VF r = hn::Add(hn::Mul(w00, t00[c]), hn::Mul(w10, t10[c]));
    r = hn::Add(r, hn::Mul(w01, t01[c]));
    r = hn::Add(r, hn::Mul(w11, t11[c]));
    // Point lanes take their texel as is (a zero weight times an infinite neighbour is NaN).
    out[c] = hn::IfThenElse(linear, r, t00[c]);
  }
}

template <FetchPath kPath>
HWY_INLINE void SampleWaveT(const WaveSetup& s) {
  const DF df;
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(df);
  const TexRequest& req = *s.req;
  SampleOperands op;
  op.s = WaveOperand(req.in.coord[0], s.lane_count, op.pad[0]);
  op.t = WaveOperand(req.in.coord[1], s.lane_count, op.pad[1]);
  op.lod = s.lod_explicit ? WaveOperand(req.in.lod, s.lane_count, op.pad[2]) : nullptr;
  op.bias = s.use_bias_operand ? WaveOperand(req.in.bias, s.lane_count, op.pad[3]) : nullptr;

  const VI max_level = hn::Set(di, s.max_level);
  const bool single_level = s.lod_zero || s.mip == MipFilter::kNone || s.max_level == 0;
  const bool mip_linear = s.mip == MipFilter::kLinear && !single_level;
  const bool float_results = s.plan.numeric == NumericClass::kFloat;

  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const MF active = hn::RebindMask(df, active_u);
    const bool all_active = hn::AllTrue(du, active_u);
    const VF sc = hn::LoadU(df, op.s + base);
    const VF tc = hn::LoadU(df, op.t + base);

    VF lambda = hn::Zero(df);
    if (!s.lod_zero) {
      lambda = s.lod_explicit ? hn::LoadU(df, op.lod + base) : ImplicitLambda(s, op, base);
      lambda = hn::Add(lambda, hn::Set(df, s.sampler_bias));
      if (s.use_bias_operand) lambda = hn::Add(lambda, hn::LoadU(df, op.bias + base));
      const VF min_lod = hn::Set(df, s.min_lod);
      lambda = hn::IfThenElse(hn::IsNaN(lambda), min_lod, lambda);
      lambda = hn::Min(hn::Max(lambda, min_lod), hn::Set(df, s.max_lod));
      if (s.hardware_precision) {
        lambda = hn::Mul(hn::Floor(hn::Mul(lambda, hn::Set(df, 256.0f))), hn::Set(df, 1.0f / 256));
      }
    }
    const MF magnify = hn::Le(lambda, hn::Zero(df));
    MF linear = s.mag_linear == s.min_linear
                    ? (s.mag_linear ? hn::FirstN(df, n) : hn::FirstN(df, 0))
                    : (s.mag_linear ? magnify : hn::Not(magnify));
    const bool any_linear = !hn::AllFalse(df, hn::And(linear, active));

    VI d0 = hn::Zero(di), d1 = hn::Zero(di);
    VF frac = hn::Zero(df);
    if (!single_level) {
      if (mip_linear) {
        const VF fl = hn::Floor(lambda);
        d0 = hn::Min(hn::Max(hn::ConvertTo(di, fl), hn::Zero(di)), max_level);
        d1 = hn::Min(hn::Add(d0, hn::Set(di, 1)), max_level);
        const MF in_range = hn::And(hn::Ge(lambda, hn::Zero(df)),
                                    hn::Lt(lambda, hn::Set(df, static_cast<float>(s.max_level))));
        frac = hn::IfThenElseZero(in_range, hn::Sub(lambda, fl));
      } else {
        const VF rounded = hn::Floor(hn::Add(lambda, hn::Set(df, 0.5f)));
        d0 = hn::Min(hn::Max(hn::ConvertTo(di, rounded), hn::Zero(di)), max_level);
      }
    }
    TEXUNIT_VEC4(VF, c);
    SampleLevel<kPath>(s, d0, sc, tc, linear, any_linear, active, c);
    const MF blend = hn::And(active, hn::Gt(frac, hn::Zero(df)));
    if (mip_linear && !hn::AllFalse(df, blend)) {
      TEXUNIT_VEC4(VF, c1);
      SampleLevel<kPath>(s, d1, sc, tc, linear, any_linear, blend, c1);
      const VF nf = hn::Sub(hn::Set(df, 1.0f), frac);
      for (int i = 0; i < 4; ++i) {
        const VF mixed = hn::Add(hn::Mul(nf, c[i]), hn::Mul(frac, c1[i]));
        c[i] = hn::IfThenElse(blend, mixed, c[i]);
      }
    }
    PostDivideT<kPath>(s.plan, c);
    TEXUNIT_VEC4(VU, bits);
    for (int i = 0; i < 4; ++i) bits[i] = AsBits(float_results ? FlushDenormal(c[i]) : c[i]);
    for (int k = 0; k < s.ncomp; ++k) {
      VU v = SelectComponent(s, k, bits);
      if (s.d16) v = ToD16(s.plan.numeric, v);
      StoreActive(v, active_u, all_active, req.out.data[k], base, s.lane_count);
    }
    if (s.write_status) {
      StoreActive(hn::Zero(du), active_u, all_active, req.out.status, base, s.lane_count);
    }
  }
}

// One instance of the kernel per fetch path (block codecs share the general one).
HWY_INLINE void SampleWaveImpl(const WaveSetup& s) {
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return SampleWaveT<FetchPath::kRgba8Unorm>(s);
    case FetchPath::kRgba8Srgb:
      return SampleWaveT<FetchPath::kRgba8Srgb>(s);
    case FetchPath::kRgba8Uint:
      return SampleWaveT<FetchPath::kRgba8Uint>(s);
    case FetchPath::kRgba32Float:
      return SampleWaveT<FetchPath::kRgba32Float>(s);
    default:
      return SampleWaveT<FetchPath::kPlain>(s);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLE_KERNEL_INL_H_
