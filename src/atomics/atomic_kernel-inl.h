// IMAGE_ATOMIC_* (docs/sampling.md, "Atomics"): the lanes' elements are addressed in SIMD like a
// store's (view level 0), then each active lane's op is applied in increasing lane order, one
// atomic read-modify-write each, so a lane sees the lanes before it and other threads' atomics
// interleave only between lanes.
#if defined(TEXUNIT_ATOMIC_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_ATOMIC_KERNEL_INL_H_
#undef TEXUNIT_ATOMIC_KERNEL_INL_H_
#else
#define TEXUNIT_ATOMIC_KERNEL_INL_H_
#endif

#include "atomics/atomic_ops.h"
#include "hwy/highway.h"
#include "sampler/texel_address-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

HWY_INLINE void AtomicWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  const AtomicOp atomic = req.op.atomic;
  HWY_ALIGN AddressOperands op;
  CopyAddressOperands(s, &op);  // no mip operand: view level 0
  constexpr size_t kMax = hn::MaxLanes(du);
  HWY_ALIGN int32_t word[kMax];
  HWY_ALIGN int32_t ok[kMax];
  // Operand dwords: D (low, high), then for the compare-swaps cmp (low, high).
  const int half = s.atomic_64 ? 2 : 1;
  const bool cmpswap = req.op.atomic == AtomicOp::kCmpSwap || req.op.atomic == AtomicOp::kFcmpSwap;

  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    VI offset, elem, in_block;
    const MI inb = Address(s, op, base, hn::RebindMask(di, active_u), &offset, &elem, &in_block);
    hn::Store(TexelWord(s, offset, elem, inb), di, word);
    hn::Store(hn::VecFromMask(di, inb), di, ok);
    for (size_t i = 0; i < n && base + i < s.lane_count; ++i) {
      const size_t lane = base + i;
      if (!((s.exec >> lane) & 1)) continue;
      uint64_t before = 0;  // out of bounds: nothing changes and GLC returns 0
      if (ok[i]) {
        uint8_t* at = s.store_host + size_t{static_cast<uint32_t>(word[i])} * 4;
        const auto operand = [&](int k) -> uint64_t {
          uint64_t v = req.in.data[k][lane];
          if (half == 2) v |= uint64_t{req.in.data[k + 1][lane]} << 32;
          return v;
        };
        const uint64_t d = operand(0);
        const uint64_t cmp = cmpswap ? operand(half) : 0;
        if (s.atomic_64) {
          before = ApplyAtomic(atomic, reinterpret_cast<uint64_t*>(at), d, cmp);
        } else {
          before = ApplyAtomic(atomic, reinterpret_cast<uint32_t*>(at), static_cast<uint32_t>(d),
                               static_cast<uint32_t>(cmp));
        }
      }
      // GLC: the value before, low dword first (s.ncomp is 0 without GLC).
      for (int k = 0; k < s.ncomp; ++k) {
        req.out.data[k][lane] = static_cast<uint32_t>(before >> (32 * k));
      }
      if (s.write_status) req.out.status[lane] = 0;
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_ATOMIC_KERNEL_INL_H_
