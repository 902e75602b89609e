// hir.nn.Conv2D (rules in nn_ops.h).
#include <fmt/format.h>

#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/hir/broadcast.h"
#include "ir/hir/contraction_layout.h"
#include "ir/hir/nn_typeinfer.h"
#include "ir/hir/partial_rules.h"
#include "ir/hir/shard_axes.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

std::string tuple_text(const std::vector<std::int64_t>& v) {
  std::vector<ShapeDim> dims(v.begin(), v.end());
  return shape_text(dims);
}

// The (a, b) pair of attribute `name`, or a diagnostic: two values, each positive (or >= 0).
std::optional<std::pair<std::int64_t, std::int64_t>> pair_attr(Op op, std::string_view name,
                                                               const AttrValue& v, bool positive,
                                                               std::vector<Diagnostic>& diags) {
  const auto* t = std::get_if<std::vector<std::int64_t>>(&v);
  TF_CHECK(t != nullptr, "{}: {} is not an int tuple", op.name(), name);
  bool ok = t->size() == 2;
  for (std::int64_t x : *t) ok = ok && (positive ? x > 0 : x >= 0);
  if (ok) return std::pair{(*t)[0], (*t)[1]};
  diags.push_back(
      type_error(op, fmt::format("expected {} of two {}, found {}", name,
                                 positive ? "positive ints" : "ints >= 0", tuple_text(*t))));
  return std::nullopt;
}

// (in + 2p - d(k-1) - 1) // s + 1, static when `in` is, else a dim expression. A term outside
// int64 (huge padding, dilation or kernel extents) is a diagnostic, never a wrapped value.
Result<ShapeDim> out_extent(const ShapeDim& in, std::int64_t k, std::int64_t s, std::int64_t p,
                            std::int64_t d) {
  std::int64_t reach = 0, pad = 0;
  if (__builtin_mul_overflow(d, k - 1, &reach) || __builtin_add_overflow(reach, 1, &reach) ||
      __builtin_mul_overflow(p, 2, &pad))
    return category_error(DiagCategory::Type,
                          fmt::format("the receptive field or the padding exceeds int64 (kernel "
                                      "{}, dilation {}, padding {})",
                                      k, d, p));
  if (in.is_static()) {
    const __int128 span = static_cast<__int128>(in.value()) + pad - reach;
    __int128 out = span / s;  // s > 0 (pair_attr): floor division rounds toward -infinity
    if (span % s != 0 && span < 0) out -= 1;
    out += 1;
    if (out < std::numeric_limits<std::int64_t>::min() || out > std::numeric_limits<std::int64_t>::max())
      return category_error(DiagCategory::Type,
                            fmt::format("the output extent ({} + {} - {}) // {} + 1 exceeds int64",
                                        in.value(), pad, reach, s));
    return ShapeDim(static_cast<std::int64_t>(out));
  }
  Result<Expr> e = simplify_dim(DimOpKind::Add, {in.expr(), dim_const(pad)});
  if (e.ok()) e = simplify_dim(DimOpKind::Sub, {*e, dim_const(reach)});
  if (e.ok()) e = simplify_dim(DimOpKind::FloorDiv, {*e, dim_const(s)});
  if (e.ok()) e = simplify_dim(DimOpKind::Add, {*e, dim_const(1)});
  TF_TRY(e);
  return ShapeDim::from_expr(*e);
}

// With groups > 1 a Split of the output channels must not cut a group: each participant holds a
// whole number of groups, or a whole group holds a whole number of participants' channels.
std::vector<Diagnostic> group_aligned(Op op, std::string_view name, const TensorType& t,
                                      std::int64_t channels, std::int64_t groups) {
  const ShardLayout* sl = shard_layout_of(t);
  if (sl == nullptr || groups == 1) return {};
  Result<std::vector<SplitAxis>> splits = split_axes(*sl, t.shape);
  if (!splits.ok()) return {};  // reported by contraction_layout
  std::int64_t shards = 1;
  for (const SplitAxis& s : *splits) {
    if (s.tensor_axis != 0) continue;
    if (!s.mesh_extent.is_int()) return {};
    shards *= s.mesh_extent.value();
  }
  const std::int64_t held = channels / shards, per_group = channels / groups;
  if (shards == 1 || (held > 0 && (per_group % held == 0 || held % per_group == 0))) return {};
  return {type_error(op, fmt::format("{} splits {} output channels {} ways across {} groups of "
                                     "{}: expected a split aligned to the group size, since a "
                                     "participant would straddle a group boundary",
                                     name, channels, shards, groups, per_group))};
}

}  // namespace

Result<IRType> infer_conv2d_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 3 && attrs.size() == 4, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const TensorType* w = tensor_operand(op, args, 1, diags);
  const TensorType* b = tensor_operand(op, args, 2, diags);
  if (x == nullptr || w == nullptr || b == nullptr) return diags;
  for (auto [t, rank, what] : {std::tuple{x, 4, "a rank-4 input (N, C, H, W)"},
                               {w, 4, "a rank-4 weight (O, C/groups, kh, kw)"},
                               {b, 1, "a rank-1 bias (O,)"}})
    if (t->rank() != rank)
      diags.push_back(
          type_error(op, fmt::format("expected {}, found shape {}", what, shape_text(t->shape))));
  for (auto [name, t] : {std::pair{"weight", w}, {"bias", b}})
    if (t->dtype != x->dtype)
      diags.push_back(type_error(op, fmt::format("expected {} of the input dtype {}, found {}",
                                                 name, x->dtype.name(), t->dtype.name())));
  auto stride = pair_attr(op, "stride", attrs[0], true, diags);
  auto padding = pair_attr(op, "padding", attrs[1], false, diags);
  auto dilation = pair_attr(op, "dilation", attrs[2], true, diags);
  const std::int64_t* groups = std::get_if<std::int64_t>(&attrs[3]);
  TF_CHECK(groups != nullptr, "{}: groups is not an int", op.name());
  if (*groups <= 0)
    diags.push_back(type_error(op, fmt::format("expected groups > 0, found {}", *groups)));
  if (!diags.empty()) return diags;
  const ShapeDim &c = x->shape[1], &o = w->shape[0], &kh = w->shape[2], &kw = w->shape[3];
  if (!kh.is_static() || !kw.is_static())
    return type_error(op, fmt::format("expected static kernel extents, found ({}, {})",
                                      to_string(kh), to_string(kw)));
  if (kh.value() <= 0 || kw.value() <= 0)
    diags.push_back(type_error(op, fmt::format("expected positive kernel extents, found ({}, {})",
                                               kh.value(), kw.value())));
  std::optional<ShapeDim> per_group_c = c;
  if (*groups != 1) {
    per_group_c.reset();
    for (auto [name, e] : {std::pair{"input channels", &c}, {"output channels", &o}}) {
      if (!e->is_static())
        diags.push_back(type_error(op, fmt::format("expected static {} for groups {}, found {}",
                                                   name, *groups, to_string(*e))));
      else if (e->value() % *groups != 0)
        diags.push_back(type_error(op, fmt::format("expected {} divisible by groups {}, found {}",
                                                   name, *groups, e->value())));
    }
    if (c.is_static()) per_group_c = ShapeDim(c.value() / *groups);
  }
  if (per_group_c && !(w->shape[1] == *per_group_c))
    diags.push_back(type_error(
        op, fmt::format("expected weight input-channel extent {} (input channels / groups), "
                        "found {}",
                        to_string(*per_group_c), to_string(w->shape[1]))));
  if (!(b->shape[0] == o))
    diags.push_back(type_error(op, fmt::format("expected bias extent {} (output channels), "
                                               "found {}",
                                               to_string(o), to_string(b->shape[0]))));
  std::vector<ShapeDim> out{x->shape[0], o};
  for (auto [name, axis, k, s, p, d] :
       {std::tuple{"height", 2, kh.value(), stride->first, padding->first, dilation->first},
        {"width", 3, kw.value(), stride->second, padding->second, dilation->second}}) {
    Result<ShapeDim> e = out_extent(x->shape[static_cast<std::size_t>(axis)], k, s, p, d);
    if (!e.ok()) {
      diags.push_back(
          type_error(op, fmt::format("output {}: {}", name, e.diagnostics()[0].message)));
      continue;
    }
    if (e->is_static() && e->value() <= 0)
      diags.push_back(
          type_error(op, fmt::format("expected a positive output {}, found {}", name, e->value())));
    out.push_back(*e);
  }
  for (auto [name, t] : {std::pair{"input", x}, {"weight", w}, {"bias", b}})
    append(diags, reject_partials(op, name, *t, kNoReductions));
  if (o.is_static() && o.value() > 0 && *groups > 0 && o.value() % *groups == 0) {
    append(diags, group_aligned(op, "weight", *w, o.value(), *groups));
    append(diags, group_aligned(op, "bias", *b, o.value(), *groups));
  }
  if (!diags.empty()) return diags;
  const AxisRoles input{"input", x, {0, kUnmodelled, kUnmodelled, kUnmodelled}};
  const AxisRoles weight{"weight", w, {1, kUnmodelled, kUnmodelled, kUnmodelled}};
  const AxisRoles bias{"bias", b, {1}};
  // A fresh layout only when an operand has one (the rule of every new value, as MatMul).
  const bool fresh = x->layout.has_value() || w->layout.has_value() || b->layout.has_value();
  Result<std::optional<LayoutBase>> layout =
      contraction_layout(op, {input, weight, bias}, out, fresh);
  TF_TRY(layout);
  Result<TensorTypeRef> t = TensorType::make(std::move(out), x->dtype, *layout, x->storage);
  TF_TRY(t);
  return IRType(*t);
}

}  // namespace tf::hir
