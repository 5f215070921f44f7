// Running a parsed `texunit run` state: its memory registered and snapshotted, the instruction
// decoded, disassembled and executed through gcn::Execute.
#include <span>
#include <string>
#include <vector>

#include "replay_state.h"
#include "texunit/rdna.h"

namespace texunit::cli {

std::vector<uint32_t> WrittenVgprs(const gcn::MimgInstruction& inst) {
  const gcn::VdataUse use = gcn::GetVdataUse(inst);
  std::vector<uint32_t> regs;
  const auto add = [&](uint32_t v) {
    if (v < kReplayVgprs) regs.push_back(v);
  };
  for (uint32_t k = 0; k < use.result_registers; ++k) add(inst.vdata + k);
  if (use.status) add(inst.vdata + use.data_registers);
  return regs;
}

Status ExecuteReplay(const Runtime& runtime, PrecisionMode precision, ReplayState* state,
                     ReplayRun* run) {
  Memory memory;
  TEXUNIT_RETURN_IF_ERROR(RegisterReplayMemory(*state, &memory));
  run->before.clear();
  for (const ReplayRegion& r : state->memory)
    run->before.emplace_back(r.data(), r.data() + r.size());
  gcn::MimgInstruction inst;
  run->status = DecodeAmdMimg(state->gfx, state->words, &inst);
  run->asm_text.clear();
  run->written.clear();
  if (!run->status.ok()) return Status::Ok();
  // The disassembly, with the VADDR count of the bound image's type when the T# decodes and
  // agrees with DA (else the disassembler's default: 2D, or 2D array with DA).
  gcn::DisasmOptions disasm;
  const uint32_t t_dwords = inst.mods.r128 ? 4 : 8;
  ImageDesc image;
  if (inst.srsrc + t_dwords <= state->sgprs.size() &&
      DecodeImageDesc(state->gfx, std::span(state->sgprs).subspan(inst.srsrc, t_dwords), &image)
          .ok() &&
      !image.unbound) {
    const bool arrayed = image.type == ImageType::k1DArray || image.type == ImageType::k2DArray ||
                         image.type == ImageType::k2DMsaaArray || image.type == ImageType::kCube;
    disasm.has_dim = arrayed == inst.mods.da;
    disasm.dim = image.type;
  }
  // GFX10+ encodings carry their DIM, so their text needs no image type.
  run->asm_text =
      state->gfx >= Gfx::kGfx10 ? rdna::Disassemble(inst) : gcn::Disassemble(inst, disasm);
  gcn::WaveState wave;
  wave.lane_count = state->lane_count;
  wave.exec = state->exec;
  wave.sgprs = state->sgprs;
  wave.vgprs = state->vgprs;
  wave.border_color_table = state->border_colors;
  wave.residency = state->residency;
  wave.residency_pages = state->residency_pages;
  run->status = gcn::Execute(runtime, inst, wave, memory, precision);
  run->written = WrittenVgprs(inst);
  return Status::Ok();
}

}  // namespace texunit::cli
