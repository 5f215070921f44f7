// The demo's embedded texture: a checkerboard of coloured tiles with a fine grid of thin lines.
// Its 1-texel lines every 16 texels are high-frequency content: sampled without mipmapping they
// alias into moiré near the horizon, which makes the demo a visible test of LOD selection.
#pragma once

#include <cstdint>

#include "render/image_io.h"

namespace texunit::render {

inline constexpr uint32_t kProceduralTextureSize = 1024;

// A size x size RGBA8 picture (sRGB-encoded colours, opaque). size >= 1.
Rgba8Image MakeProceduralTexture(uint32_t size = kProceduralTextureSize);

}  // namespace texunit::render
