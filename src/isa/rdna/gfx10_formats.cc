// GFX10/GFX10.3 IMG_FORMAT codes and their GCN (DATA_FORMAT, NUM_FORMAT) equivalents.
//
// Codes: Mesa src/amd/registers/gfx10-rsrc.json (GFX10_FORMAT) and AMD PAL
// gfx9_plus_merged_enum.h (IMG_FMT_*__GFX10), which agree on every code both list; the ETC2 codes
// 0xB7-0xC0 are from PAL. GFX10.3 uses the same codes. The GCN pairs follow the names; the
// exceptions are written next to the entries:
//  - BC6_UFLOAT / BC6_SFLOAT are BC6 + UNORM / SNORM, as GCN drivers program them (radv_formats.c).
//  - FMASK* are the GCN FMASK data formats with NUM_FORMAT UINT (GFX6-8 FMASK descriptors).
//  - 32_FLOAT_CLAMP is 32 + FLOAT; decoding keeps the code in ImageDesc::gfx10_format, so it
//    re-encodes as 0x8C, while R32_FLOAT alone encodes as 0x16.
//  - The FMASK data formats, which amd_formats.h has no enumerators for, are written as their GCN
//    values 44-56.
// Codes past 0xC0 (ASTC, MM_*, YCBCR, 7E3) and 6E4_FLOAT have no GCN equivalent: they decode to
// DataFormat::kInvalid with the code kept in gfx10_format.
#include "isa/rdna/gfx10_formats.h"

#include <array>
#include <iterator>

namespace texunit::rdna {
namespace {

constexpr DataFormat DF(int gcn_value) { return static_cast<DataFormat>(gcn_value); }

constexpr Gfx10FormatInfo kGfx10Formats[] = {
    {0x00, "INVALID", {DataFormat::kInvalid, NumFormat::kUnorm}},
    {0x01, "8_UNORM", {DataFormat::k8, NumFormat::kUnorm}},
    {0x02, "8_SNORM", {DataFormat::k8, NumFormat::kSnorm}},
    {0x03, "8_USCALED", {DataFormat::k8, NumFormat::kUscaled}},
    {0x04, "8_SSCALED", {DataFormat::k8, NumFormat::kSscaled}},
    {0x05, "8_UINT", {DataFormat::k8, NumFormat::kUint}},
    {0x06, "8_SINT", {DataFormat::k8, NumFormat::kSint}},
    {0x07, "16_UNORM", {DataFormat::k16, NumFormat::kUnorm}},
    {0x08, "16_SNORM", {DataFormat::k16, NumFormat::kSnorm}},
    {0x09, "16_USCALED", {DataFormat::k16, NumFormat::kUscaled}},
    {0x0a, "16_SSCALED", {DataFormat::k16, NumFormat::kSscaled}},
    {0x0b, "16_UINT", {DataFormat::k16, NumFormat::kUint}},
    {0x0c, "16_SINT", {DataFormat::k16, NumFormat::kSint}},
    {0x0d, "16_FLOAT", {DataFormat::k16, NumFormat::kFloat}},
    {0x0e, "8_8_UNORM", {DataFormat::k8_8, NumFormat::kUnorm}},
    {0x0f, "8_8_SNORM", {DataFormat::k8_8, NumFormat::kSnorm}},
    {0x10, "8_8_USCALED", {DataFormat::k8_8, NumFormat::kUscaled}},
    {0x11, "8_8_SSCALED", {DataFormat::k8_8, NumFormat::kSscaled}},
    {0x12, "8_8_UINT", {DataFormat::k8_8, NumFormat::kUint}},
    {0x13, "8_8_SINT", {DataFormat::k8_8, NumFormat::kSint}},
    {0x14, "32_UINT", {DataFormat::k32, NumFormat::kUint}},
    {0x15, "32_SINT", {DataFormat::k32, NumFormat::kSint}},
    {0x16, "32_FLOAT", {DataFormat::k32, NumFormat::kFloat}},
    {0x17, "16_16_UNORM", {DataFormat::k16_16, NumFormat::kUnorm}},
    {0x18, "16_16_SNORM", {DataFormat::k16_16, NumFormat::kSnorm}},
    {0x19, "16_16_USCALED", {DataFormat::k16_16, NumFormat::kUscaled}},
    {0x1a, "16_16_SSCALED", {DataFormat::k16_16, NumFormat::kSscaled}},
    {0x1b, "16_16_UINT", {DataFormat::k16_16, NumFormat::kUint}},
    {0x1c, "16_16_SINT", {DataFormat::k16_16, NumFormat::kSint}},
    {0x1d, "16_16_FLOAT", {DataFormat::k16_16, NumFormat::kFloat}},
    {0x1e, "10_11_11_UNORM", {DataFormat::k10_11_11, NumFormat::kUnorm}},
    {0x1f, "10_11_11_SNORM", {DataFormat::k10_11_11, NumFormat::kSnorm}},
    {0x20, "10_11_11_USCALED", {DataFormat::k10_11_11, NumFormat::kUscaled}},
    {0x21, "10_11_11_SSCALED", {DataFormat::k10_11_11, NumFormat::kSscaled}},
    {0x22, "10_11_11_UINT", {DataFormat::k10_11_11, NumFormat::kUint}},
    {0x23, "10_11_11_SINT", {DataFormat::k10_11_11, NumFormat::kSint}},
    {0x24, "10_11_11_FLOAT", {DataFormat::k10_11_11, NumFormat::kFloat}},
    {0x25, "11_11_10_UNORM", {DataFormat::k11_11_10, NumFormat::kUnorm}},
    {0x26, "11_11_10_SNORM", {DataFormat::k11_11_10, NumFormat::kSnorm}},
    {0x27, "11_11_10_USCALED", {DataFormat::k11_11_10, NumFormat::kUscaled}},
    {0x28, "11_11_10_SSCALED", {DataFormat::k11_11_10, NumFormat::kSscaled}},
    {0x29, "11_11_10_UINT", {DataFormat::k11_11_10, NumFormat::kUint}},
    {0x2a, "11_11_10_SINT", {DataFormat::k11_11_10, NumFormat::kSint}},
    {0x2b, "11_11_10_FLOAT", {DataFormat::k11_11_10, NumFormat::kFloat}},
    {0x2c, "10_10_10_2_UNORM", {DataFormat::k10_10_10_2, NumFormat::kUnorm}},
    {0x2d, "10_10_10_2_SNORM", {DataFormat::k10_10_10_2, NumFormat::kSnorm}},
    {0x2e, "10_10_10_2_USCALED", {DataFormat::k10_10_10_2, NumFormat::kUscaled}},
    {0x2f, "10_10_10_2_SSCALED", {DataFormat::k10_10_10_2, NumFormat::kSscaled}},
    {0x30, "10_10_10_2_UINT", {DataFormat::k10_10_10_2, NumFormat::kUint}},
    {0x31, "10_10_10_2_SINT", {DataFormat::k10_10_10_2, NumFormat::kSint}},
    {0x32, "2_10_10_10_UNORM", {DataFormat::k2_10_10_10, NumFormat::kUnorm}},
    {0x33, "2_10_10_10_SNORM", {DataFormat::k2_10_10_10, NumFormat::kSnorm}},
    {0x34, "2_10_10_10_USCALED", {DataFormat::k2_10_10_10, NumFormat::kUscaled}},
    {0x35, "2_10_10_10_SSCALED", {DataFormat::k2_10_10_10, NumFormat::kSscaled}},
    {0x36, "2_10_10_10_UINT", {DataFormat::k2_10_10_10, NumFormat::kUint}},
    {0x37, "2_10_10_10_SINT", {DataFormat::k2_10_10_10, NumFormat::kSint}},
    {0x38, "8_8_8_8_UNORM", {DataFormat::k8_8_8_8, NumFormat::kUnorm}},
    {0x39, "8_8_8_8_SNORM", {DataFormat::k8_8_8_8, NumFormat::kSnorm}},
    {0x3a, "8_8_8_8_USCALED", {DataFormat::k8_8_8_8, NumFormat::kUscaled}},
    {0x3b, "8_8_8_8_SSCALED", {DataFormat::k8_8_8_8, NumFormat::kSscaled}},
    {0x3c, "8_8_8_8_UINT", {DataFormat::k8_8_8_8, NumFormat::kUint}},
    {0x3d, "8_8_8_8_SINT", {DataFormat::k8_8_8_8, NumFormat::kSint}},
    {0x3e, "32_32_UINT", {DataFormat::k32_32, NumFormat::kUint}},
    {0x3f, "32_32_SINT", {DataFormat::k32_32, NumFormat::kSint}},
    {0x40, "32_32_FLOAT", {DataFormat::k32_32, NumFormat::kFloat}},
    {0x41, "16_16_16_16_UNORM", {DataFormat::k16_16_16_16, NumFormat::kUnorm}},
    {0x42, "16_16_16_16_SNORM", {DataFormat::k16_16_16_16, NumFormat::kSnorm}},
    {0x43, "16_16_16_16_USCALED", {DataFormat::k16_16_16_16, NumFormat::kUscaled}},
    {0x44, "16_16_16_16_SSCALED", {DataFormat::k16_16_16_16, NumFormat::kSscaled}},
    {0x45, "16_16_16_16_UINT", {DataFormat::k16_16_16_16, NumFormat::kUint}},
    {0x46, "16_16_16_16_SINT", {DataFormat::k16_16_16_16, NumFormat::kSint}},
    {0x47, "16_16_16_16_FLOAT", {DataFormat::k16_16_16_16, NumFormat::kFloat}},
    {0x48, "32_32_32_UINT", {DataFormat::k32_32_32, NumFormat::kUint}},
    {0x49, "32_32_32_SINT", {DataFormat::k32_32_32, NumFormat::kSint}},
    {0x4a, "32_32_32_FLOAT", {DataFormat::k32_32_32, NumFormat::kFloat}},
    {0x4b, "32_32_32_32_UINT", {DataFormat::k32_32_32_32, NumFormat::kUint}},
    {0x4c, "32_32_32_32_SINT", {DataFormat::k32_32_32_32, NumFormat::kSint}},
    {0x4d, "32_32_32_32_FLOAT", {DataFormat::k32_32_32_32, NumFormat::kFloat}},
    {0x80, "8_SRGB", {DataFormat::k8, NumFormat::kSrgb}},
    {0x81, "8_8_SRGB", {DataFormat::k8_8, NumFormat::kSrgb}},
    {0x82, "8_8_8_8_SRGB", {DataFormat::k8_8_8_8, NumFormat::kSrgb}},
    {0x83, "6E4_FLOAT", {}},  // no GCN equivalent
    {0x84, "5_9_9_9_FLOAT", {DataFormat::k5_9_9_9, NumFormat::kFloat}},
    {0x85, "5_6_5_UNORM", {DataFormat::k5_6_5, NumFormat::kUnorm}},
    {0x86, "1_5_5_5_UNORM", {DataFormat::k1_5_5_5, NumFormat::kUnorm}},
    {0x87, "5_5_5_1_UNORM", {DataFormat::k5_5_5_1, NumFormat::kUnorm}},
    {0x88, "4_4_4_4_UNORM", {DataFormat::k4_4_4_4, NumFormat::kUnorm}},
    {0x89, "4_4_UNORM", {DataFormat::k4_4, NumFormat::kUnorm}},
    {0x8a, "1_UNORM", {DataFormat::k1, NumFormat::kUnorm}},
    {0x8b, "1_REVERSED_UNORM", {DataFormat::k1Reversed, NumFormat::kUnorm}},
    {0x8c, "32_FLOAT_CLAMP", {DataFormat::k32, NumFormat::kFloat}},
    {0x8d, "8_24_UNORM", {DataFormat::k8_24, NumFormat::kUnorm}},
    {0x8e, "8_24_UINT", {DataFormat::k8_24, NumFormat::kUint}},
    {0x8f, "24_8_UNORM", {DataFormat::k24_8, NumFormat::kUnorm}},
    {0x90, "24_8_UINT", {DataFormat::k24_8, NumFormat::kUint}},
    {0x91, "X24_8_32_UINT", {DataFormat::kX24_8_32, NumFormat::kUint}},
    {0x92, "X24_8_32_FLOAT", {DataFormat::kX24_8_32, NumFormat::kFloat}},
    {0x93, "GB_GR_UNORM", {DataFormat::kGbGr, NumFormat::kUnorm}},
    {0x94, "GB_GR_SNORM", {DataFormat::kGbGr, NumFormat::kSnorm}},
    {0x95, "GB_GR_UINT", {DataFormat::kGbGr, NumFormat::kUint}},
    {0x96, "GB_GR_SRGB", {DataFormat::kGbGr, NumFormat::kSrgb}},
    {0x97, "BG_RG_UNORM", {DataFormat::kBgRg, NumFormat::kUnorm}},
    {0x98, "BG_RG_SNORM", {DataFormat::kBgRg, NumFormat::kSnorm}},
    {0x99, "BG_RG_UINT", {DataFormat::kBgRg, NumFormat::kUint}},
    {0x9a, "BG_RG_SRGB", {DataFormat::kBgRg, NumFormat::kSrgb}},
    {0x9c, "FMASK8_S2_F1", {DF(44), NumFormat::kUint}},
    {0x9d, "FMASK8_S4_F1", {DF(45), NumFormat::kUint}},
    {0x9e, "FMASK8_S8_F1", {DF(46), NumFormat::kUint}},
    {0x9f, "FMASK8_S2_F2", {DF(47), NumFormat::kUint}},
    {0xa0, "FMASK8_S4_F2", {DF(48), NumFormat::kUint}},
    {0xa1, "FMASK8_S4_F4", {DF(49), NumFormat::kUint}},
    {0xa2, "FMASK16_S16_F1", {DF(50), NumFormat::kUint}},
    {0xa3, "FMASK16_S8_F2", {DF(51), NumFormat::kUint}},
    {0xa4, "FMASK32_S16_F2", {DF(52), NumFormat::kUint}},
    {0xa5, "FMASK32_S8_F4", {DF(53), NumFormat::kUint}},
    {0xa6, "FMASK32_S8_F8", {DF(54), NumFormat::kUint}},
    {0xa7, "FMASK64_S16_F4", {DF(55), NumFormat::kUint}},
    {0xa8, "FMASK64_S16_F8", {DF(56), NumFormat::kUint}},
    {0xa9, "BC1_UNORM", {DataFormat::kBc1, NumFormat::kUnorm}},
    {0xaa, "BC1_SRGB", {DataFormat::kBc1, NumFormat::kSrgb}},
    {0xab, "BC2_UNORM", {DataFormat::kBc2, NumFormat::kUnorm}},
    {0xac, "BC2_SRGB", {DataFormat::kBc2, NumFormat::kSrgb}},
    {0xad, "BC3_UNORM", {DataFormat::kBc3, NumFormat::kUnorm}},
    {0xae, "BC3_SRGB", {DataFormat::kBc3, NumFormat::kSrgb}},
    {0xaf, "BC4_UNORM", {DataFormat::kBc4, NumFormat::kUnorm}},
    {0xb0, "BC4_SNORM", {DataFormat::kBc4, NumFormat::kSnorm}},
    {0xb1, "BC5_UNORM", {DataFormat::kBc5, NumFormat::kUnorm}},
    {0xb2, "BC5_SNORM", {DataFormat::kBc5, NumFormat::kSnorm}},
    {0xb3, "BC6_UFLOAT", {DataFormat::kBc6, NumFormat::kUnorm}},
    {0xb4, "BC6_SFLOAT", {DataFormat::kBc6, NumFormat::kSnorm}},
    {0xb5, "BC7_UNORM", {DataFormat::kBc7, NumFormat::kUnorm}},
    {0xb6, "BC7_SRGB", {DataFormat::kBc7, NumFormat::kSrgb}},
    {0xb7, "ETC2_RGB_UNORM", {DataFormat::kEtc2Rgb, NumFormat::kUnorm}},
    {0xb8, "ETC2_RGB_SRGB", {DataFormat::kEtc2Rgb, NumFormat::kSrgb}},
    {0xb9, "ETC2_RGBA_UNORM", {DataFormat::kEtc2Rgba, NumFormat::kUnorm}},
    {0xba, "ETC2_RGBA_SRGB", {DataFormat::kEtc2Rgba, NumFormat::kSrgb}},
    {0xbb, "ETC2_R_UNORM", {DataFormat::kEtc2R, NumFormat::kUnorm}},
    {0xbc, "ETC2_R_SNORM", {DataFormat::kEtc2R, NumFormat::kSnorm}},
    {0xbd, "ETC2_RG_UNORM", {DataFormat::kEtc2Rg, NumFormat::kUnorm}},
    {0xbe, "ETC2_RG_SNORM", {DataFormat::kEtc2Rg, NumFormat::kSnorm}},
    {0xbf, "ETC2_RGBA1_UNORM", {DataFormat::kEtc2Rgba1, NumFormat::kUnorm}},
    {0xc0, "ETC2_RGBA1_SRGB", {DataFormat::kEtc2Rgba1, NumFormat::kSrgb}},
};

constexpr int kCodeCount = 512;  // FORMAT is 9 bits

// Index by code: position in kGfx10Formats + 1, or 0 for unknown codes.
constexpr std::array<uint8_t, kCodeCount> BuildIndex() {
  std::array<uint8_t, kCodeCount> index{};
  for (size_t i = 0; i < std::size(kGfx10Formats); ++i) {
    index[kGfx10Formats[i].code] = static_cast<uint8_t>(i + 1);
  }
  return index;
}
constexpr std::array<uint8_t, kCodeCount> kIndex = BuildIndex();
static_assert(std::size(kGfx10Formats) < 255);

constexpr bool SortedByCode() {
  for (size_t i = 1; i < std::size(kGfx10Formats); ++i) {
    if (kGfx10Formats[i - 1].code >= kGfx10Formats[i].code) return false;
  }
  return true;
}
static_assert(SortedByCode());

}  // namespace

std::span<const Gfx10FormatInfo> Gfx10FormatTable() { return kGfx10Formats; }

const Gfx10FormatInfo* FindGfx10Format(uint16_t code) {
  if (code >= kCodeCount || kIndex[code] == 0) return nullptr;
  return &kGfx10Formats[kIndex[code] - 1];
}

AmdFormat Gfx10FormatToAmdFormat(uint16_t code) {
  const Gfx10FormatInfo* info = FindGfx10Format(code);
  return info ? info->format : AmdFormat{};
}

bool AmdFormatToGfx10Format(AmdFormat f, uint16_t* code) {
  for (const Gfx10FormatInfo& info : kGfx10Formats) {
    if (info.format == f) {
      *code = info.code;
      return true;
    }
  }
  return false;
}

}  // namespace texunit::rdna
