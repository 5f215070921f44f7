// libFuzzer target: arbitrary bytes as a MIMG instruction, a register file and an exec mask.
// Decoding, disassembly and execution must never crash or touch memory outside what is
// registered (ASan/UBSan are on in `make fuzz`), and a decoded instruction must re-encode to the
// same words.
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "fuzz_runtime.h"
#include "texunit/gcn.h"
#include "texunit/runtime.h"

namespace {

struct Input {
  const uint8_t* data;
  size_t size;
  template <typename T>
  T Take() {
    T v{};
    const size_t n = size < sizeof(T) ? size : sizeof(T);
    std::memcpy(&v, data, n);
    data += n;
    size -= n;
    return v;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace texunit;
  Input in{data, size};
  const Gfx gfx = static_cast<Gfx>(in.Take<uint8_t>() % 4);
  const uint32_t words[2] = {in.Take<uint32_t>(), in.Take<uint32_t>()};
  gcn::MimgInstruction inst;
  if (!gcn::DecodeMimg(gfx, words, &inst).ok()) return 0;
  std::vector<uint32_t> reencoded;
  if (!gcn::EncodeMimg(inst, &reencoded).ok() || reencoded.size() != 2 ||
      reencoded[0] != words[0] || reencoded[1] != words[1]) {
    __builtin_trap();  // a decode that does not round-trip is a bug
  }
  (void)gcn::Disassemble(inst);
  (void)gcn::DescribeFields(inst);

  static std::vector<uint8_t> texels(1 << 16);
  Memory memory;
  (void)memory.AddRegion(0x100000, texels.data(), texels.size());
  std::vector<uint32_t> sgprs(104), vgprs(256 * 64);
  for (auto& s : sgprs) s = in.Take<uint32_t>();
  // Point the T# base at the registered region half the time, so execution gets past validation.
  if ((in.Take<uint8_t>() & 1) && inst.srsrc + 1u < sgprs.size()) {
    sgprs[inst.srsrc] = 0x100000 >> 8;
    sgprs[inst.srsrc + 1] &= ~0xFFu;
  }
  for (size_t i = 0; i < vgprs.size() && in.size > 0; ++i) vgprs[i] = in.Take<uint32_t>();
  gcn::WaveState wave;
  wave.lane_count = 1 + in.Take<uint8_t>() % 64;
  wave.exec = in.Take<uint64_t>();
  wave.sgprs = sgprs;
  wave.vgprs = vgprs;
  (void)gcn::Execute(fuzz::GetRuntime(), inst, wave, memory);
  return 0;
}
