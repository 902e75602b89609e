// `tf fuzz`: a fuzz campaign over named properties (fuzz/campaign, fuzz/props; docs/fuzzing.md).
// Runs each property's cases by seed and shard within a time budget, prints a live progress
// line on a terminal (plain lines otherwise), shrinks every failure to a reproducer .tfir that
// `tf conform` replays, writes the findings as JSON lines and, with --report, a page of the
// campaign (fuzz/campaign/report_html.h). Exit 0 when no case failed, 1 when some did, 2 for bad
// usage (an unknown property, a malformed shard, a named property that cannot run here).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct FuzzRequest {
  std::vector<std::string> properties;  ///< --property (repeatable; `all`: every one)
  std::uint64_t seed = 1;
  double seconds = 60;          ///< --time, per property
  std::int64_t cases = -1;      ///< --cases, per property (with `all`: divided by its cost)
  std::int64_t from = 0;        ///< --from: the first case index
  std::string shard = "0/1";    ///< --shard I/N
  std::string out_dir;          ///< --out: findings.jsonl and the reproducers
  /// --report: DIR/index.html and DIR/report.json, written at the end (also after Ctrl-C); without
  /// --out the findings go to DIR/findings.
  std::string report_dir;
  double shrink_seconds = 60;   ///< --shrink-time
  double reduce_seconds = 30;   ///< --reduce-time: tf reduce on each reproducer after shrinking (0: off)
  int max_findings = 10;        ///< --max-findings: stop a property after this many failure kinds
  bool json = false;            ///< --json: the summary as one JSON object on stdout
  bool list = false;            ///< --list: name the properties
  std::string plant;            ///< --plant: activate this planted bug (ir/support/plant.h)
  bool list_plants = false;     ///< --list-plants: name the planted bugs
  bool progress = true;         ///< --no-progress: no progress lines
  std::string cache;            ///< --cache DIR: the disk cache of compiled modules, as TF_CACHE_DIR sets it ("": unchanged)
};

/// Runs the request; the summary to `out`, progress and usage errors to `err`.
int run_fuzz(const FuzzRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `fuzz` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_fuzz_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
