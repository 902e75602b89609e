// Concat and Stack: exact values, empty inputs, negative axes, rank-0 inputs, symbolic extents.
#include <gtest/gtest.h>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

// covers TYPES.5.TUPLE.tuple-formal-exception
TEST(HirEvalConcat, JoinsAlongAnExistingAxis) {
  const Tensor a = f32({2, 1}, {1, 2}), b = f32({2, 2}, {3, 4, 5, 6});
  Value v = ok_value(run_body("r = concat(x, y, axis=-1)", {a, b}, "Tensor[(2, 3), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 3}, {1, 3, 4, 2, 5, 6})));
  v = ok_value(run_body("r = concat(x, y, x, axis=0)",
                        {f32({1, 2}, {1, 2}), f32({2, 2}, {3, 4, 5, 6})}, "Tensor[(4, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 2}, {1, 2, 3, 4, 5, 6, 1, 2})));
}

TEST(HirEvalConcat, EmptyInputsAndASingleInput) {
  Value v = ok_value(run_body("r = concat(x, y, axis=0)", {i64({0, 2}, {}), i64({1, 2}, {-1, 7})},
                              "Tensor[(1, 2), i64]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i64({1, 2}, {-1, 7})));
  v = ok_value(run_body("r = concat(x, axis=0)", {boolean({3}, {1, 0, 1})}, "Tensor[(3,), bool]"));
  EXPECT_TRUE(same_tensor(v.tensor(), boolean({3}, {1, 0, 1})));
}

TEST(HirEvalConcat, SymbolicAxisExtentsAddUpAtRunTime) {
  const std::string dims = "dim N = DimVar(\"N\", 1, 9)\ndim M = DimVar(\"M\", 1, 9)";
  const std::string src = dims + R"(
func f(x: Tensor[(N, 2), f32], y: Tensor[(M, 2), f32]) -> Tensor[(N + M, 2), f32] {
    r = concat(x, y, axis=0)
    return r
})";
  Result<Value> r = run_tfir(src, {f32({1, 2}, {1, 2}), f32({2, 2}, {3, 4, 5, 6})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({3, 2}, {1, 2, 3, 4, 5, 6})));
}

TEST(HirEvalStack, JoinsAlongANewAxis) {
  const Tensor a = f32({2, 2}, {0, 1, 4, 5}), b = f32({2, 2}, {2, 3, 6, 7});
  Value v = ok_value(run_body("r = stack(x, y, axis=0)", {a, b}, "Tensor[(2, 2, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 2, 2}, {0, 1, 4, 5, 2, 3, 6, 7})));
  v = ok_value(run_body("r = stack(x, y, axis=-1)", {a, b}, "Tensor[(2, 2, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 2, 2}, {0, 2, 1, 3, 4, 6, 5, 7})));
  v = ok_value(run_body("r = stack(x, y, axis=1)", {a, b}, "Tensor[(2, 2, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7})));
}

TEST(HirEvalStack, RankZeroAndEmptyInputs) {
  Value v = ok_value(run_body("r = stack(x, y, x, axis=0)", {i32({}, {5}), i32({}, {-6})},
                              "Tensor[(3,), i32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({3}, {5, -6, 5})));
  v = ok_value(run_body("r = stack(x, x, axis=1)", {f32({0}, {})}, "Tensor[(0, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({0, 2}, {})));
}

}  // namespace
}  // namespace tf::eval::testing
