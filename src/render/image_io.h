// Reading PNG pictures (stb_image, PNG decoder only) and writing them (stb_image_write), as 8-bit
// RGBA.
#pragma once

#include <cstdint>
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

// Loads a PNG, converted to 4 channels. Other formats, and pictures above the limits (read from
// the header, before anything is decoded), are InvalidArgument naming the file.
Status LoadRgba8(const std::string& path, Rgba8Image* out);
// Writes a PNG; every write and the close are checked (a full disk is an error).
Status WritePngRgba8(const std::string& path, const Rgba8Image& image);

}  // namespace texunit::render
