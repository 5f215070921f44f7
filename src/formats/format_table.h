// The format facts the core needs, one table for every (DATA_FORMAT, NUM_FORMAT) texunit knows.
#pragma once

#include <cstdint>

#include "texunit/formats.h"

namespace texunit {

// How the kernels decode a texel. One value per decode routine, not per format.
enum class TexelKind : uint8_t {
  kUnsupported,
  kRgba8Unorm,
  kRgba8Uint,
  kRgba8Srgb,
  kRgba32Float,
};

struct FormatInfo {
  uint8_t bytes_per_texel = 0;  // 0 for formats the layout cannot size yet
  uint8_t channels = 0;
  TexelKind kind = TexelKind::kUnsupported;
  bool is_integer = false;  // UINT/SINT: never filtered; DST_SEL 1 is the integer 1
};

// Facts for `format`; bytes_per_texel == 0 means texunit cannot lay out or read it yet.
FormatInfo GetFormatInfo(Format format);

}  // namespace texunit
