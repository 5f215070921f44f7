// The output of `texunit run` (docs/replay-format.md, "The output"): the written VGPRs and the
// changed memory as JSON, laid out so that a 64-lane register reads as one line.
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "replay_state.h"

namespace texunit::cli {

using ojson = nlohmann::ordered_json;

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
