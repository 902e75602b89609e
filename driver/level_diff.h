// Which level is wrong: the results of one function run at several levels (hir, tir, emu, gpu:
// function_run.h) compared output by output, what `tf diff` prints (docs/cuda-backend.md, "Which
// level is wrong: tf diff"). The runs come in; this header only compares and reports.
//
// Design note.
//  - Every level's contract is the same bits: the lowering computes the HIR evaluator's bits, the
//    emulation the machine model's (its Mma arithmetic `exact`), and a GPU the machine model's in
//    its `sm90` Mma mode. So the bound is 0 ulps at every level: a level is within it at an element
//    when its code equals, under the exact comparison (eval/value/compare.h: the same code, every
//    NaN code of the dtype one class), the code of the level it is judged against.
//  - The reference is the first level under test that ran, normally hir: the HIR evaluator is the
//    spec's executable meaning. A level is judged against the reference, unless its run names
//    another (LevelRun::judged_against): gpu is judged against `tir-sm90`, the TIR machine model
//    in the GPU's Mma arithmetic, which tf diff runs as an extra level, not under test, whenever
//    gpu ran. Without an Mma atom (every func the default pipeline lowers) that model gives the
//    same bits as tir; with one, a tensor core's truncating alignment is not reported as a bug.
//  - The reference may itself be the wrong one, so each output also says which levels agree with
//    which: the groups of levels whose outputs are identical (dtype, shape and codes), in the
//    order of their first level.
//  - Outputs are a result's tensors flattened in tuple order (run_arguments.h's names). Output k
//    is compared among the levels that ran and have it; the first of them with it (the reference
//    when it has it) gives its dtype and shape, and a level with another dtype or shape, or
//    without output k, is outside the bound. A block-scaled output (only the HIR evaluator
//    computes one) is compared in its dequantized f32 values (its hex codes are then f32's).
//  - The first difference is the first element in row-major order at which a level is outside its
//    bound, or, when none is anywhere, at which the levels' codes differ (tir-sm90 from hir, say).
//    It shows each level's code in hex and its value in decimal, and its distance in ulps from
//    the level it is judged against: for floats the steps between the two values along the
//    dtype's sorted codes (eval::ulp_distance: -0 and +0 are 0 steps apart), "nan" when exactly one
//    is NaN and "inf" for an infinity against another value; for integers the absolute difference.
//  - The levels outside the bound (anywhere in the output) are a finding, as is a level that
//    failed where another ran (level_diff_exit_code).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/support/diagnostic.h"

namespace tf::cli {

/// The ulps every level is held to (design note).
inline constexpr std::uint64_t kLevelBoundUlps = 0;

/// The extra level tf diff runs as gpu's reference: the TIR machine model with the Mma arithmetic
/// `sm90` (design note).
inline constexpr const char* kGpuModelLevel = "tir-sm90";

/// How a level's run ended.
enum class LevelStatus { Ran, Failed, Skipped };

/// One level's run of the function, as the diff takes it.
struct LevelRun {
  std::string level;  ///< hir, tir, emu, gpu or tir-sm90
  LevelStatus status = LevelStatus::Ran;
  std::vector<std::pair<std::string, eval::Tensor>> outputs;  ///< Ran: its outputs, flattened and named
  std::vector<Diagnostic> diagnostics;                        ///< Failed: what the run reported
  std::string skip_reason;                                    ///< Skipped: why the level cannot run here
  std::string judged_against;  ///< the level whose codes this one must equal; empty: the reference
  bool under_test = true;      ///< false: only a level others are judged against (tir-sm90)
};

/// One level's element at the first difference.
struct LevelElement {
  std::string level;
  std::string hex;                    ///< its code in the output's dtype ("0x41800000")
  std::string decimal;                ///< its value as a literal spells it ("16", "nan")
  std::string against;                ///< the level it is judged against (usually the output's first)
  std::optional<std::uint64_t> ulps;  ///< from that level's element
  std::string incomparable;           ///< without ulps: "nan" or "inf" (design note)
  bool outside = false;               ///< outside the bound at this element
};

/// The first element at which the levels differ (design note).
struct FirstDifference {
  std::int64_t index = 0;  ///< row-major
  std::vector<std::int64_t> coordinate;
  std::vector<LevelElement> elements;  ///< every level with the output's dtype and shape, in run order
  std::vector<std::string> outside;    ///< the levels outside the bound at this element
};

/// One output compared across the levels that ran.
struct OutputDiff {
  std::size_t index = 0;  ///< its position among the flattened outputs
  std::string name;       ///< "output[1]"
  std::string type;       ///< its literal type, "Tensor[(2,), f32]" (block-scaled: its own dtype)
  DType dtype;            ///< that type's dtype
  eval::Shape shape;      ///< and its shape
  std::vector<std::string> levels;                              ///< the levels that ran and have it, in run order
  bool agree = true;                                            ///< one group, and no level without it
  std::vector<std::vector<std::string>> groups;                 ///< levels with identical outputs
  std::vector<std::pair<std::string, std::string>> mismatched;  ///< level, what it has instead
  std::vector<std::string> outside;                             ///< levels outside the bound anywhere, in run order
  std::optional<FirstDifference> first_difference;              ///< absent when the codes of its levels agree
};

/// A function's runs and their comparison.
struct LevelDiff {
  std::string function;
  std::vector<LevelRun> runs;
  std::string reference;            ///< the first level under test that ran; empty when none did
  std::vector<OutputDiff> outputs;  ///< empty when fewer than two levels ran
};

/// Compares the outputs of `runs` (in the order the levels were given; design note).
LevelDiff diff_levels(std::string function, std::vector<LevelRun> runs);

/// kExitOk when every level that ran is within the bound everywhere and none failed where another
/// ran; kExitCheckFailed for a level outside the bound or one that failed where another ran;
/// kExitBadInput when every level that was not skipped failed (the program's or the inputs'
/// diagnostics, as tf eval's); kExitInternalError when a level failed with an internal error.
int level_diff_exit_code(const LevelDiff& diff);

/// The report as text: a line naming the function, the levels and the reference; one line per
/// level (ran; failed, followed by its diagnostics as tf eval prints them; skipped and why); then
/// per output whether its levels agree bit for bit, else their groups, any level with another
/// type, the first difference (one line per level: hex = decimal, ulps) and the levels outside
/// the bound.
std::string level_diff_text(const LevelDiff& diff);

/// The report as JSON: {"function", "reference" (null when no level ran), "levels": [{"level", "status"
/// (ran, failed, skipped), "judged_against"?, "under_test"?: false, "diagnostic"? (diagnostic_json),
/// "more_diagnostics"?, "reason"? (skipped)}], "outputs": [{"index", "name", "dtype", "shape", "agree",
/// "groups", "mismatched"?: {level: what}, "outside", "first_difference"?: {"coordinate", "values":
/// {level: {"hex", "decimal"}}, "ulps": {level: n, "nan" or "inf"}, "bound_ulps", "outside"}}]}.
nlohmann::ordered_json level_diff_json(const LevelDiff& diff);

}  // namespace tf::cli
