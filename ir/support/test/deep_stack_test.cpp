#include "ir/support/deep_stack.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace tf {
namespace {

// One level of a recursion that keeps 4 KiB of its own on the stack (volatile, so that no
// optimizer folds it away or turns the call into a loop).
std::size_t descend(std::size_t levels) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(levels);
  frame[sizeof frame - 1] = frame[0];
  if (levels == 0) return 0;
  return descend(levels - 1) + 1 + static_cast<std::size_t>(frame[sizeof frame - 1] != frame[0]);
}

// 16,384 levels of 4 KiB take 64 MiB: eight times the 8 MiB of a main thread.
TEST(DeepStack, ARecursionDeeperThanAMainThreadsStackRuns) {
  EXPECT_EQ(with_stack(std::size_t{256} << 20, [] { return descend(16'384); }), 16'384u);
}

TEST(DeepStack, TheResultAndTheExceptionComeBack) {
  EXPECT_EQ(with_stack(std::size_t{1} << 20, [] { return std::string("done"); }), "done");
  EXPECT_THROW(run_with_stack(std::size_t{1} << 20, [] { throw std::runtime_error("thrown"); }), std::runtime_error);
}

}  // namespace
}  // namespace tf
