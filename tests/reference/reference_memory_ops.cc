// docs/sampling.md "Image types", "LOAD, LOAD_MIP, STORE, STORE_MIP and their _PCK forms",
// "GET_RESINFO" and "Atomics", read plainly, one lane at a time. Requests reach these functions
// validated (reference_sampler.cc).
//
// Readings of points the contract leaves open:
//  - An out-of-bounds load returns 0 in every returned component, DST_SEL 1 included (the
//    contract's "0 in every component" taken literally, as D3D's out-of-bounds loads).
//  - Stores (and _PCK stores) write every byte of the texel: bits that belong to no channel
//    (R32G8X24's padding, the stencil byte of its FLOAT view) are written as 0. A store with
//    DMASK 0 writes a texel of converted zeros.
//  - GET_RESINFO on an MSAA image does not read its mip operand: the contract's table gives w_0,
//    h_0 there, and the image has one level.
//  - Partially resident textures ("Partially resident textures (PRT) and the status dword"): a
//    load (plain or _PCK, MSAA fragments included) of a texel whose first byte is in a
//    non-resident page returns what an out-of-bounds load returns: 0 in every returned
//    component, after DST_SEL (DST_SEL 1 included) and D16. Its status dword has TEXEL_FAIL with
//    TFE, and LOD = base_level + d (the mip operand, or 0) with either bit. An out-of-bounds load
//    (d > M included) reads no texel: its status dword is 0 whatever MIN_LOD_WARN says, since
//    "it sets neither bit" and LOD is written only with one. GET_RESINFO and atomics with GLC
//    write 0 on a PRT too (they read no texel, or do not check residency in this release).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/reference_address.h"
#include "reference/reference_atomics.h"
#include "reference/reference_image.h"
#include "reference/reference_prt.h"

namespace texunit::reference {
namespace {

// Where one lane's integer address lands: memory level, slice, row and element of the row (an
// MSAA texel's fragments are consecutive elements).
struct TexelAt {
  uint32_t level = 0;
  uint32_t slice = 0;
  uint32_t y = 0;
  uint32_t x = 0;  // texel x, or x * S + fragment for MSAA
};

// The address operands of the T#'s type at view level `d`; false when the access is out of
// bounds: d <= M, x < w_L and, as the type has them, y < h_L, z < d_L, layer < N, fragment < S.
bool Locate(const TexRequest& req, const Image& img, uint32_t lane, uint32_t d, TexelAt* at) {
  if (d > img.last_view_level) return false;
  const ImageType type = img.desc->type;
  const uint32_t level = img.desc->base_level + d;
  const LevelLayout& lv = img.layout.levels[level];
  const uint32_t x = req.in.coord[0][lane];
  if (x >= lv.width) return false;
  at->level = level;
  at->x = x;
  at->y = 0;
  at->slice = 0;
  if (!Is1DType(type)) {
    at->y = req.in.coord[1][lane];
    if (at->y >= lv.height) return false;
  }
  if (type == ImageType::k3D) {
    at->slice = req.in.coord[2][lane];
    if (at->slice >= lv.depth) return false;  // depth_L
  } else if (IsLayeredType(type)) {
    const uint32_t layer = req.in.coord[2][lane];  // the face id for cubes
    if (layer >= img.layers) return false;
    at->slice = img.desc->base_array + layer;
  }
  if (IsMsaaType(type)) {
    const uint32_t fragment = req.in.coord[3][lane];
    if (fragment >= img.samples) return false;
    at->x = x * img.samples + fragment;
  }
  return true;
}

// The bytes of the texel (or fragment) at `at`, for formats with raw texels.
uint8_t* TexelPointer(const Image& img, const TexelAt& at) {
  return SlicePointer(img, at.level, at.slice) + at.y * img.layout.levels[at.level].row_bytes +
         uint64_t{at.x} * img.format.element_bytes;
}

// _PCK: dword i is bytes 4i..4i+3 of the texel, 0 past its end; a texel of 1 or 2 bytes is
// zero-extended, or sign-extended from its width for _SGN.
void RawTexelDwords(const Image& img, const uint8_t* texel, bool sign_extend, uint32_t dw[4]) {
  const uint32_t bytes = img.format.element_bytes;
  for (int i = 0; i < 4; ++i) {
    dw[i] = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      const uint32_t at = 4 * i + b;
      if (at < bytes) dw[i] |= uint32_t{texel[at]} << (8 * b);
    }
  }
  if (sign_extend && bytes <= 2) {
    const uint32_t bits = 8 * bytes;
    if (((dw[0] >> (bits - 1)) & 1u) != 0) dw[0] |= ~((1u << bits) - 1);
  }
}

// The 32-bit value of each channel a store writes: in.data[k] for the k-th set DMASK bit (D16:
// the first popcount(DMASK) channels, whatever the bit positions), 0 for the channels the store
// does not supply.
void StoreValues(const TexRequest& req, const Image& img, uint32_t lane, uint32_t value[4]) {
  for (int ch = 0; ch < 4; ++ch) value[ch] = 0;
  if (req.mods.d16) {
    const int n = DmaskCount(req);
    for (int k = 0; k < n; ++k) {
      value[k] = D16ToStoreValue(img.format.numeric, req.in.data[k][lane]);
    }
    return;
  }
  int k = 0;
  for (int ch = 0; ch < 4; ++ch) {
    if ((req.mods.dmask >> ch) & 1) value[ch] = req.in.data[k++][lane];
  }
}

// A 32- or 64-bit value from dwords data[k], data[k + 1] (low dword first).
uint64_t OperandValue(const TexRequest& req, uint32_t lane, int k, bool wide) {
  uint64_t v = req.in.data[k][lane];
  if (wide) v |= uint64_t{req.in.data[k + 1][lane]} << 32;
  return v;
}

}  // namespace

void ExecuteLoad(const TexRequest& req, const Image& img) {
  const bool mip = (req.op.flags & kOpMip) != 0;
  const bool pck = (req.op.flags & kOpPck) != 0;
  const bool sgn = (req.op.flags & kOpSgn) != 0;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const uint32_t d = mip ? req.in.mip[lane] : 0;
    // Out of bounds, or a PRT's texel in a non-resident page: 0 in every component.
    uint32_t comp[4] = {0, 0, 0, 0};
    uint32_t status = 0;  // out of bounds: no texel read, neither bit
    TexelAt at;
    if (Locate(req, img, lane, d, &at)) {
      // A non-resident texel's bytes are not read; the status dword tells it from out of
      // bounds: TEXEL_FAIL (TFE) or LOD_WARNING (LWE) with LOD = base_level + d.
      const bool resident = Resident(img, TexelByteOffset(img, at.level, at.slice, at.x, at.y));
      status = LaneStatusDword(req, img, !resident, at.level);
      if (!resident) {
        // comp stays 0.
      } else if (pck) {
        // No conversion, no DST_SEL; D16 was rejected with _PCK.
        RawTexelDwords(img, TexelPointer(img, at), sgn, comp);
      } else {
        const LevelLayout& lv = img.layout.levels[at.level];
        uint32_t code[4], c[4];
        FetchTexel(img.format, SlicePointer(img, at.level, at.slice), lv.row_bytes, at.x, at.y,
                   code);
        for (int ch = 0; ch < 4; ++ch) c[ch] = DecodeChannel(img.format, ch, code[ch]);
        ApplyDstSel(img, c, comp);
        ApplyD16(req, img, comp);
      }
    }
    WriteLane(req, lane, comp, status);
  }
}

// docs/sampling.md, "GATHER4H_PCK": at view level 0, columns floor(u - 0.5) - 1 + k clamped to
// the level's edges and row floor(v) (a negative row is 0; a row at or past the height reads
// nothing), each texel's bytes appended to a 16-byte stream (texels wider than 4 bytes append
// nothing); DMASK bit i returns stream word i. The status dword ORs the four texels', each
// as a load's.
void ExecuteGather4hPck(const TexRequest& req, const Image& img) {
  const uint32_t level = img.desc->base_level;
  const LevelLayout& lv = img.layout.levels[level];
  const bool one_d = Is1DType(img.desc->type);
  const uint32_t bytes = img.format.element_bytes;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const float u = LevelCoord(ClampMode::kWrap, std::bit_cast<float>(req.in.coord[0][lane]),
                               lv.width, /*unnormalized=*/false);
    const int64_t first = static_cast<int64_t>(std::floor(u - 0.5f)) - 1;
    int64_t y = 0;
    if (!one_d) {
      const float v = LevelCoord(ClampMode::kWrap, std::bit_cast<float>(req.in.coord[1][lane]),
                                 lv.height, /*unnormalized=*/false);
      y = std::max<int64_t>(static_cast<int64_t>(std::floor(v)), 0);
    }
    uint8_t stream[16] = {};
    uint32_t status = 0;
    for (int64_t k = 0; k < 4 && (one_d || y < int64_t{lv.height}); ++k) {
      const auto x = static_cast<uint32_t>(std::clamp<int64_t>(first + k, 0, lv.width - 1));
      const auto row = static_cast<uint32_t>(y);
      const bool resident = Resident(img, TexelByteOffset(img, level, 0, x, row));
      status |= LaneStatusDword(req, img, !resident, level);
      if (!resident || bytes > 4) continue;
      TexelAt at;
      at.level = level;
      at.x = x;
      at.y = row;
      std::memcpy(stream + k * bytes, TexelPointer(img, at), bytes);
    }
    uint32_t words[4] = {};
    for (int i = 0; i < 4; ++i) {
      for (int b = 0; b < 4; ++b) words[i] |= uint32_t{stream[4 * i + b]} << (8 * b);
    }
    WriteLane(req, lane, words, status);
  }
}

void ExecuteStore(const TexRequest& req, const Image& img) {
  const bool mip = (req.op.flags & kOpMip) != 0;
  const bool pck = (req.op.flags & kOpPck) != 0;
  const uint32_t bytes = img.format.element_bytes;
  // Lanes in increasing order: a later lane wins a shared texel. Stores return nothing (no
  // status dword either, TFE/LWE or not).
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const uint32_t d = mip ? req.in.mip[lane] : 0;
    TexelAt at;
    if (!Locate(req, img, lane, d, &at)) continue;  // dropped
    uint32_t value[4];
    StoreValues(req, img, lane, value);  // _PCK: the texel's dwords
    uint8_t texel[16];
    if (pck) {
      for (uint32_t b = 0; b < bytes; ++b) {
        texel[b] = static_cast<uint8_t>(value[b / 4] >> (8 * (b % 4)));
      }
    } else {
      EncodeTexel(img.format, value, texel);
    }
    // The texel's bytes and no others.
    std::memcpy(TexelPointer(img, at), texel, bytes);
  }
}

void ExecuteResinfo(const TexRequest& req, const Image& img) {
  const ImageType type = img.desc->type;
  const bool msaa = IsMsaaType(type);
  // levels = M + 1; an MSAA image reports LAST_LEVEL - BASE_LEVEL + 1 (BASE_LEVEL is 0).
  const uint32_t levels =
      msaa ? uint32_t{img.desc->last_level} - img.desc->base_level + 1 : img.last_view_level + 1;
  const uint32_t n = IsLayeredType(type) ? img.layers : 0;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    const uint32_t mip = msaa ? 0 : req.in.mip[lane];
    // Past the last view level the sizes read 0; the layer and level counts stay.
    uint32_t w = 0, h = 0, d = 0;
    if (mip <= img.last_view_level) {
      const LevelLayout& lv = img.layout.levels[img.desc->base_level + mip];
      w = lv.width;
      h = lv.height;
      d = lv.depth;
    }
    uint32_t c[4] = {w, 0, 0, levels};
    switch (type) {
      case ImageType::k1D:
        break;
      case ImageType::k1DArray:
        c[1] = n;
        break;
      case ImageType::k3D:
        c[1] = h;
        c[2] = d;
        break;
      case ImageType::k2D:
      case ImageType::k2DMsaa:
        c[1] = h;
        break;
      default:  // CUBE (faces), 2D_ARRAY, 2D_MSAA_ARRAY
        c[1] = h;
        c[2] = n;
        break;
    }
    WriteLane(req, lane, c, 0);  // no DST_SEL, no D16; no texel read: status 0
  }
}

void ExecuteAtomic(const TexRequest& req, const Image& img) {
  const bool wide = img.format.element_bytes == 8;
  const AtomicOp op = req.op.atomic;
  const int returned = wide ? 2 : 1;
  for (uint32_t lane = 0; lane < req.lane_count; ++lane) {
    if (!Active(req, lane)) continue;
    // View level 0 (there is no mip operand); each lane sees the lanes before it.
    TexelAt at;
    uint64_t before = 0;  // out of bounds: nothing changes, GLC returns 0
    if (Locate(req, img, lane, 0, &at)) {
      uint8_t* elem = TexelPointer(img, at);
      std::memcpy(&before, elem, img.format.element_bytes);  // little-endian host
      const uint64_t d = OperandValue(req, lane, 0, wide);
      const uint64_t cmp = IsCompareSwap(op) ? OperandValue(req, lane, returned, wide) : 0;
      const uint64_t after = AtomicNewValue(op, wide, before, d, cmp);
      std::memcpy(elem, &after, img.format.element_bytes);
    }
    if (req.mods.glc) {
      const uint32_t dw[2] = {static_cast<uint32_t>(before), static_cast<uint32_t>(before >> 32)};
      WriteDwords(req, lane, dw, returned, 0);  // no residency check in this release
    }
  }
}

}  // namespace texunit::reference
