#include "ir/core/tuple.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

Result<TupleRef> Tuple::make(std::vector<Expr> elements) {
  std::vector<Diagnostic> diags;
  std::vector<IRType> fields;
  fields.reserve(elements.size());
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (!elements[i]) {
      diags.push_back(
          category_error(DiagCategory::Type, fmt::format("tuple element {} is null", i)));
      continue;
    }
    if (elements[i]->type()->is<UnitType>())
      diags.push_back(rule_error(
          "TYPES.6.UNIT.no-readable-value",
          fmt::format("tuple element {} is {}, which has type Unit: an effect produces no value "
                      "to read",
                      i, short_text(elements[i]))));
    fields.push_back(elements[i]->type());
  }
  if (!diags.empty()) return diags;
  Result<TupleTypeRef> type = TupleType::make(std::move(fields));  // may pass the size limit
  TF_TRY(type);
  return TupleRef(new Tuple(std::move(elements), IRType(*type)));
}

Result<TupleGetItemRef> TupleGetItem::make(Expr tuple, std::int64_t index) {
  if (!tuple) return category_error(DiagCategory::Type, "tuple_get_item of a null tuple");
  const IRType& t = tuple->type();
  if (t->is<UnitType>())
    return rule_error("TYPES.6.UNIT.no-readable-value",
                      fmt::format("tuple_get_item of {}, which has type Unit: an effect produces "
                                  "no value to read",
                                  to_string(tuple)));
  const TupleType* tt = t->as<TupleType>();
  if (tt == nullptr)
    return category_error(DiagCategory::Type,
                          fmt::format("tuple_get_item needs a tuple-typed operand, but {} has "
                                      "type {}",
                                      to_string(tuple), to_string(t)));
  const auto n = static_cast<std::int64_t>(tt->fields.size());
  if (n == 0)
    return category_error(
        DiagCategory::Type,
        fmt::format("tuple_get_item index {} of {}, which has no fields", index, to_string(tuple)));
  if (index < 0 || index >= n)
    return category_error(
        DiagCategory::Type,
        fmt::format("tuple_get_item index {} is out of range for {} of type {} ({} field{}; "
                    "valid indices are 0 .. {})",
                    index, to_string(tuple), to_string(t), n, n == 1 ? "" : "s", n - 1));
  IRType field = tt->fields[static_cast<std::size_t>(index)];
  return TupleGetItemRef(new TupleGetItem(std::move(tuple), index, std::move(field)));
}

}  // namespace tf
