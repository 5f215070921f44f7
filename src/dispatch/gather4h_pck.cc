// GATHER4H_PCK reads four texels' raw bits: its data path is exactly LOAD_PCK's (bounds,
// residency, status, no conversion), so it runs the load kernel four times with the row's
// columns, as MSAA_LOAD does, and only the coordinates and the packing are its own.
#include "dispatch/gather4h_pck.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "formats/format_table.h"
#include "sampler/wave_setup.h"
#include "texunit/layout.h"

namespace texunit {
namespace {

// docs/sampling.md, "Texel coordinates at memory level L": NaN becomes 0, then the clamp.
float TexelCoord(uint32_t bits, uint32_t size) {
  float c = std::bit_cast<float>(bits) * static_cast<float>(size);
  if (std::isnan(c)) c = 0.0f;
  return std::fmin(std::fmax(c, -16777216.0f), 16777216.0f);
}

Status Check(const TexRequest& req, uint32_t words) {
  if (req.image == nullptr) return Status::InvalidArgument("request has no image (T#)");
  const ImageType type = req.image->type;
  if (type != ImageType::k1D && type != ImageType::k2D && !req.image->unbound) {
    return Status::Unsupported(std::string("GATHER4H_PCK was measured on 1D and 2D images only, ") +
                               "not T#.TYPE=" + ImageTypeName(type));
  }
  if (req.mods.unorm) {
    return Status::Unsupported(
        "GATHER4H_PCK was measured with normalized coordinates only, not MIMG.UNORM=1");
  }
  if (req.mods.d16) {
    return Status::InvalidArgument("GATHER4H_PCK returns raw dwords: D16 is not allowed");
  }
  if (words == 0) {
    return Status::InvalidArgument("GATHER4H_PCK needs a DMASK bit to select a stream word");
  }
  TEXUNIT_RETURN_IF_ERROR(CheckLaneCount("request lane_count", req.lane_count));
  const int axes = type == ImageType::k1D ? 1 : 2;
  for (int a = 0; a < axes; ++a) {
    if (req.in.coord[a] == nullptr) {
      return Status::InvalidArgument("GATHER4H_PCK needs in.coord[" + std::to_string(a) + "]");
    }
  }
  for (uint32_t k = 0; k < words; ++k) {
    if (req.out.data[k] == nullptr) {
      return Status::InvalidArgument("GATHER4H_PCK returns " + std::to_string(words) +
                                     " dwords: out.data[" + std::to_string(k) + "] is null");
    }
  }
  const FormatDesc& f = GetFormatDesc(req.image->format);
  if (f.ok() && (f.is_block() || f.block_w != 1 || f.block_h != 1)) {
    return Status::InvalidArgument("GATHER4H_PCK needs stored channel fields, but T# format " +
                                   std::string(FormatName(f.id)) + " stores its texels in blocks");
  }
  return Status::Ok();
}

}  // namespace

Status ExecuteGather4hPck(const Runtime& runtime, const TexRequest& req) {
  const uint32_t dmask = req.mods.dmask & 0xFu;
  const auto words = static_cast<uint32_t>(std::popcount(dmask));
  TEXUNIT_RETURN_IF_ERROR(Check(req, words));
  const bool one_d = req.image->type == ImageType::k1D;
  // The view's level 0. An unbound T# has no layout: its loads return zeros without reading.
  uint32_t w = 1, h = 1;
  if (!req.image->unbound) {
    ImageLayout layout;
    TEXUNIT_RETURN_IF_ERROR(ComputeImageLayout(*req.image, &layout));
    w = layout.levels[req.image->base_level].width;
    h = one_d ? 1 : layout.levels[req.image->base_level].height;
  }
  // Every coordinate is read before any result is written (a result may alias an operand).
  alignas(64) uint32_t column[4][kMaxLanes] = {};
  alignas(64) uint32_t row[kMaxLanes] = {};
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    const float u = TexelCoord(req.in.coord[0][lane], w);
    const auto i0 = static_cast<int64_t>(std::floor(u - 0.5f));
    for (int k = 0; k < 4; ++k) {
      column[k][lane] = static_cast<uint32_t>(std::clamp<int64_t>(i0 - 1 + k, 0, int64_t{w} - 1));
    }
    if (one_d) continue;
    const auto j = static_cast<int64_t>(std::floor(TexelCoord(req.in.coord[1][lane], h)));
    row[lane] = static_cast<uint32_t>(std::clamp<int64_t>(j, 0, h));  // h: out of bounds, zeros
  }
  TexRequest load = req;
  load.op = Op{OpKind::kLoad, kOpPck};
  load.mods.dmask = 0x1;  // dword 0: bytes 0..3 of the texel, all of any texel the stream holds
  load.in = TexOperands{};
  load.in.coord[1] = one_d ? nullptr : row;
  load.out = TexResults{};
  alignas(64) uint32_t texel[4][kMaxLanes] = {};
  alignas(64) uint32_t status[kMaxLanes] = {};
  const bool want_status = req.out.status != nullptr && (req.mods.tfe || req.mods.lwe);
  const uint64_t active = req.exec & LaneMask(req.lane_count);
  alignas(64) uint32_t any_status[kMaxLanes] = {};
  for (int k = 0; k < 4; ++k) {
    load.in.coord[0] = column[k];
    load.out.data[0] = texel[k];
    load.out.status = want_status ? status : nullptr;
    TEXUNIT_RETURN_IF_ERROR(runtime.Execute(load));
    if (!want_status) continue;
    for (uint32_t lane = 0; lane < req.lane_count; ++lane) any_status[lane] |= status[lane];
  }
  // The stream: the four texels' bytes back to back, texel 0 first, zero past the end; all
  // zeros for texels wider than a dword (as measured).
  const FormatDesc& f = GetFormatDesc(req.image->format);
  const uint32_t bytes = f.ok() ? f.texel_bytes() : 0;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!((active >> lane) & 1)) continue;
    uint32_t stream[4] = {};
    for (uint32_t k = 0; bytes <= 4 && k < 4; ++k) {
      for (uint32_t n = 0; n < bytes; ++n) {  // byte n of texel k is stream byte k * bytes + n
        const uint32_t at = k * bytes + n;
        stream[at / 4] |= ((texel[k][lane] >> (8 * n)) & 0xFFu) << (8 * (at % 4));
      }
    }
    uint32_t out = 0;
    for (uint32_t i = 0; i < 4; ++i) {
      if ((dmask >> i) & 1) req.out.data[out++][lane] = stream[i];
    }
    if (want_status) req.out.status[lane] = any_status[lane];
  }
  return Status::Ok();
}

}  // namespace texunit
