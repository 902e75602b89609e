// The compute family's registration, and hir.tensor.Reduce (reduce_eval.cpp): every kind,
// keepdim, axes=(), empty-axis identities per dtype, rounding once, integer wrap-around.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "eval/hir/op_eval.h"
#include "eval/hir/test/compute_test_util.h"
#include "eval/hir/test/eval_testing.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::eval::testing {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(ComputeEval, EveryComputeOpHasAnEvalHandler) {
  const OpHandlers& h = eval_handlers();
  const OpRegistry& reg = h.registry();
  std::vector<Op> ops = {hir::tensor_op(hir::TensorOp::Reduce, reg),
                         hir::tensor_op(hir::TensorOp::Quant, reg),
                         hir::cuda_nn_op(hir::CudaNnOp::MmaSm80_16x8x16, reg),
                         hir::cuda_nn_op(hir::CudaNnOp::WgmmaSm90_64x128x16, reg)};
  for (hir::NnOp op : {hir::NnOp::MatMul, hir::NnOp::Conv2D, hir::NnOp::SoftMax,
                       hir::NnOp::LayerNorm, hir::NnOp::RMSNorm, hir::NnOp::RoPE})
    ops.push_back(hir::nn_op(op, reg));
  for (Op op : ops) EXPECT_TRUE(h.has<EvalHirHandler>(op)) << op.name();
}

// A function reducing x: Tensor[in] of `dtype` to Tensor[out]. The result keeps x's storage
// (gmem), which a rank-0 type must spell (its omitted storage is None).
std::string reduce_fn(const std::string& in, const std::string& out, const std::string& dtype,
                      const std::string& attrs) {
  return fmt::format(
      "func r(x: Tensor[{0}, {2}]) -> Tensor[{1}, {2}{4}] {{\n    y = reduce(x, {3})\n    "
      "return y\n}}\n",
      in, out, dtype, attrs, out == "()" ? ", storage=gmem" : "");
}

Tensor reduce_ok(const std::string& src, Tensor x) {
  Result<Value> r = run_tfir(src, {std::move(x)});
  EXPECT_TRUE(r.ok()) << error_text(r);
  return r.ok() ? r->tensor() : Tensor();
}

const std::vector<double> kX23 = {1, -5, 3, 4, 2, -6};

TEST(ReduceEval, EachKindOverTheLastAxis) {
  // HIR reference program 4. mean rounds -1/3 once from f64 to f32 (-0.33333334).
  const Tensor x = f32({2, 3}, kX23);
  auto run = [&](const char* kind) {
    return reduce_ok(reduce_fn("(2, 3)", "(2,)", "f32",
                               fmt::format("axes=(1,), keepdim=false, kind={}", kind)),
                     x);
  };
  EXPECT_TRUE(same_tensor(run("sum"), f32({2}, {-1, 0})));
  EXPECT_TRUE(same_tensor(run("mean"), f32({2}, {-1.0 / 3.0, 0})));
  EXPECT_TRUE(same_tensor(run("max"), f32({2}, {3, 4})));
  EXPECT_TRUE(same_tensor(run("abs_max"), f32({2}, {5, 6})));
}

TEST(ReduceEval, KeepdimAndSeveralAxes) {
  const Tensor x = f32({2, 3}, kX23);
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2, 3)", "(1, 3)", "f32", "axes=(0,), keepdim=true, kind=sum"), x),
      f32({1, 3}, {5, -3, -3})));
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2, 3)", "(1, 1)", "f32", "axes=(0, 1), keepdim=true, kind=mean"), x),
      f32({1, 1}, {-1.0 / 6.0})));
  // A negative axis counts from the end; the default kind is mean.
  EXPECT_TRUE(same_tensor(reduce_ok(reduce_fn("(2, 3)", "(2, 1)", "f32", "axes=(-1,)"), x),
                          f32({2, 1}, {-1.0 / 3.0, 0})));
}

TEST(ReduceEval, MiddleAxisOfRank3VisitsEveryElementOnce) {
  // x[i, j, k] = 100 i + 10 j + k over (2, 3, 4); the sum over j is 300 i + 30 + 3 k.
  std::vector<double> v;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) v.push_back(100 * i + 10 * j + k);
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 4; ++k) want.push_back(300 * i + 30 + 3 * k);
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2, 3, 4)", "(2, 4)", "i32", "axes=(1,), keepdim=false, kind=sum"),
                i32({2, 3, 4}, v)),
      i32({2, 4}, want)));
}

TEST(ReduceEval, EmptyAxesReduceNothing) {
  // docs/decisions.md D6: axes=() keeps the shape; each element passes through the kind alone.
  const Tensor x = f32({2}, {-2.5, 1});
  EXPECT_TRUE(same_tensor(reduce_ok(reduce_fn("(2,)", "(2,)", "f32", "axes=(), kind=sum"), x), x));
  EXPECT_TRUE(same_tensor(reduce_ok(reduce_fn("(2,)", "(2,)", "f32", "axes=(), kind=abs_max"), x),
                          f32({2}, {2.5, 1})));
}

TEST(ReduceEval, EmptyReducedAxisGivesEachKindsIdentity) {
  // HIR reference program 4: x of shape (2, 0) reduced over axis 1.
  auto run = [](const std::string& dtype, const std::string& kind) {
    Tensor x = Tensor::make(DType::from_name(dtype).value(), {2, 0});
    return reduce_ok(
        reduce_fn("(2, 0)", "(2,)", dtype, "axes=(1,), keepdim=false, kind=" + kind), x);
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(same_tensor(run("f32", "sum"), f32({2}, {0, 0})));
  EXPECT_TRUE(same_tensor(run("f32", "max"), f32({2}, {-kInf, -kInf})));
  EXPECT_TRUE(same_tensor(run("f32", "abs_max"), f32({2}, {0, 0})));
  EXPECT_TRUE(same_tensor(run("f32", "mean"), f32({2}, {nan, nan})));
  EXPECT_TRUE(same_tensor(run("i32", "max"), i32({2}, {-2147483648.0, -2147483648.0})));
  EXPECT_TRUE(same_tensor(run("i32", "sum"), i32({2}, {0, 0})));
  EXPECT_TRUE(same_tensor(run("fp8e4m3", "max"), tensor_of(DType::fp8e4m3(), {2}, {-448, -448})));
  EXPECT_TRUE(same_tensor(run("bf16", "max"), tensor_of(DType::bf16(), {2}, {-kInf, -kInf})));
  EXPECT_TRUE(same_tensor(run("f16", "max"), tensor_of(DType::f16(), {2}, {-kInf, -kInf})));
  Tensor least_e8m0 = Tensor::make(DType::f8e8m0(), {2});  // code 0x00 = 2^-127
  EXPECT_TRUE(same_tensor(run("f8e8m0", "max"), least_e8m0));
  EXPECT_TRUE(same_tensor(run("bool", "max"), boolean({2}, {0, 0})));
  EXPECT_TRUE(same_tensor(run("i64", "max"), i64({2}, {-9223372036854775808.0,
                                                      -9223372036854775808.0})));
}

TEST(ReduceEval, SumRoundsOnceFromF64ToTheResultDtype) {
  // 1 + 2^-8 + 2^-24 is exact in f64 and rounds up to 1 + 2^-7 in bf16. Rounding through f32
  // first would tie twice to even and give 1.
  const Tensor x = tensor_of(DType::bf16(), {3}, {1, std::ldexp(1.0, -8), std::ldexp(1.0, -24)});
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(3,)", "()", "bf16", "axes=(0,), keepdim=false, kind=sum"), x),
      tensor_of(DType::bf16(), {}, {1 + std::ldexp(1.0, -7)})));
}

TEST(ReduceEval, SumAccumulatesInF64InIndexOrder) {
  // In f32, 2^24 + 1 + 1 stays 2^24 (each +1 ties to even); the f64 sum is 2^24 + 2, exact in f32.
  const double big = std::ldexp(1.0, 24);
  const Tensor x = f32({3}, {big, 1, 1});
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(3,)", "()", "f32", "axes=(0,), keepdim=false, kind=sum"), x),
      f32({}, {big + 2})));
}

TEST(ReduceEval, SignedZerosNaNAndInfinities) {
  const std::string sum = reduce_fn("(2,)", "()", "f32", "axes=(0,), keepdim=false, kind=sum");
  const std::string max = reduce_fn("(3,)", "()", "f32", "axes=(0,), keepdim=false, kind=max");
  const std::string amax =
      reduce_fn("(3,)", "()", "f32", "axes=(0,), keepdim=false, kind=abs_max");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(same_tensor(reduce_ok(sum, f32({2}, {-0.0, -0.0})), f32({}, {-0.0})));
  EXPECT_TRUE(same_tensor(reduce_ok(sum, f32({2}, {-0.0, 0.0})), f32({}, {0.0})));
  EXPECT_TRUE(same_tensor(reduce_ok(sum, f32({2}, {kInf, -kInf})), f32({}, {nan})));
  EXPECT_TRUE(same_tensor(reduce_ok(max, f32({3}, {1, nan, 3})), f32({}, {nan})));
  EXPECT_TRUE(same_tensor(reduce_ok(amax, f32({3}, {1, -kInf, nan})), f32({}, {nan})));
  EXPECT_TRUE(same_tensor(reduce_ok(amax, f32({3}, {1, -kInf, 3})), f32({}, {kInf})));
  // Between equal maxima the first in index order is kept.
  EXPECT_TRUE(same_tensor(reduce_ok(max, f32({3}, {-0.0, 0.0, -1})), f32({}, {-0.0})));
}

TEST(ReduceEval, NarrowFloatSumRoundsWithTheDefaultSaturatingMode) {
  // fp8e4m3: 448 + 448 = 896 rounds once with D4's default (saturating) mode to 448.
  const Tensor x = tensor_of(DType::fp8e4m3(), {2}, {448, 448});
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2,)", "()", "fp8e4m3", "axes=(0,), keepdim=false, kind=sum"), x),
      tensor_of(DType::fp8e4m3(), {}, {448})));
}

TEST(ReduceEval, IntegerSumsWrapAndAbsMaxOfIntMinWraps) {
  // D6: integers accumulate in int64 and wrap to the result width.
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2,)", "()", "i32", "axes=(0,), keepdim=false, kind=sum"),
                i32({2}, {2147483647, 1})),
      i32({}, {-2147483648.0})));
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(2,)", "()", "i32", "axes=(0,), keepdim=false, kind=abs_max"),
                i32({2}, {-2147483648.0, 5})),
      i32({}, {-2147483648.0})));
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(3,)", "()", "i64", "axes=(0,), keepdim=false, kind=max"),
                i64({3}, {-7, 12, 3})),
      i64({}, {12})));
  // bool: sum and max are `any`.
  EXPECT_TRUE(same_tensor(
      reduce_ok(reduce_fn("(3,)", "()", "bool", "axes=(0,), keepdim=false, kind=sum"),
                boolean({3}, {0, 1, 1})),
      boolean({}, {1})));
}

TEST(ReduceEval, IntegerMeanIsAnEvalError) {
  Result<Value> r =
      run_tfir(reduce_fn("(2,)", "()", "i32", "axes=(0,), keepdim=false, kind=mean"),
               {i32({2}, {1, 2})});
  EXPECT_TRUE(fails_with(r, DiagCategory::Eval, "kind mean needs a float x, found i32"));
}

TEST(ReduceEval, SymbolicExtentIsResolvedAtRunTime) {
  // HIR reference program 12: sum over axis 1 of ones[N, 3] with N = 5.
  const std::string src = "dim N = DimVar(\"N\", 1, 17)\n" +
                          reduce_fn("(N, 3)", "(N,)", "f32", "axes=(1,), keepdim=false, kind=sum");
  Result<Value> r = run_tfir(src, {f32({5, 3}, std::vector<double>(15, 1.0))});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({5}, {3, 3, 3, 3, 3})));
}

}  // namespace
}  // namespace tf::eval::testing
