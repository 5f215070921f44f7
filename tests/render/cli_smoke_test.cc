// Runs the `texunit` binary's render, bench and info commands end to end.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "render/image_io.h"

namespace texunit::render {
namespace {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

// The CLI is built by its own target; without it these tests skip rather than fail.
bool CliBuilt() { return std::filesystem::exists(TEXUNIT_CLI); }

CommandResult RunCli(const std::string& args) {
  const std::string command = std::string(TEXUNIT_CLI_COMMAND) + " " + args + " 2>&1";
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::filesystem::path TempPath(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("texunit_render_test_" + std::to_string(getpid()) + "_" + name);
}

TEST(CliSmokeTest, RenderWritesAPngOfTheRequestedSize) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  const std::filesystem::path out = TempPath("render.png");
  const CommandResult r = RunCli("render --width 96 --height 40 --threads 1 --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("96x40"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Msamples/s"), std::string::npos) << r.output;
  Rgba8Image image;
  ASSERT_TRUE(LoadRgba8(out.string(), &image).ok());
  EXPECT_EQ(image.width, 96u);
  EXPECT_EQ(image.height, 40u);
  // Top row is sky (blue above red), bottom row is the textured plane.
  EXPECT_GT(image.pixels[2], image.pixels[0]);
  std::filesystem::remove(out);
}

TEST(CliSmokeTest, RenderLoadsATextureFile) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  const std::filesystem::path texture = TempPath("texture.png");
  const std::filesystem::path out = TempPath("textured.png");
  ASSERT_EQ(RunCli("render --width 50 --height 30 --out " + texture.string()).exit_code, 0);
  const CommandResult r = RunCli("render --width 64 --height 48 --format unorm --texture " +
                                 texture.string() + " --out=" + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  Rgba8Image image;
  ASSERT_TRUE(LoadRgba8(out.string(), &image).ok());
  EXPECT_EQ(image.width, 64u);
  EXPECT_EQ(image.height, 48u);
  EXPECT_EQ(RunCli("render --texture " + TempPath("missing.png").string()).exit_code, 1);
  std::filesystem::remove(texture);
  std::filesystem::remove(out);
}

// Issue 9, items 10 and 11: a failed write is reported, and the thread count printed is the
// one that ran.
TEST(CliSmokeTest, RenderReportsAFullDiskAndTheThreadsItUsed) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  if (std::filesystem::exists("/dev/full")) {
    const CommandResult full = RunCli("render --width 32 --height 16 --out /dev/full");
    EXPECT_EQ(full.exit_code, 1) << full.output;
    EXPECT_NE(full.output.find("cannot write PNG '/dev/full'"), std::string::npos) << full.output;
  }
  const std::filesystem::path out = TempPath("threads.png");
  const CommandResult r =
      RunCli("render --width 32 --height 16 --threads 4096 --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::smatch m;
  const std::regex threads_re("(\\d+) threads?");
  ASSERT_TRUE(std::regex_search(r.output, m, threads_re)) << r.output;
  const int used = std::stoi(m[1]);
  EXPECT_GE(used, 1);
  EXPECT_LE(used, static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) << r.output;
  std::filesystem::remove(out);
}

TEST(CliSmokeTest, RenderRejectsUnknownOptions) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  const CommandResult r = RunCli("render --bogus 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("unknown option --bogus"), std::string::npos) << r.output;
}

TEST(CliSmokeTest, RenderBvhSceneWritesAPng) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  for (const char* boxes : {"box32", "box16"}) {
    const std::filesystem::path out = TempPath(std::string("bvh_") + boxes + ".png");
    const CommandResult r = RunCli("render --scene bvh --boxes " + std::string(boxes) +
                                   " --width 72 --height 40 --threads 1 --out " + out.string());
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("72x40, 2880 rays"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Mrays/s"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(std::string(boxes) + " nodes"), std::string::npos) << r.output;
    Rgba8Image image;
    ASSERT_TRUE(LoadRgba8(out.string(), &image).ok());
    EXPECT_EQ(image.width, 72u);
    EXPECT_EQ(image.height, 40u);
    // The top-left corner is sky (blue above red); the knot in the middle is not.
    EXPECT_GT(image.pixels[2], image.pixels[0]);
    const uint8_t* centre = &image.pixels[(20 * 72 + 36) * 4];
    EXPECT_NE(std::vector<uint8_t>(centre, centre + 3),
              std::vector<uint8_t>(image.pixels.begin(), image.pixels.begin() + 3));
    std::filesystem::remove(out);
  }
}

TEST(CliSmokeTest, RenderRejectsUnknownScenesAndOtherScenesOptions) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  CommandResult r = RunCli("render --scene teapot");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--scene=teapot is not one of ground|bvh"), std::string::npos)
      << r.output;
  r = RunCli("render --scene bvh --aniso 4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--aniso does not apply to --scene bvh"), std::string::npos) << r.output;
  r = RunCli("render --boxes box16");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--boxes does not apply to --scene ground"), std::string::npos)
      << r.output;
}

TEST(CliSmokeTest, BenchPrintsOneLine) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  const CommandResult r = RunCli(
      "bench --op sample_lz --filter bilinear --format rgba8 --size 64 --coords coherent "
      "--threads 1 --seconds 0.05");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::regex line(
      "[0-9]+\\.[0-9] Msamples/s target=[A-Z0-9_]+ threads=1 op=sample_lz filter=bilinear "
      "format=rgba8 size=64 coords=coherent box_reads=(on|off)\n");
  EXPECT_TRUE(std::regex_match(r.output, line)) << r.output;
}

TEST(CliSmokeTest, BenchRejectsBadValues) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  // The --vs cases fail before any peer starts (or say the build has no peers).
  for (const char* args :
       {"bench --op sample_x", "bench --size 0", "bench --size=abc", "bench --coords",
        "bench --seconds -1", "bench --box-reads sometimes", "bench extra", "bench --vs bogus",
        "bench --vs lavapipe --op load", "bench --vs lavapipe,opencv --size 12"}) {
    const CommandResult r = RunCli(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
    EXPECT_FALSE(r.output.empty()) << args;
  }
}

TEST(CliSmokeTest, InfoListsTargetsAndInstructions) {
  if (!CliBuilt()) GTEST_SKIP() << TEXUNIT_CLI << " is not built";
  const CommandResult r = RunCli("info --threads 1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("targets compiled:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("threads:           1"), std::string::npos) << r.output;
  // The release's table, every member of each implemented family run once.
  EXPECT_NE(r.output.find("IMAGE_SAMPLE             40 ops\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("IMAGE_GATHER4            24 ops\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("IMAGE_BVH_INTERSECT_RAY  1 op\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("IMAGE_GATHER4H           1 op\n"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("failing"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace texunit::render
