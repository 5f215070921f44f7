// Decoded hardware descriptors: ImageDesc (an AMD T#) and SamplerDesc (an AMD S#), with codecs to
// and from the hardware dwords per generation. The core reads only the semantic fields at the top
// of each struct; the rest are kept so that Encode(Decode(dwords)) == dwords bit for bit.
// Bit layouts: src/isa/gcn/descriptor_fields.cc (one table per generation).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "texunit/formats.h"
#include "texunit/status.h"

namespace texunit {

// The hardware generations whose encodings texunit reads.
enum class Gfx : uint8_t {
  kGfx6,     // GCN 1.0, Southern Islands (tahiti)
  kGfx7,     // GCN 1.1, Sea Islands (bonaire)
  kGfx8,     // GCN 1.2, Volcanic Islands (tonga)
  kGfx9,     // Vega (gfx900)
  kGfx10,    // RDNA 1 (gfx1010)
  kGfx1030,  // RDNA 2 (gfx1030)
};
const char* GfxName(Gfx gfx);  // "gfx6" ... "gfx1030"
// Accepts gfx6|gfx7|gfx8|gfx9|gfx10|gfx1030 and the llvm -mcpu names tahiti|bonaire|tonga|gfx900|
// gfx1010.
Status ParseGfx(std::string_view name, Gfx* out);

// T# TYPE field.
enum class ImageType : uint8_t {
  k1D = 8,
  k2D = 9,
  k3D = 10,
  kCube = 11,
  k1DArray = 12,
  k2DArray = 13,
  k2DMsaa = 14,
  k2DMsaaArray = 15,
};
const char* ImageTypeName(ImageType t);

// T# DST_SEL_{X,Y,Z,W}: which texel channel (or constant) lands in each result component.
enum class DstSel : uint8_t { k0 = 0, k1 = 1, kX = 4, kY = 5, kZ = 6, kW = 7 };

struct ImageDesc {
  // --- Semantic fields (what the core uses) ---
  uint64_t base_address = 0;  // byte address; the T# stores it >> 8 (256-byte aligned)
  // The texel format (formats.h). The codecs translate the T#'s DATA_FORMAT x NUM_FORMAT (or
  // GFX10's FORMAT) to it; kInvalid when they name no format texunit knows, which requests
  // reject with a message naming the T# fields.
  FormatId format = FormatId::kInvalid;
  uint32_t width = 1;  // texels of the base (level 0) image
  uint32_t height = 1;
  // 3D: depth in texels. Arrays, cube and MSAA arrays: the layer count of the resource (T# DEPTH
  // + 1), counted in faces for cubes (6 per cube; the GFX6-8 codec converts its cube count).
  uint32_t depth = 1;
  uint32_t pitch = 1;  // texels per row of level 0 (T# PITCH + 1); >= width for linear images
  ImageType type = ImageType::k2D;
  DstSel dst_sel[4] = {DstSel::kX, DstSel::kY, DstSel::kZ, DstSel::kW};
  uint8_t base_level = 0;  // first level views see (mip 0 of the view)
  uint8_t last_level = 0;  // last level, inclusive
  uint32_t base_array = 0;
  uint32_t last_array = 0;
  uint16_t min_lod = 0;       // u4.8 resource LOD clamp
  uint16_t min_lod_warn = 0;  // u4.8 LWE threshold
  uint8_t tiling = 0;         // TILING_INDEX (GFX6-8) or SW_MODE (GFX9+), as encoded
  bool linear = true;         // set by the decoder: `tiling` selects a linear layout on this gen

  // --- Fields kept for bit-exact re-encoding; the core does not interpret them ---
  // GFX6-9 DATA_FORMAT and NUM_FORMAT as encoded when they name no format (format == kInvalid),
  // else 0: encoding writes the pair of `format` unless it is kInvalid.
  uint8_t data_format = 0;
  uint8_t num_format = 0;
  uint16_t gfx10_format = 0;  // GFX10+ unified FORMAT code as encoded
  uint8_t mtype = 0;
  uint8_t perf_mod = 0;
  bool interlaced = false;
  bool pow2_pad = false;
  bool atc = false;
  uint8_t counter_bank_id = 0;
  bool lod_hdw_cnt_en = false;
  bool compression_en = false;
  bool alpha_is_on_msb = false;
  bool color_transform = false;
  uint8_t lost_alpha_bits = 0;
  uint8_t lost_color_bits = 0;
  uint64_t meta_data_address = 0;
  bool nv = false;
  bool meta_direct = false;
  uint8_t bc_swizzle = 0;
  uint8_t array_pitch = 0;
  bool meta_linear = false;
  bool meta_pipe_aligned = false;
  bool meta_rb_aligned = false;
  uint8_t max_mip = 0;
  bool resource_level = false;
  bool corner_samples = false;
  bool linked_resource = false;
  bool prt_default = false;
  bool big_page = false;
  bool iterate_256 = false;                 // GFX10+ W6[10]
  uint8_t max_uncompressed_block_size = 0;  // GFX10+ W6[16:15]
  uint8_t max_compressed_block_size = 0;    // GFX10+ W6[18:17]
  bool write_compress_enable = false;       // GFX10+ W6[20]
  uint8_t llc_noalloc = 0;                  // GFX10.3 W6[9:8]
  // GFX10.3 W4[13] (PITCH_MSB) as encoded when DEPTH is not read as the pitch (see
  // src/isa/gcn/descriptor_codec.cc).
  bool pitch_msb = false;
  // Bits of each dword that no field of the decoded generation names, kept verbatim.
  uint32_t reserved[8] = {};

  // True when the T# was all zero: results are zero and no memory is touched.
  bool unbound = false;

  friend bool operator==(const ImageDesc&, const ImageDesc&) = default;
};

// S# enums.
enum class ClampMode : uint8_t {
  kWrap = 0,
  kMirror = 1,
  kClampLastTexel = 2,
  kMirrorOnceLastTexel = 3,
  kClampHalfBorder = 4,
  kMirrorOnceHalfBorder = 5,
  kClampBorder = 6,
  kMirrorOnceBorder = 7,
};
enum class XyFilter : uint8_t { kPoint = 0, kBilinear = 1, kAnisoPoint = 2, kAnisoBilinear = 3 };
enum class ZFilter : uint8_t { kNone = 0, kPoint = 1, kLinear = 2 };
enum class MipFilter : uint8_t { kNone = 0, kPoint = 1, kLinear = 2, kPointAnisoAdj = 3 };
enum class CompareFunc : uint8_t {
  kNever = 0,
  kLess = 1,
  kEqual = 2,
  kLessEqual = 3,
  kGreater = 4,
  kNotEqual = 5,
  kGreaterEqual = 6,
  kAlways = 7,
};
enum class FilterMode : uint8_t { kBlend = 0, kMin = 1, kMax = 2 };
enum class BorderColorType : uint8_t {
  kTransBlack = 0,
  kOpaqueBlack = 1,
  kOpaqueWhite = 2,
  kRegister = 3,
};
const char* ClampModeName(ClampMode m);

struct SamplerDesc {
  // --- Semantic fields ---
  ClampMode clamp_x = ClampMode::kWrap;
  ClampMode clamp_y = ClampMode::kWrap;
  ClampMode clamp_z = ClampMode::kWrap;
  uint8_t max_aniso_ratio = 0;  // 0..4 = 1x, 2x, 4x, 8x, 16x
  CompareFunc depth_compare_func = CompareFunc::kNever;
  bool force_unnormalized = false;
  uint16_t min_lod = 0;  // u4.8
  uint16_t max_lod = 0;  // u4.8
  int16_t lod_bias = 0;  // s5.8 (14-bit two's complement, sign-extended)
  XyFilter xy_mag_filter = XyFilter::kPoint;
  XyFilter xy_min_filter = XyFilter::kPoint;
  ZFilter z_filter = ZFilter::kNone;
  MipFilter mip_filter = MipFilter::kNone;
  FilterMode filter_mode = FilterMode::kBlend;
  uint16_t border_color_ptr = 0;
  BorderColorType border_color_type = BorderColorType::kTransBlack;

  // --- Fields kept for bit-exact re-encoding ---
  uint8_t aniso_threshold = 0;
  bool mc_coord_trunc = false;
  bool force_degamma = false;
  uint8_t aniso_bias = 0;
  bool trunc_coord = false;
  bool disable_cube_wrap = false;
  bool compat_mode = false;  // W0[31]: COMPAT_MODE (VI/GFX9), SKIP_DEGAMMA (GFX10)
  uint8_t perf_mip = 0;
  uint8_t perf_z = 0;
  uint8_t lod_bias_sec = 0;
  bool mip_point_preclamp = false;
  // W2[29]: DISABLE_LSB_CEIL (GFX6-8) / BLEND_ZERO_PRT (GFX9) / ANISO_OVERRIDE (GFX10)
  bool w2_bit29 = false;
  bool w2_bit30 = false;         // FILTER_PREC_FIX (GFX6-9) / BLEND_ZERO_PRT (GFX10)
  bool w2_bit31 = false;         // ANISO_OVERRIDE (GFX8/9) / DERIV_ADJUST_EN (GFX10)
  bool skip_degamma_w3 = false;  // GFX9 W3[12]
  bool upgraded_depth = false;   // GFX6-8 W3[29]
  uint32_t reserved[4] = {};

  friend bool operator==(const SamplerDesc&, const SamplerDesc&) = default;
};

// Codecs. `dwords` holds 4 (R128 / 128-bit T#) or 8 dwords for a T#, 4 for an S#.
// Decode fails with a Status naming the field for values the generation reserves (e.g. a TYPE
// of 0..7 in an image T#). Encode writes all 8 (or 4) dwords.
Status DecodeImageDesc(Gfx gfx, std::span<const uint32_t> dwords, ImageDesc* out);
Status EncodeImageDesc(Gfx gfx, const ImageDesc& desc, std::span<uint32_t> dwords);
Status DecodeSamplerDesc(Gfx gfx, std::span<const uint32_t> dwords, SamplerDesc* out);
Status EncodeSamplerDesc(Gfx gfx, const SamplerDesc& desc, std::span<uint32_t> dwords);

// Convenience for users who build descriptors by hand: a linear 2D image with `levels` mip
// levels at `base_address`, pitch = width, identity swizzle.
ImageDesc MakeImage2D(FormatId format, uint32_t width, uint32_t height, uint32_t levels,
                      uint64_t base_address);

}  // namespace texunit
