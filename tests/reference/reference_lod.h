// The LOD stage of the scalar reference (docs/sampling.md, "LOD" and "Filter and level
// selection"): step 1's derivatives and lambda, the bias, the S#, _CL and T# MIN_LOD clamps,
// kHardware's quantisation, and the view levels a lane reads. Internal to tests/reference: the op
// drivers (reference_sampler.cc) and the anisotropic probes (reference_filter.cc) use it.
#pragma once

#include <cstdint>

#include "reference/reference_image.h"
#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit::reference {

// Step 1's scales: W, H and (3D) D, the base level's width, height and depth, or 1, 1 and 1 for
// unnormalized coordinates.
struct LodScale {
  float W = 1.0f, H = 1.0f, D = 1.0f;
};

// Step 1's derivatives of u, v and (3D) w, already scaled by W, H and D; those of an axis the type
// lacks are 0.
struct Derivatives {
  float dudx = 0.0f, dvdx = 0.0f, dwdx = 0.0f, dudy = 0.0f, dvdy = 0.0f, dwdy = 0.0f;
};

// Step 1's rx = (dudx*dudx + dvdx*dvdx) + dwdx*dwdx and ry likewise. Without r the last term adds
// +0 to a sum of squares (or a NaN), which changes nothing.
struct LodAxes {
  float rx = 0.0f, ry = 0.0f;
};

// "Filter and level selection": view levels d0, d1 and the blend fraction f.
struct MipLevels {
  uint32_t d0 = 0, d1 = 0;
  float f = 0.0f;
};

// Step 1's scales for the image's base level (1, 1, 1 for unnormalized coordinates).
LodScale LodScaleOf(const Image& img, bool unnormalized);
// Step 1's derivatives of the lane (_D's, _CD's quad's or the implicit ones), scaled by `k`.
Derivatives LaneDerivatives(const TexRequest& req, uint32_t lane, const LodScale& k);
// Step 1's rx and ry.
LodAxes AxesOf(const Derivatives& d);
// 0.5 * log2(m), log2 in double.
float HalfLog2(float m);
// Step 2: the S# and _B biases added to a step-1 lambda.
float BiasLambda(const TexRequest& req, uint32_t lane, float lambda);
// Steps 1-2: the unclamped lambda (GET_LOD's y).
float UnclampedLambda(const TexRequest& req, uint32_t lane, const LodScale& k);
// Step 3: the MIN_LOD, _CL and MAX_LOD clamps.
float ClampLambda(const TexRequest& req, uint32_t lane, float lambda);
// Steps 4-5: kHardware's quantisation, and 0 for unnormalized coordinates.
float QuantiseLambda(const TexRequest& req, float lambda, bool unnormalized);
// Steps 1-5: the lambda a lane's lookups use.
float Lambda(const TexRequest& req, uint32_t lane, bool unnormalized, const LodScale& k);
// MIP_FILTER POINT's view level (also GATHER4's and GET_LOD's POINT x).
uint32_t PointLevel(float lambda, uint32_t M);
// The mip filter's view levels and blend fraction for a lambda.
MipLevels SelectLevels(MipFilter filter, float lambda, uint32_t M);
// The S# MIP_FILTER as the lane applies it (POINT_ANISO_ADJ is POINT; no LINEAR on integers).
MipFilter EffectiveMipFilter(const TexRequest& req, const Image& img);
// T# MIN_LOD in view levels, m.
float ViewMinLod(const Image& img);
// Whether T# MIN_LOD moves the lane's level.
bool ClampsToViewMinLod(const Image& img, MipFilter filter, bool unnormalized);
// The lambda a sample lane selects its levels from, max(lambda, m) when T# MIN_LOD applies.
float SampleLevelLambda(const Image& img, MipFilter filter, float lambda, bool unnormalized);

}  // namespace texunit::reference
