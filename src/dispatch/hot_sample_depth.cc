// The hot sample kernels of R32F depth compares (src/sampler/sample_key.h), once per Highway
// target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/hot_sample_depth.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// After foreach_target.h, which compiles this file once per target.
#include "dispatch/hot_sample_kernels-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void FillHotSampleDepth(KernelTable* table) {
  FillHotSampleKernels<FetchPath::kR32Float, HotFormat::kR32Depth, true>(table);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillHotSampleDepth);

bool GetHotSampleDepthKernels(int64_t target, KernelTable* table) {
  return FillForTarget(HWY_DISPATCH_TABLE(FillHotSampleDepth), HotTargetOf, target, table);
}

}  // namespace texunit
#endif
