// The choosing ops of hir.tensor as per-element loops (element_loops.h): argmax and topk. For
// each position of the other axes, loops walk the chosen axis comparing elements through rank-0
// views, some of whose start coordinates are rank-0 indices the loops keep (the best so far, the
// last placed), and Ifs act on the comparisons.
#include <fmt/format.h>

#include <functional>
#include <limits>
#include <tuple>

#include "ir/core/kind_attrs.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// `greater` := whether `a` orders above `b` as HIR's ArgMax compares (tensor_select_eval.cpp):
// exactly for integers and bool; for floats NaN is above every number and equal to every NaN,
// and -0 equals +0, so greater = a > b, or a is NaN and b is not (x != x only for NaN).
Result<bool> greater_than(LoweringContext& lc, DType d, const Expr& a, const Expr& b, const Expr& greater, const std::string& hint) {
  Result<bool> gt = binary_into(lc, BinaryKind::Gt, a, b, greater);
  TF_TRY(gt);
  if (!d.is_float()) return true;
  Result<Expr> a_nan = scalar_register(lc, DType::boolean(), hint + "_an");
  TF_TRY(a_nan);
  Result<Expr> b_number = scalar_register(lc, DType::boolean(), hint + "_bn");
  TF_TRY(b_number);
  Result<bool> an = binary_into(lc, BinaryKind::Ne, a, a, *a_nan);
  TF_TRY(an);
  Result<bool> bn = binary_into(lc, BinaryKind::Eq, b, b, *b_number);
  TF_TRY(bn);
  Result<bool> both = binary_into(lc, BinaryKind::And, *a_nan, *b_number, *a_nan);
  TF_TRY(both);
  return binary_into(lc, BinaryKind::Or, greater, *a_nan, greater);
}

// argmax(x, axis=a): the i64 index of the first maximum of each line of x along a. An empty axis
// is HIR's eval error, an abort here: unconditional for a static 0, checked at run time for a
// DimVar. For each position of the other axes: best = 0, then for k in [0, n) (k = 0 compares
// element 0 with itself, which is never greater) best = k when x[.., k, ..] is greater than
// x[.., best, ..]; ties keep the lower index, as HIR's.
Result<Expr> rule_argmax(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const TensorType& x = *tensor_type_of(*in.call.args[0]);
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += static_cast<std::int64_t>(x.shape.size());
  const ShapeDim& n = x.shape[static_cast<std::size_t>(axis)];
  // Inside a grid part the lines are the thread's own rows' (the axis lies past them).
  const auto a = static_cast<std::size_t>(in.strategy.axis(x.shape, axis));
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
  Result<Expr> best = scalar_register(in.lc, DType::i64(), in.name() + "_best");
  TF_TRY(best);
  Result<Expr> greater = scalar_register(in.lc, DType::boolean(), in.name() + "_gt");
  TF_TRY(greater);
  Result<bool> loops = element_loops(in.lc, in.strategy.own_shape(type.shape), [&](const std::vector<Expr>& at) -> Result<bool> {
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
      return when(
          in.lc, *greater, [&] { return in.lc.emit(tir::TirOp::Fill, {*best, k[0]}); });
    });
    TF_TRY(walk);
    Result<Expr> out = element_at(in.lc, *dst, at, in.name() + "_r");
    TF_TRY(out);
    return in.lc.emit(tir::TirOp::Copy, {*best, *out});
  });
  TF_TRY(loops);
  return *dst;
}

// topk(x, k=K, axis=a, largest=L, sorted=S): the K first elements of each line of x along a in
// HIR's order (tensor_select_eval.cpp: a stable sort by `before`, which is `greater` for L and
// its mirror otherwise, NaN greatest; S = false gives the same order), with their i64 indices.
// That order is the strict total order `precedes`: m precedes i when before(m, i), or neither is
// before the other and m < i (equal, and earlier). Without a sort, by selection: place p holds the
// element that precedes every other element following the one at place p - 1 (a walk of the line
// per place: O(n K), where ranking every element was O(n^2)). K outside [0, extent] is HIR's eval
// error: refused for a static extent (HIR errs on every input), an abort after a run-time check
// for a DimVar extent.
Result<Expr> rule_topk(const RuleInput& in) {
  const auto& fields = in.call.type()->as<TupleType>()->fields;
  const TensorType& values_type = *fields[0]->as<TensorType>();
  const TensorType& indices_type = *fields[1]->as<TensorType>();
  const TensorType& x = *tensor_type_of(*in.call.args[0]);
  for (const ShapeDim& d : x.shape)
    if (!d.is_static() && d.dim_var() == nullptr) return in.lc.refusal(in.call, "topk", "an extent of dim arithmetic has no loop bound yet");
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += static_cast<std::int64_t>(x.shape.size());
  const ShapeDim& n = x.shape[static_cast<std::size_t>(axis)];
  const ShapeDim& count = values_type.shape[static_cast<std::size_t>(axis)];
  // Inside a grid part the lines are the thread's own rows' (the axis lies past them).
  const auto a = static_cast<std::size_t>(in.strategy.axis(x.shape, axis));
  if (!count.is_static() && count.dim_var() == nullptr) return in.lc.refusal(in.call, "topk", "a k of dim arithmetic has no loop bound yet");
  if (n.is_static() && count.is_static() && count.value() > n.value())
    return in.lc.refusal(in.call, "topk", fmt::format("k {} is out of range [0, {}] (an HIR eval error)", count.value(), n.value()));
  if (!n.is_static() || !count.is_static()) {
    Result<Expr> k = integer_buffer(in.lc, DType::i64(), count, in.name() + "_k");
    TF_TRY(k);
    Result<Expr> zero = integer_buffer(in.lc, DType::i64(), ShapeDim(0), in.name() + "_zero");
    TF_TRY(zero);
    Result<Expr> top = integer_buffer(in.lc, DType::i64(), n, in.name() + "_n");
    TF_TRY(top);
    Result<Expr> one = integer_buffer(in.lc, DType::i64(), ShapeDim(1), in.name() + "_one");
    TF_TRY(one);
    Result<bool> past = binary_into(in.lc, BinaryKind::Add, *top, *one, *top);  // k may equal n
    TF_TRY(past);
    Result<bool> checked = abort_outside(in.lc, *k, *zero, *top, fmt::format("topk: k is out of range [0, {}]", to_string(n)),
                                         in.name() + "_c");
    TF_TRY(checked);
  }
  const bool largest = in.attr<bool>("largest");
  Result<Expr> values = alloc_value(in.lc, in.strategy, values_type, values_type.dtype, in.name() + "_v");
  TF_TRY(values);
  Result<Expr> indices = alloc_value(in.lc, in.strategy, indices_type, DType::i64(), in.name() + "_i");
  TF_TRY(indices);
  const std::string h = in.name();
  Result<Expr> none = integer_buffer(in.lc, DType::i64(), ShapeDim(0), h + "_none");  // -1: no element yet
  TF_TRY(none);
  Result<Expr> minus_one = integer_buffer(in.lc, DType::i64(), ShapeDim(1), h + "_m1");
  TF_TRY(minus_one);
  Result<bool> negated = unary_into(in.lc, UnaryKind::Neg, *minus_one, *minus_one);
  TF_TRY(negated);
  // The rank-0 registers of the selection: the last placed index and the best so far (i64), and
  // the comparisons' flags (bool).
  Expr prev, best, after_prev, beats_best, scratch, scratch2, present;
  for (auto [reg, dtype, suffix] : {std::tuple{&prev, DType::i64(), "_prev"}, {&best, DType::i64(), "_best"},
                                    {&after_prev, DType::boolean(), "_after"}, {&beats_best, DType::boolean(), "_beats"},
                                    {&scratch, DType::boolean(), "_s"}, {&scratch2, DType::boolean(), "_s2"},
                                    {&present, DType::boolean(), "_present"}}) {
    Result<Expr> r = scalar_register(in.lc, dtype, h + suffix);
    TF_TRY(r);
    *reg = *r;
  }
  std::vector<ShapeDim> lines = in.strategy.own_shape(x.shape);
  lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(a));
  auto at_axis = [a](const std::vector<Expr>& at, const Expr& c) {
    std::vector<Expr> out(at.begin(), at.end());
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(a), c);
    return out;
  };
  // out := whether (xa at index ia) precedes (xb at index ib).
  auto precedes = [&](const Expr& xa, const Expr& ia, const Expr& xb, const Expr& ib, const Expr& out) -> Result<bool> {
    Result<bool> ab = greater_than(in.lc, x.dtype, largest ? xa : xb, largest ? xb : xa, out, h + "_ab");
    TF_TRY(ab);
    Result<bool> ba = greater_than(in.lc, x.dtype, largest ? xb : xa, largest ? xa : xb, scratch, h + "_ba");
    TF_TRY(ba);
    Result<bool> neither = unary_into(in.lc, UnaryKind::Not, scratch, scratch);
    TF_TRY(neither);
    Result<bool> earlier = binary_into(in.lc, BinaryKind::Lt, ia, ib, scratch2);
    TF_TRY(earlier);
    Result<bool> tie = binary_into(in.lc, BinaryKind::And, scratch, scratch2, scratch);
    TF_TRY(tie);
    return binary_into(in.lc, BinaryKind::Or, out, scratch, out);
  };
  Result<bool> loops = element_loops(in.lc, lines, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<bool> start = in.lc.emit(tir::TirOp::Copy, {*minus_one, prev});
    TF_TRY(start);
    return element_loops(in.lc, {count}, [&](const std::vector<Expr>& place) -> Result<bool> {
      Result<bool> reset = in.lc.emit(tir::TirOp::Copy, {*minus_one, best});
      TF_TRY(reset);
      Result<bool> walk = element_loops(in.lc, {n}, [&](const std::vector<Expr>& m) -> Result<bool> {
        Result<Expr> mine = index_register(in.lc, m[0], h + "_at");
        TF_TRY(mine);
        Result<Expr> xm = element_at(in.lc, in.operands[0], at_axis(at, m[0]), h + "_xm");
        TF_TRY(xm);
        // out := `index` holds no element yet (-1), or `compare` of the element it holds.
        auto none_or = [&](const Expr& index, const Expr& out, const std::function<Result<bool>(const Expr&)>& compare) -> Result<bool> {
          Result<bool> unset = binary_into(in.lc, BinaryKind::Lt, index, *none, out);
          TF_TRY(unset);
          Result<bool> set = binary_into(in.lc, BinaryKind::Ge, index, *none, present);
          TF_TRY(set);
          return when(in.lc, present, [&]() -> Result<bool> {
            Result<Expr> held = element_at(in.lc, in.operands[0], at_axis(at, index), h + "_xh");
            TF_TRY(held);
            return compare(*held);
          });
        };
        // after_prev: no element is placed yet, or the last placed one precedes m; beats_best: no
        // candidate yet, or m precedes it.
        Result<bool> after = none_or(prev, after_prev, [&](const Expr& xp) { return precedes(xp, prev, *xm, *mine, after_prev); });
        TF_TRY(after);
        Result<bool> beats = none_or(best, beats_best, [&](const Expr& xb) { return precedes(*xm, *mine, xb, best, beats_best); });
        TF_TRY(beats);
        Result<bool> both = binary_into(in.lc, BinaryKind::And, after_prev, beats_best, after_prev);
        TF_TRY(both);
        return when(in.lc, after_prev, [&] { return in.lc.emit(tir::TirOp::Copy, {*mine, best}); });
      });
      TF_TRY(walk);
      Result<Expr> chosen = element_at(in.lc, in.operands[0], at_axis(at, best), h + "_x");
      TF_TRY(chosen);
      Result<Expr> v = element_at(in.lc, *values, at_axis(at, place[0]), h + "_rv");
      TF_TRY(v);
      Result<bool> moved = in.lc.emit(tir::TirOp::Copy, {*chosen, *v});
      TF_TRY(moved);
      Result<Expr> j = element_at(in.lc, *indices, at_axis(at, place[0]), h + "_ri");
      TF_TRY(j);
      Result<bool> indexed = in.lc.emit(tir::TirOp::Copy, {best, *j});
      TF_TRY(indexed);
      return in.lc.emit(tir::TirOp::Copy, {best, prev});
    });
  });
  TF_TRY(loops);
  in.lc.remember_parts(&in.call, {*values, *indices});
  return *values;
}

}  // namespace

const LoweringPattern kArgMaxPattern{OperandForm::Whole, &rule_argmax};
const LoweringPattern kTopKPattern{OperandForm::Whole, &rule_topk};

}  // namespace tf::lower
