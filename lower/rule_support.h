// What the lowering rules share (lower_rules.cpp, view_rules.cpp, composite_rules.cpp,
// control_rules.cpp): a value's register buffer under a strategy, the alloc-then-effect-op shape
// of a rule, views, copies, the patterns defined outside lower_rules.cpp, and the rules that are
// not ops (constants, loops, calls, tuple items). Internal to lower/.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/constant.h"
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
/// Adds to `out` the names of the DimVars the extent `d` mentions (none for a static one).
void dim_names(const ShapeDim& d, std::set<std::string>& out);
/// Adds to `out` the names of the DimVars a tensor type's extents mention (none for other types).
void dim_names(const IRType& type, std::set<std::string>& out);
/// The refusal of `what` (a literal, zeros, full_like, clamp) of plain f4e2m1: its value would be
/// made by a fill, which converts, and f4e2m1 has no Cast (seed 000 section 3, "f4e2m1 has no
/// evaluator Cast"); the diagnostic carries TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported.
Diagnostic f4e2m1_refusal(const LoweringContext& lc, const ExprNode& e, std::string_view what);
/// The value of a window start that is an integer literal, or nullopt for one known only at run
/// time (a slice's or an insert_slice's start).
std::optional<std::int64_t> literal_start(const Expr& e);
/// True when attribute `name` of `c` is None.
bool attr_is_none(const Call& c, std::string_view name);
/// Where a value of `shape` and `dtype` lives: in registers, except that in a kernel of one thread
/// (the serial strategy, not a grid thread's shared value) a static value of more than
/// kSerialRegisterBytes lives in a global-memory buffer of its own (no other thread touches it,
/// and CUDA gives a thread 512 KiB of local memory).
StorageKind value_storage(const StrategyContext& strategy, const std::vector<ShapeDim>& shape, DType dtype);
/// A fresh register buffer for a value of `like`'s shape and `dtype`:
/// `let NAME = alloc_tensor(tensor_type=Tensor[shape, dtype, storage=rmem])`, except that inside
/// a grid part (`strategy.part`) a row value takes the part's leading axes and layout
/// (GridPart::held_shape, held_layout), and a large value of a one-thread kernel lives in global
/// memory (value_storage).
Result<Expr> alloc_value(LoweringContext& lc, const StrategyContext& strategy, const TensorType& like, DType dtype,
                         std::string_view hint);
/// Appends `tir_op`(operands..., dst, after_dst..., attrs) and returns dst.
Result<Expr> emit_into(LoweringContext& lc, tir::TirOp tir_op, std::vector<Expr> operands, const Expr& dst,
                       std::vector<Expr> after_dst, std::vector<NamedAttr> attrs);
/// `let NAME = tensor_view(x, layout=L)`: a view bound to a fresh Var named after `hint`.
Result<Expr> bound_view(LoweringContext& lc, const Expr& x, LayoutBase layout, std::string_view hint);
/// `let NAME = tensor_view(x, s_0, ..., layout=L)`: the view at run-time start coordinates (one
/// per axis of x, or one flat start; docs/decisions.md D12), bound to a fresh Var.
Result<Expr> window_view(LoweringContext& lc, const Expr& x, std::vector<Expr> starts, LayoutBase layout, std::string_view hint);
/// The rank-0 i64 literal `v` (a loop bound, an index, a start coordinate).
Result<Expr> index_constant(std::int64_t v);
/// A loop bound or fill value for `d`: a static extent as index_constant, a symbolic one as its
/// dim expression.
Result<Expr> extent_value(const ShapeDim& d);
/// A fresh register copy of `v` (alloc_value under `strategy`).
Result<Expr> copy_of(LoweringContext& lc, const StrategyContext& strategy, const Expr& v, std::string_view hint);

/// The view patterns (view_rules.cpp): transpose, reshape, slice and split of static shapes, and
/// concat and stack (copies into views of their result).
extern const LoweringPattern kTransposePattern;
extern const LoweringPattern kReshapePattern;
extern const LoweringPattern kSlicePattern;
extern const LoweringPattern kInsertSlicePattern;
extern const LoweringPattern kSplitPattern;
extern const LoweringPattern kConcatPattern;
extern const LoweringPattern kStackPattern;
/// The gather patterns (gather_rules.cpp): index_select, index_copy, repeat_interleave.
extern const LoweringPattern kIndexSelectPattern;
extern const LoweringPattern kIndexCopyPattern;
extern const LoweringPattern kIndexAddPattern;
extern const LoweringPattern kCacheUpdatePattern;
extern const LoweringPattern kArgMaxPattern;
extern const LoweringPattern kTopKPattern;
extern const LoweringPattern kRoPEPattern;
extern const LoweringPattern kConv2DPattern;
extern const LoweringPattern kRepeatInterleavePattern;

/// The patterns that lower one op to several TIR ops (composite_rules.cpp).
extern const LoweringPattern kSoftmaxPattern;
extern const LoweringPattern kMatmulPattern;
extern const LoweringPattern kLayerNormPattern;
extern const LoweringPattern kQuantPattern;
extern const LoweringPattern kMmaTilePattern;

/// The rules that are not ops (control_rules.cpp), each lowering under `strategy`.
Result<Expr> lower_constant(LoweringContext& lc, const StrategyContext& strategy, const Constant& c);
Result<Expr> lower_loop(LoweringContext& lc, const StrategyContext& strategy, const GridRegionExpr& g);
Result<Expr> lower_function_call(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call);
Result<Expr> lower_tuple_get_item(LoweringContext& lc, const StrategyContext& strategy, const TupleGetItem& t);

}  // namespace tf::lower
