// Texel formats, named by the GCN image descriptor's DATA_FORMAT x NUM_FORMAT pair. This pair is
// texunit's ISA-neutral format: GFX10's unified FORMAT code and other ISAs' format enums are
// translated to it by their codecs. The per-format facts live in one table (src/formats).
#pragma once

#include <cstdint>

namespace texunit {

// IMG_DATA_FORMAT (6 bits), values as in the T#.
enum class DataFormat : uint8_t {
  kInvalid = 0,
  k8 = 1,
  k16 = 2,
  k8_8 = 3,
  k32 = 4,
  k16_16 = 5,
  k10_11_11 = 6,
  k11_11_10 = 7,
  k10_10_10_2 = 8,
  k2_10_10_10 = 9,
  k8_8_8_8 = 10,
  k32_32 = 11,
  k16_16_16_16 = 12,
  k32_32_32 = 13,
  k32_32_32_32 = 14,
  k5_6_5 = 16,
  k1_5_5_5 = 17,
  k5_5_5_1 = 18,
  k4_4_4_4 = 19,
  k8_24 = 20,
  k24_8 = 21,
  kX24_8_32 = 22,
  k5_9_9_9 = 34,
  kBc1 = 35,
  kBc2 = 36,
  kBc3 = 37,
  kBc4 = 38,
  kBc5 = 39,
  kBc6 = 40,
  kBc7 = 41,
};

// IMG_NUM_FORMAT (4 bits), values as in the T#.
enum class NumFormat : uint8_t {
  kUnorm = 0,
  kSnorm = 1,
  kUscaled = 2,
  kSscaled = 3,
  kUint = 4,
  kSint = 5,
  kSnormOgl = 6,  // SI/CI only
  kFloat = 7,
  kSrgb = 9,
};

struct Format {
  DataFormat data = DataFormat::kInvalid;
  NumFormat num = NumFormat::kUnorm;
  friend bool operator==(const Format&, const Format&) = default;
};

// "8_8_8_8_UNORM", "32_32_32_32_FLOAT"; unknown values print as numbers.
const char* DataFormatName(DataFormat f);
const char* NumFormatName(NumFormat f);

}  // namespace texunit
