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

/// The item kind a bare keyword token starts, or nothing.
std::optional<ItemKind> item_keyword(const Token& token);

/// Skips the item whose keyword is `tokens[pos]` (item_keyword is set). `tokens` are the lexed
/// `source`. On success `pos` is at the Newline or Eof after the item. Positioned errors: a
/// missing name, an unclosed or mismatched bracket (at the bracket), brackets and blocks nested
/// deeper than 256 levels (at the bracket; a bound that keeps every later recursive pass off the
/// stack's end), a func without a body, or text after the closing '}'. On failure `pos` is
/// unspecified.
Result<SkippedItem> skip_item(const std::vector<Token>& tokens, std::size_t& pos, std::string_view source);

}  // namespace tf::text
