#include "lower/element_loops.h"

#include <fmt/format.h>

#include "ir/core/constant.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/structural.h"
#include "ir/core/var.h"
#include "ir/layout/layout.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

Result<bool> nest(LoweringContext& lc, const std::vector<ShapeDim>& shape, std::size_t axis, std::vector<Expr>& at,
                  const std::function<Result<bool>(const std::vector<Expr>&)>& body) {
  if (axis == shape.size()) return body(at);
  return counted_loop(lc, shape[axis], 1, fmt::format("e{}", axis), [&](const Expr& index) -> Result<bool> {
    at.push_back(index);
    Result<bool> inner = nest(lc, shape, axis + 1, at, body);
    at.pop_back();
    return inner;
  });
}

Result<tir::SequentialRef> body_of(LoweringContext& lc, const std::function<Result<bool>()>& emit) {
  lc.open_body();
  Result<bool> done = emit();
  Result<tir::SequentialRef> seq = lc.close_body();
  TF_TRY(done);
  return seq;
}

}  // namespace

Result<bool> counted_loop(LoweringContext& lc, const ShapeDim& stop, std::int64_t step, std::string_view name,
                          const std::function<Result<bool>(const Expr& index)>& body) {
  Result<TensorTypeRef> t = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(t);
  Result<VarRef> iv = Var::make(lc.scope_name(std::string(name)), IRType(*t));
  TF_TRY(iv);
  Result<Expr> from = index_constant(0), by = index_constant(step), to = extent_value(stop);
  TF_TRY(from);
  TF_TRY(by);
  TF_TRY(to);
  lc.open_body();
  lc.enter_loop();
  Result<bool> inner = body(Expr(*iv));
  lc.leave_loop();
  Result<tir::SequentialRef> seq = lc.close_body();
  TF_TRY(inner);
  TF_TRY(seq);
  Result<Ref<const tir::For>> loop = tir::For::make(*iv, *from, *to, *by, *seq);
  TF_TRY(loop);
  lc.append(*loop);
  return true;
}

Result<Expr> index_register(LoweringContext& lc, const Expr& value, const std::string& hint) {
  Result<Expr> r = scalar_register(lc, DType::i64(), hint);
  TF_TRY(r);
  Result<bool> f = lc.emit(tir::TirOp::Fill, {*r, value});
  TF_TRY(f);
  return *r;
}

Result<bool> element_loops(LoweringContext& lc, const std::vector<ShapeDim>& shape,
                           const std::function<Result<bool>(const std::vector<Expr>& at)>& body) {
  std::vector<Expr> at;
  return nest(lc, shape, 0, at, body);
}

Result<bool> element_loops_past_ones(LoweringContext& lc, const std::vector<ShapeDim>& shape,
                                     const std::function<Result<bool>(const std::vector<Expr>& at)>& body) {
  auto one = [](const ShapeDim& d) { return d.is_static() && d.value() == 1; };
  Result<Expr> zero = index_constant(0);
  TF_TRY(zero);
  std::vector<ShapeDim> loops;
  for (const ShapeDim& d : shape)
    if (!one(d)) loops.push_back(d);
  return element_loops(lc, loops, [&](const std::vector<Expr>& indices) -> Result<bool> {
    std::vector<Expr> at;
    std::size_t next = 0;
    for (const ShapeDim& d : shape) at.push_back(one(d) ? *zero : indices[next++]);
    return body(at);
  });
}

Result<Expr> element_at(LoweringContext& lc, const Expr& x, std::vector<Expr> at, std::string_view hint) {
  Result<Layout> scalar = Layout::make(IntTuple::tuple({}), IntTuple::tuple({}));
  TF_TRY(scalar);
  return window_view(lc, x, std::move(at), LayoutBase(*scalar), hint);
}

Result<bool> copy_element(LoweringContext& lc, const Expr& x, std::vector<Expr> from, const Expr& y, std::vector<Expr> to,
                          const std::string& hint) {
  Result<Expr> src = element_at(lc, x, std::move(from), hint + "_x");
  TF_TRY(src);
  Result<Expr> dst = element_at(lc, y, std::move(to), hint + "_r");
  TF_TRY(dst);
  return lc.emit(tir::TirOp::Copy, {*src, *dst});
}

MoveUnit move_unit(const TensorType& t) {
  if (!t.dtype.is_compound() || t.shape.empty()) return {};
  return MoveUnit{true, t.shape.back()};
}

std::vector<ShapeDim> unit_loops(const MoveUnit& unit, const std::vector<ShapeDim>& shape) {
  if (!unit.rows) return shape;
  return std::vector<ShapeDim>(shape.begin(), shape.end() - 1);
}

namespace {

// Copy of the row of x at `from` (coordinates of every axis but the last) to the row of y at
// `to`: rank-1 windows of `length` elements along the last axis.
Result<bool> copy_row(LoweringContext& lc, const Expr& x, std::vector<Expr> from, const Expr& y, std::vector<Expr> to,
                      const ShapeDim& length, const std::string& hint) {
  Result<Expr> zero = index_constant(0);
  TF_TRY(zero);
  from.push_back(*zero);
  to.push_back(*zero);
  Result<Layout> row = Layout::make(shape_as_int_tuple({length}), IntTuple::tuple({IntTuple(1)}));
  TF_TRY(row);
  Result<Expr> src = window_view(lc, x, std::move(from), LayoutBase(*row), hint + "_x");
  TF_TRY(src);
  Result<Expr> dst = window_view(lc, y, std::move(to), LayoutBase(*row), hint + "_r");
  TF_TRY(dst);
  return lc.emit(tir::TirOp::Copy, {*src, *dst});
}

}  // namespace

Result<bool> copy_unit(LoweringContext& lc, const MoveUnit& unit, const Expr& x, std::vector<Expr> from, const Expr& y,
                       std::vector<Expr> to, const std::string& hint) {
  if (unit.rows) return copy_row(lc, x, std::move(from), y, std::move(to), unit.length, hint);
  return copy_element(lc, x, std::move(from), y, std::move(to), hint);
}

Result<Expr> integer_buffer(LoweringContext& lc, DType d, const ShapeDim& v, std::string_view hint) {
  Result<Expr> b = scalar_register(lc, d, hint);
  TF_TRY(b);
  Result<Expr> value = extent_value(v);
  TF_TRY(value);
  Result<bool> f = lc.emit(tir::TirOp::Fill, {*b, *value});
  TF_TRY(f);
  return *b;
}

Result<bool> abort_outside(LoweringContext& lc, const Expr& value, const Expr& lo, const Expr& top, const std::string& message,
                           std::string_view hint) {
  Result<Expr> below = flag(lc, BinaryKind::Lt, value, lo, std::string(hint) + "_below");
  TF_TRY(below);
  Result<Expr> past = flag(lc, BinaryKind::Ge, value, top, std::string(hint) + "_past");
  TF_TRY(past);
  Result<bool> either = binary_into(lc, BinaryKind::Or, *below, *past, *below);
  TF_TRY(either);
  return when(lc, *below, [&] { return append_abort(lc, message); });
}

Result<bool> append_abort(LoweringContext& lc, const std::string& message) {
  Result<Ref<const tir::Abort>> stop = tir::Abort::make(message);
  TF_TRY(stop);
  lc.append(*stop);
  return true;
}

Result<bool> check_index(LoweringContext& lc, const Expr& index, const std::vector<ShapeDim>& box, const ShapeDim& extent,
                         const std::string& message, std::string_view hint) {
  const DType d = index->type()->as<TensorType>()->dtype;
  // The bounds as rank-0 buffers of the index's dtype (a comparison takes equal dtypes).
  Result<Expr> zero = integer_buffer(lc, d, ShapeDim(0), std::string(hint) + "_lo");
  TF_TRY(zero);
  Result<Expr> top = integer_buffer(lc, d, extent, std::string(hint) + "_hi");
  TF_TRY(top);
  return element_loops(lc, box, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> e = element_at(lc, index, at, hint);
    TF_TRY(e);
    return abort_outside(lc, *e, *zero, *top, message, hint);
  });
}

Result<std::vector<Expr>> window_starts(LoweringContext& lc, const StrategyContext& strategy, const std::vector<Expr>& starts,
                                        const std::vector<std::int64_t>& last, const std::string& message, std::string_view hint) {
  std::vector<Expr> out;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    if (const auto* c = starts[k]->as<Constant>(); c != nullptr && std::holds_alternative<std::int64_t>(c->value)) {
      Result<Expr> lit = index_constant(std::get<std::int64_t>(c->value));
      TF_TRY(lit);
      out.push_back(*lit);
      continue;
    }
    Result<Expr> s = lower_value(lc, strategy, starts[k]);
    TF_TRY(s);
    const TensorType* t = (*s)->type()->as<TensorType>();
    if (t == nullptr || t->rank() != 0 || !t->dtype.is_integer())
      return category_error(DiagCategory::Usage, "a window start that is not a rank-0 integer");
    const std::string name = fmt::format("{}{}", hint, k);
    Result<Expr> zero = integer_buffer(lc, t->dtype, ShapeDim(0), name + "_lo");
    TF_TRY(zero);
    Result<Expr> top = integer_buffer(lc, t->dtype, ShapeDim(last[k] + 1), name + "_hi");
    TF_TRY(top);
    Result<bool> checked = abort_outside(lc, *s, *zero, *top, message, name);
    TF_TRY(checked);
    out.push_back(*s);
  }
  return out;
}

Result<Expr> element_of(LoweringContext& lc, const Expr& x, const std::vector<ShapeDim>& x_shape,
                        const std::vector<ShapeDim>& shape, const std::vector<Expr>& at, std::string_view hint) {
  TF_CHECK(x_shape.size() <= shape.size() && at.size() == shape.size(), "element_of: a broadcast operand of higher rank");
  std::vector<Expr> coords;
  const std::size_t lead = shape.size() - x_shape.size();
  for (std::size_t k = 0; k < x_shape.size(); ++k) {
    const ShapeDim& mine = x_shape[k];
    const ShapeDim& theirs = shape[lead + k];
    if (mine == theirs) {
      coords.push_back(at[lead + k]);
    } else if (mine.is_static() && mine.value() == 1) {
      Result<Expr> zero = index_constant(0);
      TF_TRY(zero);
      coords.push_back(*zero);
    } else {
      return category_error(DiagCategory::Usage,
                            fmt::format("an operand's axis {} of extent {} neither equals the result's {} nor is 1", k,
                                        to_string(mine), to_string(theirs)));
    }
  }
  return element_at(lc, x, std::move(coords), hint);
}

Result<Expr> scalar_register(LoweringContext& lc, DType d, std::string_view hint) {
  return lc.alloc_buffer({}, d, std::nullopt, StorageKind::Rmem, hint);
}

Result<bool> binary_into(LoweringContext& lc, BinaryKind kind, const Expr& a, const Expr& b, const Expr& out) {
  return lc.emit(tir::TirOp::Binary, {a, b, out}, {tir::kind_attr(kind)});
}

Result<bool> unary_into(LoweringContext& lc, UnaryKind kind, const Expr& x, const Expr& out) {
  return lc.emit(tir::TirOp::Unary, {x, out}, {tir::kind_attr(kind)});
}

Result<bool> branch(LoweringContext& lc, const Expr& cond, const std::function<Result<bool>()>& then,
                    const std::function<Result<bool>()>& otherwise) {
  Result<tir::SequentialRef> yes = body_of(lc, then);
  TF_TRY(yes);
  Result<tir::SequentialRef> no = body_of(lc, otherwise);
  TF_TRY(no);
  Result<Ref<const tir::If>> b = tir::If::make(cond, *yes, *no);
  TF_TRY(b);
  lc.append(*b);
  return true;
}

Result<bool> when(LoweringContext& lc, const Expr& cond, const std::function<Result<bool>()>& then) {
  return branch(lc, cond, then, [] { return Result<bool>(true); });
}

Result<Expr> flag(LoweringContext& lc, BinaryKind kind, const Expr& a, const Expr& b, std::string_view hint) {
  Result<Expr> f = scalar_register(lc, DType::boolean(), hint);
  TF_TRY(f);
  Result<bool> done = binary_into(lc, kind, a, b, *f);
  TF_TRY(done);
  return *f;
}

}  // namespace tf::lower
