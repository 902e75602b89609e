#include "tools/tf/explain_rule.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

#include "driver/report.h"
#include "ir/support/json_text.h"
#include "tools/tf/coverage_command.h"
#include "tools/tf/single_case.h"

namespace tf::cli {
namespace {

using conformance::CaseOutcome;

std::pair<std::string, std::string> seed_parts(const std::string& column) {
  const std::size_t colon = column.find(": ");
  std::string file = column.substr(0, colon);
  std::string section = colon == std::string::npos ? std::string() : column.substr(colon + 2);
  return {file.substr(0, file.find('_')), section};
}

const std::vector<SourceLocation>& places_in(
    const std::map<std::string, std::vector<SourceLocation>>& index, const std::string& id) {
  static const std::vector<SourceLocation> kNone;
  auto it = index.find(id);
  return it == index.end() ? kNone : it->second;
}

// How a classified place reads in the text form (without its file:line).
std::string place_text(const CoverPlace& p) {
  switch (p.kind) {
    case CoverPlace::Kind::Case: return fmt::format("case \"{}\"", p.case_name);
    case CoverPlace::Kind::Gtest:
      if (p.binary.empty()) return p.test.empty() ? "test support" : "gtest " + p.test;
      return fmt::format("gtest {} (run with: ctest --test-dir build/default -R {})",
                         p.test.empty() ? "support" : p.test, p.binary);
    case CoverPlace::Kind::Other: return "source";
  }
  return "source";
}

// Runs covering cases once each (a case may name a rule on several lines).
class CaseRuns {
 public:
  explicit CaseRuns(const ExplainSources& s) : sources_(s) {}
  const CaseOutcome& run(const CoverPlace& p) {
    const std::string key = p.location.file + '\n' + p.case_name;
    auto [it, fresh] = outcomes_.try_emplace(key);
    if (fresh) {
      const std::string path = (std::filesystem::path(sources_.root) / p.location.file).string();
      it->second = run_single_case(path, p.case_name, &sources_.rules, sources_.limits);
      failed_ |= it->second.status == CaseOutcome::Status::Failed ||
                 it->second.status == CaseOutcome::Status::Crashed;
    }
    return it->second;
  }
  bool failed() const { return failed_; }

 private:
  const ExplainSources& sources_;
  std::map<std::string, CaseOutcome> outcomes_;
  bool failed_ = false;
};

nlohmann::ordered_json place_json(const CoverPlace& p, const CaseOutcome* outcome) {
  nlohmann::ordered_json j{{"file", p.location.file},
                           {"line", p.location.line},
                           {"column", p.location.column},
                           {"kind", cover_place_kind_name(p.kind)}};
  if (p.kind == CoverPlace::Kind::Case) j["case"] = p.case_name;
  if (p.kind == CoverPlace::Kind::Gtest) {
    j["test"] = p.test;
    j["binary"] = p.binary;
  }
  if (outcome != nullptr) {
    j["status"] = conformance::status_name(outcome->status);
    j["reason"] = outcome->reason;
  }
  return j;
}

}  // namespace

std::string seed_text(const std::string& seed_column) {
  auto [doc, section] = seed_parts(seed_column);
  return section.empty() ? fmt::format("seed {}", doc)
                         : fmt::format("seed {}, section {}", doc, section);
}

int explain_rule(const conformance::Rule& rule, ExplainSources& s, bool run, bool json,
                 std::ostream& out) {
  const std::vector<const conformance::Decision*> decisions =
      conformance::decisions_touching(s.decisions, rule.id);
  CaseRuns runs(s);
  // The places, classified, with the outcome of each case when asked to run.
  auto classify = [&](const std::vector<SourceLocation>& locations) {
    std::vector<std::pair<CoverPlace, const CaseOutcome*>> out_places;
    for (const SourceLocation& loc : locations) {
      CoverPlace p = s.places.classify(loc);
      const CaseOutcome* o = run && p.kind == CoverPlace::Kind::Case ? &runs.run(p) : nullptr;
      out_places.emplace_back(std::move(p), o);
    }
    return out_places;
  };
  const auto covers = classify(places_in(s.coverage.covered, rule.id));
  const auto compile_time = classify(places_in(s.coverage.compile_time, rule.id));
  const int exit_code = runs.failed() ? kExitCheckFailed : kExitOk;
  if (json) {
    auto [doc, section] = seed_parts(rule.seed);
    nlohmann::ordered_json j{{"explains", "rule"},     {"id", rule.id},
                             {"kind", rule_kind_name(rule.kind)}, {"seed", doc},
                             {"section", section},     {"seed_column", rule.seed},
                             {"rule", rule.text},      {"check", rule.check},
                             {"decisions_file", s.decisions_found}};
    j["decisions"] = nlohmann::ordered_json::array();
    for (const conformance::Decision* d : decisions)
      j["decisions"].push_back({{"id", d->id},
                                {"title", d->title},
                                {"file", kDecisionsPath},
                                {"line", d->location.line}});
    j["covers"] = nlohmann::ordered_json::array();
    for (const auto& [p, o] : covers) j["covers"].push_back(place_json(p, o));
    j["compile_time"] = nlohmann::ordered_json::array();
    for (const auto& [p, o] : compile_time) j["compile_time"].push_back(place_json(p, o));
    out << json_text(j, 2) << '\n';
    return exit_code;
  }
  out << fmt::format("rule {} ({})\n", rule.id, rule_kind_name(rule.kind));
  out << fmt::format("seed:      {}\n", seed_text(rule.seed));
  out << fmt::format("rule:      {}\n", rule.text);
  out << fmt::format("check:     {}\n", rule.check);
  if (!s.decisions_found)
    out << fmt::format("decisions: none ({} does not exist yet)\n", kDecisionsPath);
  else if (decisions.empty())
    out << fmt::format("decisions: none (no Rules line of {} names it)\n", kDecisionsPath);
  for (std::size_t i = 0; i < decisions.size(); ++i)
    out << fmt::format("{}{}. {} ({}:{})\n", i == 0 ? "decisions: " : "           ",
                       decisions[i]->id, decisions[i]->title, kDecisionsPath,
                       decisions[i]->location.line);
  auto print_places = [&](const auto& places) {
    for (const auto& [p, o] : places) {
      out << fmt::format("  {}:{}  {}\n", p.location.file, p.location.line, place_text(p));
      if (o != nullptr) out << "    -> " << outcome_verdict(*o) << '\n';
    }
  };
  if (covers.empty())
    out << "covered by: nothing at run time (tf coverage --list-missing lists such rules)\n";
  else
    out << fmt::format("covered by {} place{}:\n", covers.size(), covers.size() == 1 ? "" : "s");
  print_places(covers);
  if (!compile_time.empty()) {
    out << fmt::format("compile-time checks ({}):\n", compile_time.size());
    print_places(compile_time);
  }
  return exit_code;
}

int explain_prefix(const std::string& prefix, const ExplainSources& s, bool json,
                   std::ostream& out) {
  std::vector<const conformance::Rule*> rules;
  for (const conformance::Rule& r : s.rules.rules())
    if (r.id.starts_with(prefix)) rules.push_back(&r);
  const std::map<std::string, conformance::CoverageCount> totals =
      conformance::count_by_kind(s.coverage, s.rules, prefix);
  if (json) {
    nlohmann::ordered_json j{{"explains", "prefix"}, {"prefix", prefix}};
    j["rules"] = nlohmann::ordered_json::array();
    for (const conformance::Rule* r : rules)
      j["rules"].push_back({{"id", r->id},
                            {"kind", rule_kind_name(r->kind)},
                            {"places", places_in(s.coverage.covered, r->id).size()},
                            {"compile_time", places_in(s.coverage.compile_time, r->id).size()}});
    for (const auto& [kind, c] : totals) j["totals"][kind] = {c.covered, c.total, c.compile_time};
    out << json_text(j, 2) << '\n';
    return kExitOk;
  }
  std::size_t id_width = 2;
  for (const conformance::Rule* r : rules) id_width = std::max(id_width, r->id.size());
  out << fmt::format("prefix {}: {} rule{}\n", prefix, rules.size(), rules.size() == 1 ? "" : "s");
  out << fmt::format("{:<{}}  {:<9}  {:>6}  {:>12}\n", "id", id_width, "kind", "places",
                     "compile-time");
  for (const conformance::Rule* r : rules)
    out << fmt::format("{:<{}}  {:<9}  {:>6}  {:>12}\n", r->id, id_width, rule_kind_name(r->kind),
                       places_in(s.coverage.covered, r->id).size(),
                       places_in(s.coverage.compile_time, r->id).size());
  out << "\ncovered/total per kind; compile-time: rules named only by a compile-time check\n"
      << coverage_table({{prefix, totals}});
  return kExitOk;
}

}  // namespace tf::cli
