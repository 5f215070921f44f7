// libFuzzer target: arbitrary bytes as a `texunit run` state (docs/replay-format.md). Parsing must
// fail with a message or give a state that registers, executes and prints without a crash, a
// hang or an escaped exception. "file" entries resolve against a directory that does not exist
// and may not leave it, so the fuzzer reads no local files.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_runtime.h"
#include "replay_state.h"
#include "texunit/gcn.h"
#include "texunit/runtime.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace texunit;
  using namespace texunit::cli;
  const std::string text(reinterpret_cast<const char*>(data), size);
  ReplayState state;
  std::string error;
  ReplayFiles files;
  files.base_dir = "/nonexistent-texunit-fuzz-dir";  // absolute paths are refused by default
  if (!ParseReplayState(text, files, &state, &error)) {
    if (error.empty()) __builtin_trap();  // a failure must say what is wrong
    return 0;
  }
  Memory memory;
  if (!RegisterReplayMemory(state, &memory).ok()) return 0;
  std::vector<std::vector<uint8_t>> before;
  for (const ReplayRegion& r : state.memory) before.emplace_back(r.data(), r.data() + r.size());
  gcn::MimgInstruction inst;
  Status status = gcn::DecodeMimg(state.gfx, state.words, &inst);
  std::vector<uint32_t> written;
  if (status.ok()) {
    gcn::WaveState wave;
    wave.lane_count = state.lane_count;
    wave.exec = state.exec;
    wave.sgprs = state.sgprs;
    wave.vgprs = state.vgprs;
    status = gcn::Execute(fuzz::GetRuntime(), inst, wave, memory);
    if (status.ok()) written = WrittenVgprs(inst);
  }
  (void)FormatReplayJson(ReplayOutput(status, "", written, state, before, ReplayOutputOptions()));
  return 0;
}
