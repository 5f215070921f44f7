// Internals of the GCN MIMG disassembler shared with the decoder and the `texunit decode` command.
#pragma once

#include <cstdint>
#include <string>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"

namespace texunit::gcn {

// The SGPR tuple `first`..`first+count-1` as LLVM writes it on `gfx`: "s[8:15]", "ttmp[4:11]".
// Returns false for a tuple that is neither SGPRs nor trap temporaries there (SGPRs end at s103 on
// gfx6/7 and s101 on gfx8/9; TTMPs are s112-s123 on gfx6-8 and s108-s123 on gfx9).
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
