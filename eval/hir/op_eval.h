// The per-op evaluation handlers of the HIR evaluator: their contract and registration.
//
// Design note. Each HIR op has one EvalHirHandler in the OpHandlers table (ir/core/op_handlers.h),
// registered by the family's `register_..._eval` function (no static registration). A handler
// receives the Call (its op, attributes and inferred result type), the already evaluated
// operands, and the DimVar binding of the enclosing function, and returns the value. Rules every
// handler follows (docs/decisions.md D6, docs/hir-semantics.md):
//  - the result dtype is the Call's inferred dtype (result_dtype()), never what the arithmetic
//    happened to produce; the result shape is the operand-derived shape, which must equal the
//    inferred shape where that is static;
//  - floats compute in f32 and round once to the result dtype; integers compute in int64 and
//    wrap to the result width (eval/value/tensor_convert.h);
//  - a run-time failure (an index out of range, an indivisible split) is returned as a
//    Diagnostic made by `eval_error` (category Eval, the rule id where one applies); the
//    evaluator adds the op, the IR path and the source location. A handler never throws for bad
//    input; TF_CHECK is only for broken invariants (typeinfer already accepted the Call).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "eval/value/value.h"
#include "ir/core/call.h"
#include "ir/core/op_handlers.h"
#include "ir/dim/dim_eval.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"
#include "ir/type/tensor_type.h"

namespace tf::eval {

/// What a handler is given.
struct OpEvalArgs {
  const Call& call;               ///< the op, its attributes (defaults filled) and result type
  std::span<const Value> args;    ///< the evaluated operands, in order
  const DimBinding& dims;         ///< the DimVars of the enclosing function

  /// Operand `i` as a tensor. Precondition (TF_CHECK): it is one.
  const Tensor& tensor(std::size_t i) const { return args[i].tensor(); }
  /// The attribute `name` (Call::attr).
  const AttrValue& attr(std::string_view name) const { return call.attr(name); }
  /// The Call's inferred type as a TensorType. Precondition (TF_CHECK): it is one.
  const TensorType& result_type() const;
  /// The inferred result dtype.
  DType result_dtype() const { return result_type().dtype; }
  /// The inferred result shape with every dim resolved under `dims`.
  Result<Shape> result_shape() const;
  /// The value of a dim (an attribute or a type extent) under `dims`.
  Result<std::int64_t> dim(const ShapeDim& d) const;
};

/// The handler tag of the HIR evaluator's table.
struct EvalHirHandler {
  static constexpr HandlerKind kKind = HandlerKind::EvalHir;
  using Fn = Result<Value> (*)(const OpEvalArgs& a);
};

/// A run-time error of an op (category Eval, or the rule `rule_id` when it is not empty).
Diagnostic eval_error(std::string message, std::string rule_id = {});

/// The shapes of `shape` resolved under `dims` (an unbound DimVar is a Diagnostic).
Result<Shape> resolve_shape(const std::vector<ShapeDim>& shape, const DimBinding& dims);

/// The families' registration functions (each idempotent), and all of them at once.
void register_math_eval(OpHandlers& handlers);        ///< hir.math, elementwise hir.nn
void register_tensor_eval(OpHandlers& handlers);      ///< every hir.tensor op (tensor_ops.def), hir.sharding
void register_compute_eval(OpHandlers& handlers);     ///< MatMul, Conv2D, norms, SoftMax, RoPE, Mma
void register_hir_eval(OpHandlers& handlers);

}  // namespace tf::eval
