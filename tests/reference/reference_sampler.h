// The scalar reference of docs/sampling.md: every rule evaluated plainly, one lane at a time, in
// the order the contract writes it. The SIMD kernels (src/sampler, src/dispatch) are compared
// with it. It includes nothing from src/ on purpose, being an independent reading of the contract;
// the one exception is formats/bc_decode.h, the BC1-BC7 block decoders, which are verified on
// their own against hand-decoded blocks. Formats are read from their FormatId's name
// (reference_formats.h), not from src/formats/format_table.cc.
//
// Scope (everything else returns Status::Unimplemented naming what is missing):
//  - ops: load, load_mip, load_pck, load_pck_sgn, load_mip_pck, load_mip_pck_sgn, store,
//    store_mip, store_pck, store_mip_pck and get_resinfo on every image type (1D, 2D, 3D, CUBE as
//    its faces, 1D/2D arrays, 2D_MSAA and 2D_MSAA_ARRAY), the 17 image atomics on every type
//    (reference_memory_ops.cc and reference_atomics.cc hold the integer-address ops), and on 1D,
//    2D, 3D, CUBE (cube arrays included), 1D_ARRAY and 2D_ARRAY images every GFX6-9 sample
//    (suffixes _C, _D or _CD or _L or _B or _LZ, _CL, _O), gather4 (_C, _L or _B or _LZ, _CL, _O)
//    and get_lod (1D: no t, one row; 3D: r in the LOD, S# CLAMP_Z, Z_FILTER none/point/linear, the
//    offset's Z, gather4 in the POINT z slice; arrays: the layer rounded to nearest even and
//    clamped to the view; CUBE: face-local s, t on the face and cube the lane names, seamless
//    edges and corners computed from the face axis table (reference_cube.cc) or, with S#
//    DISABLE_CUBE_WRAP, the face as a 2D image); not _G16, gather4h, and no sampler op on the
//    MSAA types;
//  - every FormatId of formats.h (plain, packed, shared exponent, depth/stencil, 4:2:2 pairs,
//    1-bit, BC1-BC7), loads and samples of all, stores and _PCK of those with raw texels, atomics
//    on 32- and 64-bit texels;
//  - all eight S# clamp modes (WRAP, MIRROR, CLAMP_LAST_TEXEL, MIRROR_ONCE_LAST_TEXEL and the
//    border modes CLAMP_HALF_BORDER, MIRROR_ONCE_HALF_BORDER, CLAMP_BORDER, MIRROR_ONCE_BORDER)
//    with the four border color types (TRANS_BLACK, OPAQUE_BLACK, OPAQUE_WHITE, REGISTER from
//    TexRequest::border_color_table); XY filters point, bilinear, ANISO_POINT and ANISO_BILINEAR
//    (anisotropic probes with MAX_ANISO_RATIO 1x-16x on 2D, 2D_ARRAY and CUBE: reference_aniso.cc
//    and "Anisotropic filtering" in reference_filter.cc; point / bilinear elsewhere); mip filters
//    none, point, linear and POINT_ANISO_ADJ (as point); FILTER_MODE blend, min and max (min/max
//    reduction of every weighted sum); the eight depth compare functions; LOD_BIAS, MIN_LOD,
//    MAX_LOD; S# TRUNC_COORD (POINT coordinates rounded to 1/64 texel, half to even, when 0);
//    S# MC_COORD_TRUNC = 1 is Status::Unsupported; the T#'s MIN_LOD (resource LOD clamp: sample
//    levels from max(lambda, m), GATHER4 from max(d, floor(m)), GET_LOD's x);
//  - DMASK, DST_SEL, D16, GLC, exec mask, unnormalized coordinates, unbound T#s, PrecisionMode
//    kFloat and kHardware;
//  - partially resident textures (T# MIN_LOD_WARN != 0, TexRequest::residency in 64 KiB pages of
//    the footprint; reference_prt.cc): loads, samples and gathers read a non-resident texel as
//    zero and OR it into the lane's TEXEL_FAIL; the TFE/LWE status dword TEXEL_FAIL |
//    LOD_WARNING << 1 | LOD << 16 (0 for non-PRTs, GET_LOD, GET_RESINFO, atomics).
#pragma once

#include "texunit/request.h"
#include "texunit/status.h"

namespace texunit::reference {

// Executes one wave of `req` as docs/sampling.md specifies. Validation (of the request, the
// descriptors and the memory footprint) happens before any lane is touched; results for valid
// requests are those of Runtime::Execute, bit for bit where the contract is exact.
Status Execute(const TexRequest& req);

}  // namespace texunit::reference
