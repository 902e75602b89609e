#include "ir/core/math_kinds.h"

#include <utility>

#include "ir/support/check.h"

namespace tf {

std::string_view binary_kind_name(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::Add:
      return "add";
    case BinaryKind::Sub:
      return "sub";
    case BinaryKind::Mul:
      return "mul";
    case BinaryKind::Div:
      return "div";
    case BinaryKind::FloorDiv:
      return "floor_div";
    case BinaryKind::Mod:
      return "mod";
    case BinaryKind::Max:
      return "max";
    case BinaryKind::Min:
      return "min";
    case BinaryKind::Pow:
      return "pow";
    case BinaryKind::Eq:
      return "eq";
    case BinaryKind::Ne:
      return "ne";
    case BinaryKind::Lt:
      return "lt";
    case BinaryKind::Le:
      return "le";
    case BinaryKind::Gt:
      return "gt";
    case BinaryKind::Ge:
      return "ge";
    case BinaryKind::And:
      return "and";
    case BinaryKind::Or:
      return "or";
  }
  TF_UNREACHABLE("bad BinaryKind");
}

std::optional<BinaryKind> binary_kind_from_name(std::string_view name) {
  for (BinaryKind k : kAllBinaryKinds)
    if (binary_kind_name(k) == name) return k;
  return std::nullopt;
}

bool is_comparison(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::Eq:
    case BinaryKind::Ne:
    case BinaryKind::Lt:
    case BinaryKind::Le:
    case BinaryKind::Gt:
    case BinaryKind::Ge:
      return true;
    case BinaryKind::Add:
    case BinaryKind::Sub:
    case BinaryKind::Mul:
    case BinaryKind::Div:
    case BinaryKind::FloorDiv:
    case BinaryKind::Mod:
    case BinaryKind::Max:
    case BinaryKind::Min:
    case BinaryKind::Pow:
    case BinaryKind::And:
    case BinaryKind::Or:
      return false;
  }
  TF_UNREACHABLE("bad BinaryKind");
}

bool is_logical(BinaryKind kind) {
  return kind == BinaryKind::And || kind == BinaryKind::Or;
}

bool yields_bool(BinaryKind kind) {
  return is_comparison(kind) || is_logical(kind);
}

std::string_view unary_kind_name(UnaryKind kind) {
  switch (kind) {
    case UnaryKind::Neg:
      return "neg";
    case UnaryKind::Abs:
      return "abs";
    case UnaryKind::Rsqrt:
      return "rsqrt";
    case UnaryKind::Cast:
      return "cast";
    case UnaryKind::Not:
      return "not";
    case UnaryKind::Relu:
      return "relu";
    case UnaryKind::Square:
      return "square";
    case UnaryKind::Exp:
      return "exp";
    case UnaryKind::Log:
      return "log";
    case UnaryKind::Ceil:
      return "ceil";
    case UnaryKind::Round:
      return "round";
    case UnaryKind::Exp2:
      return "exp2";
    case UnaryKind::Log2:
      return "log2";
  }
  TF_UNREACHABLE("bad UnaryKind");
}

std::optional<UnaryKind> unary_kind_from_name(std::string_view name) {
  for (UnaryKind k : kAllUnaryKinds)
    if (unary_kind_name(k) == name) return k;
  return std::nullopt;
}

bool is_float_only(UnaryKind kind) {
  switch (kind) {
    case UnaryKind::Rsqrt:
    case UnaryKind::Exp:
    case UnaryKind::Log:
    case UnaryKind::Ceil:
    case UnaryKind::Round:
    case UnaryKind::Exp2:
    case UnaryKind::Log2:
      return true;
    case UnaryKind::Neg:
    case UnaryKind::Abs:
    case UnaryKind::Cast:
    case UnaryKind::Not:
    case UnaryKind::Relu:
    case UnaryKind::Square:
      return false;
  }
  TF_UNREACHABLE("bad UnaryKind");
}

std::optional<std::string_view> upstream_kind_alias(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
      {"cmp_eq", "eq"},       {"cmp_ne", "ne"},     {"cmp_lt", "lt"},
      {"cmp_le", "le"},       {"cmp_gt", "gt"},     {"cmp_ge", "ge"},
      {"logical_and", "and"}, {"logical_or", "or"}, {"logical_not", "not"},
      {"minimum", "min"},     {"maximum", "max"}};
  for (const auto& [alias, kind] : kAliases)
    if (alias == name) return kind;
  return std::nullopt;
}

}  // namespace tf
