#include "ir/core/attr_value.h"

#include <fmt/format.h>

#include "ir/core/op.h"

namespace tf {

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
      return std::holds_alternative<std::string>(value) &&
             is_identifier(std::get<std::string>(value));
    case AttrKind::DType:
      return std::holds_alternative<DType>(value);
    case AttrKind::Storage:
      return std::holds_alternative<StorageKind>(value);
    case AttrKind::IntTuple:
      return std::holds_alternative<std::vector<std::int64_t>>(value);
    case AttrKind::None:
    case AttrKind::Type:
    case AttrKind::Layout:
    case AttrKind::Mesh:
    case AttrKind::Atom:
    case AttrKind::Pattern:
      return false;
  }
  TF_UNREACHABLE("bad AttrKind");
}

std::string_view attr_value_kind_name(const AttrValue& value) {
  static constexpr std::string_view kNames[] = {"none",   "int",   "float",   "bool",
                                                "string", "dtype", "storage", "int_tuple"};
  static_assert(std::variant_size_v<AttrValue> == std::size(kNames));
  return kNames[value.index()];
}

std::string attr_value_text(AttrKind kind, const AttrValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return "None";
  if (const auto* i = std::get_if<std::int64_t>(&value)) return fmt::format("{}", *i);
  if (const auto* d = std::get_if<double>(&value)) {
    std::string s = fmt::format("{}", *d);
    // A whole float keeps a decimal point so that it reads back as a float.
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
  }
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* s = std::get_if<std::string>(&value)) {
    if (kind == AttrKind::Enum) return *s;
    std::string out = "\"";
    for (char c : *s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  }
  if (const auto* d = std::get_if<DType>(&value)) return std::string(d->name());
  if (const auto* k = std::get_if<StorageKind>(&value)) return std::string(to_string(*k));
  const auto& v = std::get<std::vector<std::int64_t>>(value);
  if (v.size() == 1) return fmt::format("({},)", v[0]);
  return fmt::format("({})", fmt::join(v, ", "));
}

}  // namespace tf
