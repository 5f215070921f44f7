#include "texunit/memory.h"

#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <utility>

namespace texunit {

uint64_t Memory::NextVersion() {
  static std::atomic<uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

Memory::Memory(const Memory& other)
    : regions_(other.regions_), translate_(other.translate_), user_(other.user_) {}

Memory& Memory::operator=(const Memory& other) {
  regions_ = other.regions_;
  translate_ = other.translate_;
  user_ = other.user_;
  version_ = NextVersion();
  return *this;
}

Memory::Memory(Memory&& other) noexcept { *this = std::move(other); }

Memory& Memory::operator=(Memory&& other) noexcept {
  if (this == &other) return *this;
  regions_ = std::move(other.regions_);
  translate_ = other.translate_;
  user_ = other.user_;
  version_ = NextVersion();
  other.regions_.clear();
  other.translate_ = nullptr;
  other.user_ = nullptr;
  other.version_ = NextVersion();
  return *this;
}

Status Memory::AddRegion(uint64_t address, void* host, uint64_t size, bool writable) {
  if (host == nullptr || size == 0) {
    return Status::InvalidArgument("memory region at " + Hex(address) + " has no host bytes");
  }
  if (address + size < address) {
    return Status::InvalidArgument("memory region " + Hex(address) + "+" + Hex(size) +
                                   " wraps around the address space");
  }
  for (const Region& r : regions_) {
    if (address < r.address + r.size && r.address < address + size) {
      return Status::InvalidArgument("memory region " + Hex(address) + "+" + Hex(size) +
                                     " overlaps region " + Hex(r.address) + "+" + Hex(r.size));
    }
  }
  regions_.push_back({address, static_cast<uint8_t*>(host), size, writable});
  version_ = NextVersion();
  return Status::Ok();
}

uint8_t* Memory::Resolve(uint64_t address, uint64_t size, bool write) const {
  if (address + size < address) return nullptr;
  for (const Region& r : regions_) {
    if (address >= r.address && address - r.address <= r.size &&
        size <= r.size - (address - r.address)) {
      if (write && !r.writable) return nullptr;
      return r.host + (address - r.address);
    }
  }
  if (translate_ != nullptr) return translate_(user_, address, size, write);
  return nullptr;
}

}  // namespace texunit
