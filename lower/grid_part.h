// GridPart: one part of the rows of a row-wise body under the grid strategy (grid_plan.h): the
// main part over every thread, or the tail on thread 0 of CTA 0, and what a row value becomes in
// it. The grid rule (grid_rule.cpp) lowers the body once per part and hands the part to every
// rule in its StrategyContext (strategy_context.h); the rules ask it where a row value's axes
// are and how its register tensor is shaped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/core/expr.h"
#include "ir/layout/layout_base.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"

namespace tf::lower {

/// A part of the rows of a row-wise body: a row value, a tensor whose shape starts with `rows`,
/// is held in it as `leading` followed by its trailing axes, distributed by `layout`.
struct GridPart {
  std::vector<ShapeDim> rows;     ///< the leading axes L of the row values
  std::vector<ShapeDim> leading;  ///< what replaces them: (G, T, k), (T, k), or (tail,)
  /// The distribution of a row value with trailing shape X in the part (null: none).
  std::function<LayoutBase(const std::vector<std::int64_t>& trailing)> layout;
  /// The values that are shared although their shape starts with `rows`: parameters (a
  /// matmul's b, the operand of an op without a row-wise rule, such as a transposed weight) and
  /// values every thread computes whole (an arange of the rows a causal mask reshapes):
  /// grid_plan.h.
  std::vector<const ExprNode*> shared_row_shaped;
  /// How the part sees the rows of a row-shaped tensor `whole` held whole (a row-valued
  /// parameter or output, or a view of shared values): the view of its rows the part holds, of
  /// trailing shape `trailing`, bound to a Var named after `name`.
  using RowsView = std::function<Result<Expr>(const Expr& whole, const std::vector<std::int64_t>& trailing, const std::string& name)>;
  RowsView view_rows;

  /// What a thread holds of the leading axes, as loop extents over its own part: under a
  /// distribution every axis 1 but the last (k rows), else `leading` itself (the tail).
  std::vector<ShapeDim> own_leading() const;
  /// The extents a thread's loops run over for a value of HIR shape `shape`: own_leading()
  /// followed by its trailing axes for a row value, else `shape` itself (a shared value is whole).
  std::vector<ShapeDim> own_shape(const std::vector<ShapeDim>& shape) const;
  /// True when `shape` is a row value's: not rank 0, and it starts with `rows`.
  bool is_row(const std::vector<ShapeDim>& shape) const;
  /// True when `e` is a row value: a tensor of a row value's shape, not one of shared_row_shaped.
  bool is_row_value(const ExprNode& e) const;
  /// True when `e` is one of shared_row_shaped: held whole by every thread whatever its shape.
  bool held_whole(const ExprNode& e) const;
  /// The shape of the register tensor holding a row value of HIR shape `shape`: `leading`
  /// followed by its trailing axes. Precondition: is_row(shape).
  std::vector<ShapeDim> held_shape(const std::vector<ShapeDim>& shape) const;
  /// Its distribution (nullopt when the part has none). Precondition: is_row(shape), whose
  /// trailing extents are static (grid_plan.h).
  std::optional<LayoutBase> held_layout(const std::vector<ShapeDim>& shape) const;
  /// Axis `axis` (in [0, rank)) of a value of HIR shape `shape`, in the TIR value that stands
  /// for it: past the leading axes of a row value it moves with them; any other is itself.
  std::int64_t axis(const std::vector<ShapeDim>& shape, std::int64_t axis) const;
  /// The axes `axes` (each in [0, rank)) of a reduction of a value of HIR shape `shape`: as
  /// axis() each, except that the leading axes of a row value, when named, become every axis
  /// of `leading` (a reduction across rows spans the threads' rows).
  std::vector<std::int64_t> reduce_axes(const std::vector<ShapeDim>& shape, const std::vector<std::int64_t>& axes) const;
};

}  // namespace tf::lower
