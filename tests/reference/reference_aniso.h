// The probe arithmetic of docs/sampling.md, "Anisotropic filtering", for the scalar reference: how
// many probes a lane takes, the LOD argument they give, and where each probe lies on the long
// axis. Which lanes probe, and the lookups at each probe, are in reference_filter.cc. Like the
// rest of tests/reference, it includes nothing from src/: binary32 arithmetic in the order the
// contract writes it (the project builds with -ffp-contract=off).
#pragma once

#include <cstdint>

namespace texunit::reference {

// R = 2^MAX_ANISO_RATIO for the S# field's values 0..4 (1, 2, 4, 8, 16; 5..7 are rejected before
// any lane work).
uint32_t AnisoRatio(uint32_t max_aniso_ratio);

// From step 1's rx, ry: P = max(rx, ry) (NaN when either is), Q = min(rx, ry),
// N = min(ceil(sqrt(P / Q)), R) with binary32 `/` and `sqrt` (Q = 0 gives R), and N = 1 when P is
// 0, infinite or NaN.
uint32_t AnisoProbeCount(float rx, float ry, uint32_t R);

// P / float(N * N), which takes max(rx, ry)'s place in step 1's lambda: N = 1 gives P itself, so
// the isotropic lambda exactly. Only for the N of AnisoProbeCount (P is then finite or N = 1).
float AnisoLodArgument(float rx, float ry, uint32_t n);

// o_k = float(2k + 1 - N) / float(2N) for probe k = 0..N-1: probe k lies at s + o_k * ds,
// t + o_k * dt, the N probes spread evenly over the long axis and centred on (s, t).
float AnisoProbeOffset(uint32_t k, uint32_t n);

}  // namespace texunit::reference
