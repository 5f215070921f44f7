// texelFetch per lane for the conformance tests (vk_runner.cc): operands (x, y, level) in, the
// result's four 32-bit words out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) readonly buffer Operands { ivec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const ivec4 p = operand[i];
  const vec4 v = texelFetch(tex, p.xy, p.z);
  result[i] = floatBitsToUint(v);
}
