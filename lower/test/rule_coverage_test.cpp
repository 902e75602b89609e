// Every HIR op is accounted for by the lowering: it has a rule (which may refuse with its
// reason, as where's does), or it is on the list of ops without one yet. A new op fails here
// until it gets a rule or joins the list; an op on the list that gets a rule fails here until it
// leaves it, so the list is what `tf lower` refuses as "no lowering rule for this op yet".
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ir/core/op_handlers.h"
#include "ir/text/standard_context.h"
#include "lower/lower_rules.h"

namespace tf::lower {
namespace {

// The HIR ops with no lowering rule yet (the every-op issue gives each one).
const std::set<std::string> kNoRuleYet = {
    "hir.math.Softplus",       "hir.tensor.Arange",        "hir.tensor.ArgMax",
    "hir.tensor.CacheUpdate",  "hir.tensor.Concat",        "hir.tensor.IndexAdd",
    "hir.tensor.IndexCopy",    "hir.tensor.IndexSelect",   "hir.tensor.InsertSlice",
    "hir.tensor.Quant",        "hir.tensor.Rank",          "hir.tensor.RepeatInterleave",
    "hir.tensor.ShapeOf",      "hir.tensor.Stack",         "hir.tensor.TopK",
    "hir.nn.Conv2D",           "hir.nn.Sigmoid",           "hir.nn.Tanh",
    "hir.nn.LayerNorm",        "hir.nn.Gelu",              "hir.nn.Silu",
    "hir.nn.RoPE",             "hir.cuda.nn.Mma_SM80_16x8x16", "hir.cuda.nn.Wgmma_SM90_64x128x16",
    "hir.sharding.Local",
};

TEST(LoweringRules, EveryHirOpHasARuleOrIsListedAsNotLoweredYet) {
  const OpRegistry& registry = text::standard_context().registry();
  OpHandlers rules(registry);
  register_lowering_rules(registry, rules);
  std::set<std::string> listed_with_rule, unaccounted;
  int hir_ops = 0;
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const Op op = registry.at(i);
    if (op.dialect() != "hir") continue;
    ++hir_ops;
    const std::string name(op.name());
    const bool has_rule = rules.has<LowerHandler>(op);
    if (has_rule && kNoRuleYet.count(name) != 0) listed_with_rule.insert(name);
    if (!has_rule && kNoRuleYet.count(name) == 0) unaccounted.insert(name);
  }
  EXPECT_EQ(listed_with_rule, std::set<std::string>{}) << "these have a rule now: drop them from kNoRuleYet";
  EXPECT_EQ(unaccounted, std::set<std::string>{}) << "a new HIR op needs a lowering rule, or a place in kNoRuleYet";
  EXPECT_EQ(hir_ops, 42);  // 17 with a rule, 25 without: a change in either is a change here
}

}  // namespace
}  // namespace tf::lower
