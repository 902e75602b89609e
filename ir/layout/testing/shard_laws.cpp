// ShardLayout laws over ir/layout/testing/shard_gen.h's cases: each body draws its arguments and
// judges them with the law's check (ir/layout/mesh_law.h, against the brute-force ownership map
// of ir/layout/shard_enumeration.h). 200 cases per law in the unit run, 10,000 in the fuzz
// variant. (ir/layout/test/shard_laws_test.cpp runs each as a gtest law, `tf fuzz --property
// mesh-laws` one per case.)
#include <rapidcheck.h>

#include "ir/layout/testing/drawn_laws.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/layout/testing/shard_gen.h"

namespace tf::fuzz {
namespace {

using Args = std::vector<LawArgument>;

Args canonical_case() {
  const CanonicalCase c = *gen_canonical_case();
  return Args{c.logical, c.mesh, c.attrs};
}

// The draws of shard_laws(), in its order.
const LawDraw kDraws[] = {
    {"ConstructionAcceptsExactlyTheInjectiveOwnershipMaps",
     [] { return Args{*gen_shard_case()}; }},
    {"ConstructionRefusesExactlyTheIndivisibleBindings",
     [] {
       ShardGenOptions opts;
       opts.dividing = false;
       return Args{*gen_shard_case(opts)};
     }},
    {"LocalShapeIsWhatOneParticipantOwns", [] { return Args{*gen_shard_layout()}; }},
    {"CanonicalShardLayoutIsIdempotent", canonical_case},
    {"CanonicalShardLayoutPreservesOwnership", canonical_case},
};

}  // namespace

std::span<const LawDraw> shard_law_draws() {
  return kDraws;
}

const std::vector<NamedLaw>& all_shard_laws() {
  static const std::vector<NamedLaw> laws{
      {"ConstructionAcceptsExactlyTheInjectiveOwnershipMaps",
       [] { assert_drawn_law("ConstructionAcceptsExactlyTheInjectiveOwnershipMaps"); }},
      {"ConstructionRefusesExactlyTheIndivisibleBindings",
       [] { assert_drawn_law("ConstructionRefusesExactlyTheIndivisibleBindings"); }},
      {"LocalShapeIsWhatOneParticipantOwns",
       [] { assert_drawn_law("LocalShapeIsWhatOneParticipantOwns"); }},
      {"CanonicalShardLayoutIsIdempotent",
       [] { assert_drawn_law("CanonicalShardLayoutIsIdempotent"); }},
      {"CanonicalShardLayoutPreservesOwnership",
       [] { assert_drawn_law("CanonicalShardLayoutPreservesOwnership"); }},
  };
  return laws;
}

}  // namespace tf::fuzz
