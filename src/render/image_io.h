// Reading PNG pictures (stb_image, PNG decoder only) and writing them (stb_image_write), as 8-bit
// RGBA.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "texunit/status.h"

namespace texunit::render {

struct Rgba8Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> pixels;  // width * height * 4 bytes, rows packed, top row first
};

// The largest picture LoadRgba8 decodes: a T# side (16384) and 64 Mi pixels (256 MiB of RGBA8).
inline constexpr uint32_t kMaxImageSide = 16384;
inline constexpr uint64_t kMaxImagePixels = uint64_t{1} << 26;
// The largest file LoadRgba8 reads.
inline constexpr uint64_t kMaxImageFileBytes = uint64_t{1} << 30;

// Loads a PNG (a regular file of at most kMaxImageFileBytes), converted to 4 channels. Other
// formats, and pictures above the limits (read from the header, before anything is decoded), are
// InvalidArgument naming the file.
Status LoadRgba8(const std::string& path, Rgba8Image* out);
// The same for a PNG file's bytes in memory; `name` is what messages call it. Every chunk's
// length must fit in the file; `max_pixels` may lower the pixel limit.
Status DecodeRgba8(std::span<const uint8_t> file, const std::string& name, Rgba8Image* out,
                   uint64_t max_pixels = kMaxImagePixels);
// Writes a PNG; every write and the close are checked (a full disk is an error).
Status WritePngRgba8(const std::string& path, const Rgba8Image& image);

}  // namespace texunit::render
