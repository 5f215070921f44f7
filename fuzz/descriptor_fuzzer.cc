// libFuzzer target: arbitrary T#, S# and BVH T# dwords for every generation. A successful decode
// must re-encode to the same dwords, and the decoded image's layout must compute or fail cleanly.
#include <array>
#include <cstdint>
#include <cstring>

#include "texunit/descriptors.h"
#include "texunit/layout.h"
#include "texunit/rdna.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace texunit;
  if (size < 1 + 32) return 0;
  const Gfx gfx = static_cast<Gfx>(data[0] % 6);
  uint32_t dw[8];
  std::memcpy(dw, data + 1, sizeof(dw));
  ImageDesc image;
  if (DecodeImageDesc(gfx, dw, &image).ok()) {
    uint32_t again[8] = {};
    if (!EncodeImageDesc(gfx, image, again).ok() || std::memcmp(dw, again, sizeof(dw)) != 0) {
      __builtin_trap();
    }
    ImageLayout layout;
    (void)ComputeImageLayout(image, &layout);
  }
  SamplerDesc sampler;
  if (DecodeSamplerDesc(gfx, {dw, 4}, &sampler).ok()) {
    uint32_t again[4] = {};
    if (!EncodeSamplerDesc(gfx, sampler, again).ok() || std::memcmp(dw, again, 16) != 0) {
      __builtin_trap();
    }
  }
  BvhDesc bvh;
  if (rdna::DecodeBvhDesc({dw, 4}, &bvh).ok()) {
    std::array<uint32_t, 4> again{};
    if (!rdna::EncodeBvhDesc(bvh, &again).ok() || std::memcmp(dw, again.data(), 16) != 0) {
      __builtin_trap();
    }
  }
  return 0;
}
