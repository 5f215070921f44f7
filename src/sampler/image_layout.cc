// The linear layout of an image (include/texunit/layout.h documents the rules).
#include <algorithm>
#include <string>

#include "formats/format_table.h"
#include "texunit/layout.h"

namespace texunit {

namespace {

constexpr uint32_t kMaxDimension = 16384;  // 14-bit WIDTH/HEIGHT fields
constexpr uint64_t kLevelAlignment = 256;  // base addresses are VA >> 8

bool IsArray(ImageType t) {
  return t == ImageType::k1DArray || t == ImageType::k2DArray || t == ImageType::k2DMsaaArray;
}

bool IsMsaa(ImageType t) { return t == ImageType::k2DMsaa || t == ImageType::k2DMsaaArray; }

bool Is1D(ImageType t) { return t == ImageType::k1D || t == ImageType::k1DArray; }

uint32_t MipCount(uint32_t w, uint32_t h, uint32_t d) {
  uint32_t m = std::max({w, h, d}), n = 1;
  while (m > 1) {
    m >>= 1;
    ++n;
  }
  return n;
}

std::string Str(uint64_t v) { return std::to_string(v); }

uint32_t AlignUp(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

}  // namespace

Status ComputeImageLayout(const ImageDesc& desc, ImageLayout* out) {
  // Only the fields below are written: levels past last_level keep whatever they held (this runs
  // once per request, and clearing 16 levels cost more than computing the used ones).
  out->bytes_per_element = 0;
  out->num_levels = 0;
  out->total_bytes = 0;
  if (!desc.linear) {
    return Status::Unsupported("T# tiling mode " + Str(desc.tiling) +
                               " (TILING_INDEX/SW_MODE) is not linear; texunit reads linear "
                               "images only");
  }
  const FormatDesc& fmt = GetFormatDesc(desc.format);
  if (!fmt.ok()) return InvalidFormatStatus(desc);
  if (desc.width == 0 || desc.width > kMaxDimension) {
    return Status::InvalidArgument("T#.WIDTH=" + Str(desc.width) + " is outside 1..16384");
  }
  if (desc.height == 0 || desc.height > kMaxDimension) {
    return Status::InvalidArgument("T#.HEIGHT=" + Str(desc.height) + " is outside 1..16384");
  }
  // DEPTH is 13 bits; a GFX6-8 cube counts cubes there, so its faces reach 6 x 8192.
  const uint32_t max_depth = desc.type == ImageType::kCube ? 6 * 8192 : 8192;
  if (desc.depth == 0 || desc.depth > max_depth) {
    return Status::InvalidArgument("T#.DEPTH: depth=" + Str(desc.depth) + " is outside 1.." +
                                   Str(max_depth));
  }
  if (desc.pitch < desc.width) {
    return Status::InvalidArgument("T#.PITCH=" + Str(desc.pitch) +
                                   " is less than WIDTH=" + Str(desc.width));
  }
  const uint32_t bw = fmt.block_w, bh = fmt.block_h;
  if (fmt.is_block() && desc.pitch != desc.width && desc.pitch != AlignUp(desc.width, bw)) {
    return Status::InvalidArgument("T#.PITCH=" + Str(desc.pitch) + " of a " + fmt.name +
                                   " image must be WIDTH=" + Str(desc.width) + " or " +
                                   Str(AlignUp(desc.width, bw)) + ": its levels' row pitch is " +
                                   "WIDTH rounded up to whole " + Str(bw) + "x" + Str(bh) +
                                   " blocks");
  }
  const bool is3d = desc.type == ImageType::k3D;
  const bool msaa = IsMsaa(desc.type);
  // 1D images have one row whatever HEIGHT says.
  const uint32_t height = Is1D(desc.type) ? 1 : desc.height;
  const uint32_t mips = MipCount(desc.width, height, is3d ? desc.depth : 1);
  out->samples = 1;
  if (msaa) {
    // LAST_LEVEL holds log2 of the fragment count; there is one level.
    if (desc.last_level > 4 || desc.base_level != 0) {
      return Status::InvalidArgument(
          "T#.LAST_LEVEL=" + Str(desc.last_level) + ", BASE_LEVEL=" + Str(desc.base_level) +
          ": a 2D_MSAA image holds log2(fragments) (0..4) in LAST_LEVEL and BASE_LEVEL 0");
    }
    if (fmt.is_block()) {
      return Status::InvalidArgument(std::string("T# format ") + fmt.name +
                                     " cannot be multisampled: its texels are encoded in blocks");
    }
    out->samples = 1u << desc.last_level;
  } else if (desc.last_level >= kMaxLevels || desc.last_level >= mips) {
    return Status::InvalidArgument("T#.LAST_LEVEL=" + Str(desc.last_level) + " exceeds the " +
                                   Str(mips) + " levels of a " + Str(desc.width) + "x" +
                                   Str(desc.height) + " image");
  }
  if (desc.base_level > desc.last_level) {
    return Status::InvalidArgument("T#.BASE_LEVEL=" + Str(desc.base_level) +
                                   " is greater than LAST_LEVEL=" + Str(desc.last_level));
  }
  if (IsArray(desc.type) || desc.type == ImageType::kCube) {
    if (desc.base_array > desc.last_array) {
      return Status::InvalidArgument("T#.BASE_ARRAY=" + Str(desc.base_array) +
                                     " is greater than LAST_ARRAY=" + Str(desc.last_array));
    }
    if (desc.last_array >= desc.depth) {
      return Status::InvalidArgument("T#.LAST_ARRAY=" + Str(desc.last_array) +
                                     " is not below the image's layer count " + Str(desc.depth) +
                                     (desc.type == ImageType::kCube ? " (faces)" : ""));
    }
  }

  out->bytes_per_element = fmt.bytes;
  out->block_width = bw;
  out->block_height = bh;
  out->num_levels = msaa ? 1u : desc.last_level + 1u;
  uint64_t offset = 0;
  for (uint32_t l = 0; l < out->num_levels; ++l) {
    LevelLayout& lv = out->levels[l];
    lv.offset = offset;
    lv.width = std::max(1u, desc.width >> l);
    lv.height = std::max(1u, height >> l);
    lv.depth = is3d ? std::max(1u, desc.depth >> l) : desc.depth;
    lv.pitch = fmt.is_block() ? AlignUp(lv.width, bw) : std::max(desc.pitch >> l, lv.width);
    lv.rows = (lv.height + bh - 1) / bh;
    lv.row_bytes = uint64_t{lv.pitch / bw} * fmt.bytes * out->samples;
    lv.slice_bytes = lv.rows * lv.row_bytes;
    // The footprint ends at the last element of the last row; the next level starts after the
    // whole padded rows.
    const uint64_t last_row = lv.slice_bytes * (lv.depth - 1) + lv.row_bytes * (lv.rows - 1);
    out->total_bytes =
        offset + last_row + uint64_t{(lv.width + bw - 1) / bw} * fmt.bytes * out->samples;
    const uint64_t end = offset + lv.slice_bytes * lv.depth;
    offset = (end + kLevelAlignment - 1) / kLevelAlignment * kLevelAlignment;
  }
  return Status::Ok();
}

ImageDesc MakeImage2D(FormatId format, uint32_t width, uint32_t height, uint32_t levels,
                      uint64_t base_address) {
  ImageDesc d;
  d.base_address = base_address;
  d.format = format;
  d.width = width;
  d.height = height;
  d.pitch = width;
  d.type = ImageType::k2D;
  d.last_level = static_cast<uint8_t>(levels == 0 ? 0 : levels - 1);
  return d;
}

}  // namespace texunit
