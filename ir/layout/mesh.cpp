#include "ir/layout/mesh.h"
#include "ir/support/tfir_string.h"

#include <fmt/format.h>

#include <ostream>
#include <set>

#include "ir/layout/checked_math.h"
#include "ir/layout/print.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

std::string layout_spelling(const MeshLayout& l) {
  return std::visit([](const auto& x) { return to_string(x); }, l);
}

}  // namespace

Result<Mesh> Mesh::make(std::vector<Topology> topologies, MeshLayout layout,
                        std::vector<std::string> names) {
  if (topologies.empty()) return type_error("a Mesh needs at least one Topology");
  std::set<std::string> seen;
  for (const Topology& t : topologies)
    if (!seen.insert(t.name()).second)
      return type_error(fmt::format("Mesh names the topology \"{}\" twice; topology names in "
                                    "one mesh must be distinct",
                                    t.name()));
  const Layout* axes = std::get_if<Layout>(&layout);
  if (const auto* c = std::get_if<ComposedLayout>(&layout)) {
    if (!c->outer())
      return type_error(fmt::format("Mesh layout {} has no outer layout, so the mesh has no "
                                    "axes",
                                    to_string(*c)));
    axes = &*c->outer();
  }
  const int r = tf::rank(*axes);
  for (int i = 0; i < r; ++i) {
    const Layout m = axes->mode(i);
    if (!m.shape().is_leaf())
      return type_error(fmt::format("Mesh layout {}: axis {} is the nested mode {}; a mesh axis "
                                    "has one extent and one stride",
                                    layout_spelling(layout), i, to_string(m)));
  }
  if (!names.empty()) {
    if (static_cast<int>(names.size()) != r)
      return type_error(fmt::format("Mesh layout {} has {} axes but {} names are given",
                                    layout_spelling(layout), r, names.size()));
    std::set<std::string> axis_names;
    for (const std::string& n : names) {
      if (n.empty()) return type_error("a Mesh axis name must not be empty");
      if (!axis_names.insert(n).second)
        return type_error(fmt::format("Mesh axis name \"{}\" is used twice", n));
    }
  }
  return Mesh(std::move(topologies), std::move(layout), std::move(names));
}

const Layout& Mesh::axes() const {
  if (const auto* c = std::get_if<ComposedLayout>(&layout_)) return *c->outer();
  return std::get<Layout>(layout_);
}

std::int64_t Mesh::offset() const {
  if (const auto* c = std::get_if<ComposedLayout>(&layout_)) return c->offset();
  return 0;
}

int Mesh::rank() const { return tf::rank(axes()); }

std::optional<int> Mesh::axis_named(std::string_view name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return static_cast<int>(i);
  return std::nullopt;
}

bool is_static(const Mesh& m) {
  for (const Topology& t : m.topologies())
    if (!t.is_static()) return false;
  if (const auto* c = m.composed()) return is_static(*c);
  return is_static(m.axes());
}

Result<std::int64_t> topology_domain(const Mesh& m) {
  std::int64_t domain = 1;
  for (const Topology& t : m.topologies()) {
    if (!t.is_static())
      return type_error(fmt::format("{}: the extent {} of topology \"{}\" is symbolic; a static "
                                    "topology domain is needed",
                                    to_string(m), to_string(t.size()), t.name()));
    auto next = layout_detail::checked_mul(domain, t.size().value());
    if (!next) return type_error(fmt::format("{}: the topology domain overflows", to_string(m)));
    domain = *next;
  }
  return domain;
}

bool is_thread_mesh(const Mesh& m) {
  return m.topologies().size() == 1 && m.topologies()[0].is_thread();
}

bool is_cta_mesh(const Mesh& m) {
  for (const Topology& t : m.topologies())
    if (!t.is_cta()) return false;
  return true;
}

std::string to_string(const Mesh& m) {
  std::string out = "Mesh((";
  for (const Topology& t : m.topologies()) out += to_string(t) + ", ";
  if (m.topologies().size() > 1) out.resize(out.size() - 2);
  else out.resize(out.size() - 1);  // keep the one-element tuple's comma: `(Topology(...),)`
  out += "), " + layout_spelling(m.layout());
  if (!m.names().empty()) {
    out += ", names=(";
    for (std::size_t i = 0; i < m.names().size(); ++i)
      out += (i ? ", " : "") + tfir_quote(m.names()[i]);
    if (m.names().size() == 1) out += ",";
    out += ")";
  }
  return out + ")";
}

std::ostream& operator<<(std::ostream& os, const Mesh& m) { return os << to_string(m); }

}  // namespace tf
