// Test helper: layouts written in CuTe's shape:stride notation, e.g. L("((2,2),3):((24,2),8)"),
// L("(4,8)") (compact column-major) or T("(2,(3,N))") for an IntTuple (letters are symbols).
// A malformed literal is a bug in the test (InternalError).
#pragma once

#include <cctype>
#include <string>
#include <string_view>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/print.h"

namespace tf::testing {

class LiteralReader {
 public:
  explicit LiteralReader(std::string_view text) : text_(text) {}

  IntTuple tuple() {
    skip_spaces();
    if (peek() == '(') {
      ++pos_;
      std::vector<IntTuple> children;
      skip_spaces();
      while (peek() != ')') {
        children.push_back(tuple());
        skip_spaces();
        if (peek() == ',') ++pos_;
        skip_spaces();
      }
      ++pos_;
      return IntTuple::tuple(std::move(children));
    }
    if (std::isalpha(static_cast<unsigned char>(peek()))) {
      std::string name;
      while (std::isalnum(static_cast<unsigned char>(peek()))) name += text_[pos_++];
      return IntSymbol{name, std::nullopt, std::nullopt};
    }
    TF_CHECK(std::isdigit(static_cast<unsigned char>(peek())), "bad literal '{}' at {}", text_,
             pos_);
    std::int64_t v = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) v = v * 10 + (text_[pos_++] - '0');
    return v;
  }

  bool accept(char c) {
    skip_spaces();
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  bool done() {
    skip_spaces();
    return pos_ == text_.size();
  }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_spaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  std::string_view text_;
  std::size_t pos_ = 0;
};

/// An IntTuple literal.
inline IntTuple T(std::string_view text) {
  LiteralReader r(text);
  IntTuple t = r.tuple();
  TF_CHECK(r.done(), "trailing text in '{}'", text);
  return t;
}

/// A layout literal `shape:stride` or `shape` (compact column-major).
inline Layout L(std::string_view text) {
  LiteralReader r(text);
  IntTuple shape = r.tuple();
  std::optional<IntTuple> stride;
  if (r.accept(':')) stride = r.tuple();
  TF_CHECK(r.done(), "trailing text in '{}'", text);
  auto made = Layout::make(shape, stride);
  TF_CHECK(made.ok(), "invalid layout literal '{}': {}", text,
           made.ok() ? "" : made.diagnostics().front().render());
  return std::move(made).value();
}

}  // namespace tf::testing
