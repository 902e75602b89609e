#include "lower/elementwise_rule.h"

#include "ir/layout/shard_layout.h"
#include "ir/type/tensor_type.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

// dst = alloc(the call's type); op(operands..., dst, after_dst..., attrs).
Result<Expr> elementwise(LoweringContext& lc, const Call& c, tir::TirOp tir_op, std::vector<NamedAttr> attrs,
                         std::size_t operands, std::vector<Expr> after_dst) {
  const TensorType& type = *tensor_type_of(c);
  const ShardLayout* sl = lc.sharding() != nullptr && type.layout ? type.layout->as_shard() : nullptr;
  if (sl != nullptr) return distributed_elementwise(lc, c, *sl, tir_op, std::move(attrs), operands, std::move(after_dst));
  Result<std::vector<Expr>> lowered = lower_operands(lc, c);
  TF_TRY(lowered);
  std::vector<Expr> args = std::move(lowered).value();
  args.resize(operands);
  const std::string name = lc.binding_name(c);
  Result<Expr> dst = lc.alloc(type, type.dtype, name.empty() ? "t" : name);
  TF_TRY(dst);
  return emit_into(lc, tir_op, std::move(args), *dst, std::move(after_dst), std::move(attrs));
}

}  // namespace tf::lower
