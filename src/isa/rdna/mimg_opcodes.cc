// The RDNA MIMG opcode tables (see mimg_opcodes.h). Opcode numbers from llvm-mc 14
// (-mcpu=gfx1010/gfx1030 -disassemble of every OP value), GATHER4H from the RDNA ISA manuals,
// GATHER4H_PCK and GATHER8H_PCK from AMD's RDNA1/2 machine-readable ISA.
#include "isa/rdna/mimg_opcodes.h"

#include <array>

namespace texunit::rdna {

namespace {

struct Name {
  uint8_t opcode;
  std::string_view mnemonic;
  bool gfx1030_only;
  bool modelled = true;  // false: decodes to kUnsupported (gather8h_pck)
};

constexpr bool k10 = false;  // gfx1010 and gfx1030
constexpr bool k103 = true;  // gfx1030 only

// Ascending by opcode (checked below).
constexpr Name kNames[] = {
    {0x00, "image_load", k10},
    {0x01, "image_load_mip", k10},
    {0x02, "image_load_pck", k10},
    {0x03, "image_load_pck_sgn", k10},
    {0x04, "image_load_mip_pck", k10},
    {0x05, "image_load_mip_pck_sgn", k10},
    {0x08, "image_store", k10},
    {0x09, "image_store_mip", k10},
    {0x0a, "image_store_pck", k10},
    {0x0b, "image_store_mip_pck", k10},
    {0x0e, "image_get_resinfo", k10},
    {0x0f, "image_atomic_swap", k10},
    {0x10, "image_atomic_cmpswap", k10},
    {0x11, "image_atomic_add", k10},
    {0x12, "image_atomic_sub", k10},
    {0x14, "image_atomic_smin", k10},
    {0x15, "image_atomic_umin", k10},
    {0x16, "image_atomic_smax", k10},
    {0x17, "image_atomic_umax", k10},
    {0x18, "image_atomic_and", k10},
    {0x19, "image_atomic_or", k10},
    {0x1a, "image_atomic_xor", k10},
    {0x1b, "image_atomic_inc", k10},
    {0x1c, "image_atomic_dec", k10},
    {0x1d, "image_atomic_fcmpswap", k10},
    {0x1e, "image_atomic_fmin", k10},
    {0x1f, "image_atomic_fmax", k10},
    {0x20, "image_sample", k10},
    {0x21, "image_sample_cl", k10},
    {0x22, "image_sample_d", k10},
    {0x23, "image_sample_d_cl", k10},
    {0x24, "image_sample_l", k10},
    {0x25, "image_sample_b", k10},
    {0x26, "image_sample_b_cl", k10},
    {0x27, "image_sample_lz", k10},
    {0x28, "image_sample_c", k10},
    {0x29, "image_sample_c_cl", k10},
    {0x2a, "image_sample_c_d", k10},
    {0x2b, "image_sample_c_d_cl", k10},
    {0x2c, "image_sample_c_l", k10},
    {0x2d, "image_sample_c_b", k10},
    {0x2e, "image_sample_c_b_cl", k10},
    {0x2f, "image_sample_c_lz", k10},
    {0x30, "image_sample_o", k10},
    {0x31, "image_sample_cl_o", k10},
    {0x32, "image_sample_d_o", k10},
    {0x33, "image_sample_d_cl_o", k10},
    {0x34, "image_sample_l_o", k10},
    {0x35, "image_sample_b_o", k10},
    {0x36, "image_sample_b_cl_o", k10},
    {0x37, "image_sample_lz_o", k10},
    {0x38, "image_sample_c_o", k10},
    {0x39, "image_sample_c_cl_o", k10},
    {0x3a, "image_sample_c_d_o", k10},
    {0x3b, "image_sample_c_d_cl_o", k10},
    {0x3c, "image_sample_c_l_o", k10},
    {0x3d, "image_sample_c_b_o", k10},
    {0x3e, "image_sample_c_b_cl_o", k10},
    {0x3f, "image_sample_c_lz_o", k10},
    {0x40, "image_gather4", k10},
    {0x41, "image_gather4_cl", k10},
    {0x44, "image_gather4_l", k10},
    {0x45, "image_gather4_b", k10},
    {0x46, "image_gather4_b_cl", k10},
    {0x47, "image_gather4_lz", k10},
    {0x48, "image_gather4_c", k10},
    {0x49, "image_gather4_c_cl", k10},
    {0x4c, "image_gather4_c_l", k10},
    {0x4d, "image_gather4_c_b", k10},
    {0x4e, "image_gather4_c_b_cl", k10},
    {0x4f, "image_gather4_c_lz", k10},
    {0x50, "image_gather4_o", k10},
    {0x51, "image_gather4_cl_o", k10},
    {0x54, "image_gather4_l_o", k10},
    {0x55, "image_gather4_b_o", k10},
    {0x56, "image_gather4_b_cl_o", k10},
    {0x57, "image_gather4_lz_o", k10},
    {0x58, "image_gather4_c_o", k10},
    {0x59, "image_gather4_c_cl_o", k10},
    {0x5c, "image_gather4_c_l_o", k10},
    {0x5d, "image_gather4_c_b_o", k10},
    {0x5e, "image_gather4_c_b_cl_o", k10},
    {0x5f, "image_gather4_c_lz_o", k10},
    {0x60, "image_get_lod", k10},
    {0x61, "image_gather4h", k10},
    {0x62, "image_gather4h_pck", k10},
    // AMD's RDNA1/2 machine-readable ISA lists it; nobody has published what it reads.
    {0x63, "image_gather8h_pck", k10, false},
    {0x68, "image_sample_cd", k10},
    {0x69, "image_sample_cd_cl", k10},
    {0x6a, "image_sample_c_cd", k10},
    {0x6b, "image_sample_c_cd_cl", k10},
    {0x6c, "image_sample_cd_o", k10},
    {0x6d, "image_sample_cd_cl_o", k10},
    {0x6e, "image_sample_c_cd_o", k10},
    {0x6f, "image_sample_c_cd_cl_o", k10},
    {0x80, "image_msaa_load", k103},
    {0xa2, "image_sample_d_g16", k10},
    {0xa3, "image_sample_d_cl_g16", k10},
    {0xaa, "image_sample_c_d_g16", k10},
    {0xab, "image_sample_c_d_cl_g16", k10},
    {0xb2, "image_sample_d_o_g16", k10},
    {0xb3, "image_sample_d_cl_o_g16", k10},
    {0xba, "image_sample_c_d_o_g16", k10},
    {0xbb, "image_sample_c_d_cl_o_g16", k10},
    {0xe6, "image_bvh_intersect_ray", k103},
    {0xe7, "image_bvh64_intersect_ray", k103},
    {0xe8, "image_sample_cd_g16", k10},
    {0xe9, "image_sample_cd_cl_g16", k10},
    {0xea, "image_sample_c_cd_g16", k10},
    {0xeb, "image_sample_c_cd_cl_g16", k10},
    {0xec, "image_sample_cd_o_g16", k10},
    {0xed, "image_sample_cd_cl_o_g16", k10},
    {0xee, "image_sample_c_cd_o_g16", k10},
    {0xef, "image_sample_c_cd_cl_o_g16", k10},
};

constexpr size_t kNameCount = std::size(kNames);

struct Table {
  std::array<gcn::MimgOpcode, kNameCount> entries{};  // [0, count), ascending
  size_t count = 0;
  std::array<int16_t, 256> index{};  // opcode -> position in `entries`, or -1
};

constexpr Table Build(bool gfx1030) {
  Table t;
  for (auto& i : t.index) i = -1;
  for (size_t i = 0; i < kNameCount; ++i) {
    const Name& n = kNames[i];
    if (i > 0 && kNames[i - 1].opcode >= n.opcode) throw "RDNA MIMG names must ascend";
    if (n.gfx1030_only && !gfx1030) continue;
    gcn::MimgOpcode e;
    e.opcode = n.opcode;
    e.mnemonic = n.mnemonic.data();
    e.modelled = n.modelled;
    if (!n.modelled) {
      e.op = Op{OpKind::kGather4, kOpGather4H};  // its nearest modelled relative; never executed
    } else if (!gcn::OpFromMnemonic(n.mnemonic, &e.op)) {
      throw "unparsable MIMG mnemonic";
    }
    t.index[n.opcode] = static_cast<int16_t>(t.count);
    t.entries[t.count++] = e;
  }
  return t;
}

constexpr Table kGfx10Table = Build(false);
constexpr Table kGfx1030Table = Build(true);
// llvm-mc 14's 108 + GATHER4H, GATHER4H_PCK and GATHER8H_PCK (which it does not know).
static_assert(kGfx10Table.count == 111);
static_assert(kGfx1030Table.count == 114);  // + MSAA_LOAD, BVH_INTERSECT_RAY, BVH64

const Table* TableFor(Gfx gfx) {
  if (gfx == Gfx::kGfx10) return &kGfx10Table;
  if (gfx == Gfx::kGfx1030) return &kGfx1030Table;
  return nullptr;
}

}  // namespace

bool IsRdnaGfx(Gfx gfx) { return gfx == Gfx::kGfx10 || gfx == Gfx::kGfx1030; }

std::span<const gcn::MimgOpcode> MimgOpcodes(Gfx gfx) {
  const Table* t = TableFor(gfx);
  if (t == nullptr) return {};
  return std::span<const gcn::MimgOpcode>(t->entries.data(), t->count);
}

const gcn::MimgOpcode* FindMimgOpcode(Gfx gfx, uint8_t opcode) {
  const Table* t = TableFor(gfx);
  if (t == nullptr || t->index[opcode] < 0) return nullptr;
  return &t->entries[static_cast<size_t>(t->index[opcode])];
}

const gcn::MimgOpcode* FindMimgMnemonic(Gfx gfx, std::string_view mnemonic) {
  for (const gcn::MimgOpcode& e : MimgOpcodes(gfx)) {
    if (mnemonic == e.mnemonic) return &e;
  }
  return nullptr;
}

}  // namespace texunit::rdna
