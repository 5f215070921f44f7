// Compiles the kernels of the ops that address texels by integers (load, store, GET_RESINFO,
// atomics) once per Highway target and exports a getter of each target's entries for the
// per-Runtime kernel table (kernels.h).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "dispatch/load_store_kernels.cc"
#include "dispatch/kernels.h"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// The kernels, included once per target after foreach_target.h.
#include "atomics/atomic_kernel-inl.h"
#include "sampler/load_store_kernel-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

void LoadWave(const WaveSetup& setup) { LoadWaveImpl(setup); }
void StoreWave(const WaveSetup& setup) { StoreWaveImpl(setup); }
void ResinfoWave(const WaveSetup& setup) { ResinfoWaveImpl(setup); }
void AtomicWave(const WaveSetup& setup) { AtomicWaveImpl(setup); }
int64_t MemoryTarget() { return HWY_TARGET; }
void FillMemoryKernels(KernelTable* table) {
  table->load = &LoadWave;
  table->store = &StoreWave;
  table->resinfo = &ResinfoWave;
  table->atomic = &AtomicWave;
  table->memory_target = &MemoryTarget;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(FillMemoryKernels);

bool GetMemoryKernels(int64_t target, KernelTable* table) {
  return FillForTarget(
      HWY_DISPATCH_TABLE(FillMemoryKernels), [](const KernelTable& t) { return t.memory_target(); },
      target, table);
}

}  // namespace texunit
#endif
