// Per-element loops: the TIR a rule writes when no effect op computes what it needs (a choice,
// a gather, a scatter), as the issue of every HIR op through the compiled path asks: nested
// `for` loops over a value's axes, and rank-0 views of its operands at the loop indices (TensorView
// start coordinates, docs/tir-semantics.md "Windows that move at run time").
//
// Design note. A loop nest over shape S has one i64 induction variable per axis, counting from 0
// to the extent (a DimVar extent stays the DimVar: the machine model binds it from the run, the
// emitter reads its scalar). An operand's element at the nest's coordinates is
// `tensor_view(x, c_0, ..., layout=Layout((), ()))`: one coordinate per axis of x, the loop index
// of the result axis it aligns with (trailing axes, as broadcasting aligns them), or 0 on an axis
// of extent 1 the result broadcasts. The view is rank 0: an If reads it as its condition, a copy
// moves its code. Nothing is materialized: per-thread storage stays what the operands had.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "ir/core/expr.h"
#include "ir/core/math_kinds.h"
#include "ir/type/tensor_type.h"
#include "lower/lowering_context.h"
#include "lower/strategy_context.h"

namespace tf::lower {

/// Appends the loop nest over `shape` (outermost axis first) whose innermost body is what `body`
/// emits, given the induction variables (none for rank 0: the body is emitted once, in place).
Result<bool> element_loops(LoweringContext& lc, const std::vector<ShapeDim>& shape,
                           const std::function<Result<bool>(const std::vector<Expr>& at)>& body);

/// element_loops over `shape` with each static extent-1 axis coordinate 0 (a literal) instead of a
/// loop of one iteration; `at` holds a coordinate for every axis of `shape`.
Result<bool> element_loops_past_ones(LoweringContext& lc, const std::vector<ShapeDim>& shape,
                                     const std::function<Result<bool>(const std::vector<Expr>& at)>& body);

/// `for NAME in range(0, stop, step) { body(NAME) }` appended: NAME a fresh i64 induction
/// variable named after `name`, `stop` static or a DimVar.
Result<bool> counted_loop(LoweringContext& lc, const ShapeDim& stop, std::int64_t step, std::string_view name,
                          const std::function<Result<bool>(const Expr& index)>& body);

/// A rank-0 i64 register holding `value` (a loop index: a comparison or a start coordinate
/// reads it).
Result<Expr> index_register(LoweringContext& lc, const Expr& value, const std::string& hint);

/// The rank-0 view of `x` (HIR shape `x_shape`, broadcast to `shape`) at the coordinates `at` of
/// `shape` (design note), bound to a fresh Var named after `hint`. Diagnostic (category Usage)
/// when an axis of x neither equals its result axis nor is a static 1.
Result<Expr> element_of(LoweringContext& lc, const Expr& x, const std::vector<ShapeDim>& x_shape,
                        const std::vector<ShapeDim>& shape, const std::vector<Expr>& at, std::string_view hint);

/// The rank-0 view of `x` at the coordinates `at`, one per axis of x (loop indices, literals, or
/// rank-0 integer tensors such as an index element), bound to a fresh Var named after `hint`.
Result<Expr> element_at(LoweringContext& lc, const Expr& x, std::vector<Expr> at, std::string_view hint);

/// `copy(x at from, y at to)`: one element moved between the rank-0 views at those coordinates
/// (hint + "_x", hint + "_r").
Result<bool> copy_element(LoweringContext& lc, const Expr& x, std::vector<Expr> from, const Expr& y, std::vector<Expr> to,
                          const std::string& hint);

/// Checks that every element of the integer tensor `index`, of extents `box` (coordinates in a
/// thread's part for a distributed one), lies in [0, extent): a loop nest whose element out of
/// range reaches `abort(message)` (an eval error in the machine model, a trap on the device), what
/// HIR reports as an eval error, so an index never becomes an out-of-bounds view. `extent` is
/// static or a DimVar.
Result<bool> check_index(LoweringContext& lc, const Expr& index, const std::vector<ShapeDim>& box, const ShapeDim& extent,
                         const std::string& message, std::string_view hint);

/// `abort(message)` appended: the eval error HIR reports, where the program reaches it (a trap
/// on the device).
Result<bool> append_abort(LoweringContext& lc, const std::string& message);

/// `if value < lo or value >= top { abort(message) }` appended: `value`, `lo` and `top` rank-0
/// tensors of one integer dtype.
Result<bool> abort_outside(LoweringContext& lc, const Expr& value, const Expr& lo, const Expr& top, const std::string& message,
                           std::string_view hint);

/// What a data mover's loops copy at a time: one element, or for a block-scaled value a whole row
/// of its last axis (rank-1 windows, whose blocks keep their scales).
struct MoveUnit {
  bool rows = false;
  ShapeDim length = ShapeDim(1);  ///< a row's length (the last extent) when `rows`
};

/// The unit of a mover whose values have type `t` (rows for a block-scaled dtype).
MoveUnit move_unit(const TensorType& t);

/// The shape a mover's loops run over for a value of `shape`: itself, or without its last axis
/// when the unit is a row.
std::vector<ShapeDim> unit_loops(const MoveUnit& unit, const std::vector<ShapeDim>& shape);

/// Copies one unit of x at `from` to y at `to` (coordinates of the loops' axes: every axis, or
/// every axis but the last for rows).
Result<bool> copy_unit(LoweringContext& lc, const MoveUnit& unit, const Expr& x, std::vector<Expr> from, const Expr& y,
                       std::vector<Expr> to, const std::string& hint);

/// A rank-0 register buffer of integer dtype `d` filled with `v` (a literal, or a DimVar's value).
Result<Expr> integer_buffer(LoweringContext& lc, DType d, const ShapeDim& v, std::string_view hint);

/// The coordinates of a window whose starts are `starts` (literals or HIR values of rank-0
/// integers, lowered here in order under `strategy`), each non-literal start checked to lie in
/// [0, last[k]] (an abort with `message` otherwise: HIR's eval error for a window leaving its
/// tensor). A literal start is the caller's to check.
Result<std::vector<Expr>> window_starts(LoweringContext& lc, const StrategyContext& strategy, const std::vector<Expr>& starts,
                                        const std::vector<std::int64_t>& last, const std::string& message, std::string_view hint);

/// A fresh rank-0 register of dtype `d` (a scalar a loop body computes in).
Result<Expr> scalar_register(LoweringContext& lc, DType d, std::string_view hint);

/// `binary(a, b, out, kind=kind)` appended (out may be a or b).
Result<bool> binary_into(LoweringContext& lc, BinaryKind kind, const Expr& a, const Expr& b, const Expr& out);

/// `unary(x, out, kind=kind)` appended (out may be x; UnaryKind::Cast converts to out's dtype in
/// its default mode).
Result<bool> unary_into(LoweringContext& lc, UnaryKind kind, const Expr& x, const Expr& out);

/// `binary(a, b, f, kind=kind)` into a fresh rank-0 bool register f (a comparison or a logical
/// kind), which is returned.
Result<Expr> flag(LoweringContext& lc, BinaryKind kind, const Expr& a, const Expr& b, std::string_view hint);

/// `if cond { then }` appended: the branch what `then` emits, no else.
Result<bool> when(LoweringContext& lc, const Expr& cond, const std::function<Result<bool>()>& then);

/// `if cond { then } else { otherwise }` appended, each branch what its function emits.
Result<bool> branch(LoweringContext& lc, const Expr& cond, const std::function<Result<bool>()>& then,
                    const std::function<Result<bool>()>& otherwise);

}  // namespace tf::lower
