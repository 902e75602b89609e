// verify_prim_function (tir_verify.h): the walk over statements, binders, expressions and the
// types they carry. Evaluate, DispatchCall, Launch, Sync and named barriers are in
// tir_verify_calls.cpp.
#include "ir/verify/tir_verify.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/core/type_infer.h"
#include "ir/core/var.h"
#include "ir/hir/sharding_ops.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/memory_typeinfer.h"
#include "ir/tir/mma_scope.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/verify/tir_verifier.h"

namespace tf {

namespace detail {

namespace {

// The handler tables that hold `op`'s handlers: `handlers` when their registry holds op (its
// own ops and the builtin dim ops), else none.
const OpHandlers* tables_of(Op op, const OpHandlers& handlers) {
  return handlers.registry().holds(op) ? &handlers : nullptr;
}

// The tables with which infer_type can re-derive `e`'s type (for a Call: a value op whose
// tables hold the typeinfer handler infer_type will ask for), or null. Effect Calls are Unit
// and have none.
const OpHandlers* typeinfer_tables(const Expr& e, const OpHandlers& handlers) {
  const Call* c = e->as<Call>();
  if (c == nullptr)
    return e->kind() == ExprKind::FunctionCall || e->kind() == ExprKind::GridRegionExpr ? nullptr
                                                                                        : &handlers;
  const OpHandlers* tables = tables_of(c->op, handlers);
  if (tables == nullptr || c->op.form() != OpForm::Value) return nullptr;
  const bool has = c->attrs.empty() ? tables->has<TypeInferHandler>(c->op)
                                    : tables->has<TypeInferAttrsHandler>(c->op);
  return has ? tables : nullptr;
}

// The meshes of every ShardLayout layer of `t` (tensor layouts, tuple fields).
void collect_meshes(const IRType& t, std::vector<Mesh>& out) {
  if (const TensorType* tt = t->as<TensorType>()) {
    const LayoutBase* l = tt->layout ? &*tt->layout : nullptr;
    while (l != nullptr && l->is_shard()) {
      out.push_back(l->as_shard()->mesh());
      l = &l->as_shard()->layout();
    }
  } else if (const TupleType* tu = t->as<TupleType>()) {
    for (const IRType& f : tu->fields) collect_meshes(f, out);
  }
}

bool is_rank0_integer(const Expr& e) {
  const TensorType* t = e->type()->as<TensorType>();
  return t != nullptr && t->rank() == 0 && t->dtype.is_integer();
}

}  // namespace

TirVerifier::TirVerifier(const tir::PrimFunction& fn, const Module* module,
                         const OpHandlers& handlers)
    : fn_(fn), module_(module), handlers_(handlers) {}

std::vector<Diagnostic> TirVerifier::run() {
  check_params();
  const IrPath& root = keep(IrPath(fn_.name()));
  sequential(fn_.body(), root.field("body"));
  walk();
  named_barriers();
  return std::move(diags_);
}

void TirVerifier::walk() {
  tasks_.insert(tasks_.end(), batch_.rbegin(), batch_.rend());
  batch_.clear();
  while (!tasks_.empty()) {
    const Task t = tasks_.back();
    tasks_.pop_back();
    switch (t.kind) {
      case TaskKind::Verify: statement(*t.stmt, *t.path); break;
      case TaskKind::Unbind: unbind(t.var); break;
      case TaskKind::PopScope:
        scope_stack_.pop_back();
        scope_names_.pop_back();
        break;
      case TaskKind::PopWhere: where_.pop_back(); break;
    }
    tasks_.insert(tasks_.end(), batch_.rbegin(), batch_.rend());  // the first scheduled on top
    batch_.clear();
  }
}

const IrPath& TirVerifier::keep(const IrPath& path) {
  paths_.push_back(path);
  return paths_.back();
}

void TirVerifier::after(TaskKind kind, const Var* var) {
  batch_.push_back(Task{kind, nullptr, nullptr, var});
}

void TirVerifier::report(Diagnostic d, const IrPath& path) {
  if (d.ir_path.empty()) d.ir_path = path.str();
  if (!d.location.known() && !where_.empty()) d.location = where_.back();
  diags_.push_back(std::move(d));
}

void TirVerifier::report(std::vector<Diagnostic> ds, const IrPath& path) {
  for (Diagnostic& d : ds) report(std::move(d), path);
}

void TirVerifier::check_params() {
  const IrPath root(fn_.name());
  const std::vector<VarRef>& params = fn_.params();
  for (const VarRef& p : params) collect_meshes(p->type(), param_meshes_);
  const Var* first = nullptr;  // the first parameter whose layout kind counts
  bool first_shard = false;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const VarRef& p = params[i];
    const IrPath path = root.field("params", static_cast<int>(i));
    params_.insert(p.get());
    bound_.emplace(p.get(), Binding{"parameter", path.str()});
    ++in_scope_[p.get()];
    tensor_types(p->type(), path);
    const TensorType* t = p->type()->as<TensorType>();
    if (t == nullptr || t->rank() == 0) continue;  // rank 0: the fixed empty layout
    const bool shard = t->layout && t->layout->is_shard();
    if (first == nullptr) {
      first = p.get();
      first_shard = shard;
    } else if (shard != first_shard) {
      report(
          rule_error("TIR.1.3.VERIFY.param-layouts-mixed",
                     fmt::format("parameter '{}' has {} but parameter '{}' has {}; a "
                                 "PrimFunction's parameter layouts are all ShardLayout or all not",
                                 p->name, shard ? "a ShardLayout" : "no ShardLayout", first->name,
                                 first_shard ? "a ShardLayout" : "none")),
          path);
    }
  }
}

void TirVerifier::bind(const VarRef& var, const IrPath& path, const char* binder) {
  const auto earlier = bound_.find(var.get());
  if (earlier != bound_.end()) {
    const Binding& b = earlier->second;
    const bool param = params_.count(var.get()) != 0;
    const char* rule =
        param ? "TIR.1.3.VERIFY.params-seed-bound-set"
        : (std::string_view(binder) == "LetStmt" && std::string_view(b.binder) == "LetStmt")
            ? "TIR.1.3.VERIFY.fresh-var-let"
            : "TIR.1.3.VERIFY.fresh-var-across-binders";
    Diagnostic d = rule_error(
        rule, fmt::format("{} binds the Var '{}', which is already bound as a {}{}; every "
                          "binder takes a fresh Var",
                          binder, var->name, b.binder, b.path.empty() ? std::string() : " at " + b.path));
    if (b.location.known())
      d.related.push_back({b.location, fmt::format("the {} that bound '{}' first", b.binder, var->name)});
    report(std::move(d), path);
  } else {
    bound_.emplace(var.get(), Binding{binder, std::string(), where_.empty() ? SourceLocation{} : where_.back()});
  }
  ++in_scope_[var.get()];
}

void TirVerifier::unbind(const Var* var) {
  auto it = in_scope_.find(var);
  if (it != in_scope_.end() && --it->second == 0) in_scope_.erase(it);
}

void TirVerifier::sequential(const tir::SequentialRef& s, const IrPath& path) {
  const IrPath& here = keep(path);
  for (std::size_t i = 0; i < s->size(); ++i)
    batch_.push_back(Task{TaskKind::Verify, (*s)[i].get(), &keep(here.at(static_cast<int>(i)))});
}

void TirVerifier::statement(const tir::StmtNode& s, const IrPath& path) {
  const bool placed = s.loc() && s.loc()->known();
  if (placed) where_.push_back(*s.loc());
  StmtHandlers::dispatch(s, path);
  if (placed) after(TaskKind::PopWhere);  // after the bodies the handler scheduled
}

void TirVerifier::on(const tir::Sequential& s, const IrPath& path) {
  sequential(tir::SequentialRef(&s), path);
}
void TirVerifier::on(const tir::LetStmt& let, const IrPath& path) {
  let_statement(let, path);
}
void TirVerifier::on(const tir::For& loop, const IrPath& path) {
  for_statement(loop, path);
}
void TirVerifier::on(const tir::While& w, const IrPath& path) {
  expr(w.cond, path.field("cond"), ExprPlace::StmtField);
  sequential(w.body, path.field("body"));
}
void TirVerifier::on(const tir::If& i, const IrPath& path) {
  expr(i.cond, path.field("cond"), ExprPlace::StmtField);
  sequential(i.then_body, path.field("then_body"));
  sequential(i.else_body, path.field("else_body"));
}
void TirVerifier::on(const tir::MeshScope& m, const IrPath& path) {
  bind(m.binding, path.field("binding"), "MeshScope");
  scope_stack_.push_back(m.mesh);
  scope_names_.push_back(m.binding->name);
  sequential(m.body, path.field("body"));
  after(TaskKind::PopScope);
  after(TaskKind::Unbind, m.binding.get());
}
void TirVerifier::on(const tir::Evaluate& e, const IrPath& path) {
  evaluate(e, path);
}
void TirVerifier::on(const tir::DispatchCall& d, const IrPath& path) {
  dispatch(d, path);
}
void TirVerifier::on(const tir::Intrinsic& in, const IrPath& path) {
  for (std::size_t i = 0; i < in.args.size(); ++i)
    expr(in.args[i], path.field("args", static_cast<int>(i)), ExprPlace::StmtField);
  report(tir::verify_intrinsic(in), path);
}
void TirVerifier::on(const tir::PrimFunction& f, const IrPath& path) {
  report(category_error(DiagCategory::Type,
                        fmt::format("prim_func {} holds the PrimFunction {} in its body; a "
                                    "Module holds functions at top level only",
                                    fn_.name(), f.name())),
         path);
}
void TirVerifier::on(const tir::Return&, const IrPath&) {}
void TirVerifier::on(const tir::Abort&, const IrPath&) {}

void TirVerifier::let_statement(const tir::LetStmt& let, const IrPath& path) {
  expr(let.value, path.field("value"), ExprPlace::LetValue);
  const IrPath var_path = path.field("var");
  if (const OpHandlers* tables = typeinfer_tables(let.value, handlers_)) {
    Result<IRType> t = infer_type(let.value, *tables);
    if (!t.ok())
      report(t.diagnostics(), path.field("value"));
    else if (!structural_equal(let.var->type(), *t))
      report(
          rule_error("TIR.1.3.VERIFY.letstmt-typing",
                     fmt::format("let {} is typed {}, but its value {} has type {}", let.var->name,
                                 short_text(let.var->type()), short_text(let.value), short_text(*t))),
          var_path);
  }
  tensor_types(let.var->type(), var_path);
  bind(let.var, var_path, "LetStmt");
  sequential(let.body, path.field("body"));
  after(TaskKind::Unbind, let.var.get());
}

void TirVerifier::for_statement(const tir::For& loop, const IrPath& path) {
  const std::pair<const Expr*, const char*> bounds[] = {
      {&loop.start, "start"}, {&loop.stop, "stop"}, {&loop.step, "step"}};
  for (const auto& [bound, field] : bounds) {
    const IrPath p = path.field(field);
    expr(*bound, p, ExprPlace::StmtField);
    if (!is_rank0_integer(*bound))
      report(category_error(DiagCategory::Type,
                            fmt::format("the loop {} is a rank-0 integer, but {} has type {}",
                                        field, to_string(*bound), to_string((*bound)->type()))),
             p);
  }
  bind(loop.induction_var, path.field("induction_var"), "For");
  sequential(loop.body, path.field("body"));
  after(TaskKind::Unbind, loop.induction_var.get());
}

void TirVerifier::expr(const Expr& e, const IrPath& path, ExprPlace place) {
  ExprHandlers::dispatch(*e, path, place);
}

void TirVerifier::on(const Var& v, const IrPath& path, ExprPlace) {
  if (in_scope_.count(&v) == 0)
    report(category_error(DiagCategory::Type,
                          fmt::format("prim_func {} reads the Var '{}', which is not a parameter "
                                      "or a binder in scope",
                                      fn_.name(), v.name)),
           path);
}
void TirVerifier::on(const Constant& c, const IrPath& path, ExprPlace) {
  tensor_types(c.type(), path);
}
void TirVerifier::on(const DimVar&, const IrPath&, ExprPlace) {}
// Resolved where it is a callee (Evaluate, Launch).
void TirVerifier::on(const SymbolRef&, const IrPath&, ExprPlace) {}
void TirVerifier::on(const ShapeOf& s, const IrPath& path, ExprPlace) {
  const TensorType* t = s.param->type()->as<TensorType>();
  if (params_.count(s.param.get()) == 0)
    report(rule_error("TIR.2.2.SHAPEOF.param-is-function-param",
                      fmt::format("ShapeOf({}, {}) reads '{}', which is not a parameter of "
                                  "prim_func {}",
                                  s.param->name, s.axis, s.param->name, fn_.name())),
           path);
  else if (t == nullptr || s.axis < 0 || s.axis >= t->rank())
    report(rule_error("TIR.2.2.SHAPEOF.axis-valid",
                      fmt::format("ShapeOf({}, {}): {} has type {}, which has no axis {}",
                                  s.param->name, s.axis, s.param->name,
                                  short_text(s.param->type()), s.axis)),
           path);
}
void TirVerifier::on(const Call& c, const IrPath& path, ExprPlace place) {
  call_expr(c, Expr(&c), path, place);
}
void TirVerifier::on(const Tuple& t, const IrPath& path, ExprPlace) {
  for (std::size_t i = 0; i < t.elements.size(); ++i)
    expr(t.elements[i], path.field("elements", static_cast<int>(i)), ExprPlace::Nested);
  stored_type(Expr(&t), path);
}
void TirVerifier::on(const TupleGetItem& g, const IrPath& path, ExprPlace) {
  expr(g.tuple, path.field("tuple"), ExprPlace::Nested);
  stored_type(Expr(&g), path);
}
void TirVerifier::on(const FunctionCall&, const IrPath& path, ExprPlace) {
  hir_expression(ExprKind::FunctionCall, path);
}
void TirVerifier::on(const GridRegionExpr&, const IrPath& path, ExprPlace) {
  hir_expression(ExprKind::GridRegionExpr, path);
}
void TirVerifier::hir_expression(ExprKind kind, const IrPath& path) {
  report(rule_error("TIR.0.INTRO.no-hir-ops",
                    fmt::format("{} is an HIR expression; a prim_func body holds TIR only "
                                "(calls are `@f(args)` statements, loops are `for`)",
                                expr_kind_name(kind))),
         path);
}

bool TirVerifier::foreign_op(const Call& call, const IrPath& path) {
  if (call.op.dialect() != "hir") return false;
  if (hir::sharding_op_kind(call.op) == hir::ShardingOp::Reshard)
    report(rule_error("TIR.2.3.OPS.no-reshard",
                      "reshard does not appear in TIR; HirToTirPass lowers it to a LetStmt of "
                      "alloc_tensor and an Evaluate of copy"),
           path);
  else
    report(rule_error("TIR.0.INTRO.no-hir-ops",
                      fmt::format("{} is an HIR op; no HIR op reaches TIR (HirToTirPass rewrites "
                                  "HIR into TIR)",
                                  call.op.name())),
           path);
  return true;
}

void TirVerifier::call_expr(const Call& call, const Expr& e, const IrPath& path,
                            ExprPlace place) {
  const std::optional<tir::TirOp> kind = tir::tir_op_kind(call.op);
  if (foreign_op(call, path)) {
  } else if (call.op.form() == OpForm::Effect) {
    report(rule_error("TIR.2.3.OPS.effect-ops-evaluate",
                      fmt::format("{} is an effect op: it is a statement (Evaluate), not a value",
                                  call.op.surface())),
           path);
  } else if (kind == tir::TirOp::AllocTensor && place == ExprPlace::StmtField) {
    report(rule_error("TIR.1.3.VERIFY.alloc-only-let-value",
                      "alloc_tensor appears only as the value of a let, which names the tensor"),
           path);
  } else if (kind == tir::TirOp::AllocTensor && place == ExprPlace::Nested) {
    report(rule_error("TIR.1.3.VERIFY.alloc-nested-rejected",
                      "alloc_tensor is nested in another expression; it appears only as the value "
                      "of a let"),
           path);
  } else if (kind && place != ExprPlace::LetValue) {  // MemorySpan, PtrOf, TensorView
    report(rule_error("TIR.2.3.OPS.value-ops-anchored",
                      fmt::format("{} is a value op, anchored by a let whose Var is its only "
                                  "handle; here it is an operand",
                                  call.op.surface())),
           path);
  }
  for (std::size_t i = 0; i < call.args.size(); ++i)
    expr(call.args[i], path.field("args", static_cast<int>(i)), ExprPlace::Nested);
  if (place == ExprPlace::LetValue) {  // the let's Var carries the type (let_statement)
    stored_type(e, path);
    return;
  }
  attributes(call, path);
  tensor_types(e->type(), path);
  stored_type(e, path);
}

void TirVerifier::attributes(const Call& call, const IrPath& path) {
  std::size_t i = 0;
  for (const ParamDef& p : call.op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    if (i >= call.attrs.size()) break;
    const AttrValue& v = call.attrs[i++];
    const IrPath at = path.field(p.name);
    if (const IRType* t = std::get_if<IRType>(&v))
      tensor_types(*t, at);
    else if (const LayoutBase* l = std::get_if<LayoutBase>(&v))
      shard_meshes(*l, at);
  }
}

void TirVerifier::stored_type(const Expr& e, const IrPath& path) {
  if (const OpHandlers* tables = typeinfer_tables(e, handlers_))
    report(check_stored_type(e, *tables), path);
}

void TirVerifier::tensor_types(const IRType& t, const IrPath& path) {
  if (const TupleType* tu = t->as<TupleType>()) {
    for (const IRType& f : tu->fields) tensor_types(f, path);
    return;
  }
  const TensorType* tt = t->as<TensorType>();
  if (tt == nullptr) return;
  report(tir::check_tir_memory_type(*tt, to_string(t)), path);
  if (tt->layout) shard_meshes(*tt->layout, path);
}

void TirVerifier::shard_meshes(const LayoutBase& layout, const IrPath& path) {
  for (const LayoutBase* l = &layout; l->is_shard(); l = &l->as_shard()->layout()) {
    const Mesh& m = l->as_shard()->mesh();
    if (!mesh_in_scope(m))
      report(rule_error("TIR.1.3.VERIFY.mesh-out-of-scope",
                        fmt::format("a ShardLayout is over {}, which no enclosing MeshScope binds "
                                    "and no parameter's ShardLayout is over",
                                    to_string(m))),
             path);
  }
}

bool TirVerifier::mesh_in_scope(const Mesh& m) const {
  auto provides = [&](const Mesh& scope) {
    return scope == m || tir::mesh_scope_matches_required_scope(scope, m);
  };
  for (const Mesh& s : scope_stack_)
    if (provides(s)) return true;
  for (const Mesh& s : param_meshes_)
    if (provides(s)) return true;
  return false;
}

}  // namespace detail

std::vector<Diagnostic> verify_prim_function(const tir::PrimFunction& fn, const Module* module,
                                             const OpHandlers& handlers) {
  return detail::TirVerifier(fn, module, handlers).run();
}

}  // namespace tf
