// Suites that run requests through a Runtime on every SIMD target (TEST_P over
// Runtime::SupportedTargets()), and the random mip-mapped 2D image many of them sample.
#ifndef TEXUNIT_TESTS_TARGET_RUNTIME_H_
#define TEXUNIT_TESTS_TARGET_RUNTIME_H_

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {

// A fixture whose rt_ is a one-thread Runtime on the target the test is instantiated for.
class TargetRuntimeTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    RuntimeOptions opt;
    opt.target = GetParam();
    opt.threads = 1;
    ASSERT_TRUE(Runtime::Create(opt, &rt_).ok());
  }
  std::unique_ptr<Runtime> rt_;
};

// A size x size RGBA8 UNORM (random words) or RGBA32F image with a full mip chain at `base`, its
// texels, and the Memory that holds them. RGBA32F texels are finite, in [-2, 2): a NaN out of a
// weighted sum may carry any payload, so tests comparing bits keep NaNs out of the texels.
struct RandomMipImage {
  RandomMipImage(bool rgba8, uint32_t size, uint64_t base, std::mt19937& gen) {
    image = MakeImage2D(rgba8 ? FormatId::kR8G8B8A8_UNORM : FormatId::kR32G32B32A32_FLOAT, size,
                        size, static_cast<uint32_t>(std::bit_width(size)), base);
    ImageLayout layout;
    EXPECT_TRUE(ComputeImageLayout(image, &layout).ok());
    texels.resize(layout.total_bytes / 4);
    std::uniform_real_distribution<float> value(-2.0f, 2.0f);
    for (uint32_t& v : texels) {
      v = rgba8 ? static_cast<uint32_t>(gen()) : std::bit_cast<uint32_t>(value(gen));
    }
    EXPECT_TRUE(memory.AddRegion(base, texels.data(), layout.total_bytes).ok());
  }
  // Memory points into texels.
  RandomMipImage(const RandomMipImage&) = delete;
  RandomMipImage& operator=(const RandomMipImage&) = delete;

  ImageDesc image;
  std::vector<uint32_t> texels;
  Memory memory;
};

// Runs IMAGE_SAMPLE with `flags` on `texture` through `smp`: `req` brings the lane count, EXEC and
// operands; returns the four components, component c of lane i at c * lane_count + i (lanes the
// request does not write keep 0xDEADBEEF).
inline std::vector<uint32_t> RunSample(Runtime& rt, const RandomMipImage& texture,
                                       const SamplerDesc& smp, uint32_t flags, TexRequest req) {
  req.op.kind = OpKind::kSample;
  req.op.flags = flags;
  req.image = &texture.image;
  req.sampler = &smp;
  req.memory = &texture.memory;
  std::vector<uint32_t> out(4 * req.lane_count, 0xDEADBEEF);
  for (int c = 0; c < 4; ++c) req.out.data[c] = out.data() + c * req.lane_count;
  const Status st = rt.Execute(req);
  EXPECT_TRUE(st.ok()) << st.message();
  return out;
}

}  // namespace texunit

#endif  // TEXUNIT_TESTS_TARGET_RUNTIME_H_
