// Every SIMD target against the scalar reference (tests/reference), on random requests with edge
// cases: NaN/Inf/denormal/huge/negative coordinates, 1x1 and non-power-of-two images, last
// levels, every CLAMP mode of this release, mixed mag/min filters, random exec masks, DMASK and
// DST_SEL. Expected: bit-exact for loads, stores and explicit-LOD sampling; implicit LOD uses a
// different (but < 2e-6) log2 in the kernel, so those results are compared within 1e-4, or
// within 1/256 of the value range in PrecisionMode::kHardware, where an LOD on a 1/256 step of
// the mip fraction can quantise either way.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/reference_sampler.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x200000000ull;

struct Scenario {
  ImageDesc image;
  SamplerDesc sampler;
  std::vector<uint8_t> memory;
  TexRequest req;
  std::vector<uint32_t> in[12];
  std::string describe;
};

class Rng {
 public:
  explicit Rng(uint32_t seed) : gen_(seed) {}
  uint32_t U(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(gen_); }
  float F(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen_); }
  bool B(int percent = 50) { return U(100) < static_cast<uint32_t>(percent); }
  uint32_t Bits() { return static_cast<uint32_t>(gen_()); }

 private:
  std::mt19937 gen_;
};

uint32_t FloatBits(float f) { return std::bit_cast<uint32_t>(f); }

// A coordinate that is sometimes an edge case.
float EdgeCoord(Rng& r) {
  static const float kEdges[] = {NAN,   INFINITY, -INFINITY, 1e-40f, -1e-40f,
                                 0.0f,  -0.0f,    1.0f,      0.5f,   1e9f,
                                 -1e9f, 3e38f,    0.999999f, -0.5f,  16777216.0f};
  return kEdges[r.U(sizeof(kEdges) / sizeof(kEdges[0]))];
}

Format RandomFormat(Rng& r) {
  switch (r.U(4)) {
    case 0:
      return {DataFormat::k8_8_8_8, NumFormat::kUnorm};
    case 1:
      return {DataFormat::k8_8_8_8, NumFormat::kUint};
    case 2:
      return {DataFormat::k8_8_8_8, NumFormat::kSrgb};
    default:
      return {DataFormat::k32_32_32_32, NumFormat::kFloat};
  }
}

void FillTexels(Rng& r, const ImageDesc& img, std::vector<uint8_t>* mem) {
  if (img.format.data == DataFormat::k8_8_8_8) {
    for (auto& b : *mem) b = static_cast<uint8_t>(r.U(256));
    return;
  }
  float* f = reinterpret_cast<float*>(mem->data());
  static const float kSpecial[] = {NAN,     INFINITY, -INFINITY, 1e-40f,
                                   -1e-40f, 0.0f,     -0.0f,     65504.0f};
  for (size_t i = 0; i < mem->size() / 4; ++i) {
    f[i] = r.B(3) ? kSpecial[r.U(8)] : r.F(-4.0f, 4.0f);
  }
}

// Builds a random request of `kind`; lanes form quads with structured derivatives.
void MakeScenario(Rng& r, OpKind kind, Scenario* sc) {
  static const uint32_t kSizes[] = {1, 2, 3, 5, 8, 16, 17, 33, 64};
  const uint32_t w = kSizes[r.U(9)], h = kSizes[r.U(9)];
  uint32_t max_levels = 1;
  while ((std::max(w, h) >> max_levels) > 0) ++max_levels;
  const uint32_t levels = 1 + r.U(max_levels);
  sc->image = MakeImage2D(RandomFormat(r), w, h, levels, kBase);
  if (r.B(30)) sc->image.pitch = w + r.U(7);
  sc->image.base_level = static_cast<uint8_t>(r.U(levels));
  for (auto& s : sc->image.dst_sel) {
    static const DstSel kSel[] = {DstSel::kX, DstSel::kY, DstSel::kZ,
                                  DstSel::kW, DstSel::k0, DstSel::k1};
    s = r.B(70) ? s : kSel[r.U(6)];
  }
  ImageLayout layout;
  ASSERT_TRUE(ComputeImageLayout(sc->image, &layout).ok());
  sc->memory.assign(layout.total_bytes, 0);
  FillTexels(r, sc->image, &sc->memory);

  SamplerDesc& sd = sc->sampler;
  sd.clamp_x = static_cast<ClampMode>(r.U(4));
  sd.clamp_y = static_cast<ClampMode>(r.U(4));
  sd.xy_mag_filter = static_cast<XyFilter>(r.U(4));
  sd.xy_min_filter = static_cast<XyFilter>(r.U(4));
  sd.mip_filter = static_cast<MipFilter>(r.U(3));
  sd.min_lod = static_cast<uint16_t>(r.B(70) ? 0 : r.U(3 * 256));
  sd.max_lod = static_cast<uint16_t>(r.B(70) ? 15 * 256 : r.U(8 * 256));
  sd.lod_bias = static_cast<int16_t>(r.B(60) ? 0 : static_cast<int>(r.U(8 * 256)) - 4 * 256);
  sd.force_unnormalized = r.B(5);

  TexRequest& q = sc->req;
  q.op.kind = kind;
  q.mods.dmask = static_cast<uint8_t>(r.B(60) ? 0xF : r.U(16));
  q.mods.tfe = r.B(10);
  q.mods.unorm = kind == OpKind::kSample && r.B(10);
  q.precision = r.B(20) ? PrecisionMode::kHardware : PrecisionMode::kFloat;
  q.lane_count = r.B(70) ? 64 : 1 + r.U(64);
  q.exec = r.B(50) ? ~0ull : (uint64_t{r.Bits()} << 32 | r.Bits());
  q.image = &sc->image;
  q.sampler = &sd;

  const uint32_t n = q.lane_count;
  for (auto& v : sc->in) v.assign(n, 0);
  if (kind == OpKind::kSample) {
    static const uint32_t kFlags[] = {0, kOpLod, kOpLz, kOpBias};
    q.op.flags = kFlags[r.U(4)];
    const float scale = std::ldexp(1.0f, static_cast<int>(r.U(12)) - 6);
    for (uint32_t quad = 0; quad * 4 < n; ++quad) {
      const float s0 = r.F(-2.0f, 3.0f), t0 = r.F(-2.0f, 3.0f);
      const float dx = r.F(-1.0f, 1.0f) * scale / w, dy = r.F(-1.0f, 1.0f) * scale / h;
      for (uint32_t k = 0; k < 4 && quad * 4 + k < n; ++k) {
        const uint32_t lane = quad * 4 + k;
        float s = s0 + dx * (k & 1), t = t0 + dy * (k >> 1);
        if (q.mods.unorm || sd.force_unnormalized) s *= w, t *= h;
        if (r.B(4)) s = EdgeCoord(r);
        if (r.B(4)) t = EdgeCoord(r);
        sc->in[0][lane] = FloatBits(s);
        sc->in[1][lane] = FloatBits(t);
        sc->in[2][lane] = FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-2.0f, 8.0f));  // lod
        sc->in[3][lane] = FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-3.0f, 3.0f));  // bias
      }
    }
    q.in.coord[0] = sc->in[0].data();
    q.in.coord[1] = sc->in[1].data();
    q.in.lod = sc->in[2].data();
    q.in.bias = sc->in[3].data();
  } else {
    q.op.flags = r.B(50) ? kOpMip : 0;
    for (uint32_t lane = 0; lane < n; ++lane) {
      sc->in[0][lane] = r.B(5) ? r.Bits() : r.U(w + 2);
      sc->in[1][lane] = r.B(5) ? r.Bits() : r.U(h + 2);
      sc->in[4][lane] = r.B(5) ? r.Bits() : r.U(levels + 1);
      for (int c = 0; c < 4; ++c) {
        sc->in[5 + c][lane] =
            r.B(50) ? FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-0.2f, 1.2f)) : r.U(300);
      }
    }
    q.in.coord[0] = sc->in[0].data();
    q.in.coord[1] = sc->in[1].data();
    q.in.mip = sc->in[4].data();
    for (int c = 0; c < 4; ++c) q.in.data[c] = sc->in[5 + c].data();
  }
  sc->describe = OpName(q.op) + " " + std::to_string(w) + "x" + std::to_string(h) + " levels " +
                 std::to_string(levels) + " base " + std::to_string(sc->image.base_level) +
                 " fmt " + DataFormatName(sc->image.format.data) + "_" +
                 NumFormatName(sc->image.format.num) + " lanes " + std::to_string(n);
}

struct Outputs {
  std::vector<uint32_t> data[4];
  std::vector<uint32_t> status;
  std::vector<uint8_t> memory;
};

Status RunScenario(const Scenario& sc, bool reference, const Runtime* rt, Outputs* out) {
  out->memory = sc.memory;
  Memory mem;
  EXPECT_TRUE(mem.AddRegion(kBase, out->memory.data(), out->memory.size()).ok());
  TexRequest q = sc.req;
  q.memory = &mem;
  for (int k = 0; k < 4; ++k) {
    out->data[k].assign(q.lane_count, 0xDEADBEEF);
    q.out.data[k] = out->data[k].data();
  }
  out->status.assign(q.lane_count, 0xDEADBEEF);
  q.out.status = out->status.data();
  return reference ? reference::Execute(q) : rt->Execute(q);
}

bool SameFloat(uint32_t a, uint32_t b, float tol) {
  if (a == b) return true;
  const float fa = std::bit_cast<float>(a), fb = std::bit_cast<float>(b);
  if (std::isnan(fa) && std::isnan(fb)) return true;
  return std::fabs(fa - fb) <= tol * std::max(1.0f, std::fabs(fa));
}

class KernelVsReference : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    RuntimeOptions opt;
    opt.target = GetParam();
    opt.threads = 1;
    ASSERT_TRUE(Runtime::Create(opt, &rt_).ok());
    ASSERT_EQ(rt_->target_name(), GetParam());
  }
  void TearDown() override {
    RuntimeOptions opt;
    opt.target = "";
    std::unique_ptr<Runtime> reset;
    (void)Runtime::Create(opt, &reset);
  }

  void Compare(OpKind kind, uint32_t seed, int iterations) {
    Rng r(seed);
    int compared = 0;
    for (int it = 0; it < iterations; ++it) {
      Scenario sc;
      MakeScenario(r, kind, &sc);
      Outputs ref, got;
      const Status sr = RunScenario(sc, true, nullptr, &ref);
      const Status sg = RunScenario(sc, false, rt_.get(), &got);
      ASSERT_EQ(sr.code(), sg.code())
          << sc.describe << "\nref: " << sr.ToString() << "\ngot: " << sg.ToString();
      if (!sr.ok()) continue;
      const bool implicit =
          kind == OpKind::kSample && sc.req.op.flags != kOpLod && sc.req.op.flags != kOpLz;
      const bool hw = sc.req.precision == PrecisionMode::kHardware;
      const float tol = !implicit ? 0.0f : hw ? 1.0f / 256 : 1e-4f;
      for (int k = 0; k < 4; ++k) {
        for (uint32_t lane = 0; lane < sc.req.lane_count; ++lane) {
          ASSERT_TRUE(SameFloat(ref.data[k][lane], got.data[k][lane], tol))
              << sc.describe << " iteration " << it << " lane " << lane << " component " << k
              << ": reference " << std::hex << ref.data[k][lane] << " ("
              << std::bit_cast<float>(ref.data[k][lane]) << ") kernel " << got.data[k][lane] << " ("
              << std::bit_cast<float>(got.data[k][lane]) << ")" << std::dec << "\nS#: clamp "
              << int(sc.sampler.clamp_x) << "/" << int(sc.sampler.clamp_y) << " mag "
              << int(sc.sampler.xy_mag_filter) << " min " << int(sc.sampler.xy_min_filter)
              << " mip " << int(sc.sampler.mip_filter) << " lod " << sc.sampler.min_lod << ".."
              << sc.sampler.max_lod << " bias " << sc.sampler.lod_bias << " unnorm "
              << sc.sampler.force_unnormalized << "/" << sc.req.mods.unorm << " hw "
              << int(sc.req.precision) << "\ns,t = " << std::bit_cast<float>(sc.in[0][lane]) << ", "
              << std::bit_cast<float>(sc.in[1][lane]) << " lod "
              << std::bit_cast<float>(sc.in[2][lane]) << " bias "
              << std::bit_cast<float>(sc.in[3][lane]);
        }
      }
      ASSERT_EQ(ref.status, got.status) << sc.describe;
      ASSERT_EQ(ref.memory, got.memory) << sc.describe;
      ++compared;
    }
    EXPECT_GT(compared, iterations / 2);
  }

  std::unique_ptr<Runtime> rt_;
};

TEST_P(KernelVsReference, Load) { Compare(OpKind::kLoad, 1, 400); }
TEST_P(KernelVsReference, Store) { Compare(OpKind::kStore, 2, 400); }
TEST_P(KernelVsReference, Sample) { Compare(OpKind::kSample, 3, 1500); }

INSTANTIATE_TEST_SUITE_P(Targets, KernelVsReference,
                         ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
