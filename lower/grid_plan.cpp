#include "lower/grid_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string_view>
#include <unordered_set>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/var.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

GridGeometry grid_geometry(std::int64_t n) {
  TF_CHECK(n >= 1, "grid_geometry of {} elements", n);
  GridGeometry g;
  g.threads = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(std::min<std::int64_t>(n, 256))));
  g.ctas = std::clamp<std::int64_t>(n / (8 * g.threads), 1, 64);
  g.per_thread = n / (g.ctas * g.threads);
  g.main = g.ctas * g.threads * g.per_thread;
  g.tail = n - g.main;
  return g;
}

namespace {

bool is_elementwise_op(std::string_view op) {
  static const std::unordered_set<std::string_view> ops = {
      "hir.math.Binary", "hir.math.Unary",    "hir.nn.ReLU", "hir.tensor.Cast",
      "hir.math.Clamp",  "hir.tensor.FullLike", "hir.tensor.Zeros"};
  return ops.count(op) != 0;
}

// A tensor of a scalar dtype: of `shape` without layout, or of rank 0 (whose layout, a literal's
// `Layout((), ())`, places nothing) without a distribution.
bool fits(const ExprNode& e, const std::vector<ShapeDim>& shape) {
  const auto* t = e.type()->as<TensorType>();
  if (t == nullptr || t->dtype.is_compound()) return false;
  if (t->shape.empty()) return !t->layout || !t->layout->is_shard();
  return !t->layout && t->shape == shape;
}

// True when everything `results` reach is elementwise over `shape` (grid_plan.h).
bool elementwise_body(const hir::Function& fn, const std::vector<Expr>& results, const std::vector<ShapeDim>& shape) {
  std::unordered_set<const ExprNode*> params, seen;
  for (const VarRef& p : fn.params()) params.insert(p.get());
  std::vector<const ExprNode*> work;
  for (const Expr& r : results) work.push_back(r.get());
  while (!work.empty()) {
    const ExprNode* e = work.back();
    work.pop_back();
    if (!seen.insert(e).second) continue;
    if (!fits(*e, shape)) return false;
    if (e->as<Var>() != nullptr) {
      if (params.count(e) == 0) return false;
    } else if (const Call* c = e->as<Call>()) {
      if (!is_elementwise_op(c->op.name())) return false;
      for (const Expr& a : c->args) work.push_back(a.get());
    } else if (e->as<Constant>() == nullptr) {
      return false;
    }
  }
  return true;
}

IntTuple ints(std::vector<std::int64_t> v) { return IntTuple::tuple(std::vector<IntTuple>(v.begin(), v.end())); }

}  // namespace

std::optional<GridPlan> plan_grid(const hir::Function& fn, const std::vector<Expr>& results) {
  if (results.empty()) return std::nullopt;
  const auto* first = results.front()->type()->as<TensorType>();
  if (first == nullptr || first->shape.empty()) return std::nullopt;
  std::int64_t n = 1;
  for (const ShapeDim& d : first->shape) {
    if (!d.is_static()) return std::nullopt;
    n *= d.value();
  }
  if (n < 1) return std::nullopt;
  for (const Expr& r : results)
    if (r->type()->as<TensorType>() == nullptr || r->type()->as<TensorType>()->shape != first->shape) return std::nullopt;
  if (!elementwise_body(fn, results, first->shape)) return std::nullopt;

  const GridGeometry g = grid_geometry(n);
  Result<Topology> cta = Topology::make("cta", g.ctas), thread = Topology::make("thread", g.threads);
  TF_CHECK(cta.ok() && thread.ok(), "grid topologies are well formed");
  Result<Mesh> mesh = Mesh::make({*cta, *thread}, Layout::make_known_valid(ints({g.ctas, g.threads}), ints({g.threads, 1})),
                                 {"c", "t"});
  TF_CHECK(mesh.ok(), "the grid mesh is well formed");
  Result<Layout> base = Layout::make(ints({g.ctas, g.threads, g.per_thread}), ints({0, 0, 1}));
  TF_CHECK(base.ok(), "the grid base layout is well formed");
  Result<ShardAttr> s0 = ShardAttr::make_split(0), s1 = ShardAttr::make_split(1);
  Result<ShardLayout> layout = ShardLayout::make(LayoutBase(*base), {*s0, *s1}, *mesh);
  TF_CHECK(layout.ok(), "the grid shard layout is well formed");
  const std::string mesh_name = fmt::format("lower_grid_{}x{}", g.ctas, g.threads);
  return GridPlan{first->shape, g, *mesh, *layout, mesh_name, fmt::format("{}_{}", mesh_name, g.per_thread)};
}

}  // namespace tf::lower
