// The control-flow statements (seed 002 section 1.2): For, While and If. Their bodies are
// Sequential handles (TIR.1.2.STRUCT.bodies-are-sequential).
//
// Checked by make (construction-level facts only):
//  - For's induction variable is a rank-0 integer tensor (a loop counter), its bounds are
//    present; the bounds' own types are left to the verifier;
//  - While's and If's condition is a rank-0 tensor of dtype bool or of an integer dtype
//    (nonzero is true).
// That the induction variable is bound only once in its function is the verifier's
// (TIR.1.3.VERIFY.fresh-var-across-binders).
#pragma once

#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "ir/tir/sequential.h"

namespace tf::tir {

/// `for induction_var in range(start, stop, step) { body }`: a counted loop.
struct For final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::For;

  VarRef induction_var;  ///< the loop counter, a rank-0 integer
  Expr start;            ///< first value
  Expr stop;             ///< exclusive bound
  Expr step;             ///< increment
  SequentialRef body;    ///< the loop body

  /// Diagnostic (category Type) for a null field or an induction variable that is not a
  /// rank-0 integer tensor.
  static Result<Ref<const For>> make(VarRef induction_var, Expr start, Expr stop, Expr step,
                                     SequentialRef body, Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<5> kFieldNames{"induction_var", "start", "stop", "step", "body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(induction_var, start, stop, step, body); }

 private:
  For(VarRef v, Expr a, Expr b, Expr s, SequentialRef body, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        induction_var(std::move(v)),
        start(std::move(a)),
        stop(std::move(b)),
        step(std::move(s)),
        body(std::move(body)) {}
};

/// `while cond { body }`.
struct While final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::While;

  Expr cond;           ///< re-evaluated before every iteration
  SequentialRef body;  ///< the loop body

  /// Diagnostic (category Type) for a null field or a condition that is not a rank-0 bool or
  /// integer tensor.
  static Result<Ref<const While>> make(Expr cond, SequentialRef body, Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"cond", "body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(cond, body); }

 private:
  While(Expr c, SequentialRef b, Loc loc)
      : StmtNode(kKind, std::move(loc)), cond(std::move(c)), body(std::move(b)) {}
};

/// `if cond { then_body } else { else_body }`.
struct If final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::If;

  Expr cond;                ///< the branch condition
  SequentialRef then_body;  ///< taken when cond holds
  SequentialRef else_body;  ///< taken otherwise (possibly empty)

  /// Diagnostic (category Type) for a null field or a condition that is not a rank-0 bool or
  /// integer tensor. A null else_body means the empty block.
  static Result<Ref<const If>> make(Expr cond, SequentialRef then_body,
                                    SequentialRef else_body = nullptr, Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"cond", "then_body", "else_body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(cond, then_body, else_body); }

 private:
  If(Expr c, SequentialRef t, SequentialRef e, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        cond(std::move(c)),
        then_body(std::move(t)),
        else_body(std::move(e)) {}
};

/// Handles.
using ForRef = Ref<const For>;
using WhileRef = Ref<const While>;
using IfRef = Ref<const If>;

/// True when `e` is a rank-0 tensor of dtype bool or of an integer dtype (a condition).
bool is_condition_typed(const Expr& e);

}  // namespace tf::tir
