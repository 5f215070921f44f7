// The one Runtime a fuzzer process executes on: single-threaded, best target, created once.
#pragma once

#include <memory>

#include "texunit/runtime.h"

namespace texunit::fuzz {

inline const Runtime& GetRuntime() {
  static std::unique_ptr<Runtime> rt = [] {
    std::unique_ptr<Runtime> r;
    RuntimeOptions opt;
    opt.threads = 1;
    (void)Runtime::Create(opt, &r);
    return r;
  }();
  return *rt;
}

}  // namespace texunit::fuzz
