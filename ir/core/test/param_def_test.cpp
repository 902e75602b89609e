// ParamDef and op schemas: declared operands and attributes, validation, arity.
#include "ir/core/param_def.h"

#include <gtest/gtest.h>

#include "ir/core/numerics_spaces.h"
#include "ir/core/op.h"
#include "ir/core/reduce_kind.h"
#include "ir/dim/dim_ops.h"

namespace tf {
namespace {

TEST(ParamDef, OpsDeclareOperandsAndAttributesInOrder) {
  OpRegistry r;
  Op cast = r.add({.name = "test.cast",
                   .params = {ParamDef::operand("x"), ParamDef::attribute("dtype", AttrKind::DType),
                              ParamDef::enum_attribute("rounding", numerics::kRoundingSpace,
                                                       enum_attr(numerics::Rounding::NearestEven)),
                              ParamDef::attribute("saturate", AttrKind::Bool, true),
                              ParamDef::attribute("layout", AttrKind::Layout, std::monostate{})}})
                .value();
  ASSERT_EQ(cast.params().size(), 5u);
  EXPECT_EQ(cast.operand_count(), 1u);
  EXPECT_FALSE(cast.variadic());
  EXPECT_TRUE(cast.accepts_arity(1));
  EXPECT_FALSE(cast.accepts_arity(2));
  const ParamDef* dtype = cast.find_param("dtype");
  ASSERT_NE(dtype, nullptr);
  EXPECT_EQ(dtype->kind, ParamKind::Attribute);
  EXPECT_EQ(dtype->attr_kind, AttrKind::DType);
  EXPECT_TRUE(dtype->required());
  const ParamDef* rounding = cast.find_param("rounding");
  ASSERT_NE(rounding, nullptr);
  EXPECT_FALSE(rounding->required());
  EXPECT_EQ(rounding->attr_kind, AttrKind::Enum);
  EXPECT_EQ(rounding->enum_space, &numerics::kRoundingSpace);
  EXPECT_EQ(std::get<EnumAttr>(*rounding->default_value), enum_attr(numerics::Rounding::NearestEven));
  EXPECT_EQ(std::get<EnumAttr>(*rounding->default_value).spelling(), "rn");
  EXPECT_EQ(cast.find_param("dtype")->enum_space, nullptr);
  const ParamDef* layout = cast.find_param("layout");
  ASSERT_NE(layout, nullptr);
  EXPECT_TRUE(layout->optional);  // a None default makes it optional
  EXPECT_FALSE(layout->required());
  EXPECT_FALSE(cast.find_param("x")->required());  // operands are never "required attributes"
  EXPECT_EQ(cast.find_param("y"), nullptr);
  EXPECT_EQ(param_kind_name(ParamKind::Operand), "operand");
  EXPECT_EQ(attr_kind_name(AttrKind::IntTuple), "int_tuple");
}

TEST(ParamDef, AVariadicOperandIsTheLastOperandAndTakesAnyCount) {
  OpRegistry r;
  Op concat = r.add({.name = "test.concat",
                     .tuple_operands = true,
                     .params = {ParamDef::variadic_operand("parts"),
                                ParamDef::attribute("axis", AttrKind::Int, std::int64_t{0})}})
                  .value();
  EXPECT_TRUE(concat.variadic());
  EXPECT_TRUE(concat.accepts_arity(0));
  EXPECT_TRUE(concat.accepts_arity(7));
  EXPECT_EQ(concat.arity_text(), "any number of operands");
  // After fixed operands it binds what is left: at least the fixed ones.
  Op view = r.add({.name = "test.view",
                   .params = {ParamDef::operand("memory"), ParamDef::variadic_operand("coordinates")}})
                .value();
  EXPECT_FALSE(view.accepts_arity(0));
  EXPECT_TRUE(view.accepts_arity(1));
  EXPECT_TRUE(view.accepts_arity(3));
  EXPECT_EQ(view.arity_text(), "at least 1 operand");
  Result<Op> bad = r.add(
      {.name = "test.bad", .params = {ParamDef::variadic_operand("a"), ParamDef::operand("b")}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.diagnostics()[0].message,
            "op 'test.bad' has an operand after its variadic operand; a variadic operand is the "
            "last one");
}

TEST(ParamDef, InvalidSchemasAreRefusedWithEveryProblem) {
  ParamDef operand_with_default = ParamDef::operand("x");
  operand_with_default.default_value = std::int64_t{1};
  std::vector<Diagnostic> d = check_params(
      "test.op", {ParamDef::operand("x"), ParamDef::operand("x"), ParamDef::operand("1y"),
                  operand_with_default, ParamDef::attribute("k", AttrKind::None),
                  ParamDef::attribute("n", AttrKind::Int, 1.5),
                  ParamDef::attribute("t", AttrKind::Type, std::int64_t{0}),
                  ParamDef::enum_attribute("e", numerics::kRoundingSpace, std::string("rn")),
                  ParamDef::enum_attribute("f", numerics::kRoundingSpace, enum_attr(ReduceKind::Sum)),
                  ParamDef::attribute("g", AttrKind::Enum),
                  ParamDef::attribute("h", AttrKind::Enum, std::monostate{})});
  std::vector<std::string> messages;
  for (const Diagnostic& x : d) {
    EXPECT_EQ(x.category, DiagCategory::Usage);
    messages.push_back(x.message);
  }
  EXPECT_EQ(messages,
            (std::vector<std::string>{
                "op 'test.op' declares parameter 'x' twice",
                "parameter '1y' of op 'test.op' is not an identifier",
                "op 'test.op' declares parameter 'x' twice",
                "operand 'x' of op 'test.op' has an attribute kind, an optional flag or a "
                "default; only attributes have those",
                "attribute 'k' of op 'test.op' needs a value kind and cannot be variadic",
                "the default of attribute 'n' of op 'test.op' is not a value of kind int",
                "the default of attribute 't' of op 'test.op' is not a value of kind type",
                "the default of attribute 'e' of op 'test.op' is not a value of kind enum",
                "the default of attribute 'f' of op 'test.op' is not a value of kind enum",
                "attribute 'g' of op 'test.op' is an enum without an enum space naming its "
                "spellings",
                "attribute 'h' of op 'test.op' is an enum without an enum space naming its "
                "spellings"}));
  EXPECT_TRUE(
      check_params(
          "test.op",
          {ParamDef::operand("x"), ParamDef::attribute("s", AttrKind::Storage, StorageKind::Smem),
           ParamDef::attribute("d", AttrKind::DType, DType::f32()),
           ParamDef::attribute("v", AttrKind::IntTuple, std::vector<std::int64_t>{1, 2}),
           ParamDef::enum_attribute("k", kReduceKindSpace),
           ParamDef::enum_attribute("m", kReduceKindSpace, enum_attr(ReduceKind::Max)),
           ParamDef::enum_attribute("r", numerics::kRoundingSpace, std::monostate{})})
          .empty());
  OpRegistry r;
  EXPECT_FALSE(
      r.add({.name = "test.op", .params = {ParamDef::operand("x"), ParamDef::operand("x")}}).ok());
  EXPECT_EQ(r.size(), OpRegistry::builtin().size());  // nothing added
}

TEST(ParamDef, ReRegisteringWithADifferentParameterListIsAConflict) {
  OpRegistry r;
  ASSERT_TRUE(r.add({.name = "test.A", .params = {ParamDef::operand("x")}}).ok());
  EXPECT_TRUE(r.add({.name = "test.A", .params = {ParamDef::operand("x")}}).ok());
  Result<Op> other = r.add({.name = "test.A", .params = {ParamDef::operand("y")}});
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.diagnostics()[0].message,
            "op 'test.A' is already registered with a different parameter list");
}

TEST(ParamDef, TheDimOpsDeclareTwoOperandsAndNoAttributes) {
  OpRegistry r;
  register_dim_ops(r);
  for (std::size_t i = 0; i < r.size(); ++i) {
    const Op op = r.at(i);
    ASSERT_EQ(op.params().size(), 2u) << op.name();
    EXPECT_EQ(op.params()[0], ParamDef::operand("a"));
    EXPECT_EQ(op.params()[1], ParamDef::operand("b"));
    EXPECT_EQ(op.operand_count(), 2u);
  }
}

}  // namespace
}  // namespace tf
