#include "ir/hir/typeinfer_util.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

Diagnostic type_error(Op op, std::string message) {
  return category_error(DiagCategory::Type, fmt::format("{}: {}", op.name(), message));
}

bool is_numeric(DType d) {
  return d.is_float() || d.is_integer();
}

const TensorType* tensor_operand(Op op, const std::vector<Expr>& args, std::size_t i,
                                 std::vector<Diagnostic>& diags) {
  TF_CHECK(i < args.size() && args[i], "{} typeinfer without operand {}", op.name(), i);
  const IRType& t = args[i]->type();
  if (const TensorType* tt = t->as<TensorType>()) return tt;
  std::string message = fmt::format("{}: operand {} must be a tensor, but {} has type {}",
                                    op.name(), i, short_text(args[i]), short_text(t));
  diags.push_back(t->is<TupleType>() ? rule_error("TYPES.5.TUPLE.not-op-input", message)
                                     : category_error(DiagCategory::Type, message));
  return nullptr;
}

Result<std::optional<StorageKind>> anchor_storage(Op op, const TensorType& a, const TensorType& b) {
  const bool ca = is_concrete_storage(a.storage), cb = is_concrete_storage(b.storage);
  if (ca && cb && *a.storage != *b.storage)
    return type_error(op, fmt::format("the operands live in different storages {} and {}",
                                      to_string(*a.storage), to_string(*b.storage)));
  if (ca) return a.storage;
  if (cb) return b.storage;
  if (a.storage == StorageKind::Umat || b.storage == StorageKind::Umat)
    return std::optional<StorageKind>(StorageKind::Umat);
  return std::optional<StorageKind>();
}

}  // namespace tf::hir
