// The image atomics' arithmetic (docs/sampling.md, "Atomics"), on one 32- or 64-bit element.
// AtomicValue is the plain rule; ApplyAtomic performs it on memory shared with other threads as
// one atomic read-modify-write: a native std::atomic_ref operation where C++ has one, otherwise a
// compare-exchange loop around AtomicValue. ApplyAtomic is inline so that the kernels' lane loops
// keep the op's switch (loop-invariant, well predicted) and the native operation in line.
#pragma once

#include <atomic>
#include <cstdint>

#include "texunit/request.h"

namespace texunit {

// The value the element holds after `op`, from its value `mem` before, the data `d` and, for the
// compare-swaps, `cmp` (data = (d, cmp)). 32-bit float ops read binary32, 64-bit ones binary64.
uint32_t AtomicValue(AtomicOp op, uint32_t mem, uint32_t d, uint32_t cmp);
uint64_t AtomicValue(AtomicOp op, uint64_t mem, uint64_t d, uint64_t cmp);

// Applies `op` to `*elem` atomically and returns the value before. `elem` must be aligned to its
// size (T is uint32_t or uint64_t).
template <typename T>
inline T ApplyAtomic(AtomicOp op, T* elem, T d, T cmp) {
  std::atomic_ref<T> ref(*elem);
  switch (op) {
    case AtomicOp::kSwap:
      return ref.exchange(d);
    case AtomicOp::kAdd:
      return ref.fetch_add(d);
    case AtomicOp::kSub:
      return ref.fetch_sub(d);
    case AtomicOp::kAnd:
      return ref.fetch_and(d);
    case AtomicOp::kOr:
      return ref.fetch_or(d);
    case AtomicOp::kXor:
      return ref.fetch_xor(d);
    case AtomicOp::kCmpSwap: {
      T expected = cmp;
      ref.compare_exchange_strong(expected, d);
      return expected;  // cmp when it swapped, else the value that did not match
    }
    default: {
      T mem = ref.load();
      for (;;) {
        const T next = AtomicValue(op, mem, d, cmp);
        // Nothing to write (a failed compare, a min that keeps mem): the load was the operation.
        if (next == mem) return mem;
        if (ref.compare_exchange_weak(mem, next)) return mem;
      }
    }
  }
}

static_assert(std::atomic_ref<uint32_t>::required_alignment == alignof(uint32_t));
static_assert(std::atomic_ref<uint64_t>::required_alignment <= 8);

}  // namespace texunit
