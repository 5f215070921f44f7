// The static key of sample waves (sample_key.h): the effective mip filter and the hot kernel slot.
#include "sampler/sample_key.h"

#include "sampler/wave_setup.h"

namespace texunit {

MipFilter EffectiveMipFilter(const WaveSetup& s, bool one_level) {
  const bool lambda_zero = s.unnormalized || (s.lod_zero && !(s.view_min_lod > 0.0f));
  if (lambda_zero || s.max_level == 0 || s.mip == MipFilter::kNone) return MipFilter::kNone;
  return one_level ? MipFilter::kPoint : s.mip;
}

namespace {

bool HotFormatOf(const WaveSetup& s, HotFormat* out) {
  if (s.compare) {
    *out = HotFormat::kR32Depth;
    return s.plan.path == FetchPath::kR32Float;
  }
  switch (s.plan.path) {
    case FetchPath::kRgba8Unorm:
      *out = HotFormat::kRgba8Unorm;
      return true;
    case FetchPath::kRgba8Srgb:
      *out = HotFormat::kRgba8Srgb;
      return true;
    case FetchPath::kRgba16Float:
      *out = HotFormat::kRgba16Float;
      return true;
    case FetchPath::kRgba32Float:
      *out = HotFormat::kRgba32Float;
      return true;
    default:
      return false;
  }
}

}  // namespace

bool IsPlain2D(const WaveSetup& s) {
  return s.type == ImageType::k2D && !s.has_border && s.reduction == FilterMode::kBlend && !s.prt;
}

int HotSampleIndex(const WaveSetup& s) {
  if (!IsPlain2D(s)) return -1;
  HotFormat format;
  if (!HotFormatOf(s, &format)) return -1;
  if (s.clamp_x != s.clamp_y) return -1;
  KeyAddress address;
  if (s.clamp_x == ClampMode::kWrap) {
    address = KeyAddress::kWrap;
  } else if (s.clamp_x == ClampMode::kClampLastTexel) {
    address = KeyAddress::kClampLastTexel;
  } else {
    return -1;
  }
  if (s.mag_linear != s.min_linear) return -1;  // mixed filters: the plain kernel's masks
  const MipFilter mip = s.sample_mip;
  HotFilter filter;
  if (s.aniso > 1) {
    if (!s.mag_linear) return -1;  // ANISO_POINT: the general kernel
    filter = HotFilter::kAniso;
  } else if (!s.mag_linear) {
    if (mip == MipFilter::kLinear) return -1;
    filter = HotFilter::kPoint;
  } else {
    filter = mip == MipFilter::kLinear ? HotFilter::kTrilinear : HotFilter::kBilinear;
  }
  return HotSampleSlot(format, filter, address);
}

}  // namespace texunit
