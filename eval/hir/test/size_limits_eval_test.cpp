// Inputs whose IR is small but whose recursive walks are not (issue: robust against every input,
// classes 1 and 2), found by an audit of the recursive walkers: a DAG of shared values or types
// expands as a tree, exponentially in its depth, wherever a walk does not remember what it saw;
// a variadic op builds one term per operand. Each is now a placed diagnostic from a limit of tf.
#include <gtest/gtest.h>

#include <string>

#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {
namespace {

// `a0 = STEP(x, x)` and then `a<i> = STEP(a<i-1>, a<i-1>)` up to a<n-1>: n bindings, each
// sharing the one before twice. `step` spells one binding's value from two operand names.
std::string doublings(int n, std::string (*step)(const std::string&)) {
  std::string body = "    a0 = " + step("x") + "\n";
  for (int i = 1; i < n; ++i)
    body += "    a" + std::to_string(i) + " = " + step("a" + std::to_string(i - 1)) + "\n";
  return body;
}

// concat of 30,000 inputs with a symbolic extent: N + N + ... + N was a 30,000-deep expression
// that overflowed the stack in the printer, the dim evaluator and structural equality.
TEST(HirEvalSizeLimits, AConcatOfThousandsOfSymbolicExtentsIsATypeError) {
  std::string operands = "x";
  for (int i = 1; i < 30000; ++i) operands += ", x";
  const std::string src = "dim N = DimVar(\"N\", 0, 3)\n"
                          "func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {\n"
                          "    a = concat(" + operands + ", axis=0)\n"
                          "    return x\n}\n";
  EXPECT_FAILS_WITH(run_tfir(src, {f32({2}, {1, 2})}), DiagCategory::Type,
                    "hir.tensor.Concat: the extents along axis 0 add up to an expression of more "
                    "than 4096 terms (a limit of tf)");
}

// a_i = concat(a_{i-1}, a_{i-1}): 25 bindings whose extent expands to 2^24 terms (the nodes are
// shared): 19 s and 2.3 GB to check, longer to evaluate.
TEST(HirEvalSizeLimits, AnExtentDoubledPast4096TermsIsATypeError) {
  const std::string body =
      doublings(24, [](const std::string& a) { return "concat(" + a + ", " + a + ", axis=0)"; });
  const std::string src = "dim N = DimVar(\"N\", 0, 3)\n"
                          "func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {\n" + body +
                          "    return x\n}\n";
  EXPECT_FAILS_WITH(run_tfir(src, {f32({2}, {1, 2})}), DiagCategory::Type,
                    "the extents along axis 0 add up to an expression of more than 4096 terms");
}

// a_i = (a_{i-1}, a_{i-1}): 30 tuples, 2^30 tensors when expanded; collecting the DimVars of the
// function's types walked all of them (17 s).
TEST(HirEvalSizeLimits, ATupleTypeOfMoreThan2To17TypesIsATypeError) {
  const std::string body = doublings(30, [](const std::string& a) { return "(" + a + ", " + a + ")"; });
  const std::string src = "func f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n" + body +
                          "    return x\n}\n";
  EXPECT_FAILS_WITH(run_tfir(src, {f32({2}, {1, 2})}), DiagCategory::Type,
                    "the tuple type holds more than 131072 types when its nested tuples are "
                    "expanded (a limit of tf)");
}

// A message quotes a value of 24 doublings (a_i = add(a_{i-1}, a_{i-1})) in at most 48 nodes;
// the whole tree was 500 MB of message and 18 s.
TEST(HirEvalSizeLimits, AMessageQuotesASharedValueInAFewNodes) {
  const std::string body = doublings(24, [](const std::string& a) { return "add(" + a + ", " + a + ")"; });
  const std::string src = "func g(y: Tensor[(3,), f32]) -> Tensor[(3,), f32] {\n    return y\n}\n"
                          "func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n" + body +
                          "    b = @g(a23)\n    return x\n}\n";
  const Result<Value> r = run_tfir(src, {f32({4}, {1, 2, 3, 4})}, "f");
  ASSERT_FALSE(r.ok());
  const std::string m = r.diagnostics().front().message;
  EXPECT_NE(m.find("call of @g: argument 0 (hir.math.Binary(hir.math.Binary("), std::string::npos) << m;
  EXPECT_NE(m.find("...") , std::string::npos) << m;
  EXPECT_LT(m.size(), 4000u) << m;
}

}  // namespace
}  // namespace tf::eval::testing
