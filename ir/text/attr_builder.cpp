#include "ir/text/attr_builder.h"

#include <fmt/format.h>

#include "ir/core/dim_var_range_pat.h"
#include "ir/text/build_support.h"
#include "ir/text/dim_builder.h"
#include "ir/text/layout_builder.h"
#include "ir/text/type_builder.h"

namespace tf::text {

namespace {

Result<AttrValue> bool_value(const SyntaxNode& node) {
  if (is_name(node, "true")) return AttrValue(true);
  if (is_name(node, "false")) return AttrValue(false);
  return error_at(node, fmt::format("expected true or false, found '{}'", to_string(node)));
}

// The EnumAttr of param's space that `node` spells (a bare name or a quoted string).
Result<AttrValue> enum_value(Op op, const ParamDef& param, const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Name && node.kind != SyntaxKind::String)
    return error_at(node, fmt::format("expected an enum value (a bare name such as rn), found '{}'",
                                      to_string(node)));
  TF_CHECK(param.enum_space != nullptr, "enum attribute '{}' of {} names no enum space",
           param.name, op.name());
  if (std::optional<EnumAttr> v = enum_attr_of(*param.enum_space, node.text)) return AttrValue(*v);
  return located_at({unknown_enum_spelling(op.name(), param.name, *param.enum_space, node.text)},
                    node);
}

Result<AttrValue> int_tuple_value(const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Tuple)
    return error_at(node, fmt::format("expected a tuple of integers such as (0, 1), found '{}'",
                                      to_string(node)));
  std::vector<std::int64_t> v;
  for (const Syntax& item : node.items) {
    Result<std::int64_t> i = integer_value(*item);
    TF_TRY(i);
    v.push_back(*i);
  }
  return AttrValue(std::move(v));
}

Result<AttrValue> dim_tuple_value(const SyntaxNode& node, const BodyEnvironment& env) {
  if (node.kind != SyntaxKind::Tuple)
    return error_at(node, fmt::format("expected a tuple of dims such as (N, 8), found '{}'",
                                      to_string(node)));
  std::vector<ShapeDim> v;
  for (const Syntax& item : node.items) {
    Result<ShapeDim> d = build_shape_dim(*item, env.file());
    TF_TRY(d);
    v.push_back(*d);
  }
  return AttrValue(std::move(v));
}

Result<AttrValue> layout_or_mesh_value(bool want_mesh, const SyntaxNode& node,
                                       const BodyEnvironment& env) {
  Result<LayoutValue> v = build_layout_value(node, env.layouts());
  TF_TRY(v);
  if (const Mesh* m = std::get_if<Mesh>(&*v)) {
    if (want_mesh) return AttrValue(*m);
  } else if (!want_mesh) {
    return std::visit(
        [](const auto& l) -> AttrValue {
          if constexpr (std::is_same_v<std::decay_t<decltype(l)>, Mesh>) return AttrValue();
          else return AttrValue(LayoutBase(l));
        },
        *v);
  }
  return error_at(node, fmt::format("expected a {}, found the {} '{}'", want_mesh ? "mesh" : "layout",
                                    layout_value_kind(*v), to_string(node)));
}

Result<AttrValue> pattern_value(const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Call || !is_name(*node.callee, "DimVarRangePat") ||
      node.items.size() != 3 || !node.keywords.empty() || node.items[0]->kind != SyntaxKind::String)
    return error_at(node, fmt::format("expected DimVarRangePat(\"N\", lo, hi), found '{}'",
                                      to_string(node)));
  Result<std::int64_t> lo = integer_value(*node.items[1]);
  TF_TRY(lo);
  Result<std::int64_t> hi = integer_value(*node.items[2]);
  TF_TRY(hi);
  Result<Ref<const DimVarRangePat>> p = DimVarRangePat::make(node.items[0]->text, *lo, *hi);
  if (!p.ok()) return located_at(p.diagnostics(), node);
  return AttrValue(Pattern(*p));
}

}  // namespace

Result<AttrValue> build_attr_value(Op op, const ParamDef& param, const SyntaxNode& node,
                                   const BodyEnvironment& env) {
  if (param.attr_kind == AttrKind::Enum && !is_name(node, "None"))
    return enum_value(op, param, node);
  return build_attr_value(param.attr_kind, node, env);
}

Result<AttrValue> build_attr_value(AttrKind kind, const SyntaxNode& node,
                                   const BodyEnvironment& env) {
  if (is_name(node, "None")) return AttrValue();
  switch (kind) {
    case AttrKind::Int: {
      Result<std::int64_t> i = integer_value(node);
      TF_TRY(i);
      return AttrValue(*i);
    }
    case AttrKind::Float: {
      Result<double> d = float_value(node);
      TF_TRY(d);
      return AttrValue(*d);
    }
    case AttrKind::Bool:
      return bool_value(node);
    case AttrKind::String:
      if (node.kind == SyntaxKind::String) return AttrValue(node.text);
      return error_at(node, fmt::format("expected a string, found '{}'", to_string(node)));
    case AttrKind::Enum:
      TF_UNREACHABLE("an enum attribute value is built against its ParamDef's space");
    case AttrKind::DType: {
      Result<DType> d = build_dtype(node);
      TF_TRY(d);
      return AttrValue(*d);
    }
    case AttrKind::Storage: {
      Result<std::optional<StorageKind>> s = build_storage(node);
      TF_TRY(s);
      return *s ? AttrValue(**s) : AttrValue();
    }
    case AttrKind::IntTuple:
      return int_tuple_value(node);
    case AttrKind::Type: {
      Result<IRType> t = build_type(node, env.file());
      TF_TRY(t);
      return AttrValue(*t);
    }
    case AttrKind::Layout:
      return layout_or_mesh_value(false, node, env);
    case AttrKind::Mesh:
      return layout_or_mesh_value(true, node, env);
    case AttrKind::Atom:
      if (node.kind == SyntaxKind::Name)
        if (const Atom* a = env.atom(node.text)) return AttrValue(*a);
      return error_at(node, fmt::format("expected a declared atom name, found '{}'", to_string(node)));
    case AttrKind::Pattern:
      return pattern_value(node);
    case AttrKind::Dim: {
      Result<ShapeDim> d = build_shape_dim(node, env.file());
      TF_TRY(d);
      return AttrValue(*d);
    }
    case AttrKind::DimTuple:
      return dim_tuple_value(node, env);
    case AttrKind::None:
      break;
  }
  return error_at(node, "an attribute of family none has no value");
}

}  // namespace tf::text
