// Generation names: texunit's short names and the LLVM -mcpu names of the reference parts.
#include <string>
#include <string_view>

#include "texunit/descriptors.h"

namespace texunit {
namespace {

struct GfxAlias {
  std::string_view name;
  Gfx gfx;
};

// The short names first (GfxName returns them), then the LLVM -mcpu names.
constexpr GfxAlias kGfxNames[] = {
    {"gfx6", Gfx::kGfx6},   {"gfx7", Gfx::kGfx7},     {"gfx8", Gfx::kGfx8},
    {"gfx9", Gfx::kGfx9},   {"gfx10", Gfx::kGfx10},   {"gfx1030", Gfx::kGfx1030},
    {"tahiti", Gfx::kGfx6}, {"bonaire", Gfx::kGfx7},  {"tonga", Gfx::kGfx8},
    {"gfx900", Gfx::kGfx9}, {"gfx1010", Gfx::kGfx10},
};

}  // namespace

const char* GfxName(Gfx gfx) {
  for (const GfxAlias& a : kGfxNames) {
    if (a.gfx == gfx) return a.name.data();  // the literals are NUL-terminated
  }
  return "gfx?";
}

Status ParseGfx(std::string_view name, Gfx* out) {
  for (const GfxAlias& a : kGfxNames) {
    if (a.name == name) {
      *out = a.gfx;
      return Status::Ok();
    }
  }
  return Status::InvalidArgument(
      "unknown GPU generation '" + std::string(name) +
      "' (expected gfx6|gfx7|gfx8|gfx9|gfx10|gfx1030 or tahiti|bonaire|tonga|gfx900|gfx1010)");
}

}  // namespace texunit
