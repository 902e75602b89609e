#include "lower/strategy.h"

#include <fmt/format.h>

#include "ir/core/tuple.h"
#include "ir/dim/dim_var.h"
#include "ir/layout/shard_local_shape.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/check.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/stmt_visitor.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "lower/call_graph.h"
#include "lower/hir_to_tir.h"
#include "lower/shard_rule.h"

namespace tf::lower {

Result<std::vector<Expr>> returned_values(const hir::Function& fn) {
  if (const Tuple* t = fn.body()->as<Tuple>()) return t->elements;
  if (const auto* tt = fn.body()->type()->as<TupleType>()) {
    std::vector<Expr> out;
    for (std::size_t i = 0; i < tt->fields.size(); ++i) {
      Result<Ref<const TupleGetItem>> item = TupleGetItem::make(fn.body(), static_cast<std::int64_t>(i));
      TF_TRY(item);
      out.push_back(Expr(*item));
    }
    return out;
  }
  return std::vector<Expr>{fn.body()};
}

std::string_view strategy_name(Strategy strategy) {
  switch (strategy) {
    case Strategy::Sharded:
      return "sharded";
    case Strategy::Grid:
      return "grid";
    case Strategy::Mma:
      return "mma";
    case Strategy::Serial:
      return "serial";
  }
  TF_UNREACHABLE("bad Strategy");
}

const Mesh& StrategyChoice::mesh() const {
  switch (strategy) {
    case Strategy::Sharded:
      return sharding->mesh;
    case Strategy::Grid:
      return grid->mesh;
    case Strategy::Mma:
      return mma->grid;
    case Strategy::Serial:
      return serial_mesh();
  }
  TF_UNREACHABLE("bad Strategy");
}

std::string StrategyChoice::geometry() const {
  switch (strategy) {
    case Strategy::Sharded:
      return fmt::format("the mesh {} of its ShardLayouts", to_string(sharding->mesh));
    case Strategy::Grid: {
      const GridGeometry& g = grid->geometry;
      if (grid->collective)
        return fmt::format("1 CTA x {} threads, {} rows each; a reduction across the rows is a CTA collective", g.threads,
                           g.per_thread);
      if (grid->strided)
        return fmt::format("{} CTA{} x {} threads, a loop over the rows {} at a time, one each; a last part of fewer on "
                           "thread 0 of CTA 0", g.ctas, g.ctas == 1 ? "" : "s", g.threads, g.ctas * g.threads);
      std::string s = fmt::format("{} CTA{} x {} threads, {} row{} each", g.ctas, g.ctas == 1 ? "" : "s", g.threads,
                                  g.per_thread, g.per_thread == 1 ? "" : "s");
      if (g.tail > 0) s += fmt::format(", and {} tail row{} on thread 0 of CTA 0", g.tail, g.tail == 1 ? "" : "s");
      return s;
    }
    case Strategy::Mma:
      return fmt::format("{} CTA{} ({} x {} tiles of 64 x 64) x 128 threads (4 warps) on {}", (mma->m / 64) * (mma->n / 64),
                         (mma->m / 64) * (mma->n / 64) == 1 ? "" : "s", mma->m / 64, mma->n / 64, kMmaRuleAtomName);
    case Strategy::Serial:
      return "1 CTA x 1 thread";
  }
  TF_UNREACHABLE("bad Strategy");
}

Result<StrategyChoice> choose_strategy(const LoweringContext& lc, const hir::Function& fn,
                                       const std::vector<Expr>& results, bool mma_atom, std::int64_t most_rows_per_thread) {
  StrategyChoice c;
  Result<std::optional<Sharding>> sharding = plan_shard(lc, fn);
  TF_TRY(sharding);
  if (*sharding) {
    c.strategy = Strategy::Sharded;
    c.sharding = **sharding;
    return c;
  }
  c.passed_over.emplace_back(Strategy::Sharded, "no value carries a ShardLayout");
  // In the hir-to-tir-mma pass the MMA rule comes before the grid, which also takes a matmul's
  // rows (on the streaming matmul).
  if (mma_atom) {
    std::string why;
    if ((c.mma = plan_mma(fn, results, &why))) {
      c.strategy = Strategy::Mma;
      return c;
    }
    c.passed_over.emplace_back(Strategy::Mma, why);
  }
  std::string why;
  if ((c.grid = plan_grid(fn, results, &why, most_rows_per_thread))) {
    c.strategy = Strategy::Grid;
    return c;
  }
  c.passed_over.emplace_back(Strategy::Grid, why);
  if (!mma_atom)
    c.passed_over.emplace_back(Strategy::Mma, "the SM80 atom lowers only in the hir-to-tir-mma pass (not in the default pipeline)");
  c.strategy = Strategy::Serial;
  return c;
}

namespace {

// The largest value of one extent: itself, or its DimVar's largest; nullopt otherwise.
std::optional<std::int64_t> largest(const ShapeDim& d) {
  if (d.is_static()) return d.value();
  if (const auto* v = d.expr()->as<DimVar>()) return v->hi - 1;
  return std::nullopt;
}

// Sums what each rmem AllocTensor of a kernel holds per thread.
class RegisterBytes final : public tir::StmtVisitor {
 public:
  std::optional<std::int64_t> total = 0;

 protected:
  void visit_node(const tir::LetStmt& let) override {
    const auto* call = let.value->as<Call>();
    if (call != nullptr && tir::is_tir_op(call->op, tir::TirOp::AllocTensor)) add(*let.value->type()->as<TensorType>());
    visit_children(let);
  }

 private:
  void add(const TensorType& t) {
    if (!total || t.storage != StorageKind::Rmem) return;
    std::int64_t elements = 1;
    const ShardLayout* sl = t.layout ? t.layout->as_shard() : nullptr;
    if (sl != nullptr) {
      Result<IntTuple> local = shard_layout_local_shape(*sl);
      if (!local.ok()) return give_up();
      for (const IntTuple& leaf : leaves(*local))
        if (!leaf.is_int() || __builtin_mul_overflow(elements, leaf.value(), &elements)) return give_up();
    } else {
      for (const ShapeDim& d : t.shape) {
        const std::optional<std::int64_t> n = largest(d);
        if (!n || __builtin_mul_overflow(elements, *n, &elements)) return give_up();
      }
    }
    const std::optional<std::int64_t> bytes = storage_bytes(elements, t.dtype);
    if (!bytes || __builtin_add_overflow(*total, *bytes, &*total)) give_up();
  }
  void give_up() { total.reset(); }
};

}  // namespace

std::optional<std::int64_t> storage_bytes(std::int64_t elements, DType dtype) {
  const std::int64_t bits = dtype.is_simple() ? dtype.bit_width() : 8;
  std::int64_t total = 0;
  if (__builtin_mul_overflow(elements, bits, &total)) return std::nullopt;
  return (total + 7) / 8;
}

std::optional<std::int64_t> register_bytes_per_thread(const tir::PrimFunction& kernel) {
  RegisterBytes walk;
  walk.visit(tir::Stmt(&kernel));
  return walk.total;
}

}  // namespace tf::lower
