// MSAA_LOAD through Runtime::Execute (docs/sampling.md, "MSAA_LOAD"): one component of four
// fragments, (f & ~3) + 0..3, on 2D_MSAA and 2D_MSAA_ARRAY images, on every target. Expected
// values are worked out from the texel pattern below; the scalar reference must agree.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "reference/reference_sampler.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kSentinel = 0xDEADBEEFu;

// A 2x2 8_8_8_8 UINT image of 8 fragments, two layers: fragment f of texel (x, y) of layer l is
// (R, G, B, A) = (64 y + 8 x + f, 100 + f, 200 + l, 255), stored fragment after fragment
// (docs/sampling.md: element ((l * rows + y) * pitch + x) * S + f).
struct MsaaImage {
  explicit MsaaImage(ImageType type) {
    desc = MakeImage2D(FormatId::kR8G8B8A8_UINT, 2, 2, 1, kBase);
    desc.type = type;
    desc.last_level = 3;  // S = 2^3
    if (type == ImageType::k2DMsaaArray) desc.depth = 2, desc.last_array = 1;
    const uint32_t layers = type == ImageType::k2DMsaaArray ? 2 : 1;
    texels.resize(size_t{layers} * 2 * 2 * 8 * 4);
    for (uint32_t l = 0; l < layers; ++l) {
      for (uint32_t y = 0; y < 2; ++y) {
        for (uint32_t x = 0; x < 2; ++x) {
          for (uint32_t f = 0; f < 8; ++f) {
            uint8_t* t = &texels[((((l * 2 + y) * 2) + x) * 8 + f) * 4];
            t[0] = static_cast<uint8_t>(64 * y + 8 * x + f);
            t[1] = static_cast<uint8_t>(100 + f);
            t[2] = static_cast<uint8_t>(200 + l);
            t[3] = 255;
          }
        }
      }
    }
    EXPECT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size()).ok());
  }
  ImageDesc desc;
  std::vector<uint8_t> texels;
  Memory memory;
};

struct Lanes {
  std::array<std::vector<uint32_t>, 4> coord;
  std::array<std::vector<uint32_t>, 4> out;
  std::vector<uint32_t> status;
  Lanes() {
    for (auto& c : coord) c.assign(kMaxLanes, 0);
    for (auto& o : out) o.assign(kMaxLanes, kSentinel);
    status.assign(kMaxLanes, kSentinel);
  }
  TexRequest Request(const MsaaImage& img, uint8_t dmask) {
    TexRequest r;
    r.op = Op{OpKind::kMsaaLoad, 0};
    r.mods.dmask = dmask;
    r.image = &img.desc;
    r.memory = &img.memory;
    for (int k = 0; k < 4; ++k) {
      r.in.coord[k] = coord[k].data();
      r.out.data[k] = out[k].data();
    }
    return r;
  }
};

class MsaaLoadTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    RuntimeOptions options;
    options.target = GetParam();
    ASSERT_TRUE(Runtime::Create(options, &runtime_).ok());
  }
  std::unique_ptr<Runtime> runtime_;
};

TEST_P(MsaaLoadTest, FourFragmentsOfOneComponent) {
  MsaaImage img(ImageType::k2DMsaa);
  Lanes l;
  // Lane 0: texel (1, 0), f = 5: fragments 4..7. Lane 1: texel (0, 1), f = 2: fragments 0..3.
  // Lane 2: f = 9: fragments 8..11, all past S = 8. Lane 3: inactive.
  const uint32_t x[] = {1, 0, 1, 0}, y[] = {0, 1, 1, 0}, f[] = {5, 2, 9, 0};
  for (int i = 0; i < 4; ++i) {
    l.coord[0][i] = x[i];
    l.coord[1][i] = y[i];
    l.coord[3][i] = f[i];
  }
  TexRequest r = l.Request(img, 0x2);  // G = 100 + fragment
  r.lane_count = 4;
  r.exec = 0x7;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  for (uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(l.out[k][0], 104 + k);
    EXPECT_EQ(l.out[k][1], 100 + k);
    EXPECT_EQ(l.out[k][2], 0u);
    EXPECT_EQ(l.out[k][3], kSentinel);
  }
  // DMASK 0xC: the lowest bit, B = 200 + layer 0.
  r = l.Request(img, 0xC);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(l.out[k][0], 200u);
  // DMASK 0x1: R = 64 y + 8 x + fragment: texel (1, 0), fragments 4..7 -> 12..15.
  r = l.Request(img, 0x1);
  r.lane_count = 1;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(l.out[k][0], 12 + k);
}

TEST_P(MsaaLoadTest, ArrayLayerAndBounds) {
  MsaaImage img(ImageType::k2DMsaaArray);
  Lanes l;
  l.coord[0][0] = 1;  // texel (1, 1) of layer 1, fragments 0..3: R = 64 + 8 + 0..3
  l.coord[1][0] = 1;
  l.coord[2][0] = 1;
  l.coord[3][0] = 3;
  l.coord[0][1] = 2;  // x past the width: zeros
  l.coord[2][2] = 2;  // layer past the last: zeros
  TexRequest r = l.Request(img, 0x1);
  r.lane_count = 3;
  ASSERT_TRUE(runtime_->Execute(r).ok());
  for (uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(l.out[k][0], 72 + k);
    EXPECT_EQ(l.out[k][1], 0u);
    EXPECT_EQ(l.out[k][2], 0u);
  }
}

TEST_P(MsaaLoadTest, Errors) {
  MsaaImage img(ImageType::k2DMsaa);
  Lanes l;
  TexRequest r = l.Request(img, 0x0);
  Status st = runtime_->Execute(r);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DMASK"), std::string::npos) << st.message();
  ImageDesc flat = img.desc;
  flat.type = ImageType::k2D;
  flat.last_level = 0;
  r = l.Request(img, 0x1);
  r.image = &flat;
  st = runtime_->Execute(r);
  EXPECT_NE(st.message().find("T#.TYPE=2D"), std::string::npos) << st.message();
  r = l.Request(img, 0x1);
  r.in.coord[3] = nullptr;
  EXPECT_FALSE(runtime_->Execute(r).ok());
}

// Random lanes, fragments, DMASKs and EXEC masks against the scalar reference.
TEST_P(MsaaLoadTest, MatchesReference) {
  std::mt19937 rng(3);
  for (const ImageType type : {ImageType::k2DMsaa, ImageType::k2DMsaaArray}) {
    MsaaImage img(type);
    for (int wave = 0; wave < 50; ++wave) {
      Lanes got, want;
      for (uint32_t lane = 0; lane < kMaxLanes; ++lane) {
        for (int c = 0; c < 4; ++c) {
          got.coord[c][lane] = want.coord[c][lane] = rng() % (c == 3 ? 14 : 3);
        }
      }
      const uint8_t dmask = static_cast<uint8_t>(1 + rng() % 15);
      TexRequest a = got.Request(img, dmask), b = want.Request(img, dmask);
      a.lane_count = b.lane_count = 1 + rng() % 64;
      a.exec = b.exec = uint64_t{rng()} << 32 | rng();
      ASSERT_TRUE(runtime_->Execute(a).ok());
      ASSERT_TRUE(reference::Execute(b).ok());
      for (int k = 0; k < 4; ++k) EXPECT_EQ(got.out[k], want.out[k]) << "wave " << wave;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, MsaaLoadTest, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
