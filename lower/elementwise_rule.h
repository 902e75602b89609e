// The elementwise rule every one-op-per-element HIR op lowers through, under either strategy that
// computes values whole or in parts: on whole register tensors (the serial and grid strategies),
// or, under the sharded strategy (LoweringContext::sharding() set), on each instance's local part
// (shard_rule.h's distributed_elementwise). It sits above rule_support.h and shard_rule.h, which
// do not include each other.
#pragma once

#include <cstddef>
#include <vector>

#include "ir/core/call.h"
#include "ir/tir/tir_ops.h"
#include "lower/lowering_context.h"

namespace tf::lower {

/// dst = alloc(c's type); `tir_op`(the first `operands` lowered operands, dst, after_dst..., attrs),
/// on the local parts when the sharded strategy lowers the body and c's type has a ShardLayout.
Result<Expr> elementwise(LoweringContext& lc, const Call& c, tir::TirOp tir_op, std::vector<NamedAttr> attrs,
                         std::size_t operands, std::vector<Expr> after_dst = {});

}  // namespace tf::lower
