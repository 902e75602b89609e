// The tensors of a value in tuple order, each named as `tf eval` prints it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "eval/value/value.h"

namespace tf::eval {

/// The tensors of `v` in tuple order, nested tuples flattened: `name` for a lone tensor, else
/// "name[1]", "name[1][0]", ... (what `tf eval` prints for its result with name "output").
std::vector<std::pair<std::string, Tensor>> flatten_value(const Value& v, const std::string& name);

}  // namespace tf::eval
