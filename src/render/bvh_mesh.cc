#include "render/bvh_mesh.h"

#include <algorithm>
#include <cmath>

namespace texunit::render {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Vec3 {
  double x, y, z;
};
Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 operator*(double s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
Vec3 Cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Vec3 Normalize(Vec3 a) { return (1.0 / std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z)) * a; }

std::array<float, 3> ToFloat(Vec3 a) {
  return {static_cast<float>(a.x), static_cast<float>(a.y), static_cast<float>(a.z)};
}

// The knot's centre line at parameter phi in [0, 2 pi), before scaling: it winds p times around
// the y axis while its distance from the axis and its height oscillate q times.
Vec3 KnotCurve(const KnotMeshOptions& o, double phi) {
  const double radius = 2.0 + std::cos(o.q * phi);
  return {radius * std::cos(o.p * phi), -std::sin(o.q * phi), radius * std::sin(o.p * phi)};
}

}  // namespace

std::vector<BvhTriangle> MakeKnotMesh(const KnotMeshOptions& options) {
  const uint32_t n = std::max<uint32_t>(options.curve_segments, 3);
  const uint32_t m = std::max<uint32_t>(options.tube_segments, 3);
  const double s = options.scale;
  const Vec3 centre = {0.0, options.height * s, 0.0};
  const Vec3 up = {0.0, 1.0, 0.0};
  // Ring i, vertex j of the tube. The ring's frame comes from the curve's tangent and the y axis:
  // the tangent always has a horizontal part (the curve winds p >= 1 times around y at a radius of
  // at least 1), so the cross product never vanishes.
  std::vector<Vec3> rings(static_cast<size_t>(n) * m);
  for (uint32_t i = 0; i < n; ++i) {
    const double phi = 2.0 * kPi * i / n;
    constexpr double kH = 1e-4;
    const Vec3 c = KnotCurve(options, phi);
    const Vec3 tangent = KnotCurve(options, phi + kH) - KnotCurve(options, phi - kH);
    const Vec3 normal = Normalize(Cross(tangent, up));
    const Vec3 binormal = Normalize(Cross(normal, tangent));
    for (uint32_t j = 0; j < m; ++j) {
      const double theta = 2.0 * kPi * j / m;
      const Vec3 offset =
          options.tube_radius * (std::cos(theta) * normal + std::sin(theta) * binormal);
      rings[static_cast<size_t>(i) * m + j] = centre + s * (c + offset);
    }
  }
  std::vector<BvhTriangle> triangles;
  triangles.reserve(2 * static_cast<size_t>(n) * m + 2);
  auto at = [&](uint32_t i, uint32_t j) { return ToFloat(rings[(i % n) * size_t{m} + j % m]); };
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t j = 0; j < m; ++j) {
      // The quad between rings i and i + 1, tube steps j and j + 1, as two triangles that share
      // the diagonal's bit-identical vertices (the watertight test then leaves no crack).
      triangles.push_back({{at(i, j), at(i + 1, j), at(i + 1, j + 1)}});
      triangles.push_back({{at(i, j), at(i + 1, j + 1), at(i, j + 1)}});
    }
  }
  const float h = static_cast<float>(options.ground_half_size * s);
  const std::array<float, 3> g00 = {-h, 0.0f, -h}, g10 = {h, 0.0f, -h}, g01 = {-h, 0.0f, h},
                             g11 = {h, 0.0f, h};
  triangles.push_back({{g00, g10, g11}});
  triangles.push_back({{g00, g11, g01}});
  return triangles;
}

}  // namespace texunit::render
