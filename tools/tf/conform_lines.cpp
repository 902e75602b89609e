#include "tools/tf/conform_lines.h"

#include <fmt/format.h>

#include <vector>

#include "conformance/case_reader.h"
#include "ir/support/check.h"
#include "ir/text/module_reader.h"
#include "ir/upstream/importer.h"

namespace tf::cli {
namespace {

// Moves to the start of the line and erases it.
constexpr const char* kEraseLine = "\r\033[K";

}  // namespace

std::string outcome_line(const conformance::CaseOutcome& o, const std::string& forced_level) {
  using S = conformance::CaseOutcome::Status;
  switch (o.status) {
    case S::Passed:
      if (forced_level.empty()) return "PASS " + o.name;
      return o.level.empty() ? fmt::format("PASS {} (not run at {})", o.name, forced_level)
                             : fmt::format("PASS {} (at {})", o.name, o.level);
    case S::Failed: return fmt::format("FAIL {}: {} ({})", o.name, o.reason, o.location.str());
    case S::Skipped: return fmt::format("SKIP {}: {} ({})", o.name, o.reason, o.location.str());
    case S::Crashed: return fmt::format("CRASH {}: {} ({})", o.name, o.reason, o.location.str());
  }
  TF_UNREACHABLE("a case status outside the enum");
}

std::string progress_line(std::size_t done, std::size_t total, const conformance::SuiteTally& tally) {
  return fmt::format("conform: {}/{} cases, {} failed{}", done, total, tally.failed,
                     tally.crashed ? fmt::format(", {} crashed", tally.crashed) : "");
}

std::size_t count_selected_cases(const conformance::SuiteOptions& options) {
  std::vector<Diagnostic> ignored;  // run_suite reports them
  std::size_t count = 0;
  for (const std::string& path : conformance::case_files(options.paths, ignored)) {
    Result<std::string> source = upstream::read_program_text(path, *options.context);
    if (!source.ok()) continue;
    text::PartialFile parsed = text::read_tfir_partial(*source, path);
    if (!parsed.file) continue;
    Result<std::vector<conformance::Case>> cases = conformance::read_cases(*parsed.file, nullptr);
    if (!cases.ok()) continue;
    for (const conformance::Case& c : *cases) count += options.filter.selects(c.name) ? 1 : 0;
  }
  return count;
}

ConformProgress::ConformProgress(std::ostream& err, bool enabled, std::size_t total)
    : err_(err), enabled_(enabled), total_(total) {}

void ConformProgress::hide() {
  if (!enabled_ || !shown_) return;
  err_ << kEraseLine << std::flush;
  shown_ = false;
}

void ConformProgress::update(const conformance::SuiteTally& tally) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - drawn_ < std::chrono::milliseconds(250)) return;
  const std::size_t done = tally.passed + tally.failed + tally.skipped + tally.crashed;
  err_ << kEraseLine << progress_line(done, total_, tally) << std::flush;
  shown_ = true;
  drawn_ = now;
}

void ConformProgress::finish() { hide(); }

}  // namespace tf::cli
