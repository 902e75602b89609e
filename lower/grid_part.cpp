#include "lower/grid_part.h"

#include <algorithm>

#include "ir/support/check.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

bool GridPart::is_row(const std::vector<ShapeDim>& shape) const {
  return !shape.empty() && shape.size() >= rows.size() && std::equal(rows.begin(), rows.end(), shape.begin());
}

bool GridPart::is_row_value(const ExprNode& e) const {
  const auto* t = e.type() ? e.type()->as<TensorType>() : nullptr;
  return t != nullptr && is_row(t->shape) && !held_whole(e);
}

bool GridPart::held_whole(const ExprNode& e) const {
  return std::find(shared_row_shaped.begin(), shared_row_shaped.end(), &e) != shared_row_shaped.end();
}

std::vector<ShapeDim> GridPart::own_leading() const {
  if (!layout) return leading;
  std::vector<ShapeDim> own(leading.size(), ShapeDim(1));
  own.back() = leading.back();
  return own;
}

std::vector<ShapeDim> GridPart::own_shape(const std::vector<ShapeDim>& shape) const {
  if (!is_row(shape)) return shape;
  std::vector<ShapeDim> out = own_leading();
  out.insert(out.end(), shape.begin() + static_cast<std::ptrdiff_t>(rows.size()), shape.end());
  return out;
}

std::vector<ShapeDim> GridPart::held_shape(const std::vector<ShapeDim>& shape) const {
  std::vector<ShapeDim> out = leading;
  out.insert(out.end(), shape.begin() + static_cast<std::ptrdiff_t>(rows.size()), shape.end());
  return out;
}

std::optional<LayoutBase> GridPart::held_layout(const std::vector<ShapeDim>& shape) const {
  if (!layout) return std::nullopt;
  std::vector<std::int64_t> trailing;
  for (std::size_t i = rows.size(); i < shape.size(); ++i) trailing.push_back(shape[i].value());
  return layout(trailing);
}

std::int64_t GridPart::axis(const std::vector<ShapeDim>& shape, std::int64_t axis) const {
  if (!is_row(shape)) return axis;
  TF_CHECK(axis >= static_cast<std::int64_t>(rows.size()), "axis {} of a row value is one of its leading axes", axis);
  return axis - static_cast<std::int64_t>(rows.size()) + static_cast<std::int64_t>(leading.size());
}

std::vector<std::int64_t> GridPart::reduce_axes(const std::vector<ShapeDim>& shape,
                                                const std::vector<std::int64_t>& axes) const {
  if (!is_row(shape)) return axes;
  std::vector<std::int64_t> out;
  const auto m = static_cast<std::int64_t>(rows.size());
  bool rows_named = false;
  for (std::int64_t a : axes) {
    if (a < m) rows_named = true;
    else out.push_back(axis(shape, a));
  }
  if (rows_named)
    for (std::int64_t k = static_cast<std::int64_t>(leading.size()); k-- > 0;) out.insert(out.begin(), k);
  return out;
}

}  // namespace tf::lower
