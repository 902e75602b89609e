// IndexSelect, IndexCopy, IndexAdd, InsertSlice and CacheUpdate: exact values, duplicate
// indices, dims other than 0, empty indices, and every run-time bound as an eval error.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

const Tensor kX42 = f32({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8});

TEST(HirEvalIndexSelect, GathersWholeSlabs) {
  Value v = ok_value(
      run_body("r = index_select(x, y)", {kX42, i64({3}, {2, 0, 2})}, "Tensor[(3, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({3, 2}, {5, 6, 1, 2, 5, 6})));
  v = ok_value(run_body("r = index_select(x, y, dim=-1)", {kX42, i32({3}, {1, 1, 0})},
                        "Tensor[(4, 3), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 3}, {2, 2, 1, 4, 4, 3, 6, 6, 5, 8, 8, 7})));
  v = ok_value(run_body("r = index_select(x, y)", {kX42, i64({0}, {})}, "Tensor[(0, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({0, 2}, {})));
}

TEST(HirEvalIndexSelect, IndicesOutsideTheExtentAreEvalErrors) {
  EXPECT_EVAL_ERROR(
      run_body("r = index_select(x, y)", {kX42, i64({2}, {0, 4})}, "Tensor[(2, 2), f32]"),
      "index entry 1 is 4, out of range [0, 4)");
  // No negative wrap-around (torch's index_select refuses them too).
  EXPECT_EVAL_ERROR(
      run_body("r = index_select(x, y)", {kX42, i32({1}, {-1})}, "Tensor[(1, 2), f32]"),
      "index entry 0 is -1, out of range [0, 4)");
}

TEST(HirEvalIndexCopy, ReplacesSlabsAndTheLastDuplicateWins) {
  const Tensor dst = f32({4, 2}, {0, 0, 0, 0, 0, 0, 0, 0});
  Value v =
      ok_value(run_body("r = index_copy(x, y, z)",
                        {dst, i64({2}, {3, 1}), f32({2, 2}, {9, 9, 8, 8})}, "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {0, 0, 8, 8, 0, 0, 9, 9})));
  v = ok_value(run_body("r = index_copy(x, y, z)",
                        {dst, i64({2}, {1, 1}), f32({2, 2}, {1, 1, 2, 2})}, "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {0, 0, 2, 2, 0, 0, 0, 0})));
  v = ok_value(run_body("r = index_copy(x, y, z, dim=1)",
                        {kX42, i64({1}, {0}), f32({4, 1}, {-1, -2, -3, -4})},
                        "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {-1, 2, -2, 4, -3, 6, -4, 8})));
}

TEST(HirEvalIndexCopy, AnI32IndexIsATypeErrorAndAnOutOfRangeIndexAnEvalError) {
  const Tensor dst = f32({4, 2}, {0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_FAILS_WITH(run_body("r = index_copy(x, y, z)", {dst, i32({1}, {0}), f32({1, 2}, {1, 2})},
                          "Tensor[(4, 2), f32]"),
                 DiagCategory::Type, "index must be a rank-1 i64 tensor");
  EXPECT_EVAL_ERROR(run_body("r = index_copy(x, y, z)", {dst, i64({1}, {7}), f32({1, 2}, {1, 2})},
                             "Tensor[(4, 2), f32]"),
                    "index entry 0 is 7, out of range [0, 4)");
}

TEST(HirEvalIndexAdd, DuplicatesAccumulate) {
  const Tensor dst = f32({4, 2}, {0, 0, 0, 0, 0, 0, 0, 0});
  Value v = ok_value(run_body("r = index_add(x, y, z)",
                              {dst, i64({3}, {2, 0, 2}), f32({3, 2}, {5, 6, 1, 2, 5, 6})},
                              "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {1, 2, 0, 0, 10, 12, 0, 0})));
  v = ok_value(run_body("r = index_add(x, y, z, dim=1)",
                        {i32({1, 3}, {1, 2, 3}), i32({2}, {2, 2}), i32({1, 2}, {10, 20})},
                        "Tensor[(1, 3), i32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({1, 3}, {1, 2, 33})));
}

TEST(HirEvalIndexAdd, EachAddRoundsToTheDtype) {
  // bf16 has 8 significant bits: 1 + 2^-8 ties to 1 at each add, so two adds of 2^-8 leave 1
  // (one rounding of the exact sum 1 + 2^-7 would give 1.0078125).
  const Tensor dst = tensor_of(DType::bf16(), {1}, {0});
  Value v = ok_value(
      run_body("r = index_add(x, y, z)",
               {dst, i64({3}, {0, 0, 0}),
                tensor_of(DType::bf16(), {3}, {1, std::ldexp(1.0, -8), std::ldexp(1.0, -8)})},
               "Tensor[(1,), bf16]"));
  EXPECT_TRUE(same_tensor(v.tensor(), tensor_of(DType::bf16(), {1}, {1})));
}

TEST(HirEvalIndexAdd, IntegersWrapBoolOrsAndUntouchedCodesStay) {
  Value v = ok_value(run_body("r = index_add(x, y, z)",
                              {i32({2}, {2147483647, 5}), i64({1}, {0}), i32({1}, {1})},
                              "Tensor[(2,), i32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({2}, {-2147483648.0, 5})));
  v = ok_value(run_body("r = index_add(x, y, z)",
                        {boolean({2}, {1, 0}), i64({2}, {0, 0}), boolean({2}, {1, 1})},
                        "Tensor[(2,), bool]"));
  EXPECT_TRUE(same_tensor(v.tensor(), boolean({2}, {1, 0})));
  // A NaN with a payload in a slot no index names keeps its exact code.
  const Tensor dst = codes_of(DType::f32(), {2}, {0x7fc00123, 0x3f800000});
  v = ok_value(
      run_body("r = index_add(x, y, z)", {dst, i64({1}, {1}), f32({1}, {2})}, "Tensor[(2,), f32]"));
  EXPECT_EQ(codes(v.tensor()), (std::vector<std::uint64_t>{0x7fc00123, 0x40400000}));
}

TEST(HirEvalInsertSlice, WritesTheWindowAtRuntimeOffsets) {
  const Tensor dst = f32({8}, {0, 0, 0, 0, 0, 0, 0, 0});
  Value v = ok_value(
      run_body("r = insert_slice(x, y, 2)", {dst, f32({3}, {1, 2, 3})}, "Tensor[(8,), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({8}, {0, 0, 1, 2, 3, 0, 0, 0})));
  v = ok_value(run_body("r = insert_slice(x, y, (z, 0))",
                        {kX42, f32({2, 2}, {-1, -2, -3, -4}), i32({}, {2})},
                        "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {1, 2, 3, 4, -1, -2, -3, -4})));
}

TEST(HirEvalInsertSlice, ARuntimeWindowOutsideDstIsAnEvalError) {
  const Tensor dst = f32({8}, {0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EVAL_ERROR(run_body("r = insert_slice(x, y, z)",
                             {dst, f32({4}, {1, 2, 3, 4}), i64({}, {6})}, "Tensor[(8,), f32]"),
                    "the window [6, 10) on axis 0 is out of range for dst extent 8");
  EXPECT_EVAL_ERROR(run_body("r = insert_slice(x, y, z)",
                             {dst, f32({4}, {1, 2, 3, 4}), i32({}, {-1})}, "Tensor[(8,), f32]"),
                    "the window [-1, 3) on axis 0 is out of range for dst extent 8");
}

constexpr const char* kCacheBody = "r = cache_update(x, y, z, w)";
const Tensor kCache = f32({1, 4, 1, 2}, {0, 0, 0, 0, 0, 0, 0, 0});
const Tensor kNew = f32({1, 2, 1, 2}, {1, 2, 3, 4});

TEST(HirEvalCacheUpdate, WritesTheFirstSRowsAtCurPos) {
  Value v = ok_value(run_body(kCacheBody, {kCache, i32({}, {1}), i32({}, {1}), kNew},
                              "Tensor[(1, 4, 1, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({1, 4, 1, 2}, {0, 0, 1, 2, 0, 0, 0, 0})));
  v = ok_value(run_body(kCacheBody, {kCache, i32({1}, {2}), i32({1}, {2}), kNew},
                        "Tensor[(1, 4, 1, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({1, 4, 1, 2}, {0, 0, 0, 0, 1, 2, 3, 4})));
}

TEST(HirEvalCacheUpdate, RuntimeBoundsAreEvalErrors) {
  const std::string t = "Tensor[(1, 4, 1, 2), f32]";
  EXPECT_EVAL_ERROR(run_body(kCacheBody, {kCache, i32({}, {3}), i32({}, {2}), kNew}, t),
                    "cur_pos 3 + s 2 is out of range for cache.len 4");
  EXPECT_EVAL_ERROR(run_body(kCacheBody, {kCache, i32({}, {-1}), i32({}, {1}), kNew}, t),
                    "cur_pos -1 is negative");
  EXPECT_EVAL_ERROR(run_body(kCacheBody, {kCache, i32({}, {0}), i32({}, {0}), kNew}, t),
                    "s 0 is out of range [1, new.len = 2]");
  EXPECT_EVAL_ERROR(run_body(kCacheBody, {kCache, i32({}, {0}), i32({}, {3}), kNew}, t),
                    "s 3 is out of range [1, new.len = 2]");
}

}  // namespace
}  // namespace tf::eval::testing
