// Result<T>: a value, or the diagnostics that explain why there is none.
// (g++ 12 has no std::expected; this is the small subset the project needs.)
#pragma once

#include <utility>
#include <variant>
#include <vector>

#include "ir/support/check.h"
#include "ir/support/diagnostic.h"

namespace tf {

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Diagnostic d) : state_(std::vector<Diagnostic>{std::move(d)}) {}  // NOLINT
  Result(std::vector<Diagnostic> ds) : state_(std::move(ds)) {  // NOLINT
    TF_CHECK(!std::get<1>(state_).empty(), "a failed Result needs at least one diagnostic");
  }

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  /// The value; calling it on a failed Result is a bug in the caller (InternalError).
  const T& value() const& {
    TF_CHECK(ok(), "value() on a failed Result: {}", first_message());
    return std::get<0>(state_);
  }
  T& value() & {
    TF_CHECK(ok(), "value() on a failed Result: {}", first_message());
    return std::get<0>(state_);
  }
  T&& value() && {
    TF_CHECK(ok(), "value() on a failed Result: {}", first_message());
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  /// The diagnostics of a failed Result (empty for a successful one).
  const std::vector<Diagnostic>& diagnostics() const {
    static const std::vector<Diagnostic> kNone;
    return ok() ? kNone : std::get<1>(state_);
  }

 private:
  std::string first_message() const {
    return ok() ? std::string() : std::get<1>(state_).front().render();
  }
  std::variant<T, std::vector<Diagnostic>> state_;
};

}  // namespace tf

/// TF_TRY(r): when the Result `r` failed, return its diagnostics from the enclosing function
/// (which returns a Result or a diagnostic list); otherwise go on.
#define TF_TRY(result)                                                 \
  do {                                                                 \
    if (!(result).ok()) return (result).diagnostics();                 \
  } while (0)

namespace tf {

/// `r`'s value converted to `To` (an upcast of a node handle: Result<CallRef> to Result<Expr>),
/// or its diagnostics.
template <typename To, typename From>
Result<To> result_as(Result<From> r) {
  TF_TRY(r);
  return To(std::move(r).value());
}

}  // namespace tf
