// Loads one texel through the installed public API: texel (1, 1) of a 2x2 R32_UINT image.
#include <cstdio>
#include <memory>

#include "texunit/runtime.h"

int main() {
  using namespace texunit;
  std::unique_ptr<Runtime> rt;
  RuntimeOptions options;
  options.threads = 1;
  if (!Runtime::Create(options, &rt).ok()) return 1;
  uint32_t texels[4] = {10, 11, 12, 13};
  Memory memory;
  if (!memory.AddRegion(0x1000, texels, sizeof(texels)).ok()) return 1;
  const ImageDesc image = MakeImage2D(FormatId::kR32_UINT, 2, 2, 1, 0x1000);
  uint32_t x = 1, y = 1, out = 0;
  TexRequest req;
  req.op = Op{OpKind::kLoad, 0};
  req.image = &image;
  req.memory = &memory;
  req.lane_count = 1;
  req.exec = 1;
  req.mods.dmask = 0x1;
  req.in.coord[0] = &x;
  req.in.coord[1] = &y;
  req.out.data[0] = &out;
  const Status st = rt->Execute(req);
  std::printf("texel %u on %s: %s\n", out, rt->target_name().c_str(), st.ToString().c_str());
  return st.ok() && out == 13 ? 0 : 1;
}
