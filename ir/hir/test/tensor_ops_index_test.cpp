// hir.tensor indexing and updates: the exact result types and every reject of IndexAdd,
// IndexCopy, IndexSelect, InsertSlice, CacheUpdate and Where.
#include <gtest/gtest.h>

#include <limits>

#include "ir/hir/test/tensor_test_util.h"

namespace tf::hir {
namespace {

using namespace test;

std::vector<NamedAttr> dim(std::int64_t d) {
  return {{"dim", d}};
}

TEST(HirTensorIndex, IndexAddAndIndexCopyKeepDst) {
  VarRef dst = tv("dst", {6, 4}, DType::f32());
  VarRef idx32 = tv("i", {3}, DType::i32());
  VarRef idx64 = tv("j", {3}, DType::i64());
  VarRef src = tv("src", {3, 4}, DType::f32());
  Result<CallRef> add = call(TensorOp::IndexAdd, {dst, idx32, src});
  ASSERT_TRUE(add.ok()) << type_of(add);
  EXPECT_TRUE((*add)->type().same_as(dst->type()));
  EXPECT_EQ(to_string(Expr(*add)), "hir.tensor.IndexAdd(dst, i, src, dim=0)");
  VarRef srcT = tv("t", {6, 3}, DType::f32());
  EXPECT_EQ(type_of(call(TensorOp::IndexCopy, {dst, idx64, srcT}, dim(-1))), "Tensor[(6, 4), f32]");
  // IndexCopy takes i64 indices only.
  EXPECT_EQ(msgs(call(TensorOp::IndexCopy, {dst, idx32, src})),
            Msgs{"hir.tensor.IndexCopy: index must be a rank-1 i64 tensor, got Tensor[(3,), i32]"});
  EXPECT_EQ(msgs(call(TensorOp::IndexAdd, {dst, tv("k", {3}, DType::f32()), src})),
            Msgs{"hir.tensor.IndexAdd: index must be a rank-1 i32 or i64 tensor, got "
                 "Tensor[(3,), f32]"});
  EXPECT_EQ(msgs(call(TensorOp::IndexAdd, {dst, idx32, tv("b", {3, 4}, DType::bf16())}, dim(2))),
            (Msgs{"hir.tensor.IndexAdd: dim 2 is out of range for rank 2 (expected -2 to 1)",
                  "hir.tensor.IndexAdd: src dtype bf16 differs from dst dtype f32"}));
  EXPECT_EQ(msgs(call(TensorOp::IndexAdd, {dst, idx32, tv("r", {3}, DType::f32())})),
            Msgs{"hir.tensor.IndexAdd: src has rank 1, dst has rank 2"});
  EXPECT_EQ(msgs(call(TensorOp::IndexAdd, {dst, idx32, tv("w", {2, 5}, DType::f32())})),
            (Msgs{"hir.tensor.IndexAdd: src extent 5 on axis 1 differs from dst extent 4",
                  "hir.tensor.IndexAdd: index has 3 entries but src has extent 2 on dim 0"}));
  VarRef split = tv("sp", {6, 4}, DType::f32(), StorageKind::Gmem, sharded("(6,4):(4,1)", {S(1)}));
  VarRef part = tv("pp", {3, 4}, DType::f32(), StorageKind::Gmem, sharded("(3,4):(4,1)", {P()}));
  EXPECT_EQ(msgs(call(TensorOp::IndexAdd, {split, idx32, part})),
            (Msgs{"hir.tensor.IndexAdd: dst is Split across the mesh; hir.tensor.IndexAdd takes "
                  "unsplit operands",
                  "hir.tensor.IndexAdd: src has a Partial(sum) layout; hir.tensor.IndexAdd "
                  "accepts no pending reduction (reshard it first)"}));
}

TEST(HirTensorIndex, IndexSelectGathersSlices) {
  VarRef x = tv("x", {10, 4}, DType::bf16(), StorageKind::Smem, L("(10,4):(4,1)"));
  DimVarRef n = tf::test::dim("N", 1, 32);
  VarRef idx = tv("i", {n}, DType::i64());
  EXPECT_EQ(type_of(call(TensorOp::IndexSelect, {x, idx})),
            "Tensor[(N, 4), bf16, layout=Layout((N, 4), (4, 1)), storage=smem]");
  EXPECT_EQ(type_of(call(TensorOp::IndexSelect, {x, tv("j", {3}, DType::i32())}, dim(1))),
            "Tensor[(10, 3), bf16, layout=Layout((10, 3), (3, 1)), storage=smem]");
  EXPECT_EQ(msgs(call(TensorOp::IndexSelect, {x, tv("k", {2, 2}, DType::i32())}, dim(-3))),
            (Msgs{"hir.tensor.IndexSelect: dim -3 is out of range for rank 2 (expected -2 to 1)",
                  "hir.tensor.IndexSelect: index must be a rank-1 i32 or i64 tensor, got "
                  "Tensor[(2, 2), i32]"}));
  VarRef two = tv("s2", {8, 4}, DType::f32(), StorageKind::Gmem,
                  sharded("(8,4):(4,1)", {S(0), S(1)}, "(2,2):(2,1)"));
  EXPECT_EQ(msgs(call(TensorOp::IndexSelect, {two, tv("j", {3}, DType::i32())})),
            Msgs{"hir.tensor.IndexSelect: x has 2 Splits, one of them on dim 0; a Split dim must "
                 "be the only Split"});
}

TEST(HirTensorIndex, InsertSliceKeepsDst) {
  VarRef dst = tv("dst", {8, 16}, DType::f32());
  VarRef up = tv("up", {2, 4}, DType::f32());
  VarRef i = tv("i", {}, DType::i32(), StorageKind::Umat);
  Result<CallRef> r = call(TensorOp::InsertSlice, {dst, up, tuple({i, lit(12)})});
  ASSERT_TRUE(r.ok()) << type_of(r);
  EXPECT_TRUE((*r)->type().same_as(dst->type()));
  // A rank-1 dst takes one bare scalar offset.
  VarRef row = tv("row", {16}, DType::f32());
  EXPECT_EQ(type_of(call(TensorOp::InsertSlice, {row, tv("u", {4}, DType::f32()), i})),
            "Tensor[(16,), f32]");
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice, {dst, up, i})),
            Msgs{"hir.tensor.InsertSlice: a bare scalar offset needs a rank-1 dst, got rank 2"});
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice, {dst, tv("w", {4}, DType::i32()), tuple({i})})),
            (Msgs{"hir.tensor.InsertSlice: update has rank 1, dst has rank 2",
                  "hir.tensor.InsertSlice: update dtype i32 differs from dst dtype f32",
                  "hir.tensor.InsertSlice: offsets has 1 entries, dst has rank 2"}));
  VarRef f = tv("f", {}, DType::f32(), std::nullopt);
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice, {dst, up, tuple({f, i})})),
            Msgs{"hir.tensor.InsertSlice: offset 0 must be a rank-0 i32 or i64 scalar, got "
                 "Tensor[(), f32, storage=None]"});
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice, {dst, up, tv("v", {2}, DType::i64())})),
            Msgs{"hir.tensor.InsertSlice: offsets must be a Tuple of rank-0 i32 / i64 scalars or "
                 "one such scalar, got Tensor[(2,), i64]"});
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice,
                      {dst, tv("big", {9, 4}, DType::f32()), tuple({lit(-1), lit(13)})})),
            (Msgs{"hir.tensor.InsertSlice: update extent 9 on axis 0 exceeds dst extent 8",
                  "hir.tensor.InsertSlice: offset -1 on axis 0 is negative",
                  "hir.tensor.InsertSlice: the window [13, 17) on axis 1 leaves dst extent 16"}));
  // The window's end is not computed by wrapping arithmetic (issue 15, class 4): an offset near
  // 2^63 is named as a sum instead of a negative end.
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice,
                      {dst, up, tuple({lit(0), lit(std::numeric_limits<std::int64_t>::max())})})),
            Msgs{"hir.tensor.InsertSlice: the window [9223372036854775807, 9223372036854775807 + 4) "
                 "on axis 1 leaves dst extent 16"});
  VarRef part = tv("p", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P()}));
  EXPECT_EQ(msgs(call(TensorOp::InsertSlice, {part, up, tuple({i, i})})),
            Msgs{"hir.tensor.InsertSlice: dst and update carry different Partial attrs (1 and "
                 "0)"});
}

TEST(HirTensorIndex, CacheUpdateKeepsTheCache) {
  DimVarRef b = tf::test::dim("B", 1, 8);
  VarRef cache = tv("cache", {b, 128, 8, 64}, DType::bf16());
  VarRef fresh = tv("new", {b, 4, 8, 64}, DType::bf16());
  VarRef pos = tv("pos", {}, DType::i32(), StorageKind::Umat);
  VarRef s = tv("s", {1, 1}, DType::i32());
  Result<CallRef> r = call(TensorOp::CacheUpdate, {cache, pos, s, fresh});
  ASSERT_TRUE(r.ok()) << type_of(r);
  EXPECT_TRUE((*r)->type().same_as(cache->type()));
  EXPECT_EQ(msgs(call(TensorOp::CacheUpdate, {tv("c3", {2, 8, 64}, DType::bf16()), pos, s, fresh})),
            Msgs{"hir.tensor.CacheUpdate: cache must be rank 4 [B, len, H, D], got rank 3"});
  EXPECT_EQ(msgs(call(TensorOp::CacheUpdate, {cache, pos, s, tv("n2", {4, 64}, DType::bf16())})),
            Msgs{"hir.tensor.CacheUpdate: new must be rank 4 [B, len, H, D], got rank 2"});
  EXPECT_EQ(msgs(call(TensorOp::CacheUpdate,
                      {cache, tv("p", {}, DType::i64()), tv("t", {2}, DType::i32()),
                       tv("n", {2, 200, 4, 64}, DType::f16())})),
            (Msgs{"hir.tensor.CacheUpdate: new dtype f16 differs from cache dtype bf16",
                  "hir.tensor.CacheUpdate: B differs: cache has B, new has 2",
                  "hir.tensor.CacheUpdate: H differs: cache has 8, new has 4",
                  "hir.tensor.CacheUpdate: new.len 200 exceeds cache.len 128",
                  "hir.tensor.CacheUpdate: cur_pos must be an i32 scalar (rank 0 or every extent "
                  "1), got Tensor[(), i64]",
                  "hir.tensor.CacheUpdate: s must be an i32 scalar (rank 0 or every extent 1), "
                  "got Tensor[(2,), i32]"}));
  VarRef rows = tv("rows", {2, 128, 8, 64}, DType::bf16(), StorageKind::Gmem,
                   sharded("(2,128,8,64):(65536,512,64,1)", {S(1)}));
  VarRef n4 = tv("n4", {2, 4, 8, 64}, DType::bf16());
  EXPECT_EQ(msgs(call(TensorOp::CacheUpdate, {rows, pos, s, n4})),
            Msgs{"hir.tensor.CacheUpdate: the row axis 1 is Split across the mesh; cache rows "
                 "cannot be sharded"});
  VarRef heads = tv("heads", {2, 128, 8, 64}, DType::bf16(), StorageKind::Gmem,
                    sharded("(2,128,8,64):(65536,512,64,1)", {S(2)}));
  EXPECT_EQ(msgs(call(TensorOp::CacheUpdate, {heads, pos, s, n4})),
            Msgs{"hir.tensor.CacheUpdate: cache and new are Split on different axes (a Split on "
                 "one side only)"});
  VarRef part = tv("part", {2, 4, 8, 64}, DType::bf16(), StorageKind::Gmem,
                   sharded("(2,4,8,64):(2048,512,64,1)", {P()}));
  EXPECT_EQ(
      msgs(call(TensorOp::CacheUpdate, {tv("c", {2, 128, 8, 64}, DType::bf16()), pos, s, part})),
      Msgs{"hir.tensor.CacheUpdate: cache and new carry different Partial attrs (0 and 1)"});
}

TEST(HirTensorIndex, WhereBroadcastsThreeWays) {
  VarRef c = tv("c", {4, 1}, DType::boolean());
  VarRef a = tv("a", {1, 3}, DType::f32(), StorageKind::Umat);
  VarRef b = tv("b", {3}, DType::f32(), StorageKind::Rmem);
  EXPECT_EQ(type_of(call(TensorOp::Where, {c, a, b})), "Tensor[(4, 3), f32, storage=rmem]");
  VarRef l = tv("l", {4, 3}, DType::f16(), StorageKind::Rmem, L("(4,3):(3,1)"));
  // A rank-0 operand's EMPTY_LAYOUT abstains from the anchoring.
  EXPECT_EQ(type_of(call(TensorOp::Where, {c, l, tv("s", {}, DType::f16(), StorageKind::Rmem)})),
            "Tensor[(4, 3), f16, layout=Layout((4, 3), (3, 1)), storage=rmem]");
  // A layout that does not describe the broadcast result is dropped.
  EXPECT_EQ(type_of(call(TensorOp::Where, {tv("w", {2, 4, 3}, DType::boolean()), l, l})),
            "Tensor[(2, 4, 3), f16, storage=rmem]");
  EXPECT_EQ(msgs(call(TensorOp::Where, {a, a, tv("i", {5}, DType::i32())})),
            (Msgs{"hir.tensor.Where: condition must be bool, got f32",
                  "hir.tensor.Where: input dtype f32 differs from other dtype i32 (no implicit "
                  "promotion; use cast)",
                  "hir.tensor.Where: shapes (1, 3) and (5,) do not broadcast: axis -1 has "
                  "extents 3 and 5"}));
  EXPECT_EQ(msgs(call(TensorOp::Where, {c, b, tv("m", {3}, DType::f32(), StorageKind::Smem)})),
            Msgs{"hir.tensor.Where: the operands live in different storages rmem and smem"});
  VarRef part =
      tv("p", {4, 3}, DType::f32(), StorageKind::Gmem, sharded("(4,3):(3,1)", {P("max")}));
  EXPECT_EQ(msgs(call(TensorOp::Where, {c, part, part})),
            (Msgs{"hir.tensor.Where: input has a Partial(max) layout; hir.tensor.Where accepts no "
                  "pending reduction (reshard it first)",
                  "hir.tensor.Where: other has a Partial(max) layout; hir.tensor.Where accepts no "
                  "pending reduction (reshard it first)"}));
}

}  // namespace
}  // namespace tf::hir
