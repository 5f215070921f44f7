// The contract's atomics table, one case per row, on 64-bit integers masked to the element width.
#include "reference/reference_atomics.h"

#include <bit>
#include <cmath>

namespace texunit::reference {
namespace {

// A float element as a double (binary32 widened exactly, or binary64 as it is).
double FloatValue(bool wide, uint64_t bits) {
  if (wide) return std::bit_cast<double>(bits);
  return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
}

bool IsNan(bool wide, uint64_t bits) { return std::isnan(FloatValue(wide, bits)); }

// The same NaN with its quiet bit (the mantissa's top bit) set.
uint64_t Quiet(bool wide, uint64_t bits) {
  return bits | (wide ? uint64_t{1} << 51 : uint64_t{1} << 22);
}

// IEEE 754 minNum / maxNum with -0 < +0: a NaN operand gives the other operand; two NaNs give mem
// made quiet. Values are compared as numbers, so denormals keep their bits.
uint64_t MinMax(bool is_max, bool wide, uint64_t mem, uint64_t d) {
  const bool mem_nan = IsNan(wide, mem), d_nan = IsNan(wide, d);
  if (mem_nan && d_nan) return Quiet(wide, mem);
  if (mem_nan) return d;
  if (d_nan) return mem;
  const double a = FloatValue(wide, mem), b = FloatValue(wide, d);
  if (a == b) {
    // Equal numbers differ only as -0 and +0 (or not at all): min takes the negative one.
    const bool a_neg = std::signbit(a);
    if (is_max) return a_neg ? d : mem;
    return a_neg ? mem : d;
  }
  const bool a_less = a < b;
  return (a_less != is_max) ? mem : d;
}

int64_t Signed(bool wide, uint64_t v) {
  return wide ? static_cast<int64_t>(v) : static_cast<int64_t>(static_cast<int32_t>(v));
}

}  // namespace

bool IsCompareSwap(AtomicOp op) { return op == AtomicOp::kCmpSwap || op == AtomicOp::kFcmpSwap; }

uint64_t AtomicNewValue(AtomicOp op, bool wide, uint64_t mem, uint64_t d, uint64_t cmp) {
  const uint64_t mask = wide ? ~uint64_t{0} : 0xFFFFFFFFull;
  mem &= mask;
  d &= mask;
  cmp &= mask;
  uint64_t r = mem;
  switch (op) {
    case AtomicOp::kSwap:
      r = d;
      break;
    case AtomicOp::kCmpSwap:
      r = mem == cmp ? d : mem;
      break;
    case AtomicOp::kAdd:
      r = mem + d;
      break;
    case AtomicOp::kSub:
      r = mem - d;
      break;
    case AtomicOp::kRsub:
      r = d - mem;
      break;
    case AtomicOp::kSmin:
      r = Signed(wide, mem) <= Signed(wide, d) ? mem : d;
      break;
    case AtomicOp::kUmin:
      r = mem <= d ? mem : d;
      break;
    case AtomicOp::kSmax:
      r = Signed(wide, mem) >= Signed(wide, d) ? mem : d;
      break;
    case AtomicOp::kUmax:
      r = mem >= d ? mem : d;
      break;
    case AtomicOp::kAnd:
      r = mem & d;
      break;
    case AtomicOp::kOr:
      r = mem | d;
      break;
    case AtomicOp::kXor:
      r = mem ^ d;
      break;
    case AtomicOp::kInc:
      r = mem >= d ? 0 : mem + 1;
      break;
    case AtomicOp::kDec:
      r = (mem == 0 || mem > d) ? d : mem - 1;
      break;
    case AtomicOp::kFcmpSwap:
      // Compared as numbers: -0 equals +0 and a NaN equals nothing, itself included.
      r = FloatValue(wide, mem) == FloatValue(wide, cmp) ? d : mem;
      break;
    case AtomicOp::kFmin:
      r = MinMax(false, wide, mem, d);
      break;
    case AtomicOp::kFmax:
      r = MinMax(true, wide, mem, d);
      break;
    case AtomicOp::kNone:
      break;
  }
  return r & mask;
}

}  // namespace texunit::reference
