// `texunit run <state.json>`: replays one MIMG instruction from a JSON machine state and prints
// the VGPRs it wrote and the memory it changed, as JSON (docs/replay-format.md).
//
// Exit status: 0 when the instruction ran, 1 when decoding or executing it failed (the output's
// "status" holds the Status), 2 for a bad command line or a malformed state file.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
#include "replay_state.h"
#include "texunit/gcn.h"
#include "texunit/runtime.h"

namespace texunit::cli {
namespace {

// Reads `in` (named `name` in messages) to its end in bounded chunks; more than `max_bytes` is an
// error, so an endless stream (< /dev/zero) ends in one.
Status ReadBoundedStream(std::FILE* in, const std::string& name, uint64_t max_bytes,
                         std::string* out) {
  out->clear();
  std::vector<char> chunk(size_t{1} << 16);
  size_t got;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), in)) > 0) {
    out->append(chunk.data(), got);
    if (out->size() > max_bytes) {
      return Status::InvalidArgument(name + " holds more than the " + std::to_string(max_bytes) +
                                     " bytes a state may have");
    }
  }
  // fread ends at an error as at the end: a directory as stdin fails with EISDIR.
  if (std::ferror(in)) {
    return Status::InvalidArgument("cannot read " + name + ": " + std::strerror(errno));
  }
  return Status::Ok();
}

constexpr const char* kUsage =
    "texunit run [--target T] [--precision float|hardware] [--floats] [--allow-any-path]\n"
    "            <state.json | ->";
// The rest of the help's head: what the command does and what a state may read.
constexpr const char* kAbout =
    "\n\n"
    "Replays one MIMG instruction from a JSON machine state (docs/replay-format.md) and prints\n"
    "the VGPRs it wrote and the memory it changed, as JSON.\n"
    "\n"
    "A memory \"file\" entry is a path relative to the state file's directory (or to\n"
    "the current directory for -) that must stay inside that directory once '..' and symbolic\n"
    "links are resolved; --allow-any-path lifts this. The state and its files must be regular\n"
    "files; a state holds at most 64 MiB of text and 1 GiB of memory.\n"
    "\n"
    "exit status: 0 the instruction ran; 1 decoding or executing it failed (see \"status\");\n"
    "2 a bad command line or state (the message names the field or file)";

int RunReplay(const std::vector<std::string>& args) {
  std::string target;
  bool floats = false;
  ArgParser parser(std::string(kUsage) + kAbout);
  parser.AddString("target", &target,
                   "Highway target to run on (AVX3, AVX2, SSE4, SCALAR, ...); default: the best");
  parser.AddFlag("floats", &floats, "also print each written lane as a float (\"vgprs_f32\")");
  bool allow_any_path = false;
  parser.AddFlag(
      "allow-any-path", &allow_any_path,
      "let \"file\" entries name absolute paths and paths outside the state's directory");
  std::string precision = "float";
  parser.AddChoice("precision", &precision, {"float", "hardware"},
                   "float32 filtering, or the hardware's 8-bit weights and LOD fraction");

  // The one positional argument is the state file; the rest are options.
  std::vector<std::string> options;
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-" || a.empty() || a[0] != '-') {
      positional.push_back(a);
      continue;
    }
    options.push_back(a);
    if ((a == "--target" || a == "--precision") && i + 1 < args.size()) {
      options.push_back(args[++i]);
    }
  }
  const int parsed = parser.ParseOrExit(options);
  if (parsed >= 0) return parsed;
  if (positional.size() != 1) {
    std::fprintf(stderr, "texunit run: expected one state file (or - for stdin)\nusage: %s\n",
                 kUsage);
    return 2;
  }
  const std::string& path = positional[0];

  // Read and parse the state.
  std::string text;
  std::string base_dir;
  if (path == "-") {
    if (const Status st = ReadBoundedStream(stdin, "standard input", kReplayMaxStateBytes, &text);
        !st.ok()) {
      std::fprintf(stderr, "texunit run: %s\n", st.message().c_str());
      return 2;
    }
  } else {
    RegularFile file;
    std::vector<uint8_t> bytes;
    Status st = RegularFile::Open(path, kReplayMaxStateBytes, &file);
    if (st.ok()) st = file.Read(0, file.size(), &bytes);
    if (!st.ok()) {
      std::fprintf(stderr, "texunit run: %s\n", st.message().c_str());
      return 2;
    }
    text.assign(bytes.begin(), bytes.end());
    base_dir = std::filesystem::path(path).parent_path().string();
  }
  ReplayState state;
  ReplayFiles files;
  files.base_dir = base_dir;
  files.allow_any_path = allow_any_path;
  if (const Status st = ParseReplayState(text, files, &state); !st.ok()) {
    std::fprintf(stderr, "texunit run: %s: %s\n", path.c_str(), st.message().c_str());
    return 2;
  }

  RuntimeOptions runtime_options;
  runtime_options.target = target;
  std::unique_ptr<Runtime> runtime;
  if (Status st = Runtime::Create(runtime_options, &runtime); !st.ok()) {
    std::fprintf(stderr, "texunit run: %s\n", st.ToString().c_str());
    return 2;
  }

  ReplayRun run;
  const PrecisionMode mode =
      precision == "hardware" ? PrecisionMode::kHardware : PrecisionMode::kFloat;
  if (Status st = ExecuteReplay(*runtime, mode, &state, &run); !st.ok()) {
    std::fprintf(stderr, "texunit run: %s: memory: %s\n", path.c_str(), st.ToString().c_str());
    return 2;
  }
  ReplayOutputOptions out_options;
  out_options.with_floats = floats;
  const nlohmann::ordered_json out =
      ReplayOutput(run.status, run.asm_text, run.written, state, run.before, out_options);
  std::printf("%s\n", FormatReplayJson(out).c_str());
  return run.status.ok() ? 0 : 1;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(run, "Replay one MIMG instruction from a JSON machine state", RunReplay);

}  // namespace texunit::cli
