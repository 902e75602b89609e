#include "ir/layout/topology.h"
#include "ir/support/tfir_string.h"

#include <fmt/format.h>

#include "ir/layout/print.h"

namespace tf {

Result<Topology> Topology::make(std::string name, IntTuple size) {
  auto error = [](std::string message) {
    return category_error(DiagCategory::Type, std::move(message));
  };
  if (name.empty()) return error("a Topology needs a non-empty level name");
  if (size.is_tuple())
    return error(fmt::format("Topology(\"{}\", {}): the extent must be one integer or symbol, "
                             "not a tuple",
                             name, to_string(size)));
  if (size.is_int()) {
    if (size.value() < 1)
      return error(fmt::format("Topology(\"{}\", {}): the extent must be at least 1", name,
                               size.value()));
  } else {
    const IntSymbol& s = size.symbol();
    if (s.name.empty())
      return error(fmt::format("Topology(\"{}\", ...): a symbolic extent needs a name", name));
    if (s.lo && s.hi && *s.lo >= *s.hi)
      return error(fmt::format("Topology(\"{}\", {}): the envelope [{}, {}) is empty", name,
                               s.name, *s.lo, *s.hi));
    if (s.hi && *s.hi <= 1)
      return error(fmt::format("Topology(\"{}\", {}): the envelope ends at {}, so the extent "
                               "can never be positive",
                               name, s.name, *s.hi));
  }
  return Topology(std::move(name), std::move(size));
}

std::optional<std::int64_t> Topology::static_size() const {
  if (!size_.is_int()) return std::nullopt;
  return size_.value();
}

std::string to_string(const Topology& t) {
  return fmt::format("Topology({}, {})", tfir_quote(t.name()), to_string(t.size()));
}

}  // namespace tf
