// The elementwise rule every one-op-per-element HIR op lowers through (binary, unary, relu, cast,
// reduce), under any strategy: its pattern declares OperandForm::AsResult, so the dispatcher
// hands it operands held as the result will be, and it computes into a buffer held likewise:
// whole register tensors (serial), a grid part's rows (alloc_value), or, under the sharded
// strategy when the result carries a ShardLayout, each instance's local part (shard_rule.h's
// result_distribution). It sits above rule_support.h and shard_rule.h, which do not include
// each other.
#pragma once

#include <vector>

#include "ir/tir/tir_ops.h"
#include "lower/lowering_pattern.h"

namespace tf::lower {

/// dst = a buffer for the call's value, held as in.strategy holds it (a distributed register
/// tensor when result_distribution gives a ShardLayout, else alloc_value);
/// `tir_op`(in.operands..., dst, after_dst..., attrs). Precondition: the pattern's form is
/// AsResult (or Whole, when the result is never distributed).
Result<Expr> elementwise(const RuleInput& in, tir::TirOp tir_op, std::vector<NamedAttr> attrs,
                         std::vector<Expr> after_dst = {});

}  // namespace tf::lower
