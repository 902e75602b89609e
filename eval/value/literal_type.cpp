#include "eval/value/literal_type.h"

#include <fmt/format.h>

#include <limits>
#include <optional>

#include "ir/dim/dim_eval.h"
#include "ir/text/build_support.h"
#include "ir/text/type_builder.h"
#include "ir/type/tensor_type.h"

namespace tf::eval {

namespace {

using text::error_at;

// `env` with every dim of `dims` it does not declare added as a single-point DimVar, or
// nullopt when nothing needs adding (design note).
Result<std::optional<text::FileEnvironment>> with_case_dims(const text::FileEnvironment* env,
                                                            const DimValues& dims,
                                                            const text::SyntaxNode& at) {
  std::optional<text::FileEnvironment> local;
  for (const auto& [name, value] : dims) {
    if (env != nullptr && env->find(name) != nullptr) continue;
    if (value == std::numeric_limits<std::int64_t>::max())
      return error_at(at, fmt::format("dim {} = {} is too large for an extent", name, value));
    Result<DimVarRef> var = DimVar::make(name, value, value + 1);
    if (!var) return text::located_at(var.diagnostics(), at);
    if (!local) local = env != nullptr ? *env : text::FileEnvironment();
    local->declare_dim(name, *var, SourceLocation{});
  }
  return local;
}

// The value of a symbolic extent under the case's dims.
Result<std::int64_t> symbolic_extent(const Expr& e, const DimValues& dims,
                                     const text::SyntaxNode& at) {
  DimBinding binding;
  for (const DimVarRef& var : free_dim_vars(e)) {
    auto it = dims.find(var->name);
    if (it == dims.end())
      return error_at(at,
                      fmt::format("the extent of dim {} is not given; give it with `dim {} = ...`",
                                  var->name, var->name));
    if (std::optional<Diagnostic> d = binding.bind(var, it->second)) {
      d->location = at.location;
      return *d;
    }
  }
  Result<std::int64_t> v = evaluate_dim(e, binding);
  if (!v) return text::located_at(v.diagnostics(), at);
  return v;
}

}  // namespace

const text::SyntaxNode& literal_anchor(const text::SyntaxNode& literal) {
  const text::SyntaxNode* type =
      literal.kind == text::SyntaxKind::Literal ? literal.callee.get() : &literal;
  if (type != nullptr && type->kind == text::SyntaxKind::Subscript && type->callee)
    return *type->callee;
  return literal;
}

Result<LiteralType> resolve_literal_type(const text::SyntaxNode& node,
                                         const text::FileEnvironment* env, const DimValues& dims) {
  const text::SyntaxNode& at = literal_anchor(node);
  if (node.kind != text::SyntaxKind::Subscript || !node.callee ||
      !text::is_name(*node.callee, "Tensor"))
    return error_at(at, fmt::format("a tensor literal's type is Tensor[shape, dtype], found '{}'",
                                    text::to_string(node)));
  Result<std::optional<text::FileEnvironment>> local = with_case_dims(env, dims, at);
  if (!local) return local.diagnostics();
  const text::FileEnvironment empty;
  const text::FileEnvironment& use = local->has_value() ? **local : env != nullptr ? *env : empty;
  Result<IRType> type = text::build_type(node, use);
  if (!type) return type.diagnostics();
  const TensorType* tensor = (*type)->as<TensorType>();
  TF_CHECK(tensor != nullptr, "Tensor[...] built a {}", type_kind_name((*type)->kind()));
  LiteralType out{tensor->dtype, {}};
  std::int64_t count = 1;
  for (const ShapeDim& d : tensor->shape) {
    std::int64_t extent = 0;
    if (d.is_static()) {
      extent = d.value();
    } else {
      Result<std::int64_t> v = symbolic_extent(d.expr(), dims, at);
      if (!v) return v.diagnostics();
      extent = *v;
    }
    if (extent < 0)
      return error_at(at, fmt::format("axis {} of the literal's shape has the negative extent {}",
                                      out.shape.size(), extent));
    // The product of the non-zero extents, capped: an empty shape such as (2^40, 2^40, 0) is
    // refused too, since its extents alone overflow the row-major strides.
    if (extent != 0)
      count = count > kMaxLiteralElements / extent ? kMaxLiteralElements + 1 : count * extent;
    out.shape.push_back(extent);
  }
  if (count > kMaxLiteralElements)
    return error_at(at, fmt::format("the extents of the literal's shape {} multiply beyond 2^28; "
                                    "pass large inputs as .npy files",
                                    shape_text(out.shape)));
  return out;
}

}  // namespace tf::eval
