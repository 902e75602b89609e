#include "fuzz/campaign/campaign_report.h"

#include "fuzz/campaign/reproducer.h"

namespace tf::fuzz {
namespace {

// `s`, or null when it is empty.
nlohmann::json string_or_null(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

nlohmann::json samples_json(const std::vector<CampaignSample>& samples) {
  nlohmann::json out = nlohmann::json::array();
  for (const CampaignSample& s : samples)
    out.push_back(
        {{"seconds", s.seconds}, {"cases", s.cases}, {"failed", s.failed}, {"labels", s.labels}, {"ops", s.ops}});
  return out;
}

}  // namespace

nlohmann::json finding_json(const Finding& f, const std::string& reproducer_path, const std::string& shard) {
  return {{"property", f.origin.property},
          {"seed", f.origin.seed},
          {"case", f.origin.case_index},
          {"shard", shard},
          {"kind", f.origin.kind},
          {"description", f.description},
          {"reproducer", string_or_null(reproducer_path)},
          {"shrink_steps", f.shrink_steps},
          {"shrink_seconds", f.shrink_seconds},
          {"lines_before", f.lines_before},
          {"lines_after", f.lines_after},
          {"lines_reduced", f.lines_reduced},
          {"reduce_seconds", f.reduce_seconds},
          {"repeats", f.repeats},
          {"found_after", f.found_after},
          {"tool", tool_version()}};
}

double reduce_seconds(const CampaignResult& r) {
  double seconds = 0;
  for (const Finding& f : r.findings) seconds += f.reduce_seconds;
  return seconds;
}

nlohmann::json property_json(const PropertyReport& p, std::uint64_t seed, const std::string& shard, bool samples) {
  const CampaignResult& r = p.result;
  if (!p.skipped.empty()) return {{"property", r.property}, {"skipped", p.skipped}};
  nlohmann::json findings = nlohmann::json::array();
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    const std::string path = i < p.reproducers.size() ? p.reproducers[i] : "";
    nlohmann::json j = finding_json(f, path, shard);
    j["replay"] = path.empty() ? nlohmann::json(nullptr) : nlohmann::json(replay_command(path, f.raw_reproducer));
    j["rerun"] = rerun_command(f.origin);
    if (f.reproducer.empty()) j["example"] = f.example;  // its only record: the property wrote no case
    findings.push_back(std::move(j));
  }
  nlohmann::json j = {{"property", r.property},
                      {"seed", seed},
                      {"shard", shard},
                      {"cases", r.cases},
                      {"passed", r.passed},
                      {"discarded", r.discarded},
                      {"failed", r.failed},
                      {"seconds", r.seconds},
                      {"generate_seconds", r.generate_seconds},
                      {"check_seconds", r.check_seconds},
                      {"prefetch_seconds", r.prefetch_seconds},
                      {"shrink_seconds", r.shrink_seconds},
                      {"reduce_seconds", reduce_seconds(r)},
                      {"stopped_by_time", r.stopped_by_time},
                      {"interrupted", r.interrupted},
                      {"labels", r.tags},
                      {"ops", r.ops},
                      {"findings", std::move(findings)}};
  if (samples) j["samples"] = samples_json(r.samples);
  return j;
}

nlohmann::json report_json(const CampaignReport& r) {
  nlohmann::json properties = nlohmann::json::array();
  for (const PropertyReport& p : r.properties)
    properties.push_back(property_json(p, r.seed, r.shard, /*samples=*/true));
  return {{"tool", r.tool},
          {"seed", r.seed},
          {"shard", r.shard},
          {"time_budget", r.time_budget},
          {"case_budget", r.case_budget < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.case_budget)},
          {"plant", string_or_null(r.plant)},
          {"interrupted", r.interrupted},
          {"properties", std::move(properties)}};
}

}  // namespace tf::fuzz
