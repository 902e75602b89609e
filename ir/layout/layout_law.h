// The laws of the layout algebra as checks of given arguments (docs/fuzzing.md, `layout-laws`):
// each law names its parameters (layouts, or an integer such as complement's cotarget), and its
// check judges one case of them against brute-force enumeration (layout_enumeration.h,
// algebra_postconditions.h). Three callers share the checks, so that they never drift apart:
// the RapidCheck laws of ir/layout/testing draw the arguments and assert the verdict; the
// `layout-laws` property of `tf fuzz` draws them the same way and writes a failing case as a law
// case (`law NAME`, docs/tfir.md section 7); the conformance runner replays that case through
// the same check.
//
// Design note. A verdict names the postcondition that failed without the case's particulars
// (`violated`: what a campaign groups findings by and shrinks within, like the place of an
// RC_ASSERT) and keeps the particulars apart (`detail`: the index, the offsets). A check does
// not throw on arguments that fit its parameters: an algebra call that must succeed and gives a
// diagnostic is a violation naming that call. The checks enumerate, so a law case's arguments
// are bounded (law_arguments_refusal); the generators stay far inside the bounds. The laws of
// logical_divide and logical_product also judge the operation and its zipped, tiled and flat
// arrangements with the tiler forms derived from B (B, its modes, its shape:
// tiler_postconditions.h), so that every tiler form is checked without a new draw.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/layout/layout.h"

namespace tf {

/// One argument of a law case: a static layout or an integer.
using LawArgument = std::variant<Layout, std::int64_t>;

/// A parameter of a law: its name (as a law case's `input` line names it) and its kind.
struct LawParameter {
  std::string name;
  bool integer = false;  ///< an integer; otherwise a layout
};

/// What checking one case of a law found.
struct LawVerdict {
  /// The postcondition that failed, without the case's particulars ("" when the law holds); never
  /// holds ": " (the end of a campaign's failure kind).
  std::string violated;
  std::string detail;               ///< where and how it failed: the indices and values
  std::vector<std::string> labels;  ///< what the case exercised ("injective", "admissible", ...)

  /// Whether the law holds for the case.
  bool holds() const { return violated.empty(); }
};

/// One law of the layout algebra.
struct LayoutLaw {
  std::string name;  ///< as its gtest is named (LayoutLaws.NAME) and a law case's `law` line names it
  std::vector<LawParameter> parameters;
  /// Judges the law on `args`, one per parameter and of its kind (check_layout_law checks that).
  LawVerdict (*check)(const std::vector<LawArgument>& args);
};

/// Every law, in the order of the RapidCheck table (ir/layout/testing/layout_laws.h).
const std::vector<LayoutLaw>& layout_laws();

/// The law named `name`, or null.
const LayoutLaw* find_layout_law(std::string_view name);

/// Why `args` cannot be judged by `law` ("" when they can): a count or kind that does not fit
/// its parameters, a symbolic layout, a layout of more than 4,096 elements or a cosize above
/// 65,536, an integer outside [1, 262,144], or a logical product whose size(A) * cosize(B)
/// passes 2^22 (its check enumerates that many offsets).
std::string law_arguments_refusal(const LayoutLaw& law, const std::vector<LawArgument>& args);

/// `law` judged on `args`. Precondition: law_arguments_refusal(law, args) is "".
LawVerdict check_layout_law(const LayoutLaw& law, const std::vector<LawArgument>& args);

/// "NAME does not hold (VIOLATED)": a violation without its particulars (a campaign's failure
/// kind, and the start of a law case's failure). Precondition: !v.holds().
std::string law_violation_kind(const LayoutLaw& law, const LawVerdict& v);

}  // namespace tf
