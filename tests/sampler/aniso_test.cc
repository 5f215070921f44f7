// Anisotropic filtering's invariants (docs/sampling.md, "Anisotropic filtering"), on every SIMD
// target: aniso has no exact oracle, so these check what must hold whatever the probe placement.
//  - An isotropic footprint takes one probe: the result equals the isotropic filter's, bit for bit.
//  - An N:1 footprint takes min(N, R) probes: counted on a texture with one hot column.
//  - A constant texture stays constant under any footprint.
// The kernel against the scalar reference, probe for probe, is kernel_vs_reference_test.cc.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "target_runtime.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x100000;

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

class AnisoTest : public TargetRuntimeTest {
 protected:
  // A w x h R32G32B32A32_FLOAT (or R32_FLOAT) image with `levels` levels, texel (x, y, c) of level
  // L = value(L, x, y, c).
  template <typename Value>
  void MakeImage(FormatId format, uint32_t w, uint32_t h, uint32_t levels, Value value) {
    image_ = MakeImage2D(format, w, h, levels, kBase);
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(image_, &layout).ok());
    texels_.assign(layout.total_bytes, 0);
    const uint32_t channels = format == FormatId::kR32_FLOAT ? 1 : 4;
    for (uint32_t l = 0; l < levels; ++l) {
      const LevelLayout& lv = layout.levels[l];
      for (uint32_t y = 0; y < lv.height; ++y) {
        for (uint32_t x = 0; x < lv.width; ++x) {
          for (uint32_t c = 0; c < channels; ++c) {
            const float v = value(l, x, y, c);
            std::memcpy(&texels_[lv.offset + (uint64_t{y} * lv.pitch + x) * channels * 4 + c * 4],
                        &v, 4);
          }
        }
      }
    }
    memory_ = Memory();
    ASSERT_TRUE(memory_.AddRegion(kBase, texels_.data(), texels_.size()).ok());
  }

  // SAMPLE_D over `lanes` lanes: coordinates and per-lane derivatives from the vectors.
  Status SampleD(const SamplerDesc& smp, const std::vector<float>& s, const std::vector<float>& t,
                 const std::vector<float> (&d)[4], std::vector<uint32_t> (&out)[4]) {
    const uint32_t n = static_cast<uint32_t>(s.size());
    std::vector<uint32_t> in[6];
    const std::vector<float>* src[6] = {&s, &t, &d[0], &d[1], &d[2], &d[3]};
    for (int k = 0; k < 6; ++k) {
      for (float f : *src[k]) in[k].push_back(Bits(f));
    }
    TexRequest req;
    req.op.kind = OpKind::kSample;
    req.op.flags = kOpDeriv;
    req.image = &image_;
    req.sampler = &smp;
    req.memory = &memory_;
    req.lane_count = n;
    req.exec = n == 64 ? ~0ull : (1ull << n) - 1;
    req.in.coord[0] = in[0].data();
    req.in.coord[1] = in[1].data();
    req.in.deriv[0][0] = in[2].data();  // ds/dx
    req.in.deriv[0][1] = in[3].data();  // dt/dx
    req.in.deriv[1][0] = in[4].data();  // ds/dy
    req.in.deriv[1][1] = in[5].data();  // dt/dy
    for (int c = 0; c < 4; ++c) {
      out[c].assign(n, 0);
      req.out.data[c] = out[c].data();
    }
    return rt_->Execute(req);
  }

  ImageDesc image_;
  std::vector<uint8_t> texels_;
  Memory memory_;
};

SamplerDesc Trilinear(XyFilter min_filter, uint8_t ratio) {
  SamplerDesc smp;
  smp.xy_mag_filter = XyFilter::kBilinear;
  smp.xy_min_filter = min_filter;
  smp.mip_filter = MipFilter::kLinear;
  smp.max_aniso_ratio = ratio;
  smp.max_lod = 15 * 256;
  return smp;
}

TEST_P(AnisoTest, AnIsotropicFootprintEqualsTrilinear) {
  // On even lanes rx == ry (the derivatives are a rotation of one length), so P / Q = 1 and
  // N = 1: the one probe is (s, t) and the lambda is the isotropic one. Odd lanes stretch x by 8
  // so that the wave takes the probing path too.
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  MakeImage(FormatId::kR32G32B32A32_FLOAT, 64, 64, 7,
            [&](uint32_t, uint32_t, uint32_t, uint32_t) { return unit(gen); });
  std::vector<float> s, t, d[4];
  for (int lane = 0; lane < 64; ++lane) {
    const float len = std::ldexp(1.0f, -static_cast<int>(lane % 7)) * 0.75f;
    const int turn = lane % 4;  // 0, 90, 180, 270 degrees: the lengths stay exactly equal
    const float a = turn % 2 ? 0.0f : (turn == 0 ? len : -len);
    const float b = turn % 2 ? (turn == 1 ? len : -len) : 0.0f;
    s.push_back(unit(gen));
    t.push_back(unit(gen));
    const float stretch = lane % 2 ? 8.0f : 1.0f;
    d[0].push_back(a * stretch);  // ds/dx
    d[1].push_back(b * stretch);  // dt/dx
    d[2].push_back(-b);           // ds/dy
    d[3].push_back(a);            // dt/dy
  }
  std::vector<uint32_t> aniso[4], iso[4];
  ASSERT_TRUE(SampleD(Trilinear(XyFilter::kAnisoBilinear, 4), s, t, d, aniso).ok());
  ASSERT_TRUE(SampleD(Trilinear(XyFilter::kBilinear, 4), s, t, d, iso).ok());
  for (int c = 0; c < 4; ++c) {
    for (int lane = 0; lane < 64; lane += 2) {
      EXPECT_EQ(aniso[c][lane], iso[c][lane]) << "lane " << lane << " component " << c;
    }
  }
}

TEST_P(AnisoTest, AnNTo1FootprintTakesMinNRProbes) {
  // One level of 64 x 4 R32_FLOAT, 1.0 in column 16 and 0 elsewhere; POINT probes (ANISO_POINT),
  // no mips. ds/dx = N / 64, dt/dy = 1 / 4: rx = N^2, ry = 1, so n = min(N, R) probes,
  // N / n texels apart along x: u_k = u + (2k + 1 - n) * N / (2n). With u = 16.5 + (n - 1) * N /
  // (2n) the first probe is at 16.5, in the hot column, and the others at least one texel
  // further: the mean is 1 / n.
  MakeImage(FormatId::kR32_FLOAT, 64, 4, 1,
            [](uint32_t, uint32_t x, uint32_t, uint32_t) { return x == 16 ? 1.0f : 0.0f; });
  struct Case {
    float footprint;  // N
    uint8_t ratio;    // log2 R
    float probes;     // min(N, R), by hand
  };
  const Case cases[] = {{2, 4, 2}, {3, 4, 3}, {4, 4, 4}, {16, 4, 16},  {32, 4, 16},
                        {8, 2, 4}, {8, 1, 2}, {8, 0, 1}, {2.5f, 3, 3}, {6, 3, 6}};
  for (const Case& k : cases) {
    SamplerDesc smp = Trilinear(XyFilter::kAnisoPoint, k.ratio);
    smp.mip_filter = MipFilter::kNone;
    const float n = k.probes;
    const float u = 16.5f + (n - 1.0f) * k.footprint / (2.0f * n);
    std::vector<float> s = {u / 64.0f}, t = {0.375f},
                       d[4] = {{k.footprint / 64.0f}, {0}, {0}, {0.25f}};
    std::vector<uint32_t> out[4];
    ASSERT_TRUE(SampleD(smp, s, t, d, out).ok());
    EXPECT_EQ(std::bit_cast<float>(out[0][0]), 1.0f / n)
        << "N " << k.footprint << " R " << (1 << k.ratio);
  }
}

TEST_P(AnisoTest, AConstantTextureStaysConstant) {
  // Any footprint, up to 16 probes on two levels: the mean of equal values is that value (the
  // bilinear weights sum to 1 within a few ulp: bound 1e-6).
  MakeImage(FormatId::kR32G32B32A32_FLOAT, 37, 23, 6,
            [](uint32_t, uint32_t, uint32_t, uint32_t c) { return 0.375f + 0.125f * c; });
  std::mt19937 gen(11);
  std::uniform_real_distribution<float> coord(-2.0f, 3.0f), deriv(-0.5f, 0.5f);
  std::vector<float> s, t, d[4];
  for (int lane = 0; lane < 64; ++lane) {
    s.push_back(coord(gen));
    t.push_back(coord(gen));
    const float stretch = std::ldexp(1.0f, static_cast<int>(lane % 6));
    d[0].push_back(deriv(gen) * stretch);
    d[1].push_back(deriv(gen) / stretch);
    d[2].push_back(deriv(gen) / stretch);
    d[3].push_back(deriv(gen) * stretch);
  }
  std::vector<uint32_t> out[4];
  ASSERT_TRUE(SampleD(Trilinear(XyFilter::kAnisoBilinear, 4), s, t, d, out).ok());
  for (int c = 0; c < 4; ++c) {
    for (int lane = 0; lane < 64; ++lane) {
      EXPECT_NEAR(std::bit_cast<float>(out[c][lane]), 0.375f + 0.125f * c, 1e-6)
          << "lane " << lane << " component " << c;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, AnisoTest, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
