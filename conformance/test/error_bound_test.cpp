// bound(order=...) expectations: parsing, the roundings of each order, and verdicts on values
// placed just inside and just outside the bound.
#include "conformance/error_bound.h"

#include <gtest/gtest.h>

#include <cmath>

#include "conformance/expectation.h"
#include "eval/value/tensor_convert.h"

namespace tf::conformance {
namespace {

eval::Tensor f32s(eval::Shape shape, const std::vector<float>& v) { return eval::from_f32(DType::f32(), shape, v); }

Expectation parsed(const std::string& text) {
  Result<Expectation> e = parse_expectation(text, SourceLocation{"case.tfir", 1, 1});
  EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.diagnostics().front().render());
  return e.ok() ? *e : Expectation{};
}

TEST(ErrorBound, OrdersCountTheirRoundings) {
  EXPECT_EQ(roundings({SumOrder::Kind::Exact, 1}, 64), 1);
  EXPECT_EQ(roundings({SumOrder::Kind::Sequential, 1}, 64), 64);
  EXPECT_EQ(roundings({SumOrder::Kind::Pairwise, 1}, 32), 6);
  EXPECT_EQ(roundings({SumOrder::Kind::Pairwise, 1}, 33), 7);
  EXPECT_EQ(roundings({SumOrder::Kind::Blocks, 16}, 64), 4);
  EXPECT_EQ(roundings({SumOrder::Kind::Blocks, 16}, 65), 5);
}

TEST(ErrorBound, ParsesAndRefusesWithPlacedDiagnostics) {
  Expectation e = parsed("output ~ bound(order=blocks, block=16) matmul(a, b)");
  ASSERT_TRUE(e.bound.has_value());
  EXPECT_EQ(e.bound->op, "matmul");
  EXPECT_EQ(e.bound->order.block, 16);
  for (const char* bad : {"output ~ bound() matmul(a, b)", "output ~ bound(order=fast) matmul(a, b)",
                          "output ~ bound(order=blocks) matmul(a, b)", "output ~ bound(order=exact) conv(a, b)",
                          "output ~ bound(order=exact) sum(x)", "output ~ bound(order=exact) matmul(a)"}) {
    Result<Expectation> r = parse_expectation(bad, SourceLocation{"case.tfir", 1, 1});
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.diagnostics().front().location.line, 1) << bad;
  }
}

// sum of [1, 2^-24, 2^-24]: exact 1 + 2^-23. Sequential f32 gives 1 (each 2^-24 is a tie that
// rounds to even); that is inside gamma_3 * 1.00000012 but outside the exact order's u * |s|.
TEST(ErrorBound, VerdictsFollowTheOrder) {
  const float tiny = std::ldexp(1.0f, -24);
  const std::map<std::string, eval::Tensor> inputs{{"x", f32s({1, 3}, {1.0f, tiny, tiny})}};
  const eval::Tensor sequential = f32s({1}, {1.0f});
  const eval::Tensor correctly_rounded = f32s({1}, {1.0f + 2 * tiny});
  const eval::Tensor far = f32s({1}, {1.0f + 16 * tiny});
  BoundReference b{{SumOrder::Kind::Sequential, 1}, "sum", {"x"}, 1};
  EXPECT_TRUE(judge_bound(sequential, b, inputs)->passed);
  EXPECT_FALSE(judge_bound(far, b, inputs)->passed);
  b.order.kind = SumOrder::Kind::Exact;
  EXPECT_TRUE(judge_bound(correctly_rounded, b, inputs)->passed);
  Result<eval::Verdict> v = judge_bound(sequential, b, inputs);
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->passed);
  EXPECT_NE(v->message.find("above the bound"), std::string::npos) << v->message;
  // A matmul: [[1, 2]] @ [[3], [4]] = 11 exactly; 11 + one ulp is outside the exact order.
  const std::map<std::string, eval::Tensor> mm{{"a", f32s({1, 2}, {1, 2})}, {"b", f32s({2, 1}, {3, 4})}};
  BoundReference m{{SumOrder::Kind::Exact, 1}, "matmul", {"a", "b"}, 0};
  EXPECT_TRUE(judge_bound(f32s({1, 1}, {11}), m, mm)->passed);
  EXPECT_FALSE(judge_bound(f32s({1, 1}, {std::nextafter(11.0f, 12.0f)}), m, mm)->passed);
  // Misuse is a diagnostic, not a verdict.
  EXPECT_FALSE(judge_bound(f32s({1, 1}, {11}), m, {}).ok());
  EXPECT_FALSE(judge_bound(f32s({2}, {11, 11}), m, mm).ok());
}

}  // namespace
}  // namespace tf::conformance
