// Coherent reads (src/sampler/box_read-inl.h) on every compiled target this CPU runs: a chunk
// whose active lanes' texels lie in the box of rows from lane 0's texel is read with row loads
// and permutes, and every active lane gets the word at its own (x, y), as a gather would give;
// any other chunk is refused (the kernel then gathers): lane 0 inactive, lanes on several levels,
// a texel outside the box, BILINEAR's second row wrapped to the top, or a box whose last row
// would end past the footprint. Scattered BILINEAR chunks whose column pairs are adjacent are
// read in pairs. Only AVX2 and AVX3 have these reads; the other targets refuse every chunk. The
// kernels' results with the reads on and off are compared bit for bit by hot_kernels_test.cc.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sampler/box_read_test.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// Included once per target after foreach_target.h.
#include "sampler/box_read-inl.h"

// Defined once, before the per-target passes.
#ifndef TEXUNIT_BOX_READ_TEST_MODES_
#define TEXUNIT_BOX_READ_TEST_MODES_
namespace texunit {
enum ReadMode { kBoxPoint, kBoxBilinear, kPairs };
}  // namespace texunit
#endif

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

// One chunk of Lanes() lanes through BoxReadPoint (taps x0, y0), BoxReadBilinear or
// PairReadBilinear, on a level at `offset` words with `pitch` words per row, over `words` words
// of memory. Returns whether the chunk was read; the words to out (Lanes() per tap).
bool ReadChunk(const uint32_t* words, uint64_t footprint_words, int32_t offset, int32_t pitch,
               int mode, bool uniform, const int32_t* x0, const int32_t* x1, const int32_t* y0,
               const int32_t* y1, const int32_t* active, uint32_t* out) {
  const DI di;
  WaveSetup s;
  s.host = reinterpret_cast<const uint8_t*>(words);
  s.footprint_bytes = footprint_words * 4;
  s.levels.offset_words[0] = offset;
  s.levels.pitch[0] = pitch;
  s.box_reads = true;
  const MI mask = hn::Ne(hn::LoadU(di, active), hn::Zero(di));
  const BoxLevel level = MakeBoxLevel(s, uniform ? 0 : -1);
  const VI vx0 = hn::LoadU(di, x0), vx1 = hn::LoadU(di, x1);
  const VI vy0 = hn::LoadU(di, y0), vy1 = hn::LoadU(di, y1);
  if (mode == kBoxPoint) return BoxReadPoint(level, vx0, vy0, mask, out);
  if (mode == kBoxBilinear) return BoxReadBilinear(level, vx0, vx1, vy0, vy1, mask, out);
  const VI vpitch = hn::Set(di, pitch);
  return PairReadBilinear(s, hn::Set(di, offset), vx0, vx1, hn::Mul(vy0, vpitch),
                          hn::Mul(vy1, vpitch), mask, out);
}

size_t ChunkLanes() { return hn::Lanes(DI()); }
bool HasBoxReads() { return kHaveBoxReads; }
int64_t BoxTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <gtest/gtest.h>

#include "dispatch_slots.h"
#include "hwy/targets.h"

namespace texunit {
namespace {

HWY_EXPORT(ReadChunk);
HWY_EXPORT(ChunkLanes);
HWY_EXPORT(HasBoxReads);
HWY_EXPORT(BoxTarget);

constexpr int32_t kPitch = 40;  // a 40-texel-wide level: rows are not a power of two apart
constexpr int32_t kRows = 24;
constexpr int32_t kOffset = 5;  // the level starts 5 words into the footprint
constexpr size_t kWords = kOffset + kPitch * kRows;

// Lane i of a chunk is pixel MortonDecode(i) of the rasteriser's tile: quads of 2x2 in Morton
// order, so 16 lanes are a 4x4 block and 8 lanes a 4x2 one.
int32_t MortonX(size_t i) { return static_cast<int32_t>((i & 1) | (i >> 1 & 2) | (i >> 2 & 4)); }
int32_t MortonY(size_t i) { return static_cast<int32_t>((i >> 1 & 1) | (i >> 2 & 2)); }

struct Chunk {
  std::vector<int32_t> x0, x1, y0, y1, active;
  explicit Chunk(size_t n) : x0(n), x1(n), y0(n), y1(n), active(n, 1) {}
};

// A chunk at 1:1 from texel (x, y): BILINEAR's footprint of pixel centres on texel centres.
Chunk OneToOne(size_t n, int32_t x, int32_t y) {
  Chunk c(n);
  for (size_t i = 0; i < n; ++i) {
    c.x0[i] = x + MortonX(i);
    c.y0[i] = y + MortonY(i);
    c.x1[i] = c.x0[i] + 1;
    c.y1[i] = c.y0[i] + 1;
  }
  return c;
}

// The footprint (kWords words) ends where an inaccessible page begins, so a read past it faults
// (AddressSanitizer does not see into gathers and vector loads written as intrinsics).
class BoxReads : public ::testing::Test {
 protected:
  void SetUp() override {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t data_pages = (kWords * 4 + page_ - 1) / page_;
    map_bytes_ = (data_pages + 1) * page_;
    map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(map_, MAP_FAILED);
    uint8_t* guard = static_cast<uint8_t*>(map_) + data_pages * page_;
    ASSERT_EQ(mprotect(guard, page_, PROT_NONE), 0);
    words_ = reinterpret_cast<uint32_t*>(guard) - kWords;
    for (size_t i = 0; i < kWords; ++i) words_[i] = static_cast<uint32_t>(i * 2654435761u);
  }
  void TearDown() override {
    if (map_ != MAP_FAILED && map_ != nullptr) munmap(map_, map_bytes_);
  }
  // Runs `c` on the target at dispatch slot `slot`; checks every active lane's words when read.
  bool Run(size_t slot, const Chunk& c, ReadMode mode, bool uniform = true,
           uint64_t footprint = kWords) {
    const size_t n = HWY_DISPATCH_TABLE(ChunkLanes)[slot]();
    // Whole vectors, aligned: four taps of up to 64 lanes (SVE at 2048 bits).
    alignas(64) uint32_t out[4 * 64];
    if (n > 64) {
      ADD_FAILURE() << n << " lanes per vector";
      return false;
    }
    std::fill(out, out + 4 * n, 0xDEADBEEFu);
    const bool read = HWY_DISPATCH_TABLE(ReadChunk)[slot](
        words_, footprint, kOffset, kPitch, mode, uniform, c.x0.data(), c.x1.data(), c.y0.data(),
        c.y1.data(), c.active.data(), out);
    if (!read) return false;
    for (size_t i = 0; i < n; ++i) {
      if (!c.active[i]) continue;
      const int32_t xs[4] = {c.x0[i], c.x1[i], c.x0[i], c.x1[i]};
      const int32_t ys[4] = {c.y0[i], c.y0[i], c.y1[i], c.y1[i]};
      for (int tap = 0; tap < (mode == kBoxPoint ? 1 : 4); ++tap) {
        EXPECT_EQ(out[tap * n + i], words_[kOffset + ys[tap] * kPitch + xs[tap]])
            << "lane " << i << " tap " << tap;
      }
    }
    return true;
  }
  size_t page_ = 0, map_bytes_ = 0;
  void* map_ = nullptr;
  uint32_t* words_ = nullptr;
};

// Runs `body(slot, lanes, has_reads)` once per distinct target this CPU runs.
template <class Body>
void ForEachTarget(Body body) {
  ForEachDispatchSlot(HWY_DISPATCH_TABLE(BoxTarget), [&](size_t slot, int64_t target) {
    const bool reads = HWY_DISPATCH_TABLE(HasBoxReads)[slot]();
    EXPECT_EQ(reads, (target & (HWY_AVX2 | HWY_AVX3 | HWY_AVX3_DL)) != 0);
    body(slot, HWY_DISPATCH_TABLE(ChunkLanes)[slot](), reads);
  });
}

TEST_F(BoxReads, ReadCoherentChunksAndRefuseTheOthersOnEveryTarget) {
  ForEachTarget([&](size_t slot, size_t n, bool boxes) {
    if (n < 8) {
      EXPECT_FALSE(boxes);
      return;
    }
    const int32_t rows = n == 16 ? 4 : 2;  // the chunk's pixel rows (4x4 or 4x2)

    // Accepted: 1:1 anywhere its rows fit the footprint (a row's load may run past the level's
    // right edge into the next row).
    for (int32_t y : {0, 3, kRows - rows - 2}) {
      for (int32_t x : {0, 7, kPitch - 5}) {
        EXPECT_EQ(Run(slot, OneToOne(n, x, y), kBoxPoint), boxes) << x << "," << y;
        EXPECT_EQ(Run(slot, OneToOne(n, x, y), kBoxBilinear), boxes) << x << "," << y;
      }
    }
    // Inactive lanes may hold anything; an all-lanes-equal chunk (magnified) fits.
    Chunk sparse = OneToOne(n, 10, 4);
    for (size_t i = 1; i < n; i += 3) {
      sparse.active[i] = 0;
      sparse.x0[i] = -1000;
      sparse.y1[i] = 1 << 30;
    }
    EXPECT_EQ(Run(slot, sparse, kBoxBilinear), boxes);
    Chunk same = OneToOne(n, 6, 6);
    for (size_t i = 0; i < n; ++i) same.x0[i] = 6, same.y0[i] = 6, same.x1[i] = 7, same.y1[i] = 7;
    EXPECT_EQ(Run(slot, same, kBoxBilinear), boxes);
    // The box's last row ends exactly at the footprint's end, against the inaccessible page:
    // accepted; with the footprint one word shorter: refused.
    const Chunk tail = OneToOne(n, kPitch - static_cast<int32_t>(n), kRows - 1 - rows);
    EXPECT_EQ(Run(slot, tail, kBoxBilinear), boxes);
    EXPECT_FALSE(Run(slot, tail, kBoxBilinear, true, kWords - 1));
    const Chunk point_tail = OneToOne(n, kPitch - static_cast<int32_t>(n), kRows - rows);
    EXPECT_EQ(Run(slot, point_tail, kBoxPoint), boxes);
    EXPECT_FALSE(Run(slot, point_tail, kBoxPoint, true, kWords - 1));

    // Refused.
    Chunk lane0_off = OneToOne(n, 2, 2);
    lane0_off.active[0] = 0;
    EXPECT_FALSE(Run(slot, lane0_off, kBoxBilinear));
    EXPECT_FALSE(Run(slot, OneToOne(n, 2, 2), kBoxBilinear, /*uniform=*/false));
    Chunk wide = OneToOne(n, 2, 2);
    wide.x1[n - 1] = 2 + static_cast<int32_t>(n);  // column Lanes() from lane 0's
    EXPECT_FALSE(Run(slot, wide, kBoxBilinear));
    EXPECT_EQ(Run(slot, wide, kBoxPoint), boxes);  // POINT reads x0 only: x1 is not a tap
    Chunk left = OneToOne(n, 2, 2);
    left.x0[n - 1] = 1;  // left of lane 0's texel
    EXPECT_FALSE(Run(slot, left, kBoxPoint));
    Chunk tall = OneToOne(n, 2, 2);
    tall.y0[n - 1] = 2 + rows;  // below the box's rows
    EXPECT_FALSE(Run(slot, tall, kBoxPoint));
    Chunk wrapped = OneToOne(n, 2, kRows - rows);
    wrapped.y1[n - 1] = 0;  // WRAP's second row at the bottom edge
    EXPECT_FALSE(Run(slot, wrapped, kBoxBilinear));
    Chunk clamped = OneToOne(n, 2, 2);
    clamped.y1[0] = clamped.y0[0];  // CLAMP_LAST_TEXEL's second row on the edge row
    EXPECT_FALSE(Run(slot, clamped, kBoxBilinear));
  });
}

// Scattered BILINEAR chunks read each row's two taps as one 64-bit element when every active
// lane's x1 is x0 + 1, anywhere in the level (the last texel pair against the inaccessible page
// included); a wrapped or clamped column pair is refused.
TEST_F(BoxReads, ReadScatteredTexelPairsOnEveryTarget) {
  ForEachTarget([&](size_t slot, size_t n, bool pairs) {
    uint32_t state = 12345;
    const auto next = [&](uint32_t m) {
      state = state * 1664525u + 1013904223u;
      return static_cast<int32_t>((state >> 8) % m);
    };
    for (int round = 0; round < 50; ++round) {
      Chunk c(n);
      for (size_t i = 0; i < n; ++i) {
        c.x0[i] = next(kPitch - 1);
        c.y0[i] = next(kRows);
        c.y1[i] = next(kRows);  // any row: pairs are per row
        c.x1[i] = c.x0[i] + 1;
        if (round % 3 == 1 && i % 5 == 2) c.active[i] = 0, c.x0[i] = -7, c.x1[i] = 99;
      }
      c.x0[n - 1] = kPitch - 2, c.x1[n - 1] = kPitch - 1, c.y1[n - 1] = kRows - 1;  // last pair
      c.active[n - 1] = 1;
      EXPECT_EQ(Run(slot, c, kPairs), pairs) << "round " << round;
      Chunk edge = c;
      edge.x0[0] = kPitch - 1, edge.x1[0] = 0, edge.active[0] = 1;  // WRAP's pair at the edge
      EXPECT_FALSE(Run(slot, edge, kPairs));
      edge.x1[0] = kPitch - 1;  // CLAMP_LAST_TEXEL's
      EXPECT_FALSE(Run(slot, edge, kPairs));
    }
  });
}

}  // namespace
}  // namespace texunit
#endif  // HWY_ONCE
