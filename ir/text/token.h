// Tokens of tfir, the project's text format (docs/tfir.md section 1).
#pragma once

#include <cstdint>
#include <string>

#include "ir/support/source_location.h"

namespace tf::text {

enum class TokenKind {
  Identifier,  ///< [A-Za-z_][A-Za-z0-9_]*, or `any text` (a reserved word used as a name)
  Integer,     ///< 3, 0x7f (a leading '-' is a separate Minus token)
  Float,       ///< 1.5, 1e-6, 0x1.8p+3 (inf and nan are identifiers)
  String,      ///< "..." with \" and \\ escapes; text() is the unescaped content
  Newline,     ///< ends a statement at top level and in blocks; never inside () or []
  CaseLine,    ///< the rest of a case's `covers` / `expect` line, as text (docs/tfir.md section 7)
  LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  Comma, Colon, Equal, Dot, At,
  Arrow,       ///< ->
  FatArrow,    ///< =>
  Tilde,       ///< ~ (a case's approximate expectation: `expect output ~ ulp(max=1) ...`)
  Plus, Minus, Star, SlashSlash, Percent,
  Less, LessEqual, EqualEqual, NotEqual, GreaterEqual, Greater,
  Eof,
};

/// The spelling of a kind for messages: "identifier", "')'", "end of file", ...
const char* token_kind_name(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::Eof;
  std::string text;         ///< identifier name, number spelling, or unescaped string content
  bool quoted_name = false; ///< an Identifier written with backquotes
  SourceLocation location;  ///< where the token starts
};

/// The token written back as tfir text: an identifier (backquoted when it was), a number as
/// spelled, a string re-escaped, "\n" for a newline, "" for the end, an operator's characters.
/// Lexing the spellings of a token list, space-separated, gives the same tokens (the text laws
/// build mutations of a file this way).
std::string token_spelling(const Token& t);

}  // namespace tf::text
