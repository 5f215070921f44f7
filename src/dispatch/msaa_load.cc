// MSAA_LOAD is a LOAD of one component of four consecutive fragments: it reuses the load kernel
// four times rather than having a kernel of its own, since its data path is exactly a load's
// (bounds, DST_SEL, D16, residency) with the fragment operand rewritten per result.
#include "dispatch/msaa_load.h"

#include <bit>
#include <string>

#include "sampler/wave_setup.h"

namespace texunit {

Status ExecuteMsaaLoad(const Runtime& runtime, const TexRequest& req) {
  if (req.image == nullptr) return Status::InvalidArgument("request has no image (T#)");
  if (req.image->type != ImageType::k2DMsaa && req.image->type != ImageType::k2DMsaaArray &&
      !req.image->unbound) {
    return Status::InvalidArgument(
        std::string("MSAA_LOAD reads 2D_MSAA and 2D_MSAA_ARRAY images, ") +
        "not T#.TYPE=" + ImageTypeName(req.image->type));
  }
  if ((req.mods.dmask & 0xF) == 0) {
    return Status::InvalidArgument("MSAA_LOAD needs a DMASK bit to select its component");
  }
  if (req.in.coord[3] == nullptr) {
    return Status::InvalidArgument("MSAA_LOAD needs the fragment operand (in.coord[3])");
  }
  TEXUNIT_RETURN_IF_ERROR(CheckLaneCount("request lane_count", req.lane_count));
  for (int k = 0; k < 4; ++k) {
    if (req.out.data[k] == nullptr) {
      return Status::InvalidArgument("MSAA_LOAD returns four dwords: out.data[" +
                                     std::to_string(k) + "] is null");
    }
  }
  TexRequest load = req;
  load.op = Op{OpKind::kLoad, 0};
  load.mods.dmask = static_cast<uint8_t>(1u << std::countr_zero(req.mods.dmask & 0xFu));
  load.out = TexResults{};
  // The group's first fragment, read before any result is written (a result may alias it).
  alignas(64) uint32_t group[kMaxLanes] = {};
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) group[lane] = req.in.coord[3][lane] & ~3u;
  alignas(64) uint32_t fragment[kMaxLanes] = {};
  alignas(64) uint32_t status[kMaxLanes] = {};
  const bool want_status = req.out.status != nullptr && (req.mods.tfe || req.mods.lwe);
  const uint64_t active = req.exec & LaneMask(req.lane_count);
  for (uint32_t k = 0; k < 4; ++k) {
    for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
      fragment[lane] = group[lane] + k;
    }
    load.in.coord[3] = fragment;
    load.out.data[0] = req.out.data[k];
    load.out.status = want_status ? status : nullptr;
    TEXUNIT_RETURN_IF_ERROR(runtime.Execute(load));
    if (!want_status) continue;
    for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
      if (!((active >> lane) & 1)) continue;
      req.out.status[lane] = k == 0 ? status[lane] : req.out.status[lane] | status[lane];
    }
  }
  return Status::Ok();
}

}  // namespace texunit
