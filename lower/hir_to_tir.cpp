#include "lower/hir_to_tir.h"

#include <fmt/format.h>

#include <bit>
#include <map>
#include <set>

#include "ir/core/constant.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_var.h"
#include "ir/support/deep_stack.h"
#include "ir/hir/function.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tuple_type.h"
#include "lower/call_graph.h"
#include "lower/dispatcher.h"
#include "lower/grid_plan.h"
#include "lower/host_entry.h"
#include "ir/tir/mma_atom.h"
#include "lower/lower_rules.h"
#include "lower/lowering_limits.h"
#include "lower/mma_rule.h"
#include "lower/shard_rule.h"
#include "lower/strategy.h"

namespace tf::lower {

const Mesh& serial_mesh() {
  static const Mesh* mesh = [] {
    Result<Topology> cta = Topology::make("cta", 1), thread = Topology::make("thread", 1);
    Result<Mesh> m = Mesh::make({*cta, *thread}, Layout::make_known_valid(IntTuple::tuple({1, 1}), IntTuple::tuple({1, 1})),
                                {"c", "t"});
    TF_CHECK(m.ok(), "the serial mesh is well formed");
    return new Mesh(*m);
  }();
  return *mesh;
}

namespace {

constexpr const char* kSerialMeshName = "lower_serial";

// `out` for one output, `out0`, `out1`, ... for several; a name a parameter has gets `_`.
std::vector<std::string> output_names(const hir::Function& fn, std::size_t count) {
  std::set<std::string> taken;
  for (const VarRef& p : fn.params()) taken.insert(p->name);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = count == 1 ? "out" : fmt::format("out{}", i);
    while (taken.count(name) != 0) name += "_";
    taken.insert(name);
    out.push_back(name);
  }
  return out;
}

// A module-unique name starting with `base`.
std::string unique_function_name(const Module& module, const std::set<std::string>& made, const std::string& base) {
  std::string name = base;
  for (int n = 1; module.find(name) != nullptr || module.find_declaration(name) != nullptr || made.count(name) != 0; ++n)
    name = fmt::format("{}_{}", base, n);
  return name;
}

struct Lowered {
  Ref<const tir::PrimFunction> kernel;
  StrategyChoice choice;  ///< its plan: the sharding, grid or MMA plan the body was lowered by
};

// The serial rule: each returned value lowered whole and copied into its output.
Result<bool> lower_serial(LoweringContext& lc, const std::vector<Expr>& results, const std::vector<VarRef>& outputs) {
  const StrategyContext strategy = StrategyContext::lone_thread();
  for (std::size_t i = 0; i < results.size(); ++i) {
    Result<Expr> v = lower_value(lc, strategy, results[i]);
    TF_TRY(v);
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {*v, Expr(outputs[i])});
    TF_TRY(copied);
  }
  return true;
}

// The hidden extent scalars of the kernel (seed 002 section 2.2): for each dynamic dimension (a
// DimVar that is an axis of a tensor parameter or output) one `<p>_shape_<k>`, a rank-0 i32,
// at its first occurrence, parameters before outputs (TIR.2.2.SHAPEOF.device-hidden-param,
// first-occurrence, abi-producer-independent), filled by the launch from the tensor and never a
// host input (TIR.2.2.SHAPEOF.host-no-user-scalar). A DimVar only inside dim arithmetic gets
// none (its value is not an extent the launch can read). A parameter whose own name reads as a
// hidden scalar (`x_shape_0` beside a tensor `x`) would be taken for one, or clash with it: refused.
Result<std::vector<VarRef>> hidden_extents(LoweringContext& lc, const hir::Function& fn, const std::vector<VarRef>& outputs) {
  std::vector<VarRef> tensors = fn.params();
  tensors.insert(tensors.end(), outputs.begin(), outputs.end());
  std::set<std::string> names;
  for (const VarRef& p : tensors) names.insert(p->name);
  for (const VarRef& p : fn.params())
    if (std::optional<std::pair<std::string, std::int64_t>> h = tir::hidden_shape_name(p->name);
        h && names.count(h->first) != 0)
    {
      // As a host parameter it would put a `<param>_shape_<axis>` scalar at the host surface.
      Diagnostic d = lc.refusal(*p, fmt::format("the parameter `{}`", p->name),
                                fmt::format("in TIR `{}` names the hidden extent of `{}` axis {} (seed 002 section 2.2), a "
                                            "scalar the launch fills; rename it", p->name, h->first, h->second));
      d.rule_id = "TIR.2.2.SHAPEOF.host-no-user-scalar";
      return d;
    }
  Result<TensorTypeRef> scalar = TensorType::make({}, DType::i32(), std::nullopt, std::nullopt);
  TF_TRY(scalar);
  std::vector<VarRef> out;
  std::set<std::string> dims;  // the DimVars that have their scalar
  for (const VarRef& p : tensors) {
    const auto* t = p->type()->as<TensorType>();
    if (t == nullptr) continue;
    for (std::size_t k = 0; k < t->shape.size(); ++k) {
      const auto* var = t->shape[k].is_static() ? nullptr : t->shape[k].expr()->as<DimVar>();
      if (var == nullptr || !dims.insert(var->name).second) continue;
      Result<VarRef> v = Var::make(fmt::format("{}_shape_{}", p->name, k), IRType(*scalar));
      TF_TRY(v);
      out.push_back(*v);
    }
  }
  return out;
}

Result<Lowered> lower_one_function(const Module& module, const CallGraph& calls, const hir::Function& fn,
                                   const std::string& kernel_name, const Context& ctx, bool mma_atom,
                                   std::size_t& module_steps, std::int64_t most_rows_per_thread) {
  LoweringContext lc(ctx, module, calls, fn, module_steps);
  Result<std::vector<Expr>> returned = returned_values(fn);
  TF_TRY(returned);
  const std::vector<Expr>& results = *returned;
  const std::vector<std::string> out_names = output_names(fn, results.size());
  std::vector<VarRef> outputs;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto* type = results[i]->type()->as<TensorType>();
    if (type == nullptr) return lc.refusal(*results[i], "the returned value", "it is not a tensor");
    Result<TensorTypeRef> plain = TensorType::make(type->shape, type->dtype, std::nullopt, StorageKind::Gmem);
    TF_TRY(plain);
    Result<VarRef> out = Var::make(out_names[i], IRType(*plain));
    TF_TRY(out);
    outputs.push_back(*out);
  }
  Result<StrategyChoice> choice = choose_strategy(lc, fn, results, mma_atom, most_rows_per_thread);
  TF_TRY(choice);
  const std::optional<Sharding>& sharding = choice->sharding;
  // The kernel's parameters: fn's, except that a distributed one is a plain tensor at the ABI
  // (the host passes logical tensors; the sharded rule views it by its ShardLayout).
  std::vector<VarRef> params = fn.params();
  if (sharding) {
    for (VarRef& p : params)
      if (const auto* t = p->type()->as<TensorType>(); t != nullptr && t->layout && t->layout->is_shard()) {
        Result<TensorTypeRef> plain = TensorType::make(t->shape, t->dtype, std::nullopt, t->storage);
        TF_TRY(plain);
        Result<VarRef> v = Var::make(p->name, IRType(*plain));
        TF_TRY(v);
        p = *v;
      }
  }
  const std::optional<GridPlan>& grid = choice->grid;
  const std::optional<MmaPlan>& mma = choice->mma;
  Result<bool> body = [&]() -> Result<bool> {
    switch (choice->strategy) {
      case Strategy::Sharded:
        return lower_sharded(lc, *sharding, params, results, outputs);
      case Strategy::Grid:
        return lower_grid(lc, *grid, results, outputs);
      case Strategy::Mma:
        return lower_mma(lc, *mma, outputs[0]);
      case Strategy::Serial:
        return lower_serial(lc, results, outputs);
    }
    TF_UNREACHABLE("bad Strategy");
  }();
  TF_TRY(body);
  Result<tir::SequentialRef> inner = lc.fold();
  TF_TRY(inner);
  const Mesh& mesh = choice->mesh();
  Result<tir::MeshScopeRef> scope = tir::MeshScope::make(mesh, tir::mesh_binding(lc.scope_name("p")), *inner);
  TF_TRY(scope);
  Result<tir::SequentialRef> kernel_body = tir::Sequential::make({*scope});
  TF_TRY(kernel_body);
  if (sharding && !(sharding->barrier == mesh)) {
    // A Sync's mesh must be an enclosing scope's (TIR.1.5.SYNC.full-mesh-unequal): the barrier's
    // one-level mesh encloses the body, every thread a position of both.
    Result<tir::MeshScopeRef> all = tir::MeshScope::make(sharding->barrier, tir::mesh_binding(lc.scope_name("all")), *kernel_body);
    TF_TRY(all);
    kernel_body = tir::Sequential::make({*all});
    TF_TRY(kernel_body);
  }
  Result<std::vector<VarRef>> hidden = hidden_extents(lc, fn, outputs);
  TF_TRY(hidden);
  std::vector<VarRef> kernel_params = params;
  kernel_params.insert(kernel_params.end(), hidden->begin(), hidden->end());
  kernel_params.insert(kernel_params.end(), outputs.begin(), outputs.end());
  const auto output_count = static_cast<std::int64_t>(outputs.size());
  Result<Ref<const tir::PrimFunction>> kernel =
      tir::PrimFunction::make(kernel_name, kernel_params, *kernel_body, output_count, tir::Target::Cuda);
  TF_TRY(kernel);

  return Lowered{*kernel, std::move(*choice)};
}

// lower_one_function, a grid plan's rows per thread cut to what kGridThreadBytes holds: when the
// kernel's threads hold more, the function is lowered again with k' rows a thread, the largest
// power of two at most max(1, k * budget / bytes) (the register tensors of a grid kernel are a
// thread's rows' values plus the shared ones, so they shrink about in proportion; a power of two
// divides the power-of-two row counts of real tensors, leaving no tail). A collective or strided
// plan keeps its rows.
Result<Lowered> lower_within_budget(const Module& module, const CallGraph& calls, const hir::Function& fn,
                                    const std::string& kernel_name, const Context& ctx, bool mma_atom,
                                    std::size_t& module_steps) {
  const std::size_t steps_before = module_steps;
  Result<Lowered> first = lower_one_function(module, calls, fn, kernel_name, ctx, mma_atom, module_steps, INT64_MAX);
  if (!first.ok() || !first->choice.grid) return first;
  const GridPlan& plan = *first->choice.grid;
  const std::optional<std::int64_t> bytes = register_bytes_per_thread(*first->kernel);
  const std::int64_t k = plan.geometry.per_thread;
  if (plan.collective || plan.strided || k == 1 || !bytes || *bytes <= kGridThreadBytes) return first;
  module_steps = steps_before;
  const auto fits = std::max<std::int64_t>(1, static_cast<std::int64_t>(static_cast<double>(k) * kGridThreadBytes / *bytes));
  const auto fewer = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(fits)));
  return lower_one_function(module, calls, fn, kernel_name, ctx, mma_atom, module_steps, fewer);
}

// Declares `value` as `name` unless the module already names it; a name taken by something else
// gets `_` appended.
template <typename T>
void declare(std::vector<ModuleDecl>& declarations, const Module& module, std::string name, const T& value) {
  for (const ModuleDecl& d : declarations)
    if (const T* v = std::get_if<T>(&d.value); v != nullptr && *v == value) return;
  auto taken = [&](const std::string& n) {
    if (module.find(n) != nullptr) return true;
    for (const ModuleDecl& d : declarations)
      if (d.name == n) return true;
    return false;
  };
  while (taken(name)) name += "_";
  declarations.push_back(ModuleDecl{std::move(name), value});
}

}  // namespace

Result<std::vector<FunctionStrategy>> explain_strategies(const Module& module, const Context& ctx, bool mma_atom) {
  std::vector<FunctionStrategy> out;
  const CallGraph calls(module);
  std::size_t steps = 0;
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<hir::Function>();
    if (fn == nullptr || fn->is_prototype()) continue;
    // The choice the pass lowers by (a grid's rows cut to the budget), else, when the body does
    // not lower, the plan it would have been lowered by.
    Result<Lowered> l = with_stack(kLoweringStackBytes, [&] {
      return lower_within_budget(module, calls, *fn, fn->name() + "_kernel", ctx, mma_atom, steps);
    });
    if (l.ok()) {
      out.push_back(FunctionStrategy{fn->name(), std::move(l->choice)});
      continue;
    }
    Result<std::vector<Expr>> results = returned_values(*fn);
    TF_TRY(results);
    LoweringContext lc(ctx, module, calls, *fn, steps);
    Result<StrategyChoice> choice = choose_strategy(lc, *fn, *results, mma_atom);
    TF_TRY(choice);
    out.push_back(FunctionStrategy{fn->name(), std::move(*choice)});
  }
  return out;
}

Result<ModuleRef> HirToTirPass::run(const ModuleRef& module, const Context& ctx) const {
  // Slot i holds what replaces function i: itself, its kernel (and a variant's host entry), or,
  // for a prototype, its dispatcher, made last because it calls the variants' entries.
  std::vector<std::vector<FunctionRef>> slots(module->functions().size());
  std::vector<Diagnostic> refused;
  std::set<std::string> made;
  std::map<std::string, Ref<const tir::PrimFunction>> variant_entries;
  bool changed = false, serial_used = false;
  std::vector<GridPlan> grids;
  std::vector<MmaPlan> mmas;
  std::vector<Sharding> shardings;
  const CallGraph calls(*module);
  std::size_t module_steps = 0;  // every kernel's, against kMaxModuleSteps
  std::set<const Diagnostic*> reported;
  for (std::size_t i = 0; i < module->functions().size(); ++i) {
    const FunctionRef& f = module->functions()[i];
    const auto* fn = f->as<hir::Function>();
    if (fn == nullptr) {
      slots[i].push_back(f);
      continue;
    }
    changed = true;
    if (fn->is_prototype()) continue;
    if (const Diagnostic* d = calls.refusal(*fn)) {  // one diagnostic per cycle, however many functions reach it
      if (reported.insert(d).second) refused.push_back(*d);
      continue;
    }
    const std::string kernel_name = unique_function_name(*module, made, fn->name() + "_kernel");
    made.insert(kernel_name);
    Result<Lowered> l = with_stack(kLoweringStackBytes, [&] {  // the rules recurse once per value level
      return lower_within_budget(*module, calls, *fn, kernel_name, ctx, mma_atom_, module_steps);
    });
    if (!l.ok()) {
      for (const Diagnostic& d : l.diagnostics()) refused.push_back(d);
      continue;
    }
    if (l->choice.sharding) shardings.push_back(*l->choice.sharding);
    else if (l->choice.grid) grids.push_back(*l->choice.grid);
    else if (l->choice.mma) mmas.push_back(*l->choice.mma);
    else serial_used = true;
    slots[i].push_back(FunctionRef(l->kernel.get()));
    if (fn->is_variant()) {  // its entry keeps the variant's name, which the dispatcher calls
      Result<Ref<const tir::PrimFunction>> entry = make_host_entry(*l->kernel, fn->name(), ctx);
      TF_TRY(entry);
      variant_entries[fn->name()] = *entry;
      slots[i].push_back(FunctionRef(entry->get()));
    }
  }
  if (!refused.empty()) return refused;
  for (std::size_t i = 0; i < module->functions().size(); ++i) {
    const auto* fn = module->functions()[i]->as<hir::Function>();
    if (fn == nullptr || !fn->is_prototype()) continue;
    Result<Ref<const tir::PrimFunction>> dispatcher = lower_prototype(*fn, variant_entries);
    if (!dispatcher.ok()) {
      for (const Diagnostic& d : dispatcher.diagnostics()) refused.push_back(d);
      continue;
    }
    slots[i].push_back(FunctionRef(dispatcher->get()));
  }
  if (!refused.empty()) return refused;
  if (!changed) return module;
  std::vector<FunctionRef> functions;
  for (std::vector<FunctionRef>& slot : slots) functions.insert(functions.end(), slot.begin(), slot.end());
  std::vector<ModuleDecl> declarations = module->declarations();
  if (serial_used) declare(declarations, *module, kSerialMeshName, serial_mesh());
  for (const MmaPlan& plan : mmas) {
    declare(declarations, *module, fmt::format("lower_mma_grid_{}x{}", plan.m / 64, plan.n / 64), plan.grid);
    declare(declarations, *module, "lower_mma_block", mma_block_mesh());
    const Result<tir::MmaAtomRef> atom = tir::mma_atom(kMmaRuleAtomName);
    TF_CHECK(atom.ok(), "the SM80 bf16 atom is in the catalogue");
    declare(declarations, *module, "lower_mma_warp", (*atom)->required_scope());
    declare(declarations, *module, "lower_mma_a", LayoutBase((*atom)->A()));
    declare(declarations, *module, "lower_mma_b", LayoutBase((*atom)->B()));
    declare(declarations, *module, "lower_mma_c", LayoutBase((*atom)->C()));
  }
  for (const Sharding& s : shardings) {
    declare(declarations, *module, "lower_shard_mesh", s.mesh);
    declare(declarations, *module, "lower_shard_barrier", s.barrier);
  }
  for (const GridPlan& plan : grids) {
    declare(declarations, *module, plan.mesh_name, plan.mesh);
    for (const std::vector<std::int64_t>& x : plan.trailing)
      declare(declarations, *module, plan.layout_name(x), LayoutBase(plan.layout_for(x)));
  }
  return Module::make(module->name(), std::move(functions), std::move(declarations), module->entry());
}

}  // namespace tf::lower
