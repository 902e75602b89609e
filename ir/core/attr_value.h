// AttrValue: the value of one keyword attribute of a Call (upstream docs/spec/core-ir.md).
//
// Design note. An attribute value is a closed variant: the plain values a ParamDef default can
// hold (AttrDefault: None, int, float, bool, string, DType, StorageKind, tuple of ints) followed
// by the richer families that have no default: an IR type, a layout (any LayoutBase member), a
// mesh, a pattern, an atom (atom.h), a dim and a tuple of dims. The attribute's family
// (AttrKind) comes from the op's schema, so an enum value is its bare spelling held as a string
// ("rn"), told apart from a String attribute by the schema, never by the value.
//
// A Call stores its attributes as one value per attribute-kind ParamDef of its op, in
// declaration order, defaults filled (Call::make, call.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ir/core/atom.h"
#include "ir/core/param_def.h"
#include "ir/core/pattern.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/type/ir_type.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// One attribute value; monostate is None. The first eight alternatives are AttrDefault's, in
/// the same order.
using AttrValue =
    std::variant<std::monostate, std::int64_t, double, bool, std::string, DType, StorageKind,
                 std::vector<std::int64_t>, IRType, LayoutBase, Mesh, Pattern, Atom, ShapeDim,
                 std::vector<ShapeDim>>;

/// A call-site attribute: its keyword and its value.
using NamedAttr = std::pair<std::string, AttrValue>;

/// The attribute value of a ParamDef default.
AttrValue attr_value_of(const AttrDefault& value);

/// Whether `value` belongs to attribute family `kind` (None belongs to every family; an enum
/// value is an identifier string; a Type value is a non-null IRType, a Pattern or an Atom a
/// non-null handle; a Dim family also admits an int, a DimTuple family a tuple of ints).
bool attr_value_fits(AttrKind kind, const AttrValue& value);

/// The family name of the value's alternative ("none", "int", "float", "bool", "string",
/// "dtype", "storage", "int_tuple", "type", "layout", "mesh", "pattern", "atom", "dim",
/// "dim_tuple"), for diagnostics.
std::string_view attr_value_kind_name(const AttrValue& value);

/// Whether `value` is what a call site may omit for attribute `param`: its default, or None for
/// an optional attribute without one (printers leave such attributes out).
bool is_omittable(const ParamDef& param, const AttrValue& value);

/// The tfir spelling of `value` as an attribute of family `kind`: `None`, `7`, `0.5`, `1.0`,
/// `true`, `"text"` (String, quoted and escaped), `rn` (Enum, bare), `bf16`, `smem`, `(1, 2)`,
/// `(3,)`, `()`, a type, layout, mesh or pattern in its tfir spelling, an atom's spelling, a dim
/// (`N + 1`), a tuple of dims (`(N, 8)`). Declared names are the text printer's business.
std::string attr_value_text(AttrKind kind, const AttrValue& value);

}  // namespace tf
