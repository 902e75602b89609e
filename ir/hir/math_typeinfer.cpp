#include "ir/hir/math_typeinfer.h"

#include <fmt/format.h>

#include <string>

#include "ir/core/expr_print.h"
#include "ir/hir/broadcast.h"
#include "ir/core/math_kinds.h"
#include "ir/hir/partial_rules.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

std::string kind_list(bool binary) {
  std::string s;
  if (binary)
    for (BinaryKind k : kAllBinaryKinds)
      s += (s.empty() ? "" : ", ") + std::string(binary_kind_name(k));
  else
    for (UnaryKind k : kAllUnaryKinds)
      s += (s.empty() ? "" : ", ") + std::string(unary_kind_name(k));
  return s;
}

// The layout of a Binary result (math_ops.h header comment).
std::optional<LayoutBase> result_layout(const TensorType& a, const TensorType& b,
                                        const std::vector<ShapeDim>& shape) {
  if (a.layout && b.layout && !(*a.layout == *b.layout)) return std::nullopt;
  if (a.layout && a.shape == shape) return a.layout;
  if (b.layout && b.shape == shape) return b.layout;
  return std::nullopt;
}

// The kind named by an enum attribute, or a diagnostic listing the kinds.
template <typename Kind>
Result<Kind> kind_attr(Op op, const AttrValue& v, std::optional<Kind> (*parse)(std::string_view),
                       bool binary) {
  const std::string* name = std::get_if<std::string>(&v);
  TF_CHECK(name != nullptr, "{}: the kind attribute is not an enum value", op.name());
  if (std::optional<Kind> k = parse(*name)) return *k;
  return type_error(op,
                    fmt::format("unknown kind '{}'; the kinds are {}", *name, kind_list(binary)));
}

}  // namespace

Result<IRType> infer_binary_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 1, "{}: malformed Call", op.name());
  Result<BinaryKind> kind = kind_attr<BinaryKind>(op, attrs[0], &binary_kind_from_name, true);
  TF_TRY(kind);
  const std::string_view kname = binary_kind_name(*kind);
  std::vector<Diagnostic> diags;
  const TensorType* a = tensor_operand(op, args, 0, diags);
  const TensorType* b = tensor_operand(op, args, 1, diags);
  if (a == nullptr || b == nullptr) return diags;
  const DType d = a->dtype;
  if (a->dtype != b->dtype) {
    diags.push_back(type_error(op, fmt::format("dtype mismatch: lhs is {}, rhs is {}; there is no "
                                               "implicit promotion (use full_like or cast)",
                                               a->dtype.name(), b->dtype.name())));
  } else if (*kind == BinaryKind::Div && !d.is_float()) {
    diags.push_back(
        type_error(op, fmt::format("kind div needs float operands, got {}{}", d.name(),
                                   d.is_integer() ? "; use floor_div for integer division" : "")));
  } else if ((*kind == BinaryKind::FloorDiv || *kind == BinaryKind::Mod) && d != DType::i32() &&
             d != DType::i64()) {
    diags.push_back(
        type_error(op, fmt::format("kind {} needs i32 or i64 operands, got {}", kname, d.name())));
  } else if (is_logical(*kind) && !d.is_bool()) {
    diags.push_back(
        type_error(op, fmt::format("kind {} needs bool operands, got {}", kname, d.name())));
  } else if ((*kind == BinaryKind::Add || *kind == BinaryKind::Sub || *kind == BinaryKind::Mul ||
              *kind == BinaryKind::Pow) &&
             !is_numeric(d)) {
    diags.push_back(
        type_error(op, fmt::format("kind {} needs numeric operands, got {}", kname, d.name())));
  }
  Result<std::vector<ShapeDim>> shape = broadcast_shapes(a->shape, b->shape);
  if (!shape.ok()) diags.push_back(type_error(op, shape.diagnostics()[0].message));
  Result<std::optional<StorageKind>> storage = anchor_storage(op, *a, *b);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  for (Diagnostic& p : binary_partial_errors(op, *kind, *a, *b)) diags.push_back(std::move(p));
  if (!diags.empty()) return diags;
  std::optional<LayoutBase> layout = result_layout(*a, *b, *shape);
  Result<TensorTypeRef> t = TensorType::make(*shape, yields_bool(*kind) ? DType::boolean() : d,
                                             std::move(layout), *storage);
  TF_TRY(t);
  return IRType(*t);
}

Result<IRType> infer_unary_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  Result<UnaryKind> kind = kind_attr<UnaryKind>(op, attrs[0], &unary_kind_from_name, false);
  TF_TRY(kind);
  const std::string_view kname = unary_kind_name(*kind);
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const DType d = x->dtype;
  if (*kind == UnaryKind::Cast)
    return type_error(op, "kind cast is not a conversion; convert with hir.tensor.Cast");
  if (*kind == UnaryKind::Not && !d.is_bool())
    return type_error(op, fmt::format("kind not needs a bool operand, got {}", d.name()));
  if (is_float_only(*kind) && !d.is_float())
    return type_error(op,
                      fmt::format("kind {} is defined on floats only, got {}", kname, d.name()));
  if (*kind != UnaryKind::Not && !is_numeric(d))
    return type_error(op, fmt::format("kind {} needs a numeric operand, got {}", kname, d.name()));
  if (std::vector<Diagnostic> p = unary_partial_errors(op, *kind, *x); !p.empty()) return p;
  return args[0]->type();
}

Result<IRType> infer_clamp_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  if (!is_numeric(x->dtype))
    return type_error(op, fmt::format("needs a numeric operand, got {}", x->dtype.name()));
  if (std::vector<Diagnostic> p = monotone_partial_errors(op, *x); !p.empty()) return p;
  return args[0]->type();
}

Result<IRType> infer_softplus_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  if (!x->dtype.is_float())
    return type_error(op, fmt::format("needs a float operand, got {}", x->dtype.name()));
  if (std::vector<Diagnostic> p = monotone_partial_errors(op, *x); !p.empty()) return p;
  return args[0]->type();
}

}  // namespace tf::hir
