// Evaluate: TIR's one Stmt-position wrapper of an invocation without a result (seed 002
// section 1.4; TIR.1.4.EVAL.sole-wrapper).
//
// Design note. The callable is one of two things, and verify / lowering dispatch on which
// (TIR.1.4.EVAL.dispatch-on-callable-type):
//  - an effect-form Op. The node holds the Unit-typed Call that Call::make built, so the op's
//    attributes were checked against its ParamDefs and the operands are in ParamDef order
//    (TIR.1.4.EVAL.op-args-paramdef-order, op-call-unit-typed). A value-form op is refused:
//    its Call has a result and is anchored by a LetStmt instead (TIR.1.4.EVAL.callable-kinds,
//    value-call-counterpart). The per-op verify handler is the verifier's to run.
//  - a SymbolRef naming a callee PrimFunction, with the arguments in the callee's parameter
//    order, the last output_count binding its outputs (TIR.1.4.EVAL.symbolref-args-order).
//    Resolving the name, the arity and the callee type are the verifier's
//    (TIR.1.3.VERIFY.callee-*).
// Nothing else can be a callable: the two factories take a CallRef or a SymbolRefRef, so a Var,
// a Constant, a DispatchCall or an Abort callable does not compile
// (TIR.1.6.DISPATCH.not-evaluate-callable, TIR.1.7.ABORT.not-evaluate-callable).
#pragma once

#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/attr_value.h"
#include "ir/core/call.h"
#include "ir/core/symbol_ref.h"
#include "ir/support/result.h"
#include "ir/tir/stmt.h"

namespace tf::tir {

/// Evaluate(callable, args).
struct Evaluate final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Evaluate;

  /// Evaluate of an effect-form op's Call. Diagnostic when the call is null
  /// (category Type) or its op is value-form (TIR.1.4.EVAL.callable-kinds).
  static Result<Ref<const Evaluate>> make_op(CallRef call, Loc loc = std::nullopt);
  /// Evaluate(op, args) with call-site attributes: builds the Unit-typed Call (Call::make's
  /// diagnostics) and wraps it as make_op does.
  static Result<Ref<const Evaluate>> make_op(Op op, std::vector<Expr> args,
                                             std::vector<NamedAttr> attrs = {},
                                             Loc loc = std::nullopt);
  /// Evaluate of a function symbol. Diagnostic (category Type) when the symbol or an argument
  /// is null.
  static Result<Ref<const Evaluate>> make_symbol(SymbolRefRef callee, std::vector<Expr> args,
                                                 Loc loc = std::nullopt);

  /// True when the callable is an op (call() is set), false for a SymbolRef (symbol() is set).
  bool is_op() const { return static_cast<bool>(call_); }
  /// The op's Unit-typed Call (precondition, TF_CHECK: is_op()).
  const Call& call() const;
  /// The op (precondition, TF_CHECK: is_op()).
  Op op() const { return call().op; }
  /// The callee symbol (precondition, TF_CHECK: !is_op()).
  const SymbolRef& symbol() const;
  /// The Call handle (null for a symbol callable).
  const CallRef& call_ref() const { return call_; }
  /// The SymbolRef handle (null for an op callable).
  const SymbolRefRef& symbol_ref() const { return symbol_; }
  /// The arguments: the Call's operands, or the symbol's arguments.
  const std::vector<Expr>& args() const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"call", "symbol", "symbol_args"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(call_, symbol_, symbol_args_); }

 private:
  Evaluate(CallRef c, SymbolRefRef s, std::vector<Expr> a, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        call_(std::move(c)),
        symbol_(std::move(s)),
        symbol_args_(std::move(a)) {}
  CallRef call_;
  SymbolRefRef symbol_;
  std::vector<Expr> symbol_args_;  // empty for an op callable
};

/// Handle to an Evaluate.
using EvaluateRef = Ref<const Evaluate>;

}  // namespace tf::tir
