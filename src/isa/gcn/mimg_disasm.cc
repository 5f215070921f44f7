// gcn::Disassemble, DescribeFields, AddressDwords.
//
// The text is llvm-mc 14's canonical assembly (checked against its assembler by
// tests/isa/gcn/mimg_decode_test.cc, data from scripts/gen-mimg-table.sh):
//   <mnemonic> <vdata>, <vaddr>, <srsrc>[, <ssamp>][ dmask:0x%x][ unorm][ glc][ slc][ r128|a16]
//   [ tfe][ lwe][ da][ d16]
// - dmask is omitted when 0; the resource is always 8 SGPRs (also with r128); the sampler
//   operand only appears for sample, gather4 and get_lod.
// - VDATA: popcount(DMASK) registers (1 when DMASK=0; 4 for gather4), halved and rounded up for
//   D16 on gfx9 (packed) but not on gfx8 (tonga stores one 16-bit value per register), plus one
//   for TFE. llvm-mc 14 does not count LWE; the hardware does (GetVdataUse).
// - VADDR: AddressDwords for 2D (2D array with DA) or the dim given in DisasmOptions, rounded up
//   to 16 above 8 registers (LLVM 14 has no 9-15 VGPR tuples).
#include "isa/gcn/mimg_disasm.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <string>

#include "isa/gcn/mimg_address_layout.h"
#include "isa/gcn/mimg_opcodes.h"
#include "texunit/gcn.h"

namespace texunit::gcn {

std::string Range(const char* prefix, uint32_t first, uint32_t count) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%s[%u:%u]", prefix, first, first + count - 1);
  return buf;
}

std::string VgprRange(uint32_t first, uint32_t count) {
  if (count > 1) return Range("v", first, count);
  char buf[16];
  std::snprintf(buf, sizeof(buf), "v%u", first);
  return buf;
}

namespace {

const char* KindName(OpKind k) {
  switch (k) {
    case OpKind::kLoad:
      return "load";
    case OpKind::kStore:
      return "store";
    case OpKind::kGetResinfo:
      return "get_resinfo";
    case OpKind::kAtomic:
      return "atomic";
    case OpKind::kSample:
      return "sample";
    case OpKind::kGather4:
      return "gather4";
    case OpKind::kGetLod:
      return "get_lod";
    case OpKind::kMsaaLoad:
      return "msaa_load";
    case OpKind::kBvhIntersectRay:
      return "bvh_intersect_ray";
  }
  return "?";
}

}  // namespace

bool ScalarTupleName(Gfx gfx, uint32_t first, uint32_t count, std::string* out) {
  const char* bank = nullptr;
  uint32_t index = 0;
  if (!ScalarTuple(gfx, first, count, &bank, &index)) return false;
  *out = Range(bank, index, count);
  return true;
}

bool ScalarTuple(Gfx gfx, uint32_t first, uint32_t count, const char** bank, uint32_t* index) {
  const uint32_t last = first + count - 1;
  const bool gfx9_plus = gfx == Gfx::kGfx9 || gfx == Gfx::kGfx10 || gfx == Gfx::kGfx1030;
  const bool gfx10 = gfx == Gfx::kGfx10 || gfx == Gfx::kGfx1030;
  const uint32_t num_sgprs = (gfx == Gfx::kGfx6 || gfx == Gfx::kGfx7) ? 104 : gfx10 ? 106 : 102;
  const uint32_t ttmp_base = gfx9_plus ? 108 : 112;
  const uint32_t num_ttmps = gfx9_plus ? 16 : 12;
  if (last < num_sgprs) {
    *bank = "s";
    *index = first;
    return true;
  }
  if (first >= ttmp_base && last < ttmp_base + num_ttmps) {
    *bank = "ttmp";
    *index = first - ttmp_base;
    return true;
  }
  return false;
}

ImageType DisasmDim(const MimgInstruction& inst, const DisasmOptions& options) {
  if (options.has_dim) return options.dim;
  return inst.mods.da ? ImageType::k2DArray : ImageType::k2D;
}

int LlvmDataRegisters(const MimgInstruction& inst) {
  if (inst.op.kind == OpKind::kMsaaLoad) {
    // llvm-mc 14 counts MSAA_LOAD's data from DMASK like a load's (the hardware returns four).
    const int values = std::popcount(inst.mods.dmask & 0xFu);
    return std::max(inst.mods.d16 ? (values + 1) / 2 : values, 1) + (inst.mods.tfe ? 1 : 0);
  }
  const int n = static_cast<int>(GetVdataUse(inst).registers);
  return (inst.mods.lwe && !inst.mods.tfe) ? n - 1 : n;
}

int LlvmAddressRegisters(int address_dwords) {
  if (address_dwords <= 1) return 1;
  return address_dwords <= 8 ? address_dwords : 16;
}

int AddressDwords(const MimgInstruction& inst, ImageType dim) {
  return GetAddressLayout(inst.op, dim, GetAddressPacking(inst.gfx, inst.op, inst.mods)).dwords;
}

const char* DimName(ImageType dim) {
  switch (dim) {
    case ImageType::k1D:
      return "1d";
    case ImageType::k2D:
      return "2d";
    case ImageType::k3D:
      return "3d";
    case ImageType::kCube:
      return "cube";
    case ImageType::k1DArray:
      return "1d_array";
    case ImageType::k2DArray:
      return "2d_array";
    case ImageType::k2DMsaa:
      return "2d_msaa";
    case ImageType::k2DMsaaArray:
      return "2d_msaa_array";
  }
  return "?";
}

bool ParseDimName(const std::string& name, ImageType* out) {
  constexpr ImageType kAll[] = {ImageType::k1D,     ImageType::k2D,         ImageType::k3D,
                                ImageType::kCube,   ImageType::k1DArray,    ImageType::k2DArray,
                                ImageType::k2DMsaa, ImageType::k2DMsaaArray};
  for (ImageType t : kAll) {
    if (name == DimName(t)) {
      *out = t;
      return true;
    }
  }
  return false;
}

std::string Disassemble(const MimgInstruction& inst, const DisasmOptions& options) {
  const Modifiers& m = inst.mods;
  std::string s = inst.mnemonic;
  s += ' ';
  s += VgprRange(inst.vdata, LlvmDataRegisters(inst));
  s += ", ";
  s += VgprRange(inst.vaddr, LlvmAddressRegisters(AddressDwords(inst, DisasmDim(inst, options))));
  std::string reg;
  s += ", ";
  s += ScalarTupleName(inst.gfx, inst.srsrc, 8, &reg) ? reg : Range("s", inst.srsrc, 8);
  if (OpUsesSampler(inst.op)) {
    s += ", ";
    s += ScalarTupleName(inst.gfx, inst.ssamp, 4, &reg) ? reg : Range("s", inst.ssamp, 4);
  }
  if (m.dmask != 0) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), " dmask:0x%x", m.dmask);
    s += buf;
  }
  if (m.unorm) s += " unorm";
  if (m.glc) s += " glc";
  if (m.slc) s += " slc";
  if (m.r128) s += " r128";
  if (m.a16) s += " a16";
  if (m.tfe) s += " tfe";
  if (m.lwe) s += " lwe";
  if (m.da) s += " da";
  if (m.d16) s += " d16";
  return s;
}

std::string DescribeFields(const MimgInstruction& inst) { return DescribeFields(inst, {}); }

std::string DescribeFields(const MimgInstruction& inst, const DisasmOptions& options) {
  const Modifiers& m = inst.mods;
  std::string s;
  char buf[64];
  auto line = [&s](const std::string& name, const std::string& value) {
    s += name;
    s += ": ";
    s += value;
    s += '\n';
  };
  auto flag = [&line](const char* name, bool v) { line(name, v ? "1" : "0"); };
  line("gfx", MimgGfxName(inst.gfx));
  std::snprintf(buf, sizeof(buf), "0x%02x", inst.opcode);
  line("opcode", std::string(buf) + " " + inst.mnemonic);
  line("op", OpName(inst.op) + " (kind " + KindName(inst.op.kind) + ")");
  std::snprintf(buf, sizeof(buf), "0x%x", m.dmask);
  line("dmask", buf);
  flag("unorm", m.unorm);
  flag("glc", m.glc);
  flag("slc", m.slc);
  flag("da", m.da);
  if (inst.gfx == Gfx::kGfx9) {
    flag("a16", m.a16);
  } else {
    flag("r128", m.r128);
  }
  flag("tfe", m.tfe);
  flag("lwe", m.lwe);
  if (inst.gfx != Gfx::kGfx6 && inst.gfx != Gfx::kGfx7) flag("d16", m.d16);

  const ImageType dim = DisasmDim(inst, options);
  const int addr = AddressDwords(inst, dim);
  const std::string layout = AddressLayoutText(
      GetAddressLayout(inst.op, dim, GetAddressPacking(inst.gfx, inst.op, inst.mods)));
  line("vaddr", VgprRange(inst.vaddr, static_cast<uint32_t>(addr)) + " (" + std::to_string(addr) +
                    (addr == 1 ? " dword" : " dwords") + " for " + DimName(dim) +
                    (m.a16 || (inst.op.flags & kOpG16) ? ", 16-bit packed" : "") + ": " + layout +
                    ")");
  const int data = static_cast<int>(GetVdataUse(inst).registers);
  std::string data_note = std::to_string(data) + (data == 1 ? " dword" : " dwords");
  if (m.tfe || m.lwe) data_note += ", the last one the TFE/LWE status";
  if (m.lwe && !m.tfe) data_note += "; llvm-mc does not count LWE alone";
  line("vdata", VgprRange(inst.vdata, static_cast<uint32_t>(data)) + " (" + data_note + ")");
  std::string reg;
  const std::string srsrc =
      ScalarTupleName(inst.gfx, inst.srsrc, 8, &reg) ? reg : Range("s", inst.srsrc, 8);
  line("srsrc", srsrc + " (SRSRC=" + std::to_string(inst.srsrc / 4) + ", " +
                    (m.r128 ? "128-bit T#: first 4 SGPRs used" : "256-bit T#") + ")");
  if (OpUsesSampler(inst.op)) {
    const std::string ssamp =
        ScalarTupleName(inst.gfx, inst.ssamp, 4, &reg) ? reg : Range("s", inst.ssamp, 4);
    line("ssamp", ssamp + " (SSAMP=" + std::to_string(inst.ssamp / 4) + ")");
  } else {
    line("ssamp", "none, the op takes no sampler (SSAMP=" + std::to_string(inst.ssamp / 4) + ")");
  }
  return s;
}

}  // namespace texunit::gcn
