// The scalar reference of docs/sampling.md: every rule evaluated plainly, one lane at a time, in
// the order the contract writes it. The SIMD kernels (src/sampler, src/dispatch) are compared
// with it. It includes nothing from src/ on purpose: it is an independent reading of the contract.
//
// Scope (everything else returns Status::Unimplemented naming what is missing):
//  - ops: load, load_mip, store, store_mip, sample, sample_l, sample_lz, sample_b;
//  - 2D images; formats 8_8_8_8 UNORM / UINT / SRGB and 32_32_32_32 FLOAT;
//  - S# clamp modes WRAP, MIRROR, CLAMP_LAST_TEXEL, MIRROR_ONCE_LAST_TEXEL; XY filters point and
//    bilinear (aniso as point / bilinear); mip filters none, point, linear; blend reduction;
//  - DMASK, DST_SEL, exec mask, unnormalized coordinates, TFE/LWE (status dword 0), unbound T#s,
//    PrecisionMode kFloat and kHardware.
#pragma once

#include "texunit/request.h"
#include "texunit/status.h"

namespace texunit::reference {

// Executes one wave of `req` as docs/sampling.md specifies. Validation (of the request, the
// descriptors and the memory footprint) happens before any lane is touched; results for valid
// requests are those of Runtime::Execute, bit for bit where the contract is exact.
Status Execute(const TexRequest& req);

}  // namespace texunit::reference
