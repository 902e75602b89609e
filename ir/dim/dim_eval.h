// Evaluation of dim expressions under a binding of DimVars (for numel, tensor_bytes, local
// projection and the evaluator's shape checks).
//
// A DimBinding maps canonical DimVars to values inside their envelopes [lo, hi). evaluate_dim
// computes an int64 with Python's floor semantics (dim_arith.h): an int Constant is its value,
// a bound DimVar its binding, a dim arithmetic Call the op applied to its evaluated operands,
// a ShapeOf(param, axis) the value of param's declared extent on that axis (an i32 that widens
// to i64, docs/decisions.md D7; an extent outside i32 is a Diagnostic).
// Everything else is a Diagnostic (category Eval): an unbound DimVar, a non-int Constant (a
// bool or float payload), a division by zero, an int64 overflow, a Var or a non-dim Call.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "ir/core/expr.h"
#include "ir/dim/dim_var.h"
#include "ir/support/result.h"

namespace tf {

/// Values for DimVars, each inside its envelope.
class DimBinding {
 public:
  /// Binds `var` to `value`. Diagnostic (TYPES.4.DIM.dimvar-half-open) when value is outside
  /// [lo, hi); rebinding replaces the value.
  [[nodiscard]] std::optional<Diagnostic> bind(const DimVarRef& var, std::int64_t value);
  /// The bound value, if any.
  std::optional<std::int64_t> lookup(const DimVar& var) const;
  /// Number of bound DimVars.
  std::size_t size() const { return values_.size(); }

 private:
  // DimVars are canonical and never freed, so their address is their identity.
  std::unordered_map<const DimVar*, std::int64_t> values_;
};

/// The value of dim expression `e` under `binding` (header comment).
Result<std::int64_t> evaluate_dim(const Expr& e, const DimBinding& binding);

/// The distinct DimVars that occur in `e`, in first-occurrence order (left to right); a
/// ShapeOf contributes those of its parameter's extent on its axis.
std::vector<DimVarRef> free_dim_vars(const Expr& e);

}  // namespace tf
