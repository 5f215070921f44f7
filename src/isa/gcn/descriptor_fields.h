// The bit layouts of the AMD image resource descriptor (T#, 8 dwords) and sampler descriptor
// (S#, 4 dwords), one table per generation. The tables are the single source of truth: the decoder
// and the encoder in descriptor_codec.cc iterate them, and the tests prove that every bit of every
// dword is named exactly once (a field or a RESERVED range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "texunit/descriptors.h"

namespace texunit::gcn {

inline constexpr int kImageDescDwords = 8;
inline constexpr int kSamplerDescDwords = 4;

// How a field's bits relate to the struct member they land in.
enum class FieldXform : uint8_t {
  kNone,    // the member holds the field's bits as they are
  kMinus1,  // the field stores value - 1 (WIDTH, HEIGHT, DEPTH, PITCH)
  kSigned,  // two's complement; the member is sign-extended from the top bit (S# LOD_BIAS, s5.8)
};

// The ImageDesc member a T# field belongs to. kReserved: the bits go to ImageDesc::reserved[dword]
// at the same positions.
enum class ImageMember : uint8_t {
  kReserved,
  kBaseAddress,  // byte address: BASE_ADDRESS lands at bit 8, BASE_ADDRESS_HI at bit 40
  kMinLod,
  kDataFormat,   // GFX6-9 DATA_FORMAT -> format.data
  kNumFormat,    // GFX6-9 NUM_FORMAT -> format.num
  kGfx10Format,  // GFX10+ FORMAT -> gfx10_format (format is derived from it)
  kWidth,
  kHeight,
  kDepth,
  kPitch,
  kType,
  kDstSelX,
  kDstSelY,
  kDstSelZ,
  kDstSelW,
  kBaseLevel,
  kLastLevel,
  kBaseArray,
  kLastArray,
  kMinLodWarn,
  kTiling,  // TILING_INDEX (GFX6-8) / SW_MODE (GFX9+)
  kMtype,   // W1 MTYPE is bits [1:0], W3 MTYPE bit 2
  kPerfMod,
  kInterlaced,
  kPow2Pad,
  kAtc,
  kCounterBankId,
  kLodHdwCntEn,
  kCompressionEn,
  kAlphaIsOnMsb,
  kColorTransform,
  kLostAlphaBits,
  kLostColorBits,
  kMetaDataAddress,  // byte address, like kBaseAddress
  kNv,
  kMetaDirect,
  kBcSwizzle,
  kArrayPitch,
  kMetaLinear,
  kMetaPipeAligned,
  kMetaRbAligned,
  kMaxMip,
  kResourceLevel,
  kCornerSamples,
  kLinkedResource,
  kPrtDefault,
  kBigPage,
  kIterate256,
  kMaxUncompressedBlockSize,
  kMaxCompressedBlockSize,
  kWriteCompressEnable,
  kLlcNoalloc,
  kPitchMsb,
  kCount,
};

// The SamplerDesc member an S# field belongs to.
enum class SamplerMember : uint8_t {
  kReserved,
  kClampX,
  kClampY,
  kClampZ,
  kMaxAnisoRatio,
  kDepthCompareFunc,
  kForceUnnormalized,
  kAnisoThreshold,
  kMcCoordTrunc,
  kForceDegamma,
  kAnisoBias,
  kTruncCoord,
  kDisableCubeWrap,
  kFilterMode,
  kCompatMode,  // W0[31]
  kMinLod,
  kMaxLod,
  kPerfMip,
  kPerfZ,
  kLodBias,
  kLodBiasSec,
  kXyMagFilter,
  kXyMinFilter,
  kZFilter,
  kMipFilter,
  kMipPointPreclamp,
  kW2Bit29,
  kW2Bit30,
  kW2Bit31,
  kBorderColorPtr,
  kSkipDegammaW3,
  kUpgradedDepth,
  kBorderColorType,
  kCount,
};

// One named bit range of a descriptor dword.
template <typename Member>
struct FieldSpec {
  const char* name;  // as in the hardware register documentation, e.g. "WIDTH"
  uint8_t dword;
  uint8_t lo;     // lowest bit in the dword
  uint8_t width;  // bits
  Member member;
  uint8_t member_lo = 0;  // which bit of the member's (transformed) value the field's bit 0 is
  FieldXform xform = FieldXform::kNone;

  // Bits of the dword this field occupies.
  constexpr uint32_t DwordMask() const {
    return (width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u)) << lo;
  }
  // Bits of the member's value this field carries.
  constexpr uint64_t MemberMask() const { return ((uint64_t{1} << width) - 1u) << member_lo; }

  // Builders used by the tables.
  constexpr FieldSpec At(uint8_t bit) const {
    FieldSpec f = *this;
    f.member_lo = bit;
    return f;
  }
  constexpr FieldSpec Minus1() const {
    FieldSpec f = *this;
    f.xform = FieldXform::kMinus1;
    return f;
  }
  constexpr FieldSpec Signed() const {
    FieldSpec f = *this;
    f.xform = FieldXform::kSigned;
    return f;
  }
};

using ImageFieldSpec = FieldSpec<ImageMember>;
using SamplerFieldSpec = FieldSpec<SamplerMember>;

// The field tables, in dword and bit order.
std::span<const ImageFieldSpec> ImageFieldTable(Gfx gfx);
std::span<const SamplerFieldSpec> SamplerFieldTable(Gfx gfx);

// True when every bit of `dwords` dwords is named by exactly one entry of `table`.
template <typename Member>
constexpr bool CoversEveryBitOnce(std::span<const FieldSpec<Member>> table, int dwords) {
  uint32_t seen[kImageDescDwords] = {};
  for (const FieldSpec<Member>& f : table) {
    if (f.dword >= dwords || f.width == 0 || f.lo + f.width > 32) return false;
    if ((seen[f.dword] & f.DwordMask()) != 0) return false;
    seen[f.dword] |= f.DwordMask();
  }
  for (int i = 0; i < dwords; ++i) {
    if (seen[i] != 0xFFFFFFFFu) return false;
  }
  return true;
}
template <typename Member, size_t N>
constexpr bool Covers(const FieldSpec<Member> (&table)[N], int dwords) {
  return CoversEveryBitOnce(std::span<const FieldSpec<Member>>(table, N), dwords);
}

// The table rows as the register documentation writes them: name, dword, high bit, low bit.
namespace field_builders {
template <typename Member>
constexpr FieldSpec<Member> Fld(const char* name, uint8_t dword, uint8_t hi, uint8_t lo,
                                Member member) {
  return FieldSpec<Member>{name, dword, lo, static_cast<uint8_t>(hi - lo + 1), member};
}
constexpr ImageFieldSpec F(const char* name, uint8_t dword, uint8_t hi, uint8_t lo, ImageMember m) {
  return Fld(name, dword, hi, lo, m);
}
constexpr ImageFieldSpec R(uint8_t dword, uint8_t hi, uint8_t lo) {
  return Fld("RESERVED", dword, hi, lo, ImageMember::kReserved);
}
constexpr SamplerFieldSpec S(const char* name, uint8_t dword, uint8_t hi, uint8_t lo,
                             SamplerMember m) {
  return Fld(name, dword, hi, lo, m);
}
constexpr SamplerFieldSpec SR(uint8_t dword, uint8_t hi, uint8_t lo) {
  return Fld("RESERVED", dword, hi, lo, SamplerMember::kReserved);
}
}  // namespace field_builders

// TILING_INDEX (GFX6-8) / SW_MODE (GFX9+) values that select a linear layout, and the value the
// encoder writes for ImageDesc::linear when `tiling` does not already select one. See the comment
// in descriptor_fields.cc for the sources.
bool IsLinearTiling(Gfx gfx, uint32_t tiling);
uint8_t CanonicalLinearTiling(Gfx gfx);

// Access to the members by id, as raw unsigned values (enums as their numbers, bools as 0/1, the
// signed lod_bias as its two's complement in 64 bits). Used by the codec and by the tests.
uint64_t GetImageMember(const ImageDesc& d, ImageMember m);
void SetImageMember(ImageDesc* d, ImageMember m, uint64_t v);
uint64_t GetSamplerMember(const SamplerDesc& d, SamplerMember m);
void SetSamplerMember(SamplerDesc* d, SamplerMember m, uint64_t v);

// The ImageDesc / SamplerDesc member's C++ name ("width"), for messages.
const char* ImageMemberName(ImageMember m);
const char* SamplerMemberName(SamplerMember m);

}  // namespace texunit::gcn
