#include "render/image_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

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

// Refuses a picture above the limits from its header's size, before anything is decoded.
Status CheckSize(const std::string& name, int width, int height, uint64_t max_pixels) {
  const uint64_t pixels = uint64_t(width) * uint64_t(height);
  if (width <= 0 || height <= 0 || uint32_t(width) > kMaxImageSide ||
      uint32_t(height) > kMaxImageSide || pixels > max_pixels) {
    return Status::InvalidArgument("image '" + name + "' is " + std::to_string(width) + "x" +
                                   std::to_string(height) + ": texunit reads at most " +
                                   std::to_string(kMaxImageSide) + " pixels a side and " +
                                   std::to_string(max_pixels) + " pixels");
  }
  return Status::Ok();
}

uint32_t BigEndian32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

// Every chunk's length must fit in the file: stb grows its IDAT buffer to whatever a chunk
// claims (a 106-byte file made it allocate 2 GiB), so lengths are checked before it runs.
Status CheckPngChunks(std::span<const uint8_t> file, const std::string& name) {
  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (file.size() < 8 || std::memcmp(file.data(), kSignature, 8) != 0) {
    return Status::InvalidArgument("cannot read image '" + name + "': not a PNG file");
  }
  size_t at = 8;
  while (at < file.size()) {
    if (file.size() - at < 12) {
      return Status::InvalidArgument("cannot read image '" + name + "': truncated chunk at byte " +
                                     std::to_string(at));
    }
    const uint64_t length = BigEndian32(file.data() + at);
    if (length > file.size() - at - 12) {
      return Status::InvalidArgument("cannot read image '" + name + "': the chunk at byte " +
                                     std::to_string(at) + " claims " + std::to_string(length) +
                                     " bytes, past the end of the file");
    }
    // stb copies a first, empty IDAT into its not yet allocated buffer (memcpy from null, which
    // UBSan reports); an empty IDAT carries nothing, so such files are refused.
    if (length == 0 && std::memcmp(file.data() + at + 4, "IDAT", 4) == 0) {
      return Status::InvalidArgument("cannot read image '" + name + "': empty IDAT chunk at byte " +
                                     std::to_string(at));
    }
    if (std::memcmp(file.data() + at + 4, "IEND", 4) == 0) break;
    at += 12 + length;
  }
  return Status::Ok();
}

// Takes stb's decoded RGBA (or its failure) into `out`.
Status Finish(const std::string& name, stbi_uc* data, int width, int height, Rgba8Image* out) {
  if (data == nullptr) {
    return Status::InvalidArgument("cannot read image '" + name + "': " + FailureReason());
  }
  out->width = static_cast<uint32_t>(width);
  out->height = static_cast<uint32_t>(height);
  out->pixels.assign(data, data + static_cast<size_t>(width) * height * 4);
  stbi_image_free(data);
  return Status::Ok();
}

}  // namespace

Status LoadRgba8(const std::string& path, Rgba8Image* out) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::is_regular_file(status)) {
    return Status::InvalidArgument("cannot read image '" + path + "': not a regular file");
  }
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxImageFileBytes) {
    return Status::InvalidArgument("cannot read image '" + path + "': " +
                                   (ec ? ec.message()
                                       : std::to_string(size) + " bytes is more than the " +
                                             std::to_string(kMaxImageFileBytes) + " allowed"));
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(size));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return Status::InvalidArgument("cannot read image '" + path + "': " + std::strerror(errno));
  }
  const size_t got = bytes.empty() ? 0 : std::fread(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  bytes.resize(got);
  return DecodeRgba8(bytes, path, out);
}

Status DecodeRgba8(std::span<const uint8_t> file, const std::string& name, Rgba8Image* out,
                   uint64_t max_pixels) {
  if (file.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return Status::InvalidArgument("image '" + name + "' of " + std::to_string(file.size()) +
                                   " bytes is too large");
  }
  TEXUNIT_RETURN_IF_ERROR(CheckPngChunks(file, name));
  const int len = static_cast<int>(file.size());
  int width = 0, height = 0, channels = 0;
  if (!stbi_info_from_memory(file.data(), len, &width, &height, &channels)) {
    return Status::InvalidArgument("cannot read image '" + name + "': " + FailureReason() +
                                   " (texunit reads PNG files)");
  }
  TEXUNIT_RETURN_IF_ERROR(CheckSize(name, width, height, max_pixels));
  stbi_uc* data = stbi_load_from_memory(file.data(), len, &width, &height, &channels, 4);
  return Finish(name, data, width, height, out);
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
