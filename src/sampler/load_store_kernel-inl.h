// IMAGE_LOAD / LOAD_MIP / LOAD_PCK(_SGN) and STORE / STORE_MIP / STORE_PCK on 2D images
// (docs/sampling.md): integer texel addresses, robust bounds (out-of-bounds loads read zero,
// stores are dropped), format conversion or raw bits, DST_SEL (converting loads), DMASK, D16.
#if defined(TEXUNIT_LOAD_STORE_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#undef TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#else
#define TEXUNIT_LOAD_STORE_KERNEL_INL_H_
#endif

#include <cstring>

#include "formats/texel_encode-inl.h"
#include "hwy/highway.h"
#include "sampler/d16-inl.h"
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

// The lanes whose access is in bounds (and active), with their level's start and pitch.
HWY_INLINE MI Address(const WaveSetup& s, const LoadStoreOperands& op, size_t base, MI active,
                      VI* x, VI* y, VI* offset, VI* pitch) {
  const DI di;
  *x = hn::Load(di, reinterpret_cast<const int32_t*>(op.x) + base);
  *y = hn::Load(di, reinterpret_cast<const int32_t*>(op.y) + base);
  const VI mip = hn::Load(di, reinterpret_cast<const int32_t*>(op.mip) + base);
  // Unsigned operands >= 2^31 read as negative here and fail the >= 0 tests.
  const VI zero = hn::Zero(di);
  const MI level_ok = hn::And(GeI(mip, zero), hn::Lt(mip, hn::Set(di, s.max_level + 1)));
  const VI level = hn::IfThenElseZero(level_ok, mip);
  const int uniform = UniformLevel(level);
  const VI w = LevelLookup(di, s.levels.width, level, uniform);
  const VI h = LevelLookup(di, s.levels.height, level, uniform);
  const MI inb = hn::And(level_ok, hn::And(hn::And(GeI(*x, zero), hn::Lt(*x, w)),
                                           hn::And(GeI(*y, zero), hn::Lt(*y, h))));
  *pitch = LevelLookup(di, s.levels.pitch, level, uniform);
  *offset = LevelLookup(di, s.levels.offset_words, level, uniform);
  return hn::And(inb, active);
}

HWY_INLINE void LoadWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  HWY_ALIGN LoadStoreOperands op;
  CopyAddressOperands(s, &op);
  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const bool all_active = hn::AllTrue(du, active_u);
    VI x, y, offset, pitch;
    const MI inb = Address(s, op, base, hn::RebindMask(di, active_u), &x, &y, &offset, &pitch);
    VU c[4];
    FetchForLoad(s, offset, pitch, x, y, inb, c);
    const hn::Mask<DU> inb_u = hn::RebindMask(du, inb);
    for (int k = 0; k < s.ncomp; ++k) {
      VU v = hn::IfThenElseZero(inb_u, SelectComponent(s, k, c));
      if (s.d16) v = ToD16(s.plan.numeric, v);
      StoreActive(v, active_u, all_active, req.out.data[k], base, s.lane_count);
    }
    if (req.out.status != nullptr && (req.mods.tfe || req.mods.lwe)) {
      StoreActive(hn::Zero(du), active_u, all_active, req.out.status, base, s.lane_count);
    }
  }
}

// Stores write whole texels: the channels the store supplies, and 0 for the others (converted
// like any value; docs/sampling.md, "STORE"). Lanes write in increasing order, so a later lane
// wins a texel shared with an earlier one.
HWY_INLINE void StoreWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  const TexelPlan& p = s.plan;
  HWY_ALIGN LoadStoreOperands op;
  CopyAddressOperands(s, &op);
  HWY_ALIGN uint32_t value[4][kMaxLanes];
  for (int k = 0; k < s.nstore; ++k) CopyLanes(req.in.data[k], s.lane_count, value[k]);
  constexpr size_t kMax = hn::MaxLanes(du);
  HWY_ALIGN int32_t at[kMax];
  HWY_ALIGN int32_t ok[kMax];
  HWY_ALIGN uint32_t texel[4][kMax];
  const size_t bytes = p.element_bytes;

  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    VI x, y, offset, pitch;
    const MI inb = Address(s, op, base, hn::RebindMask(di, active_u), &x, &y, &offset, &pitch);
    VU v[4] = {hn::Zero(du), hn::Zero(du), hn::Zero(du), hn::Zero(du)};
    for (int k = 0; k < s.nstore; ++k) {
      VU d = hn::Load(du, value[k] + base);
      if (s.d16) d = FromD16(p.numeric, d);
      v[s.store_channel[k]] = d;
    }
    VU w[4];
    if (s.raw) {
      for (int k = 0; k < 4; ++k) w[k] = v[k];
    } else {
      VU code[4];
      EncodeTexel(p, v, code);
      PackTexel(p, code, w);
    }
    for (int k = 0; k < 4; ++k) hn::Store(w[k], du, texel[k]);
    // Texels of 4 bytes or more by word index (8 GiB of reach), smaller ones by byte.
    if (bytes >= 4) {
      hn::Store(TexelWord(s, offset, pitch, x, y, inb), di, at);
    } else {
      const VI elem = ElementIndex(pitch, x, y);
      hn::Store(hn::Add(hn::ShiftLeft<2>(offset), hn::Mul(elem, hn::Set(di, p.element_bytes))), di,
                at);
    }
    hn::Store(hn::VecFromMask(di, inb), di, ok);
    const size_t unit = bytes >= 4 ? 4 : 1;
    for (size_t i = 0; i < n && base + i < s.lane_count; ++i) {
      if (!ok[i]) continue;
      uint8_t* dst = s.store_host + static_cast<size_t>(at[i]) * unit;
      for (size_t k = 0; k * 4 < bytes; ++k) {
        const uint32_t word = texel[k][i];
        std::memcpy(dst + 4 * k, &word, bytes - 4 * k < 4 ? bytes - 4 * k : 4);
      }
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_LOAD_STORE_KERNEL_INL_H_
