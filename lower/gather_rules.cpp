// The gathers and scatters of hir.tensor as per-element loops (element_loops.h): index_select,
// index_copy, index_add, cache_update and repeat_interleave. Each reads an operand's element through a rank-0 view whose
// start coordinate on the indexed axis is computed at run time (an index entry, a quotient), and
// moves codes with copy, so every dtype moves bit for bit.
#include <fmt/format.h>

#include <limits>

#include "ir/core/kind_attrs.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// Axis `axis` of a rank-`rank` value, a negative one counted from the end (typeinfer checked it).
std::size_t axis_of(std::int64_t axis, std::size_t rank) {
  if (axis < 0) axis += static_cast<std::int64_t>(rank);
  return static_cast<std::size_t>(axis);
}

// A loop bound the loops can count: static or a DimVar.
Result<bool> countable(const RuleInput& in, std::string_view what, const std::vector<ShapeDim>& dims) {
  for (const ShapeDim& d : dims)
    if (!d.is_static() && d.dim_var() == nullptr) return in.lc.refusal(in.call, what, "an extent of dim arithmetic has no loop bound yet");
  return true;
}

// A mover of block-scaled values along axis `a` moves whole rows of the last axis; along the last
// axis it would split the blocks (HIR's eval error), which is refused here.
Result<bool> keeps_blocks(const RuleInput& in, const MoveUnit& unit, std::size_t a, const TensorType& t) {
  if (!unit.rows || a + 1 < t.shape.size()) return true;
  return in.lc.refusal(in.call, in.call.op.surface(),
                       fmt::format("moving along the last axis of the block-scaled {} would split its blocks (cast to a simple "
                                   "dtype first)", t.dtype.name()));
}

// index_select(x, index, dim=a): every index entry checked first (check_index: HIR's eval
// error for an entry outside [0, extent) becomes an abort, never an out-of-bounds view), then a
// loop over the result whose element c is x's element at c with coordinate a replaced by the
// index entry c_a: a rank-0 view of x whose start coordinate on axis a is the index element
// itself (a rank-0 integer tensor). Copies move codes, so every dtype moves bit for bit. Inside a
// grid part the loops run over the thread's own rows (grid_plan.h): of x along an axis past them,
// or, when the index is the row value (an embedding lookup: x shared, a = 0), over the rows whose
// entries the thread holds, each row of x at its entry.
Result<Expr> rule_index_select(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const TensorType& x = *tensor_type_of(*in.call.args[0]);
  const std::vector<ShapeDim>& index_shape = tensor_type_of(*in.call.args[1])->shape;
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), x.shape.size());
  const StrategyContext& s = in.strategy;
  const bool rows_indexed = s.part != nullptr && s.part->is_row_value(*in.call.args[1]);
  const std::size_t lead = rows_indexed ? s.part->own_leading().size() : 0;  // the index's axes in a thread's part
  // x's axis a in the thread's part (x a row value indexed past the rows); x is whole when the rows index it.
  const auto held_a = rows_indexed ? a : static_cast<std::size_t>(s.axis(x.shape, static_cast<std::int64_t>(a)));
  Result<bool> counted = countable(in, "index_select", type.shape);
  TF_TRY(counted);
  Result<bool> checked = check_index(in.lc, in.operands[1], s.own_shape(index_shape), x.shape[a],
                                     fmt::format("index_select: an index entry is out of range [0, {})", to_string(x.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  Result<Expr> dst = alloc_value(in.lc, s, type, type.dtype, in.name());
  TF_TRY(dst);
  const MoveUnit unit = move_unit(x);
  Result<bool> whole = keeps_blocks(in, unit, a, x);
  TF_TRY(whole);
  Result<bool> loops = element_loops(in.lc, unit_loops(unit, s.own_shape(type.shape)), [&](const std::vector<Expr>& at) -> Result<bool> {
    const std::vector<Expr> entry_at = rows_indexed ? std::vector<Expr>(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(lead))
                                                    : std::vector<Expr>{at[held_a]};
    Result<Expr> entry = element_at(in.lc, in.operands[1], entry_at, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> from = at;
    if (rows_indexed) {
      from.assign(at.begin() + static_cast<std::ptrdiff_t>(lead), at.end());
      from.insert(from.begin(), *entry);
    } else {
      from[held_a] = *entry;
    }
    return copy_unit(in.lc, unit, in.operands[0], from, *dst, at, in.name());
  });
  TF_TRY(loops);
  return *dst;
}

// index_copy(dst, index, src, dim=a): the result a copy of dst; every index entry checked as
// index_select's; then a loop over src, whose element c is copied to the result's element at c
// with coordinate a replaced by index entry c_a. The loop visits the entries in index order for
// each position of the other axes, so of two equal entries the later one's write is the one
// left: HIR's "last write wins".
Result<Expr> rule_index_copy(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& src_shape = tensor_type_of(*in.call.args[2])->shape;
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), type.shape.size());
  const ShapeDim& length = tensor_type_of(*in.call.args[1])->shape[0];
  Result<bool> counted = countable(in, "index_copy", src_shape);
  TF_TRY(counted);
  Result<Expr> out = copy_of(in.lc, in.strategy, in.operands[0], in.name());
  TF_TRY(out);
  Result<bool> checked = check_index(in.lc, in.operands[1], {length}, type.shape[a],
                                     fmt::format("index_copy: an index entry is out of range [0, {})", to_string(type.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  const MoveUnit unit = move_unit(type);
  Result<bool> whole = keeps_blocks(in, unit, a, type);
  TF_TRY(whole);
  Result<bool> loops = element_loops(in.lc, unit_loops(unit, src_shape), [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> entry = element_at(in.lc, in.operands[1], {at[a]}, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> to = at;
    to[a] = *entry;
    return copy_unit(in.lc, unit, in.operands[2], at, *out, to, in.name());
  });
  TF_TRY(loops);
  return *out;
}

// index_add(dst, index, src, dim=a): the result a copy of dst; every index entry checked as
// index_copy's; then a loop over src in row-major order, whose element c is added into the
// result's element at c with coordinate a replaced by index entry c_a. For each position of the
// other axes the loop visits the entries in index order, so a target named twice takes its adds
// in HIR's order, each rounded before the next: f32 adds as they are; a bool ORs; an integer adds
// and wraps to its width (TIR's Binary, as HIR's); a narrower float is cast to f32 (exact),
// added in f32 and cast back once: HIR's "each add computed in f32 and rounded to the dtype once".
Result<Expr> rule_index_add(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& src_shape = tensor_type_of(*in.call.args[2])->shape;
  const std::size_t a = axis_of(in.attr<std::int64_t>("dim"), type.shape.size());
  const ShapeDim& length = tensor_type_of(*in.call.args[1])->shape[0];
  Result<bool> counted = countable(in, "index_add", src_shape);
  TF_TRY(counted);
  Result<Expr> out = copy_of(in.lc, in.strategy, in.operands[0], in.name());
  TF_TRY(out);
  Result<bool> checked = check_index(in.lc, in.operands[1], {length}, type.shape[a],
                                     fmt::format("index_add: an index entry is out of range [0, {})", to_string(type.shape[a])),
                                     in.name() + "_i");
  TF_TRY(checked);
  const DType d = type.dtype;
  const bool widened = d.is_float() && d != DType::f32();
  std::optional<Expr> acc, term;  // f32 scalars of a widened add
  if (widened) {
    Result<Expr> x = scalar_register(in.lc, DType::f32(), in.name() + "_acc");
    TF_TRY(x);
    Result<Expr> y = scalar_register(in.lc, DType::f32(), in.name() + "_term");
    TF_TRY(y);
    acc = *x;
    term = *y;
  }
  Result<bool> loops = element_loops(in.lc, src_shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<Expr> entry = element_at(in.lc, in.operands[1], {at[a]}, in.name() + "_k");
    TF_TRY(entry);
    std::vector<Expr> to = at;
    to[a] = *entry;
    Result<Expr> target = element_at(in.lc, *out, to, in.name() + "_r");
    TF_TRY(target);
    Result<Expr> added = element_at(in.lc, in.operands[2], at, in.name() + "_x");
    TF_TRY(added);
    if (!widened) {
      const BinaryKind kind = d.is_bool() ? BinaryKind::Or : BinaryKind::Add;
      return binary_into(in.lc, kind, *target, *added, *target);
    }
    for (const auto& [from, to_f32] : {std::pair{*target, *acc}, std::pair{*added, *term}}) {
      Result<bool> c = unary_into(in.lc, UnaryKind::Cast, from, to_f32);
      TF_TRY(c);
    }
    Result<bool> sum = binary_into(in.lc, BinaryKind::Add, *acc, *term, *acc);
    TF_TRY(sum);
    return unary_into(in.lc, UnaryKind::Cast, *acc, *target);
  });
  TF_TRY(loops);
  return *out;
}

// The i64 value of the rank-0 or one-element integer tensor `x` (cache_update's scalars), in a
// fresh register.
Result<Expr> scalar_i64(LoweringContext& lc, const Expr& x, const std::string& hint) {
  const TensorType& t = *x->type()->as<TensorType>();
  std::vector<Expr> at;
  for (std::size_t k = 0; k < t.shape.size(); ++k) {
    Result<Expr> zero = index_constant(0);
    TF_TRY(zero);
    at.push_back(*zero);
  }
  Result<Expr> element = element_at(lc, x, at, hint + "_e");
  TF_TRY(element);
  Result<Expr> wide = scalar_register(lc, DType::i64(), hint);
  TF_TRY(wide);
  Result<bool> cast = unary_into(lc, UnaryKind::Cast, *element, *wide);
  TF_TRY(cast);
  return *wide;
}

// A register holding extent `d` + 1 (an exclusive bound for abort_outside).
Result<Expr> one_past(LoweringContext& lc, const ShapeDim& d, const std::string& hint) {
  Result<Expr> b = integer_buffer(lc, DType::i64(), d, hint);
  TF_TRY(b);
  Result<Expr> one = integer_buffer(lc, DType::i64(), ShapeDim(1), hint + "_1");
  TF_TRY(one);
  Result<bool> add = binary_into(lc, BinaryKind::Add, *b, *one, *b);
  TF_TRY(add);
  return *b;
}

// cache_update(cache, cur_pos, s, new): the result a copy of cache whose rows [cur_pos, cur_pos
// + s) of axis 1 are new's rows [0, s). HIR's checks, in HIR's order, each an abort: cur_pos
// negative; s outside [1, new.len]; cur_pos + s past cache.len. Then a loop over new whose
// element (b, j, h, d) with j < s is copied to (b, cur_pos + j, h, d) (a start coordinate the
// loop computes in a register).
Result<Expr> rule_cache_update(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& new_shape = tensor_type_of(*in.call.args[3])->shape;
  if (type.shape.size() != 4 || new_shape.size() != 4)
    return in.lc.refusal(in.call, "cache_update", "cache and new must be rank 4 (an HIR eval error)");
  Result<bool> counted = countable(in, "cache_update", new_shape);
  TF_TRY(counted);
  Result<bool> counted_cache = countable(in, "cache_update", type.shape);
  TF_TRY(counted_cache);
  const std::string h = in.name();
  Result<Expr> pos = scalar_i64(in.lc, in.operands[1], h + "_pos");
  TF_TRY(pos);
  Result<Expr> rows = scalar_i64(in.lc, in.operands[2], h + "_s");
  TF_TRY(rows);
  Result<Expr> zero = integer_buffer(in.lc, DType::i64(), ShapeDim(0), h + "_zero");
  TF_TRY(zero);
  Result<Expr> one = integer_buffer(in.lc, DType::i64(), ShapeDim(1), h + "_one");
  TF_TRY(one);
  Result<Expr> far = integer_buffer(in.lc, DType::i64(), ShapeDim(std::numeric_limits<std::int64_t>::max()), h + "_far");
  TF_TRY(far);
  Result<bool> c1 = abort_outside(in.lc, *pos, *zero, *far, "cache_update: cur_pos is negative", h + "_c1");
  TF_TRY(c1);
  Result<Expr> new_top = one_past(in.lc, new_shape[1], h + "_newlen");
  TF_TRY(new_top);
  Result<bool> c2 = abort_outside(in.lc, *rows, *one, *new_top,
                                  fmt::format("cache_update: s is out of range [1, new.len = {}]", to_string(new_shape[1])), h + "_c2");
  TF_TRY(c2);
  Result<Expr> end = scalar_register(in.lc, DType::i64(), h + "_end");
  TF_TRY(end);
  Result<bool> sum = binary_into(in.lc, BinaryKind::Add, *pos, *rows, *end);
  TF_TRY(sum);
  Result<Expr> cache_top = one_past(in.lc, type.shape[1], h + "_cachelen");
  TF_TRY(cache_top);
  Result<bool> c3 = abort_outside(in.lc, *end, *zero, *cache_top,
                                  fmt::format("cache_update: cur_pos + s is out of range for cache.len {}", to_string(type.shape[1])),
                                  h + "_c3");
  TF_TRY(c3);
  Result<Expr> out = copy_of(in.lc, in.strategy, in.operands[0], h);
  TF_TRY(out);
  Result<Expr> row = scalar_register(in.lc, DType::i64(), h + "_row");
  TF_TRY(row);
  Result<Expr> inside = scalar_register(in.lc, DType::boolean(), h + "_in");
  TF_TRY(inside);
  const MoveUnit unit = move_unit(type);  // axis 1 moves: a block-scaled cache's rows of head_dim move whole
  Result<bool> loops = element_loops(in.lc, unit_loops(unit, new_shape), [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*row, at[1]});
    TF_TRY(f);
    Result<bool> lt = binary_into(in.lc, BinaryKind::Lt, *row, *rows, *inside);
    TF_TRY(lt);
    return when(
        in.lc, *inside,
        [&]() -> Result<bool> {
          Result<bool> moved = binary_into(in.lc, BinaryKind::Add, *row, *pos, *row);
          TF_TRY(moved);
          std::vector<Expr> to = at;
          to[1] = *row;
          return copy_unit(in.lc, unit, in.operands[3], at, *out, to, h);
        });
  });
  TF_TRY(loops);
  return *out;
}

// repeat_interleave(x, repeats=r, axis=a): a loop over the result, whose element c is x's element
// at c with coordinate a replaced by c_a floor_div r (a rank-0 i64 the loop computes: fill with
// the index, then floor_div by r). r = 0 gives an empty axis, so the loop runs no trip.
Result<Expr> rule_repeat_interleave(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const std::size_t a = axis_of(in.attr<std::int64_t>("axis"), type.shape.size());
  const std::int64_t repeats = in.attr<std::int64_t>("repeats");
  Result<bool> counted = countable(in, "repeat_interleave", type.shape);
  TF_TRY(counted);
  Result<Expr> dst = alloc_value(in.lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(dst);
  Result<Expr> r = integer_buffer(in.lc, DType::i64(), ShapeDim(repeats), in.name() + "_repeats");
  TF_TRY(r);
  Result<Expr> q = scalar_register(in.lc, DType::i64(), in.name() + "_q");
  TF_TRY(q);
  const MoveUnit unit = move_unit(type);
  Result<bool> whole = keeps_blocks(in, unit, a, type);
  TF_TRY(whole);
  Result<bool> loops = element_loops(in.lc, unit_loops(unit, type.shape), [&](const std::vector<Expr>& at) -> Result<bool> {
    Result<bool> f = in.lc.emit(tir::TirOp::Fill, {*q, at[a]});
    TF_TRY(f);
    Result<bool> d = binary_into(in.lc, BinaryKind::FloorDiv, *q, *r, *q);
    TF_TRY(d);
    std::vector<Expr> from = at;
    from[a] = *q;
    return copy_unit(in.lc, unit, in.operands[0], from, *dst, at, in.name());
  });
  TF_TRY(loops);
  return *dst;
}

}  // namespace

const LoweringPattern kIndexSelectPattern{OperandForm::Whole, &rule_index_select, nullptr, true};
const LoweringPattern kIndexCopyPattern{OperandForm::Whole, &rule_index_copy, nullptr, true};
const LoweringPattern kIndexAddPattern{OperandForm::Whole, &rule_index_add};
const LoweringPattern kCacheUpdatePattern{OperandForm::Whole, &rule_cache_update, nullptr, true};
const LoweringPattern kRepeatInterleavePattern{OperandForm::Whole, &rule_repeat_interleave, nullptr, true};

}  // namespace tf::lower
