// The scalar reference of docs/sampling.md: the sampler ops' drivers (SAMPLE, GATHER4, GET_LOD),
// validation and Execute; their stages are in reference_lod.cc, reference_address.cc and
// reference_filter.cc. Each function is one paragraph of the contract; the comments quote the rule
// they evaluate. Float arithmetic is binary32 in the written order (the project builds with
// -ffp-contract=off); only the LOD's log2 is taken in double. The readings below hold for the
// stage files too.
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
#include <string>
#include <vector>

#include "reference/reference_address.h"
#include "reference/reference_atomics.h"
#include "reference/reference_cube.h"
#include "reference/reference_filter.h"
#include "reference/reference_formats.h"
#include "reference/reference_image.h"
#include "reference/reference_lod.h"
#include "reference/reference_prt.h"
#include "reference/reference_sampler_internal.h"
#include "texunit/amd_formats.h"
#include "texunit/capabilities.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/layout.h"
#include "texunit/memory.h"

namespace texunit::reference {
namespace {

// The lane's t, or 0 for the 1D types (which never use it: see SampleLevel in reference_filter.cc).
float TCoord(const TexRequest& req, uint32_t lane) {
  return HasT(req) ? AsFloat(req.in.coord[1][lane]) : 0.0f;
}

// The lane's r, or 0 for the types without one (which never use it: see SampleLevel in
// reference_filter.cc).
float RCoord(const TexRequest& req, uint32_t lane) {
  return HasR(req) ? AsFloat(req.in.coord[2][lane]) : 0.0f;
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
  const bool row = (req.op.flags & kOpGather4H) != 0;

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
    uint32_t data[4];
    if (row) {
      // GATHER4H: T(i0 - 1 + k, j0), each column mapped by CLAMP_X on its own.
      const SamplerDesc& smp = *req.sampler;
      const uint32_t width = img.layout.levels[level].width;
      const AxisFootprint raw =
          RawBilinearAxis(req, LevelCoord(smp.clamp_x, s, width, unnormalized));
      for (int c = 0; c < 4; ++c) {
        const int64_t i = ApplyClampMode(smp.clamp_x, raw.i0 - 1 + c, width);
        data[c] = GatherTexel(req, img, level, i, fp.y.i0, p, k);
      }
    } else {
      // Seed 000's order: bottom-left, bottom-right, top-right, top-left; on the 1D types rows
      // j0 and j1 are both row 0, which gives T(i0), T(i1), T(i1), T(i0).
      const uint32_t quad[4] = {GatherTexel(req, img, level, fp.x.i0, fp.y.i1, p, k),
                                GatherTexel(req, img, level, fp.x.i1, fp.y.i1, p, k),
                                GatherTexel(req, img, level, fp.x.i1, fp.y.i0, p, k),
                                GatherTexel(req, img, level, fp.x.i0, fp.y.i0, p, k)};
      std::copy(quad, quad + 4, data);
    }
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
  if (IsSeamlessCube(req)) return Status::Ok();
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
  if (req.op.kind == OpKind::kBvhIntersectRay) {
    return Status::InvalidArgument("BVH ops are no image request (reference_bvh.h tests them)");
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

// docs/sampling.md, "MSAA_LOAD": component c (DMASK's lowest bit) of fragments (f & ~3) + 0..3,
// each as a LOAD with DMASK 1 << c gives it; the status dword ORs the four.
Status ExecuteMsaaLoad(const TexRequest& req) {
  TEXUNIT_RETURN_IF_ERROR(ValidateRequest(req));
  const ImageType type = req.image->type;
  if (!req.image->unbound && type != ImageType::k2DMsaa && type != ImageType::k2DMsaaArray) {
    return Status::InvalidArgument("MSAA_LOAD on a T# of type " + std::string(ImageTypeName(type)));
  }
  if ((req.mods.dmask & 0xF) == 0) return Status::InvalidArgument("MSAA_LOAD with DMASK 0");
  if (req.in.coord[3] == nullptr) return Status::InvalidArgument("MSAA_LOAD without a fragment");
  int c = 0;
  while (((req.mods.dmask >> c) & 1) == 0) ++c;
  std::vector<uint32_t> group(req.lane_count), fragment(req.lane_count), status(req.lane_count, 0);
  for (uint32_t lane = 0; lane < req.lane_count; ++lane)
    group[lane] = req.in.coord[3][lane] / 4 * 4;
  for (uint32_t k = 0; k < 4; ++k) {
    TexRequest load = req;
    load.op = Op{OpKind::kLoad, 0};
    load.mods.dmask = static_cast<uint8_t>(1u << c);
    for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
      fragment[lane] = group[lane] + k;
    }
    load.in.coord[3] = fragment.data();
    load.out = TexResults{};
    load.out.data[0] = req.out.data[k];
    load.out.status = req.out.status != nullptr ? status.data() : nullptr;
    TEXUNIT_RETURN_IF_ERROR(Execute(load));
    if (req.out.status == nullptr || !(req.mods.tfe || req.mods.lwe)) continue;
    for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
      if (!((req.exec >> lane) & 1)) continue;
      req.out.status[lane] = (k == 0 ? 0 : req.out.status[lane]) | status[lane];
    }
  }
  return Status::Ok();
}

// docs/sampling.md, "GATHER4H_PCK": a raw-texel op on 1D and 2D images that reads no S#; the
// image is prepared as for LOAD_PCK, which reads texels the same way.
Status ExecuteGather4hPck(const TexRequest& req) {
  if (req.image == nullptr) return Status::InvalidArgument("TexRequest.image is null");
  const ImageType type = req.image->type;
  if (!req.image->unbound && type != ImageType::k1D && type != ImageType::k2D) {
    return Status::Unsupported("GATHER4H_PCK on a T# of type " + std::string(ImageTypeName(type)));
  }
  if (req.mods.unorm) return Status::Unsupported("GATHER4H_PCK with MIMG.UNORM=1");
  if (req.mods.d16) return Status::InvalidArgument("GATHER4H_PCK with D16");
  if ((req.mods.dmask & 0xF) == 0) return Status::InvalidArgument("GATHER4H_PCK with DMASK 0");
  TexRequest as_load = req;
  as_load.op = Op{OpKind::kLoad, kOpPck};
  as_load.in = TexOperands{};
  as_load.in.coord[0] = req.in.coord[0];
  as_load.in.coord[1] = req.in.coord[1];
  TEXUNIT_RETURN_IF_ERROR(ValidateRequest(as_load));
  if (req.in.coord[0] == nullptr || (type != ImageType::k1D && req.in.coord[1] == nullptr)) {
    return Status::InvalidArgument("GATHER4H_PCK without its coordinates");
  }
  if (req.image->unbound) {
    ExecuteUnbound(as_load);
    return Status::Ok();
  }
  Image img;
  TEXUNIT_RETURN_IF_ERROR(PrepareImage(as_load, &img));
  if (img.format.block_width != 1 || img.format.block_height != 1) {
    return Status::InvalidArgument("GATHER4H_PCK on a format without raw texels");
  }
  ExecuteGather4hPck(req, img);
  return Status::Ok();
}

Status Execute(const TexRequest& req) {
  if (req.op.kind == OpKind::kMsaaLoad && IsImplementedOp(req.op)) return ExecuteMsaaLoad(req);
  if (req.op.kind == OpKind::kGather4 && req.op.flags == (kOpGather4H | kOpPck)) {
    return ExecuteGather4hPck(req);
  }
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
