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


// The layout of a Binary result (math_ops.h header comment).
std::optional<LayoutBase> result_layout(const TensorType& a, const TensorType& b,
                                        const std::vector<ShapeDim>& shape) {
  if (a.layout && b.layout && !(*a.layout == *b.layout)) return std::nullopt;
  if (a.layout && a.shape == shape) return a.layout;
  if (b.layout && b.shape == shape) return b.layout;
  return std::nullopt;
}

// Why operands of dtype `d` are outside the domain of `kind` (precondition: they are).
std::string binary_domain_error(BinaryKind kind, DType d) {
  const std::string_view k = binary_kind_name(kind);
  switch (binary_domain(kind)) {
    case KindDomain::Float:
      return fmt::format("kind {} needs float operands, got {}{}", k, d.name(),
                         kind == BinaryKind::Div && d.is_integer()
                             ? "; use floor_div for integer division"
                             : "");
    case KindDomain::Index:
      return fmt::format("kind {} needs i32 or i64 operands, got {}", k, d.name());
    case KindDomain::Bool:
      return fmt::format("kind {} needs bool operands, got {}", k, d.name());
    case KindDomain::Numeric:
      return fmt::format("kind {} needs numeric operands, got {}", k, d.name());
    case KindDomain::Any:
    case KindDomain::Conversion:
      break;
  }
  TF_UNREACHABLE("binary_domain_error of a dtype in the domain");
}

// Why HIR does not apply `kind` to an operand of dtype `d`, or nothing when it does.
std::optional<std::string> unary_domain_error(UnaryKind kind, DType d) {
  const std::string_view k = unary_kind_name(kind);
  switch (unary_domain(kind)) {
    case KindDomain::Conversion:
      return fmt::format("kind {} is not a conversion; convert with hir.tensor.Cast", k);
    case KindDomain::Bool:
      if (d.is_bool()) return std::nullopt;
      return fmt::format("kind {} needs a bool operand, got {}", k, d.name());
    case KindDomain::Float:
      if (d.is_float()) return std::nullopt;
      return fmt::format("kind {} is defined on floats only, got {}", k, d.name());
    case KindDomain::Numeric:
    case KindDomain::Index:
    case KindDomain::Any:
      if (domain_admits(unary_domain(kind), d)) return std::nullopt;
      return fmt::format("kind {} needs a numeric operand, got {}", k, d.name());
  }
  TF_UNREACHABLE("bad KindDomain");
}

}  // namespace

Result<IRType> infer_binary_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 1, "{}: malformed Call", op.name());
  const BinaryKind kind = enum_value<BinaryKind>(attrs[0]);
  std::vector<Diagnostic> diags;
  const TensorType* a = tensor_operand(op, args, 0, diags);
  const TensorType* b = tensor_operand(op, args, 1, diags);
  if (a == nullptr || b == nullptr) return diags;
  const DType d = a->dtype;
  if (a->dtype != b->dtype) {
    diags.push_back(type_error(op, fmt::format("dtype mismatch: lhs is {}, rhs is {}; there is no "
                                               "implicit promotion (use full_like or cast)",
                                               a->dtype.name(), b->dtype.name())));
  } else if (!domain_admits(binary_domain(kind), d)) {
    diags.push_back(type_error(op, binary_domain_error(kind, d)));
  }
  Result<std::vector<ShapeDim>> shape = broadcast_shapes(a->shape, b->shape);
  if (!shape.ok()) diags.push_back(type_error(op, shape.diagnostics()[0].message));
  Result<std::optional<StorageKind>> storage = anchor_storage(op, *a, *b);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  for (Diagnostic& p : binary_partial_errors(op, kind, *a, *b)) diags.push_back(std::move(p));
  if (!diags.empty()) return diags;
  std::optional<LayoutBase> layout = result_layout(*a, *b, *shape);
  Result<TensorTypeRef> t = TensorType::make(*shape, yields_bool(kind) ? DType::boolean() : d,
                                             std::move(layout), *storage);
  TF_TRY(t);
  return IRType(*t);
}

Result<IRType> infer_unary_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  const UnaryKind kind = enum_value<UnaryKind>(attrs[0]);
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const DType d = x->dtype;
  if (std::optional<std::string> e = unary_domain_error(kind, d)) return type_error(op, *e);
  if (std::vector<Diagnostic> p = unary_partial_errors(op, kind, *x); !p.empty()) return p;
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
