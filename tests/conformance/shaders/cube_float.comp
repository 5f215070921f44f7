// textureLod and textureGather on a samplerCube per lane for the conformance tests
// (cube_conformance_test.cc): two uvec4 per lane, operand[2i] = the direction (x, y, z) as float
// bits (w unused), operand[2i + 1] = (lod as float bits, unused, op, component): op 0 is
// textureLod(dir, lod), op 1 textureGather(dir, component) (a constant expression in GLSL, hence
// the switch). The vec4's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCube tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

vec4 Lookup(vec3 dir, uvec4 p) {
  if (p.z == 0u) return textureLod(tex, dir, uintBitsToFloat(p.x));
  switch (p.w) {
    case 0u: return textureGather(tex, dir, 0);
    case 1u: return textureGather(tex, dir, 1);
    case 2u: return textureGather(tex, dir, 2);
    default: return textureGather(tex, dir, 3);
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  result[i] = floatBitsToUint(Lookup(uintBitsToFloat(operand[2 * i].xyz), operand[2 * i + 1]));
}
