// Output expectations of cases: the line forms, positioned errors for malformed lines, and
// judging values (selectors, comparators, reference values, literal errors).
#include "conformance/expectation.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace tf::conformance {
namespace {

const SourceLocation kAt{"cases/x.tfir", 7, 12};

Expectation ok(const std::string& text) {
  Result<Expectation> e = parse_expectation(text, kAt);
  TF_CHECK(e.ok(), "expectation {} failed: {}", text, e.ok() ? "" : e.diagnostics()[0].render());
  return *e;
}

// "line:col: message" of the first diagnostic.
std::string error_of(const std::string& text) {
  Result<Expectation> e = parse_expectation(text, kAt);
  if (e.ok()) return "(accepted)";
  const Diagnostic& d = e.diagnostics()[0];
  return fmt::format("{}:{}: {}", d.location.line, d.location.column, d.message);
}

eval::Tensor tensor(const std::string& text) {
  Result<eval::Tensor> t = eval::parse_literal(text, SourceLocation{"t.tfir", 1, 1}, {});
  TF_CHECK(t.ok(), "bad test literal {}", text);
  return *t;
}

TEST(Expectation, ExactForm) {
  Expectation e = ok("output = Tensor[(2,), f32]{1, 2}");
  EXPECT_TRUE(e.selector.empty());
  EXPECT_EQ(e.comparator.kind, eval::Comparator::Kind::Exact);
  EXPECT_FALSE(e.reference);
  EXPECT_EQ(e.literal, "Tensor[(2,), f32]{1, 2}");
  EXPECT_EQ(e.literal_location.str(), "cases/x.tfir:7:21");
  EXPECT_EQ(e.location.str(), "cases/x.tfir:7:12");
}

TEST(Expectation, ComparatorForms) {
  Expectation a = ok("output[1] ~ allclose(rtol=1e-5, atol=1e-6) Tensor[(1,), f32]{1}   ");
  EXPECT_EQ(a.selector, (std::vector<std::int64_t>{1}));
  EXPECT_EQ(a.comparator.kind, eval::Comparator::Kind::AllClose);
  EXPECT_EQ(a.comparator.rtol, 1e-5);
  EXPECT_EQ(a.comparator.atol, 1e-6);
  EXPECT_EQ(a.literal, "Tensor[(1,), f32]{1}");
  EXPECT_EQ(a.literal_location.column, 12 + 43);
  Expectation d = ok("output ~ allclose() Tensor[(1,), f32]{1}");
  EXPECT_EQ(d.comparator.rtol, 1e-5);
  EXPECT_EQ(d.comparator.atol, 1e-8);
  Expectation u = ok("output[0][2] ~ ulp(max=3) reference");
  EXPECT_EQ(u.selector, (std::vector<std::int64_t>{0, 2}));
  EXPECT_EQ(u.comparator.kind, eval::Comparator::Kind::Ulp);
  EXPECT_EQ(u.comparator.max_ulps, 3u);
  EXPECT_TRUE(u.reference);
  EXPECT_EQ(u.literal, "");
  EXPECT_EQ(ok("output ~ exact npy(\"y.npy\")").literal, "npy(\"y.npy\")");
  EXPECT_EQ(ok("output ~ exact() reference").comparator.kind, eval::Comparator::Kind::Exact);
  EXPECT_EQ(ok("output = reference").reference, true);
  EXPECT_EQ(selector_text({1, 0}), "output[1][0]");
}

TEST(Expectation, MalformedLinesArePositioned) {
  EXPECT_EQ(error_of("outputs = Tensor[(1,), f32]{1}"),
            "7:12: an output expectation starts with `output`, found 'outputs'");
  EXPECT_EQ(error_of("output[-1] = Tensor[(1,), f32]{1}"),
            "7:19: a selector index is a non-negative integer: output[1]");
  EXPECT_EQ(error_of("output[x] = Tensor[(1,), f32]{1}"),
            "7:19: a selector index is a non-negative integer: output[1]");
  EXPECT_EQ(error_of("output[1 = Tensor[(1,), f32]{1}"),
            "7:19: a selector index is a non-negative integer: output[1]");
  EXPECT_EQ(error_of("output : Tensor[(1,), f32]{1}"),
            "7:19: expected '=' (exact) or '~' and a comparison after output, found ':'");
  EXPECT_EQ(error_of("output ~ near(1) Tensor[(1,), f32]{1}"),
            "7:21: expected a comparison: exact, allclose(rtol=..., atol=...) or ulp(max=...), "
            "found 'near(1)'");
  EXPECT_EQ(error_of("output ~ ulp reference"),
            "7:21: expected a comparison: exact, allclose(rtol=..., atol=...) or ulp(max=...), "
            "found 'ulp'");
  EXPECT_EQ(error_of("output ~ ulp() reference"), "7:21: ulp needs its bound: ulp(max=1)");
  EXPECT_EQ(error_of("output ~ ulp(max=-1) reference"),
            "7:29: max= is an integer >= 0, found '-1'");
  EXPECT_EQ(error_of("output ~ ulp(max=1, k=2) reference"), "7:34: ulp has no argument 'k' (max)");
  EXPECT_EQ(error_of("output ~ allclose(rtol=-1) reference"),
            "7:35: rtol= is a finite number >= 0, found '-1'");
  EXPECT_EQ(error_of("output ~ allclose(atol=inf) reference"),
            "7:35: atol= is a finite number >= 0, found 'inf'");
  EXPECT_EQ(error_of("output ~ allclose(1e-5) reference"),
            "7:30: allclose(...) takes keyword arguments only");
  EXPECT_EQ(error_of("output ~ allclose(eps=1) reference"),
            "7:34: allclose has no argument 'eps' (rtol, atol)");
  EXPECT_EQ(error_of("output ~ exact(1) reference"),
            "7:27: exact(...) takes keyword arguments only");
  EXPECT_EQ(error_of("output ~ exact(k=1) reference"), "7:29: exact takes no arguments");
  EXPECT_EQ(error_of("output ~"),
            "7:20: expected a comparison after '~': exact, allclose(...) or ulp(max=...)");
  EXPECT_EQ(error_of("output ="), "7:20: expected the expected value: a literal or `reference`");
  EXPECT_EQ(error_of("output = Tensor[(2,), f32]{1, "),
            "7:41: expected an expression, found end of file");
  EXPECT_EQ(error_of("output = reference extra"),
            "7:31: expected the end of the expression, found 'extra'");
}

TEST(Expectation, CaseLinesAreParsedWhereTheirTextStarts) {
  CaseExpect line;
  line.kind = CaseExpect::Kind::Output;
  line.text = "output = Tensor[(1,), f32]{x}";
  line.location = SourceLocation{"c.tfir", 4, 5};       // `expect` at column 5
  line.text_location = SourceLocation{"c.tfir", 4, 12};  // its text, as the case reader records it
  Result<Expectation> e = parse_expectation(line);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->literal_location.str(), "c.tfir:4:21");
  Result<eval::Verdict> v = judge(tensor("Tensor[(1,), f32]{1}"), *e, {});
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.diagnostics()[0].location.str(), "c.tfir:4:39");  // the `x`
}

TEST(Expectation, JudgesTensors) {
  const eval::Value actual = tensor("Tensor[(2,), f32] bits{0x3f800000, 0x40000001}");
  Result<eval::Verdict> exact = judge(actual, ok("output = Tensor[(2,), f32]{1, 2}"), {});
  ASSERT_TRUE(exact.ok());
  EXPECT_FALSE(exact->passed);
  EXPECT_EQ(exact->message,
            "output: 1 of 2 elements differ (exact); first at [1]: actual 2.0000002 (0x40000001), "
            "expected 2 (0x40000000)");
  Result<eval::Verdict> close =
      judge(actual, ok("output ~ allclose(rtol=1e-6) Tensor[(2,), f32]{1, 2}"), {});
  ASSERT_TRUE(close.ok());
  EXPECT_TRUE(close->passed);
  Result<eval::Verdict> ulp = judge(actual, ok("output ~ ulp(max=2) Tensor[(2,), f32]{1, 2}"), {});
  ASSERT_TRUE(ulp.ok());
  EXPECT_TRUE(ulp->passed);
  Result<eval::Verdict> ulp1 = judge(actual, ok("output ~ ulp(max=0) Tensor[(2,), f32]{1, 2}"), {});
  ASSERT_TRUE(ulp1.ok());
  EXPECT_FALSE(ulp1->passed);
}

TEST(Expectation, SelectorsPickTupleItems) {
  const eval::Value result = eval::Value::tuple(
      {tensor("Tensor[(1,), f32]{1}"),
       eval::Value::tuple({tensor("Tensor[(1,), i32]{7}"), tensor("Tensor[(), bool]{true}")})});
  Result<eval::Verdict> item = judge(result, ok("output[1][0] = Tensor[(1,), i32]{7}"), {});
  ASSERT_TRUE(item.ok());
  EXPECT_TRUE(item->passed);
  Result<eval::Verdict> wrong = judge(result, ok("output[1][1] = Tensor[(), bool]{false}"), {});
  ASSERT_TRUE(wrong.ok());
  EXPECT_EQ(wrong->message,
            "output[1][1]: 1 of 1 elements differ (exact); first at []: actual true (0x1), "
            "expected false (0x0)");
  Result<eval::Verdict> deep = judge(result, ok("output[0][0] = Tensor[(1,), f32]{1}"), {});
  ASSERT_TRUE(deep.ok());
  EXPECT_FALSE(deep->passed);
  EXPECT_EQ(deep->message, "output[0][0]: the result output[0] is a tensor, not a tuple");
  Result<eval::Verdict> range = judge(result, ok("output[2] = Tensor[(1,), f32]{1}"), {});
  ASSERT_TRUE(range.ok());
  EXPECT_EQ(range->message, "output[2]: the result output is a tuple of 2 items");
  Result<eval::Verdict> whole = judge(result, ok("output = Tensor[(1,), f32]{1}"), {});
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->message, "output: actual is a tuple, expected a tensor");
  Result<eval::Verdict> on_tensor =
      judge(tensor("Tensor[(1,), f32]{1}"), ok("output[0] = Tensor[(1,), f32]{1}"), {});
  ASSERT_TRUE(on_tensor.ok());
  EXPECT_EQ(on_tensor->message, "output[0]: the result output is a tensor, not a tuple");
}

TEST(Expectation, ReferenceValues) {
  const eval::Value actual = tensor("Tensor[(2,), f32]{1, 2}");
  const eval::Value other = tensor("Tensor[(2,), f32] bits{0x3f800001, 0x40000000}");
  Result<eval::Verdict> none = judge(actual, ok("output ~ ulp(max=1) reference"), {});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.diagnostics()[0].message,
            "output expects the reference value, and none was computed");
  EXPECT_EQ(none.diagnostics()[0].location.str(), "cases/x.tfir:7:12");
  Result<eval::Verdict> within = judge(actual, ok("output ~ ulp(max=1) reference"), {}, &other);
  ASSERT_TRUE(within.ok());
  EXPECT_TRUE(within->passed);
  Result<eval::Verdict> exact = judge(actual, ok("output = reference"), {}, &other);
  ASSERT_TRUE(exact.ok());
  EXPECT_FALSE(exact->passed);
  const eval::Value pair = eval::Value::tuple({actual, actual});
  const eval::Value pair_ref = eval::Value::tuple({actual, other});
  Result<eval::Verdict> second = judge(pair, ok("output[1] = reference"), {}, &pair_ref);
  ASSERT_TRUE(second.ok());
  EXPECT_FALSE(second->passed);
  EXPECT_EQ(second->message.rfind("output[1]: 1 of 2 elements differ", 0), 0u);
}

TEST(Expectation, LiteralsUseTheCaseContext) {
  eval::LiteralContext c;
  c.dims = {{"N", 2}};
  const eval::Value actual = tensor("Tensor[(2,), i32]{3, 4}");
  Result<eval::Verdict> v = judge(actual, ok("output = Tensor[(N,), i32]{3, 4}"), c);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->passed);
  Result<eval::Verdict> missing = judge(actual, ok("output = Tensor[(M,), i32]{3, 4}"), c);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.diagnostics()[0].location.str(), "cases/x.tfir:7:29");
}

// Arbitrary expectation lines: parsed or refused with positioned diagnostics, and judging a
// parsed one never throws.
RC_GTEST_PROP(ExpectationLaws, MalformedLinesAreDiagnostics, ()) {
  static const std::vector<std::string> kFragments = {"output",   "[",         "]",
                                                      "0",        "1",         "-1",
                                                      "=",        "~",         " ",
                                                      "allclose", "ulp",       "exact",
                                                      "(",        ")",         "rtol=",
                                                      "atol=",    "max=",      ",",
                                                      "1e-5",     "reference", "Tensor[(1,), f32]",
                                                      "{",        "}",         "2",
                                                      "nan",      "bits",      "npy(\"x.npy\")"};
  const std::vector<std::string> pieces =
      *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kFragments));
  std::string text;
  for (const std::string& p : pieces) text += p;
  Result<Expectation> e = parse_expectation(text, kAt);
  if (!e.ok()) {
    for (const Diagnostic& d : e.diagnostics()) RC_ASSERT(d.location.line == kAt.line);
    return;
  }
  const eval::Value actual = eval::Value::tuple({tensor("Tensor[(1,), f32]{2}")});
  Result<eval::Verdict> v = judge(actual, *e, {}, &actual);
  if (v.ok()) RC_ASSERT(v->passed == v->message.empty());
}

}  // namespace
}  // namespace tf::conformance
