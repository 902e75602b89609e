// hir.tensor shape rewrites and views: the exact result types and every reject of Reshape,
// Transpose, Slice, Split, Concat, Stack and RepeatInterleave.
#include <gtest/gtest.h>

#include "ir/dim/dim_ops.h"
#include "ir/hir/test/tensor_test_util.h"

namespace tf::hir {
namespace {

using namespace test;

using Dims = std::vector<ShapeDim>;
using Ints = std::vector<std::int64_t>;

// covers: TYPES.2.TENSOR.reshape-owns-shape-rewrite
TEST(HirTensorShape, ReshapeRewritesTheLogicalShape) {
  VarRef x = tv("x", {64, 64}, DType::f32());
  Result<CallRef> r = call(TensorOp::Reshape, {x}, {{"new_shape", Ints{4096}}});
  EXPECT_EQ(type_of(r), "Tensor[(4096,), f32]");
  DimVarRef n = tf::test::dim("N", 1, 128);
  VarRef y = tv("y", {n, 64}, DType::bf16(), StorageKind::Smem);
  EXPECT_EQ(type_of(call(TensorOp::Reshape, {y}, {{"new_shape", Dims{n, 8, 8}}})),
            "Tensor[(N, 8, 8), bf16, storage=smem]");
  // A C-order layout is re-derived over the new shape; any other layout gives None.
  VarRef c = tv("c", {4, 6}, DType::f32(), StorageKind::Rmem, L("(4,6):(6,1)"));
  EXPECT_EQ(type_of(call(TensorOp::Reshape, {c}, {{"new_shape", Ints{2, 12}}})),
            "Tensor[(2, 12), f32, layout=Layout((2, 12), (12, 1)), storage=rmem]");
  VarRef f = tv("f", {4, 6}, DType::f32(), StorageKind::Rmem, L("(4,6):(1,4)"));
  EXPECT_EQ(type_of(call(TensorOp::Reshape, {f}, {{"new_shape", Ints{24}}})),
            "Tensor[(24,), f32, storage=rmem]");
  EXPECT_EQ(msgs(call(TensorOp::Reshape, {x}, {{"new_shape", Ints{4000}}})),
            Msgs{"hir.tensor.Reshape: cannot reshape (64, 64) (4096 elements) to (4000,) (4000 "
                 "elements)"});
  Result<CallRef> neg = call(TensorOp::Reshape, {y}, {{"new_shape", Dims{n, -64}}});
  ASSERT_FALSE(neg.ok());
  EXPECT_EQ(rule_ids(neg), Ids{"TYPES.2.2.SIZE.reject-negative-extent"});
  EXPECT_TRUE(neg.diagnostics()[0].message.starts_with("hir.tensor.Reshape: "));
}

// Issue: robust against every input, class 4. Static extents whose arithmetic leaves int64 are
// a type error of the op (they were left as an unfoldable dim expression), and a reshape whose
// element count leaves int64 is refused (the count check was skipped).
TEST(HirTensorShape, ExtentArithmeticThatLeavesInt64IsATypeError) {
  const std::int64_t half = std::int64_t{1} << 62;
  VarRef big = tv("big", {half}, DType::f32());
  EXPECT_EQ(msgs(call(TensorOp::Concat, {big, big}, {{"axis", std::int64_t{0}}})),
            Msgs{"hir.tensor.Concat: an extent leaves int64: dim arithmetic 4611686018427387904 + "
                 "4611686018427387904 overflows int64"});
  VarRef x = tv("x", {4}, DType::f32());
  EXPECT_EQ(msgs(call(TensorOp::RepeatInterleave, {x},
                      {{"repeats", half}, {"axis", std::int64_t{0}}})),
            Msgs{"hir.tensor.RepeatInterleave: an extent leaves int64: dim arithmetic 4 * "
                 "4611686018427387904 overflows int64"});
  VarRef wide = tv("wide", {half, 4}, DType::f32());
  EXPECT_EQ(msgs(call(TensorOp::Reshape, {wide}, {{"new_shape", Ints{1}}})),
            Msgs{"hir.tensor.Reshape: cannot reshape (4611686018427387904, 4) (more than 2^63 - 1 "
                 "elements) to (1,) (1 elements)"});
}

TEST(HirTensorShape, TransposePermutesShapeAndLayout) {
  VarRef x = tv("x", {2, 3, 4}, DType::f16(), StorageKind::Smem, L("(2,3,4):(12,4,1)"));
  EXPECT_EQ(type_of(call(TensorOp::Transpose, {x}, {{"perm", Ints{2, 0, 1}}})),
            "Tensor[(4, 2, 3), f16, layout=Layout((4, 2, 3), (1, 12, 4)), storage=smem]");
  EXPECT_EQ(type_of(call(TensorOp::Transpose, {x}, {{"perm", Ints{-1, 1, 0}}})),
            "Tensor[(4, 3, 2), f16, layout=Layout((4, 3, 2), (1, 4, 12)), storage=smem]");
  EXPECT_EQ(msgs(call(TensorOp::Transpose, {x}, {{"perm", Ints{1, 0}}})),
            Msgs{"hir.tensor.Transpose: perm must have 3 entries (one per axis), got 2"});
  EXPECT_EQ(msgs(call(TensorOp::Transpose, {x}, {{"perm", Ints{0, 0, 1}}})),
            Msgs{"hir.tensor.Transpose: perm (0, 0, 1) is not a permutation of the axes 0 to 2"});
  EXPECT_EQ(msgs(call(TensorOp::Transpose, {x}, {{"perm", Ints{0, 1, 3}}})),
            Msgs{"hir.tensor.Transpose: perm (0, 1, 3) is not a permutation of the axes 0 to 2"});
}

TEST(HirTensorShape, SliceTakesSizesAndComposesAStaticLayout) {
  VarRef x = tv("x", {8, 16}, DType::f32(), StorageKind::Smem, L("(8,16):(16,1)"));
  Result<CallRef> s = call(TensorOp::Slice, {x, tuple({lit(2), lit(4)})},
                           {{"sizes", Ints{3, 4}}, {"strides", Ints{1, 2}}});
  EXPECT_EQ(type_of(s),
            "Tensor[(3, 4), f32, layout=ComposedLayout(inner=None, offset=36, "
            "outer=Layout((3, 4), (16, 2))), storage=smem]");
  // Runtime starts (an induction variable) give None.
  VarRef i = tv("i", {}, DType::i32(), StorageKind::Umat);
  EXPECT_EQ(type_of(call(TensorOp::Slice, {x, tuple({i, lit(0)})},
                         {{"sizes", Ints{1, 16}}, {"strides", Ints{1, 1}}})),
            "Tensor[(1, 16), f32, storage=smem]");
  EXPECT_EQ(msgs(call(TensorOp::Slice, {x, tuple({lit(0)})},
                      {{"sizes", Ints{1}}, {"strides", Ints{1, 1, 1}}})),
            (Msgs{"hir.tensor.Slice: starts must be a Tuple of 2 rank-0 i32 / i64 scalars (one "
                  "per axis), got Tuple[Tensor[(), i64, storage=None]]",
                  "hir.tensor.Slice: sizes must have 2 entries, got 1",
                  "hir.tensor.Slice: strides must have 2 entries, got 3"}));
  VarRef fs = tv("fs", {}, DType::f32(), std::nullopt);
  EXPECT_EQ(msgs(call(TensorOp::Slice, {x, tuple({fs, lit(0)})},
                      {{"sizes", Ints{1, 1}}, {"strides", Ints{1, 1}}})),
            Msgs{"hir.tensor.Slice: start 0 must be a rank-0 i32 or i64 scalar, got Tensor[(), "
                 "f32, storage=None]"});
  EXPECT_EQ(msgs(call(TensorOp::Slice, {x, tuple({lit(0), lit(0)})},
                      {{"sizes", Ints{-1, 2}}, {"strides", Ints{1, 0}}})),
            (Msgs{"hir.tensor.Slice: size -1 on axis 0 is negative",
                  "hir.tensor.Slice: stride 0 on axis 1 is not positive"}));
  // A bare (non-tuple) starts operand is a tensor, not a Tuple.
  EXPECT_EQ(
      msgs(call(TensorOp::Slice, {x, lit(0)}, {{"sizes", Ints{1, 1}}, {"strides", Ints{1, 1}}})),
      Msgs{"hir.tensor.Slice: starts must be a Tuple of 2 rank-0 i32 / i64 scalars (one "
           "per axis), got Tensor[(), i64, storage=None]"});
  // Slice takes tuple operands, but only its starts may be one.
  Expr pair = tuple({x, x});
  EXPECT_EQ(rule_ids(call(TensorOp::Slice, {pair, tuple({lit(0), lit(0)})},
                          {{"sizes", Ints{1, 1}}, {"strides", Ints{1, 1}}})),
            Ids{"TYPES.5.TUPLE.not-op-input"});
  // Narrowing an axis that a Split shards.
  VarRef sh = tv("sh", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(0)}));
  EXPECT_EQ(msgs(call(TensorOp::Slice, {sh, tuple({lit(0), lit(0)})},
                      {{"sizes", Ints{4, 16}}, {"strides", Ints{1, 1}}})),
            Msgs{"hir.tensor.Slice: narrows axis 0, which a Split shards; only the whole extent 8 "
                 "with stride 1 is allowed"});
  EXPECT_EQ(type_of(call(TensorOp::Slice, {sh, tuple({lit(0), lit(4)})},
                         {{"sizes", Ints{8, 4}}, {"strides", Ints{1, 1}}})),
            "Tensor[(8, 4), f32]");
}

// covers: TYPES.5.TUPLE.multi-output-type
TEST(HirTensorShape, SplitYieldsATupleOfEqualFields) {
  VarRef x = tv("x", {8, 4}, DType::f32());
  Result<CallRef> s =
      call(TensorOp::Split, {x}, {{"axis", std::int64_t{0}}, {"num_splits", std::int64_t{2}}});
  ASSERT_TRUE(s.ok()) << type_of(s);
  const IRType f44 = tensor({4, 4}, DType::f32());
  EXPECT_TRUE(structural_equal((*s)->type(), IRType(TupleType::make({f44, f44}).value())));
  EXPECT_EQ(type_of(s), "Tuple[Tensor[(4, 4), f32], Tensor[(4, 4), f32]]");
  // A symbolic extent is divided through simplify_dim.
  DimVarRef n = tf::test::dim("N", 2, 64);
  VarRef y = tv("y", {n}, DType::f32());
  EXPECT_EQ(type_of(call(TensorOp::Split, {y},
                         {{"axis", std::int64_t{-1}}, {"num_splits", std::int64_t{2}}})),
            "Tuple[Tensor[(N // 2,), f32], Tensor[(N // 2,), f32]]");
  EXPECT_EQ(msgs(call(TensorOp::Split, {x},
                      {{"axis", std::int64_t{2}}, {"num_splits", std::int64_t{0}}})),
            (Msgs{"hir.tensor.Split: axis 2 is out of range for rank 2 (expected -2 to 1)",
                  "hir.tensor.Split: num_splits must be positive, got 0"}));
  EXPECT_EQ(msgs(call(TensorOp::Split, {x},
                      {{"axis", std::int64_t{1}}, {"num_splits", std::int64_t{3}}})),
            Msgs{"hir.tensor.Split: axis 1 extent 4 is not divisible by num_splits 3"});
  VarRef sh = tv("sh", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {S(0)}));
  EXPECT_EQ(msgs(call(TensorOp::Split, {sh},
                      {{"axis", std::int64_t{0}}, {"num_splits", std::int64_t{2}}})),
            Msgs{"hir.tensor.Split: axis 0 is already Split across the mesh"});
}

// covers: TYPES.5.TUPLE.tuple-formal-exception
// Concat's tuple-of-Expr formal is its variadic operand (upstream docs/spec/core-ir.md): the tuple
// of two tensors binds to it and is accepted although Concat takes no TupleType operand.
TEST(HirTensorShape, ConcatAcceptsATupleOfTensorsAsItsFormal) {
  VarRef a = tv("a", {2, 3}, DType::f32());
  VarRef b = tv("b", {5, 3}, DType::f32());
  Result<CallRef> c = call(TensorOp::Concat, {a, b}, {{"axis", std::int64_t{0}}});
  ASSERT_TRUE(c.ok()) << type_of(c);
  EXPECT_EQ(type_of(c), "Tensor[(7, 3), f32]");
  EXPECT_EQ(to_string(Expr(*c)), "hir.tensor.Concat(a, b, axis=0)");
}

// covers: TYPES.4.FOLD.route-through-simplify-dim
TEST(HirTensorShape, ConcatSumsTheAxisThroughSimplifyDim) {
  VarRef a = tv("a", {3}, DType::f32());
  VarRef b = tv("b", {4}, DType::f32());
  Result<CallRef> c = call(TensorOp::Concat, {a, b}, {{"axis", std::int64_t{0}}});
  ASSERT_TRUE(c.ok());
  const ShapeDim& d = (*c)->type()->as<TensorType>()->shape[0];
  ASSERT_TRUE(d.is_static());  // the literal 7, not a DimAdd Call
  EXPECT_EQ(d.value(), 7);
  DimVarRef n = tf::test::dim("N", 1, 64);
  VarRef x = tv("x", {n, 2}, DType::f32());
  Result<CallRef> s =
      call(TensorOp::Concat, {x, tv("y", {4, 2}, DType::f32())}, {{"axis", std::int64_t{0}}});
  ASSERT_TRUE(s.ok()) << type_of(s);
  const ShapeDim& e = (*s)->type()->as<TensorType>()->shape[0];
  ASSERT_FALSE(e.is_static());
  const Call* add = e.expr()->as<Call>();
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(dim_op_kind(add->op), DimOpKind::Add);
  EXPECT_EQ(type_of(s), "Tensor[(N + 4, 2), f32]");
}

TEST(HirTensorShape, ConcatRejects) {
  VarRef a = tv("a", {2, 3}, DType::f32());
  auto axis0 = std::vector<NamedAttr>{{"axis", std::int64_t{0}}};
  EXPECT_EQ(msgs(call(TensorOp::Concat, {}, axis0)),
            Msgs{"hir.tensor.Concat: needs at least one input, got none"});
  EXPECT_EQ(msgs(call(TensorOp::Concat, {a, a}, {{"axis", std::int64_t{2}}})),
            Msgs{"hir.tensor.Concat: axis 2 is out of range for rank 2 (expected -2 to 1)"});
  EXPECT_EQ(msgs(call(TensorOp::Concat, {a, tv("r", {6}, DType::f32())}, axis0)),
            Msgs{"hir.tensor.Concat: input 1 has rank 1, input 0 has rank 2"});
  EXPECT_EQ(msgs(call(TensorOp::Concat, {a, tv("w", {2, 4}, DType::bf16())}, axis0)),
            (Msgs{"hir.tensor.Concat: input 1 has dtype bf16, input 0 has f32",
                  "hir.tensor.Concat: input 1 has extent 4 on axis 1, input 0 has 3"}));
  EXPECT_EQ(
      msgs(call(TensorOp::Concat, {a, tv("m", {2, 3}, DType::f32(), StorageKind::Smem)}, axis0)),
      Msgs{"hir.tensor.Concat: the operands live in different storages gmem and smem"});
  VarRef sh =
      tv("sh", {2, 3}, DType::f32(), StorageKind::Gmem, sharded("(2,3):(3,1)", {S(0)}, "(2):(1)"));
  EXPECT_EQ(msgs(call(TensorOp::Concat, {a, sh}, axis0)),
            Msgs{"hir.tensor.Concat: input 1 is Split on the concat axis 0"});
  EXPECT_EQ(type_of(call(TensorOp::Concat, {sh, sh}, {{"axis", std::int64_t{1}}})),
            "Tensor[(2, 6), f32]");
  // A plain layout gives the result a fresh C-order layout.
  VarRef r = tv("r", {2, 3}, DType::f32(), StorageKind::Rmem, L("(2,3):(1,2)"));
  EXPECT_EQ(type_of(call(TensorOp::Concat, {r, r}, {{"axis", std::int64_t{-1}}})),
            "Tensor[(2, 6), f32, layout=Layout((2, 6), (6, 1)), storage=rmem]");
}

TEST(HirTensorShape, StackInsertsAnAxis) {
  VarRef a = tv("a", {2, 3}, DType::i32(), StorageKind::Umat);
  VarRef b = tv("b", {2, 3}, DType::i32(), StorageKind::Rmem);
  EXPECT_EQ(type_of(call(TensorOp::Stack, {a, b, a}, {{"axis", std::int64_t{0}}})),
            "Tensor[(3, 2, 3), i32, storage=rmem]");
  EXPECT_EQ(type_of(call(TensorOp::Stack, {a, b}, {{"axis", std::int64_t{-1}}})),
            "Tensor[(2, 3, 2), i32, storage=rmem]");
  EXPECT_EQ(type_of(call(TensorOp::Stack, {a, a}, {{"axis", std::int64_t{2}}})),
            "Tensor[(2, 3, 2), i32, storage=umat]");
  EXPECT_EQ(msgs(call(TensorOp::Stack, {}, {{"axis", std::int64_t{0}}})),
            Msgs{"hir.tensor.Stack: needs at least one input, got none"});
  EXPECT_EQ(
      msgs(call(TensorOp::Stack, {a, tv("c", {3, 2}, DType::f32())}, {{"axis", std::int64_t{3}}})),
      (Msgs{"hir.tensor.Stack: input 1 has shape (3, 2), input 0 has (2, 3)",
            "hir.tensor.Stack: input 1 has dtype f32, input 0 has i32",
            "hir.tensor.Stack: axis 3 is out of range for rank 3 (expected -3 to 2)"}));
  EXPECT_EQ(msgs(call(TensorOp::Stack, {b, tv("m", {2, 3}, DType::i32(), StorageKind::Smem)},
                      {{"axis", std::int64_t{0}}})),
            Msgs{"hir.tensor.Stack: the operands live in different storages rmem and smem"});
}

TEST(HirTensorShape, RepeatInterleaveMultipliesTheAxis) {
  VarRef x = tv("x", {2, 3}, DType::f32(), StorageKind::Rmem, L("(2,3):(3,1)"));
  auto attrs = [](std::int64_t repeats, std::int64_t axis) {
    return std::vector<NamedAttr>{{"repeats", repeats}, {"axis", axis}};
  };
  EXPECT_EQ(type_of(call(TensorOp::RepeatInterleave, {x}, attrs(4, 1))),
            "Tensor[(2, 12), f32, storage=rmem]");  // layout None
  EXPECT_EQ(type_of(call(TensorOp::RepeatInterleave, {x}, attrs(0, 0))),
            "Tensor[(0, 3), f32, storage=rmem]");
  DimVarRef n = tf::test::dim("N", 1, 64);
  EXPECT_EQ(type_of(call(TensorOp::RepeatInterleave, {tv("y", {n}, DType::f32())}, attrs(2, 0))),
            "Tensor[(N * 2,), f32]");
  EXPECT_EQ(msgs(call(TensorOp::RepeatInterleave, {x}, attrs(-1, -3))),
            (Msgs{"hir.tensor.RepeatInterleave: axis -3 is out of range for rank 2 (expected -2 "
                  "to 1)",
                  "hir.tensor.RepeatInterleave: repeats must be >= 0, got -1"}));
  VarRef sh = tv("sh", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {S(0)}));
  EXPECT_EQ(msgs(call(TensorOp::RepeatInterleave, {sh}, attrs(2, 1))),
            Msgs{"hir.tensor.RepeatInterleave: x is sharded (a Split or Partial layout); "
                 "repeat_interleave takes an unsharded or replicated value"});
}

}  // namespace
}  // namespace tf::hir
