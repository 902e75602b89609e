// Parsing one tfir expression into a syntax tree (ir/text/syntax.h).
//
// Grammar (precedence from low to high; every operator is left-associative):
//   expr     := arith (('<' | '<=' | '==' | '!=' | '>=' | '>') arith)?
//   arith    := term (('+' | '-') term)*
//   term     := unary (('*' | '//' | '%') unary)*
//   unary    := '-' unary | postfix
//   postfix  := primary ('(' arguments ')' | '[' index (',' index)* ']')*   (calls of names
//               only; subscripts of names, calls and subscripts only)
//   primary  := NAME ('.' NAME)* | INTEGER | FLOAT | STRING | '(' ')' | '(' expr ')' | '(' expr ',' ... ')'
//   arguments:= [arg (',' arg)* [',']] with arg := NAME '=' expr | expr (keywords after positionals)
//   index    := [expr] ':' [expr] | expr
#pragma once

#include <string>
#include <string_view>

#include "ir/support/result.h"
#include "ir/text/syntax.h"

namespace tf::text {

/// Parses `source` as exactly one expression (surrounding white space, newlines and comments
/// allowed). Errors are parse diagnostics with file:line:col; never throws on bad input.
Result<Syntax> parse_expression(std::string_view source, const std::string& file_name);

}  // namespace tf::text
