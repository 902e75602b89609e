#include "ir/layout/testing/shard_gen.h"

#include <algorithm>
#include <numeric>
#include <ostream>

#include "ir/support/testing/pick.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/print.h"
#include "ir/layout/topology.h"

namespace tf::fuzz {

namespace {

template <typename T>
T known(Result<T> r) {
  TF_CHECK(r.ok(), "a generator built an invalid value: {}", r.diagnostics().front().render());
  return std::move(r).value();
}

Mesh mesh_of(const std::vector<std::int64_t>& extents) {
  std::vector<IntTuple> shape(extents.begin(), extents.end());
  const std::int64_t positions =
      std::accumulate(extents.begin(), extents.end(), std::int64_t{1}, std::multiplies<>());
  return known(Mesh::make({known(Topology::make("thread", positions))},
                          known(Layout::make(IntTuple::tuple(shape)))));
}

std::vector<std::int64_t> gen_mesh_extents(int max_rank, std::int64_t max_extent) {
  std::vector<std::int64_t> extents(static_cast<std::size_t>(pick<int>(1, max_rank + 1)));
  for (auto& e : extents) e = pick<std::int64_t>(1, max_extent + 1);
  return extents;
}

// One attr per mesh axis: mostly Splits of axes in [0, rank), some B / P / Dynamic.
std::vector<ShardAttr> gen_attrs(std::size_t mesh_rank, int rank) {
  std::vector<ShardAttr> attrs;
  for (std::size_t a = 0; a < mesh_rank; ++a) {
    switch (pick<int>(0, 10)) {
      case 0:
      case 1: attrs.push_back(B()); break;
      case 2: attrs.push_back(P(*rc::gen::element<std::string>("sum", "max", "min"))); break;
      case 3: attrs.push_back(Dynamic()); break;
      default: attrs.push_back(S(pick<int>(0, rank))); break;
    }
  }
  return attrs;
}

// The product of the mesh extents each layout axis is split by, over all layers.
std::vector<std::int64_t> bound_products(const std::vector<ShardLayer>& layers, int rank) {
  std::vector<std::int64_t> product(static_cast<std::size_t>(rank), 1);
  for (const auto& layer : layers)
    for (std::size_t a = 0; a < layer.attrs.size(); ++a)
      if (layer.attrs[a].is_split())
        product[static_cast<std::size_t>(layer.attrs[a].axis())] *=
            leaves(layer.mesh.axes().shape())[a].value();
  return product;
}

// Strides: a compact layout in a random axis order, then some axes made 0 or random.
std::vector<std::int64_t> gen_strides(const std::vector<std::int64_t>& extents) {
  std::vector<std::size_t> order(extents.size());
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[static_cast<std::size_t>(pick<int>(0, static_cast<int>(i)))]);
  std::vector<std::int64_t> strides(extents.size());
  std::int64_t compact = 1;
  for (std::size_t k : order) {
    strides[k] = compact;
    compact *= std::max<std::int64_t>(extents[k], 1);
  }
  for (auto& s : strides) {
    switch (pick<int>(0, 8)) {
      case 0:
      case 1: s = 0; break;
      case 2: s = pick<std::int64_t>(1, 9); break;
      default: break;
    }
  }
  return strides;
}

// A shape with the given leaves: flat, or with the first two leaves nested into one mode.
IntTuple shape_of(const std::vector<std::int64_t>& v, bool nest) {
  std::vector<IntTuple> modes;
  std::size_t k = 0;
  if (nest && v.size() >= 2) {
    modes.push_back(tuple_of(v[0], v[1]));
    k = 2;
  }
  for (; k < v.size(); ++k) modes.emplace_back(v[k]);
  return IntTuple::tuple(std::move(modes));
}

LayoutBase gen_base(const Layout& l) {
  switch (pick<int>(0, 12)) {
    case 0: return known(ComposedLayout::make(std::nullopt, pick<std::int64_t>(0, 6), l));
    case 1: {
      // inner(offset + l(c)) with a two-mode inner covering every value: rarely affine.
      const std::int64_t offset = pick<std::int64_t>(0, 4);
      const std::int64_t need = offset + known(cosize(l));
      const std::int64_t rows = pick<std::int64_t>(2, 5);
      const std::int64_t cols = std::max<std::int64_t>(1, (need + rows - 1) / rows);
      const Layout inner = known(Layout::make(
          tuple_of(rows, cols), tuple_of(pick<std::int64_t>(1, 4) * cols, pick<std::int64_t>(1, 3))));
      return known(ComposedLayout::make(inner, offset, l));
    }
    default: return l;
  }
}

}  // namespace

rc::Gen<Mesh> gen_mesh(ShardGenOptions o) {
  return rc::gen::exec([o] { return mesh_of(gen_mesh_extents(o.max_mesh_rank, o.max_mesh_extent)); });
}

rc::Gen<ShardCase> gen_shard_case(ShardGenOptions o) {
  return rc::gen::exec([o] {
    const int rank = pick<int>(1, o.max_layout_rank + 1);
    std::vector<ShardLayer> layers;
    const bool nested = o.nested && pick<int>(0, 4) == 0;
    if (nested) {
      Mesh inner_mesh = mesh_of(gen_mesh_extents(2, o.max_mesh_extent));
      layers.push_back({gen_attrs(static_cast<std::size_t>(inner_mesh.rank()), rank), inner_mesh});
    }
    Mesh mesh = mesh_of(gen_mesh_extents(o.max_mesh_rank, o.max_mesh_extent));
    layers.push_back({gen_attrs(static_cast<std::size_t>(mesh.rank()), rank), mesh});

    std::vector<std::int64_t> extents = bound_products(layers, rank);
    for (auto& e : extents) {
      e *= pick<std::int64_t>(1, o.max_residual + 1);
      if (!o.dividing && pick<int>(0, 3) == 0) ++e;
    }
    const bool nest = pick<int>(0, 4) == 0;
    const Layout l = known(Layout::make(shape_of(extents, nest),
                                        shape_of(gen_strides(extents), nest)));
    ShardCase c{o.composed ? gen_base(l) : LayoutBase(l), layers};
    // An inner layer that does not build on its own is dropped: the outer Splits still
    // divide (when dividing), because the extents are products over all layers.
    if (nested && !ShardLayout::make(c.base, c.layers[0].attrs, c.layers[0].mesh).ok())
      c.layers.erase(c.layers.begin());
    return c;
  });
}

rc::Gen<ShardLayout> gen_shard_layout(ShardGenOptions o) {
  return rc::gen::map(
      rc::gen::suchThat(gen_shard_case(o), [](const ShardCase& c) { return build(c).ok(); }),
      [](const ShardCase& c) { return build(c).value(); });
}

rc::Gen<CanonicalCase> gen_canonical_case(ShardGenOptions o) {
  return rc::gen::exec([o] {
    const int rank = pick<int>(1, std::min(o.max_layout_rank, 3) + 1);
    Mesh mesh = mesh_of(gen_mesh_extents(o.max_mesh_rank, o.max_mesh_extent));
    std::vector<ShardAttr> attrs = gen_attrs(static_cast<std::size_t>(mesh.rank()), rank);
    std::vector<std::int64_t> extents = bound_products({ShardLayer{attrs, mesh}}, rank);
    for (auto& e : extents) e *= pick<std::int64_t>(1, o.max_residual + 1);
    std::vector<IntTuple> logical(extents.begin(), extents.end());
    return CanonicalCase{IntTuple::tuple(std::move(logical)), std::move(mesh), std::move(attrs)};
  });
}

std::ostream& operator<<(std::ostream& os, const CanonicalCase& c) {
  return os << "logical=" << to_string(c.logical) << " attrs=" << to_string(c.attrs)
            << " mesh=" << to_string(c.mesh);
}

}  // namespace tf::fuzz

namespace tf {

std::ostream& operator<<(std::ostream& os, const ShardParts& parts) { return os << to_string(parts); }

}  // namespace tf
