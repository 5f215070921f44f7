// Each Runtime runs the kernels of its own target, whatever other Runtimes force, including while
// it runs batches on other threads (issue 9, item 1: forcing used to set Highway's process-wide
// mask, which switched every Runtime's kernels). target_name() asks the kernel table the Runtime
// executes with, so it names the code that runs, not the target that was asked for.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x10000;

std::unique_ptr<Runtime> Make(const std::string& target, int threads = 1) {
  RuntimeOptions opt;
  opt.target = target;
  opt.threads = threads;
  std::unique_ptr<Runtime> rt;
  const Status st = Runtime::Create(opt, &rt);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return rt;
}

TEST(RuntimeTargets, ForcingATargetLeavesOtherRuntimesAlone) {
  const std::vector<std::string> targets = Runtime::SupportedTargets();
  ASSERT_FALSE(targets.empty());
  if (targets.size() < 2) GTEST_SKIP() << "one target on this CPU";
  const std::string worst = targets.back(), best = targets.front();
  auto a = Make(worst);
  EXPECT_EQ(a->target_name(), worst);
  auto b = Make(best);
  EXPECT_EQ(b->target_name(), best);
  EXPECT_EQ(a->target_name(), worst) << "creating a Runtime on " << best << " switched A";
  // Every supported target, in turn, beside A.
  for (const std::string& t : targets) {
    auto c = Make(t);
    EXPECT_EQ(c->target_name(), t);
    EXPECT_EQ(a->target_name(), worst);
  }
  // A Runtime with no forced target (and no TEXUNIT_TARGET) gets the best one.
  if (std::getenv("TEXUNIT_TARGET") == nullptr) {
    EXPECT_EQ(Make("")->target_name(), best);
  }
}

// A wave of IMAGE_LOADs over a 8x8 R32_UINT image whose texels hold their index.
struct LoadWave {
  ImageDesc desc = MakeImage2D(FormatId::kR32_UINT, 8, 8, 1, kBase);
  std::vector<uint32_t> texels = std::vector<uint32_t>(64);
  Memory memory;
  uint32_t x[64], y[64], out[64];
  TexRequest req;
  LoadWave() {
    for (uint32_t i = 0; i < 64; ++i) {
      texels[i] = i * 7 + 1;
      x[i] = i % 8;
      y[i] = i / 8;
    }
    EXPECT_TRUE(memory.AddRegion(kBase, texels.data(), texels.size() * 4).ok());
    req.op = Op{OpKind::kLoad, 0};
    req.image = &desc;
    req.memory = &memory;
    req.lane_count = 64;
    req.exec = ~0ull;
    req.mods.dmask = 0x1;
    req.in.coord[0] = x;
    req.in.coord[1] = y;
    req.out.data[0] = out;
  }
};

TEST(RuntimeTargets, BatchesKeepTheirTargetWhileOthersAreCreated) {
  const std::vector<std::string> targets = Runtime::SupportedTargets();
  if (targets.size() < 2) GTEST_SKIP() << "one target on this CPU";
  auto a = Make(targets.back(), 2);
  std::atomic<bool> stop{false};
  std::atomic<int> wrong_target{0}, wrong_result{0}, batches{0};
  std::thread runner([&] {
    LoadWave w;
    // Each request of the batch writes its own results.
    std::vector<std::vector<uint32_t>> outs(32, std::vector<uint32_t>(64));
    std::vector<TexRequest> batch(32, w.req);
    for (size_t r = 0; r < batch.size(); ++r) batch[r].out.data[0] = outs[r].data();
    while (!stop.load() || batches.load() < 20) {
      if (!a->ExecuteBatch(batch).ok()) ++wrong_result;
      for (const auto& out : outs) {
        for (uint32_t i = 0; i < 64; ++i) {
          if (out[i] != i * 7 + 1) ++wrong_result;
        }
      }
      if (a->target_name() != targets.back()) ++wrong_target;
      ++batches;
    }
  });
  // Meanwhile Runtimes on every other target come and go and run their own batches.
  for (int round = 0; round < 10; ++round) {
    for (size_t t = 0; t + 1 < targets.size(); ++t) {
      auto other = Make(targets[t], 2);
      LoadWave w;
      ASSERT_TRUE(other->Execute(w.req).ok());
      EXPECT_EQ(w.out[63], 63u * 7 + 1);
      EXPECT_EQ(other->target_name(), targets[t]);
    }
  }
  stop = true;
  runner.join();
  EXPECT_EQ(wrong_target.load(), 0);
  EXPECT_EQ(wrong_result.load(), 0);
  EXPECT_GE(batches.load(), 20);
}

}  // namespace
}  // namespace texunit
