// Reading `texunit run` machine states (docs/replay-format.md) into a ReplayState: the JSON
// document, within the limits a hostile state cannot push past; its fields; and the files its
// memory entries name. Every input error is a Status naming the field or the file.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <limits>
#include <new>
#include <numeric>
#include <system_error>
#include <utility>

#include "replay_state.h"

namespace texunit::cli {

namespace {

using json = nlohmann::json;

// ---- The document ----
//
// Built through nlohmann's SAX interface rather than json::parse because the events see what
// json::parse hides: the text of each number (an integer literal beyond 64 bits arrives as a
// double, whose bits a register would then take), every key before it replaces an earlier one of
// the same name, and the depth of each container. An event can also stop the parse with a
// reason, so nothing here throws.

// A state needs four levels (memory[i].hex[j]); the bound keeps a hostile document from
// exhausting the stack of the recursive code that walks or prints a document (nlohmann's dump()
// among it).
constexpr int kMaxJsonDepth = 64;

class StateJsonBuilder {
 public:
  explicit StateJsonBuilder(json* root) : root_(root) {}

  const Status& status() const { return status_; }

  // The SAX events (nlohmann::json_sax). Each returns false to stop the parse.
  bool null() { return Add(json(nullptr)); }
  bool boolean(bool value) { return Add(json(value)); }
  bool number_integer(json::number_integer_t value) { return Add(json(value)); }
  bool number_unsigned(json::number_unsigned_t value) { return Add(json(value)); }
  bool number_float(json::number_float_t value, const std::string& text) {
    Begin();
    // Literals without a fraction or an exponent are integers that overflowed 64 bits.
    if (text.find_first_of(".eE") == std::string::npos) {
      return Fail("the integer " + text + " does not fit in 64 bits");
    }
    Store(json(value));
    return true;
  }
  bool string(std::string& value) { return Add(json(std::move(value))); }
  bool binary(json::binary_t& /*value*/) { return Fail("binary data"); }  // CBOR etc. only
  bool start_object(std::size_t /*elements*/) { return Open(json::object()); }
  bool key(std::string& key) {
    Frame& frame = frames_.back();
    frame.child = std::move(key);
    frame.in_child = true;
    if (frame.value->contains(frame.child)) return Fail("duplicate key");
    return true;
  }
  bool end_object() { return Close(); }
  bool start_array(std::size_t /*elements*/) { return Open(json::array()); }
  bool end_array() { return Close(); }
  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                   const json::exception& error) {
    std::string what = error.what();
    // 406 is a number beyond binary64 (1e400): a value, so its path names it.
    if (error.id == 406) {
      Begin();
      return Fail(what.substr(what.find("] ") + 2));
    }
    // "[json.exception.parse_error.101] parse error at line 3, column 1: syntax error while
    // parsing object key - unexpected '}'; expected string literal".
    const size_t at = what.find("parse error at ");
    if (at != std::string::npos) what = what.substr(at + 15);
    status_ = Status::InvalidArgument("invalid JSON: " + what);
    return false;
  }

 private:
  // An open object or array, and the member being read in it: its key, or "[index]".
  struct Frame {
    json* value;
    std::string child;
    bool in_child = false;  // false until the first member starts ("" is a valid key)
  };

  // A value starts: in an array its index is the array's size so far.
  void Begin() {
    if (!frames_.empty() && frames_.back().value->is_array()) {
      Frame& frame = frames_.back();
      // Built by appending: GCC 12 warns (-Wrestrict, falsely) on "[" + std::to_string(...).
      frame.child = "[";
      frame.child += std::to_string(frame.value->size());
      frame.child += ']';
      frame.in_child = true;
    }
  }

  // Stores `value` where the value being read goes and returns where it is now.
  json* Store(json value) {
    if (frames_.empty()) {
      *root_ = std::move(value);
      return root_;
    }
    Frame& frame = frames_.back();
    if (frame.value->is_array()) {
      frame.value->push_back(std::move(value));
      return &frame.value->back();
    }
    return &((*frame.value)[frame.child] = std::move(value));
  }

  bool Add(json value) {
    Begin();
    Store(std::move(value));
    return true;
  }

  bool Open(json container) {
    Begin();
    if (frames_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
      return Fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    // The pointer stays valid: a container grows only while it is the innermost one.
    frames_.push_back({Store(std::move(container)), "", false});
    return true;
  }

  bool Close() {
    frames_.pop_back();
    return true;
  }

  // The path of the value being read, as field errors write it: "memory[1].address" ("" for an
  // empty key). Beyond 8 levels the middle is left out: the depth error would otherwise print
  // 64 of them.
  std::string Path() const {
    size_t levels = 0;
    while (levels < frames_.size() && frames_[levels].in_child) ++levels;
    std::string path;
    for (size_t i = 0; i < levels; ++i) {
      if (levels > 8 && i == 4) {
        path += "...";
        i = levels - 4;
        continue;
      }
      const Frame& frame = frames_[i];
      if (frame.value->is_object() && !path.empty() && !path.ends_with("...")) path += '.';
      path += frame.child.empty() && frame.value->is_object() ? "\"\"" : frame.child;
    }
    return path;
  }

  bool Fail(const std::string& message) {
    const std::string path = Path();
    status_ =
        Status::InvalidArgument(path.empty() ? "invalid JSON: " + message : path + ": " + message);
    return false;
  }

  json* root_;
  std::vector<Frame> frames_;
  Status status_;
};

// Parses `text` as one JSON document. Beyond the syntax, these are errors, named by the path of
// the value ("vgprs.4: duplicate key"): a key repeated in an object, an integer literal beyond 64
// bits, nesting deeper than kMaxJsonDepth; and a NUL byte anywhere (nlohmann stops reading
// there, so whatever followed would be ignored). Comments are allowed.
Status ParseStateJson(const std::string& text, json* root) {
  if (const size_t nul = text.find('\0'); nul != std::string::npos) {
    const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + nul, '\n'));
    const size_t line_start = text.rfind('\n', nul);
    const size_t column = nul - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
    return Status::InvalidArgument("invalid JSON: a NUL byte at line " + std::to_string(line) +
                                   ", column " + std::to_string(column));
  }
  StateJsonBuilder builder(root);
  const bool parsed = json::sax_parse(text, &builder, json::input_format_t::json,
                                      /*strict=*/true, /*ignore_comments=*/true);
  if (!builder.status().ok()) return builder.status();
  if (!parsed) return Status::Internal("invalid JSON: the parser stopped without a reason");
  return Status::Ok();
}

// ---- Files ----

Status Invalid(const std::string& message) { return Status::InvalidArgument(message); }

std::string NotRegular(const std::string& path, mode_t mode) {
  return path + " is not a regular file" + (S_ISDIR(mode) ? " (a directory)" : "");
}

// The path to read for a "file" entry `written`: relative paths resolve against files.base_dir.
// Unless files.allow_any_path, `written` must be relative and, once `..` and symbolic links are
// resolved, stay inside files.base_dir, so that a state from someone else cannot read local files
// into its output. The result is `written` joined to the base directory, as messages show it.
Status ResolveStateFile(const ReplayFiles& files, const std::string& written,
                        std::filesystem::path* out) {
  namespace fs = std::filesystem;
  const fs::path path(written);
  const fs::path base = files.base_dir.empty() ? "." : files.base_dir;
  // Relative paths are shown as written when the state is in the current directory.
  const fs::path joined = files.base_dir.empty() || !path.is_relative() ? path : base / path;
  if (files.allow_any_path) {
    *out = joined;
    return Status::Ok();
  }
  if (!path.is_relative()) {
    return Invalid("'" + written +
                   "' is an absolute path; files must lie in the state's directory (texunit run "
                   "--allow-any-path lifts this)");
  }
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(base, ec);
  if (ec) {
    return Invalid("cannot resolve the state's directory " + base.string() + ": " + ec.message());
  }
  const fs::path full = fs::weakly_canonical(base / path, ec);
  if (ec) return Invalid("cannot resolve '" + written + "': " + ec.message());
  // `full` must begin with every component of `root` (a trailing empty component of `root`
  // stands for its final separator); "." is the directory itself, which is inside but is no file.
  auto r = root.begin(), f = full.begin();
  for (; r != root.end() && f != full.end() && *r == *f; ++r, ++f) {
  }
  const bool inside = r == root.end() || (r->empty() && std::next(r) == root.end());
  if (!inside) {
    return Invalid("'" + written + "' leaves the state's directory " + root.string() +
                   " (texunit run --allow-any-path lifts this)");
  }
  *out = joined;
  return Status::Ok();
}

// ---- Fields ----

// An input error: "<field path>: <what is wrong>".
Status Bad(const std::string& path, const std::string& message) {
  return Status::InvalidArgument(path + ": " + message);
}

// `status`, if an error, as one of the field at `path`.
Status InField(const std::string& path, const Status& status) {
  return status.ok() ? status : Bad(path, status.message());
}

// A short rendering of a JSON value for error messages.
std::string Show(const json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "0x..." with 1..max_digits hex digits.
Status ParseHexNumber(const std::string& s, int max_digits, const std::string& path,
                      uint64_t* out) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) {
    return Bad(path, "\"" + s +
                         "\" is not a number: write integers as 0x-prefixed hex strings or JSON "
                         "numbers");
  }
  if (static_cast<int>(s.size()) - 2 > max_digits) {
    return Bad(path, "\"" + s + "\" has more than " + std::to_string(max_digits) + " hex digits");
  }
  uint64_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    const int d = HexDigit(s[i]);
    if (d < 0) return Bad(path, "\"" + s + "\" is not a hex number");
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  *out = v;
  return Status::Ok();
}

// A 32-bit register value: an integer (negative ones as two's complement), a number with a
// fraction or exponent (stored as float bits), or a 0x-prefixed hex string (raw bits).
Status ParseDword(const json& v, const std::string& path, uint32_t* out) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > 0xFFFFFFFFull) return Bad(path, Show(v) + " does not fit in 32 bits");
    *out = static_cast<uint32_t>(u);
    return Status::Ok();
  }
  if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    if (i < std::numeric_limits<int32_t>::min()) {
      return Bad(path, Show(v) + " does not fit in 32 bits");
    }
    *out = static_cast<uint32_t>(static_cast<int32_t>(i));
    return Status::Ok();
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!(std::fabs(d) <= std::numeric_limits<float>::max())) {
      return Bad(path, Show(v) + " is outside the float range (write infinities as hex bits)");
    }
    *out = std::bit_cast<uint32_t>(static_cast<float>(d));
    return Status::Ok();
  }
  if (v.is_string()) {
    uint64_t u = 0;
    TEXUNIT_RETURN_IF_ERROR(ParseHexNumber(v.get<std::string>(), 8, path, &u));
    *out = static_cast<uint32_t>(u);
    return Status::Ok();
  }
  return Bad(path, "expected a 32-bit value (integer, float or \"0x...\" string), got " + Show(v));
}

// A 64-bit unsigned value: a non-negative integer or a 0x-prefixed hex string.
Status ParseQword(const json& v, const std::string& path, uint64_t* out) {
  if (v.is_number_unsigned()) {
    *out = v.get<uint64_t>();
    return Status::Ok();
  }
  if (v.is_string()) return ParseHexNumber(v.get<std::string>(), 16, path, out);
  return Bad(path, "expected a non-negative integer or a \"0x...\" string, got " + Show(v));
}

// Hex bytes in memory order ("ff0000ff 00ff00ff"); whitespace is ignored.
Status AppendHexBytes(const json& v, const std::string& path, std::vector<uint8_t>* out) {
  if (!v.is_string()) return Bad(path, "expected a string of hex bytes, got " + Show(v));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    return Bad(path, "hex bytes are written in memory order without a 0x prefix");
  }
  int pending = -1;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    const int d = HexDigit(c);
    if (d < 0) {
      return Bad(path,
                 std::string("'") + c + "' at offset " + std::to_string(i) + " is not a hex digit");
    }
    if (pending < 0) {
      pending = d;
    } else {
      out->push_back(static_cast<uint8_t>(pending << 4 | d));
      pending = -1;
    }
  }
  if (pending >= 0) return Bad(path, "odd number of hex digits (bytes are two digits each)");
  return Status::Ok();
}

// A register index key: "8" or "s8" (prefix 's') / "4" or "v4" (prefix 'v').
Status ParseRegKey(const std::string& key, char prefix, uint32_t limit, const std::string& path,
                   uint32_t* out) {
  std::string digits = key;
  if (!digits.empty() && digits[0] == prefix) digits = digits.substr(1);
  if (digits.empty() || digits.size() > 4 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return Bad(path, std::string("key \"") + key + "\" is not a register index (\"4\" or \"" +
                         prefix + "4\")");
  }
  const uint32_t index = static_cast<uint32_t>(std::stoul(digits));
  if (index >= limit) {
    return Bad(path, std::string(1, prefix) + std::to_string(index) + " is outside the " +
                         std::to_string(limit) + " registers of a replay state");
  }
  *out = index;
  return Status::Ok();
}

std::string JoinPath(const std::string& base, const std::string& key) {
  return base.empty() ? key : base + "." + key;
}
std::string IndexPath(const std::string& base, size_t i) {
  return base + "[" + std::to_string(i) + "]";
}

Status CheckKeys(const json& obj, const std::string& path,
                 std::initializer_list<const char*> keys) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* k : keys) known = known || it.key() == k;
    if (!known) {
      std::string list;
      for (const char* k : keys) list += std::string(list.empty() ? "" : ", ") + k;
      return Bad(JoinPath(path, it.key()), "unknown field (expected one of: " + list + ")");
    }
  }
  return Status::Ok();
}

Status Require(const json& obj, const char* key, const std::string& path, const json** out) {
  auto it = obj.find(key);
  if (it == obj.end()) return Bad(JoinPath(path, key), "missing (required)");
  *out = &*it;
  return Status::Ok();
}

Status ParseWords(const json& v, const std::string& path, std::vector<uint32_t>* words) {
  if (!v.is_array() || v.empty() || v.size() > 8) {
    return Bad(path,
               "expected an array of 1..8 instruction dwords, e.g. [\"0xf0001f00\", "
               "\"0x00020004\"]");
  }
  words->assign(v.size(), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    TEXUNIT_RETURN_IF_ERROR(ParseDword(v[i], IndexPath(path, i), &(*words)[i]));
  }
  return Status::Ok();
}

// llvm-mc's "encoding: [0x00,0x1f,...]" as a string, or an array of byte values.
Status ParseEncoding(const json& v, const std::string& path, std::vector<uint32_t>* words) {
  std::vector<uint8_t> bytes;
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    for (char& c : s) {
      if (c == '[' || c == ']' || c == ',') c = ' ';
    }
    size_t pos = 0;
    while (true) {
      pos = s.find_first_not_of(" \t\n", pos);
      if (pos == std::string::npos) break;
      const size_t end = s.find_first_of(" \t\n", pos);
      const std::string tok = s.substr(pos, end == std::string::npos ? end : end - pos);
      uint64_t b = 0;
      TEXUNIT_RETURN_IF_ERROR(ParseHexNumber(tok, 2, path, &b));
      bytes.push_back(static_cast<uint8_t>(b));
      pos = end;
      if (end == std::string::npos) break;
    }
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      uint32_t b = 0;
      TEXUNIT_RETURN_IF_ERROR(ParseDword(v[i], IndexPath(path, i), &b));
      if (b > 0xFF) return Bad(IndexPath(path, i), Show(v[i]) + " is not a byte");
      bytes.push_back(static_cast<uint8_t>(b));
    }
  } else {
    return Bad(path,
               "expected llvm-mc's byte list, e.g. \"[0x00,0x1f,0x00,0xf0,0x04,0x00,0x02,0x00]\"");
  }
  if (bytes.empty() || bytes.size() % 4 != 0 || bytes.size() > 32) {
    return Bad(path, std::to_string(bytes.size()) + " bytes is not a whole number of 1..8 dwords");
  }
  words->assign(bytes.size() / 4, 0);
  for (size_t i = 0; i < bytes.size(); ++i) (*words)[i / 4] |= uint32_t{bytes[i]} << (8 * (i % 4));
  return Status::Ok();
}

Status ParseSgprs(const json& v, ReplayState* st) {
  const std::string path = "sgprs";
  std::vector<bool> set(kReplaySgprs, false);
  auto put = [&](uint32_t index, const json& value, const std::string& p) -> Status {
    // Built by appending: GCC 12 warns (-Wrestrict, falsely) on "s" + std::to_string(...) here.
    std::string name = "s";
    name += std::to_string(index);
    if (index >= kReplaySgprs) {
      return Bad(
          p, name + " is outside the " + std::to_string(kReplaySgprs) + " SGPRs of a replay state");
    }
    if (set[index]) return Bad(p, name + " is set twice");
    set[index] = true;
    return ParseDword(value, p, &st->sgprs[index]);
  };
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      TEXUNIT_RETURN_IF_ERROR(put(static_cast<uint32_t>(i), v[i], IndexPath(path, i)));
    }
    return Status::Ok();
  }
  if (!v.is_object()) {
    return Bad(path, "expected {\"<first sgpr>\": [dwords...]} or a flat array from s0");
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string p = JoinPath(path, it.key());
    uint32_t first = 0;
    TEXUNIT_RETURN_IF_ERROR(ParseRegKey(it.key(), 's', kReplaySgprs, p, &first));
    if (it->is_array()) {
      for (size_t i = 0; i < it->size(); ++i) {
        TEXUNIT_RETURN_IF_ERROR(put(first + static_cast<uint32_t>(i), (*it)[i], IndexPath(p, i)));
      }
    } else {
      TEXUNIT_RETURN_IF_ERROR(put(first, *it, p));
    }
  }
  return Status::Ok();
}

Status ParseVgprs(const json& v, ReplayState* st) {
  const std::string path = "vgprs";
  if (!v.is_object()) {
    return Bad(path, "expected {\"<vgpr>\": value or [per-lane values], ...}");
  }
  std::vector<bool> set(kReplayVgprs, false);
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string p = JoinPath(path, it.key());
    uint32_t index = 0;
    TEXUNIT_RETURN_IF_ERROR(ParseRegKey(it.key(), 'v', kReplayVgprs, p, &index));
    // "4" and "v4" are two keys for one register.
    if (set[index]) return Bad(p, "v" + std::to_string(index) + " is set twice");
    set[index] = true;
    uint32_t* column = &st->vgprs[size_t{index} * kReplayLaneStride];
    if (it->is_array()) {
      if (it->size() > st->lane_count) {
        return Bad(p, std::to_string(it->size()) + " lane values for lane_count " +
                          std::to_string(st->lane_count));
      }
      for (size_t i = 0; i < it->size(); ++i) {
        TEXUNIT_RETURN_IF_ERROR(ParseDword((*it)[i], IndexPath(p, i), &column[i]));
      }
    } else {
      uint32_t value = 0;
      TEXUNIT_RETURN_IF_ERROR(ParseDword(*it, p, &value));
      std::fill(column, column + kReplayLaneStride, value);
    }
  }
  return Status::Ok();
}

struct MemoryEntry {
  uint64_t address;
  std::vector<uint8_t> bytes;
  bool writable;
  size_t index;  // position in the "memory" list: later entries win where entries overlap
};

// The memory a state may still add, checked before an entry's bytes are made: `size` more bytes
// for the entry whose size `field` gives.
Status CheckMemoryBudget(const std::string& field, uint64_t size, uint64_t budget) {
  if (size <= budget) return Status::Ok();
  return Bad(field, std::to_string(size) + " bytes would take the state past its " +
                        std::to_string(kReplayMaxMemory) + " bytes of memory (" +
                        std::to_string(budget) + " left)");
}

Status ReadFileBytes(const json& entry, const std::string& p, const ReplayFiles& files,
                     uint64_t budget, std::vector<uint8_t>* out) {
  const json& file = entry["file"];
  if (!file.is_string() || file.get_ref<const std::string&>().empty()) {
    return Bad(p + ".file", "expected a path, got " + Show(file));
  }
  std::filesystem::path path;
  TEXUNIT_RETURN_IF_ERROR(
      InField(p + ".file", ResolveStateFile(files, file.get<std::string>(), &path)));
  const std::string name = path.string();
  RegularFile f;
  TEXUNIT_RETURN_IF_ERROR(InField(p + ".file", RegularFile::Open(name, kReplayMaxMemory, &f)));
  uint64_t offset = 0;
  if (entry.contains("offset")) {
    TEXUNIT_RETURN_IF_ERROR(ParseQword(entry["offset"], p + ".offset", &offset));
  }
  if (offset > f.size()) {
    return Bad(p + ".offset", std::to_string(offset) + " is past the end of " + name + " (" +
                                  std::to_string(f.size()) + " bytes)");
  }
  uint64_t size = f.size() - offset;
  if (entry.contains("size")) {
    TEXUNIT_RETURN_IF_ERROR(ParseQword(entry["size"], p + ".size", &size));
    if (size > f.size() - offset) {  // offset <= f.size(): no wrap
      return Bad(p + ".size", std::to_string(size) + " bytes from offset " +
                                  std::to_string(offset) + " run past the end of " + name + " (" +
                                  std::to_string(f.size()) + " bytes)");
    }
  }
  TEXUNIT_RETURN_IF_ERROR(
      CheckMemoryBudget(entry.contains("size") ? p + ".size" : p + ".file", size, budget));
  return InField(p + ".file", f.Read(offset, size, out));
}

// `budget`: the bytes of memory the state may still add (kReplayMaxMemory in all).
Status ParseMemoryEntry(const json& entry, size_t i, const ReplayFiles& files, uint64_t budget,
                        MemoryEntry* out) {
  const std::string p = IndexPath("memory", i);
  if (!entry.is_object())
    return Bad(p, "expected an object with \"address\" and hex, file or fill");
  TEXUNIT_RETURN_IF_ERROR(CheckKeys(
      entry, p, {"address", "hex", "file", "fill", "size", "offset", "writable", "comment"}));
  MemoryEntry& m = *out;
  m.index = i;
  const json* address = nullptr;
  TEXUNIT_RETURN_IF_ERROR(Require(entry, "address", p, &address));
  TEXUNIT_RETURN_IF_ERROR(ParseQword(*address, p + ".address", &m.address));
  m.writable = true;
  if (entry.contains("writable")) {
    if (!entry["writable"].is_boolean()) return Bad(p + ".writable", "expected true or false");
    m.writable = entry["writable"].get<bool>();
  }
  const int sources = entry.contains("hex") + entry.contains("file") + entry.contains("fill");
  if (sources != 1) return Bad(p, "needs exactly one of \"hex\", \"file\", \"fill\"");
  if (entry.contains("hex")) {
    if (entry.contains("size") || entry.contains("offset")) {
      return Bad(p, "\"size\" and \"offset\" go with \"file\" or \"fill\", not \"hex\"");
    }
    const json& hex = entry["hex"];
    if (hex.is_array()) {
      for (size_t k = 0; k < hex.size(); ++k) {
        TEXUNIT_RETURN_IF_ERROR(AppendHexBytes(hex[k], IndexPath(p + ".hex", k), &m.bytes));
      }
    } else {
      TEXUNIT_RETURN_IF_ERROR(AppendHexBytes(hex, p + ".hex", &m.bytes));
    }
  } else if (entry.contains("file")) {
    TEXUNIT_RETURN_IF_ERROR(ReadFileBytes(entry, p, files, budget, &m.bytes));
  } else {
    if (entry.contains("offset")) return Bad(p + ".offset", "goes with \"file\" only");
    std::vector<uint8_t> pattern;
    const json& fill = entry["fill"];
    if (fill.is_number()) {
      uint32_t b = 0;
      TEXUNIT_RETURN_IF_ERROR(ParseDword(fill, p + ".fill", &b));
      if (!fill.is_number_unsigned() || b > 0xFF) {
        return Bad(p + ".fill", Show(fill) +
                                    " is not a byte (0..255); write longer patterns as hex "
                                    "bytes");
      }
      pattern.push_back(static_cast<uint8_t>(b));
    } else {
      TEXUNIT_RETURN_IF_ERROR(AppendHexBytes(fill, p + ".fill", &pattern));
    }
    if (pattern.empty()) return Bad(p + ".fill", "empty pattern");
    const json* size_field = nullptr;
    TEXUNIT_RETURN_IF_ERROR(Require(entry, "size", p, &size_field));
    uint64_t size = 0;
    TEXUNIT_RETURN_IF_ERROR(ParseQword(*size_field, p + ".size", &size));
    TEXUNIT_RETURN_IF_ERROR(CheckMemoryBudget(p + ".size", size, budget));
    // The pattern, then copies of what is filled so far: a 1 GiB fill in a few large copies.
    m.bytes.resize(size);
    const size_t first = std::min<size_t>(pattern.size(), size);
    std::memcpy(m.bytes.data(), pattern.data(), first);
    for (size_t filled = first; filled < size;) {
      const size_t n = std::min<size_t>(filled - filled % pattern.size(), size - filled);
      std::memcpy(m.bytes.data() + filled, m.bytes.data(), n);
      filled += n;
    }
  }
  if (m.bytes.empty()) return Bad(p, "describes no bytes");
  if (m.address + m.bytes.size() < m.address) {
    return Bad(p, "range " + Hex(m.address) + " + " + std::to_string(m.bytes.size()) +
                      " bytes wraps past 2^64");
  }
  return Status::Ok();
}

Status ParseMemory(const json& v, const ReplayFiles& files, ReplayState* st) {
  if (!v.is_array()) return Bad("memory", "expected an array of {\"address\", ...} entries");
  std::vector<MemoryEntry> entries;
  uint64_t total = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    entries.emplace_back();
    TEXUNIT_RETURN_IF_ERROR(
        ParseMemoryEntry(v[i], i, files, kReplayMaxMemory - total, &entries.back()));
    total += entries.back().bytes.size();
    // "file" and "fill" entries were checked before their bytes were made; "hex" bytes come
    // from the state's text, which is bounded, and are checked once made.
    if (total > kReplayMaxMemory) {
      return Bad(
          IndexPath("memory", i) + ".hex",
          "takes the state past its " + std::to_string(kReplayMaxMemory) + " bytes of memory");
    }
  }
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return entries[a].address < entries[b].address; });
  // Sweep in address order: overlapping entries, and touching entries of equal writability,
  // form one region.
  size_t g = 0;
  while (g < order.size()) {
    const MemoryEntry& first = entries[order[g]];
    uint64_t end = first.address + first.bytes.size();
    size_t h = g + 1;
    for (; h < order.size(); ++h) {
      const MemoryEntry& e = entries[order[h]];
      if (e.address < end) {
        if (e.writable != first.writable) {
          return Bad(
              IndexPath("memory", e.index),
              "overlaps memory[" + std::to_string(first.index) + "] with a different writable");
        }
      } else if (e.address != end || e.writable != first.writable) {
        break;
      }
      end = std::max(end, e.address + e.bytes.size());
    }
    std::vector<size_t> members(order.begin() + static_cast<std::ptrdiff_t>(g),
                                order.begin() + static_cast<std::ptrdiff_t>(h));
    std::sort(members.begin(), members.end());  // file order: later entries overwrite
    ReplayRegion region(first.address, end - first.address, first.writable);
    for (size_t k : members) {
      const MemoryEntry& e = entries[k];
      std::memcpy(region.data() + (e.address - first.address), e.bytes.data(), e.bytes.size());
    }
    st->memory.push_back(std::move(region));
    g = h;
  }
  return Status::Ok();
}

// "border_color_table": entries of four 32-bit values (R, G, B, A), as S# BORDER_COLOR_PTR
// indexes them.
Status ParseBorderColors(const json& v, ReplayState* st) {
  const std::string path = "border_color_table";
  if (!v.is_array() || v.size() > 4096) {
    return Bad(path, "expected an array of at most 4096 [R, G, B, A] entries");
  }
  st->border_colors.assign(v.size(), {});
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string p = IndexPath(path, i);
    if (!v[i].is_array() || v[i].size() != 4) {
      return Bad(p, "expected four 32-bit values [R, G, B, A], got " + Show(v[i]));
    }
    for (size_t c = 0; c < 4; ++c) {
      TEXUNIT_RETURN_IF_ERROR(ParseDword(v[i][c], IndexPath(p, c), &st->border_colors[i][c]));
    }
  }
  return Status::Ok();
}

// "residency": one entry per 64 KiB page of the T#'s footprint, in order, each 1 (resident) or 0,
// for partially resident textures.
Status ParseResidency(const json& v, ReplayState* st) {
  const std::string path = "residency";
  if (!v.is_array() || v.size() > (1u << 20)) {
    return Bad(path, "expected an array of at most 1048576 page flags (1 resident, 0 not)");
  }
  st->residency.assign((v.size() + 63) / 64, 0);
  st->residency_pages = v.size();
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number_unsigned() || v[i].get<uint64_t>() > 1) {
      return Bad(IndexPath(path, i), "expected 0 or 1, got " + Show(v[i]));
    }
    if (v[i].get<uint64_t>() == 1) st->residency[i / 64] |= uint64_t{1} << (i % 64);
  }
  return Status::Ok();
}

Status ParseState(const json& root, const ReplayFiles& files, ReplayState* st) {
  if (!root.is_object()) return Bad("(top level)", "expected a JSON object");
  TEXUNIT_RETURN_IF_ERROR(
      CheckKeys(root, "",
                {"gfx", "instruction", "encoding", "asm", "comment", "lane_count", "exec", "sgprs",
                 "vgprs", "memory", "border_color_table", "residency"}));
  const json* gfx_field = nullptr;
  TEXUNIT_RETURN_IF_ERROR(Require(root, "gfx", "", &gfx_field));
  const json& gfx = *gfx_field;
  if (!gfx.is_string()) return Bad("gfx", "expected a string such as \"gfx8\" or \"tonga\"");
  const Status gs = ParseGfx(gfx.get<std::string>(), &st->gfx);
  if (!gs.ok()) return Bad("gfx", gs.message());

  const bool has_words = root.contains("instruction");
  const bool has_bytes = root.contains("encoding");
  if (has_words == has_bytes) {
    return Bad("instruction",
               "give the instruction as \"instruction\" (dwords) or \"encoding\" "
               "(llvm-mc bytes), exactly one of them");
  }
  TEXUNIT_RETURN_IF_ERROR(has_words ? ParseWords(root["instruction"], "instruction", &st->words)
                                    : ParseEncoding(root["encoding"], "encoding", &st->words));
  // Every GFX6-9 MIMG instruction is 2 dwords, a GFX10 one 2 plus up to 3 NSA dwords; `texunit
  // decode` rejects extra words too (the decoder checks the NSA count).
  const size_t max_words = st->gfx >= Gfx::kGfx10 ? 5 : 2;
  if (st->words.size() > max_words) {
    return Bad(has_words ? "instruction" : "encoding",
               std::string("a ") + GfxName(st->gfx) + " MIMG instruction is at most " +
                   std::to_string(max_words) + " dwords, got " + std::to_string(st->words.size()) +
                   " dwords");
  }
  if (root.contains("asm")) {
    if (!root["asm"].is_string()) return Bad("asm", "expected a string");
    st->asm_text = root["asm"].get<std::string>();
  }
  if (root.contains("lane_count")) {
    const json& lc = root["lane_count"];
    if (!lc.is_number_unsigned() || lc.get<uint64_t>() < 1 || lc.get<uint64_t>() > 64) {
      return Bad("lane_count", Show(lc) + " is not an integer in 1..64");
    }
    st->lane_count = static_cast<uint32_t>(lc.get<uint64_t>());
  }
  st->exec = st->lane_count == 64 ? ~0ull : (1ull << st->lane_count) - 1;
  if (root.contains("exec")) TEXUNIT_RETURN_IF_ERROR(ParseQword(root["exec"], "exec", &st->exec));
  if (root.contains("sgprs")) TEXUNIT_RETURN_IF_ERROR(ParseSgprs(root["sgprs"], st));
  if (root.contains("vgprs")) TEXUNIT_RETURN_IF_ERROR(ParseVgprs(root["vgprs"], st));
  if (root.contains("memory")) TEXUNIT_RETURN_IF_ERROR(ParseMemory(root["memory"], files, st));
  if (root.contains("border_color_table")) {
    TEXUNIT_RETURN_IF_ERROR(ParseBorderColors(root["border_color_table"], st));
  }
  if (root.contains("residency")) TEXUNIT_RETURN_IF_ERROR(ParseResidency(root["residency"], st));
  return Status::Ok();
}

}  // namespace

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), size_(other.size_), path_(std::move(other.path_)) {}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    size_ = other.size_;
    path_ = std::move(other.path_);
  }
  return *this;
}

RegularFile::~RegularFile() {
  if (fd_ >= 0) ::close(fd_);
}

Status RegularFile::Open(const std::string& path, uint64_t max_bytes, RegularFile* out) {
  // Checked by name first so that a device is never opened (opening some has effects of its
  // own), and again on the descriptor, because the name may be pointed elsewhere in between.
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    return Invalid("cannot open " + path + ": " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) return Invalid(NotRegular(path, st.st_mode));
  // O_NONBLOCK: if a FIFO took the file's place, opening it must not wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Invalid("cannot open " + path + ": " + std::strerror(errno));
  RegularFile file;
  file.fd_ = fd;
  file.path_ = path;
  if (::fstat(fd, &st) != 0) return Invalid("cannot read " + path + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) return Invalid(NotRegular(path, st.st_mode));
  file.size_ = static_cast<uint64_t>(st.st_size);
  if (file.size_ > max_bytes) {
    return Invalid(path + " has " + std::to_string(file.size_) + " bytes, more than the " +
                   std::to_string(max_bytes) + " a state may read");
  }
  *out = std::move(file);
  return Status::Ok();
}

Status RegularFile::Read(uint64_t offset, uint64_t count, std::vector<uint8_t>* out) const {
  if (offset > size_ || count > size_ - offset) {
    return Status::Internal("read of " + std::to_string(count) + " bytes at " +
                            std::to_string(offset) + " past the end of " + path_);
  }
  out->resize(static_cast<size_t>(count));
  uint64_t done = 0;
  while (done < count) {
    // Bounded chunks: one read(2) call transfers at most about 2 GiB anyway.
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(count - done, uint64_t{1} << 24));
    const ssize_t got = ::pread(fd_, out->data() + done, chunk, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return Invalid("cannot read " + path_ + ": " + std::strerror(errno));
    if (got == 0) {
      return Invalid(path_ + " ended after " + std::to_string(offset + done) + " of its " +
                     std::to_string(size_) + " bytes (it changed while being read)");
    }
    done += static_cast<uint64_t>(got);
  }
  return Status::Ok();
}

ReplayRegion::ReplayRegion(uint64_t address, uint64_t size, bool writable)
    : address_(address), size_(size), writable_(writable) {
  storage_.reset(new uint8_t[size + 64]());
  const uintptr_t host = reinterpret_cast<uintptr_t>(storage_.get());
  skew_ = static_cast<size_t>((address % 64 + 64 - host % 64) % 64);
}

Status ParseReplayState(const std::string& text, const ReplayFiles& files, ReplayState* out) {
  json root;
  TEXUNIT_RETURN_IF_ERROR(ParseStateJson(text, &root));
  // The fields are read through type tests, so nlohmann has nothing to throw here unless a test
  // is missing; that, and an allocation that fails (a state may hold 1 GiB), is reported rather
  // than escaping.
  try {
    return ParseState(root, files, out);
  } catch (const std::bad_alloc&) {
    return Status::InvalidArgument("not enough memory to hold the state");
  } catch (const json::exception& e) {
    return Status::Internal(std::string("reading the state: ") + e.what());
  }
}

Status RegisterReplayMemory(ReplayState& state, Memory* memory) {
  for (ReplayRegion& r : state.memory) {
    TEXUNIT_RETURN_IF_ERROR(memory->AddRegion(r.address(), r.data(), r.size(), r.writable()));
  }
  return Status::Ok();
}

}  // namespace texunit::cli
