// Compiles the BVH node-test kernel (bvh/bvh_kernel-inl.h) once per Highway target and exports a
// getter of each target's entry for the per-Runtime kernel table (kernels.h).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/bvh_kernels.cc"
#include "dispatch/kernels.h"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// The kernel, included once per target after foreach_target.h.
#include "bvh/bvh_kernel-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void BvhWaveKernel(BvhWave& wave) { BvhWaveImpl(wave); }
int64_t BvhTarget() { return HWY_TARGET; }
void FillBvhKernels(KernelTable* table) {
  table->bvh = &BvhWaveKernel;
  table->bvh_target = &BvhTarget;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillBvhKernels);

bool GetBvhKernels(int64_t target, KernelTable* table) {
  return FillForTarget(
      HWY_DISPATCH_TABLE(FillBvhKernels), [](const KernelTable& t) { return t.bvh_target(); },
      target, table);
}

}  // namespace texunit
#endif
