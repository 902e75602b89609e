#include "ir/core/enum_space.h"

#include <fmt/format.h>

#include "ir/support/check.h"
#include "ir/support/nearest_names.h"

namespace tf {

std::optional<std::uint16_t> EnumSpace::code_of(std::string_view spelling) const {
  for (std::size_t code = 0; code < spellings.size(); ++code)
    if (spellings[code] == spelling) return static_cast<std::uint16_t>(code);
  return std::nullopt;
}

std::string_view EnumSpace::spelling(std::uint16_t code) const {
  TF_CHECK(code < spellings.size(), "code {} is outside the enum space {}", code, name);
  return spellings[code];
}

std::string EnumSpace::list() const {
  std::string s;
  for (std::string_view w : spellings) s += (s.empty() ? "" : ", ") + std::string(w);
  return s;
}

std::string EnumSpace::alternatives() const {
  std::string s;
  for (std::size_t i = 0; i < spellings.size(); ++i) {
    if (i > 0) s += i + 1 == spellings.size() ? " or " : ", ";
    s += spellings[i];
  }
  return s;
}

std::string_view EnumAttr::spelling() const {
  TF_CHECK(space != nullptr, "an enum attribute value without a space");
  return space->spelling(code);
}

std::optional<EnumAttr> enum_attr_of(const EnumSpace& space, std::string_view spelling) {
  if (std::optional<std::uint16_t> code = space.code_of(spelling)) return EnumAttr{&space, *code};
  return std::nullopt;
}

Diagnostic unknown_enum_spelling(std::string_view op_name, std::string_view attr,
                                 const EnumSpace& space, std::string_view spelling) {
  const std::string wording =
      fmt::format(fmt::runtime(space.unknown), fmt::arg("attr", attr),
                  fmt::arg("spelling", spelling), fmt::arg("list", space.list()),
                  fmt::arg("alternatives", space.alternatives()));
  Diagnostic d = category_error(DiagCategory::Type, fmt::format("{}: {}", op_name, wording));
  return suggest_nearest(d, spelling, std::vector<std::string>(space.spellings.begin(), space.spellings.end()));
}

}  // namespace tf
