// Conflicting image atomics from many threads on a small image (docs/sampling.md, "Atomics":
// requests are atomic with respect to each other). Each test checks the exact final texels and the
// multiset of values GLC returned: an atomic that was lost, applied twice or torn shows up in one
// or the other. The waves run on plain std::threads calling Runtime::Execute, so that `make tsan`
// (ThreadSanitizer) sees every synchronisation; one test runs the same counters through
// ExecuteBatch's TBB pool, which TSan cannot follow (Debian's libtbb is not instrumented) and
// `make tsan` leaves out.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <latch>
#include <limits>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x40000;
constexpr uint32_t kTexels = 4;  // a 4x1 image: every lane of every wave hits one of 4 texels
constexpr uint32_t kWaves = 4096;
constexpr uint32_t kLanes = 64;

// More threads than this machine's cores, so that requests interleave even on 2 vCPUs.
int StressThreads() { return std::max(8, static_cast<int>(std::thread::hardware_concurrency())); }

// One wave's operands and results: lane i addresses texel x[i].
struct WaveData {
  std::vector<uint32_t> x = std::vector<uint32_t>(kLanes);
  std::vector<uint32_t> y = std::vector<uint32_t>(kLanes, 0);
  std::vector<uint32_t> d[4];
  std::vector<uint32_t> out[2];
  WaveData() {
    for (auto& v : d) v.assign(kLanes, 0);
    for (auto& v : out) v.assign(kLanes, 0xDEADBEEF);
  }
};

class AtomicStressTest : public ::testing::Test {
 protected:
  void SetUp() override {
    RuntimeOptions o;
    o.threads = StressThreads();
    ASSERT_TRUE(Runtime::Create(o, &rt_).ok());
  }

  // A 4x1 image of 32-bit (R32) or 64-bit (R32G32) texels over mem_.
  void Bind(FormatId format) {
    desc_ = MakeImage2D(format, kTexels, 1, 1, kBase);
    memory_ = Memory();
    ASSERT_TRUE(memory_.AddRegion(kBase, mem_.data(), mem_.size() * 8).ok());
  }

  // Runs kWaves requests of `op` through ExecuteBatch; `fill` sets each wave's operands.
  template <typename Fill>
  std::vector<WaveData> RunBatch(AtomicOp op, uint8_t dmask, Fill fill) {
    std::vector<WaveData> waves(kWaves);
    std::vector<TexRequest> reqs(kWaves);
    for (uint32_t w = 0; w < kWaves; ++w) {
      fill(w, &waves[w]);
      TexRequest& q = reqs[w];
      q.op = {OpKind::kAtomic, 0, op};
      q.mods.dmask = dmask;
      q.mods.glc = true;
      q.mods.unorm = true;
      q.image = &desc_;
      q.memory = &memory_;
      q.lane_count = kLanes;
      q.in.coord[0] = waves[w].x.data();
      q.in.coord[1] = waves[w].y.data();
      for (int k = 0; k < 4; ++k) q.in.data[k] = waves[w].d[k].data();
      q.out.data[0] = waves[w].out[0].data();
      q.out.data[1] = waves[w].out[1].data();
    }
    if (through_batch_) {
      EXPECT_TRUE(rt_->ExecuteBatch(reqs).ok());
    } else {
      RunOnThreads(kWaves, [&](uint32_t w) { return rt_->Execute(reqs[w]).ok(); });
    }
    return waves;
  }

  // Runs job(0 .. count - 1) on StressThreads() threads, thread t taking t, t + T, ..., all
  // released at once; expects every job to succeed.
  template <typename Job>
  void RunOnThreads(uint32_t count, Job job) {
    const int threads = StressThreads();
    std::latch start(threads);
    std::atomic<int> failures{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        start.arrive_and_wait();
        for (uint32_t i = static_cast<uint32_t>(t); i < count; i += threads) {
          if (!job(i)) ++failures;
        }
      });
    }
    for (std::thread& t : pool) t.join();
    EXPECT_EQ(failures.load(), 0);
  }

  // Counters: lane i of every wave counts on texel texel_of(i). Each texel must hold its count, and
  // the values returned for it must be exactly 0 .. count - 1, each once.
  void CountersLoseAndRepeatNothing(AtomicOp op, uint32_t data, uint32_t (*texel_of)(uint32_t)) {
    Bind(FormatId::kR32_UINT);
    const auto waves = RunBatch(op, 0x1, [&](uint32_t, WaveData* w) {
      for (uint32_t i = 0; i < kLanes; ++i) {
        w->x[i] = texel_of(i);
        w->d[0][i] = data;
      }
    });
    std::vector<std::vector<uint32_t>> seen(kTexels);
    for (const WaveData& w : waves) {
      for (uint32_t i = 0; i < kLanes; ++i) seen[texel_of(i)].push_back(w.out[0][i]);
    }
    for (uint32_t t = 0; t < kTexels; ++t) {
      const auto count = static_cast<uint32_t>(seen[t].size());
      EXPECT_EQ(Words()[t], count) << "texel " << t;
      std::sort(seen[t].begin(), seen[t].end());
      for (uint32_t k = 0; k < count; ++k) ASSERT_EQ(seen[t][k], k) << "texel " << t;
    }
  }

  uint32_t* Words() { return reinterpret_cast<uint32_t*>(mem_.data()); }

  std::unique_ptr<Runtime> rt_;
  bool through_batch_ = false;
  std::vector<uint64_t> mem_ = std::vector<uint64_t>(8, 0);
  ImageDesc desc_;
  Memory memory_;
};

uint32_t Interleaved(uint32_t lane) { return lane % kTexels; }
uint32_t InRuns(uint32_t lane) { return (lane / 16) % kTexels; }

TEST_F(AtomicStressTest, AddCountersLoseAndRepeatNothing) {
  CountersLoseAndRepeatNothing(AtomicOp::kAdd, 1, Interleaved);
}

// The same counters through ExecuteBatch, whose TBB pool runs the waves (not under `make tsan`).
TEST_F(AtomicStressTest, AddCountersThroughExecuteBatch) {
  through_batch_ = true;
  CountersLoseAndRepeatNothing(AtomicOp::kAdd, 1, Interleaved);
}

// INC with a limit above the count behaves as a counter (its wrap is in the hand-computed vectors).
TEST_F(AtomicStressTest, IncCountersLoseAndRepeatNothing) {
  CountersLoseAndRepeatNothing(AtomicOp::kInc, 0xFFFFFFFFu, InRuns);
}

// Within a wave the lanes on one texel return increasing values (lane order), whatever other
// threads interleave between them.
TEST_F(AtomicStressTest, LanesOfOneWaveSeeEachOtherInOrder) {
  Bind(FormatId::kR32_UINT);
  const auto waves = RunBatch(AtomicOp::kAdd, 0x1, [](uint32_t, WaveData* w) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      w->x[i] = 0;
      w->d[0][i] = 1;
    }
  });
  for (const WaveData& w : waves) {
    for (uint32_t i = 1; i < kLanes; ++i) ASSERT_LT(w.out[0][i - 1], w.out[0][i]);
  }
  EXPECT_EQ(Words()[0], kWaves * kLanes);
}

// 64-bit ADD from just below 2^32: every carry into the high dword must be atomic with the low.
TEST_F(AtomicStressTest, Add64CarriesAtomically) {
  Bind(FormatId::kR32G32_UINT);
  const uint64_t start = 0xFFFFFF00ull;
  for (uint32_t t = 0; t < kTexels; ++t) mem_[t] = start;
  const auto waves = RunBatch(AtomicOp::kAdd, 0x3, [](uint32_t, WaveData* w) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      w->x[i] = i % kTexels;
      w->d[0][i] = 1;  // low dword
      w->d[1][i] = 0;  // high dword
    }
  });
  const uint64_t per_texel = kWaves * kLanes / kTexels;
  std::vector<std::vector<uint64_t>> seen(kTexels);
  for (const WaveData& w : waves) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      seen[i % kTexels].push_back(w.out[0][i] | uint64_t{w.out[1][i]} << 32);
    }
  }
  for (uint32_t t = 0; t < kTexels; ++t) {
    EXPECT_EQ(mem_[t], start + per_texel);
    std::sort(seen[t].begin(), seen[t].end());
    for (uint64_t k = 0; k < per_texel; ++k) ASSERT_EQ(seen[t][k], start + k);
  }
}

// CMPSWAP claims: every lane tries to swap its id + 1 into a zero texel. Exactly one lane per texel
// sees 0 and owns it; every other lane on that texel sees the owner's id.
TEST_F(AtomicStressTest, CmpSwapClaimsHaveExactlyOneWinnerPerTexel) {
  Bind(FormatId::kR32_UINT);
  const auto waves = RunBatch(AtomicOp::kCmpSwap, 0x3, [](uint32_t wave, WaveData* w) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      w->x[i] = i % kTexels;
      w->d[0][i] = wave * kLanes + i + 1;  // src: this lane's id + 1
      w->d[1][i] = 0;                      // cmp
    }
  });
  std::vector<int> winners(kTexels, 0);
  for (uint32_t wave = 0; wave < kWaves; ++wave) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      const uint32_t t = i % kTexels;
      const uint32_t got = waves[wave].out[0][i];
      if (got == 0) {
        ++winners[t];
        EXPECT_EQ(Words()[t], wave * kLanes + i + 1);
      } else {
        ASSERT_EQ(got, Words()[t]);
      }
    }
  }
  for (uint32_t t = 0; t < kTexels; ++t) EXPECT_EQ(winners[t], 1) << "texel " << t;
}

// A compare-and-swap loop per task, as shaders build counters from CMPSWAP: read, try value + 1,
// retry on failure. Every task succeeds once, with a distinct old value.
TEST_F(AtomicStressTest, CmpSwapLoopCountersLoseAndRepeatNothing) {
  Bind(FormatId::kR32_UINT);
  constexpr uint32_t kTasks = 4096;
  std::vector<uint32_t> won(kTasks, 0xFFFFFFFF);
  RunOnThreads(kTasks, [&](uint32_t task) {
    uint32_t x = 0, y = 0, expected = 0, src = 0, zero = 0, old = 0;
    TexRequest q;
    q.op = {OpKind::kAtomic, 0, AtomicOp::kCmpSwap};
    q.mods.dmask = 0x3;
    q.mods.glc = true;
    q.image = &desc_;
    q.memory = &memory_;
    q.lane_count = 1;
    q.in.coord[0] = &x;
    q.in.coord[1] = &y;
    q.in.data[0] = &src;
    q.in.data[1] = &expected;
    q.out.data[0] = &old;
    // The read: ADD 0 returns the current value.
    TexRequest read = q;
    read.op.atomic = AtomicOp::kAdd;
    read.mods.dmask = 0x1;
    read.in.data[0] = &zero;
    for (;;) {
      if (!rt_->Execute(read).ok()) break;
      expected = old;
      src = old + 1;
      if (!rt_->Execute(q).ok()) break;
      if (old == expected) {
        won[task] = old;
        return true;
      }
    }
    return false;
  });
  EXPECT_EQ(Words()[0], kTasks);
  std::sort(won.begin(), won.end());
  for (uint32_t k = 0; k < kTasks; ++k) ASSERT_EQ(won[k], k);
}

// MIN and MAX of every kind: the final texel is the extreme of all data, and no returned value is
// beyond it (for MIN, every lane saw a value >= the final minimum).
TEST_F(AtomicStressTest, MinMaxReachTheExtremeOfAllData) {
  struct Kind {
    AtomicOp op;
    uint32_t init;
    bool (*before)(uint32_t a, uint32_t b);  // a is at least as far from the extreme as b
  };
  const Kind kinds[] = {
      {AtomicOp::kUmin, 0xFFFFFFFFu, [](uint32_t a, uint32_t b) { return a >= b; }},
      {AtomicOp::kUmax, 0u, [](uint32_t a, uint32_t b) { return a <= b; }},
      {AtomicOp::kSmin, 0x7FFFFFFFu,
       [](uint32_t a, uint32_t b) { return static_cast<int32_t>(a) >= static_cast<int32_t>(b); }},
      {AtomicOp::kSmax, 0x80000000u,
       [](uint32_t a, uint32_t b) { return static_cast<int32_t>(a) <= static_cast<int32_t>(b); }},
      {AtomicOp::kFmin, 0x7F800000u,  // +inf
       [](uint32_t a, uint32_t b) { return std::bit_cast<float>(a) >= std::bit_cast<float>(b); }},
      {AtomicOp::kFmax, 0xFF800000u,  // -inf
       [](uint32_t a, uint32_t b) { return std::bit_cast<float>(a) <= std::bit_cast<float>(b); }},
  };
  for (const Kind& k : kinds) {
    SCOPED_TRACE(static_cast<int>(k.op));
    const bool is_float = k.op == AtomicOp::kFmin || k.op == AtomicOp::kFmax;
    Bind(is_float ? FormatId::kR32_FLOAT : FormatId::kR32_UINT);
    for (uint32_t t = 0; t < kTexels; ++t) Words()[t] = k.init;
    // Distinct data per lane: a scrambled id, as a signed spread or a float in (-1e6, 1e6).
    const auto value = [&](uint32_t id) {
      const uint32_t h = id * 2654435761u;
      if (is_float)
        return std::bit_cast<uint32_t>(static_cast<float>(static_cast<int32_t>(h) >> 11));
      return h;
    };
    const auto waves = RunBatch(k.op, 0x1, [&](uint32_t wave, WaveData* w) {
      for (uint32_t i = 0; i < kLanes; ++i) {
        w->x[i] = i % kTexels;
        w->d[0][i] = value(wave * kLanes + i);
      }
    });
    for (uint32_t t = 0; t < kTexels; ++t) {
      uint32_t extreme = k.init;
      for (uint32_t wave = 0; wave < kWaves; ++wave) {
        for (uint32_t i = t; i < kLanes; i += kTexels) {
          const uint32_t v = value(wave * kLanes + i);
          if (k.before(extreme, v)) extreme = v;
          ASSERT_TRUE(k.before(waves[wave].out[0][i], Words()[t]));
        }
      }
      EXPECT_EQ(Words()[t], extreme) << "texel " << t;
    }
  }
}

}  // namespace
}  // namespace texunit
