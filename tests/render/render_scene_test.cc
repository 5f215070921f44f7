// The demo renderer end to end on the runtime: small screens, checked pixel by pixel.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "render/ground_plane_scene.h"
#include "render/mip_chain.h"
#include "render/procedural_texture.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

std::unique_ptr<Runtime> MakeRuntime() {
  RuntimeOptions options;
  options.threads = 2;
  std::unique_ptr<Runtime> runtime;
  EXPECT_TRUE(Runtime::Create(options, &runtime).ok());
  return runtime;
}

TEST(RenderSceneTest, ConstantTextureRendersItsColour) {
  for (bool srgb : {false, true}) {
    std::vector<uint8_t> pixels(8 * 8 * 4);
    for (size_t i = 0; i < pixels.size(); i += 4) {
      pixels[i] = 200;
      pixels[i + 1] = 100;
      pixels[i + 2] = 50;
      pixels[i + 3] = 255;
    }
    std::unique_ptr<MipImage> image;
    ASSERT_TRUE(
        MipImage::CreateRgba8(pixels.data(), 8, 8, srgb, kDefaultImageAddress, &image).ok());
    Memory memory;
    ASSERT_TRUE(image->Register(&memory, false).ok());
    GroundPlaneOptions options;
    options.width = 37;  // partial tiles on both axes
    options.height = 21;
    const GroundPlaneScene scene(options);
    std::unique_ptr<Runtime> runtime = MakeRuntime();
    ASSERT_NE(runtime, nullptr);
    Rgba8Image out;
    RenderStats stats;
    std::vector<double> progress;
    const Status s = RenderGroundPlane(*runtime, scene, *image, memory, &out, &stats,
                                       [&](double f) { progress.push_back(f); });
    ASSERT_TRUE(s.ok()) << s.ToString();
    ASSERT_EQ(out.width, 37u);
    ASSERT_EQ(out.height, 21u);
    ASSERT_EQ(out.pixels.size(), 37u * 21u * 4u);
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back(), 1.0);
    for (size_t i = 1; i < progress.size(); ++i) EXPECT_GT(progress[i], progress[i - 1]);

    uint64_t plane_pixels = 0;
    for (uint32_t y = 0; y < out.height; ++y) {
      for (uint32_t x = 0; x < out.width; ++x) {
        const uint8_t* p = &out.pixels[(y * out.width + x) * 4];
        EXPECT_EQ(p[3], 255);
        if (scene.Shade(x + 0.5, y + 0.5).covered) {
          ++plane_pixels;
          EXPECT_NEAR(p[0], 200, srgb ? 1 : 0) << x << "," << y;
          EXPECT_NEAR(p[1], 100, srgb ? 1 : 0) << x << "," << y;
          EXPECT_NEAR(p[2], 50, srgb ? 1 : 0) << x << "," << y;
        } else {
          uint8_t sky[3];
          scene.SkyColor(y + 0.5, sky);
          EXPECT_TRUE(p[0] == sky[0] && p[1] == sky[1] && p[2] == sky[2]) << x << "," << y;
        }
      }
    }
    EXPECT_EQ(stats.samples, plane_pixels);
    EXPECT_GT(plane_pixels, 0u);
    EXPECT_EQ(stats.threads, 2);
    EXPECT_FALSE(stats.target.empty());
  }
}

TEST(RenderSceneTest, DistantPlaneIsTheAverageColour) {
  // Near the horizon trilinear filtering reaches the last levels: pixels there are close to the
  // texture's mean colour instead of aliasing between its extremes.
  const Rgba8Image pattern = MakeProceduralTexture(256);
  std::unique_ptr<MipImage> image;
  ASSERT_TRUE(
      MipImage::CreateRgba8(pattern.pixels.data(), 256, 256, false, kDefaultImageAddress, &image)
          .ok());
  Memory memory;
  ASSERT_TRUE(image->Register(&memory, false).ok());
  const uint8_t* mean = image->Texel(image->levels() - 1, 0, 0);
  GroundPlaneOptions options;
  options.width = 320;
  options.height = 180;
  const GroundPlaneScene scene(options);
  std::unique_ptr<Runtime> runtime = MakeRuntime();
  ASSERT_NE(runtime, nullptr);
  Rgba8Image out;
  RenderStats stats;
  ASSERT_TRUE(RenderGroundPlane(*runtime, scene, *image, memory, &out, &stats).ok());
  const uint32_t y = static_cast<uint32_t>(scene.HorizonY()) + 2;
  for (uint32_t x = 0; x < out.width; x += 7) {
    const uint8_t* p = &out.pixels[(y * out.width + x) * 4];
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(p[c], mean[c], 12) << x << " channel " << c;
  }
}

}  // namespace
}  // namespace texunit::render
