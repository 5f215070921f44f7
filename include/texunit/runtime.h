// The runtime: executes TexRequests on the best (or forced) Highway target, one wave at a time or
// a batch of waves across threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "texunit/bvh.h"
#include "texunit/request.h"
#include "texunit/status.h"

namespace texunit {

// Coherent reads (docs/sampling.md, "Coherent reads"): whether the RGBA8 kernels read a chunk of
// lanes whose texels lie in a few rows of the level as whole rows, picking each lane's texel out
// with permutes, instead of one hardware gather per texel. The results are the same bits either
// way; only the speed differs. kAuto: on for AMD CPUs (whose gathers are microcoded and slow)
// on the AVX2 and AVX3 targets, off elsewhere; $TEXUNIT_BOX_READS=on|off|auto overrides kAuto.
enum class BoxReads { kAuto, kOn, kOff };

struct RuntimeOptions {
  // Worker threads for ExecuteBatch; 0 = $TEXUNIT_THREADS, else all hardware threads.
  int threads = 0;
  // "SSE4", "AVX2", "AVX3", "SCALAR" (also NEON, SVE, SVE2 on aarch64); empty = $TEXUNIT_TARGET,
  // else the best target this CPU supports. Each Runtime keeps its own target:
  // forcing one in a Runtime does not change the others.
  std::string target;
  // RGBA8 and RGBA32F have fast paths beside the table-driven path every other format takes;
  // false sends them through the general path too (same results, for measurement and tests).
  bool format_fast_paths = true;
  BoxReads box_reads = BoxReads::kAuto;
};

class Runtime {
 public:
  // Fails if the forced target is unknown, not compiled in, or not supported by this CPU.
  static Status Create(const RuntimeOptions& options, std::unique_ptr<Runtime>* out);
  ~Runtime();

  // Executes one wave. Validation happens before any lane is touched.
  Status Execute(const TexRequest& request) const;
  // Executes many independent waves with tbb::parallel_for, in order of the span (callers put
  // neighbouring waves next to each other). Returns the first failure; `statuses`, if non-null,
  // receives one Status per request. The requests run concurrently (docs/sampling.md, "Requests
  // on several threads"): atomics on one texel are atomic; stores to one texel leave one
  // request's whole texel (per 32-bit channel for 12/16-byte texels), never a mix of bytes; a
  // load racing a store of its texel returns an unspecified value.
  Status ExecuteBatch(std::span<const TexRequest> requests,
                      std::vector<Status>* statuses = nullptr) const;

  // Tests one wave of rays against BVH nodes, one node per lane (docs/bvh.md). The descriptor and
  // operands are validated before any lane is touched.
  Status IntersectRays(const BvhRequest& request) const;
  // Many independent ray waves across threads, like ExecuteBatch.
  Status IntersectRaysBatch(std::span<const BvhRequest> requests,
                            std::vector<Status>* statuses = nullptr) const;

  std::string target_name() const;  // the target kernels run on, e.g. "AVX3"
  // 32-bit lanes per vector on that target: 1 (SCALAR), 4 (SSE4, NEON), 8 (AVX2), 16 (AVX3), or
  // the CPU's SVE length (4 to 64). A wave is processed in chunks of this many lanes.
  size_t vector_lanes() const;
  // Worker threads ExecuteBatch uses: the requested count, capped at the parallelism TBB allows
  // this process (its CPUs), since an arena never runs more.
  int threads() const { return threads_; }
  // Whether coherent reads are on (RuntimeOptions::box_reads after kAuto's choice). Targets
  // without them (SSE4, SCALAR, aarch64) read by gathers either way.
  bool box_reads() const;

  // Every target compiled into this build ("AVX3", "AVX2", "SSE4", "SCALAR", ...), best first.
  static std::vector<std::string> CompiledTargets();
  // The subset this CPU can run.
  static std::vector<std::string> SupportedTargets();

 private:
  Runtime() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int threads_ = 1;
};

}  // namespace texunit
