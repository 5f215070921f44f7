// The fixed cost of one wave: a 64-lane IMAGE_SAMPLE_LZ with point filtering on a 16x16 RGBA8
// texture (1 KiB: always in L1, so the time is validation, setup and the kernel, not memory),
// with the same T# and S# on every call, as an emulator issuing one MIMG instruction after
// another does. Two entry points:
//  - WaveCost/runtime_execute: Runtime::Execute on a prepared TexRequest;
//  - WaveCost/gcn_execute: gcn::DecodeMimg on the raw instruction words, then gcn::Execute on a
//    register file (T# and S# read from SGPRs, VADDR gathered from VGPRs, VDATA written back).
// The time per iteration is the cost of one wave; "samples/s" counts its 64 lanes.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "benchmarks/bench_registry.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kSize = 16;
// llvm-mc -mcpu=tonga: image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleLzWords[] = {0xf09c0f00, 0x00820004};

struct WaveFixture {
  std::vector<uint8_t> texels = std::vector<uint8_t>(kSize * kSize * 4);
  Memory memory;
  ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, kSize, kSize, 1, kBase);
  SamplerDesc sampler;
  // Lane arrays on cache lines, as a register file's VGPRs are (README, Performance).
  alignas(64) std::array<uint32_t, 64> s, t;
  alignas(64) std::array<uint32_t, 64> out[4];

  WaveFixture() {
    for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<uint8_t>(i * 37);
    (void)memory.AddRegion(kBase, texels.data(), texels.size());
    sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kPoint;
    // An 8x8 tile of pixels at a 1:1 scale, quads in Morton order, as the rasteriser makes them.
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const uint32_t q = lane / 4, x = (q % 4) * 2 + (lane & 1), y = (q / 4) * 2 + (lane >> 1 & 1);
      s[lane] = std::bit_cast<uint32_t>((x + 0.5f) / kSize);
      t[lane] = std::bit_cast<uint32_t>((y + 0.5f) / kSize);
    }
    for (auto& o : out) o.fill(0);
  }
};

std::unique_ptr<Runtime> MakeRuntime(benchmark::State& state, const std::string& target) {
  std::unique_ptr<Runtime> runtime;
  RuntimeOptions options;
  options.target = target;
  options.threads = 1;
  if (Status st = Runtime::Create(options, &runtime); !st.ok()) {
    state.SkipWithError(st.ToString().c_str());
    return nullptr;
  }
  state.SetLabel(runtime->target_name());
  return runtime;
}

void BM_RuntimeExecute(benchmark::State& state, std::string target) {
  WaveFixture f;
  auto runtime = MakeRuntime(state, target);
  if (!runtime) return;
  TexRequest req;
  req.op = {OpKind::kSample, kOpLz, AtomicOp::kNone};
  req.mods.dmask = 0xF;
  req.image = &f.image;
  req.sampler = &f.sampler;
  req.memory = &f.memory;
  req.in.coord[0] = f.s.data();
  req.in.coord[1] = f.t.data();
  for (int k = 0; k < 4; ++k) req.out.data[k] = f.out[k].data();
  for (auto _ : state) {
    if (Status st = runtime->Execute(req); !st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
  state.counters["samples/s"] =
      benchmark::Counter(64.0 * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_GcnExecute(benchmark::State& state, std::string target) {
  WaveFixture f;
  auto runtime = MakeRuntime(state, target);
  if (!runtime) return;
  // VGPR columns start on cache lines, as a register file laid out for vector access has them.
  struct alignas(64) Vgprs {
    std::array<uint32_t, 256 * 64> v{};
  };
  std::vector<uint32_t> sgprs(104, 0);
  const auto vgpr_file = std::make_unique<Vgprs>();
  std::span<uint32_t> vgprs = vgpr_file->v;
  if (!EncodeImageDesc(Gfx::kGfx8, f.image, std::span(sgprs).subspan(8, 8)).ok() ||
      !EncodeSamplerDesc(Gfx::kGfx8, f.sampler, std::span(sgprs).subspan(16, 4)).ok()) {
    state.SkipWithError("cannot encode the T# or S#");
    return;
  }
  for (uint32_t lane = 0; lane < 64; ++lane) {
    vgprs[4 * 64 + lane] = f.s[lane];
    vgprs[5 * 64 + lane] = f.t[lane];
  }
  gcn::WaveState wave;
  wave.sgprs = sgprs;
  wave.vgprs = vgprs;
  for (auto _ : state) {
    gcn::MimgInstruction inst;
    Status st = gcn::DecodeMimg(Gfx::kGfx8, kSampleLzWords, &inst);
    if (st.ok()) st = gcn::Execute(*runtime, inst, wave, f.memory);
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
  state.counters["samples/s"] =
      benchmark::Counter(64.0 * state.iterations(), benchmark::Counter::kIsRate);
}

}  // namespace

void RegisterWaveCostBenchmarks() {
  std::vector<std::string> targets = {""};  // the best
  for (const std::string& t : Runtime::SupportedTargets()) targets.push_back(t);
  for (const std::string& t : targets) {
    const std::string suffix = t.empty() ? "best" : t;
    benchmark::RegisterBenchmark(("WaveCost/runtime_execute/" + suffix).c_str(), BM_RuntimeExecute,
                                 t)
        ->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark(("WaveCost/gcn_execute/" + suffix).c_str(), BM_GcnExecute, t)
        ->Unit(benchmark::kNanosecond);
  }
}

}  // namespace texunit::render
