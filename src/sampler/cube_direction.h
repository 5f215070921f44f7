// Cube map directions to the core's face-local CUBE operands (docs/sampling.md, "Cube
// directions"), for front ends whose shaders pass a 3D direction (SPIR-V/Vulkan, Gallium TGSI,
// Intel vISA). AMD GCN shaders project onto a face themselves (V_CUBEID/SC/TC/MA), so the GCN
// front end never calls this.
//
// The rules are Vulkan's "Cube Map Face Selection", "Cube Map Coordinate Transformation" and
// "Cube Map Derivative Transformation", with the ties broken the way the spec recommends (z over
// y over x, which is also what AMD's V_CUBEID does), and with the inputs the spec leaves
// undefined given one fixed answer each:
// - "No direction": a NaN in any component, or all three components zero (of either sign): face
//   +Z (4) with s = t = 0.5 and zero derivatives. +Z is what the tie rule gives three equal zero
//   magnitudes; the face centre stands in for the 0/0 of the formulas.
// - A negative face needs a component that compares below zero, so -0.0 counts as positive. A
//   zero can only be the major axis of the zero vector, and a zero sc or tc gives s or t = 0.5
//   whichever its sign, so the sign of a zero never changes a result.
// - Infinite components (no NaN): the direction is taken as its limit, each infinite component
//   replaced by +1 or -1 and every finite one by 0, so one infinite component is its face's
//   centre and two or three are an edge or a corner (ties as above). The derivatives are zero:
//   no finite change moves an infinite direction.
// - Finite inputs never overflow: |sc|, |tc| <= |ma| keeps every quotient in [-1, 1].
// Nothing converts a float to an integer, so no input is undefined behaviour.
#pragma once

#include <cstdint>

namespace texunit {

// A direction projected onto its cube face: face 0..5 = +X, -X, +Y, -Y, +Z, -Z, and s, t in
// [0, 1] across it, the core's coord[2], coord[0] and coord[1] of a CUBE lookup.
struct CubeFaceCoords {
  uint32_t face;
  float s, t;
};

// d(s, t)/d(x, y) on the face, the core's deriv[0][0..1] (x) and deriv[1][0..1] (y).
struct CubeFaceDerivatives {
  float ds_dx, dt_dx, ds_dy, dt_dy;
};

// The face whose major axis is the largest-magnitude component of (x, y, z), z winning ties over
// y and x, y over x; s = 0.5 * sc / |ma| + 0.5 and t = 0.5 * tc / |ma| + 0.5 with the spec's
// face table.
CubeFaceCoords CubeFaceFromDirection(float x, float y, float z);

// The face-local derivatives of CubeFaceFromDirection(x, y, z) when the direction moves by
// ddx[0..2] per pixel in x and by ddy[0..2] per pixel in y, on the face that (x, y, z) selects
// (never the neighbouring face, even on an edge). NaN or infinite derivative inputs propagate as
// IEEE arithmetic carries them through the formula.
CubeFaceDerivatives CubeFaceDerivativesOf(float x, float y, float z, const float ddx[3],
                                          const float ddy[3]);

}  // namespace texunit
