// The tfir spellings every printer shares: a string literal (docs/tfir.md section 1: double quotes,
// with '"' and '\' escaped by a backslash) and a name (backquoted when it is a reserved word),
// so that what a printer writes reads back.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace tf {

/// `"text"` with '"' and '\' escaped.
inline std::string tfir_quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The reserved words of tfir (statement and item keywords); a name spelled like one is written
/// backquoted.
inline constexpr std::array<std::string_view, 43> kTfirKeywords = {
    "tfir",       "dim",       "mesh",      "layout",  "atom",   "entry",   "func",   "prim_func",
    "specialize", "converter", "module",    "case",    "for",    "in",      "range",  "carry",
    "yield",      "body",      "let",       "with",    "as",     "where",   "return", "abort",
    "dispatch",   "fallback",  "prototype", "outputs", "target", "program", "input",  "reference",
    "expect",     "while",     "if",        "else",    "covers", "run",     "at",     "and",
    "or",         "not",       "sync"};

/// The names tfir reads as literals; a binding spelled like one is written backquoted too.
inline constexpr std::array<std::string_view, 5> kTfirLiteralNames = {"None", "true", "false", "inf", "nan"};

/// `name`, backquoted when it is a tfir keyword or a literal's name (`` `for` ``, `` `nan` ``).
inline std::string tfir_name(std::string_view name) {
  const bool keyword = std::find(kTfirKeywords.begin(), kTfirKeywords.end(), name) != kTfirKeywords.end() ||
                       std::find(kTfirLiteralNames.begin(), kTfirLiteralNames.end(), name) != kTfirLiteralNames.end();
  return keyword ? "`" + std::string(name) + "`" : std::string(name);
}

}  // namespace tf
