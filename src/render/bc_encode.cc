// Block encoders for BC1-BC7 (render/bc_encode.h). Every palette is rebuilt here with the exact
// integer or float arithmetic of docs/sampling.md ("Block formats"), so "nearest" means nearest
// to what the decoder will return, not to an idealised interpolant. The weights and rounding
// rules are restated here rather than taken from src/formats so that the encoder tests also
// cross-check the decoders.
#include "render/bc_encode.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>

namespace texunit::render {
namespace {

// NaN has no nearest code, and std::min/std::max would pass it through; it is taken as 0.
float Clean(float v, float lo, float hi) {
  if (std::isnan(v)) return 0.0f;
  return std::min(std::max(v, lo), hi);
}

// Nearest integer, ties to even, like the library's stores; callers pass small finite values.
int RoundToInt(float v) { return static_cast<int>(std::nearbyint(v)); }

void StoreLe(uint64_t value, int bytes, uint8_t* out) {
  for (int i = 0; i < bytes; ++i) out[i] = static_cast<uint8_t>(value >> (8 * i));
}

// BC6H and BC7 blocks are one 128-bit little-endian stream, each field LSB first.
class BitStream {
 public:
  // `count` is at most 32.
  void Put(uint32_t value, int count) {
    const uint64_t v = value & ((uint64_t{1} << count) - 1);
    if (pos_ < 64) {
      lo_ |= v << pos_;
      if (pos_ + count > 64) hi_ |= v >> (64 - pos_);
    } else {
      hi_ |= v << (pos_ - 64);
    }
    pos_ += count;
  }

  void Store(uint8_t out[16]) const {
    StoreLe(lo_, 8, out);
    StoreLe(hi_, 8, out + 8);
  }

 private:
  uint64_t lo_ = 0;
  uint64_t hi_ = 0;
  int pos_ = 0;
};

// Texels at both ends of the block's principal axis. Taking real texels (not their projections)
// as endpoints makes a two-colour block reproduce both colours up to endpoint quantization.
template <int N>
void ExtremeTexels(const float p[16][N], int* lowest, int* highest) {
  float mean[N] = {};
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < N; ++c) mean[c] += p[i][c];
  }
  for (int c = 0; c < N; ++c) mean[c] /= 16.0f;
  float cov[N][N] = {};
  for (int i = 0; i < 16; ++i) {
    for (int a = 0; a < N; ++a) {
      for (int b = 0; b < N; ++b) cov[a][b] += (p[i][a] - mean[a]) * (p[i][b] - mean[b]);
    }
  }
  // Power iteration from the most varying channel's row, which is the principal axis itself when
  // the channels are uncorrelated and converges quickly otherwise.
  int start = 0;
  for (int c = 1; c < N; ++c) {
    if (cov[c][c] > cov[start][start]) start = c;
  }
  float axis[N];
  for (int c = 0; c < N; ++c) axis[c] = cov[start][c];
  for (int iter = 0; iter < 8; ++iter) {
    float next[N] = {};
    float scale = 0.0f;
    for (int a = 0; a < N; ++a) {
      for (int b = 0; b < N; ++b) next[a] += cov[a][b] * axis[b];
      scale = std::max(scale, std::fabs(next[a]));
    }
    if (!(scale > 0.0f)) break;
    // Rescaling by the largest component keeps the iterates far from overflow and underflow.
    for (int c = 0; c < N; ++c) axis[c] = next[c] / scale;
  }
  *lowest = 0;
  *highest = 0;
  float lo = 0.0f;
  float hi = 0.0f;
  for (int i = 0; i < 16; ++i) {
    float d = 0.0f;
    for (int c = 0; c < N; ++c) d += (p[i][c] - mean[c]) * axis[c];
    if (i == 0 || d < lo) {
      lo = d;
      *lowest = i;
    }
    if (i == 0 || d > hi) {
      hi = d;
      *highest = i;
    }
  }
}

// ---- BC1-BC3 colour -------------------------------------------------------------------------

int Expand(int code, int bits) { return code << (8 - bits) | code >> (2 * bits - 8); }

// The code whose bit-replicated expansion is nearest to v (0..255); the plain scaled rounding
// can be one off because replication does not space the expansions evenly.
int QuantizeReplicated(float v, int bits) {
  const int max = (1 << bits) - 1;
  const int guess = std::clamp(RoundToInt(v * static_cast<float>(max) / 255.0f), 0, max);
  int best = guess;
  for (int q = std::max(guess - 1, 0); q <= std::min(guess + 1, max); ++q) {
    if (std::fabs(Expand(q, bits) - v) < std::fabs(Expand(best, bits) - v)) best = q;
  }
  return best;
}

uint32_t Pack565(const int rgb[3]) {
  return static_cast<uint32_t>(rgb[0] << 11 | rgb[1] << 5 | rgb[2]);
}

// For a solid block, endpoint codes (e0, e1) per 8-bit target whose palette entry 2,
// (2 p0 + p1 + 1) / 3, is nearest the target: the thirds reach values that no single 5- or
// 6-bit endpoint can, which brings the error from up to 4 (R, B) or 2 (G) down to about 1.
struct SingleColourFit {
  uint8_t e0[256];
  uint8_t e1[256];
};

SingleColourFit BuildSingleColourFit(int bits) {
  SingleColourFit fit{};
  const int max = (1 << bits) - 1;
  for (int t = 0; t < 256; ++t) {
    int best = 1 << 30;
    for (int a = 0; a <= max && best > 0; ++a) {
      for (int b = 0; b <= max && best > 0; ++b) {
        const int err = std::abs((2 * Expand(a, bits) + Expand(b, bits) + 1) / 3 - t);
        if (err < best) {
          best = err;
          fit.e0[t] = static_cast<uint8_t>(a);
          fit.e1[t] = static_cast<uint8_t>(b);
        }
      }
    }
  }
  return fit;
}

const SingleColourFit& SingleColourFitFor(int bits) {
  static const SingleColourFit kFit5 = BuildSingleColourFit(5);
  static const SingleColourFit kFit6 = BuildSingleColourFit(6);
  return bits == 5 ? kFit5 : kFit6;
}

constexpr int kChannelBits565[3] = {5, 6, 5};

// The 8-byte colour block shared by BC1, BC2 and BC3, always in the 4-colour mode (c0 > c1) so
// that BC1 never selects punch-through and BC2/BC3 read it the same way.
void EncodeColourBlock(const float rgba[16][4], uint8_t out[8]) {
  float px[16][3];
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 3; ++c) px[i][c] = Clean(rgba[i][c], 0.0f, 1.0f) * 255.0f;
  }
  bool solid = true;
  for (int i = 1; i < 16 && solid; ++i) {
    solid = px[i][0] == px[0][0] && px[i][1] == px[0][1] && px[i][2] == px[0][2];
  }

  uint32_t c0;
  uint32_t c1;
  uint32_t indices = 0;
  if (solid) {
    int e0[3];
    int e1[3];
    for (int c = 0; c < 3; ++c) {
      const SingleColourFit& fit = SingleColourFitFor(kChannelBits565[c]);
      const int t = RoundToInt(px[0][c]);
      e0[c] = fit.e0[t];
      e1[c] = fit.e1[t];
    }
    c0 = Pack565(e0);
    c1 = Pack565(e1);
    uint32_t index = 2;
    // Swapping the endpoints turns (2 p0 + p1 + 1) / 3 into entry 3's formula.
    if (c0 < c1) {
      std::swap(c0, c1);
      index = 3;
    }
    // Equal codes (every channel fitted exactly by one endpoint): entry 0 is the colour, and
    // entry 3 would be transparent black in BC1's 3-colour mode.
    if (c0 == c1) index = 0;
    indices = index * 0x55555555u;
  } else {
    int lowest;
    int highest;
    ExtremeTexels<3>(px, &lowest, &highest);
    int q0[3];
    int q1[3];
    for (int c = 0; c < 3; ++c) {
      q0[c] = QuantizeReplicated(px[highest][c], kChannelBits565[c]);
      q1[c] = QuantizeReplicated(px[lowest][c], kChannelBits565[c]);
    }
    c0 = Pack565(q0);
    c1 = Pack565(q1);
    if (c0 < c1) {
      std::swap(c0, c1);
      std::swap(q0, q1);
    }
    // Equal codes leave every index 0, the one entry that is the colour in both modes.
    if (c0 != c1) {
      int palette[4][3];
      for (int c = 0; c < 3; ++c) {
        const int p0 = Expand(q0[c], kChannelBits565[c]);
        const int p1 = Expand(q1[c], kChannelBits565[c]);
        palette[0][c] = p0;
        palette[1][c] = p1;
        palette[2][c] = (2 * p0 + p1 + 1) / 3;
        palette[3][c] = (p0 + 2 * p1 + 1) / 3;
      }
      for (int i = 0; i < 16; ++i) {
        uint32_t best = 0;
        float best_err = 0.0f;
        for (uint32_t k = 0; k < 4; ++k) {
          float err = 0.0f;
          for (int c = 0; c < 3; ++c) {
            const float d = static_cast<float>(palette[k][c]) - px[i][c];
            err += d * d;
          }
          if (k == 0 || err < best_err) {
            best_err = err;
            best = k;
          }
        }
        indices |= best << (2 * i);
      }
    }
  }
  StoreLe(c0, 2, out);
  StoreLe(c1, 2, out + 2);
  StoreLe(indices, 4, out + 4);
}

// ---- BC3 alpha, BC4, BC5 --------------------------------------------------------------------

// Endpoint codes for the 8-value mode, e0 > e1: the rounded extremes, pulled one code apart when
// they round equal (the 8-value mode needs e0 > e1), so that one of them is still the value.
void InterpolatedEndpoints(float lo, float hi, float scale, int min_code, int max_code, int* e0,
                           int* e1) {
  *e0 = std::clamp(RoundToInt(hi * scale), min_code, max_code);
  *e1 = std::clamp(RoundToInt(lo * scale), min_code, max_code);
  if (*e0 == *e1) {
    if (*e0 < max_code) {
      ++*e0;
    } else {
      --*e1;
    }
  }
}

// Writes the BC3-alpha / BC4 layout: two endpoint bytes, then 16 3-bit indices, each texel
// taking the palette entry nearest its value.
void PackInterpolated(int e0, int e1, const float palette[8], const float v[16], uint8_t out[8]) {
  uint64_t bits = 0;
  for (int i = 0; i < 16; ++i) {
    uint64_t best = 0;
    for (uint64_t k = 1; k < 8; ++k) {
      if (std::fabs(palette[k] - v[i]) < std::fabs(palette[best] - v[i])) best = k;
    }
    bits |= best << (3 * i);
  }
  // Signed codes are stored as two's complement bytes; the conversion to uint8_t is modular.
  out[0] = static_cast<uint8_t>(e0);
  out[1] = static_cast<uint8_t>(e1);
  StoreLe(bits, 6, out + 2);
}

void EncodeBc3Alpha(const float rgba[16][4], uint8_t out[8]) {
  float a[16];
  float lo = 1.0f;
  float hi = 0.0f;
  for (int i = 0; i < 16; ++i) {
    a[i] = Clean(rgba[i][3], 0.0f, 1.0f);
    lo = std::min(lo, a[i]);
    hi = std::max(hi, a[i]);
    a[i] *= 255.0f;
  }
  int e0;
  int e1;
  InterpolatedEndpoints(lo, hi, 255.0f, 0, 255, &e0, &e1);
  float palette[8] = {static_cast<float>(e0), static_cast<float>(e1)};
  for (int k = 2; k < 8; ++k)
    palette[k] = static_cast<float>(((8 - k) * e0 + (k - 1) * e1 + 3) / 7);
  PackInterpolated(e0, e1, palette, a, out);
}

// Index of the entry nearest a texel in a 16-entry BPTC palette. The entries lie on a straight
// line up to integer rounding, in weight order, so the squared distance is unimodal along them:
// start at the texel's projection `t` (0 at entry 0, 1 at entry 15) and walk downhill. That takes
// 3-4 evaluations of `dist` instead of 16.
template <typename Dist>
int NearestAlongLine(float t, Dist dist, decltype(dist(0))* err) {
  int k = std::clamp(RoundToInt(t * 15.0f), 0, 15);
  auto e = dist(k);
  while (k > 0) {
    const auto down = dist(k - 1);
    if (!(down < e)) break;
    --k;
    e = down;
  }
  while (k < 15) {
    const auto up = dist(k + 1);
    if (!(up < e)) break;
    ++k;
    e = up;
  }
  *err = e;
  return k;
}

// ---- BC6H -----------------------------------------------------------------------------------

constexpr int kHalfMaxFinite = 0x7BFF;
constexpr int kBc6hEndpointBits = 10;
constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

// The binary16 pattern nearest to f >= 0 (ties to even), saturated at the largest finite one:
// the largest value mode 11 can decode is 0x7BFF.
int HalfMagnitude(float f) {
  if (!(f < 65504.0f)) return kHalfMaxFinite;
  // Below 2^-14 the half is denormal, a multiple of 2^-24; the scaling is exact.
  if (f < 0x1p-14f) return RoundToInt(f * 0x1p24f);
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint32_t mantissa = bits & 0x7FFFFFu;
  uint32_t h = ((bits >> 23) - 112) << 10 | mantissa >> 13;  // rebias 127 -> 15
  const uint32_t rest = mantissa & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;  // a carry bumps the exponent
  return std::min(static_cast<int>(h), kHalfMaxFinite);
}

// Encoding works on half patterns as integers, negatives as minus their magnitude: BC6H
// interpolates in that near-logarithmic domain, so equal steps there are equal relative errors.
int Bc6hTarget(float f, bool is_signed) {
  if (std::isnan(f)) return 0;
  if (!is_signed) return f > 0.0f ? HalfMagnitude(f) : 0;
  const int m = HalfMagnitude(std::fabs(f));
  return f < 0.0f ? -m : m;
}

int Bc6hUnquantize(int x, bool is_signed) {
  constexpr int kBits = kBc6hEndpointBits;
  if (!is_signed) {
    if (x == 0) return 0;
    if (x == (1 << kBits) - 1) return 0xFFFF;
    return ((x << 15) + 0x4000) >> (kBits - 1);
  }
  const int m = std::abs(x);
  int unq;
  if (m == 0) {
    unq = 0;
  } else if (m >= (1 << (kBits - 1)) - 1) {
    unq = 0x7FFF;
  } else {
    unq = ((m << 15) + 0x4000) >> (kBits - 1);
  }
  return x < 0 ? -unq : unq;
}

// The decoder's final scaling, returned in the signed-pattern domain of Bc6hTarget.
int Bc6hFinish(int v, bool is_signed) {
  if (!is_signed) return (v * 31) >> 6;
  const int m = (std::abs(v) * 31) >> 5;
  return v < 0 ? -m : m;
}

int Bc6hEndpointValue(int x, bool is_signed) {
  return Bc6hFinish(Bc6hUnquantize(x, is_signed), is_signed);
}

// Endpoint codes, -511..511 signed (-512 decodes as -511) or 0..1023 unsigned.
int Bc6hMinCode(bool is_signed) { return is_signed ? -511 : 0; }
int Bc6hMaxCode(bool is_signed) { return is_signed ? 511 : 1023; }

// The largest code decoding to at most h (h is always within the codes' decoded range).
int Bc6hFloorCode(int h, bool is_signed) {
  const int lo = Bc6hMinCode(is_signed);
  const int hi = Bc6hMaxCode(is_signed);
  // The decoded values are nearly linear in the code, so the guess is at most a step or two off.
  int x = std::clamp(h * hi / kHalfMaxFinite, lo, hi);
  while (x > lo && Bc6hEndpointValue(x, is_signed) > h) --x;
  while (x < hi && Bc6hEndpointValue(x + 1, is_signed) <= h) ++x;
  return x;
}

int Bc6hCeilCode(int h, bool is_signed) {
  const int x = Bc6hFloorCode(h, is_signed);
  return Bc6hEndpointValue(x, is_signed) < h && x < Bc6hMaxCode(is_signed) ? x + 1 : x;
}

int Bc6hNearestCode(int h, bool is_signed) {
  const int x = Bc6hFloorCode(h, is_signed);
  if (x == Bc6hMaxCode(is_signed)) return x;
  const int below = h - Bc6hEndpointValue(x, is_signed);
  const int above = Bc6hEndpointValue(x + 1, is_signed) - h;
  return above < below ? x + 1 : x;
}

// Nearest-entry indices for endpoint codes x0, x1; returns the block's total squared error.
int64_t Bc6hFit(const int target[16][3], const int x0[3], const int x1[3], bool is_signed,
                uint8_t indices[16]) {
  int palette[16][3];
  for (int c = 0; c < 3; ++c) {
    const int a = Bc6hUnquantize(x0[c], is_signed);
    const int b = Bc6hUnquantize(x1[c], is_signed);
    for (int k = 0; k < 16; ++k) {
      // C++20's >> on a negative value floors, as the specification's arithmetic shift does.
      const int v = (a * (64 - kWeights4[k]) + b * kWeights4[k] + 32) >> 6;
      palette[k][c] = Bc6hFinish(v, is_signed);
    }
  }
  float axis[3];
  float length2 = 0.0f;
  for (int c = 0; c < 3; ++c) {
    axis[c] = static_cast<float>(palette[15][c] - palette[0][c]);
    length2 += axis[c] * axis[c];
  }
  const float inv_length2 = length2 > 0.0f ? 1.0f / length2 : 0.0f;
  int64_t total = 0;
  for (int i = 0; i < 16; ++i) {
    const int* p = target[i];
    float t = 0.0f;
    for (int c = 0; c < 3; ++c) t += static_cast<float>(p[c] - palette[0][c]) * axis[c];
    auto dist = [&](int k) {
      int64_t err = 0;
      for (int c = 0; c < 3; ++c) {
        const int64_t d = palette[k][c] - p[c];
        err += d * d;
      }
      return err;
    };
    int64_t err;
    indices[i] = static_cast<uint8_t>(NearestAlongLine(t * inv_length2, dist, &err));
    total += err;
  }
  return total;
}

// A solid block uses one index everywhere, so each channel can take its own pair of codes: with
// entry 2 (weight 9) the decoded value is U(x0) + 9 d for codes x0 and x0 + d (interior codes
// unquantize 64 apart), and as 9 is odd, d over -32..32 reaches every residue modulo 64, i.e.
// every unquantized value to within one unit: about half a half-float ulp (one, signed). Entry 2
// is below 8, so texel 0's implied top bit is already right.
constexpr int kBc6hSolidIndex = 2;

void Bc6hSolidCodes(int h, bool is_signed, int* x0, int* x1) {
  const int lo = Bc6hMinCode(is_signed);
  const int hi = Bc6hMaxCode(is_signed);
  const int w = kWeights4[kBc6hSolidIndex];
  const int base = Bc6hNearestCode(h, is_signed);
  *x0 = *x1 = base;
  int best = std::abs(Bc6hEndpointValue(base, is_signed) - h);
  for (int d = -32; d <= 32 && best > 0; ++d) {
    // U(x) + d w ~ U(base) puts x about d w / 64 codes below base; one code either side absorbs
    // the rounding and the irregular codes at the ends of the range.
    const int guess = base - d * w / 64;
    for (int x = guess - 1; x <= guess + 1; ++x) {
      const int y = x + d;
      if (x < lo || x > hi || y < lo || y > hi) continue;
      const int a = Bc6hUnquantize(x, is_signed);
      const int b = Bc6hUnquantize(y, is_signed);
      const int err = std::abs(Bc6hFinish((a * (64 - w) + b * w + 32) >> 6, is_signed) - h);
      if (err < best) {
        best = err;
        *x0 = x;
        *x1 = y;
      }
    }
  }
}

// A varied block: endpoints from the per-channel extremes, with the codes and indices of the
// better of two roundings.
void Bc6hFitRange(const int target[16][3], const int lo[3], const int hi[3], const int64_t sum[3],
                  bool is_signed, int x0[3], int x1[3], uint8_t indices[16]) {
  // The box diagonal from min to max fits channels that rise together; a channel that falls
  // while the widest one rises gets its endpoints the other way round.
  int ref = 0;
  for (int c = 1; c < 3; ++c) {
    if (hi[c] - lo[c] > hi[ref] - lo[ref]) ref = c;
  }
  bool flip[3] = {};
  for (int c = 0; c < 3; ++c) {
    int64_t cross = 0;
    for (int i = 0; i < 16; ++i) cross += int64_t{target[i][c]} * target[i][ref];
    flip[c] = 16 * cross - sum[c] * sum[ref] < 0;  // the sign of the covariance, exactly
  }
  // Two candidates: endpoints rounded to nearest, and endpoints rounded outwards so that the
  // block's range lies inside the palette's; the one with the smaller squared error wins.
  int near0[3];
  int near1[3];
  int out0[3];
  int out1[3];
  for (int c = 0; c < 3; ++c) {
    const int from = flip[c] ? hi[c] : lo[c];
    const int to = flip[c] ? lo[c] : hi[c];
    near0[c] = Bc6hNearestCode(from, is_signed);
    near1[c] = Bc6hNearestCode(to, is_signed);
    out0[c] = flip[c] ? Bc6hCeilCode(from, is_signed) : Bc6hFloorCode(from, is_signed);
    out1[c] = flip[c] ? Bc6hFloorCode(to, is_signed) : Bc6hCeilCode(to, is_signed);
  }
  uint8_t out_indices[16];
  const int64_t near_err = Bc6hFit(target, near0, near1, is_signed, indices);
  const bool outward = Bc6hFit(target, out0, out1, is_signed, out_indices) < near_err;
  std::copy(outward ? out0 : near0, (outward ? out0 : near0) + 3, x0);
  std::copy(outward ? out1 : near1, (outward ? out1 : near1) + 3, x1);
  if (outward) std::copy(out_indices, out_indices + 16, indices);
}

// ---- BC7 ------------------------------------------------------------------------------------

// Mode 6 endpoint with its p-bit fixed: the 7-bit codes whose value 2c + p is nearest each channel.
void Bc7QuantizeEndpoint(const float v[4], int pbit, int code[4]) {
  for (int c = 0; c < 4; ++c) {
    code[c] = std::clamp(RoundToInt((v[c] - static_cast<float>(pbit)) * 0.5f), 0, 127);
  }
}

// Nearest-entry indices for one choice of endpoints and p-bits; returns the squared error.
float Bc7Fit(const float px[16][4], const int q0[4], int p0, const int q1[4], int p1,
             uint8_t indices[16]) {
  int palette[16][4];
  for (int c = 0; c < 4; ++c) {
    const int a = q0[c] << 1 | p0;
    const int b = q1[c] << 1 | p1;
    for (int k = 0; k < 16; ++k) {
      palette[k][c] = (a * (64 - kWeights4[k]) + b * kWeights4[k] + 32) >> 6;
    }
  }
  float axis[4];
  float length2 = 0.0f;
  for (int c = 0; c < 4; ++c) {
    axis[c] = static_cast<float>(palette[15][c] - palette[0][c]);
    length2 += axis[c] * axis[c];
  }
  const float inv_length2 = length2 > 0.0f ? 1.0f / length2 : 0.0f;
  float total = 0.0f;
  for (int i = 0; i < 16; ++i) {
    const float* p = px[i];
    float t = 0.0f;
    for (int c = 0; c < 4; ++c) t += (p[c] - static_cast<float>(palette[0][c])) * axis[c];
    auto dist = [&](int k) {
      float err = 0.0f;
      for (int c = 0; c < 4; ++c) {
        const float d = static_cast<float>(palette[k][c]) - p[c];
        err += d * d;
      }
      return err;
    };
    float err;
    indices[i] = static_cast<uint8_t>(NearestAlongLine(t * inv_length2, dist, &err));
    total += err;
  }
  return total;
}

// BC6H and BC7 store texel 0's index without its top bit, which must therefore be 0. The weights
// are symmetric (w[15 - k] = 64 - w[k]) and the interpolation formula is symmetric in its
// endpoints, so swapping the endpoints and inverting every index decodes identically.
template <typename Endpoint>
void FixAnchor(Endpoint& e0, Endpoint& e1, uint8_t indices[16]) {
  if (indices[0] < 8) return;
  std::swap(e0, e1);
  for (int i = 0; i < 16; ++i) indices[i] = static_cast<uint8_t>(15 - indices[i]);
}

void PutIndices4(const uint8_t indices[16], BitStream& bits) {
  bits.Put(indices[0], 3);
  for (int i = 1; i < 16; ++i) bits.Put(indices[i], 4);
}

}  // namespace

void EncodeBc1Block(const float rgba[16][4], uint8_t out[8]) { EncodeColourBlock(rgba, out); }

void EncodeBc2Block(const float rgba[16][4], uint8_t out[16]) {
  uint64_t alpha = 0;
  for (int i = 0; i < 16; ++i) {
    const int a4 = RoundToInt(Clean(rgba[i][3], 0.0f, 1.0f) * 15.0f);
    alpha |= static_cast<uint64_t>(a4) << (4 * i);
  }
  StoreLe(alpha, 8, out);
  EncodeColourBlock(rgba, out + 8);
}

void EncodeBc3Block(const float rgba[16][4], uint8_t out[16]) {
  EncodeBc3Alpha(rgba, out);
  EncodeColourBlock(rgba, out + 8);
}

void EncodeBc4Block(const float r[16], bool is_signed, uint8_t out[8]) {
  const float low = is_signed ? -1.0f : 0.0f;
  const int scale = is_signed ? 127 : 255;
  float v[16];
  float lo = 1.0f;
  float hi = low;
  for (int i = 0; i < 16; ++i) {
    v[i] = Clean(r[i], low, 1.0f);
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
  }
  int e0;
  int e1;
  // -128 is avoided: it reads as -127 and would only waste the code.
  InterpolatedEndpoints(lo, hi, static_cast<float>(scale), is_signed ? -127 : 0, scale, &e0, &e1);
  // The decoder's palette, one correctly rounded division per entry.
  float palette[8];
  palette[0] = static_cast<float>(e0) / static_cast<float>(scale);
  palette[1] = static_cast<float>(e1) / static_cast<float>(scale);
  for (int k = 2; k < 8; ++k) {
    palette[k] = static_cast<float>((8 - k) * e0 + (k - 1) * e1) / static_cast<float>(7 * scale);
  }
  PackInterpolated(e0, e1, palette, v, out);
}

void EncodeBc5Block(const float rg[16][2], bool is_signed, uint8_t out[16]) {
  float red[16];
  float green[16];
  for (int i = 0; i < 16; ++i) {
    red[i] = rg[i][0];
    green[i] = rg[i][1];
  }
  EncodeBc4Block(red, is_signed, out);
  EncodeBc4Block(green, is_signed, out + 8);
}

void EncodeBc6hBlock(const float rgb[16][3], bool is_signed, uint8_t out[16]) {
  int target[16][3];
  int lo[3];
  int hi[3];
  int64_t sum[3] = {};
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 3; ++c) {
      const int t = Bc6hTarget(rgb[i][c], is_signed);
      target[i][c] = t;
      lo[c] = i == 0 ? t : std::min(lo[c], t);
      hi[c] = i == 0 ? t : std::max(hi[c], t);
      sum[c] += t;
    }
  }
  struct Codes {
    int v[3];
  };
  Codes e0;
  Codes e1;
  uint8_t indices[16];
  if (lo[0] == hi[0] && lo[1] == hi[1] && lo[2] == hi[2]) {
    for (int c = 0; c < 3; ++c) Bc6hSolidCodes(lo[c], is_signed, &e0.v[c], &e1.v[c]);
    std::fill(indices, indices + 16, static_cast<uint8_t>(kBc6hSolidIndex));
  } else {
    Bc6hFitRange(target, lo, hi, sum, is_signed, e0.v, e1.v, indices);
  }
  FixAnchor(e0, e1, indices);

  BitStream bits;
  bits.Put(0x03, 5);  // mode 11's code 00011, read low bits first
  constexpr uint32_t kMask = (1u << kBc6hEndpointBits) - 1;
  // Signed codes go in as 10-bit two's complement, which the decoder sign-extends.
  for (int c = 0; c < 3; ++c) bits.Put(static_cast<uint32_t>(e0.v[c]) & kMask, kBc6hEndpointBits);
  for (int c = 0; c < 3; ++c) bits.Put(static_cast<uint32_t>(e1.v[c]) & kMask, kBc6hEndpointBits);
  PutIndices4(indices, bits);
  bits.Store(out);
}

void EncodeBc7Block(const float rgba[16][4], uint8_t out[16]) {
  float px[16][4];
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) px[i][c] = Clean(rgba[i][c], 0.0f, 1.0f) * 255.0f;
  }
  int lowest;
  int highest;
  ExtremeTexels<4>(px, &lowest, &highest);
  // The p-bit is shared by an endpoint's four channels, so no single choice is best for every
  // channel; all four combinations are tried. Mixed p-bits also let a solid block interpolate
  // between an even and an odd value.
  struct Endpoint {
    int code[4];
    int pbit;
  };
  Endpoint e0{};
  Endpoint e1{};
  uint8_t indices[16] = {};
  float best = 0.0f;
  for (int p = 0; p < 4; ++p) {
    Endpoint a{};
    Endpoint b{};
    a.pbit = p & 1;
    b.pbit = p >> 1;
    Bc7QuantizeEndpoint(px[lowest], a.pbit, a.code);
    Bc7QuantizeEndpoint(px[highest], b.pbit, b.code);
    uint8_t trial[16];
    const float err = Bc7Fit(px, a.code, a.pbit, b.code, b.pbit, trial);
    if (p == 0 || err < best) {
      best = err;
      e0 = a;
      e1 = b;
      std::copy(trial, trial + 16, indices);
    }
  }
  FixAnchor(e0, e1, indices);

  BitStream bits;
  bits.Put(1u << 6, 7);  // mode 6: six zero bits, then a one
  for (int c = 0; c < 4; ++c) {
    bits.Put(static_cast<uint32_t>(e0.code[c]), 7);
    bits.Put(static_cast<uint32_t>(e1.code[c]), 7);
  }
  bits.Put(static_cast<uint32_t>(e0.pbit), 1);
  bits.Put(static_cast<uint32_t>(e1.pbit), 1);
  PutIndices4(indices, bits);
  bits.Store(out);
}

}  // namespace texunit::render
