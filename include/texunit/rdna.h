// The RDNA (GFX10 = gfx1010, GFX10.3 = gfx1030) MIMG front end: decode the 2-dword encoding plus
// its NSA dwords, encode it back, and disassemble it exactly as llvm-mc 14 does. The instruction
// is the GCN front end's gcn::MimgInstruction with its GFX10 fields filled:
//   dim         DIM[5:3]: 0 1D, 1 2D, 2 3D, 3 CUBE, 4 1D_ARRAY, 5 2D_ARRAY, 6 2D_MSAA,
//               7 2D_MSAA_ARRAY (mods.da stays false: bit 14 is unused on GFX10)
//   dlc         DLC[7]
//   nsa_dwords  NSA[2:1]: 0 contiguous VADDR, else 1-3 extra dwords of ADDR1..ADDR12
//   nsa_vaddr   with NSA, the VGPR of every address dword: nsa_vaddr[0] == vaddr, then ADDR1...
//   mods.a16    A16[62]; mods.r128 R128[15]; mods.d16 D16[63]
//   size_dwords 2 + nsa_dwords
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "texunit/bvh.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/status.h"

namespace texunit::rdna {

// Decodes one MIMG instruction of gfx10/gfx1030 from little-endian dwords (as llvm-mc prints
// them); `words` may run past the instruction (size_dwords says where it ends). Strict: reserved
// bits, unused NSA bytes, an NSA size that does not fit the address count, and the modifiers a
// BVH instruction may not have are errors naming the field, so EncodeMimg(DecodeMimg(w)) == w.
Status DecodeMimg(Gfx gfx, std::span<const uint32_t> words, gcn::MimgInstruction* out);
// The inverse: 2 + nsa_dwords words.
Status EncodeMimg(const gcn::MimgInstruction& inst, std::vector<uint32_t>* words);
// llvm-mc 14's text, e.g.
// "image_sample v[0:3], [v4, v7], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D".
std::string Disassemble(const gcn::MimgInstruction& inst);
// Every decoded field, one "name: value" per line, for `texunit decode`.
std::string DescribeFields(const gcn::MimgInstruction& inst);

// The 128-bit BVH T# of the BVH_INTERSECT_RAY ops (docs/bvh.md, "The BVH descriptor"): type 8,
// reserved bits zero, else INVALID_ARGUMENT naming the field.
Status DecodeBvhDesc(std::span<const uint32_t> dwords, BvhDesc* out);
// The inverse; fails on a base that is not 256-byte aligned or past 2^48, or a size that is not a
// non-zero multiple of 64 bytes up to 2^48.
Status EncodeBvhDesc(const BvhDesc& desc, std::array<uint32_t, 4>* out);

// The image type of a DIM value (0-7).
ImageType DimImageType(uint8_t dim);
// VADDR dwords the instruction reads: from DIM and the op (A16 packing two components per
// dword, _G16 derivatives two per dword), or the BVH ray layout (11/12 dwords, 8/9 with A16).
int AddressDwords(const gcn::MimgInstruction& inst);

}  // namespace texunit::rdna

namespace texunit {

// The decoder of `gfx`'s front end: gcn::DecodeMimg for GFX6-9, rdna::DecodeMimg for GFX10 and
// GFX10.3. gcn::Execute runs what either decodes.
Status DecodeAmdMimg(Gfx gfx, std::span<const uint32_t> words, gcn::MimgInstruction* out);

}  // namespace texunit
