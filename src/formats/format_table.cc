#include "formats/format_table.h"

namespace texunit {

namespace {

// Bytes per texel of each DATA_FORMAT with a plain (non-block) layout.
uint8_t BytesPerTexel(DataFormat f) {
  switch (f) {
    case DataFormat::k8:
      return 1;
    case DataFormat::k16:
    case DataFormat::k8_8:
    case DataFormat::k5_6_5:
    case DataFormat::k1_5_5_5:
    case DataFormat::k5_5_5_1:
    case DataFormat::k4_4_4_4:
      return 2;
    case DataFormat::k32:
    case DataFormat::k16_16:
    case DataFormat::k10_11_11:
    case DataFormat::k11_11_10:
    case DataFormat::k10_10_10_2:
    case DataFormat::k2_10_10_10:
    case DataFormat::k8_8_8_8:
    case DataFormat::k8_24:
    case DataFormat::k24_8:
    case DataFormat::k5_9_9_9:
      return 4;
    case DataFormat::k32_32:
    case DataFormat::k16_16_16_16:
    case DataFormat::kX24_8_32:
      return 8;
    case DataFormat::k32_32_32:
      return 12;
    case DataFormat::k32_32_32_32:
      return 16;
    default:
      return 0;
  }
}

uint8_t Channels(DataFormat f) {
  switch (f) {
    case DataFormat::k8:
    case DataFormat::k16:
    case DataFormat::k32:
      return 1;
    case DataFormat::k8_8:
    case DataFormat::k16_16:
    case DataFormat::k32_32:
    case DataFormat::k8_24:
    case DataFormat::k24_8:
    case DataFormat::kX24_8_32:
      return 2;
    case DataFormat::k10_11_11:
    case DataFormat::k11_11_10:
    case DataFormat::k5_6_5:
    case DataFormat::k32_32_32:
      return 3;
    default:
      return 4;
  }
}

}  // namespace

FormatInfo GetFormatInfo(Format format) {
  FormatInfo info;
  info.bytes_per_texel = BytesPerTexel(format.data);
  info.channels = Channels(format.data);
  info.is_integer = format.num == NumFormat::kUint || format.num == NumFormat::kSint;
  if (format.data == DataFormat::k8_8_8_8) {
    switch (format.num) {
      case NumFormat::kUnorm:
        info.kind = TexelKind::kRgba8Unorm;
        break;
      case NumFormat::kUint:
        info.kind = TexelKind::kRgba8Uint;
        break;
      case NumFormat::kSrgb:
        info.kind = TexelKind::kRgba8Srgb;
        break;
      default:
        break;
    }
  } else if (format.data == DataFormat::k32_32_32_32 && format.num == NumFormat::kFloat) {
    info.kind = TexelKind::kRgba32Float;
  }
  return info;
}

}  // namespace texunit
