// SIMD building blocks shared by the sampler and load/store kernels: per-lane level-table lookups
// and the exec mask. The sampler's stages (lod-inl.h, address-inl.h, filter-inl.h) build on them.
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

// Integer a >= b (Highway 1.0.3 has no Ge for signed integers).
HWY_INLINE MI GeI(VI a, VI b) { return hn::Not(hn::Lt(a, b)); }

// Float to int32 for values that are known to lie within +-2^30 (texel coordinates after
// SanitizeCoord, times 64 at most): x already integral, floor(x), and x rounded half to even.
// hn::ConvertTo also saturates out-of-range lanes, and on x86 that fix-up is five more
// instructions per conversion that no such value needs; AVX-512 also folds the rounding into the
// conversion. The same integers on every target.
HWY_INLINE VI IntegralToI32(VF x) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  return VI{_mm512_cvttps_epi32(x.raw)};
#elif HWY_ARCH_X86 && HWY_TARGET == HWY_AVX2
  return VI{_mm256_cvttps_epi32(x.raw)};
#elif HWY_ARCH_X86 && HWY_TARGET == HWY_SSE4
  return VI{_mm_cvttps_epi32(x.raw)};
#else
  return hn::ConvertTo(DI(), x);
#endif
}

HWY_INLINE VI FloorToI32(VF x) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  return VI{_mm512_cvt_roundps_epi32(x.raw, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)};
#else
  return IntegralToI32(hn::Floor(x));
#endif
}

// Not for SCALAR, whose Round adds 0.5 first (address-inl.h's RoundPointCoord).
HWY_INLINE VI RoundToI32(VF x) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  return VI{_mm512_cvt_roundps_epi32(x.raw, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)};
#else
  return IntegralToI32(hn::Round(x));
#endif
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

// kHardware's 8 fractional bits: floor(x * 256) / 256, for bilinear weights and the LOD.
HWY_INLINE VF Quantize8(VF x) {
  const DF df;
  return hn::Mul(hn::Floor(hn::Mul(x, hn::Set(df, 256.0f))), hn::Set(df, 1.0f / 256.0f));
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
