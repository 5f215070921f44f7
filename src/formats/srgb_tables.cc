#include "formats/srgb_tables.h"

#include <cmath>
#include <limits>

namespace texunit {

static double SrgbToLinear(double x) {
  return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
}

static SrgbTables Build() {
  SrgbTables t;
  for (int c = 0; c < 256; ++c) t.decode[c] = static_cast<float>(SrgbToLinear(c / 255.0));
  // The sRGB curve is monotonic, so the midpoint between codes k and k+1 in sRGB space maps to
  // the linear value at which rounding switches from k to k+1.
  for (int k = 0; k < 255; ++k) {
    t.encode_threshold[k] = static_cast<float>(SrgbToLinear((k + 0.5) / 255.0));
  }
  t.encode_threshold[255] = std::numeric_limits<float>::infinity();
  return t;
}

const SrgbTables& GetSrgbTables() {
  static const SrgbTables tables = Build();
  return tables;
}

}  // namespace texunit
