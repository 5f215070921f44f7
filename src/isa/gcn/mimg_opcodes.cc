// The GCN MIMG opcode tables (see mimg_opcodes.h for the per-generation differences). Each table
// is built at compile time from the name lists below; the neutral Op of every entry is parsed
// from its mnemonic, so the name and the Op cannot disagree.
#include "isa/gcn/mimg_opcodes.h"

#include <array>

namespace texunit::gcn {

namespace {

struct Name {
  uint8_t opcode;
  std::string_view mnemonic;
};

// Opcodes every GCN generation has, at the same number.
constexpr Name kCommon[] = {
    {0x00, "image_load"},
    {0x01, "image_load_mip"},
    {0x02, "image_load_pck"},
    {0x03, "image_load_pck_sgn"},
    {0x04, "image_load_mip_pck"},
    {0x05, "image_load_mip_pck_sgn"},
    {0x08, "image_store"},
    {0x09, "image_store_mip"},
    {0x0a, "image_store_pck"},
    {0x0b, "image_store_mip_pck"},
    {0x0e, "image_get_resinfo"},
    {0x20, "image_sample"},
    {0x21, "image_sample_cl"},
    {0x22, "image_sample_d"},
    {0x23, "image_sample_d_cl"},
    {0x24, "image_sample_l"},
    {0x25, "image_sample_b"},
    {0x26, "image_sample_b_cl"},
    {0x27, "image_sample_lz"},
    {0x28, "image_sample_c"},
    {0x29, "image_sample_c_cl"},
    {0x2a, "image_sample_c_d"},
    {0x2b, "image_sample_c_d_cl"},
    {0x2c, "image_sample_c_l"},
    {0x2d, "image_sample_c_b"},
    {0x2e, "image_sample_c_b_cl"},
    {0x2f, "image_sample_c_lz"},
    {0x30, "image_sample_o"},
    {0x31, "image_sample_cl_o"},
    {0x32, "image_sample_d_o"},
    {0x33, "image_sample_d_cl_o"},
    {0x34, "image_sample_l_o"},
    {0x35, "image_sample_b_o"},
    {0x36, "image_sample_b_cl_o"},
    {0x37, "image_sample_lz_o"},
    {0x38, "image_sample_c_o"},
    {0x39, "image_sample_c_cl_o"},
    {0x3a, "image_sample_c_d_o"},
    {0x3b, "image_sample_c_d_cl_o"},
    {0x3c, "image_sample_c_l_o"},
    {0x3d, "image_sample_c_b_o"},
    {0x3e, "image_sample_c_b_cl_o"},
    {0x3f, "image_sample_c_lz_o"},
    {0x40, "image_gather4"},
    {0x41, "image_gather4_cl"},
    {0x44, "image_gather4_l"},
    {0x45, "image_gather4_b"},
    {0x46, "image_gather4_b_cl"},
    {0x47, "image_gather4_lz"},
    {0x48, "image_gather4_c"},
    {0x49, "image_gather4_c_cl"},
    {0x4c, "image_gather4_c_l"},
    {0x4d, "image_gather4_c_b"},
    {0x4e, "image_gather4_c_b_cl"},
    {0x4f, "image_gather4_c_lz"},
    {0x50, "image_gather4_o"},
    {0x51, "image_gather4_cl_o"},
    {0x54, "image_gather4_l_o"},
    {0x55, "image_gather4_b_o"},
    {0x56, "image_gather4_b_cl_o"},
    {0x57, "image_gather4_lz_o"},
    {0x58, "image_gather4_c_o"},
    {0x59, "image_gather4_c_cl_o"},
    {0x5c, "image_gather4_c_l_o"},
    {0x5d, "image_gather4_c_b_o"},
    {0x5e, "image_gather4_c_b_cl_o"},
    {0x5f, "image_gather4_c_lz_o"},
    {0x60, "image_get_lod"},
    {0x68, "image_sample_cd"},
    {0x69, "image_sample_cd_cl"},
    {0x6a, "image_sample_c_cd"},
    {0x6b, "image_sample_c_cd_cl"},
    {0x6c, "image_sample_cd_o"},
    {0x6d, "image_sample_cd_cl_o"},
    {0x6e, "image_sample_c_cd_o"},
    {0x6f, "image_sample_c_cd_cl_o"},
};

// GFX6/7 atomics (RSUB is listed separately: GFX6 only).
constexpr Name kAtomicsSiCi[] = {
    {0x0f, "image_atomic_swap"}, {0x10, "image_atomic_cmpswap"},  {0x11, "image_atomic_add"},
    {0x12, "image_atomic_sub"},  {0x14, "image_atomic_smin"},     {0x15, "image_atomic_umin"},
    {0x16, "image_atomic_smax"}, {0x17, "image_atomic_umax"},     {0x18, "image_atomic_and"},
    {0x19, "image_atomic_or"},   {0x1a, "image_atomic_xor"},      {0x1b, "image_atomic_inc"},
    {0x1c, "image_atomic_dec"},  {0x1d, "image_atomic_fcmpswap"}, {0x1e, "image_atomic_fmin"},
    {0x1f, "image_atomic_fmax"},
};
constexpr Name kAtomicRsubSi[] = {{0x13, "image_atomic_rsub"}};

// GFX8/9 atomics: SWAP..SUB moved up by one, no RSUB, no FP atomics.
constexpr Name kAtomicsViGfx9[] = {
    {0x10, "image_atomic_swap"}, {0x11, "image_atomic_cmpswap"}, {0x12, "image_atomic_add"},
    {0x13, "image_atomic_sub"},  {0x14, "image_atomic_smin"},    {0x15, "image_atomic_umin"},
    {0x16, "image_atomic_smax"}, {0x17, "image_atomic_umax"},    {0x18, "image_atomic_and"},
    {0x19, "image_atomic_or"},   {0x1a, "image_atomic_xor"},     {0x1b, "image_atomic_inc"},
    {0x1c, "image_atomic_dec"},
};

constexpr Name kGfx9Only[] = {{0x42, "image_gather4h"}, {0x4a, "image_gather4h_pck"}};
// Vega opcodes without a neutral Op: decoding them reports kUnsupported.
constexpr Name kGfx9Unmodelled[] = {{0x4b, "image_gather8h_pck"}};

constexpr size_t kMaxOpcodes = 128;  // OP is 7 bits on GFX6-9 (bit 7 is always 0)

struct GenTable {
  std::array<MimgOpcode, kMaxOpcodes> sorted{};  // entries [0, count), ascending by opcode
  size_t count = 0;
  std::array<int16_t, 256> index{};  // opcode -> position in `sorted`, or -1
};

constexpr void Add(GenTable* t, std::span<const Name> names, bool modelled) {
  for (const Name& n : names) {
    MimgOpcode e;
    e.opcode = n.opcode;
    e.mnemonic = n.mnemonic.data();
    e.modelled = modelled;
    if (modelled) {
      if (!OpFromMnemonic(n.mnemonic, &e.op)) throw "unparsable MIMG mnemonic";  // compile error
    } else {
      e.op.kind = OpKind::kGather4;  // its nearest modelled relative; never executed
      e.op.flags = kOpGather4H;
    }
    // Insertion keeps `sorted` ascending.
    size_t pos = t->count;
    while (pos > 0 && t->sorted[pos - 1].opcode > e.opcode) {
      t->sorted[pos] = t->sorted[pos - 1];
      --pos;
    }
    if (pos > 0 && t->sorted[pos - 1].opcode == e.opcode) throw "duplicate MIMG opcode";
    t->sorted[pos] = e;
    ++t->count;
  }
}

constexpr GenTable BuildTable(Gfx gfx) {
  GenTable t;
  Add(&t, kCommon, true);
  if (gfx == Gfx::kGfx6 || gfx == Gfx::kGfx7) {
    Add(&t, kAtomicsSiCi, true);
    if (gfx == Gfx::kGfx6) Add(&t, kAtomicRsubSi, true);
  } else {
    Add(&t, kAtomicsViGfx9, true);
  }
  if (gfx == Gfx::kGfx9) {
    Add(&t, kGfx9Only, true);
    Add(&t, kGfx9Unmodelled, false);
  }
  for (auto& i : t.index) i = -1;
  for (size_t i = 0; i < t.count; ++i) t.index[t.sorted[i].opcode] = static_cast<int16_t>(i);
  return t;
}

constexpr GenTable kGfx6Table = BuildTable(Gfx::kGfx6);
constexpr GenTable kGfx7Table = BuildTable(Gfx::kGfx7);
constexpr GenTable kGfx8Table = BuildTable(Gfx::kGfx8);
constexpr GenTable kGfx9Table = BuildTable(Gfx::kGfx9);

static_assert(kGfx6Table.count == 93);  // 11 load/store/resinfo + 17 atomics + 65 sample-side
static_assert(kGfx7Table.count == 92);
static_assert(kGfx8Table.count == 89);
static_assert(kGfx9Table.count == 92);

const GenTable* TableFor(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
      return &kGfx6Table;
    case Gfx::kGfx7:
      return &kGfx7Table;
    case Gfx::kGfx8:
      return &kGfx8Table;
    case Gfx::kGfx9:
      return &kGfx9Table;
    default:
      return nullptr;
  }
}

}  // namespace

std::span<const MimgOpcode> MimgOpcodes(Gfx gfx) {
  const GenTable* t = TableFor(gfx);
  if (t == nullptr) return {};
  return std::span<const MimgOpcode>(t->sorted.data(), t->count);
}

const MimgOpcode* FindMimgOpcode(Gfx gfx, uint8_t opcode) {
  const GenTable* t = TableFor(gfx);
  if (t == nullptr || t->index[opcode] < 0) return nullptr;
  return &t->sorted[static_cast<size_t>(t->index[opcode])];
}

const MimgOpcode* FindMimgMnemonic(Gfx gfx, std::string_view mnemonic) {
  for (const MimgOpcode& e : MimgOpcodes(gfx)) {
    if (mnemonic == e.mnemonic) return &e;
  }
  return nullptr;
}

MimgInstruction MimgInstructionOf(Gfx gfx, const MimgOpcode& entry) {
  MimgInstruction inst;
  inst.gfx = gfx;
  inst.opcode = entry.opcode;
  inst.mnemonic = entry.mnemonic;
  inst.op = entry.op;
  return inst;
}

const char* MimgGfxName(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
      return "gfx6";
    case Gfx::kGfx7:
      return "gfx7";
    case Gfx::kGfx8:
      return "gfx8";
    case Gfx::kGfx9:
      return "gfx9";
    case Gfx::kGfx10:
      return "gfx10";
    case Gfx::kGfx1030:
      return "gfx1030";
  }
  return "gfx?";
}

bool IsGcnGfx(Gfx gfx) {
  return gfx == Gfx::kGfx6 || gfx == Gfx::kGfx7 || gfx == Gfx::kGfx8 || gfx == Gfx::kGfx9;
}

}  // namespace texunit::gcn
