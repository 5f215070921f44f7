// CubeFaceFromDirection and CubeFaceDerivativesOf against hand-computed values, Vulkan's face
// table (written out again here, independently of the implementation's), its tie rule and a
// finite difference of the coordinate transform.
#include "sampler/cube_direction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace texunit {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// docs/sampling.md's face table: ma (outward normal), sc, tc (directions of growing s, t).
struct Axes {
  int ma[3], sc[3], tc[3];
};
constexpr Axes kFaces[6] = {
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},   // 0 +X: ma +x, sc -z, tc -y
    {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},   // 1 -X: ma -x, sc +z, tc -y
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},     // 2 +Y: ma +y, sc +x, tc +z
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},   // 3 -Y: ma -y, sc +x, tc -z
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},    // 4 +Z: ma +z, sc +x, tc -y
    {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},  // 5 -Z: ma -z, sc -x, tc -y
};

// ma + a * sc + b * tc; exact for the a, b the tests use (each component is one term).
void FacePoint(int face, float a, float b, float p[3]) {
  const Axes& f = kFaces[face];
  for (int i = 0; i < 3; ++i) p[i] = f.ma[i] + a * f.sc[i] + b * f.tc[i];
}

struct Case {
  float x, y, z;
  uint32_t face;
  float s, t;
};

void ExpectExact(const Case& c) {
  const CubeFaceCoords r = CubeFaceFromDirection(c.x, c.y, c.z);
  EXPECT_EQ(r.face, c.face) << "(" << c.x << ", " << c.y << ", " << c.z << ")";
  EXPECT_EQ(r.s, c.s) << "(" << c.x << ", " << c.y << ", " << c.z << ")";
  EXPECT_EQ(r.t, c.t) << "(" << c.x << ", " << c.y << ", " << c.z << ")";
}

TEST(CubeDirection, FaceCentres) {
  // k * ma has sc = tc = 0, so s = t = 0.5 * 0 / k + 0.5 = 0.5 for any positive k.
  for (int face = 0; face < 6; ++face) {
    for (float k : {1.0f, 0.001f, 3e20f, 1e-40f /* subnormal */}) {
      const Axes& f = kFaces[face];
      ExpectExact({k * f.ma[0], k * f.ma[1], k * f.ma[2], static_cast<uint32_t>(face), 0.5f, 0.5f});
    }
  }
}

TEST(CubeDirection, OffCentreHandCases) {
  // s = 0.5 * sc / |ma| + 0.5, t = 0.5 * tc / |ma| + 0.5; all dyadic, so exact.
  const Case cases[] = {
      // +X (1, 0.5, -0.25): sc = -z = 0.25, tc = -y = -0.5, |ma| = 1 -> s 0.625, t 0.25.
      {1.0f, 0.5f, -0.25f, 0, 0.625f, 0.25f},
      // -X (-2, 0.5, 1): sc = +z = 1, tc = -y = -0.5, |ma| = 2 -> s 0.5*0.5+0.5 = 0.75,
      // t 0.5*(-0.25)+0.5 = 0.375.
      {-2.0f, 0.5f, 1.0f, 1, 0.75f, 0.375f},
      // +Y (0.25, 1, -0.5): sc = x = 0.25, tc = z = -0.5, |ma| = 1 -> s 0.625, t 0.25.
      {0.25f, 1.0f, -0.5f, 2, 0.625f, 0.25f},
      // -Y (-1, -4, 2): sc = x = -1, tc = -z = -2, |ma| = 4 -> s 0.5*(-0.25)+0.5 = 0.375,
      // t 0.5*(-0.5)+0.5 = 0.25.
      {-1.0f, -4.0f, 2.0f, 3, 0.375f, 0.25f},
      // +Z (0.75, -0.5, 1): sc = x = 0.75, tc = -y = 0.5, |ma| = 1 -> s 0.875, t 0.75.
      {0.75f, -0.5f, 1.0f, 4, 0.875f, 0.75f},
      // -Z (0.5, 0.25, -1): sc = -x = -0.5, tc = -y = -0.25, |ma| = 1 -> s 0.25, t 0.375.
      {0.5f, 0.25f, -1.0f, 5, 0.25f, 0.375f},
      // -Z (-3, 1.5, -6): sc = -x = 3, tc = -y = -1.5, |ma| = 6 -> s 0.75, t 0.375.
      {-3.0f, 1.5f, -6.0f, 5, 0.75f, 0.375f},
  };
  for (const Case& c : cases) ExpectExact(c);

  // Non-dyadic: +X (3, 1, -2): sc = 2, tc = -1, |ma| = 3 -> s = 1/3 + 1/2 = 5/6, t = -1/6 + 1/2
  // = 1/3. -Y (0.1, -0.3, 0.2): sc = x = 0.1, tc = -z = -0.2, |ma| = 0.3 -> s = 1/6 + 1/2 = 2/3,
  // t = -1/3 + 1/2 = 1/6. Rounding of the inputs and of three operations: within 4 ulps.
  CubeFaceCoords r = CubeFaceFromDirection(3.0f, 1.0f, -2.0f);
  EXPECT_EQ(r.face, 0u);
  EXPECT_FLOAT_EQ(r.s, 5.0f / 6.0f);
  EXPECT_FLOAT_EQ(r.t, 1.0f / 3.0f);
  r = CubeFaceFromDirection(0.1f, -0.3f, 0.2f);
  EXPECT_EQ(r.face, 3u);
  EXPECT_FLOAT_EQ(r.s, 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(r.t, 1.0f / 6.0f);
}

TEST(CubeDirection, OrientationFollowsTheFaceTable) {
  // ma + a * sc + b * tc (|a|, |b| < 1, so ma stays the major axis) must land at s = 0.5 * a +
  // 0.5 and t = 0.5 * b + 0.5: s grows along sc and t along tc on every face; scaling the
  // direction by 2 changes nothing.
  const float steps[] = {-0.75f, -0.5f, 0.0f, 0.25f, 0.5f};
  for (int face = 0; face < 6; ++face) {
    for (float a : steps) {
      for (float b : steps) {
        float p[3];
        FacePoint(face, a, b, p);
        const float s = 0.5f * a + 0.5f, t = 0.5f * b + 0.5f;  // exact for these steps
        const uint32_t f = static_cast<uint32_t>(face);
        ExpectExact({p[0], p[1], p[2], f, s, t});
        ExpectExact({2 * p[0], 2 * p[1], 2 * p[2], f, s, t});
      }
    }
    float centre[3], along_sc[3], along_tc[3];
    FacePoint(face, 0.0f, 0.0f, centre);
    FacePoint(face, 0.5f, 0.0f, along_sc);
    FacePoint(face, 0.0f, 0.5f, along_tc);
    const CubeFaceCoords c = CubeFaceFromDirection(centre[0], centre[1], centre[2]);
    const CubeFaceCoords cs = CubeFaceFromDirection(along_sc[0], along_sc[1], along_sc[2]);
    const CubeFaceCoords ct = CubeFaceFromDirection(along_tc[0], along_tc[1], along_tc[2]);
    EXPECT_GT(cs.s, c.s) << "face " << face;
    EXPECT_EQ(cs.t, c.t) << "face " << face;
    EXPECT_GT(ct.t, c.t) << "face " << face;
    EXPECT_EQ(ct.s, c.s) << "face " << face;
  }
}

TEST(CubeDirection, TiesGoToZThenY) {
  // Vulkan's recommended rule (and V_CUBEID's): z wins ties over y and x, y over x; the sign of
  // the winning component picks + or -. Tied magnitudes 1, the other 0.5, so |ma| = 1 and s, t
  // are 0.5 * (+-1 or +-0.5) + 0.5.
  const Case cases[] = {
      // |x| == |y| > |z|: Y. +Y: sc = x, tc = z; -Y: sc = x, tc = -z.
      {1, 1, 0.5f, 2, 1.0f, 0.75f},
      {-1, 1, 0.5f, 2, 0.0f, 0.75f},
      {1, -1, 0.5f, 3, 1.0f, 0.25f},
      {-1, -1, 0.5f, 3, 0.0f, 0.25f},
      {1, 1, -0.5f, 2, 1.0f, 0.25f},
      {-1, 1, -0.5f, 2, 0.0f, 0.25f},
      {1, -1, -0.5f, 3, 1.0f, 0.75f},
      {-1, -1, -0.5f, 3, 0.0f, 0.75f},
      // |y| == |z| > |x|: Z. +Z: sc = x, tc = -y; -Z: sc = -x, tc = -y.
      {0.5f, 1, 1, 4, 0.75f, 0.0f},
      {0.5f, -1, 1, 4, 0.75f, 1.0f},
      {0.5f, 1, -1, 5, 0.25f, 0.0f},
      {0.5f, -1, -1, 5, 0.25f, 1.0f},
      {-0.5f, 1, 1, 4, 0.25f, 0.0f},
      {-0.5f, -1, 1, 4, 0.25f, 1.0f},
      {-0.5f, 1, -1, 5, 0.75f, 0.0f},
      {-0.5f, -1, -1, 5, 0.75f, 1.0f},
      // |x| == |z| > |y|: Z.
      {1, 0.5f, 1, 4, 1.0f, 0.25f},
      {-1, 0.5f, 1, 4, 0.0f, 0.25f},
      {1, 0.5f, -1, 5, 0.0f, 0.25f},
      {-1, 0.5f, -1, 5, 1.0f, 0.25f},
      {1, -0.5f, 1, 4, 1.0f, 0.75f},
      {-1, -0.5f, 1, 4, 0.0f, 0.75f},
      {1, -0.5f, -1, 5, 0.0f, 0.75f},
      {-1, -0.5f, -1, 5, 1.0f, 0.75f},
      // |x| == |y| == |z|: Z (a corner).
      {1, 1, 1, 4, 1.0f, 0.0f},
      {-1, 1, 1, 4, 0.0f, 0.0f},
      {1, -1, 1, 4, 1.0f, 1.0f},
      {-1, -1, 1, 4, 0.0f, 1.0f},
      {1, 1, -1, 5, 0.0f, 0.0f},
      {-1, 1, -1, 5, 1.0f, 0.0f},
      {1, -1, -1, 5, 0.0f, 1.0f},
      {-1, -1, -1, 5, 1.0f, 1.0f},
      // A scaled tie: (-4, 4, 2) -> +Y, sc = x = -4, tc = z = 2, |ma| = 4 -> s 0, t 0.75.
      {-4, 4, 2, 2, 0.0f, 0.75f},
  };
  for (const Case& c : cases) ExpectExact(c);

  // One ulp breaks a tie the other way: the strictly larger magnitude wins.
  const float below = std::nextafter(1.0f, 0.0f);
  EXPECT_EQ(CubeFaceFromDirection(1.0f, below, 0.0f).face, 0u);   // +X
  EXPECT_EQ(CubeFaceFromDirection(below, -1.0f, 0.0f).face, 3u);  // -Y
  EXPECT_EQ(CubeFaceFromDirection(0.0f, -1.0f, below).face, 3u);  // -Y
  EXPECT_EQ(CubeFaceFromDirection(-1.0f, 0.0f, below).face, 1u);  // -X
  EXPECT_EQ(CubeFaceFromDirection(below, 0.0f, -1.0f).face, 5u);  // -Z
}

TEST(CubeDirection, SignedZeroNeverMatters) {
  const float nz = -0.0f;
  // A zero sc or tc gives 0.5 * (+-0) + 0.5 = 0.5 either way.
  ExpectExact({1.0f, nz, nz, 0, 0.5f, 0.5f});
  ExpectExact({nz, -2.0f, nz, 3, 0.5f, 0.5f});
  ExpectExact({nz, nz, -1.0f, 5, 0.5f, 0.5f});
  ExpectExact({nz, 0.0f, 1.0f, 4, 0.5f, 0.5f});
}

TEST(CubeDirection, NoDirectionIsThePlusZCentre) {
  // The zero vector (every sign combination) and any NaN: face +Z, s = t = 0.5.
  for (int signs = 0; signs < 8; ++signs) {
    const float x = (signs & 1) ? -0.0f : 0.0f, y = (signs & 2) ? -0.0f : 0.0f;
    const float z = (signs & 4) ? -0.0f : 0.0f;
    ExpectExact({x, y, z, 4, 0.5f, 0.5f});
  }
  const Case nan_cases[] = {
      {kNaN, 0.0f, 0.0f, 4, 0.5f, 0.5f},  {0.0f, kNaN, 0.0f, 4, 0.5f, 0.5f},
      {0.0f, 0.0f, kNaN, 4, 0.5f, 0.5f},  {-5.0f, 1.0f, kNaN, 4, 0.5f, 0.5f},
      {kNaN, -1.0f, 0.5f, 4, 0.5f, 0.5f}, {kNaN, kNaN, kNaN, 4, 0.5f, 0.5f},
      {-kInf, kNaN, 0.0f, 4, 0.5f, 0.5f}, {-kNaN, -3.0f, -kInf, 4, 0.5f, 0.5f},
  };
  for (const Case& c : nan_cases) ExpectExact(c);
}

TEST(CubeDirection, InfiniteDirectionsTakeTheirLimit) {
  // Infinite components become +-1 and finite ones 0, then the ordinary rules apply.
  const Case cases[] = {
      // One infinity: its face's centre.
      {kInf, 1.0f, 2.0f, 0, 0.5f, 0.5f},
      {-kInf, -3e38f, 2.0f, 1, 0.5f, 0.5f},
      {0.0f, kInf, -1.0f, 2, 0.5f, 0.5f},
      {5.0f, 7.0f, -kInf, 5, 0.5f, 0.5f},
      // (inf, -inf, 0) -> (1, -1, 0): tie, y wins -> -Y; sc = x = 1 -> s 1, tc = -z = 0 -> t 0.5.
      {kInf, -kInf, 0.0f, 3, 1.0f, 0.5f},
      // (1e30, inf, -inf) -> (0, 1, -1): z wins -> -Z; sc = -x = 0 -> s 0.5, tc = -y = -1 -> t 0.
      {1e30f, kInf, -kInf, 5, 0.5f, 0.0f},
      // (inf, inf, inf) -> (1, 1, 1): +Z; sc = x = 1 -> s 1, tc = -y = -1 -> t 0.
      {kInf, kInf, kInf, 4, 1.0f, 0.0f},
  };
  for (const Case& c : cases) ExpectExact(c);

  // The finite extremes need no special case: FLT_MAX / FLT_MAX = 1, denorm_min / denorm_min = 1.
  const float big = std::numeric_limits<float>::max();
  const float tiny = std::numeric_limits<float>::denorm_min();
  ExpectExact({big, big, 0.0f, 2, 1.0f, 0.5f});  // +Y tie: sc = x -> s 1
  // (tiny, 0, -tiny): |x| == |z| tie -> -Z; sc = -x = -tiny -> s 0.5 * -1 + 0.5 = 0, tc = -y = 0.
  ExpectExact({tiny, 0.0f, -tiny, 5, 0.0f, 0.5f});
}

TEST(CubeDirection, TexelCentresLandOnTheirTexel) {
  // docs/sampling.md: the centre of texel (i, j) of face f of an n x n face is the direction
  // P = ma + ((2i + 1) / n - 1) * sc + ((2j + 1) / n - 1) * tc, whose s must be (i + 0.5) / n.
  // c = (2i + 1) / n - 1 is off by at most half an ulp of a value below 2 (2^-24; subtracting 1 is
  // exact), 0.5 * c is exact and + 0.5 rounds by at most 2^-25: |s - (i + 0.5) / n| <= 2^-24 +
  // 2^-25 < 2^-23. The core then reads texel floor(s * n), which must be i.
  for (int n = 1; n <= 8; ++n) {
    for (int face = 0; face < 6; ++face) {
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          const float ci = static_cast<float>(2 * i + 1) / static_cast<float>(n) - 1.0f;
          const float cj = static_cast<float>(2 * j + 1) / static_cast<float>(n) - 1.0f;
          float p[3];
          FacePoint(face, ci, cj, p);
          const CubeFaceCoords r = CubeFaceFromDirection(p[0], p[1], p[2]);
          ASSERT_EQ(r.face, static_cast<uint32_t>(face)) << "n " << n << " i " << i << " j " << j;
          EXPECT_NEAR(r.s, (i + 0.5) / n, std::ldexp(1.0, -23)) << "n " << n << " i " << i;
          EXPECT_NEAR(r.t, (j + 0.5) / n, std::ldexp(1.0, -23)) << "n " << n << " j " << j;
          EXPECT_EQ(std::floor(r.s * static_cast<float>(n)), static_cast<float>(i));
          EXPECT_EQ(std::floor(r.t * static_cast<float>(n)), static_cast<float>(j));
        }
      }
    }
  }
}

TEST(CubeDerivatives, HandCases) {
  // d(s_face) = 0.5 * (|rc| * d(sc) - sc * d(|rc|)) / rc^2, sc, tc, rc from the face table.
  {
    // +X at (1, 0.5, -0.25): sc = -z = 0.25, tc = -y = -0.5, |rc| = x = 1.
    // ddx = (0.5, 1, 2): d(sc) = -2, d(tc) = -1, d|rc| = 0.5:
    //   ds/dx = 0.5 * (1 * -2 - 0.25 * 0.5) / 1 = -1.0625, dt/dx = 0.5 * (-1 + 0.5 * 0.5) = -0.375.
    // ddy = (0, 0, -1): d(sc) = 1, d(tc) = 0, d|rc| = 0: ds/dy = 0.5, dt/dy = 0.
    const float ddx[3] = {0.5f, 1.0f, 2.0f}, ddy[3] = {0.0f, 0.0f, -1.0f};
    const CubeFaceDerivatives d = CubeFaceDerivativesOf(1.0f, 0.5f, -0.25f, ddx, ddy);
    EXPECT_EQ(d.ds_dx, -1.0625f);
    EXPECT_EQ(d.dt_dx, -0.375f);
    EXPECT_EQ(d.ds_dy, 0.5f);
    EXPECT_EQ(d.dt_dy, 0.0f);
  }
  {
    // -X at (-2, 0.5, 1): sc = +z = 1, tc = -y = -0.5, |rc| = -x = 2, so d|rc| = -dx (taking dx
    // itself, as the coordinate table's "rc = rx" might suggest, flips the d|rc| terms).
    // ddy = (1, 0, 0): d(sc) = 0, d(tc) = 0, d|rc| = -1:
    //   ds/dy = 0.5 * (2 * 0 - 1 * -1) / 4 = 0.125   (check: s = 0.5 * z / -x + 0.5, and
    //   d/dx of 0.5 * z / -x is 0.5 * z / x^2 = 0.125);
    //   dt/dy = 0.5 * (0 - (-0.5) * (-1)) / 4 = -0.0625.
    // ddx = (0, 2, 0): d(tc) = -2: dt/dx = 0.5 * (2 * -2) / 4 = -0.5, ds/dx = 0.
    const float ddx[3] = {0.0f, 2.0f, 0.0f}, ddy[3] = {1.0f, 0.0f, 0.0f};
    const CubeFaceDerivatives d = CubeFaceDerivativesOf(-2.0f, 0.5f, 1.0f, ddx, ddy);
    EXPECT_EQ(d.ds_dx, 0.0f);
    EXPECT_EQ(d.dt_dx, -0.5f);
    EXPECT_EQ(d.ds_dy, 0.125f);
    EXPECT_EQ(d.dt_dy, -0.0625f);
  }
  {
    // A tie, (1, 0.5, 1): the face is +Z (sc = x = 1, tc = -y = -0.5, |rc| = z = 1), and the
    // derivatives are +Z's even though +X shares the edge.
    // ddx = (1, 0, 0): ds/dx = 0.5 * (1 * 1 - 1 * 0) = 0.5, dt/dx = 0.
    // ddy = (0, 0, 1): ds/dy = 0.5 * (0 - 1 * 1) = -0.5, dt/dy = 0.5 * (0 - (-0.5) * 1) = 0.25.
    const float ddx[3] = {1.0f, 0.0f, 0.0f}, ddy[3] = {0.0f, 0.0f, 1.0f};
    const CubeFaceDerivatives d = CubeFaceDerivativesOf(1.0f, 0.5f, 1.0f, ddx, ddy);
    EXPECT_EQ(d.ds_dx, 0.5f);
    EXPECT_EQ(d.dt_dx, 0.0f);
    EXPECT_EQ(d.ds_dy, -0.5f);
    EXPECT_EQ(d.dt_dy, 0.25f);
  }
}

TEST(CubeDerivatives, MatchFiniteDifferences) {
  // P = k / 2^12 per component (|k| <= 2^12, largest |P| >= 0.5), D = m / 2^8 (|m| <= 2^8) and
  // h = 2^-9: P +- h * D = (32 k +- m) / 2^17 is exact in binary32, so the finite difference
  //   (s(P + h D) - s(P - h D)) / (2 h)   (in double)
  // sees exactly the points it names. Its error against the true directional derivative:
  // - truncation: h^2 / 6 * |s'''|. Along the line s = 0.5 * (a + tau b) / (c + tau d) + 0.5
  //   (a = sc, b = d(sc), c = |rc| >= 0.5, d = d|rc|; |a| <= c, |b|, |d| <= 1), and
  //   |s'''| = 0.5 * 6 d^2 |a d - b c| / (c + tau d)^4 <= 6 c / (c - h)^4 <= 49 at c = 0.5, so
  //   the truncation is <= 49 / 6 * 2^-18 = 3.2e-5;
  // - rounding of s: sc / |rc| in [-1, 1] rounds by <= 2^-24, halved, then + 0.5 by <= 2^-24, so
  //   <= 1.5 * 2^-24 per value, 3 * 2^-24 for the difference, times 1 / (2h) = 2^8: 4.6e-5;
  // - the transform itself in binary32: a few ulps of values below 2, ~1e-6.
  // Together < 8e-5; 1e-4 it is. A wrong formula (a sign, rc for |rc|, a lost term) is off by
  // about |sc * d(rc)| / rc^2, typically 0.1 to 1.
  constexpr double kH = 1.0 / 512;
  constexpr double kTol = 1e-4;
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> coord(-4096, 4096), deriv(-256, 256);
  int tested = 0, per_face[6] = {};
  for (int iter = 0; iter < 20000; ++iter) {
    float p[3], dx[3], dy[3];
    for (int i = 0; i < 3; ++i) {
      p[i] = static_cast<float>(coord(rng)) / 4096.0f;
      dx[i] = static_cast<float>(deriv(rng)) / 256.0f;
      dy[i] = static_cast<float>(deriv(rng)) / 256.0f;
    }
    if (std::fmax(std::fabs(p[0]), std::fmax(std::fabs(p[1]), std::fabs(p[2]))) < 0.5f) continue;
    const CubeFaceCoords c = CubeFaceFromDirection(p[0], p[1], p[2]);
    const CubeFaceDerivatives d = CubeFaceDerivativesOf(p[0], p[1], p[2], dx, dy);
    const float* dirs[2] = {dx, dy};
    const float got_s[2] = {d.ds_dx, d.ds_dy}, got_t[2] = {d.dt_dx, d.dt_dy};
    bool same_face = true;
    double fd_s[2], fd_t[2];
    for (int e = 0; e < 2; ++e) {
      const float* v = dirs[e];
      const float h = static_cast<float>(kH);
      const CubeFaceCoords plus =
          CubeFaceFromDirection(p[0] + h * v[0], p[1] + h * v[1], p[2] + h * v[2]);
      const CubeFaceCoords minus =
          CubeFaceFromDirection(p[0] - h * v[0], p[1] - h * v[1], p[2] - h * v[2]);
      same_face = same_face && plus.face == c.face && minus.face == c.face;
      fd_s[e] = (static_cast<double>(plus.s) - minus.s) / (2 * kH);
      fd_t[e] = (static_cast<double>(plus.t) - minus.t) / (2 * kH);
    }
    if (!same_face) continue;  // the difference would straddle an edge
    for (int e = 0; e < 2; ++e) {
      EXPECT_NEAR(got_s[e], fd_s[e], kTol) << "P (" << p[0] << ", " << p[1] << ", " << p[2]
                                           << ") face " << c.face << " derivative " << e;
      EXPECT_NEAR(got_t[e], fd_t[e], kTol) << "P (" << p[0] << ", " << p[1] << ", " << p[2]
                                           << ") face " << c.face << " derivative " << e;
    }
    ++tested;
    ++per_face[c.face];
  }
  // About 7/8 of the draws have a component of at least 0.5, and few sit within 2h of an edge.
  EXPECT_GT(tested, 15000);
  for (int f = 0; f < 6; ++f) EXPECT_GT(per_face[f], 2000) << "face " << f;
}

TEST(CubeDerivatives, DegenerateInputs) {
  const float ddx[3] = {1.0f, 2.0f, 3.0f}, ddy[3] = {-1.0f, 0.5f, 4.0f};
  const float dirs[][3] = {{0.0f, -0.0f, 0.0f},
                           {kNaN, 1.0f, 0.0f},
                           {1.0f, 2.0f, kNaN},
                           {kInf, 1.0f, 2.0f},
                           {0.0f, -kInf, kInf}};
  // No direction, and infinite directions: all four derivatives zero.
  for (const auto& p : dirs) {
    const CubeFaceDerivatives d = CubeFaceDerivativesOf(p[0], p[1], p[2], ddx, ddy);
    EXPECT_EQ(d.ds_dx, 0.0f);
    EXPECT_EQ(d.dt_dx, 0.0f);
    EXPECT_EQ(d.ds_dy, 0.0f);
    EXPECT_EQ(d.dt_dy, 0.0f);
  }
  // A NaN derivative input reaches the outputs it enters: on +X at (1, 0.5, -0.25) the x
  // component is d|rc|, which is in both ds/dx and dt/dx. ddy = (-1, 0.5, 4) stays finite:
  // d(sc) = -4, d(tc) = -0.5, d|rc| = -1, |rc| = 1, sc = 0.25, tc = -0.5:
  //   ds/dy = 0.5 * (-4 - 0.25 * -1) = -1.875, dt/dy = 0.5 * (-0.5 - (-0.5) * -1) = -0.5.
  const float nan_dx[3] = {kNaN, 0.0f, 0.0f};
  const CubeFaceDerivatives d = CubeFaceDerivativesOf(1.0f, 0.5f, -0.25f, nan_dx, ddy);
  EXPECT_TRUE(std::isnan(d.ds_dx));
  EXPECT_TRUE(std::isnan(d.dt_dx));
  EXPECT_EQ(d.ds_dy, -1.875f);
  EXPECT_EQ(d.dt_dy, -0.5f);

  // Tiny |rc|: +X at (2^-70, 0, 0) with ddx = (0, 0, -1) (d(sc) = 1) has ds/dx = 0.5 / 2^-70 =
  // 2^69 exactly; the spec's rc^2 = 2^-140 would already be a subnormal. At denorm_min (2^-149)
  // the true 2^148 overflows to +inf.
  const float toward_sc[3] = {0.0f, 0.0f, -1.0f}, still[3] = {0.0f, 0.0f, 0.0f};
  const CubeFaceDerivatives u =
      CubeFaceDerivativesOf(std::ldexp(1.0f, -70), 0.0f, 0.0f, toward_sc, still);
  EXPECT_EQ(u.ds_dx, std::ldexp(1.0f, 69));
  EXPECT_EQ(u.dt_dx, 0.0f);
  EXPECT_EQ(u.ds_dy, 0.0f);
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(CubeFaceDerivativesOf(tiny, 0.0f, 0.0f, toward_sc, still).ds_dx, kInf);
}

}  // namespace
}  // namespace texunit
