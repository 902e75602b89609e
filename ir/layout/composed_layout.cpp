#include "ir/layout/composed_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "ir/layout/checked_math.h"
#include "ir/layout/injectivity.h"
#include "ir/layout/print.h"

namespace tf {

Result<ComposedLayout> ComposedLayout::make(std::optional<Layout> inner, std::int64_t offset,
                                            std::optional<Layout> outer) {
  if (offset < 0)
    return category_error(DiagCategory::Type,
                          fmt::format("ComposedLayout offset {} is negative; an offset is a "
                                      "non-negative index shift",
                                      offset));
  return ComposedLayout(std::move(inner), offset, std::move(outer));
}

IntTuple ComposedLayout::shape() const {
  if (outer_) return outer_->shape();
  if (inner_) return inner_->shape();
  return IntTuple::tuple({});
}

int ComposedLayout::domain_rank() const {
  const IntTuple s = shape();
  if (s.is_leaf()) return 1;
  return static_cast<int>(leaves(s).size());
}

Result<std::int64_t> ComposedLayout::operator()(const IntTuple& coord) const {
  std::int64_t mid = 0;
  if (outer_) {
    auto o = (*outer_)(coord);
    TF_TRY(o);
    mid = *o;
  } else {
    if (!coord.is_int() || coord.value() < 0)
      return category_error(DiagCategory::Type,
                            fmt::format("{}: the identity outer takes a non-negative integer, "
                                        "not {}",
                                        to_string(*this), to_string(coord)));
    mid = coord.value();
  }
  auto shifted = layout_detail::checked_add(mid, offset_);
  if (!shifted)
    return category_error(DiagCategory::Type,
                          fmt::format("{}: offset + outer overflows int64", to_string(*this)));
  if (!inner_) return *shifted;
  auto inner_size = size(*inner_);
  TF_TRY(inner_size);
  if (*shifted >= *inner_size)
    return category_error(DiagCategory::Type,
                          fmt::format("{}: offset + outer(c) = {} lies outside the inner domain "
                                      "[0, {})",
                                      to_string(*this), *shifted, *inner_size));
  return (*inner_)(IntTuple(*shifted));
}

bool is_static(const ComposedLayout& l) {
  return (!l.inner() || is_static(*l.inner())) && (!l.outer() || is_static(*l.outer()));
}

Result<std::int64_t> size(const ComposedLayout& l) {
  return product(l.shape(), "ComposedLayout size");
}

Result<bool> is_injective(const ComposedLayout& l) {
  if (l.inner_is_identity()) {
    if (!l.outer()) return true;  // the identity shifted by offset
    return is_injective(*l.outer());
  }
  auto n = size(l);
  TF_TRY(n);
  if (!is_static(l))
    return category_error(DiagCategory::Type,
                          fmt::format("cannot decide whether {} is injective: it is symbolic",
                                      to_string(l)));
  if (*n > kInjectivityEnumerationLimit)
    return category_error(DiagCategory::Type,
                          fmt::format("cannot decide whether {} is injective: its size {} is "
                                      "above the enumeration limit {}",
                                      to_string(l), *n, kInjectivityEnumerationLimit));
  std::vector<std::int64_t> values;
  values.reserve(static_cast<std::size_t>(*n));
  for (std::int64_t i = 0; i < *n; ++i) {
    auto v = l(IntTuple(i));
    TF_TRY(v);
    values.push_back(*v);
  }
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) == values.end();
}

std::vector<Diagnostic> check_injective(const ComposedLayout& l) {
  auto r = is_injective(l);
  TF_TRY(r);
  if (*r) return {};
  Diagnostic d = rule_error("TYPES.2.TENSOR.injective-layout",
                            fmt::format("{} is not injective: two coordinates share an index",
                                        to_string(l)));
  d.notes.push_back("padding-style non-injective layouts are not supported (seed 000, section 2)");
  return {d};
}

std::string to_string(const ComposedLayout& l) {
  return fmt::format("ComposedLayout(inner={}, offset={}, outer={})",
                     l.inner() ? to_string(*l.inner()) : "None", l.offset(),
                     l.outer() ? to_string(*l.outer()) : "None");
}

std::ostream& operator<<(std::ostream& os, const ComposedLayout& l) { return os << to_string(l); }

}  // namespace tf
