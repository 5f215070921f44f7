// docs/sampling.md, "Anisotropic filtering": the probe count, the LOD argument and the probe
// offsets, evaluated as the contract writes them.
#include "reference/reference_aniso.h"

#include <cmath>

namespace texunit::reference {

uint32_t AnisoRatio(uint32_t max_aniso_ratio) { return 1u << max_aniso_ratio; }

uint32_t AnisoProbeCount(float rx, float ry, uint32_t R) {
  // P = max(rx, ry) is NaN when either operand is: one probe.
  if (std::isnan(rx) || std::isnan(ry)) return 1;
  const float P = rx > ry ? rx : ry;
  const float Q = rx > ry ? ry : rx;
  if (P == 0.0f || std::isinf(P)) return 1;
  // rx and ry are sums of squares (>= +0), so P / Q >= 1, and +inf for Q = 0: ceil(sqrt(inf)) is
  // inf, and the min with R gives R.
  const float ratio = P / Q;
  const float n = std::ceil(std::sqrt(ratio));  // std::sqrt(float): the binary32 square root
  return n >= static_cast<float>(R) ? R : static_cast<uint32_t>(n);
}

float AnisoLodArgument(float rx, float ry, uint32_t n) {
  // max(rx, ry), NaN when either is (then n = 1 and the argument is that NaN).
  const float P = (std::isnan(rx) || std::isnan(ry)) ? std::nanf("") : (rx > ry ? rx : ry);
  return P / static_cast<float>(n * n);
}

float AnisoProbeOffset(uint32_t k, uint32_t n) {
  const int64_t numerator = 2 * static_cast<int64_t>(k) + 1 - static_cast<int64_t>(n);
  return static_cast<float>(numerator) / static_cast<float>(2 * n);
}

}  // namespace texunit::reference
