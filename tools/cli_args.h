// A small option parser shared by the CLI's sub-commands: `--name value` and `--name=value`,
// boolean flags (`--name`), `--help`. Unknown options, missing values, malformed numbers and
// values outside a declared set of choices are errors whose message names the option.
#pragma once

#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace texunit::cli {

class ArgParser {
 public:
  // `usage` is the first line of the help text, e.g. "texunit bench [options]".
  explicit ArgParser(std::string usage) : usage_(std::move(usage)) {}

  // Each Add* binds an option to a variable that already holds its default value.
  void AddString(const char* name, std::string* out, const char* help);
  // A string restricted to `choices`; the help text lists them.
  void AddChoice(const char* name, std::string* out, std::vector<std::string> choices,
                 const char* help);
  void AddInt(const char* name, int* out, const char* help,
              int min_value = std::numeric_limits<int>::min(),
              int max_value = std::numeric_limits<int>::max());
  void AddDouble(const char* name, double* out, const char* help);
  // A flag takes no value; present = true.
  void AddFlag(const char* name, bool* out, const char* help);

  // Parses `args`. Returns false with `*error` set on a bad command line. `--help` / `-h` sets
  // help_requested() and returns true without reading further.
  bool Parse(const std::vector<std::string>& args, std::string* error);
  bool help_requested() const { return help_requested_; }
  // True when the option appeared on the command line.
  bool WasSet(const char* name) const;

  void PrintHelp(FILE* out) const;

  // Convenience for commands: parses, prints the help (returns 0) or the error plus a hint
  // (returns 2) and returns -1 when the command should go on.
  int ParseOrExit(const std::vector<std::string>& args);

 private:
  enum class Kind { kString, kChoice, kInt, kDouble, kFlag };
  struct Option {
    std::string name;
    Kind kind = Kind::kString;
    void* out = nullptr;
    std::string help;
    std::vector<std::string> choices;
    int min_value = 0;
    int max_value = 0;
    bool set = false;
  };
  Option& Add(const char* name, Kind kind, void* out, const char* help);
  Option* Find(const std::string& name);
  bool Assign(Option* option, const std::string& value, std::string* error);

  std::string usage_;
  std::vector<Option> options_;
  bool help_requested_ = false;
};

}  // namespace texunit::cli
