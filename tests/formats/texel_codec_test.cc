// Format conversions with expected values computed by hand from docs/sampling.md ("Formats"),
// through the runtime on every compiled target: decode rules, encode rules (rounding, overflow,
// NaN), the whole-texel store rule, _PCK/_SGN, D16, the 4:2:2 pairs, 1-bit texels and the
// errors for formats that cannot do an op.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "target_runtime.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x8000000ull;

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// One image of `format`, `width` x 1 texels, whose bytes the test writes directly.
struct Image {
  ImageDesc desc;
  std::vector<uint8_t> bytes;
  Memory memory;
  Image(FormatId format, uint32_t width, std::vector<uint8_t> init) : bytes(std::move(init)) {
    desc = MakeImage2D(format, width, 1, 1, kBase);
    ImageLayout l;
    EXPECT_TRUE(ComputeImageLayout(desc, &l).ok());
    bytes.resize(l.total_bytes);
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  }
};

class TexelCodec : public TargetRuntimeTest {
 protected:
  // The four components a one-lane `op` returns for texel x.
  std::array<uint32_t, 4> Load(Image& img, uint32_t x, uint32_t flags = 0, bool d16 = false,
                               uint8_t dmask = 0xF) {
    uint32_t xs[1] = {x}, ys[1] = {0};
    uint32_t out[4][1] = {{0xDEAD}, {0xDEAD}, {0xDEAD}, {0xDEAD}};
    TexRequest q;
    q.op = {OpKind::kLoad, flags};
    q.mods.d16 = d16;
    q.mods.dmask = dmask;
    q.image = &img.desc;
    q.memory = &img.memory;
    q.lane_count = 1;
    q.in.coord[0] = xs;
    q.in.coord[1] = ys;
    for (int k = 0; k < 4; ++k) q.out.data[k] = out[k];
    const Status s = rt_->Execute(q);
    EXPECT_TRUE(s.ok()) << s.ToString();
    return {out[0][0], out[1][0], out[2][0], out[3][0]};
  }

  Status Store(Image& img, uint32_t x, std::array<uint32_t, 4> v, uint8_t dmask = 0xF,
               uint32_t flags = 0, bool d16 = false) {
    uint32_t xs[1] = {x}, ys[1] = {0};
    uint32_t data[4][1] = {{v[0]}, {v[1]}, {v[2]}, {v[3]}};
    TexRequest q;
    q.op = {OpKind::kStore, flags};
    q.mods.d16 = d16;
    q.mods.dmask = dmask;
    q.image = &img.desc;
    q.memory = &img.memory;
    q.lane_count = 1;
    q.in.coord[0] = xs;
    q.in.coord[1] = ys;
    for (int k = 0; k < 4; ++k) q.in.data[k] = data[k];
    return rt_->Execute(q);
  }

  // The 16 bits a one-channel 16-bit float image holds after storing `f`.
  uint16_t StoreHalf(float f) {
    Image img(FormatId::kR16_FLOAT, 1, {});
    EXPECT_TRUE(Store(img, 0, {Bits(f), 0, 0, 0}).ok());
    uint16_t h;
    std::memcpy(&h, img.bytes.data(), 2);
    return h;
  }
};

TEST_P(TexelCodec, HalfFloatDecodesExactly) {
  // Codes: 1 (smallest denormal 2^-24), 0x3FF (largest denormal 1023 * 2^-24), 0x400 (2^-14),
  // 0x3C00 (1.0), 0x8000 (-0), 0x7C00 (+Inf), 0xFC00 (-Inf), 0x7E01 (NaN, payload 0x201).
  const uint16_t codes[] = {0x0001, 0x03FF, 0x0400, 0x3C00, 0x8000, 0x7C00, 0xFC00, 0x7E01};
  std::vector<uint8_t> bytes(sizeof(codes));
  std::memcpy(bytes.data(), codes, sizeof(codes));
  Image img(FormatId::kR16_FLOAT, 8, bytes);
  EXPECT_EQ(Load(img, 0)[0], Bits(std::ldexp(1.0f, -24)));
  EXPECT_EQ(Load(img, 1)[0], Bits(1023.0f * std::ldexp(1.0f, -24)));
  EXPECT_EQ(Load(img, 2)[0], Bits(std::ldexp(1.0f, -14)));
  EXPECT_EQ(Load(img, 3)[0], Bits(1.0f));
  EXPECT_EQ(Load(img, 4)[0], 0x80000000u);
  EXPECT_EQ(Load(img, 5)[0], 0x7F800000u);
  EXPECT_EQ(Load(img, 6)[0], 0xFF800000u);
  EXPECT_EQ(Load(img, 7)[0], 0x7F800000u | (0x201u << 13));  // payload in the top bits
  // Missing channels: Y, Z read 0, W reads 1.0.
  EXPECT_EQ(Load(img, 3)[1], 0u);
  EXPECT_EQ(Load(img, 3)[3], Bits(1.0f));
}

TEST_P(TexelCodec, HalfFloatEncodeRoundsToNearestEvenAndOverflowsToInf) {
  EXPECT_EQ(StoreHalf(1.0f), 0x3C00);
  EXPECT_EQ(StoreHalf(-2.0f), 0xC000);
  EXPECT_EQ(StoreHalf(65504.0f), 0x7BFF);  // largest finite
  EXPECT_EQ(StoreHalf(65519.0f), 0x7BFF);  // below the midpoint 65520
  EXPECT_EQ(StoreHalf(65520.0f), 0x7C00);  // the midpoint rounds to even: Inf
  EXPECT_EQ(StoreHalf(-1e9f), 0xFC00);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even keep 1.0; 1 + 3 * 2^-11 rounds up.
  EXPECT_EQ(StoreHalf(1.0f + std::ldexp(1.0f, -11)), 0x3C00);
  EXPECT_EQ(StoreHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);
  // Denormals: 2^-25 is half the smallest denormal: ties to even give 0; 3 * 2^-25 gives 2.
  EXPECT_EQ(StoreHalf(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(StoreHalf(3 * std::ldexp(1.0f, -25)), 0x0002);
  EXPECT_EQ(StoreHalf(-1e-40f), 0x8000);  // a binary32 denormal is far below: -0
  // NaN stays NaN with the quiet bit: payload 0x400001 keeps its top bits 0x200 | ...
  EXPECT_EQ(StoreHalf(std::bit_cast<float>(0x7FC00000u)), 0x7E00);
  EXPECT_EQ(StoreHalf(std::bit_cast<float>(0x7F800001u)), 0x7E00);  // signalling: made quiet
  EXPECT_EQ(StoreHalf(std::bit_cast<float>(0xFFA00000u)), 0xFF00);  // -NaN, payload 0x100
}

TEST_P(TexelCodec, SmallFloatsOfR11G11B10) {
  // X (11 bits): 0x3C0 = exponent 15, mantissa 0 = 1.0; Y: 0x001 = 2^-14 * 1/64 = 2^-20;
  // Z (10 bits): 0x3E0 = exponent 31, mantissa 0 = +Inf.
  const uint32_t texel = 0x3C0u | 0x001u << 11 | 0x3E0u << 22;
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &texel, 4);
  Image img(FormatId::kR11G11B10_FLOAT, 1, bytes);
  EXPECT_EQ(Load(img, 0)[0], Bits(1.0f));
  EXPECT_EQ(Load(img, 0)[1], Bits(std::ldexp(1.0f, -20)));
  EXPECT_EQ(Load(img, 0)[2], 0x7F800000u);
  // Encode: negative -> 0; finite above the largest (f11: 65024, f10: 64512) -> largest finite
  // (0x7BF, 0x3DF); Inf -> Inf.
  ASSERT_TRUE(Store(img, 0, {Bits(-5.0f), Bits(1e9f), Bits(INFINITY), 0}).ok());
  uint32_t back;
  std::memcpy(&back, img.bytes.data(), 4);
  EXPECT_EQ(back & 0x7FF, 0u);
  EXPECT_EQ((back >> 11) & 0x7FF, 0x7BFu);
  EXPECT_EQ(back >> 22, 0x3E0u);
  ASSERT_TRUE(Store(img, 0, {Bits(65024.0f), 0, Bits(70000.0f), 0}).ok());
  std::memcpy(&back, img.bytes.data(), 4);
  EXPECT_EQ(back & 0x7FF, 0x7BFu);  // exactly the largest finite
  EXPECT_EQ(back >> 22, 0x3DFu);
}

TEST_P(TexelCodec, SharedExponentFollowsTheVulkanRule) {
  Image img(FormatId::kR9G9B9E5_FLOAT, 1, {});
  // (1.0, 0.5, 0.25): max 1.0, floor(log2) 0, exp_p = 0 + 16 = 16; max_s = floor(1 * 2^8 + 1/2)
  // = 256 < 512, so exp_s = 16 and the mantissas are 256, 128, 64.
  ASSERT_TRUE(Store(img, 0, {Bits(1.0f), Bits(0.5f), Bits(0.25f), 0}).ok());
  uint32_t w;
  std::memcpy(&w, img.bytes.data(), 4);
  EXPECT_EQ(w, 256u | 128u << 9 | 64u << 18 | 16u << 27);
  auto c = Load(img, 0);
  EXPECT_EQ(c[0], Bits(1.0f));  // 256 * 2^(16 - 24)
  EXPECT_EQ(c[2], Bits(0.25f));
  EXPECT_EQ(c[3], Bits(1.0f));  // W reads 1
  // 1.999: exp_p = 16, max_s = floor(511.744 + 1/2) = 512 -> exp_s = 17; mantissa =
  // floor(1.999 * 2^7 + 1/2) = floor(256.372) = 256.
  ASSERT_TRUE(Store(img, 0, {Bits(1.999f), 0, Bits(-3.0f), 0}).ok());
  std::memcpy(&w, img.bytes.data(), 4);
  EXPECT_EQ(w, 256u | 17u << 27);
  // Values above 65408 clamp to it: 511 * 2^(31 - 24).
  ASSERT_TRUE(Store(img, 0, {Bits(1e20f), 0, 0, 0}).ok());
  std::memcpy(&w, img.bytes.data(), 4);
  EXPECT_EQ(w, 511u | 31u << 27);
}

TEST_P(TexelCodec, NormalizedIntegerRules) {
  // R8G8B8A8_SNORM bytes 0x80, 0x81, 0x7F, 0x01: -128 -> -1.0, -127/127 = -1.0, 1.0, 1/127.
  Image snorm(FormatId::kR8G8B8A8_SNORM, 1, {0x80, 0x81, 0x7F, 0x01});
  auto c = Load(snorm, 0);
  EXPECT_EQ(c[0], Bits(-1.0f));
  EXPECT_EQ(c[1], Bits(-1.0f));
  EXPECT_EQ(c[2], Bits(1.0f));
  EXPECT_EQ(c[3], Bits(1.0f / 127.0f));
  // R5G6B5_UNORM 0xFFFF: 31/31, 63/63, 31/31 = 1.0; W (absent) = 1.0.
  Image r565(FormatId::kR5G6B5_UNORM, 1, {0xFF, 0xFF});
  EXPECT_EQ(Load(r565, 0), (std::array<uint32_t, 4>{Bits(1.f), Bits(1.f), Bits(1.f), Bits(1.f)}));
  // UNORM encode: 0.5 * 255 = 127.5 ties to even -> 128; 2/255*255 -> 2; NaN -> 0; 7 -> 255.
  Image u8(FormatId::kR8G8B8A8_UNORM, 1, {});
  ASSERT_TRUE(Store(u8, 0, {Bits(0.5f), Bits(2.0f / 255.0f), Bits(NAN), Bits(7.0f)}).ok());
  EXPECT_EQ(u8.bytes, (std::vector<uint8_t>{128, 2, 0, 255}));
  // SNORM encode: -1.5 clamps to -1 -> -127 (0x81); -0.5 * 127 = -63.5 ties to even -> -64.
  ASSERT_TRUE(Store(snorm, 0, {Bits(-1.5f), Bits(-0.5f), Bits(0.0f), Bits(1.0f)}).ok());
  EXPECT_EQ(snorm.bytes, (std::vector<uint8_t>{0x81, 0xC0, 0x00, 0x7F}));
  // 10-bit channels: R10G10B10A2_UNORM X = 1023 -> 1.0, W = 2 -> 2/3.
  const uint32_t t = 1023u | 2u << 30;
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &t, 4);
  Image r10(FormatId::kR10G10B10A2_UNORM, 1, bytes);
  c = Load(r10, 0);
  EXPECT_EQ(c[0], Bits(1.0f));
  EXPECT_EQ(c[3], Bits(2.0f / 3.0f));
}

TEST_P(TexelCodec, Gfx6OnlyKindsOfR8) {
  // SNORM_NZ: (2s + 1) / 255: code 0 -> 1/255, 0x80 (-128) -> -255/255 = -1.0.
  Image nz(FormatId::kR8G8B8A8_SNORM_NZ, 1, {0x00, 0x80, 0x7F, 0xFF});
  auto c = Load(nz, 0);
  EXPECT_EQ(c[0], Bits(1.0f / 255.0f));
  EXPECT_EQ(c[1], Bits(-1.0f));
  EXPECT_EQ(c[2], Bits(1.0f));            // (254 + 1) / 255
  EXPECT_EQ(c[3], Bits(-1.0f / 255.0f));  // s = -1: (-2 + 1) / 255
  // UBNORM: u = c - 128; max(u / 127, -1): 0 -> -1, 1 -> -1, 128 -> 0, 255 -> 1.
  Image ub(FormatId::kR8G8B8A8_UBNORM, 1, {0, 1, 128, 255});
  c = Load(ub, 0);
  EXPECT_EQ(c[0], Bits(-1.0f));
  EXPECT_EQ(c[1], Bits(-1.0f));
  EXPECT_EQ(c[2], Bits(0.0f));
  EXPECT_EQ(c[3], Bits(1.0f));
  // UBINT: c - 128 as an integer; W of an integer format reads the integer 1 when absent.
  Image ubint(FormatId::kR8_UBINT, 1, {5});
  c = Load(ubint, 0);
  EXPECT_EQ(c[0], static_cast<uint32_t>(-123));
  EXPECT_EQ(c[3], 1u);
}

TEST_P(TexelCodec, StoresWriteWholeTexels) {
  // DMASK 0x1 supplies X only: Y, Z, W are written as 0 (AMD: "an entire element").
  Image img(FormatId::kR8G8B8A8_UNORM, 2, {9, 9, 9, 9, 7, 7, 7, 7});
  ASSERT_TRUE(Store(img, 0, {Bits(1.0f), 0, 0, 0}, 0x1).ok());
  EXPECT_EQ(img.bytes, (std::vector<uint8_t>{255, 0, 0, 0, 7, 7, 7, 7}));
  // DMASK 0x9: data[0] is X, data[1] is W.
  ASSERT_TRUE(Store(img, 1, {Bits(1.0f), Bits(0.0f), 0, 0}, 0x9).ok());
  EXPECT_EQ(img.bytes, (std::vector<uint8_t>{255, 0, 0, 0, 255, 0, 0, 0}));
  // A one-byte texel next to another: only its own byte changes.
  Image r8(FormatId::kR8_UINT, 3, {1, 2, 3});
  ASSERT_TRUE(Store(r8, 1, {500, 0, 0, 0}).ok());  // saturates to 255
  EXPECT_EQ(r8.bytes, (std::vector<uint8_t>{1, 255, 3}));
}

TEST_P(TexelCodec, RawPckLoadsAndStores) {
  // R16_UNORM code 0x8001: _PCK zero-extends, _PCK_SGN sign-extends from 16 bits.
  Image r16(FormatId::kR16_UNORM, 1, {0x01, 0x80});
  EXPECT_EQ(Load(r16, 0, kOpPck)[0], 0x8001u);
  EXPECT_EQ(Load(r16, 0, kOpPck | kOpSgn)[0], 0xFFFF8001u);
  // A 16-byte texel: DMASK 0x5 returns dwords 0 and 2, no DST_SEL or conversion.
  std::vector<uint8_t> bytes(16);
  const uint32_t words[4] = {0x11111111, 0x22222222, 0x7FC00001, 0x44444444};
  std::memcpy(bytes.data(), words, 16);
  Image r32(FormatId::kR32G32B32A32_FLOAT, 1, bytes);
  r32.desc.dst_sel[0] = DstSel::kW;
  const auto c = Load(r32, 0, kOpPck, false, 0x5);
  EXPECT_EQ(c[0], 0x11111111u);
  EXPECT_EQ(c[1], 0x7FC00001u);
  // STORE_PCK writes the dwords' bytes: a 2-byte texel takes the low 16 bits.
  ASSERT_TRUE(Store(r16, 0, {0xABCD1234u, 0, 0, 0}, 0x1, kOpPck).ok());
  EXPECT_EQ(r16.bytes, (std::vector<uint8_t>{0x34, 0x12}));
}

TEST_P(TexelCodec, D16ConvertsAndSaturates) {
  // Floats to binary16: 1.0 -> 0x3C00, 1/3 rounds to 0x3555.
  Image f32(FormatId::kR32G32_FLOAT, 1, {});
  std::memcpy(f32.bytes.data(), std::array<float, 2>{1.0f, 1.0f / 3.0f}.data(), 8);
  auto c = Load(f32, 0, 0, /*d16=*/true);
  EXPECT_EQ(c[0], 0x3C00u);
  EXPECT_EQ(c[1], 0x3555u);
  EXPECT_EQ(c[3], 0x3C00u);  // W = 1.0
  // Integers saturate: 70000 -> 65535 (UINT); -40000 -> -32768 (SINT).
  Image u32(FormatId::kR32_UINT, 1, {0x70, 0x11, 0x01, 0x00});  // 70000
  EXPECT_EQ(Load(u32, 0, 0, true)[0], 0xFFFFu);
  const int32_t neg = -40000;
  std::vector<uint8_t> nb(4);
  std::memcpy(nb.data(), &neg, 4);
  Image s32(FormatId::kR32_SINT, 1, nb);
  EXPECT_EQ(Load(s32, 0, 0, true)[0], 0x8000u);
  // D16 stores take popcount(DMASK) values for the first channels: DMASK 0x8 still writes X.
  Image h(FormatId::kR16G16_FLOAT, 1, {});
  ASSERT_TRUE(Store(h, 0, {0x3C00u, 0, 0, 0}, 0x8, 0, /*d16=*/true).ok());
  EXPECT_EQ(h.bytes, (std::vector<uint8_t>{0x00, 0x3C, 0x00, 0x00}));
  // SINT 16-bit data are sign-extended: 0xFFFE -> -2 into an R32_SINT texel.
  ASSERT_TRUE(Store(s32, 0, {0xFFFEu, 0, 0, 0}, 0x1, 0, true).ok());
  int32_t back;
  std::memcpy(&back, s32.bytes.data(), 4);
  EXPECT_EQ(back, -2);
}

TEST_P(TexelCodec, PairsAndBitTexels) {
  // GB_GR (R8G8_B8G8) bytes X, Y0, Z, Y1 = 10, 20, 30, 40: texel 0 = (10, 20, 30), texel 1 =
  // (10, 40, 30); BG_RG (G8R8_G8B8) bytes Y0, X, Y1, Z: texel 1 = (20, 30, 40).
  Image gbgr(FormatId::kR8G8_B8G8_UINT, 2, {10, 20, 30, 40});
  EXPECT_EQ(Load(gbgr, 0), (std::array<uint32_t, 4>{10, 20, 30, 1}));
  EXPECT_EQ(Load(gbgr, 1), (std::array<uint32_t, 4>{10, 40, 30, 1}));
  Image bgrg(FormatId::kG8R8_G8B8_UNORM, 2, {10, 20, 30, 40});
  EXPECT_EQ(Load(bgrg, 1)[0], Bits(20.0f / 255.0f));
  EXPECT_EQ(Load(bgrg, 1)[1], Bits(30.0f / 255.0f));
  // 1-bit texels: byte 0b10000101. R1: texel x is bit x -> 1, 0, 1, 0, ...; reversed: bit 7 - x.
  Image bits(FormatId::kR1_UNORM, 8, {0x85});
  EXPECT_EQ(Load(bits, 0)[0], Bits(1.0f));
  EXPECT_EQ(Load(bits, 1)[0], Bits(0.0f));
  EXPECT_EQ(Load(bits, 2)[0], Bits(1.0f));
  EXPECT_EQ(Load(bits, 7)[0], Bits(1.0f));
  Image rev(FormatId::kR1_REVERSED_UNORM, 8, {0x85});
  EXPECT_EQ(Load(rev, 0)[0], Bits(1.0f));  // bit 7
  EXPECT_EQ(Load(rev, 5)[0], Bits(1.0f));  // bit 2
  EXPECT_EQ(Load(rev, 6)[0], Bits(0.0f));  // bit 1
  EXPECT_EQ(Load(rev, 7)[0], Bits(1.0f));  // bit 0
}

TEST_P(TexelCodec, OpsAFormatCannotDoAreErrorsNamingIt) {
  Image bc(FormatId::kBC1_UNORM, 4, {});
  Status s = Store(bc, 0, {0, 0, 0, 0});
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("BC1_UNORM"), std::string::npos) << s.message();
  uint32_t x[1] = {0}, y[1] = {0}, out[4][1];
  TexRequest q;
  q.op = {OpKind::kLoad, kOpPck};
  q.image = &bc.desc;
  q.memory = &bc.memory;
  q.lane_count = 1;
  q.in.coord[0] = x;
  q.in.coord[1] = y;
  for (int k = 0; k < 4; ++k) q.out.data[k] = out[k];
  s = rt_->Execute(q);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("blocks"), std::string::npos) << s.message();
  // D16 with _PCK, and a T# whose pair named no format.
  Image r8(FormatId::kR8_UNORM, 1, {0});
  q.image = &r8.desc;
  q.memory = &r8.memory;
  q.mods.d16 = true;
  EXPECT_EQ(rt_->Execute(q).code(), StatusCode::kInvalidArgument);
  q.mods.d16 = false;
  q.op = {OpKind::kLoad, 0};
  r8.desc.format = FormatId::kInvalid;
  r8.desc.data_format = 10;
  r8.desc.num_format = 7;
  s = rt_->Execute(q);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("T#.DATA_FORMAT=10"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("NUM_FORMAT=7"), std::string::npos) << s.message();
}

INSTANTIATE_TEST_SUITE_P(Targets, TexelCodec, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
