// Entry points of the Highway-dispatched kernels. Each calls the best target allowed by the
// process-wide target mask (Runtime sets it when a target is forced).
#pragma once

#include <cstdint>

#include "sampler/wave_setup.h"

namespace texunit {

void DispatchSampleWave(const WaveSetup& setup);
void DispatchLoadWave(const WaveSetup& setup);
void DispatchStoreWave(const WaveSetup& setup);
void DispatchResinfoWave(const WaveSetup& setup);
void DispatchAtomicWave(const WaveSetup& setup);
// The HWY_* bit of the target the kernels currently dispatch to.
int64_t DispatchedTarget();

}  // namespace texunit
