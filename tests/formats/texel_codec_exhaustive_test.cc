// Every code of every plain format of 16 bits or fewer per texel, on every compiled target:
//  - IMAGE_LOAD, IMAGE_LOAD with D16, IMAGE_LOAD_PCK_SGN and a POINT IMAGE_SAMPLE_LZ of each code
//    equal the scalar reference bit for bit (the sample also equals the load: a point sample is
//    the load's value, flushed);
//  - IMAGE_STORE of each loaded value writes the code back (encode(decode(c)) == c), except where
//    the rules make two codes one value: SNORM's most negative code reads -1.0 like the next one,
//    and a NaN comes back quiet.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

#include "formats/format_table.h"
#include "reference/reference_sampler.h"
#include "target_runtime.h"
#include "texunit/layout.h"
#include "texunit/runtime.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x10000000ull;

// Plain formats whose texels have 8 or 16 bits: every code fits one image of 2^bits texels.
std::vector<FormatId> NarrowFormats() {
  std::vector<FormatId> out;
  for (const FormatDesc& d : AllFormats()) {
    if (!d.is_block() && d.bytes <= 2) out.push_back(d.id);
  }
  return out;
}

// A 256-wide image holding every code once: texel i has code i.
struct AllCodes {
  ImageDesc desc;
  std::vector<uint8_t> bytes;
  Memory memory;
  uint32_t codes = 0;

  explicit AllCodes(FormatId f) {
    const uint32_t texel_bytes = GetFormatDesc(f).bytes;
    codes = 1u << (8 * texel_bytes);
    desc = MakeImage2D(f, 256, codes / 256, 1, kBase);
    bytes.resize(size_t{codes} * texel_bytes);
    for (uint32_t i = 0; i < codes; ++i)
      std::memcpy(&bytes[size_t{i} * texel_bytes], &i, texel_bytes);
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  }
};

struct Wave64 {
  uint32_t x[64], y[64], s[64], t[64], out[4][64], in[4][64];
  TexRequest Make(Op op, const AllCodes& img, const SamplerDesc* smp, uint32_t first) {
    TexRequest q;
    q.op = op;
    q.image = &img.desc;
    q.sampler = smp;
    q.memory = &img.memory;
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const uint32_t i = first + lane;
      x[lane] = i % 256;
      y[lane] = i / 256;
      s[lane] = std::bit_cast<uint32_t>((static_cast<float>(x[lane]) + 0.5f) / 256.0f);
      t[lane] = std::bit_cast<uint32_t>((static_cast<float>(y[lane]) + 0.5f) /
                                        static_cast<float>(img.desc.height));
    }
    const bool sample = op.kind == OpKind::kSample;
    q.in.coord[0] = sample ? s : x;
    q.in.coord[1] = sample ? t : y;
    for (int k = 0; k < 4; ++k) {
      q.out.data[k] = out[k];
      q.in.data[k] = in[k];
    }
    return q;
  }
};

class TexelCodecExhaustive : public TargetRuntimeTest {};

// Runs `op` over every code on the kernel and the reference and compares all four components.
void CompareAllCodes(const Runtime& rt, FormatId f, Op op, bool d16, const SamplerDesc* smp) {
  AllCodes img(f);
  for (uint32_t first = 0; first < img.codes; first += 64) {
    Wave64 a, b;
    TexRequest qa = a.Make(op, img, smp, first), qb = b.Make(op, img, smp, first);
    qa.mods.d16 = qb.mods.d16 = d16;
    const Status sa = rt.Execute(qa);
    const Status sb = reference::Execute(qb);
    ASSERT_TRUE(sa.ok()) << FormatName(f) << " " << sa.ToString();
    ASSERT_TRUE(sb.ok()) << FormatName(f) << " " << sb.ToString();
    for (int k = 0; k < 4; ++k) {
      for (int lane = 0; lane < 64; ++lane) {
        ASSERT_EQ(a.out[k][lane], b.out[k][lane])
            << FormatName(f) << " " << OpName(op) << (d16 ? " d16" : "") << " code " << first + lane
            << " component " << k;
      }
    }
  }
}

TEST_P(TexelCodecExhaustive, LoadsAndPointSamplesOfEveryCodeMatchTheReference) {
  SamplerDesc point;  // POINT, no mips, WRAP
  for (FormatId f : NarrowFormats()) {
    CompareAllCodes(*rt_, f, Op{OpKind::kLoad, 0}, false, nullptr);
    CompareAllCodes(*rt_, f, Op{OpKind::kLoad, 0}, true, nullptr);
    CompareAllCodes(*rt_, f, Op{OpKind::kLoad, kOpPck | kOpSgn}, false, nullptr);
    CompareAllCodes(*rt_, f, Op{OpKind::kSample, kOpLz}, false, &point);
    if (HasFailure()) return;
  }
}

// Whether `code` is a value another code also decodes to (so it cannot come back).
bool Ambiguous(const FormatDesc& d, uint32_t code) {
  for (const ChannelDesc& c : d.ch) {
    if (c.bits == 0) continue;
    const uint32_t field = (code >> c.offset) & ((1u << c.bits) - 1);
    const uint32_t sign = 1u << (c.bits - 1);
    switch (c.kind) {
      case ChannelKind::kSnorm:
        if (field == sign) return true;  // -2^(n-1) reads -1.0 like -(2^(n-1) - 1)
        break;
      case ChannelKind::kUbnorm:
        if (field == 0) return true;  // offset binary: 0 reads -1.0 like 1
        break;
      case ChannelKind::kFloat: {
        const int mant = c.bits == 16 ? 10 : c.bits - 5;
        const uint32_t exp = (field >> mant) & 0x1F;
        const uint32_t quiet = 1u << (mant - 1);
        if (exp == 0x1F && (field & ((1u << mant) - 1)) != 0 && !(field & quiet)) return true;
        break;
      }
      default:
        break;
    }
  }
  return false;
}

TEST_P(TexelCodecExhaustive, StoringEveryLoadedValueWritesItsCodeBack) {
  for (FormatId f : NarrowFormats()) {
    const FormatDesc& d = GetFormatDesc(f);
    AllCodes img(f);
    AllCodes out(f);
    std::fill(out.bytes.begin(), out.bytes.end(), uint8_t{0x5A});  // so a dropped store shows
    for (uint32_t first = 0; first < img.codes; first += 64) {
      Wave64 w;
      TexRequest load = w.Make(Op{OpKind::kLoad, 0}, img, nullptr, first);
      ASSERT_TRUE(rt_->Execute(load).ok());
      std::memcpy(w.in, w.out, sizeof(w.in));
      TexRequest store = w.Make(Op{OpKind::kStore, 0}, out, nullptr, first);
      // Channels the format lacks load as 0/1 and are ignored by the store.
      ASSERT_TRUE(rt_->Execute(store).ok());
    }
    for (uint32_t code = 0; code < img.codes; ++code) {
      if (Ambiguous(d, code)) continue;
      uint32_t back = 0;
      std::memcpy(&back, &out.bytes[size_t{code} * d.bytes], d.bytes);
      ASSERT_EQ(back, code) << d.name << " code " << code;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, TexelCodecExhaustive,
                         ::testing::ValuesIn(Runtime::SupportedTargets()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace texunit
