// The `texunit` CLI's sub-commands register themselves here; tools/main.cc dispatches by name.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace texunit::cli {

// Arguments after the sub-command name. Returns the process exit code.
using CommandFn = std::function<int(const std::vector<std::string>& args)>;

struct Command {
  const char* name;
  const char* summary;  // one line for `texunit --help`
  CommandFn run;
};

// Called from a static initialiser in each cmd_*.cc.
bool RegisterCommand(Command command);
const std::vector<Command>& Commands();

}  // namespace texunit::cli

// In a cmd_*.cc: TEXUNIT_REGISTER_COMMAND(decode, "Decode ...", RunDecode);
#define TEXUNIT_REGISTER_COMMAND(name, summary, fn) \
  static const bool texunit_registered_##name =     \
      ::texunit::cli::RegisterCommand({#name, summary, fn})
