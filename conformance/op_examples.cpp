#include "conformance/op_examples.h"

#include <algorithm>

#include "conformance/case_reader.h"
#include "ir/core/expr_visitor.h"
#include "ir/hir/function.h"
#include "ir/support/regular_file.h"
#include "ir/text/file_reader.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_visitor.h"

namespace tf::conformance {
namespace {

// The ops an expression calls, and the functions it names (@f, a FunctionCall's callee).
class CallCollector : public ExprVisitor {
 public:
  std::set<std::string> ops;
  std::vector<std::string> callees;

 protected:
  void visit_node(const Call& node) override {
    ops.emplace(node.op.name());
    visit_children(node);
  }
  void visit_node(const SymbolRef& node) override { callees.push_back(node.name); }
  void visit_node(const FunctionCall& node) override {
    callees.push_back(node.callee);
    visit_children(node);
  }
};

// Hands every expression of a statement tree to the collector.
class StmtCalls : public tir::StmtVisitor {
 public:
  explicit StmtCalls(CallCollector& calls) : calls_(calls) {}

 protected:
  void visit_expr(const Expr& e, ChildStep) override { calls_.visit(e); }

 private:
  CallCollector& calls_;
};

void collect(const FunctionBase& fn, CallCollector& calls) {
  if (const auto* h = fn.as<hir::Function>()) {
    if (h->body()) calls.visit(h->body());
    for (const auto& v : h->variants()) calls.callees.push_back(v->name());
    return;
  }
  if (const auto* p = fn.as<tir::PrimFunction>()) {
    StmtCalls stmts(calls);
    stmts.visit(tir::Stmt(p));
  }
}

bool is_backend_level(const std::string& level) { return level.starts_with("cuda-"); }

}  // namespace

int OpExample::rank() const { return (states_output ? 0 : 1) + (is_backend_level(level) ? 2 : 0); }

std::set<std::string> ops_called(const Module& module, const std::string& function) {
  CallCollector calls;
  std::set<std::string> seen;
  std::vector<std::string> todo{function};
  while (!todo.empty()) {
    std::string name = std::move(todo.back());
    todo.pop_back();
    if (!seen.insert(name).second) continue;
    const FunctionBase* fn = module.find(name);
    if (fn == nullptr) continue;
    calls.callees.clear();
    collect(*fn, calls);
    todo.insert(todo.end(), calls.callees.begin(), calls.callees.end());
  }
  return calls.ops;
}

std::map<std::string, OpExample> first_op_examples(const std::vector<std::string>& files,
                                                   const Context& context) {
  std::map<std::string, OpExample> best;
  for (const std::string& path : files) {
    Result<std::string> source = read_regular_file(path);
    if (!source.ok()) continue;
    Result<text::ReadFile> file = text::read_file(*source, path, context);
    if (!file.ok()) continue;
    Result<std::vector<Case>> cases = read_cases(file->file, nullptr);
    if (!cases.ok()) continue;
    std::map<std::string, std::set<std::string>> ops_of;  // per function run
    for (const Case& c : *cases) {
      OpExample ex{path, c.name, c.location, c.run, c.level, false};
      if (ex.run.empty()) {
        Result<FunctionRef> entry = file->module->entry_function();
        if (!entry.ok()) continue;
        ex.run = (*entry)->name();
      }
      const FunctionBase* fn = file->module->find(ex.run);
      if (fn == nullptr) continue;
      if (ex.level.empty()) ex.level = fn->kind() == FunctionKind::Tir ? "tir" : "hir";
      ex.states_output = std::any_of(c.expects.begin(), c.expects.end(), [](const CaseExpect& e) {
        return e.kind == CaseExpect::Kind::Output;
      });
      auto [it, fresh] = ops_of.try_emplace(ex.run);
      if (fresh) it->second = ops_called(*file->module, ex.run);
      for (const std::string& op : it->second) {
        auto [slot, added] = best.try_emplace(op, ex);
        if (!added && ex.rank() < slot->second.rank()) slot->second = ex;
      }
    }
  }
  return best;
}

}  // namespace tf::conformance
