// The GFX10/GFX10.3 unified image FORMAT (T# W1[28:20], 9 bits) and the GCN DATA_FORMAT x
// NUM_FORMAT pair each code names (texunit/amd_formats.h maps pairs to FormatIds). One table, used
// both ways.
#pragma once

#include <cstdint>
#include <span>

#include "texunit/amd_formats.h"

namespace texunit::rdna {

struct Gfx10FormatInfo {
  uint16_t code;     // IMG_FORMAT value
  const char* name;  // IMG_FORMAT_<name>, e.g. "8_8_8_8_UNORM"
  AmdFormat format;  // the GCN pair; DataFormat::kInvalid when GCN has no equivalent
};

// Every IMG_FORMAT code texunit knows, in code order.
std::span<const Gfx10FormatInfo> Gfx10FormatTable();

// The entry for `code`, or nullptr for a code that is not in the table.
const Gfx10FormatInfo* FindGfx10Format(uint16_t code);

// `code` as a pair; {kInvalid, kUnorm} for codes without a GCN equivalent or unknown codes.
AmdFormat Gfx10FormatToAmdFormat(uint16_t code);

// The first (lowest) code whose pair is `f`; false when no code maps to `f`. AmdFormat{} (INVALID)
// maps to code 0.
bool AmdFormatToGfx10Format(AmdFormat f, uint16_t* code);

}  // namespace texunit::rdna
