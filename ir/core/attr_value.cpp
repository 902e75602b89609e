#include "ir/core/attr_value.h"

#include <fmt/format.h>

#include "ir/core/op.h"
#include "ir/support/tfir_string.h"
#include "ir/type/type_print.h"

namespace tf {

AttrValue attr_value_of(const AttrDefault& value) {
  return std::visit([](const auto& v) { return AttrValue(v); }, value);
}

bool attr_value_fits(AttrKind kind, const AttrValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return true;  // None
  switch (kind) {
    case AttrKind::Int:
      return std::holds_alternative<std::int64_t>(value);
    case AttrKind::Float:
      return std::holds_alternative<double>(value);
    case AttrKind::Bool:
      return std::holds_alternative<bool>(value);
    case AttrKind::String:
      return std::holds_alternative<std::string>(value);
    case AttrKind::Enum:
      return std::holds_alternative<EnumAttr>(value) && std::get<EnumAttr>(value).space != nullptr;
    case AttrKind::DType:
      return std::holds_alternative<DType>(value);
    case AttrKind::Storage:
      return std::holds_alternative<StorageKind>(value);
    case AttrKind::IntTuple:
      return std::holds_alternative<std::vector<std::int64_t>>(value);
    case AttrKind::Type:
      return std::holds_alternative<IRType>(value) && std::get<IRType>(value);
    case AttrKind::Layout:
      return std::holds_alternative<LayoutBase>(value);
    case AttrKind::Mesh:
      return std::holds_alternative<Mesh>(value);
    case AttrKind::Pattern:
      return std::holds_alternative<Pattern>(value) && std::get<Pattern>(value);
    case AttrKind::Atom:
      return std::holds_alternative<Atom>(value) && std::get<Atom>(value);
    case AttrKind::Dim:
      return std::holds_alternative<ShapeDim>(value) ||
             std::holds_alternative<std::int64_t>(value);
    case AttrKind::DimTuple:
      return std::holds_alternative<std::vector<ShapeDim>>(value) ||
             std::holds_alternative<std::vector<std::int64_t>>(value);
    case AttrKind::None:
      return false;
  }
  TF_UNREACHABLE("bad AttrKind");
}

bool attr_value_fits(const ParamDef& param, const AttrValue& value) {
  if (!attr_value_fits(param.attr_kind, value)) return false;
  const EnumAttr* e = std::get_if<EnumAttr>(&value);
  return e == nullptr || e->space == param.enum_space;
}

std::uint16_t enum_code(const AttrValue& value, const EnumSpace& space) {
  const EnumAttr* e = std::get_if<EnumAttr>(&value);
  TF_CHECK(e != nullptr && e->space == &space, "an attribute of enum space {} holds the {} {}",
           space.name, attr_value_kind_name(value),
           e != nullptr && e->space != nullptr ? e->space->name : std::string_view("value"));
  return e->code;
}

bool is_omittable(const ParamDef& param, const AttrValue& value) {
  if (param.default_value) return value == attr_value_of(*param.default_value);
  return param.optional && std::holds_alternative<std::monostate>(value);
}

std::string_view attr_value_kind_name(const AttrValue& value) {
  static constexpr std::string_view kNames[] = {
      "none", "int",    "float", "bool",    "string", "enum", "dtype", "storage", "int_tuple",
      "type", "layout", "mesh",  "pattern", "atom",   "dim",  "dim_tuple"};
  static_assert(std::variant_size_v<AttrValue> == std::size(kNames));
  return kNames[value.index()];
}

std::string attr_family_text(const ParamDef& param) {
  if (param.enum_space == nullptr) return std::string(attr_kind_name(param.attr_kind));
  return fmt::format("{} ({})", attr_kind_name(param.attr_kind), param.enum_space->name);
}

std::string attr_value_description(const AttrValue& value) {
  std::string s = fmt::format("{} {}", attr_value_kind_name(value),
                              attr_value_text(AttrKind::String, value));
  if (const EnumAttr* e = std::get_if<EnumAttr>(&value); e != nullptr && e->space != nullptr)
    s += fmt::format(" ({})", e->space->name);
  return s;
}

namespace {

template <typename T, typename F>
std::string tuple_text(const std::vector<T>& v, F&& one) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + one(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}


}  // namespace

std::string attr_value_text(AttrKind kind, const AttrValue& value) {
  // The family does not change a spelling: an enum is an EnumAttr, a string always quoted.
  struct Text {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(std::int64_t i) const { return fmt::format("{}", i); }
    std::string operator()(double d) const {
      std::string s = fmt::format("{}", d);
      // A whole float keeps a decimal point so that it reads back as a float.
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(const std::string& s) const { return tfir_quote(s); }
    std::string operator()(const EnumAttr& e) const {
      return e.space != nullptr ? std::string(e.spelling()) : "<enum without a space>";
    }
    std::string operator()(DType d) const { return std::string(d.name()); }
    std::string operator()(StorageKind k) const { return std::string(to_string(k)); }
    std::string operator()(const std::vector<std::int64_t>& v) const {
      return tuple_text(v, [](std::int64_t i) { return fmt::format("{}", i); });
    }
    std::string operator()(const IRType& t) const { return to_string(t); }
    std::string operator()(const LayoutBase& l) const { return to_string(l); }
    std::string operator()(const Mesh& m) const { return to_string(m); }
    std::string operator()(const Pattern& p) const { return to_string(p); }
    std::string operator()(const Atom& a) const { return a ? a->spelling() : "<null atom>"; }
    std::string operator()(const ShapeDim& d) const { return to_string(d); }
    std::string operator()(const std::vector<ShapeDim>& v) const {
      return tuple_text(v, [](const ShapeDim& d) { return to_string(d); });
    }
  };
  return std::visit(Text{}, value);
}

}  // namespace tf
