// Per-request state computed once per wave, before any lane work: the validated request, the
// resolved host memory, per-view-level tables that SIMD lanes index by their own level, and the
// sampler's state in the form the kernels use. Kernels read only this.
#pragma once

#include <cstdint>

#include "formats/format_table.h"
#include "texunit/layout.h"
#include "texunit/request.h"

namespace texunit {

// Per view level d (memory level base_level + d). Arrays so that lanes on different levels can
// gather their level's values instead of serialising on it. Only entries 0..max_level are
// written; kernels clamp level indices to max_level before every lookup.
struct LevelTable {
  alignas(64) int32_t width[kMaxLevels];
  alignas(64) int32_t height[kMaxLevels];
  alignas(64) int32_t pitch[kMaxLevels];         // texels per row
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
  uint8_t* host = nullptr;  // image base (level 0), 256-byte aligned in guest space
  TexelKind kind = TexelKind::kUnsupported;
  bool unbound = false;
  uint32_t lane_count = 0;
  uint64_t exec = 0;      // masked to lane_count
  int32_t max_level = 0;  // M: the last view level
  LevelTable levels;

  // Output: `ncomp` results; result k is channel/constant sel[k].
  int ncomp = 0;
  uint8_t sel[4] = {};
  uint32_t one_bits = 0x3F800000u;  // DST_SEL 1: 1.0f, or integer 1 for integer formats

  // Store: the channels DMASK enables, in order.
  int nstore = 0;
  uint8_t store_channel[4] = {};

  // Sampling state (sample ops only).
  bool unnormalized = false;
  bool lod_implicit = false;  // derive lambda from the quads
  bool lod_explicit = false;  // lambda = lod operand
  bool lod_zero = false;      // LZ, or unnormalized
  bool use_bias_operand = false;
  float sampler_bias = 0.0f;
  float min_lod = 0.0f;
  float max_lod = 0.0f;
  bool mag_linear = false;
  bool min_linear = false;
  MipFilter mip = MipFilter::kNone;
  ClampMode clamp_x = ClampMode::kWrap;
  ClampMode clamp_y = ClampMode::kWrap;
  bool pow2_x = false;  // every view level's width is a power of two (WRAP becomes a mask)
  bool pow2_y = false;
  bool hardware_precision = false;
};

// Validates `req` (op, modifiers, operands, descriptors, memory) and fills `setup`, which must be
// freshly constructed. Errors name the field and value. Ops outside this release return
// Unimplemented naming the op.
Status PrepareWave(const TexRequest& req, WaveSetup* setup);

}  // namespace texunit
