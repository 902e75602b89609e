// The kind spellings a generator may put on a Binary or Unary of one dtype, derived from the kind
// records (ir/core/binary_kinds.def, unary_kinds.def), so a new kind is generated as soon as it
// is declared and no generator keeps its own copy of the type rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tf::fuzz {

/// The binary kinds defined on operands of dtype `dtype` (a dtype name, e.g. "f32"), in record
/// order; with `bool_results` false, only those whose result keeps the operand dtype.
/// Precondition (TF_CHECK): `dtype` names a dtype.
std::vector<std::string> binary_kinds_of(std::string_view dtype, bool bool_results);
/// The unary kinds HIR defines on an operand of dtype `dtype` (not the conversion), in record
/// order. Precondition (TF_CHECK): `dtype` names a dtype.
std::vector<std::string> unary_kinds_of(std::string_view dtype);
/// True when the binary kind spelled `kind` yields bool. Precondition (TF_CHECK): it is a kind.
bool binary_kind_yields_bool(std::string_view kind);

}  // namespace tf::fuzz
