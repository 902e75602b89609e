// hir.tensor reductions and selections: the exact result types and every reject of ArgMax,
// Reduce, TopK and Quant.
#include <gtest/gtest.h>

#include "ir/core/reduce_kind.h"
#include "ir/hir/tensor_enums.h"
#include "ir/hir/test/tensor_test_util.h"

namespace tf::hir {
namespace {

using namespace test;

using Ints = std::vector<std::int64_t>;

TEST(HirTensorReduce, ReduceKindNamesRoundTrip) {
  for (ReduceKind k : kAllReduceKinds) EXPECT_EQ(reduce_kind_from_name(reduce_kind_name(k)), k);
  EXPECT_EQ(reduce_kind_name(ReduceKind::AbsMax), "abs_max");
  EXPECT_FALSE(reduce_kind_from_name("ABS_MAX").has_value());
}

TEST(HirTensorReduce, ArgMaxDropsTheAxis) {
  VarRef x = tv("x", {4, 5, 6}, DType::f32(), StorageKind::Rmem);
  EXPECT_EQ(type_of(call(TensorOp::ArgMax, {x})), "Tensor[(4, 5), i64, storage=rmem]");
  EXPECT_EQ(type_of(call(TensorOp::ArgMax, {x}, {{"axis", std::int64_t{1}}})),
            "Tensor[(4, 6), i64, storage=rmem]");
  VarRef l = tv("l", {4, 5}, DType::f32(), StorageKind::Rmem, L("(4,5):(1,4)"));
  EXPECT_EQ(type_of(call(TensorOp::ArgMax, {l}, {{"axis", std::int64_t{0}}})),
            "Tensor[(5,), i64, layout=Layout((5,), (1,)), storage=rmem]");
  EXPECT_EQ(msgs(call(TensorOp::ArgMax, {tv("s", {}, DType::f32())})),
            Msgs{"hir.tensor.ArgMax: x must have rank >= 1, got rank 0"});
  EXPECT_EQ(msgs(call(TensorOp::ArgMax, {x}, {{"axis", std::int64_t{3}}})),
            Msgs{"hir.tensor.ArgMax: axis 3 is out of range for rank 3 (expected -3 to 2)"});
  VarRef sp = tv("sp", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {S(1)}));
  EXPECT_EQ(msgs(call(TensorOp::ArgMax, {sp})),
            Msgs{"hir.tensor.ArgMax: axis 1 is Split across the mesh"});
  EXPECT_EQ(type_of(call(TensorOp::ArgMax, {sp}, {{"axis", std::int64_t{0}}})),
            "Tensor[(4,), i64]");  // a sharded result layout is not modelled: None
  VarRef pa = tv("pa", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {P("max")}));
  EXPECT_EQ(msgs(call(TensorOp::ArgMax, {pa})),
            Msgs{"hir.tensor.ArgMax: x has a Partial(max) layout; hir.tensor.ArgMax accepts no "
                 "pending reduction (reshard it first)"});
}

TEST(HirTensorReduce, ReduceKeepsOrDropsAxes) {
  VarRef x = tv("x", {2, 3, 4}, DType::bf16(), StorageKind::Smem, L("(2,3,4):(12,4,1)"));
  using K = ReduceKind;
  auto reduce = [&](Ints axes, bool keepdim, K kind) {
    return call(TensorOp::Reduce, {x},
                {{"axes", axes}, {"keepdim", keepdim}, {"kind", enum_attr(kind)}});
  };
  EXPECT_EQ(type_of(reduce({1}, true, K::Sum)),
            "Tensor[(2, 1, 4), bf16, layout=Layout((2, 1, 4), (4, 4, 1)), storage=smem]");
  EXPECT_EQ(type_of(reduce({-1, 0}, false, K::Max)),
            "Tensor[(3,), bf16, layout=Layout((3,), (1,)), storage=smem]");
  EXPECT_EQ(type_of(reduce({0, 1, 2}, false, K::AbsMax)), "Tensor[(), bf16, storage=smem]");
  // docs/decisions.md D6: axes=() reduces nothing.
  EXPECT_EQ(type_of(reduce({}, false, K::Mean)),
            "Tensor[(2, 3, 4), bf16, layout=Layout((2, 3, 4), (12, 4, 1)), storage=smem]");
  Result<CallRef> dflt = call(TensorOp::Reduce, {x}, {{"axes", Ints{2}}});
  EXPECT_EQ(to_string(Expr(dflt.value())),
            "hir.tensor.Reduce(x, axes=(2,), keepdim=true, kind=mean)");
  EXPECT_EQ(enum_value<ReduceKind>(dflt.value()->attr("kind")), K::Mean);
  EXPECT_EQ(msgs(reduce({3, 0, -3}, true, K::Sum)),
            (Msgs{"hir.tensor.Reduce: axis 3 is out of range for rank 3 (expected -3 to 2)",
                  "hir.tensor.Reduce: axes names axis 0 twice"}));
  // The kind is an EnumAttr of ReduceKind's space: a spelling is refused when the Call binds,
  // and a spelling outside the space is the reader's type error (worded as the rule was).
  const Op op = tensor_op(TensorOp::Reduce, hir_handlers().registry());
  EXPECT_EQ(op.find_param("kind")->enum_space, &kReduceKindSpace);
  EXPECT_FALSE(call(TensorOp::Reduce, {x}, {{"axes", Ints{1}}, {"kind", std::string("sum")}}).ok());
  EXPECT_EQ(unknown_enum_spelling(op.name(), "kind", kReduceKindSpace, "prod").message,
            "hir.tensor.Reduce: unknown kind 'prod'; the kinds are mean, sum, abs_max, max");
  VarRef ps = tv("ps", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {P()}));
  VarRef pm = tv("pm", {8, 4}, DType::f32(), StorageKind::Gmem, sharded("(8,4):(4,1)", {P("max")}));
  auto on = [](VarRef v, K kind) {
    return call(TensorOp::Reduce, {v}, {{"axes", Ints{1}}, {"kind", enum_attr(kind)}});
  };
  EXPECT_EQ(type_of(on(ps, K::Sum)), "Tensor[(8, 1), f32]");
  EXPECT_EQ(type_of(on(ps, K::Mean)), "Tensor[(8, 1), f32]");
  EXPECT_EQ(type_of(on(pm, K::Max)), "Tensor[(8, 1), f32]");
  EXPECT_EQ(msgs(on(ps, K::Max)),
            Msgs{"hir.tensor.Reduce: kind max does not commute with x's Partial(sum); only sum / "
                 "mean over Partial(sum) and max over Partial(max) do"});
  EXPECT_EQ(msgs(on(pm, K::AbsMax)),
            Msgs{"hir.tensor.Reduce: kind abs_max does not commute with x's Partial(max); only "
                 "sum / mean over Partial(sum) and max over Partial(max) do"});
}

TEST(HirTensorReduce, TopKYieldsValuesAndIndices) {
  VarRef x = tv("x", {4, 16}, DType::f16(), StorageKind::Rmem);
  Result<CallRef> t = call(TensorOp::TopK, {x}, {{"k", std::int64_t{3}}});
  EXPECT_EQ(type_of(t),
            "Tuple[Tensor[(4, 3), f16, storage=rmem], Tensor[(4, 3), i64, "
            "storage=rmem]]");
  EXPECT_EQ(to_string(Expr(t.value())),
            "hir.tensor.TopK(x, k=3, axis=-1, largest=true, sorted=true)");
  DimVarRef k = tf::test::dim("K", 1, 17);
  EXPECT_EQ(type_of(call(TensorOp::TopK, {x}, {{"k", ShapeDim(k)}, {"sorted", false}})),
            "Tuple[Tensor[(4, K), f16, storage=rmem], Tensor[(4, K), i64, storage=rmem]]");
  DimVarRef big = tf::test::dim("K", 1, 18);
  EXPECT_EQ(msgs(call(TensorOp::TopK, {x}, {{"k", ShapeDim(big)}})),
            Msgs{"hir.tensor.TopK: k K may reach 17, beyond the extent 16 of axis 1"});
  EXPECT_EQ(msgs(call(TensorOp::TopK, {x}, {{"k", std::int64_t{17}}, {"axis", std::int64_t{1}}})),
            Msgs{"hir.tensor.TopK: k 17 exceeds the extent 16 of axis 1"});
  EXPECT_EQ(msgs(call(TensorOp::TopK, {x}, {{"k", std::int64_t{-1}}, {"axis", std::int64_t{2}}})),
            (Msgs{"hir.tensor.TopK: axis 2 is out of range for rank 2 (expected -2 to 1)",
                  "hir.tensor.TopK: k must be >= 0, got -1"}));
  EXPECT_EQ(msgs(call(TensorOp::TopK, {tv("s", {}, DType::f32())}, {{"k", std::int64_t{1}}})),
            Msgs{"hir.tensor.TopK: x must have rank >= 1, got rank 0"});
  VarRef sp = tv("sp", {8, 4}, DType::f32(), StorageKind::Gmem,
                 sharded("(8,4):(4,1)", {S(1), P()}, "(2,2):(2,1)"));
  EXPECT_EQ(msgs(call(TensorOp::TopK, {sp}, {{"k", std::int64_t{2}}})),
            (Msgs{"hir.tensor.TopK: x has a Partial(sum) layout; hir.tensor.TopK accepts no "
                  "pending reduction (reshard it first)",
                  "hir.tensor.TopK: axis 1 is Split across the mesh"}));
}

TEST(HirTensorReduce, QuantYieldsCodesAndScales) {
  VarRef x = tv("x", {4, 256}, DType::bf16());
  Result<CallRef> q = call(TensorOp::Quant, {x});
  EXPECT_EQ(type_of(q), "Tuple[Tensor[(4, 256), fp8e4m3], Tensor[(4, 2), f32]]");
  EXPECT_EQ(to_string(Expr(q.value())),
            "hir.tensor.Quant(x, scheme=per_token_group, group=128, target_dtype=fp8e4m3)");
  DimVarRef h = tf::test::dim("H", 64, 1024);
  EXPECT_EQ(type_of(call(TensorOp::Quant, {tv("y", {2, h}, DType::f32())},
                         {{"group", std::int64_t{64}}})),
            "Tuple[Tensor[(2, H), fp8e4m3], Tensor[(2, H // 64), f32]]");
  EXPECT_EQ(msgs(call(TensorOp::Quant, {x},
                      {{"scheme", enum_attr(QuantScheme::PerTokenGroup)},
                       {"group", std::int64_t{0}},
                       {"target_dtype", DType::fp8e5m2()}})),
            (Msgs{"hir.tensor.Quant: group must be a positive int, got 0",
                  "hir.tensor.Quant: target_dtype must be fp8e4m3, got fp8e5m2"}));
  // The scheme's space has upstream's one scheme; another is the reader's type error.
  EXPECT_EQ(unknown_enum_spelling("hir.tensor.Quant", "scheme", kQuantSchemeSpace, "per_tensor")
                .message,
            "hir.tensor.Quant: scheme must be per_token_group, got 'per_tensor'");
  EXPECT_EQ(msgs(call(TensorOp::Quant, {tv("s", {}, DType::f32())})),
            Msgs{"hir.tensor.Quant: x must have rank >= 1, got rank 0"});
  EXPECT_EQ(msgs(call(TensorOp::Quant, {x}, {{"group", std::int64_t{96}}})),
            Msgs{"hir.tensor.Quant: the last extent 256 is not divisible by group 96"});
  VarRef pa =
      tv("pa", {4, 256}, DType::f32(), StorageKind::Gmem, sharded("(4,256):(256,1)", {P()}));
  EXPECT_EQ(msgs(call(TensorOp::Quant, {pa})),
            Msgs{"hir.tensor.Quant: x has a Partial(sum) layout; hir.tensor.Quant accepts no "
                 "pending reduction (reshard it first)"});
}

}  // namespace
}  // namespace tf::hir
