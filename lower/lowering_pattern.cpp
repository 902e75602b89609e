#include "lower/lowering_pattern.h"

#include "ir/support/check.h"

namespace tf::lower {

std::string RuleInput::name(std::string_view fallback) const {
  std::string given = lc.binding_name(call);
  return given.empty() ? std::string(fallback) : given;
}

void LoweringPatterns::set(Op op, const LoweringPattern& pattern) {
  TF_CHECK(op.valid() && registry_->holds(op), "a lowering pattern for an op of another registry");
  TF_CHECK(pattern.rewrite != nullptr, "the lowering pattern of {} has no rewrite", op.name());
  if (by_index_.size() <= op.index()) by_index_.resize(op.index() + 1);
  std::optional<LoweringPattern>& slot = by_index_[op.index()];
  TF_CHECK(!slot.has_value(), "{} already has a lowering pattern", op.name());
  slot = pattern;
}

const LoweringPattern* LoweringPatterns::find(Op op) const {
  TF_CHECK(op.valid() && registry_->holds(op), "op {} belongs to another registry than these patterns",
           op.valid() ? op.name() : "(invalid)");
  if (op.index() >= by_index_.size() || !by_index_[op.index()]) return nullptr;
  return &*by_index_[op.index()];
}

}  // namespace tf::lower
