#include "ir/layout/layout.h"

#include <gtest/gtest.h>

#include "ir/layout/print.h"
#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::L;
using testing::T;

TEST(Layout, OmittedStrideIsCompactColumnMajor) {
  Layout l = Layout::make(T("(4,8)")).value();
  EXPECT_EQ(l.stride(), T("(1,4)"));
  Layout nested = Layout::make(T("((2,2),8)")).value();
  EXPECT_EQ(nested.stride(), T("((1,2),4)"));
}

TEST(Layout, PrintsInTfirSpelling) {
  EXPECT_EQ(to_string(L("(4,8)")), "Layout((4, 8), (1, 4))");
  EXPECT_EQ(to_string(L("((2,2),8):((1,16),2)")), "Layout(((2, 2), 8), ((1, 16), 2))");
  EXPECT_EQ(to_string(L("12:3")), "Layout(12, 3)");
  EXPECT_EQ(to_string(L("(4,):(1,)")), "Layout((4,), (1,))");
}

TEST(Layout, RankDepthSize) {
  Layout l = L("((2,2),8):((1,16),2)");
  EXPECT_EQ(rank(l), 2);
  EXPECT_EQ(depth(l), 2);
  EXPECT_EQ(*size(l), 32);
  EXPECT_EQ(*cosize(l), 1 + 16 + 14 + 1);  // offset of the last coordinate, plus one
  EXPECT_EQ(rank(L("12:3")), 1);
  EXPECT_EQ(depth(L("12:3")), 0);
  EXPECT_EQ(*size(L("():()")), 1);
  EXPECT_EQ(*cosize(L("():()")), 1);
  EXPECT_EQ(*size(L("(4,0):(1,4)")), 0);
  EXPECT_EQ(*cosize(L("(4,0):(1,4)")), 0);
  EXPECT_EQ(*cosize(L("(4,4):(0,1)")), 4);
}

TEST(Layout, ModesAndFlatten) {
  Layout l = L("((2,2),8):((1,16),2)");
  EXPECT_EQ(l.mode(0), L("(2,2):(1,16)"));
  EXPECT_EQ(l.mode(1), L("8:2"));
  EXPECT_EQ(L("12:3").mode(0), L("12:3"));
  EXPECT_THROW((void)l.mode(2), InternalError);
  EXPECT_EQ(flatten(l), L("(2,2,8):(1,16,2)"));
  EXPECT_EQ(flatten(L("12:3")), L("12:3"));
}

TEST(Layout, EvaluatesFlatIndexColexicographically) {
  Layout col = L("(4,8):(1,4)");
  Layout row = L("(4,8):(8,1)");
  EXPECT_EQ(*col(5), 5);   // 5 is coordinate (1, 1)
  EXPECT_EQ(*row(5), 9);
  EXPECT_EQ(*row(31), 31);
  EXPECT_EQ(*row(4), 1);   // coordinate (0, 1)
}

TEST(Layout, EvaluatesNaturalAndPartialCoordinates) {
  Layout l = L("((2,2),8):((1,16),2)");
  EXPECT_EQ(*l(T("((1,1),3)")), 1 + 16 + 6);
  EXPECT_EQ(*l(T("(3,3)")), 1 + 16 + 6);  // 3 is (1, 1) inside the (2, 2) mode
  EXPECT_EQ(*l(T("27")), 1 + 16 + 12);    // flat 27 = 3 + 4*6 is ((1,1),6)
  EXPECT_EQ(*crd2idx(l, T("27")), *l(T("((1,1),6)")));
  EXPECT_EQ(*crd2idx(l, T("((0,1),0)")), 16);
}

TEST(Layout, Idx2CrdInvertsTheColexicographicOrder) {
  Layout l = L("((2,2),8):((1,16),2)");
  for (std::int64_t i = 0; i < 32; ++i) {
    IntTuple c = idx2crd(l, i).value();
    EXPECT_EQ(*l(c), *l(i)) << i;
  }
  EXPECT_EQ(*idx2crd(l, 6), T("((0,1),1)"));
}

TEST(Layout, CoordinateOutsideTheShapeIsADiagnostic) {
  Layout l = L("(4,8):(1,4)");
  EXPECT_FALSE(l(32).ok());
  EXPECT_FALSE(l(-1).ok());
  EXPECT_FALSE(l(T("(4,0)")).ok());
  EXPECT_FALSE(l(T("(0,1,2)")).ok());
  EXPECT_FALSE(l(T("((0,0),0)")).ok());
  auto r = l(T("(1,N)"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.diagnostics()[0].message.find("symbolic"), std::string::npos);
}

TEST(Layout, ConcatenationMakesModes) {
  Layout both = make_layout({L("4:2"), L("(2,3):(1,8)")}).value();
  EXPECT_EQ(both, L("(4,(2,3)):(2,(1,8))"));
  EXPECT_EQ(make_layout({}).value(), L("():()"));
}

TEST(Layout, SymbolicLayoutsAreValuesButHaveNoSize) {
  Layout l = Layout::make(tuple_of(IntSymbol{"M", 1, 128}, 8), tuple_of(8, 1)).value();
  EXPECT_FALSE(is_static(l));
  EXPECT_EQ(to_string(l), "Layout((M, 8), (8, 1))");
  auto s = size(l);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.diagnostics()[0].message,
            "size needs a static layout, but Layout((M, 8), (8, 1)) has the symbolic entry M");
  EXPECT_FALSE(cosize(l).ok());
  // The compact default works when the symbol is the last extent.
  Layout tail = Layout::make(tuple_of(4, IntSymbol{"N", {}, {}})).value();
  EXPECT_EQ(tail.stride(), T("(1,4)"));
}

}  // namespace
}  // namespace tf
