#include "ir/tir/launch_geometry.h"

#include <algorithm>

#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/stmt_walk.h"
#include "ir/type/tensor_type.h"

namespace tf::tir {

LaunchGeometry implicit_launch(const PrimFunction& fn) {
  LaunchGeometry g;
  auto consider = [&](const Mesh& m) {
    std::int64_t ctas = 1, threads = 1;
    for (const Topology& t : m.topologies()) {
      const std::int64_t n = t.static_size().value_or(1);
      (t.name() == "cta" ? ctas : threads) *= n;
    }
    g.grid = std::max(g.grid, ctas);
    g.block = std::max(g.block, threads);
  };
  auto consider_type = [&](const IRType& type) {
    const auto* t = type ? type->as<TensorType>() : nullptr;
    if (t == nullptr || !t->layout) return;
    for (const ShardLayout* s = t->layout->as_shard(); s != nullptr; s = s->layout().as_shard()) consider(s->mesh());
  };
  for (const VarRef& p : fn.params()) consider_type(p->type());
  walk(Stmt(&fn), [&](const StmtNode& s) {
    if (const auto* scope = s.as<MeshScope>()) consider(scope->mesh);
    if (const auto* let = s.as<LetStmt>()) consider_type(let->var->type());
  });
  return g;
}

}  // namespace tf::tir
