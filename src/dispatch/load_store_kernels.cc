// Compiles the kernels of the ops that address texels by integers (load, store, GET_RESINFO,
// atomics) once per Highway target and exports the dispatchers.
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

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texunit {

HWY_EXPORT(LoadWave);
HWY_EXPORT(StoreWave);
HWY_EXPORT(ResinfoWave);
HWY_EXPORT(AtomicWave);

void DispatchLoadWave(const WaveSetup& setup) { HWY_DYNAMIC_DISPATCH(LoadWave)(setup); }
void DispatchStoreWave(const WaveSetup& setup) { HWY_DYNAMIC_DISPATCH(StoreWave)(setup); }
void DispatchResinfoWave(const WaveSetup& setup) { HWY_DYNAMIC_DISPATCH(ResinfoWave)(setup); }
void DispatchAtomicWave(const WaveSetup& setup) { HWY_DYNAMIC_DISPATCH(AtomicWave)(setup); }

}  // namespace texunit
#endif
