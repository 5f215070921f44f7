// The BVH demo's geometry, generated in code so the demo needs no files: a (p, q) torus knot swept
// with a round tube, floating above a square ground quad (y = 0).
#pragma once

#include <cstdint>
#include <vector>

#include "render/bvh_builder.h"

namespace texunit::render {

struct KnotMeshOptions {
  uint32_t p = 2;                 // turns around the torus's axis
  uint32_t q = 3;                 // turns through the torus's hole (2, 3: the trefoil)
  uint32_t curve_segments = 256;  // along the knot
  uint32_t tube_segments = 12;    // around the tube
  double scale = 1.0;             // the knot spans about 6 * scale across
  double tube_radius = 0.35;      // times scale
  double height = 2.2;            // the knot's centre above the ground, times scale
  double ground_half_size = 8.0;  // the ground quad spans [-h, h] in x and z, times scale
};

// 2 * curve_segments * tube_segments knot triangles, then the ground's 2. Segment counts below 3
// are raised to 3.
std::vector<BvhTriangle> MakeKnotMesh(const KnotMeshOptions& options);

}  // namespace texunit::render
