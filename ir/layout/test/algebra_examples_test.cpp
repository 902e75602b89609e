// Hand-picked cases of the layout algebra: CuTe's published composition / complement /
// divide / product examples (docs/cpp/cute/02_layout_algebra.md and the pycute unit tests),
// checked for their exact published results where the source states one and for every
// postcondition by brute force (algebra_checks.h) in all cases.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/inverse.h"
#include "ir/layout/print.h"
#include "ir/layout/testing/algebra_checks.h"
#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::L;
using testing::T;

// ---- coalesce ----

TEST(Coalesce, PublishedExamples) {
  EXPECT_EQ(coalesce(L("(2,(1,6)):(1,(6,2))")).value(), L("12:1"));
  EXPECT_EQ(coalesce(L("(2,(1,6)):(1,(6,2))"), T("(1,1)")).value(), L("(2,6):(1,2)"));
}

TEST(Coalesce, MergesDropsAndKeeps) {
  EXPECT_EQ(coalesce(L("(4,2):(1,4)")).value(), L("8:1"));
  EXPECT_EQ(coalesce(L("(4,2):(2,1)")).value(), L("(4,2):(2,1)"));
  EXPECT_EQ(coalesce(L("((2,1),3):((1,7),2)")).value(), L("6:1"));
  EXPECT_EQ(coalesce(L("(1,1):(3,5)")).value(), L("1:0"));
  EXPECT_EQ(coalesce(L("(4,4):(0,0)")).value(), L("16:0"));
  EXPECT_EQ(coalesce(L("(2,3):(0,1)")).value(), L("(2,3):(0,1)"));
  EXPECT_EQ(coalesce(L("():()")).value(), L("1:0"));
  for (const char* text : {"(2,(1,6)):(1,(6,2))", "(4,2):(1,4)", "((2,1),3):((1,7),2)",
                           "(2,3,4):(12,1,3)", "(3,(2,2),5):(2,(1,6),24)"}) {
    EXPECT_EQ(testing::check_coalesce(L(text), coalesce(L(text)).value()), "") << text;
  }
}

TEST(Coalesce, ByModeKeepsUnprofiledModes) {
  Layout l = L("((2,2),(1,3),(4,1)):((1,2),(9,4),(12,7))");
  EXPECT_EQ(coalesce(l, T("(1,1)")).value(), L("(4,3,(4,1)):(1,4,(12,7))"));
  EXPECT_EQ(coalesce(l, T("(1,1,1)")).value(), L("(4,3,4):(1,4,12)"));
  EXPECT_FALSE(coalesce(l, T("(1,1,1,1)")).ok());
}

// ---- composition ----

TEST(Composition, PublishedExactResults) {
  // The worked example, the two reshape examples and the by-mode examples of the CuTe docs.
  EXPECT_EQ(composition(L("(6,2):(8,2)"), L("(4,3):(3,1)")).value(), L("((2,2),3):((24,2),8)"));
  EXPECT_EQ(composition(L("20:2"), L("(5,4):(4,1)")).value(), L("(5,4):(8,2)"));
  EXPECT_EQ(composition(L("(10,2):(16,4)"), L("(5,4):(1,5)")).value(), L("(5,(2,2)):(16,(80,4))"));
  Layout a = L("(12,(4,8)):(59,(13,1))");
  EXPECT_EQ(composition(a, std::vector<Layout>{L("3:4"), L("8:2")}).value(),
            L("(3,(2,4)):(236,(26,1))"));
  EXPECT_EQ(composition(a, std::vector<Layout>{L("3:1"), L("8:1")}).value(),
            L("(3,(4,2)):(59,(13,1))"));
  // Truncation inside a mode (pycute's exact results).
  EXPECT_EQ(composition(L("(5,3):(7,1)"), L("2:3")).value(), L("2:21"));
  EXPECT_EQ(composition(L("(5,5):(22,5)"), L("3:2")).value(), L("3:44"));
  EXPECT_EQ(composition(L("(5,5,5):(1,22,5)"), L("3:10")).value(), L("3:44"));
  EXPECT_EQ(composition(L("(4,2,8):(3,12,97)"), L("3:3")).value(), L("3:9"));
}

// The pycute / CuTe composition cases: each checked pointwise against A(B(i)).
TEST(Composition, PublishedCasesSatisfyPostconditions) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"1:0", "1:0"}, {"1:0", "1:1"}, {"1:1", "1:0"}, {"1:1", "1:1"},
      {"4", "4"}, {"4:2", "4"}, {"4", "4:2"}, {"4:0", "4"}, {"4", "4:0"}, {"1:0", "4"},
      {"4", "1:0"}, {"4", "2"}, {"4:2", "2"}, {"4", "2:2"}, {"4:2", "2:2"},
      {"12", "(4,3)"}, {"12:2", "(4,3)"}, {"12", "(4,3):(3,1)"}, {"12:2", "(4,3):(3,1)"},
      {"12", "(2,3):(2,4)"}, {"(4,3)", "(4,3)"}, {"(4,3)", "12"}, {"(4,3)", "6:2"},
      {"(4,3)", "(6,2):(2,1)"}, {"(4,3):(3,1)", "(4,3)"}, {"(4,3):(3,1)", "12"},
      {"(4,3):(3,1)", "6:2"}, {"(4,3):(3,1)", "(6,2):(2,1)"},
      {"(8,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"(8,8):(8,1)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"((2,2,2),(2,2,2)):((1,16,4),(8,2,32))", "8:4"},
      {"(4,2):(1,16)", "(4,2):(2,1)"}, {"(2,2):(2,1)", "(2,2):(2,1)"},
      {"(4,8,2)", "(2,2,2):(2,8,1)"}, {"(4,8,2):(2,8,1)", "(2,2,2):(1,8,2)"},
      {"(4,8,2):(2,8,1)", "(4,2,2):(2,8,1)"},
      // pre-coalesced left operand, mid-layout truncation, running over the end
      {"(4,6,8):(1,4,7)", "6:1"}, {"(4,6,8,10):(2,3,5,7)", "6:12"},
      {"(5,126,7):(1,13,0)", "21:30"}, {"(23,5):(2,120)", "7:3"},
      {"(4,6,1):(2,3,0)", "30:4"}, {"(4,6,1):(1,4,0)", "(6,8)"},
      {"(5,5):(5,5)", "5:5"}, {"7:11", "3:4"}, {"7:11", "(3,5):(6,3)"},
      {"(8,8):(8,1)", "2:3"}, {"(8,8):(8,1)", "3:3"}, {"3:1", "4"},
      {"(48,24,5):(1,128,3072)", "32:1"}, {"(4,3):(3,1)", "24"}, {"(4,3):(3,1)", "8"},
      {"(4,3,1):(3,1,0)", "24"}, {"(4,3,1):(3,1,0)", "4"}};
  for (const auto& [a, b] : cases) {
    auto r = composition(L(a), L(b));
    ASSERT_TRUE(r.ok()) << a << " o " << b << ": " << r.diagnostics()[0].render();
    EXPECT_EQ(testing::check_composition(L(a), L(b), *r), "") << a << " o " << b << " = " << *r;
  }
}

TEST(Composition, AllSmallLeafPairs) {
  // Every A = s:d, B = t:e with extents 1..3 and strides 0..3 (pycute's exhaustive case).
  for (int as = 1; as <= 3; ++as)
    for (int ad = 0; ad <= 3; ++ad)
      for (int bs = 1; bs <= 3; ++bs)
        for (int bd = 0; bd <= 3; ++bd) {
          Layout a = Layout::make(as, ad).value(), b = Layout::make(bs, bd).value();
          auto r = composition(a, b);
          ASSERT_TRUE(r.ok()) << a << " o " << b;
          EXPECT_EQ(testing::check_composition(a, b, *r), "") << a << " o " << b;
        }
}

TEST(Composition, NamesTheViolatedDivisibilityCondition) {
  // pycute's published failures, each under the condition it violates.
  const std::vector<std::tuple<const char*, const char*, const char*>> cases = {
      {"(5,3):(7,1)", "7:1", "shape divisibility"},
      {"(4,6,8):(2,3,5)", "6:3", "stride divisibility"},
      {"(4,6,8):(2,3,5)", "6:1", "shape divisibility"},
      {"(4,2,8):(3,12,97)", "4:3", "stride divisibility"},
      {"(4,2,8):(3,15,97)", "3:3", "stride divisibility"}};
  for (const auto& [a, b, condition] : cases) {
    auto r = composition(L(a), L(b));
    ASSERT_FALSE(r.ok()) << a << " o " << b;
    EXPECT_NE(r.diagnostics()[0].message.find(condition), std::string::npos)
        << r.diagnostics()[0].message;
  }
}

TEST(Composition, MessageShowsBothOperands) {
  auto r = composition(L("(5,3):(7,1)"), L("7:1"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].message,
            "composition(Layout((5, 3), (7, 1)), Layout(7, 1)): shape divisibility condition "
            "violated: 7 elements at stride 1 fill the 5 steps of the mode 5:7 of the left "
            "operand and must continue in whole rounds of it, but 7 is not a multiple of 5");
}

TEST(Composition, RejectsModesThatCarryIntoTheNextModeOfA) {
  // B(3) = 2 reaches A's second mode through a carry: A(2) = 10, but A(1) + A(1) = 2.
  auto r = composition(L("(2,8):(1,10)"), L("(2,2):(1,1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].message,
            "composition(Layout((2, 8), (1, 10)), Layout((2, 2), (1, 1))): disjointness "
            "condition violated: the modes of the right operand together reach coordinate 2 in "
            "the mode 2:1 of the left operand, so their offsets carry into the next mode and the "
            "result would not be A(B(c))");
  // Interleaved but injective tiles carry as well; disjoint ones compose.
  EXPECT_FALSE(composition(L("(4,2):(1,10)"), L("(2,2):(1,3)")).ok());
  EXPECT_EQ(composition(L("(4,2):(1,10)"), L("(2,2):(1,2)")).value(), L("(2,2):(1,2)"));
  // Against A's unbounded last mode nothing can carry.
  EXPECT_EQ(composition(L("4:1"), L("(2,2):(1,1)")).value(), L("(2,2):(1,1)"));
}

// ---- complement ----

TEST(Complement, PublishedExamples) {
  EXPECT_EQ(complement(L("4:1"), 24).value(), L("6:4"));
  EXPECT_EQ(complement(L("6:4"), 24).value(), L("4:1"));
  EXPECT_EQ(complement(L("(4,6):(1,4)"), 24).value(), L("1:0"));
  EXPECT_EQ(complement(L("4:2"), 24).value(), L("(2,3):(1,8)"));
  EXPECT_EQ(complement(L("(2,4):(1,6)"), 24).value(), L("3:2"));
  EXPECT_EQ(complement(L("(2,2):(1,6)"), 24).value(), L("(3,2):(2,12)"));
}

TEST(Complement, PublishedExamplesSatisfyPostconditions) {
  const std::vector<std::pair<const char*, std::int64_t>> cases = {
      {"4:1", 24}, {"6:4", 24}, {"(4,6):(1,4)", 24}, {"4:2", 24}, {"(2,4):(1,6)", 24},
      {"(2,2):(1,6)", 24}, {"1:0", 1}, {"1:0", 7}, {"4:0", 5}, {"(4,1):(1,0)", 9},
      {"(2,4,8):(8,1,64)", 1024}, {"(2,(3,4)):(3,(1,6))", 64}, {"(2,2):(2,4)", 1},
      {"(4,3):(3,12)", 60}, {"12:1", 13}};
  for (const auto& [text, cotarget] : cases) {
    auto c = complement(L(text), cotarget);
    ASSERT_TRUE(c.ok()) << text << ": " << c.diagnostics()[0].render();
    EXPECT_EQ(testing::check_complement(L(text), cotarget, *c), "") << text << " -> " << *c;
  }
}

TEST(Complement, DefaultCotargetFillsOnlyTheGaps) {
  EXPECT_EQ(complement(L("4:2")).value(), L("2:1"));
  EXPECT_EQ(complement(L("(2,2):(1,6)")).value(), L("3:2"));
  EXPECT_EQ(complement(L("8:1")).value(), L("1:0"));
}

// ---- divide and product ----

TEST(LogicalDivide, PublishedOneDimensionalExample) {
  Layout a = L("(4,2,3):(2,1,8)"), b = L("4:2");
  Layout r = logical_divide(a, b).value();
  EXPECT_EQ(r, L("((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_EQ(testing::check_logical_divide(a, b, r), "");
}

TEST(LogicalDivide, PublishedTwoDimensionalExample) {
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Layout r = logical_divide(a, std::vector<Layout>{L("3:3"), L("(2,4):(1,8)")}).value();
  // The docs: the tile (first mode of each mode) is (3,(2,4)):(177,(13,2)), the whole result
  // has shape ((3,3),(8,4)).
  EXPECT_EQ(r.mode(0).mode(0), L("3:177"));
  EXPECT_EQ(r.mode(1).mode(0), L("(2,4):(13,2)"));
  EXPECT_EQ(r, L("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"));
  EXPECT_EQ(testing::check_logical_divide(a.mode(0), L("3:3"), r.mode(0)), "");
  EXPECT_EQ(testing::check_logical_divide(a.mode(1), L("(2,4):(1,8)"), r.mode(1)), "");
}

TEST(LogicalProduct, PublishedOneDimensionalExample) {
  Layout a = L("(2,2):(4,1)"), b = L("6:1");
  Layout r = logical_product(a, b).value();
  EXPECT_EQ(complement(a, 24).value(), L("(2,3):(2,8)"));
  EXPECT_EQ(r, L("((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_EQ(testing::check_logical_product(a, b, r), "");
}

TEST(LogicalProduct, ReorderedRepetitions) {
  // The docs' second picture: the same tile repeated 8 times in the order of (4,2):(2,1).
  Layout a = L("(2,2):(4,1)"), b = L("(4,2):(2,1)");
  Layout r = logical_product(a, b).value();
  EXPECT_EQ(r, L("((2,2),(4,2)):((4,1),(8,2))"));
  EXPECT_EQ(testing::check_logical_product(a, b, r), "");
}

TEST(LogicalProduct, ByMode) {
  Layout a = L("(2,5):(5,1)");
  Layout r = logical_product(a, std::vector<Layout>{L("3:5"), L("4:6")}).value();
  EXPECT_EQ(rank(r), 2);
  EXPECT_EQ(testing::check_logical_product(a.mode(0), L("3:5"), r.mode(0)), "");
  EXPECT_EQ(testing::check_logical_product(a.mode(1), L("4:6"), r.mode(1)), "");
}

// ---- inverses ----

TEST(RightInverse, PublishedCases) {
  EXPECT_EQ(right_inverse(L("(4,8):(8,1)")).value(), L("(8,4):(4,1)"));
  EXPECT_EQ(right_inverse(L("4:2")).value(), L("1:0"));
  EXPECT_EQ(right_inverse(L("(2,4):(0,2)")).value(), L("1:0"));
  for (const char* text : {"1:0", "(1,1):(0,0)", "(3,7):(0,0)", "1:1", "4:0", "4:1", "4:2",
                           "(2,4):(0,2)", "(8,4):(1,8)", "(8,4):(4,1)", "(2,4,6):(1,2,8)",
                           "(2,4,6):(4,1,8)", "(4,2):(1,16)"}) {
    auto r = right_inverse(L(text));
    ASSERT_TRUE(r.ok()) << text;
    EXPECT_EQ(testing::check_right_inverse(L(text), *r), "") << text << " -> " << *r;
  }
}

TEST(LeftInverse, PublishedCases) {
  EXPECT_EQ(left_inverse(L("4:2")).value(), L("(2,4):(4,1)"));
  EXPECT_EQ(left_inverse(L("(4,8):(8,1)")).value(), L("(8,4):(4,1)"));
  for (const char* text : {"1:0", "(1,1):(0,0)", "1:1", "4:1", "4:2", "(8,4):(1,8)",
                           "(8,4):(4,1)", "(2,4,6):(1,2,8)", "(2,4,6):(4,1,8)", "(4,2):(1,16)"}) {
    auto q = left_inverse(L(text));
    ASSERT_TRUE(q.ok()) << text << ": " << q.diagnostics()[0].render();
    EXPECT_EQ(testing::check_left_inverse(L(text), *q), "") << text << " -> " << *q;
  }
}

}  // namespace
}  // namespace tf
