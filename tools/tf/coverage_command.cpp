#include "tools/tf/coverage_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>

#include "conformance/coverage.h"
#include "driver/report.h"
#include "ir/support/json_text.h"
#include "ir/support/nearest_names.h"

namespace tf::cli {

std::string coverage_table(
    const std::map<std::string, std::map<std::string, conformance::CoverageCount>>& rows) {
  using conformance::CoverageCount;
  std::size_t label_width = 8;
  for (const auto& [label, kinds] : rows) label_width = std::max(label_width, label.size() + 2);
  std::string table = fmt::format("{:<{}}{:>10}{:>10}{:>10}{:>12}{:>10}{:>14}\n", "", label_width,
                                  "accept", "reject", "value", "structure", "all", "compile-time");
  for (const auto& [label, kinds] : rows) {
    std::string line = fmt::format("{:<{}}", label, label_width);
    for (const char* kind : {"accept", "reject", "value", "structure"}) {
      auto it = kinds.find(kind);
      CoverageCount c = it == kinds.end() ? CoverageCount{} : it->second;
      line += fmt::format("{:>{}}", fmt::format("{}/{}", c.covered, c.total),
                          std::string_view(kind) == "structure" ? 12 : 10);
    }
    auto all_it = kinds.find("all");
    const CoverageCount all = all_it == kinds.end() ? CoverageCount{} : all_it->second;
    line += fmt::format("{:>10}{:>14}", fmt::format("{}/{}", all.covered, all.total),
                        all.compile_time);
    table += line + '\n';
  }
  return table;
}

int run_coverage(const CoverageRequest& r, std::ostream& out, std::ostream& err) {
  using namespace tf::conformance;
  std::string rules_path = r.rules.empty() ? r.root + "/conformance/rules.tsv" : r.rules;
  Result<RuleCatalogue> cat = RuleCatalogue::load(rules_path);
  if (!cat) return report_bad_input(cat.diagnostics(), err, r.json);
  std::vector<Diagnostic> unmatched;  // a prefix that names no rule would require nothing
  for (const std::string& prefix : r.require) {
    const bool any = std::any_of(cat->rules().begin(), cat->rules().end(),
                                 [&](const Rule& rule) { return rule.id.starts_with(prefix); });
    if (any) continue;
    Diagnostic d = category_error(DiagCategory::Usage,
                                  fmt::format("--require '{}' matches no rule id of {}", prefix, rules_path));
    std::vector<std::string> prefixes;  // "TYPES.", "TYPES.3.", ... and every whole id
    for (const Rule& rule : cat->rules()) {
      for (std::size_t dot = rule.id.find('.'); dot != std::string::npos; dot = rule.id.find('.', dot + 1))
        prefixes.push_back(rule.id.substr(0, dot + 1));
      prefixes.push_back(rule.id);
    }
    unmatched.push_back(suggest_nearest(d, prefix, prefixes));
  }
  if (!unmatched.empty()) return report_bad_input(unmatched, err, r.json);
  CoverageReport rep = scan_tree(r.root, *cat);
  if (!rep.errors.empty()) return report_bad_input(rep.errors, err, r.json);

  std::vector<const Rule*> missing_required;
  std::vector<const Rule*> missing;
  for (const Rule& rule : cat->rules()) {
    if (rep.covered.count(rule.id) || rep.compile_time.count(rule.id)) continue;
    missing.push_back(&rule);
    for (const std::string& prefix : r.require)
      if (rule.id.starts_with(prefix)) {
        missing_required.push_back(&rule);
        break;
      }
  }
  auto counts = count_by_document_and_kind(rep, *cat);
  if (r.json) {
    nlohmann::json j;
    for (const auto& [doc, kinds] : counts)
      for (const auto& [kind, c] : kinds)
        j["counts"][doc][kind] = {c.covered, c.total, c.compile_time};
    for (const Rule* m : missing) j["missing"].push_back(m->id);
    for (const Rule* m : missing_required) j["missing_required"].push_back(m->id);
    j["files_scanned"] = rep.files_scanned;
    out << json_text(j, 2) << '\n';
  } else {
    out << fmt::format("rule coverage ({} files scanned): covered at run time/total; compile-time:"
                       " rules named only by a compile-time check\n",
                       rep.files_scanned);
    out << coverage_table(counts);
    if (r.list_missing)
      for (const Rule* m : missing) out << "missing: " << m->id << '\n';
    for (const Rule* m : missing_required)
      out << "missing required: " << m->id << "  (" << rule_kind_name(m->kind) << ")\n";
    if (!r.require.empty())
      out << fmt::format("{} required rules not named by any test or case\n",
                         missing_required.size());
  }
  return missing_required.empty() ? kExitOk : kExitCheckFailed;
}

void add_coverage_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<CoverageRequest>();
  CLI::App* cmd = app.add_subcommand(
      "coverage",
      "Report which rules of conformance/rules.tsv are named by a test (// covers: ID) or a\n"
      "conformance case (covers ID), per seed document and rule kind. A test made only of\n"
      "static_asserts names its rules with // covers (compile-time): ID; those are counted\n"
      "apart (the compile-time column), and satisfy --require.");
  cmd->add_option("--root", req->root, "the project root to scan (default: .)");
  cmd->add_option("--rules", req->rules, "the rule catalogue (default: ROOT/conformance/rules.tsv)");
  cmd->add_option("--require", req->require,
                  "an id prefix (e.g. DTREP. or TYPES.3.) whose rules must all be covered; "
                  "exit 1 otherwise");
  cmd->add_flag("--list-missing", req->list_missing, "list every uncovered rule id");
  cmd->add_flag("--json", req->json, "print the report as JSON");
  cmd->callback([req, &exit_code] { exit_code = run_coverage(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
