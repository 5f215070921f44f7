// The hot sample kernels of RGBA8 UNORM and SRGB (src/sampler/sample_key.h), once per Highway
// target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/hot_sample_rgba8.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// After foreach_target.h, which compiles this file once per target.
#include "dispatch/hot_sample_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void FillHotSampleRgba8(KernelTable* table) {
  FillHotSampleKernels<FetchPath::kRgba8Unorm, HotFormat::kRgba8Unorm, false>(table);
  FillHotSampleKernels<FetchPath::kRgba8Srgb, HotFormat::kRgba8Srgb, false>(table);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillHotSampleRgba8);

bool GetHotSampleRgba8Kernels(int64_t target, KernelTable* table) {
  return FillForTarget(HWY_DISPATCH_TABLE(FillHotSampleRgba8), HotTargetOf, target, table);
}

}  // namespace texunit
#endif
