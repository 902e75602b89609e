// The laws of meshes, slices (real and forged), participants, projections and levels
// (mesh_law.h), each against brute-force enumeration (mesh_enumeration.h).
#include "ir/layout/mesh_law.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ir/layout/layout_law_support.h"
#include "ir/layout/mesh_enumeration.h"
#include "ir/layout/mesh_levels.h"
#include "ir/layout/mesh_projection.h"
#include "ir/layout/mesh_slice_verify.h"
#include "ir/layout/participants.h"
#include "ir/layout/print.h"

namespace tf {
namespace {

using law_support::arg;
using law_support::Args;
using law_support::broken;
using law_support::first_diagnostic;
using law_support::first_difference;
using law_support::first_of;
using law_support::label_if;
using law_support::sliced;
using Key = std::vector<SliceKey>;

const Mesh& mesh_at(const Args& args) {
  return arg<Mesh>(args, 0);
}
const Key& key_at(const Args& args) {
  return arg<Key>(args, 1);
}

// covers: TIR.1.5.SYNC.participant-indices
LawVerdict slice_participants_match_brute_force(const Args& args) {
  const Mesh& m = mesh_at(args);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  const std::vector<std::int64_t> expected = oracle::brute_slice_image(m, key_at(args));
  if (expected.empty())
    return broken(v, "slice(M, key) selects a position", "the enumerated box is empty");
  const Result<std::vector<std::int64_t>> img = image(*s);
  if (!img.ok()) return broken(v, "image(M[key]) succeeds", first_diagnostic(img));
  if (*img != expected)
    return broken(v, "image(M[key]) is the enumerated box", first_difference(*img, expected));
  if (std::string d = first_difference(oracle::brute_image(*s), expected); !d.empty())
    return broken(v, "the enumeration of M[key] is the enumerated box of M", d);
  const Result<ParticipantSummary> summary = summarize_participants(*s);
  if (!summary.ok())
    return broken(v, "summarize_participants(M[key]) succeeds", first_diagnostic(summary));
  if (summary->count != static_cast<std::int64_t>(expected.size()))
    return broken(v, "the summary counts the participants",
                  fmt::format("count {}, enumeration {}", summary->count, expected.size()));
  const std::int64_t least = *std::min_element(expected.begin(), expected.end());
  if (summary->base != least)
    return broken(v, "the summary's base is the least participant",
                  fmt::format("base {}, enumeration {}", summary->base, least));
  const std::set<std::int64_t> set(expected.begin(), expected.end());
  const bool contiguous =
      set.size() == expected.size() &&
      *set.rbegin() - *set.begin() + 1 == static_cast<std::int64_t>(expected.size());
  if (summary->contiguous != contiguous)
    return broken(v, "the summary is contiguous exactly when the participants are",
                  fmt::format("contiguous {}, enumeration {}", summary->contiguous, contiguous));
  label_if(v, summary->contiguous, "contiguous");
  label_if(v, m.topologies().size() > 1, "multi-level");
  return v;
}

LawVerdict contains_and_project_match_brute_force(const Args& args) {
  const Mesh& m = mesh_at(args);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  const std::vector<std::int64_t> members = oracle::brute_slice_image(m, key_at(args));
  const std::set<std::int64_t> set(members.begin(), members.end());
  const Result<std::int64_t> domain = topology_domain(*s);
  if (!domain.ok()) return broken(v, "topology_domain(M[key]) succeeds", first_diagnostic(domain));
  // The law's meshes are permuted compact arrangements: always projectable.
  const Result<std::string> reason = not_projectable_reason(*s);
  if (!reason.ok())
    return broken(v, "not_projectable_reason(M[key]) succeeds", first_diagnostic(reason));
  if (!reason->empty()) return broken(v, "M[key] is projectable", *reason);
  const Result<std::vector<std::int64_t>> img = image(*s);
  if (!img.ok()) return broken(v, "image(M[key]) succeeds", first_diagnostic(img));
  for (std::int64_t d = -1; d <= *domain; ++d) {
    const Result<MeshProjection> p = project(*s, d);
    if (!p.ok())
      return broken(v, "project(M[key], d) succeeds",
                    fmt::format("at d = {}: {}", d, first_diagnostic(p)));
    if ((p->membership == Membership::Inside) != (set.count(d) == 1))
      return broken(v, "project(M[key], d) is Inside exactly for the enumerated participants",
                    fmt::format("at d = {}: {}", d, membership_name(p->membership)));
    if (p->membership == Membership::NotProjectable)
      return broken(v, "project(M[key], d) of a projectable mesh projects",
                    fmt::format("at d = {}: {}", d, p->reason));
    if (p->membership == Membership::Inside) {
      const Result<std::int64_t> at = s->axes()(p->coord);
      if (!at.ok() || s->offset() + *at != d)
        return broken(
            v, "offset + axes(coord) of project(M[key], d) is d",
            fmt::format("at d = {}: coord {} gives {}", d, to_string(p->coord),
                        at.ok() ? fmt::format("{}", s->offset() + *at) : first_diagnostic(at)));
      if (p->flat_index < 0 || p->flat_index >= static_cast<std::int64_t>(img->size()) ||
          (*img)[static_cast<std::size_t>(p->flat_index)] != d)
        return broken(v, "image(M[key]) at the flat index of project(M[key], d) is d",
                      fmt::format("at d = {}: flat index {}", d, p->flat_index));
    }
    const Result<Membership> c = contains(*s, d);
    if (!c.ok())
      return broken(v, "contains(M[key], d) succeeds",
                    fmt::format("at d = {}: {}", d, first_diagnostic(c)));
    if (*c != p->membership)
      return broken(v, "contains(M[key], d) agrees with project(M[key], d)",
                    fmt::format("at d = {}: {} against {}", d, membership_name(*c),
                                membership_name(p->membership)));
  }
  return v;
}

LawVerdict free_mesh_projection_is_exact_or_refused(const Args& args) {
  const Mesh& m = mesh_at(args);
  LawVerdict v;
  const std::vector<std::int64_t> values = oracle::brute_image(m);
  const std::set<std::int64_t> set(values.begin(), values.end());
  const Result<std::string> reason = not_projectable_reason(m);
  if (!reason.ok())
    return broken(v, "not_projectable_reason(M) succeeds", first_diagnostic(reason));
  const bool injective = set.size() == values.size();
  if (!injective && reason->empty())
    return broken(v, "a mesh that is not injective is not projectable",
                  "not_projectable_reason(M) gives no reason");
  const std::int64_t top = values.empty() ? 1 : *set.rbegin() + 2;
  for (std::int64_t d = -1; d <= top; ++d) {
    const Result<Membership> got = contains(m, d);
    if (!got.ok())
      return broken(v, "contains(M, d) succeeds",
                    fmt::format("at d = {}: {}", d, first_diagnostic(got)));
    if (!reason->empty() && *got != Membership::NotProjectable)
      return broken(v, "contains(M, d) of a mesh that is not projectable is NotProjectable",
                    fmt::format("at d = {}: {} ({})", d, membership_name(*got), *reason));
    if (reason->empty() && (*got == Membership::Inside) != (set.count(d) == 1))
      return broken(v, "contains(M, d) is Inside exactly for the enumerated positions",
                    fmt::format("at d = {}: {}", d, membership_name(*got)));
  }
  label_if(v, reason->empty(), "projectable");
  label_if(v, !injective, "non-injective");
  return v;
}

// covers: TIR.1.5.SYNC.legal-slice-accepted
LawVerdict real_slices_verify_and_rebuild(const Args& args) {
  const Mesh& m = mesh_at(args);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  const Result<SliceBox> box = slice_box(m, key_at(args));
  if (!box.ok()) return broken(v, "slice_box(M, key) succeeds", first_diagnostic(box));
  const Result<SliceBox> proved = prove_slice_of(*s, m);
  if (!proved.ok())
    return broken(v, "prove_slice_of(M[key], M) succeeds", first_diagnostic(proved));
  if (*proved != *box) return broken(v, "prove_slice_of(M[key], M) is slice_box(M, key)", "");
  if (const auto diags = verify_mesh_in_scope(*s, {m}); !diags.empty())
    return broken(v, "M[key] verifies in the scope of M", first_of(diags));
  const Result<Mesh> rebuilt = slice(m, box_key(*box));
  if (!rebuilt.ok())
    return broken(v, "slice(M, box_key(slice_box(M, key))) succeeds", first_diagnostic(rebuilt));
  if (*rebuilt != *s)
    return broken(v, "the normalized box slices M[key] again",
                  fmt::format("{} against {}", to_string(*rebuilt), to_string(*s)));
  if (const auto diags = verify_mesh_in_scope(m, {m}); !diags.empty())
    return broken(v, "M verifies in its own scope", first_of(diags));
  return v;
}

// covers: TIR.1.5.SYNC.forged-slice-offset
LawVerdict forged_offsets_agree_with_brute_force(const Args& args) {
  const Mesh& m = mesh_at(args);
  const std::int64_t offset = arg<std::int64_t>(args, 2);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  const Result<ComposedLayout> layout = ComposedLayout::make(std::nullopt, offset, s->axes());
  if (!layout.ok()) return broken(v, "the forged ComposedLayout builds", first_diagnostic(layout));
  const Result<Mesh> forged = Mesh::make(s->topologies(), *layout, s->names());
  if (!forged.ok()) return broken(v, "the forged mesh builds", first_diagnostic(forged));
  // Brute force: is there an in-range start vector whose offset is `offset`?
  const std::vector<std::int64_t> ext = oracle::axis_extents(m), str = oracle::axis_strides(m);
  const std::vector<std::int64_t> sub = oracle::axis_extents(*s);
  if (sub.size() != ext.size())
    return broken(v, "M[key] has M's axes", fmt::format("{} against {}", sub.size(), ext.size()));
  std::vector<std::int64_t> spans;
  for (std::size_t i = 0; i < ext.size(); ++i) spans.push_back(ext[i] - sub[i] + 1);
  bool exists = false;
  for (const auto& a : oracle::all_coords(spans)) {
    std::int64_t o = 0;
    for (std::size_t i = 0; i < a.size(); ++i) o += a[i] * str[i];
    exists = exists || o == offset;
  }
  const std::vector<Diagnostic> diags = verify_mesh_in_scope(*forged, {m});
  if (diags.empty() != exists)
    return broken(v, "a forged offset verifies exactly when a start vector gives it",
                  fmt::format("offset {}: {}", offset,
                              exists ? "a start vector gives it, and " + first_of(diags)
                                     : std::string("no start vector gives it, yet it verifies")));
  if (!exists && diags[0].rule_id != "TIR.1.5.SYNC.forged-slice-offset")
    return broken(v, "a forged offset is refused as TIR.1.5.SYNC.forged-slice-offset",
                  first_of(diags));
  label_if(v, exists, "legal offset");
  return v;
}

// covers: TIR.1.5.SYNC.forged-slice-strides
// covers: TIR.1.5.SYNC.forged-slice-extents
LawVerdict forged_strides_and_extents_rejected(const Args& args) {
  const Mesh& m = mesh_at(args);
  const auto axis = static_cast<std::size_t>(arg<std::int64_t>(args, 2));
  const bool bump_stride = arg<bool>(args, 3);
  const std::int64_t amount = arg<std::int64_t>(args, 4);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  std::vector<std::int64_t> ext = oracle::axis_extents(*s), str = oracle::axis_strides(*s);
  if (ext.size() != static_cast<std::size_t>(m.rank()))
    return broken(v, "M[key] has M's axes", fmt::format("{} against {}", ext.size(), m.rank()));
  std::string rule;
  if (bump_stride) {
    str[axis] += amount;
    rule = "TIR.1.5.SYNC.forged-slice-strides";
  } else {
    ext[axis] = oracle::axis_extents(m)[axis] + amount;
    rule = "TIR.1.5.SYNC.forged-slice-extents";
  }
  std::vector<IntTuple> shape, stride;
  for (std::size_t i = 0; i < ext.size(); ++i) {
    shape.emplace_back(ext[i]);
    stride.emplace_back(str[i]);
  }
  const bool leaf = s->axes().shape().is_leaf();
  const Result<Layout> outer = Layout::make(leaf ? shape[0] : IntTuple::tuple(shape),
                                            leaf ? stride[0] : IntTuple::tuple(stride));
  if (!outer.ok()) return broken(v, "the forged layout builds", first_diagnostic(outer));
  const Result<ComposedLayout> layout = ComposedLayout::make(std::nullopt, s->offset(), *outer);
  if (!layout.ok()) return broken(v, "the forged ComposedLayout builds", first_diagnostic(layout));
  const Result<Mesh> forged = Mesh::make(s->topologies(), *layout, s->names());
  if (!forged.ok()) return broken(v, "the forged mesh builds", first_diagnostic(forged));
  const std::vector<Diagnostic> diags = verify_mesh_in_scope(*forged, {m});
  if (diags.size() != 1u)
    return broken(v, "a forged stride or extent gives one diagnostic",
                  fmt::format("{} diagnostics for {}{}", diags.size(), to_string(*forged),
                              diags.empty() ? std::string() : ", the first " + first_of(diags)));
  if (diags[0].rule_id != rule)
    return broken(v, "a forged stride or extent is refused by its rule",
                  fmt::format("expected {}, found {}", rule, first_of(diags)));
  return v;
}

LawVerdict levels_rebuild_the_device_index(const Args& args) {
  const Mesh& m = mesh_at(args);
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, m, key_at(args));
  if (!s) return v;
  for (const auto& [which, mesh] :
       {std::pair<const char*, const Mesh*>{"M", &m}, {"M[key]", &*s}}) {
    const Result<std::vector<MeshLevel>> lv = levels(*mesh);
    if (!lv.ok())
      return broken(v, "levels succeeds on M and M[key]",
                    fmt::format("levels({}): {}", which, first_diagnostic(lv)));
    int axes = 0;
    for (const MeshLevel& level : *lv) {
      if (level.first_axis < 0 || level.first_axis + level.axis_count > mesh->rank() ||
          level.topology_index < 0 ||
          level.topology_index >= static_cast<int>(mesh->topologies().size()) ||
          level.positions_below < 1)
        return broken(v, "each level lies inside its mesh",
                      fmt::format("{}: level of topology {}, axes {} + {}, positions below {}",
                                  which, level.topology_index, level.first_axis, level.axis_count,
                                  level.positions_below));
      axes += level.axis_count;
    }
    if (axes != mesh->rank())
      return broken(v, "the levels cover the mesh's axes",
                    fmt::format("{}: {} axes of {}", which, axes, mesh->rank()));
    const std::vector<std::int64_t> ext = oracle::axis_extents(*mesh),
                                    str = oracle::axis_strides(*mesh);
    for (const auto& c : oracle::all_coords(ext)) {
      std::int64_t d = mesh->offset();
      for (std::size_t i = 0; i < c.size(); ++i) d += c[i] * str[i];
      // Each level's own id of d is its start plus its arrangement at its share of c.
      for (const MeshLevel& level : *lv) {
        const Topology& topology =
            mesh->topologies()[static_cast<std::size_t>(level.topology_index)];
        const std::int64_t size = topology.size().value();
        std::vector<IntTuple> part;
        for (int i = level.first_axis; i < level.first_axis + level.axis_count; ++i)
          part.emplace_back(c[static_cast<std::size_t>(i)]);
        const Result<std::int64_t> at = level.arrangement(IntTuple::tuple(part));
        const std::int64_t want = (d / level.positions_below) % size;
        if (!at.ok() || level.start + *at != want)
          return broken(
              v, "each level's id is its share of the device index",
              fmt::format(
                  "{} at device index {}, level {}: {} against {}", which, d, topology.name(),
                  at.ok() ? fmt::format("{}", level.start + *at) : first_diagnostic(at), want));
      }
    }
  }
  return v;
}

LawVerdict print_is_stable(const Args& args) {
  LawVerdict v;
  const std::optional<Mesh> s = sliced(v, mesh_at(args), key_at(args));
  if (!s) return v;
  const std::string text = to_string(*s);
  if (text.rfind("Mesh((Topology(\"", 0) != 0)
    return broken(v, "to_string(M[key]) begins with its topologies", text);
  if (text.find("ComposedLayout(inner=None, offset=" + std::to_string(s->offset())) ==
      std::string::npos)
    return broken(v, "to_string(M[key]) spells its ComposedLayout and offset", text);
  return v;
}

}  // namespace

const std::vector<Law>& mesh_laws() {
  static const std::vector<Law> laws = [] {
    const LawParameter m{"M", LawArgumentKind::Mesh}, key{"key", LawArgumentKind::SliceKey};
    const std::vector<LawParameter> kMeshKey{m, key};
    // The axis must name one of M's axes (the check forges it).
    const auto axis_refusal = [](const Args& args) -> std::string {
      const std::int64_t axis = arg<std::int64_t>(args, 2);
      const int rank = mesh_at(args).rank();
      return axis < rank ? ""
                         : fmt::format("axis = {} names no axis of M, which has {}", axis, rank);
    };
    return std::vector<Law>{
        {"SliceParticipantsMatchBruteForce", kMeshKey, slice_participants_match_brute_force},
        {"ContainsAndProjectMatchBruteForce", kMeshKey, contains_and_project_match_brute_force},
        {"FreeMeshProjectionIsExactOrRefused", {m}, free_mesh_projection_is_exact_or_refused},
        {"RealSlicesVerifyAndRebuild", kMeshKey, real_slices_verify_and_rebuild},
        {"ForgedOffsetsAgreeWithBruteForce",
         {m, key, {"offset", LawArgumentKind::Integer, 0, 65536}},
         forged_offsets_agree_with_brute_force},
        {"ForgedStridesAndExtentsRejected",
         {m,
          key,
          {"axis", LawArgumentKind::Integer, 0, 63},
          {"bump_stride", LawArgumentKind::Bool},
          {"amount", LawArgumentKind::Integer, 1, 64}},
         forged_strides_and_extents_rejected,
         axis_refusal},
        {"LevelsRebuildTheDeviceIndex", kMeshKey, levels_rebuild_the_device_index},
        {"PrintIsStable", kMeshKey, print_is_stable},
    };
  }();
  return laws;
}

}  // namespace tf
