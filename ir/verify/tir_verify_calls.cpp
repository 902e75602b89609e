// verify_prim_function (tir_verify.h): invocations. An Evaluate of an op runs the op's verify
// handler, then the rules that need the function or its scopes (Sync, Mma, Launch); an Evaluate
// of a SymbolRef and every DispatchCall case resolve their callee in the module; the
// named-barrier ids are allocated once the walk is done.
#include <fmt/format.h>

#include <algorithm>

#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/var.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/launch.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/mma_scope.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/sync.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"
#include "ir/verify/tir_verifier.h"

namespace tf::detail {

namespace {

IrPath arg_path(const IrPath& path, std::size_t i) {
  return path.field("args", static_cast<int>(i));
}

}  // namespace

void TirVerifier::evaluate(const tir::Evaluate& e, const IrPath& path) {
  if (e.is_op())
    op_evaluate(e, path);
  else
    symbol_call(e.symbol(), e.args(), path);
}

const tir::PrimFunction* TirVerifier::resolve(const SymbolRef& ref, const IrPath& path,
                                              const char* missing_rule) {
  Result<FunctionRef> f = module_->lookup(ref.name);
  if (!f.ok()) {
    for (Diagnostic d : f.diagnostics()) {
      if (d.rule_id == "TIR.2.1.SYMREF.resolution-unique") d.rule_id = missing_rule;
      report(std::move(d), path);
    }
    return nullptr;
  }
  const auto* callee = (*f)->as<tir::PrimFunction>();
  if (callee == nullptr)
    report(rule_error(missing_rule, fmt::format("@{} is a {} function, not a prim_func", ref.name,
                                                (*f)->function_kind())),
           path);
  return callee;
}

void TirVerifier::symbol_call(const SymbolRef& ref, const std::vector<Expr>& args,
                              const IrPath& path) {
  for (std::size_t i = 0; i < args.size(); ++i)
    expr(args[i], arg_path(path, i), ExprPlace::StmtField);
  if (module_ == nullptr) return;
  const tir::PrimFunction* callee = resolve(ref, path, "TIR.1.3.VERIFY.callee-unique");
  if (callee == nullptr) return;
  if (args.size() != callee->params().size())
    report(rule_error("TIR.1.3.VERIFY.callee-arity",
                      fmt::format("@{} has {} parameters, but the call passes {} arguments",
                                  ref.name, callee->params().size(), args.size())),
           path);
  if (!structural_equal(ref.type(), IRType(callee->callable_type())))
    report(
        rule_error("TIR.1.3.VERIFY.callee-type",
                   fmt::format("@{} is typed {}, but the prim_func has type {}", ref.name,
                               short_text(ref.type()), short_text(IRType(callee->callable_type())))),
        path);
}

void TirVerifier::op_evaluate(const tir::Evaluate& e, const IrPath& path) {
  const Call& call = e.call();
  for (std::size_t i = 0; i < call.args.size(); ++i)
    expr(call.args[i], arg_path(path, i), ExprPlace::StmtField);
  attributes(call, path);
  if (foreign_op(call, path)) return;
  std::vector<Diagnostic> handler_diags;
  if (call.op.registry() == &handlers_.registry() && handlers_.has<VerifyHandler>(call.op))
    handler_diags = handlers_.get<VerifyHandler>(call.op)(call);
  else
    report(category_error(DiagCategory::Internal,
                          fmt::format("{} has no verify handler registered", call.op.name())),
           path);
  const std::optional<tir::TirOp> kind = tir::tir_op_kind(call.op);
  if (kind == tir::TirOp::Sync)  // the mesh as the program names it, where its scopes tell
    if (const Mesh* m = std::get_if<Mesh>(&call.attr("mesh")))
      if (std::optional<std::string> spelled = tir::scope_spelling(*m, scope_stack_, scope_names_))
        for (Diagnostic& d : handler_diags) tir::respell_sync(d, *m, *spelled);
  report(handler_diags, path);
  if (kind == tir::TirOp::Sync) {
    sync(e, handler_diags, path);
  } else if (kind == tir::TirOp::Launch) {
    launch(call, path);
  } else if (kind == tir::TirOp::Mma) {  // with an atom: its required scope on the stack
    const Atom* atom = std::get_if<Atom>(&call.attr("atom"));
    if (const tir::MmaAtom* mma = atom != nullptr ? tir::as_mma_atom(*atom) : nullptr)
      report(tir::check_mma_scope(*mma, scope_stack_), path);
  }
}

void TirVerifier::sync(const tir::Evaluate& e, const std::vector<Diagnostic>& handler_diags,
                       const IrPath& path) {
  if (std::get_if<Mesh>(&e.call().attr("mesh")) == nullptr) return;  // the handler said so
  // The scope check; a classification the handler already reported is not repeated.
  for (Diagnostic& d : tir::check_sync_in_scope(e.call(), scope_stack_)) {
    const bool seen = std::any_of(handler_diags.begin(), handler_diags.end(),
                                  [&](const Diagnostic& h) { return h.rule_id == d.rule_id; });
    if (!seen) report(std::move(d), path);
  }
  Result<BarrierClass> barrier = tir::classify_sync(e.call());
  const bool known = std::any_of(named_sites_.begin(), named_sites_.end(),
                                 [&](const auto& site) { return site.first == &e; });
  if (barrier.ok() && barrier->kind == BarrierKind::Named && !known)
    named_sites_.emplace_back(&e, path.str());
}

void TirVerifier::launch(const Call& call, const IrPath& path) {
  if (fn_.target() != tir::Target::Host)
    report(rule_error("TIR.2.3.LAUNCH.host-only",
                      fmt::format("launch appears only in a host entry, but prim_func {} is "
                                  "target={}",
                                  fn_.name(), tir::target_name(fn_.target()))),
           path);
  if (call.args.size() < tir::kLaunchConfigOperands || !call.args[0]->is<SymbolRef>())
    return;  // the handler reported the shape of the operand list
  bool forwards_hidden = false;
  for (std::size_t i = tir::kLaunchConfigOperands; i < call.args.size(); ++i) {
    const Expr& a = call.args[i];
    const Var* v = a->as<Var>();
    const bool hidden = a->is<ShapeOf>() || (v != nullptr && tir::hidden_shape_name(v->name) &&
                                             tir::is_rank0_integer_type(v->type()));
    if (!hidden) continue;
    forwards_hidden = true;
    report(rule_error("TIR.2.3.LAUNCH.no-hidden-shape-args",
                      fmt::format("launch forwards {}, a runtime extent; the host fills the "
                                  "kernel's <param>_shape_<axis> parameters from the tensor "
                                  "arguments' shapes",
                                  to_string(a))),
           arg_path(path, i));
  }
  if (module_ == nullptr) return;
  const SymbolRef& ref = *call.args[0]->as<SymbolRef>();
  const IrPath callee_path = arg_path(path, 0);
  const tir::PrimFunction* callee = resolve(ref, callee_path, "TIR.2.1.SYMREF.resolution-unique");
  if (callee == nullptr) return;
  if (callee->target() != tir::Target::Cuda)
    report(rule_error("TIR.2.3.LAUNCH.callee-device-cuda",
                      fmt::format("launch runs a device kernel, but @{} is target={}", ref.name,
                                  tir::target_name(callee->target()))),
           callee_path);
  if (!structural_equal(ref.type(), IRType(callee->callable_type())))
    report(
        rule_error("TIR.1.3.VERIFY.callee-type",
                   fmt::format("@{} is typed {}, but the prim_func has type {}", ref.name,
                               short_text(ref.type()), short_text(IRType(callee->callable_type())))),
        callee_path);
  const std::vector<std::optional<tir::HiddenShapeSource>> hidden = tir::hidden_shape_params(*callee);
  const auto visible = static_cast<std::size_t>(
      std::count_if(hidden.begin(), hidden.end(), [](const auto& h) { return !h.has_value(); }));
  const std::size_t forwarded = call.args.size() - tir::kLaunchConfigOperands;
  if (forwards_hidden || forwarded == visible) return;
  if (forwarded == hidden.size())
    report(rule_error("TIR.2.3.LAUNCH.no-hidden-shape-args",
                      fmt::format("launch forwards all {} parameters of @{}, its hidden "
                                  "<param>_shape_<axis> extents included; it binds the {} "
                                  "host-visible ones",
                                  forwarded, ref.name, visible)),
           path);
  else
    report(rule_error("TIR.2.3.LAUNCH.forwarded-args-order",
                      fmt::format("@{} has {} host-visible parameters, but launch forwards {} "
                                  "arguments",
                                  ref.name, visible, forwarded)),
           path);
}

void TirVerifier::dispatch(const tir::DispatchCall& d, const IrPath& path) {
  if (d.subjects.size() != 1)
    report(rule_error("TIR.1.6.DISPATCH.verify-one-subject",
                      fmt::format("dispatch \"{}\" has {} subjects; it dispatches on exactly one",
                                  d.callee_name, d.subjects.size())),
           path);
  for (std::size_t i = 0; i < d.subjects.size(); ++i) {
    const IrPath p = path.field("subjects", static_cast<int>(i));
    expr(d.subjects[i], p, ExprPlace::StmtField);
    if (!d.subjects[i]->is<ShapeOf>())
      report(rule_error("TIR.1.6.DISPATCH.verify-subject-shapeof",
                        fmt::format("dispatch \"{}\" subject {} is not a ShapeOf(param, axis)",
                                    d.callee_name, to_string(d.subjects[i]))),
             p);
  }
  if (d.case_patterns.size() != d.case_calls.size())
    report(rule_error("TIR.1.6.DISPATCH.verify-parallel-table",
                      fmt::format("dispatch \"{}\" has {} pattern rows but {} case calls",
                                  d.callee_name, d.case_patterns.size(), d.case_calls.size())),
           path);
  for (std::size_t i = 0; i < d.case_patterns.size(); ++i) {
    const std::vector<Pattern>& row = d.case_patterns[i];
    const IrPath p = path.field("case_patterns", static_cast<int>(i));
    if (row.size() != 1)
      report(rule_error("TIR.1.6.DISPATCH.verify-pattern-arity",
                        fmt::format("case {} has {} patterns; a row holds one, for the one subject",
                                    i, row.size())),
             p);
    for (std::size_t j = 0; j < row.size(); ++j)
      if (row[j]->kind() != PatternKind::DimVarRangePat)
        report(rule_error("TIR.1.6.DISPATCH.verify-dimvarrangepat",
                          fmt::format("case {} pattern {} is a {}, not a DimVarRangePat", i, j,
                                      pattern_kind_name(row[j]->kind()))),
               p.at(static_cast<int>(j)));
  }
  for (std::size_t i = 0; i < d.case_calls.size(); ++i) {
    const tir::Evaluate& call = *d.case_calls[i];
    const IrPath p = path.field("case_calls", static_cast<int>(i));
    if (call.is_op())
      report(rule_error("TIR.1.6.DISPATCH.case-calls-evaluate-symbolref",
                        "a dispatch case calls a function: Evaluate(SymbolRef, args)"),
             p);
    else
      symbol_call(call.symbol(), call.args(), p);
  }
  const tir::Sequential& fallback = *d.fallback;
  if (fallback.size() != 1 || !fallback[0]->is<tir::Abort>())
    report(rule_error("TIR.1.6.DISPATCH.verify-fallback-abort",
                      fmt::format("dispatch \"{}\" falls back to {} statement(s); the fallback is "
                                  "exactly one abort",
                                  d.callee_name, fallback.size())),
           path.field("fallback"));
  sequential(d.fallback, path.field("fallback"));
}

void TirVerifier::named_barriers() {
  Result<tir::NamedBarrierIds> ids = tir::allocate_named_barriers(fn_);
  if (ids.ok()) return;
  // The allocator numbers the same sites in the same (pre-)order: the 16th is the one too many.
  const bool sixteenth = named_sites_.size() > 15;
  const std::string root = sixteenth ? named_sites_[15].second : fn_.name();
  const IrPath path(root);
  std::vector<Diagnostic> ds = ids.diagnostics();
  if (sixteenth)
    for (Diagnostic& d : ds) {
      if (const auto& at = named_sites_[15].first->loc(); at && at->known()) d.location = *at;
      if (const auto& first = named_sites_[0].first->loc(); first && first->known())
        d.related.push_back({*first, "named barrier 1 of this kernel"});
    }
  report(std::move(ds), path);
}

}  // namespace tf::detail
