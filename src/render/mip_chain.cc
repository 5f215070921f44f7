#include "render/mip_chain.h"

#include <cstring>
#include <new>
#include <string>

#define STB_IMAGE_RESIZE_IMPLEMENTATION
#define STB_IMAGE_RESIZE_STATIC
#include <stb/stb_image_resize.h>

namespace texunit::render {
namespace {

constexpr std::align_val_t kStorageAlignment{256};

std::string Dims(uint32_t width, uint32_t height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

}  // namespace

void MipImage::AlignedFree::operator()(uint8_t* p) const {
  ::operator delete[](p, kStorageAlignment);
}

uint32_t FullMipCount(uint32_t width, uint32_t height) {
  uint32_t size = width > height ? width : height;
  uint32_t levels = 1;
  while (size > 1) {
    size >>= 1;
    ++levels;
  }
  return levels;
}

Status MipImage::Allocate(Format format, uint32_t width, uint32_t height, uint64_t address,
                          std::unique_ptr<MipImage>* out) {
  if (width == 0 || height == 0 || width > 16384 || height > 16384) {
    return Status::InvalidArgument("mip chain: image size " + Dims(width, height) +
                                   " is outside 1x1..16384x16384");
  }
  std::unique_ptr<MipImage> image(new MipImage());
  image->desc_ = MakeImage2D(format, width, height, FullMipCount(width, height), address);
  TEXUNIT_RETURN_IF_ERROR(ComputeImageLayout(image->desc_, &image->layout_));
  const uint64_t bytes = image->layout_.total_bytes;
  image->storage_.reset(static_cast<uint8_t*>(::operator new[](bytes, kStorageAlignment)));
  std::memset(image->storage_.get(), 0, bytes);
  *out = std::move(image);
  return Status::Ok();
}

const uint8_t* MipImage::Texel(uint32_t level, uint32_t x, uint32_t y) const {
  const LevelLayout& l = layout_.levels[level];
  return storage_.get() + l.offset +
         (static_cast<uint64_t>(y) * l.pitch + x) * layout_.bytes_per_texel;
}

Status MipImage::CreateRgba8(const uint8_t* pixels, uint32_t width, uint32_t height, bool srgb,
                             uint64_t address, std::unique_ptr<MipImage>* out) {
  std::unique_ptr<MipImage> image;
  TEXUNIT_RETURN_IF_ERROR(
      Allocate(srgb ? kFormatRgba8Srgb : kFormatRgba8Unorm, width, height, address, &image));
  const ImageLayout& layout = image->layout_;
  if (layout.bytes_per_texel != 4) {
    return Status::Internal("mip chain: RGBA8 layout has " +
                            std::to_string(layout.bytes_per_texel) + " bytes per texel");
  }
  uint8_t* base = image->storage_.get();
  for (uint32_t y = 0; y < height; ++y) {
    std::memcpy(base + layout.levels[0].offset + uint64_t{y} * layout.levels[0].pitch * 4,
                pixels + uint64_t{y} * width * 4, uint64_t{width} * 4);
  }
  for (uint32_t level = 1; level < layout.num_levels; ++level) {
    const LevelLayout& src = layout.levels[level - 1];
    const LevelLayout& dst = layout.levels[level];
    const int ok = stbir_resize_uint8_generic(
        base + src.offset, static_cast<int>(src.width), static_cast<int>(src.height),
        static_cast<int>(src.pitch * 4), base + dst.offset, static_cast<int>(dst.width),
        static_cast<int>(dst.height), static_cast<int>(dst.pitch * 4), 4, /*alpha_channel=*/3,
        /*flags=*/0, STBIR_EDGE_WRAP, STBIR_FILTER_BOX,
        srgb ? STBIR_COLORSPACE_SRGB : STBIR_COLORSPACE_LINEAR, nullptr);
    if (!ok) {
      return Status::Internal("mip chain: stb_image_resize failed on level " +
                              std::to_string(level));
    }
  }
  *out = std::move(image);
  return Status::Ok();
}

Status MipImage::CreateRgba32f(const float* pixels, uint32_t width, uint32_t height,
                               uint64_t address, std::unique_ptr<MipImage>* out) {
  std::unique_ptr<MipImage> image;
  TEXUNIT_RETURN_IF_ERROR(Allocate(kFormatRgba32Float, width, height, address, &image));
  const ImageLayout& layout = image->layout_;
  if (layout.bytes_per_texel != 16) {
    return Status::Internal("mip chain: RGBA32F layout has " +
                            std::to_string(layout.bytes_per_texel) + " bytes per texel");
  }
  uint8_t* base = image->storage_.get();
  for (uint32_t y = 0; y < height; ++y) {
    std::memcpy(base + layout.levels[0].offset + uint64_t{y} * layout.levels[0].pitch * 16,
                pixels + uint64_t{y} * width * 4, uint64_t{width} * 16);
  }
  for (uint32_t level = 1; level < layout.num_levels; ++level) {
    const LevelLayout& src = layout.levels[level - 1];
    const LevelLayout& dst = layout.levels[level];
    const int ok = stbir_resize_float_generic(
        reinterpret_cast<const float*>(base + src.offset), static_cast<int>(src.width),
        static_cast<int>(src.height), static_cast<int>(src.pitch * 16),
        reinterpret_cast<float*>(base + dst.offset), static_cast<int>(dst.width),
        static_cast<int>(dst.height), static_cast<int>(dst.pitch * 16), 4, /*alpha_channel=*/3,
        /*flags=*/0, STBIR_EDGE_WRAP, STBIR_FILTER_BOX, STBIR_COLORSPACE_LINEAR, nullptr);
    if (!ok) {
      return Status::Internal("mip chain: stb_image_resize failed on level " +
                              std::to_string(level));
    }
  }
  *out = std::move(image);
  return Status::Ok();
}

Status MipImage::Register(Memory* memory, bool writable) {
  return memory->AddRegion(desc_.base_address, storage_.get(), layout_.total_bytes, writable);
}

}  // namespace texunit::render
