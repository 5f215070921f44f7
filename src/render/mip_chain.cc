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

Status MipImage::Allocate(FormatId format, uint32_t width, uint32_t height, uint64_t address,
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
         (static_cast<uint64_t>(y) * l.pitch + x) * layout_.bytes_per_element;
}

Status MipImage::FillLevels(const void* pixels, const ResizeLevelFn& resize) {
  const uint32_t bpp = layout_.bytes_per_element;
  const LevelLayout& top = layout_.levels[0];
  uint8_t* base = storage_.get();
  const auto* src_rows = static_cast<const uint8_t*>(pixels);
  for (uint32_t y = 0; y < top.height; ++y) {
    std::memcpy(base + top.offset + uint64_t{y} * top.pitch * bpp,
                src_rows + uint64_t{y} * top.width * bpp, uint64_t{top.width} * bpp);
  }
  // Each level is box-filtered from the one above it, wrapping at the edges like the sampler.
  for (uint32_t level = 1; level < layout_.num_levels; ++level) {
    const LevelLayout& src = layout_.levels[level - 1];
    const LevelLayout& dst = layout_.levels[level];
    if (!resize(base + src.offset, src, base + dst.offset, dst, bpp)) {
      return Status::Internal("mip chain: stb_image_resize failed on level " +
                              std::to_string(level));
    }
  }
  return Status::Ok();
}

Status MipImage::CreateRgba8(const uint8_t* pixels, uint32_t width, uint32_t height, bool srgb,
                             uint64_t address, std::unique_ptr<MipImage>* out) {
  std::unique_ptr<MipImage> image;
  TEXUNIT_RETURN_IF_ERROR(Allocate(srgb ? FormatId::kR8G8B8A8_SRGB : FormatId::kR8G8B8A8_UNORM,
                                   width, height, address, &image));
  TEXUNIT_RETURN_IF_ERROR(image->FillLevels(pixels, [srgb](const uint8_t* src, const LevelLayout& s,
                                                           uint8_t* dst, const LevelLayout& d,
                                                           uint32_t bpp) {
    return stbir_resize_uint8_generic(
               src, static_cast<int>(s.width), static_cast<int>(s.height),
               static_cast<int>(s.pitch * bpp), dst, static_cast<int>(d.width),
               static_cast<int>(d.height), static_cast<int>(d.pitch * bpp), 4, /*alpha_channel=*/3,
               /*flags=*/0, STBIR_EDGE_WRAP, STBIR_FILTER_BOX,
               srgb ? STBIR_COLORSPACE_SRGB : STBIR_COLORSPACE_LINEAR, nullptr) != 0;
  }));
  *out = std::move(image);
  return Status::Ok();
}

Status MipImage::CreateRgba32f(const float* pixels, uint32_t width, uint32_t height,
                               uint64_t address, std::unique_ptr<MipImage>* out) {
  std::unique_ptr<MipImage> image;
  TEXUNIT_RETURN_IF_ERROR(Allocate(FormatId::kR32G32B32A32_FLOAT, width, height, address, &image));
  TEXUNIT_RETURN_IF_ERROR(image->FillLevels(pixels, [](const uint8_t* src, const LevelLayout& s,
                                                       uint8_t* dst, const LevelLayout& d,
                                                       uint32_t bpp) {
    return stbir_resize_float_generic(
               reinterpret_cast<const float*>(src), static_cast<int>(s.width),
               static_cast<int>(s.height), static_cast<int>(s.pitch * bpp),
               reinterpret_cast<float*>(dst), static_cast<int>(d.width), static_cast<int>(d.height),
               static_cast<int>(d.pitch * bpp), 4, /*alpha_channel=*/3, /*flags=*/0,
               STBIR_EDGE_WRAP, STBIR_FILTER_BOX, STBIR_COLORSPACE_LINEAR, nullptr) != 0;
  }));
  *out = std::move(image);
  return Status::Ok();
}

Status MipImage::Register(Memory* memory, bool writable) {
  return memory->AddRegion(desc_.base_address, storage_.get(), layout_.total_bytes, writable);
}

}  // namespace texunit::render
