// The RDNA (GFX10 = gfx1010, GFX10.3 = gfx1030) MIMG opcode tables: OP[7:0] (OPM is bit 7) ->
// LLVM mnemonic -> ISA-neutral Op. Entries are gcn::MimgOpcode, parsed from the mnemonic by
// gcn::OpFromMnemonic at compile time, so the RDNA and GCN front ends share one naming rule.
//
// Against GFX6-9 (llvm-mc 14 agrees on every number except GATHER4H, which it does not know):
//   - atomics keep the SI/CI numbers (SWAP 0x0f .. FMAX 0x1f, FP atomics included), without RSUB;
//   - GATHER4H is 0x61 (0x42 on gfx9), GATHER4H_PCK 0x62 (0x4a), GATHER8H_PCK 0x63 (0x4b; not
//     modelled: it decodes to kUnsupported, as on gfx9);
//   - the *_G16 sample variants: D 0xa2, D_CL 0xa3, C_D 0xaa, C_D_CL 0xab, D_O 0xb2, D_CL_O 0xb3,
//     C_D_O 0xba, C_D_CL_O 0xbb, CD* 0xe8-0xef (llvm-mc 14 assembles and disassembles them for
//     gfx1010 as well as gfx1030, so both tables have them);
//   - gfx1030 only: MSAA_LOAD 0x80, BVH_INTERSECT_RAY 0xe6, BVH64_INTERSECT_RAY 0xe7.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "isa/gcn/mimg_opcodes.h"

namespace texunit::rdna {

bool IsRdnaGfx(Gfx gfx);  // gfx10 (gfx1010) and gfx1030

// Every opcode of `gfx`, ascending; empty for GFX6-9.
std::span<const gcn::MimgOpcode> MimgOpcodes(Gfx gfx);
// nullptr when `opcode` is not an opcode on `gfx`.
const gcn::MimgOpcode* FindMimgOpcode(Gfx gfx, uint8_t opcode);
const gcn::MimgOpcode* FindMimgMnemonic(Gfx gfx, std::string_view mnemonic);

}  // namespace texunit::rdna
