// Extents, offsets and attributes at the edge of int64 (issue: robust against every input,
// class 4), found by an audit of the evaluator's shape arithmetic: each was a SIGSEGV (a wrapped
// buffer size, then writes past it), an internal error (SIGABRT from tf), a wrapped number in a
// message, or a run far past the memory budget. Empty tensors (an extent 0 beside huge ones) are
// how most of them reach the evaluator: they cost no memory, so no budget stops them first.
#include <gtest/gtest.h>

#include "eval/hir/test/eval_testing.h"
#include "eval/value/memory_budget.h"

namespace tf::eval::testing {
namespace {

std::string program(const std::string& result_type, const std::string& body) {
  return "func f(x: Tensor[(2,), f32]) -> " + result_type + " {\n" + body + "\n}\n";
}

// Empty operands whose product, (2^32, 2^32), has 2^64 elements: the integer path sized its
// buffer with a wrapped product (0) and wrote past it; the f16 path failed an internal check.
TEST(HirEvalExtremeExtents, MatMulWhoseResultPasses2To63ElementsIsRefused) {
  for (const char* dtype : {"i32", "f16", "f32"}) {
    const std::string t = dtype;
    const Result<Value> r = run_tfir(
        program("Tensor[(4294967296, 4294967296), " + t + "]",
                "    a = zeros(type=Tensor[(4294967296, 0), " + t + "])\n"
                "    b = zeros(type=Tensor[(0, 4294967296), " + t + "])\n"
                "    c = matmul(a, b)\n    return c"),
        {f32({2}, {1, 2})});
    EXPECT_EVAL_ERROR(r, "its result needs more than 2^63 bytes") << dtype;
  }
}

// The widened copies of the operands and the f32 result before rounding are charged: an f16
// (2048, 2048) operand (8 MiB) read twice needs two f32 copies of 16 MiB; with the 8 bytes of x
// the second does not fit in 40 MiB. Before, only the 16 MiB of tensors counted and the budget
// passed (1 GiB used at (16384, 16384) under 256M).
TEST(HirEvalExtremeExtents, MatMulScratchCountsAgainstTheMemoryBudget) {
  MemoryBudgetScope budget(40 << 20);
  const Result<Value> r = run_tfir(
      program("Tensor[(2048, 2048), f16]",
              "    a = zeros(type=Tensor[(2048, 2048), f16])\n"
              "    c = matmul(a, a)\n    return c"),
      {f32({2}, {1, 2})});
  EXPECT_EVAL_ERROR(r, "hir.nn.MatMul: its result needs 16777216 bytes with 25165832 live; the "
                       "memory budget is 41943040 bytes");
}

// An empty batch of (2^31, 0) matrices: no index list of 2^31 entries is built for no elements.
TEST(HirEvalExtremeExtents, MatMulOfAnEmptyBatchIsEmpty) {
  const Result<Value> r = run_tfir(
      program("Tensor[(2147483648, 0, 3), f32]",
              "    a = zeros(type=Tensor[(2147483648, 0, 2), f32])\n"
              "    b = zeros(type=Tensor[(2, 3), f32])\n"
              "    c = matmul(a, b)\n    return c"),
      {f32({2}, {1, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->tensor().shape(), (Shape{2147483648, 0, 3}));
}

// A (2^62, 4, 1, 1) result of an empty input: a SIGSEGV (i32) and an internal error (f32).
TEST(HirEvalExtremeExtents, Conv2DWhoseResultPasses2To63ElementsIsRefused) {
  for (const char* dtype : {"i32", "f32"}) {
    const std::string t = dtype;
    const std::string src =
        "func f(b: Tensor[(4,), " + t + "]) -> Tensor[(4611686018427387904, 4, 1, 1), " + t + "] {\n"
        "    x = zeros(type=Tensor[(4611686018427387904, 0, 1, 1), " + t + "])\n"
        "    w = zeros(type=Tensor[(4, 0, 1, 1), " + t + "])\n"
        "    y = conv2d(x, w, b, stride=(1, 1), padding=(0, 0), dilation=(1, 1), groups=1)\n"
        "    return y\n}\n";
    const Result<Value> r = run_tfir(src, {tensor_of(*DType::from_name(t), {4}, {1, 2, 3, 4})});
    EXPECT_EVAL_ERROR(r, "its result needs more than 2^63 bytes") << dtype;
  }
}

// Stride 2^62 and padding 2^62 - 1 over an image of 10 rows: three output rows, at image rows
// -(2^62 - 1), 1 and 2^62 + 1, of which only the middle one is inside. The geometry and the row
// positions pass 2^63 on the way (y * stride); they wrapped to an output extent of -1.
TEST(HirEvalExtremeExtents, Conv2DGeometryNear2To63IsExact) {
  const std::string src = R"(
func f(x: Tensor[(1, 1, 10, 1), f32], w: Tensor[(1, 1, 1, 1), f32], b: Tensor[(1,), f32]) -> Tensor[(1, 1, 3, 1), f32] {
    y = conv2d(x, w, b, stride=(4611686018427387904, 1), padding=(4611686018427387903, 0), dilation=(1, 1), groups=1)
    return y
}
)";
  std::vector<double> rows(10);
  for (int i = 0; i < 10; ++i) rows[i] = i + 1;
  const Result<Value> r = run_tfir(src, {f32({1, 1, 10, 1}, rows), f32({1, 1, 1, 1}, {2}), f32({1}, {0.5})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({1, 1, 3, 1}, {0.5, 2 * 2 + 0.5, 0.5})));
}

// Symbolic extents that typeinfer cannot add: N + N for N = 2^62 leaves int64 at run time (an
// internal error: a negative extent).
TEST(HirEvalExtremeExtents, ConcatWhoseExtentsAddPast2To63IsRefused) {
  const std::string src = R"(dim N = DimVar("N", 1, 9223372036854775807)
func f(x: Tensor[(2,), f32]) -> Tensor[(N + N, 0), f32] {
    z = zeros(type=Tensor[(N, 0), f32])
    c = concat(z, z, axis=0)
    return c
}
)";
  const Result<Value> r = run_tfir(src, {f32({2}, {1, 2})}, "f", {{"N", std::int64_t{1} << 62}});
  EXPECT_FALSE(r.ok());
  EXPECT_NE(error_text(r).find("more than 2^63 - 1"), std::string::npos) << error_text(r);
  const Result<Value> small = run_tfir(src, {f32({2}, {1, 2})}, "f", {{"N", 3}});
  ASSERT_TRUE(small.ok()) << error_text(small);
  EXPECT_EQ(small->tensor().shape(), (Shape{6, 0}));
}

// A run-time offset at INT64_MAX: the message showed the window's end wrapped to a negative.
TEST(HirEvalExtremeExtents, InsertSliceWindowPastInt64IsSpelledAsASum) {
  const std::string src = R"(
func f(dst: Tensor[(8,), f32], u: Tensor[(4,), f32], at: Tensor[(), i64]) -> Tensor[(8,), f32] {
    r = insert_slice(dst, u, at)
    return r
}
)";
  const Result<Value> r = run_tfir(src, {f32({8}, std::vector<double>(8, 0)), f32({4}, {1, 2, 3, 4}),
                                         codes_of(DType::i64(), {}, {0x7fffffffffffffffull})});
  EXPECT_EVAL_ERROR(r, "the window [9223372036854775807, 9223372036854775807 + 4) on axis 0 is "
                       "out of range for dst extent 8");
}

// An empty tensor whose other extents multiply past 2^63 is empty, in any order of its axes:
// broadcasting two of them failed an internal check, and zeros refused (2^32, 2^32, 0) as "more
// than 2^63 bytes" while it took (0, 2^32, 2^32).
TEST(HirEvalExtremeExtents, EmptyTensorsWithHugeExtentsAreEmpty) {
  Result<Value> r = run_tfir(
      program("Tensor[(4294967296, 4294967296, 0), f32]",
              "    a = zeros(type=Tensor[(4294967296, 1, 0), f32])\n"
              "    b = zeros(type=Tensor[(1, 4294967296, 0), f32])\n"
              "    c = add(a, b)\n    return c"),
      {f32({2}, {1, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->tensor().shape(), (Shape{4294967296, 4294967296, 0}));
  EXPECT_EQ(r->tensor().size(), 0);
  r = run_tfir(program("Tensor[(4294967296, 4294967296, 0), f32]",
                       "    z = zeros(type=Tensor[(4294967296, 4294967296, 0), f32])\n    return z"),
               {f32({2}, {1, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->tensor().size(), 0);
  // The empty axis first: row-major strides of (0, 2^32, 2^32) pass 2^63 (undefined behaviour
  // that UBSan reported), and a transpose walks them.
  r = run_tfir(program("Tensor[(4294967296, 4294967296, 0), f32]",
                       "    z = zeros(type=Tensor[(0, 4294967296, 4294967296), f32])\n"
                       "    t = transpose(z, perm=(2, 1, 0))\n    return t"),
               {f32({2}, {1, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->tensor().shape(), (Shape{4294967296, 4294967296, 0}));
}

// TopK along an axis of 2^40 of an empty tensor: no per-line order of 2^40 entries (8 TiB).
TEST(HirEvalExtremeExtents, TopKOfAnEmptyTensorAllocatesNoLine) {
  const Result<Value> r = run_tfir(
      "func f(x: Tensor[(2,), f32]) -> Tuple[Tensor[(0, 1), f32], Tensor[(0, 1), i64]] {\n"
      "    z = zeros(type=Tensor[(0, 1099511627776), f32])\n"
      "    t = topk(z, k=1)\n    return t\n}\n",
      {f32({2}, {1, 2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->items()[0].tensor().shape(), (Shape{0, 1}));
}

// num_splits is the arity of the result tuple: 2^62 threw std::length_error out of typeinfer
// (SIGABRT in tf check) and 10^7 took 3 GB. Above 65,536 it is an implementation limit.
TEST(HirEvalExtremeExtents, SplitIntoMoreThan65536PartsIsATypeError) {
  const Result<Value> r = run_tfir(
      program("Tensor[(0,), f32]",
              "    z = zeros(type=Tensor[(0,), f32])\n"
              "    p = split(z, axis=0, num_splits=4611686018427387904)\n"
              "    r = tuple_get_item(p, index=0)\n    return r"),
      {f32({2}, {1, 2})});
  EXPECT_FAILS_WITH(r, DiagCategory::Type,
                    "num_splits 4611686018427387904 is more than tf supports (65536)");
}

}  // namespace
}  // namespace tf::eval::testing
