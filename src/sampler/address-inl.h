// The address stage of the sampler ops (docs/sampling.md, "Texel coordinates at memory level
// L"): per-lane level geometry, texel-space coordinates, _O offsets, the point texel and the
// bilinear footprint with its weights, and the integer CLAMP modes. Every function uses only
// IEEE-exact operations in a fixed order (no MulAdd), so all targets produce identical bits.
#if defined(TEXUNIT_ADDRESS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_ADDRESS_INL_H_
#undef TEXUNIT_ADDRESS_INL_H_
#else
#define TEXUNIT_ADDRESS_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/sampler_operands-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// NaN -> 0, then clamp to [-2^24, 2^24] so that floor() converts to int32 exactly.
HWY_INLINE VF SanitizeCoord(DF df, VF u) {
  u = hn::IfThenZeroElse(hn::IsNaN(u), u);
  return hn::Min(hn::Max(u, hn::Set(df, -16777216.0f)), hn::Set(df, 16777216.0f));
}

// Non-negative remainder of i by n (n >= 1), for |i| <= 2^24 + 64 (a coordinate, its bilinear
// neighbour and an _O offset). The float quotient can be off by one; the two corrections make the
// result exact.
HWY_INLINE VI ModPositive(DF df, VI i, VI n, VF inv_n) {
  const DI di;
  const VI q = hn::ConvertTo(di, hn::Floor(hn::Mul(hn::ConvertTo(df, i), inv_n)));
  VI r = hn::Sub(i, hn::Mul(q, n));
  r = hn::IfThenElse(hn::Lt(r, hn::Zero(di)), hn::Add(r, n), r);
  r = hn::IfThenElse(GeI(r, n), hn::Sub(r, n), r);
  return r;
}

HWY_INLINE bool IsBorderMode(ClampMode m) { return static_cast<uint8_t>(m) >= 4; }
HWY_INLINE bool IsHalfBorderMode(ClampMode m) {
  return m == ClampMode::kClampHalfBorder || m == ClampMode::kMirrorOnceHalfBorder;
}

// Maps an integer texel coordinate into [0, n) by the S# CLAMP mode. `pow2`: every level's size is
// a power of two, so WRAP is a mask. The border modes also set `*border` on the lanes whose texel
// is a border texel (their index is clamped into range, so that reading it stays in bounds; the
// border color replaces what it reads); the other modes leave `*border` alone. kBorder: the wave
// may have border modes (kernels without it never see one, and carry no code for them).
template <bool kBorder>
HWY_INLINE VI ApplyClamp(DF df, ClampMode mode, VI i, VI n, VF inv_n, bool pow2, MI* border) {
  const DI di;
  const VI last = hn::Sub(n, hn::Set(di, 1));
  const auto mirror_once = [&] {
    return hn::IfThenElse(hn::Lt(i, hn::Zero(di)), hn::Sub(hn::Set(di, -1), i), i);
  };
  if constexpr (kBorder) {
    switch (mode) {
      case ClampMode::kClampHalfBorder:
      case ClampMode::kClampBorder:
        *border = hn::Or(*border, hn::Or(hn::Lt(i, hn::Zero(di)), GeI(i, n)));
        return hn::Min(hn::Max(i, hn::Zero(di)), last);
      case ClampMode::kMirrorOnceHalfBorder:
      case ClampMode::kMirrorOnceBorder: {
        const VI m = mirror_once();
        *border = hn::Or(*border, GeI(m, n));
        return hn::Min(m, last);
      }
      default:
        break;
    }
  }
  switch (mode) {
    case ClampMode::kWrap:
      return pow2 ? hn::And(i, last) : ModPositive(df, i, n, inv_n);
    case ClampMode::kMirror: {
      const VI two_n = hn::Add(n, n);
      const VI m = ModPositive(df, i, two_n, hn::Mul(inv_n, hn::Set(df, 0.5f)));
      return hn::IfThenElse(hn::Lt(m, n), m, hn::Sub(hn::Sub(two_n, hn::Set(di, 1)), m));
    }
    case ClampMode::kMirrorOnceLastTexel:
      return hn::Min(mirror_once(), last);
    default:  // kClampLastTexel
      return hn::Min(hn::Max(i, hn::Zero(di)), last);
  }
}

// The neighbour i0 + 1 of a coordinate already mapped to x0 = map(i0), for the bilinear footprint.
// WRAP and CLAMP_LAST_TEXEL derive it from x0 (one remainder per axis instead of two); the other
// modes map i0 + 1 themselves.
template <bool kBorder>
HWY_INLINE VI NextTexel(DF df, ClampMode mode, VI i0, VI x0, VI n, VF inv_n, bool pow2,
                        MI* border) {
  const DI di;
  const VI one = hn::Set(di, 1);
  const VI next = hn::Add(x0, one);
  switch (mode) {
    case ClampMode::kWrap:
      return pow2 ? hn::And(next, hn::Sub(n, one)) : hn::IfThenZeroElse(hn::Eq(next, n), next);
    case ClampMode::kClampLastTexel:
      return hn::Min(hn::Max(hn::Add(i0, one), hn::Zero(di)), hn::Sub(n, one));
    default:
      return ApplyClamp<kBorder>(df, mode, hn::Add(i0, one), n, inv_n, pow2, border);
  }
}

// The half-border modes clamp the texel-space coordinate before anything else: to [0, n], or
// [-n, n] for the mirrored one, so that at most half a border texel is filtered in.
HWY_INLINE VF HalfBorderClamp(ClampMode mode, VF u, VI n) {
  const DF df;
  if (!IsHalfBorderMode(mode)) return u;
  const VF fn = hn::ConvertTo(df, n);
  const VF lo = mode == ClampMode::kClampHalfBorder ? hn::Zero(df) : hn::Neg(fn);
  return hn::Min(hn::Max(u, lo), fn);
}

// floor(u) for POINT; the half-border modes read the last texel at u = n (OpenGL's s = 1 rule).
HWY_INLINE VI PointIndex(ClampMode mode, VF u, VI n) {
  const DI di;
  const VI i = hn::ConvertTo(di, hn::Floor(u));
  if (!IsHalfBorderMode(mode)) return i;
  return hn::Min(i, hn::Sub(n, hn::Set(di, 1)));
}

// What the address stage needs of each lane's view level.
struct LevelGeometry {
  VI w, h, pitch, offset_words;
  VF fw, fh, inv_w, inv_h;
};

HWY_INLINE LevelGeometry LookupLevel(const WaveSetup& s, VI level) {
  const DF df;
  const DI di;
  const LevelTable& lt = s.levels;
  const int uniform = UniformLevel(level);
  LevelGeometry g;
  g.w = LevelLookup(di, lt.width, level, uniform);
  g.h = LevelLookup(di, lt.height, level, uniform);
  g.pitch = LevelLookup(di, lt.pitch, level, uniform);
  g.offset_words = LevelLookup(di, lt.offset_words, level, uniform);
  g.inv_w = LevelLookup(df, lt.inv_width, level, uniform);
  g.inv_h = LevelLookup(df, lt.inv_height, level, uniform);
  if (!s.unnormalized) {
    g.fw = LevelLookup(df, lt.fwidth, level, uniform);
    g.fh = LevelLookup(df, lt.fheight, level, uniform);
  }
  return g;
}

// Texel-space u, v: scaled unless unnormalized, NaN to 0, clamped to +-2^24.
HWY_INLINE void TexelSpace(const WaveSetup& s, const LevelGeometry& g, VF sc, VF tc, VF* u, VF* v) {
  const DF df;
  *u = SanitizeCoord(df, s.unnormalized ? sc : hn::Mul(sc, g.fw));
  *v = SanitizeCoord(df, s.unnormalized ? tc : hn::Mul(tc, g.fh));
}

// _O: the 6-bit two's-complement X (bits 5:0) and Y (bits 13:8) of each lane's offset dword.
struct TexelOffsets {
  VI x, y;
};

HWY_INLINE TexelOffsets LoadOffsets(const SamplerOperands& op, size_t base, bool use_offset) {
  const DI di;
  if (!use_offset) return {hn::Zero(di), hn::Zero(di)};
  const VI w = hn::LoadU(di, reinterpret_cast<const int32_t*>(op.offset) + base);
  return {hn::ShiftRight<26>(hn::ShiftLeft<26>(w)), hn::ShiftRight<26>(hn::ShiftLeft<18>(w))};
}

// POINT: the texel (floor(u) + ox, floor(v) + oy) after the clamp modes; `*border` marks border
// texels (left false when neither axis has a border mode).
template <bool kBorder>
HWY_INLINE void PointTexel(const WaveSetup& s, const LevelGeometry& g, VF u, VF v,
                           const TexelOffsets& o, VI* x, VI* y, MI* border) {
  const DF df;
  const DI di;
  VI i, j;
  if constexpr (kBorder) {
    i = PointIndex(s.clamp_x, HalfBorderClamp(s.clamp_x, u, g.w), g.w);
    j = PointIndex(s.clamp_y, HalfBorderClamp(s.clamp_y, v, g.h), g.h);
  } else {
    i = hn::ConvertTo(di, hn::Floor(u));
    j = hn::ConvertTo(di, hn::Floor(v));
  }
  *x = ApplyClamp<kBorder>(df, s.clamp_x, hn::Add(i, o.x), g.w, g.inv_w, s.pow2_x, border);
  *y = ApplyClamp<kBorder>(df, s.clamp_y, hn::Add(j, o.y), g.h, g.inv_h, s.pow2_y, border);
}

// The 2x2 footprint of BILINEAR and GATHER4: texels x0/x1 by y0/y1 after the clamp modes and
// the weights a, b. Lanes outside `linear` get their POINT texel as (x0, y0) and zero weights.
// bx0.. by1 mark border columns and rows (all false without border modes).
struct Footprint {
  VI x0, x1, y0, y1;
  VF a, b;
  MI bx0, bx1, by0, by1;
};

template <bool kBorder>
HWY_INLINE Footprint BilinearFootprint(const WaveSetup& s, const LevelGeometry& g, VF u, VF v,
                                       const TexelOffsets& o, MF linear) {
  const DF df;
  const DI di;
  if constexpr (kBorder) {
    u = HalfBorderClamp(s.clamp_x, u, g.w);
    v = HalfBorderClamp(s.clamp_y, v, g.h);
  }
  const VF half = hn::Set(df, 0.5f);
  const VF uu = hn::IfThenElse(linear, hn::Sub(u, half), u);
  const VF vv = hn::IfThenElse(linear, hn::Sub(v, half), v);
  const VF fu = hn::Floor(uu), fv = hn::Floor(vv);
  Footprint f;
  f.a = hn::IfThenElseZero(linear, hn::Sub(uu, fu));
  f.b = hn::IfThenElseZero(linear, hn::Sub(vv, fv));
  if (s.hardware_precision) {
    const VF k256 = hn::Set(df, 256.0f), inv256 = hn::Set(df, 1.0f / 256.0f);
    f.a = hn::Mul(hn::Floor(hn::Mul(f.a, k256)), inv256);
    f.b = hn::Mul(hn::Floor(hn::Mul(f.b, k256)), inv256);
  }
  VI i0 = hn::ConvertTo(di, fu), j0 = hn::ConvertTo(di, fv);
  f.bx0 = f.bx1 = f.by0 = f.by1 = hn::RebindMask(di, hn::FirstN(df, 0));
  if constexpr (kBorder) {
    // POINT lanes (of a mixed chunk) take the half-border modes' last-texel rule.
    const MI linear_i = hn::RebindMask(di, linear);
    if (IsHalfBorderMode(s.clamp_x)) {
      i0 = hn::IfThenElse(linear_i, i0, PointIndex(s.clamp_x, u, g.w));
    }
    if (IsHalfBorderMode(s.clamp_y)) {
      j0 = hn::IfThenElse(linear_i, j0, PointIndex(s.clamp_y, v, g.h));
    }
  }
  i0 = hn::Add(i0, o.x);
  j0 = hn::Add(j0, o.y);
  f.x0 = ApplyClamp<kBorder>(df, s.clamp_x, i0, g.w, g.inv_w, s.pow2_x, &f.bx0);
  f.x1 = NextTexel<kBorder>(df, s.clamp_x, i0, f.x0, g.w, g.inv_w, s.pow2_x, &f.bx1);
  f.y0 = ApplyClamp<kBorder>(df, s.clamp_y, j0, g.h, g.inv_h, s.pow2_y, &f.by0);
  f.y1 = NextTexel<kBorder>(df, s.clamp_y, j0, f.y0, g.h, g.inv_h, s.pow2_y, &f.by1);
  return f;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_ADDRESS_INL_H_
