// Reshape, Transpose, Slice, Split and RepeatInterleave: exact values, size-1 and empty axes,
// negative axes, symbolic extents, and the run-time errors.
#include <gtest/gtest.h>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

constexpr const char* kDimN = "dim N = DimVar(\"N\", 0, 17)\ndim M = DimVar(\"M\", 1, 100)";

// covers TYPES.2.TENSOR.reshape-owns-shape-rewrite
TEST(HirEvalReshape, RowMajorReinterpretation) {
  const Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  Value v = ok_value(run_body("r = reshape(x, new_shape=(3, 2))", {x}, "Tensor[(3, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({3, 2}, {1, 2, 3, 4, 5, 6})));
  v = ok_value(run_body("r = reshape(x, new_shape=(6, 1, 1))", {x}, "Tensor[(6, 1, 1), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({6, 1, 1}, {1, 2, 3, 4, 5, 6})));
}

TEST(HirEvalReshape, RankZeroAndEmpty) {
  Value v = ok_value(run_body("r = reshape(x, new_shape=())", {i32({1, 1}, {-7})},
                              "Tensor[(), i32, storage=gmem]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({}, {-7})));
  v = ok_value(
      run_body("r = reshape(x, new_shape=(3, 0))", {f32({0, 3}, {})}, "Tensor[(3, 0), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({3, 0}, {})));
}

TEST(HirEvalReshape, AnUnboundDimVarEntryIsInferredFromTheElementCount) {
  // M appears in no parameter: its extent is inferred (6 elements / 2 = 3).
  const Tensor x = f32({6}, {1, 2, 3, 4, 5, 6});
  Value v = ok_value(run_body("a = reshape(x, new_shape=(M, 2))\n    r = transpose(a, perm=(1, 0))",
                              {x}, "Tensor[(2, M), f32]", kDimN));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 3}, {1, 3, 5, 2, 4, 6})));
}

TEST(HirEvalReshape, ElementCountMismatchAtRunTimeIsAnEvalError) {
  // N is only known at run time, so typeinfer cannot compare the counts.
  const std::string src = std::string(kDimN) + R"(
func f(x: Tensor[(N,), f32]) -> Tensor[(2, 3), f32] {
    r = reshape(x, new_shape=(2, 3))
    return r
}
func g(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    a = reshape(x, new_shape=(M, 2))
    r = reshape(a, new_shape=(N,))
    return r
})";
  Value v = ok_value(run_tfir(src, {f32({6}, {1, 2, 3, 4, 5, 6})}, "f"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 3}, {1, 2, 3, 4, 5, 6})));
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({5}, {1, 2, 3, 4, 5})}, "f"),
                    "cannot reshape (5,) (5 elements) to (2, 3) (6 elements)");
  // 7 elements do not divide into rows of 2.
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({7}, {1, 2, 3, 4, 5, 6, 7})}, "g"),
                    "cannot infer entry 0 of new_shape");
}

TEST(HirEvalTranspose, PermutesAxes) {
  const Tensor x = i32({2, 3}, {0, 1, 2, 3, 4, 5});
  Value v = ok_value(run_body("r = transpose(x, perm=(1, 0))", {x}, "Tensor[(3, 2), i32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({3, 2}, {0, 3, 1, 4, 2, 5})));
  // Negative entries count from the end: (-1, 0) is (1, 0).
  v = ok_value(run_body("r = transpose(x, perm=(-1, 0))", {x}, "Tensor[(3, 2), i32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i32({3, 2}, {0, 3, 1, 4, 2, 5})));
}

TEST(HirEvalTranspose, RankThreeWithSizeOneAndEmptyAxes) {
  // x[a][b][c] = 100a + 10b + c of shape (2, 1, 3); perm (2, 0, 1) gives out[c][a][b].
  const Tensor x = i64({2, 1, 3}, {0, 1, 2, 100, 101, 102});
  Value v = ok_value(run_body("r = transpose(x, perm=(2, 0, 1))", {x}, "Tensor[(3, 2, 1), i64]"));
  EXPECT_TRUE(same_tensor(v.tensor(), i64({3, 2, 1}, {0, 100, 1, 101, 2, 102})));
  v = ok_value(run_body("r = transpose(x, perm=(1, 0))", {f32({0, 4}, {})}, "Tensor[(4, 0), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({4, 0}, {})));
}

TEST(HirEvalSlice, StridedWindowsWithLiteralAndRuntimeStarts) {
  const Tensor x = f32({2, 5}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  Value v = ok_value(
      run_body("r = slice(x, (0, 1), sizes=(2, 2), strides=(1, 3))", {x}, "Tensor[(2, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 2}, {1, 4, 6, 9})));
  // A start from a run-time i32 scalar: elements 2, 4 and 6.
  const Tensor flat = f32({10}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  v = ok_value(run_body("r = slice(x, (y,), sizes=(3,), strides=(2,))", {flat, i32({}, {2})},
                        "Tensor[(3,), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({3}, {2, 4, 6})));
}

TEST(HirEvalSlice, TheWindowIsTheElementsItReads) {
  // start 1, size 2, stride 3 on extent 5 reads 1 and 4: inside, though 1 + 2 * 3 > 5.
  const Tensor x = f32({5}, {0, 1, 2, 3, 4});
  Value v =
      ok_value(run_body("r = slice(x, (1,), sizes=(2,), strides=(3,))", {x}, "Tensor[(2,), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2}, {1, 4})));
  // An empty window may start at the extent itself.
  v = ok_value(run_body("r = slice(x, (5,), sizes=(0,), strides=(1,))", {x}, "Tensor[(0,), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({0}, {})));
}

TEST(HirEvalSlice, StartsOutsideTheExtentAreEvalErrors) {
  const Tensor x = f32({4}, {0, 1, 2, 3});
  EXPECT_EVAL_ERROR(
      run_body("r = slice(x, (3,), sizes=(2,), strides=(1,))", {x}, "Tensor[(2,), f32]"),
      "the window start 3, size 2, stride 1 on axis 0 is out of range for the extent 4");
  EXPECT_EVAL_ERROR(run_body("r = slice(x, (y,), sizes=(2,), strides=(1,))", {x, i64({}, {-1})},
                             "Tensor[(2,), f32]"),
                    "start -1 on axis 0 is negative");
  EXPECT_EVAL_ERROR(
      run_body("r = slice(x, (5,), sizes=(0,), strides=(1,))", {x}, "Tensor[(0,), f32]"),
      "is out of range for the extent 4");
}

// covers TYPES.5.TUPLE.multi-output-type
TEST(HirEvalSplit, EqualConsecutiveChunks) {
  const Tensor x = f32({2, 4}, {0, 1, 2, 3, 4, 5, 6, 7});
  Result<Value> r = run_body("r = split(x, axis=-1, num_splits=2)", {x},
                             "Tuple[Tensor[(2, 2), f32], Tensor[(2, 2), f32]]");
  ASSERT_TRUE(r.ok()) << error_text(r);
  ASSERT_EQ(r->items().size(), 2u);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({2, 2}, {0, 1, 4, 5})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({2, 2}, {2, 3, 6, 7})));
  r = run_body("r = split(x, axis=0, num_splits=1)", {x}, "Tuple[Tensor[(2, 4), f32]]");
  ASSERT_TRUE(r.ok()) << error_text(r);
  ASSERT_EQ(r->items().size(), 1u);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), x));
}

TEST(HirEvalSplit, ARuntimeIndivisibleExtentIsAnEvalError) {
  const std::string src = std::string(kDimN) + R"(
func f(x: Tensor[(N,), f32]) -> Tensor[(N // 2,), f32] {
    p = split(x, axis=0, num_splits=2)
    r = tuple_get_item(p, index=1)
    return r
})";
  Value v = ok_value(run_tfir(src, {f32({4}, {1, 2, 3, 4})}));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2}, {3, 4})));
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({3}, {1, 2, 3})}),
                    "axis 0 extent 3 is not divisible by num_splits 2");
}

TEST(HirEvalRepeatInterleave, RepeatsEachElementConsecutively) {
  const Tensor x = f32({2, 2}, {1, 2, 3, 4});
  Value v =
      ok_value(run_body("r = repeat_interleave(x, repeats=2, axis=1)", {x}, "Tensor[(2, 4), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({2, 4}, {1, 1, 2, 2, 3, 3, 4, 4})));
  v = ok_value(
      run_body("r = repeat_interleave(x, repeats=3, axis=-2)", {x}, "Tensor[(6, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({6, 2}, {1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4})));
  v = ok_value(run_body("r = repeat_interleave(x, repeats=0, axis=0)", {x}, "Tensor[(0, 2), f32]"));
  EXPECT_TRUE(same_tensor(v.tensor(), f32({0, 2}, {})));
}

// Every simple dtype moves bit-exactly through the pure data movers (codes, never values).
TEST(HirEvalDataMovers, EveryDtypeMovesItsCodes) {
  for (DType d : simple_dtypes()) {
    SCOPED_TRACE(std::string(d.name()));
    const std::vector<std::uint64_t> c = pattern_codes(d, 6);
    const Tensor x = codes_of(d, {2, 3}, c);
    const std::string t32 = type_text(d, {3, 2});
    Value v = ok_value(run_body("r = transpose(x, perm=(1, 0))", {x}, t32));
    EXPECT_EQ(codes(v.tensor()), (std::vector<std::uint64_t>{c[0], c[3], c[1], c[4], c[2], c[5]}));
    v = ok_value(run_body("r = reshape(x, new_shape=(3, 2))", {x}, t32));
    EXPECT_EQ(codes(v.tensor()), c);
    v = ok_value(run_body("r = slice(x, (1, 0), sizes=(1, 2), strides=(1, 2))", {x},
                          type_text(d, {1, 2})));
    EXPECT_EQ(codes(v.tensor()), (std::vector<std::uint64_t>{c[3], c[5]}));
    v = ok_value(
        run_body("r = repeat_interleave(x, repeats=2, axis=0)", {x}, type_text(d, {4, 3})));
    EXPECT_EQ(codes(v.tensor()), (std::vector<std::uint64_t>{c[0], c[1], c[2], c[0], c[1], c[2],
                                                             c[3], c[4], c[5], c[3], c[4], c[5]}));
    v = ok_value(run_body("r = concat(x, x, axis=1)", {x}, type_text(d, {2, 6})));
    EXPECT_EQ(codes(v.tensor()), (std::vector<std::uint64_t>{c[0], c[1], c[2], c[0], c[1], c[2],
                                                             c[3], c[4], c[5], c[3], c[4], c[5]}));
    Result<Value> s = run_body("r = split(x, axis=1, num_splits=3)", {x},
                               fmt::format("Tuple[{0}, {0}, {0}]", type_text(d, {2, 1})));
    ASSERT_TRUE(s.ok()) << error_text(s);
    EXPECT_EQ(codes(s->items()[2].tensor()), (std::vector<std::uint64_t>{c[2], c[5]}));
    EXPECT_EQ(v.tensor().dtype(), d);
  }
}

}  // namespace
}  // namespace tf::eval::testing
