// textureLod on a sampler3D per lane (image_type_conformance_test.cc): operands (s, t, r, lod)
// as float bits in (IMAGE_SAMPLE_L's VADDR order), the vec4 result's bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler3D tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const vec4 p = uintBitsToFloat(operand[i]);
  result[i] = floatBitsToUint(textureLod(tex, p.xyz, p.w));
}
