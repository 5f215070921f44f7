// The order of a MIMG instruction's VADDR dwords, per the seed's layouts:
//   {offset}{bias}{z-compare}{derivatives}{body: x, y, z/slice/face, fragment}{lod | clamp | mip}
// Used by the disassembler (how many registers) and the executor (which operand each one is).
#pragma once

#include <cstdint>

#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit::gcn {

enum class AddrSlot : uint8_t {
  kOffset,    // _O: packed X[5:0] Y[13:8] Z[21:16]
  kBias,      // _B
  kZCompare,  // _C
  kDsDx,
  kDtDx,
  kDrDx,  // _D / _CD derivatives: all d/dx (horizontal) first...
  kDsDy,
  kDtDy,
  kDrDy,  // ...then all d/dy (vertical); 1D has s only, 2D s and t, 3D/cube s,t,r
  kX,
  kY,
  kZ,         // 3D z (or r)
  kSlice,     // array layer (1D/2D arrays)
  kFace,      // cube: face id (cube arrays: face + 8 * slice, one dword)
  kFragment,  // MSAA sample index
  kLod,       // _L
  kClamp,     // _CL
  kMip,       // LOAD_MIP / STORE_MIP / GET_RESINFO level
};

struct AddressLayout {
  uint8_t count = 0;
  AddrSlot slots[16] = {};
};

// The VADDR layout of `op` on an image of type `dim` (32-bit addresses: one dword per slot).
// Derivatives come per coordinate of the image's own space: 1D (and 1D array) 2, 2D, 2D array,
// MSAA and cube 4 (a cube's are face-local s,t), 3D 6 (llvm-mc -mcpu=gfx1010 agrees for every
// op and dim: tests/isa/gcn/data/mimg_addr_llvm_mc.txt). With A16, gcn::AddressDwords packs
// 16-bit operands two to a dword (offset, bias and z-compare keep a dword each; on GFX9 the
// derivatives pack per direction); the layout itself stays one slot per operand.
AddressLayout GetAddressLayout(const Op& op, ImageType dim);

// "offset", "bias", "z-compare", "ds/dx", ..., "x", "slice", "face", "fragment", "lod", "mip".
const char* AddrSlotName(AddrSlot s);

}  // namespace texunit::gcn
