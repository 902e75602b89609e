// The laws of ir/layout/testing/shard_laws.cpp (ShardLayouts: construction, local shape, canonical form) as gtests: 200 cases per law in
// the unit run, 10,000 under label fuzz, through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

// Runs the law of the table named `name` as the current gtest.
void check_named(const char* name) {
  for (const NamedLaw& l : all_shard_laws())
    if (std::string_view(l.name) == name) return check_law(l.body);
  FAIL() << "no law " << name;
}

TEST(ShardLaws, ConstructionAcceptsExactlyTheInjectiveOwnershipMaps) { check_named("ConstructionAcceptsExactlyTheInjectiveOwnershipMaps"); }
TEST(ShardLaws, ConstructionRefusesExactlyTheIndivisibleBindings) { check_named("ConstructionRefusesExactlyTheIndivisibleBindings"); }
TEST(ShardLaws, LocalShapeIsWhatOneParticipantOwns) { check_named("LocalShapeIsWhatOneParticipantOwns"); }
TEST(ShardLaws, CanonicalShardLayoutIsIdempotent) { check_named("CanonicalShardLayoutIsIdempotent"); }
TEST(ShardLaws, CanonicalShardLayoutPreservesOwnership) { check_named("CanonicalShardLayoutPreservesOwnership"); }

}  // namespace
}  // namespace tf::fuzz
