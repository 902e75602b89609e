// @intrinsic: registration, the synthesized statement and its verifier.
#include "ir/tir/intrinsic.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/constant.h"
#include "ir/tir/stmt_structural.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

// The body of `my_fence(x: Expr) -> None`: refuses a negative constant argument.
std::vector<Diagnostic> my_fence_body(const IntrinsicStmt& stmt) {
  const Constant* c = stmt.arg("x")->as<Constant>();
  if (c != nullptr && c->is_int() && c->int_value() < 0)
    return {category_error(DiagCategory::Type, "my_fence: x must be non-negative")};
  return {};
}

// covers: TIR.1.8.INTRINSIC.synthesizes-stmt, TIR.1.8.INTRINSIC.params-annotated-expr
TEST(TirIntrinsic, RegisteringSynthesizesAStatementWithOneExprPerParameter) {
  IntrinsicRegistry registry;
  const IntrinsicDef* fence = ok(registry.add("my_fence", {"x"}, &my_fence_body));
  EXPECT_EQ(fence->params, std::vector<std::string>{"x"});
  // Every parameter is an Expr: the statement's arguments are Exprs and nothing else.
  static_assert(std::is_same_v<decltype(Intrinsic::args), std::vector<Expr>>);
  IntrinsicRef s = ok(Intrinsic::make(fence, {i64c(3)}));
  EXPECT_TRUE(Stmt(s)->is<Intrinsic>());
  EXPECT_EQ(s->def, fence);
  EXPECT_TRUE(s->arg("x").same_as(s->args[0]));
  EXPECT_FALSE(Intrinsic::make(fence, {}).ok());
  EXPECT_FALSE(Intrinsic::make(fence, {nullptr}).ok());
  EXPECT_FALSE(Intrinsic::make(nullptr, {}).ok());
}

// covers: TIR.1.8.INTRINSIC.body-is-verifier, TIR.1.8.INTRINSIC.return-none
TEST(TirIntrinsic, TheBodyIsTheVerifier) {
  IntrinsicRegistry registry;
  const IntrinsicDef* fence = ok(registry.add("my_fence", {"x"}, &my_fence_body));
  // The verifier returns diagnostics only; the statement yields no value.
  static_assert(std::is_same_v<IntrinsicVerifyFn, std::vector<Diagnostic> (*)(const Intrinsic&)>);
  EXPECT_TRUE(verify_intrinsic(*ok(Intrinsic::make(fence, {i64c(2)}))).empty());
  EXPECT_EQ(verify_intrinsic(*ok(Intrinsic::make(fence, {i64c(-2)}))).size(), 1u);
}

// covers: TIR.1.8.INTRINSIC.parser-snake-case
TEST(TirIntrinsic, TheSnakeCaseNameIsTheParserKey) {
  IntrinsicRegistry registry;
  const IntrinsicDef* fence = ok(registry.add("my_fence", {"x"}, &my_fence_body));
  EXPECT_EQ(registry.find("my_fence"), fence);
  EXPECT_EQ(registry.find("MyFence"), nullptr);
  EXPECT_EQ(rule_ids(registry.add("MyFence", {"x"}, &my_fence_body)),
            Ids{"TIR.1.8.INTRINSIC.parser-snake-case"});
  EXPECT_FALSE(registry.add("return", {}, &my_fence_body).ok());
  EXPECT_TRUE(is_snake_case("cp_fence2"));
  EXPECT_FALSE(is_snake_case("2fence"));
}

TEST(TirIntrinsic, RegistrationIsIdempotentAndChecked) {
  IntrinsicRegistry registry;
  const IntrinsicDef* a = ok(registry.add("my_fence", {"x"}, &my_fence_body));
  EXPECT_EQ(ok(registry.add("my_fence", {"x"}, &my_fence_body)), a);
  EXPECT_EQ(registry.size(), 1u);
  EXPECT_FALSE(registry.add("my_fence", {"x", "y"}, &my_fence_body).ok());
  EXPECT_FALSE(registry.add("twice", {"x", "x"}, &my_fence_body).ok());
  EXPECT_FALSE(registry.add("bad_param", {"1x"}, &my_fence_body).ok());
  EXPECT_FALSE(registry.add("no_body", {"x"}, nullptr).ok());
}

TEST(TirIntrinsic, EqualityComparesTheDescriptorAndTheArguments) {
  IntrinsicRegistry registry;
  const IntrinsicDef* fence = ok(registry.add("my_fence", {"x"}, &my_fence_body));
  const IntrinsicDef* other = ok(registry.add("other_fence", {"x"}, &my_fence_body));
  Stmt a = ok(Intrinsic::make(fence, {i64c(1)}));
  EXPECT_TRUE(structural_equal(a, Stmt(ok(Intrinsic::make(fence, {i64c(1)})))));
  EXPECT_FALSE(structural_equal(a, Stmt(ok(Intrinsic::make(fence, {i64c(2)})))));
  EXPECT_FALSE(structural_equal(a, Stmt(ok(Intrinsic::make(other, {i64c(1)})))));
}

}  // namespace
}  // namespace tf::tir
