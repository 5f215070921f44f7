#include "reference/srgb_tables.h"

#include <cmath>

namespace texunit::reference {
namespace {

// The sRGB EOTF of docs/sampling.md, evaluated in double.
double SrgbToLinear(double x) {
  return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
}

}  // namespace

const std::array<float, 256>& SrgbDecodeTable() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = static_cast<float>(SrgbToLinear(c / 255.0));
    return t;
  }();
  return table;
}

const std::array<float, 255>& SrgbEncodeThresholds() {
  static const std::array<float, 255> table = [] {
    std::array<float, 255> t{};
    for (int k = 0; k < 255; ++k) t[k] = static_cast<float>(SrgbToLinear((k + 0.5) / 255.0));
    return t;
  }();
  return table;
}

uint32_t SrgbEncode(float f) {
  if (std::isnan(f)) return 0;
  uint32_t c = 0;
  for (float threshold : SrgbEncodeThresholds()) {
    if (f >= threshold) ++c;
  }
  return c;
}

}  // namespace texunit::reference
