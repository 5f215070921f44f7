// The fixture of the conformance suites: one lavapipe runner and one texunit Runtime per suite.
// Without a Vulkan CPU device `runner()` is null and `why()` says why; tests then skip.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "conformance/vk_runner.h"
#include "texunit/runtime.h"

namespace texunit::conformance {

class LavapipeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    runner_ = VkRunner::Create(&why_);
    ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok());
  }
  static void TearDownTestSuite() {
    runner_.reset();
    runtime_.reset();
  }
  static VkRunner* runner() { return runner_.get(); }
  static const std::string& why() { return why_; }
  static const Runtime& runtime() { return *runtime_; }

 private:
  static inline std::unique_ptr<VkRunner> runner_;
  static inline std::string why_;
  static inline std::unique_ptr<Runtime> runtime_;
};

}  // namespace texunit::conformance
