#include "ir/layout/mesh_slice_verify.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/print.h"

namespace tf {

namespace {

constexpr const char* kDynamic = "TIR.1.5.SYNC.dynamic-mesh-rejected";
constexpr const char* kTopology = "TIR.1.5.SYNC.forged-slice-topology";
constexpr const char* kStrides = "TIR.1.5.SYNC.forged-slice-strides";
constexpr const char* kExtents = "TIR.1.5.SYNC.forged-slice-extents";
constexpr const char* kOffset = "TIR.1.5.SYNC.forged-slice-offset";
constexpr const char* kFullUnequal = "TIR.1.5.SYNC.full-mesh-unequal";

std::vector<std::int64_t> flat_values(const IntTuple& t) {
  std::vector<std::int64_t> out;
  for (const IntTuple& leaf : leaves(t)) out.push_back(leaf.value());
  return out;
}

// Sorted by stride, does every stride of an extent > 1 axis exceed what the smaller ones reach?
bool separated(const std::vector<std::int64_t>& extents,
               const std::vector<std::int64_t>& strides) {
  std::vector<std::pair<std::int64_t, std::int64_t>> moving;  // (stride, extent)
  for (std::size_t i = 0; i < extents.size(); ++i)
    if (extents[i] > 1) moving.emplace_back(strides[i], extents[i]);
  std::sort(moving.begin(), moving.end());
  std::int64_t reach = 0;
  for (const auto& [stride, extent] : moving) {
    if (stride <= reach) return false;
    reach += (extent - 1) * stride;
  }
  return true;
}

Diagnostic proof_error(const char* rule, const Mesh& s, const Mesh& e, std::string why) {
  Diagnostic d = rule_error(rule, fmt::format("{} is not a constant slice of the enclosing mesh "
                                              "{}: {}",
                                              to_string(s), to_string(e), why));
  d.notes.push_back("a sliced mesh is accepted only if it rebuilds as e[key] of an enclosing "
                    "full mesh e (seed 002 section 1.5)");
  return d;
}

}  // namespace

Result<std::optional<std::vector<std::int64_t>>> decompose_slice_offset(
    const Layout& e, const std::vector<std::int64_t>& n, std::int64_t offset) {
  const std::vector<std::int64_t> extents = flat_values(e.shape());
  const std::vector<std::int64_t> strides = flat_values(e.stride());
  TF_CHECK(n.size() == extents.size(), "decompose_slice_offset needs one sub-extent per axis");
  for (std::size_t i = 0; i < n.size(); ++i)
    TF_CHECK(n[i] >= 1 && n[i] <= extents[i], "sub-extent {} out of [1, {}]", n[i], extents[i]);
  using Starts = std::optional<std::vector<std::int64_t>>;
  if (offset < 0) return Starts{};
  if (separated(extents, strides)) {
    // Greedy mixed-radix decoding from the largest stride down: the coordinate is unique.
    std::vector<std::size_t> order(extents.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t x, std::size_t y) { return strides[x] > strides[y]; });
    std::vector<std::int64_t> starts(extents.size(), 0);
    std::int64_t rest = offset;
    for (std::size_t i : order) {
      if (extents[i] <= 1 || strides[i] == 0) continue;
      const std::int64_t c = rest / strides[i];
      if (c > extents[i] - n[i]) return Starts{};
      starts[i] = c;
      rest -= c * strides[i];
    }
    if (rest != 0) return Starts{};
    return Starts{starts};
  }
  // Overlapping strides: enumerate the admissible starts.
  std::int64_t total = 1;
  for (std::size_t i = 0; i < n.size(); ++i) {
    total *= extents[i] - n[i] + 1;
    if (total > kMeshEnumerationLimit)
      return category_error(DiagCategory::Type,
                            fmt::format("cannot decompose the slice offset {} over {}: the "
                                        "strides overlap and the start box is above the "
                                        "enumeration limit {}",
                                        offset, to_string(e), kMeshEnumerationLimit));
  }
  std::vector<std::int64_t> starts(n.size(), 0);
  for (std::int64_t k = 0; k < total; ++k) {
    std::int64_t rest = k, value = 0;
    for (std::size_t i = 0; i < n.size(); ++i) {
      const std::int64_t span = extents[i] - n[i] + 1;
      starts[i] = rest % span;
      rest /= span;
      value += starts[i] * strides[i];
    }
    if (value == offset) return Starts{starts};
  }
  return Starts{};
}

Result<SliceBox> prove_slice_of(const Mesh& s, const Mesh& e) {
  if (!s.is_sliced()) {
    if (s == e) {
      SliceBox full;
      if (is_static(e.axes()))
        for (int i = 0; i < e.rank(); ++i) {
          full.starts.push_back(0);
          full.extents.push_back(e.axes().mode(i).shape().value());
        }
      return full;
    }
    return rule_error(kFullUnequal,
                      fmt::format("the full mesh {} does not equal the enclosing mesh {}; a full "
                                  "mesh is accepted only by equality with an enclosing mesh",
                                  to_string(s), to_string(e)));
  }
  if (e.is_sliced())
    return proof_error(kTopology, s, e, "the enclosing mesh is itself a slice, not a full mesh");
  if (!is_static(s) || !is_static(e))
    return rule_error(kDynamic, fmt::format("cannot prove {} a slice of {}: a symbolic extent or "
                                            "stride is not a constant slice",
                                            to_string(s), to_string(e)));
  if (s.topologies() != e.topologies())
    return proof_error(kTopology, s, e, "the topology tuples differ");
  if (s.names() != e.names()) return proof_error(kTopology, s, e, "the axis names differ");
  const ComposedLayout& c = *s.composed();
  if (!c.inner_is_identity())
    return proof_error(kStrides, s, e,
                       fmt::format("its inner {} is not the identity", to_string(*c.inner())));
  const Layout& sub = s.axes();
  const Layout& full = e.axes();
  if (sub.shape().is_leaf() != full.shape().is_leaf() || s.rank() != e.rank() ||
      sub.stride() != full.stride())
    return proof_error(kStrides, s, e,
                       fmt::format("its strides {} differ from the enclosing strides {}",
                                   to_string(sub.stride()), to_string(full.stride())));
  const std::vector<std::int64_t> n = flat_values(sub.shape());
  const std::vector<std::int64_t> big = flat_values(full.shape());
  for (std::size_t i = 0; i < n.size(); ++i)
    if (n[i] < 1 || n[i] > big[i])
      return proof_error(kExtents, s, e,
                         fmt::format("axis {} selects {} positions of an axis of extent {}", i,
                                     n[i], big[i]));
  auto starts = decompose_slice_offset(full, n, c.offset());
  TF_TRY(starts);
  if (!starts->has_value())
    return proof_error(kOffset, s, e,
                       fmt::format("the offset {} is not sum(start_i * stride_i) for in-range "
                                   "starts of the sub-extents {}",
                                   c.offset(), to_string(sub.shape())));
  SliceBox box{**starts, n};
  auto rebuilt = slice(e, box_key(box));
  TF_TRY(rebuilt);
  if (!(*rebuilt == s))
    return proof_error(kOffset, s, e, fmt::format("rebuilding the slice gives {}",
                                                  to_string(*rebuilt)));
  return box;
}

std::vector<Diagnostic> verify_mesh_in_scope(const Mesh& m, const std::vector<Mesh>& enclosing) {
  if (enclosing.empty()) {
    const char* rule = m.is_sliced() ? kTopology : kFullUnequal;
    return {rule_error(rule, fmt::format("{} is used with no enclosing mesh in scope",
                                         to_string(m)))};
  }
  for (auto it = enclosing.rbegin(); it != enclosing.rend(); ++it)
    if (prove_slice_of(m, *it).ok()) return {};
  // Explain against the innermost full mesh with the same topologies, else the innermost.
  const Mesh* witness = &enclosing.back();
  for (auto it = enclosing.rbegin(); it != enclosing.rend(); ++it)
    if (!it->is_sliced() && it->topologies() == m.topologies()) {
      witness = &*it;
      break;
    }
  return prove_slice_of(m, *witness).diagnostics();
}

std::optional<std::vector<SliceKey>> slice_key_of(const Mesh& s, const Mesh& e) {
  if (e.is_sliced()) return std::nullopt;
  Result<SliceBox> box = prove_slice_of(s, e);
  if (!box.ok()) return std::nullopt;
  const std::vector<IntTuple> extents =
      e.axes().shape().is_leaf() ? std::vector<IntTuple>{e.axes().shape()} : e.axes().shape().children();
  std::vector<SliceKey> key;
  for (std::size_t i = 0; i < box->starts.size(); ++i) {
    const bool whole = box->starts[i] == 0 && i < extents.size() && extents[i].is_int() &&
                       box->extents[i] == extents[i].value();
    key.push_back(whole ? SliceKey::all() : SliceKey::range(box->starts[i], box->starts[i] + box->extents[i]));
  }
  return key;
}

}  // namespace tf
