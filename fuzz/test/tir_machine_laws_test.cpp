// Laws of the TIR machine model over generated race-free kernels (fuzz/gen/tir_program_gen.h,
// gen_race_free_kernel: grids of 1-3 CTAs of 32-128 threads, each thread on its own rows, with
// register arithmetic, loops and neighbour exchanges through shared memory): the properties
// tir-race-free and tir-race-found of fuzz/props/lowering_props.h as gtest laws.
#include <gtest/gtest.h>

#include "fuzz/props/lowering_props.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

// No undefined behaviour reported, and the same bits under the deterministic schedule twice and
// under three seeded schedules.
TEST(TirMachineLaws, RaceFreeKernelsRunCleanAndScheduleIndependently) { check_law(tir_race_free_case); }

// Deleting the Sync of one exchange makes it racy, and the race is reported.
TEST(TirMachineLaws, DeletingANeededSyncIsReportedAsARace) { check_law(tir_race_found_case); }

}  // namespace
}  // namespace tf::fuzz
