// Texel formats, named by texunit's own ISA-neutral ids. A name lists the channels X, Y, Z, W (R,
// G, B, A) from the least significant bits up, with their widths, then the numeric kind:
// R10G10B10A2_UNORM has R in bits 0-9 and A in bits 30-31. What each kind means and how every
// format converts is docs/sampling.md, "Formats"; the per-format facts are one table
// (src/formats/format_table.cc). Front ends translate their ISA's format fields to these ids:
// AMD's DATA_FORMAT x NUM_FORMAT pairs and GFX10's FORMAT codes in include/texunit/amd_formats.h.
#pragma once

#include <cstdint>
#include <string_view>

namespace texunit {

// One X-macro list so that the enumerators and their names cannot disagree.
// clang-format off
#define TEXUNIT_FORMAT_LIST(X)                                                                 \
  /* 8-bit channels */                                                                         \
  X(R8_UNORM) X(R8_SNORM) X(R8_USCALED) X(R8_SSCALED) X(R8_UINT) X(R8_SINT) X(R8_SRGB)         \
  X(R8_SNORM_NZ) X(R8_UBNORM) X(R8_UBNORM_NZ) X(R8_UBINT) X(R8_UBSCALED)                       \
  X(R8G8_UNORM) X(R8G8_SNORM) X(R8G8_USCALED) X(R8G8_SSCALED) X(R8G8_UINT) X(R8G8_SINT)        \
  X(R8G8_SRGB) X(R8G8_SNORM_NZ) X(R8G8_UBNORM) X(R8G8_UBNORM_NZ) X(R8G8_UBINT)                 \
  X(R8G8_UBSCALED)                                                                             \
  X(R8G8B8A8_UNORM) X(R8G8B8A8_SNORM) X(R8G8B8A8_USCALED) X(R8G8B8A8_SSCALED)                  \
  X(R8G8B8A8_UINT) X(R8G8B8A8_SINT) X(R8G8B8A8_SRGB) X(R8G8B8A8_SNORM_NZ) X(R8G8B8A8_UBNORM)   \
  X(R8G8B8A8_UBNORM_NZ) X(R8G8B8A8_UBINT) X(R8G8B8A8_UBSCALED)                                 \
  /* 16-bit channels */                                                                        \
  X(R16_UNORM) X(R16_SNORM) X(R16_USCALED) X(R16_SSCALED) X(R16_UINT) X(R16_SINT)              \
  X(R16_FLOAT) X(R16_SNORM_NZ) X(R16_UBNORM) X(R16_UBNORM_NZ) X(R16_UBINT) X(R16_UBSCALED)     \
  X(R16G16_UNORM) X(R16G16_SNORM) X(R16G16_USCALED) X(R16G16_SSCALED) X(R16G16_UINT)           \
  X(R16G16_SINT) X(R16G16_FLOAT) X(R16G16_SNORM_NZ) X(R16G16_UBNORM) X(R16G16_UBNORM_NZ)       \
  X(R16G16_UBINT) X(R16G16_UBSCALED)                                                           \
  X(R16G16B16A16_UNORM) X(R16G16B16A16_SNORM) X(R16G16B16A16_USCALED)                          \
  X(R16G16B16A16_SSCALED) X(R16G16B16A16_UINT) X(R16G16B16A16_SINT) X(R16G16B16A16_FLOAT)      \
  X(R16G16B16A16_SNORM_NZ) X(R16G16B16A16_UBNORM) X(R16G16B16A16_UBNORM_NZ)                    \
  X(R16G16B16A16_UBINT) X(R16G16B16A16_UBSCALED)                                               \
  /* 32-bit channels */                                                                        \
  X(R32_UINT) X(R32_SINT) X(R32_FLOAT) X(R32G32_UINT) X(R32G32_SINT) X(R32G32_FLOAT)           \
  X(R32G32B32_UINT) X(R32G32B32_SINT) X(R32G32B32_FLOAT)                                       \
  X(R32G32B32A32_UINT) X(R32G32B32A32_SINT) X(R32G32B32A32_FLOAT)                              \
  /* packed 32-bit texels */                                                                   \
  X(R11G11B10_UNORM) X(R11G11B10_SNORM) X(R11G11B10_USCALED) X(R11G11B10_SSCALED)              \
  X(R11G11B10_UINT) X(R11G11B10_SINT) X(R11G11B10_FLOAT)                                       \
  X(R10G11B11_UNORM) X(R10G11B11_SNORM) X(R10G11B11_USCALED) X(R10G11B11_SSCALED)              \
  X(R10G11B11_UINT) X(R10G11B11_SINT) X(R10G11B11_FLOAT)                                       \
  X(R10G10B10A2_UNORM) X(R10G10B10A2_SNORM) X(R10G10B10A2_USCALED) X(R10G10B10A2_SSCALED)      \
  X(R10G10B10A2_UINT) X(R10G10B10A2_SINT)                                                      \
  X(R2G10B10A10_UNORM) X(R2G10B10A10_SNORM) X(R2G10B10A10_USCALED) X(R2G10B10A10_SSCALED)      \
  X(R2G10B10A10_UINT) X(R2G10B10A10_SINT)                                                      \
  X(R9G9B9E5_FLOAT)                                                                            \
  /* packed 16- and 8-bit texels */                                                            \
  X(R5G6B5_UNORM) X(R5G6B5_USCALED) X(R5G6B5_UINT)                                             \
  X(R5G5B5A1_UNORM) X(R5G5B5A1_USCALED) X(R5G5B5A1_UINT)                                       \
  X(R1G5B5A5_UNORM) X(R1G5B5A5_USCALED) X(R1G5B5A5_UINT)                                       \
  X(R4G4B4A4_UNORM) X(R4G4B4A4_USCALED) X(R4G4B4A4_UINT)                                       \
  X(R4G4_UNORM) X(R4G4_USCALED) X(R5G5B6_UNORM)                                                \
  /* depth and stencil */                                                                      \
  X(R24G8_UNORM) X(R24G8_UINT) X(R8G24_UNORM) X(R8G24_UINT) X(R32G8X24_FLOAT) X(R32G8X24_UINT) \
  /* 4:2:2 pairs (two texels share X and Z) and 1-bit texels */                                \
  X(R8G8_B8G8_UNORM) X(R8G8_B8G8_SNORM) X(R8G8_B8G8_USCALED) X(R8G8_B8G8_UINT)                 \
  X(R8G8_B8G8_SRGB)                                                                            \
  X(G8R8_G8B8_UNORM) X(G8R8_G8B8_SNORM) X(G8R8_G8B8_USCALED) X(G8R8_G8B8_UINT)                 \
  X(G8R8_G8B8_SRGB)                                                                            \
  X(R1_UNORM) X(R1_USCALED) X(R1_REVERSED_UNORM) X(R1_REVERSED_USCALED)                        \
  /* block compression */                                                                      \
  X(BC1_UNORM) X(BC1_SRGB) X(BC2_UNORM) X(BC2_SRGB) X(BC3_UNORM) X(BC3_SRGB)                   \
  X(BC4_UNORM) X(BC4_SNORM) X(BC5_UNORM) X(BC5_SNORM) X(BC6H_UFLOAT) X(BC6H_SFLOAT)            \
  X(BC7_UNORM) X(BC7_SRGB)
// clang-format on

enum class FormatId : uint16_t {
  kInvalid = 0,
#define TEXUNIT_FORMAT_ENUMERATOR(name) k##name,
  TEXUNIT_FORMAT_LIST(TEXUNIT_FORMAT_ENUMERATOR)
#undef TEXUNIT_FORMAT_ENUMERATOR
      kCount,
};

// "R8G8B8A8_UNORM"; "INVALID" for kInvalid and ids outside the list.
const char* FormatName(FormatId id);
// The id named `name` (as FormatName spells it, case-insensitive); false if none.
bool ParseFormatName(std::string_view name, FormatId* out);

}  // namespace texunit
