#include "render/image_io.h"

#include <cstring>

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb/stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace texunit::render {

Status LoadRgba8(const std::string& path, Rgba8Image* out) {
  int width = 0;
  int height = 0;
  int channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &width, &height, &channels, 4);
  if (data == nullptr) {
    return Status::InvalidArgument("cannot read image '" + path + "': " + stbi_failure_reason());
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
  if (!stbi_write_png(path.c_str(), static_cast<int>(image.width), static_cast<int>(image.height),
                      4, image.pixels.data(), static_cast<int>(image.width * 4))) {
    return Status::InvalidArgument("cannot write PNG '" + path + "'");
  }
  return Status::Ok();
}

}  // namespace texunit::render
