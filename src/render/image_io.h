// Reading and writing 8-bit RGBA pictures (PNG, JPEG, ... via stb_image; PNG via stb_image_write).
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

// Loads any format stb_image reads, converted to 4 channels.
Status LoadRgba8(const std::string& path, Rgba8Image* out);
// Writes a PNG.
Status WritePngRgba8(const std::string& path, const Rgba8Image& image);

}  // namespace texunit::render
