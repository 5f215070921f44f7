// Where each level and layer of an image lives in memory. texunit models the linear layout
// (TILING_INDEX / SW_MODE linear); other tiling modes are rejected with Status::Unsupported.
//
// Linear layout, as documented in README.md ("Memory layout"):
//  - levels are stored in order 0..last_level starting at base_address; level L starts at the
//    end of level L-1's last row (rows padded to the pitch) rounded up to 256 bytes;
//  - level L has width_L = max(1, width >> L), height_L = max(1, height >> L),
//    depth_L = max(1, depth >> L) for 3D images (arrays keep all layers at every level);
//  - plain formats: the row pitch is max(pitch >> L, width_L) texels of the format's size;
//  - block formats (BC1-BC7: 4x4 texels in 8 or 16 bytes; the 4:2:2 pairs: 2x1 in 4 bytes; 1-bit
//    texels: 8x1 in 1 byte): a level is
//    ceil(height_L / block_h) rows of blocks; every level's row pitch is align(width_L, block_w)
//    texels, i.e. ceil(width_L / block_w) blocks, whatever T#.PITCH says beyond level 0
//    (T#.PITCH must be width_0 or align(width_0, block_w));
//  - a slice is pitch rows (of texels or blocks) and a level holds its slices (3D depth or array
//    layers; cube faces are layers) back to back;
//  - 1D images have one row whatever HEIGHT says;
//  - MSAA images (LAST_LEVEL = log2 of the fragment count S, BASE_LEVEL 0) have one level whose
//    texels hold their S fragments consecutively: a row is pitch * S elements of the format's
//    size, and fragment f of texel x is element x * S + f of its row;
//  - the image's footprint ends at the last byte of the last level's last texel or block: no
//    padding after it, so a tightly allocated buffer is enough.
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
  uint32_t pitch = 1;        // texels per row (a multiple of the block width)
  uint32_t rows = 1;         // rows of texels, or of blocks, per slice
  uint64_t row_bytes = 0;    // bytes per row of texels or blocks
  uint64_t slice_bytes = 0;  // bytes per slice (rows * row_bytes)
};

struct ImageLayout {
  uint32_t bytes_per_element = 0;  // bytes per texel, or per block for block formats
  uint32_t samples = 1;            // fragments per texel: 2^LAST_LEVEL for MSAA images, else 1
  uint32_t block_width = 1;        // texels per block (1 for plain formats)
  uint32_t block_height = 1;
  uint32_t num_levels = 0;         // last_level + 1 (levels below base_level are stored too)
  LevelLayout levels[kMaxLevels];  // [0, num_levels) are valid
  uint64_t total_bytes = 0;        // footprint from base_address, exact to the byte
};

// Validates the descriptor's shape (sizes, levels, layers, format, tiling) and computes its
// layout. Errors name the field and value, e.g. "T#.LAST_LEVEL=14 exceeds log2(max(4x4))+1".
Status ComputeImageLayout(const ImageDesc& desc, ImageLayout* out);

}  // namespace texunit
