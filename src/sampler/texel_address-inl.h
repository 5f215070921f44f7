// Integer texel addressing shared by loads, stores and atomics (docs/sampling.md, "Image types"):
// per image type, the address operands' bounds and the element each in-bounds lane names.
#if defined(TEXUNIT_TEXEL_ADDRESS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_TEXEL_ADDRESS_INL_H_
#undef TEXUNIT_TEXEL_ADDRESS_INL_H_
#else
#define TEXUNIT_TEXEL_ADDRESS_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// A whole wave of zeros: the operand of every lane for what an image type does not use.
HWY_ALIGN inline constexpr uint32_t kZeroLanes[kMaxLanes] = {};

HWY_INLINE void CopyLanes(const uint32_t* src, uint32_t n, uint32_t* dst) {
  std::memcpy(dst, src, n * sizeof(uint32_t));
  std::memset(dst + n, 0, (kMaxLanes - n) * sizeof(uint32_t));
}

// An operand as a whole wave, so that every chunk can load a whole vector: a full wave's array in
// place (the usual case: nothing is copied), a shorter one copied into `pad` and zero-padded.
HWY_INLINE const uint32_t* WaveLanes(const uint32_t* src, uint32_t n, uint32_t* pad) {
  if (n == kMaxLanes) return src;
  CopyLanes(src, n, pad);
  return pad;
}

// The address operands, each a whole wave: the caller's, padded copies, or kZeroLanes.
struct AddressOperands {
  const uint32_t* x;
  const uint32_t* y;
  const uint32_t* z;  // z, layer or face id
  const uint32_t* fragment;
  const uint32_t* mip;
  HWY_ALIGN uint32_t pad[5][kMaxLanes];
};

HWY_INLINE void CopyAddressOperands(const WaveSetup& s, AddressOperands* op) {
  const TexRequest& req = *s.req;
  const uint32_t n = s.lane_count;
  const auto lanes = [&](bool used, const uint32_t* src, int k) {
    return used ? WaveLanes(src, n, op->pad[k]) : kZeroLanes;
  };
  op->x = lanes(true, req.in.coord[0], 0);
  op->y = lanes(s.key.uses_y, req.in.coord[1], 1);
  op->z = lanes(s.key.uses_z || s.key.uses_layer, req.in.coord[2], 2);
  op->fragment = lanes(s.key.uses_fragment, req.in.coord[3], 3);
  op->mip = lanes((req.op.flags & kOpMip) != 0, req.in.mip, 4);
}

// Where each lane's texel is: the lanes in bounds (and active), their level's start, the element
// index inside the level (docs/sampling.md, "Image types") and the texel inside its block.
// Coordinates of out-of-bounds lanes are zeroed before any address arithmetic. kFlat: the image
// has no slices and no fragments (1D, 2D), so z and the fragment are not read.
template <bool kFlat>
HWY_INLINE MI Address(const WaveSetup& s, const AddressOperands& op, size_t base, MI active,
                      VI* offset, VI* elem, VI* in_block) {
  const DI di;
  const auto load = [&](const uint32_t* lanes) {
    return hn::LoadU(di, reinterpret_cast<const int32_t*>(lanes) + base);
  };
  const VI zero = hn::Zero(di);
  VI x = load(op.x), y = load(op.y);
  VI z = kFlat ? zero : load(op.z), f = kFlat ? zero : load(op.fragment);
  const VI mip = load(op.mip);
  // Unsigned operands >= 2^31 read as negative here and fail the >= 0 tests.
  const auto below = [&](VI v, VI n) { return hn::And(GeI(v, zero), hn::Lt(v, n)); };
  const MI level_ok = below(mip, hn::Set(di, s.max_level + 1));
  const VI level = hn::IfThenElseZero(level_ok, mip);
  const int uniform = UniformLevel(level);
  MI inb =
      hn::And(active, hn::And(level_ok, below(x, LevelLookup(di, s.levels.width, level, uniform))));
  if (s.key.uses_y) inb = hn::And(inb, below(y, LevelLookup(di, s.levels.height, level, uniform)));
  const VI pitch = LevelLookup(di, s.levels.pitch, level, uniform);
  if constexpr (kFlat) {
    x = hn::IfThenElseZero(inb, x);
    y = hn::IfThenElseZero(inb, y);
    *elem = ElementOf(s.plan, pitch, x, y, in_block);
  } else {
    if (s.key.uses_z) inb = hn::And(inb, below(z, LevelLookup(di, s.levels.depth, level, uniform)));
    if (s.key.uses_layer) inb = hn::And(inb, below(z, hn::Set(di, s.view_layers)));
    if (s.key.uses_fragment) inb = hn::And(inb, below(f, hn::Set(di, s.samples)));
    x = hn::IfThenElseZero(inb, x);
    y = hn::IfThenElseZero(inb, y);
    f = hn::IfThenElseZero(inb, f);
    VI slice = hn::IfThenElseZero(inb, z);
    if (s.key.uses_layer)
      slice = hn::IfThenElseZero(inb, hn::Add(slice, hn::Set(di, s.base_array)));
    VI e = ElementOf(s.plan, pitch, x, y, in_block);
    if (s.samples > 1) e = hn::Add(hn::Mul(e, hn::Set(di, s.samples)), f);
    if (s.key.uses_z || s.key.uses_layer) {
      e = hn::Add(hn::Mul(slice, LevelLookup(di, s.levels.slice_elems, level, uniform)), e);
    }
    *elem = e;
  }
  *offset = LevelLookup(di, s.levels.offset_words, level, uniform);
  return inb;
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_TEXEL_ADDRESS_INL_H_
