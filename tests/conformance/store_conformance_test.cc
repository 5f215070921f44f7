// imageStore on lavapipe against IMAGE_STORE through gcn::Execute (GFX8 words and register
// files): every texel of a 23x9 image written once, with values that exercise the format
// conversion (out-of-range, exact codes, ties, NaN, infinities, denormals, huge values for float
// channels; every representable integer range for UINT/SINT), and the stored bytes compared.
// Store conversion is exact in Vulkan except the rounding of a normalized value that lies on a
// tie; those channels are open. lavapipe's departures are classified by the rules below
// (../shared/reference/lavapipe.md) and counted apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "vulkan/vk_runner.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 23, kH = 9;
// llvm-mc -mcpu=tonga: image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm
constexpr uint32_t kStore[] = {0xf0201f00, 0x00020004};

enum class Kind { kUnorm, kSnorm, kUint, kSint, kFloat };

struct StoreCase {
  FormatId id;
  VkFormat vk;
  Kind kind;
  std::array<int, 4> bits;  // channel widths from the least significant bit up (0: absent)
};

const StoreCase kCases[] = {
    {FormatId::kR8_UNORM, VK_FORMAT_R8_UNORM, Kind::kUnorm, {8, 0, 0, 0}},
    {FormatId::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, Kind::kUnorm, {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, Kind::kSnorm, {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_UINT, Kind::kUint, {8, 8, 8, 8}},
    {FormatId::kR8G8B8A8_SINT, VK_FORMAT_R8G8B8A8_SINT, Kind::kSint, {8, 8, 8, 8}},
    {FormatId::kR8G8_UNORM, VK_FORMAT_R8G8_UNORM, Kind::kUnorm, {8, 8, 0, 0}},
    {FormatId::kR16_UNORM, VK_FORMAT_R16_UNORM, Kind::kUnorm, {16, 0, 0, 0}},
    {FormatId::kR16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, Kind::kUnorm, {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, Kind::kSnorm, {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_UINT, Kind::kUint, {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_SINT, VK_FORMAT_R16G16B16A16_SINT, Kind::kSint, {16, 16, 16, 16}},
    {FormatId::kR16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, Kind::kFloat, {16, 16, 16, 16}},
    {FormatId::kR16_FLOAT, VK_FORMAT_R16_SFLOAT, Kind::kFloat, {16, 0, 0, 0}},
    {FormatId::kR32_UINT, VK_FORMAT_R32_UINT, Kind::kUint, {32, 0, 0, 0}},
    {FormatId::kR32_SINT, VK_FORMAT_R32_SINT, Kind::kSint, {32, 0, 0, 0}},
    {FormatId::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, Kind::kFloat, {32, 0, 0, 0}},
    {FormatId::kR32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, Kind::kFloat, {32, 32, 32, 32}},
    {FormatId::kR32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, Kind::kUint, {32, 32, 32, 32}},
    {FormatId::kR10G10B10A2_UNORM,
     VK_FORMAT_A2B10G10R10_UNORM_PACK32,
     Kind::kUnorm,
     {10, 10, 10, 2}},
    {FormatId::kR10G10B10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, Kind::kUint, {10, 10, 10, 2}},
    {FormatId::kR11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, Kind::kFloat, {11, 11, 10, 0}},
};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// A channel's value for a store: a mix of the cases the conversion rules distinguish.
uint32_t MakeValue(Kind kind, int bits, std::mt19937& rng) {
  const uint32_t r = rng();
  if (kind == Kind::kUint) return bits == 32 ? r : r & ((1u << bits) - 1);
  if (kind == Kind::kSint) {
    if (bits == 32) return r;
    const int32_t half = 1 << (bits - 1);
    return static_cast<uint32_t>(static_cast<int32_t>(r % (2u * half)) - half);
  }
  std::uniform_real_distribution<float> wide(-2.0f, 2.0f);
  const float max = kind == Kind::kSnorm ? static_cast<float>((1 << (bits - 1)) - 1)
                                         : static_cast<float>((1ull << bits) - 1);
  switch (rng() % 10) {
    case 0:
      return F(std::numeric_limits<float>::quiet_NaN());
    case 1:
      return F(rng() % 2 ? INFINITY : -INFINITY);
    case 2:
      return F(static_cast<float>(rng() % 1000) * 1e-41f);  // denormal (or zero)
    case 3:
      return F(static_cast<float>(static_cast<int>(rng() % 200000) - 100000));  // large
    case 4:
      return F(-0.0f);
    case 5:  // an exact code of a normalized format
      if (kind == Kind::kFloat) return F(wide(rng));
      return F(static_cast<float>(static_cast<int>(rng() % (2 * static_cast<uint32_t>(max))) -
                                  (kind == Kind::kSnorm ? static_cast<int>(max) : 0)) /
               max);
    default:
      return F(wide(rng));
  }
}

uint32_t Field(const std::vector<uint8_t>& bytes, size_t texel_byte, int offset, int bits) {
  uint64_t word = 0;
  std::memcpy(&word, &bytes[texel_byte + offset / 8], std::min<size_t>(8, (bits + 7) / 8 + 1));
  word >>= offset % 8;
  return bits == 32 ? static_cast<uint32_t>(word)
                    : static_cast<uint32_t>(word & ((1u << bits) - 1));
}

// binary16 of `f` rounded toward zero, finite values beyond the range saturated to 65504: what
// lavapipe stores (../shared/reference/lavapipe.md); NaN and infinities as usual.
uint16_t HalfTowardZero(float f) {
  const uint32_t b = F(f);
  const uint16_t sign = static_cast<uint16_t>((b >> 16) & 0x8000);
  const float a = std::fabs(f);
  if (std::isnan(f)) return sign | 0x7E00;
  if (std::isinf(f)) return sign | 0x7C00;
  if (a >= 65504.0f) return sign | 0x7BFF;
  if (a < 5.9604645e-8f) return sign;
  int e;
  const float m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  if (e < -13) {                      // denormal half: units of 2^-24
    return sign | static_cast<uint16_t>(std::ldexp(a, 24));
  }
  const uint16_t exp = static_cast<uint16_t>(e + 14);
  const uint16_t mant = static_cast<uint16_t>(std::ldexp(m, 11)) & 0x3FF;
  return sign | static_cast<uint16_t>(exp << 10) | mant;
}

// Whether lavapipe's field `theirs` is a departure the rules allow from texunit's `ours`, or an
// open tie; `value` is what was stored.
enum class Verdict { kWrong, kOpen, kLavapipe };
Verdict Judge(Kind kind, int bits, uint32_t value, uint32_t ours, uint32_t theirs) {
  const float f = std::bit_cast<float>(value);
  if (kind == Kind::kUnorm || kind == Kind::kSnorm) {
    // NaN: Vulkan and D3D store 0; lavapipe stores the largest positive code.
    if (std::isnan(f)) {
      const uint32_t largest = kind == Kind::kSnorm ? (1u << (bits - 1)) - 1 : (1u << bits) - 1;
      return theirs == largest ? Verdict::kLavapipe : Verdict::kWrong;
    }
    const double max = kind == Kind::kSnorm ? (1 << (bits - 1)) - 1 : (1ull << bits) - 1;
    const double x = static_cast<double>(f) * max;
    const double frac = x - std::floor(x);
    if (std::fabs(frac - 0.5) < 1e-6) return Verdict::kOpen;  // a tie: either neighbour
    return Verdict::kWrong;
  }
  if (kind == Kind::kFloat && bits == 16 && theirs == HalfTowardZero(f)) return Verdict::kLavapipe;
  if (kind == Kind::kFloat && (bits == 11 || bits == 10)) {
    // The unsigned 11- and 10-bit floats have binary16's exponent field: rounding toward zero
    // at their precision is binary16's exponent and mantissa truncated to their width (negative
    // values store 0).
    if (std::isnan(f)) return Verdict::kWrong;
    const uint32_t t = f <= 0.0f ? 0 : (HalfTowardZero(f) & 0x7FFFu) >> (15 - bits);
    if (theirs == t) return Verdict::kLavapipe;
  }
  return Verdict::kWrong;
}

using StoreConformance = LavapipeTest;

TEST_F(StoreConformance, ImageStoreWritesTheBytesLavapipeWrites) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  int formats = 0, total_channels = 0, total_open = 0, total_lavapipe = 0;
  for (const StoreCase& c : kCases) {
    if (!runner()->CanStore(c.vk)) {
      std::printf("  %-20s not a storage format on lavapipe: skipped\n", FormatName(c.id));
      continue;
    }
    ++formats;
    const ImageDesc image = MakeImage2D(c.id, kW, kH, 1, kBase);
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(image, &layout).ok());
    std::mt19937 rng(static_cast<uint32_t>(c.id) * 131u + 5u);
    std::vector<uint8_t> ours(layout.total_bytes);
    for (auto& b : ours) b = static_cast<uint8_t>(rng());
    const std::vector<uint8_t> before = ours;
    Memory memory;
    ASSERT_TRUE(memory.AddRegion(kBase, ours.data(), ours.size()).ok());

    std::vector<StoreLane> lanes;
    for (uint32_t y = 0; y < kH; ++y) {
      for (uint32_t x = 0; x < kW; ++x) {
        StoreLane l;
        l.x = x;
        l.y = y;
        for (int k = 0; k < 4; ++k) l.value[k] = MakeValue(c.kind, std::max(c.bits[k], 8), rng);
        lanes.push_back(l);
      }
    }
    const SampledKind kind = c.kind == Kind::kUint   ? SampledKind::kUint
                             : c.kind == Kind::kSint ? SampledKind::kSint
                                                     : SampledKind::kFloat;
    std::vector<uint8_t> theirs;
    std::string error;
    const Image2D vk_image{c.vk, kW, kH, 1, &layout, before};
    ASSERT_TRUE(runner()->ImageStore(vk_image, kind, lanes, &theirs, &error)) << error;

    std::vector<uint32_t> sgprs(104, 0);
    ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
    const Status st = ExecuteLanes(
        runtime(), Gfx::kGfx8, kStore, sgprs, memory, lanes.size(),
        [&](size_t i, LaneRegs r) {
          for (int k = 0; k < 4; ++k) r.v(k) = lanes[i].value[k];
          r.v(4) = lanes[i].x;
          r.v(5) = lanes[i].y;
        },
        [](size_t, LaneRegs) {});
    ASSERT_TRUE(st.ok()) << st.ToString();

    int channels = 0, open = 0, departures = 0, wrong = 0;
    std::string first_wrong;
    const uint32_t texel_bytes = layout.bytes_per_element;
    for (const StoreLane& l : lanes) {
      const size_t at = (static_cast<size_t>(l.y) * layout.levels[0].pitch + l.x) * texel_bytes;
      int offset = 0;
      for (int k = 0; k < 4 && c.bits[k] > 0; offset += c.bits[k], ++k) {
        ++channels;
        const uint32_t a = Field(ours, at, offset, c.bits[k]);
        const uint32_t b = Field(theirs, at, offset, c.bits[k]);
        if (a == b) continue;
        const Verdict v = Judge(c.kind, c.bits[k], l.value[k], a, b);
        if (v == Verdict::kOpen) {
          ++open;
        } else if (v == Verdict::kLavapipe) {
          ++departures;
        } else if (++wrong == 1) {
          char buf[192];
          std::snprintf(buf, sizeof(buf),
                        "texel (%u, %u) channel %d: value %08x (%.9g), texunit %x, lavapipe %x",
                        l.x, l.y, k, l.value[k], std::bit_cast<float>(l.value[k]), a, b);
          first_wrong = buf;
        }
      }
    }
    total_channels += channels;
    total_open += open;
    total_lavapipe += departures;
    std::printf("  %-20s %4d channels: %3d open ties, %3d lavapipe departures, %d wrong\n",
                FormatName(c.id), channels, open, departures, wrong);
    EXPECT_EQ(wrong, 0) << FormatName(c.id) << ": " << first_wrong;
  }
  std::printf("%d formats, %d channels, %d open, %d lavapipe departures (%s)\n", formats,
              total_channels, total_open, total_lavapipe, runner()->device_name().c_str());
  EXPECT_GT(formats, 15);
}

}  // namespace
}  // namespace texunit::conformance
