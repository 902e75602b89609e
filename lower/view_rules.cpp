// Transpose, reshape, slice and split as views (docs/lowering.md): no copy, a static layout;
// concat and stack as copies of their inputs into views of the result.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ir/core/constant.h"
#include "ir/core/tuple.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/layout.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tuple_type.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// The row-major strides of `shape`, or nullopt when an extent is symbolic (a view's layout is
// static: the machine model and the emitter run static layouts).
std::optional<std::vector<std::int64_t>> static_row_major_strides(const std::vector<ShapeDim>& shape) {
  const std::optional<std::vector<std::int64_t>> extents = static_extents(shape);
  if (!extents) return std::nullopt;
  return row_major_strides(*extents);
}

// A view of `x` through a layout (views are logical: element c of the view is x's logical
// element layout(c), its row-major index; docs/tir-semantics.md).
Result<Expr> view_of(const RuleInput& in, const Expr& x, const LayoutBase& layout, std::string_view suffix = "") {
  return bound_view(in.lc, x, layout, in.name("v") + std::string(suffix));
}

// The view of the box of `x` (static extents `extents`, row-major strides `strides`) at element
// `offset` with shape `shape` and per-axis steps `steps` (in elements of each axis): the layout
// `offset + Layout(shape, strides * steps)`, plain when the offset is 0. A box with no element
// has no layout (extents are at least 1): an empty register tensor stands for it.
Result<Expr> box_view(const RuleInput& in, const Expr& x, std::int64_t offset, const std::vector<std::int64_t>& shape,
                      const std::vector<std::int64_t>& strides, const std::vector<std::int64_t>& steps,
                      std::string_view suffix = "") {
  std::vector<ShapeDim> dims(shape.begin(), shape.end());
  for (std::int64_t n : shape)
    if (n == 0) {
      Result<TensorTypeRef> empty = TensorType::make(dims, tensor_type_of(*x)->dtype, std::nullopt, StorageKind::Rmem);
      TF_TRY(empty);
      return alloc_value(in.lc, in.strategy, **empty, (*empty)->dtype, in.name("v") + std::string(suffix));
    }
  std::vector<std::int64_t> scaled;
  for (std::size_t i = 0; i < strides.size(); ++i) scaled.push_back(strides[i] * steps[i]);
  Result<Layout> outer = Layout::make(tuple_of_ints(shape), tuple_of_ints(scaled));
  TF_TRY(outer);
  if (offset == 0) return view_of(in, x, *outer, suffix);
  Result<ComposedLayout> composed = ComposedLayout::make(std::nullopt, offset, *outer);
  TF_TRY(composed);
  return view_of(in, x, *composed, suffix);
}

// Inside a grid part a mover of a row value works on the thread's own part, in its coordinates
// (GridPart::own_shape: the thread's own rows, then the trailing axes): the operand's part as a
// plain tensor, the rule's views of it, and the moved value copied into a row value held as the
// part holds one. A view of a distributed tensor is of the thread's part (docs/tir-semantics.md);
// a parameter's rows (a view of gmem) are read into registers first, as the emitter views only a
// register part. Outside a grid part, or for a shared value, each helper is the identity.
bool row_in_part(const RuleInput& in, const std::vector<ShapeDim>& shape) {
  return in.strategy.part != nullptr && in.strategy.part->is_row(shape);
}

// The own part of the row value `x` of HIR shape `shape`: `tensor_view(x, layout=Layout(own
// extents, row-major))`.
Result<Expr> own_part(const RuleInput& in, const Expr& x, const std::vector<ShapeDim>& shape, std::string_view suffix) {
  if (!row_in_part(in, shape)) return x;
  Expr src = x;
  if (tensor_type_of(*x)->storage != StorageKind::Rmem) {
    const TensorType& t = *tensor_type_of(*x);
    Result<TensorTypeRef> like = TensorType::make(shape, t.dtype, std::nullopt, StorageKind::Rmem);
    TF_TRY(like);
    Result<Expr> rows = alloc_value(in.lc, in.strategy, **like, t.dtype, in.name() + std::string(suffix) + "_rows");
    TF_TRY(rows);
    Result<bool> read = in.lc.emit(tir::TirOp::Copy, {x, *rows});
    TF_TRY(read);
    src = *rows;
  }
  const std::vector<std::int64_t> own = *static_extents(in.strategy.own_shape(shape));
  Result<Layout> layout = Layout::make(tuple_of_ints(own), tuple_of_ints(row_major_strides(own)));
  TF_TRY(layout);
  return view_of(in, src, *layout, std::string(suffix) + "_own");
}

// The view `v` of a row value's own part, of HIR type `type`, made a row value: a fresh one held
// as the part holds its shape, its own part copied from v.
Result<Expr> held_row(const RuleInput& in, const Expr& v, const TensorType& type, std::string_view suffix) {
  if (!row_in_part(in, type.shape)) return v;
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name() + std::string(suffix));
  TF_TRY(dst);
  Result<Expr> to = own_part(in, *dst, type.shape, suffix);
  TF_TRY(to);
  Result<bool> copied = in.lc.emit(tir::TirOp::Copy, {v, *to});
  TF_TRY(copied);
  return *dst;
}

// A mover's extents in the coordinates it works in: the own part's inside a grid part.
std::vector<std::int64_t> own_extents(const RuleInput& in, const std::vector<ShapeDim>& shape) {
  return *static_extents(in.strategy.own_shape(shape));
}

// The starts of a window: a Tuple's elements, or one bare value (a rank-1 tensor's).
std::vector<Expr> starts_of(const Expr& e) {
  const auto* t = e->as<Tuple>();
  return t != nullptr ? t->elements : std::vector<Expr>{e};
}

// The largest start a window of `n` elements `st` apart fits in an extent `e` at (one past
// the last element for an empty window); negative when none does.
std::int64_t last_start(std::int64_t n, std::int64_t st, std::int64_t e) { return n == 0 ? e : e - 1 - (n - 1) * st; }

// slice of a row value inside a grid part: the leading axes whole and every start a literal (the
// grid plan's condition), so the window is a box of the thread's own part; a start the extent
// does not hold is refused (an HIR eval error on every input).
Result<Expr> slice_in_part(const RuleInput& in) {
  const Call& c = in.call;
  const std::vector<ShapeDim>& x_shape = tensor_type_of(*c.args[0])->shape;
  const std::vector<std::int64_t> own = own_extents(in, x_shape), sizes = own_extents(in, tensor_type_of(c)->shape);
  const std::size_t m = in.strategy.part->rows.size(), lead = own.size() + m - x_shape.size();
  const std::vector<Expr> starts = starts_of(c.args[1]);
  const std::vector<ShapeDim>& steps = in.attr<std::vector<ShapeDim>>("strides");
  const std::vector<std::int64_t> strides = row_major_strides(own);
  std::vector<std::int64_t> own_steps(lead, 1);
  std::int64_t offset = 0;
  for (std::size_t k = m; k < x_shape.size(); ++k) {
    const std::size_t o = k - m + lead;
    if (!steps[k].is_static()) return in.lc.refusal(c, c.op.surface(), "views need static strides");
    const std::int64_t s = *literal_start(starts[k]), st = steps[k].value(), n = sizes[o];
    if (s < 0 || s > last_start(n, st, own[o]) || (n > 1 && st <= 0))
      return in.lc.refusal(c, c.op.surface(), fmt::format("the window start {}, size {}, stride {} on axis {} leaves the extent {} "
                                                          "(an HIR eval error)", s, n, st, k, own[o]));
    offset += s * strides[o];
    own_steps.push_back(st);
  }
  Result<Expr> lowered = lower_value(in.lc, in.strategy, c.args[0]);
  TF_TRY(lowered);
  Result<Expr> x = own_part(in, *lowered, x_shape, "_x");
  TF_TRY(x);
  Result<Expr> v = box_view(in, *x, offset, sizes, strides, own_steps);
  TF_TRY(v);
  return held_row(in, *v, *tensor_type_of(c), "");
}

// The refusal of a mover of a block-scaled value of symbolic shape: its blocks move by views
// (rows of its last axis), and no view has a symbolic layout.
Result<Expr> symbolic_block_scaled(const RuleInput& in) {
  return in.lc.refusal(in.call, in.call.op.surface(), "a block-scaled value of symbolic shape (it moves by views, and no view has a symbolic layout)");
}

// A window start as a rank-0 i64 register: a literal, or a run-time start (a rank-0 integer of
// any dtype, lowered under the rule's strategy) converted to i64.
Result<Expr> start_register(const RuleInput& in, const Expr& start, const std::string& hint) {
  if (const std::optional<std::int64_t> s = literal_start(start)) return integer_buffer(in.lc, DType::i64(), ShapeDim(*s), hint);
  Result<Expr> v = lower_value(in.lc, in.strategy, start);
  TF_TRY(v);
  const TensorType* t = (*v)->type()->as<TensorType>();
  if (t == nullptr || t->rank() != 0 || !t->dtype.is_integer())
    return category_error(DiagCategory::Usage, "a window start that is not a rank-0 integer");
  Result<Expr> wide = scalar_register(in.lc, DType::i64(), hint);
  TF_TRY(wide);
  Result<bool> cast = unary_into(in.lc, UnaryKind::Cast, *v, *wide);
  TF_TRY(cast);
  return *wide;
}

// Whether HIR's slice window of n elements st apart from s leaves the extent e (all rank-0 i64
// registers), as HIR decides it: a stride below 1, a negative start, a start past e, or a
// non-empty window from e on or whose last element s + (n - 1) st passes e - 1 (compared as
// st > (e - 1 - s) // (n - 1) for n > 1, which no product overflows). Returns the bool register.
Result<Expr> window_leaves(LoweringContext& lc, const Expr& s, const Expr& n, const Expr& st, const Expr& e, const std::string& hint) {
  Result<Expr> zero = integer_buffer(lc, DType::i64(), ShapeDim(0), hint + "_zero");
  TF_TRY(zero);
  Result<Expr> one = integer_buffer(lc, DType::i64(), ShapeDim(1), hint + "_one");
  TF_TRY(one);
  Result<Expr> bad = flag(lc, BinaryKind::Lt, st, *one, hint + "_bad");
  TF_TRY(bad);
  auto either = [&](BinaryKind kind, const Expr& a, const Expr& b) -> Result<bool> {
    Result<Expr> f = flag(lc, kind, a, b, hint + "_f");
    TF_TRY(f);
    return binary_into(lc, BinaryKind::Or, *bad, *f, *bad);
  };
  Result<bool> negative = either(BinaryKind::Lt, s, *zero);
  TF_TRY(negative);
  Result<bool> past = either(BinaryKind::Gt, s, e);
  TF_TRY(past);
  Result<Expr> at_end = flag(lc, BinaryKind::Ge, s, e, hint + "_at_end");
  TF_TRY(at_end);
  Result<Expr> some = flag(lc, BinaryKind::Ge, n, *one, hint + "_some");
  TF_TRY(some);
  Result<bool> both = binary_into(lc, BinaryKind::And, *at_end, *some, *at_end);
  TF_TRY(both);
  Result<bool> nothing_left = binary_into(lc, BinaryKind::Or, *bad, *at_end, *bad);
  TF_TRY(nothing_left);
  Result<Expr> several = flag(lc, BinaryKind::Gt, n, *one, hint + "_several");
  TF_TRY(several);
  Result<bool> stride_checked = when(lc, *several, [&]() -> Result<bool> {
    Result<Expr> room = scalar_register(lc, DType::i64(), hint + "_room");
    TF_TRY(room);
    Result<bool> r0 = binary_into(lc, BinaryKind::Sub, e, *one, *room);
    TF_TRY(r0);
    Result<bool> r1 = binary_into(lc, BinaryKind::Sub, *room, s, *room);
    TF_TRY(r1);
    Result<Expr> gaps = scalar_register(lc, DType::i64(), hint + "_gaps");
    TF_TRY(gaps);
    Result<bool> g = binary_into(lc, BinaryKind::Sub, n, *one, *gaps);
    TF_TRY(g);
    Result<bool> q = binary_into(lc, BinaryKind::FloorDiv, *room, *gaps, *room);
    TF_TRY(q);
    return either(BinaryKind::Gt, st, *room);
  });
  TF_TRY(stride_checked);
  return *bad;
}

// `if window_leaves(s, n, st, e) { abort(message) }` appended, n and e a window's size and its
// extent (literals or DimVars), s and st rank-0 i64 registers: HIR's eval error for a window
// leaving its tensor.
Result<bool> check_window(LoweringContext& lc, const Expr& s, const ShapeDim& n, const Expr& st, const ShapeDim& e,
                          const std::string& hint, const std::string& message) {
  Result<Expr> size = integer_buffer(lc, DType::i64(), n, hint + "_size");
  TF_TRY(size);
  Result<Expr> extent = integer_buffer(lc, DType::i64(), e, hint + "_extent");
  TF_TRY(extent);
  Result<Expr> leaves = window_leaves(lc, s, *size, st, *extent, hint);
  TF_TRY(leaves);
  return when(lc, *leaves, [&] { return append_abort(lc, message); });
}

// slice of a symbolic shape (no view has a symbolic layout): x lowered, then every axis's window
// checked at run time as HIR checks it (window_leaves: an abort where HIR reports its eval
// error), then the result a copy, element by element, of x at s_k + i_k * st_k (a copy moves
// codes, bit for bit).
Result<Expr> slice_by_elements(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const Call& c = in.call;
  const TensorType& x_type = *tensor_type_of(*c.args[0]);
  if (x_type.dtype.is_compound())
    return symbolic_block_scaled(in);
  const TensorType& type = *tensor_type_of(c);
  const std::vector<Expr> start_exprs = starts_of(c.args[1]);
  const std::vector<ShapeDim> steps = in.attr<std::vector<ShapeDim>>("strides");
  const std::size_t rank = x_type.shape.size();
  if (start_exprs.size() != rank || type.shape.size() != rank || steps.size() != rank)
    return lc.refusal(c, "slice", "starts, sizes and strides need one entry per axis (an HIR eval error)");
  const std::string hint = in.name();
  Result<Expr> x = lower_value(lc, in.strategy, c.args[0]);
  TF_TRY(x);
  std::vector<Expr> starts, strides;
  for (std::size_t k = 0; k < rank; ++k) {
    const std::string axis = fmt::format("{}_{}", hint, k);
    Result<Expr> s = start_register(in, start_exprs[k], axis + "_start");
    TF_TRY(s);
    Result<Expr> st = integer_buffer(lc, DType::i64(), steps[k], axis + "_stride");
    TF_TRY(st);
    Result<bool> checked = check_window(lc, *s, type.shape[k], *st, x_type.shape[k], axis,
                                        fmt::format("slice: the window on axis {} is out of range for the extent", k));
    TF_TRY(checked);
    starts.push_back(*s);
    strides.push_back(*st);
  }
  Result<Expr> dst = alloc_value(lc, in.strategy, type, type.dtype, hint);
  TF_TRY(dst);
  Result<bool> loops = element_loops(lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    std::vector<Expr> from;
    for (std::size_t k = 0; k < rank; ++k) {
      Result<Expr> i = index_register(lc, at[k], hint + "_i");
      TF_TRY(i);
      Result<bool> scaled = binary_into(lc, BinaryKind::Mul, *i, strides[k], *i);
      TF_TRY(scaled);
      Result<bool> moved = binary_into(lc, BinaryKind::Add, *i, starts[k], *i);
      TF_TRY(moved);
      from.push_back(*i);
    }
    return copy_element(lc, *x, from, *dst, at, hint);
  });
  TF_TRY(loops);
  return *dst;
}

// slice(x, starts, sizes=S, strides=T) of a static shape: with literal starts the view
// `offset + Layout(S, row-major strides * T)`, offset the starts' row-major index, a window the
// extent does not hold (an HIR eval error) refused; with a start known only at run time, the
// view `tensor_view(x, s_0, ..., layout=Layout(S, row-major strides * T))` at those start
// coordinates, each run-time start checked first (window_starts: an abort where HIR reports
// the window leaving the extent). Its operands are Raw: x is lowered whole, then the starts.
Result<Expr> rewrite_slice(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const Call& c = in.call;
  if (row_in_part(in, tensor_type_of(*c.args[0])->shape)) return slice_in_part(in);
  const std::optional<std::vector<std::int64_t>> extents = static_extents(tensor_type_of(*c.args[0])->shape);
  const std::optional<std::vector<std::int64_t>> sizes = static_extents(tensor_type_of(c)->shape);
  if (!extents || !sizes) return slice_by_elements(in);
  const std::vector<Expr> start_exprs = starts_of(c.args[1]);
  std::vector<std::int64_t> steps;
  for (const ShapeDim& d : in.attr<std::vector<ShapeDim>>("strides")) {
    if (!d.is_static()) return lc.refusal(c, "slice", "views need static strides");
    steps.push_back(d.value());
  }
  const std::size_t rank = extents->size();
  if (start_exprs.size() != rank || sizes->size() != rank || steps.size() != rank)
    return lc.refusal(c, "slice", "starts, sizes and strides need one entry per axis (an HIR eval error)");
  const std::vector<std::int64_t> strides = *static_row_major_strides(tensor_type_of(*c.args[0])->shape);
  std::int64_t offset = 0;
  bool run_time = false;
  std::vector<std::int64_t> last;
  for (std::size_t k = 0; k < rank; ++k) {
    const std::int64_t n = (*sizes)[k], st = steps[k], e = (*extents)[k];
    if (n > 1 && st <= 0) return lc.refusal(c, "slice", fmt::format("the stride {} on axis {} is not positive (an HIR eval error)", st, k));
    last.push_back(last_start(n, st, e));
    const std::optional<std::int64_t> s = literal_start(start_exprs[k]);
    if (!s) {
      run_time = true;
      continue;
    }
    if (*s < 0 || *s > last.back())
      return lc.refusal(c, "slice", fmt::format("the window start {}, size {}, stride {} on axis {} leaves the extent {} "
                                                "(an HIR eval error)", *s, n, st, k, e));
    offset += *s * strides[k];
  }
  Result<Expr> x = lower_value(lc, in.strategy, c.args[0]);
  TF_TRY(x);
  if (!run_time) return box_view(in, *x, offset, *sizes, strides, steps);
  Result<std::vector<Expr>> at = window_starts(lc, in.strategy, start_exprs, last,
                                               "slice: a window start is out of range for the extent", in.name("s"));
  TF_TRY(at);
  if (std::find(sizes->begin(), sizes->end(), 0) != sizes->end()) return box_view(in, *x, 0, *sizes, strides, steps);
  std::vector<std::int64_t> scaled;
  for (std::size_t k = 0; k < rank; ++k) scaled.push_back(strides[k] * steps[k]);
  Result<Layout> window = Layout::make(tuple_of_ints(*sizes), tuple_of_ints(scaled));
  TF_TRY(window);
  std::vector<Expr> args = {*x};
  args.insert(args.end(), at->begin(), at->end());
  Result<Expr> v = lc.call(tir::TirOp::TensorView, std::move(args), {{"layout", LayoutBase(*window)}});
  TF_TRY(v);
  return lc.bind(in.name("v"), *v);
}

// `at` moved by the i64 register `by`: a fresh register holding at + by.
Result<Expr> shifted(LoweringContext& lc, const Expr& at, const Expr& by, const std::string& hint) {
  Result<Expr> r = index_register(lc, at, hint);
  TF_TRY(r);
  Result<bool> add = binary_into(lc, BinaryKind::Add, *r, by, *r);
  TF_TRY(add);
  return *r;
}

// insert_slice of symbolic shapes (no view has a symbolic layout): dst and update lowered, each
// offset checked at run time as HIR checks it (a window of update's extent, stride 1: the
// window_leaves test is HIR's o < 0 or u > e or o > e - u), then the result a copy of dst with
// update copied into it element by element at o_k + i_k.
Result<Expr> insert_by_elements(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const Call& c = in.call;
  const TensorType& type = *tensor_type_of(c);
  const TensorType& window = *tensor_type_of(*c.args[1]);
  if (type.dtype.is_compound())
    return symbolic_block_scaled(in);
  const std::vector<Expr> offsets = starts_of(c.args[2]);
  const std::size_t rank = type.shape.size();
  if (offsets.size() != rank || window.shape.size() != rank)
    return lc.refusal(c, "insert_slice", "offsets and update need one entry per axis of dst (an HIR eval error)");
  const std::string hint = in.name();
  Result<Expr> dst = lower_value(lc, in.strategy, c.args[0]);
  TF_TRY(dst);
  Result<Expr> update = lower_value(lc, in.strategy, c.args[1]);
  TF_TRY(update);
  Result<Expr> one = integer_buffer(lc, DType::i64(), ShapeDim(1), hint + "_step");
  TF_TRY(one);
  std::vector<Expr> at_offsets;
  for (std::size_t k = 0; k < rank; ++k) {
    const std::string axis = fmt::format("{}_{}", hint, k);
    Result<Expr> o = start_register(in, offsets[k], axis + "_offset");
    TF_TRY(o);
    Result<bool> checked = check_window(lc, *o, window.shape[k], *one, type.shape[k], axis,
                                        fmt::format("insert_slice: the window on axis {} leaves dst", k));
    TF_TRY(checked);
    at_offsets.push_back(*o);
  }
  Result<Expr> out = copy_of(lc, in.strategy, *dst, hint);
  TF_TRY(out);
  Result<bool> loops = element_loops(lc, window.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    std::vector<Expr> to;
    for (std::size_t k = 0; k < rank; ++k) {
      Result<Expr> i = shifted(lc, at[k], at_offsets[k], hint + "_i");
      TF_TRY(i);
      to.push_back(*i);
    }
    return copy_element(lc, *update, at, *out, to, hint);
  });
  TF_TRY(loops);
  return *out;
}

// insert_slice(dst, update, offsets) of static shapes: the result a register copy of dst, and
// update copied into its window at the offsets (literals checked here, run-time ones by an
// abort, as HIR's eval error for a window leaving dst): the view of the result at the offsets
// as start coordinates, of update's shape.
Result<Expr> rewrite_insert_slice(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const Call& c = in.call;
  const std::optional<std::vector<std::int64_t>> extents = static_extents(tensor_type_of(c)->shape);
  const std::optional<std::vector<std::int64_t>> window = static_extents(tensor_type_of(*c.args[1])->shape);
  if (!extents || !window) return insert_by_elements(in);
  const std::vector<Expr> offsets = starts_of(c.args[2]);
  const std::size_t rank = extents->size();
  if (offsets.size() != rank || window->size() != rank)
    return lc.refusal(c, "insert_slice", "offsets and update need one entry per axis of dst (an HIR eval error)");
  std::vector<std::int64_t> last;
  for (std::size_t k = 0; k < rank; ++k) {
    last.push_back(last_start((*window)[k], 1, (*extents)[k]));
    const std::optional<std::int64_t> o = literal_start(offsets[k]);
    if (o && (*o < 0 || *o > last.back()))
      return lc.refusal(c, "insert_slice", fmt::format("the window at {} of {} on axis {} leaves the extent {} (an HIR eval error)",
                                                       *o, (*window)[k], k, (*extents)[k]));
  }
  Result<Expr> dst = lower_value(lc, in.strategy, c.args[0]);
  TF_TRY(dst);
  Result<Expr> update = lower_value(lc, in.strategy, c.args[1]);
  TF_TRY(update);
  Result<std::vector<Expr>> at = window_starts(lc, in.strategy, offsets, last,
                                               "insert_slice: the window leaves dst", in.name("o"));
  TF_TRY(at);
  Result<Expr> out = copy_of(lc, in.strategy, *dst, in.name());
  TF_TRY(out);
  if (std::find(window->begin(), window->end(), 0) != window->end()) return *out;
  Result<Layout> box = Layout::make(tuple_of_ints(*window), tuple_of_ints(row_major_strides(*extents)));
  TF_TRY(box);
  std::vector<Expr> args = {*out};
  args.insert(args.end(), at->begin(), at->end());
  Result<Expr> v = lc.call(tir::TirOp::TensorView, std::move(args), {{"layout", LayoutBase(*box)}});
  TF_TRY(v);
  Result<Expr> into = lc.bind(in.name("w"), *v);
  TF_TRY(into);
  Result<bool> copied = lc.emit(tir::TirOp::Copy, {*update, *into});
  TF_TRY(copied);
  return *out;
}

// split of a static shape into parts that divide the extent.
Result<bool> match_split(const LoweringContext& lc, const Call& c) {
  const std::optional<std::vector<std::int64_t>> extents = static_extents(tensor_type_of(*c.args[0])->shape);
  if (!extents) return true;  // checked at run time (split_by_elements)
  const auto rank = static_cast<std::int64_t>(extents->size());
  std::int64_t axis = std::get<std::int64_t>(c.attr("axis"));
  if (axis < 0) axis += rank;
  const std::int64_t n = std::get<std::int64_t>(c.attr("num_splits"));
  const std::int64_t extent = (*extents)[static_cast<std::size_t>(axis)];
  if (n <= 0 || extent % n != 0)
    return lc.refusal(c, "split", fmt::format("{} parts do not divide the extent {} (an HIR eval error)", n, extent));
  return true;
}

// split of a symbolic shape: the extent checked to divide at run time (an abort where HIR reports
// its eval error), then part k a copy, element by element, of x from k * (extent // n) along a.
Result<Expr> split_by_elements(const RuleInput& in) {
  if (tensor_type_of(*in.call.args[0])->dtype.is_compound())
    return symbolic_block_scaled(in);
  const std::vector<ShapeDim>& in_shape = tensor_type_of(*in.call.args[0])->shape;
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += static_cast<std::int64_t>(in_shape.size());
  const auto a = static_cast<std::size_t>(axis);
  const std::int64_t n = in.attr<std::int64_t>("num_splits");
  const std::string hint = in.name();
  Result<Expr> extent = integer_buffer(in.lc, DType::i64(), in_shape[a], hint + "_extent");
  TF_TRY(extent);
  Result<Expr> count = integer_buffer(in.lc, DType::i64(), ShapeDim(n), hint + "_n");
  TF_TRY(count);
  Result<Expr> rest = scalar_register(in.lc, DType::i64(), hint + "_rest");
  TF_TRY(rest);
  Result<bool> mod = binary_into(in.lc, BinaryKind::Mod, *extent, *count, *rest);
  TF_TRY(mod);
  Result<Expr> zero = integer_buffer(in.lc, DType::i64(), ShapeDim(0), hint + "_zero");
  TF_TRY(zero);
  Result<Expr> uneven = flag(in.lc, BinaryKind::Ne, *rest, *zero, hint + "_uneven");
  TF_TRY(uneven);
  Result<bool> checked = when(in.lc, *uneven, [&] {
    return append_abort(in.lc, fmt::format("split: the extent of axis {} is not divisible by num_splits {}", axis, n));
  });
  TF_TRY(checked);
  Result<Expr> size = scalar_register(in.lc, DType::i64(), hint + "_size");
  TF_TRY(size);
  Result<bool> div = binary_into(in.lc, BinaryKind::FloorDiv, *extent, *count, *size);
  TF_TRY(div);
  const auto& fields = in.call.type()->as<TupleType>()->fields;
  std::vector<Expr> parts;
  for (std::int64_t k = 0; k < n; ++k) {
    const TensorType& part = *fields[static_cast<std::size_t>(k)]->as<TensorType>();
    Result<Expr> dst = alloc_value(in.lc, in.strategy, part, part.dtype, fmt::format("{}_{}", hint, k));
    TF_TRY(dst);
    Result<Expr> index = integer_buffer(in.lc, DType::i64(), ShapeDim(k), hint + "_k");
    TF_TRY(index);
    Result<Expr> start = scalar_register(in.lc, DType::i64(), hint + "_start");
    TF_TRY(start);
    Result<bool> mul = binary_into(in.lc, BinaryKind::Mul, *size, *index, *start);
    TF_TRY(mul);
    Result<bool> loops = element_loops(in.lc, part.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
      std::vector<Expr> from = at;
      Result<Expr> moved = shifted(in.lc, at[a], *start, hint + "_i");
      TF_TRY(moved);
      from[a] = *moved;
      return copy_element(in.lc, in.operands[0], from, *dst, at, hint);
    });
    TF_TRY(loops);
    parts.push_back(*dst);
  }
  in.lc.remember_parts(&in.call, parts);
  return parts.front();
}

// split(x, axis=a, num_splits=n) of a static shape: n views, part k at offset k * (extent / n)
// along a; the call's value is its parts (for tuple_get_item and the outputs).
Result<Expr> rewrite_split(const RuleInput& in) {
  const std::vector<ShapeDim>& in_shape = tensor_type_of(*in.call.args[0])->shape;
  if (!row_in_part(in, in_shape) && !static_extents(in_shape)) return split_by_elements(in);
  const std::vector<std::int64_t> extents = own_extents(in, in_shape);  // static here; a grid part's own
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += static_cast<std::int64_t>(in_shape.size());
  axis = in.strategy.axis(in_shape, axis);
  const std::int64_t n = in.attr<std::int64_t>("num_splits");
  const std::int64_t extent = extents[static_cast<std::size_t>(axis)];
  const std::vector<std::int64_t> strides = row_major_strides(extents);
  std::vector<std::int64_t> shape = extents;
  shape[static_cast<std::size_t>(axis)] = extent / n;
  const std::vector<std::int64_t> steps(extents.size(), 1);
  Result<Expr> x = own_part(in, in.operands[0], in_shape, "_x");
  TF_TRY(x);
  const auto& fields = in.call.type()->as<TupleType>()->fields;
  std::vector<Expr> parts;
  for (std::int64_t k = 0; k < n; ++k) {
    const std::string suffix = fmt::format("_{}", k);
    Result<Expr> v = box_view(in, *x, k * (extent / n) * strides[static_cast<std::size_t>(axis)], shape, strides, steps, suffix);
    TF_TRY(v);
    Result<Expr> held = held_row(in, *v, *fields[static_cast<std::size_t>(k)]->as<TensorType>(), suffix);
    TF_TRY(held);
    parts.push_back(*held);
  }
  in.lc.remember_parts(&in.call, parts);
  return parts.front();
}

// transpose(x, perm) of a symbolic shape: a loop over the result copying x's element at the
// permuted coordinates (no view has a symbolic layout; a copy moves codes, bit for bit).
Result<Expr> transpose_by_elements(const RuleInput& in, const std::vector<std::int64_t>& perm) {
  if (tensor_type_of(*in.call.args[0])->dtype.is_compound())
    return symbolic_block_scaled(in);
  const TensorType& type = *tensor_type_of(in.call);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<bool> loops = element_loops(in.lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    std::vector<Expr> from(at.size());
    for (std::size_t i = 0; i < at.size(); ++i) from[static_cast<std::size_t>(perm[i])] = at[i];
    return copy_element(in.lc, in.operands[0], from, *dst, at, in.name());
  });
  TF_TRY(loops);
  return *dst;
}

// transpose(x, perm): the view Layout(shape permuted, row-major strides permuted) of x, or for a
// symbolic shape a copy element by element.
Result<Expr> rewrite_transpose(const RuleInput& in) {
  const TensorType& x_type = *tensor_type_of(*in.call.args[0]);
  std::vector<std::int64_t> perm = in.attr<std::vector<std::int64_t>>("perm");
  for (std::int64_t& p : perm)
    if (p < 0) p += static_cast<std::int64_t>(x_type.shape.size());  // HIR counts negative axes from the end
  const bool in_part = row_in_part(in, x_type.shape);
  if (!in_part && !static_row_major_strides(x_type.shape)) return transpose_by_elements(in, perm);
  // Inside a grid part the perm fixes the leading axes (grid_plan.h) and moves the trailing ones
  // of the thread's own part, whose leading axes are the part's.
  const std::vector<std::int64_t> extents = own_extents(in, x_type.shape);
  const auto m = static_cast<std::int64_t>(in_part ? in.strategy.part->rows.size() : 0);
  const auto shift = static_cast<std::int64_t>(extents.size()) - static_cast<std::int64_t>(x_type.shape.size());
  std::vector<std::int64_t> own_perm;
  for (std::int64_t i = 0; i < m + shift; ++i) own_perm.push_back(i);
  for (std::size_t i = static_cast<std::size_t>(m); i < perm.size(); ++i) {
    TF_CHECK(perm[i] >= m && perm[i] < static_cast<std::int64_t>(perm.size()), "transpose: perm entry {} passed typeinfer and the grid plan", perm[i]);
    own_perm.push_back(perm[i] + shift);
  }
  const std::vector<std::int64_t> strides = row_major_strides(extents);
  std::vector<std::int64_t> shape, permuted;
  for (std::int64_t p : own_perm) {
    shape.push_back(extents[static_cast<std::size_t>(p)]);
    permuted.push_back(strides[static_cast<std::size_t>(p)]);
  }
  Result<Layout> layout = Layout::make(tuple_of_ints(shape), tuple_of_ints(permuted));
  TF_TRY(layout);
  Result<Expr> x = own_part(in, in.operands[0], x_type.shape, "_x");
  TF_TRY(x);
  Result<Expr> v = view_of(in, *x, *layout);
  TF_TRY(v);
  return held_row(in, *v, *tensor_type_of(in.call), "");
}

// reshape of any shapes whose DimVars the lowered function's parameters carry (static ones and a
// grid part's rows by views, rewrite_reshape; other symbolic ones element by element). A DimVar
// of new_shape that no parameter carries is one HIR infers from the element count at run time,
// which no TIR value carries: refused.
Result<bool> match_reshape(const LoweringContext& lc, const Call& c) {
  std::set<std::string> carried, used;
  for (const VarRef& p : lc.function().params()) dim_names(p->type(), carried);
  dim_names(c.type(), used);
  dim_names(c.args[0]->type(), used);
  for (const std::string& name : used)
    if (carried.count(name) == 0)
      return lc.refusal(c, c.op.surface(), fmt::format("the extent {} is a DimVar no parameter of @{} carries, which HIR infers from the "
                                                       "element count at run time and no TIR value holds", name, lc.function().name()));
  return true;
}

// The element count of `shape` as a rank-0 i64 register (a product of literals and DimVars).
Result<Expr> element_count(LoweringContext& lc, const std::vector<ShapeDim>& shape, const std::string& hint) {
  Result<Expr> n = integer_buffer(lc, DType::i64(), ShapeDim(1), hint);
  TF_TRY(n);
  for (const ShapeDim& d : shape) {
    Result<Expr> e = integer_buffer(lc, DType::i64(), d, hint + "_e");
    TF_TRY(e);
    Result<bool> m = binary_into(lc, BinaryKind::Mul, *n, *e, *n);
    TF_TRY(m);
  }
  return *n;
}

// reshape of symbolic shapes outside a grid's rows (no view has a symbolic layout): the element
// counts compared at run time (an abort where HIR reports its eval error), then per element of
// the result (a loop nest, DimVar bounds included) its row-major index l = sum of i_k * the
// result's row-major stride k, decomposed over x's extents from the last (x_k = l mod e_k,
// l = l // e_k), and the element copied from there (a copy moves codes, bit for bit).
Result<Expr> reshape_by_elements(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& from_shape = tensor_type_of(*in.call.args[0])->shape;
  if (type.dtype.is_compound())
    return symbolic_block_scaled(in);
  const std::string hint = in.name();
  Result<Expr> have = element_count(lc, from_shape, hint + "_count");
  TF_TRY(have);
  Result<Expr> want = element_count(lc, type.shape, hint + "_new_count");
  TF_TRY(want);
  Result<Expr> differ = flag(lc, BinaryKind::Ne, *have, *want, hint + "_differ");
  TF_TRY(differ);
  Result<bool> checked = when(lc, *differ, [&] { return append_abort(lc, "reshape: the element counts differ"); });
  TF_TRY(checked);
  // The result's row-major strides and x's extents, as registers read inside the loops.
  std::vector<Expr> strides(type.shape.size()), extents;
  Result<Expr> stride = integer_buffer(lc, DType::i64(), ShapeDim(1), hint + "_stride");
  TF_TRY(stride);
  for (std::size_t k = type.shape.size(); k-- > 0;) {
    strides[k] = *stride;
    if (k == 0) break;
    Result<Expr> e = integer_buffer(lc, DType::i64(), type.shape[k], hint + "_e");
    TF_TRY(e);
    Result<Expr> next = scalar_register(lc, DType::i64(), hint + "_stride");
    TF_TRY(next);
    Result<bool> m = binary_into(lc, BinaryKind::Mul, *stride, *e, *next);
    TF_TRY(m);
    stride = next;
  }
  for (const ShapeDim& d : from_shape) {
    Result<Expr> e = integer_buffer(lc, DType::i64(), d, hint + "_x_e");
    TF_TRY(e);
    extents.push_back(*e);
  }
  Result<Expr> dst = alloc_value(lc, in.strategy, type, type.dtype, hint);
  TF_TRY(dst);
  Result<bool> loops = element_loops(lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> l = integer_buffer(lc, DType::i64(), ShapeDim(0), hint + "_l");
    TF_TRY(l);
    for (std::size_t k = 0; k < at.size(); ++k) {
      Result<Expr> t = index_register(lc, at[k], hint + "_t");
      TF_TRY(t);
      Result<bool> m = binary_into(lc, BinaryKind::Mul, *t, strides[k], *t);
      TF_TRY(m);
      Result<bool> a = binary_into(lc, BinaryKind::Add, *l, *t, *l);
      TF_TRY(a);
    }
    std::vector<Expr> from(from_shape.size());
    for (std::size_t k = from_shape.size(); k-- > 0;) {
      Result<Expr> c = scalar_register(lc, DType::i64(), hint + "_x");
      TF_TRY(c);
      Result<bool> r = binary_into(lc, BinaryKind::Mod, *l, extents[k], *c);
      TF_TRY(r);
      Result<bool> q = binary_into(lc, BinaryKind::FloorDiv, *l, extents[k], *l);
      TF_TRY(q);
      from[k] = *c;
    }
    return copy_element(lc, in.operands[0], from, *dst, at, hint);
  });
  TF_TRY(loops);
  return *dst;
}

// reshape(x, new_shape): the view Layout(new_shape, its row-major strides) of x: element c of
// the view is x's logical element of the same row-major index (views are logical). Inside a grid
// part, a row value to a row value: each row keeps its elements in row-major order, so the
// thread's part of the result is its part of x: a register tensor held as the part holds the
// result, and one copy between flat views of the two parts (a view of a distributed tensor is of
// the thread's part; a parameter's rows, a view of gmem, are copied into registers first, as the
// emitter flattens only a thread's contiguous part).
Result<Expr> rewrite_reshape(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& shape = type.shape;
  if (const GridPart* part = in.strategy.part; part != nullptr && part->is_row(shape)) {
    std::int64_t count = 1;
    for (const ShapeDim& d : part->own_leading()) count *= d.value();
    for (std::size_t k = part->rows.size(); k < shape.size(); ++k) count *= shape[k].value();
    Expr src = in.operands[0];
    if (tensor_type_of(*src)->storage != StorageKind::Rmem) {  // a parameter's view: its rows into registers first
      const TensorType& x = *tensor_type_of(*in.call.args[0]);
      Result<Expr> rows = alloc_value(in.lc, in.strategy, x, x.dtype, in.name() + "_rows");
      TF_TRY(rows);
      Result<bool> read = in.lc.emit(tir::TirOp::Copy, {src, *rows});
      TF_TRY(read);
      src = *rows;
    }
    Result<Expr> out = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
    TF_TRY(out);
    Result<Layout> flat = Layout::make(tuple_of_ints({count}), tuple_of_ints({1}));
    TF_TRY(flat);
    Result<Expr> from = view_of(in, src, *flat, "_from");
    TF_TRY(from);
    Result<Expr> to = view_of(in, *out, *flat, "_to");
    TF_TRY(to);
    Result<bool> copied = in.lc.emit(tir::TirOp::Copy, {*from, *to});
    TF_TRY(copied);
    return *out;
  }
  const std::optional<std::vector<std::int64_t>> strides = static_row_major_strides(shape);
  if (!strides || !static_row_major_strides(tensor_type_of(*in.call.args[0])->shape)) return reshape_by_elements(in);
  Result<Layout> layout = Layout::make(shape_as_int_tuple(shape), tuple_of_ints(*strides));
  TF_TRY(layout);
  return view_of(in, in.operands[0], *layout);
}

// concat / stack of symbolic shapes: each input copied element by element into the result, at a
// run-time offset along the axis (concat: the sum of the extents before it) or at index k of the
// new axis (stack).
Result<Expr> join_by_elements(const RuleInput& in, bool stacked, std::size_t a) {
  if (tensor_type_of(*in.call.args[0])->dtype.is_compound())
    return symbolic_block_scaled(in);
  const TensorType& type = *tensor_type_of(in.call);
  const std::string hint = in.name();
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, hint);
  TF_TRY(dst);
  Result<Expr> offset = integer_buffer(in.lc, DType::i64(), ShapeDim(0), hint + "_offset");
  TF_TRY(offset);
  for (std::size_t k = 0; k < in.operands.size(); ++k) {
    const std::vector<ShapeDim>& part = tensor_type_of(*in.call.args[k])->shape;
    Result<bool> loops = element_loops(in.lc, part, [&](const std::vector<Expr>& at) -> Result<bool> {
      std::vector<Expr> to = at;
      if (stacked) {
        Result<Expr> index = index_constant(static_cast<std::int64_t>(k));
        TF_TRY(index);
        to.insert(to.begin() + static_cast<std::ptrdiff_t>(a), *index);
      } else {
        Result<Expr> moved = shifted(in.lc, at[a], *offset, hint + "_i");
        TF_TRY(moved);
        to[a] = *moved;
      }
      return copy_element(in.lc, in.operands[k], at, *dst, to, hint);
    });
    TF_TRY(loops);
    if (stacked) continue;
    Result<Expr> extent = integer_buffer(in.lc, DType::i64(), part[a], hint + "_extent");
    TF_TRY(extent);
    Result<bool> add = binary_into(in.lc, BinaryKind::Add, *offset, *extent, *offset);
    TF_TRY(add);
  }
  return *dst;
}

// concat(x_0, ..., axis=a) / stack(x_0, ..., axis=a): the result a fresh buffer, input k copied
// into the box of the result where it lands: along a at the sum of the extents before it
// (concat), or at index k of the new axis a with the other axes' strides (stack). Copies move
// codes, so every dtype moves bit for bit, as HIR's movers do; an empty input adds nothing.
Result<Expr> rewrite_join(const RuleInput& in, bool stacked) {
  const TensorType& type = *tensor_type_of(in.call);
  const auto rank = static_cast<std::int64_t>(type.shape.size());
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += rank;
  TF_CHECK(axis >= 0 && axis < rank, "{}: axis {} outside rank {} passed typeinfer", in.call.op.surface(), axis, rank);
  const auto a = static_cast<std::size_t>(axis);
  const bool in_part = row_in_part(in, type.shape);  // every input a row value too (grid_plan.h)
  bool symbolic = !in_part && !static_extents(type.shape);
  for (const Expr& x : in.call.args) symbolic = symbolic || (!in_part && !static_extents(tensor_type_of(*x)->shape));
  if (symbolic) return join_by_elements(in, stacked, a);
  // Inside a grid part the boxes are of the thread's own parts, the axis past their leading axes.
  const std::vector<std::int64_t> out = own_extents(in, type.shape);
  const auto held_a = static_cast<std::size_t>(in.strategy.axis(type.shape, axis));
  const std::vector<std::int64_t> strides = row_major_strides(out);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<Expr> into = own_part(in, *dst, type.shape, "_out");
  TF_TRY(into);
  std::int64_t along = 0;
  for (std::size_t k = 0; k < in.operands.size(); ++k) {
    const std::vector<ShapeDim>& shape = tensor_type_of(*in.call.args[k])->shape;
    const std::vector<std::int64_t> part = own_extents(in, shape);
    std::vector<std::int64_t> part_strides = strides;
    if (stacked) part_strides.erase(part_strides.begin() + static_cast<std::ptrdiff_t>(held_a));
    const std::int64_t offset = along * strides[held_a];
    along += stacked ? 1 : part[held_a];
    if (std::find(part.begin(), part.end(), 0) != part.end()) continue;
    const std::string suffix = fmt::format("_{}", k);
    Result<Expr> box = box_view(in, *into, offset, part, part_strides, std::vector<std::int64_t>(part.size(), 1), suffix);
    TF_TRY(box);
    Result<Expr> from = own_part(in, in.operands[k], shape, suffix);
    TF_TRY(from);
    Result<bool> copied = in.lc.emit(tir::TirOp::Copy, {*from, *box});
    TF_TRY(copied);
  }
  return *dst;
}

Result<Expr> rewrite_concat(const RuleInput& in) { return rewrite_join(in, false); }
Result<Expr> rewrite_stack(const RuleInput& in) { return rewrite_join(in, true); }

}  // namespace

// The movers below take block-scaled values: their views and copies keep whole blocks, or the
// machine model reports the block they split (as HIR's movers do).
const LoweringPattern kTransposePattern{OperandForm::Whole, &rewrite_transpose, nullptr, true};
const LoweringPattern kReshapePattern{OperandForm::Whole, &rewrite_reshape, &match_reshape, true, true};  // whole blocks: the model checks
const LoweringPattern kSlicePattern{OperandForm::Raw, &rewrite_slice, nullptr, true, true};
const LoweringPattern kInsertSlicePattern{OperandForm::Raw, &rewrite_insert_slice, nullptr, true};
const LoweringPattern kSplitPattern{OperandForm::Whole, &rewrite_split, &match_split, true};
const LoweringPattern kConcatPattern{OperandForm::Whole, &rewrite_concat, nullptr, true};
const LoweringPattern kStackPattern{OperandForm::Whole, &rewrite_stack, nullptr, true};

}  // namespace tf::lower
