// TexRequest: one image instruction for one wave, in ISA-neutral form. Front ends translate their
// instruction words into this; the core executes it. Operands and results are SoA: one array per
// component, indexed by lane, holding raw 32-bit register values (floats as their bits).
#pragma once

#include <cstdint>
#include <string>

#include "texunit/descriptors.h"
#include "texunit/memory.h"

namespace texunit {

inline constexpr uint32_t kMaxLanes = 64;

enum class OpKind : uint8_t {
  kLoad,
  kStore,
  kGetResinfo,
  kAtomic,
  kSample,
  kGather4,
  kGetLod,
  kMsaaLoad,
  kBvhIntersectRay,
};

// Variant flags: the suffixes of the hardware mnemonics.
enum OpFlag : uint32_t {
  kOpMip = 1u << 0,          // LOAD_MIP / STORE_MIP: explicit level operand
  kOpPck = 1u << 1,          // _PCK: raw data, no format conversion
  kOpSgn = 1u << 2,          // _SGN: raw data, sign-extended
  kOpCompare = 1u << 3,      // _C: depth compare against the zcompare operand
  kOpDeriv = 1u << 4,        // _D: explicit derivatives
  kOpCoarseDeriv = 1u << 5,  // _CD: explicit coarse derivatives
  kOpLod = 1u << 6,          // _L: explicit LOD
  kOpBias = 1u << 7,         // _B: LOD bias operand
  kOpLz = 1u << 8,           // _LZ: level zero
  kOpClamp = 1u << 9,        // _CL: LOD clamp operand
  kOpOffset = 1u << 10,      // _O: packed texel offsets
  kOpG16 = 1u << 11,         // _G16: 16-bit derivatives
  kOpGather4H = 1u << 12,    // GATHER4H: one channel of four texels in a row
};

enum class AtomicOp : uint8_t {
  kNone,
  kSwap,
  kCmpSwap,
  kAdd,
  kSub,
  kRsub,
  kSmin,
  kUmin,
  kSmax,
  kUmax,
  kAnd,
  kOr,
  kXor,
  kInc,
  kDec,
  kFcmpSwap,
  kFmin,
  kFmax,
};

struct Op {
  OpKind kind = OpKind::kSample;
  uint32_t flags = 0;  // OpFlag bits
  AtomicOp atomic = AtomicOp::kNone;
  friend bool operator==(const Op&, const Op&) = default;
};

// The hardware-style name without the IMAGE_ prefix, lower case: "sample_c_b_cl_o",
// "load_mip_pck_sgn", "atomic_cmpswap", "gather4_c_lz_o".
std::string OpName(Op op);

struct Modifiers {
  uint8_t dmask = 0xF;  // result/data components (gather4: the channel to gather)
  bool unorm = false;   // unnormalized coordinates
  bool glc = false;     // atomics: return the pre-op value
  bool slc = false;
  bool da = false;    // array (GFX6-9)
  bool tfe = false;   // texel-fail status dword
  bool lwe = false;   // LOD-warning status dword
  bool d16 = false;   // 16-bit data
  bool a16 = false;   // 16-bit addresses
  bool r128 = false;  // 128-bit T#
};

// Per-lane operands, each a pointer to lane_count raw dwords, or null when the op has none.
struct TexOperands {
  const uint32_t* coord[4] = {};    // x/s, y/t, z/r/slice/face, w (cube-array slice); float for
                                    // sample/gather/get_lod, unsigned texel indices for load/store
  const uint32_t* mip = nullptr;    // LOAD_MIP / STORE_MIP level, relative to base_level
  const uint32_t* lod = nullptr;    // _L (float)
  const uint32_t* bias = nullptr;   // _B (float)
  const uint32_t* clamp = nullptr;  // _CL (float)
  const uint32_t* zcompare = nullptr;  // _C (float)
  const uint32_t* offset = nullptr;    // _O: X[5:0], Y[13:8], Z[21:16], 6-bit signed
  const uint32_t* deriv[2][3] = {};    // [d/dx, d/dy][s, t, r] (float)
  const uint32_t* data[4] = {};        // store/atomic source, dmask-compacted
};

// Per-lane results. data[i] receives the i-th enabled dmask component (gather4: 4 texels);
// status (if non-null and tfe/lwe is set) the TFE/LWE status dword.
struct TexResults {
  uint32_t* data[4] = {};
  uint32_t* status = nullptr;
};

enum class PrecisionMode : uint8_t {
  kFloat,     // float32 weights and LOD
  kHardware,  // bilinear weights and LOD fraction quantised to 8 bits, as GPUs do
};

struct TexRequest {
  Op op;
  Modifiers mods;
  const ImageDesc* image = nullptr;
  const SamplerDesc* sampler = nullptr;  // sample, gather4, get_lod
  const Memory* memory = nullptr;
  uint32_t lane_count = kMaxLanes;  // 1..64; lanes 4k..4k+3 form a 2x2 quad
  uint64_t exec = ~0ull;            // bit i: lane i is active
  TexOperands in;
  TexResults out;
  PrecisionMode precision = PrecisionMode::kFloat;
  // S# BORDER_COLOR_TYPE REGISTER reads entry BORDER_COLOR_PTR of this table: R, G, B, A dwords
  // (float bits for float-class formats, integers for integer formats). Read only by border clamp
  // modes; `border_color_count` entries.
  const uint32_t (*border_color_table)[4] = nullptr;
  uint32_t border_color_count = 0;
  // Partially resident textures (T# MIN_LOD_WARN != 0): bit p % 64 of residency[p / 64] says
  // whether the p-th 64 KiB page of the image's footprint (from its base address) is resident;
  // `residency_pages` pages. Null: every page is resident. docs/sampling.md, "Partially resident
  // textures".
  const uint64_t* residency = nullptr;
  uint64_t residency_pages = 0;
};

}  // namespace texunit
