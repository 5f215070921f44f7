// The fixture of the conformance suites: one lavapipe runner and one texunit Runtime per suite.
// Without a Vulkan CPU device `runner()` is null and `why()` says why; tests then skip.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {

// An address mode on both sides: the S# clamp mode and the Vulkan sampler's, named for reports.
struct Mode {
  ClampMode texunit;
  VkSamplerAddressMode vulkan;
  const char* name;
};
inline constexpr Mode kWrap{ClampMode::kWrap, VK_SAMPLER_ADDRESS_MODE_REPEAT, "repeat"};
inline constexpr Mode kMirror{ClampMode::kMirror, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
                              "mirror"};
inline constexpr Mode kClamp{ClampMode::kClampLastTexel, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                             "clamp"};
inline constexpr Mode kBorder{ClampMode::kClampBorder, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
                              "border"};

// A colour format on both sides; `unorm8` for RGBA8 UNORM (random bytes, its tolerances).
struct SampledFormat {
  FormatId id;
  VkFormat vk;
  bool unorm8;
};
inline constexpr SampledFormat kRgba8{FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, true};
inline constexpr SampledFormat kRgba32f{FormatId::kR32G32B32A32_FLOAT,
                                        VK_FORMAT_R32G32B32A32_SFLOAT, false};

// The depth compare functions by DEPTH_COMPARE_FUNC / VkCompareOp value (the same numbering).
inline constexpr const char* kCompareNames[8] = {
    "NEVER", "LESS", "EQUAL", "LESS_OR_EQUAL", "GREATER", "NOT_EQUAL", "GREATER_OR_EQUAL",
    "ALWAYS"};

// Vulkan's compare (ref OP texel), as texunit's DEPTH_COMPARE_FUNC defines it (IEEE: a NaN fails
// all but NOT_EQUAL).
inline bool Compare(int op, float ref, float d) {
  switch (op) {
    case 1:
      return ref < d;
    case 2:
      return ref == d;
    case 3:
      return ref <= d;
    case 4:
      return ref > d;
    case 5:
      return !(ref == d);
    case 6:
      return ref >= d;
    case 7:
      return true;
    default:
      return false;
  }
}

// One lane's view of a wave's VGPRs: v(r) is VGPR r of that lane.
struct LaneRegs {
  uint32_t* vgprs;
  uint32_t lane;
  uint32_t& v(uint32_t r) const { return vgprs[r * 64 + lane]; }
};

// Runs `lanes` lanes of the MIMG instruction `words` through gcn::Execute in waves of 64 (the last
// one shorter), with the descriptors already in `sgprs`: `write(i, regs)` sets lane i's operand
// VGPRs before its wave runs, `read(i, regs)` takes its results after. `border_colors` is the
// waves' border color table (S# BORDER_COLOR_TYPE REGISTER); `precision` gcn::Execute's.
template <typename Write, typename Read>
Status ExecuteLanes(const Runtime& runtime, Gfx gfx, std::span<const uint32_t> words,
                    std::vector<uint32_t>& sgprs, const Memory& memory, size_t lanes, Write write,
                    Read read, std::span<const std::array<uint32_t, 4>> border_colors = {},
                    PrecisionMode precision = PrecisionMode::kFloat) {
  gcn::MimgInstruction inst;
  TEXUNIT_RETURN_IF_ERROR(gcn::DecodeMimg(gfx, words, &inst));
  std::vector<uint32_t> vgprs(256 * 64, 0);
  for (size_t base = 0; base < lanes; base += 64) {
    const uint32_t n = static_cast<uint32_t>(std::min<size_t>(64, lanes - base));
    for (uint32_t i = 0; i < n; ++i) write(base + i, LaneRegs{vgprs.data(), i});
    gcn::WaveState wave;
    wave.lane_count = n;
    wave.exec = n == 64 ? ~0ull : (1ull << n) - 1;
    wave.sgprs = sgprs;
    wave.vgprs = vgprs;
    wave.border_color_table = border_colors;
    TEXUNIT_RETURN_IF_ERROR(gcn::Execute(runtime, inst, wave, memory, precision));
    for (uint32_t i = 0; i < n; ++i) read(base + i, LaneRegs{vgprs.data(), i});
  }
  return Status::Ok();
}

using LaneWords = std::array<uint32_t, 4>;
inline uint32_t FloatBits(float f) { return std::bit_cast<uint32_t>(f); }
inline float BitsFloat(uint32_t b) { return std::bit_cast<float>(b); }

// The MIMG instruction `words` (T# in s[8:15], S# in s[16:19], VADDR from v4, VDATA v0..v3, as
// the families' llvm-mc encodings name them) on every lane through gcn::Execute in `precision`:
// VGPRs v4..v(3 + N) = the lane's `vaddr` words; returns v0..v3 of each lane.
template <size_t N>
std::vector<LaneWords> RunMimgLanes(const Runtime& runtime, std::span<const uint32_t> words,
                                    const ImageDesc& image, const SamplerDesc& sampler,
                                    const Memory& memory,
                                    std::span<const std::array<uint32_t, N>> vaddr,
                                    std::span<const LaneWords> border_colors = {},
                                    Gfx gfx = Gfx::kGfx8,
                                    PrecisionMode precision = PrecisionMode::kFloat) {
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(gfx, image, std::span(sgprs).subspan(8, 8)).ok());
  EXPECT_TRUE(EncodeSamplerDesc(gfx, sampler, std::span(sgprs).subspan(16, 4)).ok());
  std::vector<LaneWords> out(vaddr.size());
  const Status st = ExecuteLanes(
      runtime, gfx, words, sgprs, memory, vaddr.size(),
      [&](size_t i, LaneRegs r) {
        for (uint32_t k = 0; k < 4; ++k) r.v(k) = 0;
        for (uint32_t k = 0; k < N; ++k) r.v(4 + k) = vaddr[i][k];
      },
      [&](size_t i, LaneRegs r) {
        for (uint32_t k = 0; k < 4; ++k) out[i][k] = r.v(k);
      },
      border_colors, precision);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

// RunMimgLanes with four VADDR words (v4..v7) per lane.
inline std::vector<LaneWords> RunMimg(const Runtime& runtime, std::span<const uint32_t> words,
                                      const ImageDesc& image, const SamplerDesc& sampler,
                                      const Memory& memory, std::span<const LaneWords> vaddr,
                                      std::span<const LaneWords> border_colors = {},
                                      Gfx gfx = Gfx::kGfx8,
                                      PrecisionMode precision = PrecisionMode::kFloat) {
  return RunMimgLanes<4>(runtime, words, image, sampler, memory, vaddr, border_colors, gfx,
                         precision);
}

// An image in texunit's linear layout, registered with a Memory at `desc.base_address` (not
// movable once registered), and the Image2D that uploads the same bytes to lavapipe.
struct HostImage {
  ImageDesc desc;
  ImageLayout layout;
  std::vector<uint8_t> bytes;
  Memory memory;
  explicit HostImage(const ImageDesc& d) : desc(d) {
    EXPECT_TRUE(ComputeImageLayout(desc, &layout).ok());
    bytes.resize(layout.total_bytes);
  }
  HostImage(const HostImage&) = delete;
  void Register() {
    EXPECT_TRUE(memory.AddRegion(desc.base_address, bytes.data(), bytes.size()).ok());
  }
  // Fills every byte at random (`random_bytes`) or every 32-bit word with a random binary32 in
  // [0, 1], and registers the image.
  template <typename Rng>
  void FillAndRegister(bool random_bytes, Rng& rng) {
    if (random_bytes) {
      for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    } else {
      for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
        const uint32_t w = FloatBits(std::uniform_real_distribution<float>(0.0f, 1.0f)(rng));
        std::memcpy(&bytes[i], &w, 4);
      }
    }
    Register();
  }
  Image2D Vulkan(VkFormat vk, VkImageViewType view = VK_IMAGE_VIEW_TYPE_2D) const {
    Image2D i{vk, desc.width, desc.height, desc.last_level + 1u, &layout, bytes};
    i.view_type = view;
    if (desc.type == ImageType::k3D) {
      i.depth = desc.depth;
    } else {
      i.layers = desc.depth;
      i.base_layer = desc.base_array;
      i.view_layers = desc.last_array - desc.base_array + 1;
    }
    return i;
  }
};

// A layer coordinate for a view of `n` layers: a quarter exactly on a tie k + 0.5, an eighth
// integral, the rest uniform; all in [-2, n + 2].
inline float Layer(std::mt19937& rng, uint32_t n) {
  const uint32_t pick = rng() % 8;
  const int k = static_cast<int>(rng() % (n + 4)) - 2;
  if (pick < 2) return static_cast<float>(k) + 0.5f;
  if (pick == 2) return static_cast<float>(k);
  return std::uniform_real_distribution<float>(-2.0f, static_cast<float>(n) + 2.0f)(rng);
}

inline bool IsTie(float layer) { return layer - std::floor(layer) == 0.5f; }

// Within `eps` (in texels) of an integer.
inline bool NearInteger(double x, double eps) { return std::fabs(x - std::nearbyint(x)) < eps; }

// The levels a lookup at `lod` reads with `levels` view levels (lambda = clamp(lod, 0, q),
// q = levels - 1; Vulkan maxLod >= q and S# MAX_LOD >= q): mip NEAREST one level, `open` within
// 1/16 of lambda = k + 0.5 below q (mipmapPrecisionBits 4; lavapipe rounds half to even, item 9);
// mip LINEAR d0 = floor(lambda), d1 = min(d0 + 1, q), blending with fraction `f` (0 reads d0
// alone).
struct LevelChoice {
  uint32_t d0 = 0, d1 = 0;
  float f = 0;
  bool open = false;
};
inline LevelChoice ChooseLevels(float lod, uint32_t levels, bool mip_linear) {
  const float q = static_cast<float>(levels - 1);
  const float lambda = std::clamp(lod, 0.0f, q);
  const float fl = std::floor(lambda);
  LevelChoice c;
  if (mip_linear) {
    c.d0 = static_cast<uint32_t>(fl);
    c.d1 = static_cast<uint32_t>(std::min(fl + 1, q));
    c.f = lambda - fl;
  } else {
    c.open = lambda < q && std::fabs((lambda - fl) - 0.5f) < 1.0f / 16;
    c.d0 = c.d1 = static_cast<uint32_t>(std::min(std::floor(lambda + 0.5f), q));
  }
  return c;
}

// Vulkan's allowance for one channel of a filtered result with values in [0, 1] (lavapipe:
// subTexelPrecisionBits 8, mipmapPrecisionBits 4): 2^-20 for a texel's own value (lavapipe decodes
// UNORM8 as c * (1/255), one ulp off c / 255, item 3); + 2^-8 per filtered axis (8-bit weights);
// + 2^-4 of `blend_span`, the difference between the two levels a mip-LINEAR lookup blends
// (4-bit fraction); + 1/255 for RGBA8 results that are filtered or blended (lavapipe's 8.8
// fixed-point path returns multiples of 1/255, item 12).
inline float SampleTolerance(int linear_axes, float blend_span, bool unorm8) {
  float t = 1.0f / (1 << 20) + static_cast<float>(linear_axes) / 256 + blend_span / 16;
  if (unorm8 && (linear_axes > 0 || blend_span > 0)) t += 1.0f / 255;
  return t;
}

// Lanes of one case or group: judged (and of those, wrong), open (not judged: Vulkan leaves the
// answer open), the largest difference of a judged channel, and the first wrong lane's report.
struct LaneTally {
  int judged = 0, open = 0, wrong = 0;
  float worst = 0;
  std::string first_wrong;
  void Wrong(const std::string& what) {
    if (++wrong == 1) first_wrong = what;
  }
  void Add(const LaneTally& o) {
    judged += o.judged, open += o.open, wrong += o.wrong;
    worst = std::max(worst, o.worst);
    if (first_wrong.empty()) first_wrong = o.first_wrong;
  }
};

// Judges one lane: every channel of lavapipe's `l` within `tolerance` of texunit's `o` (as
// floats). A judged lane updates `t`'s largest difference; a wrong one is recorded with `where`
// and both results.
inline void JudgeLane(const LaneWords& o, const LaneWords& l, float tolerance,
                      const std::string& where, LaneTally* t) {
  ++t->judged;
  float worst = 0;
  for (int k = 0; k < 4; ++k) {
    const float d = std::fabs(BitsFloat(o[k]) - BitsFloat(l[k]));
    if (!(d <= tolerance)) {
      char buf[256];
      std::snprintf(buf, sizeof(buf),
                    ": texunit (%.9g, %.9g, %.9g, %.9g), lavapipe (%.9g, %.9g, %.9g, %.9g), "
                    "tolerance %.3g",
                    BitsFloat(o[0]), BitsFloat(o[1]), BitsFloat(o[2]), BitsFloat(o[3]),
                    BitsFloat(l[0]), BitsFloat(l[1]), BitsFloat(l[2]), BitsFloat(l[3]), tolerance);
      t->Wrong(where + buf);
      return;
    }
    worst = std::max(worst, d);
  }
  t->worst = std::max(t->worst, worst);
}

class LavapipeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    runner_ = VkRunner::Create(&why_, TEXUNIT_SPIRV_DIR);
    ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok());
  }
  static void TearDownTestSuite() {
    runner_.reset();
    runtime_.reset();
  }
  static VkRunner* runner() { return runner_.get(); }
  static const std::string& why() { return why_; }
  static const Runtime& runtime() { return *runtime_; }

 private:
  static inline std::unique_ptr<VkRunner> runner_;
  static inline std::string why_;
  static inline std::unique_ptr<Runtime> runtime_;
};

}  // namespace texunit::conformance
