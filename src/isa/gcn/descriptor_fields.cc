// T# and S# bit layouts per generation. Every table names every bit of every dword exactly once
// (static_assert below and tests/isa/gcn/descriptor_codec_test.cc); bits no field names are listed
// as RESERVED and kept verbatim in ImageDesc::reserved / SamplerDesc::reserved.
//
// Sources (read for facts, no code copied):
//  - GFX6/7/8: AMD PAL si_ci_vi_merged_mask.h (per-field masks with __CI__VI / __VI suffixes tell
//    which generation has a field), ROCR-Runtime image/resource_kv.h, Mesa
//    src/amd/registers/gfx6.json..gfx8.json (UPGRADED_DEPTH).
//  - GFX9: AMD PAL gfx9_plus_merged_mask.h (2024), Mesa src/amd/registers/gfx9.json.
//  - GFX10/10.3: the RDNA front end's tables (isa/rdna/gfx10_descriptor_fields.cc).
// Where the sources disagree, the choice is noted next to the field.
#include "isa/gcn/descriptor_fields.h"

#include "isa/rdna/gfx10_descriptor_fields.h"

namespace texunit::gcn {
namespace {

using IM = ImageMember;
using SM = SamplerMember;
using namespace field_builders;

// ------------------------------------------------------------------------------------------------
// T# (SQ_IMG_RSRC_WORD0..7)
// ------------------------------------------------------------------------------------------------

// GFX6 (SI). PAL marks MTYPE, ATC, COUNTER_BANK_ID and LOD_HDW_CNT_EN as CI/VI only (Mesa's
// gfx6.json lists them for gfx6 too); they are RESERVED here.
constexpr ImageFieldSpec kGfx6Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("DATA_FORMAT", 1, 25, 20, IM::kDataFormat),
    F("NUM_FORMAT", 1, 29, 26, IM::kNumFormat),
    R(1, 31, 30),
    F("WIDTH", 2, 13, 0, IM::kWidth).Minus1(),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    F("PERF_MOD", 2, 30, 28, IM::kPerfMod),
    F("INTERLACED", 2, 31, 31, IM::kInterlaced),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("TILING_INDEX", 3, 24, 20, IM::kTiling),
    F("POW2_PAD", 3, 25, 25, IM::kPow2Pad),
    R(3, 27, 26),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    F("PITCH", 4, 26, 13, IM::kPitch).Minus1(),
    R(4, 31, 27),
    F("BASE_ARRAY", 5, 12, 0, IM::kBaseArray),
    F("LAST_ARRAY", 5, 25, 13, IM::kLastArray),
    R(5, 31, 26),
    F("MIN_LOD_WARN", 6, 11, 0, IM::kMinLodWarn),
    R(6, 31, 12),
    R(7, 31, 0),
};

// GFX7 (CI): adds MTYPE, ATC, COUNTER_BANK_ID, LOD_HDW_CNT_EN.
constexpr ImageFieldSpec kGfx7Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("DATA_FORMAT", 1, 25, 20, IM::kDataFormat),
    F("NUM_FORMAT", 1, 29, 26, IM::kNumFormat),
    F("MTYPE", 1, 31, 30, IM::kMtype),
    F("WIDTH", 2, 13, 0, IM::kWidth).Minus1(),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    F("PERF_MOD", 2, 30, 28, IM::kPerfMod),
    F("INTERLACED", 2, 31, 31, IM::kInterlaced),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("TILING_INDEX", 3, 24, 20, IM::kTiling),
    F("POW2_PAD", 3, 25, 25, IM::kPow2Pad),
    F("MTYPE", 3, 26, 26, IM::kMtype).At(2),
    F("ATC", 3, 27, 27, IM::kAtc),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    F("PITCH", 4, 26, 13, IM::kPitch).Minus1(),
    R(4, 31, 27),
    F("BASE_ARRAY", 5, 12, 0, IM::kBaseArray),
    F("LAST_ARRAY", 5, 25, 13, IM::kLastArray),
    R(5, 31, 26),
    F("MIN_LOD_WARN", 6, 11, 0, IM::kMinLodWarn),
    F("COUNTER_BANK_ID", 6, 19, 12, IM::kCounterBankId),
    F("LOD_HDW_CNT_EN", 6, 20, 20, IM::kLodHdwCntEn),
    R(6, 31, 21),
    R(7, 31, 0),
};

// GFX8 (VI): adds the DCC fields of word 6 and META_DATA_ADDRESS (address bits [39:8]).
constexpr ImageFieldSpec kGfx8Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("DATA_FORMAT", 1, 25, 20, IM::kDataFormat),
    F("NUM_FORMAT", 1, 29, 26, IM::kNumFormat),
    F("MTYPE", 1, 31, 30, IM::kMtype),
    F("WIDTH", 2, 13, 0, IM::kWidth).Minus1(),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    F("PERF_MOD", 2, 30, 28, IM::kPerfMod),
    F("INTERLACED", 2, 31, 31, IM::kInterlaced),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("TILING_INDEX", 3, 24, 20, IM::kTiling),
    F("POW2_PAD", 3, 25, 25, IM::kPow2Pad),
    F("MTYPE", 3, 26, 26, IM::kMtype).At(2),
    F("ATC", 3, 27, 27, IM::kAtc),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    F("PITCH", 4, 26, 13, IM::kPitch).Minus1(),
    R(4, 31, 27),
    F("BASE_ARRAY", 5, 12, 0, IM::kBaseArray),
    F("LAST_ARRAY", 5, 25, 13, IM::kLastArray),
    R(5, 31, 26),
    F("MIN_LOD_WARN", 6, 11, 0, IM::kMinLodWarn),
    F("COUNTER_BANK_ID", 6, 19, 12, IM::kCounterBankId),
    F("LOD_HDW_CNT_EN", 6, 20, 20, IM::kLodHdwCntEn),
    F("COMPRESSION_EN", 6, 21, 21, IM::kCompressionEn),
    F("ALPHA_IS_ON_MSB", 6, 22, 22, IM::kAlphaIsOnMsb),
    F("COLOR_TRANSFORM", 6, 23, 23, IM::kColorTransform),
    F("LOST_ALPHA_BITS", 6, 27, 24, IM::kLostAlphaBits),
    F("LOST_COLOR_BITS", 6, 31, 28, IM::kLostColorBits),
    F("META_DATA_ADDRESS", 7, 31, 0, IM::kMetaDataAddress).At(8),
};

// GFX9 (Vega): SW_MODE replaces TILING_INDEX; no LAST_ARRAY (DEPTH holds the last layer for
// non-3D images); PITCH grows to 16 bits; META_DATA_ADDRESS grows to 40 bits.
constexpr ImageFieldSpec kGfx9Image[] = {
    F("BASE_ADDRESS", 0, 31, 0, IM::kBaseAddress).At(8),
    F("BASE_ADDRESS_HI", 1, 7, 0, IM::kBaseAddress).At(40),
    F("MIN_LOD", 1, 19, 8, IM::kMinLod),
    F("DATA_FORMAT", 1, 25, 20, IM::kDataFormat),
    F("NUM_FORMAT", 1, 29, 26, IM::kNumFormat),
    F("NV", 1, 30, 30, IM::kNv),
    F("META_DIRECT", 1, 31, 31, IM::kMetaDirect),
    F("WIDTH", 2, 13, 0, IM::kWidth).Minus1(),
    F("HEIGHT", 2, 27, 14, IM::kHeight).Minus1(),
    F("PERF_MOD", 2, 30, 28, IM::kPerfMod),
    R(2, 31, 31),
    F("DST_SEL_X", 3, 2, 0, IM::kDstSelX),
    F("DST_SEL_Y", 3, 5, 3, IM::kDstSelY),
    F("DST_SEL_Z", 3, 8, 6, IM::kDstSelZ),
    F("DST_SEL_W", 3, 11, 9, IM::kDstSelW),
    F("BASE_LEVEL", 3, 15, 12, IM::kBaseLevel),
    F("LAST_LEVEL", 3, 19, 16, IM::kLastLevel),
    F("SW_MODE", 3, 24, 20, IM::kTiling),
    R(3, 27, 25),
    F("TYPE", 3, 31, 28, IM::kType),
    F("DEPTH", 4, 12, 0, IM::kDepth).Minus1(),
    F("PITCH", 4, 28, 13, IM::kPitch).Minus1(),
    F("BC_SWIZZLE", 4, 31, 29, IM::kBcSwizzle),
    F("BASE_ARRAY", 5, 12, 0, IM::kBaseArray),
    F("ARRAY_PITCH", 5, 16, 13, IM::kArrayPitch),
    F("META_DATA_ADDRESS_HI", 5, 24, 17, IM::kMetaDataAddress).At(40),
    F("META_LINEAR", 5, 25, 25, IM::kMetaLinear),
    F("META_PIPE_ALIGNED", 5, 26, 26, IM::kMetaPipeAligned),
    F("META_RB_ALIGNED", 5, 27, 27, IM::kMetaRbAligned),
    F("MAX_MIP", 5, 31, 28, IM::kMaxMip),
    F("MIN_LOD_WARN", 6, 11, 0, IM::kMinLodWarn),
    F("COUNTER_BANK_ID", 6, 19, 12, IM::kCounterBankId),
    F("LOD_HDW_CNT_EN", 6, 20, 20, IM::kLodHdwCntEn),
    F("COMPRESSION_EN", 6, 21, 21, IM::kCompressionEn),
    F("ALPHA_IS_ON_MSB", 6, 22, 22, IM::kAlphaIsOnMsb),
    F("COLOR_TRANSFORM", 6, 23, 23, IM::kColorTransform),
    F("LOST_ALPHA_BITS", 6, 27, 24, IM::kLostAlphaBits),
    F("LOST_COLOR_BITS", 6, 31, 28, IM::kLostColorBits),
    F("META_DATA_ADDRESS", 7, 31, 0, IM::kMetaDataAddress).At(8),
};

// ------------------------------------------------------------------------------------------------
// S# (SQ_IMG_SAMP_WORD0..3)
// ------------------------------------------------------------------------------------------------

// GFX6 and GFX7 (SI, CI). UPGRADED_DEPTH (W3[29]) is named by Mesa's gfx6..8.json; PAL names no
// field there.
constexpr SamplerFieldSpec kGfx6Sampler[] = {
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
    SR(0, 31, 31),
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
    S("DISABLE_LSB_CEIL", 2, 29, 29, SM::kW2Bit29),
    S("FILTER_PREC_FIX", 2, 30, 30, SM::kW2Bit30),
    SR(2, 31, 31),
    S("BORDER_COLOR_PTR", 3, 11, 0, SM::kBorderColorPtr),
    SR(3, 28, 12),
    S("UPGRADED_DEPTH", 3, 29, 29, SM::kUpgradedDepth),
    S("BORDER_COLOR_TYPE", 3, 31, 30, SM::kBorderColorType),
};

// GFX8 (VI): adds COMPAT_MODE (W0[31]) and ANISO_OVERRIDE (W2[31]).
constexpr SamplerFieldSpec kGfx8Sampler[] = {
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
    S("COMPAT_MODE", 0, 31, 31, SM::kCompatMode),
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
    S("DISABLE_LSB_CEIL", 2, 29, 29, SM::kW2Bit29),
    S("FILTER_PREC_FIX", 2, 30, 30, SM::kW2Bit30),
    S("ANISO_OVERRIDE", 2, 31, 31, SM::kW2Bit31),
    S("BORDER_COLOR_PTR", 3, 11, 0, SM::kBorderColorPtr),
    SR(3, 28, 12),
    S("UPGRADED_DEPTH", 3, 29, 29, SM::kUpgradedDepth),
    S("BORDER_COLOR_TYPE", 3, 31, 30, SM::kBorderColorType),
};

// GFX9: W2[29] is BLEND_ZERO_PRT, W3[12] SKIP_DEGAMMA.
constexpr SamplerFieldSpec kGfx9Sampler[] = {
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
    S("COMPAT_MODE", 0, 31, 31, SM::kCompatMode),
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
    S("BLEND_ZERO_PRT", 2, 29, 29, SM::kW2Bit29),
    S("FILTER_PREC_FIX", 2, 30, 30, SM::kW2Bit30),
    S("ANISO_OVERRIDE", 2, 31, 31, SM::kW2Bit31),
    S("BORDER_COLOR_PTR", 3, 11, 0, SM::kBorderColorPtr),
    S("SKIP_DEGAMMA", 3, 12, 12, SM::kSkipDegammaW3),
    SR(3, 29, 13),
    S("BORDER_COLOR_TYPE", 3, 31, 30, SM::kBorderColorType),
};

static_assert(Covers(kGfx6Image, kImageDescDwords));
static_assert(Covers(kGfx7Image, kImageDescDwords));
static_assert(Covers(kGfx8Image, kImageDescDwords));
static_assert(Covers(kGfx9Image, kImageDescDwords));
static_assert(Covers(kGfx6Sampler, kSamplerDescDwords));
static_assert(Covers(kGfx8Sampler, kSamplerDescDwords));
static_assert(Covers(kGfx9Sampler, kSamplerDescDwords));

}  // namespace

std::span<const ImageFieldSpec> ImageFieldTable(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
      return kGfx6Image;
    case Gfx::kGfx7:
      return kGfx7Image;
    case Gfx::kGfx8:
      return kGfx8Image;
    case Gfx::kGfx9:
      return kGfx9Image;
    case Gfx::kGfx10:
    case Gfx::kGfx1030:
      return rdna::Gfx10ImageFieldTable(gfx);
  }
  return {};
}

std::span<const SamplerFieldSpec> SamplerFieldTable(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
    case Gfx::kGfx7:
      return kGfx6Sampler;
    case Gfx::kGfx8:
      return kGfx8Sampler;
    case Gfx::kGfx9:
      return kGfx9Sampler;
    case Gfx::kGfx10:
    case Gfx::kGfx1030:
      return rdna::Gfx10SamplerFieldTable();
  }
  return {};
}

// Which TILING_INDEX / SW_MODE is linear.
//
// GFX9 and later: SW_MODE 0 is ADDR_SW_LINEAR (the only linear swizzle mode of GFX9/GFX10
// addressing).
//
// GFX6-8: TILING_INDEX selects one of the 32 GB_TILE_MODEn registers that the kernel driver
// programs. Every table in Linux (amdgpu gfx_v6_0.c, gfx_v7_0.c, gfx_v8_0.c; radeon si.c, cik.c)
// programs index 8 as ARRAY_MODE(ARRAY_LINEAR_ALIGNED) ("1D and 1D Array Surfaces"), and Mesa's
// addrlib (siaddrlib.cpp) maps ADDR_TM_LINEAR_ALIGNED to tile index 8; radeonsi and radv write
// that index into the T#. Index 31 is ARRAY_LINEAR_GENERAL where it is programmed at all: the
// PS4 (GCN 1.1) tile-mode table that PS4 emulators reproduce has GB_TILE_MODE31 = 0 (ARRAY_MODE 0
// = LINEAR_GENERAL; GNM's kTileModeDisplay_LinearGeneral = 0x1F), and the Linux CI/VI tables stop
// at entry 30, leaving entry 31 zero. Both count as linear; the encoder writes 8 for a linear image
// whose `tiling` does not already select a linear mode.
bool IsLinearTiling(Gfx gfx, uint32_t tiling) {
  if (gfx >= Gfx::kGfx9) return tiling == 0;
  return tiling == 8 || tiling == 31;
}

uint8_t CanonicalLinearTiling(Gfx gfx) { return gfx >= Gfx::kGfx9 ? 0 : 8; }

}  // namespace texunit::gcn
