#include "conformance/suite.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <optional>

#include "ir/support/check.h"
#include "ir/support/json_text.h"
#include "ir/support/xml_escape.h"
#include "ir/text/module_reader.h"
#include "ir/support/regular_file.h"
#include "ir/upstream/importer.h"
#include "ir/verify/read_and_verify.h"

namespace tf::conformance {
namespace {

namespace fs = std::filesystem;
using Status = CaseOutcome::Status;

// Runs the selected cases of the file at `path` into `run`.
void run_file(const std::string& path, const SuiteOptions& options, SuiteRun& run) {
  Result<std::string> source = upstream::read_program_text(path, *options.context);  // a .py: imported
  if (!source.ok()) return append(run.bad_input, source.diagnostics());
  run_source(*source, path, options, run);
}

}  // namespace

void run_source(const std::string& source, const std::string& path, const SuiteOptions& options,
                SuiteRun& run) {
  // A case may expect the file's own declarations to fail: read it as far as it goes.
  text::PartialFile parsed = text::read_tfir_partial(source, path);
  if (!parsed.file) return append(run.bad_input, parsed.diagnostics);
  Result<std::vector<Case>> cases = read_cases(*parsed.file, options.rules);
  if (!cases.ok()) return append(run.bad_input, cases.diagnostics());
  // The collection pass runs only the backend cases: a file without one is not read further.
  const auto at_a_backend = [&](const Case& c) {
    const std::string& level = options.level.empty() ? c.level : options.level;
    return options.filter.selects(c.name) && (level == "cuda-emu" || level == "cuda-gpu");
  };
  if (options.collecting && std::none_of(cases->begin(), cases->end(), at_a_backend)) return;
  // The file did not read (a case block without its `}`, an unknown item keyword, a stray `}`):
  // only a case that expects a read error (`expect error parse "..."` or a rule id) may consume
  // that; otherwise it is bad input, never a silent "0 passed".
  const bool expects_a_read_error = std::any_of(cases->begin(), cases->end(), [](const Case& c) {
    return std::any_of(c.expects.begin(), c.expects.end(), [](const CaseExpect& e) {
      return e.kind == CaseExpect::Kind::Error ||
             (e.kind == CaseExpect::Kind::CategoryError && e.category == "parse");
    });
  });
  if (!parsed.diagnostics.empty() && !expects_a_read_error)
    return append(run.bad_input, parsed.diagnostics);
  CaseFile cf;
  CheckedFile checked;
  if (parsed.diagnostics.empty()) {
    checked = read_and_verify(source, path, *options.context);
    cf.diagnostics = checked.diagnostics();
    if (checked.file) cf.file = &*checked.file;
  } else {
    cf.diagnostics = parsed.diagnostics;
  }
  cf.base_dir = fs::path(path).parent_path().string();
  cf.limits = options.limits;
  cf.emu = options.emu;
  cf.gpu = options.gpu;
  cf.gpu_unavailable = options.gpu_unavailable;
  cf.collecting = options.collecting;
  for (const Case& c : *cases) {
    if (!options.filter.selects(c.name)) continue;
    Case at = c;
    if (!options.level.empty()) at.level = options.level;
    if (options.collecting && !at_a_backend(c)) continue;
    CaseOutcome o = run_case_contained(at, cf, options.context->handlers());
    run.tally.count(o.status);
    if (options.on_case) options.on_case(o);
    run.outcomes.push_back(std::move(o));
  }
}

void SuiteTally::count(Status s) {
  switch (s) {
    case Status::Passed: ++passed; return;
    case Status::Failed: ++failed; return;
    case Status::Skipped: ++skipped; return;
    case Status::Crashed: ++crashed; return;
  }
}

std::vector<std::string> case_files(const std::vector<std::string>& paths,
                                    std::vector<Diagnostic>& errors) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      // Symlinked folders are not entered (no loops). Every .tfir entry that is not a folder
      // is run, so one that is not a regular file (a FIFO, a looping symlink) reaches
      // read_regular_file and becomes its diagnostic; a folder that cannot be read is one too.
      std::vector<std::string> found;
      fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec);
      for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        std::error_code entry_ec;
        if (!it->is_directory(entry_ec) && it->path().extension() == ".tfir")
          found.push_back(it->path().string());
      }
      if (ec)
        errors.push_back(category_error(DiagCategory::Usage,
                                        fmt::format("cannot walk '{}': {}", p, ec.message())));
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(fs::symlink_status(p, ec))) {
      out.push_back(p);  // read_regular_file refuses what is not a regular file, with why
    } else {
      errors.push_back(category_error(DiagCategory::Usage, fmt::format("no such file or folder '{}'", p)));
    }
  }
  return out;
}

namespace {

// Runs `work`; when it throws, the outcome `name` at `location` is Crashed with the reason.
template <typename Work>
std::optional<CaseOutcome> contained(Work&& work, const std::string& name, const SourceLocation& location) {
  auto crashed = [&](const std::string& what) {
    CaseOutcome o;
    o.name = name;
    o.location = location;
    o.status = Status::Crashed;
    o.reason = what;
    return std::optional<CaseOutcome>(std::move(o));
  };
  try {
    work();
    return std::nullopt;
  } catch (const InternalError& e) {
    return crashed(fmt::format("internal error: {}", e.what()));
  } catch (const std::exception& e) {
    return crashed(fmt::format("uncaught exception: {}", e.what()));
  } catch (...) {
    return crashed("uncaught exception of unknown type");
  }
}

}  // namespace

CaseOutcome run_case_contained(const Case& c, const CaseFile& file, const OpHandlers& eval) {
  CaseOutcome out;
  std::optional<CaseOutcome> crash = contained([&] { out = run_case(c, file, eval); }, c.name, c.location);
  return crash ? *crash : out;
}

SuiteRun run_suite(const SuiteOptions& options) {
  TF_CHECK(options.context != nullptr, "run_suite needs a Context");
  if (options.prefetch) {  // the collection pass: its outcomes are dropped
    SuiteOptions collect = options;
    collect.prefetch = nullptr;
    collect.on_case = nullptr;
    collect.collecting = true;
    options.prefetch([&] { (void)run_suite(collect); });
  }
  SuiteRun run;
  for (const std::string& path : case_files(options.paths, run.bad_input)) {
    // A crash while reading or verifying the file: one crashed outcome named by the file.
    SourceLocation at;
    at.file = path;
    std::optional<CaseOutcome> crash = contained([&] { run_file(path, options, run); }, path, at);
    if (!crash) continue;
    run.tally.count(crash->status);
    if (options.on_case) options.on_case(*crash);
    run.outcomes.push_back(std::move(*crash));
  }
  return run;
}

std::string junit_xml(const SuiteRun& run) {
  double total = 0;
  for (const CaseOutcome& o : run.outcomes) total += o.seconds;
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += fmt::format("<testsuites>\n<testsuite name=\"tf conform\" tests=\"{}\" failures=\"{}\" "
                   "skipped=\"{}\" errors=\"{}\" time=\"{:.6f}\">\n",
                   run.outcomes.size(), run.tally.failed, run.tally.skipped, run.tally.crashed, total);
  for (const CaseOutcome& o : run.outcomes) {
    x += fmt::format("  <testcase name=\"{}\" classname=\"{}\" time=\"{:.6f}\"", xml_escape(o.name),
                     xml_escape(o.location.file), o.seconds);
    if (o.status == Status::Passed) {
      x += "/>\n";
      continue;
    }
    const char* tag = o.status == Status::Failed    ? "failure"
                      : o.status == Status::Crashed ? "error"
                                                    : "skipped";
    x += fmt::format(">\n    <{} message=\"{}\">{}</{}>\n  </testcase>\n", tag, xml_escape(o.reason),
                     xml_escape(o.location.str()), tag);
  }
  x += "</testsuite>\n</testsuites>\n";
  return x;
}

std::string json_report(const SuiteRun& run) {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const CaseOutcome& o : run.outcomes)
    results.push_back({{"name", o.name},
                       {"status", status_name(o.status)},
                       {"reason", o.reason},
                       {"file", o.location.file},
                       {"line", o.location.line},
                       {"seconds", o.seconds}});
  return json_text(nlohmann::ordered_json{{"cases", results},
                                          {"passed", run.tally.passed},
                                          {"failed", run.tally.failed},
                                          {"skipped", run.tally.skipped},
                                          {"crashed", run.tally.crashed}}) +
         "\n";
}

}  // namespace tf::conformance
