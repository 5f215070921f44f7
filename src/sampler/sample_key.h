// The static key of a sample wave: what a kernel may be compiled for, as opposed to the dynamic
// parameters every wave reads from WaveSetup (level tables, addresses, LOD constants). Mesa's
// lp_static_sampler_state and lp_sampler_dynamic_state draw the same line.
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

#include "texunit/descriptors.h"

namespace texunit {

struct WaveSetup;

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
// POINT on integer formats).
MipFilter EffectiveMipFilter(const WaveSetup& s, bool one_level);

// A 2D wave with none of what only the general kernel does (border colours, FILTER_MODE min/max,
// a PRT's residency or status): where the plain and hot kernels apply. Depth compares and aniso
// are keys of their own.
bool IsPlain2D(const WaveSetup& s);

// The hot kernel slot of a prepared sample wave (sample_mip set), or -1 when no hot kernel fits its
// key.
int HotSampleIndex(const WaveSetup& s);

}  // namespace texunit
