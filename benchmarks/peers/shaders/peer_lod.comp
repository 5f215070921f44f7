// The lavapipe peer of texunit's IMAGE_SAMPLE_LZ and IMAGE_SAMPLE_L workloads
// (benchmarks/peers/lavapipe_peer.cc): textureLod at one LOD for every sample. An 8x8 workgroup
// is 16 quads of 2x2 invocations; invocation l of workgroup g takes lane l of waves 16g..16g+15,
// so its 16 samples amortise the per-invocation cost and the lanes of one wave run side by side.
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, std430) readonly buffer Coords { vec2 coord[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Results { vec4 result[]; };
layout(push_constant) uniform Params {
  uint lanes;
  float lod;
};

const uint kSamples = 16u;

void main() {
  const uint first = gl_WorkGroupID.x * kSamples * 64u + gl_LocalInvocationIndex;
  for (uint k = 0u; k < kSamples; ++k) {
    const uint i = first + 64u * k;
    if (i < lanes) result[i] = textureLod(tex, coord[i], lod);
  }
}
