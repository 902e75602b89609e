// Small helpers shared by the readers and builders of tfir (dims, types, declarations, the
// file reader): positioned diagnostics, token descriptions and integer literals.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/support/result.h"
#include "ir/text/syntax.h"
#include "ir/text/token.h"

namespace tf::text {

/// A parse-category error positioned at `node`.
Diagnostic error_at(const SyntaxNode& node, std::string message);

/// A parse-category error positioned at `token`.
Diagnostic error_at(const Token& token, std::string message);

/// A token for messages: "'name'", "number 3", "string \"s\"", "')'", "end of line".
std::string describe(const Token& token);

/// Gives every diagnostic that has no position the position of `node`; rule ids stay.
std::vector<Diagnostic> located_at(std::vector<Diagnostic> diagnostics, const SyntaxNode& node);

/// The value of an integer literal: `7`, `0x7f`, or a negated one (`-3`, `-(3)`). Positioned
/// error for anything else or for a value outside int64.
Result<std::int64_t> integer_value(const SyntaxNode& node);

/// True when `node` is the bare name `name` (written without backquotes).
bool is_name(const SyntaxNode& node, std::string_view name);

/// True for the names tfir reads as literals (None, true, false, inf, nan).
bool is_literal_name(std::string_view name);

/// A positioned error when `name` (a binding, parameter or loop variable about to be bound) is a
/// literal's name written without backquotes: a bare use of it reads the literal. nullopt for any
/// other name, and for a backquoted one (`` `nan` ``, which tfir_name writes).
std::optional<Diagnostic> literal_name_error(const Token& name, std::string_view what);

}  // namespace tf::text

namespace tf::text {

/// The value of a float literal: a Float or Integer node (`1.5`, `1e-6`, `0x1.8p+3`, `2`), a
/// negated one, or the names `inf` / `nan` (negated: `-inf`). Parsed to the nearest double
/// (strtod's correctly rounded reading). Positioned error for anything else.
Result<double> float_value(const SyntaxNode& node);

}  // namespace tf::text
