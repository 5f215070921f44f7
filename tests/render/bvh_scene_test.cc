// The BVH builder (render/bvh_builder.h) and the traced demo scene (render/bvh_scene.h): the
// conservative binary16 rounding, the tree's invariants read back from its bytes as docs/bvh.md
// lays them out, and traced pictures against a brute-force closest hit in binary64.
#include "render/bvh_scene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "render/bvh_builder.h"
#include "render/bvh_mesh.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// ---- binary16 rounding ----

// The next binary16 value above `bits` (not for +inf or NaN).
uint16_t HalfNextUp(uint16_t bits) {
  if (bits == 0x8000) return 0x0001;
  return (bits & 0x8000) ? bits - 1 : bits + 1;
}

TEST(BvhHalfRoundingTest, ExactValuesStay) {
  for (float x : {0.0f, 1.0f, -1.0f, 0.5f, 65504.0f, -65504.0f, 0x1p-24f, -0x1p-14f, 1023.5f}) {
    EXPECT_EQ(HalfToFloat(HalfRoundDown(x)), x) << x;
    EXPECT_EQ(HalfToFloat(HalfRoundUp(x)), x) << x;
  }
  EXPECT_EQ(HalfRoundDown(1.0f), 0x3C00);
  EXPECT_EQ(HalfRoundDown(-0.0f), 0x8000);
  EXPECT_EQ(HalfRoundUp(0.0f), 0x0000);
}

TEST(BvhHalfRoundingTest, BetweenValuesGoOutwards) {
  const float above_one = std::nextafter(1.0f, 2.0f);
  EXPECT_EQ(HalfRoundDown(above_one), 0x3C00);
  EXPECT_EQ(HalfRoundUp(above_one), 0x3C01);
  EXPECT_EQ(HalfRoundDown(-above_one), 0xBC01);
  EXPECT_EQ(HalfRoundUp(-above_one), 0xBC00);
  // Just below the smallest normal: the largest subnormal, or the normal.
  const float below_normal = std::nextafter(0x1p-14f, 0.0f);
  EXPECT_EQ(HalfRoundDown(below_normal), 0x03FF);
  EXPECT_EQ(HalfRoundUp(below_normal), 0x0400);
  // Below the smallest subnormal: zero, or the subnormal.
  EXPECT_EQ(HalfRoundDown(1e-10f), 0x0000);
  EXPECT_EQ(HalfRoundUp(1e-10f), 0x0001);
  EXPECT_EQ(HalfRoundDown(-1e-10f), 0x8001);
  EXPECT_EQ(HalfToFloat(HalfRoundUp(-1e-10f)), 0.0f);
  // Where a negative value's floor crosses into the next binade.
  EXPECT_EQ(HalfToFloat(HalfRoundDown(-2047.5f)), -2048.0f);
  EXPECT_EQ(HalfToFloat(HalfRoundUp(2047.5f)), 2048.0f);
}

TEST(BvhHalfRoundingTest, BeyondTheRange) {
  for (float x : {65505.0f, 65519.0f, 65520.0f, 1e6f, 3e38f}) {
    EXPECT_EQ(HalfRoundDown(x), 0x7BFF) << x;   // 65504
    EXPECT_EQ(HalfRoundUp(x), 0x7C00) << x;     // +inf
    EXPECT_EQ(HalfRoundDown(-x), 0xFC00) << x;  // -inf
    EXPECT_EQ(HalfRoundUp(-x), 0xFBFF) << x;    // -65504
  }
  EXPECT_EQ(HalfRoundDown(kInf), 0x7C00);
  EXPECT_EQ(HalfRoundUp(kInf), 0x7C00);
  EXPECT_EQ(HalfRoundDown(-kInf), 0xFC00);
  EXPECT_EQ(HalfRoundUp(-kInf), 0xFC00);
  EXPECT_TRUE(std::isnan(HalfToFloat(HalfRoundDown(std::nanf("")))));
}

// Over a sweep of binary32 values: down(x) <= x <= up(x), and no binary16 lies strictly between
// down(x) and up(x).
TEST(BvhHalfRoundingTest, SweepIsTight) {
  for (uint64_t b = 0; b <= 0xFFFFFFFFu; b += 2039) {
    const float x = std::bit_cast<float>(static_cast<uint32_t>(b));
    if (std::isnan(x)) continue;
    const uint16_t down = HalfRoundDown(x);
    const uint16_t up = HalfRoundUp(x);
    const float fd = HalfToFloat(down);
    const float fu = HalfToFloat(up);
    ASSERT_LE(fd, x) << std::hexfloat << x;
    ASSERT_GE(fu, x) << std::hexfloat << x;
    if (fd == x) {
      ASSERT_EQ(fu, x) << std::hexfloat << x;
    } else {
      ASSERT_EQ(HalfToFloat(HalfNextUp(down)), fu) << std::hexfloat << x;
    }
  }
}

// ---- the builder's invariants, read back from the bytes ----

struct Bounds {
  double lo[3] = {INFINITY, INFINITY, INFINITY};
  double hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  void Grow(const Bounds& b) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], b.lo[a]);
      hi[a] = std::max(hi[a], b.hi[a]);
    }
  }
};

uint32_t U32At(const std::vector<uint8_t>& bytes, uint64_t offset) {
  uint32_t v;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}
float F32At(const std::vector<uint8_t>& bytes, uint64_t offset) {
  return std::bit_cast<float>(U32At(bytes, offset));
}

// Reads the tree the way docs/bvh.md lays it out (independently of the builder's own reader) and
// checks every node; returns the subtree's triangle bounds.
class TreeChecker {
 public:
  TreeChecker(const std::vector<BvhTriangle>& triangles, const BuiltBvh& bvh)
      : triangles_(triangles), bvh_(bvh), seen_(triangles.size(), 0) {}

  Bounds Check(uint32_t pointer, uint32_t depth) {
    Bounds bounds;
    const uint64_t offset = uint64_t{pointer & ~7u} * 8;
    EXPECT_EQ(offset % 64, 0u) << "pointer " << pointer;
    const uint32_t type = pointer & 7;
    if (type == 0) {
      ++triangle_nodes_;
      EXPECT_LE(offset + 64, bvh_.bytes.size());
      if (offset + 64 > bvh_.bytes.size()) return bounds;
      const uint32_t id = U32At(bvh_.bytes, offset + 60);
      EXPECT_LT(id, triangles_.size());
      if (id >= triangles_.size()) return bounds;
      ++seen_[id];
      for (int k = 0; k < 3; ++k) {
        for (int a = 0; a < 3; ++a) {
          const float v = F32At(bvh_.bytes, offset + 12 * k + 4 * a);
          EXPECT_EQ(v, triangles_[id].v[k][a]) << "triangle " << id;
          bounds.lo[a] = std::min<double>(bounds.lo[a], v);
          bounds.hi[a] = std::max<double>(bounds.hi[a], v);
        }
      }
      return bounds;
    }
    EXPECT_TRUE(type == 4 || type == 5) << "pointer " << pointer;
    const bool box16 = type == 4;
    EXPECT_LE(offset + (box16 ? 64 : 128), bvh_.bytes.size());
    if (offset + (box16 ? 64 : 128) > bvh_.bytes.size()) return bounds;
    ++box_nodes_;
    max_depth_ = std::max(max_depth_, depth + 1);
    int children = 0;
    for (int k = 0; k < 4; ++k) {
      const uint32_t child = U32At(bvh_.bytes, offset + 4 * k);
      if (child == kBvhInvalidNode) continue;
      ++children;
      double lo[3], hi[3];
      for (int a = 0; a < 3; ++a) {
        if (box16) {
          // Dwords: min.x | min.y << 16, min.z | max.x << 16, max.y | max.z << 16.
          const uint64_t at = offset + 16 + 12 * k;
          const uint32_t d[3] = {U32At(bvh_.bytes, at), U32At(bvh_.bytes, at + 4),
                                 U32At(bvh_.bytes, at + 8)};
          const uint16_t h[6] = {static_cast<uint16_t>(d[0]), static_cast<uint16_t>(d[0] >> 16),
                                 static_cast<uint16_t>(d[1]), static_cast<uint16_t>(d[1] >> 16),
                                 static_cast<uint16_t>(d[2]), static_cast<uint16_t>(d[2] >> 16)};
          lo[a] = HalfToFloat(h[a]);
          hi[a] = HalfToFloat(h[3 + a]);
        } else {
          lo[a] = F32At(bvh_.bytes, offset + 16 + 24 * k + 4 * a);
          hi[a] = F32At(bvh_.bytes, offset + 16 + 24 * k + 12 + 4 * a);
        }
      }
      const Bounds sub = Check(child, depth + 1);
      for (int a = 0; a < 3; ++a) {
        EXPECT_LE(lo[a], sub.lo[a]) << "node " << pointer << " slot " << k << " axis " << a;
        EXPECT_GE(hi[a], sub.hi[a]) << "node " << pointer << " slot " << k << " axis " << a;
      }
      bounds.Grow(sub);
    }
    EXPECT_GE(children, 2) << "node " << pointer;
    return bounds;
  }

  // Every triangle reached exactly once.
  void ExpectEachTriangleOnce() const {
    for (size_t i = 0; i < seen_.size(); ++i) EXPECT_EQ(seen_[i], 1) << "triangle " << i;
  }
  uint32_t box_nodes() const { return box_nodes_; }
  uint32_t triangle_nodes() const { return triangle_nodes_; }
  uint32_t max_depth() const { return max_depth_; }

 private:
  const std::vector<BvhTriangle>& triangles_;
  const BuiltBvh& bvh_;
  std::vector<int> seen_;
  uint32_t box_nodes_ = 0;
  uint32_t triangle_nodes_ = 0;
  uint32_t max_depth_ = 0;
};

void CheckTree(const std::vector<BvhTriangle>& triangles, BvhBoxFormat format) {
  BuiltBvh bvh;
  ASSERT_TRUE(BuildBvh(triangles, format, &bvh).ok());
  EXPECT_EQ(bvh.bytes.size() % 64, 0u);
  EXPECT_EQ(bvh.root & ~7u, 0u) << "the root is the first node";
  TreeChecker checker(triangles, bvh);
  checker.Check(bvh.root, 0);
  checker.ExpectEachTriangleOnce();
  EXPECT_EQ(checker.triangle_nodes(), triangles.size());
  EXPECT_EQ(bvh.triangle_nodes, triangles.size());
  EXPECT_EQ(bvh.box_nodes, checker.box_nodes());
  EXPECT_EQ(bvh.box_depth, checker.max_depth());
  const uint64_t box_bytes = format == BvhBoxFormat::kBox16 ? 64 : 128;
  EXPECT_EQ(bvh.bytes.size(), bvh.box_nodes * box_bytes + bvh.triangle_nodes * 64);
}

std::vector<BvhTriangle> SmallKnot() {
  KnotMeshOptions mesh;
  mesh.curve_segments = 40;
  mesh.tube_segments = 6;
  return MakeKnotMesh(mesh);
}

TEST(BvhBuilderTest, KnotInvariants) {
  const std::vector<BvhTriangle> triangles = SmallKnot();
  EXPECT_EQ(triangles.size(), 2u * 40 * 6 + 2);
  CheckTree(triangles, BvhBoxFormat::kBox32);
  CheckTree(triangles, BvhBoxFormat::kBox16);
}

TEST(BvhBuilderTest, SmallAndDegenerateInputs) {
  const BvhTriangle tri = {{{{0, 0, 0}}, {{1, 0, 0}}, {{0, 1, 0}}}};
  for (BvhBoxFormat format : {BvhBoxFormat::kBox32, BvhBoxFormat::kBox16}) {
    SCOPED_TRACE(format == BvhBoxFormat::kBox16 ? "box16" : "box32");
    // One triangle: the root is its triangle node.
    BuiltBvh one;
    ASSERT_TRUE(BuildBvh(std::vector<BvhTriangle>{tri}, format, &one).ok());
    EXPECT_EQ(one.root, 0u);
    EXPECT_EQ(one.box_nodes, 0u);
    EXPECT_EQ(one.box_depth, 0u);
    CheckTree({tri}, format);
    // 2..9 triangles, and many identical ones (every centroid equal: median splits).
    for (size_t n : {2, 3, 4, 5, 9}) {
      std::vector<BvhTriangle> row;
      for (size_t i = 0; i < n; ++i) {
        BvhTriangle t = tri;
        for (auto& v : t.v) v[0] += 2.0f * i;
        row.push_back(t);
      }
      CheckTree(row, format);
    }
    CheckTree(std::vector<BvhTriangle>(100, tri), format);
    // Coordinates beyond binary16's range and tiny ones.
    const BvhTriangle huge = {{{{-1e6f, 0, 0}}, {{1e6f, 1e-9f, 0}}, {{0, -70000.0f, 3e38f}}}};
    const BvhTriangle tiny = {{{{1e-9f, -1e-9f, 0}}, {{2e-9f, 0, 0}}, {{0, 1e-8f, 0}}}};
    CheckTree({huge, tiny, tri, huge}, format);
  }
}

TEST(BvhBuilderTest, Box16BoundsContainBox32Bounds) {
  // The build does not depend on the box format, so the trees match node for node.
  const std::vector<BvhTriangle> triangles = SmallKnot();
  BuiltBvh b32, b16;
  ASSERT_TRUE(BuildBvh(triangles, BvhBoxFormat::kBox32, &b32).ok());
  ASSERT_TRUE(BuildBvh(triangles, BvhBoxFormat::kBox16, &b16).ok());
  ASSERT_EQ(b32.box_nodes, b16.box_nodes);
  std::vector<std::pair<uint32_t, uint32_t>> todo = {{b32.root, b16.root}};
  size_t compared = 0;
  while (!todo.empty()) {
    const auto [p32, p16] = todo.back();
    todo.pop_back();
    if (BvhPointerType(p32) != BvhNodeType::kBox32) {
      EXPECT_EQ(p16 & 7, p32 & 7);
      continue;
    }
    ASSERT_EQ(BvhPointerType(p16), BvhNodeType::kBox16);
    const auto s32 = ReadBvhBoxNode(b32.bytes, p32);
    const auto s16 = ReadBvhBoxNode(b16.bytes, p16);
    for (int k = 0; k < 4; ++k) {
      ASSERT_EQ(s32[k].child == kBvhInvalidNode, s16[k].child == kBvhInvalidNode);
      if (s32[k].child == kBvhInvalidNode) continue;
      for (int a = 0; a < 3; ++a) {
        EXPECT_LE(s16[k].lo[a], s32[k].lo[a]);
        EXPECT_GE(s16[k].hi[a], s32[k].hi[a]);
        // Rounded outwards by less than one binary16 step.
        EXPECT_EQ(s16[k].lo[a], HalfToFloat(HalfRoundDown(s32[k].lo[a])));
        EXPECT_EQ(s16[k].hi[a], HalfToFloat(HalfRoundUp(s32[k].hi[a])));
      }
      todo.push_back({s32[k].child, s16[k].child});
      ++compared;
    }
  }
  EXPECT_EQ(compared, b32.box_nodes + b32.triangle_nodes - 1);
}

TEST(BvhBuilderTest, RejectsBadInput) {
  BuiltBvh bvh;
  EXPECT_EQ(BuildBvh({}, BvhBoxFormat::kBox32, &bvh).code(), StatusCode::kInvalidArgument);
  BvhTriangle bad = {{{{0, 0, 0}}, {{1, 0, 0}}, {{0, std::nanf(""), 0}}}};
  const Status s = BuildBvh(std::vector<BvhTriangle>{bad, bad}, BvhBoxFormat::kBox32, &bvh);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("triangle 0"), std::string::npos) << s.message();
}

// ---- traced pictures against a brute-force closest hit ----

struct DoubleHit {
  bool hit = false;
  double t = INFINITY;
  double edge = 0.0;  // the smallest barycentric: how far inside the triangle the ray passes
};

// Möller-Trumbore in binary64 on the binary32 inputs, without the inside test.
DoubleHit IntersectDouble(const float o[3], const float d[3], const BvhTriangle& tri) {
  double v0[3], e1[3], e2[3], od[3], dd[3];
  for (int a = 0; a < 3; ++a) {
    v0[a] = tri.v[0][a];
    e1[a] = static_cast<double>(tri.v[1][a]) - tri.v[0][a];
    e2[a] = static_cast<double>(tri.v[2][a]) - tri.v[0][a];
    od[a] = o[a];
    dd[a] = d[a];
  }
  auto cross = [](const double a[3], const double b[3], double out[3]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
  };
  auto dot = [](const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  };
  double p[3], q[3], s[3];
  cross(dd, e2, p);
  const double det = dot(e1, p);
  DoubleHit h;
  if (det == 0.0) return h;
  for (int a = 0; a < 3; ++a) s[a] = od[a] - v0[a];
  const double u = dot(s, p) / det;
  cross(s, e1, q);
  const double v = dot(dd, q) / det;
  h.t = dot(e2, q) / det;
  h.edge = std::min({u, v, 1.0 - u - v});
  h.hit = h.edge >= 0.0 && h.t > 0.0;
  return h;
}

// Compares a trace with the brute force; returns the pixels where they pick different triangles.
// They may differ only where the ray passes within kEdge (relative) of a triangle's edge, or where
// two triangles are hit within kTie of each other (relative): binary32 against binary64.
size_t CompareWithBruteForce(const BvhScene& scene, const BvhHits& hits) {
  constexpr double kEdge = 1e-5;
  constexpr double kTie = 1e-5;
  const auto tris = scene.triangles();
  size_t differ = 0;
  size_t hit_pixels = 0;
  for (uint32_t y = 0; y < hits.height; ++y) {
    for (uint32_t x = 0; x < hits.width; ++x) {
      float o[3], d[3];
      scene.PrimaryRay(x + 0.5, y + 0.5, o, d);
      uint32_t best = kBvhNoHit;
      DoubleHit best_hit;
      for (uint32_t i = 0; i < tris.size(); ++i) {
        const DoubleHit h = IntersectDouble(o, d, tris[i]);
        if (h.hit && h.t < best_hit.t) {
          best = i;
          best_hit = h;
        }
      }
      const size_t at = static_cast<size_t>(y) * hits.width + x;
      const uint32_t traced = hits.triangle[at];
      hit_pixels += traced != kBvhNoHit;
      if (traced == best) {
        if (best != kBvhNoHit) {
          EXPECT_NEAR(hits.t[at], best_hit.t, 1e-5 * best_hit.t) << x << "," << y;
        }
        continue;
      }
      ++differ;
      const std::string where = "pixel " + std::to_string(x) + "," + std::to_string(y) +
                                ": traced " + std::to_string(traced) + ", brute force " +
                                std::to_string(best);
      if (traced == kBvhNoHit) {
        EXPECT_LT(best_hit.edge, kEdge) << where;  // grazed an edge the binary32 test missed
      } else {
        if (traced >= tris.size()) {
          ADD_FAILURE() << where;
          continue;
        }
        const DoubleHit h = IntersectDouble(o, d, tris[traced]);
        EXPECT_GT(h.edge, -kEdge) << where;
        if (best == kBvhNoHit) {
          EXPECT_LT(h.edge, kEdge) << where;
        } else {
          EXPECT_LE(std::fabs(h.t - best_hit.t), kTie * best_hit.t) << where;
        }
      }
    }
  }
  EXPECT_GT(hit_pixels, hits.triangle.size() / 4);
  EXPECT_LT(hit_pixels, hits.triangle.size());
  return differ;
}

BvhSceneOptions TinyOptions(BvhBoxFormat format) {
  BvhSceneOptions options;
  options.width = 61;  // partial tiles on the right and at the bottom
  options.height = 43;
  options.box_format = format;
  options.mesh.curve_segments = 48;
  options.mesh.tube_segments = 6;
  return options;
}

std::unique_ptr<Runtime> MakeRuntime(const std::string& target, int threads) {
  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  std::unique_ptr<Runtime> runtime;
  EXPECT_TRUE(Runtime::Create(options, &runtime).ok()) << target;
  return runtime;
}

TEST(BvhSceneTest, TraceMatchesBruteForce) {
  for (BvhBoxFormat format : {BvhBoxFormat::kBox32, BvhBoxFormat::kBox16}) {
    SCOPED_TRACE(format == BvhBoxFormat::kBox16 ? "box16" : "box32");
    std::unique_ptr<BvhScene> scene;
    ASSERT_TRUE(BvhScene::Create(TinyOptions(format), &scene).ok());
    const std::unique_ptr<Runtime> runtime = MakeRuntime("", 0);
    ASSERT_NE(runtime, nullptr);
    BvhHits hits;
    BvhTraceStats stats;
    const Status s = TraceBvhScene(*runtime, *scene, &hits, &stats);
    ASSERT_TRUE(s.ok()) << s.ToString();
    EXPECT_EQ(stats.rays, 61u * 43u);
    EXPECT_GE(stats.node_tests, stats.rays);
    EXPECT_GT(stats.wave_steps, 0u);
    const size_t differ = CompareWithBruteForce(*scene, hits);
    EXPECT_LE(differ, hits.triangle.size() / 100) << differ << " pixels differ";
  }
}

// Every target computes the same bits for every lane, so the pictures are identical.
TEST(BvhSceneTest, EveryTargetTracesTheSamePicture) {
  std::unique_ptr<BvhScene> scene;
  ASSERT_TRUE(BvhScene::Create(TinyOptions(BvhBoxFormat::kBox16), &scene).ok());
  BvhHits first;
  std::string first_target;
  for (const std::string& target : Runtime::SupportedTargets()) {
    SCOPED_TRACE(target);
    const std::unique_ptr<Runtime> runtime = MakeRuntime(target, 2);
    ASSERT_NE(runtime, nullptr);
    BvhHits hits;
    ASSERT_TRUE(TraceBvhScene(*runtime, *scene, &hits, nullptr).ok());
    if (first_target.empty()) {
      first = hits;
      first_target = target;
      continue;
    }
    EXPECT_EQ(hits.triangle, first.triangle) << "against " << first_target;
    for (size_t i = 0; i < hits.t.size(); ++i) {
      ASSERT_EQ(std::bit_cast<uint32_t>(hits.t[i]), std::bit_cast<uint32_t>(first.t[i]))
          << "pixel " << i << " against " << first_target;
    }
  }
}

TEST(BvhSceneTest, RenderShadesHitsAndSky) {
  std::unique_ptr<BvhScene> scene;
  ASSERT_TRUE(BvhScene::Create(TinyOptions(BvhBoxFormat::kBox32), &scene).ok());
  EXPECT_EQ(scene->desc().base_address % 256, 0u);
  EXPECT_EQ(scene->desc().size_bytes % 64, 0u);
  EXPECT_GE(scene->desc().size_bytes, scene->bvh().bytes.size());
  EXPECT_TRUE(scene->desc().box_sort_en);
  EXPECT_TRUE(scene->desc().triangle_return_mode);
  const std::unique_ptr<Runtime> runtime = MakeRuntime("", 1);
  ASSERT_NE(runtime, nullptr);
  Rgba8Image image;
  BvhTraceStats stats;
  double last = -1.0;
  bool monotonic = true;
  ASSERT_TRUE(RenderBvhScene(*runtime, *scene, &image, &stats, [&](double f) {
                monotonic = monotonic && f > last;
                last = f;
              }).ok());
  EXPECT_TRUE(monotonic);
  EXPECT_EQ(last, 1.0);
  EXPECT_EQ(image.width, 61u);
  EXPECT_EQ(image.height, 43u);
  ASSERT_EQ(image.pixels.size(), 61u * 43u * 4);
  // The top-left corner is sky: blue above red.
  EXPECT_GT(image.pixels[2], image.pixels[0]);
  EXPECT_EQ(stats.threads, 1);
}

TEST(BvhSceneTest, SingleTriangleRoot) {
  // A BVH whose root is a triangle node: every lane tests it once.
  BvhSceneOptions options;
  options.width = 16;
  options.height = 16;
  options.eye[0] = 0.0;
  options.eye[1] = 0.5;
  options.eye[2] = -1.5;
  options.look_at[0] = 0.0;
  options.look_at[1] = 0.5;
  options.look_at[2] = 0.0;
  const BvhTriangle tri = {{{{-1, 0, 0}}, {{1, 0, 0}}, {{0, 1, 0}}}};
  std::unique_ptr<BvhScene> scene;
  ASSERT_TRUE(BvhScene::Create(options, {tri}, &scene).ok());
  const std::unique_ptr<Runtime> runtime = MakeRuntime("", 1);
  ASSERT_NE(runtime, nullptr);
  BvhHits hits;
  BvhTraceStats stats;
  ASSERT_TRUE(TraceBvhScene(*runtime, *scene, &hits, &stats).ok());
  EXPECT_EQ(stats.node_tests, 256u);
  EXPECT_EQ(hits.triangle[8 * 16 + 8], 0u);  // the centre, on the triangle
  EXPECT_NEAR(hits.t[8 * 16 + 8], 1.5, 0.01);
  EXPECT_EQ(hits.triangle[0], kBvhNoHit);  // the top-left corner, beside it
  EXPECT_EQ(CompareWithBruteForce(*scene, hits), 0u);
}

}  // namespace
}  // namespace texunit::render
