// GetVdataUse: the VDATA register rule of every MIMG op (GFX6-9 and the GFX10+ decoder's).
#include <algorithm>

#include "texunit/gcn.h"

namespace texunit::gcn {

VdataUse GetVdataUse(const MimgInstruction& inst) {
  VdataUse u;
  // A table, not std::popcount: without -mpopcnt that is a libgcc call, per decode and execute.
  constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  const uint32_t enabled = kBits[inst.mods.dmask & 0xFu];
  bool returns = true;
  switch (inst.op.kind) {
    case OpKind::kStore:
      u.sources = enabled;
      returns = false;
      break;
    case OpKind::kAtomic: {
      u.sources = enabled;
      returns = inst.mods.glc;
      const bool cmpswap =
          inst.op.atomic == AtomicOp::kCmpSwap || inst.op.atomic == AtomicOp::kFcmpSwap;
      if (returns) u.results = cmpswap ? enabled / 2 : enabled;
      break;
    }
    case OpKind::kGather4:
      // GATHER4H_PCK writes the stream words DMASK selects, like a load.
      u.results = (inst.op.flags & kOpPck) != 0 ? enabled : 4;
      break;
    case OpKind::kMsaaLoad:
    case OpKind::kBvhIntersectRay:
      u.results = 4;
      break;
    default:
      u.results = enabled;
      break;
  }
  // Tonga (gfx8 here) keeps one 16-bit value per register; GFX8.1 and later pack two.
  u.packed_d16 =
      inst.mods.d16 && inst.gfx != Gfx::kGfx6 && inst.gfx != Gfx::kGfx7 && inst.gfx != Gfx::kGfx8;
  const auto regs = [&](uint32_t values) { return u.packed_d16 ? (values + 1) / 2 : values; };
  u.result_registers = regs(u.results);
  u.data_registers = std::max({regs(u.sources), u.result_registers, 1u});
  const bool tfe_lwe = inst.mods.tfe || inst.mods.lwe;
  u.status = returns && tfe_lwe;
  u.registers = u.data_registers + (tfe_lwe ? 1 : 0);
  return u;
}

}  // namespace texunit::gcn
