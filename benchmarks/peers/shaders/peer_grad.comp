// The lavapipe peer of texunit's implicit-LOD IMAGE_SAMPLE workloads
// (benchmarks/peers/lavapipe_peer.cc): textureGrad with each quad's coarse derivatives, which the
// host computed from the same lanes texunit differentiates. Operands per sample: (s, t, ds/dx,
// dt/dx) and (ds/dy, dt/dy, quad active, 0); a quad with no active lane (the oblique plane's sky)
// samples nothing, the helper lanes of a partly covered quad sample as a GPU's do. Workgroups and
// samples per invocation as in peer_lod.comp.
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, std430) readonly buffer Operands { vec4 operand[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Results { vec4 result[]; };
layout(push_constant) uniform Params {
  uint lanes;
};

const uint kSamples = 16u;

void main() {
  const uint first = gl_WorkGroupID.x * kSamples * 64u + gl_LocalInvocationIndex;
  for (uint k = 0u; k < kSamples; ++k) {
    const uint i = first + 64u * k;
    if (i < lanes) {
      const vec4 a = operand[2u * i];
      const vec4 b = operand[2u * i + 1u];
      if (b.z != 0.0) result[i] = textureGrad(tex, a.xy, a.zw, b.xy);
    }
  }
}
