// The C API: an IMAGE_LOAD and a BVH ray test run from C-style state, error codes with messages,
// and the translation callback.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/texunit_c.h"

namespace {

constexpr uint64_t kBase = 0x100000;

// image_load v[0:3], v[4:5], s[8:15] dmask:0xf on tonga, as llvm-mc encodes it:
// [0x00,0x0f,0x00,0xf0,0x04,0x00,0x02,0x00].
constexpr uint32_t kImageLoad[2] = {0xf0000f00u, 0x00020004u};

struct State {
  std::vector<uint32_t> sgprs = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs = std::vector<uint32_t>(16 * 64, 0);
  std::vector<uint8_t> texels = std::vector<uint8_t>(16);  // 2x2 RGBA8
  State() {
    for (int i = 0; i < 16; ++i) texels[i] = static_cast<uint8_t>(i * 17);  // 0, 17, ..., 255
    texunit::ImageDesc d = texunit::MakeImage2D(texunit::FormatId::kR8G8B8A8_UNORM, 2, 2, 1, kBase);
    EXPECT_TRUE(texunit::EncodeImageDesc(texunit::Gfx::kGfx8, d, {&sgprs[8], 8}).ok());
    for (int lane = 0; lane < 64; ++lane) {
      vgprs[4 * 64 + lane] = lane % 2;        // x
      vgprs[5 * 64 + lane] = (lane / 2) % 2;  // y
    }
  }
};

TEST(CApi, ExecutesAnImageLoadAgainstRegisteredMemory) {
  texunit_runtime* rt = nullptr;
  ASSERT_EQ(texunit_runtime_create(nullptr, 1, &rt), 0) << texunit_last_error();
  EXPECT_STRNE(texunit_runtime_target(rt), "");
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  State st;
  ASSERT_EQ(texunit_memory_add_region(mem, kBase, st.texels.data(), st.texels.size(), 1), 0);
  ASSERT_EQ(texunit_gcn_execute(rt, "gfx8", kImageLoad, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            0)
      << texunit_last_error();
  // Lane 3 reads texel (1, 1): bytes 12..15 = 204, 221, 238, 255.
  EXPECT_EQ(std::bit_cast<float>(st.vgprs[0 * 64 + 3]), 204.0f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(st.vgprs[3 * 64 + 3]), 1.0f);
  EXPECT_STREQ(texunit_last_error(), "");
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

// IMAGE_BVH_INTERSECT_RAY through the C entry point: image_bvh_intersect_ray v[4:7], v[8:23],
// s[0:3] on gfx1030 ([0x01,0x9f,0x98,0xf1,0x08,0x04,0x00,0x00]) against one triangle node,
// V0 = (0,0,5), V1 = (4,0,5), V2 = (0,4,5), from (1, 1, 0) along +z. Unsheared (kz = z):
// A, B, C = (-1,-1,5), (3,-1,5), (-1,3,5); U = 1 - 9 = -8, V = -3 - 1 = -4, W = -3 - 1 = -4;
// det = -16, T = 5 (U + V + W) = -80 (docs/bvh.md): {-80, -16, -4, -4}, t = 5.
TEST(CApi, ExecutesABvhRayTest) {
  constexpr uint32_t kBvh[2] = {0xf1989f01u, 0x00000408u};
  std::vector<uint8_t> node(64, 0);
  const float v[9] = {0, 0, 5, 4, 0, 5, 0, 4, 5};
  std::memcpy(node.data(), v, sizeof(v));
  std::vector<uint32_t> sgprs(8, 0), vgprs(24 * 64, 0);
  // BVH T#: base >> 8, size 1 unit (64 bytes), triangle_return_mode 1, type 8.
  sgprs[0] = kBase >> 8;
  sgprs[2] = 0;
  sgprs[3] = (1u << 24) | (8u << 28);
  const uint32_t ray[11] = {0,  // node pointer: offset 0, type 0
                            std::bit_cast<uint32_t>(100.0f),
                            std::bit_cast<uint32_t>(1.0f),
                            std::bit_cast<uint32_t>(1.0f),
                            0,
                            0,
                            0,
                            std::bit_cast<uint32_t>(1.0f),
                            0,
                            0,
                            0};
  for (int k = 0; k < 11; ++k) vgprs[(8 + k) * 64] = ray[k];
  texunit_runtime* rt = nullptr;
  ASSERT_EQ(texunit_runtime_create(nullptr, 1, &rt), 0) << texunit_last_error();
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  ASSERT_EQ(texunit_memory_add_region(mem, kBase, node.data(), node.size(), 0), 0);
  ASSERT_EQ(texunit_gcn_execute(rt, "gfx1030", kBvh, 2, 1, 1, sgprs.data(), sgprs.size(),
                                vgprs.data(), 24, mem),
            0)
      << texunit_last_error();
  EXPECT_EQ(std::bit_cast<float>(vgprs[4 * 64]), -80.0f);
  EXPECT_EQ(std::bit_cast<float>(vgprs[5 * 64]), -16.0f);
  EXPECT_EQ(std::bit_cast<float>(vgprs[6 * 64]), -4.0f);
  EXPECT_EQ(std::bit_cast<float>(vgprs[7 * 64]), -4.0f);
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

TEST(CApi, ErrorsAreCodesWithMessages) {
  texunit_runtime* rt = nullptr;
  EXPECT_EQ(texunit_runtime_create("NOPE", 1, &rt), 1);
  EXPECT_NE(std::string(texunit_last_error()).find("NOPE"), std::string::npos);
  ASSERT_EQ(texunit_runtime_create("", 1, &rt), 0);
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  State st;  // nothing registered: the T# footprint is out of range
  EXPECT_EQ(texunit_gcn_execute(rt, "gfx8", kImageLoad, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            2);
  EXPECT_NE(std::string(texunit_last_error()).find("registered memory"), std::string::npos);
  EXPECT_EQ(texunit_gcn_execute(rt, "gfx42", kImageLoad, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            1);
  EXPECT_EQ(texunit_gcn_execute(rt, "gfx8", nullptr, 2, 64, ~0ull, st.sgprs.data(), st.sgprs.size(),
                                st.vgprs.data(), 16, mem),
            1);
  EXPECT_NE(std::string(texunit_last_error()).find("words"), std::string::npos);
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

TEST(CApi, BorderColorTableFeedsRegisterBorders) {
  // image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf (llvm-mc, tonga). The S# clamps
  // to the border with a REGISTER color at BORDER_COLOR_PTR 1; s = t = -1 puts the whole bilinear
  // footprint outside the 2x2 image, so every lane returns entry 1: an UNORM channel filters the
  // color as value * 255 and divides by 255 again, exact for 0.25, 0.5, 0.75 and 1.
  constexpr uint32_t kSampleLz[2] = {0xf09c0f00u, 0x00820004u};
  texunit_runtime* rt = nullptr;
  ASSERT_EQ(texunit_runtime_create("", 1, &rt), 0) << texunit_last_error();
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  State st;
  ASSERT_EQ(texunit_memory_add_region(mem, kBase, st.texels.data(), st.texels.size(), 0), 0);
  texunit::SamplerDesc smp;
  smp.clamp_x = smp.clamp_y = texunit::ClampMode::kClampBorder;
  smp.xy_mag_filter = smp.xy_min_filter = texunit::XyFilter::kBilinear;
  smp.border_color_type = texunit::BorderColorType::kRegister;
  smp.border_color_ptr = 1;
  ASSERT_TRUE(texunit::EncodeSamplerDesc(texunit::Gfx::kGfx8, smp, {&st.sgprs[16], 4}).ok());
  for (int lane = 0; lane < 64; ++lane) {
    st.vgprs[4 * 64 + lane] = std::bit_cast<uint32_t>(-1.0f);
    st.vgprs[5 * 64 + lane] = std::bit_cast<uint32_t>(-1.0f);
  }
  // Without a table the pointer is past its end.
  EXPECT_EQ(texunit_gcn_execute(rt, "gfx8", kSampleLz, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            1);
  EXPECT_NE(std::string(texunit_last_error()).find("BORDER_COLOR_PTR=1"), std::string::npos)
      << texunit_last_error();
  const float colors[2][4] = {{0, 0, 0, 0}, {0.25f, 0.5f, 0.75f, 1.0f}};
  uint32_t table[2][4];
  std::memcpy(table, colors, sizeof(table));
  ASSERT_EQ(texunit_memory_set_border_colors(mem, &table[0][0], 2), 0);
  ASSERT_EQ(texunit_gcn_execute(rt, "gfx8", kSampleLz, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            0)
      << texunit_last_error();
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(std::bit_cast<float>(st.vgprs[c * 64 + 7]), colors[1][c]) << "component " << c;
  }
  EXPECT_EQ(texunit_memory_set_border_colors(mem, nullptr, 3), 1);
  EXPECT_EQ(texunit_memory_set_border_colors(mem, nullptr, 0), 0);
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

TEST(CApi, ResidencyMapMarksMissingPages) {
  // image_load v[0:4], v[4:5], s[8:15] dmask:0xf unorm tfe (llvm-mc, tonga) from a 2x2 RGBA8
  // PRT (MIN_LOD_WARN 0x100): its one page marked missing reads zeros with TEXEL_FAIL (1) and
  // LOD 0 in v4; without the map the texel and status 0.
  constexpr uint32_t kLoadTfe[2] = {0xf0011f00u, 0x00020004u};
  texunit_runtime* rt = nullptr;
  ASSERT_EQ(texunit_runtime_create("", 1, &rt), 0) << texunit_last_error();
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  State st;
  ASSERT_EQ(texunit_memory_add_region(mem, kBase, st.texels.data(), st.texels.size(), 0), 0);
  texunit::ImageDesc d = texunit::MakeImage2D(texunit::FormatId::kR8G8B8A8_UNORM, 2, 2, 1, kBase);
  d.min_lod_warn = 0x100;
  ASSERT_TRUE(texunit::EncodeImageDesc(texunit::Gfx::kGfx8, d, {&st.sgprs[8], 8}).ok());
  const uint64_t missing = 0;
  ASSERT_EQ(texunit_memory_set_residency(mem, &missing, 1), 0);
  ASSERT_EQ(texunit_gcn_execute(rt, "gfx8", kLoadTfe, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            0)
      << texunit_last_error();
  EXPECT_EQ(st.vgprs[0 * 64 + 3], 0u);
  EXPECT_EQ(st.vgprs[4 * 64 + 3], 1u);
  ASSERT_EQ(texunit_memory_set_residency(mem, nullptr, 0), 0);
  ASSERT_EQ(texunit_gcn_execute(rt, "gfx8", kLoadTfe, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            0);
  // Lane 3 reads texel (1, 1): bytes 12..15, R = 204.
  EXPECT_EQ(std::bit_cast<float>(st.vgprs[0 * 64 + 3]), 204.0f / 255.0f);
  EXPECT_EQ(st.vgprs[4 * 64 + 3], 0u);
  EXPECT_EQ(texunit_memory_set_residency(mem, nullptr, 2), 1);
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

TEST(CApi, TranslatorMapsGuestMemory) {
  static State st;
  texunit_runtime* rt = nullptr;
  ASSERT_EQ(texunit_runtime_create("", 1, &rt), 0);
  texunit_memory* mem = nullptr;
  ASSERT_EQ(texunit_memory_create(&mem), 0);
  int calls = 0;
  struct Ctx {
    int* calls;
  } ctx{&calls};
  texunit_memory_set_translator(
      mem,
      [](void* user, uint64_t address, uint64_t size, int write) -> uint8_t* {
        ++*static_cast<Ctx*>(user)->calls;
        if (address != kBase || size > st.texels.size() || write) return nullptr;
        return st.texels.data();
      },
      &ctx);
  ASSERT_EQ(texunit_gcn_execute(rt, "tonga", kImageLoad, 2, 64, ~0ull, st.sgprs.data(),
                                st.sgprs.size(), st.vgprs.data(), 16, mem),
            0)
      << texunit_last_error();
  EXPECT_EQ(calls, 1);  // resolved once per request, not per lane
  EXPECT_EQ(std::bit_cast<float>(st.vgprs[1 * 64 + 1]), 85.0f / 255.0f);  // texel (1,0) byte 5
  texunit_memory_destroy(mem);
  texunit_runtime_destroy(rt);
}

}  // namespace
