#include "ir/layout/layout_law_argument.h"

#include <fmt/format.h>

#include "ir/layout/mesh_enumeration.h"
#include "ir/layout/print.h"
#include "ir/support/check.h"

namespace tf {
namespace {

// The bounds of the design note.
constexpr std::int64_t kMaxLayoutSize = 4096, kMaxLayoutCosize = 65536;
constexpr std::int64_t kMaxMeshPositions = 4096, kMaxDeviceIndex = 65536;
constexpr std::int64_t kMaxKeyEntries = 64, kMaxKeyNumber = 65536;
constexpr std::int64_t kMaxShardElements = 262144, kMaxShardLayers = 8, kMaxShardAttrs = 64;
constexpr std::int64_t kMaxBarrierSites = 4096, kMaxBarrierSite = 255;

static_assert(std::variant_size_v<LawArgument> ==
                  static_cast<std::size_t>(LawArgumentKind::BarrierSites) + 1,
              "one LawArgument alternative per LawArgumentKind");

std::string layout_refusal(const std::string& name, const Layout& l) {
  if (!is_static(l))
    return fmt::format("{} = {} is symbolic: the law enumerates it", name, to_string(l));
  const std::int64_t n = size(l).value(), co = cosize(l).value();
  if (n > kMaxLayoutSize || co > kMaxLayoutCosize)
    return fmt::format(
        "{} = {} has size {} and cosize {}: a law case enumerates at most {} elements and offsets "
        "up to {}",
        name, to_string(l), n, co, kMaxLayoutSize, kMaxLayoutCosize);
  return "";
}

// |offset| + sum of (extent - 1) * |stride| within kMaxDeviceIndex (no overflow: each term is
// checked before it is added, and a static layout's span is at most 2^62).
bool device_indices_bounded(const Mesh& m) {
  std::int64_t reach = m.offset();
  if (reach < -kMaxDeviceIndex || reach > kMaxDeviceIndex) return false;
  reach = reach < 0 ? -reach : reach;
  const std::vector<std::int64_t> extents = oracle::axis_extents(m),
                                  strides = oracle::axis_strides(m);
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (extents[i] <= 1 || strides[i] == 0) continue;
    if (strides[i] < -kMaxDeviceIndex || strides[i] > kMaxDeviceIndex) return false;
    reach += (extents[i] - 1) * (strides[i] < 0 ? -strides[i] : strides[i]);
    if (reach > kMaxDeviceIndex) return false;
  }
  return true;
}

std::string mesh_refusal(const std::string& name, const Mesh& m) {
  if (!is_static(m))
    return fmt::format("{} = {} is symbolic: the law enumerates it", name, to_string(m));
  const Result<std::int64_t> domain = topology_domain(m);
  const Result<std::int64_t> positions = size(m.axes());
  if (!domain.ok() || !positions.ok() || *domain > kMaxMeshPositions ||
      *positions > kMaxMeshPositions)
    return fmt::format(
        "{} = {} has a topology domain of {} and {} positions: a law case enumerates at most {}",
        name, to_string(m),
        domain.ok() ? fmt::format("{}", *domain) : std::string("more than 2^63"),
        positions.ok() ? fmt::format("{}", *positions) : std::string("more than 2^62"),
        kMaxMeshPositions);
  if (!device_indices_bounded(m))
    return fmt::format("{} = {} reaches device indices beyond {}: a law case enumerates them", name,
                       to_string(m), kMaxDeviceIndex);
  return "";
}

std::string slice_key_refusal(const std::string& name, const std::vector<SliceKey>& key) {
  if (static_cast<std::int64_t>(key.size()) > kMaxKeyEntries)
    return fmt::format("{} has {} entries: a slice key has at most {}", name, key.size(),
                       kMaxKeyEntries);
  const auto out = [](std::optional<std::int64_t> n) {
    return n && (*n < -kMaxKeyNumber || *n > kMaxKeyNumber);
  };
  for (const SliceKey& k : key)
    if (out(k.kind == SliceKey::Kind::Index ? std::optional<std::int64_t>(k.index)
                                            : std::nullopt) ||
        out(k.start) || out(k.stop) || out(k.step))
      return fmt::format("{} has the entry {}: a slice key's numbers lie in [-{}, {}]", name,
                         to_string(k), kMaxKeyNumber, kMaxKeyNumber);
  return "";
}

std::string shard_parts_refusal(const std::string& name, const ShardParts& parts) {
  if (parts.base.is_shard())
    return fmt::format("{}: the base of ShardLayout parts is a Layout or a ComposedLayout, not {}",
                       name, to_string(parts.base));
  if (parts.layers.empty() || static_cast<std::int64_t>(parts.layers.size()) > kMaxShardLayers)
    return fmt::format("{} has {} layers: ShardLayout parts have 1 to {}", name,
                       parts.layers.size(), kMaxShardLayers);
  if (!is_static(parts.base))
    return fmt::format("{} has the symbolic base {}: the law enumerates it", name,
                       to_string(parts.base));
  const Result<std::int64_t> elements = product(parts.base.shape());
  if (!elements.ok() || *elements > kMaxShardElements)
    return fmt::format("{} has a domain of {} elements: the ownership oracle enumerates at most {}",
                       name,
                       elements.ok() ? fmt::format("{}", *elements) : std::string("more than 2^62"),
                       kMaxShardElements);
  for (std::size_t i = 0; i < parts.layers.size(); ++i) {
    const ShardPartsLayer& layer = parts.layers[i];
    if (static_cast<std::int64_t>(layer.attrs.size()) > kMaxShardAttrs)
      return fmt::format("{} has {} attrs in layer {}: at most {}", name, layer.attrs.size(), i,
                         kMaxShardAttrs);
    if (std::string why =
            mesh_refusal(fmt::format("the mesh of {}'s layer {}", name, i), layer.mesh);
        !why.empty())
      return why;
  }
  return "";
}

std::string shape_refusal(const std::string& name, const IntTuple& t) {
  if (!is_static(t))
    return fmt::format("{} = {} is symbolic: the law enumerates it", name, to_string(t));
  std::int64_t elements = 1;
  for (const IntTuple& leaf : leaves(t)) {
    if (leaf.value() < 1 || leaf.value() > kMaxShardElements)
      return fmt::format("{} = {} has the extent {}: a shape's extents lie in [1, {}]", name,
                         to_string(t), leaf.value(), kMaxShardElements);
    elements *= leaf.value();  // at most kMaxShardElements^2: no overflow
    if (elements > kMaxShardElements)
      return fmt::format("{} = {} has more than {} elements: the ownership oracle enumerates them",
                         name, to_string(t), kMaxShardElements);
  }
  return "";
}

std::string barrier_sites_refusal(const std::string& name, const BarrierSites& b) {
  if (static_cast<std::int64_t>(b.sites.size()) > kMaxBarrierSites)
    return fmt::format("{} has {} sites: at most {}", name, b.sites.size(), kMaxBarrierSites);
  for (int s : b.sites)
    if (s < 0 || s > kMaxBarrierSite)
      return fmt::format("{} has the site {}: a site is a number in [0, {}]", name, s,
                         kMaxBarrierSite);
  return "";
}

}  // namespace

LawArgumentKind law_argument_kind(const LawArgument& a) {
  return static_cast<LawArgumentKind>(a.index());
}

const char* law_argument_kind_name(LawArgumentKind k) {
  switch (k) {
    case LawArgumentKind::Layout:
      return "a layout";
    case LawArgumentKind::Integer:
      return "an integer";
    case LawArgumentKind::Bool:
      return "a bool";
    case LawArgumentKind::Mesh:
      return "a mesh";
    case LawArgumentKind::SliceKey:
      return "a slice key";
    case LawArgumentKind::ShardLayout:
      return "a ShardLayout";
    case LawArgumentKind::ShardParts:
      return "ShardLayout parts";
    case LawArgumentKind::Shape:
      return "a shape";
    case LawArgumentKind::ShardAttrs:
      return "shard attrs";
    case LawArgumentKind::BarrierSites:
      return "barrier sites";
  }
  TF_UNREACHABLE("unknown LawArgumentKind");
}

std::string slice_key_text(const std::vector<SliceKey>& key) {
  std::string text = "[";
  for (std::size_t i = 0; i < key.size(); ++i) {
    const SliceKey& k = key[i];
    const bool bare_range = k.kind == SliceKey::Kind::Range && !k.start && !k.stop && !k.step;
    text += (i ? ", " : "") + (bare_range ? std::string("::") : to_string(k));
  }
  return text + "]";
}

std::string law_argument_text(const LawArgument& a) {
  switch (law_argument_kind(a)) {
    case LawArgumentKind::Layout:
      return to_string(std::get<Layout>(a));
    case LawArgumentKind::Integer:
      return std::to_string(std::get<std::int64_t>(a));
    case LawArgumentKind::Bool:
      return std::get<bool>(a) ? "true" : "false";
    case LawArgumentKind::Mesh:
      return to_string(std::get<Mesh>(a));
    case LawArgumentKind::SliceKey:
      return slice_key_text(std::get<std::vector<SliceKey>>(a));
    case LawArgumentKind::ShardLayout:
      return to_string(std::get<ShardLayout>(a));
    case LawArgumentKind::ShardParts:
      return to_string(std::get<ShardParts>(a));
    case LawArgumentKind::Shape:
      return to_string(std::get<IntTuple>(a));
    case LawArgumentKind::ShardAttrs:
      return to_string(std::get<std::vector<ShardAttr>>(a));
    case LawArgumentKind::BarrierSites: {
      std::string text = "[";
      for (int s : std::get<BarrierSites>(a).sites)
        text += (text.size() > 1 ? ", " : "") + std::to_string(s);
      return text + "]";
    }
  }
  TF_UNREACHABLE("unknown LawArgumentKind");
}

std::string law_argument_refusal(const LawParameter& p, const LawArgument& a) {
  const LawArgumentKind kind = law_argument_kind(a);
  if (kind != p.kind)
    return fmt::format("{} is {}, found {}", p.name, law_argument_kind_name(p.kind),
                       law_argument_kind_name(kind));
  switch (kind) {
    case LawArgumentKind::Layout:
      return layout_refusal(p.name, std::get<Layout>(a));
    case LawArgumentKind::Integer: {
      const std::int64_t n = std::get<std::int64_t>(a);
      if (n < p.min || n > p.max)
        return fmt::format("{} = {} is outside [{}, {}]", p.name, n, p.min, p.max);
      return "";
    }
    case LawArgumentKind::Bool:
      return "";
    case LawArgumentKind::Mesh:
      return mesh_refusal(p.name, std::get<Mesh>(a));
    case LawArgumentKind::SliceKey:
      return slice_key_refusal(p.name, std::get<std::vector<SliceKey>>(a));
    case LawArgumentKind::ShardLayout: {
      const ShardLayout& sl = std::get<ShardLayout>(a);
      if (!is_static(sl))
        return fmt::format("{} = {} is symbolic: the law enumerates it", p.name, to_string(sl));
      return shard_parts_refusal(p.name, shard_parts_of(sl));
    }
    case LawArgumentKind::ShardParts:
      return shard_parts_refusal(p.name, std::get<ShardParts>(a));
    case LawArgumentKind::Shape:
      return shape_refusal(p.name, std::get<IntTuple>(a));
    case LawArgumentKind::ShardAttrs: {
      const auto& attrs = std::get<std::vector<ShardAttr>>(a);
      if (static_cast<std::int64_t>(attrs.size()) > kMaxShardAttrs)
        return fmt::format("{} has {} attrs: at most {}", p.name, attrs.size(), kMaxShardAttrs);
      return "";
    }
    case LawArgumentKind::BarrierSites:
      return barrier_sites_refusal(p.name, std::get<BarrierSites>(a));
  }
  TF_UNREACHABLE("unknown LawArgumentKind");
}

}  // namespace tf
