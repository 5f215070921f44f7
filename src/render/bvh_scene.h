// The BVH demo scene: a torus knot over a ground quad (render/bvh_mesh.h), built into a BVH in
// the layout IMAGE_BVH_INTERSECT_RAY reads (render/bvh_builder.h) and traced with one primary ray
// per pixel from a pinhole camera, the way a ray-tracing shader drives the instruction.
//
// Each 8x8 tile is one 64-lane wave (lanes in the rasteriser's Morton order). Every lane keeps its
// own traversal stack; the wave loops: each lane still traversing tests one node, all of them in
// one Runtime::IntersectRays call with EXEC = those lanes; a box result's children (sorted nearest
// first, box_sort_en) are pushed farthest first, a triangle result's t = t_num / t_denom is kept
// when it is the closest so far in (0, tmax), and the closest hit becomes the lane's ray extent,
// so boxes behind it are culled. Tiles are spread over threads with tbb::parallel_for.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "render/bvh_builder.h"
#include "render/bvh_mesh.h"
#include "render/ground_plane_scene.h"
#include "render/image_io.h"
#include "texunit/bvh.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit::render {

struct BvhSceneOptions {
  uint32_t width = 1280;
  uint32_t height = 720;
  BvhBoxFormat box_format = BvhBoxFormat::kBox32;
  KnotMeshOptions mesh;
  double eye[3] = {5.0, 4.2, 6.4};  // the pinhole, world space, y up
  double look_at[3] = {0.0, 1.8, 0.0};
  double vertical_fov_degrees = 45.0;
  uint8_t box_grow_value = 0;  // the BVH T#'s field
};

// A hit pixel's triangle, or none.
inline constexpr uint32_t kBvhNoHit = 0xFFFFFFFFu;

class BvhScene {
 public:
  // Where the nodes are registered in the scene's Memory (256-byte aligned, as the T# needs).
  static constexpr uint64_t kBaseAddress = 0x10000000;

  // Builds the knot mesh of `options.mesh`.
  static Status Create(const BvhSceneOptions& options, std::unique_ptr<BvhScene>* out);
  // Builds `triangles` instead (tests use tiny scenes).
  static Status Create(const BvhSceneOptions& options, std::vector<BvhTriangle> triangles,
                       std::unique_ptr<BvhScene>* out);

  const BvhSceneOptions& options() const { return options_; }
  std::span<const BvhTriangle> triangles() const { return triangles_; }
  const BuiltBvh& bvh() const { return bvh_; }
  // The T#: base kBaseAddress, size_bytes the node bytes, box_sort_en, triangle_return_mode 1.
  const BvhDesc& desc() const { return desc_; }
  const Memory& memory() const { return memory_; }
  double build_seconds() const { return build_seconds_; }

  // The primary ray through screen point (x, y) in pixels (pixel centres at +0.5, y down): the
  // eye and the unit direction, rounded to binary32 as the lanes receive them.
  void PrimaryRay(double x, double y, float origin[3], float dir[3]) const;
  // The triangle_id stored in a triangle node (byte 60), read as a shader would after a hit.
  uint32_t TriangleIdOf(uint32_t node_pointer) const;

 private:
  BvhScene() = default;

  BvhSceneOptions options_;
  std::vector<BvhTriangle> triangles_;
  BuiltBvh bvh_;
  BvhDesc desc_;
  Memory memory_;
  double build_seconds_ = 0.0;
  double forward_[3] = {};
  double right_[3] = {};
  double up_[3] = {};
  double tan_half_fov_ = 1.0;
};

// Per pixel, row-major, top row first: the closest hit's triangle (kBvhNoHit: none) and its t
// along the unit direction (+inf: none).
struct BvhHits {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint32_t> triangle;
  std::vector<float> t;
};

struct BvhTraceStats {
  uint32_t width = 0;
  uint32_t height = 0;
  uint64_t rays = 0;               // on-screen pixels: one primary ray each
  uint64_t node_tests = 0;         // active lanes over every IntersectRays call
  uint64_t wave_steps = 0;         // IntersectRays calls
  double seconds = 0.0;            // wall time of the whole trace (traversal loop included)
  double intersect_seconds = 0.0;  // summed over threads: time inside IntersectRays
  std::string target;
  int threads = 0;
};

// Traces every pixel of `scene` into `hits`. With `progress`, tiles go in chunks and `progress`
// is called after each.
Status TraceBvhScene(const Runtime& runtime, const BvhScene& scene, BvhHits* hits,
                     BvhTraceStats* stats, const ProgressFn& progress = nullptr);

// Colours hits by their triangle's geometric normal (turned towards the camera, n * 0.5 + 0.5,
// lit from above) and misses with a sky gradient.
void ShadeBvhHits(const BvhScene& scene, const BvhHits& hits, Rgba8Image* out);

// TraceBvhScene, then ShadeBvhHits.
Status RenderBvhScene(const Runtime& runtime, const BvhScene& scene, Rgba8Image* out,
                      BvhTraceStats* stats, const ProgressFn& progress = nullptr);

}  // namespace texunit::render
