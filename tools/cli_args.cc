#include "cli_args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace texunit::cli {

ArgParser::Option& ArgParser::Add(const char* name, Kind kind, void* out, const char* help) {
  Option option;
  option.name = name;
  option.kind = kind;
  option.out = out;
  option.help = help;
  options_.push_back(std::move(option));
  return options_.back();
}

void ArgParser::AddString(const char* name, std::string* out, const char* help) {
  Add(name, Kind::kString, out, help);
}

void ArgParser::AddChoice(const char* name, std::string* out, std::vector<std::string> choices,
                          const char* help) {
  Add(name, Kind::kChoice, out, help).choices = std::move(choices);
}

void ArgParser::AddInt(const char* name, int* out, const char* help, int min_value, int max_value) {
  Option& option = Add(name, Kind::kInt, out, help);
  option.min_value = min_value;
  option.max_value = max_value;
}

void ArgParser::AddDouble(const char* name, double* out, const char* help) {
  Add(name, Kind::kDouble, out, help);
}

void ArgParser::AddFlag(const char* name, bool* out, const char* help) {
  Add(name, Kind::kFlag, out, help);
}

ArgParser::Option* ArgParser::Find(const std::string& name) {
  for (Option& option : options_) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

bool ArgParser::WasSet(const char* name) const {
  for (const Option& option : options_) {
    if (option.name == name) return option.set;
  }
  return false;
}

bool ArgParser::Assign(Option* option, const std::string& value, std::string* error) {
  const std::string where = "--" + option->name;
  switch (option->kind) {
    case Kind::kString:
      *static_cast<std::string*>(option->out) = value;
      return true;
    case Kind::kChoice: {
      for (const std::string& choice : option->choices) {
        if (choice == value) {
          *static_cast<std::string*>(option->out) = value;
          return true;
        }
      }
      std::string list;
      for (const std::string& choice : option->choices) {
        list += (list.empty() ? "" : "|") + choice;
      }
      *error = where + "=" + value + " is not one of " + list;
      return false;
    }
    case Kind::kInt: {
      errno = 0;
      char* end = nullptr;
      const long long v = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || errno == ERANGE) {
        *error = where + "=" + value + " is not an integer";
        return false;
      }
      if (v < option->min_value || v > option->max_value) {
        *error = where + "=" + value + " is outside [" + std::to_string(option->min_value) + ", " +
                 std::to_string(option->max_value) + "]";
        return false;
      }
      *static_cast<int*>(option->out) = static_cast<int>(v);
      return true;
    }
    case Kind::kDouble: {
      errno = 0;
      char* end = nullptr;
      const double v = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v)) {
        *error = where + "=" + value + " is not a number";
        return false;
      }
      *static_cast<double*>(option->out) = v;
      return true;
    }
    case Kind::kFlag:
      break;
  }
  *error = where + " takes no value";
  return false;
}

bool ArgParser::Parse(const std::vector<std::string>& args, std::string* error) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      help_requested_ = true;
      return true;
    }
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      *error = "unexpected argument '" + arg + "'";
      return false;
    }
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    Option* option = Find(name);
    if (option == nullptr) {
      *error = "unknown option --" + name;
      return false;
    }
    if (option->kind == Kind::kFlag) {
      if (eq != std::string::npos) {
        *error = "--" + name + " takes no value";
        return false;
      }
      *static_cast<bool*>(option->out) = true;
      option->set = true;
      continue;
    }
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else {
      if (i + 1 >= args.size()) {
        *error = "--" + name + " needs a value";
        return false;
      }
      value = args[++i];
    }
    if (!Assign(option, value, error)) return false;
    option->set = true;
  }
  return true;
}

void ArgParser::PrintHelp(FILE* out) const {
  std::fprintf(out, "usage: %s\n\noptions:\n", usage_.c_str());
  for (const Option& option : options_) {
    std::string left = "--" + option.name;
    switch (option.kind) {
      case Kind::kString:
        left += " S";
        break;
      case Kind::kChoice: {
        std::string list;
        for (const std::string& choice : option.choices) {
          list += (list.empty() ? "" : "|") + choice;
        }
        left += " " + list;
        break;
      }
      case Kind::kInt:
        left += " N";
        break;
      case Kind::kDouble:
        left += " X";
        break;
      case Kind::kFlag:
        break;
    }
    std::string def;
    switch (option.kind) {
      case Kind::kString:
      case Kind::kChoice:
        if (!static_cast<const std::string*>(option.out)->empty()) {
          def = " (default " + *static_cast<const std::string*>(option.out) + ")";
        }
        break;
      case Kind::kInt:
        def = " (default " + std::to_string(*static_cast<const int*>(option.out)) + ")";
        break;
      case Kind::kDouble: {
        char buf[32];
        std::snprintf(buf, sizeof(buf), "%g", *static_cast<const double*>(option.out));
        def = std::string(" (default ") + buf + ")";
        break;
      }
      case Kind::kFlag:
        break;
    }
    if (left.size() <= 30) {
      std::fprintf(out, "  %-30s %s%s\n", left.c_str(), option.help.c_str(), def.c_str());
    } else {
      std::fprintf(out, "  %s\n  %-30s %s%s\n", left.c_str(), "", option.help.c_str(), def.c_str());
    }
  }
  std::fprintf(out, "  %-30s %s\n", "--help", "show this help");
}

int ArgParser::ParseOrExit(const std::vector<std::string>& args) {
  std::string error;
  if (!Parse(args, &error)) {
    const std::string program = usage_.substr(0, usage_.find(" ["));
    std::fprintf(stderr, "%s: %s\n(see `%s --help`)\n", program.c_str(), error.c_str(),
                 program.c_str());
    return 2;
  }
  if (help_requested_) {
    PrintHelp(stdout);
    return 0;
  }
  return -1;
}

}  // namespace texunit::cli
