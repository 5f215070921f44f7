// gcn::DecodeMimg / gcn::EncodeMimg: the 64-bit GFX6-9 MIMG encoding.
//   dword0: [0] OP[7] (always 0 on GFX6-9), [7:1] reserved, [11:8] DMASK, [12] UNORM, [13] GLC,
//           [14] DA, [15] R128 (A16 on GFX9), [16] TFE, [17] LWE, [24:18] OP[6:0], [25] SLC,
//           [31:26] ENCODING = 0b111100
//   dword1: [39:32] VADDR, [47:40] VDATA, [52:48] SRSRC (SGPR/4), [57:53] SSAMP (SGPR/4),
//           [62:58] reserved, [63] D16 (GFX8/9)
// Decoding is strict: every bit either means something on the generation or must be zero, so
// EncodeMimg(DecodeMimg(words)) gives the words back.
#include <bit>
#include <cstdio>
#include <string>
#include <utility>

#include "isa/gcn/mimg_disasm.h"
#include "isa/gcn/mimg_opcodes.h"
#include "texunit/gcn.h"

namespace texunit::gcn {

namespace {

constexpr uint32_t kEncodingMimg = 0x3c;  // 0b111100

uint32_t Bits(uint32_t word, int lo, int width) { return (word >> lo) & ((1u << width) - 1u); }

// The DMASK values llvm-mc accepts for an atomic: one or two dwords of data (32/64-bit), and for
// the compare-swaps twice that (data + compare value).
bool AtomicDmaskOk(const Op& op, uint32_t dmask) {
  const bool cmpswap = op.atomic == AtomicOp::kCmpSwap || op.atomic == AtomicOp::kFcmpSwap;
  return cmpswap ? (dmask == 0x3 || dmask == 0xf) : (dmask == 0x1 || dmask == 0x3);
}

}  // namespace

MimgInstruction DecodeCommonMimgFields(Gfx gfx, const MimgOpcode* entry, uint32_t w0, uint32_t w1) {
  MimgInstruction inst = MimgInstructionOf(gfx, *entry);
  Modifiers& m = inst.mods;
  m.dmask = static_cast<uint8_t>(Bits(w0, 8, 4));
  m.unorm = Bits(w0, 12, 1);
  m.glc = Bits(w0, 13, 1);
  m.r128 = Bits(w0, 15, 1);
  m.tfe = Bits(w0, 16, 1);
  m.lwe = Bits(w0, 17, 1);
  m.slc = Bits(w0, 25, 1);
  m.d16 = Bits(w1, 31, 1);
  inst.vaddr = static_cast<uint8_t>(Bits(w1, 0, 8));
  inst.vdata = static_cast<uint8_t>(Bits(w1, 8, 8));
  inst.srsrc = static_cast<uint8_t>(Bits(w1, 16, 5) * 4);
  inst.ssamp = static_cast<uint8_t>(Bits(w1, 21, 5) * 4);
  inst.size_dwords = 2;
  return inst;
}

Status CheckMimgOperands(const MimgInstruction& inst, uint32_t srsrc_sgprs) {
  const char* gen = MimgGfxName(inst.gfx);
  const Modifiers& m = inst.mods;
  if (m.d16 && !OpAllowsD16(inst.op)) {
    return Status::InvalidArgument(std::string("MIMG.D16=1 is not allowed with ") + inst.mnemonic);
  }
  const bool packed_row = inst.op.kind == OpKind::kGather4 && (inst.op.flags & kOpPck) != 0;
  if (packed_row && (m.dmask & 0xF) == 0) {
    return Status::InvalidArgument("MIMG.DMASK=" + Hex(m.dmask) + ": " + inst.mnemonic +
                                   " writes the stream words DMASK selects, so a bit must be set");
  }
  if (inst.op.kind == OpKind::kGather4 && !packed_row &&
      std::popcount(static_cast<unsigned>(m.dmask)) != 1) {
    return Status::InvalidArgument("MIMG.DMASK=" + Hex(m.dmask) + ": " + inst.mnemonic +
                                   " gathers one channel, so exactly one DMASK bit must be set");
  }
  if (inst.op.kind == OpKind::kAtomic && !AtomicDmaskOk(inst.op, m.dmask)) {
    const bool cmpswap =
        inst.op.atomic == AtomicOp::kCmpSwap || inst.op.atomic == AtomicOp::kFcmpSwap;
    return Status::InvalidArgument("MIMG.DMASK=" + Hex(m.dmask) + " is not valid for " +
                                   inst.mnemonic + " (" + (cmpswap ? "0x3 or 0xf" : "0x1 or 0x3") +
                                   ")");
  }
  const auto data = GetVdataUse(inst).registers;
  if (inst.vdata + data > 256) {
    return Status::InvalidArgument("MIMG.VDATA=v" + std::to_string(inst.vdata) + " with " +
                                   std::to_string(data) + " data dwords runs past v255");
  }
  const char* bank = nullptr;
  uint32_t index = 0;
  if (!ScalarTuple(inst.gfx, inst.srsrc, srsrc_sgprs, &bank, &index)) {
    return Status::InvalidArgument("MIMG.SRSRC=" + std::to_string(inst.srsrc / 4) + " (s" +
                                   std::to_string(inst.srsrc) +
                                   ") is not an SGPR tuple for a T# on " + gen);
  }
  if (OpUsesSampler(inst.op) && !ScalarTuple(inst.gfx, inst.ssamp, 4, &bank, &index)) {
    return Status::InvalidArgument("MIMG.SSAMP=" + std::to_string(inst.ssamp / 4) + " (s" +
                                   std::to_string(inst.ssamp) +
                                   ") is not an SGPR tuple for an S# on " + gen);
  }
  return Status::Ok();
}

Status DecodeMimg(Gfx gfx, std::span<const uint32_t> words, MimgInstruction* out) {
  // The last instruction this thread decoded: an emulator decodes the same words wave after wave,
  // and decoding through the opcode table and the operand checks cost about as much as the rest
  // of gcn::Execute's translation. Decoding is a pure function of (gfx, w0, w1); failures are not
  // kept.
  thread_local struct {
    bool valid = false;
    Gfx gfx = Gfx::kGfx6;
    uint32_t w0 = 0, w1 = 0;
    MimgInstruction inst;
  } last;
  // (A hit implies the checks below pass: only GCN generations and two or more words decode.)
  if (words.size() >= 2 && last.valid && last.gfx == gfx && last.w0 == words[0] &&
      last.w1 == words[1]) {
    *out = last.inst;
    return Status::Ok();
  }
  const char* gen = MimgGfxName(gfx);
  if (!IsGcnGfx(gfx)) {
    return Status::InvalidArgument(std::string("gcn::DecodeMimg decodes gfx6-gfx9; ") + gen +
                                   " MIMG encodings belong to the RDNA front end");
  }
  if (words.size() < 2) {
    return Status::InvalidArgument("MIMG is 2 dwords on " + std::string(gen) + ", got " +
                                   std::to_string(words.size()));
  }
  const uint32_t w0 = words[0];
  const uint32_t w1 = words[1];
  const uint32_t encoding = Bits(w0, 26, 6);
  if (encoding != kEncodingMimg) {
    return Status::InvalidArgument("MIMG.ENCODING=" + Hex(encoding) +
                                   " is not 0x3c (0b111100): not a MIMG instruction");
  }
  const uint32_t opcode = Bits(w0, 18, 7) | (Bits(w0, 0, 1) << 7);
  const MimgOpcode* entry = FindMimgOpcode(gfx, static_cast<uint8_t>(opcode));
  if (entry == nullptr) {
    return Status::InvalidArgument("MIMG.OP=" + Hex(opcode) + " is not an opcode on " + gen);
  }
  if (!entry->modelled) {
    return Status::Unsupported("MIMG.OP=" + Hex(opcode) + " (" + entry->mnemonic + ") on " + gen +
                               " is not modelled by texunit");
  }
  if (const uint32_t r = Bits(w0, 1, 7); r != 0) {
    return Status::InvalidArgument("MIMG bits [7:1]=" + Hex(r) + " are reserved on " + gen +
                                   " and must be zero");
  }
  if (const uint32_t r = Bits(w1, 26, 5); r != 0) {
    return Status::InvalidArgument("MIMG bits [62:58]=" + Hex(r) + " are reserved on " + gen +
                                   " and must be zero");
  }

  MimgInstruction inst = DecodeCommonMimgFields(gfx, entry, w0, w1);
  Modifiers& m = inst.mods;
  m.da = Bits(w0, 14, 1);
  if (gfx == Gfx::kGfx9) std::swap(m.a16, m.r128);  // bit 15 is A16 on gfx9
  if (m.d16 && (gfx == Gfx::kGfx6 || gfx == Gfx::kGfx7)) {
    return Status::InvalidArgument(std::string("MIMG.D16=1 is not available on ") + gen +
                                   " (D16 arrived with gfx8)");
  }
  TEXUNIT_RETURN_IF_ERROR(CheckMimgOperands(inst, 8));
  *out = inst;
  last.valid = true;
  last.gfx = gfx;
  last.w0 = w0;
  last.w1 = w1;
  last.inst = inst;
  return Status::Ok();
}

Status EncodeCommonMimgFields(const MimgInstruction& inst, const MimgOpcode* entry,
                              uint32_t words[2]) {
  const char* gen = MimgGfxName(inst.gfx);
  if (entry->modelled && !(entry->op == inst.op)) {
    return Status::InvalidArgument("MimgInstruction.op (" + OpName(inst.op) +
                                   ") does not match MIMG.OP=" + Hex(inst.opcode) + " (" +
                                   entry->mnemonic + ") on " + gen);
  }
  const Modifiers& m = inst.mods;
  if (m.dmask > 0xf) {
    return Status::InvalidArgument("MIMG.DMASK=" + Hex(m.dmask) + " does not fit in 4 bits");
  }
  if (inst.srsrc % 4 != 0 || inst.ssamp % 4 != 0) {
    return Status::InvalidArgument("MIMG SRSRC/SSAMP must be multiples of 4 SGPRs, got s" +
                                   std::to_string(inst.srsrc) + " and s" +
                                   std::to_string(inst.ssamp));
  }
  const uint32_t op = inst.opcode;
  uint32_t w0 = (kEncodingMimg << 26) | ((op & 0x7f) << 18) | (op >> 7);
  w0 |= static_cast<uint32_t>(m.dmask) << 8;
  w0 |= static_cast<uint32_t>(m.unorm) << 12;
  w0 |= static_cast<uint32_t>(m.glc) << 13;
  w0 |= static_cast<uint32_t>(m.r128) << 15;
  w0 |= static_cast<uint32_t>(m.tfe) << 16;
  w0 |= static_cast<uint32_t>(m.lwe) << 17;
  w0 |= static_cast<uint32_t>(m.slc) << 25;
  uint32_t w1 = inst.vaddr;
  w1 |= static_cast<uint32_t>(inst.vdata) << 8;
  w1 |= static_cast<uint32_t>(inst.srsrc / 4) << 16;
  w1 |= static_cast<uint32_t>(inst.ssamp / 4) << 21;
  w1 |= static_cast<uint32_t>(m.d16) << 31;
  words[0] = w0;
  words[1] = w1;
  return Status::Ok();
}

Status EncodeMimg(const MimgInstruction& inst, std::vector<uint32_t>* words) {
  const char* gen = MimgGfxName(inst.gfx);
  if (!IsGcnGfx(inst.gfx)) {
    return Status::InvalidArgument(std::string("gcn::EncodeMimg encodes gfx6-gfx9, not ") + gen);
  }
  const MimgOpcode* entry = FindMimgOpcode(inst.gfx, inst.opcode);
  if (entry == nullptr) {
    return Status::InvalidArgument("MIMG.OP=" + Hex(inst.opcode) + " is not an opcode on " + gen);
  }
  uint32_t encoded[2];
  TEXUNIT_RETURN_IF_ERROR(EncodeCommonMimgFields(inst, entry, encoded));
  const Modifiers& m = inst.mods;
  if (inst.gfx == Gfx::kGfx9 ? m.r128 : m.a16) {
    return Status::InvalidArgument(std::string(inst.gfx == Gfx::kGfx9 ? "R128" : "A16") +
                                   " is not a MIMG modifier on " + gen + " (bit 15 is " +
                                   (inst.gfx == Gfx::kGfx9 ? "A16" : "R128") + " there)");
  }
  encoded[0] |= static_cast<uint32_t>(m.da) << 14;
  encoded[0] |= static_cast<uint32_t>(m.a16) << 15;
  // The decoder holds every rule about what a generation allows; encode only what it accepts.
  MimgInstruction check;
  TEXUNIT_RETURN_IF_ERROR(DecodeMimg(inst.gfx, encoded, &check));
  words->assign(encoded, encoded + 2);
  return Status::Ok();
}

}  // namespace texunit::gcn
