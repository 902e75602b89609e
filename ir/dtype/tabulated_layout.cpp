#include "ir/dtype/tabulated_layout.h"

#include <fmt/format.h>

#include <numeric>

#include "ir/support/check.h"

namespace tf {

Result<TabulatedLayout> TabulatedLayout::make(std::int64_t target_size,
                                              std::vector<std::int64_t> targets) {
  if (target_size < 0)
    return category_error(DiagCategory::Type,
                          fmt::format("a layout target cardinality must be non-negative, found {}",
                                      target_size));
  for (std::size_t i = 0; i < targets.size(); ++i)
    if (targets[i] < 0 || targets[i] >= target_size)
      return category_error(
          DiagCategory::Type,
          fmt::format("layout source index {} maps to {}, outside the target range [0, {})", i,
                      targets[i], target_size));
  return TabulatedLayout(target_size, std::move(targets));
}

TabulatedLayout TabulatedLayout::identity(std::int64_t size) {
  TF_CHECK(size >= 0, "identity layout of negative size {}", size);
  std::vector<std::int64_t> targets(static_cast<std::size_t>(size));
  std::iota(targets.begin(), targets.end(), std::int64_t{0});
  return TabulatedLayout(size, std::move(targets));
}

std::vector<std::int64_t> TabulatedLayout::preimage_counts() const {
  std::vector<std::int64_t> counts(static_cast<std::size_t>(target_size_), 0);
  for (std::int64_t t : targets_) ++counts[static_cast<std::size_t>(t)];
  return counts;
}

}  // namespace tf
