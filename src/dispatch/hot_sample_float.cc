// The hot sample kernels of RGBA16F and RGBA32F (src/sampler/sample_key.h), once per Highway
// target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/hot_sample_float.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// After foreach_target.h, which compiles this file once per target.
#include "dispatch/hot_sample_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void FillHotSampleFloat(KernelTable* table) {
  FillHotSampleKernels<FetchPath::kRgba16Float, HotFormat::kRgba16Float, false>(table);
  FillHotSampleKernels<FetchPath::kRgba32Float, HotFormat::kRgba32Float, false>(table);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillHotSampleFloat);

bool GetHotSampleFloatKernels(int64_t target, KernelTable* table) {
  return FillForTarget(HWY_DISPATCH_TABLE(FillHotSampleFloat), HotTargetOf, target, table);
}

}  // namespace texunit
#endif
