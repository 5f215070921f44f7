// Compiles the sample kernel once per Highway target and exports the dispatcher.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/sample_kernels.cc"
#include "dispatch/kernels.h"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "sampler/sample_kernel-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void SampleWave(const WaveSetup& setup) { SampleWaveImpl(setup); }
int64_t KernelTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(SampleWave);
HWY_EXPORT(KernelTarget);

void DispatchSampleWave(const WaveSetup& setup) { HWY_DYNAMIC_DISPATCH(SampleWave)(setup); }
int64_t DispatchedTarget() { return HWY_DYNAMIC_DISPATCH(KernelTarget)(); }

}  // namespace texunit
#endif
