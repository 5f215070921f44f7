// docs/sampling.md "Partially resident textures (PRT) and the status dword".
#include "reference/reference_prt.h"

#include <string>

namespace texunit::reference {

bool IsPrt(const ImageDesc& desc) { return desc.min_lod_warn != 0; }

bool ChecksResidency(const TexRequest& req) {
  return req.op.kind == OpKind::kLoad || req.op.kind == OpKind::kSample ||
         req.op.kind == OpKind::kGather4;
}

Status ResidencyMapOf(const TexRequest& req, const ImageLayout& layout, const uint64_t** map) {
  *map = nullptr;
  // Without a map, or on a T# that is not a PRT, every texel is resident.
  if (!ChecksResidency(req) || !IsPrt(*req.image) || req.residency == nullptr) return Status::Ok();
  // The footprint's pages: ceil(bytes / 64 KiB), counted from the base address.
  const uint64_t pages = (layout.total_bytes + kResidencyPageBytes - 1) / kResidencyPageBytes;
  if (req.residency_pages < pages) {
    return Status::InvalidArgument(
        "TexRequest.residency_pages=" + std::to_string(req.residency_pages) +
        " is shorter than the " + std::to_string(pages) + " 64 KiB pages of the footprint of " +
        std::to_string(layout.total_bytes) + " bytes (T#.MIN_LOD_WARN=" +
        std::to_string(req.image->min_lod_warn) + ": a partially resident texture)");
  }
  *map = req.residency;
  return Status::Ok();
}

uint64_t TexelByteOffset(const Image& img, uint32_t level, uint32_t slice, uint32_t x, uint32_t y) {
  const LevelLayout& lv = img.layout.levels[level];
  const uint64_t bx = x / img.format.block_width, by = y / img.format.block_height;
  return lv.offset + uint64_t{slice} * lv.slice_bytes + by * lv.row_bytes +
         bx * img.format.element_bytes;
}

bool Resident(const Image& img, uint64_t offset) {
  if (img.residency == nullptr) return true;
  const uint64_t p = offset / kResidencyPageBytes;
  return ((img.residency[p / 64] >> (p % 64)) & 1u) != 0;
}

uint32_t LaneStatusDword(const TexRequest& req, const Image& img, bool nonresident, uint32_t lod) {
  const bool texel_fail = req.mods.tfe && nonresident;
  const bool lod_warning =
      req.mods.lwe && !texel_fail && uint32_t{lod} * 256 < uint32_t{img.desc->min_lod_warn};
  if (!texel_fail && !lod_warning) return 0;
  return (texel_fail ? 1u : 0u) | (lod_warning ? 1u : 0u) << 1 | lod << 16;
}

}  // namespace texunit::reference
