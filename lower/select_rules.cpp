// The choosing ops of hir.tensor as per-element loops (element_loops.h): argmax. For each
// position of the other axes a loop walks the reduced axis, comparing element k with the best so
// far through rank-0 views (the best one's start coordinate is the rank-0 index it keeps), and an
// If moves the index when element k is greater.
#include <fmt/format.h>

#include <limits>

#include "ir/core/kind_attrs.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// A fresh rank-0 bool register.
Result<Expr> flag(LoweringContext& lc, const std::string& hint) {
  return lc.alloc_buffer({}, DType::boolean(), std::nullopt, StorageKind::Rmem, hint);
}

Result<bool> binary(LoweringContext& lc, BinaryKind kind, const Expr& a, const Expr& b, const Expr& out) {
  return lc.emit(tir::TirOp::Binary, {a, b, out}, {tir::kind_attr(kind)});
}

// `greater` := whether `a` orders above `b` as HIR's ArgMax compares (tensor_select_eval.cpp):
// exactly for integers and bool; for floats NaN is above every number and equal to every NaN,
// and -0 equals +0, so greater = a > b, or a is NaN and b is not (x != x only for NaN).
Result<bool> greater_than(LoweringContext& lc, DType d, const Expr& a, const Expr& b, const Expr& greater, const std::string& hint) {
  Result<bool> gt = binary(lc, BinaryKind::Gt, a, b, greater);
  TF_TRY(gt);
  if (!d.is_float()) return true;
  Result<Expr> a_nan = flag(lc, hint + "_an");
  TF_TRY(a_nan);
  Result<Expr> b_number = flag(lc, hint + "_bn");
  TF_TRY(b_number);
  Result<bool> an = binary(lc, BinaryKind::Ne, a, a, *a_nan);
  TF_TRY(an);
  Result<bool> bn = binary(lc, BinaryKind::Eq, b, b, *b_number);
  TF_TRY(bn);
  Result<bool> both = binary(lc, BinaryKind::And, *a_nan, *b_number, *a_nan);
  TF_TRY(both);
  return binary(lc, BinaryKind::Or, greater, *a_nan, greater);
}

// argmax(x, axis=a): the i64 index of the first maximum of each line of x along a. An empty axis
// is HIR's eval error, an abort here: unconditional for a static 0, checked at run time for a
// DimVar. For each position of the other axes: best = 0, then for k in [0, n) (k = 0 compares
// element 0 with itself, which is never greater) best = k when x[.., k, ..] is greater than
// x[.., best, ..]; ties keep the lower index, as HIR's.
Result<Expr> rule_argmax(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const TensorType& x = *tensor_type_of(*in.call.args[0]);
  if (in.strategy.part != nullptr)
    return in.lc.refusal(in.call, "argmax", "a grid part's rows hold no argmax (the grid plan does not take it)");
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += static_cast<std::int64_t>(x.shape.size());
  const auto a = static_cast<std::size_t>(axis);
  const ShapeDim& n = x.shape[a];
  for (const ShapeDim& d : x.shape)
    if (!d.is_static() && d.dim_var() == nullptr) return in.lc.refusal(in.call, "argmax", "an extent of dim arithmetic has no loop bound yet");
  std::string shape;
  for (const ShapeDim& d : x.shape) shape += (shape.empty() ? "" : ", ") + to_string(d);
  const std::string empty = fmt::format("argmax: axis {} of shape ({}) is empty: there is no maximum", axis, shape);
  if (n.is_static() && n.value() == 0) {
    Result<Ref<const tir::Abort>> stop = tir::Abort::make(empty);
    TF_TRY(stop);
    in.lc.append(*stop);
  } else if (!n.is_static()) {
    Result<Expr> extent = integer_buffer(in.lc, DType::i64(), n, in.name() + "_n");
    TF_TRY(extent);
    Result<Expr> one = integer_buffer(in.lc, DType::i64(), ShapeDim(1), in.name() + "_one");
    TF_TRY(one);
    Result<Expr> top = integer_buffer(in.lc, DType::i64(), ShapeDim(std::numeric_limits<std::int64_t>::max()), in.name() + "_top");
    TF_TRY(top);
    Result<bool> checked = abort_outside(in.lc, *extent, *one, *top, empty, in.name() + "_e");
    TF_TRY(checked);
  }
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<Expr> best = in.lc.alloc_buffer({}, DType::i64(), std::nullopt, StorageKind::Rmem, in.name() + "_best");
  TF_TRY(best);
  Result<Expr> greater = flag(in.lc, in.name() + "_gt");
  TF_TRY(greater);
  Result<bool> loops = element_loops(in.lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> zero = index_constant(0);
    TF_TRY(zero);
    Result<bool> reset = in.lc.emit(tir::TirOp::Fill, {*best, *zero});
    TF_TRY(reset);
    Result<bool> walk = element_loops(in.lc, {n}, [&](const std::vector<Expr>& k) -> Result<bool> {
      std::vector<Expr> here(at.begin(), at.end()), there(at.begin(), at.end());
      here.insert(here.begin() + static_cast<std::ptrdiff_t>(a), k[0]);
      there.insert(there.begin() + static_cast<std::ptrdiff_t>(a), *best);
      Result<Expr> candidate = element_at(in.lc, in.operands[0], here, in.name() + "_x");
      TF_TRY(candidate);
      Result<Expr> leader = element_at(in.lc, in.operands[0], there, in.name() + "_b");
      TF_TRY(leader);
      Result<bool> compared = greater_than(in.lc, x.dtype, *candidate, *leader, *greater, in.name());
      TF_TRY(compared);
      return branch(
          in.lc, *greater, [&] { return in.lc.emit(tir::TirOp::Fill, {*best, k[0]}); }, [] { return Result<bool>(true); });
    });
    TF_TRY(walk);
    Result<Expr> out = element_at(in.lc, *dst, at, in.name() + "_r");
    TF_TRY(out);
    return in.lc.emit(tir::TirOp::Copy, {*best, *out});
  });
  TF_TRY(loops);
  return *dst;
}

}  // namespace

const LoweringPattern kArgMaxPattern{OperandForm::Whole, &rule_argmax};

}  // namespace tf::lower
