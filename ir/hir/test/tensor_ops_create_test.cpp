// hir.tensor: registration and schemas of every op; the exact result types and every reject of
// Arange, Zeros, FullLike, Cast, Rank and ShapeOf; the Cast mode table against ir/numerics.
#include <gtest/gtest.h>

#include "ir/numerics/cast_mode.h"
#include "ir/hir/cast_rules.h"
#include "ir/hir/tensor_enums.h"
#include "ir/hir/test/tensor_test_util.h"

namespace tf::hir {
namespace {

using namespace test;
using numerics::Rounding;
using numerics::ScaleMethod;

Op op_of(TensorOp op) {
  return tensor_op(op, hir_handlers().registry());
}

TEST(HirTensor, RegistersEveryOpWithItsSurfaceAndHandler) {
  Context context;  // the builtin dim ops and their handlers
  OpRegistry& registry = context.registry();
  OpHandlers& handlers = context.handlers();
  register_hir_tensor_ops(registry, handlers);
  register_hir_tensor_ops(registry, handlers);  // idempotent
  EXPECT_EQ(registry.size(), 7u + 23u);
  EXPECT_TRUE(handlers.missing().empty());
  const std::vector<std::string> surfaces = {"arange",       "argmax",
                                             "cache_update", "cast",
                                             "concat",       "full_like",
                                             "index_add",    "index_copy",
                                             "index_select", "insert_slice",
                                             "quant",        "rank",
                                             "reduce",       "repeat_interleave",
                                             "reshape",      "shape_of",
                                             "slice",        "split",
                                             "stack",        "topk",
                                             "transpose",    "where",
                                             "zeros"};
  ASSERT_EQ(all_tensor_ops().size(), surfaces.size());
  for (std::size_t i = 0; i < surfaces.size(); ++i) {
    const Op op = tensor_op(all_tensor_ops()[i], registry);
    EXPECT_EQ(op.surface(), surfaces[i]) << op.name();
    EXPECT_EQ(registry.find_surface("hir", surfaces[i]), op) << surfaces[i];
    EXPECT_FALSE(op.result_rule().empty()) << op.name();
    EXPECT_EQ(op.form(), OpForm::Value) << op.name();
    EXPECT_TRUE(op.name().starts_with("hir.tensor.")) << op.name();
  }
  EXPECT_EQ(tensor_op_name(TensorOp::RepeatInterleave), "hir.tensor.RepeatInterleave");
  EXPECT_FALSE(registry.find("hir.tensor.TupleGetItem").has_value());  // a core Expr node
  OpRegistry empty;
  EXPECT_THROW(tensor_op(TensorOp::Cast, empty), InternalError);
}

TEST(HirTensor, SchemasFollowTheCatalogue) {
  auto names = [](TensorOp which) {
    std::vector<std::string> out;
    for (const ParamDef& p : op_of(which).params()) out.push_back(p.name);
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(names(TensorOp::Arange), (V{"type", "start", "step"}));
  EXPECT_EQ(names(TensorOp::Cast), (V{"x", "dtype", "rounding", "saturate", "scale_method"}));
  EXPECT_EQ(names(TensorOp::CacheUpdate), (V{"cache", "cur_pos", "s", "new"}));
  EXPECT_EQ(names(TensorOp::Quant), (V{"x", "scheme", "group", "target_dtype"}));
  EXPECT_EQ(names(TensorOp::Reduce), (V{"x", "axes", "keepdim", "kind"}));
  EXPECT_EQ(names(TensorOp::Slice), (V{"x", "starts", "sizes", "strides"}));
  EXPECT_EQ(names(TensorOp::TopK), (V{"x", "k", "axis", "largest", "sorted"}));
  const Op cast = op_of(TensorOp::Cast);
  EXPECT_TRUE(cast.params()[1].required());
  EXPECT_EQ(cast.params()[1].attr_kind, AttrKind::DType);
  for (int i : {2, 3, 4}) EXPECT_TRUE(cast.params()[i].optional) << cast.params()[i].name;
  EXPECT_EQ(op_of(TensorOp::Reshape).params()[1].attr_kind, AttrKind::DimTuple);
  EXPECT_EQ(op_of(TensorOp::TopK).params()[1].attr_kind, AttrKind::Dim);
  EXPECT_EQ(op_of(TensorOp::Zeros).params()[0].attr_kind, AttrKind::Type);
  EXPECT_EQ(*op_of(TensorOp::Reduce).params()[3].default_value, AttrDefault(enum_attr(ReduceKind::Mean)));
  EXPECT_TRUE(op_of(TensorOp::Concat).variadic());
  EXPECT_TRUE(op_of(TensorOp::Stack).variadic());
  EXPECT_FALSE(op_of(TensorOp::Concat).tuple_operands());
  EXPECT_TRUE(op_of(TensorOp::Slice).tuple_operands());
  EXPECT_TRUE(op_of(TensorOp::InsertSlice).tuple_operands());
  EXPECT_EQ(required_handlers(op_of(TensorOp::Where)),
            std::vector<HandlerKind>{HandlerKind::TypeInfer});
  EXPECT_EQ(required_handlers(op_of(TensorOp::Cast)),
            std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
}

TEST(HirTensor, ArangeAndZerosReturnTheirTypeAttribute) {
  const IRType ids = tensor({8}, DType::i32());
  Result<CallRef> a = call(TensorOp::Arange, {}, {{"type", ids}});
  ASSERT_TRUE(a.ok()) << type_of(a);
  EXPECT_TRUE((*a)->type().same_as(ids));  // returned, not rebuilt
  EXPECT_EQ(to_string(Expr(*a)), "hir.tensor.Arange(type=Tensor[(8,), i32], start=0, step=1)");
  DimVarRef n = tf::test::dim("N", 1, 64);
  EXPECT_EQ(type_of(call(TensorOp::Arange, {},
                         {{"type", IRType(tensor({n}, DType::i64()))},
                          {"start", ShapeDim(n)},
                          {"step", std::int64_t{2}}})),
            "Tensor[(N,), i64]");
  EXPECT_EQ(msgs(call(TensorOp::Arange, {},
                      {{"type", IRType(tensor({2, 4}, DType::f32()))}, {"step", std::int64_t{0}}})),
            (Msgs{"hir.tensor.Arange: type must be rank 1, got rank 2 (Tensor[(2, 4), f32])",
                  "hir.tensor.Arange: type dtype must be i32 or i64, got f32",
                  "hir.tensor.Arange: step must be a positive int, got 0"}));
  const IRType pair = TupleType::make({ids, ids}).value();
  EXPECT_EQ(msgs(call(TensorOp::Arange, {}, {{"type", pair}})),
            Msgs{"hir.tensor.Arange: type must be a TensorType, got Tuple[Tensor[(8,), i32], "
                 "Tensor[(8,), i32]]"});

  const IRType z = tensor({2, n}, DType::bf16(), StorageKind::Smem);
  Result<CallRef> zeros = call(TensorOp::Zeros, {}, {{"type", z}});
  ASSERT_TRUE(zeros.ok());
  EXPECT_TRUE((*zeros)->type().same_as(z));
  EXPECT_EQ(msgs(call(TensorOp::Zeros, {}, {{"type", pair}})),
            Msgs{"hir.tensor.Zeros: type must be a TensorType, got Tuple[Tensor[(8,), i32], "
                 "Tensor[(8,), i32]]"});
}

TEST(HirTensor, FullLikeRankAndShapeOf) {
  VarRef x = tv("x", {4, 3}, DType::fp8e4m3(), StorageKind::Rmem);
  Result<CallRef> f = call(TensorOp::FullLike, {x}, {{"value", 0.5}});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE((*f)->type().same_as(x->type()));
  EXPECT_EQ(type_of(call(TensorOp::Rank, {x})), "Tensor[(), i64, storage=umat]");
  EXPECT_EQ(type_of(call(TensorOp::ShapeOf, {x})), "Tensor[(2,), i64, storage=umat]");
  VarRef s = tv("s", {}, DType::f32(), std::nullopt);
  EXPECT_EQ(type_of(call(TensorOp::ShapeOf, {s})), "Tensor[(0,), i64, storage=umat]");
  // A tuple-typed operand is refused (the op does not take tuple operands).
  Expr pair = tuple({x, x});
  EXPECT_EQ(rule_ids(call(TensorOp::Rank, {pair}).diagnostics()),
            Ids{"TYPES.5.TUPLE.not-op-input"});
  EXPECT_EQ(msgs(call(TensorOp::Rank, {x, x})), Msgs{"hir.tensor.Rank: expected 1 operand, found 2"});
}

TEST(HirTensor, CastReplacesTheDtypeAndKeepsLayoutAndStorage) {
  const Layout l = L("(4,3):(3,1)");
  VarRef x = tv("x", {4, 3}, DType::f32(), StorageKind::Rmem, l);
  Result<CallRef> c = call(TensorOp::Cast, {x}, {{"dtype", DType::bf16()}});
  ASSERT_TRUE(c.ok()) << type_of(c);
  EXPECT_EQ(type_of(c), "Tensor[(4, 3), bf16, layout=Layout((4, 3), (3, 1)), storage=rmem]");
  EXPECT_EQ(to_string(Expr(*c)),
            "hir.tensor.Cast(x, dtype=bf16, rounding=None, saturate=None, "
            "scale_method=None)");
  EXPECT_EQ(
      type_of(
          call(TensorOp::Cast, {x},
               {{"dtype", DType::f8e8m0()},
                {"rounding", enum_attr(Rounding::TowardZero)},
                {"saturate", false}})),
      "Tensor[(4, 3), f8e8m0, layout=Layout((4, 3), (3, 1)), storage=rmem]");
  // A plain f4e2m1 target types; only the evaluator refuses it.
  EXPECT_EQ(type_of(call(TensorOp::Cast, {x}, {{"dtype", DType::f4e2m1()}})),
            "Tensor[(4, 3), f4e2m1, layout=Layout((4, 3), (3, 1)), storage=rmem]");
  VarRef w = tv("w", {2, 64}, DType::f32());
  EXPECT_EQ(type_of(call(TensorOp::Cast, {w},
                         {{"dtype", DType::mxfp4()},
                          {"scale_method", enum_attr(ScaleMethod::Rceil)}})),
            "Tensor[(2, 64), MXFP4]");
  EXPECT_EQ(type_of(call(TensorOp::Cast, {w},
                         {{"dtype", DType::nvfp4()},
                          {"scale_method", enum_attr(ScaleMethod::Nvfp4)},
                          {"rounding", enum_attr(Rounding::NearestEven)},
                          {"saturate", true}})),
            "Tensor[(2, 64), NVFP4]");
}

TEST(HirTensor, CastRejectsModesTheTargetDoesNotOffer) {
  VarRef x = tv("x", {4}, DType::f32());
  auto cast = [&](std::vector<NamedAttr> attrs) { return msgs(call(TensorOp::Cast, {x}, attrs)); };
  // rounding and scale_method are EnumAttrs of numerics' spaces: a spelling is refused when the
  // Call binds, and one outside the space is the reader's type error (worded as the rule was).
  EXPECT_FALSE(
      call(TensorOp::Cast, {x}, {{"dtype", DType::bf16()}, {"rounding", std::string("rn")}}).ok());
  EXPECT_EQ(op_of(TensorOp::Cast).find_param("rounding")->enum_space, &numerics::kRoundingSpace);
  EXPECT_EQ(op_of(TensorOp::Cast).find_param("scale_method")->enum_space,
            &numerics::kScaleMethodSpace);
  EXPECT_EQ(unknown_enum_spelling("hir.tensor.Cast", "rounding", numerics::kRoundingSpace, "rd")
                .message,
            "hir.tensor.Cast: rounding must be rn, rz or rp, got 'rd'");
  EXPECT_EQ(unknown_enum_spelling("hir.tensor.Cast", "scale_method", numerics::kScaleMethodSpace,
                                  "amax")
                .message,
            "hir.tensor.Cast: scale_method must be ocp, rceil or nvfp4, got 'amax'");
  EXPECT_EQ(cast({{"dtype", DType::f8e8m0()}, {"rounding", enum_attr(Rounding::NearestEven)}}),
            Msgs{"hir.tensor.Cast: a cast to f8e8m0 does not offer rounding=rn saturate=true; "
                 "f8e8m0 offers rounding rz or rp with saturate true or false"});
  EXPECT_EQ(cast({{"dtype", DType::fp8e4m3()}, {"rounding", enum_attr(Rounding::TowardZero)}}),
            Msgs{"hir.tensor.Cast: a cast to fp8e4m3 does not offer rounding=rz saturate=true; "
                 "fp8e4m3 offers rounding rn with saturate true or false"});
  EXPECT_EQ(cast({{"dtype", DType::i32()}, {"saturate", false}}),
            Msgs{"hir.tensor.Cast: a cast to i32 does not offer rounding=rz saturate=false; i32 "
                 "offers rounding rz with saturate true only"});
  EXPECT_EQ(cast({{"dtype", DType::f6e2m3()}, {"saturate", false}}),
            Msgs{"hir.tensor.Cast: a cast to f6e2m3 does not offer rounding=rn saturate=false; "
                 "f6e2m3 offers rounding rn or rz with saturate true only"});
  EXPECT_EQ(cast({{"dtype", DType::f32()}, {"scale_method", enum_attr(ScaleMethod::Ocp)}}),
            Msgs{"hir.tensor.Cast: scale_method applies only to a block-scaled target dtype, "
                 "got f32"});
  EXPECT_EQ(cast({{"dtype", DType::mxfp8_e4m3()}, {"scale_method", enum_attr(ScaleMethod::Nvfp4)}}),
            Msgs{"hir.tensor.Cast: scale_method nvfp4 needs f4e2m1 elements with an fp8e4m3 "
                 "block scale and a Whole f32 tensor scale; MXFP8_E4M3 is not such a format"});
  EXPECT_EQ(cast({{"dtype", DType::nvfp4()}, {"scale_method", enum_attr(ScaleMethod::Ocp)}}),
            Msgs{"hir.tensor.Cast: scale_method ocp needs one block level with an f8e8m0 scale "
                 "(an MX format); NVFP4 is not one"});
  EXPECT_EQ(cast({{"dtype", DType::mxfp4()},
                  {"rounding", enum_attr(Rounding::TowardZero)},
                  {"saturate", false}}),
            (Msgs{"hir.tensor.Cast: a cast to the block-scaled MXFP4 rounds its elements to "
                  "nearest even: rounding must be rn, got rz",
                  "hir.tensor.Cast: a cast to the block-scaled MXFP4 saturates its elements: "
                  "saturate=false is not offered"}));
  // Attribute binding rejects a value of the wrong family before the rule runs.
  EXPECT_FALSE(call(TensorOp::Cast, {x}, {{"dtype", std::int64_t{3}}}).ok());
}

TEST(HirTensor, OfferedCastModesAreWordedFromTheNumericsTable) {
  EXPECT_EQ(offered_cast_modes(DType::f8e8m0()), "rounding rz or rp with saturate true or false");
  EXPECT_EQ(offered_cast_modes(DType::i32()), "rounding rz with saturate true only");
  EXPECT_EQ(offered_cast_modes(DType::f4e2m1()), "rounding rn or rz with saturate true only");
  EXPECT_EQ(offered_cast_modes(DType::bf16()), "rounding rn with saturate true or false");
  EXPECT_EQ(default_cast_rounding(DType::f8e8m0()), Rounding::TowardPosInf);
  EXPECT_FALSE(default_cast_saturate(DType::f16()));
  EXPECT_TRUE(cast_mode_offered_by(DType::fp8e4m3(), Rounding::NearestEven, false));
  EXPECT_FALSE(cast_mode_offered_by(DType::fp8e4m3(), Rounding::TowardZero, true));
}

}  // namespace
}  // namespace tf::hir
