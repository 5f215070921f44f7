// The lavapipe peer: one of texunit's `texunit bench` sample workloads as a Vulkan compute
// dispatch on Mesa's lavapipe (src/vulkan/vk_runner.h). The dispatch samples the workload's own
// texture (uploaded with every mip level) at the workload's own coordinates, one result per lane,
// in 8x8 workgroups of 2x2 quads with 16 samples per invocation (shaders/peer_lod.comp,
// shaders/peer_grad.comp); it is recorded once and re-submitted, and Run times nothing itself.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "render/bench_workload.h"
#include "vulkan/vk_runner.h"

namespace texunit::peers {

class LavapipeDispatch {
 public:
  // The workload's dispatch on `runner`, or null with `error` naming why (a workload lavapipe has
  // no equivalent for: not a sample op, not RGBA8 UNORM, depth compare).
  static std::unique_ptr<LavapipeDispatch> Create(conformance::VkRunner* runner,
                                                  const render::BenchWorkload& workload,
                                                  std::string* error);

  // One submit of the whole workload, waited for on its fence.
  bool Run(std::string* error) { return dispatch_->Submit(error); }
  // After Run: lane i's vec4 result as float bits (lanes in the workload's wave order).
  std::span<const std::array<uint32_t, 4>> results() const { return dispatch_->results(); }
  // "textureLod" or "textureGrad".
  const char* shader_call() const { return shader_call_; }

 private:
  LavapipeDispatch() = default;
  std::unique_ptr<conformance::PreparedDispatch> dispatch_;
  const char* shader_call_ = "";
};

}  // namespace texunit::peers
