// Decodes one block of a block-codec format (BC1-BC7, the 4:2:2 pairs, 1-bit texels) into its
// texels, each written as the 32-bit words of the decoded-texel layout the format table gives
// (FormatDesc::ch): the rest of the pipeline then reads them like a plain format's texels.
#pragma once

#include <cstdint>

#include "formats/format_table.h"

namespace texunit {

// Texels of the largest block (4x4), in row-major order, each up to four 32-bit words.
struct DecodedBlock {
  uint32_t texel[16][4];
};

// `block` holds FormatDesc::bytes bytes. Texel (x, y) of the block is texel[y * block_w + x].
void DecodeBlock(const FormatDesc& format, const uint8_t* block, DecodedBlock* out);

}  // namespace texunit
