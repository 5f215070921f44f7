// Block encoders (render/bc_encode.h) checked by round trips through the project's decoders
// (formats/bc_decode.h): solid colours, two-colour gradients, a smooth image's mean error, and
// arbitrary inputs (NaN, Inf, out of range) that must still give valid blocks.
#include "render/bc_encode.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "formats/bc_decode.h"

namespace texunit::render {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr double kPi = 3.14159265358979323846;

struct RgbaBlock {
  float t[16][4];
};

RgbaBlock Solid(const std::array<float, 4>& c) {
  RgbaBlock b;
  for (auto& t : b.t) std::copy(c.begin(), c.end(), t);
  return b;
}

// A linear ramp from `a` at texel 0 to `b` at texel 15, along the block's diagonal.
RgbaBlock Gradient(const std::array<float, 4>& a, const std::array<float, 4>& b) {
  RgbaBlock block;
  for (int i = 0; i < 16; ++i) {
    const float t = static_cast<float>(i % 4 + i / 4) / 6.0f;
    for (int c = 0; c < 4; ++c) block.t[i][c] = a[c] + (b[c] - a[c]) * t;
  }
  return block;
}

float HalfToFloat(uint16_t h) {
  const int exponent = h >> 10 & 0x1F;
  const int mantissa = h & 0x3FF;
  float v;
  if (exponent == 0) {
    v = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 31) {
    v = mantissa ? kNaN : kInf;
  } else {
    v = std::ldexp(static_cast<float>(1024 + mantissa), exponent - 25);
  }
  return h & 0x8000 ? -v : v;
}

// A half pattern as a signed integer (minus the magnitude for negatives): BC6H interpolates in
// this domain, where one unit is one ulp, so distances in it are relative errors.
int SignedPattern(uint16_t h) { return h & 0x8000 ? -(h & 0x7FFF) : h; }

// The finite half nearest to v, by bisection on HalfToFloat (monotonic over 0..0x7BFF), as a
// signed pattern; independent of the encoder's own conversion.
int NearestSignedPattern(float v) {
  const float m = std::fabs(v);
  int lo = 0;
  int hi = 0x7BFF;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    (HalfToFloat(static_cast<uint16_t>(mid)) <= m ? lo : hi) = mid;
  }
  const float below = m - HalfToFloat(static_cast<uint16_t>(lo));
  const float above = HalfToFloat(static_cast<uint16_t>(hi)) - m;
  const int p = below <= above ? lo : hi;
  return v < 0 ? -p : p;
}

// Round trips returning decoded values: 8-bit codes for BC1-BC3 and BC7, floats for BC4-BC5,
// half patterns for BC6H.
using Codes = std::array<std::array<int, 4>, 16>;

Codes RoundTripBc1(const RgbaBlock& in) {
  uint8_t block[8];
  EncodeBc1Block(in.t, block);
  uint8_t out[16][4];
  DecodeBc1Block(block, out);
  Codes codes;
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) codes[i][c] = out[i][c];
  }
  return codes;
}

template <void (*Encode)(const float[16][4], uint8_t[16]),
          void (*Decode)(const uint8_t[16], uint8_t[16][4])>
Codes RoundTrip16(const RgbaBlock& in) {
  uint8_t block[16];
  Encode(in.t, block);
  uint8_t out[16][4];
  Decode(block, out);
  Codes codes;
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) codes[i][c] = out[i][c];
  }
  return codes;
}

constexpr auto RoundTripBc2 = RoundTrip16<EncodeBc2Block, DecodeBc2Block>;
constexpr auto RoundTripBc3 = RoundTrip16<EncodeBc3Block, DecodeBc3Block>;
constexpr auto RoundTripBc7 = RoundTrip16<EncodeBc7Block, DecodeBc7Block>;

std::array<float, 16> RoundTripBc4(const float r[16], bool is_signed) {
  uint8_t block[8];
  EncodeBc4Block(r, is_signed, block);
  std::array<float, 16> out;
  DecodeBc4Block(block, is_signed, out.data());
  return out;
}

std::array<std::array<float, 2>, 16> RoundTripBc5(const float rg[16][2], bool is_signed) {
  uint8_t block[16];
  EncodeBc5Block(rg, is_signed, block);
  float out[16][2];
  DecodeBc5Block(block, is_signed, out);
  std::array<std::array<float, 2>, 16> result;
  for (int i = 0; i < 16; ++i) result[i] = {out[i][0], out[i][1]};
  return result;
}

std::array<std::array<uint16_t, 3>, 16> RoundTripBc6h(const float rgb[16][3], bool is_signed) {
  uint8_t block[16];
  EncodeBc6hBlock(rgb, is_signed, block);
  uint16_t out[16][3];
  DecodeBc6hBlock(block, is_signed, out);
  std::array<std::array<uint16_t, 3>, 16> result;
  for (int i = 0; i < 16; ++i) result[i] = {out[i][0], out[i][1], out[i][2]};
  return result;
}

// Colours every channel of which sweeps all 256 codes, then arbitrary floats in [0, 1].
std::vector<std::array<float, 4>> TestColours() {
  std::vector<std::array<float, 4>> colours;
  for (int t = 0; t < 256; ++t) {
    colours.push_back({t / 255.0f, (255 - t) / 255.0f, ((t * 37 + 11) % 256) / 255.0f,
                       ((t * 91 + 3) % 256) / 255.0f});
  }
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int k = 0; k < 500; ++k) colours.push_back({unit(rng), unit(rng), unit(rng), unit(rng)});
  return colours;
}

// Bit replication spaces 5-bit expansions 8 or 9 codes apart and 6-bit ones 4 or 5 apart, so a
// lone endpoint can miss an 8-bit colour by 4 (R, B) or 2 (G): the bound every BC1-BC3 colour
// must meet. (Solid blocks do better, through the palette's thirds, but that is not promised.)
constexpr float kRgb565Tolerance[3] = {4.0f, 2.0f, 4.0f};
// Slack for comparing decoded codes with float targets scaled by 255.
constexpr float kEps = 1e-3f;

void ExpectRgb565Close(const std::array<int, 4>& got, const std::array<float, 4>& want,
                       const char* what) {
  for (int c = 0; c < 3; ++c) {
    EXPECT_LE(std::fabs(got[c] - want[c] * 255.0f), kRgb565Tolerance[c] + kEps)
        << what << " channel " << c << " want " << want[c] * 255.0f << " got " << got[c];
  }
}

TEST(BcEncodeTest, Bc1SolidColourWithinRgb565Step) {
  for (const auto& colour : TestColours()) {
    const Codes got = RoundTripBc1(Solid(colour));
    for (int i = 0; i < 16; ++i) {
      ExpectRgb565Close(got[i], colour, "BC1");
      EXPECT_EQ(got[i][3], 255) << "BC1 must stay in the opaque 4-colour mode";
    }
  }
}

TEST(BcEncodeTest, Bc2SolidColourAndFourBitAlpha) {
  for (const auto& colour : TestColours()) {
    const Codes got = RoundTripBc2(Solid(colour));
    for (int i = 0; i < 16; ++i) {
      ExpectRgb565Close(got[i], colour, "BC2");
      // 4-bit alpha expands by 17: half a step is 8.5 codes.
      EXPECT_LE(std::fabs(got[i][3] - colour[3] * 255.0f), 8.5f + kEps);
    }
  }
}

TEST(BcEncodeTest, Bc3SolidColourAndAlpha) {
  for (const auto& colour : TestColours()) {
    const Codes got = RoundTripBc3(Solid(colour));
    for (int i = 0; i < 16; ++i) {
      ExpectRgb565Close(got[i], colour, "BC3");
      EXPECT_LE(std::fabs(got[i][3] - colour[3] * 255.0f), 1.0f + kEps);
    }
  }
}

TEST(BcEncodeTest, Bc4And5SolidWithinOneCode) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (const bool is_signed : {false, true}) {
    const float scale = is_signed ? 127.0f : 255.0f;
    std::vector<float> values;
    for (int t = 0; t <= 255; ++t) values.push_back(is_signed ? (t - 128) / 127.0f : t / 255.0f);
    for (int k = 0; k < 500; ++k) values.push_back(is_signed ? 2 * unit(rng) - 1 : unit(rng));
    values.push_back(is_signed ? -1.0f : 0.0f);
    values.push_back(1.0f);
    for (const float raw : values) {
      const float v = std::max(raw, -1.0f);  // -128 / 127 is below SNORM's range
      float r[16];
      float rg[16][2];
      for (int i = 0; i < 16; ++i) {
        r[i] = v;
        rg[i][0] = v;
        rg[i][1] = -v * 0.5f + (is_signed ? 0.0f : 0.5f);
      }
      const auto bc4 = RoundTripBc4(r, is_signed);
      const auto bc5 = RoundTripBc5(rg, is_signed);
      for (int i = 0; i < 16; ++i) {
        EXPECT_LE(std::fabs(bc4[i] - v), 1.0f / scale) << v << " signed " << is_signed;
        EXPECT_LE(std::fabs(bc5[i][0] - rg[i][0]), 1.0f / scale) << v;
        EXPECT_LE(std::fabs(bc5[i][1] - rg[i][1]), 1.0f / scale) << v;
      }
    }
  }
}

TEST(BcEncodeTest, Bc6hSolidWithinOnePercent) {
  std::mt19937 rng(3);
  // Log-uniform magnitudes over [0.01, 60000], each channel independent.
  std::uniform_real_distribution<float> log_mag(std::log(0.01f), std::log(60000.0f));
  std::bernoulli_distribution negative(0.5);
  for (const bool is_signed : {false, true}) {
    for (int k = 0; k < 2000; ++k) {
      float colour[3];
      for (float& c : colour) {
        c = std::exp(log_mag(rng));
        if (k == 0) c = 0.01f;
        if (k == 1) c = 60000.0f;
        if (is_signed && negative(rng)) c = -c;
      }
      float rgb[16][3];
      for (auto& t : rgb) std::copy(colour, colour + 3, t);
      const auto got = RoundTripBc6h(rgb, is_signed);
      for (int i = 0; i < 16; ++i) {
        for (int c = 0; c < 3; ++c) {
          const float v = HalfToFloat(got[i][c]);
          EXPECT_LE(std::fabs(v - colour[c]), 1e-2f * std::fabs(colour[c]))
              << "signed " << is_signed << " want " << colour[c] << " got " << v;
        }
      }
    }
  }
}

TEST(BcEncodeTest, Bc7SolidWithinOneCode) {
  for (const auto& colour : TestColours()) {
    const Codes got = RoundTripBc7(Solid(colour));
    for (int i = 0; i < 16; ++i) {
      for (int c = 0; c < 4; ++c) {
        EXPECT_LE(std::fabs(got[i][c] - colour[c] * 255.0f), 1.0f + kEps)
            << "channel " << c << " want " << colour[c] * 255.0f;
      }
    }
  }
}

// Colour pairs for the gradient tests: 8-bit codes, far apart (so that the extreme texels select
// the endpoints rather than an interpolant), including channels that fall while others rise.
const std::array<std::array<float, 4>, 2> kGradientPairs[] = {
    {{{10 / 255.0f, 20 / 255.0f, 30 / 255.0f, 0.0f},
      {250 / 255.0f, 200 / 255.0f, 90 / 255.0f, 1.0f}}},
    {{{1.0f, 1.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f, 0.0f}}},
    {{{200 / 255.0f, 13 / 255.0f, 77 / 255.0f, 40 / 255.0f},
      {29 / 255.0f, 229 / 255.0f, 180 / 255.0f, 222 / 255.0f}}},
    {{{0.0f, 1.0f, 128 / 255.0f, 1.0f}, {1.0f, 0.0f, 128 / 255.0f, 0.0f}}},
};

TEST(BcEncodeTest, Bc1To3GradientKeepsEndpoints) {
  for (const auto& [a, b] : kGradientPairs) {
    const RgbaBlock block = Gradient(a, b);
    const Codes bc1 = RoundTripBc1(block);
    const Codes bc2 = RoundTripBc2(block);
    const Codes bc3 = RoundTripBc3(block);
    for (const Codes* got : {&bc1, &bc2, &bc3}) {
      ExpectRgb565Close((*got)[0], a, "texel 0");
      ExpectRgb565Close((*got)[15], b, "texel 15");
    }
    for (int i = 0; i < 16; ++i) {
      EXPECT_LE(std::fabs(bc2[i][3] - block.t[i][3] * 255.0f), 8.5f + kEps) << "texel " << i;
    }
    // BC3's alpha endpoints are the rounded extremes themselves.
    EXPECT_LE(std::fabs(bc3[0][3] - a[3] * 255.0f), 0.5f + kEps);
    EXPECT_LE(std::fabs(bc3[15][3] - b[3] * 255.0f), 0.5f + kEps);
  }
}

TEST(BcEncodeTest, Bc4And5GradientKeepsEndpoints) {
  for (const bool is_signed : {false, true}) {
    const float scale = is_signed ? 127.0f : 255.0f;
    const float low = is_signed ? -1.0f : 0.0f;
    for (const auto& [a, b] : kGradientPairs) {
      const RgbaBlock block = Gradient(a, b);
      float r[16];
      float rg[16][2];
      for (int i = 0; i < 16; ++i) {
        // Maps [0, 1] onto the format's range.
        r[i] = low + (1.0f - low) * block.t[i][0];
        rg[i][0] = r[i];
        rg[i][1] = low + (1.0f - low) * block.t[i][1];
      }
      const auto bc4 = RoundTripBc4(r, is_signed);
      const auto bc5 = RoundTripBc5(rg, is_signed);
      // Endpoints are the extremes rounded to the nearest code: half a code off at most.
      for (const int i : {0, 15}) {
        EXPECT_LE(std::fabs(bc4[i] - r[i]), 0.5f / scale + 1e-6f) << "texel " << i;
        EXPECT_LE(std::fabs(bc5[i][0] - rg[i][0]), 0.5f / scale + 1e-6f) << "texel " << i;
        EXPECT_LE(std::fabs(bc5[i][1] - rg[i][1]), 0.5f / scale + 1e-6f) << "texel " << i;
      }
    }
  }
}

TEST(BcEncodeTest, Bc6hGradientKeepsEndpoints) {
  struct Pair {
    bool is_signed;
    float a[3];
    float b[3];
  };
  const Pair pairs[] = {
      {false, {0.1f, 50.0f, 3.0f}, {20.0f, 0.5f, 0.02f}},
      {false, {0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}},
      {false, {65504.0f, 1000.0f, 0.25f}, {0.001f, 1.5f, 0.3f}},
      {true, {-5.0f, 2.0f, 0.5f}, {3.0f, -0.25f, -40.0f}},
      {true, {-60000.0f, -1.0f, 0.0f}, {60000.0f, -2.0f, 7.0f}},
  };
  for (const Pair& p : pairs) {
    float rgb[16][3];
    for (int i = 0; i < 16; ++i) {
      const float t = static_cast<float>(i % 4 + i / 4) / 6.0f;
      for (int c = 0; c < 3; ++c) rgb[i][c] = p.a[c] + (p.b[c] - p.a[c]) * t;
    }
    const auto got = RoundTripBc6h(rgb, p.is_signed);
    // Mode 11's 10-bit endpoints decode 31 half ulps apart (62 when signed, the sign taking a
    // bit); an endpoint may be rounded outwards to the next code, hence a whole step.
    const int step = p.is_signed ? 62 : 31;
    for (const int i : {0, 15}) {
      for (int c = 0; c < 3; ++c) {
        EXPECT_LE(std::abs(SignedPattern(got[i][c]) - NearestSignedPattern(rgb[i][c])), step)
            << "texel " << i << " channel " << c << " want " << rgb[i][c] << " got "
            << HalfToFloat(got[i][c]);
      }
    }
  }
}

TEST(BcEncodeTest, Bc7GradientKeepsEndpoints) {
  for (const auto& [a, b] : kGradientPairs) {
    const Codes got = RoundTripBc7(Gradient(a, b));
    // An endpoint is 7 bits plus a p-bit shared by its four channels: off by one code at most.
    for (int c = 0; c < 4; ++c) {
      EXPECT_LE(std::fabs(got[0][c] - a[c] * 255.0f), 1.0f + kEps) << "channel " << c;
      EXPECT_LE(std::fabs(got[15][c] - b[c] * 255.0f), 1.0f + kEps) << "channel " << c;
    }
  }
}

// The smooth image is 64x64 texels on one straight line in colour space, from kLineStart to
// kLineEnd at a smooth parameter s(x, y) (slow sines, no edges). Each block's colours then lie on
// one line, as a one-subset encoder assumes, and a texel's error has only three sources, which
// add up to a per-texel bound in each channel:
//   - palette spacing: the nearest entry is at most half the widest gap between entries away,
//     i.e. span * gap / 2 where span is the block's extent in that channel and gap the widest
//     fraction between neighbouring weights (1/3 for BC1, 1/7 for BC3 alpha/BC4/BC5, 5/64 for the
//     BPTC 4-bit weights);
//   - endpoint quantization, which moves every entry by at most the endpoint's rounding error;
//   - the rounding of interpolated entries to integers.
// The mean of that bound over the image (the mean block span is measured below) is what each
// test checks against. It is a worst-case sum, so the measured mean sits well under it; what it
// catches is a broken encoder (a wrong palette, wrong index order, an endpoint lost), whose
// errors are tens of codes.
constexpr int kImageSize = 64;
constexpr float kLineStart[4] = {0.1f, 0.25f, 0.8f, 1.0f};
constexpr float kLineEnd[4] = {0.95f, 0.7f, 0.05f, 0.2f};

double LineParameter(int x, int y) {
  const double u = 2 * kPi * x / kImageSize;
  const double v = 2 * kPi * y / kImageSize;
  return 0.5 + 0.25 * std::sin(u + 0.5) + 0.25 * std::cos(u + 2 * v);
}

std::array<float, 4> SmoothTexel(int x, int y) {
  const float s = static_cast<float>(LineParameter(x, y));
  std::array<float, 4> t;
  for (int c = 0; c < 4; ++c) t[c] = kLineStart[c] + (kLineEnd[c] - kLineStart[c]) * s;
  return t;
}

using Decoded = std::array<std::array<double, 4>, 16>;

struct ImageError {
  std::array<double, 4> mae{};        // mean absolute error per channel
  std::array<double, 4> mean_span{};  // mean over blocks of max - min per channel
};

// Encodes and decodes the image block by block; `source` maps the image's [0, 1] values to the
// format's input, and `round_trip` returns each decoded texel in the same units.
template <typename RoundTrip, typename Source>
ImageError MeasureImage(RoundTrip round_trip, Source source) {
  ImageError e;
  for (int by = 0; by < kImageSize; by += 4) {
    for (int bx = 0; bx < kImageSize; bx += 4) {
      RgbaBlock block;
      for (int i = 0; i < 16; ++i) {
        const auto t = SmoothTexel(bx + i % 4, by + i / 4);
        for (int c = 0; c < 4; ++c) block.t[i][c] = source(t[c]);
      }
      const Decoded got = round_trip(block);
      for (int c = 0; c < 4; ++c) {
        float lo = block.t[0][c];
        float hi = block.t[0][c];
        for (int i = 0; i < 16; ++i) {
          e.mae[c] += std::fabs(got[i][c] - block.t[i][c]);
          lo = std::min(lo, block.t[i][c]);
          hi = std::max(hi, block.t[i][c]);
        }
        e.mean_span[c] += hi - lo;
      }
    }
  }
  constexpr int kBlocks = kImageSize * kImageSize / 16;
  for (int c = 0; c < 4; ++c) {
    e.mae[c] /= kBlocks * 16;
    e.mean_span[c] /= kBlocks;
  }
  return e;
}

// The mean of the per-texel bound described above; all terms in the same units.
double LineBound(double mean_span, double gap, double endpoint_error, double rounding) {
  return mean_span * gap / 2 + endpoint_error + rounding;
}

// 8-bit codes scaled back to [0, 1].
template <Codes (*RoundTrip)(const RgbaBlock&)>
Decoded Unorm8RoundTrip(const RgbaBlock& block) {
  const Codes codes = RoundTrip(block);
  Decoded d;
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) d[i][c] = codes[i][c] / 255.0;
  }
  return d;
}

float Identity(float v) { return v; }

// BC1-BC3 colour: gap 1/3; a 5:6:5 endpoint is within 4.5 codes of a value on R and B, 2.5 on G
// (half the widest gap between bit-replicated expansions); entries 2 and 3 round to integers.
// BC2 alpha is not interpolated: each texel rounds to a multiple of 17, so its error is at most
// 8.5 and, over values spread across the steps, 17 / 4 = 4.25 on average; the bound allows 5.
// BC3 alpha: gap 1/7, endpoints within 0.5 codes, entries rounded to integers.
// BC7 mode 6: gap 5/64; an endpoint is within 1 code (the nearest value of its p-bit's parity);
// entries rounded to integers.
TEST(BcEncodeTest, SmoothImageMeanErrorBc1To3AndBc7) {
  const ImageError bc1 = MeasureImage(Unorm8RoundTrip<RoundTripBc1>, Identity);
  const ImageError bc2 = MeasureImage(Unorm8RoundTrip<RoundTripBc2>, Identity);
  const ImageError bc3 = MeasureImage(Unorm8RoundTrip<RoundTripBc3>, Identity);
  const ImageError bc7 = MeasureImage(Unorm8RoundTrip<RoundTripBc7>, Identity);
  constexpr double kEndpoint565[3] = {4.5, 2.5, 4.5};
  for (int c = 0; c < 3; ++c) {
    const double bound = LineBound(bc1.mean_span[c] * 255, 1.0 / 3, kEndpoint565[c], 0.5);
    EXPECT_LT(bc1.mae[c] * 255, bound) << "BC1 channel " << c;
    EXPECT_LT(bc2.mae[c] * 255, bound) << "BC2 channel " << c;
    EXPECT_LT(bc3.mae[c] * 255, bound) << "BC3 channel " << c;
    std::printf("channel %d: BC1-3 colour MAE %.3f codes (bound %.3f)\n", c, bc1.mae[c] * 255,
                bound);
  }
  EXPECT_LT(bc2.mae[3] * 255, 5.0);
  const double bc3_alpha_bound = LineBound(bc3.mean_span[3] * 255, 1.0 / 7, 0.5, 0.5);
  EXPECT_LT(bc3.mae[3] * 255, bc3_alpha_bound);
  std::printf("alpha: BC2 MAE %.3f codes (bound 5), BC3 MAE %.3f codes (bound %.3f)\n",
              bc2.mae[3] * 255, bc3.mae[3] * 255, bc3_alpha_bound);
  for (int c = 0; c < 4; ++c) {
    const double bound = LineBound(bc7.mean_span[c] * 255, 5.0 / 64, 1.0, 0.5);
    EXPECT_LT(bc7.mae[c] * 255, bound) << "BC7 channel " << c;
    std::printf("channel %d: BC7 MAE %.3f codes (bound %.3f)\n", c, bc7.mae[c] * 255, bound);
  }
}

// BC4 and BC5: gap 1/7; endpoints are rounded to the nearest code (0.5); the float palette is
// exact (one correctly rounded division, negligible here). The signed formats get the image
// stretched over [-1, 1], 127 codes per unit.
TEST(BcEncodeTest, SmoothImageMeanErrorBc4And5) {
  for (const bool is_signed : {false, true}) {
    const double scale = is_signed ? 127.0 : 255.0;
    auto source = [is_signed](float v) { return is_signed ? 2.0f * v - 1.0f : v; };
    auto bc4 = [is_signed](const RgbaBlock& block) {
      Decoded d{};
      for (int c = 0; c < 4; ++c) {
        float r[16];
        for (int i = 0; i < 16; ++i) r[i] = block.t[i][c];
        const auto got = RoundTripBc4(r, is_signed);
        for (int i = 0; i < 16; ++i) d[i][c] = got[i];
      }
      return d;
    };
    auto bc5 = [is_signed](const RgbaBlock& block) {
      Decoded d{};
      for (int c = 0; c < 4; c += 2) {
        float rg[16][2];
        for (int i = 0; i < 16; ++i) {
          rg[i][0] = block.t[i][c];
          rg[i][1] = block.t[i][c + 1];
        }
        const auto got = RoundTripBc5(rg, is_signed);
        for (int i = 0; i < 16; ++i) {
          d[i][c] = got[i][0];
          d[i][c + 1] = got[i][1];
        }
      }
      return d;
    };
    const ImageError e4 = MeasureImage(bc4, source);
    const ImageError e5 = MeasureImage(bc5, source);
    for (int c = 0; c < 4; ++c) {
      const double bound = LineBound(e4.mean_span[c] * scale, 1.0 / 7, 0.5, 0.0);
      EXPECT_LT(e4.mae[c] * scale, bound) << "BC4 channel " << c << " signed " << is_signed;
      EXPECT_LT(e5.mae[c] * scale, bound) << "BC5 channel " << c << " signed " << is_signed;
      std::printf("%s channel %d: BC4 MAE %.3f, BC5 MAE %.3f codes (bound %.3f)\n",
                  is_signed ? "SNORM" : "UNORM", c, e4.mae[c] * scale, e5.mae[c] * scale, bound);
    }
  }
}

// A signed half pattern (possibly fractional) as the float it stands for, linear in the pattern
// between neighbouring halves: a line in this domain is a line in BC6H's interpolation domain.
float PatternToFloat(double p) {
  const double m = std::fabs(p);
  const int exponent = static_cast<int>(m / 1024);
  const double fraction = m - 1024.0 * exponent;
  const double v =
      exponent == 0 ? std::ldexp(fraction, -24) : std::ldexp(1.0 + fraction / 1024, exponent - 15);
  return static_cast<float>(p < 0 ? -v : v);
}

// BC6H, in half ulps (signed pattern distance), the domain mode 11 interpolates in: the HDR image
// is the same line, drawn between the patterns below (about 0.04 to 60 and 500 to 3 for UF16; for
// SF16 one channel crosses zero and one is negative). Gap 5/64; an endpoint is within one code
// step of its value (31 ulps, 62 signed: either rounding may win); the final scaling floors, up
// to 1 ulp.
TEST(BcEncodeTest, SmoothImageMeanErrorBc6h) {
  for (const bool is_signed : {false, true}) {
    const double start[3] = {10500, is_signed ? -15000.0 : 16000.0, 24500};
    const double end[3] = {21500, is_signed ? 15000.0 : 12000.0, is_signed ? -16900.0 : 16900};
    double sum = 0.0;
    double span_sum[3] = {};
    for (int by = 0; by < kImageSize; by += 4) {
      for (int bx = 0; bx < kImageSize; bx += 4) {
        float rgb[16][3];
        int lo[3];
        int hi[3];
        for (int i = 0; i < 16; ++i) {
          const double s = LineParameter(bx + i % 4, by + i / 4);
          for (int c = 0; c < 3; ++c) {
            rgb[i][c] = PatternToFloat(start[c] + (end[c] - start[c]) * s);
            const int p = NearestSignedPattern(rgb[i][c]);
            lo[c] = i == 0 ? p : std::min(lo[c], p);
            hi[c] = i == 0 ? p : std::max(hi[c], p);
          }
        }
        const auto got = RoundTripBc6h(rgb, is_signed);
        for (int i = 0; i < 16; ++i) {
          for (int c = 0; c < 3; ++c) {
            sum += std::abs(SignedPattern(got[i][c]) - NearestSignedPattern(rgb[i][c]));
          }
        }
        for (int c = 0; c < 3; ++c) span_sum[c] += hi[c] - lo[c];
      }
    }
    constexpr int kBlocks = kImageSize * kImageSize / 16;
    const double mae = sum / (kBlocks * 16 * 3);
    const double mean_span = (span_sum[0] + span_sum[1] + span_sum[2]) / (3 * kBlocks);
    const double bound = LineBound(mean_span, 5.0 / 64, is_signed ? 62 : 31, 1.0);
    EXPECT_LT(mae, bound) << "signed " << is_signed;
    std::printf("BC6H %s MAE: %.3f half ulps (bound %.3f)\n", is_signed ? "SF16" : "UF16", mae,
                bound);
  }
}

// Values that a careless encoder would turn into UB (float-to-int of NaN or Inf, shifts of
// negative or oversized values) or into an invalid block.
std::vector<float> NastyValues() {
  std::vector<float> v = {kNaN,
                          -kNaN,
                          kInf,
                          -kInf,
                          std::numeric_limits<float>::max(),
                          -std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::denorm_min(),
                          -std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min(),
                          0.0f,
                          -0.0f,
                          1.0f,
                          -1.0f,
                          0.5f,
                          65504.0f,
                          65519.0f,
                          65520.0f,
                          -65520.0f,
                          1e10f,
                          -1e10f,
                          6e-8f,
                          3e-8f,
                          1.0000001f,
                          -1.0000001f,
                          2.0f,
                          255.0f};
  std::mt19937 rng(5);
  for (int k = 0; k < 32; ++k) {
    uint32_t bits = static_cast<uint32_t>(rng());
    float f;
    std::memcpy(&f, &bits, sizeof f);
    v.push_back(f);
  }
  return v;
}

TEST(BcEncodeTest, ArbitraryInputsGiveValidBlocks) {
  const std::vector<float> pool = NastyValues();
  std::mt19937 rng(6);
  std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
  std::uniform_real_distribution<float> wide(-3.0f, 3.0f);
  std::bernoulli_distribution from_pool(0.5);
  for (int trial = 0; trial < 3000; ++trial) {
    RgbaBlock block;
    for (auto& t : block.t) {
      for (float& c : t) c = from_pool(rng) ? pool[pick(rng)] : wide(rng);
    }
    float r[16];
    float rg[16][2];
    float rgb[16][3];
    for (int i = 0; i < 16; ++i) {
      r[i] = rg[i][0] = rgb[i][0] = block.t[i][0];
      rg[i][1] = rgb[i][1] = block.t[i][1];
      rgb[i][2] = block.t[i][2];
    }

    uint8_t bc1[8];
    EncodeBc1Block(block.t, bc1);
    const unsigned c0 = bc1[0] | bc1[1] << 8;
    const unsigned c1 = bc1[2] | bc1[3] << 8;
    EXPECT_GE(c0, c1);
    uint8_t decoded[16][4];
    DecodeBc1Block(bc1, decoded);
    for (auto& t : decoded) EXPECT_EQ(t[3], 255) << "punch-through on trial " << trial;

    uint8_t bc2[16];
    uint8_t bc3[16];
    EncodeBc2Block(block.t, bc2);
    EncodeBc3Block(block.t, bc3);
    EXPECT_EQ(std::memcmp(bc2 + 8, bc1, 8), 0) << "BC2's colour block is BC1's";
    EXPECT_EQ(std::memcmp(bc3 + 8, bc1, 8), 0) << "BC3's colour block is BC1's";
    EXPECT_GT(bc3[0], bc3[1]) << "BC3 alpha must use the 8-value mode";
    DecodeBc2Block(bc2, decoded);
    DecodeBc3Block(bc3, decoded);

    for (const bool is_signed : {false, true}) {
      uint8_t bc4[8];
      EncodeBc4Block(r, is_signed, bc4);
      if (is_signed) {
        EXPECT_GT(static_cast<int8_t>(bc4[0]), static_cast<int8_t>(bc4[1]));
      } else {
        EXPECT_GT(bc4[0], bc4[1]);
      }
      const auto v4 = RoundTripBc4(r, is_signed);
      const auto v5 = RoundTripBc5(rg, is_signed);
      for (int i = 0; i < 16; ++i) {
        EXPECT_TRUE(v4[i] >= (is_signed ? -1.0f : 0.0f) && v4[i] <= 1.0f);
        EXPECT_TRUE(v5[i][0] >= (is_signed ? -1.0f : 0.0f) && v5[i][1] <= 1.0f);
      }

      uint8_t bc6[16];
      EncodeBc6hBlock(rgb, is_signed, bc6);
      EXPECT_EQ(bc6[0] & 0x1F, 0x03) << "BC6H must use mode 11";
      const auto v6 = RoundTripBc6h(rgb, is_signed);
      for (const auto& t : v6) {
        for (const uint16_t h : t) {
          EXPECT_LE(h & 0x7FFF, 0x7BFF) << "no Inf or NaN";
          if (!is_signed) {
            EXPECT_EQ(h & 0x8000, 0);
          }
        }
      }
    }

    uint8_t bc7[16];
    EncodeBc7Block(block.t, bc7);
    EXPECT_EQ(bc7[0] & 0x7F, 0x40) << "BC7 must use mode 6";
    DecodeBc7Block(bc7, decoded);
  }
}

// NaN must encode exactly as 0 and out-of-range values as the range's ends, so that a block
// with such texels is the block of their replacements.
TEST(BcEncodeTest, NanIsZeroAndOutOfRangeClamps) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int trial = 0; trial < 500; ++trial) {
    RgbaBlock clean;
    RgbaBlock dirty;
    // UNORM: NaN -> 0, > 1 -> 1, < 0 -> 0. SNORM uses its own pair below.
    for (int i = 0; i < 16; ++i) {
      for (int c = 0; c < 4; ++c) {
        const float v = unit(rng);
        clean.t[i][c] = dirty.t[i][c] = v;
        switch (rng() % 8) {
          case 0:
            clean.t[i][c] = 0.0f;
            dirty.t[i][c] = kNaN;
            break;
          case 1:
            clean.t[i][c] = 1.0f;
            dirty.t[i][c] = (rng() & 1) ? kInf : 1.0f + v * 100.0f;
            break;
          case 2:
            clean.t[i][c] = 0.0f;
            dirty.t[i][c] = (rng() & 1) ? -kInf : -v * 100.0f;
            break;
          default:
            break;
        }
      }
    }
    uint8_t a[16];
    uint8_t b[16];
    EncodeBc1Block(clean.t, a);
    EncodeBc1Block(dirty.t, b);
    EXPECT_EQ(std::memcmp(a, b, 8), 0) << "BC1 trial " << trial;
    EncodeBc2Block(clean.t, a);
    EncodeBc2Block(dirty.t, b);
    EXPECT_EQ(std::memcmp(a, b, 16), 0) << "BC2 trial " << trial;
    EncodeBc3Block(clean.t, a);
    EncodeBc3Block(dirty.t, b);
    EXPECT_EQ(std::memcmp(a, b, 16), 0) << "BC3 trial " << trial;
    EncodeBc7Block(clean.t, a);
    EncodeBc7Block(dirty.t, b);
    EXPECT_EQ(std::memcmp(a, b, 16), 0) << "BC7 trial " << trial;
    float r_clean[16];
    float r_dirty[16];
    float rgb_clean[16][3];
    float rgb_dirty[16][3];
    for (int i = 0; i < 16; ++i) {
      r_clean[i] = clean.t[i][0];
      r_dirty[i] = dirty.t[i][0];
      for (int c = 0; c < 3; ++c) {
        // BC6H: NaN -> 0, above the largest half -> 65504, negatives -> 0 (UF16).
        rgb_clean[i][c] = clean.t[i][c] == 1.0f && dirty.t[i][c] != 1.0f ? 65504.0f : clean.t[i][c];
        rgb_dirty[i][c] = dirty.t[i][c] > 1.0f ? dirty.t[i][c] * 1e5f : dirty.t[i][c];
      }
    }
    EncodeBc4Block(r_clean, false, a);
    EncodeBc4Block(r_dirty, false, b);
    EXPECT_EQ(std::memcmp(a, b, 8), 0) << "BC4 trial " << trial;
    EncodeBc6hBlock(rgb_clean, false, a);
    EncodeBc6hBlock(rgb_dirty, false, b);
    EXPECT_EQ(std::memcmp(a, b, 16), 0) << "BC6H trial " << trial;
    // SNORM: values below 0 are in range, so -2 and -Inf clamp to -1 instead.
    for (int i = 0; i < 16; ++i) {
      if (r_dirty[i] < 0.0f) r_clean[i] = -1.0f;
    }
    EncodeBc4Block(r_clean, true, a);
    EncodeBc4Block(r_dirty, true, b);
    EXPECT_EQ(std::memcmp(a, b, 8), 0) << "BC4 SNORM trial " << trial;
  }
}

}  // namespace
}  // namespace texunit::render
