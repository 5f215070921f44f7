// Request validation and per-wave setup. Everything here runs once per request; the kernels that
// follow do per-lane work only.
#include "sampler/wave_setup.h"

#include <bit>
#include <cctype>
#include <cstring>
#include <string>

#include "sampler/sample_key.h"
#include "texunit/capabilities.h"

namespace texunit {

Status CheckLaneCount(std::string_view field, uint32_t lane_count) {
  if (lane_count >= 1 && lane_count <= kMaxLanes) return Status::Ok();
  return Status::InvalidArgument(std::string(field) + "=" + std::to_string(lane_count) +
                                 " is outside 1..64");
}

namespace {

std::string UpperOpName(Op op) {
  std::string s = "IMAGE_" + OpName(op);
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool IsSamplerOp(OpKind kind) {
  return kind == OpKind::kSample || kind == OpKind::kGather4 || kind == OpKind::kGetLod;
}

bool IsCompareSwap(AtomicOp op) { return op == AtomicOp::kCmpSwap || op == AtomicOp::kFcmpSwap; }

Status CheckClamp(const char* field, ClampMode m) {
  // The S# field is 3 bits: a larger value did not come from a descriptor.
  if (static_cast<uint8_t>(m) > static_cast<uint8_t>(ClampMode::kMirrorOnceBorder)) {
    return Status::InvalidArgument(std::string("S#.") + field + "=" +
                                   std::to_string(static_cast<int>(m)) + " is not a clamp mode");
  }
  return Status::Ok();
}

Status CheckFilter(const char* field, uint8_t v, uint8_t max) {
  if (v <= max) return Status::Ok();
  return Status::InvalidArgument(std::string("S#.") + field + "=" + std::to_string(v) +
                                 " is not a valid value");
}

// Records in s->array_reads that the setup read whether `field`, one of req's operand or result
// pointers, is null (the setup cache compares only those).
void ReadArray(const TexRequest& req, const void* field, WaveSetup* s) {
  const uintptr_t word =
      (reinterpret_cast<uintptr_t>(field) - reinterpret_cast<uintptr_t>(&req.in)) / sizeof(void*);
  s->array_reads |= uint32_t{1} << word;
}

Status Need(const TexRequest& req, const uint32_t* const& field, const char* what, WaveSetup* s) {
  ReadArray(req, &field, s);
  if (field != nullptr) return Status::Ok();
  return Status::InvalidArgument(std::string("request operand ") + what + " is null");
}

uint8_t SelOf(DstSel s) {
  switch (s) {
    case DstSel::kX:
      return kSelX;
    case DstSel::kY:
      return kSelY;
    case DstSel::kZ:
      return kSelZ;
    case DstSel::kW:
      return kSelW;
    case DstSel::k1:
      return kSelOne;
    default:
      return kSelZero;
  }
}

bool IsBorderMode(ClampMode m) { return static_cast<uint8_t>(m) >= 4; }

}  // namespace

const uint32_t* RegisterBorderColor(const TexRequest& req) {
  const SamplerDesc* sd = req.sampler;
  if (sd == nullptr || sd->border_color_type != BorderColorType::kRegister ||
      req.border_color_table == nullptr || sd->border_color_ptr >= req.border_color_count) {
    return nullptr;
  }
  return req.border_color_table[sd->border_color_ptr];
}

namespace {

// The border color (docs/sampling.md, "Border color"), when a clamp mode of the S# has a border.
Status PrepareBorder(const TexRequest& req, WaveSetup* s) {
  const SamplerDesc& sd = *req.sampler;
  s->key.has_border = IsBorderMode(sd.clamp_x) || IsBorderMode(sd.clamp_y) ||
                      (s->key.uses_z && IsBorderMode(sd.clamp_z));
  if (!s->key.has_border) return Status::Ok();
  const bool float_class = s->plan.numeric == NumericClass::kFloat;
  const uint32_t one = float_class ? 0x3F800000u : 1u;
  uint32_t color[4] = {};
  switch (sd.border_color_type) {
    case BorderColorType::kTransBlack:
      break;
    case BorderColorType::kOpaqueBlack:
      color[3] = one;
      break;
    case BorderColorType::kOpaqueWhite:
      for (uint32_t& c : color) c = one;
      break;
    case BorderColorType::kRegister: {
      const uint32_t* row = RegisterBorderColor(req);
      if (row == nullptr) {
        return Status::InvalidArgument(
            "S#.BORDER_COLOR_PTR=" + std::to_string(sd.border_color_ptr) +
            " (BORDER_COLOR_TYPE REGISTER) is outside the request's border color table of " +
            std::to_string(req.border_color_table == nullptr ? 0 : req.border_color_count) +
            " entries");
      }
      for (int c = 0; c < 4; ++c) color[c] = row[c];
      break;
    }
    default:
      return Status::InvalidArgument(
          "S#.BORDER_COLOR_TYPE=" + std::to_string(static_cast<int>(sd.border_color_type)) +
          " is not a border color type");
  }
  for (int c = 0; c < 4; ++c) {
    s->border_bits[c] = color[c];
    // Channels filtered as codes take value * divisor, so that the division gives the value.
    const ChannelKind k = s->plan.ch[c].kind;
    const bool code =
        k == ChannelKind::kUnorm || k == ChannelKind::kSnorm || k == ChannelKind::kUbnorm;
    s->border_filter_bits[c] =
        float_class && code
            ? std::bit_cast<uint32_t>(std::bit_cast<float>(color[c]) * s->plan.ch[c].divisor)
            : color[c];
  }
  uint32_t x = color[0];
  if ((x & 0x7F800000u) == 0) x &= 0x80000000u;  // a binary32 denormal compares as zero
  s->border_depth = std::bit_cast<float>(x);
  return Status::Ok();
}

Status PrepareSampler(const TexRequest& req, WaveSetup* s) {
  const SamplerDesc* sd = req.sampler;
  if (sd == nullptr) {
    return Status::InvalidArgument("request has no sampler (S#) for " + UpperOpName(req.op));
  }
  TEXUNIT_RETURN_IF_ERROR(CheckClamp("CLAMP_X", sd->clamp_x));
  TEXUNIT_RETURN_IF_ERROR(CheckClamp("CLAMP_Y", sd->clamp_y));
  TEXUNIT_RETURN_IF_ERROR(CheckFilter("XY_MAG_FILTER", static_cast<uint8_t>(sd->xy_mag_filter), 3));
  TEXUNIT_RETURN_IF_ERROR(CheckFilter("XY_MIN_FILTER", static_cast<uint8_t>(sd->xy_min_filter), 3));
  TEXUNIT_RETURN_IF_ERROR(CheckFilter("MIP_FILTER", static_cast<uint8_t>(sd->mip_filter), 3));
  if (static_cast<uint8_t>(sd->filter_mode) > static_cast<uint8_t>(FilterMode::kMax)) {
    return Status::InvalidArgument(
        "S#.FILTER_MODE=" + std::to_string(static_cast<int>(sd->filter_mode)) +
        " is reserved (0 BLEND, 1 MIN, 2 MAX)");
  }
  if (req.op.kind == OpKind::kSample) s->key.reduction = sd->filter_mode;
  if (sd->max_aniso_ratio > 4) {
    return Status::InvalidArgument("S#.MAX_ANISO_RATIO=" + std::to_string(sd->max_aniso_ratio) +
                                   " is reserved (0..4 = 1x..16x)");
  }
  s->key.unnormalized = req.mods.unorm || sd->force_unnormalized;
  const float view_min_lod =
      req.image->min_lod / 256.0f - static_cast<float>(req.image->base_level);
  if (!s->key.unnormalized && view_min_lod > 0.0f) s->view_min_lod = view_min_lod;
  const bool aniso_min =
      sd->xy_min_filter == XyFilter::kAnisoPoint || sd->xy_min_filter == XyFilter::kAnisoBilinear;
  const bool flat =
      s->key.type == ImageType::k2D || s->key.type == ImageType::k2DArray || s->key.cube;
  const bool derivative_lod = (req.op.flags & (kOpLod | kOpLz)) == 0 && !s->key.unnormalized;
  if (req.op.kind == OpKind::kSample && aniso_min && flat && derivative_lod && s->plan.filterable) {
    s->key.aniso = 1 << sd->max_aniso_ratio;
  }
  const uint32_t flags = req.op.flags;
  s->key.lod_zero = (flags & kOpLz) != 0;
  s->key.lod_explicit = (flags & kOpLod) != 0;
  s->key.lod_derivatives = (flags & (kOpDeriv | kOpCoarseDeriv)) != 0;
  s->key.lod_coarse = (flags & kOpCoarseDeriv) != 0;
  s->key.use_bias_operand = (flags & kOpBias) != 0;
  s->key.use_clamp_operand = (flags & kOpClamp) != 0;
  s->key.use_offset = (flags & kOpOffset) != 0;
  s->key.compare = (flags & kOpCompare) != 0;
  s->lod_width = s->key.unnormalized ? 1.0f : s->levels.fwidth[0];
  s->lod_height = s->key.unnormalized ? 1.0f : s->levels.fheight[0];
  s->lod_depth = s->key.unnormalized ? 1.0f : static_cast<float>(s->levels.depth[0]);
  s->sampler_bias = sd->lod_bias / 256.0f;
  s->min_lod = sd->min_lod / 256.0f;
  s->max_lod = sd->max_lod / 256.0f;
  // ANISO_POINT / ANISO_BILINEAR filter as their isotropic counterparts in this release.
  auto linear = [](XyFilter f) {
    return f == XyFilter::kBilinear || f == XyFilter::kAnisoBilinear;
  };
  const bool filterable = s->plan.filterable;
  s->key.mag_linear = linear(sd->xy_mag_filter) && filterable;
  s->key.min_linear = linear(sd->xy_min_filter) && filterable;
  // POINT_ANISO_ADJ: POINT over the anisotropic lambda, which every mip filter uses on probing
  // lanes (docs/sampling.md, "Anisotropic filtering").
  s->key.mip = sd->mip_filter == MipFilter::kPointAnisoAdj ? MipFilter::kPoint : sd->mip_filter;
  if (!filterable && s->key.mip == MipFilter::kLinear) s->key.mip = MipFilter::kPoint;
  s->key.clamp_x = sd->clamp_x;
  s->key.clamp_y = sd->clamp_y;
  if (s->key.uses_z) {
    TEXUNIT_RETURN_IF_ERROR(CheckClamp("CLAMP_Z", sd->clamp_z));
    TEXUNIT_RETURN_IF_ERROR(CheckFilter("Z_FILTER", static_cast<uint8_t>(sd->z_filter), 2));
    s->key.clamp_z = sd->clamp_z;
    using ZLinear = SampleKey::ZLinear;
    s->key.z_linear = !filterable                        ? ZLinear::kNever
                      : sd->z_filter == ZFilter::kLinear ? ZLinear::kAlways
                      : sd->z_filter == ZFilter::kNone   ? ZLinear::kAsXy
                                                         : ZLinear::kNever;
  }
  // TRUNC_COORD = 0 rounds POINT coordinates; only waves that can take a POINT index pay for it
  // (gathers' footprints are bilinear, but a 3D gather reads its POINT z slice).
  const bool xy_point = !(s->key.mag_linear && s->key.min_linear);
  const bool z_point = s->key.uses_z && (s->key.z_linear == SampleKey::ZLinear::kNever ||
                                         req.op.kind == OpKind::kGather4);
  s->key.point_round = !sd->trunc_coord && (xy_point || z_point);
  s->key.hardware_precision = req.precision == PrecisionMode::kHardware;
  if (s->key.compare) {
    if (s->plan.numeric != NumericClass::kFloat) {
      return Status::InvalidArgument(UpperOpName(req.op) + " compares depth, but T# format " +
                                     FormatName(s->plan.id) + " is an integer format");
    }
    if (static_cast<uint8_t>(sd->depth_compare_func) > 7) {
      return Status::InvalidArgument(
          "S#.DEPTH_COMPARE_FUNC=" + std::to_string(static_cast<int>(sd->depth_compare_func)) +
          " is not a compare function");
    }
    s->key.compare_func = sd->depth_compare_func;
    const ChannelKind x = s->plan.ch[0].kind;
    s->key.compare_clamp_ref = x == ChannelKind::kUnorm;
    const bool code =
        x == ChannelKind::kUnorm || x == ChannelKind::kSnorm || x == ChannelKind::kUbnorm;
    s->compare_divisor = code ? s->plan.ch[0].divisor : 0.0f;
    s->compare_reciprocal = code ? s->plan.ch[0].reciprocal : 0.0f;

    TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.zcompare, "zcompare", s));
  }
  if (sd->mc_coord_trunc) {
    return Status::Unsupported(
        "S#.MC_COORD_TRUNC=1 (motion-compensation coordinate truncation) is not supported: AMD "
        "documents no formula for it on GCN and no driver sets it");
  }
  if (s->key.cube) {
    // A cube reads no offsets; a seamless one no clamp modes (so no border color either).
    // GATHER4H reads the face as a non-seamless cube does (docs/sampling.md, "GATHER4H").
    s->key.use_offset = false;
    s->key.cube_seamless = !sd->disable_cube_wrap && (req.op.flags & kOpGather4H) == 0;
  }
  if (!s->key.cube_seamless) TEXUNIT_RETURN_IF_ERROR(PrepareBorder(req, s));
  s->key.sample_mip = EffectiveMipFilter(*s, /*one_level=*/false);
  s->key.gather_mip = EffectiveMipFilter(*s, /*one_level=*/true);
  // Depth compares, border modes, min/max, aniso, PRTs and the types other than 2D run the general
  // kernels, on the general fetch path (SampleWaveImpl; gathers read texels through FetchForLoad).
  if (req.op.kind == OpKind::kSample) {
    s->key.hot_kernel = static_cast<int8_t>(HotSampleIndex(s->key));
  }
  s->key.st_only = !s->key.uses_layer && !s->key.cube && !s->key.uses_z && !s->key.lod_explicit &&
                   !s->key.use_bias_operand && !s->key.use_clamp_operand && !s->key.compare &&
                   !s->key.use_offset && !s->key.lod_derivatives;
  s->key.general_kernel = s->key.compare || s->key.aniso > 1 || !IsPlain2D(s->key);
  if (s->key.general_kernel && s->plan.path != FetchPath::kBlock) s->plan.path = FetchPath::kPlain;
  if (req.op.kind == OpKind::kGather4) {
    s->gather_sel = SelOf(req.image->dst_sel[std::countr_zero(req.mods.dmask & 0xFu)]);
    s->key.gather_row = (req.op.flags & kOpGather4H) != 0;
  }
  if (s->key.lod_explicit) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.lod, "lod", s));
  if (s->key.use_bias_operand) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.bias, "bias", s));
  if (s->key.use_clamp_operand) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.clamp, "clamp", s));
  if (s->key.use_offset) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.offset, "offset", s));
  if (s->key.lod_derivatives) {
    static const char* const kNames[2][3] = {
        {"deriv[0][0] (ds/dx)", "deriv[0][1] (dt/dx)", "deriv[0][2] (dr/dx)"},
        {"deriv[1][0] (ds/dy)", "deriv[1][1] (dt/dy)", "deriv[1][2] (dr/dy)"}};
    for (int d = 0; d < 2; ++d) {
      for (int c = 0; c < (s->key.uses_z ? 3 : s->key.uses_y ? 2 : 1); ++c) {  // dt: not 1D; dr: 3D
        TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.deriv[d][c], kNames[d][c], s));
      }
    }
  }
  return Status::Ok();
}

// The half of the setup that depends only on the T#: validated shape, layout, level tables and
// the texel plan (with the format fast paths on).
struct ImageSetup {
  ImageDesc desc;
  TexelPlan plan;
  uint64_t total_bytes = 0;
  int32_t max_level = 0;
  int32_t samples = 1;
  bool pow2_x = false;
  bool pow2_y = false;
  LevelTable levels;
};

Status BuildImageSetup(const ImageDesc& img, ImageSetup* out) {
  if (img.base_address % 256 != 0) {
    return Status::InvalidArgument("T#.BASE_ADDRESS=" + Hex(img.base_address) +
                                   " is not 256-byte aligned");
  }
  for (int c = 0; c < 4; ++c) {
    const auto v = static_cast<uint8_t>(img.dst_sel[c]);
    if (v == 2 || v == 3 || v > 7) {
      return Status::InvalidArgument(std::string("T#.DST_SEL_") + "XYZW"[c] + "=" +
                                     std::to_string(v) + " is reserved");
    }
  }
  ImageLayout layout;
  TEXUNIT_RETURN_IF_ERROR(ComputeImageLayout(img, &layout));
  out->plan = MakeTexelPlan(img.format, /*fast_paths=*/true);
  // Kernels address whole words with int32 indices, and sub-dword texels and blocks by int32 byte
  // offsets.
  const bool byte_addressed = out->plan.element_bytes < 4 || out->plan.path == FetchPath::kBlock;
  const uint64_t limit = byte_addressed ? 0x7FFFFFFFull : 0x1FFFFFFFCull;
  if (layout.total_bytes > limit) {
    return Status::Unsupported("image footprint of " + std::to_string(layout.total_bytes) +
                               " bytes exceeds the " + (limit < 0x100000000ull ? "2" : "8") +
                               " GiB texunit addresses for " + FormatName(img.format));
  }
  out->desc = img;
  out->total_bytes = layout.total_bytes;
  out->samples = static_cast<int32_t>(layout.samples);
  out->max_level = static_cast<int32_t>(layout.num_levels) - 1 - img.base_level;
  // Kernels clamp every level index to max_level, so only view levels 0..M are filled.
  for (int d = 0; d <= out->max_level; ++d) {
    const LevelLayout& lv = layout.levels[img.base_level + d];
    out->levels.width[d] = static_cast<int32_t>(lv.width);
    out->levels.height[d] = static_cast<int32_t>(lv.height);
    out->levels.depth[d] = img.type == ImageType::k3D ? static_cast<int32_t>(lv.depth) : 1;
    out->levels.pitch[d] = static_cast<int32_t>(lv.pitch / layout.block_width);
    out->levels.slice_elems[d] =
        static_cast<int32_t>(uint64_t{lv.rows} * (lv.pitch / layout.block_width) * layout.samples);
    out->levels.offset_words[d] = static_cast<int32_t>(lv.offset / 4);
    out->levels.fwidth[d] = static_cast<float>(lv.width);
    out->levels.fheight[d] = static_cast<float>(lv.height);
    out->levels.inv_width[d] = 1.0f / static_cast<float>(lv.width);
    out->levels.inv_height[d] = 1.0f / static_cast<float>(lv.height);
    const LevelTable& t = out->levels;
    out->levels.rows[d] = {t.width[d],  t.height[d],  t.pitch[d],     t.offset_words[d],
                           t.fwidth[d], t.fheight[d], t.inv_width[d], t.inv_height[d]};
  }
  // Halving a power of two (down to 1) stays a power of two, so level 0 of the view decides.
  out->pow2_x = std::has_single_bit(static_cast<uint32_t>(out->levels.width[0]));
  out->pow2_y = std::has_single_bit(static_cast<uint32_t>(out->levels.height[0]));
  return Status::Ok();
}

// Streams of waves usually sample one texture, so each thread keeps the last T#'s setup and
// reuses it when the next request's ImageDesc is identical (every field compared). Memory is still
// resolved per request: the caller may remap it between requests.
Status GetImageSetup(const ImageDesc& img, const ImageSetup** out) {
  thread_local ImageSetup cache;
  thread_local bool valid = false;
  if (!valid || !(cache.desc == img)) {
    valid = false;
    TEXUNIT_RETURN_IF_ERROR(BuildImageSetup(img, &cache));
    valid = true;
  }
  *out = &cache;
  return Status::Ok();
}

// The op and the format must fit together: stores need a storable format, raw access needs
// stored channel fields.
Status CheckOpFormat(const TexRequest& req, const TexelPlan& plan) {
  const bool raw = (req.op.flags & kOpPck) != 0;
  if (req.op.kind == OpKind::kStore && !plan.storable) {
    return Status::InvalidArgument(
        UpperOpName(req.op) + " cannot write T# format " + FormatName(plan.id) + ": " +
        (plan.path == FetchPath::kBlock ? "its texels are encoded in blocks"
                                        : "it is not a storable format"));
  }
  if (raw && plan.path == FetchPath::kBlock) {
    return Status::InvalidArgument(UpperOpName(req.op) + " needs stored channel fields, but T# " +
                                   "format " + FormatName(plan.id) +
                                   " stores its texels in blocks");
  }
  return Status::Ok();
}

// Sampler ops on a CUBE (docs/sampling.md, "CUBE"): square faces, whole cubes in the view, and
// normalized coordinates.
Status CheckCube(const TexRequest& req, WaveSetup* s) {
  const ImageDesc& img = *req.image;
  if (img.width != img.height) {
    return Status::InvalidArgument(UpperOpName(req.op) + " on a CUBE needs square faces, but " +
                                   "T#.WIDTH=" + std::to_string(img.width) +
                                   " and T#.HEIGHT=" + std::to_string(img.height));
  }
  const int64_t layers = int64_t{img.last_array} - int64_t{img.base_array} + 1;
  if (layers <= 0 || layers % 6 != 0) {
    return Status::InvalidArgument(
        UpperOpName(req.op) + " on a CUBE needs whole cubes in the view, but T#.BASE_ARRAY=" +
        std::to_string(img.base_array) + " and T#.LAST_ARRAY=" + std::to_string(img.last_array) +
        " give " + std::to_string(layers) + " faces, not a multiple of 6");
  }
  const bool force = req.sampler != nullptr && req.sampler->force_unnormalized;
  if (req.mods.unorm || force) {
    return Status::InvalidArgument(UpperOpName(req.op) + " on a CUBE takes normalized " +
                                   "coordinates, but " +
                                   (req.mods.unorm ? "UNORM=1" : "S#.FORCE_UNNORMALIZED=1"));
  }
  s->key.cube = true;
  s->cubes = static_cast<int32_t>(layers / 6);
  return Status::Ok();
}

// The address operands of the T#'s type (docs/sampling.md, "Image types"), for the ops that take
// integer addresses; the sampler ops take every type but the MSAA ones.
Status PrepareImageType(const TexRequest& req, const OpFamily& family, WaveSetup* s) {
  const ImageType t = req.image->type;
  if ((kEveryImageType & ImageTypeBit(t)) == 0) {
    return Status::InvalidArgument("T#.TYPE=" + std::to_string(static_cast<int>(t)) +
                                   " is not an image type (8..15)");
  }
  if ((family.types & ImageTypeBit(t)) == 0) {  // the sampler ops on MSAA types
    return Status::InvalidArgument(std::string("T#.TYPE=") + ImageTypeName(t) +
                                   " cannot be read by " + UpperOpName(req.op) +
                                   ": multisampled images are read by fragment (LOAD, MSAA_LOAD)");
  }
  if (IsSamplerOp(req.op.kind) && t == ImageType::kCube) TEXUNIT_RETURN_IF_ERROR(CheckCube(req, s));
  s->key.type = t;
  s->key.uses_y = t != ImageType::k1D && t != ImageType::k1DArray;
  s->key.uses_z = t == ImageType::k3D;
  s->key.uses_layer = t == ImageType::k1DArray || t == ImageType::k2DArray ||
                      t == ImageType::kCube || t == ImageType::k2DMsaaArray;
  s->key.uses_fragment = t == ImageType::k2DMsaa || t == ImageType::k2DMsaaArray;
  if (s->key.uses_fragment && (req.op.flags & kOpMip)) {
    return Status::InvalidArgument(UpperOpName(req.op) + " cannot address T#.TYPE=" +
                                   ImageTypeName(t) + ": MSAA images have no mip levels");
  }
  if (req.op.kind == OpKind::kGetResinfo) return Status::Ok();  // reads only the T#
  TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.coord[0], "coord[0] (x)", s));
  if (s->key.uses_y) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.coord[1], "coord[1] (y)", s));
  if (s->key.uses_z || s->key.uses_layer) {
    TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.coord[2], "coord[2] (z, layer or face id)", s));
  }
  if (s->key.uses_fragment)
    TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.coord[3], "coord[3] (fragment)", s));
  return Status::Ok();
}

// Which request arrays carry data: results by DMASK for loads, samples and GET_RESINFO; store
// sources by DMASK; atomics' sources and (with GLC) returns, whose counts depend on the element
// size and are checked once the format is known (CheckAtomic).
Status PrepareData(const TexRequest& req, WaveSetup* s) {
  if (req.mods.dmask > 0xF) {
    return Status::InvalidArgument("DMASK=" + Hex(req.mods.dmask) + " does not fit in 4 bits");
  }
  const uint8_t dmask = req.mods.dmask;
  const int n = std::popcount(static_cast<unsigned>(dmask));
  switch (req.op.kind) {
    case OpKind::kStore:
      // D16 stores take popcount(DMASK) values for the first channels, whatever the bit
      // positions (RDNA seed, "Store"); otherwise the k-th set bit names the channel of
      // in.data[k].
      for (int c = 0; c < 4; ++c) {
        if (s->key.d16 ? c < n : (dmask & (1 << c)) != 0) {
          s->store_channel[s->nstore++] = static_cast<uint8_t>(c);
        }
      }
      for (int k = 0; k < s->nstore; ++k)
        TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.data[k], "data[k]", s));
      return Status::Ok();
    case OpKind::kAtomic:
      for (int k = 0; k < n; ++k) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.data[k], "data[k]", s));
      if (req.mods.glc) {
        s->ncomp = IsCompareSwap(req.op.atomic) ? n / 2 : n;
        for (int k = 0; k < s->ncomp; ++k) s->sel[k] = static_cast<uint8_t>(k);
      }
      break;
    case OpKind::kGather4:
      if (dmask == 0) {
        return Status::InvalidArgument(UpperOpName(req.op) +
                                       " gathers the component of DMASK's lowest set bit, but "
                                       "DMASK=0x0");
      }
      s->ncomp = 4;  // four texels whatever DMASK says
      break;
    default:
      for (int c = 0; c < 4; ++c) {
        if (dmask & (1 << c)) s->sel[s->ncomp++] = static_cast<uint8_t>(c);
      }
      break;
  }
  const bool returns =
      req.op.kind != OpKind::kStore && !(req.op.kind == OpKind::kAtomic && !req.mods.glc);
  if (returns && (req.mods.tfe || req.mods.lwe)) ReadArray(req, &req.out.status, s);
  s->key.write_status = returns && req.out.status != nullptr && (req.mods.tfe || req.mods.lwe);
  for (int k = 0; k < s->ncomp; ++k) {
    ReadArray(req, &req.out.data[k], s);
    if (req.out.data[k] == nullptr) {
      return Status::InvalidArgument("result data[" + std::to_string(k) + "] is null but DMASK " +
                                     Hex(dmask) + " returns " + std::to_string(s->ncomp) +
                                     " dwords");
    }
  }
  return Status::Ok();
}

// Atomics: an element of 4 or 8 bytes of a plain format, the DMASK its size allows, and the op on
// the generation-neutral list (front ends reject the ops their generation lacks).
Status CheckAtomic(const TexRequest& req, WaveSetup* s) {
  const TexelPlan& p = s->plan;
  if (p.path == FetchPath::kBlock || (p.element_bytes != 4 && p.element_bytes != 8)) {
    return Status::InvalidArgument(UpperOpName(req.op) + " needs a 32- or 64-bit texel, but T# " +
                                   "format " + FormatName(p.id) + " has " +
                                   (p.path == FetchPath::kBlock
                                        ? std::string("block-encoded texels")
                                        : std::to_string(8 * p.element_bytes) + "-bit texels"));
  }
  s->key.atomic_64 = p.element_bytes == 8;
  const bool cmpswap = IsCompareSwap(req.op.atomic);
  const uint8_t want = s->key.atomic_64 ? (cmpswap ? 0xF : 0x3) : (cmpswap ? 0x3 : 0x1);
  if (req.mods.dmask != want) {
    return Status::InvalidArgument("DMASK=" + Hex(req.mods.dmask) + " is not valid for " +
                                   UpperOpName(req.op) + " on a " +
                                   (s->key.atomic_64 ? "64" : "32") + "-bit texel (" +
                                   FormatName(p.id) + "): it must be " + Hex(want));
  }
  return Status::Ok();
}

// Partially resident textures (docs/sampling.md): a T# with MIN_LOD_WARN set and a map of its
// footprint's pages. Loads, samples and gathers check it; the map must cover the footprint.
Status PrepareResidency(const TexRequest& req, uint64_t total_bytes, WaveSetup* s) {
  const ImageDesc& img = *req.image;
  s->key.tfe = req.mods.tfe;
  s->key.lwe = req.mods.lwe;
  s->min_lod_warn = img.min_lod_warn;
  s->base_level = img.base_level;
  const bool reads = req.op.kind == OpKind::kLoad || req.op.kind == OpKind::kSample ||
                     req.op.kind == OpKind::kGather4;
  s->key.prt = img.min_lod_warn != 0 && reads && (s->key.write_status || req.residency != nullptr);
  if (img.min_lod_warn == 0 || req.residency == nullptr || !reads) return Status::Ok();
  const uint64_t pages = (total_bytes + kResidencyPageBytes - 1) / kResidencyPageBytes;
  if (req.residency_pages < pages) {
    return Status::InvalidArgument(
        "request residency map has " + std::to_string(req.residency_pages) +
        " pages, but the T# footprint of " + std::to_string(total_bytes) + " bytes spans " +
        std::to_string(pages) + " pages of 64 KiB");
  }
  s->residency = req.residency;
  return Status::Ok();
}

}  // namespace

Status PrepareWave(const TexRequest& req, const ExecOptions& options, WaveSetup* s) {
  s->req = &req;
  s->key.op = req.op;
  TEXUNIT_RETURN_IF_ERROR(CheckLaneCount("request lane_count", req.lane_count));
  s->lane_count = req.lane_count;
  s->exec = req.exec & LaneMask(req.lane_count);
  if (static_cast<uint8_t>(req.op.kind) > static_cast<uint8_t>(OpKind::kBvhIntersectRay)) {
    return Status::InvalidArgument(
        "request op.kind=" + std::to_string(static_cast<int>(req.op.kind)) + " is not an OpKind");
  }
  if (req.op.kind == OpKind::kAtomic && req.op.atomic > AtomicOp::kFmax) {
    return Status::InvalidArgument(
        "request op.atomic=" + std::to_string(static_cast<int>(req.op.atomic)) +
        " is not an AtomicOp");
  }
  // The release's instruction table (texunit/capabilities.h) decides what runs.
  const OpFamily* family = FindOpFamily(req.op);
  if (family == nullptr) {
    return Status::Unimplemented(UpperOpName(req.op) +
                                 " is no instruction texunit knows: its suffixes do not combine");
  }
  if (!family->implemented) {
    return Status::Unimplemented(UpperOpName(req.op) +
                                 " is not implemented in this release: " + family->note);
  }
  if (req.op.kind == OpKind::kMsaaLoad) {
    return Status::InvalidArgument("MSAA_LOAD runs as four loads (Runtime::Execute), not a wave");
  }
  if (req.op.kind == OpKind::kBvhIntersectRay) {
    return Status::InvalidArgument(
        "BVH_INTERSECT_RAY takes a BvhRequest (Runtime::IntersectRays), not a TexRequest");
  }
  s->key.raw = (req.op.flags & kOpPck) != 0;
  s->key.raw_signed = (req.op.flags & kOpSgn) != 0;
  s->key.d16 = req.mods.d16;
  const bool converts = req.op.kind == OpKind::kLoad || req.op.kind == OpKind::kStore ||
                        req.op.kind == OpKind::kSample || req.op.kind == OpKind::kGather4;
  if (s->key.d16 && (s->key.raw || !converts)) {
    return Status::InvalidArgument("modifier D16 does not apply to " + UpperOpName(req.op) +
                                   (s->key.raw ? ", which moves raw bits" : ""));
  }
  if (req.mods.a16) return Status::Unimplemented("modifier A16 is not implemented in this release");
  if (req.image == nullptr) return Status::InvalidArgument("request has no image (T#)");
  const ImageDesc& img = *req.image;
  const bool writes = req.op.kind == OpKind::kStore || req.op.kind == OpKind::kAtomic;
  if (req.op.flags & kOpMip) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.mip, "mip", s));
  if (req.op.kind == OpKind::kGetResinfo) TEXUNIT_RETURN_IF_ERROR(Need(req, req.in.mip, "mip", s));
  TEXUNIT_RETURN_IF_ERROR(PrepareData(req, s));

  if (img.unbound) {
    // An unbound T# returns zeros and touches no memory; the other checks do not apply.
    s->key.unbound = true;
    return Status::Ok();
  }
  TEXUNIT_RETURN_IF_ERROR(PrepareImageType(req, *family, s));
  const ImageSetup* image = nullptr;
  TEXUNIT_RETURN_IF_ERROR(GetImageSetup(img, &image));
  s->plan = image->plan;
  s->box_reads = options.box_reads;
  if (!options.format_fast_paths && s->plan.path != FetchPath::kBlock) {
    s->plan.path = FetchPath::kPlain;
  }
  s->key.fetch_path = s->plan.path;
  s->key.numeric = s->plan.numeric;
  TEXUNIT_RETURN_IF_ERROR(CheckOpFormat(req, s->plan));
  if (req.op.kind == OpKind::kAtomic) TEXUNIT_RETURN_IF_ERROR(CheckAtomic(req, s));
  s->max_level = image->max_level;
  s->levels = image->levels;
  s->key.pow2_x = image->pow2_x;
  s->key.pow2_y = image->pow2_y;
  s->samples = image->samples;
  s->base_array = static_cast<int32_t>(img.base_array);
  s->view_layers = s->key.uses_layer ? static_cast<int32_t>(img.last_array) -
                                           static_cast<int32_t>(img.base_array) + 1
                                     : 1;
  if (req.op.kind == OpKind::kGetResinfo) return Status::Ok();        // reads no memory
  if (req.op.kind == OpKind::kGetLod) return PrepareSampler(req, s);  // reads no memory either

  if (req.memory == nullptr) return Status::InvalidArgument("request has no memory");
  uint8_t* host = req.memory->Resolve(img.base_address, image->total_bytes, writes);
  if (host == nullptr) {
    return Status::OutOfRange("T# footprint " + Hex(img.base_address) + ".." +
                              Hex(img.base_address + image->total_bytes) + " (" +
                              std::to_string(image->total_bytes) + " bytes) is not in " +
                              (writes ? "writable " : "") + "registered memory");
  }
  if (!HostAligned(*s, host)) {
    return Status::InvalidArgument("host memory for T#.BASE_ADDRESS=" + Hex(img.base_address) +
                                   " is not " + (s->key.atomic_64 ? "8" : "4") + "-byte aligned");
  }
  TEXUNIT_RETURN_IF_ERROR(PrepareResidency(req, image->total_bytes, s));
  s->store_host = host;
  s->footprint_bytes = image->total_bytes;
  s->writes = writes;
  s->host = host;
  if (image->total_bytes < 4) {
    std::memcpy(s->tiny, host, image->total_bytes);
    s->host = s->tiny;
    s->last_dword = 0;
  } else {
    s->last_dword = static_cast<int32_t>(std::min<uint64_t>(image->total_bytes - 4, 0x7FFFFFFF));
  }
  s->one_bits = s->key.raw ? 1u : s->plan.one_bits;
  // _PCK loads return the texel's dwords as DMASK selects them; the others go through DST_SEL
  // (GATHER4 through gather_sel).
  if (req.op.kind != OpKind::kAtomic && req.op.kind != OpKind::kGather4 && !s->key.raw) {
    for (int k = 0; k < s->ncomp; ++k) s->sel[k] = SelOf(img.dst_sel[s->sel[k]]);
  }
  if (IsSamplerOp(req.op.kind)) TEXUNIT_RETURN_IF_ERROR(PrepareSampler(req, s));
  return Status::Ok();
}

}  // namespace texunit
