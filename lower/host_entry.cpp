#include "lower/host_entry.h"

#include <fmt/format.h>

#include <set>
#include <vector>

#include "ir/core/constant.h"
#include "ir/core/symbol_ref.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "lower/launch_target.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// The names of the device functions the host functions of `module` launch.
std::set<std::string> launched(const Module& module) {
  std::set<std::string> out;
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<tir::PrimFunction>();
    if (fn == nullptr || fn->target() != tir::Target::Host) continue;
    tir::walk(tir::Stmt(fn), [&](const tir::StmtNode& s) {
      const auto* e = s.as<tir::Evaluate>();
      if (e == nullptr || !e->is_op() || tir::tir_op_kind(e->op()) != tir::TirOp::Launch || e->args().empty()) return;
      if (const auto* callee = e->args()[0]->as<SymbolRef>()) out.insert(callee->name);
    });
  }
  return out;
}

// Every launch of a host function that `target` cannot make (target lowering's check, seed 002
// section 2.3: TIR.2.3.LAUNCH.unsupported-config-rejected), placed at the launch.
std::vector<Diagnostic> unsupported_launches(const Module& module, const CudaTarget& target) {
  std::vector<Diagnostic> out;
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<tir::PrimFunction>();
    if (fn == nullptr || fn->target() != tir::Target::Host) continue;
    tir::walk(tir::Stmt(fn), [&](const tir::StmtNode& s) {
      const auto* e = s.as<tir::Evaluate>();
      if (e == nullptr || !e->is_op() || tir::tir_op_kind(e->op()) != tir::TirOp::Launch) return;
      for (Diagnostic& d : check_launch_for_target(e->call(), target)) {
        if (e->loc() && !d.location.known()) d.location = *e->loc();
        out.push_back(std::move(d));
      }
    });
  }
  return out;
}

}  // namespace

Result<Ref<const tir::PrimFunction>> make_host_entry(const tir::PrimFunction& kernel, const std::string& name, const Context& ctx) {
  const std::vector<std::optional<tir::HiddenShapeSource>> hidden = tir::hidden_shape_params(kernel);
  Result<Ref<const SymbolRef>> callee = SymbolRef::to(kernel);
  TF_TRY(callee);
  std::vector<Expr> args{Expr(*callee)};
  const tir::LaunchGeometry g = tir::implicit_launch(kernel);
  for (std::int64_t extent : {g.grid, std::int64_t{1}, std::int64_t{1}, g.block, std::int64_t{1}, std::int64_t{1}}) {
    Result<Expr> e = index_constant(extent);
    TF_TRY(e);
    args.push_back(*e);
  }
  std::vector<VarRef> params;
  for (std::size_t i = 0; i < kernel.params().size(); ++i) {
    if (hidden[i]) continue;
    const VarRef& p = kernel.params()[i];
    Result<VarRef> v = Var::make(p->name, p->type());
    TF_TRY(v);
    params.push_back(*v);
    args.push_back(Expr(*v));
  }
  const Op launch = tir::tir_op(tir::TirOp::Launch, ctx.registry());
  Result<Ref<const tir::Evaluate>> stmt = tir::Evaluate::make_op(launch, std::move(args));
  TF_TRY(stmt);
  Result<tir::SequentialRef> body = tir::Sequential::make({*stmt});
  TF_TRY(body);
  return tir::PrimFunction::make(name, params, *body, kernel.output_count(), tir::Target::Host);
}

namespace {

std::string entry_name(const Module& module, const std::set<std::string>& made, const std::string& kernel) {
  constexpr std::string_view kSuffix = "_kernel";
  auto taken = [&](const std::string& n) { return module.find(n) != nullptr || module.find_declaration(n) != nullptr || made.count(n) != 0; };
  if (kernel.size() > kSuffix.size() && kernel.compare(kernel.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0) {
    const std::string base = kernel.substr(0, kernel.size() - kSuffix.size());
    if (!taken(base)) return base;
  }
  std::string name = kernel + "_host";
  for (int n = 1; taken(name); ++n) name = fmt::format("{}_host_{}", kernel, n);
  return name;
}

}  // namespace

Result<ModuleRef> HostEntryPass::run(const ModuleRef& module, const Context& ctx) const {
  if (std::vector<Diagnostic> refused = unsupported_launches(*module, CudaTarget{}); !refused.empty()) return refused;
  const std::set<std::string> already = launched(*module);
  std::vector<FunctionRef> functions;
  std::set<std::string> made;
  bool changed = false;
  for (const FunctionRef& f : module->functions()) {
    functions.push_back(f);
    const auto* kernel = f->as<tir::PrimFunction>();
    if (kernel == nullptr || kernel->target() != tir::Target::Cuda || already.count(kernel->name()) != 0) continue;
    const std::string name = entry_name(*module, made, kernel->name());
    made.insert(name);
    Result<Ref<const tir::PrimFunction>> entry = make_host_entry(*kernel, name, ctx);
    TF_TRY(entry);
    functions.push_back(FunctionRef(entry->get()));
    changed = true;
  }
  if (!changed) return module;
  return Module::make(module->name(), std::move(functions), module->declarations(), module->entry());
}

}  // namespace tf::lower
