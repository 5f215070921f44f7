// A per-thread cache of decoded blocks for the block-codec fetch path. Neighbouring lanes (and
// the four taps of a bilinear footprint) mostly touch the same block, and decoding BC6H or BC7
// costs far more than a lookup. An entry is reused only when the block's bytes are the ones it
// was decoded from, so writes to the image between (or during) requests are always seen.
#pragma once

#include <cstdint>

#include "formats/block_decode.h"

namespace texunit {

// The decoded texels of the block at `block` (format.bytes bytes of the image).
const DecodedBlock& DecodeBlockCached(const FormatDesc& format, const uint8_t* block);

}  // namespace texunit
