// The cube geometry of docs/sampling.md ("Sampler ops", "CUBE") for the scalar reference: which
// face and cube a lane reads, and which texel of which face an edge texel of a seamless footprint
// is. Computed from the contract's face axis table and texel centre directions, not from a table
// of face adjacencies. Like the rest of tests/reference, it includes nothing from src/.
#pragma once

#include <cstdint>

namespace texunit::reference {

// Face F = clamp(rne(coord[2]), 0, 5), rne rounding half to even and a NaN face being 0 (the
// array layer rule). Faces +X, -X, +Y, -Y, +Z, -Z are 0..5.
uint32_t CubeFaceOf(float face);

// Cube K = clamp(rne(coord[3]), 0, cubes - 1) (NaN: 0), for a view of `cubes` = N / 6 >= 1 cubes.
uint32_t CubeIndexOf(float cube, uint32_t cubes);

// A texel of a cube's face at one level.
struct CubeTexel {
  uint32_t face = 0;
  uint32_t i = 0, j = 0;
};

// The texel an *edge texel* (i, j) of face `face` names at a level of n x n texels: exactly one of
// i, j is outside 0..n-1 (-1 or n), the other inside. Its centre P = ma + ((2i + 1) / n - 1) * sc
// + ((2j + 1) / n - 1) * tc (in double) lies on face f', the face whose major axis is P's
// largest-magnitude component, at texel i' = floor(s' * n), j' = floor(t' * n) with
// s' = (P.sc' / |P.ma'| + 1) / 2 and t' = (P.tc' / |P.ma'| + 1) / 2.
CubeTexel CubeEdgeTexel(uint32_t face, int64_t i, int64_t j, uint32_t n);

}  // namespace texunit::reference
