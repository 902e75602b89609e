#include "ir/type/type_print.h"

#include <algorithm>
#include <limits>
#include <ostream>

#include "ir/core/expr_print.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {

namespace {

// How many more nodes (types and shape elements) may be printed; past that a list ends in `...`
// (short_text). Unlimited for to_string.
struct Budget {
  std::size_t left;
  bool unlimited = false;
};

// The most nodes of a symbolic extent's expression a short_text quotes, and the most characters
// of a layout (a layout of thousands of modes is cut there, `...` marking the cut).
constexpr std::size_t kExtentNodes = 12;
constexpr std::size_t kLayoutChars = 160;

std::string print(const IRType& t, Budget& b);

std::string print_dim(const ShapeDim& d, Budget& b) {
  if (d.is_static()) return std::to_string(d.value());
  return b.unlimited ? to_string(d.expr()) : short_text(d.expr(), std::min(b.left + 1, kExtentNodes));
}

// `items` printed by `each` and joined by ", " while the budget lasts; then one `...` ends the
// list, so a message about a tuple of 10^5 types stays short.
template <typename T, typename Each>
std::string join(const std::vector<T>& items, Budget& b, Each each) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    if (b.left == 0) return s + "...";
    s += each(items[i]);
  }
  return s;
}

std::string join_types(const std::vector<IRType>& types, Budget& b) {
  return join(types, b, [&](const IRType& t) { return print(t, b); });
}

std::string tensor_string(const TensorType& t, Budget& b) {
  std::string s = "Tensor[(";
  s += join(t.shape, b, [&](const ShapeDim& d) {
    if (b.left > 0) --b.left;
    return print_dim(d, b);
  });
  s += t.shape.size() == 1 ? ",), " : "), ";
  s += t.dtype.name();
  if (t.layout && !(t.shape.empty() && *t.layout == empty_layout())) {
    const std::string layout = to_string(*t.layout);
    const bool cut = !b.unlimited && layout.size() > kLayoutChars;
    s += ", layout=" + (cut ? layout.substr(0, kLayoutChars) + "..." : layout);
  }
  return s + storage_keyword(t.storage) + "]";
}

std::string print(const IRType& t, Budget& b) {
  if (!t) return "<null>";
  if (b.left == 0) return "...";
  --b.left;
  switch (t->kind()) {
    case TypeKind::TensorType:
      return tensor_string(*t->as<TensorType>(), b);
    case TypeKind::TupleType:
      return "Tuple[" + join_types(t->as<TupleType>()->fields, b) + "]";
    case TypeKind::UnitType:
      return "Unit";
    case TypeKind::CallableType: {
      const CallableType& c = *t->as<CallableType>();
      std::string params = join_types(c.parameters, b);
      return "Callable[(" + params + ") -> " + print(c.return_type, b) + "]";
    }
  }
  TF_UNREACHABLE("bad TypeKind");
}

}  // namespace

std::string storage_keyword(std::optional<StorageKind> storage) {
  if (storage == StorageKind::Gmem) return "";
  return ", storage=" + (storage ? std::string(to_string(*storage)) : std::string("None"));
}

std::string to_string(const ShapeDim& d) {
  return d.is_static() ? std::to_string(d.value()) : to_string(d.expr());
}

std::string to_string(const IRType& t) {
  Budget unlimited{std::numeric_limits<std::size_t>::max(), /*unlimited=*/true};
  return print(t, unlimited);
}

std::string short_text(const IRType& t, std::size_t max_nodes) {
  Budget b{std::max<std::size_t>(1, max_nodes)};
  return print(t, b);
}

std::ostream& operator<<(std::ostream& os, const IRType& t) {
  return os << to_string(t);
}
std::ostream& operator<<(std::ostream& os, const ShapeDim& d) {
  return os << to_string(d);
}

}  // namespace tf
