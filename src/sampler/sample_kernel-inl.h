// IMAGE_SAMPLE and every variant (_L, _LZ, _B, _CL, _D, _CD, _C, _O) on every image type
// (docs/sampling.md): the stages lod -> address -> fetch -> filter -> output, per chunk of lanes
// as SoA vectors. Lanes on different levels gather their own level's values.
#if defined(TEXUNIT_SAMPLE_KERNEL_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_SAMPLE_KERNEL_INL_H_
#undef TEXUNIT_SAMPLE_KERNEL_INL_H_
#else
#define TEXUNIT_SAMPLE_KERNEL_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/address-inl.h"
#include "sampler/box_read-inl.h"
#include "sampler/cube-inl.h"
#include "sampler/filter-inl.h"
#include "sampler/lod-inl.h"
#include "sampler/output-inl.h"
#include "sampler/prt-inl.h"
#include "sampler/sampler_operands-inl.h"
#include "sampler/texel_fetch-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// The general kernel's per-wave choices (held in a local: see OutputPlan).
struct GeneralWave {
  bool compare;       // _C
  bool border;        // a border clamp mode
  bool one_d;         // 1D or 1D_ARRAY: row 0 only, filtered along x
  bool layered;       // 1D_ARRAY, 2D_ARRAY or a non-seamless CUBE: each lane's layer
  bool volume;        // 3D: a third axis, z
  bool cube;          // a seamless CUBE: each texel's face
  FilterMode reduce;  // S# FILTER_MODE
  // PRT with a residency map: the chunk's lanes that read a non-resident texel (one int32 per
  // lane, all bits set), or null.
  int32_t* fail;
};

HWY_INLINE GeneralWave MakeGeneralWave(const WaveSetup& s, int32_t* fail) {
  const SampleKey& k = s.key;
  return {k.compare, k.has_border,    !k.uses_y,   k.uses_layer,
          k.uses_z,  k.cube_seamless, k.reduction, s.residency != nullptr ? fail : nullptr};
}

// The part of the wave's SampleKey (sample_key.h) a sample kernel is compiled for: its fetch path,
// whether it is the general kernel, and what the specialised 2D kernels fix at compile time (kAny:
// read from the wave's key at run time): the XY filter, the mip blend, the clamp mode of both
// axes, anisotropic probing and a depth compare.
template <FetchPath P, bool G, KeyXy X = KeyXy::kAny, KeyMip M = KeyMip::kAny,
          KeyAddress A = KeyAddress::kAny, bool kAnisoKey = false, bool kCompareKey = false>
struct KernelKey {
  static constexpr FetchPath kPath = P;
  static constexpr bool kGeneral = G;
  static constexpr KeyXy kXy = X;
  static constexpr KeyMip kMip = M;
  static constexpr KeyAddress kAddress = A;
  static constexpr bool kAniso = kAnisoKey;
  static constexpr bool kCompare = kCompareKey;
};
using GeneralKernelKey = KernelKey<FetchPath::kPlain, true>;
template <FetchPath P>
using PlainKernelKey = KernelKey<P, false>;

// A clamp mode the key fixes, or the wave's.
template <class K>
HWY_INLINE ClampMode KeyClamp(ClampMode wave) {
  if constexpr (K::kAddress == KeyAddress::kWrap) return ClampMode::kWrap;
  if constexpr (K::kAddress == KeyAddress::kClampLastTexel) return ClampMode::kClampLastTexel;
  return wave;
}

// A texel in the filter domain. The general kernel (kGeneral: every format on the general fetch
// path, any image type) also reads the lane's layer, takes the border color
// on `border` lanes and, with _C, the compare result; the specialised 2D kernels carry none of it.
template <FetchPath kPath, bool kGeneral>
HWY_INLINE void FilterTexel(const WaveSetup& s, const GeneralWave& w, const LevelGeometry& g,
                            VI slice_base, VF ref, MI active, VI x, VI y, MI border, Vec4<VF> out) {
  const DF df;
  if constexpr (!kGeneral) {
    FetchTexel<kPath>(s, g.offset_words, g.pitch, x, y, active, out);
  } else {
    FetchTexelGeneral(s, g.offset_words, g.pitch, x, y, slice_base, active, out);
    if (w.fail != nullptr) {  // PRT: a non-resident texel reads as zero
      const DI di;
      VI in_block;
      const VI elem = hn::Add(slice_base, ElementOf(s.plan, g.pitch, x, y, &in_block));
      const MI miss = ZeroNonResident<VF>(s, g.offset_words, elem, hn::AndNot(border, active), out);
      hn::Store(hn::Or(hn::Load(di, w.fail), hn::VecFromMask(di, miss)), di, w.fail);
    }
    const MF on_border = hn::RebindMask(df, border);
    if (w.compare) {
      VF depth = DepthOf(s, out);
      if (w.border) depth = hn::IfThenElse(on_border, hn::Set(df, s.border_depth), depth);
      CompareTexel(s, ref, depth, out);
    } else if (w.border) {
      BorderTexel(df, s.border_filter_bits, on_border, out);
    }
  }
}

// The 2D (or 1D) lookup of one chunk at one level: POINT or BILINEAR texels in the slice that
// starts at element `slice` (arrays' layer, 3D's depth slice), with `border` marking lanes whose
// every texel is a border texel (3D's z), filtered into `out`.
template <FetchPath kPath, bool kGeneral>
HWY_INLINE void Lookup2D(const WaveSetup& s, const GeneralWave& w, const LevelGeometry& g, VF u,
                         VF v, VI ox, VI oy, VI slice, MI border, VF ref, MF linear,
                         bool any_linear, MI active_i, Vec4<VF> out) {
  const DI di;
  if (kGeneral && w.one_d) {  // the 1D sibling: row 0, along x
    if (!any_linear) {
      MI b = border;
      const VI x = PointTexel1D<true>(s, g, u, ox, &b);
      FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, x, hn::Zero(di), b, out);
      return;
    }
    // A POINT lane of a mixed chunk reads its own texel alone (PRT counts what is read).
    const MI reads = hn::And(active_i, hn::RebindMask(di, linear));
    TEXUNIT_FOOTPRINT(f);
    LinearFootprint1D<true>(s, g, u, ox, linear, f);
    TEXUNIT_VEC4(VF, t0);
    TEXUNIT_VEC4(VF, t1);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x0, f.y0, hn::Or(border, f.bx0),
                                 t0);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, reads, f.x1, f.y0, hn::Or(border, f.bx1), t1);
    Combine1D(w.reduce, f, linear, t0, t1, out);
    return;
  }
  if (!any_linear) {
    VI x, y;
    MI b = border;
    PointTexel<kGeneral>(s, g, u, v, ox, oy, &x, &y, &b);
    FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, x, y, b, out);
    return;
  }
  const MI reads = hn::And(active_i, hn::RebindMask(di, linear));  // the neighbours' lanes
  TEXUNIT_FOOTPRINT(f);
  BilinearFootprint<kGeneral>(s, g, u, v, ox, oy, linear, f);
  const MI row0 = hn::Or(border, f.by0), row1 = hn::Or(border, f.by1);
  TEXUNIT_VEC4(VF, t00);
  TEXUNIT_VEC4(VF, t10);
  TEXUNIT_VEC4(VF, t01);
  TEXUNIT_VEC4(VF, t11);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, active_i, f.x0, f.y0, hn::Or(f.bx0, row0), t00);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, reads, f.x1, f.y0, hn::Or(f.bx1, row0), t10);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, reads, f.x0, f.y1, hn::Or(f.bx0, row1), t01);
  FilterTexel<kPath, kGeneral>(s, w, g, slice, ref, reads, f.x1, f.y1, hn::Or(f.bx1, row1), t11);
  if constexpr (kGeneral) {
    Combine2x2(w.reduce, f, linear, t00, t10, t01, t11, out);
  } else {
    Bilerp(f, linear, t00, t10, t01, t11, out);
  }
}

// The seamless cube lookup of one chunk at one level: POINT in the lane's face, or BILINEAR with
// edge texels read across the edge and corner texels the mean of three (cube-inl.h).
template <FetchPath kPath>
HWY_INLINE void LookupCube(const WaveSetup& s, const GeneralWave& w, const LevelGeometry& g,
                           const SamplerOperands& op, size_t base, VI level, VF u, VF v, VF ref,
                           MF linear, bool any_linear, MI active_i, Vec4<VF> out) {
  const DI di;
  const MI none = hn::FirstN(di, 0);
  VI layer0, face;
  CubeLayer(s, op, base, &layer0, &face);
  const VI slice_elems = LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level));
  const auto slice = [&](VI f) { return hn::Mul(hn::Add(layer0, f), slice_elems); };
  TEXUNIT_FOOTPRINT(f);
  CubeFootprint(s, g, u, v, linear, f);
  if (!any_linear) {
    FilterTexel<kPath, true>(s, w, g, slice(face), ref, active_i, f.x0, f.y0, none, out);
    return;
  }
  const auto texel = [&](VI i, VI j, Vec4<VF> dst, MI lanes) {
    TEXUNIT_VEC4(VF, tb);
    TEXUNIT_VEC4(VF, tc);
    const MI corner = CubeTexel(i, j, g.w, face, lanes, [&](VI tf, VI x, VI y, MI m, int k) {
      FilterTexel<kPath, true>(s, w, g, slice(tf), ref, m, x, y, none,
                               k == 0   ? dst
                               : k == 1 ? tb
                                        : tc);
    });
    if (hn::AllFalse(di, corner)) return;
    for (int c = 0; c < 4; ++c) dst[c] = CornerMean(corner, dst[c], tb[c], tc[c]);
  };
  TEXUNIT_VEC4(VF, t00);
  TEXUNIT_VEC4(VF, t10);
  TEXUNIT_VEC4(VF, t01);
  TEXUNIT_VEC4(VF, t11);
  const MI reads = hn::And(active_i, hn::RebindMask(di, linear));  // the neighbours' lanes
  texel(f.x0, f.y0, t00, active_i);
  texel(f.x1, f.y0, t10, reads);
  texel(f.x0, f.y1, t01, reads);
  texel(f.x1, f.y1, t11, reads);
  Combine2x2(w.reduce, f, linear, t00, t10, t01, t11, out);
}

// The specialised kernels' texel: fetched by the key's path, and with a depth-compare key
// replaced by its compare result.
template <class K>
HWY_INLINE void FastTexel(const WaveSetup& s, const LevelGeometry& g, VI x, VI y, VF ref, MI active,
                          Vec4<VF> out) {
  FetchTexel<K::kPath>(s, g.offset_words, g.pitch, x, y, active, out);
  if constexpr (K::kCompare) CompareTexel(s, ref, DepthOf(s, out), out);
}

// A chunk's level: its geometry (LookupLevel's, in the caller's LevelGeometry) and the staged
// kernels' coherent reads' view of it (MakeBoxLevel's), looked up again only when the chunk's
// lanes are not all on the level the last chunk's were. A wave's chunks are most often all on one
// level (or two), and the lookup sits on each chunk's path to its addresses; AVX2 runs twice as
// many chunks as AVX3.
struct ChunkLevel {
  int level = -1;  // the level every lane of the last lookup was on, or -1
  BoxLevel box;
};
template <class A>
HWY_INLINE const BoxLevel& LookupChunkLevel(const WaveSetup& s, VI level, LevelGeometry& g,
                                            ChunkLevel* last) {
  const int uniform = UniformLevel(level);
  if (uniform < 0 || uniform != last->level) {
    last->level = LookupLevel<A>(s, level, g);
    last->box = MakeBoxLevel(s, last->level);
  }
  return last->box;
}

// Filters the texels of view level `level` (whose geometry LookupLevel put in `g`: the caller
// looks it up once for all of a chunk's anisotropic probes) for one chunk. `linear` marks bilinear
// lanes.
template <class K>
HWY_INLINE void SampleLevel(const WaveSetup& s, const GeneralWave& w, const SamplerOperands& op,
                            size_t base, VI level, const LevelGeometry& g, VF sc, VF tc, VI ox,
                            VI oy, VI oz, VF ref, MF linear, bool any_linear, MF active,
                            Vec4<VF> out) {
  const DF df;
  const DI di;
  VF u, v;
  TexelSpace(s, g, sc, tc, &u, &v);
  const MI active_i = hn::RebindMask(di, active);
  constexpr FetchPath kPath = K::kPath;
  constexpr bool kGeneral = K::kGeneral;
  // Plain 2D: no layer, no border; a compare only in the depth key. Its own body rather than
  // Lookup2D's: through Lookup2D (dead masks and all) AVX3 random bilinear ran 18% slower.
  if constexpr (!kGeneral) {
    const ClampMode cx = KeyClamp<K>(s.key.clamp_x), cy = KeyClamp<K>(s.key.clamp_y);
    if (K::kXy == KeyXy::kPoint || (K::kXy == KeyXy::kAny && !any_linear)) {
      VI x, y;
      PointTexel<false>(s, g, u, v, ox, oy, &x, &y, nullptr, cx, cy);
      FastTexel<K>(s, g, x, y, ref, active_i, out);
      return;
    }
    TEXUNIT_FOOTPRINT(f);
    BilinearFootprint<false>(s, g, u, v, ox, oy, linear, f, cx, cy);
    TEXUNIT_VEC4(VF, t00);
    TEXUNIT_VEC4(VF, t10);
    TEXUNIT_VEC4(VF, t01);
    TEXUNIT_VEC4(VF, t11);
    // One word a texel: a fast path's (the plain path's subsampled and narrow formats are not).
    constexpr bool kOneWord =
        kPath != FetchPath::kPlain && kPath != FetchPath::kBlock && FastPathWords(kPath) == 1;
    if constexpr (kHaveBoxReads && kOneWord && !K::kCompare) {
      // Each row's two taps as one 64-bit gather element (box_read-inl.h), as the staged
      // kernels' scattered chunks read them: half the elements of the anisotropic probes' gathers.
      if (s.box_reads && AdjacentTaps(f.x0, f.x1, active_i)) {
        const Vec4<VF> taps[4] = {t00, t10, t01, t11};
        for (int r = 0; r < 2; ++r) {
          const VI row = hn::Mul(r ? f.y1 : f.y0, g.pitch);
          TEXUNIT_VEC4(VU, left);
          TEXUNIT_VEC4(VU, right);
          VI a, b;
          GatherPairRow(s, PairIndex(g.offset_words, row, f.x0, active_i), &a, &b);
          left[0] = hn::BitCast(DU(), a);
          right[0] = hn::BitCast(DU(), b);
          FastPathChannels<kPath>(s, left, taps[2 * r]);
          FastPathChannels<kPath>(s, right, taps[2 * r + 1]);
        }
        Bilerp(f, linear, t00, t10, t01, t11, out);
        return;
      }
    }
    FastTexel<K>(s, g, f.x0, f.y0, ref, active_i, t00);
    FastTexel<K>(s, g, f.x1, f.y0, ref, active_i, t10);
    FastTexel<K>(s, g, f.x0, f.y1, ref, active_i, t01);
    FastTexel<K>(s, g, f.x1, f.y1, ref, active_i, t11);
    Bilerp(f, linear, t00, t10, t01, t11, out);
    return;
  }
  const MI none = hn::RebindMask(di, hn::FirstN(df, 0));
  if (kGeneral && w.cube) {
    LookupCube<kPath>(s, w, g, op, base, level, u, v, ref, linear, any_linear, active_i, out);
    return;
  }
  if (!w.volume) {
    const VI slice = kGeneral && w.layered ? LayerBase(s, op, base, level) : hn::Zero(di);
    Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, slice, none, ref, linear, any_linear, active_i,
                              out);
    return;
  }
  // 3D: the 2D lookup in one depth slice (POINT z) or two, blended by g (LINEAR z).
  MF z_linear = hn::FirstN(df, 0);
  if (s.key.z_linear == SampleKey::ZLinear::kAlways) z_linear = hn::FirstN(df, hn::Lanes(df));
  if (s.key.z_linear == SampleKey::ZLinear::kAsXy) z_linear = linear;
  VI k0, k1;
  VF gz;
  MI bz0, bz1;
  VF wz;
  VI depth;
  VolumeAxis(s, op, base, level, &wz, &depth);
  LinearAxis<true>(s, s.key.clamp_z, wz, depth,
                   hn::Div(hn::Set(df, 1.0f), hn::ConvertTo(df, depth)), false, oz, z_linear, &k0,
                   &k1, &gz, &bz0, &bz1);
  const VI slice_elems = LevelLookup(di, s.levels.slice_elems, level, UniformLevel(level));
  Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, hn::Mul(k0, slice_elems), bz0, ref, linear,
                            any_linear, active_i, out);
  const MF blend = hn::And(z_linear, active);
  if (hn::AllFalse(df, blend)) return;
  TEXUNIT_VEC4(VF, c1);
  Lookup2D<kPath, kGeneral>(s, w, g, u, v, ox, oy, hn::Mul(k1, slice_elems), bz1, ref, linear,
                            any_linear, hn::RebindMask(di, blend), c1);
  CombineBlend(w.reduce, gz, blend, c1, out);
}

// Whether a kernel's results can be denormal, so that ResultBits must flush them. RGBA8 UNORM and
// sRGB results of a kernel that blends no levels and reads no border colour (not the general one)
// are weighted sums of codes (or sRGB table values, all 0 or at least 3e-4) over 255, the weights
// products of bilinear fractions of binary32 coordinates (0 or at least 2^-25 each: x = u w - 0.5
// has the spacing of a number near 0.5 or is below -0.25) or quantised ones: never below 1e-18, so
// never denormal, and the flush is skipped. A mip blend's fraction has no such bound (an _L operand
// of 1e-40 gives one), so blending kernels flush (the staged trilinear one only where a fraction is
// that small). LevelResultsAtLeast1e18: the paths whose one-level results are 0 or so.
constexpr bool LevelResultsAtLeast1e18(FetchPath p) {
  return p == FetchPath::kRgba8Unorm || p == FetchPath::kRgba8Srgb;
}
template <class K>
constexpr bool KernelMayBeDenormal() {
  return K::kGeneral || K::kMip != KeyMip::kNoBlend || !LevelResultsAtLeast1e18(K::kPath);
}

// Whether a kernel runs in two passes (SampleWaveStaged): the specialised POINT, BILINEAR and
// trilinear kernels of the RGBA8 fast paths, and RGBA16F's POINT. Measured on a Xeon against one
// pass: RGBA8 +5-30%; RGBA16F BILINEAR and trilinear, RGBA32F (four words per texel to keep) and
// the depth-compare kernels 2-16% slower, so they stay in one.
template <class K>
constexpr bool IsStagedKernel() {
  constexpr bool kPath =
      IsRgba8Path(K::kPath) || (K::kPath == FetchPath::kRgba16Float && K::kXy == KeyXy::kPoint);
  constexpr bool kFilter = (K::kXy == KeyXy::kPoint && K::kMip == KeyMip::kNoBlend) ||
                           (K::kXy == KeyXy::kBilinear && K::kMip != KeyMip::kAny);
  return !K::kGeneral && !K::kAniso && !K::kCompare && kPath && kFilter;
}

// What pass 1 of SampleWaveStaged left in a chunk's words instead of them: word indices of texels,
// or of pairs of adjacent texels (PairReadBilinear's), to gather.
enum class StagedWords : uint8_t { kTexels, kPairs };

// The chunks of a wave whose words GatherStagedLevel left as indices, in the order it ran them
// (none on a coherent wave whose chunks are all boxes, which then skips the gather loop).
struct PendingGathers {
  void Add(StagedWords k, uint32_t* w) {
    words[count] = w;
    kind[count++] = k;
  }
  uint32_t* words[2 * kMaxLanes];  // two levels' chunks at most
  StagedWords kind[2 * kMaxLanes];
  size_t count = 0;
};

// Pass 1 of SampleWaveStaged at one level, whose geometry is `g` (LookupLevel's; `box` the
// coherent reads' view of it, MakeBoxLevel's of LookupLevel's result): the chunk's texel words to
// `w` ([tap][word][lane]) and, for BILINEAR, its weights a and b to wa and wb; or, where it adds
// the chunk to `pending`, the word indices GatherStagedWords reads them from: gathers issued back
// to back, after every chunk's address arithmetic, wait on memory together, where each chunk's
// arithmetic used to queue behind the last chunk's misses (README, "Performance"). sc and tc went
// through ZeroNaN.
template <class K, class A>
HWY_INLINE void GatherStagedLevel(const WaveSetup& s, VF sc, VF tc, VI ox, VI oy,
                                  const LevelGeometry& g, const BoxLevel& box, MI active,
                                  uint32_t* w, float* wa, float* wb, PendingGathers* pending) {
  constexpr FetchPath kPath = K::kPath;
  constexpr int kWords = FastPathWords(kPath);
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  const ClampMode cx = KeyClamp<K>(s.key.clamp_x), cy = KeyClamp<K>(s.key.clamp_y);
  VF u, v;
  TexelSpace<A, true>(s, g, sc, tc, &u, &v);
  // Coherent and pair reads (box_read-inl.h) need one word per texel; boxes a chunk on one level.
  constexpr bool kBox = kHaveBoxReads && kWords == 1;
  if constexpr (K::kXy == KeyXy::kPoint) {
    VI x, y;
    PointTexel<false, A>(s, g, u, v, ox, oy, &x, &y, nullptr, cx, cy);
    if (kBox && BoxReadPoint(box, x, y, active, w)) return;
    const VI word = FastTexelWord<kPath>(g.offset_words, hn::Add(hn::Mul(y, g.pitch), x), active);
    hn::Store(hn::BitCast(du, word), du, w);
    pending->Add(StagedWords::kTexels, w);
  } else {
    TEXUNIT_FOOTPRINT(f);
    BilinearFootprint<false, A>(s, g, u, v, ox, oy, hn::FirstN(df, n), f, cx, cy);
    hn::Store(f.a, df, wa);
    hn::Store(f.b, df, wb);
    if (kBox && BoxReadBilinear(box, f.x0, f.x1, f.y0, f.y1, active, w)) return;
    const VI row0 = hn::Mul(f.y0, g.pitch), row1 = hn::Mul(f.y1, g.pitch);
    if constexpr (kBox) {
      if (s.box_reads && AdjacentTaps(f.x0, f.x1, active)) {
        for (int r = 0; r < 2; ++r) {
          const VI pair = PairIndex(g.offset_words, r ? row1 : row0, f.x0, active);
          hn::Store(hn::BitCast(du, pair), du, w + 2 * r * n);
        }
        pending->Add(StagedWords::kPairs, w);
        return;
      }
    }
    // Taps t00, t10, t01, t11 (no array of vectors: SVE's are sizeless).
    for (int tap = 0; tap < 4; ++tap) {
      const VI elem = hn::Add(tap < 2 ? row0 : row1, (tap & 1) ? f.x1 : f.x0);
      hn::Store(hn::BitCast(du, FastTexelWord<kPath>(g.offset_words, elem, active)), du,
                w + tap * kWords * n);
    }
    pending->Add(StagedWords::kTexels, w);
  }
}

// The words of a chunk whose GatherStagedLevel left word indices (of `kind`) in `w`.
template <class K>
HWY_INLINE void GatherStagedWords(const WaveSetup& s, StagedWords kind, uint32_t* w) {
  constexpr int kWords = FastPathWords(K::kPath);
  constexpr int kTaps = K::kXy == KeyXy::kPoint ? 1 : 4;
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(du);
  if constexpr (kHaveBoxReads && kTaps == 4 && kWords == 1) {
    if (kind == StagedWords::kPairs) {
      int32_t* out = reinterpret_cast<int32_t*>(w);
      for (int r = 0; r < 2; ++r) {
        GatherPairs(s, hn::Load(di, out + 2 * r * n), out + 2 * r * n);
      }
      return;
    }
  }
  TEXUNIT_VEC4(VU, t);
  for (int tap = 0; tap < kTaps; ++tap) {
    uint32_t* tw = w + tap * kWords * n;
    GatherFastWords<K::kPath>(s, hn::BitCast(di, hn::Load(du, tw)), t);
    for (int k = 0; k < kWords; ++k) hn::Store(t[k], du, tw + k * n);
  }
}

// Pass 2 of SampleWaveStaged at one level: the chunk's filtered codes from pass 1's words and
// weights.
template <class K>
HWY_INLINE void FilterStagedLevel(const WaveSetup& s, const uint32_t* w, const float* wa,
                                  const float* wb, Vec4<VF> c) {
  constexpr FetchPath kPath = K::kPath;
  constexpr int kWords = FastPathWords(kPath);
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  TEXUNIT_VEC4(VU, tw);
  if constexpr (K::kXy == KeyXy::kPoint) {
    for (int k = 0; k < kWords; ++k) tw[k] = hn::Load(du, w + k * n);
    FastPathChannels<kPath>(s, tw, c);
  } else {
    TEXUNIT_VEC4(VF, t00);
    TEXUNIT_VEC4(VF, t10);
    TEXUNIT_VEC4(VF, t01);
    TEXUNIT_VEC4(VF, t11);
    const Vec4<VF> taps[4] = {t00, t10, t01, t11};
    for (int tap = 0; tap < 4; ++tap) {
      for (int k = 0; k < kWords; ++k) tw[k] = hn::Load(du, w + (tap * kWords + k) * n);
      FastPathChannels<kPath>(s, tw, taps[tap]);
    }
    TEXUNIT_FOOTPRINT(f);
    f.a = hn::Load(df, wa);
    f.b = hn::Load(df, wb);
    Bilerp(f, hn::FirstN(df, n), t00, t10, t01, t11, c);
  }
}

// The most probes a lane takes (2^MAX_ANISO_RATIO, the ratio at most 4).
constexpr int kMaxProbes = 16;

// Whether a kernel gathers its anisotropic probes' texels first and filters them after
// (SampleProbes): the one-word RGBA8 fast paths, where pair reads replace the gathers
// (box_read-inl.h). One pass waits on each probe's gathers before the next probe's start.
template <class K>
constexpr bool IsStagedProbeKernel() {
  return kHaveBoxReads && K::kAniso && !K::kGeneral && !K::kCompare && IsRgba8Path(K::kPath) &&
         K::kXy == KeyXy::kBilinear;
}

// The probes' sums to their mean (or, with a min/max FILTER_MODE, left as reduced), then the mip
// blend of the two levels' into c.
HWY_INLINE void FinishProbes(FilterMode reduce, bool any_blend, VF probes, VF frac, MF blend,
                             Vec4<VF> c1, Vec4<VF> c) {
  if (reduce == FilterMode::kBlend) {
    for (int i = 0; i < 4; ++i) {
      c[i] = hn::Div(c[i], probes);
      c1[i] = hn::Div(c1[i], probes);
    }
  }
  if (any_blend) CombineBlend(reduce, frac, blend, c1, c);
}

// The anisotropic lookup of one chunk (docs/sampling.md, "Anisotropic filtering"): probe k of
// each lane at (s, t) + o_k * (ds, dt), on both levels; each level's probes averaged (or reduced
// by FILTER_MODE) before the mip blend. Lanes with fewer probes stop early; one probe is (s, t).
template <class K>
HWY_INLINE void SampleProbes(const WaveSetup& s, const GeneralWave& w, const SamplerOperands& op,
                             size_t base, MipFilter mip, VI d0, const LevelGeometry& g0, VI d1,
                             const LevelGeometry& g1, VF frac, VF s_raw, VF t_raw, VF probes, VF ds,
                             VF dt, VI ox, VI oy, VI oz, VF ref, MF linear, bool any_linear,
                             MF active, Vec4<VF> c) {
  const DF df;
  const VF one = hn::Set(df, 1.0f);
  const MF single = hn::Eq(probes, one);
  const MF blend =
      mip == MipFilter::kLinear ? hn::And(active, hn::Gt(frac, hn::Zero(df))) : hn::FirstN(df, 0);
  const bool any_blend = !hn::AllFalse(df, blend);
  const int most =
      static_cast<int>(hn::GetLane(hn::MaxOfLanes(df, hn::IfThenElse(active, probes, one))));
  const VF two_n = hn::Add(probes, probes);
  TEXUNIT_VEC4(VF, c1);
  TEXUNIT_VEC4(VF, p);
  const auto accumulate = [&](int k, MF probe, Vec4<VF> sum) {
    for (int i = 0; i < 4; ++i) {
      if (k == 0) {
        sum[i] = p[i];
      } else if (w.reduce == FilterMode::kBlend) {
        sum[i] = hn::IfThenElse(probe, hn::Add(sum[i], p[i]), sum[i]);
      } else {
        sum[i] = ReduceWith(w.reduce, probe, sum[i], p[i]);
      }
    }
  };
  // Probe k's lanes and coordinates.
  const auto probe_mask = [&](int k) {
    return hn::And(active, hn::Lt(hn::Set(df, static_cast<float>(k)), probes));
  };
  const auto coords = [&](int k, VF* sk, VF* tk) {
    const VF o = hn::Div(hn::Sub(hn::Set(df, static_cast<float>(2 * k + 1)), probes), two_n);
    *sk = hn::IfThenElse(single, s_raw, hn::Add(s_raw, hn::Mul(o, ds)));
    *tk = hn::IfThenElse(single, t_raw, hn::Add(t_raw, hn::Mul(o, dt)));
  };
  if constexpr (IsStagedProbeKernel<K>()) {
    if (most <= kMaxProbes) {
      // Two passes, as SampleWaveStaged's: every probe's words on both levels gathered back to
      // back, then filtered in the same order as below, so the same bits.
      const DI di;
      constexpr size_t kN = hn::MaxLanes(DF());
      HWY_ALIGN uint32_t words[2][kMaxProbes][4 * kN];
      HWY_ALIGN float weights[2][kMaxProbes][2][kN];
      bool blends[kMaxProbes];
      PendingGathers pending;
      const BoxLevel no_box;  // the probes' taps of neighbouring lanes lie N rows apart
      for (int k = 0; k < most; ++k) {
        const MF probe = probe_mask(k);
        VF sk, tk;
        coords(k, &sk, &tk);
        sk = ZeroNaN(sk), tk = ZeroNaN(tk);  // GatherStagedLevel's TexelSpace: as SampleLevel's
        GatherStagedLevel<K, WaveAddress>(s, sk, tk, ox, oy, g0, no_box, hn::RebindMask(di, probe),
                                          words[0][k], weights[0][k][0], weights[0][k][1],
                                          &pending);
        const MF probe1 = hn::And(probe, blend);
        blends[k] = any_blend && !hn::AllFalse(df, probe1);
        if (blends[k]) {
          GatherStagedLevel<K, WaveAddress>(s, sk, tk, ox, oy, g1, no_box,
                                            hn::RebindMask(di, probe1), words[1][k],
                                            weights[1][k][0], weights[1][k][1], &pending);
        }
      }
      for (size_t i = 0; i < pending.count; ++i) {
        GatherStagedWords<K>(s, pending.kind[i], pending.words[i]);
      }
      for (int k = 0; k < most; ++k) {
        const MF probe = probe_mask(k);
        FilterStagedLevel<K>(s, words[0][k], weights[0][k][0], weights[0][k][1], p);
        accumulate(k, probe, c);
        if (blends[k]) {
          FilterStagedLevel<K>(s, words[1][k], weights[1][k][0], weights[1][k][1], p);
          accumulate(k, hn::And(probe, blend), c1);
        }
      }
      FinishProbes(w.reduce, any_blend, probes, frac, blend, c1, c);
      return;
    }
  }
  for (int k = 0; k < most; ++k) {
    const MF probe = probe_mask(k);
    VF sk, tk;
    coords(k, &sk, &tk);
    if (K::kGeneral && w.cube) sk = CubeFaceCoord(sk), tk = CubeFaceCoord(tk);
    SampleLevel<K>(s, w, op, base, d0, g0, sk, tk, ox, oy, oz, ref, linear, any_linear, probe, p);
    accumulate(k, probe, c);
    const MF probe1 = hn::And(probe, blend);
    if (any_blend && !hn::AllFalse(df, probe1)) {
      SampleLevel<K>(s, w, op, base, d1, g1, sk, tk, ox, oy, oz, ref, linear, any_linear, probe1,
                     p);
      accumulate(k, probe1, c1);
    }
  }
  FinishProbes(w.reduce, any_blend, probes, frac, blend, c1, c);
}

// A staged chunk's coordinates, NaN to 0 once for both levels (GatherStagedLevel's TexelSpace),
// and its _O offsets.
template <class A>
HWY_INLINE void StagedChunkOperands(const WaveSetup& s, const SamplerOperands& op, size_t base,
                                    VF* sc, VF* tc, VI* ox, VI* oy) {
  const DF df;
  LoadOffsets(op, base, A::Offsets(s.key), ox, oy);
  *sc = ZeroNaN(hn::LoadU(df, op.s + base));
  *tc = ZeroNaN(hn::LoadU(df, op.t + base));
}

// SampleWaveT for the staged kernels, in two passes over the wave's chunks: the first computes
// the texel addresses and gathers the words (kept per lane on the stack), the second converts,
// filters and writes. In one pass, each chunk's filter arithmetic waits on its own gathers and
// fills the scheduler, so the next chunk's gathers start late; in two, every chunk's gathers are
// in flight together. Same operations on the same values per lane: the same bits. (Finishing a
// chunk read as a box in the first pass, which waits on no gather, was measured too, on the
// EPYC: 6% slower on the 64-lane POINT wave, and 13-14% slower on coherent BILINEAR, whose
// hand-off through the stack is four tap words and two weights a lane.)
template <class K, class A>
HWY_INLINE void SampleWaveStaged(const WaveSetup& s) {
  constexpr FetchPath kPath = K::kPath;
  constexpr size_t kLaneWords = (K::kXy == KeyXy::kPoint ? 1 : 4) * FastPathWords(kPath);
  constexpr int kLevels = K::kMip == KeyMip::kLinear ? 2 : 1;
  const DF df;
  const DI di;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  const OutputPlan out = MakeOutputPlan(s);
  const bool lambda_zero = s.key.lod_zero || s.key.unnormalized;
  const MipFilter mip = kLevels == 2 ? MipFilter::kLinear : s.key.sample_mip;
  // Per lane and level: the taps' words ([level][chunk][tap][word][lane]) and the bilinear
  // weights a and b; per lane the mip fraction; per chunk whether it blends a second level.
  HWY_ALIGN uint32_t words[kLevels][kMaxLanes * kLaneWords];
  HWY_ALIGN float weights[kLevels][2][kMaxLanes];
  HWY_ALIGN float fracs[kMaxLanes];
  bool blends[kMaxLanes];
  PendingGathers pending;
  // Every lane of a wave with no mip filter, or a zero LOD that MIN_LOD does not raise, is on
  // level 0 (ChooseLevels): its geometry is looked up once, and no chunk computes a LOD.
  const bool level_zero = mip == MipFilter::kNone || (lambda_zero && !(s.view_min_lod > 0.0f));
  // Pass 1 (two loops: the level-0 one keeps its level's geometry a constant).
  if (level_zero) {
    TEXUNIT_LEVEL_GEOMETRY(g0);
    LookupLevel<A>(s, hn::Zero(di), g0);
    const BoxLevel box0 = MakeBoxLevel(s, 0);
    for (size_t base = 0; base < out.lane_count; base += n) {
      const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
      if (hn::AllFalse(du, active_u)) continue;
      VF sc, tc;
      VI ox, oy;
      StagedChunkOperands<A>(s, op, base, &sc, &tc, &ox, &oy);
      GatherStagedLevel<K, A>(s, sc, tc, ox, oy, g0, box0, hn::RebindMask(di, active_u),
                              words[0] + base * kLaneWords, weights[0][0] + base,
                              weights[0][1] + base, &pending);
      if constexpr (kLevels == 2) blends[base / n] = false;
    }
  } else {
    PrepareQuadLod(s, lambda_zero, /*aniso=*/false, &op);
    // Each chunk's first and second level (LookupChunkLevel; the first chunk looks both up).
    TEXUNIT_LEVEL_GEOMETRY(g);
    TEXUNIT_LEVEL_GEOMETRY(g1);
    ClearLevelGeometry(g);
    ClearLevelGeometry(g1);
    ChunkLevel last0, last1;
    for (size_t base = 0; base < out.lane_count; base += n) {
      const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
      if (hn::AllFalse(du, active_u)) continue;
      VF sc, tc;
      VI ox, oy;
      StagedChunkOperands<A>(s, op, base, &sc, &tc, &ox, &oy);
      VI d0, d1;
      VF frac;
      ChooseLevels(s, mip, ApplyViewMinLod(s, SampleLambda(s, op, base, lambda_zero)), &d0, &d1,
                   &frac);
      GatherStagedLevel<K, A>(s, sc, tc, ox, oy, g, LookupChunkLevel<A>(s, d0, g, &last0),
                              hn::RebindMask(di, active_u), words[0] + base * kLaneWords,
                              weights[0][0] + base, weights[0][1] + base, &pending);
      if constexpr (kLevels == 2) {
        const MF blend = hn::And(hn::RebindMask(df, active_u), hn::Gt(frac, hn::Zero(df)));
        blends[base / n] = !hn::AllFalse(df, blend);
        if (blends[base / n]) {
          hn::Store(frac, df, fracs + base);
          GatherStagedLevel<K, A>(s, sc, tc, ox, oy, g1, LookupChunkLevel<A>(s, d1, g1, &last1),
                                  hn::RebindMask(di, blend), words[1] + base * kLaneWords,
                                  weights[1][0] + base, weights[1][1] + base, &pending);
        }
      }
    }
  }

  for (size_t i = 0; i < pending.count; ++i) {
    GatherStagedWords<K>(s, pending.kind[i], pending.words[i]);
  }

  for (size_t base = 0; base < out.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    TEXUNIT_VEC4(VF, c);
    FilterStagedLevel<K>(s, words[0] + base * kLaneWords, weights[0][0] + base,
                         weights[0][1] + base, c);
    bool may_be_denormal = KernelMayBeDenormal<K>();
    if constexpr (kLevels == 2) {
      // Blending RGBA8 levels, only a tiny fraction makes a denormal: each level's result is 0 or
      // at least 1e-18 (KernelMayBeDenormal), so (1 - f) c0 + f c1 is 0 or at least 2^-24 1e-18
      // where c0 is not 0, and f 1e-18 where it is: normal for every f of at least 2^-40.
      may_be_denormal = !LevelResultsAtLeast1e18(kPath);
      if (blends[base / n]) {
        TEXUNIT_VEC4(VF, c1);
        FilterStagedLevel<K>(s, words[1] + base * kLaneWords, weights[1][0] + base,
                             weights[1][1] + base, c1);
        const VF frac = hn::Load(df, fracs + base);
        const MF blend = hn::And(hn::RebindMask(df, active_u), hn::Gt(frac, hn::Zero(df)));
        LerpBlend(frac, blend, c1, c);
        may_be_denormal = may_be_denormal ||
                          !hn::AllFalse(df, hn::And(blend, hn::Lt(frac, hn::Set(df, 0x1p-40f))));
      }
    }
    // A staged POINT kernel blends no levels (IsStagedKernel): its channels are codes.
    PostDivideT<kPath, K::kXy == KeyXy::kPoint>(s.plan, c);
    TEXUNIT_VEC4(VU, bits);
    ResultBits(out, c, bits, may_be_denormal);
    WriteComponents(out, bits, active_u, hn::AllTrue(du, active_u), base, hn::Zero(du));
  }
}

template <class K>
HWY_INLINE void SampleWaveT(const WaveSetup& s) {
  constexpr FetchPath kPath = K::kPath;
  constexpr bool kGeneral = K::kGeneral;
  constexpr bool kProbes = kGeneral || K::kAniso;  // kernels that can probe anisotropically
  const DF df;
  const DU du;
  const size_t n = hn::Lanes(df);
  SamplerOperands op;
  GetSamplerOperands(s, &op);
  // Per-wave decisions, held in locals: see OutputPlan. What the key fixes is a constant.
  const OutputPlan out = MakeOutputPlan(s);
  HWY_ALIGN int32_t fail[hn::MaxLanes(DI())];
  const GeneralWave w = kGeneral ? MakeGeneralWave(s, fail) : GeneralWave{};
  const bool prt_status = kGeneral && PrtStatus(s);
  const bool lambda_zero = s.key.lod_zero || s.key.unnormalized;
  const MipFilter mip = K::kMip == KeyMip::kLinear ? MipFilter::kLinear : s.key.sample_mip;
  const bool blends = K::kMip != KeyMip::kNoBlend && mip == MipFilter::kLinear;
  const bool use_offset = s.key.use_offset;
  const bool mag_linear = K::kXy == KeyXy::kAny ? s.key.mag_linear : K::kXy == KeyXy::kBilinear;
  const bool min_linear = K::kXy == KeyXy::kAny ? s.key.min_linear : K::kXy == KeyXy::kBilinear;
  const bool aniso = kProbes && s.key.aniso > 1;
  const bool compare = (kGeneral && w.compare) || K::kCompare;
  PrepareQuadLod(s, lambda_zero, aniso, &op);
  // Each chunk's first and second level (LookupChunkLevel; the first chunk looks both up).
  TEXUNIT_LEVEL_GEOMETRY(g0);
  TEXUNIT_LEVEL_GEOMETRY(g1);
  ClearLevelGeometry(g0);
  ClearLevelGeometry(g1);
  ChunkLevel last0, last1;

  for (size_t base = 0; base < out.lane_count; base += n) {
    const hn::Mask<DU> active_u = ActiveMask(du, s.exec, base);
    if (hn::AllFalse(du, active_u)) continue;
    const MF active = hn::RebindMask(df, active_u);
    const bool all_active = hn::AllTrue(du, active_u);
    if (kGeneral && w.fail != nullptr) hn::Store(hn::Zero(DI()), DI(), fail);
    const VF s_raw = hn::LoadU(df, op.s + base);
    const VF t_raw = hn::LoadU(df, op.t + base);
    VF sc = s_raw, tc = t_raw;
    if (kGeneral && w.cube) sc = CubeFaceCoord(sc), tc = CubeFaceCoord(tc);
    VI ox, oy;
    LoadOffsets(op, base, use_offset, &ox, &oy);
    const VI oz = kGeneral && w.volume ? LoadOffsetZ(op, base, use_offset) : hn::Zero(DI());
    const VF ref = compare ? CompareReference(s, op, base) : hn::Zero(df);

    VF lambda = SampleLambda(s, op, base, lambda_zero);
    const MF magnify = hn::Le(lambda, hn::Zero(df));
    const MF linear = mag_linear == min_linear
                          ? (mag_linear ? hn::FirstN(df, n) : hn::FirstN(df, 0))
                          : (mag_linear ? magnify : hn::Not(magnify));
    const bool any_linear = !hn::AllFalse(df, hn::And(linear, active));
    // Anisotropic lanes (minifying ones): N probes, at the lambda of P / N^2.
    VF probes = hn::Set(df, 1.0f), ds = hn::Zero(df), dt = hn::Zero(df);
    if (aniso) {
      const VF lambda_a = ClampLambda(s, op, base, AnisoLambda(s, op, base, &probes, &ds, &dt));
      const MF probing = hn::Not(magnify);
      probes = hn::IfThenElse(probing, probes, hn::Set(df, 1.0f));
      lambda = hn::IfThenElse(probing, lambda_a, lambda);
    }
    VI d0, d1;
    VF frac;
    ChooseLevels(s, mip, ApplyViewMinLod(s, lambda), &d0, &d1, &frac);
    LookupChunkLevel<WaveAddress>(s, d0, g0, &last0);

    TEXUNIT_VEC4(VF, c);
    const bool probe =
        aniso && !hn::AllFalse(df, hn::And(active, hn::Gt(probes, hn::Set(df, 1.0f))));
    if (probe) {  // both levels, blended inside
      // Each level's geometry once for every probe (lanes on mixed levels gather eight table
      // entries a lookup); d1 is a level of the view even where nothing blends (ChooseLevels).
      LookupChunkLevel<WaveAddress>(s, d1, g1, &last1);
      SampleProbes<K>(s, w, op, base, mip, d0, g0, d1, g1, frac, s_raw, t_raw, probes, ds, dt, ox,
                      oy, oz, ref, linear, any_linear, active, c);
    } else {
      SampleLevel<K>(s, w, op, base, d0, g0, sc, tc, ox, oy, oz, ref, linear, any_linear, active,
                     c);
    }
    if (!probe && blends) {
      const MF blend = hn::And(active, hn::Gt(frac, hn::Zero(df)));
      if (!hn::AllFalse(df, blend)) {
        TEXUNIT_VEC4(VF, c1);
        LookupChunkLevel<WaveAddress>(s, d1, g1, &last1);
        SampleLevel<K>(s, w, op, base, d1, g1, sc, tc, ox, oy, oz, ref, linear, any_linear, blend,
                       c1);
        if constexpr (kGeneral) {
          CombineBlend(w.reduce, frac, blend, c1, c);
        } else {
          LerpBlend(frac, blend, c1, c);
        }
      }
    }
    // Compare results are not codes.
    if (!compare) PostDivideT<kPath>(s.plan, c, kGeneral && w.border);
    TEXUNIT_VEC4(VU, bits);
    ResultBits(out, c, bits, KernelMayBeDenormal<K>());
    VU status = hn::Zero(du);
    if (prt_status) {
      const DI di;
      const MI missed =
          w.fail != nullptr ? hn::Ne(hn::Load(di, fail), hn::Zero(di)) : hn::FirstN(di, 0);
      status = StatusDword(s, missed, hn::RebindMask(di, active), d0);
    }
    WriteComponents(out, bits, active_u, all_active, base, status);
  }
}

// Every kernel is its own function: inlined into one dispatcher, the general kernel's size (cubes,
// aniso probes) cost the specialised ones 20% on AVX3 random bilinear.
template <class K>
HWY_NOINLINE void SampleKernel(const WaveSetup& s) {
  if constexpr (IsStagedKernel<K>()) {
    // The usual wave runs with its address choices as constants (UsualAddress): measured on the
    // EPYC, the 64-lane POINT wave through Runtime::Execute 85.7 -> 79.3 ns on AVX3.
    static_assert(K::kAddress != KeyAddress::kAny, "the staged kernels fix their clamp mode");
    if (IsUsualAddress(s.key, K::kAddress == KeyAddress::kWrap)) {
      SampleWaveStaged<K, UsualAddress>(s);
    } else {
      SampleWaveStaged<K, WaveAddress>(s);
    }
  } else {
    SampleWaveT<K>(s);
  }
}

// The plain 2D kernel of each fetch path (filters and clamp modes read at run time) and the
// general kernel for every other key (depth compares, border clamp modes, min/max reduction,
// aniso, the other image types, block formats), on the general fetch path (PrepareWave sets it
// for those waves). The hot kernels (sample_key.h) are compiled in src/dispatch/hot_sample_*.cc.
HWY_INLINE void SampleWaveImpl(const WaveSetup& s) {
  if (s.key.general_kernel) return SampleKernel<GeneralKernelKey>(s);
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      return SampleKernel<PlainKernelKey<FetchPath::kRgba8Unorm>>(s);
    case FetchPath::kRgba8Srgb:
      return SampleKernel<PlainKernelKey<FetchPath::kRgba8Srgb>>(s);
    case FetchPath::kRgba8Uint:
      return SampleKernel<PlainKernelKey<FetchPath::kRgba8Uint>>(s);
    case FetchPath::kRgba32Float:
      return SampleKernel<PlainKernelKey<FetchPath::kRgba32Float>>(s);
    case FetchPath::kRgba16Float:
      return SampleKernel<PlainKernelKey<FetchPath::kRgba16Float>>(s);
    case FetchPath::kR32Float:
      return SampleKernel<PlainKernelKey<FetchPath::kR32Float>>(s);
    default:
      return SampleKernel<PlainKernelKey<FetchPath::kPlain>>(s);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_SAMPLE_KERNEL_INL_H_
