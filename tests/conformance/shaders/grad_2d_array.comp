// textureGrad on a sampler2DArray per lane (grad_conformance_test.cc): operands uvec4 (s, t,
// layer, ds/dx) and uvec4 (dt/dx, ds/dy, dt/dy, 0) as float bits in, the vec4 result's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2DArray tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const vec4 a = uintBitsToFloat(operand[2 * i]);
  const vec4 b = uintBitsToFloat(operand[2 * i + 1]);
  result[i] = floatBitsToUint(textureGrad(tex, a.xyz, vec2(a.w, b.x), b.yz));
}
