// Parsing one tfir expression into a syntax tree (ir/text/syntax.h).
//
// Grammar (precedence from low to high; every operator is left-associative):
//   expr     := arith (('<' | '<=' | '==' | '!=' | '>=' | '>') arith)?
//   arith    := term (('+' | '-') term)*
//   term     := unary (('*' | '//' | '%') unary)*
//   unary    := '-' unary | postfix
//   postfix  := primary ('(' arguments ')' | '[' indices ']')*   (calls of names
//               only; subscripts of names, calls and subscripts only)
//   primary  := NAME ('.' NAME)* | INTEGER | FLOAT | STRING | '(' ')' | '(' expr ')' | '(' expr ',' ... ')'
//   arguments:= [arg (',' arg)* [',']] with arg := NAME '=' expr | expr (keywords after positionals)
//   indices  := [index (',' index)* [',' NAME '=' expr]* [',']]  (keyword items after indices,
//               as in Tensor[(4,), f32, storage=smem]; `X[]` has none)
//   index    := [expr] ':' [expr] | expr '->' expr | expr    ('->' makes a Binary "->" node:
//               Callable[(A, B) -> R])
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"
#include "ir/text/syntax.h"
#include "ir/text/token.h"

namespace tf::text {

/// Parses `source` as exactly one expression (surrounding white space, newlines and comments
/// allowed). Errors are parse diagnostics with file:line:col; never throws on bad input.
Result<Syntax> parse_expression(std::string_view source, const std::string& file_name);

/// Parses one expression of an already lexed file, starting at `tokens[pos]` (the statement
/// readers' entry point). On success `pos` is the index of the first token after the
/// expression (a Newline, ',' or whatever follows: the caller checks it); on failure `pos` is
/// unchanged. Precondition (TF_CHECK): `tokens` ends with Eof and pos < tokens.size().
Result<Syntax> parse_expression_at(const std::vector<Token>& tokens, std::size_t& pos);

}  // namespace tf::text
