// The emulation's mma.sync and cp.async (cuda/emu/emu.h, mma_m16n8k16.h): the exact arithmetic
// on vectors whose rounding is known by hand, the warp collective and its misuse, cp.async
// performed at the wait that retires its group (not before), and a thread that exits with copies
// outstanding reported.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "cuda/emu/emu.h"
#include "cuda/emu/mma_m16n8k16.h"

namespace tf::emu {
namespace {

float dot(float c, std::vector<double> a, std::vector<double> b) {
  return exact_dot_f32(c, a.data(), b.data(), static_cast<int>(a.size()));
}

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// The small-terms vector (docs/tir-semantics.md, "Mma arithmetic"): 1 + 15 * 2^-26 rounds once
// to 1 + 2^-22 (adding in f32 one product at a time would give 1).
TEST(EmuMma, TheSumIsExactAndRoundedOnce) {
  std::vector<double> a(16, std::ldexp(1.0, -13)), b(16, std::ldexp(1.0, -13));
  a[0] = b[0] = 1.0;
  EXPECT_EQ(dot(0.0f, a, b), 1.0f + std::ldexp(1.0f, -22));
  // Cancellation: 2^30 - 2^30 + 1 + 2^-40 is 1 + 2^-40, which rounds to 1.
  EXPECT_EQ(dot(1.0f, {std::ldexp(1.0, 15), std::ldexp(1.0, 15), std::ldexp(1.0, -20)},
                {std::ldexp(1.0, 15), -std::ldexp(1.0, 15), std::ldexp(1.0, -20)}),
            1.0f);
}

TEST(EmuMma, TiesGoToEven) {
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: even is 1.
  EXPECT_EQ(dot(1.0f, {std::ldexp(1.0, -12)}, {std::ldexp(1.0, -12)}), 1.0f);
  // (1 + 2^-23) + 2^-24 is halfway between two floats whose even one is 1 + 2^-22.
  EXPECT_EQ(dot(1.0f + std::ldexp(1.0f, -23), {std::ldexp(1.0, -12)}, {std::ldexp(1.0, -12)}), 1.0f + std::ldexp(1.0f, -22));
  // A sticky bit below the half breaks the tie upwards.
  EXPECT_EQ(dot(1.0f, {std::ldexp(1.0, -12), std::ldexp(1.0, -40)}, {std::ldexp(1.0, -12), 1.0}), 1.0f + std::ldexp(1.0f, -23));
}

TEST(EmuMma, SubnormalsAndOverflowRoundAtTheirStep) {
  const double tiny = std::ldexp(1.0, -75);  // tiny * tiny = 2^-150, half the least subnormal
  EXPECT_EQ(bits(dot(0.0f, {tiny}, {tiny})), 0u);  // a tie to the even 0
  EXPECT_EQ(dot(0.0f, {tiny, tiny, tiny}, {tiny, tiny, tiny}), std::ldexp(1.0f, -148));  // 1.5 steps: the even 2
  EXPECT_EQ(bits(dot(0.0f, {tiny, tiny, tiny}, {tiny, tiny, -tiny})), 0u);  // 2^-150 exactly: the tie again
  EXPECT_EQ(dot(0.0f, {tiny, tiny}, {tiny, std::ldexp(tiny, -30)}), std::ldexp(1.0f, -149));  // just above the tie
  const float max = std::numeric_limits<float>::max();  // its last bit is odd: half its step rounds up, to infinity
  EXPECT_EQ(dot(max, {std::ldexp(1.0, 103)}, {1.0}), std::numeric_limits<float>::infinity());
  EXPECT_EQ(dot(max, {std::ldexp(1.0, 102)}, {1.0}), max);
  EXPECT_EQ(dot(-max, {-std::ldexp(1.0, 103)}, {1.0}), -std::numeric_limits<float>::infinity());
}

TEST(EmuMma, SpecialsAndZeros) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(bits(dot(0.0f, {inf}, {0.0})), 0x7fc00000u);  // inf * 0
  EXPECT_EQ(bits(dot(0.0f, {inf, inf}, {1.0, -1.0})), 0x7fc00000u);
  EXPECT_EQ(dot(1.0f, {inf, 2.0}, {1.0, 3.0}), std::numeric_limits<float>::infinity());
  EXPECT_EQ(bits(dot(-0.0f, {-0.0, 0.0}, {1.0, -1.0})), 0u);  // an exactly zero sum is +0
}

// The whole warp: A and B all ones give every d = c + 16, each lane its own c.
TEST(EmuMma, TheWarpComputesTogether) {
  std::vector<float> out(32 * 4, -1.0f);
  const std::uint16_t one = 0x3f80;  // bf16 1.0
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{32}}, [&] {
    const unsigned lane = lane_id();
    std::uint16_t a[8], b[4];
    float c[4];
    for (std::uint16_t& x : a) x = one;
    for (std::uint16_t& x : b) x = one;
    for (int i = 0; i < 4; ++i) c[i] = static_cast<float>(lane * 4 + static_cast<unsigned>(i));
    mma_m16n8k16_bf16(c, a, b, c);
    for (int i = 0; i < 4; ++i) out[lane * 4 + static_cast<unsigned>(i)] = c[i];
  });
  ASSERT_TRUE(r.ok) << r.message;
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], static_cast<float>(i) + 16.0f) << i;
}

TEST(EmuMma, APartialWarpIsReported) {
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{16}}, [&] {
    std::uint16_t a[8] = {}, b[4] = {};
    float c[4] = {};
    mma_m16n8k16_bf16(c, a, b, c);
  });
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.message.find("lane 16, which does not exist"), std::string::npos) << r.message;
}

// cp.async lands at the wait that retires its group: a source changed after the issue is what
// arrives, wait_group 1 leaves the newest group pending, wait_group 0 completes it.
TEST(EmuCpAsync, CopiesLandAtTheRetiringWait) {
  int src[2] = {1, 2}, dst[2] = {0, 0};
  int after_first_wait[2] = {}, after_second_wait[2] = {};
  const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{1}}, [&] {
    cp_async(&dst[0], &src[0], sizeof(int));
    cp_async_commit();
    cp_async(&dst[1], &src[1], sizeof(int));
    cp_async_commit();
    src[0] = 10;  // undefined on a GPU; here it shows when the copy happens
    src[1] = 20;
    cp_async_wait(1);
    std::memcpy(after_first_wait, dst, sizeof dst);
    cp_async_wait(0);
    std::memcpy(after_second_wait, dst, sizeof dst);
  });
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(after_first_wait[0], 10);
  EXPECT_EQ(after_first_wait[1], 0);
  EXPECT_EQ(after_second_wait[1], 20);
}

TEST(EmuCpAsync, ExitingWithCopiesOutstandingIsReported) {
  int src = 1, dst = 0;
  for (const bool commit : {true, false}) {
    const EmuResult r = run(EmuLaunch{Dim3{1}, Dim3{2}}, [&] {
      if (thread_idx().x != 1) return;
      cp_async(&dst, &src, sizeof(int));
      if (commit) cp_async_commit();
    });
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.message.find("thread (1, 0, 0) exited with cp.async copies not waited for"), std::string::npos) << r.message;
  }
  EXPECT_EQ(dst, 0);
}

}  // namespace
}  // namespace tf::emu
