// Every HIR op is accounted for by the lowering: it has a rule (which may refuse with its
// reason, as local always does), or it is on the list of ops without one yet (empty now). A new
// op fails here until it gets a rule or joins the list; an op on the list that gets a rule fails
// here until it leaves it, so the list is what `tf lower` refuses as "no lowering rule for this
// op yet".
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ir/text/standard_context.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/tensor_ops.h"
#include "lower/lower_rules.h"

namespace tf::lower {
namespace {

// The HIR ops with no lowering rule yet, as registration indices of `registry`: none (local's
// rule is a refusal with its reason, lower_rules.cpp).
std::set<std::uint32_t> no_rule_yet(const OpRegistry&) { return {}; }

TEST(LoweringRules, EveryHirOpHasARuleOrIsListedAsNotLoweredYet) {
  const OpRegistry& registry = text::standard_context().registry();
  LoweringPatterns rules(registry);
  register_lowering_rules(registry, rules);
  const std::set<std::uint32_t> not_yet = no_rule_yet(registry);
  ASSERT_EQ(not_yet.size(), 0u);
  std::set<std::string> listed_with_rule, unaccounted;
  int hir_ops = 0;
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const Op op = registry.at(i);
    if (op.dialect() != "hir") continue;
    ++hir_ops;
    const bool has_rule = rules.find(op) != nullptr;
    if (has_rule && not_yet.count(op.index()) != 0) listed_with_rule.insert(std::string(op.name()));
    if (!has_rule && not_yet.count(op.index()) == 0) unaccounted.insert(std::string(op.name()));
  }
  EXPECT_EQ(listed_with_rule, std::set<std::string>{}) << "these have a rule now: drop them from no_rule_yet";
  EXPECT_EQ(unaccounted, std::set<std::string>{}) << "a new HIR op needs a lowering rule, or a place in no_rule_yet";
  EXPECT_EQ(hir_ops, 42);  // each with a rule: a new op is a change here
}

}  // namespace
}  // namespace tf::lower
