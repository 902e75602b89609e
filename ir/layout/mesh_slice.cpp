#include "ir/layout/mesh_slice.h"

#include <fmt/format.h>

#include "ir/layout/print.h"
#include "ir/support/plant.h"

namespace tf {

namespace {

Diagnostic slice_error(const Mesh& m, const std::vector<SliceKey>& key, std::string why) {
  return category_error(DiagCategory::Type,
                        fmt::format("illegal mesh slice {} of {}: {}", slice_spelling("m", key),
                                    to_string(m), why));
}

}  // namespace

std::string to_string(const SliceKey& k) {
  switch (k.kind) {
    case SliceKey::Kind::All:
      return ":";
    case SliceKey::Kind::Index:
      return std::to_string(k.index);
    case SliceKey::Kind::Range: {
      std::string out = (k.start ? std::to_string(*k.start) : "") + ":" +
                        (k.stop ? std::to_string(*k.stop) : "");
      if (k.step) out += ":" + std::to_string(*k.step);
      return out;
    }
  }
  TF_UNREACHABLE("unknown SliceKey kind");
}

std::string slice_spelling(const std::string& mesh_name, const std::vector<SliceKey>& key) {
  std::string out = mesh_name + "[";
  for (std::size_t i = 0; i < key.size(); ++i) out += (i ? ", " : "") + to_string(key[i]);
  return out + "]";
}

Result<SliceBox> slice_box(const Mesh& m, const std::vector<SliceKey>& key) {
  if (m.is_sliced())
    return slice_error(m, key, "the mesh is already sliced; a slice of a slice is not supported");
  const int r = m.rank();
  if (static_cast<int>(key.size()) > r)
    return slice_error(m, key,
                       fmt::format("the key has {} entries but the mesh has {} axes", key.size(),
                                   r));
  SliceBox box;
  for (int i = 0; i < r; ++i) {
    const Layout axis = m.axes().mode(i);
    if (!axis.shape().is_int() || !axis.stride().is_int())
      return slice_error(m, key,
                         fmt::format("axis {} has the symbolic extent or stride {}; slicing needs "
                                     "static entries",
                                     i, to_string(axis)));
    const std::int64_t extent = axis.shape().value();
    const SliceKey k = i < static_cast<int>(key.size()) ? key[i] : SliceKey::all();
    std::int64_t start = 0, stop = extent;
    switch (k.kind) {
      case SliceKey::Kind::All:
        break;
      case SliceKey::Kind::Index:
        start = k.index < 0 ? k.index + extent : k.index;
        if (start < 0 || start >= extent)
          return slice_error(m, key,
                             fmt::format("index {} is outside axis {} of extent {}", k.index, i,
                                         extent));
        stop = start + 1;
        break;
      case SliceKey::Kind::Range:
        if (k.step && *k.step != 1)
          return slice_error(m, key, fmt::format("axis {} has step {}; only step 1 is supported",
                                                 i, *k.step));
        if (k.start) start = *k.start < 0 ? *k.start + extent : *k.start;
        if (k.stop) stop = *k.stop < 0 ? *k.stop + extent : *k.stop;
        // The planted bug (ir/support/plant.h): a negative stop counted one position short.
        if (TF_PLANTED(mesh_slice_negative_stop_short) && k.stop && *k.stop < 0) --stop;
        if (start < 0 || stop > extent || start > stop)
          return slice_error(m, key,
                             fmt::format("range {} is outside axis {} of extent {}", to_string(k),
                                         i, extent));
        if (start == stop)
          return slice_error(m, key, fmt::format("range {} selects no position of axis {}",
                                                 to_string(k), i));
        break;
    }
    box.starts.push_back(start);
    box.extents.push_back(stop - start);
  }
  return box;
}

std::vector<SliceKey> box_key(const SliceBox& box) {
  TF_CHECK(box.starts.size() == box.extents.size(), "a SliceBox needs one start per extent");
  std::vector<SliceKey> key;
  for (std::size_t i = 0; i < box.starts.size(); ++i)
    key.push_back(SliceKey::range(box.starts[i], box.starts[i] + box.extents[i]));
  return key;
}

Result<Mesh> slice(const Mesh& m, const std::vector<SliceKey>& key) {
  auto box = slice_box(m, key);
  TF_TRY(box);
  const int r = m.rank();
  std::vector<IntTuple> shape;
  std::int64_t offset = 0;
  for (int i = 0; i < r; ++i) {
    shape.emplace_back(box->extents[i]);
    // start < extent and the layout's span is below 2^62, so this cannot overflow.
    offset += box->starts[i] * m.axes().mode(i).stride().value();
  }
  // Keep the parent's spelling of a rank-1 leaf layout (`Layout(128, 1)`) as a leaf.
  const IntTuple sub_shape = m.axes().shape().is_leaf() ? shape[0] : IntTuple::tuple(shape);
  auto outer = Layout::make(sub_shape, m.axes().stride());
  TF_CHECK(outer.ok(), "a sub-box of a valid layout is valid");
  auto composed = ComposedLayout::make(std::nullopt, offset, std::move(outer).value());
  TF_CHECK(composed.ok(), "a slice offset is non-negative");
  auto sliced = Mesh::make(m.topologies(), std::move(composed).value(), m.names());
  TF_CHECK(sliced.ok(), "a slice of a valid mesh is a valid mesh");
  return sliced;
}

}  // namespace tf
