// Throughput of IMAGE_BVH_INTERSECT_RAY's node tests (Runtime::IntersectRays): 1024 waves of 64
// lanes, every lane a random ray against a random node of one kind from the demo knot's BVH
// (render/bvh_mesh.h, 6146 triangles):
//  - box32 / box16: box nodes of the box32 or the box16 build; each ray aims at a random point of
//    the node's bounds grown by half, so some lanes enter several children and some none;
//  - triangle: triangle nodes; each ray aims at a point of the triangle grown by 1.4 about its
//    centroid, so about half the lanes hit.
// Rays start on a sphere around the scene. On the widest target and on SCALAR; one thread
// (IntersectRays wave after wave) and all threads (IntersectRaysBatch over the 1024 waves).
// items_per_second is node tests (active lanes) per second; the label gives the hit rate.
//
//   texunit_benchmarks --benchmark_filter=Bvh
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "benchmarks/bench_registry.h"
#include "render/bvh_builder.h"
#include "render/bvh_mesh.h"
#include "texunit/bvh.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

constexpr uint64_t kBase = 0x10000000;
constexpr uint32_t kLanes = 64;
constexpr size_t kWaves = 1024;

enum class NodeKind { kBox32, kBox16, kTriangle };

const char* NodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kBox32:
      return "box32";
    case NodeKind::kBox16:
      return "box16";
    case NodeKind::kTriangle:
      return "triangle";
  }
  return "?";
}

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// A BVH in its memory and kWaves waves of rays against nodes of one kind.
class BvhWorkload {
 public:
  explicit BvhWorkload(NodeKind kind) {
    const std::vector<BvhTriangle> triangles = MakeKnotMesh(KnotMeshOptions());
    const BvhBoxFormat format =
        kind == NodeKind::kBox16 ? BvhBoxFormat::kBox16 : BvhBoxFormat::kBox32;
    if (!BuildBvh(triangles, format, &bvh_).ok()) return;
    desc_.base_address = kBase;
    desc_.size_bytes = bvh_.bytes.size();
    desc_.box_sort_en = true;
    desc_.triangle_return_mode = true;
    if (!memory_.AddRegion(kBase, bvh_.bytes.data(), bvh_.bytes.size(), false).ok()) return;

    // Every node of the wanted kind, found by walking the tree.
    std::vector<uint32_t> nodes;
    std::vector<uint32_t> todo = {bvh_.root};
    while (!todo.empty()) {
      const uint32_t node = todo.back();
      todo.pop_back();
      const BvhNodeType type = BvhPointerType(node);
      const bool box = type == BvhNodeType::kBox32 || type == BvhNodeType::kBox16;
      if (box) {
        for (const BvhBoxSlot& slot : ReadBvhBoxNode(bvh_.bytes, node)) {
          if (slot.child != kBvhInvalidNode) todo.push_back(slot.child);
        }
      }
      if (box == (kind != NodeKind::kTriangle)) nodes.push_back(node);
    }
    std::sort(nodes.begin(), nodes.end());

    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const size_t n = kWaves * kLanes;
    node_.resize(n);
    extent_.assign(n, Bits(std::numeric_limits<float>::infinity()));
    for (int a = 0; a < 3; ++a) {
      origin_[a].resize(n);
      dir_[a].resize(n);
      inv_dir_[a].resize(n);
    }
    for (auto& o : out_) o.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t node = nodes[std::uniform_int_distribution<size_t>(0, nodes.size() - 1)(rng)];
      node_[i] = node;
      float target[3];
      if (kind == NodeKind::kTriangle) {
        const BvhTriangle& tri = triangles[TriangleIdOf(node)];
        // A uniform point of the triangle, pushed away from its centroid by 1.4: about half
        // (1 / 1.4^2) of the points stay inside.
        float u = unit(rng), v = unit(rng);
        if (u + v > 1.0f) {
          u = 1.0f - u;
          v = 1.0f - v;
        }
        for (int a = 0; a < 3; ++a) {
          const float p =
              tri.v[0][a] + u * (tri.v[1][a] - tri.v[0][a]) + v * (tri.v[2][a] - tri.v[0][a]);
          const float centroid = (tri.v[0][a] + tri.v[1][a] + tri.v[2][a]) / 3.0f;
          target[a] = centroid + 1.4f * (p - centroid);
        }
      } else {
        float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
        for (const BvhBoxSlot& slot : ReadBvhBoxNode(bvh_.bytes, node)) {
          if (slot.child == kBvhInvalidNode) continue;
          for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], slot.lo[a]);
            hi[a] = std::max(hi[a], slot.hi[a]);
          }
        }
        for (int a = 0; a < 3; ++a) {
          const float centre = 0.5f * (lo[a] + hi[a]);
          target[a] = centre + 0.75f * (hi[a] - lo[a]) * (2.0f * unit(rng) - 1.0f);
        }
      }
      // The origin: a random point on a sphere of radius 12 around (0, 2, 0).
      const float z = 2.0f * unit(rng) - 1.0f;
      const float phi = 6.2831853f * unit(rng);
      const float r = std::sqrt(1.0f - z * z);
      const float origin[3] = {12.0f * r * std::cos(phi), 2.0f + 12.0f * z,
                               12.0f * r * std::sin(phi)};
      float d[3];
      float len = 0.0f;
      for (int a = 0; a < 3; ++a) {
        d[a] = target[a] - origin[a];
        len += d[a] * d[a];
      }
      len = std::sqrt(len);
      for (int a = 0; a < 3; ++a) {
        origin_[a][i] = Bits(origin[a]);
        dir_[a][i] = Bits(d[a] / len);
        inv_dir_[a][i] = Bits(len / d[a]);
      }
    }
    requests_.resize(kWaves);
    for (size_t w = 0; w < kWaves; ++w) {
      BvhRequest& r = requests_[w];
      const size_t at = w * kLanes;
      r.desc = &desc_;
      r.memory = &memory_;
      r.lane_count = kLanes;
      r.exec = ~0ull;
      r.in.node_lo = &node_[at];
      r.in.extent = &extent_[at];
      for (int a = 0; a < 3; ++a) {
        r.in.origin[a] = &origin_[a][at];
        r.in.dir[a] = &dir_[a][at];
        r.in.inv_dir[a] = &inv_dir_[a][at];
      }
      for (int k = 0; k < 4; ++k) r.out[k] = &out_[k][at];
    }
    ok_ = true;
  }

  bool ok() const { return ok_; }
  const std::vector<BvhRequest>& requests() const { return requests_; }
  uint64_t lanes() const { return uint64_t{kWaves} * kLanes; }

  // After a run: the share of lanes whose box test entered a child or whose triangle was hit.
  double HitRate() const {
    size_t hits = 0;
    for (size_t i = 0; i < node_.size(); ++i) {
      const bool box = BvhPointerType(node_[i]) >= BvhNodeType::kBox16;
      hits += box ? out_[0][i] != kBvhInvalidNode
                  : out_[0][i] != Bits(std::numeric_limits<float>::infinity());
    }
    return static_cast<double>(hits) / node_.size();
  }

 private:
  uint32_t TriangleIdOf(uint32_t node) const {
    uint32_t id;
    std::memcpy(&id, bvh_.bytes.data() + BvhNodeOffset(node) + 60, 4);
    return id;
  }

  bool ok_ = false;
  BuiltBvh bvh_;
  BvhDesc desc_;
  Memory memory_;
  std::vector<uint32_t> node_, extent_, origin_[3], dir_[3], inv_dir_[3], out_[4];
  std::vector<BvhRequest> requests_;
};

const BvhWorkload* GetWorkload(NodeKind kind) {
  static std::map<NodeKind, std::unique_ptr<BvhWorkload>> cache;
  auto& slot = cache[kind];
  if (!slot) slot = std::make_unique<BvhWorkload>(kind);
  return slot->ok() ? slot.get() : nullptr;
}

// threads == 1: IntersectRays per wave on this thread; otherwise IntersectRaysBatch.
void BM_Bvh(benchmark::State& state, NodeKind kind, std::string target, int threads) {
  const BvhWorkload* workload = GetWorkload(kind);
  if (workload == nullptr) {
    state.SkipWithError("cannot build the BVH workload");
    return;
  }
  RuntimeOptions options;
  options.target = target;
  options.threads = threads;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    state.SkipWithError(s.ToString().c_str());
    return;
  }
  const std::vector<BvhRequest>& requests = workload->requests();
  for (auto _ : state) {
    Status s;
    if (threads == 1) {
      for (const BvhRequest& r : requests) {
        s = runtime->IntersectRays(r);
        if (!s.ok()) break;
      }
    } else {
      s = runtime->IntersectRaysBatch(requests);
    }
    if (!s.ok()) {
      state.SkipWithError(s.ToString().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(workload->lanes() * state.iterations()));
  char label[96];
  std::snprintf(label, sizeof(label), "%s threads=%d hits=%.0f%%", runtime->target_name().c_str(),
                runtime->threads(), workload->HitRate() * 100.0);
  state.SetLabel(label);
}

}  // namespace

void RegisterBvhBenchmarks() {
  const int all_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::string> targets;
  const std::vector<std::string> supported = Runtime::SupportedTargets();
  if (!supported.empty()) targets.push_back(supported.front());  // the widest
  if (std::find(targets.begin(), targets.end(), "SCALAR") == targets.end()) {
    targets.push_back("SCALAR");
  }
  std::vector<int> thread_counts = {1};
  if (all_threads > 1) thread_counts.push_back(all_threads);
  for (NodeKind kind : {NodeKind::kBox32, NodeKind::kBox16, NodeKind::kTriangle}) {
    for (const std::string& target : targets) {
      for (int threads : thread_counts) {
        benchmark::RegisterBenchmark((std::string("Bvh/") + NodeKindName(kind) +
                                      "/target:" + target + "/threads:" + std::to_string(threads))
                                         .c_str(),
                                     BM_Bvh, kind, target, threads)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
      }
    }
  }
}

}  // namespace texunit::render
