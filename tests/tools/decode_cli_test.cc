// `texunit decode`, run as a user would: the built binary (TEXUNIT_CLI), its stdout, stderr and
// exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Result RunDecode(const std::string& args) {
  // ctest runs each test in its own process, several at once: the pid keeps their files apart.
  const std::string stem = ::testing::TempDir() + "decode_cli_" + std::to_string(::getpid());
  const std::string out_path = stem + "_out.txt";
  const std::string err_path = stem + "_err.txt";
  const std::string cmd = std::string(TEXUNIT_CLI_COMMAND) + " decode " + args + " >'" + out_path +
                          "' 2>'" + err_path + "'";
  Result r;
  const int status = std::system(cmd.c_str());
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out_path);
  r.err = ReadFile(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

TEST(DecodeCli, HexDwords) {
  const Result r = RunDecode("--gfx gfx8 0xf0bc0f00 0x00820004");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(FirstLine(r.out), "image_sample_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf");
  EXPECT_NE(r.out.find("\nopcode: 0x2f image_sample_c_lz\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nvaddr: v[4:6] (3 dwords for 2d: z-compare, x, y)\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nssamp: s[16:19] (SSAMP=4)\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(DecodeCli, LlvmMcByteList) {
  // As llvm-mc prints it, quoted or split by the shell at the spaces.
  for (const char* words : {"'[0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00]'",
                            "[0x00, 0x0f, 0x80, 0xf0, 0x04, 0x00, 0x82, 0x00]",
                            "0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00"}) {
    SCOPED_TRACE(words);
    const Result r = RunDecode(std::string("--gfx tahiti ") + words);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(FirstLine(r.out), "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf");
    EXPECT_NE(r.out.find("\ngfx: gfx6\n"), std::string::npos);
  }
}

TEST(DecodeCli, AllModifiersAndDimOption) {
  Result r = RunDecode("--gfx=gfx9 '[0x00,0x0f,0x88,0xf0,0x04,0x00,0x82,0x00]'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(FirstLine(r.out), "image_sample_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf");
  r = RunDecode("--gfx gfx9 --dim cube '[0x00,0x0f,0x88,0xf0,0x04,0x00,0x82,0x00]'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(FirstLine(r.out), "image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf");
  EXPECT_NE(r.out.find("for cube: ds/dx, dt/dx, ds/dy, dt/dy, x, y, face)"), std::string::npos)
      << r.out;
  r = RunDecode("--gfx gfx8 '[0x00,0xf1,0x03,0xf2,0x01,0x05,0x02,0x80]'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(FirstLine(r.out),
            "image_load v[5:6], v[1:3], s[8:15] dmask:0x1 unorm glc slc r128 tfe lwe da d16");
}

TEST(DecodeCli, Gfx10AndGfx1030GoToTheRdnaFrontEnd) {
  // llvm-mc -mcpu=gfx1010|gfx1030: image_sample v[0:3], [v4, v7], s[0:7], s[8:11] dmask:0xf
  // dim:SQ_RSRC_IMG_2D (NSA, 3 dwords).
  for (const char* gen : {"gfx10", "gfx1010", "gfx1030"}) {
    SCOPED_TRACE(gen);
    const Result r = RunDecode(std::string("--gfx ") + gen +
                               " '[0x0a,0x0f,0x80,0xf0,0x04,0x00,0x40,0x00,0x07,0x00,0x00,0x00]'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(FirstLine(r.out),
              "image_sample v[0:3], [v4, v7], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D");
    EXPECT_NE(r.out.find("\nvaddr: [v4, v7] (NSA=1, 2 dwords: x, y)\n"), std::string::npos)
        << r.out;
  }
  Result r = RunDecode("--gfx gfx1030 0xf1989f01 0x00000004");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(FirstLine(r.out), "image_bvh_intersect_ray v[0:3], v[4:19], s[0:3]");
  r = RunDecode("--gfx gfx10 0xf1989f01 0x00000004");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("MIMG.OP=0xe6 is not an opcode on gfx10"), std::string::npos) << r.err;
  r = RunDecode("--gfx gfx10 0xf0800f0a 0x00400004");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("MIMG.NSA=1 needs 3 dwords, got 2"), std::string::npos) << r.err;
  r = RunDecode("--gfx gfx10 0xf0800f08 0x00400004 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is 2 dwords (NSA=0), got 3 dwords"), std::string::npos) << r.err;
  r = RunDecode("--gfx gfx10 --dim 3d 0xf0800f08 0x00400004");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("encodes its DIM"), std::string::npos) << r.err;
}

TEST(DecodeCli, BadInputExitsWithTwo) {
  struct Case {
    const char* args;
    const char* message;
  } const cases[] = {
      {"0xf0800f00 0x00820004", "--gfx is required"},
      {"--gfx gfx5 0xf0800f00 0x00820004", "--gfx gfx5 is not one of"},
      {"--gfx gfx8 --dim 4d 0xf0800f00 0x00820004", "--dim 4d is not one of"},
      {"--gfx gfx8 --frobnicate 0xf0800f00 0x00820004", "unknown option --frobnicate"},
      {"--gfx gfx8", "no instruction words given"},
      {"--gfx gfx8 0xf0800f00", "is 2 dwords (8 bytes), got 1 dwords"},
      {"--gfx gfx8 0xf0800f00 zz", "'zz' is not a hex dword"},
      {"--gfx gfx8 0x1f0800f00 0x00820004", "'0x1f0800f00' is not a hex dword"},
      {"--gfx gfx8 '[0x00,0x0f,0x80]'", "multiple of 4 bytes"},
      {"--gfx gfx8 '[0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x100]'", "'0x100' is not a hex byte"},
      {"--gfx gfx8 0xf03c0f00 0x00820004", "MIMG.OP=0xf is not an opcode on gfx8"},
      {"--gfx gfx7 0xf0800f00 0x80820004", "MIMG.D16=1 is not available on gfx7"},
      {"--gfx gfx8 0xe0800f00 0x00820004", "MIMG.ENCODING=0x38"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const Result r = RunDecode(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(DecodeCli, Help) {
  const Result r = RunDecode("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("usage: texunit decode"), std::string::npos);
}

}  // namespace
