#include "render/bench_workload.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <random>

#include "render/ground_plane_scene.h"
#include "render/procedural_texture.h"
#include "render/rasterizer.h"

namespace texunit::render {
namespace {

constexpr const char* kOpNames[] = {"sample_lz", "sample", "sample_l", "load", "store", "gather4"};
constexpr const char* kFilterNames[] = {"point", "bilinear", "trilinear", "aniso"};
constexpr BenchFormatFamily kFamilies[] = {
    {"rgba8", FormatId::kR8G8B8A8_UNORM},
    {"rgba8_srgb", FormatId::kR8G8B8A8_SRGB},
    {"rgba8ui", FormatId::kR8G8B8A8_UINT},
    {"rgba16", FormatId::kR16G16B16A16_UNORM},
    {"rgba16f", FormatId::kR16G16B16A16_FLOAT},
    {"rgba32f", FormatId::kR32G32B32A32_FLOAT},
    {"r8", FormatId::kR8_UNORM},
    {"rg8", FormatId::kR8G8_UNORM},
    {"r16", FormatId::kR16_UNORM},
    {"r16f", FormatId::kR16_FLOAT},
    {"r32f", FormatId::kR32_FLOAT},
    {"rg32f", FormatId::kR32G32_FLOAT},
    {"r32ui", FormatId::kR32_UINT},
    {"rgb10a2", FormatId::kR10G10B10A2_UNORM},
    {"r11g11b10f", FormatId::kR11G11B10_FLOAT},
    {"rgb9e5", FormatId::kR9G9B9E5_FLOAT},
    {"r5g6b5", FormatId::kR5G6B5_UNORM},
    {"rgba4", FormatId::kR4G4B4A4_UNORM},
    {"bc1", FormatId::kBC1_UNORM},
    {"bc2", FormatId::kBC2_UNORM},
    {"bc3", FormatId::kBC3_UNORM},
    {"bc4", FormatId::kBC4_UNORM},
    {"bc5", FormatId::kBC5_UNORM},
    {"bc6h", FormatId::kBC6H_UFLOAT},
    {"bc7", FormatId::kBC7_UNORM},
};
constexpr const char* kCoordsNames[] = {"coherent", "random"};
constexpr const char* kPlaneNames[] = {"flat", "oblique"};

template <typename Enum, size_t N>
bool ParseName(std::string_view name, const char* const (&names)[N], Enum* out) {
  for (size_t i = 0; i < N; ++i) {
    if (name == names[i]) {
      *out = static_cast<Enum>(i);
      return true;
    }
  }
  return false;
}

uint32_t FloatBits(float f) { return std::bit_cast<uint32_t>(f); }

bool IsSampleOp(BenchOp op) {
  return op == BenchOp::kSampleLz || op == BenchOp::kSample || op == BenchOp::kSampleL ||
         op == BenchOp::kGather4;
}

}  // namespace

const char* BenchOpName(BenchOp op) { return kOpNames[static_cast<int>(op)]; }
const char* BenchFilterName(BenchFilter f) { return kFilterNames[static_cast<int>(f)]; }
std::span<const BenchFormatFamily> BenchFormatFamilies() { return kFamilies; }
const char* BenchFormatName(FormatId f) {
  for (const BenchFormatFamily& family : kFamilies) {
    if (family.format == f) return family.name;
  }
  return FormatName(f);
}
const char* BenchCoordsName(BenchCoords c) { return kCoordsNames[static_cast<int>(c)]; }
bool ParseBenchOp(std::string_view name, BenchOp* out) { return ParseName(name, kOpNames, out); }
bool ParseBenchFilter(std::string_view name, BenchFilter* out) {
  return ParseName(name, kFilterNames, out);
}
bool ParseBenchFormat(std::string_view name, FormatId* out) {
  for (const BenchFormatFamily& family : kFamilies) {
    if (name == family.name) {
      *out = family.format;
      return true;
    }
  }
  return ParseFormatName(name, out);
}
bool ParseBenchCoords(std::string_view name, BenchCoords* out) {
  return ParseName(name, kCoordsNames, out);
}
const char* BenchPlaneName(BenchPlane p) { return kPlaneNames[static_cast<int>(p)]; }
bool ParseBenchPlane(std::string_view name, BenchPlane* out) {
  return ParseName(name, kPlaneNames, out);
}

std::string DescribeBenchConfig(const BenchConfig& c) {
  return std::string("op=") + BenchOpName(c.op) + " filter=" + BenchFilterName(c.filter) +
         " format=" + BenchFormatName(c.format) + " size=" + std::to_string(c.size) +
         " coords=" + BenchCoordsName(c.coords) +
         (c.filter == BenchFilter::kAniso ? " aniso=" + std::to_string(c.aniso) : "") +
         (c.plane == BenchPlane::kOblique ? " plane=oblique" : "") +
         (c.address != ClampMode::kWrap ? std::string(" address=") + ClampModeName(c.address)
                                        : std::string()) +
         (c.compare ? " compare" : "");
}

Status BenchWorkload::Create(const BenchConfig& config, std::unique_ptr<BenchWorkload>* out) {
  if (config.size == 0 || config.size > 16384) {
    return Status::InvalidArgument("bench: size=" + std::to_string(config.size) +
                                   " is outside 1..16384");
  }
  if (config.max_waves == 0) return Status::InvalidArgument("bench: max_waves=0");
  if (config.filter == BenchFilter::kAniso &&
      (!std::has_single_bit(config.aniso) || config.aniso > 16)) {
    return Status::InvalidArgument("bench: aniso=" + std::to_string(config.aniso) +
                                   " is not 1, 2, 4, 8 or 16");
  }
  std::unique_ptr<BenchWorkload> w(new BenchWorkload());
  w->config_ = config;

  // The texture: the demo's pattern at size x size, full mip chain, in the requested format
  // (RGBA8 mips filtered directly, the others converted from a float chain).
  const Rgba8Image pattern = MakeProceduralTexture(config.size);
  if (config.format == FormatId::kR8G8B8A8_UNORM) {
    TEXUNIT_RETURN_IF_ERROR(MipImage::CreateRgba8(pattern.pixels.data(), config.size, config.size,
                                                  /*srgb=*/false, kDefaultImageAddress,
                                                  &w->image_));
  } else {
    std::vector<float> texels(pattern.pixels.size());
    for (size_t i = 0; i < texels.size(); ++i) texels[i] = pattern.pixels[i] / 255.0f;
    TEXUNIT_RETURN_IF_ERROR(MipImage::CreateRgba32f(texels.data(), config.size, config.size,
                                                    kDefaultImageAddress, &w->image_));
    if (config.format != FormatId::kR32G32B32A32_FLOAT) {
      std::unique_ptr<MipImage> converted;
      TEXUNIT_RETURN_IF_ERROR(
          MipImage::Convert(*w->image_, config.format, kDefaultImageAddress, &converted));
      w->image_ = std::move(converted);
    }
  }
  TEXUNIT_RETURN_IF_ERROR(w->image_->Register(&w->memory_, /*writable=*/true));

  SamplerDesc& s = w->sampler_;
  s.clamp_x = config.address;
  s.clamp_y = config.address;
  s.depth_compare_func = CompareFunc::kLessEqual;
  const XyFilter xy = config.filter == BenchFilter::kPoint ? XyFilter::kPoint : XyFilter::kBilinear;
  const bool aniso = config.filter == BenchFilter::kAniso;
  s.xy_mag_filter = xy;
  s.xy_min_filter = aniso ? XyFilter::kAnisoBilinear : xy;
  s.max_aniso_ratio = aniso ? static_cast<uint8_t>(std::countr_zero(config.aniso)) : 0;
  s.mip_filter =
      config.filter == BenchFilter::kTrilinear || aniso ? MipFilter::kLinear : MipFilter::kPoint;
  s.max_lod = static_cast<uint16_t>((w->image_->levels() - 1) << 8);
  // POINT floors its coordinates, as radv configures nearest samplers (TRUNC_COORD = 1).
  s.trunc_coord = config.filter == BenchFilter::kPoint;

  // Lanes: a full-screen N x N pass in 8x8 tiles, or as many random lanes.
  std::vector<Tile> tiles = MortonTiles(config.size, config.size);
  if (tiles.size() > config.max_waves) tiles.resize(config.max_waves);
  const size_t waves = tiles.size();
  const size_t lanes = waves * kWaveLanes;
  const bool sample = IsSampleOp(config.op);
  const float inv_size = 1.0f / static_cast<float>(config.size);
  for (auto& c : w->coord_) c.resize(lanes);
  w->exec_.assign(waves, 0);
  std::mt19937_64 rng(config.seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::uniform_int_distribution<uint32_t> texel(0, config.size - 1);
  std::vector<float> plane_st[2];
  if (config.plane == BenchPlane::kOblique) {
    // The demo scene on a size x size screen; Rasterize lays its tiles out in the same Morton
    // order as MortonTiles above.
    GroundPlaneOptions scene_options;
    scene_options.width = scene_options.height = config.size;
    const GroundPlaneScene scene(scene_options);
    std::vector<WaveSetup> plane_waves;
    Rasterize(
        config.size, config.size, 2, [&](double x, double y) { return scene.Shade(x, y); },
        &plane_waves, plane_st);
    for (size_t t = 0; t < waves; ++t) w->exec_[t] = plane_waves[t].exec;
  }
  for (size_t t = 0; t < waves; ++t) {
    for (uint32_t lane = 0; lane < kWaveLanes; ++lane) {
      const size_t i = t * kWaveLanes + lane;
      if (config.plane == BenchPlane::kOblique) {
        w->coord_[0][i] = FloatBits(plane_st[0][i]);
        w->coord_[1][i] = FloatBits(plane_st[1][i]);
      } else if (config.coords == BenchCoords::kCoherent) {
        const TilePixel p = LaneToTilePixel(lane);
        const uint32_t x = tiles[t].x0 + p.x;
        const uint32_t y = tiles[t].y0 + p.y;
        if (x < config.size && y < config.size) w->exec_[t] |= uint64_t{1} << lane;
        if (sample) {
          w->coord_[0][i] = FloatBits((static_cast<float>(x) + 0.5f) * inv_size);
          w->coord_[1][i] = FloatBits((static_cast<float>(y) + 0.5f) * inv_size);
        } else {
          w->coord_[0][i] = x;
          w->coord_[1][i] = y;
        }
      } else {
        w->exec_[t] |= uint64_t{1} << lane;
        if (sample) {
          w->coord_[0][i] = FloatBits(unit(rng));
          w->coord_[1][i] = FloatBits(unit(rng));
        } else {
          w->coord_[0][i] = texel(rng);
          w->coord_[1][i] = texel(rng);
        }
      }
    }
  }
  if (config.op == BenchOp::kSampleL) w->lod_.assign(lanes, FloatBits(config.lod));
  const bool compare = sample && config.compare;
  if (compare) w->zcompare_.assign(lanes, FloatBits(0.5f));
  if (config.op == BenchOp::kStore) {
    // Store values: a few different colours, as float bits (UNORM stores encode them).
    for (int c = 0; c < 4; ++c) {
      w->data_[c].resize(lanes);
      for (size_t i = 0; i < lanes; ++i) {
        w->data_[c][i] = FloatBits(static_cast<float>((i + 3 * c) % 16) / 15.0f);
      }
    }
  } else {
    for (auto& r : w->result_) r.assign(lanes, 0);
  }

  Op op;
  switch (config.op) {
    case BenchOp::kSampleLz:
      op = {OpKind::kSample, kOpLz};
      break;
    case BenchOp::kSample:
      op = {OpKind::kSample, 0};
      break;
    case BenchOp::kSampleL:
      op = {OpKind::kSample, kOpLod};
      break;
    case BenchOp::kLoad:
      op = {OpKind::kLoad, 0};
      break;
    case BenchOp::kStore:
      op = {OpKind::kStore, 0};
      break;
    case BenchOp::kGather4:
      op = {OpKind::kGather4, 0};
      break;
  }
  w->requests_.resize(waves);
  for (size_t t = 0; t < waves; ++t) {
    TexRequest& r = w->requests_[t];
    const size_t base = t * kWaveLanes;
    r.op = op;
    r.mods.dmask = config.op == BenchOp::kGather4 ? 0x1 : 0xF;
    r.image = &w->image_->desc();
    r.sampler = sample ? &w->sampler_ : nullptr;
    r.memory = &w->memory_;
    r.lane_count = kWaveLanes;
    r.exec = w->exec_[t];
    r.in.coord[0] = &w->coord_[0][base];
    r.in.coord[1] = &w->coord_[1][base];
    if (config.op == BenchOp::kSampleL) r.in.lod = &w->lod_[base];
    if (compare) {
      r.op.flags |= kOpCompare;
      r.in.zcompare = &w->zcompare_[base];
    }
    for (int c = 0; c < 4; ++c) {
      if (config.op == BenchOp::kStore) {
        r.in.data[c] = &w->data_[c][base];
      } else {
        r.out.data[c] = &w->result_[c][base];
      }
    }
    w->samples_ += static_cast<uint64_t>(std::popcount(r.exec));
  }
  *out = std::move(w);
  return Status::Ok();
}

Status MeasureThroughput(const Runtime& runtime, const BenchWorkload& workload, double seconds,
                         int repetitions, BenchResult* result) {
  using Clock = std::chrono::steady_clock;
  if (repetitions < 1) repetitions = 1;
  // Warm-up (touches every page), then calibrate: double the batch count until a run is long
  // enough to time.
  TEXUNIT_RETURN_IF_ERROR(runtime.ExecuteBatch(workload.requests()));
  const double per_repetition = seconds / repetitions;
  uint64_t trial = 1;
  double trial_seconds = 0.0;
  for (;;) {
    const auto t0 = Clock::now();
    for (uint64_t b = 0; b < trial; ++b) {
      TEXUNIT_RETURN_IF_ERROR(runtime.ExecuteBatch(workload.requests()));
    }
    trial_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (trial_seconds >= per_repetition * 0.25 || trial >= (uint64_t{1} << 30)) break;
    trial *= 2;
  }
  const uint64_t batches = std::max<uint64_t>(
      1, static_cast<uint64_t>(per_repetition / std::max(trial_seconds, 1e-9) * trial + 0.5));
  std::vector<double> rates;
  for (int rep = 0; rep < repetitions; ++rep) {
    const auto t0 = Clock::now();
    for (uint64_t b = 0; b < batches; ++b) {
      TEXUNIT_RETURN_IF_ERROR(runtime.ExecuteBatch(workload.requests()));
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    rates.push_back(static_cast<double>(workload.samples()) * batches / std::max(elapsed, 1e-9));
  }
  std::sort(rates.begin(), rates.end());
  const size_t n = rates.size();
  result->samples_per_second = n % 2 ? rates[n / 2] : 0.5 * (rates[n / 2 - 1] + rates[n / 2]);
  result->repetitions = repetitions;
  result->batches_per_repetition = batches;
  return Status::Ok();
}

}  // namespace texunit::render
