// `texunit decode`: decodes a MIMG instruction and prints llvm-mc's text for it, then every field.
//
//   texunit decode --gfx gfx8 0xf0bc0f00 0x00820004
//   texunit decode --gfx gfx9 --dim cube '[0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00]'
//   texunit decode --gfx gfx1030 '[0x0a,0x0f,0x80,0xf0,0x04,0x00,0x40,0x00,0x07,0x00,0x00,0x00]'
//
// Words are little-endian dwords in hex (the 0x is optional), or the byte list llvm-mc prints
// (`[0x00,0x0f,...]`, brackets optional, commas and/or spaces between bytes).
// GFX6-9 words go to the GCN front end, gfx10/gfx1030 words (2 dwords plus NSA dwords) to the RDNA
// front end. Exit status: 0 decoded; 1 a valid request this command cannot serve (an opcode
// texunit does not model); 2 bad input: a bad command line or words that are not a valid
// instruction for the generation.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "command.h"
#include "isa/gcn/mimg_disasm.h"
#include "texunit/gcn.h"
#include "texunit/rdna.h"

namespace texunit::cli {

namespace {

constexpr const char* kUsage =
    "usage: texunit decode --gfx gfx6|gfx7|gfx8|gfx9|gfx10|gfx1030 [--dim DIM] WORDS...\n"
    "\n"
    "Decodes one MIMG instruction. The first line printed is the disassembly exactly as llvm-mc\n"
    "writes it; then one `field: value` line per decoded field.\n"
    "\n"
    "  WORDS      little-endian dwords in hex (0xf0800f00 0x00820004), or the byte list llvm-mc\n"
    "             prints ([0x00,0x0f,0x80,0xf0,0x04,0x00,0x82,0x00], brackets optional)\n"
    "  --gfx G    gfx6 (tahiti), gfx7 (bonaire), gfx8 (tonga), gfx9 (gfx900), gfx10 (gfx1010),\n"
    "             gfx1030; gfx10/gfx1030 instructions are 2 dwords plus their NSA dwords\n"
    "  --dim D    GFX6-9 only: image type the VADDR width is computed for (the encoding does\n"
    "             not say): 1d 2d 3d cube 1d_array 2d_array 2d_msaa 2d_msaa_array; default 2d,\n"
    "             2d_array when the instruction has DA set (GFX10 encodes DIM)\n"
    "\n"
    "exit status: 0 decoded; 1 unsupported here (an opcode texunit does not model); 2 bad\n"
    "input (command line, or words that are not a valid instruction)\n";

int UsageError(const std::string& message) {
  std::fprintf(stderr, "texunit decode: %s\n(see `texunit decode --help`)\n", message.c_str());
  return 2;
}

bool ParseGen(const std::string& s, Gfx* out) {
  struct {
    const char* names[2];
    Gfx gfx;
  } const kGens[] = {
      {{"gfx6", "tahiti"}, Gfx::kGfx6},    {{"gfx7", "bonaire"}, Gfx::kGfx7},
      {{"gfx8", "tonga"}, Gfx::kGfx8},     {{"gfx9", "gfx900"}, Gfx::kGfx9},
      {{"gfx10", "gfx1010"}, Gfx::kGfx10}, {{"gfx1030", "gfx1030"}, Gfx::kGfx1030},
  };
  for (const auto& g : kGens) {
    if (s == g.names[0] || s == g.names[1]) {
      *out = g.gfx;
      return true;
    }
  }
  return false;
}

// Parses a hex number of at most `max_digits` digits, "0x" optional. Decimal is not accepted:
// llvm-mc prints hex, and "10" meaning 0x10 or 10 would be a guess.
bool ParseHex(std::string t, int max_digits, uint32_t* out) {
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t = t.substr(2);
  if (t.empty() || static_cast<int>(t.size()) > max_digits) return false;
  uint32_t v = 0;
  for (char c : t) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = c - 'A' + 10;
    } else {
      return false;
    }
    v = v << 4 | static_cast<uint32_t>(d);
  }
  *out = v;
  return true;
}

// Turns the word arguments into dwords. A '[' or ',' anywhere selects the byte-list form.
bool ParseWords(const std::vector<std::string>& args, std::vector<uint32_t>* words,
                std::string* error) {
  std::string joined;
  for (const std::string& a : args) joined += a + " ";
  const bool bytes = joined.find_first_of("[],") != std::string::npos;
  std::vector<std::string> tokens;
  std::string cur;
  for (char c : joined) {
    const bool sep =
        c == ' ' || c == '\t' || c == '\n' || (bytes && (c == ',' || c == '[' || c == ']'));
    if (sep) {
      if (!cur.empty()) tokens.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (tokens.empty()) {
    *error = "no instruction words given";
    return false;
  }
  if (bytes) {
    if (tokens.size() % 4 != 0) {
      *error = "a byte list must hold whole dwords (a multiple of 4 bytes), got " +
               std::to_string(tokens.size()) + " bytes";
      return false;
    }
    for (size_t i = 0; i < tokens.size(); ++i) {
      uint32_t b;
      if (!ParseHex(tokens[i], 2, &b)) {
        *error = "'" + tokens[i] + "' is not a hex byte";
        return false;
      }
      if (i % 4 == 0) words->push_back(0);
      words->back() |= b << (8 * (i % 4));
    }
  } else {
    for (const std::string& t : tokens) {
      uint32_t w;
      if (!ParseHex(t, 8, &w)) {
        *error = "'" + t + "' is not a hex dword";
        return false;
      }
      words->push_back(w);
    }
  }
  return true;
}

int DecodeRdna(const std::string& gfx_name, Gfx gfx, const gcn::DisasmOptions& options,
               const std::vector<uint32_t>& words) {
  if (options.has_dim) {
    return UsageError("--dim is for gfx6-gfx9; a " + gfx_name + " instruction encodes its DIM");
  }
  gcn::MimgInstruction inst;
  const Status status = rdna::DecodeMimg(gfx, words, &inst);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit decode: %s\n", status.message().c_str());
    return status.code() == StatusCode::kUnsupported ? 1 : 2;
  }
  if (words.size() != inst.size_dwords) {
    return UsageError("this " + gfx_name + " MIMG instruction is " +
                      std::to_string(inst.size_dwords) +
                      " dwords (NSA=" + std::to_string(inst.nsa_dwords) + "), got " +
                      std::to_string(words.size()) + " dwords");
  }
  std::printf("%s\n", rdna::Disassemble(inst).c_str());
  std::fputs(rdna::DescribeFields(inst).c_str(), stdout);
  return 0;
}

int RunDecode(const std::vector<std::string>& args) {
  std::string gfx_name;
  std::string dim_name;
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::string* target = nullptr;
    std::string value;
    for (const char* name : {"--gfx", "--dim"}) {
      const std::string n = name;
      std::string* dest = n == "--gfx" ? &gfx_name : &dim_name;
      if (a == n) {
        if (i + 1 >= args.size()) return UsageError(n + " needs a value");
        target = dest;
        value = args[++i];
      } else if (a.rfind(n + "=", 0) == 0) {
        target = dest;
        value = a.substr(n.size() + 1);
      }
    }
    if (target != nullptr) {
      *target = value;
      continue;
    }
    if (a.size() > 1 && a[0] == '-' && a[1] == '-') return UsageError("unknown option " + a);
    positional.push_back(a);
  }
  if (gfx_name.empty()) return UsageError("--gfx is required (gfx6 gfx7 gfx8 gfx9 gfx10 gfx1030)");
  Gfx gfx;
  if (!ParseGen(gfx_name, &gfx)) {
    return UsageError("--gfx " + gfx_name + " is not one of gfx6 gfx7 gfx8 gfx9 gfx10 gfx1030");
  }
  gcn::DisasmOptions options;
  if (!dim_name.empty()) {
    if (!gcn::ParseDimName(dim_name, &options.dim)) {
      return UsageError("--dim " + dim_name +
                        " is not one of 1d 2d 3d cube 1d_array 2d_array 2d_msaa 2d_msaa_array");
    }
    options.has_dim = true;
  }
  std::vector<uint32_t> words;
  std::string error;
  if (!ParseWords(positional, &words, &error)) return UsageError(error);
  if (gfx == Gfx::kGfx10 || gfx == Gfx::kGfx1030) return DecodeRdna(gfx_name, gfx, options, words);
  if (words.size() != 2) {
    return UsageError("a " + gfx_name + " MIMG instruction is 2 dwords (8 bytes), got " +
                      std::to_string(words.size()) + " dwords");
  }
  gcn::MimgInstruction inst;
  const Status status = gcn::DecodeMimg(gfx, words, &inst);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit decode: %s\n", status.message().c_str());
    return status.code() == StatusCode::kUnsupported ? 1 : 2;
  }
  std::printf("%s\n", gcn::Disassemble(inst, options).c_str());
  std::fputs(gcn::DescribeFields(inst, options).c_str(), stdout);
  return 0;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(decode, "Decode a GCN/RDNA MIMG instruction and print it as llvm-mc does",
                         RunDecode);

}  // namespace texunit::cli
