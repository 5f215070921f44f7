// imageAtomic* on lavapipe against IMAGE_ATOMIC_* through gcn::Execute (GFX8 words from llvm-mc 14
// -mcpu=tonga, register files, GLC set so the value before the op comes back in v0) on R32_UINT
// and R32_SINT images: SWAP, CMPSWAP, ADD, SUB, SMIN/SMAX (R32_SINT), UMIN/UMAX (R32_UINT), AND,
// OR, XOR, INC and DEC. Atomics are exact: every judged value must be bit-identical.
//
// Order. texunit applies an instruction's lanes in increasing lane order (docs/sampling.md,
// "Atomics"); lavapipe runs invocations in an order Vulkan leaves unspecified. Two families keep
// the comparison independent of that order:
//  - own texel: every lane has a texel no other lane touches (a permutation of the image), so
//    each lane's returned value and each texel's final value are those of one op on the initial
//    value, whatever the order: both compared exactly, and with the op table of
//    docs/sampling.md as a model that says which side is wrong when they differ;
//  - shared texel: 64 lanes of two waves on each texel. Where every lane of a texel has the same
//    operands, the sequence of values the texel takes is fixed (each step is the same function
//    of the value before it), so the multiset of returned values and the final value are
//    order-independent: both compared. Where the operands differ, only what any order gives is
//    compared: the final value of the commutative updates (ADD, SUB, MIN, MAX, AND, OR, XOR:
//    f_a(f_b(m)) = f_b(f_a(m))); for SWAP that the returned values plus the final value are the
//    initial value plus every lane's data (a multiset), and for CMPSWAP with every lane's compare
//    value equal to the initial value and distinct sources, that exactly one lane returns the
//    initial value, the texel ends with that lane's source and every other lane returns it. The
//    returned values of those lanes are counted open (their order is not compared).
//
// INC and DEC bounded by the data operand (AMD: mem >= D ? 0 : mem + 1; mem == 0 || mem > D ? D :
// mem - 1) have no SPIR-V atomic (OpAtomicIIncrement/IDecrement wrap at 2^32 only): the shaders
// run them as a compare-swap loop, which is atomic under contention and is checked here against
// texunit's native op.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "conformance/vk_runner.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"

namespace texunit::conformance {
namespace {

constexpr uint64_t kBase = 0x100000;

// The shaders' op numbers (atomic_uint.comp, atomic_sint.comp).
enum Op : uint32_t {
  kSwap,
  kCmpSwap,
  kAdd,
  kSub,
  kMin,
  kMax,
  kAnd,
  kOr,
  kXor,
  kInc,
  kDec,
};

// One op on both sides: its GFX8 words (llvm-mc-14 -arch=amdgcn -mcpu=tonga, `image_atomic_<op>
// v0, v[4:5], s[8:15] dmask:0x1 unorm glc`; CMPSWAP `v[0:1] ... dmask:0x3`), the shader's op
// number and whether MIN/MAX are signed.
struct AtomicOp {
  const char* name;
  uint32_t words[2];
  Op op;
  bool is_signed;
};
constexpr AtomicOp kUintOps[] = {
    {"SWAP", {0xf0403100, 0x00020004}, kSwap, false},
    {"CMPSWAP", {0xf0443300, 0x00020004}, kCmpSwap, false},
    {"ADD", {0xf0483100, 0x00020004}, kAdd, false},
    {"SUB", {0xf04c3100, 0x00020004}, kSub, false},
    {"UMIN", {0xf0543100, 0x00020004}, kMin, false},
    {"UMAX", {0xf05c3100, 0x00020004}, kMax, false},
    {"AND", {0xf0603100, 0x00020004}, kAnd, false},
    {"OR", {0xf0643100, 0x00020004}, kOr, false},
    {"XOR", {0xf0683100, 0x00020004}, kXor, false},
    {"INC", {0xf06c3100, 0x00020004}, kInc, false},
    {"DEC", {0xf0703100, 0x00020004}, kDec, false},
};
constexpr AtomicOp kSintOps[] = {
    {"SWAP", {0xf0403100, 0x00020004}, kSwap, true},
    {"CMPSWAP", {0xf0443300, 0x00020004}, kCmpSwap, true},
    {"ADD", {0xf0483100, 0x00020004}, kAdd, true},
    {"SUB", {0xf04c3100, 0x00020004}, kSub, true},
    {"SMIN", {0xf0503100, 0x00020004}, kMin, true},
    {"SMAX", {0xf0583100, 0x00020004}, kMax, true},
    {"AND", {0xf0603100, 0x00020004}, kAnd, true},
    {"OR", {0xf0643100, 0x00020004}, kOr, true},
    {"XOR", {0xf0683100, 0x00020004}, kXor, true},
    {"INC", {0xf06c3100, 0x00020004}, kInc, true},
    {"DEC", {0xf0703100, 0x00020004}, kDec, true},
};
// image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 unorm (no GLC: nothing returned).
constexpr uint32_t kAddNoGlc[] = {0xf0481100, 0x00020004};

struct Format {
  FormatId id;
  VkFormat vk;
  const char* shader;
  std::span<const AtomicOp> ops;
};

// The value after `op` on `mem` with data `d` and compare value `cmp` (docs/sampling.md's table).
uint32_t Apply(const AtomicOp& a, uint32_t mem, uint32_t d, uint32_t cmp) {
  const auto s = [](uint32_t x) { return static_cast<int32_t>(x); };
  switch (a.op) {
    case kSwap:
      return d;
    case kCmpSwap:
      return mem == cmp ? d : mem;
    case kAdd:
      return mem + d;
    case kSub:
      return mem - d;
    case kMin:
      return a.is_signed ? (s(d) < s(mem) ? d : mem) : std::min(mem, d);
    case kMax:
      return a.is_signed ? (s(d) > s(mem) ? d : mem) : std::max(mem, d);
    case kAnd:
      return mem & d;
    case kOr:
      return mem | d;
    case kXor:
      return mem ^ d;
    case kInc:
      return mem >= d ? 0 : mem + 1;
    case kDec:
      return (mem == 0 || mem > d) ? d : mem - 1;
  }
  return mem;
}

bool Commutative(Op op) { return op != kSwap && op != kCmpSwap && op != kInc && op != kDec; }

// A 32-bit value with the edges the ops distinguish: 0, 1, the sign boundary, all ones, and
// neighbours of `near` (for CMPSWAP matches and INC/DEC bounds).
uint32_t Special(std::mt19937& rng, uint32_t near) {
  switch (rng() % 12) {
    case 0:
      return 0;
    case 1:
      return 1;
    case 2:
      return 0x7FFFFFFF;
    case 3:
      return 0x80000000;
    case 4:
      return 0xFFFFFFFF;
    case 5:
      return near;
    case 6:
      return near + 1;
    case 7:
      return near - 1;
    case 8:
      return rng() % 64;
    default:
      return rng();
  }
}

struct Lane {
  uint32_t x, y, data, cmp;
};

// The lanes through gcn::Execute (data in v0, compare value in v1, x and y in v4, v5) on
// `bytes` (updated in place); returns v0 of each lane after the op (its data when nothing is
// returned).
std::vector<uint32_t> RunTexunit(const Runtime& runtime, std::span<const uint32_t> words,
                                 FormatId id, uint32_t w, uint32_t h, std::vector<uint8_t>& bytes,
                                 std::span<const Lane> lanes) {
  const ImageDesc image = MakeImage2D(id, w, h, 1, kBase);
  Memory memory;
  EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
  std::vector<uint32_t> out(lanes.size());
  const Status st = ExecuteLanes(
      runtime, Gfx::kGfx8, words, sgprs, memory, lanes.size(),
      [&](size_t i, LaneRegs r) {
        r.v(0) = lanes[i].data;
        r.v(1) = lanes[i].cmp;
        r.v(4) = lanes[i].x;
        r.v(5) = lanes[i].y;
      },
      [&](size_t i, LaneRegs r) { out[i] = r.v(0); });
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

// The same lanes as imageAtomic* on lavapipe; `bytes` is replaced by the image after them.
bool RunLavapipe(VkRunner* runner, const Format& f, Op op, uint32_t w, uint32_t h,
                 const ImageLayout& layout, std::vector<uint8_t>& bytes,
                 std::span<const Lane> lanes, std::vector<uint32_t>* returned, std::string* error) {
  std::vector<std::array<uint32_t, 4>> operands;
  for (const Lane& l : lanes) {
    operands.push_back({l.x, l.y, op, 0});
    operands.push_back({l.data, l.cmp, 0, 0});
  }
  const Image2D image{f.vk, w, h, 1, &layout, bytes};
  std::vector<std::array<uint32_t, 4>> out;
  std::vector<uint8_t> after;
  if (!runner->RunStorage(image, f.shader, operands, &out, &after, error, 2)) return false;
  bytes = after;
  returned->resize(lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) (*returned)[i] = out[i][0];
  return true;
}

uint32_t Word(const std::vector<uint8_t>& bytes, const ImageLayout& layout, uint32_t x,
              uint32_t y) {
  uint32_t v;
  std::memcpy(&v, &bytes[(static_cast<size_t>(y) * layout.levels[0].pitch + x) * 4], 4);
  return v;
}

const Format kFormats[] = {
    {FormatId::kR32_UINT, VK_FORMAT_R32_UINT, "atomic_uint", kUintOps},
    {FormatId::kR32_SINT, VK_FORMAT_R32_SINT, "atomic_sint", kSintOps},
};

using AtomicConformance = LavapipeTest;

// Every lane on its own texel: returned values and final memory exact, lane by lane.
TEST_F(AtomicConformance, OwnTexelReturnsAndFinalMemoryMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  constexpr uint32_t kW = 37, kH = 7;  // 259 texels: four waves, the last one of 3 lanes
  int total = 0, ops = 0;
  for (const Format& f : kFormats) {
    if (!runner()->CanStorageAtomic(f.vk)) {
      std::printf("  %s: no storage image atomics on lavapipe, skipped\n", FormatName(f.id));
      continue;
    }
    const ImageDesc desc = MakeImage2D(f.id, kW, kH, 1, kBase);
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(desc, &layout).ok());
    for (const AtomicOp& a : f.ops) {
      std::mt19937 rng(static_cast<uint32_t>(a.op) * 977u + static_cast<uint32_t>(f.id));
      std::vector<uint8_t> initial(layout.total_bytes);
      for (size_t i = 0; i + 4 <= initial.size(); i += 4) {
        const uint32_t v = Special(rng, rng());
        std::memcpy(&initial[i], &v, 4);
      }
      // Lane i writes texel order[i]: a permutation, so no texel is touched twice.
      std::vector<uint32_t> order(kW * kH);
      for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), rng);
      std::vector<Lane> lanes(order.size());
      for (size_t i = 0; i < lanes.size(); ++i) {
        Lane& l = lanes[i];
        l.x = order[i] % kW;
        l.y = order[i] / kW;
        const uint32_t mem = Word(initial, layout, l.x, l.y);
        l.data = Special(rng, mem);
        // CMPSWAP: half the lanes compare equal.
        l.cmp = rng() % 2 ? mem : Special(rng, mem);
      }
      std::vector<uint8_t> ours = initial, theirs = initial;
      const std::vector<uint32_t> ours_ret =
          RunTexunit(runtime(), a.words, f.id, kW, kH, ours, lanes);
      std::vector<uint32_t> theirs_ret;
      std::string error;
      ASSERT_TRUE(
          RunLavapipe(runner(), f, a.op, kW, kH, layout, theirs, lanes, &theirs_ret, &error))
          << error;
      int wrong = 0;
      std::string first;
      for (size_t i = 0; i < lanes.size(); ++i) {
        const Lane& l = lanes[i];
        const uint32_t mem = Word(initial, layout, l.x, l.y);
        const uint32_t model = Apply(a, mem, l.data, l.cmp);
        const uint32_t o = Word(ours, layout, l.x, l.y), t = Word(theirs, layout, l.x, l.y);
        if (ours_ret[i] == theirs_ret[i] && o == t) continue;
        if (++wrong == 1) {
          char buf[320];
          std::snprintf(buf, sizeof(buf),
                        "lane %zu texel (%u, %u): mem %08x data %08x cmp %08x: returned texunit "
                        "%08x lavapipe %08x (model %08x), final texunit %08x lavapipe %08x "
                        "(model %08x)",
                        i, l.x, l.y, mem, l.data, l.cmp, ours_ret[i], theirs_ret[i], mem, o, t,
                        model);
          first = buf;
        }
      }
      ++ops;
      total += static_cast<int>(lanes.size());
      std::printf("  %-9s %-8s %zu lanes judged (returned value and final texel), %d wrong\n",
                  FormatName(f.id), a.name, lanes.size(), wrong);
      EXPECT_EQ(wrong, 0) << FormatName(f.id) << " " << a.name << ": " << first;

      // Without GLC: the same final memory as lavapipe's, and v0 still holds the data.
      if (a.op == kAdd) {
        std::vector<uint8_t> no_glc = initial;
        const std::vector<uint32_t> kept =
            RunTexunit(runtime(), kAddNoGlc, f.id, kW, kH, no_glc, lanes);
        EXPECT_EQ(no_glc, theirs) << FormatName(f.id) << " ADD without GLC: final memory";
        for (size_t i = 0; i < lanes.size(); ++i) {
          EXPECT_EQ(kept[i], lanes[i].data) << "ADD without GLC wrote v0 of lane " << i;
        }
      }
    }
  }
  std::printf("%d ops, %d lanes judged exactly, 0 open (%s)\n", ops, total,
              runner()->device_name().c_str());
  EXPECT_GE(ops, 22);
}

// 64 lanes (from two waves) on each texel: only order-independent outcomes compared (above).
TEST_F(AtomicConformance, SharedTexelOrderIndependentOutcomesMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  constexpr uint32_t kW = 4, kH = 2, kTexels = kW * kH, kPerTexel = 64;
  // Texels 0..3: every lane with the same operands; 4..7: operands differ per lane.
  constexpr uint32_t kUniform = 4;
  int judged = 0, open = 0;
  for (const Format& f : kFormats) {
    if (!runner()->CanStorageAtomic(f.vk)) continue;
    const ImageDesc desc = MakeImage2D(f.id, kW, kH, 1, kBase);
    ImageLayout layout;
    ASSERT_TRUE(ComputeImageLayout(desc, &layout).ok());
    for (const AtomicOp& a : f.ops) {
      std::mt19937 rng(static_cast<uint32_t>(a.op) * 1231u + static_cast<uint32_t>(f.id) + 3u);
      std::vector<uint8_t> initial(layout.total_bytes);
      std::array<uint32_t, kTexels> mem{}, same_data{};
      for (uint32_t t = 0; t < kTexels; ++t) {
        mem[t] = Special(rng, rng());
        // INC/DEC bounds a few dozen steps away so that 64 lanes wrap through them.
        same_data[t] = (a.op == kInc || a.op == kDec) ? mem[t] + rng() % 40 : Special(rng, mem[t]);
        if (a.op == kInc && t == 0) same_data[t] = 0xFFFFFFFF;  // plain increment
        std::memcpy(&initial[(static_cast<size_t>(t / kW) * layout.levels[0].pitch + t % kW) * 4],
                    &mem[t], 4);
      }
      // Lane i: texel (i * 5) % 8 and so on, interleaving texels within each wave.
      std::vector<Lane> lanes(kTexels * kPerTexel);
      std::vector<uint32_t> texel_of(lanes.size());
      for (size_t i = 0; i < lanes.size(); ++i) {
        const uint32_t t = static_cast<uint32_t>((i * 5 + i / 8) % kTexels);
        texel_of[i] = t;
        Lane& l = lanes[i];
        l.x = t % kW;
        l.y = t / kW;
        if (t < kUniform) {
          l.data = same_data[t];
          l.cmp = mem[t];
        } else {
          // CMPSWAP: every lane compares with the initial value, distinct sources.
          l.data =
              a.op == kCmpSwap ? static_cast<uint32_t>(i) * 2654435761u + 1u : Special(rng, mem[t]);
          l.cmp = mem[t];
        }
      }
      std::vector<uint8_t> ours = initial, theirs = initial;
      const std::vector<uint32_t> ours_ret =
          RunTexunit(runtime(), a.words, f.id, kW, kH, ours, lanes);
      std::vector<uint32_t> theirs_ret;
      std::string error;
      ASSERT_TRUE(
          RunLavapipe(runner(), f, a.op, kW, kH, layout, theirs, lanes, &theirs_ret, &error))
          << error;

      int wrong = 0;
      std::string first;
      const auto fail = [&](uint32_t t, const std::string& what) {
        if (++wrong == 1) {
          char buf[160];
          std::snprintf(buf, sizeof(buf),
                        "texel %u (initial %08x, texunit final %08x, lavapipe %08x): ", t, mem[t],
                        Word(ours, layout, t % kW, t / kW), Word(theirs, layout, t % kW, t / kW));
          first = buf + what;
        }
      };
      for (uint32_t t = 0; t < kTexels; ++t) {
        const uint32_t of = Word(ours, layout, t % kW, t / kW);
        const uint32_t tf = Word(theirs, layout, t % kW, t / kW);
        std::vector<uint32_t> o, th, data;
        for (size_t i = 0; i < lanes.size(); ++i) {
          if (texel_of[i] != t) continue;
          o.push_back(ours_ret[i]);
          th.push_back(theirs_ret[i]);
          data.push_back(lanes[i].data);
        }
        if (t < kUniform) {
          // A fixed sequence of values: returned multisets and final values equal.
          std::sort(o.begin(), o.end());
          std::sort(th.begin(), th.end());
          if (o != th) fail(t, "returned multisets differ");
          if (of != tf) fail(t, "final values differ");
          judged += kPerTexel;
          continue;
        }
        if (Commutative(a.op)) {
          if (of != tf) fail(t, "final values differ");
          judged += kPerTexel;  // the final value depends on every lane; returns not compared
        } else if (a.op == kSwap) {
          // returned + final == initial + data, as multisets, on each side.
          std::vector<uint32_t> expect = data;
          expect.push_back(mem[t]);
          std::sort(expect.begin(), expect.end());
          for (const auto* side : {&o, &th}) {
            std::vector<uint32_t> got = *side;
            got.push_back(side == &o ? of : tf);
            std::sort(got.begin(), got.end());
            if (got != expect)
              fail(t, side == &o ? "texunit SWAP chain broken" : "lavapipe SWAP chain broken");
          }
          judged += kPerTexel;
        } else if (a.op == kCmpSwap) {
          // One winner returns the initial value and leaves its source; the rest return it.
          for (int side = 0; side < 2; ++side) {
            const std::vector<uint32_t>& r = side == 0 ? o : th;
            const uint32_t fin = side == 0 ? of : tf;
            const long winners = std::count(r.begin(), r.end(), mem[t]);
            const bool fin_is_a_source = std::find(data.begin(), data.end(), fin) != data.end();
            const long losers = std::count(r.begin(), r.end(), fin);
            if (winners != 1 || !fin_is_a_source || losers != kPerTexel - 1)
              fail(t, side == 0 ? "texunit CMPSWAP: not one winner"
                                : "lavapipe CMPSWAP: not one winner");
          }
          judged += kPerTexel;
        } else {
          // INC/DEC with differing bounds: neither the returns nor the final value are
          // order-independent.
          open += kPerTexel;
        }
      }
      std::printf("  %-9s %-8s %u texels x %u lanes, %d wrong\n", FormatName(f.id), a.name, kTexels,
                  kPerTexel, wrong);
      EXPECT_EQ(wrong, 0) << FormatName(f.id) << " " << a.name << ": " << first;
    }
  }
  std::printf("%d lanes judged by order-independent outcomes, %d open (%s)\n", judged, open,
              runner()->device_name().c_str());
  EXPECT_GT(judged, 5000);
}

}  // namespace
}  // namespace texunit::conformance
