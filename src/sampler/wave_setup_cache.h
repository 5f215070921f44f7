// The per-thread cache of whole wave setups. Emulators issue one MIMG instruction after another
// with the same T#, S# and op, so everything PrepareWave derives from them (validation, level
// tables, texel plan, sampler state, kernel choice) is computed once and reused; a repeated
// request only re-checks what may change between waves: its lanes, EXEC and where memory is.
#pragma once

#include "sampler/wave_setup.h"

namespace texunit {

// The setup of `req` (what PrepareWave would make), from this thread's cache when a request with
// the same op, modifiers, precision, T#, S#, memory, border color entry, residency map and the
// same operand arrays present was prepared before. `*out` stays valid until this thread's next
// call; the kernels it is handed to must not prepare another wave on this thread.
Status PrepareWaveCached(const TexRequest& req, const ExecOptions& options, const WaveSetup** out);

}  // namespace texunit
