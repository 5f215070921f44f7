// The rules every op that returns data follows (docs/sampling.md "Result swizzle and DMASK",
// "Exec mask and quads", "Image types").
#include "reference/reference_image.h"

#include <bit>

namespace texunit::reference {

bool IsMsaaType(ImageType t) { return t == ImageType::k2DMsaa || t == ImageType::k2DMsaaArray; }

bool IsLayeredType(ImageType t) {
  return t == ImageType::k1DArray || t == ImageType::k2DArray || t == ImageType::kCube ||
         t == ImageType::k2DMsaaArray;
}

bool Is1DType(ImageType t) { return t == ImageType::k1D || t == ImageType::k1DArray; }

bool Active(const TexRequest& req, uint32_t lane) {
  return lane < req.lane_count && ((req.exec >> lane) & 1) != 0;
}

int DmaskCount(const TexRequest& req) {
  return std::popcount(static_cast<unsigned>(req.mods.dmask));
}

void WriteDwords(const TexRequest& req, uint32_t lane, const uint32_t* comp, int count,
                 uint32_t status_dword) {
  for (int k = 0; k < count; ++k) req.out.data[k][lane] = comp[k];
  if ((req.mods.tfe || req.mods.lwe) && req.out.status != nullptr) {
    req.out.status[lane] = status_dword;
  }
}

void WriteLane(const TexRequest& req, uint32_t lane, const uint32_t comp[4],
               uint32_t status_dword) {
  uint32_t selected[4];
  int k = 0;
  for (int i = 0; i < 4; ++i) {
    if ((req.mods.dmask >> i) & 1) selected[k++] = comp[i];
  }
  WriteDwords(req, lane, selected, k, status_dword);
}

// Component i of the result: C[sel - 4] for X..W, 0 for DST_SEL 0, and for DST_SEL 1 1.0f on
// float-class formats, the integer 1 on integer formats.
void ApplyDstSel(const Image& img, const uint32_t c[4], uint32_t out[4]) {
  const uint32_t one = img.format.numeric != NumericClass::kFloat ? 1u : 0x3F800000u;
  for (int i = 0; i < 4; ++i) {
    const auto sel = static_cast<uint32_t>(img.desc->dst_sel[i]);
    if (sel == 0) {
      out[i] = 0;
    } else if (sel == 1) {
      out[i] = one;
    } else {
      out[i] = c[sel - 4];  // validated: 4..7
    }
  }
}

// D16: every result component to 16 bits in the low half of its dword.
void ApplyD16(const TexRequest& req, const Image& img, uint32_t comp[4]) {
  if (!req.mods.d16) return;
  for (int i = 0; i < 4; ++i) comp[i] = ResultToD16(img.format.numeric, comp[i]);
}

uint8_t* SlicePointer(const Image& img, uint32_t level, uint32_t slice) {
  const LevelLayout& lv = img.layout.levels[level];
  return img.host + lv.offset + uint64_t{slice} * lv.slice_bytes;
}

}  // namespace texunit::reference
