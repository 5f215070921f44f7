// Umbrella header for the C++ API.
#pragma once

#include "texunit/capabilities.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/gcn.h"
#include "texunit/layout.h"
#include "texunit/memory.h"
#include "texunit/request.h"
#include "texunit/runtime.h"
#include "texunit/status.h"
