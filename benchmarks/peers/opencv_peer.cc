#include "benchmarks/peers/opencv_peer.h"

#include <bit>
#include <utility>

#if TEXUNIT_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#endif

#include "render/rasterizer.h"

namespace texunit::peers {

#if TEXUNIT_HAVE_OPENCV

struct OpenCvRemap::State {
  cv::Mat src;  // level 0, viewed in place (the workload's image outlives the remap)
  cv::Mat map1, map2;
  int interpolation = cv::INTER_LINEAR;
  int border = cv::BORDER_WRAP;
  cv::Mat dst;
  uint64_t samples = 0;
};

std::string OpenCvVersion() { return CV_VERSION; }

void SetOpenCvThreads(int threads) {
  // 0 runs OpenCV's functions sequentially on the calling thread.
  cv::setNumThreads(threads <= 1 ? 0 : threads);
}

std::unique_ptr<OpenCvRemap> OpenCvRemap::Create(const render::BenchWorkload& workload,
                                                 RemapMaps maps, std::string* error) {
  const render::BenchConfig& config = workload.config();
  if (config.op != render::BenchOp::kSampleLz ||
      (config.filter != render::BenchFilter::kPoint &&
       config.filter != render::BenchFilter::kBilinear) ||
      config.format != FormatId::kR8G8B8A8_UNORM || config.compare ||
      config.plane != render::BenchPlane::kFlat) {
    *error = "no cv::remap equivalent";
    return nullptr;
  }
  auto state = std::make_unique<State>();
  const render::MipImage& image = workload.image();
  const LevelLayout& level0 = image.layout().levels[0];
  state->src = cv::Mat(static_cast<int>(config.size), static_cast<int>(config.size), CV_8UC4,
                       const_cast<uint8_t*>(image.Texel(0, 0, 0)), size_t{level0.pitch} * 4);
  state->interpolation =
      config.filter == render::BenchFilter::kPoint ? cv::INTER_NEAREST : cv::INTER_LINEAR;
  state->border = config.address == ClampMode::kWrap ? cv::BORDER_WRAP : cv::BORDER_REPLICATE;

  // The active lanes' coordinates in texel space (OpenCV puts texel centres on integers), in
  // rows of 1024 (16 waves) where the count allows.
  const std::span<const uint32_t> s = workload.coord(0);
  const std::span<const uint32_t> t = workload.coord(1);
  const std::span<const uint64_t> exec = workload.exec();
  std::vector<cv::Vec2f> points;
  points.reserve(workload.samples());
  const float size = static_cast<float>(config.size);
  for (size_t i = 0; i < s.size(); ++i) {
    if (!((exec[i / render::kWaveLanes] >> (i % render::kWaveLanes)) & 1)) continue;
    points.emplace_back(std::bit_cast<float>(s[i]) * size - 0.5f,
                        std::bit_cast<float>(t[i]) * size - 0.5f);
  }
  state->samples = points.size();
  const int cols = points.size() % 1024 == 0 ? 1024 : points.size() % 64 == 0 ? 64 : 1;
  const int rows = static_cast<int>(points.size() / cols);
  cv::Mat map32(rows, cols, CV_32FC2, points.data());
  if (maps == RemapMaps::k32FC2) {
    state->map1 = map32.clone();
  } else {
    cv::convertMaps(map32, cv::noArray(), state->map1, state->map2, CV_16SC2,
                    state->interpolation == cv::INTER_NEAREST);
  }
  state->dst.create(rows, cols, CV_8UC4);
  return std::unique_ptr<OpenCvRemap>(new OpenCvRemap(std::move(state)));
}

void OpenCvRemap::Run() {
  cv::remap(state_->src, state_->dst, state_->map1, state_->map2, state_->interpolation,
            state_->border);
}

std::span<const uint8_t> OpenCvRemap::Rgba8(uint64_t i) const {
  return {state_->dst.ptr<uint8_t>() + 4 * i, 4};
}

uint64_t OpenCvRemap::samples() const { return state_->samples; }

#else  // !TEXUNIT_HAVE_OPENCV

struct OpenCvRemap::State {};

std::string OpenCvVersion() { return {}; }

void SetOpenCvThreads(int) {}

std::unique_ptr<OpenCvRemap> OpenCvRemap::Create(const render::BenchWorkload&, RemapMaps,
                                                 std::string* error) {
  *error = "skipped: libopencv-dev not installed";
  return nullptr;
}

void OpenCvRemap::Run() {}

std::span<const uint8_t> OpenCvRemap::Rgba8(uint64_t) const { return {}; }

uint64_t OpenCvRemap::samples() const { return 0; }

#endif  // TEXUNIT_HAVE_OPENCV

OpenCvRemap::OpenCvRemap(std::unique_ptr<State> state) : state_(std::move(state)) {}
OpenCvRemap::~OpenCvRemap() = default;

}  // namespace texunit::peers
