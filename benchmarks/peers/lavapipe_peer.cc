#include "benchmarks/peers/lavapipe_peer.h"

#include <bit>
#include <vector>

#include "render/rasterizer.h"

namespace texunit::peers {
namespace {

// glslc -mfmt=c output of the two shaders (benchmarks/peers/CMakeLists.txt).
constexpr uint32_t kLodSpirv[] =
#include "peer_lod.spv.inc"
    ;
constexpr uint32_t kGradSpirv[] =
#include "peer_grad.spv.inc"
    ;

// Workgroups of 64 invocations, 16 samples each (the shaders' kSamples): 16 waves per group.
constexpr uint32_t kWavesPerGroup = 16;

float BitsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }

}  // namespace

std::unique_ptr<LavapipeDispatch> LavapipeDispatch::Create(conformance::VkRunner* runner,
                                                           const render::BenchWorkload& workload,
                                                           std::string* error) {
  const render::BenchConfig& config = workload.config();
  using render::BenchOp;
  if (config.op != BenchOp::kSampleLz && config.op != BenchOp::kSampleL &&
      config.op != BenchOp::kSample) {
    *error = std::string("no lavapipe peer for op=") + render::BenchOpName(config.op);
    return nullptr;
  }
  if (config.format != FormatId::kR8G8B8A8_UNORM || config.compare) {
    *error = "the lavapipe peer samples RGBA8 UNORM without depth compare only";
    return nullptr;
  }

  conformance::SamplerState sampler;
  const bool linear = config.filter != render::BenchFilter::kPoint;
  sampler.mag = sampler.min = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  sampler.mip = config.filter == render::BenchFilter::kTrilinear ||
                        config.filter == render::BenchFilter::kAniso
                    ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                    : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  sampler.address_u = sampler.address_v = config.address == ClampMode::kWrap
                                              ? VK_SAMPLER_ADDRESS_MODE_REPEAT
                                              : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  if (config.filter == render::BenchFilter::kAniso) {
    sampler.max_anisotropy = static_cast<float>(config.aniso);
  }

  const render::MipImage& mip = workload.image();
  conformance::Image2D image;
  image.format = VK_FORMAT_R8G8B8A8_UNORM;
  image.width = image.height = config.size;
  image.levels = mip.levels();
  image.layout = &mip.layout();
  image.bytes = std::span<const uint8_t>(mip.data(), mip.size_bytes());

  const uint32_t lanes = static_cast<uint32_t>(workload.coord(0).size());
  const uint32_t waves = lanes / render::kWaveLanes;
  const std::span<const uint32_t> s = workload.coord(0);
  const std::span<const uint32_t> t = workload.coord(1);
  std::vector<std::array<uint32_t, 4>> operands;
  conformance::DispatchSpec spec;
  spec.image = &image;
  spec.sampler = sampler;
  spec.results = lanes;
  spec.groups = (waves + kWavesPerGroup - 1) / kWavesPerGroup;
  std::unique_ptr<LavapipeDispatch> d(new LavapipeDispatch());
  if (config.op != BenchOp::kSample) {
    // textureLod: the coordinates as vec2s, two lanes per uvec4; the LOD is a push constant
    // (IMAGE_SAMPLE_LZ is LOD 0).
    operands.resize((lanes + 1) / 2);
    for (uint32_t i = 0; i < lanes; ++i) {
      operands[i / 2][2 * (i % 2)] = s[i];
      operands[i / 2][2 * (i % 2) + 1] = t[i];
    }
    const float lod = config.op == BenchOp::kSampleL ? config.lod : 0.0f;
    spec.spirv = kLodSpirv;
    spec.push = {lanes, std::bit_cast<uint32_t>(lod), 0, 0};
    d->shader_call_ = "textureLod";
  } else {
    // textureGrad with each quad's coarse derivatives (top-right and bottom-left minus top-left),
    // as texunit derives implicit LOD; quads without an active lane are skipped.
    operands.resize(2 * size_t{lanes});
    const std::span<const uint64_t> exec = workload.exec();
    for (uint32_t q = 0; q < lanes / 4; ++q) {
      const uint32_t tl = 4 * q;
      const float dsdx = BitsFloat(s[tl + 1]) - BitsFloat(s[tl]);
      const float dtdx = BitsFloat(t[tl + 1]) - BitsFloat(t[tl]);
      const float dsdy = BitsFloat(s[tl + 2]) - BitsFloat(s[tl]);
      const float dtdy = BitsFloat(t[tl + 2]) - BitsFloat(t[tl]);
      const uint64_t quad_bits = (exec[tl / render::kWaveLanes] >> (tl % render::kWaveLanes)) & 0xF;
      const float active = quad_bits != 0 ? 1.0f : 0.0f;
      for (uint32_t i = tl; i < tl + 4; ++i) {
        operands[2 * i] = {s[i], t[i], std::bit_cast<uint32_t>(dsdx),
                           std::bit_cast<uint32_t>(dtdx)};
        operands[2 * i + 1] = {std::bit_cast<uint32_t>(dsdy), std::bit_cast<uint32_t>(dtdy),
                               std::bit_cast<uint32_t>(active), 0};
      }
    }
    spec.spirv = kGradSpirv;
    spec.push = {lanes, 0, 0, 0};
    d->shader_call_ = "textureGrad";
  }
  spec.operands = operands;
  if (!runner->Prepare(spec, &d->dispatch_, error)) return nullptr;
  return d;
}

}  // namespace texunit::peers
