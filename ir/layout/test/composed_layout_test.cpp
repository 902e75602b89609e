// ComposedLayout: construction, the mapping inner(offset + outer(c)), the common domain
// contract and injectivity, with exact values.
#include "ir/layout/composed_layout.h"

#include <gtest/gtest.h>

#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::L;
using testing::T;

// covers: TIR.1.5.SYNC.slice-composed-layout
TEST(ComposedLayout, MeshScopeCaseIsOffsetPlusOuter) {
  auto c = ComposedLayout::make(std::nullopt, 32, L("(2,32):(32,1)")).value();
  EXPECT_TRUE(c.inner_is_identity());
  EXPECT_EQ(c.offset(), 32);
  EXPECT_EQ(c(IntTuple(0)).value(), 32);
  EXPECT_EQ(c(IntTuple(1)).value(), 64);  // colexicographic: (1, 0)
  EXPECT_EQ(c(IntTuple(2)).value(), 33);  // (0, 1)
  EXPECT_EQ(c(tuple_of(1, 31)).value(), 95);
  EXPECT_EQ(to_string(c), "ComposedLayout(inner=None, offset=32, outer=Layout((2, 32), (32, 1)))");
}

// covers: TYPES.2.TENSOR.composed-common-contract
TEST(ComposedLayout, DomainComesFromOuterThenInner) {
  auto both = ComposedLayout::make(L("(64):(2)"), 3, L("(4,8):(8,1)")).value();
  EXPECT_EQ(both.shape(), T("(4,8)"));
  EXPECT_EQ(both.domain_rank(), 2);
  EXPECT_EQ(size(both).value(), 32);
  auto inner_only = ComposedLayout::make(L("((2,2),8)"), 0, std::nullopt).value();
  EXPECT_EQ(inner_only.shape(), T("((2,2),8)"));
  EXPECT_EQ(inner_only.domain_rank(), 3);
  auto neither = ComposedLayout::make(std::nullopt, 5, std::nullopt).value();
  EXPECT_EQ(neither.shape(), T("()"));
  EXPECT_EQ(neither.domain_rank(), 0);
  EXPECT_EQ(size(neither).value(), 1);
  EXPECT_EQ(neither(IntTuple(4)).value(), 9);
}

TEST(ComposedLayout, InnerAppliedLast) {
  // inner = 16:2, offset 3, outer = (2,2):(4,1): outer gives 0,4,1,5; +3; *2.
  auto c = ComposedLayout::make(L("16:2"), 3, L("(2,2):(4,1)")).value();
  EXPECT_EQ(c(IntTuple(0)).value(), 6);
  EXPECT_EQ(c(IntTuple(1)).value(), 14);
  EXPECT_EQ(c(IntTuple(2)).value(), 8);
  EXPECT_EQ(c(IntTuple(3)).value(), 16);
  EXPECT_EQ(to_string(c),
            "ComposedLayout(inner=Layout(16, 2), offset=3, outer=Layout((2, 2), (4, 1)))");
}

TEST(ComposedLayout, BadInputIsADiagnostic) {
  auto negative = ComposedLayout::make(std::nullopt, -1, L("4:1"));
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.diagnostics()[0].message,
            "ComposedLayout offset -1 is negative; an offset is a non-negative index shift");
  // offset + outer leaves inner's domain.
  auto c = ComposedLayout::make(L("8:1"), 6, L("4:1")).value();
  EXPECT_EQ(c(IntTuple(1)).value(), 7);
  auto out = c(IntTuple(2));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.diagnostics()[0].message,
            "ComposedLayout(inner=Layout(8, 1), offset=6, outer=Layout(4, 1)): offset + outer(c) "
            "= 8 lies outside the inner domain [0, 8)");
  // A coordinate outside outer's domain.
  EXPECT_FALSE(c(IntTuple(4)).ok());
  // The identity outer takes non-negative integers only.
  auto id = ComposedLayout::make(std::nullopt, 1, std::nullopt).value();
  EXPECT_FALSE(id(IntTuple(-1)).ok());
  EXPECT_FALSE(id(tuple_of(1, 2)).ok());
  // Symbolic components.
  auto sym = ComposedLayout::make(std::nullopt, 0, L("(N):(1)")).value();
  EXPECT_FALSE(is_static(sym));
  EXPECT_FALSE(size(sym).ok());
  EXPECT_FALSE(is_injective(sym).ok());
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(ComposedLayout, Injectivity) {
  EXPECT_TRUE(
      is_injective(ComposedLayout::make(std::nullopt, 7, L("(4,4):(4,1)")).value()).value());
  auto padded = ComposedLayout::make(std::nullopt, 7, L("(4,4):(1,0)")).value();
  EXPECT_FALSE(is_injective(padded).value());
  auto diags = check_injective(padded);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].rule_id, "TYPES.2.TENSOR.injective-layout");
  EXPECT_TRUE(
      check_injective(ComposedLayout::make(std::nullopt, 0, L("(4,4):(4,1)")).value()).empty());
  // A non-identity inner that folds: outer 4:1 feeds 0..3 into inner (2,2):(1,0) -> 0,1,0,1.
  auto folded = ComposedLayout::make(L("(2,2):(1,0)"), 0, L("4:1")).value();
  EXPECT_FALSE(is_injective(folded).value());
  auto unfolded = ComposedLayout::make(L("(2,2):(1,2)"), 0, L("4:1")).value();
  EXPECT_TRUE(is_injective(unfolded).value());
}

}  // namespace
}  // namespace tf
