// ShardLayout laws against the brute-force ownership oracle (shard_oracle.h), over
// ir/layout/testing/shard_gen.h's cases: 200 cases per law in the unit run, 10,000 in the fuzz variant.
// (The bodies; ir/layout/test/shard_laws_test.cpp runs each as a gtest law, `tf fuzz --property
// mesh-laws` one per case.)
#include "ir/layout/testing/layout_laws.h"

#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <set>

#include "ir/layout/shard_canonical.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/layout/testing/shard_gen.h"
#include "ir/layout/testing/shard_oracle.h"

namespace tf {
namespace {

using fuzz::CanonicalCase;
using fuzz::ShardCase;
using testing::shard_oracle;

std::vector<std::int64_t> flat_values(const IntTuple& t) {
  std::vector<std::int64_t> out;
  for (const auto& leaf : leaves(t)) out.push_back(leaf.value());
  if (t.is_tuple() && t.children().empty()) out.clear();
  return out;
}

// covers: TYPES.2.TENSOR.injective-layout
void ConstructionAcceptsExactlyTheInjectiveOwnershipMaps() {
  const ShardCase c = *fuzz::gen_shard_case();
  const auto o = shard_oracle(c);
  RC_ASSERT(o.divides);  // the generator only makes dividing bindings
  const bool expected = o.single_strides && o.injective();
  const auto built = fuzz::build(c);
  RC_CLASSIFY(expected, "accepted");
  RC_CLASSIFY(c.layers.size() == 2, "nested");
  RC_CLASSIFY(c.base.is_composed(), "composed base");
  RC_CLASSIFY(!o.single_strides, "no single stride");
  if (built.ok() != expected) {
    RC_LOG() << (built.ok() ? std::string("accepted") : built.diagnostics()[0].render()) << "\n";
    RC_FAIL("construction disagrees with the brute-force ownership map");
  }
  if (!built.ok() && o.single_strides)
    RC_ASSERT(built.diagnostics()[0].rule_id == std::string("TYPES.2.TENSOR.injective-layout"));
}

void ConstructionRefusesExactlyTheIndivisibleBindings() {
  fuzz::ShardGenOptions opts;
  opts.dividing = false;
  const ShardCase c = *fuzz::gen_shard_case(opts);
  const auto o = shard_oracle(c);
  RC_CLASSIFY(!o.divides, "indivisible");
  RC_ASSERT(fuzz::build(c).ok() == (o.divides && o.single_strides && o.injective()));
}

// covers: TYPES.2.1.LOCAL.nested-shard-once
void LocalShapeIsWhatOneParticipantOwns() {
  const ShardLayout sl = *fuzz::gen_shard_layout();
  // The case of sl: its innermost layout and its layers, innermost first.
  std::vector<const ShardLayout*> outer_first;
  for (const ShardLayout* p = &sl; p; p = p->layout().as_shard()) outer_first.push_back(p);
  ShardCase c{outer_first.back()->layout(), {}};
  for (auto it = outer_first.rbegin(); it != outer_first.rend(); ++it)
    c.layers.push_back({(*it)->attrs(), (*it)->mesh()});
  const auto o = shard_oracle(c);
  const auto local = flat_values(shard_layout_local_shape(sl, {.require_static = false}).value());
  RC_ASSERT(shard_layout_local_shape(sl).ok() == o.resolved);

  std::int64_t local_size = 1;
  for (auto l : local) local_size *= l;
  // Group the owned global coordinates by instance.
  std::map<std::vector<std::int64_t>, std::vector<std::vector<std::int64_t>>> owned;
  std::set<std::vector<std::int64_t>> all;
  for (const auto& e : o.elements) {
    owned[e.binding].push_back(e.global);
    RC_ASSERT(all.insert(e.global).second);  // no element is owned twice
  }
  std::int64_t global_size = 1;
  for (auto g : o.extents) global_size *= g;
  RC_ASSERT(static_cast<std::int64_t>(all.size()) == global_size);  // every element is owned
  for (const auto& [instance, coords] : owned) {
    RC_ASSERT(static_cast<std::int64_t>(coords.size()) == local_size);
    for (std::size_t k = 0; k < local.size(); ++k) {
      std::set<std::int64_t> values;
      for (const auto& g : coords) values.insert(g[k]);
      RC_ASSERT(static_cast<std::int64_t>(values.size()) == local[k]);  // a box of extent l_k
    }
  }
}

// The ownership map keyed by (split mesh coordinates, local coordinate without unit axes).
using OwnershipMap = std::map<std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>>,
                              std::pair<std::vector<std::int64_t>, std::int64_t>>;

OwnershipMap ownership(const ShardLayout& sl) {
  const auto o = shard_oracle(ShardCase{sl.layout(), {{sl.attrs(), sl.mesh()}}});
  OwnershipMap map;
  for (const auto& e : o.elements) {
    std::vector<std::int64_t> x;
    for (std::size_t k = 0; k < e.local.size(); ++k)
      if (o.local[k] != 1) x.push_back(e.local[k]);
    map[{e.binding, x}] = {e.engine, e.offset};
  }
  return map;
}

void CanonicalShardLayoutIsIdempotent() {
  const CanonicalCase c = *fuzz::gen_canonical_case();
  const ShardLayout once = canonical_shard_layout(c.logical, c.mesh, c.attrs).value();
  const ShardLayout twice =
      canonical_shard_layout(flatten(once.shape()), once.mesh(), once.attrs()).value();
  RC_ASSERT(twice == once);
  for (const auto& l :
       flat_values(shard_layout_local_shape(once, {.require_static = false}).value()))
    RC_ASSERT(l >= 1);
}

void CanonicalShardLayoutPreservesOwnership() {
  const CanonicalCase c = *fuzz::gen_canonical_case();
  const ShardLayout canonical = canonical_shard_layout(c.logical, c.mesh, c.attrs).value();
  // Every Split position of the canonical form holds one element per instance.
  const auto local =
      flat_values(shard_layout_local_shape(canonical, {.require_static = false}).value());
  for (const auto& a : canonical.attrs())
    if (a.is_split()) RC_ASSERT(local[static_cast<std::size_t>(a.axis())] == 1);
  // The unfactored form: the logical shape in C order with the same attrs.
  const auto extents = flat_values(c.logical);
  std::vector<IntTuple> strides(extents.size(), IntTuple(1));
  std::int64_t step = 1;
  for (std::size_t k = extents.size(); k-- > 0;) {
    strides[k] = step;
    step *= extents[k];
  }
  const ShardLayout unfactored =
      ShardLayout::make(Layout::make(c.logical, IntTuple::tuple(strides)).value(), c.attrs, c.mesh)
          .value();
  RC_ASSERT(ownership(canonical) == ownership(unfactored));
}

}  // namespace

namespace fuzz {

const std::vector<NamedLaw>& all_shard_laws() {
  static const std::vector<NamedLaw> laws{
      {"ConstructionAcceptsExactlyTheInjectiveOwnershipMaps", ConstructionAcceptsExactlyTheInjectiveOwnershipMaps},
      {"ConstructionRefusesExactlyTheIndivisibleBindings", ConstructionRefusesExactlyTheIndivisibleBindings},
      {"LocalShapeIsWhatOneParticipantOwns", LocalShapeIsWhatOneParticipantOwns},
      {"CanonicalShardLayoutIsIdempotent", CanonicalShardLayoutIsIdempotent},
      {"CanonicalShardLayoutPreservesOwnership", CanonicalShardLayoutPreservesOwnership},
  };
  return laws;
}

}  // namespace fuzz
}  // namespace tf
