// Fetch: texel coordinates (already mapped into the level) to the texel's words and its decoded
// channels, for SIMD lanes. Plain texels are gathered: texels of 4 bytes or more as whole words
// (a word index from the image base), 1- and 2-byte texels as the dword that holds them at a
// byte offset, clamped so that the read stays inside the footprint. Block codecs decode the
// touched blocks through the per-thread block cache, one lane at a time. The format fast paths
// (FetchPath) gather and convert RGBA8, RGBA32F, RGBA16F and R32F directly.
#if defined(TEXUNIT_TEXEL_FETCH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_TEXEL_FETCH_INL_H_
#undef TEXUNIT_TEXEL_FETCH_INL_H_
#else
#define TEXUNIT_TEXEL_FETCH_INL_H_
#endif

#include "formats/srgb_tables.h"
#include "formats/texel_decode-inl.h"
#include "hwy/highway.h"
#include "sampler/block_cache.h"
#include "sampler/sampler_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// Element (texel, or block for block codecs) index of texel (x, y) of a slice whose rows are
// `pitch` elements, and the texel's index inside its block (0 for plain formats).
HWY_INLINE VI ElementOf(const TexelPlan& p, VI pitch, VI x, VI y, VI* in_block) {
  const DI di;
  if (p.path != FetchPath::kBlock) {
    *in_block = hn::Zero(di);
    return hn::Add(hn::Mul(y, pitch), x);
  }
  const VI bx = hn::ShiftRightSame(x, p.block_w_log2);
  const VI by = hn::ShiftRightSame(y, p.block_h_log2);
  const VI in_x = hn::And(x, hn::Set(di, (1 << p.block_w_log2) - 1));
  const VI in_y = hn::And(y, hn::Set(di, (1 << p.block_h_log2) - 1));
  *in_block = hn::Add(hn::ShiftLeftSame(in_y, p.block_w_log2), in_x);
  return hn::Add(hn::Mul(by, pitch), bx);
}

// Block codecs: each active lane's texel from its decoded block.
HWY_INLINE void FetchBlockTexels(const WaveSetup& s, VI offset_words, VI elem, VI in_block,
                                 MI active, Vec4<VU> w) {
  const DI di;
  const DU du;
  const TexelPlan& p = s.plan;
  const VI block =
      hn::Add(hn::ShiftLeft<2>(offset_words), hn::Mul(elem, hn::Set(di, p.element_bytes)));
  constexpr size_t kMax = hn::MaxLanes(di);
  HWY_ALIGN int32_t block_at[kMax];
  HWY_ALIGN int32_t texel_at[kMax];
  HWY_ALIGN int32_t on[kMax];
  HWY_ALIGN uint32_t words[4][kMax] = {};
  hn::Store(block, di, block_at);
  hn::Store(in_block, di, texel_at);
  hn::Store(hn::VecFromMask(di, active), di, on);
  const FormatDesc& format = GetFormatDesc(p.id);
  // Neighbouring lanes mostly share a block: look up only when it changes.
  int32_t last_block = -1;
  const DecodedBlock* b = nullptr;
  for (size_t i = 0; i < hn::Lanes(di); ++i) {
    if (!on[i]) continue;
    if (block_at[i] != last_block) {
      last_block = block_at[i];
      b = &DecodeBlockCached(format, s.host + last_block);
    }
    for (int k = 0; k < p.words; ++k) words[k][i] = b->texel[texel_at[i]][k];
  }
  for (int k = 0; k < 4; ++k) w[k] = hn::Load(du, words[k]);
}

// Word index of element `elem` of a level, for plain texels of 4 bytes or more (inactive lanes
// read word 0).
HWY_INLINE VI TexelWord(const WaveSetup& s, VI offset_words, VI elem, MI active) {
  const DI di;
  switch (s.plan.words) {
    case 1:
      break;
    case 2:
      elem = hn::ShiftLeft<1>(elem);
      break;
    case 4:
      elem = hn::ShiftLeft<2>(elem);
      break;
    default:
      elem = hn::Mul(elem, hn::Set(di, s.plan.words));
      break;
  }
  return hn::IfThenElseZero(active, hn::Add(offset_words, elem));
}

// The 32-bit words of element `elem` of a level: word k holds bytes 4k..4k+3 of the texel; a 1- or
// 2-byte texel sits at bit 0 of word 0 (with the bytes after it above). Block codecs take the
// texel `in_block` of the decoded block. Inactive lanes read from the start of the image.
HWY_INLINE void FetchWords(const WaveSetup& s, VI offset_words, VI elem, VI in_block, MI active,
                           Vec4<VU> w) {
  const DI di;
  const DU du;
  const TexelPlan& p = s.plan;
  if (p.path == FetchPath::kBlock) {
    FetchBlockTexels(s, offset_words, elem, in_block, active, w);
    return;
  }
  for (int k = 0; k < 4; ++k) w[k] = hn::Zero(du);
  if (p.element_bytes >= 4) {
    const VI word = TexelWord(s, offset_words, elem, active);
    const int32_t* base = reinterpret_cast<const int32_t*>(s.host);
    for (int k = 0; k < p.words; ++k) {
      w[k] = hn::BitCast(du, hn::GatherIndex(di, base, hn::Add(word, hn::Set(di, k))));
    }
    return;
  }
  const VI bytes = p.element_bytes == 2 ? hn::ShiftLeft<1>(elem) : elem;
  const VI byte = hn::IfThenElseZero(active, hn::Add(hn::ShiftLeft<2>(offset_words), bytes));
  const VI at = hn::Min(byte, hn::Set(di, s.last_dword));
  const VU dword =
      hn::BitCast(du, hn::GatherOffset(di, reinterpret_cast<const int32_t*>(s.host), at));
  w[0] = hn::Shr(dword, hn::BitCast(du, hn::ShiftLeft<3>(hn::Sub(byte, at))));
}

// The general path of FetchTexel, kept out of line: inlined at every tap of every filter it would
// multiply the kernel's code size, and the fast paths would pay for it.
inline HWY_NOINLINE void FetchTexelGeneral(const WaveSetup& s, VI offset_words, VI pitch, VI x,
                                           VI y, VI slice_base, MI active, Vec4<VF> out) {
  VI in_block;
  const VI elem = hn::Add(slice_base, ElementOf(s.plan, pitch, x, y, &in_block));
  TEXUNIT_VEC4(VU, w);
  FetchWords(s, offset_words, elem, in_block, active, w);
  DecodeForSample(s.plan, w, out);
}

// The RGBA8 fast paths' channels of the gathered texel `t`: codes as floats (UNORM, and SRGB's
// W), the sRGB curve for SRGB's X, Y, Z, the integer bits for UINT.
template <FetchPath kPath>
HWY_INLINE void Rgba8Channels(VU t, Vec4<VF> out) {
  const DF df;
  const DI di;
  const DU du;
  TEXUNIT_VEC4(VU, code);
  code[0] = hn::And(t, hn::Set(du, 0xFFu));
  // The middle bytes in one byte shuffle each instead of a shift and a mask: each dword's byte c
  // (dword j of a 128-bit block is bytes 4j..4j+3), its other bytes zero (indices with the top bit
  // set).
  const VU dword_base = hn::ShiftLeft<2>(hn::And(hn::Iota(du, 0), hn::Set(du, 3u)));
  for (uint32_t c = 1; c < 3; ++c) {
    code[c] = hn::TableLookupBytesOr0(t, hn::Or(dword_base, hn::Set(du, 0x80808000u | c)));
  }
  code[3] = hn::ShiftRight<24>(t);
  if constexpr (kPath == FetchPath::kRgba8Uint) {
    for (int c = 0; c < 4; ++c) out[c] = hn::BitCast(df, code[c]);
  } else if constexpr (kPath == FetchPath::kRgba8Srgb) {
    const float* lut = GetSrgbTables().decode;
    for (int c = 0; c < 3; ++c) out[c] = hn::GatherIndex(df, lut, hn::BitCast(di, code[c]));
    out[3] = hn::ConvertTo(df, hn::BitCast(di, code[3]));
  } else {
    for (int c = 0; c < 4; ++c) out[c] = hn::ConvertTo(df, hn::BitCast(di, code[c]));
  }
}

constexpr bool IsRgba8Path(FetchPath p) {
  return p == FetchPath::kRgba8Unorm || p == FetchPath::kRgba8Srgb || p == FetchPath::kRgba8Uint;
}

// Words per texel of a fast path: RGBA32F 4, RGBA16F 2, RGBA8 and R32F 1.
constexpr int FastPathWords(FetchPath p) {
  return p == FetchPath::kRgba32Float ? 4 : p == FetchPath::kRgba16Float ? 2 : 1;
}

// The index of the first word of texel `elem` of the fast path's level at `offset_words`, in the
// memory's words: 0 for inactive lanes (GatherFastWords reads word 0 for them).
template <FetchPath kPath>
HWY_INLINE VI FastTexelWord(VI offset_words, VI elem, MI active) {
  constexpr int kWords = FastPathWords(kPath);
  constexpr int kShift = kWords == 4 ? 2 : kWords == 2 ? 1 : 0;
  return hn::IfThenElseZero(active, hn::Add(offset_words, hn::ShiftLeft<kShift>(elem)));
}

// The fast path's words w[0..FastPathWords) (the others are not written) of the texels whose
// first words are at `word` (FastTexelWord's).
template <FetchPath kPath>
HWY_INLINE void GatherFastWords(const WaveSetup& s, VI word, Vec4<VU> w) {
  const DI di;
  const DU du;
  const int32_t* base = reinterpret_cast<const int32_t*>(s.host);
  for (int k = 0; k < FastPathWords(kPath); ++k) {
    w[k] =
        hn::BitCast(du, hn::GatherIndex(di, base, k == 0 ? word : hn::Add(word, hn::Set(di, k))));
  }
}

// The fast paths' words of texel `elem` (inactive lanes read word 0): w[0..FastPathWords) (the
// others are not written).
template <FetchPath kPath>
HWY_INLINE void GatherFastTexel(const WaveSetup& s, VI offset_words, VI elem, MI active,
                                Vec4<VU> w) {
  GatherFastWords<kPath>(s, FastTexelWord<kPath>(offset_words, elem, active), w);
}

// The fast paths' channels of texel words `w` (GatherFastTexel's): the general decode's
// conversions (FlushDenormal, SmallFloatToF32, MissingChannel) without its per-channel dispatch,
// so the same bits.
template <FetchPath kPath>
HWY_INLINE void FastPathChannels(const WaveSetup& s, Vec4<VU> w, Vec4<VF> out) {
  if constexpr (kPath == FetchPath::kRgba32Float) {
    for (int c = 0; c < 4; ++c) out[c] = FlushDenormal(AsFloat(w[c]));
  } else if constexpr (kPath == FetchPath::kRgba16Float) {
    const VU mask = hn::Set(DU(), 0xFFFFu);
    for (int k = 0; k < 2; ++k) {
      out[2 * k] = AsFloat(SmallFloatToF32(hn::And(w[k], mask), 10, true));
      out[2 * k + 1] = AsFloat(SmallFloatToF32(hn::ShiftRight<16>(w[k]), 10, true));
    }
  } else if constexpr (kPath == FetchPath::kR32Float) {
    out[0] = FlushDenormal(AsFloat(w[0]));
    for (int c = 1; c < 4; ++c) out[c] = AsFloat(MissingChannel(s.plan, c));
  } else {
    Rgba8Channels<kPath>(w[0], out);
  }
}

// The texel's channels as sample ops filter them (DecodeForSample): a fast path, or the general
// one. Kernels are instantiated per path so that no lane loop branches on it.
template <FetchPath kPath>
HWY_INLINE void FetchTexel(const WaveSetup& s, VI offset_words, VI pitch, VI x, VI y, MI active,
                           Vec4<VF> out) {
  if constexpr (kPath != FetchPath::kPlain && kPath != FetchPath::kBlock) {
    TEXUNIT_VEC4(VU, w);
    GatherFastTexel<kPath>(s, offset_words, hn::Add(hn::Mul(y, pitch), x), active, w);
    FastPathChannels<kPath>(s, w, out);
  } else {
    FetchTexelGeneral(s, offset_words, pitch, x, y, hn::Zero(DI()), active, out);
  }
}

// After filtering, normalized codes become values (PostDivide), with the fast paths' constants
// (their waves have no border color: those run on the general path). `kCodes`: the channels are
// unfiltered codes (POINT without a mip blend), integers, which DivideCodeBy255 takes.
template <FetchPath kPath, bool kCodes = false>
HWY_INLINE void PostDivideT(const TexelPlan& plan, Vec4<VF> c, bool border = false) {
  const auto by_255 = [](VF x) {
    return kCodes ? DivideCodeBy255(x) : DivideByConstant(x, 255.0f, 1.0f / 255.0f);
  };
  if constexpr (kPath == FetchPath::kRgba8Unorm) {
    for (int i = 0; i < 4; ++i) c[i] = by_255(c[i]);
  } else if constexpr (kPath == FetchPath::kRgba8Srgb) {
    c[3] = by_255(c[3]);
  } else if constexpr (kPath == FetchPath::kPlain || kPath == FetchPath::kBlock) {
    PostDivide(plan, c, border);
  }
}

// The texel as a load returns it, through the general path: converted (DecodeForLoad, binary32
// denormals kept), or raw for the _PCK loads (RawTexel).
HWY_INLINE void FetchForLoadGeneral(const WaveSetup& s, VI offset_words, VI elem, VI in_block,
                                    MI active, Vec4<VU> out) {
  TEXUNIT_VEC4(VU, w);
  FetchWords(s, offset_words, elem, in_block, active, w);
  if (s.key.raw) {
    RawTexel(s.plan, w, s.key.raw_signed, out);
  } else {
    DecodeForLoad(s.plan, w, out);
  }
}

HWY_INLINE void FetchForLoad(const WaveSetup& s, VI offset_words, VI elem, VI in_block, MI active,
                             Vec4<VU> out);

// The texel as a load returns it, with the fetch path fixed at compile time: the RGBA8 and
// RGBA32F fast paths gather the texel's words directly (a plain texel: elem counts texels) and
// give the general decode's bits; kPlain leaves the choice to run time (FetchForLoad).
template <FetchPath kPath>
HWY_INLINE void FetchForLoadT(const WaveSetup& s, VI offset_words, VI elem, VI in_block, MI active,
                              Vec4<VU> out) {
  if constexpr (kPath == FetchPath::kRgba32Float) {
    GatherFastTexel<kPath>(s, offset_words, elem, active, out);
  } else if constexpr (IsRgba8Path(kPath)) {
    GatherFastTexel<kPath>(s, offset_words, elem, active, out);
    TEXUNIT_VEC4(VF, c);
    Rgba8Channels<kPath>(out[0], c);
    PostDivideT<kPath>(s.plan, c);
    for (int k = 0; k < 4; ++k) out[k] = AsBits(c[k]);
  } else {
    FetchForLoad(s, offset_words, elem, in_block, active, out);
  }
}

// The texel as a load returns it, by the request's fetch path (the _PCK loads take the general
// path whatever the format).
HWY_INLINE void FetchForLoad(const WaveSetup& s, VI offset_words, VI elem, VI in_block, MI active,
                             Vec4<VU> out) {
  switch (s.key.raw ? FetchPath::kPlain : s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return FetchForLoadT<FetchPath::kRgba8Unorm>(s, offset_words, elem, in_block, active, out);
    case FetchPath::kRgba8Srgb:
      return FetchForLoadT<FetchPath::kRgba8Srgb>(s, offset_words, elem, in_block, active, out);
    case FetchPath::kRgba8Uint:
      return FetchForLoadT<FetchPath::kRgba8Uint>(s, offset_words, elem, in_block, active, out);
    case FetchPath::kRgba32Float:
      return FetchForLoadT<FetchPath::kRgba32Float>(s, offset_words, elem, in_block, active, out);
    default:
      return FetchForLoadGeneral(s, offset_words, elem, in_block, active, out);
  }
}

// DST_SEL `sel`: one of the four channels, or the constant 1 (`one_bits`) or 0. Constant indices
// only: with c[sel] the channels went through the stack on every store.
HWY_INLINE VU SelectChannel(uint8_t sel, uint32_t one_bits, Vec4<VU> c) {
  const DU du;
  switch (sel) {
    case kSelX:
      return c[0];
    case kSelY:
      return c[1];
    case kSelZ:
      return c[2];
    case kSelW:
      return c[3];
    case kSelOne:
      return hn::Set(du, one_bits);
    default:
      return hn::Zero(du);
  }
}

// DST_SEL: result k of the request from the four channels.
HWY_INLINE VU SelectComponent(const WaveSetup& s, int k, Vec4<VU> c) {
  return SelectChannel(s.sel[k], s.one_bits, c);
}

// Whether the chunk at `base` is whole: every lane active and inside the request, so that results
// go out with one plain store.
HWY_INLINE bool WholeChunk(bool all_active, size_t base, uint32_t lane_count) {
  return all_active && base + hn::Lanes(DU()) <= lane_count;
}

// Writes `v` to out[base .. base + N) for active lanes only.
HWY_INLINE void StoreActive(VU v, hn::Mask<DU> active, bool all_active, uint32_t* out, size_t base,
                            uint32_t lane_count) {
  const DU du;
  const size_t n = hn::Lanes(du);
  if (WholeChunk(all_active, base, lane_count)) {
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
