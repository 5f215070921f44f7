// libFuzzer target: arbitrary bytes as a texture file (`texunit render --texture`). Decoding must
// fail cleanly or give a picture within the documented limits, whose pixels are then read whole
// (so AddressSanitizer sees any short buffer).
#include <cstdint>
#include <span>

#include "render/image_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace texunit::render;
  Rgba8Image image;
  // A lower pixel limit than the tool's keeps each input's decode within libFuzzer's memory limit
  // under ASan; the header check is the same code.
  if (!DecodeRgba8(std::span<const uint8_t>(data, size), "fuzz input", &image, 1 << 20).ok()) {
    return 0;
  }
  if (image.width == 0 || image.height == 0 || image.width > kMaxImageSide ||
      image.height > kMaxImageSide ||
      image.pixels.size() != static_cast<size_t>(image.width) * image.height * 4) {
    __builtin_trap();
  }
  uint32_t sum = 0;
  for (uint8_t b : image.pixels) sum += b;
  return static_cast<int>(sum & 0);
}
