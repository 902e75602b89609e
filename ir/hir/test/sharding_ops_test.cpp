// hir.sharding: Reshard and Local, their schemas, exact result types and every reject.
#include "ir/hir/sharding_ops.h"

#include <gtest/gtest.h>

#include "ir/core/expr_print.h"
#include "ir/core/type_infer.h"
#include "ir/hir/test/nn_test_util.h"
#include "ir/layout/composed_layout.h"

namespace tf::hir {
namespace {

using namespace test;

TEST(HirSharding, Schemas) {
  const Op reshard = *H().registry().find(kReshardOpName);
  EXPECT_EQ(reshard.surface(), "reshard");
  EXPECT_EQ(reshard.operand_count(), 1u);
  const ParamDef* layout = reshard.find_param("layout");
  EXPECT_EQ(layout->attr_kind, AttrKind::Layout);
  EXPECT_TRUE(layout->optional);
  EXPECT_EQ(reshard.find_param("storage")->attr_kind, AttrKind::Storage);
  EXPECT_TRUE(reshard.find_param("storage")->optional);
  const Op local = *H().registry().find(kLocalOpName);
  EXPECT_EQ(local.surface(), "local");
  EXPECT_EQ(H().registry().find_surface("hir", "local"), local);
  EXPECT_EQ(required_handlers(local), std::vector<HandlerKind>{HandlerKind::TypeInfer});
  EXPECT_EQ(required_handlers(reshard), std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
}

// covers: TYPES.2.TENSOR.reshard-preserves-shape
TEST(HirSharding, ReshardToAnotherShardLayoutKeepsTheLogicalShape) {
  const LayoutBase rows = sharded("(64,64):(64,1)", {S(0)});
  const LayoutBase cols = sharded("(64,64):(64,1)", {S(1)});
  VarRef x = tv("x", {64, 64}, DType::f32(), StorageKind::Gmem, rows);
  Result<CallRef> c = make_reshard(x, cols, std::nullopt, H());
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  const TensorType& t = *(*c)->type()->as<TensorType>();
  EXPECT_EQ(t.shape, (std::vector<ShapeDim>{64, 64}));
  EXPECT_EQ(t.dtype, DType::f32());
  EXPECT_EQ(t.layout, cols);
  EXPECT_EQ(t.storage, StorageKind::Gmem);
  // typeinfer of the constructed Call reports the same type.
  Result<IRType> inferred = infer_type(*c, H());
  ASSERT_TRUE(inferred.ok());
  EXPECT_EQ(to_string(*inferred), to_string((*c)->type()));
}

TEST(HirSharding, ReshardLayoutAndStorage) {
  const LayoutBase rows = sharded("(64,64):(64,1)", {S(0)});
  VarRef x = tv("x", {64, 64}, DType::bf16(), StorageKind::Gmem, rows);
  // No layout: x's type, also when the storage is restated.
  EXPECT_TRUE(make_reshard(x, std::nullopt, std::nullopt, H()).value()->type().same_as(x->type()));
  EXPECT_TRUE(
      make_reshard(x, std::nullopt, StorageKind::Gmem, H()).value()->type().same_as(x->type()));
  EXPECT_EQ(to_string(Expr(make_reshard(x, std::nullopt, std::nullopt, H()).value())),
            "hir.sharding.Reshard(x, layout=None, storage=None)");
  // A layout with a storage moves the value; the layout is kept verbatim.
  const LayoutBase frag = sharded("(64,64):(0,1)", {S(0)}, "(64):(1)");
  Result<CallRef> c = make_reshard(x, frag, StorageKind::Rmem, H());
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  EXPECT_EQ(type_of(c), "Tensor[(64, 64), bf16, layout=" + to_string(frag) + ", storage=rmem]");
  // A plain tensor resharded onto a mesh.
  VarRef p = tv("p", {64, 64}, DType::bf16(), std::nullopt);
  EXPECT_EQ(type_of(make_reshard(p, rows, StorageKind::Smem, H())),
            "Tensor[(64, 64), bf16, layout=" + to_string(rows) + ", storage=smem]");
}

TEST(HirSharding, ReshardRejects) {
  const LayoutBase rows = sharded("(64,64):(64,1)", {S(0)});
  VarRef x = tv("x", {64, 64}, DType::f32(), StorageKind::Gmem, rows);
  EXPECT_TRUE(Rejects(make_reshard(x, rows, StorageKind::Umat, H()),
                      "hir.sharding.Reshard: expected a concrete destination storage, found umat"));
  EXPECT_TRUE(Rejects(make_reshard(x, LayoutBase(L("(64,64):(64,1)")), std::nullopt, H()),
                      "hir.sharding.Reshard: expected layout to be a ShardLayout or None, found "
                      "Layout((64, 64), (64, 1))"));
  EXPECT_TRUE(Rejects(make_reshard(x, std::nullopt, StorageKind::Smem, H()),
                      "hir.sharding.Reshard: a storage change (gmem to smem) needs an explicit "
                      "layout: expected a ShardLayout layout alongside storage=smem, found "
                      "layout None"));
  VarRef n = tv("n", {4}, DType::f32(), std::nullopt);
  EXPECT_TRUE(Rejects(make_reshard(n, std::nullopt, StorageKind::Gmem, H()),
                      "a storage change (None to gmem) needs an explicit layout"));
}

TEST(HirSharding, LocalProjectsTheShape) {
  // Shared engine: each of 4 participants holds 16 rows at the base strides.
  VarRef x = tv("x", {64, 64}, DType::f32(), StorageKind::Gmem, sharded("(64,64):(64,1)", {S(0)}));
  Result<CallRef> c = make_local(x, H());
  EXPECT_EQ(type_of(c), "Tensor[(16, 64), f32, layout=Layout((16, 64), (64, 1))]");
  EXPECT_EQ(to_string(Expr(*c)), "hir.sharding.Local(x)");
  // One register engine per participant (stride 0 on the Split axis, D8).
  VarRef r = tv("r", {128, 12}, DType::bf16(), StorageKind::Rmem,
                sharded("(128,12):(0,1)", {S(0)}, "(128):(1)"));
  EXPECT_EQ(type_of(make_local(r, H())),
            "Tensor[(1, 12), bf16, layout=Layout((1, 12), (0, 1)), storage=rmem]");
  // Two mesh axes splitting both tensor axes; Broadcast and Partial divide nothing.
  VarRef two = tv("two", {8, 16}, DType::f32(), StorageKind::Gmem,
                  sharded("(8,16):(16,1)", {S(1), S(0)}, "(2,4):(4,1)"));
  EXPECT_EQ(type_of(make_local(two, H())), "Tensor[(2, 8), f32, layout=Layout((2, 8), (16, 1))]");
  VarRef rep =
      tv("rep", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P("sum")}));
  EXPECT_EQ(type_of(make_local(rep, H())), "Tensor[(8, 16), f32, layout=Layout((8, 16), (16, 1))]");
  // A nested ShardLayout applies both layers; the base is the innermost plain layout.
  const ShardLayout inner =
      tf::testing::ok(ShardLayout::make(L("(8,16):(16,1)"), {S(0)}, M("(2):(1)")));
  VarRef nested = tv("nested", {8, 16}, DType::f32(), StorageKind::Gmem,
                     tf::testing::ok(ShardLayout::make(inner, {S(1)}, M("(4):(1)"))));
  EXPECT_EQ(type_of(make_local(nested, H())),
            "Tensor[(4, 4), f32, layout=Layout((4, 4), (16, 1))]");
  // A ComposedLayout base is not modelled: the local layout is None.
  const ComposedLayout composed =
      tf::testing::ok(ComposedLayout::make(std::nullopt, 0, L("(8,4):(4,1)")));
  VarRef comp = tv("comp", {8, 4}, DType::f32(), StorageKind::Gmem,
                   tf::testing::ok(ShardLayout::make(composed, {S(0)}, M())));
  EXPECT_EQ(type_of(make_local(comp, H())), "Tensor[(2, 4), f32]");
}

TEST(HirSharding, LocalRejects) {
  EXPECT_TRUE(Rejects(make_local(tv("p", {4}, DType::f32()), H()),
                      "hir.sharding.Local: expected x to carry a ShardLayout, found layout None"));
  EXPECT_TRUE(Rejects(make_local(tv("l", {4}, DType::f32(), StorageKind::Rmem, L("(4):(1)")), H()),
                      "expected x to carry a ShardLayout, found layout Layout((4,), (1,))"));
  VarRef dyn =
      tv("dyn", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {Dynamic()}));
  Result<CallRef> d = make_local(dyn, H());
  EXPECT_EQ(rule_ids(d), Ids{"TYPES.2.1.LOCAL.unresolved-layout-raises"});
  EXPECT_TRUE(Rejects(d, "hir.sharding.Local: "));
  DimVarRef n = tf::test::dim("N", 1, 64);
  VarRef sym =
      tv("sym", {n, 64}, DType::f32(), StorageKind::Gmem, sharded("(N,64):(64,1)", {S(1)}));
  EXPECT_EQ(rule_ids(make_local(sym, H())), Ids{"TYPES.2.1.LOCAL.nonconcrete-extent-raises"});
}

}  // namespace
}  // namespace tf::hir
