// Internals of the GCN MIMG disassembler shared with the decoder and the `texunit decode` command.
#pragma once

#include <cstdint>
#include <string>

#include "isa/gcn/mimg_opcodes.h"
#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/status.h"

namespace texunit::gcn {

// "prefix[first:last]", and a VGPR operand as LLVM writes it: "v4" for one register, else "v[4:7]".
std::string Range(const char* prefix, uint32_t first, uint32_t count);
std::string VgprRange(uint32_t first, uint32_t count);

// The checks every MIMG generation shares once the fields are decoded (the GCN and RDNA
// decoders): D16 only with ops that convert data, one DMASK bit for gather4, the atomics' DMASK
// values, VDATA within v255, SRSRC a tuple of `srsrc_sgprs` SGPRs, SSAMP for ops with a sampler.
Status CheckMimgOperands(const MimgInstruction& inst, uint32_t srsrc_sgprs);

// The fields GFX6-9 and GFX10 decode alike from dwords 0 and 1 of an instruction whose opcode is
// `entry`: DMASK, UNORM, GLC, bit 15 (as R128), TFE, LWE, SLC, D16, VADDR, VDATA, SRSRC, SSAMP.
MimgInstruction DecodeCommonMimgFields(Gfx gfx, const MimgOpcode* entry, uint32_t w0, uint32_t w1);
// The two dwords GFX6-9 and GFX10 encode alike: ENCODING, OP (OP[7] in bit 0), DMASK, UNORM, GLC,
// R128 (bit 15), TFE, LWE, SLC, VADDR, VDATA, SRSRC, SSAMP, D16, after checking that `entry` (the
// generation's table entry for inst.opcode) names inst.op and the fields fit. The caller adds its
// generation's bits (DA/A16 on GFX6-9; NSA, DIM, DLC, A16 on GFX10).
Status EncodeCommonMimgFields(const MimgInstruction& inst, const MimgOpcode* entry,
                              uint32_t words[2]);

// The SGPR tuple `first`..`first+count-1` as LLVM writes it on `gfx`: "s[8:15]", "ttmp[4:11]".
// Returns false for a tuple that is neither SGPRs nor trap temporaries there (SGPRs end at s103 on
// gfx6/7, s101 on gfx8/9 and s105 on gfx10; TTMPs are s112-s123 on gfx6-8 and s108-s123 on gfx9+).
bool ScalarTupleName(Gfx gfx, uint32_t first, uint32_t count, std::string* out);
// The same test without building the name (the decoder validates every instruction with it):
// the register bank ("s" or "ttmp") and the tuple's first index in it.
bool ScalarTuple(Gfx gfx, uint32_t first, uint32_t count, const char** bank, uint32_t* index);

// The image type the disassembler assumes: options.dim when given, else 2D (2D array with DA).
ImageType DisasmDim(const MimgInstruction& inst, const DisasmOptions& options);

// VDATA registers in llvm-mc 14's syntax: as GetVdataUse().registers, except that LWE alone adds no
// register (its assembler only counts TFE; the hardware writes the status dword for LWE too).
int LlvmDataRegisters(const MimgInstruction& inst);
// VADDR registers in llvm-mc 14's syntax: AddressDwords() rounded up to a register class LLVM 14
// has (1-8 VGPRs, then 16).
int LlvmAddressRegisters(int address_dwords);

// "1d", "2d", "3d", "cube", "1d_array", "2d_array", "2d_msaa", "2d_msaa_array" (the CLI's names).
const char* DimName(ImageType dim);
bool ParseDimName(const std::string& name, ImageType* out);

// DescribeFields with the address layout shown for options' dim.
std::string DescribeFields(const MimgInstruction& inst, const DisasmOptions& options);

}  // namespace texunit::gcn
