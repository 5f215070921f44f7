// The README's API example as a program that builds with the project (target texunit_example):
// one IMAGE_SAMPLE wave over a 256x256 RGBA8 texture with a full mip chain.
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "texunit/texunit.h"

using namespace texunit;

static void Check(const Status& st) {
  if (st.ok()) return;
  std::fprintf(stderr, "%s\n", st.ToString().c_str());
  std::exit(1);
}

int main() {
  ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 256, 256, 9, 0x100000);
  ImageLayout layout;  // where each level lives (include/texunit/layout.h)
  Check(ComputeImageLayout(image, &layout));
  std::vector<uint8_t> texels(layout.total_bytes, 0x80);
  Memory memory;  // what the image may touch: one host buffer at guest address 0x100000
  Check(memory.AddRegion(image.base_address, texels.data(), texels.size()));
  SamplerDesc sampler;  // or DecodeSamplerDesc(Gfx::kGfx9, dwords, &sampler)
  sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kBilinear;
  sampler.mip_filter = MipFilter::kLinear;
  sampler.max_lod = 8 << 8;  // u4.8

  std::unique_ptr<Runtime> rt;
  Check(Runtime::Create({}, &rt));                    // best Highway target, all threads
  uint32_t s[64], t[64], r[64], g[64], b[64], a[64];  // SoA lanes; floats as their bits
  for (int lane = 0; lane < 64; ++lane) {             // an 8x8 tile of 2x2 quads: lanes 4k..4k+3
    const int x = (lane / 4 % 4) * 2 + lane % 2, y = (lane / 16) * 2 + lane / 2 % 2;
    s[lane] = std::bit_cast<uint32_t>((x + 0.5f) / 64);
    t[lane] = std::bit_cast<uint32_t>((y + 0.5f) / 64);
  }
  TexRequest req;
  req.op = {OpKind::kSample, 0};  // IMAGE_SAMPLE: LOD from the quads' derivatives
  req.image = &image;
  req.sampler = &sampler;
  req.memory = &memory;
  req.in.coord[0] = s;
  req.in.coord[1] = t;
  uint32_t* results[4] = {r, g, b, a};
  for (int c = 0; c < 4; ++c) req.out.data[c] = results[c];
  Check(rt->Execute(req));  // or rt->ExecuteBatch(span of requests) across threads
  std::printf("lane 0: %g %g %g %g on %s\n", std::bit_cast<float>(r[0]), std::bit_cast<float>(g[0]),
              std::bit_cast<float>(b[0]), std::bit_cast<float>(a[0]), rt->target_name().c_str());
  return 0;
}
