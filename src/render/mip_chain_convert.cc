// MipImage::Convert: a float RGBA mip chain re-encoded in any format texunit can write or that
// render/bc_encode.h compresses.
#include <bit>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "formats/format_table.h"
#include "render/bc_encode.h"
#include "render/mip_chain.h"
#include "texunit/request.h"
#include "texunit/runtime.h"

namespace texunit::render {
namespace {

// The value a channel stores for the float `v` in [0, 1]: integer-like kinds take v * 255.
uint32_t StoreValue(const FormatDesc& f, float v) {
  switch (f.ch[0].kind) {
    case ChannelKind::kUint:
    case ChannelKind::kSint:
    case ChannelKind::kUbint:
      return static_cast<uint32_t>(std::lround(v * 255.0f));
    case ChannelKind::kUscaled:
    case ChannelKind::kSscaled:
    case ChannelKind::kUbscaled:
      return std::bit_cast<uint32_t>(std::round(v * 255.0f));
    default:
      return std::bit_cast<uint32_t>(v);
  }
}

// Writes every texel of every level with 64-lane IMAGE_STORE_MIP waves.
Status StoreLevels(const MipImage& src, MipImage* dst) {
  std::unique_ptr<Runtime> runtime;
  RuntimeOptions options;
  options.threads = 1;
  TEXUNIT_RETURN_IF_ERROR(Runtime::Create(options, &runtime));
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(dst->Register(&memory, /*writable=*/true));
  const FormatDesc& f = GetFormatDesc(dst->desc().format);
  uint32_t x[64], y[64], mip[64], data[4][64];
  TexRequest q;
  q.op = {OpKind::kStore, kOpMip};
  q.image = &dst->desc();
  q.memory = &memory;
  q.in.coord[0] = x;
  q.in.coord[1] = y;
  q.in.mip = mip;
  for (int c = 0; c < 4; ++c) q.in.data[c] = data[c];
  for (uint32_t level = 0; level < src.levels(); ++level) {
    const LevelLayout& l = src.layout().levels[level];
    const uint64_t texels = uint64_t{l.width} * l.height;
    for (uint64_t first = 0; first < texels; first += 64) {
      q.lane_count = static_cast<uint32_t>(std::min<uint64_t>(64, texels - first));
      for (uint32_t lane = 0; lane < q.lane_count; ++lane) {
        x[lane] = static_cast<uint32_t>((first + lane) % l.width);
        y[lane] = static_cast<uint32_t>((first + lane) / l.width);
        mip[lane] = level;
        const float* t = reinterpret_cast<const float*>(src.Texel(level, x[lane], y[lane]));
        for (int c = 0; c < 4; ++c) data[c][lane] = StoreValue(f, t[c]);
      }
      TEXUNIT_RETURN_IF_ERROR(runtime->Execute(q));
    }
  }
  return Status::Ok();
}

// Compresses every level block by block; blocks past a level's edge repeat its last texels.
Status EncodeLevels(const MipImage& src, MipImage* dst) {
  const FormatDesc& f = GetFormatDesc(dst->desc().format);
  const bool is_signed = f.id == FormatId::kBC4_SNORM || f.id == FormatId::kBC5_SNORM ||
                         f.id == FormatId::kBC6H_SFLOAT;
  for (uint32_t level = 0; level < src.levels(); ++level) {
    const LevelLayout& l = src.layout().levels[level];
    const LevelLayout& d = dst->layout().levels[level];
    for (uint32_t by = 0; by < d.rows; ++by) {
      for (uint32_t bx = 0; bx * 4 < l.width; ++bx) {
        float rgba[16][4];
        for (uint32_t i = 0; i < 16; ++i) {
          const uint32_t x = std::min(bx * 4 + i % 4, l.width - 1);
          const uint32_t y = std::min(by * 4 + i / 4, l.height - 1);
          std::memcpy(rgba[i], src.Texel(level, x, y), 16);
        }
        uint8_t* out = dst->data() + d.offset + by * d.row_bytes + bx * f.bytes;
        float r[16], rg[16][2], rgb[16][3];
        for (int i = 0; i < 16; ++i) {
          r[i] = rg[i][0] = rgb[i][0] = rgba[i][0];
          rg[i][1] = rgb[i][1] = rgba[i][1];
          rgb[i][2] = rgba[i][2];
        }
        switch (f.codec) {
          case BlockCodec::kBc1:
            EncodeBc1Block(rgba, out);
            break;
          case BlockCodec::kBc2:
            EncodeBc2Block(rgba, out);
            break;
          case BlockCodec::kBc3:
            EncodeBc3Block(rgba, out);
            break;
          case BlockCodec::kBc4:
            EncodeBc4Block(r, is_signed, out);
            break;
          case BlockCodec::kBc5:
            EncodeBc5Block(rg, is_signed, out);
            break;
          case BlockCodec::kBc6h:
            EncodeBc6hBlock(rgb, is_signed, out);
            break;
          case BlockCodec::kBc7:
            EncodeBc7Block(rgba, out);
            break;
          default:
            return Status::Internal("mip chain: no block encoder for " + std::string(f.name));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace

Status MipImage::Convert(const MipImage& rgba32f, FormatId format, uint64_t address,
                         std::unique_ptr<MipImage>* out) {
  if (rgba32f.desc().format != FormatId::kR32G32B32A32_FLOAT) {
    return Status::InvalidArgument("mip chain: Convert reads an R32G32B32A32_FLOAT image");
  }
  const FormatDesc& f = GetFormatDesc(format);
  const bool bc = f.codec >= BlockCodec::kBc1 && f.codec <= BlockCodec::kBc7;
  if (!f.has(kFormatStorable) && !bc) {
    return Status::Unsupported(std::string("mip chain: no encoder for ") + f.name +
                               " (neither storable nor BC1-BC7)");
  }
  std::unique_ptr<MipImage> image;
  TEXUNIT_RETURN_IF_ERROR(
      Allocate(format, rgba32f.desc().width, rgba32f.desc().height, address, &image));
  TEXUNIT_RETURN_IF_ERROR(bc ? EncodeLevels(rgba32f, image.get())
                             : StoreLevels(rgba32f, image.get()));
  *out = std::move(image);
  return Status::Ok();
}

}  // namespace texunit::render
