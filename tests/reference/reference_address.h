// The address stage of the scalar reference (docs/sampling.md, "Texel coordinates at memory
// level L"): a lane's offsets, layer, cube face and _C reference, the S# clamp modes and border
// texels, the POINT index with S# TRUNC_COORD's rounding, the bilinear footprint, and 3D's z
// slices. Internal to tests/reference: reference_filter.cc and reference_sampler.cc use it.
#pragma once

#include <cstdint>

#include "reference/reference_image.h"
#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit::reference {

// What one lane's lookups need besides its coordinates: the _O offsets, the _C reference and the
// memory layer (or 3D slice) all its 2D lookup's texels are in.
struct LaneParams {
  int64_t ox = 0, oy = 0, oz = 0;
  bool compare = false;
  float ref = 0.0f;  // already clamped to [0, 1] for UNORM depth
  // base_array + l for 1D_ARRAY and 2D_ARRAY, the z index for 3D, base_array + 6K + F for CUBE,
  // else 0.
  uint32_t slice = 0;
  // 3D: the slice's z index is a border index (S# CLAMP_Z), so every texel of the 2D lookup is a
  // border texel.
  bool border_slice = false;
  // CUBE: the lane's face F, the memory layer of face 0 of its cube (base_array + 6K), and
  // whether its lookups are seamless (S# DISABLE_CUBE_WRAP = 0: texel indices -1 and n name
  // texels of the adjacent faces, see SeamlessFilterTexel) or sample the face as a 2D image.
  uint32_t face = 0;
  uint32_t cube_layer = 0;
  bool seamless = false;
  // Set when a texel the lane reads from memory is not resident (a PRT's non-resident page): the
  // lane's own flag, shared by every copy of its params (levels, slices, probes, faces).
  bool* nonresident = nullptr;
};

// One axis of the bilinear footprint (also GATHER4's): i0 = floor(u - 0.5) + offset and
// i1 = i0 + 1 after the axis's clamp mode (kBorder for a border texel), and the weight fraction
// a = (u - 0.5) - floor(u - 0.5), quantised to 1/256 in kHardware. Offsets are added to the
// integer coordinates, before the clamp mode.
struct AxisFootprint {
  int64_t i0 = 0, i1 = 0;
  float a = 0.0f;
};

// The bilinear footprint at memory level `level`: columns x.i0, x.i1 with fraction a = x.a, rows
// y.i0, y.i1 with b = y.a. The 1D types have one row: j0 and j1 are both row 0, which is never a
// border row (CLAMP_Y and the offset's Y bits are not read), and b = 0.
struct Footprint {
  AxisFootprint x, y;
};

// Whether the T# is a CUBE.
bool IsCube(const TexRequest& req);
// A sampler op on a CUBE whose S# leaves DISABLE_CUBE_WRAP clear, except GATHER4H, which reads
// the face as a non-seamless cube does (docs/sampling.md, "GATHER4H").
bool IsSeamlessCube(const TexRequest& req);
// The lane's offsets, _C reference, layer (or cube face) and texel-fail flag.
LaneParams MakeLaneParams(const TexRequest& req, const Image& img, uint32_t lane,
                          bool* nonresident);
// The border clamp modes (4..7), and the half-border ones among them.
bool IsBorderMode(ClampMode mode);
bool IsHalfBorderMode(ClampMode mode);
// Whether texel (i, j) of the lane's slice is a border texel.
bool IsBorderTexel(int64_t i, int64_t j, const LaneParams& p);
// u = s * n (or s), sanitized and clamped by a half-border mode.
float LevelCoord(ClampMode mode, float s, uint32_t n, bool unnormalized);
// floor(u') of a POINT index, u' rounded to 1/64 texel unless S# TRUNC_COORD.
int64_t PointFloor(const TexRequest& req, float u);
// POINT on one axis: the texel index after the offset and the clamp mode.
int64_t PointTexel(const TexRequest& req, ClampMode mode, float u, int64_t offset, int64_t n);
// The S# CLAMP mode for one axis of size n: the texel's index, or a negative value for a border
// texel.
int64_t ApplyClampMode(ClampMode mode, int64_t i, int64_t n);
// One bilinear axis before offsets and clamp modes.
AxisFootprint RawBilinearAxis(const TexRequest& req, float u);
// One bilinear axis after the offset and the clamp mode.
AxisFootprint BilinearAxis(const TexRequest& req, ClampMode mode, float u, int64_t offset,
                           int64_t n);
// The bilinear (and GATHER4) footprint at a memory level.
Footprint BilinearFootprint(const TexRequest& req, const Image& img, uint32_t level, float s,
                            float t, bool unnormalized, const LaneParams& p);
// 3D: the lane's params for z index k (a slice, or a border slice).
LaneParams InSlice(const LaneParams& p, int64_t k);
// 3D: w at a level, sanitized and clamped by a half-border CLAMP_Z.
float DepthCoord(const TexRequest& req, const Image& img, uint32_t level, float r,
                 bool unnormalized);
// 3D POINT z (also GATHER4's slice): the lane's params for that slice.
LaneParams PointSliceParams(const TexRequest& req, const Image& img, uint32_t level, float r,
                            bool unnormalized, const LaneParams& p);

}  // namespace texunit::reference
