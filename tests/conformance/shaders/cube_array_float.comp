// textureLod and textureGather on a samplerCubeArray per lane for the conformance tests
// (cube_conformance_test.cc): two uvec4 per lane, operand[2i] = (x, y, z, layer) as float bits,
// operand[2i + 1] = (lod as float bits, unused, op, component): op 0 is
// textureLod(vec4(dir, layer), lod), op 1 textureGather(vec4(dir, layer), component). The
// vec4's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCubeArray tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

vec4 Lookup(vec4 p4, uvec4 p) {
  if (p.z == 0u) return textureLod(tex, p4, uintBitsToFloat(p.x));
  switch (p.w) {
    case 0u: return textureGather(tex, p4, 0);
    case 1u: return textureGather(tex, p4, 1);
    case 2u: return textureGather(tex, p4, 2);
    default: return textureGather(tex, p4, 3);
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  result[i] = floatBitsToUint(Lookup(uintBitsToFloat(operand[2 * i]), operand[2 * i + 1]));
}
