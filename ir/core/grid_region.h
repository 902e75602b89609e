// GridRegionExpr: the HIR loop (upstream docs/spec/hir.md),
//   for i in range(start, stop, step) carry (c = init, ...) { body; yield (y, ...) }
//
// Design note. `induction_var` and the carried Vars (the loop phis) are binding sites; the
// inits, the body and the yields are value children. `stop` is the half-open end (upstream's
// `extent`), not a trip count. The node is immutable and built only through `make`, which
// checks:
//  - the induction variable is a rank-0 i32 / i64 tensor Var;
//  - start, stop and step are dims; when static, start >= 0, stop >= 0 and step > 0 (the
//    evaluator's range rule, checked early where the value is known);
//  - there are as many inits and yields as carried Vars, and each init's and each yield's
//    type is structurally equal to its carried Var's type (upstream leaves this unchecked);
//  - the carried Vars and the induction variable are distinct Vars;
//  - the body is present.
// Its type: the body's type without carries, the carried Var's type with one, and
// TupleType(carried types) with several.
//
// GridRegionExpr is a core expression kind (ExprKind::GridRegionExpr), so it can be an operand and
// a Function body; HIR is the only layer that builds one (TIR has its own For statement).
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/expr.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// The parts of a loop, for GridRegionExpr::make.
struct GridRegionParts {
  VarRef induction_var;         ///< rank-0 i32 / i64 loop index
  ShapeDim start = 0;           ///< first index
  ShapeDim stop = 0;            ///< half-open end
  ShapeDim step = 1;            ///< positive stride
  std::vector<VarRef> carried;  ///< loop phis
  std::vector<Expr> inits;      ///< initial value of each phi
  Expr body;                    ///< the last bound expression of the loop body
  std::vector<Expr> yields;     ///< next value of each phi
};

/// An HIR loop region.
class GridRegionExpr final : public ExprNode {
 public:
  static constexpr ExprKind kKind = ExprKind::GridRegionExpr;

  /// The checking factory (design note); diagnostics of category Type.
  static Result<Ref<const GridRegionExpr>> make(GridRegionParts parts);

  const VarRef& induction_var() const { return p_.induction_var; }
  const ShapeDim& start() const { return p_.start; }
  const ShapeDim& stop() const { return p_.stop; }
  const ShapeDim& step() const { return p_.step; }
  const std::vector<VarRef>& carried() const { return p_.carried; }
  const std::vector<Expr>& inits() const { return p_.inits; }
  const Expr& body() const { return p_.body; }
  const std::vector<Expr>& yields() const { return p_.yields; }

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<9> kFieldNames{"induction_var", "start", "stop", "step", "carried", "inits", "body", "yields", "type"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const {
    return std::tie(p_.induction_var, p_.start, p_.stop, p_.step, p_.carried, p_.inits, p_.body,
                    p_.yields, type());
  }

 private:
  GridRegionExpr(GridRegionParts p, IRType t) : ExprNode(kKind, std::move(t)), p_(std::move(p)) {}
  GridRegionParts p_;
};

/// Handle to a GridRegionExpr.
using GridRegionRef = Ref<const GridRegionExpr>;

/// `for i in range(0, N, 1) carry (c = x, d = y) { body; yield (c1, d1) }`; without carries
/// `for i in range(0, 4, 1) { body }`.
std::string to_string(const GridRegionExpr& g);

}  // namespace tf
