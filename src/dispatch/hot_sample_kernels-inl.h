// The hot sample kernels (src/sampler/sample_key.h): one templated kernel instantiated for each
// hot key. Each src/dispatch/hot_sample_*.cc compiles one format family's kernels once per Highway
// target, so that no translation unit carries all of them.
#if defined(TEXUNIT_HOT_SAMPLE_KERNELS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_HOT_SAMPLE_KERNELS_INL_H_
#undef TEXUNIT_HOT_SAMPLE_KERNELS_INL_H_
#else
#define TEXUNIT_HOT_SAMPLE_KERNELS_INL_H_
#endif

#include "dispatch/kernels.h"
#include "hwy/highway.h"
#include "sampler/sample_kernel-inl.h"
#include "sampler/sample_key.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

inline int64_t HotTarget() { return HWY_TARGET; }

// The hot kernels of one fetch path: its 8 keys {point, bilinear, trilinear, aniso} x {WRAP,
// CLAMP_LAST_TEXEL}, with a depth compare for kR32Depth, written into `table` at their slots.
template <FetchPath kPath, HotFormat kFormat, bool kCompare>
void FillHotSampleKernels(KernelTable* table) {
  table->hot_target = &HotTarget;
  constexpr KeyAddress kWrap = KeyAddress::kWrap, kClamp = KeyAddress::kClampLastTexel;
  constexpr KeyXy kPoint = KeyXy::kPoint, kBilinear = KeyXy::kBilinear;
  constexpr KeyMip kNoBlend = KeyMip::kNoBlend, kLinear = KeyMip::kLinear, kAny = KeyMip::kAny;
  const auto put = [&](HotFilter filter, KeyAddress a, WaveKernel k) {
    table->hot_sample[HotSampleSlot(kFormat, filter, a)] = k;
  };
  using F = HotFilter;
  put(F::kPoint, kWrap,
      &SampleKernel<KernelKey<kPath, false, kPoint, kNoBlend, kWrap, false, kCompare>>);
  put(F::kPoint, kClamp,
      &SampleKernel<KernelKey<kPath, false, kPoint, kNoBlend, kClamp, false, kCompare>>);
  put(F::kBilinear, kWrap,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kNoBlend, kWrap, false, kCompare>>);
  put(F::kBilinear, kClamp,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kNoBlend, kClamp, false, kCompare>>);
  put(F::kTrilinear, kWrap,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kLinear, kWrap, false, kCompare>>);
  put(F::kTrilinear, kClamp,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kLinear, kClamp, false, kCompare>>);
  put(F::kAniso, kWrap,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kAny, kWrap, true, kCompare>>);
  put(F::kAniso, kClamp,
      &SampleKernel<KernelKey<kPath, false, kBilinear, kAny, kClamp, true, kCompare>>);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_HOT_SAMPLE_KERNELS_INL_H_
