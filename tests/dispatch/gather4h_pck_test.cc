// GATHER4H_PCK through Runtime::Execute (docs/sampling.md, "GATHER4H_PCK"), on every target: the
// raw bytes of the 4x1 row at floor(u - 0.5) - 1 .. + 2 (clamped to the edges) of row floor(v),
// packed into a 16-byte stream whose DMASK-selected words come back. Expected values are the
// doc's rule evaluated here on the test's own texel bytes, plus literal cases worked by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reference/reference_sampler.h"
#include "texunit/capabilities.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x200000;
constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr Op kGather4hPck{OpKind::kGather4, kOpGather4H | kOpPck};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// An image whose byte b of memory is (b * 7 + 3) & 0xFF: every texel's bytes differ from its
// neighbours', so a wrong column, row or byte order changes the stream.
struct RawImage {
  RawImage(FormatId format, uint32_t w, uint32_t h, ImageType type = ImageType::k2D,
           uint32_t levels = 1, uint32_t texel_bytes = 4)
      : size(texel_bytes) {
    desc = MakeImage2D(format, w, h, levels, kBase);
    desc.type = type;
    bytes.resize(1 << 16);
    for (size_t b = 0; b < bytes.size(); ++b) bytes[b] = static_cast<uint8_t>(b * 7 + 3);
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  }
  ImageDesc desc;
  uint32_t size;  // bytes per texel, as the test knows the format
  std::vector<uint8_t> bytes;
  Memory memory;
};

struct Lanes {
  std::array<std::vector<uint32_t>, 2> coord;
  std::array<std::vector<uint32_t>, 4> out;
  std::vector<uint32_t> status;
  Lanes() {
    for (auto& c : coord) c.assign(kMaxLanes, 0);
    for (auto& o : out) o.assign(kMaxLanes, kSentinel);
    status.assign(kMaxLanes, kSentinel);
  }
  TexRequest Request(const RawImage& img, uint8_t dmask) {
    TexRequest r;
    r.op = kGather4hPck;
    r.mods.dmask = dmask;
    r.image = &img.desc;
    r.memory = &img.memory;
    r.in.coord[0] = coord[0].data();
    if (img.desc.type != ImageType::k1D) r.in.coord[1] = coord[1].data();
    for (int k = 0; k < 4; ++k) r.out.data[k] = out[k].data();
    return r;
  }
};

// The doc's rule, on the image's bytes: level 0 of a 1-level linear image, pitch = width.
std::array<uint32_t, 4> Expected(const RawImage& img, uint32_t s_bits, uint32_t t_bits) {
  const uint32_t w = img.desc.width;
  const uint32_t h = img.desc.type == ImageType::k1D ? 1 : img.desc.height;
  const auto coord = [](uint32_t bits, uint32_t size) {
    float c = std::bit_cast<float>(bits) * static_cast<float>(size);
    if (std::isnan(c)) c = 0.0f;
    return std::clamp(c, -16777216.0f, 16777216.0f);
  };
  const float u = coord(s_bits, w);
  const auto left = static_cast<int64_t>(std::floor(u - 0.5f)) - 1;
  const bool one_d = img.desc.type == ImageType::k1D;
  const auto y = one_d ? 0 : static_cast<int64_t>(std::floor(coord(t_bits, h)));
  const uint32_t size = img.size;
  uint8_t stream[16] = {};
  if (size <= 4 && y < int64_t{h}) {
    const int64_t row = std::max<int64_t>(y, 0);
    for (int k = 0; k < 4; ++k) {
      const int64_t x = std::clamp<int64_t>(left + k, 0, int64_t{w} - 1);
      for (uint32_t n = 0; n < size; ++n) {
        stream[k * size + n] = img.bytes[static_cast<size_t>((row * w + x) * size + n)];
      }
    }
  }
  std::array<uint32_t, 4> words{};
  for (int i = 0; i < 4; ++i) {
    for (int n = 0; n < 4; ++n) words[i] |= uint32_t{stream[4 * i + n]} << (8 * n);
  }
  return words;
}

class Gather4hPckTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    RuntimeOptions options;
    options.target = GetParam();
    ASSERT_TRUE(Runtime::Create(options, &runtime_).ok());
  }
  std::unique_ptr<Runtime> runtime_;
};

TEST_P(Gather4hPckTest, IsAnImplementedFamily) {
  const OpFamily* f = FindOpFamily(kGather4hPck);
  ASSERT_NE(f, nullptr);
  EXPECT_STREQ(f->name, "IMAGE_GATHER4H_PCK");
  EXPECT_TRUE(f->implemented);
  // Neither flag alone is this family.
  EXPECT_STRNE(FindOpFamily(Op{OpKind::kGather4, kOpGather4H})->name, "IMAGE_GATHER4H_PCK");
  EXPECT_EQ(FindOpFamily(Op{OpKind::kGather4, kOpPck}), nullptr);
}

// Worked by hand on a 5x3 R8G8B8A8 image: texel (x, y) is bytes 4(5y + x) .. + 3, byte b holds
// (7b + 3) & 0xFF, so the texel's dword is that of its four bytes.
TEST_P(Gather4hPckTest, RgbaRowWorkedByHand) {
  RawImage img(FormatId::kR8G8B8A8_UNORM, 5, 3);
  const auto texel = [&](uint32_t x, uint32_t y) {
    const uint32_t b = 4 * (5 * y + x);
    uint32_t v = 0;
    for (uint32_t n = 0; n < 4; ++n) v |= ((7 * (b + n) + 3) & 0xFFu) << (8 * n);
    return v;
  };
  Lanes l;
  // Lane 0: u = 0.5 -> 2.5 - 0.5 = 2: columns 1..4; v = 0.5 -> 1.5: row 1.
  // Lane 1: u = 0 -> floor(-0.5) = -1: columns -2..1 clamp to 0, 0, 0, 1; v = -1: row 0.
  // Lane 2: u = 1 -> 4.5: columns 3..6 clamp to 3, 4, 4, 4; v = 0.99 -> 2.97: row 2.
  // Lane 3: v = 1 -> row 3 = h: zeros.
  const float s[] = {0.5f, 0.0f, 1.0f, 0.5f}, t[] = {0.5f, -1.0f, 0.99f, 1.0f};
  for (int i = 0; i < 4; ++i) l.coord[0][i] = F(s[i]), l.coord[1][i] = F(t[i]);
  TexRequest r = l.Request(img, 0xF);
  r.lane_count = 4;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  const uint32_t want[4][4] = {
      {texel(1, 1), texel(2, 1), texel(3, 1), texel(4, 1)},
      {texel(0, 0), texel(0, 0), texel(0, 0), texel(1, 0)},
      {texel(3, 2), texel(4, 2), texel(4, 2), texel(4, 2)},
      {0, 0, 0, 0},
  };
  for (int lane = 0; lane < 4; ++lane) {
    for (int k = 0; k < 4; ++k) EXPECT_EQ(l.out[k][lane], want[lane][k]) << lane << " " << k;
  }
  // Texel (1, 1) is bytes 24..27: 7b + 3 = 171, 178, 185, 192.
  EXPECT_EQ(texel(1, 1), 0xC0B9B2ABu);
}

// R8: the four texels fill word 0, texel 0 in its low byte; words 1..3 are zero. DMASK 0xA
// returns words 1 and 3 (both 0) in out.data[0] and [1] and leaves the rest alone.
TEST_P(Gather4hPckTest, NarrowTexelsPackIntoTheFirstWords) {
  RawImage img(FormatId::kR8_UINT, 6, 2, ImageType::k2D, 1, 1);
  Lanes l;
  l.coord[0][0] = F(0.5f);  // 3 - 0.5: columns 1..4 of row 0: bytes 1..4
  TexRequest r = l.Request(img, 0x1);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  const uint32_t b1 = 10, b2 = 17, b3 = 24, b4 = 31;  // (7b + 3) for b = 1..4
  EXPECT_EQ(l.out[0][0], b1 | b2 << 8 | b3 << 16 | b4 << 24);
  EXPECT_EQ(l.out[1][0], kSentinel);
  r = l.Request(img, 0xA);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  EXPECT_EQ(l.out[0][0], 0u);
  EXPECT_EQ(l.out[1][0], 0u);
  EXPECT_EQ(l.out[2][0], kSentinel);
  // R16: two texels per word; word 1 holds texels 2 and 3.
  RawImage wide(FormatId::kR16_FLOAT, 6, 2, ImageType::k2D, 1, 2);
  r = l.Request(wide, 0x2);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  // Window texels 2 and 3 are columns 3 and 4: bytes 6..9 = 45, 52, 59, 66.
  EXPECT_EQ(l.out[0][0], 45u | 52u << 8 | 59u << 16 | 66u << 24);
}

TEST_P(Gather4hPckTest, TexelsWiderThanADwordGiveZeros) {
  for (FormatId f : {FormatId::kR16G16B16A16_UNORM, FormatId::kR32G32B32_FLOAT,
                     FormatId::kR32G32B32A32_UINT, FormatId::kR32G8X24_FLOAT}) {
    RawImage img(f, 4, 4);
    Lanes l;
    l.coord[0][0] = F(0.4f);
    l.coord[1][0] = F(0.4f);
    TexRequest r = l.Request(img, 0xF);
    r.lane_count = 1;
    ASSERT_TRUE(runtime_->Execute(r).ok()) << FormatName(f);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(l.out[k][0], 0u) << FormatName(f);
  }
}

// Random and edge coordinates, every DMASK, EXEC and lane count, formats of 1, 2 and 4 bytes
// (bitfield and float ones too), 1D and 2D, against the rule evaluated above.
TEST_P(Gather4hPckTest, MatchesTheRuleOnEdgeAndRandomCoordinates) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> edges = {0.0f,  -0.0f,  0.5f, 1.0f, -1.0f, -3.0f,  -0.25f, 1.5f, 2.0f, 0.99f,
                              1e30f, -1e30f, inf,  -inf, nan,   1e-40f, 0.2f,   0.3f, 0.7f, 0.1f};
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> unit(-0.5f, 1.5f);
  struct Shape {
    FormatId format;
    uint32_t bytes, w, h;
    ImageType type;
  };
  const Shape shapes[] = {
      {FormatId::kR8_UINT, 1, 7, 5, ImageType::k2D},
      {FormatId::kR4G4_UNORM, 1, 3, 9, ImageType::k2D},
      {FormatId::kR8G8_UNORM, 2, 1, 1, ImageType::k2D},
      {FormatId::kR16_FLOAT, 2, 13, 2, ImageType::k2D},
      {FormatId::kR5G6B5_UNORM, 2, 2, 7, ImageType::k2D},
      {FormatId::kR8G8B8A8_UNORM, 4, 5, 3, ImageType::k2D},
      {FormatId::kR32_FLOAT, 4, 17, 4, ImageType::k2D},
      {FormatId::kR10G10B10A2_UINT, 4, 9, 9, ImageType::k2D},
      {FormatId::kR16G16_FLOAT, 4, 6, 1, ImageType::k1D},
      {FormatId::kR8_UNORM, 1, 33, 1, ImageType::k1D},
  };
  for (const Shape& shape : shapes) {
    RawImage img(shape.format, shape.w, shape.h, shape.type, 1, shape.bytes);
    // Texel-centre boundaries: u * w - 0.5 an integer, and the floats either side of it.
    for (uint32_t i = 0; i <= shape.w; ++i) {
      const float centre = (static_cast<float>(i) + 0.5f) / static_cast<float>(shape.w);
      edges.push_back(centre);
      edges.push_back(std::nextafter(centre, -inf));
      edges.push_back(std::nextafter(centre, inf));
    }
    for (int wave = 0; wave < 12; ++wave) {
      Lanes l;
      for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
        for (int a = 0; a < 2; ++a) {
          const bool edge = (rng() & 1) != 0;
          l.coord[a][lane] = F(edge ? edges[rng() % edges.size()] : unit(rng));
        }
      }
      const auto dmask = static_cast<uint8_t>(1 + wave % 15);
      TexRequest r = l.Request(img, dmask);
      r.lane_count = 1 + rng() % kMaxLanes;
      r.exec = uint64_t{rng()} << 32 | rng();
      const Lanes before = l;
      ASSERT_TRUE(runtime_->Execute(r).ok()) << FormatName(shape.format);
      for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
        const bool active = lane < r.lane_count && ((r.exec >> lane) & 1);
        const std::array<uint32_t, 4> want =
            Expected(img, before.coord[0][lane], before.coord[1][lane]);
        uint32_t k = 0;
        for (int i = 0; i < 4; ++i) {
          if (!((dmask >> i) & 1)) continue;
          EXPECT_EQ(l.out[k][lane], active ? want[i] : kSentinel)
              << FormatName(shape.format) << " lane " << lane << " word " << i
              << " s=" << std::bit_cast<float>(before.coord[0][lane])
              << " t=" << std::bit_cast<float>(before.coord[1][lane]);
          ++k;
        }
        for (; k < 4; ++k) EXPECT_EQ(l.out[k][lane], kSentinel);
      }
    }
  }
}

// The scalar reference (written from the doc on its own image model) agrees on random waves of
// 1D and 2D images with mips and a base level, TFE included.
TEST_P(Gather4hPckTest, MatchesReference) {
  std::mt19937 rng(5);
  const FormatId formats[] = {FormatId::kR8_UNORM, FormatId::kR16G16_UINT, FormatId::kR8G8B8A8_SRGB,
                              FormatId::kR16G16B16A16_FLOAT};
  for (int image = 0; image < 12; ++image) {
    const ImageType type = image % 3 == 0 ? ImageType::k1D : ImageType::k2D;
    const uint32_t w = 1 + rng() % 19, h = type == ImageType::k1D ? 1 : 1 + rng() % 11;
    RawImage img(formats[image % 4], w, h, type, 2);
    img.desc.base_level = static_cast<uint8_t>(rng() % 2);
    for (int wave = 0; wave < 8; ++wave) {
      Lanes got, want;
      for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
        for (int a = 0; a < 2; ++a) {
          const float c = std::uniform_real_distribution<float>(-0.6f, 1.6f)(rng);
          got.coord[a][lane] = want.coord[a][lane] = F(c);
        }
      }
      const auto dmask = static_cast<uint8_t>(1 + rng() % 15);
      TexRequest a = got.Request(img, dmask), b = want.Request(img, dmask);
      a.lane_count = b.lane_count = 1 + rng() % kMaxLanes;
      a.exec = b.exec = uint64_t{rng()} << 32 | rng();
      a.mods.tfe = b.mods.tfe = (wave & 1) != 0;
      a.out.status = got.status.data();
      b.out.status = want.status.data();
      ASSERT_TRUE(runtime_->Execute(a).ok());
      ASSERT_TRUE(reference::Execute(b).ok());
      for (int k = 0; k < 4; ++k) EXPECT_EQ(got.out[k], want.out[k]) << "image " << image;
      EXPECT_EQ(got.status, want.status) << "image " << image;
    }
  }
}

// The view's level 0 is memory level BASE_LEVEL: its size scales the coordinates and its texels
// are read.
TEST_P(Gather4hPckTest, ReadsTheBaseLevel) {
  RawImage img(FormatId::kR32_UINT, 8, 4, ImageType::k2D, 2);
  img.desc.base_level = 1;  // level 1: 4x2, at byte 8 * 4 * 4 = 128 rounded to 256
  Lanes l;
  l.coord[0][0] = F(0.5f);   // 2 - 0.5: columns 0..3
  l.coord[1][0] = F(0.75f);  // 1.5: row 1
  TexRequest r = l.Request(img, 0x9);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  const auto word = [&](uint32_t x, uint32_t y) {
    const size_t at = 256 + (y * 4 + x) * 4;
    uint32_t v = 0;
    for (int n = 0; n < 4; ++n) v |= uint32_t{img.bytes[at + n]} << (8 * n);
    return v;
  };
  EXPECT_EQ(l.out[0][0], word(0, 1));
  EXPECT_EQ(l.out[1][0], word(3, 1));
}

TEST_P(Gather4hPckTest, StatusResultsMayAliasOperandsAndUnboundGivesZeros) {
  RawImage img(FormatId::kR8G8B8A8_UINT, 4, 4);
  Lanes l;
  l.coord[0][0] = F(0.5f);
  l.coord[1][0] = F(0.5f);
  TexRequest r = l.Request(img, 0x3);
  r.lane_count = 1;
  r.mods.tfe = true;
  r.out.status = l.status.data();
  r.out.data[0] = l.coord[0].data();  // the result overwrites u
  r.out.data[1] = l.coord[1].data();
  ASSERT_TRUE(runtime_->Execute(r).ok());
  const std::array<uint32_t, 4> want = Expected(img, F(0.5f), F(0.5f));
  EXPECT_EQ(l.coord[0][0], want[0]);
  EXPECT_EQ(l.coord[1][0], want[1]);
  EXPECT_EQ(l.status[0], 0u);
  ImageDesc unbound = img.desc;
  unbound.unbound = true;
  Lanes z;
  r = z.Request(img, 0xF);
  r.image = &unbound;
  r.lane_count = 2;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  for (int k = 0; k < 4; ++k) EXPECT_EQ(z.out[k][1], 0u);
}

TEST_P(Gather4hPckTest, ErrorsSayWhy) {
  RawImage img(FormatId::kR8G8B8A8_UNORM, 4, 4);
  Lanes l;
  const auto run = [&](TexRequest r) { return runtime_->Execute(r); };
  TexRequest r = l.Request(img, 0x0);
  Status st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DMASK"), std::string::npos) << st.message();
  r = l.Request(img, 0x1);
  r.mods.d16 = true;
  EXPECT_EQ(run(r).code(), StatusCode::kInvalidArgument);
  r = l.Request(img, 0x1);
  r.mods.unorm = true;
  st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kUnsupported);
  EXPECT_NE(st.message().find("UNORM"), std::string::npos) << st.message();
  ImageDesc volume = img.desc;
  volume.type = ImageType::k3D;
  r = l.Request(img, 0x1);
  r.image = &volume;
  st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kUnsupported);
  EXPECT_NE(st.message().find("T#.TYPE=3D"), std::string::npos) << st.message();
  r = l.Request(img, 0x1);
  r.in.coord[1] = nullptr;
  EXPECT_EQ(run(r).code(), StatusCode::kInvalidArgument);
  r = l.Request(img, 0x3);
  r.out.data[1] = nullptr;
  st = run(r);
  EXPECT_NE(st.message().find("out.data[1]"), std::string::npos) << st.message();
  RawImage bc(FormatId::kBC1_UNORM, 8, 8);
  r = l.Request(bc, 0x1);
  st = run(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("blocks"), std::string::npos) << st.message();
  RawImage pairs(FormatId::kR8G8_B8G8_UNORM, 8, 8);
  r = l.Request(pairs, 0x1);
  EXPECT_EQ(run(r).code(), StatusCode::kInvalidArgument);
}

INSTANTIATE_TEST_SUITE_P(Targets, Gather4hPckTest, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
