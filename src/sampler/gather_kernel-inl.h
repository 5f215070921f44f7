// IMAGE_GATHER4 with every variant (_L, _LZ, _B, _CL, _C, _O), IMAGE_GATHER4H and IMAGE_GET_LOD on
// every image type (docs/sampling.md, "GATHER4", "GATHER4H" and "GET_LOD"): the LOD stage picks
// one level per lane, the address stage the 2x2 footprint (or GATHER4H's 4x1 row), and the four
// texels are returned as a load reads them.
#if defined(TEXUNIT_GATHER_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_GATHER_KERNEL_INL_H_
#undef TEXUNIT_GATHER_KERNEL_INL_H_
#else
#define TEXUNIT_GATHER_KERNEL_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/address-inl.h"
#include "sampler/cube-inl.h"
#include "sampler/filter-inl.h"
#include "sampler/lod-inl.h"
#include "sampler/output-inl.h"
#include "sampler/prt-inl.h"
#include "sampler/sampler_operands-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// GATHER4's value of texel (x, y): the gathered component of the texel as a load returns it, or
// of its compare result; float-class results flushed when denormal.
HWY_INLINE VU GatherTexel(const WaveSetup& s, const OutputPlan& p, const LevelGeometry& g, VI x,
                          VI y, VI slice_base, MI border, VF ref, MI active, MI* missed) {
  const DU du;
  VI in_block;
  const VI elem = hn::Add(slice_base, ElementOf(s.plan, g.pitch, x, y, &in_block));
  TEXUNIT_VEC4(VU, bits);
  FetchForLoad(s, g.offset_words, elem, in_block, active, bits);
  if (s.residency != nullptr) {  // PRT: a non-resident texel reads as zero
    *missed = hn::Or(
        *missed, ZeroNonResident<VU>(s, g.offset_words, elem, hn::AndNot(border, active), bits));
  }
  if (s.key.has_border) BorderTexel(du, s.border_bits, hn::RebindMask(du, border), bits);
  const bool flush = s.plan.numeric == NumericClass::kFloat;
  if (s.key.compare) {
    TEXUNIT_VEC4(VF, t);
    const VF x = AsFloat(bits[0]);
    CompareTexel(s, ref, flush ? FlushDenormal(x) : x, t);
    for (int c = 0; c < 4; ++c) bits[c] = AsBits(t[c]);
    return SelectResult(p, s.gather_sel, bits);
  }
  // Only the gathered component is flushed: the others are dropped (and DST_SEL's 0 and 1
  // constants are not denormal).
  const VU r = SelectResult(p, s.gather_sel, bits);
  return flush ? AsBits(FlushDenormal(AsFloat(r))) : r;
}

// The status dword of a gather: 0, or on a PRT its TEXEL_FAIL / LOD_WARNING at the gather level.
HWY_INLINE VU GatherStatus(const WaveSetup& s, MI missed, MI active, VI level) {
  return PrtStatus(s) ? StatusDword(s, missed, active, level) : hn::Zero(DU());
}

// A seamless cube's gather: the footprint's texels with edge texels read across the edge and
// corner texels the mean of three (of the gathered component; integer formats take the face's own
// texel), in seed 000's order.
HWY_INLINE void GatherCube(const WaveSetup& s, const OutputPlan& out, const LevelGeometry& g,
                           const SamplerOperands& op, size_t base, VI level, VF u, VF v, VF ref,
                           MI active, hn::Mask<DU> active_u, bool all_active, Footprint& f,
                           MI* missed) {
  const DF df;
  const DI di;
  const MI none = hn::FirstN(di, 0);
  VI layer0, face;
  CubeLayer(s, op, base, &layer0, &face);
  const VI slice_elems = LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level));
  CubeFootprint(s, g, u, v, hn::FirstN(df, hn::Lanes(df)), f);
  const bool mean = s.plan.numeric == NumericClass::kFloat;
  const auto write = [&](int k, VI i, VI j) {
    VU a, b, c;
    const MI corner = CubeTexel(i, j, g.w, face, active, [&](VI tf, VI x, VI y, MI m, int which) {
      VU& dst = which == 0 ? a : which == 1 ? b : c;
      dst = GatherTexel(s, out, g, x, y, hn::Mul(hn::Add(layer0, tf), slice_elems), none, ref, m,
                        missed);
    });
    if (mean && !hn::AllFalse(di, corner)) {
      a = AsBits(FlushDenormal(CornerMean(corner, AsFloat(a), AsFloat(b), AsFloat(c))));
    }
    WriteResult(out, a, active_u, all_active, out.data[k], base);
  };
  write(0, f.x0, f.y1);
  write(1, f.x1, f.y1);
  write(2, f.x1, f.y0);
  write(3, f.x0, f.y0);
}

HWY_INLINE void GatherWaveImpl(const WaveSetup& s) {
  const DF df;
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  const OutputPlan out = MakeOutputPlan(s);
  const bool lambda_zero = s.key.lod_zero || s.key.unnormalized;
  const MipFilter mip = s.key.gather_mip;
  PrepareQuadLod(s, lambda_zero, /*aniso=*/false, &op);
  const bool use_offset = s.key.use_offset;
  const bool one_d = !s.key.uses_y, layered = s.key.uses_layer, volume = s.key.uses_z;
  const bool cube = s.key.cube_seamless;
  const bool row = s.key.gather_row;
  const MI none = hn::FirstN(di, 0);
  const MF all = hn::FirstN(df, n);

  for (size_t base = 0; base < out.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const MI active = hn::RebindMask(di, active_u);
    const bool all_active = hn::AllTrue(du, active_u);
    MI missed = hn::FirstN(di, 0);  // PRT: lanes that read a non-resident texel
    const VF lambda = SampleLambda(s, op, base, lambda_zero);
    VI level, unused_d1;
    VF unused_frac;
    ChooseLevels(s, mip, lambda, &level, &unused_d1, &unused_frac);
    level = GatherMinLod(s, level);
    TEXUNIT_LEVEL_GEOMETRY(g);
    LookupLevel(s, level, g);
    VF sc = hn::LoadU(df, op.s + base), tc = hn::LoadU(df, op.t + base);
    if (cube) sc = CubeFaceCoord(sc), tc = CubeFaceCoord(tc);
    VF u, v;
    TexelSpace(s, g, sc, tc, &u, &v);
    const VF ref = s.key.compare ? CompareReference(s, op, base) : hn::Zero(df);
    TEXUNIT_FOOTPRINT(f);
    if (cube) {
      GatherCube(s, out, g, op, base, level, u, v, ref, active, active_u, all_active, f, &missed);
      WriteStatus(out, active_u, all_active, base, GatherStatus(s, missed, active, level));
      continue;
    }
    VI ox, oy;
    LoadOffsets(op, base, use_offset, &ox, &oy);
    if (one_d) {
      LinearFootprint1D<true>(s, g, u, ox, all, f);  // row 0 twice: j0 = j1 = 0
    } else {
      BilinearFootprint<true>(s, g, u, v, ox, oy, all, f);
    }
    VI slice = layered ? LayerBase(s, op, base, level) : hn::Zero(di);
    MI slice_border = hn::RebindMask(di, hn::FirstN(df, 0));
    if (volume) {  // 3D: the POINT z slice
      VF wz;
      VI depth;
      VolumeAxis(s, op, base, level, &wz, &depth);
      const VF inv_depth = hn::Div(hn::Set(df, 1.0f), hn::ConvertTo(df, depth));
      const VI z = PointAxis<true>(s, s.key.clamp_z, wz, depth, inv_depth, false,
                                   LoadOffsetZ(op, base, use_offset), &slice_border);
      slice = hn::Mul(z, LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level)));
    }
    // Seed 000's order: (x0, y1), (x1, y1), (x1, y0), (x0, y0). (No arrays of vectors: SVE's
    // are sizeless.)
    // Inlined: as a call it stayed out of line, and its four uses share the loads of the plan.
    const auto write = [&](int k, VI x, VI y, MI border) HWY_ATTR __attribute__((always_inline)) {
      WriteResult(
          out,
          GatherTexel(s, out, g, x, y, slice, hn::Or(slice_border, border), ref, active, &missed),
          active_u, all_active, out.data[k], base);
    };
    if (row) {  // GATHER4H: T(i0 - 1 + k, j0), each column mapped by CLAMP_X on its own
      const VI i0 = RowStart(s, g, u);
      for (int k = 0; k < 4; ++k) {
        MI bx = none;
        const VI x = ApplyClamp<true>(df, s.key.clamp_x, hn::Add(i0, hn::Set(di, k - 1)), g.w,
                                      g.inv_w, s.key.pow2_x, &bx);
        write(k, x, f.y0, hn::Or(bx, f.by0));
      }
    } else {
      write(0, f.x0, f.y1, hn::Or(f.bx0, f.by1));
      write(1, f.x1, f.y1, hn::Or(f.bx1, f.by1));
      write(2, f.x1, f.y0, hn::Or(f.bx1, f.by0));
      write(3, f.x0, f.y0, hn::Or(f.bx0, f.by0));
    }
    WriteStatus(out, active_u, all_active, base, GatherStatus(s, missed, active, level));
  }
}

// GET_LOD: x = the level a sample would access (after the clamps and the mip filter), y = the
// unclamped lambda; DMASK selects from (x, y, 0, 0).
HWY_INLINE void GetLodWaveImpl(const WaveSetup& s) {
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  const OutputPlan out = MakeOutputPlan(s);
  const MipFilter mip = s.key.unnormalized ? MipFilter::kNone : s.key.mip;
  PrepareQuadLod(s, /*lambda_zero=*/false, /*aniso=*/false, &op);
  for (size_t base = 0; base < out.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const bool all_active = hn::AllTrue(du, active_u);
    const VF y = UnclampedLambda(s, op, base);
    VF x = hn::Zero(df);
    if (mip != MipFilter::kNone) {
      const VF lambda = ApplyViewMinLod(s, ClampLambda(s, op, base, y));
      x = mip == MipFilter::kLinear
              ? hn::Min(hn::Max(lambda, hn::Zero(df)), hn::Set(df, static_cast<float>(s.max_level)))
              : hn::ConvertTo(df, NearestLevel(s, lambda));
    }
    TEXUNIT_VEC4(VU, bits);
    bits[0] = AsBits(x);
    bits[1] = AsBits(y);
    bits[2] = bits[3] = hn::Zero(du);
    for (int k = 0; k < out.ncomp; ++k) {
      StoreActive(bits[out.sel[k]], active_u, all_active, out.data[k], base, out.lane_count);
    }
    WriteStatus(out, active_u, all_active, base);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_GATHER_KERNEL_INL_H_
