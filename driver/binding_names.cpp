#include "driver/binding_names.h"

#include <algorithm>
#include <set>

#include "ir/core/call.h"
#include "ir/core/expr_visitor.h"
#include "ir/core/function_call.h"
#include "ir/core/symbol_ref.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_children.h"
#include "ir/tir/tir_ops.h"

namespace tf::cli {
namespace {

// The named nodes of HIR bodies (each DAG node once) and the funcs they call.
class HirBindings final : public ExprVisitor {
 public:
  explicit HirBindings(std::vector<BindingName>& out) : out_(out) {}
  std::vector<std::string> callees;

 protected:
  void visit_node(const FunctionCall& c) override {
    callees.push_back(c.callee);
    visit_children(c);
  }
  void leave(const ExprNode& node) override {
    if (const BindingInfo* b = node.binding(); b != nullptr && !b->name.empty()) out_.push_back({b->name, b->location});
  }

 private:
  std::vector<BindingName>& out_;
};

void hir_bindings(const Module& module, const hir::Function& entry, std::vector<BindingName>& out) {
  std::set<const hir::Function*> done;
  std::vector<const hir::Function*> todo = {&entry};
  HirBindings walk(out);
  while (!todo.empty()) {
    const hir::Function* f = todo.back();
    todo.pop_back();
    if (!done.insert(f).second) continue;
    for (const hir::HirFunctionRef& v : f->variants()) todo.push_back(v.get());
    if (f->is_prototype()) continue;
    walk.visit(f->body());
    for (const std::string& callee : walk.callees)
      if (const auto* g = function_as<hir::Function>(module.find(callee))) todo.push_back(g);
    walk.callees.clear();
  }
}

// The alloc_tensor lets of a TIR body, and the prim_funcs it launches or calls.
void tir_statements(const tf::tir::StmtNode& s, std::vector<BindingName>& out, std::vector<std::string>& callees) {
  if (s.kind() == tf::tir::StmtKind::LetStmt) {
    const auto& let = static_cast<const tf::tir::LetStmt&>(s);
    const auto* c = let.value->as<Call>();
    if (c != nullptr && tf::tir::tir_op_kind(c->op) == tf::tir::TirOp::AllocTensor)
      out.push_back({let.var->name, let.loc() ? *let.loc() : SourceLocation{}});
  } else if (s.kind() == tf::tir::StmtKind::Evaluate) {
    const auto& e = static_cast<const tf::tir::Evaluate&>(s);
    if (!e.is_op()) callees.push_back(e.symbol().name);
    else if (tf::tir::tir_op_kind(e.op()) == tf::tir::TirOp::Launch)
      if (const auto* kernel = e.call().args[0]->as<SymbolRef>()) callees.push_back(kernel->name);
  }
  tf::tir::for_each_child(
      s, [&](const tf::tir::Stmt& child, const ChildStep&) { tir_statements(*child, out, callees); },
      [](const Expr&, const ChildStep&) {});
}

void tir_bindings(const Module& module, const tf::tir::PrimFunction& entry, std::vector<BindingName>& out) {
  std::set<const tf::tir::PrimFunction*> done;
  std::vector<const tf::tir::PrimFunction*> todo = {&entry};
  while (!todo.empty()) {
    const tf::tir::PrimFunction* f = todo.back();
    todo.pop_back();
    if (!done.insert(f).second) continue;
    std::vector<std::string> callees;
    tir_statements(*f->body(), out, callees);
    for (const std::string& callee : callees)
      if (const auto* g = function_as<tf::tir::PrimFunction>(module.find(callee))) todo.push_back(g);
  }
}

}  // namespace

std::vector<BindingName> dumpable_bindings(const Module& module, const FunctionBase& fn) {
  std::vector<BindingName> out;
  if (const auto* h = function_as<hir::Function>(&fn)) hir_bindings(module, *h, out);
  if (const auto* prim = function_as<tf::tir::PrimFunction>(&fn)) tir_bindings(module, *prim, out);
  std::stable_sort(out.begin(), out.end(), [](const BindingName& a, const BindingName& b) {
    return std::tie(a.location.file, a.location.line, a.location.column) <
           std::tie(b.location.file, b.location.line, b.location.column);
  });
  if (const auto* prim = function_as<tf::tir::PrimFunction>(&fn))
    for (const VarRef& o : prim->outputs()) out.push_back({o->name, prim->loc() ? *prim->loc() : SourceLocation{}});
  return out;
}

}  // namespace tf::cli
