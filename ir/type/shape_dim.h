// ShapeDim: one element of a TensorType's shape, `int | DimVar | dim Expr` (seed 000 sections
// 2 and 4).
//
// Design note. A ShapeDim is a small immutable value holding either a static int64 extent or
// an expression: a DimVar (a bounded dynamic dim) or a dim-arithmetic Expr such as a DimAdd
// Call (a derived dim). It is kept canonical so that structural type equality does not depend
// on how a shape was produced: an int-valued Constant handed to from_expr becomes the static
// int itself (simplify_dim folds `3 + 4` to Constant 7, and the shape holds 7, exactly as if
// 7 had been written; the tfir printer spells both `7`, so print -> parse round-trips).
// An expression element must be a rank-0, non-bool integer Expr with storage None (the
// shape-element form, TYPES.4.DIM.shape-element-storage-none).
#pragma once

#include <concepts>
#include <cstdint>
#include <variant>

#include "ir/core/expr.h"
#include "ir/dim/dim_var.h"
#include "ir/support/result.h"

namespace tf {

/// The integer types a static extent may be given in: every integral type but bool.
template <typename I>
concept ExtentInteger = std::integral<I> && !std::same_as<I, bool>;

/// A static extent, a DimVar or a dim-arithmetic Expr.
class ShapeDim {
 public:
  /// A static extent (any integer type but bool). Negative values are representable here and
  /// refused by TensorType::make.
  template <ExtentInteger I>
  ShapeDim(I extent) : dim_(static_cast<std::int64_t>(extent)) {  // NOLINT: an int is a dim
    TF_CHECK(std::in_range<std::int64_t>(extent), "shape extent {} does not fit int64", extent);
  }
  /// A bounded dynamic dim.
  ShapeDim(DimVarRef var);  // NOLINT: a DimVar is a dim

  /// Any dim-valued Expr: an int-valued Constant becomes its static int; a DimVar or another
  /// rank-0 non-bool integer Expr with storage None is kept. Diagnostic otherwise: a non-int
  /// Constant, a non-integer or non-rank-0 type (TYPES.4.DIM.expr-type-i64), or a storage
  /// other than None (TYPES.4.DIM.shape-element-storage-none).
  static Result<ShapeDim> from_expr(const Expr& e);

  /// True for a static int extent.
  bool is_static() const { return dim_.index() == 0; }
  /// The static extent (precondition: is_static()).
  std::int64_t value() const;
  /// The expression of a symbolic dim (precondition: !is_static()).
  const Expr& expr() const;
  /// The DimVar when this dim is exactly a DimVar, else nullptr.
  const DimVar* dim_var() const;

  /// Structural equality (expressions compared with structural_equal).
  friend bool operator==(const ShapeDim& a, const ShapeDim& b);

 private:
  explicit ShapeDim(Expr e) : dim_(std::move(e)) {}
  std::variant<std::int64_t, Expr> dim_;
};

}  // namespace tf
