// textureGather on a samplerCubeArrayShadow per lane for the conformance tests
// (cube_conformance_test.cc): two uvec4 per lane, operand[2i] = (x, y, z, layer) as float bits,
// operand[2i + 1] = (unused, ref as float bits, unused, unused). The four compare results' bits
// out. (GLSL has no explicit-LOD sample on cube-array shadow samplers, and compute shaders have
// no implicit LOD, so only the gather is checked.)
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCubeArrayShadow tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const float ref = uintBitsToFloat(operand[2 * i + 1].y);
  result[i] = floatBitsToUint(textureGather(tex, uintBitsToFloat(operand[2 * i]), ref));
}
