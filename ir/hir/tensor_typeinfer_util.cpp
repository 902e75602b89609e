#include "ir/hir/tensor_typeinfer_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/layout/shard_layout.h"
#include "ir/type/type_print.h"

namespace tf::hir {

std::int64_t int_attr(const AttrValue& v) {
  const std::int64_t* i = std::get_if<std::int64_t>(&v);
  TF_CHECK(i != nullptr, "an int attribute holds a {}", attr_value_kind_name(v));
  return *i;
}

bool bool_attr(const AttrValue& v) {
  const bool* b = std::get_if<bool>(&v);
  TF_CHECK(b != nullptr, "a bool attribute holds a {}", attr_value_kind_name(v));
  return *b;
}

const std::vector<std::int64_t>& int_tuple_attr(const AttrValue& v) {
  const auto* t = std::get_if<std::vector<std::int64_t>>(&v);
  TF_CHECK(t != nullptr, "an int tuple attribute holds a {}", attr_value_kind_name(v));
  return *t;
}

ShapeDim dim_attr(const AttrValue& v) {
  if (const std::int64_t* i = std::get_if<std::int64_t>(&v)) return ShapeDim(*i);
  const ShapeDim* d = std::get_if<ShapeDim>(&v);
  TF_CHECK(d != nullptr, "a dim attribute holds a {}", attr_value_kind_name(v));
  return *d;
}

std::vector<ShapeDim> dim_tuple_attr(const AttrValue& v) {
  if (const auto* ints = std::get_if<std::vector<std::int64_t>>(&v))
    return std::vector<ShapeDim>(ints->begin(), ints->end());
  const auto* dims = std::get_if<std::vector<ShapeDim>>(&v);
  TF_CHECK(dims != nullptr, "a dim tuple attribute holds a {}", attr_value_kind_name(v));
  return *dims;
}

std::optional<int> normalize_axis(std::int64_t axis, int rank) {
  if (axis < -rank || axis >= rank) return std::nullopt;
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}

Diagnostic axis_error(Op op, std::string_view what, std::int64_t axis, int rank) {
  if (rank == 0)
    return type_error(op, fmt::format("{} {} is out of range for rank 0 (a rank-0 operand has "
                                      "no axis)",
                                      what, axis));
  return type_error(op, fmt::format("{} {} is out of range for rank {} (expected {} to {})", what,
                                    axis, rank, -rank, rank - 1));
}

Expr dim_expr(const ShapeDim& d) {
  if (d.is_static()) return Expr(dim_const(d.value()));
  return d.expr();
}

Result<ShapeDim> combine_dims(Op op, DimOpKind kind, const ShapeDim& a, const ShapeDim& b) {
  // Two static extents fold, or their arithmetic leaves int64: an extent no tensor can have is
  // an error here, not an unfoldable expression that a later stage would trip over.
  // (A literal zero divisor is kept for the verifier: TYPES.4.FOLD.zero-divisor-flagged-by-verify.)
  const bool can_only_overflow =
      kind == DimOpKind::Add || kind == DimOpKind::Sub || kind == DimOpKind::Mul;
  if (can_only_overflow && a.is_static() && b.is_static()) {
    Result<std::int64_t> folded = apply_dim_op(kind, a.value(), b.value());
    if (!folded.ok())
      return type_error(op, fmt::format("an extent leaves int64: {}",
                                        folded.diagnostics()[0].message));
  }
  Result<Expr> e = simplify_dim(kind, {dim_expr(a), dim_expr(b)});
  TF_TRY(e);
  return ShapeDim::from_expr(*e);
}

bool all_static(const std::vector<ShapeDim>& shape) {
  return std::all_of(shape.begin(), shape.end(), [](const ShapeDim& d) { return d.is_static(); });
}

std::optional<std::int64_t> static_element_count(const std::vector<ShapeDim>& shape) {
  std::int64_t n = 1;
  for (const ShapeDim& d : shape) {
    if (!d.is_static()) return std::nullopt;
    if (__builtin_mul_overflow(n, d.value(), &n)) return std::nullopt;
  }
  return n;
}

Result<TensorTypeRef> make_result_tensor(Op op, std::vector<ShapeDim> shape, DType dtype,
                                         std::optional<LayoutBase> layout,
                                         std::optional<StorageKind> storage) {
  Result<TensorTypeRef> t = TensorType::make(std::move(shape), dtype, std::move(layout), storage);
  if (t.ok()) return t;
  std::vector<Diagnostic> diags = t.diagnostics();
  for (Diagnostic& d : diags) d.message = fmt::format("{}: {}", op.name(), d.message);
  return diags;
}

std::optional<LayoutBase> c_order_layout(const std::vector<ShapeDim>& shape) {
  if (shape.empty()) return std::nullopt;
  std::vector<IntTuple> strides(shape.size(), IntTuple(1));
  std::int64_t running = 1;
  bool symbolic = false;  // a later extent was symbolic: earlier strides are not static
  for (std::size_t k = shape.size(); k-- > 0;) {
    if (symbolic) return std::nullopt;
    strides[k] = IntTuple(running);
    if (!shape[k].is_static()) {
      symbolic = k > 0;
      continue;
    }
    if (__builtin_mul_overflow(running, shape[k].value(), &running)) return std::nullopt;
  }
  Result<Layout> l = Layout::make(shape_as_int_tuple(shape), IntTuple::tuple(strides));
  if (!l.ok()) return std::nullopt;
  return LayoutBase(*l);
}

std::optional<LayoutBase> fresh_layout(const std::vector<const TensorType*>& sources,
                                       const std::vector<ShapeDim>& shape) {
  bool any = false;
  for (const TensorType* s : sources) {
    if (!s->layout || s->rank() == 0) continue;  // rank 0 always holds EMPTY_LAYOUT
    if (s->layout->is_shard()) return std::nullopt;
    any = true;
  }
  return any ? c_order_layout(shape) : std::nullopt;
}

Result<std::optional<StorageKind>> anchor_storages(Op op,
                                                   const std::vector<const TensorType*>& sources) {
  std::optional<StorageKind> concrete;
  bool umat = false;
  for (const TensorType* s : sources) {
    umat = umat || s->storage == StorageKind::Umat;
    if (!is_concrete_storage(s->storage)) continue;
    if (concrete && *concrete != *s->storage)
      return type_error(op, fmt::format("the operands live in different storages {} and {}",
                                        to_string(*concrete), to_string(*s->storage)));
    concrete = s->storage;
  }
  if (concrete) return concrete;
  if (umat) return std::optional<StorageKind>(StorageKind::Umat);
  return std::optional<StorageKind>();
}

ShardFacts shard_facts(const TensorType& t) {
  ShardFacts f;
  f.split_axis.assign(t.shape.size(), false);
  if (!t.layout) return f;
  const LayoutBase* l = &*t.layout;
  while (const ShardLayout* s = l->as_shard()) {
    f.sharded = true;
    for (const ShardAttr& a : s->attrs()) {
      if (a.is_partial()) f.partials.push_back(a.reduction());
      if (!a.is_split()) continue;
      ++f.split_count;
      if (s->domain_rank() == t.rank())
        f.split_axis[a.axis()] = true;
      else
        f.splits_mapped = false;
    }
    l = &s->layout();
  }
  return f;
}

void reject_partial(Op op, std::string_view operand, const TensorType& t,
                    std::vector<Diagnostic>& diags) {
  const ShardFacts f = shard_facts(t);
  if (f.partials.empty()) return;
  diags.push_back(type_error(op, fmt::format("{} has a Partial({}) layout; {} accepts no pending "
                                             "reduction (reshard it first)",
                                             operand, f.partials.front(), op.name())));
}

bool is_index_dtype(DType d) {
  return d == DType::i32() || d == DType::i64();
}

}  // namespace tf::hir
