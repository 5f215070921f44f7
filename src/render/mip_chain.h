// A 2D image with a full mip chain in a host buffer laid out exactly as ComputeImageLayout
// describes the linear layout, registered with a texunit::Memory at a guest address. Levels
// 1..N-1 are box-filtered from the level above with stb_image_resize (in linear light for sRGB
// formats; edges wrap, as the demo samples with WRAP).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/status.h"

namespace texunit::render {

inline constexpr uint64_t kDefaultImageAddress = 0x100000000ull;

// floor(log2(max(width, height))) + 1: the number of levels down to 1x1.
uint32_t FullMipCount(uint32_t width, uint32_t height);

class MipImage {
 public:
  // RGBA8 (UNORM, or SRGB when `srgb`): `pixels` is width*height*4 bytes, rows packed.
  static Status CreateRgba8(const uint8_t* pixels, uint32_t width, uint32_t height, bool srgb,
                            uint64_t address, std::unique_ptr<MipImage>* out);
  // RGBA32F: `pixels` is width*height*4 floats, rows packed.
  static Status CreateRgba32f(const float* pixels, uint32_t width, uint32_t height,
                              uint64_t address, std::unique_ptr<MipImage>* out);
  // `rgba32f`'s texels in `format`, level by level (mip_chain_convert.cc): storable formats are
  // written with IMAGE_STORE_MIP, so the library's own encode decides every bit; BC1-BC7 are
  // compressed with render/bc_encode.h. Integer and SCALED formats take the values scaled by 255.
  static Status Convert(const MipImage& rgba32f, FormatId format, uint64_t address,
                        std::unique_ptr<MipImage>* out);

  // Registers the image's footprint [address, address + total_bytes) with `memory`.
  Status Register(Memory* memory, bool writable = true);

  const ImageDesc& desc() const { return desc_; }
  const ImageLayout& layout() const { return layout_; }
  uint32_t levels() const { return layout_.num_levels; }
  uint8_t* data() { return storage_.get(); }
  const uint8_t* data() const { return storage_.get(); }
  uint64_t size_bytes() const { return layout_.total_bytes; }
  // Host pointer to texel (x, y) of level `level`.
  const uint8_t* Texel(uint32_t level, uint32_t x, uint32_t y) const;

 private:
  // Resizes one level into the next: (src, its layout, dst, its layout, bytes per texel).
  using ResizeLevelFn = std::function<bool(const uint8_t*, const LevelLayout&, uint8_t*,
                                           const LevelLayout&, uint32_t)>;
  // Copies `pixels` (tightly packed rows) into level 0 and builds every other level with
  // `resize`.
  Status FillLevels(const void* pixels, const ResizeLevelFn& resize);

  MipImage() = default;
  static Status Allocate(FormatId format, uint32_t width, uint32_t height, uint64_t address,
                         std::unique_ptr<MipImage>* out);

  ImageDesc desc_;
  ImageLayout layout_;
  struct AlignedFree {
    void operator()(uint8_t* p) const;
  };
  std::unique_ptr<uint8_t[], AlignedFree> storage_;
};

}  // namespace texunit::render
