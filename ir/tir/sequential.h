// Sequential: an ordered block of statements, the body of every structural statement and of a
// PrimFunction (seed 002 section 1.2; TIR.1.2.STRUCT.sequential). It iterates, has a length
// and indexes like the seed's tuple. An empty Sequential is the empty block (an If without an
// else branch has one).
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/support/result.h"
#include "ir/tir/stmt.h"

namespace tf::tir {

/// A statement sequence.
struct Sequential final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::Sequential;

  std::vector<Stmt> body;  ///< the statements, in execution order

  /// Diagnostic (category Type) when a statement is null.
  static Result<Ref<const Sequential>> make(std::vector<Stmt> body, Loc loc = std::nullopt);
  /// The empty block (one shared node).
  static Ref<const Sequential> empty();

  /// len(body).
  std::size_t size() const { return body.size(); }
  /// body[i] (precondition, TF_CHECK: i < size()).
  const Stmt& operator[](std::size_t i) const;
  /// Iteration over body.
  std::vector<Stmt>::const_iterator begin() const { return body.begin(); }
  std::vector<Stmt>::const_iterator end() const { return body.end(); }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<1> kFieldNames{"body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(body); }

 private:
  Sequential(std::vector<Stmt> b, Loc loc) : StmtNode(kKind, std::move(loc)), body(std::move(b)) {}
};

/// Handle to a Sequential: the type of every body field (TIR.1.2.STRUCT.bodies-are-sequential:
/// a bare Stmt where a body is expected does not compile).
using SequentialRef = Ref<const Sequential>;

}  // namespace tf::tir
