#include "ir/tir/op_check.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"

namespace tf::tir::detail {

std::string operand_name(Op op, std::size_t i) {
  std::size_t k = 0;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Operand) continue;
    if (p.variadic) return fmt::format("{}[{}]", p.name, i - k);
    if (k++ == i) return p.name;
  }
  return fmt::format("args[{}]", i);
}

Diagnostic op_type_error(Op op, std::string_view message) {
  return category_error(DiagCategory::Type, fmt::format("{}: {}", op.surface(), message));
}

Diagnostic op_rule_error(Op op, std::string rule_id, std::string_view message) {
  return rule_error(std::move(rule_id), fmt::format("{}: {}", op.surface(), message));
}

const TensorType* tensor_operand(Op op, const std::vector<Expr>& args, std::size_t i,
                                 std::vector<Diagnostic>& diags) {
  if (i >= args.size() || !args[i]) {
    diags.push_back(op_type_error(op, fmt::format("operand {} is missing", operand_name(op, i))));
    return nullptr;
  }
  const TensorType* t = args[i]->type()->as<TensorType>();
  if (t == nullptr)
    diags.push_back(op_type_error(
        op, fmt::format("operand {} is a tensor, but {} has type {}", operand_name(op, i),
                        short_text(args[i]), short_text(args[i]->type()))));
  const std::optional<TirOp> kind = tir_op_kind(op);
  if (t != nullptr && t->dtype.is_compound() && (!kind || !takes_block_scaled(*kind)))
    diags.push_back(op_rule_error(
        op, "DTREP.LOGICAL.not-carrier-dtype", fmt::format("operand {} is a block-scaled {} tensor; block-scaled tensors are moved by copy, "
                        "viewed by tensor_view and converted by a unary cast (docs/tir-semantics.md)",
                        operand_name(op, i), t->dtype.name())));
  return t;
}

void require_memory(Op op, std::string_view what, const TensorType& t,
                    std::vector<Diagnostic>& diags) {
  if (t.storage == StorageKind::Umat) {
    diags.push_back(op_rule_error(
        op, "TIR.2.3.OPS.no-umat",
        fmt::format("{} has storage umat; an unmaterialized value never appears in TIR", what)));
  } else if (!t.storage && t.rank() > 0) {
    diags.push_back(op_rule_error(
        op, "TIR.2.3.OPS.none-storage-rank0-only",
        fmt::format("{} has storage None at rank {}; a memory-resident TIR tensor carries a "
                    "concrete level (None is for rank-0 shape elements)",
                    what, t.rank())));
  } else if (!t.storage) {
    diags.push_back(op_type_error(
        op, fmt::format("{} is a shape element (storage None) and holds no memory", what)));
  }
}

void require_same_dtype(Op op, std::string_view a_name, const TensorType& a,
                        std::string_view b_name, const TensorType& b,
                        std::vector<Diagnostic>& diags) {
  if (a.dtype != b.dtype)
    diags.push_back(op_type_error(op, fmt::format("{} has dtype {} but {} has dtype {}", a_name,
                                                  a.dtype.name(), b_name, b.dtype.name())));
}

void require_same_shape(Op op, std::string_view a_name, const TensorType& a,
                        std::string_view b_name, const TensorType& b,
                        std::vector<Diagnostic>& diags) {
  if (a.shape != b.shape)
    diags.push_back(op_type_error(op, fmt::format("{} has shape {} but {} has shape {}", a_name,
                                                  shape_text(a), b_name, shape_text(b))));
}

std::string shape_text(const TensorType& t) {
  std::string s = "(";
  for (std::size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + to_string(t.shape[i]);
  return s + (t.shape.size() == 1 ? ",)" : ")");
}

}  // namespace tf::tir::detail
