// The hidden runtime-extent parameters of a PrimFunction (seed 002 section 2.2): a parameter
// named `<p>_shape_<k>` that is a rank-0 integer, where `p` is a tensor parameter of the same
// function with an axis k. Recognised by name and shape, not by a flag (docs/tir-semantics.md);
// the verifier, the evaluator and the host entry share this one definition.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/core/var.h"
#include "ir/tir/prim_function.h"

namespace tf::tir {

/// The tensor name and axis of a name spelled `<p>_shape_<k>` (the last `_shape_`), if it is.
std::optional<std::pair<std::string, std::int64_t>> hidden_shape_name(const std::string& name);

/// True when `type` is a rank-0 integer tensor type.
bool is_rank0_integer_type(const IRType& type);

/// The source of a hidden parameter: which parameter's extent, on which axis.
struct HiddenShapeSource {
  std::size_t tensor_param = 0;  ///< index into fn.params()
  std::int64_t axis = 0;
};

/// Per parameter of `fn`, its source when it is hidden, else nullopt.
std::vector<std::optional<HiddenShapeSource>> hidden_shape_params(const PrimFunction& fn);

}  // namespace tf::tir
