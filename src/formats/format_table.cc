// The format table. Each row is written from the format's bit layout (formats.h names the channels
// from the least significant bit up) and the rules of docs/sampling.md, "Formats"; the AMD pairs
// that map onto each row are in src/isa/gcn/amd_format_table.cc.
#include "formats/format_table.h"

#include <array>
#include <cctype>
#include <string>

namespace texunit {
namespace {

using K = ChannelKind;
using F = FormatId;

constexpr ChannelDesc C(int offset, int bits, K kind) {
  return {static_cast<uint8_t>(offset), static_cast<uint8_t>(bits), kind};
}
constexpr ChannelDesc kNo{};

constexpr bool IsIntegerKind(K k) { return k == K::kUint || k == K::kSint || k == K::kUbint; }

// Derives the numeric class and the filter/store flags from the channels, then adds `extra`.
constexpr FormatDesc Row(F id, int bytes, ChannelDesc x, ChannelDesc y, ChannelDesc z,
                         ChannelDesc w, uint8_t extra = 0) {
  FormatDesc d;
  d.id = id;
  d.bytes = static_cast<uint8_t>(bytes);
  d.ch[0] = x;
  d.ch[1] = y;
  d.ch[2] = z;
  d.ch[3] = w;
  d.numeric = NumericClass::kFloat;
  for (const ChannelDesc& c : d.ch) {
    if (c.kind == K::kUint) d.numeric = NumericClass::kUint;
    if (c.kind == K::kSint || c.kind == K::kUbint) d.numeric = NumericClass::kSint;
  }
  d.flags = static_cast<uint8_t>(extra | kFormatStorable);
  if (!IsIntegerKind(x.kind)) d.flags |= kFormatFilterable;
  if (x.kind == K::kSrgb) d.flags |= kFormatSrgb;
  return d;
}

constexpr FormatDesc Block(F id, BlockCodec codec, int bytes, int bw, int bh, ChannelDesc x,
                           ChannelDesc y, ChannelDesc z, ChannelDesc w) {
  FormatDesc d = Row(id, bytes, x, y, z, w);
  d.codec = codec;
  d.block_w = static_cast<uint8_t>(bw);
  d.block_h = static_cast<uint8_t>(bh);
  d.flags &= static_cast<uint8_t>(~kFormatStorable);
  return d;
}

// One channel layout in every numeric kind of a family. `kinds` lists the kinds in the order of
// `ids`; SRGB applies to X, Y, Z (W stays UNORM).
struct Layout {
  int bytes;
  int offset[4];
  int bits[4];  // 0: channel not stored
};

constexpr FormatDesc Family(F id, const Layout& l, K kind) {
  ChannelDesc ch[4];
  for (int c = 0; c < 4; ++c) {
    if (l.bits[c] == 0) continue;
    K k = kind;
    if (kind == K::kSrgb && c == 3) k = K::kUnorm;
    ch[c] = C(l.offset[c], l.bits[c], k);
  }
  return Row(id, l.bytes, ch[0], ch[1], ch[2], ch[3]);
}

constexpr Layout kR8{1, {0}, {8}};
constexpr Layout kR8G8{2, {0, 8}, {8, 8}};
constexpr Layout kR8G8B8A8{4, {0, 8, 16, 24}, {8, 8, 8, 8}};
constexpr Layout kR16{2, {0}, {16}};
constexpr Layout kR16G16{4, {0, 16}, {16, 16}};
constexpr Layout kR16G16B16A16{8, {0, 16, 32, 48}, {16, 16, 16, 16}};
constexpr Layout kR32{4, {0}, {32}};
constexpr Layout kR32G32{8, {0, 32}, {32, 32}};
constexpr Layout kR32G32B32{12, {0, 32, 64}, {32, 32, 32}};
constexpr Layout kR32G32B32A32{16, {0, 32, 64, 96}, {32, 32, 32, 32}};
constexpr Layout kR11G11B10{4, {0, 11, 22}, {11, 11, 10}};
constexpr Layout kR10G11B11{4, {0, 10, 21}, {10, 11, 11}};
constexpr Layout kR10G10B10A2{4, {0, 10, 20, 30}, {10, 10, 10, 2}};
constexpr Layout kR2G10B10A10{4, {0, 2, 12, 22}, {2, 10, 10, 10}};
constexpr Layout kR5G6B5{2, {0, 5, 11}, {5, 6, 5}};
constexpr Layout kR5G5B5A1{2, {0, 5, 10, 15}, {5, 5, 5, 1}};
constexpr Layout kR1G5B5A5{2, {0, 1, 6, 11}, {1, 5, 5, 5}};
constexpr Layout kR4G4B4A4{2, {0, 4, 8, 12}, {4, 4, 4, 4}};
constexpr Layout kR4G4{1, {0, 4}, {4, 4}};
constexpr Layout kR5G5B6{2, {0, 5, 10}, {5, 5, 6}};
constexpr Layout kR8G8B8{3, {0, 8, 16}, {8, 8, 8}};

// A 4:2:2 pair format: 4-byte blocks of 2x1 texels, decoded to R8G8B8 texels.
constexpr FormatDesc Pair(F id, BlockCodec codec, K kind) {
  FormatDesc d = Family(id, kR8G8B8, kind);
  d.codec = codec;
  d.bytes = 4;
  d.block_w = 2;
  d.flags &= static_cast<uint8_t>(~kFormatStorable);
  return d;
}

constexpr auto kRows = std::to_array<FormatDesc>({
    Family(F::kR8_UNORM, kR8, K::kUnorm),
    Family(F::kR8_SNORM, kR8, K::kSnorm),
    Family(F::kR8_USCALED, kR8, K::kUscaled),
    Family(F::kR8_SSCALED, kR8, K::kSscaled),
    Family(F::kR8_UINT, kR8, K::kUint),
    Family(F::kR8_SINT, kR8, K::kSint),
    Family(F::kR8_SRGB, kR8, K::kSrgb),
    Family(F::kR8_SNORM_NZ, kR8, K::kSnormNz),
    Family(F::kR8_UBNORM, kR8, K::kUbnorm),
    Family(F::kR8_UBNORM_NZ, kR8, K::kUbnormNz),
    Family(F::kR8_UBINT, kR8, K::kUbint),
    Family(F::kR8_UBSCALED, kR8, K::kUbscaled),
    Family(F::kR8G8_UNORM, kR8G8, K::kUnorm),
    Family(F::kR8G8_SNORM, kR8G8, K::kSnorm),
    Family(F::kR8G8_USCALED, kR8G8, K::kUscaled),
    Family(F::kR8G8_SSCALED, kR8G8, K::kSscaled),
    Family(F::kR8G8_UINT, kR8G8, K::kUint),
    Family(F::kR8G8_SINT, kR8G8, K::kSint),
    Family(F::kR8G8_SRGB, kR8G8, K::kSrgb),
    Family(F::kR8G8_SNORM_NZ, kR8G8, K::kSnormNz),
    Family(F::kR8G8_UBNORM, kR8G8, K::kUbnorm),
    Family(F::kR8G8_UBNORM_NZ, kR8G8, K::kUbnormNz),
    Family(F::kR8G8_UBINT, kR8G8, K::kUbint),
    Family(F::kR8G8_UBSCALED, kR8G8, K::kUbscaled),
    Family(F::kR8G8B8A8_UNORM, kR8G8B8A8, K::kUnorm),
    Family(F::kR8G8B8A8_SNORM, kR8G8B8A8, K::kSnorm),
    Family(F::kR8G8B8A8_USCALED, kR8G8B8A8, K::kUscaled),
    Family(F::kR8G8B8A8_SSCALED, kR8G8B8A8, K::kSscaled),
    Family(F::kR8G8B8A8_UINT, kR8G8B8A8, K::kUint),
    Family(F::kR8G8B8A8_SINT, kR8G8B8A8, K::kSint),
    Family(F::kR8G8B8A8_SRGB, kR8G8B8A8, K::kSrgb),
    Family(F::kR8G8B8A8_SNORM_NZ, kR8G8B8A8, K::kSnormNz),
    Family(F::kR8G8B8A8_UBNORM, kR8G8B8A8, K::kUbnorm),
    Family(F::kR8G8B8A8_UBNORM_NZ, kR8G8B8A8, K::kUbnormNz),
    Family(F::kR8G8B8A8_UBINT, kR8G8B8A8, K::kUbint),
    Family(F::kR8G8B8A8_UBSCALED, kR8G8B8A8, K::kUbscaled),
    Family(F::kR16_UNORM, kR16, K::kUnorm),
    Family(F::kR16_SNORM, kR16, K::kSnorm),
    Family(F::kR16_USCALED, kR16, K::kUscaled),
    Family(F::kR16_SSCALED, kR16, K::kSscaled),
    Family(F::kR16_UINT, kR16, K::kUint),
    Family(F::kR16_SINT, kR16, K::kSint),
    Family(F::kR16_FLOAT, kR16, K::kFloat),
    Family(F::kR16_SNORM_NZ, kR16, K::kSnormNz),
    Family(F::kR16_UBNORM, kR16, K::kUbnorm),
    Family(F::kR16_UBNORM_NZ, kR16, K::kUbnormNz),
    Family(F::kR16_UBINT, kR16, K::kUbint),
    Family(F::kR16_UBSCALED, kR16, K::kUbscaled),
    Family(F::kR16G16_UNORM, kR16G16, K::kUnorm),
    Family(F::kR16G16_SNORM, kR16G16, K::kSnorm),
    Family(F::kR16G16_USCALED, kR16G16, K::kUscaled),
    Family(F::kR16G16_SSCALED, kR16G16, K::kSscaled),
    Family(F::kR16G16_UINT, kR16G16, K::kUint),
    Family(F::kR16G16_SINT, kR16G16, K::kSint),
    Family(F::kR16G16_FLOAT, kR16G16, K::kFloat),
    Family(F::kR16G16_SNORM_NZ, kR16G16, K::kSnormNz),
    Family(F::kR16G16_UBNORM, kR16G16, K::kUbnorm),
    Family(F::kR16G16_UBNORM_NZ, kR16G16, K::kUbnormNz),
    Family(F::kR16G16_UBINT, kR16G16, K::kUbint),
    Family(F::kR16G16_UBSCALED, kR16G16, K::kUbscaled),
    Family(F::kR16G16B16A16_UNORM, kR16G16B16A16, K::kUnorm),
    Family(F::kR16G16B16A16_SNORM, kR16G16B16A16, K::kSnorm),
    Family(F::kR16G16B16A16_USCALED, kR16G16B16A16, K::kUscaled),
    Family(F::kR16G16B16A16_SSCALED, kR16G16B16A16, K::kSscaled),
    Family(F::kR16G16B16A16_UINT, kR16G16B16A16, K::kUint),
    Family(F::kR16G16B16A16_SINT, kR16G16B16A16, K::kSint),
    Family(F::kR16G16B16A16_FLOAT, kR16G16B16A16, K::kFloat),
    Family(F::kR16G16B16A16_SNORM_NZ, kR16G16B16A16, K::kSnormNz),
    Family(F::kR16G16B16A16_UBNORM, kR16G16B16A16, K::kUbnorm),
    Family(F::kR16G16B16A16_UBNORM_NZ, kR16G16B16A16, K::kUbnormNz),
    Family(F::kR16G16B16A16_UBINT, kR16G16B16A16, K::kUbint),
    Family(F::kR16G16B16A16_UBSCALED, kR16G16B16A16, K::kUbscaled),
    Family(F::kR32_UINT, kR32, K::kUint),
    Family(F::kR32_SINT, kR32, K::kSint),
    Family(F::kR32_FLOAT, kR32, K::kFloat),
    Family(F::kR32G32_UINT, kR32G32, K::kUint),
    Family(F::kR32G32_SINT, kR32G32, K::kSint),
    Family(F::kR32G32_FLOAT, kR32G32, K::kFloat),
    Family(F::kR32G32B32_UINT, kR32G32B32, K::kUint),
    Family(F::kR32G32B32_SINT, kR32G32B32, K::kSint),
    Family(F::kR32G32B32_FLOAT, kR32G32B32, K::kFloat),
    Family(F::kR32G32B32A32_UINT, kR32G32B32A32, K::kUint),
    Family(F::kR32G32B32A32_SINT, kR32G32B32A32, K::kSint),
    Family(F::kR32G32B32A32_FLOAT, kR32G32B32A32, K::kFloat),
    Family(F::kR11G11B10_UNORM, kR11G11B10, K::kUnorm),
    Family(F::kR11G11B10_SNORM, kR11G11B10, K::kSnorm),
    Family(F::kR11G11B10_USCALED, kR11G11B10, K::kUscaled),
    Family(F::kR11G11B10_SSCALED, kR11G11B10, K::kSscaled),
    Family(F::kR11G11B10_UINT, kR11G11B10, K::kUint),
    Family(F::kR11G11B10_SINT, kR11G11B10, K::kSint),
    Family(F::kR11G11B10_FLOAT, kR11G11B10, K::kFloat),
    Family(F::kR10G11B11_UNORM, kR10G11B11, K::kUnorm),
    Family(F::kR10G11B11_SNORM, kR10G11B11, K::kSnorm),
    Family(F::kR10G11B11_USCALED, kR10G11B11, K::kUscaled),
    Family(F::kR10G11B11_SSCALED, kR10G11B11, K::kSscaled),
    Family(F::kR10G11B11_UINT, kR10G11B11, K::kUint),
    Family(F::kR10G11B11_SINT, kR10G11B11, K::kSint),
    Family(F::kR10G11B11_FLOAT, kR10G11B11, K::kFloat),
    Family(F::kR10G10B10A2_UNORM, kR10G10B10A2, K::kUnorm),
    Family(F::kR10G10B10A2_SNORM, kR10G10B10A2, K::kSnorm),
    Family(F::kR10G10B10A2_USCALED, kR10G10B10A2, K::kUscaled),
    Family(F::kR10G10B10A2_SSCALED, kR10G10B10A2, K::kSscaled),
    Family(F::kR10G10B10A2_UINT, kR10G10B10A2, K::kUint),
    Family(F::kR10G10B10A2_SINT, kR10G10B10A2, K::kSint),
    Family(F::kR2G10B10A10_UNORM, kR2G10B10A10, K::kUnorm),
    Family(F::kR2G10B10A10_SNORM, kR2G10B10A10, K::kSnorm),
    Family(F::kR2G10B10A10_USCALED, kR2G10B10A10, K::kUscaled),
    Family(F::kR2G10B10A10_SSCALED, kR2G10B10A10, K::kSscaled),
    Family(F::kR2G10B10A10_UINT, kR2G10B10A10, K::kUint),
    Family(F::kR2G10B10A10_SINT, kR2G10B10A10, K::kSint),
    // The exponent field sits where W would; W itself reads as 1.
    Row(F::kR9G9B9E5_FLOAT, 4, C(0, 9, K::kSharedExp), C(9, 9, K::kSharedExp),
        C(18, 9, K::kSharedExp), C(27, 5, K::kNone)),
    Family(F::kR5G6B5_UNORM, kR5G6B5, K::kUnorm),
    Family(F::kR5G6B5_USCALED, kR5G6B5, K::kUscaled),
    Family(F::kR5G6B5_UINT, kR5G6B5, K::kUint),
    Family(F::kR5G5B5A1_UNORM, kR5G5B5A1, K::kUnorm),
    Family(F::kR5G5B5A1_USCALED, kR5G5B5A1, K::kUscaled),
    Family(F::kR5G5B5A1_UINT, kR5G5B5A1, K::kUint),
    Family(F::kR1G5B5A5_UNORM, kR1G5B5A5, K::kUnorm),
    Family(F::kR1G5B5A5_USCALED, kR1G5B5A5, K::kUscaled),
    Family(F::kR1G5B5A5_UINT, kR1G5B5A5, K::kUint),
    Family(F::kR4G4B4A4_UNORM, kR4G4B4A4, K::kUnorm),
    Family(F::kR4G4B4A4_USCALED, kR4G4B4A4, K::kUscaled),
    Family(F::kR4G4B4A4_UINT, kR4G4B4A4, K::kUint),
    Family(F::kR4G4_UNORM, kR4G4, K::kUnorm),
    Family(F::kR4G4_USCALED, kR4G4, K::kUscaled),
    Family(F::kR5G5B6_UNORM, kR5G5B6, K::kUnorm),
    Row(F::kR24G8_UNORM, 4, C(0, 24, K::kUnorm), C(24, 8, K::kUnorm), kNo, kNo,
        kFormatDepth | kFormatStencil),
    Row(F::kR24G8_UINT, 4, C(0, 24, K::kUint), C(24, 8, K::kUint), kNo, kNo,
        kFormatDepth | kFormatStencil),
    Row(F::kR8G24_UNORM, 4, C(0, 8, K::kUnorm), C(8, 24, K::kUnorm), kNo, kNo,
        kFormatDepth | kFormatStencil),
    Row(F::kR8G24_UINT, 4, C(0, 8, K::kUint), C(8, 24, K::kUint), kNo, kNo,
        kFormatDepth | kFormatStencil),
    // The float view reads depth only; the stencil byte reads through the UINT view.
    Row(F::kR32G8X24_FLOAT, 8, C(0, 32, K::kFloat), kNo, kNo, kNo, kFormatDepth | kFormatStencil),
    Row(F::kR32G8X24_UINT, 8, C(0, 32, K::kUint), C(32, 8, K::kUint), kNo, kNo,
        kFormatDepth | kFormatStencil),
    // 4:2:2: the codec expands a 2x1 pair into two texels of the R8G8B8 layout, each with the
    // shared X and Z and its own Y (docs/sampling.md, "4:2:2 pairs").
    Pair(F::kR8G8_B8G8_UNORM, BlockCodec::kGbGr, K::kUnorm),
    Pair(F::kR8G8_B8G8_SNORM, BlockCodec::kGbGr, K::kSnorm),
    Pair(F::kR8G8_B8G8_USCALED, BlockCodec::kGbGr, K::kUscaled),
    Pair(F::kR8G8_B8G8_UINT, BlockCodec::kGbGr, K::kUint),
    Pair(F::kR8G8_B8G8_SRGB, BlockCodec::kGbGr, K::kSrgb),
    Pair(F::kG8R8_G8B8_UNORM, BlockCodec::kBgRg, K::kUnorm),
    Pair(F::kG8R8_G8B8_SNORM, BlockCodec::kBgRg, K::kSnorm),
    Pair(F::kG8R8_G8B8_USCALED, BlockCodec::kBgRg, K::kUscaled),
    Pair(F::kG8R8_G8B8_UINT, BlockCodec::kBgRg, K::kUint),
    Pair(F::kG8R8_G8B8_SRGB, BlockCodec::kBgRg, K::kSrgb),
    // 1-bit texels, eight to a byte; the codec writes each texel as one 1-bit field.
    Block(F::kR1_UNORM, BlockCodec::kBit, 1, 8, 1, C(0, 1, K::kUnorm), kNo, kNo, kNo),
    Block(F::kR1_USCALED, BlockCodec::kBit, 1, 8, 1, C(0, 1, K::kUscaled), kNo, kNo, kNo),
    Block(F::kR1_REVERSED_UNORM, BlockCodec::kBitReversed, 1, 8, 1, C(0, 1, K::kUnorm), kNo, kNo,
          kNo),
    Block(F::kR1_REVERSED_USCALED, BlockCodec::kBitReversed, 1, 8, 1, C(0, 1, K::kUscaled), kNo,
          kNo, kNo),
    // Block compression: the codecs write decoded texels in these layouts (formats/bc_decode.h).
    Block(F::kBC1_UNORM, BlockCodec::kBc1, 8, 4, 4, C(0, 8, K::kUnorm), C(8, 8, K::kUnorm),
          C(16, 8, K::kUnorm), C(24, 8, K::kUnorm)),
    Block(F::kBC1_SRGB, BlockCodec::kBc1, 8, 4, 4, C(0, 8, K::kSrgb), C(8, 8, K::kSrgb),
          C(16, 8, K::kSrgb), C(24, 8, K::kUnorm)),
    Block(F::kBC2_UNORM, BlockCodec::kBc2, 16, 4, 4, C(0, 8, K::kUnorm), C(8, 8, K::kUnorm),
          C(16, 8, K::kUnorm), C(24, 8, K::kUnorm)),
    Block(F::kBC2_SRGB, BlockCodec::kBc2, 16, 4, 4, C(0, 8, K::kSrgb), C(8, 8, K::kSrgb),
          C(16, 8, K::kSrgb), C(24, 8, K::kUnorm)),
    Block(F::kBC3_UNORM, BlockCodec::kBc3, 16, 4, 4, C(0, 8, K::kUnorm), C(8, 8, K::kUnorm),
          C(16, 8, K::kUnorm), C(24, 8, K::kUnorm)),
    Block(F::kBC3_SRGB, BlockCodec::kBc3, 16, 4, 4, C(0, 8, K::kSrgb), C(8, 8, K::kSrgb),
          C(16, 8, K::kSrgb), C(24, 8, K::kUnorm)),
    Block(F::kBC4_UNORM, BlockCodec::kBc4, 8, 4, 4, C(0, 32, K::kFloat), kNo, kNo, kNo),
    Block(F::kBC4_SNORM, BlockCodec::kBc4, 8, 4, 4, C(0, 32, K::kFloat), kNo, kNo, kNo),
    Block(F::kBC5_UNORM, BlockCodec::kBc5, 16, 4, 4, C(0, 32, K::kFloat), C(32, 32, K::kFloat), kNo,
          kNo),
    Block(F::kBC5_SNORM, BlockCodec::kBc5, 16, 4, 4, C(0, 32, K::kFloat), C(32, 32, K::kFloat), kNo,
          kNo),
    Block(F::kBC6H_UFLOAT, BlockCodec::kBc6h, 16, 4, 4, C(0, 16, K::kFloat), C(16, 16, K::kFloat),
          C(32, 16, K::kFloat), kNo),
    Block(F::kBC6H_SFLOAT, BlockCodec::kBc6h, 16, 4, 4, C(0, 16, K::kFloat), C(16, 16, K::kFloat),
          C(32, 16, K::kFloat), kNo),
    Block(F::kBC7_UNORM, BlockCodec::kBc7, 16, 4, 4, C(0, 8, K::kUnorm), C(8, 8, K::kUnorm),
          C(16, 8, K::kUnorm), C(24, 8, K::kUnorm)),
    Block(F::kBC7_SRGB, BlockCodec::kBc7, 16, 4, 4, C(0, 8, K::kSrgb), C(8, 8, K::kSrgb),
          C(16, 8, K::kSrgb), C(24, 8, K::kUnorm)),
});

constexpr const char* kNames[] = {"INVALID",
#define TEXUNIT_FORMAT_NAME(name) #name,
                                  TEXUNIT_FORMAT_LIST(TEXUNIT_FORMAT_NAME)
#undef TEXUNIT_FORMAT_NAME
};

constexpr size_t kCount = static_cast<size_t>(FormatId::kCount);
static_assert(std::size(kNames) == kCount);
static_assert(kRows.size() + 1 == kCount, "every FormatId needs exactly one row");

// Rows indexed by id (row 0 is kInvalid), with their names; checks that kRows is in id order.
constexpr std::array<FormatDesc, kCount> BuildTable() {
  std::array<FormatDesc, kCount> t{};
  for (size_t i = 0; i < kRows.size(); ++i) {
    t[i + 1] = kRows[i];
    t[i + 1].name = kNames[i + 1];
  }
  return t;
}
constexpr std::array<FormatDesc, kCount> kTable = BuildTable();

constexpr bool RowsInIdOrder() {
  for (size_t i = 0; i < kCount; ++i) {
    if (static_cast<size_t>(kTable[i].id) != i) return false;
  }
  return true;
}
static_assert(RowsInIdOrder(), "kRows must list the formats in FormatId order");

// Every stored channel lies inside its texel, and within one 32-bit word (the kernels extract a
// channel from one word).
constexpr bool ChannelsFit() {
  for (size_t i = 1; i < kCount; ++i) {
    const FormatDesc& d = kTable[i];
    for (const ChannelDesc& c : d.ch) {
      if (c.bits == 0) continue;
      if (c.offset / 32 != (c.offset + c.bits - 1) / 32) return false;
      if (c.offset + c.bits > 8 * d.texel_bytes()) return false;
    }
  }
  return true;
}
static_assert(ChannelsFit());

}  // namespace

const FormatDesc& GetFormatDesc(FormatId id) {
  const auto i = static_cast<size_t>(id);
  return i < kCount ? kTable[i] : kTable[0];
}

std::span<const FormatDesc> AllFormats() { return std::span(kTable).subspan(1); }

const char* FormatName(FormatId id) { return GetFormatDesc(id).name; }

bool ParseFormatName(std::string_view name, FormatId* out) {
  for (const FormatDesc& d : AllFormats()) {
    const std::string_view n = d.name;
    if (n.size() != name.size()) continue;
    bool same = true;
    for (size_t i = 0; i < n.size() && same; ++i) {
      same = std::toupper(static_cast<unsigned char>(name[i])) == n[i];
    }
    if (same) {
      *out = d.id;
      return true;
    }
  }
  return false;
}

Status InvalidFormatStatus(const ImageDesc& desc) {
  if (desc.gfx10_format != 0) {
    return Status::InvalidArgument("T#.FORMAT=" + std::to_string(desc.gfx10_format) +
                                   " is not a texel format texunit knows");
  }
  return Status::InvalidArgument(
      "T#.DATA_FORMAT=" + std::to_string(desc.data_format) +
      " with T#.NUM_FORMAT=" + std::to_string(desc.num_format) +
      " is not a format combination the hardware defines (ImageDesc.format is kInvalid)");
}

}  // namespace texunit
