// The cube sibling of the address stage (docs/sampling.md, "CUBE"): seamless lookups, whose
// bilinear footprint may reach across a face's edge (an edge texel, read from the adjacent face)
// or beyond its corner (a corner texel, the mean of the three texels that meet there).
// Non-seamless cubes are 2D lookups in the lane's face (LayerBase) and need nothing here.
#if defined(TEXUNIT_CUBE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_CUBE_INL_H_
#undef TEXUNIT_CUBE_INL_H_
#else
#define TEXUNIT_CUBE_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/address-inl.h"
#include "sampler/sampler_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Where an edge texel is: entry 4 * face + edge (edge 0: i = -1, 1: i = n, 2: j = -1, 3: j = n)
// holds the adjacent face in bits 2:0 and how its x (bits 4:3) and y (bits 6:5) follow from k,
// the index along the shared edge (j for edges 0 and 1, i for 2 and 3): 0 k, 1 n-1-k, 2 0,
// 3 n-1. Derived from the contract's face axis table by projecting each edge texel's centre onto
// the face it lies over (checked for n = 1..9); the scalar reference projects instead.
namespace cube_edge {
constexpr int32_t kK = 0, kFlip = 1, kFirst = 2, kLast = 3;
constexpr int32_t E(int32_t face, int32_t x, int32_t y) { return face | x << 3 | y << 5; }
}  // namespace cube_edge
alignas(64) inline constexpr int32_t kCubeEdge[24] = {
    // +X: left is +Z, right -Z, top +Y, bottom -Y.
    cube_edge::E(4, cube_edge::kLast, cube_edge::kK),
    cube_edge::E(5, cube_edge::kFirst, cube_edge::kK),
    cube_edge::E(2, cube_edge::kLast, cube_edge::kFlip),
    cube_edge::E(3, cube_edge::kLast, cube_edge::kK),
    // -X: left -Z, right +Z, top +Y, bottom -Y.
    cube_edge::E(5, cube_edge::kLast, cube_edge::kK),
    cube_edge::E(4, cube_edge::kFirst, cube_edge::kK),
    cube_edge::E(2, cube_edge::kFirst, cube_edge::kK),
    cube_edge::E(3, cube_edge::kFirst, cube_edge::kFlip),
    // +Y: left -X, right +X, top -Z, bottom +Z.
    cube_edge::E(1, cube_edge::kK, cube_edge::kFirst),
    cube_edge::E(0, cube_edge::kFlip, cube_edge::kFirst),
    cube_edge::E(5, cube_edge::kFlip, cube_edge::kFirst),
    cube_edge::E(4, cube_edge::kK, cube_edge::kFirst),
    // -Y: left -X, right +X, top +Z, bottom -Z.
    cube_edge::E(1, cube_edge::kFlip, cube_edge::kLast),
    cube_edge::E(0, cube_edge::kK, cube_edge::kLast),
    cube_edge::E(4, cube_edge::kK, cube_edge::kLast),
    cube_edge::E(5, cube_edge::kFlip, cube_edge::kLast),
    // +Z: left -X, right +X, top +Y, bottom -Y.
    cube_edge::E(1, cube_edge::kLast, cube_edge::kK),
    cube_edge::E(0, cube_edge::kFirst, cube_edge::kK),
    cube_edge::E(2, cube_edge::kK, cube_edge::kLast),
    cube_edge::E(3, cube_edge::kK, cube_edge::kFirst),
    // -Z: left +X, right -X, top +Y, bottom -Y.
    cube_edge::E(0, cube_edge::kLast, cube_edge::kK),
    cube_edge::E(1, cube_edge::kFirst, cube_edge::kK),
    cube_edge::E(2, cube_edge::kFlip, cube_edge::kFirst),
    cube_edge::E(3, cube_edge::kFlip, cube_edge::kLast),
};

// One coordinate of an edge texel on the adjacent face, from its 2-bit rule.
HWY_INLINE VI EdgeCoord(VI rule, VI k, VI last) {
  const DI di;
  const VI v = hn::IfThenElse(hn::Eq(rule, hn::Zero(di)), k, hn::Sub(last, k));  // 0: k, 1: flip
  const VI fixed = hn::IfThenElseZero(hn::Eq(rule, hn::Set(di, cube_edge::kLast)), last);
  return hn::IfThenElse(hn::Lt(rule, hn::Set(di, cube_edge::kFirst)), v, fixed);
}

// On the `on` lanes, replaces (*face, *x, *y) by the texel across `edge` of the lane's face, k
// along it.
HWY_INLINE void CrossEdge(MI on, VI face, VI edge, VI k, VI last, VI* f, VI* x, VI* y) {
  const DI di;
  const VI code = hn::GatherIndex(di, kCubeEdge, hn::Add(hn::ShiftLeft<2>(face), edge));
  const VI x_rule = hn::And(hn::ShiftRight<3>(code), hn::Set(di, 3));
  const VI y_rule = hn::ShiftRight<5>(code);
  *f = hn::IfThenElse(on, hn::And(code, hn::Set(di, 7)), *f);
  *x = hn::IfThenElse(on, EdgeCoord(x_rule, k, last), *x);
  *y = hn::IfThenElse(on, EdgeCoord(y_rule, k, last), *y);
}

// Reads what the footprint's texel (i, j) of `face` (each index in -1..n) stands for:
// read(f, x, y, mask, which) reads texel (x, y) of face f on the mask's lanes, `which` 0 for the
// texel itself (an edge texel's adjacent one, or a corner's own-face texel A), 1 and 2 for a
// corner's B (across i's edge) and C (across j's edge). Returns the corner lanes, whose value is
// the mean of the three reads.
template <class Read>
HWY_INLINE MI CubeTexel(VI i, VI j, VI n, VI face, MI active, const Read& read) {
  const DI di;
  const VI last = hn::Sub(n, hn::Set(di, 1));
  const VI ci = hn::Min(hn::Max(i, hn::Zero(di)), last);
  const VI cj = hn::Min(hn::Max(j, hn::Zero(di)), last);
  const MI out_i = hn::Ne(i, ci), out_j = hn::Ne(j, cj);
  const MI none = hn::FirstN(di, 0);
  if (hn::AllFalse(di, hn::And(hn::Or(out_i, out_j), active))) {
    read(face, ci, cj, active, 0);
    return none;
  }
  const VI edge_i = hn::IfThenElse(hn::Lt(i, hn::Zero(di)), hn::Zero(di), hn::Set(di, 1));
  const VI edge_j = hn::IfThenElse(hn::Lt(j, hn::Zero(di)), hn::Set(di, 2), hn::Set(di, 3));
  VI f = face, x = ci, y = cj;
  CrossEdge(hn::AndNot(out_j, out_i), face, edge_i, cj, last, &f, &x, &y);
  CrossEdge(hn::AndNot(out_i, out_j), face, edge_j, ci, last, &f, &x, &y);
  read(f, x, y, active, 0);
  const MI corner = hn::And(hn::And(out_i, out_j), active);
  if (hn::AllFalse(di, corner)) return none;
  CrossEdge(corner, face, edge_i, cj, last, &f, &x, &y);
  read(f, x, y, corner, 1);
  CrossEdge(corner, face, edge_j, ci, last, &f, &x, &y);
  read(f, x, y, corner, 2);
  return corner;
}

// ((a + b) + c) / 3 on the `corner` lanes of a texel value, a elsewhere.
HWY_INLINE VF CornerMean(MI corner, VF a, VF b, VF c) {
  const DF df;
  const VF mean = hn::Div(hn::Add(hn::Add(a, b), c), hn::Set(df, 3.0f));
  return hn::IfThenElse(hn::RebindMask(df, corner), mean, a);
}

// Seamless texel-space coordinates: s, t with NaN made 0, clamped to [0, 1].
HWY_INLINE VF CubeFaceCoord(VF s) {
  const DF df;
  s = hn::IfThenZeroElse(hn::IsNaN(s), s);
  return hn::Min(hn::Max(s, hn::Zero(df)), hn::Set(df, 1.0f));
}

// The footprint of a seamless lookup at one level: POINT lanes (outside `linear`) get
// (min(floor(u), n - 1), min(floor(v), n - 1)) as (x0, y0) and zero weights; BILINEAR lanes
// floor(u - 0.5) and its neighbour, unmapped (-1..n). u, v are in [0, n].
HWY_INLINE void CubeFootprint(const WaveSetup& s, const LevelGeometry& g, VF u, VF v, MF linear,
                              Footprint& m) {
  const DI di;
  const VI last = hn::Sub(g.w, hn::Set(di, 1));
  const auto axis = [&](VF c, VI* i0, VI* i1, VF* a) {
    VI i;
    AxisFraction(s, c, linear, &i, a);
    *i0 = hn::IfThenElse(hn::RebindMask(di, linear), i, hn::Min(i, last));
    *i1 = hn::Add(*i0, hn::Set(di, 1));
  };
  VI x0, x1, y0, y1;
  VF a, b;
  axis(u, &x0, &x1, &a);
  axis(v, &y0, &y1, &b);
  m.x0 = x0;
  m.x1 = x1;
  m.y0 = y0;
  m.y1 = y1;
  m.a = a;
  m.b = b;
  m.bx0 = m.bx1 = m.by0 = m.by1 = hn::FirstN(di, 0);  // no border texels
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_CUBE_INL_H_
