#include "ir/layout/shard_injectivity.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "ir/layout/injectivity.h"
#include "ir/layout/print.h"

namespace tf::shard_detail {

namespace {

constexpr const char* kInjectiveRule = "TYPES.2.TENSOR.injective-layout";

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

Diagnostic not_injective(const std::string& spelling, std::string why) {
  Diagnostic d = rule_error(
      kInjectiveRule,
      fmt::format("{} is not injective on (mesh instance, local coordinate) -> (engine, "
                  "offset): {}",
                  spelling, std::move(why)));
  d.notes.push_back(
      "a Split axis with stride 0 gives each instance its own engine; every other axis must "
      "be told apart by its offset (docs/decisions.md D8, upstream shard section 7.1.2)");
  return d;
}

std::string coordinate(const std::vector<std::int64_t>& c) {
  return fmt::format("({}{})", fmt::join(c, ", "), c.size() == 1 ? "," : "");
}

// One flat axis of the base: its extent and, if it has a single one, its stride.
struct Axis {
  IntTuple extent;
  std::optional<IntTuple> stride;
};

// A ComposedLayout with an inner layout, enumerated: its values by flat index.
struct Table {
  std::vector<std::int64_t> extents;
  std::vector<std::int64_t> values;
};

Result<Table> enumerate(const ComposedLayout& c, const std::string& spelling) {
  if (!is_static(c))
    return type_error(fmt::format("{}: cannot decide injectivity of the symbolic base {}; its "
                                  "extents and strides must be static",
                                  spelling, to_string(c)));
  Table t;
  for (const auto& e : leaves(c.shape())) t.extents.push_back(e.value());
  if (c.shape().is_tuple() && c.shape().children().empty()) t.extents.clear();
  std::int64_t n = 1;
  for (std::int64_t e : t.extents) n *= e;  // bounded by the layout size limit
  if (n > kInjectivityEnumerationLimit)
    return type_error(fmt::format("{}: cannot decide injectivity: the base {} has {} elements, "
                                  "above the enumeration limit {}",
                                  spelling, to_string(c), n, kInjectivityEnumerationLimit));
  t.values.reserve(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    auto v = c(IntTuple(i));
    TF_TRY(v);
    t.values.push_back(*v);
  }
  return t;
}

// The constant step of the table along axis k, or nullopt when it has none.
std::optional<std::int64_t> step_along(const Table& t, std::size_t k) {
  std::int64_t below = 1;  // index stride of axis k
  for (std::size_t j = 0; j < k; ++j) below *= t.extents[j];
  const std::int64_t extent = t.extents[k];
  if (extent <= 1 || t.values.empty()) return 0;
  std::optional<std::int64_t> step;
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(t.values.size()); ++i) {
    if ((i / below) % extent == extent - 1) continue;
    const std::int64_t d =
        t.values[static_cast<std::size_t>(i + below)] - t.values[static_cast<std::size_t>(i)];
    if (step && *step != d) return std::nullopt;
    step = d;
  }
  return step;
}

std::vector<std::int64_t> digits(std::int64_t index, const std::vector<std::int64_t>& extents) {
  std::vector<std::int64_t> out;
  for (std::int64_t e : extents) {
    out.push_back(index % e);
    index /= e;
  }
  return out;
}

// Step 2 for an enumerated base: the values with the Z axes at 0 must be distinct.
std::vector<Diagnostic> reduced_distinct(const Table& t, const std::vector<bool>& zero_axis,
                                         const std::string& spelling) {
  std::vector<std::pair<std::int64_t, std::int64_t>> seen;  // (value, flat index)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(t.values.size()); ++i) {
    const auto d = digits(i, t.extents);
    bool on_zero_axes = true;
    for (std::size_t k = 0; k < d.size(); ++k)
      if (zero_axis[k] && d[k] != 0) on_zero_axes = false;
    if (on_zero_axes) seen.emplace_back(t.values[static_cast<std::size_t>(i)], i);
  }
  std::sort(seen.begin(), seen.end());
  for (std::size_t j = 1; j < seen.size(); ++j)
    if (seen[j].first == seen[j - 1].first)
      return {not_injective(
          spelling, fmt::format("the global coordinates {} and {} share one engine and both map "
                                "to offset {}",
                                coordinate(digits(seen[j - 1].second, t.extents)),
                                coordinate(digits(seen[j].second, t.extents)), seen[j].first))};
  return {};
}

// Step 2 for an affine base with some symbolic entry: the separated-modes test, which can
// prove injectivity when the only symbolic extent is on the mode of the largest stride.
std::vector<Diagnostic> reduced_symbolic(const std::vector<Axis>& axes,
                                         const std::vector<bool>& zero_axis,
                                         const std::string& spelling) {
  struct Moving {
    IntTuple extent;
    std::int64_t stride;
  };
  auto undecidable = [&](const std::string& why) {
    return std::vector<Diagnostic>{type_error(fmt::format(
        "{}: cannot decide injectivity with symbolic entries ({}); bind the symbols or use "
        "static extents and strides",
        spelling, why))};
  };
  std::vector<Moving> moving;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    if (zero_axis[k]) continue;
    const IntTuple& e = axes[k].extent;
    if (e.is_int() && e.value() <= 1) continue;
    if (!axes[k].stride->is_int())
      return undecidable(fmt::format("axis {} has the symbolic stride {}", k,
                                     to_string(*axes[k].stride)));
    moving.push_back({e, axes[k].stride->value()});
  }
  std::sort(moving.begin(), moving.end(),
            [](const Moving& a, const Moving& b) { return a.stride < b.stride; });
  std::int64_t reach = 0;
  for (std::size_t j = 0; j < moving.size(); ++j) {
    if (moving[j].stride <= reach || moving[j].stride == 0)
      return undecidable(fmt::format("the mode {}:{} overlaps the smaller-stride modes",
                                     to_string(moving[j].extent), moving[j].stride));
    if (!moving[j].extent.is_int()) {
      if (j + 1 != moving.size())
        return undecidable(fmt::format("the symbolic extent {} is not on the largest stride",
                                       to_string(moving[j].extent)));
      break;
    }
    reach += (moving[j].extent.value() - 1) * moving[j].stride;  // bounded by the size limit
  }
  return {};
}

// Step 2 for an affine base: the base with the Z axes collapsed must be injective.
std::vector<Diagnostic> reduced_affine(const std::vector<Axis>& axes,
                                       const std::vector<bool>& zero_axis,
                                       const std::string& spelling) {
  bool all_static = true;
  for (std::size_t k = 0; k < axes.size(); ++k)
    if (!axes[k].extent.is_int() || !axes[k].stride->is_int()) all_static = false;
  if (!all_static) return reduced_symbolic(axes, zero_axis, spelling);
  std::vector<IntTuple> shape, stride;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    shape.push_back(zero_axis[k] ? IntTuple(1) : axes[k].extent);
    stride.push_back(*axes[k].stride);
  }
  const Layout reduced = Layout::make_known_valid(IntTuple::tuple(shape), IntTuple::tuple(stride));
  auto diags = check_injective(reduced);
  if (diags.empty()) return {};
  if (diags.front().rule_id != kInjectiveRule) {
    diags.front().message = spelling + ": " + diags.front().message;
    return diags;
  }
  Diagnostic d = not_injective(
      spelling, "two global coordinates held by one engine share an offset");
  d.notes.push_back("with the per-instance axes fixed at 0: " + diags.front().message);
  return {d};
}

}  // namespace

std::vector<Diagnostic> check_shard_injective(const ShardChain& chain,
                                              const std::string& spelling) {
  const std::size_t rank = chain.extents.size();
  std::vector<bool> bound(rank, false);
  for (const auto& b : chain.bindings) bound[static_cast<std::size_t>(b.axis)] = true;

  // The single stride of each axis (nullopt where the base has none).
  std::vector<Axis> axes;
  std::optional<Table> table;
  const ComposedLayout* composed = chain.base.as_composed();
  if (composed && !composed->inner_is_identity()) {
    auto t = enumerate(*composed, spelling);
    TF_TRY(t);
    table = std::move(t).value();
    for (std::size_t k = 0; k < rank; ++k) {
      auto step = step_along(*table, k);
      axes.push_back({chain.extents[k], step ? std::optional<IntTuple>(*step) : std::nullopt});
    }
  } else {
    const Layout* affine = chain.base.as_layout();
    if (!affine && composed && composed->outer()) affine = &*composed->outer();
    std::vector<IntTuple> strides;
    if (affine) strides = leaves(affine->stride());
    TF_CHECK(strides.size() == rank || rank == 0, "base strides do not match its domain");
    for (std::size_t k = 0; k < rank; ++k) axes.push_back({chain.extents[k], strides[k]});
  }

  std::vector<Diagnostic> diags;
  for (std::size_t k = 0; k < rank; ++k) {
    if (!bound[k]) continue;
    if (!axes[k].stride)
      diags.push_back(type_error(fmt::format(
          "{}: layout axis {} is bound by a Split but the base {} has no single stride along "
          "it; layouts needing more than one stride per Split axis (cyclic / interleaved) are "
          "refused (upstream shard section 7.1.2)",
          spelling, k, to_string(chain.base))));
    else if (!axes[k].stride->is_int())
      diags.push_back(type_error(fmt::format(
          "{}: layout axis {} is bound by a Split but its stride {} is symbolic, so whether "
          "each instance owns an engine (stride 0) is undecidable (upstream shard section "
          "7.1.2)",
          spelling, k, to_string(*axes[k].stride))));
  }
  if (!diags.empty()) return diags;

  // An empty domain maps nothing.
  for (const auto& e : chain.extents)
    if (e.is_int() && e.value() == 0) return {};

  // Step 1: per-instance axes hold at most one element per instance.
  std::vector<bool> zero_axis(rank, false);
  for (std::size_t k = 0; k < rank; ++k) {
    if (!bound[k] || axes[k].stride->value() != 0) continue;
    zero_axis[k] = true;
    const IntTuple& l = chain.local[k];
    if (!l.is_int())
      return {type_error(fmt::format(
          "{}: layout axis {} has stride 0 and the symbolic local extent {}; whether one "
          "instance holds two elements there is undecidable",
          spelling, k, to_string(l)))};
    if (l.value() > 1) {
      std::vector<std::int64_t> x0(rank, 0), x1(rank, 0);
      x1[k] = 1;
      return {not_injective(
          spelling,
          fmt::format("layout axis {} has stride 0 and local extent {}, so the local "
                      "coordinates {} and {} of one instance share its engine and offset",
                      k, l.value(), coordinate(x0), coordinate(x1)))};
    }
  }

  // Step 2: the rest must be told apart by offset.
  if (table) return reduced_distinct(*table, zero_axis, spelling);
  return reduced_affine(axes, zero_axis, spelling);
}

}  // namespace tf::shard_detail
