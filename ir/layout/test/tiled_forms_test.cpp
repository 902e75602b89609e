// The named arrangements of logical_divide / logical_product and filter: CuTe's published
// results where the documentation states one, and, for every form, the invariants that make it
// a rearrangement: the same size and the same set of offsets as the logical operation.
#include "ir/layout/tiled_forms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "ir/layout/coalesce.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/test/layout_literal.h"

namespace tf {
namespace {

using testing::L;

// The offsets of `l` over its whole domain, sorted.
std::vector<std::int64_t> offset_set(const Layout& l) {
  std::vector<std::int64_t> out;
  const std::int64_t n = size(l).value();
  for (std::int64_t i = 0; i < n; ++i) out.push_back(crd2idx(l, IntTuple(i)).value());
  std::sort(out.begin(), out.end());
  return out;
}

// CuTe's two-dimensional divide example (docs/cpp/cute/02_layout_algebra.md): A = (9,(4,8)):
// (59,(13,1)) by the tiler <3:3, (2,4):(1,8)>; its logical_divide is
// ((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1))).
TEST(TiledForms, TheDividesOfThePublishedExampleRegroupTileAndRest) {
  const Layout a = L("(9,(4,8)):(59,(13,1))");
  const std::vector<Layout> tiler = {L("3:3"), L("(2,4):(1,8)")};
  EXPECT_EQ(zipped_divide(a, tiler).value(), L("((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"));
  EXPECT_EQ(tiled_divide(a, tiler).value(), L("((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"));
  EXPECT_EQ(flat_divide(a, tiler).value(), L("(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"));
  const Layout logical = logical_divide(a, tiler).value();
  for (const Layout& form : {zipped_divide(a, tiler).value(), tiled_divide(a, tiler).value(),
                             flat_divide(a, tiler).value()}) {
    EXPECT_EQ(size(form).value(), size(logical).value());
    EXPECT_EQ(offset_set(form), offset_set(logical));
  }
}

TEST(TiledForms, ModesBeyondTheTilerJoinTheRest) {
  const Layout a = L("(4,6,5):(1,4,24)");
  const std::vector<Layout> tiler = {L("2:1")};
  // logical_divide by mode: ((2,2),6,5):((1,2),4,24).
  EXPECT_EQ(logical_divide(a, tiler).value(), L("((2,2),6,5):((1,2),4,24)"));
  EXPECT_EQ(zipped_divide(a, tiler).value(), L("((2),(2,6,5)):((1),(2,4,24))"));
  EXPECT_EQ(tiled_divide(a, tiler).value(), L("((2),2,6,5):((1),2,4,24)"));
  EXPECT_EQ(flat_divide(a, tiler).value(), L("(2,2,6,5):(1,2,4,24)"));
}

TEST(TiledForms, TheProductsRegroupTheBlockAndItsRepetitions) {
  const Layout a = L("(2,5):(5,1)");
  const std::vector<Layout> tiler = {L("3:5"), L("4:6")};
  const Layout logical = logical_product(a, tiler).value();
  EXPECT_EQ(logical, L("((2,3),(5,4)):((5,10),(1,30))"));
  EXPECT_EQ(zipped_product(a, tiler).value(), L("((2,5),(3,4)):((5,1),(10,30))"));
  EXPECT_EQ(tiled_product(a, tiler).value(), L("((2,5),3,4):((5,1),10,30)"));
  EXPECT_EQ(flat_product(a, tiler).value(), L("(2,5,3,4):(5,1,10,30)"));
  for (const Layout& form : {zipped_product(a, tiler).value(), tiled_product(a, tiler).value(),
                             flat_product(a, tiler).value()})
    EXPECT_EQ(offset_set(form), offset_set(logical));
}

// CuTe's blocked / raked product example (docs/cpp/cute/02_layout_algebra.md).
TEST(TiledForms, BlockedAndRakedProductsOfThePublishedExample) {
  const Layout block = L("(2,5):(5,1)"), tiler = L("(3,4):(1,3)");
  EXPECT_EQ(blocked_product(block, tiler).value(), L("((2,3),(5,4)):((5,10),(1,30))"));
  EXPECT_EQ(raked_product(block, tiler).value(), L("((3,2),(4,5)):((10,5),(30,1))"));
  // Both are bijections onto [0, 120): every element of every copy appears once.
  std::vector<std::int64_t> all(120);
  for (int i = 0; i < 120; ++i) all[i] = i;
  EXPECT_EQ(offset_set(blocked_product(block, tiler).value()), all);
  EXPECT_EQ(offset_set(raked_product(block, tiler).value()), all);
}

TEST(TiledForms, ALowerRankBlockIsPaddedWithUnitModes) {
  // A rank-1 block over a rank-2 tiler: the block becomes (4,1):(1,0).
  EXPECT_EQ(blocked_product(L("4:1"), L("(2,3):(1,2)")).value(), L("((4,2),(1,3)):((1,4),(0,8))"));
  EXPECT_EQ(raked_product(L("4:1"), L("(2,3):(1,2)")).value(), L("((2,4),(3,1)):((4,1),(8,0))"));
}

TEST(TiledForms, ARefusedDivideKeepsItsDiagnostic) {
  // Mode 0 is (5,3):(7,1), which 7:1 cannot divide (pycute's published composition failure).
  Result<Layout> r = zipped_divide(L("((5,3)):((7,1))"), {L("7:1")});
  ASSERT_FALSE(r.ok());
  const std::string& m = r.diagnostics().front().message;
  EXPECT_NE(m.find("logical_divide"), std::string::npos) << m;
  EXPECT_NE(m.find("shape divisibility"), std::string::npos) << m;
}

TEST(Filter, DropsBroadcastAndUnitModesThenCoalesces) {
  EXPECT_EQ(filter(L("(2,4,3):(0,1,4)")).value(), L("12:1"));
  EXPECT_EQ(filter(L("(4,2):(0,0)")).value(), L("1:0"));
  EXPECT_EQ(filter(L("(2,(1,6)):(1,(6,2))")).value(), L("12:1"));
  EXPECT_EQ(filter(L("(3,2,4):(2,0,8)")).value(), L("(3,4):(2,8)"));
  EXPECT_FALSE(filter(Layout::make(IntTuple(IntSymbol{"N", 1, 9}), IntTuple(1)).value()).ok());
}

}  // namespace
}  // namespace tf
