// AttrValue: the value of one keyword attribute of a Call (core-ir section 2.3).
//
// Design note. An attribute value is a small closed variant, the same one a ParamDef default
// holds (AttrDefault): None, int, float, bool, string, DType, StorageKind, tuple of ints. The
// attribute's family (AttrKind) comes from the op's schema, so an enum value is its bare
// spelling held as a string ("rn"), told apart from a String attribute by the schema, never by
// the value. The richer families (type, layout, mesh, atom, pattern) have no AttrValue yet: an
// attribute of those families cannot be given at a Call, so such an attribute is either
// optional-with-None or unusable (CallAttrs rejects it as missing).
//
// A Call stores its attributes as CallAttrs: one value per attribute-kind ParamDef of its op,
// in declaration order, defaults filled (Call::make, call.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/core/param_def.h"

namespace tf {

/// One attribute value; monostate is None.
using AttrValue = AttrDefault;

/// A call-site attribute: its keyword and its value.
using NamedAttr = std::pair<std::string, AttrValue>;

/// Whether `value` belongs to attribute family `kind` (None belongs to every family; an enum
/// value is an identifier string; the families without values admit only None).
bool attr_value_fits(AttrKind kind, const AttrValue& value);

/// The family name of the value's alternative ("none", "int", "float", "bool", "string",
/// "dtype", "storage", "int_tuple"), for diagnostics.
std::string_view attr_value_kind_name(const AttrValue& value);

/// The tfir spelling of `value` as an attribute of family `kind`: `None`, `7`, `0.5`, `1.0`,
/// `true`, `"text"` (String, quoted and escaped), `rn` (Enum, bare), `bf16`, `smem`, `(1, 2)`,
/// `(3,)`, `()`.
std::string attr_value_text(AttrKind kind, const AttrValue& value);

}  // namespace tf
