#include "ir/layout/print.h"

#include <ostream>

namespace tf {

std::string to_string(const IntTuple& t) {
  if (t.is_int()) return std::to_string(t.value());
  if (t.is_symbol()) return t.symbol().name;
  const auto& children = t.children();
  std::string out = "(";
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (i > 0) out += ", ";
    out += to_string(children[i]);
  }
  if (children.size() == 1) out += ",";  // `(4,)` is a tuple, `(4)` would read as the leaf 4
  return out + ")";
}

std::string to_string(const Layout& l) {
  return "Layout(" + to_string(l.shape()) + ", " + to_string(l.stride()) + ")";
}

std::ostream& operator<<(std::ostream& os, const IntTuple& t) { return os << to_string(t); }
std::ostream& operator<<(std::ostream& os, const Layout& l) { return os << to_string(l); }

}  // namespace tf
