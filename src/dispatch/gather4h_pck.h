// GATHER4H_PCK as four LOAD_PCKs (docs/sampling.md, "GATHER4H_PCK").
#pragma once

#include "texunit/request.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit {

// Runs `req` (op kGather4 with kOpGather4H | kOpPck) on `runtime`: the raw bits of the 4x1 row
// of texels at the lane's coordinate, packed and selected by DMASK.
Status ExecuteGather4hPck(const Runtime& runtime, const TexRequest& req);

}  // namespace texunit
