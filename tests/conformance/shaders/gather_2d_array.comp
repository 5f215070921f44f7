// textureGather on a sampler2DArray per lane (image_type_conformance_test.cc): operand = (s, t,
// layer) as float bits and the component (0..3, a constant expression in GLSL, hence the switch).
// The vec4's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2DArray tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

vec4 Gather(vec3 p, uint comp) {
  switch (comp) {
    case 0u: return textureGather(tex, p, 0);
    case 1u: return textureGather(tex, p, 1);
    case 2u: return textureGather(tex, p, 2);
    default: return textureGather(tex, p, 3);
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  result[i] = floatBitsToUint(Gather(uintBitsToFloat(operand[i].xyz), operand[i].w));
}
