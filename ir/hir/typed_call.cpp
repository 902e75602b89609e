#include "ir/hir/typed_call.h"

#include <fmt/format.h>

namespace tf::hir {

Result<CallRef> make_typed_call(Op op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                const OpHandlers& handlers) {
  for (const Expr& a : args) TF_CHECK(a, "{}: a null operand", op.name());
  if (!op.accepts_arity(args.size()))
    return category_error(
        DiagCategory::Type,
        fmt::format("{}: expected {}, found {}", op.name(), op.arity_text(), args.size()));
  bool has_attrs = false;
  for (const ParamDef& p : op.params()) has_attrs = has_attrs || p.kind == ParamKind::Attribute;
  Result<IRType> type = [&]() -> Result<IRType> {
    if (!has_attrs) return handlers.get<TypeInferHandler>(op)(op, args);
    Result<std::vector<AttrValue>> values = bind_call_attrs(op, attrs);
    TF_TRY(values);
    return handlers.get<TypeInferAttrsHandler>(op)(op, args, *values);
  }();
  TF_TRY(type);
  return Call::make(op, std::move(args), std::move(attrs), *type);
}

}  // namespace tf::hir
