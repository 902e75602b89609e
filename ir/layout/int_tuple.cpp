#include "ir/layout/int_tuple.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/checked_math.h"
#include "ir/layout/print.h"

namespace tf {

IntTuple IntTuple::tuple(std::vector<IntTuple> children) {
  return IntTuple(std::make_shared<const std::vector<IntTuple>>(std::move(children)));
}

std::int64_t IntTuple::value() const {
  TF_CHECK(is_int(), "value() of the non-integer IntTuple {}", to_string(*this));
  return std::get<0>(node_);
}

const IntSymbol& IntTuple::symbol() const {
  TF_CHECK(is_symbol(), "symbol() of the non-symbolic IntTuple {}", to_string(*this));
  return std::get<1>(node_);
}

const std::vector<IntTuple>& IntTuple::children() const {
  TF_CHECK(is_tuple(), "children() of the leaf {}", to_string(*this));
  return *std::get<2>(node_);
}

const IntTuple& IntTuple::operator[](std::size_t i) const {
  const auto& c = children();
  TF_CHECK(i < c.size(), "mode {} of the rank-{} tuple {}", i, c.size(), to_string(*this));
  return c[i];
}

bool operator==(const IntTuple& a, const IntTuple& b) {
  if (a.node_.index() != b.node_.index()) return false;
  if (a.is_int()) return a.value() == b.value();
  if (a.is_symbol()) return a.symbol() == b.symbol();
  return a.children() == b.children();
}

std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& extents, std::int64_t scale) {
  std::vector<std::int64_t> strides(extents.size(), scale);
  for (std::size_t i = extents.size(); i-- > 1;) strides[i - 1] = strides[i] * extents[i];
  return strides;
}

IntTuple tuple_of_ints(const std::vector<std::int64_t>& values) {
  return IntTuple::tuple(std::vector<IntTuple>(values.begin(), values.end()));
}

int rank(const IntTuple& t) { return t.is_tuple() ? static_cast<int>(t.children().size()) : 1; }

int depth(const IntTuple& t) {
  if (t.is_leaf()) return 0;
  int deepest = 0;
  for (const auto& c : t.children()) deepest = std::max(deepest, depth(c));
  return 1 + deepest;
}

namespace {
void collect_leaves(const IntTuple& t, std::vector<IntTuple>& out) {
  if (t.is_leaf()) {
    out.push_back(t);
    return;
  }
  for (const auto& c : t.children()) collect_leaves(c, out);
}
}  // namespace

std::vector<IntTuple> leaves(const IntTuple& t) {
  std::vector<IntTuple> out;
  collect_leaves(t, out);
  return out;
}

IntTuple flatten(const IntTuple& t) { return t.is_leaf() ? t : IntTuple::tuple(leaves(t)); }

bool is_static(const IntTuple& t) { return first_symbol(t) == nullptr; }

const IntSymbol* first_symbol(const IntTuple& t) {
  if (t.is_symbol()) return &t.symbol();
  if (t.is_int()) return nullptr;
  for (const auto& c : t.children())
    if (const IntSymbol* s = first_symbol(c)) return s;
  return nullptr;
}

bool congruent(const IntTuple& a, const IntTuple& b) {
  if (a.is_leaf() || b.is_leaf()) return a.is_leaf() && b.is_leaf();
  if (a.children().size() != b.children().size()) return false;
  for (std::size_t i = 0; i < a.children().size(); ++i)
    if (!congruent(a[i], b[i])) return false;
  return true;
}

Result<std::int64_t> product(const IntTuple& t, std::string_view what) {
  if (const IntSymbol* s = first_symbol(t))
    return category_error(DiagCategory::Type,
                          fmt::format("{} needs static extents, but {} has the symbolic entry {}",
                                      what, to_string(t), s->name));
  std::int64_t p = 1;
  for (const auto& leaf : leaves(t)) {
    auto next = layout_detail::checked_mul(p, leaf.value());
    if (!next)
      return category_error(DiagCategory::Type,
                            fmt::format("{}: the product of {} overflows int64", what,
                                        to_string(t)));
    p = *next;
  }
  return p;
}

namespace {
// Builds strides congruent with `shape`; `running` is the product of the leaves seen so far,
// or empty once a symbolic extent has been passed (no later stride can be spelled then).
Result<IntTuple> prefix_strides(const IntTuple& shape, std::optional<std::int64_t>& running,
                                const IntTuple& whole, const IntSymbol*& blocking) {
  if (shape.is_leaf()) {
    if (!running)
      return category_error(
          DiagCategory::Type,
          fmt::format("the column-major strides of {} cannot be spelled: a stride after the "
                      "symbolic extent {} would be symbolic",
                      to_string(whole), blocking->name));
    IntTuple stride(*running);
    if (shape.is_symbol()) {
      blocking = &shape.symbol();
      running.reset();
    } else {
      running = layout_detail::checked_mul(*running, shape.value());
      if (!running)
        return category_error(DiagCategory::Type,
                              fmt::format("the column-major strides of {} overflow int64",
                                          to_string(whole)));
    }
    return stride;
  }
  std::vector<IntTuple> out;
  for (const auto& c : shape.children()) {
    auto s = prefix_strides(c, running, whole, blocking);
    if (!s.ok()) return s;
    out.push_back(std::move(s).value());
  }
  return IntTuple::tuple(std::move(out));
}
}  // namespace

Result<IntTuple> compact_col_major(const IntTuple& shape) {
  // The last leaf's stride never depends on its own extent, so a symbol there is fine; the
  // running product only fails if a leaf after the symbol needs it.
  std::optional<std::int64_t> running = 1;
  const IntSymbol* blocking = nullptr;
  return prefix_strides(shape, running, shape, blocking);
}

namespace {
IntTuple split_index(const IntTuple& shape, std::int64_t& index) {
  if (shape.is_leaf()) {
    std::int64_t extent = shape.value();
    std::int64_t c = index % extent;
    index /= extent;
    return c;
  }
  std::vector<IntTuple> out;
  for (const auto& c : shape.children()) out.push_back(split_index(c, index));
  return IntTuple::tuple(std::move(out));
}
}  // namespace

Result<IntTuple> idx2crd(const IntTuple& shape, std::int64_t index) {
  auto n = product(shape, "idx2crd");
  TF_TRY(n);
  if (index < 0 || index >= *n)
    return category_error(DiagCategory::Type,
                          fmt::format("idx2crd: index {} is outside the domain [0, {}) of shape {}",
                                      index, *n, to_string(shape)));
  return split_index(shape, index);
}

}  // namespace tf
