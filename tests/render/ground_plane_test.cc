#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "render/ground_plane_scene.h"
#include "render/rasterizer.h"

namespace texunit::render {
namespace {

constexpr double kPi = 3.14159265358979323846;

TEST(GroundPlaneTest, PixelStraightBelowTheCamera) {
  // Looking straight down from (3, 2, 5); 9x9 pixels so pixel (4, 4)'s centre is the image centre.
  GroundPlaneOptions options;
  options.width = 9;
  options.height = 9;
  options.camera.position[0] = 3.0;
  options.camera.position[1] = 2.0;
  options.camera.position[2] = 5.0;
  options.camera.yaw_degrees = 0.0;
  options.camera.pitch_degrees = -90.0;
  options.texture_repeat = 0.25;
  const GroundPlaneScene scene(options);
  const GroundPlaneScene::Hit hit = scene.Intersect(4.5, 4.5);
  EXPECT_TRUE(hit.on_plane);
  EXPECT_NEAR(hit.x, 3.0, 1e-9);
  EXPECT_NEAR(hit.z, 5.0, 1e-9);
  const PixelAttributes a = scene.Shade(4.5, 4.5);
  EXPECT_TRUE(a.covered);
  EXPECT_NEAR(a.a[0], 0.75f, 1e-6f);  // s = x * repeat
  EXPECT_NEAR(a.a[1], 1.25f, 1e-6f);  // t = z * repeat
  // Looking straight down there is no horizon: every pixel is on the plane.
  for (uint32_t y = 0; y < 9; ++y) {
    for (uint32_t x = 0; x < 9; ++x) EXPECT_TRUE(scene.Shade(x + 0.5, y + 0.5).covered);
  }
}

TEST(GroundPlaneTest, FortyFiveDegreesDownHitsAtTheCameraHeight) {
  GroundPlaneOptions options;
  options.width = 9;
  options.height = 9;
  options.camera.position[0] = 0.0;
  options.camera.position[1] = 2.0;
  options.camera.position[2] = 0.0;
  options.camera.pitch_degrees = -45.0;
  options.camera.yaw_degrees = 0.0;
  GroundPlaneScene::Hit hit = GroundPlaneScene(options).Intersect(4.5, 4.5);
  EXPECT_TRUE(hit.on_plane);
  EXPECT_NEAR(hit.x, 0.0, 1e-9);
  EXPECT_NEAR(hit.z, 2.0, 1e-9);
  options.camera.yaw_degrees = 90.0;  // now looking along +x
  hit = GroundPlaneScene(options).Intersect(4.5, 4.5);
  EXPECT_NEAR(hit.x, 2.0, 1e-9);
  EXPECT_NEAR(hit.z, 0.0, 1e-9);
}

TEST(GroundPlaneTest, RowsAboveTheHorizonAreInactive) {
  const GroundPlaneOptions options;  // 1280x720, pitch -14, vertical fov 60
  const GroundPlaneScene scene(options);
  // Without roll the horizon is the row whose ray is level: tan(14 deg) / tan(30 deg) of the
  // half-height above the centre.
  const double expected =
      360.0 * (1.0 - std::tan(14.0 * kPi / 180.0) / std::tan(30.0 * kPi / 180.0));
  EXPECT_NEAR(scene.HorizonY(), expected, 1e-9);
  EXPECT_NEAR(scene.HorizonY(), 204.53, 0.01);

  std::vector<WaveSetup> waves;
  std::vector<float> st[2];
  Rasterize(
      options.width, options.height, 2, [&](double x, double y) { return scene.Shade(x, y); },
      &waves, st);
  std::vector<int> active_in_row(options.height, 0);
  for (const WaveSetup& w : waves) {
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      if (w.exec >> lane & 1) ++active_in_row[w.tile.y0 + LaneToTilePixel(lane).y];
    }
  }
  for (uint32_t y = 0; y <= 203; ++y) EXPECT_EQ(active_in_row[y], 0) << "row " << y;
  for (uint32_t y = 205; y < options.height; ++y) {
    EXPECT_EQ(active_in_row[y], static_cast<int>(options.width)) << "row " << y;
  }
}

TEST(GroundPlaneTest, DistanceGrowsTowardsTheHorizon) {
  const GroundPlaneOptions options;
  const GroundPlaneScene scene(options);
  double previous = 0.0;
  for (int y = 719; y >= 206; --y) {
    const GroundPlaneScene::Hit hit = scene.Intersect(640.0, y + 0.5);
    const double dx = hit.x - options.camera.position[0];
    const double dz = hit.z - options.camera.position[2];
    const double distance = std::sqrt(dx * dx + dz * dz);
    EXPECT_GT(distance, previous) << "row " << y;
    previous = distance;
  }
  EXPECT_GT(previous, 100.0);  // the texture repeats many times before the horizon
}

TEST(GroundPlaneTest, HelperLanesAboveTheHorizonHaveFiniteCoordinates) {
  const GroundPlaneOptions options;
  const GroundPlaneScene scene(options);
  for (double y : {0.5, 100.5, 204.5, scene.HorizonY()}) {
    const PixelAttributes a = scene.Shade(300.5, y);
    EXPECT_FALSE(a.covered);
    EXPECT_TRUE(std::isfinite(a.a[0]) && std::isfinite(a.a[1])) << y;
  }
}

TEST(GroundPlaneTest, SkyGetsLighterTowardsTheHorizon) {
  const GroundPlaneScene scene{GroundPlaneOptions()};
  uint8_t top[3];
  uint8_t low[3];
  scene.SkyColor(0.5, top);
  scene.SkyColor(200.5, low);
  EXPECT_LT(top[0], low[0]);
  EXPECT_LT(top[2], low[2] + 60);
}

}  // namespace
}  // namespace texunit::render
