// T# / S# decode and encode. Both directions walk the generation's field table
// (descriptor_fields.cc); this file adds only what a table cannot say:
//  - R128: a 4-dword T# is read as if W4..W7 were zero, except that GFX6-9 PITCH (in W4) reads as
//    the width (pitch 1 would describe no image). Encoding into 4 dwords succeeds when the words
//    it drops are exactly what reading the 4 dwords back assumes, and fails naming the first word
//    that differs otherwise.
//  - validation of enumerated fields (TYPE, DST_SEL_*, MAX_ANISO_RATIO, Z_FILTER, FILTER_MODE,
//    MIP_FILTER), with messages naming the field and value;
//  - the derived semantic fields:
//      unbound   all eight dwords zero (GFX10+: ignoring RESOURCE_LEVEL). Decodes to a default
//                ImageDesc with unbound = true; encodes back to zeros (+ RESOURCE_LEVEL).
//      linear    IsLinearTiling(gfx, tiling). On encode a linear image whose `tiling` is not a
//                linear mode gets CanonicalLinearTiling(gfx).
//      format    GFX6-9: AmdFormatToFormatId(DATA_FORMAT, NUM_FORMAT) (texunit/amd_formats.h);
//                the pair itself is kept in data_format/num_format only when it names no format.
//                GFX10+: from the unified FORMAT code (isa/rdna/gfx10_formats.h) through its pair;
//                the code itself is kept in gfx10_format. On encode a valid `format` decides the
//                fields (the kept code when it still names `format`, otherwise the lowest code for
//                it); kInvalid writes the kept fields back.
//      depth     CUBE on GFX6-8: DEPTH holds cubes - 1 (radeonsi/radv) while BASE/LAST_ARRAY count
//                faces, so the decoder sets depth = 6 * (DEPTH + 1), the layer count in faces, as
//                GFX9+ hold it; the encoder writes depth / 6 - 1 and needs a multiple of 6.
//      last_array GFX9+: no LAST_ARRAY field; DEPTH holds the last layer of non-3D images and
//                depth - 1 of 3D ones, so the decoder sets depth = DEPTH + 1 and last_array =
//                DEPTH. The encoder writes depth - 1 and accepts last_array == depth - 1 or 0.
//      pitch     GFX10/10.3 have no PITCH field: pitch = width. Exception, GFX10.3: for 1D, 2D and
//                2D_MSAA images, DEPTH (W4[12:0]) with PITCH_MSB (W4[13]) is pitch - 1 when that
//                exceeds width - 1 (PAL gfx9Device.cpp: "(pitch-1)[12:0] of mip 0 for 1D, 2D and
//                2D MSAA in GFX10.3+, if pitch > width"; Mesa ac_descriptors.c writes
//                PITCH_MSB = (pitch - 1) >> 13). The decoder then sets pitch = that + 1, depth = 1,
//                last_array = 0; otherwise pitch = width and DEPTH/PITCH_MSB decode as usual.
//                TA_CNTL_AUX.DEPTH_AS_WIDTH_DIS is assumed 0, which PAL states as a condition.
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <iterator>
#include <string>

#include "isa/gcn/descriptor_fields.h"
#include "isa/rdna/gfx10_formats.h"
#include "texunit/amd_formats.h"
#include "texunit/descriptors.h"

namespace texunit {
namespace gcn {

// ------------------------------------------------------------------------------------------------
// Member access
// ------------------------------------------------------------------------------------------------

uint64_t GetImageMember(const ImageDesc& d, ImageMember m) {
  switch (m) {
    case ImageMember::kReserved:
    case ImageMember::kCount:
      return 0;
    case ImageMember::kBaseAddress:
      return d.base_address;
    case ImageMember::kMinLod:
      return d.min_lod;
    case ImageMember::kDataFormat:
      return d.data_format;
    case ImageMember::kNumFormat:
      return d.num_format;
    case ImageMember::kGfx10Format:
      return d.gfx10_format;
    case ImageMember::kWidth:
      return d.width;
    case ImageMember::kHeight:
      return d.height;
    case ImageMember::kDepth:
      return d.depth;
    case ImageMember::kPitch:
      return d.pitch;
    case ImageMember::kType:
      return static_cast<uint64_t>(d.type);
    case ImageMember::kDstSelX:
      return static_cast<uint64_t>(d.dst_sel[0]);
    case ImageMember::kDstSelY:
      return static_cast<uint64_t>(d.dst_sel[1]);
    case ImageMember::kDstSelZ:
      return static_cast<uint64_t>(d.dst_sel[2]);
    case ImageMember::kDstSelW:
      return static_cast<uint64_t>(d.dst_sel[3]);
    case ImageMember::kBaseLevel:
      return d.base_level;
    case ImageMember::kLastLevel:
      return d.last_level;
    case ImageMember::kBaseArray:
      return d.base_array;
    case ImageMember::kLastArray:
      return d.last_array;
    case ImageMember::kMinLodWarn:
      return d.min_lod_warn;
    case ImageMember::kTiling:
      return d.tiling;
    case ImageMember::kMtype:
      return d.mtype;
    case ImageMember::kPerfMod:
      return d.perf_mod;
    case ImageMember::kInterlaced:
      return d.interlaced;
    case ImageMember::kPow2Pad:
      return d.pow2_pad;
    case ImageMember::kAtc:
      return d.atc;
    case ImageMember::kCounterBankId:
      return d.counter_bank_id;
    case ImageMember::kLodHdwCntEn:
      return d.lod_hdw_cnt_en;
    case ImageMember::kCompressionEn:
      return d.compression_en;
    case ImageMember::kAlphaIsOnMsb:
      return d.alpha_is_on_msb;
    case ImageMember::kColorTransform:
      return d.color_transform;
    case ImageMember::kLostAlphaBits:
      return d.lost_alpha_bits;
    case ImageMember::kLostColorBits:
      return d.lost_color_bits;
    case ImageMember::kMetaDataAddress:
      return d.meta_data_address;
    case ImageMember::kNv:
      return d.nv;
    case ImageMember::kMetaDirect:
      return d.meta_direct;
    case ImageMember::kBcSwizzle:
      return d.bc_swizzle;
    case ImageMember::kArrayPitch:
      return d.array_pitch;
    case ImageMember::kMetaLinear:
      return d.meta_linear;
    case ImageMember::kMetaPipeAligned:
      return d.meta_pipe_aligned;
    case ImageMember::kMetaRbAligned:
      return d.meta_rb_aligned;
    case ImageMember::kMaxMip:
      return d.max_mip;
    case ImageMember::kResourceLevel:
      return d.resource_level;
    case ImageMember::kCornerSamples:
      return d.corner_samples;
    case ImageMember::kLinkedResource:
      return d.linked_resource;
    case ImageMember::kPrtDefault:
      return d.prt_default;
    case ImageMember::kBigPage:
      return d.big_page;
    case ImageMember::kIterate256:
      return d.iterate_256;
    case ImageMember::kMaxUncompressedBlockSize:
      return d.max_uncompressed_block_size;
    case ImageMember::kMaxCompressedBlockSize:
      return d.max_compressed_block_size;
    case ImageMember::kWriteCompressEnable:
      return d.write_compress_enable;
    case ImageMember::kLlcNoalloc:
      return d.llc_noalloc;
    case ImageMember::kPitchMsb:
      return d.pitch_msb;
  }
  return 0;
}

void SetImageMember(ImageDesc* d, ImageMember m, uint64_t v) {
  switch (m) {
    case ImageMember::kReserved:
    case ImageMember::kCount:
      return;
    case ImageMember::kBaseAddress:
      d->base_address = v;
      return;
    case ImageMember::kMinLod:
      d->min_lod = static_cast<uint16_t>(v);
      return;
    case ImageMember::kDataFormat:
      d->data_format = static_cast<uint8_t>(v);
      return;
    case ImageMember::kNumFormat:
      d->num_format = static_cast<uint8_t>(v);
      return;
    case ImageMember::kGfx10Format:
      d->gfx10_format = static_cast<uint16_t>(v);
      return;
    case ImageMember::kWidth:
      d->width = static_cast<uint32_t>(v);
      return;
    case ImageMember::kHeight:
      d->height = static_cast<uint32_t>(v);
      return;
    case ImageMember::kDepth:
      d->depth = static_cast<uint32_t>(v);
      return;
    case ImageMember::kPitch:
      d->pitch = static_cast<uint32_t>(v);
      return;
    case ImageMember::kType:
      d->type = static_cast<ImageType>(v);
      return;
    case ImageMember::kDstSelX:
      d->dst_sel[0] = static_cast<DstSel>(v);
      return;
    case ImageMember::kDstSelY:
      d->dst_sel[1] = static_cast<DstSel>(v);
      return;
    case ImageMember::kDstSelZ:
      d->dst_sel[2] = static_cast<DstSel>(v);
      return;
    case ImageMember::kDstSelW:
      d->dst_sel[3] = static_cast<DstSel>(v);
      return;
    case ImageMember::kBaseLevel:
      d->base_level = static_cast<uint8_t>(v);
      return;
    case ImageMember::kLastLevel:
      d->last_level = static_cast<uint8_t>(v);
      return;
    case ImageMember::kBaseArray:
      d->base_array = static_cast<uint32_t>(v);
      return;
    case ImageMember::kLastArray:
      d->last_array = static_cast<uint32_t>(v);
      return;
    case ImageMember::kMinLodWarn:
      d->min_lod_warn = static_cast<uint16_t>(v);
      return;
    case ImageMember::kTiling:
      d->tiling = static_cast<uint8_t>(v);
      return;
    case ImageMember::kMtype:
      d->mtype = static_cast<uint8_t>(v);
      return;
    case ImageMember::kPerfMod:
      d->perf_mod = static_cast<uint8_t>(v);
      return;
    case ImageMember::kInterlaced:
      d->interlaced = v != 0;
      return;
    case ImageMember::kPow2Pad:
      d->pow2_pad = v != 0;
      return;
    case ImageMember::kAtc:
      d->atc = v != 0;
      return;
    case ImageMember::kCounterBankId:
      d->counter_bank_id = static_cast<uint8_t>(v);
      return;
    case ImageMember::kLodHdwCntEn:
      d->lod_hdw_cnt_en = v != 0;
      return;
    case ImageMember::kCompressionEn:
      d->compression_en = v != 0;
      return;
    case ImageMember::kAlphaIsOnMsb:
      d->alpha_is_on_msb = v != 0;
      return;
    case ImageMember::kColorTransform:
      d->color_transform = v != 0;
      return;
    case ImageMember::kLostAlphaBits:
      d->lost_alpha_bits = static_cast<uint8_t>(v);
      return;
    case ImageMember::kLostColorBits:
      d->lost_color_bits = static_cast<uint8_t>(v);
      return;
    case ImageMember::kMetaDataAddress:
      d->meta_data_address = v;
      return;
    case ImageMember::kNv:
      d->nv = v != 0;
      return;
    case ImageMember::kMetaDirect:
      d->meta_direct = v != 0;
      return;
    case ImageMember::kBcSwizzle:
      d->bc_swizzle = static_cast<uint8_t>(v);
      return;
    case ImageMember::kArrayPitch:
      d->array_pitch = static_cast<uint8_t>(v);
      return;
    case ImageMember::kMetaLinear:
      d->meta_linear = v != 0;
      return;
    case ImageMember::kMetaPipeAligned:
      d->meta_pipe_aligned = v != 0;
      return;
    case ImageMember::kMetaRbAligned:
      d->meta_rb_aligned = v != 0;
      return;
    case ImageMember::kMaxMip:
      d->max_mip = static_cast<uint8_t>(v);
      return;
    case ImageMember::kResourceLevel:
      d->resource_level = v != 0;
      return;
    case ImageMember::kCornerSamples:
      d->corner_samples = v != 0;
      return;
    case ImageMember::kLinkedResource:
      d->linked_resource = v != 0;
      return;
    case ImageMember::kPrtDefault:
      d->prt_default = v != 0;
      return;
    case ImageMember::kBigPage:
      d->big_page = v != 0;
      return;
    case ImageMember::kIterate256:
      d->iterate_256 = v != 0;
      return;
    case ImageMember::kMaxUncompressedBlockSize:
      d->max_uncompressed_block_size = static_cast<uint8_t>(v);
      return;
    case ImageMember::kMaxCompressedBlockSize:
      d->max_compressed_block_size = static_cast<uint8_t>(v);
      return;
    case ImageMember::kWriteCompressEnable:
      d->write_compress_enable = v != 0;
      return;
    case ImageMember::kLlcNoalloc:
      d->llc_noalloc = static_cast<uint8_t>(v);
      return;
    case ImageMember::kPitchMsb:
      d->pitch_msb = v != 0;
      return;
  }
}

uint64_t GetSamplerMember(const SamplerDesc& d, SamplerMember m) {
  switch (m) {
    case SamplerMember::kReserved:
    case SamplerMember::kCount:
      return 0;
    case SamplerMember::kClampX:
      return static_cast<uint64_t>(d.clamp_x);
    case SamplerMember::kClampY:
      return static_cast<uint64_t>(d.clamp_y);
    case SamplerMember::kClampZ:
      return static_cast<uint64_t>(d.clamp_z);
    case SamplerMember::kMaxAnisoRatio:
      return d.max_aniso_ratio;
    case SamplerMember::kDepthCompareFunc:
      return static_cast<uint64_t>(d.depth_compare_func);
    case SamplerMember::kForceUnnormalized:
      return d.force_unnormalized;
    case SamplerMember::kAnisoThreshold:
      return d.aniso_threshold;
    case SamplerMember::kMcCoordTrunc:
      return d.mc_coord_trunc;
    case SamplerMember::kForceDegamma:
      return d.force_degamma;
    case SamplerMember::kAnisoBias:
      return d.aniso_bias;
    case SamplerMember::kTruncCoord:
      return d.trunc_coord;
    case SamplerMember::kDisableCubeWrap:
      return d.disable_cube_wrap;
    case SamplerMember::kFilterMode:
      return static_cast<uint64_t>(d.filter_mode);
    case SamplerMember::kCompatMode:
      return d.compat_mode;
    case SamplerMember::kMinLod:
      return d.min_lod;
    case SamplerMember::kMaxLod:
      return d.max_lod;
    case SamplerMember::kPerfMip:
      return d.perf_mip;
    case SamplerMember::kPerfZ:
      return d.perf_z;
    case SamplerMember::kLodBias:
      return static_cast<uint64_t>(static_cast<int64_t>(d.lod_bias));
    case SamplerMember::kLodBiasSec:
      return d.lod_bias_sec;
    case SamplerMember::kXyMagFilter:
      return static_cast<uint64_t>(d.xy_mag_filter);
    case SamplerMember::kXyMinFilter:
      return static_cast<uint64_t>(d.xy_min_filter);
    case SamplerMember::kZFilter:
      return static_cast<uint64_t>(d.z_filter);
    case SamplerMember::kMipFilter:
      return static_cast<uint64_t>(d.mip_filter);
    case SamplerMember::kMipPointPreclamp:
      return d.mip_point_preclamp;
    case SamplerMember::kW2Bit29:
      return d.w2_bit29;
    case SamplerMember::kW2Bit30:
      return d.w2_bit30;
    case SamplerMember::kW2Bit31:
      return d.w2_bit31;
    case SamplerMember::kBorderColorPtr:
      return d.border_color_ptr;
    case SamplerMember::kSkipDegammaW3:
      return d.skip_degamma_w3;
    case SamplerMember::kUpgradedDepth:
      return d.upgraded_depth;
    case SamplerMember::kBorderColorType:
      return static_cast<uint64_t>(d.border_color_type);
  }
  return 0;
}

void SetSamplerMember(SamplerDesc* d, SamplerMember m, uint64_t v) {
  switch (m) {
    case SamplerMember::kReserved:
    case SamplerMember::kCount:
      return;
    case SamplerMember::kClampX:
      d->clamp_x = static_cast<ClampMode>(v);
      return;
    case SamplerMember::kClampY:
      d->clamp_y = static_cast<ClampMode>(v);
      return;
    case SamplerMember::kClampZ:
      d->clamp_z = static_cast<ClampMode>(v);
      return;
    case SamplerMember::kMaxAnisoRatio:
      d->max_aniso_ratio = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kDepthCompareFunc:
      d->depth_compare_func = static_cast<CompareFunc>(v);
      return;
    case SamplerMember::kForceUnnormalized:
      d->force_unnormalized = v != 0;
      return;
    case SamplerMember::kAnisoThreshold:
      d->aniso_threshold = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kMcCoordTrunc:
      d->mc_coord_trunc = v != 0;
      return;
    case SamplerMember::kForceDegamma:
      d->force_degamma = v != 0;
      return;
    case SamplerMember::kAnisoBias:
      d->aniso_bias = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kTruncCoord:
      d->trunc_coord = v != 0;
      return;
    case SamplerMember::kDisableCubeWrap:
      d->disable_cube_wrap = v != 0;
      return;
    case SamplerMember::kFilterMode:
      d->filter_mode = static_cast<FilterMode>(v);
      return;
    case SamplerMember::kCompatMode:
      d->compat_mode = v != 0;
      return;
    case SamplerMember::kMinLod:
      d->min_lod = static_cast<uint16_t>(v);
      return;
    case SamplerMember::kMaxLod:
      d->max_lod = static_cast<uint16_t>(v);
      return;
    case SamplerMember::kPerfMip:
      d->perf_mip = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kPerfZ:
      d->perf_z = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kLodBias:
      d->lod_bias = static_cast<int16_t>(static_cast<int64_t>(v));
      return;
    case SamplerMember::kLodBiasSec:
      d->lod_bias_sec = static_cast<uint8_t>(v);
      return;
    case SamplerMember::kXyMagFilter:
      d->xy_mag_filter = static_cast<XyFilter>(v);
      return;
    case SamplerMember::kXyMinFilter:
      d->xy_min_filter = static_cast<XyFilter>(v);
      return;
    case SamplerMember::kZFilter:
      d->z_filter = static_cast<ZFilter>(v);
      return;
    case SamplerMember::kMipFilter:
      d->mip_filter = static_cast<MipFilter>(v);
      return;
    case SamplerMember::kMipPointPreclamp:
      d->mip_point_preclamp = v != 0;
      return;
    case SamplerMember::kW2Bit29:
      d->w2_bit29 = v != 0;
      return;
    case SamplerMember::kW2Bit30:
      d->w2_bit30 = v != 0;
      return;
    case SamplerMember::kW2Bit31:
      d->w2_bit31 = v != 0;
      return;
    case SamplerMember::kBorderColorPtr:
      d->border_color_ptr = static_cast<uint16_t>(v);
      return;
    case SamplerMember::kSkipDegammaW3:
      d->skip_degamma_w3 = v != 0;
      return;
    case SamplerMember::kUpgradedDepth:
      d->upgraded_depth = v != 0;
      return;
    case SamplerMember::kBorderColorType:
      d->border_color_type = static_cast<BorderColorType>(v);
      return;
  }
}

namespace {

constexpr const char* kImageMemberNames[] = {
    "reserved",
    "base_address",
    "min_lod",
    "data_format",
    "num_format",
    "gfx10_format",
    "width",
    "height",
    "depth",
    "pitch",
    "type",
    "dst_sel[0]",
    "dst_sel[1]",
    "dst_sel[2]",
    "dst_sel[3]",
    "base_level",
    "last_level",
    "base_array",
    "last_array",
    "min_lod_warn",
    "tiling",
    "mtype",
    "perf_mod",
    "interlaced",
    "pow2_pad",
    "atc",
    "counter_bank_id",
    "lod_hdw_cnt_en",
    "compression_en",
    "alpha_is_on_msb",
    "color_transform",
    "lost_alpha_bits",
    "lost_color_bits",
    "meta_data_address",
    "nv",
    "meta_direct",
    "bc_swizzle",
    "array_pitch",
    "meta_linear",
    "meta_pipe_aligned",
    "meta_rb_aligned",
    "max_mip",
    "resource_level",
    "corner_samples",
    "linked_resource",
    "prt_default",
    "big_page",
    "iterate_256",
    "max_uncompressed_block_size",
    "max_compressed_block_size",
    "write_compress_enable",
    "llc_noalloc",
    "pitch_msb",
};
static_assert(std::size(kImageMemberNames) == static_cast<size_t>(ImageMember::kCount));

constexpr const char* kSamplerMemberNames[] = {
    "reserved",
    "clamp_x",
    "clamp_y",
    "clamp_z",
    "max_aniso_ratio",
    "depth_compare_func",
    "force_unnormalized",
    "aniso_threshold",
    "mc_coord_trunc",
    "force_degamma",
    "aniso_bias",
    "trunc_coord",
    "disable_cube_wrap",
    "filter_mode",
    "compat_mode",
    "min_lod",
    "max_lod",
    "perf_mip",
    "perf_z",
    "lod_bias",
    "lod_bias_sec",
    "xy_mag_filter",
    "xy_min_filter",
    "z_filter",
    "mip_filter",
    "mip_point_preclamp",
    "w2_bit29",
    "w2_bit30",
    "w2_bit31",
    "border_color_ptr",
    "skip_degamma_w3",
    "upgraded_depth",
    "border_color_type",
};
static_assert(std::size(kSamplerMemberNames) == static_cast<size_t>(SamplerMember::kCount));

}  // namespace

const char* ImageMemberName(ImageMember m) {
  const auto i = static_cast<size_t>(m);
  return i < std::size(kImageMemberNames) ? kImageMemberNames[i] : "?";
}

const char* SamplerMemberName(SamplerMember m) {
  const auto i = static_cast<size_t>(m);
  return i < std::size(kSamplerMemberNames) ? kSamplerMemberNames[i] : "?";
}

}  // namespace gcn

// ------------------------------------------------------------------------------------------------
// The table walk, shared by T# and S#
// ------------------------------------------------------------------------------------------------

namespace {

using gcn::FieldSpec;
using gcn::FieldXform;
using gcn::ImageFieldSpec;
using gcn::ImageMember;
using gcn::SamplerFieldSpec;
using gcn::SamplerMember;

// Per member: the bits of its (transformed) value the table carries, and the transform.
template <typename Member>
struct MemberLayout {
  static constexpr size_t kCount = static_cast<size_t>(Member::kCount);
  uint64_t mask[kCount] = {};
  FieldXform xform[kCount] = {};
  const char* name[kCount] = {};  // first field naming the member

  explicit MemberLayout(std::span<const FieldSpec<Member>> table) {
    for (const FieldSpec<Member>& f : table) {
      const auto i = static_cast<size_t>(f.member);
      mask[i] |= f.MemberMask();
      xform[i] = f.xform;
      if (name[i] == nullptr) name[i] = f.name;
    }
  }
  bool Has(Member m) const { return mask[static_cast<size_t>(m)] != 0; }
};

// The hardware name of a member's field: "WIDTH" for WIDTH_LO/WIDTH_HI, etc.
template <typename Member>
std::string HwName(const MemberLayout<Member>& layout, Member m) {
  const char* n = layout.name[static_cast<size_t>(m)];
  if (n == nullptr) return "?";
  std::string s(n);
  if (s.size() > 3 && (s.ends_with("_LO") || s.ends_with("_HI"))) s.resize(s.size() - 3);
  return s;
}

// Gathers the table's fields out of `dw` into raw member values (no transform applied yet) and
// the RESERVED bits into `reserved`.
template <typename Member>
void Extract(std::span<const FieldSpec<Member>> table, const uint32_t* dw,
             uint64_t* raw /* [Member::kCount] */, uint32_t* reserved) {
  for (const FieldSpec<Member>& f : table) {
    const uint32_t bits = dw[f.dword] & f.DwordMask();
    if (f.member == Member::kReserved) {
      reserved[f.dword] |= bits;
    } else {
      raw[static_cast<size_t>(f.member)] |= uint64_t{bits >> f.lo} << f.member_lo;
    }
  }
}

// The member value a raw (stored) value decodes to.
uint64_t ApplyXform(FieldXform x, uint64_t mask, uint64_t raw) {
  switch (x) {
    case FieldXform::kNone:
      return raw;
    case FieldXform::kMinus1:
      return raw + 1;
    case FieldXform::kSigned: {
      const int top = 63 - std::countl_zero(mask);
      return (raw >> top) & 1 ? raw | ~mask : raw;
    }
  }
  return raw;
}

// The stored value of member value `v`, or an error naming the field when it does not fit.
template <typename Member>
Status InverseXform(const MemberLayout<Member>& layout, Member m, uint64_t v, const char* what,
                    Gfx gfx, const char* member_name, uint64_t* stored) {
  const auto i = static_cast<size_t>(m);
  const uint64_t mask = layout.mask[i];
  const auto field = [&] { return std::string(what) + "." + HwName(layout, m); };
  switch (layout.xform[i]) {
    case FieldXform::kNone:
      if ((v & ~mask) != 0) {
        const bool contiguous_from_0 = (mask & (mask + 1)) == 0;
        return Status::InvalidArgument(
            field() + ": " + member_name + "=" + (contiguous_from_0 ? std::to_string(v) : Hex(v)) +
            " does not fit " + GfxName(gfx) + "'s field" +
            (contiguous_from_0 ? " (0.." + std::to_string(mask) + ")"
                               : " (representable bits " + Hex(mask) + ")"));
      }
      *stored = v;
      return Status::Ok();
    case FieldXform::kMinus1:
      if (v == 0 || ((v - 1) & ~mask) != 0) {
        return Status::InvalidArgument(field() + ": " + member_name + "=" + std::to_string(v) +
                                       " does not fit " + GfxName(gfx) + "'s field (1.." +
                                       std::to_string(mask + 1) + ")");
      }
      *stored = v - 1;
      return Status::Ok();
    case FieldXform::kSigned: {
      const auto sv = static_cast<int64_t>(v);
      const int bits = 64 - std::countl_zero(mask);
      const int64_t lo = -(int64_t{1} << (bits - 1));
      const int64_t hi = (int64_t{1} << (bits - 1)) - 1;
      if (sv < lo || sv > hi) {
        return Status::InvalidArgument(field() + ": " + member_name + "=" + std::to_string(sv) +
                                       " does not fit " + GfxName(gfx) + "'s " +
                                       std::to_string(bits) + "-bit signed field (" +
                                       std::to_string(lo) + ".." + std::to_string(hi) + ")");
      }
      *stored = v & mask;
      return Status::Ok();
    }
  }
  return Status::Internal("bad FieldXform");
}

// Scatters stored member values and the RESERVED bits into `dw`.
template <typename Member>
void Insert(std::span<const FieldSpec<Member>> table, const uint64_t* stored,
            const uint32_t* reserved, uint32_t* dw) {
  for (const FieldSpec<Member>& f : table) {
    if (f.member == Member::kReserved) {
      dw[f.dword] |= reserved[f.dword] & f.DwordMask();
    } else {
      const uint64_t v = stored[static_cast<size_t>(f.member)] >> f.member_lo;
      dw[f.dword] |= (static_cast<uint32_t>(v) << f.lo) & f.DwordMask();
    }
  }
}

Status BadGfx(Gfx gfx) {
  return Status::InvalidArgument("unknown Gfx value " + std::to_string(static_cast<int>(gfx)));
}

// ------------------------------------------------------------------------------------------------
// T#
// ------------------------------------------------------------------------------------------------

constexpr ImageMember kDstSelMembers[4] = {ImageMember::kDstSelX, ImageMember::kDstSelY,
                                           ImageMember::kDstSelZ, ImageMember::kDstSelW};
constexpr const char* kDstSelFields[4] = {"DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W"};

Status CheckImageType(uint64_t type) {
  if (type < 8 || type > 15) {
    return Status::InvalidArgument("T#.TYPE=" + std::to_string(type) +
                                   " is reserved (image types are 8..15)");
  }
  return Status::Ok();
}

Status CheckDstSel(int channel, uint64_t sel) {
  if (sel == 2 || sel == 3 || sel > 7) {
    return Status::InvalidArgument(std::string("T#.") + kDstSelFields[channel] + "=" +
                                   std::to_string(sel) + " is reserved (0, 1 or 4..7)");
  }
  return Status::Ok();
}

// GFX10.3 reads DEPTH/PITCH_MSB as the pitch of these image types.
bool HasGfx1030Pitch(ImageType t) {
  return t == ImageType::k1D || t == ImageType::k2D || t == ImageType::k2DMsaa;
}

// RESOURCE_LEVEL bits per dword (GFX10+), which do not count against "all zero".
void ResourceLevelMask(std::span<const ImageFieldSpec> table, uint32_t* mask) {
  for (const ImageFieldSpec& f : table) {
    if (f.member == ImageMember::kResourceLevel) mask[f.dword] |= f.DwordMask();
  }
}

constexpr uint32_t kGfx1030PitchBits = 14;  // DEPTH[12:0] + PITCH_MSB

}  // namespace

Status DecodeImageDesc(Gfx gfx, std::span<const uint32_t> dwords, ImageDesc* out) {
  if (out == nullptr) return Status::InvalidArgument("DecodeImageDesc: out is null");
  if (dwords.size() != 4 && dwords.size() != 8) {
    return Status::InvalidArgument("T# needs 4 or 8 dwords, got " + std::to_string(dwords.size()));
  }
  const std::span<const ImageFieldSpec> table = gcn::ImageFieldTable(gfx);
  if (table.empty()) return BadGfx(gfx);

  uint32_t dw[gcn::kImageDescDwords] = {};  // R128: words 4..7 read as zero
  for (size_t i = 0; i < dwords.size(); ++i) dw[i] = dwords[i];

  uint32_t level_mask[gcn::kImageDescDwords] = {};
  ResourceLevelMask(table, level_mask);
  bool zero = true;
  bool level = false;
  for (int i = 0; i < gcn::kImageDescDwords; ++i) {
    zero = zero && (dw[i] & ~level_mask[i]) == 0;
    level = level || (dw[i] & level_mask[i]) != 0;
  }
  if (zero) {
    ImageDesc d;
    d.unbound = true;
    d.resource_level = level;
    *out = d;
    return Status::Ok();
  }

  const MemberLayout<ImageMember> layout(table);
  uint64_t raw[static_cast<size_t>(ImageMember::kCount)] = {};
  ImageDesc d;
  Extract(table, dw, raw, d.reserved);

  TEXUNIT_RETURN_IF_ERROR(CheckImageType(raw[static_cast<size_t>(ImageMember::kType)]));
  for (int c = 0; c < 4; ++c) {
    TEXUNIT_RETURN_IF_ERROR(CheckDstSel(c, raw[static_cast<size_t>(kDstSelMembers[c])]));
  }

  for (size_t i = 1; i < static_cast<size_t>(ImageMember::kCount); ++i) {
    const auto m = static_cast<ImageMember>(i);
    if (!layout.Has(m)) continue;
    gcn::SetImageMember(&d, m, ApplyXform(layout.xform[i], layout.mask[i], raw[i]));
  }

  d.linear = gcn::IsLinearTiling(gfx, d.tiling);
  if (gfx < Gfx::kGfx10) {
    TEXUNIT_RETURN_IF_ERROR(CheckAmdFormatFields(
        gfx, {static_cast<DataFormat>(d.data_format), static_cast<NumFormat>(d.num_format)}));
    // The pair is kept only when it names no format (see ImageDesc::data_format).
    d.format = AmdFormatToFormatId(
        gfx, {static_cast<DataFormat>(d.data_format), static_cast<NumFormat>(d.num_format)});
    if (d.format != FormatId::kInvalid) d.data_format = d.num_format = 0;
  }
  if (dwords.size() == 4 && layout.Has(ImageMember::kPitch)) d.pitch = d.width;
  if (gfx <= Gfx::kGfx8 && d.type == ImageType::kCube) d.depth *= 6;
  if (gfx >= Gfx::kGfx9) d.last_array = d.depth - 1;
  if (gfx >= Gfx::kGfx10) {
    d.format = AmdFormatToFormatId(gfx, rdna::Gfx10FormatToAmdFormat(d.gfx10_format));
    d.pitch = d.width;
    if (gfx == Gfx::kGfx1030 && HasGfx1030Pitch(d.type)) {
      const uint32_t r = (d.depth - 1) | (uint32_t{d.pitch_msb} << 13);
      if (r + 1 > d.width) {
        d.pitch = r + 1;
        d.depth = 1;
        d.last_array = 0;
        d.pitch_msb = false;
      }
    }
  }
  *out = d;
  return Status::Ok();
}

Status EncodeImageDesc(Gfx gfx, const ImageDesc& desc, std::span<uint32_t> dwords) {
  if (dwords.size() != 4 && dwords.size() != 8) {
    return Status::InvalidArgument("T# needs 4 or 8 dwords, got " + std::to_string(dwords.size()));
  }
  const std::span<const ImageFieldSpec> table = gcn::ImageFieldTable(gfx);
  if (table.empty()) return BadGfx(gfx);
  const MemberLayout<ImageMember> layout(table);
  uint32_t dw[gcn::kImageDescDwords] = {};

  if (desc.unbound) {
    if (desc.resource_level) ResourceLevelMask(table, dw);
  } else {
    ImageDesc d = desc;
    TEXUNIT_RETURN_IF_ERROR(CheckImageType(static_cast<uint64_t>(d.type)));
    for (int c = 0; c < 4; ++c) {
      TEXUNIT_RETURN_IF_ERROR(CheckDstSel(c, static_cast<uint64_t>(d.dst_sel[c])));
    }

    if (gcn::IsLinearTiling(gfx, d.tiling) != d.linear) {
      if (!d.linear) {
        return Status::InvalidArgument("T#." + HwName(layout, ImageMember::kTiling) + "=" +
                                       std::to_string(d.tiling) + " selects a linear layout on " +
                                       GfxName(gfx) + " but ImageDesc::linear is false");
      }
      d.tiling = gcn::CanonicalLinearTiling(gfx);
    }

    if (gfx <= Gfx::kGfx8 && d.type == ImageType::kCube) {
      if (d.depth % 6 != 0) {
        return Status::InvalidArgument("T#.DEPTH: a CUBE image on " + std::string(GfxName(gfx)) +
                                       " counts cubes, so depth=" + std::to_string(d.depth) +
                                       " (faces) must be a multiple of 6");
      }
      d.depth /= 6;
    }
    if (gfx >= Gfx::kGfx9 && d.last_array != 0 && d.last_array + 1 != d.depth) {
      return Status::InvalidArgument(
          std::string("T#.DEPTH: ") + GfxName(gfx) +
          " has no LAST_ARRAY field (DEPTH holds the last layer), so last_array=" +
          std::to_string(d.last_array) + " must be depth-1=" + std::to_string(d.depth - 1) +
          " or 0");
    }

    if (gfx < Gfx::kGfx10 && d.format != FormatId::kInvalid) {
      AmdFormat pair;
      if (!FormatIdToAmdFormat(gfx, d.format, &pair)) {
        return Status::InvalidArgument(std::string("T#.DATA_FORMAT/NUM_FORMAT: format ") +
                                       FormatName(d.format) + " does not exist on " + GfxName(gfx));
      }
      d.data_format = static_cast<uint8_t>(pair.data);
      d.num_format = static_cast<uint8_t>(pair.num);
    }
    if (gfx >= Gfx::kGfx10) {
      // The kept code wins while it still names `format` (32_FLOAT_CLAMP is R32_FLOAT too).
      const FormatId kept = AmdFormatToFormatId(gfx, rdna::Gfx10FormatToAmdFormat(d.gfx10_format));
      if (d.format != FormatId::kInvalid && kept != d.format) {
        AmdFormat pair;
        uint16_t code = 0;
        if (!FormatIdToAmdFormat(gfx, d.format, &pair) ||
            !rdna::AmdFormatToGfx10Format(pair, &code)) {
          return Status::InvalidArgument(std::string("T#.FORMAT: format ") + FormatName(d.format) +
                                         " has no " + GfxName(gfx) + " FORMAT code");
        }
        d.gfx10_format = code;
      }

      if (gfx == Gfx::kGfx1030 && HasGfx1030Pitch(d.type) && d.width != 0) {
        if (d.pitch > d.width) {
          const uint32_t r = d.pitch - 1;
          if (r >> kGfx1030PitchBits) {
            return Status::InvalidArgument("T#.DEPTH/PITCH_MSB: pitch=" + std::to_string(d.pitch) +
                                           " does not fit gfx1030's 14-bit pitch (1..16384)");
          }
          d.depth = (r & 0x1FFF) + 1;
          d.pitch_msb = (r >> 13) != 0;
        } else if (d.pitch < d.width) {
          return Status::InvalidArgument("T#.PITCH: pitch=" + std::to_string(d.pitch) +
                                         " is less than width=" + std::to_string(d.width));
        } else if (d.depth != 0) {
          const uint32_t r = (d.depth - 1) | (uint32_t{d.pitch_msb} << 13);
          if (r + 1 > d.width) {
            return Status::InvalidArgument(
                "T#.DEPTH: depth=" + std::to_string(d.depth) +
                (d.pitch_msb ? " with pitch_msb" : "") + " on a " + ImageTypeName(d.type) +
                " image would be read as a pitch of " + std::to_string(r + 1) +
                " by gfx1030 (needs <= width=" + std::to_string(d.width) + ")");
          }
        }
      } else if (d.pitch != d.width) {
        return Status::InvalidArgument(
            "T#.PITCH: pitch=" + std::to_string(d.pitch) + " differs from width=" +
            std::to_string(d.width) + ", but " + GfxName(gfx) + " has no PITCH field" +
            (gfx == Gfx::kGfx1030 ? " for a " + std::string(ImageTypeName(d.type)) + " image"
                                  : std::string()));
      }
    }

    uint64_t stored[static_cast<size_t>(ImageMember::kCount)] = {};
    for (size_t i = 1; i < static_cast<size_t>(ImageMember::kCount); ++i) {
      const auto m = static_cast<ImageMember>(i);
      if (!layout.Has(m)) continue;
      TEXUNIT_RETURN_IF_ERROR(InverseXform(layout, m, gcn::GetImageMember(d, m), "T#", gfx,
                                           gcn::ImageMemberName(m), &stored[i]));
    }
    Insert(table, stored, desc.reserved, dw);
  }

  if (dwords.size() == 4) {
    // What a reader of the 4 dwords assumes for W4..W7.
    ImageDesc r128;
    TEXUNIT_RETURN_IF_ERROR(DecodeImageDesc(gfx, std::span<const uint32_t>(dw, 4), &r128));
    uint32_t assumed[gcn::kImageDescDwords] = {};
    TEXUNIT_RETURN_IF_ERROR(EncodeImageDesc(gfx, r128, assumed));
    for (int i = 4; i < gcn::kImageDescDwords; ++i) {
      if (dw[i] != assumed[i]) {
        return Status::InvalidArgument("T#: W" + std::to_string(i) + "=" + Hex(dw[i]) +
                                       " does not fit a 128-bit (R128) T#, which reads as W" +
                                       std::to_string(i) + "=" + Hex(assumed[i]));
      }
    }
  }
  for (size_t i = 0; i < dwords.size(); ++i) dwords[i] = dw[i];
  return Status::Ok();
}

// ------------------------------------------------------------------------------------------------
// S#
// ------------------------------------------------------------------------------------------------

namespace {

Status CheckSampler(Gfx gfx, uint64_t aniso, uint64_t z_filter, uint64_t filter_mode,
                    uint64_t mip_filter) {
  if (aniso > 4) {
    return Status::InvalidArgument("S#.MAX_ANISO_RATIO=" + std::to_string(aniso) +
                                   " is reserved (0..4 = 1x..16x)");
  }
  if (z_filter > 2) {
    return Status::InvalidArgument("S#.Z_FILTER=" + std::to_string(z_filter) +
                                   " is reserved (0 NONE, 1 POINT, 2 LINEAR)");
  }
  if (filter_mode > 2) {
    return Status::InvalidArgument("S#.FILTER_MODE=" + std::to_string(filter_mode) +
                                   " is reserved (0 BLEND, 1 MIN, 2 MAX)");
  }
  if (mip_filter > 3 || (mip_filter == 3 && gfx < Gfx::kGfx8)) {
    return Status::InvalidArgument("S#.MIP_FILTER=" + std::to_string(mip_filter) +
                                   " is reserved on " + GfxName(gfx) +
                                   " (POINT_ANISO_ADJ = 3 is GFX8+)");
  }
  return Status::Ok();
}

}  // namespace

Status DecodeSamplerDesc(Gfx gfx, std::span<const uint32_t> dwords, SamplerDesc* out) {
  if (out == nullptr) return Status::InvalidArgument("DecodeSamplerDesc: out is null");
  if (dwords.size() != gcn::kSamplerDescDwords) {
    return Status::InvalidArgument("S# needs 4 dwords, got " + std::to_string(dwords.size()));
  }
  const std::span<const SamplerFieldSpec> table = gcn::SamplerFieldTable(gfx);
  if (table.empty()) return BadGfx(gfx);
  const MemberLayout<SamplerMember> layout(table);

  uint32_t dw[gcn::kSamplerDescDwords] = {};
  for (size_t i = 0; i < dwords.size(); ++i) dw[i] = dwords[i];
  uint64_t raw[static_cast<size_t>(SamplerMember::kCount)] = {};
  SamplerDesc d;
  Extract(table, dw, raw, d.reserved);

  const auto at = [&](SamplerMember m) { return raw[static_cast<size_t>(m)]; };
  TEXUNIT_RETURN_IF_ERROR(CheckSampler(gfx, at(SamplerMember::kMaxAnisoRatio),
                                       at(SamplerMember::kZFilter), at(SamplerMember::kFilterMode),
                                       at(SamplerMember::kMipFilter)));

  for (size_t i = 1; i < static_cast<size_t>(SamplerMember::kCount); ++i) {
    const auto m = static_cast<SamplerMember>(i);
    if (!layout.Has(m)) continue;
    gcn::SetSamplerMember(&d, m, ApplyXform(layout.xform[i], layout.mask[i], raw[i]));
  }
  *out = d;
  return Status::Ok();
}

Status EncodeSamplerDesc(Gfx gfx, const SamplerDesc& desc, std::span<uint32_t> dwords) {
  if (dwords.size() != gcn::kSamplerDescDwords) {
    return Status::InvalidArgument("S# needs 4 dwords, got " + std::to_string(dwords.size()));
  }
  const std::span<const SamplerFieldSpec> table = gcn::SamplerFieldTable(gfx);
  if (table.empty()) return BadGfx(gfx);
  const MemberLayout<SamplerMember> layout(table);

  TEXUNIT_RETURN_IF_ERROR(CheckSampler(
      gfx, desc.max_aniso_ratio, static_cast<uint64_t>(desc.z_filter),
      static_cast<uint64_t>(desc.filter_mode), static_cast<uint64_t>(desc.mip_filter)));
  uint64_t stored[static_cast<size_t>(SamplerMember::kCount)] = {};
  for (size_t i = 1; i < static_cast<size_t>(SamplerMember::kCount); ++i) {
    const auto m = static_cast<SamplerMember>(i);
    if (!layout.Has(m)) continue;
    TEXUNIT_RETURN_IF_ERROR(InverseXform(layout, m, gcn::GetSamplerMember(desc, m), "S#", gfx,
                                         gcn::SamplerMemberName(m), &stored[i]));
  }
  uint32_t dw[gcn::kSamplerDescDwords] = {};
  Insert(table, stored, desc.reserved, dw);
  for (size_t i = 0; i < dwords.size(); ++i) dwords[i] = dw[i];
  return Status::Ok();
}

// ------------------------------------------------------------------------------------------------
// Names
// ------------------------------------------------------------------------------------------------

const char* ImageTypeName(ImageType t) {
  switch (t) {
    case ImageType::k1D:
      return "1D";
    case ImageType::k2D:
      return "2D";
    case ImageType::k3D:
      return "3D";
    case ImageType::kCube:
      return "CUBE";
    case ImageType::k1DArray:
      return "1D_ARRAY";
    case ImageType::k2DArray:
      return "2D_ARRAY";
    case ImageType::k2DMsaa:
      return "2D_MSAA";
    case ImageType::k2DMsaaArray:
      return "2D_MSAA_ARRAY";
  }
  return "RESERVED";
}

const char* ClampModeName(ClampMode m) {
  switch (m) {
    case ClampMode::kWrap:
      return "WRAP";
    case ClampMode::kMirror:
      return "MIRROR";
    case ClampMode::kClampLastTexel:
      return "CLAMP_LAST_TEXEL";
    case ClampMode::kMirrorOnceLastTexel:
      return "MIRROR_ONCE_LAST_TEXEL";
    case ClampMode::kClampHalfBorder:
      return "CLAMP_HALF_BORDER";
    case ClampMode::kMirrorOnceHalfBorder:
      return "MIRROR_ONCE_HALF_BORDER";
    case ClampMode::kClampBorder:
      return "CLAMP_BORDER";
    case ClampMode::kMirrorOnceBorder:
      return "MIRROR_ONCE_BORDER";
  }
  return "RESERVED";
}

}  // namespace texunit
