// Errors are values: every decode, validate and execute call returns a Status whose message
// names the offending field and value. Nothing in texunit throws across its API.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace texunit {

enum class StatusCode : int {
  kOk = 0,
  kInvalidArgument = 1,  // a malformed descriptor, encoding or operand
  kOutOfRange = 2,       // a footprint or index outside what the caller registered
  kUnsupported = 3,      // valid hardware state that texunit does not model (e.g. a tiling mode)
  kUnimplemented = 4,    // an op that a later issue fills in
  kInternal = 5,
};

const char* StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string m) {
    return {StatusCode::kInvalidArgument, std::move(m)};
  }
  static Status OutOfRange(std::string m) { return {StatusCode::kOutOfRange, std::move(m)}; }
  static Status Unsupported(std::string m) { return {StatusCode::kUnsupported, std::move(m)}; }
  static Status Unimplemented(std::string m) { return {StatusCode::kUnimplemented, std::move(m)}; }
  static Status Internal(std::string m) { return {StatusCode::kInternal, std::move(m)}; }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "INVALID_ARGUMENT: T#.WIDTH=0 ..." for logs and the CLI.
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// "0x1f": the one hex rendering messages use for addresses, masks and field values.
std::string Hex(uint64_t v);

// Returns early from the enclosing function when `expr` yields a non-OK Status.
#define TEXUNIT_RETURN_IF_ERROR(expr)                  \
  do {                                                 \
    ::texunit::Status texunit_status_ = (expr);        \
    if (!texunit_status_.ok()) return texunit_status_; \
  } while (0)

}  // namespace texunit
