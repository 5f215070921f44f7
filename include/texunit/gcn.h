// The GCN (GFX6-9) MIMG front end: decode the 64-bit encoding, disassemble it as LLVM does, and
// execute it against a wave's register file. It only translates; sampling happens in the core.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit::gcn {

struct MimgInstruction {
  Gfx gfx = Gfx::kGfx6;
  uint8_t opcode = 0;         // OP[7:0] as encoded
  const char* mnemonic = "";  // LLVM spelling, e.g. "image_sample_c_lz"
  Op op;                      // ISA-neutral op
  Modifiers mods;             // dmask, unorm, glc, slc, da, tfe, lwe, d16, a16, r128
  uint8_t vaddr = 0;          // first address VGPR
  uint8_t vdata = 0;          // first data VGPR
  uint8_t srsrc = 0;          // first T# SGPR (the encoding stores it / 4)
  uint8_t ssamp = 0;          // first S# SGPR (the encoding stores it / 4)
  uint32_t size_dwords = 2;
  // GFX10+ only (filled by the RDNA decoder, texunit/rdna.h).
  uint8_t dim = 0;  // DIM: 0 1D .. 7 2D_MSAA_ARRAY
  bool dlc = false;
  uint8_t nsa_dwords = 0;      // 0: contiguous VADDR; 1-3 NSA dwords
  uint8_t nsa_vaddr[13] = {};  // with NSA, the VGPR of each address dword: [0] == vaddr, ADDR1..
};

// Decodes one MIMG instruction from little-endian dwords (as llvm-mc prints them). Errors name the
// field: an ENCODING other than 0b111100, an opcode the generation does not have, a D16 bit on
// GFX6/7, ...
Status DecodeMimg(Gfx gfx, std::span<const uint32_t> words, MimgInstruction* out);
// The inverse, for tests and tools.
Status EncodeMimg(const MimgInstruction& inst, std::vector<uint32_t>* words);

// GFX6-9 encodings do not say the image's dimension, so the VADDR register count is derived from
// the op and an assumed image type: 2D (2D array when DA is set) unless told otherwise.
struct DisasmOptions {
  bool has_dim = false;
  ImageType dim = ImageType::k2D;
};
// LLVM's text for the instruction, e.g.
// "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf".
std::string Disassemble(const MimgInstruction& inst, const DisasmOptions& options = {});
// Every decoded field, one "name: value" per line, for `texunit decode`.
std::string DescribeFields(const MimgInstruction& inst);

// Number of VADDR dwords the op reads for an image of type `dim` (per the seed's layouts:
// {offset}{bias}{z-compare}{derivatives}{x,y,z/slice/face}{lod|clamp|mip}, with A16/G16 packing
// 16-bit operands two to a dword).
int AddressDwords(const MimgInstruction& inst, ImageType dim);
// How an instruction uses its VDATA registers: the one rule the decoder, the disassembler,
// gcn::Execute and `texunit run` share.
struct VdataUse {
  uint32_t sources = 0;  // values read: popcount(DMASK) for stores and atomics
  // Values returned: popcount(DMASK) (4 for gather4 and MSAA_LOAD); atomics only with GLC, and
  // the compare-swaps only the first half (the pre-op value, VDATA[0] on 32-bit elements).
  uint32_t results = 0;
  bool packed_d16 = false;        // D16 values two to a register (GFX9+; GFX8 keeps one each)
  uint32_t result_registers = 0;  // registers the results fill
  // Registers for the values: the larger of sources and results, at least 1 (DMASK=0 still owns
  // one, as the assembler counts).
  uint32_t data_registers = 0;
  bool status = false;     // the TFE/LWE status dword is written, at vdata + data_registers
  uint32_t registers = 0;  // registers the encoding spans: data_registers, plus 1 for TFE/LWE
};
VdataUse GetVdataUse(const MimgInstruction& inst);

// A wave's registers. VGPRs are laid out [vgpr][lane] with a stride of 64 lanes, so a VGPR is a
// contiguous column of per-lane values: exactly the SoA form the core consumes.
struct WaveState {
  uint32_t lane_count = 64;  // 1..64
  uint64_t exec = ~0ull;
  std::span<uint32_t> sgprs;  // s0, s1, ...
  std::span<uint32_t> vgprs;  // vgprs[v * 64 + lane]
  // The border color table that S#s with BORDER_COLOR_TYPE REGISTER index (TexRequest's).
  std::span<const std::array<uint32_t, 4>> border_color_table;
  // Partially resident textures: the residency map of the T#'s footprint in 64 KiB pages
  // (TexRequest::residency); empty: every page is resident.
  std::span<const uint64_t> residency;
  uint64_t residency_pages = 0;  // pages the map describes (at most 64 * residency.size())
};

// Reads the T# (and S#) from SGPRs, gathers the VADDR operands, runs the request on `runtime`,
// and writes VDATA (DMASK-compacted) for active lanes. `precision` selects float32 filtering or
// the hardware's 8-bit weights and LOD fraction. Runs what either front end decodes (GFX6-9 here,
// GFX10/10.3 by rdna::DecodeMimg: the image type from DIM, NSA address registers), including
// A16's packed 16-bit addresses (GFX9, GFX10+) and the _G16 ops' packed 16-bit derivatives, which
// it widens to the 32-bit operands the core takes; and the BVH ray tests of GFX10.3 (docs/bvh.md).
Status Execute(const Runtime& runtime, const MimgInstruction& inst, WaveState& wave,
               const Memory& memory, PrecisionMode precision = PrecisionMode::kFloat);

}  // namespace texunit::gcn
