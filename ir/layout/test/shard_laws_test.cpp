// The laws of ir/layout/testing/shard_laws.cpp (ShardLayouts: construction, local shape, canonical
// form) as gtests: 200 cases per law in the unit run, 10,000 under label fuzz, through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

TEST(ShardLaws, ConstructionAcceptsExactlyTheInjectiveOwnershipMaps) { check_named_law(all_shard_laws(), "ConstructionAcceptsExactlyTheInjectiveOwnershipMaps"); }
TEST(ShardLaws, ConstructionRefusesExactlyTheIndivisibleBindings) { check_named_law(all_shard_laws(), "ConstructionRefusesExactlyTheIndivisibleBindings"); }
TEST(ShardLaws, LocalShapeIsWhatOneParticipantOwns) { check_named_law(all_shard_laws(), "LocalShapeIsWhatOneParticipantOwns"); }
TEST(ShardLaws, CanonicalShardLayoutIsIdempotent) { check_named_law(all_shard_laws(), "CanonicalShardLayoutIsIdempotent"); }
TEST(ShardLaws, CanonicalShardLayoutPreservesOwnership) { check_named_law(all_shard_laws(), "CanonicalShardLayoutPreservesOwnership"); }

}  // namespace
}  // namespace tf::fuzz
