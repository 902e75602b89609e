// Hand-picked cases for ShardAttr (upstream shard section 6; docs/tfir.md section 3 spellings).
#include "ir/layout/shard_attr.h"

#include <gtest/gtest.h>

#include "ir/layout/test/shard_test_util.h"

namespace tf {
namespace {

using testing::first_message;

TEST(ShardAttr, KindsAndPayloads) {
  EXPECT_TRUE(S(2).is_split());
  EXPECT_EQ(S(2).axis(), 2);
  EXPECT_TRUE(B().is_broadcast());
  EXPECT_TRUE(P().is_partial());
  EXPECT_EQ(P().reduction(), "sum");
  EXPECT_EQ(P("max").reduction(), "max");
  EXPECT_TRUE(Dynamic().is_dynamic());
  EXPECT_EQ(S(1), S(1));
  EXPECT_NE(S(1), S(0));
  EXPECT_NE(P("sum"), P("min"));
  EXPECT_NE(B(), Dynamic());
}

TEST(ShardAttr, TfirSpellings) {
  EXPECT_EQ(to_string(S(0)), "S(0)");
  EXPECT_EQ(to_string(B()), "B()");
  EXPECT_EQ(to_string(P("sum")), "P(\"sum\")");
  EXPECT_EQ(to_string(Dynamic()), "Dynamic()");
  EXPECT_EQ(to_string(std::vector<ShardAttr>{S(0), B(), P("sum"), Dynamic()}),
            "(S(0), B(), P(\"sum\"), Dynamic())");
  EXPECT_EQ(to_string(std::vector<ShardAttr>{S(0)}), "(S(0),)");
  EXPECT_EQ(to_string(std::vector<ShardAttr>{}), "()");
}

TEST(ShardAttr, BadInputIsADiagnostic) {
  auto split = ShardAttr::make_split(-1);
  ASSERT_FALSE(split.ok());
  EXPECT_EQ(split.diagnostics()[0].category, DiagCategory::Type);
  EXPECT_EQ(first_message(split),
            "S(-1): a Split names a layout-domain axis, which is never negative (upstream shard "
            "section 6)");
  auto partial = ShardAttr::make_partial("prod");
  ASSERT_FALSE(partial.ok());
  EXPECT_EQ(
      first_message(partial),
      "P(\"prod\"): a Partial's reduction is one of sum, max, min (upstream shard section 6)");
  EXPECT_THROW(S(-1), InternalError);
  EXPECT_THROW(B().axis(), InternalError);
  EXPECT_THROW(S(0).reduction(), InternalError);
}

}  // namespace
}  // namespace tf
