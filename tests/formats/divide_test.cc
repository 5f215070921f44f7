// DivideByConstant and DivideAnyByConstant (texel_decode-inl.h), which turn UNORM and SNORM codes
// into values with one product and an FMA correction instead of a division, must give exactly
// what the division gives (the first for finite x, the second for any x), on every compiled
// target this CPU runs. x / d scales with x's exponent, so every binary32 of one binade, [1, 2),
// stands for every quotient in the normal range: that binade is swept whole for the divisors of
// 8- and 16-bit channels (255, 65535, 127, 32767) and in steps of 64 floats for every other
// 2^n - 1 up to n = 32, with its negation (SNORM), every integer code below 2^16 and the values
// DivideAnyByConstant hands to the division (zeros keep their sign in both). DivideCodeBy255,
// the POINT kernels' shortcut for integer 8-bit codes, is checked on each of the 256 codes.
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "formats/divide_test.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// Included once per target after foreach_target.h.
#include "formats/texel_decode-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// How many of xs[0, n) (n a multiple of the vector length) DivideByConstant (finite x only) or
// DivideAnyByConstant (`any`) divides differently from Div; the first in *first_x.
size_t CountMismatches(const float* xs, size_t n, float d, bool any, float* first_x) {
  const DF df;
  const float r = 1.0f / d;
  size_t bad = 0;
  HWY_ALIGN float got[hn::MaxLanes(DF())];
  HWY_ALIGN float want[hn::MaxLanes(DF())];
  for (size_t i = 0; i < n; i += hn::Lanes(df)) {
    const VF x = hn::LoadU(df, xs + i);
    hn::Store(any ? DivideAnyByConstant(x, d, r) : DivideByConstant(x, d, r), df, got);
    hn::Store(hn::Div(x, hn::Set(df, d)), df, want);
    for (size_t k = 0; k < hn::Lanes(df); ++k) {
      if (!any && std::isinf(xs[i + k])) continue;  // not DivideByConstant's domain
      if (std::bit_cast<uint32_t>(got[k]) == std::bit_cast<uint32_t>(want[k])) continue;
      if (got[k] != got[k] && want[k] != want[k]) continue;  // NaN for NaN (payloads may differ)
      if (bad++ == 0) *first_x = xs[i + k];
    }
  }
  return bad;
}

// How many 8-bit codes DivideCodeBy255 divides differently from Div; the first in *first_code.
size_t CountCodeMismatches(uint32_t* first_code) {
  const DF df;
  size_t bad = 0;
  HWY_ALIGN float got[hn::MaxLanes(DF())];
  HWY_ALIGN float want[hn::MaxLanes(DF())];
  for (uint32_t code = 0; code < 256; code += hn::Lanes(df)) {
    const VF x = hn::ConvertTo(df, hn::Add(hn::Iota(DI(), 0), hn::Set(DI(), code)));
    hn::Store(DivideCodeBy255(x), df, got);
    hn::Store(hn::Div(x, hn::Set(df, 255.0f)), df, want);
    for (size_t k = 0; k < hn::Lanes(df) && code + k < 256; ++k) {
      if (std::bit_cast<uint32_t>(got[k]) == std::bit_cast<uint32_t>(want[k])) continue;
      if (bad++ == 0) *first_code = static_cast<uint32_t>(code + k);
    }
  }
  return bad;
}

int64_t DivideTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <gtest/gtest.h>

#include "dispatch_slots.h"
#include "hwy/targets.h"

namespace texunit {
namespace {

HWY_EXPORT(CountMismatches);
HWY_EXPORT(CountCodeMismatches);
HWY_EXPORT(DivideTarget);

// Every binary32 in [1, 2) at `step`, then their negations, the integers 0 .. 2^16 - 1, the
// values around the division's own path (zeros, infinities, NaN, denormals, |x| near 2^-100) and
// every 4096th binary32 from 2^-127 to 2^-90, padded to a multiple of every vector length.
std::vector<float> Inputs(uint32_t step) {
  std::vector<float> xs;
  for (uint32_t bits : {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                        0x7FC12345u, 0xFFC00001u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                        0x0D7FFFFFu, 0x0D800000u, 0x8D800001u, 0x7F7FFFFFu, 0xFF7FFFFFu}) {
    xs.push_back(std::bit_cast<float>(bits));
  }
  for (uint32_t bits = 0x00400000u; bits < 0x12800000u; bits += 4096) {
    xs.push_back(std::bit_cast<float>(bits));
  }
  for (uint32_t m = 0; m < (1u << 23); m += step)
    xs.push_back(std::bit_cast<float>(0x3F800000u | m));
  const size_t binade = xs.size();
  for (size_t i = 0; i < binade; i += 7) xs.push_back(-xs[i]);
  for (uint32_t code = 0; code < 65536; ++code) xs.push_back(static_cast<float>(code));
  while (xs.size() % 64 != 0) xs.push_back(1.0f);
  return xs;
}

TEST(DivideByConstant, EqualsTheDivisionOnEveryTarget) {
  const std::vector<float> whole = Inputs(1), sparse = Inputs(64);
  ForEachDispatchSlot(HWY_DISPATCH_TABLE(DivideTarget), [&](size_t slot, int64_t target) {
    auto* count = HWY_DISPATCH_TABLE(CountMismatches)[slot];
    ASSERT_NE(count, nullptr);
    for (int n = 1; n <= 32; ++n) {
      const float d = static_cast<float>(static_cast<double>((uint64_t{1} << n) - 1));
      const bool full = d == 255.0f || d == 65535.0f || d == 127.0f || d == 32767.0f;
      const std::vector<float>& xs = full ? whole : sparse;
      for (bool any : {false, true}) {
        float first = 0.0f;
        EXPECT_EQ(count(xs.data(), xs.size(), d, any, &first), 0u)
            << hwy::TargetName(target) << (any ? " DivideAnyByConstant" : " DivideByConstant")
            << " d = " << d << ": first at x = " << first;
      }
    }
  });
}

// The POINT kernels' shortcut for unfiltered 8-bit codes.
TEST(DivideCodeBy255, EqualsTheDivisionForEveryCodeOnEveryTarget) {
  ForEachDispatchSlot(HWY_DISPATCH_TABLE(DivideTarget), [&](size_t slot, int64_t target) {
    auto* count = HWY_DISPATCH_TABLE(CountCodeMismatches)[slot];
    ASSERT_NE(count, nullptr);
    uint32_t first = 0;
    EXPECT_EQ(count(&first), 0u) << hwy::TargetName(target) << ": first at code " << first;
  });
}

}  // namespace
}  // namespace texunit
#endif  // HWY_ONCE
