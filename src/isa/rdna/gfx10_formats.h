// The GFX10/GFX10.3 unified image FORMAT (T# W1[28:20], 9 bits) and its translation to texunit's
// ISA-neutral Format (the GCN DATA_FORMAT x NUM_FORMAT pair). One table, used both ways.
#pragma once

#include <cstdint>
#include <span>

#include "texunit/formats.h"

namespace texunit::rdna {

struct Gfx10FormatInfo {
  uint16_t code;     // IMG_FORMAT value
  const char* name;  // IMG_FORMAT_<name>, e.g. "8_8_8_8_UNORM"
  Format format;     // the GCN pair; DataFormat::kInvalid when GCN has no equivalent
};

// Every IMG_FORMAT code texunit knows, in code order.
std::span<const Gfx10FormatInfo> Gfx10FormatTable();

// The entry for `code`, or nullptr for a code that is not in the table.
const Gfx10FormatInfo* FindGfx10Format(uint16_t code);

// `code` as a Format; {kInvalid, kUnorm} for codes without a GCN equivalent or unknown codes.
Format Gfx10FormatToFormat(uint16_t code);

// The first (lowest) code whose Format is `f`; false when no code maps to `f`. Format{} (INVALID)
// maps to code 0.
bool FormatToGfx10Format(Format f, uint16_t* code);

}  // namespace texunit::rdna
