#include "ir/hir/partial_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "ir/hir/shard_axes.h"
#include "ir/hir/typeinfer_util.h"

namespace tf::hir {

namespace {

std::string axis_text(int layer, int mesh_axis) {
  return layer == 0 ? fmt::format("mesh axis {}", mesh_axis)
                    : fmt::format("mesh axis {} of shard layer {}", mesh_axis, layer);
}

// "Partial(sum)", "Partial(max) / Partial(min)"; empty for the empty set.
std::string reductions_text(ReductionSet set) {
  std::string s;
  for (auto [on, name] : {std::pair{set.sum, "sum"}, {set.max, "max"}, {set.min, "min"}})
    if (on) s += fmt::format("{}Partial({})", s.empty() ? "" : " / ", name);
  return s;
}

// "no Partial", "no Partial, or Partial(sum)", "no Partial, or Partial(max) / Partial(min)".
std::string expected_text(ReductionSet set) {
  return set.empty() ? "no Partial" : "no Partial, or " + reductions_text(set);
}

// The attr of operand t at (layer, mesh_axis), or nullptr when t has no such position.
const ShardAttr* attr_at(const TensorType& t, int layer, int mesh_axis) {
  const ShardLayout* sl = shard_layout_of(t);
  if (sl == nullptr) return nullptr;
  const std::vector<const ShardLayout*> layers = shard_layers(*sl);
  if (layer >= static_cast<int>(layers.size())) return nullptr;
  const std::vector<ShardAttr>& attrs = layers[static_cast<std::size_t>(layer)]->attrs();
  if (mesh_axis >= static_cast<int>(attrs.size())) return nullptr;
  return &attrs[static_cast<std::size_t>(mesh_axis)];
}

Diagnostic not_commuting(Op op, std::string_view name, const PartialState& s, ReductionSet ok,
                         std::string_view what) {
  return type_error(op, fmt::format("{} carries Partial({}) on {}, which does not commute with "
                                    "{}: expected {}; reshard {} to Broadcast first",
                                    name, s.reduction, axis_text(s.layer, s.mesh_axis), what,
                                    expected_text(ok), name));
}

}  // namespace

bool ReductionSet::contains(std::string_view reduction) const {
  return (sum && reduction == "sum") || (max && reduction == "max") || (min && reduction == "min");
}

std::vector<PartialState> partial_states(const TensorType& t) {
  std::vector<PartialState> out;
  const ShardLayout* sl = shard_layout_of(t);
  if (sl == nullptr) return out;
  const std::vector<const ShardLayout*> layers = shard_layers(*sl);
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const std::vector<ShardAttr>& attrs = layers[l]->attrs();
    for (std::size_t p = 0; p < attrs.size(); ++p)
      if (attrs[p].is_partial())
        out.push_back(PartialState{static_cast<int>(l), static_cast<int>(p), attrs[p].reduction()});
  }
  return out;
}

std::vector<Diagnostic> reject_partials(Op op, std::string_view name, const TensorType& t,
                                        ReductionSet commutes, std::string_view what) {
  std::vector<Diagnostic> diags;
  for (const PartialState& s : partial_states(t))
    if (!commutes.contains(s.reduction))
      diags.push_back(not_commuting(op, name, s, commutes, what));
  return diags;
}

std::vector<Diagnostic> check_multilinear_partials(Op op,
                                                   const std::vector<PartialOperand>& operands,
                                                   const MultilinearPartials& rule,
                                                   std::string_view what) {
  // The mesh-axis positions where some operand carries a Partial, in order of appearance.
  std::vector<std::pair<int, int>> positions;
  for (const PartialOperand& o : operands)
    for (const PartialState& s : partial_states(*o.type))
      if (std::find(positions.begin(), positions.end(), std::pair{s.layer, s.mesh_axis}) ==
          positions.end())
        positions.emplace_back(s.layer, s.mesh_axis);
  std::vector<Diagnostic> diags;
  for (auto [layer, axis] : positions) {
    std::vector<std::pair<const PartialOperand*, std::string>> carriers;
    for (const PartialOperand& o : operands)
      if (const ShardAttr* a = attr_at(*o.type, layer, axis); a && a->is_partial())
        carriers.emplace_back(&o, a->reduction());
    if (!rule.anchor.empty())
      for (const auto& [o, r] : carriers)
        if (o->name != rule.anchor)
          diags.push_back(type_error(
              op, fmt::format("{} carries Partial({}) on {}, which the result of {} cannot "
                              "keep: expected no Partial; reshard {} to Broadcast first",
                              o->name, r, axis_text(layer, axis), what, o->name)));
    if (carriers.size() > 1) {
      bool same = true;
      for (const auto& c : carriers) same = same && c.second == carriers[0].second;
      if (same && rule.jointly.contains(carriers[0].second)) continue;
      std::string found;
      for (const auto& [o, r] : carriers)
        found += fmt::format("{}{}=Partial({})", found.empty() ? "" : ", ", o->name, r);
      diags.push_back(type_error(
          op, fmt::format("several operands carry a Partial on {} ({}), which does not commute "
                          "with {}: expected at most one{}; reshard to Broadcast first",
                          axis_text(layer, axis), found, what,
                          rule.jointly.empty() ? std::string()
                                               : ", or the same " + reductions_text(rule.jointly) +
                                                     " on every operand")));
      continue;
    }
    const auto& [carrier, reduction] = carriers[0];
    const PartialState state{layer, axis, reduction};
    if (!rule.allowed.contains(reduction))
      diags.push_back(not_commuting(op, carrier->name, state, rule.allowed, what));
    for (const PartialOperand& other : operands) {
      if (&other == carrier) continue;
      const ShardAttr* a = attr_at(*other.type, layer, axis);
      if (a == nullptr || a->is_broadcast()) continue;
      diags.push_back(type_error(
          op, fmt::format("{} carries Partial({}) on {}, but {} is not replicated there: "
                          "expected B(), found {}; reshard {} to Broadcast first",
                          carrier->name, reduction, axis_text(layer, axis), other.name,
                          to_string(*a), other.name)));
    }
  }
  return diags;
}

std::vector<Diagnostic> binary_partial_errors(Op op, BinaryKind kind, const TensorType& lhs,
                                              const TensorType& rhs) {
  MultilinearPartials rule{.allowed = kNoReductions};
  switch (binary_partial(kind)) {
    case BinaryPartial::None:
      break;
    case BinaryPartial::Additive:
      rule = {.allowed = kMaxMin, .jointly = kSumOnly};
      break;
    case BinaryPartial::Multiplicative:
      rule = {.allowed = kSumOnly};
      break;
  }
  const std::string what = fmt::format("kind {}", binary_kind_name(kind));
  return check_multilinear_partials(op, {{"lhs", &lhs}, {"rhs", &rhs}}, rule, what);
}

std::vector<Diagnostic> unary_partial_errors(Op op, UnaryKind kind, const TensorType& x) {
  ReductionSet commutes = kNoReductions;
  switch (unary_commutes(kind)) {
    case KindCommutes::None:
      break;
    case KindCommutes::Sum:
      commutes = kSumOnly;
      break;
    case KindCommutes::MaxMin:
      commutes = kMaxMin;
      break;
  }
  return reject_partials(op, "x", x, commutes, fmt::format("kind {}", unary_kind_name(kind)));
}

std::vector<Diagnostic> monotone_partial_errors(Op op, const TensorType& x) {
  return reject_partials(op, "x", x, kMaxMin);
}

}  // namespace tf::hir
