#include "ir/core/type_infer.h"

#include <fmt/format.h>

#include "ir/core/call.h"
#include "ir/core/expr_print.h"
#include "ir/core/function_call.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/hir/grid_region.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

Result<IRType> infer_type(const Expr& e, const OpHandlers& handlers) {
  TF_CHECK(e, "infer_type of a null Expr");
  switch (e->kind()) {
    case ExprKind::Constant:
    case ExprKind::Var:
    case ExprKind::DimVar:
    case ExprKind::SymbolRef:
      return e->type();
    case ExprKind::Call: {
      const Call& call = *e->as<Call>();
      if (call.op.form() == OpForm::Effect) return IRType(UnitType::make());  // TYPES.6.UNIT.effect-op-result
      if (!call.attrs.empty())  // the op declares attributes
        return handlers.get<TypeInferAttrsHandler>(call.op)(call.op, call.args, call.attrs);
      return handlers.get<TypeInferHandler>(call.op)(call.op, call.args);
    }
    case ExprKind::Tuple: {
      Result<TupleRef> rebuilt = Tuple::make(e->as<Tuple>()->elements);
      TF_TRY(rebuilt);
      return (*rebuilt)->type();
    }
    case ExprKind::TupleGetItem: {
      const TupleGetItem& g = *e->as<TupleGetItem>();
      Result<TupleGetItemRef> rebuilt = TupleGetItem::make(g.tuple, g.index);
      TF_TRY(rebuilt);
      return (*rebuilt)->type();
    }
    case ExprKind::ShapeOf: {
      const ShapeOf& s = *e->as<ShapeOf>();
      Result<ShapeOfRef> rebuilt = ShapeOf::make(s.param, s.axis);
      TF_TRY(rebuilt);
      return (*rebuilt)->type();
    }
    case ExprKind::FunctionCall: {
      const FunctionCall& c = *e->as<FunctionCall>();
      Result<FunctionCallRef> rebuilt = FunctionCall::make(c.callee, c.callee_type, c.args);
      TF_TRY(rebuilt);
      return (*rebuilt)->type();
    }
    case ExprKind::GridRegionExpr: {
      const GridRegionExpr& g = *e->as<GridRegionExpr>();
      Result<hir::GridRegionRef> rebuilt = GridRegionExpr::make(
          {g.induction_var(), g.start(), g.stop(), g.step(), g.carried(), g.inits(), g.body(),
           g.yields()});
      TF_TRY(rebuilt);
      return (*rebuilt)->type();
    }
  }
  TF_UNREACHABLE("bad ExprKind");
}

std::vector<Diagnostic> check_stored_type(const Expr& e, const OpHandlers& handlers) {
  Result<IRType> inferred = infer_type(e, handlers);
  TF_TRY(inferred);
  if (structural_equal(e->type(), *inferred)) return {};
  return {category_error(DiagCategory::Type,
                         fmt::format("{} is stamped {}, but its type rule gives {}", to_string(e),
                                     to_string(e->type()), to_string(*inferred)))};
}

}  // namespace tf
