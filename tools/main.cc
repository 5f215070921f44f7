// texunit: the command-line front door to the library (info, decode, run, render, bench).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "command.h"

namespace texunit::cli {

static std::vector<Command>& Registry() {
  static std::vector<Command> commands;
  return commands;
}

bool RegisterCommand(Command command) {
  Registry().push_back(std::move(command));
  return true;
}

const std::vector<Command>& Commands() { return Registry(); }

static void PrintUsage(FILE* out) {
  std::fprintf(out, "usage: texunit <command> [options]\n\ncommands:\n");
  for (const Command& c : Commands()) std::fprintf(out, "  %-8s %s\n", c.name, c.summary);
  std::fprintf(out, "\n`texunit <command> --help` describes a command's options.\n");
}

}  // namespace texunit::cli

int main(int argc, char** argv) {
  using namespace texunit::cli;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    PrintUsage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  for (const Command& c : Commands()) {
    if (std::strcmp(c.name, argv[1]) == 0) {
      return c.run(std::vector<std::string>(argv + 2, argv + argc));
    }
  }
  std::fprintf(stderr, "texunit: unknown command '%s'\n\n", argv[1]);
  PrintUsage(stderr);
  return 2;
}
