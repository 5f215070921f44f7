// Sampler ops on 3D, 2D_ARRAY, 1D and 1D_ARRAY images against lavapipe (docs/sampling.md,
// "Sampler ops", the 1D / arrays / 3D rules): real GFX8 MIMG words through gcn::Execute against
// glslc-compiled compute shaders (shaders/lod_3d.comp, lod_2d_array.comp, lod_1d.comp,
// lod_1d_array.comp, gather_2d_array.comp).
//
// Images (non-power-of-two, full mip chains, RGBA8 UNORM random bytes and RGBA32F random values
// in [0, 1]):
//  - 3D 7x5x9, 4 levels (depth 9, 4, 2, 1): textureLod(sampler3D) against IMAGE_SAMPLE_L
//    (s, t, r, lod), S# Z_FILTER LINEAR / POINT matching the Vulkan filter, CLAMP_Z = the mode of
//    the other axes;
//  - 2D_ARRAY 11x7 of 6 layers, 4 levels, viewed as layers 1..4 (T# BASE_ARRAY 1, LAST_ARRAY 4;
//    a Vulkan view of baseArrayLayer 1, 4 layers): textureLod(sampler2DArray) against
//    IMAGE_SAMPLE_L DA (s, t, layer, lod), and textureGather against IMAGE_GATHER4_LZ DA
//    (DMASK = 1 << component);
//  - 1D 37, 6 levels: textureLod(sampler1D) against IMAGE_SAMPLE_L (s, lod);
//  - 1D_ARRAY 23 of 5 layers, 5 levels, viewed as layers 1..3: textureLod(sampler1DArray) against
//    IMAGE_SAMPLE_L DA (s, layer, lod).
// One lane in four is IMAGE_SAMPLE_LZ (the same VADDR without the LOD) against textureLod(..., 0).
// Cases: NEAREST and LINEAR (mag = min), mip NEAREST and LINEAR, REPEAT, MIRRORED_REPEAT and
// CLAMP_TO_EDGE on every axis; coordinates in [-1.5, 2.5], LODs in [-1, levels + 0.5] (the last
// level and beyond), layers in [-2, N + 2] (beyond the view: clamped), a quarter of them exactly
// on a tie k + 0.5 and an eighth integral.
//
// Judging (Vulkan's precision with lavapipe's limits, subTexelPrecisionBits 8, mipmapPrecisionBits
// 4; ../shared/reference/lavapipe.md), per lane:
//  - open (counted, not judged): a NEAREST lookup within 2^-8 texel of a texel edge on any axis
//    (r included) of a level read, a gather within 2^-8 of a texel centre (the footprint is
//    Vulkan's to choose at 8 subtexel bits; lavapipe also lands one texel off at mirrored edges,
//    items 10, 11, 15), mip NEAREST within 1/16 of lambda = k + 0.5 (item 9);
//  - layer ties (layer exactly k + 0.5): Vulkan's layer is clamp(RNE(layer), 0, N - 1) and texunit
//    rounds half to even as docs/sampling.md says. A tie lane that matches texunit is judged;
//    one that instead matches texunit at the other rounding of the layer is counted open
//    ("tie rounded otherwise"); anything else is wrong;
//  - tolerances (SampleTolerance in lavapipe_test.h): 2^-20 for a texel's own value (RGBA8
//    reciprocal decode, item 3), + 2^-8 per filtered axis (3 for 3D LINEAR, 2 for 2D arrays, 1
//    for 1D), + 2^-4 of the difference between the two levels' texunit results for a mip blend,
//    + 1/255 for RGBA8 filtered or blended (lavapipe's 8.8 fixed-point path, item 12); gathers
//    return texels: bit-exact on RGBA32F, 2^-20 on RGBA8.
//
// What lavapipe does here (Mesa 22.3.6, LLVM 15), measured by this test: it rounds layer ties to
// even and clamps layers to the view as texunit does (no tie lane matches only the other
// rounding), and filters 3D LINEAR in depth as texunit's Z_FILTER LINEAR does.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

using Encoding = std::array<uint32_t, 2>;

constexpr uint64_t kBase = 0x100000;
constexpr int kLanes = 256;
constexpr double kEdge = 1.0 / 256;  // 2^-8 texel

// llvm-mc-14 -arch=amdgcn -mcpu=tonga -show-encoding (GFX8 VADDR sizes are not encoded: the T#'s
// type decides how many VGPRs from v4 are read):
// image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf            (3D: s, t, r, lod)
constexpr Encoding kSampleL = {0xf0900f00, 0x00820004};
// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf           (3D: s, t, r)
constexpr Encoding kSampleLz = {0xf09c0f00, 0x00820004};
// image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf da         (s, t, layer, lod)
constexpr Encoding kSampleLDa = {0xf0904f00, 0x00820004};
// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf da        (s, t, layer)
constexpr Encoding kSampleLzDa = {0xf09c4f00, 0x00820004};
// image_gather4_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1 da       (s, t, layer)
constexpr Encoding kGather4LzDa = {0xf11c4100, 0x00820004};

Encoding WithDmask(Encoding e, uint32_t dmask) { return {(e[0] & ~0xf00u) | (dmask << 8), e[1]}; }

// One image type: its T# shape, its view, and where VADDR (= the shader's operand) holds what.
struct Kind {
  const char* name;
  ImageType type;
  VkImageViewType view;
  uint32_t width, height, depth;  // depth: 3D depth or array layers
  uint32_t levels;
  uint32_t base_array, last_array;  // the view's layers (arrays)
  int axes;                         // coordinate axes: 1, 2 or 3
  int layer_index;                  // VADDR word of the layer, -1 without one
  int lod_index;                    // VADDR word of the LOD
  const char* shader;
  Encoding sample_l, sample_lz;
};

const Kind kKinds[] = {
    {"3D 7x5x9", ImageType::k3D, VK_IMAGE_VIEW_TYPE_3D, 7, 5, 9, 4, 0, 0, 3, -1, 3, "lod_3d",
     kSampleL, kSampleLz},
    {"2D_ARRAY 11x7 [1..4 of 6]", ImageType::k2DArray, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 11, 7, 6, 4, 1,
     4, 2, 2, 3, "lod_2d_array", kSampleLDa, kSampleLzDa},
    {"1D 37", ImageType::k1D, VK_IMAGE_VIEW_TYPE_1D, 37, 1, 1, 6, 0, 0, 1, -1, 1, "lod_1d",
     kSampleL, kSampleLz},
    {"1D_ARRAY 23 [1..3 of 5]", ImageType::k1DArray, VK_IMAGE_VIEW_TYPE_1D_ARRAY, 23, 1, 5, 5, 1, 3,
     1, 1, 2, "lod_1d_array", kSampleLDa, kSampleLzDa},
};

ImageDesc KindDesc(const Kind& k, FormatId id) {
  ImageDesc d = MakeImage2D(id, k.width, k.height, k.levels, kBase);
  d.type = k.type;
  d.depth = k.depth;
  d.base_array = k.base_array;
  d.last_array = k.last_array;
  return d;
}

// The other rounding of a tie: texunit (and Vulkan's RNE) picks the even neighbour.
float OtherRounding(float layer) {
  const float even = std::nearbyint(layer);
  return even == std::floor(layer) ? even + 1 : even - 1;
}

// The size of axis `a` of `kind` at `level`.
uint32_t AxisSize(const Kind& k, int a, uint32_t level) {
  const uint32_t n = a == 0 ? k.width : a == 1 ? k.height : k.depth;
  return std::max(1u, n >> level);
}

// Whether any coordinate of lane `op` is within 2^-8 texel of a texel edge (shift 0) or centre
// (shift 0.5) at `level`.
bool NearGrid(const Kind& k, const LaneWords& op, uint32_t level, double shift) {
  for (int a = 0; a < k.axes; ++a) {
    const double x = double(BitsFloat(op[a])) * AxisSize(k, a, level) - shift;
    if (NearInteger(x, kEdge)) return true;
  }
  return false;
}

using ImageTypeConformance = LavapipeTest;

// texunit's results for `ops` (SAMPLE_LZ on lanes i % 4 == 0, SAMPLE_L on the rest), and, for
// mip LINEAR, at the two levels a lane blends.
struct Ours {
  std::vector<LaneWords> value, lo, hi;
};
Ours RunOurs(const Runtime& runtime, const Kind& k, const HostImage& img, const SamplerDesc& s,
             const std::vector<LaneWords>& ops, bool mip_linear) {
  Ours o;
  o.value = RunMimg(runtime, k.sample_l, img.desc, s, img.memory, ops);
  const auto lz = RunMimg(runtime, k.sample_lz, img.desc, s, img.memory, ops);
  for (size_t i = 0; i < ops.size(); i += 4) o.value[i] = lz[i];
  if (mip_linear) {
    std::vector<LaneWords> lo = ops, hi = ops;
    for (size_t i = 0; i < ops.size(); ++i) {
      const LevelChoice c = ChooseLevels(BitsFloat(ops[i][k.lod_index]), k.levels, true);
      lo[i][k.lod_index] = FloatBits(static_cast<float>(c.d0));
      hi[i][k.lod_index] = FloatBits(static_cast<float>(c.d1));
    }
    o.lo = RunMimg(runtime, k.sample_l, img.desc, s, img.memory, lo);
    o.hi = RunMimg(runtime, k.sample_l, img.desc, s, img.memory, hi);
  }
  return o;
}

struct TieCount {
  int ties = 0, other = 0;
};

LaneTally RunLodCase(const Runtime& runtime, VkRunner& runner, const Kind& k,
                     const SampledFormat& f, const HostImage& img, bool linear, bool mip_linear,
                     const Mode& mode, std::mt19937& rng, TieCount* ties) {
  LaneTally t;
  const uint32_t n_layers = k.last_array - k.base_array + 1;
  std::uniform_real_distribution<float> coord(-1.5f, 2.5f);
  std::uniform_real_distribution<float> lod(-1.0f, static_cast<float>(k.levels) + 0.5f);
  std::vector<LaneWords> ops(kLanes, LaneWords{});
  for (int i = 0; i < kLanes; ++i) {
    for (int a = 0; a < k.axes; ++a) ops[i][a] = FloatBits(coord(rng));
    if (k.layer_index >= 0) ops[i][k.layer_index] = FloatBits(Layer(rng, n_layers));
    ops[i][k.lod_index] = FloatBits(i % 4 == 0 ? 0.0f : lod(rng));
  }
  std::vector<LaneWords> alt = ops;  // tie layers rounded the other way
  for (auto& op : alt) {
    if (k.layer_index >= 0 && IsTie(BitsFloat(op[k.layer_index]))) {
      op[k.layer_index] = FloatBits(OtherRounding(BitsFloat(op[k.layer_index])));
    }
  }

  SamplerDesc s;
  s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
  s.clamp_x = s.clamp_y = s.clamp_z = mode.texunit;
  s.xy_mag_filter = s.xy_min_filter = linear ? XyFilter::kBilinear : XyFilter::kPoint;
  s.z_filter = linear ? ZFilter::kLinear : ZFilter::kPoint;
  s.mip_filter = mip_linear ? MipFilter::kLinear : MipFilter::kPoint;
  s.max_lod = 15 * 256;
  const Ours ours = RunOurs(runtime, k, img, s, ops, mip_linear);
  const Ours other = RunOurs(runtime, k, img, s, alt, mip_linear);

  SamplerState state;
  state.mag = state.min = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  state.mip = mip_linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  state.address_u = state.address_v = state.address_w = mode.vulkan;
  std::vector<LaneWords> theirs;
  std::string error;
  if (!runner.Run(img.Vulkan(f.vk, k.view), k.shader, state, ops, &theirs, &error)) {
    ADD_FAILURE() << "lavapipe: " << error;
    return t;
  }
  const int linear_axes = linear ? k.axes : 0;
  for (int i = 0; i < kLanes; ++i) {
    const LevelChoice c = ChooseLevels(BitsFloat(ops[i][k.lod_index]), k.levels, mip_linear);
    bool open = c.open;
    if (!linear) open = open || NearGrid(k, ops[i], c.d0, 0) || NearGrid(k, ops[i], c.d1, 0);
    if (open) {
      ++t.open;
      continue;
    }
    // Whether lavapipe's result is `o`'s within the tolerance; the largest difference.
    const auto close = [&](const Ours& o, float* worst) {
      *worst = 0;
      for (int ch = 0; ch < 4; ++ch) {
        const float span = mip_linear && c.f > 0
                               ? std::fabs(BitsFloat(o.hi[i][ch]) - BitsFloat(o.lo[i][ch]))
                               : 0.0f;
        const float diff = std::fabs(BitsFloat(o.value[i][ch]) - BitsFloat(theirs[i][ch]));
        if (!(diff <= SampleTolerance(linear_axes, span, f.unorm8))) return false;
        *worst = std::max(*worst, diff);
      }
      return true;
    };
    float worst = 0;
    const bool tie = k.layer_index >= 0 && IsTie(BitsFloat(ops[i][k.layer_index]));
    if (tie) ++ties->ties;
    if (close(ours, &worst)) {
      ++t.judged;
      t.worst = std::max(t.worst, worst);
      continue;
    }
    if (tie && close(other, &worst)) {
      ++t.open;
      ++ties->other;
      continue;
    }
    ++t.judged;
    char buf[512];
    const LaneWords& o = ours.value[i];
    const LaneWords& l = theirs[i];
    std::snprintf(buf, sizeof(buf),
                  "%s %s, %s%s, mip %s, %s: VADDR (%.9g, %.9g, %.9g, %.9g)%s: texunit (%.9g, "
                  "%.9g, %.9g, %.9g), lavapipe (%.9g, %.9g, %.9g, %.9g)",
                  k.name, FormatName(f.id), linear ? "linear" : "nearest",
                  i % 4 == 0 ? " (SAMPLE_LZ)" : "", mip_linear ? "linear" : "nearest", mode.name,
                  BitsFloat(ops[i][0]), BitsFloat(ops[i][1]), BitsFloat(ops[i][2]),
                  BitsFloat(ops[i][3]), tie ? " (layer tie)" : "", BitsFloat(o[0]), BitsFloat(o[1]),
                  BitsFloat(o[2]), BitsFloat(o[3]), BitsFloat(l[0]), BitsFloat(l[1]),
                  BitsFloat(l[2]), BitsFloat(l[3]));
    t.Wrong(buf);
  }
  return t;
}

const SampledFormat kFormats[] = {kRgba8, kRgba32f};

TEST_F(ImageTypeConformance, TextureLodMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const auto start = std::chrono::steady_clock::now();
  LaneTally total;
  TieCount ties;
  for (const Kind& k : kKinds) {
    for (const SampledFormat& f : kFormats) {
      HostImage img(KindDesc(k, f.id));
      std::mt19937 rng(static_cast<uint32_t>(k.type) * 92821u + static_cast<uint32_t>(f.id));
      img.FillAndRegister(f.unorm8, rng);
      LaneTally group;
      for (bool linear : {false, true}) {
        for (bool mip_linear : {false, true}) {
          for (const Mode& m : {kWrap, kMirror, kClamp}) {
            const LaneTally t =
                RunLodCase(runtime(), *runner(), k, f, img, linear, mip_linear, m, rng, &ties);
            EXPECT_EQ(t.wrong, 0) << t.first_wrong;
            group.Add(t);
          }
        }
      }
      std::printf("  %-26s %-20s %5d judged (largest difference %.3g), %4d open, %d wrong\n",
                  k.name, FormatName(f.id), group.judged, group.worst, group.open, group.wrong);
      total.Add(group);
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "image types textureLod: %d lanes judged, %d open (%d layer ties, %d rounded otherwise by "
      "lavapipe), %.2f s (%s)\n",
      total.judged, total.open, ties.ties, ties.other, secs, runner()->device_name().c_str());
  EXPECT_GT(total.judged, 20000);
}

TEST_F(ImageTypeConformance, ArrayGatherMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  const Kind& k = kKinds[1];
  const uint32_t n_layers = k.last_array - k.base_array + 1;
  constexpr int kPerComponent = 128;
  LaneTally total;
  TieCount ties;
  for (const SampledFormat& f : kFormats) {
    HostImage img(KindDesc(k, f.id));
    std::mt19937 rng(static_cast<uint32_t>(f.id) * 1299709u + 17u);
    img.FillAndRegister(f.unorm8, rng);
    for (const Mode& m : {kWrap, kMirror, kClamp}) {
      std::vector<LaneWords> ops;  // (s, t, layer, component)
      std::uniform_real_distribution<float> coord(-1.5f, 2.5f);
      for (uint32_t comp = 0; comp < 4; ++comp) {
        for (int i = 0; i < kPerComponent; ++i) {
          ops.push_back({FloatBits(coord(rng)), FloatBits(coord(rng)),
                         FloatBits(Layer(rng, n_layers)), comp});
        }
      }
      SamplerState state;
      state.mag = state.min = VK_FILTER_LINEAR;
      state.address_u = state.address_v = m.vulkan;
      std::vector<LaneWords> theirs;
      std::string error;
      ASSERT_TRUE(
          runner()->Run(img.Vulkan(f.vk, k.view), "gather_2d_array", state, ops, &theirs, &error))
          << error;
      SamplerDesc s;
      s.trunc_coord = true;  // Vulkan's POINT floor (radv's setting)
      s.clamp_x = s.clamp_y = m.texunit;
      s.xy_mag_filter = s.xy_min_filter = XyFilter::kBilinear;
      LaneTally t;
      for (uint32_t comp = 0; comp < 4; ++comp) {
        const auto first = ops.begin() + comp * kPerComponent;
        std::vector<LaneWords> vaddr(first, first + kPerComponent), alt = vaddr;
        for (auto& op : alt) {
          if (IsTie(BitsFloat(op[2]))) op[2] = FloatBits(OtherRounding(BitsFloat(op[2])));
        }
        const Encoding words = WithDmask(kGather4LzDa, 1u << comp);
        const auto ours = RunMimg(runtime(), words, img.desc, s, img.memory, vaddr);
        const auto other = RunMimg(runtime(), words, img.desc, s, img.memory, alt);
        for (int i = 0; i < kPerComponent; ++i) {
          const LaneWords& l = theirs[comp * kPerComponent + i];
          if (NearGrid(k, vaddr[i], 0, 0.5)) {
            ++t.open;
            continue;
          }
          const auto same = [&](const LaneWords& o) {
            for (int ch = 0; ch < 4; ++ch) {
              const float d = std::fabs(BitsFloat(o[ch]) - BitsFloat(l[ch]));
              if (!(d <= (f.unorm8 ? 1.0f / (1 << 20) : 0.0f))) return false;
            }
            return true;
          };
          const bool tie = IsTie(BitsFloat(vaddr[i][2]));
          if (tie) ++ties.ties;
          if (same(ours[i])) {
            ++t.judged;
            continue;
          }
          if (tie && same(other[i])) {
            ++t.open;
            ++ties.other;
            continue;
          }
          ++t.judged;
          char buf[512];
          std::snprintf(buf, sizeof(buf),
                        "%s %s, %s, component %u, s %.9g t %.9g layer %.9g: texunit (%.9g, %.9g, "
                        "%.9g, %.9g), lavapipe (%.9g, %.9g, %.9g, %.9g)",
                        k.name, FormatName(f.id), m.name, comp, BitsFloat(vaddr[i][0]),
                        BitsFloat(vaddr[i][1]), BitsFloat(vaddr[i][2]), BitsFloat(ours[i][0]),
                        BitsFloat(ours[i][1]), BitsFloat(ours[i][2]), BitsFloat(ours[i][3]),
                        BitsFloat(l[0]), BitsFloat(l[1]), BitsFloat(l[2]), BitsFloat(l[3]));
          t.Wrong(buf);
        }
      }
      std::printf("  gather %-26s %-20s %-6s %4d judged, %4d open, %d wrong\n", k.name,
                  FormatName(f.id), m.name, t.judged, t.open, t.wrong);
      EXPECT_EQ(t.wrong, 0) << t.first_wrong;
      total.Add(t);
    }
  }
  std::printf("2D_ARRAY gather: %d lanes judged, %d open (%d layer ties, %d rounded otherwise)\n",
              total.judged, total.open, ties.ties, ties.other);
  EXPECT_GT(total.judged, 2500);
}

}  // namespace
}  // namespace texunit::conformance
