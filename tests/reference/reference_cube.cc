// docs/sampling.md, "CUBE": face and cube selection and the seamless edge texels, computed from the
// face axis table and the texel centre directions as the contract writes them.
#include "reference/reference_cube.h"

#include <cmath>
#include <cstdlib>

namespace texunit::reference {
namespace {

// One signed axis of 3D space: component 0 (x), 1 (y) or 2 (z), and its sign.
struct Axis {
  int comp;
  int sign;
};

// The contract's face table (Vulkan's and D3D's): ma the outward normal, sc and tc the directions
// of growing s and t.
struct FaceAxes {
  Axis ma, sc, tc;
};

constexpr FaceAxes kFaceAxes[6] = {
    {{0, +1}, {2, -1}, {1, -1}},  // 0 +X: ma +x, sc -z, tc -y
    {{0, -1}, {2, +1}, {1, -1}},  // 1 -X: ma -x, sc +z, tc -y
    {{1, +1}, {0, +1}, {2, +1}},  // 2 +Y: ma +y, sc +x, tc +z
    {{1, -1}, {0, +1}, {2, -1}},  // 3 -Y: ma -y, sc +x, tc -z
    {{2, +1}, {0, +1}, {1, -1}},  // 4 +Z: ma +z, sc +x, tc -y
    {{2, -1}, {0, -1}, {1, -1}},  // 5 -Z: ma -z, sc -x, tc -y
};

// The face whose ma is the given signed axis: faces are ordered +X, -X, +Y, -Y, +Z, -Z.
uint32_t FaceOfMajorAxis(int comp, bool negative) {
  return static_cast<uint32_t>(2 * comp + (negative ? 1 : 0));
}

// The component of `p` along a signed axis.
double Along(const double p[3], Axis a) { return a.sign * p[a.comp]; }

// clamp(rne(x), 0, last) with a NaN giving 0 and infinities clamped; rne is nearbyint in the
// default rounding mode, compared in double where `last` is exact.
uint32_t RoundClamp(float x, uint32_t last) {
  const double r = std::nearbyint(static_cast<double>(x));
  if (r >= static_cast<double>(last)) return last;
  if (r > 0.0) return static_cast<uint32_t>(r);
  return 0;  // negative, zero or NaN
}

// floor(s' * n) for s' = (c / m + 1) / 2, c = P.sc' (or P.tc'), m = |P.ma'|. For an edge texel
// m = 1 + 1/n and |c| <= 1, so |c / m| <= n / (n + 1), s' * n lies in [n / (2n + 2),
// n - n / (2n + 2)] and the index is in 0..n-1; the clamp below is a guard that is never taken.
uint32_t FaceIndex(double c, double m, uint32_t n) {
  const double s = (c / m + 1.0) / 2.0;
  const double k = std::floor(s * static_cast<double>(n));
  if (!(k > 0.0)) return 0;
  if (k > static_cast<double>(n - 1)) return n - 1;
  return static_cast<uint32_t>(k);
}

}  // namespace

uint32_t CubeFaceOf(float face) { return RoundClamp(face, 5); }

uint32_t CubeIndexOf(float cube, uint32_t cubes) { return RoundClamp(cube, cubes - 1); }

CubeTexel CubeEdgeTexel(uint32_t face, int64_t i, int64_t j, uint32_t n) {
  const FaceAxes& f = kFaceAxes[face];
  const double dn = static_cast<double>(n);
  // P = ma + ((2i + 1) / n - 1) * sc + ((2j + 1) / n - 1) * tc.
  const double cs = static_cast<double>(2 * i + 1) / dn - 1.0;
  const double ct = static_cast<double>(2 * j + 1) / dn - 1.0;
  double p[3] = {0.0, 0.0, 0.0};
  p[f.ma.comp] += f.ma.sign;
  p[f.sc.comp] += cs * f.sc.sign;
  p[f.tc.comp] += ct * f.tc.sign;
  // f': the face whose major axis is P's largest-magnitude component. For an edge texel that
  // component is the one along sc (i = -1 or n: |cs| = 1 + 1/n) or tc (j = -1 or n), strictly the
  // largest (ma contributes 1, the other in-face axis at most 1 - 1/n), so there is no tie.
  int comp = 0;
  for (int c = 1; c < 3; ++c) {
    if (std::fabs(p[c]) > std::fabs(p[comp])) comp = c;
  }
  const uint32_t adjacent = FaceOfMajorAxis(comp, p[comp] < 0.0);
  const FaceAxes& g = kFaceAxes[adjacent];
  const double m = std::fabs(Along(p, g.ma));
  CubeTexel out;
  out.face = adjacent;
  out.i = FaceIndex(Along(p, g.sc), m, n);
  out.j = FaceIndex(Along(p, g.tc), m, n);
  return out;
}

}  // namespace texunit::reference
