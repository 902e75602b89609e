// CUDA's limits on a launch's shape (ir/tir/launch_limits.h), the part of the launch validator
// the machine model, the driver and the emitted runtime share: each limit at its edge, with the
// text every one of them reports.
#include "ir/tir/launch_limits.h"

#include <gtest/gtest.h>

namespace tf::tir {
namespace {

LaunchShape shape(std::int64_t gx, std::int64_t gy, std::int64_t gz, std::int64_t bx, std::int64_t by, std::int64_t bz) {
  LaunchShape s;
  s.grid[0] = gx, s.grid[1] = gy, s.grid[2] = gz;
  s.block[0] = bx, s.block[1] = by, s.block[2] = bz;
  return s;
}

TEST(LaunchLimits, EveryExtentIsAtLeastOne) {
  EXPECT_EQ(launch_shape_refusal(shape(0, 1, 1, 1, 1, 1)), "extent 0 is 0; every grid and block extent is at least 1");
  EXPECT_EQ(launch_shape_refusal(shape(1, 1, 1, -32, 1, 1)), "extent 3 is -32; every grid and block extent is at least 1");
  EXPECT_EQ(launch_shape_refusal(shape(1, 1, 1, 1, 1, 0)), "extent 5 is 0; every grid and block extent is at least 1");
}

TEST(LaunchLimits, EachAxisHasCudasLimit) {
  EXPECT_EQ(launch_shape_refusal(shape(2147483647, 1, 1, 1, 1, 1)), "");
  EXPECT_EQ(launch_shape_refusal(shape(2147483648, 1, 1, 1, 1, 1)),
            "extent 0 is 2147483648; CUDA launches at most 2147483647 CTAs along gridDim.x");
  EXPECT_EQ(launch_shape_refusal(shape(4294967296, 1, 1, 1, 1, 1)),  // wrapped to 0 by a cast to unsigned, once
            "extent 0 is 4294967296; CUDA launches at most 2147483647 CTAs along gridDim.x");
  EXPECT_EQ(launch_shape_refusal(shape(1, 65536, 1, 1, 1, 1)), "extent 1 is 65536; CUDA launches at most 65535 CTAs along gridDim.y");
  EXPECT_EQ(launch_shape_refusal(shape(1, 1, 1, 1, 1, 65)), "extent 5 is 65; CUDA launches at most 64 threads along blockDim.z");
}

TEST(LaunchLimits, BlocksGridsAndLaunchesHaveTheirSizes) {
  EXPECT_EQ(launch_shape_refusal(shape(1, 1, 1, 32, 32, 1)), "");
  EXPECT_EQ(launch_shape_refusal(shape(1, 1, 1, 32, 33, 1)), "a block of 1056 threads (32 x 33 x 1); a CTA holds at most 1024");
  EXPECT_EQ(launch_shape_refusal(shape(2147483647, 65535, 65535, 1, 1, 1)),  // the largest product: no overflow
            "a grid of 9223090559730712575 CTAs (2147483647 x 65535 x 65535) is more than a launch holds (at most 2147483647)");
  EXPECT_EQ(launch_shape_refusal(shape(4194304, 1, 1, 1024, 1, 1)),
            "a launch of 4194304 CTAs x 1024 threads; a launch holds at most 4294967293 threads (thread ids are 32-bit)");
  EXPECT_EQ(launch_shape_refusal(shape(4194303, 1, 1, 1024, 1, 1)), "");
}

TEST(LaunchLimits, ClustersTileTheGridAndSharedMemoryIsBounded) {
  LaunchShape s = shape(4, 1, 1, 1, 1, 1);
  s.cluster[0] = 3;
  EXPECT_EQ(launch_shape_refusal(s),
            "grid extent 0 is 4, not a whole number of clusters of 3 (CUDA refuses the launch: cudaErrorInvalidClusterSize)");
  s.cluster[0] = 2;
  EXPECT_EQ(launch_shape_refusal(s), "");
  s.dynamic_smem = kMaxDynamicSmemBytes;
  EXPECT_EQ(launch_shape_refusal(s), "");
  s.dynamic_smem = std::int64_t{1} << 40;
  EXPECT_EQ(launch_shape_refusal(s), "dynamic_smem is 1099511627776 bytes; a CTA may ask for at most 232448 bytes of dynamic shared memory");
  EXPECT_EQ(launch_shape_refusal(s, std::int64_t{1} << 41), "");
}

}  // namespace
}  // namespace tf::tir
