// Call attributes: checked against the op's schema at Call::make, defaults filled, part of
// structural equality and hashing, printed as keywords; typed by typeinfer_attrs.
#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/core_ops.h"
#include "ir/core/expr_print.h"
#include "ir/core/numerics_spaces.h"
#include "ir/core/op_handlers.h"
#include "ir/core/reduce_kind.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/type_infer.h"

namespace tf {
namespace {

using test::tensor;

// A cast-like op: operand x; dtype required, rounding an enum defaulting to rn, saturate a
// bool defaulting to true, axes an optional int tuple (None), label a string default "".
Op cast_op(OpRegistry& r) {
  return r
      .add({.name = "test.cast",
            .params = {ParamDef::operand("x"), ParamDef::attribute("dtype", AttrKind::DType),
                       ParamDef::enum_attribute("rounding", numerics::kRoundingSpace,
                                                enum_attr(numerics::Rounding::NearestEven)),
                       ParamDef::attribute("saturate", AttrKind::Bool, true),
                       ParamDef::attribute("axes", AttrKind::IntTuple, std::monostate{}),
                       ParamDef::attribute("scale", AttrKind::Float, 1.0),
                       ParamDef::attribute("label", AttrKind::String, std::string(""))}})
      .value();
}

std::vector<std::string> messages(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d) out.push_back(x.message);
  return out;
}

Result<IRType> cast_type(Op, const std::vector<Expr>& args, const std::vector<AttrValue>& attrs) {
  const TensorType& x = *args[0]->type()->as<TensorType>();
  return IRType(tensor(x.shape, std::get<DType>(attrs[0])));
}

TEST(CallAttrs, DefaultsAreFilledInDeclarationOrderAndPrintedAsKeywords) {
  OpRegistry r;
  const Op op = cast_op(r);
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  CallRef c = Call::make(op, {x}, {{"dtype", DType::bf16()}}, tensor({4}, DType::bf16())).value();
  ASSERT_EQ(c->attrs.size(), 6u);
  EXPECT_EQ(std::get<DType>(c->attr("dtype")), DType::bf16());
  EXPECT_EQ(enum_value<numerics::Rounding>(c->attr("rounding")), numerics::Rounding::NearestEven);
  EXPECT_TRUE(std::get<bool>(c->attr("saturate")));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(c->attr("axes")));
  EXPECT_EQ(to_string(Expr(c)),
            "test.cast(x, dtype=bf16, rounding=rn, saturate=true, axes=None, scale=1.0, "
            "label=\"\")");
  CallRef d = Call::make(op, {x},
                         {{"label", std::string("a\"b")},
                          {"axes", std::vector<std::int64_t>{1}},
                          {"scale", 0.5},
                          {"rounding", enum_attr(numerics::Rounding::TowardZero)},
                          {"dtype", DType::fp8e4m3()},
                          {"saturate", false}},
                         tensor({4}, DType::fp8e4m3()))
                  .value();
  EXPECT_EQ(to_string(Expr(d)),
            "test.cast(x, dtype=fp8e4m3, rounding=rz, saturate=false, axes=(1,), scale=0.5, "
            "label=\"a\\\"b\")");
  EXPECT_THROW(c->attr("nope"), InternalError);
}

TEST(CallAttrs, MakeRejectsUnknownRepeatedMistypedAndMissingAttributes) {
  OpRegistry r;
  const Op op = cast_op(r);
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  auto make = [&](std::vector<NamedAttr> attrs) {
    return Call::make(op, {x}, std::move(attrs), tensor({4}, DType::bf16()));
  };
  EXPECT_EQ(messages(make({}).diagnostics()),
            std::vector<std::string>{"test.cast needs the attribute 'dtype' (dtype)"});
  EXPECT_EQ(messages(make({{"dtype", DType::bf16()}, {"mode", std::int64_t{1}}}).diagnostics()),
            std::vector<std::string>{"test.cast has no attribute 'mode'"});
  EXPECT_EQ(messages(make({{"x", DType::bf16()}, {"dtype", DType::bf16()}}).diagnostics()),
            std::vector<std::string>{"test.cast has no attribute 'x'"});  // an operand
  // Issue 42: a misspelt attribute gets the nearest names of the op's attributes.
  EXPECT_EQ(make({{"dtyp", DType::bf16()}, {"dtype", DType::bf16()}}).diagnostics().front().notes,
            std::vector<std::string>{"did you mean: dtype"});
  EXPECT_EQ(messages(make({{"dtype", DType::bf16()}, {"dtype", DType::f16()}}).diagnostics()),
            std::vector<std::string>{"attribute 'dtype' of test.cast is given more than once"});
  EXPECT_EQ(
      messages(make({{"dtype", std::string("bf16")}}).diagnostics()),
      std::vector<std::string>{
          "attribute 'dtype' of test.cast takes a value of kind dtype, got the string \"bf16\""});
  EXPECT_EQ(
      messages(
          make({{"dtype", DType::bf16()}, {"rounding", std::string("not an id")}}).diagnostics()),
      std::vector<std::string>{
          "attribute 'rounding' of test.cast takes a value of kind enum (Rounding), got the string "
          "\"not an id\""});
  EXPECT_EQ(messages(make({{"dtype", DType::bf16()}, {"rounding", std::string("rz")}}).diagnostics()),
            std::vector<std::string>{
                "attribute 'rounding' of test.cast takes a value of kind enum (Rounding), got the "
                "string \"rz\""});  // a spelling is the reader's business, never a value
  EXPECT_EQ(
      messages(
          make({{"dtype", DType::bf16()}, {"rounding", enum_attr(ReduceKind::Sum)}}).diagnostics()),
      std::vector<std::string>{
          "attribute 'rounding' of test.cast takes a value of kind enum (Rounding), got the enum "
          "sum (ReduceKind)"});
  EXPECT_EQ(
      messages(make({{"dtype", DType::bf16()}, {"saturate", std::monostate{}}}).diagnostics()),
      std::vector<std::string>{
          "attribute 'saturate' of test.cast is not optional, but is given None"});
  EXPECT_EQ(messages(make({{"dtype", DType::bf16()}, {"scale", std::int64_t{2}}}).diagnostics()),
            std::vector<std::string>{
                "attribute 'scale' of test.cast takes a value of kind float, got the int 2"});
  EXPECT_TRUE(make({{"dtype", DType::bf16()}, {"axes", std::monostate{}}}).ok());  // optional
  // The attribute-less factory still checks: a required attribute is missing.
  EXPECT_EQ(messages(Call::make(op, {x}, tensor({4}, DType::bf16())).diagnostics()),
            std::vector<std::string>{"test.cast needs the attribute 'dtype' (dtype)"});
}

TEST(CallAttrs, AttributesArePartOfStructuralEqualityAndHash) {
  OpRegistry r;
  const Op op = cast_op(r);
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  auto make = [&](std::vector<NamedAttr> attrs) {
    return Expr(Call::make(op, {x}, std::move(attrs), tensor({4}, DType::bf16())).value());
  };
  Expr a = make({{"dtype", DType::bf16()}});
  using numerics::Rounding;
  Expr b = make({{"dtype", DType::bf16()}, {"rounding", enum_attr(Rounding::NearestEven)}});  // default
  Expr c = make({{"dtype", DType::bf16()}, {"rounding", enum_attr(Rounding::TowardZero)}});
  Expr d = make({{"dtype", DType::bf16()}, {"label", std::string("rn")}});
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, c));
  EXPECT_NE(structural_hash(a), structural_hash(c));
  EXPECT_FALSE(structural_equal(a, d));
}

TEST(CallAttrs, AnOpWithAttributesIsTypedByTypeinferAttrs) {
  OpRegistry r;
  const Op op = cast_op(r);
  EXPECT_EQ(required_handlers(op), std::vector<HandlerKind>{HandlerKind::TypeInferAttrs});
  EXPECT_EQ(handler_kind_name(HandlerKind::TypeInferAttrs), "typeinfer_attrs");
  OpHandlers h(r);
  register_core_ops(r, h);  // the builtin dim ops' handlers
  EXPECT_EQ(h.missing(), std::vector<std::string>{"test.cast: typeinfer_attrs"});
  h.set<TypeInferAttrsHandler>(op, &cast_type);
  EXPECT_TRUE(h.missing().empty());
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  CallRef c = Call::make(op, {x}, {{"dtype", DType::bf16()}}, tensor({4}, DType::bf16())).value();
  Result<IRType> t = infer_type(c, h);
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(structural_equal(*t, IRType(tensor({4}, DType::bf16()))));
}

TEST(CallAttrs, ValueTextSpellsEveryFamily) {
  EXPECT_EQ(attr_value_text(AttrKind::Int, std::int64_t{-3}), "-3");
  EXPECT_EQ(attr_value_text(AttrKind::Float, 2.0), "2.0");
  EXPECT_EQ(attr_value_text(AttrKind::Float, 1e30), "1e+30");
  EXPECT_EQ(attr_value_text(AttrKind::Storage, StorageKind::Smem), "smem");
  EXPECT_EQ(attr_value_text(AttrKind::IntTuple, std::vector<std::int64_t>{}), "()");
  EXPECT_EQ(attr_value_text(AttrKind::IntTuple, std::vector<std::int64_t>{1, 2}), "(1, 2)");
  EXPECT_EQ(attr_value_kind_name(AttrValue(std::vector<std::int64_t>{})), "int_tuple");
  EXPECT_TRUE(attr_value_fits(AttrKind::Layout, std::monostate{}));
  EXPECT_FALSE(attr_value_fits(AttrKind::Layout, std::int64_t{1}));
  // An enum value is an EnumAttr, printed as its spelling; a string is always quoted.
  EXPECT_EQ(attr_value_text(AttrKind::Enum, enum_attr(numerics::Rounding::TowardPosInf)), "rp");
  EXPECT_EQ(attr_value_text(AttrKind::String, std::string("rp")), "\"rp\"");
  EXPECT_EQ(attr_value_kind_name(AttrValue(enum_attr(ReduceKind::Max))), "enum");
  EXPECT_TRUE(attr_value_fits(AttrKind::Enum, enum_attr(ReduceKind::Max)));
  EXPECT_FALSE(attr_value_fits(AttrKind::Enum, std::string("max")));
  const ParamDef kind = ParamDef::enum_attribute("kind", kReduceKindSpace);
  EXPECT_TRUE(attr_value_fits(kind, enum_attr(ReduceKind::Max)));
  EXPECT_TRUE(attr_value_fits(kind, std::monostate{}));  // None fits; binding checks optional
  EXPECT_FALSE(attr_value_fits(kind, enum_attr(numerics::Rounding::NearestEven)));
}

}  // namespace
}  // namespace tf
