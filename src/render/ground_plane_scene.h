// The demo scene: a camera above an infinite textured ground plane (y = 0) seen in perspective, so
// the texture recedes to the horizon under ever stronger minification. Every pixel centre's view
// ray is intersected with the plane and (s, t) = world (x, z) * texture_repeat (the sampler wraps).
// Pixels whose ray points at or above the horizon are sky: inactive lanes, coloured with a sky
// gradient. Those helper lanes still carry the plane's perspective-extrapolated coordinates (the
// intersection behind the camera), as a GPU's attribute interpolation would give them, so the
// quads straddling the horizon have derivatives.
//
// Shading is IMAGE_SAMPLE with implicit derivatives (trilinear, WRAP), one TexRequest per 8x8
// tile, all executed with Runtime::ExecuteBatch.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "render/image_io.h"
#include "render/mip_chain.h"
#include "render/rasterizer.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit::render {

struct Camera {
  double position[3] = {0.0, 2.0, 0.0};  // world space, y up; the plane is y = 0
  double yaw_degrees = 30.0;             // rotation about +y; 0 looks along +z
  double pitch_degrees = -14.0;          // negative looks down; -90 looks straight down
  double vertical_fov_degrees = 60.0;
};

struct GroundPlaneOptions {
  uint32_t width = 1280;
  uint32_t height = 720;
  Camera camera;
  double texture_repeat = 0.2;  // texture repeats per world unit
  // S# MAX_ANISO_RATIO (0..4: 1x..16x); above 0 the minification filter is ANISO_BILINEAR.
  uint8_t max_aniso_ratio = 0;
  // Left half trilinear, right half with the anisotropic sampler above (a comparison picture).
  bool split = false;
};

class GroundPlaneScene {
 public:
  explicit GroundPlaneScene(const GroundPlaneOptions& options);

  struct Hit {
    bool on_plane = false;  // the ray meets the plane in front of the camera
    double x = 0.0;         // world position where the ray's line meets y = 0 (behind the
    double z = 0.0;         // camera when !on_plane, except exactly at the horizon)
  };
  // The view ray through screen point (x, y) in pixels (pixel centres at +0.5), y down.
  Hit Intersect(double x, double y) const;
  // Rasteriser callback: a[0] = s, a[1] = t, covered = on the plane.
  PixelAttributes Shade(double x, double y) const;
  // The screen row coordinate where the horizon lies (rays with y < HorizonY() are sky); may be
  // outside [0, height].
  double HorizonY() const;
  // The sky colour (sRGB, 8-bit) of pixel row `y`.
  void SkyColor(double y, uint8_t rgb[3]) const;

  const GroundPlaneOptions& options() const { return options_; }

 private:
  void RayDirection(double x, double y, double dir[3]) const;

  GroundPlaneOptions options_;
  double forward_[3];
  double right_[3];
  double up_[3];
  double tan_half_fov_;
  double aspect_;
};

struct RenderStats {
  uint32_t width = 0;
  uint32_t height = 0;
  uint64_t samples = 0;  // active lanes sampled
  uint64_t waves = 0;    // requests executed
  double seconds = 0.0;  // wall time spent inside Runtime::ExecuteBatch
  std::string target;
  int threads = 0;
};

// Called with the fraction of waves done (0..1) between chunks of waves.
using ProgressFn = std::function<void(double fraction)>;

// Renders `scene` sampling `image` (registered in `memory`) into `out`. With `progress`, waves
// are executed in chunks and `progress` is called after each; otherwise in one batch.
Status RenderGroundPlane(const Runtime& runtime, const GroundPlaneScene& scene,
                         const MipImage& image, const Memory& memory, Rgba8Image* out,
                         RenderStats* stats, const ProgressFn& progress = nullptr);

}  // namespace texunit::render
