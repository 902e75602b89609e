#include "ir/layout/testing/mesh_gen.h"

#include <algorithm>
#include <ostream>
#include <string>

#include "ir/support/testing/pick.h"
#include "ir/layout/print.h"

namespace tf::fuzz {

namespace {

std::vector<std::int64_t> divisors(std::int64_t n) {
  std::vector<std::int64_t> out;
  for (std::int64_t d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

// A domain size in [1, max]: small blocks, warp multiples, or anything.
std::int64_t gen_domain(std::int64_t max) {
  switch (pick<int>(0, 3)) {
    case 0:
      return pick<std::int64_t>(1, std::min<std::int64_t>(64, max) + 1);
    case 1:
      if (max >= 32) return 32 * pick<std::int64_t>(1, max / 32 + 1);
      [[fallthrough]];
    default:
      return pick<std::int64_t>(1, max + 1);
  }
}

// Extents (each > 1) multiplying to n, at most max_axes of them (the last absorbs the rest).
std::vector<std::int64_t> factorise(std::int64_t n, int max_axes) {
  std::vector<std::int64_t> out;
  while (n > 1) {
    if (static_cast<int>(out.size()) + 1 >= max_axes) {
      out.push_back(n);
      break;
    }
    const auto ds = divisors(n);  // ds[0] == 1, ds.back() == n
    const std::int64_t d = ds[static_cast<std::size_t>(pick<int>(1, static_cast<int>(ds.size())))];
    out.push_back(d);
    n /= d;
  }
  return out;
}

// A permuted compact arrangement of `extents` scaled by `scale`: strides such that the axes form
// a bijection onto {0, scale, ..., (prod - 1) * scale}; extent-1 axes sprinkled in.
void arrange(const std::vector<std::int64_t>& extents, std::int64_t scale,
             std::vector<std::int64_t>& out_extents, std::vector<std::int64_t>& out_strides) {
  const std::size_t n = extents.size();
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  // A shrinking permutation: each step picks one of the remaining axes.
  std::vector<std::size_t> perm;
  while (!order.empty()) {
    const auto k = static_cast<std::size_t>(pick<int>(0, static_cast<int>(order.size())));
    perm.push_back(order[k]);
    order.erase(order.begin() + static_cast<std::ptrdiff_t>(k));
  }
  std::vector<std::int64_t> strides(n);
  std::int64_t step = scale;
  for (std::size_t axis : perm) {  // perm[0] is the fastest axis
    strides[axis] = step;
    step *= extents[axis];
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (pick<int>(0, 8) == 0) {  // an extent-1 axis: its stride is immaterial
      out_extents.push_back(1);
      out_strides.push_back(scale * pick<std::int64_t>(0, 4));
    }
    out_extents.push_back(extents[i]);
    out_strides.push_back(strides[i]);
  }
}

Mesh build_mesh(std::vector<Topology> topologies, const std::vector<std::int64_t>& extents,
                const std::vector<std::int64_t>& strides, bool named) {
  std::vector<IntTuple> shape, stride;
  for (std::size_t i = 0; i < extents.size(); ++i) {
    shape.emplace_back(extents[i]);
    stride.emplace_back(strides[i]);
  }
  auto layout = Layout::make(IntTuple::tuple(shape), IntTuple::tuple(stride));
  TF_CHECK(layout.ok(), "generated mesh layout is valid");
  std::vector<std::string> names;
  if (named)
    for (std::size_t i = 0; i < extents.size(); ++i) names.push_back("a" + std::to_string(i));
  auto mesh = Mesh::make(std::move(topologies), std::move(layout).value(), std::move(names));
  TF_CHECK(mesh.ok(), "generated mesh is valid");
  return std::move(mesh).value();
}

Topology topology(const std::string& name, std::int64_t size) {
  return Topology::make(name, IntTuple(size)).value();
}

}  // namespace

rc::Gen<Mesh> gen_thread_mesh(MeshGenOptions opts) {
  return rc::gen::exec([opts] {
    const std::int64_t domain = gen_domain(opts.max_domain);
    std::vector<std::int64_t> extents, strides;
    arrange(factorise(domain, opts.max_axes), 1, extents, strides);
    if (extents.empty()) {  // domain 1: one axis of extent 1
      extents.push_back(1);
      strides.push_back(1);
    }
    return build_mesh({topology(std::string(kThreadTopology), domain)}, extents, strides,
                      pick<int>(0, 2) == 0);
  });
}

rc::Gen<Mesh> gen_multilevel_mesh(MeshGenOptions opts) {
  return rc::gen::exec([opts] {
    static const std::vector<std::string> kPool = {"cluster", "cta", "warp", "thread"};
    const int levels = pick<int>(1, 4);
    // Distinct names in pool order, outermost first.
    std::vector<std::string> names = kPool;
    while (static_cast<int>(names.size()) > levels)
      names.erase(names.begin() + pick<int>(0, static_cast<int>(names.size())));
    std::int64_t budget = opts.max_domain;
    std::vector<std::int64_t> sizes;
    for (int k = 0; k < levels; ++k) {
      const std::int64_t s = pick<std::int64_t>(1, std::max<std::int64_t>(
                                                       2, std::min<std::int64_t>(budget, 16) + 1));
      sizes.push_back(s);
      budget = std::max<std::int64_t>(1, budget / s);
    }
    std::vector<std::int64_t> below(levels, 1);
    for (int k = levels - 2; k >= 0; --k) below[k] = below[k + 1] * sizes[k + 1];
    std::vector<std::int64_t> extents, strides;
    std::vector<Topology> topologies;
    for (int k = 0; k < levels; ++k) {
      topologies.push_back(topology(names[k], sizes[k]));
      arrange(factorise(sizes[k], opts.max_axes), below[k], extents, strides);
    }
    if (extents.empty()) {
      extents.push_back(1);
      strides.push_back(1);
    }
    return build_mesh(std::move(topologies), extents, strides, pick<int>(0, 2) == 0);
  });
}

rc::Gen<Mesh> gen_free_mesh(MeshGenOptions opts) {
  return rc::gen::exec([opts] {
    const int axes = pick<int>(1, opts.max_axes + 1);
    std::vector<std::int64_t> extents, strides;
    std::int64_t size = 1;
    for (int i = 0; i < axes; ++i) {
      const std::int64_t e = pick<std::int64_t>(1, std::min<std::int64_t>(
                                                       9, opts.max_domain / size) + 1);
      size *= e;
      extents.push_back(e);
      strides.push_back(pick<int>(0, 6) == 0 ? 0 : pick<std::int64_t>(1, 65));
    }
    // Mostly consistent (domain == size), sometimes not.
    const std::int64_t domain =
        pick<int>(0, 4) == 0 ? pick<std::int64_t>(1, opts.max_domain + 1) : size;
    return build_mesh({topology(std::string(kThreadTopology), domain)}, extents, strides, false);
  });
}

rc::Gen<std::vector<SliceKey>> gen_slice_key(const Mesh& m) {
  TF_CHECK(!m.is_sliced() && is_static(m.axes()), "gen_slice_key needs an un-sliced static mesh");
  std::vector<std::int64_t> extents;
  for (int i = 0; i < m.rank(); ++i) extents.push_back(m.axes().mode(i).shape().value());
  return rc::gen::exec([extents] {
    std::vector<SliceKey> key;
    const int entries = pick<int>(0, static_cast<int>(extents.size()) + 1);
    for (int i = 0; i < entries; ++i) {
      const std::int64_t e = extents[static_cast<std::size_t>(i)];
      if (e == 0) {
        key.push_back(SliceKey::all());
        continue;
      }
      switch (pick<int>(0, 4)) {
        case 0:
          key.push_back(SliceKey::all());
          break;
        case 1: {
          const std::int64_t at = pick<std::int64_t>(0, e);
          key.push_back(SliceKey::at(pick<int>(0, 4) == 0 ? at - e : at));
          break;
        }
        default: {
          const std::int64_t a = pick<std::int64_t>(0, e);
          const std::int64_t b = pick<std::int64_t>(a + 1, e + 1);
          std::optional<std::int64_t> start = a, stop = b;
          if (a == 0 && pick<int>(0, 2) == 0) start.reset();
          if (b == e && pick<int>(0, 2) == 0) stop.reset();
          if (start && pick<int>(0, 5) == 0) start = *start - e;  // negative form
          if (stop && b < e && pick<int>(0, 5) == 0) stop = *stop - e;
          key.push_back(SliceKey::range(start, stop, pick<int>(0, 6) == 0 ? std::optional<std::int64_t>(1)
                                                                            : std::nullopt));
          break;
        }
      }
    }
    return key;
  });
}

rc::Gen<MeshSlice> gen_warp_range() {
  return rc::gen::exec([] {
    const std::int64_t warps = pick<std::int64_t>(1, 9);
    const std::int64_t n = 32 * warps;
    auto jitter = [] { return pick<int>(0, 2) == 0 ? 0 : pick<std::int64_t>(-8, 9); };
    std::int64_t a = std::clamp<std::int64_t>(32 * pick<std::int64_t>(0, warps) + jitter(), 0, n - 1);
    std::int64_t b = std::clamp<std::int64_t>(32 * pick<std::int64_t>(1, warps + 1) + jitter(), 1, n);
    if (a >= b) std::swap(a, b);
    if (a == b) b = a + 1;
    const Mesh parent = build_mesh({topology(std::string(kThreadTopology), n)}, {n}, {1}, false);
    return MeshSlice{parent, {SliceKey::range(a, b)}};
  });
}

rc::Gen<MeshSlice> gen_mesh_slice(MeshGenOptions opts) {
  return rc::gen::exec([opts] {
    const Mesh parent = pick<int>(0, 3) == 0 ? *gen_multilevel_mesh(opts) : *gen_thread_mesh(opts);
    std::vector<SliceKey> key = *gen_slice_key(parent);
    return MeshSlice{parent, std::move(key)};
  });
}

}  // namespace tf::fuzz

namespace rc {
void showValue(const tf::Mesh& m, std::ostream& os) { os << tf::to_string(m); }
void showValue(const tf::SliceKey& k, std::ostream& os) { os << tf::to_string(k); }
void showValue(const tf::fuzz::MeshSlice& s, std::ostream& os) {
  os << tf::slice_spelling("m", s.key) << " with m = " << tf::to_string(s.parent);
}
}  // namespace rc
