// The runtime's contract: target selection, validation errors that name the field, unbound
// images, exec masks, the batch API, and a few results computed by hand.
#include "texunit/runtime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "texunit/layout.h"

namespace texunit {
namespace {

constexpr uint64_t kBase = 0x40000000ull;
const FormatId kRgba8 = FormatId::kR8G8B8A8_UNORM;

std::unique_ptr<Runtime> MakeRuntime(const std::string& target = "", int threads = 2) {
  std::unique_ptr<Runtime> rt;
  RuntimeOptions opt;
  opt.target = target;
  opt.threads = threads;
  Status s = Runtime::Create(opt, &rt);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return rt;
}

// A 4x4 RGBA8 image whose texel (x, y) is (16x + y, 100, 200 - y, 255).
struct Image4x4 {
  ImageDesc desc = MakeImage2D(kRgba8, 4, 4, 1, kBase);
  std::vector<uint8_t> bytes = std::vector<uint8_t>(64);
  Memory memory;
  Image4x4() {
    for (int y = 0; y < 4; ++y) {
      for (int x = 0; x < 4; ++x) {
        uint8_t* t = &bytes[(y * 4 + x) * 4];
        t[0] = static_cast<uint8_t>(16 * x + y);
        t[1] = 100;
        t[2] = static_cast<uint8_t>(200 - y);
        t[3] = 255;
      }
    }
    EXPECT_TRUE(memory.AddRegion(kBase, bytes.data(), bytes.size()).ok());
  }
};

struct Lanes {
  std::vector<uint32_t> x, y, out[4];
  explicit Lanes(uint32_t n) : x(n), y(n) {
    for (auto& o : out) o.assign(n, 0xDEADBEEF);
  }
  void Wire(TexRequest* q) {
    q->lane_count = static_cast<uint32_t>(x.size());
    q->in.coord[0] = x.data();
    q->in.coord[1] = y.data();
    for (int k = 0; k < 4; ++k) q->out.data[k] = out[k].data();
  }
};

TEST(Runtime, CompiledTargetsIncludeTheRequiredSet) {
  const auto compiled = Runtime::CompiledTargets();
  auto has = [&](const char* t) {
    return std::find(compiled.begin(), compiled.end(), t) != compiled.end();
  };
#if defined(__x86_64__)
  EXPECT_TRUE(has("AVX3"));
  EXPECT_TRUE(has("AVX2"));
  EXPECT_TRUE(has("SSE4"));
#endif
  EXPECT_TRUE(has("SCALAR") || has("EMU128"));
}

TEST(Runtime, ForcingEachSupportedTargetIsReported) {
  for (const std::string& t : Runtime::SupportedTargets()) {
    auto rt = MakeRuntime(t);
    ASSERT_TRUE(rt);
    EXPECT_EQ(rt->target_name(), t);
  }
  auto best = MakeRuntime("");
  EXPECT_EQ(best->target_name(), Runtime::SupportedTargets().front());
}

// Lanes per vector follow from the target: fixed on x86 and NEON, the CPU's power-of-two SVE
// length (128 to 2048 bits) on the scalable targets.
TEST(Runtime, VectorLanesAreTheTargetsWidth) {
  for (const std::string& t : Runtime::SupportedTargets()) {
    auto rt = MakeRuntime(t);
    ASSERT_TRUE(rt);
    const size_t lanes = rt->vector_lanes();
    if (t == "SCALAR") {
      EXPECT_EQ(lanes, 1u);
    } else if (t == "SSE4" || t == "NEON" || t == "EMU128" || t == "SVE2_128") {
      EXPECT_EQ(lanes, 4u) << t;
    } else if (t == "AVX2" || t == "SVE_256") {
      EXPECT_EQ(lanes, 8u) << t;
    } else if (t == "AVX3" || t == "AVX3_DL") {
      EXPECT_EQ(lanes, 16u) << t;
    } else {
      EXPECT_TRUE(std::has_single_bit(lanes) && lanes >= 4 && lanes <= 64) << t << ": " << lanes;
    }
  }
}

// Coherent reads exist on AVX2 and AVX3 only: kOn turns them on there and nowhere else, kOff
// everywhere; kAuto follows the CPU's vendor (on for AMD), which the test cannot know.
TEST(Runtime, BoxReadsAreOnWhereAskedAndTheTargetHasThem) {
  for (const std::string& t : Runtime::SupportedTargets()) {
    for (BoxReads mode : {BoxReads::kOn, BoxReads::kOff}) {
      RuntimeOptions opt;
      opt.target = t;
      opt.box_reads = mode;
      std::unique_ptr<Runtime> rt;
      ASSERT_TRUE(Runtime::Create(opt, &rt).ok()) << t;
      const bool has = t == "AVX2" || t == "AVX3" || t == "AVX3_DL";
      EXPECT_EQ(rt->box_reads(), has && mode == BoxReads::kOn) << t;
    }
  }
  // $TEXUNIT_BOX_READS overrides kAuto only, and a value it does not know is an error.
  setenv("TEXUNIT_BOX_READS", "sometimes", 1);
  std::unique_ptr<Runtime> rt;
  const Status bad = Runtime::Create(RuntimeOptions{}, &rt);
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find("TEXUNIT_BOX_READS=sometimes"), std::string::npos) << bad.message();
  RuntimeOptions off;
  off.box_reads = BoxReads::kOff;
  ASSERT_TRUE(Runtime::Create(off, &rt).ok());
  EXPECT_FALSE(rt->box_reads());
  setenv("TEXUNIT_BOX_READS", "off", 1);
  ASSERT_TRUE(Runtime::Create(RuntimeOptions{}, &rt).ok());
  EXPECT_FALSE(rt->box_reads());
  unsetenv("TEXUNIT_BOX_READS");
}

// A 64-lane wave in which only some of the upper 32 lanes run: each active lane loads its own
// texel, each inactive one is untouched, on every target (with 64-lane SVE vectors the whole wave
// is one vector, so the exec mask's upper half must reach the vector's upper lanes).
TEST(Runtime, UpperLanesOfA64LaneWaveFollowTheExecMask) {
  Image4x4 img;
  for (const std::string& t : Runtime::SupportedTargets()) {
    auto rt = MakeRuntime(t);
    ASSERT_TRUE(rt);
    Lanes l(64);
    for (uint32_t i = 0; i < 64; ++i) l.x[i] = i % 4, l.y[i] = (i / 4) % 4;
    TexRequest q;
    q.op = {OpKind::kLoad, 0, AtomicOp::kNone};
    q.mods.dmask = 0b0001;
    q.image = &img.desc;
    q.memory = &img.memory;
    q.exec = 0xA5F0'0001'0000'0000ull | 1;  // lane 0, lane 32, and a pattern in lanes 52-63
    l.Wire(&q);
    ASSERT_TRUE(rt->Execute(q).ok());
    for (uint32_t i = 0; i < 64; ++i) {
      const bool active = (q.exec >> i) & 1;
      const float want = static_cast<float>(16 * l.x[i] + l.y[i]) / 255.0f;  // texel (x, y)'s X
      if (active) {
        EXPECT_EQ(std::bit_cast<float>(l.out[0][i]), want) << t << " lane " << i;
      } else {
        EXPECT_EQ(l.out[0][i], 0xDEADBEEFu) << t << " lane " << i;
      }
    }
  }
}

TEST(Runtime, UnknownTargetAndBadThreadsAreErrors) {
  std::unique_ptr<Runtime> rt;
  RuntimeOptions opt;
  opt.target = "AVX9";
  Status s = Runtime::Create(opt, &rt);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("AVX9"), std::string::npos);
  setenv("TEXUNIT_THREADS", "many", 1);
  s = Runtime::Create(RuntimeOptions(), &rt);
  unsetenv("TEXUNIT_THREADS");
  EXPECT_NE(s.message().find("TEXUNIT_THREADS=many"), std::string::npos) << s.message();
}

TEST(Runtime, LoadReturnsTheTexelConvertedAndDmaskCompacted) {
  Image4x4 img;
  auto rt = MakeRuntime();
  Lanes l(4);
  l.x = {0, 3, 2, 4};  // lane 3 is out of bounds
  l.y = {0, 1, 3, 0};
  TexRequest q;
  q.op = {OpKind::kLoad, 0, AtomicOp::kNone};
  q.mods.dmask = 0b0101;  // X and Z
  q.image = &img.desc;
  q.memory = &img.memory;
  l.Wire(&q);
  ASSERT_TRUE(rt->Execute(q).ok());
  // Lane 1: texel (3, 1) = (49, 100, 199, 255) -> X = 49/255, Z = 199/255.
  EXPECT_EQ(std::bit_cast<float>(l.out[0][1]), 49.0f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(l.out[1][1]), 199.0f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(l.out[0][2]), 35.0f / 255.0f);  // (2, 3): 16*2+3
  EXPECT_EQ(l.out[0][3], 0u);                                    // out of bounds reads zero
  EXPECT_EQ(l.out[1][3], 0u);
  EXPECT_EQ(l.out[2][0], 0xDEADBEEFu);  // only two components were enabled
}

TEST(Runtime, BilinearAtATexelCornerAveragesFourTexels) {
  Image4x4 img;
  SamplerDesc sd;
  sd.xy_mag_filter = sd.xy_min_filter = XyFilter::kBilinear;
  auto rt = MakeRuntime();
  Lanes l(1);
  // The corner shared by texels (1,1), (2,1), (1,2), (2,2) is at (2/4, 2/4).
  l.x[0] = std::bit_cast<uint32_t>(0.5f);
  l.y[0] = std::bit_cast<uint32_t>(0.5f);
  TexRequest q;
  q.op = {OpKind::kSample, kOpLz, AtomicOp::kNone};
  q.image = &img.desc;
  q.sampler = &sd;
  q.memory = &img.memory;
  l.Wire(&q);
  ASSERT_TRUE(rt->Execute(q).ok());
  // X codes: 17, 33, 18, 34 -> mean 25.5; Z codes 199, 199, 198, 198 -> 198.5.
  EXPECT_EQ(std::bit_cast<float>(l.out[0][0]), 25.5f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(l.out[1][0]), 100.0f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(l.out[2][0]), 198.5f / 255.0f);
  EXPECT_EQ(std::bit_cast<float>(l.out[3][0]), 1.0f);
}

TEST(Runtime, InactiveLanesAreUntouchedAndStoresDropped) {
  Image4x4 img;
  auto rt = MakeRuntime();
  Lanes l(8);
  std::vector<uint32_t> data(8, std::bit_cast<uint32_t>(1.0f));
  for (uint32_t i = 0; i < 8; ++i) l.x[i] = i % 4, l.y[i] = i / 4;
  TexRequest q;
  q.op = {OpKind::kStore, 0, AtomicOp::kNone};
  q.mods.dmask = 0b0001;
  q.image = &img.desc;
  q.memory = &img.memory;
  q.exec = 0b10100101;  // lanes 0, 2, 5, 7
  l.Wire(&q);
  q.in.data[0] = data.data();
  const std::vector<uint8_t> before = img.bytes;
  ASSERT_TRUE(rt->Execute(q).ok());
  for (uint32_t i = 0; i < 8; ++i) {
    const uint8_t* t = &img.bytes[(l.y[i] * 4 + l.x[i]) * 4];
    const bool active = (q.exec >> i) & 1;
    const uint8_t* was = &before[(l.y[i] * 4 + l.x[i]) * 4];
    EXPECT_EQ(t[0], active ? 255 : was[0]) << "lane " << i;
    // Active lanes write the whole texel (Y, Z, W not supplied: 0); inactive ones nothing.
    EXPECT_EQ(t[1], active ? 0 : was[1]) << "lane " << i;
    EXPECT_EQ(t[3], active ? 0 : was[3]) << "lane " << i;
  }
}

TEST(Runtime, ChangedDescriptorContentIsNeverServedFromTheSetupCache) {
  // The per-thread image setup cache is keyed on the descriptor's content, not its address.
  Image4x4 img;
  auto rt = MakeRuntime();
  Lanes l(1);
  l.x[0] = 3;
  TexRequest q;
  q.op = {OpKind::kLoad, 0, AtomicOp::kNone};
  q.image = &img.desc;
  q.memory = &img.memory;
  l.Wire(&q);
  ASSERT_TRUE(rt->Execute(q).ok());
  EXPECT_EQ(std::bit_cast<float>(l.out[0][0]), 48.0f / 255.0f);  // texel (3, 0)
  img.desc.width = 2;  // same object, narrower image: x = 3 is now out of bounds
  img.desc.pitch = 4;
  ASSERT_TRUE(rt->Execute(q).ok());
  EXPECT_EQ(l.out[0][0], 0u);
  img.desc.dst_sel[0] = DstSel::kZ;  // only the swizzle changes
  img.desc.width = 4;
  ASSERT_TRUE(rt->Execute(q).ok());
  EXPECT_EQ(std::bit_cast<float>(l.out[0][0]), 200.0f / 255.0f);
}

TEST(Runtime, UnboundImageReturnsZerosWithoutMemory) {
  ImageDesc unbound;
  unbound.unbound = true;
  auto rt = MakeRuntime();
  Lanes l(4);
  TexRequest q;
  q.op = {OpKind::kLoad, 0, AtomicOp::kNone};
  q.image = &unbound;
  q.exec = 0b0110;
  l.Wire(&q);
  ASSERT_TRUE(rt->Execute(q).ok());
  EXPECT_EQ(l.out[0][1], 0u);
  EXPECT_EQ(l.out[3][2], 0u);
  EXPECT_EQ(l.out[0][0], 0xDEADBEEFu);
  EXPECT_EQ(l.out[0][3], 0xDEADBEEFu);
}

TEST(Runtime, ValidationErrorsNameFieldAndValue) {
  Image4x4 img;
  SamplerDesc sd;
  auto rt = MakeRuntime();
  Lanes l(4);
  auto request = [&](OpKind kind, uint32_t flags) {
    TexRequest q;
    q.op = {kind, flags, AtomicOp::kNone};
    q.image = &img.desc;
    q.sampler = &sd;
    q.memory = &img.memory;
    l.Wire(&q);
    return q;
  };
  auto expect = [&](const TexRequest& q, StatusCode code, const char* text) {
    const Status s = rt->Execute(q);
    EXPECT_EQ(s.code(), code) << s.ToString();
    EXPECT_NE(s.message().find(text), std::string::npos) << s.ToString();
  };
  expect(request(OpKind::kSample, kOpCompare), StatusCode::kInvalidArgument, "zcompare");
  expect(request(OpKind::kMsaaLoad, 0), StatusCode::kInvalidArgument, "T#.TYPE=2D");
  expect(request(OpKind::kGather4, kOpGather4H | kOpLz), StatusCode::kUnimplemented,
         "IMAGE_GATHER4H_LZ");  // GATHER4H has no variants
  expect(request(OpKind::kSample, kOpLod | kOpClamp), StatusCode::kUnimplemented,
         "IMAGE_SAMPLE_L_CL");  // no such opcode
  TexRequest q = request(OpKind::kLoad, 0);
  q.lane_count = 65;
  expect(q, StatusCode::kInvalidArgument, "lane_count=65");
  q = request(OpKind::kLoad, 0);
  q.out.data[2] = nullptr;
  expect(q, StatusCode::kInvalidArgument, "data[2]");
  sd.filter_mode = static_cast<FilterMode>(3);
  expect(request(OpKind::kSample, kOpLz), StatusCode::kInvalidArgument, "S#.FILTER_MODE=3");
  sd = SamplerDesc();
  ImageDesc other = img.desc;
  other.base_address = kBase + 4096;
  q = request(OpKind::kLoad, 0);
  q.image = &other;
  expect(q, StatusCode::kOutOfRange, "not in registered memory");
  other = img.desc;
  other.base_address = kBase + 4;
  q.image = &other;
  expect(q, StatusCode::kInvalidArgument, "BASE_ADDRESS");
  other = img.desc;
  other.type = ImageType::k3D;
  expect(q, StatusCode::kInvalidArgument, "coord[2] (z");  // a 3D load needs z
  q = request(OpKind::kSample, kOpLz);
  other.type = ImageType::kCube;
  other.depth = 6;
  other.last_array = 4;
  q.image = &other;
  q.in.coord[2] = l.x.data();
  expect(q, StatusCode::kInvalidArgument, "multiple of 6");  // a sampled cube view: whole cubes
  q = request(OpKind::kGetResinfo, 0);
  expect(q, StatusCode::kInvalidArgument, "mip");
  q = request(OpKind::kLoad, kOpMip);
  other.type = ImageType::k2DMsaa;
  q.image = &other;
  q.in.mip = l.x.data();
  expect(q, StatusCode::kInvalidArgument, "MSAA images have no mip levels");
  q = request(OpKind::kLoad, 0);
  q.mods.a16 = true;
  expect(q, StatusCode::kUnimplemented, "A16");
  q = request(OpKind::kLoad, kOpPck);
  q.mods.d16 = true;
  expect(q, StatusCode::kInvalidArgument, "D16");
}

// Issue 9 item 3: values outside an enum are invalid requests, not missing features, and the
// message says which field holds them.
TEST(Runtime, ValuesOutsideTheEnumsAreInvalidArguments) {
  Image4x4 img;
  SamplerDesc sd;
  auto rt = MakeRuntime();
  Lanes l(4);
  TexRequest q;
  q.image = &img.desc;
  q.sampler = &sd;
  q.memory = &img.memory;
  l.Wire(&q);
  auto expect = [&](StatusCode code, const char* text) {
    const Status s = rt->Execute(q);
    EXPECT_EQ(s.code(), code) << s.ToString();
    EXPECT_NE(s.message().find(text), std::string::npos) << s.ToString();
  };
  q.op = {static_cast<OpKind>(200), 0, AtomicOp::kNone};
  expect(StatusCode::kInvalidArgument, "op.kind=200 is not an OpKind");
  q.op = {OpKind::kAtomic, 0, static_cast<AtomicOp>(18)};
  expect(StatusCode::kInvalidArgument, "op.atomic=18 is not an AtomicOp");
  q.op = {OpKind::kSample, kOpLz, AtomicOp::kNone};
  sd.clamp_y = static_cast<ClampMode>(9);
  expect(StatusCode::kInvalidArgument, "S#.CLAMP_Y=9 is not a clamp mode");
  sd.clamp_y = ClampMode::kMirrorOnceBorder;
  sd.border_color_type = static_cast<BorderColorType>(5);
  expect(StatusCode::kInvalidArgument, "S#.BORDER_COLOR_TYPE=5 is not a border color type");
  sd.border_color_type = BorderColorType::kRegister;  // and no table
  sd.border_color_ptr = 3;
  expect(StatusCode::kInvalidArgument, "S#.BORDER_COLOR_PTR=3");
  // The sample ops name the type they cannot read.
  ImageDesc msaa = img.desc;
  msaa.type = ImageType::k2DMsaa;
  q.image = &msaa;
  sd = SamplerDesc();
  q.in.coord[3] = l.x.data();  // the fragment
  expect(StatusCode::kInvalidArgument, "T#.TYPE=2D_MSAA");
  // 1D reads x alone, for loads and sample ops.
  q.op = {OpKind::kLoad, 0, AtomicOp::kNone};
  ImageDesc one_d = img.desc;
  one_d.type = ImageType::k1D;
  q.image = &one_d;
  q.in.coord[1] = nullptr;
  EXPECT_TRUE(rt->Execute(q).ok());
  q.op = {OpKind::kSample, kOpLz, AtomicOp::kNone};
  EXPECT_TRUE(rt->Execute(q).ok());
}

// Issue 9, item 11: an arena never runs more threads than TBB allows the process, so threads()
// reports the capped count, not the one asked for.
TEST(Runtime, ThreadsReportsTheCountThatRuns) {
  auto rt = MakeRuntime("", 4096);
  EXPECT_GE(rt->threads(), 1);
  EXPECT_LE(rt->threads(), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_EQ(MakeRuntime("", 1)->threads(), 1);
}

TEST(Runtime, BatchMatchesWaveByWaveAndReportsTheFirstFailure) {
  Image4x4 img;
  SamplerDesc sd;
  sd.xy_mag_filter = sd.xy_min_filter = XyFilter::kBilinear;
  auto rt = MakeRuntime("", 2);
  constexpr int kWaves = 64;
  std::vector<Lanes> batch_lanes, single_lanes;
  std::vector<TexRequest> batch;
  for (int w = 0; w < kWaves; ++w) {
    batch_lanes.emplace_back(64);
    single_lanes.emplace_back(64);
  }
  for (int w = 0; w < kWaves; ++w) {
    for (uint32_t i = 0; i < 64; ++i) {
      const float s = (w * 64 + i) / 4096.0f, t = i / 64.0f;
      batch_lanes[w].x[i] = single_lanes[w].x[i] = std::bit_cast<uint32_t>(s);
      batch_lanes[w].y[i] = single_lanes[w].y[i] = std::bit_cast<uint32_t>(t);
    }
    TexRequest q;
    q.op = {OpKind::kSample, 0, AtomicOp::kNone};
    q.image = &img.desc;
    q.sampler = &sd;
    q.memory = &img.memory;
    batch_lanes[w].Wire(&q);
    batch.push_back(q);
    single_lanes[w].Wire(&q);
    ASSERT_TRUE(rt->Execute(q).ok());
  }
  ASSERT_TRUE(rt->ExecuteBatch(batch).ok());
  for (int w = 0; w < kWaves; ++w) {
    for (int k = 0; k < 4; ++k) EXPECT_EQ(batch_lanes[w].out[k], single_lanes[w].out[k]);
  }
  batch[10].lane_count = 0;
  batch[20].lane_count = 99;
  std::vector<Status> statuses;
  const Status first = rt->ExecuteBatch(batch, &statuses);
  EXPECT_NE(first.message().find("lane_count=0"), std::string::npos) << first.ToString();
  EXPECT_FALSE(statuses[20].ok());
  EXPECT_TRUE(statuses[11].ok());
}

}  // namespace
}  // namespace texunit
