// `texunit run`: the documented examples (docs/replay-format.md holds each example's command and
// its expected output, computed by hand), input errors (exit 2, naming the field path) and
// instruction failures (exit 1, the Status in "status").
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "texunit/descriptors.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string ReadText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteText(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct BadInput {
  const char* name;
  std::string state;
  std::string message;  // expected in stderr
};

class ReplayCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("texunit_replay_" + std::to_string(::getpid()) + "_" + info->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Runs the CLI with `args` (already shell-quoted as needed) in directory `cwd`.
  CliResult Run(const std::string& args, const fs::path& cwd, const std::string& stdin_text = "") {
    const fs::path in = dir_ / "stdin.txt";
    WriteText(in, stdin_text);
    return RunWithStdin(args, cwd, in);
  }
  // The same with standard input read from `in` (a file, a directory, a device). `timeout` only
  // keeps a regression from hanging the suite: a hung run exits 124 and fails its test.
  CliResult RunWithStdin(const std::string& args, const fs::path& cwd, const fs::path& in) {
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string cmd = "cd " + Quote(cwd.string()) + " && timeout 20 " + TEXUNIT_CLI_COMMAND +
                            " " + args + " <" + Quote(in.string()) + " >" + Quote(out.string()) +
                            " 2>" + Quote(err.string());
    const int rc = std::system(cmd.c_str());
    CliResult r;
    r.exit_code = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    r.out = ReadText(out);
    r.err = ReadText(err);
    return r;
  }
  // Writes `state` to a file in the test directory and runs `texunit run <file>`.
  CliResult RunState(const std::string& state, const std::string& extra_args = "") {
    const fs::path p = dir_ / "state.json";
    WriteText(p, state);
    return Run("run " + extra_args + " state.json", dir_);
  }

  // Each state exits 2 with its message in stderr and nothing on stdout.
  void ExpectRefused(std::span<const BadInput> cases) {
    for (const BadInput& c : cases) {
      SCOPED_TRACE(c.name);
      const CliResult r = RunState(c.state);
      EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
      EXPECT_NE(r.err.find(c.message), std::string::npos) << "stderr: " << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }

  fs::path dir_;
};

// ---- The documented examples ----

struct DocExample {
  std::string args;      // after "texunit "
  std::string expected;  // the JSON the doc shows
};

// Every ```console block of docs/replay-format.md whose first line is "$ texunit run ...".
std::vector<DocExample> DocumentedExamples() {
  const std::string doc = ReadText(fs::path(TEXUNIT_SOURCE_DIR) / "docs" / "replay-format.md");
  std::vector<DocExample> examples;
  const std::string open = "```console\n$ texunit ";
  size_t pos = 0;
  while ((pos = doc.find(open, pos)) != std::string::npos) {
    const size_t args_begin = pos + open.size();
    const size_t args_end = doc.find('\n', args_begin);
    const size_t close = doc.find("\n```", args_end);
    if (args_end == std::string::npos || close == std::string::npos) break;
    DocExample e;
    e.args = doc.substr(args_begin, args_end - args_begin);
    e.expected = doc.substr(args_end + 1, close - args_end - 1);
    if (e.args.rfind("run ", 0) == 0) examples.push_back(e);
    pos = close;
  }
  return examples;
}

TEST_F(ReplayCliTest, DocumentedExamplesProduceTheDocumentedOutput) {
  const std::vector<DocExample> examples = DocumentedExamples();
  ASSERT_GE(examples.size(), 4u) << "docs/replay-format.md lost its examples";
  for (const DocExample& e : examples) {
    SCOPED_TRACE("texunit " + e.args);
    json expected;
    ASSERT_NO_THROW(expected = json::parse(e.expected)) << e.expected;
    const CliResult r = Run(e.args, TEXUNIT_SOURCE_DIR);
    EXPECT_EQ(r.exit_code, expected["status"] == "ok" ? 0 : 1) << r.err;
    json actual;
    ASSERT_NO_THROW(actual = json::parse(r.out)) << r.out << r.err;
    EXPECT_EQ(actual, expected) << "actual:\n"
                                << actual.dump(2) << "\nexpected:\n"
                                << expected.dump(2);
  }
}

TEST_F(ReplayCliTest, EveryExampleFileIsDocumented) {
  std::set<std::string> documented;
  for (const DocExample& e : DocumentedExamples()) {
    std::istringstream words(e.args);
    std::string w;
    while (words >> w) {
      if (w.rfind("examples/", 0) == 0) documented.insert(w);
    }
  }
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(TEXUNIT_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    const std::string name = "examples/" + entry.path().filename().string();
    EXPECT_TRUE(documented.count(name)) << name << " has no expected output in the doc";
  }
  EXPECT_GE(files, 3);
  for (const char* required : {"examples/image_load_rgba8.json", "examples/image_store_rgba8.json",
                               "examples/image_sample_lz_bilinear.json"}) {
    EXPECT_TRUE(documented.count(required)) << required;
  }
}

// The T# and S# dwords of the examples and of the states below were built by hand from the bit
// tables (docs/replay-format.md, "Writing a T# and an S# by hand"); the codec must agree.
TEST(ReplayExampleDescriptors, HandBuiltDwordsMatchTheEncoder) {
  using namespace texunit;
  const ImageDesc image = MakeImage2D(FormatId::kR8G8B8A8_UNORM, 4, 4, 1, 0x100000);
  uint32_t t[8] = {};
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, image, t).ok());
  const uint32_t t_by_hand[8] = {0x00001000, 0x00a00000, 0x0000c003, 0x90800fac,
                                 0x00006000, 0,          0,          0};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(t[i], t_by_hand[i]) << "T# W" << i;

  // examples/image_load_bc1.json: the same image in BC1 UNORM; image_load_d16_gfx9.json: the
  // RGBA8 image on gfx9 (W3's SW_MODE 0 is linear).
  ImageDesc bc1 = image;
  bc1.format = FormatId::kBC1_UNORM;
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx8, bc1, t).ok());
  EXPECT_EQ(t[1], 0x02300000u);
  ASSERT_TRUE(EncodeImageDesc(Gfx::kGfx9, image, t).ok());
  const uint32_t t9_by_hand[8] = {0x00001000, 0x00a00000, 0x0000c003, 0x90000fac,
                                  0x00006000, 0,          0,          0};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(t[i], t9_by_hand[i]) << "gfx9 T# W" << i;

  SamplerDesc sampler;
  sampler.xy_mag_filter = sampler.xy_min_filter = XyFilter::kBilinear;
  sampler.max_lod = 15 * 256;
  uint32_t s[4] = {};
  ASSERT_TRUE(EncodeSamplerDesc(Gfx::kGfx8, sampler, s).ok());
  const uint32_t s_by_hand[4] = {0x00000000, 0x00f00000, 0x00500000, 0x00000000};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(s[i], s_by_hand[i]) << "S# W" << i;
}

// ---- Inline states ----

// The T# of a linear 4x4 8_8_8_8 UNORM 2D image at 0x100000 (GFX8), built from the bit table in
// docs/replay-format.md: the same dwords as the examples.
constexpr const char* kTsharp =
    R"(["0x00001000", "0x00a00000", "0x0000c003", "0x90800fac", "0x00006000", "0x0", "0x0", "0x0"])";
// Texel (x, y) = {85x, 85y, 0, 255}.
constexpr const char* kTexture = R"(["000000ff 550000ff aa0000ff ff0000ff",
    "005500ff 555500ff aa5500ff ff5500ff", "00aa00ff 55aa00ff aaaa00ff ffaa00ff",
    "00ff00ff 55ff00ff aaff00ff ffff00ff"])";

std::string LoadState(const std::string& vgprs, const std::string& memory) {
  return std::string(R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"],
      "lane_count": 4, "sgprs": {"8": )") +
         kTsharp + "}, \"vgprs\": " + vgprs + ", \"memory\": " + memory + "}";
}

std::string TextureMemory(bool writable = true) {
  return std::string("[{\"address\": \"0x100000\", \"hex\": ") + kTexture +
         (writable ? "" : ", \"writable\": false") + "}]";
}

TEST_F(ReplayCliTest, LoadFromInlineState) {
  const CliResult r =
      RunState(LoadState(R"({"4": [1, 3, 0, 2], "5": [2, 0, 3, 3]})", TextureMemory()));
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["status"], "ok");
  EXPECT_EQ(out["asm"], "image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm");
  // R = x/3, G = y/3: 1/3 = 0x3eaaaaab, 2/3 = 0x3f2aaaab.
  EXPECT_EQ(out["vgprs"]["0"], json({"0x3eaaaaab", "0x3f800000", "0x00000000", "0x3f2aaaab"}));
  EXPECT_EQ(out["vgprs"]["1"], json({"0x3f2aaaab", "0x00000000", "0x3f800000", "0x3f800000"}));
  EXPECT_EQ(out["vgprs"].size(), 4u);
  EXPECT_EQ(out["memory_changes"], json::array());
}

TEST_F(ReplayCliTest, AdjacentMemoryEntriesFormOneImage) {
  // Rows 0-1 and rows 2-3 given separately; texel (3, 3) is in the second entry.
  const std::string memory = R"([
      {"address": "0x100000", "hex": "000000ff 550000ff aa0000ff ff0000ff 005500ff 555500ff aa5500ff ff5500ff"},
      {"address": 1048608, "hex": "00aa00ff 55aa00ff aaaa00ff ffaa00ff 00ff00ff 55ff00ff aaff00ff ffff00ff"}])";
  const CliResult r = RunState(LoadState(R"({"4": 3, "5": 3})", memory));
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["vgprs"]["0"], json(std::vector<std::string>(4, "0x3f800000")));
  EXPECT_EQ(out["vgprs"]["1"], json(std::vector<std::string>(4, "0x3f800000")));
}

TEST_F(ReplayCliTest, MemoryFromAFileRelativeToTheState) {
  std::string bytes(64, '\0');
  bytes[(2 * 4 + 1) * 4 + 0] = static_cast<char>(0xFF);  // texel (1, 2) = ff000000
  WriteText(dir_ / "tex.bin", bytes);
  const std::string memory =
      R"([{"address": "0x100000", "file": "tex.bin"}, {"address": "0x100040", "fill": 0, "size": 192}])";
  const CliResult r = RunState(LoadState(R"({"4": 1, "5": [2, 2, 1, 2]})", memory));
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["vgprs"]["0"], json({"0x3f800000", "0x3f800000", "0x00000000", "0x3f800000"}));
}

TEST_F(ReplayCliTest, StdinAndFloats) {
  const fs::path p = dir_ / "unused";
  const CliResult r =
      Run("run --floats -", dir_, LoadState(R"({"4": 1, "5": 2})", TextureMemory()));
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  ASSERT_TRUE(out.contains("vgprs_f32"));
  EXPECT_FLOAT_EQ(out["vgprs_f32"]["0"][0].get<double>(), 1.0 / 3.0);
  EXPECT_EQ(out["vgprs_f32"]["3"][0].get<double>(), 1.0);
}

TEST_F(ReplayCliTest, StoreReportsChangedDwords) {
  // image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm; lane 1 inactive. Lane 0 writes texel
  // (0,0) = 000000ff again (no change); lane 2 writes texel (1,0) = 550000ff -> 800000ff
  // (0.5 * 255 = 127.5 rounds to even, 128);
  // lane 3 writes texel (3,3) = ffff00ff -> 00ff00ff.
  const std::string state = std::string(R"({"gfx": "tonga",
      "encoding": "[0x00,0x1f,0x20,0xf0,0x04,0x00,0x02,0x00]", "lane_count": 4, "exec": 13,
      "sgprs": {"s8": )") + kTsharp +
                            R"(},
      "vgprs": {"v4": [0, 2, 1, 3], "v5": [0, 2, 0, 3],
                "v0": [0.0, 1.0, 0.5, 0.0], "v1": [0.0, 1.0, 0.0, 1.0],
                "v2": 0.0, "v3": 1.0},
      "memory": )" + TextureMemory() +
                            "}";
  const CliResult r = RunState(state);
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["vgprs"], json::object());
  EXPECT_EQ(
      out["memory_changes"],
      json::parse(R"([{"address": "0x100004", "size": 4, "hex": "800000ff", "old": "550000ff"},
                            {"address": "0x10003c", "size": 4, "hex": "00ff00ff", "old": "ffff00ff"}])"));
}

TEST_F(ReplayCliTest, StoreToReadOnlyMemoryFails) {
  const std::string state = std::string(R"({"gfx": "gfx8",
      "instruction": ["0xf0201f00", "0x00020004"], "lane_count": 1, "sgprs": {"8": )") +
                            kTsharp + R"(}, "vgprs": {"0": 1.0}, "memory": )" +
                            TextureMemory(false) + "}";
  const CliResult r = RunState(state);
  EXPECT_EQ(r.exit_code, 1) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_NE(out["status"].get<std::string>().find("OUT_OF_RANGE"), std::string::npos)
      << out["status"];
  EXPECT_FALSE(out.contains("vgprs"));
}

TEST_F(ReplayCliTest, InstructionErrorsExitOne) {
  // image_load ... da on a 2D T#.
  const std::string state = std::string(R"({"gfx": "gfx8",
      "instruction": ["0xf0005f00", "0x00020004"], "sgprs": {"8": )") +
                            kTsharp + R"(}, "memory": )" + TextureMemory() + "}";
  CliResult r = RunState(state);
  EXPECT_EQ(r.exit_code, 1) << r.err << r.out;
  json out = json::parse(r.out);
  EXPECT_NE(out["status"].get<std::string>().find("DA"), std::string::npos) << out["status"];

  // An ENCODING field other than 0b111100.
  r = RunState(R"({"gfx": "gfx8", "instruction": ["0x00001f00", "0x00020004"]})");
  EXPECT_EQ(r.exit_code, 1) << r.err << r.out;
  out = json::parse(r.out);
  EXPECT_NE(out["status"].get<std::string>().find("INVALID_ARGUMENT"), std::string::npos);
}

TEST_F(ReplayCliTest, MalformedStatesExitTwoAndNameTheField) {
  const std::string ok_head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  const BadInput cases[] = {
      {"syntax", "{\n  \"gfx\": \"gfx8\",\n}\n", "line 3"},
      {"not an object", "[1, 2]", "expected a JSON object"},
      {"missing gfx", R"({"instruction": ["0xf0001f00", "0x00020004"]})", "gfx: missing"},
      {"bad gfx", R"({"gfx": "gfx99", "instruction": ["0x0"]})", "gfx: "},
      {"no instruction", R"({"gfx": "gfx8"})", "instruction: "},
      {"both forms", ok_head + R"("encoding": "[0x00]"})", "exactly one"},
      {"bad dword", R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x0002000g"]})",
       "instruction[1]: \"0x0002000g\" is not a hex number"},
      {"unknown field", ok_head + R"("vgpr": {}})", "vgpr: unknown field"},
      {"bad lane value", ok_head + R"("vgprs": {"4": [1, "0xzz"]}})", "vgprs.4[1]"},
      {"too many lanes", ok_head + R"("lane_count": 2, "vgprs": {"4": [1, 2, 3]}})", "vgprs.4"},
      {"bad vgpr key", ok_head + R"("vgprs": {"x4": 1}})", "vgprs.x4"},
      {"vgpr index", ok_head + R"("vgprs": {"256": 1}})", "vgprs.256"},
      {"sgpr twice", ok_head + R"("sgprs": {"8": [1, 2], "9": 3}})", "s9 is set twice"},
      {"sgpr range", ok_head + R"("sgprs": {"100": [1, 2, 3, 4, 5]}})", "sgprs.100[4]"},
      {"too big", ok_head + R"("vgprs": {"4": 4294967296}})", "vgprs.4"},
      {"float range", ok_head + R"("vgprs": {"4": 1e39}})", "vgprs.4"},
      {"lane_count", ok_head + R"("lane_count": 65})", "lane_count"},
      {"exec", ok_head + R"("exec": -1})", "exec"},
      {"odd hex", ok_head + R"("memory": [{"address": 0, "hex": "fff"}]})", "memory[0].hex"},
      {"0x hex", ok_head + R"("memory": [{"address": 0, "hex": "0xff"}]})", "memory[0].hex"},
      {"row hex", ok_head + R"("memory": [{"address": 0, "hex": ["ff", "f g"]}]})",
       "memory[0].hex[1]"},
      {"no source", ok_head + R"("memory": [{"address": 0}]})", "memory[0]"},
      {"no address", ok_head + R"("memory": [{"hex": "00"}]})", "memory[0].address: missing"},
      {"fill size", ok_head + R"("memory": [{"address": 0, "fill": 0}]})", "memory[0].size"},
      {"fill byte", ok_head + R"("memory": [{"address": 0, "fill": 256, "size": 4}]})",
       "memory[0].fill"},
      {"huge fill", ok_head + R"("memory": [{"address": 0, "fill": 0, "size": 4294967296}]})",
       "memory[0].size"},
      {"missing file", ok_head + R"("memory": [{"address": 0, "file": "nope.bin"}]})",
       "memory[0].file: cannot open"},
      {"writable overlap", ok_head + R"("memory": [{"address": 0, "fill": 0, "size": 8},
                   {"address": 4, "hex": "00", "writable": false}]})",
       "memory[1]"},
  };
  ExpectRefused(cases);
}

// Issue 9, items 4 and 5: inputs that crashed or hung `texunit run` exit 2 naming the problem.
TEST_F(ReplayCliTest, HostileStatesExitTwoWithoutCrashingOrHanging) {
  const std::string ok_head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  fs::create_directories(dir_ / "a_directory");
  const BadInput cases[] = {
      // The error path's dump() recursed through 100000 levels.
      {"deep nesting",
       ok_head + R"("lane_count": )" + std::string(100000, '[') + std::string(100000, ']') + "}",
       "nested deeper than 64 levels"},
      // nlohmann's out_of_range escaped.
      {"double overflow", ok_head + R"("exec": 1e400})", "exec: number overflow parsing '1e400'"},
      // std::ios_failure escaped; /dev/zero was read without end.
      {"directory file", ok_head + R"("memory": [{"address": 0, "file": "a_directory"}]})",
       "memory[0].file: a_directory is not a regular file"},
      {"device file", ok_head + R"("memory": [{"address": 0, "file": "/dev/zero"}]})",
       "memory[0].file: '/dev/zero' is an absolute path"},
      // offset + size wrapped 64 bits and std::length_error escaped.
      {"wrapping size", ok_head + R"("memory": [{"address": 0, "file": "four.bin", "offset": 2,
                   "size": "0xffffffffffffffff"}]})",
       "memory[0].size"},
  };
  WriteText(dir_ / "four.bin", "abcd");
  // Issue 9 item 7: inputs that were accepted silently.
  const std::string nul = ok_head + R"("exec": 1})" + std::string(1, '\0') + "trailing bytes";
  const BadInput silent[] = {
      {"duplicate key", ok_head + R"("gfx": "gfx9"})", "gfx: duplicate key"},
      {"nested duplicate", ok_head + R"("vgprs": {"4": 1, "4": 2}})", "vgprs.4: duplicate key"},
      {"huge integer", ok_head + R"("vgprs": {"4": 123456789012345678901234}})",
       "vgprs.4: the integer 123456789012345678901234 does not fit in 64 bits"},
      {"extra dwords", R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004", "0x0"]})",
       "instruction: a gfx8 MIMG instruction is at most 2 dwords, got 3 dwords"},
      {"after a NUL", nul, "a NUL byte at line 1"},
      {"after the document", ok_head + R"("exec": 1} {})", "expected end of input"},
  };
  ExpectRefused(silent);
  ExpectRefused(cases);
  // Allowed to name it, /dev/zero is still refused unread.
  const CliResult zero =
      RunState(ok_head + R"("memory": [{"address": 0, "file": "/dev/zero"}]})", "--allow-any-path");
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("memory[0].file: /dev/zero is not a regular file"), std::string::npos)
      << zero.err;
  // The state itself: a directory, a device, and an endless stdin; each ends at once.
  const CliResult dir = Run("run a_directory", dir_);
  EXPECT_EQ(dir.exit_code, 2);
  EXPECT_NE(dir.err.find("a_directory is not a regular file"), std::string::npos) << dir.err;
  const CliResult dev = Run("run /dev/zero", dir_);
  EXPECT_EQ(dev.exit_code, 2);
  EXPECT_NE(dev.err.find("/dev/zero is not a regular file"), std::string::npos) << dev.err;
  const CliResult endless = RunWithStdin("run -", dir_, "/dev/zero");
  EXPECT_EQ(endless.exit_code, 2);
  EXPECT_NE(endless.err.find("standard input holds more than the 67108864 bytes a state may have"),
            std::string::npos)
      << endless.err;
  EXPECT_TRUE(endless.out.empty());
}

// Issue 9 item 6: a state reads files from its own directory only, unless --allow-any-path.
TEST_F(ReplayCliTest, FilesStayInTheStatesDirectory) {
  const fs::path inner = dir_ / "state_dir";
  fs::create_directories(inner / "sub");
  WriteText(dir_ / "outside.bin", std::string(16, 'x'));
  WriteText(inner / "sub" / "inside.bin", std::string(16, 'y'));
  fs::create_symlink(dir_ / "outside.bin", inner / "link.bin");
  const std::string head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  auto state_with = [&](const std::string& file) {
    return head + R"("memory": [{"address": "0x1000", "file": )" + json(file).dump() + "}]}";
  };
  struct PathCase {
    const char* name;
    std::string file;
    const char* message;  // empty: allowed
  };
  const PathCase cases[] = {
      {"inside", "sub/inside.bin", ""},
      {"dot-dot back inside", "sub/../sub/inside.bin", ""},
      {"parent", "../outside.bin", "leaves the state's directory"},
      {"absolute", (dir_ / "outside.bin").string(), "is an absolute path"},
      {"symlink out", "link.bin", "leaves the state's directory"},
  };
  for (const PathCase& c : cases) {
    SCOPED_TRACE(c.name);
    WriteText(inner / "state.json", state_with(c.file));
    const CliResult r = Run("run state_dir/state.json", dir_);
    if (*c.message == '\0') {
      EXPECT_EQ(r.exit_code, 0) << r.err;
      continue;
    }
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--allow-any-path"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
    // The flag lifts the rule.
    EXPECT_EQ(Run("run --allow-any-path state_dir/state.json", dir_).exit_code, 0);
  }
}

TEST_F(ReplayCliTest, BadCommandLinesExitTwo) {
  EXPECT_EQ(Run("run", dir_).exit_code, 2);
  EXPECT_EQ(Run("run a.json b.json", dir_).exit_code, 2);
  EXPECT_EQ(Run("run --bogus x.json", dir_).exit_code, 2);
  const CliResult missing = Run("run does_not_exist.json", dir_);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("does_not_exist.json"), std::string::npos);
  const CliResult help = Run("run --help", dir_);
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("texunit run"), std::string::npos);
  // The help states where "file" entries may come from, for a file and for standard input.
  EXPECT_NE(help.out.find("relative to the state file's directory"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("the current directory for -"), std::string::npos) << help.out;
}

TEST_F(ReplayCliTest, OverlappingEntriesLaterWins) {
  // A zero fill with texel (2, 1) patched in by a later entry.
  const std::string memory = R"([{"address": "0x100000", "fill": 0, "size": 64},
      {"address": "0x100018", "hex": "00ff00ff"}])";
  const CliResult r = RunState(LoadState(R"({"4": [2, 1], "5": [1, 1]})", memory));
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["vgprs"]["1"][0], "0x3f800000");
  EXPECT_EQ(out["vgprs"]["1"][1], "0x00000000");
}

// A key given twice is an error wherever it appears (nlohmann keeps the last one silently), and
// the message names its path; so is one register given under both spellings of its key.
TEST_F(ReplayCliTest, DuplicateKeysNameTheirPath) {
  const std::string head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  const BadInput cases[] = {
      {"top level", head + R"("gfx": "gfx9"})", "texunit run: state.json: gfx: duplicate key\n"},
      {"in an object", head + R"("vgprs": {"4": 1, "5": 2, "4": 3}})",
       "texunit run: state.json: vgprs.4: duplicate key\n"},
      {"in a list's object",
       head + R"("memory": [{"address": 0, "hex": "00"}, {"address": 8, "hex": "00",
                 "address": 16}]})",
       "texunit run: state.json: memory[1].address: duplicate key\n"},
      {"in a comment", head + R"("comment": [{"a": 1}, {"b": 2, "b": 3}]})",
       "texunit run: state.json: comment[1].b: duplicate key\n"},
      {"a vgpr spelt twice", head + R"("vgprs": {"4": 1, "v4": 2}})",
       "texunit run: state.json: vgprs.v4: v4 is set twice\n"},
  };
  for (const BadInput& c : cases) {
    SCOPED_TRACE(c.name);
    const CliResult r = RunState(c.state);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_EQ(r.err, c.message);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// An integer literal beyond 64 bits, of either sign, was read as a double whose float bits a
// register then took; one within 64 bits but beyond 32 is refused by the register.
TEST_F(ReplayCliTest, IntegersBeyondTheirFieldAreErrorsOfEitherSign) {
  const std::string head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  const BadInput cases[] = {
      {"2^64", head + R"("vgprs": {"4": 18446744073709551616}})",
       "vgprs.4: the integer 18446744073709551616 does not fit in 64 bits"},
      {"-10^19", head + R"("vgprs": {"4": [1, -10000000000000000000]}})",
       "vgprs.4[1]: the integer -10000000000000000000 does not fit in 64 bits"},
      {"below int64", head + R"("sgprs": {"8": [0, -9223372036854775809]}})",
       "sgprs.8[1]: the integer -9223372036854775809 does not fit in 64 bits"},
      {"an address", head + R"("memory": [{"address": 123456789012345678901234, "hex": "00"}]})",
       "memory[0].address: the integer 123456789012345678901234 does not fit in 64 bits"},
      {"2^64 - 1 in a dword", head + R"("vgprs": {"4": 18446744073709551615}})",
       "vgprs.4: 18446744073709551615 does not fit in 32 bits"},
      {"-2^31 - 1 in a dword", head + R"("vgprs": {"4": -2147483649}})",
       "vgprs.4: -2147483649 does not fit in 32 bits"},
  };
  ExpectRefused(cases);
}

// Digits after the point or in the exponent make a float however many there are; only integer
// literals are held to 64 bits.
TEST_F(ReplayCliTest, LongFractionsAndExponentsAreFloats) {
  // EXEC 0: no lane runs, so the written registers show the values the state gave them.
  const CliResult r = RunState(R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"],
      "lane_count": 1, "exec": 0, "vgprs": {"0": 0.333333333333333333333333333,
      "1": 1E+000000000000000000000000, "2": 25000000000000000000000e-23, "3": -0.5e0}})");
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["vgprs"], json::parse(R"({"0": ["0x3eaaaaab"], "1": ["0x3f800000"],
                                          "2": ["0x3e800000"], "3": ["0xbf000000"]})"));
}

// A state read from something that is not a regular file: refused with the reason, without
// waiting on it.
TEST_F(ReplayCliTest, StateInputsThatAreNotFiles) {
  // Standard input redirected from a directory: the read fails, which was reported as an empty
  // document.
  const CliResult dir = RunWithStdin("run -", dir_, dir_);
  EXPECT_EQ(dir.exit_code, 2) << dir.out << dir.err;
  EXPECT_NE(dir.err.find("texunit run: cannot read standard input: Is a directory"),
            std::string::npos)
      << dir.err;
  EXPECT_TRUE(dir.out.empty()) << dir.out;
  // A FIFO nobody writes to: opening it for reading would wait for a writer.
  ASSERT_EQ(::mkfifo((dir_ / "pipe").c_str(), 0600), 0);
  const CliResult state = Run("run pipe", dir_);
  EXPECT_EQ(state.exit_code, 2) << state.out << state.err;
  EXPECT_NE(state.err.find("texunit run: pipe is not a regular file"), std::string::npos)
      << state.err;
  const CliResult file = RunState(
      R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"],
          "memory": [{"address": 0, "file": "pipe"}]})");
  EXPECT_EQ(file.exit_code, 2) << file.out << file.err;
  EXPECT_NE(file.err.find("memory[0].file: pipe is not a regular file"), std::string::npos)
      << file.err;
}

// The 1 GiB a state's memory may hold is checked before an entry's bytes are read or made: the
// entry that would pass it is named by the field that sets its size, and never allocated.
TEST_F(ReplayCliTest, MemoryLimitIsCheckedBeforeAnEntryIsMade) {
  WriteText(dir_ / "eight.bin", "abcdefgh");
  const std::string head = R"({"gfx": "gfx8", "instruction": ["0xf0001f00", "0x00020004"], )";
  const BadInput cases[] = {
      {"two fills", head + R"("memory": [{"address": 0, "fill": 0, "size": 805306368},
                  {"address": "0x100000000", "fill": 0, "size": 805306368}]})",
       "state.json: memory[1].size: 805306368 bytes would take the state past its 1073741824 bytes "
       "of memory (268435456 left)"},
      {"a fill and a file", head + R"("memory": [{"address": 0, "fill": 0, "size": 1073741820},
                  {"address": "0x100000000", "file": "eight.bin", "offset": 2}]})",
       "state.json: memory[1].file: 6 bytes would take the state past its 1073741824 bytes of "
       "memory (4 left)"},
  };
  ExpectRefused(cases);
}

}  // namespace
