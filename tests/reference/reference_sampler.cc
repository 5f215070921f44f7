// The scalar reference of docs/sampling.md. Each function below is one paragraph of the contract;
// the comments quote the rule they evaluate. Float arithmetic is binary32 in the written order
// (the project builds with -ffp-contract=off); only the LOD's log2 is taken in double.
//
// Readings of points docs/sampling.md leaves open (closest to Vulkan/D3D/AMD behaviour; those of
// the integer-address ops are in reference_memory_ops.cc):
//  - Only FLOAT texels (inputs) and the final sample result are flushed when denormal; the
//    coordinate, lod and bias operands and the intermediate products are not.
//  - DST_SEL 2 and 3 (reserved) are InvalidArgument.
//  - T# MIN_LOD (m = MIN_LOD / 256 - BASE_LEVEL view levels, applied when m > 0): sample lanes
//    select their levels from max(lambda, m) (LZ from m); the XY filter (lambda <= 0 is
//    magnification) and whether a lane probes still follow the lane's own lambda, as the rule
//    names only the level selection. GATHER4 reads min(max(d, floor(m)), M): the contract's
//    max(d, floor(m)) with the clamp to M its sample bullet states ("Past M the rules above clamp
//    to M"), as no level lies past M. GET_LOD's x is min(max(x, m), M) on the x of the mip filter's
//    rule, literally (POINT's x can then be a fraction, m itself), and stays 0 for MIP_FILTER NONE
//    and unnormalized coordinates, which select no level. Loads, stores, atomics ignore it.
//  - S# TRUNC_COORD = 0 rounds every POINT index's coordinate to 1/64 texel, half to even, before
//    the floor (after the sanitizing and the half-border clamps): XY POINT, 1D, 3D's POINT z
//    (GATHER4's POINT z slice included: it is a POINT z index, and the contract's exclusion of
//    GATHER4 names its bilinear footprint), seamless cube POINT (min(floor(u'), n - 1)) and the
//    non-seamless cube's face as 2D; unnormalized coordinates too. Not BILINEAR, LINEAR z,
//    GATHER4's footprint, layers, faces, cubes, or the seamless edge texels' floor(s' * n).
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
//  - GET_LOD is held to the S# rules of the other sampler ops (FILTER_MODE 3 and MAX_ANISO_RATIO
//    above 4 are InvalidArgument; a border clamp mode with a REGISTER color past the table's end
//    is InvalidArgument) although it reads no texel. Its x and y are not flushed: without _B, y is
//    0.5 * log2(...) plus a multiple of 1/256 and is never denormal. MIP_FILTER 3 gives x by the
//    POINT rule.
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
//  - CUBE (sampler ops): the three checks (square faces, then whole cubes in the view, then
//    normalized coordinates) follow the TYPE check, before the type's operand checks; a view with
//    BASE_ARRAY > LAST_ARRAY (no layers) fails the whole-cubes check, and BASE_ARRAY need not be a
//    multiple of 6. The checks hold for GET_LOD too (a sampler op, although unnormalized
//    coordinates would only fix its lambda).
//    Operands: coord[2] (the face) is required, GET_LOD included, like the arrays' layer; coord[3]
//    never is (null: cube 0); deriv[e][2] is not read. _O on a CUBE needs no offset array (the
//    operand is not read, an exception to the structural operand check, which reads T#.TYPE for
//    it), seamless or not.
//  - Seamless cubes: the S#'s CLAMP_X and CLAMP_Y are not read by the lookups but still validated
//    (above 7 is InvalidArgument: the S# is checked as a whole, as for 1D's CLAMP_Y); their border
//    modes need no border color, so BORDER_COLOR_TYPE and a REGISTER pointer past the table's end
//    are not checked. A non-seamless cube checks them as 2D does.
//  - Seamless corner texels: the mean ((A + B) + C) / 3 is not flushed before the bilinear
//    weights (no intermediate is); its inputs are filter-domain values (FLOAT texels already
//    flushed). GATHER4's mean is of the three texels' gathered components after DST_SEL (0 and 1
//    average to themselves) as a load returns them, unflushed, and the mean is flushed. A corner
//    texel of an integer format (only GATHER4 reaches one) is A.
//  - Seamless edge texels: P, s' and t' are evaluated in double exactly as written; floor(s' * n)
//    is always in 0..n-1 for an edge texel (a guard clamps it, never taken).
//  - S# checks of every sampler op, in order: CLAMP_X, CLAMP_Y (CLAMP_Z on 3D), XY_MAG_FILTER and
//    XY_MIN_FILTER, Z_FILTER (3D), MIP_FILTER above 3, FILTER_MODE 3 (reserved), MAX_ANISO_RATIO
//    5..7 (reserved), MC_COORD_TRUNC = 1 (Unsupported), DEPTH_COMPARE_FUNC (_C), the border color.
//    FILTER_MODE, MAX_ANISO_RATIO and MC_COORD_TRUNC are checked whatever the op and the filters
//    (GATHER4 and GET_LOD read none of them otherwise).
//    MIP_FILTER 3 (POINT_ANISO_ADJ) is POINT for every op and lane.
//  - Reduction (FILTER_MODE MIN, MAX): minNum/maxNum with -0 < +0; two NaNs give the second
//    operand (a NaN, payload unspecified). The reference takes the contract's lists literally:
//    BILINEAR always takes T(i0,j0), T(i0,j1) when b > 0 and T(i1,j0) when a > 0 (1D: T(i0), T(i1)
//    when a > 0), LINEAR z slice k0 always. The contract says "1 - a is never 0", but in binary32
//    it is: u = 0.5 - 2^-25 (the largest float below 0.5) gives a = 1 - 2^-25, which rounds (a
//    tie, to even) to 1.0f, so w00 = w01 = 0 while the list still takes T(i0,j0) and T(i0,j1)
//    (kHardware keeps a = 1 too); the same happens to g. The general rule ("non-zero weight") would
//    leave them out. The mip blend's f = lambda - floor(lambda) is
//    exact and below 1 for lambda >= 0, so c(d0) always has a non-zero weight there. BLEND is
//    unchanged (LINEAR z still blends at g = 0). Reduced codes are divided after the reduction,
//    compare results (0 or 1) are reduced like texels, and a seamless corner texel is its mean of
//    three before it takes part.
//  - Anisotropic filtering: a lane probes when it is a SAMPLE on 2D, 2D_ARRAY or CUBE (seamless or
//    not) of a non-integer format with a derivative LOD (implicit, _B, _CL, _D, _CD) and normalized
//    coordinates, its isotropic lambda after steps 1-5 (bias, both clamps, kHardware's
//    quantisation) is above 0, XY_MIN_FILTER is ANISO_POINT or ANISO_BILINEAR and MAX_ANISO_RATIO
//    is above 0. That lambda alone decides minification: a probing lane whose anisotropic lambda
//    (0.5 * log2(P / float(N * N)), then steps 2-5 with the lane's bias and clamp) is 0 or below
//    still takes the MIN filter's probes, and its levels follow the anisotropic lambda.
//    rx and ry are not flushed (a denormal P is not 0). N = 1 is the plain lookup at (s, t)
//    itself (not s + 0 * ds, which an infinite ds would make NaN). The long axis is the unscaled
//    derivative pair of step 1 (the quad's differences, with missing lanes taking the top-left's
//    coordinates, or the _D/_CD operands); each probe coordinate then goes through every rule of a
//    lookup as an (s, t) operand would (NaN made 0, clamps, offsets, the lane's layer; on a
//    seamless cube it is clamped to [0, 1] on the lane's face). The sum of probes starts with c_0
//    (no +0 before it) and is in the filter domain, before the code division; MIN and MAX reduce
//    the probes in probe order. GET_LOD and GATHER4 never probe. S# ANISO_THRESHOLD and
//    ANISO_BIAS are not read.
//  - Partially resident textures (reference_prt.cc; loads: reference_memory_ops.cc): every texel a
//    lane reads from memory is checked, by the page of its first byte (a block format's block): the
//    four texels of BILINEAR (1D: two) whatever their weights and whatever MIN/MAX reduces away,
//    both slices of LINEAR z (g = 0 included), every probe's texels, a seamless cube's edge texels
//    on the adjacent face and a corner's three texels A, B, C (A alone on integer formats, whose
//    corner is A). Level d1 is read only when the mip blend takes place (f != 0): with f = 0 the
//    rule is c = c(d0), which selects no texel of d1. Border texels (a border 3D slice's too) are
//    not read and never fail.
//  - A non-resident texel is 0 in every channel before DST_SEL, the channels the format lacks
//    included (W reads 0, not 1): the integer 0, or 0.0f in the filter domain (code 0); with _C
//    D = +0, then compared (GREATER with ref 0.5 passes). GATHER4 takes that zeroed texel as a
//    sampler op does, before DST_SEL: a DST_SEL 1 component still gathers 1, as a point sample
//    returns it (the load's "0 in every component", after DST_SEL, is for loads).
//  - The status dword's LOD is base_level + d0 of the lane (from the anisotropic lambda on a
//    probing lane; d0 = 0 for MIP_FILTER NONE), and GATHER4's base_level + d: the level actually
//    read, after the T#'s MIN_LOD raised it (so LOD_WARNING compares that level with MIN_LOD_WARN).
//    LOD_WARNING depends on MIN_LOD_WARN alone, not on a residency map; without TFE a non-resident
//    texel leaves TEXEL_FAIL 0, so LWE alone can still warn on a lane that read one.
//  - The residency map's length (residency_pages >= ceil(total_bytes / 64 KiB)) is checked right
//    after the footprint's memory is resolved (an unregistered footprint is OutOfRange first), for
//    loads, samples and gathers on a PRT with a non-null map only; an unbound T# is not checked.
#include "reference/reference_sampler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "reference/reference_aniso.h"
#include "reference/reference_atomics.h"
#include "reference/reference_cube.h"
#include "reference/reference_formats.h"
#include "reference/reference_image.h"
#include "reference/reference_prt.h"
#include "texunit/amd_formats.h"
#include "texunit/capabilities.h"
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

// The derivatives a lane's step 1 takes (not for _L and _LZ): _D's and _CD's operands, or the
// implicit quad differences. With the unit scale (LodScale{}) they are the derivatives of s, t, r
// themselves (a product by 1.0f is exact), which "Anisotropic filtering" takes as its long axis.
Derivatives LaneDerivatives(const TexRequest& req, uint32_t lane, const LodScale& k) {
  if ((req.op.flags & (kOpDeriv | kOpCoarseDeriv)) != 0) return ExplicitDerivatives(req, lane, k);
  return ImplicitDerivatives(req, lane, k);
}

// Step 1's rx = (dudx*dudx + dvdx*dvdx) + dwdx*dwdx and ry likewise. Without r the last term adds
// +0 to a sum of squares (or a NaN), which changes nothing.
struct LodAxes {
  float rx = 0.0f, ry = 0.0f;
};

LodAxes AxesOf(const Derivatives& d) {
  return {(d.dudx * d.dudx + d.dvdx * d.dvdx) + d.dwdx * d.dwdx,
          (d.dudy * d.dudy + d.dvdy * d.dvdy) + d.dwdy * d.dwdy};
}

// 0.5 * log2(m), log2 in double, rounded to float (log2(0) = -inf, log2(NaN) = NaN).
float HalfLog2(float m) { return 0.5f * static_cast<float>(std::log2(static_cast<double>(m))); }

// lambda = 0.5 * log2(max(rx, ry)); max is NaN when either operand is NaN (step 3 then turns a NaN
// lambda into MIN_LOD).
float LambdaOf(const LodAxes& r) {
  const float m = (std::isnan(r.rx) || std::isnan(r.ry)) ? std::numeric_limits<float>::quiet_NaN()
                                                         : (r.rx > r.ry ? r.rx : r.ry);
  return HalfLog2(m);
}

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

// ---------------------------------------------------------------------------------------------
// Texel coordinates, depth compare and the filter

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

bool IsCube(const TexRequest& req) { return req.image->type == ImageType::kCube; }

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
  p->seamless = !req.sampler->disable_cube_wrap;
}

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

// POINT's integer coordinate before the offset: floor(u') (PointFloor), and at most n - 1 for the
// half-border modes (OpenGL's rule that s = 1 reads the last texel: without offsets POINT never
// reads their border), min(floor(u'), n - 1) after their clamp of u.
int64_t PointIndex(const TexRequest& req, ClampMode mode, float u, int64_t n) {
  const int64_t i = PointFloor(req, u);
  return IsHalfBorderMode(mode) && i > n - 1 ? n - 1 : i;
}

// POINT on one axis: the texel's index after the offset and the clamp mode (kBorder for a border
// texel).
int64_t PointTexel(const TexRequest& req, ClampMode mode, float u, int64_t offset, int64_t n) {
  return ApplyClampMode(mode, PointIndex(req, mode, u, n) + offset, n);
}

// One axis of the bilinear footprint (also GATHER4's): i0 = floor(u - 0.5) + offset and
// i1 = i0 + 1 after the axis's clamp mode (kBorder for a border texel), and the weight fraction
// a = (u - 0.5) - floor(u - 0.5), quantised to 1/256 in kHardware. Offsets are added to the
// integer coordinates, before the clamp mode.
struct AxisFootprint {
  int64_t i0 = 0, i1 = 0;
  float a = 0.0f;
};

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

void SeamlessFilterTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i,
                         int64_t j, const LaneParams& p, LevelSample* out);

// Whether texel (i, j) of the lane's memory layer or 3D slice at memory level `level` is
// resident ("Partially resident textures": the page of its first byte, or of its block's); a
// non-resident one sets the lane's flag. Only texels read from memory are checked (border texels
// are not read).
bool CheckResident(const Image& img, uint32_t level, int64_t i, int64_t j, const LaneParams& p) {
  const uint64_t offset =
      TexelByteOffset(img, level, p.slice, static_cast<uint32_t>(i), static_cast<uint32_t>(j));
  if (Resident(img, offset)) return true;
  if (p.nonresident != nullptr) *p.nonresident = true;
  return false;
}

// T(i, j): the texel in the filter domain ("Formats"), or as a load returns it for integer
// formats, or with _C its compare result (r, r, r, r); a border texel reads the border color. On a
// seamless cube i and j run over -1..n and name texels of the adjacent faces too. A PRT's
// non-resident texel is 0 in every channel (the integer 0, or 0.0f in the filter domain; with _C
// D = 0, then compared), and is filtered like any texel.
void ReadFilterTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i, int64_t j,
                     const LaneParams& p, LevelSample* out) {
  if (p.seamless) {
    SeamlessFilterTexel(req, img, level, i, j, p, out);
    return;
  }
  if (IsBorderTexel(i, j, p)) {
    BorderFilterTexel(req, img, p, out);
    return;
  }
  if (!CheckResident(img, level, i, j, p)) {
    if (p.compare) {
      CompareTexel(req, p, 0.0f, out->f);
      return;
    }
    for (int ch = 0; ch < 4; ++ch) {
      out->u[ch] = 0;
      out->f[ch] = 0.0f;
    }
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

// ---------------------------------------------------------------------------------------------
// Seamless cubes ("CUBE", S# DISABLE_CUBE_WRAP = 0): the S# clamp modes are not read; texel
// indices -1 and n of the lane's face name texels of the faces across its edges.

bool OutsideFace(int64_t i, int64_t n) { return i < 0 || i >= n; }
int64_t ClampToFace(int64_t i, int64_t n) { return i < 0 ? 0 : (i > n - 1 ? n - 1 : i); }

// The lane's params for reading a texel stored on face `face` of its cube, as a plain texel of
// that memory layer (seamless lookups have no border texels).
LaneParams OnFace(const LaneParams& p, uint32_t face) {
  LaneParams q = p;
  q.seamless = false;
  q.slice = p.cube_layer + face;
  return q;
}

// Texel (i, j) of the lane's face at a level of n x n texels, at most one index outside 0..n-1:
// itself, or for an *edge texel* the texel of the adjacent face that holds its centre.
CubeTexel ResolveCubeTexel(const LaneParams& p, int64_t i, int64_t j, int64_t n) {
  if (!OutsideFace(i, n) && !OutsideFace(j, n)) {
    return {p.face, static_cast<uint32_t>(i), static_cast<uint32_t>(j)};
  }
  return CubeEdgeTexel(p.face, i, j, static_cast<uint32_t>(n));
}

// T(i, j) on a seamless cube: the lane's face's texel, an edge texel (read from the adjacent face),
// or a *corner texel* (both indices outside): ((A + B) + C) / 3 per channel in binary32 of
// A = (clamp(i), clamp(j)) of the face, B = the edge texel (i, clamp(j)) and C = the edge texel
// (clamp(i), j), in the filter domain (compare results with _C). Integer formats are never
// averaged: their corner texel is A (they never reach one: they are sampled POINT).
void SeamlessFilterTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i,
                         int64_t j, const LaneParams& p, LevelSample* out) {
  const int64_t n = img.layout.levels[level].width;
  auto read = [&](int64_t x, int64_t y, LevelSample* t) {
    const CubeTexel c = ResolveCubeTexel(p, x, y, n);
    ReadFilterTexel(req, img, level, c.i, c.j, OnFace(p, c.face), t);
  };
  if (!OutsideFace(i, n) || !OutsideFace(j, n)) {
    read(i, j, out);
    return;
  }
  const int64_t ci = ClampToFace(i, n), cj = ClampToFace(j, n);
  LevelSample a, b, c;
  read(ci, cj, &a);
  if (IsInteger(img)) {
    *out = a;
    return;
  }
  read(i, cj, &b);
  read(ci, j, &c);
  for (int ch = 0; ch < 4; ++ch) out->f[ch] = ((a.f[ch] + b.f[ch]) + c.f[ch]) / 3.0f;
}

// s and t have NaN made 0 and are clamped to [0, 1] before u = s * n.
float SeamlessCoord(float s) { return std::isnan(s) ? 0.0f : std::fmin(std::fmax(s, 0.0f), 1.0f); }

// POINT (and every lookup of an integer format): i = min(floor(u'), n - 1), j likewise (Vulkan's
// nearest cube lookup clamps to the edge), u' the TRUNC_COORD rounding of u (PointFloor): u is in
// [0, n], so u' is too.
LevelSample SeamlessPoint(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                          const LaneParams& p) {
  const int64_t n = img.layout.levels[level].width;
  const float fn = static_cast<float>(n);
  const int64_t i = std::min(PointFloor(req, SeamlessCoord(s) * fn), n - 1);
  const int64_t j = std::min(PointFloor(req, SeamlessCoord(t) * fn), n - 1);
  LevelSample out{};
  ReadFilterTexel(req, img, level, i, j, p, &out);
  return out;
}

// BILINEAR's and GATHER4's footprint: i0, i1, j0, j1, a, b as for 2D without offsets or clamp
// modes, each index in -1..n (ReadFilterTexel and GatherTexel resolve those outside the face).
Footprint SeamlessFootprint(const TexRequest& req, const Image& img, uint32_t level, float s,
                            float t) {
  const float fn = static_cast<float>(img.layout.levels[level].width);
  Footprint fp;
  fp.x = RawBilinearAxis(req, SeamlessCoord(s) * fn);
  fp.y = RawBilinearAxis(req, SeamlessCoord(t) * fn);
  return fp;
}

// POINT: T(i, j), with j = 0 on the 1D types (their one row; CLAMP_Y and oy are not read).
LevelSample PointSample(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        bool unnormalized, const LaneParams& p) {
  const SamplerDesc& smp = *req.sampler;
  const LevelLayout& lv = img.layout.levels[level];
  const int64_t i = PointTexel(req, smp.clamp_x, LevelCoord(smp.clamp_x, s, lv.width, unnormalized),
                               p.ox, lv.width);
  int64_t j = 0;
  if (HasT(req)) {
    j = PointTexel(req, smp.clamp_y, LevelCoord(smp.clamp_y, t, lv.height, unnormalized), p.oy,
                   lv.height);
  }
  LevelSample out{};
  ReadFilterTexel(req, img, level, i, j, p, &out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// "Reduction (S# FILTER_MODE)": MIN and MAX replace every weighted sum (bilinear, 1D linear, LINEAR
// z, the mip blend, the mean of the aniso probes) by the per-channel minimum or maximum of the
// values it would weight with a non-zero weight, in the order of the sum. BLEND keeps the sums.

// IEEE 754 minNum with -0 < +0: a NaN operand yields the other one; two NaNs give a NaN (the second
// operand; its payload is unspecified, as for any NaN filtering produces).
float MinNum(float x, float y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return std::signbit(x) ? x : y;  // equal values differ only as -0 and +0
  return x < y ? x : y;
}

// maxNum likewise, with +0 > -0.
float MaxNum(float x, float y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return std::signbit(x) ? y : x;
  return x > y ? x : y;
}

bool Reduces(const TexRequest& req) { return req.sampler->filter_mode != FilterMode::kBlend; }

// One step of a MIN or MAX reduction: the running value and the next operand of the sum.
float Reduce(const TexRequest& req, float acc, float v) {
  return req.sampler->filter_mode == FilterMode::kMin ? MinNum(acc, v) : MaxNum(acc, v);
}

// Per channel, Reduce(acc, v) when `take` (the value's weight is not zero), else acc.
void ReduceInto(const TexRequest& req, bool take, const LevelSample& v, LevelSample* acc) {
  if (!take) return;
  for (int ch = 0; ch < 4; ++ch) acc->f[ch] = Reduce(req, acc->f[ch], v.f[ch]);
}

// BILINEAR on the 1D types, per channel: c = (1-a)*T(i0) + a*T(i1) along their one row. No weight
// multiplies a texel of another row (a 2D formula with b = 0 would add 0 * T terms, which turn an
// infinite texel into NaN and -0 into +0). MIN/MAX: T(i0), with T(i1) when a > 0.
LevelSample Linear1D(const TexRequest& req, const Image& img, uint32_t level, const Footprint& fp,
                     const LaneParams& p) {
  const float a = fp.x.a;
  LevelSample t0, t1, out{};
  ReadFilterTexel(req, img, level, fp.x.i0, 0, p, &t0);
  ReadFilterTexel(req, img, level, fp.x.i1, 0, p, &t1);
  if (Reduces(req)) {
    out = t0;
    ReduceInto(req, a > 0.0f, t1, &out);
    return out;
  }
  for (int ch = 0; ch < 4; ++ch) out.f[ch] = (1.0f - a) * t0.f[ch] + a * t1.f[ch];
  return out;
}

// BILINEAR, per channel: w00 = (1-a)*(1-b), w10 = a*(1-b), w01 = (1-a)*b, w11 = a*b,
// c = ((w00*T(i0,j0) + w10*T(i1,j0)) + w01*T(i0,j1)) + w11*T(i1,j1). MIN/MAX: T(i0,j0), with
// T(i1,j0) when a > 0, T(i0,j1) when b > 0 and T(i1,j1) when both are (a and b after kHardware's
// quantisation). T(i0,j0) always takes part, as the contract's list says (see the header's
// readings for a = 1).
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
  if (Reduces(req)) {
    out = t00;
    ReduceInto(req, a > 0.0f, t10, &out);
    ReduceInto(req, b > 0.0f, t01, &out);
    ReduceInto(req, a > 0.0f && b > 0.0f, t11, &out);
    return out;
  }
  for (int ch = 0; ch < 4; ++ch) {
    out.f[ch] = ((w00 * t00.f[ch] + w10 * t10.f[ch]) + w01 * t01.f[ch]) + w11 * t11.f[ch];
  }
  return out;
}

// "Texel coordinates at memory level L" and "Filtering" (POINT or BILINEAR) for one lane: the 2D
// lookup in the lane's memory layer or 3D slice, or on a seamless cube's face and its neighbours.
LevelSample SampleSlice(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        bool bilinear, bool unnormalized, const LaneParams& p) {
  if (p.seamless) {
    if (!bilinear) return SeamlessPoint(req, img, level, s, t, p);
    return Bilinear2D(req, img, level, SeamlessFootprint(req, img, level, s, t), p);
  }
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

// 3D POINT z (also GATHER4's slice): k = floor(w') + oz (min(floor(w'), d - 1) + oz for the
// half-border modes), mapped by CLAMP_Z; w' is w rounded by TRUNC_COORD = 0 like a POINT u.
LaneParams PointSliceParams(const TexRequest& req, const Image& img, uint32_t level, float r,
                            bool unnormalized, const LaneParams& p) {
  const float w = DepthCoord(req, img, level, r, unnormalized);
  const int64_t d = img.layout.levels[level].depth;
  return InSlice(p, PointTexel(req, req.sampler->clamp_z, w, p.oz, d));
}

// 3D LINEAR z: k0 = floor(w - 0.5) + oz, k1 = k0 + 1 (each mapped by CLAMP_Z) and
// g = (w - 0.5) - floor(w - 0.5) (quantised to 1/256 in kHardware, like a), then per channel
// c = (1-g)*c(k0) + g*c(k1) of the two slices' 2D results, in the filter domain (before the code
// division; compare results with _C). The blend is taken for g = 0 too, as the contract writes it;
// MIN and MAX take c(k1) only when g > 0.
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
  if (Reduces(req)) {  // MIN/MAX: both slices' results when g > 0, slice k0's alone when g = 0
    out = c0;
    ReduceInto(req, g > 0.0f, c1, &out);
    return out;
  }
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
// "Anisotropic filtering": the probes of a lane that filters anisotropically.

// A lane's probes: N of them along the long axis (ds, dt), and the lambda its levels follow. N = 1
// (every lane that does not probe) is the plain lookup at (s, t) with the isotropic lambda.
struct Probes {
  uint32_t n = 1;
  float ds = 0.0f, dt = 0.0f;
  float lambda = 0.0f;
};

// Whether the lane filters anisotropically: SAMPLE (not GATHER4 or GET_LOD) on a 2D, 2D_ARRAY or
// CUBE image of a format that is not integer, the LOD from derivatives (implicit, _B, _CL, _D,
// _CD: not _L or _LZ) and normalized coordinates, minification (the isotropic lambda of steps 1-5
// above 0, so the XY filter is XY_MIN_FILTER) with XY_MIN_FILTER ANISO_POINT or ANISO_BILINEAR,
// and R = 2^MAX_ANISO_RATIO above 1.
bool FiltersAnisotropically(const TexRequest& req, const Image& img, float iso_lambda,
                            bool unnormalized) {
  const SamplerDesc& smp = *req.sampler;
  const ImageType type = img.desc->type;
  if (req.op.kind != OpKind::kSample) return false;
  if (type != ImageType::k2D && type != ImageType::k2DArray && type != ImageType::kCube) {
    return false;
  }
  if (IsInteger(img) || unnormalized) return false;
  if ((req.op.flags & (kOpLod | kOpLz)) != 0) return false;
  if (!(iso_lambda > 0.0f)) return false;  // magnification: the XY filter is XY_MAG_FILTER
  if (smp.xy_min_filter != XyFilter::kAnisoPoint && smp.xy_min_filter != XyFilter::kAnisoBilinear) {
    return false;
  }
  return AnisoRatio(smp.max_aniso_ratio) > 1;
}

// The lane's probes. A probing lane: N = min(ceil(sqrt(P / Q)), R) from step 1's rx, ry (1 when P
// is 0, infinite or NaN); lambda = 0.5 * log2(P / float(N * N)), then steps 2-5 (bias, clamps,
// kHardware); the long axis is (ds/dx, dt/dx) when rx >= ry, else (ds/dy, dt/dy), the derivatives
// of s and t themselves (the quad's differences, _D's operands, _CD's top-left lane's).
Probes LaneProbes(const TexRequest& req, const Image& img, uint32_t lane, float iso_lambda,
                  bool unnormalized, const LodScale& scale) {
  Probes pr;
  pr.lambda = iso_lambda;
  if (!FiltersAnisotropically(req, img, iso_lambda, unnormalized)) return pr;
  const LodAxes axes = AxesOf(LaneDerivatives(req, lane, scale));
  pr.n = AnisoProbeCount(axes.rx, axes.ry, AnisoRatio(req.sampler->max_aniso_ratio));
  const float step1 = HalfLog2(AnisoLodArgument(axes.rx, axes.ry, pr.n));
  pr.lambda =
      QuantiseLambda(req, ClampLambda(req, lane, BiasLambda(req, lane, step1)), unnormalized);
  const Derivatives unscaled = LaneDerivatives(req, lane, LodScale{});
  if (axes.rx >= axes.ry) {
    pr.ds = unscaled.dudx;
    pr.dt = unscaled.dvdx;
  } else {
    pr.ds = unscaled.dudy;
    pr.dt = unscaled.dvdy;
  }
  return pr;
}

// One level's result: the lookup at (s, t), or with N > 1 probes the lookups at s_k = s + o_k * ds,
// t_k = t + o_k * dt (every other rule unchanged: clamp modes, border, cube faces, the layer, _C
// per texel, offsets), their mean (c_0 + c_1 + ... + c_{N-1}) / float(N) summed in order in
// binary32, or for MIN and MAX their reduction in probe order (every probe has weight 1/N). N = 1
// is the probe (s, t) itself, not s + 0 * ds (which an infinite ds would make NaN).
LevelSample FilterLevel(const TexRequest& req, const Image& img, uint32_t level, float s, float t,
                        float r, bool bilinear, bool linear_z, bool unnormalized,
                        const LaneParams& p, const Probes& pr) {
  if (pr.n == 1) return SampleLevel(req, img, level, s, t, r, bilinear, linear_z, unnormalized, p);
  LevelSample acc{};
  for (uint32_t k = 0; k < pr.n; ++k) {
    const float o = AnisoProbeOffset(k, pr.n);
    const float sk = s + o * pr.ds;
    const float tk = t + o * pr.dt;
    const LevelSample c =
        SampleLevel(req, img, level, sk, tk, r, bilinear, linear_z, unnormalized, p);
    if (k == 0) {
      acc = c;
    } else if (Reduces(req)) {
      ReduceInto(req, true, c, &acc);
    } else {
      for (int ch = 0; ch < 4; ++ch) acc.f[ch] = acc.f[ch] + c.f[ch];
    }
  }
  if (!Reduces(req)) {
    for (int ch = 0; ch < 4; ++ch) acc.f[ch] = acc.f[ch] / static_cast<float>(pr.n);
  }
  return acc;
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
    const float iso_lambda = Lambda(req, lane, unnormalized, scale);
    bool nonresident = false;  // a texel of any level, slice or probe not resident
    const LaneParams p = MakeLaneParams(req, img, lane, &nonresident);

    // Magnification when lambda <= 0 (the isotropic lambda of steps 1-5). ANISO_POINT and
    // ANISO_BILINEAR are POINT and BILINEAR as magnification filters, and as minification filters
    // on lanes that do not probe; a probing lane's probes are POINT or BILINEAR lookups too.
    const XyFilter xy = iso_lambda <= 0.0f ? smp.xy_mag_filter : smp.xy_min_filter;
    const bool bilinear =
        !is_integer && (xy == XyFilter::kBilinear || xy == XyFilter::kAnisoBilinear);
    const bool linear_z = LinearZFilter(req, img, bilinear);
    // The levels follow the probing lane's anisotropic lambda, by every mip filter, raised to the
    // T#'s MIN_LOD (x = max(lambda, m)); the XY filter above and the probing follow the lane's
    // own lambda.
    const Probes pr = LaneProbes(req, img, lane, iso_lambda, unnormalized, scale);
    const float x = SampleLevelLambda(img, mip_filter, pr.lambda, unnormalized);
    const MipLevels m = SelectLevels(mip_filter, x, img.last_view_level);

    const float s = AsFloat(req.in.coord[0][lane]);
    const float t = TCoord(req, lane);
    const float r = RCoord(req, lane);
    const LevelSample c0 =
        FilterLevel(req, img, base_level + m.d0, s, t, r, bilinear, linear_z, unnormalized, p, pr);

    uint32_t c[4];
    if (is_integer) {
      for (int ch = 0; ch < 4; ++ch) c[ch] = c0.u[ch];
    } else {
      float value[4];
      if (m.f == 0.0f) {
        for (int ch = 0; ch < 4; ++ch) value[ch] = c0.f[ch];
      } else {
        const LevelSample c1 = FilterLevel(req, img, base_level + m.d1, s, t, r, bilinear, linear_z,
                                           unnormalized, p, pr);
        // BLEND: (1-f)*c(d0) + f*c(d1); MIN/MAX: both levels' results (f > 0 here).
        for (int ch = 0; ch < 4; ++ch) {
          value[ch] = Reduces(req) ? Reduce(req, c0.f[ch], c1.f[ch])
                                   : (1.0f - m.f) * c0.f[ch] + m.f * c1.f[ch];
        }
      }
      for (int ch = 0; ch < 4; ++ch) {
        // Codes are divided by their divisor once, after the bilinear weights and the mip blend
        // (or the reductions, which keep their order); compare results are no codes.
        const uint32_t divisor = p.compare ? 0 : CodeDivisor(img.format, ch);
        if (divisor != 0) value[ch] = value[ch] / static_cast<float>(divisor);
        c[ch] = FlushDenormalBits(AsBits(value[ch]));  // denormal results are flushed
      }
    }
    uint32_t comp[4];
    ApplyDstSel(img, c, comp);
    ApplyD16(req, img, comp);
    // The status dword's LOD is the finer level actually read (after the T#'s MIN_LOD): memory
    // level base_level + d0.
    WriteLane(req, lane, comp, LaneStatusDword(req, img, nonresident, base_level + m.d0));
  }
}

// ---------------------------------------------------------------------------------------------
// GATHER4 and its _L, _LZ, _B, _CL, _C, _O variants

// Texel (i, j) of the lane's memory layer or 3D slice as a load returns it (before DST_SEL), or
// the border color for a border texel. A PRT's non-resident texel is 0 in every channel (before
// DST_SEL, as a sampler op takes it: DST_SEL 1 still gives 1; with _C, D = 0).
void LoadTexel(const TexRequest& req, const Image& img, uint32_t level, const LaneParams& p,
               int64_t i, int64_t j, uint32_t c[4]) {
  if (IsBorderTexel(i, j, p)) {
    BorderColor(req, img, c);
    return;
  }
  if (!CheckResident(img, level, i, j, p)) {
    for (int ch = 0; ch < 4; ++ch) c[ch] = 0;
    return;
  }
  uint32_t code[4];
  ReadCodes(img, level, p.slice, static_cast<uint32_t>(i), static_cast<uint32_t>(j), code);
  for (int ch = 0; ch < 4; ++ch) c[ch] = DecodeChannel(img.format, ch, code[ch]);
}

// Component k (the lowest set DMASK bit) after DST_SEL of texel (i, j) as a load returns it (the
// border color for a border texel), or of its compare result (r, r, r, r) with _C; not flushed.
uint32_t GatheredComponent(const TexRequest& req, const Image& img, uint32_t level, int64_t i,
                           int64_t j, const LaneParams& p, int k) {
  uint32_t c[4], comp[4];
  LoadTexel(req, img, level, p, i, j, c);
  if (p.compare) {
    float t[4];
    CompareTexel(req, p, DepthOf(c[0]), t);
    for (int ch = 0; ch < 4; ++ch) c[ch] = AsBits(t[ch]);
  }
  ApplyDstSel(img, c, comp);
  return comp[k];
}

// A seamless cube's gathered texel (i, j), each index in -1..n: the face's own texel, an edge
// texel read from the adjacent face, or for a corner texel the mean ((A + B) + C) / 3 in binary32
// of the three texels' gathered components (A, B, C as in SeamlessFilterTexel); an integer
// format's corner texel is A.
uint32_t SeamlessGatheredComponent(const TexRequest& req, const Image& img, uint32_t level,
                                   int64_t i, int64_t j, const LaneParams& p, int k) {
  const int64_t n = img.layout.levels[level].width;
  auto gathered = [&](int64_t x, int64_t y) {
    const CubeTexel c = ResolveCubeTexel(p, x, y, n);
    return GatheredComponent(req, img, level, c.i, c.j, OnFace(p, c.face), k);
  };
  if (!OutsideFace(i, n) || !OutsideFace(j, n)) return gathered(i, j);
  const int64_t ci = ClampToFace(i, n), cj = ClampToFace(j, n);
  const uint32_t a = gathered(ci, cj);
  if (IsInteger(img)) return a;
  const uint32_t b = gathered(i, cj);
  const uint32_t c = gathered(ci, j);
  return AsBits(((AsFloat(a) + AsFloat(b)) + AsFloat(c)) / 3.0f);
}

// GATHER4's T(i, j): the gathered component, a float-class result flushed when denormal (on a
// seamless cube after a corner's mean).
uint32_t GatherTexel(const TexRequest& req, const Image& img, uint32_t level, int64_t i, int64_t j,
                     const LaneParams& p, int k) {
  const uint32_t v = p.seamless ? SeamlessGatheredComponent(req, img, level, i, j, p, k)
                                : GatheredComponent(req, img, level, i, j, p, k);
  return IsInteger(img) ? v : FlushDenormalBits(v);
}

void ExecuteGather4(const TexRequest& req, const Image& img) {
  const bool unnormalized = Unnormalized(req);
  const LodScale scale = LodScaleOf(img, unnormalized);
  // "the first one bit in DMASK" (DMASK 0 was rejected).
  const int k = std::countr_zero(static_cast<unsigned>(req.mods.dmask));

  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const float lambda = Lambda(req, lane, unnormalized, scale);
    bool nonresident = false;  // one of the (up to) four texels, or a corner's three, not resident
    LaneParams p = MakeLaneParams(req, img, lane, &nonresident);
    // One level, never a blend; the XY filters are ignored. T# MIN_LOD raises it to
    // max(d, floor(m)) (Vulkan's minLodInteger), at most M (floor(m) may lie past the last view
    // level, which the sample rule clamps to M too); not for MIP_FILTER NONE or unnormalized
    // coordinates, which read view level 0.
    const MipFilter filter = req.sampler->mip_filter;
    const uint32_t M = img.last_view_level;
    uint32_t d = filter == MipFilter::kNone ? 0 : PointLevel(lambda, M);
    if (ClampsToViewMinLod(img, filter, unnormalized)) {
      d = std::min(std::max(d, static_cast<uint32_t>(std::floor(ViewMinLod(img)))), M);
    }
    // The status dword's LOD is this level, the one actually read.
    const uint32_t level = img.desc->base_level + d;
    // 3D gathers the 2x2 footprint of the POINT z slice (the Z filter is ignored like the XY
    // ones); a border slice makes all four texels border texels.
    if (HasR(req)) p = PointSliceParams(req, img, level, RCoord(req, lane), unnormalized, p);

    const float s = AsFloat(req.in.coord[0][lane]);
    const float t = TCoord(req, lane);
    // A seamless cube's footprint has no offsets or clamp modes: its indices run over -1..n.
    const Footprint fp = p.seamless ? SeamlessFootprint(req, img, level, s, t)
                                    : BilinearFootprint(req, img, level, s, t, unnormalized, p);
    // Seed 000's order: bottom-left, bottom-right, top-right, top-left; on the 1D types rows j0
    // and j1 are both row 0, which gives T(i0), T(i1), T(i1), T(i0).
    uint32_t data[4] = {GatherTexel(req, img, level, fp.x.i0, fp.y.i1, p, k),
                        GatherTexel(req, img, level, fp.x.i1, fp.y.i1, p, k),
                        GatherTexel(req, img, level, fp.x.i1, fp.y.i0, p, k),
                        GatherTexel(req, img, level, fp.x.i0, fp.y.i0, p, k)};
    ApplyD16(req, img, data);  // each of the four as a sample result
    WriteDwords(req, lane, data, 4, LaneStatusDword(req, img, nonresident, level));
  }
}

// ---------------------------------------------------------------------------------------------
// GET_LOD

// x: the level the sample would access after steps 3-5: 0 for MIP_FILTER NONE, float(d) of the
// POINT rule for POINT and POINT_ANISO_ADJ (and LINEAR on integer formats), min(max(lambda, 0), M)
// for LINEAR; then with the T#'s MIN_LOD (m > 0, a mip filter other than NONE, normalized
// coordinates) min(max(x, m), M), taken as the contract writes it: on x itself, so that POINT's x
// is max(float(d), m) (a fraction when m is one). GET_LOD reports the isotropic LOD: no lane of it
// probes, whatever the XY filters and MAX_ANISO_RATIO say, and FILTER_MODE plays no part.
float AccessedLevel(const TexRequest& req, const Image& img, uint32_t lane, float unclamped,
                    bool unnormalized) {
  float lambda = QuantiseLambda(req, ClampLambda(req, lane, unclamped), unnormalized);
  const uint32_t M = img.last_view_level;
  const MipFilter filter = EffectiveMipFilter(req, img);
  // T# MIN_LOD: the level the sample would access comes from max(lambda, m), as a sample's does.
  if (ClampsToViewMinLod(img, filter, unnormalized)) lambda = std::fmax(lambda, ViewMinLod(img));
  float x = 0.0f;  // NONE (MIP_FILTER 3 is POINT: EffectiveMipFilter)
  if (filter == MipFilter::kPoint) x = static_cast<float>(PointLevel(lambda, M));
  if (filter == MipFilter::kLinear) x = std::fmin(std::fmax(lambda, 0.0f), static_cast<float>(M));
  return x;
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
    WriteLane(req, lane, comp, 0);  // GET_LOD reads no texel: its status dword is always 0
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

bool IsSamplerOp(OpKind kind) {
  return kind == OpKind::kSample || kind == OpKind::kGather4 || kind == OpKind::kGetLod;
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
  // A seamless cube reads no clamp mode and has no border texel: no color, no table.
  if (IsCube(req) && !smp.disable_cube_wrap) return Status::Ok();
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
  // FILTER_MODE 3 and MAX_ANISO_RATIO 5..7 are reserved, for every sampler op (GATHER4 and
  // GET_LOD ignore both fields otherwise).
  const auto filter_mode = static_cast<uint32_t>(smp.filter_mode);
  if (filter_mode > 2) {
    return Status::InvalidArgument("S#.FILTER_MODE=" + std::to_string(filter_mode) +
                                   " is reserved (0 BLEND, 1 MIN, 2 MAX)");
  }
  if (smp.max_aniso_ratio > 4) {
    return Status::InvalidArgument("S#.MAX_ANISO_RATIO=" + std::to_string(smp.max_aniso_ratio) +
                                   " is reserved (0..4: 1x to 16x)");
  }
  // MC_COORD_TRUNC = 1 (R300's MC_COORD_TRUNCATE_MPEG, video decode's motion-compensation
  // coordinate truncation) is Unsupported, for every sampler op: AMD documents no formula for it on
  // GCN and no driver sets it.
  if (smp.mc_coord_trunc) {
    return Status::Unsupported(
        "S#.MC_COORD_TRUNC=1 (motion-compensation coordinate truncation) with " + OpName(req.op) +
        " is not supported: AMD documents no formula for it on GCN");
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
      // A CUBE reads no offset operand, so _O on one needs no array.
      {(flags & kOpOffset) != 0 && req.image->type != ImageType::kCube, req.in.offset, "offset"},
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
  // The reference's scope is the release's instruction table (texunit/capabilities.h).
  if (!IsImplementedOp(req.op)) {
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
    if (Active(req, lane)) WriteDwords(req, lane, zeros, ReturnedDwords(req), 0);
  }
}

// The sampler ops (SAMPLE*, GATHER4*, GET_LOD) read 1D, 2D, 3D, CUBE, 1D_ARRAY and 2D_ARRAY
// images; the MSAA types are not sampled (InvalidArgument).
bool IsSampledType(ImageType t) {
  return t == ImageType::k1D || t == ImageType::k2D || t == ImageType::k3D ||
         t == ImageType::kCube || t == ImageType::k1DArray || t == ImageType::k2DArray;
}

// "CUBE": a sampler op needs square faces and a whole number of cubes in the view, and takes no
// unnormalized coordinates; each failing is InvalidArgument naming the fields, in that order.
Status CheckCubeSampling(const TexRequest& req) {
  const ImageDesc& d = *req.image;
  if (d.width != d.height) {
    return Status::InvalidArgument("T#.WIDTH=" + std::to_string(d.width) +
                                   " and T#.HEIGHT=" + std::to_string(d.height) + " with " +
                                   OpName(req.op) + " on a CUBE: its faces must be square");
  }
  const int64_t faces = int64_t{d.last_array} - int64_t{d.base_array} + 1;
  if (faces <= 0 || faces % 6 != 0) {
    return Status::InvalidArgument("T#.BASE_ARRAY=" + std::to_string(d.base_array) +
                                   " and T#.LAST_ARRAY=" + std::to_string(d.last_array) + " with " +
                                   OpName(req.op) + " on a CUBE: the view's " +
                                   std::to_string(faces) +
                                   " faces are not a whole number of cubes (6 faces each)");
  }
  if (Unnormalized(req)) {
    const std::string field = req.mods.unorm ? "UNORM" : "S#.FORCE_UNNORMALIZED";
    return Status::InvalidArgument(field + " with " + OpName(req.op) +
                                   " on a CUBE: cube coordinates are normalized");
  }
  return Status::Ok();
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
      return Status::InvalidArgument("T#.TYPE=" + std::to_string(static_cast<int>(type)) + " (" +
                                     ImageTypeName(type) + ") cannot be read by " + OpName(req.op) +
                                     ": multisampled images are read by fragment");
    }
    if (type == ImageType::kCube) TEXUNIT_RETURN_IF_ERROR(CheckCubeSampling(req));
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
  // A partially resident texture's map must cover the footprint just resolved (loads, samples
  // and gathers with a map only).
  TEXUNIT_RETURN_IF_ERROR(ResidencyMapOf(req, img->layout, &img->residency));
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
