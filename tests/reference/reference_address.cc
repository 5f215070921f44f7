// Texel coordinates (docs/sampling.md, "Texel coordinates at memory level L", "Image types",
// "CUBE"): what a lane's lookups need besides its coordinates, and the texels a coordinate names.
#include "reference/reference_address.h"

#include <cmath>
#include <cstdint>

#include "reference/reference_cube.h"
#include "reference/reference_sampler_internal.h"

namespace texunit::reference {

bool IsCube(const TexRequest& req) { return req.image->type == ImageType::kCube; }
bool IsSeamlessCube(const TexRequest& req) {
  return IsCube(req) && !req.sampler->disable_cube_wrap && (req.op.flags & kOpGather4H) == 0;
}

namespace {

// A 6-bit two's-complement field (-32..31).
int64_t SignedField6(uint32_t bits) {
  const int64_t v = bits & 0x3Fu;
  return v >= 32 ? v - 64 : v;
}

// The arrayed types read view layer l = clamp(rne(coord[2]), 0, N - 1), rne rounding half to
// even (Vulkan's array layer rule; nearbyint in the default rounding mode), a NaN layer being 0
// and an infinite one clamped to 0 or N - 1; their texels are in memory layer base_array + l. The
// comparisons are in double, where N - 1 is exact whatever its size.
uint32_t ArrayLayerOf(const TexRequest& req, const Image& img, uint32_t lane) {
  const double r = std::nearbyint(static_cast<double>(AsFloat(req.in.coord[2][lane])));
  const uint32_t last = img.layers - 1;
  uint32_t l = 0;  // NaN fails both comparisons
  if (r >= static_cast<double>(last)) {
    l = last;
  } else if (r > 0.0) {
    l = static_cast<uint32_t>(r);
  }
  return img.desc->base_array + l;
}

// "CUBE": face F = clamp(rne(coord[2]), 0, 5) and cube K = clamp(rne(coord[3]), 0, C - 1) with
// C = N / 6 (a null coord[3] is cube 0); the lane reads memory layer base_array + 6K + F at every
// level, and the texels of the other faces of cube K across its face's edges.
void SelectCubeFace(const TexRequest& req, const Image& img, uint32_t lane, LaneParams* p) {
  const float cube = req.in.coord[3] != nullptr ? AsFloat(req.in.coord[3][lane]) : 0.0f;
  p->face = CubeFaceOf(AsFloat(req.in.coord[2][lane]));
  p->cube_layer = img.desc->base_array + 6 * CubeIndexOf(cube, img.layers / 6);
  p->slice = p->cube_layer + p->face;
  p->seamless = IsSeamlessCube(req);
}

}  // namespace

// _O: ox = bits 5:0, oy = bits 13:8 and, for 3D only, oz = bits 21:16 of the lane's offset dword
// (the other bits are ignored; the 1D types read no Y bits either; a CUBE reads no offset at all).
// _C: ref is zcompare, clamped to [0, 1] when the format's X channel is UNORM (a NaN ref becomes
// 0: fmax returns the non-NaN operand). 1D_ARRAY and 2D_ARRAY: the lane's memory layer; CUBE: its
// face's. `nonresident` is the lane's texel-fail flag (LaneParams::nonresident).
LaneParams MakeLaneParams(const TexRequest& req, const Image& img, uint32_t lane,
                          bool* nonresident) {
  LaneParams p;
  p.nonresident = nonresident;
  if ((req.op.flags & kOpOffset) != 0 && !IsCube(req)) {
    p.ox = SignedField6(req.in.offset[lane]);
    if (HasT(req)) p.oy = SignedField6(req.in.offset[lane] >> 8);
    if (HasR(req)) p.oz = SignedField6(req.in.offset[lane] >> 16);
  }
  if (IsCube(req)) {
    SelectCubeFace(req, img, lane, &p);
  } else if (IsLayeredType(img.desc->type)) {
    p.slice = ArrayLayerOf(req, img, lane);
  }
  if ((req.op.flags & kOpCompare) != 0) {
    p.compare = true;
    p.ref = AsFloat(req.in.zcompare[lane]);
    if (img.format.channels[0].kind == ChannelKind::kUnorm) {
      p.ref = std::fmin(std::fmax(p.ref, 0.0f), 1.0f);
    }
  }
  return p;
}

// CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER and MIRROR_ONCE_BORDER (4..7; values
// above 7 were rejected).
bool IsBorderMode(ClampMode mode) { return mode >= ClampMode::kClampHalfBorder; }
bool IsHalfBorderMode(ClampMode mode) {
  return mode == ClampMode::kClampHalfBorder || mode == ClampMode::kMirrorOnceHalfBorder;
}

namespace {

// What ApplyClampMode returns for a border texel: a coordinate that names no texel of the level.
constexpr int64_t kBorder = -1;

}  // namespace

// The S# CLAMP mode for one axis of size n: the texel's index, or kBorder for a border texel. The
// mirror-once modes take m = i >= 0 ? i : -1 - i. The half-border modes map like their border
// modes; their difference is the clamp of u before the floor (HalfBorderCoord, PointIndex).
int64_t ApplyClampMode(ClampMode mode, int64_t i, int64_t n) {
  const int64_t m = i >= 0 ? i : -1 - i;
  switch (mode) {
    case ClampMode::kWrap: {
      const int64_t r = i % n;
      return r < 0 ? r + n : r;
    }
    case ClampMode::kMirror: {
      int64_t r = i % (2 * n);
      if (r < 0) r += 2 * n;
      return r < n ? r : 2 * n - 1 - r;
    }
    case ClampMode::kClampLastTexel:
      return i < 0 ? 0 : (i > n - 1 ? n - 1 : i);
    case ClampMode::kMirrorOnceLastTexel:
      return m > n - 1 ? n - 1 : m;
    case ClampMode::kClampHalfBorder:
    case ClampMode::kClampBorder:
      return i < 0 || i >= n ? kBorder : i;
    case ClampMode::kMirrorOnceHalfBorder:
    case ClampMode::kMirrorOnceBorder:
      return m >= n ? kBorder : m;
  }
  return 0;  // unreachable: clamp modes above 7 are rejected before any lane work
}

// A texel is a border texel when it is one in any axis (x, y, or 3D's z, which the lane's params
// carry for the slice); it reads the border color instead of memory.
bool IsBorderTexel(int64_t i, int64_t j, const LaneParams& p) {
  return i == kBorder || j == kBorder || p.border_slice;
}

namespace {

constexpr float kCoordLimit = 16777216.0f;  // 2^24

// NaN becomes 0, then the coordinate is clamped to [-2^24, 2^24].
float SanitizeCoord(float u) {
  if (std::isnan(u)) return 0.0f;
  if (u < -kCoordLimit) return -kCoordLimit;
  if (u > kCoordLimit) return kCoordLimit;
  return u;
}

// CLAMP_HALF_BORDER clamps u to [0, n] and MIRROR_ONCE_HALF_BORDER to [-n, n], before the floor,
// BILINEAR's - 0.5 and the offsets: at most half a border texel is ever filtered in (OpenGL 1's
// CLAMP). u is not NaN here, and n is exact in binary32.
float HalfBorderCoord(ClampMode mode, float u, int64_t n) {
  const float fn = static_cast<float>(n);
  if (mode == ClampMode::kClampHalfBorder) return std::fmin(std::fmax(u, 0.0f), fn);
  if (mode == ClampMode::kMirrorOnceHalfBorder) return std::fmin(std::fmax(u, -fn), fn);
  return u;
}

// POINT's integer coordinate before the offset: floor(u') (PointFloor), and at most n - 1 for the
// half-border modes (OpenGL's rule that s = 1 reads the last texel: without offsets POINT never
// reads their border), min(floor(u'), n - 1) after their clamp of u.
int64_t PointIndex(const TexRequest& req, ClampMode mode, float u, int64_t n) {
  const int64_t i = PointFloor(req, u);
  return IsHalfBorderMode(mode) && i > n - 1 ? n - 1 : i;
}

}  // namespace

// u = s * n (normalized) or s (unnormalized) on an axis of n texels at this level, sanitized,
// then clamped by a half-border mode of the axis.
float LevelCoord(ClampMode mode, float s, uint32_t n, bool unnormalized) {
  const float u = SanitizeCoord(unnormalized ? s : s * static_cast<float>(n));
  return HalfBorderCoord(mode, u, n);
}

// floor(u') of a POINT index: u' = u when the S# TRUNC_COORD is 1, otherwise u rounded to 6
// fractional bits, half to even, u' = rne(u * 64) / 64 (AMD's default: "round-nearest-even to n.6
// and drop fraction when point sampling"), in both precision modes. u is sanitized (|u| <= 2^24),
// so u * 64 is exact in double, nearbyint rounds it half to even (the default rounding mode) and
// the division by 64 is exact. Only POINT indices taken from a coordinate come here (XY POINT,
// 1D, POINT z, cube POINT); BILINEAR, GATHER4's footprint and the layer, face and cube indices
// never do.
int64_t PointFloor(const TexRequest& req, float u) {
  if (req.sampler->trunc_coord) return static_cast<int64_t>(std::floor(u));
  const double rounded = std::nearbyint(static_cast<double>(u) * 64.0) / 64.0;
  return static_cast<int64_t>(std::floor(rounded));
}

// POINT on one axis: the texel's index after the offset and the clamp mode (kBorder for a border
// texel).
int64_t PointTexel(const TexRequest& req, ClampMode mode, float u, int64_t offset, int64_t n) {
  return ApplyClampMode(mode, PointIndex(req, mode, u, n) + offset, n);
}

// i0 = floor(u - 0.5), i1 = i0 + 1 and a, before offsets and clamp modes.
AxisFootprint RawBilinearAxis(const TexRequest& req, float u) {
  const float us = u - 0.5f;
  const float fi0 = std::floor(us);
  AxisFootprint ax;
  ax.a = us - fi0;
  if (req.precision == PrecisionMode::kHardware) ax.a = std::floor(ax.a * 256.0f) / 256.0f;
  ax.i0 = static_cast<int64_t>(fi0);
  ax.i1 = ax.i0 + 1;
  return ax;
}

AxisFootprint BilinearAxis(const TexRequest& req, ClampMode mode, float u, int64_t offset,
                           int64_t n) {
  AxisFootprint ax = RawBilinearAxis(req, u);
  const int64_t i0 = ax.i0 + offset;
  ax.i0 = ApplyClampMode(mode, i0, n);
  ax.i1 = ApplyClampMode(mode, i0 + 1, n);
  return ax;
}

Footprint BilinearFootprint(const TexRequest& req, const Image& img, uint32_t level, float s,
                            float t, bool unnormalized, const LaneParams& p) {
  const SamplerDesc& smp = *req.sampler;
  const LevelLayout& lv = img.layout.levels[level];
  Footprint fp;
  fp.x = BilinearAxis(req, smp.clamp_x, LevelCoord(smp.clamp_x, s, lv.width, unnormalized), p.ox,
                      lv.width);
  if (HasT(req)) {
    fp.y = BilinearAxis(req, smp.clamp_y, LevelCoord(smp.clamp_y, t, lv.height, unnormalized), p.oy,
                        lv.height);
  }
  return fp;
}

// 3D: the lane's params for z index k (after CLAMP_Z) of a level: slice k, or a border slice.
LaneParams InSlice(const LaneParams& p, int64_t k) {
  LaneParams q = p;
  q.border_slice = k == kBorder;
  q.slice = q.border_slice ? 0 : static_cast<uint32_t>(k);
  return q;
}

// 3D: w = r * d_L (or r when unnormalized), sanitized like u and clamped first by a half-border
// CLAMP_Z, on the level's depth d_L = max(1, depth >> L) (the layout's depth of a 3D level).
float DepthCoord(const TexRequest& req, const Image& img, uint32_t level, float r,
                 bool unnormalized) {
  const ClampMode mode = req.sampler->clamp_z;
  return LevelCoord(mode, r, img.layout.levels[level].depth, unnormalized);
}

// 3D POINT z (also GATHER4's slice): k = floor(w') + oz (min(floor(w'), d - 1) + oz for the
// half-border modes), mapped by CLAMP_Z; w' is w rounded by TRUNC_COORD = 0 like a POINT u.
LaneParams PointSliceParams(const TexRequest& req, const Image& img, uint32_t level, float r,
                            bool unnormalized, const LaneParams& p) {
  const float w = DepthCoord(req, img, level, r, unnormalized);
  const int64_t d = img.layout.levels[level].depth;
  return InSlice(p, PointTexel(req, req.sampler->clamp_z, w, p.oz, d));
}

}  // namespace texunit::reference
