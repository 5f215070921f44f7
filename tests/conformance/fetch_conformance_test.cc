// texelFetch on lavapipe against IMAGE_LOAD_MIP through gcn::Execute: every texel of every level
// of a 37x19 image with a full mip chain (non-power-of-two sizes, 1-texel last levels), random
// texel bytes (so NaN, Inf, denormal, reserved BC modes and every code appear), for every format
// both implement. Fetch is exact in Vulkan, so every lane must match bit for bit, except where
// lavapipe departs from the Vulkan rules; those lanes are classified by the rules below (each
// with the probe that shows it), counted, and reported apart, never passed silently.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
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

constexpr uint64_t kBase = 0x100000;
// llvm-mc -mcpu=gfx900: image_load_mip v[0:3], v[4:6], s[8:15] dmask:0xf unorm
constexpr uint32_t kLoadMip[] = {0xf0041f00, 0x00020004};

// Which lavapipe departure a channel's lanes may show (../shared/reference/lavapipe.md).
enum class Rule {
  kExact,
  // UNORM: lavapipe multiplies the code by the reciprocal, float(c) * (1.0f / (2^n - 1)), which
  // differs from the correctly rounded c / (2^n - 1) by one ulp for some codes (8 bits: 126 of
  // 256). Accepted when lavapipe's value is exactly that product for the code texunit read.
  kUnormReciprocal,
  // SNORM: the same with max(float(c) * (1.0f / (2^(n-1) - 1)), -1).
  kSnormReciprocal,
  // sRGB: lavapipe's decode is approximate, within 1.2e-3 of the exact curve (alpha as UNORM).
  kSrgbApprox,
  // Block palettes: lavapipe interpolates BC1-BC3 colours in 8 bits (weights 85/171 of 256: a
  // 1/3 texel of 255 reads 84) and decodes the BC3 alpha and BC4/BC5 palettes approximately.
  // Within 2 codes of 255 (UNORM) or of 127 (SNORM); the largest departures this test has seen
  // are 1 code for BC1/BC2, 2 for BC3's alpha, 1.2-1.6 for BC4/BC5. texunit's own decoders are
  // checked exactly against hand-decoded blocks in tests/formats/; a wrong endpoint, index or
  // mode would miss by far more than this.
  kBcUnorm,
  kBcSnorm,
  // BC1-BC3 and BC7 with sRGB colour: the palette departure in the 8-bit sRGB codes (up to 2
  // codes), then lavapipe's approximate decode (1.2e-3); alpha as kBcUnorm.
  kBcSrgb,
};

struct FormatCase {
  FormatId id;
  VkFormat vk;
  SampledKind kind;
  Rule rule;
  std::array<int, 4> bits;  // channel widths (R, G, B, A) for the reciprocal rules
};

// texunit names channels from the least significant bit up; Vulkan's packed formats name them
// from the most significant bit down (A2B10G10R10 is texunit's R10G10B10A2).
const FormatCase kCases[] = {
    {FormatId::kR8_UNORM,
     VK_FORMAT_R8_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8_SNORM,
     VK_FORMAT_R8_SNORM,
     SampledKind::kFloat,
     Rule::kSnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8_UINT, VK_FORMAT_R8_UINT, SampledKind::kUint, Rule::kExact, {8, 8, 8, 8}},
    {FormatId::kR8_SINT, VK_FORMAT_R8_SINT, SampledKind::kSint, Rule::kExact, {8, 8, 8, 8}},
    {FormatId::kR8_SRGB, VK_FORMAT_R8_SRGB, SampledKind::kFloat, Rule::kSrgbApprox, {8, 8, 8, 8}},
    {FormatId::kR8G8_UNORM,
     VK_FORMAT_R8G8_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8G8_SNORM,
     VK_FORMAT_R8G8_SNORM,
     SampledKind::kFloat,
     Rule::kSnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8G8_UINT, VK_FORMAT_R8G8_UINT, SampledKind::kUint, Rule::kExact, {8, 8, 8, 8}},
    {FormatId::kR8G8_SINT, VK_FORMAT_R8G8_SINT, SampledKind::kSint, Rule::kExact, {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_UNORM,
     VK_FORMAT_R8G8B8A8_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SNORM,
     VK_FORMAT_R8G8B8A8_SNORM,
     SampledKind::kFloat,
     Rule::kSnormReciprocal,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_USCALED,
     VK_FORMAT_R8G8B8A8_USCALED,
     SampledKind::kFloat,
     Rule::kExact,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SSCALED,
     VK_FORMAT_R8G8B8A8_SSCALED,
     SampledKind::kFloat,
     Rule::kExact,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_UINT,
     VK_FORMAT_R8G8B8A8_UINT,
     SampledKind::kUint,
     Rule::kExact,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SINT,
     VK_FORMAT_R8G8B8A8_SINT,
     SampledKind::kSint,
     Rule::kExact,
     {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SRGB,
     VK_FORMAT_R8G8B8A8_SRGB,
     SampledKind::kFloat,
     Rule::kSrgbApprox,
     {8, 8, 8, 8}},
    {FormatId::kR16_UNORM,
     VK_FORMAT_R16_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {16, 16, 16, 16}},
    {FormatId::kR16_SNORM,
     VK_FORMAT_R16_SNORM,
     SampledKind::kFloat,
     Rule::kSnormReciprocal,
     {16, 16, 16, 16}},
    {FormatId::kR16_UINT, VK_FORMAT_R16_UINT, SampledKind::kUint, Rule::kExact, {16, 16, 16, 16}},
    {FormatId::kR16_SINT, VK_FORMAT_R16_SINT, SampledKind::kSint, Rule::kExact, {16, 16, 16, 16}},
    {FormatId::kR16_FLOAT,
     VK_FORMAT_R16_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16_UNORM,
     VK_FORMAT_R16G16_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {16, 16, 16, 16}},
    {FormatId::kR16G16_FLOAT,
     VK_FORMAT_R16G16_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_UNORM,
     VK_FORMAT_R16G16B16A16_UNORM,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_SNORM,
     VK_FORMAT_R16G16B16A16_SNORM,
     SampledKind::kFloat,
     Rule::kSnormReciprocal,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_USCALED,
     VK_FORMAT_R16G16B16A16_USCALED,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_SSCALED,
     VK_FORMAT_R16G16B16A16_SSCALED,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_UINT,
     VK_FORMAT_R16G16B16A16_UINT,
     SampledKind::kUint,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_SINT,
     VK_FORMAT_R16G16B16A16_SINT,
     SampledKind::kSint,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_FLOAT,
     VK_FORMAT_R16G16B16A16_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kR32_UINT, VK_FORMAT_R32_UINT, SampledKind::kUint, Rule::kExact, {32, 32, 32, 32}},
    {FormatId::kR32_SINT, VK_FORMAT_R32_SINT, SampledKind::kSint, Rule::kExact, {32, 32, 32, 32}},
    {FormatId::kR32_FLOAT,
     VK_FORMAT_R32_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32_UINT,
     VK_FORMAT_R32G32_UINT,
     SampledKind::kUint,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32_FLOAT,
     VK_FORMAT_R32G32_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32B32_FLOAT,
     VK_FORMAT_R32G32B32_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32B32A32_UINT,
     VK_FORMAT_R32G32B32A32_UINT,
     SampledKind::kUint,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32B32A32_SINT,
     VK_FORMAT_R32G32B32A32_SINT,
     SampledKind::kSint,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR32G32B32A32_FLOAT,
     VK_FORMAT_R32G32B32A32_SFLOAT,
     SampledKind::kFloat,
     Rule::kExact,
     {32, 32, 32, 32}},
    {FormatId::kR10G10B10A2_UNORM,
     VK_FORMAT_A2B10G10R10_UNORM_PACK32,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {10, 10, 10, 2}},
    {FormatId::kR10G10B10A2_UINT,
     VK_FORMAT_A2B10G10R10_UINT_PACK32,
     SampledKind::kUint,
     Rule::kExact,
     {10, 10, 10, 10}},
    {FormatId::kR11G11B10_FLOAT,
     VK_FORMAT_B10G11R11_UFLOAT_PACK32,
     SampledKind::kFloat,
     Rule::kExact,
     {11, 11, 11, 11}},
    {FormatId::kR9G9B9E5_FLOAT,
     VK_FORMAT_E5B9G9R9_UFLOAT_PACK32,
     SampledKind::kFloat,
     Rule::kExact,
     {9, 9, 9, 9}},
    {FormatId::kR5G6B5_UNORM,
     VK_FORMAT_B5G6R5_UNORM_PACK16,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {5, 6, 5, 0}},
    {FormatId::kR4G4B4A4_UNORM,
     VK_FORMAT_A4B4G4R4_UNORM_PACK16,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {4, 4, 4, 4}},
    {FormatId::kBC1_UNORM,
     VK_FORMAT_BC1_RGBA_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcUnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC2_UNORM,
     VK_FORMAT_BC2_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcUnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC3_UNORM,
     VK_FORMAT_BC3_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcUnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC4_UNORM,
     VK_FORMAT_BC4_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcUnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC4_SNORM,
     VK_FORMAT_BC4_SNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC5_UNORM,
     VK_FORMAT_BC5_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcUnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC5_SNORM,
     VK_FORMAT_BC5_SNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSnorm,
     {8, 8, 8, 8}},
    {FormatId::kBC6H_UFLOAT,
     VK_FORMAT_BC6H_UFLOAT_BLOCK,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kBC6H_SFLOAT,
     VK_FORMAT_BC6H_SFLOAT_BLOCK,
     SampledKind::kFloat,
     Rule::kExact,
     {16, 16, 16, 16}},
    {FormatId::kBC1_SRGB,
     VK_FORMAT_BC1_RGBA_SRGB_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSrgb,
     {8, 8, 8, 8}},
    {FormatId::kBC2_SRGB,
     VK_FORMAT_BC2_SRGB_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSrgb,
     {8, 8, 8, 8}},
    {FormatId::kBC3_SRGB,
     VK_FORMAT_BC3_SRGB_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSrgb,
     {8, 8, 8, 8}},
    {FormatId::kBC7_SRGB,
     VK_FORMAT_BC7_SRGB_BLOCK,
     SampledKind::kFloat,
     Rule::kBcSrgb,
     {8, 8, 8, 8}},
    {FormatId::kBC7_UNORM,
     VK_FORMAT_BC7_UNORM_BLOCK,
     SampledKind::kFloat,
     Rule::kUnormReciprocal,
     {8, 8, 8, 8}},
};

const char* RuleName(Rule r) {
  switch (r) {
    case Rule::kExact:
      return "exact";
    case Rule::kUnormReciprocal:
      return "UNORM reciprocal";
    case Rule::kSnormReciprocal:
      return "SNORM reciprocal";
    case Rule::kSrgbApprox:
      return "sRGB approx";
    case Rule::kBcUnorm:
      return "BC palette UNORM";
    case Rule::kBcSnorm:
      return "BC palette SNORM";
    default:
      return "BC palette sRGB";
  }
}

// The sRGB EOTF of an 8-bit code (IEC 61966-2-1), in double.
double SrgbToLinear(int code) {
  const double c = code / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

bool IsNan(uint32_t bits) { return std::isnan(std::bit_cast<float>(bits)); }

// Whether lavapipe's channel value `lvp` is the departure `rule` allows from texunit's exact
// `ours`.
bool Allowed(Rule rule, int bits, int channel, uint32_t ours, uint32_t lvp) {
  const float o = std::bit_cast<float>(ours), l = std::bit_cast<float>(lvp);
  switch (rule) {
    case Rule::kUnormReciprocal: {
      const float max = static_cast<float>((1u << bits) - 1);
      const float code = std::nearbyint(o * max);
      return l == code * (1.0f / max);
    }
    case Rule::kSnormReciprocal: {
      const float max = static_cast<float>((1u << (bits - 1)) - 1);
      const float code = std::nearbyint(o * max);
      return l == std::max(code * (1.0f / max), -1.0f);
    }
    case Rule::kSrgbApprox:
      return channel == 3 ? l == std::nearbyint(o * 255.0f) * (1.0f / 255.0f)
                          : std::fabs(l - o) <= 1.2e-3f;
    case Rule::kBcUnorm:
      return std::fabs(l - o) <= 2.0f / 255.0f;
    case Rule::kBcSnorm:
      return std::fabs(l - o) <= 2.0f / 127.0f;
    case Rule::kBcSrgb: {
      if (channel == 3) return std::fabs(l - o) <= 2.0f / 255.0f;
      // The 8-bit code texunit decoded: the one whose exact sRGB value is nearest.
      int code = 0;
      for (int c = 1; c < 256; ++c) {
        if (std::fabs(SrgbToLinear(c) - o) < std::fabs(SrgbToLinear(code) - o)) code = c;
      }
      for (int c = std::max(0, code - 2); c <= std::min(255, code + 2); ++c) {
        if (std::fabs(l - SrgbToLinear(c)) <= 1.2e-3) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

struct Tally {
  int lanes = 0, exact = 0, classified = 0, wrong = 0;
  float max_departure = 0;  // the largest |texunit - lavapipe| of a channel that differs
  std::string first_wrong;
};

using FetchConformance = LavapipeTest;

// Every texel of every level through texunit (gcn::Execute, GFX9) and lavapipe.
Tally RunCase(const FormatCase& c, VkRunner& runner, const Runtime& runtime) {
  Tally t;
  constexpr uint32_t kW = 37, kH = 19, kLevels = 6;
  const ImageDesc desc = MakeImage2D(c.id, kW, kH, kLevels, kBase);
  ImageLayout layout;
  if (const Status st = ComputeImageLayout(desc, &layout); !st.ok()) {
    ADD_FAILURE() << FormatName(c.id) << ": " << st.ToString();
    return t;
  }
  std::vector<uint8_t> bytes(layout.total_bytes);
  std::mt19937 rng(static_cast<uint32_t>(c.id) * 7919u);
  for (auto& b : bytes) b = static_cast<uint8_t>(rng());
  Memory memory;
  EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());

  std::vector<FetchCoord> coords;
  for (uint32_t l = 0; l < kLevels; ++l) {
    for (uint32_t y = 0; y < layout.levels[l].height; ++y) {
      for (uint32_t x = 0; x < layout.levels[l].width; ++x) {
        coords.push_back(
            {static_cast<int32_t>(x), static_cast<int32_t>(y), static_cast<int32_t>(l)});
      }
    }
  }
  std::vector<std::array<uint32_t, 4>> lvp;
  std::string error;
  Image2D image{c.vk, kW, kH, kLevels, &layout, bytes};
  if (!runner.TexelFetch(image, c.kind, coords, &lvp, &error)) {
    ADD_FAILURE() << FormatName(c.id) << ": lavapipe: " << error;
    return t;
  }

  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx9, desc, std::span(sgprs).subspan(8, 8)).ok());
  const auto judge = [&](size_t lane, LaneRegs r) {
    ++t.lanes;
    bool exact = true, allowed = true;
    for (int k = 0; k < 4; ++k) {
      const uint32_t ours = r.v(k), theirs = lvp[lane][k];
      if (ours == theirs || (c.kind == SampledKind::kFloat && IsNan(ours) && IsNan(theirs))) {
        continue;
      }
      exact = false;
      if (!Allowed(c.rule, c.bits[k], k, ours, theirs)) allowed = false;
      t.max_departure = std::max(
          t.max_departure, std::fabs(std::bit_cast<float>(ours) - std::bit_cast<float>(theirs)));
    }
    if (exact) {
      ++t.exact;
    } else if (allowed) {
      ++t.classified;
    } else if (++t.wrong == 1) {
      char buf[256];
      const auto& p = coords[lane];
      std::snprintf(buf, sizeof(buf),
                    "texel (%d, %d) level %d: texunit %08x %08x %08x %08x, lavapipe %08x %08x "
                    "%08x %08x",
                    p[0], p[1], p[2], r.v(0), r.v(1), r.v(2), r.v(3), lvp[lane][0], lvp[lane][1],
                    lvp[lane][2], lvp[lane][3]);
      t.first_wrong = buf;
    }
  };
  const Status st = ExecuteLanes(
      runtime, Gfx::kGfx9, kLoadMip, sgprs, memory, coords.size(),
      [&](size_t i, LaneRegs r) {
        for (int k = 0; k < 3; ++k) r.v(4 + k) = static_cast<uint32_t>(coords[i][k]);
      },
      judge);
  if (!st.ok()) ADD_FAILURE() << FormatName(c.id) << ": texunit: " << st.ToString();
  return t;
}

TEST_F(FetchConformance, EveryFormatBothImplementMatchesLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  int formats = 0, lanes = 0, classified = 0;
  for (const FormatCase& c : kCases) {
    if (!runner()->CanSample(c.vk)) {
      std::printf("  %-22s not sampled by lavapipe: skipped\n", FormatName(c.id));
      continue;
    }
    const Tally t = RunCase(c, *runner(), runtime());
    ++formats;
    lanes += t.lanes;
    classified += t.classified;
    std::printf(
        "  %-20s %4d lanes: %4d exact, %4d lavapipe departures (%s, largest %.3g), %d wrong\n",
        FormatName(c.id), t.lanes, t.exact, t.classified, RuleName(c.rule), t.max_departure,
        t.wrong);
    EXPECT_EQ(t.wrong, 0) << FormatName(c.id) << ", first: " << t.first_wrong;
  }
  std::printf("%d formats, %d lanes, %d classified as lavapipe departures (%s)\n", formats, lanes,
              classified, runner()->device_name().c_str());
  EXPECT_GT(formats, 40);
}

}  // namespace
}  // namespace texunit::conformance
