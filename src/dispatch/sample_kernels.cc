// Compiles the sampler kernels (sample, gather4, get_lod) once per Highway target and exports a
// getter of each target's entry for the per-Runtime kernel table (kernels.h).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/sample_kernels.cc"
#include "dispatch/kernels.h"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "sampler/gather_kernel-inl.h"
#include "sampler/sample_kernel-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void SampleWave(const WaveSetup& setup) { SampleWaveImpl(setup); }
void GatherWave(const WaveSetup& setup) { GatherWaveImpl(setup); }
void GetLodWave(const WaveSetup& setup) { GetLodWaveImpl(setup); }
int64_t SampleTarget() { return HWY_TARGET; }
size_t VectorLanes() { return hn::Lanes(DF()); }
void FillSampleKernels(KernelTable* table) {
  table->sample = &SampleWave;
  table->gather4 = &GatherWave;
  table->get_lod = &GetLodWave;
  table->sample_target = &SampleTarget;
  table->vector_lanes = &VectorLanes;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillSampleKernels);

bool GetSampleKernels(int64_t target, KernelTable* table) {
  return FillForTarget(
      HWY_DISPATCH_TABLE(FillSampleKernels), [](const KernelTable& t) { return t.sample_target(); },
      target, table);
}

}  // namespace texunit
#endif
