// textureGather / textureGatherOffset per lane for the conformance tests
// (gather_compare_conformance_test.cc): operand = (s, t) as float bits, the component (0..3) and
// an offset index: 0 is textureGather without an offset, 1..4 textureGatherOffset with the
// constant offsets (0, 0), (1, -1), (-2, 3), (7, -8). GLSL wants both the component and the
// offset as constant expressions, hence the switches. The vec4's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

#define GATHER_AT(st, which, comp)                                          \
  switch (which) {                                                          \
    case 0u: return textureGather(tex, st, comp);                           \
    case 1u: return textureGatherOffset(tex, st, ivec2(0, 0), comp);        \
    case 2u: return textureGatherOffset(tex, st, ivec2(1, -1), comp);       \
    case 3u: return textureGatherOffset(tex, st, ivec2(-2, 3), comp);       \
    default: return textureGatherOffset(tex, st, ivec2(7, -8), comp);       \
  }

vec4 Gather(vec2 st, uint comp, uint which) {
  switch (comp) {
    case 0u: GATHER_AT(st, which, 0)
    case 1u: GATHER_AT(st, which, 1)
    case 2u: GATHER_AT(st, which, 2)
    default: GATHER_AT(st, which, 3)
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const uvec4 p = operand[i];
  result[i] = floatBitsToUint(Gather(uintBitsToFloat(p.xy), p.z, p.w));
}
