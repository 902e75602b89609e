// The typeinfer rules of Reshape, Transpose, Slice, Split, Concat, Stack and RepeatInterleave
// (tensor_ops.h).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ir/core/constant.h"
#include "ir/core/expr_depth.h"
#include "ir/core/tuple.h"
#include "ir/hir/broadcast.h"
#include "ir/hir/tensor_typeinfer.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/layout/composed_layout.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

// The top-level modes of a flat Layout of `rank` leaf modes: (extent, stride) per axis.
struct FlatModes {
  std::vector<IntTuple> extents, strides;
};

std::optional<FlatModes> flat_modes(const LayoutBase& l, int rank) {
  const Layout* p = l.as_layout();
  if (p == nullptr || l.domain_rank() != rank || rank == 0) return std::nullopt;
  FlatModes m;
  if (p->shape().is_leaf()) {
    m.extents = {p->shape()};
    m.strides = {p->stride()};
    return m;
  }
  if (static_cast<int>(p->shape().children().size()) != rank) return std::nullopt;
  m.extents = p->shape().children();
  m.strides = p->stride().children();
  return m;
}

Result<IRType> tensor_result(Op op, std::vector<ShapeDim> shape, DType dtype,
                             std::optional<LayoutBase> layout, std::optional<StorageKind> s) {
  Result<TensorTypeRef> t = make_result_tensor(op, std::move(shape), dtype, std::move(layout), s);
  TF_TRY(t);
  return IRType(*t);
}

// The Transpose layout: a flat Layout's modes permuted; None otherwise (tensor_ops.h).
std::optional<LayoutBase> permuted_layout(const TensorType& x, const std::vector<int>& perm) {
  if (!x.layout) return std::nullopt;
  std::optional<FlatModes> m = flat_modes(*x.layout, x.rank());
  if (!m) return std::nullopt;
  std::vector<IntTuple> extents, strides;
  for (int p : perm) {
    extents.push_back(m->extents[p]);
    strides.push_back(m->strides[p]);
  }
  Result<Layout> l = Layout::make(IntTuple::tuple(extents), IntTuple::tuple(strides));
  if (!l.ok()) return std::nullopt;
  return LayoutBase(*l);
}

// The literal starts of a Slice (its starts operand a Tuple of int Constants), else nothing.
std::optional<std::vector<std::int64_t>> literal_starts(const Expr& starts) {
  const Tuple* t = starts->as<Tuple>();
  if (t == nullptr) return std::nullopt;
  std::vector<std::int64_t> out;
  for (const Expr& e : t->elements) {
    const Constant* c = e->as<Constant>();
    if (c == nullptr || !c->is_int()) return std::nullopt;
    out.push_back(c->int_value());
  }
  return out;
}

// The Slice layout: ComposedLayout(None, offset, Layout(sizes, stride * step)) for literal
// starts, static steps and a flat Layout of static strides on x; None otherwise.
std::optional<LayoutBase> slice_layout(const TensorType& x, const Expr& starts,
                                       const std::vector<ShapeDim>& sizes,
                                       const std::vector<ShapeDim>& steps) {
  if (!x.layout) return std::nullopt;
  std::optional<FlatModes> m = flat_modes(*x.layout, x.rank());
  std::optional<std::vector<std::int64_t>> s = literal_starts(starts);
  if (!m || !s) return std::nullopt;
  std::int64_t offset = 0;
  std::vector<IntTuple> strides;
  for (int a = 0; a < x.rank(); ++a) {
    if (!m->strides[a].is_int() || !steps[a].is_static()) return std::nullopt;
    std::int64_t term = 0, stride = 0;
    if (__builtin_mul_overflow((*s)[a], m->strides[a].value(), &term) ||
        __builtin_add_overflow(offset, term, &offset) ||
        __builtin_mul_overflow(m->strides[a].value(), steps[a].value(), &stride))
      return std::nullopt;
    strides.emplace_back(stride);
  }
  Result<Layout> outer = Layout::make(shape_as_int_tuple(sizes), IntTuple::tuple(strides));
  if (!outer.ok() || offset < 0) return std::nullopt;
  Result<ComposedLayout> c = ComposedLayout::make(std::nullopt, offset, *outer);
  if (!c.ok()) return std::nullopt;
  return LayoutBase(*c);
}

// The tensors of a variadic Concat / Stack, or diagnostics; an empty list is one.
std::vector<const TensorType*> variadic_inputs(Op op, const std::vector<Expr>& args,
                                               std::vector<Diagnostic>& diags) {
  std::vector<const TensorType*> ts;
  if (args.empty()) diags.push_back(type_error(op, "needs at least one input, got none"));
  for (std::size_t i = 0; i < args.size(); ++i) ts.push_back(tensor_operand(op, args, i, diags));
  return ts;
}

}  // namespace

Result<IRType> infer_reshape_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  std::vector<ShapeDim> shape = dim_tuple_attr(attrs[0]);
  const std::optional<std::int64_t> from = static_element_count(x->shape);
  const std::optional<std::int64_t> to = static_element_count(shape);
  // Static shapes must hold equal counts; a count beyond int64 (no tensor has one) is refused
  // rather than left unchecked.
  auto count = [](const std::optional<std::int64_t>& n) {
    return n ? fmt::format("{}", *n) : std::string("more than 2^63 - 1");
  };
  if (all_static(x->shape) && all_static(shape) && (!from || !to || *from != *to))
    return type_error(op, fmt::format("cannot reshape {} ({} elements) to {} ({} elements)",
                                      shape_text(x->shape), count(from), shape_text(shape),
                                      count(to)));
  std::optional<LayoutBase> layout;
  if (x->layout && x->rank() > 0 && x->layout == c_order_layout(x->shape))
    layout = c_order_layout(shape);
  return tensor_result(op, std::move(shape), x->dtype, std::move(layout), x->storage);
}

Result<IRType> infer_transpose_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const std::vector<std::int64_t>& perm = int_tuple_attr(attrs[0]);
  const int r = x->rank();
  if (static_cast<int>(perm.size()) != r)
    return type_error(
        op, fmt::format("perm must have {} entries (one per axis), got {}", r, perm.size()));
  std::vector<int> axes;
  std::vector<bool> seen(r, false);
  for (std::int64_t p : perm) {
    std::optional<int> a = normalize_axis(p, r);
    if (!a || seen[*a])
      return type_error(op, fmt::format("perm ({}) is not a permutation of the axes 0 to {}",
                                        fmt::join(perm, ", "), r - 1));
    seen[*a] = true;
    axes.push_back(*a);
  }
  std::vector<ShapeDim> shape;
  for (int a : axes) shape.push_back(x->shape[a]);
  return tensor_result(op, std::move(shape), x->dtype, permuted_layout(*x, axes), x->storage);
}

Result<IRType> infer_slice_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const int r = x->rank();
  const IRType& st = args[1]->type();
  const TupleType* starts = st->as<TupleType>();
  if (starts == nullptr || static_cast<int>(starts->fields.size()) != r)
    diags.push_back(type_error(op, fmt::format("starts must be a Tuple of {} rank-0 i32 / i64 "
                                               "scalars (one per axis), got {}",
                                               r, to_string(st))));
  else
    for (int a = 0; a < r; ++a) {
      const TensorType* f = starts->fields[a]->as<TensorType>();
      if (f == nullptr || f->rank() != 0 || !is_index_dtype(f->dtype))
        diags.push_back(type_error(op, fmt::format("start {} must be a rank-0 i32 or i64 scalar, "
                                                   "got {}",
                                                   a, to_string(starts->fields[a]))));
    }
  const std::vector<ShapeDim> sizes = dim_tuple_attr(attrs[0]);
  const std::vector<ShapeDim> steps = dim_tuple_attr(attrs[1]);
  if (static_cast<int>(sizes.size()) != r)
    diags.push_back(
        type_error(op, fmt::format("sizes must have {} entries, got {}", r, sizes.size())));
  if (static_cast<int>(steps.size()) != r)
    diags.push_back(
        type_error(op, fmt::format("strides must have {} entries, got {}", r, steps.size())));
  if (!diags.empty()) return diags;
  const ShardFacts shard = shard_facts(*x);
  for (int a = 0; a < r; ++a) {
    if (sizes[a].is_static() && sizes[a].value() < 0)
      diags.push_back(
          type_error(op, fmt::format("size {} on axis {} is negative", sizes[a].value(), a)));
    if (steps[a].is_static() && steps[a].value() <= 0)
      diags.push_back(
          type_error(op, fmt::format("stride {} on axis {} is not positive", steps[a].value(), a)));
    const bool whole = sizes[a] == x->shape[a] && steps[a] == ShapeDim(1);
    if (shard.splits(a) && !whole)
      diags.push_back(type_error(op, fmt::format("narrows axis {}, which a Split shards; only the "
                                                 "whole extent {} with stride 1 is allowed",
                                                 a, to_string(x->shape[a]))));
  }
  if (!diags.empty()) return diags;
  return tensor_result(op, sizes, x->dtype, slice_layout(*x, args[1], sizes, steps), x->storage);
}

Result<IRType> infer_split_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const std::int64_t axis = int_attr(attrs[0]), n = int_attr(attrs[1]);
  const std::optional<int> a = normalize_axis(axis, x->rank());
  if (!a) diags.push_back(axis_error(op, "axis", axis, x->rank()));
  if (n <= 0)
    diags.push_back(type_error(op, fmt::format("num_splits must be positive, got {}", n)));
  // The result is a tuple of n tensor types: an implementation limit keeps it in memory (an
  // empty axis divides into any number of parts).
  constexpr std::int64_t kMaxSplits = 65536;
  if (n > kMaxSplits)
    diags.push_back(type_error(op, fmt::format("num_splits {} is more than tf supports ({}): the "
                                               "result would be a tuple of that many tensors",
                                               n, kMaxSplits)));
  if (!diags.empty()) return diags;
  const ShapeDim& extent = x->shape[*a];
  if (extent.is_static() && extent.value() % n != 0)
    diags.push_back(type_error(op, fmt::format("axis {} extent {} is not divisible by "
                                               "num_splits {}",
                                               *a, extent.value(), n)));
  if (shard_facts(*x).splits(*a))
    diags.push_back(type_error(op, fmt::format("axis {} is already Split across the mesh", *a)));
  if (!diags.empty()) return diags;
  Result<ShapeDim> part = combine_dims(op, DimOpKind::FloorDiv, extent, ShapeDim(n));
  TF_TRY(part);
  std::vector<ShapeDim> shape = x->shape;
  shape[*a] = *part;
  std::optional<LayoutBase> layout = fresh_layout({x}, shape);
  Result<IRType> field = tensor_result(op, shape, x->dtype, layout, x->storage);
  if (!field.ok()) return field;
  Result<TupleTypeRef> parts = TupleType::make(std::vector<IRType>(n, *field));
  TF_TRY(parts);
  return IRType(*parts);
}

Result<IRType> infer_concat_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const std::vector<const TensorType*> ts = variadic_inputs(op, args, diags);
  if (!diags.empty()) return diags;
  const TensorType& first = *ts[0];
  const std::int64_t axis = int_attr(attrs[0]);
  const std::optional<int> a = normalize_axis(axis, first.rank());
  if (!a) return axis_error(op, "axis", axis, first.rank());
  ShapeDim sum = first.shape[*a];
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const TensorType& t = *ts[i];
    if (t.rank() != first.rank()) {
      diags.push_back(type_error(
          op, fmt::format("input {} has rank {}, input 0 has rank {}", i, t.rank(), first.rank())));
      continue;
    }
    if (t.dtype != first.dtype)
      diags.push_back(type_error(op, fmt::format("input {} has dtype {}, input 0 has {}", i,
                                                 t.dtype.name(), first.dtype.name())));
    for (int k = 0; k < t.rank(); ++k)
      if (k != *a && !(t.shape[k] == first.shape[k]))
        diags.push_back(
            type_error(op, fmt::format("input {} has extent {} on axis {}, input 0 "
                                       "has {}",
                                       i, to_string(t.shape[k]), k, to_string(first.shape[k]))));
    if (shard_facts(t).splits(*a))
      diags.push_back(
          type_error(op, fmt::format("input {} is Split on the concat axis {}", i, *a)));
    if (i == 0 || !diags.empty()) continue;
    Result<ShapeDim> s = combine_dims(op, DimOpKind::Add, sum, t.shape[*a]);
    TF_TRY(s);
    sum = *s;
    // Symbolic extents add up to one term per input: stop before the chain outgrows what a
    // TensorType holds (thousands of inputs made it deep enough to overflow the stack).
    if (!sum.is_static() && expr_tree_exceeds(sum.expr(), TensorType::kMaxExtentTerms))
      return type_error(op, fmt::format("the extents along axis {} add up to an expression of more "
                                        "than {} terms (a limit of tf)",
                                        *a, TensorType::kMaxExtentTerms));
  }
  Result<std::optional<StorageKind>> storage = anchor_storages(op, ts);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> shape = first.shape;
  shape[*a] = sum;
  std::optional<LayoutBase> layout = fresh_layout(ts, shape);
  return tensor_result(op, std::move(shape), first.dtype, std::move(layout), *storage);
}

Result<IRType> infer_stack_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const std::vector<const TensorType*> ts = variadic_inputs(op, args, diags);
  if (!diags.empty()) return diags;
  const TensorType& first = *ts[0];
  for (std::size_t i = 1; i < ts.size(); ++i) {
    if (!(ts[i]->shape == first.shape))
      diags.push_back(
          type_error(op, fmt::format("input {} has shape {}, input 0 has {}", i,
                                     shape_text(ts[i]->shape), shape_text(first.shape))));
    if (ts[i]->dtype != first.dtype)
      diags.push_back(type_error(op, fmt::format("input {} has dtype {}, input 0 has {}", i,
                                                 ts[i]->dtype.name(), first.dtype.name())));
  }
  const std::int64_t axis = int_attr(attrs[0]);
  const std::optional<int> a = normalize_axis(axis, first.rank() + 1);
  if (!a) diags.push_back(axis_error(op, "axis", axis, first.rank() + 1));
  Result<std::optional<StorageKind>> storage = anchor_storages(op, ts);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> shape = first.shape;
  shape.insert(shape.begin() + *a, ShapeDim(ts.size()));
  std::optional<LayoutBase> layout = fresh_layout(ts, shape);
  return tensor_result(op, std::move(shape), first.dtype, std::move(layout), *storage);
}

Result<IRType> infer_repeat_interleave_type(Op op, const std::vector<Expr>& args,
                                            const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const std::int64_t repeats = int_attr(attrs[0]), axis = int_attr(attrs[1]);
  const std::optional<int> a = normalize_axis(axis, x->rank());
  if (!a) diags.push_back(axis_error(op, "axis", axis, x->rank()));
  if (repeats < 0)
    diags.push_back(type_error(op, fmt::format("repeats must be >= 0, got {}", repeats)));
  const ShardFacts shard = shard_facts(*x);
  if (shard.split_count > 0 || !shard.partials.empty())
    diags.push_back(type_error(op,
                               "x is sharded (a Split or Partial layout); repeat_interleave "
                               "takes an unsharded or replicated value"));
  if (!diags.empty()) return diags;
  Result<ShapeDim> extent = combine_dims(op, DimOpKind::Mul, x->shape[*a], ShapeDim(repeats));
  TF_TRY(extent);
  std::vector<ShapeDim> shape = x->shape;
  shape[*a] = *extent;
  return tensor_result(op, std::move(shape), x->dtype, std::nullopt, x->storage);
}

}  // namespace tf::hir
