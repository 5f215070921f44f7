// The per-thread decoded-descriptor cache of gcn::Execute: whatever the order of lookups, a
// cached decode equals DecodeImageDesc / DecodeSamplerDesc on the same dwords (the independent
// decoder is the expectation), including after a descriptor's words change in place, after more
// distinct descriptors than the cache holds, across generations and for 4- and 8-dword T#s; and
// the remembered T#/S# pair is served only for the dwords it was remembered with.
#include "isa/gcn/descriptor_cache.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

namespace texunit::gcn {
namespace {

constexpr Gfx kGens[] = {Gfx::kGfx6, Gfx::kGfx7, Gfx::kGfx8, Gfx::kGfx9, Gfx::kGfx10};

template <typename Desc, typename Direct, typename Cached>
void ExpectSameAsDirect(Gfx gfx, std::span<const uint32_t> words, Direct direct, Cached cached,
                        int it) {
  Desc want, got;
  const Status a = direct(gfx, words, &want);
  const Status b = cached(gfx, words, &got);
  ASSERT_EQ(a.code(), b.code()) << "iteration " << it;
  ASSERT_EQ(a.message(), b.message()) << "iteration " << it;
  if (a.ok()) {
    ASSERT_TRUE(want == got) << "iteration " << it;
  }
}

// The in-place form: the entry equals the decoder's result, or nullptr with the decoder's error.
template <typename Desc, typename Direct, typename LookUpFn>
void ExpectLookUpSameAsDirect(Gfx gfx, std::span<const uint32_t> words, Direct direct,
                              LookUpFn look_up, int it) {
  Desc want;
  const Status a = direct(gfx, words, &want);
  Status b;
  const Desc* got = look_up(gfx, words, &b);
  ASSERT_EQ(a.ok(), got != nullptr) << "iteration " << it;
  if (a.ok()) {
    ASSERT_TRUE(want == *got) << "iteration " << it;
  } else {
    ASSERT_EQ(a.code(), b.code()) << "iteration " << it;
    ASSERT_EQ(a.message(), b.message()) << "iteration " << it;
  }
}

TEST(DescriptorCache, ImageDecodesEqualTheDecoderInAnyOrder) {
  std::mt19937_64 rng(11);
  // Seven descriptors for a four-entry cache; half of the random ones fail to decode (reserved
  // formats, bad DST_SEL, ...), which exercises the uncached error path too.
  std::vector<std::array<uint32_t, 8>> pool(7);
  for (auto& t : pool) {
    for (auto& w : t) w = static_cast<uint32_t>(rng());
  }
  pool[0] = {};  // unbound
  ImageDesc valid = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 32, 3, 0x10000);
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, valid, pool[1]).ok());
  int decoded = 0;
  for (int it = 0; it < 20000; ++it) {
    auto& t = pool[rng() % pool.size()];
    if (rng() % 8 == 0) t[rng() % 8] ^= 1u << (rng() % 32);  // the registers change in place
    const Gfx gfx = kGens[rng() % 5];
    const size_t count = rng() % 4 == 0 ? 4 : 8;  // r128 reads the first four dwords
    ImageDesc probe;
    decoded += DecodeImageDesc(gfx, std::span<const uint32_t>(t.data(), count), &probe).ok();
    ExpectSameAsDirect<ImageDesc>(gfx, std::span<const uint32_t>(t.data(), count), DecodeImageDesc,
                                  DecodeImageDescCached, it);
    ExpectLookUpSameAsDirect<ImageDesc>(gfx, std::span<const uint32_t>(t.data(), count),
                                        DecodeImageDesc, LookUpImageDesc, it);
  }
  EXPECT_GT(decoded, 2000);  // the comparison covered successful decodes, not only errors
}

TEST(DescriptorCache, SamplerDecodesEqualTheDecoderInAnyOrder) {
  std::mt19937_64 rng(12);
  std::vector<std::array<uint32_t, 4>> pool(6);
  for (auto& s : pool) {
    for (auto& w : s) w = static_cast<uint32_t>(rng());
  }
  SamplerDesc point;
  ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx9, point, pool[0]).ok());
  for (int it = 0; it < 20000; ++it) {
    auto& s = pool[rng() % pool.size()];
    if (rng() % 8 == 0) s[rng() % 4] ^= 1u << (rng() % 32);
    const Gfx gfx = kGens[rng() % 5];
    ExpectSameAsDirect<SamplerDesc>(gfx, s, DecodeSamplerDesc, DecodeSamplerDescCached, it);
    ExpectLookUpSameAsDirect<SamplerDesc>(gfx, s, DecodeSamplerDesc, LookUpSamplerDesc, it);
  }
}

// The remembered T#/S# pair (what gcn::Execute checks first): whenever it is served, its two
// descriptors equal the decoder's on the dwords asked for, however the registers changed in place,
// other descriptors replaced cache entries, or the generation and S# presence changed. It must
// also be served: the same pair asked again with nothing in between is a hit.
TEST(DescriptorCache, RememberedPairIsServedOnlyForTheSameDwords) {
  std::mt19937_64 rng(13);
  std::vector<std::array<uint32_t, 8>> images(6);
  std::vector<std::array<uint32_t, 4>> samplers(3);
  for (auto& t : images) {
    for (auto& w : t) w = static_cast<uint32_t>(rng());
  }
  for (auto& s : samplers) {
    for (auto& w : s) w = static_cast<uint32_t>(rng());
  }
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8,
                              MakeImage2D(FormatId::kR8G8B8A8_UNORM, 64, 32, 3, 0x10000), images[0])
                  .ok());
  ASSERT_TRUE(
      EncodeImageDesc(Gfx::kGfx8, MakeImage2D(FormatId::kR32_FLOAT, 16, 16, 1, 0x20000), images[1])
          .ok());
  ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, SamplerDesc{}, samplers[0]).ok());
  int hits = 0, repeats = 0;
  // What an instruction reads: a T#, its dword count, an S# or none, the generation. Half the
  // instructions read what the one before read (an emulator's usual stream).
  size_t ti = 0, si = 0, tcount = 8;
  bool has_s = true;
  Gfx gfx = Gfx::kGfx8;
  for (int it = 0; it < 20000; ++it) {
    if (rng() % 2 == 0) {
      const bool any_image = rng() % 4 == 0;  // else one of the two that decode
      ti = rng() % (any_image ? images.size() : 2);
      si = rng() % samplers.size();
      tcount = rng() % 8 == 0 ? 4 : 8;
      has_s = rng() % 4 != 0;
      gfx = rng() % 8 == 0 ? kGens[rng() % 5] : Gfx::kGfx8;
    }
    auto& t = images[ti];
    auto& smp = samplers[si];
    if (rng() % 16 == 0) t[rng() % 8] ^= 1u << (rng() % 32);  // the registers change in place
    if (rng() % 16 == 0) smp[rng() % 4] ^= 1u << (rng() % 32);
    const std::span<const uint32_t> tw(t.data(), tcount);
    const std::span<const uint32_t> sw =
        has_s ? std::span<const uint32_t>(smp) : std::span<const uint32_t>();
    DescPair pair;
    if (LookUpDescPair(gfx, tw, sw, &pair)) {
      ++hits;
      ImageDesc image;
      ASSERT_TRUE(DecodeImageDesc(gfx, tw, &image).ok()) << "iteration " << it;
      ASSERT_TRUE(pair.image != nullptr && image == *pair.image) << "iteration " << it;
      if (sw.empty()) {
        ASSERT_EQ(pair.sampler, nullptr) << "iteration " << it;
      } else {
        SamplerDesc sampler;
        ASSERT_TRUE(DecodeSamplerDesc(gfx, sw, &sampler).ok()) << "iteration " << it;
        ASSERT_TRUE(pair.sampler != nullptr && sampler == *pair.sampler) << "iteration " << it;
      }
      continue;
    }
    // A miss: the two lookups gcn::Execute makes, then the pair remembered when both decode.
    Status error;
    pair.image = LookUpImageDesc(gfx, tw, &error);
    pair.sampler = sw.empty() ? nullptr : LookUpSamplerDesc(gfx, sw, &error);
    if (pair.image == nullptr || (!sw.empty() && pair.sampler == nullptr)) continue;
    RememberDescPair(gfx, tw, sw, pair);
    DescPair again;
    ASSERT_TRUE(LookUpDescPair(gfx, tw, sw, &again)) << "iteration " << it;
    ASSERT_EQ(again.image, pair.image);
    ASSERT_EQ(again.sampler, pair.sampler);
    ++repeats;
  }
  EXPECT_GT(hits, 500);  // served often (820 times with this seed), and checked each time
  EXPECT_GT(repeats, 500);
}

TEST(DescriptorCache, NullOutputAndOverlongSpansAreTheDecodersErrors) {
  const uint32_t words[9] = {};
  EXPECT_EQ(DecodeImageDescCached(Gfx::kGfx9, std::span<const uint32_t>(words, 8), nullptr).code(),
            DecodeImageDesc(Gfx::kGfx9, std::span<const uint32_t>(words, 8), nullptr).code());
  ImageDesc d;
  EXPECT_EQ(DecodeImageDescCached(Gfx::kGfx9, words, &d).code(),
            DecodeImageDesc(Gfx::kGfx9, words, &d).code());
  Status error;
  EXPECT_EQ(LookUpImageDesc(Gfx::kGfx9, words, &error), nullptr);
  EXPECT_EQ(error.code(), DecodeImageDesc(Gfx::kGfx9, words, &d).code());
}

}  // namespace
}  // namespace texunit::gcn
