// hir.nn: schemas, the exact result type of every op, and every typeinfer reject with its
// message (nn_ops.h states the rules).
#include "ir/hir/nn_ops.h"

#include <gtest/gtest.h>

#include <limits>

#include "ir/core/expr_print.h"
#include "ir/core/tuple.h"
#include "ir/hir/shard_axes.h"
#include "ir/hir/test/nn_test_util.h"
#include "ir/layout/shard_canonical.h"

namespace tf::hir {
namespace {

using namespace test;

Result<CallRef> nn(NnOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) {
  return make_nn(op, std::move(args), std::move(attrs), H());
}

// The canonical ShardLayout over `shape` on M() with `attrs` (what a sharded result carries).
LayoutBase canonical(std::vector<ShapeDim> shape, std::vector<ShardAttr> attrs) {
  return tf::testing::ok(canonical_shard_layout(shape_as_int_tuple(shape), M(), attrs));
}

std::optional<LayoutBase> layout_of(const Result<CallRef>& c) {
  if (!c.ok()) return std::nullopt;
  return (*c)->type()->as<TensorType>()->layout;
}

TEST(HirNn, SchemasSurfacesAndDefaults) {
  const OpRegistry& r = H().registry();
  for (NnOp op : kAllNnOps) EXPECT_EQ(nn_op(op, r).name(), nn_op_name(op));
  const std::pair<NnOp, const char*> surfaces[] = {
      {NnOp::MatMul, "matmul"},        {NnOp::Conv2D, "conv2d"}, {NnOp::ReLU, "relu"},
      {NnOp::Sigmoid, "sigmoid"},      {NnOp::Tanh, "tanh"},     {NnOp::SoftMax, "softmax"},
      {NnOp::LayerNorm, "layer_norm"}, {NnOp::Gelu, "gelu"},     {NnOp::Silu, "silu"},
      {NnOp::RMSNorm, "rms_norm"},     {NnOp::RoPE, "rope"}};
  for (auto [op, s] : surfaces) {
    EXPECT_EQ(nn_op(op, r).surface(), s);
    EXPECT_EQ(r.find_surface("hir", s), nn_op(op, r)) << s;
  }
  const Op conv = nn_op(NnOp::Conv2D, r);
  EXPECT_EQ(conv.operand_count(), 3u);
  EXPECT_EQ(conv.find_param("stride")->attr_kind, AttrKind::IntTuple);
  EXPECT_TRUE(conv.find_param("groups")->required());
  const ParamDef* approx = nn_op(NnOp::Gelu, r).find_param("approximate");
  EXPECT_EQ(approx->attr_kind, AttrKind::Enum);
  EXPECT_EQ(approx->enum_space, &kGeluApproximationSpace);
  EXPECT_EQ(approx->default_value, AttrDefault(enum_attr(GeluApproximation::Tanh)));
  EXPECT_EQ(nn_op(NnOp::RMSNorm, r).find_param("eps")->default_value, AttrDefault(1e-6));
  EXPECT_TRUE(nn_op(NnOp::SoftMax, r).find_param("axis")->required());
  EXPECT_EQ(nn_op(NnOp::RoPE, r).operand_count(), 5u);
  EXPECT_EQ(required_handlers(nn_op(NnOp::MatMul, r)),
            std::vector<HandlerKind>{HandlerKind::TypeInfer});
  EXPECT_EQ(required_handlers(conv), std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
  EXPECT_TRUE(H().missing().empty());
  OpRegistry empty;
  EXPECT_THROW(nn_op(NnOp::MatMul, empty), InternalError);
}

TEST(HirNn, MatMulShapesDtypesAndStorage) {
  VarRef a = tv("a", {2, 4, 8}, DType::f32());
  VarRef b = tv("b", {8, 16}, DType::f32());
  Result<CallRef> c = nn(NnOp::MatMul, {a, b});
  EXPECT_EQ(type_of(c), "Tensor[(2, 4, 16), f32]");
  EXPECT_EQ(to_string(Expr(*c)), "hir.nn.MatMul(a, b)");
  EXPECT_EQ(type_of(nn(NnOp::MatMul,
                       {tv("p", {3, 1, 4, 8}, DType::bf16()), tv("q", {5, 8, 6}, DType::bf16())})),
            "Tensor[(3, 5, 4, 6), bf16]");
  DimVarRef m = tf::test::dim("M", 1, 128);
  EXPECT_EQ(type_of(nn(NnOp::MatMul, {tv("x", {m, 8}, DType::i32(), StorageKind::Smem),
                                      tv("y", {8, 2}, DType::i32(), StorageKind::Umat)})),
            "Tensor[(M, 2), i32, storage=smem]");
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {a, tv("h", {8, 16}, DType::f16())}),
                      "hir.nn.MatMul: dtype mismatch: lhs is f32, rhs is f16"));
  VarRef t = tv("t", {4, 4}, DType::boolean());
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {t, t}), "expected numeric operands, found bool"));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {tv("v", {8}, DType::f32()), b}),
                      "hir.nn.MatMul: expected lhs of rank >= 2, found shape (8,)"));
  EXPECT_TRUE(Rejects(
      nn(NnOp::MatMul, {tv("p", {2, 4, 8}, DType::f32()), tv("q", {3, 8, 4}, DType::f32())}),
      "batch shapes (2,) and (3,) do not broadcast"));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {a, tv("k", {7, 16}, DType::f32())}),
                      "expected equal contraction extents, found lhs K = 8 and rhs K = 7"));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {a, tv("s", {8, 16}, DType::f32(), StorageKind::Smem)}),
                      "the operands live in different storages gmem and smem"));
}

TEST(HirNn, MatMulLayouts) {
  // A plain operand layout gives a fresh C-order result layout, never the lhs layout.
  VarRef a = tv("a", {4, 8}, DType::f32(), StorageKind::Rmem, L("(4,8):(8,1)"));
  VarRef b = tv("b", {8, 16}, DType::f32(), StorageKind::Rmem);
  EXPECT_EQ(type_of(nn(NnOp::MatMul, {a, b})),
            "Tensor[(4, 16), f32, layout=Layout((4, 16), (16, 1)), storage=rmem]");
  // M split carries to the result's M axis.
  VarRef ms = tv("ms", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(0)}));
  VarRef w = tv("w", {16, 32}, DType::f32());
  Result<CallRef> c = nn(NnOp::MatMul, {ms, w});
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  EXPECT_EQ(layout_of(c), canonical({8, 32}, {S(0)}));
  // N split of rhs carries to the result's N axis.
  VarRef ns =
      tv("ns", {16, 32}, DType::f32(), StorageKind::Gmem, sharded("(16,32):(32,1)", {S(1)}));
  EXPECT_EQ(layout_of(nn(NnOp::MatMul, {tv("x", {8, 16}, DType::f32()), ns})),
            canonical({8, 32}, {S(1)}));
  // K split on the same mesh axis in both operands gives Partial(sum).
  VarRef lk = tv("lk", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(1)}));
  VarRef rk =
      tv("rk", {16, 32}, DType::f32(), StorageKind::Gmem, sharded("(16,32):(32,1)", {S(0)}));
  EXPECT_EQ(layout_of(nn(NnOp::MatMul, {lk, rk})), canonical({8, 32}, {P("sum")}));
  // One Partial(sum) against a replicated operand stays Partial(sum).
  VarRef ps =
      tv("ps", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P("sum")}));
  EXPECT_EQ(layout_of(nn(NnOp::MatMul, {ps, w})), canonical({8, 32}, {P("sum")}));
  // A Broadcast-only ShardLayout claims nothing: no layout derives from it.
  VarRef bc = tv("bc", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {B()}));
  EXPECT_EQ(layout_of(nn(NnOp::MatMul, {bc, w})), LayoutBase(L("(8,32):(32,1)")));
}

TEST(HirNn, MatMulShardRejects) {
  VarRef lk = tv("lk", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(1)}));
  VarRef w = tv("w", {16, 32}, DType::f32());
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {lk, w}),
                      "hir.nn.MatMul: expected K split on the same mesh axes in lhs and rhs, "
                      "found mesh axes (0) and no mesh axis"));
  VarRef pm =
      tv("pm", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P("max")}));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {pm, w}),
                      "lhs carries Partial(max) on mesh axis 0, which does not commute with "
                      "this op: expected no Partial, or Partial(sum)"));
  VarRef ps =
      tv("ps", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P("sum")}));
  VarRef qs =
      tv("qs", {16, 32}, DType::f32(), StorageKind::Gmem, sharded("(16,32):(32,1)", {P("sum")}));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {ps, qs}),
                      "several operands carry a Partial on mesh axis 0 (lhs=Partial(sum), "
                      "rhs=Partial(sum))"));
  VarRef ns =
      tv("ns", {16, 32}, DType::f32(), StorageKind::Gmem, sharded("(16,32):(32,1)", {S(1)}));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {ps, ns}),
                      "lhs carries Partial(sum) on mesh axis 0, but rhs is not replicated "
                      "there: expected B(), found S(1)"));
  // Operands on different meshes.
  VarRef other = tv("o", {16, 32}, DType::f32(), StorageKind::Gmem,
                    sharded("(16,32):(32,1)", {S(1)}, "(2):(1)"));
  VarRef ms = tv("ms", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(0)}));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {ms, other}),
                      "rhs is distributed over another mesh than lhs: expected one mesh"));
  // A layout domain that does not factor the logical shape leaves the Split's axis unknown.
  VarRef odd =
      tv("odd", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(4,4,8):(32,8,1)", {S(0)}));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {odd, w}), "lhs: which tensor axis a Split divides"));
}

TEST(HirNn, MatMulReadsFactoredAndNestedLayouts) {
  // Canonical factored operands (domain rank above the tensor rank): K is found through the
  // factoring, so K split on both sides still gives Partial(sum).
  VarRef lk = tv("lk", {8, 16}, DType::f32(), StorageKind::Gmem, canonical({8, 16}, {S(1)}));
  VarRef rk = tv("rk", {16, 32}, DType::f32(), StorageKind::Gmem, canonical({16, 32}, {S(0)}));
  EXPECT_EQ(layout_of(nn(NnOp::MatMul, {lk, rk})), canonical({8, 32}, {P("sum")}));
  // A nested ShardLayout operand is not modelled.
  const ShardLayout inner =
      tf::testing::ok(ShardLayout::make(L("(8,16):(16,1)"), {S(0)}, M("(2):(1)")));
  VarRef nested = tv("nested", {8, 16}, DType::f32(), StorageKind::Gmem,
                     tf::testing::ok(ShardLayout::make(inner, {B()}, M())));
  EXPECT_TRUE(Rejects(nn(NnOp::MatMul, {nested, tv("w", {16, 4}, DType::f32())}),
                      "hir.nn.MatMul: lhs carries a nested ShardLayout, whose result layout is "
                      "not modelled yet"));
}

TEST(HirNn, SplitAxesResolveTensorAxes) {
  auto axes = [](const LayoutBase& l, std::vector<ShapeDim> shape) {
    std::vector<int> out;
    const std::vector<SplitAxis> splits = split_axes(*l.as_shard(), shape).value();
    for (const SplitAxis& s : splits) out.push_back(s.tensor_axis);
    return out;
  };
  // Same rank: domain axis k is tensor axis k, whatever the extents.
  EXPECT_EQ(axes(sharded("(4,32):(32,1)", {S(1)}), {8, 16}), std::vector<int>{1});
  // Factored: (2, 4, 32, 12) factors (2, 1536); S(2) names a position of axis 1.
  const LayoutBase f = tf::testing::ok(canonical_shard_layout(
      tf::testing::T("(2,1536)"), M("(2,4,32):(128,32,1)"), {S(0), S(1), S(1)}));
  EXPECT_EQ(axes(f, {2, 1536}), (std::vector<int>{0, 1, 1}));
  // An extent-1 axis with no position of its own; a trailing 1 joins the last axis.
  EXPECT_EQ(axes(sharded("(8,4,1):(4,1,1)", {S(1)}), {1, 32}), std::vector<int>{1});
  // A domain that does not factor the shape.
  Result<std::vector<SplitAxis>> bad =
      split_axes(*sharded("(4,4,8):(32,8,1)", {S(0)}).as_shard(), {8, 16});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.diagnostics()[0].message,
            "which tensor axis a Split divides is not determined: the layout domain (4, 4, 8) "
            "does not factor the logical shape (8, 16) axis by axis");
}

std::vector<NamedAttr> conv_attrs(std::vector<std::int64_t> stride, std::vector<std::int64_t> pad,
                                  std::vector<std::int64_t> dil, std::int64_t groups) {
  return {{"stride", stride}, {"padding", pad}, {"dilation", dil}, {"groups", groups}};
}

TEST(HirNn, Conv2DResultShapes) {
  VarRef x = tv("x", {1, 3, 8, 8}, DType::f32());
  VarRef w = tv("w", {6, 3, 3, 3}, DType::f32());
  VarRef b = tv("b", {6}, DType::f32());
  Result<CallRef> c = nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {1, 1}, {1, 1}, 1));
  // Layout-less operands give a layout-less result (a new value gets a fresh layout only when an
  // operand has one, as MatMul; docs/hir-semantics.md).
  EXPECT_EQ(type_of(c), "Tensor[(1, 6, 8, 8), f32]");
  EXPECT_EQ(to_string(Expr(*c)),
            "hir.nn.Conv2D(x, w, b, stride=(1, 1), padding=(1, 1), dilation=(1, 1), groups=1)");
  // Grouped, strided, dilated: (9 - 2*(3-1) - 1) // 2 + 1 = 3 and (9 - 3) // 1 + 1 = 7.
  VarRef gx = tv("gx", {2, 6, 9, 9}, DType::bf16());
  VarRef gw = tv("gw", {6, 2, 3, 3}, DType::bf16());
  VarRef gb = tv("gb", {6}, DType::bf16());
  EXPECT_EQ(type_of(nn(NnOp::Conv2D, {gx, gw, gb}, conv_attrs({2, 1}, {0, 0}, {2, 1}, 3))),
            "Tensor[(2, 6, 3, 7), bf16]");
  // A symbolic height stays a dim expression; the layout is then None.
  DimVarRef h = tf::test::dim("H", 4, 64);
  EXPECT_EQ(type_of(nn(NnOp::Conv2D, {tv("sx", {1, 3, h, 8}, DType::f32()), w, b},
                       conv_attrs({2, 1}, {1, 0}, {1, 1}, 1))),
            "Tensor[(1, 6, (H + 2 - 3) // 2 + 1, 6), f32]");
}

// Found by the text mutation laws under UBSan: a padding, dilation or extent whose output
// arithmetic leaves int64 wrapped silently (signed overflow) instead of being refused.
TEST(HirNn, Conv2DOutputArithmeticOutsideInt64IsADiagnostic) {
  VarRef x = tv("x", {1, 3, 8, 8}, DType::f32());
  VarRef w = tv("w", {6, 3, 3, 3}, DType::f32());
  VarRef b = tv("b", {6}, DType::f32());
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {0, 0}, {kMax, 1}, 1)),
                      "hir.nn.Conv2D: output height: the receptive field or the padding exceeds "
                      "int64 (kernel 3, dilation 9223372036854775807, padding 0)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {0, kMax / 2}, {1, 1}, 1)),
                      "hir.nn.Conv2D: output width: the output extent (8 + 9223372036854775806 - "
                      "3) // 1 + 1 exceeds int64"));
  // Ordinary attributes still give their result.
  EXPECT_EQ(type_of(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({2, 1}, {0, 0}, {1, 1}, 1))),
            "Tensor[(1, 6, 3, 6), f32]");
}

TEST(HirNn, Conv2DRejects) {
  VarRef x = tv("x", {1, 3, 8, 8}, DType::f32());
  VarRef w = tv("w", {6, 3, 3, 3}, DType::f32());
  VarRef b = tv("b", {6}, DType::f32());
  const auto ok = conv_attrs({1, 1}, {0, 0}, {1, 1}, 1);
  EXPECT_TRUE(
      Rejects(nn(NnOp::Conv2D, {tv("x3", {3, 8, 8}, DType::f32()), w, b}, ok),
              "hir.nn.Conv2D: expected a rank-4 input (N, C, H, W), found shape (3, 8, 8)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("w2", {6, 3}, DType::f32()), b}, ok),
                      "expected a rank-4 weight (O, C/groups, kh, kw), found shape (6, 3)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, tv("b2", {6, 1}, DType::f32())}, ok),
                      "expected a rank-1 bias (O,), found shape (6, 1)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("wh", {6, 3, 3, 3}, DType::f16()), b}, ok),
                      "expected weight of the input dtype f32, found f16"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, tv("bh", {6}, DType::bf16())}, ok),
                      "expected bias of the input dtype f32, found bf16"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1}, {0, 0}, {1, 1}, 1)),
                      "expected stride of two positive ints, found (1,)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 0}, {0, 0}, {1, 1}, 1)),
                      "expected stride of two positive ints, found (1, 0)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {-1, 0}, {1, 1}, 1)),
                      "expected padding of two ints >= 0, found (-1, 0)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {0, 0}, {0, 1}, 1)),
                      "expected dilation of two positive ints, found (0, 1)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, b}, conv_attrs({1, 1}, {0, 0}, {1, 1}, 0)),
                      "expected groups > 0, found 0"));
  DimVarRef k = tf::test::dim("K", 1, 8);
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("wk", {6, 3, k, 3}, DType::f32()), b}, ok),
                      "expected static kernel extents, found (K, 3)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("w0", {6, 3, 0, 3}, DType::f32()), b}, ok),
                      "expected positive kernel extents, found (0, 3)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("wg", {6, 1, 3, 3}, DType::f32()), b},
                         conv_attrs({1, 1}, {0, 0}, {1, 1}, 2)),
                      "expected input channels divisible by groups 2, found 3"));
  DimVarRef c = tf::test::dim("C", 1, 8);
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {tv("xc", {1, c, 8, 8}, DType::f32()), w, b},
                         conv_attrs({1, 1}, {0, 0}, {1, 1}, 3)),
                      "expected static input channels for groups 3, found C"));
  EXPECT_TRUE(Rejects(
      nn(NnOp::Conv2D, {x, tv("w5", {5, 1, 3, 3}, DType::f32()), tv("b5", {5}, DType::f32())},
         conv_attrs({1, 1}, {0, 0}, {1, 1}, 3)),
      "expected output channels divisible by groups 3, found 5"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, tv("wi", {6, 2, 3, 3}, DType::f32()), b}, ok),
                      "expected weight input-channel extent 3 (input channels / groups), found 2"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x, w, tv("b4", {4}, DType::f32())}, ok),
                      "expected bias extent 6 (output channels), found 4"));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {tv("xs", {1, 3, 2, 8}, DType::f32()), w, b}, ok),
                      "expected a positive output height, found 0"));
}

TEST(HirNn, Conv2DSharding) {
  const auto g1 = conv_attrs({1, 1}, {0, 0}, {1, 1}, 1);
  // 12 output channels in 4 groups of 3 split over 4 participants: aligned; the result is
  // split on its channel axis.
  VarRef w = tv("w", {12, 2, 1, 1}, DType::f32(), StorageKind::Gmem,
                sharded("(12,2,1,1):(2,1,1,1)", {S(0)}));
  VarRef b = tv("b", {12}, DType::f32());
  Result<CallRef> c = nn(NnOp::Conv2D, {tv("x", {2, 8, 4, 4}, DType::f32()), w, b},
                         conv_attrs({1, 1}, {0, 0}, {1, 1}, 4));
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  EXPECT_EQ(layout_of(c), canonical({2, 12, 4, 4}, {S(1)}));
  // A batch split carries to result axis 0.
  VarRef xn = tv("xn", {4, 6, 4, 4}, DType::f32(), StorageKind::Gmem,
                 sharded("(4,6,4,4):(96,16,4,1)", {S(0)}));
  VarRef wp = tv("wp", {12, 6, 1, 1}, DType::f32());
  EXPECT_EQ(layout_of(nn(NnOp::Conv2D, {xn, wp, b}, g1)), canonical({4, 12, 4, 4}, {S(0)}));
  // 12 channels in 3 groups of 4 split 4 ways: 3 per participant straddle a group boundary.
  const auto g3 = conv_attrs({1, 1}, {0, 0}, {1, 1}, 3);
  VarRef x6 = tv("x6", {2, 6, 4, 4}, DType::f32());
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x6, w, b}, g3),
                      "hir.nn.Conv2D: weight splits 12 output channels 4 ways across 3 groups "
                      "of 4: expected a split aligned to the group size"));
  VarRef bs = tv("bs", {12}, DType::f32(), StorageKind::Gmem, sharded("(12):(1)", {S(0)}));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {x6, tv("w2", {12, 2, 1, 1}, DType::f32()), bs}, g3),
                      "bias splits 12 output channels 4 ways across 3 groups of 4"));
  // One mesh axis cannot split both the batch and the channels of the result.
  VarRef ws = tv("ws", {12, 6, 1, 1}, DType::f32(), StorageKind::Gmem,
                 sharded("(12,6,1,1):(6,1,1,1)", {S(0)}));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {xn, ws, b}, g1),
                      "mesh axis 0 would be both S(0) and S(1) in the result"));
  // Input-channel splits and Partial operands are not modelled: rejected.
  VarRef xc = tv("xc", {2, 8, 4, 4}, DType::f32(), StorageKind::Gmem,
                 sharded("(2,8,4,4):(128,16,4,1)", {S(1)}));
  EXPECT_TRUE(Rejects(
      nn(NnOp::Conv2D, {xc, tv("wc", {4, 8, 1, 1}, DType::f32()), tv("bc", {4}, DType::f32())}, g1),
      "input axis 1 is split on mesh axis 0, and a Split of that axis is not "
      "modelled yet"));
  VarRef xp = tv("xp", {2, 6, 4, 4}, DType::f32(), StorageKind::Gmem,
                 sharded("(2,6,4,4):(96,16,4,1)", {P("sum")}));
  EXPECT_TRUE(Rejects(nn(NnOp::Conv2D, {xp, wp, b}, g1),
                      "input carries Partial(sum) on mesh axis 0, which does not commute with "
                      "this op: expected no Partial"));
}

LayoutBase partial(std::string reduction, std::string_view layout = "(8,16):(16,1)") {
  return sharded(layout, {P(reduction)});
}

TEST(HirNn, MonotoneActivationsKeepTheTypeAndCommuteWithMaxMin) {
  VarRef f = tv("f", {2, 3}, DType::bf16());
  VarRef i = tv("i", {4}, DType::i32());
  VarRef pmax = tv("pm", {8, 16}, DType::f32(), StorageKind::Gmem, partial("max"));
  VarRef psum = tv("ps", {8, 16}, DType::f32(), StorageKind::Gmem, partial("sum"));
  for (NnOp op : {NnOp::ReLU, NnOp::Sigmoid, NnOp::Tanh}) {
    Result<CallRef> c = nn(op, {f});
    ASSERT_TRUE(c.ok()) << nn_op_name(op);
    EXPECT_TRUE((*c)->type().same_as(f->type()));
    EXPECT_TRUE(nn(op, {pmax}).value()->type().same_as(pmax->type()));
    EXPECT_TRUE(Rejects(nn(op, {psum}),
                        fmt::format("{}: x carries Partial(sum) on mesh axis 0, which does not "
                                    "commute with this op: expected no Partial, or Partial(max) "
                                    "/ Partial(min); reshard x to Broadcast first",
                                    nn_op_name(op))));
  }
  EXPECT_EQ(type_of(nn(NnOp::ReLU, {i})), "Tensor[(4,), i32]");
  EXPECT_TRUE(Rejects(nn(NnOp::ReLU, {tv("b", {4}, DType::boolean())}),
                      "hir.nn.ReLU: expected a numeric x, found bool"));
  EXPECT_TRUE(Rejects(nn(NnOp::Sigmoid, {i}), "hir.nn.Sigmoid: expected a float x, found i32"));
  EXPECT_TRUE(Rejects(nn(NnOp::Tanh, {i}), "hir.nn.Tanh: expected a float x, found i32"));
  EXPECT_EQ(to_string(Expr(nn(NnOp::Tanh, {f}).value())), "hir.nn.Tanh(f)");
}

TEST(HirNn, SiluAndGeluRejectAnyPartial) {
  VarRef f = tv("f", {2, 3}, DType::f16());
  VarRef pmax = tv("pm", {8, 16}, DType::f32(), StorageKind::Gmem, partial("max"));
  EXPECT_TRUE(nn(NnOp::Silu, {f}).value()->type().same_as(f->type()));
  EXPECT_TRUE(Rejects(nn(NnOp::Silu, {tv("i", {2}, DType::i64())}),
                      "hir.nn.Silu: expected a float x, found i64"));
  EXPECT_TRUE(Rejects(nn(NnOp::Silu, {pmax}),
                      "hir.nn.Silu: x carries Partial(max) on mesh axis 0, which does not "
                      "commute with this op: expected no Partial;"));
  // Gelu's default is the tanh approximation; none is the other mode.
  Result<CallRef> g = nn(NnOp::Gelu, {f});
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE((*g)->type().same_as(f->type()));
  EXPECT_EQ(to_string(Expr(*g)), "hir.nn.Gelu(f, approximate=tanh)");
  EXPECT_EQ(type_of(nn(NnOp::Gelu, {f}, {{"approximate", enum_attr(GeluApproximation::None)}})),
            "Tensor[(2, 3), f16]");
  // Another mode is outside the space: the reader's type error, worded as the rule was.
  EXPECT_FALSE(nn(NnOp::Gelu, {f}, {{"approximate", std::string("none")}}).ok());
  EXPECT_EQ(unknown_enum_spelling("hir.nn.Gelu", "approximate", kGeluApproximationSpace, "erf")
                .message,
            "hir.nn.Gelu: expected approximate tanh or none, found erf");
  EXPECT_TRUE(Rejects(nn(NnOp::Gelu, {pmax}), "hir.nn.Gelu: x carries Partial(max)"));
  EXPECT_TRUE(Rejects(nn(NnOp::Gelu, {tv("i", {2}, DType::i32())}),
                      "hir.nn.Gelu: expected a float x, found i32"));
}

TEST(HirNn, SoftMax) {
  VarRef f = tv("f", {4, 8}, DType::f32());
  for (std::int64_t axis : {-2, -1, 0, 1})
    EXPECT_TRUE(nn(NnOp::SoftMax, {f}, {{"axis", axis}}).value()->type().same_as(f->type()));
  EXPECT_EQ(to_string(Expr(nn(NnOp::SoftMax, {f}, {{"axis", std::int64_t{-1}}}).value())),
            "hir.nn.SoftMax(f, axis=-1)");
  EXPECT_TRUE(Rejects(nn(NnOp::SoftMax, {f}, {{"axis", std::int64_t{2}}}),
                      "hir.nn.SoftMax: axis 2 is out of range for rank 2"));
  EXPECT_TRUE(Rejects(nn(NnOp::SoftMax, {f}, {{"axis", std::int64_t{-3}}}),
                      "axis -3 is out of range for rank 2"));
  EXPECT_TRUE(Rejects(nn(NnOp::SoftMax, {tv("s", {}, DType::f32())}, {{"axis", std::int64_t{0}}}),
                      "axis 0 is out of range for rank 0"));
  EXPECT_TRUE(Rejects(nn(NnOp::SoftMax, {tv("i", {4}, DType::i32())}, {{"axis", std::int64_t{0}}}),
                      "expected a float x, found i32"));
  EXPECT_TRUE(Rejects(
      nn(NnOp::SoftMax, {tv("pm", {8, 16}, DType::f32(), StorageKind::Gmem, partial("min"))},
         {{"axis", std::int64_t{1}}}),
      "x carries Partial(min) on mesh axis 0"));
  EXPECT_TRUE(Rejects(nn(NnOp::SoftMax, {f}), "hir.nn.SoftMax needs the attribute 'axis'"));
}

TEST(HirNn, LayerNorm) {
  VarRef x = tv("x", {2, 3, 4}, DType::f16());
  VarRef w = tv("w", {3, 4}, DType::f32());
  VarRef b = tv("b", {3, 4}, DType::f32());
  auto ln = [](std::vector<Expr> args, std::int64_t axis) {
    return nn(NnOp::LayerNorm, std::move(args), {{"axis", axis}, {"eps", 1e-5}});
  };
  Result<CallRef> c = ln({x, w, b}, 1);
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  EXPECT_TRUE((*c)->type().same_as(x->type()));
  EXPECT_EQ(to_string(Expr(*c)), "hir.nn.LayerNorm(x, w, b, axis=1, eps=1e-05)");
  VarRef w16 = tv("w16", {4}, DType::f16());
  EXPECT_EQ(type_of(ln({x, w16, w16}, -1)), "Tensor[(2, 3, 4), f16]");
  EXPECT_TRUE(Rejects(ln({x, w, b}, 3), "hir.nn.LayerNorm: axis 3 is out of range for rank 3"));
  EXPECT_TRUE(Rejects(ln({x, w16, b}, 1),
                      "hir.nn.LayerNorm: expected weight shape (3, 4) (x.shape[1:]), found (4,)"));
  EXPECT_TRUE(Rejects(ln({x, w, w16}, 1), "expected bias shape (3, 4) (x.shape[1:]), found (4,)"));
  VarRef xi = tv("xi", {2, 4}, DType::i32());
  VarRef wi = tv("wi", {4}, DType::i32());
  EXPECT_TRUE(Rejects(ln({xi, wi, wi}, 1), "expected x of dtype f32, f16 or bf16, found i32"));
  EXPECT_TRUE(Rejects(ln({x, w16, tv("b32", {4}, DType::f32())}, 2),
                      "expected equal weight and bias dtypes, found f16 and f32"));
  VarRef wb = tv("wb", {4}, DType::bf16());
  EXPECT_TRUE(Rejects(ln({x, wb, wb}, 2),
                      "expected weight and bias of dtype f16 (x's) or f32, found bf16"));
  VarRef x32 = tv("x32", {2, 4}, DType::f32());
  EXPECT_TRUE(Rejects(ln({x32, w16, w16}, 1),
                      "expected weight and bias of dtype f32 (x's), "
                      "found f16"));
  // Partial on any operand; a Split on a normalised axis.
  VarRef xs = tv("xs", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(1)}));
  VarRef w1 = tv("w1", {16}, DType::f32());
  EXPECT_TRUE(Rejects(ln({xs, w1, w1}, 1),
                      "hir.nn.LayerNorm: x axis 1 is normalised but split on mesh axis 0: "
                      "expected no Split on axes >= 1; reshard x first"));
  VarRef xr = tv("xr", {8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {S(0)}));
  EXPECT_TRUE(ln({xr, w1, w1}, 1).ok());
  VarRef ws = tv("ws", {16}, DType::f32(), StorageKind::Gmem, sharded("(16):(1)", {S(0)}));
  EXPECT_TRUE(Rejects(ln({xr, ws, w1}, 1), "weight axis 0 is normalised but split on mesh axis 0"));
  VarRef wp = tv("wp", {16}, DType::f32(), StorageKind::Gmem, sharded("(16):(1)", {P("sum")}));
  EXPECT_TRUE(Rejects(ln({xr, w1, wp}, 1), "bias carries Partial(sum) on mesh axis 0"));
}

TEST(HirNn, RMSNorm) {
  VarRef x = tv("x", {2, 8}, DType::bf16());
  VarRef w = tv("w", {8}, DType::bf16());
  Result<CallRef> c = nn(NnOp::RMSNorm, {x, w});
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].message;
  EXPECT_TRUE((*c)->type().same_as(x->type()));
  EXPECT_EQ(to_string(Expr(*c)), "hir.nn.RMSNorm(x, w, eps=1e-06)");
  EXPECT_EQ(type_of(nn(NnOp::RMSNorm, {x, tv("w32", {8}, DType::f32())}, {{"eps", 1e-5}})),
            "Tensor[(2, 8), bf16]");
  EXPECT_TRUE(Rejects(nn(NnOp::RMSNorm, {tv("s", {}, DType::f32()), w}),
                      "hir.nn.RMSNorm: expected x of rank >= 1, found rank 0"));
  EXPECT_TRUE(Rejects(nn(NnOp::RMSNorm, {x, tv("w2", {8, 8}, DType::bf16())}),
                      "expected a rank-1 weight, found shape (8, 8)"));
  EXPECT_TRUE(Rejects(nn(NnOp::RMSNorm, {x, tv("w4", {4}, DType::bf16())}),
                      "expected weight extent 8 (x's last extent), found 4"));
  EXPECT_TRUE(Rejects(nn(NnOp::RMSNorm, {tv("i", {2, 8}, DType::i32()), w}),
                      "expected a float x, found i32"));
  VarRef xp = tv("xp", {8, 16}, DType::f32(), StorageKind::Gmem, partial("sum"));
  EXPECT_TRUE(Rejects(nn(NnOp::RMSNorm, {xp, tv("w16", {16}, DType::f32())}),
                      "hir.nn.RMSNorm: x carries Partial(sum) on mesh axis 0"));
}

TEST(HirNn, RoPE) {
  VarRef q = tv("q", {1, 4, 8, 64}, DType::bf16());
  VarRef k = tv("k", {1, 4, 2, 64}, DType::bf16());
  VarRef cos = tv("cos", {128, 64}, DType::f32());
  VarRef sin = tv("sin", {128, 64}, DType::f32());
  VarRef pos = tv("pos", {4}, DType::i64());
  Result<CallRef> c = nn(NnOp::RoPE, {q, k, cos, sin, pos});
  EXPECT_EQ(type_of(c), "Tuple[Tensor[(1, 4, 8, 64), bf16], Tensor[(1, 4, 2, 64), bf16]]");
  EXPECT_EQ(to_string(Expr(*c)), "hir.nn.RoPE(q, k, cos, sin, pos)");
  EXPECT_TRUE(Rejects(nn(NnOp::RoPE, {tv("s", {}, DType::bf16()), k, cos, sin, pos}),
                      "hir.nn.RoPE: expected q of rank >= 1, found rank 0"));
  VarRef odd = tv("odd", {1, 4, 2, 63}, DType::bf16());
  EXPECT_TRUE(Rejects(nn(NnOp::RoPE, {q, odd, cos, sin, pos}),
                      "expected an even k head_dim (last extent), found 63"));
  VarRef k32 = tv("k32", {1, 4, 2, 32}, DType::bf16());
  EXPECT_TRUE(Rejects(nn(NnOp::RoPE, {q, k32, cos, sin, pos}),
                      "expected equal q and k head_dims, found 64 and 32"));
  // q may carry Partial(sum) against replicated tables; the tables may not carry one.
  VarRef qp = tv("qp", {8, 16}, DType::f32(), StorageKind::Gmem, partial("sum"));
  VarRef kp = tv("kp", {8, 16}, DType::f32());
  VarRef t16 = tv("t16", {32, 16}, DType::f32());
  EXPECT_TRUE(nn(NnOp::RoPE, {qp, kp, t16, t16, pos}).ok());
  VarRef tp =
      tv("tp", {32, 16}, DType::f32(), StorageKind::Gmem, sharded("(32,16):(16,1)", {P("sum")}));
  Result<CallRef> bad = nn(NnOp::RoPE, {kp, kp, tp, t16, pos});
  EXPECT_TRUE(Rejects(bad,
                      "hir.nn.RoPE: cos_cache carries Partial(sum) on mesh axis 0, which "
                      "the result of this op cannot keep"));
  EXPECT_EQ(bad.diagnostics().size(), 1u);  // reported once, not per q / k rule
  EXPECT_TRUE(Rejects(
      nn(NnOp::RoPE,
         {tv("qm", {8, 16}, DType::f32(), StorageKind::Gmem, partial("max")), kp, t16, t16, pos}),
      "q carries Partial(max) on mesh axis 0, which does not commute with this "
      "op: expected no Partial, or Partial(sum)"));
  VarRef ts =
      tv("ts", {32, 16}, DType::f32(), StorageKind::Gmem, sharded("(32,16):(16,1)", {S(0)}));
  EXPECT_TRUE(Rejects(nn(NnOp::RoPE, {qp, kp, ts, t16, pos}),
                      "q carries Partial(sum) on mesh axis 0, but cos_cache is not replicated "
                      "there: expected B(), found S(0)"));
  VarRef pp = tv("pp", {4}, DType::i64(), StorageKind::Gmem, sharded("(4):(1)", {P("max")}));
  EXPECT_TRUE(
      Rejects(nn(NnOp::RoPE, {q, k, cos, sin, pp}), "pos_ids carries Partial(max) on mesh axis 0"));
}

// covers: TYPES.5.TUPLE.not-op-input
TEST(HirNn, ATupleOperandIsRejected) {
  VarRef f = tv("f", {4}, DType::f32());
  TupleRef pair = Tuple::make({f, f}).value();
  EXPECT_EQ(rule_ids(nn(NnOp::ReLU, {pair})), Ids{"TYPES.5.TUPLE.not-op-input"});
  EXPECT_TRUE(Rejects(nn(NnOp::ReLU, {f, f}), "hir.nn.ReLU: expected 1 operand, found 2"));
}

}  // namespace
}  // namespace tf::hir
