// The order of a MIMG instruction's VADDR operands, per the seed's layouts:
//   {offset}{bias}{z-compare}{derivatives}{body: x, y, z/slice/face, fragment}{lod | clamp | mip}
// and the dword (and 16-bit half, with A16/G16) that holds each: the one rule the disassembler
// (how many registers), the decoder (NSA size) and the executor (which operand each one is) share.
#pragma once

#include <cstdint>
#include <string>

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

// Which operands are 16 bits, two to a dword (docs/replay-format.md, "A16 and G16"):
//   a16  the body (x, y, z/slice/face, fragment) and lod/clamp/mip pack in pairs, an odd last one
//        with an unused high half; bias becomes an f16 in bits 15:0 of its own dword. Offset and
//        z-compare stay 32-bit. (MIMG A16: bit 15 on GFX9, where it replaces R128; bit 62 on
//        GFX10.)
//   g16  the derivatives pack in pairs per direction: (ds/dx, dt/dx) (dr/dx, -) then the same for
//        d/dy; 1D has (ds/dx, -) (ds/dy, -). (GFX9: set with A16; GFX10+: the _G16 opcodes.)
// Sampler ops read the 16-bit values as f16, the others as u16.
struct AddressPacking {
  bool a16 = false;
  bool g16 = false;
  friend bool operator==(const AddressPacking&, const AddressPacking&) = default;
};

struct AddressLayout {
  uint8_t count = 0;  // operands
  AddrSlot slots[16] = {};
  // Where operand k is: VADDR dword dword[k], bits [shift[k] + 15 : shift[k]] when half[k] (shift
  // 0 or 16), else the whole dword.
  uint8_t dword[16] = {};
  uint8_t shift[16] = {};
  bool half[16] = {};
  uint8_t dwords = 0;  // VADDR dwords the op reads
};

// The VADDR layout of `op` on an image of type `dim`: the operands in order and, with `packing`,
// which dword (and half) holds each. Derivatives come per coordinate of the image's own space: 1D
// (and 1D array) 2, 2D, 2D array, MSAA and cube 4 (a cube's are face-local s,t), 3D 6. llvm-mc
// -mcpu=gfx1010 accepts exactly `dwords` for every op, dim and A16/G16
// (tests/isa/gcn/data/mimg_addr_llvm_mc.txt).
AddressLayout GetAddressLayout(const Op& op, ImageType dim, AddressPacking packing = {});

// The packing an instruction's encoding selects: A16 (GFX9: also 16-bit derivatives) and _G16.
AddressPacking GetAddressPacking(Gfx gfx, const Op& op, const Modifiers& mods);

// A 16-bit operand as the 32-bit value the core takes: an f16 (sampler ops) as the f32 of the same
// value (exact: denormals become normal f32s; infinities stay infinities, NaNs stay NaNs with the
// payload shifted up), a u16 (the other ops) zero-extended.
uint32_t WidenAddress16(uint16_t h, bool f16);

// The layout as `texunit decode` shows it: "x, y" one operand a dword; packed dwords in
// parentheses, "(x, y), (slice, -)", "-" an unused high half.
std::string AddressLayoutText(const AddressLayout& layout);

// "offset", "bias", "z-compare", "ds/dx", ..., "x", "slice", "face", "fragment", "lod", "mip".
const char* AddrSlotName(AddrSlot s);

}  // namespace texunit::gcn
