// The filter stage of the scalar reference (docs/sampling.md, "Depth compare", "Border color",
// "Filtering", "Reduction", "CUBE" and "Anisotropic filtering"): the texels a lookup reads (border
// colors, _C compare results, a PRT's non-resident texels, a seamless cube's edge and corner
// texels), POINT, BILINEAR and LINEAR z, the MIN/MAX reductions, and the anisotropic probes.
// Internal to tests/reference: the op drivers of reference_sampler.cc use it.
#pragma once

#include <cstdint>

#include "reference/reference_address.h"
#include "reference/reference_cube.h"
#include "reference/reference_image.h"
#include "reference/reference_lod.h"
#include "texunit/request.h"

namespace texunit::reference {

// One lookup's result at one level.
struct LevelSample {
  float f[4];     // float-class formats, in the filter domain (or compare results)
  uint32_t u[4];  // integer formats: what a load returns
};

// A lane's probes: N of them along the long axis (ds, dt), and the lambda its levels follow. N = 1
// (every lane that does not probe) is the plain lookup at (s, t) with the isotropic lambda.
struct Probes {
  uint32_t n = 1;
  float ds = 0.0f, dt = 0.0f;
  float lambda = 0.0f;
};

// The channel codes of texel (x, y) of a memory layer or slice at a memory level.
void ReadCodes(const Image& img, uint32_t level, uint32_t slice, uint32_t x, uint32_t y,
               uint32_t code[4]);
// _C's D: the texel's X dword, denormals flushed.
float DepthOf(uint32_t x);
// A border texel's four channels before DST_SEL.
void BorderColor(const TexRequest& req, const Image& img, uint32_t color[4]);
// _C: (r, r, r, r), r the compare result for the lane's ref and D.
void CompareTexel(const TexRequest& req, const LaneParams& p, float D, float out[4]);
// Whether texel (i, j) is resident; a non-resident one sets the lane's flag.
bool CheckResident(const Image& img, uint32_t level, int64_t i, int64_t j, const LaneParams& p);
// Seamless cubes: whether an index lies outside the face, and its clamp to the face.
bool OutsideFace(int64_t i, int64_t n);
int64_t ClampToFace(int64_t i, int64_t n);
// Seamless cubes: the lane's params for a plain texel of face `face` of its cube.
LaneParams OnFace(const LaneParams& p, uint32_t face);
// Seamless cubes: the texel (i, j) of the lane's face names, itself or an edge texel's.
CubeTexel ResolveCubeTexel(const LaneParams& p, int64_t i, int64_t j, int64_t n);
// Seamless cubes: BILINEAR's and GATHER4's footprint, indices in -1..n.
Footprint SeamlessFootprint(const TexRequest& req, const Image& img, uint32_t level, float s,
                            float t);
// Whether S# FILTER_MODE is MIN or MAX.
bool Reduces(const TexRequest& req);
// One step of a MIN or MAX reduction.
float Reduce(const TexRequest& req, float acc, float v);
// 3D: whether the Z filter is LINEAR.
bool LinearZFilter(const TexRequest& req, const Image& img, bool bilinear);
// The lane's anisotropic probes (N = 1 when it does not probe).
Probes LaneProbes(const TexRequest& req, const Image& img, uint32_t lane, float iso_lambda,
                  bool unnormalized, const LodScale& scale);
// One level's result: the lookup, or the mean (or reduction) of the probes' lookups.
LevelSample FilterLevel(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        float r, bool bilinear, bool linear_z, bool unnormalized,
                        const LaneParams& p, const Probes& pr);

}  // namespace texunit::reference
