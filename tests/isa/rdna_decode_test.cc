// The RDNA (gfx1010 = gfx10, gfx1030) MIMG decoder, encoder and disassembler against llvm-mc 14.
// The corpus tests/isa/rdna/data/mimg_llvm_mc.txt was written once by
//   scripts/gen-rdna-mimg-table.py
// (llvm-mc's canonical text and encoding of every opcode it knows on each generation, every DIM,
// contiguous and NSA addresses, random modifiers and registers); the live test re-runs llvm-mc on
// our disassembly when it is installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "isa/rdna/mimg_opcodes.h"
#include "texunit/rdna.h"

namespace texunit::rdna {
namespace {

using gcn::MimgInstruction;
using gcn::MimgOpcode;

constexpr Gfx kRdnaGens[] = {Gfx::kGfx10, Gfx::kGfx1030};
constexpr uint8_t kGather4h = 0x61;

struct McLine {
  Gfx gfx;
  std::string text;
  std::string bytes;  // "0x08,0x0f,..." as llvm-mc prints it
  std::vector<uint32_t> words;
};

// "0x08,0x0f,0x80,0xf0" -> little-endian dwords.
std::vector<uint32_t> ParseBytes(const std::string& list) {
  std::vector<uint32_t> words;
  size_t i = 0;
  for (size_t pos = 0; pos < list.size(); ++i) {
    const size_t comma = list.find(',', pos);
    const auto b = static_cast<uint32_t>(std::stoul(list.substr(pos, comma - pos), nullptr, 16));
    if (i % 4 == 0) words.push_back(0);
    words.back() |= b << (8 * (i % 4));
    pos = comma == std::string::npos ? list.size() : comma + 1;
  }
  return words;
}

const std::vector<McLine>& Corpus() {
  static const std::vector<McLine> lines = [] {
    std::vector<McLine> out;
    std::ifstream in(TEXUNIT_SOURCE_DIR "/tests/isa/rdna/data/mimg_llvm_mc.txt");
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const size_t a = line.find('|');
      const size_t b = line.find('|', a + 1);
      EXPECT_TRUE(a != std::string::npos && b != std::string::npos) << line;
      if (b == std::string::npos) continue;
      const std::string gen = line.substr(0, a);
      McLine l{gen == "gfx1030" ? Gfx::kGfx1030 : Gfx::kGfx10,
               line.substr(a + 1, b - a - 1),
               line.substr(b + 1),
               {}};
      EXPECT_TRUE(gen == "gfx10" || gen == "gfx1030") << line;
      l.words = ParseBytes(l.bytes);
      out.push_back(l);
    }
    return out;
  }();
  return lines;
}

MimgInstruction MustDecode(Gfx gfx, const std::vector<uint32_t>& words) {
  MimgInstruction inst;
  const Status s = rdna::DecodeMimg(gfx, words, &inst);
  EXPECT_TRUE(s.ok()) << s.message();
  return inst;
}

std::string DecodeError(Gfx gfx, std::vector<uint32_t> words) {
  MimgInstruction inst;
  const Status s = rdna::DecodeMimg(gfx, words, &inst);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.message();
  return s.message();
}

// v0 data, v4 address, s[8:15] T#, s[16:19] S#, 2D.
MimgInstruction Make(Gfx gfx, const char* mnemonic) {
  const MimgOpcode* e = FindMimgMnemonic(gfx, mnemonic);
  EXPECT_NE(e, nullptr) << mnemonic;
  if (e == nullptr) return {};
  MimgInstruction inst = gcn::MimgInstructionOf(gfx, *e);
  inst.vaddr = 4;
  inst.srsrc = 8;
  inst.ssamp = 16;
  inst.dim = 1;
  return inst;
}

std::vector<uint32_t> MustEncode(const MimgInstruction& inst) {
  std::vector<uint32_t> words;
  const Status s = rdna::EncodeMimg(inst, &words);
  EXPECT_TRUE(s.ok()) << s.message();
  return words;
}

// ---------------------------------------------------------------------------------------------
// The llvm-mc corpus

TEST(RdnaMimgLlvmMc, CorpusCoversEveryOpcodeDimFormAndModifier) {
  ASSERT_GE(Corpus().size(), 2500u);
  for (Gfx gfx : kRdnaGens) {
    SCOPED_TRACE(gcn::MimgGfxName(gfx));
    std::set<uint8_t> opcodes, dims, dmasks, nsa;
    std::map<std::string, int> mods;
    std::set<int> srsrc, ssamp;
    for (const McLine& l : Corpus()) {
      if (l.gfx != gfx) continue;
      MimgInstruction inst;
      if (!rdna::DecodeMimg(gfx, l.words, &inst).ok()) continue;  // reported by the next test
      opcodes.insert(inst.opcode);
      if (inst.op.kind != OpKind::kBvhIntersectRay) dims.insert(inst.dim);
      dmasks.insert(inst.mods.dmask);
      nsa.insert(inst.nsa_dwords);
      const Modifiers& m = inst.mods;
      mods["unorm"] += m.unorm;
      mods["glc"] += m.glc;
      mods["slc"] += m.slc;
      mods["dlc"] += inst.dlc;
      mods["r128"] += m.r128;
      mods["a16"] += m.a16;
      mods["tfe"] += m.tfe;
      mods["lwe"] += m.lwe;
      mods["d16"] += m.d16;
      srsrc.insert(inst.srsrc);
      ssamp.insert(inst.ssamp);
    }
    for (const MimgOpcode& e : MimgOpcodes(gfx)) {
      // llvm-mc 14 knows none of the three: Gather4h below, Gather4hPck in
      // tests/dispatch/gather4h_pck_test.cc.
      if (e.opcode == kGather4h || e.opcode == 0x62 || e.opcode == 0x63) continue;
      EXPECT_TRUE(opcodes.count(e.opcode)) << e.mnemonic << " is missing from the corpus";
    }
    EXPECT_EQ(dims.size(), 8u);
    EXPECT_EQ(dmasks.size(), 16u);
    EXPECT_EQ(nsa, (std::set<uint8_t>{0, 1, 2, 3}));
    EXPECT_EQ(mods.size(), 9u);
    for (const auto& [name, count] : mods) EXPECT_GE(count, 20) << name;
    EXPECT_GE(srsrc.size(), 20u);
    EXPECT_GE(ssamp.size(), 20u);
  }
}

TEST(RdnaMimgLlvmMc, EveryLineDecodesToLlvmTextAndReencodes) {
  int checked = 0;
  for (const McLine& l : Corpus()) {
    SCOPED_TRACE(std::string(gcn::MimgGfxName(l.gfx)) + " " + l.text);
    MimgInstruction inst;
    const Status s = rdna::DecodeMimg(l.gfx, l.words, &inst);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(inst.size_dwords, l.words.size());
    EXPECT_EQ(rdna::Disassemble(inst), l.text);
    EXPECT_EQ(inst.mnemonic, l.text.substr(0, l.text.find(' ')));
    EXPECT_FALSE(rdna::DescribeFields(inst).empty());
    std::vector<uint32_t> words;
    const Status e = rdna::EncodeMimg(inst, &words);
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_EQ(words, l.words);
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(Corpus().size()));
}

std::string FindLlvmMc() {
  for (const char* c : {"llvm-mc-14", "llvm-mc"}) {
    if (std::system((std::string("command -v ") + c + " >/dev/null 2>&1").c_str()) == 0) return c;
  }
  return "";
}

// Runs llvm-mc on `input` and returns "text|bytes" per instruction it printed; errors fail.
std::vector<std::string> RunLlvmMc(const std::string& mc, const std::string& args,
                                   const std::string& input, const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << input;
  const std::string cmd = mc + " -arch=amdgcn " + args + " -show-encoding < " + path + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  EXPECT_NE(p, nullptr);
  std::vector<std::string> out;
  if (p == nullptr) return out;
  char buf[1024];
  while (std::fgets(buf, sizeof(buf), p)) {
    const std::string s = buf;
    if (s.find("error") != std::string::npos || s.find("warning") != std::string::npos) {
      ADD_FAILURE() << s;
    }
    const size_t enc = s.find(" ; encoding: [");
    if (enc == std::string::npos) continue;
    const size_t start = s.find_first_not_of(" \t");
    const size_t end = s.find(']', enc);
    out.push_back(s.substr(start, enc - start) + "|" + s.substr(enc + 14, end - (enc + 14)));
  }
  pclose(p);
  return out;
}

// llvm-mc assembles our disassembly of every third corpus line back to the same text and bytes,
// and disassembles the bytes to our text.
TEST(RdnaMimgLlvmMc, LiveLlvmMcAgreesWithOurDisassembly) {
  const std::string mc = FindLlvmMc();
  if (mc.empty()) GTEST_SKIP() << "llvm-mc is not on PATH";
  for (Gfx gfx : kRdnaGens) {
    SCOPED_TRACE(gcn::MimgGfxName(gfx));
    const std::string cpu = gfx == Gfx::kGfx10 ? "gfx1010" : "gfx1030";
    std::vector<const McLine*> sample;
    std::string text, bytes;
    for (size_t i = 0; i < Corpus().size(); i += 3) {
      const McLine& l = Corpus()[i];
      if (l.gfx != gfx) continue;
      sample.push_back(&l);
      text += rdna::Disassemble(MustDecode(gfx, l.words)) + "\n";
      bytes += l.bytes + "\n";
    }
    ASSERT_GT(sample.size(), 300u);
    const std::vector<std::string> assembled =
        RunLlvmMc(mc, "-mcpu=" + cpu, text, "rdna_live_" + cpu + ".s");
    const std::vector<std::string> disassembled =
        RunLlvmMc(mc, "-mcpu=" + cpu + " -disassemble", bytes, "rdna_live_" + cpu + ".txt");
    ASSERT_EQ(assembled.size(), sample.size());
    ASSERT_EQ(disassembled.size(), sample.size());
    for (size_t i = 0; i < sample.size(); ++i) {
      const std::string want = sample[i]->text + "|" + sample[i]->bytes;
      EXPECT_EQ(assembled[i], want);
      EXPECT_EQ(disassembled[i], want);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Opcode tables

TEST(RdnaMimgOpcodes, TablesAgreeWithTheirMnemonics) {
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx10).size(), 111u);
  EXPECT_EQ(MimgOpcodes(Gfx::kGfx1030).size(), 114u);
  EXPECT_TRUE(MimgOpcodes(Gfx::kGfx9).empty());
  EXPECT_TRUE(gcn::MimgOpcodes(Gfx::kGfx1030).empty());
  for (Gfx gfx : kRdnaGens) {
    int prev = -1;
    for (const MimgOpcode& e : MimgOpcodes(gfx)) {
      EXPECT_GT(e.opcode, prev);
      prev = e.opcode;
      const std::string name = e.mnemonic;
      if (name != "image_bvh64_intersect_ray" && e.modelled) {
        EXPECT_EQ("image_" + OpName(e.op), name);
      }
      EXPECT_EQ(FindMimgOpcode(gfx, e.opcode), &e);
      EXPECT_EQ(FindMimgMnemonic(gfx, name), &e);
    }
  }
  auto name = [](Gfx g, uint8_t op) -> std::string {
    const MimgOpcode* e = FindMimgOpcode(g, op);
    return e ? e->mnemonic : "-";
  };
  EXPECT_EQ(name(Gfx::kGfx10, 0x0f), "image_atomic_swap");
  EXPECT_EQ(name(Gfx::kGfx10, 0x13), "-");
  EXPECT_EQ(name(Gfx::kGfx10, 0x1f), "image_atomic_fmax");
  EXPECT_EQ(name(Gfx::kGfx10, 0x61), "image_gather4h");
  EXPECT_EQ(name(Gfx::kGfx10, 0x80), "-");
  EXPECT_EQ(name(Gfx::kGfx1030, 0x80), "image_msaa_load");
  EXPECT_EQ(name(Gfx::kGfx10, 0xe6), "-");
  EXPECT_EQ(name(Gfx::kGfx1030, 0xe6), "image_bvh_intersect_ray");
  EXPECT_EQ(name(Gfx::kGfx1030, 0xe7), "image_bvh64_intersect_ray");
  EXPECT_EQ(name(Gfx::kGfx10, 0xbb), "image_sample_c_d_cl_o_g16");
  EXPECT_EQ(name(Gfx::kGfx1030, 0xef), "image_sample_c_cd_cl_o_g16");
  EXPECT_EQ(FindMimgOpcode(Gfx::kGfx10, 0xbb)->op,
            (Op{OpKind::kSample, kOpCompare | kOpDeriv | kOpClamp | kOpOffset | kOpG16}));
  EXPECT_EQ(FindMimgOpcode(Gfx::kGfx10, 0x61)->op, (Op{OpKind::kGather4, kOpGather4H}));
}

// ---------------------------------------------------------------------------------------------
// Hand-checked forms

TEST(RdnaMimgDecode, Gather4hIsOpcode0x61) {
  // llvm-mc 14 does not know GATHER4H; its text follows image_gather4's.
  MimgInstruction inst = Make(Gfx::kGfx10, "image_gather4h");
  inst.mods.dmask = 0x2;
  const std::vector<uint32_t> words = MustEncode(inst);
  EXPECT_EQ(words, (std::vector<uint32_t>{0xf1840208u, 0x00820004u}));
  const MimgInstruction back = MustDecode(Gfx::kGfx1030, words);
  EXPECT_EQ(rdna::Disassemble(back),
            "image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x2 dim:SQ_RSRC_IMG_2D");
}

TEST(RdnaMimgDecode, Gather4hPckIs0x62AndGather8hPckIsNotModelled) {
  // AMD's RDNA1/2 machine-readable ISA numbers; llvm-mc 14 knows neither.
  MimgInstruction inst = Make(Gfx::kGfx10, "image_gather4h_pck");
  inst.mods.dmask = 0x5;
  const std::vector<uint32_t> words = MustEncode(inst);
  EXPECT_EQ(words, (std::vector<uint32_t>{0xf1880508u, 0x00820004u}));
  const MimgInstruction back = MustDecode(Gfx::kGfx1030, words);
  EXPECT_EQ(back.op, (Op{OpKind::kGather4, kOpGather4H | kOpPck}));
  EXPECT_EQ(rdna::Disassemble(back),
            "image_gather4h_pck v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x5 dim:SQ_RSRC_IMG_2D");
  MimgInstruction decoded;
  const std::vector<uint32_t> eight = {0xf18c0108u, 0x00820004u};
  const Status st = rdna::DecodeMimg(Gfx::kGfx10, eight, &decoded);
  EXPECT_EQ(st.code(), StatusCode::kUnsupported);
  EXPECT_EQ(st.message(), "MIMG.OP=0x63 (image_gather8h_pck) on gfx10 is not modelled by texunit");
}

TEST(RdnaMimgDecode, NsaAddressesAndA16Packing) {
  // llvm-mc: image_sample_d v[0:3], [v4, v7, v9, v1, v2, v3, v10, v11, v12], ... dim:3D
  const MimgInstruction d = MustDecode(
      Gfx::kGfx10, ParseBytes("0x14,0x0f,0x88,0xf0,0x04,0x00,0x40,0x00,0x07,0x09,0x01,0x02,0x03,"
                              "0x0a,0x0b,0x0c"));
  EXPECT_EQ(d.nsa_dwords, 2);
  EXPECT_EQ(d.size_dwords, 4u);
  EXPECT_EQ(AddressDwords(d), 9);
  EXPECT_EQ(std::vector<int>(d.nsa_vaddr, d.nsa_vaddr + 9),
            (std::vector<int>{4, 7, 9, 1, 2, 3, 10, 11, 12}));
  EXPECT_EQ(rdna::Disassemble(d),
            "image_sample_d v[0:3], [v4, v7, v9, v1, v2, v3, v10, v11, v12], s[0:7], s[8:11] "
            "dmask:0xf dim:SQ_RSRC_IMG_3D");
  MimgInstruction s = Make(Gfx::kGfx1030, "image_sample_d");
  s.mods.a16 = true;  // A16 alone keeps 32-bit derivatives: 4 + (x,y)
  EXPECT_EQ(AddressDwords(s), 5);
  s = Make(Gfx::kGfx1030, "image_sample_d_g16");  // G16: (ds/dx,dt/dx) (ds/dy,dt/dy) + x + y
  EXPECT_EQ(AddressDwords(s), 4);
  s.mods.a16 = true;
  EXPECT_EQ(AddressDwords(s), 3);
  s.dim = 2;  // 3D: derivatives (s,t)(r) per direction
  EXPECT_EQ(AddressDwords(s), 6);
  MimgInstruction l = Make(Gfx::kGfx10, "image_load_mip");
  l.dim = 5;  // 2D array: x, y, slice, mip -> two dwords with A16
  l.mods.a16 = true;
  EXPECT_EQ(AddressDwords(l), 2);
  EXPECT_EQ(rdna::Disassemble(l),
            "image_load_mip v[0:3], v[4:5], s[8:15] dmask:0xf "
            "dim:SQ_RSRC_IMG_2D_ARRAY a16");
  // D16 packs two values per register, TFE adds one.
  l.mods.d16 = true;
  l.mods.tfe = true;
  l.mods.dmask = 0x7;
  EXPECT_EQ(rdna::Disassemble(l),
            "image_load_mip v[0:2], v[4:5], s[8:15] dmask:0x7 "
            "dim:SQ_RSRC_IMG_2D_ARRAY a16 tfe d16");
  // Encode writes the NSA bytes, the last dword zero-padded.
  MimgInstruction n = Make(Gfx::kGfx10, "image_sample_c_l");
  n.nsa_dwords = 1;
  const uint8_t regs[4] = {4, 200, 3, 17};  // z-compare, x, y, lod
  std::copy(regs, regs + 4, n.nsa_vaddr);
  const std::vector<uint32_t> w = MustEncode(n);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[2], 0x001103c8u);
  EXPECT_EQ(rdna::Disassemble(MustDecode(Gfx::kGfx10, w)),
            "image_sample_c_l v[0:3], [v4, v200, v3, v17], s[8:15], s[16:19] dmask:0xf "
            "dim:SQ_RSRC_IMG_2D");
}

TEST(RdnaMimgDecode, BvhIntersectRay) {
  // llvm-mc: image_bvh_intersect_ray v[0:3], v[4:19], s[0:3] (11 dwords: LLVM 14 has no 11-VGPR
  // tuple) and the NSA/A16 form.
  const MimgInstruction b =
      MustDecode(Gfx::kGfx1030, ParseBytes("0x01,0x9f,0x98,0xf1,0x04,0x00,0x00,0x00"));
  EXPECT_EQ(b.op.kind, OpKind::kBvhIntersectRay);
  EXPECT_EQ(AddressDwords(b), 11);
  EXPECT_EQ(rdna::Disassemble(b), "image_bvh_intersect_ray v[0:3], v[4:19], s[0:3]");
  const MimgInstruction a = MustDecode(
      Gfx::kGfx1030, ParseBytes("0x05,0x9f,0x98,0xf1,0x04,0x00,0x00,0x40,0x05,0x06,0x07,0x08,0x09,"
                                "0x0a,0x0b,0x00"));
  EXPECT_EQ(AddressDwords(a), 8);
  EXPECT_EQ(rdna::Disassemble(a),
            "image_bvh_intersect_ray v[0:3], [v4, v5, v6, v7, v8, v9, v10, v11], s[0:3] a16");
  MimgInstruction b64 = b;
  b64.opcode = 0xe7;
  b64.mnemonic = "image_bvh64_intersect_ray";
  EXPECT_EQ(AddressDwords(b64), 12);
  b64.mods.a16 = true;
  EXPECT_EQ(AddressDwords(b64), 9);
  // The fixed fields: the error names the first one that differs.
  const uint32_t w0 = 0xf1989f01u, w1 = 0x00000004u;
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 & ~0x100u, w1}),
            "MIMG.DMASK=0xe is not allowed with image_bvh_intersect_ray (it must be 0xf)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 & ~0x1000u, w1}),
            "MIMG.UNORM=0x0 is not allowed with image_bvh_intersect_ray (it must be 0x1)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 & ~0x8000u, w1}),
            "MIMG.R128=0x0 is not allowed with image_bvh_intersect_ray (it must be 0x1)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 | 0x8u, w1}),
            "MIMG.DIM=0x1 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 | 0x10000u, w1}),
            "MIMG.TFE=0x1 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 | 0x2000u, w1}),
            "MIMG.GLC=0x1 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0 | 0x80u, w1}),
            "MIMG.DLC=0x1 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0, w1 | 0x80000000u}),
            "MIMG.D16=0x1 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {w0, w1 | (1u << 21)}),
            "MIMG.SSAMP=0x4 is not allowed with image_bvh_intersect_ray (it must be 0x0)");
  EXPECT_EQ(DecodeError(Gfx::kGfx10, {w0, w1}), "MIMG.OP=0xe6 is not an opcode on gfx10");
}

TEST(RdnaMimgDecode, ErrorsNameTheField) {
  const uint32_t w0 = 0xf0800f08u;  // image_sample dmask:0xf dim:2D
  const uint32_t w1 = 0x00820004u;  // v4, v0, s[8:15], s[16:19]
  struct Case {
    std::vector<uint32_t> words;
    const char* message;
  } const cases[] = {
      {{w0 | (1u << 26), w1}, "MIMG.ENCODING=0x3d is not 0x3c (0b111100): not a MIMG instruction"},
      {{w0 | 0x40u, w1}, "MIMG bits [6]=0x1 are reserved on gfx10 and must be zero"},
      {{w0 | 0x4000u, w1}, "MIMG bits [14]=0x1 are reserved on gfx10 and must be zero"},
      {{w0, w1 | (1u << 27)}, "MIMG bits [61:58]=0x2 are reserved on gfx10 and must be zero"},
      {{(w0 & ~(0x7fu << 18)) | (0x13u << 18), w1}, "MIMG.OP=0x13 is not an opcode on gfx10"},
      {{0xf0380f0au, w1, 0x00000005u},
       "MIMG.NSA=1 does not fit image_get_resinfo: 1 address dword needs no NSA"},
      {{w0 | 0x2u, w1}, "MIMG.NSA=1 needs 3 dwords, got 2"},
      {{w0 | 0x4u, w1, 0, 0}, "MIMG.NSA=2 does not fit image_sample: 2 address dwords need NSA=1"},
      {{w0 | 0x2u, w1, 0x00000307u},
       "MIMG.ADDR2=0x3 is past the 2 address dwords and must be zero"},
      {{(w0 & ~0x38u) | 0x30u, w1},
       "MIMG.DIM=6 (2d_msaa) is not allowed with image_sample (MSAA images take load, store and "
       "atomics only)"},
      {{w0 & ~0x300u, w1 | 0xff00u}, "MIMG.VDATA=v255 with 2 data dwords runs past v255"},
      {{w0, (w1 & ~0x1f0000u) | (26u << 16)},
       "MIMG.SRSRC=26 (s104) is not an SGPR tuple for a T# on gfx10"},
      {{w0, (w1 & ~0x3e00000u) | (26u << 21)},
       "MIMG.SSAMP=26 (s104) is not an SGPR tuple for an S# on gfx10"},
      {{w0, w1 | 0xfbu}, "MIMG.VADDR=v255 with 2 address dwords (2 registers) runs past v255"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(DecodeError(Gfx::kGfx10, c.words), c.message);
  }
  // An atomic's DMASK, a gather4's channel and D16 follow the GCN rules (shared code).
  EXPECT_EQ(DecodeError(Gfx::kGfx10, {0xf0440208u, 0x00020004u}),
            "MIMG.DMASK=0x2 is not valid for image_atomic_add (0x1 or 0x3)");
  EXPECT_EQ(DecodeError(Gfx::kGfx10, {0xf1000308u, w1}),
            "MIMG.DMASK=0x3: image_gather4 gathers one channel, so exactly one DMASK bit must be "
            "set");
  EXPECT_EQ(DecodeError(Gfx::kGfx10, {0xf0380f08u, 0x80020004u}),
            "MIMG.D16=1 is not allowed with image_get_resinfo");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {0xf0000109u, 0x00020004u}),
            "MIMG.DIM=1 (2d) is not allowed with image_msaa_load (it reads MSAA images only)");
  EXPECT_EQ(DecodeError(Gfx::kGfx1030, {0xf0040f30u, 0x00020004u}),
            "MIMG.DIM=6 (2d_msaa) is not allowed with image_load_mip (MSAA images take load, "
            "store and atomics only)");
  EXPECT_EQ(DecodeError(Gfx::kGfx10, {w0}), "MIMG is at least 2 dwords on gfx10, got 1");
  EXPECT_EQ(DecodeError(Gfx::kGfx9, {w0, w1}),
            "rdna::DecodeMimg decodes gfx10 and gfx1030; gfx9 MIMG encodings belong to the GCN "
            "front end");
  // ttmp tuples are s108-s123 on gfx10.
  EXPECT_EQ(rdna::Disassemble(MustDecode(Gfx::kGfx10, {w0, (w1 & ~0x1f0000u) | (27u << 16)})),
            "image_sample v[0:3], v[4:5], ttmp[0:7], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D");
}

TEST(RdnaMimgDecode, EncodeRejectsWhatTheDecoderWould) {
  std::vector<uint32_t> words;
  MimgInstruction inst = Make(Gfx::kGfx10, "image_sample");
  inst.mods.da = true;
  EXPECT_EQ(rdna::EncodeMimg(inst, &words).message(),
            "DA is not a MIMG modifier on gfx10 (DIM says the image type)");
  inst = Make(Gfx::kGfx10, "image_sample");
  inst.dim = 8;
  EXPECT_EQ(rdna::EncodeMimg(inst, &words).message(),
            "MIMG.DIM=8 or MIMG.NSA=0 does not fit its field");
  inst = Make(Gfx::kGfx10, "image_sample");
  inst.op.flags |= kOpCompare;
  EXPECT_EQ(rdna::EncodeMimg(inst, &words).message(),
            "MimgInstruction.op (sample_c) does not match MIMG.OP=0x20 (image_sample) on gfx10");
  inst = Make(Gfx::kGfx10, "image_sample");
  inst.nsa_dwords = 1;
  inst.nsa_vaddr[0] = 5;
  EXPECT_EQ(rdna::EncodeMimg(inst, &words).message(),
            "MimgInstruction.nsa_vaddr[0] (v5) must equal vaddr (v4)");
  inst.gfx = Gfx::kGfx8;
  EXPECT_EQ(rdna::EncodeMimg(inst, &words).message(),
            "rdna::EncodeMimg encodes gfx10 and gfx1030, not gfx8");
}

TEST(RdnaMimgDecode, DescribeFields) {
  const MimgInstruction inst = MustDecode(
      Gfx::kGfx10, ParseBytes("0x0a,0x0f,0x80,0xf0,0x04,0x00,0x40,0x00,0x07,0x00,0x00,0x00"));
  EXPECT_EQ(rdna::DescribeFields(inst),
            "gfx: gfx10\n"
            "opcode: 0x20 image_sample\n"
            "op: sample\n"
            "dim: 1 SQ_RSRC_IMG_2D\n"
            "dmask: 0xf\n"
            "unorm: 0\n"
            "glc: 0\n"
            "slc: 0\n"
            "dlc: 0\n"
            "r128: 0\n"
            "a16: 0\n"
            "tfe: 0\n"
            "lwe: 0\n"
            "d16: 0\n"
            "vaddr: [v4, v7] (NSA=1, 2 dwords: x, y)\n"
            "vdata: v[0:3] (4 dwords)\n"
            "srsrc: s[0:7] (SRSRC=0, 256-bit T#)\n"
            "ssamp: s[8:11] (SSAMP=2)\n");
}

// Random words never crash the decoder; whatever decodes re-encodes to the same words.
TEST(RdnaMimgDecode, RandomWordsDecodeOrFailCleanly) {
  std::mt19937 rng(20261125);
  int decoded = 0, nsa = 0;
  for (int i = 0; i < 200000; ++i) {
    const Gfx gfx = kRdnaGens[i % 2];
    std::vector<uint32_t> w(2 + rng() % 4);
    for (uint32_t& x : w) x = rng();
    if (i % 2) w[0] = (w[0] & 0x03ffffffu) | 0xf0000000u;
    if (i % 3) w[0] &= ~0x4040u;
    if (i % 5) w[1] &= ~0x3c000000u;
    if (i % 7 == 0) w[1] &= 0xff00ffffu;  // s0 tuples
    MimgInstruction inst;
    if (!rdna::DecodeMimg(gfx, w, &inst).ok()) continue;
    ++decoded;
    nsa += inst.nsa_dwords != 0;
    std::vector<uint32_t> back;
    const Status s = rdna::EncodeMimg(inst, &back);
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_EQ(back, std::vector<uint32_t>(w.begin(), w.begin() + inst.size_dwords));
    ASSERT_FALSE(rdna::Disassemble(inst).empty());
    ASSERT_FALSE(rdna::DescribeFields(inst).empty());
  }
  EXPECT_GT(decoded, 1000);
  EXPECT_GT(nsa, 10);
}

}  // namespace
}  // namespace texunit::rdna
