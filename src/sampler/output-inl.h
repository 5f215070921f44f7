// The output stage of the sampler ops (docs/sampling.md, "Result swizzle and DMASK", "D16",
// "Status dword"): DST_SEL, DMASK, D16 and the TFE/LWE status dword, written for active lanes.
#if defined(TEXUNIT_OUTPUT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_OUTPUT_INL_H_
#undef TEXUNIT_OUTPUT_INL_H_
#else
#define TEXUNIT_OUTPUT_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/d16-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Filtered channels as result bits: float-class results flushed when denormal.
HWY_INLINE void ResultBits(const WaveSetup& s, Vec4<VF> c, Vec4<VU> bits) {
  const bool float_results = s.plan.numeric == NumericClass::kFloat;
  for (int i = 0; i < 4; ++i) bits[i] = AsBits(float_results ? FlushDenormal(c[i]) : c[i]);
}

// One result dword per lane to `out` (D16: converted into the low half).
HWY_INLINE void WriteResult(const WaveSetup& s, VU v, hn::Mask<DU> active, bool all_active,
                            uint32_t* out, size_t base) {
  if (s.d16) v = ToD16(s.plan.numeric, v);
  StoreActive(v, active, all_active, out, base, s.lane_count);
}

// The status dword: 0, every texel being resident in this release.
HWY_INLINE void WriteStatus(const WaveSetup& s, hn::Mask<DU> active, bool all_active, size_t base) {
  if (!s.write_status) return;
  const DU du;
  StoreActive(hn::Zero(du), active, all_active, s.req->out.status, base, s.lane_count);
}

// SAMPLE: DST_SEL and DMASK of the four channels.
HWY_INLINE void WriteComponents(const WaveSetup& s, Vec4<VU> bits, hn::Mask<DU> active,
                                bool all_active, size_t base) {
  for (int k = 0; k < s.ncomp; ++k) {
    WriteResult(s, SelectComponent(s, k, bits), active, all_active, s.req->out.data[k], base);
  }
  WriteStatus(s, active, all_active, base);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_OUTPUT_INL_H_
