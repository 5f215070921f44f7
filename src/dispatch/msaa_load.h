// MSAA_LOAD as four one-component LOADs (docs/sampling.md, "MSAA_LOAD").
#pragma once

#include "texunit/request.h"
#include "texunit/runtime.h"
#include "texunit/status.h"

namespace texunit {

// Runs `req` (op kMsaaLoad) on `runtime` as LOADs of fragments (f & ~3) + 0..3.
Status ExecuteMsaaLoad(const Runtime& runtime, const TexRequest& req);

}  // namespace texunit
