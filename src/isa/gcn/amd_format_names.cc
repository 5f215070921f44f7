// Names of IMG_DATA_FORMAT and IMG_NUM_FORMAT values as the hardware documentation spells them
// (AMD PAL si_ci_vi_merged_enum.h, without the IMG_DATA_FORMAT_ / IMG_NUM_FORMAT_ prefix).
// Reserved and unknown values print as their decimal number.
#include <array>

#include "texunit/amd_formats.h"

namespace texunit {
namespace {

// "0".."255", for values that have no name.
struct NumberNames {
  std::array<std::array<char, 4>, 256> text{};
  constexpr NumberNames() {
    for (int v = 0; v < 256; ++v) {
      int n = 0;
      if (v >= 100) text[v][n++] = static_cast<char>('0' + v / 100);
      if (v >= 10) text[v][n++] = static_cast<char>('0' + v / 10 % 10);
      text[v][n++] = static_cast<char>('0' + v % 10);
      text[v][n] = '\0';
    }
  }
};
constexpr NumberNames kNumbers;

// IMG_DATA_FORMAT, 6 bits. nullptr: reserved.
constexpr const char* kDataFormatNames[64] = {
    "INVALID",            // 0
    "8",                  // 1
    "16",                 // 2
    "8_8",                // 3
    "32",                 // 4
    "16_16",              // 5
    "10_11_11",           // 6
    "11_11_10",           // 7
    "10_10_10_2",         // 8
    "2_10_10_10",         // 9
    "8_8_8_8",            // 10
    "32_32",              // 11
    "16_16_16_16",        // 12
    "32_32_32",           // 13
    "32_32_32_32",        // 14
    nullptr,              // 15
    "5_6_5",              // 16
    "1_5_5_5",            // 17
    "5_5_5_1",            // 18
    "4_4_4_4",            // 19
    "8_24",               // 20
    "24_8",               // 21
    "X24_8_32",           // 22
    nullptr,              // 23
    "ETC2_RGB",           // 24 (GFX8+)
    "ETC2_RGBA",          // 25 (GFX8+)
    "ETC2_R",             // 26 (GFX8+)
    "ETC2_RG",            // 27 (GFX8+)
    "ETC2_RGBA1",         // 28 (GFX8+)
    nullptr,              // 29
    nullptr,              // 30
    nullptr,              // 31
    "GB_GR",              // 32
    "BG_RG",              // 33
    "5_9_9_9",            // 34
    "BC1",                // 35
    "BC2",                // 36
    "BC3",                // 37
    "BC4",                // 38
    "BC5",                // 39
    "BC6",                // 40
    "BC7",                // 41
    nullptr,              // 42
    nullptr,              // 43
    "FMASK8_S2_F1",       // 44
    "FMASK8_S4_F1",       // 45
    "FMASK8_S8_F1",       // 46
    "FMASK8_S2_F2",       // 47
    "FMASK8_S4_F2",       // 48
    "FMASK8_S4_F4",       // 49
    "FMASK16_S16_F1",     // 50
    "FMASK16_S8_F2",      // 51
    "FMASK32_S16_F2",     // 52
    "FMASK32_S8_F4",      // 53
    "FMASK32_S8_F8",      // 54
    "FMASK64_S16_F4",     // 55
    "FMASK64_S16_F8",     // 56
    "4_4",                // 57
    "6_5_5",              // 58
    "1",                  // 59
    "1_REVERSED",         // 60
    "32_AS_8",            // 61
    "32_AS_8_8",          // 62
    "32_AS_32_32_32_32",  // 63
};

// IMG_NUM_FORMAT, 4 bits. 6 and 10-13 are named as on GFX6/7 (reserved on GFX8+).
constexpr const char* kNumFormatNames[16] = {
    "UNORM", "SNORM", "USCALED", "SSCALED",    "UINT",  "SINT",     "SNORM_OGL", "FLOAT",
    nullptr, "SRGB",  "UBNORM",  "UBNORM_OGL", "UBINT", "UBSCALED", nullptr,     nullptr,
};

}  // namespace

const char* DataFormatName(DataFormat f) {
  const int v = static_cast<int>(f);
  if (v < 64 && kDataFormatNames[v] != nullptr) return kDataFormatNames[v];
  return kNumbers.text[v].data();
}

const char* NumFormatName(NumFormat f) {
  const int v = static_cast<int>(f);
  if (v < 16 && kNumFormatNames[v] != nullptr) return kNumFormatNames[v];
  return kNumbers.text[v].data();
}

}  // namespace texunit
