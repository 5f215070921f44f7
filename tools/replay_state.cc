// Reading and writing `texunit run` machine states (docs/replay-format.md).
#include "replay_state.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numeric>
#include <utility>

namespace texunit::cli {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Thrown inside the parser only; ParseReplayState turns it into "<path>: <message>".
struct InputError {
  std::string path;
  std::string message;
};

[[noreturn]] void Fail(const std::string& path, const std::string& message) {
  throw InputError{path, message};
}

// A state nests four levels (memory[i].hex[j]); the bound keeps a hostile document from
// recursing through the parser's and dump()'s stacks.
constexpr int kMaxJsonDepth = 64;

// What nlohmann would accept silently: a NUL byte (the document ended there for some readers, and
// bytes after it were ignored) and integer literals beyond 64 bits (read as floats, whose bits a
// dword field would then take). Strings and comments are skipped. Returns "" when neither occurs.
std::string CheckJsonText(const std::string& text) {
  size_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (c == '\0') return "a NUL byte at line " + std::to_string(line);
    if (c == '"') {  // skip the string, escapes included
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
        if (i < text.size() && text[i] == '\0') return "a NUL byte at line " + std::to_string(line);
      }
      continue;
    }
    if (c == '/' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '*')) {
      const bool block = text[i + 1] == '*';
      const size_t end = block ? text.find("*/", i + 2) : text.find('\n', i + 2);
      if (end == std::string::npos) break;
      line += static_cast<size_t>(std::count(text.begin() + i, text.begin() + end, '\n'));
      i = block ? end + 1 : end - 1;
      continue;
    }
    if (c >= '0' && c <= '9' &&
        (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
      size_t j = i;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
      const bool fraction = j < text.size() && (text[j] == '.' || text[j] == 'e' || text[j] == 'E');
      const std::string digits = text.substr(i, j - i);
      // 2^64 - 1 has 20 digits; equal-length decimal strings compare as numbers.
      if (!fraction &&
          (digits.size() > 20 || (digits.size() == 20 && digits > "18446744073709551615"))) {
        return "the integer " + digits + " at line " + std::to_string(line) +
               " does not fit 64 bits";
      }
      i = j - 1;
    }
  }
  return "";
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
uint64_t ParseHexNumber(const std::string& s, int max_digits, const std::string& path) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) {
    Fail(path, "\"" + s +
                   "\" is not a number: write integers as 0x-prefixed hex strings or JSON "
                   "numbers");
  }
  if (static_cast<int>(s.size()) - 2 > max_digits) {
    Fail(path, "\"" + s + "\" has more than " + std::to_string(max_digits) + " hex digits");
  }
  uint64_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    const int d = HexDigit(s[i]);
    if (d < 0) Fail(path, "\"" + s + "\" is not a hex number");
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

// A 32-bit register value: an integer (negative ones as two's complement), a number with a
// fraction or exponent (stored as float bits), or a 0x-prefixed hex string (raw bits).
uint32_t ParseDword(const json& v, const std::string& path) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > 0xFFFFFFFFull) Fail(path, Show(v) + " does not fit in 32 bits");
    return static_cast<uint32_t>(u);
  }
  if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    if (i < std::numeric_limits<int32_t>::min()) Fail(path, Show(v) + " does not fit in 32 bits");
    return static_cast<uint32_t>(static_cast<int32_t>(i));
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!(std::fabs(d) <= std::numeric_limits<float>::max())) {
      Fail(path, Show(v) + " is outside the float range (write infinities as hex bits)");
    }
    return std::bit_cast<uint32_t>(static_cast<float>(d));
  }
  if (v.is_string()) return static_cast<uint32_t>(ParseHexNumber(v.get<std::string>(), 8, path));
  Fail(path, "expected a 32-bit value (integer, float or \"0x...\" string), got " + Show(v));
}

// A 64-bit unsigned value: a non-negative integer or a 0x-prefixed hex string.
uint64_t ParseQword(const json& v, const std::string& path) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_string()) return ParseHexNumber(v.get<std::string>(), 16, path);
  Fail(path, "expected a non-negative integer or a \"0x...\" string, got " + Show(v));
}

// Hex bytes in memory order ("ff0000ff 00ff00ff"); whitespace is ignored.
void AppendHexBytes(const json& v, const std::string& path, std::vector<uint8_t>* out) {
  if (!v.is_string()) Fail(path, "expected a string of hex bytes, got " + Show(v));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    Fail(path, "hex bytes are written in memory order without a 0x prefix");
  }
  int pending = -1;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    const int d = HexDigit(c);
    if (d < 0) {
      Fail(path, std::string("'") + c + "' at offset " + std::to_string(i) + " is not a hex digit");
    }
    if (pending < 0) {
      pending = d;
    } else {
      out->push_back(static_cast<uint8_t>(pending << 4 | d));
      pending = -1;
    }
  }
  if (pending >= 0) Fail(path, "odd number of hex digits (bytes are two digits each)");
}

// A register index key: "8" or "s8" (prefix 's') / "4" or "v4" (prefix 'v').
uint32_t ParseRegKey(const std::string& key, char prefix, uint32_t limit, const std::string& path) {
  std::string digits = key;
  if (!digits.empty() && digits[0] == prefix) digits = digits.substr(1);
  if (digits.empty() || digits.size() > 4 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    Fail(path,
         std::string("key \"") + key + "\" is not a register index (\"4\" or \"" + prefix + "4\")");
  }
  const uint32_t index = static_cast<uint32_t>(std::stoul(digits));
  if (index >= limit) {
    Fail(path, std::string(1, prefix) + std::to_string(index) + " is outside the " +
                   std::to_string(limit) + " registers of a replay state");
  }
  return index;
}

std::string JoinPath(const std::string& base, const std::string& key) {
  return base.empty() ? key : base + "." + key;
}
std::string IndexPath(const std::string& base, size_t i) {
  return base + "[" + std::to_string(i) + "]";
}

void CheckKeys(const json& obj, const std::string& path, std::initializer_list<const char*> keys) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* k : keys) known = known || it.key() == k;
    if (!known) {
      std::string list;
      for (const char* k : keys) list += std::string(list.empty() ? "" : ", ") + k;
      Fail(JoinPath(path, it.key()), "unknown field (expected one of: " + list + ")");
    }
  }
}

const json& Require(const json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end()) Fail(JoinPath(path, key), "missing (required)");
  return *it;
}

std::vector<uint32_t> ParseWords(const json& v, const std::string& path) {
  if (!v.is_array() || v.empty() || v.size() > 8) {
    Fail(path,
         "expected an array of 1..8 instruction dwords, e.g. [\"0xf0001f00\", "
         "\"0x00020004\"]");
  }
  std::vector<uint32_t> words;
  for (size_t i = 0; i < v.size(); ++i) words.push_back(ParseDword(v[i], IndexPath(path, i)));
  return words;
}

// llvm-mc's "encoding: [0x00,0x1f,...]" as a string, or an array of byte values.
std::vector<uint32_t> ParseEncoding(const json& v, const std::string& path) {
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
      const uint64_t b = ParseHexNumber(tok, 2, path);
      bytes.push_back(static_cast<uint8_t>(b));
      pos = end;
      if (end == std::string::npos) break;
    }
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      const uint32_t b = ParseDword(v[i], IndexPath(path, i));
      if (b > 0xFF) Fail(IndexPath(path, i), Show(v[i]) + " is not a byte");
      bytes.push_back(static_cast<uint8_t>(b));
    }
  } else {
    Fail(path, "expected llvm-mc's byte list, e.g. \"[0x00,0x1f,0x00,0xf0,0x04,0x00,0x02,0x00]\"");
  }
  if (bytes.empty() || bytes.size() % 4 != 0 || bytes.size() > 32) {
    Fail(path, std::to_string(bytes.size()) + " bytes is not a whole number of 1..8 dwords");
  }
  std::vector<uint32_t> words(bytes.size() / 4);
  for (size_t i = 0; i < bytes.size(); ++i) words[i / 4] |= uint32_t{bytes[i]} << (8 * (i % 4));
  return words;
}

void ParseSgprs(const json& v, ReplayState* st) {
  const std::string path = "sgprs";
  std::vector<bool> set(kReplaySgprs, false);
  auto put = [&](uint32_t index, const json& value, const std::string& p) {
    if (index >= kReplaySgprs) {
      Fail(p, "s" + std::to_string(index) + " is outside the " + std::to_string(kReplaySgprs) +
                  " SGPRs of a replay state");
    }
    if (set[index]) Fail(p, "s" + std::to_string(index) + " is set twice");
    set[index] = true;
    st->sgprs[index] = ParseDword(value, p);
  };
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) put(static_cast<uint32_t>(i), v[i], IndexPath(path, i));
    return;
  }
  if (!v.is_object()) {
    Fail(path, "expected {\"<first sgpr>\": [dwords...]} or a flat array from s0");
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string p = JoinPath(path, it.key());
    const uint32_t first = ParseRegKey(it.key(), 's', kReplaySgprs, p);
    if (it->is_array()) {
      for (size_t i = 0; i < it->size(); ++i) {
        put(first + static_cast<uint32_t>(i), (*it)[i], IndexPath(p, i));
      }
    } else {
      put(first, *it, p);
    }
  }
}

void ParseVgprs(const json& v, ReplayState* st) {
  const std::string path = "vgprs";
  if (!v.is_object()) {
    Fail(path, "expected {\"<vgpr>\": value or [per-lane values], ...}");
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string p = JoinPath(path, it.key());
    const uint32_t index = ParseRegKey(it.key(), 'v', kReplayVgprs, p);
    uint32_t* column = &st->vgprs[size_t{index} * kReplayLaneStride];
    if (it->is_array()) {
      if (it->size() > st->lane_count) {
        Fail(p, std::to_string(it->size()) + " lane values for lane_count " +
                    std::to_string(st->lane_count));
      }
      for (size_t i = 0; i < it->size(); ++i) column[i] = ParseDword((*it)[i], IndexPath(p, i));
    } else {
      const uint32_t value = ParseDword(*it, p);
      std::fill(column, column + kReplayLaneStride, value);
    }
  }
}

struct MemoryEntry {
  uint64_t address;
  std::vector<uint8_t> bytes;
  bool writable;
  size_t index;  // position in the "memory" list: later entries win where entries overlap
};

// Resolves a "file" entry against the state's directory. Unless files.allow_any_path, the path
// must be relative and stay inside that directory once `..` and symbolic links are resolved, so
// that a state from someone else cannot read local files into its output.
std::string ResolveStatePath(const ReplayFiles& files, std::filesystem::path* fp) {
  const std::filesystem::path base = files.base_dir.empty() ? "." : files.base_dir;
  // Relative paths are shown as written when the state is in the current directory.
  const auto joined = [&] { return files.base_dir.empty() ? *fp : base / *fp; };
  if (files.allow_any_path) {
    if (fp->is_relative()) *fp = joined();
    return "";
  }
  if (!fp->is_relative()) {
    return "'" + fp->string() + "' is an absolute path; files must lie in the state's directory " +
           "(texunit run --allow-any-path lifts this)";
  }
  std::error_code ec;
  const std::filesystem::path root = std::filesystem::weakly_canonical(base, ec);
  const std::filesystem::path full = std::filesystem::weakly_canonical(base / *fp, ec);
  if (ec) return "cannot resolve '" + fp->string() + "': " + ec.message();
  // `full` must be `root` followed by more components.
  auto r = root.begin(), f = full.begin();
  for (; r != root.end() && f != full.end() && *r == *f; ++r, ++f) {
  }
  const bool inside =
      (r == root.end() || (r->empty() && std::next(r) == root.end())) && f != full.end();
  if (!inside) {
    return "'" + fp->string() + "' leaves the state's directory " + root.string() +
           " (texunit run --allow-any-path lifts this)";
  }
  *fp = joined();
  return "";
}

std::vector<uint8_t> ReadFileBytes(const json& entry, const std::string& p,
                                   const ReplayFiles& files) {
  const json& file = entry["file"];
  if (!file.is_string()) Fail(p + ".file", "expected a path, got " + Show(file));
  std::filesystem::path fp(file.get<std::string>());
  if (const std::string why = ResolveStatePath(files, &fp); !why.empty()) Fail(p + ".file", why);
  std::vector<uint8_t> bytes;
  if (const std::string why = ReadBoundedFile(fp.string(), kReplayMaxMemory, &bytes);
      !why.empty()) {
    Fail(p + ".file", why);
  }
  uint64_t offset = 0;
  if (entry.contains("offset")) offset = ParseQword(entry["offset"], p + ".offset");
  if (offset > bytes.size()) {
    Fail(p + ".offset", std::to_string(offset) + " is past the end of " + fp.string() + " (" +
                            std::to_string(bytes.size()) + " bytes)");
  }
  uint64_t size = bytes.size() - offset;
  if (entry.contains("size")) {
    size = ParseQword(entry["size"], p + ".size");
    if (size > bytes.size() - offset) {  // offset <= bytes.size(): no wrap
      Fail(p + ".size", std::to_string(size) + " bytes from offset " + std::to_string(offset) +
                            " run past the end of " + fp.string() + " (" +
                            std::to_string(bytes.size()) + " bytes)");
    }
  }
  return std::vector<uint8_t>(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                              bytes.begin() + static_cast<std::ptrdiff_t>(offset + size));
}

MemoryEntry ParseMemoryEntry(const json& entry, size_t i, const ReplayFiles& files) {
  const std::string p = IndexPath("memory", i);
  if (!entry.is_object()) Fail(p, "expected an object with \"address\" and hex, file or fill");
  CheckKeys(entry, p, {"address", "hex", "file", "fill", "size", "offset", "writable", "comment"});
  MemoryEntry m;
  m.index = i;
  m.address = ParseQword(Require(entry, "address", p), p + ".address");
  m.writable = true;
  if (entry.contains("writable")) {
    if (!entry["writable"].is_boolean()) Fail(p + ".writable", "expected true or false");
    m.writable = entry["writable"].get<bool>();
  }
  const int sources = entry.contains("hex") + entry.contains("file") + entry.contains("fill");
  if (sources != 1) Fail(p, "needs exactly one of \"hex\", \"file\", \"fill\"");
  if (entry.contains("hex")) {
    if (entry.contains("size") || entry.contains("offset")) {
      Fail(p, "\"size\" and \"offset\" go with \"file\" or \"fill\", not \"hex\"");
    }
    const json& hex = entry["hex"];
    if (hex.is_array()) {
      for (size_t k = 0; k < hex.size(); ++k) {
        AppendHexBytes(hex[k], IndexPath(p + ".hex", k), &m.bytes);
      }
    } else {
      AppendHexBytes(hex, p + ".hex", &m.bytes);
    }
  } else if (entry.contains("file")) {
    m.bytes = ReadFileBytes(entry, p, files);
  } else {
    if (entry.contains("offset")) Fail(p + ".offset", "goes with \"file\" only");
    std::vector<uint8_t> pattern;
    const json& fill = entry["fill"];
    if (fill.is_number()) {
      const uint32_t b = ParseDword(fill, p + ".fill");
      if (!fill.is_number_unsigned() || b > 0xFF) {
        Fail(p + ".fill", Show(fill) +
                              " is not a byte (0..255); write longer patterns as hex "
                              "bytes");
      }
      pattern.push_back(static_cast<uint8_t>(b));
    } else {
      AppendHexBytes(fill, p + ".fill", &pattern);
    }
    if (pattern.empty()) Fail(p + ".fill", "empty pattern");
    const uint64_t size = ParseQword(Require(entry, "size", p), p + ".size");
    if (size > kReplayMaxMemory) {
      Fail(p + ".size", std::to_string(size) + " bytes exceeds the " +
                            std::to_string(kReplayMaxMemory) + "-byte limit of a replay state");
    }
    m.bytes.resize(size);
    for (uint64_t k = 0; k < size; ++k) m.bytes[k] = pattern[k % pattern.size()];
  }
  if (m.bytes.empty()) Fail(p, "describes no bytes");
  if (m.address + m.bytes.size() < m.address) {
    Fail(p, "range " + Hex(m.address) + " + " + std::to_string(m.bytes.size()) +
                " bytes wraps past 2^64");
  }
  return m;
}

void ParseMemory(const json& v, const ReplayFiles& files, ReplayState* st) {
  if (!v.is_array()) Fail("memory", "expected an array of {\"address\", ...} entries");
  std::vector<MemoryEntry> entries;
  uint64_t total = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    entries.push_back(ParseMemoryEntry(v[i], i, files));
    total += entries.back().bytes.size();
    if (total > kReplayMaxMemory) {
      Fail(IndexPath("memory", i), "memory entries exceed the " + std::to_string(kReplayMaxMemory) +
                                       "-byte limit of a replay state");
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
          Fail(IndexPath("memory", e.index),
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
}

void ParseState(const json& root, const ReplayFiles& files, ReplayState* st) {
  if (!root.is_object()) Fail("(top level)", "expected a JSON object");
  CheckKeys(root, "",
            {"gfx", "instruction", "encoding", "asm", "comment", "lane_count", "exec", "sgprs",
             "vgprs", "memory"});
  const json& gfx = Require(root, "gfx", "");
  if (!gfx.is_string()) Fail("gfx", "expected a string such as \"gfx8\" or \"tonga\"");
  const Status gs = ParseGfx(gfx.get<std::string>(), &st->gfx);
  if (!gs.ok()) Fail("gfx", gs.message());

  const bool has_words = root.contains("instruction");
  const bool has_bytes = root.contains("encoding");
  if (has_words == has_bytes) {
    Fail("instruction",
         "give the instruction as \"instruction\" (dwords) or \"encoding\" "
         "(llvm-mc bytes), exactly one of them");
  }
  st->words = has_words ? ParseWords(root["instruction"], "instruction")
                        : ParseEncoding(root["encoding"], "encoding");
  // Every GFX6-9 MIMG instruction is 2 dwords; `texunit decode` rejects extra words too.
  if (st->words.size() > 2) {
    Fail(has_words ? "instruction" : "encoding",
         std::string("a ") + GfxName(st->gfx) + " MIMG instruction is 2 dwords (8 bytes), got " +
             std::to_string(st->words.size()) + " dwords");
  }
  if (root.contains("asm")) {
    if (!root["asm"].is_string()) Fail("asm", "expected a string");
    st->asm_text = root["asm"].get<std::string>();
  }
  if (root.contains("lane_count")) {
    const json& lc = root["lane_count"];
    if (!lc.is_number_unsigned() || lc.get<uint64_t>() < 1 || lc.get<uint64_t>() > 64) {
      Fail("lane_count", Show(lc) + " is not an integer in 1..64");
    }
    st->lane_count = static_cast<uint32_t>(lc.get<uint64_t>());
  }
  st->exec = st->lane_count == 64 ? ~0ull : (1ull << st->lane_count) - 1;
  if (root.contains("exec")) st->exec = ParseQword(root["exec"], "exec");
  if (root.contains("sgprs")) ParseSgprs(root["sgprs"], st);
  if (root.contains("vgprs")) ParseVgprs(root["vgprs"], st);
  if (root.contains("memory")) ParseMemory(root["memory"], files, st);
}

}  // namespace

std::string ReadBoundedFile(const std::string& path, uint64_t max_bytes,
                            std::vector<uint8_t>* out) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) return "cannot open " + path;
  // Directories, devices (/dev/zero never ends) and pipes are refused before reading.
  if (!std::filesystem::is_regular_file(st)) return path + " is not a regular file";
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot read " + path + ": " + ec.message();
  if (size > max_bytes) {
    return path + " has " + std::to_string(size) + " bytes, more than the " +
           std::to_string(max_bytes) + " a state may read";
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return "cannot open " + path + ": " + std::strerror(errno);
  out->resize(static_cast<size_t>(size));
  const size_t got = size == 0 ? 0 : std::fread(out->data(), 1, out->size(), f);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  // A file that shrank while being read is read as far as it goes.
  if (failed) return "cannot read " + path;
  out->resize(got);
  return "";
}

ReplayRegion::ReplayRegion(uint64_t address, uint64_t size, bool writable)
    : address_(address), size_(size), writable_(writable) {
  storage_.reset(new uint8_t[size + 64]());
  const uintptr_t host = reinterpret_cast<uintptr_t>(storage_.get());
  skew_ = static_cast<size_t>((address % 64 + 64 - host % 64) % 64);
}

bool ParseReplayState(const std::string& text, const ReplayFiles& files, ReplayState* out,
                      std::string* error) {
  if (const std::string why = CheckJsonText(text); !why.empty()) {
    *error = "invalid JSON: " + why;
    return false;
  }
  json root;
  try {
    // Keys seen so far in each open object, innermost last.
    std::vector<std::vector<std::string>> keys;
    const json::parser_callback_t check = [&keys](int depth, json::parse_event_t event,
                                                  json& parsed) {
      if (depth > kMaxJsonDepth) {
        throw InputError{"",
                         "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
      }
      if (event == json::parse_event_t::object_start) {
        keys.emplace_back();
      } else if (event == json::parse_event_t::object_end && !keys.empty()) {
        keys.pop_back();
      } else if (event == json::parse_event_t::key && !keys.empty()) {
        const std::string key = parsed.get<std::string>();
        std::vector<std::string>& seen = keys.back();
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
          throw InputError{"", "key \"" + key + "\" appears twice in one object"};
        }
        seen.push_back(key);
      }
      return true;
    };
    root = json::parse(text, check, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const InputError& e) {
    *error = "invalid JSON: " + e.message;
    return false;
  } catch (const json::out_of_range& e) {
    // A number beyond double's range, e.g. 1e400.
    std::string what = e.what();
    const size_t at = what.find("] ");
    *error = "invalid JSON: " + (at != std::string::npos ? what.substr(at + 2) : what);
    return false;
  } catch (const json::parse_error& e) {
    // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 1: syntax error
    // while parsing object key - unexpected '}'; expected string literal".
    std::string what = e.what();
    const size_t at = what.find("parse error at ");
    if (at != std::string::npos) what = what.substr(at + 15);
    *error = "invalid JSON: " + what;
    return false;
  }
  try {
    ParseState(root, files, out);
  } catch (const InputError& e) {
    *error = e.path + ": " + e.message;
    return false;
  } catch (const json::exception& e) {  // a type error the checks above missed
    *error = std::string("invalid state: ") + e.what();
    return false;
  } catch (const std::exception& e) {  // allocation and length errors
    *error = std::string("invalid state: ") + e.what();
    return false;
  }
  return true;
}

Status RegisterReplayMemory(ReplayState& state, Memory* memory) {
  for (ReplayRegion& r : state.memory) {
    TEXUNIT_RETURN_IF_ERROR(memory->AddRegion(r.address(), r.data(), r.size(), r.writable()));
  }
  return Status::Ok();
}

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

std::string HexDword(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", v);
  return buf;
}

ojson FloatJson(uint32_t bits) {
  const float f = std::bit_cast<float>(bits);
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  char buf[32];
  for (int precision = 1; precision <= 9; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, static_cast<double>(f));
    if (std::strtof(buf, nullptr) == f) break;
  }
  // The double nearest the shortest decimal prints back as that decimal.
  return ojson(std::strtod(buf, nullptr));
}

ojson ReplayOutput(const Status& status, const std::string& asm_text,
                   const std::vector<uint32_t>& written, const ReplayState& after,
                   const std::vector<std::vector<uint8_t>>& before,
                   const ReplayOutputOptions& options) {
  ojson out;
  out["status"] = status.ok() ? std::string("ok") : status.ToString();
  if (!asm_text.empty()) out["asm"] = asm_text;
  if (!status.ok()) return out;

  ojson vgprs = ojson::object();
  ojson floats = ojson::object();
  for (uint32_t v : written) {
    ojson lanes = ojson::array();
    ojson flanes = ojson::array();
    for (uint32_t lane = 0; lane < after.lane_count; ++lane) {
      const uint32_t bits = after.vgprs[size_t{v} * kReplayLaneStride + lane];
      lanes.push_back(HexDword(bits));
      flanes.push_back(FloatJson(bits));
    }
    vgprs[std::to_string(v)] = std::move(lanes);
    floats[std::to_string(v)] = std::move(flanes);
  }
  out["vgprs"] = std::move(vgprs);
  if (options.with_floats) out["vgprs_f32"] = std::move(floats);

  // Changed memory, with the aligned dword as the unit: a run starts and ends on 4-byte-aligned
  // guest addresses (clipped to its region) and holds every byte of the dwords that changed.
  ojson changes = ojson::array();
  static const char kDigits[] = "0123456789abcdef";
  for (size_t r = 0; r < after.memory.size() && r < before.size(); ++r) {
    const ReplayRegion& region = after.memory[r];
    const uint8_t* now = region.data();
    const uint8_t* was = before[r].data();
    const uint64_t size = region.size();
    auto dword_changed = [&](uint64_t lo, uint64_t hi) {
      return std::memcmp(now + lo, was + lo, hi - lo) != 0;
    };
    uint64_t pos = 0;
    uint64_t run_start = 0;
    bool in_run = false;
    const uint64_t lead = (4 - region.address() % 4) % 4;  // bytes before the first aligned dword
    while (pos < size) {
      const uint64_t next = pos == 0 && lead != 0 ? std::min(lead, size) : std::min(pos + 4, size);
      const bool changed = dword_changed(pos, next);
      if (changed && !in_run) {
        run_start = pos;
        in_run = true;
      }
      if ((!changed || next == size) && in_run) {
        const uint64_t run_end = changed ? next : pos;
        std::string hex_now, hex_was;
        for (uint64_t k = run_start; k < run_end; ++k) {
          hex_now += kDigits[now[k] >> 4];
          hex_now += kDigits[now[k] & 15];
          hex_was += kDigits[was[k] >> 4];
          hex_was += kDigits[was[k] & 15];
        }
        ojson c;
        c["address"] = Hex(region.address() + run_start);
        c["size"] = run_end - run_start;
        c["hex"] = hex_now;
        c["old"] = hex_was;
        changes.push_back(std::move(c));
        in_run = false;
      }
      pos = next;
    }
  }
  out["memory_changes"] = std::move(changes);
  return out;
}

namespace {

bool IsFlat(const ojson& v) {
  if (!v.is_structured()) return true;
  for (const ojson& e : v) {
    if (e.is_structured()) return false;
  }
  return true;
}

void Format(const ojson& v, int indent, std::string* out) {
  if (IsFlat(v) && (indent > 0 || !v.is_object() || v.empty())) {
    if (!v.is_structured()) {
      *out += v.dump();
      return;
    }
    const bool obj = v.is_object();
    *out += obj ? "{" : "[";
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      *out += first ? "" : ", ";
      first = false;
      if (obj) *out += ojson(it.key()).dump() + ": ";
      *out += it.value().dump();
    }
    *out += obj ? "}" : "]";
    return;
  }
  const std::string pad(static_cast<size_t>(indent + 2), ' ');
  const bool obj = v.is_object();
  *out += obj ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    *out += first ? "" : ",\n";
    first = false;
    *out += pad;
    if (obj) *out += ojson(it.key()).dump() + ": ";
    Format(it.value(), indent + 2, out);
  }
  out->push_back('\n');
  out->append(static_cast<size_t>(indent), ' ');
  out->push_back(obj ? '}' : ']');
}

}  // namespace

std::string FormatReplayJson(const ojson& value) {
  std::string out;
  Format(value, 0, &out);
  return out;
}

}  // namespace texunit::cli
