// SIMD building blocks shared by the sample and load/store kernels: exact log2 for the LOD, the
// integer CLAMP modes, and per-lane level-table lookups. Every function uses only IEEE-exact
// operations in a fixed order (no MulAdd), so all targets produce identical bits.
#if defined(TEXUNIT_SAMPLER_COMMON_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_SAMPLER_COMMON_INL_H_
#undef TEXUNIT_SAMPLER_COMMON_INL_H_
#else
#define TEXUNIT_SAMPLER_COMMON_INL_H_
#endif

#include <bit>
#include <cstring>

#include "formats/channel_convert-inl.h"
#include "hwy/highway.h"
#include "sampler/wave_setup.h"

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

// Integer a >= b (Highway 1.0.3 has no Ge for signed integers).
HWY_INLINE MI GeI(VI a, VI b) { return hn::Not(hn::Lt(a, b)); }

// NaN -> 0, then clamp to [-2^24, 2^24] so that floor() converts to int32 exactly.
HWY_INLINE VF SanitizeCoord(DF df, VF u) {
  u = hn::IfThenZeroElse(hn::IsNaN(u), u);
  return hn::Min(hn::Max(u, hn::Set(df, -16777216.0f)), hn::Set(df, 16777216.0f));
}

// Non-negative remainder of i by n (n >= 1), for |i| <= 2^24 + 1. The float quotient can be off
// by one; the two corrections make the result exact.
HWY_INLINE VI ModPositive(DF df, VI i, VI n, VF inv_n) {
  const DI di;
  const VI q = hn::ConvertTo(di, hn::Floor(hn::Mul(hn::ConvertTo(df, i), inv_n)));
  VI r = hn::Sub(i, hn::Mul(q, n));
  r = hn::IfThenElse(hn::Lt(r, hn::Zero(di)), hn::Add(r, n), r);
  r = hn::IfThenElse(GeI(r, n), hn::Sub(r, n), r);
  return r;
}

// Maps an integer texel coordinate into [0, n) by the S# CLAMP mode (modes 0..3). `pow2`: every
// level's size is a power of two, so WRAP is a mask.
HWY_INLINE VI ApplyClamp(DF df, ClampMode mode, VI i, VI n, VF inv_n, bool pow2) {
  const DI di;
  switch (mode) {
    case ClampMode::kWrap:
      return pow2 ? hn::And(i, hn::Sub(n, hn::Set(di, 1))) : ModPositive(df, i, n, inv_n);
    case ClampMode::kMirror: {
      const VI two_n = hn::Add(n, n);
      const VI m = ModPositive(df, i, two_n, hn::Mul(inv_n, hn::Set(df, 0.5f)));
      return hn::IfThenElse(hn::Lt(m, n), m, hn::Sub(hn::Sub(two_n, hn::Set(di, 1)), m));
    }
    case ClampMode::kMirrorOnceLastTexel: {
      const VI folded = hn::IfThenElse(hn::Lt(i, hn::Zero(di)), hn::Sub(hn::Set(di, -1), i), i);
      return hn::Min(folded, hn::Sub(n, hn::Set(di, 1)));
    }
    default:  // kClampLastTexel (border modes are rejected before the kernels run)
      return hn::Min(hn::Max(i, hn::Zero(di)), hn::Sub(n, hn::Set(di, 1)));
  }
}

// The neighbour i0 + 1 of a coordinate already mapped to x0 = map(i0), for the bilinear footprint.
// WRAP and CLAMP_LAST_TEXEL derive it from x0 (one remainder per axis instead of two); the
// mirror modes map i0 + 1 themselves.
HWY_INLINE VI NextTexel(DF df, ClampMode mode, VI i0, VI x0, VI n, VF inv_n, bool pow2) {
  const DI di;
  const VI one = hn::Set(di, 1);
  const VI next = hn::Add(x0, one);
  switch (mode) {
    case ClampMode::kWrap:
      return pow2 ? hn::And(next, hn::Sub(n, one)) : hn::IfThenZeroElse(hn::Eq(next, n), next);
    case ClampMode::kClampLastTexel:
      return hn::Min(hn::Max(hn::Add(i0, one), hn::Zero(di)), hn::Sub(n, one));
    default:
      return ApplyClamp(df, mode, hn::Add(i0, one), n, inv_n, pow2);
  }
}

// The level every lane of `level` is on, or -1 when they differ. Coherent waves (and every quad,
// whose lanes share one LOD) are usually on one level, and a broadcast beats a gather.
HWY_INLINE int UniformLevel(VI level) {
  const DI di;
  const int32_t first = hn::GetLane(level);
  return hn::AllTrue(di, hn::Eq(level, hn::Set(di, first))) ? first : -1;
}

// Per-lane lookup in a per-level table: a broadcast when every lane is on level `uniform`
// (>= 0), a gather otherwise.
template <typename T, class D>
HWY_INLINE hn::Vec<D> LevelLookup(D d, const T* table, VI level, int uniform) {
  if (uniform >= 0) return hn::Set(d, table[uniform]);
  return hn::GatherIndex(d, table, level);
}

// Lane i of the chunk is active when bit (base + i) of `exec` is set. A chunk has up to 64 lanes
// (SVE at 2048 bits), so the mask is loaded from the bytes of exec >> base, least significant
// first, whatever the vector width.
HWY_INLINE hn::Mask<DU> ActiveMask(DU du, uint64_t exec, size_t base) {
  static_assert(hn::MaxLanes(DU()) <= 64, "a chunk must fit the 64-bit exec mask");
  const uint64_t bits = exec >> base;  // base < 64: chunks start inside the wave
  uint8_t bytes[8];
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(bytes, &bits, sizeof(bits));  // one store, once per chunk (every lane on SCALAR)
  } else {
    for (int i = 0; i < 8; ++i) bytes[i] = static_cast<uint8_t>(bits >> (8 * i));
  }
  return hn::LoadMaskBits(du, bytes);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLER_COMMON_INL_H_
