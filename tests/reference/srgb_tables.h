// The sRGB tables of docs/sampling.md ("Formats"), computed from the formula in double and rounded
// to float, for the scalar reference sampler. Independent of src/formats on purpose.
#pragma once

#include <array>
#include <cstdint>

namespace texunit::reference {

// decode(c) = float(x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ^ 2.4), x = c / 255 (double).
const std::array<float, 256>& SrgbDecodeTable();

// T[k] = decode of the sRGB value (k + 0.5) / 255 (double, rounded to float), k = 0..254.
const std::array<float, 255>& SrgbEncodeThresholds();

// The 8-bit sRGB code of a linear value: NaN -> 0, else the number of T[k] with f >= T[k].
uint32_t SrgbEncode(float f);

}  // namespace texunit::reference
