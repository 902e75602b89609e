// Arange, Zeros, ShapeOf, Rank, and the identity of Reshard and Local: values from types and
// shapes, symbolic extents resolved at run time, wrapping, and unbound DimVars.
#include <gtest/gtest.h>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

Tensor made(const std::string& expr, const std::string& result) {
  return ok_value(run_body("r = " + expr, {}, result)).tensor();
}

TEST(HirEvalArange, StartPlusStepTimesK) {
  EXPECT_TRUE(
      same_tensor(made("arange(type=Tensor[(5,), i32], start=2, step=3)", "Tensor[(5,), i32]"),
                  i32({5}, {2, 5, 8, 11, 14})));
  EXPECT_TRUE(same_tensor(made("arange(type=Tensor[(3,), i64], start=-4)", "Tensor[(3,), i64]"),
                          i64({3}, {-4, -3, -2})));
  EXPECT_TRUE(
      same_tensor(made("arange(type=Tensor[(0,), i64])", "Tensor[(0,), i64]"), i64({0}, {})));
}

TEST(HirEvalArange, I32ResultsWrapToTheWidth) {
  // D6: integers compute in int64 and wrap to the result width.
  EXPECT_TRUE(
      same_tensor(made("arange(type=Tensor[(3,), i32], start=2147483646)", "Tensor[(3,), i32]"),
                  i32({3}, {2147483646, 2147483647, -2147483648.0})));
}

TEST(HirEvalZeros, CodeZeroOfEveryDtype) {
  for (DType d : simple_dtypes()) {
    SCOPED_TRACE(std::string(d.name()));
    const std::string t = type_text(d, {2, 3});
    const Tensor z = made("zeros(type=" + t + ")", t);
    EXPECT_EQ(z.dtype(), d);
    EXPECT_EQ(codes(z), std::vector<std::uint64_t>(6, 0));
  }
  EXPECT_TRUE(
      same_tensor(made("zeros(type=Tensor[(0, 2), f32])", "Tensor[(0, 2), f32]"), f32({0, 2}, {})));
}

TEST(HirEvalZeros, ABlockScaledTypeHoldsQuantizedZeros) {
  const Tensor z = made("zeros(type=Tensor[(1, 32), MXFP4])", "Tensor[(1, 32), MXFP4]");
  Result<Tensor> expected = cast_tensor(Tensor::make(DType::f32(), {1, 32}), DType::mxfp4(),
                                        default_cast_options(DType::mxfp4()));
  ASSERT_TRUE(expected.ok());
  EXPECT_TRUE(same_tensor(z, *expected));
  EXPECT_EQ(to_f32(z), std::vector<float>(32, 0.0f));
}

TEST(HirEvalZeros, AnUnboundDimVarIsAnError) {
  const std::string src = R"(dim N = DimVar("N", 1, 9)
dim M = DimVar("M", 1, 9)
func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    z = zeros(type=Tensor[(M,), f32])
    r = concat(x, z, axis=0)
    s = slice(r, (0,), sizes=(N,), strides=(1,))
    return s
})";
  Result<Value> r = run_tfir(src, {f32({2}, {1, 2})});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(error_text(r).find("M"), std::string::npos) << error_text(r);
}

TEST(HirEvalShapeOf, ExtentsAndRank) {
  EXPECT_TRUE(
      same_tensor(ok_value(run_body("r = shape_of(x)", {f32({5, 3}, std::vector<double>(15, 0))},
                                    "Tensor[(2,), i64, storage=umat]"))
                      .tensor(),
                  i64({2}, {5, 3})));
  EXPECT_TRUE(same_tensor(
      ok_value(run_body("r = shape_of(x)", {i32({}, {1})}, "Tensor[(0,), i64, storage=umat]"))
          .tensor(),
      i64({0}, {})));
  EXPECT_TRUE(same_tensor(
      ok_value(run_body("r = rank(x)", {f32({0, 1, 2}, {})}, "Tensor[(), i64, storage=umat]"))
          .tensor(),
      i64({}, {3})));
  EXPECT_TRUE(same_tensor(
      ok_value(run_body("r = rank(x)", {i32({}, {1})}, "Tensor[(), i64, storage=umat]")).tensor(),
      i64({}, {0})));
}

constexpr const char* kShard = R"(mesh cta4 = Mesh((Topology("cta", 4),), Layout((4,), (1,)))
layout L = ShardLayout(layout=Layout((8, 2), (2, 1)), attrs=(S(0),), mesh=cta4)
)";

// covers TYPES.2.TENSOR.reshard-preserves-shape
TEST(HirEvalSharding, ReshardAndLocalReturnTheirOperand) {
  // Single-participant model (docs/hir-semantics.md): Local keeps the full logical value although
  // its type states the local shape (2, 2).
  std::vector<double> vals;
  for (int i = 0; i < 16; ++i) vals.push_back(i - 7.5);
  const Tensor x = f32({8, 2}, vals);
  const std::string src = std::string(kShard) + R"(
func f(x: Tensor[(8, 2), f32]) -> Tensor[(8, 2), f32, layout=L] {
    r = reshard(x, layout=L)
    return r
}
func g(x: Tensor[(8, 2), f32, layout=L]) -> Tensor[(2, 2), f32, layout=Layout((2, 2), (2, 1))] {
    r = local(x)
    return r
})";
  Result<Value> r = run_tfir(src, {x}, "f");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), x));
  r = run_tfir(src, {x}, "g");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), x));
}

}  // namespace
}  // namespace tf::eval::testing
