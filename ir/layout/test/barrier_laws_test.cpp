// The laws of ir/layout/testing/barrier_laws.cpp (the mapping of a mesh slice to a CUDA barrier and named barrier ids) as gtests: 200 cases per law in
// the unit run, 10,000 under label fuzz, through RC_PARAMS.
#include <gtest/gtest.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

// Runs the law of the table named `name` as the current gtest.
void check_named(const char* name) {
  for (const NamedLaw& l : all_barrier_laws())
    if (std::string_view(l.name) == name) return check_law(l.body);
  FAIL() << "no law " << name;
}

TEST(BarrierLaws, ThreadSlicesFollowTheTable) { check_named("ThreadSlicesFollowTheTable"); }
TEST(BarrierLaws, WarpRangesFollowTheTable) { check_named("WarpRangesFollowTheTable"); }
TEST(BarrierLaws, CtaMeshesAreTheGridOrRejected) { check_named("CtaMeshesAreTheGridOrRejected"); }
TEST(BarrierLaws, FreeMeshesFollowTheTable) { check_named("FreeMeshesFollowTheTable"); }
TEST(BarrierLaws, OtherTopologiesAreRejected) { check_named("OtherTopologiesAreRejected"); }
TEST(BarrierLaws, OnlyParticipantsExecuteAndAllTheSameInstruction) { check_named("OnlyParticipantsExecuteAndAllTheSameInstruction"); }
TEST(BarrierLaws, NamedBarrierIdsAreFirstUseOrder) { check_named("NamedBarrierIdsAreFirstUseOrder"); }

}  // namespace
}  // namespace tf::fuzz
