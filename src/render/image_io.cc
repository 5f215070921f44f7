#include "render/image_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

// Only the PNG decoder is compiled: the tool documents PNG textures, and stb's other decoders
// (PNM, PSD, HDR, PIC, GIF, ...) carry memory-safety bugs a hostile file can reach (2.27 reads
// past its buffer on 16-bit PPMs).
#define STBI_ONLY_PNG
#define STBI_MAX_DIMENSIONS 16384
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb/stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace texunit::render {
namespace {

static_assert(kMaxImageSide == STBI_MAX_DIMENSIONS);

// stb leaves its failure reason null on some paths (a zlib block of reserved type 3).
std::string FailureReason() {
  const char* why = stbi_failure_reason();
  return why != nullptr ? why : "the decoder gave no reason";
}

}  // namespace

Status LoadRgba8(const std::string& path, Rgba8Image* out) {
  int width = 0;
  int height = 0;
  int channels = 0;
  // The header alone first, so that a huge picture is refused before any allocation.
  if (!stbi_info(path.c_str(), &width, &height, &channels)) {
    return Status::InvalidArgument("cannot read image '" + path + "': " + FailureReason() +
                                   " (texunit reads PNG files)");
  }
  const uint64_t pixels = uint64_t(width) * uint64_t(height);
  if (width <= 0 || height <= 0 || uint32_t(width) > kMaxImageSide ||
      uint32_t(height) > kMaxImageSide || pixels > kMaxImagePixels) {
    return Status::InvalidArgument("image '" + path + "' is " + std::to_string(width) + "x" +
                                   std::to_string(height) + ": texunit reads at most " +
                                   std::to_string(kMaxImageSide) + " pixels a side and " +
                                   std::to_string(kMaxImagePixels) + " pixels");
  }
  stbi_uc* data = stbi_load(path.c_str(), &width, &height, &channels, 4);
  if (data == nullptr) {
    return Status::InvalidArgument("cannot read image '" + path + "': " + FailureReason());
  }
  out->width = static_cast<uint32_t>(width);
  out->height = static_cast<uint32_t>(height);
  out->pixels.assign(data, data + static_cast<size_t>(width) * height * 4);
  stbi_image_free(data);
  return Status::Ok();
}

Status WritePngRgba8(const std::string& path, const Rgba8Image& image) {
  if (image.width == 0 || image.height == 0 ||
      image.pixels.size() != static_cast<size_t>(image.width) * image.height * 4) {
    return Status::InvalidArgument("WritePngRgba8: image of " + std::to_string(image.width) + "x" +
                                   std::to_string(image.height) + " has " +
                                   std::to_string(image.pixels.size()) + " bytes");
  }
  // Encoded in memory, then written with every call checked: stbi_write_png ignores fclose's
  // result, so a full disk (/dev/full) looked like success.
  int size = 0;
  unsigned char* png = stbi_write_png_to_mem(image.pixels.data(), static_cast<int>(image.width * 4),
                                             static_cast<int>(image.width),
                                             static_cast<int>(image.height), 4, &size);
  if (png == nullptr) return Status::Internal("cannot encode a PNG of " + path);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    STBIW_FREE(png);
    return Status::InvalidArgument("cannot write PNG '" + path + "': " + std::strerror(errno));
  }
  const bool written = std::fwrite(png, 1, static_cast<size_t>(size), f) == size_t(size);
  const int write_errno = errno;
  STBIW_FREE(png);
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    return Status::InvalidArgument("cannot write PNG '" + path +
                                   "': " + std::strerror(written ? errno : write_errno));
  }
  return Status::Ok();
}

}  // namespace texunit::render
