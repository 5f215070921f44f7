// The output stage of the sampler ops (docs/sampling.md, "Result swizzle and DMASK", "D16",
// "Status dword"): DST_SEL, DMASK, D16 and the TFE/LWE status dword, written for active lanes.
#if defined(TEXUNIT_OUTPUT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_OUTPUT_INL_H_
#undef TEXUNIT_OUTPUT_INL_H_
#else
#define TEXUNIT_OUTPUT_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/d16-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// What the output stage needs, copied out of the WaveSetup once per wave: kernels store results
// through plain uint32_t pointers, which the compiler must assume may alias the setup, so fields
// read inside the lane loop would be reloaded (and re-tested) after every store.
struct OutputPlan {
  uint32_t* data[4];
  uint32_t* status;  // null: no status dword
  uint32_t lane_count;
  int ncomp;
  uint8_t sel[4];
  uint32_t one_bits;
  NumericClass numeric;
  bool d16;
  bool identity;  // four results, X Y Z W in order, 32-bit: the channels as they are
};

HWY_INLINE OutputPlan MakeOutputPlan(const WaveSetup& s) {
  OutputPlan p;
  for (int k = 0; k < 4; ++k) {
    p.data[k] = s.req->out.data[k];
    p.sel[k] = s.sel[k];
  }
  p.status = s.key.write_status ? s.req->out.status : nullptr;
  p.lane_count = s.lane_count;
  p.ncomp = s.ncomp;
  p.one_bits = s.one_bits;
  p.numeric = s.plan.numeric;
  p.d16 = s.key.d16;
  p.identity = s.ncomp == 4 && !s.key.d16 && p.sel[0] == kSelX && p.sel[1] == kSelY &&
               p.sel[2] == kSelZ && p.sel[3] == kSelW;
  return p;
}

// Filtered channels as result bits: float-class results flushed when denormal, unless the caller
// knows none can be (`may_be_denormal` false).
HWY_INLINE void ResultBits(const OutputPlan& p, Vec4<VF> c, Vec4<VU> bits,
                           bool may_be_denormal = true) {
  const bool flush = may_be_denormal && p.numeric == NumericClass::kFloat;
  for (int i = 0; i < 4; ++i) bits[i] = AsBits(flush ? FlushDenormal(c[i]) : c[i]);
}

// One result dword per lane to `out` (D16: converted into the low half).
HWY_INLINE void WriteResult(const OutputPlan& p, VU v, hn::Mask<DU> active, bool all_active,
                            uint32_t* out, size_t base) {
  if (p.d16) v = ToD16(p.numeric, v);
  StoreActive(v, active, all_active, out, base, p.lane_count);
}

// The TFE/LWE status dword: `status` (prt-inl.h's StatusDword), or 0.
HWY_INLINE void WriteStatus(const OutputPlan& p, hn::Mask<DU> active, bool all_active, size_t base,
                            VU status) {
  if (p.status == nullptr) return;
  StoreActive(status, active, all_active, p.status, base, p.lane_count);
}
HWY_INLINE void WriteStatus(const OutputPlan& p, hn::Mask<DU> active, bool all_active,
                            size_t base) {
  WriteStatus(p, active, all_active, base, hn::Zero(DU()));
}

// DST_SEL: result k from the four channels, or a constant.
HWY_INLINE VU SelectResult(const OutputPlan& p, uint8_t sel, Vec4<VU> c) {
  return SelectChannel(sel, p.one_bits, c);
}

// SAMPLE: DST_SEL and DMASK of the four channels.
HWY_INLINE void WriteComponents(const OutputPlan& p, Vec4<VU> bits, hn::Mask<DU> active,
                                bool all_active, size_t base, VU status) {
  const DU du;
  if (WholeChunk(all_active, base, p.lane_count) && !p.d16) {  // 32-bit results
    if (p.identity) {
      for (int k = 0; k < 4; ++k) hn::StoreU(bits[k], du, p.data[k] + base);
    } else {
      for (int k = 0; k < p.ncomp; ++k) {
        hn::StoreU(SelectResult(p, p.sel[k], bits), du, p.data[k] + base);
      }
    }
    if (p.status != nullptr) hn::StoreU(status, du, p.status + base);
    return;
  }
  for (int k = 0; k < p.ncomp; ++k) {
    WriteResult(p, SelectResult(p, p.sel[k], bits), active, all_active, p.data[k], base);
  }
  WriteStatus(p, active, all_active, base, status);
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_OUTPUT_INL_H_
