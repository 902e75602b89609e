#include "ir/text/layout_builder.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

#include "ir/layout/mesh_slice.h"
#include "ir/layout/print.h"
#include "ir/layout/shard_attr.h"
#include "ir/support/nearest_names.h"
#include "ir/text/decimal.h"

namespace tf::text {

const char* layout_value_kind(const LayoutValue& v) {
  switch (v.index()) {
    case 0: return "layout";
    case 1: return "composed layout";
    case 2: return "shard layout";
    case 3: return "mesh";
  }
  TF_UNREACHABLE("bad LayoutValue alternative");
}

std::string to_string(const LayoutValue& v) {
  return std::visit([](const auto& x) { return tf::to_string(x); }, v);
}

namespace {

Diagnostic at(const SyntaxNode& n, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = n.location;
  return d;
}

/// Gives every diagnostic of a failed ir/layout check the position of `n` (rule ids stay).
std::vector<Diagnostic> located(std::vector<Diagnostic> ds, const SyntaxNode& n) {
  for (Diagnostic& d : ds)
    if (!d.location.known()) d.location = n.location;
  return ds;
}

template <typename T>
Result<T> locate(Result<T> r, const SyntaxNode& n) {
  if (r) return r;
  return located(r.diagnostics(), n);
}

Result<std::int64_t> integer(const SyntaxNode& n) {
  if (n.kind == SyntaxKind::Negate && n.items[0]->kind == SyntaxKind::Integer) {
    Result<std::int64_t> v = integer(*n.items[0]);
    if (!v) return v;
    return -*v;
  }
  if (n.kind != SyntaxKind::Integer) return at(n, fmt::format("expected an integer, found '{}'", to_string(n)));
  std::optional<std::uint64_t> v = integer_magnitude(n.text);
  if (!v || *v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return at(n, fmt::format("integer '{}' does not fit in 64 bits", n.text));
  return static_cast<std::int64_t>(*v);
}

Result<std::string> string_literal(const SyntaxNode& n, std::string_view what) {
  if (n.kind != SyntaxKind::String)
    return at(n, fmt::format("{} must be a string, found '{}'", what, to_string(n)));
  return n.text;
}

bool is_name(const SyntaxNode& n, std::string_view name) {
  return n.kind == SyntaxKind::Name && n.text == name;
}

Result<IntTuple> int_tuple(const SyntaxNode& n) {
  if (n.kind != SyntaxKind::Tuple) {
    Result<std::int64_t> v = integer(n);
    if (!v) return v.diagnostics();
    return IntTuple(*v);
  }
  std::vector<IntTuple> children;
  for (const Syntax& item : n.items) {
    Result<IntTuple> child = int_tuple(*item);
    if (!child) return child;
    children.push_back(*child);
  }
  return IntTuple::tuple(std::move(children));
}

/// Checks a call's arguments: `positional` names the positional slots in order (a slot may
/// also be given by keyword), `optional` the keyword-only ones.
Result<std::map<std::string, Syntax>> arguments(const SyntaxNode& call,
                                                std::vector<std::string> positional,
                                                std::vector<std::string> required,
                                                std::vector<std::string> optional = {}) {
  std::map<std::string, Syntax> args;
  const std::string name = call.callee->text;
  if (call.items.size() > positional.size())
    return at(*call.items[positional.size()],
              fmt::format("{} takes at most {} positional arguments", name, positional.size()));
  for (std::size_t i = 0; i < call.items.size(); ++i) args[positional[i]] = call.items[i];
  for (const auto& [k, v] : call.keywords) {
    bool known = std::find(positional.begin(), positional.end(), k) != positional.end() ||
                 std::find(optional.begin(), optional.end(), k) != optional.end();
    if (!known) {
      std::vector<std::string> names = positional;
      names.insert(names.end(), optional.begin(), optional.end());
      Diagnostic d = at(*v, fmt::format("{} has no argument '{}'", name, k));
      return suggest_nearest(d, k, names);
    }
    if (args.count(k)) return at(*v, fmt::format("{} argument '{}' is given twice", name, k));
    args[k] = v;
  }
  for (const std::string& r : required)
    if (!args.count(r)) return at(call, fmt::format("{} needs the argument '{}'", name, r));
  return args;
}

Result<ShardAttr> shard_attr(const SyntaxNode& n) {
  if (n.kind != SyntaxKind::Call)
    return at(n, fmt::format("expected S(axis), B(), P(\"sum\") or Dynamic(), found '{}'", to_string(n)));
  const std::string& f = n.callee->text;
  if (f == "S") {
    auto args = arguments(n, {"axis"}, {"axis"});
    if (!args) return args.diagnostics();
    Result<std::int64_t> axis = integer(*args->at("axis"));
    if (!axis) return axis.diagnostics();
    if (*axis < 0 || *axis > INT32_MAX) return at(n, fmt::format("S({}): the axis must be a non-negative int", *axis));
    return locate(ShardAttr::make_split(static_cast<int>(*axis)), n);
  }
  if (f == "B" || f == "Dynamic") {
    auto args = arguments(n, {}, {});
    if (!args) return args.diagnostics();
    return f == "B" ? ShardAttr::broadcast() : ShardAttr::dynamic();
  }
  if (f == "P") {
    auto args = arguments(n, {"reduction"}, {});
    if (!args) return args.diagnostics();
    std::string reduction = "sum";
    if (auto it = args->find("reduction"); it != args->end()) {
      Result<std::string> r = string_literal(*it->second, "the reduction of P");
      if (!r) return r.diagnostics();
      reduction = *r;
    }
    return locate(ShardAttr::make_partial(reduction), n);
  }
  return at(*n.callee, fmt::format("'{}' is not a shard attribute (S, B, P, Dynamic)", f));
}

Result<std::vector<ShardAttr>> shard_attrs(const SyntaxNode& n) {
  if (n.kind != SyntaxKind::Tuple) return at(n, "attrs must be a tuple, e.g. (S(0),)");
  std::vector<ShardAttr> attrs;
  for (const Syntax& a : n.items) {
    Result<ShardAttr> attr = shard_attr(*a);
    if (!attr) return attr.diagnostics();
    attrs.push_back(*attr);
  }
  return attrs;
}

class Builder {
 public:
  explicit Builder(const LayoutEnvironment& env) : env_(env) {}

  Result<LayoutValue> value(const SyntaxNode& n) {
    if (n.kind == SyntaxKind::Name) {
      if (const LayoutValue* v = env_.find(n.text)) return *v;
      Diagnostic d = at(n, fmt::format("'{}' is not declared (declare a mesh or layout before using it)", n.text));
      return suggest_nearest(d, n.text, env_.names());
    }
    if (n.kind == SyntaxKind::Subscript) return mesh_slice(n);
    if (n.kind != SyntaxKind::Call)
      return at(n, fmt::format("expected Layout(...), ComposedLayout(...), ShardLayout(...), "
                               "Mesh(...), a mesh slice or a declared name, found '{}'",
                               to_string(n)));
    const std::string& f = n.callee->text;
    if (f == "Layout") return wrap(layout(n));
    if (f == "ComposedLayout") return wrap(composed(n));
    if (f == "ShardLayout") return wrap(shard(n));
    if (f == "Mesh") return wrap(mesh(n));
    return at(*n.callee, fmt::format("'{}' is not a layout or mesh constructor (Layout, "
                                     "ComposedLayout, ShardLayout, Mesh)", f));
  }

 private:
  template <typename T>
  static Result<LayoutValue> wrap(Result<T> r) {
    if (!r) return r.diagnostics();
    return LayoutValue(std::move(r).value());
  }

  template <typename T>
  Result<T> expect(const SyntaxNode& n, const char* what) {
    Result<LayoutValue> v = value(n);
    if (!v) return v.diagnostics();
    if (const T* t = std::get_if<T>(&*v)) return *t;
    return at(n, fmt::format("expected a {} here, found a {}", what, layout_value_kind(*v)));
  }

  Result<Layout> layout(const SyntaxNode& n) {
    auto args = arguments(n, {"shape", "stride"}, {"shape"});
    if (!args) return args.diagnostics();
    Result<IntTuple> shape = int_tuple(*args->at("shape"));
    if (!shape) return shape.diagnostics();
    std::optional<IntTuple> stride;
    if (auto it = args->find("stride"); it != args->end() && !is_name(*it->second, "None")) {
      Result<IntTuple> s = int_tuple(*it->second);
      if (!s) return s.diagnostics();
      stride = *s;
    }
    return locate(Layout::make(*shape, stride), n);
  }

  Result<std::optional<Layout>> optional_layout(const std::map<std::string, Syntax>& args,
                                                const std::string& key) {
    auto it = args.find(key);
    if (it == args.end() || is_name(*it->second, "None")) return std::optional<Layout>();
    Result<Layout> l = expect<Layout>(*it->second, "layout");
    if (!l) return l.diagnostics();
    return std::optional<Layout>(*l);
  }

  Result<ComposedLayout> composed(const SyntaxNode& n) {
    auto args = arguments(n, {}, {}, {"inner", "offset", "outer"});
    if (!args) return args.diagnostics();
    auto inner = optional_layout(*args, "inner");
    if (!inner) return inner.diagnostics();
    auto outer = optional_layout(*args, "outer");
    if (!outer) return outer.diagnostics();
    std::int64_t offset = 0;
    if (auto it = args->find("offset"); it != args->end()) {
      Result<std::int64_t> k = integer(*it->second);
      if (!k) return k.diagnostics();
      offset = *k;
    }
    return locate(ComposedLayout::make(*inner, offset, *outer), n);
  }

  Result<ShardLayout> shard(const SyntaxNode& n) {
    auto args = arguments(n, {"layout", "attrs", "mesh"}, {"layout", "attrs", "mesh"});
    if (!args) return args.diagnostics();
    Result<LayoutValue> inner = value(*args->at("layout"));
    if (!inner) return inner.diagnostics();
    if (std::holds_alternative<Mesh>(*inner))
      return at(*args->at("layout"), "expected a layout here, found a mesh");
    LayoutBase base = std::visit(
        [](const auto& v) -> LayoutBase {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Mesh>) {
            TF_UNREACHABLE("a mesh is not a layout");
          } else {
            return LayoutBase(v);
          }
        },
        *inner);
    Result<std::vector<ShardAttr>> attrs = shard_attrs(*args->at("attrs"));
    if (!attrs) return attrs.diagnostics();
    Result<Mesh> m = expect<Mesh>(*args->at("mesh"), "mesh");
    if (!m) return m.diagnostics();
    return locate(ShardLayout::make(std::move(base), std::move(attrs).value(), *m), n);
  }

  Result<Topology> topology(const SyntaxNode& n) {
    if (n.kind != SyntaxKind::Call || n.callee->text != "Topology")
      return at(n, fmt::format("expected Topology(\"name\", extent), found '{}'", to_string(n)));
    auto args = arguments(n, {"name", "size"}, {"name", "size"});
    if (!args) return args.diagnostics();
    Result<std::string> name = string_literal(*args->at("name"), "a topology name");
    if (!name) return name.diagnostics();
    Result<std::int64_t> size = integer(*args->at("size"));
    if (!size) return size.diagnostics();
    return locate(Topology::make(*name, IntTuple(*size)), n);
  }

  Result<Mesh> mesh(const SyntaxNode& n) {
    auto args = arguments(n, {"topologies", "layout"}, {"topologies", "layout"}, {"names"});
    if (!args) return args.diagnostics();
    const SyntaxNode& topos = *args->at("topologies");
    if (topos.kind != SyntaxKind::Tuple)
      return at(topos, "the topologies must be a tuple, e.g. (Topology(\"thread\", 32),)");
    std::vector<Topology> levels;
    for (const Syntax& t : topos.items) {
      Result<Topology> level = topology(*t);
      if (!level) return level.diagnostics();
      levels.push_back(*level);
    }
    Result<MeshLayout> mesh_layout = this->mesh_layout(*args->at("layout"));
    if (!mesh_layout) return mesh_layout.diagnostics();
    std::vector<std::string> names;
    if (auto it = args->find("names"); it != args->end()) {
      if (it->second->kind != SyntaxKind::Tuple) return at(*it->second, "names must be a tuple of strings");
      for (const Syntax& s : it->second->items) {
        Result<std::string> name = string_literal(*s, "an axis name");
        if (!name) return name.diagnostics();
        names.push_back(*name);
      }
    }
    return locate(Mesh::make(std::move(levels), *mesh_layout, std::move(names)), n);
  }

  Result<MeshLayout> mesh_layout(const SyntaxNode& n) {
    Result<LayoutValue> l = value(n);
    if (!l) return l.diagnostics();
    if (const Layout* plain = std::get_if<Layout>(&*l)) return MeshLayout(*plain);
    if (const ComposedLayout* c = std::get_if<ComposedLayout>(&*l)) return MeshLayout(*c);
    return at(n, fmt::format("a mesh layout is a Layout or a ComposedLayout, found a {}",
                             layout_value_kind(*l)));
  }

  // One key entry: an index, or a Slice node (`a:b`, `:`).
  Result<SliceKey> slice_key(const SyntaxNode& item) {
    if (item.kind != SyntaxKind::Slice) {
      Result<std::int64_t> i = integer(item);
      if (!i) return i.diagnostics();
      return SliceKey::at(*i);
    }
    std::optional<std::int64_t> bounds[2];
    for (int b = 0; b < 2; ++b) {
      if (!item.items[b]) continue;
      Result<std::int64_t> v = integer(*item.items[b]);
      if (!v) return v.diagnostics();
      bounds[b] = *v;
    }
    return bounds[0] || bounds[1] ? SliceKey::range(bounds[0], bounds[1]) : SliceKey::all();
  }

  // `m[0, 1:3]` by position, and `m[c=1]` (an index) by axis name (a mesh declared with names=);
  // an axis keyed twice, an unknown name or a name on a mesh without names is an error.
  Result<LayoutValue> mesh_slice(const SyntaxNode& n) {
    Result<Mesh> base = expect<Mesh>(*n.callee, "mesh");
    if (!base) return base.diagnostics();
    std::vector<std::optional<SliceKey>> keyed;
    for (const Syntax& item : n.items) {
      Result<SliceKey> k = slice_key(*item);
      if (!k) return k.diagnostics();
      keyed.push_back(*k);
    }
    const std::vector<std::string>& names = base->names();
    for (const auto& [name, item] : n.keywords) {
      const auto found = std::find(names.begin(), names.end(), name);
      if (found == names.end()) {
        Diagnostic d = at(*item, names.empty()
                                     ? fmt::format("the mesh has no axis names, so '{}=' names no axis "
                                                   "(declare it with names=(...))",
                                                   name)
                                     : fmt::format("'{}' is not an axis of the mesh; its axes are ({})",
                                                   name, fmt::join(names, ", ")));
        return suggest_nearest(d, name, names);
      }
      const auto axis = static_cast<std::size_t>(found - names.begin());
      if (keyed.size() <= axis) keyed.resize(axis + 1);
      if (keyed[axis])
        return at(*item, fmt::format("axis {} ('{}') is keyed twice", axis, name));
      Result<SliceKey> k = slice_key(*item);
      if (!k) return k.diagnostics();
      keyed[axis] = *k;
    }
    std::vector<SliceKey> key;
    for (const std::optional<SliceKey>& k : keyed) key.push_back(k ? *k : SliceKey::all());
    return wrap(locate(slice(*base, key), n));
  }

  const LayoutEnvironment& env_;
};

}  // namespace

Result<LayoutValue> build_layout_value(const SyntaxNode& node, const LayoutEnvironment& env) {
  return Builder(env).value(node);
}

Result<IntTuple> build_int_tuple(const SyntaxNode& node) { return int_tuple(node); }

Result<std::vector<ShardAttr>> build_shard_attrs(const SyntaxNode& node) { return shard_attrs(node); }

Result<ShardParts> build_shard_parts(const SyntaxNode& node, const LayoutEnvironment& env) {
  if (node.kind != SyntaxKind::Call || node.callee->text != "ShardLayout")
    return at(node, fmt::format("expected ShardLayout(layout=..., attrs=(...), mesh=...), found '{}'", to_string(node)));
  auto args = arguments(node, {"layout", "attrs", "mesh"}, {"layout", "attrs", "mesh"});
  if (!args) return args.diagnostics();
  const SyntaxNode& layout = *args->at("layout");
  std::optional<ShardParts> parts;
  if (layout.kind == SyntaxKind::Call && layout.callee->text == "ShardLayout") {
    Result<ShardParts> inner = build_shard_parts(layout, env);
    if (!inner) return inner;
    parts = std::move(inner).value();
  } else {
    Result<LayoutValue> base = build_layout_value(layout, env);
    if (!base) return base.diagnostics();
    if (const Layout* l = std::get_if<Layout>(&*base))
      parts = ShardParts{*l, {}};
    else if (const ComposedLayout* c = std::get_if<ComposedLayout>(&*base))
      parts = ShardParts{*c, {}};
    else
      return at(layout, fmt::format("the base of ShardLayout parts is a Layout or a ComposedLayout, found a {}",
                                    layout_value_kind(*base)));
  }
  Result<std::vector<ShardAttr>> attrs = shard_attrs(*args->at("attrs"));
  if (!attrs) return attrs.diagnostics();
  Result<LayoutValue> mesh = build_layout_value(*args->at("mesh"), env);
  if (!mesh) return mesh.diagnostics();
  const Mesh* m = std::get_if<Mesh>(&*mesh);
  if (m == nullptr)
    return at(*args->at("mesh"), fmt::format("expected a mesh here, found a {}", layout_value_kind(*mesh)));
  parts->layers.push_back({std::move(attrs).value(), *m});
  return *parts;
}

}  // namespace tf::text
