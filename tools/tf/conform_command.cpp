#include "tools/tf/conform_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <regex>

#include "conformance/case_reader.h"
#include "conformance/case_runner.h"
#include "conformance/rule_catalogue.h"
#include "tools/tf/coverage_command.h"
#include "tools/tf/ir_session.h"
#include "tools/tf/report.h"
#include "ir/text/module_reader.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

// The .tfir files named by `paths` (folders searched recursively), sorted within each folder.
std::vector<std::string> case_files(const std::vector<std::string>& paths, std::vector<Diagnostic>& errors) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::recursive_directory_iterator(p, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".tfir") found.push_back(entry.path().string());
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
    } else {
      Diagnostic d = category_error(DiagCategory::Usage, fmt::format("no such file or folder '{}'", p));
      errors.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace

namespace {

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t') out += ' ';
        else out += ch;
    }
  }
  return out;
}

// A JUnit XML report (one testsuite; each case a testcase classed by its file).
std::string junit_xml(const std::vector<conformance::CaseOutcome>& outcomes, std::size_t failed,
                      std::size_t skipped) {
  using S = conformance::CaseOutcome::Status;
  double total = 0;
  for (const auto& o : outcomes) total += o.seconds;
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += fmt::format("<testsuites>\n<testsuite name=\"tf conform\" tests=\"{}\" failures=\"{}\" "
                   "skipped=\"{}\" errors=\"0\" time=\"{:.6f}\">\n",
                   outcomes.size(), failed, skipped, total);
  for (const auto& o : outcomes) {
    x += fmt::format("  <testcase name=\"{}\" classname=\"{}\" time=\"{:.6f}\"", xml_escape(o.name),
                     xml_escape(o.location.file), o.seconds);
    if (o.status == S::Passed) {
      x += "/>\n";
      continue;
    }
    x += ">\n";
    const char* tag = o.status == S::Failed ? "failure" : "skipped";
    x += fmt::format("    <{} message=\"{}\">{}</{}>\n", tag, xml_escape(o.reason),
                     xml_escape(o.location.str()), tag);
    x += "  </testcase>\n";
  }
  x += "</testsuite>\n</testsuites>\n";
  return x;
}

bool write_text(const std::string& path, const std::string& text, std::vector<Diagnostic>& bad) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (f.good()) return true;
  bad.push_back(category_error(DiagCategory::Usage, fmt::format("cannot write '{}'", path)));
  return false;
}

// The project root a rule catalogue belongs to: DIR for DIR/conformance/rules.tsv, else ".".
std::string catalogue_root(const std::string& rules) {
  fs::path p = fs::path(rules).lexically_normal();
  if (p.filename() == "rules.tsv" && p.parent_path().filename() == "conformance") {
    fs::path root = p.parent_path().parent_path();
    return root.empty() ? "." : root.string();
  }
  return ".";
}

}  // namespace

int run_conform(const ConformRequest& r, std::ostream& out, std::ostream& err) {
  const bool json_stdout = r.json == "-";
  Result<conformance::RuleCatalogue> rules = conformance::RuleCatalogue::load(r.rules);
  if (!rules.ok()) return report_bad_input(rules.diagnostics(), err, json_stdout);
  std::regex filter;
  try {
    filter = std::regex(r.filter.empty() ? std::string(".*") : r.filter);
  } catch (const std::regex_error& e) {
    return report_bad_input({category_error(DiagCategory::Usage,
                                            fmt::format("--filter '{}' is not a regular expression: {}",
                                                        r.filter, e.what()))},
                            err, json_stdout);
  }
  std::vector<Diagnostic> bad;
  const std::vector<std::string> files =
      case_files(r.paths.empty() ? std::vector<std::string>{"conformance/cases"} : r.paths, bad);
  using S = conformance::CaseOutcome::Status;
  std::size_t passed = 0, failed = 0, skipped = 0;
  std::vector<conformance::CaseOutcome> outcomes;
  for (const std::string& path : files) {
    Result<std::string> source = read_source_file(path);
    if (!source.ok()) {
      bad.insert(bad.end(), source.diagnostics().begin(), source.diagnostics().end());
      continue;
    }
    // A case may expect the file's own declarations to fail: read it as far as it goes.
    text::PartialFile parsed = text::read_tfir_partial(*source, path);
    if (!parsed.file) {
      bad.insert(bad.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
      continue;
    }
    Result<std::vector<conformance::Case>> cases = conformance::read_cases(*parsed.file, &*rules);
    if (!cases.ok()) {
      bad.insert(bad.end(), cases.diagnostics().begin(), cases.diagnostics().end());
      continue;
    }
    conformance::CaseFile cf;
    CheckedFile checked;
    if (parsed.diagnostics.empty()) {
      checked = check_source(*source, path);
      cf.diagnostics = checked.diagnostics;
      if (checked.file) cf.file = &*checked.file;
    } else {
      cf.diagnostics = parsed.diagnostics;
    }
    cf.base_dir = fs::path(path).parent_path().string();
    for (const conformance::Case& c : *cases) {
      if (!std::regex_search(c.name, filter)) continue;
      conformance::CaseOutcome o = conformance::run_case(c, cf, cli_op_tables());
      (o.status == S::Passed ? passed : o.status == S::Failed ? failed : skipped)++;
      if (json_stdout || (r.quiet && o.status == S::Passed)) {
      } else if (o.status == S::Passed) {
        out << "PASS " << o.name << "\n";
      } else {
        out << (o.status == S::Failed ? "FAIL " : "SKIP ") << o.name << ": " << o.reason << " ("
            << o.location.str() << ")\n";
      }
      outcomes.push_back(std::move(o));
    }
  }
  if (!r.junit.empty()) write_text(r.junit, junit_xml(outcomes, failed, skipped), bad);
  if (!r.json.empty()) {
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const auto& o : outcomes)
      results.push_back({{"name", o.name},
                         {"status", conformance::status_name(o.status)},
                         {"reason", o.reason},
                         {"file", o.location.file},
                         {"line", o.location.line},
                         {"seconds", o.seconds}});
    const std::string doc = nlohmann::ordered_json{{"cases", results},
                                                   {"passed", passed},
                                                   {"failed", failed},
                                                   {"skipped", skipped}}
                                .dump() + "\n";
    if (json_stdout) out << doc;
    else write_text(r.json, doc, bad);
  }
  for (const Diagnostic& d : bad) write_diagnostic(d, err, json_stdout);
  if (r.coverage && !json_stdout) {
    CoverageRequest cr;
    cr.root = catalogue_root(r.rules);
    cr.rules = r.rules;
    run_coverage(cr, out, err);
  }
  if (!json_stdout) out << fmt::format("{} passed, {} failed, {} skipped\n", passed, failed, skipped);
  if (!bad.empty()) return kExitBadInput;
  return failed > 0 ? kExitCheckFailed : kExitOk;
}

void add_conform_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ConformRequest>();
  CLI::App* cmd = app.add_subcommand(
      "conform",
      "Run the conformance cases of tfir files (`case` blocks, TFIR.md section 7) and say for\n"
      "each whether the implementation follows the spec. A case's `expect error RULE.ID` passes\n"
      "when reading, verifying or evaluating reports a diagnostic naming that rule; `expect\n"
      "error type|parse \"text\"` a read / verify error containing the text; at level hir the\n"
      "case's inputs run through the HIR evaluator and `expect output` lines compare the result\n"
      "(exact, NaN equal to NaN; `~ allclose(...)`, `~ ulp(max=K)`) and `expect error eval\n"
      "\"text\"` matches a run-time error. Cases at levels not built yet are reported skipped.\n"
      "Last line: N passed, N failed, N skipped. Exit 0 all pass, 1 a case fails, 2 bad input.\n"
      "Example: tf conform conformance/cases --filter 'hir/' --junit out.xml --coverage");
  cmd->add_option("paths", req->paths, "case files or folders (default: conformance/cases)");
  cmd->add_option("--filter", req->filter, "run only cases whose name matches this regex");
  cmd->add_option("--rules", req->rules, "the rule catalogue (default: conformance/rules.tsv)");
  cmd->add_option("--junit", req->junit, "write a JUnit XML report to FILE");
  cmd->add_option("--json", req->json, "write a JSON report to FILE (`-`: stdout, instead of the case lines)");
  cmd->add_flag("--quiet,-q", req->quiet, "print only failed and skipped cases and the summary");
  cmd->add_flag("--coverage", req->coverage,
                "print the catalogue's rule coverage per seed document and rule kind");
  cmd->callback([req, &exit_code] { exit_code = run_conform(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
