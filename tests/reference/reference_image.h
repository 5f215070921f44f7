// What the reference's op files share: the image as the lanes see it (validated by
// reference_sampler.cc's PrepareImage) and the result rules every op that returns data follows
// (docs/sampling.md, "Result swizzle and DMASK", "Exec mask and quads").
#pragma once

#include <cstdint>

#include "reference/reference_formats.h"
#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/request.h"

namespace texunit::reference {

struct Image {
  const ImageDesc* desc = nullptr;
  ImageLayout layout;
  uint8_t* host = nullptr;  // null for GET_RESINFO, which reads no memory
  FormatInfo format;
  uint32_t last_view_level = 0;  // M = last_level - base_level (0 for MSAA images)
  uint32_t layers = 1;           // N = last_array - base_array + 1 for the arrayed types
  uint32_t samples = 1;          // S = 2^LAST_LEVEL for MSAA images
  // The residency map of a partially resident texture (reference_prt.h: ResidencyMapOf), bit
  // p % 64 of word p / 64 for 64 KiB page p of the footprint; null: every texel is resident.
  const uint64_t* residency = nullptr;
};

bool IsMsaaType(ImageType t);
bool IsLayeredType(ImageType t);  // 1D_ARRAY, 2D_ARRAY, CUBE, 2D_MSAA_ARRAY
bool Is1DType(ImageType t);

bool Active(const TexRequest& req, uint32_t lane);
int DmaskCount(const TexRequest& req);

// The `count` dwords of `comp` to out.data[0..count), then `status_dword` (reference_prt.h's
// LaneStatusDword, or 0) as the TFE/LWE status dword when the request has TFE or LWE.
void WriteDwords(const TexRequest& req, uint32_t lane, const uint32_t* comp, int count,
                 uint32_t status_dword);
// The k-th set DMASK bit's component goes to out.data[k]; then the status dword.
void WriteLane(const TexRequest& req, uint32_t lane, const uint32_t comp[4], uint32_t status_dword);

// DST_SEL, then D16 when the request has it.
void ApplyDstSel(const Image& img, const uint32_t c[4], uint32_t out[4]);
void ApplyD16(const TexRequest& req, const Image& img, uint32_t comp[4]);

// The first byte of slice `slice` (3D depth slice or memory layer) of memory level `level`.
uint8_t* SlicePointer(const Image& img, uint32_t level, uint32_t slice);

// reference_memory_ops.cc: the ops with integer addresses.
void ExecuteLoad(const TexRequest& req, const Image& img);
void ExecuteGather4hPck(const TexRequest& req, const Image& img);  // validated, bound T#
void ExecuteStore(const TexRequest& req, const Image& img);
void ExecuteResinfo(const TexRequest& req, const Image& img);
void ExecuteAtomic(const TexRequest& req, const Image& img);

}  // namespace texunit::reference
