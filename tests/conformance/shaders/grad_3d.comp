// textureGrad on a sampler3D per lane (grad_conformance_test.cc): operands uvec4 (s, t, r,
// ds/dx), uvec4 (dt/dx, dr/dx, ds/dy, dt/dy) and uvec4 (dr/dy, 0, 0, 0) as float bits in, the
// vec4 result's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler3D tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const vec4 a = uintBitsToFloat(operand[3 * i]);
  const vec4 b = uintBitsToFloat(operand[3 * i + 1]);
  const vec4 c = uintBitsToFloat(operand[3 * i + 2]);
  result[i] = floatBitsToUint(textureGrad(tex, a.xyz, vec3(a.w, b.xy), vec3(b.zw, c.x)));
}
