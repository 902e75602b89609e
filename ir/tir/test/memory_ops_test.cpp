// The value ops of tir.memory: their result types (typeinfer) and refusals.
#include <gtest/gtest.h>

#include "ir/core/structural.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/memory_typeinfer.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf::tir {
namespace {

using namespace test;

Result<CallRef> value(TirOp which, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) {
  return make_value_call(which, std::move(args), std::move(attrs), tables().handlers());
}
Result<CallRef> alloc(TensorTypeRef t) {
  return value(TirOp::AllocTensor, {}, {{"tensor_type", IRType(t)}});
}
std::string type_of(const Result<CallRef>& c) {
  return c.ok() ? to_string((*c)->type()) : "error: " + c.diagnostics()[0].message;
}

// covers: TIR.2.3.MEMORY.alloctensor, TIR.1.3.VERIFY.alloc-as-let-value
TEST(TirMemoryOps, AllocTensorIsExactlyItsTensorType) {
  TensorTypeRef tt = tensor({4, 4}, DType::f16(), StorageKind::Smem);
  CallRef c = ok(alloc(tt));
  EXPECT_TRUE(structural_equal(c->type(), IRType(tt)));
  EXPECT_TRUE(c->args.empty());
  EXPECT_TRUE(LetStmt::make(var("v", tt), c, Sequential::empty()).ok());
  // Not a tensor type.
  EXPECT_FALSE(value(TirOp::AllocTensor, {}, {{"tensor_type", IRType(UnitType::make())}}).ok());
}

// covers: TIR.2.3.OPS.none-storage-rank0-only, TIR.2.3.OPS.no-umat
TEST(TirMemoryOps, AMemoryTensorCarriesAConcreteLevel) {
  EXPECT_EQ(rule_ids(alloc(tensor({4}, DType::f32(), std::nullopt))),
            Ids{"TIR.2.3.OPS.none-storage-rank0-only"});
  EXPECT_EQ(rule_ids(alloc(tensor({4}, DType::f32(), StorageKind::Umat))),
            Ids{"TIR.2.3.OPS.no-umat"});
  EXPECT_TRUE(alloc(tensor({}, DType::f32(), StorageKind::Rmem)).ok());
  EXPECT_TRUE(check_tir_memory_type(*TensorType::meta_scalar(DType::i64()), "n").empty());
  EXPECT_EQ(rule_ids(check_tir_memory_type(*tensor({2}, DType::i8(), std::nullopt), "p")),
            Ids{"TIR.2.3.OPS.none-storage-rank0-only"});
}

// covers: TIR.2.3.MEMORY.ptrof, TIR.2.3.MEMORY.memoryspan
TEST(TirMemoryOps, PtrOfAliasesAndMemorySpanReadsAPlainTensor) {
  VarRef a =
      var("a", tensor({128}, DType::f32(), StorageKind::Gmem,
                      LayoutBase(tf::test::layout(IntTuple::tuple({128}), IntTuple::tuple({1})))));
  CallRef p = ok(value(TirOp::PtrOf, {a}));
  EXPECT_TRUE(structural_equal(p->type(), a->type()));
  CallRef s = ok(value(TirOp::MemorySpan, {a}));
  EXPECT_EQ(to_string(s->type()), "Tensor[(128,), f32]");
  EXPECT_TRUE(LetStmt::make(var("s", s->type()), s, Sequential::empty()).ok());
  // A PtrOf result is accepted as TensorView.memory.
  VarRef ptr = var("ptr", p->type());
  Layout l = tf::test::layout(IntTuple::tuple({8, 16}), IntTuple::tuple({16, 1}));
  EXPECT_EQ(type_of(value(TirOp::TensorView, {ptr}, {{"layout", LayoutBase(l)}})),
            "Tensor[(8, 16), f32, layout=Layout((8, 16), (16, 1))]");
  // A shape element holds no memory.
  EXPECT_FALSE(value(TirOp::PtrOf, {var("n", TensorType::meta_scalar(DType::i64()))}).ok());
  EXPECT_FALSE(
      value(TirOp::MemorySpan, {var("u", tensor({4}, DType::f32(), StorageKind::Umat))}).ok());
}

// covers: TIR.2.3.MEMORY.tensorview, TIR.2.3.MEMORY.tensorview-shape-override
TEST(TirMemoryOps, TensorViewTakesItsShapeFromTheLayoutOrTheOverride) {
  VarRef a = var("a", tensor({128}, DType::bf16(), StorageKind::Smem));
  Layout flat = tf::test::layout(IntTuple::tuple({128}), IntTuple::tuple({1}));
  CallRef v = ok(value(TirOp::TensorView, {a}, {{"layout", LayoutBase(flat)}}));
  EXPECT_EQ(to_string(v->type()),
            "Tensor[(128,), bf16, layout=Layout((128,), (1,)), storage=smem]");
  // shape defaults to None.
  EXPECT_TRUE(std::holds_alternative<std::monostate>(v->attr("shape")));
  // A reshape of the 128 elements.
  Layout rows = tf::test::layout(IntTuple::tuple({8, 16}), IntTuple::tuple({16, 1}));
  std::vector<ShapeDim> shape = {8, 16};
  EXPECT_EQ(
      type_of(value(TirOp::TensorView, {a}, {{"layout", LayoutBase(rows)}, {"shape", shape}})),
      "Tensor[(8, 16), bf16, layout=Layout((8, 16), (16, 1)), storage=smem]");
  std::vector<ShapeDim> wrong = {8, 8};
  EXPECT_FALSE(
      value(TirOp::TensorView, {a}, {{"layout", LayoutBase(rows)}, {"shape", wrong}}).ok());
  // A ShardLayout: the logical view of its global domain, one extent per top-level mode.
  Mesh ctas = mesh("cta", 128, IntTuple::tuple({128}), IntTuple::tuple({1}));
  ShardLayout lg = ok(ShardLayout::make(
      tf::test::layout(IntTuple::tuple({128, 12}), IntTuple::tuple({12, 1})), {S(0)}, ctas));
  VarRef g = var("g", tensor({128, 12}, DType::f32()));
  CallRef sv = ok(value(TirOp::TensorView, {g}, {{"layout", LayoutBase(lg)}}));
  const TensorType& st = *sv->type()->as<TensorType>();
  EXPECT_EQ(st.shape, (std::vector<ShapeDim>{128, 12}));
  EXPECT_EQ(*st.layout, LayoutBase(lg));
  EXPECT_EQ(st.storage, StorageKind::Gmem);
  // The layout is required.
  EXPECT_FALSE(value(TirOp::TensorView, {g}).ok());
}

// The window start (memory_typeinfer.h): rank-0 integers, one per axis of the memory or one flat
// start, under a plain layout; the type is the one without a start.
TEST(TirMemoryOps, TensorViewStartCoordinatesAreRankZeroIntegersUnderAPlainLayout) {
  VarRef x = var("x", tensor({3, 8}, DType::f32()));
  VarRef k = var("k", tensor({}, DType::i64(), StorageKind::Rmem));
  VarRef i = var("i", tensor({}, DType::i32(), StorageKind::Rmem));
  Layout window = tf::test::layout(IntTuple::tuple({3, 2}), IntTuple::tuple({8, 1}));
  const NamedAttr at{"layout", LayoutBase(window)};
  const std::string type = "Tensor[(3, 2), f32, layout=Layout((3, 2), (8, 1))]";
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, i, k}, {at})), type);  // one per axis
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, k}, {at})), type);     // one flat start
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, i, k, k}, {at})),
            "error: tensor_view: 3 start coordinates for a memory of rank 2: give one per axis (2) or one flat start");
  VarRef f = var("f", tensor({}, DType::f32(), StorageKind::Rmem));
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, f}, {at})),
            "error: tensor_view: the start coordinate coordinates[0] is Tensor[(), f32, storage=rmem]; a start is a "
            "rank-0 integer");
  VarRef row = var("row", tensor({2}, DType::i64(), StorageKind::Rmem));
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, row}, {at})),
            "error: tensor_view: the start coordinate coordinates[0] is Tensor[(2,), i64, storage=rmem]; a start is a "
            "rank-0 integer");
  // Each refusal names the rule it answers to.
  Result<CallRef> three = value(TirOp::TensorView, {x, i, k, k}, {at});
  ASSERT_FALSE(three.ok());
  EXPECT_EQ(three.diagnostics()[0].rule_id, "TIR.2.3.MEMORY.tensorview");
  Mesh ctas = mesh("cta", 3, IntTuple::tuple({3}), IntTuple::tuple({1}));
  ShardLayout rows = ok(ShardLayout::make(window, {S(0)}, ctas));
  EXPECT_EQ(type_of(value(TirOp::TensorView, {x, k}, {{"layout", LayoutBase(rows)}})),
            "error: tensor_view: a ShardLayout view takes no start coordinates (it distributes the whole memory); view "
            "the window with a plain layout first");
}

TEST(TirMemoryOps, ASymbolicLayoutExtentBecomesItsDimVar) {
  VarRef a = var("a", tensor({dim("N", 1, 65)}, DType::f32()));
  Layout l = ok(Layout::make(IntTuple::tuple({IntSymbol{"N", 1, 65}}), IntTuple::tuple({1})));
  CallRef v = ok(value(TirOp::TensorView, {a}, {{"layout", LayoutBase(l)}}));
  const TensorType& t = *v->type()->as<TensorType>();
  ASSERT_EQ(t.shape.size(), 1u);
  ASSERT_NE(t.shape[0].dim_var(), nullptr);
  EXPECT_EQ(t.shape[0].dim_var()->name, "N");
}

}  // namespace
}  // namespace tf::tir
