#include "cuda/driver/launch_plan.h"

#include <fmt/format.h>

#include <map>

#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/dim/dim_arith.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/launch.h"
#include "ir/tir/launch_check.h"
#include "ir/tir/tir_ops.h"

namespace tf::cuda {

namespace {

// The extents of each parameter of the entry being walked.
using Extents = std::map<const Var*, const std::vector<std::int64_t>*>;

SourceLocation location_of(const tir::StmtNode& s) { return s.loc() ? *s.loc() : SourceLocation{}; }

Diagnostic placed(Diagnostic d, const tir::StmtNode& s) {
  if (!d.location.known()) d.location = location_of(s);
  return d;
}

// A launch extent as the emitted entry computes it (cuda/emit/host_entry.cpp's host_extent: a
// literal, a parameter's extent, dim arithmetic over those), or nullopt for another form.
std::optional<Result<std::int64_t>> extent_of(const ExprNode& e, const Extents& extents) {
  if (const auto* c = e.as<Constant>(); c != nullptr && c->is_int()) return Result<std::int64_t>(std::get<std::int64_t>(c->value));
  if (const auto* s = e.as<ShapeOf>()) {
    auto it = extents.find(s->param.get());
    if (it == extents.end() || s->axis < 0 || static_cast<std::size_t>(s->axis) >= it->second->size()) return std::nullopt;
    return Result<std::int64_t>((*it->second)[static_cast<std::size_t>(s->axis)]);
  }
  const auto* call = e.as<Call>();
  const std::optional<DimOpKind> kind = call != nullptr && call->args.size() == 2 ? dim_op_kind(call->op) : std::nullopt;
  if (!kind) return std::nullopt;
  std::optional<Result<std::int64_t>> a = extent_of(*call->args[0], extents), b = extent_of(*call->args[1], extents);
  if (!a || !b) return std::nullopt;
  if (!a->ok()) return a;
  if (!b->ok()) return b;
  return apply_dim_op(*kind, **a, **b);
}

class Planner {
 public:
  explicit Planner(const Module& module) : module_(module) {}

  // Adds to the plan what `entry` does with its parameters' extents, up to its return, its abort,
  // its dispatch or a statement that is not emitted; the first refusal ends the walk.
  std::optional<Diagnostic> walk(const tir::PrimFunction& entry, const Extents& extents, int depth) {
    if (depth > 64) return std::nullopt;  // a dispatch chain this deep is not followed further
    for (const tir::Stmt& s : entry.body()->body) {
      if (s->as<tir::Return>() != nullptr) return std::nullopt;
      if (const auto* a = s->as<tir::Abort>()) {
        plan.abort = a;
        return std::nullopt;
      }
      if (const auto* d = s->as<tir::DispatchCall>()) return dispatch(*d, extents, depth);
      const auto* ev = s->as<tir::Evaluate>();
      if (ev == nullptr || !ev->is_op() || tir::tir_op_kind(ev->call().op) != tir::TirOp::Launch) return std::nullopt;
      if (std::optional<Diagnostic> d = launch(*ev, extents)) return d;
    }
    return std::nullopt;
  }

  LaunchPlan plan;

 private:
  std::optional<Diagnostic> launch(const tir::Evaluate& ev, const Extents& extents) {
    const Call& c = ev.call();
    const auto* ref = c.args.empty() ? nullptr : c.args[0]->as<SymbolRef>();
    const auto* kernel = ref != nullptr ? function_as<tir::PrimFunction>(module_.find(ref->name)) : nullptr;
    if (kernel == nullptr || c.args.size() < tir::kLaunchConfigOperands) return std::nullopt;
    PlannedLaunch p{kernel, {}, &ev};
    for (std::size_t i = 0; i < 6; ++i) {
      std::optional<Result<std::int64_t>> x = extent_of(*c.args[1 + i], extents);
      if (!x) return std::nullopt;
      if (!x->ok()) return placed(x->diagnostics().front(), ev);
      (i < 3 ? p.shape.grid[i] : p.shape.block[i - 3]) = **x;
    }
    if (const auto* cluster = std::get_if<std::vector<std::int64_t>>(&c.attr("cluster")))
      for (std::size_t i = 0; i < cluster->size() && i < 3; ++i) p.shape.cluster[i] = (*cluster)[i];
    if (const auto* smem = std::get_if<std::int64_t>(&c.attr("dynamic_smem"))) p.shape.dynamic_smem = *smem;
    if (std::optional<Diagnostic> refused = tir::check_launch(module_, *kernel, p.shape, location_of(ev))) return refused;
    plan.launches.push_back(p);
    return std::nullopt;
  }

  // The variant a dispatch takes (the emitted first-match chain on one parameter extent), walked
  // with its arguments' extents; its fallback's abort ends the plan.
  std::optional<Diagnostic> dispatch(const tir::DispatchCall& d, const Extents& extents, int depth) {
    if (d.subjects.size() != 1) return std::nullopt;
    std::optional<Result<std::int64_t>> subject = extent_of(*d.subjects[0], extents);
    if (!subject || !subject->ok()) return std::nullopt;
    for (std::size_t i = 0; i < d.case_calls.size() && i < d.case_patterns.size(); ++i) {
      const auto* range = d.case_patterns[i].size() == 1 ? d.case_patterns[i][0]->as<DimVarRangePat>() : nullptr;
      if (range == nullptr) return std::nullopt;
      if (**subject < range->lo || **subject >= range->hi) continue;
      const tir::Evaluate& call = *d.case_calls[i];
      const auto* variant = function_as<tir::PrimFunction>(module_.find(call.symbol().name));
      if (variant == nullptr || variant->params().size() != call.args().size()) return std::nullopt;
      Extents inner;
      for (std::size_t k = 0; k < call.args().size(); ++k) {
        const auto* v = call.args()[k]->as<Var>();
        auto it = v != nullptr ? extents.find(v) : extents.end();
        if (it == extents.end()) return std::nullopt;
        inner[variant->params()[k].get()] = it->second;
      }
      return walk(*variant, inner, depth + 1);
    }
    for (const tir::Stmt& f : d.fallback->body)
      if (const auto* a = f->as<tir::Abort>()) plan.abort = a;
    return std::nullopt;
  }

  const Module& module_;
};

}  // namespace

Result<LaunchPlan> plan_launches(const Module& module, const tir::PrimFunction& entry, const std::vector<std::vector<std::int64_t>>& shapes) {
  Planner p(module);
  if (shapes.size() != entry.params().size()) return p.plan;
  Extents extents;
  for (std::size_t i = 0; i < shapes.size(); ++i) extents[entry.params()[i].get()] = &shapes[i];
  if (std::optional<Diagnostic> d = p.walk(entry, extents, 0)) return *d;
  return std::move(p.plan);
}

}  // namespace tf::cuda
