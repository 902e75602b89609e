// hir.math: schemas, exact result types of Binary / Unary / Clamp / Softplus, every reject
// with its message, keyword printing and structural identity of the kind attribute.
#include "ir/hir/math_ops.h"

#include <gtest/gtest.h>

#include "ir/core/expr_print.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/core/type_infer.h"
#include "ir/hir/test/hir_test_util.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {
namespace {

using namespace test;
using Msgs = std::vector<std::string>;

const OpHandlers& H() {
  return hir_handlers();
}

VarRef t(const std::string& name, std::vector<ShapeDim> shape, DType d,
         std::optional<StorageKind> s = StorageKind::Gmem) {
  return var(name, tensor(std::move(shape), d, s));
}

std::string type_of(const Result<CallRef>& c) {
  return c.ok() ? to_string((*c)->type()) : "error: " + c.diagnostics()[0].message;
}

TEST(HirMath, SchemasDeclareOperandsAndAttributes) {
  const Op bin = math_op(MathOp::Binary, H().registry());
  ASSERT_EQ(bin.params().size(), 3u);
  EXPECT_EQ(bin.operand_count(), 2u);
  EXPECT_EQ(bin.params()[2].name, "kind");
  EXPECT_EQ(bin.params()[2].attr_kind, AttrKind::Enum);
  EXPECT_TRUE(bin.params()[2].required());
  const Op clamp = math_op(MathOp::Clamp, H().registry());
  EXPECT_EQ(clamp.params()[1].name, "min_val");
  EXPECT_EQ(clamp.params()[2].attr_kind, AttrKind::Float);
  EXPECT_EQ(math_op(MathOp::Softplus, H().registry()).params().size(), 1u);
  EXPECT_EQ(required_handlers(bin), std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
  EXPECT_EQ(required_handlers(math_op(MathOp::Softplus, H().registry())),
            std::vector<HandlerKind>{HandlerKind::TypeInfer});
  EXPECT_EQ(math_op_name(MathOp::Unary), "hir.math.Unary");
  OpRegistry empty;
  EXPECT_THROW(math_op(MathOp::Binary, empty), InternalError);
}

TEST(HirMath, KindNamesRoundTrip) {
  for (BinaryKind k : kAllBinaryKinds) EXPECT_EQ(binary_kind_from_name(binary_kind_name(k)), k);
  for (UnaryKind k : kAllUnaryKinds) EXPECT_EQ(unary_kind_from_name(unary_kind_name(k)), k);
  EXPECT_EQ(binary_kind_name(BinaryKind::FloorDiv), "floor_div");
  EXPECT_FALSE(binary_kind_from_name("FloorDiv").has_value());
  EXPECT_FALSE(unary_kind_from_name("cbrt").has_value());
}

// covers: TYPES.5.TUPLE.single-output-type
TEST(HirMath, BinaryBroadcastsAndKeepsTheDtype) {
  VarRef a = t("a", {4, 1, 3}, DType::f32());
  VarRef b = t("b", {5, 1}, DType::f32());
  Result<CallRef> add = make_binary(BinaryKind::Add, a, b, H());
  ASSERT_TRUE(add.ok()) << add.diagnostics()[0].message;
  EXPECT_TRUE((*add)->type()->is<TensorType>());
  EXPECT_EQ(type_of(add), "Tensor[(4, 5, 3), f32]");
  EXPECT_EQ(to_string(Expr(*add)), "hir.math.Binary(a, b, kind=add)");
  // A scalar broadcasts against anything; the result is the other shape.
  VarRef s = t("s", {}, DType::f32(), StorageKind::Umat);
  EXPECT_EQ(type_of(make_binary(BinaryKind::Mul, s, a, H())), "Tensor[(4, 1, 3), f32]");
  // Symbolic extents broadcast when equal or against 1.
  DimVarRef n = tf::test::dim("N", 1, 64);
  VarRef x = t("x", {n, 8}, DType::bf16());
  VarRef y = t("y", {1, 8}, DType::bf16());
  EXPECT_EQ(type_of(make_binary(BinaryKind::Sub, x, y, H())), "Tensor[(N, 8), bf16]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Max, x, x, H())), "Tensor[(N, 8), bf16]");
  // floor_div and mod on integers; pow and min on either family.
  VarRef i = t("i", {2}, DType::i32());
  EXPECT_EQ(type_of(make_binary(BinaryKind::FloorDiv, i, i, H())), "Tensor[(2,), i32]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Mod, i, i, H())), "Tensor[(2,), i32]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Pow, i, i, H())), "Tensor[(2,), i32]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Div, x, y, H())), "Tensor[(N, 8), bf16]");
}

TEST(HirMath, ComparisonsAndLogicalKindsYieldBool) {
  VarRef a = t("a", {3}, DType::f16());
  for (BinaryKind k : {BinaryKind::Eq, BinaryKind::Ne, BinaryKind::Lt, BinaryKind::Le,
                       BinaryKind::Gt, BinaryKind::Ge})
    EXPECT_EQ(type_of(make_binary(k, a, a, H())), "Tensor[(3,), bool]") << binary_kind_name(k);
  VarRef p = t("p", {3}, DType::boolean());
  EXPECT_EQ(type_of(make_binary(BinaryKind::And, p, p, H())), "Tensor[(3,), bool]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Or, p, p, H())), "Tensor[(3,), bool]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Eq, p, p, H())), "Tensor[(3,), bool]");
}

TEST(HirMath, BinaryRejectsWithAHint) {
  VarRef f = t("f", {4}, DType::f32());
  VarRef i = t("i", {4}, DType::i32());
  VarRef b = t("b", {4}, DType::boolean());
  auto msgs = [](const Result<CallRef>& r) { return messages(r.diagnostics()); };
  EXPECT_EQ(msgs(make_binary(BinaryKind::Add, f, i, H())),
            Msgs{"hir.math.Binary: dtype mismatch: lhs is f32, rhs is i32; there is no implicit "
                 "promotion (use full_like or cast)"});
  EXPECT_EQ(msgs(make_binary(BinaryKind::Div, i, i, H())),
            Msgs{"hir.math.Binary: kind div needs float operands, got i32; use floor_div for "
                 "integer division"});
  EXPECT_EQ(msgs(make_binary(BinaryKind::Div, b, b, H())),
            Msgs{"hir.math.Binary: kind div needs float operands, got bool"});
  EXPECT_EQ(msgs(make_binary(BinaryKind::FloorDiv, f, f, H())),
            Msgs{"hir.math.Binary: kind floor_div needs i32 or i64 operands, got f32"});
  VarRef i8 = t("c", {4}, DType::i8());
  EXPECT_EQ(msgs(make_binary(BinaryKind::Mod, i8, i8, H())),
            Msgs{"hir.math.Binary: kind mod needs i32 or i64 operands, got i8"});
  EXPECT_EQ(msgs(make_binary(BinaryKind::And, i, i, H())),
            Msgs{"hir.math.Binary: kind and needs bool operands, got i32"});
  EXPECT_EQ(msgs(make_binary(BinaryKind::Add, b, b, H())),
            Msgs{"hir.math.Binary: kind add needs numeric operands, got bool"});
  VarRef g = t("g", {4, 3}, DType::f32());
  VarRef h = t("h", {2}, DType::f32());
  EXPECT_EQ(msgs(make_binary(BinaryKind::Add, g, h, H())),
            Msgs{"hir.math.Binary: shapes (4, 3) and (2,) do not broadcast: axis -1 has extents "
                 "3 and 2"});
  DimVarRef n = tf::test::dim("N", 1, 64);
  VarRef x = t("x", {n}, DType::f32());
  EXPECT_EQ(msgs(make_binary(BinaryKind::Add, x, f, H())),
            Msgs{"hir.math.Binary: shapes (N,) and (4,) do not broadcast: axis -1 has extents N "
                 "and 4"});
  VarRef sm = t("s", {4}, DType::f32(), StorageKind::Smem);
  EXPECT_EQ(msgs(make_binary(BinaryKind::Add, f, sm, H())),
            Msgs{"hir.math.Binary: the operands live in different storages gmem and smem"});
  // Several violations are reported together.
  EXPECT_EQ(
      msgs(make_binary(BinaryKind::Add, g, t("j", {2}, DType::i32(), StorageKind::Smem), H())),
      (Msgs{"hir.math.Binary: dtype mismatch: lhs is f32, rhs is i32; there is no implicit "
            "promotion (use full_like or cast)",
            "hir.math.Binary: shapes (4, 3) and (2,) do not broadcast: axis -1 has extents "
            "3 and 2",
            "hir.math.Binary: the operands live in different storages gmem and smem"}));
}

TEST(HirMath, BinaryAnchorsStorageAndLayout) {
  VarRef u = t("u", {4}, DType::f32(), StorageKind::Umat);
  VarRef r = t("r", {4}, DType::f32(), StorageKind::Rmem);
  VarRef n = t("n", {4}, DType::f32(), std::nullopt);
  EXPECT_EQ(type_of(make_binary(BinaryKind::Add, u, r, H())), "Tensor[(4,), f32, storage=rmem]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Add, u, u, H())), "Tensor[(4,), f32, storage=umat]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Add, n, u, H())), "Tensor[(4,), f32, storage=umat]");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Add, n, n, H())), "Tensor[(4,), f32, storage=None]");
  const Layout l = tf::test::layout(IntTuple(4), IntTuple(1));
  VarRef la = var("la", tensor({4}, DType::f32(), StorageKind::Rmem, l));
  Result<CallRef> kept = make_binary(BinaryKind::Add, la, r, H());
  ASSERT_TRUE(kept.ok());
  const TensorType& kt = *(*kept)->type()->as<TensorType>();
  ASSERT_TRUE(kt.layout.has_value());
  EXPECT_TRUE(*kt.layout == LayoutBase(l));
  // A layout that does not describe the broadcast result is dropped.
  VarRef wide = t("w", {2, 4}, DType::f32(), StorageKind::Rmem);
  Result<CallRef> dropped = make_binary(BinaryKind::Add, la, wide, H());
  ASSERT_TRUE(dropped.ok());
  EXPECT_FALSE((*dropped)->type()->as<TensorType>()->layout.has_value());
}

TEST(HirMath, UnaryKeepsTheTypeAndRejectsPerKind) {
  VarRef f = t("f", {2, 3}, DType::bf16());
  VarRef i = t("i", {2}, DType::i64());
  VarRef b = t("b", {2}, DType::boolean());
  for (UnaryKind k : kAllUnaryKinds) {
    if (k == UnaryKind::Cast || k == UnaryKind::Not) continue;
    Result<CallRef> c = make_unary(k, f, H());
    ASSERT_TRUE(c.ok()) << unary_kind_name(k);
    EXPECT_TRUE((*c)->type().same_as(f->type())) << unary_kind_name(k);
  }
  for (UnaryKind k : {UnaryKind::Neg, UnaryKind::Abs, UnaryKind::Relu, UnaryKind::Square})
    EXPECT_EQ(type_of(make_unary(k, i, H())), "Tensor[(2,), i64]");
  EXPECT_EQ(type_of(make_unary(UnaryKind::Not, b, H())), "Tensor[(2,), bool]");
  EXPECT_EQ(to_string(Expr(make_unary(UnaryKind::Rsqrt, f, H()).value())),
            "hir.math.Unary(f, kind=rsqrt)");
  auto msgs = [](const Result<CallRef>& r) { return messages(r.diagnostics()); };
  for (UnaryKind k : {UnaryKind::Rsqrt, UnaryKind::Exp, UnaryKind::Log, UnaryKind::Ceil,
                      UnaryKind::Round, UnaryKind::Exp2, UnaryKind::Log2})
    EXPECT_EQ(msgs(make_unary(k, i, H())),
              Msgs{fmt::format("hir.math.Unary: kind {} is defined on floats only, got i64",
                               unary_kind_name(k))});
  EXPECT_EQ(msgs(make_unary(UnaryKind::Exp, b, H())),
            Msgs{"hir.math.Unary: kind exp is defined on floats only, got bool"});
  EXPECT_EQ(msgs(make_unary(UnaryKind::Not, f, H())),
            Msgs{"hir.math.Unary: kind not needs a bool operand, got bf16"});
  EXPECT_EQ(msgs(make_unary(UnaryKind::Neg, b, H())),
            Msgs{"hir.math.Unary: kind neg needs a numeric operand, got bool"});
  EXPECT_EQ(msgs(make_unary(UnaryKind::Cast, f, H())),
            Msgs{"hir.math.Unary: kind cast is not a conversion; convert with hir.tensor.Cast"});
}

TEST(HirMath, ClampAndSoftplusKeepTheType) {
  VarRef f = t("f", {8}, DType::f32());
  VarRef i = t("i", {8}, DType::i32());
  VarRef b = t("b", {8}, DType::boolean());
  Result<CallRef> c = make_clamp(f, -1.0, 1.0, H());
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE((*c)->type().same_as(f->type()));
  EXPECT_EQ(to_string(Expr(*c)), "hir.math.Clamp(f, min_val=-1.0, max_val=1.0)");
  EXPECT_EQ(type_of(make_clamp(i, 0.0, 6.5, H())), "Tensor[(8,), i32]");
  EXPECT_EQ(messages(make_clamp(b, 0.0, 1.0, H()).diagnostics()),
            Msgs{"hir.math.Clamp: needs a numeric operand, got bool"});
  Result<CallRef> s = make_softplus(f, H());
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE((*s)->type().same_as(f->type()));
  EXPECT_EQ(to_string(Expr(*s)), "hir.math.Softplus(f)");
  EXPECT_EQ(messages(make_softplus(i, H()).diagnostics()),
            Msgs{"hir.math.Softplus: needs a float operand, got i32"});
  // Clamp's bounds are required attributes.
  const Op clamp = math_op(MathOp::Clamp, H().registry());
  EXPECT_EQ(messages(Call::make(clamp, {f}, {{"min_val", 0.0}}, f->type()).diagnostics()),
            Msgs{"hir.math.Clamp needs the attribute 'max_val' (float)"});
}

TEST(HirMath, KindAttributeIsCheckedAndPartOfIdentity) {
  VarRef f = t("f", {4}, DType::f32());
  const Op bin = math_op(MathOp::Binary, H().registry());
  // The schema: the kind is required, an EnumAttr of BinaryKind's space (a spelling or another
  // space's value is refused when the Call binds its attributes).
  EXPECT_EQ(bin.params()[2].enum_space, &kBinaryKindSpace);
  EXPECT_EQ(messages(Call::make(bin, {f, f}, f->type()).diagnostics()),
            Msgs{"hir.math.Binary needs the attribute 'kind' (enum)"});
  EXPECT_EQ(messages(
                Call::make(bin, {f, f}, {{"kind", std::string("add")}}, f->type()).diagnostics()),
            Msgs{"attribute 'kind' of hir.math.Binary takes a value of kind enum (BinaryKind), got "
                 "the string \"add\""});
  EXPECT_FALSE(Call::make(bin, {f, f}, {{"kind", enum_attr(UnaryKind::Neg)}}, f->type()).ok());
  // A spelling outside BinaryKind is the reader's type error, worded as the rule worded it.
  EXPECT_EQ(unknown_enum_spelling(bin.name(), "kind", kBinaryKindSpace, "xor").message,
            "hir.math.Binary: unknown kind 'xor'; the kinds are add, sub, mul, div, "
            "floor_div, mod, max, min, pow, eq, ne, lt, le, gt, ge, and, or");
  EXPECT_EQ(binary_kind_of(*make_binary(BinaryKind::Pow, f, f, H()).value()), BinaryKind::Pow);
  // infer_type routes through typeinfer_attrs and agrees with the builder.
  CallRef add = make_binary(BinaryKind::Add, f, f, H()).value();
  CallRef add2 = make_binary(BinaryKind::Add, f, f, H()).value();
  CallRef sub = make_binary(BinaryKind::Sub, f, f, H()).value();
  EXPECT_TRUE(check_stored_type(add, H()).empty());
  EXPECT_TRUE(structural_equal(add, add2));
  EXPECT_EQ(structural_hash(add), structural_hash(add2));
  EXPECT_FALSE(structural_equal(add, sub));
}

// covers: TYPES.5.TUPLE.not-op-input
TEST(HirMath, ATupleOperandIsRejected) {
  VarRef f = t("f", {4}, DType::f32());
  TupleRef pair = Tuple::make({f, f}).value();
  Result<CallRef> c = make_binary(BinaryKind::Add, pair, f, H());
  EXPECT_EQ(rule_ids(c), Ids{"TYPES.5.TUPLE.not-op-input"});
  EXPECT_EQ(messages(c.diagnostics()),
            Msgs{"hir.math.Binary: operand 0 must be a tensor, but (f, f) has type "
                 "Tuple[Tensor[(4,), f32], Tensor[(4,), f32]]"});
  // Call::make itself refuses the tuple operand under the same rule.
  const Op sp = math_op(MathOp::Softplus, H().registry());
  EXPECT_EQ(rule_ids(Call::make(sp, {pair}, f->type())), Ids{"TYPES.5.TUPLE.not-op-input"});
}

}  // namespace
}  // namespace tf::hir
