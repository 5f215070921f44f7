// Every image atomic of each GFX6-9 opcode table, and GET_RESINFO, through EncodeMimg, DecodeMimg
// and gcn::Execute. Expected values are computed by hand in the tables below from the rules of
// docs/sampling.md ("Atomics"): SUB is mem - data, RSUB data - mem, INC (mem >= data) ? 0 : mem +
// 1, DEC (mem == 0 || mem > data) ? data : mem - 1, as AMD's manuals describe them (seed 000's
// pseudo-code swaps SUB and RSUB and makes INC subtract).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "isa/gcn/mimg_opcodes.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::gcn {
namespace {

constexpr uint32_t kSentinel = 0xDEADBEEFu;
constexpr uint64_t kImageBase = 0x100000;
constexpr uint32_t kLanes = 4;  // one texel per lane; texel i of a 4x1 image

uint32_t F(float f) { return std::bit_cast<uint32_t>(f); }
uint64_t D(double d) { return std::bit_cast<uint64_t>(d); }

constexpr uint32_t kQNaN = 0x7FC00000u;
constexpr uint32_t kSNaN1 = 0x7F800001u;
constexpr uint32_t kSNaN2 = 0x7F800002u;
constexpr uint32_t kNegZero = 0x80000000u;
constexpr uint32_t kNegInfF = 0xFF800000u;
constexpr uint64_t kDQNaN = 0x7FF8000000000000ull;
constexpr uint64_t kNegInfD = 0xFFF0000000000000ull;

// One lane of a vector: the element before, the data, the compare value (compare-swaps) and the
// element after. GLC returns `mem`.
struct Case {
  uint64_t mem, d, cmp, after;
};
struct OpVectors {
  AtomicOp op;
  const char* mnemonic;
  Case c32[kLanes];
  Case c64[kLanes];
};

// Hand-computed: each row's `after` follows from the op's rule on (mem, d, cmp).
const OpVectors kVectors[] = {
    {AtomicOp::kSwap,
     "image_atomic_swap",
     {{5, 9, 0, 9}, {0xFFFFFFFF, 0, 0, 0}, {0, 0xFFFFFFFF, 0, 0xFFFFFFFF}, {7, 7, 0, 7}},
     {{5, 0x100000009ull, 0, 0x100000009ull},
      {~0ull, 0, 0, 0},
      {0, ~0ull, 0, ~0ull},
      {7, 7, 0, 7}}},
    {AtomicOp::kCmpSwap,
     "image_atomic_cmpswap",
     {{7, 1, 7, 1}, {7, 1, 8, 7}, {0, 0xFFFFFFFF, 0, 0xFFFFFFFF}, {0x80000000, 5, 0, 0x80000000}},
     // The second lane differs from cmp in the high dword only: no swap.
     {{0x1234567800000000ull, 5, 0x1234567800000000ull, 5},
      {0x1234567800000000ull, 5, 0x1234567900000000ull, 0x1234567800000000ull},
      {0, ~0ull, 0, ~0ull},
      {1, 2, 0x100000001ull, 1}}},
    {AtomicOp::kAdd,
     "image_atomic_add",
     {{0xFFFFFFFF, 2, 0, 1}, {10, 5, 0, 15}, {0x7FFFFFFF, 1, 0, 0x80000000}, {0, 0, 0, 0}},
     // 0xFFFFFFFF + 1 carries into the high dword.
     {{0xFFFFFFFFull, 1, 0, 0x100000000ull}, {10, 5, 0, 15}, {~0ull, 2, 0, 1}, {0, 0, 0, 0}}},
    {AtomicOp::kSub,
     "image_atomic_sub",
     {{10, 3, 0, 7}, {3, 10, 0, 0xFFFFFFF9}, {0, 1, 0, 0xFFFFFFFF}, {5, 5, 0, 0}},
     {{10, 3, 0, 7},
      {3, 10, 0, 0xFFFFFFFFFFFFFFF9ull},
      {0x100000000ull, 1, 0, 0xFFFFFFFFull},
      {5, 5, 0, 0}}},
    {AtomicOp::kRsub,
     "image_atomic_rsub",
     {{10, 3, 0, 0xFFFFFFF9}, {3, 10, 0, 7}, {1, 0, 0, 0xFFFFFFFF}, {5, 5, 0, 0}},
     {{10, 3, 0, 0xFFFFFFFFFFFFFFF9ull},
      {3, 10, 0, 7},
      {1, 0x100000000ull, 0, 0xFFFFFFFFull},
      {5, 5, 0, 0}}},
    {AtomicOp::kSmin,
     "image_atomic_smin",
     // 0xFFFFFFFE is -2, 0x80000000 the most negative int32.
     {{0xFFFFFFFE, 1, 0, 0xFFFFFFFE},
      {5, 3, 0, 3},
      {0x7FFFFFFF, 0x80000000, 0, 0x80000000},
      {4, 4, 0, 4}},
     {{~0ull, 0x100000000ull, 0, ~0ull},
      {5, 3, 0, 3},
      {0xFFFFFFFFull, 0x8000000000000000ull, 0, 0x8000000000000000ull},
      {4, 4, 0, 4}}},
    {AtomicOp::kUmin,
     "image_atomic_umin",
     {{0xFFFFFFFE, 1, 0, 1}, {5, 3, 0, 3}, {0x7FFFFFFF, 0x80000000, 0, 0x7FFFFFFF}, {4, 4, 0, 4}},
     {{~0ull, 0x100000000ull, 0, 0x100000000ull},
      {5, 3, 0, 3},
      {0xFFFFFFFFull, 0x8000000000000000ull, 0, 0xFFFFFFFFull},
      {4, 4, 0, 4}}},
    {AtomicOp::kSmax,
     "image_atomic_smax",
     {{0xFFFFFFFE, 1, 0, 1}, {5, 3, 0, 5}, {0x7FFFFFFF, 0x80000000, 0, 0x7FFFFFFF}, {4, 4, 0, 4}},
     {{~0ull, 0x100000000ull, 0, 0x100000000ull},
      {5, 3, 0, 5},
      {0xFFFFFFFFull, 0x8000000000000000ull, 0, 0xFFFFFFFFull},
      {4, 4, 0, 4}}},
    {AtomicOp::kUmax,
     "image_atomic_umax",
     {{0xFFFFFFFE, 1, 0, 0xFFFFFFFE},
      {5, 3, 0, 5},
      {0x7FFFFFFF, 0x80000000, 0, 0x80000000},
      {4, 4, 0, 4}},
     {{~0ull, 0x100000000ull, 0, ~0ull},
      {5, 3, 0, 5},
      {0xFFFFFFFFull, 0x8000000000000000ull, 0, 0x8000000000000000ull},
      {4, 4, 0, 4}}},
    {AtomicOp::kAnd,
     "image_atomic_and",
     {{0xF0F0, 0xFF00, 0, 0xF000},
      {0xFFFFFFFF, 0x12345678, 0, 0x12345678},
      {1, 0, 0, 0},
      {0, 0, 0, 0}},
     {{0xF0F0000000000000ull, 0xFF00000000000001ull, 0, 0xF000000000000000ull},
      {~0ull, 7, 0, 7},
      {1, 0, 0, 0},
      {0, 0, 0, 0}}},
    {AtomicOp::kOr,
     "image_atomic_or",
     {{0xF0F0, 0x0F00, 0, 0xFFF0}, {0, 0x80000000, 0, 0x80000000}, {1, 1, 0, 1}, {0, 0, 0, 0}},
     {{0xF0F0ull << 32, 0x0F00ull << 32, 0, 0xFFF0ull << 32},
      {0, 1, 0, 1},
      {1, 1, 0, 1},
      {0, 0, 0, 0}}},
    {AtomicOp::kXor,
     "image_atomic_xor",
     {{0xF0F0, 0xFF00, 0, 0x0FF0}, {0xFFFFFFFF, 0xFFFFFFFF, 0, 0}, {0, 5, 0, 5}, {5, 0, 0, 5}},
     {{0xF0F0ull << 32, 0xFF00ull << 32, 0, 0x0FF0ull << 32},
      {~0ull, ~0ull, 0, 0},
      {0, 5, 0, 5},
      {5, 0, 0, 5}}},
    {AtomicOp::kInc,
     "image_atomic_inc",
     // mem >= data wraps to 0.
     {{3, 5, 0, 4}, {5, 5, 0, 0}, {7, 5, 0, 0}, {0xFFFFFFFE, 0xFFFFFFFF, 0, 0xFFFFFFFF}},
     // 64-bit: 0xFFFFFFFF + 1 carries instead of wrapping at 32 bits.
     {{3, 5, 0, 4},
      {5, 5, 0, 0},
      {0xFFFFFFFFull, 0x100000000ull, 0, 0x100000000ull},
      {~0ull - 1, ~0ull, 0, ~0ull}}},
    {AtomicOp::kDec,
     "image_atomic_dec",
     // mem == 0 or mem > data reload data.
     {{3, 5, 0, 2}, {0, 5, 0, 5}, {7, 5, 0, 5}, {5, 5, 0, 4}},
     {{3, 5, 0, 2},
      {0, 5, 0, 5},
      {0x100000000ull, 0x200000000ull, 0, 0xFFFFFFFFull},
      {7, 5, 0, 5}}},
    {AtomicOp::kFcmpSwap,
     "image_atomic_fcmpswap",
     // -0 equals +0; a NaN equals nothing, not even the same NaN.
     {{kNegZero, F(2.0f), 0, F(2.0f)},
      {kQNaN, F(1.0f), kQNaN, kQNaN},
      {F(1.5f), F(3.0f), F(1.5f), F(3.0f)},
      {F(1.5f), F(3.0f), F(2.0f), F(1.5f)}},
     {{D(-0.0), D(1.0), D(0.0), D(1.0)},
      {kDQNaN, D(1.0), kDQNaN, kDQNaN},
      {D(1.5), D(3.0), D(1.5), D(3.0)},
      {D(1.5), D(3.0), D(2.0), D(1.5)}}},
    {AtomicOp::kFmin,
     "image_atomic_fmin",
     // -0 < +0; one NaN gives the other operand, two give mem made quiet; denormals kept.
     {{F(1.0f), F(-2.0f), 0, F(-2.0f)},
      {F(0.0f), kNegZero, 0, kNegZero},
      {kQNaN, F(3.0f), 0, F(3.0f)},
      {kSNaN1, kSNaN2, 0, kSNaN1 | 0x00400000u}},
     {{D(1.0), D(-2.0), 0, D(-2.0)},
      {D(0.0), D(-0.0), 0, D(-0.0)},
      {D(3.0), kDQNaN, 0, D(3.0)},
      {1, 2, 0, 1}}},
    {AtomicOp::kFmax,
     "image_atomic_fmax",
     {{F(1.0f), F(-2.0f), 0, F(1.0f)},
      {kNegZero, F(0.0f), 0, F(0.0f)},
      {F(3.0f), kSNaN1, 0, F(3.0f)},
      {kNegInfF, 0x00000001u, 0, 0x00000001u}},
     {{D(1.0), D(-2.0), 0, D(1.0)},
      {D(-0.0), D(0.0), 0, D(0.0)},
      {kDQNaN, D(2.0), 0, D(2.0)},
      {kNegInfD, 1, 0, 1}}},
};

// Which generations have the op: RSUB only GFX6; the float atomics GFX6 and GFX7.
bool HasOp(Gfx gfx, AtomicOp op) {
  if (op == AtomicOp::kRsub) return gfx == Gfx::kGfx6;
  if (op == AtomicOp::kFcmpSwap || op == AtomicOp::kFmin || op == AtomicOp::kFmax) {
    return gfx == Gfx::kGfx6 || gfx == Gfx::kGfx7;
  }
  return true;
}

// A wave of kLanes lanes, VGPRs preset to kSentinel: v0..v3 data, v4..v5 address.
struct Wave {
  std::vector<uint32_t> sgprs = std::vector<uint32_t>(104, 0);
  std::vector<uint32_t> vgprs = std::vector<uint32_t>(16 * 64, kSentinel);
  uint64_t exec = ~0ull;
  uint32_t& v(uint32_t reg, uint32_t lane) { return vgprs[reg * 64 + lane]; }
  WaveState State() {
    WaveState s;
    s.lane_count = kLanes;
    s.exec = exec;
    s.sgprs = sgprs;
    s.vgprs = vgprs;
    return s;
  }
};

class MimgAtomicsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &runtime_).ok()); }
  static void TearDownTestSuite() { runtime_.reset(); }

  // A 4x1 image of 32- or 64-bit texels, T# at s[8:15].
  void Bind(Wave& w, Gfx gfx, bool wide, ImageType type = ImageType::k2D, uint32_t depth = 1) {
    ImageDesc d =
        MakeImage2D(wide ? FormatId::kR32G32_UINT : FormatId::kR32_UINT, kLanes, 1, 1, kImageBase);
    d.type = type;
    d.depth = depth;
    d.last_array = type == ImageType::k2DArray ? depth - 1 : 0;
    uint32_t t[8] = {};
    ASSERT_TRUE(EncodeImageDesc(gfx, d, t).ok());
    for (int i = 0; i < 8; ++i) w.sgprs[8 + i] = t[i];
    memory_ = Memory();
    ASSERT_TRUE(memory_.AddRegion(kImageBase, mem_.data(), mem_.size() * 8).ok());
  }

  // Encodes `mnemonic` with VDATA v0, VADDR v4, T# s[8:15], decodes it and runs it.
  Status Run(Gfx gfx, const char* mnemonic, Modifiers mods, Wave& w) {
    const MimgOpcode* e = FindMimgMnemonic(gfx, mnemonic);
    if (e == nullptr) return Status::InvalidArgument(std::string("no ") + mnemonic);
    MimgInstruction inst = MimgInstructionOf(gfx, *e);
    inst.mods = mods;
    inst.mods.unorm = true;
    inst.vdata = 0;
    inst.vaddr = 4;
    inst.srsrc = 8;
    std::vector<uint32_t> words;
    TEXUNIT_RETURN_IF_ERROR(EncodeMimg(inst, &words));
    MimgInstruction decoded;
    TEXUNIT_RETURN_IF_ERROR(DecodeMimg(gfx, words, &decoded));
    WaveState state = w.State();
    return Execute(*runtime_, decoded, state, memory_);
  }

  uint32_t* Words() { return reinterpret_cast<uint32_t*>(mem_.data()); }

  static std::unique_ptr<Runtime> runtime_;
  std::vector<uint64_t> mem_ = std::vector<uint64_t>(64, 0);  // 8-byte aligned image memory
  Memory memory_;
};

std::unique_ptr<Runtime> MimgAtomicsTest::runtime_;

TEST_F(MimgAtomicsTest, EveryAtomicOfEachGenerationMatchesHandComputedValues) {
  for (Gfx gfx : {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9}) {
    int atomics = 0;
    for (const MimgOpcode& e : MimgOpcodes(gfx)) atomics += e.op.kind == OpKind::kAtomic;
    int covered = 0;
    for (const OpVectors& v : kVectors) {
      const MimgOpcode* e = FindMimgMnemonic(gfx, v.mnemonic);
      ASSERT_EQ(e != nullptr, HasOp(gfx, v.op)) << GfxName(gfx) << " " << v.mnemonic;
      if (e == nullptr) continue;
      ASSERT_EQ(e->op.atomic, v.op) << v.mnemonic;
      ++covered;
      const bool cmpswap = v.op == AtomicOp::kCmpSwap || v.op == AtomicOp::kFcmpSwap;
      for (bool wide : {false, true}) {
        SCOPED_TRACE(std::string(GfxName(gfx)) + " " + v.mnemonic + (wide ? " 64-bit" : " 32-bit"));
        Wave w;
        Bind(w, gfx, wide);
        const Case* cases = wide ? v.c64 : v.c32;
        for (uint32_t lane = 0; lane < kLanes; ++lane) {
          const Case& c = cases[lane];
          if (wide) {
            mem_[lane] = c.mem;
            w.v(0, lane) = static_cast<uint32_t>(c.d);
            w.v(1, lane) = static_cast<uint32_t>(c.d >> 32);
            w.v(2, lane) = static_cast<uint32_t>(c.cmp);
            w.v(3, lane) = static_cast<uint32_t>(c.cmp >> 32);
          } else {
            Words()[lane] = static_cast<uint32_t>(c.mem);
            w.v(0, lane) = static_cast<uint32_t>(c.d);
            w.v(1, lane) = static_cast<uint32_t>(c.cmp);
          }
          w.v(4, lane) = lane;  // x
          w.v(5, lane) = 0;     // y
        }
        Modifiers m;
        m.glc = true;
        m.dmask = wide ? (cmpswap ? 0xF : 0x3) : (cmpswap ? 0x3 : 0x1);
        ASSERT_TRUE(Run(gfx, v.mnemonic, m, w).ok());
        for (uint32_t lane = 0; lane < kLanes; ++lane) {
          const Case& c = cases[lane];
          const uint64_t after = wide ? mem_[lane] : Words()[lane];
          EXPECT_EQ(after, c.after) << "lane " << lane;
          // GLC: the pre-op value, low dword first, in the first VDATA registers.
          EXPECT_EQ(w.v(0, lane), static_cast<uint32_t>(c.mem)) << "lane " << lane;
          if (wide) {
            EXPECT_EQ(w.v(1, lane), static_cast<uint32_t>(c.mem >> 32)) << "lane " << lane;
          }
          // A 32-bit compare-swap returns one dword: the compare value stays in v1.
          if (!wide && cmpswap) {
            EXPECT_EQ(w.v(1, lane), static_cast<uint32_t>(c.cmp));
          }
        }
      }
    }
    EXPECT_EQ(covered, atomics) << GfxName(gfx) << ": an atomic opcode without vectors";
  }
}

TEST_F(MimgAtomicsTest, LanesOnOneTexelApplyInLaneOrder) {
  Wave w;
  Bind(w, Gfx::kGfx9, false);
  Words()[2] = 100;
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    w.v(0, lane) = lane + 1;  // adds 1, 2, 3, 4
    w.v(4, lane) = 2;
    w.v(5, lane) = 0;
  }
  Modifiers m;
  m.glc = true;
  m.dmask = 0x1;
  ASSERT_TRUE(Run(Gfx::kGfx9, "image_atomic_add", m, w).ok());
  EXPECT_EQ(Words()[2], 110u);
  // Each lane sees the lanes before it: 100, 101, 103, 106.
  EXPECT_EQ(w.v(0, 0), 100u);
  EXPECT_EQ(w.v(0, 1), 101u);
  EXPECT_EQ(w.v(0, 2), 103u);
  EXPECT_EQ(w.v(0, 3), 106u);
}

TEST_F(MimgAtomicsTest, WithoutGlcVdataKeepsItsValueAndInactiveLanesAreUntouched) {
  Wave w;
  Bind(w, Gfx::kGfx8, false);
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    Words()[lane] = 10;
    w.v(0, lane) = 5;
    w.v(4, lane) = lane;
    w.v(5, lane) = 0;
  }
  w.exec = 0b1011;  // lane 2 off
  Modifiers m;
  m.dmask = 0x1;
  m.tfe = true;  // no return, so no status either
  ASSERT_TRUE(Run(Gfx::kGfx8, "image_atomic_sub", m, w).ok());
  EXPECT_EQ(Words()[0], 5u);
  EXPECT_EQ(Words()[1], 5u);
  EXPECT_EQ(Words()[2], 10u);
  EXPECT_EQ(Words()[3], 5u);
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    EXPECT_EQ(w.v(0, lane), 5u);
    EXPECT_EQ(w.v(1, lane), kSentinel);
  }
}

TEST_F(MimgAtomicsTest, OutOfBoundsChangesNothingAndReturnsZero) {
  Wave w;
  Bind(w, Gfx::kGfx7, false);
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    Words()[lane] = 7;
    w.v(0, lane) = 1;
    w.v(4, lane) = lane == 0 ? 0 : 4 + lane;  // lanes 1..3: x = 5, 6, 7 >= width 4
    w.v(5, lane) = lane == 3 ? 1 : 0;
  }
  Modifiers m;
  m.glc = true;
  m.tfe = true;
  m.dmask = 0x1;
  ASSERT_TRUE(Run(Gfx::kGfx7, "image_atomic_swap", m, w).ok());
  EXPECT_EQ(Words()[0], 1u);
  for (uint32_t t = 1; t < kLanes; ++t) EXPECT_EQ(Words()[t], 7u);
  EXPECT_EQ(w.v(0, 0), 7u);
  for (uint32_t lane = 1; lane < kLanes; ++lane) EXPECT_EQ(w.v(0, lane), 0u);
  for (uint32_t lane = 0; lane < kLanes; ++lane) EXPECT_EQ(w.v(1, lane), 0u);  // TFE status
}

TEST_F(MimgAtomicsTest, DmaskMustFitTheElementSize) {
  Wave w;
  Bind(w, Gfx::kGfx9, false);
  for (uint32_t lane = 0; lane < kLanes; ++lane) w.v(4, lane) = w.v(5, lane) = 0;
  Modifiers m;
  m.dmask = 0x3;  // a 64-bit add on a 32-bit texel
  const Status st = Run(Gfx::kGfx9, "image_atomic_add", m, w);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("DMASK=0x3"), std::string::npos) << st.message();
  Bind(w, Gfx::kGfx9, true);
  m.dmask = 0x3;  // a 64-bit compare-swap needs 0xf
  const Status cas = Run(Gfx::kGfx9, "image_atomic_cmpswap", m, w);
  EXPECT_EQ(cas.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(cas.message().find("DMASK=0x3"), std::string::npos) << cas.message();
  EXPECT_NE(cas.message().find("0xf"), std::string::npos) << cas.message();
}

TEST_F(MimgAtomicsTest, AtomicsAddressArrayLayersAtTheBaseLevel) {
  Wave w;
  Bind(w, Gfx::kGfx9, false, ImageType::k2DArray, 2);
  // Layer 1 of a 4x1 array of R32 starts 4 texels in (one row of pitch 4 per slice).
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    w.v(0, lane) = 1u << lane;
    w.v(4, lane) = lane;  // x
    w.v(5, lane) = 0;     // y
    w.v(6, lane) = 1;     // layer
  }
  Modifiers m;
  m.dmask = 0x1;
  m.da = true;
  ASSERT_TRUE(Run(Gfx::kGfx9, "image_atomic_or", m, w).ok());
  for (uint32_t t = 0; t < kLanes; ++t) {
    EXPECT_EQ(Words()[t], 0u);
    EXPECT_EQ(Words()[4 + t], 1u << t);
  }
}

TEST_F(MimgAtomicsTest, GetResinfoReturnsSizesLayersAndLevels) {
  Wave w;
  // A 16x8 2D array of 3 layers and 4 levels.
  ImageDesc d = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 16, 8, 4, kImageBase);
  d.type = ImageType::k2DArray;
  d.depth = 3;
  d.last_array = 2;
  uint32_t t[8] = {};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, d, t).ok());
  for (int i = 0; i < 8; ++i) w.sgprs[8 + i] = t[i];
  const uint32_t mips[kLanes] = {0, 2, 3, 4};  // 4 is past the last level
  for (uint32_t lane = 0; lane < kLanes; ++lane) w.v(4, lane) = mips[lane];
  Modifiers m;
  m.dmask = 0xF;
  m.da = true;
  ASSERT_TRUE(Run(Gfx::kGfx8, "image_get_resinfo", m, w).ok());
  // {width, height, layers, levels}: 16x8, 4x2, 2x1, then 0x0 beyond the last level.
  const uint32_t expected[kLanes][4] = {{16, 8, 3, 4}, {4, 2, 3, 4}, {2, 1, 3, 4}, {0, 0, 3, 4}};
  for (uint32_t lane = 0; lane < kLanes; ++lane) {
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(w.v(c, lane), expected[lane][c]) << "lane " << lane << " component " << c;
    }
  }
}

}  // namespace
}  // namespace texunit::gcn
