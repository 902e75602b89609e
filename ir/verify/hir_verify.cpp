#include "ir/verify/hir_verify.h"

#include <fmt/format.h>

#include <map>
#include <unordered_set>

#include "ir/core/call.h"
#include "ir/core/expr_print.h"
#include "ir/core/expr_visitor.h"
#include "ir/core/function_call.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/core/type_infer.h"
#include "ir/core/var.h"
#include "ir/dim/dim_eval.h"
#include "ir/dim/dim_var.h"
#include "ir/hir/body_path.h"
#include "ir/support/nearest_names.h"
#include "ir/core/grid_region.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/verify/hir_dispatch_verify.h"

namespace tf {

namespace {

Diagnostic at_path(Diagnostic d, const std::string& path) {
  if (d.ir_path.empty()) d.ir_path = path;
  return d;
}

// The DimVars a type mentions: shape entries, dim arithmetic, tuple fields.
void collect_dim_vars(const IRType& t, std::vector<DimVarRef>& out) {
  if (const TensorType* tt = t->as<TensorType>()) {
    for (const ShapeDim& d : tt->shape)
      if (!d.is_static())
        for (const DimVarRef& v : free_dim_vars(d.expr())) out.push_back(v);
  } else if (const TupleType* tu = t->as<TupleType>()) {
    for (const IRType& f : tu->fields) collect_dim_vars(f, out);
  }
}

class HirVerifier {
 public:
  class BodyWalk;
  HirVerifier(const hir::Function& f, const Module* module, const OpHandlers& handlers)
      : f_(f), module_(module), handlers_(handlers) {
    for (const VarRef& p : f.params()) in_scope_.insert(p.get());
  }

  std::vector<Diagnostic> run();


 private:
  void signature_dims() {
    std::vector<DimVarRef> vars;
    for (const VarRef& p : f_.params()) collect_dim_vars(p->type(), vars);
    collect_dim_vars(f_.return_type(), vars);
    std::map<std::string, const DimVar*> seen;
    std::unordered_set<std::string> reported;  // one diagnostic per conflicting name
    for (const DimVarRef& v : vars) {
      auto [it, fresh] = seen.emplace(v->name, v.get());
      if (!fresh && (it->second->lo != v->lo || it->second->hi != v->hi) &&
          reported.insert(v->name).second)
        diags_.push_back(at_path(
            rule_error("TYPES.4.DIM.dimvar-signature-bounds-agree",
                       fmt::format("function {}: DimVar '{}' has bounds [{}, {}) and [{}, {}) in "
                                   "one signature; same-name DimVars must agree",
                                   f_.name(), v->name, it->second->lo, it->second->hi, v->lo, v->hi)),
            f_.name()));
    }
  }

  // Runs the verify handler of every dim Call inside a type's shapes (a preserved zero divisor,
  // TYPES.4.FOLD.zero-divisor-flagged-by-verify).
  void type_dims(const IRType& t, const std::string& path) {
    if (const TensorType* tt = t->as<TensorType>()) {
      for (const ShapeDim& d : tt->shape)
        if (!d.is_static()) dim_expr(d.expr(), path);
    } else if (const TupleType* tu = t->as<TupleType>()) {
      for (const IRType& f : tu->fields) type_dims(f, path);
    }
  }
  void dim_expr(const Expr& e, const std::string& path) {
    const Call* c = e->as<Call>();
    if (c == nullptr) return;
    for (const Expr& a : c->args) dim_expr(a, path);
    op_verify(*c, path);
  }
  void op_verify(const Call& c, const std::string& path) {
    if (!handlers_.has<VerifyHandler>(c.op)) return;
    for (Diagnostic& d : handlers_.get<VerifyHandler>(c.op)(c))
      diags_.push_back(at_path(std::move(d), path));
  }

  void resolve(const FunctionCall& c, const std::string& path) {
    if (module_ == nullptr) return;
    const FunctionBase* callee = module_->find(c.callee);
    if (callee == nullptr) {
      Diagnostic d = category_error(DiagCategory::Type, fmt::format("@{} is not a function of the module", c.callee));
      diags_.push_back(at_path(suggest_nearest(d, c.callee, module_->function_names(), "@"), path));
      return;
    }
    if (!structural_equal(IRType(callee->callable_type()), IRType(c.callee_type)))
      diags_.push_back(at_path(
          category_error(DiagCategory::Type,
                         fmt::format("the call of @{} was typed against {}, but @{} has type {}", c.callee,
                                     short_text(IRType(c.callee_type)), c.callee,
                                     short_text(IRType(callee->callable_type())))),
          path));
  }

  const hir::Function& f_;
  const Module* module_;
  const OpHandlers& handlers_;
  std::vector<Diagnostic> diags_;
  std::unordered_set<const ExprNode*> in_scope_;
};

// The walk over a function body: every value once, operands before the checks of their user.
// A loop's index and carries come into scope after its inits, before its body; its bounds are
// dims, checked with the signature's (type_dims), not here.
class HirVerifier::BodyWalk final : public ExprVisitor {
 public:
  explicit BodyWalk(HirVerifier& v) : v_(v) {}

 protected:
  using ExprVisitor::visit_node;

  void visit_node(const Var& var) override {
    if (!v_.in_scope_.count(&var))
      v_.diags_.push_back(placed(
          category_error(DiagCategory::Type,
                         fmt::format("{} reads the Var '{}', which is not a parameter, a loop "
                                     "index or a carry in scope",
                                     v_.f_.name(), var.name))));
  }
  void visit_node(const Call& c) override {
    visit_children(c);
    const std::size_t before = v_.diags_.size();
    v_.op_verify(c, {});  // placed below
    if (c.op.form() == OpForm::Effect)
      v_.diags_.push_back(category_error(DiagCategory::Type,
                                         fmt::format("{} is an effect op; an HIR body holds "
                                                     "value-form ops only",
                                                     c.op.name())));
    for (std::size_t i = before; i < v_.diags_.size(); ++i) v_.diags_[i] = placed(std::move(v_.diags_[i]));
  }
  void visit_node(const FunctionCall& c) override {
    visit_children(c);
    const std::size_t before = v_.diags_.size();
    v_.resolve(c, {});  // placed below
    for (std::size_t i = before; i < v_.diags_.size(); ++i) v_.diags_[i] = placed(std::move(v_.diags_[i]));
  }
  void visit_node(const ShapeOf&) override {}  // its parameter is checked by ShapeOf::make
  void visit_node(const GridRegionExpr& g) override {
    // The inits are read outside the loop; the index and the carries are in scope after them.
    for (std::size_t i = 0; i < g.inits().size(); ++i)
      visit_child(g.inits()[i], ChildStep{"inits", static_cast<int>(i)});
    v_.in_scope_.insert(g.induction_var().get());
    for (const VarRef& c : g.carried()) v_.in_scope_.insert(c.get());
    visit_child(g.body(), ChildStep{"body"});
    for (std::size_t i = 0; i < g.yields().size(); ++i)
      visit_child(g.yields()[i], ChildStep{"yields", static_cast<int>(i)});
  }
  void leave(const ExprNode& e) override {
    if (e.is<Var>()) return;
    for (Diagnostic& d : check_stored_type(Expr(&e), v_.handlers_))
      v_.diags_.push_back(placed(std::move(d)));
  }

 private:
  // A diagnostic of the node being visited, placed by its walk (hir::placed_in_body: the IR
  // path, and the source position of the innermost binding on the way).
  Diagnostic placed(Diagnostic d) const { return hir::placed_in_body(std::move(d), v_.f_, walk()); }
  // The walk to the node being visited, as the evaluator records it: each ancestor entered,
  // then the step to its child.
  std::vector<hir::BodyStep> walk() const {
    std::vector<hir::BodyStep> steps;
    for (std::size_t i = 0; i < ancestors().size(); ++i) {
      steps.push_back(hir::BodyStep{ancestors()[i]});
      if (i < path().size())
        steps.push_back(hir::BodyStep{ancestors()[i], path()[i].field, path()[i].index});
    }
    return steps;
  }
  HirVerifier& v_;
};

std::vector<Diagnostic> HirVerifier::run() {
  signature_dims();
  for (const VarRef& p : f_.params()) type_dims(p->type(), f_.name() + "." + p->name);
  type_dims(f_.return_type(), f_.name());
  for (Diagnostic& d : verify_specializations(f_)) diags_.push_back(std::move(d));
  if (!f_.body()) {  // a prototype: its variants, never a body (upstream docs/spec/hir.md)
    for (Diagnostic& d : verify_variants(f_, module_, handlers_)) diags_.push_back(std::move(d));
    return std::move(diags_);
  }
  BodyWalk(*this).visit(f_.body());
  if (!structural_equal(f_.body()->type(), f_.return_type()))
    diags_.push_back(at_path(category_error(DiagCategory::Type,
                                            fmt::format("function {} returns {}, but its body has type {}",
                                                        f_.name(), short_text(f_.return_type()),
                                                        to_string(f_.body()->type()))),
                             f_.name() + ".body"));
  return std::move(diags_);
}
}  // namespace

std::vector<Diagnostic> verify_function(const hir::Function& f, const Module* module,
                                        const OpHandlers& handlers) {
  return HirVerifier(f, module, handlers).run();
}

}  // namespace tf
