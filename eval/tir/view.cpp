#include "eval/tir/view.h"

#include <fmt/format.h>

#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/shard_chain.h"

namespace tf::eval::tir {

namespace {

Diagnostic refuse(std::string message) { return category_error(DiagCategory::Eval, std::move(message)); }

// Row-major: base + flat.
class RowMajorMap final : public ElementMap {
 public:
  explicit RowMajorMap(std::int64_t base) : base_(base) {}
  std::int64_t offset(std::int64_t flat) const override { return base_ + flat; }
  void offsets(const std::int64_t* flat, std::size_t n, std::int64_t* out) const override {
    for (std::size_t i = 0; i < n; ++i) out[i] = base_ + flat[i];
  }
  bool identity() const override { return base_ == 0; }
  std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const override { return base_ + first; }

 private:
  std::int64_t base_;
};


// offset + sum of the leaves' coordinate * stride; logical axes group the leaves.
class AffineMap final : public ElementMap {
 public:
  AffineMap(Shape shape, std::vector<int> first, FlatAffine f)
      : shape_(std::move(shape)), first_(std::move(first)), f_(std::move(f)) {}
  const Shape& shape() const { return shape_; }
  std::int64_t offset(std::int64_t flat) const override {
    std::int64_t out = f_.offset;
    for (std::size_t a = shape_.size(); a-- > 0;) {
      std::int64_t c = flat % shape_[a];
      flat /= shape_[a];
      for (int k = first_[a]; k < first_[a + 1]; ++k) {
        const std::size_t kk = static_cast<std::size_t>(k);
        out += (c % f_.extents[kk]) * f_.strides[kk];
        c /= f_.extents[kk];
      }
    }
    return out;
  }
  // Within one row whose last axis is one leaf of stride 1, the run is consecutive.
  std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const override {
    if (shape_.empty() || n <= 0 || first_[shape_.size()] - first_[shape_.size() - 1] != 1) return std::nullopt;
    if (f_.strides[static_cast<std::size_t>(first_[shape_.size() - 1])] != 1) return std::nullopt;
    if (first % shape_.back() + n > shape_.back()) return std::nullopt;
    return offset(first);
  }

 private:
  Shape shape_;
  std::vector<int> first_;
  FlatAffine f_;
};

// A window of a parent view at start coordinates read at run time: j = inner(flat) indexes the
// parent row-major; one flat start adds to j, one start per axis moves j's coordinates.
class WindowMap final : public ElementMap {
 public:
  WindowMap(std::shared_ptr<const ElementMap> inner, ViewRef parent, std::vector<std::int64_t> start)
      : inner_(std::move(inner)), parent_(std::move(parent)), start_(std::move(start)) {}
  std::int64_t offset(std::int64_t flat) const override {
    const std::optional<std::int64_t> j = moved(inner_->offset(flat), nullptr);
    return j ? parent_->map->offset(*j) : kOutside;
  }
  std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const override {
    std::optional<std::int64_t> j = inner_->run(first, n);
    if (!j || n <= 0) return std::nullopt;
    // Moved alike when the first and the last are inside and, for a start per axis, in one row
    // of the parent (a run across rows may leave an axis in between).
    if (!flat_start() && !parent_->shape.empty() && *j / parent_->shape.back() != (*j + n - 1) / parent_->shape.back())
      return std::nullopt;
    const std::optional<std::int64_t> lo = moved(*j, nullptr), hi = moved(*j + n - 1, nullptr);
    if (!lo || !hi) return std::nullopt;
    return parent_->map->run(*lo, n);
  }
  std::optional<Overflow> overflow(std::int64_t flat) const override {
    const std::int64_t j = inner_->offset(flat);
    if (j == kOutside) return inner_->overflow(flat);
    std::vector<std::int64_t> at;
    if (const std::optional<std::int64_t> m = moved(j, &at)) return parent_->map->overflow(*m);
    if (at.empty()) return Overflow{parent_->name, flat_start() ? j + start_[0] : j, parent_->size, {}, {}};
    return Overflow{parent_->name, 0, parent_->size, std::move(at), parent_->shape};
  }

 private:
  bool flat_start() const { return start_.size() == 1; }
  // The parent index of layout index j, or nullopt when it leaves the parent; `at` receives the
  // moved coordinates of an element that leaves an axis.
  std::optional<std::int64_t> moved(std::int64_t j, std::vector<std::int64_t>* at) const {
    if (j == kOutside || j < 0 || j >= parent_->size) return std::nullopt;
    if (flat_start()) {
      const std::int64_t k = j + start_[0];
      if (k < 0 || k >= parent_->size) return std::nullopt;
      return k;
    }
    const Shape& shape = parent_->shape;
    std::vector<std::int64_t> c(shape.size());
    for (std::size_t a = shape.size(); a-- > 0;) {
      c[a] = j % shape[a] + start_[a];
      j /= shape[a];
    }
    std::int64_t k = 0;
    for (std::size_t a = 0; a < shape.size(); ++a) {
      if (c[a] < 0 || c[a] >= shape[a]) {
        if (at != nullptr) *at = std::move(c);
        return std::nullopt;
      }
      k = k * shape[a] + c[a];
    }
    return k;
  }

  std::shared_ptr<const ElementMap> inner_;
  ViewRef parent_;
  std::vector<std::int64_t> start_;
};

// Index j = inner(flat) into the logical elements of a parent view.
class ThroughMap final : public ElementMap {
 public:
  ThroughMap(std::shared_ptr<const ElementMap> inner, ViewRef parent)
      : inner_(std::move(inner)), parent_(std::move(parent)) {}
  std::int64_t offset(std::int64_t flat) const override {
    const std::int64_t j = inner_->offset(flat);
    if (j == kOutside || j < 0 || j >= parent_->size) return kOutside;
    return parent_->map->offset(j);
  }
  void offsets(const std::int64_t* flat, std::size_t n, std::int64_t* out) const override {
    std::vector<std::int64_t> j(n);  // flat may alias out
    inner_->offsets(flat, n, j.data());
    for (std::size_t i = 0; i < n; ++i)
      if (j[i] == kOutside || j[i] < 0 || j[i] >= parent_->size) j[i] = kOutside;
    for (std::size_t i = 0; i < n; ++i) {
      if (j[i] == kOutside) {
        // The slow path: every index on its own, those past the parent marked.
        for (std::size_t k = 0; k < n; ++k) out[k] = j[k] == kOutside ? kOutside : parent_->map->offset(j[k]);
        return;
      }
    }
    parent_->map->offsets(j.data(), n, out);
  }
  std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const override {
    std::optional<std::int64_t> j = inner_->run(first, n);
    if (!j || *j < 0 || *j + n > parent_->size) return std::nullopt;
    return parent_->map->run(*j, n);
  }
  std::optional<Overflow> overflow(std::int64_t flat) const override {
    const std::int64_t j = inner_->offset(flat);
    if (j == kOutside) return inner_->overflow(flat);
    if (j < 0 || j >= parent_->size) return Overflow{parent_->name, j, parent_->size};
    return parent_->map->overflow(j);
  }

 private:
  std::shared_ptr<const ElementMap> inner_;
  ViewRef parent_;
};

// The element of a thread's box, in the parent's logical numbering.
class LocalMap final : public ElementMap {
 public:
  LocalMap(ViewRef parent, LocalBox box) : parent_(std::move(parent)), box_(std::move(box)) {}
  std::int64_t offset(std::int64_t flat) const override {
    return parent_->map->offset(parent_->dist->global_index(box_, flat));
  }
  void offsets(const std::int64_t* flat, std::size_t n, std::int64_t* out) const override {
    std::vector<std::int64_t> g(n);  // flat may alias out
    for (std::size_t i = 0; i < n; ++i) g[i] = parent_->dist->global_index(box_, flat[i]);
    parent_->map->offsets(g.data(), n, out);
  }
  std::optional<Overflow> overflow(std::int64_t flat) const override {
    return parent_->map->overflow(parent_->dist->global_index(box_, flat));
  }

 private:
  ViewRef parent_;
  LocalBox box_;
};

// A ShardLayout's engines: base(g) plus the engine of the owner along stride-0 Split axes.
class ShardEngineMap final : public ElementMap {
 public:
  ShardEngineMap(std::shared_ptr<const Distribution> dist, FlatAffine base, bool private_engine)
      : dist_(std::move(dist)), base_(std::move(base)), private_(private_engine) {
    std::int64_t engines = 1;
    if (!private_) {
      for (const Distribution::Binding& b : dist_->bindings()) {
        if (base_.strides[static_cast<std::size_t>(b.axis)] != 0) continue;
        engine_axes_.push_back({b, engines});
        engines *= b.extent;
      }
    }
    engine_size_ = base_.span();
  }
  std::int64_t offset(std::int64_t flat) const override {
    std::int64_t g[kMaxDomainRank];
    dist_->domain_coord(flat, g);
    return at(g);
  }
  // Along a run of consecutive indices the domain coordinate steps as an odometer instead of
  // being divided out of each index.
  void offsets(const std::int64_t* flat, std::size_t n, std::int64_t* out) const override {
    std::int64_t g[kMaxDomainRank];
    std::int64_t previous = -2;
    for (std::size_t i = 0; i < n; ++i) {
      const std::int64_t f = flat[i];  // read before out[i] is written: they may alias
      if (f == previous + 1)
        dist_->next_domain_coord(g);
      else
        dist_->domain_coord(f, g);
      previous = f;
      out[i] = at(g);
    }
  }

 private:
  // The offset of the element at flat domain coordinate g.
  std::int64_t at(const std::int64_t* g) const {
    std::int64_t out = base_.offset;
    for (std::size_t k = 0; k < base_.strides.size(); ++k) out += g[k] * base_.strides[k];
    std::int64_t engine = 0;
    for (const auto& [b, scale] : engine_axes_)
      engine += ((g[b.axis] / b.divisor) % b.extent) * scale;
    return engine * engine_size_ + out;
  }
  std::shared_ptr<const Distribution> dist_;
  FlatAffine base_;
  bool private_;
  std::vector<std::pair<Distribution::Binding, std::int64_t>> engine_axes_;
  std::int64_t engine_size_ = 1;
};

Result<std::vector<int>> grouping(const IntTuple& domain, const FlatAffine& f, const Shape& shape,
                                  const std::string& what) {
  std::optional<std::vector<int>> first = group_leaves(domain, f.extents, shape);
  if (!first)
    return refuse(fmt::format("the logical shape {} matches neither the modes nor the leaves of {}",
                              shape_text(shape), what));
  return *first;
}

// The base layout of a ShardLayout (innermost Layout / ComposedLayout).
const LayoutBase& shard_base(const ShardLayout& sl) { return sl.chain().base; }

}  // namespace

const std::shared_ptr<const ElementMap>& identity_map() {
  static const std::shared_ptr<const ElementMap> kIdentity = std::make_shared<RowMajorMap>(0);
  return kIdentity;
}

std::int64_t FlatAffine::span() const {
  std::int64_t top = offset;
  for (std::size_t k = 0; k < extents.size(); ++k) {
    if (extents[k] == 0) return offset;
    top += (extents[k] - 1) * strides[k];
  }
  return top + 1;
}

Result<FlatAffine> flat_affine(const LayoutBase& layout) {
  const Layout* plain = layout.as_layout();
  FlatAffine f;
  if (const ComposedLayout* c = layout.as_composed()) {
    if (!c->inner_is_identity() || !c->outer())
      return refuse(fmt::format("the layout {} has an inner layout or no outer one: the machine model runs offset + outer(c)", to_string(layout)));
    plain = &*c->outer();
    f.offset = c->offset();
  }
  if (plain == nullptr) return refuse(fmt::format("the layout {} is not a Layout or ComposedLayout", to_string(layout)));
  std::vector<IntTuple> ext = leaves(plain->shape()), str = leaves(plain->stride());
  for (std::size_t k = 0; k < ext.size(); ++k) {
    if (!ext[k].is_int() || !str[k].is_int())
      return refuse(fmt::format("the layout {} is symbolic: the machine model runs static layouts", to_string(layout)));
    f.extents.push_back(ext[k].value());
    f.strides.push_back(str[k].value());
  }
  if (f.extents.size() > kMaxDomainRank)
    return refuse(fmt::format("the layout {} has more than {} flat axes", to_string(layout), kMaxDomainRank));
  return f;
}

namespace {

Result<ViewCaches::TypeLayout> make_type_layout(const TensorType& type, const Shape& shape, bool private_engine,
                                                ViewCaches& cache) {
  ViewCaches::TypeLayout t;
  if (!type.layout || *type.layout == empty_layout()) {
    t.count = shape_size(shape);
    t.map = identity_map();
    return t;
  }
  const LayoutBase& layout = *type.layout;
  if (const ShardLayout* sl = layout.as_shard()) {
    Result<FlatAffine> f = flat_affine(shard_base(*sl));
    if (!f.ok()) return f.diagnostics();
    std::int64_t engines = 1;
    if (!private_engine) {
      for (const shard_detail::SplitBinding& b : sl->chain().bindings)
        if (f->strides[static_cast<std::size_t>(b.axis)] == 0 && b.mesh_extent.is_int()) engines *= b.mesh_extent.value();
    }
    t.count = engines * f->span();
    Result<std::shared_ptr<const Distribution>> d = cache.distributions.get(*sl, shape);
    if (!d.ok()) return d.diagnostics();
    t.dist = *d;
    t.map = std::make_shared<ShardEngineMap>(*d, std::move(*f), private_engine);
    return t;
  }
  Result<FlatAffine> f = flat_affine(layout);
  if (!f.ok()) return f.diagnostics();
  t.count = f->span();
  Result<std::vector<int>> first = grouping(layout.shape(), *f, shape, to_string(layout));
  if (!first.ok()) return first.diagnostics();
  t.map = std::make_shared<AffineMap>(shape, std::move(*first), std::move(*f));
  return t;
}

}  // namespace

Result<ViewCaches::TypeLayout> type_layout(const TensorType& type, const Shape& shape, bool private_engine,
                                           ViewCaches& cache) {
  auto& seen = cache.type_layouts[&type];
  for (const auto& [key, t] : seen)
    if (key.second == private_engine && key.first == shape) return t;
  Result<ViewCaches::TypeLayout> t = make_type_layout(type, shape, private_engine, cache);
  if (t.ok()) seen.push_back({{shape, private_engine}, *t});
  return t;
}

Result<ViewRef> buffer_view(std::string name, const TensorType& type, const Shape& shape,
                            BufferRef buffer, bool private_engine, ViewCaches& cache) {
  Result<ViewCaches::TypeLayout> t = type_layout(type, shape, private_engine, cache);
  if (!t.ok()) return t.diagnostics();
  auto v = std::make_shared<View>();
  v->name = std::move(name);
  v->dtype = type.dtype;
  v->shape = shape;
  v->size = shape_size(shape);
  v->buffer = std::move(buffer);
  v->map = t->map;
  v->dist = t->dist;
  return ViewRef(std::move(v));
}

ViewRef local_view(const ViewRef& v, const LocalBox& box) {
  auto l = std::make_shared<View>();
  l->name = v->name;
  l->dtype = v->dtype;
  l->shape = v->dist->local_shape();
  l->size = shape_size(l->shape);
  l->buffer = v->buffer;
  l->map = std::make_shared<LocalMap>(v, box);
  return l;
}

ViewRef reshaped(std::string name, const ViewRef& v, const Shape& shape) {
  auto r = std::make_shared<View>();
  r->name = std::move(name);
  r->dtype = v->dtype;
  r->shape = shape;
  r->size = shape_size(shape);
  r->buffer = v->buffer;
  r->map = std::make_shared<ThroughMap>(identity_map(), v);
  return r;
}

Result<ViewRef> tensor_view(std::string name, const ViewRef& memory, const LayoutBase& layout,
                            const Shape& shape, ViewCaches& cache, const std::vector<std::int64_t>& start) {
  auto v = std::make_shared<View>();
  v->name = name;
  v->dtype = memory->dtype;
  v->buffer = memory->buffer;
  v->shape = shape;
  v->size = shape_size(shape);
  if (const ShardLayout* sl = layout.as_shard()) {  // element i is memory's element i
    Result<std::shared_ptr<const Distribution>> d = cache.distributions.get(*sl, shape);
    if (!d.ok()) return d.diagnostics();
    v->dist = *d;
    v->map = std::make_shared<ThroughMap>(identity_map(), memory);
    return ViewRef(std::move(v));
  }
  std::shared_ptr<const ElementMap>& inner = cache.layout_maps[&layout];
  if (!inner) {
    Result<FlatAffine> f = flat_affine(layout);
    if (!f.ok()) {
      cache.layout_maps.erase(&layout);
      return f.diagnostics();
    }
    Shape extents = f->extents;
    std::vector<int> first;
    for (std::size_t k = 0; k <= f->extents.size(); ++k) first.push_back(static_cast<int>(k));
    inner = std::make_shared<AffineMap>(std::move(extents), std::move(first), std::move(*f));
  }
  const Shape& natural = static_cast<const AffineMap&>(*inner).shape();
  auto placed_over = [&]() -> std::shared_ptr<const ElementMap> {
    if (start.empty()) return std::make_shared<ThroughMap>(inner, memory);
    return std::make_shared<WindowMap>(inner, memory, start);
  };
  if (natural == shape) {
    v->map = placed_over();
    return ViewRef(std::move(v));
  }
  // `shape=` reshapes the layout's view row-major (typeinfer checked the sizes agree).
  auto placed = std::make_shared<View>(*v);
  placed->shape = natural;
  placed->size = shape_size(natural);
  placed->map = placed_over();
  return reshaped(std::move(name), placed, shape);
}

}  // namespace tf::eval::tir
