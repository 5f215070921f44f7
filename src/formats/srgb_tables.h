// sRGB tables shared by every kernel: decode of the 256 codes, and the 255 thresholds whose count
// below a linear value is that value's correctly rounded sRGB code (docs/sampling.md).
#pragma once

#include <cstdint>

namespace texunit {

struct SrgbTables {
  alignas(64) float decode[256];
  alignas(64) float encode_threshold[256];  // [0..254] used; [255] = +inf as a sentinel
};

const SrgbTables& GetSrgbTables();

}  // namespace texunit
