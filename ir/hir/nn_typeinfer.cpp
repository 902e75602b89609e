// The pointwise hir.nn ops, the normalisations and RoPE (rules in nn_ops.h).
#include "ir/hir/nn_typeinfer.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "ir/hir/broadcast.h"
#include "ir/hir/partial_rules.h"
#include "ir/hir/shard_axes.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

// `axis` normalised into [0, rank), or the shared axis diagnostic.
Result<int> axis_attr(Op op, const AttrValue& v, int rank) {
  if (std::optional<int> a = normalize_axis(int_attr(v), rank)) return *a;
  return axis_error(op, "axis", int_attr(v), rank);
}

Diagnostic needs_float(Op op, std::string_view name, DType d) {
  return type_error(op, fmt::format("expected a float {}, found {}", name, d.name()));
}

// A one-operand op whose result is exactly x's type: x's dtype must be float (else numeric),
// and only the `commutes` Partials may reach it.
Result<IRType> pointwise(Op op, const std::vector<Expr>& args, bool float_only,
                         ReductionSet commutes) {
  TF_CHECK(args.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  if (float_only && !x->dtype.is_float()) diags.push_back(needs_float(op, "x", x->dtype));
  if (!float_only && !is_numeric(x->dtype))
    diags.push_back(type_error(op, fmt::format("expected a numeric x, found {}", x->dtype.name())));
  append(diags, reject_partials(op, "x", *x, commutes));
  if (!diags.empty()) return diags;
  return args[0]->type();
}

// Diagnostics for every Split of operand `name` (type t) on a tensor axis >= first.
std::vector<Diagnostic> normalised_splits(Op op, std::string_view name, const TensorType& t,
                                          int first) {
  const ShardLayout* sl = shard_layout_of(t);
  if (sl == nullptr) return {};
  Result<std::vector<SplitAxis>> splits = split_axes(*sl, t.shape);
  if (!splits.ok())
    return {type_error(op, fmt::format("{}: {}", name, splits.diagnostics()[0].message))};
  std::vector<Diagnostic> diags;
  for (const SplitAxis& s : *splits)
    if (s.tensor_axis >= first)
      diags.push_back(type_error(
          op, fmt::format("{} axis {} is normalised but split on mesh axis {}: expected no "
                          "Split on axes >= {}; reshard {} first",
                          name, s.tensor_axis, s.mesh_axis, first, name)));
  return diags;
}

}  // namespace

Result<IRType> infer_relu_type(Op op, const std::vector<Expr>& args) {
  return pointwise(op, args, false, kMaxMin);
}

Result<IRType> infer_sigmoid_tanh_type(Op op, const std::vector<Expr>& args) {
  return pointwise(op, args, true, kMaxMin);
}

Result<IRType> infer_silu_type(Op op, const std::vector<Expr>& args) {
  return pointwise(op, args, true, kNoReductions);
}

Result<IRType> infer_gelu_type(Op op, const std::vector<Expr>& args,
                               const std::vector<AttrValue>& attrs) {
  TF_CHECK(attrs.size() == 1, "{}: malformed Call", op.name());
  // approximate is tanh or none: its space (kGeluApproximationSpace) admits no other mode.
  return pointwise(op, args, true, kNoReductions);
}

Result<IRType> infer_softmax_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs) {
  TF_CHECK(attrs.size() == 1, "{}: malformed Call", op.name());
  Result<IRType> type = pointwise(op, args, true, kNoReductions);
  std::vector<Diagnostic> diags = type.diagnostics();
  if (const TensorType* x = args[0]->type()->as<TensorType>()) {
    Result<int> axis = axis_attr(op, attrs[0], x->rank());
    if (!axis.ok()) diags.insert(diags.begin(), axis.diagnostics()[0]);
  }
  if (!diags.empty()) return diags;
  return type;
}

Result<IRType> infer_layer_norm_type(Op op, const std::vector<Expr>& args,
                                     const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 3 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const TensorType* w = tensor_operand(op, args, 1, diags);
  const TensorType* b = tensor_operand(op, args, 2, diags);
  if (x == nullptr || w == nullptr || b == nullptr) return diags;
  Result<int> axis = axis_attr(op, attrs[0], x->rank());
  TF_TRY(axis);
  const std::vector<ShapeDim> normalised(x->shape.begin() + *axis, x->shape.end());
  for (auto [name, t] : {std::pair{"weight", w}, {"bias", b}})
    if (t->shape != normalised)
      diags.push_back(
          type_error(op, fmt::format("expected {} shape {} (x.shape[{}:]), found {}", name,
                                     shape_text(normalised), *axis, shape_text(t->shape))));
  const DType d = x->dtype;
  const bool half = d == DType::f16() || d == DType::bf16();
  if (d != DType::f32() && !half)
    diags.push_back(
        type_error(op, fmt::format("expected x of dtype f32, f16 or bf16, found {}", d.name())));
  if (w->dtype != b->dtype)
    diags.push_back(type_error(op, fmt::format("expected equal weight and bias dtypes, found {} "
                                               "and {}",
                                               w->dtype.name(), b->dtype.name())));
  else if (w->dtype != d && !(half && w->dtype == DType::f32()))
    diags.push_back(
        type_error(op, fmt::format("expected weight and bias of dtype {}{}, found {}", d.name(),
                                   half ? " (x's) or f32" : " (x's)", w->dtype.name())));
  for (auto [name, t] : {std::pair{"x", x}, {"weight", w}, {"bias", b}})
    append(diags, reject_partials(op, name, *t, kNoReductions));
  append(diags, normalised_splits(op, "x", *x, *axis));
  append(diags, normalised_splits(op, "weight", *w, 0));
  append(diags, normalised_splits(op, "bias", *b, 0));
  if (!diags.empty()) return diags;
  return args[0]->type();
}

Result<IRType> infer_rms_norm_type(Op op, const std::vector<Expr>& args,
                                   const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const TensorType* w = tensor_operand(op, args, 1, diags);
  if (x == nullptr || w == nullptr) return diags;
  if (x->rank() < 1) diags.push_back(type_error(op, "expected x of rank >= 1, found rank 0"));
  if (w->rank() != 1)
    diags.push_back(type_error(
        op, fmt::format("expected a rank-1 weight, found shape {}", shape_text(w->shape))));
  if (x->rank() >= 1 && w->rank() == 1 && !(w->shape[0] == x->shape.back()))
    diags.push_back(
        type_error(op, fmt::format("expected weight extent {} (x's last extent), found {}",
                                   to_string(x->shape.back()), to_string(w->shape[0]))));
  if (!x->dtype.is_float()) diags.push_back(needs_float(op, "x", x->dtype));
  if (!w->dtype.is_float()) diags.push_back(needs_float(op, "weight", w->dtype));
  append(diags, reject_partials(op, "x", *x, kNoReductions));
  append(diags, reject_partials(op, "weight", *w, kNoReductions));
  if (!diags.empty()) return diags;
  return args[0]->type();
}

Result<IRType> infer_rope_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 5, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t;
  for (std::size_t i = 0; i < 5; ++i) t.push_back(tensor_operand(op, args, i, diags));
  if (!diags.empty()) return diags;
  const TensorType &q = *t[0], &k = *t[1], &cos = *t[2], &sin = *t[3], &pos = *t[4];
  for (auto [name, x] : {std::pair{"q", &q}, {"k", &k}}) {
    if (x->rank() < 1) {
      diags.push_back(type_error(op, fmt::format("expected {} of rank >= 1, found rank 0", name)));
      continue;
    }
    const ShapeDim& hd = x->shape.back();
    if (hd.is_static() && hd.value() % 2 != 0)
      diags.push_back(type_error(
          op,
          fmt::format("expected an even {} head_dim (last extent), found {}", name, hd.value())));
  }
  if (q.rank() >= 1 && k.rank() >= 1 && q.shape.back().is_static() && k.shape.back().is_static() &&
      q.shape.back().value() != k.shape.back().value())
    diags.push_back(type_error(op, fmt::format("expected equal q and k head_dims, found {} and {}",
                                               q.shape.back().value(), k.shape.back().value())));
  for (auto [name, x] : {std::pair{"q", &q}, {"k", &k}})
    append(diags,
           check_multilinear_partials(op, {{name, x}, {"cos_cache", &cos}, {"sin_cache", &sin}},
                                      MultilinearPartials{.allowed = kSumOnly, .anchor = name}));
  append(diags, reject_partials(op, "pos_ids", pos, kNoReductions));
  // A table's Partial breaks both the q and the k rule; report it once.
  std::vector<Diagnostic> unique;
  for (Diagnostic& d : diags)
    if (std::none_of(unique.begin(), unique.end(),
                     [&](const Diagnostic& u) { return u.message == d.message; }))
      unique.push_back(std::move(d));
  if (!unique.empty()) return unique;
  Result<TupleTypeRef> pair = TupleType::make({args[0]->type(), args[1]->type()});
  TF_TRY(pair);
  return IRType(*pair);
}

}  // namespace tf::hir
