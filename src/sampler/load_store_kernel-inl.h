// IMAGE_LOAD / LOAD_MIP / STORE / STORE_MIP on 2D images (docs/sampling.md): integer texel
// addresses, robust bounds (out-of-bounds loads read zero, stores are dropped), format
// conversion, DST_SEL (loads) and DMASK.
#if defined(TEXUNIT_LOAD_STORE_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#undef TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#else
#define TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

struct LoadStoreOperands {
  HWY_ALIGN uint32_t x[kMaxLanes];
  HWY_ALIGN uint32_t y[kMaxLanes];
  HWY_ALIGN uint32_t mip[kMaxLanes];
};

HWY_INLINE void CopyLanes(const uint32_t* src, uint32_t n, uint32_t* dst) {
  std::memcpy(dst, src, n * sizeof(uint32_t));
  std::memset(dst + n, 0, (kMaxLanes - n) * sizeof(uint32_t));
}

// x, y and the level of every lane (0 without _MIP), padded with zeros to a whole wave.
HWY_INLINE void CopyAddressOperands(const WaveSetup& s, LoadStoreOperands* op) {
  const TexRequest& req = *s.req;
  CopyLanes(req.in.coord[0], s.lane_count, op->x);
  CopyLanes(req.in.coord[1], s.lane_count, op->y);
  if (req.op.flags & kOpMip) {
    CopyLanes(req.in.mip, s.lane_count, op->mip);
  } else {
    std::memset(op->mip, 0, sizeof(op->mip));
  }
}

// In-bounds mask and word index of each lane's texel.
HWY_INLINE hn::Mask<DI> Address(const WaveSetup& s, const LoadStoreOperands& op, size_t base,
                                VI* word) {
  const DI di;
  const VI x = hn::Load(di, reinterpret_cast<const int32_t*>(op.x) + base);
  const VI y = hn::Load(di, reinterpret_cast<const int32_t*>(op.y) + base);
  const VI mip = hn::Load(di, reinterpret_cast<const int32_t*>(op.mip) + base);
  // Unsigned operands >= 2^31 read as negative here and fail the >= 0 tests.
  const VI zero = hn::Zero(di);
  const hn::Mask<DI> level_ok = hn::And(GeI(mip, zero), hn::Lt(mip, hn::Set(di, s.max_level + 1)));
  const VI level = hn::IfThenElseZero(level_ok, mip);
  const int uniform = UniformLevel(level);
  const VI w = LevelLookup(di, s.levels.width, level, uniform);
  const VI h = LevelLookup(di, s.levels.height, level, uniform);
  const hn::Mask<DI> inb = hn::And(
      level_ok, hn::And(hn::And(GeI(x, zero), hn::Lt(x, w)), hn::And(GeI(y, zero), hn::Lt(y, h))));
  const VI pitch = LevelLookup(di, s.levels.pitch, level, uniform);
  const VI offset = LevelLookup(di, s.levels.offset_words, level, uniform);
  *word = hn::IfThenElseZero(inb, TexelWord(s, offset, pitch, x, y));
  return inb;
}

HWY_INLINE void LoadWaveImpl(const WaveSetup& s) {
  const DF df;
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(df);
  const TexRequest& req = *s.req;
  HWY_ALIGN LoadStoreOperands op;
  CopyAddressOperands(s, &op);
  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const bool all_active = hn::AllTrue(du, active_u);
    VI word;
    const hn::Mask<DI> inb = hn::And(Address(s, op, base, &word), hn::RebindMask(di, active_u));
    VF c[4];
    FetchTexel(s, hn::IfThenElseZero(inb, word), /*flush=*/false, c);
    if (s.kind == TexelKind::kRgba8Unorm || s.kind == TexelKind::kRgba8Srgb) NormalizeCodes(s, c);
    const hn::Mask<DU> inb_u = hn::RebindMask(du, inb);
    for (int k = 0; k < s.ncomp; ++k) {
      const VU v = hn::IfThenElseZero(inb_u, SelectComponent(s, k, c));
      StoreActive(v, active_u, all_active, req.out.data[k], base, s.lane_count);
    }
    if (req.out.status != nullptr && (req.mods.tfe || req.mods.lwe)) {
      StoreActive(hn::Zero(du), active_u, all_active, req.out.status, base, s.lane_count);
    }
  }
}

// Converts result dwords to channel codes for the 8-bit formats (docs/sampling.md, "Encode").
HWY_INLINE VU EncodeChannel(const WaveSetup& s, int channel, VU v) {
  const DF df;
  const DI di;
  const DU du;
  if (s.kind == TexelKind::kRgba8Uint) return hn::Min(v, hn::Set(du, 255u));
  VF f = hn::BitCast(df, v);
  f = hn::IfThenZeroElse(hn::IsNaN(f), f);
  f = hn::Min(hn::Max(f, hn::Zero(df)), hn::Set(df, 1.0f));
  if (s.kind == TexelKind::kRgba8Srgb && channel < 3) {
    // Count the thresholds <= f by binary search over the 255 sorted thresholds.
    const float* th = GetSrgbTables().encode_threshold;
    VI c = hn::Zero(di);
    for (int step = 128; step >= 1; step >>= 1) {
      const VI cand = hn::Add(c, hn::Set(di, step));
      const VF t = hn::GatherIndex(df, th, hn::Sub(cand, hn::Set(di, 1)));
      c = hn::IfThenElse(hn::RebindMask(di, hn::Ge(f, t)), cand, c);
    }
    return hn::BitCast(du, c);
  }
  return hn::BitCast(du, hn::NearestInt(hn::Mul(f, hn::Set(df, 255.0f))));
}

HWY_INLINE void StoreWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  HWY_ALIGN LoadStoreOperands op;
  CopyAddressOperands(s, &op);
  HWY_ALIGN uint32_t value[4][kMaxLanes];
  for (int k = 0; k < s.nstore; ++k) CopyLanes(req.in.data[k], s.lane_count, value[k]);
  const bool is_float = s.kind == TexelKind::kRgba32Float;
  uint32_t* words = reinterpret_cast<uint32_t*>(s.host);
  HWY_ALIGN int32_t word_of[hn::MaxLanes(di)];
  HWY_ALIGN int32_t ok[hn::MaxLanes(di)];
  HWY_ALIGN uint32_t code[4][hn::MaxLanes(du)];

  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    VI word;
    const hn::Mask<DI> inb = hn::And(Address(s, op, base, &word), hn::RebindMask(di, active_u));
    hn::Store(word, di, word_of);
    hn::Store(hn::VecFromMask(di, inb), di, ok);
    for (int k = 0; k < s.nstore; ++k) {
      const VU v = hn::Load(du, value[k] + base);
      hn::Store(is_float ? v : EncodeChannel(s, s.store_channel[k], v), du, code[k]);
    }
    // Lanes write in increasing order so that a later lane wins a texel shared with an earlier one.
    for (size_t i = 0; i < n && base + i < s.lane_count; ++i) {
      if (!ok[i]) continue;
      uint32_t* texel = words + word_of[i];
      if (is_float) {
        for (int k = 0; k < s.nstore; ++k) texel[s.store_channel[k]] = code[k][i];
      } else {
        uint32_t t = *texel;
        for (int k = 0; k < s.nstore; ++k) {
          const int shift = 8 * s.store_channel[k];
          t = (t & ~(0xFFu << shift)) | (code[k][i] << shift);
        }
        *texel = t;
      }
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_LOAD_STORE_KERNEL_INL_H_
