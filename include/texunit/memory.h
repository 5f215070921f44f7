// What an image may touch. The caller registers host ranges (or a translation callback for an
// emulator's guest memory); every descriptor's whole footprint is resolved against them once per
// request, before any lane work, so the kernels never dereference an address they were not given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "texunit/status.h"

namespace texunit {

// Maps guest [address, address + size) to one contiguous host range, or returns nullptr when the
// range is not (wholly) mapped or, with `write`, not writable. Called once per descriptor per
// request, never per lane (twice for a request it refuses: once more to say why). It may map a
// range to a different host range on every call, but must not execute requests itself.
using TranslateFn = uint8_t* (*)(void* user, uint64_t address, uint64_t size, bool write);

class Memory {
 public:
  Memory() = default;
  // A copy or move is a new mapping (mapping_version): both sides get new versions. A moved-from
  // Memory maps nothing.
  Memory(const Memory& other);
  Memory& operator=(const Memory& other);
  Memory(Memory&& other) noexcept;
  Memory& operator=(Memory&& other) noexcept;
  ~Memory() = default;

  // Registers host memory at a guest address. Ranges must not overlap.
  Status AddRegion(uint64_t address, void* host, uint64_t size, bool writable = true);
  // Consulted when no registered region covers a request.
  void SetTranslator(TranslateFn fn, void* user) {
    translate_ = fn;
    user_ = user;
    version_ = NextVersion();
  }
  // The host pointer for [address, address + size), or nullptr.
  uint8_t* Resolve(uint64_t address, uint64_t size, bool write) const;

  // Identifies the registered regions and translator: it changes with every AddRegion,
  // SetTranslator, copy and move, and no two Memory objects share one (a new object at a freed
  // one's address included). Without a translator, equal versions resolve every range alike, so a
  // caller may keep what Resolve returned; with one, Resolve may map differently on every call.
  uint64_t mapping_version() const { return version_; }
  bool has_translator() const { return translate_ != nullptr; }

 private:
  struct Region {
    uint64_t address;
    uint8_t* host;
    uint64_t size;
    bool writable;
  };
  static uint64_t NextVersion();

  std::vector<Region> regions_;
  TranslateFn translate_ = nullptr;
  void* user_ = nullptr;
  uint64_t version_ = NextVersion();
};

}  // namespace texunit
