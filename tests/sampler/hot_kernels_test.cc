// The hot sample kernels (src/sampler/sample_key.h) against the kernels they specialise, on every
// SIMD target. A hot kernel fixes its key at compile time but computes what the plain and general
// kernels compute, in the same order, so its results must equal theirs bit for bit (but for the
// payload of a NaN out of a weighted sum, which the contract leaves open): the same
// request runs on a Runtime with the format fast paths (hot kernels) and on one without (the
// general path, itself compared with the scalar reference by kernel_vs_reference_test.cc). Every
// one of the 40 hot slots is checked to have been selected and run. Random quads and coherent
// tiles, with coherent reads (box_read-inl.h) off and on.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sampler/sample_key.h"
#include "sampler/wave_setup.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;

struct Rng {
  std::mt19937 gen{20261125};
  uint32_t U(uint32_t n) { return static_cast<uint32_t>(gen() % n); }
  bool B(uint32_t percent) { return U(100) < percent; }
  float F(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen); }
};

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// A coordinate, now and then an edge case or just below a texel edge (TRUNC_COORD's band).
float Coord(Rng& r, float lo, float hi, uint32_t size) {
  static const float kEdge[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1.0f, 1e-45f, 3e38f, -1e9f};
  if (r.B(5)) return kEdge[r.U(9)];
  const float s = r.F(lo, hi);
  if (r.B(10)) return (std::floor(s * size) - static_cast<float>(r.U(4)) / 128.0f) / size;
  return s;
}

// A texel word: mostly ordinary values for the format, now and then a float edge case.
uint32_t TexelWord(Rng& r, FormatId f) {
  if (f == FormatId::kR8G8B8A8_UNORM || f == FormatId::kR8G8B8A8_SRGB) return r.gen();
  if (f == FormatId::kR16G16B16A16_FLOAT) {
    // Halves: finite values in [-4, 4) (exponent below 17), now and then Inf/NaN/denormals.
    const auto half = [&]() -> uint32_t {
      if (r.B(3)) return r.B(50) ? 0x7C00u : (r.B(50) ? 0x7E01u : r.U(0x400));
      return (r.U(2) << 15) | ((r.U(17)) << 10) | r.U(1024);
    };
    return half() | half() << 16;
  }
  static const float kEdge[] = {NAN, INFINITY, -INFINITY, 1e-40f, -0.0f, 0.0f, 1.0f};
  return Bits(r.B(3) ? kEdge[r.U(7)] : r.F(-2.0f, 2.0f));
}

struct HotCase {
  HotFormat format;
  FormatId id;
  bool compare;
};
constexpr HotCase kFormats[] = {
    {HotFormat::kRgba8Unorm, FormatId::kR8G8B8A8_UNORM, false},
    {HotFormat::kRgba8Srgb, FormatId::kR8G8B8A8_SRGB, false},
    {HotFormat::kRgba16Float, FormatId::kR16G16B16A16_FLOAT, false},
    {HotFormat::kRgba32Float, FormatId::kR32G32B32A32_FLOAT, false},
    {HotFormat::kR32Depth, FormatId::kR32_FLOAT, true},
};

class HotKernels : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    for (int path = 0; path < 3; ++path) {
      RuntimeOptions opt;
      opt.target = GetParam();
      opt.threads = 1;
      opt.format_fast_paths = path != 0;
      opt.box_reads = path == 2 ? BoxReads::kOn : BoxReads::kOff;
      ASSERT_TRUE(Runtime::Create(opt, &rt_[path]).ok());
    }
  }
  // [0] the general path, [1] the hot kernels with gathers, [2] with coherent reads (the same
  // as [1] on targets without them).
  std::unique_ptr<Runtime> rt_[3];
};

TEST_P(HotKernels, EqualTheKernelsTheySpecialiseBitForBit) {
  Rng r;
  std::set<int> slots_run;
  // Each slot's waves with the usual address key, which the staged kernels run with that key as
  // constants (UsualAddress in address-inl.h), and with any other: (slot, usual) pairs.
  std::set<std::pair<int, bool>> address_keys_run;
  static const uint32_t kSizes[] = {1, 2, 3, 16, 37, 64};
  for (int iteration = 0; iteration < 1600; ++iteration) {
    const HotCase& hc = kFormats[iteration % 5];
    const auto filter = static_cast<HotFilter>((iteration / 5) % 4);
    const bool wrap = (iteration / 20) % 2 == 0;
    const uint32_t w = kSizes[r.U(6)], h = kSizes[r.U(6)];
    const uint32_t levels = 1 + r.U(static_cast<uint32_t>(std::bit_width(std::max(w, h))));
    ImageDesc image = MakeImage2D(hc.id, w, h, levels, kBase);
    image.min_lod = static_cast<uint16_t>(r.B(80) ? 0 : r.U(3 * 256));
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(image, &layout).ok());
    std::vector<uint32_t> texels(layout.total_bytes / 4 + 1);
    for (uint32_t& t : texels) t = TexelWord(r, hc.id);
    Memory memory;
    ASSERT_TRUE(memory.AddRegion(kBase, texels.data(), layout.total_bytes).ok());

    SamplerDesc smp;
    smp.clamp_x = smp.clamp_y = wrap ? ClampMode::kWrap : ClampMode::kClampLastTexel;
    const bool linear = filter != HotFilter::kPoint;
    smp.xy_mag_filter = linear ? XyFilter::kBilinear : XyFilter::kPoint;
    smp.xy_min_filter = filter == HotFilter::kAniso ? XyFilter::kAnisoBilinear : smp.xy_mag_filter;
    smp.max_aniso_ratio = filter == HotFilter::kAniso ? static_cast<uint8_t>(1 + r.U(4)) : 0;
    smp.mip_filter = filter == HotFilter::kTrilinear || (filter == HotFilter::kAniso && r.B(70))
                         ? MipFilter::kLinear
                         : (r.B(70) ? MipFilter::kPoint : MipFilter::kNone);
    smp.max_lod = 15 * 256;
    smp.min_lod = static_cast<uint16_t>(r.B(80) ? 0 : r.U(2 * 256));
    smp.lod_bias = static_cast<int16_t>(r.B(70) ? 0 : static_cast<int>(r.U(4 * 256)) - 2 * 256);
    smp.trunc_coord = r.B(50);
    smp.depth_compare_func = static_cast<CompareFunc>(r.U(8));

    TexRequest q;
    q.op.kind = OpKind::kSample;
    // _LZ waves that MIN_LOD leaves on level 0 take their level geometry once (SampleWaveStaged).
    static const uint32_t kLod[] = {0,        0,    kOpLod, kOpBias, kOpDeriv, kOpCoarseDeriv,
                                    kOpClamp, kOpLz};
    q.op.flags = kLod[r.U(8)] | (r.B(20) ? kOpOffset : 0u) | (hc.compare ? kOpCompare : 0u);
    q.image = &image;
    q.sampler = &smp;
    q.memory = &memory;
    q.lane_count = r.B(70) ? 64 : 1 + r.U(64);
    q.exec = r.B(60) ? ~0ull : (uint64_t{r.gen()} << 32 | r.gen());
    q.mods.dmask = static_cast<uint8_t>(r.B(70) ? 0xF : 1 + r.U(15));
    q.precision = r.B(25) ? PrecisionMode::kHardware : PrecisionMode::kFloat;

    std::vector<uint32_t> in[12];
    for (auto& v : in) v.assign(64, 0);
    const float scale = std::ldexp(1.0f, static_cast<int>(r.U(10)) - 5);
    for (uint32_t quad = 0; quad < 16; ++quad) {
      const float s0 = r.F(-1.5f, 2.5f), t0 = r.F(-1.5f, 2.5f);
      const float dx = r.F(-1, 1) * scale / w, dy = r.F(-1, 1) * scale / h;
      for (uint32_t k = 0; k < 4; ++k) {
        const uint32_t lane = quad * 4 + k;
        in[0][lane] = Bits(r.B(85) ? s0 + dx * (k & 1) : Coord(r, -1.5f, 2.5f, w));
        in[1][lane] = Bits(r.B(85) ? t0 + dy * (k >> 1) : Coord(r, -1.5f, 2.5f, h));
        in[2][lane] = Bits(r.F(-1.0f, 7.0f));                 // lod
        in[3][lane] = Bits(r.F(-2.0f, 2.0f));                 // bias
        in[4][lane] = Bits(r.F(-1.0f, 4.0f));                 // clamp
        in[5][lane] = Bits(r.B(5) ? NAN : r.F(-0.5f, 1.5f));  // zcompare
        in[6][lane] = r.gen();                                // offsets
        // Derivatives, anisotropic now and then (one axis stretched).
        const float stretch = r.B(40) ? std::ldexp(1.0f, static_cast<int>(r.U(5))) : 1.0f;
        in[7][lane] = Bits(dx * stretch);
        in[8][lane] = Bits(r.F(-1, 1) * dy);
        in[9][lane] = Bits(r.F(-1, 1) * dx);
        in[10][lane] = Bits(dy);
      }
    }
    // A third of the waves are a coherent 8x8 tile of 2x2 quads (a 1:1 sweep, minified or
    // magnified, now and then across an edge), as a rasteriser issues them.
    if (r.B(33)) {
      const float step = std::ldexp(1.0f, static_cast<int>(r.U(4)) - 1);  // texels per pixel
      const float x0 = static_cast<float>(r.U(w + 6)) - 3.0f;
      const float y0 = static_cast<float>(r.U(h + 6)) - 3.0f;
      const float jitter = r.B(50) ? 0.5f : r.F(0.0f, 1.0f);
      for (uint32_t lane = 0; lane < 64; ++lane) {
        const uint32_t quad = lane / 4;
        const uint32_t px = (quad % 4) * 2 + (lane & 1), py = (quad / 4) * 2 + (lane >> 1 & 1);
        in[0][lane] = Bits((x0 + (static_cast<float>(px) + jitter) * step) / static_cast<float>(w));
        in[1][lane] = Bits((y0 + (static_cast<float>(py) + jitter) * step) / static_cast<float>(h));
      }
    }
    q.in.coord[0] = in[0].data();
    q.in.coord[1] = in[1].data();
    q.in.lod = in[2].data();
    q.in.bias = in[3].data();
    q.in.clamp = in[4].data();
    q.in.zcompare = in[5].data();
    q.in.offset = in[6].data();
    q.in.deriv[0][0] = in[7].data();
    q.in.deriv[0][1] = in[8].data();
    q.in.deriv[1][0] = in[9].data();
    q.in.deriv[1][1] = in[10].data();

    std::vector<uint32_t> out[3][4];
    for (int c = 0; c < 4; ++c) q.out.data[c] = nullptr;
    for (int c = 0; c < std::popcount(q.mods.dmask); ++c) q.out.data[c] = in[11].data();
    // The slot the fast Runtime's setup selects: the hot kernel that runs.
    WaveSetup setup;
    const Status prepared = PrepareWave(q, ExecOptions{}, &setup);
    ASSERT_TRUE(prepared.ok()) << prepared.ToString();
    ASSERT_GE(setup.key.hot_kernel, 0) << "iteration " << iteration;
    slots_run.insert(setup.key.hot_kernel);
    const SampleKey& key = setup.key;
    const bool usual = (key.clamp_x != ClampMode::kWrap || (key.pow2_x && key.pow2_y)) &&
                       !key.unnormalized && !key.hardware_precision && !key.use_offset;
    address_keys_run.insert({key.hot_kernel, usual});

    for (int path = 0; path < 3; ++path) {
      for (int c = 0; c < 4; ++c) {
        out[path][c].assign(64, 0xDEADBEEFu);
        if (q.out.data[c] != nullptr) q.out.data[c] = out[path][c].data();
      }
      ASSERT_TRUE(rt_[path]->Execute(q).ok()) << "iteration " << iteration;
    }
    // A NaN out of a weighted sum carries an unspecified payload (docs/sampling.md,
    // "Filtering"): which operand's NaN an add propagates is the compiler's choice. POINT
    // without a mip blend returns the texel's own bits.
    const bool sums = filter != HotFilter::kPoint || smp.mip_filter == MipFilter::kLinear;
    const auto is_nan = [](uint32_t v) { return (v & 0x7FFFFFFFu) > 0x7F800000u; };
    for (int path = 1; path < 3; ++path) {
      for (int c = 0; c < 4; ++c) {
        for (uint32_t lane = 0; lane < 64; ++lane) {
          if (sums && is_nan(out[path][c][lane]) && is_nan(out[0][c][lane])) continue;
          ASSERT_EQ(out[path][c][lane], out[0][c][lane])
              << "slot " << int(setup.key.hot_kernel) << " iteration " << iteration << " lane "
              << lane << " component " << c << " format " << FormatName(hc.id) << " flags "
              << q.op.flags << " mip " << int(smp.mip_filter) << " trunc " << smp.trunc_coord
              << (path == 2 ? " coherent reads" : "");
        }
      }
    }
  }
  // Point, bilinear, trilinear and aniso, WRAP and CLAMP_LAST_TEXEL, on all five formats (LZ and
  // MIP_FILTER NONE land trilinear and aniso waves on the bilinear slots, so they are drawn often).
  EXPECT_EQ(slots_run.size(), static_cast<size_t>(kHotSampleKernels));
  EXPECT_EQ(address_keys_run.size(), static_cast<size_t>(2 * kHotSampleKernels));
}

// What selects a hot kernel, and what keeps a wave on the plain or general kernel.
TEST(HotKernelKey, SelectsOnlyTheKeysItWasCompiledFor) {
  std::vector<uint32_t> texels(64 * 64 * 4);
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size() * 4).ok());
  ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 64, 1, kBase);
  SamplerDesc smp;
  smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
  std::vector<uint32_t> coords(64, 0), results(64);
  TexRequest q;
  q.op.kind = OpKind::kSample;
  q.op.flags = kOpLz;
  q.image = &image;
  q.sampler = &smp;
  q.memory = &memory;
  q.in.coord[0] = q.in.coord[1] = coords.data();
  for (auto& d : q.out.data) d = results.data();
  const auto slot = [&]() {
    WaveSetup setup;
    EXPECT_TRUE(PrepareWave(q, ExecOptions{}, &setup).ok());
    return int{setup.key.hot_kernel};
  };
  EXPECT_EQ(slot(), HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kBilinear, KeyAddress::kWrap));
  smp.clamp_y = ClampMode::kMirror;  // the axes differ: no hot key
  EXPECT_EQ(slot(), -1);
  smp.clamp_x = smp.clamp_y = ClampMode::kClampLastTexel;
  EXPECT_EQ(slot(), HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kBilinear,
                                  KeyAddress::kClampLastTexel));
  smp.xy_mag_filter = XyFilter::kPoint;  // mixed filters: the plain kernel
  EXPECT_EQ(slot(), -1);
  smp.xy_min_filter = XyFilter::kPoint;
  EXPECT_EQ(slot(),
            HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kPoint, KeyAddress::kClampLastTexel));
  smp.filter_mode = FilterMode::kMax;  // min/max reduction: the general kernel
  EXPECT_EQ(slot(), -1);
  smp.filter_mode = FilterMode::kBlend;
  image.format = FormatId::kR8G8B8A8_UINT;  // not a hot format
  EXPECT_EQ(slot(), -1);
}

// RGBA8 kernels that blend no levels skip the denormal flush (no result can be denormal); those
// that blend must keep it where a fraction is below 2^-40 (the trilinear kernel skips it for a
// chunk whose fractions are all 0 or at least that): an _L LOD of 1e-40 between level 0 (all 0)
// and level 1 (all 255) blends 255 * 1e-40 = 2.55e-38 codes, 1e-40 after the division by 255,
// which must come back flushed to +0 (docs/sampling.md: float-class sample results are flushed
// when denormal). The same chunk's lanes at LOD 2^-40, 2^-41 and 0.5 read 2^-40, 2^-41 and 0.5
// (1 - f rounds to 1 for the first two, and 255 f / 255 is exact), flushed or not.
TEST_P(HotKernels, MipBlendOfADenormalFractionIsFlushed) {
  ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 2, 2, 2, kBase);
  ImageLayout layout;
  ASSERT_TRUE(ComputeImageLayout(image, &layout).ok());
  std::vector<uint8_t> texels(layout.total_bytes, 0);
  for (uint64_t b = layout.levels[1].offset; b < layout.total_bytes; ++b) texels[b] = 255;
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size()).ok());
  SamplerDesc smp;
  smp.xy_mag_filter = smp.xy_min_filter = XyFilter::kBilinear;
  smp.mip_filter = MipFilter::kLinear;
  smp.max_lod = 15 * 256;
  const float kLods[4] = {1e-40f, 0x1p-40f, 0x1p-41f, 0.5f};
  const uint32_t kExpected[4] = {0u, Bits(0x1p-40f), Bits(0x1p-41f), Bits(0.5f)};
  std::vector<uint32_t> coord(64, Bits(0.5f)), lod(64), results(64, 0xDEADBEEFu);
  for (uint32_t lane = 0; lane < 64; ++lane) lod[lane] = Bits(kLods[lane % 4]);
  TexRequest q;
  q.op = Op{OpKind::kSample, kOpLod};
  q.image = &image;
  q.sampler = &smp;
  q.memory = &memory;
  q.in.coord[0] = q.in.coord[1] = coord.data();
  q.in.lod = lod.data();
  for (auto& d : q.out.data) d = results.data();
  {
    WaveSetup setup;
    ASSERT_TRUE(PrepareWave(q, ExecOptions{}, &setup).ok());
    ASSERT_EQ(setup.key.hot_kernel,
              HotSampleSlot(HotFormat::kRgba8Unorm, HotFilter::kTrilinear, KeyAddress::kWrap));
  }
  q.mods.dmask = 0x1;  // R only
  ASSERT_TRUE(rt_[1]->Execute(q).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) {
    ASSERT_EQ(results[lane], kExpected[lane % 4]) << lane;
  }
  // A wave whose every fraction is 1e-40: its chunks blend only such lanes.
  std::fill(lod.begin(), lod.end(), Bits(1e-40f));
  ASSERT_TRUE(rt_[1]->Execute(q).ok());
  for (uint32_t lane = 0; lane < 64; ++lane) ASSERT_EQ(results[lane], 0u) << lane;
}

INSTANTIATE_TEST_SUITE_P(Targets, HotKernels, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
