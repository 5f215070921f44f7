// The BVH instructions' translation (docs/bvh.md, "Operands"): address dwords are the node
// pointer (two for BVH64), the ray extent, origin.xyz, then dir.xyz and inv_dir.xyz, or with A16
// those six as binary16 in three dwords, low half first: (dir.x, dir.y), (dir.z, inv_dir.x),
// (inv_dir.y, inv_dir.z). With NSA, dword k is in VGPR nsa_vaddr[k]. The columns are copied
// before the core runs, so VDATA may overlap VADDR. An all-zero T# is unbound: active lanes get
// zeros, as for images.
#include "isa/rdna/bvh_execute.h"

#include <algorithm>
#include <string>

#include "formats/half_to_float.h"
#include "isa/gcn/mimg_registers.h"
#include "sampler/wave_setup.h"
#include "texunit/rdna.h"

namespace texunit::rdna {

using gcn::kLaneStride;
using gcn::RegRange;

Status ExecuteBvh(const Runtime& runtime, const gcn::MimgInstruction& inst, gcn::WaveState& wave,
                  const Memory& memory) {
  const size_t num_vgprs = wave.vgprs.size() / kLaneStride;
  if (inst.srsrc + 4u > wave.sgprs.size()) {
    return Status::InvalidArgument("SRSRC " + RegRange('s', inst.srsrc, 4) +
                                   " is outside the wave's " + std::to_string(wave.sgprs.size()) +
                                   " SGPRs");
  }
  const std::span<const uint32_t> t = wave.sgprs.subspan(inst.srsrc, 4);
  const bool unbound = std::all_of(t.begin(), t.end(), [](uint32_t d) { return d == 0; });
  BvhDesc desc;
  if (!unbound) {
    const Status st = DecodeBvhDesc(t, &desc);
    if (!st.ok()) {
      return Status(st.code(), "SRSRC " + RegRange('s', inst.srsrc, 4) + ": " + st.message());
    }
  }

  const uint32_t dwords = static_cast<uint32_t>(AddressDwords(inst));
  const uint32_t node_dwords = dwords - 4 - (inst.mods.a16 ? 3 : 6);
  alignas(64) uint32_t addr[12][kLaneStride];
  TEXUNIT_RETURN_IF_ERROR(gcn::ReadAddressDwords(inst, wave, dwords, inst.mods.a16, addr));
  if (inst.vdata + 4u > num_vgprs) {
    return Status::InvalidArgument("VDATA " + RegRange('v', inst.vdata, 4) +
                                   " is outside the wave's " + std::to_string(num_vgprs) +
                                   " VGPRs");
  }
  const uint64_t active = wave.exec & LaneMask(wave.lane_count);
  uint32_t* vdata = &wave.vgprs[size_t{inst.vdata} * kLaneStride];
  if (unbound) {
    for (uint32_t k = 0; k < 4; ++k) {
      for (uint32_t lane = 0; lane < wave.lane_count; ++lane) {
        if ((active >> lane) & 1) vdata[k * kLaneStride + lane] = 0;
      }
    }
    return Status::Ok();
  }

  BvhRequest req;
  req.desc = &desc;
  req.memory = &memory;
  req.lane_count = wave.lane_count;
  req.exec = wave.exec;
  req.in.node_lo = addr[0];
  req.in.node_hi = node_dwords == 2 ? addr[1] : nullptr;
  const uint32_t* columns[10];  // extent, origin.xyz, dir.xyz, inv_dir.xyz
  for (uint32_t k = 0; k < 4; ++k) columns[k] = addr[node_dwords + k];
  alignas(64) uint32_t wide[6][kLaneStride];
  if (inst.mods.a16) {
    // Six halves in three dwords: dir.x, dir.y, dir.z, inv_dir.x, inv_dir.y, inv_dir.z.
    for (uint32_t h = 0; h < 6; ++h) {
      const uint32_t* packed = addr[node_dwords + 4 + h / 2];
      const int shift = 16 * (h & 1);
      for (uint32_t lane = 0; lane < kLaneStride; ++lane) {
        wide[h][lane] = HalfToFloatBits(static_cast<uint16_t>(packed[lane] >> shift));
      }
      columns[4 + h] = wide[h];
    }
  } else {
    for (uint32_t k = 4; k < 10; ++k) columns[k] = addr[node_dwords + k];
  }
  req.in.extent = columns[0];
  for (int k = 0; k < 3; ++k) {
    req.in.origin[k] = columns[1 + k];
    req.in.dir[k] = columns[4 + k];
    req.in.inv_dir[k] = columns[7 + k];
  }
  for (uint32_t k = 0; k < 4; ++k) req.out[k] = vdata + k * kLaneStride;
  return runtime.IntersectRays(req);
}

}  // namespace texunit::rdna
