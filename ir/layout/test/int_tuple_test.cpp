#include "ir/layout/int_tuple.h"

#include <gtest/gtest.h>

#include "ir/layout/print.h"
#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::T;

TEST(IntTuple, LeafAndTupleKinds) {
  IntTuple four = 4;
  EXPECT_TRUE(four.is_int());
  EXPECT_TRUE(four.is_leaf());
  EXPECT_EQ(four.value(), 4);
  IntTuple n = IntSymbol{"N", 1, 64};
  EXPECT_TRUE(n.is_symbol());
  EXPECT_EQ(n.symbol().name, "N");
  EXPECT_EQ(n.symbol().hi, 64);
  IntTuple t = tuple_of(tuple_of(2, 2), 8);
  EXPECT_TRUE(t.is_tuple());
  EXPECT_EQ(t[1].value(), 8);
  EXPECT_EQ(t[0][1].value(), 2);
}

TEST(IntTuple, TupleOfIntsIsFlatWithStaticLeaves) {
  EXPECT_EQ(tuple_of_ints({4, 8}), tuple_of(4, 8));
  EXPECT_EQ(tuple_of_ints({7}), IntTuple::tuple({IntTuple(7)}));  // `(7,)`, not the leaf 7
  EXPECT_EQ(tuple_of_ints({}), IntTuple::tuple({}));
}

TEST(IntTuple, WrongAccessorIsAnInternalError) {
  EXPECT_THROW((void)IntTuple(4).children(), InternalError);
  EXPECT_THROW((void)tuple_of(4).value(), InternalError);
  EXPECT_THROW((void)IntTuple(4).symbol(), InternalError);
  EXPECT_THROW((void)tuple_of(4, 5)[2], InternalError);
}

TEST(IntTuple, StructuralEquality) {
  EXPECT_EQ(T("((2,2),8)"), tuple_of(tuple_of(2, 2), 8));
  EXPECT_NE(T("(4,)"), T("4"));
  EXPECT_NE(T("(2,3)"), T("(3,2)"));
  EXPECT_NE(IntTuple(IntSymbol{"N", 1, 8}), IntTuple(IntSymbol{"N", 1, 9}));
  EXPECT_EQ(IntTuple(IntSymbol{"N", 1, 8}), IntTuple(IntSymbol{"N", 1, 8}));
}

TEST(IntTuple, RankDepthFlatten) {
  EXPECT_EQ(rank(T("7")), 1);
  EXPECT_EQ(depth(T("7")), 0);
  EXPECT_EQ(rank(T("()")), 0);
  EXPECT_EQ(depth(T("()")), 1);
  EXPECT_EQ(rank(T("((2,2),8)")), 2);
  EXPECT_EQ(depth(T("((2,2),8)")), 2);
  EXPECT_EQ(depth(T("(1,((2,3),4))")), 3);
  EXPECT_EQ(flatten(T("(1,((2,3),4))")), T("(1,2,3,4)"));
  EXPECT_EQ(flatten(T("5")), T("5"));
}

TEST(IntTuple, Congruence) {
  EXPECT_TRUE(congruent(T("((2,2),8)"), T("((1,16),2)")));
  EXPECT_FALSE(congruent(T("((2,2),8)"), T("(2,2,8)")));
  EXPECT_FALSE(congruent(T("(4,)"), T("4")));
  EXPECT_TRUE(congruent(T("N"), T("3")));
}

TEST(IntTuple, ProductNamesTheSymbol) {
  EXPECT_EQ(*product(T("((2,2),8)")), 32);
  EXPECT_EQ(*product(T("()")), 1);
  auto p = product(T("(4,N)"), "size");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.diagnostics()[0].message,
            "size needs static extents, but (4, N) has the symbolic entry N");
}

TEST(IntTuple, ProductOverflowIsADiagnostic) {
  const std::int64_t big = std::int64_t{1} << 40;
  EXPECT_FALSE(product(tuple_of(big, big)).ok());
}

TEST(IntTuple, CompactColumnMajorStrides) {
  EXPECT_EQ(*compact_col_major(T("(4,8)")), T("(1,4)"));
  EXPECT_EQ(*compact_col_major(T("((2,2),8)")), T("((1,2),4)"));
  EXPECT_EQ(*compact_col_major(T("(2,(3,4),5)")), T("(1,(2,6),24)"));
  EXPECT_EQ(*compact_col_major(T("6")), T("1"));
  EXPECT_EQ(*compact_col_major(T("(4,N)")), T("(1,4)"));  // nothing follows the symbol
  auto bad = compact_col_major(T("(N,4)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.diagnostics()[0].message.find("symbolic extent N"), std::string::npos);
}

TEST(IntTuple, Idx2CrdIsColexicographic) {
  EXPECT_EQ(*idx2crd(T("(4,8)"), 0), T("(0,0)"));
  EXPECT_EQ(*idx2crd(T("(4,8)"), 5), T("(1,1)"));
  EXPECT_EQ(*idx2crd(T("(4,8)"), 31), T("(3,7)"));
  EXPECT_EQ(*idx2crd(T("((2,2),8)"), 7), T("((1,1),1)"));
  EXPECT_EQ(*idx2crd(T("12"), 7), T("7"));
  EXPECT_FALSE(idx2crd(T("(4,8)"), 32).ok());
  EXPECT_FALSE(idx2crd(T("(4,8)"), -1).ok());
}

TEST(IntTuple, PrintsInTfirSpelling) {
  EXPECT_EQ(to_string(T("((2,2),8)")), "((2, 2), 8)");
  EXPECT_EQ(to_string(T("(4,)")), "(4,)");
  EXPECT_EQ(to_string(T("()")), "()");
  EXPECT_EQ(to_string(T("(N,4)")), "(N, 4)");
  EXPECT_EQ(to_string(T("12")), "12");
}

}  // namespace
}  // namespace tf
