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
#include "texunit/rdna.h"
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
  // GFX6-9 (2 dwords) and GFX10/10.3 (2 plus up to 3 NSA dwords), BVH instructions included.
  const Gfx gfx = static_cast<Gfx>(in.Take<uint8_t>() % 6);
  uint32_t words[5];
  for (uint32_t& w : words) w = in.Take<uint32_t>();
  gcn::MimgInstruction inst;
  if (!DecodeAmdMimg(gfx, words, &inst).ok()) return 0;
  const bool rdna = gfx == Gfx::kGfx10 || gfx == Gfx::kGfx1030;
  std::vector<uint32_t> reencoded;
  const Status encoded =
      rdna ? rdna::EncodeMimg(inst, &reencoded) : gcn::EncodeMimg(inst, &reencoded);
  if (!encoded.ok() || reencoded.size() != inst.size_dwords ||
      std::memcmp(reencoded.data(), words, 4 * reencoded.size()) != 0) {
    __builtin_trap();  // a decode that does not round-trip is a bug
  }
  (void)(rdna ? rdna::Disassemble(inst) : gcn::Disassemble(inst));
  (void)(rdna ? rdna::DescribeFields(inst) : gcn::DescribeFields(inst));

  static std::vector<uint8_t> texels(1 << 16);
  Memory memory;
  (void)memory.AddRegion(0x100000, texels.data(), texels.size());
  std::vector<uint32_t> sgprs(104), vgprs(256 * 64);
  for (auto& s : sgprs) s = in.Take<uint32_t>();
  // Point the T# base at the registered region half the time, so execution gets past validation
  // (an image T# and the BVH T# both keep base >> 8 in dword 0 and bits 39:32 in dword 1).
  if ((in.Take<uint8_t>() & 1) && inst.srsrc + 1u < sgprs.size()) {
    sgprs[inst.srsrc] = 0x100000 >> 8;
    sgprs[inst.srsrc + 1] &= ~0xFFu;
  }
  gcn::WaveState wave;
  wave.lane_count = 1 + in.Take<uint8_t>() % 64;
  wave.exec = in.Take<uint64_t>();
  for (size_t i = 0; i < vgprs.size() && in.size > 0; ++i) vgprs[i] = in.Take<uint32_t>();
  wave.sgprs = sgprs;
  wave.vgprs = vgprs;
  (void)gcn::Execute(fuzz::GetRuntime(), inst, wave, memory);
  return 0;
}
