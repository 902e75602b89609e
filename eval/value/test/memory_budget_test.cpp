// The memory budget (issue: robust against every input, class 1): every tensor allocation is
// charged before it happens and refunded when freed; a request over the budget, or one whose
// size overflows, is an exception the evaluator turns into a diagnostic.
#include "eval/value/memory_budget.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>

#include "eval/value/tensor.h"

namespace tf::eval {
namespace {

std::optional<MemoryBudgetExceeded> refusal(DType dtype, Shape shape) {
  try {
    (void)Tensor::make(dtype, std::move(shape));
  } catch (const MemoryBudgetExceeded& e) {
    return e;
  }
  return std::nullopt;
}

TEST(MemoryBudget, AllocationsAreChargedAndRefunded) {
  EXPECT_FALSE(MemoryBudgetScope::active());
  MemoryBudgetScope scope(1000);
  EXPECT_TRUE(MemoryBudgetScope::active());
  {
    Tensor a = Tensor::make(DType::f32(), {100});  // 400 bytes
    Tensor b = Tensor::make(DType::f32(), {100});  // 800 live
    std::optional<MemoryBudgetExceeded> no = refusal(DType::f32(), {100});
    ASSERT_TRUE(no.has_value());
    EXPECT_EQ(no->requested, 400);
    EXPECT_EQ(no->live, 800);
    EXPECT_EQ(no->limit, 1000);
    Tensor copy = a;  // shares the buffer: nothing more is charged
    EXPECT_FALSE(refusal(DType::f32(), {50}).has_value());  // 200 more fit exactly
  }
  // Everything above was freed: the whole budget is there again.
  EXPECT_FALSE(refusal(DType::f32(), {250}).has_value());
}

TEST(MemoryBudget, AnOverflowingSizeIsRefusedAsTheLargestRequest) {
  MemoryBudgetScope scope(std::numeric_limits<std::int64_t>::max() / 2);
  const std::int64_t big = std::int64_t{1} << 32;
  std::optional<MemoryBudgetExceeded> no = refusal(DType::f32(), {big, big, big});
  ASSERT_TRUE(no.has_value());
  EXPECT_EQ(no->requested, std::numeric_limits<std::int64_t>::max());
}

TEST(MemoryBudget, ScopesNestAndRestoreAndNoScopeIsUnlimited) {
  {
    MemoryBudgetScope outer(100);
    {
      MemoryBudgetScope inner(1'000'000);
      EXPECT_FALSE(refusal(DType::f32(), {1000}).has_value());
    }
    EXPECT_TRUE(refusal(DType::f32(), {1000}).has_value());
  }
  EXPECT_FALSE(MemoryBudgetScope::active());
  EXPECT_FALSE(refusal(DType::f32(), {1000}).has_value());
  EXPECT_GT(default_memory_budget(), 0);
}

// The planes of a block-scaled tensor are charged too: one byte per element code and per block
// scale (MXFP4 over 64 elements: 64 + 2 bytes), refunded when the last copy goes.
TEST(MemoryBudget, BlockScaledPlanesAreChargedAndRefunded) {
  MemoryBudgetScope scope(100);
  auto planes = [] {
    numerics::BlockScaledValue v;
    v.shape = {64};
    v.element_codes.assign(64, 0);
    v.block_scales.assign(2, 127);
    return v;
  };
  const DType mxfp4 = *DType::from_name("MXFP4");
  {
    Tensor a = Tensor::block_scaled(mxfp4, planes());  // 66 bytes live
    Tensor copy = a;
    try {
      (void)Tensor::block_scaled(mxfp4, planes());
      ADD_FAILURE() << "a second 66 bytes fit a budget of 100 with 66 live";
    } catch (const MemoryBudgetExceeded& e) {
      EXPECT_EQ(e.requested, 66);
      EXPECT_EQ(e.live, 66);
    }
  }
  EXPECT_NO_THROW((void)Tensor::block_scaled(mxfp4, planes()));
}

}  // namespace
}  // namespace tf::eval
