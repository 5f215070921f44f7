// AMD's image format fields and their translation to texunit's FormatId (formats.h): the GFX6-9
// T# DATA_FORMAT x NUM_FORMAT pair, per generation (some values mean different things on
// different generations). GFX10's unified FORMAT codes map to these pairs in the RDNA codec.
// The table is src/isa/gcn/amd_format_table.cc; README's format table lists it.
#pragma once

#include <cstdint>

#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/status.h"

namespace texunit {

// IMG_DATA_FORMAT (6 bits), values as in the T# (names as on GFX6-8; GFX9 reuses some codes).
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
  kEtc2Rgb = 24,
  kEtc2Rgba = 25,
  kEtc2R = 26,
  kEtc2Rg = 27,
  kEtc2Rgba1 = 28,
  kGbGr = 32,
  kBgRg = 33,
  k5_9_9_9 = 34,
  kBc1 = 35,
  kBc2 = 36,
  kBc3 = 37,
  kBc4 = 38,
  kBc5 = 39,
  kBc6 = 40,
  kBc7 = 41,
  k4_4 = 57,
  k6_5_5 = 58,
  k1 = 59,
  k1Reversed = 60,
  k32As8 = 61,
  k32As8_8 = 62,
  k32As32_32_32_32 = 63,
};

// IMG_NUM_FORMAT (4 bits), values as in the T#.
enum class NumFormat : uint8_t {
  kUnorm = 0,
  kSnorm = 1,
  kUscaled = 2,
  kSscaled = 3,
  kUint = 4,
  kSint = 5,
  kSnormOgl = 6,  // GFX6/7 only
  kFloat = 7,
  kSrgb = 9,
  kUbnorm = 10,     // GFX6/7 only
  kUbnormOgl = 11,  // GFX6/7 only
  kUbint = 12,      // GFX6/7 only
  kUbscaled = 13,   // GFX6/7 only
};

struct AmdFormat {
  DataFormat data = DataFormat::kInvalid;
  NumFormat num = NumFormat::kUnorm;
  friend bool operator==(const AmdFormat&, const AmdFormat&) = default;
};

// "8_8_8_8", "UNORM" as AMD's documentation spells them (GFX6-8 names); unknown values print as
// their decimal number.
const char* DataFormatName(DataFormat f);
const char* NumFormatName(NumFormat f);

// The FormatId of a pair on `gfx` (GFX6-9), or kInvalid when the generation does not define it.
FormatId AmdFormatToFormatId(Gfx gfx, AmdFormat f);
// The pair that encodes `id` on `gfx`; false when the generation has none.
bool FormatIdToAmdFormat(Gfx gfx, FormatId id, AmdFormat* out);
// InvalidArgument naming the field when DATA_FORMAT or NUM_FORMAT holds a value `gfx` reserves
// (DATA_FORMAT 15, 29-31, and 23, 42, 43 before gfx9, ETC2's 24-28 before gfx8; NUM_FORMAT 8,
// 14, 15, and the GFX6/7-only kinds on gfx8). DecodeImageDesc rejects those; a pair of defined
// values that names no format still decodes, and fails when a request uses it (AmdFormatError).
Status CheckAmdFormatFields(Gfx gfx, AmdFormat f);
// Why a pair is not a format on `gfx`: an InvalidArgument (undefined or reserved combination) or
// Unsupported (defined by the hardware but not modelled, e.g. ETC2) naming both fields.
Status AmdFormatError(Gfx gfx, AmdFormat f);

}  // namespace texunit
