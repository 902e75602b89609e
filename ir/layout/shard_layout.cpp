#include "ir/layout/shard_layout.h"

#include <fmt/format.h>

#include <ostream>

#include "ir/layout/shard_chain.h"
#include "ir/layout/shard_injectivity.h"

namespace tf {

namespace {

std::string spell(const LayoutBase& layout, const std::vector<ShardAttr>& attrs,
                  const Mesh& mesh) {
  return "ShardLayout(layout=" + to_string(layout) + ", attrs=" + to_string(attrs) +
         ", mesh=" + to_string(mesh) + ")";
}

// The chain below a new layer: the underlying layout's own (already validated) chain.
shard_detail::ShardChain chain_below(const LayoutBase& layout) {
  if (const ShardLayout* inner = layout.as_shard()) return inner->chain();
  return shard_detail::base_chain(layout);
}

}  // namespace

Result<ShardLayout> ShardLayout::make(LayoutBase layout, std::vector<ShardAttr> attrs,
                                      Mesh mesh) {
  // Each layer spells and copies the layers below it: a limit keeps a chain of declarations
  // (L1 = ShardLayout(layout=L0, ...), L2 = ...) from costing time quadratic in its length.
  if (const ShardLayout* inner = layout.as_shard(); inner && inner->chain().layers >= kMaxLayers)
    return category_error(DiagCategory::Type,
                          fmt::format("a ShardLayout nests at most {} layers (a limit of tf)",
                                      kMaxLayers));
  const std::string spelling = spell(layout, attrs, mesh);
  auto chain = shard_detail::extend_chain(chain_below(layout), attrs, mesh, spelling);
  TF_TRY(chain);
  auto diags = shard_detail::check_shard_injective(*chain, spelling);
  if (!diags.empty()) return diags;
  auto shared = std::make_shared<const shard_detail::ShardChain>(std::move(chain).value());
  return ShardLayout(std::move(layout), std::move(attrs), std::move(mesh), std::move(shared));
}

bool is_resolved(const ShardLayout& sl) { return sl.chain().resolved; }

bool is_static(const ShardLayout& sl) { return is_static(sl.layout()) && is_static(sl.mesh()); }

std::string to_string(const ShardLayout& sl) { return spell(sl.layout(), sl.attrs(), sl.mesh()); }

std::ostream& operator<<(std::ostream& os, const ShardLayout& sl) { return os << to_string(sl); }

}  // namespace tf
