// The per-lane operands of the sampler ops (sample, gather4, get_lod) as whole waves, so that
// every chunk of every stage can load a whole vector. A full wave reads the caller's arrays in
// place; a shorter one is copied into padded arrays where lanes past lane_count repeat their
// quad's top-left value (zero implicit derivatives), as docs/sampling.md says.
#if defined(TEXUNIT_SAMPLER_OPERANDS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_SAMPLER_OPERANDS_INL_H_
#undef TEXUNIT_SAMPLER_OPERANDS_INL_H_
#else
#define TEXUNIT_SAMPLER_OPERANDS_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "sampler/wave_setup.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Null for the operands the op does not take.
struct SamplerOperands {
  const float* s = nullptr;
  const float* t = nullptr;      // zeros for 1D images
  const float* layer = nullptr;  // arrays' layer, cubes' face
  const float* cube = nullptr;   // cubes: the cube of a cube array (zeros without coord[3])
  const float* r = nullptr;      // 3D only
  const float* lod = nullptr;
  const float* bias = nullptr;
  const float* clamp = nullptr;
  const float* zcompare = nullptr;
  const uint32_t* offset = nullptr;
  const float* deriv[2][3] = {};  // [d/dx, d/dy][s, t, r]
  // The LOD stage's per-quad values, one copy per lane (PrepareQuadLod), indexed by QuadLod;
  // false where each chunk computes them.
  enum QuadLod { kLambda, kAnisoLambda, kProbes, kAxisS, kAxisT, kQuadLodValues };
  bool quad_lambda = false;  // quad_lod[kLambda]: DerivativeLambda
  bool quad_aniso = false;   // quad_lod[kAnisoLambda..kAxisT]: AnisoFootprint's
  HWY_ALIGN uint32_t pad[15][kMaxLanes];
  HWY_ALIGN float quad_lod[kQuadLodValues][kMaxLanes];

  // The coordinate the LOD differentiates along `axis` (0, 1, 2: s, t, r).
  const float* Coord(int axis) const { return axis == 0 ? s : axis == 1 ? t : r; }
};

HWY_INLINE const uint32_t* WaveLanesQuad(const uint32_t* src, uint32_t n, uint32_t* pad) {
  if (n >= kMaxLanes) return src;  // PrepareWave caps n at 64
  std::memcpy(pad, src, n * sizeof(uint32_t));
  for (uint32_t i = n; i < kMaxLanes; ++i) {
    const uint32_t tl = i & ~3u;
    pad[i] = tl < n ? pad[tl] : 0u;
  }
  return pad;
}

// What an image type does not read (1D's t and dt): zero in every lane.
HWY_ALIGN inline constexpr float kZeroWave[kMaxLanes] = {};

HWY_INLINE void GetSamplerOperands(const WaveSetup& s, SamplerOperands* op) {
  const TexRequest& req = *s.req;
  const uint32_t n = s.lane_count;
  int next = 0;
  const auto wave = [&](const uint32_t* src) { return WaveLanesQuad(src, n, op->pad[next++]); };
  const auto wave_f = [&](const uint32_t* src) {
    return reinterpret_cast<const float*>(wave(src));
  };
  op->s = wave_f(req.in.coord[0]);
  op->t = s.key.uses_y ? wave_f(req.in.coord[1]) : kZeroWave;
  if (s.key.st_only) return;
  if (s.key.uses_layer) op->layer = wave_f(req.in.coord[2]);
  if (s.key.cube) op->cube = req.in.coord[3] != nullptr ? wave_f(req.in.coord[3]) : kZeroWave;
  if (s.key.uses_z) op->r = wave_f(req.in.coord[2]);
  if (s.key.lod_explicit) op->lod = wave_f(req.in.lod);
  if (s.key.use_bias_operand) op->bias = wave_f(req.in.bias);
  if (s.key.use_clamp_operand) op->clamp = wave_f(req.in.clamp);
  if (s.key.compare) op->zcompare = wave_f(req.in.zcompare);
  if (s.key.use_offset) op->offset = wave(req.in.offset);
  if (s.key.lod_derivatives) {
    for (int d = 0; d < 2; ++d) {
      op->deriv[d][0] = wave_f(req.in.deriv[d][0]);
      op->deriv[d][1] = s.key.uses_y ? wave_f(req.in.deriv[d][1]) : kZeroWave;
      op->deriv[d][2] = s.key.uses_z ? wave_f(req.in.deriv[d][2]) : kZeroWave;
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLER_OPERANDS_INL_H_
