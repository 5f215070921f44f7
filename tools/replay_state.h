// The machine state `texunit run` replays, read from and written as JSON (docs/replay-format.md):
// parsed (with the files it names) in replay_parse.cc, run in replay_execute.cc, printed by
// replay_output.cc; one MIMG instruction, the generation, the exec mask, SGPRs, VGPRs and guest
// memory in; the VGPRs the instruction wrote and the memory it changed out.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "texunit/descriptors.h"
#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit::cli {

// The register file a replay state describes (GFX6-9: 104 SGPRs, 256 VGPRs of 64 lanes).
inline constexpr uint32_t kReplaySgprs = 104;
inline constexpr uint32_t kReplayVgprs = 256;
inline constexpr uint32_t kReplayLaneStride = 64;
// The largest memory a state may describe, in bytes (all entries together).
inline constexpr uint64_t kReplayMaxMemory = uint64_t{1} << 30;

// One contiguous guest range. Entries of the JSON "memory" list that touch or overlap are merged
// into one region (later entries win where they overlap), so an image may span several entries.
// The host bytes have the same alignment modulo 64 as the guest address.
class ReplayRegion {
 public:
  ReplayRegion(uint64_t address, uint64_t size, bool writable);
  ReplayRegion(ReplayRegion&&) = default;
  ReplayRegion& operator=(ReplayRegion&&) = default;

  uint64_t address() const { return address_; }
  uint64_t size() const { return size_; }
  bool writable() const { return writable_; }
  uint8_t* data() { return storage_.get() + skew_; }
  const uint8_t* data() const { return storage_.get() + skew_; }

 private:
  uint64_t address_;
  uint64_t size_;
  bool writable_;
  std::unique_ptr<uint8_t[]> storage_;
  size_t skew_ = 0;
};

struct ReplayState {
  Gfx gfx = Gfx::kGfx8;
  std::vector<uint32_t> words;  // the instruction, little-endian dwords
  std::string asm_text;         // "asm" from the file: a comment, never interpreted
  uint32_t lane_count = 64;
  uint64_t exec = ~0ull;
  std::vector<uint32_t> sgprs = std::vector<uint32_t>(kReplaySgprs);
  std::vector<uint32_t> vgprs = std::vector<uint32_t>(size_t{kReplayVgprs} * kReplayLaneStride);
  std::vector<ReplayRegion> memory;  // sorted by address, disjoint, not adjacent when mergeable
  std::vector<std::array<uint32_t, 4>> border_colors;  // "border_color_table"
  std::vector<uint64_t> residency;                     // "residency": 64 pages per word
  uint64_t residency_pages = 0;
};

// The largest state `texunit run` reads, from a file or from standard input.
inline constexpr uint64_t kReplayMaxStateBytes = uint64_t{64} << 20;

// A regular file opened for reading. Anything else (a directory, a device such as /dev/zero, a
// FIFO) is refused when it is opened, before any byte is read, and reads never go past the size
// the file had then, so no input can make a read wait or run on.
class RegularFile {
 public:
  RegularFile() = default;
  RegularFile(RegularFile&& other) noexcept;
  RegularFile& operator=(RegularFile&& other) noexcept;
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  ~RegularFile();

  // Opens `path`, which messages name as written; refuses a file of more than `max_bytes`.
  static Status Open(const std::string& path, uint64_t max_bytes, RegularFile* out);

  uint64_t size() const { return size_; }
  // Bytes [offset, offset + count), which must lie within size(). A file that shrank since it
  // was opened is an error rather than fewer bytes.
  Status Read(uint64_t offset, uint64_t count, std::vector<uint8_t>* out) const;

 private:
  int fd_ = -1;
  uint64_t size_ = 0;
  std::string path_;
};

// Where a state's "file" entries may come from: paths relative to `base_dir` (the state file's
// directory; empty for the current one) that stay inside it, or anywhere with `allow_any_path`.
struct ReplayFiles {
  std::string base_dir;
  bool allow_any_path = false;
};

// Parses a state. `files` says where "file" entries are read from. Errors are InvalidArgument
// "<field path>: <what is wrong>", e.g. "vgprs.4[3]: \"0xg\" is not a hex number", or
// "invalid JSON: ..." for the document itself.
Status ParseReplayState(const std::string& text, const ReplayFiles& files, ReplayState* out);

// Registers every region of `state` with `memory`.
Status RegisterReplayMemory(ReplayState& state, Memory* memory);

// The VGPRs an instruction writes: VDATA's result registers and its TFE/LWE status register;
// none for stores and for atomics without GLC.
std::vector<uint32_t> WrittenVgprs(const gcn::MimgInstruction& inst);

// What running a state gives: the instruction's status (decode or execution), texunit's
// disassembly (empty when decoding failed), the VGPRs it writes and the memory as parsed.
struct ReplayRun {
  Status status;
  std::string asm_text;
  std::vector<uint32_t> written;
  std::vector<std::vector<uint8_t>> before;
};

// Registers `state`'s memory, then decodes and executes its instruction on `runtime`; the
// registers and memory of `state` are updated in place. The returned Status is an input error
// (memory that cannot be registered); the instruction's own result is run->status.
Status ExecuteReplay(const Runtime& runtime, PrecisionMode precision, ReplayState* state,
                     ReplayRun* run);

struct ReplayOutputOptions {
  bool with_floats = false;  // add "vgprs_f32": each lane's value read as a float
};

// The result document: {"status", "asm", "vgprs", ["vgprs_f32",] "memory_changes"}. `before` is
// the memory as parsed (the snapshot taken before the instruction ran); `after` is the state after.
nlohmann::ordered_json ReplayOutput(const Status& status, const std::string& asm_text,
                                    const std::vector<uint32_t>& written, const ReplayState& after,
                                    const std::vector<std::vector<uint8_t>>& before,
                                    const ReplayOutputOptions& options);

// The output as text: objects one member per line, arrays of scalars and objects of scalars on
// one line (a VGPR's lanes, a memory change), so a 64-lane register reads as one line.
std::string FormatReplayJson(const nlohmann::ordered_json& value);

// "0x3f800000": dwords print as 8 hex digits.
std::string HexDword(uint32_t v);
// The shortest decimal that reads back as the float `bits`, as a JSON number; "nan", "inf",
// "-inf" as strings.
nlohmann::ordered_json FloatJson(uint32_t bits);

}  // namespace texunit::cli
