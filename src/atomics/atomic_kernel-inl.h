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

#include <algorithm>

#include "atomics/atomic_ops.h"
#include "hwy/highway.h"
#include "sampler/texel_address-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Lanes [base, base + n) of one chunk, in order: `word` is each lane's element (in 4-byte words
// from the image), `ok` whether it is active and in bounds. Operand dwords: D (low, high), then
// for the compare-swaps cmp (low, high).
template <typename T>
HWY_INLINE void AtomicLanes(const WaveSetup& s, size_t base, size_t n, const int32_t* word,
                            const int32_t* ok, bool all_ok) {
  const TexRequest& req = *s.req;
  const AtomicOp op = req.op.atomic;
  constexpr int kHalf = sizeof(T) / 4;
  const uint32_t* const* data = req.in.data;
  const bool cmpswap = op == AtomicOp::kCmpSwap || op == AtomicOp::kFcmpSwap;
  const auto operand = [&](int k, size_t lane) -> T {
    T v = data[k][lane];
    if constexpr (kHalf == 2) v |= T{data[k + 1][lane]} << 32;
    return v;
  };
  const auto element = [&](size_t i) {
    return reinterpret_cast<T*>(s.store_host + size_t{static_cast<uint32_t>(word[i])} * 4);
  };
  uint32_t* const* out = req.out.data;
  if (all_ok && s.ncomp == 0 && !cmpswap) {
    // The common shape: every lane active and in bounds, nothing returned.
    for (size_t i = 0; i < n; ++i) ApplyAtomic<T>(op, element(i), operand(0, base + i), T{0});
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    const size_t lane = base + i;
    if (!((s.exec >> lane) & 1)) continue;
    T before = 0;  // out of bounds: nothing changes and GLC returns 0
    if (ok[i]) {
      before = ApplyAtomic<T>(op, element(i), operand(0, lane), cmpswap ? operand(kHalf, lane) : 0);
    }
    // GLC: the value before, low dword first (s.ncomp is 0 without GLC).
    for (int k = 0; k < s.ncomp; ++k) {
      out[k][lane] = static_cast<uint32_t>(static_cast<uint64_t>(before) >> (32 * k));
    }
    if (s.key.write_status) req.out.status[lane] = 0;
  }
}

HWY_INLINE void AtomicWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  HWY_ALIGN AddressOperands op;
  CopyAddressOperands(s, &op);  // no mip operand: view level 0
  constexpr size_t kMax = hn::MaxLanes(du);
  HWY_ALIGN int32_t word[kMax];
  HWY_ALIGN int32_t ok[kMax];
  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    VI offset, elem, in_block;
    const MI inb =
        Address<false>(s, op, base, hn::RebindMask(di, active_u), &offset, &elem, &in_block);
    hn::Store(TexelWord(s, offset, elem, inb), di, word);
    hn::Store(hn::VecFromMask(di, inb), di, ok);
    const size_t lanes = std::min(n, s.lane_count - base);
    const bool all_ok = lanes == n && hn::AllTrue(di, inb);
    if (s.key.atomic_64) {
      AtomicLanes<uint64_t>(s, base, lanes, word, ok, all_ok);
    } else {
      AtomicLanes<uint32_t>(s, base, lanes, word, ok, all_ok);
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_ATOMIC_KERNEL_INL_H_
