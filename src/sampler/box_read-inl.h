// Coherent reads: a chunk's one-word texels (the RGBA8 fast paths) from a few rows of the level
// loaded whole, each lane's word picked out of them with in-register permutes, instead of one
// hardware gather per tap. A chunk of a rasterised 8x8 tile is a 4x4 (AVX-512) or 4x2 (AVX2)
// block of pixels, so at 1:1 or minified its taps lie in 4 (2) rows of 16 (8) words from the
// top-left lane's texel. AMD's Zen cores run a 16-lane gather as 16 microcoded loads (about 21
// cycles from L1 on Zen 4, and they overlap cache misses badly), while the loads here are whole
// rows the core's prefetchers and out-of-order engine handle as usual. Scattered BILINEAR chunks
// read each row's two taps as one 64-bit gather element instead (PairReadBilinear). Every lane
// reads the word the gather would have read, so the results are the same bits. x86 AVX2 and AVX-512
// only (other targets have no such gather to replace); docs/sampling.md, "Coherent reads".
#if defined(TEXUNIT_BOX_READ_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_BOX_READ_INL_H_
#undef TEXUNIT_BOX_READ_INL_H_
#else
#define TEXUNIT_BOX_READ_INL_H_
#endif

#include "hwy/highway.h"
#include "sampler/sampler_common-inl.h"
#include "sampler/wave_setup.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// A level every lane of a chunk is on, as the coherent reads address it: copied out of the
// WaveSetup once (results are stored through plain pointers that may alias the setup, so its
// fields would be reloaded for every chunk). `host` null: no coherent reads.
struct BoxLevel {
  const int32_t* host = nullptr;
  int64_t offset = 0;  // the level's first word
  int64_t pitch = 0;   // words per row
  int64_t words = 0;   // whole words in the footprint
};

// The coherent reads' view of level `uniform` (UniformLevel's result, -1 when the lanes' levels
// differ), or none when they are off.
HWY_INLINE BoxLevel MakeBoxLevel(const WaveSetup& s, int uniform) {
  BoxLevel b;
  if (uniform < 0 || !s.box_reads) return b;
  b.host = reinterpret_cast<const int32_t*>(s.host);
  b.offset = s.levels.offset_words[uniform];
  b.pitch = s.levels.pitch[uniform];
  b.words = static_cast<int64_t>(s.footprint_bytes / 4);
  return b;
}

// BILINEAR taps in pairs, for chunks that are not a box (scattered lanes): when every active
// lane's x1 is x0 + 1, texels (x0, y) and (x1, y) are adjacent words, read as one 64-bit element
// of a gather, so a chunk gathers half as many elements. `row0`, `row1` are the rows' first
// elements and `offset` the level's, in words; inactive lanes read words 0 and 1 (a level two
// texels wide exists, so the footprint holds them). Taps to w as BoxReadBilinear.
//
// AdjacentTaps: whether a chunk's taps pair up so; PairIndex: the word index of a row's pair
// (the element GatherPairs reads).
HWY_INLINE bool AdjacentTaps(VI x0, VI x1, MI active) {
  const DI di;
  return hn::AllFalse(di, hn::AndNot(hn::Eq(x1, hn::Add(x0, hn::Set(di, 1))), active));
}
HWY_INLINE VI PairIndex(VI offset, VI row, VI x0, MI active) {
  return hn::IfThenElseZero(active, hn::Add(offset, hn::Add(row, x0)));
}

#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
constexpr bool kHaveBoxReads = true;

// The box: kBoxRows consecutive rows of the level (one more for BILINEAR's second tap row), each
// Lanes() words from the anchor's column. A lane's word is row dy, column dx of it, addressed
// as idx = dy * Lanes() + dx.
#if HWY_TARGET <= HWY_AVX3
constexpr int kBoxRows = 4;  // 16 lanes: a 4x4 pixel block
constexpr int kBoxShift = 4;
#else
// (A third row for BILINEAR, which a 4x2 chunk on a level minified by up to 2x can need, cost
// the EPYC 6-10% on bilinear and trilinear: there the AVX2 kernels run at their instruction count.)
constexpr int kBoxRows = 2;  // 8 lanes: a 4x2 pixel block
constexpr int kBoxShift = 3;
#endif

// The word at idx of rows r0..r(kBoxRows - 1), for idx in [0, kBoxRows * Lanes()).
HWY_INLINE VI BoxLookup(const VI* r, VI idx) {
#if HWY_TARGET <= HWY_AVX3
  // vpermt2d takes idx's low five bits (two rows); bit 5 picks the pair.
  const __m512i lo = _mm512_permutex2var_epi32(r[0].raw, idx.raw, r[1].raw);
  const __m512i hi = _mm512_permutex2var_epi32(r[2].raw, idx.raw, r[3].raw);
  const __mmask16 upper = _mm512_test_epi32_mask(idx.raw, _mm512_set1_epi32(32));
  return VI{_mm512_mask_blend_epi32(upper, lo, hi)};
#else
  // vpermd takes idx's low three bits; bit 3 (moved to the sign) picks the row.
  const __m256 lo = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(r[0].raw, idx.raw));
  const __m256 hi = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(r[1].raw, idx.raw));
  const __m256 upper = _mm256_castsi256_ps(_mm256_slli_epi32(idx.raw, 28));
  return VI{_mm256_castps_si256(_mm256_blendv_ps(lo, hi, upper))};
#endif
}

// The first word of `rows` rows of Lanes() words of level `b` from texel (x, y), or -1 when the
// last row would end past the footprint.
HWY_INLINE int64_t BoxRowsStart(const BoxLevel& b, int32_t x, int64_t y, int rows) {
  const int64_t first = b.offset + y * b.pitch + x;
  const int64_t end = first + (rows - 1) * b.pitch + static_cast<int64_t>(hn::Lanes(DI()));
  return end > b.words ? -1 : first;
}

// Loads `rows` rows of level `b` from the anchor texel (xa, ya) into r, if the last row's
// Lanes() words end inside the footprint; returns the first row's first word, or -1.
HWY_INLINE int64_t LoadBoxRows(const BoxLevel& b, int32_t xa, int32_t ya, int rows, VI* r) {
  const int64_t first = BoxRowsStart(b, xa, ya, rows);
  if (first < 0) return -1;
  const int32_t* p = b.host + first;
  for (int k = 0; k < rows; ++k) r[k] = hn::LoadU(DI(), p + k * b.pitch);
  return first;
}

// Asks for the `rows` rows of Lanes() words 8 rows below the box whose first word is `first`
// (LoadBoxRows'), where they lie in the footprint: the box of the 8x8 tile below this chunk's. In
// Morton order the tile below is most often among the next few waves, so at 1:1 or minified its
// rows arrive while this wave and the next run; the hardware prefetchers, which follow rows and
// strides, do not follow a Z-order walk. On a 1024x1024 1:1 sweep that was +6% for BILINEAR;
// POINT gained nothing measurable and lost 2-3% on a wave whose texture is in L1, so it does not
// ask. (Asked for once per wave and level instead, from the wave's steps per pixel, they cost the
// EPYC 5-13% on bilinear and trilinear; so did computing each chunk's rows from its steps.)
HWY_INLINE void PrefetchTileBelow(const BoxLevel& b, int64_t first, int rows) {
  const int64_t n = static_cast<int64_t>(hn::Lanes(DI()));
  first += 8 * b.pitch;
  if (first + (rows - 1) * b.pitch + n > b.words) return;
  for (int k = 0; k < rows; ++k) {
    // A row of Lanes() words may straddle two lines: ask for its first and last word's.
    __builtin_prefetch(b.host + first + k * b.pitch);
    __builtin_prefetch(b.host + first + k * b.pitch + n - 1);
  }
}

// Whether lane 0 of the chunk is active (it anchors the box).
HWY_INLINE bool FirstLaneActive(MI active) {
#if HWY_TARGET <= HWY_AVX3
  return (_cvtmask16_u32(active.raw) & 1u) != 0;
#else
  return hn::GetLane(hn::VecFromMask(DI(), active)) != 0;
#endif
}

// Whether every active lane's (dx, dy) lies in the box: dx in [0, Lanes()), dy in [0, kBoxRows).
HWY_INLINE bool InBox(VI dx, VI dy, MI active) {
  const DI di;
  const VI out = hn::Or(hn::And(dx, hn::Set(di, ~((1 << kBoxShift) - 1))),
                        hn::And(dy, hn::Set(di, ~(kBoxRows - 1))));
  return hn::AllFalse(di, hn::And(active, hn::Ne(out, hn::Zero(di))));
}

// POINT: the words of texels (x, y) at a level every lane of the chunk is on (`b`), into w
// (aligned to the vector), when lane 0 is active and every active lane's texel is in the box from
// lane 0's. False (nothing read) otherwise: the caller gathers.
HWY_INLINE bool BoxReadPoint(const BoxLevel& b, VI x, VI y, MI active, uint32_t* w) {
  const DI di;
  if (b.host == nullptr || !FirstLaneActive(active)) return false;
  const int32_t xa = hn::GetLane(x), ya = hn::GetLane(y);
  const VI dx = hn::Sub(x, hn::Set(di, xa)), dy = hn::Sub(y, hn::Set(di, ya));
  if (!InBox(dx, dy, active)) return false;
  VI r[kBoxRows];
  if (LoadBoxRows(b, xa, ya, kBoxRows, r) < 0) return false;
  hn::Store(BoxLookup(r, hn::Add(hn::ShiftLeft<kBoxShift>(dy), dx)), di,
            reinterpret_cast<int32_t*>(w));
  return true;
}

// BILINEAR: the words of taps (x0, y0), (x1, y0), (x0, y1), (x1, y1) into w (one row of
// Lanes() per tap, in that order), as BoxReadPoint, when every active lane's y0 lies in rows
// ya .. ya + kBoxRows - 1 and its y1 in the next kBoxRows rows (a second row wrapped to the top or
// clamped onto the first is not): rows ya .. ya + kBoxRows hold both.
HWY_INLINE bool BoxReadBilinear(const BoxLevel& b, VI x0, VI x1, VI y0, VI y1, MI active,
                                uint32_t* w) {
  const DI di;
  const size_t n = hn::Lanes(di);
  if (b.host == nullptr || !FirstLaneActive(active)) return false;
  const int32_t xa = hn::GetLane(x0), ya = hn::GetLane(y0);
  const VI vxa = hn::Set(di, xa), vya = hn::Set(di, ya);
  const VI dx0 = hn::Sub(x0, vxa), dx1 = hn::Sub(x1, vxa);
  const VI dy0 = hn::Sub(y0, vya), dy1 = hn::Sub(y1, hn::Add(vya, hn::Set(di, 1)));
  if (!InBox(hn::Or(dx0, dx1), hn::Or(dy0, dy1), active)) return false;
  VI r[kBoxRows + 1];
  const int64_t first = LoadBoxRows(b, xa, ya, kBoxRows + 1, r);
  if (first < 0) return false;
  PrefetchTileBelow(b, first, kBoxRows + 1);
  const VI row0 = hn::ShiftLeft<kBoxShift>(dy0), row1 = hn::ShiftLeft<kBoxShift>(dy1);
  int32_t* out = reinterpret_cast<int32_t*>(w);
  hn::Store(BoxLookup(r, hn::Add(row0, dx0)), di, out);
  hn::Store(BoxLookup(r, hn::Add(row0, dx1)), di, out + n);
  hn::Store(BoxLookup(r + 1, hn::Add(row1, dx0)), di, out + 2 * n);
  hn::Store(BoxLookup(r + 1, hn::Add(row1, dx1)), di, out + 3 * n);
  return true;
}

// One row's taps as PairReadBilinear reads them: the 64-bit elements at word indices `idx`
// (PairIndex's), their first words to *first and their second to *second.
HWY_INLINE void GatherPairRow(const WaveSetup& s, VI idx, VI* first, VI* second) {
  const long long* base = reinterpret_cast<const long long*>(s.host);
#if HWY_TARGET <= HWY_AVX3
  const __m512i lo = _mm512_i32gather_epi64(_mm512_castsi512_si256(idx.raw), base, 4);
  const __m512i hi = _mm512_i32gather_epi64(_mm512_extracti64x4_epi64(idx.raw, 1), base, 4);
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
  *first = VI{_mm512_permutex2var_epi32(lo, even, hi)};
  *second = VI{_mm512_permutex2var_epi32(lo, odd, hi)};
#else
  // Lanes (0, 1, 4, 5) gathered into lo and (2, 3, 6, 7) into hi: each 128-bit half of the
  // shuffles then holds four consecutive lanes' words.
  const __m256i q = _mm256_permute4x64_epi64(idx.raw, _MM_SHUFFLE(3, 1, 2, 0));
  const __m256 lo = _mm256_castsi256_ps(_mm256_i32gather_epi64(base, _mm256_castsi256_si128(q), 4));
  const __m256 hi =
      _mm256_castsi256_ps(_mm256_i32gather_epi64(base, _mm256_extracti128_si256(q, 1), 4));
  *first = VI{_mm256_castps_si256(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)))};
  *second = VI{_mm256_castps_si256(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)))};
#endif
}

// GatherPairRow's words to out[0, n) and out[n, 2n).
HWY_INLINE void GatherPairs(const WaveSetup& s, VI idx, int32_t* out) {
  const DI di;
  VI first, second;
  GatherPairRow(s, idx, &first, &second);
  hn::Store(first, di, out);
  hn::Store(second, di, out + hn::Lanes(di));
}

// The whole read of one chunk; false (nothing read) when its taps are not adjacent.
HWY_INLINE bool PairReadBilinear(const WaveSetup& s, VI offset, VI x0, VI x1, VI row0, VI row1,
                                 MI active, uint32_t* w) {
  const size_t n = hn::Lanes(DI());
  if (!AdjacentTaps(x0, x1, active)) return false;
  int32_t* out = reinterpret_cast<int32_t*>(w);
  for (int r = 0; r < 2; ++r) {
    GatherPairs(s, PairIndex(offset, r ? row1 : row0, x0, active), out + 2 * r * n);
  }
  return true;
}

#else  // no such reads on this target: every chunk gathers
constexpr bool kHaveBoxReads = false;
HWY_INLINE bool BoxReadPoint(const BoxLevel&, VI, VI, MI, uint32_t*) { return false; }
HWY_INLINE bool BoxReadBilinear(const BoxLevel&, VI, VI, VI, VI, MI, uint32_t*) { return false; }
HWY_INLINE bool PairReadBilinear(const WaveSetup&, VI, VI, VI, VI, VI, MI, uint32_t*) {
  return false;
}
// Named only in branches `if constexpr (kHaveBoxReads)` discards: never defined.
void GatherPairs(const WaveSetup& s, VI idx, int32_t* out);
void GatherPairRow(const WaveSetup& s, VI idx, VI* first, VI* second);
#endif

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#endif  // TEXUNIT_BOX_READ_INL_H_
