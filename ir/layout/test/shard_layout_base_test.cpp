// Hand-picked cases for the LayoutBase family (seed 000 section 2, upstream shard section 2).
#include <gtest/gtest.h>

#include "ir/layout/composed_layout.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/test/shard_test_util.h"

namespace tf {
namespace {

using testing::L;
using testing::mesh;
using testing::ok;

// covers: TYPES.2.TENSOR.layout-none-or-layoutbase
TEST(LayoutBase, HoldsExactlyOneOfTheThreeMembers) {
  const LayoutBase plain = L("(4):(1)");
  const LayoutBase composed = ok(ComposedLayout::make(std::nullopt, 32, L("(2,32):(32,1)")));
  const LayoutBase shard = ok(ShardLayout::make(L("(4,8):(8,1)"), {S(0)}, mesh("t", "(4):(1)")));
  EXPECT_EQ(plain.kind(), LayoutKind::Layout);
  EXPECT_EQ(composed.kind(), LayoutKind::Composed);
  EXPECT_EQ(shard.kind(), LayoutKind::Shard);
  EXPECT_NE(plain.as_layout(), nullptr);
  EXPECT_EQ(plain.as_shard(), nullptr);
  EXPECT_NE(composed.as_composed(), nullptr);
  EXPECT_NE(shard.as_shard(), nullptr);
  EXPECT_EQ(shard.as_shard()->attrs(), std::vector<ShardAttr>{S(0)});
  // A TensorType holds std::optional<LayoutBase>: None or one member; an integer or a Mesh is
  // not convertible to LayoutBase at all.
  static_assert(!std::is_convertible_v<int, LayoutBase>);
  static_assert(!std::is_convertible_v<Mesh, LayoutBase>);
  const std::optional<LayoutBase> none;
  EXPECT_FALSE(none.has_value());
}

TEST(LayoutBase, CommonContractShapeAndDomainRank) {
  EXPECT_EQ(LayoutBase(L("((2,2),8):((1,16),2)")).domain_rank(), 3);
  EXPECT_EQ(LayoutBase(L("7:1")).domain_rank(), 1);
  EXPECT_EQ(LayoutBase(L("():()")).domain_rank(), 0);
  const LayoutBase composed = ok(ComposedLayout::make(L("(64):(1)"), 32, L("(2,16):(16,1)")));
  EXPECT_EQ(composed.shape(), testing::T("(2,16)"));
  EXPECT_EQ(composed.domain_rank(), 2);
  const LayoutBase shard = ok(ShardLayout::make(L("(4,8):(8,1)"), {S(0)}, mesh("t", "(4):(1)")));
  EXPECT_EQ(shard.shape(), testing::T("(4,8)"));
  EXPECT_EQ(shard.domain_rank(), 2);
}

TEST(LayoutBase, StructuralEqualityAndSpelling) {
  EXPECT_EQ(LayoutBase(L("(4,8):(8,1)")), LayoutBase(L("(4,8):(8,1)")));
  EXPECT_NE(LayoutBase(L("(4,8):(8,1)")), LayoutBase(L("(4,8):(1,4)")));
  const LayoutBase a = ok(ShardLayout::make(L("(4,8):(8,1)"), {S(0)}, mesh("t", "(4):(1)")));
  const LayoutBase b = ok(ShardLayout::make(L("(4,8):(8,1)"), {S(0)}, mesh("t", "(4):(1)")));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, LayoutBase(L("(4,8):(8,1)")));
  EXPECT_EQ(to_string(LayoutBase(L("(4,8):(8,1)"))), "Layout((4, 8), (8, 1))");
  EXPECT_EQ(to_string(a),
            "ShardLayout(layout=Layout((4, 8), (8, 1)), attrs=(S(0),), mesh=Mesh((Topology("
            "\"t\", 4),), Layout((4,), (1,))))");
}

// covers: TYPES.2.TENSOR.layout-rank-match
TEST(LayoutBase, PlainLayoutRankMustMatchTheTensor) {
  EXPECT_TRUE(check_tensor_layout(L("(4,8):(8,1)"), testing::T("(4,8)")).empty());
  const auto diags = check_tensor_layout(L("(32):(1)"), testing::T("(4,8)"));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].rule_id, "TYPES.2.TENSOR.layout-rank-match");
  EXPECT_EQ(diags[0].message,
            "a tensor of shape (4, 8) has rank 2 but its layout Layout((32,), (1,)) has "
            "domain_rank 1; for a Layout or ComposedLayout they must be equal");
}

// covers: TYPES.2.TENSOR.composed-common-contract
TEST(LayoutBase, ComposedLayoutRankIsReadThroughDomainRank) {
  const LayoutBase c = ok(ComposedLayout::make(L("(64):(1)"), 0, L("(8,8):(8,1)")));
  EXPECT_TRUE(check_tensor_layout(c, testing::T("(8,8)")).empty());
  EXPECT_EQ(check_tensor_layout(c, testing::T("(64)")).at(0).rule_id,
            "TYPES.2.TENSOR.layout-rank-match");
}

// covers: TYPES.2.TENSOR.shard-logical-shape
TEST(LayoutBase, ShardLayoutShapeNeedNotMatchTheLogicalShape) {
  const LayoutBase sl = ok(ShardLayout::make(L("(4,32):(32,1)"), {S(0)}, mesh("t", "(4):(1)")));
  EXPECT_TRUE(check_tensor_layout(sl, testing::T("(128,128)")).empty());
}

}  // namespace
}  // namespace tf
