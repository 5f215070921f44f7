// IMAGE_LOAD / LOAD_MIP / LOAD_PCK(_SGN), STORE / STORE_MIP / STORE_PCK and GET_RESINFO on every
// image type (docs/sampling.md): integer texel addresses, robust bounds (out-of-bounds loads read
// zero, stores are dropped), format conversion or raw bits, DST_SEL (converting loads), DMASK, D16.
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
#include "sampler/prt-inl.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/texel_address-inl.h"
#include "sampler/texel_fetch-inl.h"
#include "sampler/texel_write.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// One instance per fetch path and addressing shape: kFlat for 1D and 2D images (x, y and the
// level; no slices or fragments), which is what most loads are, and the general addressing.
template <FetchPath kPath, bool kFlat>
HWY_INLINE void LoadWaveT(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  HWY_ALIGN AddressOperands op;
  CopyAddressOperands(s, &op);
  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const bool all_active = hn::AllTrue(du, active_u);
    VI offset, elem, in_block;
    MI inb = Address<kFlat>(s, op, base, hn::RebindMask(di, active_u), &offset, &elem, &in_block);
    // PRT: a texel in a non-resident page reads as zero, like one out of bounds.
    const MI reads = inb;
    const MI fail =
        s.residency != nullptr ? NonResident(s, offset, elem, reads) : hn::FirstN(di, 0);
    inb = hn::AndNot(fail, inb);
    TEXUNIT_VEC4(VU, c);
    FetchForLoadT<kPath>(s, offset, elem, in_block, inb, c);
    const hn::Mask<DU> inb_u = hn::RebindMask(du, inb);
    for (int k = 0; k < s.ncomp; ++k) {
      VU v = hn::IfThenElseZero(inb_u, SelectComponent(s, k, c));
      if (s.key.d16) v = ToD16(s.plan.numeric, v);
      StoreActive(v, active_u, all_active, req.out.data[k], base, s.lane_count);
    }
    if (s.key.write_status) {
      const VU status =
          PrtStatus(s) ? StatusDword(s, fail, reads,
                                     hn::LoadU(di, reinterpret_cast<const int32_t*>(op.mip) + base))
                       : hn::Zero(du);
      StoreActive(status, active_u, all_active, req.out.status, base, s.lane_count);
    }
  }
}

HWY_INLINE void LoadWaveImpl(const WaveSetup& s) {
  const bool flat = !s.key.uses_z && !s.key.uses_layer && !s.key.uses_fragment;
  if (!flat || s.key.raw) return LoadWaveT<FetchPath::kPlain, false>(s);
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return LoadWaveT<FetchPath::kRgba8Unorm, true>(s);
    case FetchPath::kRgba8Srgb:
      return LoadWaveT<FetchPath::kRgba8Srgb, true>(s);
    case FetchPath::kRgba8Uint:
      return LoadWaveT<FetchPath::kRgba8Uint, true>(s);
    case FetchPath::kRgba32Float:
      return LoadWaveT<FetchPath::kRgba32Float, true>(s);
    default:
      return LoadWaveT<FetchPath::kPlain, true>(s);
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
  HWY_ALIGN AddressOperands op;
  CopyAddressOperands(s, &op);
  // Copied, unlike the address operands: aligned loads of the values measured faster here.
  HWY_ALIGN uint32_t value[4][kMaxLanes];
  for (int k = 0; k < s.nstore; ++k) CopyLanes(req.in.data[k], s.lane_count, value[k]);
  constexpr size_t kMax = hn::MaxLanes(du);
  HWY_ALIGN int32_t at[kMax];
  HWY_ALIGN int32_t ok[kMax];
  HWY_ALIGN uint32_t texel[4][kMax];
  const size_t bytes = p.element_bytes;
  // Texel offsets are multiples of the texel size from 256-byte aligned levels, so the host
  // base decides whether every texel can be written atomically.
  const bool aligned = reinterpret_cast<uintptr_t>(s.store_host) % TexelWriteAlignment(bytes) == 0;

  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    VI offset, elem, in_block;
    const MI inb =
        Address<false>(s, op, base, hn::RebindMask(di, active_u), &offset, &elem, &in_block);
    TEXUNIT_VEC4(VU, v);
    for (int k = 0; k < 4; ++k) v[k] = hn::Zero(du);
    for (int k = 0; k < s.nstore; ++k) {
      VU d = hn::Load(du, value[k] + base);
      if (s.key.d16) d = FromD16(p.numeric, d);
      v[s.store_channel[k]] = d;
    }
    TEXUNIT_VEC4(VU, w);
    if (s.key.raw) {
      for (int k = 0; k < 4; ++k) w[k] = v[k];
    } else {
      TEXUNIT_VEC4(VU, code);
      EncodeTexel(p, v, code);
      PackTexel(p, code, w);
    }
    for (int k = 0; k < 4; ++k) hn::Store(w[k], du, texel[k]);
    // Texels of 4 bytes or more by word index (8 GiB of reach), smaller ones by byte.
    if (bytes >= 4) {
      hn::Store(TexelWord(s, offset, elem, inb), di, at);
    } else {
      hn::Store(hn::Add(hn::ShiftLeft<2>(offset), hn::Mul(elem, hn::Set(di, p.element_bytes))), di,
                at);
    }
    hn::Store(hn::VecFromMask(di, inb), di, ok);
    const size_t unit = bytes >= 4 ? 4 : 1;
    for (size_t i = 0; i < n && base + i < s.lane_count; ++i) {
      if (!ok[i]) continue;
      const uint32_t words[4] = {texel[0][i], texel[1][i], texel[2][i], texel[3][i]};
      WriteTexel(s.store_host + static_cast<size_t>(at[i]) * unit, words, bytes, aligned);
    }
  }
}

// GET_RESINFO (docs/sampling.md): sizes of the requested view level and the layer and level
// counts, as integers; no memory is read.
HWY_INLINE void ResinfoWaveImpl(const WaveSetup& s) {
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  const TexRequest& req = *s.req;
  const bool msaa = s.key.uses_fragment;
  // x, y, z, w per type; a 1D array puts its layer count in y.
  const bool y_is_layers = s.key.type == ImageType::k1DArray;
  const VI levels = hn::Set(di, msaa ? s.req->image->last_level + 1 : s.max_level + 1);
  const VI layers = hn::Set(di, s.view_layers);
  HWY_ALIGN uint32_t pad[kMaxLanes];
  const uint32_t* mips = WaveLanes(req.in.mip, s.lane_count, pad);
  for (size_t base = 0; base < s.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const bool all_active = hn::AllTrue(du, active_u);
    const VI mip = hn::LoadU(di, reinterpret_cast<const int32_t*>(mips) + base);
    // MSAA images have one level whatever the operand says.
    const MI ok = msaa ? hn::Eq(mip, mip)
                       : hn::And(GeI(mip, hn::Zero(di)), hn::Lt(mip, hn::Set(di, s.max_level + 1)));
    const VI level = hn::IfThenElseZero(ok, msaa ? hn::Zero(di) : mip);
    const VI w = hn::IfThenElseZero(ok, hn::GatherIndex(di, s.levels.width, level));
    const VI h = hn::IfThenElseZero(ok, hn::GatherIndex(di, s.levels.height, level));
    const VI d = hn::IfThenElseZero(ok, hn::GatherIndex(di, s.levels.depth, level));
    TEXUNIT_VEC4(VI, c);
    c[0] = w;
    c[1] = y_is_layers ? layers : (s.key.uses_y ? h : hn::Zero(di));
    c[2] = s.key.uses_z ? d : (s.key.uses_layer && !y_is_layers ? layers : hn::Zero(di));
    c[3] = levels;
    for (int k = 0; k < s.ncomp; ++k) {
      StoreActive(hn::BitCast(du, c[s.sel[k]]), active_u, all_active, req.out.data[k], base,
                  s.lane_count);
    }
    if (s.key.write_status) {
      StoreActive(hn::Zero(du), active_u, all_active, req.out.status, base, s.lane_count);
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_LOAD_STORE_KERNEL_INL_H_
