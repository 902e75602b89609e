// The grid rule's emission (grid_plan.h decides, this writes): each part of the rows lowered with
// the serial op rules over views of the row-valued parameters and outputs, the part handed to
// the rules in their StrategyContext (strategy_context.h).
#include <fmt/format.h>

#include <functional>
#include <map>

#include "ir/layout/composed_layout.h"
#include "ir/layout/mesh_slice.h"
#include "ir/core/var.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/tir_ops.h"
#include "lower/grid_part.h"
#include "lower/grid_plan.h"
#include "lower/element_loops.h"
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
// How a part sees a row-valued parameter or output `x` with trailing shape X, named `name`.
using PartView = GridPart::RowsView;

// The part's view through a static layout: `let NAME = tensor_view(x, layout=view_layout(X))`.
PartView through(LoweringContext& lc, std::function<LayoutBase(const std::vector<std::int64_t>&)> view_layout) {
  return [&lc, view_layout = std::move(view_layout)](const Expr& x, const std::vector<std::int64_t>& trailing, const std::string& name) {
    return bound_view(lc, x, view_layout(trailing), name);
  };
}

Result<bool> lower_part(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                        const std::vector<VarRef>& outputs, const GridPart& part, std::string_view suffix, const Mesh* lead) {
  const StrategyContext strategy = StrategyContext::grid(part);
  const PartView& view = part.view_rows;
  lc.begin_region();
  for (std::size_t i = 0; i < lc.function().params().size(); ++i) {
    if (!plan.row_params[i]) continue;
    const VarRef& p = lc.function().params()[i];
    Expr rows = Expr(p);
    if (plan.broadcast_params[i]) {  // rope's positions: (S,) viewed as the rows (1, S)
      Result<Layout> b = Layout::make(tuple_of_ints({1, plan.rows[1].value()}), tuple_of_ints({plan.rows[1].value(), 1}));
      TF_TRY(b);
      Result<Expr> v = bound_view(lc, rows, LayoutBase(*b), p->name + "_rows");
      TF_TRY(v);
      rows = *v;
    }
    Result<Expr> v = view(rows, trailing_of(plan, rows->type()->as<TensorType>()->shape), p->name + std::string(suffix));
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
    Result<Expr> out = view(Expr(outputs[i]), trailing_of(plan, shape), outputs[i]->name + std::string(suffix));
    TF_TRY(out);
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {*v, *out});
    TF_TRY(copied);
  }
  lc.end_region();
  return true;
}

// `let NAME = tensor_view(x, flat, layout=Layout((n,) ++ X, row-major))`: n rows of x from the
// row-major element `flat` (a rank-0 i64 register) on.
Result<Expr> rows_window(LoweringContext& lc, const Expr& x, const Expr& flat, std::int64_t n, const std::vector<std::int64_t>& trailing,
                         const std::string& name) {
  std::vector<std::int64_t> shape{n};
  shape.insert(shape.end(), trailing.begin(), trailing.end());
  Result<Layout> layout = Layout::make(tuple_of_ints(shape), tuple_of_ints(row_major_strides(shape)));
  TF_TRY(layout);
  return window_view(lc, x, {flat}, LayoutBase(*layout), name);
}

// Where rows start in the row-major elements of row values, once per row size: row * prod(X)
// for a row `row` (a rank-0 i64 register), computed into a register the first time a size is
// asked (the row itself when prod(X) is 1).
class RowStarts {
 public:
  RowStarts(LoweringContext& lc, Expr row) : lc_(lc), row_(std::move(row)) {}

  Result<Expr> of(const std::vector<std::int64_t>& trailing) {
    std::int64_t p = 1;
    for (std::int64_t d : trailing) p *= d;
    if (p == 1) return row_;
    if (auto it = starts_.find(p); it != starts_.end()) return it->second;
    Result<Expr> size = integer_buffer(lc_, DType::i64(), ShapeDim(p), fmt::format("row_size_{}", p));
    TF_TRY(size);
    Result<Expr> flat = scalar_register(lc_, DType::i64(), fmt::format("start_{}", p));
    TF_TRY(flat);
    Result<bool> mul = binary_into(lc_, BinaryKind::Mul, row_, *size, *flat);
    TF_TRY(mul);
    starts_.emplace(p, *flat);
    return *flat;
  }

 private:
  LoweringContext& lc_;
  Expr row_;
  std::map<std::int64_t, Expr> starts_;
};

// The body over the one row `start + offset` (two rank-0 i64 registers) on the current thread:
// each row value's view a window of one row.
Result<bool> lower_one_row(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                           const std::vector<VarRef>& outputs, const Expr& start, const Expr& offset) {
  Result<Expr> row = scalar_register(lc, DType::i64(), "row");
  TF_TRY(row);
  Result<bool> add = binary_into(lc, BinaryKind::Add, start, offset, *row);
  TF_TRY(add);
  RowStarts row_starts(lc, *row);
  const PartView row_view = [&](const Expr& x, const std::vector<std::int64_t>& trailing, const std::string& name) -> Result<Expr> {
    Result<Expr> flat = row_starts.of(trailing);
    TF_TRY(flat);
    return rows_window(lc, x, *flat, 1, trailing, name);
  };
  const GridPart row_part{plan.rows, {ShapeDim(1)}, nullptr, plan.shared_row_shaped, row_view};
  return lower_part(lc, plan, results, outputs, row_part, "_row", nullptr);
}

// Symbolic rows (grid_plan.h): `for s in range(0, B, C)` with C = G*T; a step with C rows left
// lowers the body over every thread, its row values' views windows of C rows from row s then
// distributed as the main part's; a step with fewer (the last) lowers it on thread 0 of CTA 0
// once per row left, each view a window of one row.
Result<bool> lower_grid_strided(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                                const std::vector<VarRef>& outputs) {
  const GridGeometry& g = plan.geometry;
  const std::int64_t chunk = g.ctas * g.threads;
  const Mesh first_thread = plan.first_thread();
  return counted_loop(lc, plan.rows[0], chunk, "s", [&](const Expr& s) -> Result<bool> {
    Result<Expr> start = index_register(lc, s, "chunk_start");
    TF_TRY(start);
    Result<Expr> count = integer_buffer(lc, DType::i64(), plan.rows[0], "row_count");
    TF_TRY(count);
    Result<Expr> left = scalar_register(lc, DType::i64(), "rows_left");
    TF_TRY(left);
    Result<bool> sub = binary_into(lc, BinaryKind::Sub, *count, *start, *left);
    TF_TRY(sub);
    Result<Expr> size = integer_buffer(lc, DType::i64(), ShapeDim(chunk), "chunk_rows");
    TF_TRY(size);
    Result<Expr> whole = flag(lc, BinaryKind::Ge, *left, *size, "whole_chunk");
    TF_TRY(whole);
    RowStarts chunk_starts(lc, *start);
    const PartView chunk_view = [&](const Expr& x, const std::vector<std::int64_t>& trailing, const std::string& name) -> Result<Expr> {
      Result<Expr> flat = chunk_starts.of(trailing);
      TF_TRY(flat);
      Result<Expr> window = rows_window(lc, x, *flat, chunk, trailing, name + "_rows");
      TF_TRY(window);
      return bound_view(lc, *window, LayoutBase(plan.layout_for(trailing)), name);
    };
    const GridPart main_part{plan.rows, plan.part(), [&plan](const std::vector<std::int64_t>& x) { return LayoutBase(plan.layout_for(x)); },
                             plan.shared_row_shaped, chunk_view};
    return branch(
        lc, *whole, [&] { return lower_part(lc, plan, results, outputs, main_part, "_main", nullptr); },
        [&]() -> Result<bool> {
          lc.open_body();
          Result<bool> rows = counted_loop(lc, ShapeDim(chunk), 1, "r", [&](const Expr& r) -> Result<bool> {
            Result<Expr> offset = index_register(lc, r, "row_offset");
            TF_TRY(offset);
            Result<Expr> inside = flag(lc, BinaryKind::Lt, *offset, *left, "row_inside");
            TF_TRY(inside);
            return when(
                lc, *inside,
                [&] { return lower_one_row(lc, plan, results, outputs, *start, *offset); });
          });
          Result<tir::SequentialRef> body = lc.close_body();
          TF_TRY(rows);
          TF_TRY(body);
          Result<tir::MeshScopeRef> scope = tir::MeshScope::make(first_thread, tir::mesh_binding(lc.scope_name("last_rows")), *body);
          TF_TRY(scope);
          lc.append(*scope);
          return true;
        });
  });
}

}  // namespace

// The grid rule: the main part over every thread, the tail in thread 0 of CTA 0; symbolic rows
// by a grid-stride loop.
Result<bool> lower_grid(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                        const std::vector<VarRef>& outputs) {
  if (plan.strided) return lower_grid_strided(lc, plan, results, outputs);
  const GridGeometry& g = plan.geometry;
  auto main_layout = [&plan](const std::vector<std::int64_t>& x) { return LayoutBase(plan.layout_for(x)); };
  const GridPart main_part{plan.rows, plan.part(), main_layout, plan.shared_row_shaped, through(lc, main_layout)};
  const Mesh first_thread = plan.first_thread();
  Result<bool> main = lower_part(lc, plan, results, outputs, main_part, "_main", &first_thread);
  TF_TRY(main);
  if (g.tail == 0) return true;
  // The tail rows [main, R) on thread 0 of CTA 0: at most k of them at once, each row-valued
  // tensor from element main * P on (P its row's size); more one at a time (a thread holds no
  // more rows than in the main part, kGridThreadBytes).
  lc.open_body();
  Result<bool> tail = [&]() -> Result<bool> {
    if (g.tail > g.per_thread) {
      Result<Expr> start = integer_buffer(lc, DType::i64(), ShapeDim(g.main), "tail_start");
      TF_TRY(start);
      return counted_loop(lc, ShapeDim(g.tail), 1, "r", [&](const Expr& r) -> Result<bool> {
        Result<Expr> offset = index_register(lc, r, "row_offset");
        TF_TRY(offset);
        return lower_one_row(lc, plan, results, outputs, *start, *offset);
      });
    }
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
    const GridPart tail_part{plan.rows, {ShapeDim(g.tail)}, nullptr, plan.shared_row_shaped, through(lc, tail_layout)};
    return lower_part(lc, plan, results, outputs, tail_part, "_tail", nullptr);
  }();
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
