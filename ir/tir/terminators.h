// The statements that end a path (seed 002 sections 1.2 and 1.7).
//
// Return carries nothing: a @prim_func has no value return, its outputs being trailing
// parameters (TIR.1.2.STRUCT.return-no-value); there is no field to attach a value to.
// Abort terminates a path the compiler believes unreachable, notably a DispatchCall fallback
// (TIR.1.7.ABORT.terminating). Its message is a debug surface defaulting to "" and carries no
// semantics (TIR.1.7.ABORT.message-default, message-no-semantics); it is nevertheless a field,
// so two Aborts with different messages print differently and are structurally unequal.
#pragma once

#include <string>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/support/result.h"
#include "ir/tir/stmt.h"

namespace tf::tir {

/// `return`.
struct Return final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Return;

  /// Never fails; the Result keeps every factory's shape.
  static Result<Ref<const Return>> make(Loc loc = std::nullopt);

  /// The (empty) field list from which structural equality and hashing are generated.
  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<0> kFieldNames{};
  auto structural_fields() const { return std::tuple<>(); }

 private:
  explicit Return(Loc loc) : StmtNode(kKind, std::move(loc)) {}
};

/// `abort "message"`.
struct Abort final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Abort;

  std::string message;  ///< debug text, "" by default

  /// Never fails; the Result keeps every factory's shape.
  static Result<Ref<const Abort>> make(std::string message = "", Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<1> kFieldNames{"message"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(message); }

 private:
  Abort(std::string m, Loc loc) : StmtNode(kKind, std::move(loc)), message(std::move(m)) {}
};

/// Handles.
using ReturnRef = Ref<const Return>;
using AbortRef = Ref<const Abort>;

}  // namespace tf::tir
