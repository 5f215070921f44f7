// The register-file side of executing a MIMG instruction, shared by gcn::Execute and the RDNA
// BVH path: register range text for messages, and the VADDR dwords read (contiguous or NSA) into
// columns before anything is written, so that VDATA may overlap VADDR.
#pragma once

#include <cstdint>
#include <string>

#include "texunit/gcn.h"
#include "texunit/status.h"

namespace texunit::gcn {

inline constexpr uint32_t kLaneStride = 64;  // WaveState::vgprs holds 64 lanes per VGPR

// "s8", "s[8:15]", "v4", "v[4:7]" as the disassembler writes register ranges.
std::string RegRange(char prefix, uint32_t first, uint32_t count);

// The VGPR of each of the instruction's `dwords` address dwords (nsa_vaddr[k] with NSA, else
// VADDR + k) in vgpr[0..dwords), checked against the wave: the errors ReadAddressDwords reports.
Status AddressVgprs(const MimgInstruction& inst, const WaveState& wave, uint32_t dwords,
                    bool packed16, uint32_t* vgpr);

// Copies the instruction's `dwords` address dwords (dword k from VGPR nsa_vaddr[k] with NSA, else
// VADDR + k) into addr[0..dwords). `packed16`: the layout packs 16-bit operands (named in the
// error when NSA names too few registers). Fails naming VADDR when a register is outside the wave.
Status ReadAddressDwords(const MimgInstruction& inst, const WaveState& wave, uint32_t dwords,
                         bool packed16, uint32_t (*addr)[kLaneStride]);

}  // namespace texunit::gcn
