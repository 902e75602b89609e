#include "ir/text/build_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include <limits>

#include "ir/support/tfir_string.h"
#include "ir/text/decimal.h"

namespace tf::text {

Diagnostic error_at(const SyntaxNode& node, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = node.location;
  return d;
}

Diagnostic error_at(const Token& token, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = token.location;
  return d;
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case TokenKind::Identifier: return fmt::format("'{}'", t.text);
    case TokenKind::Integer:
    case TokenKind::Float: return fmt::format("number {}", t.text);
    case TokenKind::String: return fmt::format("string \"{}\"", t.text);
    default: return token_kind_name(t.kind);
  }
}

std::vector<Diagnostic> located_at(std::vector<Diagnostic> diagnostics, const SyntaxNode& node) {
  for (Diagnostic& d : diagnostics)
    if (!d.location.known()) d.location = node.location;
  return diagnostics;
}

namespace {

// The magnitude of an integer spelling (decimal or 0x hex), which may be 2^63 (for -2^63).
Result<std::uint64_t> magnitude(const SyntaxNode& node) {
  std::optional<std::uint64_t> v = integer_magnitude(node.text);
  if (!v) return error_at(node, fmt::format("integer '{}' does not fit in 64 bits", node.text));
  return *v;
}

}  // namespace

Result<std::int64_t> integer_value(const SyntaxNode& node) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();
  if (node.kind == SyntaxKind::Negate && node.items[0]->kind == SyntaxKind::Integer) {
    Result<std::uint64_t> m = magnitude(*node.items[0]);
    if (!m) return m.diagnostics();
    if (*m > kMax + 1)
      return error_at(node, fmt::format("integer '-{}' does not fit in 64 bits", node.items[0]->text));
    return *m == kMax + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(*m);
  }
  if (node.kind != SyntaxKind::Integer)
    return error_at(node, fmt::format("expected an integer, found '{}'", to_string(node)));
  Result<std::uint64_t> m = magnitude(node);
  if (!m) return m.diagnostics();
  if (*m > kMax) return error_at(node, fmt::format("integer '{}' does not fit in 64 bits", node.text));
  return static_cast<std::int64_t>(*m);
}

bool is_name(const SyntaxNode& node, std::string_view name) {
  return node.kind == SyntaxKind::Name && !node.quoted && node.text == name;
}

}  // namespace tf::text

namespace tf::text {

Result<double> float_value(const SyntaxNode& node) {
  if (node.kind == SyntaxKind::Negate) {
    Result<double> v = float_value(*node.items[0]);
    TF_TRY(v);
    return -*v;
  }
  if (is_name(node, "inf")) return std::numeric_limits<double>::infinity();
  if (is_name(node, "nan")) return std::numeric_limits<double>::quiet_NaN();
  if (node.kind == SyntaxKind::Integer) {
    Result<std::int64_t> i = integer_value(node);
    TF_TRY(i);
  } else if (node.kind != SyntaxKind::Float) {
    return error_at(node, fmt::format("expected a number, found '{}'", to_string(node)));
  }
  // Rounded to odd, so that the one rounding to the literal's dtype is the correct one
  // (decimal.h); beyond the double range the value is the largest double, which still overflows.
  std::optional<OddDouble> v = read_round_to_odd(node.text);
  if (!v) return error_at(node, fmt::format("'{}' is not a number", node.text));
  return v->value;
}

bool is_literal_name(std::string_view name) {
  return std::find(kTfirLiteralNames.begin(), kTfirLiteralNames.end(), name) != kTfirLiteralNames.end();
}

std::optional<Diagnostic> literal_name_error(const Token& name, std::string_view what) {
  if (name.quoted_name || !is_literal_name(name.text)) return std::nullopt;
  return error_at(name, fmt::format("'{}' is a literal and cannot name {} (write it backquoted, `{}`, to use it as a name)",
                                    name.text, what, name.text));
}

}  // namespace tf::text
