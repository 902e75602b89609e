// Typed reads of a Call's attributes for the eval handlers. Typeinfer has accepted the Call, so
// each attribute holds its declared family; a mismatch is a bug (TF_CHECK, InternalError).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "eval/hir/op_eval.h"

namespace tf::eval {

/// The Int attribute `name` of `a`'s Call.
std::int64_t int_attr(const OpEvalArgs& a, std::string_view name);
/// The IntTuple attribute `name`.
const std::vector<std::int64_t>& ints_attr(const OpEvalArgs& a, std::string_view name);
/// The Float attribute `name` (an int value is widened).
double float_attr(const OpEvalArgs& a, std::string_view name);
/// The Bool attribute `name`.
bool bool_attr(const OpEvalArgs& a, std::string_view name);
/// The Enum attribute `name`, as the enumerator of E its EnumAttr names (E: the C++ enum of
/// the attribute's space, such as ReduceKind).
template <SpacedEnum E>
E enum_attr(const OpEvalArgs& a, std::string_view name) {
  return enum_value<E>(a.attr(name));
}
/// The DType attribute `name`.
DType dtype_attr(const OpEvalArgs& a, std::string_view name);

}  // namespace tf::eval
