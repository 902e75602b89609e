// dim_const, make_dim_call and simplify_dim.
#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_handlers.h"
#include "ir/dim/simplify_dim.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf {

ConstantRef dim_const(std::int64_t value) {
  return Constant::make(value, TensorType::meta_scalar(DType::i64())).value();
}

Result<CallRef> make_dim_call(DimOpKind kind, std::vector<Expr> args) {
  const Op op = dim_op(kind);
  Result<IRType> type = infer_dim_type(op, args);
  TF_TRY(type);
  return Call::make(op, std::move(args), *type);
}

Result<Expr> simplify_dim(DimOpKind kind, std::vector<Expr> args) {
  if (args.size() == 2 && args[0] && args[1]) {
    const Constant* a = args[0]->as<Constant>();
    const Constant* b = args[1]->as<Constant>();
    if (a && b && a->is_int() && b->is_int()) {
      Result<std::int64_t> folded = apply_dim_op(kind, a->int_value(), b->int_value());
      if (folded.ok()) return Expr(dim_const(*folded));
      // A zero divisor or an int64 overflow: keep the Call (header comment).
    }
  }
  Result<CallRef> call = make_dim_call(kind, std::move(args));
  TF_TRY(call);
  return Expr(*call);
}

Result<Expr> simplify_dim(Op op, std::vector<Expr> args) {
  std::optional<DimOpKind> kind = dim_op_kind(op);
  if (!kind)
    return rule_error("TYPES.4.DIM.arith-op-set",
                      fmt::format("{} is not a dim arithmetic op (DimAdd, DimSub, DimMul, "
                                  "DimFloorDiv, DimMod, DimMin, DimMax)",
                                  op.valid() ? op.name() : std::string_view("an invalid op")));
  return simplify_dim(*kind, std::move(args));
}

}  // namespace tf
