#include "ir/layout/participants.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/checked_math.h"
#include "ir/layout/print.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

}  // namespace

Result<std::vector<std::int64_t>> image(const Mesh& m) {
  const Layout& axes = m.axes();
  if (!is_static(axes) || (m.composed() && !is_static(*m.composed())))
    return type_error(fmt::format("{}: the participants of a mesh with a symbolic extent or "
                                  "stride are not static",
                                  to_string(m)));
  const std::int64_t n = size(axes).value();
  if (n > kMeshEnumerationLimit)
    return type_error(fmt::format("{}: {} positions are above the enumeration limit {}",
                                  to_string(m), n, kMeshEnumerationLimit));
  // Flat leaf extents and strides, leftmost fastest.
  std::vector<std::int64_t> extents, strides;
  for (const IntTuple& e : leaves(axes.shape())) extents.push_back(e.value());
  for (const IntTuple& s : leaves(axes.stride())) strides.push_back(s.value());
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(n));
  const ComposedLayout* c = m.composed();
  for (std::int64_t i = 0; i < n; ++i) {
    std::int64_t rest = i, local = 0;  // below the layout's span bound 2^62
    for (std::size_t k = 0; k < extents.size(); ++k) {
      local += (rest % extents[k]) * strides[k];
      rest /= extents[k];
    }
    auto shifted = layout_detail::checked_add(local, m.offset());
    if (!shifted)
      return type_error(fmt::format("{}: offset + outer overflows int64", to_string(m)));
    std::int64_t value = *shifted;
    if (c && c->inner()) {
      auto mapped = (*c)(IntTuple(i));
      TF_TRY(mapped);
      value = *mapped;
    }
    out.push_back(value);
  }
  return out;
}

Result<ParticipantSummary> summarize_participants(const Mesh& m) {
  auto domain = topology_domain(m);
  TF_TRY(domain);
  auto indices = image(m);
  TF_TRY(indices);
  ParticipantSummary s;
  s.domain = *domain;
  s.count = static_cast<std::int64_t>(indices->size());
  if (indices->empty()) return s;
  std::vector<std::int64_t> sorted = *indices;
  std::sort(sorted.begin(), sorted.end());
  s.base = sorted.front();
  s.duplicate_free = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
  s.contiguous = s.duplicate_free && sorted.back() - sorted.front() + 1 == s.count;
  s.within_domain = sorted.front() >= 0 && sorted.back() < s.domain;
  return s;
}

}  // namespace tf
