// The laws of ir/layout/testing/barrier_laws.cpp (the mapping of a mesh slice to a CUDA barrier and
// named barrier ids) as gtests: 200 cases per law in the unit run, 10,000 under label fuzz, through
// RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

TEST(BarrierLaws, ThreadSlicesFollowTheTable) { check_named_law(all_barrier_laws(), "ThreadSlicesFollowTheTable"); }
TEST(BarrierLaws, WarpRangesFollowTheTable) { check_named_law(all_barrier_laws(), "WarpRangesFollowTheTable"); }
TEST(BarrierLaws, CtaMeshesAreTheGridOrRejected) { check_named_law(all_barrier_laws(), "CtaMeshesAreTheGridOrRejected"); }
TEST(BarrierLaws, FreeMeshesFollowTheTable) { check_named_law(all_barrier_laws(), "FreeMeshesFollowTheTable"); }
TEST(BarrierLaws, OtherTopologiesAreRejected) { check_named_law(all_barrier_laws(), "OtherTopologiesAreRejected"); }
TEST(BarrierLaws, OnlyParticipantsExecuteAndAllTheSameInstruction) { check_named_law(all_barrier_laws(), "OnlyParticipantsExecuteAndAllTheSameInstruction"); }
TEST(BarrierLaws, NamedBarrierIdsAreFirstUseOrder) { check_named_law(all_barrier_laws(), "NamedBarrierIdsAreFirstUseOrder"); }

}  // namespace
}  // namespace tf::fuzz
