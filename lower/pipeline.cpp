#include "lower/pipeline.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <unordered_set>

#include "ir/core/expr_children.h"
#include "ir/core/function_call.h"
#include "ir/core/symbol_ref.h"
#include "ir/hir/function.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"
#include "lower/canonicalize_pass.h"
#include "lower/hir_to_tir.h"
#include "lower/host_entry.h"
#include "lower/named_barrier_pass.h"
#include "lower/workspace_pass.h"

namespace tf::lower {

std::vector<std::unique_ptr<Pass>> all_passes() {
  std::vector<std::unique_ptr<Pass>> out;
  out.push_back(std::make_unique<CanonicalizePass>());
  out.push_back(std::make_unique<HirToTirPass>());
  out.push_back(std::make_unique<HirToTirPass>(/*mma_atom=*/true));
  out.push_back(std::make_unique<ReduceWorkspacePass>());
  out.push_back(std::make_unique<HostEntryPass>());
  out.push_back(std::make_unique<NamedBarrierPass>());
  return out;
}

std::unique_ptr<Pass> make_pass(std::string_view name) {
  for (std::unique_ptr<Pass>& p : all_passes())
    if (p->name() == name) return std::move(p);
  return nullptr;
}

std::vector<std::string> default_pipeline() {
  std::vector<std::string> out;
  for (const std::unique_ptr<Pass>& p : all_passes())
    if (p->in_default_pipeline()) out.emplace_back(p->name());
  return out;
}

std::vector<std::string> pass_names() {
  std::vector<std::string> out;
  for (const std::unique_ptr<Pass>& p : all_passes()) out.emplace_back(p->name());
  return out;
}

Result<ModuleRef> with_callees(const Module& module, const std::string& name) {
  Result<FunctionRef> root = module.lookup(name);
  TF_TRY(root);
  std::set<std::string> keep{name};
  std::vector<const FunctionBase*> functions{root->get()};
  while (!functions.empty()) {
    const FunctionBase* next = functions.back();
    functions.pop_back();
    if (const auto* pf = next->as<tir::PrimFunction>()) {  // what it launches or calls
      tir::walk(tir::Stmt(pf->body().get()), [&](const tir::StmtNode& s) {
        const auto* ev = s.as<tir::Evaluate>();
        if (ev == nullptr) return;
        std::vector<std::string> callees;
        if (!ev->is_op()) callees.push_back(ev->symbol().name);
        else
          for (const Expr& a : ev->call().args)
            if (const auto* sym = a->as<SymbolRef>()) callees.push_back(sym->name);
        for (const std::string& c : callees)
          if (const FunctionBase* callee = module.find(c); callee != nullptr && keep.insert(c).second) functions.push_back(callee);
      });
      continue;
    }
    const auto* fn = next->as<hir::Function>();
    if (fn != nullptr && fn->is_prototype())  // a prototype runs its variants
      for (const hir::HirFunctionRef& v : fn->variants())
        if (keep.insert(v->name()).second) functions.push_back(v.get());
    if (fn == nullptr || !fn->body()) continue;
    for_each_node(*fn->body(), [&](const ExprNode& e) {
      if (const auto* call = e.as<FunctionCall>())
        if (const FunctionBase* callee = module.find(call->callee); callee != nullptr && keep.insert(call->callee).second)
          functions.push_back(callee);
    });
  }
  std::vector<FunctionRef> kept;
  for (const FunctionRef& f : module.functions())
    if (keep.count(f->name()) != 0) kept.push_back(f);
  return Module::make(module.name(), std::move(kept), module.declarations());
}

Result<std::unique_ptr<PassManager>> make_pipeline(const std::vector<std::string>& names, PassOptions options) {
  const std::vector<std::string> dump_after = options.dump_after;
  auto pm = std::make_unique<PassManager>(std::move(options));
  for (const std::string& name : names) {
    std::unique_ptr<Pass> p = make_pass(name);
    if (!p)
      return category_error(DiagCategory::Usage,
                            fmt::format("no pass is named `{}`; the passes are: {}", name, fmt::join(pass_names(), ", ")));
    Result<bool> added = pm->add(std::move(p));
    TF_TRY(added);
  }
  // A dump after a pass that never runs would print nothing, silently.
  for (const std::string& d : dump_after) {
    if (d == "all" || std::find(names.begin(), names.end(), d) != names.end()) continue;
    if (make_pass(d) == nullptr)
      return category_error(DiagCategory::Usage, fmt::format("--dump-after: no pass is named `{}`; the passes are: {}, "
                                                             "or all",
                                                             d, fmt::join(pass_names(), ", ")));
    return category_error(DiagCategory::Usage, fmt::format("--dump-after: the pass `{}` is not in the pipeline ({}), "
                                                           "so nothing would be dumped after it",
                                                           d, fmt::join(names, ", ")));
  }
  return pm;
}

Result<ModuleRef> lower_function(const Module& module, const std::string& function, const Context& ctx) {
  Result<ModuleRef> one = with_callees(module, function);
  TF_TRY(one);
  Result<std::unique_ptr<PassManager>> pm = make_pipeline(default_pipeline(), {});
  TF_TRY(pm);
  return (*pm)->run(*one, ctx);
}

}  // namespace tf::lower
