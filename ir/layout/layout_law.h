// The laws of the layout model as checks of given arguments (docs/fuzzing.md, `layout-laws` and
// `mesh-laws`): each law names its parameters (layouts, meshes, slice keys, ShardLayouts and
// their parts, shapes, shard attrs, barrier sites, integers, bools: layout_law_argument.h), and
// its check judges one case of them against brute-force enumeration (layout_enumeration.h,
// algebra_postconditions.h, mesh_enumeration.h, shard_enumeration.h). Three callers share the
// checks, so that they never drift apart: the RapidCheck laws of ir/layout/testing draw the
// arguments and assert the verdict; the `layout-laws` and `mesh-laws` properties of `tf fuzz`
// draw them the same way and write a failing case as a law case (`law NAME`, docs/tfir.md
// section 7); the conformance runner replays that case through the same check.
//
// Design note. One record type and one argument type serve every family: the 15 laws of the
// layout algebra (layout_laws(), this file's .cpp) and the 20 mesh laws (mesh_law.h: 8 of meshes
// and slices, 7 of barriers, 5 of ShardLayouts); find_law looks a law up in all of them. A
// verdict names the postcondition that failed without the case's particulars (`violated`: what a
// campaign groups findings by and shrinks within, like the place of an RC_ASSERT) and keeps the
// particulars apart (`detail`: the index, the offsets). A check does not throw on arguments that
// fit its parameters: an algebra call that must succeed and gives a diagnostic is a violation
// naming that call, and so is a case outside the law's domain (a pair that is not admissible, a
// slice that is not legal): the law's postcondition does not hold for it. The checks enumerate,
// so a law case's arguments are bounded (law_arguments_refusal: each kind's bounds, and a law's
// own refusal for what its check cannot judge at all); the generators stay far inside the
// bounds. The laws of logical_divide and logical_product also judge the operation and its
// zipped, tiled and flat arrangements with the tiler forms derived from B (B, its modes, its
// shape: tiler_postconditions.h), so that every tiler form is checked without a new draw.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/layout/layout_law_argument.h"

namespace tf {

/// What checking one case of a law found.
struct LawVerdict {
  /// The postcondition that failed, without the case's particulars ("" when the law holds); never
  /// holds ": " (the end of a campaign's failure kind).
  std::string violated;
  std::string detail;               ///< where and how it failed: the indices and values
  std::vector<std::string> labels;  ///< what the case exercised ("injective", "contiguous", ...)

  /// Whether the law holds for the case.
  bool holds() const { return violated.empty(); }
};

/// One law, of any family.
struct Law {
  std::string name;  ///< as its gtest is named (LayoutLaws.NAME, MeshLaws.NAME, ...) and a `law` line names it
  std::vector<LawParameter> parameters;
  /// Judges the law on `args`, one per parameter and of its kind (judge_law's precondition).
  LawVerdict (*check)(const std::vector<LawArgument>& args);
  /// Why the check cannot judge `args` beyond its parameters' bounds ("" when it can), or null:
  /// a size its enumeration cannot afford, an argument that indexes another out of range, or a
  /// case its RapidCheck body discards (RC_PRE). Called only on arguments that fit the parameters.
  std::string (*refusal)(const std::vector<LawArgument>& args) = nullptr;
};

/// The name the layout family's callers use for the record.
using LayoutLaw = Law;

/// The 15 laws of the layout algebra, in the order of the RapidCheck table
/// (ir/layout/testing/layout_laws.h). Their parameters are layouts and complement's cotarget (an
/// integer in [1, 262,144]); the logical product's laws refuse a pair whose size(A) * cosize(B)
/// passes 2^22 (their check enumerates that many offsets).
const std::vector<Law>& layout_laws();

/// Every law: the layout laws, then the mesh, barrier and ShardLayout laws (mesh_law.h).
const std::vector<const Law*>& all_laws();

/// The law named `name`, of any family, or null.
const Law* find_law(std::string_view name);

/// find_law under its first name (conformance/case_reader.cpp calls it): any family's law.
inline const Law* find_layout_law(std::string_view name) { return find_law(name); }

/// Why `args` cannot be judged by `law` ("" when they can): a count that does not fit its
/// parameters, an argument of another kind or outside its kind's bounds
/// (law_argument_refusal), or the law's own refusal.
std::string law_arguments_refusal(const Law& law, const std::vector<LawArgument>& args);

/// `law` judged on `args`. Precondition: law_arguments_refusal(law, args) is "".
LawVerdict judge_law(const Law& law, const std::vector<LawArgument>& args);

/// "NAME does not hold (VIOLATED)": a violation without its particulars (a campaign's failure
/// kind, and the start of a law case's failure). Precondition: !v.holds().
std::string law_violation_kind(const Law& law, const LawVerdict& v);

}  // namespace tf
