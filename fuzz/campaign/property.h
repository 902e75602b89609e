// A named property of a fuzz campaign (docs/fuzzing.md): one case is a
// RapidCheck-style body (it draws its inputs with `*gen` and checks with RC_ASSERT / RC_FAIL),
// so the same body runs as a gtest law (ir/support/testing/law_runner.h, check_law) and under
// `tf fuzz` (campaign.h), which generates, shrinks and turns failures into reproducers.
//
// Design note. A body says what a failing case needs to become a conformance case by recording
// a Witness before it checks anything (record_witness): the program text, the function to run,
// the level, the inputs and the expect lines. The campaign re-runs the shrunk case and reads the
// last witness it recorded (take_witness). A failure's kind, the part of its description that
// names what went wrong without the case's particulars, is its first line up to the first ":"
// (fail() builds such descriptions) or, for an RC_ASSERT, the assertion and its place;
// shrinking keeps only smaller cases that fail with the same kind.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "eval/value/tensor.h"

namespace tf::fuzz {

/// What a failing case needs to become a self-contained conformance case (docs/tfir.md section 7).
struct Witness {
  std::string program;   ///< the tfir text, `tfir 1` first
  std::string function;  ///< the function the case runs (empty: the case only reads the file)
  std::string level;     ///< hir | tir | lowered | cuda-emu | cuda-gpu (empty: by the function)
  std::uint64_t schedule = 0;  ///< the machine model's thread order (0: the deterministic one)
  std::vector<std::pair<std::string, std::int64_t>> dims;           ///< DimVar values
  std::vector<std::pair<std::string, eval::Tensor>> inputs;         ///< by parameter name
  std::vector<std::string> expectations;  ///< `expect ...` lines, without `expect`
  /// The program is the reproducer as it stands, without a case or comments (a mutant that
  /// need not read: `tf check` replays it).
  bool raw = false;
  /// A law case (`law NAME`, docs/tfir.md section 7; empty: none): the law of ir/layout/layout_law.h
  /// the case checks, and its arguments as text (`input NAME = TEXT`: a layout or an integer), in order.
  std::string law;
  std::vector<std::pair<std::string, std::string>> law_arguments;
};

/// Records `w` as the current case's witness (one per thread; the last one recorded counts).
void record_witness(Witness w);
/// The witness the current thread recorded since the last take, if any; clears it.
std::optional<Witness> take_witness();
/// When the current thread first recorded a witness since the last take (a body records its
/// witness once its input is generated, before it checks: the campaign's split of a case's
/// time into generating and checking), or nullopt.
std::optional<std::chrono::steady_clock::time_point> first_witness_time();

/// Fails the current case with the description "KIND: DETAIL" (RC_FAIL).
[[noreturn]] void fail(std::string_view kind, std::string_view detail);

/// The kind of a failure description: its first line up to the first ": " (header comment); for
/// RC_ASSERT's "PATH:LINE:\nRC_ASSERT(...)", "FILE:LINE: RC_ASSERT(...)" (no directory).
std::string failure_kind(std::string_view description);

/// One named property.
struct Property {
  std::string name;     ///< as `tf fuzz --property` spells it
  std::string summary;  ///< one line for `tf fuzz --list`
  std::function<void()> body;  ///< one case (header comment)
  /// Why the property cannot run here ("" when it can): no CUDA headers, no device.
  std::function<std::string()> unavailable;
  /// How many cases of the property cost as much as one case of a cheap one (a case that
  /// compiles a kernel: 100s): the CI campaign and the unit laws divide their counts by it.
  int cost = 1;
  /// For a property whose cases compile (tir-vs-emu): prefetch(collect) runs `collect`, which
  /// runs the bodies of the next cases, in a scope that records what they would compile instead
  /// of compiling, then compiles all of it at once (cuda/driver/prefetch.h), so that the cases
  /// themselves, run next as always, find their modules compiled. Null: cases run one by one.
  std::function<void(const std::function<void()>& collect)> prefetch;
};

/// Every property, in `tf fuzz --list` order.
const std::vector<Property>& properties();

/// The property named `name`, or null.
const Property* find_property(std::string_view name);

}  // namespace tf::fuzz
