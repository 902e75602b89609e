// BinaryKind and UnaryKind: the closed kind tags of hir.math.Binary / hir.math.Unary
// (upstream docs/spec/core-ir.md), shared with TIR (TIR.2.3.ARITH.shared-kind-enums).
//
// Design note. Every fact about a kind lives in one row of binary_kinds.def or
// unary_kinds.def: its spelling, its class, the operand dtypes it is defined on, how it treats
// Partial operands and the CUDA runtime functor that computes it. The enums, their lists and
// every predicate below are generated from those rows, and the other layers ask these
// functions rather than keeping their own lists (docs/architecture.md, "Adding an op").
//
// A kind travels on a Call as the enum attribute `kind`: an EnumAttr of kBinaryKindSpace or
// kUnaryKindSpace (enum_space.h), whose codes are the enumerators and whose spellings are the
// lowercase names ("add", "floor_div", "lt", "rsqrt"); binary_kind_of / unary_kind_of
// (kind_attrs.h) read it back. `pow` is a TileFoundry-C++ addition to upstream's BinaryKind,
// whose list has no power.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/core/enum_space.h"
#include "ir/dtype/dtype.h"

namespace tf {

/// The operand dtypes a kind is defined on (the typeinfer rules; D6 for the float-only kinds).
enum class KindDomain : std::uint8_t {
  Numeric,     ///< integers and floats
  Float,       ///< floats only
  Index,       ///< i32 and i64 only
  Bool,        ///< bool only
  Any,         ///< every dtype, bool included
  Conversion   ///< the unary cast: HIR rejects it, TIR converts to the destination's dtype
};

/// True when `domain` admits operands of dtype `d` (Conversion admits every dtype).
bool domain_admits(KindDomain domain, DType d);

/// What a binary kind computes: arithmetic keeps the operand dtype, the others yield bool.
enum class BinaryClass : std::uint8_t { Arith, Compare, Logical };

/// The Partial rule of a binary kind (ir/hir/partial_rules.h).
enum class BinaryPartial : std::uint8_t {
  None,            ///< no Partial operand
  Additive,        ///< Partial(max/min) on one side, or Partial(sum) on both
  Multiplicative   ///< Partial(sum) on one side
};

/// The Partial reductions a unary kind commutes with.
enum class KindCommutes : std::uint8_t { None, Sum, MaxMin };

/// The elementwise binary kinds (binary_kinds.def).
enum class BinaryKind : std::uint8_t {
#define TF_BINARY_KIND(E, ...) E,
#include "ir/core/binary_kinds.def"
};

/// Every BinaryKind, in declaration order.
inline constexpr BinaryKind kAllBinaryKinds[] = {
#define TF_BINARY_KIND(E, ...) BinaryKind::E,
#include "ir/core/binary_kinds.def"
};

/// The elementwise unary kinds (unary_kinds.def; CAST is upstream's vestigial kind, which HIR's
/// typeinfer rejects and TIR uses as the default conversion).
enum class UnaryKind : std::uint8_t {
#define TF_UNARY_KIND(E, ...) E,
#include "ir/core/unary_kinds.def"
};

/// Every UnaryKind, in declaration order.
inline constexpr UnaryKind kAllUnaryKinds[] = {
#define TF_UNARY_KIND(E, ...) UnaryKind::E,
#include "ir/core/unary_kinds.def"
};

/// The spellings of the BinaryKinds, by enumerator (the `kind` attribute of hir.math.Binary and
/// tir.arith.Binary; a spelling outside it: "unknown kind 'xor'; the kinds are add, ...").
extern const EnumSpace kBinaryKindSpace;
/// The spellings of the UnaryKinds, by enumerator (the `kind` of hir.math.Unary, tir.arith.Unary).
extern const EnumSpace kUnaryKindSpace;
/// BinaryKind's space (makes BinaryKind a SpacedEnum: enum_attr(BinaryKind::Add)).
inline const EnumSpace& enum_space_of(BinaryKind) { return kBinaryKindSpace; }
/// UnaryKind's space.
inline const EnumSpace& enum_space_of(UnaryKind) { return kUnaryKindSpace; }

/// The kind's spelling ("add", "floor_div", "lt"; binary_kinds.def).
std::string_view binary_kind_name(BinaryKind kind);
/// The kind spelled `name`, if any.
std::optional<BinaryKind> binary_kind_from_name(std::string_view name);
/// Every binary kind's spelling, joined by ", " (for a diagnostic listing them).
std::string binary_kind_list();
/// The kind's class (eq ne lt le gt ge compare; and, or are logical).
BinaryClass binary_class(BinaryKind kind);
/// True for eq ne lt le gt ge.
bool is_comparison(BinaryKind kind);
/// True for and, or (bool operands).
bool is_logical(BinaryKind kind);
/// True when the result dtype is bool (comparisons and logical kinds).
bool yields_bool(BinaryKind kind);
/// The operand dtypes the kind is defined on.
KindDomain binary_domain(BinaryKind kind);
/// The kind's Partial rule.
BinaryPartial binary_partial(BinaryKind kind);
/// The CUDA runtime functor (cuda/runtime/ops.h) computing `kind` on operands of dtype `d`, or
/// "" when `d` is outside the kind's domain.
std::string_view binary_runtime_functor(BinaryKind kind, DType d);

/// The kind's spelling ("neg", "rsqrt", "exp2"; unary_kinds.def).
std::string_view unary_kind_name(UnaryKind kind);
/// The kind spelled `name`, if any.
std::optional<UnaryKind> unary_kind_from_name(std::string_view name);
/// Every unary kind's spelling, joined by ", ".
std::string unary_kind_list();
/// The operand dtypes the kind is defined on.
KindDomain unary_domain(UnaryKind kind);
/// True for the kinds defined on floats only (domain Float; docs/decisions.md D6).
bool is_float_only(UnaryKind kind);
/// The Partial reductions the kind commutes with.
KindCommutes unary_commutes(UnaryKind kind);
/// The CUDA runtime functor (cuda/runtime/ops.h) computing `kind` on an operand of dtype `d`, or
/// "" when `d` is outside the kind's domain.
std::string_view unary_runtime_functor(UnaryKind kind, DType d);

/// The kind name that upstream TileFoundry's alias spelling `name` stands for: cmp_eq cmp_ne
/// cmp_lt cmp_le cmp_gt cmp_ge -> eq ne lt le gt ge, logical_and logical_or logical_not -> and
/// or not, minimum maximum -> min max. A func reads `cmp_gt(x, y)` as `gt(x, y)`; the printer
/// writes the canonical name. nullopt for every other spelling.
std::optional<std::string_view> upstream_kind_alias(std::string_view name);

}  // namespace tf
