// The per-thread wave-setup cache (src/sampler/wave_setup_cache.h) must be invisible: every
// request gets the result a freshly prepared setup gives, whatever changed since the last one with
// the same descriptors' addresses: descriptor fields edited in place, memory remapped behind the
// same Memory or a new Memory object at its address, border colors rewritten, operands dropped,
// fewer lanes, a tiny texture rewritten. Each expectation is the texel value the test wrote,
// computed by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "sampler/wave_setup.h"
#include "sampler/wave_setup_cache.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x10000;

std::unique_ptr<Runtime> MakeRuntime() {
  std::unique_ptr<Runtime> rt;
  RuntimeOptions opt;
  opt.threads = 1;
  EXPECT_TRUE(Runtime::Create(opt, &rt).ok());
  return rt;
}

float Unorm8(int v) { return static_cast<float>(v) / 255.0f; }

// An 8x8 RGBA8 texture whose texel (x, y) has X = seed + 8y + x, Y = seed, Z = 255 - x, W = 255,
// and a wave of `lanes` point samples (SAMPLE_LZ) at texel centres: lane i reads (i % 8, i / 8).
struct Fixture {
  std::vector<uint8_t> bytes = std::vector<uint8_t>(8 * 8 * 4);
  Memory memory;
  ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 8, 8, 1, kBase);
  SamplerDesc sampler;
  std::vector<uint32_t> s = std::vector<uint32_t>(64), t = std::vector<uint32_t>(64);
  std::vector<uint32_t> out[4];
  TexRequest req;

  Fixture() {
    Fill(bytes.data(), 0);
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
    sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kPoint;
    sampler.trunc_coord = true;
    for (uint32_t i = 0; i < 64; ++i) {
      s[i] = std::bit_cast<uint32_t>((static_cast<float>(i % 8) + 0.5f) / 8.0f);
      t[i] = std::bit_cast<uint32_t>((static_cast<float>(i / 8) + 0.5f) / 8.0f);
    }
    for (auto& o : out) o.assign(64, 0xDEADBEEF);
    req.op = {OpKind::kSample, kOpLz, AtomicOp::kNone};
    req.mods.dmask = 0xF;
    req.image = &image;
    req.sampler = &sampler;
    req.memory = &memory;
    req.in.coord[0] = s.data();
    req.in.coord[1] = t.data();
    for (int k = 0; k < 4; ++k) req.out.data[k] = out[k].data();
  }

  static void Fill(uint8_t* p, int seed) {
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) {
        uint8_t* texel = p + (y * 8 + x) * 4;
        texel[0] = static_cast<uint8_t>(seed + 8 * y + x);
        texel[1] = static_cast<uint8_t>(seed);
        texel[2] = static_cast<uint8_t>(255 - x);
        texel[3] = 255;
      }
    }
  }

  // Every lane below `lanes` read its texel of a texture filled with `seed`.
  void ExpectTexels(int seed, uint32_t lanes = 64) const {
    for (uint32_t i = 0; i < lanes; ++i) {
      const int x = static_cast<int>(i % 8), y = static_cast<int>(i / 8);
      ASSERT_EQ(std::bit_cast<float>(out[0][i]), Unorm8((seed + 8 * y + x) & 255)) << "lane " << i;
      ASSERT_EQ(std::bit_cast<float>(out[1][i]), Unorm8(seed & 255)) << "lane " << i;
      ASSERT_EQ(std::bit_cast<float>(out[2][i]), Unorm8(255 - x)) << "lane " << i;
      ASSERT_EQ(std::bit_cast<float>(out[3][i]), 1.0f) << "lane " << i;
    }
  }
};

TEST(SetupCache, RepeatedRequestsReadTheCurrentTexels) {
  auto rt = MakeRuntime();
  Fixture f;
  for (int seed = 0; seed < 3; ++seed) {
    Fixture::Fill(f.bytes.data(), seed * 10);  // same memory, new contents
    ASSERT_TRUE(rt->Execute(f.req).ok());
    f.ExpectTexels(seed * 10);
  }
}

TEST(SetupCache, DescriptorEditedInPlaceIsSeen) {
  auto rt = MakeRuntime();
  Fixture f;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(0);
  // DST_SEL edited in the same ImageDesc object: X now returns Z.
  f.image.dst_sel[0] = DstSel::kZ;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  EXPECT_EQ(std::bit_cast<float>(f.out[0][3]), Unorm8(255 - 3));
  f.image.dst_sel[0] = DstSel::kX;
  // The S# edited in place: bilinear at texel (0, 0)'s centre + half a texel in x averages
  // texels (0, 0) and (1, 0): X = (0 + 1) / 2 codes.
  f.sampler.xy_mag_filter = f.sampler.xy_min_filter = XyFilter::kBilinear;
  f.s[0] = std::bit_cast<uint32_t>(1.0f / 8.0f);
  ASSERT_TRUE(rt->Execute(f.req).ok());
  EXPECT_EQ(std::bit_cast<float>(f.out[0][0]), 0.5f / 255.0f);
  // And back to POINT: the same coordinate reads one texel again (1/8 is texel 1's left edge).
  f.sampler.xy_mag_filter = f.sampler.xy_min_filter = XyFilter::kPoint;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  EXPECT_EQ(std::bit_cast<float>(f.out[0][0]), Unorm8(1));
}

TEST(SetupCache, OutOfRangeDescriptorAfterAValidOneIsRejected) {
  auto rt = MakeRuntime();
  Fixture f;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.image.width = 16;  // the footprint now runs past the registered 256 bytes
  f.image.pitch = 16;
  const Status st = rt->Execute(f.req);
  EXPECT_EQ(st.code(), StatusCode::kOutOfRange) << st.ToString();
  f.image.width = f.image.pitch = 8;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(0);
}

// A translator that maps the texture's address to one of two host copies.
struct TwoCopies {
  std::vector<uint8_t> copy[2] = {std::vector<uint8_t>(256), std::vector<uint8_t>(256)};
  int current = 0;
  static uint8_t* Translate(void* user, uint64_t address, uint64_t size, bool) {
    auto* self = static_cast<TwoCopies*>(user);
    if (address < kBase || address + size > kBase + 256) return nullptr;
    return self->copy[self->current].data() + (address - kBase);
  }
};

TEST(SetupCache, MemoryRemappedBehindTheSameAddressIsSeen) {
  auto rt = MakeRuntime();
  Fixture f;
  TwoCopies copies;
  Fixture::Fill(copies.copy[0].data(), 40);
  Fixture::Fill(copies.copy[1].data(), 80);
  Memory translated;
  translated.SetTranslator(&TwoCopies::Translate, &copies);
  f.req.memory = &translated;
  for (int round = 0; round < 4; ++round) {
    copies.current = round % 2;
    ASSERT_TRUE(rt->Execute(f.req).ok());
    f.ExpectTexels(round % 2 == 0 ? 40 : 80);
  }
  // Unmapped: the request fails instead of reading the last mapping.
  copies.current = 0;
  f.image.base_address = kBase + 256;
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kOutOfRange);
}

// Without a translator, the cache keeps the host pointer it resolved while the Memory's
// mapping_version is unchanged; every way of changing the mapping behind the same Memory address
// must still be seen.
TEST(SetupCache, MemoryObjectReplacedAtTheSameAddressIsSeen) {
  auto rt = MakeRuntime();
  Fixture f;
  std::vector<uint8_t> other(256), third(256);
  Fixture::Fill(other.data(), 50);
  Fixture::Fill(third.data(), 90);
  // Storage that holds one Memory object after another (as a reused slot of an emulator would).
  alignas(Memory) unsigned char storage[sizeof(Memory)];
  Memory* memory = new (storage) Memory();
  ASSERT_TRUE(memory->AddRegion(kBase, f.bytes.data(), f.bytes.size()).ok());
  f.req.memory = memory;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(0);
  // A new Memory object in the same storage, mapping the texture elsewhere.
  memory->~Memory();
  memory = new (storage) Memory();
  ASSERT_TRUE(f.req.memory == memory);
  ASSERT_TRUE(memory->AddRegion(kBase, other.data(), other.size()).ok());
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(50);
  // Copy-assigned from another mapping.
  Memory copy;
  ASSERT_TRUE(copy.AddRegion(kBase, third.data(), third.size()).ok());
  *memory = copy;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(90);
  // Moved from: it maps nothing now, so the request fails instead of reading the last host range.
  Memory taken = std::move(*memory);
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kOutOfRange);
  // A region added to an empty Memory maps the texture again.
  ASSERT_TRUE(memory->AddRegion(kBase, other.data(), other.size()).ok());
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(50);
  memory->~Memory();
}

TEST(MemoryMappingVersion, ChangesWithEveryMappingAndDiffersBetweenObjects) {
  Memory a, b;
  EXPECT_NE(a.mapping_version(), 0u);
  EXPECT_NE(a.mapping_version(), b.mapping_version());
  std::vector<uint8_t> bytes(64);
  uint64_t v = a.mapping_version();
  ASSERT_TRUE(a.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  EXPECT_NE(a.mapping_version(), v);
  v = a.mapping_version();
  EXPECT_FALSE(a.AddRegion(kBase, bytes.data(), bytes.size()).ok());  // overlaps: no change
  EXPECT_EQ(a.mapping_version(), v);
  a.SetTranslator(&TwoCopies::Translate, nullptr);
  EXPECT_NE(a.mapping_version(), v);
  EXPECT_TRUE(a.has_translator());
  const Memory copy = a;
  EXPECT_NE(copy.mapping_version(), a.mapping_version());
  v = a.mapping_version();
  Memory moved = std::move(a);
  EXPECT_NE(a.mapping_version(), v);  // NOLINT(bugprone-use-after-move): the moved-from state
  EXPECT_NE(moved.mapping_version(), v);
  EXPECT_EQ(a.Resolve(kBase, 4, false), nullptr);  // NOLINT(bugprone-use-after-move)
  b = moved;
  EXPECT_NE(b.mapping_version(), moved.mapping_version());
}

TEST(SetupCache, RegisterBorderColorRewrittenInPlaceIsSeen) {
  auto rt = MakeRuntime();
  Fixture f;
  f.sampler.clamp_x = f.sampler.clamp_y = ClampMode::kClampBorder;
  f.sampler.border_color_type = BorderColorType::kRegister;
  f.sampler.border_color_ptr = 1;
  uint32_t table[2][4] = {};
  f.req.border_color_table = table;
  f.req.border_color_count = 2;
  f.s[0] = std::bit_cast<uint32_t>(-1.0f);  // lane 0 outside the texture: the border color
  for (float v : {0.25f, 0.75f}) {
    for (int c = 0; c < 4; ++c) table[1][c] = std::bit_cast<uint32_t>(v);
    ASSERT_TRUE(rt->Execute(f.req).ok());
    for (int c = 0; c < 4; ++c) EXPECT_EQ(std::bit_cast<float>(f.out[c][0]), v) << c;
  }
  // The table shrunk so that the entry is gone: an error, not the remembered color.
  f.req.border_color_count = 1;
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kInvalidArgument);
}

TEST(SetupCache, MissingOperandAfterAValidRequestIsRejected) {
  auto rt = MakeRuntime();
  Fixture f;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.req.out.data[2] = nullptr;
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kInvalidArgument);
  f.req.out.data[2] = f.out[2].data();
  f.req.in.coord[1] = nullptr;
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kInvalidArgument);
  f.req.in.coord[1] = f.t.data();
  // New arrays with the same presence: results land in the new ones.
  std::vector<uint32_t> other(64, 0);
  f.req.out.data[0] = other.data();
  ASSERT_TRUE(rt->Execute(f.req).ok());
  EXPECT_EQ(std::bit_cast<float>(other[9]), Unorm8(9));
}

TEST(SetupCache, LanesAndExecChangeBetweenRequests) {
  auto rt = MakeRuntime();
  Fixture f;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  for (auto& o : f.out) o.assign(64, 0xDEADBEEF);
  f.req.lane_count = 5;
  f.req.exec = 0b10110ull | (1ull << 40);  // lane 40 is past lane_count: ignored
  ASSERT_TRUE(rt->Execute(f.req).ok());
  for (uint32_t i = 0; i < 64; ++i) {
    const bool written = i < 5 && ((0b10110u >> i) & 1);
    if (written) {
      EXPECT_EQ(std::bit_cast<float>(f.out[0][i]), Unorm8(static_cast<int>(i))) << i;
    } else {
      EXPECT_EQ(f.out[0][i], 0xDEADBEEFu) << i;
    }
  }
  f.req.lane_count = 0;
  EXPECT_EQ(rt->Execute(f.req).code(), StatusCode::kInvalidArgument);
  f.req.lane_count = 64;
  f.req.exec = ~0ull;
  ASSERT_TRUE(rt->Execute(f.req).ok());
  f.ExpectTexels(0);
}

TEST(SetupCache, TinyTextureRewrittenBetweenRequestsIsSeen) {
  // A 1x1 R8 texture (1 byte) is copied into the setup when prepared; rewriting it must show.
  auto rt = MakeRuntime();
  Fixture f;
  alignas(4) uint8_t texel[4] = {7};
  Memory memory;
  ASSERT_TRUE(memory.AddRegion(kBase, texel, 1).ok());
  f.image = MakeImage2D(FormatId::kR8_UNORM, 1, 1, 1, kBase);
  f.req.memory = &memory;
  for (int v : {7, 200, 13}) {
    texel[0] = static_cast<uint8_t>(v);
    const Status st = rt->Execute(f.req);
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(std::bit_cast<float>(f.out[0][0]), Unorm8(v));
  }
}

TEST(SetupCache, ManyTexturesInTurnEachReadTheirOwn) {
  // More textures than the cache has entries, in a cycle: every request is served correctly.
  auto rt = MakeRuntime();
  constexpr int kTextures = 7;
  std::vector<std::unique_ptr<Fixture>> fs;
  for (int i = 0; i < kTextures; ++i) {
    fs.push_back(std::make_unique<Fixture>());
    Fixture::Fill(fs.back()->bytes.data(), 30 * i);
  }
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kTextures; ++i) {
      // Shared descriptors: the request's own image and memory change, the S# stays.
      Fixture& f = *fs[static_cast<size_t>((i * 3 + round) % kTextures)];
      for (auto& o : f.out) o.assign(64, 0);
      ASSERT_TRUE(rt->Execute(f.req).ok());
      f.ExpectTexels(30 * ((i * 3 + round) % kTextures));
    }
  }
}

TEST(SetupCache, RuntimesWithDifferentFastPathsShareAThread) {
  // The setup depends on RuntimeOptions::format_fast_paths; both runtimes give the same texels.
  std::unique_ptr<Runtime> fast = MakeRuntime(), slow;
  RuntimeOptions opt;
  opt.threads = 1;
  opt.format_fast_paths = false;
  ASSERT_TRUE(Runtime::Create(opt, &slow).ok());
  Fixture f;
  for (int i = 0; i < 4; ++i) {
    for (auto& o : f.out) o.assign(64, 0);
    ASSERT_TRUE((i % 2 ? slow : fast)->Execute(f.req).ok());
    f.ExpectTexels(0);
  }
}

// The cache compares only the operand and result pointers whose presence PrepareWave read
// (WaveSetup::array_reads). Whatever one pointer of a valid request is changed to (null, or an
// array where there was none), the cached setup must agree with a fresh PrepareWave: the same
// status code and, when it succeeds, the same key. A read the setup did not record would let the
// cache pass a request PrepareWave rejects (or keep a status dword it no longer writes).
TEST(SetupCache, EveryOperandPointerIsComparedWherePrepareWaveReadsIt) {
  Fixture f;
  std::vector<uint32_t> dummy(64, 0);
  struct Variant {
    const char* name;
    Op op;
    uint8_t dmask;
    bool tfe;
    bool sampler;
  };
  const Variant variants[] = {
      {"sample_lz", {OpKind::kSample, kOpLz}, 0xF, false, true},
      {"sample_l_o", {OpKind::kSample, kOpLod | kOpOffset}, 0x3, false, true},
      {"sample_b_cl", {OpKind::kSample, kOpBias | kOpClamp}, 0x1, false, true},
      {"sample_d", {OpKind::kSample, kOpDeriv}, 0xF, false, true},
      {"sample_lz tfe", {OpKind::kSample, kOpLz}, 0xF, true, true},
      {"gather4_lz", {OpKind::kGather4, kOpLz}, 0x1, false, true},
      {"load_mip", {OpKind::kLoad, kOpMip}, 0xF, false, false},
      {"store", {OpKind::kStore, 0}, 0x5, false, false},
  };
  constexpr size_t kPointers = kOperandArrays + kResultArrays;
  for (const Variant& v : variants) {
    TexRequest base = f.req;
    base.op = v.op;
    base.mods.dmask = v.dmask;
    base.mods.tfe = v.tfe;
    base.sampler = v.sampler ? &f.sampler : nullptr;
    // Every pointer the op takes, and no other: a 64-lane array each.
    base.in = TexOperands{};
    base.out = TexResults{};
    base.in.coord[0] = base.in.coord[1] = dummy.data();
    if (v.op.flags & kOpMip) base.in.mip = dummy.data();
    if (v.op.flags & kOpLod) base.in.lod = dummy.data();
    if (v.op.flags & kOpBias) base.in.bias = dummy.data();
    if (v.op.flags & kOpClamp) base.in.clamp = dummy.data();
    if (v.op.flags & kOpOffset) base.in.offset = dummy.data();
    if (v.op.flags & kOpDeriv) {
      for (auto& d : base.in.deriv) d[0] = d[1] = dummy.data();
    }
    if (v.op.kind == OpKind::kStore) {
      base.in.data[0] = base.in.data[1] = dummy.data();
    } else {
      const int n = v.op.kind == OpKind::kGather4 ? 4 : std::popcount(v.dmask);
      for (int k = 0; k < n; ++k) base.out.data[k] = f.out[k].data();
      if (v.tfe) base.out.status = dummy.data();
    }
    {
      WaveSetup fresh;
      ASSERT_TRUE(PrepareWave(base, ExecOptions{}, &fresh).ok()) << v.name;
    }
    for (size_t i = 0; i < kPointers; ++i) {
      TexRequest r = base;
      auto* words = reinterpret_cast<unsigned char*>(&r.in);
      const uint32_t* p;
      std::memcpy(&p, words + i * sizeof(p), sizeof(p));
      p = p == nullptr ? dummy.data() : nullptr;
      std::memcpy(words + i * sizeof(p), &p, sizeof(p));
      WaveSetup fresh;
      const Status want = PrepareWave(r, ExecOptions{}, &fresh);
      const WaveSetup* warm = nullptr;
      ASSERT_TRUE(PrepareWaveCached(base, ExecOptions{}, &warm).ok()) << v.name;
      const WaveSetup* cached = nullptr;
      const Status got = PrepareWaveCached(r, ExecOptions{}, &cached);
      ASSERT_EQ(got.code(), want.code()) << v.name << ", pointer " << i << ": " << want.ToString();
      if (want.ok()) {
        EXPECT_TRUE(cached->key == fresh.key) << v.name << ", pointer " << i;
      }
    }
  }
}

}  // namespace
}  // namespace texunit
