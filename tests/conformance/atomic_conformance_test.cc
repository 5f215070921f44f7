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
//
// 64-bit: R64_UINT / R64_SINT (VK_EXT_shader_image_atomic_int64, shaders/atomic_uint64.comp and
// atomic_sint64.comp) against the same opcodes with DMASK 0x3 (CMPSWAP 0xF) on R32G32_UINT /
// R32G32_SINT, own texel only; skipped with the reason where lavapipe lacks the extension (Mesa
// 22.3.6's lavapipe does not expose it, and R64_UINT has no storage feature there).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "conformance/lavapipe_test.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "vulkan/vk_runner.h"

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
// 64-bit (texunit: an 8-byte element): `image_atomic_<op> v[0:1], v[4:5], s[8:15] dmask:0x3 unorm
// glc`, CMPSWAP `v[0:3] ... dmask:0xf` (llvm-mc-14 -mcpu=tonga).
constexpr AtomicOp kUint64Ops[] = {
    {"SWAP", {0xf0403300, 0x00020004}, kSwap, false},
    {"CMPSWAP", {0xf0443f00, 0x00020004}, kCmpSwap, false},
    {"ADD", {0xf0483300, 0x00020004}, kAdd, false},
    {"SUB", {0xf04c3300, 0x00020004}, kSub, false},
    {"UMIN", {0xf0543300, 0x00020004}, kMin, false},
    {"UMAX", {0xf05c3300, 0x00020004}, kMax, false},
    {"AND", {0xf0603300, 0x00020004}, kAnd, false},
    {"OR", {0xf0643300, 0x00020004}, kOr, false},
    {"XOR", {0xf0683300, 0x00020004}, kXor, false},
    {"INC", {0xf06c3300, 0x00020004}, kInc, false},
    {"DEC", {0xf0703300, 0x00020004}, kDec, false},
};
constexpr AtomicOp kSint64Ops[] = {
    {"SWAP", {0xf0403300, 0x00020004}, kSwap, true},
    {"CMPSWAP", {0xf0443f00, 0x00020004}, kCmpSwap, true},
    {"ADD", {0xf0483300, 0x00020004}, kAdd, true},
    {"SUB", {0xf04c3300, 0x00020004}, kSub, true},
    {"SMIN", {0xf0503300, 0x00020004}, kMin, true},
    {"SMAX", {0xf0583300, 0x00020004}, kMax, true},
    {"AND", {0xf0603300, 0x00020004}, kAnd, true},
    {"OR", {0xf0643300, 0x00020004}, kOr, true},
    {"XOR", {0xf0683300, 0x00020004}, kXor, true},
    {"INC", {0xf06c3300, 0x00020004}, kInc, true},
    {"DEC", {0xf0703300, 0x00020004}, kDec, true},
};
// image_atomic_add v[0:1], v[4:5], s[8:15] dmask:0x3 unorm (no GLC).
constexpr uint32_t kAdd64NoGlc[] = {0xf0481300, 0x00020004};

struct Format {
  FormatId id;
  VkFormat vk;
  const char* shader;
  std::span<const AtomicOp> ops;
};

// The value after `op` on the 32- or 64-bit `mem` with data `d` and compare value `cmp`
// (docs/sampling.md's table).
template <typename T>
T Apply(const AtomicOp& a, T mem, T d, T cmp) {
  using S = std::make_signed_t<T>;
  const auto s = [](T x) { return static_cast<S>(x); };
  switch (a.op) {
    case kSwap:
      return d;
    case kCmpSwap:
      return mem == cmp ? d : mem;
    case kAdd:
      return static_cast<T>(mem + d);
    case kSub:
      return static_cast<T>(mem - d);
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

// A 32- or 64-bit value with the edges the ops distinguish: 0, 1, the sign boundary, all ones,
// neighbours of `near` (for CMPSWAP matches and INC/DEC bounds), and for 64 bits the carry
// between the dwords (0xFFFFFFFF, 2^32).
template <typename T>
T Special(std::mt19937& rng, T near) {
  constexpr bool kWide = sizeof(T) == 8;
  switch (rng() % (kWide ? 14 : 12)) {
    case 0:
      return 0;
    case 1:
      return 1;
    case 2:
      return std::numeric_limits<T>::max() >> 1;
    case 3:
      return static_cast<T>(~(std::numeric_limits<T>::max() >> 1));
    case 4:
      return std::numeric_limits<T>::max();
    case 5:
      return near;
    case 6:
      return near + 1;
    case 7:
      return near - 1;
    case 8:
      return rng() % 64;
    case 12:
      return static_cast<T>(0xFFFFFFFFull);
    case 13:
      return static_cast<T>(0x100000000ull);
    default:
      return kWide ? static_cast<T>((uint64_t{rng()} << 32) | rng()) : static_cast<T>(rng());
  }
}

// One lane: its texel, its data and compare value (32- or 64-bit).
template <typename T>
struct LaneOf {
  uint32_t x, y;
  T data, cmp;
};
using Lane = LaneOf<uint32_t>;

// The lanes through gcn::Execute (x and y in v4, v5; 32-bit: data in v0, compare value in v1;
// 64-bit: data in v[0:1], compare value in v[2:3], low dwords first) on `bytes` (updated in
// place); returns v0 (64-bit: v[0:1]) of each lane after the op (its data when nothing is
// returned).
template <typename T>
std::vector<T> RunTexunit(const Runtime& runtime, std::span<const uint32_t> words, FormatId id,
                          uint32_t w, uint32_t h, std::vector<uint8_t>& bytes,
                          std::span<const LaneOf<T>> lanes) {
  constexpr bool kWide = sizeof(T) == 8;
  const ImageDesc image = MakeImage2D(id, w, h, 1, kBase);
  Memory memory;
  EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  std::vector<uint32_t> sgprs(104, 0);
  EXPECT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, std::span(sgprs).subspan(8, 8)).ok());
  std::vector<T> out(lanes.size());
  const Status st = ExecuteLanes(
      runtime, Gfx::kGfx8, words, sgprs, memory, lanes.size(),
      [&](size_t i, LaneRegs r) {
        const uint64_t d = lanes[i].data, c = lanes[i].cmp;
        r.v(0) = static_cast<uint32_t>(d);
        if (kWide) {
          r.v(1) = static_cast<uint32_t>(d >> 32);
          r.v(2) = static_cast<uint32_t>(c);
          r.v(3) = static_cast<uint32_t>(c >> 32);
        } else {
          r.v(1) = static_cast<uint32_t>(c);
        }
        r.v(4) = lanes[i].x;
        r.v(5) = lanes[i].y;
      },
      [&](size_t i, LaneRegs r) {
        out[i] = static_cast<T>(kWide ? (uint64_t{r.v(1)} << 32) | r.v(0) : r.v(0));
      });
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

// The same lanes as imageAtomic* on lavapipe; `bytes` is replaced by the image after them.
template <typename T>
bool RunLavapipe(VkRunner* runner, const Format& f, Op op, uint32_t w, uint32_t h,
                 const ImageLayout& layout, std::vector<uint8_t>& bytes,
                 std::span<const LaneOf<T>> lanes, std::vector<T>* returned, std::string* error) {
  constexpr bool kWide = sizeof(T) == 8;
  std::vector<std::array<uint32_t, 4>> operands;
  for (const LaneOf<T>& l : lanes) {
    const uint64_t d = l.data, c = l.cmp;
    operands.push_back({l.x, l.y, op, 0});
    if (kWide) {
      operands.push_back({static_cast<uint32_t>(d), static_cast<uint32_t>(d >> 32),
                          static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32)});
    } else {
      operands.push_back({static_cast<uint32_t>(d), static_cast<uint32_t>(c), 0, 0});
    }
  }
  const Image2D image{f.vk, w, h, 1, &layout, bytes};
  std::vector<std::array<uint32_t, 4>> out;
  std::vector<uint8_t> after;
  if (!runner->RunStorage(image, f.shader, operands, &out, &after, error, 2)) return false;
  bytes = after;
  returned->resize(lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) {
    (*returned)[i] = static_cast<T>(kWide ? (uint64_t{out[i][1]} << 32) | out[i][0] : out[i][0]);
  }
  return true;
}

// The element of texel (x, y).
template <typename T = uint32_t>
T Word(const std::vector<uint8_t>& bytes, const ImageLayout& layout, uint32_t x, uint32_t y) {
  T v;
  std::memcpy(&v, &bytes[(static_cast<size_t>(y) * layout.levels[0].pitch + x) * sizeof(T)],
              sizeof(T));
  return v;
}

const Format kFormats[] = {
    {FormatId::kR32_UINT, VK_FORMAT_R32_UINT, "atomic_uint", kUintOps},
    {FormatId::kR32_SINT, VK_FORMAT_R32_SINT, "atomic_sint", kSintOps},
};
const Format kFormats64[] = {
    {FormatId::kR32G32_UINT, VK_FORMAT_R64_UINT, "atomic_uint64", kUint64Ops},
    {FormatId::kR32G32_SINT, VK_FORMAT_R64_SINT, "atomic_sint64", kSint64Ops},
};

using AtomicConformance = LavapipeTest;

// Every lane of a kW x kH image on its own texel (a permutation of the image, four waves, the
// last one of 3 lanes) with op `a` of format `f`: returned values and final memory exact, lane by
// lane. Returns the lanes judged (0 when lavapipe failed).
template <typename T>
int OwnTexelOp(VkRunner* runner, const Runtime& runtime, const Format& f, const AtomicOp& a,
               std::span<const uint32_t> no_glc_add) {
  constexpr uint32_t kW = 37, kH = 7;  // 259 texels
  const ImageDesc desc = MakeImage2D(f.id, kW, kH, 1, kBase);
  ImageLayout layout;
  EXPECT_TRUE(ComputeImageLayout(desc, &layout).ok());
  std::mt19937 rng(static_cast<uint32_t>(a.op) * 977u + static_cast<uint32_t>(f.id));
  std::vector<uint8_t> initial(layout.total_bytes);
  for (size_t i = 0; i + sizeof(T) <= initial.size(); i += sizeof(T)) {
    const T v = Special<T>(rng, rng());
    std::memcpy(&initial[i], &v, sizeof(T));
  }
  // Lane i writes texel order[i]: a permutation, so no texel is touched twice.
  std::vector<uint32_t> order(kW * kH);
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<LaneOf<T>> lanes(order.size());
  for (size_t i = 0; i < lanes.size(); ++i) {
    LaneOf<T>& l = lanes[i];
    l.x = order[i] % kW;
    l.y = order[i] / kW;
    const T mem = Word<T>(initial, layout, l.x, l.y);
    l.data = Special<T>(rng, mem);
    // CMPSWAP: half the lanes compare equal.
    l.cmp = rng() % 2 ? mem : Special<T>(rng, mem);
  }
  std::vector<uint8_t> ours = initial, theirs = initial;
  const std::vector<T> ours_ret =
      RunTexunit<T>(runtime, a.words, f.id, kW, kH, ours, std::span<const LaneOf<T>>(lanes));
  std::vector<T> theirs_ret;
  std::string error;
  if (!RunLavapipe<T>(runner, f, a.op, kW, kH, layout, theirs, std::span<const LaneOf<T>>(lanes),
                      &theirs_ret, &error)) {
    ADD_FAILURE() << FormatName(f.id) << " " << a.name << ": " << error;
    return 0;
  }
  int wrong = 0;
  std::string first;
  for (size_t i = 0; i < lanes.size(); ++i) {
    const LaneOf<T>& l = lanes[i];
    const T mem = Word<T>(initial, layout, l.x, l.y);
    const T model = Apply<T>(a, mem, l.data, l.cmp);
    const T o = Word<T>(ours, layout, l.x, l.y), t = Word<T>(theirs, layout, l.x, l.y);
    if (ours_ret[i] == theirs_ret[i] && o == t) continue;
    if (++wrong == 1) {
      char buf[400];
      std::snprintf(buf, sizeof(buf),
                    "lane %zu texel (%u, %u): mem %llx data %llx cmp %llx: returned texunit "
                    "%llx lavapipe %llx (model %llx), final texunit %llx lavapipe %llx "
                    "(model %llx)",
                    i, l.x, l.y, static_cast<unsigned long long>(mem),
                    static_cast<unsigned long long>(l.data), static_cast<unsigned long long>(l.cmp),
                    static_cast<unsigned long long>(ours_ret[i]),
                    static_cast<unsigned long long>(theirs_ret[i]),
                    static_cast<unsigned long long>(mem), static_cast<unsigned long long>(o),
                    static_cast<unsigned long long>(t), static_cast<unsigned long long>(model));
      first = buf;
    }
  }
  std::printf("  %-9s %-8s %zu lanes judged (returned value and final texel), %d wrong\n",
              FormatName(f.id), a.name, lanes.size(), wrong);
  EXPECT_EQ(wrong, 0) << FormatName(f.id) << " " << a.name << ": " << first;

  // Without GLC: the same final memory as lavapipe's, and the data registers untouched.
  if (a.op == kAdd) {
    std::vector<uint8_t> no_glc = initial;
    const std::vector<T> kept =
        RunTexunit<T>(runtime, no_glc_add, f.id, kW, kH, no_glc, std::span<const LaneOf<T>>(lanes));
    EXPECT_EQ(no_glc, theirs) << FormatName(f.id) << " ADD without GLC: final memory";
    for (size_t i = 0; i < lanes.size(); ++i) {
      EXPECT_EQ(kept[i], lanes[i].data) << "ADD without GLC wrote the data of lane " << i;
    }
  }
  return static_cast<int>(lanes.size());
}

// Every lane on its own texel: returned values and final memory exact, lane by lane.
TEST_F(AtomicConformance, OwnTexelReturnsAndFinalMemoryMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  int total = 0, ops = 0;
  for (const Format& f : kFormats) {
    if (!runner()->CanStorageAtomic(f.vk)) {
      std::printf("  %s: no storage image atomics on lavapipe, skipped\n", FormatName(f.id));
      continue;
    }
    for (const AtomicOp& a : f.ops) {
      total += OwnTexelOp<uint32_t>(runner(), runtime(), f, a, kAddNoGlc);
      ++ops;
    }
  }
  std::printf("%d ops, %d lanes judged exactly, 0 open (%s)\n", ops, total,
              runner()->device_name().c_str());
  EXPECT_GE(ops, 22);
}

// 64-bit atomics (VK_EXT_shader_image_atomic_int64 on R64_UINT / R64_SINT against texunit's
// 64-bit forms on R32G32_UINT / R32G32_SINT: the same opcodes with DMASK 0x3, 0xF for CMPSWAP;
// GFX8 has no separate _X2 opcodes): every lane on its own texel, returned values and final
// memory exact.
TEST_F(AtomicConformance, OwnTexel64BitReturnsAndFinalMemoryMatchLavapipe) {
  if (runner() == nullptr) GTEST_SKIP() << "lavapipe unavailable: " << why();
  if (!runner()->CanImageInt64Atomics()) GTEST_SKIP() << runner()->image_int64_why();
  int total = 0, ops = 0;
  for (const Format& f : kFormats64) {
    if (!runner()->CanStorageAtomic(f.vk)) {
      std::printf("  %s: no storage image atomics on lavapipe, skipped\n", FormatName(f.id));
      continue;
    }
    for (const AtomicOp& a : f.ops) {
      total += OwnTexelOp<uint64_t>(runner(), runtime(), f, a, kAdd64NoGlc);
      ++ops;
    }
  }
  std::printf("%d 64-bit ops, %d lanes judged exactly, 0 open (%s)\n", ops, total,
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
        mem[t] = Special<uint32_t>(rng, rng());
        // INC/DEC bounds a few dozen steps away so that 64 lanes wrap through them.
        same_data[t] =
            (a.op == kInc || a.op == kDec) ? mem[t] + rng() % 40 : Special<uint32_t>(rng, mem[t]);
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
          l.data = a.op == kCmpSwap ? static_cast<uint32_t>(i) * 2654435761u + 1u
                                    : Special<uint32_t>(rng, mem[t]);
          l.cmp = mem[t];
        }
      }
      std::vector<uint8_t> ours = initial, theirs = initial;
      const std::vector<uint32_t> ours_ret =
          RunTexunit<uint32_t>(runtime(), a.words, f.id, kW, kH, ours, lanes);
      std::vector<uint32_t> theirs_ret;
      std::string error;
      ASSERT_TRUE(RunLavapipe<uint32_t>(runner(), f, a.op, kW, kH, layout, theirs, lanes,
                                        &theirs_ret, &error))
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
