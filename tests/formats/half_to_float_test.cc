// HalfToFloatBits on all 65536 binary16 values, against the value each encodes computed from
// the IEEE 754 definition with ldexp: (-1)^s * m * 2^-24 for exponent 0, (-1)^s * (1024 + m) *
// 2^(e - 25) otherwise; exponent 31 is infinity (m = 0) or NaN with m in the top of the payload.
#include "formats/half_to_float.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

namespace texunit {
namespace {

TEST(HalfToFloat, EveryHalfIsExact) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint32_t s = h >> 15, e = (h >> 10) & 0x1F, m = h & 0x3FF;
    const uint32_t got = HalfToFloatBits(static_cast<uint16_t>(h));
    if (e == 0x1F) {
      EXPECT_EQ(got, (s << 31) | 0x7F800000u | (m << 13)) << std::hex << h;
      continue;
    }
    const double magnitude = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, int(e) - 25);
    const float want = static_cast<float>(s ? -magnitude : magnitude);
    EXPECT_EQ(static_cast<double>(want), s ? -magnitude : magnitude) << "not exact in binary32";
    EXPECT_EQ(got, std::bit_cast<uint32_t>(want)) << std::hex << h;
  }
}

}  // namespace
}  // namespace texunit
