// DispatchCall: first-match dispatch over a tuple of subjects (seed 002 section 1.6), the
// lowered form of an HIR dispatch prototype. A control statement, not an Evaluate callable
// (TIR.1.6.DISPATCH.first-class-stmt).
//
// Semantics: case i matches when case_patterns[i][j] matches subjects[j] for every j; the first
// matching case runs case_calls[i]; when none matches, fallback runs. The order of the cases is
// part of the IR and is kept by every printer (TIR.1.6.DISPATCH.source-order-preserved).
//
// make checks what a field's type cannot say: non-null entries, and that every case call is an
// Evaluate of a SymbolRef (TIR.1.6.DISPATCH.case-calls-evaluate-symbolref). The table's shape
// (one subject, a ShapeOf subject, as many pattern rows as calls, rows of one DimVarRangePat, a
// fallback of exactly one Abort) is the verifier's (TIR.1.6.DISPATCH.verify-*), so every other
// shape is representable.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/pattern.h"
#include "ir/support/result.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/sequential.h"

namespace tf::tir {

/// dispatch "callee_name" on (subjects) { case (patterns) => call ... fallback { ... } }.
struct DispatchCall final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::DispatchCall;

  std::string callee_name;                          ///< the unmangled dispatcher name
  std::vector<Expr> subjects;                       ///< one per dispatch axis
  std::vector<std::vector<Pattern>> case_patterns;  ///< the pattern rows, in source order
  std::vector<EvaluateRef> case_calls;              ///< Evaluate(SymbolRef, args), parallel rows
  SequentialRef fallback;                           ///< runs when no case matches

  /// The checking factory (header comment). Diagnostics (all collected) are of category Type,
  /// or name TIR.1.6.DISPATCH.case-calls-evaluate-symbolref.
  static Result<Ref<const DispatchCall>> make(std::string callee_name, std::vector<Expr> subjects,
                                              std::vector<std::vector<Pattern>> case_patterns,
                                              std::vector<EvaluateRef> case_calls,
                                              SequentialRef fallback, Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<5> kFieldNames{"callee_name", "subjects", "case_patterns", "case_calls", "fallback"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const {
    return std::tie(callee_name, subjects, case_patterns, case_calls, fallback);
  }

 private:
  DispatchCall(std::string n, std::vector<Expr> s, std::vector<std::vector<Pattern>> p,
               std::vector<EvaluateRef> c, SequentialRef f, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        callee_name(std::move(n)),
        subjects(std::move(s)),
        case_patterns(std::move(p)),
        case_calls(std::move(c)),
        fallback(std::move(f)) {}
};

/// Handle to a DispatchCall.
using DispatchCallRef = Ref<const DispatchCall>;

}  // namespace tf::tir
