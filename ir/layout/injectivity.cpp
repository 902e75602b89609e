#include "ir/layout/injectivity.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

namespace {

using layout_detail::Mode;
using layout_detail::Modes;

// Two distinct flat indices with the same offset, if any exist.
using IndexPair = std::pair<std::int64_t, std::int64_t>;
using Collision = std::optional<IndexPair>;

// The decision of the header's steps 1-3; a Diagnostic only when undecidable.
Result<Collision> find_collision(const Layout& l) {
  auto modes = layout_detail::static_modes(l, "injectivity", /*positive_extents=*/false);
  TF_TRY(modes);

  std::int64_t domain = 1;
  for (const Mode& m : *modes) domain *= m.shape;  // bounded by the layout size limit
  if (domain == 0) return Collision{};

  // Step 1: a stride-0 mode with extent > 1: index 0 and one step along that mode collide.
  std::int64_t index_stride = 1;
  for (const Mode& m : *modes) {
    if (m.shape > 1 && m.stride == 0) return Collision{IndexPair{0, index_stride}};
    index_stride *= m.shape;
  }

  // Step 2: separated strides decide "injective" without enumeration.
  Modes moving;
  for (const Mode& m : *modes)
    if (m.shape > 1) moving.push_back(m);
  std::sort(moving.begin(), moving.end(),
            [](const Mode& x, const Mode& y) { return x.stride < y.stride; });
  bool separated = true;
  std::int64_t reach = 0;  // the largest offset of the modes so far
  for (const Mode& m : moving) {
    if (m.stride <= reach) {
      separated = false;
      break;
    }
    reach += (m.shape - 1) * m.stride;
  }
  if (separated) return Collision{};

  // Step 3: enumerate.
  if (domain > kInjectivityEnumerationLimit)
    return layout_detail::algebra_error(fmt::format(
        "cannot decide whether {} is injective: its strides overlap and its size {} is above "
        "the enumeration limit {}",
        to_string(l), domain, kInjectivityEnumerationLimit));
  std::vector<IndexPair> offsets;  // (offset, flat index)
  offsets.reserve(static_cast<std::size_t>(domain));
  for (std::int64_t i = 0; i < domain; ++i) {
    std::int64_t rest = i, offset = 0;
    for (const Mode& m : *modes) {
      offset += (rest % m.shape) * m.stride;
      rest /= m.shape;
    }
    offsets.emplace_back(offset, i);
  }
  std::sort(offsets.begin(), offsets.end());
  for (std::size_t k = 1; k < offsets.size(); ++k)
    if (offsets[k].first == offsets[k - 1].first)
      return Collision{IndexPair{offsets[k - 1].second, offsets[k].second}};
  return Collision{};
}

}  // namespace

Result<bool> is_injective(const Layout& l) {
  auto collision = find_collision(l);
  TF_TRY(collision);
  return !collision->has_value();
}

std::vector<Diagnostic> check_injective(const Layout& l) {
  auto collision = find_collision(l);
  TF_TRY(collision);
  if (!collision->has_value()) return {};
  const auto [i, j] = **collision;
  const IntTuple ci = idx2crd(l, i).value();
  const IntTuple cj = idx2crd(l, j).value();
  const std::int64_t offset = l(ci).value();
  Diagnostic d = rule_error(
      "TYPES.2.TENSOR.injective-layout",
      fmt::format("{} is not injective: the coordinates {} and {} both map to offset {}",
                  to_string(l), to_string(ci), to_string(cj), offset));
  d.notes.push_back("padding-style non-injective layouts are not supported (seed 000, section 2)");
  return {d};
}

}  // namespace tf
