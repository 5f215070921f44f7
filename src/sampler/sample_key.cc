// What sample waves decide into their static key (sample_key.h): the effective mip filter and the
// hot kernel slot.
#include "sampler/sample_key.h"

#include "sampler/wave_setup.h"

namespace texunit {

MipFilter EffectiveMipFilter(const WaveSetup& s, bool one_level) {
  const bool lambda_zero = s.key.unnormalized || (s.key.lod_zero && !(s.view_min_lod > 0.0f));
  if (lambda_zero || s.max_level == 0 || s.key.mip == MipFilter::kNone) return MipFilter::kNone;
  return one_level ? MipFilter::kPoint : s.key.mip;
}

namespace {

bool HotFormatOf(const SampleKey& k, HotFormat* out) {
  if (k.compare) {
    *out = HotFormat::kR32Depth;
    return k.fetch_path == FetchPath::kR32Float;
  }
  switch (k.fetch_path) {
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

bool IsPlain2D(const SampleKey& k) {
  return k.type == ImageType::k2D && !k.has_border && k.reduction == FilterMode::kBlend && !k.prt;
}

int HotSampleIndex(const SampleKey& k) {
  if (!IsPlain2D(k)) return -1;
  HotFormat format;
  if (!HotFormatOf(k, &format)) return -1;
  if (k.clamp_x != k.clamp_y) return -1;
  KeyAddress address;
  if (k.clamp_x == ClampMode::kWrap) {
    address = KeyAddress::kWrap;
  } else if (k.clamp_x == ClampMode::kClampLastTexel) {
    address = KeyAddress::kClampLastTexel;
  } else {
    return -1;
  }
  if (k.mag_linear != k.min_linear) return -1;  // mixed filters: the plain kernel's masks
  const MipFilter mip = k.sample_mip;
  HotFilter filter;
  if (k.aniso > 1) {
    if (!k.mag_linear) return -1;  // ANISO_POINT: the general kernel
    filter = HotFilter::kAniso;
  } else if (!k.mag_linear) {
    if (mip == MipFilter::kLinear) return -1;
    filter = HotFilter::kPoint;
  } else {
    filter = mip == MipFilter::kLinear ? HotFilter::kTrilinear : HotFilter::kBilinear;
  }
  return HotSampleSlot(format, filter, address);
}

}  // namespace texunit
