// rdna::Disassemble and DescribeFields. The text is llvm-mc 14's for -mcpu=gfx1010/gfx1030
// (tests/isa/rdna_decode_test.cc checks it against the assembler):
//   <mnemonic> <vdata>, <vaddr>, <srsrc>[, <ssamp>][ dmask:0x%x] dim:SQ_RSRC_IMG_<DIM>[ unorm]
//   [ glc][ slc][ dlc][ r128][ a16][ tfe][ lwe][ d16]
// - VADDR: contiguous as v[first:last], with AddressDwords registers rounded up to an LLVM 14
//   register class (1-8, then 16); NSA as the list "[v4, v7, v9]", one VGPR per address dword.
// - VDATA: as on gfx9 (D16 packed two per register, TFE adds one, LWE alone adds none in llvm-mc
//   14's syntax; MSAA_LOAD counted from DMASK by llvm-mc 14).
// - BVH: "<mnemonic> v[d:d+3], <vaddr>, s[r:r+3][ a16]"; its fixed fields are not printed.
#include "isa/gcn/mimg_disasm.h"

#include <cstdio>
#include <string>

#include "isa/gcn/mimg_address_layout.h"
#include "isa/rdna/mimg_opcodes.h"
#include "texunit/rdna.h"

namespace texunit::rdna {

namespace {

std::string DimText(uint8_t dim) {
  std::string s = "SQ_RSRC_IMG_";
  for (const char* c = gcn::DimName(DimImageType(dim)); *c; ++c) {
    s += static_cast<char>(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
  }
  return s;
}

std::string VaddrText(const gcn::MimgInstruction& inst) {
  const int addresses = AddressDwords(inst);
  if (inst.nsa_dwords == 0) {
    return gcn::VgprRange(inst.vaddr, static_cast<uint32_t>(gcn::LlvmAddressRegisters(addresses)));
  }
  std::string s = "[";
  for (int i = 0; i < addresses && i < static_cast<int>(std::size(inst.nsa_vaddr)); ++i) {
    if (i) s += ", ";
    s += 'v';
    s += std::to_string(inst.nsa_vaddr[i]);
  }
  return s + "]";
}

std::string Sgprs(const gcn::MimgInstruction& inst, uint32_t first, uint32_t count) {
  std::string reg;
  return gcn::ScalarTupleName(inst.gfx, first, count, &reg) ? reg : gcn::Range("s", first, count);
}

}  // namespace

std::string Disassemble(const gcn::MimgInstruction& inst) {
  const Modifiers& m = inst.mods;
  const bool bvh = inst.op.kind == OpKind::kBvhIntersectRay;
  std::string s = inst.mnemonic;
  s += ' ';
  s += gcn::VgprRange(inst.vdata, static_cast<uint32_t>(gcn::LlvmDataRegisters(inst)));
  s += ", " + VaddrText(inst);
  s += ", " + Sgprs(inst, inst.srsrc, bvh ? 4 : 8);
  if (gcn::OpUsesSampler(inst.op)) s += ", " + Sgprs(inst, inst.ssamp, 4);
  if (bvh) return m.a16 ? s + " a16" : s;
  if (m.dmask != 0) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), " dmask:0x%x", m.dmask);
    s += buf;
  }
  s += " dim:" + DimText(inst.dim);
  const std::pair<bool, const char*> flags[] = {
      {m.unorm, " unorm"}, {m.glc, " glc"}, {m.slc, " slc"}, {inst.dlc, " dlc"}, {m.r128, " r128"},
      {m.a16, " a16"},     {m.tfe, " tfe"}, {m.lwe, " lwe"}, {m.d16, " d16"},
  };
  for (const auto& [on, text] : flags) {
    if (on) s += text;
  }
  return s;
}

std::string DescribeFields(const gcn::MimgInstruction& inst) {
  const Modifiers& m = inst.mods;
  std::string s;
  char buf[64];
  auto line = [&s](const std::string& name, const std::string& value) {
    s += name + ": " + value + "\n";
  };
  auto flag = [&line](const char* name, bool v) { line(name, v ? "1" : "0"); };
  const bool bvh = inst.op.kind == OpKind::kBvhIntersectRay;
  line("gfx", gcn::MimgGfxName(inst.gfx));
  std::snprintf(buf, sizeof(buf), "0x%02x", inst.opcode);
  line("opcode", std::string(buf) + " " + inst.mnemonic);
  line("op", OpName(inst.op));
  line("dim", std::to_string(inst.dim) + " " + DimText(inst.dim));
  std::snprintf(buf, sizeof(buf), "0x%x", m.dmask);
  line("dmask", buf);
  flag("unorm", m.unorm);
  flag("glc", m.glc);
  flag("slc", m.slc);
  flag("dlc", inst.dlc);
  flag("r128", m.r128);
  flag("a16", m.a16);
  flag("tfe", m.tfe);
  flag("lwe", m.lwe);
  flag("d16", m.d16);
  const int addr = AddressDwords(inst);
  std::string layout;
  if (bvh) {
    layout = inst.opcode == 0xe7 ? "node pointer (2), " : "node pointer, ";
    layout += m.a16 ? "ray extent, origin (3), dir/inv_dir (3, 16-bit pairs)"
                    : "ray extent, origin (3), dir (3), inv_dir (3)";
  } else {
    layout = gcn::AddressLayoutText(gcn::GetAddressLayout(
        inst.op, DimImageType(inst.dim), gcn::GetAddressPacking(inst.gfx, inst.op, inst.mods)));
  }
  const std::string regs = inst.nsa_dwords
                               ? VaddrText(inst) + " (NSA=" + std::to_string(inst.nsa_dwords) + ", "
                               : gcn::VgprRange(inst.vaddr, addr) + " (";
  line("vaddr", regs + std::to_string(addr) + (addr == 1 ? " dword" : " dwords") +
                    (m.a16 || (inst.op.flags & kOpG16) ? ", 16-bit packed" : "") + ": " + layout +
                    ")");
  const int data = static_cast<int>(gcn::GetVdataUse(inst).registers);
  std::string note = std::to_string(data) + (data == 1 ? " dword" : " dwords");
  if (m.tfe || m.lwe) note += ", the last one the TFE/LWE status";
  line("vdata", gcn::VgprRange(inst.vdata, data) + " (" + note + ")");
  line("srsrc", Sgprs(inst, inst.srsrc, bvh ? 4 : 8) + " (SRSRC=" + std::to_string(inst.srsrc / 4) +
                    ", " + (m.r128 ? "128-bit T#: first 4 SGPRs used" : "256-bit T#") + ")");
  if (gcn::OpUsesSampler(inst.op)) {
    line("ssamp", Sgprs(inst, inst.ssamp, 4) + " (SSAMP=" + std::to_string(inst.ssamp / 4) + ")");
  } else {
    line("ssamp", "none, the op takes no sampler (SSAMP=" + std::to_string(inst.ssamp / 4) + ")");
  }
  return s;
}

}  // namespace texunit::rdna
