// The fixture of the conformance suites: one lavapipe runner and one texunit Runtime per suite.
// Without a Vulkan CPU device `runner()` is null and `why()` says why; tests then skip.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "conformance/vk_runner.h"
#include "texunit/gcn.h"
#include "texunit/runtime.h"

namespace texunit::conformance {

// The register file of a wave of `lanes` (1..64) active lanes for gcn::Execute.
inline gcn::WaveState WaveOf(uint32_t lanes, std::vector<uint32_t>& sgprs,
                             std::vector<uint32_t>& vgprs) {
  gcn::WaveState wave;
  wave.lane_count = lanes;
  wave.exec = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
  wave.sgprs = sgprs;
  wave.vgprs = vgprs;
  return wave;
}

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
