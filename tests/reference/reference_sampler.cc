// The scalar reference of docs/sampling.md. Each function below is one paragraph of the contract;
// the comments quote the rule they evaluate. Float arithmetic is binary32 in the written order
// (the project builds with -ffp-contract=off); only the LOD's log2 is taken in double.
//
// Readings of points docs/sampling.md leaves open (closest to Vulkan/D3D/AMD behaviour; those of
// the integer-address ops are in reference_memory_ops.cc):
//  - Only FLOAT texels (inputs) and the final sample result are flushed when denormal; the
//    coordinate, lod and bias operands and the intermediate products are not.
//  - DST_SEL 2 and 3 (reserved) are InvalidArgument; S# FILTER_MODE min/max and MIP_FILTER 3 are
//    Unimplemented; the T#'s MIN_LOD (resource LOD clamp) is not applied (the contract's clamp
//    names only the S#'s MIN_LOD/MAX_LOD).
//  - An unbound T# is checked after the request's structure (op, operands, S# present, D16 with
//    _PCK or an op that does not convert) but before the T# and S# contents, which are garbage for
//    an all-zero T#: the address operands its TYPE needs are checked after it (for the sampler
//    ops: coord[1] and _D/_CD's deriv[0][1], deriv[1][1] unless 1D, coord[2] for the arrays and
//    3D, deriv[0][2], deriv[1][2] for 3D).
//    Then: TYPE, FORMAT (kInvalid; a store or _PCK on a format without raw texels), DST_SEL, the
//    S#, layout.
//  - The 1D types' "S# CLAMP_Y is not read" is about the lookups (no texel is a border texel
//    through y); the S# is validated as a whole whatever the T#'s TYPE, as GET_LOD is held to the
//    S# rules although it reads no texel: a CLAMP_Y above 7 is InvalidArgument on 1D too, and a
//    border mode in CLAMP_Y alone makes a REGISTER color past the table's end InvalidArgument.
//  - GET_LOD on 1D_ARRAY and 2D_ARRAY requires coord[2], like the other sampler ops, although the
//    layer takes no part in the LOD: the instruction's address operands are the type's.
//  - A channel the format lacks is filtered like a stored one (W = 1.0f goes through the weights
//    and the mip blend): "Sample ops filter what a load returns".
//  - D16 results have 0 in the high half of the dword (a SINT result is not sign-extended).
//  - _C: "the format's X channel is UNORM" is read from the channel kinds the reference derives
//    (reference_formats.h), as the format table's: R16_UNORM, R24G8_UNORM, BC1-3/7 UNORM clamp
//    ref; BC4/BC5 (binary32 values), SRGB and FLOAT X do not. ref itself is not flushed (operands
//    never are). DEPTH_COMPARE_FUNC above 7 is InvalidArgument (only checked with _C).
//  - GET_LOD is held to the S# rules of the other sampler ops (FILTER_MODE min/max and
//    MIP_FILTER 3 are Unimplemented; a border clamp mode with a REGISTER color past the table's
//    end is InvalidArgument) although it reads no texel. Its x and y are not flushed: without _B,
//    y is 0.5 * log2(...) plus a multiple of 1/256 and is never denormal.
//  - Border texels: the border color gives all four channels, those the format lacks included
//    (an R32_FLOAT border texel with OPAQUE_WHITE is (1, 1, 1, 1) before DST_SEL). REGISTER dwords
//    are used as given: integers are not saturated to the channel's width, and values outside a
//    code channel's range are not clamped before `value * divisor`. The half-border clamp of u
//    uses each level's own n (both levels of a mip blend) and comes before everything computed
//    from u, kHardware's weight quantisation included. The border color checks follow the other
//    S# checks (so an unbound T# skips them with the rest of the S#); BORDER_COLOR_TYPE above 3
//    (only a SamplerDesc built by hand can hold one) is InvalidArgument, checked with them.
//  - GATHER4 with DMASK 0 is InvalidArgument even through an unbound T# (a structural check).
//  - 3D: S# CLAMP_Z above 7 and Z_FILTER above 2 are InvalidArgument on 3D images only (other types
//    have no z axis, and their S#'s z fields are not read), and CLAMP_Z makes the border color
//    (and the REGISTER table check) needed only on 3D. LINEAR z blends the two slices even when
//    g = 0, as the contract writes it (no shortcut like the mip blend's f == 0); LINEAR z's slice
//    results are in the filter domain, before the code division. A 3D GATHER4 ignores Z_FILTER.
#include "reference/reference_sampler.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "reference/reference_atomics.h"
#include "reference/reference_formats.h"
#include "reference/reference_image.h"
#include "texunit/amd_formats.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/layout.h"
#include "texunit/memory.h"

namespace texunit::reference {
namespace {

constexpr float kCoordLimit = 16777216.0f;  // 2^24

float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t AsBits(float f) { return std::bit_cast<uint32_t>(f); }

// A denormal (exponent field 0, mantissa not 0) becomes zero of the same sign.
uint32_t FlushDenormalBits(uint32_t bits) {
  return (bits & 0x7F800000u) == 0 ? (bits & 0x80000000u) : bits;
}

bool IsInteger(const Image& img) { return img.format.numeric != NumericClass::kFloat; }

// The channel codes of texel (x, y) of memory layer `slice` of memory level `level` (slice 0 for
// 1D and 2D images; see FetchTexel).
void ReadCodes(const Image& img, uint32_t level, uint32_t slice, uint32_t x, uint32_t y,
               uint32_t code[4]) {
  FetchTexel(img.format, SlicePointer(img, level, slice), img.layout.levels[level].row_bytes, x, y,
             code);
}

// 1D and 1D_ARRAY have no t: coord[1] is not read (it may be null), their derivatives of t are 0
// and their levels are one texel high.
bool HasT(const TexRequest& req) { return !Is1DType(req.image->type); }

// The lane's t, or 0 for the 1D types (which never use it: see SampleLevel).
float TCoord(const TexRequest& req, uint32_t lane) {
  return HasT(req) ? AsFloat(req.in.coord[1][lane]) : 0.0f;
}

// 3D has a third axis, r (coord[2]), through the depth d_L of each level; the other types' coord[2]
// is a layer (the arrays) or not read, and their derivatives of r are 0.
bool HasR(const TexRequest& req) { return req.image->type == ImageType::k3D; }

// The lane's r, or 0 for the types without one (which never use it: see SampleLevel).
float RCoord(const TexRequest& req, uint32_t lane) {
  return HasR(req) ? AsFloat(req.in.coord[2][lane]) : 0.0f;
}

// ---------------------------------------------------------------------------------------------
// LOD ("Sampler ops: SAMPLE*, GATHER4*, GET_LOD on 1D, 2D and array images", "LOD"). The array
// layer takes no part in it.

// Step 1's scales: W, H and (3D) D, the base level's width, height and depth, or 1, 1 and 1 for
// unnormalized coordinates.
struct LodScale {
  float W = 1.0f, H = 1.0f, D = 1.0f;
};

LodScale LodScaleOf(const Image& img, bool unnormalized) {
  const LevelLayout& base = img.layout.levels[img.desc->base_level];
  if (unnormalized) return {};
  // A 2D array level's depth counts its layers, which take no part in the LOD.
  const bool volume = img.desc->type == ImageType::k3D;
  return {static_cast<float>(base.width), static_cast<float>(base.height),
          volume ? static_cast<float>(base.depth) : 1.0f};
}

// Step 1's derivatives of u, v and (3D) w, already scaled by W, H and D; those of an axis the type
// lacks are 0.
struct Derivatives {
  float dudx = 0.0f, dvdx = 0.0f, dwdx = 0.0f, dudy = 0.0f, dvdy = 0.0f, dwdy = 0.0f;
};

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

// rx = (dudx*dudx + dvdx*dvdx) + dwdx*dwdx, ry likewise, and lambda = 0.5 * log2(max(rx, ry));
// log2 in double, rounded to float. Without r the last term adds +0 to a sum of squares (or a
// NaN), which changes nothing.
float LambdaOf(const Derivatives& d) {
  const float rx = (d.dudx * d.dudx + d.dvdx * d.dvdx) + d.dwdx * d.dwdx;
  const float ry = (d.dudy * d.dudy + d.dvdy * d.dvdy) + d.dwdy * d.dwdy;
  // max is NaN when either operand is NaN (step 3 then turns a NaN lambda into MIN_LOD).
  const float m = (std::isnan(rx) || std::isnan(ry)) ? std::numeric_limits<float>::quiet_NaN()
                                                     : (rx > ry ? rx : ry);
  return 0.5f * static_cast<float>(std::log2(static_cast<double>(m)));
}

// Steps 1-2: the unclamped lambda, which GET_LOD returns as y. Not for LZ (steps 2-3 skipped).
float UnclampedLambda(const TexRequest& req, uint32_t lane, const LodScale& k) {
  const uint32_t flags = req.op.flags;
  float lambda;
  if ((flags & kOpLod) != 0) {
    lambda = AsFloat(req.in.lod[lane]);
  } else if ((flags & (kOpDeriv | kOpCoarseDeriv)) != 0) {
    lambda = LambdaOf(ExplicitDerivatives(req, lane, k));
  } else {
    lambda = LambdaOf(ImplicitDerivatives(req, lane, k));
  }
  lambda = lambda + static_cast<float>(req.sampler->lod_bias) / 256.0f;
  if ((flags & kOpBias) != 0) lambda = lambda + AsFloat(req.in.bias[lane]);
  return lambda;
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

// clamp(x, 0, M) for an integral float x (a floor); NaN cannot reach here but maps to 0.
uint32_t ClampLevel(float x, uint32_t M) {
  if (!(x > 0.0f)) return 0;
  if (x >= static_cast<float>(M)) return M;
  return static_cast<uint32_t>(x);
}

// MIP_FILTER POINT's view level, also GATHER4's level and GET_LOD's POINT x.
uint32_t PointLevel(float lambda, uint32_t M) { return ClampLevel(std::floor(lambda + 0.5f), M); }

// "Filter and level selection": view levels d0, d1 and the blend fraction f.
struct MipLevels {
  uint32_t d0 = 0, d1 = 0;
  float f = 0.0f;
};

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
      break;  // rejected before any lane work
  }
  return m;
}

// Integer formats are never filtered: POINT is used for XY and for LINEAR mips.
MipFilter EffectiveMipFilter(const TexRequest& req, const Image& img) {
  const MipFilter f = req.sampler->mip_filter;
  return IsInteger(img) && f == MipFilter::kLinear ? MipFilter::kPoint : f;
}

// ---------------------------------------------------------------------------------------------
// Texel coordinates, depth compare and the filter

// What one lane's lookups need besides its coordinates: the _O offsets, the _C reference and the
// memory layer (or 3D slice) all its 2D lookup's texels are in.
struct LaneParams {
  int64_t ox = 0, oy = 0, oz = 0;
  bool compare = false;
  float ref = 0.0f;    // already clamped to [0, 1] for UNORM depth
  uint32_t slice = 0;  // base_array + l for 1D_ARRAY and 2D_ARRAY, the z index for 3D, else 0
  // 3D: the slice's z index is a border index (S# CLAMP_Z), so every texel of the 2D lookup is a
  // border texel.
  bool border_slice = false;
};

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

// _O: ox = bits 5:0, oy = bits 13:8 and, for 3D only, oz = bits 21:16 of the lane's offset dword
// (the other bits are ignored; the 1D types read no Y bits either). _C: ref is
// zcompare, clamped to [0, 1] when the format's X channel is UNORM (a NaN ref becomes 0: fmax
// returns the non-NaN operand). 1D_ARRAY and 2D_ARRAY: the lane's memory layer.
LaneParams MakeLaneParams(const TexRequest& req, const Image& img, uint32_t lane) {
  LaneParams p;
  if ((req.op.flags & kOpOffset) != 0) {
    p.ox = SignedField6(req.in.offset[lane]);
    if (HasT(req)) p.oy = SignedField6(req.in.offset[lane] >> 8);
    if (HasR(req)) p.oz = SignedField6(req.in.offset[lane] >> 16);
  }
  if (IsLayeredType(img.desc->type)) p.slice = ArrayLayerOf(req, img, lane);
  if ((req.op.flags & kOpCompare) != 0) {
    p.compare = true;
    p.ref = AsFloat(req.in.zcompare[lane]);
    if (img.format.channels[0].kind == ChannelKind::kUnorm) {
      p.ref = std::fmin(std::fmax(p.ref, 0.0f), 1.0f);
    }
  }
  return p;
}

// What ApplyClampMode returns for a border texel: a coordinate that names no texel of the level.
constexpr int64_t kBorder = -1;

// CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER and MIRROR_ONCE_BORDER (4..7; values
// above 7 were rejected).
bool IsBorderMode(ClampMode mode) { return mode >= ClampMode::kClampHalfBorder; }
bool IsHalfBorderMode(ClampMode mode) {
  return mode == ClampMode::kClampHalfBorder || mode == ClampMode::kMirrorOnceHalfBorder;
}

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

// u = s * n (normalized) or s (unnormalized) on an axis of n texels at this level, sanitized,
// then clamped by a half-border mode of the axis.
float LevelCoord(ClampMode mode, float s, uint32_t n, bool unnormalized) {
  const float u = SanitizeCoord(unnormalized ? s : s * static_cast<float>(n));
  return HalfBorderCoord(mode, u, n);
}

// POINT's integer coordinate before the offset: floor(u), and at most n - 1 for the half-border
// modes (OpenGL's rule that s = 1 reads the last texel: without offsets POINT never reads their
// border).
int64_t PointIndex(ClampMode mode, float u, int64_t n) {
  const auto i = static_cast<int64_t>(std::floor(u));
  return IsHalfBorderMode(mode) && i > n - 1 ? n - 1 : i;
}

// POINT on one axis: the texel's index after the offset and the clamp mode (kBorder for a border
// texel).
int64_t PointTexel(ClampMode mode, float u, int64_t offset, int64_t n) {
  return ApplyClampMode(mode, PointIndex(mode, u, n) + offset, n);
}

// One axis of the bilinear footprint (also GATHER4's): i0 = floor(u - 0.5) + offset and
// i1 = i0 + 1 after the axis's clamp mode (kBorder for a border texel), and the weight fraction
// a = (u - 0.5) - floor(u - 0.5), quantised to 1/256 in kHardware. Offsets are added to the
// integer coordinates, before the clamp mode.
struct AxisFootprint {
  int64_t i0 = 0, i1 = 0;
  float a = 0.0f;
};

AxisFootprint BilinearAxis(const TexRequest& req, ClampMode mode, float u, int64_t offset,
                           int64_t n) {
  const float us = u - 0.5f;
  const float fi0 = std::floor(us);
  AxisFootprint ax;
  ax.a = us - fi0;
  if (req.precision == PrecisionMode::kHardware) ax.a = std::floor(ax.a * 256.0f) / 256.0f;
  const int64_t i0 = static_cast<int64_t>(fi0) + offset;
  ax.i0 = ApplyClampMode(mode, i0, n);
  ax.i1 = ApplyClampMode(mode, i0 + 1, n);
  return ax;
}

// The bilinear footprint at memory level `level`: columns x.i0, x.i1 with fraction a = x.a, rows
// y.i0, y.i1 with b = y.a. The 1D types have one row: j0 and j1 are both row 0, which is never a
// border row (CLAMP_Y and the offset's Y bits are not read), and b = 0.
struct Footprint {
  AxisFootprint x, y;
};

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

// D: the texel's X channel as a load returns it (or the border color's X dword), binary32
// denormals flushed to zero of the same sign.
float DepthOf(uint32_t x) { return AsFloat(FlushDenormalBits(x)); }

// "Depth compare (_C)": 1.0f when DEPTH_COMPARE_FUNC passes for (ref, D), else 0.0f. IEEE
// comparisons: a NaN fails all but NOTEQUAL.
float CompareResult(CompareFunc func, float ref, float D) {
  bool pass = false;
  switch (func) {
    case CompareFunc::kNever:
      pass = false;
      break;
    case CompareFunc::kLess:
      pass = ref < D;
      break;
    case CompareFunc::kEqual:
      pass = ref == D;
      break;
    case CompareFunc::kLessEqual:
      pass = ref <= D;
      break;
    case CompareFunc::kGreater:
      pass = ref > D;
      break;
    case CompareFunc::kNotEqual:
      pass = !(ref == D);
      break;
    case CompareFunc::kGreaterEqual:
      pass = ref >= D;
      break;
    case CompareFunc::kAlways:
      pass = true;
      break;
  }
  return pass ? 1.0f : 0.0f;
}

// "Border color": a border texel's four channels before DST_SEL. TRANS_BLACK (0, 0, 0, 0),
// OPAQUE_BLACK (0, 0, 0, 1), OPAQUE_WHITE (1, 1, 1, 1), with 0 and 1 as 0.0f/1.0f on float-class
// formats and as integers on integer formats; REGISTER: entry BORDER_COLOR_PTR of the request's
// table (checked before any lane work), its dwords as given (float bits or integers).
void BorderColor(const TexRequest& req, const Image& img, uint32_t color[4]) {
  const SamplerDesc& smp = *req.sampler;
  if (smp.border_color_type == BorderColorType::kRegister) {
    for (int ch = 0; ch < 4; ++ch) color[ch] = req.border_color_table[smp.border_color_ptr][ch];
    return;
  }
  const uint32_t one = IsInteger(img) ? 1u : AsBits(1.0f);
  const uint32_t rgb = smp.border_color_type == BorderColorType::kOpaqueWhite ? one : 0u;
  const uint32_t alpha = smp.border_color_type == BorderColorType::kTransBlack ? 0u : one;
  color[0] = color[1] = color[2] = rgb;
  color[3] = alpha;
}

// _C: T = (r, r, r, r), r the DEPTH_COMPARE_FUNC result for the lane's ref and D.
void CompareTexel(const TexRequest& req, const LaneParams& p, float D, float out[4]) {
  const float r = CompareResult(req.sampler->depth_compare_func, p.ref, D);
  for (int ch = 0; ch < 4; ++ch) out[ch] = r;
}

struct LevelSample {
  float f[4];     // float-class formats, in the filter domain (or compare results)
  uint32_t u[4];  // integer formats: what a load returns
};

// T(i, j) of a border texel. The color is a value, not a code: a channel filtered as codes takes
// value * divisor (one binary32 product), so that the division after filtering gives the value
// back (exactly for 0 and 1); the other channels take the value as is, never flushed or
// converted (linear on sRGB). Integer formats take the integers. _C compares the border's X.
void BorderFilterTexel(const TexRequest& req, const Image& img, const LaneParams& p,
                       LevelSample* out) {
  uint32_t color[4];
  BorderColor(req, img, color);
  if (p.compare) {
    CompareTexel(req, p, DepthOf(color[0]), out->f);
    return;
  }
  for (int ch = 0; ch < 4; ++ch) {
    if (IsInteger(img)) {
      out->u[ch] = color[ch];
      continue;
    }
    const uint32_t divisor = CodeDivisor(img.format, ch);
    out->f[ch] =
        divisor != 0 ? AsFloat(color[ch]) * static_cast<float>(divisor) : AsFloat(color[ch]);
  }
}

// T(i, j): the texel in the filter domain ("Formats"), or as a load returns it for integer
// formats, or with _C its compare result (r, r, r, r); a border texel reads the border color.
void ReadFilterTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i, int64_t j,
                     const LaneParams& p, LevelSample* out) {
  if (IsBorderTexel(i, j, p)) {
    BorderFilterTexel(req, img, p, out);
    return;
  }
  uint32_t code[4];
  ReadCodes(img, level, p.slice, static_cast<uint32_t>(i), static_cast<uint32_t>(j), code);
  if (p.compare) {
    CompareTexel(req, p, DepthOf(DecodeChannel(img.format, 0, code[0])), out->f);
    return;
  }
  for (int ch = 0; ch < 4; ++ch) {
    if (IsInteger(img)) {
      out->u[ch] = DecodeChannel(img.format, ch, code[ch]);
    } else {
      out->f[ch] = FilterValue(img.format, ch, code[ch]);
    }
  }
}

// POINT: T(i, j), with j = 0 on the 1D types (their one row; CLAMP_Y and oy are not read).
LevelSample PointSample(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        bool unnormalized, const LaneParams& p) {
  const SamplerDesc& smp = *req.sampler;
  const LevelLayout& lv = img.layout.levels[level];
  const int64_t i =
      PointTexel(smp.clamp_x, LevelCoord(smp.clamp_x, s, lv.width, unnormalized), p.ox, lv.width);
  int64_t j = 0;
  if (HasT(req)) {
    j = PointTexel(smp.clamp_y, LevelCoord(smp.clamp_y, t, lv.height, unnormalized), p.oy,
                   lv.height);
  }
  LevelSample out{};
  ReadFilterTexel(req, img, level, i, j, p, &out);
  return out;
}

// BILINEAR on the 1D types, per channel: c = (1-a)*T(i0) + a*T(i1) along their one row. No weight
// multiplies a texel of another row (a 2D formula with b = 0 would add 0 * T terms, which turn an
// infinite texel into NaN and -0 into +0).
LevelSample Linear1D(const TexRequest& req, const Image& img, uint32_t level, const Footprint& fp,
                     const LaneParams& p) {
  const float a = fp.x.a;
  LevelSample t0, t1, out{};
  ReadFilterTexel(req, img, level, fp.x.i0, 0, p, &t0);
  ReadFilterTexel(req, img, level, fp.x.i1, 0, p, &t1);
  for (int ch = 0; ch < 4; ++ch) out.f[ch] = (1.0f - a) * t0.f[ch] + a * t1.f[ch];
  return out;
}

// BILINEAR, per channel: w00 = (1-a)*(1-b), w10 = a*(1-b), w01 = (1-a)*b, w11 = a*b,
// c = ((w00*T(i0,j0) + w10*T(i1,j0)) + w01*T(i0,j1)) + w11*T(i1,j1).
LevelSample Bilinear2D(const TexRequest& req, const Image& img, uint32_t level, const Footprint& fp,
                       const LaneParams& p) {
  const float a = fp.x.a, b = fp.y.a;
  const float w00 = (1.0f - a) * (1.0f - b);
  const float w10 = a * (1.0f - b);
  const float w01 = (1.0f - a) * b;
  const float w11 = a * b;

  LevelSample t00, t10, t01, t11, out{};
  ReadFilterTexel(req, img, level, fp.x.i0, fp.y.i0, p, &t00);
  ReadFilterTexel(req, img, level, fp.x.i1, fp.y.i0, p, &t10);
  ReadFilterTexel(req, img, level, fp.x.i0, fp.y.i1, p, &t01);
  ReadFilterTexel(req, img, level, fp.x.i1, fp.y.i1, p, &t11);
  for (int ch = 0; ch < 4; ++ch) {
    out.f[ch] = ((w00 * t00.f[ch] + w10 * t10.f[ch]) + w01 * t01.f[ch]) + w11 * t11.f[ch];
  }
  return out;
}

// "Texel coordinates at memory level L" and "Filtering" (POINT or BILINEAR) for one lane: the 2D
// lookup in the lane's memory layer or 3D slice.
LevelSample SampleSlice(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        bool bilinear, bool unnormalized, const LaneParams& p) {
  if (!bilinear) return PointSample(req, img, level, s, t, unnormalized, p);
  const Footprint fp = BilinearFootprint(req, img, level, s, t, unnormalized, p);
  return HasT(req) ? Bilinear2D(req, img, level, fp, p) : Linear1D(req, img, level, fp, p);
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

// 3D POINT z (also GATHER4's slice): k = floor(w) + oz (min(floor(w), d - 1) + oz for the
// half-border modes), mapped by CLAMP_Z.
LaneParams PointSliceParams(const TexRequest& req, const Image& img, uint32_t level, float r,
                            bool unnormalized, const LaneParams& p) {
  const float w = DepthCoord(req, img, level, r, unnormalized);
  const int64_t d = img.layout.levels[level].depth;
  return InSlice(p, PointTexel(req.sampler->clamp_z, w, p.oz, d));
}

// 3D LINEAR z: k0 = floor(w - 0.5) + oz, k1 = k0 + 1 (each mapped by CLAMP_Z) and
// g = (w - 0.5) - floor(w - 0.5) (quantised to 1/256 in kHardware, like a), then per channel
// c = (1-g)*c(k0) + g*c(k1) of the two slices' 2D results, in the filter domain (before the code
// division; compare results with _C). The blend is taken for g = 0 too, as the contract writes it.
LevelSample LinearZ(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                    float r, bool bilinear, bool unnormalized, const LaneParams& p) {
  const float w = DepthCoord(req, img, level, r, unnormalized);
  const int64_t d = img.layout.levels[level].depth;
  const AxisFootprint z = BilinearAxis(req, req.sampler->clamp_z, w, p.oz, d);
  const float g = z.a;
  const LevelSample c0 =
      SampleSlice(req, img, level, s, t, bilinear, unnormalized, InSlice(p, z.i0));
  const LevelSample c1 =
      SampleSlice(req, img, level, s, t, bilinear, unnormalized, InSlice(p, z.i1));
  LevelSample out{};
  for (int ch = 0; ch < 4; ++ch) out.f[ch] = (1.0f - g) * c0.f[ch] + g * c1.f[ch];
  return out;
}

// One level's result for one lane: the 2D lookup, which on 3D happens in the POINT z slice or in
// the two slices LINEAR z blends.
LevelSample SampleLevel(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        float r, bool bilinear, bool linear_z, bool unnormalized,
                        const LaneParams& p) {
  if (!HasR(req)) return SampleSlice(req, img, level, s, t, bilinear, unnormalized, p);
  if (linear_z) return LinearZ(req, img, level, s, t, r, bilinear, unnormalized, p);
  return SampleSlice(req, img, level, s, t, bilinear, unnormalized,
                     PointSliceParams(req, img, level, r, unnormalized, p));
}

// 3D's Z filter: LINEAR when S# Z_FILTER is LINEAR, or when it is NONE and the lane's XY filter is
// BILINEAR (`bilinear`, already false on integer formats); otherwise POINT, and always POINT on
// integer formats. AMD leaves NONE open; Vulkan needs LINEAR to filter in depth.
bool LinearZFilter(const TexRequest& req, const Image& img, bool bilinear) {
  if (!HasR(req) || IsInteger(img)) return false;
  const ZFilter z = req.sampler->z_filter;
  return z == ZFilter::kLinear || (z == ZFilter::kNone && bilinear);
}

bool Unnormalized(const TexRequest& req) {
  return req.mods.unorm || req.sampler->force_unnormalized;
}

// ---------------------------------------------------------------------------------------------
// SAMPLE and its _L, _LZ, _B, _CL, _D, _CD, _C, _O variants

void ExecuteSample(const TexRequest& req, const Image& img) {
  const SamplerDesc& smp = *req.sampler;
  const bool unnormalized = Unnormalized(req);
  const bool is_integer = IsInteger(img);
  const LodScale scale = LodScaleOf(img, unnormalized);
  const MipFilter mip_filter = EffectiveMipFilter(req, img);
  const uint32_t base_level = img.desc->base_level;

  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const float lambda = Lambda(req, lane, unnormalized, scale);
    const LaneParams p = MakeLaneParams(req, img, lane);

    // Magnification when lambda <= 0.
    const XyFilter xy = lambda <= 0.0f ? smp.xy_mag_filter : smp.xy_min_filter;
    const bool bilinear =
        !is_integer && (xy == XyFilter::kBilinear || xy == XyFilter::kAnisoBilinear);
    const bool linear_z = LinearZFilter(req, img, bilinear);
    const MipLevels m = SelectLevels(mip_filter, lambda, img.last_view_level);

    const float s = AsFloat(req.in.coord[0][lane]);
    const float t = TCoord(req, lane);
    const float r = RCoord(req, lane);
    const LevelSample c0 =
        SampleLevel(req, img, base_level + m.d0, s, t, r, bilinear, linear_z, unnormalized, p);

    uint32_t c[4];
    if (is_integer) {
      for (int ch = 0; ch < 4; ++ch) c[ch] = c0.u[ch];
    } else {
      float value[4];
      if (m.f == 0.0f) {
        for (int ch = 0; ch < 4; ++ch) value[ch] = c0.f[ch];
      } else {
        const LevelSample c1 =
            SampleLevel(req, img, base_level + m.d1, s, t, r, bilinear, linear_z, unnormalized, p);
        for (int ch = 0; ch < 4; ++ch) value[ch] = (1.0f - m.f) * c0.f[ch] + m.f * c1.f[ch];
      }
      for (int ch = 0; ch < 4; ++ch) {
        // Codes are divided by their divisor once, after the bilinear weights and the mip blend;
        // compare results are no codes.
        const uint32_t divisor = p.compare ? 0 : CodeDivisor(img.format, ch);
        if (divisor != 0) value[ch] = value[ch] / static_cast<float>(divisor);
        c[ch] = FlushDenormalBits(AsBits(value[ch]));  // denormal results are flushed
      }
    }
    uint32_t comp[4];
    ApplyDstSel(img, c, comp);
    ApplyD16(req, img, comp);
    WriteLane(req, lane, comp);
  }
}

// ---------------------------------------------------------------------------------------------
// GATHER4 and its _L, _LZ, _B, _CL, _C, _O variants

// Texel (i, j) of the lane's memory layer or 3D slice as a load returns it, or the border color for
// a border texel.
void LoadTexel(const TexRequest& req, const Image& img, uint32_t level, const LaneParams& p,
               int64_t i, int64_t j, uint32_t c[4]) {
  if (IsBorderTexel(i, j, p)) {
    BorderColor(req, img, c);
    return;
  }
  uint32_t code[4];
  ReadCodes(img, level, p.slice, static_cast<uint32_t>(i), static_cast<uint32_t>(j), code);
  for (int ch = 0; ch < 4; ++ch) c[ch] = DecodeChannel(img.format, ch, code[ch]);
}

// Component k (the lowest set DMASK bit) after DST_SEL of texel (i, j) as a load returns it (the
// border color for a border texel), or of its compare result (r, r, r, r) with _C; a float-class
// result flushed when denormal.
uint32_t GatherTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i, int64_t j,
                     const LaneParams& p, int k) {
  uint32_t c[4], comp[4];
  LoadTexel(req, img, level, p, i, j, c);
  if (p.compare) {
    float t[4];
    CompareTexel(req, p, DepthOf(c[0]), t);
    for (int ch = 0; ch < 4; ++ch) c[ch] = AsBits(t[ch]);
  }
  ApplyDstSel(img, c, comp);
  return IsInteger(img) ? comp[k] : FlushDenormalBits(comp[k]);
}

void ExecuteGather4(const TexRequest& req, const Image& img) {
  const bool unnormalized = Unnormalized(req);
  const LodScale scale = LodScaleOf(img, unnormalized);
  // "the first one bit in DMASK" (DMASK 0 was rejected).
  const int k = std::countr_zero(static_cast<unsigned>(req.mods.dmask));

  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const float lambda = Lambda(req, lane, unnormalized, scale);
    LaneParams p = MakeLaneParams(req, img, lane);
    // One level, never a blend; the XY filters are ignored.
    const uint32_t d =
        req.sampler->mip_filter == MipFilter::kNone ? 0 : PointLevel(lambda, img.last_view_level);
    const uint32_t level = img.desc->base_level + d;
    // 3D gathers the 2x2 footprint of the POINT z slice (the Z filter is ignored like the XY
    // ones); a border slice makes all four texels border texels.
    if (HasR(req)) p = PointSliceParams(req, img, level, RCoord(req, lane), unnormalized, p);

    const Footprint fp = BilinearFootprint(req, img, level, AsFloat(req.in.coord[0][lane]),
                                           TCoord(req, lane), unnormalized, p);
    // Seed 000's order: bottom-left, bottom-right, top-right, top-left; on the 1D types rows j0
    // and j1 are both row 0, which gives T(i0), T(i1), T(i1), T(i0).
    uint32_t data[4] = {GatherTexel(req, img, level, fp.x.i0, fp.y.i1, p, k),
                        GatherTexel(req, img, level, fp.x.i1, fp.y.i1, p, k),
                        GatherTexel(req, img, level, fp.x.i1, fp.y.i0, p, k),
                        GatherTexel(req, img, level, fp.x.i0, fp.y.i0, p, k)};
    ApplyD16(req, img, data);  // each of the four as a sample result
    WriteDwords(req, lane, data, 4, true);
  }
}

// ---------------------------------------------------------------------------------------------
// GET_LOD

// x: the level the sample would access after steps 3-5: 0 for MIP_FILTER NONE, float(d) of the
// POINT rule for POINT (and LINEAR on integer formats), min(max(lambda, 0), M) for LINEAR.
float AccessedLevel(const TexRequest& req, const Image& img, uint32_t lane, float unclamped,
                    bool unnormalized) {
  const float lambda = QuantiseLambda(req, ClampLambda(req, lane, unclamped), unnormalized);
  const uint32_t M = img.last_view_level;
  switch (EffectiveMipFilter(req, img)) {
    case MipFilter::kPoint:
      return static_cast<float>(PointLevel(lambda, M));
    case MipFilter::kLinear:
      return std::fmin(std::fmax(lambda, 0.0f), static_cast<float>(M));
    default:
      return 0.0f;  // NONE (MIP_FILTER 3 was rejected)
  }
}

// (x, y, 0, 0) as floats, selected by DMASK; no DST_SEL, no D16, no texel read.
void ExecuteGetLod(const TexRequest& req, const Image& img) {
  const bool unnormalized = Unnormalized(req);
  const LodScale scale = LodScaleOf(img, unnormalized);  // 1, 1, 1 for unnormalized coordinates
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const float y = UnclampedLambda(req, lane, scale);
    const float x = AccessedLevel(req, img, lane, y, unnormalized);
    const uint32_t comp[4] = {AsBits(x), AsBits(y), 0, 0};
    WriteLane(req, lane, comp);
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

// Whether `flags` name a GFX6-9 SAMPLE (derivatives allowed) or GATHER4 opcode: suffixes from
// _C, _O, _CL and at most one LOD source (_L, _LZ, _B, and for SAMPLE _D, _CD); _CL only alone or
// with _B, _D, _CD, as there is no _L_CL or _LZ_CL opcode.
bool IsSamplerVariant(uint32_t flags, bool derivatives) {
  const uint32_t lod_source =
      kOpLod | kOpLz | kOpBias | (derivatives ? kOpDeriv | kOpCoarseDeriv : 0u);
  if ((flags & ~(lod_source | kOpClamp | kOpCompare | kOpOffset)) != 0) return false;
  const uint32_t source = flags & lod_source;
  if (std::popcount(source) > 1) return false;
  return (flags & kOpClamp) == 0 || (source & (kOpLod | kOpLz)) == 0;
}

bool IsSamplerOp(OpKind kind) {
  return kind == OpKind::kSample || kind == OpKind::kGather4 || kind == OpKind::kGetLod;
}

bool IsSupportedOp(Op op) {
  switch (op.kind) {
    case OpKind::kLoad:
      // _SGN exists only as LOAD_PCK_SGN and LOAD_MIP_PCK_SGN.
      if ((op.flags & kOpSgn) != 0 && (op.flags & kOpPck) == 0) return false;
      return (op.flags & ~static_cast<uint32_t>(kOpMip | kOpPck | kOpSgn)) == 0;
    case OpKind::kStore:
      return (op.flags & ~static_cast<uint32_t>(kOpMip | kOpPck)) == 0;
    case OpKind::kSample:
      return IsSamplerVariant(op.flags, /*derivatives=*/true);
    case OpKind::kGather4:
      return IsSamplerVariant(op.flags, /*derivatives=*/false);
    case OpKind::kGetResinfo:
    case OpKind::kGetLod:
      return op.flags == 0;
    case OpKind::kAtomic:
      return op.flags == 0 && op.atomic != AtomicOp::kNone;
    default:
      return false;
  }
}

// Whether the op returns anything (data or the TFE/LWE status dword).
bool Returns(const TexRequest& req) {
  return req.op.kind != OpKind::kStore && !(req.op.kind == OpKind::kAtomic && !req.mods.glc);
}

// The dwords an op returns per lane: DMASK's components, four for GATHER4 whatever DMASK says, or
// an atomic's pre-op value with GLC (half the data dwords for the compare-swaps), or nothing.
int ReturnedDwords(const TexRequest& req) {
  if (!Returns(req)) return 0;
  if (req.op.kind == OpKind::kGather4) return 4;
  if (req.op.kind == OpKind::kAtomic) {
    return IsCompareSwap(req.op.atomic) ? DmaskCount(req) / 2 : DmaskCount(req);
  }
  return DmaskCount(req);
}

// "Border color": the color (and the request's table) is read only when a clamp mode of the S#
// is a border mode (CLAMP_Y too on the 1D types, which read no texel through it: the S# is
// checked as a whole; CLAMP_Z on 3D images only, the one type with a z axis, as the kernels'
// setup reads it); then a REGISTER color past the table's end (a null table has none) is
// InvalidArgument naming BORDER_COLOR_PTR and the table's size. A BORDER_COLOR_TYPE above 3,
// which the 2-bit S# field cannot hold, is InvalidArgument as the other out-of-range enums.
Status ValidateBorderColor(const TexRequest& req) {
  const SamplerDesc& smp = *req.sampler;
  const bool z_border = HasR(req) && IsBorderMode(smp.clamp_z);
  if (!IsBorderMode(smp.clamp_x) && !IsBorderMode(smp.clamp_y) && !z_border) return Status::Ok();
  const auto type = static_cast<uint32_t>(smp.border_color_type);
  if (type > 3) {
    return Status::InvalidArgument("S#.BORDER_COLOR_TYPE=" + std::to_string(type) +
                                   " is not a border color type");
  }
  if (smp.border_color_type != BorderColorType::kRegister) return Status::Ok();
  const uint32_t count = req.border_color_table == nullptr ? 0 : req.border_color_count;
  if (smp.border_color_ptr >= count) {
    return Status::InvalidArgument(
        "S#.BORDER_COLOR_PTR=" + std::to_string(smp.border_color_ptr) +
        " (BORDER_COLOR_TYPE REGISTER) is past the end of the border color table of " +
        std::to_string(count) + " entries" +
        (req.border_color_table == nullptr ? " (TexRequest.border_color_table is null)" : ""));
  }
  return Status::Ok();
}

// The S# fields a sampler op reads. GET_LOD, which reads no texel, is held to the same rules, and
// so are the 1D types' CLAMP_Y, which their lookups do not read. CLAMP_Z and Z_FILTER are checked
// on 3D images only: no other type has a z axis, and a 2D sampler's z fields are often garbage
// that the hardware ignores (the kernels' setup checks them for 3D alone too).
Status ValidateSampler(const TexRequest& req) {
  const SamplerDesc& smp = *req.sampler;
  const char* fields[3] = {"CLAMP_X", "CLAMP_Y", "CLAMP_Z"};
  const ClampMode modes[3] = {smp.clamp_x, smp.clamp_y, smp.clamp_z};
  for (int axis = 0; axis < (HasR(req) ? 3 : 2); ++axis) {
    const auto m = static_cast<uint32_t>(modes[axis]);
    if (m > 7) {
      return Status::InvalidArgument(std::string("S#.") + fields[axis] + "=" + std::to_string(m) +
                                     " is not a clamp mode");
    }
  }
  for (XyFilter f : {smp.xy_mag_filter, smp.xy_min_filter}) {
    if (static_cast<uint32_t>(f) > 3) {
      return Status::InvalidArgument("S#.XY_FILTER=" + std::to_string(static_cast<int>(f)) +
                                     " is not an XY filter");
    }
  }
  const auto z_filter = static_cast<uint32_t>(smp.z_filter);
  if (HasR(req) && z_filter > 2) {
    return Status::InvalidArgument("S#.Z_FILTER=" + std::to_string(z_filter) +
                                   " is not a Z filter (0 NONE, 1 POINT, 2 LINEAR)");
  }
  const auto mip = static_cast<uint32_t>(smp.mip_filter);
  if (mip > 3) {
    return Status::InvalidArgument("S#.MIP_FILTER=" + std::to_string(mip) + " is not a mip filter");
  }
  if (mip == 3) {
    return Status::Unimplemented(
        "S#.MIP_FILTER=3 (POINT_ANISO_ADJ) is not implemented by the "
        "reference sampler");
  }
  if (smp.filter_mode != FilterMode::kBlend) {
    return Status::Unimplemented(
        "S#.FILTER_MODE=" + std::to_string(static_cast<int>(smp.filter_mode)) +
        " (min/max reduction) is not implemented by the reference sampler");
  }
  const auto func = static_cast<uint32_t>(smp.depth_compare_func);
  if ((req.op.flags & kOpCompare) != 0 && func > 7) {
    return Status::InvalidArgument("S#.DEPTH_COMPARE_FUNC=" + std::to_string(func) +
                                   " is not a compare function");
  }
  return ValidateBorderColor(req);
}

// The operand arrays the sampler op's suffixes read must be there. Of the derivatives only ds/dx
// and ds/dy: whether dt/dx and dt/dy are read depends on the T#'s TYPE (CheckImageType).
Status CheckSamplerOperands(const TexRequest& req) {
  const uint32_t flags = req.op.flags;
  const bool derivs = (flags & (kOpDeriv | kOpCoarseDeriv)) != 0;
  const struct {
    bool needed;
    const uint32_t* operand;
    const char* name;
  } operands[] = {
      {(flags & kOpLod) != 0, req.in.lod, "lod"},
      {(flags & kOpBias) != 0, req.in.bias, "bias"},
      {(flags & kOpClamp) != 0, req.in.clamp, "clamp"},
      {(flags & kOpCompare) != 0, req.in.zcompare, "zcompare"},
      {(flags & kOpOffset) != 0, req.in.offset, "offset"},
      {derivs, req.in.deriv[0][0], "deriv[0][0]"},
      {derivs, req.in.deriv[1][0], "deriv[1][0]"},
  };
  for (const auto& o : operands) {
    if (o.needed && o.operand == nullptr) {
      return Status::InvalidArgument(std::string("TexOperands.") + o.name + " is null for " +
                                     OpName(req.op));
    }
  }
  return Status::Ok();
}

// Structural checks of the request: everything that does not need the descriptors' contents.
Status ValidateRequest(const TexRequest& req) {
  if (req.image == nullptr) return Status::InvalidArgument("TexRequest.image is null");
  if (req.lane_count < 1 || req.lane_count > kMaxLanes) {
    return Status::InvalidArgument("TexRequest.lane_count=" + std::to_string(req.lane_count) +
                                   " is not in 1..64");
  }
  if (static_cast<uint8_t>(req.op.kind) > static_cast<uint8_t>(OpKind::kBvhIntersectRay) ||
      (req.op.kind == OpKind::kAtomic && req.op.atomic > AtomicOp::kFmax)) {
    return Status::InvalidArgument("op kind " + std::to_string(static_cast<int>(req.op.kind)) +
                                   " / atomic " + std::to_string(static_cast<int>(req.op.atomic)) +
                                   " is not an op");
  }
  if (!IsSupportedOp(req.op)) {
    return Status::Unimplemented("op " + OpName(req.op) +
                                 " is not implemented by the reference sampler");
  }
  if (req.mods.d16 && (req.op.flags & kOpPck) != 0) {
    return Status::InvalidArgument("D16 with " + OpName(req.op) +
                                   ": _PCK moves raw texel dwords, which have no 16-bit form");
  }
  if (req.mods.d16 && (req.op.kind == OpKind::kGetResinfo || req.op.kind == OpKind::kAtomic)) {
    return Status::InvalidArgument("D16 with " + OpName(req.op) +
                                   ": it returns integers and takes no converted data");
  }
  if (req.mods.d16 && req.op.kind == OpKind::kGetLod) {
    return Status::InvalidArgument("D16 with " + OpName(req.op) +
                                   ": it returns LOD values, which have no 16-bit form");
  }
  if (req.mods.a16) return Status::Unimplemented("modifier a16 is not implemented");
  // mods.da (GFX6-9's array bit) is not read: the T#'s TYPE says what the address operands are.
  if (req.mods.dmask > 0xF) {
    return Status::InvalidArgument("DMASK=" + Hex(req.mods.dmask) + " has bits above 3");
  }
  // GATHER4 gathers the component of DMASK's lowest set bit: it needs one.
  if (req.op.kind == OpKind::kGather4 && req.mods.dmask == 0) {
    return Status::InvalidArgument("DMASK=0x0 with " + OpName(req.op) +
                                   ": it names no component to gather");
  }
  const int n = DmaskCount(req);
  if (req.op.kind == OpKind::kStore || req.op.kind == OpKind::kAtomic) {
    for (int k = 0; k < n; ++k) {
      if (req.in.data[k] == nullptr) {
        return Status::InvalidArgument("TexOperands.data[" + std::to_string(k) +
                                       "] is null for DMASK=" + Hex(req.mods.dmask));
      }
    }
  }
  for (int k = 0; k < ReturnedDwords(req); ++k) {
    if (req.out.data[k] == nullptr) {
      return Status::InvalidArgument("TexResults.data[" + std::to_string(k) + "] is null for " +
                                     OpName(req.op) + " with DMASK=" + Hex(req.mods.dmask));
    }
  }
  const bool mip = (req.op.flags & kOpMip) != 0 || req.op.kind == OpKind::kGetResinfo;
  if (mip && req.in.mip == nullptr) {
    return Status::InvalidArgument("TexOperands.mip is null for " + OpName(req.op));
  }
  if (IsSamplerOp(req.op.kind)) {
    if (req.sampler == nullptr) return Status::InvalidArgument("TexRequest.sampler is null");
    TEXUNIT_RETURN_IF_ERROR(CheckSamplerOperands(req));
  }
  return Status::Ok();
}

// An unbound (all-zero) T#: zeros to the active lanes' results, no memory touched.
void ExecuteUnbound(const TexRequest& req) {
  const uint32_t zeros[4] = {0, 0, 0, 0};
  // Stores and atomics without GLC return nothing, not even the status dword.
  if (!Returns(req)) return;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (Active(req, lane)) WriteDwords(req, lane, zeros, ReturnedDwords(req), true);
  }
}

// The sampler ops (SAMPLE*, GATHER4*, GET_LOD) read 1D, 2D, 3D, 1D_ARRAY and 2D_ARRAY images in
// this release; CUBE and the MSAA types are not sampled.
bool IsSampledType(ImageType t) {
  return t == ImageType::k1D || t == ImageType::k2D || t == ImageType::k3D ||
         t == ImageType::k1DArray || t == ImageType::k2DArray;
}

// _D and _CD on a type with t read dt/dx and dt/dy too (the 1D types have none), and on 3D
// dr/dx and dr/dy (deriv[0][2], deriv[1][2]), which no other type reads.
Status CheckTypeDerivatives(const TexRequest& req) {
  if ((req.op.flags & (kOpDeriv | kOpCoarseDeriv)) == 0) return Status::Ok();
  const bool needs[3] = {false, HasT(req), HasR(req)};  // ds/dx, ds/dy: CheckSamplerOperands
  for (int c = 1; c < 3; ++c) {
    for (int d = 0; d < 2; ++d) {
      if (needs[c] && req.in.deriv[d][c] == nullptr) {
        return Status::InvalidArgument("TexOperands.deriv[" + std::to_string(d) + "][" +
                                       std::to_string(c) + "] is null for " + OpName(req.op) +
                                       " on T#.TYPE=" + ImageTypeName(req.image->type));
      }
    }
  }
  return Status::Ok();
}

// The address operands the T#'s TYPE reads ("Image types"): x; y unless 1D; z, the layer or the
// face id; the fragment of MSAA types. The sampler ops read the same operands of the types they
// sample (GET_LOD, which uses no layer, is held to them too: 3D's r, which it does use, too) and,
// with derivatives, dt/dx and dt/dy unless 1D and dr/dx and dr/dy on 3D. MSAA images have no
// _MIP forms.
Status CheckImageType(const TexRequest& req) {
  const ImageType type = req.image->type;
  if (IsSamplerOp(req.op.kind)) {
    if (!IsSampledType(type)) {
      return Status::Unimplemented("T#.TYPE=" + std::to_string(static_cast<int>(type)) + " (" +
                                   ImageTypeName(type) + ") with " + OpName(req.op) +
                                   " is not implemented by the reference sampler");
    }
    TEXUNIT_RETURN_IF_ERROR(CheckTypeDerivatives(req));
  }
  if (IsMsaaType(type) && (req.op.flags & kOpMip) != 0) {
    return Status::InvalidArgument(OpName(req.op) + " on T#.TYPE=" + ImageTypeName(type) +
                                   ": MSAA images have no mip levels");
  }
  if (req.op.kind == OpKind::kGetResinfo) return Status::Ok();  // no address operands
  const bool needs[4] = {true, !Is1DType(type), type == ImageType::k3D || IsLayeredType(type),
                         IsMsaaType(type)};
  for (int c = 0; c < 4; ++c) {
    if (needs[c] && req.in.coord[c] == nullptr) {
      return Status::InvalidArgument("TexOperands.coord[" + std::to_string(c) + "] is null for " +
                                     OpName(req.op) + " on T#.TYPE=" + ImageTypeName(type));
    }
  }
  return Status::Ok();
}

// The T#'s format: one this reference can read, and able to do what the op asks.
Status PrepareFormat(const TexRequest& req, FormatInfo* format) {
  const ImageDesc& desc = *req.image;
  if (desc.format == FormatId::kInvalid) {
    if (desc.gfx10_format != 0) {
      return Status::InvalidArgument("T#.FORMAT=" + std::to_string(desc.gfx10_format) +
                                     " names no texel format");
    }
    const auto data = static_cast<DataFormat>(desc.data_format);
    const auto num = static_cast<NumFormat>(desc.num_format);
    return Status::InvalidArgument("T#.DATA_FORMAT=" + std::to_string(desc.data_format) + " (" +
                                   DataFormatName(data) +
                                   ") with T#.NUM_FORMAT=" + std::to_string(desc.num_format) +
                                   " (" + NumFormatName(num) + ") names no texel format");
  }
  TEXUNIT_RETURN_IF_ERROR(DescribeFormat(desc.format, format));
  if (!format->HasRawTexels()) {
    if (req.op.kind == OpKind::kStore) {
      return Status::InvalidArgument(std::string("T#.FORMAT ") + FormatName(desc.format) +
                                     " is not storable: a store writes whole texels, and a block "
                                     "format's texels share their bytes");
    }
    if ((req.op.flags & kOpPck) != 0) {
      return Status::InvalidArgument(OpName(req.op) + " on " + FormatName(desc.format) +
                                     ": a block format has no raw texel");
    }
  }
  // _C compares depth, a float: integer-class formats have none.
  if ((req.op.flags & kOpCompare) != 0 && format->numeric != NumericClass::kFloat) {
    return Status::InvalidArgument(std::string("T#.FORMAT ") + FormatName(desc.format) + " with " +
                                   OpName(req.op) + ": depth compare needs a float-class format");
  }
  if (req.op.kind == OpKind::kAtomic) {
    // "Atomics": the element is the whole texel, 4 or 8 bytes of a format that is not in blocks,
    // and DMASK is fixed by its size.
    const bool blocks = format->block_width != 1 || format->block_height != 1;
    if (blocks || (format->element_bytes != 4 && format->element_bytes != 8)) {
      return Status::InvalidArgument(OpName(req.op) + " on " + FormatName(desc.format) +
                                     ": an atomic's element is a 32- or 64-bit texel");
    }
    const bool wide = format->element_bytes == 8;
    const uint8_t want = IsCompareSwap(req.op.atomic) ? (wide ? 0xF : 0x3) : (wide ? 0x3 : 0x1);
    if (req.mods.dmask != want) {
      return Status::InvalidArgument("DMASK=" + Hex(req.mods.dmask) + " with " + OpName(req.op) +
                                     " on a " + std::to_string(8 * format->element_bytes) +
                                     "-bit texel: it must be " + Hex(want));
    }
  }
  return Status::Ok();
}

Status PrepareImage(const TexRequest& req, Image* img) {
  const ImageDesc& desc = *req.image;
  img->desc = &desc;
  TEXUNIT_RETURN_IF_ERROR(CheckImageType(req));
  TEXUNIT_RETURN_IF_ERROR(PrepareFormat(req, &img->format));
  // A reserved DST_SEL makes the T# invalid for every op, including those that do not read it.
  static const char* const kSelNames[4] = {"DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W"};
  for (int i = 0; i < 4; ++i) {
    const auto sel = static_cast<uint32_t>(desc.dst_sel[i]);
    if (sel == 2 || sel == 3 || sel > 7) {
      return Status::InvalidArgument(std::string("T#.") + kSelNames[i] + "=" + std::to_string(sel) +
                                     " is reserved");
    }
  }
  if (IsSamplerOp(req.op.kind)) TEXUNIT_RETURN_IF_ERROR(ValidateSampler(req));

  TEXUNIT_RETURN_IF_ERROR(ComputeImageLayout(desc, &img->layout));
  // The layout's element size and block shape must be the format's as this reference reads it.
  const FormatInfo& f = img->format;
  if (img->layout.bytes_per_element != f.element_bytes ||
      img->layout.block_width != f.block_width || img->layout.block_height != f.block_height) {
    return Status::Internal(
        std::string("ComputeImageLayout gives ") + FormatName(desc.format) + " " +
        std::to_string(img->layout.bytes_per_element) + "-byte elements of " +
        std::to_string(img->layout.block_width) + "x" + std::to_string(img->layout.block_height) +
        " texels; the reference reads " + std::to_string(f.element_bytes) + " bytes of " +
        std::to_string(f.block_width) + "x" + std::to_string(f.block_height));
  }
  if (desc.base_level > desc.last_level) {
    return Status::InvalidArgument("T#.BASE_LEVEL=" + std::to_string(desc.base_level) +
                                   " exceeds T#.LAST_LEVEL=" + std::to_string(desc.last_level));
  }
  // MSAA: one level of S = 2^LAST_LEVEL fragments; otherwise levels 0..LAST_LEVEL.
  const bool msaa = IsMsaaType(desc.type);
  const uint32_t levels = msaa ? 1u : uint32_t{desc.last_level} + 1;
  img->samples = msaa ? 1u << desc.last_level : 1u;
  if (img->layout.num_levels != levels || img->layout.samples != img->samples ||
      levels > static_cast<uint32_t>(kMaxLevels)) {
    return Status::Internal("ComputeImageLayout returned " +
                            std::to_string(img->layout.num_levels) + " levels of " +
                            std::to_string(img->layout.samples) + " fragments for LAST_LEVEL=" +
                            std::to_string(desc.last_level) + " of a " + ImageTypeName(desc.type));
  }
  img->last_view_level = levels - 1 - desc.base_level;
  img->layers = IsLayeredType(desc.type) ? desc.last_array - desc.base_array + 1 : 1;
  // Every element the lanes can reach must lie inside the footprint resolved below: the last
  // slice's (3D depth or memory layer) last row's last texel, block or fragment.
  for (uint32_t level = desc.base_level; level < levels; ++level) {
    const LevelLayout& lv = img->layout.levels[level];
    const uint64_t blocks_x = (uint64_t{lv.width} + f.block_width - 1) / f.block_width;
    const uint64_t blocks_y = (uint64_t{lv.height} + f.block_height - 1) / f.block_height;
    const uint64_t row = blocks_x * f.element_bytes * img->samples;
    const uint32_t slices = desc.type == ImageType::k3D ? lv.depth
                            : IsLayeredType(desc.type)  ? desc.last_array + 1
                                                        : 1;
    const uint64_t end =
        lv.offset + (slices - 1) * lv.slice_bytes + (blocks_y - 1) * lv.row_bytes + row;
    if (lv.width == 0 || lv.height == 0 || lv.pitch < lv.width || lv.row_bytes < row ||
        (Is1DType(desc.type) && lv.height != 1) || lv.slice_bytes < blocks_y * lv.row_bytes ||
        end > img->layout.total_bytes) {
      return Status::Internal(
          "image layout of level " + std::to_string(level) +
          " lies outside total_bytes=" + std::to_string(img->layout.total_bytes));
    }
  }
  // GET_RESINFO and GET_LOD read no memory, so they need none registered.
  if (req.op.kind == OpKind::kGetResinfo || req.op.kind == OpKind::kGetLod) return Status::Ok();
  if (req.memory == nullptr) return Status::InvalidArgument("TexRequest.memory is null");
  const bool write = req.op.kind == OpKind::kStore || req.op.kind == OpKind::kAtomic;
  img->host = req.memory->Resolve(desc.base_address, img->layout.total_bytes, write);
  if (img->host == nullptr) {
    return Status::OutOfRange("T#.BASE_ADDRESS=" + Hex(desc.base_address) + ": the footprint of " +
                              std::to_string(img->layout.total_bytes) + " bytes is not registered" +
                              (write ? " writable" : "") + " memory");
  }
  // Atomics are atomic on the host, which needs elements aligned to their size.
  const uint32_t align = req.op.kind == OpKind::kAtomic ? f.element_bytes : 1;
  if (reinterpret_cast<uintptr_t>(img->host) % align != 0) {
    return Status::InvalidArgument("host memory for T#.BASE_ADDRESS=" + Hex(desc.base_address) +
                                   " is not " + std::to_string(align) +
                                   "-byte aligned for an atomic");
  }
  return Status::Ok();
}

}  // namespace

Status Execute(const TexRequest& req) {
  TEXUNIT_RETURN_IF_ERROR(ValidateRequest(req));
  if (req.image->unbound) {
    ExecuteUnbound(req);
    return Status::Ok();
  }
  Image img;
  TEXUNIT_RETURN_IF_ERROR(PrepareImage(req, &img));
  switch (req.op.kind) {
    case OpKind::kLoad:
      ExecuteLoad(req, img);
      break;
    case OpKind::kStore:
      ExecuteStore(req, img);
      break;
    case OpKind::kSample:
      ExecuteSample(req, img);
      break;
    case OpKind::kGather4:
      ExecuteGather4(req, img);
      break;
    case OpKind::kGetLod:
      ExecuteGetLod(req, img);
      break;
    case OpKind::kGetResinfo:
      ExecuteResinfo(req, img);
      break;
    case OpKind::kAtomic:
      ExecuteAtomic(req, img);
      break;
    default:
      return Status::Internal("unreachable op kind");
  }
  return Status::Ok();
}

}  // namespace texunit::reference
