// StatementCursor: the token-level walk every body reader shares: peeking, taking, statement
// ends (a Newline or the block's `}`), error recovery to the end of the statement, and the
// collected diagnostics.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

#include "ir/support/diagnostic.h"
#include "ir/text/token.h"

namespace tf::text {

/// A position in a lexed file and the diagnostics found so far.
class StatementCursor {
 public:
  StatementCursor(const std::vector<Token>& tokens, std::size_t pos) : toks_(tokens), pos_(pos) {}

  /// Every diagnostic recorded.
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }

 protected:
  const Token& peek(std::size_t ahead = 0) const {
    return toks_[std::min(pos_ + ahead, toks_.size() - 1)];
  }
  bool at(TokenKind k) const { return peek().kind == k; }
  const Token& take() { return toks_[std::min(pos_++, toks_.size() - 1)]; }
  /// A bare (not backquoted) identifier spelled `w`.
  static bool is_word(const Token& t, std::string_view w) {
    return t.kind == TokenKind::Identifier && !t.quoted_name && t.text == w;
  }
  void skip_newlines() {
    while (at(TokenKind::Newline)) ++pos_;
  }
  /// Error recovery: to the end of the statement, skipping nested blocks.
  void skip_statement();
  /// True at a Newline or `}`; otherwise records an error, skips the statement, returns false.
  bool end_of_statement();
  void report(Diagnostic d) { diags_.push_back(std::move(d)); }
  void report(const std::vector<Diagnostic>& ds) { diags_.insert(diags_.end(), ds.begin(), ds.end()); }
  /// Records `ds` and skips the statement.
  void fail_statement(const std::vector<Diagnostic>& ds) {
    report(ds);
    skip_statement();
  }

  const std::vector<Token>& toks_;
  std::size_t pos_;
  std::vector<Diagnostic> diags_;
};

}  // namespace tf::text
