// The static key of a wave (SampleKey) and the sample kernel chosen from it. A wave's state is
// split the way Mesa splits lp_static_sampler_state (and lp_static_texture_state) from
// lp_sampler_dynamic_state:
//  - SampleKey, static: the enums and bools that select code, which a kernel may be compiled for:
//    the op, the image type and the address operands it implies, the format family (fetch path
//    and numeric class), the op's LOD and operand suffixes, the output modes, the XY, mip and Z
//    filters, the clamp modes, the depth compare, FILTER_MODE, the anisotropic probe cap, whether
//    every level's size is a power of two, and the kernel chosen from all of these. Some of it is
//    decided from values (pow2_x from the level widths, the effective mip filter from the level
//    count and MIN_LOD), as Mesa's pot_width is: the key holds the decision, not the value.
//  - WaveSetup, dynamic: the numbers a kernel reads at run time: sizes and level tables, the texel
//    plan's channel tables, LOD constants (level 0's size, bias, MIN_LOD, MAX_LOD), compare
//    divisors, border colours, component selects and counts, memory addresses, lanes and EXEC.
// Two waves with equal keys run the same code on different values.
//
// Three tiers run a sample wave: a hot kernel compiled for the wave's whole key (format, XY
// filter, mip blend, clamp mode, compare, aniso), looked up by HotSampleIndex; else the plain 2D
// kernel of its fetch path, which reads filters and clamp modes at run time; else the general
// kernel (every image type, border modes, min/max, PRTs, every format). The hot kernels are
// instantiated from the one templated kernel (sample_kernel-inl.h) in the small
// src/dispatch/hot_sample_*.cc files, one per format family, the way Highway's vqsort_*.cc
// instantiate one algorithm per key.
#pragma once

#include <cstdint>

#include "formats/texel_plan.h"
#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit {

struct WaveSetup;

// Every field that selects code: what a kernel may be compiled for (see above). Set by PrepareWave
// with the rest of the WaveSetup, as its `key`.
struct SampleKey {
  // The instruction: Runtime::Execute runs its kind's kernel, the atomic kernel its operation.
  Op op;
  // An unbound T#: the wave returns zeros (and its status dword) and touches no memory.
  bool unbound = false;
  // The image type's address operands (docs/sampling.md, "Image types").
  ImageType type = ImageType::k2D;
  bool uses_y = true;          // every type but 1D and 1D_ARRAY
  bool uses_z = false;         // 3D
  bool uses_layer = false;     // arrays and cube (face id)
  bool uses_fragment = false;  // MSAA
  // Sampler ops on CUBE (WaveSetup::cubes cubes); seamless unless S# DISABLE_CUBE_WRAP.
  bool cube = false;
  bool cube_seamless = false;
  // The format family, from the T#'s TexelPlan (whose channel tables are values: WaveSetup::plan):
  // its fetch path (after ExecOptions::format_fast_paths) and numeric class. A general_kernel wave
  // reads its texels through WaveSetup::plan.path kPlain (unless kBlock); fetch_path keeps the
  // format's own path, which HotSampleIndex reads.
  FetchPath fetch_path = FetchPath::kPlain;
  NumericClass numeric = NumericClass::kFloat;

  // Output.
  bool raw = false;         // _PCK: raw fields, no conversion
  bool raw_signed = false;  // _PCK_SGN
  bool d16 = false;         // results (and store data) are 16-bit, in the low half
  bool atomic_64 = false;   // atomics: the texel is one 64-bit element
  // TFE/LWE status dword 0 to out.status: ops that return data (not stores, not atomics without
  // GLC), when the request asks for it.
  bool write_status = false;
  // Partially resident textures: what the status dword needs (WaveSetup has the residency map).
  bool tfe = false;
  bool lwe = false;
  bool prt = false;  // residency to check or a status that can be non-zero: the general kernels

  // Sampler state (sample, gather4 and get_lod ops only).
  bool unnormalized = false;
  bool lod_explicit = false;     // _L: lambda = lod operand
  bool lod_zero = false;         // _LZ: lambda = 0
  bool lod_derivatives = false;  // _D, _CD: lambda from the derivative operands
  bool lod_coarse = false;       // _CD: the quad's top-left lane's derivatives
  bool use_bias_operand = false;
  bool use_clamp_operand = false;  // _CL
  bool use_offset = false;         // _O
  // The op reads s and t alone (no layer, face, r, LOD, bias, clamp, compare, offset or
  // derivative operands), so GetSamplerOperands stops after them.
  bool st_only = false;
  // S# TRUNC_COORD = 0: POINT indices come from coordinates rounded to 1/64 texel.
  bool point_round = false;
  bool mag_linear = false;
  bool min_linear = false;
  MipFilter mip = MipFilter::kNone;  // LINEAR only where it blends (not on integer formats)
  // The mip filter sample and gather waves apply (EffectiveMipFilter), decided once per setup.
  MipFilter sample_mip = MipFilter::kNone;
  MipFilter gather_mip = MipFilter::kNone;
  bool gather_row = false;  // GATHER4H: the 4x1 row instead of GATHER4's 2x2 footprint
  // _C: the S# function; UNORM depth clamps the reference to [0, 1] (WaveSetup has the divisor).
  bool compare = false;
  CompareFunc compare_func = CompareFunc::kNever;
  bool compare_clamp_ref = false;
  // Border clamp modes: whether an axis has one (WaveSetup has the border color).
  bool has_border = false;
  ClampMode clamp_x = ClampMode::kWrap;
  ClampMode clamp_y = ClampMode::kWrap;
  ClampMode clamp_z = ClampMode::kWrap;  // 3D
  // 3D: how each lane filters along z: never (POINT), as its XY filter (Z_FILTER NONE), always.
  enum class ZLinear : uint8_t { kNever, kAsXy, kAlways } z_linear = ZLinear::kNever;
  bool pow2_x = false;  // every view level's width is a power of two (WRAP becomes a mask)
  bool pow2_y = false;
  bool hardware_precision = false;
  FilterMode reduction = FilterMode::kBlend;  // S# FILTER_MODE (sample ops; gathers ignore it)
  // Anisotropic filtering: R = 2^MAX_ANISO_RATIO probes at most, when the minification filter is
  // ANISO_* on a 2D, 2D_ARRAY or CUBE sample with a derivative LOD; 1 when no lane can probe.
  int32_t aniso = 1;
  // The sample op runs the general kernel (SampleWaveImpl), on the general fetch path, unless a
  // hot kernel fits its key: `hot_kernel` is that kernel's slot (HotSampleIndex), or -1.
  bool general_kernel = false;
  int8_t hot_kernel = -1;

  friend bool operator==(const SampleKey&, const SampleKey&) = default;
};

// A key field a kernel either fixes at compile time or reads from the wave (kAny).
enum class KeyXy : uint8_t { kAny, kPoint, kBilinear };            // XY filter of every lane
enum class KeyMip : uint8_t { kAny, kNoBlend, kLinear };           // effective mip filter
enum class KeyAddress : uint8_t { kAny, kWrap, kClampLastTexel };  // CLAMP_X = CLAMP_Y

// The hot keys (issue: {RGBA8 UNORM, RGBA8 SRGB, RGBA16F, RGBA32F, R32F depth} x {point,
// bilinear, trilinear, aniso} x {WRAP, CLAMP_LAST_TEXEL} on 2D images).
enum class HotFormat : uint8_t { kRgba8Unorm, kRgba8Srgb, kRgba16Float, kRgba32Float, kR32Depth };
enum class HotFilter : uint8_t { kPoint, kBilinear, kTrilinear, kAniso };
inline constexpr int kHotFormats = 5;
inline constexpr int kHotFilters = 4;
inline constexpr int kHotSampleKernels = kHotFormats * kHotFilters * 2;

constexpr int HotSampleSlot(HotFormat f, HotFilter filter, KeyAddress a) {
  return (static_cast<int>(f) * kHotFilters + static_cast<int>(filter)) * 2 +
         (a == KeyAddress::kWrap ? 0 : 1);
}

// The mip filter a sample (one_level = false) or gather (true) wave really applies: NONE for LZ
// (unless a T# MIN_LOD moves it), unnormalized coordinates, a single view level or MIP_FILTER
// NONE; POINT for a gather, which never blends levels; otherwise the S#'s (LINEAR is already
// POINT on integer formats). It reads the level count and MIN_LOD, so it takes the whole setup;
// what it returns is part of the key (sample_mip, gather_mip).
MipFilter EffectiveMipFilter(const WaveSetup& s, bool one_level);

// A 2D wave with none of what only the general kernel does (border colours, FILTER_MODE min/max,
// a PRT's residency or status): where the plain and hot kernels apply. Depth compares and aniso
// are keys of their own.
bool IsPlain2D(const SampleKey& k);

// The hot kernel slot of a sample wave's key (sample_mip set), or -1 when no hot kernel fits it.
int HotSampleIndex(const SampleKey& k);

}  // namespace texunit
