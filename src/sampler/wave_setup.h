// Per-request state computed once per wave, before any lane work: the validated request, the
// resolved host memory, per-view-level tables that SIMD lanes index by their own level, the
// format's texel plan and the sampler's state in the form the kernels use. Kernels read only this.
// Its `key` holds what selects code (sample_key.h); the rest are the values the code reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/texel_plan.h"
#include "sampler/sample_key.h"
#include "texunit/layout.h"
#include "texunit/request.h"
#include "texunit/status.h"

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
  // Level d's entries of the tables above in one row: a chunk whose lanes are all on level d
  // broadcasts them from one address (LookupLevel), where one pointer per table, kept across the
  // chunk loop, took a register each and spilled on AVX2.
  struct Row {
    int32_t width, height, pitch, offset_words;
    float fwidth, fheight, inv_width, inv_height;
  };
  alignas(32) Row rows[kMaxLevels];
};

// Where a result component comes from after filtering.
enum : uint8_t { kSelX = 0, kSelY = 1, kSelZ = 2, kSelW = 3, kSelZero = 4, kSelOne = 5 };

// A request's operand and result pointers as one list of words: TexOperands', then TexResults',
// which follow them in TexRequest, so pointer i is the i-th word from `in`.
inline constexpr size_t kOperandArrays = sizeof(TexOperands) / sizeof(void*);
inline constexpr size_t kResultArrays = sizeof(TexResults) / sizeof(void*);
static_assert(sizeof(TexOperands) == 20 * sizeof(void*), "TexOperands: pointers only");
static_assert(sizeof(TexResults) == 5 * sizeof(void*), "TexResults: pointers only");
static_assert(offsetof(TexRequest, out) == offsetof(TexRequest, in) + sizeof(TexOperands));

struct WaveSetup {
  SampleKey key;  // the static part: every field that selects code
  const TexRequest* req = nullptr;
  // Bit i: PrepareWave read whether the i-th of the request's operand and result pointers (in the
  // order above) is null. Requests that agree on those bits' pointers prepare alike.
  uint32_t array_reads = 0;
  const uint8_t* host = nullptr;  // where loads and samples read: the image, or `tiny` below
  uint8_t* store_host = nullptr;  // where stores write (the image)
  // The footprint resolved from the request's memory at store_host (0 when the op reads none),
  // and whether it was resolved for writing.
  uint64_t footprint_bytes = 0;
  bool writes = false;
  uint32_t lane_count = 0;
  uint64_t exec = 0;      // masked to lane_count
  int32_t max_level = 0;  // M: the last view level
  LevelTable levels;
  // The image type's layers (key.type has the type and its address operands).
  int32_t base_array = 0;   // memory layer of view layer 0
  int32_t view_layers = 1;  // N
  int32_t cubes = 1;        // sampler ops on CUBE (key.cube): C = N / 6 cubes
  int32_t samples = 1;      // fragments per texel (MSAA)
  // The format's plan: its channel tables (key.fetch_path and key.numeric name its family). The
  // general kernels run on plan.path kPlain (or kBlock).
  TexelPlan plan;
  // Bytes from `host` a 32-bit read may start at and stay inside the footprint: sub-dword texels
  // are read as the dword at min(byte, last_dword) (shifted into place).
  int32_t last_dword = 0;
  // Whether the RGBA8 kernels may read coherent chunks as rows (box_read-inl.h) instead of
  // gathering (ExecOptions::box_reads).
  bool box_reads = false;
  // Images of fewer than 4 bytes are copied here so that every read is a whole dword.
  alignas(4) uint8_t tiny[4] = {};

  // Output: `ncomp` results; result k is channel/constant sel[k].
  int ncomp = 0;
  uint8_t sel[4] = {};
  uint32_t one_bits = 0x3F800000u;  // DST_SEL 1: 1.0f, or integer 1 for integer formats

  // Partially resident textures: the residency map of the footprint's 64 KiB pages (null when
  // every texel is resident), and what the status dword needs (key.tfe, key.lwe, key.prt).
  const uint64_t* residency = nullptr;
  uint16_t min_lod_warn = 0;  // u4.8
  int32_t base_level = 0;

  // Store: in.data[k] supplies channel store_channel[k] (the other channels are written as 0).
  int nstore = 0;
  uint8_t store_channel[4] = {};

  // Sampler state (sample, gather4 and get_lod ops only; key has the filters and modes).
  float lod_width = 1.0f;  // W, H, D of the LOD formulas: level 0's size, 1 if unnormalized
  float lod_height = 1.0f;
  float lod_depth = 1.0f;
  float sampler_bias = 0.0f;
  float min_lod = 0.0f;
  float max_lod = 0.0f;
  // T# MIN_LOD in view levels, when it raises the levels a normalized lookup reads (else 0).
  float view_min_lod = 0.0f;
  // _C (key.compare): the X channel's divisor (0 when its filter domain is already the value).
  float compare_divisor = 0.0f;
  float compare_reciprocal = 0.0f;
  uint8_t gather_sel = kSelX;  // GATHER4: the DST_SEL-mapped component of the DMASK bit
  // Border clamp modes (key.has_border): the border color's channels as a load returns them
  // (bits), in the filter domain (codes: value * divisor) and its X for compares.
  uint32_t border_bits[4] = {};
  uint32_t border_filter_bits[4] = {};
  float border_depth = 0.0f;
};

// The lanes a request of `lane_count` lanes (1..64) has: EXEC bits above them are ignored.
inline uint64_t LaneMask(uint32_t lane_count) {
  return lane_count >= 64 ? ~0ull : (1ull << lane_count) - 1;
}

// InvalidArgument "<field>=<n> is outside 1..64" unless 1 <= lane_count <= kMaxLanes: the one
// check of a wave's lane count before any lane array is indexed (`field` names it for the error,
// "request lane_count" or "BvhRequest.lane_count").
Status CheckLaneCount(std::string_view field, uint32_t lane_count);

// The row of the request's border color table that its S# selects with BORDER_COLOR_TYPE
// REGISTER, or null: no S#, another type, or BORDER_COLOR_PTR outside the table.
const uint32_t* RegisterBorderColor(const TexRequest& req);

// Whether `host` can hold the footprint of `s`: 64-bit atomics need 8-byte alignment, everything
// else 4 (every texel offset is a multiple of its size).
inline bool HostAligned(const WaveSetup& s, const uint8_t* host) {
  // A mask, not `%`: the compiler cannot see the divisor is a power of two, and a division here
  // cost about 8% of a point wave.
  return (reinterpret_cast<uintptr_t>(host) & (s.key.atomic_64 ? 7u : 3u)) == 0;
}

// Partially resident textures: residency is tracked in pages of this size.
inline constexpr uint64_t kResidencyPageBytes = 65536;

// What a Runtime passes down to every request.
struct ExecOptions {
  bool format_fast_paths = true;
  bool box_reads = false;  // RuntimeOptions::box_reads, kAuto resolved
};

// Validates `req` (op, modifiers, operands, descriptors, memory) and fills `setup`, which must be
// freshly constructed. Errors name the field and value. Ops outside this release return
// Unimplemented naming the op.
Status PrepareWave(const TexRequest& req, const ExecOptions& options, WaveSetup* setup);

}  // namespace texunit
