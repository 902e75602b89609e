#include "eval/hir/op_eval.h"

#include <fmt/format.h>

namespace tf::eval {

const TensorType& OpEvalArgs::result_type() const {
  const TensorType* t = call.type()->as<TensorType>();
  TF_CHECK(t != nullptr, "result_type() of {}: the Call is not tensor-typed", call.op.name());
  return *t;
}

Result<Shape> OpEvalArgs::result_shape() const { return resolve_shape(result_type().shape, dims); }

Result<std::int64_t> OpEvalArgs::dim(const ShapeDim& d) const {
  if (d.is_static()) return d.value();
  return evaluate_dim(d.expr(), dims);
}

Diagnostic eval_error(std::string message, std::string rule_id) {
  if (rule_id.empty()) return category_error(DiagCategory::Eval, std::move(message));
  return rule_error(std::move(rule_id), std::move(message));
}

Result<Shape> resolve_shape(const std::vector<ShapeDim>& shape, const DimBinding& dims) {
  Shape out;
  out.reserve(shape.size());
  for (const ShapeDim& d : shape) {
    if (d.is_static()) {
      out.push_back(d.value());
      continue;
    }
    Result<std::int64_t> v = evaluate_dim(d.expr(), dims);
    TF_TRY(v);
    if (*v < 0) return eval_error(fmt::format("an extent evaluates to {} (negative)", *v));
    out.push_back(*v);
  }
  return out;
}

void register_hir_eval(OpHandlers& handlers) {
  register_math_eval(handlers);
  register_tensor_eval(handlers);
  register_compute_eval(handlers);
}

}  // namespace tf::eval
