// The throughput workload shared by `texunit bench` and the Google Benchmark suite: an N x N
// texture with a full mip chain, and one batch of 64-lane waves that either sweep it 1:1 as a
// full-screen pass (pixel centres (x + 0.5) / N, 8x8 tiles with quads in Morton order as the
// rasteriser lays them out, so implicit LOD is 0), hit uniformly random coordinates (seeded), or
// draw the demo's oblique ground plane.
// Load and store use integer texel indices. One sample is one active lane's result.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "render/mip_chain.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit::render {

enum class BenchOp : uint8_t { kSampleLz, kSample, kSampleL, kLoad, kStore, kGather4 };
enum class BenchFilter : uint8_t { kPoint, kBilinear, kTrilinear, kAniso };
enum class BenchCoords : uint8_t { kCoherent, kRandom };
enum class BenchPlane : uint8_t { kFlat, kOblique };

// Command-line names: sample_lz|sample|sample_l|load|store|gather4,
// point|bilinear|trilinear|aniso, coherent|random, flat|oblique. gather4 is IMAGE_GATHER4 of red
// (DMASK 0x1, implicit LOD); one of its samples is one lane's four texels.
const char* BenchOpName(BenchOp op);
const char* BenchFilterName(BenchFilter filter);
const char* BenchCoordsName(BenchCoords coords);
bool ParseBenchOp(std::string_view name, BenchOp* out);
bool ParseBenchFilter(std::string_view name, BenchFilter* out);
bool ParseBenchCoords(std::string_view name, BenchCoords* out);
const char* BenchPlaneName(BenchPlane plane);
bool ParseBenchPlane(std::string_view name, BenchPlane* out);

// Format families by short name ("rgba8", "rgba16f", "r32f", "rgb10a2", "bc7", ...), each one
// FormatId; BenchFormatName gives a format's family name, or its FormatName.
struct BenchFormatFamily {
  const char* name;
  FormatId format;
};
std::span<const BenchFormatFamily> BenchFormatFamilies();
const char* BenchFormatName(FormatId format);
// A family name, or any FormatName (case-insensitive).
bool ParseBenchFormat(std::string_view name, FormatId* out);

struct BenchConfig {
  BenchOp op = BenchOp::kSampleLz;
  BenchFilter filter = BenchFilter::kBilinear;  // sample ops only
  uint32_t aniso = 16;  // kAniso: at most this many probes (1, 2, 4, 8, 16), ANISO_BILINEAR
  FormatId format = FormatId::kR8G8B8A8_UNORM;
  uint32_t size = 1024;  // texture is size x size, 1..16384
  BenchCoords coords = BenchCoords::kCoherent;
  // kOblique: instead of `coords`, the demo's ground plane in perspective on a size x size screen
  // (footprints from 1:1 to very anisotropic toward the horizon; the sky's lanes are inactive).
  BenchPlane plane = BenchPlane::kFlat;
  uint64_t seed = 1;  // random coordinates
  float lod = 0.0f;   // sample_l's LOD operand
  // Sample ops: the S# CLAMP_X and CLAMP_Y, and a depth compare (_C, LESS_EQUAL against 0.5).
  ClampMode address = ClampMode::kWrap;
  bool compare = false;
  // Caps the batch (a coherent sweep then covers the first max_waves tiles in Morton order).
  uint32_t max_waves = 65536;
};

// "op=sample_lz filter=bilinear format=rgba8 size=1024 coords=coherent" (plus " aniso=16",
// " plane=oblique", " address=clamp_last_texel" and " compare" when they apply)
std::string DescribeBenchConfig(const BenchConfig& config);

class BenchWorkload {
 public:
  static Status Create(const BenchConfig& config, std::unique_ptr<BenchWorkload>* out);

  const BenchConfig& config() const { return config_; }
  std::span<const TexRequest> requests() const { return requests_; }
  uint64_t samples() const { return samples_; }  // active lanes in one batch
  const MipImage& image() const { return *image_; }
  const SamplerDesc& sampler() const { return sampler_; }
  // Lane operand and result arrays, wave after wave (requests()[w] uses [w * 64, w * 64 + 64)).
  std::span<const uint32_t> coord(int axis) const { return coord_[axis]; }
  std::span<const uint64_t> exec() const { return exec_; }
  std::span<uint32_t> result(int component) { return result_[component]; }
  std::span<const uint32_t> result(int component) const { return result_[component]; }

 private:
  BenchWorkload() = default;

  BenchConfig config_;
  std::unique_ptr<MipImage> image_;
  Memory memory_;
  SamplerDesc sampler_;
  // Each wave's 64-lane slice of these is 256 bytes, so with the arrays on a cache line every
  // slice is too, as a register file's VGPRs are: vector loads and stores do not split lines.
  // Arrays of one size from the allocator also start at one offset in their pages, so a wave's
  // slices of all six would share their low 12 address bits, and the next chunk's coordinate
  // loads wait on this chunk's result stores as if they might overlap (4K aliasing); a register
  // file's VGPRs lie 256 bytes apart. Each array starts 320 bytes (five lines) further into its
  // page than the one before, eight offsets in turn: 1024x1024 coherent point and bilinear +5-8%.
  template <typename T>
  struct CacheLineAllocator {
    using value_type = T;
    CacheLineAllocator() = default;
    template <typename U>
    CacheLineAllocator(const CacheLineAllocator<U>&) {}
    T* allocate(size_t n) {
      static std::atomic<unsigned> arrays{0};
      const size_t skew = 64 + 320 * (arrays++ % 8);  // the page's first line keeps `base`
      auto* base = static_cast<unsigned char*>(
          ::operator new (n * sizeof(T) + skew, std::align_val_t{4096}));
      unsigned char* p = base + skew;
      std::memcpy(p - sizeof(base), &base, sizeof(base));
      return reinterpret_cast<T*>(p);
    }
    void deallocate(T* p, size_t) {
      unsigned char* base;
      std::memcpy(&base, reinterpret_cast<unsigned char*>(p) - sizeof(base), sizeof(base));
      ::operator delete (base, std::align_val_t{4096});
    }
    bool operator==(const CacheLineAllocator&) const { return true; }
  };
  using LaneArray = std::vector<uint32_t, CacheLineAllocator<uint32_t>>;
  LaneArray coord_[2];
  LaneArray lod_;
  LaneArray zcompare_;
  LaneArray data_[4];
  LaneArray result_[4];
  std::vector<uint64_t> exec_;
  std::vector<TexRequest> requests_;
  uint64_t samples_ = 0;
};

struct BenchResult {
  double samples_per_second = 0.0;  // median over the repetitions
  int repetitions = 0;
  uint64_t batches_per_repetition = 0;
};

// Runs the workload's batch repeatedly for about `seconds` in total, split into `repetitions`
// timed repetitions of equally many batches, after one warm-up batch; reports the median rate.
Status MeasureThroughput(const Runtime& runtime, const BenchWorkload& workload, double seconds,
                         int repetitions, BenchResult* result);

}  // namespace texunit::render
