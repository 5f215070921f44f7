// The BVH node tests of docs/bvh.md in SIMD, one ray per lane: the box test of four children
// with its sorting network, and the watertight ray/triangle test. Every step is the doc's
// binary32 operation in the doc's order (no FMA: the build has -ffp-contract=off), with the
// doc's NaN rules spelled out, because Highway's Min/Max leave NaN operands to the target.
#if defined(TEXUNIT_BVH_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_BVH_KERNEL_INL_H_
#undef TEXUNIT_BVH_KERNEL_INL_H_
#else
#define TEXUNIT_BVH_KERNEL_INL_H_
#endif

#include <cstdint>
#include <cstring>
#include <limits>

#include "bvh/bvh_wave.h"
#include "formats/channel_convert-inl.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {
namespace bvh {

// IEEE 754-2008 minNum/maxNum: a NaN operand yields the other one.
HWY_INLINE VF MinNum(VF a, VF b) {
  return hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::IsNaN(b), a, hn::Min(a, b)));
}
HWY_INLINE VF MaxNum(VF a, VF b) {
  return hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::IsNaN(b), a, hn::Max(a, b)));
}

HWY_INLINE VF LoadF(const uint32_t* row, size_t i) {
  const DF df;
  const DU du;
  return hn::BitCast(df, hn::Load(du, row + i));
}

// The lanes [i, i + N) of a 64-bit lane mask as a vector mask.
HWY_INLINE MF ChunkMask(uint64_t lanes, size_t i) {
  const DF df;
  uint8_t bits[8];
  const uint64_t chunk = lanes >> i;
  for (int b = 0; b < 8; ++b) bits[b] = static_cast<uint8_t>(chunk >> (8 * b));
  return hn::LoadMaskBits(df, bits);
}

// Replaces result row `row` in the lanes of `m`.
HWY_INLINE void MergeResult(uint32_t* row, size_t i, MF m, VU value) {
  const DU du;
  hn::Store(hn::IfThenElse(hn::RebindMask(du, m), value, hn::Load(du, row + i)), du, row + i);
}

// Bound k (min.x .. max.z) of child c: box32's row, or on box16 lanes (`is16`, when `any16`)
// the widened half.
HWY_INLINE VF Bound(const BvhWave& w, size_t i, int c, int k, bool any16, MF is16) {
  const VF b32 = LoadF(w.box[c][k], i);
  if (!any16) return b32;
  const DU du;
  const VU packed = hn::Load(du, w.box16[c][k / 2] + i);
  const VU half = (k & 1) ? hn::ShiftRight<16>(packed) : hn::And(packed, hn::Set(du, 0xFFFFu));
  return hn::IfThenElse(is16, AsFloat(SmallFloatToF32(half, 10, true)), b32);
}

// One child's slab test: its result slot (the child pointer or a miss) and sort key (tmin).
HWY_INLINE VU BoxChild(const BvhWave& w, size_t i, int c, bool any16, MF is16, VF ox, VF oy, VF oz,
                       VF rx, VF ry, VF rz, VF extent, VF grow, VF& key) {
  const DF df;
  const DU du;
  const VF zero = hn::Zero(df);
  VF near = zero;
  VF far = zero;
  const auto axis = [&](int a, VF o, VF r) {
    const VF lo = hn::Mul(hn::Sub(Bound(w, i, c, a, any16, is16), o), r);
    const VF hi = hn::Mul(hn::Sub(Bound(w, i, c, 3 + a, any16, is16), o), r);
    const MF forward = hn::Ge(r, zero);
    const VF near_a = hn::IfThenElse(forward, lo, hi);
    const VF far_a = hn::IfThenElse(forward, hi, lo);
    near = a == 0 ? near_a : MaxNum(near, near_a);
    far = a == 0 ? far_a : MinNum(far, far_a);
  };
  axis(0, ox, rx);
  axis(1, oy, ry);
  axis(2, oz, rz);
  const VF inf = hn::Set(df, std::numeric_limits<float>::infinity());
  const MF nan = hn::Or(hn::IsNaN(near), hn::IsNaN(far));
  // near is not NaN where max(near, 0) is used, so the target's Max is the doc's.
  key = hn::IfThenElse(nan, inf, hn::Max(near, zero));
  const VF tmax = hn::IfThenElse(nan, hn::Neg(inf), MinNum(far, extent));
  const MF hit = hn::Le(key, hn::Mul(tmax, grow));
  return hn::IfThenElse(hn::RebindMask(du, hit), hn::Load(du, w.child[c] + i),
                        hn::Set(du, kBvhInvalidNode));
}

// The network's compare-exchange (a, b): swap when b is valid and nearer, or a is a miss, so
// hits come first by entry distance and ties keep node order.
HWY_INLINE void Exchange(VU& slot_a, VF& key_a, VU& slot_b, VF& key_b) {
  const DF df;
  const DU du;
  const VU invalid = hn::Set(du, kBvhInvalidNode);
  const MF b_nearer = hn::And(hn::RebindMask(df, hn::Ne(slot_b, invalid)), hn::Lt(key_b, key_a));
  const MF swap = hn::Or(b_nearer, hn::RebindMask(df, hn::Eq(slot_a, invalid)));
  const auto swap_u = hn::RebindMask(du, swap);
  const VU old_slot_a = slot_a;
  const VF old_key_a = key_a;
  slot_a = hn::IfThenElse(swap_u, slot_b, slot_a);
  slot_b = hn::IfThenElse(swap_u, old_slot_a, slot_b);
  key_a = hn::IfThenElse(swap, key_b, key_a);
  key_b = hn::IfThenElse(swap, old_key_a, key_b);
}

// SVE vectors are sizeless (no arrays of them), hence the named variables below.
HWY_INLINE void BoxChunk(BvhWave& w, size_t i, MF lanes) {
  const DF df;
  const VF ox = LoadF(w.origin[0], i), oy = LoadF(w.origin[1], i), oz = LoadF(w.origin[2], i);
  const VF rx = LoadF(w.inv_dir[0], i), ry = LoadF(w.inv_dir[1], i), rz = LoadF(w.inv_dir[2], i);
  const VF extent = LoadF(w.extent, i);
  const VF grow = hn::Set(df, w.grow);
  const MF is16 = ChunkMask(w.box16_lanes, i);
  const bool any16 = !hn::AllFalse(df, is16);
  VF key0 = hn::Zero(df), key1 = key0, key2 = key0, key3 = key0;
  VU slot0 = BoxChild(w, i, 0, any16, is16, ox, oy, oz, rx, ry, rz, extent, grow, key0);
  VU slot1 = BoxChild(w, i, 1, any16, is16, ox, oy, oz, rx, ry, rz, extent, grow, key1);
  VU slot2 = BoxChild(w, i, 2, any16, is16, ox, oy, oz, rx, ry, rz, extent, grow, key2);
  VU slot3 = BoxChild(w, i, 3, any16, is16, ox, oy, oz, rx, ry, rz, extent, grow, key3);
  if (w.box_sort) {
    Exchange(slot0, key0, slot2, key2);
    Exchange(slot1, key1, slot3, key3);
    Exchange(slot0, key0, slot1, key1);
    Exchange(slot2, key2, slot3, key3);
    Exchange(slot1, key1, slot2, key2);
  }
  MergeResult(w.result[0], i, lanes, slot0);
  MergeResult(w.result[1], i, lanes, slot1);
  MergeResult(w.result[2], i, lanes, slot2);
  MergeResult(w.result[3], i, lanes, slot3);
}

// U, V, W again in binary64 from the same binary32 inputs (each product exact), for the lanes
// where one of them came out zero: the paper's fallback, which decides edge hits exactly.
HWY_NOINLINE void EdgesInDouble(MF redo, VF ax, VF ay, VF bx, VF by, VF cx, VF cy, VF& u, VF& v,
                                VF& w_edge) {
  const DF df;
  constexpr size_t kMax = hn::MaxLanes(DF());
  HWY_ALIGN float in[6][kMax];
  HWY_ALIGN float out[3][kMax];
  HWY_ALIGN uint8_t bits[(kMax + 7) / 8 + 8] = {};
  hn::Store(ax, df, in[0]);
  hn::Store(ay, df, in[1]);
  hn::Store(bx, df, in[2]);
  hn::Store(by, df, in[3]);
  hn::Store(cx, df, in[4]);
  hn::Store(cy, df, in[5]);
  hn::Store(u, df, out[0]);
  hn::Store(v, df, out[1]);
  hn::Store(w_edge, df, out[2]);
  hn::StoreMaskBits(df, redo, bits);
  for (size_t lane = 0; lane < hn::Lanes(df); ++lane) {
    if (!((bits[lane / 8] >> (lane % 8)) & 1)) continue;
    const double dax = in[0][lane], day = in[1][lane], dbx = in[2][lane], dby = in[3][lane];
    const double dcx = in[4][lane], dcy = in[5][lane];
    out[0][lane] = static_cast<float>(dcx * dby - dcy * dbx);
    out[1][lane] = static_cast<float>(dax * dcy - day * dcx);
    out[2][lane] = static_cast<float>(dbx * day - dby * dax);
  }
  u = hn::Load(df, out[0]);
  v = hn::Load(df, out[1]);
  w_edge = hn::Load(df, out[2]);
}

HWY_INLINE void TriangleChunk(BvhWave& w, size_t i, MF lanes) {
  const DF df;
  const DU du;
  const VF zero = hn::Zero(df);
  const VF one = hn::Set(df, 1.0f);
  const VF ox = LoadF(w.origin[0], i), oy = LoadF(w.origin[1], i), oz = LoadF(w.origin[2], i);
  const VF dx = LoadF(w.dir[0], i), dy = LoadF(w.dir[1], i), dz_in = LoadF(w.dir[2], i);

  // kz: the axis of the largest |d| (x over y over z on ties); kx, ky follow it cyclically and
  // swap when d[kz] < 0, so the winding stays the same.
  const VF adx = hn::Abs(dx), ady = hn::Abs(dy), adz = hn::Abs(dz_in);
  const MF x_ge_y = hn::Ge(adx, ady);
  const MF z_is_x = hn::And(x_ge_y, hn::Ge(adx, adz));
  const MF z_is_y = hn::AndNot(x_ge_y, hn::Ge(ady, adz));
  const auto pick = [&](VF x, VF y, VF z) {
    return hn::IfThenElse(z_is_x, x, hn::IfThenElse(z_is_y, y, z));
  };
  const VF dz = pick(dx, dy, dz_in);
  const MF flip = hn::Lt(dz, zero);
  const auto kx = [&](VF x, VF y, VF z) {
    return hn::IfThenElse(flip, pick(z, x, y), pick(y, z, x));
  };
  const auto ky = [&](VF x, VF y, VF z) {
    return hn::IfThenElse(flip, pick(y, z, x), pick(z, x, y));
  };
  const VF sx = hn::Div(kx(dx, dy, dz_in), dz);
  const VF sy = hn::Div(ky(dx, dy, dz_in), dz);
  const VF sz = hn::Div(one, dz);

  // Vertex v relative to the origin, sheared: (x, y) into `px`, `py`, the kz component into `pz`.
  const auto shear = [&](int v, VF& px, VF& py, VF& pz) {
    const VF rx = hn::Sub(LoadF(w.vertex[v][0], i), ox);
    const VF ry = hn::Sub(LoadF(w.vertex[v][1], i), oy);
    const VF rz = hn::Sub(LoadF(w.vertex[v][2], i), oz);
    pz = pick(rx, ry, rz);
    px = hn::Sub(kx(rx, ry, rz), hn::Mul(sx, pz));
    py = hn::Sub(ky(rx, ry, rz), hn::Mul(sy, pz));
  };
  VF ax = zero, ay = zero, az = zero, bx = zero, by = zero, bz = zero, cx = zero, cy = zero,
     cz = zero;
  shear(0, ax, ay, az);
  shear(1, bx, by, bz);
  shear(2, cx, cy, cz);
  VF u = hn::Sub(hn::Mul(cx, by), hn::Mul(cy, bx));
  VF v = hn::Sub(hn::Mul(ax, cy), hn::Mul(ay, cx));
  VF w_edge = hn::Sub(hn::Mul(bx, ay), hn::Mul(by, ax));
  const MF some_zero =
      hn::And(lanes, hn::Or(hn::Or(hn::Eq(u, zero), hn::Eq(v, zero)), hn::Eq(w_edge, zero)));
  if (!hn::AllFalse(df, some_zero)) EdgesInDouble(some_zero, ax, ay, bx, by, cx, cy, u, v, w_edge);

  const MF outside_neg = hn::Or(hn::Or(hn::Lt(u, zero), hn::Lt(v, zero)), hn::Lt(w_edge, zero));
  const MF outside_pos = hn::Or(hn::Or(hn::Gt(u, zero), hn::Gt(v, zero)), hn::Gt(w_edge, zero));
  const VF det = hn::Add(hn::Add(u, v), w_edge);
  const VF t = hn::Add(hn::Add(hn::Mul(u, hn::Mul(sz, az)), hn::Mul(v, hn::Mul(sz, bz))),
                       hn::Mul(w_edge, hn::Mul(sz, cz)));
  const MF in_front = hn::Or(hn::And(hn::Gt(det, zero), hn::Ge(t, zero)),
                             hn::And(hn::Lt(det, zero), hn::Le(t, zero)));
  const MF hit = hn::AndNot(hn::And(outside_neg, outside_pos), in_front);
  const auto hit_u = hn::RebindMask(du, hit);

  const VF inf = hn::Set(df, std::numeric_limits<float>::infinity());
  MergeResult(w.result[0], i, lanes, hn::BitCast(du, hn::IfThenElse(hit, t, inf)));
  MergeResult(w.result[1], i, lanes, hn::BitCast(du, hn::IfThenElse(hit, det, one)));
  if (w.return_barycentrics) {
    MergeResult(w.result[2], i, lanes, hn::BitCast(du, hn::IfThenElseZero(hit, v)));
    MergeResult(w.result[3], i, lanes, hn::BitCast(du, hn::IfThenElseZero(hit, w_edge)));
  } else {
    MergeResult(w.result[2], i, lanes, hn::Load(du, w.triangle_id + i));
    MergeResult(w.result[3], i, lanes, hn::IfThenElseZero(hit_u, hn::Set(du, 1u)));
  }
}

}  // namespace bvh

// Tests every staged node of the wave, a vector of lanes at a time; chunks with no lane of a
// kind skip that kind's test.
HWY_INLINE void BvhWaveImpl(BvhWave& w) {
  const size_t n = hn::Lanes(DF());
  for (size_t i = 0; i < w.lane_count; i += n) {
    const uint64_t chunk = n >= 64 ? ~0ull : (uint64_t{1} << n) - 1;
    if ((w.box_lanes >> i) & chunk) bvh::BoxChunk(w, i, bvh::ChunkMask(w.box_lanes, i));
    if ((w.triangle_lanes >> i) & chunk) {
      bvh::TriangleChunk(w, i, bvh::ChunkMask(w.triangle_lanes, i));
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_BVH_KERNEL_INL_H_
