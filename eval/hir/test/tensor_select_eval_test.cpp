// ArgMax and TopK: the first maximum, NaN maximal, -0 equal to +0, exact int64 comparison,
// ties to the lower index, smallest-k, symbolic k, and the run-time errors.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

constexpr double kNaN = NAN;

Tensor argmax(const Tensor& x, const std::string& attrs, const Shape& out) {
  // A rank-0 result keeps x's gmem storage.
  const std::string t =
      out.empty() ? "Tensor[(), i64, storage=gmem]" : type_text(DType::i64(), out);
  return ok_value(run_body("r = argmax(x" + attrs + ")", {x}, t)).tensor();
}

TEST(HirEvalArgMax, FirstMaximumAlongTheAxis) {
  const Tensor x = f32({2, 3}, {1, 3, 3, 2, 0, 1});
  EXPECT_TRUE(same_tensor(argmax(x, "", {2}), i64({2}, {1, 0})));
  EXPECT_TRUE(same_tensor(argmax(x, ", axis=0", {3}), i64({3}, {1, 0, 0})));
  EXPECT_TRUE(same_tensor(argmax(f32({1}, {4}), "", {}), i64({}, {0})));
}

TEST(HirEvalArgMax, NaNIsMaximalAndSignedZerosTie) {
  EXPECT_TRUE(same_tensor(argmax(f32({4}, {1, kNaN, 3, kNaN}), "", {}), i64({}, {1})));
  EXPECT_TRUE(same_tensor(argmax(f32({3}, {-0.0, 0.0, -1}), "", {}), i64({}, {0})));
  EXPECT_TRUE(
      same_tensor(argmax(tensor_of(DType::bf16(), {3}, {-2, 0.5, 0.25}), "", {}), i64({}, {1})));
}

TEST(HirEvalArgMax, IntegersCompareExactly) {
  // 2^53 and 2^53 + 1 are one f32 / f64 value; as int64 the second is larger.
  Tensor x = Tensor::make(DType::i64(), {2});
  x.set_code(0, std::uint64_t{1} << 53);
  x.set_code(1, (std::uint64_t{1} << 53) + 1);
  EXPECT_TRUE(same_tensor(argmax(x, "", {}), i64({}, {1})));
  EXPECT_TRUE(same_tensor(argmax(boolean({3}, {0, 1, 1}), "", {}), i64({}, {1})));
}

TEST(HirEvalArgMax, AnEmptyAxisIsAnEvalError) {
  EXPECT_EVAL_ERROR(run_body("r = argmax(x)", {f32({2, 0}, {})}, "Tensor[(2,), i64]"),
                    "axis 1 of shape (2, 0) is empty");
}

Result<Value> topk(const Tensor& x, const std::string& attrs, const Shape& out,
                   const std::string& prelude = {}) {
  return run_body(
      "r = topk(x, " + attrs + ")", {x},
      fmt::format("Tuple[{}, {}]", type_text(x.dtype(), out), type_text(DType::i64(), out)),
      prelude);
}

void expect_topk(const Result<Value>& r, const Tensor& values, const Tensor& indices) {
  ASSERT_TRUE(r.ok()) << error_text(r);
  ASSERT_EQ(r->items().size(), 2u);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), values));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), indices));
}

TEST(HirEvalTopK, LargestSortedDescending) {
  const Tensor x = f32({5}, {3, 1, 4, 1, 5});
  expect_topk(topk(x, "k=2", {2}), f32({2}, {5, 4}), i64({2}, {4, 2}));
  expect_topk(topk(x, "k=2, largest=false", {2}), f32({2}, {1, 1}), i64({2}, {1, 3}));
  expect_topk(topk(x, "k=0", {0}), f32({0}, {}), i64({0}, {}));
}

TEST(HirEvalTopK, TiesGoToTheLowerIndexAndNaNIsMaximal) {
  expect_topk(topk(i32({4}, {1, 3, 3, 2}), "k=2", {2}), i32({2}, {3, 3}), i64({2}, {1, 2}));
  const Tensor x = f32({4}, {1, kNaN, 3, -0.0});
  expect_topk(topk(x, "k=2", {2}), f32({2}, {kNaN, 3}), i64({2}, {1, 2}));
  expect_topk(topk(x, "k=3, largest=false", {3}), f32({3}, {-0.0, 1, 3}), i64({3}, {3, 0, 2}));
  // sorted=false keeps the same deterministic order.
  expect_topk(topk(x, "k=2, sorted=false", {2}), f32({2}, {kNaN, 3}), i64({2}, {1, 2}));
}

TEST(HirEvalTopK, AlongAnOuterAxisAndWithSymbolicK) {
  const Tensor x = f32({3, 2}, {1, 6, 5, 2, 3, 4});
  expect_topk(topk(x, "k=2, axis=0", {2, 2}), f32({2, 2}, {5, 6, 3, 4}), i64({2, 2}, {1, 0, 2, 2}));
  const std::string dims = "dim N = DimVar(\"N\", 1, 9)";
  const std::string src = dims + R"(
func f(x: Tensor[(N,), f32]) -> Tuple[Tensor[(N,), f32], Tensor[(N,), i64]] {
    r = topk(x, k=N, largest=false)
    return r
})";
  expect_topk(run_tfir(src, {f32({3}, {2, -1, 0})}), f32({3}, {-1, 0, 2}), i64({3}, {1, 2, 0}));
}

TEST(HirEvalTopK, KBeyondTheRuntimeExtentIsAnEvalError) {
  const std::string src = R"(dim N = DimVar("N", 1, 9)
func f(x: Tensor[(N,), f32]) -> Tuple[Tensor[(2,), f32], Tensor[(2,), i64]] {
    r = topk(x, k=2)
    return r
})";
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({1}, {5})}), "k 2 is out of range [0, 1]");
}

}  // namespace
}  // namespace tf::eval::testing
