#include "formats/block_decode.h"

#include <bit>
#include <cstring>

#include "formats/bc_decode.h"

namespace texunit {

namespace {

uint32_t Pack8888(const uint8_t c[4]) {
  return uint32_t{c[0]} | uint32_t{c[1]} << 8 | uint32_t{c[2]} << 16 | uint32_t{c[3]} << 24;
}

// The 4:2:2 pairs: each texel takes the pair's shared X and Z bytes and its own Y byte.
// GB_GR stores bytes X, Y0, Z, Y1; BG_RG stores Y0, X, Y1, Z.
void DecodePair(BlockCodec codec, const uint8_t* b, DecodedBlock* out) {
  const bool gbgr = codec == BlockCodec::kGbGr;
  const uint8_t x = gbgr ? b[0] : b[1];
  const uint8_t z = gbgr ? b[2] : b[3];
  const uint8_t y[2] = {gbgr ? b[1] : b[0], gbgr ? b[3] : b[2]};
  for (int t = 0; t < 2; ++t) {
    out->texel[t][0] = uint32_t{x} | uint32_t{y[t]} << 8 | uint32_t{z} << 16;
  }
}

}  // namespace

void DecodeBlock(const FormatDesc& format, const uint8_t* block, DecodedBlock* out) {
  const bool is_signed = format.id == FormatId::kBC4_SNORM || format.id == FormatId::kBC5_SNORM ||
                         format.id == FormatId::kBC6H_SFLOAT;
  switch (format.codec) {
    case BlockCodec::kBc1:
    case BlockCodec::kBc2:
    case BlockCodec::kBc3:
    case BlockCodec::kBc7: {
      uint8_t rgba[16][4];
      if (format.codec == BlockCodec::kBc1) DecodeBc1Block(block, rgba);
      if (format.codec == BlockCodec::kBc2) DecodeBc2Block(block, rgba);
      if (format.codec == BlockCodec::kBc3) DecodeBc3Block(block, rgba);
      if (format.codec == BlockCodec::kBc7) DecodeBc7Block(block, rgba);
      for (int i = 0; i < 16; ++i) out->texel[i][0] = Pack8888(rgba[i]);
      return;
    }
    case BlockCodec::kBc4: {
      float r[16];
      DecodeBc4Block(block, is_signed, r);
      for (int i = 0; i < 16; ++i) out->texel[i][0] = std::bit_cast<uint32_t>(r[i]);
      return;
    }
    case BlockCodec::kBc5: {
      float rg[16][2];
      DecodeBc5Block(block, is_signed, rg);
      for (int i = 0; i < 16; ++i) {
        out->texel[i][0] = std::bit_cast<uint32_t>(rg[i][0]);
        out->texel[i][1] = std::bit_cast<uint32_t>(rg[i][1]);
      }
      return;
    }
    case BlockCodec::kBc6h: {
      uint16_t rgb[16][3];
      DecodeBc6hBlock(block, is_signed, rgb);
      for (int i = 0; i < 16; ++i) {
        out->texel[i][0] = uint32_t{rgb[i][0]} | uint32_t{rgb[i][1]} << 16;
        out->texel[i][1] = rgb[i][2];
      }
      return;
    }
    case BlockCodec::kGbGr:
    case BlockCodec::kBgRg:
      DecodePair(format.codec, block, out);
      return;
    case BlockCodec::kBit:
    case BlockCodec::kBitReversed:
      // Texel x of the byte is bit x (LSB first), or bit 7 - x when reversed.
      for (int x = 0; x < 8; ++x) {
        const int bit = format.codec == BlockCodec::kBit ? x : 7 - x;
        out->texel[x][0] = (block[0] >> bit) & 1u;
      }
      return;
    case BlockCodec::kNone:
      break;
  }
  std::memset(out, 0, sizeof(*out));
}

}  // namespace texunit
