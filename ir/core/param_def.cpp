#include "ir/core/param_def.h"

#include <fmt/format.h>

#include <set>

#include "ir/core/attr_value.h"
#include "ir/core/op.h"

namespace tf {

namespace {

Diagnostic usage_error(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

}  // namespace

std::string_view param_kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Operand:
      return "operand";
    case ParamKind::Attribute:
      return "attribute";
  }
  TF_UNREACHABLE("bad ParamKind");
}

std::string_view attr_kind_name(AttrKind kind) {
  switch (kind) {
    case AttrKind::None:
      return "none";
    case AttrKind::Int:
      return "int";
    case AttrKind::Float:
      return "float";
    case AttrKind::Bool:
      return "bool";
    case AttrKind::String:
      return "string";
    case AttrKind::Enum:
      return "enum";
    case AttrKind::DType:
      return "dtype";
    case AttrKind::Storage:
      return "storage";
    case AttrKind::IntTuple:
      return "int_tuple";
    case AttrKind::Type:
      return "type";
    case AttrKind::Layout:
      return "layout";
    case AttrKind::Mesh:
      return "mesh";
    case AttrKind::Atom:
      return "atom";
    case AttrKind::Pattern:
      return "pattern";
    case AttrKind::Dim:
      return "dim";
    case AttrKind::DimTuple:
      return "dim_tuple";
  }
  TF_UNREACHABLE("bad AttrKind");
}

ParamDef ParamDef::operand(std::string name) {
  return ParamDef{.name = std::move(name), .kind = ParamKind::Operand};
}

ParamDef ParamDef::variadic_operand(std::string name) {
  return ParamDef{.name = std::move(name), .kind = ParamKind::Operand, .variadic = true};
}

ParamDef ParamDef::attribute(std::string name, AttrKind kind) {
  return ParamDef{.name = std::move(name), .kind = ParamKind::Attribute, .attr_kind = kind};
}

ParamDef ParamDef::attribute(std::string name, AttrKind kind, AttrDefault value) {
  const bool none = std::holds_alternative<std::monostate>(value);
  return ParamDef{.name = std::move(name),
                  .kind = ParamKind::Attribute,
                  .attr_kind = kind,
                  .optional = none,
                  .default_value = std::move(value)};
}

ParamDef ParamDef::enum_attribute(std::string name, const EnumSpace& space) {
  ParamDef p = attribute(std::move(name), AttrKind::Enum);
  p.enum_space = &space;
  return p;
}

ParamDef ParamDef::enum_attribute(std::string name, const EnumSpace& space, AttrDefault value) {
  ParamDef p = attribute(std::move(name), AttrKind::Enum, std::move(value));
  p.enum_space = &space;
  return p;
}

std::vector<Diagnostic> check_params(std::string_view op_name,
                                     const std::vector<ParamDef>& params) {
  std::vector<Diagnostic> diags;
  std::set<std::string, std::less<>> seen;
  bool variadic_seen = false, operand_after_variadic = false;
  for (const ParamDef& p : params) {
    if (!is_identifier(p.name))
      diags.push_back(usage_error(
          fmt::format("parameter '{}' of op '{}' is not an identifier", p.name, op_name)));
    else if (!seen.insert(p.name).second)
      diags.push_back(
          usage_error(fmt::format("op '{}' declares parameter '{}' twice", op_name, p.name)));
    if (p.kind == ParamKind::Operand) {
      operand_after_variadic = operand_after_variadic || variadic_seen;
      variadic_seen = variadic_seen || p.variadic;
      if (p.attr_kind != AttrKind::None || p.optional || p.default_value || p.enum_space)
        diags.push_back(usage_error(
            fmt::format("operand '{}' of op '{}' has an attribute kind, an optional flag or a "
                        "default; only attributes have those",
                        p.name, op_name)));
      continue;
    }
    if (p.attr_kind == AttrKind::None || p.variadic)
      diags.push_back(usage_error(fmt::format(
          "attribute '{}' of op '{}' needs a value kind and cannot be variadic", p.name, op_name)));
    else if ((p.attr_kind == AttrKind::Enum) != (p.enum_space != nullptr))
      diags.push_back(usage_error(fmt::format(
          "attribute '{}' of op '{}' {}", p.name, op_name,
          p.enum_space ? "is not an enum but names an enum space"
                       : "is an enum without an enum space naming its spellings")));
    else if (p.default_value && !attr_value_fits(p, attr_value_of(*p.default_value)))
      diags.push_back(usage_error(
          fmt::format("the default of attribute '{}' of op '{}' is not a value of kind {}", p.name,
                      op_name, attr_kind_name(p.attr_kind))));
  }
  if (operand_after_variadic)
    diags.push_back(usage_error(fmt::format(
        "op '{}' has an operand after its variadic operand; a variadic operand is the last one",
        op_name)));
  return diags;
}

}  // namespace tf
