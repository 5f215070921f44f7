#include "render/bvh_scene.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>

#include "render/rasterizer.h"

namespace texunit::render {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr float kInf = std::numeric_limits<float>::infinity();

void Cross(const double a[3], const double b[3], double out[3]) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}
double Dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
void Normalize(double a[3]) {
  const double inv = 1.0 / std::sqrt(Dot(a, a));
  for (int i = 0; i < 3; ++i) a[i] *= inv;
}

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
float Float(uint32_t bits) { return std::bit_cast<float>(bits); }

uint8_t UnitToByte(double v) {
  return static_cast<uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
}

double Seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// One wave's registers: the ray operands and results of IntersectRays, plus what the shader keeps
// per lane (its traversal stack, the closest hit). Allocated once per block of tiles.
class WaveTracer {
 public:
  WaveTracer(const Runtime& runtime, const BvhScene& scene)
      : runtime_(runtime),
        scene_(scene),
        stack_depth_(3 * scene.bvh().box_depth + 1),
        stack_(static_cast<size_t>(stack_depth_) * kWaveLanes) {
    request_.desc = &scene.desc();
    request_.memory = &scene.memory();
    request_.lane_count = kWaveLanes;
    request_.in.node_lo = node_;
    request_.in.extent = extent_;
    for (int a = 0; a < 3; ++a) {
      request_.in.origin[a] = origin_[a];
      request_.in.dir[a] = dir_[a];
      request_.in.inv_dir[a] = inv_dir_[a];
    }
    for (int k = 0; k < 4; ++k) request_.out[k] = out_[k];
  }

  // Traces `tile`'s on-screen pixels into `hits`.
  Status Trace(const Tile& tile, BvhHits* hits) {
    uint64_t active = 0;
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      const TilePixel p = LaneToTilePixel(lane);
      const uint32_t x = tile.x0 + p.x;
      const uint32_t y = tile.y0 + p.y;
      if (x >= hits->width || y >= hits->height) continue;
      active |= uint64_t{1} << lane;
      float o[3], d[3];
      scene_.PrimaryRay(x + 0.5, y + 0.5, o, d);
      for (int a = 0; a < 3; ++a) {
        origin_[a][lane] = Bits(o[a]);
        dir_[a][lane] = Bits(d[a]);
        inv_dir_[a][lane] = Bits(1.0f / d[a]);  // the instruction does not compute it
      }
      node_[lane] = scene_.bvh().root;
      extent_[lane] = Bits(kInf);  // tmax; it shrinks to the closest hit
      best_t_[lane] = kInf;
      best_node_[lane] = kBvhInvalidNode;
      sp_[lane] = 0;
    }
    rays_ += static_cast<uint64_t>(std::popcount(active));

    while (active != 0) {
      request_.exec = active;
      const auto t0 = std::chrono::steady_clock::now();
      TEXUNIT_RETURN_IF_ERROR(runtime_.IntersectRays(request_));
      intersect_seconds_ += Seconds(t0, std::chrono::steady_clock::now());
      node_tests_ += static_cast<uint64_t>(std::popcount(active));
      ++wave_steps_;
      for (uint64_t bits = active; bits != 0; bits &= bits - 1) {
        const uint32_t lane = static_cast<uint32_t>(std::countr_zero(bits));
        const uint32_t node = node_[lane];
        uint32_t* stack = &stack_[static_cast<size_t>(lane) * stack_depth_];
        const BvhNodeType type = BvhPointerType(node);
        if (type == BvhNodeType::kBox32 || type == BvhNodeType::kBox16) {
          // Hits come nearest first, misses last: push farthest first so the nearest pops next.
          for (int k = 3; k >= 0; --k) {
            const uint32_t child = out_[k][lane];
            if (child == kBvhInvalidNode) continue;
            if (sp_[lane] == stack_depth_) {
              return Status::Internal("BVH trace: lane " + std::to_string(lane) +
                                      "'s stack overflowed " + std::to_string(stack_depth_) +
                                      " entries");
            }
            stack[sp_[lane]++] = child;
          }
        } else if (type <= BvhNodeType::kTriangle3) {
          const float t = Float(out_[0][lane]) / Float(out_[1][lane]);
          if (t > 0.0f && t < best_t_[lane]) {
            best_t_[lane] = t;
            best_node_[lane] = node;
            extent_[lane] = Bits(t);  // cull boxes entered beyond the closest hit
          }
        }
        if (sp_[lane] > 0) {
          node_[lane] = stack[--sp_[lane]];
        } else {
          active &= ~(uint64_t{1} << lane);
        }
      }
    }

    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      const TilePixel p = LaneToTilePixel(lane);
      const uint32_t x = tile.x0 + p.x;
      const uint32_t y = tile.y0 + p.y;
      if (x >= hits->width || y >= hits->height) continue;
      const size_t i = static_cast<size_t>(y) * hits->width + x;
      const bool hit = best_node_[lane] != kBvhInvalidNode;
      hits->triangle[i] = hit ? scene_.TriangleIdOf(best_node_[lane]) : kBvhNoHit;
      hits->t[i] = best_t_[lane];
    }
    return Status::Ok();
  }

  uint64_t rays() const { return rays_; }
  uint64_t node_tests() const { return node_tests_; }
  uint64_t wave_steps() const { return wave_steps_; }
  double intersect_seconds() const { return intersect_seconds_; }

 private:
  const Runtime& runtime_;
  const BvhScene& scene_;
  const uint32_t stack_depth_;
  std::vector<uint32_t> stack_;  // lane-major: lane i's stack at i * stack_depth_
  BvhRequest request_;
  uint32_t node_[kWaveLanes] = {};
  uint32_t extent_[kWaveLanes] = {};
  uint32_t origin_[3][kWaveLanes] = {};
  uint32_t dir_[3][kWaveLanes] = {};
  uint32_t inv_dir_[3][kWaveLanes] = {};
  uint32_t out_[4][kWaveLanes] = {};
  float best_t_[kWaveLanes] = {};
  uint32_t best_node_[kWaveLanes] = {};
  uint32_t sp_[kWaveLanes] = {};
  uint64_t rays_ = 0;
  uint64_t node_tests_ = 0;
  uint64_t wave_steps_ = 0;
  double intersect_seconds_ = 0.0;
};

}  // namespace

Status BvhScene::Create(const BvhSceneOptions& options, std::unique_ptr<BvhScene>* out) {
  return Create(options, MakeKnotMesh(options.mesh), out);
}

Status BvhScene::Create(const BvhSceneOptions& options, std::vector<BvhTriangle> triangles,
                        std::unique_ptr<BvhScene>* out) {
  if (options.width == 0 || options.height == 0) {
    return Status::InvalidArgument("render: screen size " + std::to_string(options.width) + "x" +
                                   std::to_string(options.height) + " is empty");
  }
  std::unique_ptr<BvhScene> scene(new BvhScene());
  scene->options_ = options;
  scene->triangles_ = std::move(triangles);
  const auto t0 = std::chrono::steady_clock::now();
  TEXUNIT_RETURN_IF_ERROR(BuildBvh(scene->triangles_, options.box_format, &scene->bvh_));
  scene->build_seconds_ = Seconds(t0, std::chrono::steady_clock::now());
  // The builder's byte count is already a multiple of 64, the T#'s unit.
  const uint64_t size = (scene->bvh_.bytes.size() + 63) / 64 * 64;
  scene->bvh_.bytes.resize(size, 0);
  scene->desc_.base_address = kBaseAddress;
  scene->desc_.size_bytes = size;
  scene->desc_.box_grow_value = options.box_grow_value;
  scene->desc_.box_sort_en = true;
  scene->desc_.triangle_return_mode = true;
  TEXUNIT_RETURN_IF_ERROR(
      scene->memory_.AddRegion(kBaseAddress, scene->bvh_.bytes.data(), size, /*writable=*/false));

  // The camera's frame: forward to the look-at point, right level with the ground, up.
  double* f = scene->forward_;
  for (int i = 0; i < 3; ++i) f[i] = options.look_at[i] - options.eye[i];
  if (!(Dot(f, f) > 0.0) || (f[0] == 0.0 && f[2] == 0.0)) {
    return Status::InvalidArgument("render: the camera looks straight up, down or nowhere");
  }
  Normalize(f);
  const double world_up[3] = {0.0, 1.0, 0.0};
  Cross(f, world_up, scene->right_);
  Normalize(scene->right_);
  Cross(scene->right_, f, scene->up_);
  scene->tan_half_fov_ = std::tan(options.vertical_fov_degrees * kPi / 360.0);
  *out = std::move(scene);
  return Status::Ok();
}

void BvhScene::PrimaryRay(double x, double y, float origin[3], float dir[3]) const {
  const double aspect = static_cast<double>(options_.width) / options_.height;
  const double nx = (2.0 * x / options_.width - 1.0) * tan_half_fov_ * aspect;
  const double ny = (1.0 - 2.0 * y / options_.height) * tan_half_fov_;
  double d[3];
  for (int i = 0; i < 3; ++i) d[i] = forward_[i] + nx * right_[i] + ny * up_[i];
  Normalize(d);
  for (int i = 0; i < 3; ++i) {
    origin[i] = static_cast<float>(options_.eye[i]);
    dir[i] = static_cast<float>(d[i]);
  }
}

uint32_t BvhScene::TriangleIdOf(uint32_t node_pointer) const {
  const uint64_t offset = BvhNodeOffset(node_pointer) + 60;
  if (offset + 4 > bvh_.bytes.size()) return kBvhNoHit;
  uint32_t id;
  std::memcpy(&id, bvh_.bytes.data() + offset, 4);
  return id;
}

Status TraceBvhScene(const Runtime& runtime, const BvhScene& scene, BvhHits* hits,
                     BvhTraceStats* stats, const ProgressFn& progress) {
  const uint32_t width = scene.options().width;
  const uint32_t height = scene.options().height;
  hits->width = width;
  hits->height = height;
  hits->triangle.assign(static_cast<size_t>(width) * height, kBvhNoHit);
  hits->t.assign(static_cast<size_t>(width) * height, kInf);
  const std::vector<Tile> tiles = MortonTiles(width, height);

  std::atomic<uint64_t> rays{0}, node_tests{0}, wave_steps{0};
  std::atomic<double> intersect_seconds{0.0};
  std::mutex error_mutex;
  Status error;
  std::atomic<bool> failed{false};
  tbb::task_arena arena(runtime.threads());
  // In chunks when someone watches the progress.
  const size_t chunk =
      progress ? std::max<size_t>(1, (tiles.size() + 99) / 100) : std::max<size_t>(1, tiles.size());
  const auto t0 = std::chrono::steady_clock::now();
  for (size_t begin = 0; begin < tiles.size() && !failed; begin += chunk) {
    const size_t end = std::min(tiles.size(), begin + chunk);
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<size_t>(begin, end, 4),
                        [&](const tbb::blocked_range<size_t>& r) {
                          WaveTracer tracer(runtime, scene);
                          for (size_t i = r.begin(); i != r.end() && !failed; ++i) {
                            Status s = tracer.Trace(tiles[i], hits);
                            if (s.ok()) continue;
                            std::lock_guard<std::mutex> lock(error_mutex);
                            if (!failed.exchange(true)) error = std::move(s);
                          }
                          rays += tracer.rays();
                          node_tests += tracer.node_tests();
                          wave_steps += tracer.wave_steps();
                          intersect_seconds += tracer.intersect_seconds();
                        });
    });
    if (progress) progress(static_cast<double>(end) / tiles.size());
  }
  const double seconds = Seconds(t0, std::chrono::steady_clock::now());
  if (failed) return error;

  if (stats != nullptr) {
    stats->width = width;
    stats->height = height;
    stats->rays = rays;
    stats->node_tests = node_tests;
    stats->wave_steps = wave_steps;
    stats->seconds = seconds;
    stats->intersect_seconds = intersect_seconds;
    stats->target = runtime.target_name();
    stats->threads = runtime.threads();
  }
  return Status::Ok();
}

void ShadeBvhHits(const BvhScene& scene, const BvhHits& hits, Rgba8Image* out) {
  static constexpr double kZenith[3] = {0.24, 0.42, 0.74};
  static constexpr double kHorizon[3] = {0.82, 0.88, 0.95};
  double light[3] = {0.4, 1.0, 0.3};
  Normalize(light);
  out->width = hits.width;
  out->height = hits.height;
  out->pixels.assign(static_cast<size_t>(hits.width) * hits.height * 4, 255);
  for (uint32_t y = 0; y < hits.height; ++y) {
    for (uint32_t x = 0; x < hits.width; ++x) {
      const size_t i = static_cast<size_t>(y) * hits.width + x;
      uint8_t* px = &out->pixels[i * 4];
      const uint32_t id = hits.triangle[i];
      if (id == kBvhNoHit || id >= scene.triangles().size()) {
        const double f = std::sqrt(1.0 - (y + 0.5) / hits.height);
        for (int c = 0; c < 3; ++c)
          px[c] = UnitToByte(kHorizon[c] + (kZenith[c] - kHorizon[c]) * f);
        continue;
      }
      const BvhTriangle& tri = scene.triangles()[id];
      double e1[3], e2[3], n[3];
      for (int a = 0; a < 3; ++a) {
        e1[a] = static_cast<double>(tri.v[1][a]) - tri.v[0][a];
        e2[a] = static_cast<double>(tri.v[2][a]) - tri.v[0][a];
      }
      Cross(e1, e2, n);
      if (!(Dot(n, n) > 0.0)) n[1] = 1.0;  // a degenerate triangle that was hit edge-on
      Normalize(n);
      float o[3], d[3];
      scene.PrimaryRay(x + 0.5, y + 0.5, o, d);
      const double dir[3] = {d[0], d[1], d[2]};
      if (Dot(n, dir) > 0.0) {
        for (double& c : n) c = -c;
      }
      const double lit = 0.55 + 0.45 * std::max(0.0, Dot(n, light));
      for (int c = 0; c < 3; ++c) px[c] = UnitToByte((n[c] * 0.5 + 0.5) * lit);
    }
  }
}

Status RenderBvhScene(const Runtime& runtime, const BvhScene& scene, Rgba8Image* out,
                      BvhTraceStats* stats, const ProgressFn& progress) {
  BvhHits hits;
  TEXUNIT_RETURN_IF_ERROR(TraceBvhScene(runtime, scene, &hits, stats, progress));
  ShadeBvhHits(scene, hits, out);
  return Status::Ok();
}

}  // namespace texunit::render
