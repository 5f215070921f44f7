// docs/sampling.md "Atomics", the arithmetic: the value an image atomic leaves in its element,
// written from the contract's table (and AMD's prose, where seed 000's pseudo-code swaps SUB and
// RSUB), independently of src/atomics.
#pragma once

#include <cstdint>

#include "texunit/request.h"

namespace texunit::reference {

// The element's new value from its old value `mem`, the data `d` and, for the compare-swaps, the
// compare value `cmp`. `wide` selects 64-bit elements (binary64 for the float ops); 32-bit
// elements use the low 32 bits of each operand and return a value below 2^32.
uint64_t AtomicNewValue(AtomicOp op, bool wide, uint64_t mem, uint64_t d, uint64_t cmp);

// CMPSWAP and FCMPSWAP: their data is (src, cmp), twice the dwords of the others.
bool IsCompareSwap(AtomicOp op);

}  // namespace texunit::reference
