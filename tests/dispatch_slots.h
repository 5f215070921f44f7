// Tests that call a -inl.h function on every Highway target directly (HWY_EXPORT): one loop over
// the compiled targets this CPU runs, for every such test.
#ifndef TEXUNIT_TESTS_DISPATCH_SLOTS_H_
#define TEXUNIT_TESTS_DISPATCH_SLOTS_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "hwy/targets.h"

namespace texunit {

// Runs body(slot, target) once per distinct target that is compiled in and that this CPU runs
// (SCALAR and EMU128 always), under a SCOPED_TRACE of its name. `target_table` is the
// HWY_DISPATCH_TABLE of an exported function returning HWY_TARGET; every dispatch table of the
// same file lists the targets in the same order, so `slot` indexes them all. At least two targets
// must run: the best one and SCALAR or EMU128.
template <class Table, class Body>
void ForEachDispatchSlot(const Table& target_table, Body body) {
  const int64_t supported = hwy::SupportedTargets() | HWY_SCALAR | HWY_EMU128;
  std::vector<int64_t> seen;
  size_t slot = 0;
  for (auto* target_of : target_table) {
    const size_t this_slot = slot++;
    if (target_of == nullptr) continue;
    const int64_t target = target_of();
    if (!(supported & target) || std::find(seen.begin(), seen.end(), target) != seen.end()) {
      continue;
    }
    seen.push_back(target);
    SCOPED_TRACE(hwy::TargetName(target));
    body(this_slot, target);
  }
  EXPECT_GE(seen.size(), 2u);
}

}  // namespace texunit

#endif  // TEXUNIT_TESTS_DISPATCH_SLOTS_H_
