#include "ir/numerics/fp_environment.h"

#include <gtest/gtest.h>

#include <cfenv>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace tf::numerics {
namespace {

TEST(FpEnvironment, DefaultEnvironmentIsExact) {
  auto d = check_fp_environment();
  EXPECT_FALSE(d.has_value()) << d->render();
}

TEST(FpEnvironment, DetectsNonNearestRounding) {
  std::fesetround(FE_UPWARD);
  auto d = check_fp_environment();
  std::fesetround(FE_TONEAREST);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->message,
            "the host floating-point environment is not exact: the rounding mode is not "
            "round-to-nearest");
}

#if defined(__x86_64__)
TEST(FpEnvironment, DetectsFlushToZeroAndDenormalsAreZero) {
  unsigned saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040u);
  auto d = check_fp_environment();
  _mm_setcsr(saved);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->message,
            "the host floating-point environment is not exact: MXCSR flush-to-zero (FTZ) is set; "
            "MXCSR denormals-are-zero (DAZ) is set");
}
#endif

}  // namespace
}  // namespace tf::numerics
