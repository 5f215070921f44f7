// Hostile picture files (issue 9, item 9) and a full disk on write (item 10): each is a clear
// InvalidArgument naming the file, never a crash or a read past a buffer.
#include "render/image_io.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace texunit::render {
namespace {

std::filesystem::path TempPath(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("texunit_image_io_test_" + std::to_string(getpid()) + "_" + name);
}

void WriteBytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  ASSERT_EQ(std::fclose(f), 0);
}

void Append32(std::vector<uint8_t>* v, uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v->push_back(static_cast<uint8_t>(x >> s));
}

// A PNG chunk: length, type, data, and a CRC field (stb does not check it; 0 here).
void Chunk(std::vector<uint8_t>* png, const char* type, const std::vector<uint8_t>& data) {
  Append32(png, static_cast<uint32_t>(data.size()));
  png->insert(png->end(), type, type + 4);
  png->insert(png->end(), data.begin(), data.end());
  Append32(png, 0);
}

// An 8-bit RGBA PNG of `w` x `h` whose IDAT holds `idat`.
std::vector<uint8_t> Png(uint32_t w, uint32_t h, const std::vector<uint8_t>& idat) {
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  Append32(&ihdr, w);
  Append32(&ihdr, h);
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // depth 8, RGBA, deflate, no filter, no interlace
  Chunk(&png, "IHDR", ihdr);
  Chunk(&png, "IDAT", idat);
  Chunk(&png, "IEND", {});
  return png;
}

TEST(ImageIo, SixteenBitPpmIsNotDecoded) {
  // stb 2.27's PNM decoder read past its buffer on 16-bit samples; only PNG is compiled now.
  const std::filesystem::path path = TempPath("deep.ppm");
  std::string ppm = "P6\n2 2\n65535\n";
  ppm.append(2 * 2 * 3 * 2, '\x7F');
  WriteBytes(path, std::vector<uint8_t>(ppm.begin(), ppm.end()));
  Rgba8Image image;
  const Status st = LoadRgba8(path.string(), &image);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find(path.string()), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("PNG"), std::string::npos) << st.message();
  std::filesystem::remove(path);
}

TEST(ImageIo, OversizedHeaderIsRefusedBeforeDecoding) {
  const std::filesystem::path path = TempPath("huge.png");
  WriteBytes(path, Png(16384, 16384, {0x78, 0x01}));  // 2^28 pixels, no data behind
  Rgba8Image image;
  const Status st = LoadRgba8(path.string(), &image);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("16384x16384"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("at most"), std::string::npos) << st.message();
  WriteBytes(path, Png(20000, 1, {0x78, 0x01}));  // one side above a T#'s
  EXPECT_EQ(LoadRgba8(path.string(), &image).code(), StatusCode::kInvalidArgument);
  std::filesystem::remove(path);
}

// The zlib stream's first block has the reserved type 3 (header 78 01, then bits final = 1,
// type = 3), a path on which stb fails without setting a reason. In a fresh process the reason
// is still null: the death-test child re-runs this test alone, so the old code appending a null
// `const char*` to a std::string crashed there.
TEST(ImageIoDeathTest, DecoderFailureWithoutAReasonIsAnError) {
  if (TEXUNIT_UNDER_EMULATOR) {
    GTEST_SKIP() << "a threadsafe death test re-executes the test binary, which the host cannot "
                    "do for a cross-built one under qemu-user";
  }
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path path = TempPath("reserved_block.png");
  WriteBytes(path, Png(1, 1, {0x78, 0x01, 0x07}));
  EXPECT_EXIT(
      {
        Rgba8Image image;
        const Status st = LoadRgba8(path.string(), &image);
        const bool named = st.message().find(path.string()) != std::string::npos;
        std::exit(st.code() == StatusCode::kInvalidArgument && named ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  Rgba8Image image;
  const Status st = LoadRgba8(path.string(), &image);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << st.ToString();
  std::filesystem::remove(path);
}

// Found by `make fuzz-smoke` (texture_fuzzer): a second IDAT chunk whose length field claims
// 220 MB made stb grow its buffer towards 2 GiB for a 106-byte file. Chunk lengths are now
// checked against the file before stb runs.
TEST(ImageIo, ChunkLongerThanTheFileIsRefused) {
  const std::vector<uint8_t> file = {
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
      0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00,
      0x00, 0x72, 0xb6, 0x0d, 0x24, 0x00, 0x00, 0x00, 0x15, 0x49, 0x44, 0x41, 0x54, 0x78,
      0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
      0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xb6, 0x0d, 0x24, 0x40, 0x00, 0x00, 0x15,
      0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x10, 0x10, 0x10, 0x10,
      0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
      0x10, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
  Rgba8Image image;
  const Status st = DecodeRgba8(file, "fuzz.png", &image);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("past the end of the file"), std::string::npos) << st.message();
  // The same structure with honest lengths decodes (the seed it was mutated from).
  const std::vector<uint8_t> ok =
      Png(1, 1, {0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff});
  // An empty first IDAT made stb memcpy from a null buffer (UBSan, texture_fuzzer).
  const Status empty = DecodeRgba8(Png(1, 1, {}), "empty.png", &image);
  EXPECT_EQ(empty.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(empty.message().find("empty IDAT"), std::string::npos) << empty.message();
  ASSERT_EQ(DecodeRgba8(ok, "ok.png", &image).code(), StatusCode::kOk);
  EXPECT_EQ(image.pixels, (std::vector<uint8_t>{255, 0, 0, 255}));
}

TEST(ImageIo, WritingToAFullDeviceIsAnError) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  Rgba8Image image;
  image.width = 64;
  image.height = 64;
  image.pixels.assign(64 * 64 * 4, 0x5A);
  const Status st = WritePngRgba8("/dev/full", image);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("/dev/full"), std::string::npos) << st.message();
  // A PNG that round-trips, so the checks do not reject good writes.
  const std::filesystem::path path = TempPath("ok.png");
  ASSERT_TRUE(WritePngRgba8(path.string(), image).ok());
  Rgba8Image back;
  ASSERT_TRUE(LoadRgba8(path.string(), &back).ok());
  EXPECT_EQ(back.pixels, image.pixels);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace texunit::render
