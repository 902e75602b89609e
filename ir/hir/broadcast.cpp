#include "ir/hir/broadcast.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

bool is_one(const ShapeDim& d) {
  return d.is_static() && d.value() == 1;
}

}  // namespace

std::string shape_text(const std::vector<ShapeDim>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

Result<std::vector<ShapeDim>> broadcast_shapes(const std::vector<ShapeDim>& a,
                                               const std::vector<ShapeDim>& b) {
  const std::size_t rank = std::max(a.size(), b.size());
  std::vector<ShapeDim> out(rank, ShapeDim(1));
  for (std::size_t k = 1; k <= rank; ++k) {  // k-th axis from the end
    const ShapeDim da = k <= a.size() ? a[a.size() - k] : ShapeDim(1);
    const ShapeDim db = k <= b.size() ? b[b.size() - k] : ShapeDim(1);
    ShapeDim& r = out[rank - k];
    if (da == db || is_one(db))
      r = da;
    else if (is_one(da))
      r = db;
    else
      return category_error(
          DiagCategory::Type,
          fmt::format("shapes {} and {} do not broadcast: axis -{} has extents {} and {}",
                      shape_text(a), shape_text(b), k, to_string(da), to_string(db)));
  }
  return out;
}

}  // namespace tf::hir
