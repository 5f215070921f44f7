// The LOD stage ("Sampler ops: SAMPLE*, GATHER4*, GET_LOD on 1D, 2D and array images", "LOD"). The
// array layer takes no part in it.
#include "reference/reference_lod.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/reference_sampler_internal.h"

namespace texunit::reference {

LodScale LodScaleOf(const Image& img, bool unnormalized) {
  const LevelLayout& base = img.layout.levels[img.desc->base_level];
  if (unnormalized) return {};
  // A 2D array level's depth counts its layers, which take no part in the LOD.
  const bool volume = img.desc->type == ImageType::k3D;
  return {static_cast<float>(base.width), static_cast<float>(base.height),
          volume ? static_cast<float>(base.depth) : 1.0f};
}

namespace {

// Implicit: differences inside the quad holding `lane` (coarse: shared by its four lanes). Lanes
// past lane_count take the top-left's coordinates (r too). Helper (inactive) lanes supply
// coordinates too. The 1D types have dvdx = dvdy = 0 and read no t; only 3D has dwdx, dwdy.
Derivatives ImplicitDerivatives(const TexRequest& req, uint32_t lane, const LodScale& k) {
  const uint32_t tl = lane & ~3u;
  auto coord = [&](int axis, uint32_t l) {
    return AsFloat(req.in.coord[axis][l < req.lane_count ? l : tl]);
  };
  const uint32_t tr = tl + 1, bl = tl + 2;
  Derivatives d;
  d.dudx = (coord(0, tr) - coord(0, tl)) * k.W;
  d.dudy = (coord(0, bl) - coord(0, tl)) * k.W;
  if (HasT(req)) {
    d.dvdx = (coord(1, tr) - coord(1, tl)) * k.H;
    d.dvdy = (coord(1, bl) - coord(1, tl)) * k.H;
  }
  if (HasR(req)) {
    d.dwdx = (coord(2, tr) - coord(2, tl)) * k.D;
    d.dwdy = (coord(2, bl) - coord(2, tl)) * k.D;
  }
  return d;
}

// _D: the lane's own derivative operands. _CD ("user derivatives, LOD per quad"): those of the
// quad's top-left lane 4q, so the four lanes of a quad share one lambda. The top-left is always
// below lane_count, and it supplies them even when it is a helper lane. The 1D types read no
// dt/dx, dt/dy operands (deriv[0][1], deriv[1][1] may be null): dvdx = dvdy = 0. Only 3D reads
// dr/dx, dr/dy (deriv[0][2], deriv[1][2]).
Derivatives ExplicitDerivatives(const TexRequest& req, uint32_t lane, const LodScale& k) {
  const uint32_t src = (req.op.flags & kOpCoarseDeriv) != 0 ? lane & ~3u : lane;
  Derivatives d;
  d.dudx = AsFloat(req.in.deriv[0][0][src]) * k.W;
  d.dudy = AsFloat(req.in.deriv[1][0][src]) * k.W;
  if (HasT(req)) {
    d.dvdx = AsFloat(req.in.deriv[0][1][src]) * k.H;
    d.dvdy = AsFloat(req.in.deriv[1][1][src]) * k.H;
  }
  if (HasR(req)) {
    d.dwdx = AsFloat(req.in.deriv[0][2][src]) * k.D;
    d.dwdy = AsFloat(req.in.deriv[1][2][src]) * k.D;
  }
  return d;
}

}  // namespace

// The derivatives a lane's step 1 takes (not for _L and _LZ): _D's and _CD's operands, or the
// implicit quad differences. With the unit scale (LodScale{}) they are the derivatives of s, t, r
// themselves (a product by 1.0f is exact), which "Anisotropic filtering" takes as its long axis.
Derivatives LaneDerivatives(const TexRequest& req, uint32_t lane, const LodScale& k) {
  if ((req.op.flags & (kOpDeriv | kOpCoarseDeriv)) != 0) return ExplicitDerivatives(req, lane, k);
  return ImplicitDerivatives(req, lane, k);
}

LodAxes AxesOf(const Derivatives& d) {
  return {(d.dudx * d.dudx + d.dvdx * d.dvdx) + d.dwdx * d.dwdx,
          (d.dudy * d.dudy + d.dvdy * d.dvdy) + d.dwdy * d.dwdy};
}

// 0.5 * log2(m), log2 in double, rounded to float (log2(0) = -inf, log2(NaN) = NaN).
float HalfLog2(float m) { return 0.5f * static_cast<float>(std::log2(static_cast<double>(m))); }

namespace {

// lambda = 0.5 * log2(max(rx, ry)); max is NaN when either operand is NaN (step 3 then turns a NaN
// lambda into MIN_LOD).
float LambdaOf(const LodAxes& r) {
  const float m = (std::isnan(r.rx) || std::isnan(r.ry)) ? std::numeric_limits<float>::quiet_NaN()
                                                         : (r.rx > r.ry ? r.rx : r.ry);
  return HalfLog2(m);
}

}  // namespace

// Step 2 on a step-1 lambda: + LOD_BIAS / 256 and, for B, + bias.
float BiasLambda(const TexRequest& req, uint32_t lane, float lambda) {
  lambda = lambda + static_cast<float>(req.sampler->lod_bias) / 256.0f;
  if ((req.op.flags & kOpBias) != 0) lambda = lambda + AsFloat(req.in.bias[lane]);
  return lambda;
}

// Steps 1-2: the unclamped lambda, which GET_LOD returns as y. Not for LZ (steps 2-3 skipped).
float UnclampedLambda(const TexRequest& req, uint32_t lane, const LodScale& k) {
  const float lambda = (req.op.flags & kOpLod) != 0
                           ? AsFloat(req.in.lod[lane])
                           : LambdaOf(AxesOf(LaneDerivatives(req, lane, k)));
  return BiasLambda(req, lane, lambda);
}

// Step 3: lo = MIN_LOD, raised by the _CL operand (a lower bound); then MAX_LOD, which wins over
// a larger lo. fmax/fmin return the non-NaN operand, so a NaN lambda becomes lo and a NaN clamp
// is ignored.
float ClampLambda(const TexRequest& req, uint32_t lane, float lambda) {
  const SamplerDesc& smp = *req.sampler;
  float lo = static_cast<float>(smp.min_lod) / 256.0f;
  if ((req.op.flags & kOpClamp) != 0) lo = std::fmax(lo, AsFloat(req.in.clamp[lane]));
  return std::fmin(std::fmax(lambda, lo), static_cast<float>(smp.max_lod) / 256.0f);
}

// Steps 4-5 on the clamped lambda.
float QuantiseLambda(const TexRequest& req, float lambda, bool unnormalized) {
  // Step 4: kHardware quantises the clamped lambda to 8 fractional bits.
  if (req.precision == PrecisionMode::kHardware) lambda = std::floor(lambda * 256.0f) / 256.0f;
  if (unnormalized) lambda = 0.0f;  // step 5
  return lambda;
}

// Steps 1-5 for one lane: the lambda the lookups use.
float Lambda(const TexRequest& req, uint32_t lane, bool unnormalized, const LodScale& k) {
  float lambda = 0.0f;  // LZ: steps 2-3 skipped
  if ((req.op.flags & kOpLz) == 0) {
    lambda = ClampLambda(req, lane, UnclampedLambda(req, lane, k));
  }
  return QuantiseLambda(req, lambda, unnormalized);
}

namespace {

// clamp(x, 0, M) for an integral float x (a floor); NaN cannot reach here but maps to 0.
uint32_t ClampLevel(float x, uint32_t M) {
  if (!(x > 0.0f)) return 0;
  if (x >= static_cast<float>(M)) return M;
  return static_cast<uint32_t>(x);
}

}  // namespace

// MIP_FILTER POINT's view level, also GATHER4's level and GET_LOD's POINT x.
uint32_t PointLevel(float lambda, uint32_t M) { return ClampLevel(std::floor(lambda + 0.5f), M); }

MipLevels SelectLevels(MipFilter filter, float lambda, uint32_t M) {
  MipLevels m;
  switch (filter) {
    case MipFilter::kNone:
      break;
    case MipFilter::kPoint:
      m.d0 = PointLevel(lambda, M);
      break;
    case MipFilter::kLinear:
      m.d0 = ClampLevel(std::floor(lambda), M);
      m.d1 = m.d0 + 1 < M ? m.d0 + 1 : M;
      m.f = (0.0f <= lambda && lambda < static_cast<float>(M)) ? lambda - std::floor(lambda) : 0.0f;
      break;
    default:
      break;  // MIP_FILTER 3 is POINT (EffectiveMipFilter); above 3 is rejected
  }
  return m;
}

// MIP_FILTER 3 (POINT_ANISO_ADJ) is POINT (over the lane's lambda, the anisotropic one on probing
// lanes, as every mip filter). Integer formats are never filtered: POINT is used for XY and for
// LINEAR mips.
MipFilter EffectiveMipFilter(const TexRequest& req, const Image& img) {
  const MipFilter f = req.sampler->mip_filter;
  if (f == MipFilter::kPointAnisoAdj) return MipFilter::kPoint;
  return IsInteger(img) && f == MipFilter::kLinear ? MipFilter::kPoint : f;
}

// T# MIN_LOD (u4.8 in memory levels, the resource LOD clamp): m = MIN_LOD / 256 - BASE_LEVEL in
// view levels (both terms and the difference exact in binary32).
float ViewMinLod(const Image& img) {
  return static_cast<float>(img.desc->min_lod) / 256.0f - static_cast<float>(img.desc->base_level);
}

// Whether T# MIN_LOD moves the lane's level: m > 0 and a level is selected at all (MIP_FILTER NONE
// and unnormalized coordinates read view level 0 whatever m is).
bool ClampsToViewMinLod(const Image& img, MipFilter filter, bool unnormalized) {
  return filter != MipFilter::kNone && !unnormalized && ViewMinLod(img) > 0.0f;
}

// A sample lane selects its levels from x = max(lambda, m) instead of lambda (the lambda of steps
// 1-4, 0 for LZ; a probing lane's anisotropic one), by the mip filter; past M SelectLevels clamps
// to M. lambda is never NaN here (step 3 makes a NaN lambda lo; LZ's is 0).
float SampleLevelLambda(const Image& img, MipFilter filter, float lambda, bool unnormalized) {
  if (!ClampsToViewMinLod(img, filter, unnormalized)) return lambda;
  return std::fmax(lambda, ViewMinLod(img));
}

}  // namespace texunit::reference
