// The tiler forms of the divide and product family (ir/layout/tiler.h): a Layout, an integer, a
// Shape, a tuple mixing them and `_`, each with the exact result CuTe gives. The expected layouts
// were derived by hand from CuTe's definitions (logical_divide = A ∘ (B, complement(B, size A)),
// tile_unzip / hier_unzip for the zipped form, the tiled and flat forms unpacking it) and agree
// with pycute's printed results for the same questions, except where noted.
#include "ir/layout/tiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/test/layout_literal.h"
#include "ir/layout/testing/layout_oracle.h"
#include "ir/layout/tiled_forms.h"

namespace tf {
namespace {

using testing::L;
using testing::T;

Tiler shape(const char* text) { return Tiler::of_shape(T(text)).value(); }
Tiler whole(const char* text) { return Tiler::whole(L(text)); }
Tiler modes(std::vector<Tiler> ts) { return Tiler::by_mode(std::move(ts)).value(); }

bool mentions(const Result<Layout>& r, const std::string& text) {
  return !r.ok() && r.diagnostics().front().message.find(text) != std::string::npos;
}

// The sorted offsets of `l`: a rearrangement keeps them.
std::vector<std::int64_t> sorted_offsets(const Layout& l) {
  std::vector<std::int64_t> t = testing::offset_table(l);
  std::sort(t.begin(), t.end());
  return t;
}

// ---- the tiler itself ----

TEST(Tiler, AShapeIsATupleOfUnitStrideLayouts) {
  const Tiler s = shape("(4,(2,2))");
  ASSERT_EQ(s.kind(), Tiler::Kind::ByMode);
  ASSERT_EQ(s.modes().size(), 2u);
  EXPECT_EQ(s.modes()[0].layout(), L("4:1"));
  ASSERT_EQ(s.modes()[1].kind(), Tiler::Kind::ByMode);
  EXPECT_EQ(s.modes()[1].modes()[1].layout(), L("2:1"));
  EXPECT_EQ(to_string(s), "(Layout(4, 1), (Layout(2, 1), Layout(2, 1)))");
  EXPECT_EQ(shape("4").layout(), L("4:1"));
  EXPECT_EQ(to_string(modes({whole("2:1")})), "(Layout(2, 1),)");
  EXPECT_EQ(to_string(modes({Tiler::keep(), whole("3:2")})), "(_, Layout(3, 2))");
}

TEST(Tiler, EmptyTuplesAndNegativeExtentsAreRefused) {
  EXPECT_FALSE(Tiler::by_mode(std::vector<Tiler>{}).ok());
  EXPECT_FALSE(Tiler::by_mode(std::vector<Layout>{}).ok());
  EXPECT_FALSE(Tiler::of_shape(T("()")).ok());
  EXPECT_FALSE(Tiler::of_shape(T("(4,())")).ok());
  EXPECT_FALSE(Tiler::of_shape(IntTuple(-2)).ok());
}

// ---- a Layout tiler: the operation on the whole of A ----

// The form of issue 42 (`zipped_divide(A, Layout(4, 1))`), once refused: A is the row-major 8x4
// matrix, B takes its first column. logical_divide(A, B) = A ∘ (4:1, 8:4) = (4:4, (2,4):(16,1)).
TEST(TilerForms, ALayoutTilerDividesTheWholeLayout) {
  const Layout a = L("(8,4):(4,1)");
  const Tiler b = whole("4:1");
  EXPECT_EQ(zipped_divide(a, b).value(), L("(4,(2,4)):(4,(16,1))"));
  EXPECT_EQ(zipped_divide(a, b).value(), logical_divide(a, L("4:1")).value());
  EXPECT_EQ(zipped_divide(a, b)->mode(0), composition(a, L("4:1")).value());  // the tile is A ∘ B
  EXPECT_EQ(tiled_divide(a, b).value(), L("(4,2,4):(4,16,1)"));
  EXPECT_EQ(flat_divide(a, b).value(), L("(4,2,4):(4,16,1)"));
  // CuTe's 1-D example: the tile (2,2):(4,1) has two modes, which flat_divide unpacks too.
  const Layout a2 = L("(4,2,3):(2,1,8)");
  const Tiler b2 = whole("4:2");
  EXPECT_EQ(zipped_divide(a2, b2).value(), L("((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_EQ(tiled_divide(a2, b2).value(), L("((2,2),2,3):((4,1),2,8)"));
  EXPECT_EQ(flat_divide(a2, b2).value(), L("(2,2,2,3):(4,1,2,8)"));
  EXPECT_EQ(logical_divide(a2, b2).value(), L("((2,2),(2,3)):((4,1),(2,8))"));
}

TEST(TilerForms, ALayoutTilerRepeatsTheWholeBlock) {
  // CuTe's 1-D product example: (2,2):(4,1) six times.
  const Layout p = L("(2,2):(4,1)");
  EXPECT_EQ(zipped_product(p, whole("6:1")).value(), L("((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_EQ(tiled_product(p, whole("6:1")).value(), L("((2,2),2,3):((4,1),2,8)"));
  EXPECT_EQ(flat_product(p, whole("6:1")).value(), L("(2,2,2,3):(4,1,2,8)"));
  // A 2x3 row-major block over a 3x2 column-major arrangement of copies.
  const Layout q = L("(2,3):(3,1)");
  const Tiler b = whole("(3,2):(1,3)");
  EXPECT_EQ(logical_product(q, b).value(), L("((2,3),(3,2)):((3,1),(6,18))"));
  EXPECT_EQ(zipped_product(q, b).value(), L("((2,3),(3,2)):((3,1),(6,18))"));
  EXPECT_EQ(tiled_product(q, b).value(), L("((2,3),3,2):((3,1),6,18)"));
  EXPECT_EQ(flat_product(q, b).value(), L("(2,3,3,2):(3,1,6,18)"));
}

// ---- a Shape tiler: its unit-stride layouts, mode by mode ----

TEST(TilerForms, AShapeTilerDividesModeByModeWithUnitStrides) {
  const Layout a = L("(8,6):(1,8)");
  const Tiler s = shape("(2,3)");
  EXPECT_EQ(logical_divide(a, s).value(), L("((2,4),(3,2)):((1,2),(8,24))"));
  EXPECT_EQ(zipped_divide(a, s).value(), L("((2,3),(4,2)):((1,8),(2,24))"));
  EXPECT_EQ(tiled_divide(a, s).value(), L("((2,3),4,2):((1,8),2,24)"));
  EXPECT_EQ(flat_divide(a, s).value(), L("(2,3,4,2):(1,8,2,24)"));
  EXPECT_EQ(zipped_divide(a, s).value(), zipped_divide(a, {L("2:1"), L("3:1")}).value());
  EXPECT_EQ(sorted_offsets(zipped_divide(a, s).value()), sorted_offsets(logical_divide(a, s).value()));
  // An integer is the layout n:1 on the whole of A.
  EXPECT_EQ(zipped_divide(a, shape("4")).value(), L("(4,12):(1,4)"));
  EXPECT_EQ(tiled_divide(a, shape("4")).value(), L("(4,12):(1,4)"));
  EXPECT_EQ(flat_divide(a, shape("4")).value(), L("(4,12):(1,4)"));
}

TEST(TilerForms, ANestedShapeTilerDividesInsideTheModes) {
  // Mode 0 of A is (4,2):(1,4), divided by (2,2) sub-mode by sub-mode; 2:4 by 2:1 leaves (2,1):(4,0).
  const Layout a = L("((4,2),6):((1,4),8)");
  const Tiler s = shape("((2,2),3)");
  EXPECT_EQ(logical_divide(a, s).value(), L("(((2,2),(2,1)),(3,2)):(((1,2),(4,0)),(8,24))"));
  EXPECT_EQ(zipped_divide(a, s).value(), L("(((2,2),3),((2,1),2)):(((1,4),8),((2,0),24))"));
  EXPECT_EQ(tiled_divide(a, s).value(), L("(((2,2),3),(2,1),2):(((1,4),8),(2,0),24)"));
  EXPECT_EQ(flat_divide(a, s).value(), L("((2,2),3,(2,1),2):((1,4),8,(2,0),24)"));
}

TEST(TilerForms, AShapeTilerRepeatsModeByMode) {
  // As CuTe's C++ reads an integer: logical_product(A_i, n:1). (pycute's logical_product sends
  // an integer to logical_divide instead; its tuple-of-layouts answer is this one.)
  const Layout p = L("(2,2):(4,1)");
  const Tiler s = shape("(2,3)");
  EXPECT_EQ(logical_product(p, s).value(), L("((2,2),(2,3)):((4,1),(1,2))"));
  EXPECT_EQ(zipped_product(p, s).value(), L("((2,2),(2,3)):((4,1),(1,2))"));
  EXPECT_EQ(tiled_product(p, s).value(), L("((2,2),2,3):((4,1),1,2)"));
  EXPECT_EQ(flat_product(p, s).value(), L("(2,2,2,3):(4,1,1,2)"));
}

// ---- tuples of layouts, mixed forms and `_` ----

TEST(TilerForms, ATupleOfLayoutsRepeatsEachMode) {
  const Layout q = L("(2,3):(3,1)");
  const Tiler t = modes({whole("2:1"), whole("4:2")});
  EXPECT_EQ(logical_product(q, t).value(), L("((2,2),(3,4)):((3,1),(1,6))"));
  EXPECT_EQ(zipped_product(q, t).value(), L("((2,3),(2,4)):((3,1),(1,6))"));
  EXPECT_EQ(tiled_product(q, t).value(), L("((2,3),2,4):((3,1),1,6)"));
  EXPECT_EQ(flat_product(q, t).value(), L("(2,3,2,4):(3,1,1,6)"));
}

TEST(TilerForms, ATupleMayMixLayoutsIntegersAndKeptModes) {
  const Layout a = L("(8,6):(1,8)");
  EXPECT_EQ(zipped_divide(a, modes({whole("2:1"), shape("3")})).value(), zipped_divide(a, shape("(2,3)")).value());
  // `_` keeps mode 0; the zipped form gathers it as (1:0, the mode), as pycute does.
  const Tiler kept = modes({Tiler::keep(), whole("3:2")});
  EXPECT_EQ(logical_divide(a, kept).value(), L("(8,(3,2)):(1,(16,8))"));
  EXPECT_EQ(zipped_divide(a, kept).value(), L("((1,3),(8,2)):((0,16),(1,8))"));
  EXPECT_EQ(tiled_divide(a, kept).value(), L("((1,3),8,2):((0,16),1,8)"));
  EXPECT_EQ(flat_divide(a, kept).value(), L("(1,3,8,2):(0,16,1,8)"));
  // `_` alone keeps A whole.
  EXPECT_EQ(logical_divide(a, Tiler::keep()).value(), a);
  EXPECT_EQ(zipped_divide(a, Tiler::keep()).value(), L("(1,(8,6)):(0,(1,8))"));
  EXPECT_EQ(tiled_divide(a, Tiler::keep()).value(), L("(1,8,6):(0,1,8)"));
  EXPECT_EQ(logical_product(a, Tiler::keep()).value(), a);
}

// ---- refusals ----

TEST(TilerForms, ATupleLongerThanTheModeItMeetsIsRefused) {
  const Layout a = L("(8,6):(1,8)");
  EXPECT_TRUE(mentions(zipped_divide(a, shape("(2,2,2)")), "logical_divide: a tiler of 3 modes"));
  EXPECT_TRUE(mentions(logical_divide(a, shape("(2,2,2)")), "logical_divide: a tiler of 3 modes"));
  // Mode 0 of A is the leaf 8:1, of rank 1: the nested (2, 2) does not fit it.
  EXPECT_TRUE(mentions(tiled_divide(a, shape("((2,2),3)")), "a tiler of 2 modes"));
  EXPECT_TRUE(mentions(flat_product(a, shape("((2,2),3)")), "logical_product: a tiler of 2 modes"));
}

TEST(TilerForms, ARefusedWholeDivideKeepsItsDiagnostic) {
  // 7:1 cannot divide (5,3):(7,1) (pycute's published composition failure).
  const Result<Layout> r = zipped_divide(L("(5,3):(7,1)"), whole("7:1"));
  EXPECT_TRUE(mentions(r, "logical_divide"));
  EXPECT_TRUE(mentions(r, "shape divisibility"));
}

}  // namespace
}  // namespace tf
