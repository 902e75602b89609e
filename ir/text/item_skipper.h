// Skipping one top-level item of a tfir file (func, prim_func, specialize, case) without
// parsing it: its name, its extent and its exact source text, for the body parser to take over.
//
// An item runs from its keyword to the `}` that closes its first top-level `{` (or, for
// `func ... prototype`, to `prototype` at the end of the line). Every bracket inside must close
// with its own kind; the item must end its line.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/support/result.h"
#include "ir/text/module_reader.h"
#include "ir/text/token.h"

namespace tf::text {

/// A file's text with the byte offset where each line starts, built once: a token's location
/// becomes a byte offset in constant time (walking the lines from the start for each item made
/// reading a file of many items quadratic).
class SourceLines {
 public:
  explicit SourceLines(std::string_view source);
  std::string_view text() const { return source_; }
  /// The byte offset of `loc` (columns count bytes from 1). Precondition (TF_CHECK): its line
  /// is a line of the text.
  std::size_t offset_of(const SourceLocation& loc) const;

 private:
  std::string_view source_;
  std::vector<std::size_t> starts_;  ///< starts_[k]: the offset of line k + 1
};

/// The item kind a bare keyword token starts, or nothing.
std::optional<ItemKind> item_keyword(const Token& token);

/// Skips the item whose keyword is `tokens[pos]` (item_keyword is set). `tokens` are the lexed
/// `source.text()`. On success `pos` is at the Newline or Eof after the item. Positioned errors: a
/// missing name, an unclosed or mismatched bracket (at the bracket), brackets and blocks nested
/// deeper than 256 levels (at the bracket; a bound that keeps every later recursive pass off the
/// stack's end), a func without a body, or text after the closing '}'. On failure `pos` is
/// unspecified.
Result<SkippedItem> skip_item(const std::vector<Token>& tokens, std::size_t& pos, const SourceLines& source);

}  // namespace tf::text
