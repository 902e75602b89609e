// The shape and index family as a whole: every op has its handler, HIR reference programs
// 7, 8, 12 and 15 end to end, and block-scaled operands kept or refused by their blocks.
#include <gtest/gtest.h>

#include "eval/hir/op_eval.h"
#include "eval/hir/test/tensor_test_util.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::eval::testing {
namespace {

TEST(HirEvalTensorFamily, EveryShapeAndIndexOpHasAnEvalHandler) {
  const OpHandlers& h = eval_handlers();
  using hir::TensorOp;
  for (TensorOp op : hir::all_tensor_ops()) {
    // Cast, FullLike, Where (math) and Reduce, Quant (compute) belong to other families.
    if (op == TensorOp::Cast || op == TensorOp::FullLike || op == TensorOp::Where ||
        op == TensorOp::Reduce || op == TensorOp::Quant)
      continue;
    EXPECT_TRUE(h.has<EvalHirHandler>(hir::tensor_op(op, h.registry()))) << hir::tensor_op_name(op);
  }
  for (std::string_view name : {hir::kReshardOpName, hir::kLocalOpName})
    EXPECT_TRUE(h.has<EvalHirHandler>(*h.registry().find(name))) << name;
}

// Program 7: a view chain on an arange, and a slice window leaving its extent.
TEST(HirEvalPrograms, P07ViewChain) {
  const char* src = R"(
func chain() -> Tensor[(2, 2), i32] {
    a = arange(type=Tensor[(12,), i32])
    r = reshape(a, new_shape=(3, 4))
    t = transpose(r, perm=(1, 0))
    s = slice(t, (1, 0), sizes=(2, 2), strides=(2, 1))
    return s
}
func bad(x: Tensor[(4,), i32]) -> Tensor[(2,), i32] {
    s = slice(x, (3,), sizes=(2,), strides=(1,))
    return s
})";
  Result<Value> r = run_tfir(src, {}, "chain");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), i32({2, 2}, {1, 5, 3, 7})));
  EXPECT_EVAL_ERROR(run_tfir(src, {i32({4}, {0, 1, 2, 3})}, "bad"),
                    "is out of range for the extent 4");
}

// Program 8: split, tuple_get_item, concat and stack; an indivisible static split is a type
// error.
// covers TYPES.5.TUPLE.consumed-via-get-item
TEST(HirEvalPrograms, P08MultiOutputPlumbing) {
  const char* src = R"(
func parts(x: Tensor[(2, 4), f32]) -> Tuple[Tensor[(2, 4), f32], Tensor[(2, 2, 2), f32], Tensor[(2, 2, 2), f32]] {
    p = split(x, axis=1, num_splits=2)
    a = tuple_get_item(p, index=0)
    b = tuple_get_item(p, index=1)
    c = concat(b, a, axis=1)
    s0 = stack(a, b, axis=0)
    s1 = stack(a, b, axis=-1)
    return (c, s0, s1)
})";
  Result<Value> r = run_tfir(src, {f32({2, 4}, {0, 1, 2, 3, 4, 5, 6, 7})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({2, 4}, {2, 3, 0, 1, 6, 7, 4, 5})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({2, 2, 2}, {0, 1, 4, 5, 2, 3, 6, 7})));
  EXPECT_TRUE(same_tensor(r->items()[2].tensor(), f32({2, 2, 2}, {0, 2, 1, 3, 4, 6, 5, 7})));
  EXPECT_FAILS_WITH(run_body("p = split(x, axis=0, num_splits=2)\n    r = tuple_get_item(p, index=0)",
                          {f32({3}, {1, 2, 3})}, "Tensor[(1,), f32]"),
                 DiagCategory::Type, "not divisible by num_splits 2");
}

// Program 12: symbolic dims at run time (N = 5).
TEST(HirEvalPrograms, P12SymbolicDims) {
  const char* src = R"(dim N = DimVar("N", 1, 17)
func g(x: Tensor[(N, 3), f32]) -> Tuple[Tensor[(2,), i64, storage=umat], Tensor[(), i64, storage=umat], Tensor[(N,), i64], Tensor[((N + 1) // 2, 2), f32]] {
    s = shape_of(x)
    k = rank(x)
    a = arange(type=Tensor[(N,), i64], start=2, step=3)
    z = zeros(type=Tensor[((N + 1) // 2, 2), f32])
    return (s, k, a, z)
})";
  Result<Value> r = run_tfir(src, {f32({5, 3}, std::vector<double>(15, 1))});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), i64({2}, {5, 3})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), i64({}, {2})));
  EXPECT_TRUE(same_tensor(r->items()[2].tensor(), i64({5}, {2, 5, 8, 11, 14})));
  EXPECT_TRUE(same_tensor(r->items()[3].tensor(), f32({3, 2}, {0, 0, 0, 0, 0, 0})));
}

// Program 15: the indexing family.
TEST(HirEvalPrograms, P15IndexingFamily) {
  const char* src = R"(
func gather_add(x: Tensor[(4, 2), f32], idx: Tensor[(3,), i64]) -> Tuple[Tensor[(3, 2), f32], Tensor[(4, 2), f32]] {
    g = index_select(x, idx, dim=0)
    z = zeros(type=Tensor[(4, 2), f32])
    a = index_add(z, idx, g)
    return (g, a)
}
func copy(src: Tensor[(2, 2), f32], idx: Tensor[(2,), i64]) -> Tensor[(4, 2), f32] {
    z = zeros(type=Tensor[(4, 2), f32])
    c = index_copy(z, idx, src)
    return c
}
func top(x: Tensor[(5,), f32]) -> Tuple[Tensor[(2,), f32], Tensor[(2,), i64]] {
    t = topk(x, k=2)
    return t
}
func amax(x: Tensor[(2, 3), f32]) -> Tensor[(2,), i64] {
    m = argmax(x, axis=-1)
    return m
}
func rep(x: Tensor[(2, 2), f32]) -> Tensor[(2, 4), f32] {
    r = repeat_interleave(x, repeats=2, axis=1)
    return r
}
func cache(new: Tensor[(1, 2, 1, 2), f32], pos: Tensor[(), i32], s: Tensor[(), i32]) -> Tensor[(1, 4, 1, 2), f32] {
    z = zeros(type=Tensor[(1, 4, 1, 2), f32])
    c = cache_update(z, pos, s, new)
    return c
})";
  Result<Value> r =
      run_tfir(src, {f32({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), i64({3}, {2, 0, 2})}, "gather_add");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({3, 2}, {5, 6, 1, 2, 5, 6})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({4, 2}, {1, 2, 0, 0, 10, 12, 0, 0})));
  r = run_tfir(src, {f32({2, 2}, {9, 9, 8, 8}), i64({2}, {3, 1})}, "copy");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({4, 2}, {0, 0, 8, 8, 0, 0, 9, 9})));
  r = run_tfir(src, {f32({5}, {3, 1, 4, 1, 5})}, "top");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({2}, {5, 4})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), i64({2}, {4, 2})));
  r = run_tfir(src, {f32({2, 3}, {1, 3, 3, 2, 0, 1})}, "amax");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), i64({2}, {1, 0})));
  r = run_tfir(src, {f32({2, 2}, {1, 2, 3, 4})}, "rep");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({2, 4}, {1, 1, 2, 2, 3, 3, 4, 4})));
  const Tensor fresh = f32({1, 2, 1, 2}, {1, 2, 3, 4});
  r = run_tfir(src, {fresh, i32({}, {1}), i32({}, {1})}, "cache");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({1, 4, 1, 2}, {0, 0, 1, 2, 0, 0, 0, 0})));
  EXPECT_EVAL_ERROR(run_tfir(src, {fresh, i32({}, {3}), i32({}, {2})}, "cache"),
                    "cur_pos 3 + s 2 is out of range for cache.len 4");
  EXPECT_FAILS_WITH(run_body("r = index_copy(x, y, z)",
                          {f32({4, 2}, std::vector<double>(8, 0)), i32({2}, {3, 1}),
                           f32({2, 2}, {9, 9, 8, 8})},
                          "Tensor[(4, 2), f32]"),
                 DiagCategory::Type, "index must be a rank-1 i64 tensor");
}

// Block-scaled operands (D3): blocks run along the last axis; a mover keeps them when every
// output block is a whole input block, else it is an eval error naming the blocks.
Tensor mxfp4(const Shape& shape, const std::vector<double>& values) {
  std::vector<float> f(values.begin(), values.end());
  Result<Tensor> t = cast_tensor(from_f32(DType::f32(), shape, f), DType::mxfp4(),
                                 default_cast_options(DType::mxfp4()));
  EXPECT_TRUE(t.ok());
  return t.ok() ? *t : Tensor();
}

std::vector<double> ramp(int n, double scale) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(scale * ((i % 13) - 6));
  return v;
}

TEST(HirEvalBlockScaled, MoversThatKeepWholeBlocks) {
  const std::vector<double> a = ramp(64, 0.5), b = ramp(64, 4);
  const Tensor x = mxfp4({2, 32}, a), y = mxfp4({2, 32}, b);
  Value v = ok_value(run_body("r = reshape(x, new_shape=(1, 64))", {x}, "Tensor[(1, 64), MXFP4]"));
  EXPECT_TRUE(same_tensor(v.tensor(), mxfp4({1, 64}, a)));
  std::vector<double> ab = a;
  ab.insert(ab.end(), b.begin(), b.end());
  v = ok_value(run_body("r = concat(x, y, axis=0)", {x, y}, "Tensor[(4, 32), MXFP4]"));
  EXPECT_TRUE(same_tensor(v.tensor(), mxfp4({4, 32}, ab)));
  v = ok_value(
      run_body("r = index_select(x, y)", {x, i64({3}, {1, 1, 0})}, "Tensor[(3, 32), MXFP4]"));
  std::vector<double> sel(a.begin() + 32, a.end());
  sel.insert(sel.end(), a.begin() + 32, a.end());
  sel.insert(sel.end(), a.begin(), a.begin() + 32);
  EXPECT_TRUE(same_tensor(v.tensor(), mxfp4({3, 32}, sel)));
  v = ok_value(run_body("r = transpose(x, perm=(0, 1))", {x}, "Tensor[(2, 32), MXFP4]"));
  EXPECT_TRUE(same_tensor(v.tensor(), x));
}

TEST(HirEvalBlockScaled, MoversThatBreakBlocksOrComputeAreRefused) {
  const Tensor x = mxfp4({2, 32}, ramp(64, 1));
  EXPECT_EVAL_ERROR(run_body("r = transpose(x, perm=(1, 0))", {x}, "Tensor[(32, 2), MXFP4]"),
                    "cannot keep the blocks of the block-scaled MXFP4");
  // A window of whole-block size that starts mid-block.
  EXPECT_EVAL_ERROR(run_body("r = slice(x, (0, 16), sizes=(1, 32), strides=(1, 1))",
                             {mxfp4({1, 64}, ramp(64, 1))}, "Tensor[(1, 32), MXFP4]"),
                    "cannot keep the blocks");
  EXPECT_EVAL_ERROR(
      run_body("r = index_add(x, y, x)", {x, i64({2}, {0, 1})}, "Tensor[(2, 32), MXFP4]"),
      "cannot keep the blocks");
}

}  // namespace
}  // namespace tf::eval::testing
