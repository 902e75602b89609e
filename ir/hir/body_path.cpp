#include "ir/hir/body_path.h"

#include <fmt/format.h>

namespace tf::hir {

std::string spell_body_path(const Function& f, std::span<const BodyStep> steps) {
  const BindingNames& names = f.binding_names();
  std::string tail = ".body";
  for (const BodyStep& st : steps) {
    if (st.field.empty()) {
      if (auto it = names.find(st.node); it != names.end()) tail = "." + it->second;
      continue;
    }
    tail += '.';
    tail += st.field;
    if (st.index >= 0) tail += fmt::format("[{}]", st.index);
  }
  return f.name() + tail;
}

std::optional<SourceLocation> innermost_binding_location(const Function& f,
                                                         std::span<const BodyStep> steps) {
  const BindingLocations& where = f.binding_locations();
  for (auto st = steps.rbegin(); st != steps.rend(); ++st)
    if (auto it = where.find(st->node); it != where.end()) return it->second;
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
