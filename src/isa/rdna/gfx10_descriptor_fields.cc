// The GFX10 (RDNA 1) and GFX10.3 (RDNA 2) T# and S# bit layouts: the RDNA rows of the AMD
// descriptor codec's tables (isa/gcn/descriptor_fields.h has the row type and the GFX6-9 tables;
// every table names every bit of every dword exactly once, static_assert below).
//
// Sources (read for facts, no code copied): Mesa src/amd/registers/gfx10-rsrc.json
// (SQ_IMG_RSRC_WORD4..6 have separate gfx10 and gfx103 variants), AMD PAL gfx10_sq_ko_reg.h
// (sq_img_rsrc_t: LINKED_RESOURCE is gfx103CorePlus, BIG_PAGE is gfx10Core), Mesa
// ac_descriptors.c (META_DATA_ADDRESS_LO holds address bits [15:8], word 7 bits [47:16]; GFX10.3
// PITCH_MSB at W4[13]). Where the sources disagree, the choice is noted next to the field.
#include "isa/rdna/gfx10_descriptor_fields.h"

namespace texunit::rdna {
namespace {

using gcn::kImageDescDwords;
using gcn::kSamplerDescDwords;
using IM = gcn::ImageMember;
using SM = gcn::SamplerMember;
using gcn::ImageFieldSpec;
using gcn::SamplerFieldSpec;
using namespace gcn::field_builders;

// GFX10 (RDNA 1). The unified 9-bit FORMAT replaces DATA_FORMAT/NUM_FORMAT; WIDTH is split
// (W1[31:30] low bits, W2[11:0] high bits); no PITCH; PERF_MOD, MIN_LOD_WARN and MAX_MIP move to
// W5. Field widths follow Mesa's gfx10-rsrc.json (PAL's sq_img_rsrc_t.gfx10 declares WIDTH_HI,
// HEIGHT, DEPTH and BASE_ARRAY wider, into bits Mesa leaves unnamed; those bits are RESERVED here).
// BIG_PAGE is in PAL's gfx10Core view (Mesa names it for gfx103 only).
constexpr ImageFieldSpec kGfx10Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("FORMAT", 1, 28, 20, IM::kGfx10Format),
    R(1, 29, 29),
    F("WIDTH_LO", 1, 31, 30, IM::kWidth).Minus1(),
    F("WIDTH_HI", 2, 11, 0, IM::kWidth).At(2).Minus1(),
    R(2, 13, 12),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    R(2, 30, 28),
    F("RESOURCE_LEVEL", 2, 31, 31, IM::kResourceLevel),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("SW_MODE", 3, 24, 20, IM::kTiling),
    F("BC_SWIZZLE", 3, 27, 25, IM::kBcSwizzle),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    R(4, 15, 13),
    F("BASE_ARRAY", 4, 28, 16, IM::kBaseArray),
    R(4, 31, 29),
    F("ARRAY_PITCH", 5, 3, 0, IM::kArrayPitch),
    F("MAX_MIP", 5, 7, 4, IM::kMaxMip),
    F("MIN_LOD_WARN", 5, 19, 8, IM::kMinLodWarn),
    F("PERF_MOD", 5, 22, 20, IM::kPerfMod),
    F("CORNER_SAMPLES", 5, 23, 23, IM::kCornerSamples),
    R(5, 24, 24),
    F("LOD_HDW_CNT_EN", 5, 25, 25, IM::kLodHdwCntEn),
    F("PRT_DEFAULT", 5, 26, 26, IM::kPrtDefault),
    R(5, 30, 27),
    F("BIG_PAGE", 5, 31, 31, IM::kBigPage),
    F("COUNTER_BANK_ID", 6, 7, 0, IM::kCounterBankId),
    R(6, 9, 8),
    F("ITERATE_256", 6, 10, 10, IM::kIterate256),
    R(6, 14, 11),
    F("MAX_UNCOMPRESSED_BLOCK_SIZE", 6, 16, 15, IM::kMaxUncompressedBlockSize),
    F("MAX_COMPRESSED_BLOCK_SIZE", 6, 18, 17, IM::kMaxCompressedBlockSize),
    F("META_PIPE_ALIGNED", 6, 19, 19, IM::kMetaPipeAligned),
    F("WRITE_COMPRESS_ENABLE", 6, 20, 20, IM::kWriteCompressEnable),
    F("COMPRESSION_EN", 6, 21, 21, IM::kCompressionEn),
    F("ALPHA_IS_ON_MSB", 6, 22, 22, IM::kAlphaIsOnMsb),
    F("COLOR_TRANSFORM", 6, 23, 23, IM::kColorTransform),
    F("META_DATA_ADDRESS_LO", 6, 31, 24, IM::kMetaDataAddress).At(8),
    F("META_DATA_ADDRESS_HI", 7, 31, 0, IM::kMetaDataAddress).At(16),
};

// GFX10.3 (RDNA 2): as GFX10 plus PITCH_MSB (W4[13]; with DEPTH it is pitch - 1 of a 1D/2D/2D-MSAA
// image whose pitch exceeds its width), LINKED_RESOURCE (W5[24]) and LLC_NOALLOC (W6[9:8]).
constexpr ImageFieldSpec kGfx1030Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("FORMAT", 1, 28, 20, IM::kGfx10Format),
    R(1, 29, 29),
    F("WIDTH_LO", 1, 31, 30, IM::kWidth).Minus1(),
    F("WIDTH_HI", 2, 11, 0, IM::kWidth).At(2).Minus1(),
    R(2, 13, 12),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    R(2, 30, 28),
    F("RESOURCE_LEVEL", 2, 31, 31, IM::kResourceLevel),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("SW_MODE", 3, 24, 20, IM::kTiling),
    F("BC_SWIZZLE", 3, 27, 25, IM::kBcSwizzle),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    F("PITCH_MSB", 4, 13, 13, IM::kPitchMsb),
    R(4, 15, 14),
    F("BASE_ARRAY", 4, 28, 16, IM::kBaseArray),
    R(4, 31, 29),
    F("ARRAY_PITCH", 5, 3, 0, IM::kArrayPitch),
    F("MAX_MIP", 5, 7, 4, IM::kMaxMip),
    F("MIN_LOD_WARN", 5, 19, 8, IM::kMinLodWarn),
    F("PERF_MOD", 5, 22, 20, IM::kPerfMod),
    F("CORNER_SAMPLES", 5, 23, 23, IM::kCornerSamples),
    F("LINKED_RESOURCE", 5, 24, 24, IM::kLinkedResource),
    F("LOD_HDW_CNT_EN", 5, 25, 25, IM::kLodHdwCntEn),
    F("PRT_DEFAULT", 5, 26, 26, IM::kPrtDefault),
    R(5, 30, 27),
    F("BIG_PAGE", 5, 31, 31, IM::kBigPage),
    F("COUNTER_BANK_ID", 6, 7, 0, IM::kCounterBankId),
    F("LLC_NOALLOC", 6, 9, 8, IM::kLlcNoalloc),
    F("ITERATE_256", 6, 10, 10, IM::kIterate256),
    R(6, 14, 11),
    F("MAX_UNCOMPRESSED_BLOCK_SIZE", 6, 16, 15, IM::kMaxUncompressedBlockSize),
    F("MAX_COMPRESSED_BLOCK_SIZE", 6, 18, 17, IM::kMaxCompressedBlockSize),
    F("META_PIPE_ALIGNED", 6, 19, 19, IM::kMetaPipeAligned),
    F("WRITE_COMPRESS_ENABLE", 6, 20, 20, IM::kWriteCompressEnable),
    F("COMPRESSION_EN", 6, 21, 21, IM::kCompressionEn),
    F("ALPHA_IS_ON_MSB", 6, 22, 22, IM::kAlphaIsOnMsb),
    F("COLOR_TRANSFORM", 6, 23, 23, IM::kColorTransform),
    F("META_DATA_ADDRESS_LO", 6, 31, 24, IM::kMetaDataAddress).At(8),
    F("META_DATA_ADDRESS_HI", 7, 31, 0, IM::kMetaDataAddress).At(16),
};

// GFX10 and GFX10.3. With DERIV_ADJUST_EN = 1 the hardware reads BORDER_COLOR_PTR/TYPE from
// W2[13:0] and W3 carries derivative adjustments (Mesa gfx10-rsrc.json); the codec decodes the
// DERIV_ADJUST_EN = 0 layout always (bit-exact either way); consumers that model derivative
// adjustment must look at SamplerDesc::w2_bit31 themselves.
constexpr SamplerFieldSpec kGfx10Sampler[] = {
    S("CLAMP_X", 0, 2, 0, SM::kClampX),
    S("CLAMP_Y", 0, 5, 3, SM::kClampY),
    S("CLAMP_Z", 0, 8, 6, SM::kClampZ),
    S("MAX_ANISO_RATIO", 0, 11, 9, SM::kMaxAnisoRatio),
    S("DEPTH_COMPARE_FUNC", 0, 14, 12, SM::kDepthCompareFunc),
    S("FORCE_UNNORMALIZED", 0, 15, 15, SM::kForceUnnormalized),
    S("ANISO_THRESHOLD", 0, 18, 16, SM::kAnisoThreshold),
    S("MC_COORD_TRUNC", 0, 19, 19, SM::kMcCoordTrunc),
    S("FORCE_DEGAMMA", 0, 20, 20, SM::kForceDegamma),
    S("ANISO_BIAS", 0, 26, 21, SM::kAnisoBias),
    S("TRUNC_COORD", 0, 27, 27, SM::kTruncCoord),
    S("DISABLE_CUBE_WRAP", 0, 28, 28, SM::kDisableCubeWrap),
    S("FILTER_MODE", 0, 30, 29, SM::kFilterMode),
    S("SKIP_DEGAMMA", 0, 31, 31, SM::kCompatMode),
    S("MIN_LOD", 1, 11, 0, SM::kMinLod),
    S("MAX_LOD", 1, 23, 12, SM::kMaxLod),
    S("PERF_MIP", 1, 27, 24, SM::kPerfMip),
    S("PERF_Z", 1, 31, 28, SM::kPerfZ),
    S("LOD_BIAS", 2, 13, 0, SM::kLodBias).Signed(),
    S("LOD_BIAS_SEC", 2, 19, 14, SM::kLodBiasSec),
    S("XY_MAG_FILTER", 2, 21, 20, SM::kXyMagFilter),
    S("XY_MIN_FILTER", 2, 23, 22, SM::kXyMinFilter),
    S("Z_FILTER", 2, 25, 24, SM::kZFilter),
    S("MIP_FILTER", 2, 27, 26, SM::kMipFilter),
    S("MIP_POINT_PRECLAMP", 2, 28, 28, SM::kMipPointPreclamp),
    S("ANISO_OVERRIDE", 2, 29, 29, SM::kW2Bit29),
    S("BLEND_ZERO_PRT", 2, 30, 30, SM::kW2Bit30),
    S("DERIV_ADJUST_EN", 2, 31, 31, SM::kW2Bit31),
    S("BORDER_COLOR_PTR", 3, 11, 0, SM::kBorderColorPtr),
    SR(3, 29, 12),
    S("BORDER_COLOR_TYPE", 3, 31, 30, SM::kBorderColorType),
};

static_assert(gcn::Covers(kGfx10Image, kImageDescDwords));
static_assert(gcn::Covers(kGfx1030Image, kImageDescDwords));
static_assert(gcn::Covers(kGfx10Sampler, kSamplerDescDwords));

}  // namespace

std::span<const gcn::ImageFieldSpec> Gfx10ImageFieldTable(Gfx gfx) {
  if (gfx == Gfx::kGfx10) return kGfx10Image;
  if (gfx == Gfx::kGfx1030) return kGfx1030Image;
  return {};
}

std::span<const gcn::SamplerFieldSpec> Gfx10SamplerFieldTable() { return kGfx10Sampler; }

}  // namespace texunit::rdna
