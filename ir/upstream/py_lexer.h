// Tokens of the Python subset upstream TileFoundry's canonical printer writes (docs/import.md).
//
// Design note. The printer's output is Python: indentation opens and closes blocks, a newline
// ends a statement except inside brackets, `#` starts a comment to the end of the line. The
// lexer turns it into logical lines of tokens, each with the indentation of its first physical
// line; blank and comment-only lines vanish. Every token keeps its 1-based line and column in
// the .py file, so that whatever is said later about a token is said at its place. Strings are
// single- or double-quoted without escapes (the printer writes them unescaped). `/* Dynamic */`,
// the printer's spelling of a Dynamic shard attribute (not Python), reads as `Dynamic()`. Line
// endings are Python's universal newlines: "\n", "\r\n" and a lone "\r" each end a line. Tabs in
// indentation, an unterminated string, a character outside the subset (named as a whole UTF-8
// character, "U+00E9 'é'", or as a byte that is not UTF-8) and unbalanced brackets are errors at
// their place.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"

namespace tf::upstream {

enum class PyTok { Name, Int, Float, String, Punct };

/// One token: its kind, its text (a string's contents without quotes) and where it starts.
struct PyToken {
  PyTok kind = PyTok::Punct;
  std::string text;
  int line = 0, column = 0;

  bool is(std::string_view punct) const { return kind == PyTok::Punct && text == punct; }
  bool is_name(std::string_view name) const { return kind == PyTok::Name && text == name; }
};

/// A logical line: its indentation (columns of leading spaces) and its tokens.
struct PyLine {
  int indent = 0;
  std::vector<PyToken> tokens;
  int line() const { return tokens.front().line; }
};

/// The logical lines of `source` (design note); diagnostics name `file`.
Result<std::vector<PyLine>> lex_python(std::string_view source, const std::string& file);

}  // namespace tf::upstream
