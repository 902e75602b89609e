#include "ir/core/expr_rebuild.h"

#include "ir/core/field_map.h"

namespace tf {
namespace {

// A node without children (Constant, Var, DimVar, SymbolRef) is never rebuilt.
template <typename Node>
Result<Expr> remake(const Node& n, ExprReplacer& replace, RebuildPolicy) {
  bool changed = false;
  (void)map_fields(n, replace, changed);
  TF_CHECK(!changed, "a node without children was rebuilt");
  return Expr(&n);
}

Result<Expr> remake(const Call& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [op, args, attrs, type] = map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(n.with_args(std::move(args)));
}

Result<Expr> remake(const Tuple& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [elements, type] = map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(Tuple::make(std::move(elements)));
}

Result<Expr> remake(const TupleGetItem& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [tuple, index, type] = map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(TupleGetItem::make(std::move(tuple), index));
}

Result<Expr> remake(const ShapeOf& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [param, axis, type] = map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(ShapeOf::make(std::move(param), axis));
}

Result<Expr> remake(const FunctionCall& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [callee, callee_type, args, type] = map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(FunctionCall::make(std::move(callee), std::move(callee_type), std::move(args)));
}

Result<Expr> remake(const GridRegionExpr& n, ExprReplacer& replace, RebuildPolicy policy) {
  bool changed = false;
  auto [iv, start, stop, step, carried, inits, body, yields, type] =
      map_fields(n, replace, changed);
  if (!changed && policy == RebuildPolicy::IfChanged) return Expr(&n);
  return result_as<Expr>(GridRegionExpr::make({std::move(iv), std::move(start), std::move(stop),
                                       std::move(step), std::move(carried), std::move(inits),
                                       std::move(body), std::move(yields)}));
}

Result<Expr> remake_any(const ExprNode& e, ExprReplacer& replace, RebuildPolicy policy) {
  switch (e.kind()) {
#define TF_EXPR_NODE(Name) \
  case ExprKind::Name:     \
    return remake(static_cast<const Name&>(e), replace, policy);
#include "ir/core/expr_nodes.def"
  }
  TF_UNREACHABLE("bad ExprKind");
}

}  // namespace

Result<Expr> rebuild_with(const Expr& e, ExprReplacer replace, RebuildPolicy policy) {
  TF_CHECK(e, "rebuild_with of a null Expr");
  Result<Expr> out = remake_any(*e, replace, policy);
  // A node the factory has just made is held here alone: it takes the binding of the node it
  // replaces (binding_info.h), so a rewrite keeps the source's names and places.
  if (out.ok() && !out->same_as(e) && e->binding() != nullptr)
    attach_binding(**out, BindingInfoRef(e->binding()));
  return out;
}

std::vector<Expr> operands_of(const ExprNode& e) {
  std::vector<Expr> out;
  for_each_child(e, [&](const Expr& c, ChildStep s) {
    if (s.role == ChildRole::Operand) out.push_back(c);
  });
  return out;
}

}  // namespace tf
