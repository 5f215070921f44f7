// rdna::DecodeMimg / rdna::EncodeMimg: the GFX10/GFX10.3 MIMG encoding (2 dwords + NSA dwords).
//   dword0: [0] OPM (OP[7]), [2:1] NSA, [5:3] DIM, [6] reserved, [7] DLC, [11:8] DMASK,
//           [12] UNORM, [13] GLC, [14] reserved, [15] R128, [16] TFE, [17] LWE, [24:18] OP[6:0],
//           [25] SLC, [31:26] ENCODING = 0b111100
//   dword1: [39:32] VADDR, [47:40] VDATA, [52:48] SRSRC (SGPR/4), [57:53] SSAMP (SGPR/4),
//           [61:58] reserved, [62] A16, [63] D16
//   NSA dwords: ADDR1, ADDR2, ... one VGPR number per byte; bytes past the last address are 0.
// The address count comes from DIM and the op (AddressDwords); NSA must be the number of dwords
// that count needs, as llvm-mc encodes it. BVH instructions carry fixed fields (RDNA2 ISA
// manual, and llvm-mc 14 accepts nothing else): DMASK=0xf, UNORM=1, R128=1, DIM=0, SSAMP=0,
// no D16/TFE/LWE/GLC/SLC/DLC. MSAA dims only with load/store/atomics (not _MIP) and MSAA_LOAD.
#include <algorithm>
#include <string>
#include <tuple>

#include "isa/gcn/mimg_disasm.h"
#include "isa/rdna/mimg_opcodes.h"
#include "texunit/rdna.h"

namespace texunit::rdna {

namespace {

constexpr uint32_t kEncodingMimg = 0x3c;  // 0b111100
constexpr int kMaxNsaAddresses = 13;      // VADDR + ADDR1..ADDR12 (3 NSA dwords)

uint32_t Bits(uint32_t word, int lo, int width) { return (word >> lo) & ((1u << width) - 1u); }

constexpr uint8_t kBvh64Opcode = 0xe7;

// The fields a BVH instruction must have; the error names the first that differs.
Status CheckBvhFields(const gcn::MimgInstruction& inst) {
  const Modifiers& m = inst.mods;
  struct Rule {
    const char* field;
    uint32_t value, required;
  } const rules[] = {
      {"DMASK", m.dmask, 0xf}, {"UNORM", m.unorm, 1},    {"R128", m.r128, 1},
      {"DIM", inst.dim, 0},    {"D16", m.d16, 0},        {"TFE", m.tfe, 0},
      {"LWE", m.lwe, 0},       {"GLC", m.glc, 0},        {"SLC", m.slc, 0},
      {"DLC", inst.dlc, 0},    {"SSAMP", inst.ssamp, 0},
  };
  for (const Rule& r : rules) {
    if (r.value != r.required) {
      return Status::InvalidArgument(std::string("MIMG.") + r.field + "=" + Hex(r.value) +
                                     " is not allowed with " + inst.mnemonic + " (it must be " +
                                     Hex(r.required) + ")");
    }
  }
  return Status::Ok();
}

// The seed: MSAA images take loads, stores and atomics, not the _MIP forms, sampling or gather4;
// MSAA_LOAD takes MSAA images only (llvm-mc 14: "invalid dim; must be MSAA type").
Status CheckMsaaDim(const gcn::MimgInstruction& inst) {
  const bool msaa = inst.dim >= 6;
  const OpKind k = inst.op.kind;
  bool ok = true;
  if (k == OpKind::kMsaaLoad) {
    ok = msaa;
  } else if (msaa) {
    ok = (k == OpKind::kLoad || k == OpKind::kStore || k == OpKind::kAtomic) &&
         !(inst.op.flags & kOpMip);
  }
  if (ok) return Status::Ok();
  return Status::InvalidArgument(
      "MIMG.DIM=" + std::to_string(inst.dim) + " (" + gcn::DimName(DimImageType(inst.dim)) +
      ") is not allowed with " + inst.mnemonic +
      (msaa ? " (MSAA images take load, store and atomics only)" : " (it reads MSAA images only)"));
}

}  // namespace

ImageType DimImageType(uint8_t dim) {
  constexpr ImageType kDims[] = {ImageType::k1D,     ImageType::k2D,         ImageType::k3D,
                                 ImageType::kCube,   ImageType::k1DArray,    ImageType::k2DArray,
                                 ImageType::k2DMsaa, ImageType::k2DMsaaArray};
  return kDims[dim & 7];
}

int AddressDwords(const gcn::MimgInstruction& inst) {
  if (inst.op.kind == OpKind::kBvhIntersectRay) {
    // node pointer (2 dwords for BVH64), ray extent, origin.xyz, dir.xyz, inv_dir.xyz; A16 packs
    // dir and inv_dir into 3 dwords.
    const int node = inst.opcode == kBvh64Opcode ? 2 : 1;
    return node + 1 + 3 + (inst.mods.a16 ? 3 : 6);
  }
  return gcn::AddressDwords(inst, DimImageType(inst.dim));
}

Status DecodeMimg(Gfx gfx, std::span<const uint32_t> words, gcn::MimgInstruction* out) {
  const char* gen = gcn::MimgGfxName(gfx);
  if (!IsRdnaGfx(gfx)) {
    return Status::InvalidArgument(std::string("rdna::DecodeMimg decodes gfx10 and gfx1030; ") +
                                   gen + " MIMG encodings belong to the GCN front end");
  }
  if (words.size() < 2) {
    return Status::InvalidArgument("MIMG is at least 2 dwords on " + std::string(gen) + ", got " +
                                   std::to_string(words.size()));
  }
  const uint32_t w0 = words[0];
  const uint32_t w1 = words[1];
  if (const uint32_t encoding = Bits(w0, 26, 6); encoding != kEncodingMimg) {
    return Status::InvalidArgument("MIMG.ENCODING=" + Hex(encoding) +
                                   " is not 0x3c (0b111100): not a MIMG instruction");
  }
  const uint32_t opcode = Bits(w0, 18, 7) | (Bits(w0, 0, 1) << 7);
  const gcn::MimgOpcode* entry = FindMimgOpcode(gfx, static_cast<uint8_t>(opcode));
  if (entry == nullptr) {
    return Status::InvalidArgument("MIMG.OP=" + Hex(opcode) + " is not an opcode on " + gen);
  }
  if (!entry->modelled) {
    return Status::Unsupported("MIMG.OP=" + Hex(opcode) + " (" + entry->mnemonic + ") on " + gen +
                               " is not modelled by texunit");
  }
  for (const auto& [word, lo, width, name] :
       {std::tuple{w0, 6, 1, "[6]"}, {w0, 14, 1, "[14]"}, {w1, 26, 4, "[61:58]"}}) {
    if (const uint32_t r = Bits(word, lo, width); r != 0) {
      return Status::InvalidArgument(std::string("MIMG bits ") + name + "=" + Hex(r) +
                                     " are reserved on " + gen + " and must be zero");
    }
  }

  gcn::MimgInstruction inst = gcn::DecodeCommonMimgFields(gfx, entry, w0, w1);
  inst.nsa_dwords = static_cast<uint8_t>(Bits(w0, 1, 2));
  inst.dim = static_cast<uint8_t>(Bits(w0, 3, 3));
  inst.dlc = Bits(w0, 7, 1);
  inst.mods.a16 = Bits(w1, 30, 1);
  inst.size_dwords = 2u + inst.nsa_dwords;

  const bool bvh = inst.op.kind == OpKind::kBvhIntersectRay;
  if (bvh) TEXUNIT_RETURN_IF_ERROR(CheckBvhFields(inst));
  TEXUNIT_RETURN_IF_ERROR(CheckMsaaDim(inst));
  TEXUNIT_RETURN_IF_ERROR(gcn::CheckMimgOperands(inst, bvh ? 4 : 8));

  const int addresses = AddressDwords(inst);
  if (inst.nsa_dwords == 0) {
    const int regs = gcn::LlvmAddressRegisters(addresses);
    if (inst.vaddr + regs > 256) {
      return Status::InvalidArgument("MIMG.VADDR=v" + std::to_string(inst.vaddr) + " with " +
                                     std::to_string(addresses) + " address dwords (" +
                                     std::to_string(regs) + " registers) runs past v255");
    }
  } else {
    const int needed = (addresses - 1 + 3) / 4;
    if (addresses < 2 || addresses > kMaxNsaAddresses || inst.nsa_dwords != needed) {
      return Status::InvalidArgument(
          "MIMG.NSA=" + std::to_string(inst.nsa_dwords) + " does not fit " + entry->mnemonic +
          ": " + std::to_string(addresses) +
          (addresses < 2 ? " address dword needs no NSA"
                         : " address dwords need NSA=" + std::to_string(needed)));
    }
    if (words.size() < inst.size_dwords) {
      return Status::InvalidArgument("MIMG.NSA=" + std::to_string(inst.nsa_dwords) + " needs " +
                                     std::to_string(inst.size_dwords) + " dwords, got " +
                                     std::to_string(words.size()));
    }
    inst.nsa_vaddr[0] = inst.vaddr;
    for (int i = 1; i < 4 * inst.nsa_dwords + 1; ++i) {
      const uint32_t byte = Bits(words[2 + (i - 1) / 4], 8 * ((i - 1) % 4), 8);
      if (i < addresses) {
        inst.nsa_vaddr[i] = static_cast<uint8_t>(byte);
      } else if (byte != 0) {
        return Status::InvalidArgument("MIMG.ADDR" + std::to_string(i) + "=" + Hex(byte) +
                                       " is past the " + std::to_string(addresses) +
                                       " address dwords and must be zero");
      }
    }
  }
  *out = inst;
  return Status::Ok();
}

Status EncodeMimg(const gcn::MimgInstruction& inst, std::vector<uint32_t>* words) {
  const char* gen = gcn::MimgGfxName(inst.gfx);
  if (!IsRdnaGfx(inst.gfx)) {
    return Status::InvalidArgument(std::string("rdna::EncodeMimg encodes gfx10 and gfx1030, not ") +
                                   gen);
  }
  const gcn::MimgOpcode* entry = FindMimgOpcode(inst.gfx, inst.opcode);
  if (entry == nullptr) {
    return Status::InvalidArgument("MIMG.OP=" + Hex(inst.opcode) + " is not an opcode on " + gen);
  }
  const Modifiers& m = inst.mods;
  if (m.da) {
    return Status::InvalidArgument(std::string("DA is not a MIMG modifier on ") + gen +
                                   " (DIM says the image type)");
  }
  if (inst.dim > 7 || inst.nsa_dwords > 3) {
    return Status::InvalidArgument("MIMG.DIM=" + std::to_string(inst.dim) + " or MIMG.NSA=" +
                                   std::to_string(inst.nsa_dwords) + " does not fit its field");
  }
  uint32_t common[2];
  TEXUNIT_RETURN_IF_ERROR(gcn::EncodeCommonMimgFields(inst, entry, common));
  const uint32_t w0 = common[0] | static_cast<uint32_t>(inst.nsa_dwords) << 1 |
                      static_cast<uint32_t>(inst.dim) << 3 | static_cast<uint32_t>(inst.dlc) << 7;
  const uint32_t w1 = common[1] | static_cast<uint32_t>(m.a16) << 30;
  std::vector<uint32_t> encoded = {w0, w1};
  if (inst.nsa_dwords != 0) {
    if (inst.nsa_vaddr[0] != inst.vaddr) {
      return Status::InvalidArgument("MimgInstruction.nsa_vaddr[0] (v" +
                                     std::to_string(inst.nsa_vaddr[0]) + ") must equal vaddr (v" +
                                     std::to_string(inst.vaddr) + ")");
    }
    const int addresses = std::min(AddressDwords(inst), kMaxNsaAddresses);
    encoded.resize(2u + inst.nsa_dwords, 0);
    for (int i = 1; i < addresses && i < 4 * inst.nsa_dwords + 1; ++i) {
      encoded[2 + (i - 1) / 4] |= static_cast<uint32_t>(inst.nsa_vaddr[i]) << (8 * ((i - 1) % 4));
    }
  }
  // The decoder holds every rule about what a generation allows; encode only what it accepts.
  gcn::MimgInstruction check;
  TEXUNIT_RETURN_IF_ERROR(rdna::DecodeMimg(inst.gfx, encoded, &check));
  *words = std::move(encoded);
  return Status::Ok();
}

}  // namespace texunit::rdna

namespace texunit {

Status DecodeAmdMimg(Gfx gfx, std::span<const uint32_t> words, gcn::MimgInstruction* out) {
  return gfx >= Gfx::kGfx10 ? rdna::DecodeMimg(gfx, words, out) : gcn::DecodeMimg(gfx, words, out);
}

}  // namespace texunit
