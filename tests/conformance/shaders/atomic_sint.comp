// Image atomics per lane on an r32i storage image for the conformance tests
// (atomic_conformance_test.cc): operands uvec4 (x, y, op, 0) and uvec4 (data, cmp, 0, 0) in, the
// value before the op (imageAtomic*'s return) out. op: 0 SWAP, 1 CMPSWAP, 2 ADD, 3 SUB (an add of
// -data), 4 MIN, 5 MAX (signed), 6 AND, 7 OR, 8 XOR, 9 INC and 10 DEC with AMD's bound
// (mem >= data ? 0 : mem + 1; mem == 0 || mem > data ? data : mem - 1), which SPIR-V has no atomic
// for: a compare-swap loop, atomic under contention like the others.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32i) uniform coherent iimage2D img;
layout(set = 0, binding = 1) readonly buffer Operands { uvec4 operand[]; };
layout(set = 0, binding = 2) writeonly buffer Results { uvec4 result[]; };
layout(push_constant) uniform Count { uint lanes; };

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= lanes) return;
  const ivec2 p = ivec2(operand[2 * i].xy);
  const uint op = operand[2 * i].z;
  const int d = int(operand[2 * i + 1].x), cmp = int(operand[2 * i + 1].y);
  int old = 0;
  switch (op) {
    case 0: old = imageAtomicExchange(img, p, d); break;
    case 1: old = imageAtomicCompSwap(img, p, cmp, d); break;
    case 2: old = imageAtomicAdd(img, p, d); break;
    case 3: old = imageAtomicAdd(img, p, -d); break;
    case 4: old = imageAtomicMin(img, p, d); break;
    case 5: old = imageAtomicMax(img, p, d); break;
    case 6: old = imageAtomicAnd(img, p, d); break;
    case 7: old = imageAtomicOr(img, p, d); break;
    case 8: old = imageAtomicXor(img, p, d); break;
    default: {  // INC and DEC compare unsigned, as AMD defines them
      old = imageLoad(img, p).x;
      for (;;) {
        const uint m = uint(old), ud = uint(d);
        const uint next = op == 9 ? (m >= ud ? 0u : m + 1u) : ((m == 0u || m > ud) ? ud : m - 1u);
        const int seen = imageAtomicCompSwap(img, p, old, int(next));
        if (seen == old) break;
        old = seen;
      }
    }
  }
  result[i] = uvec4(uint(old), 0, 0, 0);
}
