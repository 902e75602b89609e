#include "ir/core/kind_attrs.h"

namespace tf {

namespace {

template <typename Kind>
std::optional<Kind> parsed(const Call& c, std::optional<Kind> (*from_name)(std::string_view)) {
  const auto* spelled = std::get_if<std::string>(&c.attr("kind"));
  return spelled != nullptr ? from_name(*spelled) : std::nullopt;
}

}  // namespace

std::optional<BinaryKind> binary_kind_of(const Call& c) { return parsed(c, &binary_kind_from_name); }
std::optional<UnaryKind> unary_kind_of(const Call& c) { return parsed(c, &unary_kind_from_name); }
std::optional<ReduceKind> reduce_kind_of(const Call& c) { return parsed(c, &reduce_kind_from_name); }

std::string kind_spelling(const Call& c) {
  const auto* spelled = std::get_if<std::string>(&c.attr("kind"));
  return spelled != nullptr ? *spelled : std::string();
}

}  // namespace tf
