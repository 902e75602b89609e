// hir.cuda.nn: the MMA value ops' schemas, exact result types and every typeinfer reject.
#include "ir/hir/cuda_nn_ops.h"

#include <gtest/gtest.h>

#include "ir/core/expr_print.h"
#include "ir/hir/test/nn_test_util.h"

namespace tf::hir {
namespace {

using namespace test;
using enum CudaNnOp;

std::vector<NamedAttr> dtypes(DType a, DType b, DType acc) {
  return {{"dtype_a", a}, {"dtype_b", b}, {"dtype_acc", acc}};
}

Result<CallRef> mma(CudaNnOp op, Expr a, Expr b, std::vector<NamedAttr> attrs) {
  return make_cuda_nn(op, std::move(a), std::move(b), std::move(attrs), H());
}

TEST(HirCudaNn, SchemasAndSurfaces) {
  const OpRegistry& r = H().registry();
  const Op sm80 = cuda_nn_op(MmaSm80_16x8x16, r);
  EXPECT_EQ(sm80.name(), "hir.cuda.nn.Mma_SM80_16x8x16");
  EXPECT_EQ(sm80.surface(), "mma_sm80_16x8x16");
  EXPECT_EQ(cuda_nn_op(WgmmaSm90_64x128x16, r).surface(), "wgmma_sm90_64x128x16");
  EXPECT_EQ(r.find_surface("hir", "wgmma_sm90_64x128x16"), cuda_nn_op(WgmmaSm90_64x128x16, r));
  EXPECT_EQ(sm80.operand_count(), 2u);
  EXPECT_TRUE(sm80.find_param("dtype_acc")->required());
  EXPECT_EQ(sm80.find_param("dtype_a")->attr_kind, AttrKind::DType);
  EXPECT_EQ(sm80.find_param("a_layout")->default_value, AttrDefault(enum_attr(MmaOperandLayout::T)));
  EXPECT_EQ(sm80.find_param("b_layout")->default_value, AttrDefault(enum_attr(MmaOperandLayout::N)));
  EXPECT_EQ(required_handlers(sm80), std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
}

TEST(HirCudaNn, ResultTypes) {
  VarRef a = tv("a", {16, 16}, DType::bf16(), StorageKind::Rmem);
  VarRef b = tv("b", {16, 8}, DType::bf16(), StorageKind::Rmem);
  Result<CallRef> c =
      mma(MmaSm80_16x8x16, a, b, dtypes(DType::bf16(), DType::bf16(), DType::f32()));
  EXPECT_EQ(type_of(c), "Tensor[(16, 8), f32, storage=rmem]");
  EXPECT_EQ(to_string(Expr(*c)),
            "hir.cuda.nn.Mma_SM80_16x8x16(a, b, dtype_a=bf16, dtype_b=bf16, dtype_acc=f32, "
            "a_layout=T, b_layout=N)");
  // Every supported combination, and the orientation flags.
  for (auto [da, dacc] : {std::pair{DType::f16(), DType::f16()},
                          {DType::bf16(), DType::bf16()},
                          {DType::f16(), DType::f32()},
                          {DType::f32(), DType::f32()}}) {
    std::vector<NamedAttr> attrs = dtypes(da, da, dacc);
    attrs.emplace_back("a_layout", enum_attr(MmaOperandLayout::N));
    attrs.emplace_back("b_layout", enum_attr(MmaOperandLayout::T));
    EXPECT_EQ(type_of(mma(MmaSm80_16x8x16, tv("x", {16, 16}, da), tv("y", {16, 8}, da), attrs)),
              fmt::format("Tensor[(16, 8), {}]", dacc.name()));
  }
  // WGMMA; a plain operand layout gives a fresh C-order result layout.
  VarRef wa = tv("wa", {64, 16}, DType::f16(), StorageKind::Smem, L("(64,16):(16,1)"));
  VarRef wb = tv("wb", {16, 128}, DType::f16(), StorageKind::Smem);
  EXPECT_EQ(
      type_of(mma(WgmmaSm90_64x128x16, wa, wb, dtypes(DType::f16(), DType::f16(), DType::f32()))),
      "Tensor[(64, 128), f32, layout=Layout((64, 128), (128, 1)), storage=smem]");
  // A Broadcast-only ShardLayout claims nothing: accepted, result layout None.
  VarRef ra =
      tv("ra", {16, 16}, DType::bf16(), StorageKind::Rmem, sharded("(16,16):(16,1)", {B()}));
  EXPECT_EQ(
      type_of(mma(MmaSm80_16x8x16, ra, b, dtypes(DType::bf16(), DType::bf16(), DType::bf16()))),
      "Tensor[(16, 8), bf16, storage=rmem]");
}

TEST(HirCudaNn, Rejects) {
  VarRef a = tv("a", {16, 16}, DType::bf16());
  VarRef b = tv("b", {16, 8}, DType::bf16());
  const auto ok = dtypes(DType::bf16(), DType::bf16(), DType::f32());
  EXPECT_TRUE(Rejects(mma(MmaSm80_16x8x16, tv("a8", {16, 8}, DType::bf16()), b, ok),
                      "hir.cuda.nn.Mma_SM80_16x8x16: expected a of shape (16, 16), found (16, 8)"));
  EXPECT_TRUE(Rejects(mma(WgmmaSm90_64x128x16, a, b, ok),
                      "hir.cuda.nn.Wgmma_SM90_64x128x16: expected b of shape (16, 128), found "
                      "(16, 8)"));
  DimVarRef n = tf::test::dim("N", 1, 64);
  EXPECT_TRUE(Rejects(mma(MmaSm80_16x8x16, a, tv("bn", {16, n}, DType::bf16()), ok),
                      "expected b of shape (16, 8), found (16, N)"));
  EXPECT_TRUE(Rejects(mma(MmaSm80_16x8x16, tv("ah", {16, 16}, DType::f16()), b, ok),
                      "expected a of dtype_a bf16, found f16"));
  EXPECT_TRUE(Rejects(mma(MmaSm80_16x8x16, a, tv("bh", {16, 8}, DType::f16()), ok),
                      "expected b of dtype_b bf16, found f16"));
  EXPECT_TRUE(
      Rejects(mma(MmaSm80_16x8x16, a, b, dtypes(DType::bf16(), DType::bf16(), DType::f16())),
              "unsupported dtype combination (dtype_a=bf16, dtype_b=bf16, dtype_acc=f16): "
              "expected one of (f16, f16, f16), (bf16, bf16, bf16), (f16, f16, f32), "
              "(bf16, bf16, f32), (f32, f32, f32)"));
  VarRef f8 = tv("f8", {16, 16}, DType::fp8e4m3());
  EXPECT_TRUE(
      Rejects(mma(MmaSm80_16x8x16, f8, b, dtypes(DType::fp8e4m3(), DType::bf16(), DType::f32())),
              "unsupported dtype combination (dtype_a=fp8e4m3"));
  // The orientation flags are EnumAttrs of MmaOperandLayout's space: a spelling is refused when
  // the Call binds; one outside the space is the reader's type error, worded as the rule was.
  std::vector<NamedAttr> flags = ok;
  flags.emplace_back("a_layout", std::string("N"));
  EXPECT_FALSE(mma(MmaSm80_16x8x16, a, b, flags).ok());
  const std::string op(cuda_nn_op_name(MmaSm80_16x8x16));
  EXPECT_EQ(unknown_enum_spelling(op, "a_layout", kMmaOperandLayoutSpace, "X").message,
            "hir.cuda.nn.Mma_SM80_16x8x16: expected a_layout N or T, found X");
  EXPECT_EQ(unknown_enum_spelling(op, "b_layout", kMmaOperandLayoutSpace, "TN").message,
            "hir.cuda.nn.Mma_SM80_16x8x16: expected b_layout N or T, found TN");
  // Any genuine distribution claim (the SM80 fragment contract is not modelled).
  VarRef sa =
      tv("sa", {16, 16}, DType::bf16(), StorageKind::Rmem, sharded("(16,16):(16,1)", {S(0)}));
  EXPECT_TRUE(
      Rejects(mma(MmaSm80_16x8x16, sa, tv("rb", {16, 8}, DType::bf16(), StorageKind::Rmem), ok),
              "operand a claims a distribution (ShardLayout(layout=Layout((16, 16), "
              "(16, 1)), attrs=(S(0),)"));
  VarRef pb =
      tv("pb", {16, 128}, DType::f16(), StorageKind::Gmem, sharded("(16,128):(128,1)", {P("sum")}));
  EXPECT_TRUE(Rejects(mma(WgmmaSm90_64x128x16, tv("wa", {64, 16}, DType::f16()), pb,
                          dtypes(DType::f16(), DType::f16(), DType::f32())),
                      "operand b claims a distribution"));
  EXPECT_TRUE(
      Rejects(mma(MmaSm80_16x8x16, a, tv("sb", {16, 8}, DType::bf16(), StorageKind::Smem), ok),
              "the operands live in different storages gmem and smem"));
  EXPECT_TRUE(Rejects(make_cuda_nn(MmaSm80_16x8x16, a, b, {}, H()),
                      "hir.cuda.nn.Mma_SM80_16x8x16 needs the attribute 'dtype_a'"));
}

}  // namespace
}  // namespace tf::hir
