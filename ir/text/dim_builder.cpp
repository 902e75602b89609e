#include "ir/text/dim_builder.h"

#include <fmt/format.h>

#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/support/nearest_names.h"
#include "ir/text/build_support.h"

namespace tf::text {

namespace {

std::optional<DimOpKind> infix_kind(const std::string& op) {
  if (op == "+") return DimOpKind::Add;
  if (op == "-") return DimOpKind::Sub;
  if (op == "*") return DimOpKind::Mul;
  if (op == "//") return DimOpKind::FloorDiv;
  if (op == "%") return DimOpKind::Mod;
  return std::nullopt;
}

Result<Expr> name_dim(const SyntaxNode& node, const FileEnvironment& env) {
  if (const DimVarRef* var = env.find_dim(node.text)) return Expr(*var);
  if (const DeclaredName* other = env.find(node.text))
    return error_at(node, fmt::format("'{}' is a {}, not a dim (declared at {})", node.text,
                                      name_kind_keyword(other->kind), other->location.str()));
  Diagnostic d = error_at(node, fmt::format("'{}' is not declared (declare it first: dim {} = "
                                            "DimVar(\"{}\", lo, hi))",
                                            node.text, node.text, node.text));
  return suggest_nearest(d, node.text, env.dim_names());
}

Result<Expr> combine(DimOpKind kind, const SyntaxNode& node, const SyntaxNode& lhs,
                     const SyntaxNode& rhs, const FileEnvironment& env) {
  Result<Expr> a = build_dim_expr(lhs, env);
  if (!a) return a;
  Result<Expr> b = build_dim_expr(rhs, env);
  if (!b) return b;
  Result<Expr> r = simplify_dim(kind, {*a, *b});
  if (!r) return located_at(r.diagnostics(), node);
  return r;
}

}  // namespace

Result<Expr> build_dim_expr(const SyntaxNode& node, const FileEnvironment& env) {
  switch (node.kind) {
    case SyntaxKind::Integer: {
      Result<std::int64_t> v = integer_value(node);
      if (!v) return v.diagnostics();
      return Expr(dim_const(*v));
    }
    case SyntaxKind::Negate: {
      if (node.items[0]->kind != SyntaxKind::Integer)
        return error_at(node, fmt::format("'{}': only an integer literal can be negated in a dim "
                                          "(write 0 - x)", to_string(node)));
      Result<std::int64_t> v = integer_value(node);
      if (!v) return v.diagnostics();
      return Expr(dim_const(*v));
    }
    case SyntaxKind::Name:
      return name_dim(node, env);
    case SyntaxKind::Binary:
      if (std::optional<DimOpKind> kind = infix_kind(node.text))
        return combine(*kind, node, *node.items[0], *node.items[1], env);
      return error_at(node, fmt::format("'{}' is not dim arithmetic (+ - * // % min max)", node.text));
    case SyntaxKind::Call: {
      const std::string& f = node.callee->text;
      if (f != "min" && f != "max")
        return error_at(node, fmt::format("'{}' is not a dim function (min, max)", f));
      if (node.items.size() != 2 || !node.keywords.empty())
        return error_at(node, fmt::format("{} takes exactly two positional arguments", f));
      return combine(f == "min" ? DimOpKind::Min : DimOpKind::Max, node, *node.items[0],
                     *node.items[1], env);
    }
    default:
      return error_at(node, fmt::format("expected a dim (an integer, a declared dim or dim "
                                        "arithmetic), found '{}'", to_string(node)));
  }
}

Result<ShapeDim> build_shape_dim(const SyntaxNode& node, const FileEnvironment& env) {
  Result<Expr> e = build_dim_expr(node, env);
  if (!e) return e.diagnostics();
  Result<ShapeDim> d = ShapeDim::from_expr(*e);
  if (!d) return located_at(d.diagnostics(), node);
  return d;
}

}  // namespace tf::text
