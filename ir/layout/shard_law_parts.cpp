#include "ir/layout/shard_law_parts.h"

#include <optional>

namespace tf {

Result<ShardLayout> build_shard_parts(const ShardParts& parts) {
  if (parts.layers.empty())
    return category_error(DiagCategory::Type, "ShardLayout parts need at least one layer");
  LayoutBase layout = parts.base;
  std::optional<ShardLayout> built;
  for (const ShardPartsLayer& layer : parts.layers) {
    Result<ShardLayout> made = ShardLayout::make(layout, layer.attrs, layer.mesh);
    if (!made.ok()) return made.diagnostics();
    built = *made;
    layout = *made;
  }
  return *built;
}

ShardParts shard_parts_of(const ShardLayout& sl) {
  std::vector<const ShardLayout*> outer_first;
  for (const ShardLayout* p = &sl; p != nullptr; p = p->layout().as_shard())
    outer_first.push_back(p);
  ShardParts parts{outer_first.back()->layout(), {}};
  for (auto it = outer_first.rbegin(); it != outer_first.rend(); ++it)
    parts.layers.push_back({(*it)->attrs(), (*it)->mesh()});
  return parts;
}

std::string to_string(const ShardParts& parts) {
  std::string text = to_string(parts.base);
  for (const ShardPartsLayer& layer : parts.layers)
    text = "ShardLayout(layout=" + text + ", attrs=" + to_string(layer.attrs) +
           ", mesh=" + to_string(layer.mesh) + ")";
  return text;
}

}  // namespace tf
