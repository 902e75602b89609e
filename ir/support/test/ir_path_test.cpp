// IrPath: steps recorded on the stack, spelled once.
#include "ir/support/ir_path.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <string>

namespace tf {
namespace {

TEST(IrPath, SpellsFieldsIndicesAndSequenceElementsFromTheRoot) {
  const IrPath fn("k");
  const IrPath body = fn.field("body");
  const IrPath stmt = body.at(2);
  EXPECT_EQ(fn.str(), "k");
  EXPECT_EQ(body.str(), "k.body");
  EXPECT_EQ(stmt.str(), "k.body[2]");
  const IrPath value = stmt.field("value");
  EXPECT_EQ(value.field("args", 1).str(), "k.body[2].value.args[1]");
  EXPECT_EQ(fn.field("params", 0).str(), "k.params[0]");
  // Siblings share their parent and do not see each other.
  const IrPath then_body = stmt.field("then_body");
  const IrPath else_body = stmt.field("else_body");
  EXPECT_EQ(then_body.at(0).str(), "k.body[2].then_body[0]");
  EXPECT_EQ(else_body.str(), "k.body[2].else_body");
}

TEST(IrPath, ARootMayBeAPathSpelledEarlier) {
  const IrPath k("k");
  const IrPath body = k.field("body");
  const std::string kept = body.at(15).str();
  const IrPath again(kept);
  EXPECT_EQ(again.field("args", 0).str(), "k.body[15].args[0]");
}

// A path 100,000 steps deep spells without a frame per step (a verifier diagnostic placed
// 50,000 lets deep crashed in str()).
TEST(IrPath, ADeepPathSpellsWithoutRecursion) {
  std::vector<std::unique_ptr<IrPath>> chain;
  chain.push_back(std::make_unique<IrPath>("k"));
  for (int i = 0; i < 100000; ++i) chain.push_back(std::make_unique<IrPath>(chain.back()->field("body", 0)));
  const std::string s = chain.back()->str();
  EXPECT_EQ(s.size(), 1 + 100000 * std::string(".body[0]").size());
  EXPECT_EQ(s.substr(0, 17), "k.body[0].body[0]");
}

}  // namespace
}  // namespace tf

namespace tf {
namespace {

// A child of a temporary would point at a destroyed parent: it does not compile.
template <typename P>
concept ExtendsAnRvalue = requires(P p) { std::move(p).field("x"); };
static_assert(!ExtendsAnRvalue<IrPath>);

}  // namespace
}  // namespace tf
