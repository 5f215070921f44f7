// Sampler ops on CUBE T#s through gcn::Execute (docs/sampling.md, "CUBE" and "Cube operands from
// GFX6-9"): VADDR x, y in [1, 2] and face id + 8 * layer, seamless edges and corners, the
// non-seamless mode, GATHER4, GET_LOD and _D on faces, and the errors. Instruction dwords come
// from llvm-mc 14 (-arch=amdgcn -mcpu=tonga -show-encoding); every expected value is worked out
// in the comments from the contract's face table:
//   face  ma  sc  tc
//   0 +X  +x  -z  -y
//   1 -X  -x  +z  -y
//   2 +Y  +y  +x  +z
//   3 -Y  -y  +x  -z
//   4 +Z  +z  +x  -y
//   5 -Z  -z  -x  -y
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::gcn {
namespace {

constexpr uint64_t kBase = 0x100000;

// image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf da
constexpr uint32_t kSampleLz[] = {0xf09c4f00, 0x00820004};
// image_gather4_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1 da
constexpr uint32_t kGather4Lz[] = {0xf11c4100, 0x00820004};
// image_get_lod v[0:1], v[4:6], s[8:15], s[16:19] dmask:0x3 da
constexpr uint32_t kGetLod[] = {0xf1804300, 0x00820004};
// image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf da  (ds/dx, dt/dx, ds/dy, dt/dy,
// x, y, face)
constexpr uint32_t kSampleD[] = {0xf0884f00, 0x00820004};

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// Texel (x, y) of face f of cube k at level 0 of the R32_FLOAT test cubes: 100k + 10f + 2y + x;
// level 1 (1x1 faces) holds 1000 + 100k + f.
float Level0(uint32_t k, uint32_t f, uint32_t x, uint32_t y) {
  return static_cast<float>(100 * k + 10 * f + 2 * y + x);
}
float Level1(uint32_t k, uint32_t f) { return static_cast<float>(1000 + 100 * k + f); }

class MimgCubeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  void SetUp() override {
    // Two cubes of 2x2 faces with two levels, R32_FLOAT.
    image_ = MakeImage2D(FormatId::kR32_FLOAT, 2, 2, 2, kBase);
    image_.type = ImageType::kCube;
    image_.depth = 12;  // faces; the GFX8 codec writes DEPTH = cubes - 1
    image_.last_array = 11;
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(image_, &layout).ok());
    mem_.assign(layout.total_bytes, 0);
    for (uint32_t layer = 0; layer < 12; ++layer) {
      const uint32_t k = layer / 6, f = layer % 6;
      for (uint32_t y = 0; y < 2; ++y) {
        for (uint32_t x = 0; x < 2; ++x) {
          Put(layout.levels[0].offset + layer * layout.levels[0].slice_bytes + (y * 2 + x) * 4,
              Level0(k, f, x, y));
        }
      }
      Put(layout.levels[1].offset + layer * layout.levels[1].slice_bytes, Level1(k, f));
    }
    ASSERT_TRUE(memory_.AddRegion(kBase, mem_.data(), mem_.size()).ok());
    sampler_.max_lod = 15 * 256;
    sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kBilinear;
  }

  void Put(uint64_t offset, float v) { std::memcpy(&mem_[offset], &v, 4); }

  // Lane i gets VADDR (x, y, face) from the arrays; v[0:3] receive the result.
  Status Run(std::span<const uint32_t> words, const std::vector<float>& x,
             const std::vector<float>& y, const std::vector<float>& face, uint32_t first = 4) {
    uint32_t t[8] = {}, s[4] = {};
    TEXUNIT_RETURN_IF_ERROR(EncodeImageDesc(Gfx::kGfx8, image_, t));
    TEXUNIT_RETURN_IF_ERROR(EncodeSamplerDesc(Gfx::kGfx8, sampler_, s));
    for (int i = 0; i < 8; ++i) sgprs_[8 + i] = t[i];
    for (int i = 0; i < 4; ++i) sgprs_[16 + i] = s[i];
    for (size_t lane = 0; lane < x.size(); ++lane) {
      v(first, lane) = F(x[lane]);
      v(first + 1, lane) = F(y[lane]);
      v(first + 2, lane) = F(face[lane]);
    }
    MimgInstruction inst;
    TEXUNIT_RETURN_IF_ERROR(DecodeMimg(Gfx::kGfx8, words, &inst));
    WaveState wave;
    wave.lane_count = static_cast<uint32_t>(x.size());
    wave.exec = (1ull << x.size()) - 1;
    wave.sgprs = sgprs_;
    wave.vgprs = vgprs_;
    return Execute(*runtime_, inst, wave, memory_);
  }

  uint32_t& v(uint32_t reg, size_t lane) { return vgprs_[reg * 64 + lane]; }
  float Result(uint32_t reg, size_t lane) { return std::bit_cast<float>(v(reg, lane)); }

  static std::unique_ptr<Runtime> runtime_;
  ImageDesc image_;
  SamplerDesc sampler_;
  std::vector<uint8_t> mem_;
  Memory memory_;
  std::vector<uint32_t> sgprs_ = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs_ = std::vector<uint32_t>(256 * 64, 0);
};

std::unique_ptr<Runtime> MimgCubeTest::runtime_;

TEST_F(MimgCubeTest, PointPicksTheFaceTheCubeAndTheTexel) {
  // s = x - 1, t = y - 1; u = 2s, v = 2t on 2x2 faces.
  //  lane 0: (1.25, 1.75) on face 3: u 0.5, v 1.5 -> texel (0, 1) -> 30 + 2 = 32.
  //  lane 1: x = 2 (s = 1, u = 2) clamps to the edge texel 1; face 6 clamps to 5 -> 50 + 1 = 51.
  //  lane 2: face id 10 = 8 * 1 + 2: cube 1, face 2, texel (0, 0) -> 120.
  //  lane 3: face NaN -> 0; y = 0.5 (t < 0) clamps to row 0 -> texel (1, 0) of face 0 -> 1.
  //  lane 4: face 2.5 rounds to even (2); id 17 = cube 2 clamps to cube 1 in lane 5, face 1.
  sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kPoint;
  ASSERT_TRUE(Run(kSampleLz, {1.25f, 2.0f, 1.25f, 1.75f, 1.25f, 1.25f},
                  {1.75f, 1.25f, 1.25f, 0.5f, 1.25f, 1.25f}, {3.0f, 6.0f, 10.0f, NAN, 2.5f, 17.0f})
                  .ok());
  EXPECT_EQ(Result(0, 0), 32.0f);
  EXPECT_EQ(Result(0, 1), 51.0f);
  EXPECT_EQ(Result(0, 2), 120.0f);
  EXPECT_EQ(Result(0, 3), 1.0f);
  EXPECT_EQ(Result(0, 4), 20.0f);
  EXPECT_EQ(Result(0, 5), 110.0f);
  EXPECT_EQ(Result(3, 0), 1.0f);  // R32_FLOAT's W
}

TEST_F(MimgCubeTest, BilinearReadsAcrossEachKindOfEdge) {
  // Lane 0, +X at s = 0, t = 0.5: u = 0, v = 1 -> i0 = -1, a = 0.5; j0 = 0, b = 0.5. Column -1
  // of +X lies toward +z (its sc is -z): face +Z, whose sc is +x, so +X is beyond +Z's last
  // column; both tc are -y, so rows carry over: (-1, j) -> +Z (1, j) = 41, 43.
  //   ((0.25 * 41 + 0.25 * 0) + 0.25 * 43) + 0.25 * 2 = 21.5.
  // Lane 1, +Y at s = 0.25, t = 1: u = 0.5 -> i0 = 0, a = 0; v = 2 -> j0 = 1, b = 0.5, j1 = 2.
  // Row 2 of +Y lies toward +z (its tc is +z): face +Z, whose tc is -y, so +Y is above +Z's
  // first row; both sc are +x: (0, 2) -> +Z (0, 0) = 40. 0.5 * 22 + 0.5 * 40 = 31.
  // Lane 2, -Y at s = 1, t = 0.25 (column 2, toward +x): face +X, whose tc is -y, so -Y is
  // below +X's last row; -Y's t grows toward -z, +X's s toward -z: (2, 0) -> +X (0, 1) = 2.
  // i0 = 1, a = 0.5, j0 = 0, b = 0: 0.5 * 31 + 0.5 * 2 = 16.5.
  ASSERT_TRUE(Run(kSampleLz, {1.0f, 1.25f, 2.0f}, {1.5f, 2.0f, 1.25f}, {0.0f, 2.0f, 3.0f}).ok());
  EXPECT_EQ(Result(0, 0), ((0.25f * 41 + 0.25f * 0) + 0.25f * 43) + 0.25f * 2);
  EXPECT_EQ(Result(0, 1), 31.0f);
  EXPECT_EQ(Result(0, 2), 16.5f);
}

TEST_F(MimgCubeTest, CornerTexelIsTheMeanOfTheThreeThatMeet) {
  // +Z at s = t = 0: i0 = j0 = -1, a = b = 0.5. Column -1 of +Z (toward -x) is on -X at its
  // last column (-X's sc is +z), rows carrying over: (-1, 0) -> -X (1, 0) = 11. Row -1 (toward
  // +y) is on +Y at its last row (+Y's tc is +z), columns carrying over: (0, -1) -> +Y (0, 1) =
  // 22. The corner (-1, -1) is the mean of A = +Z (0, 0) = 40, B = 11 and C = 22.
  ASSERT_TRUE(Run(kSampleLz, {1.0f}, {1.0f}, {4.0f}).ok());
  const float corner = ((40.0f + 11.0f) + 22.0f) / 3.0f;
  EXPECT_EQ(Result(0, 0), ((0.25f * corner + 0.25f * 22) + 0.25f * 11) + 0.25f * 40);
}

TEST_F(MimgCubeTest, Gather4ReturnsEdgeAndCornerTexels) {
  // The footprint of the corner test: (x0, y1) = (-1, 0) = 11, (x1, y1) = (0, 0) = 40,
  // (x1, y0) = (0, -1) = 22, (x0, y0) = the corner's mean.
  ASSERT_TRUE(Run(kGather4Lz, {1.0f}, {1.0f}, {4.0f}).ok());
  EXPECT_EQ(Result(0, 0), 11.0f);
  EXPECT_EQ(Result(1, 0), 40.0f);
  EXPECT_EQ(Result(2, 0), 22.0f);
  EXPECT_EQ(Result(3, 0), ((40.0f + 11.0f) + 22.0f) / 3.0f);
}

TEST_F(MimgCubeTest, DisableCubeWrapSamplesTheFaceAlone) {
  // The first lane of the edge test, non-seamless with CLAMP_LAST_TEXEL: column -1 clamps to 0,
  // so (0 + 0 + 2 + 2) / 4 = 1. With CLAMP_BORDER and OPAQUE_WHITE the column is 1.0 texels:
  // ((0.25 * 1 + 0.25 * 0) + 0.25 * 1) + 0.25 * 2 = 1.
  sampler_.disable_cube_wrap = true;
  sampler_.clamp_x = sampler_.clamp_y = ClampMode::kClampLastTexel;
  ASSERT_TRUE(Run(kSampleLz, {1.0f}, {1.5f}, {0.0f}).ok());
  EXPECT_EQ(Result(0, 0), 1.0f);
  sampler_.clamp_x = ClampMode::kClampBorder;
  sampler_.border_color_type = BorderColorType::kOpaqueWhite;
  ASSERT_TRUE(Run(kSampleLz, {1.0f}, {1.75f}, {0.0f}).ok());
  // v = 1.5 -> j0 = 1, b = 0: 0.5 * white + 0.5 * (0, 1) = 0.5 + 1 = 1.5.
  EXPECT_EQ(Result(0, 0), 1.5f);
}

TEST_F(MimgCubeTest, LodUsesTheFaceSize) {
  // GET_LOD, quad (TL, TR, BL, BR): x grows by 1 from TL to TR and y by 1 from TL to BL, so
  // ds/dx = dt/dy = 1 face; W = H = 2 (the base level's face): rx = ry = 4, lambda = 1. MIP
  // LINEAR, M = 1: accessed LOD 1, computed 1.
  sampler_.mip_filter = MipFilter::kLinear;
  ASSERT_TRUE(Run(kGetLod, {1.0f, 2.0f, 1.0f, 2.0f}, {1.0f, 1.0f, 2.0f, 2.0f}, {0, 0, 0, 0}).ok());
  for (int lane = 0; lane < 4; ++lane) {
    // The kernels' log2 is within 2e-6 of the exact one (docs/sampling.md, "LOD").
    EXPECT_NEAR(Result(0, lane), 1.0f, 4e-6) << lane;
    EXPECT_NEAR(Result(1, lane), 1.0f, 4e-6) << lane;
  }
}

TEST_F(MimgCubeTest, SampleDTakesFaceLocalDerivatives) {
  // VADDR: ds/dx, dt/dx, ds/dy, dt/dy, then x, y, face. ds/dx = 0.5 face: dudx = 1, lambda = 0
  // (level 0, the texel 2y + x + 10f); ds/dx = 1: lambda = 1, level 1 (1x1) = 1000 + f. MIP
  // POINT, POINT filters; face 3 and 5 (id 13: cube 1).
  sampler_.xy_mag_filter = sampler_.xy_min_filter = XyFilter::kPoint;
  sampler_.mip_filter = MipFilter::kPoint;
  const float dsdx[2] = {0.5f, 1.0f};
  for (size_t lane = 0; lane < 2; ++lane) {
    v(4, lane) = F(dsdx[lane]);
    v(5, lane) = v(6, lane) = v(7, lane) = F(0.0f);
  }
  ASSERT_TRUE(Run(kSampleD, {1.75f, 1.75f}, {1.25f, 1.25f}, {3.0f, 13.0f}, 8).ok());
  EXPECT_EQ(Result(0, 0), 31.0f);
  EXPECT_EQ(Result(0, 1), 1105.0f);
}

TEST_F(MimgCubeTest, BadCubesAreErrorsNamingTheField) {
  sampler_.force_unnormalized = true;
  Status st = Run(kSampleLz, {1.5f}, {1.5f}, {0.0f});
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("FORCE_UNNORMALIZED"), std::string::npos) << st.ToString();
  sampler_.force_unnormalized = false;
  image_.last_array = 8;  // 9 faces
  st = Run(kSampleLz, {1.5f}, {1.5f}, {0.0f});
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("multiple of 6"), std::string::npos) << st.ToString();
  image_.last_array = 11;
  image_.height = 1;
  st = Run(kSampleLz, {1.5f}, {1.5f}, {0.0f});
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("square"), std::string::npos) << st.ToString();
}

}  // namespace
}  // namespace texunit::gcn
