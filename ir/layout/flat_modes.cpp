#include "ir/layout/flat_modes.h"

#include <fmt/format.h>

#include "ir/layout/print.h"

namespace tf::layout_detail {

Diagnostic algebra_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

Result<Modes> static_modes(const Layout& l, std::string_view op, bool positive_extents) {
  if (!is_static(l)) {
    const IntSymbol* s = first_symbol(l.shape());
    if (!s) s = first_symbol(l.stride());
    return algebra_error(fmt::format("{} needs static extents and strides, but {} has the "
                                     "symbolic entry {}",
                                     op, to_string(l), s->name));
  }
  const auto shape = leaves(l.shape());
  const auto stride = leaves(l.stride());
  Modes modes;
  modes.reserve(shape.size());
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (positive_extents && shape[k].value() == 0)
      return algebra_error(
          fmt::format("{} needs positive extents, but {} has an extent of 0", op, to_string(l)));
    modes.push_back({shape[k].value(), stride[k].value()});
  }
  return modes;
}

Result<Layout> layout_of(const Modes& modes) {
  if (modes.empty()) return Layout::make(1, 0);
  if (modes.size() == 1) return Layout::make(modes[0].shape, modes[0].stride);
  std::vector<IntTuple> shape, stride;
  for (const auto& m : modes) {
    shape.emplace_back(m.shape);
    stride.emplace_back(m.stride);
  }
  return Layout::make(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride)));
}

}  // namespace tf::layout_detail
