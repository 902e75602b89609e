#include "ir/layout/layout_hash.h"

#include <functional>
#include <string>

#include "ir/layout/shard_layout.h"
#include "ir/support/hash_combine.h"

namespace tf {
namespace {

std::size_t hash_of(std::int64_t v) {
  return std::hash<std::int64_t>()(v);
}
std::size_t hash_of(const std::string& s) {
  return std::hash<std::string>()(s);
}
std::size_t hash_of(const std::optional<std::int64_t>& v) {
  return v ? hash_combine(1, hash_of(*v)) : 0;
}
std::size_t hash_of(const std::optional<Layout>& l) {
  return l ? hash_combine(1, structural_hash(*l)) : 0;
}

}  // namespace

std::size_t structural_hash(const IntTuple& t) {
  if (t.is_int()) return hash_combine(0x11, hash_of(t.value()));
  if (t.is_symbol()) {
    const IntSymbol& s = t.symbol();
    return hash_combine(hash_combine(hash_combine(0x5e, hash_of(s.name)), hash_of(s.lo)), hash_of(s.hi));
  }
  std::size_t h = hash_combine(0x7u, t.children().size());
  for (const IntTuple& c : t.children()) h = hash_combine(h, structural_hash(c));
  return h;
}

std::size_t structural_hash(const Layout& l) {
  return hash_combine(hash_combine(0x1a, structural_hash(l.shape())), structural_hash(l.stride()));
}

std::size_t structural_hash(const ComposedLayout& c) {
  std::size_t h = hash_combine(0xc0, hash_of(c.inner()));
  h = hash_combine(h, hash_of(c.offset()));
  return hash_combine(h, hash_of(c.outer()));
}

std::size_t structural_hash(const ShardAttr& a) {
  std::size_t h = hash_combine(0x5a, static_cast<std::size_t>(a.kind()));
  if (a.is_split()) h = hash_combine(h, hash_of(a.axis()));
  if (a.is_partial()) h = hash_combine(h, hash_of(a.reduction()));
  return h;
}

std::size_t structural_hash(const ShardLayout& s) {
  std::size_t h = hash_combine(0x54, structural_hash(s.layout()));
  for (const ShardAttr& a : s.attrs()) h = hash_combine(h, structural_hash(a));
  return hash_combine(h, structural_hash(s.mesh()));
}

std::size_t structural_hash(const LayoutBase& l) {
  if (const Layout* x = l.as_layout()) return structural_hash(*x);
  if (const ComposedLayout* x = l.as_composed()) return structural_hash(*x);
  return structural_hash(*l.as_shard());
}

std::size_t structural_hash(const Topology& t) {
  return hash_combine(hash_combine(0x70, hash_of(t.name())), structural_hash(t.size()));
}

std::size_t structural_hash(const Mesh& m) {
  std::size_t h = 0x3e;
  for (const Topology& t : m.topologies()) h = hash_combine(h, structural_hash(t));
  h = hash_combine(h, m.is_sliced() ? structural_hash(*m.composed()) : structural_hash(m.axes()));
  for (const std::string& n : m.names()) h = hash_combine(h, hash_of(n));
  return hash_combine(h, m.names().size());
}

}  // namespace tf
