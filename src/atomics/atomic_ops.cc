#include "atomics/atomic_ops.h"

#include <bit>
#include <cmath>
#include <type_traits>

namespace texunit {
namespace {

// The signed integer and the float of an element's width.
template <typename T>
struct ElementTypes;
template <>
struct ElementTypes<uint32_t> {
  using Signed = int32_t;
  using Float = float;
  static constexpr uint32_t kQuietBit = 0x00400000u;
};
template <>
struct ElementTypes<uint64_t> {
  using Signed = int64_t;
  using Float = double;
  static constexpr uint64_t kQuietBit = 0x0008000000000000ull;
};

// IEEE minNum (kMax: maxNum) on the bits of two floats, with -0 below +0: a NaN operand gives the
// other operand; two NaNs give `mem`, made quiet. Denormals are compared as they are.
template <typename T, bool kMax>
T MinMaxNum(T mem, T d) {
  using F = typename ElementTypes<T>::Float;
  const F a = std::bit_cast<F>(mem);
  const F b = std::bit_cast<F>(d);
  if (std::isnan(a)) return std::isnan(b) ? (mem | ElementTypes<T>::kQuietBit) : d;
  if (std::isnan(b)) return mem;
  if (a == b) {
    // Equal values differ only in the sign of a zero: min takes the negative one.
    return (std::signbit(a) != kMax) ? mem : d;
  }
  return (kMax ? a > b : a < b) ? mem : d;
}

template <typename T>
T Value(AtomicOp op, T mem, T d, T cmp) {
  using S = typename ElementTypes<T>::Signed;
  using F = typename ElementTypes<T>::Float;
  switch (op) {
    case AtomicOp::kSwap:
      return d;
    case AtomicOp::kCmpSwap:
      return mem == cmp ? d : mem;
    case AtomicOp::kAdd:
      return mem + d;
    case AtomicOp::kSub:
      return mem - d;
    case AtomicOp::kRsub:
      return d - mem;
    case AtomicOp::kSmin:
      return static_cast<S>(mem) < static_cast<S>(d) ? mem : d;
    case AtomicOp::kUmin:
      return mem < d ? mem : d;
    case AtomicOp::kSmax:
      return static_cast<S>(mem) > static_cast<S>(d) ? mem : d;
    case AtomicOp::kUmax:
      return mem > d ? mem : d;
    case AtomicOp::kAnd:
      return mem & d;
    case AtomicOp::kOr:
      return mem | d;
    case AtomicOp::kXor:
      return mem ^ d;
    case AtomicOp::kInc:
      return mem >= d ? 0 : mem + 1;
    case AtomicOp::kDec:
      return (mem == 0 || mem > d) ? d : mem - 1;
    case AtomicOp::kFcmpSwap:
      // Float equality: -0 == +0, and a NaN equals nothing.
      return std::bit_cast<F>(mem) == std::bit_cast<F>(cmp) ? d : mem;
    case AtomicOp::kFmin:
      return MinMaxNum<T, false>(mem, d);
    case AtomicOp::kFmax:
      return MinMaxNum<T, true>(mem, d);
    case AtomicOp::kNone:
      break;
  }
  return mem;  // validation admits no other op
}

}  // namespace

uint32_t AtomicValue(AtomicOp op, uint32_t mem, uint32_t d, uint32_t cmp) {
  return Value(op, mem, d, cmp);
}
uint64_t AtomicValue(AtomicOp op, uint64_t mem, uint64_t d, uint64_t cmp) {
  return Value(op, mem, d, cmp);
}
}  // namespace texunit
