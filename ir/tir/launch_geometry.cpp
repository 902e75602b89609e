#include "ir/tir/launch_geometry.h"

#include <algorithm>

#include "ir/layout/shard_layout.h"
#include "ir/support/checked_int.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/stmt_walk.h"
#include "ir/type/tensor_type.h"

namespace tf::tir {

void for_each_launch_mesh(const PrimFunction& fn, const std::function<void(const Mesh&)>& f) {
  auto consider_type = [&](const IRType& type) {
    const auto* t = type ? type->as<TensorType>() : nullptr;
    if (t == nullptr || !t->layout) return;
    for (const ShardLayout* s = t->layout->as_shard(); s != nullptr; s = s->layout().as_shard()) f(s->mesh());
  };
  for (const VarRef& p : fn.params()) consider_type(p->type());
  walk(Stmt(&fn), [&](const StmtNode& s) {
    if (const auto* scope = s.as<MeshScope>()) f(scope->mesh);
    if (const auto* let = s.as<LetStmt>()) consider_type(let->var->type());
  });
}

LaunchGeometry implicit_launch(const PrimFunction& fn) {
  LaunchGeometry g;
  for_each_launch_mesh(fn, [&](const Mesh& m) {
    std::int64_t ctas = 1, threads = 1;
    for (const Topology& t : m.topologies()) {
      std::int64_t& product = t.name() == "cta" ? ctas : threads;
      product = checked_mul(product, t.static_size().value_or(1)).value_or(INT64_MAX);  // too many: the launch refuses it
    }
    g.grid = std::max(g.grid, ctas);
    g.block = std::max(g.block, threads);
  });
  return g;
}

}  // namespace tf::tir
