// register_math_eval: the handlers of the elementwise family (math_eval_handlers.h) in the
// EvalHir table: hir.math.* and the elementwise hir.nn activations (hir.tensor's Cast, FullLike
// and Where are defined in convert_eval.cpp and registered with their family, tensor_eval.cpp).
#include "eval/hir/math_eval_handlers.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"

namespace tf::eval {

void register_math_eval(OpHandlers& handlers) {
  using hir::MathOp;
  using hir::NnOp;
  const OpRegistry& r = handlers.registry();
  auto math = [&](MathOp op, EvalHirHandler::Fn fn) {
    handlers.set<EvalHirHandler>(hir::math_op(op, r), fn);
  };
  auto nn = [&](NnOp op, EvalHirHandler::Fn fn) {
    handlers.set<EvalHirHandler>(hir::nn_op(op, r), fn);
  };
  math(MathOp::Binary, &eval_binary);
  math(MathOp::Unary, &eval_unary);
  math(MathOp::Clamp, &eval_clamp);
  math(MathOp::Softplus, &eval_softplus);
  nn(NnOp::ReLU, &eval_relu);
  nn(NnOp::Sigmoid, &eval_sigmoid);
  nn(NnOp::Tanh, &eval_tanh);
  nn(NnOp::Gelu, &eval_gelu);
  nn(NnOp::Silu, &eval_silu);
}

}  // namespace tf::eval
