// textureGatherOffsets with the row offsets (-1, 0), (0, 0), (1, 0), (2, 0) per lane, the oracle of
// IMAGE_GATHER4H (gather_compare_conformance_test.cc; docs/sampling.md, "GATHER4H"): Vulkan takes
// texel i0j0 of each offset footprint, T(i0 - 1 + k, j0). operand = (s, t) as float bits and the
// component (0..3), which GLSL wants as a constant expression, hence the switch. The vec4's bits
// out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

const ivec2 kRow[4] = ivec2[4](ivec2(-1, 0), ivec2(0, 0), ivec2(1, 0), ivec2(2, 0));

vec4 Gather(vec2 st, uint comp) {
  switch (comp) {
    case 0u: return textureGatherOffsets(tex, st, kRow, 0);
    case 1u: return textureGatherOffsets(tex, st, kRow, 1);
    case 2u: return textureGatherOffsets(tex, st, kRow, 2);
    default: return textureGatherOffsets(tex, st, kRow, 3);
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const uvec4 p = operand[i];
  result[i] = floatBitsToUint(Gather(uintBitsToFloat(p.xy), p.z));
}
