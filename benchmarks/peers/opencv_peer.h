// The OpenCV peer: `cv::remap` of level 0 of a `texunit bench` workload's texture to the
// workload's coordinates (texel space, x = s * width - 0.5), with BORDER_WRAP for texunit's WRAP
// (BORDER_REPLICATE for CLAMP_LAST_TEXEL), INTER_NEAREST for point and INTER_LINEAR for bilinear
// sampling, into an RGBA8 image of one pixel per active lane in the workload's lane order. The
// maps are built once, as CV_32FC2 or converted with cv::convertMaps to CV_16SC2 (plus the
// CV_16UC1 interpolation table for INTER_LINEAR). Built with OpenCV where CMake found it
// (TEXUNIT_HAVE_OPENCV); otherwise Create says why not.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "render/bench_workload.h"

namespace texunit::peers {

enum class RemapMaps : uint8_t { k16SC2, k32FC2 };

// "4.6.0", or empty without OpenCV.
std::string OpenCvVersion();
// OpenCV's worker threads for every later remap: 1 runs remap on the calling thread.
void SetOpenCvThreads(int threads);

class OpenCvRemap {
 public:
  // The workload's remap, or null with `error` naming why: OpenCV is not built in ("skipped:
  // libopencv-dev not installed"), or the workload has no remap equivalent (not point or bilinear
  // IMAGE_SAMPLE_LZ on RGBA8 UNORM over a flat plane).
  static std::unique_ptr<OpenCvRemap> Create(const render::BenchWorkload& workload, RemapMaps maps,
                                             std::string* error);
  ~OpenCvRemap();

  // One remap of the whole workload.
  void Run();
  // After Run: the RGBA8 result of the i-th active lane, 4 bytes.
  std::span<const uint8_t> Rgba8(uint64_t i) const;
  uint64_t samples() const;

 private:
  struct State;
  explicit OpenCvRemap(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace texunit::peers
