#include "render/ground_plane_scene.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <vector>

#include "texunit/request.h"

namespace texunit::render {
namespace {

constexpr double kPi = 3.14159265358979323846;
// Rays closer to parallel with the plane than this are treated as meeting it this far away.
constexpr double kMinAbsDirY = 1e-9;

double Radians(double degrees) { return degrees * kPi / 180.0; }

void Cross(const double a[3], const double b[3], double out[3]) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

float FromBits(uint32_t bits) { return std::bit_cast<float>(bits); }

uint8_t UnitToByte(float v) {
  if (!(v > 0.0f)) return 0;  // also NaN
  if (v >= 1.0f) return 255;
  return static_cast<uint8_t>(std::lround(v * 255.0f));
}

uint8_t LinearToSrgbByte(float v) {
  if (!(v > 0.0f)) return 0;
  if (v >= 1.0f) return 255;
  const double s = v <= 0.0031308 ? v * 12.92 : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
  return static_cast<uint8_t>(std::lround(s * 255.0));
}

}  // namespace

GroundPlaneScene::GroundPlaneScene(const GroundPlaneOptions& options) : options_(options) {
  const double yaw = Radians(options.camera.yaw_degrees);
  const double pitch = Radians(options.camera.pitch_degrees);
  forward_[0] = std::cos(pitch) * std::sin(yaw);
  forward_[1] = std::sin(pitch);
  forward_[2] = std::cos(pitch) * std::cos(yaw);
  right_[0] = std::cos(yaw);
  right_[1] = 0.0;
  right_[2] = -std::sin(yaw);
  Cross(forward_, right_, up_);
  tan_half_fov_ = std::tan(Radians(options.camera.vertical_fov_degrees) * 0.5);
  aspect_ = static_cast<double>(options.width) / static_cast<double>(options.height);
}

void GroundPlaneScene::RayDirection(double x, double y, double dir[3]) const {
  const double nx = (2.0 * x / options_.width - 1.0) * tan_half_fov_ * aspect_;
  const double ny = (1.0 - 2.0 * y / options_.height) * tan_half_fov_;
  for (int i = 0; i < 3; ++i) dir[i] = forward_[i] + nx * right_[i] + ny * up_[i];
}

GroundPlaneScene::Hit GroundPlaneScene::Intersect(double x, double y) const {
  double dir[3];
  RayDirection(x, y, dir);
  const double* pos = options_.camera.position;
  double dy = dir[1];
  if (std::fabs(dy) < kMinAbsDirY) dy = pos[1] > 0.0 ? -kMinAbsDirY : kMinAbsDirY;
  const double t = -pos[1] / dy;
  Hit hit;
  hit.on_plane = t > 0.0 && dir[1] != 0.0;
  hit.x = pos[0] + t * dir[0];
  hit.z = pos[2] + t * dir[2];
  return hit;
}

PixelAttributes GroundPlaneScene::Shade(double x, double y) const {
  const Hit hit = Intersect(x, y);
  PixelAttributes attr;
  attr.a[0] = static_cast<float>(hit.x * options_.texture_repeat);
  attr.a[1] = static_cast<float>(hit.z * options_.texture_repeat);
  attr.covered = hit.on_plane;
  return attr;
}

double GroundPlaneScene::HorizonY() const {
  // dir.y = forward.y + ny * up.y (right.y is 0): the horizon is the row where it vanishes.
  if (up_[1] == 0.0) {
    return forward_[1] * options_.camera.position[1] < 0.0
               ? -std::numeric_limits<double>::infinity()
               : std::numeric_limits<double>::infinity();
  }
  const double ny = -forward_[1] / up_[1];
  return (1.0 - ny / tan_half_fov_) * 0.5 * options_.height;
}

void GroundPlaneScene::SkyColor(double y, uint8_t rgb[3]) const {
  static constexpr double kZenith[3] = {62, 112, 196};
  static constexpr double kHorizon[3] = {206, 224, 242};
  const double horizon = std::clamp(HorizonY(), 1.0, static_cast<double>(options_.height));
  const double f = std::clamp((horizon - y) / horizon, 0.0, 1.0);
  const double k = std::sqrt(f);
  for (int i = 0; i < 3; ++i) {
    rgb[i] = static_cast<uint8_t>(std::lround(kHorizon[i] + (kZenith[i] - kHorizon[i]) * k));
  }
}

Status RenderGroundPlane(const Runtime& runtime, const GroundPlaneScene& scene,
                         const MipImage& image, const Memory& memory, Rgba8Image* out,
                         RenderStats* stats, const ProgressFn& progress) {
  const uint32_t width = scene.options().width;
  const uint32_t height = scene.options().height;
  if (width == 0 || height == 0) {
    return Status::InvalidArgument("render: screen size " + std::to_string(width) + "x" +
                                   std::to_string(height) + " is empty");
  }

  // Rasterise: one wave per 8x8 tile, (s, t) per lane.
  std::vector<WaveSetup> waves;
  std::vector<float> st[2];
  Rasterize(
      width, height, 2, [&](double x, double y) { return scene.Shade(x, y); }, &waves, st);

  SamplerDesc sampler;
  sampler.clamp_x = ClampMode::kWrap;
  sampler.clamp_y = ClampMode::kWrap;
  sampler.xy_mag_filter = XyFilter::kBilinear;
  sampler.xy_min_filter = XyFilter::kBilinear;
  sampler.mip_filter = MipFilter::kLinear;
  sampler.min_lod = 0;
  sampler.max_lod = static_cast<uint16_t>((image.levels() - 1) << 8);
  SamplerDesc aniso = sampler;
  aniso.xy_min_filter = XyFilter::kAnisoBilinear;
  aniso.max_aniso_ratio = scene.options().max_aniso_ratio;
  const bool use_aniso = scene.options().max_aniso_ratio > 0;
  const uint32_t split_x = scene.options().split ? width / 2 : 0;

  const size_t lanes = waves.size() * kWaveLanes;
  std::vector<uint32_t> result[4];
  for (auto& r : result) r.assign(lanes, 0);

  std::vector<TexRequest> requests;
  requests.reserve(waves.size());
  uint64_t samples = 0;
  for (size_t w = 0; w < waves.size(); ++w) {
    if (waves[w].exec == 0) continue;  // all sky
    TexRequest request;
    request.op = Op{OpKind::kSample, 0};
    request.mods.dmask = 0xF;
    request.image = &image.desc();
    request.sampler = use_aniso && waves[w].tile.x0 >= split_x ? &aniso : &sampler;
    request.memory = &memory;
    request.lane_count = kWaveLanes;
    request.exec = waves[w].exec;
    request.in.coord[0] = reinterpret_cast<const uint32_t*>(&st[0][w * kWaveLanes]);
    request.in.coord[1] = reinterpret_cast<const uint32_t*>(&st[1][w * kWaveLanes]);
    for (int c = 0; c < 4; ++c) request.out.data[c] = &result[c][w * kWaveLanes];
    requests.push_back(request);
    samples += static_cast<uint64_t>(std::popcount(waves[w].exec));
  }

  // Execute, in chunks when someone watches the progress.
  const size_t chunk = progress ? std::max<size_t>(1, (requests.size() + 99) / 100)
                                : std::max<size_t>(1, requests.size());
  double seconds = 0.0;
  for (size_t begin = 0; begin < requests.size(); begin += chunk) {
    const size_t count = std::min(chunk, requests.size() - begin);
    const auto t0 = std::chrono::steady_clock::now();
    const Status status =
        runtime.ExecuteBatch(std::span<const TexRequest>(requests.data() + begin, count));
    const auto t1 = std::chrono::steady_clock::now();
    seconds += std::chrono::duration<double>(t1 - t0).count();
    TEXUNIT_RETURN_IF_ERROR(status);
    if (progress) progress(static_cast<double>(begin + count) / requests.size());
  }
  if (progress && requests.empty()) progress(1.0);

  // Resolve: sampled colour where covered, sky elsewhere. SRGB textures sample to linear light,
  // which is encoded back to sRGB for the PNG; UNORM results are written as they are.
  const bool srgb = image.desc().format == FormatId::kR8G8B8A8_SRGB;
  out->width = width;
  out->height = height;
  out->pixels.assign(static_cast<size_t>(width) * height * 4, 0);
  for (size_t w = 0; w < waves.size(); ++w) {
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      const TilePixel p = LaneToTilePixel(lane);
      const uint32_t x = waves[w].tile.x0 + p.x;
      const uint32_t y = waves[w].tile.y0 + p.y;
      if (x >= width || y >= height) continue;
      uint8_t* px = &out->pixels[(static_cast<size_t>(y) * width + x) * 4];
      if (waves[w].exec >> lane & 1) {
        const size_t i = w * kWaveLanes + lane;
        for (int c = 0; c < 3; ++c) {
          const float v = FromBits(result[c][i]);
          px[c] = srgb ? LinearToSrgbByte(v) : UnitToByte(v);
        }
      } else {
        scene.SkyColor(y + 0.5, px);
      }
      px[3] = 255;
    }
  }

  if (stats != nullptr) {
    stats->width = width;
    stats->height = height;
    stats->samples = samples;
    stats->waves = requests.size();
    stats->seconds = seconds;
    stats->target = runtime.target_name();
    stats->threads = runtime.threads();
  }
  return Status::Ok();
}

}  // namespace texunit::render
