// Every SIMD target against the scalar reference (tests/reference), on random requests over every
// texel format (sampler ops: every SAMPLE/GATHER4 variant and GET_LOD on 1D, 2D, 3D, cube and
// array images, cubes seamless or not) and (for loads, stores, GET_RESINFO and atomics) every image
// type, with edge cases: NaN/Inf/denormal/huge/negative coordinates and texels, 1x1 and
// non-power-of-two images, last levels, layer views, MSAA fragment counts, every CLAMP mode and
// border color type, mixed mag/min filters, FILTER_MODE blend/min/max, partially resident
// textures (residency maps, TFE/LWE), random exec masks, DMASK, DST_SEL, D16 and the raw
// _PCK/_SGN forms. The formats with fast paths (RGBA8, RGBA32F, RGBA16F, R32F) also run with
// RuntimeOptions::format_fast_paths off, so the general path is compared on them too. Atomics pick
// 32- and 64-bit formats most of the time, every op, and often put several lanes on one texel.
// Expected: bit-exact for loads, stores, GET_RESINFO, atomics and explicit-LOD sampling (a NaN that
// filtering produced may carry another payload); implicit LOD uses a different (but < 2e-6) log2 in
// the kernel, so those results are compared within 1e-4, or within 1/256 of the value range in
// PrecisionMode::kHardware, where an LOD on a 1/256 step of the mip fraction can quantise either
// way.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "formats/format_table.h"
#include "reference/reference_sampler.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x200000000ull;

struct Scenario {
  ImageDesc image;
  SamplerDesc sampler;
  std::vector<uint8_t> memory;
  TexRequest req;
  std::vector<uint32_t> in[20];
  uint32_t border_colors[4][4] = {};
  std::vector<uint64_t> residency;  // PRT: 64 KiB pages of the footprint
  std::string describe;
};

class Rng {
 public:
  explicit Rng(uint32_t seed) : gen_(seed) {}
  uint32_t U(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(gen_); }
  float F(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen_); }
  bool B(int percent = 50) { return U(100) < static_cast<uint32_t>(percent); }
  uint32_t Bits() { return static_cast<uint32_t>(gen_()); }

 private:
  std::mt19937 gen_;
};

uint32_t FloatBits(float f) { return std::bit_cast<uint32_t>(f); }

// A coordinate that is sometimes an edge case.
float EdgeCoord(Rng& r) {
  static const float kEdges[] = {NAN,   INFINITY, -INFINITY, 1e-40f, -1e-40f,
                                 0.0f,  -0.0f,    1.0f,      0.5f,   1e9f,
                                 -1e9f, 3e38f,    0.999999f, -0.5f,  16777216.0f};
  return kEdges[r.U(sizeof(kEdges) / sizeof(kEdges[0]))];
}

// A value for a store or a float texel: in and around the normalized ranges, or an edge case.
uint32_t StoreValue(Rng& r, NumericClass numeric) {
  static const float kEdges[] = {NAN,      -NAN,     INFINITY,    -INFINITY, 1e-40f, -1e-40f,
                                 0.0f,     -0.0f,    1.0f,        -1.0f,     0.5f,   65504.0f,
                                 65520.0f, 65024.0f, 1e9f,        -1e9f,     2.5f,   255.5f,
                                 6e-8f,    3e-5f,    1.0f / 3.0f, 65408.0f};
  if (numeric != NumericClass::kFloat) {
    switch (r.U(4)) {
      case 0:
        return r.Bits();
      case 1:
        return static_cast<uint32_t>(static_cast<int32_t>(r.U(600)) - 300);
      case 2:
        return r.U(70000);
      default:
        return static_cast<uint32_t>(-static_cast<int32_t>(r.U(70000)));
    }
  }
  switch (r.U(6)) {
    case 0:
      return FloatBits(kEdges[r.U(sizeof(kEdges) / sizeof(kEdges[0]))]);
    case 1:
      return FloatBits(r.F(-2.0f, 2.0f));
    case 2:
      return FloatBits(r.F(-300.0f, 70000.0f));
    case 3:
      return r.Bits();
    default:
      return FloatBits(r.F(-0.2f, 1.2f));
  }
}

// Texel memory: random bytes (every code of narrow formats, NaNs and denormals of half floats),
// with binary32 channels often made ordinary or special floats.
void FillTexels(Rng& r, const FormatDesc& f, std::vector<uint8_t>* mem) {
  for (auto& b : *mem) b = static_cast<uint8_t>(r.U(256));
  const bool f32 = !f.is_block() && f.ch[0].kind == ChannelKind::kFloat && f.ch[0].bits == 32;
  if (!f32) return;
  static const float kSpecial[] = {NAN,     INFINITY, -INFINITY, 1e-40f,
                                   -1e-40f, 0.0f,     -0.0f,     65504.0f};
  for (size_t i = 0; i + 4 <= mem->size(); i += 4) {
    const float v = r.B(3) ? kSpecial[r.U(8)] : r.F(-4.0f, 4.0f);
    if (r.B(80)) std::memcpy(&(*mem)[i], &v, 4);
  }
}

bool IsMsaa(ImageType t) { return t == ImageType::k2DMsaa || t == ImageType::k2DMsaaArray; }
bool IsLayered(ImageType t) {
  return t == ImageType::k1DArray || t == ImageType::k2DArray || t == ImageType::kCube ||
         t == ImageType::k2DMsaaArray;
}

bool IsSamplerOp(OpKind kind) {
  return kind == OpKind::kSample || kind == OpKind::kGather4 || kind == OpKind::kGetLod;
}

// The image type of a request: sampler ops sample 2D images in this release; the integer-address
// ops take every type (block formats have no MSAA form).
ImageType PickType(Rng& r, OpKind kind, const FormatDesc& fd) {
  if (IsSamplerOp(kind)) {
    // The sampler ops' types, and now and then an MSAA one, which they reject (Unimplemented).
    static const ImageType kSampled[] = {ImageType::k2D,      ImageType::k2D,      ImageType::k1D,
                                         ImageType::k1DArray, ImageType::k2DArray, ImageType::k3D,
                                         ImageType::kCube,    ImageType::kCube};
    if (r.B(3)) return fd.is_block() ? ImageType::k2DArray : ImageType::k2DMsaa;
    return kSampled[r.U(8)];
  }
  if (r.B(25)) return ImageType::k2D;
  static const ImageType kTypes[] = {
      ImageType::k1D,      ImageType::k2D,      ImageType::k3D,     ImageType::kCube,
      ImageType::k1DArray, ImageType::k2DArray, ImageType::k2DMsaa, ImageType::k2DMsaaArray};
  const ImageType t = kTypes[r.U(8)];
  return IsMsaa(t) && fd.is_block() ? ImageType::k2DArray : t;
}

// Atomics mostly get a 32- or 64-bit plain format, so that most requests run.
FormatId PickAtomicFormat(Rng& r, FormatId format) {
  static const FormatId kElements[] = {FormatId::kR32_UINT,          FormatId::kR32_SINT,
                                       FormatId::kR32_FLOAT,         FormatId::kR8G8B8A8_UNORM,
                                       FormatId::kR32G32_UINT,       FormatId::kR32G32_FLOAT,
                                       FormatId::kR16G16B16A16_SINT, FormatId::kR10G10B10A2_UNORM};
  return r.B(80) ? kElements[r.U(sizeof(kElements) / sizeof(kElements[0]))] : format;
}

// A value an atomic's data or compare dword takes: small, random, or a float edge case.
uint32_t AtomicValue(Rng& r) {
  switch (r.U(4)) {
    case 0:
      return r.U(8);
    case 1:
      return r.Bits();
    case 2:
      return StoreValue(r, NumericClass::kFloat);
    default:
      return static_cast<uint32_t>(-static_cast<int32_t>(r.U(8)));
  }
}

// A variant of a GFX6-9 SAMPLE or GATHER4 opcode: one LOD source at most, _CL where the opcodes
// have it, _C and _O at random, or GATHER4H (GET_LOD and GATHER4H have no variants).
uint32_t PickSamplerFlags(Rng& r, OpKind kind) {
  if (kind == OpKind::kGetLod) return 0;
  if (kind == OpKind::kGather4 && r.B(25)) return kOpGather4H;  // no variants
  static const uint32_t kSources[] = {0, kOpLod, kOpLz, kOpBias, kOpDeriv, kOpCoarseDeriv};
  uint32_t flags = kSources[r.U(kind == OpKind::kGather4 ? 4 : 6)];
  if ((flags & (kOpLod | kOpLz)) == 0 && r.B(30)) flags |= kOpClamp;
  if (r.B(30)) flags |= kOpCompare;
  if (r.B(30)) flags |= kOpOffset;
  return flags;
}

// Depth compares mostly get a depth format (float and UNORM depth, and the RGBA8 fast path).
FormatId PickCompareFormat(Rng& r, FormatId format) {
  static const FormatId kDepth[] = {FormatId::kR32_FLOAT, FormatId::kR16_UNORM,
                                    FormatId::kR24G8_UNORM, FormatId::kR32G8X24_FLOAT,
                                    FormatId::kR8G8B8A8_UNORM};
  return r.B(60) ? kDepth[r.U(sizeof(kDepth) / sizeof(kDepth[0]))] : format;
}

// Builds a random request of `kind` on a random format; lanes form quads with structured
// derivatives.
void MakeScenario(Rng& r, OpKind kind, FormatId format, Scenario* sc) {
  static const uint32_t kSizes[] = {1, 2, 3, 5, 8, 16, 17, 33, 64};
  if (kind == OpKind::kAtomic) format = PickAtomicFormat(r, format);
  const uint32_t sampler_flags = IsSamplerOp(kind) ? PickSamplerFlags(r, kind) : 0;
  if (sampler_flags & kOpCompare) format = PickCompareFormat(r, format);
  const FormatDesc& fd = GetFormatDesc(format);
  const ImageType type = PickType(r, kind, fd);
  const bool is_3d = type == ImageType::k3D;
  const bool cube = type == ImageType::kCube;
  const uint32_t w = kSizes[r.U(9)];
  const uint32_t h = cube && r.B(90) ? w : kSizes[r.U(9)];  // sampled cubes need square faces
  // 3D depth, or layers (faces for cubes: whole cubes).
  const uint32_t depth = is_3d                      ? kSizes[r.U(6)]
                         : type == ImageType::kCube ? 6 * (1 + r.U(2))
                         : IsLayered(type)          ? 1 + r.U(5)
                                                    : 1;
  const uint32_t rows = type == ImageType::k1D || type == ImageType::k1DArray ? 1 : h;
  uint32_t max_levels = 1;
  while ((std::max({w, rows, is_3d ? depth : 1u}) >> max_levels) > 0) ++max_levels;
  const uint32_t levels = IsMsaa(type) ? 1 : 1 + r.U(max_levels);
  sc->image = MakeImage2D(format, w, h, levels, kBase);
  sc->image.type = type;
  sc->image.depth = depth;
  if (IsLayered(type)) {
    sc->image.base_array = r.U(depth);
    sc->image.last_array = sc->image.base_array + r.U(depth - sc->image.base_array);
    if (cube && r.B(85)) {  // sampled cube views need whole cubes
      sc->image.base_array = r.U(depth - 5);
      const uint32_t fit = (depth - sc->image.base_array) / 6;
      sc->image.last_array = sc->image.base_array + 6 * (1 + r.U(fit)) - 1;
    }
  }
  if (IsMsaa(type)) sc->image.last_level = static_cast<uint8_t>(r.U(5));  // log2 of 1..16
  if (r.B(30)) {
    sc->image.pitch = fd.is_block() ? (w + fd.block_w - 1) / fd.block_w * fd.block_w : w + r.U(7);
  }
  sc->image.base_level = static_cast<uint8_t>(IsMsaa(type) ? 0 : r.U(levels));
  for (auto& s : sc->image.dst_sel) {
    static const DstSel kSel[] = {DstSel::kX, DstSel::kY, DstSel::kZ,
                                  DstSel::kW, DstSel::k0, DstSel::k1};
    s = r.B(70) ? s : kSel[r.U(6)];
  }
  ImageLayout layout;
  ASSERT_TRUE(ComputeImageLayout(sc->image, &layout).ok()) << FormatName(format);
  sc->memory.assign(layout.total_bytes, 0);
  FillTexels(r, fd, &sc->memory);

  SamplerDesc& sd = sc->sampler;
  sd.clamp_x = static_cast<ClampMode>(r.U(8));
  sd.clamp_y = static_cast<ClampMode>(r.U(8));
  sd.clamp_z = static_cast<ClampMode>(r.U(8));
  sd.z_filter = static_cast<ZFilter>(r.U(3));
  sd.border_color_type = static_cast<BorderColorType>(r.U(4));
  sd.border_color_ptr = static_cast<uint16_t>(r.U(5));  // 4: past the table's end
  for (auto& entry : sc->border_colors) {
    for (uint32_t& c : entry) c = StoreValue(r, fd.numeric);
  }
  sd.xy_mag_filter = static_cast<XyFilter>(r.U(4));
  sd.xy_min_filter = static_cast<XyFilter>(r.U(4));
  sd.mip_filter = static_cast<MipFilter>(r.U(3));
  sd.min_lod = static_cast<uint16_t>(r.B(70) ? 0 : r.U(3 * 256));
  sd.max_lod = static_cast<uint16_t>(r.B(70) ? 15 * 256 : r.U(8 * 256));
  sd.lod_bias = static_cast<int16_t>(r.B(60) ? 0 : static_cast<int>(r.U(8 * 256)) - 4 * 256);
  sd.force_unnormalized = r.B(5);
  sd.disable_cube_wrap = r.B(30);
  // FILTER_MODE: mostly BLEND; MIN, MAX, and now and then the reserved 3.
  sd.filter_mode = static_cast<FilterMode>(r.B(70) ? 0 : 1 + r.U(r.B(95) ? 2 : 3));
  // MAX_ANISO_RATIO 1x..16x, now and then a reserved 5..7 (the XY filters above include ANISO_*).
  sd.max_aniso_ratio = static_cast<uint8_t>(r.B(97) ? r.U(5) : 5 + r.U(3));
  sd.depth_compare_func = static_cast<CompareFunc>(r.U(8));
  sd.trunc_coord = r.B(50);  // 0: POINT coordinates rounded to 1/64 texel
  // T# MIN_LOD now and then (in memory levels: below, at and past BASE_LEVEL and the last level).
  sc->image.min_lod = static_cast<uint16_t>(r.B(80) ? 0 : r.U(5 * 256));

  TexRequest& q = sc->req;
  q.op.kind = kind;
  q.mods.dmask = static_cast<uint8_t>(r.B(60) ? 0xF : r.U(16));
  q.mods.tfe = r.B(10);
  q.mods.unorm = IsSamplerOp(kind) && r.B(10);
  q.precision = r.B(20) ? PrecisionMode::kHardware : PrecisionMode::kFloat;
  q.lane_count = r.B(70) ? 64 : 1 + r.U(64);
  q.exec = r.B(50) ? ~0ull : (uint64_t{r.Bits()} << 32 | r.Bits());
  q.image = &sc->image;
  q.sampler = &sd;
  q.border_color_table = sc->border_colors;
  q.border_color_count = r.B(95) ? 4 : 0;
  // Partially resident textures now and then: MIN_LOD_WARN set, LWE, and a residency map (each
  // page resident or not; sometimes none, sometimes a page short).
  if (r.B(15)) {
    sc->image.min_lod_warn = static_cast<uint16_t>(1 + r.U(4 * 256));
    q.mods.lwe = r.B(50);
    q.mods.tfe = r.B(70);
    const uint64_t pages = (layout.total_bytes + 65535) / 65536;
    if (r.B(85)) {
      sc->residency.assign((pages + 63) / 64, 0);
      for (uint64_t p = 0; p < pages; ++p) {
        if (r.B(60)) sc->residency[p / 64] |= uint64_t{1} << (p % 64);
      }
      q.residency = sc->residency.data();
      q.residency_pages = r.B(95) ? pages : pages - 1;
    }
  }

  const uint32_t n = q.lane_count;
  for (auto& v : sc->in) v.assign(n, 0);
  if (IsSamplerOp(kind)) {
    q.op.flags = sampler_flags;
    if (kind == OpKind::kGather4 && r.B(70)) q.mods.dmask = static_cast<uint8_t>(1 << r.U(4));
    q.mods.d16 = r.B(kind == OpKind::kGetLod ? 3 : 15);  // GET_LOD with D16: InvalidArgument
    const float scale = std::ldexp(1.0f, static_cast<int>(r.U(12)) - 6);
    for (uint32_t quad = 0; quad * 4 < n; ++quad) {
      // Cubes: mostly on the face, often at its edges and corners.
      const float lo = cube ? -0.2f : -2.0f, hi = cube ? 1.2f : 3.0f;
      const float s0 = r.F(lo, hi), t0 = r.F(lo, hi);
      const float dx = r.F(-1.0f, 1.0f) * scale / w, dy = r.F(-1.0f, 1.0f) * scale / h;
      for (uint32_t k = 0; k < 4 && quad * 4 + k < n; ++k) {
        const uint32_t lane = quad * 4 + k;
        float s = s0 + dx * (k & 1), t = t0 + dy * (k >> 1);
        if (q.mods.unorm || sd.force_unnormalized) s *= w, t *= h;
        // Now and then j/128 texel (j = 0..3, exact halves included) below a texel edge of level
        // 0, where TRUNC_COORD = 0's rounding moves POINT lookups.
        if (r.B(8)) {
          const bool texels = q.mods.unorm || sd.force_unnormalized;
          const float k = std::floor(texels ? s : s * w) - static_cast<float>(r.U(4)) / 128.0f;
          s = texels ? k : k / w;
        }
        if (r.B(4)) s = EdgeCoord(r);
        if (r.B(4)) t = EdgeCoord(r);
        sc->in[0][lane] = FloatBits(s);
        sc->in[1][lane] = FloatBits(t);
        sc->in[2][lane] = FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-2.0f, 8.0f));  // lod
        sc->in[3][lane] = FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-3.0f, 3.0f));  // bias
        sc->in[9][lane] = FloatBits(r.B(5) ? EdgeCoord(r) : r.F(-1.0f, 6.0f));  // clamp
        // zcompare: around the depth range, sometimes exactly 0, 1 or an edge case.
        static const float kRefs[] = {0.0f, 1.0f, 0.5f, -0.0f};
        sc->in[10][lane] = FloatBits(r.B(5)    ? EdgeCoord(r)
                                     : r.B(20) ? kRefs[r.U(4)]
                                               : r.F(-0.2f, 1.2f));
        sc->in[11][lane] = r.Bits();  // offsets: every bit random, the 6-bit fields included
        // Derivatives: the quad's own steps, scaled, stretched or replaced at random.
        const float stretch = r.B(30) ? r.F(0.0f, 8.0f) : 1.0f;
        sc->in[12][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : dx * stretch);     // ds/dx
        sc->in[13][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : r.F(-1, 1) * dy);  // dt/dx
        sc->in[14][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : r.F(-1, 1) * dx);  // ds/dy
        sc->in[15][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : dy / std::max(stretch, 0.5f));
      }
    }
    // Array layers around the view's range, often on .5 ties; 3D's r like s and t, with the
    // quad's own steps; now and then an edge case. dr/dx, dr/dy for 3D's _D and _CD.
    for (uint32_t quad = 0; quad * 4 < n; ++quad) {
      const float r0 = r.F(-1.5f, 2.5f), dz = r.F(-1.0f, 1.0f) / static_cast<float>(depth);
      for (uint32_t k = 0; k < 4 && quad * 4 + k < n; ++k) {
        const uint32_t lane = quad * 4 + k;
        const float layer = r.B(30) ? static_cast<float>(r.U(2 * depth + 2)) * 0.5f - 0.5f
                                    : r.F(-2.0f, static_cast<float>(depth) + 2.0f);
        float rr = r0 + dz * static_cast<float>(k & 1) * (r.B(50) ? 4.0f : 1.0f);
        if (q.mods.unorm || sd.force_unnormalized) rr *= static_cast<float>(depth);
        // Cubes: the face (6 and 7 clamp to 5, .5 ties) and the cube of the array.
        const float face =
            r.B(70) ? static_cast<float>(r.U(8)) : static_cast<float>(r.U(16)) * 0.5f - 0.5f;
        const float coord2 = type == ImageType::k3D ? rr : cube ? face : layer;
        sc->in[16][lane] = FloatBits(r.B(3) ? EdgeCoord(r) : coord2);
        const float cubes = static_cast<float>(depth / 6);
        sc->in[19][lane] = FloatBits(r.B(3)    ? EdgeCoord(r)
                                     : r.B(70) ? static_cast<float>(r.U(depth / 6 + 1))
                                               : r.F(-1.0f, cubes + 1.0f));
        sc->in[17][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : dz * r.F(0.0f, 4.0f));   // dr/dx
        sc->in[18][lane] = FloatBits(r.B(4) ? EdgeCoord(r) : dz * r.F(-1.0f, 1.0f));  // dr/dy
      }
    }
    const bool one_d = type == ImageType::k1D || type == ImageType::k1DArray;
    q.in.coord[0] = sc->in[0].data();
    q.in.coord[1] = one_d && r.B(50) ? nullptr : sc->in[1].data();  // 1D reads no t
    const bool volume = type == ImageType::k3D;
    q.in.coord[2] = IsLayered(type) || volume || r.B(10) ? sc->in[16].data() : nullptr;
    q.in.coord[3] = cube && r.B(80) ? sc->in[19].data() : nullptr;  // null: cube 0
    q.in.deriv[0][2] = volume || r.B(10) ? sc->in[17].data() : nullptr;
    q.in.deriv[1][2] = volume || r.B(10) ? sc->in[18].data() : nullptr;
    q.in.lod = sc->in[2].data();
    q.in.bias = sc->in[3].data();
    q.in.clamp = sc->in[9].data();
    q.in.zcompare = sc->in[10].data();
    q.in.offset = sc->in[11].data();
    q.in.deriv[0][0] = sc->in[12].data();
    q.in.deriv[0][1] = one_d && r.B(50) ? nullptr : sc->in[13].data();
    q.in.deriv[1][0] = sc->in[14].data();
    q.in.deriv[1][1] = one_d && r.B(50) ? nullptr : sc->in[15].data();
  } else {
    const bool mem_op = kind == OpKind::kLoad || kind == OpKind::kStore;
    q.op.flags = mem_op && r.B(50) ? uint32_t{kOpMip} : 0u;
    if (mem_op && r.B(25)) {
      q.op.flags |= kOpPck;
      if (kind == OpKind::kLoad && r.B(50)) q.op.flags |= kOpSgn;
    }
    q.mods.d16 = r.B(mem_op ? 15 : 3);  // with _PCK, GET_RESINFO, atomics: InvalidArgument
    if (kind == OpKind::kAtomic) {
      q.op.atomic = static_cast<AtomicOp>(1 + r.U(17));
      const bool wide = fd.bytes == 8;
      const bool cmpswap = q.op.atomic == AtomicOp::kCmpSwap || q.op.atomic == AtomicOp::kFcmpSwap;
      q.mods.dmask = r.B(90) ? (wide ? (cmpswap ? 0xF : 0x3) : (cmpswap ? 0x3 : 0x1))
                             : static_cast<uint8_t>(r.U(16));
      q.mods.glc = r.B(60);
    }
    const uint32_t samples = IsMsaa(type) ? 1u << sc->image.last_level : 1u;
    // Atomics on few texels, so that lanes often share one.
    const uint32_t spread = kind == OpKind::kAtomic && r.B(50) ? 2 : 0;
    for (uint32_t lane = 0; lane < n; ++lane) {
      sc->in[0][lane] = r.B(5) ? r.Bits() : r.U((spread ? spread : w) + 2);
      sc->in[1][lane] = r.B(5) ? r.Bits() : r.U((spread ? spread : h) + 2);
      sc->in[2][lane] = r.B(5) ? r.Bits() : r.U(depth + 2);
      sc->in[3][lane] = r.B(5) ? r.Bits() : r.U(samples + 2);
      sc->in[4][lane] = r.B(5) ? r.Bits() : r.U(levels + 1);
      for (int c = 0; c < 4; ++c) {
        sc->in[5 + c][lane] = kind == OpKind::kAtomic      ? AtomicValue(r)
                              : (q.op.flags & kOpPck) != 0 ? r.Bits()
                                                           : StoreValue(r, fd.numeric);
        if (q.mods.d16 && r.B(50)) sc->in[5 + c][lane] &= 0xFFFF;
      }
    }
    for (int c = 0; c < 4; ++c) q.in.coord[c] = sc->in[c].data();
    q.in.mip = sc->in[4].data();
    for (int c = 0; c < 4; ++c) q.in.data[c] = sc->in[5 + c].data();
  }
  sc->describe = OpName(q.op) + (q.mods.d16 ? " d16 " : " ") + ImageTypeName(type) + " " +
                 std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(depth) +
                 " levels " + std::to_string(levels) + " base " +
                 std::to_string(sc->image.base_level) + " pitch " +
                 std::to_string(sc->image.pitch) + " fmt " + FormatName(format) + " lanes " +
                 std::to_string(n);
}

struct Outputs {
  std::vector<uint32_t> data[4];
  std::vector<uint32_t> status;
  std::vector<uint8_t> memory;
};

Status RunScenario(const Scenario& sc, bool reference, const Runtime* rt, Outputs* out) {
  out->memory = sc.memory;
  Memory mem;
  EXPECT_TRUE(mem.AddRegion(kBase, out->memory.data(), out->memory.size()).ok());
  TexRequest q = sc.req;
  q.memory = &mem;
  for (int k = 0; k < 4; ++k) {
    out->data[k].assign(q.lane_count, 0xDEADBEEF);
    q.out.data[k] = out->data[k].data();
  }
  out->status.assign(q.lane_count, 0xDEADBEEF);
  q.out.status = out->status.data();
  return reference ? reference::Execute(q) : rt->Execute(q);
}

// Equal bits; or, for filtered results (`filtered`), two NaNs, whose payloads IEEE 754 arithmetic
// leaves open (docs/sampling.md, "Filtering"); or, with implicit LOD (`tol` > 0), values within
// tol.
bool SameValue(uint32_t a, uint32_t b, float tol, bool d16, bool filtered) {
  if (a == b) return true;
  if (!filtered) return false;
  // D16 results are binary16 in the low half: compare them as such.
  const auto value = [d16](uint32_t v) {
    if (!d16) return std::bit_cast<float>(v);
    const int e = (v >> 10) & 0x1F;
    const float m = static_cast<float>(v & 0x3FF);
    const float mag = e == 0    ? std::ldexp(m, -24)
                      : e == 31 ? (m == 0 ? INFINITY : NAN)
                                : std::ldexp(1024.0f + m, e - 25);
    return (v & 0x8000) ? -mag : mag;
  };
  const float fa = value(a), fb = value(b);
  if (std::isnan(fa) && std::isnan(fb)) return true;
  if (tol == 0.0f) return false;
  const float slack = d16 ? std::max(tol, 1.0f / 1024) : tol;
  return std::fabs(fa - fb) <= slack * std::max(1.0f, std::fabs(fa));
}

bool HasFastPath(FormatId f) {
  return f == FormatId::kR8G8B8A8_UNORM || f == FormatId::kR8G8B8A8_SRGB ||
         f == FormatId::kR8G8B8A8_UINT || f == FormatId::kR32G32B32A32_FLOAT ||
         f == FormatId::kR16G16B16A16_FLOAT || f == FormatId::kR32_FLOAT;
}

class KernelVsReference : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    for (bool fast : {true, false}) {
      RuntimeOptions opt;
      opt.target = GetParam();
      opt.threads = 1;
      opt.format_fast_paths = fast;
      ASSERT_TRUE(Runtime::Create(opt, &rt_[fast ? 0 : 1]).ok());
      ASSERT_EQ(rt_[fast ? 0 : 1]->target_name(), GetParam());
    }
  }

  // `iterations` random requests of `kind`, each on a format drawn from the whole table (the
  // first pass over the table visits every format in order).
  void Compare(OpKind kind, uint32_t seed, int iterations) {
    Rng r(seed);
    const auto formats = AllFormats();
    int compared = 0;
    for (int it = 0; it < iterations; ++it) {
      const FormatId format =
          it < static_cast<int>(formats.size()) ? formats[it].id : formats[r.U(formats.size())].id;
      Scenario sc;
      MakeScenario(r, kind, format, &sc);
      Outputs ref;
      const Status sr = RunScenario(sc, true, nullptr, &ref);
      for (int path = 0; path < (HasFastPath(format) ? 2 : 1); ++path) {
        Outputs got;
        const Status sg = RunScenario(sc, false, rt_[path].get(), &got);
        const std::string where =
            sc.describe + (path ? " (general path)" : "") + " iteration " + std::to_string(it);
        ASSERT_EQ(sr.code(), sg.code())
            << where << "\nref: " << sr.ToString() << "\ngot: " << sg.ToString();
        if (!sr.ok()) continue;
        ExpectSame(sc, ref, got, where);
        if (HasFailure()) return;
        ++compared;
      }
    }
    EXPECT_GT(compared, iterations / 2);
  }

  void ExpectSame(const Scenario& sc, const Outputs& ref, const Outputs& got,
                  const std::string& where) {
    const uint32_t flags = sc.req.op.flags;
    const OpKind kind = sc.req.op.kind;
    const bool implicit = IsSamplerOp(kind) && (flags & (kOpLod | kOpLz)) == 0;
    const bool hw = sc.req.precision == PrecisionMode::kHardware;
    const float tol = !implicit ? 0.0f : hw ? 1.0f / 256 : 1e-4f;
    for (int k = 0; k < 4; ++k) {
      for (uint32_t lane = 0; lane < sc.req.lane_count; ++lane) {
        ASSERT_TRUE(SameValue(ref.data[k][lane], got.data[k][lane], tol, sc.req.mods.d16,
                              kind == OpKind::kSample || kind == OpKind::kGetLod))
            << where << " lane " << lane << " component " << k << ": reference " << std::hex
            << ref.data[k][lane] << " (" << std::bit_cast<float>(ref.data[k][lane]) << ") kernel "
            << got.data[k][lane] << " (" << std::bit_cast<float>(got.data[k][lane]) << ")"
            << std::dec << "\nS#: clamp " << int(sc.sampler.clamp_x) << "/"
            << int(sc.sampler.clamp_y) << " mag " << int(sc.sampler.xy_mag_filter) << " min "
            << int(sc.sampler.xy_min_filter) << " mip " << int(sc.sampler.mip_filter) << " lod "
            << sc.sampler.min_lod << ".." << sc.sampler.max_lod << " bias " << sc.sampler.lod_bias
            << " unnorm " << sc.sampler.force_unnormalized << "/" << sc.req.mods.unorm << " hw "
            << int(sc.req.precision) << "\ncoord " << std::hex << sc.in[0][lane] << ", "
            << sc.in[1][lane] << " lod/mip " << sc.in[2][lane] << "/" << sc.in[4][lane] << " data "
            << sc.in[5][lane] << " " << sc.in[6][lane] << " " << sc.in[7][lane] << " "
            << sc.in[8][lane];
      }
    }
    ASSERT_EQ(ref.status, got.status) << where;
    for (size_t i = 0; i < ref.memory.size(); ++i) {
      ASSERT_EQ(ref.memory[i], got.memory[i]) << where << " memory byte " << i;
    }
  }

  std::unique_ptr<Runtime> rt_[2];  // format fast paths on, off
};

TEST_P(KernelVsReference, Load) { Compare(OpKind::kLoad, 1, 4000); }
TEST_P(KernelVsReference, Store) { Compare(OpKind::kStore, 2, 4000); }
TEST_P(KernelVsReference, Sample) { Compare(OpKind::kSample, 3, 8000); }
TEST_P(KernelVsReference, GetResinfo) { Compare(OpKind::kGetResinfo, 4, 1000); }
TEST_P(KernelVsReference, Atomic) { Compare(OpKind::kAtomic, 5, 4000); }
TEST_P(KernelVsReference, Gather4) { Compare(OpKind::kGather4, 6, 4000); }
TEST_P(KernelVsReference, GetLod) { Compare(OpKind::kGetLod, 7, 1000); }

INSTANTIATE_TEST_SUITE_P(Targets, KernelVsReference,
                         ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
