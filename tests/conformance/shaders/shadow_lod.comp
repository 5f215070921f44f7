// textureLod on a sampler2DShadow per lane for the conformance tests
// (gather_compare_conformance_test.cc): operand = (s, t, ref, lod) as float bits; the float result
// in x, the other words 0.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2DShadow tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const vec4 p = uintBitsToFloat(operand[i]);
  result[i] = uvec4(floatBitsToUint(textureLod(tex, p.xyz, p.w)), 0u, 0u, 0u);
}
