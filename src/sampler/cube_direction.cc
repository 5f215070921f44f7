// Cube map face selection and the face-local coordinate and derivative transforms of a direction
// (see the header for the rules and the degenerate inputs).
#include "sampler/cube_direction.h"

#include <cmath>

namespace texunit {

namespace {

// One signed axis of a face: component `axis` of the direction, times `sign`.
struct SignedAxis {
  int axis;
  float sign;
};

// Vulkan's face table (docs/sampling.md, "CUBE"), per face: ma, the outward normal, so that
// ma's component is positive on its face; sc and tc, the directions in which s and t grow.
struct FaceAxes {
  SignedAxis ma, sc, tc;
};
constexpr FaceAxes kFaceAxes[6] = {
    {{0, +1.0f}, {2, -1.0f}, {1, -1.0f}},  // +X
    {{0, -1.0f}, {2, +1.0f}, {1, -1.0f}},  // -X
    {{1, +1.0f}, {0, +1.0f}, {2, +1.0f}},  // +Y
    {{1, -1.0f}, {0, +1.0f}, {2, -1.0f}},  // -Y
    {{2, +1.0f}, {0, +1.0f}, {1, -1.0f}},  // +Z
    {{2, -1.0f}, {0, -1.0f}, {1, -1.0f}},  // -Z
};

constexpr uint32_t kNoDirectionFace = 4;  // +Z: the tie rule's answer for three zero magnitudes

enum class Kind { kFinite, kInfinite, kNone };

// Sorts out the inputs the formulas cannot take, replacing an infinite direction by its limit in
// r[] so that the face selection and the quotients below only ever see finite values.
Kind Classify(float x, float y, float z, float r[3]) {
  r[0] = x;
  r[1] = y;
  r[2] = z;
  if (std::isnan(x) || std::isnan(y) || std::isnan(z)) return Kind::kNone;
  if (std::isinf(x) || std::isinf(y) || std::isinf(z)) {
    for (int i = 0; i < 3; ++i) r[i] = std::isinf(r[i]) ? std::copysign(1.0f, r[i]) : 0.0f;
    return Kind::kInfinite;
  }
  if (x == 0.0f && y == 0.0f && z == 0.0f) return Kind::kNone;
  return Kind::kFinite;
}

// The spec lets an implementation pick any deterministic tie rule but recommends this one; it is
// also V_CUBEID's, so a direction on an edge lands on the same face as on AMD hardware. `>=`
// hands every tie to the later axis.
uint32_t SelectFace(const float r[3]) {
  const float ax = std::fabs(r[0]), ay = std::fabs(r[1]), az = std::fabs(r[2]);
  const int axis = (az >= ax && az >= ay) ? 2 : (ay >= ax ? 1 : 0);
  // `< 0`, not signbit: a -0.0 major axis only happens for the zero vector, handled before this,
  // and comparing keeps to the hardware's reading of "negative".
  return 2 * static_cast<uint32_t>(axis) + (r[axis] < 0.0f ? 1u : 0u);
}

float Component(const float v[3], SignedAxis a) { return a.sign * v[a.axis]; }

}  // namespace

CubeFaceCoords CubeFaceFromDirection(float x, float y, float z) {
  float r[3];
  if (Classify(x, y, z, r) == Kind::kNone) return {kNoDirectionFace, 0.5f, 0.5f};
  const uint32_t face = SelectFace(r);
  const FaceAxes& f = kFaceAxes[face];
  // rc > 0 here (the largest magnitude of a nonzero vector), and |sc|, |tc| <= rc.
  const float rc = Component(r, f.ma);
  return {face, 0.5f * (Component(r, f.sc) / rc) + 0.5f, 0.5f * (Component(r, f.tc) / rc) + 0.5f};
}

CubeFaceDerivatives CubeFaceDerivativesOf(float x, float y, float z, const float ddx[3],
                                          const float ddy[3]) {
  float r[3];
  if (Classify(x, y, z, r) != Kind::kFinite) return {0.0f, 0.0f, 0.0f, 0.0f};
  const FaceAxes& f = kFaceAxes[SelectFace(r)];
  // The spec's derivative table takes the derivative of the outward component (negated on a
  // negative face), i.e. of |rc|, and its formula is the quotient rule for sc / |rc|:
  //   d(s_face) = 1/2 * (|rc| * d(sc) - sc * d(|rc|)) / rc^2.
  // Dividing by |rc| twice instead of by rc^2 is the same value without rc^2's overflow (|rc| >=
  // 2^64) or loss to subnormals (|rc| < 2^-63); q = sc / |rc| stays in [-1, 1].
  const float rc = Component(r, f.ma);
  const float qs = Component(r, f.sc) / rc, qt = Component(r, f.tc) / rc;
  auto d = [&](float q, SignedAxis axis, const float dv[3]) {
    return 0.5f * ((Component(dv, axis) - q * Component(dv, f.ma)) / rc);
  };
  return {d(qs, f.sc, ddx), d(qt, f.tc, ddx), d(qs, f.sc, ddy), d(qt, f.tc, ddy)};
}

}  // namespace texunit
