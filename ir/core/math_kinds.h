// BinaryKind and UnaryKind: the closed kind tags of hir.math.Binary / hir.math.Unary
// (upstream docs/spec/core-ir.md), shared with TIR (TIR.2.3.ARITH.shared-kind-enums).
//
// A kind travels on a Call as the enum attribute `kind`, spelled by its lowercase name
// ("add", "floor_div", "lt", "rsqrt"); the typeinfer rules parse it back with *_from_name.
// `pow` is a TileFoundry-C++ addition to upstream's BinaryKind, whose list has no power.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tf {

/// The elementwise binary kinds.
enum class BinaryKind : std::uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Max,
  Min,
  Pow,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or
};

/// Every BinaryKind, in declaration order.
inline constexpr std::array<BinaryKind, 17> kAllBinaryKinds = {
    BinaryKind::Add, BinaryKind::Sub, BinaryKind::Mul, BinaryKind::Div, BinaryKind::FloorDiv,
    BinaryKind::Mod, BinaryKind::Max, BinaryKind::Min, BinaryKind::Pow, BinaryKind::Eq,
    BinaryKind::Ne,  BinaryKind::Lt,  BinaryKind::Le,  BinaryKind::Gt,  BinaryKind::Ge,
    BinaryKind::And, BinaryKind::Or};

/// The elementwise unary kinds (CAST is upstream's vestigial kind; typeinfer rejects it).
enum class UnaryKind : std::uint8_t {
  Neg,
  Abs,
  Rsqrt,
  Cast,
  Not,
  Relu,
  Square,
  Exp,
  Log,
  Ceil,
  Round,
  Exp2,
  Log2
};

/// Every UnaryKind, in declaration order.
inline constexpr std::array<UnaryKind, 13> kAllUnaryKinds = {
    UnaryKind::Neg,   UnaryKind::Abs,    UnaryKind::Rsqrt, UnaryKind::Cast, UnaryKind::Not,
    UnaryKind::Relu,  UnaryKind::Square, UnaryKind::Exp,   UnaryKind::Log,  UnaryKind::Ceil,
    UnaryKind::Round, UnaryKind::Exp2,   UnaryKind::Log2};

/// "add", "sub", "mul", "div", "floor_div", "mod", "max", "min", "pow", "eq", "ne", "lt",
/// "le", "gt", "ge", "and", "or".
std::string_view binary_kind_name(BinaryKind kind);
/// The kind spelled `name`, if any.
std::optional<BinaryKind> binary_kind_from_name(std::string_view name);
/// True for eq ne lt le gt ge.
bool is_comparison(BinaryKind kind);
/// True for and, or (bool operands).
bool is_logical(BinaryKind kind);
/// True when the result dtype is bool (comparisons and logical kinds).
bool yields_bool(BinaryKind kind);

/// "neg", "abs", "rsqrt", "cast", "not", "relu", "square", "exp", "log", "ceil", "round",
/// "exp2", "log2".
std::string_view unary_kind_name(UnaryKind kind);
/// The kind spelled `name`, if any.
std::optional<UnaryKind> unary_kind_from_name(std::string_view name);
/// True for the kinds defined on floats only (docs/decisions.md D6): rsqrt exp log ceil round exp2
/// log2.
bool is_float_only(UnaryKind kind);

/// The kind name that upstream TileFoundry's alias spelling `name` stands for: cmp_eq cmp_ne
/// cmp_lt cmp_le cmp_gt cmp_ge -> eq ne lt le gt ge, logical_and logical_or logical_not -> and
/// or not, minimum maximum -> min max. A func reads `cmp_gt(x, y)` as `gt(x, y)`; the printer
/// writes the canonical name. nullopt for every other spelling.
std::optional<std::string_view> upstream_kind_alias(std::string_view name);

}  // namespace tf
