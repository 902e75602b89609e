#include "ir/tir/named_barriers.h"

#include <fmt/format.h>

#include "ir/layout/named_barrier.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/sync.h"

namespace tf::tir {

std::optional<int> NamedBarrierIds::id_of(const Evaluate& sync) const {
  for (const NamedBarrierSite& s : sites_)
    if (s.site == &sync) return s.id;
  return std::nullopt;
}

Result<NamedBarrierIds> allocate_named_barriers(const PrimFunction& fn) {
  NamedBarrierAllocator allocator;
  NamedBarrierIds ids;
  std::vector<Diagnostic> diags;
  walk(fn.body(), [&](const StmtNode& node) {
    const Evaluate* e = node.as<Evaluate>();
    if (e == nullptr || !is_sync(*e)) return;
    Result<BarrierClass> barrier = classify_sync(e->call());
    if (!barrier.ok() || barrier->kind != BarrierKind::Named) return;
    const int before = allocator.allocated();
    Result<int> id = allocator.id_for(e);
    if (!id.ok()) {
      if (diags.empty())  // one diagnostic per kernel, naming the first site too many
        for (Diagnostic d : id.diagnostics()) {
          d.message = fmt::format("prim_func {}: {}", fn.name(), d.message);
          diags.push_back(std::move(d));
        }
      return;
    }
    if (allocator.allocated() > before) ids.sites_.push_back({e, *id, *barrier});
  });
  if (!diags.empty()) return diags;
  return ids;
}

}  // namespace tf::tir
