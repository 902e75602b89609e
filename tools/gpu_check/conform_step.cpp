// Step 2: the conformance cases at cuda-gpu, restricted to those that pass at cuda-emu (a case
// the emulation does not pass is no question for the device), the first level run by ctx.jobs
// `tf conform` processes over shares of the case files, cuda-gpu by one (its nvcc batches use
// every core). The same with other levels and cases is
// conformance_levels, which the tests run without a device.
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <set>

#include "conformance/suite.h"
#include "driver/report.h"
#include "ir/support/regular_file.h"
#include "tools/gpu_check/case_lines.h"
#include "tools/gpu_check/child_process.h"
#include "tools/gpu_check/steps.h"

namespace tf::gpu_check {

namespace {

// One level's run over shards of files: the tally of every case line and whether every shard ran
// to its end.
struct LevelRun {
  CaseTally tally;
  bool complete = true;
  std::vector<std::string> problems;  ///< a shard that did not start or ended oddly
};

// `files` dealt round-robin into at most `shards` non-empty groups.
std::vector<std::vector<std::string>> deal(const std::vector<std::string>& files, int shards) {
  const std::size_t n = std::min<std::size_t>(files.size(), static_cast<std::size_t>(std::max(shards, 1)));
  std::vector<std::vector<std::string>> groups(n);
  for (std::size_t i = 0; i < files.size(); ++i) groups[i % n].push_back(files[i]);
  return groups;
}

LevelRun run_level(const CheckContext& ctx, const std::string& level,
                   const std::vector<std::vector<std::string>>& groups, const std::vector<std::string>& filters,
                   double soft, double hard, const std::string& log_dir, std::int64_t expected) {
  std::vector<std::vector<std::string>> commands;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    std::vector<std::string> c{ctx.tf, "conform"};
    c.insert(c.end(), groups[i].begin(), groups[i].end());
    c.insert(c.end(), {"--at", level, "--rules", ctx.root + "/conformance/rules.tsv", "--json",
                       fmt::format("{}/{}-{}.json", log_dir, level, i)});
    if (!filters.empty()) c.insert(c.end(), {"--filter", filters[i]});
    commands.push_back(std::move(c));
  }
  LevelRun run;
  std::int64_t seen = 0;
  const std::int64_t every = std::max<std::int64_t>(25, expected / 10);
  const std::vector<ChildRun> children = run_children(commands, soft, hard, [&](std::size_t, std::string_view line) {
    if (!parse_case_line(line)) return;
    run.tally.add(line);
    if (++seen % every == 0)
      ctx.progress(expected > 0 ? fmt::format("conformance at {}: {} of {} cases", level, seen, expected)
                                : fmt::format("conformance at {}: {} cases", level, seen));
  });
  for (std::size_t i = 0; i < children.size(); ++i) {
    const ChildRun& c = children[i];
    (void)cli::write_file(fmt::format("{}/{}-{}.log", log_dir, level, i), c.out + "\n--- stderr ---\n" + c.err);
    if (c.stopped) run.complete = false;
    if (!c.start_error.empty())
      run.problems.push_back(fmt::format("shard {}: {}", i, c.start_error));
    else if (c.exit_code != cli::kExitOk && c.exit_code != cli::kExitCheckFailed && c.exit_code != cli::kExitInternalError &&
             !c.stopped)  // a case failed, or one crashed: its line says which
      run.problems.push_back(fmt::format("shard {} exited {}: {}", i, c.exit_code, c.err.substr(0, 300)));
  }
  if (!run.problems.empty()) run.complete = false;
  return run;
}

void describe(StepRecord& r, const std::string& level, const LevelRun& run) {
  const CaseTally& t = run.tally;
  r.details.push_back(fmt::format("- {}: {} passed, {} failed, {} skipped, {} crashed{}{}", level, t.passed, t.failed,
                                  t.skipped, t.crashed,
                                  t.interrupted ? fmt::format(", {} interrupted at the deadline", t.interrupted) : "",
                                  run.complete ? "" : " (did not run to its end)"));
  for (const std::string& p : run.problems) r.details.push_back("  - " + p);
  r.data[level] = {{"passed", t.passed},    {"failed", t.failed},           {"skipped", t.skipped},
                   {"crashed", t.crashed},  {"interrupted", t.interrupted}, {"complete", run.complete},
                   {"failures", t.failures}};
}

}  // namespace

StepRecord conformance_step(const CheckContext& ctx, double budget) {
  return conformance_levels(ctx, budget, ctx.root + "/conformance/cases", "cuda-emu", "cuda-gpu");
}

StepRecord conformance_levels(const CheckContext& ctx, double budget, const std::string& cases,
                              const std::string& first, const std::string& second) {
  StepRecord r;
  r.name = "conformance at " + second;
  const auto started = std::chrono::steady_clock::now();
  auto left = [&] {
    return budget - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::vector<Diagnostic> errors;
  const std::vector<std::string> files = conformance::case_files({cases}, errors);
  if (!errors.empty() || files.empty()) {
    r.status = StepStatus::Failed;
    r.summary = errors.empty() ? "no case file under " + cases : errors.front().message;
    return r;
  }
  const std::string log_dir = ctx.out + "/conform";
  std::error_code ec;
  std::filesystem::create_directories(log_dir, ec);

  // The first level within a third of the budget: which cases the second is asked about.
  ctx.progress(fmt::format("conformance at {}: {} files in {} processes", first, files.size(), ctx.jobs));
  const double first_soft = budget / 3;
  const LevelRun first_run = run_level(ctx, first, deal(files, ctx.jobs), {}, first_soft, first_soft + 20, log_dir, 0);
  describe(r, first, first_run);

  // Each file with a case that passed at the first level, and those cases (its JSON names the file).
  std::map<std::string, std::vector<std::string>> passing;
  if (first_run.complete) {
    for (std::size_t i = 0; i < std::min<std::size_t>(files.size(), static_cast<std::size_t>(std::max(ctx.jobs, 1)));
         ++i) {
      Result<std::string> text = read_regular_file(fmt::format("{}/{}-{}.json", log_dir, first, i));
      if (!text.ok()) continue;
      const nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
      if (doc.is_discarded() || !doc.contains("cases")) continue;
      for (const nlohmann::json& c : doc["cases"])
        if (c.value("status", "") == "passed") passing[c.value("file", "")].push_back(c.value("name", ""));
    }
  }
  if (first_run.complete && passing.empty()) {
    r.status = StepStatus::Failed;
    r.summary = fmt::format("no case passes at {}: nothing to ask {} about", first, second);
    return r;
  }
  std::vector<std::string> second_files;
  std::vector<std::string> filters;
  std::int64_t expected = 0;
  std::vector<std::vector<std::string>> groups;
  // At cuda-gpu one process: its prefetch already compiles nvcc batches side by side, one per
  // core (cuda/driver/prefetch.h); a process per core would start cores x cores compilers.
  const int second_jobs = second == "cuda-gpu" ? 1 : ctx.jobs;
  if (!passing.empty()) {
    for (const auto& [file, names] : passing) second_files.push_back(file);
    groups = deal(second_files, second_jobs);
    for (const std::vector<std::string>& g : groups) {
      std::vector<std::string> names;
      for (const std::string& f : g) names.insert(names.end(), passing[f].begin(), passing[f].end());
      expected += static_cast<std::int64_t>(names.size());
      filters.push_back(exact_names_filter(names));
    }
    ctx.progress(fmt::format("conformance at {}: the {} cases that pass at {}, in {} files", second, expected, first,
                             second_files.size()));
  } else {
    groups = deal(files, second_jobs);
    r.details.push_back(fmt::format(
        "- the {0} run did not finish: every case runs at {1}, and its failures are not known to pass at {0}", first,
        second));
    ctx.progress(fmt::format("conformance at {}: every case (the {} run did not finish)", second, first));
  }
  const double second_hard = std::max(1.0, left());
  const LevelRun second_run =
      run_level(ctx, second, groups, filters, std::max(1.0, second_hard - 30), second_hard, log_dir, expected);
  describe(r, second, second_run);
  const CaseTally& t = second_run.tally;
  const std::int64_t not_run =
      expected > 0 ? std::max<std::int64_t>(0, expected - t.total()) + t.interrupted : t.interrupted;
  for (std::size_t i = 0; i < t.failures.size() && i < 30; ++i) r.details.push_back("  - " + t.failures[i]);
  if (t.failures.size() > 30)
    r.details.push_back(fmt::format("  - ... {} more in report.json", t.failures.size() - 30));
  if (t.skipped > 0) r.details.push_back(fmt::format("  - skipped at {}, first: {}", second, t.skips.front()));
  r.data["not_run"] = not_run;
  r.data["logs"] = "conform/";
  if (t.failed + t.crashed > 0) {
    r.status = StepStatus::Failed;
    r.summary =
        fmt::format("{} of {} cases fail at {}{}", t.failed + t.crashed, t.total(), second,
                    passing.empty() ? fmt::format(" (not known to pass at {})", first) : " that pass at " + first);
  } else if (!second_run.complete || not_run > 0) {
    r.status = StepStatus::OutOfTime;
    r.summary = fmt::format("{} cases passed at {}; {} did not run within {:.0f} s", t.passed, second, not_run, budget);
  } else {
    r.summary = fmt::format("every case that passes at {} passes at {}: {}{}", first, second, t.passed,
                            t.skipped > 0 ? fmt::format(" ({} skipped there)", t.skipped) : "");
  }
  return r;
}

}  // namespace tf::gpu_check
