// The GCN MIMG decoder, encoder and disassembler against llvm-mc 14 (the assembler is the oracle:
// scripts/gen-mimg-table.sh writes what it printed into tests/isa/gcn/data/), plus the opcode
// tables, OpName, the VADDR layout and the decoder's error messages.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "isa/gcn/mimg_address_layout.h"
#include "isa/gcn/mimg_disasm.h"
#include "isa/gcn/mimg_opcodes.h"
#include "isa/rdna/mimg_opcodes.h"
#include "texunit/gcn.h"

namespace texunit::gcn {
namespace {

constexpr Gfx kGcnGens[] = {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9};

const char* McpuOf(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
      return "tahiti";
    case Gfx::kGfx7:
      return "bonaire";
    case Gfx::kGfx8:
      return "tonga";
    default:
      return "gfx900";
  }
}

bool GenFromName(const std::string& s, Gfx* out) {
  for (Gfx g : kGcnGens) {
    if (s == MimgGfxName(g)) {
      *out = g;
      return true;
    }
  }
  return false;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

std::vector<uint32_t> BytesToWords(const std::string& list) {
  std::vector<uint32_t> words;
  const std::vector<std::string> bytes = Split(list, ',');
  for (size_t i = 0; i < bytes.size(); ++i) {
    const uint32_t b = static_cast<uint32_t>(std::stoul(bytes[i], nullptr, 16));
    if (i % 4 == 0) words.push_back(0);
    words.back() |= b << (8 * (i % 4));
  }
  return words;
}

struct McLine {
  Gfx gfx;
  std::string text;
  std::string bytes;
  std::vector<uint32_t> words;
};

std::vector<McLine> LoadMcTable() {
  std::vector<McLine> lines;
  std::ifstream in(TEXUNIT_SOURCE_DIR "/tests/isa/gcn/data/mimg_llvm_mc.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, '|');
    if (f.size() != 3) {
      ADD_FAILURE() << "malformed line: " << line;
      continue;
    }
    McLine l;
    if (!GenFromName(f[0], &l.gfx)) {
      ADD_FAILURE() << "unknown generation: " << line;
      continue;
    }
    l.text = f[1];
    l.bytes = f[2];
    l.words = BytesToWords(f[2]);
    lines.push_back(l);
  }
  return lines;
}

MimgInstruction MustDecode(Gfx gfx, std::vector<uint32_t> words) {
  MimgInstruction inst;
  const Status s = DecodeMimg(gfx, words, &inst);
  EXPECT_TRUE(s.ok()) << s.message();
  return inst;
}

// Builds an instruction from a mnemonic with the given modifiers (registers v0/v4/s8/s16).
MimgInstruction Make(Gfx gfx, const char* mnemonic, Modifiers mods = {}) {
  const MimgOpcode* e = FindMimgMnemonic(gfx, mnemonic);
  EXPECT_NE(e, nullptr) << mnemonic;
  if (e == nullptr) return {};
  MimgInstruction inst = MimgInstructionOf(gfx, *e);
  inst.mods = mods;
  inst.vdata = 0;
  inst.vaddr = 4;
  inst.srsrc = 8;
  inst.ssamp = 16;
  return inst;
}

Status DecodeStatus(Gfx gfx, uint32_t w0, uint32_t w1) {
  MimgInstruction inst;
  const uint32_t words[2] = {w0, w1};
  return DecodeMimg(gfx, words, &inst);
}

// ---------------------------------------------------------------------------------------------
// The llvm-mc table

TEST(MimgLlvmMc, TableCoversEveryOpcodeAndModifierOfEveryGeneration) {
  const std::vector<McLine> lines = LoadMcTable();
  ASSERT_GE(lines.size(), 150u);
  for (Gfx gfx : kGcnGens) {
    SCOPED_TRACE(MimgGfxName(gfx));
    std::set<uint8_t> opcodes;
    std::set<int> dmasks;
    std::map<std::string, int> mods;
    std::set<std::string> srsrc, ssamp;
    for (const McLine& l : lines) {
      if (l.gfx != gfx) continue;
      MimgInstruction inst;
      if (!DecodeMimg(gfx, l.words, &inst).ok()) continue;  // reported by the next test
      opcodes.insert(inst.opcode);
      dmasks.insert(inst.mods.dmask);
      const Modifiers& m = inst.mods;
      mods["unorm"] += m.unorm;
      mods["glc"] += m.glc;
      mods["slc"] += m.slc;
      mods["r128/a16"] += m.r128 || m.a16;
      mods["tfe"] += m.tfe;
      mods["lwe"] += m.lwe;
      mods["da"] += m.da;
      if (gfx == Gfx::kGfx8 || gfx == Gfx::kGfx9) mods["d16"] += m.d16;
      srsrc.insert(std::to_string(inst.srsrc));
      ssamp.insert(std::to_string(inst.ssamp));
    }
    for (const MimgOpcode& e : MimgOpcodes(gfx)) {
      // llvm-mc 14 knows no GATHER4H/GATHER4H_PCK/GATHER8H_PCK; see Gfx9Gather4h below.
      if (gfx == Gfx::kGfx9 && (e.opcode == 0x42 || e.opcode == 0x4a || !e.modelled)) continue;
      EXPECT_TRUE(opcodes.count(e.opcode)) << e.mnemonic << " is missing from the table";
    }
    EXPECT_EQ(dmasks.size(), 16u);
    for (const auto& [name, count] : mods) EXPECT_GE(count, 5) << name;
    EXPECT_GE(srsrc.size(), 15u);
    EXPECT_GE(ssamp.size(), 15u);
  }
}

TEST(MimgLlvmMc, EveryLineDecodesToLlvmTextAndReencodes) {
  const std::vector<McLine> lines = LoadMcTable();
  int checked = 0;
  for (const McLine& l : lines) {
    SCOPED_TRACE(std::string(MimgGfxName(l.gfx)) + " " + l.text);
    MimgInstruction inst;
    const Status s = DecodeMimg(l.gfx, l.words, &inst);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(Disassemble(inst), l.text);
    EXPECT_EQ(inst.mnemonic, Split(l.text, ' ')[0]);
    std::vector<uint32_t> words;
    const Status e = EncodeMimg(inst, &words);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_EQ(words, l.words);
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(lines.size()));
}

// Re-runs llvm-mc on our own disassembly of a sample of the table: it must print the same text
// back and encode it to the original bytes.
TEST(MimgLlvmMc, LiveLlvmMcReassemblesOurDisassembly) {
  std::string mc;
  for (const char* c : {"llvm-mc-14", "llvm-mc"}) {
    if (std::system((std::string("command -v ") + c + " >/dev/null 2>&1").c_str()) == 0) {
      mc = c;
      break;
    }
  }
  if (mc.empty()) GTEST_SKIP() << "llvm-mc is not on PATH";
  const std::vector<McLine> lines = LoadMcTable();
  for (Gfx gfx : kGcnGens) {
    SCOPED_TRACE(MimgGfxName(gfx));
    std::vector<const McLine*> sample;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].gfx == gfx && i % 6 == 0) sample.push_back(&lines[i]);
    }
    ASSERT_FALSE(sample.empty());
    const std::string in_path = ::testing::TempDir() + "mimg_live_" + MimgGfxName(gfx) + ".s";
    {
      std::ofstream in(in_path);
      for (const McLine* l : sample) {
        MimgInstruction inst = MustDecode(gfx, l->words);
        in << Disassemble(inst) << "\n";
      }
    }
    const std::string cmd =
        mc + " -arch=amdgcn -mcpu=" + McpuOf(gfx) + " -show-encoding < " + in_path + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::vector<std::string> out;
    char buf[1024];
    while (std::fgets(buf, sizeof(buf), p)) {
      std::string s = buf;
      if (s.find("error") != std::string::npos) ADD_FAILURE() << s;
      const size_t enc = s.find(" ; encoding: [");
      if (enc == std::string::npos) continue;
      const size_t start = s.find_first_not_of(" \t");
      const size_t end = s.find(']', enc);
      out.push_back(s.substr(start, enc - start) + "|" + s.substr(enc + 14, end - (enc + 14)));
    }
    pclose(p);
    ASSERT_EQ(out.size(), sample.size());
    for (size_t i = 0; i < sample.size(); ++i) {
      EXPECT_EQ(out[i], sample[i]->text + "|" + sample[i]->bytes);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// VADDR layout

TEST(MimgAddressLayout, SizesMatchLlvmMcForEveryDim) {
  std::ifstream in(TEXUNIT_SOURCE_DIR "/tests/isa/gcn/data/mimg_addr_llvm_mc.txt");
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, '|');
    ASSERT_EQ(f.size(), 4u) << line;
    ImageType dim;
    ASSERT_TRUE(ParseDimName(f[1], &dim)) << line;
    // The data comes from gfx1010, whose A16 (unlike GFX9's) leaves the derivatives 32-bit and
    // whose _G16 samples (only in the RDNA table) pack them.
    const MimgOpcode* e = FindMimgMnemonic(Gfx::kGfx6, f[0]);
    if (e == nullptr) e = FindMimgMnemonic(Gfx::kGfx9, f[0]);
    if (e == nullptr) e = rdna::FindMimgMnemonic(Gfx::kGfx10, f[0]);
    ASSERT_NE(e, nullptr) << line;
    MimgInstruction inst;
    inst.gfx = Gfx::kGfx10;
    inst.op = e->op;
    inst.mods.a16 = f[2] == "1";
    EXPECT_EQ(AddressDwords(inst, dim), std::stoi(f[3])) << line;
    ++checked;
  }
  EXPECT_GT(checked, 1600);
}

std::vector<AddrSlot> Slots(const char* mnemonic, ImageType dim) {
  const MimgOpcode* e = FindMimgMnemonic(Gfx::kGfx6, mnemonic);
  if (e == nullptr) e = FindMimgMnemonic(Gfx::kGfx9, mnemonic);
  EXPECT_NE(e, nullptr) << mnemonic;
  if (e == nullptr) return {};
  const AddressLayout l = GetAddressLayout(e->op, dim);
  return std::vector<AddrSlot>(l.slots, l.slots + l.count);
}

TEST(MimgAddressLayout, SlotOrder) {
  using S = AddrSlot;
  using V = std::vector<AddrSlot>;
  EXPECT_EQ(Slots("image_sample_c_b_cl_o", ImageType::k2D),
            (V{S::kOffset, S::kBias, S::kZCompare, S::kX, S::kY, S::kClamp}));
  EXPECT_EQ(Slots("image_sample_d", ImageType::k3D),
            (V{S::kDsDx, S::kDtDx, S::kDrDx, S::kDsDy, S::kDtDy, S::kDrDy, S::kX, S::kY, S::kZ}));
  EXPECT_EQ(
      Slots("image_sample_c_cd_cl", ImageType::kCube),
      (V{S::kZCompare, S::kDsDx, S::kDtDx, S::kDsDy, S::kDtDy, S::kX, S::kY, S::kFace, S::kClamp}));
  EXPECT_EQ(Slots("image_sample_d_o", ImageType::k1DArray),
            (V{S::kOffset, S::kDsDx, S::kDsDy, S::kX, S::kSlice}));
  EXPECT_EQ(Slots("image_sample_l", ImageType::k2DArray), (V{S::kX, S::kY, S::kSlice, S::kLod}));
  EXPECT_EQ(Slots("image_gather4_c_lz_o", ImageType::k2D),
            (V{S::kOffset, S::kZCompare, S::kX, S::kY}));
  EXPECT_EQ(Slots("image_get_lod", ImageType::k3D), (V{S::kX, S::kY, S::kZ}));
  EXPECT_EQ(Slots("image_load_mip", ImageType::k2DArray), (V{S::kX, S::kY, S::kSlice, S::kMip}));
  EXPECT_EQ(Slots("image_store", ImageType::k2DMsaaArray),
            (V{S::kX, S::kY, S::kSlice, S::kFragment}));
  EXPECT_EQ(Slots("image_atomic_add", ImageType::k2DMsaa), (V{S::kX, S::kY, S::kFragment}));
  EXPECT_EQ(Slots("image_get_resinfo", ImageType::k3D), (V{S::kMip}));
  EXPECT_EQ(Slots("image_load", ImageType::k1D), (V{S::kX}));
}

TEST(MimgAddressLayout, A16OnGfx9PacksCoordinatesAndDerivatives) {
  Modifiers a16;
  a16.a16 = true;
  // offset | z | (ds/dx,dt/dx) (ds/dy,dt/dy) | (x,y) (clamp)
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_sample_c_d_cl_o", a16), ImageType::k2D), 6);
  // (ds/dx,dt/dx) (dr/dx) (ds/dy,dt/dy) (dr/dy) | (x,y) (z)
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_sample_d", a16), ImageType::k3D), 6);
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_sample_d", a16), ImageType::k1D), 3);
  // bias | (x,y) (slice,clamp)
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_sample_b_cl", a16), ImageType::k2DArray), 3);
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_get_resinfo", a16), ImageType::k2D), 1);
  EXPECT_EQ(AddressDwords(Make(Gfx::kGfx9, "image_sample_d", {}), ImageType::k3D), 9);
}

// ---------------------------------------------------------------------------------------------
// Opcode tables and OpName

TEST(MimgOpcodes, EveryMnemonicIsImagePlusOpName) {
  for (Gfx gfx : kGcnGens) {
    for (const MimgOpcode& e : MimgOpcodes(gfx)) {
      if (!e.modelled) continue;
      EXPECT_EQ(std::string("image_") + OpName(e.op), e.mnemonic);
      Op parsed;
      ASSERT_TRUE(OpFromMnemonic(e.mnemonic, &parsed)) << e.mnemonic;
      EXPECT_EQ(parsed, e.op);
      EXPECT_EQ(FindMimgOpcode(gfx, e.opcode), &e);
      EXPECT_EQ(FindMimgMnemonic(gfx, e.mnemonic), &e);
    }
  }
}

TEST(MimgOpcodes, GenerationDifferences) {
  auto name = [](Gfx g, uint8_t op) -> std::string {
    const MimgOpcode* e = FindMimgOpcode(g, op);
    return e ? e->mnemonic : "-";
  };
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx6).size(), 93u);
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx7).size(), 92u);
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx8).size(), 89u);
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx9).size(), 92u);
  EXPECT_TRUE(MimgOpcodes(Gfx::kGfx10).empty());
  EXPECT_EQ(name(Gfx::kGfx6, 0x13), "image_atomic_rsub");
  EXPECT_EQ(name(Gfx::kGfx7, 0x13), "-");  // seed: GCN 1.1 has no RSUB
  EXPECT_EQ(name(Gfx::kGfx8, 0x13), "image_atomic_sub");
  EXPECT_EQ(name(Gfx::kGfx6, 0x0f), "image_atomic_swap");
  EXPECT_EQ(name(Gfx::kGfx8, 0x0f), "-");
  EXPECT_EQ(name(Gfx::kGfx8, 0x10), "image_atomic_swap");
  EXPECT_EQ(name(Gfx::kGfx7, 0x10), "image_atomic_cmpswap");
  EXPECT_EQ(name(Gfx::kGfx9, 0x11), "image_atomic_cmpswap");
  EXPECT_EQ(name(Gfx::kGfx7, 0x1d), "image_atomic_fcmpswap");
  EXPECT_EQ(name(Gfx::kGfx8, 0x1d), "-");
  EXPECT_EQ(name(Gfx::kGfx9, 0x1f), "-");
  EXPECT_EQ(name(Gfx::kGfx9, 0x42), "image_gather4h");
  EXPECT_EQ(name(Gfx::kGfx8, 0x42), "-");
  EXPECT_EQ(name(Gfx::kGfx9, 0x4b), "image_gather8h_pck");
  EXPECT_EQ(name(Gfx::kGfx6, 0x6f), "image_sample_c_cd_cl_o");
  EXPECT_EQ(name(Gfx::kGfx6, 0x42), "-");
}

TEST(OpName, HardwareSuffixOrder) {
  EXPECT_EQ(OpName({OpKind::kSample, kOpCompare | kOpBias | kOpClamp | kOpOffset}),
            "sample_c_b_cl_o");
  EXPECT_EQ(OpName({OpKind::kLoad, kOpMip | kOpPck | kOpSgn}), "load_mip_pck_sgn");
  EXPECT_EQ(OpName({OpKind::kAtomic, 0, AtomicOp::kCmpSwap}), "atomic_cmpswap");
  EXPECT_EQ(OpName({OpKind::kGather4, kOpCompare | kOpLz | kOpOffset}), "gather4_c_lz_o");
  EXPECT_EQ(OpName({OpKind::kGetLod, 0}), "get_lod");
  EXPECT_EQ(OpName({OpKind::kGetResinfo, 0}), "get_resinfo");
  EXPECT_EQ(OpName({OpKind::kSample, kOpCoarseDeriv | kOpClamp}), "sample_cd_cl");
  EXPECT_EQ(OpName({OpKind::kSample, kOpCompare | kOpDeriv | kOpClamp | kOpOffset | kOpG16}),
            "sample_c_d_cl_o_g16");
  EXPECT_EQ(OpName({OpKind::kGather4, kOpGather4H}), "gather4h");
  EXPECT_EQ(OpName({OpKind::kStore, kOpMip | kOpPck}), "store_mip_pck");
  EXPECT_EQ(OpName({OpKind::kMsaaLoad, 0}), "msaa_load");
  EXPECT_EQ(OpName({OpKind::kAtomic, 0, AtomicOp::kFmax}), "atomic_fmax");
}

TEST(MimgOpcodes, OpFromMnemonicRejectsNonsense) {
  Op op;
  EXPECT_FALSE(OpFromMnemonic("image_sample_x", &op));
  EXPECT_FALSE(OpFromMnemonic("image_sample_c_c", &op));
  EXPECT_FALSE(OpFromMnemonic("image_store_sgn", &op));
  EXPECT_FALSE(OpFromMnemonic("image_atomic_nand", &op));
  EXPECT_FALSE(OpFromMnemonic("buffer_load_dword", &op));
  EXPECT_FALSE(OpFromMnemonic("image_loadx", &op));
  EXPECT_TRUE(OpFromMnemonic("image_msaa_load", &op));
  EXPECT_EQ(op.kind, OpKind::kMsaaLoad);
}

// ---------------------------------------------------------------------------------------------
// Decoder details and errors

TEST(MimgDecode, AmdMdExampleAllModifiers) {
  // amd.md: "unorm glc slc r128 tfe lwe da d16" on gfx8 encodes as below (LLVM's mimg.s).
  const MimgInstruction inst =
      MustDecode(Gfx::kGfx8, BytesToWords("0x00,0xf1,0x03,0xf2,0x01,0x05,0x02,0x80"));
  EXPECT_EQ(inst.opcode, 0x00);
  const Modifiers& m = inst.mods;
  EXPECT_TRUE(m.unorm && m.glc && m.slc && m.r128 && m.tfe && m.lwe && m.da && m.d16);
  EXPECT_FALSE(m.a16);
  EXPECT_EQ(m.dmask, 0x1);
  EXPECT_EQ(inst.vaddr, 1);
  EXPECT_EQ(inst.vdata, 5);
  EXPECT_EQ(inst.srsrc, 8);
  EXPECT_EQ(Disassemble(inst),
            "image_load v[5:6], v[1:3], s[8:15] dmask:0x1 unorm glc slc r128 tfe lwe da d16");
}

TEST(MimgDecode, Gfx9Gather4h) {
  // GATHER4H (0x42) is a Vega opcode llvm-mc 14 does not know; its text follows image_gather4.
  MimgInstruction inst = Make(Gfx::kGfx9, "image_gather4h");
  inst.mods.dmask = 0x2;
  std::vector<uint32_t> words;
  ASSERT_TRUE(EncodeMimg(inst, &words).ok());
  EXPECT_EQ(words, (std::vector<uint32_t>{0xf1080200u, 0x00820004u}));
  const MimgInstruction back = MustDecode(Gfx::kGfx9, words);
  EXPECT_EQ(back.op, (Op{OpKind::kGather4, kOpGather4H}));
  EXPECT_EQ(Disassemble(back), "image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x2");
  EXPECT_EQ(DecodeStatus(Gfx::kGfx8, words[0], words[1]).message(),
            "MIMG.OP=0x42 is not an opcode on gfx8");
  const Status s = DecodeStatus(Gfx::kGfx9, 0xf12c0100u, 0x00820004u);  // OP=0x4b
  EXPECT_EQ(s.code(), StatusCode::kUnsupported);
  EXPECT_EQ(s.message(), "MIMG.OP=0x4b (image_gather8h_pck) on gfx9 is not modelled by texunit");
}

TEST(MimgDecode, Gfx9Gather4hPck) {
  // GATHER4H_PCK (0x4a), unknown to llvm-mc 14 too: OP = 0x4a << 18 in image_gather4's words. It
  // writes the popcount(DMASK) stream words DMASK selects, like a load (docs/sampling.md).
  MimgInstruction inst = Make(Gfx::kGfx9, "image_gather4h_pck");
  inst.mods.dmask = 0x5;
  std::vector<uint32_t> words;
  ASSERT_TRUE(EncodeMimg(inst, &words).ok());
  EXPECT_EQ(words, (std::vector<uint32_t>{0xf1280500u, 0x00820004u}));
  const MimgInstruction back = MustDecode(Gfx::kGfx9, words);
  EXPECT_EQ(back.op, (Op{OpKind::kGather4, kOpGather4H | kOpPck}));
  EXPECT_EQ(GetVdataUse(back).results, 2u);
  EXPECT_EQ(Disassemble(back), "image_gather4h_pck v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x5");
  EXPECT_EQ(DecodeStatus(Gfx::kGfx9, 0xf1280000u, 0x00820004u).message(),
            "MIMG.DMASK=0x0: image_gather4h_pck writes the stream words DMASK selects, so a bit "
            "must be set");
  EXPECT_EQ(DecodeStatus(Gfx::kGfx9, 0xf1280500u, 0x80820004u).message(),
            "MIMG.D16=1 is not allowed with image_gather4h_pck");
  EXPECT_EQ(DecodeStatus(Gfx::kGfx8, 0xf1280500u, 0x00820004u).message(),
            "MIMG.OP=0x4a is not an opcode on gfx8");
}

TEST(MimgDecode, ErrorsNameTheFieldAndValue) {
  struct Case {
    Gfx gfx;
    uint32_t w0, w1;
    const char* message;
  } const cases[] = {
      {Gfx::kGfx8, 0xf0000100u | (0x0fu << 18), 0x00020004u,
       "MIMG.OP=0xf is not an opcode on gfx8"},
      {Gfx::kGfx7, 0xf04c0100u, 0x00020004u, "MIMG.OP=0x13 is not an opcode on gfx7"},
      {Gfx::kGfx8, 0xf0800f01u, 0x00820004u, "MIMG.OP=0xa0 is not an opcode on gfx8"},
      {Gfx::kGfx8, 0xe0800f00u, 0x00820004u,
       "MIMG.ENCODING=0x38 is not 0x3c (0b111100): not a MIMG instruction"},
      {Gfx::kGfx7, 0xf0800f00u, 0x80820004u,
       "MIMG.D16=1 is not available on gfx7 (D16 arrived with gfx8)"},
      {Gfx::kGfx9, 0xf0480100u, 0x80020004u, "MIMG.D16=1 is not allowed with image_atomic_add"},
      {Gfx::kGfx9, 0xf0380f00u, 0x80020004u, "MIMG.D16=1 is not allowed with image_get_resinfo"},
      {Gfx::kGfx8, 0xf0800f02u, 0x00820004u,
       "MIMG bits [7:1]=0x1 are reserved on gfx8 and must be zero"},
      {Gfx::kGfx8, 0xf0800f00u, 0x04820004u,
       "MIMG bits [62:58]=0x1 are reserved on gfx8 and must be zero"},
      {Gfx::kGfx8, 0xf1000300u, 0x00820004u,
       "MIMG.DMASK=0x3: image_gather4 gathers one channel, so exactly one DMASK bit must be "
       "set"},
      {Gfx::kGfx8, 0xf0480200u, 0x00020004u,
       "MIMG.DMASK=0x2 is not valid for image_atomic_add (0x1 or 0x3)"},
      {Gfx::kGfx8, 0xf0440100u, 0x00020004u,
       "MIMG.DMASK=0x1 is not valid for image_atomic_cmpswap (0x3 or 0xf)"},
      {Gfx::kGfx8, 0xf0800f00u, 0x0082fe04u, "MIMG.VDATA=v254 with 4 data dwords runs past v255"},
      {Gfx::kGfx8, 0xf0800f00u, 0x00990004u,
       "MIMG.SRSRC=25 (s100) is not an SGPR tuple for a T# on gfx8"},
      {Gfx::kGfx8, 0xf0800f00u, 0x03420004u,
       "MIMG.SSAMP=26 (s104) is not an SGPR tuple for an S# on gfx8"},
  };
  for (const Case& c : cases) {
    const Status s = DecodeStatus(c.gfx, c.w0, c.w1);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << c.message;
    EXPECT_EQ(s.message(), c.message);
  }
  MimgInstruction inst;
  const uint32_t one[1] = {0xf0800f00u};
  EXPECT_EQ(DecodeMimg(Gfx::kGfx8, one, &inst).message(), "MIMG is 2 dwords on gfx8, got 1");
  const uint32_t two[2] = {0xf0800f00u, 0x00820004u};
  EXPECT_FALSE(DecodeMimg(Gfx::kGfx10, two, &inst).ok());
  // A sampler-less op does not care about SSAMP; a 128-bit T# on s100 fits on gfx6 but not gfx8.
  EXPECT_TRUE(DecodeStatus(Gfx::kGfx8, 0xf0000f00u, 0x03e20004u).ok());
  EXPECT_TRUE(DecodeStatus(Gfx::kGfx6, 0xf0800f00u, 0x00980004u).ok());
  EXPECT_FALSE(DecodeStatus(Gfx::kGfx8, 0xf0800f00u, 0x00980004u).ok());
}

TEST(MimgDecode, EncodeRejectsWhatTheGenerationLacks) {
  std::vector<uint32_t> words;
  Modifiers m;
  m.a16 = true;
  EXPECT_EQ(EncodeMimg(Make(Gfx::kGfx8, "image_sample", m), &words).message(),
            "A16 is not a MIMG modifier on gfx8 (bit 15 is R128 there)");
  m = {};
  m.r128 = true;
  EXPECT_EQ(EncodeMimg(Make(Gfx::kGfx9, "image_sample", m), &words).message(),
            "R128 is not a MIMG modifier on gfx9 (bit 15 is A16 there)");
  m = {};
  m.d16 = true;
  EXPECT_EQ(EncodeMimg(Make(Gfx::kGfx6, "image_sample", m), &words).message(),
            "MIMG.D16=1 is not available on gfx6 (D16 arrived with gfx8)");
  MimgInstruction inst = Make(Gfx::kGfx8, "image_sample");
  inst.op.flags |= kOpCompare;
  EXPECT_EQ(EncodeMimg(inst, &words).message(),
            "MimgInstruction.op (sample_c) does not match MIMG.OP=0x20 (image_sample) on gfx8");
  inst = Make(Gfx::kGfx8, "image_sample");
  inst.srsrc = 6;
  EXPECT_FALSE(EncodeMimg(inst, &words).ok());
}

TEST(MimgDecode, VdataRegistersFollowTheHardwareDisassemblyFollowsLlvm) {
  Modifiers m;
  m.dmask = 0x7;
  m.lwe = true;
  MimgInstruction inst = Make(Gfx::kGfx8, "image_sample", m);
  EXPECT_EQ(GetVdataUse(inst).registers, 4u);  // the LWE status dword is written
  EXPECT_TRUE(GetVdataUse(inst).status);
  EXPECT_EQ(Disassemble(inst), "image_sample v[0:2], v[4:5], s[8:15], s[16:19] dmask:0x7 lwe");
  m = {};
  m.dmask = 0x7;
  m.d16 = true;
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx8, "image_sample", m)).registers, 3u);  // tonga: unpacked
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx9, "image_sample", m)).registers, 2u);  // gfx900: packed
  m.dmask = 0x0;
  m.d16 = false;
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx6, "image_load", m)).registers, 1u);
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx6, "image_load", m)).result_registers, 0u);
  m.dmask = 0x1;
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx6, "image_gather4", m)).registers, 4u);
  m.dmask = 0xf;
  EXPECT_EQ(GetVdataUse(Make(Gfx::kGfx6, "image_atomic_cmpswap", m)).registers, 4u);
}

// One rule for the disassembler, gcn::Execute and `texunit run`: a compare-swap reads (src, cmp)
// and with GLC returns the pre-op value in the first half of the same registers.
TEST(MimgDecode, CompareSwapReadsTwoValuesAndReturnsOne) {
  Modifiers m;
  m.dmask = 0x3;
  m.glc = true;
  const VdataUse cas = GetVdataUse(Make(Gfx::kGfx9, "image_atomic_cmpswap", m));
  EXPECT_EQ(cas.sources, 2u);
  EXPECT_EQ(cas.results, 1u);
  EXPECT_EQ(cas.result_registers, 1u);
  EXPECT_EQ(cas.data_registers, 2u);
  EXPECT_EQ(cas.registers, 2u);
  EXPECT_FALSE(cas.status);
  m.glc = false;
  m.tfe = true;
  const VdataUse no_return = GetVdataUse(Make(Gfx::kGfx9, "image_atomic_cmpswap", m));
  EXPECT_EQ(no_return.results, 0u);
  EXPECT_FALSE(no_return.status);      // nothing returned, so no status either
  EXPECT_EQ(no_return.registers, 3u);  // but the encoding still spans the TFE register
  m = {};
  m.dmask = 0xb;
  m.tfe = true;
  const VdataUse store = GetVdataUse(Make(Gfx::kGfx7, "image_store", m));
  EXPECT_EQ(store.sources, 3u);
  EXPECT_EQ(store.results, 0u);
  EXPECT_FALSE(store.status);
  EXPECT_EQ(store.registers, 4u);
}

TEST(MimgDisasm, DimOptionAndRegisterClasses) {
  MimgInstruction inst = Make(Gfx::kGfx9, "image_sample_d");
  DisasmOptions o;
  o.has_dim = true;
  o.dim = ImageType::k3D;
  // 9 dwords: LLVM 14 has no 9-VGPR tuple, so it writes a 16-register one.
  EXPECT_EQ(Disassemble(inst, o), "image_sample_d v[0:3], v[4:19], s[8:15], s[16:19] dmask:0xf");
  o.dim = ImageType::kCube;
  EXPECT_EQ(Disassemble(inst, o), "image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf");
  o.dim = ImageType::k1D;
  EXPECT_EQ(Disassemble(inst, o), "image_sample_d v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf");
  inst = Make(Gfx::kGfx8, "image_load_mip");
  inst.mods.da = true;
  EXPECT_EQ(Disassemble(inst), "image_load_mip v[0:3], v[4:7], s[8:15] dmask:0xf da");
  inst.srsrc = 112;
  EXPECT_EQ(Disassemble(inst), "image_load_mip v[0:3], v[4:7], ttmp[0:7] dmask:0xf da");
  inst.gfx = Gfx::kGfx9;
  inst.opcode = FindMimgMnemonic(Gfx::kGfx9, "image_load_mip")->opcode;
  EXPECT_EQ(Disassemble(inst), "image_load_mip v[0:3], v[4:7], ttmp[4:11] dmask:0xf da");
}

TEST(MimgDisasm, DescribeFieldsListsEveryField) {
  const MimgInstruction inst =
      MustDecode(Gfx::kGfx8, BytesToWords("0x00,0x0f,0xbc,0xf0,0x04,0x00,0x82,0x00"));
  EXPECT_EQ(Disassemble(inst), "image_sample_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf");
  EXPECT_EQ(DescribeFields(inst),
            "gfx: gfx8\n"
            "opcode: 0x2f image_sample_c_lz\n"
            "op: sample_c_lz (kind sample)\n"
            "dmask: 0xf\n"
            "unorm: 0\n"
            "glc: 0\n"
            "slc: 0\n"
            "da: 0\n"
            "r128: 0\n"
            "tfe: 0\n"
            "lwe: 0\n"
            "d16: 0\n"
            "vaddr: v[4:6] (3 dwords for 2d: z-compare, x, y)\n"
            "vdata: v[0:3] (4 dwords)\n"
            "srsrc: s[8:15] (SRSRC=2, 256-bit T#)\n"
            "ssamp: s[16:19] (SSAMP=4)\n");
}

// Random words never crash the decoder; whatever decodes re-encodes to the same words.
TEST(MimgDecode, RandomWordsDecodeOrFailCleanly) {
  std::mt19937 rng(12345);
  int decoded = 0;
  for (int i = 0; i < 200000; ++i) {
    const Gfx gfx = kGcnGens[i % 4];
    uint32_t w0 = rng();
    uint32_t w1 = rng();
    if (i % 2) w0 = (w0 & 0x03ffffffu) | 0xf0000000u;  // a MIMG encoding field
    if (i % 3) w0 &= ~0xfeu;                           // reserved bits clear
    if (i % 5) w1 &= ~0x7c000000u;
    const uint32_t words[2] = {w0, w1};
    MimgInstruction inst;
    if (!DecodeMimg(gfx, words, &inst).ok()) continue;
    ++decoded;
    std::vector<uint32_t> back;
    ASSERT_TRUE(EncodeMimg(inst, &back).ok());
    ASSERT_EQ(back, (std::vector<uint32_t>{w0, w1}));
    ASSERT_FALSE(Disassemble(inst).empty());
    ASSERT_FALSE(DescribeFields(inst).empty());
  }
  EXPECT_GT(decoded, 1000);
}

// DecodeMimg keeps the last instruction it decoded per thread: a repeat decode, the same words on
// another generation, one with a word changed and words that fail in between all give what a
// first decode gives.
TEST(MimgDecode, RepeatedDecodesEqualFirstDecodes) {
  // image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf; gfx6 rejects D16 (bit 63).
  const uint32_t sample_lz[] = {0xf09c0f00, 0x00820004};
  const uint32_t d16[] = {0xf09c0f00, 0x80820004};
  const uint32_t reserved[] = {0xf09c0f02, 0x00820004};
  const std::vector<std::pair<Gfx, std::span<const uint32_t>>> sequence = {
      {Gfx::kGfx8, sample_lz},  {Gfx::kGfx8, sample_lz},
      {Gfx::kGfx9, sample_lz},  {Gfx::kGfx8, d16},
      {Gfx::kGfx6, d16},        {Gfx::kGfx8, d16},
      {Gfx::kGfx8, reserved},   {Gfx::kGfx8, sample_lz},
      {Gfx::kGfx10, sample_lz}, {Gfx::kGfx8, std::span<const uint32_t>(sample_lz, 1)}};
  std::map<std::pair<int, std::vector<uint32_t>>, std::string> first;
  for (const auto& [gfx, words] : sequence) {
    MimgInstruction inst;
    const Status st = DecodeMimg(gfx, words, &inst);
    std::vector<uint32_t> encoded;
    const std::string got = st.ok() ? (EncodeMimg(inst, &encoded).ToString() + " " +
                                       Disassemble(inst) + " " + DescribeFields(inst))
                                    : st.ToString();
    const auto key =
        std::make_pair(static_cast<int>(gfx), std::vector<uint32_t>(words.begin(), words.end()));
    if (auto it = first.find(key); it != first.end()) {
      EXPECT_EQ(got, it->second) << GfxName(gfx);
    } else {
      first[key] = got;
    }
    if (gfx == Gfx::kGfx6 && words.data() == d16) {
      EXPECT_FALSE(st.ok());
    }
    if (words.data() == reserved || gfx == Gfx::kGfx10 || words.size() < 2) {
      EXPECT_FALSE(st.ok());
    }
    if (st.ok()) {
      EXPECT_EQ(inst.gfx, gfx);
    }
  }
}

}  // namespace
}  // namespace texunit::gcn
