// docs/sampling.md "Partially resident textures (PRT) and the status dword", read plainly: which
// texels are resident, the residency map's length, and the TFE/LWE status dword of a lane. The
// op files (reference_memory_ops.cc, reference_sampler.cc, reference_filter.cc) call these for
// every texel they read from memory and for every status dword they write.
#pragma once

#include <cstdint>

#include "reference/reference_image.h"
#include "texunit/layout.h"
#include "texunit/request.h"
#include "texunit/status.h"

namespace texunit::reference {

inline constexpr uint64_t kResidencyPageBytes = 65536;  // 64 KiB

// A T# whose MIN_LOD_WARN is not 0 is a partially resident texture.
bool IsPrt(const ImageDesc& desc);

// Loads, samples and gathers check residency (stores and atomics do not in this release; GET_LOD
// and GET_RESINFO read no texel).
bool ChecksResidency(const TexRequest& req);

// The residency map the lanes of `req` read, after the footprint's memory was resolved: null
// when the op does not check residency, the T# is not a PRT or the request has no map (every
// texel resident); otherwise the map, which must hold ceil(total_bytes / 64 KiB) pages
// (InvalidArgument naming TexRequest.residency_pages when it is shorter).
Status ResidencyMapOf(const TexRequest& req, const ImageLayout& layout, const uint64_t** map);

// The byte offset, from the T#'s base address, of the first byte of texel (x, y) of slice `slice`
// (3D depth slice or memory layer) of memory level `level`: of its element, which for block
// formats is its block, for 4:2:2 pairs its pair, for 1-bit texels its byte, and for MSAA images
// (x = texel x * S + fragment) its fragment. The same address FetchTexel reads.
uint64_t TexelByteOffset(const Image& img, uint32_t level, uint32_t slice, uint32_t x, uint32_t y);

// Whether the texel whose first byte is at `offset` is resident: bit p % 64 of residency[p / 64]
// for its page p = offset / 64 KiB; always with no map (Image::residency null).
bool Resident(const Image& img, uint64_t offset);

// The status dword of a lane that read memory level `lod` (base_level + the view level: a load's
// d, a sample's or gather's finer level d0) and found a non-resident texel when `nonresident`:
// TEXEL_FAIL | LOD_WARNING << 1 | LOD << 16, with TEXEL_FAIL = TFE && nonresident, LOD_WARNING =
// LWE && !TEXEL_FAIL && LOD * 256 < MIN_LOD_WARN, and LOD only when one of the bits is set
// (otherwise 0). A T# that is not a PRT (MIN_LOD_WARN 0, no texel non-resident) always gives 0.
uint32_t LaneStatusDword(const TexRequest& req, const Image& img, bool nonresident, uint32_t lod);

}  // namespace texunit::reference
