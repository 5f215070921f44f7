#include "texunit/memory.h"

#include <cinttypes>
#include <cstdio>

namespace texunit {

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
