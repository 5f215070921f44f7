// Random and adversarial input never crashes, never touches memory outside what was registered,
// and always yields a Status. Run under `make sanitize` to have ASan/UBSan check the memory side.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x10000;

// A valid-looking GCN T# (so that many random instructions get past descriptor decoding) with
// random corruption of some fields.
void RandomSgprs(std::mt19937& g, Gfx gfx, std::vector<uint32_t>* sgprs) {
  for (auto& s : *sgprs) s = g();
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 1 + g() % 16, 1 + g() % 16, 1, kBase);
  if (g() % 2) d.format = FormatId::kR32G32B32A32_FLOAT;
  uint32_t t[8] = {};
  if (EncodeImageDesc(gfx, d, t).ok()) {
    for (int base : {0, 8, 16, 24}) {
      if (g() % 3) std::copy(t, t + 8, sgprs->begin() + base);
    }
  }
  SamplerDesc sd;
  sd.clamp_x = static_cast<ClampMode>(g() % 4);
  uint32_t s[4] = {};
  if (EncodeSamplerDesc(gfx, sd, s).ok()) std::copy(s, s + 4, sgprs->begin() + 32);
  if (g() % 4 == 0) (*sgprs)[g() % sgprs->size()] = g();  // corrupt one dword
}

TEST(Robustness, RandomInstructionsAndRegistersNeverCrash) {
  std::unique_ptr<Runtime> rt;
  ASSERT_TRUE(Runtime::Create({}, &rt).ok());
  std::mt19937 g(1234);
  std::vector<uint8_t> texels(64 * 1024);
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size()).ok());
  int executed = 0, decoded = 0;
  for (int it = 0; it < 20000; ++it) {
    const Gfx gfx = static_cast<Gfx>(g() % 4);  // GFX6-9
    // Mostly well-formed words (MIMG encoding, zero reserved bits, small register numbers) with
    // random opcode and modifier bits; one in eight is fully random.
    uint32_t words[2];
    if (g() % 8 == 0) {
      words[0] = g();
      words[1] = g();
    } else {
      words[0] = 0xF0000000u | (g() & 0x023FFF00u);                  // OP[24:18], SLC, LWE..DMASK
      words[1] = (g() & 0x00E7FFFFu) | (g() % 2 ? 0x80000000u : 0);  // VADDR, VDATA, SRSRC<8,
    }                                                                // SSAMP<8, D16
    gcn::MimgInstruction inst;
    if (!gcn::DecodeMimg(gfx, words, &inst).ok()) continue;
    ++decoded;
    (void)gcn::Disassemble(inst);
    (void)gcn::DescribeFields(inst);
    std::vector<uint32_t> sgprs(g() % 2 ? 104 : 40), vgprs(256 * 64);
    RandomSgprs(g, gfx, &sgprs);
    for (auto& v : vgprs) v = g() % 4 ? g() % 32 : g();
    gcn::WaveState wave;
    wave.lane_count = 1 + g() % 64;
    wave.exec = (uint64_t{g()} << 32) | g();
    wave.sgprs = sgprs;
    wave.vgprs = vgprs;
    const Status s = gcn::Execute(*rt, inst, wave, memory);
    executed += s.ok();
    if (!s.ok()) {
      EXPECT_FALSE(s.message().empty());
    }
  }
  EXPECT_GT(decoded, 5000);
  EXPECT_GT(executed, 100);
}

TEST(Robustness, RandomDescriptorDwordsDecodeOrFailCleanly) {
  std::mt19937 g(99);
  for (int it = 0; it < 20000; ++it) {
    const Gfx gfx = static_cast<Gfx>(g() % 6);
    uint32_t t[8];
    for (auto& w : t) w = g();
    ImageDesc d;
    const Status s = DecodeImageDesc(gfx, t, &d);
    if (!s.ok()) {
      EXPECT_FALSE(s.message().empty());
      continue;
    }
    ImageLayout layout;
    (void)ComputeImageLayout(d, &layout);
  }
}

}  // namespace
}  // namespace texunit
