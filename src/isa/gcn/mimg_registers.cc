#include "isa/gcn/mimg_registers.h"

#include <cstring>

namespace texunit::gcn {

std::string RegRange(char prefix, uint32_t first, uint32_t count) {
  std::string s(1, prefix);
  if (count <= 1) return s += std::to_string(first);
  s += '[';
  s += std::to_string(first);
  s += ':';
  s += std::to_string(first + count - 1);
  return s += ']';
}

Status AddressVgprs(const MimgInstruction& inst, const WaveState& wave, uint32_t dwords,
                    bool packed16, uint32_t* vgpr) {
  const size_t num_vgprs = wave.vgprs.size() / kLaneStride;
  // GFX10 NSA: address dword k is in VGPR nsa_vaddr[k] (the decoder checked their count against
  // the op, DIM and A16/G16); otherwise VADDR, VADDR + 1, ...
  const bool nsa = inst.nsa_dwords != 0;
  if (nsa && dwords > 1u + 4u * inst.nsa_dwords) {
    return Status::InvalidArgument(std::string(inst.mnemonic) + " reads " + std::to_string(dwords) +
                                   " address dwords" + (packed16 ? " (16-bit packed)" : "") +
                                   ", but NSA=" + std::to_string(inst.nsa_dwords) + " names fewer");
  }
  for (uint32_t k = 0; k < dwords; ++k) {
    vgpr[k] = nsa ? inst.nsa_vaddr[k] : inst.vaddr + k;
    if (vgpr[k] >= num_vgprs) {
      return Status::InvalidArgument(
          "VADDR " + (nsa ? RegRange('v', vgpr[k], 1) : RegRange('v', inst.vaddr, dwords)) +
          " is outside the wave's " + std::to_string(num_vgprs) + " VGPRs");
    }
  }
  return Status::Ok();
}

Status ReadAddressDwords(const MimgInstruction& inst, const WaveState& wave, uint32_t dwords,
                         bool packed16, uint32_t (*addr)[kLaneStride]) {
  uint32_t vgpr[16];
  if (dwords > 16) return Status::Internal("address of " + std::to_string(dwords) + " dwords");
  TEXUNIT_RETURN_IF_ERROR(AddressVgprs(inst, wave, dwords, packed16, vgpr));
  for (uint32_t k = 0; k < dwords; ++k) {
    std::memcpy(addr[k], &wave.vgprs[size_t{vgpr[k]} * kLaneStride], sizeof(addr[k]));
  }
  return Status::Ok();
}

}  // namespace texunit::gcn
