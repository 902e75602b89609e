// The grid rule's emission (grid_plan.h decides, this writes): each part of the rows lowered with
// the serial op rules over views of the row-valued parameters and outputs, the part handed to
// the rules in their StrategyContext (strategy_context.h).
#include <functional>

#include "ir/layout/composed_layout.h"
#include "ir/layout/mesh_slice.h"
#include "ir/tir/binding_stmts.h"
#include "lower/grid_part.h"
#include "lower/grid_plan.h"
#include "lower/rule_support.h"
#include "ir/support/plant.h"

namespace tf::lower {

namespace {

// The trailing extents of a row value of `plan` (its shape past the leading axes).
std::vector<std::int64_t> trailing_of(const GridPlan& plan, const std::vector<ShapeDim>& shape) {
  std::vector<std::int64_t> x;
  for (std::size_t i = plan.rows.size(); i < shape.size(); ++i) x.push_back(shape[i].value());
  return x;
}

// One part of the grid rule (grid_plan.h): every row-valued parameter and output viewed through
// `view_layout` (its trailing shape in, `suffix` in the views' names), the body lowered afresh
// under the grid strategy in the part `part`. A shared output is written by the mesh `lead`
// (thread 0 of CTA 0) when the part has one (the main part), else left to the part that has.
Result<bool> lower_part(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                        const std::vector<VarRef>& outputs, const std::function<LayoutBase(const std::vector<std::int64_t>&)>& view_layout,
                        const GridPart& part, std::string_view suffix, const Mesh* lead) {
  const StrategyContext strategy = StrategyContext::grid(part);
  lc.begin_region();
  for (std::size_t i = 0; i < lc.function().params().size(); ++i) {
    if (!plan.row_params[i]) continue;
    const VarRef& p = lc.function().params()[i];
    Result<Expr> v = bound_view(lc, Expr(p), view_layout(trailing_of(plan, p->type()->as<TensorType>()->shape)), p->name + std::string(suffix));
    TF_TRY(v);
    lc.remember(p.get(), *v);
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    const std::vector<ShapeDim>& shape = outputs[i]->type()->as<TensorType>()->shape;
    const bool row = plan.is_row_shape(shape);
    if (!row && !lead) continue;  // a shared output is written once, by the main part's lead
    Result<Expr> v = lower_value(lc, strategy, results[i]);
    TF_TRY(v);
    if (!row) {  // every thread holds it whole: thread 0 of CTA 0 writes it
      lc.open_body();
      Result<bool> copied = lc.emit(tir::TirOp::Copy, {*v, Expr(outputs[i])});
      TF_TRY(copied);
      Result<tir::SequentialRef> body = lc.close_body();
      TF_TRY(body);
      Result<tir::MeshScopeRef> scope = tir::MeshScope::make(*lead, tir::mesh_binding(lc.scope_name("lead")), *body);
      TF_TRY(scope);
      lc.append(*scope);
      continue;
    }
    Result<Expr> out = bound_view(lc, Expr(outputs[i]), view_layout(trailing_of(plan, shape)), outputs[i]->name + std::string(suffix));
    TF_TRY(out);
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {*v, *out});
    TF_TRY(copied);
  }
  lc.end_region();
  return true;
}

}  // namespace

// The grid rule: the main part over every thread, the tail in thread 0 of CTA 0.
Result<bool> lower_grid(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                        const std::vector<VarRef>& outputs) {
  const GridGeometry& g = plan.geometry;
  auto main_layout = [&plan](const std::vector<std::int64_t>& x) { return LayoutBase(plan.layout_for(x)); };
  const GridPart main_part{plan.rows, plan.part(), main_layout};
  const Mesh first_thread = plan.first_thread();
  Result<bool> main = lower_part(lc, plan, results, outputs, main_layout, main_part, "_main", &first_thread);
  TF_TRY(main);
  if (g.tail == 0) return true;
  // The tail rows [main, R): each row-valued tensor from element main * P on, P its row's size.
  auto tail_layout = [&g](const std::vector<std::int64_t>& x) {
    std::int64_t p = 1;
    for (std::int64_t d : x) p *= d;
    std::vector<std::int64_t> shape{g.tail};
    shape.insert(shape.end(), x.begin(), x.end());
    Result<Layout> outer = Layout::make(tuple_of_ints(shape), tuple_of_ints(row_major_strides(shape)));
    TF_CHECK(outer.ok(), "the tail's layout is well formed");
    Result<ComposedLayout> composed = ComposedLayout::make(std::nullopt, g.main * p, *outer);
    TF_CHECK(composed.ok(), "the tail's offset is not negative");
    return LayoutBase(*composed);
  };
  lc.open_body();
  const GridPart tail_part{plan.rows, {ShapeDim(g.tail)}, nullptr};
  Result<bool> tail = lower_part(lc, plan, results, outputs, tail_layout, tail_part, "_tail", nullptr);
  TF_TRY(tail);
  Result<tir::SequentialRef> body = lc.close_body();
  TF_TRY(body);
  // The planted bug (ir/support/plant.h): the tail runs on every thread, not on the first.
  const Mesh& tail_mesh = TF_PLANTED(lowering_forgets_tail_predicate) ? plan.mesh : first_thread;
  Result<tir::MeshScopeRef> scope = tir::MeshScope::make(tail_mesh, tir::mesh_binding(lc.scope_name("tail")), *body);
  TF_TRY(scope);
  lc.append(*scope);
  return true;
}


}  // namespace tf::lower
