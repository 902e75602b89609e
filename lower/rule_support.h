// What the lowering rules share (lower_rules.cpp, view_rules.cpp, control_rules.cpp): operand
// lowering, the alloc-then-effect-op shape of an elementwise rule, copies, and the rules that are
// not ops (loops, calls, tuple items). Internal to lower/.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/function_call.h"
#include "ir/core/grid_region.h"
#include "ir/core/tuple.h"
#include "ir/layout/int_tuple.h"
#include "lower/lower_rules.h"

namespace tf::lower {

/// The TensorType of `e`'s value, or null.
inline const TensorType* tensor_type_of(const ExprNode& e) { return e.type()->as<TensorType>(); }

/// The extents of `shape`, or nullopt when one is symbolic (views and products need static ones).
std::optional<std::vector<std::int64_t>> static_extents(const std::vector<ShapeDim>& shape);
/// The operands of `c` lowered, in order.
Result<std::vector<Expr>> lower_operands(LoweringContext& lc, const Call& c);
/// True when attribute `name` of `c` is None.
bool attr_is_none(const Call& c, std::string_view name);
/// Appends `tir_op`(operands..., dst, after_dst..., attrs) and returns dst.
Result<Expr> emit_into(LoweringContext& lc, tir::TirOp tir_op, std::vector<Expr> operands, const Expr& dst,
                       std::vector<Expr> after_dst, std::vector<NamedAttr> attrs);
/// `let NAME = tensor_view(x, layout=L)`: a view bound to a fresh Var named after `hint`.
Result<Expr> bound_view(LoweringContext& lc, const Expr& x, LayoutBase layout, std::string_view hint);
/// A fresh register copy of `v`.
Result<Expr> copy_of(LoweringContext& lc, const Expr& v, std::string_view hint);

/// The view rules (view_rules.cpp): transpose, reshape, slice and split of static shapes.
Result<Expr> lower_transpose(LoweringContext& lc, const Call& c);
Result<Expr> lower_reshape(LoweringContext& lc, const Call& c);
Result<Expr> lower_slice(LoweringContext& lc, const Call& c);
Result<Expr> lower_split(LoweringContext& lc, const Call& c);

/// The rules that lower one op to several TIR ops (composite_rules.cpp).
Result<Expr> lower_softmax(LoweringContext& lc, const Call& c);
Result<Expr> lower_matmul(LoweringContext& lc, const Call& c);

/// The rules that are not ops (control_rules.cpp).
Result<Expr> lower_loop(LoweringContext& lc, const GridRegionExpr& g);
Result<Expr> lower_function_call(LoweringContext& lc, const FunctionCall& call);
Result<Expr> lower_tuple_get_item(LoweringContext& lc, const TupleGetItem& t);

}  // namespace tf::lower
