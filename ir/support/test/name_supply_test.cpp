#include "ir/support/name_supply.h"

#include <gtest/gtest.h>

namespace tf {
namespace {

TEST(NameSupply, AFreeHintIsKeptAndATakenOneGetsTheFirstFreeSuffix) {
  NameSupply names;
  names.reserve("x");
  names.reserve("x_1");
  EXPECT_TRUE(names.taken("x"));
  EXPECT_FALSE(names.taken("y"));
  EXPECT_EQ(names.fresh("y"), "y");
  EXPECT_EQ(names.fresh("y"), "y_1");
  EXPECT_EQ(names.fresh("x"), "x_2");
  EXPECT_EQ(names.fresh("x"), "x_3");
  EXPECT_EQ(names.fresh(""), "v");
  EXPECT_TRUE(names.taken("x_3"));
  names.reserve("y_2");
  EXPECT_EQ(names.fresh("y"), "y_3");
}

}  // namespace
}  // namespace tf
