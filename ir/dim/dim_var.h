// DimVar: a bounded named shape symbol (seed 000 section 4), canonical per (name, lo, hi).
//
// Design note. DimVar("N", lo, hi) is the dim family's dynamic member: a rank-0 i64
// expression (its type is TensorType::meta_scalar(i64)) whose runtime value lies in the
// half-open envelope [lo, hi). The seed calls it both "a bounded DimVar Op" and "a value
// type"; here it is an expression leaf, a core ExprKind, because dim Calls and shapes take it
// as an operand exactly like any other rank-0 integer Expr.
//
// Identity is canonical (TYPES.4.DIM.dimvar-canonical-identity): DimVar::make interns each
// (name, lo, hi) triple in a process-wide, thread-safe table, so constructing the same triple
// twice returns the same object and identical entries compare equal by identity across Ops.
// A different envelope under the same name is a different object
// (TYPES.4.DIM.dimvar-distinct-bounds); that same-name DimVars of one function signature agree
// is a rule of HIR verify_function, not of construction. Interned DimVars live for the rest of
// the process (like DType descriptors).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/support/result.h"

namespace tf {

/// A canonical bounded shape symbol; `name` over the half-open envelope [lo, hi).
struct DimVar final : ExprNode {
  static constexpr ExprKind kKind = ExprKind::DimVar;

  std::string name;  ///< non-empty symbol name ("M", "N", "K", ...)
  std::int64_t lo;   ///< inclusive lower bound
  std::int64_t hi;   ///< exclusive upper bound (one past the largest value)

  /// The canonical DimVar of (name, lo, hi). Diagnostic when the name is empty
  /// (TYPES.4.DIM.dimvar-name-nonempty) or lo >= hi (TYPES.4.DIM.dimvar-lo-lt-hi); a
  /// single-point envelope [k, k+1) is valid.
  static Result<Ref<const DimVar>> make(std::string name, std::int64_t lo, std::int64_t hi);

  /// True when `value` lies in [lo, hi) (TYPES.4.DIM.dimvar-half-open).
  bool contains(std::int64_t value) const { return lo <= value && value < hi; }

  /// The field list from which structural equality and hashing are generated. The type is
  /// always TensorType::meta_scalar(i64) and so is not a field.
  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"name", "lo", "hi"};
  auto structural_fields() const { return std::tie(name, lo, hi); }

 private:
  DimVar(std::string name, std::int64_t lo, std::int64_t hi);
};

/// Handle to a DimVar.
using DimVarRef = Ref<const DimVar>;

}  // namespace tf
