// Laws of the TIR machine model over generated kernels (fuzz/gen/race_free_kernel_gen.h: grids
// of 1-3 CTAs of 32-128 threads, each thread on its own rows, with register arithmetic, loops,
// exchanges through shared memory synced over the block or its slices, in the kernel or in device
// helpers, some repeated in loops): the properties of fuzz/props/machine_props.h as gtest laws.
#include <gtest/gtest.h>

#include "fuzz/props/machine_props.h"
#include "ir/support/testing/law_runner.h"

namespace tf::fuzz {
namespace {

// No undefined behaviour reported, and the same bits under the deterministic schedule twice and
// under three seeded schedules.
TEST(TirMachineLaws, RaceFreeKernelsRunCleanAndScheduleIndependently) { check_law(tir_race_free_case); }

// Deleting one Sync an exchange needs makes it racy, and the race is reported.
TEST(TirMachineLaws, DeletingANeededSyncIsReportedAsARace) { check_law(tir_race_found_case); }

// After mutations that may make a kernel undefined, its verdict (clean with the same bits, or the
// same UB kind) is the same under the deterministic schedule and four seeded ones.
TEST(TirMachineLaws, AVerdictIsTheSameUnderEverySchedule) { check_law(tir_schedule_verdict_case); }

}  // namespace
}  // namespace tf::fuzz
