// The Highway-compiled kernels of one target, as a table of function pointers. Runtime::Create
// picks a table once and each Runtime keeps its own, so forcing a target in one Runtime never
// changes which code another Runtime runs (Highway's HWY_DYNAMIC_DISPATCH reads a process-wide
// mask, which is why the kernels are not called through it).
#pragma once

#include <cstddef>
#include <cstdint>

#include "sampler/sample_key.h"
#include "sampler/wave_setup.h"

namespace texunit {

using WaveKernel = void (*)(const WaveSetup&);
struct BvhWave;
using BvhKernel = void (*)(BvhWave&);

struct KernelTable {
  WaveKernel sample = nullptr;
  WaveKernel gather4 = nullptr;
  WaveKernel get_lod = nullptr;
  WaveKernel load = nullptr;
  WaveKernel store = nullptr;
  WaveKernel resinfo = nullptr;
  WaveKernel atomic = nullptr;
  // The hot sample kernels by slot (sample_key.h); null where no file filled one.
  WaveKernel hot_sample[kHotSampleKernels] = {};
  // HWY_TARGET of the code each kernel translation unit compiled for this table: what the
  // kernels really run, as opposed to what was asked for.
  int64_t (*sample_target)() = nullptr;
  int64_t (*memory_target)() = nullptr;
  // 32-bit lanes per vector of the sample kernels: 1 (SCALAR) to 64 (SVE at 2048 bits).
  size_t (*vector_lanes)() = nullptr;
  int64_t (*hot_target)() = nullptr;  // of the hot kernel file filled last
  BvhKernel bvh = nullptr;            // BVH node tests (bvh_kernels.cc)
  int64_t (*bvh_target)() = nullptr;
};

inline int64_t HotTargetOf(const KernelTable& t) { return t.hot_target(); }

// Fills `table` from the entry of `fills` whose code reports `target` (`reported` reads that from
// a filled table). `fills` is Highway's dispatch table of an exported `void(KernelTable*)`: one
// entry per compiled target, null for the others, plus a first entry that dispatches by the
// process-wide mask (harmless here: it fills some compiled target's entries, which are matched
// like the others).
template <typename Entries, typename Reported>
bool FillForTarget(const Entries& fills, Reported reported, int64_t target, KernelTable* table) {
  for (auto* fill : fills) {
    if (fill == nullptr) continue;
    KernelTable probe;
    fill(&probe);
    if (reported(probe) == target) {
      fill(table);
      return true;
    }
  }
  return false;
}

// Fills `table` with the kernels compiled for `target` (one HWY_* bit); false when the kernel
// translation units were not compiled for it.
bool GetSampleKernels(int64_t target, KernelTable* table);          // sample_kernels.cc
bool GetMemoryKernels(int64_t target, KernelTable* table);          // load_store_kernels.cc
bool GetBvhKernels(int64_t target, KernelTable* table);             // bvh_kernels.cc
bool GetHotSampleRgba8Kernels(int64_t target, KernelTable* table);  // hot_sample_rgba8.cc
bool GetHotSampleFloatKernels(int64_t target, KernelTable* table);  // hot_sample_float.cc
bool GetHotSampleDepthKernels(int64_t target, KernelTable* table);  // hot_sample_depth.cc

}  // namespace texunit
