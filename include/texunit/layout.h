// Where each level and layer of an image lives in memory. texunit models the linear layout
// (TILING_INDEX / SW_MODE linear); other tiling modes are rejected with Status::Unsupported.
//
// Linear layout, as documented in README.md ("Memory layout"):
//  - levels are stored in order 0..last_level starting at base_address; level L starts at the
//    end of level L-1 rounded up to 256 bytes;
//  - level L has width_L = max(1, width >> L), height_L = max(1, height >> L),
//    depth_L = max(1, depth >> L) for 3D images (arrays keep all layers at every level);
//  - its row pitch is max(pitch >> L, width_L) texels; a slice is pitch_L * height_L texels and
//    the level holds its slices (3D depth or array layers) back to back.
#pragma once

#include <cstdint>

#include "texunit/descriptors.h"

namespace texunit {

inline constexpr int kMaxLevels = 16;

struct LevelLayout {
  uint64_t offset = 0;  // bytes from base_address
  uint32_t width = 1;   // texels
  uint32_t height = 1;
  uint32_t depth = 1;        // slices stored at this level (3D depth_L or array layers)
  uint32_t pitch = 1;        // texels per row
  uint64_t slice_bytes = 0;  // bytes per slice
};

struct ImageLayout {
  uint32_t bytes_per_texel = 0;
  uint32_t num_levels = 0;         // last_level + 1 (levels below base_level are stored too)
  LevelLayout levels[kMaxLevels];  // [0, num_levels) are valid
  uint64_t total_bytes = 0;        // footprint from base_address
};

// Validates the descriptor's shape (sizes, levels, layers, format, tiling) and computes its
// layout. Errors name the field and value, e.g. "T#.LAST_LEVEL=14 exceeds log2(max(4x4))+1".
Status ComputeImageLayout(const ImageDesc& desc, ImageLayout* out);

}  // namespace texunit
