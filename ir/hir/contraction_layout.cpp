#include "ir/hir/contraction_layout.h"

#include <fmt/format.h>

#include <string>

#include "ir/hir/partial_rules.h"
#include "ir/hir/shard_axes.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/layout/shard_canonical.h"

namespace tf::hir {

namespace {

// The result ShardLayout of a contraction whose operands include a Split or a Partial (the
// header comment), or the diagnostics of every operand it cannot be derived from.
Result<LayoutBase> sharded_result_layout(Op op, const std::vector<AxisRoles>& operands,
                                         const std::vector<ShapeDim>& out) {
  std::vector<Diagnostic> diags;
  const ShardLayout* first = nullptr;
  std::string_view first_name;
  std::vector<ShardAttr> attrs;
  auto claim = [&](int p, const ShardAttr& want) {
    ShardAttr& have = attrs[static_cast<std::size_t>(p)];
    if (have.is_broadcast()) {
      have = want;
    } else if (!(have == want)) {
      diags.push_back(type_error(
          op, fmt::format("mesh axis {} would be both {} and {} in the result: expected one role "
                          "per mesh axis; reshard an operand first",
                          p, to_string(have), to_string(want))));
    }
  };
  for (const AxisRoles& o : operands) {
    const ShardLayout* sl = shard_layout_of(*o.type);
    if (sl == nullptr || !splits_or_partials(*sl)) continue;
    if (shard_layers(*sl).size() > 1) {
      diags.push_back(type_error(
          op, fmt::format("{} carries a nested ShardLayout, whose result layout is not modelled "
                          "yet: expected one distribution layer; reshard {} first",
                          o.name, o.name)));
      continue;
    }
    if (first == nullptr) {
      first = sl;
      first_name = o.name;
      attrs.assign(static_cast<std::size_t>(sl->mesh().rank()), B());
    } else if (!(sl->mesh() == first->mesh())) {
      diags.push_back(type_error(
          op, fmt::format("{} is distributed over another mesh than {}: expected one mesh; "
                          "reshard {} first",
                          o.name, first_name, o.name)));
      continue;
    }
    Result<std::vector<SplitAxis>> splits = split_axes(*sl, o.type->shape);
    if (!splits.ok()) {
      diags.push_back(
          type_error(op, fmt::format("{}: {}", o.name, splits.diagnostics()[0].message)));
      continue;
    }
    for (const SplitAxis& s : *splits) {
      const int role = o.role.at(static_cast<std::size_t>(s.tensor_axis));
      if (role == kUnmodelled)
        diags.push_back(type_error(
            op, fmt::format("{} axis {} is split on mesh axis {}, and a Split of that axis is not "
                            "modelled yet: expected Splits of result axes only; reshard {} first",
                            o.name, s.tensor_axis, s.mesh_axis, o.name)));
      else
        claim(s.mesh_axis, role == kContracted ? P("sum") : S(role));
    }
    for (const PartialState& s : partial_states(*o.type)) claim(s.mesh_axis, P(s.reduction));
  }
  if (!diags.empty()) return diags;
  TF_CHECK(first != nullptr, "{}: sharded_result_layout without a sharded operand", op.name());
  Result<ShardLayout> sl = canonical_shard_layout(shape_as_int_tuple(out), first->mesh(), attrs);
  if (!sl.ok())
    return type_error(
        op, fmt::format("cannot build the result ShardLayout: {}", sl.diagnostics()[0].message));
  return LayoutBase(*sl);
}

}  // namespace

Result<std::optional<LayoutBase>> contraction_layout(Op op, const std::vector<AxisRoles>& operands,
                                                     const std::vector<ShapeDim>& out, bool fresh) {
  for (const AxisRoles& o : operands) {
    const ShardLayout* sl = shard_layout_of(*o.type);
    if (sl == nullptr || !splits_or_partials(*sl)) continue;
    Result<LayoutBase> sharded = sharded_result_layout(op, operands, out);
    TF_TRY(sharded);
    return std::optional<LayoutBase>(*sharded);
  }
  return fresh ? c_order_layout(out) : std::nullopt;
}

}  // namespace tf::hir
