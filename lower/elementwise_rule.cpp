#include "lower/elementwise_rule.h"

#include "ir/layout/shard_layout.h"
#include "ir/type/tensor_type.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

Result<Expr> elementwise(const RuleInput& in, tir::TirOp tir_op, std::vector<NamedAttr> attrs,
                         std::vector<Expr> after_dst) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::string name = in.name();
  const ShardLayout* sl = result_distribution(in.strategy, type);
  Result<Expr> dst = sl != nullptr
                         ? in.lc.alloc_buffer(type.shape, type.dtype, LayoutBase(*sl), StorageKind::Rmem, name)
                         : alloc_value(in.lc, in.strategy, type, type.dtype, name);
  TF_TRY(dst);
  return emit_into(in.lc, tir_op, in.operands, *dst, std::move(after_dst), std::move(attrs));
}

}  // namespace tf::lower
