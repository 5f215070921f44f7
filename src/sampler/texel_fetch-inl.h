// Gather and decode texels for SIMD lanes. A texel is returned as four channel vectors:
// RGBA8 UNORM as codes 0..255 in float (divided by 255 once, after filtering), SRGB with X/Y/Z
// already linear and W as a code, UINT as the raw code bits, FLOAT as stored (sample ops flush
// denormals).
#if defined(TEXUNIT_TEXEL_FETCH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_TEXEL_FETCH_INL_H_
#undef TEXUNIT_TEXEL_FETCH_INL_H_
#else
#define TEXUNIT_TEXEL_FETCH_INL_H_
#endif

#include "formats/srgb_tables.h"
#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Denormals become zero of the same sign.
HWY_INLINE VF FlushDenormal(DF df, VF v) {
  const MF tiny = hn::Lt(hn::Abs(v), hn::Set(df, 1.17549435e-38f));
  return hn::IfThenElse(tiny, hn::And(v, hn::Set(df, -0.0f)), v);
}

// `word` indexes 4-byte words from the image base; for RGBA32F it is the texel's first word.
HWY_INLINE void FetchTexel(const WaveSetup& s, VI word, bool flush, VF out[4]) {
  const DF df;
  const DI di;
  const DU du;
  if (s.kind == TexelKind::kRgba32Float) {
    const float* base = reinterpret_cast<const float*>(s.host);
    for (int c = 0; c < 4; ++c) {
      VF v = hn::GatherIndex(df, base, hn::Add(word, hn::Set(di, c)));
      out[c] = flush ? FlushDenormal(df, v) : v;
    }
    return;
  }
  const VU t = hn::BitCast(du, hn::GatherIndex(di, reinterpret_cast<const int32_t*>(s.host), word));
  const VU mask = hn::Set(du, 0xFFu);
  const VU code[4] = {hn::And(t, mask), hn::And(hn::ShiftRight<8>(t), mask),
                      hn::And(hn::ShiftRight<16>(t), mask), hn::ShiftRight<24>(t)};
  if (s.kind == TexelKind::kRgba8Uint) {
    for (int c = 0; c < 4; ++c) out[c] = hn::BitCast(df, code[c]);
    return;
  }
  if (s.kind == TexelKind::kRgba8Srgb) {
    const float* lut = GetSrgbTables().decode;
    for (int c = 0; c < 3; ++c) out[c] = hn::GatherIndex(df, lut, hn::BitCast(di, code[c]));
    out[3] = hn::ConvertTo(df, hn::BitCast(di, code[3]));
    return;
  }
  for (int c = 0; c < 4; ++c) out[c] = hn::ConvertTo(df, hn::BitCast(di, code[c]));
}

// Word index of texel (x, y) on a level whose first word is `offset`.
HWY_INLINE VI TexelWord(const WaveSetup& s, VI offset, VI pitch, VI x, VI y) {
  VI texel = hn::Add(hn::Mul(y, pitch), x);
  if (s.kind == TexelKind::kRgba32Float) texel = hn::ShiftLeft<2>(texel);
  return hn::Add(offset, texel);
}

// Channels that are codes until the end of filtering are divided by 255 here.
HWY_INLINE void NormalizeCodes(const WaveSetup& s, VF c[4]) {
  const DF df;
  const VF k255 = hn::Set(df, 255.0f);
  if (s.kind == TexelKind::kRgba8Unorm) {
    for (int i = 0; i < 4; ++i) c[i] = hn::Div(c[i], k255);
  } else if (s.kind == TexelKind::kRgba8Srgb) {
    c[3] = hn::Div(c[3], k255);
  }
}

// DST_SEL: result k of the request from the four channels.
HWY_INLINE VU SelectComponent(const WaveSetup& s, int k, const VF c[4]) {
  const DU du;
  const uint8_t sel = s.sel[k];
  if (sel <= kSelW) return hn::BitCast(du, c[sel]);
  return sel == kSelOne ? hn::Set(du, s.one_bits) : hn::Zero(du);
}

// Writes `v` to out[base .. base + N) for active lanes only.
HWY_INLINE void StoreActive(VU v, hn::Mask<DU> active, bool all_active, uint32_t* out, size_t base,
                            uint32_t lane_count) {
  const DU du;
  const size_t n = hn::Lanes(du);
  if (all_active && base + n <= lane_count) {
    hn::StoreU(v, du, out + base);
    return;
  }
  HWY_ALIGN uint32_t tmp[hn::MaxLanes(du)];
  HWY_ALIGN uint32_t on[hn::MaxLanes(du)];
  hn::Store(v, du, tmp);
  hn::Store(hn::VecFromMask(du, active), du, on);
  for (size_t i = 0; i < n && base + i < lane_count; ++i) {
    if (on[i]) out[base + i] = tmp[i];
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_TEXEL_FETCH_INL_H_
