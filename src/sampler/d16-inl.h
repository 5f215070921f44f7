// D16 (GFX8+): results converted to 16 bits, and 16-bit store data widened, per the format's
// numeric class (docs/sampling.md, "D16"). The core keeps one 16-bit value per dword, in the low
// half; front ends pack two per register where their generation does.
#if defined(TEXUNIT_D16_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_D16_INL_H_
#undef TEXUNIT_D16_INL_H_
#else
#define TEXUNIT_D16_INL_H_
#endif

#include "formats/channel_convert-inl.h"
#include "formats/format_table.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// A result dword to 16 bits: floats to binary16 (round to nearest even), integers saturated.
HWY_INLINE VU ToD16(NumericClass numeric, VU v) {
  const DI di;
  const DU du;
  switch (numeric) {
    case NumericClass::kFloat:
      return F32ToSmallFloat(v, 10, /*has_sign=*/true);
    case NumericClass::kUint:
      return hn::Min(v, hn::Set(du, 0xFFFFu));
    case NumericClass::kSint: {
      const VI s = hn::Min(hn::Max(hn::BitCast(di, v), hn::Set(di, -32768)), hn::Set(di, 32767));
      return hn::And(hn::BitCast(du, s), hn::Set(du, 0xFFFFu));
    }
  }
  return v;
}

// 16-bit store data (the low half of each dword) to the 32-bit value the format's encode takes.
HWY_INLINE VU FromD16(NumericClass numeric, VU v) {
  const DU du;
  const VU low = hn::And(v, hn::Set(du, 0xFFFFu));
  switch (numeric) {
    case NumericClass::kFloat:
      return SmallFloatToF32(low, 10, /*has_sign=*/true);
    case NumericClass::kUint:
      return low;
    case NumericClass::kSint:
      return hn::BitCast(du, SignExtend(low, 16));
  }
  return low;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_D16_INL_H_
