// Sampler ops on CUBE images (cubes and cube arrays, seamless) against lavapipe (docs/sampling.md,
// "CUBE" and "Cube operands from GFX6-9"): real GFX8 MIMG words (DA = 1) through gcn::Execute
// against glslc-compiled compute shaders (shaders/cube_float.comp, cube_array_float.comp,
// cube_shadow.comp, cube_array_shadow.comp).
//
// Each lane is a direction (rx, ry, rz) (and a layer for cube arrays). Lavapipe takes it as
// Vulkan does; for texunit the test does the shader's part as AMD's compilers emit it, written
// here from the GCN3/Vega ISA manuals (V_CUBEID_F32, V_CUBESC_F32, V_CUBETC_F32, V_CUBEMA_F32:
// major axis z over y over x on ties, V_CUBEMA returns 2 * ma) and Mesa's ac_nir cube lowering:
// VADDR x = sc / |ma2| + 1.5, y = tc / |ma2| + 1.5, face = cubeid (+ 8 * max(rne(layer), 0) for
// cube arrays, the GFX6-8 layer clamp at 0 of ac_nir). Nothing in src/ is called for this, so the
// test checks texunit's face tables, edge and corner handling against lavapipe independently.
// T# (GFX8): TYPE = CUBE, DEPTH = cubes - 1 (the codec's `depth` counts faces), BASE_ARRAY /
// LAST_ARRAY in faces; S# DISABLE_CUBE_WRAP = 0 (Vulkan cubes are always seamless).
//
// Tests:
//  - FaceSelectionMatchesLavapipe (lavapipe only): every face of every cube a constant colour;
//    random, edge-aimed and exactly tied directions must return the colour of the face the
//    emulated V_CUBEID picks (in the cube the emulated layer picks). It checks the emulation and
//    the runner's cube upload against lavapipe, and passes without texunit's cube kernel.
//  - SampleAndGatherMatchLavapipe: textureLod against IMAGE_SAMPLE_L (NEAREST and LINEAR, mip
//    NEAREST and LINEAR, LODs in [-1, levels + 0.5]), textureLod(dir, 0) against IMAGE_SAMPLE_LZ
//    and textureGather against IMAGE_GATHER4_LZ (DMASK = 1 << component) on RGBA8 UNORM (random
//    bytes) and R32_FLOAT (random values in [0, 1]) cubes of face size 5 (levels 5, 2, 1) and 8
//    (8, 4, 2, 1), each seen three ways: a CUBE view of cube 0, a CUBE view of the last cube
//    (BASE_ARRAY = 6 * (cubes - 1)) and a CUBE_ARRAY view of all cubes (layers in and out of
//    range: a high one clamps in texunit, a negative one in the shader).
//  - DepthCompareMatchesLavapipe: textureGrad(samplerCubeShadow, vec4(dir, ref), 0, 0) (zero
//    derivatives: lambda = -inf, clamped to 0: the level-0 magnification lookup) against
//    IMAGE_SAMPLE_C_LZ with NEAREST and LINEAR, and textureGather(samplerCubeShadow /
//    samplerCubeArrayShadow, ..., ref) against IMAGE_GATHER4_C_LZ, every VkCompareOp (S#
//    DEPTH_COMPARE_FUNC has the same numbers), on a D32_SFLOAT cube array (texunit R32_FLOAT).
//    GLSL has no explicit-LOD sample on cube-array shadow samplers (lavapipe.md item 7) and
//    compute shaders no implicit LOD, so cube-array SAMPLE_C is not checked.
// Directions: random (components uniform in [-1, 1]); aimed at a face edge (within 3/4 texel of
// it at a random level, so the bilinear footprint crosses it) or at a corner (both axes); and
// exact ties (|x| == |y|, |y| == |z|, |x| == |z|, all three), which sit exactly on an edge or
// corner. Directions are scaled by a random factor in [0.3, 3].
//
// Judging. The test carries a model of Vulkan's cube rules, written here from the Vulkan
// specification ("Cube Map Face Selection", "Cube Map Edge Handling") in double precision: a
// texel one step outside the face (an edge texel) is read from the face holding its centre's
// direction; a corner texel (outside on both axes) is the mean of the three texels that meet
// there (the spec's "should"). The model classifies lanes and bounds corners; texunit is judged
// against lavapipe, per lane:
//  - open (not judged, counted): where Vulkan leaves the answer open: a NEAREST lookup within
//    1e-4 texel of an interior texel edge, a gather within 1e-4 texel of a texel centre (the
//    footprint; subTexelPrecisionBits 8, and the two sides form s differently, a few ulps
//    apart), a mip-NEAREST LOD within 1/16 of k + 0.5 (lavapipe rounds half to even);
//  - corner lanes: the footprint (of a LINEAR lookup or a gather, at a level read) holds a corner
//    texel. Vulkan lets an implementation replace a corner texel "by other methods", requiring
//    only that three equal texels give that value. texunit averages the three (docs/sampling.md);
//    lavapipe may not. A corner lane agreeing within the lane's tolerance is counted "agree";
//    otherwise both results must lie within the hull the spec allows (the corner texel anywhere
//    between the least and the greatest of its three texels, the other texels as they are,
//    within the tolerance) and the lane is counted "differ" and printed, not failed;
//  - tie lanes (exact ties): judged like the rest, but where lavapipe breaks the tie another way
//    (Vulkan: the rules "should" be z over y over x, "may" be others) and its result is the
//    model's on the other tied face, the lane is counted "tie other face" (texunit must then
//    match the model on V_CUBEID's face);
//  - every other lane (edge lanes included) must match within its tolerance, or it fails.
// Tolerances (Vulkan's precision, with lavapipe's limits subTexelPrecisionBits 8,
// mipmapPrecisionBits 4; ../shared/reference/lavapipe.md):
//  - NEAREST results and gathered texels: bit-exact for R32_FLOAT and D32 compares (0.0/1.0);
//    2^-20 for RGBA8 (lavapipe decodes UNORM as c * (1/255), one ulp off c / 255, item 3);
//  - LINEAR: + 2 * 2^-8 (8-bit weights on both axes, texel values in [0, 1]), + 1/255 for RGBA8
//    (lavapipe filters RGBA8 in 8-bit fixed point, item 12);
//  - mip LINEAR: + 2^-4 of the difference between the two levels' results (the model's), + 1/255
//    for RGBA8;
//  - a gathered corner texel (a mean of three, whose rounding the spec leaves open): + 2^-20
//    (kCornerMeanSlack).
// Besides, lavapipe is checked against the model on every judged non-corner lane (printed as
// "lavapipe vs model"; a disagreement fails the test too, since it means the model, the
// emulation or the upload is wrong, or lavapipe departs from Vulkan here).
//
// What lavapipe does here (Mesa 22.3.6, LLVM 15), measured by this test: it breaks ties z over y
// over x, as V_CUBEID does (no tie lane picks another face); it filters and gathers across edges
// as the model does; and it replaces a corner texel by the mean of its three texels, as texunit
// does (every corner lane agrees; gathered corners within an ulp of texunit's mean).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

using Words = std::array<uint32_t, 4>;
using Vec4 = std::array<float, 4>;
using Encoding = std::array<uint32_t, 2>;

constexpr uint64_t kBase = 0x100000;

// MIMG words from llvm-mc-14 -arch=amdgcn -mcpu=tonga -show-encoding (DA = 1). VADDR starts at v4:
// [ref,] x, y, face [, lod]; results in v0..v3.
// image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf da          (x, y, face, lod)
constexpr Encoding kSampleL = {0xf0904f00, 0x00820004};
// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf da         (x, y, face)
constexpr Encoding kSampleLz = {0xf09c4f00, 0x00820004};
// image_sample_c_lz v0, v[4:7], s[8:15], s[16:19] dmask:0x1 da           (ref, x, y, face)
constexpr Encoding kSampleCLz = {0xf0bc4100, 0x00820004};
// image_gather4_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1 da        (x, y, face)
constexpr Encoding kGather4Lz = {0xf11c4100, 0x00820004};
// image_gather4_c_lz v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1 da      (ref, x, y, face)
constexpr Encoding kGather4CLz = {0xf13c4100, 0x00820004};

Encoding WithDmask(Encoding e, uint32_t dmask) { return {(e[0] & ~0xf00u) | (dmask << 8), e[1]}; }

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
float Float(uint32_t b) { return std::bit_cast<float>(b); }

// ------------------------------------------------------------------------------------------------
// The shader's part, as AMD hardware and Mesa do it.

// V_CUBEID_F32, V_CUBESC_F32, V_CUBETC_F32, V_CUBEMA_F32 of (S0, S1, S2) = (x, y, z), from the
// GCN3 / Vega ISA pseudo-code: z is the major axis when |z| >= |x| and |z| >= |y|, else y when
// |y| >= |x|, else x; "negative" is `< 0` (so -0.0 picks the positive face).
struct CubeOps {
  float id, sc, tc, ma;  // ma is V_CUBEMA's value: 2 * the major-axis component
};
CubeOps VCube(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  if (az >= ax && az >= ay) return {z < 0 ? 5.0f : 4.0f, z < 0 ? -x : x, -y, 2.0f * z};
  if (ay >= ax) return {y < 0 ? 3.0f : 2.0f, x, y < 0 ? -z : z, 2.0f * y};
  return {x < 0 ? 1.0f : 0.0f, x < 0 ? z : -z, -y, 2.0f * x};
}

// VADDR x, y, face of a lane (Mesa's ac_nir cube lowering): face-local x = sc / |ma2| + 1.5 and
// y = tc / |ma2| + 1.5, each in [1, 2]; face = cubeid, plus 8 * the layer for a cube array, the
// layer rounded to even and clamped at 0 by the shader (GFX6-8; the hardware clamps the top).
struct Vaddr {
  float x, y, face;
  int cubeid;
};
Vaddr EmulateShader(const float dir[3], bool array, float layer) {
  const CubeOps c = VCube(dir[0], dir[1], dir[2]);
  const float inv = std::fabs(c.ma);
  Vaddr v{c.sc / inv + 1.5f, c.tc / inv + 1.5f, c.id, static_cast<int>(c.id)};
  if (array) v.face = std::fma(std::max(std::nearbyint(layer), 0.0f), 8.0f, c.id);
  return v;
}

// The cube of the view a cube-array lane reads (Vulkan: clamp(RNE(layer), 0, cubes - 1)).
uint32_t CubeOfLayer(float layer, uint32_t cubes) {
  const float r = std::nearbyint(layer);
  return static_cast<uint32_t>(std::clamp(r, 0.0f, static_cast<float>(cubes - 1)));
}

// ------------------------------------------------------------------------------------------------
// Vulkan's cube map face table ("Cube Map Face Selection"): per face, the major axis `ma` (the
// outward normal) and the directions sc, tc of growing s and t.
struct FaceAxes {
  int ma[3], sc[3], tc[3];
};
constexpr FaceAxes kFaces[6] = {
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},   // +X
    {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},   // -X
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},     // +Y
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},   // -Y
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},    // +Z
    {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},  // -Z
};
const char* kFaceNames[6] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};

double Dot(const int a[3], const double p[3]) { return a[0] * p[0] + a[1] * p[1] + a[2] * p[2]; }

// The faces whose major axis is a largest-magnitude component of `p`, Vulkan's preferred one
// (z over y over x) first.
std::vector<int> MajorFaces(const double p[3]) {
  const double m = std::max({std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2])});
  std::vector<int> faces;
  for (int axis = 2; axis >= 0; --axis) {
    if (std::fabs(p[axis]) == m) faces.push_back(2 * axis + (p[axis] < 0 ? 1 : 0));
  }
  return faces;
}

// Face-local (s, t) of direction `p` on face `f` (s = 0.5 * sc / |ma| + 0.5).
void FaceLocal(int f, const double p[3], double* s, double* t) {
  const double ma = std::fabs(Dot(kFaces[f].ma, p));
  *s = 0.5 * Dot(kFaces[f].sc, p) / ma + 0.5;
  *t = 0.5 * Dot(kFaces[f].tc, p) / ma + 0.5;
}

// ------------------------------------------------------------------------------------------------
// Images.

struct ColorFormat {
  FormatId id;
  VkFormat vk;
  bool unorm8;
  const char* name;
};
constexpr ColorFormat kRgba8{FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, true, "RGBA8"};
constexpr ColorFormat kR32f{FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, false, "R32F"};
constexpr ColorFormat kD32{FormatId::kR32_FLOAT, VK_FORMAT_D32_SFLOAT, false, "D32"};

// A cube array resource of `cubes` cubes with faces n x n and `levels` levels, in texunit's linear
// layout, registered with a Memory (not movable once made).
struct CubeResource {
  ColorFormat format;
  uint32_t n, levels, cubes;
  ImageDesc desc;
  ImageLayout layout;
  std::vector<uint8_t> bytes;
  Memory memory;
  CubeResource(const ColorFormat& f, uint32_t size, uint32_t level_count, uint32_t cube_count)
      : format(f), n(size), levels(level_count), cubes(cube_count) {
    desc = MakeImage2D(f.id, n, n, levels, kBase);
    desc.type = ImageType::kCube;
    desc.depth = 6 * cubes;
    desc.last_array = 6 * cubes - 1;
    EXPECT_TRUE(ComputeImageLayout(desc, &layout).ok());
    bytes.resize(layout.total_bytes);
  }
  CubeResource(const CubeResource&) = delete;
  void Register() { EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok()); }
  uint32_t Size(uint32_t level) const { return std::max(1u, n >> level); }
  uint8_t* At(uint32_t level, uint32_t layer, uint32_t i, uint32_t j) {
    const LevelLayout& lv = layout.levels[level];
    return &bytes[lv.offset + layer * lv.slice_bytes + j * lv.row_bytes +
                  i * layout.bytes_per_element];
  }
  // Texel (i, j) of memory layer `layer` as Vulkan reads it: UNORM c / 255, floats as stored,
  // one-channel formats (R, 0, 0, 1).
  Vec4 Texel(uint32_t level, uint32_t layer, uint32_t i, uint32_t j) const {
    const LevelLayout& lv = layout.levels[level];
    const uint8_t* p = &bytes[lv.offset + layer * lv.slice_bytes + j * lv.row_bytes +
                              i * layout.bytes_per_element];
    if (format.unorm8) {
      return {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
    }
    float r;
    std::memcpy(&r, p, 4);
    return {r, 0.0f, 0.0f, 1.0f};
  }
};

// How a test sees a resource: a CUBE view of one cube, or a CUBE_ARRAY view of all.
struct View {
  bool array;
  uint32_t base_cube, cubes;
  std::string Name() const {
    return array ? "cube array of " + std::to_string(cubes)
                 : "cube " + std::to_string(base_cube) + " (CUBE view)";
  }
};

ImageDesc ViewDesc(const CubeResource& r, const View& v) {
  ImageDesc d = r.desc;
  d.base_array = 6 * v.base_cube;
  d.last_array = 6 * (v.base_cube + v.cubes) - 1;
  return d;
}

Image2D ViewImage(const CubeResource& r, const View& v) {
  Image2D img{r.format.vk, r.n, r.n, r.levels, &r.layout, r.bytes};
  img.layers = 6 * r.cubes;
  img.view_type = v.array ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY : VK_IMAGE_VIEW_TYPE_CUBE;
  img.base_layer = 6 * v.base_cube;
  img.view_layers = 6 * v.cubes;
  return img;
}

// ------------------------------------------------------------------------------------------------
// Lanes.

enum class Aim { kRandom, kEdge, kCorner, kTie };
const char* kAimNames[] = {"random", "edge", "corner", "tie"};

struct Lane {
  float dir[3];
  float layer = 0;  // cube arrays
  float lod = 0;    // SAMPLE_L
  float ref = 0;    // compares
  Aim aim = Aim::kRandom;
};

// A direction of kind `aim`; edge and corner directions aim within 3/4 texel of an edge of a face
// at level `level` (face size `n`).
void MakeDirection(Aim aim, uint32_t n, std::mt19937& rng, float dir[3]) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double p[3];
  if (aim == Aim::kRandom) {
    do {
      for (double& c : p) c = 2 * unit(rng) - 1;
    } while (std::max({std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2])}) < 0.05);
  } else if (aim == Aim::kTie) {
    const double a = 0.2 + 1.8 * unit(rng);
    const double b = (2 * unit(rng) - 1) * a * 0.999;
    const auto sign = [&] { return rng() % 2 ? 1.0 : -1.0; };
    switch (rng() % 4) {
      case 0:
        p[0] = sign() * a, p[1] = sign() * a, p[2] = b;
        break;
      case 1:
        p[0] = b, p[1] = sign() * a, p[2] = sign() * a;
        break;
      case 2:
        p[0] = sign() * a, p[1] = b, p[2] = sign() * a;
        break;
      default:
        p[0] = sign() * a, p[1] = sign() * a, p[2] = sign() * a;
        break;
    }
    // Exact ties survive the conversion to float: every component is +-float(a) (or b).
    const float fa = static_cast<float>(a);
    for (int k = 0; k < 3; ++k) {
      dir[k] = std::fabs(p[k]) == a ? std::copysign(fa, static_cast<float>(p[k]))
                                    : static_cast<float>(p[k]);
    }
    return;
  } else {
    const int f = static_cast<int>(rng() % 6);
    const auto near_edge = [&] {
      const double e = unit(rng) * 0.75 / n;
      return rng() % 2 ? e : 1 - e;
    };
    const double s = near_edge();
    double t = aim == Aim::kCorner ? near_edge() : unit(rng);
    if (aim == Aim::kEdge && n >= 3) t = (1 + (n - 2) * unit(rng)) / n;  // not near a corner
    const bool swap = rng() % 2;
    const double a = 2 * (swap ? t : s) - 1, b = 2 * (swap ? s : t) - 1;
    for (int k = 0; k < 3; ++k) {
      p[k] = kFaces[f].ma[k] + a * kFaces[f].sc[k] + b * kFaces[f].tc[k];
    }
  }
  const double scale = 0.3 + 2.7 * unit(rng);
  for (int k = 0; k < 3; ++k) dir[k] = static_cast<float>(p[k] * scale);
}

Aim PickAim(std::mt19937& rng) {
  const uint32_t r = rng() % 20;
  return r < 8 ? Aim::kRandom : r < 13 ? Aim::kEdge : r < 17 ? Aim::kCorner : Aim::kTie;
}

// A layer operand for a cube array of `cubes`: mostly in range, sometimes below 0 or past the
// last cube, never within 0.05 of k + 0.5 (Vulkan allows floor(a + 0.5) there).
float MakeLayer(uint32_t cubes, std::mt19937& rng) {
  const int k = static_cast<int>(rng() % (cubes + 2)) - 1;
  return static_cast<float>(k) + std::uniform_real_distribution<float>(-0.45f, 0.45f)(rng);
}

// ------------------------------------------------------------------------------------------------
// The model of Vulkan's seamless cube lookups.

// A filtered value with the hull the spec allows: `lo`..`hi` per channel when each corner texel
// may be anything between the least and the greatest of its three texels.
struct Filtered {
  Vec4 v{}, lo{}, hi{};
  bool edge = false;    // an edge texel (read from the face across the edge) is in the footprint
  bool corner = false;  // a corner texel is
};

// What a texel becomes before filtering: the texel itself, or its compare result (r, r, r, r).
using Transform = std::function<Vec4(const Vec4&)>;

class Model {
 public:
  Model(const CubeResource& r, uint32_t layer0, Transform xform)
      : r_(r), layer0_(layer0), xform_(std::move(xform)) {}

  // Texel (i, j), i and j in -1..n, of face f at `level`, seamless.
  Filtered Texel(uint32_t level, int f, int i, int j) const {
    const int n = static_cast<int>(r_.Size(level));
    const bool out_i = i < 0 || i >= n, out_j = j < 0 || j >= n;
    Filtered t;
    if (!out_i && !out_j) {
      t.v = t.lo = t.hi = Fetch(level, f, i, j);
      return t;
    }
    if (out_i != out_j) {
      t.v = t.lo = t.hi = Edge(level, f, i, j);
      t.edge = true;
      return t;
    }
    // A corner: the three texels that meet there, the spec's average and their hull.
    const int ci = std::clamp(i, 0, n - 1), cj = std::clamp(j, 0, n - 1);
    const Vec4 a = Fetch(level, f, ci, cj), b = Edge(level, f, i, cj), c = Edge(level, f, ci, j);
    t.corner = true;
    for (int k = 0; k < 4; ++k) {
      t.v[k] = ((a[k] + b[k]) + c[k]) / 3.0f;
      t.lo[k] = std::min({a[k], b[k], c[k]});
      t.hi[k] = std::max({a[k], b[k], c[k]});
    }
    return t;
  }

  // NEAREST at `level`: clamp to the face's edge.
  Filtered Nearest(uint32_t level, int f, double s, double t) const {
    const int n = static_cast<int>(r_.Size(level));
    const auto index = [&](double c) {
      return std::min(static_cast<int>(std::floor(std::clamp(c, 0.0, 1.0) * n)), n - 1);
    };
    return Texel(level, f, index(s), index(t));
  }

  // LINEAR at `level`.
  Filtered Linear(uint32_t level, int f, double s, double t) const {
    const double n = r_.Size(level);
    const double u = std::clamp(s, 0.0, 1.0) * n - 0.5, v = std::clamp(t, 0.0, 1.0) * n - 0.5;
    const int i0 = static_cast<int>(std::floor(u)), j0 = static_cast<int>(std::floor(v));
    const double a = u - i0, b = v - j0;
    const double w[4] = {(1 - a) * (1 - b), a * (1 - b), (1 - a) * b, a * b};
    const Filtered tx[4] = {Texel(level, f, i0, j0), Texel(level, f, i0 + 1, j0),
                            Texel(level, f, i0, j0 + 1), Texel(level, f, i0 + 1, j0 + 1)};
    Filtered out;
    for (int k = 0; k < 4; ++k) {
      double v_sum = 0, lo = 0, hi = 0;
      for (int q = 0; q < 4; ++q) {
        v_sum += w[q] * tx[q].v[k], lo += w[q] * tx[q].lo[k], hi += w[q] * tx[q].hi[k];
      }
      out.v[k] = static_cast<float>(v_sum);
      out.lo[k] = static_cast<float>(lo);
      out.hi[k] = static_cast<float>(hi);
    }
    for (const Filtered& q : tx) {
      out.edge = out.edge || q.edge;
      out.corner = out.corner || q.corner;
    }
    return out;
  }

  // The gather of component `comp` at level 0: (i0,j1), (i1,j1), (i1,j0), (i0,j0), each with its
  // hull (a corner texel's component between its three texels').
  std::array<Filtered, 4> Gather(int f, double s, double t, int comp) const {
    const double n = r_.Size(0);
    const double u = std::clamp(s, 0.0, 1.0) * n - 0.5, v = std::clamp(t, 0.0, 1.0) * n - 0.5;
    const int i0 = static_cast<int>(std::floor(u)), j0 = static_cast<int>(std::floor(v));
    const Filtered tx[4] = {Texel(0, f, i0, j0 + 1), Texel(0, f, i0 + 1, j0 + 1),
                            Texel(0, f, i0 + 1, j0), Texel(0, f, i0, j0)};
    std::array<Filtered, 4> out;
    for (int q = 0; q < 4; ++q) {
      out[q].v = {tx[q].v[comp], 0, 0, 0};
      out[q].lo = {tx[q].lo[comp], 0, 0, 0};
      out[q].hi = {tx[q].hi[comp], 0, 0, 0};
      out[q].edge = tx[q].edge;
      out[q].corner = tx[q].corner;
    }
    return out;
  }

 private:
  Vec4 Fetch(uint32_t level, int f, int i, int j) const {
    return xform_(r_.Texel(level, layer0_ + static_cast<uint32_t>(f), static_cast<uint32_t>(i),
                           static_cast<uint32_t>(j)));
  }
  // An edge texel: the texel of the face across the edge that holds the texel centre's direction.
  Vec4 Edge(uint32_t level, int f, int i, int j) const {
    const uint32_t n = r_.Size(level);
    const double a = (2.0 * i + 1) / n - 1, b = (2.0 * j + 1) / n - 1;
    double p[3];
    for (int k = 0; k < 3; ++k) p[k] = kFaces[f].ma[k] + a * kFaces[f].sc[k] + b * kFaces[f].tc[k];
    const std::vector<int> faces = MajorFaces(p);
    const int g = faces[0];  // unique: the outside axis has magnitude 1 + 1/n
    double s, t;
    FaceLocal(g, p, &s, &t);
    const auto index = [&](double c) {
      return std::clamp(static_cast<int>(std::floor(c * n)), 0, static_cast<int>(n) - 1);
    };
    return Fetch(level, g, index(s), index(t));
  }

  const CubeResource& r_;
  uint32_t layer0_;
  Transform xform_;
};

// ------------------------------------------------------------------------------------------------
// Running both sides.

// `words` through gcn::Execute (GFX8) on every lane, VGPRs v4.. = the lane's VADDR words; v0..v3
// of each lane into `out`.
Status RunTexunit(const Runtime& runtime, Encoding words, const ImageDesc& image,
                  const SamplerDesc& sampler, const Memory& memory,
                  const std::vector<std::array<uint32_t, 5>>& vaddr, std::vector<Words>* out) {
  std::vector<uint32_t> sgprs(104, 0);
  TEXUNIT_RETURN_IF_ERROR(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)));
  TEXUNIT_RETURN_IF_ERROR(EncodeSamplerDesc(Gfx::kGfx8, sampler, std::span(sgprs).subspan(16, 4)));
  out->assign(vaddr.size(), Words{});
  return ExecuteLanes(
      runtime, Gfx::kGfx8, words, sgprs, memory, vaddr.size(),
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 5; ++k) r.v(4 + k) = vaddr[i][k];
        for (int k = 0; k < 4; ++k) r.v(k) = 0;
      },
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 4; ++k) (*out)[i][k] = r.v(k);
      });
}

enum class Op { kSampleL, kSampleLz, kGather, kSampleCLz, kGatherC };

struct Case {
  Op op;
  bool linear = false;      // XY filter (sample ops)
  bool mip_linear = false;  // SAMPLE_L
  int comp = 0;             // GATHER4_LZ
  int compare = 0;          // the _C ops' VkCompareOp
  std::string Name() const {
    switch (op) {
      case Op::kSampleL:
        return std::string("SAMPLE_L ") + (linear ? "linear" : "nearest") + " mip " +
               (mip_linear ? "linear" : "nearest");
      case Op::kSampleLz:
        return std::string("SAMPLE_LZ ") + (linear ? "linear" : "nearest");
      case Op::kGather:
        return "GATHER4_LZ component " + std::to_string(comp);
      case Op::kSampleCLz:
        return std::string("SAMPLE_C_LZ ") + (linear ? "linear " : "nearest ") +
               kCompareNames[compare];
      case Op::kGatherC:
        return std::string("GATHER4_C_LZ ") + kCompareNames[compare];
    }
    return "";
  }
  bool gather() const { return op == Op::kGather || op == Op::kGatherC; }
  bool shadow() const { return op == Op::kSampleCLz || op == Op::kGatherC; }
};

struct Tally {
  int lanes = 0, open = 0, judged = 0, wrong = 0;
  int edge = 0, at_1x1 = 0;           // judged lanes whose footprint crosses an edge; at 1x1
  int corner = 0, corner_differ = 0;  // corner lanes, and those where lavapipe's corner differs
  int tie = 0, tie_other_face = 0;    // exact ties, and those lavapipe broke another way
  int model_checked = 0, model_wrong = 0;
  int by_aim[4] = {};  // judged lanes by aim
  float worst = 0;     // largest |texunit - lavapipe| of a judged non-corner lane
  std::string first_wrong, first_model_wrong, first_corner_differ;
  void Add(const Tally& o) {
    lanes += o.lanes, open += o.open, judged += o.judged, wrong += o.wrong;
    edge += o.edge, at_1x1 += o.at_1x1;
    corner += o.corner, corner_differ += o.corner_differ;
    tie += o.tie, tie_other_face += o.tie_other_face;
    model_checked += o.model_checked, model_wrong += o.model_wrong;
    for (int k = 0; k < 4; ++k) by_aim[k] += o.by_aim[k];
    worst = std::max(worst, o.worst);
    if (first_wrong.empty()) first_wrong = o.first_wrong;
    if (first_model_wrong.empty()) first_model_wrong = o.first_model_wrong;
    if (first_corner_differ.empty()) first_corner_differ = o.first_corner_differ;
  }
  void Print(const std::string& name) const {
    std::printf(
        "  %-52s %5d lanes: %5d judged (aimed: random %d, edge %d, corner %d, tie %d; footprint "
        "across an edge %d, on a corner %d (lavapipe's corner differs: %d); at 1x1 %d), %d open, "
        "ties broken another way %d, lavapipe vs model %d/%d, largest difference %.3g, %d wrong\n",
        name.c_str(), lanes, judged, by_aim[0], by_aim[1], by_aim[2], by_aim[3], edge, corner,
        corner_differ, at_1x1, open, tie_other_face, model_checked - model_wrong, model_checked,
        worst, wrong);
  }
};

std::string Vec4Text(const Vec4& v) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), "(%.9g, %.9g, %.9g, %.9g)", v[0], v[1], v[2], v[3]);
  return buf;
}
Vec4 AsVec4(const Words& w) { return {Float(w[0]), Float(w[1]), Float(w[2]), Float(w[3])}; }

// Whether |a - b| <= tol in every channel (equal NaNs match; tol 0 wants equal values).
bool Within(const Vec4& a, const Vec4& b, const Vec4& tol, int channels) {
  for (int k = 0; k < channels; ++k) {
    if (std::isnan(a[k]) && std::isnan(b[k])) continue;
    if (!(std::fabs(a[k] - b[k]) <= tol[k])) return false;
  }
  return true;
}
bool InHull(const Vec4& x, const Filtered& f, const Vec4& tol, int channels) {
  for (int k = 0; k < channels; ++k) {
    if (!(x[k] >= f.lo[k] - tol[k] && x[k] <= f.hi[k] + tol[k])) return false;
  }
  return true;
}

// What a lane's model gives on face `f`: the filtered value (sample ops: one Filtered; gathers:
// four, one per element in v[0]) and its tolerance per channel.
struct Expect {
  std::array<Filtered, 4> parts;  // sample ops: parts[0]; gathers: the four elements
  Vec4 tol{};
  bool open = false;
  bool edge = false, corner = false;  // of any part
  bool reads_1x1 = false;             // a level read is the 1x1 one
};

// A corner texel is the mean of three texels, an arithmetic result the spec gives no precision
// for: texunit forms ((A + B) + C) / 3 in binary32, lavapipe rounds differently (a gathered corner
// 1 ulp apart). Gathered corner elements get this much more than the exact tolerance (a few ulps
// in [0, 1]).
constexpr float kCornerMeanSlack = 1.0f / (1 << 20);

class CaseRunner {
 public:
  CaseRunner(const CubeResource& r, const View& view, const Case& c) : r_(r), view_(view), c_(c) {}

  Expect Evaluate(const Lane& lane, int face) const {
    Expect e;
    double p[3] = {lane.dir[0], lane.dir[1], lane.dir[2]};
    double s, t;
    FaceLocal(face, p, &s, &t);
    const uint32_t cube =
        view_.base_cube + (view_.array ? CubeOfLayer(lane.layer, view_.cubes) : 0);
    Transform xform = [](const Vec4& v) { return v; };
    if (c_.shadow()) {
      const int op = c_.compare;
      const float ref = lane.ref;
      xform = [op, ref](const Vec4& v) {
        const float r = Compare(op, ref, v[0]) ? 1.0f : 0.0f;
        return Vec4{r, r, r, r};
      };
    }
    const Model model(r_, 6 * cube, xform);
    const float point_tol = r_.format.unorm8 ? 1.0f / (1 << 20) : 0.0f;
    const float linear_tol = 2.0f / 256 + (r_.format.unorm8 ? 1.0f / 255 : 0.0f);
    const auto near_integer = [](double x) { return std::fabs(x - std::nearbyint(x)) < 1e-4; };
    // NEAREST: within 1e-4 texel of an interior texel edge.
    const auto nearest_open = [&](uint32_t level) {
      const double n = r_.Size(level);
      const auto open = [&](double c) {
        const double u = std::clamp(c, 0.0, 1.0) * n;
        return near_integer(u) && std::nearbyint(u) >= 1 && std::nearbyint(u) <= n - 1;
      };
      return open(s) || open(t);
    };
    if (c_.gather()) {
      const double n = r_.Size(0);
      e.open = near_integer(std::clamp(s, 0.0, 1.0) * n - 0.5) ||
               near_integer(std::clamp(t, 0.0, 1.0) * n - 0.5);
      e.parts = model.Gather(face, s, t, c_.op == Op::kGather ? c_.comp : 0);
      for (const Filtered& f : e.parts) {
        e.edge = e.edge || f.edge;
        e.corner = e.corner || f.corner;
      }
      e.tol.fill(c_.shadow() ? 0.0f : point_tol);
      e.reads_1x1 = r_.Size(0) == 1;
      return e;
    }
    if (c_.op == Op::kSampleLz || c_.op == Op::kSampleCLz) {
      e.parts[0] = c_.linear ? model.Linear(0, face, s, t) : model.Nearest(0, face, s, t);
      e.open = !c_.linear && nearest_open(0);
      e.edge = e.parts[0].edge;
      e.corner = e.parts[0].corner;
      e.reads_1x1 = r_.Size(0) == 1;
      e.tol.fill(c_.linear ? linear_tol : (c_.shadow() ? 0.0f : point_tol));
      if (c_.shadow() && c_.linear) e.tol.fill(2.0f / 256);
      return e;
    }
    // SAMPLE_L: Vulkan's level selection (lambda clamped to [0, q]).
    const float q = static_cast<float>(r_.levels - 1);
    const float lambda = std::clamp(lane.lod, 0.0f, q);
    const auto at = [&](uint32_t level) {
      return c_.linear ? model.Linear(level, face, s, t) : model.Nearest(level, face, s, t);
    };
    e.tol.fill(c_.linear ? point_tol + 2.0f / 256 + (r_.format.unorm8 ? 1.0f / 255 : 0.0f)
                         : point_tol);
    if (!c_.mip_linear) {
      const float frac = lambda - std::floor(lambda);
      const uint32_t d = static_cast<uint32_t>(std::min(std::floor(lambda + 0.5f), q));
      e.open =
          (lambda < q && std::fabs(frac - 0.5f) < 1.0f / 16) || (!c_.linear && nearest_open(d));
      e.parts[0] = at(d);
      e.edge = e.parts[0].edge;
      e.corner = e.parts[0].corner;
      e.reads_1x1 = r_.Size(d) == 1;
      return e;
    }
    const uint32_t d0 = static_cast<uint32_t>(std::floor(lambda));
    const uint32_t d1 = std::min(d0 + 1, r_.levels - 1);
    const float delta = lambda - static_cast<float>(d0);
    const Filtered a = at(d0);
    if (delta == 0.0f || d1 == d0) {
      e.parts[0] = a;
      e.open = !c_.linear && nearest_open(d0);
      e.edge = a.edge;
      e.corner = a.corner;
      e.reads_1x1 = r_.Size(d0) == 1;
      return e;
    }
    const Filtered b = at(d1);
    e.open = !c_.linear && (nearest_open(d0) || nearest_open(d1));
    Filtered& m = e.parts[0];
    for (int k = 0; k < 4; ++k) {
      m.v[k] = (1 - delta) * a.v[k] + delta * b.v[k];
      m.lo[k] = std::min(a.lo[k], b.lo[k]);
      m.hi[k] = std::max(a.hi[k], b.hi[k]);
      e.tol[k] += std::fabs(b.v[k] - a.v[k]) / 16 + (r_.format.unorm8 ? 1.0f / 255 : 0.0f);
    }
    m.edge = e.edge = a.edge || b.edge;
    m.corner = e.corner = a.corner || b.corner;
    e.reads_1x1 = r_.Size(d1) == 1;
    return e;
  }

  // The lane's VADDR words for texunit.
  std::array<uint32_t, 5> VaddrWords(const Lane& lane) const {
    const Vaddr v = EmulateShader(lane.dir, view_.array, lane.layer);
    switch (c_.op) {
      case Op::kSampleL:
        return {Bits(v.x), Bits(v.y), Bits(v.face), Bits(lane.lod), 0};
      case Op::kSampleCLz:
      case Op::kGatherC:
        return {Bits(lane.ref), Bits(v.x), Bits(v.y), Bits(v.face), 0};
      default:
        return {Bits(v.x), Bits(v.y), Bits(v.face), 0, 0};
    }
  }

  Encoding Instruction() const {
    switch (c_.op) {
      case Op::kSampleL:
        return kSampleL;
      case Op::kSampleLz:
        return kSampleLz;
      case Op::kGather:
        return WithDmask(kGather4Lz, 1u << c_.comp);
      case Op::kSampleCLz:
        return kSampleCLz;
      case Op::kGatherC:
        return kGather4CLz;
    }
    return kSampleLz;
  }

  // The shader's two uvec4 of a lane.
  void Operands(const Lane& lane, std::vector<Words>* ops) const {
    ops->push_back({Bits(lane.dir[0]), Bits(lane.dir[1]), Bits(lane.dir[2]), Bits(lane.layer)});
    const uint32_t lod = Bits(c_.op == Op::kSampleL ? lane.lod : 0.0f);
    ops->push_back({lod, Bits(lane.ref), c_.gather() ? 1u : 0u, static_cast<uint32_t>(c_.comp)});
  }

  std::string Shader() const {
    if (c_.shadow()) return view_.array ? "cube_array_shadow" : "cube_shadow";
    return view_.array ? "cube_array_float" : "cube_float";
  }

  SamplerState VkSampler() const {
    SamplerState s;
    s.mag = s.min = c_.linear || c_.gather() ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    s.mip = c_.mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    s.compare_enable = c_.shadow();
    s.compare_op = static_cast<VkCompareOp>(c_.compare);
    return s;
  }

  SamplerDesc Sampler() const {
    SamplerDesc s;
    s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
    s.clamp_x = s.clamp_y = s.clamp_z = ClampMode::kClampLastTexel;  // not read (seamless)
    s.xy_mag_filter = s.xy_min_filter =
        c_.linear || c_.gather() ? XyFilter::kBilinear : XyFilter::kPoint;
    s.mip_filter = c_.mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
    s.max_lod = static_cast<uint16_t>((r_.levels - 1) * 256);
    s.depth_compare_func = static_cast<CompareFunc>(c_.compare);
    s.disable_cube_wrap = false;
    return s;
  }

  // Runs the lanes on both sides and judges them. `texunit_status` keeps the first failure of
  // gcn::Execute (the texunit side is then not judged; lavapipe is still checked against the
  // model).
  Tally Run(const Runtime& runtime, VkRunner& runner, const std::vector<Lane>& lanes,
            Status* texunit_status) const {
    Tally t;
    std::vector<Words> operands;
    std::vector<std::array<uint32_t, 5>> vaddr;
    for (const Lane& lane : lanes) {
      Operands(lane, &operands);
      vaddr.push_back(VaddrWords(lane));
    }
    std::vector<Words> theirs, ours;
    std::string error;
    if (!runner.Run(ViewImage(r_, view_), Shader(), VkSampler(), operands, &theirs, &error, 2)) {
      ADD_FAILURE() << "lavapipe: " << error;
      return t;
    }
    const Status st =
        RunTexunit(runtime, Instruction(), ViewDesc(r_, view_), Sampler(), r_.memory, vaddr, &ours);
    const bool have_ours = st.ok();
    if (!st.ok() && texunit_status->ok()) *texunit_status = st;

    const int channels = c_.gather() ? 1 : (c_.shadow() ? 1 : 4);
    for (size_t i = 0; i < lanes.size(); ++i) {
      const Lane& lane = lanes[i];
      ++t.lanes;
      const double p[3] = {lane.dir[0], lane.dir[1], lane.dir[2]};
      const std::vector<int> faces = MajorFaces(p);
      const int face = EmulateShader(lane.dir, false, 0).cubeid;
      const Expect e = Evaluate(lane, face);
      if (e.open) {
        ++t.open;
        continue;
      }
      ++t.judged;
      ++t.by_aim[static_cast<int>(lane.aim)];
      const bool tie = faces.size() > 1;
      if (tie) ++t.tie;
      if (e.edge) ++t.edge;
      if (e.corner) ++t.corner;
      if (e.reads_1x1) ++t.at_1x1;
      // The tolerance of element q (a gathered corner texel's mean gets kCornerMeanSlack).
      const auto tol_of = [&](const Expect& ex, int q) {
        Vec4 tol = ex.tol;
        if (c_.gather() && ex.parts[q].corner) {
          for (float& x : tol) x += kCornerMeanSlack;
        }
        return tol;
      };
      // The results as per-element vectors: sample ops one Vec4, gathers four words.
      const int parts = c_.gather() ? 4 : 1;
      const auto element = [&](const Words& w, int q) {
        return c_.gather() ? Vec4{Float(w[q]), 0, 0, 0} : AsVec4(w);
      };
      const auto matches = [&](const Words& a, const Words& b, const Expect& ex) {
        for (int q = 0; q < parts; ++q) {
          if (!Within(element(a, q), element(b, q), tol_of(ex, q), channels)) return false;
        }
        return true;
      };
      const auto matches_model = [&](const Words& a, const Expect& ex) {
        for (int q = 0; q < parts; ++q) {
          if (!Within(element(a, q), ex.parts[q].v, tol_of(ex, q), channels)) return false;
        }
        return true;
      };
      const auto in_hull = [&](const Words& a, const Expect& ex) {
        for (int q = 0; q < parts; ++q) {
          if (!InHull(element(a, q), ex.parts[q], tol_of(ex, q), channels)) return false;
        }
        return true;
      };
      // lavapipe on another tied face (the model there).
      int other_face = -1;
      for (size_t k = 0; tie && k < faces.size() && other_face < 0; ++k) {
        if (faces[k] == face) continue;
        const Expect alt = Evaluate(lane, faces[k]);
        if (e.corner || alt.corner ? in_hull(theirs[i], alt) : matches_model(theirs[i], alt)) {
          if (!(e.corner ? in_hull(theirs[i], e) : matches_model(theirs[i], e))) {
            other_face = faces[k];
          }
        }
      }
      const auto describe = [&](const char* what) {
        const Vaddr v = EmulateShader(lane.dir, view_.array, lane.layer);
        std::string s = std::string(what) + ": " + c_.Name() + ", " + view_.Name() + ", " +
                        kAimNames[static_cast<int>(lane.aim)] + " direction";
        char buf[512];
        std::snprintf(buf, sizeof(buf),
                      " (%.9g, %.9g, %.9g)%s layer %.9g lod %.9g ref %.9g: face %s (cubeid %d), "
                      "VADDR x %.9g y %.9g face %.9g; ",
                      lane.dir[0], lane.dir[1], lane.dir[2], tie ? " (tie)" : "", lane.layer,
                      lane.lod, lane.ref, kFaceNames[face], face, v.x, v.y, v.face);
        s += buf;
        for (int q = 0; q < parts; ++q) {
          const Vec4 o = have_ours ? element(ours[i], q) : Vec4{};
          s += (parts > 1 ? "[" + std::to_string(q) + "] " : std::string()) +
               (have_ours ? "texunit " + Vec4Text(o) + ", " : std::string()) + "lavapipe " +
               Vec4Text(element(theirs[i], q)) + ", model " + Vec4Text(e.parts[q].v) + " hull " +
               Vec4Text(e.parts[q].lo) + ".." + Vec4Text(e.parts[q].hi) + "; ";
        }
        char tol[64];
        std::snprintf(tol, sizeof(tol), "tolerance %.3g%s", e.tol[0], e.corner ? ", corner" : "");
        return s + tol;
      };

      // lavapipe against the model (Vulkan's rules), corners apart.
      if (!e.corner) {
        ++t.model_checked;
        if (!matches_model(theirs[i], e) && other_face < 0) {
          if (++t.model_wrong == 1) t.first_model_wrong = describe("lavapipe vs model");
        }
      }
      if (!have_ours) continue;
      if (matches(ours[i], theirs[i], e)) {
        if (!e.corner) {
          for (int q = 0; q < parts; ++q) {
            for (int k = 0; k < channels; ++k) {
              t.worst =
                  std::max(t.worst, std::fabs(element(ours[i], q)[k] - element(theirs[i], q)[k]));
            }
          }
        }
        continue;
      }
      if (other_face >= 0 && (e.corner ? in_hull(ours[i], e) : matches_model(ours[i], e))) {
        ++t.tie_other_face;
        continue;
      }
      if (e.corner && in_hull(ours[i], e) && (in_hull(theirs[i], e) || other_face >= 0)) {
        if (++t.corner_differ == 1) t.first_corner_differ = describe("corner differs");
        continue;
      }
      if (++t.wrong == 1) t.first_wrong = describe("wrong");
    }
    return t;
  }

 private:
  const CubeResource& r_;
  View view_;
  Case c_;
};

std::vector<Lane> MakeLanes(const CubeResource& r, const View& view, const Case& c, int count,
                            std::mt19937& rng) {
  std::vector<Lane> lanes(count);
  for (Lane& lane : lanes) {
    lane.aim = PickAim(rng);
    uint32_t level = 0;
    if (c.op == Op::kSampleL) {
      // LODs in [-1, levels + 0.5]; a mip-NEAREST LOD stays 1/16 away from k + 0.5.
      do {
        lane.lod = std::uniform_real_distribution<float>(-1.0f, r.levels + 0.5f)(rng);
      } while (!c.mip_linear && std::fabs(lane.lod - std::floor(lane.lod) - 0.5f) < 1.0f / 16);
      const float lambda = std::clamp(lane.lod, 0.0f, static_cast<float>(r.levels - 1));
      level = static_cast<uint32_t>(c.mip_linear ? std::floor(lambda) : std::floor(lambda + 0.5f));
      level = std::min(level, r.levels - 1);
    }
    MakeDirection(lane.aim, r.Size(level), rng, lane.dir);
    if (view.array) lane.layer = MakeLayer(view.cubes, rng);
  }
  return lanes;
}

using CubeConformance = LavapipeTest;

// ------------------------------------------------------------------------------------------------

TEST_F(CubeConformance, FaceSelectionMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  // 3 cubes of 4x4 faces, 3 levels; face f of cube k is the colour (k * 6 + f + 1) * 10 in red,
  // the level times 50 in green, at every texel.
  CubeResource r(kRgba8, 4, 3, 3);
  for (uint32_t level = 0; level < r.levels; ++level) {
    for (uint32_t layer = 0; layer < 6 * r.cubes; ++layer) {
      for (uint32_t j = 0; j < r.Size(level); ++j) {
        for (uint32_t i = 0; i < r.Size(level); ++i) {
          uint8_t* p = r.At(level, layer, i, j);
          p[0] = static_cast<uint8_t>((layer + 1) * 10), p[1] = static_cast<uint8_t>(level * 50);
          p[2] = 7, p[3] = 255;
        }
      }
    }
  }
  r.Register();
  std::mt19937 rng(20240611u);
  int checked = 0, wrong = 0, ties = 0;
  std::string first;
  for (const View& view : {View{false, 0, 1}, View{false, 2, 1}, View{true, 0, 3}}) {
    std::vector<Lane> lanes(600);
    for (size_t i = 0; i < lanes.size(); ++i) {
      Lane& lane = lanes[i];
      lane.aim = i % 3 == 0 ? Aim::kTie : i % 3 == 1 ? Aim::kRandom : Aim::kEdge;
      MakeDirection(lane.aim, 4, rng, lane.dir);
      lane.lod = static_cast<float>(i % 3);
      if (view.array) lane.layer = MakeLayer(view.cubes, rng);
    }
    // The cardinal directions and the eight corners of the cube, exactly.
    const float cardinal[][3] = {{1, 0, 0},   {-1, 0, 0},   {0, 1, 0},        {0, -1, 0},
                                 {0, 0, 1},   {0, 0, -1},   {1, 1, 1},        {-1, 1, 1},
                                 {1, -1, 1},  {1, 1, -1},   {-1, -1, 1},      {-1, 1, -1},
                                 {1, -1, -1}, {-1, -1, -1}, {0.5f, -0.5f, 0}, {0, 2, -2}};
    for (const auto& d : cardinal) {
      Lane lane;
      std::copy(d, d + 3, lane.dir);
      lane.aim = Aim::kTie;
      lanes.push_back(lane);
    }
    std::vector<Words> operands;
    for (const Lane& lane : lanes) {
      operands.push_back(
          {Bits(lane.dir[0]), Bits(lane.dir[1]), Bits(lane.dir[2]), Bits(lane.layer)});
      operands.push_back({Bits(lane.lod), 0, 0, 0});
    }
    std::vector<Words> theirs;
    std::string error;
    ASSERT_TRUE(runner()->Run(ViewImage(r, view), view.array ? "cube_array_float" : "cube_float",
                              SamplerState(), operands, &theirs, &error, 2))
        << error;
    for (size_t i = 0; i < lanes.size(); ++i) {
      const Lane& lane = lanes[i];
      const Vaddr v = EmulateShader(lane.dir, view.array, lane.layer);
      const double p[3] = {lane.dir[0], lane.dir[1], lane.dir[2]};
      const bool tie = MajorFaces(p).size() > 1;
      ties += tie;
      const uint32_t cube = view.base_cube + (view.array ? CubeOfLayer(lane.layer, view.cubes) : 0);
      const uint32_t layer = 6 * cube + static_cast<uint32_t>(v.cubeid);
      const uint32_t level = std::min(static_cast<uint32_t>(lane.lod), r.levels - 1);
      const Vec4 want = r.Texel(level, layer, 0, 0);
      const Vec4 got = AsVec4(theirs[i]);
      ++checked;
      if (Within(got, want, Vec4{1e-6f, 1e-6f, 1e-6f, 1e-6f}, 4)) continue;
      if (++wrong == 1) {
        char buf[400];
        std::snprintf(buf, sizeof(buf),
                      "%s direction (%.9g, %.9g, %.9g)%s layer %.9g level %u: V_CUBEID %s "
                      "(memory layer %u) %s, lavapipe %s",
                      view.Name().c_str(), lane.dir[0], lane.dir[1], lane.dir[2],
                      tie ? " (tie)" : "", lane.layer, level, kFaceNames[v.cubeid], layer,
                      Vec4Text(want).c_str(), Vec4Text(got).c_str());
        first = buf;
      }
    }
  }
  std::printf(
      "face selection: %d lanes (%d exact ties), %d where lavapipe's face is not V_CUBEID's "
      "(%s)\n",
      checked, ties, wrong, runner()->device_name().c_str());
  EXPECT_EQ(wrong, 0) << "first: " << first;
}

TEST_F(CubeConformance, SampleAndGatherMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const auto start = std::chrono::steady_clock::now();
  constexpr int kLanes = 256;
  struct Shape {
    uint32_t n, levels, cubes;
  };
  const Shape shapes[] = {{5, 3, 2}, {8, 4, 3}};
  Status texunit_status;
  Tally total;
  for (const ColorFormat& f : {kRgba8, kR32f}) {
    ASSERT_TRUE(runner()->CanFilterLinear(f.vk)) << f.name;
    for (const Shape& shape : shapes) {
      CubeResource r(f, shape.n, shape.levels, shape.cubes);
      std::mt19937 rng(static_cast<uint32_t>(f.id) * 7919u + shape.n * 131u + 5u);
      if (f.unorm8) {
        for (auto& b : r.bytes) b = static_cast<uint8_t>(rng());
      } else {
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        for (size_t i = 0; i + 4 <= r.bytes.size(); i += 4) {
          const float v = unit(rng);
          std::memcpy(&r.bytes[i], &v, 4);
        }
      }
      r.Register();
      std::vector<Case> cases;
      for (bool linear : {false, true}) {
        for (bool mip : {false, true}) cases.push_back({Op::kSampleL, linear, mip});
        cases.push_back({Op::kSampleLz, linear, false});
      }
      for (int comp : f.unorm8 ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{0, 3}) {
        cases.push_back({Op::kGather, true, false, comp});
      }
      const View views[] = {{false, 0, 1}, {false, shape.cubes - 1, 1}, {true, 0, shape.cubes}};
      for (const View& view : views) {
        Tally group;
        for (const Case& c : cases) {
          const std::vector<Lane> lanes = MakeLanes(r, view, c, kLanes, rng);
          const Tally t = CaseRunner(r, view, c).Run(runtime(), *runner(), lanes, &texunit_status);
          EXPECT_EQ(t.wrong, 0) << f.name << " " << shape.n << "x" << shape.n << ": "
                                << t.first_wrong;
          EXPECT_EQ(t.model_wrong, 0)
              << f.name << " " << shape.n << "x" << shape.n << ": " << t.first_model_wrong;
          if (!t.first_corner_differ.empty()) {
            std::printf("    first %s\n", t.first_corner_differ.c_str());
          }
          group.Add(t);
        }
        group.Print(std::string(f.name) + " " + std::to_string(shape.n) + "x" +
                    std::to_string(shape.n) + "x" + std::to_string(shape.levels) + " levels, " +
                    view.Name());
        total.Add(group);
      }
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  total.Print("= sample and gather");
  std::printf("sample and gather: %.2f s (%s)\n", secs, runner()->device_name().c_str());
  EXPECT_TRUE(texunit_status.ok()) << "texunit: " << texunit_status.ToString();
  EXPECT_GT(total.judged, 10000);
}

TEST_F(CubeConformance, DepthCompareMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const auto start = std::chrono::steady_clock::now();
  constexpr int kLanes = 128;
  ASSERT_TRUE(runner()->CanSample(kD32.vk));
  CubeResource r(kD32, 5, 3, 2);
  std::mt19937 rng(4099u);
  constexpr float kPalette[] = {0.0f, 1.0f, 0.25f, 0.5f, 1.0f / 3, 0.7f};
  for (size_t i = 0; i + 4 <= r.bytes.size(); i += 4) {
    const float d =
        rng() % 2 ? kPalette[rng() % 6] : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    std::memcpy(&r.bytes[i], &d, 4);
  }
  r.Register();
  const auto reference = [&] {
    const uint32_t pick = rng() % 10;
    if (pick < 4) return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    if (pick < 8) return kPalette[rng() % 6];
    return rng() % 2 ? -0.25f : 1.25f;
  };
  Status texunit_status;
  Tally total;
  const View views[] = {{false, 0, 1}, {false, 1, 1}, {true, 0, 2}};
  for (const View& view : views) {
    Tally group;
    for (int op = 0; op < 8; ++op) {
      std::vector<Case> cases = {{Op::kGatherC, true, false, 0, op}};
      if (!view.array) {
        cases.push_back({Op::kSampleCLz, false, false, 0, op});
        cases.push_back({Op::kSampleCLz, true, false, 0, op});
      }
      for (const Case& c : cases) {
        std::vector<Lane> lanes = MakeLanes(r, view, c, kLanes, rng);
        for (Lane& lane : lanes) lane.ref = reference();
        const Tally t = CaseRunner(r, view, c).Run(runtime(), *runner(), lanes, &texunit_status);
        EXPECT_EQ(t.wrong, 0) << t.first_wrong;
        EXPECT_EQ(t.model_wrong, 0) << t.first_model_wrong;
        if (!t.first_corner_differ.empty()) {
          std::printf("    first %s\n", t.first_corner_differ.c_str());
        }
        group.Add(t);
      }
    }
    group.Print("D32 compares, " + view.Name());
    total.Add(group);
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  total.Print("= depth compare");
  std::printf("depth compare: %.2f s (%s)\n", secs, runner()->device_name().c_str());
  EXPECT_TRUE(texunit_status.ok()) << "texunit: " << texunit_status.ToString();
  EXPECT_GT(total.judged, 4000);
}

}  // namespace
}  // namespace texunit::conformance
