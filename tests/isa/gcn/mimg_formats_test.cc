// Every format each GCN generation's T# can name, through gcn::Execute: IMAGE_LOAD, IMAGE_STORE
// (storable formats) and a POINT IMAGE_SAMPLE_LZ on a small image with random texel bytes, with the
// T# encoded by the generation's codec and decoded again by the executor. The expected VGPRs and
// memory come from the scalar reference (tests/reference) run on the same descriptor: the front end
// must only translate.
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <random>
#include <vector>

#include "formats/format_table.h"
#include "reference/reference_sampler.h"
#include "texunit/amd_formats.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit::gcn {
namespace {

constexpr uint64_t kBase = 0x100000;
constexpr uint32_t kW = 8, kH = 4, kLanes = kW * kH;

// llvm-mc -mcpu=tonga (the same words on gfx6-9 for these opcodes):
// image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm
constexpr uint32_t kLoad[] = {0xf0001f00, 0x00020004};
// image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm
constexpr uint32_t kStore[] = {0xf0201f00, 0x00020004};
// image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
constexpr uint32_t kSampleLz[] = {0xf09c0f00, 0x00820004};

struct Fixture {
  ImageDesc desc;
  std::vector<uint8_t> bytes;
  std::vector<uint32_t> sgprs = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs = std::vector<uint32_t>(256 * 64, 0xDEADBEEF);
  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs[reg * 64 + lane]; }
};

Status RunGcn(Gfx gfx, const uint32_t* words, Fixture& f, const Runtime& rt) {
  MimgInstruction inst;
  TEXUNIT_RETURN_IF_ERROR(DecodeMimg(gfx, std::span<const uint32_t>(words, 2), &inst));
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(memory.AddRegion(kBase, f.bytes.data(), f.bytes.size()));
  WaveState state;
  state.lane_count = kLanes;
  state.sgprs = f.sgprs;
  state.vgprs = f.vgprs;
  return Execute(rt, inst, state, memory);
}

// The same op on the reference, from the descriptor the test encoded.
Status RunReference(Op op, Fixture& f, const SamplerDesc* sampler, uint32_t out[4][kLanes]) {
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(memory.AddRegion(kBase, f.bytes.data(), f.bytes.size()));
  uint32_t coord[2][kLanes], data[4][kLanes];
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    for (int a = 0; a < 2; ++a) coord[a][lane] = f.v(4 + a, lane);
    for (int c = 0; c < 4; ++c) data[c][lane] = f.v(c, lane);
  }
  TexRequest q;
  q.op = op;
  q.image = &f.desc;
  q.sampler = sampler;
  q.memory = &memory;
  q.lane_count = kLanes;
  q.in.coord[0] = coord[0];
  q.in.coord[1] = coord[1];
  for (int c = 0; c < 4; ++c) {
    q.in.data[c] = data[c];
    q.out.data[c] = out[c];
  }
  return reference::Execute(q);
}

TEST(MimgFormats, EveryLegalFormatOfEveryGenerationRunsThroughTheExecutor) {
  std::unique_ptr<Runtime> rt;
  ASSERT_TRUE(Runtime::Create({}, &rt).ok());
  std::mt19937 rng(7);
  SamplerDesc point;  // POINT, WRAP, no mips
  uint32_t s_dwords[4] = {};
  // Formats per generation: all 160 but the six 4:2:2 kinds only GFX10 has (SNORM, UINT, SRGB of
  // GB_GR and BG_RG) on gfx6/7; gfx8 drops the 30 SI/CI-only kinds (5 kinds x 6 layouts); gfx9
  // also drops the four 1-bit formats, whose codes it reuses.
  const std::map<Gfx, int> expected_formats = {
      {Gfx::kGfx6, 154}, {Gfx::kGfx7, 154}, {Gfx::kGfx8, 124}, {Gfx::kGfx9, 120}};
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9}) {
    int formats = 0;
    ASSERT_TRUE(EncodeSamplerDesc(gfx, point, s_dwords).ok());
    for (const FormatDesc& d : AllFormats()) {
      AmdFormat pair;
      if (!FormatIdToAmdFormat(gfx, d.id, &pair)) continue;
      ++formats;
      SCOPED_TRACE(std::string(GfxName(gfx)) + " " + d.name);
      Fixture f;
      f.desc = MakeImage2D(d.id, kW, kH, 1, kBase);
      ImageLayout layout;
      ASSERT_TRUE(ComputeImageLayout(f.desc, &layout).ok());
      f.bytes.resize(layout.total_bytes);
      for (auto& b : f.bytes) b = static_cast<uint8_t>(rng());
      uint32_t t[8] = {};
      ASSERT_TRUE(EncodeImageDesc(gfx, f.desc, t).ok());
      for (int i = 0; i < 8; ++i) f.sgprs[8 + i] = t[i];
      for (int i = 0; i < 4; ++i) f.sgprs[16 + i] = s_dwords[i];
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        f.v(4, lane) = lane % kW;
        f.v(5, lane) = lane / kW;
      }

      // IMAGE_LOAD: VDATA v[0:3] equals the reference's four components.
      uint32_t want[4][kLanes];
      ASSERT_TRUE(RunReference({OpKind::kLoad, 0}, f, nullptr, want).ok());
      ASSERT_TRUE(RunGcn(gfx, kLoad, f, *rt).ok());
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        for (uint32_t c = 0; c < 4; ++c) ASSERT_EQ(f.v(c, lane), want[c][lane]) << lane;
      }

      // IMAGE_SAMPLE_LZ at texel centres with POINT filtering.
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        f.v(4, lane) = std::bit_cast<uint32_t>((static_cast<float>(lane % kW) + 0.5f) / kW);
        f.v(5, lane) = std::bit_cast<uint32_t>((static_cast<float>(lane / kW) + 0.5f) / kH);
      }
      ASSERT_TRUE(RunReference({OpKind::kSample, kOpLz}, f, &point, want).ok());
      ASSERT_TRUE(RunGcn(gfx, kSampleLz, f, *rt).ok());
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        for (uint32_t c = 0; c < 4; ++c) ASSERT_EQ(f.v(c, lane), want[c][lane]) << lane;
      }

      // IMAGE_STORE of random values (storable formats): the same bytes as the reference's.
      if (!d.has(kFormatStorable)) continue;
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        f.v(4, lane) = lane % kW;
        f.v(5, lane) = lane / kW;
        for (uint32_t c = 0; c < 4; ++c) {
          f.v(c, lane) = rng() % 2
                             ? std::bit_cast<uint32_t>(static_cast<float>(rng() % 1000) / 500.0f)
                             : static_cast<uint32_t>(rng());
        }
      }
      Fixture expected = f;
      ASSERT_TRUE(RunReference({OpKind::kStore, 0}, expected, nullptr, want).ok());
      ASSERT_TRUE(RunGcn(gfx, kStore, f, *rt).ok());
      ASSERT_EQ(f.bytes, expected.bytes);
    }
    EXPECT_EQ(formats, expected_formats.at(gfx)) << GfxName(gfx);
  }
}

}  // namespace
}  // namespace texunit::gcn
