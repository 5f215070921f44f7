// Per-request state computed once per wave, before any lane work: the validated request, the
// resolved host memory, per-view-level tables that SIMD lanes index by their own level, the
// format's texel plan and the sampler's state in the form the kernels use. Kernels read only this.
#pragma once

#include <cstdint>

#include "formats/texel_plan.h"
#include "texunit/layout.h"
#include "texunit/request.h"

namespace texunit {

// Per view level d (memory level base_level + d). Arrays so that lanes on different levels can
// gather their level's values instead of serialising on it. Only entries 0..max_level are
// written; kernels clamp level indices to max_level before every lookup.
struct LevelTable {
  alignas(64) int32_t width[kMaxLevels];  // texels
  alignas(64) int32_t height[kMaxLevels];
  alignas(64) int32_t depth[kMaxLevels];         // 3D: depth_L; other types 1
  alignas(64) int32_t pitch[kMaxLevels];         // elements (texels or blocks) per row
  alignas(64) int32_t slice_elems[kMaxLevels];   // elements per layer or depth slice
  alignas(64) int32_t offset_words[kMaxLevels];  // level start in 4-byte words from `host`
  alignas(64) float fwidth[kMaxLevels];
  alignas(64) float fheight[kMaxLevels];
  alignas(64) float inv_width[kMaxLevels];  // 1 / width: a first guess for the WRAP quotient
  alignas(64) float inv_height[kMaxLevels];
};

// Where a result component comes from after filtering.
enum : uint8_t { kSelX = 0, kSelY = 1, kSelZ = 2, kSelW = 3, kSelZero = 4, kSelOne = 5 };

struct WaveSetup {
  const TexRequest* req = nullptr;
  const uint8_t* host = nullptr;  // where loads and samples read: the image, or `tiny` below
  uint8_t* store_host = nullptr;  // where stores write (the image)
  // The footprint resolved from the request's memory at store_host (0 when the op reads none),
  // and whether it was resolved for writing.
  uint64_t footprint_bytes = 0;
  bool writes = false;
  bool unbound = false;
  uint32_t lane_count = 0;
  uint64_t exec = 0;      // masked to lane_count
  int32_t max_level = 0;  // M: the last view level
  LevelTable levels;
  // The image type's address operands (docs/sampling.md, "Image types").
  ImageType type = ImageType::k2D;
  bool uses_y = true;          // every type but 1D and 1D_ARRAY
  bool uses_z = false;         // 3D
  bool uses_layer = false;     // arrays and cube (face id)
  bool uses_fragment = false;  // MSAA
  int32_t base_array = 0;      // memory layer of view layer 0
  int32_t view_layers = 1;     // N
  // Sampler ops on CUBE: C = N / 6 cubes; seamless unless S# DISABLE_CUBE_WRAP.
  bool cube = false;
  bool cube_seamless = false;
  int32_t cubes = 1;
  int32_t samples = 1;  // fragments per texel (MSAA)
  TexelPlan plan;
  // Bytes from `host` a 32-bit read may start at and stay inside the footprint: sub-dword texels
  // are read as the dword at min(byte, last_dword) (shifted into place).
  int32_t last_dword = 0;
  // Images of fewer than 4 bytes are copied here so that every read is a whole dword.
  alignas(4) uint8_t tiny[4] = {};

  // Output: `ncomp` results; result k is channel/constant sel[k].
  int ncomp = 0;
  uint8_t sel[4] = {};
  uint32_t one_bits = 0x3F800000u;  // DST_SEL 1: 1.0f, or integer 1 for integer formats
  bool raw = false;                 // _PCK: raw fields, no conversion
  bool raw_signed = false;          // _PCK_SGN
  bool d16 = false;                 // results (and store data) are 16-bit, in the low half

  bool atomic_64 = false;  // atomics: the texel is one 64-bit element
  // TFE/LWE status dword 0 to out.status: ops that return data (not stores, not atomics without
  // GLC), when the request asks for it.
  bool write_status = false;
  // Partially resident textures: the residency map of the footprint's 64 KiB pages (null when
  // every texel is resident), and what the status dword needs.
  const uint64_t* residency = nullptr;
  bool tfe = false;
  bool lwe = false;
  uint16_t min_lod_warn = 0;  // u4.8
  int32_t base_level = 0;
  bool prt = false;  // residency to check or a status that can be non-zero: the general kernels

  // Store: in.data[k] supplies channel store_channel[k] (the other channels are written as 0).
  int nstore = 0;
  uint8_t store_channel[4] = {};

  // Sampler state (sample, gather4 and get_lod ops only).
  bool unnormalized = false;
  bool lod_explicit = false;     // _L: lambda = lod operand
  bool lod_zero = false;         // _LZ: lambda = 0
  bool lod_derivatives = false;  // _D, _CD: lambda from the derivative operands
  bool lod_coarse = false;       // _CD: the quad's top-left lane's derivatives
  bool use_bias_operand = false;
  bool use_clamp_operand = false;  // _CL
  bool use_offset = false;         // _O
  float lod_width = 1.0f;          // W, H, D of the LOD formulas: level 0's size, 1 if unnormalized
  float lod_height = 1.0f;
  float lod_depth = 1.0f;
  float sampler_bias = 0.0f;
  float min_lod = 0.0f;
  float max_lod = 0.0f;
  // T# MIN_LOD in view levels, when it raises the levels a normalized lookup reads (else 0).
  float view_min_lod = 0.0f;
  // S# TRUNC_COORD = 0: POINT indices come from coordinates rounded to 1/64 texel.
  bool point_round = false;
  bool mag_linear = false;
  bool min_linear = false;
  MipFilter mip = MipFilter::kNone;  // LINEAR only where it blends (not on integer formats)
  // The mip filter sample and gather waves apply (EffectiveMipFilter), decided once per setup.
  MipFilter sample_mip = MipFilter::kNone;
  MipFilter gather_mip = MipFilter::kNone;
  // _C: the S# function; UNORM depth clamps the reference to [0, 1]; the X channel's divisor (0
  // when its filter domain is already the value).
  bool compare = false;
  CompareFunc compare_func = CompareFunc::kNever;
  bool compare_clamp_ref = false;
  float compare_divisor = 0.0f;
  float compare_reciprocal = 0.0f;
  uint8_t gather_sel = kSelX;  // GATHER4: the DST_SEL-mapped component of the DMASK bit
  bool gather_row = false;     // GATHER4H: the 4x1 row instead of the 2x2 footprint
  // Border clamp modes: whether an axis has one, and the border color's channels as a load
  // returns them (bits), in the filter domain (codes: value * divisor) and its X for compares.
  bool has_border = false;
  uint32_t border_bits[4] = {};
  uint32_t border_filter_bits[4] = {};
  float border_depth = 0.0f;
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
  // hot kernel fits its static key: `hot_kernel` is that kernel's slot (sample_key.h), or -1.
  bool general_kernel = false;
  int8_t hot_kernel = -1;
};

// The lanes a request of `lane_count` lanes (1..64) has: EXEC bits above them are ignored.
inline uint64_t LaneMask(uint32_t lane_count) {
  return lane_count >= 64 ? ~0ull : (1ull << lane_count) - 1;
}

// The row of the request's border color table that its S# selects with BORDER_COLOR_TYPE
// REGISTER, or null: no S#, another type, or BORDER_COLOR_PTR outside the table.
const uint32_t* RegisterBorderColor(const TexRequest& req);

// Whether `host` can hold the footprint of `s`: 64-bit atomics need 8-byte alignment, everything
// else 4 (every texel offset is a multiple of its size).
inline bool HostAligned(const WaveSetup& s, const uint8_t* host) {
  return reinterpret_cast<uintptr_t>(host) % (s.atomic_64 ? 8 : 4) == 0;
}

// Partially resident textures: residency is tracked in pages of this size.
inline constexpr uint64_t kResidencyPageBytes = 65536;

// What a Runtime passes down to every request.
struct ExecOptions {
  bool format_fast_paths = true;
};

// Validates `req` (op, modifiers, operands, descriptors, memory) and fills `setup`, which must be
// freshly constructed. Errors name the field and value. Ops outside this release return
// Unimplemented naming the op.
Status PrepareWave(const TexRequest& req, const ExecOptions& options, WaveSetup* setup);

}  // namespace texunit
