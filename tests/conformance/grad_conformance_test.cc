// textureGrad on lavapipe against IMAGE_SAMPLE_D and IMAGE_SAMPLE_CD through gcn::Execute (GFX8
// words from llvm-mc 14 -mcpu=tonga, register files): 2D images of 19x13 with 5 levels, RGBA8
// UNORM and R32_SFLOAT, every mag/min filter pair x mip mode (nearest, linear) x address mode
// (REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE), anisotropy off; random coordinates and derivatives
// whose lambda spans magnification to past the last level (footprints up to 20:1, a few zero
// derivatives). The same lanes run with PrecisionMode::kHardware (8-bit weights and LOD fraction).
// The same judge on a 3D image 13x11x9 of 4 levels (three derivative pairs, VADDR ds/dx, dt/dx,
// dr/dx, ds/dy, dt/dy, dr/dy, s, t, r; depth scales dr in the LOD; S# Z_FILTER LINEAR / POINT as
// the Vulkan filter, NONE (the lane's XY filter) when mag != min; CLAMP_Z = the other axes' mode;
// NEAREST edges on r opened too) and a 2D_ARRAY 17x11 of 6 layers viewed as 1..4 (DA, the layer
// after s, t; a quarter of the layers on ties k + 0.5, which both round to even), SAMPLE_D and
// SAMPLE_CD each (shaders/grad_3d.comp, grad_2d_array.comp).
//
// The LOD: texunit takes lambda = 0.5 * log2(max(rx, ry)) (docs/sampling.md, "LOD"); lavapipe's
// fast log2 puts its lambda up to 0.0431 below that (lavapipe.md item 13: 0.5 * (e + m - 1) for
// rho^2 = m * 2^e, at most 0.5 * (log2(1/ln 2) - 1/ln 2 + 1) = 0.04304 low, exact at powers of
// two). So the judge is bounded by texunit's own IMAGE_SAMPLE_L (kFloat) at the lambdas lavapipe
// may use: lambda_hi = lambda (+ 1e-5 for binary32 rounding of the derivatives' products) and
// lambda_lo = lambda - 0.0431, and at every integer between them (a mip-LINEAR result is linear
// in lambda between integers, so its extremes over [lo, hi] are at those points). Per lane:
//  - open (not judged; counted): mip NEAREST with a level boundary lambda = k + 0.5 within
//    [lo - 1/16, hi + 1/16] (mipmapPrecisionBits 4; either level is Vulkan's); mag != min with
//    lambda = 0 within that window (the filter switch); a NEAREST filter within 2^-8 texel of a
//    texel edge on a level it may read (lavapipe items 10-12);
//  - lavapipe's channel must lie within [min, max] of those SAMPLE_L results, widened by the
//    Vulkan allowance of SampleTolerance (lavapipe_test.h): 2^-20, + 2^-8 per linear axis,
//    + 2^-4 of the largest step between neighbouring levels' results in the span read (4-bit
//    mip fraction), + 1/255 for filtered RGBA8 (lavapipe's 8.8 fixed-point path);
//  - texunit's SAMPLE_D/CD channel must equal its SAMPLE_L at lambda within 2^-20 + 2^-12 of that
//    level step (its binary32 LOD against the double lambda here; the kernels' log2 is within
//    2e-6); with kHardware, within a further 2^-8 per linear axis and 2^-8 of the level step
//    (weights and lambda floored to 8 fractional bits).
// SAMPLE_CD takes the derivatives of the quad's top-left lane for all four lanes: texunit's lanes
// 1-3 of each quad carry other derivatives (which it must ignore) and lavapipe's all carry the
// top-left's. For SAMPLE_D, lavapipe runs each lane as a quad of four identical invocations
// (its LOD is then the lane's whether lavapipe computes it per lane or per quad; item 1).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

using Encoding = std::array<uint32_t, 2>;

constexpr uint64_t kBase = 0x100000;
constexpr int kLanesPerCase = 256;
// lavapipe's textureGrad lambda lies in [lambda - kFastLog2Low, lambda].
constexpr double kFastLog2Low = 0.0431;
// llvm-mc -mcpu=tonga (GFX8 does not encode the VADDR size: the T# type sets how many VGPRs from
// v4 are read; llvm-mc 14 takes no 9-register tuple, so 3D is written v[4:19], the same word):
// image_sample_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf      (2D; 3D as v[4:19])
constexpr Encoding kSampleD = {0xf0880f00, 0x00820004};
// image_sample_cd v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf     (2D; 3D as v[4:19])
constexpr Encoding kSampleCd = {0xf1a00f00, 0x00820004};
// image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf      (2D; 3D as v[4:7])
constexpr Encoding kSampleL = {0xf0900f00, 0x00820004};
// image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf da  (2D array)
constexpr Encoding kSampleDDa = {0xf0884f00, 0x00820004};
// image_sample_cd v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf da (2D array)
constexpr Encoding kSampleCdDa = {0xf1a04f00, 0x00820004};
// image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf da   (2D array)
constexpr Encoding kSampleLDa = {0xf0904f00, 0x00820004};

// One image type: its T# shape, its view, its shader and its words. 3D takes three derivative
// pairs (VADDR ds/dx, dt/dx, dr/dx, ds/dy, dt/dy, dr/dy, s, t, r) and filters in depth; a 2D
// array takes the 2D ones and a layer after s, t (VADDR ds/dx, dt/dx, ds/dy, dt/dy, s, t, layer),
// which is no part of the LOD.
struct GradKind {
  const char* name;
  ImageType type;
  VkImageViewType view;
  uint32_t w, h, depth, levels;     // depth: 3D depth or array layers
  uint32_t base_array, last_array;  // the view's layers (arrays)
  int axes;                         // 2, or 3 for 3D
  bool layered;
  const char* shader;
  uint32_t uvec4s_per_lane;
  Encoding sample_d, sample_cd, sample_l;
};
constexpr GradKind kKinds[] = {
    {"2D 19x13", ImageType::k2D, VK_IMAGE_VIEW_TYPE_2D, 19, 13, 1, 5, 0, 0, 2, false, "grad_float",
     2, kSampleD, kSampleCd, kSampleL},
    {"3D 13x11x9", ImageType::k3D, VK_IMAGE_VIEW_TYPE_3D, 13, 11, 9, 4, 0, 0, 3, false, "grad_3d",
     3, kSampleD, kSampleCd, kSampleL},
    {"2D_ARRAY 17x11 [1..4 of 6]", ImageType::k2DArray, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 17, 11, 6, 5,
     1, 4, 2, true, "grad_2d_array", 2, kSampleDDa, kSampleCdDa, kSampleLDa},
};
constexpr const GradKind& k2D = kKinds[0];
constexpr const GradKind& k3D = kKinds[1];
constexpr const GradKind& k2DArray = kKinds[2];

// One lane's operands: s, t, and r (3D) or the layer (arrays); d/dx and d/dy of s, t (and r).
struct GradLane {
  std::array<float, 3> p = {};
  std::array<float, 3> dx = {}, dy = {};
};

struct GradFormat {
  FormatId id;
  VkFormat vk;
  bool unorm8;
};
constexpr GradFormat kGradFormats[] = {
    {FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, true},
    {FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, false},
};

struct Case {
  bool mag_linear, min_linear, mip_linear;
  Mode mode;
};

std::string CaseName(const Case& c) {
  return std::string("mag ") + (c.mag_linear ? "linear" : "nearest") + ", min " +
         (c.min_linear ? "linear" : "nearest") + ", mip " + (c.mip_linear ? "linear" : "nearest") +
         ", " + c.mode.name;
}

// The size of axis `a` (0..2) of the kind's level 0.
double AxisSize(const GradKind& k, int a) { return a == 0 ? k.w : a == 1 ? k.h : k.depth; }

// IMAGE_SAMPLE_L (kFloat) at each lane's coordinates (and layer) with LOD `lods[i]`.
std::vector<LaneWords> SampleL(const Runtime& runtime, const GradKind& k, const ImageDesc& image,
                               const SamplerDesc& sampler, const Memory& memory,
                               const std::vector<GradLane>& lanes, const std::vector<float>& lods) {
  const int n = k.axes == 3 || k.layered ? 3 : 2;
  std::vector<LaneWords> vaddr(lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) {
    for (int a = 0; a < n; ++a) vaddr[i][a] = FloatBits(lanes[i].p[a]);
    vaddr[i][n] = FloatBits(lods[i]);
  }
  return RunMimg(runtime, k.sample_l, image, sampler, memory, vaddr);
}

// lambda of a lane's derivatives on the base level (double; -inf for zero derivatives).
double Lambda(const GradKind& k, const GradLane& l) {
  double rx = 0, ry = 0;
  for (int a = 0; a < k.axes; ++a) {
    const double x = double(l.dx[a]) * AxisSize(k, a), y = double(l.dy[a]) * AxisSize(k, a);
    rx += x * x;
    ry += y * y;
  }
  return 0.5 * std::log2(std::max(rx, ry));
}

// A random unit vector in 3D.
std::array<double, 3> UnitVector(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  for (;;) {
    const std::array<double, 3> v = {n(rng), n(rng), n(rng)};
    const double len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (len > 1e-3) return {v[0] / len, v[1] / len, v[2] / len};
  }
}

// Random lanes: coordinates in [-1.25, 2.25] (layers as Layer() draws them), lambda in
// [-1.5, q + 1.5] (a tenth at integers), an axis ratio up to 20 (the footprint's major and minor
// axes: perpendicular in 2D, two random directions in 3D), an eighth axis-aligned, the long axis
// either derivative, a few zero derivatives.
std::vector<GradLane> MakeLanes(const GradKind& k, std::mt19937& rng, int n) {
  std::uniform_real_distribution<float> coord(-1.25f, 2.25f), unit(0.0f, 1.0f);
  const int q = static_cast<int>(k.levels) - 1;
  std::vector<GradLane> lanes(n);
  for (GradLane& l : lanes) {
    l.p[0] = coord(rng);
    l.p[1] = coord(rng);
    if (k.axes == 3) l.p[2] = coord(rng);
    if (k.layered) l.p[2] = Layer(rng, k.last_array - k.base_array + 1);
    if (rng() % 32 == 0) continue;  // zero derivatives
    const double lambda =
        rng() % 10 == 0 ? static_cast<double>(rng() % (q + 3)) - 1 : -1.5 + (q + 3.0) * unit(rng);
    const double len = std::exp2(lambda), ratio = 0.05 + 0.95 * unit(rng);
    std::array<double, 3> major{}, minor{};
    if (k.axes == 2) {
      const double a = 6.283185307179586 * unit(rng);
      const double b = a + 1.5707963267948966 + 0.6 * (unit(rng) - 0.5);
      major = {len * std::cos(a), len * std::sin(a), 0};
      minor = {len * ratio * std::cos(b), len * ratio * std::sin(b), 0};
      if (rng() % 8 == 0) major = {len, 0, 0}, minor = {0, len * ratio, 0};
    } else {
      const std::array<double, 3> a = UnitVector(rng), b = UnitVector(rng);
      for (int i = 0; i < 3; ++i) major[i] = len * a[i], minor[i] = len * ratio * b[i];
      if (rng() % 8 == 0) {
        const uint32_t i = rng() % 3, j = (i + 1 + rng() % 2) % 3;
        major = {}, minor = {};
        major[i] = len;
        minor[j] = len * ratio;
      }
    }
    if (rng() % 2) std::swap(major, minor);
    for (int a = 0; a < k.axes; ++a) {
      l.dx[a] = static_cast<float>(major[a] / AxisSize(k, a));
      l.dy[a] = static_cast<float>(minor[a] / AxisSize(k, a));
    }
  }
  return lanes;
}

// Within 2^-8 texel of a texel edge at level `level` on any filtered axis (s, t, and r for 3D).
bool NearEdge(const GradKind& k, const GradLane& l, uint32_t level) {
  for (int a = 0; a < k.axes; ++a) {
    const double size = std::max(1u, static_cast<uint32_t>(AxisSize(k, a)) >> level);
    if (NearInteger(double(l.p[a]) * size, 1.0 / 256)) return true;
  }
  return false;
}

// The derivatives and coordinates as VADDR: d/dx of each axis, d/dy of each axis, s, t, and r or
// the layer.
std::array<uint32_t, 12> GradVaddr(const GradKind& k, const GradLane& l) {
  std::array<uint32_t, 12> v{};
  size_t n = 0;
  for (int a = 0; a < k.axes; ++a) v[n++] = FloatBits(l.dx[a]);
  for (int a = 0; a < k.axes; ++a) v[n++] = FloatBits(l.dy[a]);
  for (int a = 0; a < (k.axes == 3 || k.layered ? 3 : 2); ++a) v[n++] = FloatBits(l.p[a]);
  return v;
}

// The shader's operands of one lane (grad_float.comp, grad_3d.comp, grad_2d_array.comp): s, t,
// r or the layer (3D, arrays), d/dx of each axis, d/dy of each axis, padded to whole uvec4s.
void AppendOperands(const GradKind& k, const GradLane& l, const GradLane& d,
                    std::vector<std::array<uint32_t, 4>>* out) {
  std::vector<uint32_t> w;
  for (int a = 0; a < (k.axes == 3 || k.layered ? 3 : 2); ++a) w.push_back(FloatBits(l.p[a]));
  for (int a = 0; a < k.axes; ++a) w.push_back(FloatBits(d.dx[a]));
  for (int a = 0; a < k.axes; ++a) w.push_back(FloatBits(d.dy[a]));
  w.resize(4 * k.uvec4s_per_lane, 0);
  for (size_t i = 0; i < w.size(); i += 4) out->push_back({w[i], w[i + 1], w[i + 2], w[i + 3]});
}

using GradConformance = LavapipeTest;

// Runs every case of kind `k` with texunit's SAMPLE_D or SAMPLE_CD in `precision`; returns the
// lanes judged.
LaneTally RunGradCases(VkRunner* runner, const Runtime& runtime, const GradKind& k, bool coarse,
                       PrecisionMode precision) {
  const bool hw = precision == PrecisionMode::kHardware;
  std::vector<Case> cases;
  for (int f = 0; f < 4; ++f) {
    for (bool mip : {false, true}) {
      for (const Mode& m : {kWrap, kMirror, kClamp}) {
        cases.push_back({(f & 1) != 0, (f & 2) != 0, mip, m});
      }
    }
  }
  const float q = static_cast<float>(k.levels - 1);
  const uint32_t kind_seed = k.type == ImageType::k2D ? 0u : static_cast<uint32_t>(k.type) * 1009u;
  LaneTally total;
  for (const GradFormat& fmt : kGradFormats) {
    if (!runner->CanFilterLinear(fmt.vk)) {
      std::printf("  %s: lavapipe cannot filter it linearly, skipped\n", FormatName(fmt.id));
      continue;
    }
    ImageDesc desc = MakeImage2D(fmt.id, k.w, k.h, k.levels, kBase);
    desc.type = k.type;
    desc.depth = k.depth;
    desc.base_array = k.base_array;
    desc.last_array = k.last_array;
    HostImage img(desc);
    std::mt19937 rng(static_cast<uint32_t>(fmt.id) * 17u + (coarse ? 3u : 1u) + kind_seed);
    img.FillAndRegister(fmt.unorm8, rng);
    const Image2D vk_image = img.Vulkan(fmt.vk, k.view);
    for (const Case& c : cases) {
      const std::vector<GradLane> lanes = MakeLanes(k, rng, kLanesPerCase);
      // The derivatives each lane's LOD comes from: its own (D) or its quad's top-left's (CD).
      std::vector<GradLane> lod_of = lanes;
      if (coarse) {
        for (size_t i = 0; i < lanes.size(); ++i) {
          lod_of[i].dx = lanes[i & ~size_t{3}].dx;
          lod_of[i].dy = lanes[i & ~size_t{3}].dy;
        }
      }
      SamplerDesc sampler;
      sampler.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
      sampler.clamp_x = sampler.clamp_y = sampler.clamp_z = c.mode.texunit;
      sampler.xy_mag_filter = c.mag_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      sampler.xy_min_filter = c.min_linear ? XyFilter::kBilinear : XyFilter::kPoint;
      // 3D: Vulkan filters depth with the mag or min filter the lane uses; Z_FILTER LINEAR or
      // POINT where they agree, NONE (the lane's XY filter) where they differ.
      sampler.z_filter = c.mag_linear != c.min_linear ? ZFilter::kNone
                         : c.min_linear               ? ZFilter::kLinear
                                                      : ZFilter::kPoint;
      sampler.mip_filter = c.mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
      sampler.max_lod = 15 * 256;

      // texunit: SAMPLE_D / CD.
      std::vector<std::array<uint32_t, 12>> vaddr(lanes.size());
      for (size_t i = 0; i < lanes.size(); ++i) vaddr[i] = GradVaddr(k, lanes[i]);
      const auto ours = RunMimgLanes<12>(
          runtime, coarse ? k.sample_cd : k.sample_d, img.desc, sampler, img.memory,
          std::span<const std::array<uint32_t, 12>>(vaddr), {}, Gfx::kGfx8, precision);
      // SAMPLE_L at lambda, lambda_lo, the integer between (if any), and the levels around.
      std::vector<double> lambda(lanes.size());
      std::vector<float> at_hi(lanes.size()), at_lo(lanes.size()), at_mid(lanes.size());
      std::vector<float> lv0(lanes.size()), lv1(lanes.size()), lv2(lanes.size());
      for (size_t i = 0; i < lanes.size(); ++i) {
        lambda[i] = Lambda(k, lod_of[i]);
        const double hi = std::clamp(lambda[i] + 1e-5, -2.0, double(q) + 1);
        const double lo = std::clamp(lambda[i] - kFastLog2Low, -2.0, double(q) + 1);
        at_hi[i] = static_cast<float>(hi);
        at_lo[i] = static_cast<float>(lo);
        at_mid[i] = std::floor(hi) > lo ? static_cast<float>(std::floor(hi)) : at_hi[i];
        const float base = std::clamp(std::floor(static_cast<float>(lo)), 0.0f, q);
        // Level 0 as minification reads it (lod 0 would take the mag filter): 2^-20 of level 1
        // blended in, below every tolerance.
        lv0[i] = std::max(base, 1.0f / (1 << 20));
        lv1[i] = std::min(base + 1, q);
        lv2[i] = std::min(base + 2, q);
      }
      const auto sample_l = [&](const std::vector<float>& lods) {
        return SampleL(runtime, k, img.desc, sampler, img.memory, lanes, lods);
      };
      const auto l_hi = sample_l(at_hi), l_lo = sample_l(at_lo), l_mid = sample_l(at_mid);
      const auto l_0 = sample_l(lv0), l_1 = sample_l(lv1), l_2 = sample_l(lv2);

      // lavapipe: textureGrad; SAMPLE_D lanes as quads of four identical invocations.
      const int copies = coarse ? 1 : 4;
      std::vector<std::array<uint32_t, 4>> operands;
      for (size_t i = 0; i < lanes.size(); ++i) {
        for (int n = 0; n < copies; ++n) AppendOperands(k, lanes[i], lod_of[i], &operands);
      }
      SamplerState state;
      state.mag = c.mag_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.min = c.min_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
      state.mip = c.mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
      state.address_u = state.address_v = state.address_w = c.mode.vulkan;
      std::vector<std::array<uint32_t, 4>> theirs;
      std::string error;
      if (!runner->Run(vk_image, k.shader, state, operands, &theirs, &error, k.uvec4s_per_lane)) {
        ADD_FAILURE() << error;
        return total;
      }

      LaneTally t;
      float worst_direct = 0;
      for (size_t i = 0; i < lanes.size(); ++i) {
        const double hi = at_hi[i], lo = lambda[i] - kFastLog2Low;
        const double win_lo = lo - 1.0 / 16, win_hi = hi + 1.0 / 16;
        bool open = c.mag_linear != c.min_linear && win_lo <= 0.0 && win_hi > 0.0;
        if (!c.mip_linear) {
          for (int m = 0; m < static_cast<int>(q); ++m) {
            open = open || (win_lo <= m + 0.5 && m + 0.5 <= win_hi);
          }
        }
        // Outside the open switch window both sides use one filter.
        const bool magnify = hi <= 0.0;
        const bool linear = magnify ? c.mag_linear : c.min_linear;
        if (!linear) {
          for (uint32_t lv = static_cast<uint32_t>(lv0[i]); lv <= static_cast<uint32_t>(lv2[i]);
               ++lv) {
            open = open || NearEdge(k, lanes[i], lv);
          }
        }
        if (open) {
          ++t.open;
          continue;
        }
        const LaneWords& theirs_i = theirs[static_cast<size_t>(copies) * i];
        ++t.judged;
        const GradLane& l = lanes[i];
        const GradLane& d = lod_of[i];
        char where[256];
        std::snprintf(where, sizeof(where),
                      "lane %zu (s, t, %s) (%.9g, %.9g, %.9g) d/dx (%.9g, %.9g, %.9g) d/dy "
                      "(%.9g, %.9g, %.9g) lambda %.6f",
                      i, k.layered ? "layer" : "r", l.p[0], l.p[1], l.p[2], d.dx[0], d.dx[1],
                      d.dx[2], d.dy[0], d.dy[1], d.dy[2], lambda[i]);
        for (int ch = 0; ch < 4; ++ch) {
          const float h = BitsFloat(l_hi[i][ch]), lw = BitsFloat(l_lo[i][ch]);
          const float m = BitsFloat(l_mid[i][ch]);
          float span = 0;
          if (c.mip_linear && hi > 0.0 && lo < q) {
            span = std::max(std::fabs(BitsFloat(l_1[i][ch]) - BitsFloat(l_0[i][ch])),
                            std::fabs(BitsFloat(l_2[i][ch]) - BitsFloat(l_1[i][ch])));
          }
          const int linear_axes = linear ? k.axes : 0;
          const float tol = SampleTolerance(linear_axes, span, fmt.unorm8);
          const float lav = BitsFloat(theirs_i[ch]), our = BitsFloat(ours[i][ch]);
          const float env_lo = std::min({h, lw, m}) - tol, env_hi = std::max({h, lw, m}) + tol;
          float self_tol = 1.0f / (1 << 20) + span / 4096;
          if (hw) self_tol += static_cast<float>(linear_axes) / 256 + span / 256;
          char buf[320];
          if (!(lav >= env_lo && lav <= env_hi)) {
            std::snprintf(buf, sizeof(buf),
                          " channel %d: lavapipe %.9g outside [%.9g, %.9g] (texunit SAMPLE_L at "
                          "lambda %.9g, at lambda - 0.0431 %.9g, between %.9g; tolerance %.3g); "
                          "texunit SAMPLE_%s %.9g",
                          ch, lav, env_lo, env_hi, h, lw, m, tol, coarse ? "CD" : "D", our);
            t.Wrong(where + std::string(buf));
            break;
          }
          if (!(std::fabs(our - h) <= self_tol)) {
            std::snprintf(buf, sizeof(buf),
                          " channel %d: texunit SAMPLE_%s %.9g, its SAMPLE_L at lambda %.9g "
                          "(tolerance %.3g); lavapipe %.9g",
                          ch, coarse ? "CD" : "D", our, h, self_tol, lav);
            t.Wrong(where + std::string(buf));
            break;
          }
          t.worst = std::max(t.worst, std::fabs(our - lav));
          worst_direct = std::max(worst_direct, std::fabs(our - lav));
        }
      }
      std::printf(
          "  %-6s %-9s %-13s %-42s %3d judged (largest |texunit - lavapipe| %.3g), %3d open, "
          "%d wrong\n",
          coarse ? "CD" : "D",
          k.axes == 3 ? "3D"
          : k.layered ? "2D_ARRAY"
                      : "2D",
          FormatName(fmt.id), CaseName(c).c_str(), t.judged, worst_direct, t.open, t.wrong);
      EXPECT_EQ(t.wrong, 0) << (coarse ? "SAMPLE_CD " : "SAMPLE_D ") << k.name << " "
                            << FormatName(fmt.id) << ", " << CaseName(c)
                            << (hw ? " (kHardware)" : "") << ": " << t.first_wrong;
      total.Add(t);
    }
  }
  return total;
}

// Runs kind `k` and reports its totals under `what`; expects more than `min_judged` lanes judged.
void RunAndReport(VkRunner* runner, const Runtime& runtime, const GradKind& k, bool coarse,
                  PrecisionMode precision, const char* what, int min_judged) {
  const LaneTally t = RunGradCases(runner, runtime, k, coarse, precision);
  std::printf("%s on %s: %d lanes judged, %d open (%s)\n", what, k.name, t.judged, t.open,
              runner->device_name().c_str());
  EXPECT_GT(t.judged, min_judged);
}

TEST_F(GradConformance, SampleDMatchesTextureGrad) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k2D, false, PrecisionMode::kFloat, "SAMPLE_D", 6000);
}

TEST_F(GradConformance, SampleCdMatchesTextureGradWithQuadDerivatives) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k2D, true, PrecisionMode::kFloat, "SAMPLE_CD", 6000);
}

// PrecisionMode::kHardware: the same SAMPLE_D lanes, texunit's weights and LOD floored to 8
// fractional bits (Vulkan's subTexelPrecisionBits 8 and a finer mipmapPrecisionBits than the 4
// lavapipe reports), judged as above with texunit's own quantisation allowed.
TEST_F(GradConformance, SampleDInHardwarePrecisionWithinVulkanPrecision) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k2D, false, PrecisionMode::kHardware, "SAMPLE_D kHardware",
               6000);
}

// 3D: three derivative pairs, depth in the LOD, Z filtered as Vulkan filters depth.
TEST_F(GradConformance, SampleD3dMatchesTextureGrad) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k3D, false, PrecisionMode::kFloat, "SAMPLE_D", 5000);
}

TEST_F(GradConformance, SampleCd3dMatchesTextureGradWithQuadDerivatives) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k3D, true, PrecisionMode::kFloat, "SAMPLE_CD", 5000);
}

// 2D arrays (DA): the layer after s, t, rounded and clamped to the view, no part of the LOD.
TEST_F(GradConformance, SampleD2dArrayMatchesTextureGrad) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k2DArray, false, PrecisionMode::kFloat, "SAMPLE_D DA", 5000);
}

TEST_F(GradConformance, SampleCd2dArrayMatchesTextureGradWithQuadDerivatives) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  RunAndReport(runner(), runtime(), k2DArray, true, PrecisionMode::kFloat, "SAMPLE_CD DA", 5000);
}

}  // namespace
}  // namespace texunit::conformance
