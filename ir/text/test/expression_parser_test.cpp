#include "ir/text/expression_parser.h"

#include <gtest/gtest.h>

namespace tf::text {
namespace {

std::string round_trip(std::string_view src) {
  Result<Syntax> r = parse_expression(src, "e");
  if (!r) return "ERROR " + r.diagnostics()[0].render();
  return to_string(**r);
}

std::string error_of(std::string_view src) {
  Result<Syntax> r = parse_expression(src, "e");
  return r ? "parsed" : r.diagnostics()[0].render();
}

TEST(ExpressionParser, LayoutsMeshesAndSlicesOfTfirSection3) {
  EXPECT_EQ(round_trip("Layout(((2, 2), 8), ((1, 16), 2))"), "Layout(((2, 2), 8), ((1, 16), 2))");
  EXPECT_EQ(round_trip("Layout((128,),(1,))"), "Layout((128,), (1,))");
  EXPECT_EQ(round_trip("ComposedLayout(inner=None, offset=3, outer=Layout((4,), None))"),
            "ComposedLayout(inner=None, offset=3, outer=Layout((4,), None))");
  EXPECT_EQ(round_trip("ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0), B(), "
                       "P(\"sum\"), Dynamic()), mesh=cta1)"),
            "ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0), B(), P(\"sum\"), "
            "Dynamic()), mesh=cta1)");
  EXPECT_EQ(round_trip("Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)),\n"
                       "     Layout((4, 4, 32), (128, 32, 1)), names=(\"c\", \"w\", \"l\"))"),
            "Mesh((Topology(\"cta\", 4), Topology(\"thread\", 128)), Layout((4, 4, 32), (128, 32, "
            "1)), names=(\"c\", \"w\", \"l\"))");
  EXPECT_EQ(round_trip("warp[0:16]"), "warp[0:16]");
  EXPECT_EQ(round_trip("cta[1:3, :]"), "cta[1:3, :]");
  EXPECT_EQ(round_trip("m[:2, 1:, 3]"), "m[:2, 1:, 3]");
}

TEST(ExpressionParser, TreeShape) {
  Result<Syntax> r = parse_expression("f(1, x=(2,), y=-3)", "e");
  ASSERT_TRUE(r.ok());
  const SyntaxNode& call = **r;
  EXPECT_EQ(call.kind, SyntaxKind::Call);
  EXPECT_EQ(call.callee->text, "f");
  ASSERT_EQ(call.items.size(), 1u);
  EXPECT_EQ(call.items[0]->kind, SyntaxKind::Integer);
  ASSERT_TRUE(call.keyword("x"));
  EXPECT_EQ(call.keyword("x")->kind, SyntaxKind::Tuple);
  EXPECT_EQ(call.keyword("x")->items.size(), 1u);
  EXPECT_EQ(call.keyword("y")->kind, SyntaxKind::Negate);
  EXPECT_EQ(call.keyword("z"), nullptr);
  EXPECT_EQ(call.location.str(), "e:1:1");
}

TEST(ExpressionParser, ArithmeticPrecedenceAndGrouping) {
  Result<Syntax> r = parse_expression("N * 2 + M // 4 % 3 - 1 < 7", "e");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)->text, "<");
  EXPECT_EQ((*r)->items[0]->text, "-");
  EXPECT_EQ((*r)->items[0]->items[0]->text, "+");
  EXPECT_EQ((*r)->items[0]->items[0]->items[1]->text, "%");
  EXPECT_EQ((*r)->items[0]->items[0]->items[1]->items[0]->text, "//");
  EXPECT_EQ(round_trip("(N + 1) * 2"), "(N + 1) * 2");
  EXPECT_EQ(round_trip("N - (M - 1)"), "N - (M - 1)");
  EXPECT_EQ(round_trip("(N - M) - 1"), "N - M - 1");
  EXPECT_EQ(round_trip("-(N + 1)"), "-(N + 1)");
  EXPECT_EQ(round_trip("((a < b))"), "a < b");
  Result<Syntax> g = parse_expression("(N + 1) * 2", "e");
  EXPECT_EQ((*g)->text, "*");
  EXPECT_EQ(round_trip("()"), "()");
  EXPECT_EQ(round_trip("cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)"),
            "cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)");
}

TEST(ExpressionParser, ErrorsArePositionedAndSayWhatWasExpected) {
  EXPECT_EQ(error_of("Layout((4, 8), (1, 4)"),
            "e:1:22: error[parse]: expected ')' to close the argument list, found end of file");
  EXPECT_EQ(error_of("Layout((4, 8) (1, 4))"),
            "e:1:15: error[parse]: expected ')' to close the argument list, found '('");
  EXPECT_EQ(error_of("f(x=1, 2)"),
            "e:1:8: error[parse]: a positional argument cannot follow keyword arguments");
  EXPECT_EQ(error_of("f(x=1, x=2)"), "e:1:8: error[parse]: keyword argument 'x' is given twice");
  EXPECT_EQ(error_of("m[1:2"), "e:1:6: error[parse]: expected ']' to close the subscript, found end of file");
  EXPECT_EQ(error_of("a b"), "e:1:3: error[parse]: expected the end of the expression, found 'b'");
  EXPECT_EQ(error_of(""), "e:1:1: error[parse]: expected an expression, found end of file");
  EXPECT_EQ(error_of("1 +"), "e:1:4: error[parse]: expected an expression, found end of file");
}

TEST(ExpressionParser, DeepNestingIsAnErrorNotAStackOverflow) {
  std::string deep(100000, '(');
  EXPECT_EQ(error_of(deep), "e:1:201: error[parse]: expression nested deeper than 200 levels");
  std::string minus(100000, '-');
  EXPECT_NE(error_of(minus + "1").find("nested deeper than 200 levels"), std::string::npos);
}

// Issue: robust against every input, class 2. A flat chain is read in a loop, but it builds a
// left-deep tree that later walks recurse through: each operator counts as a level, so a chain
// of 20,000 terms is a diagnostic at its 200th operator (it was a stack overflow in the value
// builder), and so is a chain that is short alone but deep inside brackets.
TEST(ExpressionParser, ALongOperatorChainIsADiagnosticNotAStackOverflow) {
  std::string chain = "N";
  for (int i = 0; i < 20000; ++i) chain += " + N";
  EXPECT_EQ(error_of(chain),
            "e:1:799: error[parse]: expression nested deeper than 200 levels (each operator of a "
            "chain such as a + b + c, and each subscript of x[0][0], nests one level): split it "
            "with intermediate bindings");
  std::string product = "N";
  for (int i = 0; i < 20000; ++i) product += " * N";
  EXPECT_NE(error_of(product).find("nested deeper than 200 levels"), std::string::npos);
  std::string bracketed = std::string(150, '(') + "N";
  for (int i = 0; i < 60; ++i) bracketed += " + N";
  EXPECT_NE(error_of(bracketed + std::string(150, ')')).find("nested deeper than 200 levels"),
            std::string::npos);
  std::string fits = "N";
  for (int i = 0; i < 150; ++i) fits += " + N";
  EXPECT_TRUE(parse_expression(fits, "e").ok());
}

// A subscript chain x[0][0]... builds a left-deep tree too: 30,000 subscripts were a stack
// overflow (in the mesh builder from 3,000, in the error printer, in freeing the tree); each
// subscript now counts as a nesting level.
TEST(ExpressionParser, ALongSubscriptChainIsADiagnosticNotAStackOverflow) {
  std::string chain = "m";
  for (int i = 0; i < 30000; ++i) chain += "[0]";
  EXPECT_EQ(error_of(chain), "e:1:597: error[parse]: expression nested deeper than 200 levels");
  std::string fits = "m";
  for (int i = 0; i < 150; ++i) fits += "[0]";
  EXPECT_TRUE(parse_expression(fits, "e").ok());
}

}  // namespace
}  // namespace tf::text

namespace tf::text {
namespace {

std::string printed_or_error(std::string_view src) {
  Result<Syntax> s = parse_expression(src, "t.tfir");
  if (!s.ok()) return "error: " + s.diagnostics()[0].message;
  return to_string(**s);
}

TEST(ExpressionParserBodies, SymbolsAreCalledLikeNames) {
  EXPECT_EQ(printed_or_error("@f(a, b)"), "@f(a, b)");
  EXPECT_EQ(printed_or_error("launch(@k, 1, 1, 1, 32, 1, 1, a, dynamic_smem=0)"),
            "launch(@k, 1, 1, 1, 32, 1, 1, a, dynamic_smem=0)");
  EXPECT_EQ(printed_or_error("@ 3"), "error: expected a function name after '@', found number 3");
}

TEST(ExpressionParserBodies, TensorLiteralsOfEveryForm) {
  EXPECT_EQ(printed_or_error("Tensor[(2, 2), f32]{1, 2, -3, nan}"), "Tensor[(2, 2), f32]{1, 2, -3, nan}");
  EXPECT_EQ(printed_or_error("Tensor[(2,), fp8e4m3] bits{0x38, 0x40}"),
            "Tensor[(2,), fp8e4m3] bits{0x38, 0x40}");
  EXPECT_EQ(printed_or_error("Tensor[(1024,), f32] splat(0.5)"), "Tensor[(1024,), f32] splat(0.5)");
  EXPECT_EQ(printed_or_error("Tensor[(8, 8), f32] random(seed=7, lo=-1, hi=1)"),
            "Tensor[(8, 8), f32] random(seed=7, lo=-1, hi=1)");
  EXPECT_EQ(printed_or_error("Tensor[(1, 32), MXFP4] planes{ bits{0x1, 0x2}, bits{0x7f} }"),
            "Tensor[(1, 32), MXFP4] planes{bits{0x1, 0x2}, bits{0x7f}}");
  EXPECT_EQ(printed_or_error("Tensor[(1,), MXFP4] planes{ 3 }"),
            "error: expected a plane bits{...}, found number 3");
  EXPECT_EQ(printed_or_error("Tensor[(2,), f32]{1, 2"), "error: expected '}' to close the literal, found end of file");
}

}  // namespace
}  // namespace tf::text
