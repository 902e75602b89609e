#include "lower/workspace_pass.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ir/layout/topology.h"
#include "ir/hir/typed_call.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_mutator.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

namespace {

// The threads of `mesh` when every level is a static thread level, else 0.
std::int64_t thread_count(const Mesh& mesh) {
  std::int64_t n = 1;
  for (const Topology& t : mesh.topologies()) {
    if (t.is_cta() || !t.static_size()) return 0;
    n *= *t.static_size();
  }
  return n;
}

// The warps a Reduce stages across: its source's thread mesh's, when the source is split along
// a reduced axis over more than 32 threads; else 0.
std::int64_t warps_across(const Call& reduce) {
  const auto* src = reduce.args[0]->type()->as<TensorType>();
  const ShardLayout* shard = src != nullptr && src->layout ? src->layout->as_shard() : nullptr;
  if (shard == nullptr) return 0;
  const std::int64_t threads = thread_count(shard->mesh());
  if (threads <= 32) return 0;
  const auto& axes = std::get<std::vector<std::int64_t>>(reduce.attr("axes"));
  for (const ShardAttr& a : shard->attrs())
    if (a.is_split() && std::find(axes.begin(), axes.end(), a.axis()) != axes.end()) return (threads + 31) / 32;
  return 0;
}

// The names the kernel's parameters and bindings use, so a workspace's name is fresh.
std::set<std::string> names_in(const tir::PrimFunction& kernel) {
  std::set<std::string> names;
  for (const VarRef& p : kernel.params()) names.insert(p->name);
  tir::walk(tir::Stmt(&kernel), [&](const tir::StmtNode& s) {
    if (const auto* let = s.as<tir::LetStmt>()) names.insert(let->var->name);
    if (const auto* loop = s.as<tir::For>()) names.insert(loop->induction_var->name);
    if (const auto* scope = s.as<tir::MeshScope>()) names.insert(scope->binding->name);
  });
  return names;
}

class AddWorkspaces final : public tir::StmtMutator {
 public:
  AddWorkspaces(const Context& ctx, std::set<std::string> names) : ctx_(ctx), names_(std::move(names)) {}
  int added = 0;
  std::vector<Diagnostic> failed;

 protected:
  tir::Stmt mutate_node(const Ref<const tir::Evaluate>& e) override {
    if (!e->is_op() || tir::tir_op_kind(e->op()) != tir::TirOp::Reduce || !tir::is_no_workspace(e->args()[2])) return tir::Stmt(e);
    const Call& reduce = e->call();
    const std::int64_t warps = warps_across(reduce);
    if (warps == 0) return tir::Stmt(e);
    Result<tir::Stmt> s = with_workspace(*e, reduce, warps);
    if (!s.ok()) {
      for (const Diagnostic& d : s.diagnostics()) failed.push_back(d);
      return tir::Stmt(e);
    }
    ++added;
    return *s;
  }

 private:
  Result<tir::Stmt> with_workspace(const tir::Evaluate& e, const Call& reduce, std::int64_t warps) {
    const auto* dst = reduce.args[1]->type()->as<TensorType>();
    std::int64_t elements = 1;
    for (const ShapeDim& d : dst->shape) {
      if (!d.is_static()) return category_error(DiagCategory::Usage, "a cross-warp Reduce with a symbolic result has no workspace size");
      elements *= d.value();
    }
    Result<TensorTypeRef> type = TensorType::make({ShapeDim(warps * elements)}, dst->dtype, std::nullopt, StorageKind::Smem);
    TF_TRY(type);
    Result<CallRef> alloc = tir::make_value_call(tir::TirOp::AllocTensor, {}, {{"tensor_type", IRType(*type)}}, ctx_.handlers());
    TF_TRY(alloc);
    std::string name = "reduce_ws";
    for (int n = 1; names_.count(name) != 0; ++n) name = fmt::format("reduce_ws_{}", n);
    names_.insert(name);
    Result<VarRef> ws = Var::make(name, IRType(*type));
    TF_TRY(ws);
    std::vector<Expr> args = reduce.args;
    args[2] = Expr(*ws);
    Result<Ref<const Call>> call = reduce.with_args(std::move(args));
    TF_TRY(call);
    Result<Ref<const tir::Evaluate>> staged = tir::Evaluate::make_op(*call, e.loc());
    TF_TRY(staged);
    Result<tir::SequentialRef> body = tir::Sequential::make({*staged});
    TF_TRY(body);
    Result<tir::LetStmtRef> let = tir::LetStmt::make(*ws, Expr(*alloc), *body, e.loc());
    TF_TRY(let);
    return tir::Stmt(*let);
  }

  const Context& ctx_;
  std::set<std::string> names_;
};

}  // namespace

Result<ModuleRef> ReduceWorkspacePass::run(const ModuleRef& module, const Context& ctx) const {
  std::vector<FunctionRef> functions;
  bool changed = false;
  for (const FunctionRef& f : module->functions()) {
    const auto* kernel = f->as<tir::PrimFunction>();
    if (kernel == nullptr || kernel->target() != tir::Target::Cuda) {
      functions.push_back(f);
      continue;
    }
    AddWorkspaces add(ctx, names_in(*kernel));
    tir::Stmt rewritten = add.mutate(tir::Stmt(kernel));
    if (!add.failed.empty()) return add.failed;
    changed = changed || add.added > 0;
    functions.push_back(FunctionRef(rewritten->as<tir::PrimFunction>()));
  }
  if (!changed) return module;
  return Module::make(module->name(), std::move(functions), module->declarations(), module->entry());
}

}  // namespace tf::lower
