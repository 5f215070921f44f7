// gcn::Execute's path for IMAGE_BVH_INTERSECT_RAY / IMAGE_BVH64_INTERSECT_RAY (gfx1030): reads
// the BVH T# and the ray's VADDR dwords, widens A16's halves, and hands the core a BvhRequest.
#pragma once

#include "texunit/gcn.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::rdna {

Status ExecuteBvh(const Runtime& runtime, const gcn::MimgInstruction& inst, gcn::WaveState& wave,
                  const Memory& memory);

}  // namespace texunit::rdna
