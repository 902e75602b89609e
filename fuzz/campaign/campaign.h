// A fuzz campaign over one property (docs/fuzzing.md).
//
// Design note. The campaign's cases form one sequence per (property, seed): case k is generated
// by the property's body from rc::Random(splitmix(seed, k)) at size k mod 101, so case k is the
// same on every machine and in every run, and shard i of n runs exactly the cases k = i, i + n,
// i + 2n, ... (the shards of a campaign partition its cases). A case runs through RapidCheck's
// toProperty (the body's `*gen` draws and RC_ASSERTs work as in a gtest law). A failing case is
// shrunk by walking RapidCheck's shrink tree: the first smaller case that fails with the same
// failure kind (property.h) is taken, until none does or the shrink budget is spent. Its last
// witness becomes the reproducer (reproducer.h). Findings are deduplicated by kind: the first
// case of each kind is shrunk and reported, later ones only counted.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "fuzz/campaign/property.h"
#include "fuzz/campaign/reproducer.h"

namespace tf::fuzz {

/// How a campaign runs.
struct CampaignOptions {
  std::uint64_t seed = 1;
  double seconds = 60;          ///< the time budget (<= 0: none; then `cases` must bound it)
  std::int64_t cases = -1;      ///< at most this many cases (-1: until the time is spent)
  std::int64_t from = 0;        ///< the first case index of the sequence (before sharding; >= 0)
  /// Run the cases k with k mod shards == shard (0 <= shard < shards); the sequence ends where the
  /// next index would pass 2^63 - 1.
  std::int64_t shard = 0, shards = 1;
  double shrink_seconds = 60;   ///< the shrink budget per finding
  int max_findings = 10;        ///< stop after this many distinct failure kinds
  /// Called after every case with the result so far (progress lines).
  std::function<void(const struct CampaignResult&)> on_case;
  /// When set and true, the campaign stops (Ctrl-C): the case running then is not counted (its
  /// evaluation was cut short, not failed) and a finding being shrunk keeps what it reached.
  std::function<bool()> stop_requested;
};

/// One failure, shrunk.
struct Finding {
  FindingOrigin origin;
  std::string description;      ///< the shrunk case's failure description
  std::string reproducer;       ///< its reproducer's text ("" when the body recorded no witness)
  bool raw_reproducer = false;  ///< the reproducer is a raw text, not a case (Witness::raw)
  std::string example;          ///< RapidCheck's rendering of the shrunk case's generated values
  int shrink_steps = 0;
  double found_after = 0;       ///< seconds from the campaign's start to the failing case
  double shrink_seconds = 0;
  /// The reproducer's code lines (reducer.h code_lines) before and after shrinking.
  std::size_t lines_before = 0, lines_after = 0;
  std::size_t lines_reduced = 0;  ///< after `tf reduce` (the CLI's --reduce-time; 0: not reduced)
  double reduce_seconds = 0;
  std::int64_t repeats = 0;     ///< later cases that failed with the same kind
};

/// One point of a campaign's progress over time (CampaignResult::samples).
struct CampaignSample {
  double seconds = 0;          ///< since the campaign's start
  std::int64_t cases = 0;      ///< cases run by then
  std::int64_t failed = 0;     ///< of which failed
  std::int64_t labels = 0;     ///< distinct labels seen by then
  std::int64_t ops = 0;        ///< distinct op and statement kinds seen by then
};

/// The most samples a campaign keeps (CampaignResult::samples).
inline constexpr std::size_t kMaxCampaignSamples = 512;

/// What a campaign did.
struct CampaignResult {
  std::string property;
  std::int64_t cases = 0, passed = 0, discarded = 0, failed = 0;
  std::vector<Finding> findings;
  std::map<std::string, std::int64_t> tags;  ///< RC_TAG / RC_CLASSIFY labels, cases per label
  /// Per op or statement kind, the cases whose program used it (op_kinds of the witness).
  std::map<std::string, std::int64_t> ops;
  double seconds = 0;            ///< wall time in all
  double shrink_seconds = 0;     ///< of which shrinking
  /// Of the cases' own time (not shrinking), the part before each body recorded its witness
  /// (generating its input) and the part after (checking it); cases without a witness count
  /// as checking.
  double generate_seconds = 0, check_seconds = 0;
  /// Compiling ahead (Property::prefetch: the next cases' bodies run to collect their kernels,
  /// then compiled at once), apart from the cases' own time.
  double prefetch_seconds = 0;
  /// Progress over time, in time order: one sample at the start, one after every k-th case and one
  /// at the end. k starts at 1; when kMaxCampaignSamples would be reached, every other sample goes
  /// and k doubles, so the samples stay evenly spread over the cases at bounded memory.
  std::vector<CampaignSample> samples;
  bool stopped_by_time = false;
  bool interrupted = false;      ///< stopped by options.stop_requested
};

/// Runs `property` as `options` say. Precondition: property.unavailable() is "".
CampaignResult run_campaign(const Property& property, const CampaignOptions& options);

/// The op and statement kinds a tfir program uses, each once: every lowercase name called with
/// `(` before the first `case` block (ops, `sync`, `launch`, ...), `for` for a loop (its
/// `range(`), `call` for `@f(`. What `tf fuzz --json` histograms, so a campaign shows what its
/// generators exercised.
std::vector<std::string> op_kinds(const std::string& program);

/// The Random of case `k` of the campaign with `seed` (design note).
std::uint64_t case_seed(std::uint64_t seed, std::int64_t k);

}  // namespace tf::fuzz
