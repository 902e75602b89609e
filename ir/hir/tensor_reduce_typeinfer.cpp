// The typeinfer rules of ArgMax, Reduce, TopK and Quant (tensor_ops.h).
#include <fmt/format.h>

#include "ir/core/reduce_kind.h"
#include "ir/hir/tensor_typeinfer.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

Result<IRType> tensor_result(Op op, std::vector<ShapeDim> shape, DType dtype,
                             std::optional<LayoutBase> layout, std::optional<StorageKind> s) {
  Result<TensorTypeRef> t = make_result_tensor(op, std::move(shape), dtype, std::move(layout), s);
  TF_TRY(t);
  return IRType(*t);
}

// A tuple of two tensor results, or the diagnostics of either.
Result<IRType> pair_result(const Result<IRType>& a, const Result<IRType>& b) {
  TF_TRY(a);
  TF_TRY(b);
  Result<TupleTypeRef> pair = TupleType::make({*a, *b});
  TF_TRY(pair);
  return IRType(*pair);
}

// Reduce: x's Partial attrs commute with `kind` (sum / mean over sum, max over max).
bool partials_commute(ReduceKind kind, const std::vector<std::string>& partials) {
  for (const std::string& p : partials) {
    const bool ok = ((kind == ReduceKind::Sum || kind == ReduceKind::Mean) && p == "sum") ||
                    (kind == ReduceKind::Max && p == "max");
    if (!ok) return false;
  }
  return true;
}


}  // namespace

Result<IRType> infer_arg_max_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  if (x->rank() == 0) return type_error(op, "x must have rank >= 1, got rank 0");
  const std::int64_t axis = int_attr(attrs[0]);
  const std::optional<int> a = normalize_axis(axis, x->rank());
  if (!a) diags.push_back(axis_error(op, "axis", axis, x->rank()));
  reject_partial(op, "x", *x, diags);
  if (a && shard_facts(*x).splits(*a))
    diags.push_back(type_error(op, fmt::format("axis {} is Split across the mesh", *a)));
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> shape = x->shape;
  shape.erase(shape.begin() + *a);
  return tensor_result(op, shape, DType::i64(), fresh_layout({x}, shape), x->storage);
}

Result<IRType> infer_reduce_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 3, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const ReduceKind kind = enum_value<ReduceKind>(attrs[2]);
  if (x == nullptr) return diags;
  const int r = x->rank();
  std::vector<bool> reduced(r, false);
  for (std::int64_t axis : int_tuple_attr(attrs[0])) {
    const std::optional<int> a = normalize_axis(axis, r);
    if (!a)
      diags.push_back(axis_error(op, "axis", axis, r));
    else if (reduced[*a])
      diags.push_back(type_error(op, fmt::format("axes names axis {} twice", *a)));
    else
      reduced[*a] = true;
  }
  const std::vector<std::string> partials = shard_facts(*x).partials;
  if (!partials_commute(kind, partials))
    diags.push_back(type_error(op, fmt::format("kind {} does not commute with x's Partial({}); "
                                               "only sum / mean over Partial(sum) and max over "
                                               "Partial(max) do",
                                               reduce_kind_name(kind), partials.front())));
  if (!diags.empty()) return diags;
  const bool keepdim = bool_attr(attrs[1]);
  std::vector<ShapeDim> shape;
  for (int a = 0; a < r; ++a) {
    if (!reduced[a])
      shape.push_back(x->shape[a]);
    else if (keepdim)
      shape.emplace_back(1);
  }
  return tensor_result(op, shape, x->dtype, fresh_layout({x}, shape), x->storage);
}

Result<IRType> infer_top_k_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 4, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  if (x->rank() == 0) return type_error(op, "x must have rank >= 1, got rank 0");
  const ShapeDim k = dim_attr(attrs[0]);
  const std::int64_t axis = int_attr(attrs[1]);
  const std::optional<int> a = normalize_axis(axis, x->rank());
  if (!a) diags.push_back(axis_error(op, "axis", axis, x->rank()));
  if (k.is_static() && k.value() < 0)
    diags.push_back(type_error(op, fmt::format("k must be >= 0, got {}", k.value())));
  if (a && x->shape[*a].is_static()) {
    const std::int64_t len = x->shape[*a].value();
    if (k.is_static() && k.value() > len)
      diags.push_back(
          type_error(op, fmt::format("k {} exceeds the extent {} of axis {}", k.value(), len, *a)));
    else if (const DimVar* v = k.dim_var(); v && v->hi - 1 > len)
      diags.push_back(type_error(op, fmt::format("k {} may reach {}, beyond the extent {} of "
                                                 "axis {}",
                                                 v->name, v->hi - 1, len, *a)));
  }
  reject_partial(op, "x", *x, diags);
  if (a && shard_facts(*x).splits(*a))
    diags.push_back(type_error(op, fmt::format("axis {} is Split across the mesh", *a)));
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> shape = x->shape;
  shape[*a] = k;
  std::optional<LayoutBase> layout = fresh_layout({x}, shape);
  return pair_result(tensor_result(op, shape, x->dtype, layout, x->storage),
                     tensor_result(op, shape, DType::i64(), layout, x->storage));
}

Result<IRType> infer_quant_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 3, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  // attrs[0], scheme, is per_token_group: its space (kQuantSchemeSpace) admits no other.
  const std::int64_t group = int_attr(attrs[1]);
  const DType target = std::get<DType>(attrs[2]);
  if (group <= 0)
    diags.push_back(type_error(op, fmt::format("group must be a positive int, got {}", group)));
  if (target != DType::fp8e4m3())
    diags.push_back(
        type_error(op, fmt::format("target_dtype must be fp8e4m3, got {}", target.name())));
  if (x == nullptr) return diags;
  if (x->rank() == 0) diags.push_back(type_error(op, "x must have rank >= 1, got rank 0"));
  const ShapeDim last = x->rank() > 0 ? x->shape.back() : ShapeDim(0);
  if (x->rank() > 0 && group > 0 && last.is_static() && last.value() % group != 0)
    diags.push_back(type_error(
        op, fmt::format("the last extent {} is not divisible by group {}", last.value(), group)));
  reject_partial(op, "x", *x, diags);
  if (!diags.empty()) return diags;
  Result<ShapeDim> groups = combine_dims(op, DimOpKind::FloorDiv, last, ShapeDim(group));
  TF_TRY(groups);
  std::vector<ShapeDim> scale_shape = x->shape;
  scale_shape.back() = *groups;
  return pair_result(
      tensor_result(op, x->shape, DType::fp8e4m3(), fresh_layout({x}, x->shape), x->storage),
      tensor_result(op, scale_shape, DType::f32(), fresh_layout({x}, scale_shape), x->storage));
}

}  // namespace tf::hir
