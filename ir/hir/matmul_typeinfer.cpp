// hir.nn.MatMul (rules in nn_ops.h).
#include <fmt/format.h>

#include <optional>
#include <string>
#include <utility>

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

// "mesh axes (0, 1)" / "no mesh axis"; layer > 0 spelled "1@2".
std::string mesh_axes_text(const std::vector<std::pair<int, int>>& axes) {
  if (axes.empty()) return "no mesh axis";
  std::string s;
  for (auto [layer, p] : axes)
    s +=
        (s.empty() ? "" : ", ") + (layer == 0 ? std::to_string(p) : fmt::format("{}@{}", p, layer));
  return fmt::format("mesh axes ({})", s);
}

// The (layer, mesh axis) pairs on which operand t splits tensor axis `axis`.
Result<std::vector<std::pair<int, int>>> axis_splits(Op op, std::string_view name,
                                                     const TensorType& t, int axis) {
  std::vector<std::pair<int, int>> out;
  const ShardLayout* sl = shard_layout_of(t);
  if (sl == nullptr) return out;
  Result<std::vector<SplitAxis>> splits = split_axes(*sl, t.shape);
  if (!splits.ok())
    return type_error(op, fmt::format("{}: {}", name, splits.diagnostics()[0].message));
  for (const SplitAxis& s : *splits)
    if (s.tensor_axis == axis) out.emplace_back(s.layer, s.mesh_axis);
  return out;
}

}  // namespace

Result<IRType> infer_matmul_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* a = tensor_operand(op, args, 0, diags);
  const TensorType* b = tensor_operand(op, args, 1, diags);
  if (a == nullptr || b == nullptr) return diags;
  if (a->dtype != b->dtype)
    diags.push_back(type_error(op, fmt::format("dtype mismatch: lhs is {}, rhs is {}; there is "
                                               "no implicit promotion (use cast)",
                                               a->dtype.name(), b->dtype.name())));
  else if (!is_numeric(a->dtype))
    diags.push_back(
        type_error(op, fmt::format("expected numeric operands, found {}", a->dtype.name())));
  for (auto [name, t] : {std::pair{"lhs", a}, {"rhs", b}})
    if (t->rank() < 2)
      diags.push_back(type_error(
          op, fmt::format("expected {} of rank >= 2, found shape {}", name, shape_text(t->shape))));
  if (a->rank() < 2 || b->rank() < 2) return diags;
  const int ra = a->rank(), rb = b->rank();
  const std::vector<ShapeDim> batch_a(a->shape.begin(), a->shape.end() - 2);
  const std::vector<ShapeDim> batch_b(b->shape.begin(), b->shape.end() - 2);
  Result<std::vector<ShapeDim>> batch = broadcast_shapes(batch_a, batch_b);
  if (!batch.ok()) diags.push_back(type_error(op, "batch " + batch.diagnostics()[0].message));
  const ShapeDim& ka = a->shape[static_cast<std::size_t>(ra - 1)];
  const ShapeDim& kb = b->shape[static_cast<std::size_t>(rb - 2)];
  if (!(ka == kb))
    diags.push_back(type_error(op, fmt::format("expected equal contraction extents, found lhs "
                                               "K = {} and rhs K = {}",
                                               to_string(ka), to_string(kb))));
  Result<std::vector<std::pair<int, int>>> ksa = axis_splits(op, "lhs", *a, ra - 1);
  Result<std::vector<std::pair<int, int>>> ksb = axis_splits(op, "rhs", *b, rb - 2);
  if (!ksa.ok()) append(diags, ksa.diagnostics());
  if (!ksb.ok()) append(diags, ksb.diagnostics());
  if (ksa.ok() && ksb.ok() && *ksa != *ksb)
    diags.push_back(type_error(
        op, fmt::format("expected K split on the same mesh axes in lhs and rhs, found {} and {}",
                        mesh_axes_text(*ksa), mesh_axes_text(*ksb))));
  append(diags, check_multilinear_partials(op, {{"lhs", a}, {"rhs", b}}, {.allowed = kSumOnly}));
  Result<std::optional<StorageKind>> storage = anchor_storage(op, *a, *b);
  if (!storage.ok()) append(diags, storage.diagnostics());
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> out = *batch;
  out.push_back(a->shape[static_cast<std::size_t>(ra - 2)]);
  out.push_back(b->shape[static_cast<std::size_t>(rb - 1)]);
  const int ro = static_cast<int>(out.size());
  AxisRoles lhs{"lhs", a, {}}, rhs{"rhs", b, {}};
  for (int i = 0; i < ra - 2; ++i) lhs.role.push_back(i + ro - ra);
  lhs.role.insert(lhs.role.end(), {ro - 2, kContracted});
  for (int i = 0; i < rb - 2; ++i) rhs.role.push_back(i + ro - rb);
  rhs.role.insert(rhs.role.end(), {kContracted, ro - 1});
  Result<std::optional<LayoutBase>> layout =
      contraction_layout(op, {lhs, rhs}, out, a->layout || b->layout);
  TF_TRY(layout);
  Result<TensorTypeRef> t = TensorType::make(std::move(out), a->dtype, *layout, *storage);
  TF_TRY(t);
  return IRType(*t);
}

}  // namespace tf::hir
