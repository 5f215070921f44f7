// Depth compares on a samplerCubeShadow per lane for the conformance tests
// (cube_conformance_test.cc): two uvec4 per lane, operand[2i] = the direction (x, y, z) as float
// bits (w unused), operand[2i + 1] = (unused, ref as float bits, op, unused): op 0 is
// textureGrad(vec4(dir, ref), 0, 0) (zero derivatives: lambda = -inf, clamped to minLod 0, the
// level-0 magnification lookup of IMAGE_SAMPLE_C_LZ; GLSL has no textureLod on cube shadow
// samplers), op 1 textureGather(dir, ref). The compare results' bits out (op 0 in x, the other
// words 0).
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCubeShadow tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const vec3 dir = uintBitsToFloat(operand[2 * i].xyz);
  const uvec4 p = operand[2 * i + 1];
  const float ref = uintBitsToFloat(p.y);
  if (p.z == 0u) {
    const float r = textureGrad(tex, vec4(dir, ref), vec3(0.0), vec3(0.0));
    result[i] = uvec4(floatBitsToUint(r), 0u, 0u, 0u);
  } else {
    result[i] = floatBitsToUint(textureGather(tex, dir, ref));
  }
}
