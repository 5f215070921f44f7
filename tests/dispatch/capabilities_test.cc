// The release's instruction table (texunit/capabilities.h) against what derives from it or must
// agree with it: the member counts of each family (counted by hand from the GFX6-9 opcode lists),
// every GCN and RDNA opcode, request validation, and README's "Supported instructions" table.
#include "texunit/capabilities.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "isa/gcn/mimg_opcodes.h"
#include "isa/rdna/mimg_opcodes.h"
#include "sampler/wave_setup.h"

namespace texunit {
namespace {

// The implemented ops of a kind: every subset of the 13 suffix bits (and for atomics every
// AtomicOp).
int CountImplemented(OpKind kind) {
  int n = 0;
  for (uint32_t flags = 0; flags < (1u << 13); ++flags) {
    if (kind == OpKind::kAtomic) {
      for (int a = 0; a <= static_cast<int>(AtomicOp::kFmax); ++a) {
        n += IsImplementedOp(Op{kind, flags, static_cast<AtomicOp>(a)});
      }
    } else {
      n += IsImplementedOp(Op{kind, flags});
    }
  }
  return n;
}

TEST(Capabilities, FamiliesHaveTheMembersTheHardwareHas) {
  // LOAD, LOAD_MIP, LOAD_PCK, LOAD_PCK_SGN, LOAD_MIP_PCK, LOAD_MIP_PCK_SGN.
  EXPECT_EQ(CountImplemented(OpKind::kLoad), 6);
  // STORE, STORE_MIP, STORE_PCK, STORE_MIP_PCK.
  EXPECT_EQ(CountImplemented(OpKind::kStore), 4);
  // SAMPLE: LOD sources none, _L, _LZ, _B, _D, _CD (6), _CL with none, _B, _D, _CD (4): 10, each
  // with and without _C and _O: 40 (GFX6-9 opcodes 0x20-0x3F and 0x68-0x6F).
  EXPECT_EQ(CountImplemented(OpKind::kSample), 40);
  // GATHER4: none, _L, _LZ, _B and _CL, _B_CL (6), with and without _C and _O: 24; GATHER4H and
  // GATHER4H_PCK.
  EXPECT_EQ(CountImplemented(OpKind::kGather4), 26);
  EXPECT_EQ(CountImplemented(OpKind::kGetLod), 1);
  EXPECT_EQ(CountImplemented(OpKind::kGetResinfo), 1);
  // SWAP .. FMAX: the 17 atomics of GFX6 (later generations have subsets).
  EXPECT_EQ(CountImplemented(OpKind::kAtomic), 17);
  EXPECT_EQ(CountImplemented(OpKind::kMsaaLoad), 1);
  // BVH_INTERSECT_RAY (BVH64 is the same op with a two-dword node pointer).
  EXPECT_EQ(CountImplemented(OpKind::kBvhIntersectRay), 1);
}

TEST(Capabilities, EveryGcnOpcodeBelongsToAFamily) {
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9}) {
    for (const gcn::MimgOpcode& m : gcn::MimgOpcodes(gfx)) {
      if (!m.modelled) continue;  // GATHER8H_PCK: no neutral Op
      const OpFamily* family = FindOpFamily(m.op);
      ASSERT_NE(family, nullptr) << gcn::MimgGfxName(gfx) << " " << m.mnemonic;
      // Every modelled GFX6-9 opcode is in this release.
      EXPECT_TRUE(family->implemented) << gcn::MimgGfxName(gfx) << " " << m.mnemonic;
    }
  }
}

// RDNA adds the *_G16 samples, MSAA_LOAD and the BVH ops: the _G16 samples have their (not yet
// implemented) family; every other RDNA opcode is one the core executes.
TEST(Capabilities, EveryRdnaOpcodeBelongsToAFamily) {
  for (Gfx gfx : {Gfx::kGfx10, Gfx::kGfx1030}) {
    for (const gcn::MimgOpcode& m : rdna::MimgOpcodes(gfx)) {
      if (!m.modelled) continue;
      const OpFamily* family = FindOpFamily(m.op);
      ASSERT_NE(family, nullptr) << gcn::MimgGfxName(gfx) << " " << m.mnemonic;
      const bool outside = (m.op.flags & kOpG16) != 0;
      EXPECT_EQ(family->implemented, !outside) << gcn::MimgGfxName(gfx) << " " << m.mnemonic;
    }
  }
}

TEST(Capabilities, RequestValidationFollowsTheTable) {
  // Ops outside the release are Unimplemented naming why, before anything else is looked at.
  for (const Op op :
       {Op{OpKind::kSample, kOpDeriv | kOpG16}, Op{OpKind::kGather4, kOpGather4H | kOpLz},
        Op{OpKind::kSample, kOpLod | kOpLz}, Op{OpKind::kLoad, kOpSgn}}) {
    TexRequest q;
    q.op = op;
    WaveSetup setup;
    const Status s = PrepareWave(q, ExecOptions{}, &setup);
    EXPECT_EQ(s.code(), StatusCode::kUnimplemented) << OpName(op) << ": " << s.ToString();
    const OpFamily* family = FindOpFamily(op);
    if (family != nullptr) {
      EXPECT_NE(s.message().find(family->note), std::string::npos) << s.ToString();
    }
  }
  // The BVH ops run, but through their own request.
  TexRequest q;
  q.op = Op{OpKind::kBvhIntersectRay, 0};
  WaveSetup setup;
  const Status s = PrepareWave(q, ExecOptions{}, &setup);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.ToString();
  EXPECT_NE(s.message().find("Runtime::IntersectRays"), std::string::npos) << s.ToString();
}

// README's rows: each implemented family is named (in backticks, in the first cell) by a row whose
// status starts with "done", each other one by a row that says "not yet".
TEST(Capabilities, ReadmeTableAgrees) {
  std::ifstream in(std::string(TEXUNIT_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(in) << "README.md";
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const size_t start = readme.find("## Supported instructions");
  ASSERT_NE(start, std::string::npos);
  const std::string section = readme.substr(start, readme.find("\n## ", start + 1) - start);
  for (const OpFamily& family : OpFamilies()) {
    // `NAME` itself, or `NAME_*` for a family README names by pattern (the atomics).
    const std::string name = std::string("`") + family.name + "`";
    const std::string pattern = std::string("`") + family.name + "_*`";
    bool found = false;
    std::istringstream rows(section);
    for (std::string row; std::getline(rows, row);) {
      if (row.rfind("| ", 0) != 0) continue;
      const size_t cell_end = row.find(" | ", 2);
      if (cell_end == std::string::npos) continue;
      const std::string first = row.substr(0, cell_end);
      if (first.find(name) == std::string::npos && first.find(pattern) == std::string::npos) {
        continue;
      }
      const std::string status = row.substr(cell_end + 3);
      found = true;
      if (family.implemented) {
        EXPECT_EQ(status.rfind("done", 0), 0u) << family.name << ": " << row;
      } else {
        EXPECT_NE(status.find("not yet"), std::string::npos) << family.name << ": " << row;
      }
    }
    EXPECT_TRUE(found) << family.name << " has no row in README's Supported instructions";
  }
}

}  // namespace
}  // namespace texunit
