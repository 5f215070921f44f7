// The GFX10/10.3 T# and S# field tables (gfx10_descriptor_fields.cc), which the AMD descriptor
// codec (isa/gcn/descriptor_codec.cc) walks for those generations like the GFX6-9 ones.
#pragma once

#include <span>

#include "isa/gcn/descriptor_fields.h"

namespace texunit::rdna {

// kGfx10 or kGfx1030; empty for any other generation.
std::span<const gcn::ImageFieldSpec> Gfx10ImageFieldTable(Gfx gfx);
// GFX10 and GFX10.3 share one S# layout.
std::span<const gcn::SamplerFieldSpec> Gfx10SamplerFieldTable();

}  // namespace texunit::rdna
