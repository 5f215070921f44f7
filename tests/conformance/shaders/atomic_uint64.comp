// 64-bit image atomics per lane on an r64ui storage image (GL_EXT_shader_image_int64) for the
// conformance tests (atomic_conformance_test.cc): operands uvec4 (x, y, op, 0) and uvec4 (data
// low, data high, cmp low, cmp high) in, the value before the op (imageAtomic*'s return) out as
// uvec4 (low, high, 0, 0). op as atomic_uint.comp: 0 SWAP, 1 CMPSWAP, 2 ADD, 3 SUB (an add of
// -data), 4 MIN, 5 MAX (unsigned), 6 AND, 7 OR, 8 XOR, 9 INC and 10 DEC with AMD's bound (a
// compare-swap loop, as SPIR-V has no such atomic).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_image_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r64ui) uniform coherent u64image2D img;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const ivec2 p = ivec2(operand[2 * i].xy);
  const uint op = operand[2 * i].z;
  const uint64_t d = uint64_t(packUint2x32(operand[2 * i + 1].xy));
  const uint64_t cmp = uint64_t(packUint2x32(operand[2 * i + 1].zw));
  uint64_t old = 0;
  switch (op) {
    case 0: old = imageAtomicExchange(img, p, d); break;
    case 1: old = imageAtomicCompSwap(img, p, cmp, d); break;
    case 2: old = imageAtomicAdd(img, p, d); break;
    case 3: old = imageAtomicAdd(img, p, uint64_t(0) - d); break;
    case 4: old = imageAtomicMin(img, p, d); break;
    case 5: old = imageAtomicMax(img, p, d); break;
    case 6: old = imageAtomicAnd(img, p, d); break;
    case 7: old = imageAtomicOr(img, p, d); break;
    case 8: old = imageAtomicXor(img, p, d); break;
    default: {
      // INC and DEC compare unsigned, whatever the format.
      const uint64_t ud = uint64_t(d);
      old = imageLoad(img, p).x;
      for (;;) {
        const uint64_t m = uint64_t(old);
        const uint64_t next = op == 9 ? (m >= ud ? 0ul : m + 1ul)
                                      : ((m == 0ul || m > ud) ? ud : m - 1ul);
        const uint64_t seen = imageAtomicCompSwap(img, p, old, uint64_t(next));
        if (seen == old) break;
        old = seen;
      }
    }
  }
  result[i] = uvec4(unpackUint2x32(uint64_t(old)), 0, 0);
}
