// The report of a campaign (`tf fuzz --report DIR`, docs/fuzzing.md): what each property did (its
// cases over time, its labels and the ops its programs used, how its time split, its findings
// with their reproducers and the commands that replay them) as one JSON document, report.json,
// which the HTML page of report_html.h shows. `tf fuzz --json` prints the same property objects,
// without their samples, and findings.jsonl holds finding_json's lines.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fuzz/campaign/campaign.h"

namespace tf::fuzz {

/// One property of a campaign as the report shows it.
struct PropertyReport {
  CampaignResult result;                 ///< result.property names it
  std::string skipped;                   ///< why it did not run ("" when it ran)
  std::vector<std::string> reproducers;  ///< per finding of result, its reproducer's path ("": none written)
};

/// A campaign as the report shows it.
struct CampaignReport {
  std::string tool;  ///< the version of tf that ran it (tool_version())
  std::uint64_t seed = 0;
  std::string shard = "0/1";      ///< I/N
  double time_budget = 0;         ///< --time, per property (0: none)
  std::int64_t case_budget = -1;  ///< --cases as given (-1: none; with `all` each property runs it divided by its cost)
  std::string plant;              ///< the planted bug active during the run ("": none)
  bool interrupted = false;       ///< Ctrl-C ended the campaign early
  std::vector<PropertyReport> properties;  ///< in the order they ran
};

/// A finding as one line of findings.jsonl (docs/fuzzing.md lists the fields): property, seed,
/// case, shard, kind, description, reproducer (its path, or null), shrink_steps, shrink_seconds,
/// lines_before, lines_after, lines_reduced, reduce_seconds, repeats, found_after, tool.
nlohmann::json finding_json(const Finding& f, const std::string& reproducer_path, const std::string& shard);

/// The seconds spent reducing the findings of `r` (after the campaign: not in r.seconds).
double reduce_seconds(const CampaignResult& r);

/// A property's summary: {"property", "skipped"} for one that did not run; else property, seed,
/// shard, cases, passed, discarded, failed, seconds, generate_seconds, check_seconds,
/// prefetch_seconds, shrink_seconds, reduce_seconds, stopped_by_time, interrupted, labels (cases
/// per label), ops (cases per op), findings (finding_json each, with replay: the command that
/// replays its file or null, rerun: the command that runs its case again, and for a finding
/// without a reproducer example: the counterexample RapidCheck rendered) and, with `samples`,
/// samples: [{seconds, cases, failed, labels, ops}, ...].
nlohmann::json property_json(const PropertyReport& p, std::uint64_t seed, const std::string& shard, bool samples);

/// report.json: {"tool", "seed", "shard", "time_budget", "case_budget" (null: none), "plant"
/// (null: none), "interrupted", "properties": [property_json with samples, ...]}.
nlohmann::json report_json(const CampaignReport& r);

}  // namespace tf::fuzz
