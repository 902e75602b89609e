// Mesh laws over generated meshes and slices (ir/layout/testing/mesh_gen.h), each against brute-force
// enumeration (mesh_oracle.h). 200 cases per law in mesh_test (label unit), 10,000 in
// mesh_fuzz_test (label fuzz), through RC_PARAMS.
// (The bodies; ir/layout/test/mesh_laws_test.cpp runs each as a gtest law, `tf fuzz --property
// mesh-laws` one per case.)
#include "ir/layout/testing/layout_laws.h"

#include <rapidcheck.h>

#include <algorithm>
#include <set>

#include "ir/layout/mesh_levels.h"
#include "ir/layout/mesh_projection.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/mesh_slice_verify.h"
#include "ir/layout/participants.h"
#include "ir/layout/print.h"
#include "ir/layout/testing/mesh_gen.h"
#include "ir/layout/testing/mesh_oracle.h"

namespace tf {
namespace {

using fuzz::MeshSlice;

Mesh sliced(const MeshSlice& ms) {
  auto s = slice(ms.parent, ms.key);
  if (!s.ok()) RC_LOG() << s.diagnostics()[0].render() << "\n";
  RC_ASSERT(s.ok());
  return *s;
}

// covers: TIR.1.5.SYNC.participant-indices
void SliceParticipantsMatchBruteForce() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const auto expected = testing::brute_slice_image(ms.parent, ms.key);
  RC_ASSERT(image(s).value() == expected);
  RC_ASSERT(testing::brute_image(s) == expected);
  auto summary = summarize_participants(s).value();
  RC_ASSERT(summary.count == static_cast<std::int64_t>(expected.size()));
  RC_ASSERT(summary.base == *std::min_element(expected.begin(), expected.end()));
  const std::set<std::int64_t> set(expected.begin(), expected.end());
  RC_ASSERT(summary.contiguous ==
            (set.size() == expected.size() &&
             *set.rbegin() - *set.begin() + 1 == static_cast<std::int64_t>(expected.size())));
  RC_CLASSIFY(summary.contiguous, "contiguous");
  RC_CLASSIFY(ms.parent.topologies().size() > 1, "multi-level");
}

void ContainsAndProjectMatchBruteForce() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const auto members = testing::brute_slice_image(ms.parent, ms.key);
  const std::set<std::int64_t> set(members.begin(), members.end());
  const std::int64_t domain = topology_domain(s).value();
  // Generated meshes are permuted compact arrangements: always projectable.
  RC_ASSERT(not_projectable_reason(s).value().empty());
  for (std::int64_t d = -1; d <= domain; ++d) {
    auto p = project(s, d).value();
    RC_ASSERT((p.membership == Membership::Inside) == (set.count(d) == 1));
    RC_ASSERT(p.membership != Membership::NotProjectable);
    if (p.membership == Membership::Inside) {
      RC_ASSERT(s.offset() + s.axes()(p.coord).value() == d);
      RC_ASSERT(image(s).value()[static_cast<std::size_t>(p.flat_index)] == d);
    }
    RC_ASSERT(contains(s, d).value() == p.membership);
  }
}

void FreeMeshProjectionIsExactOrRefused() {
  const Mesh m = *fuzz::gen_free_mesh();
  const auto values = testing::brute_image(m);
  const std::set<std::int64_t> set(values.begin(), values.end());
  const std::string reason = not_projectable_reason(m).value();
  const bool injective = set.size() == values.size();
  if (!injective) RC_ASSERT(!reason.empty());  // non-injective is never projectable
  const std::int64_t top = values.empty() ? 1 : *set.rbegin() + 2;
  for (std::int64_t d = -1; d <= top; ++d) {
    const Membership got = contains(m, d).value();
    if (!reason.empty()) {
      RC_ASSERT(got == Membership::NotProjectable);
    } else {
      RC_ASSERT((got == Membership::Inside) == (set.count(d) == 1));
    }
  }
  RC_CLASSIFY(reason.empty(), "projectable");
  RC_CLASSIFY(!injective, "non-injective");
}

// covers: TIR.1.5.SYNC.legal-slice-accepted
void RealSlicesVerifyAndRebuild() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const SliceBox box = slice_box(ms.parent, ms.key).value();
  RC_ASSERT(prove_slice_of(s, ms.parent).value() == box);
  RC_ASSERT(verify_mesh_in_scope(s, {ms.parent}).empty());
  RC_ASSERT(slice(ms.parent, box_key(box)).value() == s);
  RC_ASSERT(verify_mesh_in_scope(ms.parent, {ms.parent}).empty());
}

// covers: TIR.1.5.SYNC.forged-slice-offset
void ForgedOffsetsAgreeWithBruteForce() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const std::int64_t offset = *rc::gen::inRange<std::int64_t>(0, topology_domain(s).value() + 4);
  const Mesh forged =
      Mesh::make(s.topologies(), ComposedLayout::make(std::nullopt, offset, s.axes()).value(),
                 s.names())
          .value();
  // Brute force: is there an in-range start vector whose offset is `offset`?
  const auto ext = testing::axis_extents(ms.parent);
  const auto str = testing::axis_strides(ms.parent);
  const auto sub = testing::axis_extents(s);
  std::vector<std::int64_t> spans;
  for (std::size_t i = 0; i < ext.size(); ++i) spans.push_back(ext[i] - sub[i] + 1);
  bool exists = false;
  for (const auto& a : testing::all_coords(spans)) {
    std::int64_t o = 0;
    for (std::size_t i = 0; i < a.size(); ++i) o += a[i] * str[i];
    exists = exists || o == offset;
  }
  const auto diags = verify_mesh_in_scope(forged, {ms.parent});
  RC_ASSERT(diags.empty() == exists);
  if (!exists) RC_ASSERT(diags[0].rule_id == std::string("TIR.1.5.SYNC.forged-slice-offset"));
  RC_CLASSIFY(exists, "legal offset");
}

// covers: TIR.1.5.SYNC.forged-slice-strides
// covers: TIR.1.5.SYNC.forged-slice-extents
void ForgedStridesAndExtentsRejected() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const int axis = *rc::gen::inRange<int>(0, s.rank());
  auto ext = testing::axis_extents(s);
  auto str = testing::axis_strides(s);
  const bool bump_stride = *rc::gen::arbitrary<bool>();
  std::string rule;
  if (bump_stride) {
    str[static_cast<std::size_t>(axis)] += *rc::gen::inRange<std::int64_t>(1, 5);
    rule = "TIR.1.5.SYNC.forged-slice-strides";
  } else {
    ext[static_cast<std::size_t>(axis)] =
        testing::axis_extents(ms.parent)[static_cast<std::size_t>(axis)] +
        *rc::gen::inRange<std::int64_t>(1, 3);
    rule = "TIR.1.5.SYNC.forged-slice-extents";
  }
  std::vector<IntTuple> shape, stride;
  for (std::size_t i = 0; i < ext.size(); ++i) {
    shape.emplace_back(ext[i]);
    stride.emplace_back(str[i]);
  }
  const IntTuple sh = s.axes().shape().is_leaf() ? shape[0] : IntTuple::tuple(shape);
  const IntTuple st = s.axes().shape().is_leaf() ? stride[0] : IntTuple::tuple(stride);
  const Mesh forged =
      Mesh::make(
          s.topologies(),
          ComposedLayout::make(std::nullopt, s.offset(), Layout::make(sh, st).value()).value(),
          s.names())
          .value();
  const auto diags = verify_mesh_in_scope(forged, {ms.parent});
  RC_ASSERT(diags.size() == 1u);
  RC_ASSERT(diags[0].rule_id == rule);
}

void LevelsRebuildTheDeviceIndex() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  for (const Mesh& m : {ms.parent, sliced(ms)}) {
    const auto lv = levels(m);
    if (!lv.ok()) RC_LOG() << lv.diagnostics()[0].render() << "\n";
    RC_ASSERT(lv.ok());
    int axes = 0;
    for (const MeshLevel& level : *lv) axes += level.axis_count;
    RC_ASSERT(axes == m.rank());
    const auto ext = testing::axis_extents(m);
    const auto str = testing::axis_strides(m);
    for (const auto& c : testing::all_coords(ext)) {
      std::int64_t d = m.offset();
      for (std::size_t i = 0; i < c.size(); ++i) d += c[i] * str[i];
      // Each level's own id of d is its start plus its arrangement at its share of c.
      for (const MeshLevel& level : *lv) {
        const std::int64_t size =
            m.topologies()[static_cast<std::size_t>(level.topology_index)].size().value();
        std::vector<IntTuple> part;
        for (int i = level.first_axis; i < level.first_axis + level.axis_count; ++i)
          part.emplace_back(c[static_cast<std::size_t>(i)]);
        const std::int64_t own = level.start + level.arrangement(IntTuple::tuple(part)).value();
        RC_ASSERT(own == (d / level.positions_below) % size);
      }
    }
  }
}

void PrintIsStable() {
  const MeshSlice ms = *fuzz::gen_mesh_slice();
  const Mesh s = sliced(ms);
  const std::string text = to_string(s);
  RC_ASSERT(text.rfind("Mesh((Topology(\"", 0) == 0);
  RC_ASSERT(text.find("ComposedLayout(inner=None, offset=" + std::to_string(s.offset())) !=
            std::string::npos);
}

}  // namespace

namespace fuzz {

const std::vector<NamedLaw>& all_mesh_laws() {
  static const std::vector<NamedLaw> laws{
      {"SliceParticipantsMatchBruteForce", SliceParticipantsMatchBruteForce},
      {"ContainsAndProjectMatchBruteForce", ContainsAndProjectMatchBruteForce},
      {"FreeMeshProjectionIsExactOrRefused", FreeMeshProjectionIsExactOrRefused},
      {"RealSlicesVerifyAndRebuild", RealSlicesVerifyAndRebuild},
      {"ForgedOffsetsAgreeWithBruteForce", ForgedOffsetsAgreeWithBruteForce},
      {"ForgedStridesAndExtentsRejected", ForgedStridesAndExtentsRejected},
      {"LevelsRebuildTheDeviceIndex", LevelsRebuildTheDeviceIndex},
      {"PrintIsStable", PrintIsStable},
  };
  return laws;
}

}  // namespace fuzz
}  // namespace tf
