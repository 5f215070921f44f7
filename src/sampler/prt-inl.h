// Partially resident textures (docs/sampling.md, "Partially resident textures"): which texels lie
// in pages the request's residency map marks as not resident, and the TFE/LWE status dword.
#if defined(TEXUNIT_PRT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_PRT_INL_H_
#undef TEXUNIT_PRT_INL_H_
#else
#define TEXUNIT_PRT_INL_H_
#endif

#include "formats/vec4-inl.h"
#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// The `reads` lanes whose element `elem` of the level at `offset_words` starts in a non-resident
// 64 KiB page (s.residency must be set). Word-addressed texels (4 bytes or more) count in words,
// since their footprints may pass 2 GiB; the others in bytes.
HWY_INLINE MI NonResident(const WaveSetup& s, VI offset_words, VI elem, MI reads) {
  const DI di;
  const DU du;
  const TexelPlan& p = s.plan;
  VI page;
  if (p.path != FetchPath::kBlock && p.element_bytes >= 4) {
    page = hn::ShiftRight<14>(hn::Add(offset_words, hn::Mul(elem, hn::Set(di, p.words))));
  } else {
    const VI byte =
        hn::Add(hn::ShiftLeft<2>(offset_words), hn::Mul(elem, hn::Set(di, p.element_bytes)));
    page = hn::ShiftRight<16>(byte);
  }
  page = hn::IfThenElseZero(reads, page);
  // Bit p of the little-endian 64-bit words is bit p % 32 of 32-bit word p / 32.
  const VU word = hn::BitCast(du, hn::GatherIndex(di, reinterpret_cast<const int32_t*>(s.residency),
                                                  hn::ShiftRight<5>(page)));
  const VU bit =
      hn::And(hn::Shr(word, hn::BitCast(du, hn::And(page, hn::Set(di, 31)))), hn::Set(du, 1));
  return hn::And(reads, hn::RebindMask(di, hn::Eq(bit, hn::Zero(du))));
}

// A non-resident texel reads as zero: zeroes the channels of `t` (floats or bits) on the `reads`
// lanes whose texel is in a non-resident page, and returns those lanes.
template <class V>
HWY_INLINE MI ZeroNonResident(const WaveSetup& s, VI offset_words, VI elem, MI reads, Vec4<V> t) {
  const MI miss = NonResident(s, offset_words, elem, reads);
  const auto m = hn::RebindMask(hn::DFromV<V>(), miss);
  for (int c = 0; c < 4; ++c) t[c] = hn::IfThenZeroElse(m, t[c]);
  return miss;
}

// Whether a wave's status dwords can be non-zero: TFE/LWE asked for on a PRT (MIN_LOD_WARN set).
HWY_INLINE bool PrtStatus(const WaveSetup& s) { return s.key.write_status && s.min_lod_warn != 0; }

// The status dword: TEXEL_FAIL (TFE) on `fail` lanes, else LOD_WARNING (LWE) where a `reads` lane's
// memory level base_level + view_level is below MIN_LOD_WARN (u4.8), and that level in bits 16
// and up when either bit is set.
HWY_INLINE VU StatusDword(const WaveSetup& s, MI fail, MI reads, VI view_level) {
  const DI di;
  const DU du;
  const MI none = hn::FirstN(di, 0);
  const VI lod = hn::Add(view_level, hn::Set(di, s.base_level));
  const MI failed = s.key.tfe ? fail : none;
  const MI low = hn::Lt(hn::ShiftLeft<8>(lod), hn::Set(di, s.min_lod_warn));
  const MI warned = s.key.lwe ? hn::AndNot(failed, hn::And(reads, low)) : none;
  VU status = hn::Or(hn::IfThenElseZero(hn::RebindMask(du, failed), hn::Set(du, 1)),
                     hn::IfThenElseZero(hn::RebindMask(du, warned), hn::Set(du, 2)));
  const VU level = hn::ShiftLeft<16>(hn::BitCast(du, lod));
  return hn::Or(status, hn::IfThenElseZero(hn::RebindMask(du, hn::Or(failed, warned)), level));
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_PRT_INL_H_
