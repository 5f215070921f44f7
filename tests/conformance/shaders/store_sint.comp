// imageStore per lane for the conformance tests (vk_runner.cc): operands (x, y) and the value's
// four 32-bit words in; the image is read back by the runner. No format qualifier: the device's
// shaderStorageImageWriteWithoutFormat lets one shader store every format.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform writeonly iimage2D img;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  imageStore(img, ivec2(operand[2 * i].xy), ivec4(operand[2 * i + 1]));
}
