// Inputs for running any HIR function of a generated or fuzzed program: a value for every
// DimVar inside its envelope and seeded random tensors of the parameter types under them. The
// evaluator laws and the evaluation fuzz target share them.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eval/value/value.h"
#include "ir/hir/function.h"
#include "ir/support/result.h"

namespace tf::fuzz {

/// A value for every DimVar `fn` mentions (eval::dim_vars_of), inside its envelope [lo, hi):
/// lo + seed % 4, at most hi - 1.
std::map<std::string, std::int64_t> dims_for(const hir::Function& fn, std::uint64_t seed);

/// One seeded random tensor per parameter of `fn` (`T random(seed=seed + i)`), shaped under
/// `dims`; the literal reader's diagnostic when a parameter type cannot be built (a shape too
/// large for a literal, an unbound DimVar, ...).
Result<std::vector<eval::Value>> random_inputs(const hir::Function& fn, std::uint64_t seed,
                                               const std::map<std::string, std::int64_t>& dims);

/// The two f32 inputs of a race-free kernel of `rows` x `cols` (fuzz/gen gen_race_free_kernel):
/// values uniform in [-4, 4) from `seed`.
std::vector<eval::Tensor> race_free_inputs(std::int64_t rows, std::int64_t cols, std::uint64_t seed);

}  // namespace tf::fuzz
