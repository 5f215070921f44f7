// The image atomics' arithmetic (docs/sampling.md, "Atomics"), on one 32- or 64-bit element.
// AtomicValue is the plain rule; ApplyAtomic performs it on memory shared with other threads as
// one atomic read-modify-write: a native std::atomic_ref operation where C++ has one, otherwise a
// compare-exchange loop around AtomicValue.
#pragma once

#include <cstdint>

#include "texunit/request.h"

namespace texunit {

// The value the element holds after `op`, from its value `mem` before, the data `d` and, for the
// compare-swaps, `cmp` (data = (d, cmp)). 32-bit float ops read binary32, 64-bit ones binary64.
uint32_t AtomicValue(AtomicOp op, uint32_t mem, uint32_t d, uint32_t cmp);
uint64_t AtomicValue(AtomicOp op, uint64_t mem, uint64_t d, uint64_t cmp);

// Applies `op` to `*elem` atomically and returns the value before. `elem` must be aligned to its
// size.
uint32_t ApplyAtomic(AtomicOp op, uint32_t* elem, uint32_t d, uint32_t cmp);
uint64_t ApplyAtomic(AtomicOp op, uint64_t* elem, uint64_t d, uint64_t cmp);

}  // namespace texunit
