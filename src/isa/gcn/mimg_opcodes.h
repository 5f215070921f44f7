// The GCN (GFX6/7/8/9) MIMG opcode tables: opcode number -> LLVM mnemonic -> ISA-neutral Op, per
// generation. The tables are constexpr data in mimg_opcodes.cc, the one source of truth used by
// the decoder, the encoder, the disassembler and the tests.
//
// Differences between the generations (seed 000 and the Vega ISA manual; llvm-mc 14 agrees except
// where noted):
//   gfx6 (SI, tahiti):  atomics SWAP 0x0f .. FMAX 0x1f, with RSUB 0x13 and the FP atomics
//   0x1d-0x1f. gfx7 (CI, bonaire): as gfx6 without RSUB (llvm-mc 14 still accepts image_atomic_rsub
//   on
//                       bonaire; the seed's GCN 1.1 column does not have it, and the seed wins).
//   gfx8 (VI, tonga):   atomics renumbered: SWAP 0x10, CMPSWAP 0x11, ADD 0x12, SUB 0x13, SMIN..DEC
//                       0x14-0x1c as before; no RSUB, no FP atomics.
//   gfx9 (gfx900):      as gfx8 plus IMAGE_GATHER4H 0x42 and IMAGE_GATHER4H_PCK 0x4a.
//                       GATHER8H_PCK 0x4b exists on Vega but is not modelled (docs/sampling.md,
//                       "GATHER4H_PCK"): it decodes to kUnsupported. llvm-mc 14 knows none of the
//                       three.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/request.h"

namespace texunit::gcn {

struct MimgOpcode {
  uint8_t opcode = 0;         // OP[7:0]
  const char* mnemonic = "";  // LLVM spelling, "image_sample_c_lz"
  Op op;                      // derived from the mnemonic at compile time
  bool modelled = true;       // false: a real opcode texunit cannot represent (gather8h_pck)
};

// Parses an LLVM MIMG mnemonic ("image_sample_c_lz_o", "image_atomic_cmpswap", ...) into the
// neutral Op. Returns false for a name that is not one. Suffixes may come in any order here; the
// hardware order is the one OpName() writes.
constexpr bool OpFromMnemonic(std::string_view name, Op* out);

// Every opcode of `gfx` (gfx6..gfx9), ascending; empty for GFX10+.
std::span<const MimgOpcode> MimgOpcodes(Gfx gfx);
// nullptr when `opcode` is not an opcode on `gfx`.
const MimgOpcode* FindMimgOpcode(Gfx gfx, uint8_t opcode);
const MimgOpcode* FindMimgMnemonic(Gfx gfx, std::string_view mnemonic);
// An instruction of `entry` on `gfx`: its opcode, mnemonic and op, every operand and modifier at
// its default.
MimgInstruction MimgInstructionOf(Gfx gfx, const MimgOpcode& entry);

// "gfx6" .. "gfx1030".
const char* MimgGfxName(Gfx gfx);
bool IsGcnGfx(Gfx gfx);  // gfx6..gfx9: the generations this front end decodes

// Whether the op takes an S# (sample, gather4, get_lod); the others have no SSAMP operand.
constexpr bool OpUsesSampler(const Op& op) {
  return op.kind == OpKind::kSample || op.kind == OpKind::kGather4 || op.kind == OpKind::kGetLod;
}
// Whether D16 is legal with the op: format-converting loads and stores, sample, gather4 and
// MSAA loads. Not atomics, GET_RESINFO, GET_LOD or the raw _PCK/_SGN variants (llvm-mc 14
// rejects d16 on all of those it knows; GATHER4H_PCK follows its load forms).
constexpr bool OpAllowsD16(const Op& op) {
  switch (op.kind) {
    case OpKind::kLoad:
    case OpKind::kStore:
      return (op.flags & (kOpPck | kOpSgn)) == 0;
    case OpKind::kGather4:
      return (op.flags & kOpPck) == 0;  // GATHER4H_PCK returns raw dwords
    case OpKind::kSample:
    case OpKind::kMsaaLoad:
      return true;
    default:
      return false;
  }
}

// ---- constexpr implementation ----

namespace mimg_internal {

constexpr bool ConsumePrefix(std::string_view* s, std::string_view prefix) {
  if (s->substr(0, prefix.size()) != prefix) return false;
  s->remove_prefix(prefix.size());
  return true;
}

// Splits the next "_token" off `s` (s must start with '_').
constexpr std::string_view NextSuffix(std::string_view* s) {
  if (s->empty() || (*s)[0] != '_') return {};
  s->remove_prefix(1);
  const size_t end = s->find('_');
  const std::string_view token = s->substr(0, end);
  s->remove_prefix(end == std::string_view::npos ? s->size() : end);
  return token;
}

constexpr AtomicOp AtomicFromName(std::string_view n) {
  constexpr struct {
    std::string_view name;
    AtomicOp op;
  } kNames[] = {
      {"swap", AtomicOp::kSwap}, {"cmpswap", AtomicOp::kCmpSwap}, {"add", AtomicOp::kAdd},
      {"sub", AtomicOp::kSub},   {"rsub", AtomicOp::kRsub},       {"smin", AtomicOp::kSmin},
      {"umin", AtomicOp::kUmin}, {"smax", AtomicOp::kSmax},       {"umax", AtomicOp::kUmax},
      {"and", AtomicOp::kAnd},   {"or", AtomicOp::kOr},           {"xor", AtomicOp::kXor},
      {"inc", AtomicOp::kInc},   {"dec", AtomicOp::kDec},         {"fcmpswap", AtomicOp::kFcmpSwap},
      {"fmin", AtomicOp::kFmin}, {"fmax", AtomicOp::kFmax},
  };
  for (const auto& e : kNames) {
    if (e.name == n) return e.op;
  }
  return AtomicOp::kNone;
}

struct Suffix {
  std::string_view name;
  uint32_t flag;
};
inline constexpr Suffix kMemorySuffixes[] = {{"mip", kOpMip}, {"pck", kOpPck}, {"sgn", kOpSgn}};
inline constexpr Suffix kSampleSuffixes[] = {
    {"c", kOpCompare}, {"cd", kOpCoarseDeriv}, {"d", kOpDeriv},  {"l", kOpLod},   {"b", kOpBias},
    {"lz", kOpLz},     {"cl", kOpClamp},       {"o", kOpOffset}, {"g16", kOpG16}, {"pck", kOpPck},
};

// The OpFlag of a mnemonic suffix, 0 if it is not in `table`.
template <size_t N>
constexpr uint32_t SuffixFlag(std::string_view t, const Suffix (&table)[N]) {
  for (const Suffix& s : table) {
    if (s.name == t) return s.flag;
  }
  return 0;
}

}  // namespace mimg_internal

constexpr bool OpFromMnemonic(std::string_view name, Op* out) {
  using namespace mimg_internal;
  Op op;
  if (!ConsumePrefix(&name, "image_")) return false;
  if (name == "get_resinfo") {
    op.kind = OpKind::kGetResinfo;
  } else if (name == "get_lod") {
    op.kind = OpKind::kGetLod;
  } else if (name == "msaa_load") {
    op.kind = OpKind::kMsaaLoad;
  } else if (name == "bvh_intersect_ray" || name == "bvh64_intersect_ray") {
    op.kind = OpKind::kBvhIntersectRay;
  } else if (ConsumePrefix(&name, "atomic_")) {
    op.kind = OpKind::kAtomic;
    op.atomic = AtomicFromName(name);
    if (op.atomic == AtomicOp::kNone) return false;
  } else if (name.starts_with("load") || name.starts_with("store")) {
    const bool load = ConsumePrefix(&name, "load");
    if (!load) ConsumePrefix(&name, "store");
    op.kind = load ? OpKind::kLoad : OpKind::kStore;
    while (!name.empty()) {
      const std::string_view t = NextSuffix(&name);
      uint32_t flag = SuffixFlag(t, kMemorySuffixes);
      if (flag == kOpSgn && !load) flag = 0;
      if (flag == 0 || (op.flags & flag)) return false;
      op.flags |= flag;
    }
  } else {
    if (ConsumePrefix(&name, "sample")) {
      op.kind = OpKind::kSample;
    } else if (ConsumePrefix(&name, "gather4h")) {
      op.kind = OpKind::kGather4;
      op.flags |= kOpGather4H;
    } else if (ConsumePrefix(&name, "gather4")) {
      op.kind = OpKind::kGather4;
    } else {
      return false;
    }
    while (!name.empty()) {
      const std::string_view t = NextSuffix(&name);
      const uint32_t flag = SuffixFlag(t, kSampleSuffixes);
      if (flag == 0 || (op.flags & flag)) return false;
      op.flags |= flag;
    }
  }
  *out = op;
  return true;
}

}  // namespace texunit::gcn
