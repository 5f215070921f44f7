// Runtime: target selection, per-wave execution and the TBB batch scheduler.
#include "texunit/runtime.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "hwy/base.h"
#if HWY_ARCH_X86
#include <cpuid.h>
#endif

#include "bvh/bvh_wave.h"
#include "dispatch/gather4h_pck.h"
#include "dispatch/kernels.h"
#include "dispatch/msaa_load.h"
#include "hwy/targets.h"
#include "sampler/wave_setup_cache.h"
#include "texunit/capabilities.h"

namespace texunit {

struct Runtime::Impl {
  std::unique_ptr<tbb::task_arena> arena;
  KernelTable kernels;  // this Runtime's target, fixed at Create
  ExecOptions exec;
};

namespace {

// Targets in the order users name them, best first.
constexpr int64_t kKnownTargets[] = {
#if HWY_ARCH_X86
    HWY_AVX3_DL, HWY_AVX3,  HWY_AVX2, HWY_SSE4, HWY_SSSE3,
#elif HWY_ARCH_ARM
    HWY_SVE2_128, HWY_SVE_256, HWY_SVE2, HWY_SVE, HWY_NEON,
#endif
    HWY_EMU128,  HWY_SCALAR};

std::vector<std::string> TargetNames(int64_t mask) {
  std::vector<std::string> names;
  for (int64_t t : kKnownTargets) {
    if (mask & t) names.push_back(hwy::TargetName(t));
  }
  return names;
}

// Compiled targets: every kernel TU is built with the same HWY_TARGETS.
int64_t CompiledMask() { return HWY_TARGETS; }

// What the CPU supports (texunit never forces Highway's process-wide mask; only tests may).
int64_t CpuMask() {
  static const int64_t mask = hwy::SupportedTargets() | HWY_SCALAR;
  return mask;
}

// The best target both compiled in and supported by this CPU.
int64_t BestTarget() {
  for (int64_t t : kKnownTargets) {
    if (CompiledMask() & CpuMask() & t) return t;
  }
  return HWY_SCALAR;
}

// Whether this CPU is AMD's (or Hygon's, the same cores): their gathers are microcoded, so
// BoxReads::kAuto turns coherent reads on. A Zen 4 runs a 16-lane gather from L1 in about 21
// cycles against about 5 for four row loads and two permutes, and the RGBA8 kernels measured
// 1.35-1.55x faster with them; on an Intel Xeon an earlier variant measured 0.84-0.94x.
bool GathersAreSlow() {
#if HWY_ARCH_X86
  unsigned max_leaf = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &max_leaf, &ebx, &ecx, &edx)) return false;
  char vendor[13] = {};
  std::memcpy(vendor, &ebx, 4);
  std::memcpy(vendor + 4, &edx, 4);
  std::memcpy(vendor + 8, &ecx, 4);
  return std::strcmp(vendor, "AuthenticAMD") == 0 || std::strcmp(vendor, "HygonGenuine") == 0;
#else
  return false;
#endif
}

void ZeroResults(const WaveSetup& s) {
  const TexRequest& req = *s.req;
  for (uint32_t lane = 0; lane < s.lane_count; ++lane) {
    if (!((s.exec >> lane) & 1)) continue;
    for (int k = 0; k < s.ncomp; ++k) req.out.data[k][lane] = 0;
    if (s.key.write_status) req.out.status[lane] = 0;
  }
}

// Asks for the cache lines of [p, p + bytes) without waiting for them.
void PrefetchLines(const void* p, size_t bytes) {
  const auto first = reinterpret_cast<uintptr_t>(p) & ~uintptr_t{63};
  const auto last = reinterpret_cast<uintptr_t>(p) + bytes - 1;
  for (uintptr_t line = first; line <= last; line += 64) {
    __builtin_prefetch(reinterpret_cast<const void*>(line));
  }
}

// Runs requests 0..count-1 (`run(i)`) on `arena`'s threads in blocks of consecutive requests
// (callers put neighbouring waves next to each other). Returns the first failure by index;
// `statuses`, if non-null, receives every request's.
template <typename Run>
Status RunBatch(tbb::task_arena& arena, size_t count, std::vector<Status>* statuses, Run run) {
  if (statuses != nullptr) statuses->assign(count, Status::Ok());
  std::mutex first_mutex;
  size_t first_index = count;
  Status first;
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<size_t>(0, count, 16),
                      [&](const tbb::blocked_range<size_t>& r) {
                        for (size_t i = r.begin(); i != r.end(); ++i) {
                          Status st = run(i);
                          if (st.ok()) continue;
                          std::lock_guard<std::mutex> lock(first_mutex);
                          if (i < first_index) {
                            first_index = i;
                            first = st;
                          }
                          if (statuses != nullptr) (*statuses)[i] = std::move(st);
                        }
                      });
  });
  return first;
}

}  // namespace

Status Runtime::Create(const RuntimeOptions& options, std::unique_ptr<Runtime>* out) {
  std::string target = options.target;
  if (target.empty()) {
    if (const char* env = std::getenv("TEXUNIT_TARGET")) target = env;
  }
  BoxReads box_reads = options.box_reads;
  if (box_reads == BoxReads::kAuto) {
    if (const char* env = std::getenv("TEXUNIT_BOX_READS"); env != nullptr && *env != '\0') {
      const std::string v = env;
      if (v != "on" && v != "off" && v != "auto") {
        return Status::InvalidArgument("TEXUNIT_BOX_READS=" + v + " is not on, off or auto");
      }
      box_reads = v == "on" ? BoxReads::kOn : v == "off" ? BoxReads::kOff : BoxReads::kAuto;
    }
  }
  int threads = options.threads;
  if (threads <= 0) {
    if (const char* env = std::getenv("TEXUNIT_THREADS")) {
      char* end = nullptr;
      const long v = std::strtol(env, &end, 10);
      if (end == env || *end != '\0' || v <= 0 || v > 4096) {
        return Status::InvalidArgument(std::string("TEXUNIT_THREADS=") + env +
                                       " is not a positive thread count");
      }
      threads = static_cast<int>(v);
    }
  }
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // TBB runs at most its allowed parallelism (the CPUs this process may use, unless a
  // tbb::global_control lowers it) whatever an arena asks for; report the count that runs.
  const auto allowed =
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  threads = static_cast<int>(
      std::min<size_t>(static_cast<size_t>(threads), std::max<size_t>(1, allowed)));

  int64_t forced = 0;
  if (!target.empty()) {
    std::string upper = target;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int64_t t : kKnownTargets) {
      if (upper == hwy::TargetName(t)) forced = t;
    }
    if (forced == 0) {
      std::string compiled;
      for (const std::string& n : CompiledTargets()) compiled += (compiled.empty() ? "" : ", ") + n;
      return Status::InvalidArgument("target '" + target + "' is unknown (compiled: " + compiled +
                                     ")");
    }
    if (!(CompiledMask() & forced)) {
      return Status::Unsupported("target " + upper + " is not compiled into this build");
    }
    if (!(CpuMask() & forced)) {
      return Status::Unsupported("target " + upper + " is not supported by this CPU");
    }
  }
  std::unique_ptr<Runtime> rt(new Runtime());
  rt->impl_ = std::make_unique<Impl>();
  rt->threads_ = threads;
  rt->impl_->arena = std::make_unique<tbb::task_arena>(threads);
  rt->impl_->exec.format_fast_paths = options.format_fast_paths;
  const int64_t chosen = forced != 0 ? forced : BestTarget();
  // Only the x86 AVX2 and AVX3 kernels have coherent reads (sampler/box_read-inl.h).
#if HWY_ARCH_X86
  const bool box_targets = chosen == HWY_AVX3_DL || chosen == HWY_AVX3 || chosen == HWY_AVX2;
#else
  const bool box_targets = false;
#endif
  rt->impl_->exec.box_reads = box_targets && (box_reads == BoxReads::kOn ||
                                              (box_reads == BoxReads::kAuto && GathersAreSlow()));
  KernelTable& k = rt->impl_->kernels;
  if (!GetSampleKernels(chosen, &k) || !GetMemoryKernels(chosen, &k) ||
      !GetHotSampleRgba8Kernels(chosen, &k) || !GetHotSampleFloatKernels(chosen, &k) ||
      !GetHotSampleDepthKernels(chosen, &k) || !GetBvhKernels(chosen, &k)) {
    return Status::Internal(std::string("no kernels were compiled for target ") +
                            hwy::TargetName(chosen));
  }
  *out = std::move(rt);
  return Status::Ok();
}

Runtime::~Runtime() = default;

Status Runtime::Execute(const TexRequest& request) const {
  if (request.op.kind == OpKind::kMsaaLoad && IsImplementedOp(request.op)) {
    return ExecuteMsaaLoad(*this, request);
  }
  if (request.op.kind == OpKind::kGather4 && request.op.flags == (kOpGather4H | kOpPck)) {
    return ExecuteGather4hPck(*this, request);
  }
  const WaveSetup* prepared = nullptr;
  TEXUNIT_RETURN_IF_ERROR(PrepareWaveCached(request, impl_->exec, &prepared));
  const WaveSetup& setup = *prepared;
  if (setup.key.unbound) {
    ZeroResults(setup);
    return Status::Ok();
  }
  switch (request.op.kind) {
    case OpKind::kSample: {
      const WaveKernel hot =
          setup.key.hot_kernel >= 0 ? impl_->kernels.hot_sample[setup.key.hot_kernel] : nullptr;
      (hot != nullptr ? hot : impl_->kernels.sample)(setup);
      break;
    }
    case OpKind::kGather4:
      impl_->kernels.gather4(setup);
      break;
    case OpKind::kGetLod:
      impl_->kernels.get_lod(setup);
      break;
    case OpKind::kLoad:
      impl_->kernels.load(setup);
      break;
    case OpKind::kStore:
      impl_->kernels.store(setup);
      break;
    case OpKind::kGetResinfo:
      impl_->kernels.resinfo(setup);
      break;
    case OpKind::kAtomic:
      impl_->kernels.atomic(setup);
      break;
    default:
      return Status::Internal("PrepareWave accepted an op no kernel runs");
  }
  return Status::Ok();
}

Status Runtime::ExecuteBatch(std::span<const TexRequest> requests,
                             std::vector<Status>* statuses) const {
  return RunBatch(*impl_->arena, requests.size(), statuses, [&](size_t i) {
    // A batch's requests are read once each, so the next one is a cache miss (a request is five
    // lines; a 1024x1024 sweep's are 5 MB): fetch its lines while this wave runs.
    if (i + 1 < requests.size()) PrefetchLines(&requests[i + 1], sizeof(TexRequest));
    return Execute(requests[i]);
  });
}

Status Runtime::IntersectRays(const BvhRequest& request) const {
  // A thread's staging wave is zeroed once and reused: it is too large for every call to clear.
  thread_local std::unique_ptr<BvhWave> wave = std::make_unique<BvhWave>();
  TEXUNIT_RETURN_IF_ERROR(StageBvhWave(request, wave.get()));
  if ((wave->box_lanes | wave->triangle_lanes) != 0) impl_->kernels.bvh(*wave);
  WriteBvhResults(*wave, request);
  return Status::Ok();
}

Status Runtime::IntersectRaysBatch(std::span<const BvhRequest> requests,
                                   std::vector<Status>* statuses) const {
  return RunBatch(*impl_->arena, requests.size(), statuses,
                  [&](size_t i) { return IntersectRays(requests[i]); });
}

// Asked of the kernels themselves, so it names the code that runs.
std::string Runtime::target_name() const { return hwy::TargetName(impl_->kernels.sample_target()); }
bool Runtime::box_reads() const { return impl_->exec.box_reads; }
size_t Runtime::vector_lanes() const { return impl_->kernels.vector_lanes(); }

std::vector<std::string> Runtime::CompiledTargets() { return TargetNames(CompiledMask()); }

std::vector<std::string> Runtime::SupportedTargets() {
  return TargetNames(CompiledMask() & CpuMask());
}

}  // namespace texunit
