// What the scalar sampler reference's stage files share (reference_lod.cc, reference_address.cc,
// reference_filter.cc and the op drivers of reference_sampler.cc): binary32 bit casts, the
// denormal flush, and the predicates the lanes' rules branch on. Internal to tests/reference.
#pragma once

#include <bit>
#include <cstdint>

#include "reference/reference_formats.h"
#include "reference/reference_image.h"
#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit::reference {

// The binary32 value of a dword, and the dword of a binary32 value.
inline float AsFloat(uint32_t bits) { return std::bit_cast<float>(bits); }
inline uint32_t AsBits(float f) { return std::bit_cast<uint32_t>(f); }

// A denormal (exponent field 0, mantissa not 0) becomes zero of the same sign.
inline uint32_t FlushDenormalBits(uint32_t bits) {
  return (bits & 0x7F800000u) == 0 ? (bits & 0x80000000u) : bits;
}

// Whether the format's texels are integers (never filtered).
inline bool IsInteger(const Image& img) { return img.format.numeric != NumericClass::kFloat; }

// 1D and 1D_ARRAY have no t: coord[1] is not read (it may be null), their derivatives of t are 0
// and their levels are one texel high.
inline bool HasT(const TexRequest& req) { return !Is1DType(req.image->type); }

// 3D has a third axis, r (coord[2]), through the depth d_L of each level; the other types' coord[2]
// is a layer (the arrays) or not read, and their derivatives of r are 0.
inline bool HasR(const TexRequest& req) { return req.image->type == ImageType::k3D; }

}  // namespace texunit::reference
