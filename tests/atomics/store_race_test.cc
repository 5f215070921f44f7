// Plain stores racing on the same texels (issue 9, item 2; docs/sampling.md, "Requests on several
// threads"): every store writes a whole texel, so a texel must always hold exactly one store's
// texel (per 32-bit channel for 12- and 16-byte texels), never a mix of bytes. Writer threads store
// to the same 8 texels with different DMASKs and values while a monitor thread reads the texels
// with atomic loads and checks every value it sees, on every Highway target. The writers call
// Runtime::Execute on std::threads so `make tsan` checks them; a second test runs the same race
// inside ExecuteBatch (TBB, outside `make tsan`).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x80000;
constexpr uint32_t kTexels = 8;
constexpr int kWriters = 4;

struct Case {
  FormatId format;
  uint32_t bytes;     // texel size
  uint32_t channels;  // UINT channels, each bytes / channels wide
};

const Case kCases[] = {
    {FormatId::kR8_UINT, 1, 1},         {FormatId::kR16_UINT, 2, 1},
    {FormatId::kR8G8B8A8_UINT, 4, 4},   {FormatId::kR16G16B16A16_UINT, 8, 4},
    {FormatId::kR32G32B32_UINT, 12, 3}, {FormatId::kR32G32B32A32_UINT, 16, 4},
};

// Writer w stores channel w % channels (DMASK one bit) with the value whose every byte is
// 0x11 * (w + 1); the texel it leaves has that channel set and every other channel 0.
uint32_t ChannelValue(const Case& c, int w) {
  const uint32_t bits = 8 * c.bytes / c.channels;
  const uint32_t byte = 0x11u * static_cast<uint32_t>(w + 1);
  const uint32_t all = byte * 0x01010101u;
  return bits == 32 ? all : all & ((1u << bits) - 1);
}

// The bytes writer w's store leaves in a texel.
std::vector<uint8_t> TexelOf(const Case& c, int w) {
  std::vector<uint8_t> t(c.bytes, 0);
  const uint32_t channel = static_cast<uint32_t>(w) % c.channels;
  const uint32_t width = c.bytes / c.channels;
  const uint32_t v = ChannelValue(c, w);
  std::memcpy(&t[channel * width], &v, width);
  return t;
}

// Whether the `unit` bytes at `at` of a texel are what some writer (or the zero start) left:
// the whole texel for texels up to 8 bytes, one 32-bit channel for wider ones.
bool ValidUnit(const Case& c, const uint8_t* seen, uint32_t at, uint32_t unit) {
  std::vector<uint8_t> zero(unit, 0);
  if (std::memcmp(seen, zero.data(), unit) == 0) return true;
  for (int w = 0; w < kWriters; ++w) {
    if (std::memcmp(seen, TexelOf(c, w).data() + at, unit) == 0) return true;
  }
  return false;
}

// An atomic read of `unit` (1, 2, 4 or 8) bytes: the monitor observes what the writers' atomic
// stores leave, without racing them.
void AtomicRead(uint8_t* p, uint32_t unit, uint8_t* out) {
  switch (unit) {
    case 1: {
      const uint8_t v = std::atomic_ref<uint8_t>(*p).load(std::memory_order_relaxed);
      std::memcpy(out, &v, 1);
      return;
    }
    case 2: {
      const uint16_t v = std::atomic_ref<uint16_t>(*reinterpret_cast<uint16_t*>(p))
                             .load(std::memory_order_relaxed);
      std::memcpy(out, &v, 2);
      return;
    }
    case 4: {
      const uint32_t v = std::atomic_ref<uint32_t>(*reinterpret_cast<uint32_t*>(p))
                             .load(std::memory_order_relaxed);
      std::memcpy(out, &v, 4);
      return;
    }
    default: {
      const uint64_t v = std::atomic_ref<uint64_t>(*reinterpret_cast<uint64_t*>(p))
                             .load(std::memory_order_relaxed);
      std::memcpy(out, &v, 8);
      return;
    }
  }
}

class StoreRaceTest : public ::testing::TestWithParam<std::string> {
 protected:
  // Image of kTexels x 1 texels of `c` over 8-byte aligned memory, and writer w's request.
  void Bind(const Case& c) {
    memory_bytes_.assign(kTexels * 16 / 8 + 1, 0);
    desc_ = MakeImage2D(c.format, kTexels, 1, 1, kBase);
    memory_ = Memory();
    ASSERT_TRUE(memory_.AddRegion(kBase, memory_bytes_.data(), kTexels * c.bytes).ok());
    for (uint32_t i = 0; i < kTexels; ++i) {
      x_[i] = i;
      y_[i] = 0;
    }
    for (int w = 0; w < kWriters; ++w) {
      for (uint32_t i = 0; i < kTexels; ++i) data_[w][i] = ChannelValue(c, w);
      TexRequest& q = req_[w];
      q = TexRequest();
      q.op = Op{OpKind::kStore, 0};
      q.image = &desc_;
      q.memory = &memory_;
      q.lane_count = kTexels;
      q.exec = (1ull << kTexels) - 1;
      q.mods.dmask = static_cast<uint8_t>(1u << (static_cast<uint32_t>(w) % c.channels));
      q.in.coord[0] = x_;
      q.in.coord[1] = y_;
      q.in.data[0] = data_[w];
    }
  }

  // Reads every texel atomically until `stop`; counts units no writer could have left.
  void Monitor(const Case& c, const std::atomic<bool>& stop, std::atomic<int>* torn) {
    auto* bytes = reinterpret_cast<uint8_t*>(memory_bytes_.data());
    const uint32_t unit = c.bytes <= 8 ? c.bytes : 4;
    uint8_t seen[8];
    do {
      for (uint32_t t = 0; t < kTexels; ++t) {
        for (uint32_t at = 0; at < c.bytes; at += unit) {
          AtomicRead(bytes + t * c.bytes + at, unit, seen);
          if (!ValidUnit(c, seen, at, unit)) ++*torn;
        }
      }
    } while (!stop.load());
  }

  void ExpectFinalTexels(const Case& c) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(memory_bytes_.data());
    const uint32_t unit = c.bytes <= 8 ? c.bytes : 4;
    for (uint32_t t = 0; t < kTexels; ++t) {
      for (uint32_t at = 0; at < c.bytes; at += unit) {
        EXPECT_TRUE(ValidUnit(c, bytes + t * c.bytes + at, at, unit))
            << FormatName(c.format) << " texel " << t << " byte " << at;
      }
    }
  }

  std::unique_ptr<Runtime> MakeRuntime(int threads) {
    RuntimeOptions o;
    o.target = GetParam();
    o.threads = threads;
    std::unique_ptr<Runtime> rt;
    EXPECT_TRUE(Runtime::Create(o, &rt).ok());
    return rt;
  }

  std::vector<uint64_t> memory_bytes_;  // uint64_t: 8-byte aligned host memory
  ImageDesc desc_;
  Memory memory_;
  uint32_t x_[kTexels], y_[kTexels];
  uint32_t data_[kWriters][kTexels];
  TexRequest req_[kWriters];
};

TEST_P(StoreRaceTest, StoresToOneTexelNeverMixBytes) {
  auto rt = MakeRuntime(1);
  for (const Case& c : kCases) {
    Bind(c);
    std::atomic<bool> stop{false};
    std::atomic<int> torn{0}, failed{0};
    std::thread monitor([&] { Monitor(c, stop, &torn); });
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
      writers.emplace_back([&, w] {
        for (int i = 0; i < 3000; ++i) {
          if (!rt->Execute(req_[w]).ok()) ++failed;
        }
      });
    }
    for (auto& t : writers) t.join();
    stop = true;
    monitor.join();
    EXPECT_EQ(failed.load(), 0) << FormatName(c.format);
    EXPECT_EQ(torn.load(), 0) << FormatName(c.format);
    ExpectFinalTexels(c);
  }
}

TEST_P(StoreRaceTest, StoresInOneExecuteBatchNeverMixBytes) {
  auto rt = MakeRuntime(4);
  for (const Case& c : kCases) {
    Bind(c);
    std::vector<TexRequest> batch;
    for (int i = 0; i < 64; ++i) batch.push_back(req_[i % kWriters]);
    std::atomic<bool> stop{false};
    std::atomic<int> torn{0};
    std::thread monitor([&] { Monitor(c, stop, &torn); });
    for (int round = 0; round < 200; ++round) ASSERT_TRUE(rt->ExecuteBatch(batch).ok());
    stop = true;
    monitor.join();
    EXPECT_EQ(torn.load(), 0) << FormatName(c.format);
    ExpectFinalTexels(c);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, StoreRaceTest, ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
