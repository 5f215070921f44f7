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
  ReplayFiles files;
  files.base_dir = "/nonexistent-texunit-fuzz-dir";  // absolute paths are refused by default
  if (const Status st = ParseReplayState(text, files, &state); !st.ok()) {
    if (st.message().empty()) __builtin_trap();  // a failure must say what is wrong
    return 0;
  }
  ReplayRun run;
  if (!ExecuteReplay(fuzz::GetRuntime(), PrecisionMode::kFloat, &state, &run).ok()) return 0;
  (void)FormatReplayJson(ReplayOutput(run.status, run.asm_text, run.written, state, run.before,
                                      ReplayOutputOptions()));
  return 0;
}
