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

#include "formats/vec4-inl.h"
#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/sampler_operands-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Where the address stage reads the choices a wave makes for every chunk (whether each axis's
// WRAP is a mask, TRUNC_COORD's rounding, unnormalized coordinates, kHardware's weights, _O):
// from the wave's key, or, in the staged kernels' usual wave, from constants (UsualAddress), so
// that none of its chunks tests them. The functions below take it as a template parameter.
struct WaveAddress {
  static bool Pow2X(const SampleKey& k) { return k.pow2_x; }
  static bool Pow2Y(const SampleKey& k) { return k.pow2_y; }
  static bool PointRound(const SampleKey& k) { return k.point_round; }
  static bool Unnormalized(const SampleKey& k) { return k.unnormalized; }
  static bool HardwarePrecision(const SampleKey& k) { return k.hardware_precision; }
  static bool Offsets(const SampleKey& k) { return k.use_offset; }
};

// The usual 2D wave: power-of-two sizes (WRAP is a mask; the other clamp modes do not ask),
// normalized coordinates, float weights and no _O. TRUNC_COORD stays the wave's: POINT samplers
// come with either value (AMD's default rounds, radv asks for the floor).
struct UsualAddress : WaveAddress {
  static constexpr bool Pow2X(const SampleKey&) { return true; }
  static constexpr bool Pow2Y(const SampleKey&) { return true; }
  static constexpr bool Unnormalized(const SampleKey&) { return false; }
  static constexpr bool HardwarePrecision(const SampleKey&) { return false; }
  static constexpr bool Offsets(const SampleKey&) { return false; }
};

// Whether a wave whose CLAMP_X and CLAMP_Y are `wrap` or not is the usual one.
HWY_INLINE bool IsUsualAddress(const SampleKey& k, bool wrap) {
  return (!wrap || (k.pow2_x && k.pow2_y)) && !k.unnormalized && !k.hardware_precision &&
         !k.use_offset;
}

// NaN -> 0: SanitizeCoord's first step, which a chunk whose coordinates TexelSpace scales to two
// levels takes once.
HWY_INLINE VF ZeroNaN(VF c) { return hn::IfThenZeroElse(hn::IsNaN(c), c); }

// NaN -> 0, then clamp to [-2^24, 2^24] so that floor() converts to int32 exactly. `kNanFree`: u
// has no NaN lanes (ZeroNaN'd normalized coordinates times a level's size, finite and positive).
template <bool kNanFree = false>
HWY_INLINE VF SanitizeCoord(DF df, VF u) {
  if constexpr (!kNanFree) u = ZeroNaN(u);
  return hn::Min(hn::Max(u, hn::Set(df, -16777216.0f)), hn::Set(df, 16777216.0f));
}

// Non-negative remainder of i by n (n >= 1), for |i| <= 2^24 + 64 (a coordinate, its bilinear
// neighbour and an _O offset). The float quotient can be off by one; the two corrections make the
// result exact.
HWY_INLINE VI ModPositive(DF df, VI i, VI n, VF inv_n) {
  const DI di;
  const VI q = FloorToI32(hn::Mul(hn::ConvertTo(df, i), inv_n));
  VI r = hn::Sub(i, hn::Mul(q, n));
  r = hn::IfThenElse(hn::Lt(r, hn::Zero(di)), hn::Add(r, n), r);
  r = hn::IfThenElse(GeI(r, n), hn::Sub(r, n), r);
  return r;
}

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

// S# TRUNC_COORD = 0: a POINT coordinate rounded to 1/64 texel, half to even, before its floor
// (docs/sampling.md, "Texel coordinates"). u is within +-2^24, so u * 64 is exact, and where it
// has a fraction (|u * 64| < 2^23) its floor plus one is exact too. Not hn::Round: Highway's
// SCALAR rounding adds 0.5 first, which carries 0.49999997 up.
HWY_INLINE VF RoundPointCoord(VF u) {
  const DF df;
  const DI di;
  const VF x = hn::Mul(u, hn::Set(df, 64.0f));
  const VF fl = hn::Floor(x);
  const VF frac = hn::Sub(x, fl);
  const VF half = hn::Set(df, 0.5f);
  const MI odd = hn::Eq(hn::And(hn::ConvertTo(di, fl), hn::Set(di, 1)), hn::Set(di, 1));
  const MF up = hn::Or(hn::Gt(frac, half), hn::And(hn::Eq(frac, half), hn::RebindMask(df, odd)));
  return hn::Mul(hn::Add(fl, hn::IfThenElseZero(up, hn::Set(df, 1.0f))), hn::Set(df, 1.0f / 64));
}

// The POINT index of u: floor(u) with TRUNC_COORD, else floor(RoundPointCoord(u)). The latter is
// rne(u * 64) >> 6 (an arithmetic shift: the floor of the division), the same integer: |u * 64| <=
// 2^30, and RoundToI32 is the instruction's round-half-even on these targets (not the MXCSR mode):
// three operations (two on AVX-512) where RoundPointCoord, its floor and its conversion take a
// dozen. SCALAR's Round adds 0.5 first (RoundPointCoord says why that is wrong), so it keeps the
// float steps.
template <class A = WaveAddress>
HWY_INLINE VI PointFloor(const WaveSetup& s, VF u) {
  if (!A::PointRound(s.key)) return FloorToI32(u);
#if HWY_TARGET == HWY_SCALAR
  return hn::ConvertTo(DI(), hn::Floor(RoundPointCoord(u)));
#else
  return hn::ShiftRight<6>(RoundToI32(hn::Mul(u, hn::Set(DF(), 64.0f))));
#endif
}

// What the address stage needs of each lane's view level (TEXUNIT_LEVEL_GEOMETRY declares one).
struct LevelGeometry {
  TEXUNIT_VFIELD_CTOR(LevelGeometry)
  VField<VI> w, h, pitch, offset_words;
  VField<VF> fw, fh, inv_w, inv_h;
};

// Zeros: a LevelGeometry that LookupChunkLevel fills on first use, defined before it for the
// compiler, which cannot see that (and xor-zeroed registers cost nothing).
HWY_INLINE void ClearLevelGeometry(LevelGeometry& m) {
  const DF df;
  const DI di;
  m.w = m.h = m.pitch = m.offset_words = hn::Zero(di);
  m.fw = m.fh = m.inv_w = m.inv_h = hn::Zero(df);
}

// Fills m for each lane's level; returns the level every lane is on, or -1 (UniformLevel).
template <class A = WaveAddress>
HWY_INLINE int LookupLevel(const WaveSetup& s, VI level, LevelGeometry& m) {
  const DF df;
  const DI di;
  const LevelTable& lt = s.levels;
  const int uniform = UniformLevel(level);
  if (uniform >= 0) {
    const LevelTable::Row& r = lt.rows[uniform];
    m.w = hn::Set(di, r.width);
    m.h = hn::Set(di, r.height);
    m.pitch = hn::Set(di, r.pitch);
    m.offset_words = hn::Set(di, r.offset_words);
    m.inv_w = hn::Set(df, r.inv_width);
    m.inv_h = hn::Set(df, r.inv_height);
    const bool scaled = !A::Unnormalized(s.key);  // else not read (TexelSpace), but defined
    m.fw = hn::Set(df, scaled ? r.fwidth : 1.0f);
    m.fh = hn::Set(df, scaled ? r.fheight : 1.0f);
    return uniform;
  }
  m.w = LevelLookup(di, lt.width, level, uniform);
  m.h = LevelLookup(di, lt.height, level, uniform);
  m.pitch = LevelLookup(di, lt.pitch, level, uniform);
  m.offset_words = LevelLookup(di, lt.offset_words, level, uniform);
  m.inv_w = LevelLookup(df, lt.inv_width, level, uniform);
  m.inv_h = LevelLookup(df, lt.inv_height, level, uniform);
  if (!A::Unnormalized(s.key)) {
    m.fw = LevelLookup(df, lt.fwidth, level, uniform);
    m.fh = LevelLookup(df, lt.fheight, level, uniform);
  } else {
    m.fw = m.fh = hn::Set(df, 1.0f);  // not read (TexelSpace), but never left undefined
  }
  return uniform;
}

// Texel-space u, v: scaled unless unnormalized, NaN to 0, clamped to +-2^24. `kNanFree`: sc and
// tc went through ZeroNaN.
template <class A = WaveAddress, bool kNanFree = false>
HWY_INLINE void TexelSpace(const WaveSetup& s, const LevelGeometry& g, VF sc, VF tc, VF* u, VF* v) {
  const DF df;
  *u = SanitizeCoord<kNanFree>(df, A::Unnormalized(s.key) ? sc : hn::Mul(sc, g.fw));
  *v = SanitizeCoord<kNanFree>(df, A::Unnormalized(s.key) ? tc : hn::Mul(tc, g.fh));
}

// _O: the 6-bit two's-complement X (bits 5:0) and Y (bits 13:8) of each lane's offset dword.
HWY_INLINE void LoadOffsets(const SamplerOperands& op, size_t base, bool use_offset, VI* ox,
                            VI* oy) {
  const DI di;
  if (!use_offset) {
    *ox = *oy = hn::Zero(di);
    return;
  }
  const VI w = hn::LoadU(di, reinterpret_cast<const int32_t*>(op.offset) + base);
  *ox = hn::ShiftRight<26>(hn::ShiftLeft<26>(w));
  *oy = hn::ShiftRight<26>(hn::ShiftLeft<18>(w));
}

// _O on 3D: the 6-bit two's-complement Z (bits 21:16).
HWY_INLINE VI LoadOffsetZ(const SamplerOperands& op, size_t base, bool use_offset) {
  const DI di;
  if (!use_offset) return hn::Zero(di);
  const VI w = hn::LoadU(di, reinterpret_cast<const int32_t*>(op.offset) + base);
  return hn::ShiftRight<26>(hn::ShiftLeft<10>(w));
}

// 3D: the lane's w = r * d_L (or r, unnormalized), sanitized like u, and the level's depth.
HWY_INLINE void VolumeAxis(const WaveSetup& s, const SamplerOperands& op, size_t base, VI level,
                           VF* w, VI* depth) {
  const DF df;
  const DI di;
  *depth = LevelLookup(di, s.levels.depth, level, UniformLevel(level));
  const VF r = hn::LoadU(df, op.r + base);
  *w = SanitizeCoord(df, s.key.unnormalized ? r : hn::Mul(r, hn::ConvertTo(df, *depth)));
}

// One axis of POINT: the lane's PointFloor i (the half-border modes' clamp and last-texel rule
// included) plus the offset, mapped by the clamp mode. The half-border modes clamp u to [lo, n]
// and read the last texel at u = n (OpenGL's s = 1 rule): min(max(i, lo), n - 1), as lo and n are
// integers.
template <bool kBorder, class A = WaveAddress>
HWY_INLINE VI PointAxis(const WaveSetup& s, ClampMode mode, VF u, VI n, VF inv_n, bool pow2,
                        VI offset, MI* border) {
  const DF df;
  const DI di;
  VI i = PointFloor<A>(s, u);
  if (kBorder && IsHalfBorderMode(mode)) {
    const VI lo = mode == ClampMode::kClampHalfBorder ? hn::Zero(di) : hn::Neg(n);
    i = hn::Min(hn::Max(i, lo), hn::Sub(n, hn::Set(di, 1)));
  }
  return ApplyClamp<kBorder>(df, mode, hn::Add(i, offset), n, inv_n, pow2, border);
}

// POINT: the texel (floor(u) + ox, floor(v) + oy) after the clamp modes; `*border` marks border
// texels (left false when neither axis has a border mode).
// `cx`, `cy` are the wave's CLAMP_X and CLAMP_Y, or the constants a kernel's key fixes them to.
template <bool kBorder, class A = WaveAddress>
HWY_INLINE void PointTexel(const WaveSetup& s, const LevelGeometry& g, VF u, VF v, VI ox, VI oy,
                           VI* x, VI* y, MI* border, ClampMode cx, ClampMode cy) {
  *x = PointAxis<kBorder, A>(s, cx, u, g.w, g.inv_w, A::Pow2X(s.key), ox, border);
  *y = PointAxis<kBorder, A>(s, cy, v, g.h, g.inv_h, A::Pow2Y(s.key), oy, border);
}
template <bool kBorder>
HWY_INLINE void PointTexel(const WaveSetup& s, const LevelGeometry& g, VF u, VF v, VI ox, VI oy,
                           VI* x, VI* y, MI* border) {
  PointTexel<kBorder>(s, g, u, v, ox, oy, x, y, border, s.key.clamp_x, s.key.clamp_y);
}

// The fractional part of one bilinear axis: `linear` lanes take floor(u - 0.5) as *i0 and the
// weight of the next texel as *a (quantised in kHardware); the others their POINT index and
// weight 0.
template <class A = WaveAddress>
HWY_INLINE void AxisFraction(const WaveSetup& s, VF u, MF linear, VI* i0, VF* a) {
  const DF df;
  const DI di;
  const VF x = hn::Sub(u, hn::Set(df, 0.5f));
  const VF fx = hn::Floor(x);
  *a = hn::IfThenElseZero(linear, hn::Sub(x, fx));
  if (A::HardwarePrecision(s.key)) *a = Quantize8(*a);
  *i0 = IntegralToI32(fx);
  // Chunks of bilinear lanes only (the usual case) skip the POINT index.
  if (!hn::AllTrue(df, linear)) {
    *i0 = hn::IfThenElse(hn::RebindMask(di, linear), *i0, PointFloor<A>(s, u));
  }
}

// One axis of the bilinear footprint: texels i0 + 1 apart after the clamp mode (*x0, *x1), the
// weight of the second (*a), and the border marks (*b0, *b1; set only by border modes). Lanes
// outside `linear` get their POINT texel as the first and weight 0.
template <bool kBorder, class A = WaveAddress>
HWY_INLINE void LinearAxis(const WaveSetup& s, ClampMode mode, VF u, VI n, VF inv_n, bool pow2,
                           VI offset, MF linear, VI* x0, VI* x1, VF* a, MI* b0, MI* b1) {
  const DF df;
  const DI di;
  if constexpr (kBorder) u = HalfBorderClamp(mode, u, n);
  VI i0;
  AxisFraction<A>(s, u, linear, &i0, a);
  if constexpr (kBorder) {
    // POINT lanes (of a mixed chunk: AxisFraction gave them PointFloor of the clamped u) take the
    // half-border modes' last-texel rule.
    if (IsHalfBorderMode(mode)) {
      i0 = hn::IfThenElse(hn::RebindMask(di, linear), i0, hn::Min(i0, hn::Sub(n, hn::Set(di, 1))));
    }
  }
  i0 = hn::Add(i0, offset);
  *b0 = *b1 = hn::RebindMask(di, hn::FirstN(df, 0));
  *x0 = ApplyClamp<kBorder>(df, mode, i0, n, inv_n, pow2, b0);
  *x1 = NextTexel<kBorder>(df, mode, i0, *x0, n, inv_n, pow2, b1);
}

// The 2x2 footprint of BILINEAR and GATHER4: texels x0/x1 by y0/y1 after the clamp modes and
// the weights a, b. Lanes outside `linear` get their POINT texel as (x0, y0) and zero weights.
// bx0.. by1 mark border columns and rows (all false without border modes). TEXUNIT_FOOTPRINT
// declares one.
struct Footprint {
  TEXUNIT_VFIELD_CTOR(Footprint)
  VField<VI> x0, x1, y0, y1;
  VField<VF> a, b;
  VField<MI> bx0, bx1, by0, by1;
};

template <bool kBorder, class A = WaveAddress>
HWY_INLINE void BilinearFootprint(const WaveSetup& s, const LevelGeometry& g, VF u, VF v, VI ox,
                                  VI oy, MF linear, Footprint& m, ClampMode cx, ClampMode cy) {
  LinearAxis<kBorder, A>(s, cx, u, g.w, g.inv_w, A::Pow2X(s.key), ox, linear, &m.x0, &m.x1, &m.a,
                         &m.bx0, &m.bx1);
  LinearAxis<kBorder, A>(s, cy, v, g.h, g.inv_h, A::Pow2Y(s.key), oy, linear, &m.y0, &m.y1, &m.b,
                         &m.by0, &m.by1);
}
template <bool kBorder>
HWY_INLINE void BilinearFootprint(const WaveSetup& s, const LevelGeometry& g, VF u, VF v, VI ox,
                                  VI oy, MF linear, Footprint& m) {
  BilinearFootprint<kBorder>(s, g, u, v, ox, oy, linear, m, s.key.clamp_x, s.key.clamp_y);
}

// GATHER4H's first column before the clamp mode: the bilinear footprint's i0 = floor(u - 0.5),
// after a half-border clamp of u (docs/sampling.md, "GATHER4H").
HWY_INLINE VI RowStart(const WaveSetup& s, const LevelGeometry& g, VF u) {
  const DF df;
  VI i0;
  VF unused;
  AxisFraction(s, HalfBorderClamp(s.key.clamp_x, u, g.w), hn::FirstN(df, hn::Lanes(df)), &i0,
               &unused);
  return i0;
}

// 1D images (and 1D arrays): the footprint along x; both rows are row 0, with no weight and no
// border (docs/sampling.md: CLAMP_Y and the offset's Y are not read).
template <bool kBorder>
HWY_INLINE void LinearFootprint1D(const WaveSetup& s, const LevelGeometry& g, VF u, VI ox,
                                  MF linear, Footprint& m) {
  const DF df;
  const DI di;
  LinearAxis<kBorder>(s, s.key.clamp_x, u, g.w, g.inv_w, s.key.pow2_x, ox, linear, &m.x0, &m.x1,
                      &m.a, &m.bx0, &m.bx1);
  m.y0 = m.y1 = hn::Zero(di);
  m.b = hn::Zero(df);
  m.by0 = m.by1 = hn::RebindMask(di, hn::FirstN(df, 0));
}

// 1D POINT: the texel of row 0.
template <bool kBorder>
HWY_INLINE VI PointTexel1D(const WaveSetup& s, const LevelGeometry& g, VF u, VI ox, MI* border) {
  return PointAxis<kBorder>(s, s.key.clamp_x, u, g.w, g.inv_w, s.key.pow2_x, ox, border);
}

// clamp(rne(x), 0, hi) of a float operand (a NaN is 0): the array layer rule, also the cube's face
// and cube index.
HWY_INLINE VI RoundedIndex(VF x, int32_t hi) {
  const DF df;
  const DI di;
  x = hn::IfThenZeroElse(hn::IsNaN(x), x);
  x = hn::Min(hn::Max(x, hn::Zero(df)), hn::Set(df, static_cast<float>(hi)));
  // Round half to even by hand: Highway's SCALAR NearestInt adds 0.5 first, which rounds
  // 0.49999997 up. floor and the fraction are exact below 2^23.
  const VF fl = hn::Floor(x);
  const VF frac = hn::Sub(x, fl);
  const VI r = hn::ConvertTo(di, fl);
  const VF half = hn::Set(df, 0.5f);
  const MI odd = hn::Eq(hn::And(r, hn::Set(di, 1)), hn::Set(di, 1));
  const MI up = hn::Or(hn::RebindMask(di, hn::Gt(frac, half)),
                       hn::And(hn::RebindMask(di, hn::Eq(frac, half)), odd));
  return hn::Add(r, hn::IfThenElseZero(up, hn::Set(di, 1)));
}

// Arrays: the lane's view layer, clamp(rne(layer), 0, N - 1), as a memory layer.
HWY_INLINE VI ArrayLayer(const WaveSetup& s, const SamplerOperands& op, size_t base) {
  const DF df;
  const DI di;
  return hn::Add(RoundedIndex(hn::LoadU(df, op.layer + base), s.view_layers - 1),
                 hn::Set(di, s.base_array));
}

// Cubes: the memory layer of face 0 of the lane's cube, base_array + 6 * K, and its face F.
HWY_INLINE void CubeLayer(const WaveSetup& s, const SamplerOperands& op, size_t base, VI* layer0,
                          VI* face) {
  const DF df;
  const DI di;
  *face = RoundedIndex(hn::LoadU(df, op.layer + base), 5);
  const VI k = RoundedIndex(hn::LoadU(df, op.cube + base), s.cubes - 1);
  *layer0 = hn::Add(hn::Mul(k, hn::Set(di, 6)), hn::Set(di, s.base_array));
}

// The element offset, in view level `level`, of the memory layer each lane reads: arrays' layer,
// or a non-seamless cube's face (seamless cubes pick a layer per texel: cube-inl.h).
HWY_INLINE VI LayerBase(const WaveSetup& s, const SamplerOperands& op, size_t base, VI level) {
  const DI di;
  VI layer;
  if (s.key.cube) {
    VI face;
    CubeLayer(s, op, base, &layer, &face);
    layer = hn::Add(layer, face);
  } else {
    layer = ArrayLayer(s, op, base);
  }
  return hn::Mul(layer, LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level)));
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#undef TEXUNIT_LEVEL_GEOMETRY
#undef TEXUNIT_FOOTPRINT
#if HWY_HAVE_SCALABLE
#define TEXUNIT_LEVEL_GEOMETRY(g)             \
  VI g##_w_, g##_h_, g##_pitch_, g##_offset_; \
  VF g##_fw_, g##_fh_, g##_iw_, g##_ih_;      \
  LevelGeometry g { g##_w_, g##_h_, g##_pitch_, g##_offset_, g##_fw_, g##_fh_, g##_iw_, g##_ih_ }
#define TEXUNIT_FOOTPRINT(f)                                                                   \
  VI f##_x0_, f##_x1_, f##_y0_, f##_y1_;                                                       \
  VF f##_a_, f##_b_;                                                                           \
  MI f##_bx0_, f##_bx1_, f##_by0_, f##_by1_;                                                   \
  Footprint f {                                                                                \
    f##_x0_, f##_x1_, f##_y0_, f##_y1_, f##_a_, f##_b_, f##_bx0_, f##_bx1_, f##_by0_, f##_by1_ \
  }
#else
#define TEXUNIT_LEVEL_GEOMETRY(g) LevelGeometry g
#define TEXUNIT_FOOTPRINT(f) Footprint f
#endif

#endif  // TEXUNIT_ADDRESS_INL_H_
