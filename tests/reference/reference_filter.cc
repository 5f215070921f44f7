// Depth compare, border colors, the texels a lookup reads and the filters that weight or reduce
// them (docs/sampling.md, "Depth compare (_C)", "Border color", "Filtering", "Reduction (S#
// FILTER_MODE)", "CUBE", "Anisotropic filtering").
#include "reference/reference_filter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "reference/reference_aniso.h"
#include "reference/reference_formats.h"
#include "reference/reference_prt.h"
#include "reference/reference_sampler_internal.h"

namespace texunit::reference {

// The channel codes of texel (x, y) of memory layer `slice` of memory level `level` (slice 0 for
// 1D and 2D images; see FetchTexel).
void ReadCodes(const Image& img, uint32_t level, uint32_t slice, uint32_t x, uint32_t y,
               uint32_t code[4]) {
  FetchTexel(img.format, SlicePointer(img, level, slice), img.layout.levels[level].row_bytes, x, y,
             code);
}

// D: the texel's X channel as a load returns it (or the border color's X dword), binary32
// denormals flushed to zero of the same sign.
float DepthOf(uint32_t x) { return AsFloat(FlushDenormalBits(x)); }

namespace {

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

}  // namespace

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

namespace {

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

}  // namespace

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

namespace {

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

}  // namespace

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

// ---------------------------------------------------------------------------------------------
// "Reduction (S# FILTER_MODE)": MIN and MAX replace every weighted sum (bilinear, 1D linear, LINEAR
// z, the mip blend, the mean of the aniso probes) by the per-channel minimum or maximum of the
// values it would weight with a non-zero weight, in the order of the sum. BLEND keeps the sums.

namespace {

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

}  // namespace

bool Reduces(const TexRequest& req) { return req.sampler->filter_mode != FilterMode::kBlend; }

// One step of a MIN or MAX reduction: the running value and the next operand of the sum.
float Reduce(const TexRequest& req, float acc, float v) {
  return req.sampler->filter_mode == FilterMode::kMin ? MinNum(acc, v) : MaxNum(acc, v);
}

namespace {

// Per channel, Reduce(acc, v) when `take` (the value's weight is not zero), else acc.
void ReduceInto(const TexRequest& req, bool take, const LevelSample& v, LevelSample* acc) {
  if (!take) return;
  for (int ch = 0; ch < 4; ++ch) acc->f[ch] = Reduce(req, acc->f[ch], v.f[ch]);
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

}  // namespace

// 3D's Z filter: LINEAR when S# Z_FILTER is LINEAR, or when it is NONE and the lane's XY filter is
// BILINEAR (`bilinear`, already false on integer formats); otherwise POINT, and always POINT on
// integer formats. AMD leaves NONE open; Vulkan needs LINEAR to filter in depth.
bool LinearZFilter(const TexRequest& req, const Image& img, bool bilinear) {
  if (!HasR(req) || IsInteger(img)) return false;
  const ZFilter z = req.sampler->z_filter;
  return z == ZFilter::kLinear || (z == ZFilter::kNone && bilinear);
}

// ---------------------------------------------------------------------------------------------
// "Anisotropic filtering": the probes of a lane that filters anisotropically.

namespace {

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

}  // namespace

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

}  // namespace texunit::reference
