// A16 (packed 16-bit addresses) and G16 (packed 16-bit derivatives) through gcn::Execute on GFX9
// (A16 is bit 15, R128's, and packs the derivatives too) and GFX10/GFX10.3 (A16 and the _G16
// opcodes independent). The rules are in docs/replay-format.md, "A16 and G16".
//
// The main sweep runs every op family on 1D, 1D array, 2D, 2D array, 3D and cube images twice:
// once with 32-bit operands and the plain instruction, once with the same values as f16 (sampler
// ops) or u16 (the others), packed by this file's own reading of the documented rules, with the
// A16/G16 instruction; both runs must leave bit-identical registers and memory. Every value is
// exact in f16, so both runs sample the same points. The layout tests pin the rules themselves
// (LLVM's packImage16bitOpsToDwords and llvm-mc 14's register counts), and the encodings are
// checked against words llvm-mc printed.
#include <gtest/gtest.h>

#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "isa/gcn/mimg_address_layout.h"
#include "isa/gcn/mimg_opcodes.h"
#include "isa/rdna/mimg_opcodes.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/rdna.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

using gcn::AddrSlot;

constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint64_t kImageBase = 0x100000;
constexpr size_t kMemoryBytes = 64 * 1024;
constexpr uint32_t kVaddr = 16;         // first address VGPR of every instruction here
constexpr uint32_t kPadHalf = 0xBEEFu;  // written to every unused high half: must be ignored

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }

// ---------------------------------------------------------------------------------------------
// f16, written apart from the executor's bit arithmetic.

// The value of the f16 bits `h`.
float HalfValue(uint16_t h) {
  const int e = (h >> 10) & 31;
  const int m = h & 1023;
  const float sign = (h & 0x8000) ? -1.0f : 1.0f;
  if (e == 31) return m ? std::numeric_limits<float>::quiet_NaN() : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(static_cast<float>(m), -24);
  return sign * std::ldexp(static_cast<float>(m + 1024), e - 25);
}

// The f16 bits of `f`, which must be exact in f16.
uint16_t HalfBits(float f) {
  static const std::map<uint32_t, uint16_t>* const table = [] {
    auto* t = new std::map<uint32_t, uint16_t>;
    for (uint32_t h = 0; h < 0x10000; ++h) {
      const float v = HalfValue(static_cast<uint16_t>(h));
      if (!std::isnan(v)) t->emplace(F(v), static_cast<uint16_t>(h));
    }
    return t;
  }();
  const auto it = table->find(F(f));
  EXPECT_NE(it, table->end()) << f << " is not exact in f16";
  return it == table->end() ? 0 : it->second;
}

TEST(MimgA16Widen, EveryF16WidensToTheSameValue) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint32_t w = gcn::WidenAddress16(static_cast<uint16_t>(h), true);
    const float v = HalfValue(static_cast<uint16_t>(h));
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(std::bit_cast<float>(w))) << std::hex << h;
      EXPECT_EQ(w >> 31, h >> 15) << std::hex << h;  // the sign stays
    } else {
      EXPECT_EQ(w, F(v)) << std::hex << h;  // -0, denormals and infinities included
    }
  }
  EXPECT_EQ(gcn::WidenAddress16(0x7C00, true), 0x7F800000u);  // +Inf
  EXPECT_EQ(gcn::WidenAddress16(0xFC00, true), 0xFF800000u);  // -Inf
  EXPECT_EQ(gcn::WidenAddress16(0x7E00, true), 0x7FC00000u);  // the quiet NaN
  EXPECT_EQ(gcn::WidenAddress16(0x0001, true), F(std::ldexp(1.0f, -24)));
  EXPECT_EQ(gcn::WidenAddress16(0xFFFF, false), 0xFFFFu);  // u16: zero-extended
  EXPECT_EQ(gcn::WidenAddress16(0x8000, false), 0x8000u);
}

// ---------------------------------------------------------------------------------------------
// The layouts: which dword (and half) holds each operand.

const gcn::MimgOpcode* Opcode(Gfx gfx, const std::string& mnemonic) {
  return gcn::IsGcnGfx(gfx) ? gcn::FindMimgMnemonic(gfx, mnemonic)
                            : rdna::FindMimgMnemonic(gfx, mnemonic);
}

gcn::AddressLayout Layout(Gfx gfx, const std::string& mnemonic, ImageType dim, bool a16) {
  const gcn::MimgOpcode* e = Opcode(gfx, mnemonic);
  EXPECT_NE(e, nullptr) << mnemonic;
  if (e == nullptr) return {};
  Modifiers m;
  m.a16 = a16;
  return gcn::GetAddressLayout(e->op, dim, gcn::GetAddressPacking(gfx, e->op, m));
}

std::string LayoutText(Gfx gfx, const std::string& mnemonic, ImageType dim, bool a16) {
  const gcn::AddressLayout l = Layout(gfx, mnemonic, dim, a16);
  return std::to_string(l.dwords) + ": " + gcn::AddressLayoutText(l);
}

// The VADDR tables of docs/replay-format.md ("A16 and G16"). Sources: LLVM
// AMDGPULegalizerInfo.cpp packImage16bitOpsToDwords (extra arguments keep a dword each, bias an
// f16 in the low half; "dz/dh, dz/dv and the last odd coord are packed with undef. Also, in 1D,
// derivatives dx/dh and dx/dv are packed with undef"), and the counts llvm-mc 14 accepts
// (e.g. `image_sample_d_g16 v[0:3], v[4:6], ... dim:SQ_RSRC_IMG_1D` and nothing shorter).
TEST(MimgA16Layout, Gfx9A16PacksTheBodyAndTheDerivatives) {
  const Gfx g = Gfx::kGfx9;
  EXPECT_EQ(LayoutText(g, "image_sample_c_d_cl_o", ImageType::k3D, true),
            "8: offset, z-compare, (ds/dx, dt/dx), (dr/dx, -), (ds/dy, dt/dy), (dr/dy, -), (x, y), "
            "(z, clamp)");
  EXPECT_EQ(LayoutText(g, "image_sample_d", ImageType::k1D, true),
            "3: (ds/dx, -), (ds/dy, -), (x, -)");
  EXPECT_EQ(LayoutText(g, "image_sample_cd", ImageType::kCube, true),
            "4: (ds/dx, dt/dx), (ds/dy, dt/dy), (x, y), (face, -)");
  EXPECT_EQ(LayoutText(g, "image_sample_b_cl", ImageType::k2DArray, true),
            "3: (bias, -), (x, y), (slice, clamp)");
  EXPECT_EQ(LayoutText(g, "image_gather4_c_lz_o", ImageType::k2D, true),
            "3: offset, z-compare, (x, y)");
  EXPECT_EQ(LayoutText(g, "image_load_mip", ImageType::k3D, true), "2: (x, y), (z, mip)");
  EXPECT_EQ(LayoutText(g, "image_get_resinfo", ImageType::k2D, true), "1: (mip, -)");
  // Without A16 nothing moves: one operand a dword.
  EXPECT_EQ(LayoutText(g, "image_sample_d", ImageType::k3D, false),
            "9: ds/dx, dt/dx, dr/dx, ds/dy, dt/dy, dr/dy, x, y, z");
}

TEST(MimgA16Layout, Gfx10A16AndG16AreIndependent) {
  for (const Gfx g : {Gfx::kGfx10, Gfx::kGfx1030}) {
    // A16 alone: 32-bit derivatives, 16-bit body.
    EXPECT_EQ(LayoutText(g, "image_sample_d", ImageType::k2D, true),
              "5: ds/dx, dt/dx, ds/dy, dt/dy, (x, y)");
    // G16 alone: 16-bit derivatives, 32-bit body.
    EXPECT_EQ(LayoutText(g, "image_sample_d_g16", ImageType::k2D, false),
              "4: (ds/dx, dt/dx), (ds/dy, dt/dy), x, y");
    EXPECT_EQ(LayoutText(g, "image_sample_d_g16", ImageType::k1D, false),
              "3: (ds/dx, -), (ds/dy, -), x");
    // Both.
    EXPECT_EQ(LayoutText(g, "image_sample_d_g16", ImageType::k3D, true),
              "6: (ds/dx, dt/dx), (dr/dx, -), (ds/dy, dt/dy), (dr/dy, -), (x, y), (z, -)");
    EXPECT_EQ(LayoutText(g, "image_sample_c_d_cl_o_g16", ImageType::k1DArray, true),
              "6: offset, z-compare, (ds/dx, -), (ds/dy, -), (x, slice), (clamp, -)");
    // Bias: an f16 alone in its dword, even when the body is odd.
    EXPECT_EQ(LayoutText(g, "image_sample_b", ImageType::k1D, true), "2: (bias, -), (x, -)");
    EXPECT_EQ(LayoutText(g, "image_sample_c_b_o", ImageType::k2D, true),
              "4: offset, (bias, -), z-compare, (x, y)");
    EXPECT_EQ(LayoutText(g, "image_sample_l", ImageType::k3D, true), "2: (x, y), (z, lod)");
    EXPECT_EQ(LayoutText(g, "image_store", ImageType::k2DMsaaArray, true),
              "2: (x, y), (slice, fragment)");
    EXPECT_EQ(LayoutText(g, "image_atomic_add", ImageType::k1D, true), "1: (x, -)");
  }
  // The positions themselves: operand k in dword[k], bits shift[k] + 15 : shift[k] when half[k].
  const gcn::AddressLayout l = Layout(Gfx::kGfx1030, "image_sample_c_b_o", ImageType::k2D, true);
  ASSERT_EQ(l.count, 5);
  const uint8_t dword[] = {0, 1, 2, 3, 3}, shift[] = {0, 0, 0, 0, 16};
  const bool half[] = {false, true, false, true, true};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(l.dword[k], dword[k]) << k;
    EXPECT_EQ(l.shift[k], shift[k]) << k;
    EXPECT_EQ(l.half[k], half[k]) << k;
  }
}

// ---------------------------------------------------------------------------------------------
// Encodings: what the project's encoders give, against llvm-mc 14's bytes (read as little-endian
// dwords).

std::vector<uint32_t> Encode(const gcn::MimgInstruction& inst) {
  std::vector<uint32_t> words;
  const Status st =
      gcn::IsGcnGfx(inst.gfx) ? gcn::EncodeMimg(inst, &words) : rdna::EncodeMimg(inst, &words);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return words;
}

// A MimgInstruction for `mnemonic`: VDATA v0, VADDR v16, T# s[8:15], S# s[16:19], DMASK as the
// op wants it, DA (GFX9) or DIM (GFX10+) from `dim`; encoded and decoded back, so that it is an
// instruction the decoders accept.
gcn::MimgInstruction MakeInstruction(Gfx gfx, const std::string& mnemonic, ImageType dim,
                                     bool a16) {
  const gcn::MimgOpcode* e = Opcode(gfx, mnemonic);
  EXPECT_NE(e, nullptr) << gcn::MimgGfxName(gfx) << " " << mnemonic;
  if (e == nullptr) return {};
  gcn::MimgInstruction inst = gcn::MimgInstructionOf(gfx, *e);
  inst.vaddr = kVaddr;
  inst.vdata = 0;
  inst.srsrc = 8;
  inst.ssamp = gcn::OpUsesSampler(e->op) ? 16 : 0;
  Modifiers& m = inst.mods;
  m.dmask = 0xF;
  if (e->op.kind == OpKind::kGather4) m.dmask = 0x1;
  if (e->op.kind == OpKind::kGetLod) m.dmask = 0x3;
  if (e->op.kind == OpKind::kAtomic) m.dmask = 0x1, m.glc = true;
  if (!gcn::OpUsesSampler(e->op)) m.unorm = true;
  m.a16 = a16;
  if (gcn::IsGcnGfx(gfx)) {
    m.da = dim == ImageType::kCube || dim == ImageType::k1DArray || dim == ImageType::k2DArray;
  } else {
    inst.dim = static_cast<uint8_t>(static_cast<int>(dim) - static_cast<int>(ImageType::k1D));
  }
  gcn::MimgInstruction out;
  const std::vector<uint32_t> words = Encode(inst);
  const Status st = DecodeAmdMimg(gfx, words, &out);
  EXPECT_TRUE(st.ok()) << mnemonic << ": " << st.ToString();
  return out;
}

TEST(MimgA16Encoding, AgreesWithLlvmMc) {
  using W = std::vector<uint32_t>;
  // llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding:
  // image_sample_d_g16 v[0:3], v[16:21], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D a16
  EXPECT_EQ(Encode(MakeInstruction(Gfx::kGfx1030, "image_sample_d_g16", ImageType::k3D, true)),
            (W{0xf0880f11, 0x40820010}));
  // image_sample_c_d_cl_o_g16 v[0:3], v[16:23], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D a16
  EXPECT_EQ(
      Encode(MakeInstruction(Gfx::kGfx1030, "image_sample_c_d_cl_o_g16", ImageType::k3D, true)),
      (W{0xf0ec0f11, 0x40820010}));
  // image_sample_b v[0:3], v[16:17], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D a16
  EXPECT_EQ(Encode(MakeInstruction(Gfx::kGfx1030, "image_sample_b", ImageType::k1D, true)),
            (W{0xf0940f00, 0x40820010}));
  // image_load v[0:3], v16, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm a16
  EXPECT_EQ(Encode(MakeInstruction(Gfx::kGfx1030, "image_load", ImageType::k2D, true)),
            (W{0xf0001f08, 0x40020010}));
  // image_get_resinfo v[0:3], v16, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm a16
  EXPECT_EQ(Encode(MakeInstruction(Gfx::kGfx1030, "image_get_resinfo", ImageType::k2D, true)),
            (W{0xf0381f08, 0x40020010}));
  // llvm-mc -arch=amdgcn -mcpu=gfx900 -show-encoding:
  // image_sample_d v[0:3], v[16:21], s[8:15], s[16:19] dmask:0xf a16
  EXPECT_EQ(Encode(MakeInstruction(Gfx::kGfx9, "image_sample_d", ImageType::k3D, true)),
            (W{0xf0888f00, 0x00820010}));
  // And the disassembly counts the packed registers as llvm-mc does.
  EXPECT_EQ(
      rdna::Disassemble(MakeInstruction(Gfx::kGfx1030, "image_sample_d_g16", ImageType::k3D, true)),
      "image_sample_d_g16 v[0:3], v[16:21], s[8:15], s[16:19] dmask:0xf "
      "dim:SQ_RSRC_IMG_3D a16");
}

// ---------------------------------------------------------------------------------------------
// The sweep.

// How the second run packs its operands.
enum class Packing {
  kA16,     // A16 on the same opcode (GFX9: body and derivatives; GFX10+: body only)
  kG16,     // GFX10+: the _G16 opcode, derivatives only
  kA16G16,  // GFX10+: the _G16 opcode with A16
};

struct SweepCase {
  Gfx gfx;
  std::string mnemonic;  // the 32-bit run's
  ImageType dim;
  Packing packing;
};

std::string CaseName(const ::testing::TestParamInfo<SweepCase>& info) {
  const SweepCase& c = info.param;
  std::string dim = ImageTypeName(c.dim);
  for (char& ch : dim) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  const char* p = c.packing == Packing::kA16   ? "A16"
                  : c.packing == Packing::kG16 ? "G16"
                                               : "A16G16";
  return std::string(gcn::MimgGfxName(c.gfx)) + "_" + c.mnemonic.substr(6) + "_" + dim + "_" + p;
}

bool IsSampler(const Op& op) { return gcn::OpUsesSampler(op); }

bool IsDerivativeSlot(AddrSlot s) {
  return s == AddrSlot::kDsDx || s == AddrSlot::kDtDx || s == AddrSlot::kDrDx ||
         s == AddrSlot::kDsDy || s == AddrSlot::kDtDy || s == AddrSlot::kDrDy;
}

// Operand `s` of `lane` as the 32-bit run gives it: f32 bits for the sampler ops' floats (every
// value exact in f16), the packed _O offsets, unsigned integers for the other ops (lane 63 reads
// out of bounds).
uint32_t Operand(AddrSlot s, uint32_t lane, bool sampler, ImageType dim) {
  if (!sampler) {
    switch (s) {
      case AddrSlot::kX:
        return lane == 63 ? 9 : lane % 8;
      case AddrSlot::kY:
        return (lane / 8) % 8;
      case AddrSlot::kZ:
        return lane % 4;
      case AddrSlot::kSlice:
        return lane % 3;
      case AddrSlot::kFace:
        return lane % 6;
      case AddrSlot::kMip:
        return lane % 4;
      default:
        return 0;
    }
  }
  const float l = static_cast<float>(lane);
  switch (s) {
    case AddrSlot::kOffset: {
      const uint32_t x = (lane % 5) - 2u, y = (lane % 3) - 1u, z = lane % 2;
      return (x & 63) | (y & 63) << 8 | (z & 63) << 16;
    }
    case AddrSlot::kBias:
      return F(static_cast<float>(lane % 7) * 0.5f - 1.0f);
    case AddrSlot::kZCompare:
      return F(0.3f + l / 100.0f);  // 32-bit under A16: any float
    case AddrSlot::kDsDx:
      return F(static_cast<float>(1 + lane % 4) / 32.0f);
    case AddrSlot::kDtDx:
      return F(static_cast<float>(lane % 3) / 64.0f);
    case AddrSlot::kDrDx:
      return F(-static_cast<float>(lane % 5) / 16.0f);
    case AddrSlot::kDsDy:
      return F(static_cast<float>(lane % 6) / 16.0f - 0.125f);
    case AddrSlot::kDtDy:
      return F(static_cast<float>(1 + lane % 7) / 8.0f);
    case AddrSlot::kDrDy:
      return F(static_cast<float>(lane % 2) / 4.0f);
    case AddrSlot::kX:
      if (dim == ImageType::kCube) return F(1.0f + static_cast<float>((lane * 5) % 32) / 32.0f);
      return F(static_cast<float>((lane * 5) % 32) / 32.0f + 1.0f / 64.0f);
    case AddrSlot::kY:
      if (dim == ImageType::kCube) return F(1.0f + static_cast<float>((lane * 3) % 32) / 32.0f);
      return F(static_cast<float>((lane * 3) % 32) / 32.0f - 1.0f / 128.0f);
    case AddrSlot::kZ:
      return F(static_cast<float>(lane % 8) / 8.0f + 1.0f / 16.0f);
    case AddrSlot::kSlice:
      return F(static_cast<float>(lane % 3));
    case AddrSlot::kFace:
      return F(static_cast<float>(lane % 6));
    case AddrSlot::kLod:
      return F(static_cast<float>(lane % 4) * 0.75f);
    case AddrSlot::kClamp:
      return F(0.25f + static_cast<float>(lane % 3));
    default:
      return 0;
  }
}

// This file's reading of the rules: offset and z-compare 32-bit; bias with A16 an f16 in bits
// 15:0 of its own dword; with 16-bit derivatives, pairs per direction (d/dx, then d/dy), an odd
// one padded; with A16 the body and lod/clamp/mip in pairs, the last odd one padded.
struct Placed {
  uint32_t dword;
  uint32_t shift;
  bool half;
};

std::vector<Placed> PlaceByRules(const std::vector<AddrSlot>& slots, bool a16, bool g16,
                                 uint32_t* dwords) {
  std::vector<Placed> out;
  uint32_t next = 0;
  int open = -1;  // the group whose last dword has a free high half
  for (const AddrSlot s : slots) {
    int group = 5;  // body, lod, clamp, mip
    bool half = a16;
    if (s == AddrSlot::kOffset || s == AddrSlot::kZCompare) {
      group = s == AddrSlot::kOffset ? 0 : 2;
      half = false;
    } else if (s == AddrSlot::kBias) {
      group = 1;
    } else if (IsDerivativeSlot(s)) {
      group = (s == AddrSlot::kDsDx || s == AddrSlot::kDtDx || s == AddrSlot::kDrDx) ? 3 : 4;
      half = g16;
    }
    if (half && group == open) {
      out.push_back({next - 1, 16, true});
      open = -1;
      continue;
    }
    out.push_back({next++, 0, half});
    open = half && group != 1 ? group : -1;
  }
  *dwords = next;
  return out;
}

struct Outcome {
  Status status;
  std::vector<uint32_t> vgprs;
  std::vector<uint8_t> memory;
};

const Runtime& TheRuntime() {
  static const std::unique_ptr<Runtime> runtime = [] {
    std::unique_ptr<Runtime> r;
    EXPECT_TRUE(Runtime::Create(RuntimeOptions{}, &r).ok());
    return r;
  }();
  return *runtime;
}

// A 8x8 (1D: 8x1) image of 4 levels at kImageBase: 3D 4 deep, arrays 3 layers, a cube's 6 faces;
// RGBA8 UNORM, R32 UINT for atomics.
ImageDesc Image(ImageType type, FormatId format) {
  const bool one_row = type == ImageType::k1D || type == ImageType::k1DArray;
  ImageDesc d = MakeImage2D(format, 8, one_row ? 1 : 8, 4, kImageBase);
  d.type = type;
  if (type == ImageType::k3D) d.depth = 4;
  if (type == ImageType::kCube) d.depth = 6, d.last_array = 5;
  if (type == ImageType::k2DArray || type == ImageType::k1DArray) d.depth = 3, d.last_array = 2;
  return d;
}

// Runs `inst` on a 64-lane wave (lane 5 inactive) with `vgprs`, over a fresh copy of the same
// pseudo-random memory; the T# (of `dim`) in s[8:15], a bilinear, linear-mip S# in s[16:19].
Outcome RunWave(const gcn::MimgInstruction& inst, ImageType dim, std::vector<uint32_t> vgprs) {
  Outcome o;
  o.memory.resize(kMemoryBytes);
  uint32_t seed = 12345;
  for (uint8_t& b : o.memory) {
    seed = seed * 1103515245u + 12345u;
    b = static_cast<uint8_t>(seed >> 16);
  }
  Memory memory;
  EXPECT_TRUE(memory.AddRegion(kImageBase, o.memory.data(), o.memory.size()).ok());
  std::vector<uint32_t> sgprs(104, 0);
  const FormatId format =
      inst.op.kind == OpKind::kAtomic ? FormatId::kR32_UINT : FormatId::kR8G8B8A8_UNORM;
  EXPECT_TRUE(EncodeImageDesc(inst.gfx, Image(dim, format), std::span(sgprs).subspan(8, 8)).ok());
  SamplerDesc s;
  s.xy_mag_filter = s.xy_min_filter = XyFilter::kBilinear;
  s.z_filter = ZFilter::kLinear;
  s.mip_filter = MipFilter::kLinear;
  s.max_lod = 15 * 256;
  s.depth_compare_func = CompareFunc::kLessEqual;
  EXPECT_TRUE(EncodeSamplerDesc(inst.gfx, s, std::span(sgprs).subspan(16, 4)).ok());
  gcn::WaveState wave;
  wave.lane_count = 64;
  wave.exec = ~(1ull << 5);
  wave.sgprs = sgprs;
  wave.vgprs = vgprs;
  o.status = gcn::Execute(TheRuntime(), inst, wave, memory);
  o.vgprs = std::move(vgprs);
  return o;
}

// Whether the two runs left the same registers outside [skip_first, skip_end) (their address
// registers) and the same memory.
void ExpectSameOutcome(const Outcome& a, const Outcome& b, uint32_t skip_first, uint32_t skip_end) {
  ASSERT_TRUE(a.status.ok()) << a.status.ToString();
  ASSERT_TRUE(b.status.ok()) << b.status.ToString();
  for (uint32_t r = 0; r < 256; ++r) {
    if (r >= skip_first && r < skip_end) continue;
    for (uint32_t lane = 0; lane < 64; ++lane) {
      ASSERT_EQ(a.vgprs[r * 64 + lane], b.vgprs[r * 64 + lane]) << "v" << r << " lane " << lane;
    }
  }
  EXPECT_TRUE(a.memory == b.memory);
}

class MimgA16Sweep : public ::testing::TestWithParam<SweepCase> {};

TEST_P(MimgA16Sweep, PackedOperandsGiveTheSameResultsAs32BitOnes) {
  const SweepCase& c = GetParam();
  const bool g16_opcode = c.packing != Packing::kA16;
  const bool a16 = c.packing != Packing::kG16;
  const gcn::MimgInstruction wide = MakeInstruction(c.gfx, c.mnemonic, c.dim, false);
  const gcn::MimgInstruction packed =
      MakeInstruction(c.gfx, c.mnemonic + (g16_opcode ? "_g16" : ""), c.dim, a16);
  ASSERT_NE(packed.op.kind, OpKind::kBvhIntersectRay);
  const bool sampler = IsSampler(wide.op);
  // GFX9's A16 also makes the derivatives 16-bit.
  const bool g16 = g16_opcode || (a16 && gcn::IsGcnGfx(c.gfx));

  // The operands in order (the 32-bit layout, one a dword).
  const gcn::AddressLayout order = gcn::GetAddressLayout(wide.op, c.dim);
  ASSERT_EQ(order.dwords, order.count);
  std::vector<AddrSlot> slots(order.slots, order.slots + order.count);
  uint32_t packed_dwords = 0;
  const std::vector<Placed> placed = PlaceByRules(slots, a16, g16, &packed_dwords);
  EXPECT_EQ(gcn::AddressDwords(packed, c.dim), static_cast<int>(packed_dwords));

  std::vector<uint32_t> wide_vgprs(256 * 64, kSentinel);
  for (uint32_t r = 0; r < 4; ++r) {  // store data, and the registers results land in
    for (uint32_t lane = 0; lane < 64; ++lane) {
      wide_vgprs[r * 64 + lane] = F(static_cast<float>((lane * 7 + r * 3) % 16) / 15.0f);
    }
  }
  if (wide.op.kind == OpKind::kAtomic) {
    for (uint32_t lane = 0; lane < 64; ++lane) wide_vgprs[lane] = lane + 1;
  }
  std::vector<uint32_t> packed_vgprs = wide_vgprs;
  for (uint32_t d = 0; d < packed_dwords; ++d) {
    for (uint32_t lane = 0; lane < 64; ++lane) packed_vgprs[(kVaddr + d) * 64 + lane] = 0;
  }
  std::vector<bool> high_used(packed_dwords, false);
  for (size_t k = 0; k < slots.size(); ++k) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const uint32_t v = Operand(slots[k], lane, sampler, c.dim);
      wide_vgprs[(kVaddr + k) * 64 + lane] = v;
      uint32_t& reg = packed_vgprs[(kVaddr + placed[k].dword) * 64 + lane];
      if (!placed[k].half) {
        reg = v;
        continue;
      }
      uint32_t h = v;
      if (sampler) {
        h = HalfBits(std::bit_cast<float>(v));
      } else {
        ASSERT_LT(v, 0x10000u);
      }
      reg |= h << placed[k].shift;
    }
    if (placed[k].shift == 16) high_used[placed[k].dword] = true;
  }
  // Unused high halves (padding, and bias's) hold garbage the executor must ignore.
  for (size_t k = 0; k < slots.size(); ++k) {
    if (!placed[k].half || high_used[placed[k].dword]) continue;
    for (uint32_t lane = 0; lane < 64; ++lane) {
      packed_vgprs[(kVaddr + placed[k].dword) * 64 + lane] |= kPadHalf << 16;
    }
  }

  const Outcome a = RunWave(wide, c.dim, wide_vgprs);
  ASSERT_TRUE(a.status.ok()) << wide.mnemonic << ": " << a.status.ToString();
  const Outcome b = RunWave(packed, c.dim, packed_vgprs);
  ASSERT_TRUE(b.status.ok()) << packed.mnemonic << ": " << b.status.ToString();
  // VDATA (v0..v3) and every register past the address registers; memory for stores and atomics.
  ExpectSameOutcome(a, b, kVaddr, kVaddr + order.count);
  // The run did something: a result differs from the sentinel, or memory changed.
  bool wrote = false;
  for (uint32_t i = 0; i < 4 * 64; ++i) wrote |= a.vgprs[i] != wide_vgprs[i];
  if (wide.op.kind == OpKind::kStore) wrote = true;
  EXPECT_TRUE(wrote) << "no result register changed";
}

std::vector<SweepCase> SweepCases() {
  const ImageType dims[] = {ImageType::k1D,      ImageType::k1DArray, ImageType::k2D,
                            ImageType::k2DArray, ImageType::k3D,      ImageType::kCube};
  const char* const plain[] = {
      "image_sample",           "image_sample_l",      "image_sample_b",
      "image_sample_c",         "image_sample_cl",     "image_sample_o",
      "image_sample_b_cl",      "image_sample_c_lz_o", "image_sample_c_b_o",
      "image_sample_c_l",       "image_gather4",       "image_gather4_l",
      "image_gather4_c_b_cl_o", "image_get_lod",       "image_load",
      "image_load_mip",         "image_store",         "image_store_mip",
      "image_atomic_add",       "image_get_resinfo",
  };
  const char* const derivative[] = {"image_sample_d", "image_sample_d_cl", "image_sample_cd",
                                    "image_sample_c_d_cl_o", "image_sample_c_cd_o"};
  std::vector<SweepCase> cases;
  for (const Gfx gfx : {Gfx::kGfx9, Gfx::kGfx10, Gfx::kGfx1030}) {
    for (const ImageType dim : dims) {
      for (const char* m : plain) cases.push_back({gfx, m, dim, Packing::kA16});
      // Float coordinates widened as f16 though it reads no S#; 1D and 2D only (docs/sampling.md).
      if (dim == ImageType::k1D || dim == ImageType::k2D) {
        cases.push_back({gfx, "image_gather4h_pck", dim, Packing::kA16});
      }
      for (const char* m : derivative) {
        cases.push_back({gfx, m, dim, Packing::kA16});
        if (gcn::IsGcnGfx(gfx)) continue;
        cases.push_back({gfx, m, dim, Packing::kG16});
        cases.push_back({gfx, m, dim, Packing::kA16G16});
      }
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, MimgA16Sweep, ::testing::ValuesIn(SweepCases()), CaseName);

// ---------------------------------------------------------------------------------------------
// NSA with A16: each NSA address register holds a packed dword (a pair, never split).

// A dword of two f16s: `lo` in bits 15:0, `hi` in bits 31:16.
uint32_t PackF16(float lo, float hi) { return HalfBits(lo) | uint32_t{HalfBits(hi)} << 16; }

TEST(MimgA16Nsa, EachNsaRegisterHoldsAPackedPair) {
  // llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding:
  // image_sample_d_g16 v[0:3], [v30, v25, v40, v17, v33, v50], s[8:15], s[16:19] dmask:0xf
  //   dim:SQ_RSRC_IMG_3D a16
  const uint32_t nsa_words[] = {0xf0880f15, 0x4082001e, 0x21112819, 0x00000032};
  gcn::MimgInstruction nsa;
  ASSERT_TRUE(DecodeAmdMimg(Gfx::kGfx1030, nsa_words, &nsa).ok());
  ASSERT_EQ(nsa.nsa_dwords, 2);
  const uint8_t regs[6] = {30, 25, 40, 17, 33, 50};
  for (int k = 0; k < 6; ++k) EXPECT_EQ(nsa.nsa_vaddr[k], regs[k]) << k;
  const gcn::MimgInstruction contiguous =
      MakeInstruction(Gfx::kGfx1030, "image_sample_d_g16", ImageType::k3D, true);

  // (ds/dx, dt/dx) (dr/dx, -) (ds/dy, dt/dy) (dr/dy, -) (x, y) (z, -)
  std::vector<uint32_t> packed(6 * 64);
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const float l = static_cast<float>(lane % 8);
    const uint32_t dwords[6] = {PackF16(l / 64.0f, 1.0f / 32.0f),
                                PackF16(-l / 128.0f, 0.0f) | kPadHalf << 16,
                                PackF16(1.0f / 16.0f, l / 32.0f),
                                PackF16(0.125f, 0.0f) | kPadHalf << 16,
                                PackF16(l / 8.0f + 1.0f / 16.0f, (lane / 8) / 8.0f + 0.03125f),
                                PackF16((lane % 4) / 4.0f + 0.125f, 0.0f) | kPadHalf << 16};
    for (int k = 0; k < 6; ++k) packed[k * 64 + lane] = dwords[k];
  }
  std::vector<uint32_t> a_vgprs(256 * 64, kSentinel), b_vgprs(256 * 64, kSentinel);
  for (int k = 0; k < 6; ++k) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      a_vgprs[(kVaddr + k) * 64 + lane] = packed[k * 64 + lane];
      b_vgprs[regs[k] * 64 + lane] = packed[k * 64 + lane];
    }
  }
  const Outcome a = RunWave(contiguous, ImageType::k3D, a_vgprs);
  const Outcome b = RunWave(nsa, ImageType::k3D, b_vgprs);
  ASSERT_TRUE(a.status.ok()) << a.status.ToString();
  ASSERT_TRUE(b.status.ok()) << b.status.ToString();
  for (uint32_t r = 0; r < 4; ++r) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      ASSERT_EQ(a.vgprs[r * 64 + lane], b.vgprs[r * 64 + lane]) << "v" << r << " lane " << lane;
    }
  }
  EXPECT_NE(a.vgprs[0], kSentinel);

  // image_load_mip v[0:3], [v16, v40], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm a16:
  // (x, y) in v16, (slice, mip) in v40.
  const uint32_t load_words[] = {0xf0041f2a, 0x40020010, 0x00000028};
  gcn::MimgInstruction load;
  ASSERT_TRUE(DecodeAmdMimg(Gfx::kGfx1030, load_words, &load).ok());
  std::vector<uint32_t> c_vgprs(256 * 64, kSentinel), d_vgprs(256 * 64, kSentinel);
  for (uint32_t lane = 0; lane < 64; ++lane) {
    d_vgprs[16 * 64 + lane] = (lane % 8) | (lane / 8) << 16;
    d_vgprs[40 * 64 + lane] = (lane % 3) | (lane % 4) << 16;
    // The 32-bit form: x, y, slice, mip in v[16:19].
    c_vgprs[16 * 64 + lane] = lane % 8;
    c_vgprs[17 * 64 + lane] = lane / 8;
    c_vgprs[18 * 64 + lane] = lane % 3;
    c_vgprs[19 * 64 + lane] = lane % 4;
  }
  const Outcome c =
      RunWave(MakeInstruction(Gfx::kGfx1030, "image_load_mip", ImageType::k2DArray, false),
              ImageType::k2DArray, c_vgprs);
  const Outcome d = RunWave(load, ImageType::k2DArray, d_vgprs);
  ASSERT_TRUE(c.status.ok()) << c.status.ToString();
  ASSERT_TRUE(d.status.ok()) << d.status.ToString();
  for (uint32_t r = 0; r < 4; ++r) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      ASSERT_EQ(c.vgprs[r * 64 + lane], d.vgprs[r * 64 + lane]) << "v" << r << " lane " << lane;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Errors: address counts that do not fit, and A16/G16 where the generation has none.

TEST(MimgA16Errors, NsaSizedForThirtyTwoBitAddressesDoesNotDecode) {
  // image_sample_c_d_cl_o_g16 on 3D reads 10 dwords (NSA=3) with 32-bit coordinates and 8
  // (NSA=2) with A16: NSA=3 and A16 do not decode.
  gcn::MimgInstruction inst =
      MakeInstruction(Gfx::kGfx1030, "image_sample_c_d_cl_o_g16", ImageType::k3D, true);
  std::vector<uint32_t> words = Encode(inst);
  ASSERT_EQ(words.size(), 2u);
  words[0] |= 3u << 1;  // NSA=3
  words.insert(words.end(), {0x13121110, 0x17161514, 0x00000018});
  gcn::MimgInstruction out;
  const Status st = DecodeAmdMimg(Gfx::kGfx1030, words, &out);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("NSA=3"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("8 address dwords need NSA=2"), std::string::npos) << st.message();
  // Without A16 the same words decode (10 addresses, NSA=3).
  words[1] &= ~(1u << 30);
  EXPECT_TRUE(DecodeAmdMimg(Gfx::kGfx1030, words, &out).ok());
}

TEST(MimgA16Errors, ExecuteChecksThePackedCountAgainstNsaAndTheWave) {
  // A hand-made instruction whose NSA names fewer registers than the packed layout reads.
  gcn::MimgInstruction inst =
      MakeInstruction(Gfx::kGfx1030, "image_sample_d_g16", ImageType::k3D, true);
  inst.nsa_dwords = 1;  // 5 registers; the layout reads 6
  for (int k = 0; k < 5; ++k) inst.nsa_vaddr[k] = static_cast<uint8_t>(kVaddr + k);
  Outcome o = RunWave(inst, ImageType::k3D, std::vector<uint32_t>(256 * 64, kSentinel));
  EXPECT_EQ(o.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(o.status.message().find("reads 6 address dwords (16-bit packed), but NSA=1"),
            std::string::npos)
      << o.status.message();
  EXPECT_EQ(o.vgprs[0], kSentinel);

  // Contiguous VADDR at v250: A16 + G16 reads v[250:255], inside the wave; the 32-bit form reads
  // 9 dwords, past v255.
  gcn::MimgInstruction packed =
      MakeInstruction(Gfx::kGfx1030, "image_sample_d_g16", ImageType::k3D, true);
  packed.vaddr = 250;
  std::vector<uint32_t> vgprs(256 * 64, 0);
  o = RunWave(packed, ImageType::k3D, vgprs);
  EXPECT_TRUE(o.status.ok()) << o.status.ToString();
  gcn::MimgInstruction wide =
      MakeInstruction(Gfx::kGfx1030, "image_sample_d", ImageType::k3D, false);
  wide.vaddr = 250;
  o = RunWave(wide, ImageType::k3D, vgprs);
  EXPECT_EQ(o.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(o.status.message().find("VADDR v[250:258] is outside the wave's 256 VGPRs"),
            std::string::npos)
      << o.status.message();
  // GFX9: A16 packs 9 dwords of image_sample_d 3D into 6.
  gcn::MimgInstruction gfx9 = MakeInstruction(Gfx::kGfx9, "image_sample_d", ImageType::k3D, true);
  gfx9.vaddr = 250;
  o = RunWave(gfx9, ImageType::k3D, vgprs);
  EXPECT_TRUE(o.status.ok()) << o.status.ToString();
  gfx9.vaddr = 251;
  o = RunWave(gfx9, ImageType::k3D, vgprs);
  EXPECT_NE(o.status.message().find("VADDR v[251:256] is outside"), std::string::npos)
      << o.status.message();
}

TEST(MimgA16Errors, A16AndG16WhereTheGenerationHasNone) {
  // GFX8's bit 15 is R128; a hand-made GFX8 instruction with A16 is refused, naming A16.
  gcn::MimgInstruction inst = MakeInstruction(Gfx::kGfx8, "image_load", ImageType::k2D, false);
  inst.mods.a16 = true;
  Outcome o = RunWave(inst, ImageType::k2D, std::vector<uint32_t>(256 * 64, 0));
  EXPECT_EQ(o.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(o.status.message().find("A16 does not exist on gfx8"), std::string::npos)
      << o.status.message();
  // A _G16 op on GFX9 (which has none) is refused, naming G16.
  inst = MakeInstruction(Gfx::kGfx9, "image_sample_d", ImageType::k2D, false);
  inst.op.flags |= kOpG16;
  o = RunWave(inst, ImageType::k2D, std::vector<uint32_t>(256 * 64, 0));
  EXPECT_EQ(o.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(o.status.message().find("_G16"), std::string::npos) << o.status.message();
}

// ---------------------------------------------------------------------------------------------
// Infinities and NaNs: an f16 Inf or NaN reaches the core as the f32 Inf or NaN, so the packed
// run matches the 32-bit run given f32 infinities and NaNs.
TEST(MimgA16Special, InfinityAndNanLanesMatchTheirF32Counterparts) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const Gfx gfx : {Gfx::kGfx9, Gfx::kGfx1030}) {
    // image_sample_l on 2D: x, y, lod; packed (x, y) (lod, -).
    const gcn::MimgInstruction wide = MakeInstruction(gfx, "image_sample_l", ImageType::k2D, false);
    const gcn::MimgInstruction packed =
        MakeInstruction(gfx, "image_sample_l", ImageType::k2D, true);
    std::vector<uint32_t> a(256 * 64, kSentinel), b(256 * 64, kSentinel);
    for (uint32_t lane = 0; lane < 64; ++lane) {
      float x = static_cast<float>(lane % 8) / 8.0f + 1.0f / 16.0f;
      float y = static_cast<float>(lane / 8) / 8.0f + 1.0f / 16.0f;
      float lod = static_cast<float>(lane % 3) * 0.5f;
      uint16_t hx = HalfBits(x), hy = HalfBits(y), hlod = HalfBits(lod);
      switch (lane) {
        case 0:
          lod = inf, hlod = 0x7C00;
          break;
        case 1:
          lod = -inf, hlod = 0xFC00;
          break;
        case 2:
          lod = nan, hlod = 0x7E00;
          break;
        case 3:
          x = nan, hx = 0x7E00;
          break;
        case 4:
          y = inf, hy = 0x7C00;
          break;
        case 6:
          x = -inf, hx = 0xFC00;
          break;
        case 7:
          y = -nan, hy = 0xFE00;
          break;
        default:
          break;
      }
      a[(kVaddr + 0) * 64 + lane] = F(x);
      a[(kVaddr + 1) * 64 + lane] = F(y);
      a[(kVaddr + 2) * 64 + lane] = F(lod);
      b[(kVaddr + 0) * 64 + lane] = hx | uint32_t{hy} << 16;
      b[(kVaddr + 1) * 64 + lane] = hlod | kPadHalf << 16;
    }
    const Outcome ra = RunWave(wide, ImageType::k2D, a);
    const Outcome rb = RunWave(packed, ImageType::k2D, b);
    ExpectSameOutcome(ra, rb, kVaddr, kVaddr + 3);
    // And the infinities kept their meaning: LOD +Inf samples as the last level (3), -Inf as
    // level 0.
    a[(kVaddr + 2) * 64 + 0] = F(3.0f);
    a[(kVaddr + 2) * 64 + 1] = F(0.0f);
    const Outcome rc = RunWave(wide, ImageType::k2D, a);
    ASSERT_TRUE(rc.status.ok()) << rc.status.ToString();
    for (uint32_t r = 0; r < 4; ++r) {
      EXPECT_EQ(rb.vgprs[r * 64 + 0], rc.vgprs[r * 64 + 0]) << gcn::MimgGfxName(gfx) << " v" << r;
      EXPECT_EQ(rb.vgprs[r * 64 + 1], rc.vgprs[r * 64 + 1]) << gcn::MimgGfxName(gfx) << " v" << r;
    }
  }
}

}  // namespace
}  // namespace texunit
