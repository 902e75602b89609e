// TF_CHECK and InternalError: the channel for bugs in our own code (docs/architecture.md).
// Bad input never reaches these; it gets a Diagnostic. A failed check throws InternalError,
// which RapidCheck reports and shrinks like any other failure.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace tf {

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

namespace detail {
[[noreturn]] void check_failed(const char* condition, const char* file, int line,
                               const std::string& message);
}  // namespace detail

}  // namespace tf

/// TF_CHECK(cond) or TF_CHECK(cond, "fmt {}", args...): throw InternalError when cond is false.
/// The message is formatted only on failure.
#define TF_CHECK(cond, ...)                                                              \
  do {                                                                                   \
    if (!(cond)) [[unlikely]]                                                            \
      ::tf::detail::check_failed(#cond, __FILE__, __LINE__,                              \
                                 ::tf::detail::check_message(__VA_ARGS__));              \
  } while (0)

/// Marks code that must be unreachable for well-formed internal state.
#define TF_UNREACHABLE(msg) ::tf::detail::check_failed("unreachable", __FILE__, __LINE__, msg)

namespace tf::detail {
inline std::string check_message() { return {}; }
template <typename... Args>
std::string check_message(fmt::format_string<Args...> f, Args&&... args) {
  return fmt::format(f, std::forward<Args>(args)...);
}
}  // namespace tf::detail
