#include "ir/hir/body_path.h"

#include <fmt/format.h>

namespace tf::hir {

std::string spell_body_path(const Function& f, std::span<const BodyStep> steps) {
  std::string tail = ".body";
  for (const BodyStep& st : steps) {
    if (st.field.empty()) {
      if (st.node != nullptr && !st.node->binding_name().empty())
        tail = "." + std::string(st.node->binding_name());
      continue;
    }
    tail += '.';
    tail += st.field;
    if (st.index >= 0) tail += fmt::format("[{}]", st.index);
  }
  return f.name() + tail;
}

// The places are on the nodes (ExprNode::binding()), whichever function they are in.
std::optional<SourceLocation> innermost_binding_location(const Function& /*f*/,
                                                         std::span<const BodyStep> steps) {
  for (auto st = steps.rbegin(); st != steps.rend(); ++st)
    if (const BindingInfo* b = st->node != nullptr ? st->node->binding() : nullptr;
        b != nullptr && b->location.known())
      return b->location;
  return std::nullopt;
}

Diagnostic placed_in_body(Diagnostic d, const Function& f, std::span<const BodyStep> steps) {
  if (d.ir_path.empty()) d.ir_path = spell_body_path(f, steps);
  if (d.function.empty()) d.function = f.name();
  if (!d.location.known())
    if (std::optional<SourceLocation> at = innermost_binding_location(f, steps)) d.location = *at;
  return d;
}

}  // namespace tf::hir
