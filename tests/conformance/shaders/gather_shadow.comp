// textureGather / textureGatherOffset on a sampler2DShadow per lane for the conformance tests
// (gather_compare_conformance_test.cc): operand = (s, t, ref) as float bits and an offset index:
// 0 is textureGather without an offset, 1..4 textureGatherOffset with the constant offsets
// (0, 0), (1, -1), (-2, 3), (7, -8). The vec4 of compare results' bits out.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2DShadow tex;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

vec4 Gather(vec2 st, float ref, uint which) {
  switch (which) {
    case 0u: return textureGather(tex, st, ref);
    case 1u: return textureGatherOffset(tex, st, ref, ivec2(0, 0));
    case 2u: return textureGatherOffset(tex, st, ref, ivec2(1, -1));
    case 3u: return textureGatherOffset(tex, st, ref, ivec2(-2, 3));
    default: return textureGatherOffset(tex, st, ref, ivec2(7, -8));
  }
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const uvec4 p = operand[i];
  const vec4 f = uintBitsToFloat(p);
  result[i] = floatBitsToUint(Gather(f.xy, f.z, p.w));
}
