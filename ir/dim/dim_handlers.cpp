#include "ir/dim/dim_handlers.h"

#include <fmt/format.h>

#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/dim/dim_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf {

Result<IRType> infer_dim_type(Op op, const std::vector<Expr>& args) {
  const std::optional<DimOpKind> kind = dim_op_kind(op);
  TF_CHECK(kind.has_value(), "infer_dim_type of the non-dim op {}", op.name());
  const std::string_view name = dim_op_name(*kind);
  if (args.size() != 2)
    return rule_error("TYPES.4.DIM.arith-two-inputs",
                      fmt::format("{} takes exactly two operands, got {}", name, args.size()));
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i]) {
      diags.push_back(
          category_error(DiagCategory::Type, fmt::format("operand {} of {} is null", i, name)));
      continue;
    }
    const TensorType* t = args[i]->type()->as<TensorType>();
    const bool ok = t != nullptr && t->rank() == 0 && (t->dtype.is_integer() || t->dtype.is_bool());
    if (!ok)
      diags.push_back(rule_error(
          "TYPES.4.DIM.arith-rank0-integer-inputs",
          fmt::format("operand {} of {} must be a rank-0 integer expression, but {} has type {}", i,
                      name, short_text(args[i]), short_text(args[i]->type()))));
  }
  if (!diags.empty()) return diags;
  return IRType(TensorType::meta_scalar(DType::i64()));
}

std::vector<Diagnostic> verify_dim_call(const Call& call) {
  Result<IRType> typed = infer_dim_type(call.op, call.args);
  TF_TRY(typed);
  const std::string_view name = call.op.name();
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < call.args.size(); ++i)
    if (call.args[i]->type()->as<TensorType>()->dtype.is_bool())
      diags.push_back(
          rule_error("TYPES.4.DIM.arith-rank0-integer-inputs",
                     fmt::format("operand {} of {} is the bool {}; dim arithmetic takes integers",
                                 i, name, to_string(call.args[i]))));
  const DimOpKind kind = *dim_op_kind(call.op);
  if (kind == DimOpKind::FloorDiv || kind == DimOpKind::Mod) {
    const Constant* divisor = call.args[1]->as<Constant>();
    if (divisor != nullptr && divisor->is_int() && divisor->int_value() == 0)
      diags.push_back(rule_error(
          "TYPES.4.FOLD.zero-divisor-flagged-by-verify",
          fmt::format("{} divides by the literal zero: {}", name, to_string(Expr(&call)))));
  }
  const IRType meta = TensorType::meta_scalar(DType::i64());
  if (!structural_equal(call.type(), meta))
    diags.push_back(rule_error("TYPES.4.DIM.expr-type-i64",
                               fmt::format("the {} Call is typed {}, not {}", name,
                                           short_text(call.type()), short_text(meta))));
  return diags;
}

void register_dim_handlers(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry, "register_dim_handlers: handlers of another registry");
  for (DimOpKind kind : kAllDimOps) {
    const Op op = dim_op(kind);
    handlers.set<TypeInferHandler>(op, &infer_dim_type);
    handlers.set<VerifyHandler>(op, &verify_dim_call);
  }
}

}  // namespace tf
