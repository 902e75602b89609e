// AttrValue: the value of one keyword attribute of a Call (upstream docs/spec/core-ir.md).
//
// Design note. An attribute value is a closed variant: the plain values a ParamDef default can
// hold (AttrDefault: None, int, float, bool, string, enum, DType, StorageKind, tuple of ints)
// followed by the richer families that have no default: an IR type, a layout (any LayoutBase
// member), a mesh, a pattern, an atom (atom.h), a dim and a tuple of dims. The attribute's
// family (AttrKind) comes from the op's schema. An enum value is typed: an EnumAttr, a code of
// the EnumSpace its ParamDef names (enum_space.h), never its spelling, which only the text
// reader and the printers see; enum_value<E> reads it as the C++ enum E.
//
// A Call stores its attributes as one value per attribute-kind ParamDef of its op, in
// declaration order, defaults filled (Call::make, call.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ir/core/atom.h"
#include "ir/core/enum_space.h"
#include "ir/core/param_def.h"
#include "ir/core/pattern.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/type/ir_type.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// One attribute value; monostate is None. The first nine alternatives are AttrDefault's, in
/// the same order.
using AttrValue =
    std::variant<std::monostate, std::int64_t, double, bool, std::string, EnumAttr, DType,
                 StorageKind, std::vector<std::int64_t>, IRType, LayoutBase, Mesh, Pattern, Atom,
                 ShapeDim, std::vector<ShapeDim>>;

/// A call-site attribute: its keyword and its value.
using NamedAttr = std::pair<std::string, AttrValue>;

/// The attribute value of a ParamDef default.
AttrValue attr_value_of(const AttrDefault& value);

/// Whether `value` belongs to attribute family `kind` (None belongs to every family; an Enum
/// value is an EnumAttr of any space; a Type value is a non-null IRType, a Pattern or an Atom a
/// non-null handle; a Dim family also admits an int, a DimTuple family a tuple of ints).
bool attr_value_fits(AttrKind kind, const AttrValue& value);
/// Whether `value` may be the value of attribute `param`: it fits the family, and an EnumAttr
/// is of the space `param` names.
bool attr_value_fits(const ParamDef& param, const AttrValue& value);

/// The family name of the value's alternative ("none", "int", "float", "bool", "string",
/// "enum", "dtype", "storage", "int_tuple", "type", "layout", "mesh", "pattern", "atom", "dim",
/// "dim_tuple"), for diagnostics.
std::string_view attr_value_kind_name(const AttrValue& value);

/// The family attribute `param` takes, for diagnostics: "int", "dtype", "enum (Rounding)".
std::string attr_family_text(const ParamDef& param);
/// `value` as a diagnostic names it: its family name and text, and an enum's space: `int 2`,
/// `string "bf16"`, `enum sum (ReduceKind)`.
std::string attr_value_description(const AttrValue& value);

/// Whether `value` is what a call site may omit for attribute `param`: its default, or None for
/// an optional attribute without one (printers leave such attributes out).
bool is_omittable(const ParamDef& param, const AttrValue& value);

/// The tfir spelling of `value` as an attribute of family `kind`: `None`, `7`, `0.5`, `1.0`,
/// `true`, `"text"` (a string, quoted and escaped), `rn` (an EnumAttr: its spelling, bare),
/// `bf16`, `smem`, `(1, 2)`, `(3,)`, `()`, a type, layout, mesh or pattern in its tfir
/// spelling, an atom's spelling, a dim (`N + 1`), a tuple of dims (`(N, 8)`). Declared names
/// are the text printer's business.
std::string attr_value_text(AttrKind kind, const AttrValue& value);

/// The code of `value`, an EnumAttr of `space`. Precondition (TF_CHECK): it is one (the Call
/// binding checked the value against its ParamDef's space).
std::uint16_t enum_code(const AttrValue& value, const EnumSpace& space);

/// The enumerator `value` names. Precondition (TF_CHECK): `value` is an EnumAttr of E's space.
template <SpacedEnum E>
E enum_value(const AttrValue& value) {
  return static_cast<E>(enum_code(value, enum_space_of(E{})));
}

/// The enumerator `value` names, or nothing for None (an optional enum attribute).
/// Precondition (TF_CHECK): otherwise `value` is an EnumAttr of E's space.
template <SpacedEnum E>
std::optional<E> optional_enum_value(const AttrValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
  return enum_value<E>(value);
}

}  // namespace tf
