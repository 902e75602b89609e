// The laws of ShardLayouts (mesh_law.h): construction, local shape and canonical form against
// the brute-force ownership map of shard_enumeration.h.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

#include "ir/layout/layout_law_support.h"
#include "ir/layout/mesh_law.h"
#include "ir/layout/print.h"
#include "ir/layout/shard_canonical.h"
#include "ir/layout/shard_enumeration.h"
#include "ir/layout/shard_local_shape.h"

namespace tf {
namespace {

using law_support::arg;
using law_support::Args;
using law_support::broken;
using law_support::first_diagnostic;
using law_support::label_if;

std::vector<std::int64_t> flat_values(const IntTuple& t) {
  std::vector<std::int64_t> out;
  for (const auto& leaf : leaves(t)) out.push_back(leaf.value());
  if (t.is_tuple() && t.children().empty()) out.clear();
  return out;
}

std::string tuple_text(const std::vector<std::int64_t>& v) {
  return fmt::format("({})", fmt::join(v, ", "));
}

// `v`, or its violation `what` when construction (`built`, of `parts`) does not do what
// `accepts` says.
LawVerdict construction_agrees(LawVerdict v, const char* what, const ShardParts& parts,
                               const Result<ShardLayout>& built, bool accepts) {
  if (built.ok() == accepts) return v;
  return broken(v, what,
                built.ok()
                    ? fmt::format("it accepts {}", to_string(parts))
                    : fmt::format("it refuses {}: {}", to_string(parts), first_diagnostic(built)));
}

// covers: TYPES.2.TENSOR.injective-layout
LawVerdict construction_accepts_exactly_the_injective_ownership_maps(const Args& args) {
  const ShardParts& c = arg<ShardParts>(args, 0);
  LawVerdict v;
  const oracle::ShardOwnership o = oracle::shard_ownership(c);
  if (!o.divides)
    return broken(v, "every binding of the parts divides", to_string(c));  // the law's cases divide
  if (!o.evaluable)
    return broken(v, "the base evaluates at every index of its domain", to_string(c.base));
  const bool expected = o.single_strides && o.injective();
  label_if(v, expected, "accepted");
  label_if(v, c.layers.size() == 2, "nested");
  label_if(v, c.base.is_composed(), "composed base");
  label_if(v, !o.single_strides, "no single stride");
  const Result<ShardLayout> built = build_shard_parts(c);
  v = construction_agrees(std::move(v), "construction accepts exactly the injective ownership maps",
                          c, built, expected);
  if (!v.holds()) return v;
  if (!built.ok() && o.single_strides &&
      (built.diagnostics().empty() ||
       built.diagnostics()[0].rule_id != "TYPES.2.TENSOR.injective-layout"))
    return broken(v, "a refusal of single-strided parts names TYPES.2.TENSOR.injective-layout",
                  first_diagnostic(built));
  return v;
}

LawVerdict construction_refuses_exactly_the_indivisible_bindings(const Args& args) {
  const ShardParts& c = arg<ShardParts>(args, 0);
  LawVerdict v;
  const oracle::ShardOwnership o = oracle::shard_ownership(c);
  label_if(v, !o.divides, "indivisible");
  if (!o.evaluable)
    return broken(v, "the base evaluates at every index of its domain", to_string(c.base));
  return construction_agrees(
      std::move(v), "construction accepts exactly the dividing, single-strided, injective parts", c,
      build_shard_parts(c), o.divides && o.single_strides && o.injective());
}

// covers: TYPES.2.1.LOCAL.nested-shard-once
LawVerdict local_shape_is_what_one_participant_owns(const Args& args) {
  const ShardLayout& sl = arg<ShardLayout>(args, 0);
  LawVerdict v;
  const oracle::ShardOwnership o = oracle::shard_ownership(shard_parts_of(sl));
  if (!o.evaluable)
    return broken(v, "the base evaluates at every index of its domain", to_string(sl));
  const Result<IntTuple> lenient = shard_layout_local_shape(sl, {.require_static = false});
  if (!lenient.ok())
    return broken(v, "shard_layout_local_shape(S) without require_static succeeds",
                  first_diagnostic(lenient));
  const std::vector<std::int64_t> local = flat_values(*lenient);
  if (shard_layout_local_shape(sl).ok() != o.resolved)
    return broken(v, "shard_layout_local_shape(S) succeeds exactly when S has no Dynamic attr",
                  fmt::format("it {} where S is {}resolved", o.resolved ? "fails" : "succeeds",
                              o.resolved ? "" : "not "));
  if (local.size() != o.extents.size())
    return broken(
        v, "the local shape has one extent per domain axis",
        fmt::format("{} against the domain {}", tuple_text(local), tuple_text(o.extents)));
  std::int64_t local_size = 1;
  for (auto l : local) local_size *= l;
  // Group the owned global coordinates by instance.
  std::map<std::vector<std::int64_t>, std::vector<std::vector<std::int64_t>>> owned;
  std::set<std::vector<std::int64_t>> all;
  for (const auto& e : o.elements) {
    owned[e.binding].push_back(e.global);
    if (!all.insert(e.global).second)
      return broken(v, "no element is owned twice", tuple_text(e.global));
  }
  std::int64_t global_size = 1;
  for (auto g : o.extents) global_size *= g;
  if (static_cast<std::int64_t>(all.size()) != global_size)
    return broken(v, "every element is owned", fmt::format("{} of {}", all.size(), global_size));
  for (const auto& [instance, coords] : owned) {
    if (static_cast<std::int64_t>(coords.size()) != local_size)
      return broken(v, "each instance owns as many elements as the local shape holds",
                    fmt::format("instance {} owns {}, local shape {}", tuple_text(instance),
                                coords.size(), tuple_text(local)));
    for (std::size_t k = 0; k < local.size(); ++k) {
      std::set<std::int64_t> values;
      for (const auto& g : coords) values.insert(g[k]);
      if (static_cast<std::int64_t>(values.size()) != local[k])  // a box of extent l_k
        return broken(v, "each instance owns a box of the local shape",
                      fmt::format("instance {} spans {} along axis {}, local shape {}",
                                  tuple_text(instance), values.size(), k, tuple_text(local)));
    }
  }
  return v;
}

// The ownership map keyed by (split mesh coordinates, local coordinate without unit axes).
using OwnershipMap = std::map<std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>>,
                              std::pair<std::vector<std::int64_t>, std::int64_t>>;

OwnershipMap ownership(const ShardLayout& sl) {
  const oracle::ShardOwnership o = oracle::shard_ownership(shard_parts_of(sl));
  OwnershipMap map;
  for (const auto& e : o.elements) {
    std::vector<std::int64_t> x;
    for (std::size_t k = 0; k < e.local.size(); ++k)
      if (o.local[k] != 1) x.push_back(e.local[k]);
    map[{e.binding, x}] = {e.engine, e.offset};
  }
  return map;
}

const IntTuple& logical_at(const Args& args) {
  return arg<IntTuple>(args, 0);
}
const Mesh& mesh_at(const Args& args) {
  return arg<Mesh>(args, 1);
}
const std::vector<ShardAttr>& attrs_at(const Args& args) {
  return arg<std::vector<ShardAttr>>(args, 2);
}

LawVerdict canonical_shard_layout_is_idempotent(const Args& args) {
  LawVerdict v;
  const Result<ShardLayout> once =
      canonical_shard_layout(logical_at(args), mesh_at(args), attrs_at(args));
  if (!once.ok())
    return broken(v, "canonical_shard_layout(logical, M, attrs) succeeds", first_diagnostic(once));
  const Result<ShardLayout> twice =
      canonical_shard_layout(flatten(once->shape()), once->mesh(), once->attrs());
  if (!twice.ok())
    return broken(v, "canonical_shard_layout of a canonical form succeeds",
                  first_diagnostic(twice));
  if (!(*twice == *once))
    return broken(v, "canonical_shard_layout is idempotent",
                  fmt::format("{} against {}", to_string(*twice), to_string(*once)));
  const Result<IntTuple> local = shard_layout_local_shape(*once, {.require_static = false});
  if (!local.ok())
    return broken(v, "shard_layout_local_shape of the canonical form succeeds",
                  first_diagnostic(local));
  for (const auto l : flat_values(*local))
    if (l < 1)
      return broken(v, "the canonical form's local extents are positive", to_string(*local));
  return v;
}

LawVerdict canonical_shard_layout_preserves_ownership(const Args& args) {
  const IntTuple& logical = logical_at(args);
  LawVerdict v;
  const Result<ShardLayout> canonical =
      canonical_shard_layout(logical, mesh_at(args), attrs_at(args));
  if (!canonical.ok())
    return broken(v, "canonical_shard_layout(logical, M, attrs) succeeds",
                  first_diagnostic(canonical));
  // Every Split position of the canonical form holds one element per instance.
  const Result<IntTuple> local = shard_layout_local_shape(*canonical, {.require_static = false});
  if (!local.ok())
    return broken(v, "shard_layout_local_shape of the canonical form succeeds",
                  first_diagnostic(local));
  const std::vector<std::int64_t> extents_local = flat_values(*local);
  for (const auto& a : canonical->attrs())
    if (a.is_split() && (static_cast<std::size_t>(a.axis()) >= extents_local.size() ||
                         extents_local[static_cast<std::size_t>(a.axis())] != 1))
      return broken(
          v, "each Split axis of the canonical form holds one element per instance",
          fmt::format("{} with the local shape {}", to_string(*canonical), to_string(*local)));
  // The unfactored form: the logical shape in C order with the same attrs.
  const std::vector<std::int64_t> extents = flat_values(logical);
  std::vector<IntTuple> strides(extents.size(), IntTuple(1));
  std::int64_t step = 1;
  for (std::size_t k = extents.size(); k-- > 0;) {
    strides[k] = step;
    step *= extents[k];
  }
  const Result<Layout> layout =
      Layout::make(logical, logical.is_leaf() ? IntTuple(1) : IntTuple::tuple(strides));
  if (!layout.ok()) return broken(v, "the unfactored layout builds", first_diagnostic(layout));
  const Result<ShardLayout> unfactored = ShardLayout::make(*layout, attrs_at(args), mesh_at(args));
  if (!unfactored.ok())
    return broken(v, "the unfactored ShardLayout builds", first_diagnostic(unfactored));
  if (ownership(*canonical) != ownership(*unfactored))
    return broken(v, "the canonical form owns what the unfactored form owns",
                  fmt::format("{} against {}", to_string(*canonical), to_string(*unfactored)));
  return v;
}

}  // namespace

const std::vector<Law>& shard_laws() {
  static const std::vector<Law> laws = [] {
    const std::vector<LawParameter> kParts{{"C", LawArgumentKind::ShardParts}};
    const std::vector<LawParameter> kCanonical{{"logical", LawArgumentKind::Shape},
                                               {"M", LawArgumentKind::Mesh},
                                               {"attrs", LawArgumentKind::ShardAttrs}};
    return std::vector<Law>{
        {"ConstructionAcceptsExactlyTheInjectiveOwnershipMaps", kParts,
         construction_accepts_exactly_the_injective_ownership_maps},
        {"ConstructionRefusesExactlyTheIndivisibleBindings", kParts,
         construction_refuses_exactly_the_indivisible_bindings},
        {"LocalShapeIsWhatOneParticipantOwns",
         {{"S", LawArgumentKind::ShardLayout}},
         local_shape_is_what_one_participant_owns},
        {"CanonicalShardLayoutIsIdempotent", kCanonical, canonical_shard_layout_is_idempotent},
        {"CanonicalShardLayoutPreservesOwnership", kCanonical,
         canonical_shard_layout_preserves_ownership},
    };
  }();
  return laws;
}

}  // namespace tf
