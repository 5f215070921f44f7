// The fixture of the conformance suites: one lavapipe runner and one texunit Runtime per suite.
// Without a Vulkan CPU device `runner()` is null and `why()` says why; tests then skip.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "conformance/vk_runner.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::conformance {

// An address mode on both sides: the S# clamp mode and the Vulkan sampler's, named for reports.
struct Mode {
  ClampMode texunit;
  VkSamplerAddressMode vulkan;
  const char* name;
};
inline constexpr Mode kWrap{ClampMode::kWrap, VK_SAMPLER_ADDRESS_MODE_REPEAT, "repeat"};
inline constexpr Mode kMirror{ClampMode::kMirror, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
                              "mirror"};
inline constexpr Mode kClamp{ClampMode::kClampLastTexel, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                             "clamp"};

// The depth compare functions by DEPTH_COMPARE_FUNC / VkCompareOp value (the same numbering).
inline constexpr const char* kCompareNames[8] = {
    "NEVER", "LESS", "EQUAL", "LESS_OR_EQUAL", "GREATER", "NOT_EQUAL", "GREATER_OR_EQUAL",
    "ALWAYS"};

// Vulkan's compare (ref OP texel), as texunit's DEPTH_COMPARE_FUNC defines it (IEEE: a NaN fails
// all but NOT_EQUAL).
inline bool Compare(int op, float ref, float d) {
  switch (op) {
    case 1:
      return ref < d;
    case 2:
      return ref == d;
    case 3:
      return ref <= d;
    case 4:
      return ref > d;
    case 5:
      return !(ref == d);
    case 6:
      return ref >= d;
    case 7:
      return true;
    default:
      return false;
  }
}

// One lane's view of a wave's VGPRs: v(r) is VGPR r of that lane.
struct LaneRegs {
  uint32_t* vgprs;
  uint32_t lane;
  uint32_t& v(uint32_t r) const { return vgprs[r * 64 + lane]; }
};

// Runs `lanes` lanes of the MIMG instruction `words` through gcn::Execute in waves of 64 (the last
// one shorter), with the descriptors already in `sgprs`: `write(i, regs)` sets lane i's operand
// VGPRs before its wave runs, `read(i, regs)` takes its results after.
template <typename Write, typename Read>
Status ExecuteLanes(const Runtime& runtime, Gfx gfx, std::span<const uint32_t> words,
                    std::vector<uint32_t>& sgprs, const Memory& memory, size_t lanes, Write write,
                    Read read) {
  gcn::MimgInstruction inst;
  TEXUNIT_RETURN_IF_ERROR(gcn::DecodeMimg(gfx, words, &inst));
  std::vector<uint32_t> vgprs(256 * 64, 0);
  for (size_t base = 0; base < lanes; base += 64) {
    const uint32_t n = static_cast<uint32_t>(std::min<size_t>(64, lanes - base));
    for (uint32_t i = 0; i < n; ++i) write(base + i, LaneRegs{vgprs.data(), i});
    gcn::WaveState wave;
    wave.lane_count = n;
    wave.exec = n == 64 ? ~0ull : (1ull << n) - 1;
    wave.sgprs = sgprs;
    wave.vgprs = vgprs;
    TEXUNIT_RETURN_IF_ERROR(gcn::Execute(runtime, inst, wave, memory));
    for (uint32_t i = 0; i < n; ++i) read(base + i, LaneRegs{vgprs.data(), i});
  }
  return Status::Ok();
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
