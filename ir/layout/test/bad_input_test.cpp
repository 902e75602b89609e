// Bad input to layouts and the algebra: every case is a Diagnostic, never a crash or an
// InternalError.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/injectivity.h"
#include "ir/layout/inverse.h"
#include "ir/layout/print.h"
#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::L;
using testing::T;

std::string first_message(const std::vector<Diagnostic>& diags) {
  return diags.empty() ? std::string() : diags.front().message;
}

bool mentions(const std::vector<Diagnostic>& diags, const std::string& text) {
  return !diags.empty() && diags.front().message.find(text) != std::string::npos;
}

TEST(LayoutMake, ShapeStrideRankMismatch) {
  auto r = Layout::make(T("(4,8)"), T("(1,4,32)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(first_message(r.diagnostics()),
            "Layout((4, 8), (1, 4, 32)): shape and stride are not congruent (shape has rank 2 and "
            "depth 1, stride has rank 3 and depth 1)");
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_FALSE(Layout::make(T("((2,2),8)"), T("(1,2,4)")).ok());
  EXPECT_FALSE(Layout::make(T("(4,)"), T("1")).ok());
  EXPECT_FALSE(Layout::make(T("4"), T("(1,)")).ok());
}

TEST(LayoutMake, NegativeEntries) {
  auto r = Layout::make(tuple_of(4, -2), T("(1,4)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(first_message(r.diagnostics()), "Layout((4, -2), (1, 4)) has the negative extent -2");
  auto s = Layout::make(T("(4,8)"), tuple_of(-1, 4));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(first_message(s.diagnostics()), "Layout((4, 8), (-1, 4)) has the negative stride -1");
  // Both problems are reported, not just the first.
  auto both = Layout::make(tuple_of(-4, 8), tuple_of(-1, 4));
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.diagnostics().size(), 2u);
}

TEST(LayoutMake, MalformedSymbols) {
  EXPECT_FALSE(Layout::make(tuple_of(IntSymbol{"", 1, 8}, 4)).ok());
  EXPECT_FALSE(Layout::make(tuple_of(IntSymbol{"N", 8, 8}, 4), T("(4,1)")).ok());
  EXPECT_FALSE(Layout::make(tuple_of(IntSymbol{"N", -9, 0}, 4), T("(4,1)")).ok());
  EXPECT_TRUE(Layout::make(tuple_of(IntSymbol{"N", 1, 9}, 4), T("(4,1)")).ok());
}

TEST(LayoutMake, TooLargeIsADiagnostic) {
  const std::int64_t big = std::int64_t{1} << 40;
  EXPECT_FALSE(Layout::make(tuple_of(big, big)).ok());
  EXPECT_FALSE(Layout::make(IntTuple(big), IntTuple(big)).ok());
  EXPECT_TRUE(Layout::make(IntTuple(big), IntTuple(1)).ok());
}

TEST(LayoutAlgebra, SymbolicExtentWhereAStaticOneIsNeeded) {
  const Layout sym = Layout::make(tuple_of(IntSymbol{"M", 1, 128}, 8), T("(8,1)")).value();
  const Layout tile = L("4:1");
  const std::vector<std::pair<const char*, std::function<std::vector<Diagnostic>()>>> ops = {
      {"size", [&] { return size(sym).diagnostics(); }},
      {"cosize", [&] { return cosize(sym).diagnostics(); }},
      {"coalesce", [&] { return coalesce(sym).diagnostics(); }},
      {"composition(A, sym)", [&] { return composition(tile, sym).diagnostics(); }},
      {"composition(sym, B)", [&] { return composition(sym, tile).diagnostics(); }},
      {"complement", [&] { return complement(sym, 64).diagnostics(); }},
      {"logical_divide", [&] { return logical_divide(sym, tile).diagnostics(); }},
      {"logical_product", [&] { return logical_product(sym, tile).diagnostics(); }},
      {"left_inverse", [&] { return left_inverse(sym).diagnostics(); }},
      {"right_inverse", [&] { return right_inverse(sym).diagnostics(); }},
      {"is_injective", [&] { return is_injective(sym).diagnostics(); }},
      {"evaluate", [&] { return sym(3).diagnostics(); }},
  };
  for (const auto& [name, op] : ops) {
    auto diags = op();
    EXPECT_TRUE(mentions(diags, "symbolic entry M")) << name << ": " << first_message(diags);
  }
  EXPECT_EQ(first_message(composition(sym, tile).diagnostics()),
            "composition(Layout((M, 8), (8, 1)), Layout(4, 1)) needs static extents and strides, "
            "but Layout((M, 8), (8, 1)) has the symbolic entry M");
}

TEST(LayoutAlgebra, ZeroExtentsWhereTheAlgebraNeedsPositiveOnes) {
  const Layout empty = L("(4,0):(1,4)");
  EXPECT_TRUE(mentions(composition(empty, L("2:1")).diagnostics(), "positive extents"));
  EXPECT_TRUE(mentions(composition(L("8:1"), empty).diagnostics(), "positive extents"));
  EXPECT_TRUE(mentions(complement(empty, 8).diagnostics(), "positive extents"));
  EXPECT_TRUE(mentions(right_inverse(empty).diagnostics(), "positive extents"));
  EXPECT_EQ(coalesce(empty).value(), L("0:1"));  // coalesce is fine on an empty domain
  EXPECT_EQ(is_injective(empty).value(), true);
}

TEST(LayoutAlgebra, ComplementNeedsNestingModes) {
  auto overlap = complement(L("(3,2):(2,3)"), 12);
  ASSERT_FALSE(overlap.ok());
  EXPECT_EQ(first_message(overlap.diagnostics()),
            "complement(Layout((3, 2), (2, 3)), 12): the modes do not nest: mode 2:3 starts "
            "inside the span 6 of mode 3:2");
  auto fractional = complement(L("(2,3):(1,3)"), 12);
  ASSERT_FALSE(fractional.ok());
  EXPECT_TRUE(mentions(fractional.diagnostics(), "not a multiple of the span 2"));
  EXPECT_TRUE(mentions(complement(L("4:1"), 0).diagnostics(), "cotarget must be at least 1"));
}

TEST(LayoutAlgebra, LeftInverseOfANonInjectiveLayout) {
  auto r = left_inverse(L("(4,4):(1,0)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(first_message(r.diagnostics()),
            "left_inverse(Layout((4, 4), (1, 0))): the layout is not injective (the mode 4:0 maps "
            "4 coordinates to one offset), so no left inverse exists");
  // Injective but not nesting: no layout is a left inverse.
  EXPECT_TRUE(
      mentions(left_inverse(L("(3,2):(2,3)")).diagnostics(), "no left inverse as a layout"));
}

TEST(LayoutAlgebra, DivideAndProductPropagateTheFailingStep) {
  auto d = logical_divide(L("(4,6):(1,4)"), L("(3,2):(2,3)"));
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(mentions(d.diagnostics(), "logical_divide(Layout((4, 6), (1, 4)), Layout((3, 2), "
                                        "(2, 3))): complement("));
  auto p = logical_product(L("(3,2):(2,3)"), L("4:1"));
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(mentions(p.diagnostics(), "logical_product("));
}

TEST(LayoutAlgebra, TilerLongerThanTheLayout) {
  const std::vector<Layout> tiler = {L("2:1"), L("2:1"), L("2:1")};
  EXPECT_TRUE(mentions(composition(L("(4,8)"), tiler).diagnostics(), "a tiler of 3 modes"));
  EXPECT_TRUE(mentions(logical_divide(L("(4,8)"), tiler).diagnostics(), "a tiler of 3 modes"));
  EXPECT_TRUE(mentions(logical_product(L("(4,8)"), tiler).diagnostics(), "a tiler of 3 modes"));
}

TEST(LayoutAlgebra, OverflowingResultsAreDiagnostics) {
  const std::int64_t big = std::int64_t{1} << 31;
  const Layout wide = Layout::make(IntTuple(2), IntTuple(big)).value();
  auto r = composition(wide, Layout::make(IntTuple(2), IntTuple(big)).value());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(mentions(r.diagnostics(), "overflow"));
  auto p = logical_product(Layout::make(IntTuple(big), IntTuple(1)).value(),
                           Layout::make(IntTuple(big), IntTuple(1)).value());
  EXPECT_FALSE(p.ok());
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(Injectivity, RuleRejectsPaddingLayoutsAndNamesTheCollision) {
  auto diags = check_injective(L("(4,4):(1,0)"));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].rule_id, "TYPES.2.TENSOR.injective-layout");
  EXPECT_EQ(diags[0].message,
            "Layout((4, 4), (1, 0)) is not injective: the coordinates (0, 0) and (0, 1) both map "
            "to offset 0");
  EXPECT_TRUE(check_injective(L("(4,4):(4,1)")).empty());
  auto overlap = check_injective(L("(3,2):(1,2)"));
  ASSERT_EQ(overlap.size(), 1u);
  EXPECT_EQ(overlap[0].message,
            "Layout((3, 2), (1, 2)) is not injective: the coordinates (2, 0) and (0, 1) both map "
            "to offset 2");
}

TEST(Injectivity, ExactOnOverlappingStrides) {
  EXPECT_EQ(is_injective(L("(3,2):(2,3)")).value(), true);   // 0 2 4 3 5 7
  EXPECT_EQ(is_injective(L("(3,2):(1,2)")).value(), false);  // 0 1 2 2 3 4
  EXPECT_EQ(is_injective(L("(2,2):(2,1)")).value(), true);
  EXPECT_EQ(is_injective(L("(1,4):(0,3)")).value(), true);   // extent-1 modes never collide
  EXPECT_EQ(is_injective(L("():()")).value(), true);
}

TEST(Injectivity, UndecidableBeyondTheEnumerationLimitIsADiagnostic) {
  // Injective (offsets 2a + 3b with a < 3 are distinct modulo 3), but neither separated nor
  // small enough to enumerate.
  const Layout l = Layout::make(tuple_of(3, std::int64_t{1} << 21), T("(2,3)")).value();
  auto r = is_injective(l);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(mentions(r.diagnostics(), "cannot decide"));
  // A separated layout of any size is decided without enumeration.
  const Layout big = Layout::make(tuple_of(std::int64_t{1} << 20, std::int64_t{1} << 20)).value();
  EXPECT_EQ(is_injective(big).value(), true);
}

}  // namespace
}  // namespace tf
