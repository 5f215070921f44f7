// AMD's DATA_FORMAT x NUM_FORMAT pairs and the texunit format each one is, per generation.
//
// Which pairs exist comes from AMD's own driver tables (PAL's GFX6-9 format tables and the GFX10
// unified FORMAT list, which enumerates the legal combinations), Mesa radeonsi/radv and LLVM's
// AMDGPU backend; the bit layouts behind each FormatId are in src/formats/format_table.cc. Choices
// where those sources are silent:
//  - 10_11_11 and 11_11_10 take UNORM..SINT as well as FLOAT on every generation: GFX10 defines
//    the full set, and its table was built from the GCN pairs (LLVM DfmtNfmt2UFmtGFX10).
//  - The GFX6/7-only SNORM_OGL, UBNORM, UBNORM_OGL, UBINT and UBSCALED are accepted with the 8-
//    and 16-bit channel layouts (8, 8_8, 8_8_8_8, 16, 16_16, 16_16_16_16), the R600 formats they
//    come from; their rules are in docs/sampling.md.
//  - Pairs the documentation does not define a texel for are rejected with a reason rather than
//    guessed: 32_AS_8, 32_AS_8_8 and 32_AS_32_32_32_32, 2_10_10_10 with FLOAT (three 10-bit 6e4
//    floats whose encoding is not documented), GFX9's promoted-depth 8_24 FLOAT and its reuses of
//    codes 23, 42-55 and 59-63; FMASK and ETC2 are defined but not modelled.
#include <array>
#include <string>

#include "texunit/amd_formats.h"

namespace texunit {
namespace {

using D = DataFormat;
using N = NumFormat;
using F = FormatId;

// Generations a pair is defined on: one bit per Gfx (GFX10 and GFX10.3 share one, for the pairs
// their unified FORMAT codes name).
enum : uint8_t {
  k6 = 1 << 0,
  k7 = 1 << 1,
  k8 = 1 << 2,
  k9 = 1 << 3,
  k10 = 1 << 4,
  kSiCi = k6 | k7,
  kGcn = k6 | k7 | k8 | k9,
  kAll = kGcn | k10,
};

struct PairRow {
  D data;
  N num;
  F id;
  uint8_t gens;
};

uint8_t GenBit(Gfx gfx) {
  switch (gfx) {
    case Gfx::kGfx6:
      return k6;
    case Gfx::kGfx7:
      return k7;
    case Gfx::kGfx8:
      return k8;
    case Gfx::kGfx9:
      return k9;
    case Gfx::kGfx10:
    case Gfx::kGfx1030:
      return k10;
  }
  return 0;
}

// clang-format off
constexpr PairRow kPairs[] = {
    // 8-bit channels.
    {D::k8, N::kUnorm, F::kR8_UNORM, kAll}, {D::k8, N::kSnorm, F::kR8_SNORM, kAll},
    {D::k8, N::kUscaled, F::kR8_USCALED, kAll}, {D::k8, N::kSscaled, F::kR8_SSCALED, kAll},
    {D::k8, N::kUint, F::kR8_UINT, kAll}, {D::k8, N::kSint, F::kR8_SINT, kAll},
    {D::k8, N::kSrgb, F::kR8_SRGB, kAll},
    {D::k8, N::kSnormOgl, F::kR8_SNORM_NZ, kSiCi}, {D::k8, N::kUbnorm, F::kR8_UBNORM, kSiCi},
    {D::k8, N::kUbnormOgl, F::kR8_UBNORM_NZ, kSiCi}, {D::k8, N::kUbint, F::kR8_UBINT, kSiCi},
    {D::k8, N::kUbscaled, F::kR8_UBSCALED, kSiCi},
    {D::k8_8, N::kUnorm, F::kR8G8_UNORM, kAll}, {D::k8_8, N::kSnorm, F::kR8G8_SNORM, kAll},
    {D::k8_8, N::kUscaled, F::kR8G8_USCALED, kAll},
    {D::k8_8, N::kSscaled, F::kR8G8_SSCALED, kAll}, {D::k8_8, N::kUint, F::kR8G8_UINT, kAll},
    {D::k8_8, N::kSint, F::kR8G8_SINT, kAll}, {D::k8_8, N::kSrgb, F::kR8G8_SRGB, kAll},
    {D::k8_8, N::kSnormOgl, F::kR8G8_SNORM_NZ, kSiCi},
    {D::k8_8, N::kUbnorm, F::kR8G8_UBNORM, kSiCi},
    {D::k8_8, N::kUbnormOgl, F::kR8G8_UBNORM_NZ, kSiCi},
    {D::k8_8, N::kUbint, F::kR8G8_UBINT, kSiCi},
    {D::k8_8, N::kUbscaled, F::kR8G8_UBSCALED, kSiCi},
    {D::k8_8_8_8, N::kUnorm, F::kR8G8B8A8_UNORM, kAll},
    {D::k8_8_8_8, N::kSnorm, F::kR8G8B8A8_SNORM, kAll},
    {D::k8_8_8_8, N::kUscaled, F::kR8G8B8A8_USCALED, kAll},
    {D::k8_8_8_8, N::kSscaled, F::kR8G8B8A8_SSCALED, kAll},
    {D::k8_8_8_8, N::kUint, F::kR8G8B8A8_UINT, kAll},
    {D::k8_8_8_8, N::kSint, F::kR8G8B8A8_SINT, kAll},
    {D::k8_8_8_8, N::kSrgb, F::kR8G8B8A8_SRGB, kAll},
    {D::k8_8_8_8, N::kSnormOgl, F::kR8G8B8A8_SNORM_NZ, kSiCi},
    {D::k8_8_8_8, N::kUbnorm, F::kR8G8B8A8_UBNORM, kSiCi},
    {D::k8_8_8_8, N::kUbnormOgl, F::kR8G8B8A8_UBNORM_NZ, kSiCi},
    {D::k8_8_8_8, N::kUbint, F::kR8G8B8A8_UBINT, kSiCi},
    {D::k8_8_8_8, N::kUbscaled, F::kR8G8B8A8_UBSCALED, kSiCi},
    // 16-bit channels.
    {D::k16, N::kUnorm, F::kR16_UNORM, kAll}, {D::k16, N::kSnorm, F::kR16_SNORM, kAll},
    {D::k16, N::kUscaled, F::kR16_USCALED, kAll}, {D::k16, N::kSscaled, F::kR16_SSCALED, kAll},
    {D::k16, N::kUint, F::kR16_UINT, kAll}, {D::k16, N::kSint, F::kR16_SINT, kAll},
    {D::k16, N::kFloat, F::kR16_FLOAT, kAll},
    {D::k16, N::kSnormOgl, F::kR16_SNORM_NZ, kSiCi}, {D::k16, N::kUbnorm, F::kR16_UBNORM, kSiCi},
    {D::k16, N::kUbnormOgl, F::kR16_UBNORM_NZ, kSiCi},
    {D::k16, N::kUbint, F::kR16_UBINT, kSiCi}, {D::k16, N::kUbscaled, F::kR16_UBSCALED, kSiCi},
    {D::k16_16, N::kUnorm, F::kR16G16_UNORM, kAll},
    {D::k16_16, N::kSnorm, F::kR16G16_SNORM, kAll},
    {D::k16_16, N::kUscaled, F::kR16G16_USCALED, kAll},
    {D::k16_16, N::kSscaled, F::kR16G16_SSCALED, kAll},
    {D::k16_16, N::kUint, F::kR16G16_UINT, kAll}, {D::k16_16, N::kSint, F::kR16G16_SINT, kAll},
    {D::k16_16, N::kFloat, F::kR16G16_FLOAT, kAll},
    {D::k16_16, N::kSnormOgl, F::kR16G16_SNORM_NZ, kSiCi},
    {D::k16_16, N::kUbnorm, F::kR16G16_UBNORM, kSiCi},
    {D::k16_16, N::kUbnormOgl, F::kR16G16_UBNORM_NZ, kSiCi},
    {D::k16_16, N::kUbint, F::kR16G16_UBINT, kSiCi},
    {D::k16_16, N::kUbscaled, F::kR16G16_UBSCALED, kSiCi},
    {D::k16_16_16_16, N::kUnorm, F::kR16G16B16A16_UNORM, kAll},
    {D::k16_16_16_16, N::kSnorm, F::kR16G16B16A16_SNORM, kAll},
    {D::k16_16_16_16, N::kUscaled, F::kR16G16B16A16_USCALED, kAll},
    {D::k16_16_16_16, N::kSscaled, F::kR16G16B16A16_SSCALED, kAll},
    {D::k16_16_16_16, N::kUint, F::kR16G16B16A16_UINT, kAll},
    {D::k16_16_16_16, N::kSint, F::kR16G16B16A16_SINT, kAll},
    {D::k16_16_16_16, N::kFloat, F::kR16G16B16A16_FLOAT, kAll},
    {D::k16_16_16_16, N::kSnormOgl, F::kR16G16B16A16_SNORM_NZ, kSiCi},
    {D::k16_16_16_16, N::kUbnorm, F::kR16G16B16A16_UBNORM, kSiCi},
    {D::k16_16_16_16, N::kUbnormOgl, F::kR16G16B16A16_UBNORM_NZ, kSiCi},
    {D::k16_16_16_16, N::kUbint, F::kR16G16B16A16_UBINT, kSiCi},
    {D::k16_16_16_16, N::kUbscaled, F::kR16G16B16A16_UBSCALED, kSiCi},
    // 32-bit channels.
    {D::k32, N::kUint, F::kR32_UINT, kAll}, {D::k32, N::kSint, F::kR32_SINT, kAll},
    {D::k32, N::kFloat, F::kR32_FLOAT, kAll},
    {D::k32_32, N::kUint, F::kR32G32_UINT, kAll}, {D::k32_32, N::kSint, F::kR32G32_SINT, kAll},
    {D::k32_32, N::kFloat, F::kR32G32_FLOAT, kAll},
    {D::k32_32_32, N::kUint, F::kR32G32B32_UINT, kAll},
    {D::k32_32_32, N::kSint, F::kR32G32B32_SINT, kAll},
    {D::k32_32_32, N::kFloat, F::kR32G32B32_FLOAT, kAll},
    {D::k32_32_32_32, N::kUint, F::kR32G32B32A32_UINT, kAll},
    {D::k32_32_32_32, N::kSint, F::kR32G32B32A32_SINT, kAll},
    {D::k32_32_32_32, N::kFloat, F::kR32G32B32A32_FLOAT, kAll},
    // Packed 32-bit texels.
    {D::k10_11_11, N::kUnorm, F::kR11G11B10_UNORM, kAll},
    {D::k10_11_11, N::kSnorm, F::kR11G11B10_SNORM, kAll},
    {D::k10_11_11, N::kUscaled, F::kR11G11B10_USCALED, kAll},
    {D::k10_11_11, N::kSscaled, F::kR11G11B10_SSCALED, kAll},
    {D::k10_11_11, N::kUint, F::kR11G11B10_UINT, kAll},
    {D::k10_11_11, N::kSint, F::kR11G11B10_SINT, kAll},
    {D::k10_11_11, N::kFloat, F::kR11G11B10_FLOAT, kAll},
    {D::k11_11_10, N::kUnorm, F::kR10G11B11_UNORM, kAll},
    {D::k11_11_10, N::kSnorm, F::kR10G11B11_SNORM, kAll},
    {D::k11_11_10, N::kUscaled, F::kR10G11B11_USCALED, kAll},
    {D::k11_11_10, N::kSscaled, F::kR10G11B11_SSCALED, kAll},
    {D::k11_11_10, N::kUint, F::kR10G11B11_UINT, kAll},
    {D::k11_11_10, N::kSint, F::kR10G11B11_SINT, kAll},
    {D::k11_11_10, N::kFloat, F::kR10G11B11_FLOAT, kAll},
    {D::k2_10_10_10, N::kUnorm, F::kR10G10B10A2_UNORM, kAll},
    {D::k2_10_10_10, N::kSnorm, F::kR10G10B10A2_SNORM, kAll},
    {D::k2_10_10_10, N::kUscaled, F::kR10G10B10A2_USCALED, kAll},
    {D::k2_10_10_10, N::kSscaled, F::kR10G10B10A2_SSCALED, kAll},
    {D::k2_10_10_10, N::kUint, F::kR10G10B10A2_UINT, kAll},
    {D::k2_10_10_10, N::kSint, F::kR10G10B10A2_SINT, kAll},
    {D::k10_10_10_2, N::kUnorm, F::kR2G10B10A10_UNORM, kAll},
    {D::k10_10_10_2, N::kSnorm, F::kR2G10B10A10_SNORM, kAll},
    {D::k10_10_10_2, N::kUscaled, F::kR2G10B10A10_USCALED, kAll},
    {D::k10_10_10_2, N::kSscaled, F::kR2G10B10A10_SSCALED, kAll},
    {D::k10_10_10_2, N::kUint, F::kR2G10B10A10_UINT, kAll},
    {D::k10_10_10_2, N::kSint, F::kR2G10B10A10_SINT, kAll},
    {D::k5_9_9_9, N::kFloat, F::kR9G9B9E5_FLOAT, kAll},
    // Packed 16- and 8-bit texels: GFX10 keeps UNORM only.
    {D::k5_6_5, N::kUnorm, F::kR5G6B5_UNORM, kAll},
    {D::k5_6_5, N::kUscaled, F::kR5G6B5_USCALED, kGcn},
    {D::k5_6_5, N::kUint, F::kR5G6B5_UINT, kGcn},
    {D::k1_5_5_5, N::kUnorm, F::kR5G5B5A1_UNORM, kAll},
    {D::k1_5_5_5, N::kUscaled, F::kR5G5B5A1_USCALED, kGcn},
    {D::k1_5_5_5, N::kUint, F::kR5G5B5A1_UINT, kGcn},
    {D::k5_5_5_1, N::kUnorm, F::kR1G5B5A5_UNORM, kAll},
    {D::k5_5_5_1, N::kUscaled, F::kR1G5B5A5_USCALED, kGcn},
    {D::k5_5_5_1, N::kUint, F::kR1G5B5A5_UINT, kGcn},
    {D::k4_4_4_4, N::kUnorm, F::kR4G4B4A4_UNORM, kAll},
    {D::k4_4_4_4, N::kUscaled, F::kR4G4B4A4_USCALED, kGcn},
    {D::k4_4_4_4, N::kUint, F::kR4G4B4A4_UINT, kGcn},
    {D::k4_4, N::kUnorm, F::kR4G4_UNORM, kAll}, {D::k4_4, N::kUscaled, F::kR4G4_USCALED, kGcn},
    {D::k6_5_5, N::kUnorm, F::kR5G5B6_UNORM, kGcn},
    // Depth and stencil.
    {D::k8_24, N::kUnorm, F::kR24G8_UNORM, kAll}, {D::k8_24, N::kUint, F::kR24G8_UINT, kAll},
    {D::k24_8, N::kUnorm, F::kR8G24_UNORM, kAll}, {D::k24_8, N::kUint, F::kR8G24_UINT, kAll},
    {D::kX24_8_32, N::kFloat, F::kR32G8X24_FLOAT, kAll},
    {D::kX24_8_32, N::kUint, F::kR32G8X24_UINT, kAll},
    // 4:2:2 pairs and 1-bit texels.
    {D::kGbGr, N::kUnorm, F::kR8G8_B8G8_UNORM, kAll},
    {D::kGbGr, N::kSnorm, F::kR8G8_B8G8_SNORM, k10},
    {D::kGbGr, N::kUscaled, F::kR8G8_B8G8_USCALED, kGcn},
    {D::kGbGr, N::kUint, F::kR8G8_B8G8_UINT, k10},
    {D::kGbGr, N::kSrgb, F::kR8G8_B8G8_SRGB, k10},
    {D::kBgRg, N::kUnorm, F::kG8R8_G8B8_UNORM, kAll},
    {D::kBgRg, N::kSnorm, F::kG8R8_G8B8_SNORM, k10},
    {D::kBgRg, N::kUscaled, F::kG8R8_G8B8_USCALED, kGcn},
    {D::kBgRg, N::kUint, F::kG8R8_G8B8_UINT, k10},
    {D::kBgRg, N::kSrgb, F::kG8R8_G8B8_SRGB, k10},
    {D::k1, N::kUnorm, F::kR1_UNORM, k6 | k7 | k8 | k10},
    {D::k1, N::kUscaled, F::kR1_USCALED, k6 | k7 | k8},
    {D::k1Reversed, N::kUnorm, F::kR1_REVERSED_UNORM, k6 | k7 | k8 | k10},
    {D::k1Reversed, N::kUscaled, F::kR1_REVERSED_USCALED, k6 | k7 | k8},
    // Block compression: BC6 takes UNORM for unsigned and SNORM for signed half floats.
    {D::kBc1, N::kUnorm, F::kBC1_UNORM, kAll}, {D::kBc1, N::kSrgb, F::kBC1_SRGB, kAll},
    {D::kBc2, N::kUnorm, F::kBC2_UNORM, kAll}, {D::kBc2, N::kSrgb, F::kBC2_SRGB, kAll},
    {D::kBc3, N::kUnorm, F::kBC3_UNORM, kAll}, {D::kBc3, N::kSrgb, F::kBC3_SRGB, kAll},
    {D::kBc4, N::kUnorm, F::kBC4_UNORM, kAll}, {D::kBc4, N::kSnorm, F::kBC4_SNORM, kAll},
    {D::kBc5, N::kUnorm, F::kBC5_UNORM, kAll}, {D::kBc5, N::kSnorm, F::kBC5_SNORM, kAll},
    {D::kBc6, N::kUnorm, F::kBC6H_UFLOAT, kAll}, {D::kBc6, N::kSnorm, F::kBC6H_SFLOAT, kAll},
    {D::kBc7, N::kUnorm, F::kBC7_UNORM, kAll}, {D::kBc7, N::kSrgb, F::kBC7_SRGB, kAll},
};
// clang-format on

// Every FormatId has exactly one pair, so the translation is a bijection on the rows.
constexpr bool EachFormatOnce() {
  std::array<int, static_cast<size_t>(F::kCount)> seen{};
  for (const PairRow& r : kPairs) ++seen[static_cast<size_t>(r.id)];
  for (size_t i = 1; i < seen.size(); ++i) {
    if (seen[i] != 1) return false;
  }
  return seen[0] == 0;
}
static_assert(EachFormatOnce(), "every FormatId needs exactly one AMD pair");

const PairRow* FindPair(AmdFormat f) {
  for (const PairRow& r : kPairs) {
    if (r.data == f.data && r.num == f.num) return &r;
  }
  return nullptr;
}

std::string Describe(AmdFormat f) {
  return "T#.DATA_FORMAT=" + std::to_string(static_cast<int>(f.data)) + " (" +
         DataFormatName(f.data) + ") with NUM_FORMAT=" + std::to_string(static_cast<int>(f.num)) +
         " (" + NumFormatName(f.num) + ")";
}

bool IsSiCiNum(N n) {
  return n == N::kSnormOgl || n == N::kUbnorm || n == N::kUbnormOgl || n == N::kUbint ||
         n == N::kUbscaled;
}

// Why a DATA_FORMAT with no row at all is not a texel format on `gfx`; empty when it has rows.
std::string DataFormatProblem(Gfx gfx, D d) {
  const int v = static_cast<int>(d);
  if (gfx == Gfx::kGfx9) {
    if (v == 23 || (v >= 42 && v <= 55) || v >= 59) {
      return "is a GFX9-only format (the AS, FMASK, ASTC, N_IN_16 and stencil reinterpretations) "
             "that texunit does not model";
    }
  }
  if (v == 15 || v == 23 || (v >= 29 && v <= 31) || v == 42 || v == 43) return "is reserved";
  if (v >= 24 && v <= 28) {
    return gfx >= Gfx::kGfx8 ? "is ETC2, which texunit does not decode" : "is reserved before gfx8";
  }
  if (v >= 44 && v <= 56) return "is an FMASK format (MSAA metadata), which texunit does not model";
  if (d == D::k32As8 || d == D::k32As8_8 || d == D::k32As32_32_32_32) {
    return "reinterprets 32-bit texels in a way AMD does not document, so texunit does not guess";
  }
  if (d == D::kInvalid) return "is INVALID";
  return "";
}

}  // namespace

FormatId AmdFormatToFormatId(Gfx gfx, AmdFormat f) {
  const PairRow* r = FindPair(f);
  return r != nullptr && (r->gens & GenBit(gfx)) != 0 ? r->id : F::kInvalid;
}

bool FormatIdToAmdFormat(Gfx gfx, FormatId id, AmdFormat* out) {
  for (const PairRow& r : kPairs) {
    if (r.id == id && (r.gens & GenBit(gfx)) != 0) {
      *out = {r.data, r.num};
      return true;
    }
  }
  return false;
}

Status CheckAmdFormatFields(Gfx gfx, AmdFormat f) {
  const std::string on = std::string(" on ") + GfxName(gfx);
  const std::string problem = DataFormatProblem(gfx, f.data);
  if (problem.find("reserved") != std::string::npos) {
    return Status::InvalidArgument("T#.DATA_FORMAT=" + std::to_string(static_cast<int>(f.data)) +
                                   " " + problem + on);
  }
  const int n = static_cast<int>(f.num);
  // GFX9's FMASK and ASTC data formats carry the sample layout or block size in NUM_FORMAT.
  const int d = static_cast<int>(f.data);
  const bool num_is_other = gfx == Gfx::kGfx9 && d >= 0x2d && d <= 0x33;
  if (!num_is_other && (n == 8 || n >= 14)) {
    return Status::InvalidArgument("T#.NUM_FORMAT=" + std::to_string(n) + " is reserved" + on);
  }
  // PAL's VI enum names the GFX6/7-only kinds' codes RESERVED.
  if (gfx == Gfx::kGfx8 && IsSiCiNum(f.num)) {
    return Status::InvalidArgument("T#.NUM_FORMAT=" + std::to_string(n) + " (" +
                                   NumFormatName(f.num) + ") is reserved" + on +
                                   ": it exists on gfx6 and gfx7 only");
  }
  return Status::Ok();
}

Status AmdFormatError(Gfx gfx, AmdFormat f) {
  const std::string what = Describe(f);
  const std::string on = std::string(" on ") + GfxName(gfx);
  if (AmdFormatToFormatId(gfx, f) != F::kInvalid) return Status::Ok();
  const std::string problem = DataFormatProblem(gfx, f.data);
  if (!problem.empty()) {
    const bool reserved = f.data == D::kInvalid || problem.find("reserved") != std::string::npos;
    const std::string m = what + ": DATA_FORMAT " + problem + on;
    return reserved ? Status::InvalidArgument(m) : Status::Unsupported(m);
  }
  if (IsSiCiNum(f.num) && gfx >= Gfx::kGfx8) {
    return Status::InvalidArgument(what + ": NUM_FORMAT " + NumFormatName(f.num) +
                                   " exists on gfx6 and gfx7 only" + on);
  }
  if (f.data == D::k2_10_10_10 && f.num == N::kFloat) {
    return Status::Unsupported(what +
                               ": three 10-bit 6e4 floats and a 2-bit alpha, an encoding "
                               "AMD does not document" +
                               on);
  }
  if (f.data == D::k8_24 && f.num == N::kFloat && gfx == Gfx::kGfx9) {
    return Status::Unsupported(what +
                               ": GFX9's promoted 24-bit depth, which texunit does not "
                               "model" +
                               on);
  }
  if (FindPair(f) != nullptr) {
    return Status::InvalidArgument(what + " is not defined" + on);
  }
  return Status::InvalidArgument(what + " is not a combination the hardware defines" + on);
}

}  // namespace texunit
